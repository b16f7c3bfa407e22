//! Spend before it happens: a run set against what its providers' keys may still spend (an
//! OpenRouter key's limit, read just before the run). A run whose worst case is more than a
//! key's remaining limit is stopped before its first call, with that reason; otherwise the
//! consent says what the key keeps after the run.
//!
//! The worst case is the whole run's (its priced estimate, never above its budget), set against
//! each limited key it uses: the estimate is not split by provider, so a council that mixes
//! providers is judged as if all of it were spent on each key (never less than the truth).
use crate::benchmark_council::view::results::benchmark_estimate;
use crate::consult::estimate::estimate_cost;
use crate::foundation::ids::ProviderId;
use crate::foundation::money::format_usd;
use crate::record::{Body, RunSettings, Session};

/// A key's spending limit, as its provider reported it just before the run.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyLimit {
    pub provider_id: ProviderId,
    /// The provider's name in the settings ("OpenRouter").
    pub provider_name: String,
    /// The key's own name at the provider.
    pub key_label: String,
    pub limit_usd: f64,
    pub remaining_usd: f64,
}

impl KeyLimit {
    fn key_name(&self) -> String {
        match self.key_label.trim() {
            "" => format!("the {} key", self.provider_name),
            label => format!("the {} key “{label}”", self.provider_name),
        }
    }
}

/// What the keys' limits say about a run.
#[derive(Clone, Debug, PartialEq)]
pub enum KeyLimitCheck {
    /// The run fits: a sentence per limited key it uses, for the consent.
    Within(Vec<String>),
    /// Stopped before its first call, and why.
    Exceeds(String),
}

/// The most `session` can spend: its priced worst case (every reply a full `max_tokens`, no
/// cache read counted on, a marked opening at the write price), never above its budget, since
/// the ledger makes no call that could pass it. None when neither is known (no priced
/// participant and no budget).
pub fn worst_case_usd(session: &Session) -> Option<f64> {
    let (estimate, budget) = match &session.body {
        Body::Consult(body) => (
            estimate_cost(&session.subject, &body.config).worst_case_usd,
            body.config.budget_usd(),
        ),
        Body::Benchmark(body) => (
            benchmark_estimate(&body.questions, &body.config).worst_case_usd,
            body.config.budget_usd(),
        ),
        Body::Review(body) => (None, body.config.budget_usd()),
        Body::Prioritize(body) => (None, body.config.budget_usd()),
    };
    match (estimate, budget) {
        (Some(estimate), Some(budget)) => Some(estimate.min(budget)),
        (estimate, budget) => estimate.or(budget),
    }
}

/// The providers `session` may call: its participants' and their backups'.
fn uses_provider(session: &Session, provider_id: &ProviderId) -> bool {
    session.participants.iter().any(|p| {
        p.provider_id == provider_id
            || p.backup
                .as_ref()
                .is_some_and(|b| b.provider_id == provider_id)
    })
}

/// Sets `worst_case` (see [`worst_case_usd`]) against the limits of the keys `session` uses.
pub fn check_key_limits(session: &Session, limits: &[KeyLimit]) -> KeyLimitCheck {
    let used: Vec<&KeyLimit> = limits
        .iter()
        .filter(|limit| uses_provider(session, &limit.provider_id))
        .collect();
    check_against(worst_case_usd(session), &used)
}

fn check_against(worst_case: Option<f64>, limits: &[&KeyLimit]) -> KeyLimitCheck {
    let mut lines = Vec::new();
    for limit in limits {
        let key = limit.key_name();
        let remaining = limit.remaining_usd.max(0.0);
        match worst_case {
            _ if remaining <= 0.0 => {
                return KeyLimitCheck::Exceeds(format!(
                    "Stopped before the first call: {key} has nothing left of its {} limit. \
                     Raise the limit at OpenRouter, or seat other providers.",
                    format_usd(limit.limit_usd)
                ))
            }
            Some(worst) if worst > remaining => {
                return KeyLimitCheck::Exceeds(format!(
                    "Stopped before the first call: this run may cost up to {}, more than the {} \
                     left of {key}'s {} limit. Raise the limit at OpenRouter, set a lower budget, \
                     or choose cheaper models.",
                    format_usd(worst),
                    format_usd(remaining),
                    format_usd(limit.limit_usd)
                ))
            }
            Some(worst) => lines.push(format!(
                "At worst this run costs {}; {key} then has {} of its {} limit left.",
                format_usd(worst),
                format_usd(remaining - worst),
                format_usd(limit.limit_usd)
            )),
            None => lines.push(format!(
                "{} has {} of its {} limit left; this run's cost is unknown, so it cannot be \
                 checked against it.",
                capitalized(&key),
                format_usd(remaining),
                format_usd(limit.limit_usd)
            )),
        }
    }
    KeyLimitCheck::Within(lines)
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limit(remaining: f64) -> KeyLimit {
        KeyLimit {
            provider_id: "p-or".into(),
            provider_name: "OpenRouter".into(),
            key_label: "Consilium".into(),
            limit_usd: 5.0,
            remaining_usd: remaining,
        }
    }

    #[test]
    fn a_run_within_the_limit_says_what_remains_after_its_worst_case() {
        assert_eq!(
            check_against(Some(0.42), &[&limit(4.0)]),
            KeyLimitCheck::Within(vec![
                "At worst this run costs $0.42; the OpenRouter key “Consilium” then has $3.58 \
                 of its $5.00 limit left."
                    .into()
            ])
        );
    }

    #[test]
    fn a_run_that_could_pass_the_remaining_limit_is_stopped_with_the_reason() {
        let KeyLimitCheck::Exceeds(reason) = check_against(Some(0.42), &[&limit(0.40)]) else {
            panic!("a $0.42 worst case against $0.40 left must stop");
        };
        assert_eq!(
            reason,
            "Stopped before the first call: this run may cost up to $0.42, more than the $0.40 \
             left of the OpenRouter key “Consilium”'s $5.00 limit. Raise the limit at \
             OpenRouter, set a lower budget, or choose cheaper models."
        );
        assert!(
            matches!(
                check_against(Some(0.40), &[&limit(0.40)]),
                KeyLimitCheck::Within(_)
            ),
            "exactly the remaining amount still fits"
        );
    }

    #[test]
    fn a_spent_key_stops_even_a_run_of_unknown_cost() {
        assert!(matches!(
            check_against(None, &[&limit(0.0)]),
            KeyLimitCheck::Exceeds(reason) if reason.contains("has nothing left of its $5.00 limit")
        ));
        assert_eq!(
            check_against(None, &[&limit(1.0)]),
            KeyLimitCheck::Within(vec![
                "The OpenRouter key “Consilium” has $1.00 of its $5.00 limit left; this run's \
                 cost is unknown, so it cannot be checked against it."
                    .into()
            ])
        );
    }

    #[test]
    fn without_limited_keys_there_is_nothing_to_say() {
        assert_eq!(
            check_against(Some(9.0), &[]),
            KeyLimitCheck::Within(Vec::new())
        );
    }
}
