//! New session: the question, the council, the depth, then run (after the cost gate).
use consilium_engine::views::{describe_estimate, needs_consent};
use consilium_engine::{
    demo_config, estimate_cost, ConsultConfig, Session, DEMO_QUESTION, VERBOSE_NOTICE,
};
use leptos::prelude::*;

use crate::app::{AppState, Route};
use crate::components::cost_gate::{CostConsent, PendingRun};
use crate::components::new_prioritize::NewPrioritizeForm;
use crate::components::new_review::NewReviewForm;
use crate::components::panel_builder::{PanelBuilder, Seat};
use crate::components::presets::PresetList;
use crate::driver::{start_run, BrowserClock, ALREADY_RUNNING};
use crate::ids::new_id;
use consilium_engine::Clock;

/// Saves the new session, shows it and runs it, with focus on the live run. A run already active in
/// this tab is not interrupted: the new session is refused with a message.
pub fn launch(state: AppState, session: Session) -> Result<(), String> {
    if state.live.running.get_untracked() {
        return Err(ALREADY_RUNNING.to_string());
    }
    state.live.persist(&session);
    let id = session.id.clone();
    start_run(session, state.settings.get_untracked(), state.live)?;
    state.live.focus_run.set(true);
    state.go(Route::Session(id));
    Ok(())
}

