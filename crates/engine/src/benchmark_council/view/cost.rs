//! What a benchmark is expected to cost, beside the most it may cost. The bound
//! (`benchmark_estimate`) counts every reply at its full `max_tokens` and every sample at a
//! debate call's size, as the budget needs; a run seldom comes near it (a 60-question run bounded
//! at $4.70 spent $0.53). The expected cost sends the same prompts, with replies of a typical
//! length, each sample at a round-1 call's size; once questions are done, the run's own spend per
//! step replaces it (`refined_total_usd`).
use crate::benchmark::progress::BenchmarkProgress;
use crate::benchmark_council::view::results::benchmark_estimate;
use crate::consult::estimate::estimate_cost;
use crate::foundation::money::format_usd;
use crate::foundation::participants::Participant;
use crate::harness::estimate::{CostEstimate, SearchEstimate};
use crate::material::web::seats_without_search;
use crate::record::benchmark::config::{BenchmarkConfig, BestSingle};
use crate::record::benchmark::question::Question;
use crate::record::consult::config::ConsultConfig;
use crate::record::consult::depth::Depth;
use crate::views::consent::{needs_consent, ConsentRequest};
use crate::views::costs::describe_search;

/// The length of a typical reply, in tokens: a structured answer with its rationale and key
/// points. Replies to the benchmark's questions (a short final answer asked for) are mostly
/// shorter; a reply is never counted longer than `max_tokens`.
pub const TYPICAL_REPLY_TOKENS: u32 = 400;

/// The two figures the consent dialog shows, in dollars (None: no priced participant).
#[derive(Clone, Debug, PartialEq)]
pub struct BenchmarkCost {
    pub expected_usd: Option<f64>,
    pub at_most_usd: Option<f64>,
    pub calls: u32,
    /// The web search fees at most, when the run searches: within both figures.
    pub search: Option<SearchEstimate>,
}

/// The expected cost and the bound of a benchmark of `questions` with `config`.
pub fn benchmark_cost(questions: &[Question], config: &BenchmarkConfig) -> BenchmarkCost {
    cost_within(questions, config, &benchmark_estimate(questions, config))
}

/// `benchmark_cost` and `benchmark_consent` from one estimate of each figure: what the form needs
/// when "Run the benchmark" is clicked. Each figure goes over every question's prompt, so asking
/// for the two apart went over them five times (a long task at 1,000 questions).
pub fn benchmark_cost_and_consent(
    questions: &[Question],
    config: &BenchmarkConfig,
    threshold_usd: f64,
) -> (BenchmarkCost, Option<ConsentRequest>) {
    let bound = benchmark_estimate(questions, config);
    let cost = cost_within(questions, config, &bound);
    let consent = consent_for(&bound, &cost, threshold_usd);
    (cost, consent)
}

/// The expected cost beside `bound`, the most the run may cost.
fn cost_within(
    questions: &[Question],
    config: &BenchmarkConfig,
    bound: &CostEstimate,
) -> BenchmarkCost {
    BenchmarkCost {
        expected_usd: expected_usd(questions, config),
        at_most_usd: bound.usd,
        calls: bound.calls,
        search: bound.search.clone(),
    }
}

/// Each question's consultation as the run asks it (Full depth, a final answer) with replies of
/// `TYPICAL_REPLY_TOKENS`, and k samples of the best single model at a round-1 call's size (the
/// panelists' mean while the best is to be chosen from them).
fn expected_usd(questions: &[Question], config: &BenchmarkConfig) -> Option<f64> {
    let mut council = config.council.clone();
    council.depth = Depth::Full;
    council.final_answer = true;
    let k = f64::from(estimate_cost("", &council).calls);
    council.max_tokens = council.max_tokens.min(TYPICAL_REPLY_TOKENS);
    let sampled: Vec<Participant> = match &config.best_single {
        BestSingle::Model { participant } => vec![(**participant).clone()],
        BestSingle::Auto => council.panelists.clone(),
    };
    let alone = ConsultConfig {
        panelists: sampled.clone(),
        stop_after_round: 1,
        ..council.clone()
    };
    let mut total: Option<f64> = None;
    for question in questions {
        let debate = estimate_cost(&question.text, &council).usd;
        let one_sample = estimate_cost(&question.text, &alone)
            .usd
            .map(|usd| usd / sampled.len().max(1) as f64);
        for usd in [debate, one_sample.map(|usd| usd * k)]
            .into_iter()
            .flatten()
        {
            *total.get_or_insert(0.0) += usd;
        }
    }
    total
}

