//! New consult, asked in one box: what Consilium does with a picture of a finished decision, the
//! demo as the big action, the question, and the council as a chip that opens the panel builder
//! (depth, budget, verbose and structured output under Advanced). Ctrl/Cmd+Enter asks. Before
//! the run: keys still missing are asked for inline, a seat whose provider is known to fail stops
//! it with the seat and the fix named, then the cost gate (a dialog beside the button).
use consilium_engine::record::consult::follow_up::FollowUpOf;
use consilium_engine::views::{
    consult_seats, describe_calls, describe_estimate, earlier_decision, follow_up_of_line,
    judge_model_warning, needs_consent, seats_of, Seat,
};
use consilium_engine::{
    estimate_cost, Clock, ConsultBody, ConsultConfig, Protocol, Session, VERBOSE_NOTICE,
};
use leptos::prelude::*;

use crate::app::AppState;
use crate::components::consult::follow_up::take_asked_of;
use crate::components::consult::panel_builder::PanelBuilder;
use crate::components::consult::picture::DecisionPicture;
use crate::components::shared::cost_gate::PendingRun;
use crate::components::shared::presets::PresetList;
use crate::components::shared::provider_gate::{
    council_summary, is_submit_key, known_failures, providers_without_key, ConsentBeside,
    MissingKeys, SeatsHealth,
};
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
    budget_usd: RwSignal<Option<f64>>,
    /// Rounds 2-4 show peers as "Answer A", "Answer B"... (bias controls).
    anonymous: RwSignal<bool>,
    /// The finished consult this one follows up ("Ask a follow-up"), until the user unlinks it.
    follows: RwSignal<Option<FollowUpOf>>,
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
            budget_usd: RwSignal::new(state.settings.with_untracked(|s| s.budget_usd)),
            anonymous: RwSignal::new(true),
            follows: RwSignal::new(None),
        };
        if let Some(earlier) = take_asked_of() {
            draft.follow_up(&earlier, state);
        }
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

    /// Prefilled as a follow-up of `earlier`: linked to it, on its council when every seat's
    /// provider is still configured, with its depth and options.
    fn follow_up(&self, earlier: &Session, state: AppState) {
        self.follows.set(earlier_decision(earlier));
        if let Some((panel, judge)) = state.settings.with_untracked(|s| seats_of(earlier, s)) {
            self.seats.set(panel);
            self.judge.set(judge);
        }
        if let Some(body) = earlier.body_of::<ConsultBody>() {
            let config = &body.config;
            self.depth.set(config.stop_after_round);
            self.verbose.set(config.verbose);
            self.structured.set(config.structured_output);
            self.anonymous.set(config.anonymous_peers);
            self.budget_usd.set(config.budget_usd);
        }
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
        budget_usd,
        anonymous,
        follows,
    } = draft;
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));
    // A follow-up opens with the link in view and the box ready for the new question.
    let question_box = NodeRef::<leptos::html::Textarea>::new();
    Effect::new(move |_| {
        if let Some(element) = question_box.get() {
            if follows.with_untracked(Option::is_some) {
                window().scroll_to_with_x_and_y(0.0, 0.0);
                let _ = element.focus();
            }
        }
    });
    let keys_typed = RwSignal::new(0u32);
    // The seats this run asks: the judge only when the consult goes past round 1.
    let asked = Signal::derive(move || {
        let mut asked = seats.get();
        if depth.get() > 1 {
            asked.push(judge.get());
        }
        asked
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
            budget_usd: budget_usd.get_untracked(),
            stop_after_round: depth.get_untracked(),
            structured_output: structured.get_untracked(),
            demo: false,
            anonymous_peers: anonymous.get_untracked(),
            final_answer: false,
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
        let missing = providers_without_key(state, &asked.get_untracked());
        if let Some((_, name)) = missing.first() {
            problem.set(Some(format!(
                "Paste the API key for {name} first (above the button)."
            )));
            return;
        }
        let mut labelled: Vec<(String, Seat)> = seats
            .get_untracked()
            .into_iter()
            .enumerate()
            .map(|(i, seat)| (format!("Panelist {}", i + 1), seat))
            .collect();
        if depth.get_untracked() > 1 {
            labelled.push(("Judge".into(), judge.get_untracked()));
        }
        if let Some(message) = known_failures(state, &labelled) {
            problem.set(Some(message));
            return;
        }
        let config = match build_config() {
            Ok(config) => config,
            Err(message) => return problem.set(Some(message)),
        };
        problem.set(None);
        let estimate = estimate_cost(&text, &config);
        let mut session = Session::new_consult(new_id("c"), text, config, BrowserClock.now_ms());
        session.consult_mut().follows = follows.get_untracked();
        let threshold = state.settings.with_untracked(|s| s.consent_threshold_usd);
        if let Some(request) = needs_consent(&estimate, threshold) {
            awaiting_consent.set(Some(PendingRun {
                session,
                request,
                estimate: Some(describe_calls(&estimate)),
            }));
        } else {
            launch(state, session, problem);
        }
    };

    let estimate_line = move || {
        let text = question.get();
        if text.trim().is_empty() || !has_providers.get() {
            return None;
        }
        let _ = (
            seats.get(),
            judge.get(),
            depth.get(),
            verbose.get(),
            budget_usd.get(),
        );
        build_config()
            .ok()
            .map(|config| describe_estimate(&estimate_cost(&text, &config)))
    };
    let chip = move || council_summary(state, &seats.get(), "panelist");

    let judge_warning = move || {
        let settings = state.settings.get();
        seats.with(|panel| judge.with(|judge| judge_model_warning(panel, judge, &settings)))
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
            {move || follows.get().map(|earlier| view! {
                <div class="follow-up-of" role="status">
                    <p>
                        <strong>{follow_up_of_line(&earlier)}</strong>
                        <span class="muted">", which decided: " {earlier.answer.clone()}</span>
                    </p>
                    <p class="muted">"The council gets that question and its decision as context."</p>
                    <button class="secondary" on:click=move |_| follows.set(None)>"Ask without it"</button>
                </div>
            })}
            <label class="question">
                "Question"
                <textarea
                    node_ref=question_box
                    rows="4"
                    placeholder=move || if follows.with(Option::is_some) { "Your follow-up question (Ctrl+Enter asks)" } else { "What should the council decide? (Ctrl+Enter asks)" }
                    prop:value=move || question.get()
                    on:input=move |ev| question.set(event_target_value(&ev))
                ></textarea>
            </label>
            <Show
                when=move || has_providers.get()
                fallback=|| view! {
                    <div class="first-run">
                        <h3>"Connect a model"</h3>
                        <p>"One click adds a local server; hosted providers ask for a key. Keys stay in this tab unless you ask to remember them."</p>
                        <PresetList />
                    </div>
                }
            >
                <details class="council">
                    <summary class="council-chip">{chip}</summary>
                    <PanelBuilder seats=seats judge=judge />
                </details>
                <details class="advanced">
                    <summary>"Advanced"</summary>
                    <div class="run-options">
                        <label>
                            "Depth"
                            <select on:change=move |ev| depth.set(event_target_value(&ev).parse().unwrap_or(4))>
                                <option value="4" selected=move || depth.get() == 4>"Full consult: 4 rounds to a verdict"</option>
                                <option value="1" selected=move || depth.get() == 1>"Independent answers only (round 1)"</option>
                            </select>
                        </label>
                        <label>
                            "Budget (USD)"
                            <input type="number" min="0.01" step="0.01" placeholder="no limit" prop:value=move || budget_usd.get().map(|usd| usd.to_string()).unwrap_or_default()
                                on:change=move |ev| {
                                    let text = event_target_value(&ev);
                                    let typed = text.trim().trim_start_matches('$');
                                    budget_usd.set(typed.parse::<f64>().ok().filter(|usd| *usd > 0.0));
                                } />
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
                </details>
                <SeatsHealth seats=asked />
                <MissingKeys seats=asked typed=keys_typed />
                // The form's warnings go here, above the button.
                <p class="notice judge-warning" role="status">{judge_warning}</p>
                <p class="estimate muted">{estimate_line}</p>
                <div class="ask-actions">
                    <button class="primary" on:click=move |_| run()>"Ask the council"</button>
                    <ConsentBeside awaiting_consent=awaiting_consent problem=problem />
                </div>
            </Show>
        </div>
    }
}
