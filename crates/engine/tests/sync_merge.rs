//! The sync merge rule (`sync::plan`, `sync::fields`, `sync::version`): every branch of README "Sync".
use std::collections::BTreeMap;

use consilium_engine::sync::fields::{changed_fields, merge, SESSION_FIELDS};
use consilium_engine::sync::index::{Entry, Index, TOMBSTONE_KEEP_MS};
use consilium_engine::sync::plan::{plan, Plan};
use consilium_engine::sync::seen::{change, deletion_to_note, waiting, Change, Seen};
use consilium_engine::sync::version::{next_version, Version};
use serde_json::json;

const DAY: u64 = 24 * 60 * 60 * 1000;
const NOW: u64 = 1_800_000_000_000;

fn v(at_ms: u64, device: &str) -> Version {
    Version::new(at_ms, device)
}

fn live(at_ms: u64, device: &str) -> Entry {
    Entry::live(v(at_ms, device))
}

fn with_title(body: Version, title: Version) -> Entry {
    Entry::Live {
        body,
        fields: BTreeMap::from([("title".to_string(), title)]),
    }
}

fn deleted(at_ms: u64, device: &str) -> Entry {
    Entry::Deleted {
        at: v(at_ms, device),
    }
}

fn index(entries: &[(&str, Entry)]) -> Index {
    Index {
        entries: entries
            .iter()
            .map(|(id, e)| (id.to_string(), e.clone()))
            .collect(),
    }
}

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// The plan's steps, in one comparable shape: (upload, download, merge, delete_local, delete_remote).
fn steps(p: &Plan) -> [Vec<String>; 5] {
    [
        p.upload.clone(),
        p.download.clone(),
        p.merge.clone(),
        p.delete_local.clone(),
        p.delete_remote.clone(),
    ]
}

const NONE: Vec<String> = Vec::new();

#[test]
fn a_record_only_one_side_has_goes_to_the_other_and_nothing_local_goes_because_the_bucket_lacks_it()
{
    let local = index(&[("mine", live(NOW, "a"))]);
    let remote = index(&[("theirs", live(NOW, "b"))]);
    let p = plan(&local, &remote, NOW);
    assert_eq!(
        steps(&p),
        [ids(&["mine"]), ids(&["theirs"]), NONE, NONE, NONE]
    );
    assert_eq!(
        p.index,
        index(&[("mine", live(NOW, "a")), ("theirs", live(NOW, "b"))])
    );
    assert!(p.write_index);
    // An empty bucket (a new one, or one emptied by hand) deletes nothing here.
    let p = plan(&local, &Index::default(), NOW);
    assert_eq!(steps(&p), [ids(&["mine"]), NONE, NONE, NONE, NONE]);
}

#[test]
fn the_newer_version_wins_per_record() {
    let local = index(&[("s1", live(NOW, "a")), ("s2", live(NOW - 5, "a"))]);
    let remote = index(&[("s1", live(NOW - 5, "b")), ("s2", live(NOW, "b"))]);
    let p = plan(&local, &remote, NOW);
    assert_eq!(steps(&p), [ids(&["s1"]), ids(&["s2"]), NONE, NONE, NONE]);
    assert_eq!(
        p.index,
        index(&[("s1", live(NOW, "a")), ("s2", live(NOW, "b"))])
    );
}

#[test]
fn a_tie_in_time_is_broken_by_device_id_the_same_way_on_both_devices() {
    let on_a = index(&[("s", live(NOW, "device-a"))]);
    let on_b = index(&[("s", live(NOW, "device-b"))]);
    // Device a downloads b's version; device b uploads its own: both end with b's.
    let from_a = plan(&on_a, &on_b, NOW);
    assert_eq!(steps(&from_a), [NONE, ids(&["s"]), NONE, NONE, NONE]);
    let from_b = plan(&on_b, &on_a, NOW);
    assert_eq!(steps(&from_b), [ids(&["s"]), NONE, NONE, NONE, NONE]);
    assert_eq!(from_a.index, from_b.index);
    assert_eq!(from_a.index, on_b);
}

