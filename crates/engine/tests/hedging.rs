//! Hedged calls: a seat's backup model is asked when its own request has sent no text by the
//! deadline, and one more request each deadline after that while none has (up to four in all);
//! the first valid reply wins, the others are aborted, every cost counts, the budget holds, and the
//! record says who answered. Virtual time, so every race runs the same way.
use crate::common;

use common::{call, session_with, NOW_MS};
use consilium_engine::testing::{
    is_backup, run_virtual, LatencyCaller, RecordingSink, VirtualClock,
};
use consilium_engine::{
    consult::demo::demo_config, consult::run_consult, foundation::participants::Backup,
    foundation::participants::Price, foundation::tokens::estimate_tokens,
    harness::demo::DEMO_PROVIDER_ID, harness::events::Event, harness::io::CallTarget,
    harness::io::Clock, harness::io::HedgeDeadline, harness::io::TEMPERATURE,
    record::consult::config::ConsultConfig, record::consult::state::ConsultState,
    record::CallStatus, record::Session,
};

const FAST_MS: u64 = 1_000;
const SLOW_MS: u64 = 10_000;
const PRICE: Price = Price::new(1.0, 2.0);

fn backed_config(price: Option<Price>, budget_usd: Option<f64>) -> ConsultConfig {
    let mut config = demo_config();
    let backup = Backup {
        provider_id: "spare".into(),
        provider_label: "Spare".into(),
        model: "spare-model".into(),
        price,
    };
    for seat in config.panelists.iter_mut().chain([&mut config.judge]) {
        seat.price = price;
        seat.backup = Some(backup.clone());
    }
    config.budget_usd = budget_usd;
    config
}

/// The session, its events, the virtual time it took, the (call id, backup) of every request and of
/// every aborted call.
type Ran = (
    Session,
    Vec<Event>,
    u64,
    Vec<(String, bool)>,
    Vec<(String, bool)>,
);

