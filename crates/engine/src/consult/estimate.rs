//! What a consultation will cost at most, shown before it runs.
//!
//! Round 1 prompts are built for real. Later prompts are built around empty placeholder artifacts,
//! and each artifact they embed is counted as a full `max_tokens` reply, the most a model can write.
//! A filtered artifact is counted as a share of that: an artifact is taken as three equal parts, its
//! two filtered arrays and the rest, each array part scaled by the items its limit keeps out of the
//! schema's `maxItems`. Verbose mode counts artifacts whole. Re-asks are not included.
//!
//! A later call of a seat that opens with its earlier call's prefix (`consult::caching`) is
//! counted with that prefix at the cache-read rate, only where the provider caches a repeated
//! prefix by itself (`caching::caches_automatically`) and the prefix reaches its minimum; the
//! estimate says so. A call that marks its opening for the cache is counted as writing it, at the
//! provider's write price (Anthropic's 1.25x): the estimate is never below what is billed. The
//! budget's reservation before each call counts no cache read, and a marked opening as written.

use crate::consult::caching::{self, automatic_cache_min_tokens};
use crate::foundation::ids::ParticipantId;
use crate::foundation::participants::Participant;
use crate::foundation::timestamp::rfc3339_utc;
use crate::foundation::tokens::estimate_tokens;
use crate::harness::estimate::{CostEstimate, SearchEstimate};
use crate::record::consult::artifacts::{
    ArtifactEnvelope, ArtifactKind, CrossExamArtifact, IndependentArtifact, SynthesisArtifact,
    CROSS_EXAM, INDEPENDENT, MAX_CHALLENGES, MAX_CONSENSUS_POINTS, MAX_REBUTTALS, MAX_TENSIONS,
    SYNTHESIS,
};
use crate::record::consult::body::ConsultBody;
use crate::record::consult::config::ConsultConfig;
use crate::record::consult::depth::Depth;
use crate::record::consult::follow_up::FollowUpOf;
use crate::{
    consult::material::with_material,
    consult::prompts::{self, Detail},
    harness::prompt::Prompt,
    material::seats::sees_images,
};
use consilium_prices::CacheTokens;
use consilium_providers::{SearchFee, SearchUnit, WebSearch};

pub fn estimate_cost(question: &str, config: &ConsultConfig) -> CostEstimate {
    estimate_following(question, config, None)
}

/// The estimate of the consult `body` asks, with what its prompts carry beyond the question: a
/// follow-up's earlier question and decision and the thread's turns before it (rounds 1 and 4), or
/// a member's one call with the thread and its own earlier answers.
pub fn estimate_turn(question: &str, body: &ConsultBody) -> CostEstimate {
    match (&body.member_turn, body.config.panelists.first()) {
        (Some(member), Some(panelist)) => {
            let thread = body.follows.clone().unwrap_or_default();
            let prompt = prompts::member_alone(question, panelist, &thread, member);
            one_call(&body.config, panelist, prompt.estimated_tokens())
        }
        _ => estimate_following(question, &body.config, body.follows.as_ref()),
    }
}

/// One call of `participant` with `input_tokens` of prompt and a full `max_tokens` reply.
fn one_call(config: &ConsultConfig, participant: &Participant, input_tokens: u64) -> CostEstimate {
    let max_tokens = u64::from(config.max_tokens);
    let usd = participant
        .price
        .map(|price| price.cost_usd(input_tokens, max_tokens));
    let unpriced_participants = if usd.is_none() {
        vec![participant.label.clone()]
    } else {
        Vec::new()
    };
    CostEstimate {
        calls: 1,
        input_tokens,
        output_tokens: max_tokens,
        usd,
        worst_case_usd: usd,
        unpriced_participants,
        verbose: config.verbose,
        cached_input_tokens: 0,
        calls_if_agreed: None,
        search: None,
    }
}