#[test]
fn a_device_whose_clock_is_behind_still_writes_an_edit_newer_than_the_one_it_edited() {
    // Device a's clock is 10 minutes ahead; b downloads a's version, then renames.
    let a_version = v(NOW + 10 * 60 * 1000, "a");
    let b_edit = next_version(Some(&a_version), NOW, "b");
    assert!(b_edit > a_version);
    assert_eq!(b_edit, v(NOW + 10 * 60 * 1000 + 1, "b"));
    // A clock ahead of the previous version keeps its own time.
    assert_eq!(next_version(Some(&v(5, "a")), 9, "b"), v(9, "b"));
    assert_eq!(next_version(None, 9, "b"), v(9, "b"));

    let mut on_b = index(&[("s", Entry::live(a_version.clone()))]);
    on_b.touch_field("s", "title", NOW, "b");
    let remote = index(&[("s", Entry::live(a_version.clone()))]);
    let p = plan(&on_b, &remote, NOW);
    assert_eq!(steps(&p), [ids(&["s"]), NONE, NONE, NONE, NONE]);
    // And a's next sync takes the rename rather than keeping its "later" copy.
    let p = plan(&remote, &p.index, NOW);
    assert_eq!(steps(&p), [NONE, ids(&["s"]), NONE, NONE, NONE]);
}

#[test]
fn a_rename_on_one_device_and_a_new_turn_on_another_merge_and_keep_both() {
    let base = v(NOW, "a");
    // Device a renamed (title field newer); device b added a turn (body newer).
    let on_a = index(&[("s", with_title(base.clone(), v(NOW + 10, "a")))]);
    let on_b = index(&[("s", Entry::live(v(NOW + 20, "b")))]);
    let p = plan(&on_a, &on_b, NOW + 30);
    assert_eq!(steps(&p), [NONE, NONE, ids(&["s"]), NONE, NONE]);
    let merged_entry = with_title(v(NOW + 20, "b"), v(NOW + 10, "a"));
    assert_eq!(p.index, index(&[("s", merged_entry.clone())]));

    let record_a = json!({"id": "s", "title": "Renamed on a", "turns": 1});
    let record_b = json!({"id": "s", "title": "Old title", "turns": 2});
    let merged = merge(&record_a, &on_a.entries["s"], &record_b, &on_b.entries["s"]);
    assert_eq!(
        merged,
        json!({"id": "s", "title": "Renamed on a", "turns": 2})
    );
    // The other device merges to the same record.
    let merged_on_b = merge(&record_b, &on_b.entries["s"], &record_a, &on_a.entries["s"]);
    assert_eq!(merged_on_b, merged);
    // Once both hold the merged entry, nothing more happens.
    let again = plan(&p.index, &p.index, NOW + 40);
    assert!(again.has_no_steps() && !again.write_index);
    assert!(SESSION_FIELDS.contains(&"title"));
}

#[test]
fn two_renames_keep_the_newer_title() {
    let on_a = index(&[("s", with_title(v(NOW, "a"), v(NOW + 10, "a")))]);
    let on_b = index(&[("s", with_title(v(NOW, "a"), v(NOW + 20, "b")))]);
    let p = plan(&on_a, &on_b, NOW);
    assert_eq!(steps(&p), [NONE, ids(&["s"]), NONE, NONE, NONE]);
    let merged = merge(
        &json!({"title": "A's", "x": 1}),
        &on_a.entries["s"],
        &json!({"title": "B's", "x": 1}),
        &on_b.entries["s"],
    );
    assert_eq!(merged["title"], "B's");
}

