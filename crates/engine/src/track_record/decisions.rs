//! A finished decision as the track record reads it: which council made it (its seats' models and
//! personas, so a renamed council stays itself), how deep it went, how sure it said it was, what
//! it cost, and how the user judged it.
use crate::foundation::ids::SessionId;
use crate::record::consult::body::ConsultBody;
use crate::record::consult::early_decision::DecidedBy;
use crate::record::outcome::Verdict;
use crate::record::{Body, Session};

/// How a decision was reached, the track record's "depth": a consult's depth (or one model, or one
/// member of a thread), or the protocol for the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Vote,
    Adaptive,
    Full,
    OneModel,
    OneMember,
    Review,
    Prioritize,
}

impl Kind {
    pub fn label(self) -> &'static str {
        match self {
            Kind::Vote => "Vote",
            Kind::Adaptive => "Adaptive",
            Kind::Full => "Full",
            Kind::OneModel => "One model",
            Kind::OneMember => "One member of a thread",
            Kind::Review => "Review",
            Kind::Prioritize => "Prioritize",
        }
    }
}

/// One finished decision.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionFacts {
    pub session_id: SessionId,
    /// The seats' models and personas, sorted: equal for the same council under any name.
    pub council_key: String,
    /// The council in words: "gpt-4o · Skeptic, gpt-4o-mini, judge claude-sonnet-4".
    pub council_label: String,
    pub kind: Kind,
    /// The thread it belongs to: its first turn's id (its own for a first turn, a review or a
    /// backlog).
    pub thread: SessionId,
    /// A consult decided before any cross-examination (by vote, or agreed early); None when the
    /// question does not apply (one model, one member, review, prioritize).
    pub early: Option<bool>,
    /// The decision's stated confidence in [0, 1] (consults only: the checked number).
    pub confidence: Option<f64>,
    pub verdict: Option<Verdict>,
    pub spent_usd: f64,
    /// Some call had no price: the cost is not known.
    pub unpriced: bool,
    pub demo: bool,
}

impl DecisionFacts {
    /// Judged right, partly or wrong (too early to tell is not yet a judgment of it).
    pub fn score(&self) -> Option<f64> {
        self.verdict.and_then(Verdict::score)
    }
}

/// The decision `session` reached, if it is finished and reached one (a benchmark is no decision).
pub fn decision_facts(session: &Session) -> Option<DecisionFacts> {
    if !session.is_finished() {
        return None;
    }
    let (kind, early, confidence) = match &session.body {
        Body::Consult(body) => consult_facts(body)?,
        Body::Review(body) => {
            body.verdict.as_ref()?;
            (Kind::Review, None, None)
        }
        Body::Prioritize(body) => {
            body.outcome.as_ref()?;
            (Kind::Prioritize, None, None)
        }
        Body::Benchmark(_) => return None,
    };
    let (council_key, council_label) = council_of(session);
    Some(DecisionFacts {
        session_id: session.id.clone(),
        council_key,
        council_label,
        kind,
        thread: match &session.body {
            Body::Consult(body) => body.thread_root().unwrap_or(&session.id).clone(),
            _ => session.id.clone(),
        },
        early,
        confidence,
        verdict: session.outcome.as_ref().map(|o| o.verdict()),
        spent_usd: session.cost.spent_usd,
        unpriced: session.cost.unpriced_calls > 0,
        demo: session.demo,
    })
}

fn consult_facts(body: &ConsultBody) -> Option<(Kind, Option<bool>, Option<f64>)> {
    if let Some(member) = &body.member_turn {
        member.answer.as_ref()?;
        return Some((Kind::OneMember, None, None));
    }
    let decision = body.decision()?;
    let confidence = decision
        .confidence_check
        .map(|check| check.computed_confidence)
        .or(Some(decision.verdict.confidence))
        .filter(|c| c.is_finite());
    let (kind, early) = match decision.decided_by {
        DecidedBy::Alone => (Kind::OneModel, None),
        by => {
            let kind = match body.config.depth {
                crate::record::consult::depth::Depth::Vote => Kind::Vote,
                crate::record::consult::depth::Depth::Adaptive => Kind::Adaptive,
                crate::record::consult::depth::Depth::Full => Kind::Full,
            };
            (kind, Some(by != DecidedBy::Verdict))
        }
    };
    // A split vote decided nothing: its confidence is no forecast of a recommendation.
    let confidence = confidence.filter(|_| decision.decided_by != DecidedBy::SplitVote);
    Some((kind, early, confidence))
}

/// The council's key and words, from its seats: each seat's model and persona, the judge's
/// apart, sorted, so the order of seats and the council's name do not matter:
/// "gpt-4o · Skeptic, gpt-4o-mini; judge claude-sonnet-4".
fn council_of(session: &Session) -> (String, String) {
    let seat = |p: &crate::foundation::participants::Participant| {
        let persona = p
            .persona
            .as_ref()
            .map(|x| x.name.clone())
            .unwrap_or_default();
        let words = if persona.is_empty() {
            p.model.clone()
        } else {
            format!("{} · {persona}", p.model)
        };
        (format!("{}\u{1f}{persona}", p.model), words)
    };
    let mut seats: Vec<(String, String)> = session
        .participants
        .iter()
        .filter(|p| p.id != "judge")
        .map(seat)
        .collect();
    seats.sort();
    let judge = session.participant("judge").map(seat);
    let mut key = seats
        .iter()
        .map(|(key, _)| key.as_str())
        .collect::<Vec<_>>()
        .join("\u{1e}");
    let mut label = seats
        .into_iter()
        .map(|(_, words)| words)
        .collect::<Vec<_>>()
        .join(", ");
    if let Some((judge_key, judge_words)) = judge {
        key.push_str(&format!("\u{1d}judge\u{1f}{judge_key}"));
        label.push_str(&format!("; judge {judge_words}"));
    }
    (key, label)
}
