//! The session library's rules: what a summary shows, what search looks through (content, not
//! state, protocol or dates), its snippets and highlights, and the list's filters and sort.
use crate::common;

use consilium_engine::foundation::ids::SessionId;
use consilium_engine::prioritize::demo::{demo_backlog, demo_prioritize_config};
use consilium_engine::review::demo::{demo_review_config, DEMO_DIFF};
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller};
use consilium_engine::{
    library::filter::DateRange, library::filter::FilterControl, library::filter::HistoryFilter,
    library::filter::SortOrder, library::filter::StateFilter, library::search::searchable_text,
    library::search::Query, library::search::SearchText, library::summary::SessionSummary,
};
use consilium_engine::{
    prioritize::run_prioritize, record::Protocol, record::Session, review::run_review,
};
use futures::executor::block_on;

const NOW: u64 = common::NOW_MS;
const DAY: u64 = 24 * 60 * 60 * 1000;

fn consult() -> Session {
    common::run(common::demo_session(), &ScriptedCaller::over_demo()).0
}

fn review() -> Session {
    let session = Session::new_review("r-1".into(), DEMO_DIFF.into(), demo_review_config(), NOW);
    let caller = ScriptedCaller::new(|r| Ok(consilium_engine::review::demo::demo_reply(r)));
    block_on(run_review(
        session,
        &caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ))
}

fn prioritize() -> Session {
    let session =
        Session::new_prioritize("p-1".into(), demo_backlog(), demo_prioritize_config(), NOW);
    let caller = ScriptedCaller::new(|r| Ok(consilium_engine::prioritize::demo::demo_reply(r)));
    block_on(run_prioritize(
        session,
        &caller,
        &FixedClock(NOW),
        &RecordingSink::default(),
    ))
}

fn text(session: &Session) -> SearchText {
    SearchText::new(searchable_text(session))
}

fn finds(session: &Session, query: &str) -> bool {
    Query::parse(query).find(&text(session)).is_some()
}

#[test]
fn a_word_from_the_verdict_finds_the_session() {
    let session = consult();
    let verdict = session
        .body_of::<consilium_engine::record::consult::body::ConsultBody>()
        .and_then(|b| b.round4.clone())
        .expect("the demo reaches a verdict");
    let word = verdict
        .recommendation
        .split_whitespace()
        .max_by_key(|w| w.len())
        .unwrap()
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_uppercase();
    assert!(finds(&session, &word), "{word} from the verdict");
    let dissent = &verdict.dissent[0].concern;
    assert!(finds(&session, &dissent[..dissent.len().min(30)]));
}

#[test]
fn state_protocol_ids_models_and_dates_are_not_searched() {
    let session = consult();
    assert_eq!(session.state, "complete");
    let searched = searchable_text(&session);
    for absent in [
        "complete",
        "consult",
        "2023-11-14",
        "structured_artifact_array_truncation",
        "schema_version",
    ] {
        assert!(!searched.contains(absent), "{absent} is in the search text");
    }
    for participant in &session.participants {
        assert!(
            !searched.contains(&participant.model),
            "model {}",
            participant.model
        );
    }
    assert!(!finds(&session, "complete"));
}

#[test]
fn every_protocol_is_searched_through_its_content() {
    let review = review();
    assert!(finds(&review, "akiaq3egru7xk5n2zd4w"), "the diff");
    let verdict = review
        .body_of::<consilium_engine::record::review::body::ReviewBody>()
        .unwrap();
    let reason = &verdict.verdict.as_ref().unwrap().reason;
    assert!(
        finds(&review, &reason[..20]),
        "the verdict's reason: {reason}"
    );
    let prioritize = prioritize();
    let backlog = demo_backlog();
    assert!(finds(&prioritize, &backlog[3].title));
    let body = prioritize
        .body_of::<consilium_engine::record::prioritize::body::PrioritizeBody>()
        .unwrap();
    let concerns = body.debate.rounds[0]
        .critic_concerns
        .values()
        .next()
        .expect("concerns");
    let concern = concerns.first().expect("the demo critic has concerns");
    assert!(finds(&prioritize, concern), "{concern}");
}

