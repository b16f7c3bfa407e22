//! Test doubles for driving the engine deterministically: a caller that replies from a script (and
//! shows whether calls overlap), a fixed clock and a sink that records every event. Used by the
//! engine's tests and by the app's browser tests.

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use crate::consult::demo::demo_reply;
use crate::consult::reply_envelope::as_sent;
use crate::harness::events::{Event, EventSink};
use crate::harness::io::{CallFailure, CallProgress, CallReply, CallRequest, Clock, ModelCaller};
use crate::record::{Protocol, Session};

type Responder = Box<dyn Fn(&CallRequest) -> Result<CallReply, CallFailure>>;

/// When a call started and finished, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallLog {
    Started(String),
    Finished(String),
}

/// Replies by call id (`r1-panelist-2`, `r1-panelist-2-reask`, `r3-judge`, ...), falling back to a
/// responder for calls without a scripted reply. Each call yields once to the executor before it
/// replies, so calls the engine makes concurrently are all started before any finishes.
pub struct ScriptedCaller {
    scripted: HashMap<String, Result<CallReply, CallFailure>>,
    /// Attempts that are cut off (partial reply, error) before a call's outcome, by call id.
    cut_attempts: HashMap<String, Vec<(CallReply, String)>>,
    fallback: Responder,
    requests: RefCell<Vec<CallRequest>>,
    log: RefCell<Vec<CallLog>>,
}

impl ScriptedCaller {
    /// Unscripted calls get the demo council's replies, which are valid in every round.
    pub fn over_demo() -> Self {
        Self::new(|request| Ok(demo_reply(request)))
    }

    pub fn new(
        fallback: impl Fn(&CallRequest) -> Result<CallReply, CallFailure> + 'static,
    ) -> Self {
        Self {
            scripted: HashMap::new(),
            cut_attempts: HashMap::new(),
            fallback: Box::new(fallback),
            requests: RefCell::new(Vec::new()),
            log: RefCell::new(Vec::new()),
        }
    }

    /// Replies `text` to `call_id`, with no usage and no cost reported.
    pub fn reply(self, call_id: &str, text: impl Into<String>) -> Self {
        self.reply_with(call_id, text_reply(text))
    }

    pub fn reply_with(mut self, call_id: &str, reply: CallReply) -> Self {
        self.scripted.insert(call_id.to_string(), Ok(reply));
        self
    }

    pub fn fail(mut self, call_id: &str, failure: CallFailure) -> Self {
        self.scripted.insert(call_id.to_string(), Err(failure));
        self
    }

    /// Before its outcome, `call_id` first streams `partial.text` and is cut off with `error`, as
    /// a shell that retries after a dropped stream reports it. Repeatable: one attempt per call.
    pub fn cut_attempt(mut self, call_id: &str, partial: CallReply, error: &str) -> Self {
        self.cut_attempts
            .entry(call_id.to_string())
            .or_default()
            .push((partial, error.to_string()));
        self
    }

    /// Every request received, in the order the calls started.
    pub fn requests(&self) -> Vec<CallRequest> {
        self.requests.borrow().clone()
    }

    pub fn call_ids(&self) -> Vec<String> {
        self.requests
            .borrow()
            .iter()
            .map(|r| r.call_id.clone())
            .collect()
    }

    pub fn log(&self) -> Vec<CallLog> {
        self.log.borrow().clone()
    }
}

impl ModelCaller for ScriptedCaller {
    /// A reply's text is streamed as one delta, as a provider that does not stream would.
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        self.log
            .borrow_mut()
            .push(CallLog::Started(request.call_id.clone()));
        self.requests.borrow_mut().push(request.clone());
        YieldOnce::default().await;
        for (partial, error) in self
            .cut_attempts
            .get(&request.call_id)
            .into_iter()
            .flatten()
        {
            progress.delta(&partial.text, false);
            progress.attempt_failed(partial.clone(), error);
            progress.delta("", true);
        }
        let outcome = match self.scripted.get(&request.call_id) {
            // Scripted as the round's object alone: sent as a model fills the consult's envelope.
            Some(Ok(reply)) => Ok(CallReply {
                text: as_sent(&request, &reply.text),
                ..reply.clone()
            }),
            Some(failed) => failed.clone(),
            None => (self.fallback)(&request),
        };
        if let Ok(reply) = &outcome {
            progress.delta(&reply.text, false);
        }
        self.log
            .borrow_mut()
            .push(CallLog::Finished(request.call_id));
        outcome
    }
}