thread_local! {
    /// How late `run`'s timers wake (a test of a browser's late timers sets it).
    static TIMERS_LATE_MS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Runs the consult; returns it, its events, the virtual time it took and the caller's log.
fn run(
    config: ConsultConfig,
    slow: &[&str],
    deadline: Option<HedgeDeadline>,
    tweak: impl FnOnce(&mut LatencyCaller),
) -> Ran {
    let clock = VirtualClock::starting_at(NOW_MS).waking_late_by(TIMERS_LATE_MS.get());
    let mut caller = LatencyCaller::new(&clock, FAST_MS, SLOW_MS);
    caller.slow = slow.iter().map(|s| s.to_string()).collect();
    caller.deadline = deadline;
    tweak(&mut caller);
    let sink = RecordingSink::default();
    let session = run_virtual(
        &clock,
        run_consult(session_with(config), &caller, &clock, &sink),
    );
    let requests = caller
        .requests
        .borrow()
        .iter()
        .map(|r| (r.call_id.clone(), is_backup(r)))
        .collect();
    let aborted = caller.aborted.borrow().clone();
    (
        session,
        sink.events(),
        clock.now_ms() - NOW_MS,
        requests,
        aborted,
    )
}

/// Whether each request of `call_id` went to the backup, in the order sent.
fn sent_for(requests: &[(String, bool)], call_id: &str) -> Vec<bool> {
    requests
        .iter()
        .filter(|(id, _)| id == call_id)
        .map(|(_, backup)| *backup)
        .collect()
}

const AFTER_2S: Option<HedgeDeadline> = Some(HedgeDeadline::After { ms: 2_000 });

/// The consult with `r1-panelist-1` a straggler, every seat backed, hedged after 2 s.
fn one_straggler(tweak: impl FnOnce(&mut LatencyCaller)) -> Ran {
    run(
        backed_config(None, None),
        &["r1-panelist-1"],
        AFTER_2S,
        tweak,
    )
}

/// How long the consult with `r1-panelist-1` a straggler takes without hedging.
fn unhedged_ms() -> u64 {
    run(backed_config(None, None), &["r1-panelist-1"], None, |_| {}).2
}

#[test]
fn the_backup_answers_a_straggler_and_the_slow_call_is_aborted() {
    let (plain, _, plain_ms, _, _) =
        run(backed_config(None, None), &["r1-panelist-1"], None, |_| {});
    let (session, events, hedged_ms, requests, aborted) = one_straggler(|_| {});
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert_eq!(plain.consult_state(), Some(ConsultState::Complete));
    // The straggler cost 9 s without hedging; with it, 2 s deadline + 1 s backup = 3 s, so 7 s less.
    assert_eq!(
        plain_ms - hedged_ms,
        SLOW_MS - 3_000,
        "{plain_ms} vs {hedged_ms}"
    );
    assert!(requests.contains(&("r1-panelist-1".into(), true)));
    assert_eq!(
        requests.iter().filter(|(_, backup)| *backup).count(),
        1,
        "only the straggler is hedged"
    );
    assert_eq!(aborted, vec![("r1-panelist-1".to_string(), false)]);

    let won = call(&session, "r1-panelist-1");
    assert_eq!(won.status, CallStatus::Ok);
    let substituted = won
        .substituted
        .as_ref()
        .expect("the record says the backup answered");
    assert_eq!(substituted.backup, "Spare · spare-model");
    assert_eq!(substituted.after_ms, 2_000);
    assert_eq!(won.model.as_deref(), Some("spare-model"));
    let lost = call(&session, "r1-panelist-1-attempt-own");
    assert_eq!(lost.status, CallStatus::Cancelled);
    assert_eq!(
        lost.reply_text.as_deref(),
        Some(""),
        "it was still queued: it had streamed nothing"
    );
    assert!(
        lost.is_cut_attempt(),
        "a cost on record, not a call card of its own"
    );
    assert!(session
        .calls
        .iter()
        .filter(|c| c.call_id != "r1-panelist-1")
        .all(|c| c.substituted.is_none()));

    let finished = events.iter().find_map(|e| match e {
        Event::CallFinished {
            call_id,
            answered_by,
            ..
        } if call_id == "r1-panelist-1" => Some(answered_by.clone()),
        _ => None,
    });
    assert_eq!(
        finished,
        Some(Some(
            "answered by backup Spare · spare-model after 2.0 s".to_string()
        ))
    );
    assert!(events.iter().any(|e| matches!(e, Event::CallNote { call_id, note: Some(note) }
        if call_id == "r1-panelist-1" && note == "No text after 2.0 s: the backup Spare · spare-model was asked too.")));
}

#[test]
fn no_backup_is_asked_without_a_deadline_or_before_it() {
    let (_, _, _, requests, aborted) =
        run(backed_config(None, None), &["r1-panelist-1"], None, |_| {});
    assert!(requests.iter().all(|(_, backup)| !backup));
    assert!(aborted.is_empty());
    // Every call answers in 1 s, within a 2 s deadline: nothing is hedged.
    let (session, _, _, requests, _) = run(backed_config(None, None), &[], AFTER_2S, |_| {});
    assert!(requests.iter().all(|(_, backup)| !backup));
    assert!(session
        .calls
        .iter()
        .all(|c| !c.is_cut_attempt() && c.substituted.is_none()));
}

#[test]
fn both_costs_count() {
    let (session, _, _, _, _) = run(
        backed_config(Some(PRICE), Some(10.0)),
        &["r1-panelist-1"],
        AFTER_2S,
        |_| {},
    );
    let won = call(&session, "r1-panelist-1").cost_usd.expect("priced");
    let lost = call(&session, "r1-panelist-1-attempt-own")
        .cost_usd
        .expect("estimated");
    assert!(won > 0.0 && lost > 0.0, "{won} {lost}");
    let recorded: f64 = session.calls.iter().filter_map(|c| c.cost_usd).sum();
    assert!((session.cost.spent_usd - recorded).abs() < 1e-12);
    let (plain, _, _, _, _) = run(
        backed_config(Some(PRICE), Some(10.0)),
        &["r1-panelist-1"],
        None,
        |_| {},
    );
    assert!(
        session.cost.spent_usd > plain.cost.spent_usd,
        "the hedge costs extra"
    );
}

#[test]
fn a_hedge_that_could_exceed_the_budget_is_not_sent() {
    let price = Price::new(1_000.0, 1_000.0);
    let (session, events, _, requests, aborted) = run(
        backed_config(Some(price), Some(budget_for_three_round1_calls(price))),
        // All three still under way at the deadline: their worst cases fill the budget.
        &["r1-panelist-1", "r1-panelist-2", "r1-panelist-3"],
        AFTER_2S,
        |_| {},
    );
    assert!(requests.iter().all(|(_, backup)| !backup), "{requests:?}");
    assert!(aborted.is_empty());
    assert!(call(&session, "r1-panelist-1").substituted.is_none());
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::CallNote { note: Some(note), .. }
        if note.contains("the backup Spare · spare-model was not asked: The budget of"))));
}

