//! Where the eyes go when a run ends: to the decision. A run that ends here with a decision brings
//! it into view and focuses it, unless the user scrolled away on purpose during the run (they are
//! reading something else): then a "Decision ready" chip offers the jump instead.
use consilium_engine::consult::view::verdict::decision;
use consilium_engine::record::prioritize::state::PrioritizeState;
use consilium_engine::record::SessionStatus;
use consilium_engine::{record::Body, record::Session};

/// What the session page does with its decision when the run ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtRunEnd {
    /// Bring the decision into view and give it the keyboard focus.
    FocusDecision,
    /// Say the decision is ready (the chip), and leave the page where the user put it.
    OfferDecision,
    /// No decision to show (failed, cancelled, or a benchmark): the page stays as it is.
    Stay,
}

/// The rule: a decision, and whether the user scrolled away during the run.
pub fn at_run_end(session: &Session, user_scrolled_away: bool) -> AtRunEnd {
    match (has_decision(session), user_scrolled_away) {
        (false, _) => AtRunEnd::Stay,
        (true, false) => AtRunEnd::FocusDecision,
        (true, true) => AtRunEnd::OfferDecision,
    }
}

/// A decision the page opens on: a Consult's (verdict or early decision, or a member's answer
/// asked alone in a thread), a Review's verdict
/// (also one awaiting amended code), a completed prioritization.
pub fn has_decision(session: &Session) -> bool {
    match (&session.body, session.status()) {
        // A member asked alone: its answer is where the eyes go.
        (Body::Consult(body), _) => {
            decision(session).is_some()
                || body
                    .member_turn
                    .as_ref()
                    .is_some_and(|m| m.answer.is_some())
        }
        (Body::Review(body), _) => body.verdict.is_some(),
        (_, SessionStatus::Prioritize(state)) => state == PrioritizeState::Complete,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use consilium_engine::demo::demo_session;
    use consilium_engine::record::Protocol;

    use super::*;

    fn finished(protocol: Protocol, state: &str) -> Session {
        let mut session = demo_session(protocol, "s".into(), 0);
        session.state = state.into();
        session
    }

    #[test]
    fn a_completed_prioritization_is_focused_unless_the_user_scrolled_away() {
        let done = finished(Protocol::Prioritize, "complete");
        assert_eq!(at_run_end(&done, false), AtRunEnd::FocusDecision);
        assert_eq!(at_run_end(&done, true), AtRunEnd::OfferDecision);
    }

    #[test]
    fn a_consult_complete_without_a_decision_has_nothing_to_focus() {
        // Stopped by the user after round 1: complete, with no verdict and no early decision.
        let stopped = finished(Protocol::Consult, "complete");
        assert_eq!(at_run_end(&stopped, false), AtRunEnd::Stay);
    }

    #[test]
    fn a_member_asked_alone_is_focused_once_it_answered() {
        use consilium_engine::record::consult::member_turn::MemberTurn;
        let mut turn = finished(Protocol::Consult, "complete");
        turn.consult_mut().member_turn = Some(MemberTurn {
            member_id: "panelist-2".into(),
            seat: 2,
            ..MemberTurn::default()
        });
        assert_eq!(at_run_end(&turn, false), AtRunEnd::Stay);
        turn.consult_mut().member_turn.as_mut().unwrap().answer = Some("Go slower.".into());
        assert_eq!(at_run_end(&turn, false), AtRunEnd::FocusDecision);
        assert_eq!(at_run_end(&turn, true), AtRunEnd::OfferDecision);
    }

    #[test]
    fn a_failed_or_cancelled_run_has_no_decision_to_show() {
        for protocol in [Protocol::Consult, Protocol::Review, Protocol::Prioritize] {
            for state in ["failed", "aborted"] {
                assert_eq!(
                    at_run_end(&finished(protocol, state), false),
                    AtRunEnd::Stay
                );
            }
        }
    }

    #[test]
    fn a_review_without_a_verdict_or_a_benchmark_stays_where_it_is() {
        let review = demo_session(Protocol::Review, "r".into(), 0);
        assert_eq!(at_run_end(&review, false), AtRunEnd::Stay);
        let benchmark = finished(Protocol::Benchmark, "complete");
        assert_eq!(at_run_end(&benchmark, false), AtRunEnd::Stay);
    }
}
