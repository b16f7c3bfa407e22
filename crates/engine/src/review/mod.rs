//! The Review protocol (seed 002): a committee of reviewer personas deliberates over a code change
//! and concludes APPROVED, REQUEST_CHANGES or INCONCLUSIVE.
//!
//! 1. **PROPOSAL**: the change is tabled. It is parsed in code, and its added lines are scanned
//!    for secrets; the hits go to the committee as facts.
//! 2. **DEBATE** (a round): every member, in parallel, gives `{state, confidence, opinion,
//!    fix_items}`. The engine decides what each counts as: below the confidence threshold, or a
//!    reply that could not be used (after one re-ask), is an ABSTAIN; a VETO from a member who holds
//!    none, or without a finding verified against the diff, is an objection (DEBATE). From round 2
//!    each member sees the others' opinions.
//! 3. **Quorum**, in code: any VETO -> VETO; SYNTHESIS from >= 2/3 of the members who did not
//!    abstain -> SYNTHESIS -> CONCLUSION; everyone abstained -> ABSTAIN -> CONCLUSION
//!    (INCONCLUSIVE); otherwise another DEBATE round, and at the 5-round limit CONCLUSION
//!    (INCONCLUSIVE).
//! 4. **VETO**: the Business Driver offers a Cost-of-Delay compromise and each vetoer accepts or
//!    not. Accepted by every vetoer -> DEBATE under the compromise (after the deliberation's last
//!    round: CONCLUSION, INCONCLUSIVE, as no round is left). Otherwise (or with no Business
//!    Driver) the veto is irreconcilable: VETO -> CONCLUSION with REQUEST_CHANGES.
//! 5. **Amended code** (`amend`), after an irreconcilable veto: CONCLUSION -> PROPOSAL, and a new
//!    deliberation of up to 5 rounds on the new code (rounds keep their session numbers; the limit
//!    counts the current code's). Records from before this rule that wait in VETO can still be
//!    amended or accepted (`accept_verdict`).
//!
//! The verdict (`verdict`): a quorum with verified fix items is REQUEST_CHANGES, without them
//! APPROVED; an irreconcilable veto is REQUEST_CHANGES; anything else INCONCLUSIVE. Unverified fix
//! items never vanish: the verdict lists them as not checked against the diff and its sentence
//! names them. A veto needs its holder's own ground (`grounding`).
//!
//! Running out of budget fails the review (resumable), like Consult.
pub mod body;
pub mod committee;
mod compromise;
pub mod context_files;
mod debate;
pub mod demo;
pub mod diff;
pub mod grounding;
pub mod project_rules;
pub mod prompts;
pub mod quorum;
pub mod replies;
pub mod report;
pub mod secrets;
pub mod state;
pub mod stored;
mod user_actions;
mod verdict;
pub mod view;
pub mod window;

/// The reply shapes' old path.
pub use user_actions::{accept_verdict, amend, amendment_offer};
pub use verdict::unchecked_sentence;

use crate::harness::events::EventSink;
use crate::harness::io::{Clock, ModelCaller};
use crate::record::review::body::{ReviewBody, MAX_ROUNDS};
use crate::record::review::state::ReviewState;
use crate::record::{self, Body, Session};
use crate::{harness::protocol::Protocol, harness::run::Run, harness::run::Stop};
use state::{next_step, resume_point, Step};
use verdict::{conclude_without_consensus, log_transition};

/// Review, as the harness knows it.
pub struct Review;

impl Protocol for Review {
    const KIND: record::Protocol = record::Protocol::Review;
    type State = ReviewState;
    type Body = ReviewBody;
}

type ReviewRun<'a> = Run<'a, Review>;

/// Runs a review until it concludes, fails or is cancelled (a record from before amended code
/// followed a concluded veto may still wait for the user). A stored review
/// whose record is invalid (see `stored`) is returned as it is.
pub async fn run_review(
    session: Session,
    caller: &impl ModelCaller,
    clock: &impl Clock,
    sink: &impl EventSink,
) -> Session {
    if matches!(session.review_state(), None | Some(ReviewState::Conclusion)) {
        return session;
    }
    // A hand-edited record that the run would have refused is not continued (nothing is deleted).
    if let Body::Review(body) = &session.body {
        if !stored::stored_review_problems(body).is_empty() {
            return session;
        }
    }
    let run = match Run::<Review>::new(session, caller, clock, sink) {
        Ok(run) => run,
        Err(refused) => return refused.0,
    };
    let outcome = deliberate(&run).await.map(|()| ReviewState::Conclusion);
    run.finish(outcome)
}

/// PROPOSAL (the code checked and scanned once), then the step the record calls for, until the
/// review concludes or waits for the user.
async fn deliberate(run: &ReviewRun<'_>) -> Result<(), Stop> {
    run.announce();
    if run.state() == ReviewState::Idle {
        run.enter(ReviewState::Proposal)?;
    } else {
        run.resume_at(run.body(resume_point))?;
    }
    let code = run.body(|b| b.current_code(&run.subject).to_string());
    run.config.validate(&code).map_err(Stop::Failed)?;
    if run.body(|b| b.rounds.is_empty() && b.amendments.is_empty()) {
        let hits = secrets::scan(&diff::ParsedDiff::parse(&code));
        run.update_body(|b| b.secret_hits = hits);
    }
    loop {
        match run.body(next_step) {
            // Only after a compromise accepted in the last round: no round is left to debate it.
            Step::Debate {
                of_deliberation, ..
            } if of_deliberation > MAX_ROUNDS => {
                conclude_without_consensus(
                    run,
                    format!(
                        "The vetoers accepted the compromise in the last round of the \
                         {MAX_ROUNDS}-round limit, so no round was left to debate under it."
                    ),
                );
            }
            Step::Debate {
                round,
                of_deliberation,
            } => debate::debate_round(run, round, of_deliberation).await?,
            Step::Compromise => compromise::compromise(run).await?,
            Step::Conclude => {
                log_transition(run, run.state(), ReviewState::Conclusion);
                return Ok(());
            }
            // A record from before an irreconcilable veto concluded the review.
            Step::Wait => {
                let question = run.body(|b| b.awaiting_user.clone().unwrap_or_default());
                return Err(Stop::Paused(question));
            }
        }
    }
}
