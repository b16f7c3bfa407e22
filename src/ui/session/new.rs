//! New session: which protocol to put before the council, then that protocol's form.
use leptos::prelude::*;

use crate::app::runs::start::PendingRun;
use crate::app::AppState;
use crate::ui::benchmark::lazy::benchmark_form;
use crate::ui::consult::new::{ConsultDraft, NewConsultForm};
use crate::ui::prioritize::lazy::prioritize_form;
use crate::ui::review::lazy::review_form;
use crate::ui::widgets::part_view::PartView;
use crate::ui::widgets::presets::PresetList;
use crate::ui::widgets::run_start_status::RunStartStatus;

#[component]
pub fn NewSessionView() -> impl IntoView {
    let state = expect_context::<AppState>();
    let problem = RwSignal::new(None::<String>);
    let awaiting_consent = RwSignal::new(None::<PendingRun>);
    let has_providers = Memo::new(move |_| state.settings.with(|s| !s.providers.is_empty()));
    let reviewing = RwSignal::new(false);
    let prioritizing = RwSignal::new(false);
    let benchmarking = RwSignal::new(false);
    let choose = move |review: bool, prioritize: bool, benchmark: bool| {
        reviewing.set(review);
        prioritizing.set(prioritize);
        benchmarking.set(benchmark);
    };
    let consult = ConsultDraft::new(state);

    view! {
        <section class="new-session" aria-labelledby="new-title">
            {move || state.new_session_note.get().map(|note| note.run())}
            // On a phone each protocol shows its name only (the stylesheet hides the rest of the label
            // visually); the accessible name is the whole label everywhere (a hidden span would add a
            // space to it).
            <div class="protocol-switch" role="group" aria-label="What to put before the council">
                <button class="secondary" aria-label="Consult: a question" aria-pressed=move || (!reviewing.get() && !prioritizing.get() && !benchmarking.get()).to_string() on:click=move |_| choose(false, false, false)>"Consult"<span class="protocol-detail">": a question"</span></button>
                <button class="secondary" aria-label="Review: a code change" aria-pressed=move || reviewing.get().to_string() on:click=move |_| choose(true, false, false)>"Review"<span class="protocol-detail">": a code change"</span></button>
                <button class="secondary" aria-label="Prioritize: a backlog" aria-pressed=move || prioritizing.get().to_string() on:click=move |_| choose(false, true, false)>"Prioritize"<span class="protocol-detail">": a backlog"</span></button>
                <button class="secondary" aria-label="Benchmark: is the council worth it?" aria-pressed=move || benchmarking.get().to_string() on:click=move |_| choose(false, false, true)>"Benchmark"<span class="protocol-detail">": is the council worth it?"</span></button>
            </div>
            // The Benchmark's form is its own wasm part, fetched the first time it is chosen.
            <Show when=move || benchmarking.get()>
                <h2 id="new-title">"Benchmark the council"</h2>
                <PartView load=move || benchmark_form(problem, awaiting_consent) />
            </Show>
            <Show when=move || prioritizing.get()>
                <h2 id="new-title">"Prioritize a backlog"</h2>
                <PartView load=move || prioritize_form(problem) />
            </Show>
            <Show when=move || !prioritizing.get() && !benchmarking.get()>
            <Show when=move || !reviewing.get() fallback=move || view! {
                <h2 id="new-title">"Review a change"</h2>
                <PartView load=move || review_form(problem, awaiting_consent) />
                <Show when=move || !has_providers.get()>
                    <div class="first-run">
                        <h3>"Connect a model"</h3>
                        <p>"Add a local server, or a hosted provider with your key in Settings, to review your own changes."</p>
                        <PresetList />
                    </div>
                </Show>
            }>
                <h2 id="new-title">"Consult the council"</h2>
                <NewConsultForm draft=consult problem=problem awaiting_consent=awaiting_consent />
            </Show>
            </Show>
            <p class="error" role="alert">{move || problem.get()}</p>
            <RunStartStatus />
        </section>
    }
}
