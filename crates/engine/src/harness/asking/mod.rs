//! Asking a participant, for every protocol: the budget check before every call, the call itself
//! (its streamed progress becomes events), its record, and the one re-ask a reply that does not
//! parse or validate gets. Where a round can hear prose (`ask_panel_or_free_text`), a reply
//! without JSON asked again and still without it is taken as the participant's own words
//! (`free_text`) rather than failed.
use std::any::Any;
use std::cell::{Cell, RefMut};

use futures::future::{join_all, LocalBoxFuture};

use super::echo::PromptEcho;
use super::events::Event;
use super::free_text::{heard_words, FREE_TEXT_NOTE};
use super::io::{
    CallFailure, CallProgress, CallReply, CallRequest, CallTarget, Clock, HedgeDeadline,
    TEMPERATURE,
};
use super::keyed_reply::reply_under;
use super::ledger::{cache_saving_usd, CostLedger, Reservation};
use super::prompt::Prompt;
use super::protocol::Protocol;
use super::run::{Run, Stop};
use crate::foundation::ids::{ParticipantId, ProviderId, SessionId};
use crate::foundation::money::format_usd;
use crate::foundation::participants::{Participant, Price};
use crate::foundation::validation::ReplyTexts;
use crate::record::ProtocolBody;
use crate::record::{CallId, CallRecord, CallStatus, Substitution};
use crate::text::reply_parse::{extract_json, ParsedReply, ReplyError};
use consilium_providers::{SearchUnit, WebSearch};
use gate::Gate;
use race::{ProgressEvents, Raced, Request, Seat};

mod gate;
mod race;

/// One call the protocol wants made.
#[derive(Clone)]
pub struct CallPlan<'p> {
    pub call_id: CallId,
    pub round: u8,
    pub participant: &'p Participant,
    pub prompt: Prompt,
    pub response_schema: Option<(String, serde_json::Value)>,
    /// The key of `response_schema` the reply fills, when that schema holds every round's reply
    /// (one schema for every call of a run, `keyed_reply`); None when the schema is the reply's.
    pub reply_key: Option<&'static str>,
    /// Shares its prompt prefix with the panel's other staggered calls on the same model: the
    /// first of them goes at once, the others once it has begun answering or ended, so they read
    /// the prefix it wrote to the provider's cache (`cache_leaders`).
    pub staggered: bool,
    /// Search the web in this call (see `CallPlan::searching`).
    pub web_search: Option<WebSearch>,
    /// Estimated prompt tokens artifact filtering kept out of this prompt.
    pub tokens_saved_via_filtering: u64,
}

