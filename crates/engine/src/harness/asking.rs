//! Asking a participant, for every protocol: the budget check before every call, the call itself
//! (its streamed progress becomes events), its record, and the one re-ask a reply that does not
//! parse or validate gets.
use std::cell::RefCell;

use futures::future::join_all;

use super::events::Event;
use super::io::{CallProgress, CallReply, CallRequest, ModelCaller};
use super::ledger::Reservation;
use super::prompt::Prompt;
use super::protocol::Protocol;
use super::run::{Run, Stop};
use crate::participants::Participant;
use crate::record::ProtocolBody;
use crate::record::{CallRecord, CallStatus};
use crate::reply_parse::ParsedReply;

/// One call the protocol wants made.
#[derive(Clone)]
pub struct CallPlan<'p> {
    pub call_id: String,
    pub round: u8,
    pub participant: &'p Participant,
    pub prompt: Prompt,
    pub response_schema: Option<(String, serde_json::Value)>,
    /// Estimated prompt tokens artifact filtering kept out of this prompt.
    pub tokens_saved_via_filtering: u64,
}

impl CallPlan<'_> {
    /// The same call with the reason its reply could not be used; `-reask` marks its id.
    fn reask(&self, error: &str) -> Self {
        Self {
            call_id: format!("{}-reask", self.call_id),
            prompt: self.prompt.with_reask(error),
            ..self.clone()
        }
    }

    fn request(&self, max_tokens: u32) -> CallRequest {
        CallRequest {
            call_id: self.call_id.clone(),
            round: self.round,
            participant_id: self.participant.id.clone(),
            system: self.prompt.system.clone(),
            prompt: self.prompt.user.clone(),
            max_tokens,
            response_schema: self.response_schema.clone(),
        }
    }

    fn record(&self, status: CallStatus, started_at: String, finished_at: String) -> CallRecord {
        CallRecord {
            call_id: self.call_id.clone(),
            round: self.round,
            participant_id: self.participant.id.clone(),
            status,
            prompt_chars: self.prompt.chars(),
            input_tokens: None,
            output_tokens: None,
            cost_usd: None,
            reply_text: None,
            error: None,
            started_at,
            finished_at,
            model: None,
            parse_notes: Vec::new(),
            tokens_saved_via_filtering: self.tokens_saved_via_filtering,
        }
    }
}

/// Reads a reply into what the round needs; `Err` is a sentence for the re-ask and the record.
pub trait ReplyParser<T>: Fn(&CallPlan, &str) -> Result<ParsedReply<T>, String> {}
impl<T, F: Fn(&CallPlan, &str) -> Result<ParsedReply<T>, String>> ReplyParser<T> for F {}

/// What asking a participant came to, re-ask included.
pub enum Answer<T> {
    Valid(T),
    /// Transport failure, or a reply unusable twice; the reason is a sentence.
    Failed(String),
    Cancelled,
    /// Not made: the budget would have been exceeded.
    OverBudget(String),
}

impl<T> Answer<T> {
    /// For a call the protocol cannot do without: anything but a valid reply stops the run.
    pub fn required(self, what: &str) -> Result<T, Stop> {
        match self {
            Answer::Valid(value) => Ok(value),
            Answer::Failed(reason) => Err(Stop::Failed(format!("{what} failed: {reason}"))),
            Answer::Cancelled => Err(Stop::Aborted),
            Answer::OverBudget(reason) => Err(Stop::OverBudget(reason)),
        }
    }
}

/// The panel's usable replies (participant id, value) in panel order, and a sentence per failure.
pub struct PanelAnswers<T> {
    pub valid: Vec<(String, T)>,
    /// "Label: reason", for a message.
    pub failures: Vec<String>,
    /// (participant id, reason), for protocols that count a failure as something (an abstention).
    pub failed: Vec<(String, String)>,
}

/// One attempt, before any re-ask.
enum Attempt<T> {
    Valid(T),
    Unusable(String),
    Failed(String),
    Cancelled,
}

