//! A failed run's one banner: the problem named once (the engine's `failure_report` groups the
//! calls that failed alike), what happened to the run, how to fix it, and the actions that help:
//! open the provider's settings, check its connection, resume or discard. The full reason and each failed call
//! are kept under Details.
use crate::app::shown::ShownSession;
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::views::health::Health;
use consilium_engine::{
    resume::ResumeOffer, views::failure::FailureReport, views::failure::ProviderRef,
    views::session::failed_calls,
};
use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;

use crate::app::{AppState, Route};

#[component]
pub fn FailureBanner(
    report: FailureReport,
    session: ShownSession,
    offer: Memo<Option<ResumeOffer>>,
    resume: Callback<()>,
    discard: Callback<()>,
) -> impl IntoView {
    let main = report.problems.first().cloned();
    let others: Vec<_> = report.problems.iter().skip(1).cloned().collect();
    let outcome = report.summary_line();
    let advice = main.as_ref().map(|p| p.advice.clone()).unwrap_or_default();
    let fixes = report
        .providers
        .iter()
        .cloned()
        .map(|provider| view! { <ProviderFix provider=provider /> })
        .collect_view();
    // A run that stopped on the problem is an error; one that finished without some replies, a
    // warning.
    let class = if report.stopped {
        "failure-banner interrupted"
    } else {
        "failure-banner finished-without"
    };
    let reason = (!report.reason.is_empty()).then(|| report.reason.clone());
    // The live run may have followed a round far below: the problem is what to read now, so the
    // banner comes into view when it appears (a session opened from History starts there anyway).
    let banner = NodeRef::<leptos::html::Section>::new();
    Effect::new(move |_| {
        if let Some(section) = banner.get() {
            request_animation_frame(move || {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                section.scroll_into_view_with_scroll_into_view_options(&options);
            });
        }
    });
    view! {
        <section class=class aria-labelledby="failure-title" node_ref=banner>
            <div role="alert">
                <h3 id="failure-title">{report.headline().to_string()}</h3>
                {(!outcome.is_empty()).then(|| view! { <p class="failure-outcome">{outcome}</p> })}
            </div>
            {(!advice.is_empty()).then(|| view! { <p class="failure-advice model-text">{advice}</p> })}
            {(!others.is_empty()).then(|| view! {
                <ul class="other-problems">
                    {others.into_iter().map(|p| view! {
                        <li><strong>{p.headline.clone()}</strong>". " {p.affected_line()}</li>
                    }).collect_view()}
                </ul>
            })}
            <div class="actions">
                {fixes}
                {move || offer.get().map(|offer| view! {
                    <button class="secondary" on:click=move |_| resume.run(())>
                        {offer.action()}
                    </button>
                    <button class="secondary" on:click=move |_| discard.run(())>"Discard it"</button>
                })}
            </div>
            <details class="failure-details">
                <summary>"Details"</summary>
                {reason.map(|reason| view! { <p class="error failure">{reason}</p> })}
                <FailedCalls session=session />
            </details>
        </section>
    }
}

/// "Open X settings" and "Check X" for one provider the failed calls went to, with the check's
/// one line beside them (the same check as Settings' "Check connection").
#[component]
fn ProviderFix(provider: ProviderRef) -> impl IntoView {
    let state = expect_context::<AppState>();
    let asked = RwSignal::new(false);
    let known = state
        .settings
        .with_untracked(|s| s.provider(&provider.id).is_some());
    let id = provider.id.clone();
    let open_settings = move |_| {
        state.go(Route::Settings);
        focus_provider_card(id.clone(), 20);
    };
    let id = provider.id.clone();
    let health = Memo::new(move |_| state.settings.with(|s| state.health.of_id(s, &id)));
    let id = provider.id.clone();
    let check = move |_| {
        let Some(settings) = state.settings.with_untracked(|s| s.provider(&id).cloned()) else {
            return;
        };
        asked.set(true);
        state.health.check(state.settings, settings);
    };
    let label = provider.label.clone();
    view! {
        <button class="primary" on:click=open_settings>
            {if known { format!("Open {label} settings") } else { "Open Settings".to_string() }}
        </button>
        {known.then(|| view! {
            <button class="secondary" on:click=check disabled=move || health.with(|h| *h == Health::Checking)>
                {format!("Check {}", provider.label)}
            </button>
        })}
        <p class="status provider-test" role="status">{move || asked.get().then(|| health.with(Health::line))}</p>
    }
}

/// Brings the provider's card into view on the Settings page once it is drawn, with the focus on
/// its first field.
fn focus_provider_card(id: ProviderId, tries: u8) {
    set_timeout(
        move || {
            let selector = format!(
                ".provider-card[data-provider-id=\"{}\"]",
                id.as_str().replace('"', "")
            );
            match document().query_selector(&selector).ok().flatten() {
                Some(card) => {
                    card.scroll_into_view();
                    if let Ok(Some(field)) = card.query_selector("input") {
                        if let Some(field) = field.dyn_ref::<web_sys::HtmlElement>() {
                            let _ = field.focus();
                        }
                    }
                }
                None if tries > 0 => focus_provider_card(id, tries - 1),
                None => {}
            }
        },
        Duration::from_millis(50),
    );
}

/// Calls that did not give a usable reply, each with what the model sent; new ones are added
/// without closing the ones already open.
#[component]
pub fn FailedCalls(session: ShownSession) -> impl IntoView {
    let failed = Memo::new(move |_| {
        session
            .with(|s| s.as_ref().map(failed_calls))
            .unwrap_or_default()
    });
    view! {
        <Show when=move || failed.with(|f| !f.is_empty())>
            <section class="failed-calls">
                <h4>"Calls that failed"</h4>
                <ul>
                    <For each=move || failed.get() key=|failed| (failed.index, failed.call.call_id.clone()) let:item>
                        {
                            let (who, call) = (item.label, item.call);
                            let raw = call.reply_text.clone().filter(|t| !t.is_empty());
                            view! {
                                <li data-call-id=call.call_id.clone()>
                                    <strong>{who}</strong> " (round " {call.round} "): " {call.error.clone().unwrap_or_default()}
                                    {raw.map(|text| view! { <details><summary>"What the model sent"</summary><pre class="stream">{text}</pre></details> })}
                                </li>
                            }
                        }
                    </For>
                </ul>
            </section>
        </Show>
    }
}
