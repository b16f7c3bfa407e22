//! The backlog: opportunities as the user enters or imports them, and the plain score that ranks
//! them when there is no debate.
use crate::foundation::ids::SessionId;
use serde::{Deserialize, Serialize};

/// T-shirt sizes, as the critic estimates effort (seed 003: S < 1 day, M 1-3 days, L 3-5 days,
/// XL > 1 week).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Size {
    #[serde(alias = "s")]
    S,
    #[serde(alias = "m")]
    M,
    #[serde(alias = "l")]
    L,
    #[serde(alias = "xl")]
    XL,
}

impl Size {
    pub fn parse(text: &str) -> Option<Size> {
        match text.trim().to_ascii_uppercase().as_str() {
            "S" => Some(Size::S),
            "M" => Some(Size::M),
            "L" => Some(Size::L),
            "XL" => Some(Size::XL),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Size::S => "S",
            Size::M => "M",
            Size::L => "L",
            Size::XL => "XL",
        }
    }

    /// Person-weeks, for the score: a day is 0.2, and each size is its range's middle.
    pub fn weeks(self) -> f64 {
        match self {
            Size::S => 0.2,
            Size::M => 0.4,
            Size::L => 0.8,
            Size::XL => 2.0,
        }
    }
}

/// Effort as the user gave it: a size, or person-weeks.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Effort {
    Weeks(f64),
    Size(Size),
}

impl Effort {
    /// "M", "2", "1.5 weeks".
    pub fn parse(text: &str) -> Option<Effort> {
        let text = text.trim();
        if let Some(size) = Size::parse(text) {
            return Some(Effort::Size(size));
        }
        let number = text
            .trim_end_matches("person-weeks")
            .trim_end_matches("weeks")
            .trim_end_matches("week")
            .trim_end_matches('w')
            .trim();
        match number.parse::<f64>() {
            Ok(weeks) if weeks.is_finite() && weeks > 0.0 => Some(Effort::Weeks(weeks)),
            _ => None,
        }
    }

    pub fn weeks(self) -> f64 {
        match self {
            Effort::Weeks(weeks) => weeks,
            Effort::Size(size) => size.weeks(),
        }
    }

    pub fn label(self) -> String {
        match self {
            Effort::Weeks(weeks) => format!("{weeks} wk"),
            Effort::Size(size) => size.label().to_string(),
        }
    }
}

/// One item of the backlog. `priority_rank` and `debate_session_id` are set when a ranking is
/// applied (seed 003's `_apply_rankings`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opportunity {
    pub id: String,
    pub title: String,
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub evidence: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effort: Option<Effort>,
    /// RICE inputs, when the user has them: people per week, impact (0.25 to 3), confidence 0..1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub impact: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority_rank: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debate_session_id: Option<SessionId>,
}

impl Opportunity {
    pub fn new(id: &str, title: &str) -> Self {
        Self {
            id: id.to_string(),
            title: title.to_string(),
            kind: String::new(),
            description: String::new(),
            evidence: Vec::new(),
            effort: None,
            reach: None,
            impact: None,
            confidence: None,
            priority_rank: None,
            debate_session_id: None,
        }
    }
}

/// How the plain score was computed, for the view and the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreMethod {
    /// reach x impact x confidence / effort (person-weeks).
    Rice,
    /// (evidence items + 1) / effort (person-weeks; M when not given).
    EvidencePerEffort,
}

/// The plain score of an opportunity, used when there is no debate: RICE when reach, impact,
/// confidence and effort are all given, else evidence per unit of effort.
pub fn plain_score(opportunity: &Opportunity) -> (f64, ScoreMethod) {
    let effort_weeks = opportunity.effort.map_or(Size::M.weeks(), Effort::weeks);
    match (
        opportunity.reach,
        opportunity.impact,
        opportunity.confidence,
        opportunity.effort,
    ) {
        (Some(reach), Some(impact), Some(confidence), Some(_)) => (
            reach * impact * confidence / effort_weeks,
            ScoreMethod::Rice,
        ),
        _ => (
            (opportunity.evidence.len() as f64 + 1.0) / effort_weeks,
            ScoreMethod::EvidencePerEffort,
        ),
    }
}

/// Every opportunity's score in the backlog, comparable only when they share a method: RICE scores
/// rank before evidence-per-effort ones, since they rest on more information.
pub fn score_ranking(backlog: &[Opportunity]) -> Vec<String> {
    let mut scored: Vec<(usize, f64, ScoreMethod)> = backlog
        .iter()
        .enumerate()
        .map(|(index, o)| {
            let (score, method) = plain_score(o);
            (index, score, method)
        })
        .collect();
    // Stable: equal scores keep the backlog's order.
    consilium_order::sort_by(&mut scored, |a, b| {
        let method_rank = |m: ScoreMethod| (m != ScoreMethod::Rice) as u8;
        method_rank(a.2)
            .cmp(&method_rank(b.2))
            .then(b.1.total_cmp(&a.1))
    });
    scored
        .into_iter()
        .map(|(index, _, _)| backlog[index].id.clone())
        .collect()
}

/// `Err` names what is wrong, for the form and the import.
pub fn validate_backlog(backlog: &[Opportunity]) -> Result<(), String> {
    if backlog.is_empty() {
        return Err("Add at least one opportunity to the backlog.".into());
    }
    let mut seen = std::collections::HashSet::new();
    for (index, opportunity) in backlog.iter().enumerate() {
        let row = index + 1;
        let id = opportunity.id.trim();
        if id.is_empty() {
            return Err(format!("Opportunity {row} has no id."));
        }
        if !seen.insert(id) {
            return Err(format!(
                "The id \"{id}\" is used twice (opportunity {row}); each id must be unique."
            ));
        }
        if opportunity.title.trim().is_empty() {
            return Err(format!("Opportunity {row} (\"{id}\") has no title."));
        }
    }
    Ok(())
}