fn estimate_following(
    question: &str,
    config: &ConsultConfig,
    follows: Option<&FollowUpOf>,
) -> CostEstimate {
    // The rounds the depth may ask (Vote never cross-examines), never past where the user stops.
    let last_round = config.last_round();
    let max_tokens = u64::from(config.max_tokens);
    let structured = config.structured_output;
    let panel = config.panelists.len() as u64;
    let all_answers = panel * max_tokens;
    let limits = &config.filter_limits;
    let (synthesis_r3, synthesis_r4, cross_exam_r4) = if config.verbose {
        (max_tokens, max_tokens, max_tokens)
    } else {
        let r4 = limits.round4;
        (
            filtered_share(
                max_tokens,
                limits.round3.consensus_points,
                limits.round3.tensions,
                SYNTHESIS_ARRAYS,
            ),
            filtered_share(
                max_tokens,
                r4.consensus_points,
                r4.tensions,
                SYNTHESIS_ARRAYS,
            ),
            filtered_share(max_tokens, r4.challenges, r4.rebuttals, CROSS_EXAM_ARRAYS),
        )
    };
    let answers: Vec<IndependentArtifact> = config
        .panelists
        .iter()
        .map(|p| placeholder_answer(&p.id))
        .collect();
    let synthesis = placeholder_synthesis();
    let cross_exam = placeholder_cross_exam();

    // (who calls, input tokens, of them read from or written to the cache) for every call the
    // run will make.
    let mut calls: Vec<(&Participant, u64, CacheTokens)> = Vec::new();
    for panelist in &config.panelists {
        let prompt =
            prompts::independent(question, panelist, structured, config.final_answer, follows);
        let (material, cached) = material_tokens(config, 1, panelist, prompt.clone());
        let cache = cache_with_material(config, 1, panelist, &prompt, 0, cached);
        calls.push((panelist, prompt.estimated_tokens() + material, cache));
    }
    if last_round >= 2 {
        let prompt = prompts::synthesis(question, &answers, structured);
        let (material, cached) = material_tokens(config, 2, &config.judge, prompt.clone());
        // The synthesis opens with every round-1 answer, as the verdict will.
        let cache = cache_with_material(config, 2, &config.judge, &prompt, all_answers, cached);
        calls.push((
            &config.judge,
            prompt.estimated_tokens() + all_answers + material,
            cache,
        ));
    }
    if last_round >= 3 {
        for (panelist, answer) in config.panelists.iter().zip(&answers) {
            let prompt = prompts::cross_exam(
                question,
                panelist,
                answer,
                &synthesis,
                Detail::Full,
                structured,
            );
            let (material, cached) = material_tokens(config, 3, panelist, prompt.clone());
            let cache = cache_with_material(config, 3, panelist, &prompt, 0, cached);
            calls.push((
                panelist,
                prompt.estimated_tokens() + max_tokens + synthesis_r3 + material,
                cache,
            ));
        }
        // The judge reads every challenge and defence: at most every reply in full; with
        // material, after the material its synthesis put in the judge model's cache.
        let prompt = prompts::cross_exam_judgment(question, &[], &[], structured);
        let (material, cached) = material_tokens(config, 3, &config.judge, prompt.clone());
        let cache = if config.material.is_empty() {
            CacheTokens::default()
        } else {
            cache_with_material(config, 3, &config.judge, &prompt, 0, cached)
        };
        calls.push((
            &config.judge,
            prompt.estimated_tokens() + all_answers + material,
            cache,
        ));
    }
    if last_round >= 4 {
        let prompt = prompts::verdict(
            question,
            &answers,
            &synthesis,
            &synthesis,
            &cross_exam,
            Detail::Full,
            structured,
            config.final_answer,
            follows,
        );
        let embedded = all_answers + synthesis_r4 + cross_exam_r4;
        // The verdict opens with every round-1 answer, as the synthesis did.
        let (material, cached) = material_tokens(config, 4, &config.judge, prompt.clone());
        let cache = cache_with_material(config, 4, &config.judge, &prompt, all_answers, cached);
        calls.push((
            &config.judge,
            prompt.estimated_tokens() + embedded + material,
            cache,
        ));
    }

    let mut unpriced_participants: Vec<String> = Vec::new();
    let mut usd = None;
    let mut worst_case_usd = None;
    for (participant, input_tokens, cache) in &calls {
        match participant.price {
            Some(price) => {
                *usd.get_or_insert(0.0) +=
                    price.cost_with_cache_usd(*input_tokens, max_tokens, *cache);
                let unread = CacheTokens {
                    read: 0,
                    written: cache.written,
                };
                *worst_case_usd.get_or_insert(0.0) +=
                    price.cost_with_cache_usd(*input_tokens, max_tokens, unread);
            }
            None if !unpriced_participants.contains(&participant.label) => {
                unpriced_participants.push(participant.label.clone());
            }
            None => {}
        }
    }
    // The searches' fees are billed beside the tokens, whatever the cache does.
    let search = search_estimate(config);
    if let Some(search) = search.as_ref().filter(|s| s.usd > 0.0) {
        *usd.get_or_insert(0.0) += search.usd;
        *worst_case_usd.get_or_insert(0.0) += search.usd;
    }
    // Adaptive stops after the synthesis when the panel agrees: its answers and the synthesis.
    let calls_if_agreed = (config.depth == Depth::Adaptive && last_round > 2 && !config.is_alone())
        .then(|| config.panelists.len() as u32 + 1);
    CostEstimate {
        calls: calls.len() as u32,
        calls_if_agreed,
        input_tokens: calls.iter().map(|(_, tokens, _)| tokens).sum(),
        output_tokens: calls.len() as u64 * max_tokens,
        usd,
        worst_case_usd,
        unpriced_participants,
        verbose: config.verbose,
        cached_input_tokens: calls.iter().map(|(_, _, cache)| cache.read).sum(),
        search,
    }
}

