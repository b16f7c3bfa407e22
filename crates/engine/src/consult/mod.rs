//! The Consult protocol (seeds 004, 000): four rounds from independent answers to a checked
//! verdict.
//!
//! 1. **Independent**: every panelist (2 to 5), in parallel, answers alone
//!    (`IndependentArtifact`).
//! 2. **Synthesis**: the judge reads every answer in full and finds the consensus points, the
//!    tensions and a priority order (`SynthesisArtifact`).
//! 3. **Cross-examination**: every panelist, in parallel, confronts the synthesis (filtered unless
//!    verbose) with its own answer, challenging or defending; the challenges and rebuttals are
//!    taken verbatim and the judge is asked only for the unresolved points and the duplicates
//!    (`CrossExamArtifact`).
//! 4. **Verdict**: the judge decides from all answers and the debate (filtered unless verbose)
//!    (`VerdictArtifact`); the confidence and the dissent are checked in code (`confidence`,
//!    `dissent`).
//!
//! States: Idle -> Estimating -> AwaitingConsent -> Independent -> Synthesis -> CrossExam ->
//! Verdict -> Complete, and Aborted / Failed from any running state. The run stops after
//! `config.stop_after_round`. A reply that cannot be used is asked again once; round 1 needs two
//! usable answers and round 3 one, and every judge call is required. A cancelled call aborts the
//! run; a call the budget cannot cover is not made and fails it.
//!
//! **Resume**: a session that stopped before finishing (interrupted tab, cancel, failure) continues
//! from the first round without a stored artifact. Its state goes back to where it stood when its
//! last complete round ended (`state::resume_point`), and that round restarts from scratch with
//! the same call ids; the records of the interrupted attempt stay, since their cost was real.
//!
//! **Depth** (`config.depth`, docs/design.md, "Depth by need: convene only when in doubt"): Full
//! runs the four rounds; Vote decides after the synthesis in code; Adaptive decides there too when
//! the stop rule holds (`stop_rule`), else goes on. With checkable final answers that all agree,
//! either decides after round 1 with no synthesis. Such an early decision (`early`) is stored in
//! the verdict's shape with how it was reached and the calls it saved; "Cross-examine anyway"
//! (`cross_examine_anyway`) reopens the completed consult at round 3, asking nothing again.
//!
//! **Bias controls** (`peers`): unless `config.anonymous_peers` is off, rounds 2-4 show each
//! reader its peers as "Panelist A", "Panelist B"..., in an order shuffled per reader from the seed
//! kept in the record; replies are mapped back to the real ids before they are checked and stored.
//!
//! Everything shared with the other protocols (asking, budget, records, events, saving) is the
//! harness's; this module holds only what makes a consultation one.
pub mod body;
pub mod caching;
pub mod confidence;
mod cross_examine_anyway;
pub mod demo;
pub mod dissent;
pub mod early;
pub mod estimate;
pub mod evidence;
pub mod filtering;
pub mod material;
mod minority;
pub mod prompts;
pub mod reply_envelope;
pub mod report;
mod rounds;
pub mod state;
pub mod stop_rule;
pub mod stored;
pub mod view;

pub use cross_examine_anyway::{can_cross_examine_anyway, cross_examine_anyway};

use crate::foundation::shuffle::seed_from;
use crate::harness::events::EventSink;
use crate::harness::io::{Clock, ModelCaller};
use crate::record::consult::body::ConsultBody;
use crate::record::consult::config::ConsultConfig;
use crate::record::consult::early_decision::{DecidedBy, EarlyDecision};
use crate::record::consult::efficiency::TokenEfficiencyStats;
use crate::record::consult::state::{ConsultState, SynthesisEnd};
use crate::record::state::StateMachine;
use crate::record::{self, CallRecord, ProtocolBody, Session};
use crate::{harness::protocol::Protocol, harness::run::Run, harness::run::Stop};

/// What the app shows when a session runs in verbose mode.
pub const VERBOSE_NOTICE: &str = "Verbose mode: using full debate artifacts (higher token cost)";

/// Consult, as the harness knows it.
pub struct Consult;

impl Protocol for Consult {
    const KIND: record::Protocol = record::Protocol::Consult;
    type State = ConsultState;
    type Body = ConsultBody;

    /// The filtering savings so far, from the call records.
    fn after_call(config: &ConsultConfig, body: &mut ConsultBody, calls: &[CallRecord]) {
        body.token_efficiency_stats = Some(TokenEfficiencyStats::from_calls(calls, config.verbose));
    }
}

pub(crate) type ConsultRun<'a> = Run<'a, Consult>;

