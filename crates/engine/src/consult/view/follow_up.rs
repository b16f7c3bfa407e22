//! A follow-up of a finished Consult: what the new consult is told of the earlier one, the
//! council it starts with, and how each side of the link reads.
use crate::consult::view::verdict::{answer_above, one_line_answer};
use crate::foundation::participants::Participant;
use crate::record::consult::body::ConsultBody;
use crate::record::consult::follow_up::FollowUpOf;
use crate::record::{title_of, Session};
use crate::views::seats::{seat_of, Seat, SeatCatalog};

/// What a follow-up of `session` carries of it: its question and its decision (the one line and
/// the recommendation), the verdict's or the early decision's. None until the session has one.
pub fn earlier_decision(session: &Session) -> Option<FollowUpOf> {
    let verdict = session.body_of::<ConsultBody>()?.decision()?.verdict;
    let recommendation = verdict.recommendation.trim();
    Some(FollowUpOf {
        session_id: session.id.clone(),
        question: session.subject.trim().to_string(),
        answer: one_line_answer(recommendation),
        // The one line already says all of a short recommendation: sent once, not twice.
        recommendation: answer_above(recommendation)
            .map(|_| recommendation.to_string())
            .unwrap_or_default(),
        ..FollowUpOf::default()
    })
}

/// The council a follow-up starts with: the earlier session's seats, when every one of them is on
/// a provider still configured (a demo's scripted seats never are); else None, and the form
/// fills its usual council.
pub fn seats_of(session: &Session, catalog: &impl SeatCatalog) -> Option<(Vec<Seat>, Seat)> {
    let config = &session.body_of::<ConsultBody>()?.config;
    let seat = |participant: &Participant| seat_of(participant, catalog);
    let panel = config
        .panelists
        .iter()
        .map(seat)
        .collect::<Option<Vec<_>>>()?;
    Some((panel, seat(&config.judge)?))
}

/// "Follow-up of “Should we migrate…”": the earlier question as a list shows it.
pub fn follow_up_of_line(earlier: &FollowUpOf) -> String {
    format!("Follow-up of “{}”", title_of(&earlier.question))
}
