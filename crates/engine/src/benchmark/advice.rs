//! The headline's advice as an action the shell can offer as one button (issue 29.2): set the
//! depth of new consults for the council ("Use the vote", "Use adaptive", "Keep the full
//! council"), or save a one-seat council of a model ("Use gpt-4o alone").
use super::outcomes::arms_of;
use super::results::BenchmarkSummary;
use crate::record::benchmark::body::{Arm, BenchmarkBody};
use crate::record::consult::depth::Depth;

#[derive(Clone, Debug, PartialEq)]
pub enum Advice {
    /// Set the depth of new consults for this council. The round-1 vote and the Vote depth both
    /// advise Vote: a plain vote is what Vote depth does with a split panel left undecided.
    UseDepth(Depth),
    /// Save a one-seat council of this model (a panelist's, or the best single model's).
    UseModelAlone { provider_id: String, model: String },
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

/// The action of `summary`'s advice for `body`'s arms; None when it advises nothing.
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
    let alone = |provider_id: &str, model: &str| Advice::UseModelAlone {
        provider_id: provider_id.to_string(),
        model: model.to_string(),
    };
    match arm {
        Arm::Council => Some(Advice::UseDepth(Depth::Full)),
        Arm::Vote => Some(Advice::UseDepth(Depth::Vote)),
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
        Arm::BestSingle => {
            let best = body.best_single.as_ref()?;
            Some(alone(&best.provider_id, &best.model))
        }
    }
}
