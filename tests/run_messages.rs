//! The run driver's messages cross a boundary (to a worker, by postMessage): every command and
//! every report serialises to JSON and reads back equal. `one_of_each_*` match every variant by
//! name, so a new one does not compile until it is added here. The engine's events, carried by
//! `RunReport::Event`, are each read back in the engine's own test (`tests/event_messages.rs`).
//! Native only.
#![cfg(not(target_family = "wasm"))]

use consilium::run::keys::RunKeys;
use consilium::run::messages::{reported, BenchmarkResults, RunCommand, RunHow, RunReport};
use consilium::settings::Settings;
use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark_council::view::results::{arms_results, body_council_choice};
use consilium_engine::demo::demo_session;
use consilium_engine::harness::events::Event;
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::record::benchmark::outcomes_apart::RecordUpdate;
use consilium_engine::record::{CallId, Protocol};
use consilium_engine::views::costs::session_cost_line;
use serde::{de::DeserializeOwned, Serialize};

const NOW_MS: u64 = 1_700_000_000_000;

fn read_back<T: Serialize + DeserializeOwned>(message: &T) -> T {
    let json = serde_json::to_string(message).expect("a message serialises");
    serde_json::from_str(&json).unwrap_or_else(|error| panic!("{error}: {json:.200}"))
}

fn keys() -> RunKeys {
    RunKeys::of(["openai", "anthropic", "local"], |id| match id {
        "openai" => Some("sk-test-openai".into()),
        "anthropic" => Some("sk-ant-test".into()),
        _ => None,
    })
}

fn one_of_each_command() -> Vec<RunCommand> {
    let hows = [
        RunHow::Launch,
        RunHow::Resume,
        RunHow::Amend,
        RunHow::CrossExamineAnyway,
    ];
    for how in hows {
        match how {
            RunHow::Launch | RunHow::Resume | RunHow::Amend | RunHow::CrossExamineAnyway => {}
        }
    }
    let mut commands: Vec<RunCommand> = [
        Protocol::Consult,
        Protocol::Review,
        Protocol::Prioritize,
        Protocol::Benchmark,
    ]
    .into_iter()
    .zip(hows)
    .map(|(protocol, how)| RunCommand::Start {
        session: Box::new(demo_session(
            protocol,
            format!("{protocol:?}-1").into(),
            NOW_MS,
        )),
        settings: Box::new(Settings::default()),
        keys: keys(),
        how,
    })
    .collect();
    commands.extend([RunCommand::Cancel, RunCommand::SkipDemoPace]);
    for command in &commands {
        match command {
            RunCommand::Start { .. } | RunCommand::Cancel | RunCommand::SkipDemoPace => {}
        }
    }
    commands
}

fn one_of_each_report() -> Vec<RunReport> {
    let consult = demo_session(Protocol::Consult, "c-1".into(), NOW_MS);
    let benchmark = demo_session(Protocol::Benchmark, "b-1".into(), NOW_MS);
    let reports = vec![
        RunReport::Refused {
            notice: "This session is running in another tab.".into(),
        },
        RunReport::Event(Event::CallDelta {
            call_id: CallId::seat(1, "panelist-2"),
            text: "{\"position\": \"Yes".into(),
            restart: false,
        }),
        RunReport::Event(Event::SessionUpdated(Box::new(consult.clone()))),
        RunReport::BenchmarkProgress(progress(&benchmark, 1_500).expect("a benchmark's progress")),
        RunReport::BenchmarkResults(Box::new(BenchmarkResults::new(
            benchmark.id.clone(),
            0,
            &arms_results(benchmark.benchmark().expect("a benchmark")),
            &body_council_choice(benchmark.benchmark().expect("a benchmark")),
            session_cost_line(&benchmark),
        ))),
        RunReport::BenchmarkRecord(Box::new(RecordUpdate::between(&benchmark, &benchmark))),
        RunReport::Saved {
            summary: SessionSummary::of(&consult),
            note: Some("Storage is full: only the cited passages were kept.".into()),
        },
        RunReport::SaveFailed {
            message: "Browser storage is full, so this was not saved.".into(),
        },
        RunReport::Finished {
            session: Some(Box::new(consult)),
        },
        RunReport::Finished { session: None },
    ];
    for report in &reports {
        match report {
            RunReport::Refused { .. }
            | RunReport::Event(_)
            | RunReport::BenchmarkProgress(_)
            | RunReport::BenchmarkResults(_)
            | RunReport::BenchmarkRecord(_)
            | RunReport::Saved { .. }
            | RunReport::SaveFailed { .. }
            | RunReport::Finished { .. } => {}
        }
    }
    reports
}

#[test]
fn every_command_reads_back_equal() {
    for command in one_of_each_command() {
        assert_eq!(read_back(&command), command);
    }
}

#[test]
fn every_report_reads_back_equal() {
    for report in one_of_each_report() {
        assert_eq!(read_back(&report), report);
    }
}

#[test]
fn a_start_carries_its_keys_across_but_never_prints_them() {
    let start = &one_of_each_command()[0];
    let printed = format!("{start:?}");
    assert!(!printed.contains("sk-test-openai"), "{printed:.300}");
    assert!(printed.contains("[redacted]"));
    let RunCommand::Start { keys, .. } = read_back(start) else {
        panic!("a start");
    };
    assert_eq!(keys.get("openai"), Some("sk-test-openai"));
    assert_eq!(keys.get("anthropic"), Some("sk-ant-test"));
    assert_eq!(keys.get("local"), None);
}