/// Room for round 1's three calls' worst case (each panelist's prompt, as the engine estimates
/// it, plus a full reply) and half of a fourth.
fn budget_for_three_round1_calls(price: Price) -> f64 {
    let clock = VirtualClock::starting_at(NOW_MS);
    let caller = LatencyCaller::new(&clock, FAST_MS, SLOW_MS);
    let sink = RecordingSink::default();
    let session = session_with(backed_config(Some(price), None));
    let max_tokens = match &session.body {
        consilium_engine::record::Body::Consult(body) => body.config.max_tokens,
        _ => unreachable!(),
    };
    run_virtual(&clock, run_consult(session, &caller, &clock, &sink));
    let worst: Vec<f64> = caller
        .requests
        .borrow()
        .iter()
        .filter(|r| r.round == 1)
        .map(|r| {
            let prompt = estimate_tokens(&r.system) + estimate_tokens(&r.prompt);
            price.cost_usd(prompt, max_tokens.into())
        })
        .collect();
    assert_eq!(worst.len(), 3);
    worst.iter().sum::<f64>() + worst[0] / 2.0
}

#[test]
fn an_unusable_backup_reply_does_not_win() {
    let (session, _, _, _, aborted) = one_straggler(|caller| {
        caller.replies.insert(
            ("r1-panelist-1".into(), true),
            consilium_engine::testing::text_reply("not json at all"),
        );
    });
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    // The backup's reply (at 3 s) does not win; the seat's own request is still late, so its
    // model is asked again at 4 s and answers at 5 s; the straggler is aborted then.
    let own = call(&session, "r1-panelist-1");
    assert_eq!(own.status, CallStatus::Ok);
    assert!(own.substituted.is_none());
    assert!(own
        .reply_text
        .as_deref()
        .is_some_and(|text| text != "not json at all"));
    assert_eq!(aborted, vec![("r1-panelist-1".to_string(), false)]);
    let backup = call(&session, "r1-panelist-1-attempt-backup");
    assert_eq!(backup.status, CallStatus::Failed);
    assert_eq!(backup.reply_text.as_deref(), Some("not json at all"));
}

#[test]
fn an_unusable_reply_leaves_a_pending_request_to_answer() {
    // A silent straggler, an unusable backup asked at 7 s (its reply at 8 s), and no second hedge
    // before the straggler's own reply (10 s), which is awaited and wins.
    let (session, _, _, _, aborted) = run(
        backed_config(None, None),
        &["r1-panelist-1"],
        Some(HedgeDeadline::After { ms: 7_000 }),
        |caller| {
            caller.straggler_first_text_ms = SLOW_MS;
            caller.replies.insert(
                ("r1-panelist-1".into(), true),
                consilium_engine::testing::text_reply("not json at all"),
            );
        },
    );
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert!(aborted.is_empty(), "the seat's own reply was awaited");
    let own = call(&session, "r1-panelist-1");
    assert_eq!(own.status, CallStatus::Ok);
    assert!(own.substituted.is_none() && own.notes.is_empty());
    assert_eq!(
        call(&session, "r1-panelist-1-attempt-backup").status,
        CallStatus::Failed
    );
}

#[test]
fn the_adaptive_deadline_follows_the_providers_median() {
    let adaptive = HedgeDeadline::Adaptive {
        multiple: 2.0,
        initial_ms: 20_000,
        min_ms: 300,
    };
    assert_eq!(adaptive.after_ms(&[]), 20_000);
    assert_eq!(adaptive.after_ms(&[1_000, 1_200]), 20_000);
    assert_eq!(adaptive.after_ms(&[1_000, 9_000, 1_200, 1_100]), 2_400);
    assert_eq!(adaptive.after_ms(&[100, 100, 100]), 300);
    // In a run: round 1's replies start after 200 ms (of 1 s), so a round-3 straggler is hedged
    // after 2 x 200 = 400 ms without text, not 20 s.
    let (session, _, _, _, _) = run(
        backed_config(None, None),
        &["r3-panelist-2"],
        Some(adaptive),
        |_| {},
    );
    let won = call(&session, "r3-panelist-2");
    assert_eq!(won.substituted.as_ref().map(|s| s.after_ms), Some(400));
}