#[test]
fn every_word_must_appear_and_phrases_stay_together() {
    let session = consult();
    let hay = text(&session);
    assert!(
        Query::parse("").find(&hay).is_some(),
        "an empty query matches everything"
    );
    assert!(Query::parse("verdict zzzunfound").find(&hay).is_none());
    let first_line = hay.text.lines().next().unwrap();
    let words: Vec<&str> = first_line.split_whitespace().take(3).collect();
    let phrase = format!("\"{}\"", words.join(" "));
    assert!(Query::parse(&phrase).find(&hay).is_some(), "{phrase}");
    let reversed = format!("\"{} {}\"", words[1], words[0]);
    assert!(Query::parse(&reversed).find(&hay).is_none(), "{reversed}");
}

#[test]
fn the_snippet_marks_each_match_and_keeps_the_original_case() {
    let hay = SearchText::new(
        "Intro line.\nThe Rollout should use Feature flags; a rollout without flags is risky. Tail…"
            .to_string(),
    );
    let hit = Query::parse("ROLLOUT flags").find(&hay).unwrap();
    assert_eq!(
        hit.marked(),
        "Intro line. · The [Rollout] should use Feature [flags]; a [rollout] without [flags] is risky. Tail…"
    );
    let long = format!("{} needle {}", "word ".repeat(100), "more ".repeat(100));
    let hit = Query::parse("needle").find(&SearchText::new(long)).unwrap();
    let marked = hit.marked();
    assert!(marked.starts_with('…') && marked.ends_with('…'), "{marked}");
    assert!(
        marked.contains("[needle]") && marked.len() < 200,
        "{marked}"
    );
}

#[test]
fn case_folding_keeps_byte_offsets_for_any_text() {
    let hay = SearchText::new("İstanbul ÉCOLE straße 東京の会議 Ünïcode".to_string());
    assert!(Query::parse("école")
        .find(&hay)
        .unwrap()
        .marked()
        .contains("[ÉCOLE]"));
    assert!(Query::parse("東京")
        .find(&hay)
        .unwrap()
        .marked()
        .contains("[東京]"));
    assert!(Query::parse("ünïcode").find(&hay).is_some());
    // 'İ' lower-cases to two characters: it is kept, and nothing after it shifts.
    assert!(Query::parse("stanbul")
        .find(&hay)
        .unwrap()
        .marked()
        .contains("İ[stanbul]"));
}

#[test]
fn search_text_is_bounded_and_repeats_are_kept_once() {
    let mut session = consult();
    session.subject = "x".repeat(400 * 1024);
    let searched = searchable_text(&session);
    assert!(searched.len() <= consilium_engine::library::search::MAX_TEXT_BYTES);
    let session = consult();
    let searched = searchable_text(&session);
    let verdict = session
        .body_of::<consilium_engine::record::consult::body::ConsultBody>()
        .unwrap()
        .round4
        .clone()
        .unwrap();
    assert_eq!(
        searched
            .matches(verdict.dissent[0].concern.as_str())
            .count(),
        1,
        "kept once"
    );
}

#[test]
fn a_summary_carries_the_decision_in_one_line() {
    let consult = SessionSummary::of(&consult());
    assert!(consult.finished);
    assert!(!consult.outcome.is_empty() && !consult.outcome.contains('\n'));
    assert!(consult.outcome.chars().count() <= 160);
    let review = SessionSummary::of(&review());
    assert!(
        review.outcome.starts_with("REQUEST CHANGES") || review.outcome.contains(':'),
        "{}",
        review.outcome
    );
    let prioritize = SessionSummary::of(&prioritize());
    assert!(
        prioritize.outcome.starts_with("Top: "),
        "{}",
        prioritize.outcome
    );
    let fresh = SessionSummary::of(&common::demo_session());
    assert!(!fresh.finished && fresh.outcome.is_empty());
}