impl CallPlan<'_> {
    /// The same call with the reason its reply could not be used, as its re-ask.
    fn reask(&self, error: &str) -> Self {
        Self {
            call_id: self.call_id.clone().reasked(),
            prompt: self.prompt.with_reask(error),
            ..self.clone()
        }
    }

    /// The request to `target` (the seat's own model or its backup, as the race decided), in
    /// session `session_id`.
    fn request(&self, target: CallTarget, max_tokens: u32, session_id: &SessionId) -> CallRequest {
        // The material is shared by every seat on a model: its calls meet in one cache.
        let cache_scope = if self.prompt.shared_across_seats {
            target.model.as_str()
        } else {
            self.participant.id.as_str()
        };
        let prompt_cache_key = self
            .prompt
            .cache_prefix
            .map(|_| format!("{session_id}:{cache_scope}"));
        CallRequest {
            images: self.prompt.images.clone(),
            call_id: self.call_id.to_string(),
            round: self.round,
            participant_id: self.participant.id.clone(),
            target,
            system: self.prompt.system.clone(),
            prompt: self.prompt.user.clone(),
            max_tokens,
            temperature: TEMPERATURE,
            response_schema: self.response_schema.clone(),
            prompt_cache_key,
            cache_prefix_len: self.prompt.cache_prefix.unwrap_or(0),
            web_search: self.web_search,
        }
    }

    /// The most this call's web search may cost; None when it does not search or its fee is
    /// unknown.
    fn search_fee_bound(&self) -> Option<f64> {
        let asked = self.web_search?;
        let fee = self.participant.web_search?.fee?;
        Some(fee.bound_usd(asked))
    }

    /// What the reply's search cost, beside its tokens; None when the call did not search, its
    /// fee is unknown, or the provider's reported cost already holds it (OpenRouter's).
    fn search_fee(&self, reply: &CallReply) -> Option<f64> {
        let asked = self.web_search?;
        let fee = self.participant.web_search?.fee?;
        if reply.cost_usd.is_some() {
            return None;
        }
        Some(fee.cost_usd(reply.search.as_ref(), asked)).filter(|usd| *usd > 0.0)
    }

    /// What the record says of a searching call whose reply lists no search though its provider
    /// bills it (`SearchFee::bills_unlisted`: OpenRouter's plugin, OpenAI's search models): the
    /// search ran, which pages it fetched is unknown, and what it was charged (`charged`, None
    /// when the provider's reported cost holds it). None for any other call.
    fn unlisted_search_note(&self, reply: &CallReply, charged: Option<f64>) -> Option<String> {
        let asked = self.web_search?;
        let fee = self.participant.web_search?.fee?;
        if reply.search.is_some() || !fee.bills_unlisted() {
            return None;
        }
        let charge = match (charged, fee.unit) {
            (None, _) if reply.cost_usd.is_some_and(|usd| usd > 0.0) => {
                "its fee is in the cost the provider reported".to_string()
            }
            // Billed nothing now (a reply read from a log): its record already said it.
            (None, _) => return None,
            (Some(usd), SearchUnit::Result) => format!(
                "charged {}, the fee of the {} results it may fetch at most",
                format_usd(usd),
                asked.max_uses
            ),
            (Some(usd), _) => format!("charged {} for the call", format_usd(usd)),
        };
        Some(format!(
            "The web search ran, but the reply lists no page (the provider lists only the pages \
             an answer cites, and this one cites none): {charge}."
        ))
    }

    /// The same call searching the web, where its seat can: without the response schema when
    /// the seat's provider cannot combine the two (the reply is then read as free text). A seat
    /// without search is asked as before.
    pub fn searching(mut self, search: bool) -> Self {
        if !search || self.participant.web_search.is_none() {
            return self;
        }
        self.web_search = Some(WebSearch::default());
        if self.participant.searches_without_schema(search) {
            self.response_schema = None;
            self.reply_key = None;
        }
        self
    }

    fn record(&self, status: CallStatus, started_at: String, finished_at: String) -> CallRecord {
        CallRecord {
            call_id: self.call_id.to_string(),
            round: self.round,
            participant_id: self.participant.id.clone(),
            status,
            prompt_chars: self.prompt.chars(),
            input_tokens: None,
            output_tokens: None,
            cached_input_tokens: 0,
            cache_write_tokens: 0,
            cache_saved_usd: None,
            cost_usd: None,
            reply_text: None,
            error: None,
            started_at,
            finished_at,
            model: None,
            parse_notes: Vec::new(),
            notes: Vec::new(),
            tokens_saved_via_filtering: self.tokens_saved_via_filtering,
            substituted: None,
            search: None,
        }
    }
}

/// A charged reply's usage, as the provider reported it, and its cost on its record.
fn record_usage(
    record: &mut CallRecord,
    reply: &CallReply,
    price: Option<Price>,
    cost: Option<f64>,
) {
    record.input_tokens = reply.input_tokens;
    record.output_tokens = reply.output_tokens;
    record.cached_input_tokens = reply.cached_input_tokens;
    record.cache_write_tokens = reply.cache_write_tokens;
    record.cache_saved_usd = cache_saving_usd(price, reply);
    record.cost_usd = cost;
}

/// Reads a reply into what the round needs; `Err` is a sentence for the re-ask and the record.
/// What it reads names its free text (`ReplyTexts`), which the harness then holds against the
/// prompt (`echo`): a reply that merely restates the prompt is refused like an invalid one.
pub trait ReplyParser<T>: Fn(&CallPlan, &str) -> Result<ParsedReply<T>, String> {}
impl<T, F: Fn(&CallPlan, &str) -> Result<ParsedReply<T>, String>> ReplyParser<T> for F {}