#[test]
fn settings_merge_per_field_and_a_save_versions_only_the_fields_it_changed() {
    let before = json!({"councils": [1], "theme": "dark", "prices": {"m": 1}});
    let after = json!({"councils": [1, 2], "theme": "dark", "filters": 3});
    assert_eq!(
        changed_fields(&before, &after),
        ids(&["councils", "filters", "prices"])
    );
    assert!(changed_fields(&after, &after).is_empty());

    let mut on_a = Index::default();
    on_a.touch_body("settings", NOW, "a");
    let mut on_b = on_a.clone();
    on_a.touch_field("settings", "theme", NOW + 10, "a");
    on_b.touch_field("settings", "councils", NOW + 5, "b");
    let p = plan(&on_a, &on_b, NOW + 20);
    assert_eq!(steps(&p), [NONE, NONE, ids(&["settings"]), NONE, NONE]);
    let merged = merge(
        &json!({"theme": "light", "councils": [1]}),
        &on_a.entries["settings"],
        &json!({"theme": "dark", "councils": [1, 2]}),
        &on_b.entries["settings"],
    );
    assert_eq!(merged, json!({"theme": "light", "councils": [1, 2]}));
    // A field removed on the newer side is removed in the merge.
    let merged = merge(
        &json!({"theme": "light", "councils": [1]}),
        &on_a.entries["settings"],
        &json!({"theme": "dark"}),
        &on_b.entries["settings"],
    );
    assert_eq!(merged, json!({"theme": "light"}));
}

#[test]
fn a_deletion_newer_than_every_part_of_the_record_wins_and_an_edit_after_it_brings_the_record_back()
{
    // Deleted on the other device after this one's last edit: it goes here.
    let p = plan(
        &index(&[("s", live(NOW, "a"))]),
        &index(&[("s", deleted(NOW + 5, "b"))]),
        NOW + 10,
    );
    assert_eq!(steps(&p), [NONE, NONE, NONE, ids(&["s"]), NONE]);
    assert_eq!(p.index, index(&[("s", deleted(NOW + 5, "b"))]));
    assert!(!p.write_index);
    // Edited here after the other device deleted it: the edit comes back to the bucket.
    let p = plan(
        &index(&[("s", with_title(v(NOW, "a"), v(NOW + 9, "a")))]),
        &index(&[("s", deleted(NOW + 5, "b"))]),
        NOW + 10,
    );
    assert_eq!(steps(&p), [ids(&["s"]), NONE, NONE, NONE, NONE]);
    // Deleted here, newer than the bucket's copy: the object goes.
    let p = plan(
        &index(&[("s", deleted(NOW + 5, "a"))]),
        &index(&[("s", live(NOW, "b"))]),
        NOW + 10,
    );
    assert_eq!(steps(&p), [NONE, NONE, NONE, NONE, ids(&["s"])]);
    assert!(p.write_index);
    // Deleted here, but edited on the other device since: the record comes back here.
    let p = plan(
        &index(&[("s", deleted(NOW + 5, "a"))]),
        &index(&[("s", live(NOW + 7, "b"))]),
        NOW + 10,
    );
    assert_eq!(steps(&p), [NONE, ids(&["s"]), NONE, NONE, NONE]);
    assert_eq!(p.index, index(&[("s", live(NOW + 7, "b"))]));
}

#[test]
fn deletions_known_to_one_side_or_both_are_kept_without_steps() {
    // A deletion only this device knows is written to the index (nothing to delete in the bucket).
    let p = plan(&index(&[("s", deleted(NOW, "a"))]), &Index::default(), NOW);
    assert!(p.has_no_steps());
    assert!(p.write_index);
    assert_eq!(p.index, index(&[("s", deleted(NOW, "a"))]));
    // One only the bucket knows is learnt (this device never had the record).
    let p = plan(&Index::default(), &index(&[("s", deleted(NOW, "b"))]), NOW);
    assert!(p.has_no_steps() && !p.write_index);
    assert_eq!(p.index, index(&[("s", deleted(NOW, "b"))]));
    // Both deleted it: the newer deletion stays.
    let p = plan(
        &index(&[("s", deleted(NOW, "a"))]),
        &index(&[("s", deleted(NOW + 1, "b"))]),
        NOW,
    );
    assert!(p.has_no_steps() && !p.write_index);
    assert_eq!(p.index, index(&[("s", deleted(NOW + 1, "b"))]));
}

