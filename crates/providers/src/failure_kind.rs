//! What kind of failure a call met: one table of kinds and their labels, kept here once for the
//! providers' errors (`ProviderError::kind`) and the engine's call records (`CallFailure`). A kind
//! serialises as its short label ("auth", "rate_limited", ...); a label this version does not know
//! reads as `Other` and writes back unchanged.
use serde::{Deserialize, Serialize};

/// Makes `FailureKind` from its table: each kind, its label, what it means.
macro_rules! failure_kinds {
    ($($(#[doc = $doc:literal])* $kind:ident => $label:literal,)*) => {
        /// What kind of failure a call met (its label in parentheses in the table).
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum FailureKind {
            $($(#[doc = $doc])* $kind,)*
            /// A label this version does not know, kept as written.
            Other(String),
        }

        impl FailureKind {
            /// Every kind this version knows, in the table's order.
            pub const KNOWN: &'static [FailureKind] = &[$(Self::$kind),*];

            /// The label of a known kind; None for `Other`.
            pub const fn known_label(&self) -> Option<&'static str> {
                match self {
                    $(Self::$kind => Some($label),)*
                    Self::Other(_) => None,
                }
            }
        }
    };
}

failure_kinds! {
    /// The provider refused the key.
    Auth => "auth",
    /// The provider does not serve the model.
    UnknownModel => "unknown_model",
    RateLimited => "rate_limited",
    Overloaded => "overloaded",
    Server => "server",
    BadRequest => "bad_request",
    /// The server refused structured output.
    StructuredOutputRefused => "structured_output_refused",
    /// A web page the call read failed.
    WebPage => "web_page",
    Timeout => "timeout",
    Network => "network",
    /// The reply did not parse.
    Malformed => "malformed",
    /// The stream ended before the reply did.
    Incomplete => "incomplete",
    Cancelled => "cancelled",
    /// The shell could not send the call: no key, an unknown provider.
    Config => "config",
}

impl FailureKind {
    /// The kind a label names; an unknown one is `Other`.
    pub fn from_label(label: &str) -> Self {
        Self::KNOWN
            .iter()
            .find(|kind| kind.known_label() == Some(label))
            .cloned()
            .unwrap_or_else(|| Self::Other(label.to_string()))
    }

    pub fn label(&self) -> &str {
        match self {
            Self::Other(label) => label,
            known => known.known_label().unwrap_or_default(),
        }
    }
}

impl From<&str> for FailureKind {
    fn from(label: &str) -> Self {
        Self::from_label(label)
    }
}

impl Serialize for FailureKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.label())
    }
}

impl<'de> Deserialize<'de> for FailureKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self::from_label(&String::deserialize(deserializer)?))
    }
}
