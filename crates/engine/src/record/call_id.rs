//! A call's id, typed: what was asked, of whom, in which round (and benchmark question), and
//! whether this is its re-ask or a cut-off attempt. Records keep the id as the string it formats
//! to (stored sessions do not change); code reads it through `CallId` rather than taking it apart.
//!
//! The string: `[<question>/]r<round>-<participant>[-compromise|-accept|-alone]` for a seat's call,
//! `<question>-best-<index>` for a benchmark's best single model; then `-reask` for its one
//! re-ask, then `-attempt-[<request>-]<n>` or `-attempt-<request>` for an attempt on record.
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What the harness appends to a call's id for its one re-ask.
pub const REASK_SUFFIX: &str = "-reask";
const ATTEMPT_MARK: &str = "-attempt-";
const BEST_MARK: &str = "-best-";

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CallId {
    asked: Asked,
    reask: bool,
    attempt: Option<Attempt>,
}

/// Who was asked for what.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Asked {
    /// A participant's call in a round; in a benchmark, of one question's consultation.
    Seat {
        question: Option<String>,
        round: u8,
        participant: String,
        step: Option<Step>,
    },
    /// A benchmark's `index`-th sample of the best single model on `question`.
    BestSingle { question: String, index: u32 },
}

/// A seat's call beside its round's usual one: Review's steps after a member's opinion, and a
/// Consult thread's question to one member alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The business driver's compromise after a veto.
    Compromise,
    /// A member's answer to that compromise.
    Accept,
    /// A Consult panelist asked alone in a thread (`record::consult::member_turn`).
    Alone,
}

impl Step {
    fn as_str(self) -> &'static str {
        match self {
            Self::Compromise => "compromise",
            Self::Accept => "accept",
            Self::Alone => "alone",
        }
    }
}

/// An earlier attempt of a call, recorded for its cost: a request that lost a hedged race
/// (`request`: "own", "backup2", ...) and/or the `retry`-th try the caller cut off.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Attempt {
    pub request: Option<String>,
    pub retry: Option<usize>,
}

impl CallId {
    /// `participant`'s call in `round`.
    pub fn seat(round: u8, participant: impl AsRef<str>) -> Self {
        Self::of(Asked::Seat {
            question: None,
            round,
            participant: participant.as_ref().to_string(),
            step: None,
        })
    }

    /// The best single model's `index`-th sample on a benchmark's `question`.
    pub fn best_single(question: &str, index: u32) -> Self {
        Self::of(Asked::BestSingle {
            question: question.to_string(),
            index,
        })
    }

    fn of(asked: Asked) -> Self {
        Self {
            asked,
            reask: false,
            attempt: None,
        }
    }

    /// This seat's call at a Review `step`.
    pub fn at_step(mut self, step: Step) -> Self {
        if let Asked::Seat { step: at, .. } = &mut self.asked {
            *at = Some(step);
        }
        self
    }

    /// This call, of a benchmark question's consultation.
    pub fn in_question(mut self, question: &str) -> Self {
        if let Asked::Seat { question: of, .. } = &mut self.asked {
            *of = Some(question.to_string());
        }
        self
    }

    /// The call's one re-ask.
    pub fn reasked(self) -> Self {
        Self {
            reask: true,
            ..self
        }
    }

    /// An attempt of this call on record.
    pub fn attempt(self, attempt: Attempt) -> Self {
        Self {
            attempt: Some(attempt),
            ..self
        }
    }

    /// The id as a record stores it; None for a string no call id formats to.
    pub fn parse(text: &str) -> Option<Self> {
        let parsed = Self::read(text)?;
        // Only what formats back to the same string is this id (no `r01`, no stray marks).
        let formatted = parsed.to_string();
        (formatted == text).then_some(parsed)
    }

    fn read(text: &str) -> Option<Self> {
        let (call, attempt) = match text.split_once(ATTEMPT_MARK) {
            Some((call, attempt)) => (call, Some(Attempt::read(attempt)?)),
            None => (text, None),
        };
        let (call, reask) = match call.strip_suffix(REASK_SUFFIX) {
            Some(call) => (call, true),
            None => (call, false),
        };
        let asked = match call.split_once('/') {
            Some((question, seat)) => Asked::read_seat(Some(question), seat)?,
            None => Asked::read_best_single(call).or_else(|| Asked::read_seat(None, call))?,
        };
        Some(Self {
            asked,
            reask,
            attempt,
        })
    }

