//! "Ask a follow-up" on a finished Consult: what the new consult is told of the earlier one, the
//! council it starts with, and how each side of the link reads.
use super::seats::{seat_of, Seat, SeatCatalog};
use super::verdict::{answer_above, one_line_answer};
use crate::participants::Participant;
use crate::record::consult::body::ConsultBody;
use crate::record::consult::depth::Depth;
use crate::record::consult::follow_up::FollowUpOf;
use crate::record::{title_of, Session};

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

/// The new-consult form as "Ask a follow-up" fills it: linked to the earlier consult, on its
/// council when every seat's provider is still configured (else None: the form's usual council),
/// with its depth and options. The tab keeps it through a reload until the follow-up is asked
/// ([`FollowUpForm::to_strings`]); it holds no key.
#[derive(Clone, Debug, PartialEq)]
pub struct FollowUpForm {
    pub follows: FollowUpOf,
    pub council: Option<(Vec<Seat>, Seat)>,
    pub stop_after_round: u8,
    /// The earlier consult's depth: a follow-up inherits it.
    pub depth: Depth,
    pub verbose: bool,
    pub structured_output: bool,
    pub anonymous_peers: bool,
    pub budget_usd: Option<f64>,
}

/// The version of [`FollowUpForm::to_strings`]'s layout: 2 adds the depth after the options.
const FORM_STRINGS: &str = "follow-up 2";
/// Version 1, kept by a tab from before depths: read with Full, as a record without one.
const FORM_STRINGS_BEFORE_DEPTH: &str = "follow-up 1";
/// The strings before the seats: the version, the link's four, the options' five and the depth.
const OPTIONS_END: usize = 11;
const SEAT_STRINGS: usize = 5;

impl FollowUpForm {
    /// The form as a list of strings, for the tab to keep: a list of strings is already read
    /// on the first screen, where a struct of its own would add its decoder to the first
    /// screen's download. The version, the link, the options, then the judge's seat and each
    /// panelist's (none when the form keeps its usual council).
    pub fn to_strings(&self) -> Vec<String> {
        let flag = |on: bool| if on { "1" } else { "0" }.to_string();
        let FollowUpOf {
            session_id,
            question,
            answer,
            recommendation,
            ..
        } = &self.follows;
        let mut strings = vec![
            FORM_STRINGS.to_string(),
            session_id.clone(),
            question.clone(),
            answer.clone(),
            recommendation.clone(),
            self.stop_after_round.to_string(),
            flag(self.verbose),
            flag(self.structured_output),
            flag(self.anonymous_peers),
            self.budget_usd
                .map(|usd| usd.to_string())
                .unwrap_or_default(),
            self.depth.as_str().to_string(),
        ];
        if let Some((panel, judge)) = &self.council {
            for seat in std::iter::once(judge).chain(panel) {
                strings.extend([
                    seat.provider_id.clone(),
                    seat.model.clone(),
                    seat.persona.clone(),
                    seat.backup_provider_id.clone(),
                    seat.backup_model.clone(),
                ]);
            }
        }
        strings
    }

    /// The form [`FollowUpForm::to_strings`] made; None for anything else.
    pub fn from_strings(strings: &[String]) -> Option<Self> {
        let before_depth = strings.first()? == FORM_STRINGS_BEFORE_DEPTH;
        let options_end = if before_depth {
            OPTIONS_END - 1
        } else {
            OPTIONS_END
        };
        let (head, seats) = strings.split_at_checked(options_end)?;
        if !(before_depth || head[0] == FORM_STRINGS) || seats.len() % SEAT_STRINGS != 0 {
            return None;
        }
        let depth = if before_depth {
            Depth::OF_OLD_RECORDS
        } else {
            Depth::parse(&head[10])?
        };
        let flag = |text: &String| match text.as_str() {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        };
        let budget_usd = match head[9].as_str() {
            "" => None,
            usd => Some(usd.parse().ok()?),
        };
        let mut seats = seats.chunks(SEAT_STRINGS).map(|seat| Seat {
            provider_id: seat[0].clone(),
            model: seat[1].clone(),
            persona: seat[2].clone(),
            backup_provider_id: seat[3].clone(),
            backup_model: seat[4].clone(),
        });
        let council = seats.next().map(|judge| (seats.collect::<Vec<_>>(), judge));
        if council.as_ref().is_some_and(|(panel, _)| panel.is_empty()) {
            return None;
        }
        Some(Self {
            follows: FollowUpOf {
                session_id: head[1].clone(),
                question: head[2].clone(),
                answer: head[3].clone(),
                recommendation: head[4].clone(),
                ..FollowUpOf::default()
            },
            council,
            stop_after_round: head[5].parse().ok()?,
            depth,
            verbose: flag(&head[6])?,
            structured_output: flag(&head[7])?,
            anonymous_peers: flag(&head[8])?,
            budget_usd,
        })
    }
}

/// The form a follow-up of `earlier` starts with; None until `earlier` has a verdict.
pub fn follow_up_form(earlier: &Session, catalog: &impl SeatCatalog) -> Option<FollowUpForm> {
    let config = &earlier.body_of::<ConsultBody>()?.config;
    Some(FollowUpForm {
        follows: earlier_decision(earlier)?,
        council: seats_of(earlier, catalog),
        stop_after_round: config.stop_after_round,
        depth: config.depth,
        verbose: config.verbose,
        structured_output: config.structured_output,
        anonymous_peers: config.anonymous_peers,
        budget_usd: config.budget_usd,
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
