//! Parts every protocol's views share: a protocol's slice of the session, starting a session and
//! its demo, the forms' way to their run (`start`), fields and file input, the seat editor, the
//! consent dialog, live calls, presets, rich text, the copy button and attachments.
pub mod any_server;
pub mod attach;
pub mod copy;
pub mod cost_gate;
pub mod fields;
pub mod file_input;
pub mod live_calls;
pub mod live_reply;
pub mod material_read;
pub mod model_picker;
pub mod part_view;
pub mod presets;
pub mod provider_gate;
pub mod rich_text;
pub mod run_start_status;
pub mod seat_editor;
pub mod sign_in;
pub mod start;
pub mod table;

use crate::app::shown::ShownSession;
use consilium_engine::record::Protocol;
use consilium_engine::record::ProtocolBody;
use leptos::prelude::*;

use crate::app::runs::start::launch_demo;
use crate::app::AppState;

/// This protocol's part of the session: a slice of its body (`B`) that changes only when that
/// slice does, so an update re-renders what changed and leaves open `<details>` and focus alone.
pub fn body_part<B, T>(
    session: ShownSession,
    part: impl Fn(&B) -> Option<T> + Send + Sync + 'static,
) -> Memo<Option<T>>
where
    B: ProtocolBody + 'static,
    T: PartialEq + Clone + Send + Sync + 'static,
{
    Memo::new(move |_| session.with(|s| s.as_ref().and_then(|s| s.body_of::<B>()).and_then(&part)))
}

/// Whether this tab runs `session` now.
pub fn running_here(session: ShownSession) -> Memo<bool> {
    let live = expect_context::<AppState>().live;
    let id = session
        .with_untracked(|s| s.as_ref().map(|s| s.id.clone()))
        .unwrap_or_default();
    Memo::new(move |_| live.runs(&id))
}

/// The "New here?" card: what the demo of `protocol` shows, and the button that runs it.
#[component]
pub fn DemoCard(
    protocol: Protocol,
    /// What the demo shows, after "New here? ".
    text: &'static str,
    button: &'static str,
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let run_demo = move |_| launch_demo(state, protocol, problem);
    view! {
        <div class="demo-card">
            <p>
                <strong>"New here? "</strong>
                {text}
            </p>
            // Busy while the run's part loads (`app::runs::start`).
            <button class="primary" on:click=run_demo aria-busy=move || state.start.starting.get().then_some("true")>{button}</button>
        </div>
    }
}

/// A form's opening: what its protocol does (`tagline`) and the card of its demo. (Consult's
/// has its picture of a decision beside them, on the first screen.)
#[component]
pub fn FormIntro(
    tagline: &'static str,
    protocol: Protocol,
    /// What the demo shows (the card's text).
    demo: &'static str,
    button: &'static str,
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    view! {
        <div class="ask-intro">
            <div>
                <p class="tagline">{tagline}</p>
                <DemoCard protocol=protocol text=demo button=button problem=problem />
            </div>
        </div>
    }
}
