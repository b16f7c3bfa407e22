//! "Keep this council", beside the smallest council that holds: new consults then start with its
//! panelists and the judge (saved with the settings), the page says so, and Undo puts back the
//! council they started with before. As the depth advice does (`advice`).
use consilium_engine::benchmark_council::view::choice::KeepCouncil;
use leptos::prelude::*;

use crate::app::council::{keep_council, restore_council_choice};
use crate::app::AppState;
use crate::settings::CouncilChoice;

#[component]
pub fn KeepCouncilAction(keep: KeepCouncil) -> impl IntoView {
    let state = expect_context::<AppState>();
    let Some(council) = keep.council else {
        // One panelist holds: no council of one to keep (a consult needs two).
        return view! {
            <p class="bench-advice muted">
                {format!("{} holds alone: ask that model directly for questions like these.", keep.label.trim_start_matches("Keep "))}
            </p>
        }
        .into_any();
    };
    let label = keep.label;
    let described = council.described();
    if keep.demo {
        // The demo's scripted council: say what the button would do, change nothing.
        return view! {
            <p class="bench-advice muted demo-advice" role="note">
                {format!("In a benchmark of your own models, “{label}” would make {described} the council new consults start with. This is the demo: your settings stay as they are.")}
            </p>
        }
        .into_any();
    }
    // Kept only while no one model alone overrides it.
    let current = Memo::new(move |_| {
        state
            .settings
            .with(|s| s.kept().filter(|_| s.alone.is_none()))
    });
    // The whole council choice before the click, for Undo; None until the button is used here.
    let before = RwSignal::new(None::<CouncilChoice>);
    let status = RwSignal::new(None::<String>);
    let take = {
        let council = council.clone();
        move |_| {
            before.set(Some(state.settings.with_untracked(|s| s.council_choice())));
            status.set(keep_council(state, Some(council.clone())).err());
        }
    };
    let undo = move |_| {
        if let Some(previous) = before.get_untracked() {
            before.set(None);
            status.set(restore_council_choice(state, previous).err());
        }
    };
    view! {
        <div class="bench-advice bench-keep" role="status">
            {move || {
                let kept = current.with(|c| c.as_ref() == Some(&council));
                match (kept, before.get().is_some()) {
                    (true, true) => view! {
                        <p>{format!("New consults now start with {described}.")}" "
                            <button class="link" on:click=undo>"Undo"</button>
                        </p>
                    }.into_any(),
                    (true, false) => view! {
                        <p class="muted">{format!("New consults already start with {described}.")}</p>
                    }.into_any(),
                    (false, _) => view! {
                        <button class="primary" on:click=take.clone()>{label.clone()}</button>
                        <span class="muted">{format!(" makes {described} the council new consults start with.")}</span>
                    }.into_any(),
                }
            }}
            {move || status.get().map(|problem| view! { <p class="error" role="alert">{problem}</p> })}
        </div>
    }
    .into_any()
}
