//! Who takes part in a session: panelists and judges, reviewer personas, champion, critic and
//! moderator, each bound to a provider and a model. Keys never appear here: the shell looks them up
//! by `provider_id` when it makes a call.
use consilium_providers::{
    default_search_fee, search_support, ProviderKind, SearchFee, SearchSupport,
};
use serde::{Deserialize, Serialize};

use crate::foundation::ids::{ParticipantId, ProviderId};

/// USD per million tokens; the one price type, shared with the provider codecs and the price table.
pub use consilium_prices::Price;

/// A point of view a panelist argues from; its instructions go into the system prompt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Persona {
    pub name: String,
    pub instructions: String,
}

impl Persona {
    fn new(name: &str, instructions: &str) -> Self {
        Self {
            name: name.to_string(),
            instructions: instructions.to_string(),
        }
    }
}

/// Personas offered in the panel builder; different angles make the cross-examination worth having.
pub fn builtin_personas() -> Vec<Persona> {
    vec![
        Persona::new(
            "Pragmatic engineer",
            "You care about what can be built, shipped and maintained with the people and time \
             available. Prefer concrete steps, known trade-offs and incremental delivery.",
        ),
        Persona::new(
            "Skeptic",
            "You look for the weakest assumption in every argument, including popular ones. Ask \
             what evidence supports a claim and what would have to be true for it to fail.",
        ),
        Persona::new(
            "Domain expert",
            "You bring deep knowledge of the subject matter: standards, prior art, how comparable \
             efforts went. Correct factual errors plainly.",
        ),
        Persona::new(
            "Risk analyst",
            "You weigh likelihood and impact: what can go wrong, how badly, how reversibly, and \
             what would limit the damage. Name the risks that would change the decision.",
        ),
        Persona::new(
            "User advocate",
            "You speak for the people who will live with the outcome: users, customers, \
             operators. Judge options by their effect on them, not on the builders.",
        ),
    ]
}

/// One seat in a session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Participant {
    /// Unique in the session, e.g. `panelist-1` .. `panelist-5` or `judge`. Artifacts refer to
    /// participants by this id.
    pub id: ParticipantId,
    /// What the UI shows, e.g. "Panelist 1 · llama3.2 · Skeptic".
    pub label: String,
    pub provider_id: ProviderId,
    pub provider_label: String,
    pub model: String,
    #[serde(default)]
    pub persona: Option<Persona>,
    /// None = price unknown: its cost is never taken as $0 and the budget cannot limit it.
    #[serde(default)]
    pub price: Option<Price>,
    /// A backup model the same request goes to when this seat has not answered by the hedging
    /// deadline (see `HedgeDeadline`); the first valid reply wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backup: Option<Backup>,
    /// Whether the seat's model takes images, as the shell found it (the provider's model list,
    /// else a table of known families, else the user's override); None = unknown, and no image
    /// is sent to it (see `material::seats`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sees_images: Option<bool>,
    /// The model's context window in tokens, where known; None = `material::seats`'s default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_tokens: Option<u32>,
    /// How the seat's model searches the web with its provider's own feature, as the shell
    /// found it (`consilium_providers::search_support`); None = it cannot (a local server), and
    /// it answers a searching council without search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web_search: Option<SeatSearch>,
}

impl Participant {
    /// Whether this seat's searching calls go without the response schema: the run searches
    /// (`search`) and the seat's provider cannot combine the two. Such a call asks for the JSON
    /// shape in its prompt, as a run without structured output does, and its reply may be heard as
    /// free text.
    pub fn searches_without_schema(&self, search: bool) -> bool {
        search && self.web_search.is_some_and(|ability| !ability.with_schema)
    }
}

/// How `model` of a `kind` provider searches the web, at the provider's published fee; None when
/// it cannot.
pub fn seat_search(kind: ProviderKind, model: &str) -> Option<SeatSearch> {
    let with_schema = match search_support(kind, model) {
        SearchSupport::None => return None,
        SearchSupport::WithSchema => true,
        SearchSupport::WithoutSchema => false,
    };
    Some(SeatSearch {
        with_schema,
        fee: default_search_fee(kind, model),
    })
}

/// A seat's web search: whether it combines with the response schema, and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSearch {
    /// False: a searching call goes without the response schema and is read as free text
    /// (Anthropic's forced tool, OpenAI's search models, Gemini before 3).
    pub with_schema: bool,
    /// The provider's search fee; None = unpriced (like a model without a price).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fee: Option<SearchFee>,
}

/// A seat's backup model: another provider or model that can answer in its place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Backup {
    pub provider_id: ProviderId,
    pub provider_label: String,
    pub model: String,
    #[serde(default)]
    pub price: Option<Price>,
}

impl Backup {
    /// "provider · model", as a call card names it.
    pub fn label(&self) -> String {
        model_label(&self.provider_label, &self.model)
    }
}

/// The provider every demo seat names; it says the model too ("scripted").
pub const DEMO_PROVIDER_LABEL: &str = "Demo (scripted)";

/// "provider · model", as a call card names a model; a demo seat is named once, "Demo (scripted)"
/// (its model would only say "scripted" again).
pub fn model_label(provider_label: &str, model: &str) -> String {
    if provider_label == DEMO_PROVIDER_LABEL {
        provider_label.to_string()
    } else {
        format!("{provider_label} · {model}")
    }
}