    pub fn asked(&self) -> &Asked {
        &self.asked
    }

    /// The benchmark question the call belongs to; None outside a benchmark.
    pub fn question(&self) -> Option<&str> {
        match &self.asked {
            Asked::Seat { question, .. } => question.as_deref(),
            Asked::BestSingle { question, .. } => Some(question),
        }
    }

    /// The Review step the call is at, None for a member's opinion or another protocol's call.
    pub fn step(&self) -> Option<Step> {
        match &self.asked {
            Asked::Seat { step, .. } => *step,
            Asked::BestSingle { .. } => None,
        }
    }

    pub fn is_reask(&self) -> bool {
        self.reask
    }

    /// An earlier attempt recorded for its cost, not a call of its own.
    pub fn is_attempt(&self) -> bool {
        self.attempt.is_some()
    }

    /// The asked call this id stands for: itself without its re-ask or attempt mark. A call and
    /// its re-ask are one asked call (one card, one failed call).
    pub fn asked_call(&self) -> Self {
        Self::of(self.asked.clone())
    }
}

impl Asked {
    fn read_seat(question: Option<&str>, seat: &str) -> Option<Self> {
        let (round, participant) = seat.strip_prefix('r')?.split_once('-')?;
        let (participant, step) = [Step::Compromise, Step::Accept, Step::Alone]
            .into_iter()
            .find_map(|step| {
                let participant = participant.strip_suffix(step.as_str())?;
                Some((participant.strip_suffix('-')?, Some(step)))
            })
            .unwrap_or((participant, None));
        Some(Self::Seat {
            question: question.map(str::to_string),
            round: round.parse().ok()?,
            participant: participant.to_string(),
            step,
        })
    }

    fn read_best_single(call: &str) -> Option<Self> {
        let (question, index) = call.rsplit_once(BEST_MARK)?;
        Some(Self::BestSingle {
            question: question.to_string(),
            index: index.parse().ok()?,
        })
    }
}

impl Attempt {
    fn read(text: &str) -> Option<Self> {
        if let Ok(retry) = text.parse() {
            return Some(Self {
                request: None,
                retry: Some(retry),
            });
        }
        let (request, retry) = match text.rsplit_once('-') {
            Some((request, retry)) => (request, Some(retry.parse().ok()?)),
            None => (text, None),
        };
        Some(Self {
            request: Some(request.to_string()),
            retry,
        })
    }
}

impl fmt::Display for CallId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.asked {
            Asked::Seat {
                question,
                round,
                participant,
                step,
            } => {
                if let Some(question) = question {
                    write!(f, "{question}/")?;
                }
                write!(f, "r{round}-{participant}")?;
                if let Some(step) = step {
                    write!(f, "-{}", step.as_str())?;
                }
            }
            Asked::BestSingle { question, index } => write!(f, "{question}{BEST_MARK}{index}")?,
        }
        if self.reask {
            f.write_str(REASK_SUFFIX)?;
        }
        if let Some(attempt) = &self.attempt {
            f.write_str(ATTEMPT_MARK)?;
            match (&attempt.request, attempt.retry) {
                (Some(request), Some(retry)) => write!(f, "{request}-{retry}")?,
                (Some(request), None) => f.write_str(request)?,
                (None, Some(retry)) => write!(f, "{retry}")?,
                (None, None) => {}
            }
        }
        Ok(())
    }
}

impl FromStr for CallId {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        Self::parse(text).ok_or_else(|| format!("not a call id: {text}"))
    }
}

/// So an id compares with the string a record or a test holds.
impl PartialEq<str> for CallId {
    fn eq(&self, other: &str) -> bool {
        let formatted = self.to_string();
        formatted == other
    }
}

impl PartialEq<&str> for CallId {
    fn eq(&self, other: &&str) -> bool {
        self == *other
    }
}

impl PartialEq<String> for CallId {
    fn eq(&self, other: &String) -> bool {
        self == other.as_str()
    }
}

impl Serialize for CallId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CallId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
