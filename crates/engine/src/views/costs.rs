//! What a session cost, per participant and in total, for every protocol: from the call records.
use crate::foundation::counted::thousands;
use crate::foundation::ids::ParticipantId;
use crate::foundation::money::format_usd;
use crate::foundation::participants::Price;
use crate::harness::estimate::{CostEstimate, SearchEstimate};
use crate::record::CostSummary;
use crate::record::Session;

/// One row of the "participants, tokens and cost" table.
#[derive(Clone, Debug, PartialEq)]
pub struct ParticipantCost {
    pub participant_id: ParticipantId,
    pub label: String,
    pub provider_label: String,
    /// Call records (re-asks included, and calls the budget refused).
    pub calls: usize,
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// `$0.0012`, `$0.0012 + unknown`, `price unknown`, or `no cost` when no reply was charged;
    /// `-` in a demo of scripted seats (its header says "no cost", once).
    pub cost: String,
    /// Of `input_tokens`, those the provider read from its prompt cache.
    pub cached_input_tokens: u64,
    /// "cached: 1,920 tokens · saved $0.0004" when the provider's cache served (or stored) any of
    /// this participant's prompts; see [`cache_note`].
    pub cache_note: Option<String>,
}

/// Tokens and cost per participant, in the session's order of participants.
pub fn participant_costs(session: &Session) -> Vec<ParticipantCost> {
    let scripted = session.demo && session.participants.iter().all(|p| p.price.is_none());
    session
        .participants
        .iter()
        .map(|participant| {
            let calls: Vec<_> = session
                .calls
                .iter()
                .filter(|c| c.participant_id == participant.id)
                .collect();
            let charged: Vec<_> = calls.iter().filter(|c| c.reply_text.is_some()).collect();
            let priced: f64 = charged
                .iter()
                .filter_map(|c| c.cost_usd)
                .fold(0.0, |sum, c| sum + c);
            let any_priced = charged.iter().any(|c| c.cost_usd.is_some());
            let any_unpriced = charged.iter().any(|c| c.cost_usd.is_none());
            let cost = match (any_priced, any_unpriced) {
                // A demo's scripted seats have no price: its cost is said once, in the
                // session's header ("Demo · no cost"), not as "price unknown" here.
                _ if scripted => "-".to_string(),
                (true, true) => format!("{} + unknown", format_usd(priced)),
                (false, true) => "price unknown".to_string(),
                (true, false) => format_usd(priced),
                (false, false) => "no cost".to_string(),
            };
            let cached_input_tokens = calls.iter().map(|c| c.cached_input_tokens).sum();
            let cache_write_tokens = calls.iter().map(|c| c.cache_write_tokens).sum();
            let savings: Vec<f64> = calls.iter().filter_map(|c| c.cache_saved_usd).collect();
            let saved = (!savings.is_empty()).then(|| savings.iter().sum());
            ParticipantCost {
                participant_id: participant.id.clone(),
                label: participant.label.clone(),
                provider_label: participant.provider_label.clone(),
                calls: calls.len(),
                input_tokens: calls.iter().filter_map(|c| c.input_tokens).sum(),
                output_tokens: calls.iter().filter_map(|c| c.output_tokens).sum(),
                cost,
                cached_input_tokens,
                cache_note: cache_note(cached_input_tokens, cache_write_tokens, saved),
            }
        })
        .collect()
}

/// The header's cost line: "Spent $0.0036 of a $2.50 budget · of that, web search fees $0.02 · cached: 1,920 tokens · saved
/// $0.0004; 2 calls at unknown price, …".
pub fn cost_line(cost: &CostSummary) -> String {
    let mut text = format!("Spent {}", format_usd(cost.spent_usd));
    if let Some(budget) = cost.budget_usd {
        text.push_str(&format!(" of a {} budget", format_usd(budget)));
    }
    if cost.search_usd > 0.0 {
        text.push_str(&format!(
            " · of that, web search fees {}",
            format_usd(cost.search_usd)
        ));
    }
    if let Some(note) = session_cache_note(cost) {
        text.push_str(&format!(" · {note}"));
    }
    if cost.unpriced_calls > 0 {
        text.push_str(&format!(
            "; {} at unknown price, which the budget cannot limit (set prices in Settings)",
            crate::foundation::counted::counted(cost.unpriced_calls as usize, "call")
        ));
    }
    text
}

/// What the providers' caches did for a session: "cached: 12,345 tokens · saved $0.0021"; None
/// when no cache served or stored any prompt.
pub fn session_cache_note(cost: &CostSummary) -> Option<String> {
    let saved = (cost.cache_saved_usd != 0.0).then_some(cost.cache_saved_usd);
    cache_note(cost.cached_input_tokens, cost.cache_write_tokens, saved)
}

/// "cached: N tokens · saved $X" (prompt tokens read from a cache, and what that saved against the
/// input rate); "cache writes: N tokens · cost $X more" when prompts were only stored (Anthropic
/// charges a premium for that). The amount is left out when it is unknown or nothing.
pub fn cache_note(read: u64, written: u64, saved_usd: Option<f64>) -> Option<String> {
    let tokens = match (read, written) {
        (0, 0) => return None,
        (0, written) => format!("cache writes: {} tokens", thousands(written)),
        (read, _) => format!("cached: {} tokens", thousands(read)),
    };
    Some(match saved_usd {
        Some(usd) if usd > 0.0 => format!("{tokens} · saved {}", format_usd(usd)),
        Some(usd) if usd < 0.0 => format!("{tokens} · cost {} more", format_usd(-usd)),
        _ => tokens,
    })
}