/// "about $0.55 expected · at most $4.70", or the one that is known.
pub fn cost_line(cost: &BenchmarkCost) -> String {
    match (cost.expected_usd, cost.at_most_usd) {
        (Some(expected), Some(at_most)) => format!(
            "about {} expected · at most {}",
            format_usd(expected),
            format_usd(at_most.max(expected))
        ),
        (Some(expected), None) => format!("about {} expected", format_usd(expected)),
        (None, Some(at_most)) => format!("at most {}", format_usd(at_most)),
        (None, None) => "price unknown".to_string(),
    }
}

/// What the consent dialog says of the cost: the calls, both figures, and which is which; with
/// web search, its fees as a Consult's estimate says them (`describe_search`).
pub fn describe_benchmark_cost(cost: &BenchmarkCost) -> String {
    let mut text = format!(
        "{} calls: {}. The expected cost counts replies of a typical length; the most it may cost \
         counts every reply at its full length, and is what the budget holds to.",
        crate::foundation::counted::thousands(u64::from(cost.calls)),
        cost_line(cost)
    );
    if let Some(search) = &cost.search {
        text.push(' ');
        text.push_str(&describe_search(search));
    }
    text
}

/// While it runs: the expected cost in all, from the run's own spend per step once a step is done
/// (spent plus the pace's cost left), else the estimate before the start.
pub fn refined_total_usd(progress: &BenchmarkProgress, before_start: Option<f64>) -> Option<f64> {
    match progress.cost_left_usd {
        Some(left) if progress.steps_done > 0 => Some(progress.spent_usd + left),
        _ => before_start,
    }
}

/// Whether to ask before a benchmark (as for a Consult: its bound above the user's threshold, or
/// an unpriced participant), saying both figures and which is which.
pub fn benchmark_consent(
    questions: &[Question],
    config: &BenchmarkConfig,
    threshold_usd: f64,
) -> Option<ConsentRequest> {
    benchmark_cost_and_consent(questions, config, threshold_usd).1
}

/// The consent for a run whose bound is `bound` and whose figures are `cost`.
fn consent_for(
    bound: &CostEstimate,
    cost: &BenchmarkCost,
    threshold_usd: f64,
) -> Option<ConsentRequest> {
    let mut request = needs_consent(bound, threshold_usd)?;
    if let Some(at_most) = cost.at_most_usd.filter(|usd| *usd > threshold_usd) {
        // The bound's reason comes first (`needs_consent`).
        request.reasons[0] = match cost.expected_usd {
            Some(expected) => format!(
                "This run is expected to cost about {} and may cost at most {} (every reply at \
                 its full length), above your {} threshold.",
                format_usd(expected),
                format_usd(at_most),
                format_usd(threshold_usd)
            ),
            None => format!(
                "This run may cost at most {}, above your {} threshold.",
                format_usd(at_most),
                format_usd(threshold_usd)
            ),
        };
    }
    Some(request)
}

/// What the form says under "Search the web" when it is on: the seats that answer without search
/// (as a Consult names them) and the fees the run may pay ("Web search: 130 searching calls, up to
/// $6.50 in search fees (…)."; the form shows no estimate for them to be "included above").
/// None when the council does not search.
pub fn benchmark_search_line(questions: &[Question], config: &BenchmarkConfig) -> Option<String> {
    if !config.council.search_web {
        return None;
    }
    let fees = benchmark_estimate(questions, config)
        .search
        .map(|search| describe_search(&search).replace(", included above", ""));
    let without = seats_without_search(&config.council.panelists);
    let line: Vec<String> = [without, fees].into_iter().flatten().collect();
    (!line.is_empty()).then(|| line.join(" "))
}
