//! New consult: the question, the council, the depth, then run (after the cost gate).
use consilium_engine::views::{
    consult_seats, describe_estimate, judge_model_warning, needs_consent, Seat,
};
use consilium_engine::{estimate_cost, Clock, ConsultConfig, Protocol, Session, VERBOSE_NOTICE};
use leptos::prelude::*;

use crate::app::AppState;
use crate::components::consult::panel_builder::PanelBuilder;
use crate::components::shared::cost_gate::PendingRun;
use crate::components::shared::presets::PresetList;
use crate::components::shared::{launch, DemoCard};
use crate::driver::BrowserClock;
use crate::ids::new_id;

/// What the user has typed and chosen so far: kept by the new-session page, so switching to
/// another protocol and back keeps it.
#[derive(Clone, Copy)]
pub struct ConsultDraft {
    question: RwSignal<String>,
    seats: RwSignal<Vec<Seat>>,
    judge: RwSignal<Seat>,
    depth: RwSignal<u8>,
    verbose: RwSignal<bool>,
    /// Some servers refuse JSON schemas or tools (e.g. llama-server without --jinja): then ask in prose.
    structured: RwSignal<bool>,
    /// Rounds 2-4 show peers as "Answer A", "Answer B"... (bias controls).
    anonymous: RwSignal<bool>,
}

impl ConsultDraft {
    pub fn new(state: AppState) -> Self {
        let draft = Self {
            question: RwSignal::new(String::new()),
            seats: RwSignal::new(Vec::new()),
            judge: RwSignal::new(Seat::default()),
            depth: RwSignal::new(4u8),
            verbose: RwSignal::new(state.settings.with_untracked(|s| s.verbose)),
            structured: RwSignal::new(true),
            anonymous: RwSignal::new(true),
        };
        let (seats, judge) = (draft.seats, draft.judge);
        // Seats follow the providers: filled as soon as the first provider exists.
        Effect::new(move |_| {
            let settings = state.settings.get();
            if !settings.providers.is_empty() && seats.with_untracked(Vec::is_empty) {
                let (panel, first_judge) = consult_seats(&settings);
                seats.set(panel);
                judge.set(first_judge);
            }
        });
        draft
    }
}

#[component]
pub fn NewConsultForm(
    draft: ConsultDraft,
    problem: RwSignal<Option<String>>,
    awaiting_consent: RwSignal<Option<PendingRun>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let ConsultDraft {
        question,
        seats,
        judge,
        depth,
        verbose,
        structured,
        anonymous,
    } = draft;
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));

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
            anonymous_peers: anonymous.get_untracked(),
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

    let judge_warning = move || {
        let settings = state.settings.get();
        seats.with(|panel| judge.with(|judge| judge_model_warning(panel, judge, &settings)))
    };

    view! {
        <DemoCard
            protocol=Protocol::Consult
            text="Watch a scripted demo council (no key, no server) run all four rounds: independent answers, synthesis, cross-examination and a verdict with confidence and dissent."
            button="Run the demo council"
            problem=problem
        />
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
            <p class="notice judge-warning" role="status">{judge_warning}</p>
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
                <label class="checkbox">
                    <input type="checkbox" prop:checked=move || anonymous.get() on:change=move |ev| anonymous.set(event_target_checked(&ev)) />
                    "Anonymous peers: rounds 2-4 see Answer A, B…"
                </label>
            </div>
            <Show when=move || verbose.get()>
                <p class="notice">{VERBOSE_NOTICE}</p>
            </Show>
            <p class="estimate muted">{estimate_line}</p>
            <button class="primary" on:click=run>"Ask the council"</button>
        </Show>
    }
}
