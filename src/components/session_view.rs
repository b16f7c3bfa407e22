//! One session, live or stored: status, cost, cancel/resume, and each round as it completes.
use consilium_engine::{CallStatus, ConsultSession, ConsultState};
use leptos::prelude::*;

use crate::app::{AppState, Route};
use crate::components::cost_gate::format_usd;
use crate::components::live_calls::{participant_label, LiveCalls};
use crate::components::rounds::{
    CrossExamRound, EfficiencyStats, IndependentRound, SynthesisRound, VerdictRound,
};
use crate::driver::{cancel_run, start_run};
use crate::{export, storage};

const ROUND_TITLES: [&str; 4] = [
    "Round 1 · Independent answers",
    "Round 2 · Synthesis",
    "Round 3 · Cross-examination",
    "Round 4 · Verdict",
];

#[component]
pub fn SessionView(id: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let live = state.live;
    let load_error = RwSignal::new(None::<String>);

    // Show the running session, or load this one from storage.
    let shown_id = live
        .session
        .with_untracked(|s| s.as_ref().map(|s| s.id.clone()));
    if shown_id.as_deref() != Some(id.as_str()) && !live.running.get_untracked() {
        live.calls.set(Vec::new());
        match storage::load_session(&id) {
            Ok(Some(session)) => live.session.set(Some(session)),
            Ok(None) => {
                live.session.set(None);
                load_error.set(Some(
                    "This session is not in this browser's storage.".into(),
                ))
            }
            Err(message) => {
                live.session.set(None);
                load_error.set(Some(message))
            }
        }
    }
    let session = Memo::new(move |_| live.session.get().filter(|s| s.id == id));

    view! {
        <section class="session">
            <p class="error" role="alert">{move || load_error.get()}</p>
            {move || session.get().map(|s| view! { <SessionBody session=s /> })}
        </section>
    }
}

#[component]
fn SessionBody(session: ConsultSession) -> impl IntoView {
    let state = expect_context::<AppState>();
    let live = state.live;
    let running = live.running;
    // A run cut short (reload, cancel, failure) can continue from its last complete round.
    let resumable = !running.get_untracked() && session.state != ConsultState::Complete;
    let stop_reason = if session.is_running() {
        "This session was interrupted."
    } else {
        "This session stopped before the end."
    };
    let state_text = storage::state_name(&session);
    let cost = &session.cost;
    let cost_text = {
        let mut text = format!("Spent {}", format_usd(cost.spent_usd));
        if let Some(budget) = cost.budget_usd {
            text.push_str(&format!(" of a {} budget", format_usd(budget)));
        }
        if cost.unpriced_calls > 0 {
            text.push_str(&format!(
                "; {} calls at unknown price, which the budget cannot limit (set prices in Settings)",
                cost.unpriced_calls
            ));
        }
        text
    };
    let resume_from = session.last_complete_round() + 1;
    let to_resume = session.clone();
    let rounds = (1..=session.config.stop_after_round)
        .map(|round| round_section(&session, round))
        .collect_view();
    let failed_calls = session
        .calls
        .iter()
        .filter(|c| c.status != CallStatus::Ok)
        .map(|c| {
            let who = participant_label(&session, &c.participant_id);
            let raw = c.reply_text.clone().filter(|t| !t.is_empty());
            view! {
                <li>
                    <strong>{who}</strong> " (round " {c.round} "): " {c.error.clone().unwrap_or_default()}
                    {raw.map(|text| view! { <details><summary>"What the model sent"</summary><pre class="stream">{text}</pre></details> })}
                </li>
            }
        })
        .collect_view();
    let has_failed_calls = session.calls.iter().any(|c| c.status != CallStatus::Ok);
    let id = session.id.clone();
    let exportable = session.clone();

    view! {
        <header class="session-header">
            {session.config.demo.then(|| view! { <p class="demo-label">"Demo: scripted participants, not real models"</p> })}
            <h2 class="session-question">{session.question.clone()}</h2>
            <p class="session-meta">
                <span class="badge" data-state=state_text.clone()>{state_text.clone()}</span>
                " · " {cost_text}
            </p>
            <div class="actions">
                <Show when=move || running.get()>
                    <button class="danger" on:click=move |_| cancel_run()>"Cancel"</button>
                </Show>
                <button class="secondary" on:click={
                    let s = exportable.clone();
                    move |_| if let Err(e) = export::download_json(&s) { live.notice.set(Some(e)) }
                }>"Export JSON"</button>
                <button class="secondary" on:click={
                    let s = exportable.clone();
                    move |_| if let Err(e) = export::download_markdown(&s) { live.notice.set(Some(e)) }
                }>"Export Markdown"</button>
            </div>
        </header>
        <p class="notice" role="status">{move || live.notice.get()}</p>
        {resumable.then(|| {
            let to_resume = StoredValue::new(to_resume.clone());
            let id = id.clone();
            view! {
                <div class="interrupted" role="alert">
                    <p>{format!("{stop_reason} Its completed rounds are saved; it can resume from round {resume_from}.")}</p>
                    <button class="primary" on:click=move |_| start_run(to_resume.get_value(), state.settings.get_untracked(), live)>
                        {format!("Resume from round {resume_from}")}
                    </button>
                    <button class="secondary" on:click=move |_| { storage::delete_session(&id); live.history.set(storage::list_sessions()); live.session.set(None); state.go(Route::History); }>
                        "Discard it"
                    </button>
                </div>
            }
        })}
        {session.failure.clone().map(|reason| view! { <p class="error failure" role="alert">{reason}</p> })}
        {(session.state == ConsultState::Aborted).then(|| view! { <p class="notice">"Cancelled. Completed rounds are kept."</p> })}
        <ParticipantCosts session=session.clone() />
        {rounds}
        {session.token_efficiency_stats.clone().map(|stats| view! { <EfficiencyStats stats=stats /> })}
        {has_failed_calls.then(|| view! {
            <section class="failed-calls">
                <h3>"Calls that failed"</h3>
                <ul>{failed_calls}</ul>
            </section>
        })}
    }
}

