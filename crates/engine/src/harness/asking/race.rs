//! A hedged call: the seat's own request raced against more requests when it is slow to start.
//!
//! Time to first text is what tells a straggler (a queued or overloaded request) from a long
//! answer: a long answer starts streaming as soon as a normal one does, a straggler is late to its
//! first text. A request is on time when its first text came within the deadline of its going
//! out; one still waiting behind a limit on requests in flight (`CallProgress::queued`) has not
//! gone out, so its deadline has not started. Each time the last request sent has been out for the
//! deadline with no request under way on time, one more is sent, alternating the backup and the
//! seat's own model (`MAX_REQUESTS` in all). The first valid reply wins and the
//! others are dropped, which aborts them; a reply that does not parse or validate does not win
//! over a request still under way. A call that streams and then stalls is the caller's silence
//! timeout's to retry, not a hedge's.
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::task::{Poll, Waker};

use futures::future::{select, Either};
use futures::stream::{FuturesUnordered, StreamExt};

use super::gate::Gate;
use super::{Asking, CallPlan, ErasedParser};
use crate::harness::events::Event;
use crate::harness::io::{CallFailure, CallProgress, CallReply, CallTarget, Clock};
use crate::harness::ledger::Reservation;
use crate::record::{Attempt, CallId};
use crate::text::reply_parse::ParsedReply;

/// Requests one call may send in all: the seat's own, then the backup, the own model again and
/// the backup again, each after one more deadline without text.
pub(super) const MAX_REQUESTS: usize = 4;

