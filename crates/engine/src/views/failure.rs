//! A failed run as one problem, named once. The calls that failed for the same reason (three
//! panelists against a server that is not running) are one problem: its headline (what is wrong,
//! one clause), its advice (how to fix it, once), who it hit and which providers to fix. The app's
//! banner renders this with its actions (the provider's settings, test it, resume); the full
//! reason and each call stay on record under Details.
//!
//! A call and its re-ask are one failed call (`stands_for_its_call`). A call whose model
//! answered (the reply is on record, it could not be used) names no provider to fix: the server
//! works, and the message names the model.
use crate::foundation::ids::ProviderId;
use crate::foundation::words::and_list;
use crate::record::{stands_for_its_call, CallStatus, Session};

/// A provider the user can open in Settings or test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderRef {
    pub id: ProviderId,
    pub label: String,
}

/// Calls that failed for one reason.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// What is wrong, one clause: "Could not reach llama.cpp server (local) at http://127.0.0.1:9".
    pub headline: String,
    /// How to fix it, said once (empty when the message has no more to say).
    pub advice: String,
    /// Who it hit, each once, in record order.
    pub affected: Vec<String>,
    /// How many calls failed this way.
    pub calls: usize,
    /// The providers those calls went to, each once.
    pub providers: Vec<ProviderRef>,
}

impl Problem {
    /// "Panelist 1, Panelist 2 and Panelist 3 got no usable reply this way."
    pub fn affected_line(&self) -> String {
        if self.affected.is_empty() {
            return String::new();
        }
        format!("{} got no usable reply this way.", and_list(&self.affected))
    }
}

/// Why a run failed, grouped.
#[derive(Clone, Debug, PartialEq)]
pub struct FailureReport {
    /// What happened to the run, without the calls' messages: "Round 1 needs at least 2 usable
    /// answers and got 0."
    pub outcome: String,
    /// The problems behind it, the one with most calls first. Empty when the run failed for a
    /// reason of its own (the budget, an edited record).
    pub problems: Vec<Problem>,
    /// Every problem's providers, each once: what "fix the provider" opens.
    pub providers: Vec<ProviderRef>,
    /// The reason as recorded, for Details (empty when the run finished).
    pub reason: String,
    /// The run stopped on it (else it finished without some replies).
    pub stopped: bool,
}

impl FailureReport {
    /// The banner's line under its heading: what happened to the run and who the main problem
    /// hit, each seat once ("Round 1 needs at least 2 usable answers and got 0. Panelist 1 and
    /// Panelist 2 got no usable reply this way."); empty when no call is to blame.
    pub fn summary_line(&self) -> String {
        match self.problems.first() {
            Some(problem) => format!("{} {}", self.outcome, problem.affected_line())
                .trim()
                .to_string(),
            None => String::new(),
        }
    }

    /// The banner's heading: the main problem, or the outcome when no call is to blame.
    pub fn headline(&self) -> &str {
        self.problems
            .first()
            .map_or(self.outcome.as_str(), |p| p.headline.as_str())
    }
}

/// The failure of `session` grouped into problems: why it stopped, or, for a run that finished
/// without some replies (a review whose members all abstained because none could be reached), which
/// calls it went on without. None while it runs, and for a run that had every reply it asked for.
pub fn failure_report(session: &Session) -> Option<FailureReport> {
    let stopped = session.failure.is_some();
    let reason = session.failure.clone().unwrap_or_default();
    if !stopped && !session.is_finished() {
        return None;
    }
    let blamed: Vec<_> = session
        .calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.status != CallStatus::Ok && !c.is_cut_attempt())
        .filter(|(index, _)| stands_for_its_call(&session.calls, *index))
        .filter_map(|(index, c)| {
            let error = c.error.as_deref().filter(|e| !e.trim().is_empty())?.trim();
            if stopped {
                // The calls behind the failure: those whose final message the reason quotes (a
                // reply that was unusable but asked again successfully is not to blame).
                let at = reason.find(error)?;
                return Some((c, error, at));
            }
            // A finished run: the calls that failed for good (none of the participant's later
            // calls in that round answered).
            let answered_later = session.calls[index + 1..].iter().any(|later| {
                later.participant_id == c.participant_id
                    && later.round == c.round
                    && later.status == CallStatus::Ok
            });
            (c.status == CallStatus::Failed && !answered_later).then_some((c, error, index))
        })
        .collect();
    if !stopped && blamed.is_empty() {
        return None;
    }
    // Seat order, not the order the calls ended in: retried calls end late, and concurrent
    // calls in any order.
    let mut blamed = blamed;
    let seat = |participant_id: &str| {
        session
            .participants
            .iter()
            .position(|p| p.id == participant_id)
            .unwrap_or(usize::MAX)
    };
    consilium_order::sort_by_cached_key(&mut blamed, |(call, _, _)| {
        seat(call.participant_id.as_str())
    });

    let mut problems: Vec<(String, Problem)> = Vec::new();
    for (call, error, _) in &blamed {
        let key = without_next_steps(error);
        let participant = session.participant(&call.participant_id);
        let label = session.label_of(&call.participant_id);
        // The model answered: its server is not what to fix.
        let model_answered = call.status == CallStatus::Failed && call.reply_text.is_some();
        let provider = participant
            .filter(|_| !model_answered)
            .map(|p| ProviderRef {
                id: p.provider_id.clone(),
                label: p.provider_label.clone(),
            });
        let index = match problems.iter().position(|(k, _)| *k == key) {
            Some(index) => index,
            None => {
                let (headline, advice) = split_message(&key);
                problems.push((
                    key.clone(),
                    Problem {
                        headline,
                        advice,
                        affected: Vec::new(),
                        calls: 0,
                        providers: Vec::new(),
                    },
                ));
                problems.len() - 1
            }
        };
        let problem = &mut problems[index].1;
        problem.calls += 1;
        push_once(&mut problem.affected, label);
        if let Some(provider) = provider {
            push_once(&mut problem.providers, provider);
        }
    }
    let mut problems: Vec<Problem> = problems.into_iter().map(|(_, p)| p).collect();
    // Most calls first; the sort is stable, so ties keep record order.
    consilium_order::sort_by(&mut problems, |a, b| b.calls.cmp(&a.calls));
    let mut providers = Vec::new();
    for provider in problems.iter().flat_map(|p| &p.providers) {
        push_once(&mut providers, provider.clone());
    }
    let outcome = if stopped {
        outcome_of(&reason, &blamed, session)
    } else {
        "The run finished without these replies.".to_string()
    };
    Some(FailureReport {
        outcome,
        problems,
        providers,
        reason,
        stopped,
    })
}