fn round_section(session: &ConsultSession, round: u8) -> impl IntoView {
    let title = ROUND_TITLES[usize::from(round - 1)];
    let content = match round {
        1 if !session.round1.is_empty() => {
            Some(view! { <IndependentRound session=session.clone() artifacts=session.round1.clone() /> }.into_any())
        }
        2 => session.round2.clone().map(|a| view! { <SynthesisRound session=session.clone() artifact=a /> }.into_any()),
        3 => session.round3.clone().map(|a| view! { <CrossExamRound session=session.clone() artifact=a /> }.into_any()),
        4 => session.round4.clone().map(|a| {
            view! { <VerdictRound session=session.clone() artifact=a check=session.confidence_check.clone() /> }.into_any()
        }),
        _ => None,
    };
    let done = content.is_some();
    view! {
        <section class="round" data-round=round data-complete=done.to_string()>
            <h3>{title}</h3>
            {content}
            // Once a round has its artifact, the raw streams give way to the readable view.
            {(!done).then(|| view! { <LiveCalls round=round /> })}
        </section>
    }
}

/// Tokens and cost so far per participant, from the call records (re-asks and retries included).
#[component]
fn ParticipantCosts(session: ConsultSession) -> impl IntoView {
    let rows = session
        .config
        .panelists
        .iter()
        .chain(std::iter::once(&session.config.judge))
        .map(|participant| {
            let calls: Vec<_> = session
                .calls
                .iter()
                .filter(|c| c.participant_id == participant.id)
                .collect();
            let input: u64 = calls.iter().filter_map(|c| c.input_tokens).sum();
            let output: u64 = calls.iter().filter_map(|c| c.output_tokens).sum();
            let priced: f64 = calls.iter().filter_map(|c| c.cost_usd).sum();
            let unpriced = calls
                .iter()
                .any(|c| c.cost_usd.is_none() && c.status == CallStatus::Ok);
            let cost = match (unpriced, priced > 0.0) {
                (true, true) => format!("{} + unknown", format_usd(priced)),
                (true, false) => "price unknown".to_string(),
                _ => format_usd(priced),
            };
            view! {
                <tr>
                    <th scope="row">{participant.label.clone()}</th>
                    <td>{participant.provider_label.clone()}</td>
                    <td>{calls.len()}</td>
                    <td>{input}</td>
                    <td>{output}</td>
                    <td>{cost}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <details class="participants">
            <summary>"Participants, tokens and cost"</summary>
            <table class="prices">
                <thead>
                    <tr>
                        <th scope="col">"Participant"</th>
                        <th scope="col">"Provider"</th>
                        <th scope="col">"Calls"</th>
                        <th scope="col">"Input tokens"</th>
                        <th scope="col">"Output tokens"</th>
                        <th scope="col">"Cost"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </details>
    }
}