impl dyn Asking + '_ {
    /// Sends the seat's own request and, when the seat has a backup and the shell a hedging
    /// deadline, the next request each time the last one sent has been out for the deadline with
    /// no request under way on time, if its worst case fits the budget beside every call already
    /// committed. A request queued behind a limit on requests in flight has not gone out: its
    /// deadline starts when it does (`CallProgress::sending`).
    pub(super) async fn race<'e>(
        &self,
        plan: &CallPlan<'_>,
        reservation: Reservation,
        progress: &'e [ProgressEvents<'e>; MAX_REQUESTS],
        parse: &ErasedParser<'_>,
    ) -> Raced {
        let deadline_ms = self
            .hedge_deadline()
            .filter(|_| plan.participant.backup.is_some())
            .map(|deadline| {
                deadline.after_ms(&self.first_text_times(&plan.participant.provider_id))
            });
        let mut sent = vec![Sent {
            after_ms: 0,
            reservation,
        }];
        let mut running = FuturesUnordered::new();
        progress[0].out_ms.set(Some(self.clock().now_ms()));
        running.push(self.leg(plan, Request::FIRST, &progress[0], parse));
        let mut may_hedge = deadline_ms.is_some();
        let mut finished: Vec<Leg> = Vec::new();
        let winner = loop {
            let next_hedge = match deadline_ms {
                Some(after) if may_hedge && sent.len() < MAX_REQUESTS => {
                    next_hedge(progress, &sent, &finished, after)
                }
                _ => NextHedge::None,
            };
            let next = match next_hedge {
                NextHedge::None => running.next().await,
                NextHedge::WhenOut(last) => {
                    // Queued: its deadline starts when it goes out.
                    match select(running.next(), progress[last.0].gone_out()).await {
                        Either::Left((leg, _)) => leg,
                        Either::Right(_) => continue,
                    }
                }
                NextHedge::At(due) if self.clock().now_ms() < due => {
                    let wait = due - self.clock().now_ms();
                    match select(running.next(), self.clock().sleep_ms(wait)).await {
                        Either::Left((leg, _)) => leg,
                        // Checked again: a request may have turned out on time meanwhile.
                        Either::Right(_) => continue,
                    }
                }
                NextHedge::At(due) => {
                    let request = Request(sent.len());
                    let first_out = progress[0].out_ms.get().expect("the first request is out");
                    // When it was due, not when the timer woke (a browser's timer may be late by
                    // a millisecond): the record says "after 1.0 s" for a 1 s deadline.
                    let after_ms = due.saturating_sub(first_out);
                    match self.reserve_hedge(plan, request, after_ms, &progress[0]) {
                        Some(reservation) => {
                            sent.push(Sent {
                                after_ms,
                                reservation,
                            });
                            progress[request.0].out_ms.set(Some(self.clock().now_ms()));
                            running.push(self.leg(plan, request, &progress[request.0], parse));
                        }
                        None => may_hedge = false,
                    }
                    continue;
                }
            };
            let leg = next.expect("a request is under way until one wins or all have ended");
            if leg.is_valid() {
                break leg;
            }
            finished.push(leg);
            if running.is_empty() {
                // None valid: the seat's own outcome stands (its re-ask or failure follows).
                let own = finished
                    .iter()
                    .position(|leg| leg.request == Request::FIRST)
                    .expect("the first request has ended");
                break finished.remove(own);
            }
        };
        // Dropping the requests still under way aborts them.
        drop(running);
        let ended: Vec<Request> = finished
            .iter()
            .map(|leg| leg.request)
            .chain([winner.request])
            .collect();
        let aborted = (0..sent.len())
            .map(Request)
            .filter(|request| !ended.contains(request))
            .collect();
        Raced {
            winner,
            finished,
            aborted,
            sent,
        }
    }

    /// Reserves one more request's worst case and says on the card who was asked, or why not.
    fn reserve_hedge(
        &self,
        plan: &CallPlan<'_>,
        request: Request,
        after_ms: u64,
        notes: &ProgressEvents<'_>,
    ) -> Option<Reservation> {
        let seconds = format!("{:.1}", after_ms as f64 / 1000.0);
        let target = request.seat().target(plan);
        let (who, again) = match request.0 {
            1 => (format!("the backup {}", target.model_label()), ""),
            _ => (target.model_label(), " again"),
        };
        let what = format!("request {} of {}", request.0 + 1, plan.call_id);
        // A searching call's backup searches too: its search fee is set aside as the first's was.
        let reserved = self.ledger().reserve_with_search(
            &what,
            target.price,
            plan.prompt.estimated_tokens(),
            plan.prompt.marked_tokens(),
            self.max_tokens(),
            plan.search_fee_bound(),
        );
        match reserved {
            Ok(reservation) => {
                let asked = if again.is_empty() { " too" } else { again };
                notes.note(Some(&format!(
                    "No text after {seconds} s: {who} was asked{asked}."
                )));
                Some(reservation)
            }
            Err(reason) => {
                notes.note(Some(&format!(
                    "No text after {seconds} s, but {who} was not asked{again}: {reason}"
                )));
                None
            }
        }
    }

    /// One request and whether its reply reads; an answer's time to first text is noted for the
    /// adaptive deadline.
    async fn leg(
        &self,
        plan: &CallPlan<'_>,
        request: Request,
        progress: &ProgressEvents<'_>,
        parse: &ErasedParser<'_>,
    ) -> Leg {
        let seat = request.seat();
        let call = plan.request(seat.target(plan), self.max_tokens(), &self.session_id());
        let provider_id = call.target.provider_id.clone();
        let result = self.call(call, progress).await;
        if result.is_ok() {
            let now_ms = self.clock().now_ms();
            let first_text_ms = progress.first_text_ms.get().unwrap_or(now_ms);
            // From when it went out, so the time it waited in a queue is not the provider's.
            let out_ms = progress.out_ms.get().unwrap_or(now_ms);
            self.observe_first_text(&provider_id, first_text_ms.saturating_sub(out_ms));
        }
        let parsed = result.as_ref().ok().map(|reply| parse(plan, &reply.text));
        Leg {
            request,
            result,
            parsed,
        }
    }
}

/// When the next request is due: never (a request under way is on time), once the last one sent
/// goes out (it waits in a queue), or at a time (the deadline after the last one went out).
enum NextHedge {
    None,
    WhenOut(Request),
    At(u64),
}

