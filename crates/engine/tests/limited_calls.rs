//! At most N requests in flight per provider (`LimitedCaller`, the benchmark's bound on parallel
//! requests), under hedging: a call waiting for a slot has not gone out, so its hedge deadline and
//! its provider's time to first text start when it does. Virtual time, so every queue runs the
//! same way.
use crate::common;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use common::{session_with, NOW_MS};
use consilium_engine::benchmark::limit::LimitedCaller;
use consilium_engine::testing::{
    is_backup, run_virtual, LatencyCaller, RecordingSink, VirtualClock,
};
use consilium_engine::{
    consult::demo::demo_config, consult::run_consult, foundation::participants::Backup,
    harness::demo::DEMO_PROVIDER_ID, harness::io::CallFailure, harness::io::CallProgress,
    harness::io::CallReply, harness::io::CallRequest, harness::io::Clock,
    harness::io::FirstTextTimes, harness::io::HedgeDeadline, harness::io::ModelCaller,
    record::consult::config::ConsultConfig, record::consult::state::ConsultState, record::Session,
};

const FAST_MS: u64 = 1_500;
const SLOW_MS: u64 = 10_000;
const AFTER_2S: Option<HedgeDeadline> = Some(HedgeDeadline::After { ms: 2_000 });

/// The demo council, every seat backed by a model on another provider.
fn backed_config() -> ConsultConfig {
    let mut config = demo_config();
    let backup = Backup {
        provider_id: "spare".into(),
        provider_label: "Spare".into(),
        model: "spare-model".into(),
        price: None,
    };
    for seat in config.panelists.iter_mut().chain([&mut config.judge]) {
        seat.backup = Some(backup.clone());
    }
    config
}

/// One request as it reached the provider: its call, whether it went to the backup, when (ms after
/// the run started), and the requests in flight to its provider with it.
#[derive(Debug)]
struct Sent {
    call_id: String,
    backup: bool,
    at_ms: u64,
    in_flight: usize,
}

/// `inner`, logging each request as it goes out and counting the requests in flight per provider;
/// it keeps the providers' times to first text so the test can read them.
struct Logged<'c> {
    inner: LatencyCaller<'c>,
    clock: &'c VirtualClock,
    sent: RefCell<Vec<Sent>>,
    in_flight: RefCell<HashMap<String, usize>>,
    most_in_flight: Cell<usize>,
    times: FirstTextTimes,
}

struct InFlight<'a>(&'a RefCell<HashMap<String, usize>>, String);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        *self.0.borrow_mut().get_mut(&self.1).expect("counted") -= 1;
    }
}

impl ModelCaller for Logged<'_> {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let provider = request.target.provider_id.to_string();
        let in_flight = {
            let mut counts = self.in_flight.borrow_mut();
            let count = counts.entry(provider.clone()).or_default();
            *count += 1;
            *count
        };
        let _counted = InFlight(&self.in_flight, provider);
        self.most_in_flight
            .set(self.most_in_flight.get().max(in_flight));
        self.sent.borrow_mut().push(Sent {
            call_id: request.call_id.clone(),
            backup: is_backup(&request),
            at_ms: self.clock.now_ms() - NOW_MS,
            in_flight,
        });
        self.inner.call(request, progress).await
    }

    fn hedge_deadline(&self) -> Option<HedgeDeadline> {
        self.inner.hedge_deadline()
    }

    fn first_text_times(&self) -> Option<&FirstTextTimes> {
        Some(&self.times)
    }
}