#[test]
fn the_caller_keeps_first_text_times_across_runs() {
    let times = consilium_engine::harness::io::FirstTextTimes::default();
    for ms in 1..=25 {
        times.observe(&"p".into(), ms);
    }
    assert_eq!(
        times.of(&"p".into()),
        (6..=25).collect::<Vec<u64>>(),
        "the last 20 are kept"
    );
    assert!(times.of(&"q".into()).is_empty());
}

#[test]
fn records_and_seats_without_hedging_fields_still_load() {
    let session = session_with(demo_config());
    let mut json = serde_json::to_value(&session).unwrap();
    let text = json.to_string();
    assert!(
        !text.contains("\"backup\"") && !text.contains("substituted"),
        "absent fields are not written"
    );
    json["calls"] = serde_json::json!([{
        "call_id": "r1-panelist-1", "round": 1, "participant_id": "panelist-1", "status": "ok",
        "prompt_chars": 10, "input_tokens": null, "output_tokens": null, "cost_usd": null,
        "reply_text": "x", "error": null, "started_at": "t", "finished_at": "t"
    }]);
    let loaded: Session = serde_json::from_value(json).unwrap();
    assert!(loaded.calls[0].substituted.is_none());
    assert!(loaded.participants.iter().all(|p| p.backup.is_none()));
}

/// The text the live card of `call_id` ends up showing, from its delta events.
fn card_text(events: &[Event], call_id: &str) -> (String, usize) {
    let (mut text, mut restarts) = (String::new(), 0);
    for event in events {
        if let Event::CallDelta {
            call_id: id,
            text: delta,
            restart,
        } = event
        {
            if id == call_id {
                if *restart {
                    text.clear();
                    restarts += 1;
                }
                text.push_str(delta);
            }
        }
    }
    (text, restarts)
}

#[test]
fn the_card_streams_the_backup_when_the_straggler_is_silent() {
    let (session, events, ..) = one_straggler(|_| {});
    let reply = call(&session, "r1-panelist-1").reply_text.clone().unwrap();
    // The backup's "partial " reached the card while it streamed, before the call finished.
    let finished_at = events
        .iter()
        .position(
            |e| matches!(e, Event::CallFinished { call_id, .. } if call_id == "r1-panelist-1"),
        )
        .unwrap();
    let (before_finish, _) = card_text(&events[..finished_at], "r1-panelist-1");
    assert_eq!(before_finish, reply, "the backup streamed into the card");
    assert!(events[..finished_at].iter().any(|e| matches!(e,
        Event::CallDelta { call_id, text, .. } if call_id == "r1-panelist-1" && text == "partial ")));
    let (shown, restarts) = card_text(&events, "r1-panelist-1");
    assert_eq!(shown, reply);
    assert_eq!(
        restarts, 1,
        "only the backup's own restart with its reply; no swap at the end"
    );
}

#[test]
fn the_card_swaps_to_the_winner_when_it_streamed_another_request() {
    // The straggler starts streaming at 2.5 s, after the backup was asked (2 s) and before the
    // backup's first text (2.6 s); the backup still answers first (3 s).
    let (session, events, ..) = one_straggler(|caller| {
        caller.straggler_first_text_ms = 2_500;
        caller.first_text_share = 0.6;
    });
    let won = call(&session, "r1-panelist-1");
    assert!(won.substituted.is_some());
    let (shown, restarts) = card_text(&events, "r1-panelist-1");
    assert_eq!(
        shown,
        won.reply_text.clone().unwrap(),
        "the card ends on the reply that won"
    );
    assert_eq!(
        restarts, 1,
        "one swap, from the straggler's stream to the reply"
    );
    assert_eq!(
        call(&session, "r1-panelist-1-attempt-own")
            .reply_text
            .as_deref(),
        Some("partial "),
        "what the aborted request streamed is kept"
    );
}

