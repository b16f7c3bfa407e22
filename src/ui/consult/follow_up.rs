//! The link a follow-up turn shows above its run: "Follow-up of …" (from its own record, so it
//! reads the same after a reload, offline and from a share link). The turns themselves are the
//! thread under the decision (`thread`).
use crate::app::shown::ShownSession;
use consilium_engine::consult::view::follow_up::follow_up_of_line;
use consilium_engine::record::consult::body::ConsultBody;
use consilium_engine::record::consult::follow_up::FollowUpOf;
use leptos::prelude::*;

use crate::app::AppState;
use crate::ui::widgets::body_part;

/// What this consult follows up, linked where that session is stored.
#[component]
pub fn FollowUpLinks(session: ShownSession) -> impl IntoView {
    let state = expect_context::<AppState>();
    let history = state.library.sessions;
    let follows = body_part(session, |b: &ConsultBody| b.follows.clone());
    let earlier_view = move |earlier: FollowUpOf| {
        let line = follow_up_of_line(&earlier);
        // A link only where that session is stored (not from a share link opened elsewhere).
        let stored = history.with(|all| all.iter().any(|s| s.id == earlier.session_id));
        let title = if stored {
            view! { <a href=format!("#/session/{}", earlier.session_id)>{line}</a> }.into_any()
        } else {
            view! { <span>{line}</span> }.into_any()
        };
        view! {
            <p class="follows">
                {title}
                <span class="muted">", which decided: " {earlier.answer}</span>
            </p>
        }
    };
    view! {
        <div class="follow-up-links">
            {move || follows.get().map(earlier_view)}
        </div>
    }
}
