//! The bar that stays at the top of a live run: where it stands in plain words ("Round 2 of 4 ·
//! Synthesis"), Cancel, and for the demo "Skip to the decision". The page follows the active
//! round (the newest call's card) until the user scrolls away; "Follow the run" brings it back.
use crate::app::shown::ShownSession;
use consilium_engine::views::live::stepper;
use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::app::AppState;

#[component]
pub fn RunStepper(session: ShownSession, running_here: Memo<bool>) -> impl IntoView {
    let live = expect_context::<AppState>().live;
    let newest_call = Memo::new(move |_| {
        live.calls
            .with(|calls| calls.last().map(|c| (c.call_id.clone(), c.round)))
    });
    let step_text = Memo::new(move |_| {
        let round = newest_call.with(|c| c.as_ref().map_or(0, |c| c.1));
        session.with(|s| s.as_ref().and_then(|s| stepper(s, round)).map(|s| s.text()))
    });
    let demo = Memo::new(move |_| session.with(|s| s.as_ref().is_some_and(|s| s.demo)));

    // Following stops at the user's own scroll (wheel, touch, keys); the page's scrolls to the
    // active round fire none of these.
    let following = live.follow;
    let stop_following = move || {
        if running_here.get_untracked() {
            following.set(false);
        }
    };
    let wheel = window_event_listener(ev::wheel, move |_| stop_following());
    let touch = window_event_listener(ev::touchmove, move |_| stop_following());
    let keys = window_event_listener(ev::keydown, move |event| {
        let scrolls = [
            "PageUp",
            "PageDown",
            "ArrowUp",
            "ArrowDown",
            "Home",
            "End",
            " ",
        ];
        let in_field = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| {
                e.closest("input, textarea, select, button, summary")
                    .ok()
                    .flatten()
                    .is_some()
            });
        if scrolls.contains(&event.key().as_str()) && !in_field {
            stop_following();
        }
    });
    on_cleanup(move || {
        wheel.remove();
        touch.remove();
        keys.remove();
    });
    Effect::new(move |_| {
        // Each save re-renders finished rounds above (their views replace their cards), which
        // moves the active round: follow it again.
        live.session.track();
        let Some((call_id, round)) = newest_call.get() else {
            return;
        };
        if !following.get() || !running_here.get_untracked() {
            return;
        }
        // A round's first call brings its whole round into view; a later one (the judge after
        // the panelists) its own card.
        let first_of_round = live.calls.with_untracked(|calls| {
            calls.iter().find(|c| c.round == round).map(|c| &c.call_id) == Some(&call_id)
        });
        request_animation_frame(move || {
            let document = document();
            let card = document
                .query_selector(&format!(".call-card[data-call-id=\"{call_id}\"]"))
                .ok()
                .flatten();
            let target = match (&card, first_of_round) {
                (Some(card), true) => card.closest(".live-calls").ok().flatten(),
                _ => card,
            };
            if let Some(target) = target {
                target.scroll_into_view_with_bool(true);
            }
        });
    });

    view! {
        <Show when=move || running_here.get()>
            <div class="run-stepper">
                <p class="run-step">{move || step_text.get()}</p>
                <div class="actions">
                    <Show when=move || !following.get()>
                        <button class="secondary" on:click=move |_| following.set(true)>"Follow the run"</button>
                    </Show>
                    <Show when=move || demo.get() && !live.skip_demo.get()>
                        <button class="secondary" on:click=move |_| live.skip_demo_pace()>"Skip to the decision"</button>
                    </Show>
                    <button class="danger" on:click=move |_| live.cancel_run()>"Cancel"</button>
                </div>
            </div>
        </Show>
    }
}