/// The consult through `LimitedCaller` with `per_provider` slots, `slow` calls' own requests
/// straggling; the session and the requests as they went out.
fn run_limited(
    per_provider: u32,
    slow: &[&str],
    deadline: Option<HedgeDeadline>,
) -> (Session, Vec<Sent>, usize, Vec<u64>) {
    let clock = VirtualClock::starting_at(NOW_MS);
    let mut inner = LatencyCaller::new(&clock, FAST_MS, SLOW_MS);
    inner.slow = slow.iter().map(|s| s.to_string()).collect();
    inner.deadline = deadline;
    let logged = Logged {
        inner,
        clock: &clock,
        sent: RefCell::default(),
        in_flight: RefCell::default(),
        most_in_flight: Cell::new(0),
        times: FirstTextTimes::default(),
    };
    let limited = LimitedCaller::new(&logged, per_provider);
    let sink = RecordingSink::default();
    let session = run_virtual(
        &clock,
        run_consult(session_with(backed_config()), &limited, &clock, &sink),
    );
    let times = logged.times.of(&DEMO_PROVIDER_ID.into());
    (
        session,
        logged.sent.into_inner(),
        logged.most_in_flight.get(),
        times,
    )
}

#[test]
fn no_more_requests_than_the_limit_are_in_flight_to_a_provider() {
    let (session, sent, most, _) = run_limited(2, &[], None);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert_eq!(most, 2, "{sent:?}");
    // Round 1's three panelists: two at once, the third when one of them ends.
    let round_one: Vec<u64> = sent
        .iter()
        .filter(|s| s.call_id.starts_with("r1-"))
        .map(|s| s.at_ms)
        .collect();
    assert_eq!(round_one, [0, 0, FAST_MS]);
    assert!(sent.iter().all(|s| s.in_flight <= 2));
}

#[test]
fn a_call_waiting_for_a_slot_is_not_hedged_for_its_wait() {
    // One slot: round 1's panelists go out at 0, 1.5 and 3 s, each answering 1.5 s after it
    // went out (first text at 0.3 s). The third waited 3 s in the queue, past the 2 s deadline,
    // but it was on time once out: no backup is asked.
    let (session, sent, most, _) = run_limited(1, &[], AFTER_2S);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    assert_eq!(most, 1);
    let round_one: Vec<(&str, u64)> = sent
        .iter()
        .filter(|s| s.call_id.starts_with("r1-"))
        .map(|s| (s.call_id.as_str(), s.at_ms))
        .collect();
    assert_eq!(
        round_one,
        [
            ("r1-panelist-1", 0),
            ("r1-panelist-2", FAST_MS),
            ("r1-panelist-3", 2 * FAST_MS)
        ]
    );
    assert!(sent.iter().all(|s| !s.backup), "no backup asked: {sent:?}");
    assert!(session.calls.iter().all(|c| c.substituted.is_none()));
}

#[test]
fn a_queued_straggler_is_hedged_a_deadline_after_it_went_out() {
    // The third panelist goes out at 3 s and is silent: its backup (another provider, free) is
    // asked 2 s later, at 5 s, and answers.
    let (session, sent, _, _) = run_limited(1, &["r1-panelist-3"], AFTER_2S);
    assert_eq!(session.consult_state(), Some(ConsultState::Complete));
    let third: Vec<(bool, u64)> = sent
        .iter()
        .filter(|s| s.call_id == "r1-panelist-3")
        .map(|s| (s.backup, s.at_ms))
        .collect();
    assert_eq!(third, [(false, 2 * FAST_MS), (true, 2 * FAST_MS + 2_000)]);
    let won = session
        .calls
        .iter()
        .find(|c| c.call_id == "r1-panelist-3")
        .expect("recorded");
    let substituted = won.substituted.as_ref().expect("the backup answered");
    assert_eq!(substituted.after_ms, 2_000);
    // Only the straggler was hedged.
    assert_eq!(sent.iter().filter(|s| s.backup).count(), 1, "{sent:?}");
}

#[test]
fn a_providers_time_to_first_text_leaves_out_the_wait_for_a_slot() {
    // Every request's first text comes 0.3 s after it went out, however long it queued, so the
    // adaptive deadline follows the provider, not the queue.
    let (_, _, _, times) = run_limited(1, &[], AFTER_2S);
    assert!(!times.is_empty());
    let first_text_ms = (FAST_MS as f64 * 0.2) as u64;
    assert!(times.iter().all(|&ms| ms == first_text_ms), "{times:?}");
}