/// The web search a searching council may pay for (docs/design.md, "Sources from the web"): each
/// panelist that can search, in round 1 and, when the depth may cross-examine, round 3 (the
/// synthesis and the verdict never search), at its provider's fee for the most one call may
/// search. None when the council does not search or no seat can.
fn search_estimate(config: &ConsultConfig) -> Option<SearchEstimate> {
    if !config.search_web {
        return None;
    }
    let rounds: u32 = if config.last_round() >= 3 { 2 } else { 1 };
    let asked = WebSearch::default();
    let mut estimate = SearchEstimate {
        calls: 0,
        usd: 0.0,
        fees: Vec::new(),
        unpriced: Vec::new(),
    };
    // (fee in words, the seats paying it), in the council's order.
    let mut fees: Vec<(String, Vec<String>)> = Vec::new();
    for panelist in &config.panelists {
        let Some(search) = panelist.web_search else {
            continue;
        };
        estimate.calls += rounds;
        let Some(fee) = search.fee else {
            estimate.unpriced.push(panelist.label.clone());
            continue;
        };
        estimate.usd += f64::from(rounds) * fee.bound_usd(asked);
        let words = fee_words(&fee, asked);
        match fees.iter_mut().find(|(w, _)| *w == words) {
            Some((_, seats)) => seats.push(panelist.label.clone()),
            None => fees.push((words, vec![panelist.label.clone()])),
        }
    }
    estimate.fees = fees
        .into_iter()
        .map(|(words, seats)| format!("{}: {words}", seats.join(", ")))
        .collect();
    (estimate.calls > 0).then_some(estimate)
}

/// "$4 per 1,000 results, up to 5 a call", "$10 per 1,000 calls".
pub fn fee_words(fee: &SearchFee, asked: WebSearch) -> String {
    let (unit, counted) = match fee.unit {
        SearchUnit::Result => ("results", true),
        SearchUnit::Search => ("searches", true),
        SearchUnit::Query => ("queries", true),
        SearchUnit::Call => ("calls", false),
        SearchUnit::GroundedPrompt => ("grounded prompts", false),
    };
    let per_thousand = fee.usd_per_unit * 1000.0;
    let price = if (per_thousand - per_thousand.round()).abs() < 1e-9 {
        format!("${per_thousand:.0}")
    } else {
        format!("${per_thousand:.2}")
    };
    if counted {
        format!("{price} per 1,000 {unit}, up to {} a call", asked.max_uses)
    } else {
        format!("{price} per 1,000 {unit}")
    }
}

/// What the consult's material adds to a call of `round` by `seat` (its text as the prompt carries
/// it, and the images the seat sees), and of the call's tokens those expected from the provider's
/// cache: the instructions and the material, when the call takes part and the provider caches by
/// itself. (0, 0) without material.
fn material_tokens(
    config: &ConsultConfig,
    round: u8,
    seat: &Participant,
    prompt: Prompt,
) -> (u64, u64) {
    if config.material.is_empty() {
        return (0, 0);
    }
    let before = prompt.estimated_tokens();
    let carried = with_material(prompt, &config.material, seat);
    let images: u64 = config
        .material
        .iter()
        .filter(|s| s.is_image() && sees_images(seat))
        .map(|s| u64::from(s.tokens))
        .sum();
    let added = carried.estimated_tokens().saturating_sub(before) + images;
    let cached = if caching::reads_material_cache(config, round, seat) {
        let opening =
            estimate_tokens(&carried.system) + estimate_tokens(carried.shared_prefix()) + images;
        let minimum = automatic_cache_min_tokens(&seat.model);
        if minimum.is_some_and(|minimum| opening >= minimum) {
            opening
        } else {
            0
        }
    } else {
        0
    };
    (added, cached)
}

