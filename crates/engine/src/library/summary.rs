//! What the history list needs of a session, without loading the session: its header and a
//! one-line outcome.
use serde::{Deserialize, Serialize};

use crate::foundation::ids::SessionId;
use crate::record::benchmark::body::BenchmarkBody;
use crate::record::consult::body::ConsultBody;
use crate::record::consult::depth::Depth;
use crate::record::consult::early_decision::DecidedBy;
use crate::record::outcome::Verdict;
use crate::record::prioritize::body::PrioritizeBody;
use crate::record::review::body::ReviewBody;
use crate::record::{Body, Session};

/// Longest outcome line kept in a summary (the list shows one line).
const OUTCOME_MAX_CHARS: usize = 160;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionSummary {
    pub id: SessionId,
    pub title: String,
    pub protocol: String,
    pub state: String,
    #[serde(default)]
    pub created_at: String,
    pub updated_at: String,
    pub demo: bool,
    /// The decision in one line, once there is one ("" before).
    #[serde(default)]
    pub outcome: String,
    /// True when the session reached an end state.
    #[serde(default)]
    pub finished: bool,
    /// The session this consult follows up, if it was asked as a follow-up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follows: Option<SessionId>,
    /// The thread's first turn, for a consult asked as a follow-up (None for a first turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<SessionId>,
    /// In a list's entry for a thread of several turns (`library::one_per_thread`): the latest
    /// turn's question, its subtitle. Never stored.
    #[serde(skip)]
    pub latest_turn: Option<String>,
    /// A consult's depth (None for the other protocols, and in summaries made before depths).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<Depth>,
    /// How a consult's decision was reached, once it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<DecidedBy>,
    /// A thread's turn asked of one member alone: who ("Panelist 2 · Skeptic"). None for every
    /// council turn and in summaries made before such turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asked_member: Option<String>,
    /// The time the run took, in ms (`views::run_time`); None before a call and in summaries
    /// made before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_ms: Option<u64>,
    /// How the user judged the decision ("Did it hold?"); None: not judged. Summaries made before
    /// outcomes read as not judged, as their records do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judged: Option<Verdict>,
    /// When it was judged (RFC 3339; None: not judged): sync tells a judgment made here by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judged_at: Option<String>,
}

impl SessionSummary {
    pub fn of(session: &Session) -> Self {
        Self::with_outcome(session, &outcome_of(session))
    }

    /// With the outcome line given: a running benchmark's, kept as it goes
    /// (`benchmark::tally::RunningTally::outcome_line`), with its stored record, which holds no
    /// result to read it from.
    pub fn with_outcome(session: &Session, outcome: &str) -> Self {
        Self {
            id: session.id.clone(),
            title: session.title.clone(),
            protocol: session.protocol().as_str().to_string(),
            state: session.state.clone(),
            created_at: session.created_at.clone(),
            updated_at: session.updated_at.clone(),
            demo: session.demo,
            // Model text's Markdown marks (`**`, pipes, backticks) are no part of a snippet.
            outcome: shorten(&crate::text::rich::to_plain(outcome)),
            finished: session.is_finished(),
            follows: session
                .body_of::<ConsultBody>()
                .and_then(|b| b.follows.as_ref())
                .map(|f| f.session_id.clone()),
            thread: session
                .body_of::<ConsultBody>()
                .and_then(ConsultBody::thread_root)
                .cloned(),
            latest_turn: None,
            depth: session.body_of::<ConsultBody>().map(|b| b.config.depth),
            decided_by: session
                .body_of::<ConsultBody>()
                .and_then(|b| b.decision())
                .map(|d| d.decided_by),
            asked_member: member_of(session).map(|(name, _)| name),
            run_ms: crate::views::run_time::run_time_ms(session),
            judged: session.outcome.as_ref().map(|o| o.verdict()),
            judged_at: session.outcome.as_ref().map(|o| o.judged_at.clone()),
        }
    }

    /// A finished decision nobody has judged yet, or judged too early to tell: History's filter
    /// "awaiting an outcome". A benchmark is no decision.
    pub fn awaits_outcome(&self) -> bool {
        self.finished
            && !self.outcome.is_empty()
            && self.protocol != "benchmark"
            && !matches!(self.state.as_str(), "failed" | "aborted")
            && matches!(self.judged, None | Some(Verdict::TooEarly))
    }