/// Whether `request` is the hedge to its seat's backup model: its target is labelled as
/// `CallTarget::backup` labels one.
pub fn is_backup(request: &CallRequest) -> bool {
    request.target.label.contains(" (backup ")
}

/// A reply with only text: usage unreported, cost unknown.
pub fn text_reply(text: impl Into<String>) -> CallReply {
    CallReply {
        text: text.into(),
        ..CallReply::default()
    }
}

/// Always the same instant.
pub struct FixedClock(pub u64);

impl Clock for FixedClock {
    fn now_ms(&self) -> u64 {
        self.0
    }
}

#[derive(Default)]
pub struct RecordingSink {
    events: RefCell<Vec<Event>>,
}

impl RecordingSink {
    pub fn events(&self) -> Vec<Event> {
        self.events.borrow().clone()
    }

    /// The events' full names, with the prefix of the protocol that started the run.
    pub fn names(&self) -> Vec<&'static str> {
        let events = self.events.borrow();
        let protocol = events
            .iter()
            .find_map(|event| match event {
                Event::Started { protocol, .. } => Some(*protocol),
                _ => None,
            })
            .unwrap_or(Protocol::Consult);
        events.iter().map(|event| event.name(protocol)).collect()
    }

    /// The session after each save the run handed over, as the shell follows it: a whole
    /// session taken as it is, a question's update patched into a copy of the one before.
    pub fn saved_sessions(&self) -> Vec<Session> {
        let mut saved: Vec<Session> = Vec::new();
        for event in self.events.borrow().iter() {
            match event {
                Event::SessionUpdated(session) => saved.push((**session).clone()),
                Event::QuestionUpdated(update) => {
                    let mut next = saved
                        .last()
                        .cloned()
                        .expect("a question's update comes after a whole session");
                    assert!(
                        update.apply(&mut next),
                        "the update fits the session before it"
                    );
                    saved.push(next);
                }
                _ => {}
            }
        }
        saved
    }
}

impl EventSink for RecordingSink {
    fn emit(&self, event: Event) {
        self.events.borrow_mut().push(event);
    }
}

/// Pending once (after asking to be polled again), then ready: lets other futures run.
#[derive(Default)]
pub(crate) struct YieldOnce {
    yielded: bool,
}

impl Future for YieldOnce {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.yielded {
            return Poll::Ready(());
        }
        self.yielded = true;
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

/// Model text that tries to run script or load something, in every way Markdown allows.
pub const XSS_CORPUS: &[&str] = &[
    "<script>window.__xss = 1</script>",
    "<img src=x onerror=\"window.__xss = 1\">",
    "[click](javascript:window.__xss=1)",
    "[click]( JAVASCRIPT:window.__xss=1 )",
    "<iframe src=\"javascript:window.__xss=1\"></iframe>",
    "<svg onload=\"window.__xss=1\"><script>window.__xss=1</script></svg>",
    "![x](javascript:window.__xss=1)",
    "<a href=\"javascript:window.__xss=1\">x</a>",
    "[x](data:text/html,<script>window.__xss=1</script>)",
    "<div style=\"background:url(javascript:window.__xss=1)\">x</div>",
    "`<script>`  **<b onmouseover=window.__xss=1>bold</b>**",
    "<<script>script>window.__xss=1<</script>/script>",
];

/// Virtual time for hedged calls: `sleep_ms` futures resolve when `run_virtual` moves the clock to
/// their deadline, which it does only when nothing else can make progress, and wakes them as real
/// timers do (a future polled only when woken, as `FuturesUnordered` polls its own, then runs).
/// A whole hedged session runs in milliseconds, the same way every time.
#[derive(Default)]
pub struct VirtualClock {
    now: std::cell::Cell<u64>,
    /// The deadline and waker of each pending timer poll (a dropped timer's stays until it is due:
    /// waking it does nothing).
    waiting: RefCell<Vec<(u64, std::task::Waker)>>,
    /// How late each timer wakes after its deadline, as a browser's may (0: on time).
    late_ms: std::cell::Cell<u64>,
}

impl VirtualClock {
    pub fn starting_at(ms: u64) -> Self {
        let clock = Self::default();
        clock.now.set(ms);
        clock
    }

    /// Timers wake `ms` after their deadline, as a busy browser's do.
    pub fn waking_late_by(self, ms: u64) -> Self {
        self.late_ms.set(ms);
        self
    }
}

impl Clock for VirtualClock {
    fn now_ms(&self) -> u64 {
        self.now.get()
    }