#[component]
pub fn NewSessionView() -> impl IntoView {
    let state = expect_context::<AppState>();
    let question = RwSignal::new(String::new());
    let seats = RwSignal::new(Vec::<Seat>::new());
    let judge = RwSignal::new(Seat::default());
    let depth = RwSignal::new(4u8);
    let verbose = RwSignal::new(state.settings.with_untracked(|s| s.verbose));
    // Some servers refuse JSON schemas or tools (e.g. llama-server without --jinja): then ask in prose.
    let structured = RwSignal::new(true);
    let problem = RwSignal::new(None::<String>);
    let awaiting_consent = RwSignal::new(None::<PendingRun>);
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));
    let reviewing = RwSignal::new(false);
    let prioritizing = RwSignal::new(false);

    // Seats follow the providers: filled as soon as the first provider exists.
    Effect::new(move |_| {
        let settings = state.settings.get();
        if !settings.providers.is_empty() && seats.with_untracked(Vec::is_empty) {
            seats.set((0..3).map(|i| Seat::default_for(&settings, i)).collect());
            judge.set(Seat::default_for(&settings, 0));
        }
    });

    let build_config = move || -> Result<ConsultConfig, String> {
        let settings = state.settings.get_untracked();
        let panelists = seats
            .get_untracked()
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                seat.to_participant(
                    &format!("panelist-{}", i + 1),
                    &format!("Panelist {}", i + 1),
                    &settings,
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        let config = ConsultConfig {
            panelists,
            judge: judge
                .get_untracked()
                .to_participant("judge", "Judge", &settings)?,
            verbose: verbose.get_untracked(),
            filter_limits: settings.filter_limits(),
            max_tokens: settings.max_tokens,
            budget_usd: settings.budget_usd,
            stop_after_round: depth.get_untracked(),
            structured_output: structured.get_untracked(),
            demo: false,
        };
        config.validate()?;
        Ok(config)
    };

    let run = move |_| {
        let text = question.get_untracked().trim().to_string();
        if text.is_empty() {
            problem.set(Some("Type the question for the council first.".into()));
            return;
        }
        let config = match build_config() {
            Ok(config) => config,
            Err(message) => return problem.set(Some(message)),
        };
        problem.set(None);
        let estimate = estimate_cost(&text, &config);
        let session = Session::new_consult(new_id("c"), text, config, BrowserClock.now_ms());
        let threshold = state.settings.with_untracked(|s| s.consent_threshold_usd);
        if let Some(request) = needs_consent(&estimate, threshold) {
            let estimate = Some(describe_estimate(&estimate));
            awaiting_consent.set(Some(PendingRun {
                session,
                request,
                estimate,
            }));
        } else if let Err(message) = launch(state, session) {
            problem.set(Some(message));
        }
    };

    let run_demo = move |_| {
        let session = Session::new_consult(
            new_id("demo"),
            DEMO_QUESTION.to_string(),
            demo_config(),
            BrowserClock.now_ms(),
        );
        if let Err(message) = launch(state, session) {
            problem.set(Some(message));
        }
    };

    let estimate_line = move || {
        let text = question.get();
        if text.trim().is_empty() || !has_providers.get() {
            return None;
        }
        let _ = (seats.get(), judge.get(), depth.get(), verbose.get());
        build_config()
            .ok()
            .map(|config| describe_estimate(&estimate_cost(&text, &config)))
    };

    view! {
        <section class="new-session" aria-labelledby="new-title">
            <div class="protocol-switch" role="group" aria-label="What to put before the council">
                <button class="secondary" aria-pressed=move || (!reviewing.get() && !prioritizing.get()).to_string() on:click=move |_| { reviewing.set(false); prioritizing.set(false) }>"Consult: a question"</button>
                <button class="secondary" aria-pressed=move || reviewing.get().to_string() on:click=move |_| { reviewing.set(true); prioritizing.set(false) }>"Review: a code change"</button>
                <button class="secondary" aria-pressed=move || prioritizing.get().to_string() on:click=move |_| { prioritizing.set(true); reviewing.set(false) }>"Prioritize: a backlog"</button>
            </div>
            <Show when=move || prioritizing.get()>
                <h2 id="new-title">"Prioritize a backlog"</h2>
                <NewPrioritizeForm problem=problem />
            </Show>
            <Show when=move || !prioritizing.get()>
            <Show when=move || !reviewing.get() fallback=move || view! {
                <h2 id="new-title">"Review a change"</h2>
                <NewReviewForm problem=problem awaiting_consent=awaiting_consent />
                <Show when=move || !has_providers.get()>
                    <div class="first-run">
                        <h3>"Connect a model"</h3>
                        <p>"Add a local server, or a hosted provider with your key in Settings, to review your own changes."</p>
                        <PresetList />
                    </div>
                </Show>
            }>
                <h2 id="new-title">"Consult the council"</h2>
                <div class="demo-card">
                    <p>
                        <strong>"New here? "</strong>
                        "Watch a scripted demo council (no key, no server) run all four rounds: independent answers, "
                        "synthesis, cross-examination and a verdict with confidence and dissent."
                    </p>
                    <button class="primary" on:click=run_demo>"Run the demo council"</button>
                </div>
                <Show
                    when=move || has_providers.get()
                    fallback=|| view! {
                        <div class="first-run">
                            <h3>"Connect a model"</h3>
                            <p>"Add a local server, or a hosted provider with your key in Settings. Keys stay in this tab unless you ask to remember them."</p>
                            <PresetList />
                        </div>
                    }
                >
                    <label class="question">
                        "Question"
                        <textarea
                            rows="4"
                            placeholder="What should the council decide?"
                            prop:value=move || question.get()
                            on:input=move |ev| question.set(event_target_value(&ev))
                        ></textarea>
                    </label>
                    <PanelBuilder seats=seats judge=judge />
                    <div class="run-options">
                        <label>
                            "Depth"
                            <select on:change=move |ev| depth.set(event_target_value(&ev).parse().unwrap_or(4))>
                                <option value="4" selected=move || depth.get() == 4>"Full consult: 4 rounds to a verdict"</option>
                                <option value="1" selected=move || depth.get() == 1>"Independent answers only (round 1)"</option>
                            </select>
                        </label>
                        <label class="checkbox">
                            <input type="checkbox" prop:checked=move || verbose.get() on:change=move |ev| verbose.set(event_target_checked(&ev)) />
                            "Verbose: send full debate artifacts"
                        </label>
                        <label class="checkbox">
                            <input type="checkbox" prop:checked=move || structured.get() on:change=move |ev| structured.set(event_target_checked(&ev)) />
                            "Structured output (JSON schema)"
                        </label>
                    </div>
                    <Show when=move || verbose.get()>
                        <p class="notice">{VERBOSE_NOTICE}</p>
                    </Show>
                    <p class="estimate muted">{estimate_line}</p>
                    <button class="primary" on:click=run>"Ask the council"</button>
                </Show>
            </Show>
            </Show>
            <p class="error" role="alert">{move || problem.get()}</p>
            {move || awaiting_consent.get().map(|pending| {
                let session = StoredValue::new(pending.session.clone());
                view! {
                    <CostConsent
                        pending=pending
                        on_accept=Callback::new(move |_| {
                            awaiting_consent.set(None);
                            if let Err(message) = launch(state, session.get_value()) { problem.set(Some(message)); }
                        })
                        on_decline=Callback::new(move |_| awaiting_consent.set(None))
                    />
                }
            })}
        </section>
    }
}