/// A call's cache use: with material, what it reads of the material's cached prefix
/// (`material_tokens`); without, its seat's opening (`cache_use`).
fn cache_with_material(
    config: &ConsultConfig,
    round: u8,
    participant: &Participant,
    prompt: &Prompt,
    embedded: u64,
    material_cached: u64,
) -> CacheTokens {
    if config.material.is_empty() {
        cache_use(config, round, participant, prompt, embedded)
    } else {
        CacheTokens {
            read: material_cached,
            written: 0,
        }
    }
}

/// What a round's call reads from or writes to its seat's prompt cache, counted so the estimate
/// is never below what the providers bill. A call that takes part opens with its seat's opening
/// (system prompt and `prompt`'s shared prefix, `embedded` more for the artifacts the
/// placeholders stand for). A later call (rounds 3 and 4) reads it where the provider caches by
/// itself and the opening reaches its minimum. Every other call that takes part is counted as
/// writing it: Anthropic bills a marked prefix at its write price (1.25x the input price) when it
/// stores it, and its reads are never counted on; a provider with no write premium bills a write
/// at its input price, so counting one there changes nothing.
fn cache_use(
    config: &ConsultConfig,
    round: u8,
    participant: &Participant,
    prompt: &Prompt,
    embedded: u64,
) -> CacheTokens {
    if !caching::takes_part(config, round) {
        return CacheTokens::default();
    }
    let opening = estimate_tokens(&prompt.system) + estimate_tokens(prompt.shared_prefix());
    let opening = opening + embedded;
    let reads = round >= 3
        && automatic_cache_min_tokens(&participant.model).is_some_and(|minimum| opening >= minimum);
    if reads {
        CacheTokens {
            read: opening,
            written: 0,
        }
    } else {
        CacheTokens {
            read: 0,
            written: opening,
        }
    }
}

/// The `maxItems` of an artifact's two filtered arrays.
const SYNTHESIS_ARRAYS: (u32, u32) = (MAX_CONSENSUS_POINTS, MAX_TENSIONS);
const CROSS_EXAM_ARRAYS: (u32, u32) = (MAX_CHALLENGES, MAX_REBUTTALS);

fn filtered_share(max_tokens: u64, first_limit: u32, second_limit: u32, arrays: (u32, u32)) -> u64 {
    let kept = |limit: u32, max_items: u32| f64::from(limit.min(max_items)) / f64::from(max_items);
    let parts = kept(first_limit, arrays.0) + kept(second_limit, arrays.1) + 1.0;
    (max_tokens as f64 * parts / 3.0).ceil() as u64
}

fn placeholder_envelope(kind: ArtifactKind) -> ArtifactEnvelope {
    ArtifactEnvelope::new(kind, rfc3339_utc(0))
}

fn placeholder_answer(agent_id: &ParticipantId) -> IndependentArtifact {
    IndependentArtifact {
        citations: Vec::new(),
        envelope: placeholder_envelope(INDEPENDENT),
        agent_id: agent_id.clone(),
        position: String::new(),
        key_points: Vec::new(),
        rationale: String::new(),
        confidence: 0.0,
        final_answer: None,
        free_text: false,
    }
}

fn placeholder_synthesis() -> SynthesisArtifact {
    SynthesisArtifact {
        envelope: placeholder_envelope(SYNTHESIS),
        consensus_points: Vec::new(),
        tensions: Vec::new(),
        priority_order: Vec::new(),
    }
}

fn placeholder_cross_exam() -> CrossExamArtifact {
    CrossExamArtifact {
        envelope: placeholder_envelope(CROSS_EXAM),
        challenges: Vec::new(),
        rebuttals: Vec::new(),
        unresolved: Vec::new(),
    }
}
