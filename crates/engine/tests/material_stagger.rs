//! The staggered panel: with material big enough for the provider to cache, a round's panelists
//! on one model do not all go at once; the first goes ahead and the others follow once it has
//! begun answering (its first streamed text) or has ended, so they read the prefix it wrote.
//! Calls on different models, and material too small to cache, go at once.
use crate::common;

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use common::{attach_contract, run, session_with, NOW_MS};
use consilium_engine::consult::caching::{reads_material_cache, staggered};
use consilium_engine::consult::demo::{demo_config, demo_reply};
use consilium_engine::consult::run_consult;
use consilium_engine::harness::io::{
    CallFailure, CallProgress, CallReply, CallRequest, ModelCaller,
};
use consilium_engine::record::consult::config::ConsultConfig;
use consilium_engine::testing::{CallLog, FixedClock, RecordingSink, ScriptedCaller};
use consilium_providers::FailureKind;
use futures::executor::block_on;

/// A consult whose seats are all on `model`, with `clauses` lines of material.
fn config(model: &str, clauses: usize) -> ConsultConfig {
    let mut config = demo_config();
    for seat in config.panelists.iter_mut() {
        seat.model = model.into();
    }
    config.judge.model = model.into();
    attach_contract(&mut config, clauses);
    config
}

/// Big enough for OpenAI's 1,024-token minimum; tiny is far below it.
const BIG: usize = 400;
const TINY: usize = 3;

fn position(log: &[CallLog], entry: CallLog) -> usize {
    log.iter()
        .position(|e| *e == entry)
        .unwrap_or_else(|| panic!("{entry:?} in {log:?}"))
}

fn started(log: &[CallLog], call_id: &str) -> usize {
    position(log, CallLog::Started(call_id.into()))
}

fn finished(log: &[CallLog], call_id: &str) -> usize {
    position(log, CallLog::Finished(call_id.into()))
}

