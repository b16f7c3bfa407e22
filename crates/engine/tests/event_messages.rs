//! The engine's events cross a message boundary (the shell's run driver hands them to the page,
//! and will from a worker): every variant, and every event of a scripted consult and benchmark,
//! serialises to JSON and reads back equal. `one_of_each` matches every variant by name, so a new
//! one does not compile until it is added here.
use crate::common;

use consilium_engine::benchmark::progress::{progress, BenchmarkProgress};
use consilium_engine::harness::events::Event;
use consilium_engine::record::benchmark::config::BestSingle;
use consilium_engine::record::benchmark::outcomes_apart::QuestionUpdate;
use consilium_engine::record::{CallId, Protocol, Session};
use consilium_engine::testing::ScriptedCaller;

fn consult_run() -> (Session, Vec<Event>) {
    let (session, sink) = common::run(common::demo_session(), &ScriptedCaller::over_demo());
    (session, sink.events())
}

fn benchmark_run() -> (Session, Vec<Event>) {
    let session = common::benchmark::benchmark(3, BestSingle::Auto, None, None);
    let caller = common::benchmark::caller_for(&session);
    let (ended, sink) = common::benchmark::run(session, &caller);
    (ended, sink.events())
}

fn a_question_update(events: &[Event]) -> QuestionUpdate {
    events
        .iter()
        .find_map(|event| match event {
            Event::QuestionUpdated(update) => Some(update.as_ref().clone()),
            _ => None,
        })
        .expect("a benchmark run hands over its questions one at a time")
}

/// One event of each variant, with the payloads of real runs.
fn one_of_each() -> Vec<Event> {
    let (consult, _) = consult_run();
    let (_, benchmark_events) = benchmark_run();
    let call_id = CallId::seat(1, "panelist-1");
    let events = vec![
        Event::Started {
            session_id: consult.id.clone(),
            protocol: Protocol::Consult,
        },
        Event::StateChanged {
            from: "synthesis".into(),
            to: "cross_exam".into(),
        },
        Event::RoundStarted { round_number: 3 },
        Event::CallStarted {
            call_id: call_id.clone(),
            round_number: 1,
            participant_id: "panelist-1".into(),
        },
        Event::CallDelta {
            call_id: call_id.clone(),
            text: "{\"position\": \"Go \u{201c}slowly\u{201d}\"".into(),
            restart: true,
        },
        Event::CallNote {
            call_id: call_id.clone(),
            note: Some("Rate limited: trying again in 2 s".into()),
        },
        Event::CallFinished {
            call_id,
            participant_id: "panelist-1".into(),
            ok: false,
            error: Some("timed out".into()),
            answered_by: Some("answered by backup Spare after 4.0 s".into()),
        },
        Event::RoundArtifact { round_number: 2 },
        Event::CostUpdated {
            spent_usd: 0.125,
            unpriced_calls: 2,
            budget_usd: Some(1.5),
        },
        Event::Completed,
        Event::Failed {
            reason: "The judge's verdict could not be read.".into(),
        },
        Event::Aborted,
        Event::Paused {
            reason: "Waiting for the amended code.".into(),
        },
        Event::SessionUpdated(Box::new(consult)),
        Event::QuestionUpdated(Box::new(a_question_update(&benchmark_events))),
    ];
    for event in &events {
        // Every variant is named here: a new one fails to compile until it joins the list above.
        match event {
            Event::Started { .. }
            | Event::StateChanged { .. }
            | Event::RoundStarted { .. }
            | Event::CallStarted { .. }
            | Event::CallDelta { .. }
            | Event::CallNote { .. }
            | Event::CallFinished { .. }
            | Event::RoundArtifact { .. }
            | Event::CostUpdated { .. }
            | Event::Completed
            | Event::Failed { .. }
            | Event::Aborted
            | Event::Paused { .. }
            | Event::SessionUpdated(_)
            | Event::QuestionUpdated(_) => {}
        }
    }
    events
}

fn read_back(event: &Event) -> Event {
    let json = serde_json::to_string(event).expect("an event serialises");
    serde_json::from_str(&json).unwrap_or_else(|error| panic!("{}: {error}", event.kind()))
}

#[test]
fn every_kind_of_event_reads_back_equal() {
    let events = one_of_each();
    let mut kinds: Vec<&str> = events.iter().map(Event::kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds.len(), events.len(), "one event of each kind");
    for event in &events {
        assert_eq!(&read_back(event), event, "{}", event.kind());
    }
}

#[test]
fn every_event_of_a_scripted_consult_and_benchmark_reads_back_equal() {
    let (_, consult) = consult_run();
    let (_, benchmark) = benchmark_run();
    assert!(consult.len() > 20 && benchmark.len() > 20);
    for event in consult.iter().chain(&benchmark) {
        assert_eq!(&read_back(event), event, "{}", event.kind());
    }
}

#[test]
fn a_state_change_read_back_names_the_same_states() {
    let read = read_back(&Event::StateChanged {
        from: "idle".into(),
        to: "estimating".into(),
    });
    let Event::StateChanged { from, to } = read else {
        panic!("{read:?}");
    };
    assert_eq!((from.as_ref(), to.as_ref()), ("idle", "estimating"));
}

#[test]
fn a_benchmarks_progress_reads_back_equal() {
    let (ended, _) = benchmark_run();
    let now: BenchmarkProgress = progress(&ended, 40).expect("a benchmark's progress");
    let json = serde_json::to_string(&now).unwrap();
    assert_eq!(
        serde_json::from_str::<BenchmarkProgress>(&json).unwrap(),
        now
    );
}