impl<C: ModelCaller, P: Protocol> Run<'_, C, P> {
    /// Asks one participant.
    pub async fn ask<T>(&self, plan: CallPlan<'_>, parse: &impl ReplyParser<T>) -> Answer<T> {
        match self.reserve(&plan) {
            Ok(reservation) => self.ask_reserved(plan, reservation, parse).await,
            Err(reason) => Answer::OverBudget(reason),
        }
    }

    /// Asks the panelists in parallel. The worst case of every call is reserved before any is made,
    /// so the parallel calls together stay within the budget; if one does not fit, none is made.
    /// A cancelled call aborts the run and a budget refusal stops it; other failures are reported
    /// for the round to judge.
    pub async fn ask_panel<T>(
        &self,
        plans: Vec<CallPlan<'_>>,
        parse: &impl ReplyParser<T>,
    ) -> Result<PanelAnswers<T>, Stop> {
        let mut reserved = Vec::with_capacity(plans.len());
        for plan in plans {
            match self.reserve(&plan) {
                Ok(reservation) => reserved.push((plan, reservation)),
                Err(reason) => {
                    for (_, reservation) in reserved {
                        self.ledger().release(reservation);
                    }
                    return Err(Stop::OverBudget(reason));
                }
            }
        }
        let asks = reserved.into_iter().map(|(plan, reservation)| async move {
            let participant = plan.participant;
            (
                participant,
                self.ask_reserved(plan, reservation, parse).await,
            )
        });
        let mut panel = PanelAnswers {
            valid: Vec::new(),
            failures: Vec::new(),
            failed: Vec::new(),
        };
        for (participant, answer) in join_all(asks).await {
            match answer {
                Answer::Valid(value) => panel.valid.push((participant.id.clone(), value)),
                Answer::Failed(reason) => {
                    panel
                        .failures
                        .push(format!("{}: {reason}", participant.label));
                    panel.failed.push((participant.id.clone(), reason));
                }
                Answer::Cancelled => return Err(Stop::Aborted),
                Answer::OverBudget(reason) => return Err(Stop::OverBudget(reason)),
            }
        }
        Ok(panel)
    }

    async fn ask_reserved<T>(
        &self,
        plan: CallPlan<'_>,
        reservation: Reservation,
        parse: &impl ReplyParser<T>,
    ) -> Answer<T> {
        let error = match self.attempt(&plan, reservation, parse).await {
            Attempt::Valid(value) => return Answer::Valid(value),
            Attempt::Failed(reason) => return Answer::Failed(reason),
            Attempt::Cancelled => return Answer::Cancelled,
            Attempt::Unusable(error) => error,
        };
        let reask = plan.reask(&error);
        let reservation = match self.reserve(&reask) {
            Ok(reservation) => reservation,
            Err(reason) => return Answer::OverBudget(reason),
        };
        match self.attempt(&reask, reservation, parse).await {
            Attempt::Valid(value) => Answer::Valid(value),
            Attempt::Unusable(error) => Answer::Failed(format!(
                "the reply could not be used, even when asked again. {error}"
            )),
            Attempt::Failed(reason) => Answer::Failed(reason),
            Attempt::Cancelled => Answer::Cancelled,
        }
    }

    /// Makes the call and records it, whatever the outcome.
    async fn attempt<T>(
        &self,
        plan: &CallPlan<'_>,
        reservation: Reservation,
        parse: &impl ReplyParser<T>,
    ) -> Attempt<T> {
        self.emit(Event::CallStarted {
            call_id: plan.call_id.clone(),
            round_number: plan.round,
            participant_id: plan.participant.id.clone(),
        });
        let started_at = self.now();
        let progress = ProgressEvents {
            call_id: &plan.call_id,
            emit: &|event| self.emit(event),
            failed_attempts: RefCell::default(),
        };
        let result = self
            .caller
            .call(plan.request(self.max_tokens()), &progress)
            .await;
        let finished_at = self.now();
        for (number, (partial, error)) in progress.failed_attempts.take().into_iter().enumerate() {
            self.record_failed_attempt(plan, number + 1, partial, error, &started_at, &finished_at);
        }
        let (record, attempt) = match result {
            Err(failure) => {
                self.ledger().release(reservation);
                let (status, attempt) = if failure.is_cancelled() {
                    (CallStatus::Cancelled, Attempt::Cancelled)
                } else {
                    (CallStatus::Failed, Attempt::Failed(failure.message.clone()))
                };
                let mut record = plan.record(status, started_at, finished_at);
                record.error = Some(failure.message);
                (record, attempt)
            }
            Ok(reply) => {
                let price = plan.participant.price;
                let estimated_input = plan.prompt.estimated_tokens();
                let cost = self
                    .ledger()
                    .settle(reservation, price, &reply, estimated_input);
                let mut record = plan.record(CallStatus::Ok, started_at, finished_at);
                let attempt = match parse(plan, &reply.text) {
                    Ok(parsed) => {
                        record.parse_notes = parsed.notes;
                        Attempt::Valid(parsed.value)
                    }
                    Err(error) => {
                        record.status = CallStatus::Failed;
                        record.error = Some(error.clone());
                        Attempt::Unusable(error)
                    }
                };
                record.input_tokens = reply.input_tokens;
                record.output_tokens = reply.output_tokens;
                record.cost_usd = cost;
                record.model = reply.model;
                record.reply_text = Some(reply.text);
                (record, attempt)
            }
        };
        self.emit(Event::CallFinished {
            call_id: record.call_id.clone(),
            participant_id: record.participant_id.clone(),
            ok: record.status == CallStatus::Ok,
            error: record.error.clone(),
        });
        let cost = self.ledger().summary().clone();
        self.emit(Event::CostUpdated {
            spent_usd: cost.spent_usd,
            unpriced_calls: cost.unpriced_calls,
            budget_usd: cost.budget_usd,
        });
        self.add_record(record);
        attempt
    }

    /// An attempt the caller retried (or gave up on) after it reached the provider: charged at
    /// what the provider reported, else at the estimate of the prompt and of the text it streamed,
    /// and recorded as `<call id>-attempt-<n>` beside the call's own record.
    fn record_failed_attempt(
        &self,
        plan: &CallPlan<'_>,
        number: usize,
        partial: CallReply,
        error: String,
        started_at: &str,
        finished_at: &str,
    ) {
        let cost = self.ledger().charge(
            plan.participant.price,
            &partial,
            plan.prompt.estimated_tokens(),
        );
        let mut record = plan.record(
            CallStatus::Failed,
            started_at.to_string(),
            finished_at.to_string(),
        );
        record.call_id = format!("{}-attempt-{number}", plan.call_id);
        record.input_tokens = partial.input_tokens;
        record.output_tokens = partial.output_tokens;
        record.cost_usd = cost;
        record.model = partial.model;
        record.reply_text = Some(partial.text);
        record.error = Some(error);
        // The savings count once, on the call's own record.
        record.tokens_saved_via_filtering = 0;
        self.add_record(record);
    }

    /// Reserves the call's worst case, or records it as skipped and says why.
    fn reserve(&self, plan: &CallPlan<'_>) -> Result<Reservation, String> {
        let reserved = self.ledger().reserve(
            &plan.call_id,
            plan.participant.price,
            plan.prompt.estimated_tokens(),
            self.max_tokens(),
        );
        if let Err(reason) = &reserved {
            let now = self.now();
            let mut record = plan.record(CallStatus::SkippedBudget, now.clone(), now);
            record.error = Some(reason.clone());
            record.tokens_saved_via_filtering = 0;
            self.add_record(record);
        }
        reserved
    }

    fn add_record(&self, record: CallRecord) {
        let cost = self.ledger().summary().clone();
        self.update(|session| {
            session.calls.push(record);
            session.cost = cost;
            let body = P::Body::of_mut(&mut session.body).expect("checked in Run::new");
            P::after_call(&self.config, body, &session.calls);
        });
    }
}

/// A call's progress, as events; failed attempts are kept for the ledger.
struct ProgressEvents<'e> {
    call_id: &'e str,
    emit: &'e dyn Fn(Event),
    failed_attempts: RefCell<Vec<(CallReply, String)>>,
}

impl CallProgress for ProgressEvents<'_> {
    fn delta(&self, text: &str, restart: bool) {
        (self.emit)(Event::CallDelta {
            call_id: self.call_id.to_string(),
            text: text.to_string(),
            restart,
        });
    }

    fn note(&self, note: Option<&str>) {
        (self.emit)(Event::CallNote {
            call_id: self.call_id.to_string(),
            note: note.map(str::to_string),
        });
    }

    fn attempt_failed(&self, partial: CallReply, error: &str) {
        self.failed_attempts
            .borrow_mut()
            .push((partial, error.to_string()));
    }
}