fn next_hedge(
    progress: &[ProgressEvents<'_>; MAX_REQUESTS],
    sent: &[Sent],
    finished: &[Leg],
    after_ms: u64,
) -> NextHedge {
    if any_on_time(progress, sent, finished, after_ms) {
        return NextHedge::None;
    }
    let last = Request(sent.len() - 1);
    match progress[last.0].out_ms.get() {
        None => NextHedge::WhenOut(last),
        Some(out_ms) => NextHedge::At(out_ms + after_ms),
    }
}

/// Whether a request still under way sent its first text within `after_ms` of going out.
fn any_on_time(
    progress: &[ProgressEvents<'_>; MAX_REQUESTS],
    sent: &[Sent],
    finished: &[Leg],
    after_ms: u64,
) -> bool {
    (0..sent.len()).any(|index| {
        let progress = &progress[index];
        !finished.iter().any(|leg| leg.request.0 == index)
            && progress
                .out_ms
                .get()
                .zip(progress.first_text_ms.get())
                .is_some_and(|(out, first)| first.saturating_sub(out) <= after_ms)
    })
}

/// A request's progress, as events; failed attempts and the streamed text are kept for the
/// ledger. A hedged call's card streams whichever request sends text first (a straggler is often
/// silent until late, so another's reply shows as it comes); notes come from the first request.
pub(super) struct ProgressEvents<'e> {
    call_id: &'e CallId,
    emit: &'e dyn Fn(Event),
    clock: &'e dyn Clock,
    request: Request,
    /// The request whose stream the card shows, once one has sent text.
    pub(super) card: &'e Cell<Option<Request>>,
    /// When this request sent its first text (clock ms).
    first_text_ms: Cell<Option<u64>>,
    /// When this request went out (clock ms); None while it waits in a queue.
    out_ms: Cell<Option<u64>>,
    /// The race waiting for this request to go out.
    gone_out_waker: RefCell<Option<Waker>>,
    /// Opened by the call's first text from its seat's own model: the calls of the panel held
    /// behind it on that model go then (`CallPlan::staggered`).
    began: Option<&'e Gate>,
    pub(super) streamed: RefCell<String>,
    pub(super) failed_attempts: RefCell<Vec<(CallReply, String)>>,
}

impl<'e> ProgressEvents<'e> {
    /// One per request a call may send, sharing the card.
    pub(super) fn for_requests(
        call_id: &'e CallId,
        emit: &'e dyn Fn(Event),
        clock: &'e dyn Clock,
        card: &'e Cell<Option<Request>>,
        began: Option<&'e Gate>,
    ) -> [Self; MAX_REQUESTS] {
        std::array::from_fn(|index| Self {
            call_id,
            emit,
            clock,
            request: Request(index),
            card,
            first_text_ms: Cell::new(None),
            out_ms: Cell::new(None),
            gone_out_waker: RefCell::default(),
            began,
            streamed: RefCell::default(),
            failed_attempts: RefCell::default(),
        })
    }
}

impl ProgressEvents<'_> {
    /// Ready once this request has gone out.
    fn gone_out(&self) -> impl Future<Output = ()> + '_ {
        std::future::poll_fn(|context| {
            if self.out_ms.get().is_some() {
                Poll::Ready(())
            } else {
                *self.gone_out_waker.borrow_mut() = Some(context.waker().clone());
                Poll::Pending
            }
        })
    }
}

