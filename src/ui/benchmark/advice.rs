//! The Benchmark's advice, one click away (docs/design.md, "Depth by need: convene only when in
//! doubt"): "Use the vote" makes Vote the depth of new consults, "Use <model> alone" makes that
//! model alone the council of new consults (a single answer, no synthesis); each says what it
//! changed, with Undo.
use consilium_engine::benchmark::advice::Advice;
use consilium_engine::record::consult::depth::Depth;
use leptos::prelude::*;

use crate::app::council::{restore_council_choice, set_council_alone, set_council_depth};
use crate::app::AppState;
use crate::settings::{CouncilChoice, ModelAlone};

/// `demo`: the demo's scripted council. Its advice is shown as what the button would do in a
/// real benchmark and changes nothing (otherwise "Use scripted alone" would save a
/// one-seat council on the demo's scripted model, and every later consult would ask it).
#[component]
pub fn AdviceAction(advice: Advice, demo: bool) -> impl IntoView {
    let label = advice.label();
    if demo {
        let would = match &advice {
            Advice::UseDepth(depth) => {
                format!("set {} as the depth of new consults", depth.label())
            }
            Advice::UseModelAlone { model, .. } => {
                format!("make {model} alone the council of new consults")
            }
        };
        return view! {
            <p class="bench-advice muted demo-advice" role="note">
                {format!("In a benchmark of your own models, “{label}” would {would}. This is the demo: your settings stay as they are.")}
            </p>
        }
        .into_any();
    }
    match advice {
        Advice::UseDepth(depth) => view! { <UseDepth depth=depth label=label /> }.into_any(),
        Advice::UseModelAlone { provider_id, model } => {
            view! { <UseAlone alone=ModelAlone { provider_id, model } label=label /> }.into_any()
        }
    }
}

#[component]
fn UseAlone(alone: ModelAlone, label: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let current = Memo::new(move |_| state.settings.with(|s| s.alone.clone()));
    // The whole council choice before the click, for Undo; None until the advice is taken here.
    let before = RwSignal::new(None::<CouncilChoice>);
    let status = RwSignal::new(None::<String>);
    let model = alone.model.clone();
    let chosen = alone.clone();
    let take = move |_| {
        before.set(Some(state.settings.with_untracked(|s| s.council_choice())));
        status.set(set_council_alone(state, Some(chosen.clone())).err());
    };
    let undo = move |_| {
        if let Some(previous) = before.get_untracked() {
            before.set(None);
            status.set(restore_council_choice(state, previous).err());
        }
    };
    view! {
        <div class="bench-advice" role="status">
            {move || match (current.get().as_ref() == Some(&alone), before.get().is_some()) {
                (true, true) => view! {
                    <p>{format!("New consults now ask {} alone: one answer, no synthesis.", model)}" "
                        <button class="link" on:click=undo>"Undo"</button>
                    </p>
                }.into_any(),
                (true, false) => view! {
                    <p class="muted">{format!("New consults already ask {} alone.", model)}</p>
                }.into_any(),
                (false, _) => view! {
                    <button class="primary" on:click=take.clone()>{label.clone()}</button>
                    <span class="muted">{format!(" makes {} alone the council of new consults: one answer, no synthesis.", model)}</span>
                }.into_any(),
            }}
            {move || status.get().map(|problem| view! { <p class="error" role="alert">{problem}</p> })}
        </div>
    }
}

#[component]
fn UseDepth(depth: Depth, label: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    // One model alone overrides any depth: the depth is in use only on a council.
    let in_use = Memo::new(move |_| state.settings.with(|s| s.uses_depth(depth)));
    // The whole council choice before the click, for Undo; None until the advice is taken here.
    let before = RwSignal::new(None::<CouncilChoice>);
    let status = RwSignal::new(None::<String>);
    let take = move |_| {
        before.set(Some(state.settings.with_untracked(|s| s.council_choice())));
        status.set(set_council_depth(state, depth).err());
    };
    let undo = move |_| {
        if let Some(previous) = before.get_untracked() {
            before.set(None);
            status.set(restore_council_choice(state, previous).err());
        }
    };
    view! {
        <div class="bench-advice" role="status">
            {move || match (in_use.get(), before.get()) {
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
