//! The session record every protocol shares: an envelope (who, what, when, state, calls, cost,
//! failure, demo flag) and a protocol body. Storage, history, export and the session view's header
//! only read the envelope; a protocol's own views read its body.
//!
//! JSON shape (`schema_version` "2.0"):
//! `{schema_version, id, protocol, title, subject, created_at, updated_at, state, participants,
//!   calls, cost, failure, demo, outcome?, body}`, where `protocol` names the body's kind. Records written by
//! earlier versions are brought up to this shape by [`Session::from_json`] (see `migrate`).
//!
//! The engine's bottom layer above the foundation: it imports no protocol and no harness. Each
//! protocol's stored data lives here (`consult`, `review`, `prioritize`: body, artifacts, config,
//! states), with the `StateMachine` rule its states follow (`state`); what the protocols do with it
//! is theirs.
pub mod benchmark;
mod call_id;
mod calls;
pub mod consult;
mod cost;
mod migrate;
pub mod outcome;
pub mod prioritize;
pub mod review;
mod session_serde;
pub mod sources;
pub mod state;
mod status;

use serde::{Deserialize, Serialize};

pub use call_id::{Asked, Attempt, CallId, Step};
pub use calls::{stands_for_its_call, CallRecord, CallStatus, Substitution};
pub use cost::CostSummary;
pub use migrate::RecordError;
pub use status::SessionStatus;

use self::benchmark::body::BenchmarkBody;
use self::benchmark::config::BenchmarkConfig;
use self::consult::body::ConsultBody;
use self::consult::config::ConsultConfig;
use self::prioritize::body::{PrioritizeBody, PrioritizeConfig};
use self::review::body::{ReviewBody, ReviewConfig};
use crate::foundation::ids::SessionId;
use crate::foundation::participants::Participant;
use crate::foundation::timestamp::rfc3339_utc;

pub const SESSION_SCHEMA_VERSION: &str = "2.0";
const TITLE_MAX_CHARS: usize = 80;
/// The output limit of every call, unless a session's settings say otherwise.
pub const DEFAULT_MAX_TOKENS: u32 = 1024;

/// For counts stored only when there are some (`skip_serializing_if`), so records without them
/// read and write as before.
pub(crate) fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Which protocol a session runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Protocol {
    Consult,
    Review,
    Prioritize,
    Benchmark,
}

impl Protocol {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Consult => "consult",
            Self::Review => "review",
            Self::Prioritize => "prioritize",
            Self::Benchmark => "benchmark",
        }
    }
}

/// A protocol's own part of the record. Serialised as `"protocol": ..., "body": {...}` by the
/// session's own impls (`session_serde`).
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    Consult(Box<ConsultBody>),
    Review(Box<ReviewBody>),
    Prioritize(Box<PrioritizeBody>),
    Benchmark(Box<BenchmarkBody>),
}

impl Body {
    pub fn protocol(&self) -> Protocol {
        match self {
            Self::Consult(_) => Protocol::Consult,
            Self::Review(_) => Protocol::Review,
            Self::Prioritize(_) => Protocol::Prioritize,
            Self::Benchmark(_) => Protocol::Benchmark,
        }
    }
}

/// A protocol body reached through the shared record, for code that knows which protocol it runs.
pub trait ProtocolBody: Sized {
    /// The settings the user chose, stored in the body.
    type Config: RunSettings + Clone;

    fn of(body: &Body) -> Option<&Self>;
    fn of_mut(body: &mut Body) -> Option<&mut Self>;
    fn config(&self) -> &Self::Config;
}

/// `ProtocolBody` for the body of `Body::$variant`, whose settings are its `config` field.
macro_rules! protocol_body {
    ($variant:ident, $body:ty, $config:ty) => {
        impl ProtocolBody for $body {
            type Config = $config;

            fn of(body: &Body) -> Option<&Self> {
                match body {
                    Body::$variant(body) => Some(body),
                    _ => None,
                }
            }

            fn of_mut(body: &mut Body) -> Option<&mut Self> {
                match body {
                    Body::$variant(body) => Some(body),
                    _ => None,
                }
            }

            fn config(&self) -> &$config {
                &self.config
            }
        }
    };
}

protocol_body!(Consult, ConsultBody, ConsultConfig);
protocol_body!(Review, ReviewBody, ReviewConfig);
protocol_body!(Prioritize, PrioritizeBody, PrioritizeConfig);
protocol_body!(Benchmark, BenchmarkBody, BenchmarkConfig);

/// The settings every protocol's calls run with, read by the harness from the stored config.
pub trait RunSettings {
    /// Output limit of every call.
    fn max_tokens(&self) -> u32;
    /// No call is made that could take the spend above this.
    fn budget_usd(&self) -> Option<f64>;
    /// Send each reply's JSON schema with the provider's structured-output feature.
    fn structured_output(&self) -> bool;
}