#[test]
fn a_slow_call_that_is_streaming_is_not_hedged() {
    // Text by the deadline means the request is being answered (a long answer, or a slow
    // stream): no backup, whatever the whole reply takes.
    let (session, _, hedged_ms, requests, aborted) =
        one_straggler(|caller| caller.straggler_first_text_ms = 500);
    let plain_ms = unhedged_ms();
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert!(requests.iter().all(|(_, backup)| !backup), "{requests:?}");
    assert!(aborted.is_empty());
    assert_eq!(hedged_ms, plain_ms);
}

#[test]
fn while_no_request_sends_text_one_more_is_sent_each_deadline() {
    // The seat's own request and the backup's are both queued; the own model asked again at 4 s
    // answers at 5 s, and the two stragglers are aborted.
    let (session, events, hedged_ms, requests, aborted) =
        one_straggler(|caller| caller.slow_requests = 2);
    let plain_ms = unhedged_ms();
    assert_eq!(plain_ms - hedged_ms, SLOW_MS - 5_000);
    let sent = sent_for(&requests, "r1-panelist-1");
    assert_eq!(sent, vec![false, true, false], "own, backup, own again");
    assert_eq!(
        aborted,
        vec![
            ("r1-panelist-1".to_string(), false),
            ("r1-panelist-1".to_string(), true)
        ]
    );
    let won = call(&session, "r1-panelist-1");
    assert_eq!(won.status, CallStatus::Ok);
    assert!(won.substituted.is_none(), "the seat's own model answered");
    assert_eq!(
        won.notes,
        vec!["The seat's model was asked again after 4.0 s without text; that request answered."]
    );
    for loser in ["r1-panelist-1-attempt-own", "r1-panelist-1-attempt-backup"] {
        let lost = call(&session, loser);
        assert_eq!(lost.status, CallStatus::Cancelled, "{loser}");
        assert_eq!(
            lost.error.as_deref(),
            Some("Aborted: the seat's own model answered first.")
        );
    }
    let notes: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::CallNote {
                call_id,
                note: Some(note),
            } if call_id == "r1-panelist-1" => Some(note.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        notes,
        vec![
            "No text after 2.0 s: the backup Spare · spare-model was asked too.",
            "No text after 4.0 s: Demo (scripted) was asked again.",
        ]
    );
}

#[test]
fn a_call_sends_four_requests_at_most() {
    let (session, _, hedged_ms, requests, aborted) = run(
        backed_config(Some(PRICE), Some(10.0)),
        &["r1-panelist-1"],
        AFTER_2S,
        |caller| {
            caller.slow_requests = 9;
            caller.straggler_first_text_ms = SLOW_MS;
        },
    );
    let (plain, _, plain_ms, _, _) = run(
        backed_config(Some(PRICE), Some(10.0)),
        &["r1-panelist-1"],
        None,
        |_| {},
    );
    assert_eq!(sent_for(&requests, "r1-panelist-1").len(), 4);
    // All four are stragglers: the first one sent answers first, as without hedging.
    assert_eq!(hedged_ms, plain_ms);
    assert_eq!(aborted.len(), 3);
    assert!(call(&session, "r1-panelist-1").substituted.is_none());
    for loser in ["backup", "own2", "backup2"] {
        let lost = call(&session, &format!("r1-panelist-1-attempt-{loser}"));
        assert!(
            lost.cost_usd.is_some_and(|cost| cost > 0.0),
            "{loser}: charged"
        );
    }
    let recorded: f64 = session.calls.iter().filter_map(|c| c.cost_usd).sum();
    assert!((session.cost.spent_usd - recorded).abs() < 1e-12);
    assert!(session.cost.spent_usd > plain.cost.spent_usd);
}

#[test]
fn a_request_late_to_its_first_text_does_not_stop_the_hedging() {
    // The seat's own request and the backup's both start streaming late (3 s after they were
    // sent, past the 2 s deadline): a straggler slow throughout. The own model asked again at 4 s
    // is on time and answers at 5 s.
    let (session, _, hedged_ms, requests, _) = one_straggler(|caller| {
        caller.slow_requests = 2;
        caller.straggler_first_text_ms = 3_000;
    });
    let plain_ms = unhedged_ms();
    assert_eq!(plain_ms - hedged_ms, SLOW_MS - 5_000);
    assert_eq!(sent_for(&requests, "r1-panelist-1").len(), 3);
    assert_eq!(
        call(&session, "r1-panelist-1-attempt-own")
            .reply_text
            .as_deref(),
        Some("partial "),
        "what the late straggler streamed is kept"
    );
}