/// Makes a round's value of a participant's own words in prose, already checked to be words
/// (`free_text::heard_words`); the prompt-echo check then applies to it as to any reply.
pub trait FreeTextReader<T>: Fn(&CallPlan, &str) -> T {}
impl<T, F: Fn(&CallPlan, &str) -> T> FreeTextReader<T> for F {}

/// What the prompts of a run quote rather than instruct: the subject and every text the record
/// holds (see `echo`).
struct Quoted {
    subject: String,
    material: Vec<String>,
}

impl Quoted {
    /// `Err` names the first field of `value` that restates `plan`'s prompt.
    fn refuse_echoes(&self, plan: &CallPlan, value: &impl ReplyTexts) -> Result<(), String> {
        let texts = value.reply_texts();
        if texts.is_empty() {
            return Ok(());
        }
        let names: Vec<&str> = texts.iter().map(|(field, _)| field.as_str()).collect();
        let schema = plan.response_schema.as_ref().map(|(_, schema)| schema);
        let echo = PromptEcho::new(&plan.prompt, schema, &self.subject, &self.material, &names);
        match texts
            .iter()
            .find_map(|(field, text)| echo.refuse(field, text))
        {
            Some(refusal) => Err(refusal),
            None => Ok(()),
        }
    }
}

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
    pub valid: Vec<(ParticipantId, T)>,
    /// "Label: reason", for a message.
    pub failures: Vec<String>,
    /// (participant id, reason), for protocols that count a failure as something (an abstention).
    pub failed: Vec<(ParticipantId, String)>,
}

impl Answer<Box<dyn Any>> {
    /// The parser's value back in its own type.
    fn downcast<T: 'static>(self) -> Answer<T> {
        match self {
            Answer::Valid(value) => Answer::Valid(unbox(value)),
            Answer::Failed(reason) => Answer::Failed(reason),
            Answer::Cancelled => Answer::Cancelled,
            Answer::OverBudget(reason) => Answer::OverBudget(reason),
        }
    }
}

/// A parser's value back in its own type.
fn unbox<T: 'static>(value: Box<dyn Any>) -> T {
    *value
        .downcast()
        .unwrap_or_else(|_| unreachable!("the parser's own type"))
}

/// The parser, then the prompt-echo check, with the value boxed for the shared machinery.
fn erased<'f, T: ReplyTexts + 'static>(
    parse: &'f impl ReplyParser<T>,
    quoted: &'f Quoted,
) -> impl Fn(&CallPlan<'_>, &str) -> Result<ParsedReply<Box<dyn Any>>, String> + 'f {
    move |plan: &CallPlan<'_>, text: &str| {
        let (text, mut notes) = match plan.reply_key {
            Some(key) => reply_under(text, key)?,
            None => (text.to_string(), Vec::new()),
        };
        let parsed = parse(plan, &text)?;
        quoted.refuse_echoes(plan, &parsed.value)?;
        notes.extend(parsed.notes);
        Ok(ParsedReply {
            value: Box::new(parsed.value) as Box<dyn Any>,
            notes,
        })
    }
}

/// The free-text reader, then the prompt-echo check, with the value boxed.
fn erased_free_text<'f, T: ReplyTexts + 'static>(
    read: &'f impl FreeTextReader<T>,
    quoted: &'f Quoted,
) -> impl Fn(&CallPlan<'_>, &str) -> Result<Box<dyn Any>, String> + 'f {
    move |plan: &CallPlan<'_>, text: &str| {
        let words = heard_words(plan, text)?;
        let value = read(plan, words);
        quoted.refuse_echoes(plan, &value)?;
        Ok(Box::new(value) as Box<dyn Any>)
    }
}

/// One attempt, before any re-ask.
enum Attempt<T> {
    Valid(T),
    Unusable(Unusable),
    Failed(String),
    Cancelled,
}

/// A reply the model gave that could not be used.
struct Unusable {
    call_id: CallId,
    /// Why, as the parser said it: what the re-ask tells the model.
    error: String,
    reply: String,
    /// The model that answered, as the provider reported it.
    model: Option<String>,
}