impl RunSettings for ConsultConfig {
    fn max_tokens(&self) -> u32 {
        self.max_tokens
    }

    fn budget_usd(&self) -> Option<f64> {
        self.budget_usd
    }

    fn structured_output(&self) -> bool {
        self.structured_output
    }
}

impl RunSettings for ReviewConfig {
    fn max_tokens(&self) -> u32 {
        self.max_tokens
    }

    fn budget_usd(&self) -> Option<f64> {
        self.budget_usd
    }

    fn structured_output(&self) -> bool {
        self.structured_output
    }
}

/// Prioritize always has a budget (the seed's default is $2.50).
impl RunSettings for PrioritizeConfig {
    fn max_tokens(&self) -> u32 {
        self.max_tokens
    }

    fn budget_usd(&self) -> Option<f64> {
        Some(self.budget_usd)
    }

    fn structured_output(&self) -> bool {
        self.structured_output
    }
}

/// The benchmark's budget covers every arm; each call's output limit is the council's.
impl RunSettings for BenchmarkConfig {
    fn max_tokens(&self) -> u32 {
        self.council.max_tokens
    }

    fn budget_usd(&self) -> Option<f64> {
        self.budget_usd
    }

    fn structured_output(&self) -> bool {
        self.council.structured_output
    }
}

/// Serialised and parsed by hand (`session_serde`): the same JSON as a derive with a flattened
/// body, without serde's buffering (`flatten`), which doubled every body type's parser in the wasm.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    pub schema_version: String,
    pub id: SessionId,
    /// For lists: the subject's first line, shortened.
    pub title: String,
    /// What the session is about: the question, the change under review, the backlog.
    pub subject: String,
    pub created_at: String,
    pub updated_at: String,
    /// The protocol's state, by its serialised name (e.g. `cross_exam`, `complete`).
    pub state: String,
    /// Everyone who takes part, each bound to a provider and model (never a key).
    pub participants: Vec<Participant>,
    /// Every call made or refused, in the order each finished; a resumed round adds new records
    /// (with the same call ids) after the old ones, which stay because their cost was real.
    pub calls: Vec<CallRecord>,
    pub cost: CostSummary,
    /// Why the session failed, as a sentence for the user.
    pub failure: Option<String>,
    /// Scripted participants: labelled as a demo wherever the session shows.
    pub demo: bool,
    /// The user's later judgment of the decision ("Did it hold?"); None: not judged.
    pub outcome: Option<outcome::Outcome>,
    pub body: Body,
}

impl Session {
    /// A new record in state `idle`.
    pub fn new(
        id: SessionId,
        subject: String,
        participants: Vec<Participant>,
        body: Body,
        demo: bool,
        now_ms: u64,
    ) -> Self {
        let now = rfc3339_utc(now_ms);
        Self {
            schema_version: SESSION_SCHEMA_VERSION.to_string(),
            id,
            title: title_of(&subject),
            subject,
            created_at: now.clone(),
            updated_at: now,
            state: "idle".to_string(),
            participants,
            calls: Vec::new(),
            cost: CostSummary::default(),
            failure: None,
            demo,
            outcome: None,
            body,
        }
    }

    pub fn protocol(&self) -> Protocol {
        self.body.protocol()
    }

    /// The body of the protocol `B`, if this session runs it.
    pub fn body_of<B: ProtocolBody>(&self) -> Option<&B> {
        B::of(&self.body)
    }

    pub fn participant(&self, id: impl AsRef<str>) -> Option<&Participant> {
        let id = id.as_ref();
        self.participants.iter().find(|p| p.id == id)
    }

    /// A participant's label, or its id when the record does not know it.
    pub fn label_of(&self, participant_id: impl AsRef<str>) -> String {
        let participant_id = participant_id.as_ref();
        self.participant(participant_id)
            .map(|p| p.label.clone())
            .unwrap_or_else(|| participant_id.to_string())
    }

    /// True until the session reaches an end state. A stored session for which this holds while no
    /// run is active was interrupted (or never started) and can resume.
    pub fn is_running(&self) -> bool {
        !self.is_finished()
    }

    /// Complete, aborted, failed, or another end state of its protocol.
    pub fn is_finished(&self) -> bool {
        self.status().is_finished()
    }
}

/// The first non-empty line, with runs of whitespace collapsed, shortened for lists.
pub fn title_of(subject: &str) -> String {
    let first_line = subject
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("");
    // A secret pasted into the question never reaches a title (nor, through it, the tab, the
    // browser's history or a share sheet): masked before the cut, so none is cut mid-way.
    let line = crate::text::secrets::masked_line(first_line);
    let line = line.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= TITLE_MAX_CHARS {
        return line;
    }
    let cut: String = line.chars().take(TITLE_MAX_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}
