//! A user's action on a stored session, between runs (amended code, an accepted verdict): the
//! one place outside a `Run` where a session changes state, so it follows the same rule: the
//! protocol's state machine allows the change, the body changes with it, and the record is stamped.
use super::protocol::Protocol;
use crate::foundation::timestamp::rfc3339_utc;
use crate::record::state::StateMachine;
use crate::record::{ProtocolBody, Session};

/// What the user asks of a stored session of protocol `P`: go to `to` once `check` allows it.
pub struct UserAction<P: Protocol> {
    pub to: P::State,
    /// The answer when the session is not one of `P`'s.
    pub wrong_protocol: &'static str,
}

impl<P: Protocol> UserAction<P> {
    /// Checks, in order: the session is `P`'s; `check` (the protocol's precondition, on the
    /// current state and body; its value goes to `apply`); the state machine allows the
    /// transition. Then `apply` changes the body, and the state and `updated_at` are set.
    /// `Err` is the sentence for the user, and the session is unchanged.
    pub fn apply<T>(
        self,
        session: &mut Session,
        now_ms: u64,
        check: impl FnOnce(Option<P::State>, &P::Body) -> Result<T, String>,
        apply: impl FnOnce(&mut P::Body, T),
    ) -> Result<(), String> {
        let from = P::State::parse(&session.state);
        let body = P::Body::of(&session.body).ok_or(self.wrong_protocol)?;
        let checked = check(from, body)?;
        let from = from.ok_or_else(|| {
            format!(
                "The session's state \"{}\" is not one of its protocol's.",
                session.state
            )
        })?;
        let to = from.transition(self.to).map_err(|e| e.to_string())?;
        apply(
            P::Body::of_mut(&mut session.body).expect("checked above"),
            checked,
        );
        session.state = to.as_str().to_string();
        session.updated_at = rfc3339_utc(now_ms);
        Ok(())
    }
}
