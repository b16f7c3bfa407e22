//! When to ask before a run, and why. A run is asked about when its priced estimate is above the
//! user's threshold, and whenever any participant has no price: then no estimate can be trusted and
//! the budget cannot limit that participant, so the user decides, knowing it.
use crate::foundation::money::format_usd;
use crate::foundation::participants::Participant;
use crate::harness::estimate::CostEstimate;
use crate::record::prioritize::backlog::Opportunity;
use crate::record::prioritize::body::PrioritizeConfig;

/// What the consent dialog says: a heading, the reasons in plain words, and its two buttons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConsentRequest {
    pub heading: &'static str,
    pub reasons: Vec<String>,
    /// The button that starts the run anyway.
    pub accept: &'static str,
    /// The button that leaves the form as it was.
    pub decline: &'static str,
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
        accept: "Run it",
        decline: "Not now",
    })
}

/// What to ask before a debate starts ([`prioritize_questions`]) as the consent every form uses;
/// None: start at once.
pub fn prioritize_consent(config: &PrioritizeConfig) -> Option<ConsentRequest> {
    let reasons = prioritize_questions(config);
    (!reasons.is_empty()).then_some(ConsentRequest {
        heading: "Before the debate starts",
        reasons,
        accept: "Start anyway",
        decline: "Go back",
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

/// What to ask before a debate starts, each a sentence: a critic that is not independent (it
/// shares the champion's or the moderator's model), and partners with no price. Empty: start.
pub fn prioritize_questions(config: &PrioritizeConfig) -> Vec<String> {
    if !config.debate {
        return Vec::new();
    }
    let mut questions: Vec<String> = config.independence_problem().into_iter().collect();
    let unpriced: Vec<&str> = config
        .partners
        .iter()
        .filter(|p| p.price.is_none())
        .map(|p| p.label.as_str())
        .collect();
    if !unpriced.is_empty() {
        let one = unpriced.len() == 1;
        questions.push(format!(
            "{} {} no price, so the cost cannot be known and the ${:.2} budget cannot limit {}. Set prices in Settings, or start anyway.",
            unpriced.join(", "),
            if one { "has" } else { "have" },
            config.budget_usd,
            if one { "it" } else { "them" }
        ));
    }
    questions
}

/// Checks a new prioritization as its run will, except the critic's independence: that is asked
/// about before the start ([`prioritize_questions`]), not refused.
pub fn check_prioritize(config: &PrioritizeConfig, backlog: &[Opportunity]) -> Result<(), String> {
    let mut asked = config.clone();
    asked.independence_overridden = true;
    asked.validate(backlog)
}

/// The user was asked and started anyway: a critic that is not independent is on record as
/// overridden (and only then).
pub fn start_anyway(config: &mut PrioritizeConfig) {
    config.independence_overridden = config.independence_problem().is_some();
}