#[test]
fn only_a_new_session_and_amended_code_are_saved_before_their_run() {
    assert!(RunHow::Launch.saves_first());
    assert!(RunHow::Amend.saves_first());
    assert!(!RunHow::Resume.saves_first());
    assert!(!RunHow::CrossExamineAnyway.saves_first());
}

#[test]
fn a_batch_joins_one_calls_streamed_pieces_keeps_order_and_a_restart_drops_what_came_before() {
    use consilium::run::batch::{crosses_at_once, Batch};
    let call = |n: &str| CallId::parse(n).expect("a call id");
    let delta = |id: &str, text: &str, restart: bool| {
        RunReport::Event(Event::CallDelta {
            call_id: call(id),
            text: text.into(),
            restart,
        })
    };
    let mut batch = Batch::default();
    for report in [
        delta("r1-panelist-1", "Hel", false),
        delta("r1-panelist-1", "lo", false),
        delta("r1-panelist-2", "Other", false),
        delta("r1-panelist-1", " again", false),
        delta("r1-panelist-1", "Retried", true),
        delta("r1-panelist-1", " text", false),
        RunReport::SaveFailed {
            message: "full".into(),
        },
        delta("r1-panelist-1", "!", false),
    ] {
        batch.push(report);
    }
    assert_eq!(
        batch.take(),
        vec![
            delta("r1-panelist-1", "Hello", false),
            delta("r1-panelist-2", "Other", false),
            delta("r1-panelist-1", "Retried text", true),
            RunReport::SaveFailed {
                message: "full".into()
            },
            delta("r1-panelist-1", "!", false),
        ]
    );
    assert!(batch.is_empty());
    assert!(crosses_at_once(&RunReport::Finished { session: None }));
    assert!(!crosses_at_once(&delta("r1-panelist-1", "x", false)));
}

#[test]
fn a_benchmarks_results_read_back_as_the_views_the_driver_computed() {
    let benchmark = demo_session(Protocol::Benchmark, "b-1".into(), NOW_MS);
    let body = benchmark.benchmark().expect("a benchmark");
    let (results, choice) = (arms_results(body), body_council_choice(body));
    let crossed = read_back(&BenchmarkResults::new(
        benchmark.id.clone(),
        0,
        &results,
        &choice,
        session_cost_line(&benchmark),
    ));
    assert_eq!(crossed.views(), Some((results, choice)));
}

#[test]
fn a_benchmarks_calls_and_the_cost_events_stay_with_the_driver() {
    let call_events = |call_id: CallId| {
        [
            Event::CallStarted {
                call_id: call_id.clone(),
                round_number: 1,
                participant_id: "panelist-1".into(),
            },
            Event::CallDelta {
                call_id: call_id.clone(),
                text: "Yes".into(),
                restart: false,
            },
            Event::CallNote {
                call_id: call_id.clone(),
                note: Some("Retrying in 2 s.".into()),
            },
            Event::CallFinished {
                call_id,
                participant_id: "panelist-1".into(),
                ok: true,
                error: None,
                answered_by: None,
            },
        ]
    };
    for event in call_events(CallId::seat(1, "panelist-1")) {
        assert!(reported(&event), "a consult's call is drawn: {event:?}");
    }
    for event in call_events(CallId::seat(1, "panelist-1").in_question("q-7")) {
        assert!(!reported(&event), "a benchmark's call is not: {event:?}");
    }
    assert!(!reported(&Event::CostUpdated {
        spent_usd: 0.1,
        unpriced_calls: 0,
        budget_usd: None,
    }));
    let benchmark = demo_session(Protocol::Benchmark, "b-1".into(), NOW_MS);
    for event in [
        Event::Completed,
        Event::Aborted,
        Event::Failed {
            reason: "The budget ran out.".into(),
        },
        Event::SessionUpdated(Box::new(benchmark)),
    ] {
        assert!(reported(&event), "{event:?}");
    }
}

#[test]
fn a_batch_keeps_only_the_latest_progress_and_the_latest_save_of_a_session() {
    use consilium::run::batch::Batch;
    let benchmark = demo_session(Protocol::Benchmark, "b-1".into(), NOW_MS);
    let other = demo_session(Protocol::Consult, "c-1".into(), NOW_MS);
    let at = |ms| RunReport::BenchmarkProgress(progress(&benchmark, ms).expect("a progress"));
    let saved =
        |session: &consilium_engine::record::Session, note: Option<&str>| RunReport::Saved {
            summary: SessionSummary::of(session),
            note: note.map(str::to_string),
        };
    let question = RunReport::Event(Event::Completed);
    let mut batch = Batch::default();
    for report in [
        at(100),
        saved(&benchmark, None),
        question.clone(),
        saved(&other, None),
        at(200),
        saved(&benchmark, Some("Storage is full.")),
    ] {
        batch.push(report);
    }
    assert_eq!(
        batch.take(),
        vec![
            question,
            saved(&other, None),
            at(200),
            saved(&benchmark, Some("Storage is full.")),
        ]
    );
}