/// Runs a fresh session, or resumes a stopped one, until it is Complete, Failed or Aborted.
/// A session that is already Complete, is not a consultation, or whose stored record is invalid
/// (see `stored`) is returned as it is.
pub async fn run_consult(
    session: Session,
    caller: &impl ModelCaller,
    clock: &impl Clock,
    sink: &impl EventSink,
) -> Session {
    if session.consult_state() == Some(ConsultState::Complete) {
        return session;
    }
    if ConsultBody::of(&session.body)
        .is_some_and(|body| !stored::stored_consult_problems(body).is_empty())
    {
        return session;
    }
    let run = match Run::<Consult>::new(session, caller, clock, sink) {
        Ok(run) => run,
        Err(refused) => return refused.0,
    };
    let outcome = consult(&run).await.map(|()| ConsultState::Complete);
    let why = run.body(synthesis_end);
    run.finish_by(move |from, to| end(from, to, why), outcome)
}

/// The rounds in order, each unless its artifact is stored or it is past where the user stops,
/// until the depth decides early.
async fn consult(run: &ConsultRun<'_>) -> Result<(), Stop> {
    start(run)?;
    if run.body(|b| b.member_turn.is_some()) {
        // A thread's question to one member alone: its answer, no decision.
        rounds::member::run_round(run).await?;
        return Ok(());
    }
    if run.wants(1) {
        rounds::independent::run_round(run).await?;
    }
    if run.config.is_alone() {
        // One model alone: its answer is the decision, whatever the depth.
        decide_early(run, early::alone);
        return Ok(());
    }
    if run.body(|b| b.early_decision.is_some()) {
        return Ok(());
    }
    if run.wants(2) {
        if decide_early(run, early::after_round1) {
            return Ok(());
        }
        rounds::synthesis::run_round(run).await?;
    }
    if decide_early(run, early::after_synthesis) {
        return Ok(());
    }
    if run.wants(3) {
        rounds::cross_exam::run_round(run).await?;
    }
    if run.wants(4) {
        rounds::verdict::run_round(run).await?;
    }
    Ok(())
}

/// Stores the early decision `rule` takes on the record, if it takes one.
fn decide_early(
    run: &ConsultRun<'_>,
    rule: fn(&ConsultBody, String, early::Searches<'_>) -> Option<EarlyDecision>,
) -> bool {
    // An early decision's links are held to every search of the council, as a verdict's are.
    let searches = run
        .config
        .search_web
        .then(|| run.read(|s| crate::material::web::council_searches(&s.calls)));
    let Some(decision) = run.body(|b| rule(b, run.now(), searches.as_deref())) else {
        return false;
    };
    run.update_body(|b| b.early_decision = Some(decision));
    true
}

/// Why a run that ends in Synthesis may end there: its early decision's reason, else the user's
/// stop after round 2.
fn synthesis_end(body: &ConsultBody) -> SynthesisEnd {
    match body.early_decision.as_ref().map(|d| d.decided_by) {
        Some(DecidedBy::Vote | DecidedBy::SplitVote) => SynthesisEnd::Vote,
        Some(DecidedBy::AgreedAfterSynthesis) => SynthesisEnd::StopRuleHeld,
        _ => SynthesisEnd::StoppedByUser,
    }
}

/// The consult's normal end: Synthesis -> Complete for its reason, any other by the table.
fn end(
    from: ConsultState,
    to: ConsultState,
    why: SynthesisEnd,
) -> Result<ConsultState, crate::record::consult::state::TransitionError> {
    if (from, to) == (ConsultState::Synthesis, ConsultState::Complete) {
        from.end_after_synthesis(why)
    } else {
        from.transition(to)
    }
}

/// A fresh session passes through estimating and consent (the app asked for consent before the
/// run); a stopped one resumes. Either way the question and the council are checked first.
fn start(run: &ConsultRun<'_>) -> Result<(), Stop> {
    run.announce();
    if run.state() == ConsultState::Idle {
        run.enter(ConsultState::Estimating)?;
        run.enter(ConsultState::AwaitingConsent)?;
    } else {
        run.resume_at(run.body(state::resume_point))?;
    }
    if run.subject.trim().is_empty() {
        return Err(Stop::Failed("The question is empty.".to_string()));
    }
    run.config.validate().map_err(Stop::Failed)?;
    if run.config.anonymous_peers && run.body(|b| b.peer_label_seed.is_none()) {
        // A record from before the seed existed (a new session draws it in `new_consult`).
        let seed = seed_from(run.read(|s| s.id.clone()).as_str());
        run.update_body(|b| b.peer_label_seed = Some(seed));
    }
    Ok(())
}