/// The call log of a consult on `config`, run to its end on the demo's replies.
fn call_log(config: ConsultConfig) -> Vec<CallLog> {
    let caller = ScriptedCaller::over_demo();
    let (session, _) = run(session_with(config), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    caller.log()
}

/// Round 1's later panelists start before the first has ended: nobody is held.
fn assert_round_one_goes_at_once(config: ConsultConfig) {
    let log = call_log(config);
    let first_end = finished(&log, "r1-panelist-1");
    for panelist in ["r1-panelist-2", "r1-panelist-3"] {
        assert!(started(&log, panelist) < first_end, "{log:?}");
    }
}

#[test]
fn the_others_on_the_model_wait_for_the_first_to_answer() {
    let log = call_log(config("gpt-4.1", BIG));
    let leader = finished(&log, "r1-panelist-1");
    assert!(started(&log, "r1-panelist-2") > leader, "{log:?}");
    assert!(started(&log, "r1-panelist-3") > leader, "{log:?}");
    // The held calls go together: neither waits for the other.
    assert!(
        started(&log, "r1-panelist-3") < finished(&log, "r1-panelist-2"),
        "{log:?}"
    );
    // Round 3 reads what round 1 wrote: nobody is held.
    assert!(
        started(&log, "r3-panelist-3") < finished(&log, "r3-panelist-1"),
        "{log:?}"
    );
}

#[test]
fn with_tiny_material_nobody_is_held() {
    assert_round_one_goes_at_once(config("gpt-4.1", TINY));
}

#[test]
fn calls_on_different_models_go_at_once() {
    let mut config = config("gpt-4.1", BIG);
    config.panelists[1].model = "gpt-4o".into();
    config.panelists[2].model = "gpt-4.1-mini".into();
    assert_round_one_goes_at_once(config);
}

#[test]
fn a_model_that_caches_nothing_known_is_not_held() {
    let log = call_log(config("local-llama", BIG));
    assert!(
        started(&log, "r1-panelist-3") < finished(&log, "r1-panelist-1"),
        "{log:?}"
    );
}

#[test]
fn a_first_call_that_fails_lets_the_others_go() {
    let failure = CallFailure {
        kind: FailureKind::KNOWN[0].clone(),
        message: "The server is down.".into(),
    };
    let caller = ScriptedCaller::over_demo().fail("r1-panelist-1", failure);
    let (session, _) = run(session_with(config("gpt-4.1", BIG)), &caller);
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    let log = caller.log();
    assert!(started(&log, "r1-panelist-2") > finished(&log, "r1-panelist-1"));
}

#[test]
fn anthropic_models_are_held_too_and_the_estimate_counts_who_reads() {
    let config = config("claude-sonnet-4-5", BIG);
    let [first, second] = [0, 1].map(|i| config.panelists[i].clone());
    assert!(staggered(&config, 1, &first) && staggered(&config, 1, &second));
    // Round 3 and the judge read what earlier steps wrote: no hold.
    assert!(!staggered(&config, 3, &first));
    assert!(!staggered(&config, 2, &config.judge));
    let openai = self::config("gpt-4.1", BIG);
    let [first, second, third] = [0, 1, 2].map(|i| openai.panelists[i].clone());
    assert!(!reads_material_cache(&openai, 1, &first));
    assert!(reads_material_cache(&openai, 1, &second));
    assert!(reads_material_cache(&openai, 1, &third));
    assert!(reads_material_cache(&openai, 3, &first));
    let tiny = self::config("gpt-4.1", TINY);
    assert!(!reads_material_cache(&tiny, 1, &tiny.panelists[1]));
}

/// Streams each reply in two pieces, with turns of the executor between them, and logs when the
/// first piece arrived, so a call held behind it can be seen to go before it ends.
#[derive(Default)]
struct TwoPieceCaller {
    log: RefCell<Vec<String>>,
}

struct Yield(bool);

impl Future for Yield {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            return Poll::Ready(());
        }
        self.0 = true;
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

impl ModelCaller for TwoPieceCaller {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let id = request.call_id.clone();
        self.log.borrow_mut().push(format!("start {id}"));
        Yield(false).await;
        let reply = demo_reply(&request);
        let half = reply.text.len() / 2;
        let half = (0..=half)
            .rev()
            .find(|i| reply.text.is_char_boundary(*i))
            .unwrap();
        progress.delta(&reply.text[..half], false);
        self.log.borrow_mut().push(format!("first piece {id}"));
        for _ in 0..5 {
            Yield(false).await;
        }
        progress.delta(&reply.text[half..], false);
        self.log.borrow_mut().push(format!("end {id}"));
        Ok(reply)
    }
}

#[test]
fn the_held_calls_go_once_the_first_piece_arrives_not_at_the_end() {
    let caller = TwoPieceCaller::default();
    let sink = RecordingSink::default();
    let session = block_on(run_consult(
        session_with(config("gpt-4.1", BIG)),
        &caller,
        &FixedClock(NOW_MS),
        &sink,
    ));
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    let log = caller.log.borrow();
    let at = |entry: &str| log.iter().position(|e| e == entry).unwrap();
    let first_piece = at("first piece r1-panelist-1");
    for held in ["start r1-panelist-2", "start r1-panelist-3"] {
        assert!(at(held) > first_piece, "{log:?}");
        assert!(at(held) < at("end r1-panelist-1"), "{log:?}");
    }
}

#[test]
fn a_first_call_the_user_cancelled_sends_none_of_the_held_ones() {
    let caller = ScriptedCaller::over_demo().fail("r1-panelist-1", CallFailure::cancelled());
    let (session, _) = run(session_with(config("gpt-4.1", BIG)), &caller);
    assert_eq!(session.state, "aborted", "{:?}", session.failure);
    assert_eq!(caller.call_ids(), ["r1-panelist-1"]);
}
