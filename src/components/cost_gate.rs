//! Asking before a run that may cost more than the user's threshold.
use consilium_engine::CostEstimate;
use leptos::prelude::*;

pub fn format_usd(usd: f64) -> String {
    if usd < 0.01 {
        format!("${usd:.4}")
    } else {
        format!("${usd:.2}")
    }
}

pub fn describe_estimate(estimate: &CostEstimate) -> String {
    let cost = match estimate.usd {
        Some(usd) => format!("about {}", format_usd(usd)),
        None => "price unknown".to_string(),
    };
    let mut text = format!(
        "{} calls, about {} input and {} output tokens at most: {cost}.",
        estimate.calls, estimate.input_tokens, estimate.output_tokens
    );
    if !estimate.unpriced_participants.is_empty() {
        text.push_str(&format!(
            " No price is known for {}, so the budget cannot limit them (set a price in Settings).",
            estimate.unpriced_participants.join(", ")
        ));
    }
    text
}

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
