//! When a run ends here, the eyes go to its decision: brought into view and focused, or, when the
//! user scrolled away on purpose during the run, a "Decision ready" chip that jumps to it. The
//! rule is the app's (`app::runs::arrival`), the scrolling and focus the platform's.
use crate::app::shown::ShownSession;
use leptos::prelude::*;

use crate::app::runs::arrival::{at_run_end, AtRunEnd};
use crate::app::AppState;
use crate::platform::focus::focus_decision;

#[component]
pub fn DecisionReady(session: ShownSession, running_here: Memo<bool>) -> impl IntoView {
    let live = expect_context::<AppState>().live;
    let offered = RwSignal::new(false);
    Effect::new(move |was_running: Option<bool>| {
        let running = running_here.get();
        if running {
            offered.set(false);
        } else if was_running == Some(true) {
            let scrolled_away = !live.follow.get_untracked();
            match session.with_untracked(|s| s.as_ref().map(|s| at_run_end(s, scrolled_away))) {
                Some(AtRunEnd::FocusDecision) => focus_decision(),
                Some(AtRunEnd::OfferDecision) => offered.set(true),
                Some(AtRunEnd::Stay) | None => {}
            }
        }
        running
    });
    let jump = move |_| {
        offered.set(false);
        focus_decision();
    };
    view! {
        <Show when=move || offered.get()>
            <div class="decision-ready">
                <button class="primary" on:click=jump>"Decision ready"</button>
            </div>
        </Show>
    }
}
