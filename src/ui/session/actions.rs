//! The session's action bar: one Share button and one Export menu (a native `<details>`: keyboard
//! operable without script, Escape closes it) listing what this protocol's session can be saved
//! as, and Print.
use crate::app::shown::ShownSession;
use consilium_engine::library::share::json_export_notice;
use consilium_engine::record::Session;
use leptos::html::Details;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use super::share_link::ShareLink;
use crate::app::thread::{in_a_thread, shared_thread, thread_with};
use crate::app::AppState;
use crate::platform::export::Export;

#[component]
pub fn SessionActions(session: ShownSession) -> impl IntoView {
    let live = expect_context::<AppState>().live;
    let protocol = session
        .with_untracked(|s| s.as_ref().map(Session::protocol))
        .expect("shown only with a session");
    let menu = NodeRef::<Details>::new();
    // Closes the menu and gives the focus back to its button.
    let close = move || {
        let Some(details) = menu.get_untracked() else {
            return;
        };
        details.set_open(false);
        if let Ok(Some(summary)) = details.query_selector("summary") {
            if let Some(summary) = summary.dyn_ref::<web_sys::HtmlElement>() {
                let _ = summary.focus();
            }
        }
    };
    let state = expect_context::<AppState>();
    let shared = shared_thread();
    let saved = move |export: Export, result: Result<(), String>, session: &Session| match result {
        // A review's backup keeps its code and context files verbatim, secrets included: say so.
        Ok(()) if export == Export::Json => {
            if let Some(notice) = json_export_notice(session) {
                live.notice.set(Some(notice));
            }
        }
        Ok(()) => {}
        Err(problem) => live.notice.set(Some(problem)),
    };
    let save = move |export: Export| {
        close();
        let Some(session) = session.get_untracked() else {
            return;
        };
        if !in_a_thread(state, shared.as_ref(), &session) {
            return saved(export, export.save(&session), &session);
        }
        // A thread's reports and JSON carry every turn.
        let shared = shared.clone();
        spawn_local(async move {
            let turns = thread_with(state, shared, session.clone()).await;
            saved(export, export.save_thread(&turns, &session), &session);
        });
    };
    let print = move |_| {
        close();
        let _ = window().print();
    };
    let on_key = move |ev: web_sys::KeyboardEvent| {
        let open = menu.get_untracked().is_some_and(|d| d.open());
        if ev.key() == "Escape" && open {
            ev.prevent_default();
            close();
        }
    };
    // Tabbing out of the open menu closes it.
    let on_focus_out = move |ev: web_sys::FocusEvent| {
        let Some(details) = menu.get_untracked() else {
            return;
        };
        let leaving = ev
            .related_target()
            .and_then(|t| t.dyn_into::<web_sys::Node>().ok())
            .is_some_and(|to| !details.contains(Some(&to)));
        if leaving {
            details.set_open(false);
        }
    };
    view! {
        <div class="actions session-actions">
            <details class="export-menu" node_ref=menu on:keydown=on_key on:focusout=on_focus_out>
                <summary>"Export"</summary>
                <ul>
                    {Export::of(protocol).into_iter().map(|export| view! {
                        <li><button type="button" on:click=move |_| save(export)>{export.label()}</button></li>
                    }).collect_view()}
                    <li><button type="button" on:click=print>"Print…"</button></li>
                </ul>
            </details>
            <ShareLink session=session />
        </div>
    }
}
