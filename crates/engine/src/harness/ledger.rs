//! What a session has cost, and the budget check made before every call.
//!
//! A call's worst case is its estimated input plus a full `max_tokens` reply at the participant's
//! price. A call is only made when that, plus what is spent, plus the worst case of calls already in
//! flight (the parallel rounds), stays within the budget. A participant without a price has an
//! unknown cost: it is counted in `unpriced_calls`, never as $0, and the budget cannot limit it.
//!
//! A reply's prompt tokens that the provider read from or wrote to its prompt cache are charged
//! at the price's cache rates, the rest at its input rate; what the cache saved against the input
//! rate is kept beside the spend. A cost the provider reported itself (OpenRouter) is taken as is.
use consilium_prices::CacheTokens;

use super::io::CallReply;
use crate::foundation::money::format_usd;
use crate::foundation::participants::Price;
use crate::foundation::tokens::estimate_tokens;
use crate::record::CostSummary;

/// The worst-case cost set aside for a call in flight; settled or released when it ends.
#[derive(Debug)]
#[must_use = "a reservation must be settled or released"]
pub struct Reservation {
    usd: f64,
}

#[derive(Clone, Debug)]
pub struct CostLedger {
    summary: CostSummary,
    reserved_usd: f64,
}

impl CostLedger {
    pub fn new(summary: CostSummary) -> Self {
        Self {
            summary,
            reserved_usd: 0.0,
        }
    }

    pub fn summary(&self) -> &CostSummary {
        &self.summary
    }

    /// Sets aside the call's worst case, or says why the call must not be made. The worst case
    /// reads nothing from a cache and writes all of `marked_tokens` (the opening the call marks
    /// for caching) at the provider's write price, when that is above its input price
    /// (Anthropic's 1.25x): a call that stores its prefix must not pass the budget.
    pub fn reserve(
        &mut self,
        call_id: &str,
        price: Option<Price>,
        input_tokens: u64,
        marked_tokens: u64,
        max_output_tokens: u32,
    ) -> Result<Reservation, String> {
        let worst_case = price.map_or(0.0, |p| {
            let plain = p.cost_usd(input_tokens, max_output_tokens.into());
            let written = CacheTokens {
                read: 0,
                written: marked_tokens.min(input_tokens),
            };
            plain.max(p.cost_with_cache_usd(input_tokens, max_output_tokens.into(), written))
        });
        if let Some(budget) = self.summary.budget_usd {
            let committed = self.summary.spent_usd + self.reserved_usd;
            if committed + worst_case > budget {
                return Err(format!(
                    "The budget of {} would be exceeded: {call_id} could cost up to {}, and {} is \
                     already spent or committed.",
                    format_usd(budget),
                    format_usd(worst_case),
                    format_usd(committed)
                ));
            }
        }
        self.reserved_usd += worst_case;
        Ok(Reservation { usd: worst_case })
    }

    /// Sets aside the most a searching call's search may cost beside its tokens' worst case, or
    /// says why the call must not be made.
    pub fn reserve_search(
        &mut self,
        reservation: &mut Reservation,
        call_id: &str,
        bound_usd: f64,
    ) -> Result<(), String> {
        if let Some(budget) = self.summary.budget_usd {
            let committed = self.summary.spent_usd + self.reserved_usd;
            if committed + bound_usd > budget {
                return Err(format!(
                    "The budget of {} would be exceeded: {call_id}'s web search could cost up to \
                     {}, and {} is already spent or committed.",
                    format_usd(budget),
                    format_usd(bound_usd),
                    format_usd(committed)
                ));
            }
        }
        self.reserved_usd += bound_usd;
        reservation.usd += bound_usd;
        Ok(())
    }

    /// A call's tokens' worst case and, when it searches, the most its search may cost
    /// (`search_bound_usd`), set aside together: neither when either does not fit.
    pub fn reserve_with_search(
        &mut self,
        call_id: &str,
        price: Option<Price>,
        input_tokens: u64,
        marked_tokens: u64,
        max_output_tokens: u32,
        search_bound_usd: Option<f64>,
    ) -> Result<Reservation, String> {
        let mut reservation = self.reserve(
            call_id,
            price,
            input_tokens,
            marked_tokens,
            max_output_tokens,
        )?;
        if let Some(bound) = search_bound_usd {
            if let Err(reason) = self.reserve_search(&mut reservation, call_id, bound) {
                self.release(reservation);
                return Err(reason);
            }
        }
        Ok(reservation)
    }

