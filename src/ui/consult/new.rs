//! New consult, asked in one box: what Consilium does with a picture of a finished decision, the
//! demo as the big action, the question, and the council as a chip that opens the panel builder
//! (depth, budget, verbose and structured output under Advanced). Ctrl/Cmd+Enter asks. Before
//! the run: keys still missing are asked for inline, a seat whose provider is known to fail stops
//! it with the seat and the fix named, then the cost gate (a dialog beside the button).
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::views::consent::needs_consent;
use consilium_engine::views::costs::{describe_calls, describe_estimate};
use consilium_engine::views::depth::{depth_choice, ANSWERS_ONLY};
use consilium_engine::views::seats::chosen_judge_warning;
use consilium_engine::{
    consult::estimate::estimate_cost, consult::VERBOSE_NOTICE, harness::io::Clock,
    record::consult::config::ConsultConfig, record::Protocol, record::Session,
};
use leptos::prelude::*;

use crate::app::runs::start::PendingRun;
use crate::app::runs::start::{ready_to_start, start_or_ask};
use crate::app::runs::BrowserClock;
use crate::app::AppState;
use crate::platform::ids::new_id;
use crate::ui::consult::council::{Council, CouncilChoice, CouncilDepth};
use crate::ui::consult::picture::DecisionPicture;
use crate::ui::widgets::fields::{BudgetField, CheckboxField};
use crate::ui::widgets::presets::ConnectAModel;
use crate::ui::widgets::provider_gate::is_submit_key;
use crate::ui::widgets::start::{SeatChecks, StartButton};
use crate::ui::widgets::DemoCard;

/// What the user has typed and chosen so far: kept by the new-session page, so switching to
/// another protocol and back keeps it.
#[derive(Clone, Copy)]
pub struct ConsultDraft {
    question: RwSignal<String>,
    council: Council,
    /// How deep the council goes (Vote, Adaptive, Full: the settings' depth)
    /// and whether it stops after round 1.
    depth: CouncilDepth,
    verbose: RwSignal<bool>,
    /// Some servers refuse JSON schemas or tools (e.g. llama-server without --jinja): then ask in prose.
    structured: RwSignal<bool>,
    budget_usd: RwSignal<Option<f64>>,
    /// Rounds 2-4 show peers as "Panelist A", "Panelist B"... (bias controls).
    anonymous: RwSignal<bool>,
}

