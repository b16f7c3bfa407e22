//! A session's state, typed by its protocol's states. The record stores the state's name
//! (`Session::state`, unchanged in stored sessions); code that asks where a session stands reads
//! `Session::status` rather than comparing names.
use super::benchmark::state::BenchmarkState;
use super::consult::state::ConsultState;
use super::prioritize::state::PrioritizeState;
use super::review::state::ReviewState;
use super::state::StateMachine;
use super::{Body, Session};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SessionStatus {
    Consult(ConsultState),
    Review(ReviewState),
    Prioritize(PrioritizeState),
    Benchmark(BenchmarkState),
    /// A name its protocol does not know (a hand-edited record): nothing can run it.
    Unknown,
}

impl SessionStatus {
    /// Complete, aborted, failed, or another end state of its protocol; an unknown state too.
    pub fn is_finished(self) -> bool {
        match self {
            Self::Consult(state) => state.is_finished(),
            Self::Review(state) => state.is_finished(),
            Self::Prioritize(state) => state.is_finished(),
            Self::Benchmark(state) => state.is_finished(),
            Self::Unknown => true,
        }
    }
}

impl Session {
    /// The session's state, typed by its protocol.
    pub fn status(&self) -> SessionStatus {
        fn of<S: StateMachine>(name: &str, status: fn(S) -> SessionStatus) -> SessionStatus {
            S::parse(name).map_or(SessionStatus::Unknown, status)
        }
        match &self.body {
            Body::Consult(_) => of(&self.state, SessionStatus::Consult),
            Body::Review(_) => of(&self.state, SessionStatus::Review),
            Body::Prioritize(_) => of(&self.state, SessionStatus::Prioritize),
            Body::Benchmark(_) => of(&self.state, SessionStatus::Benchmark),
        }
    }
}