    /// Charges a call's web search fee.
    pub fn charge_search(&mut self, usd: f64) {
        self.summary.spent_usd += usd;
        self.summary.search_usd += usd;
    }

    /// The call ended without a reply: nothing is charged.
    pub fn release(&mut self, reservation: Reservation) {
        self.reserved_usd = (self.reserved_usd - reservation.usd).max(0.0);
    }

    /// Charges a reply and returns its cost (None = unknown): the provider's figure, else usage
    /// (reported, or estimated from the text) at the participant's price.
    pub fn settle(
        &mut self,
        reservation: Reservation,
        price: Option<Price>,
        reply: &CallReply,
        estimated_input_tokens: u64,
    ) -> Option<f64> {
        self.release(reservation);
        self.charge(price, reply, estimated_input_tokens)
    }

    /// Adds what a run of its own spent (a benchmark's consultation, which keeps its own ledger
    /// under what was left of this budget): its spend, tokens and unpriced calls since `before`.
    pub fn absorb(&mut self, before: &CostSummary, after: &CostSummary) {
        self.summary.spent_usd += (after.spent_usd - before.spent_usd).max(0.0);
        self.summary.input_tokens += after.input_tokens.saturating_sub(before.input_tokens);
        self.summary.output_tokens += after.output_tokens.saturating_sub(before.output_tokens);
        self.summary.unpriced_calls += after.unpriced_calls.saturating_sub(before.unpriced_calls);
        self.summary.cached_input_tokens += after
            .cached_input_tokens
            .saturating_sub(before.cached_input_tokens);
        self.summary.cache_write_tokens += after
            .cache_write_tokens
            .saturating_sub(before.cache_write_tokens);
        self.summary.cache_saved_usd += after.cache_saved_usd - before.cache_saved_usd;
        self.summary.search_usd += (after.search_usd - before.search_usd).max(0.0);
    }

    /// What is left of the budget after what is spent and set aside; None without a budget.
    pub fn left_usd(&self) -> Option<f64> {
        self.summary
            .budget_usd
            .map(|budget| (budget - self.summary.spent_usd - self.reserved_usd).max(0.0))
    }

    /// Charges what an attempt cost, reply or not (a cut stream's partial text), as `settle`; its
    /// call's reservation stays for the call's own outcome.
    pub fn charge(
        &mut self,
        price: Option<Price>,
        reply: &CallReply,
        estimated_input_tokens: u64,
    ) -> Option<f64> {
        let input_tokens = reply.input_tokens.unwrap_or(estimated_input_tokens);
        let output_tokens = reply
            .output_tokens
            .unwrap_or_else(|| estimate_tokens(&reply.text));
        let cache = cache_tokens(reply);
        self.summary.input_tokens += input_tokens;
        self.summary.output_tokens += output_tokens;
        self.summary.cached_input_tokens += cache.read;
        self.summary.cache_write_tokens += cache.written;
        self.summary.cache_saved_usd += cache_saving_usd(price, reply).unwrap_or(0.0);
        let cost = reply
            .cost_usd
            .or_else(|| price.map(|p| p.cost_with_cache_usd(input_tokens, output_tokens, cache)));
        match cost {
            Some(usd) => self.summary.spent_usd += usd,
            None => self.summary.unpriced_calls += 1,
        }
        cost
    }
}

/// What a reply's prompt took from or put in the provider's cache.
fn cache_tokens(reply: &CallReply) -> CacheTokens {
    CacheTokens {
        read: reply.cached_input_tokens,
        written: reply.cache_write_tokens,
    }
}

/// What the provider's cache saved on a reply against the price's input rate (negative when it
/// only paid for cache writes); None when nothing was cached or the price is unknown.
pub fn cache_saving_usd(price: Option<Price>, reply: &CallReply) -> Option<f64> {
    let cache = cache_tokens(reply);
    if cache == CacheTokens::default() {
        return None;
    }
    price.map(|p| p.cache_saving_usd(cache))
}