    /// The outcome as History shows it: a review's verdict in words ("Changes requested: …"),
    /// where the stored line keeps the record's name ("REQUEST_CHANGES: …") that the sidebar's
    /// chip reads.
    pub fn outcome_line(&self) -> String {
        use crate::record::review::body::ReviewVerdict;
        use crate::review::view::verdict_words;
        let verdicts = [
            ReviewVerdict::Approved,
            ReviewVerdict::RequestChanges,
            ReviewVerdict::Inconclusive,
        ];
        verdicts
            .into_iter()
            .find_map(|verdict| {
                let rest = self
                    .outcome
                    .strip_prefix(verdict.label())?
                    .strip_prefix(':')?;
                Some(format!("{}:{rest}", verdict_words(verdict)))
            })
            .filter(|_| self.protocol == "review")
            .unwrap_or_else(|| self.outcome.clone())
    }

    /// The History and sidebar line of a consult's depth and how it decided: "Adaptive · agreed
    /// early", "Vote · split vote", "Full · verdict"; "Adaptive" while undecided.
    pub fn depth_line(&self) -> Option<String> {
        let depth = self.depth?.label();
        Some(match self.decided_by {
            Some(DecidedBy::Alone) => crate::record::consult::config::ONE_MODEL.to_string(),
            Some(decided_by) => format!("{depth} · {}", decided_by.short()),
            None => depth.to_string(),
        })
    }
}

fn outcome_of(session: &Session) -> String {
    match &session.body {
        Body::Consult(body) => consult_outcome(body),
        Body::Review(body) => review_outcome(body),
        Body::Prioritize(body) => prioritize_outcome(body),
        Body::Benchmark(body) => benchmark_outcome(body),
    }
}

/// A member turn's member ("Panelist 2 · Skeptic") and its answer, once given.
fn member_of(session: &Session) -> Option<(String, Option<String>)> {
    let body = session.body_of::<ConsultBody>()?;
    let member = body.member_turn.as_ref()?;
    Some((
        member.name(body.config.panelists.first()?),
        member.answer.clone(),
    ))
}

fn consult_outcome(body: &ConsultBody) -> String {
    if let Some(member) = &body.member_turn {
        // One member's answer, said to be its own: never read as the council's decision.
        return match (&member.answer, body.config.panelists.first()) {
            (Some(answer), Some(panelist)) => {
                format!("{} answered: {answer}", member.name(panelist))
            }
            _ => String::new(),
        };
    }
    body.decision()
        .map(|decision| decision.verdict.recommendation.clone())
        .unwrap_or_default()
}

fn review_outcome(body: &ReviewBody) -> String {
    body.verdict
        .as_ref()
        .map(|v| format!("{}: {}", v.verdict.label(), v.reason))
        .unwrap_or_default()
}

fn prioritize_outcome(body: &PrioritizeBody) -> String {
    let top = body.ranked.first().map(|o| format!("Top: {}. ", o.title));
    match (&body.outcome, top) {
        (Some(outcome), Some(top)) => format!("{top}{outcome}"),
        (Some(outcome), None) => outcome.clone(),
        _ => String::new(),
    }
}

/// "12 of 50 questions; council 83%, round-1 vote 80%": no bootstrap here, since a summary is
/// made on every save.
fn benchmark_outcome(body: &BenchmarkBody) -> String {
    use crate::benchmark::outcomes::arm_outcomes;
    use crate::benchmark::results::summarise_arm;
    use crate::record::benchmark::body::Arm;
    let accuracy = |arm: &Arm| {
        summarise_arm(&arm_outcomes(body, arm))
            .accuracy
            .map(|a| format!("{:.0}%", a * 100.0))
    };
    let mut outcome = format!(
        "{} of {} questions",
        crate::foundation::counted::thousands(body.questions_done() as u64),
        crate::foundation::counted::thousands(body.questions.len() as u64)
    );
    if let (Some(council), Some(vote)) = (accuracy(&Arm::Council), accuracy(&Arm::Vote)) {
        outcome.push_str(&format!("; council {council}, round-1 vote {vote}"));
    }
    outcome
}

fn shorten(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= OUTCOME_MAX_CHARS {
        return line;
    }
    let cut: String = line.chars().take(OUTCOME_MAX_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}
