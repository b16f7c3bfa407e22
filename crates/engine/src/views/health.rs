//! A provider's health as the last check found it, and what the forms make of it: the short word
//! beside the provider and in every seat's picker, and the seat that stops a run before it starts.
use consilium_providers::{Diagnosis, Problem};

/// What the last check of a provider found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Health {
    /// Never checked, or changed since the last check: nothing is known.
    Unknown,
    Checking,
    /// Reachable, key accepted, and the default model answered; its listed models.
    Ready {
        models: Vec<String>,
    },
    Failing(Diagnosis),
}

impl Health {
    /// "ready", "checking…", "not checked" or what failed, as shown beside a provider's name.
    pub fn label(&self) -> String {
        match self {
            Health::Unknown => "not checked".into(),
            Health::Checking => "checking…".into(),
            Health::Ready { .. } => "ready".into(),
            Health::Failing(diagnosis) => diagnosis.problem.label().into(),
        }
    }

    /// The class the app colours the label with.
    pub fn tone(&self) -> &'static str {
        match self {
            Health::Unknown | Health::Checking => "unknown",
            Health::Ready { .. } => "ready",
            Health::Failing(_) => "failing",
        }
    }
}

/// One seat of a form as the run gate sees it.
pub struct SeatToCheck<'a> {
    /// "Panelist 2", "Judge", "Critic".
    pub label: &'a str,
    pub provider_name: &'a str,
    pub health: &'a Health,
}

/// The message that stops a run: each seat whose provider is known to fail (not a timeout or a
/// passing error), named with what
/// failed and the fix (said once per provider). None: nothing known stops it.
pub fn seats_known_to_fail(seats: &[SeatToCheck]) -> Option<String> {
    let mut providers: Vec<(&str, Vec<&str>, &Diagnosis)> = Vec::new();
    for seat in seats {
        let Health::Failing(diagnosis) = seat.health else {
            continue;
        };
        // A timeout or a provider's own error (rate limit, overload) may pass: shown, not a stop.
        if matches!(diagnosis.problem, Problem::TimedOut | Problem::Other) {
            continue;
        }
        match providers
            .iter_mut()
            .find(|(name, ..)| *name == seat.provider_name)
        {
            Some((_, labels, _)) => labels.push(seat.label),
            None => providers.push((seat.provider_name, vec![seat.label], diagnosis)),
        }
    }
    if providers.is_empty() {
        return None;
    }
    let lines: Vec<String> = providers
        .into_iter()
        .map(|(name, labels, diagnosis)| {
            format!(
                "{} ({name}): {}",
                join_labels(&labels),
                diagnosis.sentence()
            )
        })
        .collect();
    Some(format!(
        "Not started: {} Fix it, then test the provider again (or choose another provider for that seat).",
        lines.join(" ")
    ))
}

fn join_labels(labels: &[&str]) -> String {
    match labels {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