#[test]
fn a_deletion_older_than_the_keep_time_still_applies_then_leaves_both_indexes() {
    let old = NOW - TOMBSTONE_KEEP_MS - DAY;
    let p = plan(
        &index(&[
            ("stale", live(old - DAY, "a")),
            ("kept", deleted(NOW - DAY, "a")),
        ]),
        &index(&[("stale", deleted(old, "b")), ("gone", deleted(old, "b"))]),
        NOW,
    );
    assert_eq!(steps(&p), [NONE, NONE, NONE, ids(&["stale"]), NONE]);
    assert_eq!(p.forget, ids(&["gone", "stale"]));
    assert_eq!(p.index, index(&[("kept", deleted(NOW - DAY, "a"))]));
    assert!(p.write_index);
    // Within the keep time, a deletion stays in the index.
    let p = plan(
        &Index::default(),
        &index(&[("s", deleted(NOW - DAY, "b"))]),
        NOW,
    );
    assert!(p.forget.is_empty());
}

#[test]
fn syncing_twice_changes_nothing() {
    let local = index(&[
        ("a", live(NOW, "a")),
        ("b", with_title(v(NOW, "a"), v(NOW + 3, "a"))),
        ("c", deleted(NOW, "a")),
    ]);
    let remote = index(&[
        ("b", live(NOW + 2, "b")),
        ("c", live(NOW - 1, "b")),
        ("d", live(NOW, "b")),
    ]);
    let first = plan(&local, &remote, NOW);
    assert!(!first.has_no_steps());
    let second = plan(&first.index, &first.index, NOW);
    assert!(second.has_no_steps());
    assert!(!second.write_index);
    assert_eq!(second.index, first.index);
}

#[test]
fn edits_on_the_index_version_each_part_after_what_it_edits() {
    let mut local = Index::default();
    local.touch_body("s", NOW, "a");
    local.touch_field("s", "title", NOW - 50, "a"); // a clock that went back
    let Entry::Live { body, fields } = &local.entries["s"] else {
        panic!("live")
    };
    assert_eq!(body, &v(NOW, "a"));
    assert_eq!(fields["title"], v(NOW + 1, "a"));
    local.touch_body("s", NOW + 10, "a");
    assert_eq!(local.entries["s"].newest(), &v(NOW + 10, "a"));
    local.delete("s", NOW + 5, "a");
    assert_eq!(local.entries["s"], deleted(NOW + 11, "a"));
    // Saving a deleted id again (an import) makes it live again, after its deletion.
    local.touch_body("s", NOW, "a");
    assert_eq!(local.entries["s"], live(NOW + 12, "a"));
}

fn seen(updated_at: &str, title: &str, judged_at: &str) -> Seen {
    Seen {
        updated_at: updated_at.into(),
        title: title.into(),
        judged_at: judged_at.into(),
    }
}

#[test]
fn what_changed_here_is_the_body_when_its_time_moved_else_each_edited_field() {
    let before = seen("2026-12-01T10:00:00Z", "Vendor", "");
    // Never synced from here, or not live in the index: the whole record.
    assert_eq!(change(None, &before, true), Change::Body);
    assert_eq!(change(Some(&before), &before, false), Change::Body);
    assert_eq!(change(Some(&before), &before, true), Change::Unchanged);
    // A run or a resume moved its updated time: the body, which carries its fields.
    let resumed = seen("2026-12-02T09:00:00Z", "Renamed", "2026-12-02T09:30:00Z");
    assert_eq!(change(Some(&before), &resumed, true), Change::Body);
    // A rename, a judgment, a judgment again, both: only those fields.
    let renamed = seen("2026-12-01T10:00:00Z", "Which vendor", "");
    assert_eq!(
        change(Some(&before), &renamed, true),
        Change::Fields(vec!["title"])
    );
    let judged = seen("2026-12-01T10:00:00Z", "Vendor", "2026-12-20T08:00:00Z");
    assert_eq!(
        change(Some(&before), &judged, true),
        Change::Fields(vec!["outcome"])
    );
    let judged_again = seen("2026-12-01T10:00:00Z", "Vendor", "2027-01-05T08:00:00Z");
    assert_eq!(
        change(Some(&judged), &judged_again, true),
        Change::Fields(vec!["outcome"])
    );
    let both = seen(
        "2026-12-01T10:00:00Z",
        "Which vendor",
        "2026-12-20T08:00:00Z",
    );
    assert_eq!(
        change(Some(&before), &both, true),
        Change::Fields(vec!["title", "outcome"])
    );
    // A state saved before outcomes synced reads as not judged.
    let old: Seen =
        serde_json::from_value(json!({"updated_at": "2026-12-01T10:00:00Z", "title": "Vendor"}))
            .unwrap();
    assert_eq!(old, before);
}

