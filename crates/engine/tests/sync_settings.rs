//! The settings as a synced record: no key or secret ever enters it, and two devices that changed
//! different settings between syncs both keep their change.
use consilium_engine::sync::fields::{changed_fields, merge};
use consilium_engine::sync::index::Index;
use consilium_engine::sync::plan::plan;
use consilium_engine::sync::settings::{
    first_sync_entry, holds_secret, settings_record, settings_with, SETTINGS_ID,
};
use serde_json::{json, Value};

const NOW: u64 = 1_800_000_000_000;
const CANARY: &str = "sk-canary-never-synced-41";

fn stored() -> Value {
    json!({
        "version": 1,
        "providers": [{"id": "p1", "name": "OpenRouter", "base_url": "https://openrouter.ai/api/v1",
                       "default_model": "m", "remember_key": true, "api_key": CANARY}],
        "prices": {"m": {"input": 1.0, "output": 2.0}},
        "max_tokens": 1024,
        "custom_personas": [{"name": "Skeptic", "auth": {"secret": CANARY, "token": CANARY}}],
        "kept_council": {"seats": [{"model": "m", "access_key": CANARY}]},
        "filtering": {"round3": {"max": 3}},
    })
}

#[test]
fn no_key_or_secret_enters_the_record_at_any_depth_and_the_rest_does() {
    let record = settings_record(&stored());
    let text = record.to_string();
    assert!(!text.contains(CANARY), "{text}");
    assert_eq!(
        record,
        json!({
            "providers": [{"id": "p1", "name": "OpenRouter", "base_url": "https://openrouter.ai/api/v1",
                           "default_model": "m", "remember_key": true}],
            "prices": {"m": {"input": 1.0, "output": 2.0}},
            "max_tokens": 1024,
            "custom_personas": [{"name": "Skeptic", "auth": {}}],
            "kept_council": {"seats": [{"model": "m"}]},
            "filtering": {"round3": {"max": 3}},
        })
    );
    for name in [
        "api_key",
        "key",
        "Secret",
        "client_secret",
        "passphrase",
        "token",
        "refresh_token",
        "password",
    ] {
        assert!(holds_secret(name), "{name}");
    }
    for name in ["max_tokens", "remember_key", "keywords", "prices", "name"] {
        assert!(!holds_secret(name), "{name}");
    }
}

#[test]
fn a_record_taken_keeps_this_devices_local_only_fields() {
    let local = json!({"version": 1, "max_tokens": 1024, "verbose": false});
    let record = json!({"max_tokens": 2048, "prices": {}});
    assert_eq!(
        settings_with(&local, &record),
        json!({"version": 1, "max_tokens": 2048, "prices": {}})
    );
}

#[test]
fn two_devices_changing_different_settings_both_keep_their_change() {
    let synced = settings_record(&stored());
    let mut index = Index::default();
    index.touch_body(SETTINGS_ID, NOW, "a");
    // Device a raises a price; device b adds a persona; neither has synced since.
    let mut on_a = synced.clone();
    on_a["prices"]["m"]["output"] = json!(4.0);
    let mut on_b = synced.clone();
    on_b["custom_personas"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "Optimist"}));
    let (mut index_a, mut index_b) = (index.clone(), index.clone());
    for field in changed_fields(&synced, &on_a) {
        index_a.touch_field(SETTINGS_ID, &field, NOW + 10, "a");
    }
    for field in changed_fields(&synced, &on_b) {
        index_b.touch_field(SETTINGS_ID, &field, NOW + 20, "b");
    }
    assert_eq!(changed_fields(&synced, &on_a), vec!["prices".to_string()]);
    let p = plan(&index_a, &index_b, NOW + 30);
    assert_eq!(p.merge, vec![SETTINGS_ID.to_string()]);
    let merged_on_a = merge(
        &on_a,
        &index_a.entries[SETTINGS_ID],
        &on_b,
        &index_b.entries[SETTINGS_ID],
    );
    let merged_on_b = merge(
        &on_b,
        &index_b.entries[SETTINGS_ID],
        &on_a,
        &index_a.entries[SETTINGS_ID],
    );
    assert_eq!(merged_on_a, merged_on_b);
    assert_eq!(merged_on_a["prices"]["m"]["output"], json!(4.0));
    assert_eq!(merged_on_a["custom_personas"][1]["name"], json!("Optimist"));

    // The same field changed on both: the newer change wins.
    let mut later_b = synced.clone();
    later_b["prices"]["m"]["output"] = json!(8.0);
    let mut index_b2 = index.clone();
    index_b2.touch_field(SETTINGS_ID, "prices", NOW + 40, "b");
    let merged = merge(
        &on_a,
        &index_a.entries[SETTINGS_ID],
        &later_b,
        &index_b2.entries[SETTINGS_ID],
    );
    assert_eq!(merged["prices"]["m"]["output"], json!(8.0));
}

#[test]
fn a_first_sync_with_a_bucket_that_holds_settings_keeps_what_was_set_up_here_and_takes_the_rest() {
    let defaults = json!({"providers": [], "max_tokens": 1024, "prices": {}});
    // The bucket: another device raised the limit and typed a price.
    let mut bucket_index = Index::default();
    bucket_index.touch_body(SETTINGS_ID, NOW, "b");
    bucket_index.touch_field(SETTINGS_ID, "max_tokens", NOW + 5, "b");
    let in_bucket = json!({"providers": [], "max_tokens": 2048, "prices": {"m": 1}});
    let remote = bucket_index.entries[SETTINGS_ID].clone();

    // This device added a provider before its first sync, and left the rest as it came.
    let here =
        json!({"providers": [{"id": "p1", "name": "Home"}], "max_tokens": 1024, "prices": {}});
    let mut local = Index::default();
    local.entries.insert(
        SETTINGS_ID.into(),
        first_sync_entry(&defaults, &here, &remote, NOW + 1, "a"),
    );
    let p = plan(&local, &bucket_index, NOW + 10);
    assert_eq!(p.merge, vec![SETTINGS_ID.to_string()]);
    let merged = merge(&here, &local.entries[SETTINGS_ID], &in_bucket, &remote);
    assert_eq!(
        merged,
        json!({"providers": [{"id": "p1", "name": "Home"}], "max_tokens": 2048, "prices": {"m": 1}})
    );

    // A device with nothing set up takes the bucket's settings whole.
    let mut fresh = Index::default();
    fresh.entries.insert(
        SETTINGS_ID.into(),
        first_sync_entry(&defaults, &defaults, &remote, NOW + 1, "c"),
    );
    let p = plan(&fresh, &bucket_index, NOW + 10);
    assert_eq!(p.download, vec![SETTINGS_ID.to_string()]);
    assert_eq!(p.index.entries[SETTINGS_ID], remote);
}
