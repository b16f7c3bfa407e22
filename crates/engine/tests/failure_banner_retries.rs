//! The failure banner after retried calls: a call retried after a 503, a cut stream or
//! a stream without its end marker is one failed call, and the banner names each seat once, in seat
//! order, in one sentence, whatever order the records were written in.
use crate::common;

use common::*;
use consilium_engine::testing::{text_reply, ScriptedCaller};
use consilium_engine::views::failure::failure_report;
use consilium_engine::{harness::io::CallFailure, record::consult::state::ConsultState};

const UNAVAILABLE: &str = "The server answered 503 Service Unavailable: the model is loading.";

fn unavailable() -> CallFailure {
    CallFailure {
        kind: "http".into(),
        message: format!("{UNAVAILABLE} Tried 3 times. Resume the session to try this call again; completed work is kept."),
    }
}

fn cut() -> consilium_engine::harness::io::CallReply {
    text_reply("{\"position\": \"Adopt Rust for the ingest")
}

/// Every panelist fails alike; `retried` first lose a stream (`error`) and are retried.
fn caller(retried: &[&str], error: &str) -> ScriptedCaller {
    let mut caller = ScriptedCaller::over_demo();
    for id in ["r1-panelist-1", "r1-panelist-2", "r1-panelist-3"] {
        caller = caller.fail(id, unavailable());
    }
    for id in retried {
        caller = caller.cut_attempt(id, cut(), error);
    }
    caller
}

fn banner_of(caller: &ScriptedCaller) -> (String, Vec<String>) {
    let (session, _) = run(demo_session(), caller);
    assert_eq!(session.consult_state(), Some(ConsultState::Failed));
    let report = failure_report(&session).expect("a failed run has a report");
    assert_eq!(report.problems.len(), 1, "{report:?}");
    let labels: Vec<String> = session
        .participants
        .iter()
        .filter(|p| p.id.as_str().starts_with("panelist"))
        .map(|p| p.label.clone())
        .collect();
    (report.summary_line(), labels)
}

#[test]
fn retried_calls_name_each_seat_once_in_seat_order_in_one_sentence() {
    for error in [
        "The server answered 503 Service Unavailable.",
        "The stream was cut off.",
        "The stream ended without its end marker.",
    ] {
        for retried in [
            &["r1-panelist-1"][..],
            &["r1-panelist-2"],
            &["r1-panelist-1", "r1-panelist-3"],
        ] {
            let (line, labels) = banner_of(&caller(retried, error));
            let expected = format!(
                "Round 1 needs at least 2 usable answers and got 0. {}, {} and {} got no usable reply this way.",
                labels[0], labels[1], labels[2]
            );
            assert_eq!(line, expected, "retried {retried:?} after {error:?}");
            for label in &labels {
                assert_eq!(
                    line.matches(label.as_str()).count(),
                    1,
                    "{label} once in {line:?}"
                );
            }
        }
    }
}

#[test]
fn without_retries_the_line_is_the_same() {
    let (line, labels) = banner_of(&caller(&[], ""));
    assert_eq!(
        line,
        format!(
            "Round 1 needs at least 2 usable answers and got 0. {}, {} and {} got no usable reply this way.",
            labels[0], labels[1], labels[2]
        )
    );
}

/// The session as a browser records it when the retried call of an earlier seat ends after a
/// later seat's: round 1's final records in the order `order` (indices into seats 1..3).
fn ended_in_order(caller: &ScriptedCaller, order: [usize; 3]) -> consilium_engine::record::Session {
    let (mut session, _) = run(demo_session(), caller);
    let finals: Vec<usize> = session
        .calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.round == 1 && !c.call_id.contains("-attempt-"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(finals.len(), 3);
    let records: Vec<_> = finals.iter().map(|&i| session.calls[i].clone()).collect();
    for (slot, &from) in finals.iter().zip(order.iter()) {
        session.calls[*slot] = records[from].clone();
    }
    session
}

#[test]
fn a_seat_whose_retry_ended_last_is_still_named_once_in_its_place() {
    for error in [
        "The server answered 503 Service Unavailable.",
        "The stream was cut off.",
        "The stream ended without its end marker.",
    ] {
        for order in [[1, 0, 2], [2, 1, 0], [1, 2, 0]] {
            let session = ended_in_order(&caller(&["r1-panelist-1"], error), order);
            let report = failure_report(&session).expect("a report");
            let labels: Vec<String> = session
                .participants
                .iter()
                .filter(|p| p.id.as_str().starts_with("panelist"))
                .map(|p| p.label.clone())
                .collect();
            assert_eq!(
                report.summary_line(),
                format!(
                    "Round 1 needs at least 2 usable answers and got 0. {}, {} and {} got no usable reply this way.",
                    labels[0], labels[1], labels[2]
                ),
                "records ended in order {order:?} after {error:?}"
            );
            assert_eq!(report.problems[0].affected, labels);
        }
    }
}
