//! Asking before a run that may cost more than the user's threshold.
use consilium_engine::views::describe_estimate;
use consilium_engine::CostEstimate;
use leptos::prelude::*;

#[component]
pub fn CostConsent(
    estimate: CostEstimate,
    on_accept: Callback<()>,
    on_decline: Callback<()>,
) -> impl IntoView {
    view! {
        <div class="consent" role="alertdialog" aria-labelledby="consent-title" aria-describedby="consent-text">
            <h3 id="consent-title">"This run may cost more than your threshold"</h3>
            <p id="consent-text">{describe_estimate(&estimate)}</p>
            <div class="actions">
                <button class="primary" on:click=move |_| on_accept.run(())>"Run it"</button>
                <button class="secondary" on:click=move |_| on_decline.run(())>"Not now"</button>
            </div>
        </div>
    }
}
