//! New benchmark: the questions, the council (the same panel builder as Consult), the best single
//! model (chosen, or the panelist with the best solo accuracy), the budget and the parallel
//! requests per provider. Before the run, as every protocol: missing keys asked inline, seats known
//! to fail named, and the cost gate when the estimate is above the user's threshold.
use consilium_engine::record::benchmark::config::{
    BenchmarkConfig, BestSingle, BEST_SINGLE_ID, DEFAULT_PARALLEL_PER_PROVIDER,
};
use consilium_engine::views::benchmark::benchmark_estimate;
use consilium_engine::views::{consult_seats, describe_calls, needs_consent, Seat};
use consilium_engine::{Clock, ConsultConfig, Protocol, Session};
use leptos::prelude::*;

use super::question_set::{QuestionSet, QuestionSetPicker};
use crate::app::AppState;
use crate::components::consult::panel_builder::PanelBuilder;
use crate::components::shared::cost_gate::PendingRun;
use crate::components::shared::presets::PresetList;
use crate::components::shared::provider_gate::{
    council_summary, is_submit_key, known_failures, providers_without_key, ConsentBeside,
    MissingKeys, SeatsHealth,
};
use crate::components::shared::{launch, DemoCard};
use crate::driver::BrowserClock;
use crate::ids::new_id;

/// "auto", or the index of the panel seat whose model is sampled.
const AUTO: &str = "auto";

#[component]
pub fn NewBenchmarkForm(
    problem: RwSignal<Option<String>>,
    awaiting_consent: RwSignal<Option<PendingRun>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let set = QuestionSet::new();
    let seats = RwSignal::new(Vec::<Seat>::new());
    let judge = RwSignal::new(Seat::default());
    let best = RwSignal::new(AUTO.to_string());
    let budget_usd = RwSignal::new(state.settings.with_untracked(|s| s.budget_usd));
    let parallel = RwSignal::new(DEFAULT_PARALLEL_PER_PROVIDER);
    let structured = RwSignal::new(true);
    let keys_typed = RwSignal::new(0u32);
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));
    // Seats follow the providers, as Consult's do.
    Effect::new(move |_| {
        let settings = state.settings.get();
        if !settings.providers.is_empty() && seats.with_untracked(Vec::is_empty) {
            let (panel, first_judge) = consult_seats(&settings);
            seats.set(panel);
            judge.set(first_judge);
        }
    });
    let asked = Signal::derive(move || {
        let mut asked = seats.get();
        asked.push(judge.get());
        asked
    });

    let build_config = move || -> Result<BenchmarkConfig, String> {
        let settings = state.settings.get_untracked();
        let panel = seats.get_untracked();
        let panelists = panel
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
        let council = ConsultConfig {
            panelists,
            judge: judge
                .get_untracked()
                .to_participant("judge", "Judge", &settings)?,
            verbose: false,
            filter_limits: settings.filter_limits(),
            max_tokens: settings.max_tokens,
            budget_usd: None,
            stop_after_round: 4,
            structured_output: structured.get_untracked(),
            demo: false,
            anonymous_peers: true,
            final_answer: true,
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
        labelled.push(("Judge".into(), judge.get_untracked()));
        if let Some(message) = known_failures(state, &labelled) {
            problem.set(Some(message));
            return;
        }
        let (config, questions) = match build_config().and_then(|c| Ok((c, set.questions()?.1))) {
            Ok(built) => built,
            Err(message) => return problem.set(Some(message)),
        };
        problem.set(None);
        let estimate = benchmark_estimate(&questions, &config.council);
        let session = Session::new_benchmark(new_id("b"), config, questions, BrowserClock.now_ms());
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

    let chip = move || council_summary(state, &seats.get(), "panelist");
    let best_options = move || {
        seats
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
                        {format!("Panelist {}: {}", index + 1, seat.model)}
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
                    <div class="first-run">
                        <h3>"Connect a model"</h3>
                        <p>"A benchmark runs on your own models: add a local server, or a hosted provider with your key."</p>
                        <PresetList />
                    </div>
                }
            >
                <details class="council">
                    <summary class="council-chip">{chip}</summary>
                    <PanelBuilder seats=seats judge=judge />
                </details>
                <div class="run-options">
                    <label>
                        "Best single model (sampled as often as the council calls)"
                        <select on:change=move |ev| best.set(event_target_value(&ev))>
                            <option value=AUTO selected=move || best.get() == AUTO>"Auto: the panelist with the best solo score"</option>
                            {best_options}
                        </select>
                    </label>
                    <label>
                        "Budget for the whole run (USD)"
                        <input type="number" min="0.01" step="0.01" placeholder="no limit"
                            prop:value=move || budget_usd.get().map(|usd| usd.to_string()).unwrap_or_default()
                            on:change=move |ev| {
                                let text = event_target_value(&ev);
                                budget_usd.set(text.trim().trim_start_matches('$').parse::<f64>().ok().filter(|usd| *usd > 0.0));
                            } />
                    </label>
                    <label>
                        "Parallel requests per provider"
                        <input type="number" min="1" max="32" step="1" prop:value=move || parallel.get().to_string()
                            on:change=move |ev| parallel.set(event_target_value(&ev).trim().parse().unwrap_or(0)) />
                    </label>
                    <label class="checkbox">
                        <input type="checkbox" prop:checked=move || structured.get() on:change=move |ev| structured.set(event_target_checked(&ev)) />
                        "Structured output (JSON schema)"
                    </label>
                </div>
                <SeatsHealth seats=asked />
                <MissingKeys seats=asked typed=keys_typed />
                <div class="ask-actions">
                    <button class="primary" on:click=move |_| run()>"Run the benchmark"</button>
                    <ConsentBeside awaiting_consent=awaiting_consent problem=problem />
                </div>
            </Show>
        </div>
    }
}
