//! Asking before a run whose cost is above the user's threshold or cannot be trusted (a participant
//! has no price). The engine decides when and why (`views::needs_consent`); this only asks.
use leptos::prelude::*;

use crate::app::runs::start::PendingRun;

#[component]
pub fn CostConsent(
    pending: PendingRun,
    on_accept: Callback<()>,
    on_decline: Callback<()>,
) -> impl IntoView {
    let PendingRun {
        request, estimate, ..
    } = pending;
    view! {
        <div class="consent" role="alertdialog" aria-labelledby="consent-title" aria-describedby="consent-text">
            <h3 id="consent-title">{request.heading}</h3>
            <div id="consent-text">
                {request.reasons.into_iter().map(|reason| view! { <p class="consent-reason">{reason}</p> }).collect_view()}
                {estimate.map(|text| view! { <p class="muted">{text}</p> })}
            </div>
            <div class="actions">
                <button class="primary" on:click=move |_| on_accept.run(())>{request.accept}</button>
                <button class="secondary" on:click=move |_| on_decline.run(())>{request.decline}</button>
            </div>
        </div>
    }
}
