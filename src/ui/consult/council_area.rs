//! The new consult's council area, a part of its own fetched once a model is connected (a first
//! visit shows the demo and the presets instead): the council chip that opens the panel builder,
//! Advanced (depth, budget, verbose and structured output), the checks before the start (keys
//! still missing are asked for inline, a seat whose provider is known to fail stops it with the
//! seat and the fix named), the judge warning, the estimate, and the button with the cost gate
//! beside it. The council's defaults and the prompts the estimate measures live here too.
use consilium_engine::consult::view::depth::{depth_choice, ANSWERS_ONLY};
use consilium_engine::material::web::seats_without_search;
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::views::consent::needs_consent;
use consilium_engine::views::costs::{describe_calls, describe_estimate};
use consilium_engine::views::seats::chosen_judge_warning;
use consilium_engine::{
    consult::estimate::estimate_cost, consult::VERBOSE_NOTICE, harness::io::Clock,
    record::consult::config::ConsultConfig, record::Session,
};
use leptos::prelude::*;

use crate::app::material::{material_other_tokens, with_capabilities};
use crate::app::runs::start::PendingRun;
use crate::app::runs::start::{ready_to_start, start_or_ask};
use crate::app::AppState;
use crate::platform::ids::new_id;
use crate::run::clock::BrowserClock;
use crate::ui::consult::council::{CouncilChoice, CouncilDepth};
use crate::ui::consult::new::{ConsultDraft, Submit};
use crate::ui::widgets::attach::SeatNotices;
use crate::ui::widgets::fields::{BudgetField, CheckboxField};
use crate::ui::widgets::start::{SeatChecks, StartButton};
use consilium_engine::material::seats::{cut, cut_offer, seat_fits, Cut};

#[component]
pub fn CouncilArea(
    draft: ConsultDraft,
    problem: RwSignal<Option<String>>,
    awaiting_consent: RwSignal<Option<PendingRun>>,
    /// Set to this area's start while it is shown, for the question box's Ctrl/Cmd+Enter.
    submit: Submit,
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
        material,
    } = draft;
    council.follow_providers(state);
    council.follow_alone(state, true);
    // The seats this run asks: the judge only when the consult goes past round 1.
    let CouncilDepth {
        depth: council_depth,
        stop_after_round,
    } = depth;
    let asked = council.asked(move || stop_after_round.get() > 1);

    let build_config = move || -> Result<ConsultConfig, String> {
        let (panelists, judge) = council.participants(state)?;
        let settings = state.settings.get_untracked();
        let panelists = with_capabilities(panelists, &settings);
        let judge = with_capabilities(vec![judge], &settings).remove(0);
        let config = ConsultConfig {
            material: material.sources.get_untracked(),
            search_web: settings.search_web,
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
        let session = Session::new_consult(new_id("c").into(), text, config, BrowserClock.now_ms());
        let threshold = state.settings.with_untracked(|s| s.consent_threshold_usd);
        let consent = needs_consent(&estimate, threshold);
        let estimate = Some(describe_calls(&estimate));
        start_or_ask(state, session, consent, estimate, awaiting_consent, problem);
    };
    submit.ready(Callback::new(move |()| run()));
    on_cleanup(move || submit.gone());

    let choose_depth = move |value: &str| match Depth::parse(value) {
        Some(chosen) => {
            council_depth.set(chosen);
            stop_after_round.set(4);
        }
        None => stop_after_round.set(1),
    };

    let estimate_line = move || {
        let text = question.get();
        if text.trim().is_empty() {
            return None;
        }
        let _ = (
            council.seats.get(),
            council.judge.get(),
            stop_after_round.get(),
            council_depth.get(),
            verbose.get(),
            budget_usd.get(),
            material.sources.get(),
        );
        build_config()
            .ok()
            .map(|config| describe_estimate(&estimate_cost(&text, &config)))
    };
    // Named before the start: the seats of a searching council that cannot search.
    let search_warning = move || {
        let _ = (council.seats.get(), state.settings.get());
        if !state.settings.with(|s| s.search_web) {
            return None;
        }
        let (panelists, _) = council.participants(state).ok()?;
        seats_without_search(&panelists)
    };
    // Each seat against the material, before the start: images it cannot see, material beyond
    // its context window with the cut that would make it fit, said exactly.
    let material_checks = move || {
        let sources = material.sources.get();
        if sources.is_empty() {
            return None;
        }
        let config = build_config().ok()?;
        let other = material_other_tokens(&question.get(), config.max_tokens);
        let seats: Vec<_> = config
            .panelists
            .iter()
            .chain(std::iter::once(&config.judge))
            .collect();
        let fits = seat_fits(&sources, seats.iter().copied(), other);
        let notices: Vec<String> = fits.iter().flat_map(|fit| fit.notices()).collect();
        let offer = cut_offer(&sources, &fits, other);
        let on_cut = move |cuts: Vec<Cut>| material.sources.update(|s| *s = cut(s, &cuts).0);
        Some(view! { <SeatNotices notices=notices offer=offer on_cut=on_cut /> })
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
        {material_checks}
        // The form's warnings go here, above the button.
        <p class="notice judge-warning" role="status">{judge_warning}</p>
        <p class="notice search-warning" role="status">{search_warning}</p>
        <p class="estimate muted">{estimate_line}</p>
        <StartButton label="Ask the council" on_start=run awaiting_consent=awaiting_consent problem=problem />
    }
}
