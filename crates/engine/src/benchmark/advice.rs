//! The headline's advice as an action the shell can offer as one button: set the
//! depth of new consults for the council ("Use the vote", "Use adaptive", "Keep the full
//! council"), or save a one-seat council of a panelist's model ("Use gpt-4o alone"); only for an
//! arm whose figures are what the button would set.
use super::outcomes::arms_of;
use super::results::BenchmarkSummary;
use crate::foundation::ids::ProviderId;
use crate::record::benchmark::body::{Arm, BenchmarkBody};
use crate::record::consult::depth::Depth;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Advice {
    /// Set the depth of new consults for this council: the council's own arm (Full) or a depth
    /// arm read from its record, whose figures are that depth's.
    UseDepth(Depth),
    /// Save a one-seat council of a panelist's model: its arm is that model's round-1 answer,
    /// asked once, as a one-seat council asks it.
    UseModelAlone {
        provider_id: ProviderId,
        model: String,
    },
}

impl Advice {
    /// The button's words: "Use the vote", "Use adaptive", "Keep the full council", "Use gpt-4o
    /// alone".
    pub fn label(&self) -> String {
        match self {
            Advice::UseDepth(Depth::Vote) => "Use the vote".into(),
            Advice::UseDepth(Depth::Adaptive) => "Use adaptive".into(),
            Advice::UseDepth(Depth::Full) => "Keep the full council".into(),
            Advice::UseModelAlone { model, .. } => format!("Use {model} alone"),
        }
    }
}

/// The action of `summary`'s advice for `body`'s arms; None when it advises nothing, or when no
/// button would do what the advised arm did: the round-1 vote is not Vote depth
/// (Vote depth needs a majority of the whole panel and asks a synthesis when answers differ), and
/// the best single model's arm is a majority of k samples, where a saved one-seat council asks
/// once. Their rows stay in the table; the button only ever applies the arm the sentence quotes.
pub fn advice(body: &BenchmarkBody, summary: &BenchmarkSummary) -> Option<Advice> {
    let recommended = summary.recommended?;
    let others: Vec<Arm> = arms_of(body)
        .into_iter()
        .filter(|arm| *arm != Arm::Council)
        .collect();
    let arm = match recommended {
        0 => Arm::Council,
        i => others.get(i - 1)?.clone(),
    };
    let alone = |provider_id: &ProviderId, model: &str| Advice::UseModelAlone {
        provider_id: provider_id.clone(),
        model: model.to_string(),
    };
    match arm {
        Arm::Council => Some(Advice::UseDepth(Depth::Full)),
        Arm::Vote | Arm::BestSingle => None,
        Arm::Depth { depth } => Some(Advice::UseDepth(depth)),
        Arm::Solo { participant_id } => {
            let panelist = body
                .config
                .council
                .panelists
                .iter()
                .find(|p| p.id == participant_id)?;
            Some(alone(&panelist.provider_id, &panelist.model))
        }
    }
}