impl Unusable {
    /// The call's failure after the re-ask: the server answered, so the sentence names the model
    /// (the one that answered, else the seat's), not the server.
    fn twice(&self, seat_model: &str) -> String {
        let model = self.model.as_deref().unwrap_or(seat_model);
        if matches!(extract_json(&self.reply), Err(ReplyError::NoJson)) {
            format!(
                "{model} answered in prose, not the JSON this step needs, even when asked again."
            )
        } else {
            format!(
                "{model}'s reply could not be used, even when asked again. {}",
                for_the_user(&self.error)
            )
        }
    }
}

/// Words that open an instruction to the model in a re-ask ("use only these names: …", "say it
/// in words", "write your own text").
const INSTRUCTIONS: &[&str] = &[
    "use ", "write ", "say ", "answer ", "give ", "reply ", "return ", "put ", "name ", "list ",
    "keep ", "choose ", "pick ", "include ",
];

/// Why a reply could not be used, as the user reads it: the parser's sentence
/// without the instruction the re-ask gave the model (after "; " or ": "), which names peers by
/// the labels that model saw and speaks to the model, not to the user.
pub fn for_the_user(error: &str) -> String {
    let mut text = error.trim();
    for separator in ["; ", ": "] {
        if let Some((reason, rest)) = text.split_once(separator) {
            let rest = rest.trim_start().to_ascii_lowercase();
            if INSTRUCTIONS.iter().any(|word| rest.starts_with(word)) {
                text = reason;
            }
        }
    }
    let text = text.trim_end_matches(['.', ';', ':', ' ']);
    format!("{text}.")
}

/// A reply parser with its value's type erased (boxed as `Any`), so that the call machinery below
/// is compiled once rather than once per protocol, reply type and parser.
type ErasedParser<'f> =
    dyn Fn(&CallPlan<'_>, &str) -> Result<ParsedReply<Box<dyn Any>>, String> + 'f;
/// A free-text reader with its value's type erased, for the same reason.
type ErasedFreeText<'f> = dyn Fn(&CallPlan<'_>, &str) -> Result<Box<dyn Any>, String> + 'f;

/// What making a call needs of a run, whatever its caller and protocol. Object-safe: asking,
/// racing, recording and charging a call (`impl dyn Asking` below) exist once in the binary.
trait Asking {
    fn emit(&self, event: Event);
    fn now(&self) -> String;
    fn clock(&self) -> &dyn Clock;
    fn ledger(&self) -> RefMut<'_, CostLedger>;
    fn max_tokens(&self) -> u32;
    /// The session's id, which names a seat's prompt cache (`CallRequest::prompt_cache_key`).
    fn session_id(&self) -> SessionId;
    fn add_record(&self, record: CallRecord);
    /// Changes the latest record of `call_id` (a resumed round repeats ids).
    fn amend_record(&self, call_id: &CallId, amend: &dyn Fn(&mut CallRecord));
    fn observe_first_text(&self, provider_id: &ProviderId, ms: u64);
    fn first_text_times(&self, provider_id: &ProviderId) -> Vec<u64>;
    fn hedge_deadline(&self) -> Option<HedgeDeadline>;
    fn call<'a>(
        &'a self,
        request: CallRequest,
        progress: &'a dyn CallProgress,
    ) -> LocalBoxFuture<'a, Result<CallReply, CallFailure>>;
}

impl<P: Protocol> Asking for Run<'_, P> {
    fn emit(&self, event: Event) {
        Run::emit(self, event)
    }
    fn now(&self) -> String {
        Run::now(self)
    }
    fn clock(&self) -> &dyn Clock {
        Run::clock(self)
    }
    fn ledger(&self) -> RefMut<'_, CostLedger> {
        Run::ledger(self)
    }
    fn max_tokens(&self) -> u32 {
        Run::max_tokens(self)
    }
    fn session_id(&self) -> SessionId {
        self.read(|session| session.id.clone())
    }
    fn add_record(&self, record: CallRecord) {
        Run::add_record(self, record)
    }
    fn amend_record(&self, call_id: &CallId, amend: &dyn Fn(&mut CallRecord)) {
        let call_id = call_id.to_string();
        self.update(|session| {
            if let Some(record) = session
                .calls
                .iter_mut()
                .rev()
                .find(|c| c.call_id == call_id)
            {
                amend(record);
            }
        });
    }
    fn observe_first_text(&self, provider_id: &ProviderId, ms: u64) {
        self.first_text_times().observe(provider_id, ms)
    }
    fn first_text_times(&self, provider_id: &ProviderId) -> Vec<u64> {
        Run::first_text_times(self).of(provider_id)
    }
    fn hedge_deadline(&self) -> Option<HedgeDeadline> {
        self.caller.hedge_deadline()
    }
    fn call<'a>(
        &'a self,
        request: CallRequest,
        progress: &'a dyn CallProgress,
    ) -> LocalBoxFuture<'a, Result<CallReply, CallFailure>> {
        self.caller.call(request, progress)
    }
}