/// A session's cost line: a demo's scripted participants cost nothing, and it says so.
pub fn session_cost_line(session: &Session) -> String {
    if session.demo {
        "Demo · no cost".to_string()
    } else {
        cost_line(&session.cost)
    }
}

/// The estimate shown before a run.
pub fn describe_estimate(estimate: &CostEstimate) -> String {
    let mut text = describe_calls(estimate);
    if estimate.cached_input_tokens > 0 {
        text.push_str(&format!(
            " It counts on about {} of the input tokens coming from the providers' prompt caches, \
             at their cache price: OpenAI, Gemini and DeepSeek serve a repeated opening from \
             their cache by themselves.",
            estimate.cached_input_tokens
        ));
    }
    if !estimate.unpriced_participants.is_empty() {
        text.push_str(&format!(
            " No price is known for {}, so the budget cannot limit them (set a price in Settings).",
            estimate.unpriced_participants.join(", ")
        ));
    }
    text
}

/// The estimate's first sentence alone (calls, tokens, cost): the consent dialog gives the
/// reason it asks once, in its own words, so it shows only this beside it.
pub fn describe_calls(estimate: &CostEstimate) -> String {
    let cost = match estimate.usd {
        Some(usd) => format!("about {}", format_usd(usd)),
        None => "price unknown".to_string(),
    };
    let calls = match estimate.calls_if_agreed {
        Some(agreed) => format!(
            "{} calls ({} if the panel agrees)",
            thousands(u64::from(estimate.calls)),
            thousands(u64::from(agreed))
        ),
        None if estimate.calls == 1 => "1 call".to_string(),
        None => format!("{} calls", thousands(u64::from(estimate.calls))),
    };
    let mut text = format!(
        "{calls}, about {} input and {} output tokens at most: {cost}.",
        thousands(estimate.input_tokens),
        thousands(estimate.output_tokens)
    );
    if let Some(search) = &estimate.search {
        text.push(' ');
        text.push_str(&describe_search(search));
    }
    text
}

/// The web search's part of the estimate, said in the consent too: "Web search: 4 searching
/// calls, up to $0.08 in search fees (Panelist 1, Panelist 2: $4 per 1,000 results, up to 5 a
/// call), included above."
pub fn describe_search(search: &SearchEstimate) -> String {
    let calls = crate::foundation::counted::counted(search.calls as usize, "searching call");
    let mut text = format!("Web search: {calls}");
    if !search.fees.is_empty() {
        text.push_str(&format!(
            ", up to {} in search fees ({}), included above",
            format_usd(search.usd),
            search.fees.join("; ")
        ));
    }
    text.push('.');
    if !search.unpriced.is_empty() {
        text.push_str(&format!(
            " No search fee is known for {}.",
            search.unpriced.join(", ")
        ));
    }
    text
}

/// A price the user types into the price table: a model id and two prices of zero or more (USD
/// per million input / output tokens). `Err` says what to type.
pub fn price_entry(model: &str, input: &str, output: &str) -> Result<(String, Price), String> {
    let name = model.trim();
    match (input.parse::<f64>(), output.parse::<f64>()) {
        (Ok(i), Ok(o)) if !name.is_empty() && i >= 0.0 && o >= 0.0 => {
            Ok((name.to_string(), Price::new(i, o)))
        }
        _ => Err("Type a model id and two prices of zero or more (USD per million tokens).".into()),
    }
}

/// A price with its cache rates, as the price table's form gives them: `price_entry`'s fields,
/// then the cache-read and cache-write prices, each blank for "at the input price".
pub fn price_entry_with_cache(
    model: &str,
    input: &str,
    output: &str,
    cache_read: &str,
    cache_write: &str,
) -> Result<(String, Price), String> {
    let (name, price) = price_entry(model, input, output)?;
    let rate = |typed: &str| -> Result<Option<f64>, String> {
        let typed = typed.trim();
        if typed.is_empty() {
            return Ok(None);
        }
        match typed.parse::<f64>() {
            Ok(usd) if usd >= 0.0 => Ok(Some(usd)),
            _ => Err(
                "A cache price is zero or more (USD per million tokens), or blank for the \
                      input price."
                    .into(),
            ),
        }
    };
    Ok((
        name,
        Price {
            cache_read_per_million: rate(cache_read)?,
            cache_write_per_million: rate(cache_write)?,
            ..price
        },
    ))
}

/// A model's price as the model pickers show it: "$2.50 in · $10.00 out per million tokens",
/// "free" when both are zero, "price unknown" without one (never $0).
pub fn price_per_million(price: Option<&Price>) -> String {
    match price {
        None => "price unknown".into(),
        Some(p) if p.input_per_million == 0.0 && p.output_per_million == 0.0 => "free".into(),
        Some(p) => format!(
            "{} in · {} out per million tokens",
            rate(p.input_per_million),
            rate(p.output_per_million)
        ),
    }
}

/// "$2.50", "$0.075", "$0.0001": cents, or the digits a cheap model's rate needs.
fn rate(usd: f64) -> String {
    let text = format!("{:.4}", usd.max(0.0));
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let fraction = fraction.trim_end_matches('0');
    format!("${whole}.{fraction:0<2}")
}