#[test]
fn a_rename_on_one_device_and_an_outcome_judged_on_another_both_survive() {
    let body = v(NOW, "a");
    let on_a = index(&[("s", with_title(body.clone(), v(NOW + 10, "a")))]);
    let mut on_b = index(&[("s", Entry::live(body.clone()))]);
    on_b.touch_field("s", "outcome", NOW + 20, "b");
    let p = plan(&on_a, &on_b, NOW + 30);
    assert_eq!(steps(&p), [NONE, NONE, ids(&["s"]), NONE, NONE]);

    let outcome = json!({"verdict": "right", "judged_at": "2026-12-20T08:00:00Z"});
    let record_a = json!({"id": "s", "title": "Renamed on a", "turns": 1});
    let record_b = json!({"id": "s", "title": "Old title", "turns": 1, "outcome": outcome});
    let merged = merge(&record_a, &on_a.entries["s"], &record_b, &on_b.entries["s"]);
    assert_eq!(
        merged,
        json!({"id": "s", "title": "Renamed on a", "turns": 1, "outcome": outcome})
    );
    assert_eq!(
        merge(&record_b, &on_b.entries["s"], &record_a, &on_a.entries["s"]),
        merged
    );
    assert!(SESSION_FIELDS.contains(&"outcome"));
}

#[test]
fn what_waits_is_each_session_new_or_changed_here_and_each_deletion_not_yet_noted() {
    let synced = seen("2026-12-01T10:00:00Z", "Vendor", "");
    let last_index = index(&[
        ("kept", live(NOW, "a")),
        ("renamed", live(NOW, "a")),
        ("gone", live(NOW, "a")),
        ("gone before", deleted(NOW, "a")),
    ]);
    let last_seen: BTreeMap<String, Seen> = ["kept", "renamed", "gone"]
        .iter()
        .map(|id| (id.to_string(), synced.clone()))
        .collect();
    let now = |id: &str, s: &Seen| (id.to_string(), s.clone());
    // Just after a sync: nothing waits.
    let sessions = vec![
        now("kept", &synced),
        now("renamed", &synced),
        now("gone", &synced),
    ];
    assert_eq!(waiting(&last_index, &last_seen, &sessions, &[], NOW), 0);

    // Offline: a new session, a rename, a deletion; the deletion noted by an earlier sync is not
    // counted again, nor one past the keep time.
    let renamed = seen("2026-12-01T10:00:00Z", "Vendor, renamed", "");
    let sessions = vec![
        now("kept", &synced),
        now("renamed", &renamed),
        now("new", &seen("2026-12-02T09:00:00Z", "New", "")),
    ];
    let deletions = vec![
        ("gone".to_string(), NOW + 5),
        ("gone before".to_string(), NOW + 1),
        ("long gone".to_string(), 0),
    ];
    let later = NOW + 10;
    assert_eq!(
        waiting(&last_index, &last_seen, &sessions, &deletions, later),
        3
    );
    assert!(deletion_to_note(&last_index, "gone", NOW + 5, later));
    assert!(!deletion_to_note(
        &last_index,
        "gone before",
        NOW + 1,
        later
    ));
    assert!(!deletion_to_note(
        &last_index,
        "long gone",
        0,
        TOMBSTONE_KEEP_MS + 1
    ));

    // A failed sync leaves the index and what it saw as they were: the same three still wait.
    assert_eq!(
        waiting(&last_index, &last_seen, &sessions, &deletions, later),
        3
    );

    // Once synced, what it saw and the index hold them: nothing waits.
    let mut after = last_index.clone();
    after.touch_body("new", later, "a");
    after.touch_field("renamed", "title", later, "a");
    after.delete("gone", NOW + 5, "a");
    let mut seen_after = last_seen.clone();
    seen_after.insert("renamed".into(), renamed.clone());
    seen_after.insert("new".into(), sessions[2].1.clone());
    seen_after.remove("gone");
    assert_eq!(
        waiting(&after, &seen_after, &sessions, &deletions, later),
        0
    );
}