impl ConsultDraft {
    pub fn new(state: AppState) -> Self {
        let draft = Self {
            question: RwSignal::new(String::new()),
            council: Council::new(state),
            depth: CouncilDepth {
                depth: RwSignal::new(state.settings.with_untracked(|s| s.depth)),
                stop_after_round: RwSignal::new(4u8),
            },
            verbose: RwSignal::new(state.settings.with_untracked(|s| s.verbose)),
            structured: RwSignal::new(true),
            budget_usd: RwSignal::new(state.settings.with_untracked(|s| s.budget_usd)),
            anonymous: RwSignal::new(true),
        };
        draft.council.follow_alone(state, true);
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
        council,
        depth,
        verbose,
        structured,
        budget_usd,
        anonymous,
    } = draft;
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));
    // The seats this run asks: the judge only when the consult goes past round 1.
    let CouncilDepth {
        depth: council_depth,
        stop_after_round,
    } = depth;
    let asked = council.asked(move || stop_after_round.get() > 1);

    let build_config = move || -> Result<ConsultConfig, String> {
        let (panelists, judge) = council.participants(state)?;
        let settings = state.settings.get_untracked();
        let config = ConsultConfig {
            panelists,
            judge,
            verbose: verbose.get_untracked(),
            filter_limits: settings.filter_limits(),
            max_tokens: settings.max_tokens,
            budget_usd: budget_usd.get_untracked(),
            stop_after_round: stop_after_round.get_untracked(),
            structured_output: structured.get_untracked(),
            demo: false,
            anonymous_peers: anonymous.get_untracked(),
            final_answer: false,
            depth: council_depth.get_untracked(),
        };
        config.validate()?;
        Ok(config)
    };

    let run = move || {
        let text = question.get_untracked().trim().to_string();
        if text.is_empty() {
            problem.set(Some("Type the question for the council first.".into()));
            return;
        }
        if !has_providers.get_untracked() {
            problem.set(Some(
                "Connect a model first (below), or run the demo council.".into(),
            ));
            return;
        }
        let config = ready_to_start(
            state,
            &council.labelled(stop_after_round.get_untracked() > 1),
        )
        .and_then(|()| build_config());
        let config = match config {
            Ok(config) => config,
            Err(message) => return problem.set(Some(message)),
        };
        let estimate = estimate_cost(&text, &config);
        let session = Session::new_consult(new_id("c"), text, config, BrowserClock.now_ms());
        let threshold = state.settings.with_untracked(|s| s.consent_threshold_usd);
        let consent = needs_consent(&estimate, threshold);
        let estimate = Some(describe_calls(&estimate));
        start_or_ask(state, session, consent, estimate, awaiting_consent, problem);
    };

    let choose_depth = move |value: &str| match Depth::parse(value) {
        Some(chosen) => {
            council_depth.set(chosen);
            stop_after_round.set(4);
        }
        None => stop_after_round.set(1),
    };

    let estimate_line = move || {
        let text = question.get();
        if text.trim().is_empty() || !has_providers.get() {
            return None;
        }
        let _ = (
            council.seats.get(),
            council.judge.get(),
            stop_after_round.get(),
            council_depth.get(),
            verbose.get(),
            budget_usd.get(),
        );
        build_config()
            .ok()
            .map(|config| describe_estimate(&estimate_cost(&text, &config)))
    };
    let judge_warning = move || {
        if council.is_alone() {
            return None;
        }
        let settings = state.settings.get();
        council.seats.with(|panel| {
            council
                .judge
                .with(|judge| chosen_judge_warning(panel, judge, &settings))
        })
    };

    view! {
        <div class="ask-intro">
            <div>
                <p class="tagline">
                    "Put a question before a council of models: independent answers, a cross-examination, "
                    "and a verdict with its confidence checked and the dissent on record."
                </p>
                <DemoCard
                    protocol=Protocol::Consult
                    text="Watch a scripted council (no key, no server) run all four rounds."
                    button="Run the demo council"
                    problem=problem
                />
            </div>
            <DecisionPicture />
        </div>
        <div class="ask-box" on:keydown=move |ev| if is_submit_key(&ev) { ev.prevent_default(); run() }>
            <label class="question">
                "Question"
                <textarea
                    rows="4"
                    placeholder="What should the council decide? (Ctrl+Enter asks)"
                    prop:value=move || question.get()
                    on:input=move |ev| question.set(event_target_value(&ev))
                ></textarea>
            </label>
            <Show
                when=move || has_providers.get()
                fallback=|| view! {
                    <ConnectAModel text="One click adds a local server; hosted providers ask for a key. Keys stay in this tab unless you ask to remember them." />
                }
            >
                <CouncilChoice council=council depth=depth />
                <details class="advanced">
                    <summary>"Advanced"</summary>
                    <div class="run-options">
                        <label>
                            "Depth"
                            // One choice for this run: the council's depth, or round 1 alone.
                            <select on:change=move |ev| choose_depth(&event_target_value(&ev))>
                                {Depth::ALL.into_iter().map(|option| view! {
                                    <option value=option.as_str()
                                        selected=move || { stop_after_round.get() > 1 && council_depth.get() == option }>
                                        {depth_choice(option)}
                                    </option>
                                }).collect_view()}
                                <option value="1" selected=move || stop_after_round.get() == 1>{ANSWERS_ONLY}</option>
                            </select>
                        </label>
                        <BudgetField label="Budget (USD)" budget_usd=budget_usd />
                        <CheckboxField label="Verbose: send full debate artifacts" value=verbose />
                        <CheckboxField label="Structured output (JSON schema)" value=structured />
                        <CheckboxField label="Anonymous peers: rounds 2-4 see Panelist A, B…" value=anonymous />
                    </div>
                    <Show when=move || verbose.get()>
                        <p class="notice">{VERBOSE_NOTICE}</p>
                    </Show>
                </details>
                <SeatChecks seats=asked />
                // The form's warnings go here, above the button.
                <p class="notice judge-warning" role="status">{judge_warning}</p>
                <p class="estimate muted">{estimate_line}</p>
                <StartButton label="Ask the council" on_start=run awaiting_consent=awaiting_consent problem=problem />
            </Show>
        </div>
    }
}