/// The reason without the quoted calls: the text before the first of them, less the label that
/// introduces it ("Panelist 1 · llama:"), as a sentence.
fn outcome_of(
    reason: &str,
    blamed: &[(&crate::record::CallRecord, &str, usize)],
    session: &Session,
) -> String {
    // Where the quoted calls begin: the first blamed seat's label introducing its message, else
    // the first message. Two calls that failed alike quote the same message, so a message's
    // place alone does not say whose it is.
    let first_label = blamed
        .iter()
        .filter_map(|(call, error, _)| {
            let label = session.label_of(&call.participant_id);
            reason
                .find(&format!("{label}: {error}"))
                .or_else(|| reason.find(&format!("{label}:")))
        })
        .min();
    let mut head = match first_label {
        Some(at) => reason[..at].trim_end(),
        None => {
            let Some((call, _, at)) = blamed.iter().min_by_key(|(_, _, at)| *at) else {
                return reason.trim().to_string();
            };
            let head = reason[..*at].trim_end();
            let head = head.strip_suffix(':').unwrap_or(head).trim_end();
            let label = session.label_of(&call.participant_id);
            head.strip_suffix(label.as_str()).unwrap_or(head).trim_end()
        }
    };
    head = head.strip_suffix(':').unwrap_or(head).trim_end();
    if head.is_empty() {
        return "The run stopped.".to_string();
    }
    if head.ends_with(['.', '!', '?']) {
        head.to_string()
    } else {
        format!("{head}.")
    }
}

/// The message without what the run adds for every call ("Tried 3 times.", "Resume the session
/// …"): the banner says it once with its own buttons, and two calls that failed alike group.
fn without_next_steps(message: &str) -> String {
    let mut text = message.trim();
    if let Some(at) = text.find(" Resume the session") {
        text = &text[..at];
    }
    let mut text = text.trim_end().to_string();
    if let Some(at) = text.rfind(" Tried ") {
        if text[at..].ends_with(" times.") {
            text.truncate(at);
        }
    }
    text.trim_end().to_string()
}

/// The longest headline kept whole; a longer first clause is cut at a word.
const HEADLINE_LIMIT: usize = 160;

/// Splits a provider's message into its first clause (what is wrong) and the rest (why, and how to
/// fix it): "Could not reach X at http://h:9: the server is not running, …" gives "Could not reach
/// X at http://h:9" and "The server is not running, …".
fn split_message(message: &str) -> (String, String) {
    let message = message.trim();
    let end = [": ", ". "]
        .iter()
        .filter_map(|separator| message.find(separator))
        .min();
    let (head, rest) = match end {
        Some(at) if at <= HEADLINE_LIMIT => (&message[..at], message[at + 2..].trim()),
        _ => (message, ""),
    };
    let head = head.trim_end_matches('.');
    let headline = if head.chars().count() > HEADLINE_LIMIT {
        let cut: String = head.chars().take(HEADLINE_LIMIT).collect();
        let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(kept, _)| kept);
        format!("{cut}…")
    } else {
        head.to_string()
    };
    let advice = if headline.ends_with('…') {
        message.to_string()
    } else {
        capitalized(rest)
    };
    (headline, advice)
}

/// The providers' messages are English: an ASCII capital is enough (and spares the bundle the
/// Unicode case tables).
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => std::iter::once(first.to_ascii_uppercase())
            .chain(chars)
            .collect(),
        None => String::new(),
    }
}

fn push_once<T: PartialEq>(list: &mut Vec<T>, item: T) {
    if !list.contains(&item) {
        list.push(item);
    }
}
