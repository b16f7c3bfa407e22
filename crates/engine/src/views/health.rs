//! A provider's health as the last check found it, and what the forms make of it: the short word
//! beside the provider and in every seat's picker, and the seat that stops a run before it starts.
use consilium_providers::{Diagnosis, Problem};

use crate::foundation::words::and_list;

/// What the last check of a provider found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Health {
    /// Never checked, or changed since the last check: nothing is known.
    Unknown,
    Checking,
    /// Reachable, key accepted, and the default model answered.
    Ready(Connected),
    Failing(Diagnosis),
}

/// What a check that worked found: the model list (None where the address serves none) and the
/// test call's reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connected {
    pub models: Option<Vec<String>>,
    /// The model the test call asked.
    pub model: String,
    pub reply_ms: u64,
}

impl Health {
    /// The check's one result line, in plain words: what worked ("Connected · 12 models · test
    /// reply from gpt-4o-mini in 0.8 s"), or what failed and what to do.
    pub fn line(&self) -> String {
        match self {
            Health::Unknown => {
                "Not checked yet: “Check connection” loads its models and sends one short test call."
                    .into()
            }
            Health::Checking => "Checking: the model list, then one short test call…".into(),
            Health::Ready(connected) => {
                let models = match &connected.models {
                    None => "no model list at this address".to_string(),
                    Some(models) if models.is_empty() => "no models listed".to_string(),
                    Some(models) if models.len() == 1 => "1 model".to_string(),
                    Some(models) => format!("{} models", models.len()),
                };
                format!(
                    "Connected · {models} · test reply from {} in {}",
                    connected.model,
                    seconds(connected.reply_ms)
                )
            }
            Health::Failing(diagnosis) if diagnosis.tried.is_empty() => {
                format!("Not connected: {}", diagnosis.sentence())
            }
            Health::Failing(diagnosis) => format!(
                "Not connected: {} {}",
                diagnosis.sentence(),
                diagnosis.tried_sentence()
            ),
        }
    }

    /// The models the last check listed (empty when none or not checked).
    pub fn models(&self) -> &[String] {
        match self {
            Health::Ready(Connected {
                models: Some(models),
                ..
            }) => models,
            _ => &[],
        }
    }

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
            format!("{} ({name}): {}", and_list(&labels), diagnosis.sentence())
        })
        .collect();
    Some(format!(
        "Not started: {} Fix it, then check the connection again (or choose another provider for that seat).",
        lines.join(" ")
    ))
}

/// "0.8 s", "12 s": tenths under ten seconds, where they still tell calls apart; a reply too fast
/// for a tenth (one that would read "0.0 s") is "under 0.1 s".
fn seconds(ms: u64) -> String {
    if ms < 50 {
        "under 0.1 s".into()
    } else if ms < 10_000 {
        format!("{:.1} s", ms as f64 / 1000.0)
    } else {
        format!("{:.0} s", ms as f64 / 1000.0)
    }
}
