//! When to ask before a run, and why. A run is asked about when its priced estimate is above the
//! user's threshold, and whenever any participant has no price: then no estimate can be trusted and
//! the budget cannot limit that participant, so the user decides, knowing it.
use crate::consult::estimate::CostEstimate;
use crate::money::format_usd;
use crate::participants::Participant;

/// What the consent dialog says: a heading and the reasons, in plain words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConsentRequest {
    pub heading: &'static str,
    pub reasons: Vec<String>,
}

const ABOVE_THRESHOLD: &str = "This run may cost more than your threshold";
const UNPRICED: &str = "The cost of this run cannot be trusted";

/// Whether to ask before a Consult, from its estimate; None runs it at once.
pub fn needs_consent(estimate: &CostEstimate, threshold_usd: f64) -> Option<ConsentRequest> {
    let above = estimate.usd.filter(|usd| *usd > threshold_usd);
    let mut reasons = Vec::new();
    if let Some(usd) = above {
        reasons.push(format!(
            "The priced calls alone may cost about {}, above your {} threshold.",
            format_usd(usd),
            format_usd(threshold_usd)
        ));
    }
    if let Some(reason) = unpriced_reason(&estimate.unpriced_participants, "the estimate") {
        reasons.push(reason);
    }
    request(above.is_some(), reasons)
}

/// Whether to ask before a Review: it has no estimate, so only an unpriced member is asked about.
pub fn review_needs_consent(members: &[Participant]) -> Option<ConsentRequest> {
    let unpriced: Vec<String> = members
        .iter()
        .filter(|member| member.price.is_none())
        .map(|member| member.label.clone())
        .collect();
    let reasons = unpriced_reason(&unpriced, "its cost").into_iter().collect();
    request(false, reasons)
}

fn request(above_threshold: bool, reasons: Vec<String>) -> Option<ConsentRequest> {
    if reasons.is_empty() {
        return None;
    }
    Some(ConsentRequest {
        heading: if above_threshold {
            ABOVE_THRESHOLD
        } else {
            UNPRICED
        },
        reasons,
    })
}

/// "2 participants have no price (Panelist 1, Judge), so the estimate cannot be trusted …".
fn unpriced_reason(labels: &[String], what: &str) -> Option<String> {
    let (count, verb) = match labels.len() {
        0 => return None,
        1 => ("1 participant".to_string(), "has"),
        n => (format!("{n} participants"), "have"),
    };
    Some(format!(
        "{count} {verb} no price ({}), so {what} cannot be trusted and the budget cannot limit \
         them. Set prices in Settings, or run it knowing that.",
        labels.join(", ")
    ))
}