fn summary(
    id: &str,
    protocol: &str,
    state: &str,
    finished: bool,
    days_ago: u64,
    title: &str,
) -> SessionSummary {
    SessionSummary {
        id: id.into(),
        title: title.into(),
        protocol: protocol.into(),
        state: state.into(),
        created_at: String::new(),
        updated_at: consilium_engine::foundation::timestamp::rfc3339_utc(NOW - days_ago * DAY + 1),
        demo: false,
        outcome: String::new(),
        finished,
        follows: None,
        thread: None,
        latest_turn: None,
        asked_member: None,
        run_ms: None,
        depth: None,
        decided_by: None,
        judged: None,
        judged_at: None,
    }
}

fn ids(list: Vec<&SessionSummary>) -> Vec<&str> {
    list.into_iter().map(|s| s.id.as_str()).collect()
}

#[test]
fn filters_by_protocol_state_and_date_and_sorts() {
    let all = vec![
        summary("a", "consult", "complete", true, 0, "beta"),
        summary("b", "review", "conclusion", true, 3, "Alpha"),
        summary("c", "consult", "failed", true, 20, "gamma"),
        summary("d", "prioritize", "moderator", false, 200, "delta"),
        summary("e", "consult", "aborted", true, 400, "epsilon"),
    ];
    let all_of = |filter: HistoryFilter| ids(filter.apply(&all, NOW));
    assert_eq!(all_of(HistoryFilter::default()), ["a", "b", "c", "d", "e"]);
    let consults = HistoryFilter {
        protocol: Some("consult".into()),
        ..Default::default()
    };
    assert_eq!(all_of(consults), ["a", "c", "e"]);
    let complete = HistoryFilter {
        state: StateFilter::Complete,
        ..Default::default()
    };
    assert_eq!(all_of(complete), ["a", "b"]);
    let stopped = HistoryFilter {
        state: StateFilter::Stopped,
        ..Default::default()
    };
    assert_eq!(all_of(stopped), ["c", "d", "e"]);
    let week = HistoryFilter {
        dates: DateRange::LastWeek,
        ..Default::default()
    };
    assert_eq!(all_of(week), ["a", "b"]);
    let year = HistoryFilter {
        dates: DateRange::LastYear,
        sort: SortOrder::OldestFirst,
        ..Default::default()
    };
    assert_eq!(all_of(year), ["d", "c", "b", "a"]);
    let by_title = HistoryFilter {
        sort: SortOrder::Title,
        ..Default::default()
    };
    assert_eq!(all_of(by_title), ["b", "a", "d", "e", "c"]);
}

#[test]
fn each_filter_control_offers_its_choices_and_sets_the_filter_they_name() {
    let chosen = |picks: &[(FilterControl, &str)]| {
        let mut filter = HistoryFilter::default();
        for (control, value) in picks {
            filter.choose(*control, value);
        }
        filter
    };
    assert_eq!(
        chosen(&[
            (FilterControl::Protocol, "benchmark"),
            (FilterControl::State, "stopped"),
            (FilterControl::Dates, "month"),
            (FilterControl::Sort, "title"),
        ]),
        HistoryFilter {
            protocol: Some("benchmark".into()),
            state: StateFilter::Stopped,
            dates: DateRange::LastMonth,
            sort: SortOrder::Title,
        }
    );
    let picks = [
        (FilterControl::State, "complete"),
        (FilterControl::Dates, "day"),
        (FilterControl::Sort, "oldest"),
    ];
    assert_eq!(
        chosen(&picks),
        HistoryFilter {
            state: StateFilter::Complete,
            dates: DateRange::LastDay,
            sort: SortOrder::OldestFirst,
            ..Default::default()
        }
    );
    // Each control's first choice, or a value it does not offer, is the default again.
    for control in FilterControl::ALL {
        let (first, _) = control.choices()[0];
        let mut filter = chosen(&[
            (FilterControl::Protocol, "review"),
            (FilterControl::State, "complete"),
            (FilterControl::Dates, "year"),
            (FilterControl::Sort, "title"),
        ]);
        let before = filter.clone();
        filter.choose(control, first);
        assert_ne!(filter, before, "{control:?}");
        let mut unknown = before.clone();
        unknown.choose(control, "nonsense");
        assert_eq!(filter, unknown, "{control:?}");
    }
    assert_eq!(HistoryFilter::default(), chosen(&[]));
    let protocols: Vec<&str> = FilterControl::Protocol.choices()[1..]
        .iter()
        .map(|(value, _)| *value)
        .collect();
    let every: Vec<&str> = [
        Protocol::Consult,
        Protocol::Review,
        Protocol::Prioritize,
        Protocol::Benchmark,
    ]
    .iter()
    .map(|p| p.as_str())
    .collect();
    assert_eq!(protocols, every, "every protocol can be filtered for");
}

