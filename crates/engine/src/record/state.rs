//! A protocol's states, the one rule every change of state follows: a change the protocol does not
//! allow is an error, never a silent no-op. Each protocol's state enum (`record::consult::state`,
//! ...) implements it; the harness drives it.
use std::fmt::Debug;

/// A protocol's states. Every change goes through `transition`; a change the protocol does not
/// allow is an error, never a silent no-op. States may cycle (a review returns to debate).
/// A protocol states only its rules (`allows`, `resumes_at`); the enum, its names and the errors
/// come from `protocol_states!` and the provided methods.
pub trait StateMachine: Copy + Eq + Debug + 'static {
    /// How an error names the protocol: "A consultation".
    const NOUN: &'static str;
    const ALL: &'static [Self];
    const INITIAL: Self;
    const FAILED: Self;
    const ABORTED: Self;

    /// The serialised name, e.g. `awaiting_consent`.
    fn as_str(self) -> &'static str;
    /// The protocol's transition table.
    fn allows(self, to: Self) -> bool;
    /// Whether a run stopped in `self` may continue at `to` (see each protocol's rules).
    fn resumes_at(self, to: Self) -> bool;
    fn is_finished(self) -> bool;

    fn transition(self, to: Self) -> Result<Self, TransitionError<Self>> {
        checked(self.allows(to), self, to)
    }

    /// Re-entering `to` when a stopped run continues.
    fn resume(self, to: Self) -> Result<Self, TransitionError<Self>> {
        checked(self.resumes_at(to), self, to)
    }

    fn parse(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|state| state.as_str() == name)
    }
}

fn checked<S>(allowed: bool, from: S, to: S) -> Result<S, TransitionError<S>> {
    if allowed {
        Ok(to)
    } else {
        Err(TransitionError { from, to })
    }
}

/// Declares a protocol's state enum from one list of variants and their serialised names: the
/// enum (serde uses those names), `StateMachine::ALL` and `as_str` cannot disagree. The rest of the
/// `StateMachine` impl (noun, initial and end states, the tables) follows in `rules { ... }`.
macro_rules! protocol_states {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $($variant:ident = $text:literal),+ $(,)? }
        rules { $($rules:tt)* }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant),+
        }

        impl $crate::record::state::StateMachine for $name {
            const ALL: &'static [Self] = &[$(Self::$variant),+];

            fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }

            $($rules)*
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::record::state::StateMachine::as_str(*self))
            }
        }
    };
}
pub(crate) use protocol_states;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransitionError<S> {
    pub from: S,
    pub to: S,
}

impl<S: StateMachine> std::fmt::Display for TransitionError<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} cannot go from {} to {}.",
            S::NOUN,
            self.from.as_str(),
            self.to.as_str()
        )
    }
}

impl<S: StateMachine> std::error::Error for TransitionError<S> {}
