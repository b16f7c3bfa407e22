//! A session opened from a share link: read-only (nothing runs, nothing is stored) until the user
//! saves it to their history, under a new id if theirs already has one like it.
use std::collections::HashSet;

use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::transfer::keep_both;
use consilium_engine::record::Session;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::SessionBody;
use crate::app::shown::ShownSession;
use crate::app::thread::SharedThread;
use crate::app::{AppState, Route};
use crate::platform::{share, storage};

#[component]
pub fn SharedView(data: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let opened = RwSignal::new(None::<Result<Vec<Session>, String>>);
    spawn_local(async move { opened.set(Some(share::open_shared(&data).await)) });
    // A thread's link holds every turn: the page shows the first, the thread the rest.
    let turns =
        Memo::new(move |_| opened.with(|o| o.as_ref().and_then(|r| r.as_ref().ok().cloned())));
    provide_context(SharedThread(turns));
    let session = ShownSession::Fixed(Memo::new(move |_| {
        turns.with(|t| t.as_ref().and_then(|t| t.first().cloned()))
    }));
    let error = move || opened.with(|o| o.as_ref().and_then(|r| r.as_ref().err().cloned()));
    let message = RwSignal::new(None::<String>);
    let save = move |_| {
        let Some(mut incoming) = turns.get_untracked() else {
            return;
        };
        let taken: HashSet<SessionId> = state
            .library
            .sessions
            .with_untracked(|h| h.iter().map(|s| s.id.clone()).collect());
        keep_both(&mut incoming, &taken);
        spawn_local(async move {
            for session in &incoming {
                if let Err(problem) = storage::save_imported(session).await {
                    return message.set(Some(problem));
                }
            }
            if let Some(first) = incoming.first() {
                state.go(Route::Session(first.id.clone()));
            }
        });
    };
    view! {
        <section class="session shared">
            <p class="error" role="alert">{error}</p>
            <Show when=move || session.with(Option::is_some)>
                <div class="notice shared-banner">
                    <p>"A shared session, read-only: it came in the link itself, and is not in your history."</p>
                    <button class="primary" on:click=save>"Save to my history"</button>
                    <p role="status">{move || message.get()}</p>
                </div>
                <SessionBody
                    session=session
                    running_elsewhere=RwSignal::new(false)
                    lock_unknown=RwSignal::new(false)
                    read_only=true
                />
            </Show>
        </section>
    }
}