mod transfer {
    use super::*;
    use consilium_engine::{
        library::transfer::export_all, library::transfer::keep_both,
        library::transfer::parse_import,
    };
    use std::collections::HashSet;

    #[test]
    fn export_all_reads_back_every_protocol_unchanged() {
        let sessions = vec![consult(), review(), prioritize()];
        let file = export_all(&sessions, "2026-11-23T00:00:00.000Z");
        let incoming = parse_import(&file).unwrap();
        assert!(incoming.refused.is_empty(), "{:?}", incoming.refused);
        assert_eq!(incoming.sessions, sessions);
    }

    #[test]
    fn a_single_session_file_is_accepted() {
        let session = consult();
        let incoming = parse_import(&serde_json::to_string(&session).unwrap()).unwrap();
        assert_eq!(incoming.sessions, vec![session]);
    }

    #[test]
    fn reimporting_an_export_skips_the_identical_sessions() {
        use consilium_engine::library::transfer::drop_identical;
        let stored = vec![consult(), review()];
        // "Export all" then import of the same file: nothing comes in twice.
        let file = export_all(&stored, "2026-11-23T00:00:00.000Z");
        let mut incoming = parse_import(&file).unwrap().sessions;
        assert_eq!(drop_identical(&mut incoming, &stored), 2);
        assert!(incoming.is_empty());
        // A changed session with a taken id still comes in (renamed later); a new one too; a
        // session twice in the same file comes in once.
        let mut changed = consult();
        changed.title = "Edited after the export".into();
        let mut incoming = vec![changed.clone(), prioritize(), prioritize()];
        assert_eq!(drop_identical(&mut incoming, &stored), 1);
        assert_eq!(incoming, vec![changed, prioritize()]);
        let taken: HashSet<SessionId> = stored.iter().map(|s| s.id.clone()).collect();
        assert_eq!(
            keep_both(&mut incoming, &taken).len(),
            1,
            "only the changed one is renamed"
        );
    }

    #[test]
    fn a_file_nested_too_deep_is_refused_for_that_reason() {
        let deep = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
        let error = parse_import(&deep).unwrap_err();
        assert!(error.contains("nested too deep"), "{error}");
        assert!(!error.contains("not JSON"), "{error}");
    }

