//! A benchmark's part of the session page: progress while it runs (done and total, time and cost
//! left; Cancel is the run stepper's, as for every protocol), then the results, and the CSV of per-question results. The results are
//! recomputed only when another outcome is stored, not on every saved call, so a long run keeps
//! the page responsive.
use crate::app::shown::ShownSession;
use consilium_engine::benchmark::csv::results_csv;
use consilium_engine::benchmark::progress::progress;
use consilium_engine::benchmark::search::search_note;
use consilium_engine::benchmark_council::view::choice::CouncilChoiceView;
use consilium_engine::benchmark_council::view::results::{
    arms_results, body_council_choice, progress_view, results_key, BenchmarkResultsView,
    ProgressView,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::results::BenchmarkResults;
use crate::app::AppState;
use crate::platform::export;
use crate::platform::frame::after_paint;
use crate::run::messages::BenchmarkResults;
use crate::ui::widgets::running_here;

#[component]
pub fn BenchmarkBodyView(session: ShownSession) -> impl IntoView {
    let live = expect_context::<AppState>().live;
    let running = running_here(session);
    // While it runs here, the driver's figures (they count the question under way's time too);
    // otherwise the record's.
    let progress = Memo::new(move |_| {
        let from_run = running
            .get()
            .then(|| live.benchmark_progress.get())
            .flatten();
        from_run
            .or_else(|| session.with(|s| s.as_ref().and_then(|s| progress(s, 0))))
            .map(|p| progress_view(&p))
    });
    // While it runs here, the results the driver computed (it goes over the whole run so the
    // page does not: in a worker, off the page); once it stops, the driver's last when they
    // stand on the record's outcomes, else the record's, computed here.
    let from_run = Memo::new(move |_| {
        let id = session.with_untracked(|s| s.as_ref().map(|s| s.id.clone()))?;
        live.benchmark_results_of(&id)
    });
    let results = RwSignal::new(None::<BenchmarkResultsView>);
    let council_choice = RwSignal::new(None::<CouncilChoiceView>);
    let drawn = move |run: BenchmarkResults| {
        if let Some((run_results, choice)) = run.views() {
            results.set(Some(run_results));
            council_choice.set(Some(choice));
        }
    };
    Effect::new(move |_| {
        if running.get() {
            if let Some(run) = from_run.get() {
                drawn(run);
            }
        }
    });
    // The record's results are recomputed when it holds more arm outcomes or changes state, not
    // on every saved call: while the run is live only every few outcomes (`results_key`), as each
    // recomputation is linear in the run's length. The key comes from the record itself, so the
    // finished run's results are exact.
    let outcomes = Memo::new(move |_| {
        let running_here = running.get();
        session.with(|s| {
            s.as_ref().map(|s| {
                let arms = s.benchmark().map(|b| b.arm_outcomes()).unwrap_or(0);
                let status = s.status();
                (
                    arms,
                    results_key(arms, running_here, status.is_finished()),
                    status,
                )
            })
        })
    });
    // Computed in tasks of their own, after the browser has painted the rest of the change: the
    // arms' results, then which council to keep. Over a long run each takes long enough that, in
    // the task that copied the session, the page would freeze for all of them at once. A newer
    // key makes an older computation still waiting moot.
    let computing = StoredValue::new(0u64);
    Effect::new(move |_| {
        // Read, not `track()`ed: tracking a memo never runs it, so it would never follow the record.
        let arms = outcomes.with(|o| o.as_ref().map(|(arms, ..)| *arms));
        let generation = computing.get_value() + 1;
        computing.set_value(generation);
        let run = from_run.get_untracked();
        if running.get_untracked() && run.is_some() {
            return;
        }
        if let Some(run) = run.filter(|run| Some(run.arm_outcomes) == arms) {
            drawn(run);
            return;
        }
        let current = move || computing.try_get_value() == Some(generation);
        spawn_local(async move {
            after_paint().await;
            if !current() {
                return;
            }
            results.try_set(session.with_untracked(|s| s.as_ref()?.benchmark().map(arms_results)));
            after_paint().await;
            if !current() {
                return;
            }
            council_choice.try_set(
                session.with_untracked(|s| s.as_ref()?.benchmark().map(body_council_choice)),
            );
        });
    });
    let has_progress = Memo::new(move |_| progress.with(Option::is_some));
    let export_csv = move |_| {
        let Some(session) = session.get_untracked() else {
            return;
        };
        let Some(body) = session.benchmark() else {
            return;
        };
        let name = format!("{}-results.csv", export::file_stem(&session));
        if let Err(message) = export::download(&name, "text/csv", &results_csv(body)) {
            leptos::logging::warn!("{message}");
        }
    };
    // A run with web search says so, with its fees so far, above its figures.
    let searched = move || {
        session.with(|s| {
            let s = s.as_ref()?;
            search_note(s.benchmark()?, &s.cost)
        })
    };
    view! {
        <section class="bench-session">
            {move || searched().map(|note| view! { <p class="bench-search">{note}</p> })}
            // Built once and then only its texts and bar change: rebuilt at each of a long run's
            // saves, the block cost the page a new subtree, its layout and its paint each time
            // (and a screen reader heard all of it again).
            {move || has_progress.get().then(|| view! {
                <div class="bench-progress" aria-live="polite">
                    <p class="bench-progress-counts">
                        <strong>{move || of_progress(progress, |p| p.counts.clone())}</strong> " · " <span class="bench-estimate">{move || of_progress(progress, |p| p.estimate.clone())}</span>
                    </p>
                    <progress max="100" value=move || of_progress(progress, |p| p.percent) aria-label="Benchmark progress">{move || format!("{}%", of_progress(progress, |p| p.percent))}</progress>
                    {move || of_progress(progress, |p| p.note.clone()).map(|note| view! { <p class="muted">{note}</p> })}
                </div>
            })}
            {move || results.get().map(|view| view! { <BenchmarkResults view=view council_choice=council_choice.into() /> })}
            <p class="actions">
                <button class="secondary" on:click=export_csv>"Export CSV (per question)"</button>
            </p>
        </section>
    }
}

/// One field of the progress shown (its default when there is none).
fn of_progress<T: Default>(
    progress: Memo<Option<ProgressView>>,
    field: impl Fn(&ProgressView) -> T,
) -> T {
    progress.with(|p| p.as_ref().map(field).unwrap_or_default())
}
