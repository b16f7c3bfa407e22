//! New benchmark: the questions, the council (the same panel builder as Consult), the best single
//! model (chosen, or the panelist with the best solo accuracy), the budget, the parallel
//! requests per provider and web search (offered when a seat's provider has it). Before the run, as every protocol: missing keys asked inline, seats known
//! to fail named, and the cost gate when the estimate is above the user's threshold.
use consilium_engine::benchmark_council::view::cost::{
    benchmark_cost_and_consent, benchmark_search_line, describe_benchmark_cost,
};
use consilium_engine::material::web::can_search;
use consilium_engine::record::benchmark::config::{
    BenchmarkConfig, BestSingle, BEST_SINGLE_ID, DEFAULT_PARALLEL_PER_PROVIDER,
};
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::views::seats::panelist_label;
use consilium_engine::{
    harness::io::Clock, record::consult::config::ConsultConfig, record::Protocol, record::Session,
};
use leptos::prelude::*;

use super::question_set::{QuestionSet, QuestionSetPicker};
use crate::app::runs::start::PendingRun;
use crate::app::runs::start::{ready_to_start, start_or_ask};
use crate::app::AppState;
use crate::platform::ids::new_id;
use crate::run::clock::BrowserClock;
use crate::ui::consult::council::{Council, CouncilChoice};
use crate::ui::widgets::fields::{BudgetField, CheckboxField};
use crate::ui::widgets::presets::ConnectAModel;
use crate::ui::widgets::provider_gate::is_submit_key;
use crate::ui::widgets::start::{SeatChecks, StartButton};
use crate::ui::widgets::DemoCard;

/// "auto", or the index of the panel seat whose model is sampled.
const AUTO: &str = "auto";