    #[test]
    fn a_broken_file_says_what_is_wrong() {
        let file = export_all(&[consult()], "2026-11-23T00:00:00.000Z");
        let cut = &file[..file.len() / 2];
        assert!(parse_import(cut).unwrap_err().contains("cut short"));
        assert!(parse_import("<html>")
            .unwrap_err()
            .contains("not JSON (line 1, column 1)"));
        assert!(parse_import("[1, 2]")
            .unwrap_err()
            .contains("not a Consilium session"));
        assert!(parse_import(r#"{"format": "other.app"}"#)
            .unwrap_err()
            .contains("\"other.app\""));
        let newer = file.replace("\"version\": 1", "\"version\": 9");
        assert!(parse_import(&newer).unwrap_err().contains("version 9"));
    }

    #[test]
    fn a_bad_session_is_refused_by_name_and_the_others_come_in() {
        let good = consult();
        let mut value: serde_json::Value =
            serde_json::from_str(&export_all(&[good.clone(), review()], "t")).unwrap();
        value["sessions"][1]["schema_version"] = "9.0".into();
        let mut unknown_protocol = serde_json::to_value(&good).unwrap();
        unknown_protocol["protocol"] = "astrology".into();
        unknown_protocol["id"] = "c-astro".into();
        value["sessions"]
            .as_array_mut()
            .unwrap()
            .push(unknown_protocol);
        let incoming = parse_import(&value.to_string()).unwrap();
        assert_eq!(incoming.sessions, vec![good]);
        assert_eq!(incoming.refused.len(), 2, "{:?}", incoming.refused);
        assert!(
            incoming.refused[0].starts_with("Session 2 (r-1): ")
                && incoming.refused[0].contains("newer version")
        );
        assert_eq!(
            incoming.refused[1],
            "Session 3 (c-astro): its protocol \"astrology\" is unknown (this app runs consult, review, prioritize, benchmark)."
        );
    }

    #[test]
    fn an_invalid_record_is_refused_with_its_problem() {
        let mut value = serde_json::to_value(consult()).unwrap();
        value["body"]["round1"][1]["agent_id"] = "panelist-9".into();
        let error = parse_import(&value.to_string()).unwrap_err();
        assert!(error.contains("panelist-9"), "{error}");
    }

    #[test]
    fn a_taken_id_comes_in_under_a_new_one_and_nothing_is_overwritten() {
        let mut incoming = vec![consult(), consult(), review()];
        let taken: HashSet<SessionId> = ["c-test".into()].into();
        let renamed = keep_both(&mut incoming, &taken);
        let ids: Vec<&str> = incoming.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["c-test-copy2", "c-test-copy3", "r-1"]);
        assert_eq!(renamed.len(), 2);
    }

    #[test]
    fn an_oversized_field_is_named() {
        let mut value = serde_json::to_value(consult()).unwrap();
        value["body"]["round1"][2]["rationale"] = "x"
            .repeat(consilium_engine::library::transfer::MAX_FIELD_CHARS + 1)
            .into();
        let error = parse_import(&value.to_string()).unwrap_err();
        assert!(
            error.contains("the field body.round1[2].rationale is longer than"),
            "{error}"
        );
    }

    #[test]
    fn an_oversized_file_is_refused_before_reading() {
        let big = " ".repeat(consilium_engine::library::transfer::MAX_IMPORT_BYTES + 1);
        assert!(parse_import(&big).unwrap_err().contains("MB"));
    }
}

#[test]
fn no_stored_number_is_negative_zero() {
    for session in [consult(), review(), prioritize()] {
        let text = serde_json::to_string(&session).unwrap();
        assert!(
            !text.contains(":-0.0") && !text.contains(":-0,") && !text.contains(":-0}"),
            "{} has a -0",
            session.id
        );
    }
}

mod share {
    use super::*;
    use consilium_engine::library::share::{
        base64url_decode, base64url_encode, check_length, read_shared, share_payload,
        MAX_LINK_CHARS,
    };

    #[test]
    fn base64url_round_trips_every_length_and_refuses_damage() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64url_encode(&bytes);
            assert!(
                text.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
                "{text}"
            );
            assert_eq!(base64url_decode(&text).unwrap(), bytes);
        }
        assert_eq!(base64url_encode(b"Man"), "TWFu");
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        assert!(base64url_decode("ab$d").unwrap_err().contains("damaged"));
        assert!(base64url_decode("A").unwrap_err().contains("damaged"));
    }

    #[test]
    fn a_shared_session_has_no_raw_reply_and_reads_back_for_every_protocol() {
        for session in [consult(), review(), prioritize()] {
            let payload = share_payload(&session);
            for call in &session.calls {
                if let Some(reply) = call.reply_text.as_ref().filter(|r| r.len() > 40) {
                    assert!(
                        !payload.contains(&serde_json::to_string(reply).unwrap()[1..40]),
                        "raw reply of {}",
                        call.call_id
                    );
                }
            }
            let back = read_shared(&payload).unwrap();
            assert_eq!(
                back.body, session.body,
                "the artifacts and decision are all there"
            );
            assert_eq!(
                back.calls.len(),
                session.calls.len(),
                "the log keeps every call"
            );
            assert_eq!(back.cost, session.cost);
        }
        assert!(read_shared("{\"id\": 1").unwrap_err().contains("damaged"));
    }

    #[test]
    fn a_link_too_long_says_so_and_points_at_the_html_file() {
        assert!(check_length(&"x".repeat(MAX_LINK_CHARS)).is_ok());
        let error = check_length(&"x".repeat(MAX_LINK_CHARS + 1)).unwrap_err();
        assert!(
            error.contains("too large for a link") && error.contains("Export HTML"),
            "{error}"
        );
    }
}