impl<P: Protocol> Run<'_, P> {
    fn asking(&self) -> &dyn Asking {
        self
    }

    /// The run's subject and the texts its record holds, which prompts quote.
    fn quoted(&self) -> Quoted {
        let part = self.part();
        self.read(|session| Quoted {
            subject: session.subject.clone(),
            material: match part.as_deref() {
                Some(part) => P::quoted_material_of_part(session, part),
                None => P::quoted_material(session),
            },
        })
    }

    /// Asks one participant.
    pub async fn ask<T: ReplyTexts + 'static>(
        &self,
        plan: CallPlan<'_>,
        parse: &impl ReplyParser<T>,
    ) -> Answer<T> {
        let quoted = self.quoted();
        let parse = erased(parse, &quoted);
        let answer = self.asking().ask(plan, &parse).await;
        answer.downcast()
    }

    /// Asks the panelists in parallel. The worst case of every call is reserved before any is made,
    /// so the parallel calls together stay within the budget; if one does not fit, none is made.
    /// A cancelled call aborts the run and a budget refusal stops it; other failures are reported
    /// for the round to judge.
    pub async fn ask_panel<T: ReplyTexts + 'static>(
        &self,
        plans: Vec<CallPlan<'_>>,
        parse: &impl ReplyParser<T>,
    ) -> Result<PanelAnswers<T>, Stop> {
        let quoted = self.quoted();
        let panel = self
            .asking()
            .ask_panel(plans, &erased(parse, &quoted), None)
            .await?;
        Ok(Self::unboxed(panel))
    }

    /// `ask_panel`, where a reply without JSON can stand as the participant's own words: asked
    /// again and still without JSON, the first reply (else the re-ask's) that is words, not a
    /// placeholder or a restatement of the prompt (`free_text`), becomes `read`'s value.
    pub async fn ask_panel_or_free_text<T: ReplyTexts + 'static>(
        &self,
        plans: Vec<CallPlan<'_>>,
        parse: &impl ReplyParser<T>,
        read: &impl FreeTextReader<T>,
    ) -> Result<PanelAnswers<T>, Stop> {
        let quoted = self.quoted();
        let free_text = erased_free_text(read, &quoted);
        let panel = self
            .asking()
            .ask_panel(plans, &erased(parse, &quoted), Some(&free_text))
            .await?;
        Ok(Self::unboxed(panel))
    }

    fn unboxed<T: 'static>(panel: PanelAnswers<Box<dyn Any>>) -> PanelAnswers<T> {
        PanelAnswers {
            valid: panel
                .valid
                .into_iter()
                .map(|(id, value)| (id, unbox(value)))
                .collect(),
            failures: panel.failures,
            failed: panel.failed,
        }
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