    fn sleep_ms(&self, ms: u64) -> crate::harness::io::Sleep<'_> {
        let deadline = self.now.get() + ms;
        Box::pin(std::future::poll_fn(move |context| {
            if self.now.get() >= deadline {
                Poll::Ready(())
            } else {
                self.waiting
                    .borrow_mut()
                    .push((deadline, context.waker().clone()));
                Poll::Pending
            }
        }))
    }
}

/// Runs `future` to its end on `clock`'s virtual time (polling everything each turn, as the
/// engine's futures are few).
pub fn run_virtual<F: Future>(clock: &VirtualClock, future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let waker = std::task::Waker::noop();
    let mut context = Context::from_waker(waker);
    for _ in 0..1_000_000 {
        if let Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
        let next = clock.waiting.borrow().iter().map(|(at, _)| *at).min();
        if let Some(next) = next {
            clock
                .now
                .set(clock.now.get().max(next + clock.late_ms.get()));
        }
        let now = clock.now.get();
        let due: Vec<std::task::Waker> = {
            let mut waiting = clock.waiting.borrow_mut();
            let (due, later) = waiting.drain(..).partition(|(at, _)| *at <= now);
            *waiting = later;
            due.into_iter().map(|(_, waker)| waker).collect()
        };
        due.into_iter().for_each(std::task::Waker::wake);
    }
    panic!("the future made no progress")
}

/// Replies as `ScriptedCaller::over_demo` does, after a latency per request: the first
/// `slow_requests` requests of a `slow` call (by call id, in the order sent: 1 = the seat's own
/// request only) take `slow_ms`, every other request `fast_ms`. Each streams "partial " first: a
/// fast one at `first_text_share` of its latency, a slow one (queued) after
/// `straggler_first_text_ms`. Counts the requests dropped before they replied (aborted).
pub struct LatencyCaller<'c> {
    pub clock: &'c VirtualClock,
    pub fast_ms: u64,
    pub slow_ms: u64,
    pub slow: Vec<String>,
    pub slow_requests: usize,
    pub first_text_share: f64,
    pub straggler_first_text_ms: u64,
    pub deadline: Option<crate::harness::io::HedgeDeadline>,
    /// Replies each call's text is replaced with, by (call id, backup).
    pub replies: HashMap<(String, bool), CallReply>,
    pub requests: RefCell<Vec<CallRequest>>,
    pub aborted: std::rc::Rc<RefCell<Vec<(String, bool)>>>,
}

impl<'c> LatencyCaller<'c> {
    pub fn new(clock: &'c VirtualClock, fast_ms: u64, slow_ms: u64) -> Self {
        Self {
            clock,
            fast_ms,
            slow_ms,
            slow: Vec::new(),
            slow_requests: 1,
            first_text_share: 0.2,
            straggler_first_text_ms: slow_ms / 2,
            deadline: None,
            replies: HashMap::new(),
            requests: RefCell::default(),
            aborted: std::rc::Rc::default(),
        }
    }
}

struct AbortWatch {
    call: Option<(String, bool)>,
    aborted: std::rc::Rc<RefCell<Vec<(String, bool)>>>,
}

impl Drop for AbortWatch {
    fn drop(&mut self) {
        if let Some(call) = self.call.take() {
            self.aborted.borrow_mut().push(call);
        }
    }
}

impl ModelCaller for LatencyCaller<'_> {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let sent_before = self
            .requests
            .borrow()
            .iter()
            .filter(|sent| sent.call_id == request.call_id)
            .count();
        self.requests.borrow_mut().push(request.clone());
        let key = (request.call_id.clone(), is_backup(&request));
        let mut watch = AbortWatch {
            call: Some(key.clone()),
            aborted: self.aborted.clone(),
        };
        let slow = self.slow.contains(&request.call_id) && sent_before < self.slow_requests;
        let latency = if slow { self.slow_ms } else { self.fast_ms };
        let first_text = if slow {
            self.straggler_first_text_ms.min(latency)
        } else {
            (latency as f64 * self.first_text_share) as u64
        };
        self.clock.sleep_ms(first_text).await;
        progress.delta("partial ", false);
        self.clock.sleep_ms(latency - first_text).await;
        watch.call = None;
        let mut reply = self
            .replies
            .get(&key)
            .cloned()
            .unwrap_or_else(|| demo_reply(&request));
        if is_backup(&request) {
            reply.model = None; // a provider that does not name its model
        }
        progress.delta(&reply.text, true);
        Ok(reply)
    }

    fn hedge_deadline(&self) -> Option<crate::harness::io::HedgeDeadline> {
        self.deadline
    }
}