#[test]
fn the_search_cache_reads_again_only_what_changed() {
    use consilium_engine::{library::search_cache::stamps, library::search_cache::SearchCache};
    let list = |items: &[(&str, u64)]| -> Vec<SessionSummary> {
        items
            .iter()
            .map(|(id, days_ago)| summary(id, "consult", "complete", true, *days_ago, id))
            .collect()
    };
    let found = |cache: &SearchCache, words: &str| {
        let mut ids: Vec<SessionId> = cache.find(&Query::parse(words)).into_keys().collect();
        ids.sort();
        ids
    };
    let before = list(&[("a", 3), ("b", 3), ("c", 3)]);
    let texts = |pairs: &[(&str, &str)]| -> Vec<(SessionId, String)> {
        pairs
            .iter()
            .map(|(id, t)| (SessionId::from(*id), t.to_string()))
            .collect()
    };
    let mut cache = SearchCache::new(
        texts(&[
            ("a", "alpha postgres"),
            ("b", "beta postgres"),
            ("c", "gamma"),
        ]),
        stamps(&before),
    );
    assert_eq!(found(&cache, "postgres"), ["a", "b"]);
    assert!(
        cache.stale(&before).is_empty(),
        "nothing changed, nothing to read"
    );

    // b saved again, c deleted, d new: only b and d are read again; c is gone at once.
    let after = list(&[("a", 3), ("b", 1), ("d", 0)]);
    assert_eq!(cache.stale(&after), ["b", "d"]);
    assert_eq!(found(&cache, "gamma"), Vec::<String>::new());
    assert_eq!(
        found(&cache, "postgres"),
        ["a", "b"],
        "b's old text until it is read"
    );
    cache.insert(texts(&[("b", "beta dynamo"), ("d", "delta postgres")]));
    assert_eq!(found(&cache, "postgres"), ["a", "d"]);
    assert!(cache.stale(&after).is_empty());

    // A rename keeps the time of the last save, yet the text changed: read again.
    let mut renamed = after.clone();
    renamed[0].title = "Alpha, renamed".into();
    assert_eq!(cache.stale(&renamed), ["a"]);

    // A save during the first read: the stamps taken before it leave that session stale.
    let mut cache = SearchCache::new(texts(&[("a", "alpha")]), stamps(&list(&[("a", 3)])));
    assert_eq!(cache.stale(&list(&[("a", 1)])), ["a"]);
}

/// A link's data is read only up to a cap once inflated (a crafted link must not
/// crash the tab); every link this page makes stays far below it.
#[test]
fn a_shared_links_inflated_data_is_capped() {
    use consilium_engine::library::share::{check_inflated, MAX_LINK_CHARS, MAX_SHARED_JSON_BYTES};
    assert!(check_inflated(MAX_SHARED_JSON_BYTES).is_ok());
    let refused = check_inflated(MAX_SHARED_JSON_BYTES + 1).unwrap_err();
    assert!(refused.contains("was not opened"), "{refused}");
    // What a link this page makes carries, before compression: far below the cap (a link holds
    // under MAX_LINK_CHARS compressed, and JSON compresses some ten times, not hundreds).
    let payload = consilium_engine::library::share::share_payload(&common::demo_session());
    assert!(
        payload.len() * 100 < MAX_SHARED_JSON_BYTES,
        "{}",
        payload.len()
    );
    assert!(MAX_LINK_CHARS * 20 < MAX_SHARED_JSON_BYTES);
}
