//! A benchmark's part of the session page: progress while it runs (done and total, time and cost
//! left; Cancel is the run stepper's, as for every protocol), then the results, and the CSV of per-question results. The results are
//! recomputed only when another outcome is stored, not on every saved call, so a long run keeps
//! the page responsive.
use consilium_engine::benchmark::csv::results_csv;
use consilium_engine::benchmark::progress::progress;
use consilium_engine::record::Session;
use consilium_engine::views::benchmark::{benchmark_body_results, progress_view, results_key};
use leptos::prelude::*;

use super::results::BenchmarkResults;
use crate::app::AppState;
use crate::platform::export;
use crate::ui::widgets::running_here;

#[component]
pub fn BenchmarkBodyView(session: Memo<Option<Session>>) -> impl IntoView {
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
    // Recomputed when the record holds more arm outcomes or changes state, not on every saved
    // call; while the run is live only every few outcomes (`results_key`), as each recomputation
    // is linear in the run's length. The key comes from the record itself, so the finished run's
    // results are exact.
    let outcomes = Memo::new(move |_| {
        let live = running.get();
        session.with(|s| {
            s.as_ref().map(|s| {
                let arms = s
                    .benchmark()
                    .map(|b| b.results.iter().map(|r| r.arms.len()).sum::<usize>())
                    .unwrap_or(0);
                (results_key(arms, live), s.status())
            })
        })
    });
    let results = Memo::new(move |_| {
        // Read, not `track()`ed: tracking a memo never runs it, so it would never follow the
        // record and the results would stay as first computed (empty for a run watched live).
        outcomes.with(|_| ());
        session.with_untracked(|s| {
            let body = s.as_ref()?.benchmark()?;
            Some(benchmark_body_results(body))
        })
    });
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
    view! {
        <section class="bench-session">
            {move || progress.get().map(|p| view! {
                <div class="bench-progress" aria-live="polite">
                    <p class="bench-progress-counts">
                        <strong>{p.counts.clone()}</strong> " · " <span class="bench-estimate">{p.estimate.clone()}</span>
                    </p>
                    <progress max="100" value=p.percent aria-label="Benchmark progress">{format!("{}%", p.percent)}</progress>
                    {p.note.clone().map(|note| view! { <p class="muted">{note}</p> })}
                </div>
            })}
            {move || results.get().map(|view| view! { <BenchmarkResults view=view /> })}
            <p class="actions">
                <button class="secondary" on:click=export_csv>"Export CSV (per question)"</button>
            </p>
        </section>
    }
}
