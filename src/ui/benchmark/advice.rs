//! The Benchmark's advice, one click away (DESIGN.md, "Depth by need"): "Use the vote" makes Vote
//! the depth of new consults, with Undo. Advice to use one model alone is said in words: a consult
//! needs at least two panelists, so there is no one-seat council to switch to.
use consilium_engine::benchmark::advice::Advice;
use consilium_engine::record::consult::depth::Depth;
use leptos::prelude::*;

use crate::app::council::set_council_depth;
use crate::app::AppState;

#[component]
pub fn AdviceAction(advice: Advice) -> impl IntoView {
    match advice {
        Advice::UseDepth(depth) => view! { <UseDepth depth=depth label=advice.label() /> }.into_any(),
        Advice::UseModelAlone { model, .. } => view! {
            <p class="bench-advice muted">
                {format!("{model} alone did as well here: ask it directly for questions like these.")}
            </p>
        }
        .into_any(),
    }
}

#[component]
fn UseDepth(depth: Depth, label: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let current = Memo::new(move |_| state.settings.with(|s| s.depth));
    // The depth before the click, for Undo; None until the advice is taken here.
    let before = RwSignal::new(None::<Depth>);
    let status = RwSignal::new(None::<String>);
    let set = move |chosen: Depth| status.set(set_council_depth(state, chosen).err());
    let take = move |_| {
        before.set(Some(current.get_untracked()));
        set(depth);
    };
    let undo = move |_| {
        if let Some(previous) = before.get_untracked() {
            before.set(None);
            set(previous);
        }
    };
    view! {
        <div class="bench-advice" role="status">
            {move || match (current.get() == depth, before.get()) {
                (true, Some(_)) => view! {
                    <p>{format!("New consults now use {}.", depth.label())}" "
                        <button class="link" on:click=undo>"Undo"</button>
                    </p>
                }.into_any(),
                (true, None) => view! {
                    <p class="muted">{format!("New consults already use {}.", depth.label())}</p>
                }.into_any(),
                (false, _) => view! {
                    <button class="primary" on:click=take>{label.clone()}</button>
                    <span class="muted">{format!(" sets {} as the depth of new consults.", depth.label())}</span>
                }.into_any(),
            }}
            {move || status.get().map(|problem| view! { <p class="error" role="alert">{problem}</p> })}
        </div>
    }
}