#[component]
pub fn NewBenchmarkForm(
    problem: RwSignal<Option<String>>,
    awaiting_consent: RwSignal<Option<PendingRun>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let set = QuestionSet::new();
    let council = Council::new(state);
    let best = RwSignal::new(AUTO.to_string());
    let budget_usd = RwSignal::new(state.settings.with_untracked(|s| s.budget_usd));
    let parallel = RwSignal::new(DEFAULT_PARALLEL_PER_PROVIDER);
    let structured = RwSignal::new(true);
    // Off by default: searching costs fees beside the tokens.
    let search = RwSignal::new(false);
    // Offered when a seat's provider has search, by the rule a Consult's council follows.
    let seats_can_search = Memo::new(move |_| {
        council.seats.track();
        state.settings.track();
        council
            .participants(state)
            .is_ok_and(|(panelists, _)| can_search(&panelists))
    });
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));
    // Every question runs the full council: the judge is always asked.
    let asked = council.asked(|| true);

    let build_config = move || -> Result<BenchmarkConfig, String> {
        let (panelists, judge) = council.participants(state)?;
        let settings = state.settings.get_untracked();
        let panel = council.seats.get_untracked();
        let council = ConsultConfig {
            material: Vec::new(),
            search_web: search.get_untracked() && seats_can_search.get_untracked(),
            panelists,
            judge,
            verbose: false,
            filter_limits: settings.filter_limits(),
            max_tokens: settings.max_tokens,
            budget_usd: None,
            stop_after_round: 4,
            structured_output: structured.get_untracked(),
            demo: false,
            anonymous_peers: true,
            final_answer: true,
            // The Benchmark runs the full council and grades Vote and Adaptive from its record.
            depth: Depth::Full,
        };
        let best_single = match best.get_untracked().parse::<usize>() {
            Ok(index) => {
                let seat = panel
                    .get(index)
                    .ok_or("Choose the best single model again: the panel changed.")?;
                BestSingle::Model {
                    participant: Box::new(seat.to_participant(
                        BEST_SINGLE_ID,
                        "Best single model",
                        &settings,
                    )?),
                }
            }
            Err(_) => BestSingle::Auto,
        };
        let config = BenchmarkConfig {
            source: set.questions()?.0,
            council,
            best_single,
            budget_usd: budget_usd.get_untracked(),
            parallel_per_provider: parallel.get_untracked(),
            seed: set.seed.get_untracked(),
        };
        config.validate()?;
        Ok(config)
    };

    let run = move || {
        if !has_providers.get_untracked() {
            problem.set(Some("Connect a model first (below).".into()));
            return;
        }
        let built = ready_to_start(state, &council.labelled(true))
            .and_then(|()| build_config())
            .and_then(|config| Ok((config, set.questions()?.1)));
        let (config, questions) = match built {
            Ok(built) => built,
            Err(message) => return problem.set(Some(message)),
        };
        let threshold = state.settings.with_untracked(|s| s.consent_threshold_usd);
        let (cost, consent) = benchmark_cost_and_consent(&questions, &config, threshold);
        let estimate = Some(describe_benchmark_cost(&cost));
        let session =
            Session::new_benchmark(new_id("b").into(), config, questions, BrowserClock.now_ms());
        start_or_ask(state, session, consent, estimate, awaiting_consent, problem);
    };

    // With search on, before the start: the seats that answer without it and the fees.
    let search_line = move || {
        if !search.get() || !seats_can_search.get() {
            return None;
        }
        let _ = (
            set.kind.get(),
            set.count.get(),
            set.seed.get(),
            set.file.with(|_| ()),
            best.get(),
        );
        let config = build_config().ok()?;
        let questions = set.questions().ok()?.1;
        benchmark_search_line(&questions, &config)
    };

    let best_options = move || {
        council
            .seats
            .get()
            .into_iter()
            .enumerate()
            .map(|(index, seat)| {
                let value = index.to_string();
                let selected = {
                    let value = value.clone();
                    move || best.get() == value
                };
                view! {
                    <option value=value selected=selected>
                        {format!("{}: {}", panelist_label(index), seat.model)}
                    </option>
                }
            })
            .collect_view()
    };

    view! {
        <p class="tagline">
            "Does the council earn its calls? Run checkable questions through each panelist alone, \
             the best single model sampled as often as the council calls, the panel's round-1 vote, \
             and the full council, at matched cost, and see which to trust, with error bars."
        </p>
        <DemoCard
            protocol=Protocol::Benchmark
            text="Watch a scripted council answer 10 arithmetic questions (no key, no server) and read its results."
            button="Run the demo benchmark"
            problem=problem
        />
        <div class="ask-box bench-form" on:keydown=move |ev| if is_submit_key(&ev) { ev.prevent_default(); run() }>
            <QuestionSetPicker set=set />
            <Show
                when=move || has_providers.get()
                fallback=|| view! {
                    <ConnectAModel text="A benchmark runs on your own models: add a local server, or a hosted provider with your key." />
                }
            >
                <CouncilChoice council=council />
                <div class="run-options">
                    <label>
                        "Best single model (sampled as often as the council calls)"
                        <select on:change=move |ev| best.set(event_target_value(&ev))>
                            <option value=AUTO selected=move || best.get() == AUTO>"Auto: the panelist with the best solo score"</option>
                            {best_options}
                        </select>
                    </label>
                    <BudgetField label="Budget for the whole run (USD)" budget_usd=budget_usd />
                    <label>
                        "Parallel requests per provider"
                        <input type="number" min="1" max="32" step="1" prop:value=move || parallel.get().to_string()
                            on:change=move |ev| parallel.set(event_target_value(&ev).trim().parse().unwrap_or(0)) />
                    </label>
                    <CheckboxField label="Structured output (JSON schema)" value=structured />
                    <Show when=move || seats_can_search.get()>
                        <CheckboxField label="Search the web (each provider's own search, priced per use)" value=search />
                    </Show>
                </div>
                {move || search_line().map(|line| view! { <p class="notice search-warning" role="status">{line}</p> })}
                <SeatChecks seats=asked />
                <StartButton label="Run the benchmark" on_start=run awaiting_consent=awaiting_consent problem=problem />
            </Show>
        </div>
    }
}