impl CallProgress for ProgressEvents<'_> {
    fn delta(&self, text: &str, restart: bool) {
        {
            let mut streamed = self.streamed.borrow_mut();
            if restart {
                streamed.clear();
            }
            streamed.push_str(text);
        }
        if !text.is_empty() && self.first_text_ms.get().is_none() {
            self.first_text_ms.set(Some(self.clock.now_ms()));
            // A backup's text says nothing of the seat's model's cache.
            if let Some(gate) = self.began.filter(|_| self.request.seat() == Seat::Own) {
                gate.open();
            }
        }
        let shown = match self.card.get() {
            Some(request) => request == self.request,
            None if text.is_empty() => false,
            None => {
                self.card.set(Some(self.request));
                true
            }
        };
        if shown {
            (self.emit)(Event::CallDelta {
                call_id: self.call_id.clone(),
                text: text.to_string(),
                restart,
            });
        }
    }

    fn note(&self, note: Option<&str>) {
        if self.request == Request::FIRST {
            (self.emit)(Event::CallNote {
                call_id: self.call_id.clone(),
                note: note.map(str::to_string),
            });
        }
    }

    fn attempt_failed(&self, partial: CallReply, error: &str) {
        self.failed_attempts
            .borrow_mut()
            .push((partial, error.to_string()));
    }

    fn queued(&self) {
        self.out_ms.set(None);
    }

    fn sending(&self) {
        self.out_ms.set(Some(self.clock.now_ms()));
        if let Some(waker) = self.gone_out_waker.take() {
            waker.wake();
        }
    }
}

/// Which model of a seat a request went to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Seat {
    Own,
    Backup,
}

impl Seat {
    /// Where this seat's request goes, at what price: the one place that decides between the
    /// seat's own model and its backup (a seat without a backup has only its own).
    pub(super) fn target(self, plan: &CallPlan<'_>) -> CallTarget {
        match (self, &plan.participant.backup) {
            (Seat::Backup, Some(backup)) => CallTarget::backup(plan.participant, backup),
            _ => CallTarget::own(plan.participant),
        }
    }
}

/// The n-th request (from 0) of one call: even ones go to the seat's own model, odd ones to its
/// backup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Request(pub(super) usize);

impl Request {
    pub(super) const FIRST: Request = Request(0);

    pub(super) fn seat(self) -> Seat {
        if self.0.is_multiple_of(2) {
            Seat::Own
        } else {
            Seat::Backup
        }
    }

    /// 1 for the first request to its seat's model, 2 for the second.
    fn nth(self) -> usize {
        self.0 / 2 + 1
    }

    /// "own", "backup", "own2", "backup2".
    fn tag(self) -> String {
        let seat = match self.seat() {
            Seat::Own => "own",
            Seat::Backup => "backup",
        };
        match self.nth() {
            1 => seat.to_string(),
            n => format!("{seat}{n}"),
        }
    }

    /// The record id of a request that did not win: a cost on record beside the call's own
    /// record (`-attempt-` marks it so), not a call of its own.
    pub(super) fn loser_id(self, call_id: &CallId) -> CallId {
        call_id.clone().attempt(Attempt {
            request: Some(self.tag()),
            retry: None,
        })
    }

    /// The record id of the `number`-th attempt of this request the caller retried.
    pub(super) fn retried_id(self, call_id: &CallId, number: usize) -> CallId {
        call_id.clone().attempt(Attempt {
            request: (self != Request::FIRST).then(|| self.tag()),
            retry: Some(number),
        })
    }
}

/// One request's end; `parsed` is None when it produced no reply.
pub(super) struct Leg {
    pub(super) request: Request,
    pub(super) result: Result<CallReply, CallFailure>,
    pub(super) parsed: Option<Result<ParsedReply<Box<dyn Any>>, String>>,
}

impl Leg {
    fn is_valid(&self) -> bool {
        matches!(self.parsed, Some(Ok(_)))
    }
}

/// When a request was sent (ms after the first went out) and its worst case reserved in the ledger.
pub(super) struct Sent {
    pub(super) after_ms: u64,
    pub(super) reservation: Reservation,
}

pub(super) struct Raced {
    pub(super) winner: Leg,
    /// The other requests that ended (failed, or replied and lost).
    pub(super) finished: Vec<Leg>,
    /// Requests dropped while under way.
    pub(super) aborted: Vec<Request>,
    /// Every request sent, by `Request` index.
    pub(super) sent: Vec<Sent>,
}