impl dyn Asking + '_ {
    /// `Run::ask` with the parser's value boxed: one copy for every protocol and reply type.
    async fn ask(&self, plan: CallPlan<'_>, parse: &ErasedParser<'_>) -> Answer<Box<dyn Any>> {
        match self.reserve(&plan) {
            Ok(reservation) => {
                self.ask_reserved(plan, reservation, parse, None, None)
                    .await
            }
            Err(reason) => Answer::OverBudget(reason),
        }
    }

    /// `Run::ask_panel` with the parser's value boxed: one copy for every protocol and reply type.
    async fn ask_panel(
        &self,
        plans: Vec<CallPlan<'_>>,
        parse: &ErasedParser<'_>,
        free_text: Option<&ErasedFreeText<'_>>,
    ) -> Result<PanelAnswers<Box<dyn Any>>, Stop> {
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
        let leaders = cache_leaders(&reserved);
        let gates: Vec<Gate> = reserved.iter().map(|_| Gate::default()).collect();
        let gates = &gates;
        let asks = reserved.into_iter().zip(leaders).enumerate().map(
            |(index, ((plan, reservation), leader))| async move {
                let participant = plan.participant;
                let gate = &gates[index];
                if let Some(leader) = leader {
                    if !gates[leader].opened().await {
                        // The user cancelled the call ahead: this one is never sent.
                        self.ledger().release(reservation);
                        gate.cancel();
                        return (participant, Answer::Cancelled);
                    }
                }
                let answer = self
                    .ask_reserved(plan, reservation, parse, free_text, Some(gate))
                    .await;
                match answer {
                    Answer::Cancelled => gate.cancel(),
                    _ => gate.open(),
                }
                (participant, answer)
            },
        );
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

    /// One call and, when its reply cannot be used, its re-ask; then, where the round hears
    /// prose (`free_text`), the words of a reply without JSON rather than a failure.
    async fn ask_reserved(
        &self,
        plan: CallPlan<'_>,
        reservation: Reservation,
        parse: &ErasedParser<'_>,
        free_text: Option<&ErasedFreeText<'_>>,
        began: Option<&Gate>,
    ) -> Answer<Box<dyn Any>> {
        let first = self.attempt(&plan, reservation, parse, began).await;
        // Ended: a call held behind this one goes now, unless the user cancelled.
        if let Some(gate) = began {
            match first {
                Attempt::Cancelled => gate.cancel(),
                _ => gate.open(),
            }
        }
        let first = match first {
            Attempt::Valid(value) => return Answer::Valid(value),
            Attempt::Failed(reason) => return Answer::Failed(reason),
            Attempt::Cancelled => return Answer::Cancelled,
            Attempt::Unusable(unusable) => unusable,
        };
        let reask = plan.reask(&first.error);
        let second = match self.reserve(&reask) {
            Ok(reservation) => self.attempt(&reask, reservation, parse, None).await,
            Err(reason) => {
                return self
                    .hear(&plan, free_text, &[&first])
                    .unwrap_or(Answer::OverBudget(reason))
            }
        };
        match second {
            Attempt::Valid(value) => Answer::Valid(value),
            Attempt::Cancelled => Answer::Cancelled,
            Attempt::Failed(reason) => self
                .hear(&plan, free_text, &[&first])
                .unwrap_or(Answer::Failed(reason)),
            // The reply to the question as first asked is preferred: the re-ask's prose often
            // only apologises for the format.
            Attempt::Unusable(second) => self
                .hear(&plan, free_text, &[&first, &second])
                .unwrap_or_else(|| {
                    let reason = second.twice(&plan.participant.model);
                    // The call's record says what the run's failure says, so the two group as
                    // one problem (`views::failure`).
                    self.amend_record(&second.call_id, &|record| {
                        record.error = Some(reason.clone())
                    });
                    Answer::Failed(reason)
                }),
        }
    }

    /// The first of `replies` whose words can stand as the participant's answer, its record then
    /// marked as answered in free text; None when the round hears no prose or none can stand.
    fn hear(
        &self,
        plan: &CallPlan<'_>,
        free_text: Option<&ErasedFreeText<'_>>,
        replies: &[&Unusable],
    ) -> Option<Answer<Box<dyn Any>>> {
        let read = free_text?;
        replies.iter().find_map(|unusable| {
            let value = read(plan, &unusable.reply).ok()?;
            self.amend_record(&unusable.call_id, &|record| {
                record.status = CallStatus::Ok;
                record.error = None;
                record.parse_notes.push(FREE_TEXT_NOTE.to_string());
            });
            // The call's card shows the reply taken, whatever streamed on it since.
            self.emit(Event::CallDelta {
                call_id: unusable.call_id.clone(),
                text: unusable.reply.clone(),
                restart: true,
            });
            self.emit(Event::CallFinished {
                call_id: unusable.call_id.clone(),
                participant_id: plan.participant.id.clone(),
                ok: true,
                error: None,
                answered_by: None,
            });
            Some(Answer::Valid(value))
        })
    }

    /// Makes the call (hedged when the seat has a backup) and records it, whatever the outcome:
    /// the request that won as the call, the others beside it for their cost.
    async fn attempt(
        &self,
        plan: &CallPlan<'_>,
        reservation: Reservation,
        parse: &ErasedParser<'_>,
        began: Option<&Gate>,
    ) -> Attempt<Box<dyn Any>> {
        self.emit(Event::CallStarted {
            call_id: plan.call_id.clone(),
            round_number: plan.round,
            participant_id: plan.participant.id.clone(),
        });
        let started_at = self.now();
        let emit = |event| self.emit(event);
        let card = Cell::new(None);
        let progress =
            ProgressEvents::for_requests(&plan.call_id, &emit, self.clock(), &card, began);
        let raced = self.race(plan, reservation, &progress, parse).await;
        let finished_at = self.now();
        for (index, progress) in progress.iter().enumerate() {
            for (number, (partial, error)) in
                progress.failed_attempts.take().into_iter().enumerate()
            {
                let request = Request(index);
                self.record_partial(
                    plan,
                    request.seat(),
                    request.retried_id(&plan.call_id, number + 1),
                    CallStatus::Failed,
                    partial,
                    error,
                    (&started_at, &finished_at),
                );
            }
        }
        let Raced {
            winner,
            finished,
            aborted,
            sent,
        } = raced;
        let (mut reservations, sent_after_ms): (Vec<_>, Vec<_>) = sent
            .into_iter()
            .map(|sent| (Some(sent.reservation), sent.after_ms))
            .unzip();
        let mut reservation = |request: Request| {
            reservations[request.0]
                .take()
                .expect("each request is settled once")
        };
        let winner_request = winner.request;
        let winner_seat = winner_request.seat();
        let (mut record, attempt) = self.settle_leg(
            plan,
            winner,
            reservation(winner_request),
            started_at.clone(),
            finished_at.clone(),
        );
        let after_ms = sent_after_ms[winner_request.0];
        match winner_seat {
            Seat::Backup => {
                let backup = winner_seat.target(plan);
                record.substituted = Some(Substitution {
                    backup: backup.model_label(),
                    after_ms,
                });
                record.model = record.model.or(Some(backup.model));
            }
            Seat::Own if winner_request != Request::FIRST => record.notes.push(format!(
                "The seat's model was asked again after {:.1} s without text; that request answered.",
                after_ms as f64 / 1000.0
            )),
            Seat::Own => {}
        }
        if card.get().is_some_and(|shown| shown != winner_request) {
            // The card streamed another request; it now shows the reply that won.
            self.emit(Event::CallDelta {
                call_id: plan.call_id.clone(),
                text: record.reply_text.clone().unwrap_or_default(),
                restart: true,
            });
        }
        // The requests that did not win, beside the call's record for their cost.
        for leg in finished {
            let request = leg.request;
            let (mut other, _) = self.settle_leg(
                plan,
                leg,
                reservation(request),
                started_at.clone(),
                finished_at.clone(),
            );
            other.call_id = request.loser_id(&plan.call_id).to_string();
            if other.status == CallStatus::Ok {
                other.status = CallStatus::Failed;
            }
            self.add_record(other);
        }
        for request in aborted {
            // The provider read its prompt and may have streamed part of a reply: charged at the
            // estimate of both.
            self.ledger().release(reservation(request));
            let seat = request.seat();
            let partial = CallReply {
                text: progress[request.0].streamed.take(),
                model: Some(seat.target(plan).model),
                ..CallReply::default()
            };
            let error = match winner_seat {
                Seat::Backup => "Aborted: the backup answered first.",
                Seat::Own => "Aborted: the seat's own model answered first.",
            };
            self.record_partial(
                plan,
                seat,
                request.loser_id(&plan.call_id),
                CallStatus::Cancelled,
                partial,
                error.to_string(),
                (&started_at, &finished_at),
            );
        }
        self.emit(Event::CallFinished {
            call_id: plan.call_id.clone(),
            participant_id: record.participant_id.clone(),
            ok: record.status == CallStatus::Ok,
            error: record.error.clone(),
            answered_by: record.substituted.as_ref().map(Substitution::sentence),
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

    /// A finished call's record and ledger entry: charged when it replied, released when not.
    fn settle_leg(
        &self,
        plan: &CallPlan<'_>,
        leg: race::Leg,
        reservation: Reservation,
        started_at: String,
        finished_at: String,
    ) -> (CallRecord, Attempt<Box<dyn Any>>) {
        match leg.result {
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
                let price = leg.request.seat().target(plan).price;
                let estimated_input = plan.prompt.estimated_tokens();
                let cost = self
                    .ledger()
                    .settle(reservation, price, &reply, estimated_input);
                let mut record = plan.record(CallStatus::Ok, started_at, finished_at);
                let attempt = match leg.parsed.expect("a reply is parsed") {
                    Ok(parsed) => {
                        record.parse_notes = parsed.notes;
                        Attempt::Valid(parsed.value)
                    }
                    Err(error) => {
                        record.status = CallStatus::Failed;
                        record.error = Some(error.clone());
                        Attempt::Unusable(Unusable {
                            call_id: plan.call_id.clone(),
                            error,
                            reply: reply.text.clone(),
                            model: reply.model.clone(),
                        })
                    }
                };
                record_usage(&mut record, &reply, price, cost);
                let search_fee = plan.search_fee(&reply);
                if let Some(fee) = search_fee {
                    self.ledger().charge_search(fee);
                    record.cost_usd = record.cost_usd.map(|usd| usd + fee);
                }
                let unlisted = plan.unlisted_search_note(&reply, search_fee);
                record.model = reply.model;
                record.notes = reply.notes;
                record.notes.extend(unlisted);
                record.search = reply.search;
                record.reply_text = Some(reply.text);
                (record, attempt)
            }
        }
    }

    /// A request that reached the provider and did not answer the call (a retried attempt, or
    /// a hedged request aborted when another won): charged at what the provider reported, else at
    /// the estimate of the prompt and of the text it streamed, and recorded beside the call's own
    /// record under `call_id` (`<call id>-attempt-…`).
    #[allow(clippy::too_many_arguments)]
    fn record_partial(
        &self,
        plan: &CallPlan<'_>,
        seat: Seat,
        call_id: CallId,
        status: CallStatus,
        partial: CallReply,
        error: String,
        (started_at, finished_at): (&str, &str),
    ) {
        let price = seat.target(plan).price;
        let cost = self
            .ledger()
            .charge(price, &partial, plan.prompt.estimated_tokens());
        let mut record = plan.record(status, started_at.to_string(), finished_at.to_string());
        record.call_id = call_id.to_string();
        record_usage(&mut record, &partial, price, cost);
        // A request that searched before it was cut or lost the race paid for its search.
        if let Some(fee) = plan.search_fee(&partial) {
            self.ledger().charge_search(fee);
            record.cost_usd = record.cost_usd.map(|usd| usd + fee);
        }
        record.search = partial.search;
        record.model = partial.model;
        record.reply_text = Some(partial.text);
        record.error = Some(error);
        // The savings count once, on the call's own record.
        record.tokens_saved_via_filtering = 0;
        self.add_record(record);
    }

    /// Reserves the call's worst case, or records it as skipped and says why.
    fn reserve(&self, plan: &CallPlan<'_>) -> Result<Reservation, String> {
        let reserved = self.ledger().reserve_with_search(
            &plan.call_id.to_string(),
            plan.participant.price,
            plan.prompt.estimated_tokens(),
            plan.prompt.marked_tokens(),
            self.max_tokens(),
            plan.search_fee_bound(),
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
}

/// For each of a panel's calls, the call it waits for (by index): the panel's first call on the
/// same model when both are `CallPlan::staggered`, so the provider has the prefix the first one
/// writes before the others ask for it. Calls on different models go at once.
fn cache_leaders(reserved: &[(CallPlan<'_>, Reservation)]) -> Vec<Option<usize>> {
    let same_model =
        |a: &Participant, b: &Participant| a.provider_id == b.provider_id && a.model == b.model;
    reserved
        .iter()
        .enumerate()
        .map(|(index, (plan, _))| {
            if !plan.staggered {
                return None;
            }
            reserved[..index].iter().position(|(earlier, _)| {
                earlier.staggered && same_model(earlier.participant, plan.participant)
            })
        })
        .collect()
}
