//! A run's start as the form shows it: "Starting…" while the run's part loads, and the part's
//! failure with Retry (`app::runs::start`).
use leptos::prelude::*;

use crate::app::runs::start::RetryStart;
use crate::app::AppState;
use crate::ui::widgets::part_view::PartFailed;

/// While a run's part loads: says so; when it could not load: the part's message with Retry,
/// scrolled into view (the button that started it may be far above, e.g. the demo's on a phone).
#[component]
pub fn RunStartStatus() -> impl IntoView {
    let flags = expect_context::<AppState>().start;
    let status = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if flags.failed.with(Option::is_some) {
            if let Some(element) = status.get() {
                request_animation_frame(move || {
                    let options = web_sys::ScrollIntoViewOptions::new();
                    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                    element.scroll_into_view_with_scroll_into_view_options(&options);
                });
            }
        }
    });
    let shown = move || {
        if flags.starting.get() {
            Some(view! { <p class="part-loading" role="status">"Starting…"</p> }.into_any())
        } else {
            flags.failed.get().map(|start: RetryStart| {
                view! { <PartFailed retry=move || start.retry() /> }.into_any()
            })
        }
    };
    view! { <div class="run-start-status" node_ref=status>{shown}</div> }
}