#[test]
fn a_late_request_streaming_between_deadlines_does_not_end_the_hedging() {
    // Own, backup and own again are stragglers that start streaming 3 s after they were sent:
    // the own request's text at 3 s comes between the deadlines, and the backup asked again at
    // 6 s (when none is on time) answers at 7 s.
    let (_, _, hedged_ms, requests, _) = one_straggler(|caller| {
        caller.slow_requests = 3;
        caller.straggler_first_text_ms = 3_000;
    });
    let plain_ms = unhedged_ms();
    let sent = sent_for(&requests, "r1-panelist-1");
    assert_eq!(sent, vec![false, true, false, true]);
    assert_eq!(plain_ms - hedged_ms, SLOW_MS - 7_000);
}

#[test]
fn each_request_carries_where_it_goes_at_what_price() {
    // The engine decides own model or backup; the shell only looks up the key and sends.
    let clock = VirtualClock::starting_at(NOW_MS);
    let mut caller = LatencyCaller::new(&clock, FAST_MS, SLOW_MS);
    caller.slow = vec!["r1-panelist-1".into()];
    caller.deadline = AFTER_2S;
    let sink = RecordingSink::default();
    run_virtual(
        &clock,
        run_consult(
            session_with(backed_config(Some(PRICE), None)),
            &caller,
            &clock,
            &sink,
        ),
    );
    let requests = caller.requests.borrow();
    let of = |backup: bool| {
        requests
            .iter()
            .find(|r| r.call_id == "r1-panelist-1" && is_backup(r) == backup)
            .expect("both requests were sent")
    };
    let (own, hedge) = (of(false), of(true));
    assert_eq!(own.target.provider_id, DEMO_PROVIDER_ID);
    assert_eq!(own.target.price, Some(PRICE));
    assert_eq!(own.target.label, "Demo panelist 1 · Pragmatic engineer");
    assert_eq!(
        hedge.target,
        CallTarget {
            provider_id: "spare".into(),
            provider_label: "Spare".into(),
            model: "spare-model".into(),
            price: Some(PRICE),
            label: format!("{} (backup Spare · spare-model)", own.target.label),
        }
    );
    assert_eq!(hedge.target.model_label(), "Spare · spare-model");
    assert!(requests.iter().all(|r| r.temperature == TEMPERATURE));
    assert_eq!(TEMPERATURE, 0.7);
    assert_eq!(
        (hedge.system.as_str(), hedge.prompt.as_str()),
        (own.system.as_str(), own.prompt.as_str())
    );
}

#[test]
fn the_record_says_when_the_backup_was_due_even_if_the_timer_woke_late() {
    TIMERS_LATE_MS.set(1);
    let (session, ..) = one_straggler(|_| {});
    TIMERS_LATE_MS.set(0);
    let won = call(&session, "r1-panelist-1");
    let substituted = won.substituted.as_ref().expect("the backup answered");
    assert_eq!(substituted.after_ms, 2_000);
}

#[test]
fn a_searching_call_s_backup_sets_its_search_fee_aside_too() {
    use consilium_engine::foundation::participants::SeatSearch;
    use consilium_providers::{SearchFee, SearchUnit};
    // Unpriced tokens, a dollar a search: one call's search may cost up to $5 (5 searches).
    let mut config = backed_config(None, Some(8.0));
    config.search_web = true;
    config.panelists[0].web_search = Some(SeatSearch {
        with_schema: true,
        fee: Some(SearchFee {
            usd_per_unit: 1.0,
            unit: SearchUnit::Search,
        }),
    });
    let (_, events, _, requests, _) = run(config, &["r1-panelist-1"], AFTER_2S, |_| {});
    assert_eq!(
        sent_for(&requests, "r1-panelist-1"),
        [false],
        "a second search would pass the budget"
    );
    assert!(events.iter().any(|e| matches!(e, Event::CallNote { note: Some(note), .. }
        if note.contains("was not asked: The budget of $8.00 would be exceeded: request 2 of r1-panelist-1's web search could cost up to $5.00"))),
        "{events:?}");
}
