//! A protocol's states, the one rule every change of state follows: a change the protocol does not
//! allow is an error, never a silent no-op. Each protocol's state enum (`record::consult::state`,
//! ...) implements it; the harness drives it.
use std::fmt::Debug;

/// A protocol's states. Every change goes through `transition`; a change the protocol does not
/// allow is an error, never a silent no-op. States may cycle (a review returns to debate).
pub trait StateMachine: Copy + Eq + Debug + 'static {
    /// How an error names the protocol: "A consultation".
    const NOUN: &'static str;
    const ALL: &'static [Self];
    const INITIAL: Self;
    const FAILED: Self;
    const ABORTED: Self;

    fn as_str(self) -> &'static str;
    fn transition(self, to: Self) -> Result<Self, TransitionError<Self>>;
    /// Re-entering `to` when a stopped run continues (see each protocol's rules).
    fn resume(self, to: Self) -> Result<Self, TransitionError<Self>>;
    fn is_finished(self) -> bool;

    fn parse(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|state| state.as_str() == name)
    }
}

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

/// A state the protocol does not know (a hand-edited record) counts as finished: nothing can run it.
pub fn state_is_finished<S: StateMachine>(state: &str) -> bool {
    S::parse(state).is_none_or(StateMachine::is_finished)
}
