//! Advanced settings: how runs go (tokens, timeouts, budgets, consent, hedging, the protocols'
//! thresholds), and when an unjudged decision is recalled.
use leptos::prelude::*;

use super::fields::{CheckSetting, NumberSetting};
use crate::settings::{
    parse_abstain_threshold, parse_budget, parse_consent_threshold, parse_debate_threshold,
    parse_hedge_after, parse_max_tokens, parse_reminder_days, parse_timeout, Settings,
};

pub fn budget_text(settings: &Settings) -> String {
    settings
        .budget_usd
        .map(|b| b.to_string())
        .unwrap_or_default()
}

#[component]
pub fn RunDefaults() -> impl IntoView {
    view! {
        <h3>"Runs and budgets"</h3>
        <div class="grid">
            <NumberSetting label="Ask before runs estimated above (USD)" min="0" step="0.05"
                parse=parse_consent_threshold set=|s, v| s.consent_threshold_usd = v shown=|s| s.consent_threshold_usd.to_string() />
            <NumberSetting label="Budget per session (USD, empty for none)" min="0" step="0.10"
                parse=parse_budget set=|s, v| s.budget_usd = v shown=budget_text />
            <NumberSetting label="Max tokens per reply" min="64" step="64"
                parse=parse_max_tokens set=|s, v| s.max_tokens = v shown=|s| s.max_tokens.to_string() />
            <NumberSetting label="Give up on a silent call after (seconds)" min="5" step="5"
                parse=parse_timeout set=|s, v| s.timeout_secs = v shown=|s| s.timeout_secs.to_string() />
            <CheckSetting label="Verbose by default (no artifact filtering, higher token cost)"
                get=|s| s.verbose set=|s, v| s.verbose = v />
            <CheckSetting label="Search the web in new consults (each provider's own search, priced per use; local servers answer without it)"
                get=|s| s.search_web set=|s, v| s.search_web = v />
        </div>
        <h3>"Backup models (hedging)"</h3>
        <div class="grid">
            <NumberSetting label="Ask a seat's backup model when it has sent no text after (seconds)" min="1" step="1"
                parse=parse_hedge_after set=|s, v| s.hedge_after_secs = v shown=|s| s.hedge_after_secs.to_string() />
            <CheckSetting label="Adapt the backup deadline to each provider's speed (2 x its median time to first text)"
                get=|s| s.hedge_adaptive set=|s, v| s.hedge_adaptive = v />
        </div>
        <h3>"Outcomes"</h3>
        <div class="grid">
            <NumberSetting label="Recall decisions not judged after (days, 0 for never)" min="0" max="365" step="1"
                parse=parse_reminder_days set=|s, v| s.outcome_reminder_days = v shown=|s| s.outcome_reminder_days.to_string() />
        </div>
        <h3>"Review and Prioritize"</h3>
        <div class="grid">
            <NumberSetting label="Reviewers abstain below this confidence (%)" min="0" max="100" step="5"
                parse=parse_abstain_threshold set=|s, v| s.abstain_threshold = v shown=|s| (s.abstain_threshold * 100.0).round().to_string() />
            <NumberSetting label="Debate a backlog of more than this many opportunities (else rank by score)" min="0" max="100" step="1"
                parse=parse_debate_threshold set=|s, v| s.debate_threshold = v shown=|s| s.debate_threshold.to_string() />
        </div>
    }
}
