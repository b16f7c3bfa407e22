//! Which of a consult's calls take part in their seat's prompt cache (docs/design.md, "Depth by
//! need: convene only when in doubt"). Every call of a seat opens with the same bytes (`prompts`);
//! a call takes part when a later call of the same seat will read that opening, or when it is that
//! later call:
//! - a panelist's round 1, when round 3 is to run (its cross-examination reads it), and round 3;
//! - the judge's synthesis, when the verdict is to run, and the verdict. Without material the
//!   judge's round-3 judgment opens with the question alone and stays a one-off.
//!
//! A call that takes part gets `CallRequest::prompt_cache_key`: OpenAI then routes the seat's calls
//! to the same cache, and Anthropic is asked to cache the opening (a write costs 25% more there,
//! so a prefix nobody will read is never marked). Without material, with structured output every
//! round sends a schema of its own, which OpenAI puts before the system message and Anthropic
//! renders (as a tool) before the system prompt: no round could read another's prefix, so no call
//! takes part.
//!
//! With material (`consult::material`) every seat's calls open with the same instructions and
//! material, so the prefix is the model's, not the seat's: a call takes part when another call
//! of the run on the same model carries the same opening. With structured output on, every call
//! of such a consult sends one schema (`reply_envelope`), so the schema, rendered first, keeps
//! the opening the same across rounds. A step's calls (a round's panel, or one judge call) go at
//! once, so they read only what earlier steps on their model wrote, except where the panel is
//! staggered (`staggered`): the first call on a model goes ahead and the others follow once it
//! has begun answering, reading what it wrote (`scripts/bench-material.sh` measures the layouts).
use crate::consult::material::{with_material, MATERIAL_SYSTEM};
use crate::foundation::participants::Participant;
use crate::foundation::tokens::estimate_tokens;
use crate::harness::prompt::Prompt;
use crate::material::render::material_block;
use crate::material::seats::sees_images;
use crate::record::consult::config::ConsultConfig;
use consilium_providers::anthropic_minimum_cacheable_tokens;

/// Whether a call of `round` takes part in its seat's prompt cache. Decided by the last round
/// the depth may ask (`ConsultConfig::last_round`), not by where the user stops alone: Vote never
/// cross-examines and a model alone asks round 1 only, so marking their prompts would buy a
/// cache write (1.25x at Anthropic) that nothing reads.
pub fn takes_part(config: &ConsultConfig, round: u8) -> bool {
    if config.structured_output {
        return false;
    }
    let last_round = config.last_round();
    match round {
        1 => last_round >= 3,
        2 => last_round >= 4,
        3 | 4 => true,
        _ => false,
    }
}

/// A step of the run: its round and whether it is the judge's call (in round 3 the judge's
/// judgment follows the panel's cross-examination). A step's calls go at once.
type Step = (u8, bool);

fn step(config: &ConsultConfig, round: u8, seat: &Participant) -> Step {
    (round, seat.id == config.judge.id)
}

fn same_model(a: &Participant, b: &Participant) -> bool {
    a.model == b.model && a.provider_id == b.provider_id
}

/// Whether a call of `round` by `seat`, carrying the consult's material, takes part in its
/// model's prompt cache: another call of the run on the same model opens with the same bytes and
/// reads what this one writes, or wrote what this one reads.
pub fn takes_part_with_material(config: &ConsultConfig, round: u8, seat: &Participant) -> bool {
    let own = step(config, round, seat);
    let staggered = staggered(config, round, seat);
    material_calls(config)
        .iter()
        .filter(|(_, other)| same_model(other, seat))
        .any(|(other_step, other)| *other_step != own || (staggered && other.id != seat.id))
}

/// Whether a call of `round` by `seat` can read the material from its model's cache: a call of an
/// earlier step on the model wrote it, or the panel is staggered and an earlier panelist on the
/// model went ahead of it.
pub fn reads_material_cache(config: &ConsultConfig, round: u8, seat: &Participant) -> bool {
    if !takes_part_with_material(config, round, seat) {
        return false;
    }
    if earlier_step_on_model(config, round, seat) {
        return true;
    }
    staggered(config, round, seat)
        && config
            .panelists
            .iter()
            .take_while(|p| p.id != seat.id)
            .any(|p| same_model(p, seat))
}

/// Whether a panelist's call of `round` is sent behind the panel's first call on its model
/// (`CallPlan::staggered`): the material is big enough for the provider to cache it, another
/// panelist of the round is on the model, and no earlier step on the model has written the
/// prefix (then every call of the round reads it at once, and holding one would only add
/// latency). The judge's calls are one to a step.
pub fn staggered(config: &ConsultConfig, round: u8, seat: &Participant) -> bool {
    let panel_round = material_calls(config)
        .iter()
        .any(|(step, _)| *step == (round, false));
    panel_round
        && seat.id != config.judge.id
        && config
            .panelists
            .iter()
            .any(|p| p.id != seat.id && same_model(p, seat))
        && !earlier_step_on_model(config, round, seat)
        && material_is_cached(config, seat)
}

fn earlier_step_on_model(config: &ConsultConfig, round: u8, seat: &Participant) -> bool {
    let own = step(config, round, seat);
    material_calls(config)
        .iter()
        .any(|(other_step, other)| *other_step < own && same_model(other, seat))
}

/// Whether the opening every call on `seat`'s model shares (the instructions, the material and
/// the images it sees) reaches the smallest prefix its provider caches: by itself
/// (`automatic_cache_min_tokens`), or marked, for Anthropic's models. Other servers may not
/// cache at all.
fn material_is_cached(config: &ConsultConfig, seat: &Participant) -> bool {
    let model = seat.model.to_ascii_lowercase();
    let minimum = automatic_cache_min_tokens(&model).or_else(|| {
        model
            .contains("claude")
            .then(|| anthropic_minimum_cacheable_tokens(&model))
    });
    let Some(minimum) = minimum else {
        return false;
    };
    let sees = sees_images(seat);
    let images: u64 = config
        .material
        .iter()
        .filter(|s| sees && s.is_image())
        .map(|s| u64::from(s.tokens))
        .sum();
    let opening = estimate_tokens(MATERIAL_SYSTEM)
        + estimate_tokens(&material_block(&config.material, sees))
        + images;
    opening >= minimum
}

/// Every call of the run that carries the material, as (step, seat): the panelists in rounds 1
/// and 3, the judge in rounds 2, 3 (its judgment of the cross-examination) and 4, as far as the
/// run may go (`last_round`). A model alone's one call carries it as a one-off.
fn material_calls(config: &ConsultConfig) -> Vec<(Step, &Participant)> {
    let last = config.last_round();
    let mut calls = Vec::new();
    for round in 1..=last {
        if matches!(round, 1 | 3) {
            calls.extend(config.panelists.iter().map(|p| ((round, false), p)));
        }
        if round != 1 {
            calls.push(((round, true), &config.judge));
        }
    }
    calls
}

/// `prompt` as `seat`'s call of `round` sends it: with the consult's material first (when it has
/// some), a one-off unless the call takes part in a prompt cache.
pub fn for_round(prompt: Prompt, config: &ConsultConfig, round: u8, seat: &Participant) -> Prompt {
    if !config.material.is_empty() {
        let prompt = with_material(prompt, &config.material, seat);
        return if takes_part_with_material(config, round, seat) {
            prompt
        } else {
            prompt.one_off()
        };
    }
    if takes_part(config, round) {
        prompt
    } else {
        prompt.one_off()
    }
}

/// Whether the provider behind `model` caches a prompt's prefix by itself, with no request
/// field, and bills the reads at its cache rate: OpenAI, Gemini from 2.5 on (Google documents
/// implicit caching "for all Gemini 2.5 and newer models"; 2.0 and 1.5 only cache what a call
/// creates explicitly) and DeepSeek, and their models through OpenRouter (`openai/…`,
/// `google/…`, `deepseek/…`). Anthropic caches only what a call marks, and other servers may not
/// cache at all, so nothing is counted on for them.
pub fn caches_automatically(model: &str) -> bool {
    automatic_cache_min_tokens(model).is_some()
}

/// The smallest prefix the provider behind `model` serves from its own cache, None when it does
/// not cache by itself: OpenAI's and DeepSeek's 1,024 tokens; Gemini 2.5's 2,048 and later
/// Gemini models' 4,096 (Google's caching page, the larger of the figures it has listed, since
/// counting on a cache that is not there would make the estimate too low). Below it the estimate
/// counts on no cache.
pub fn automatic_cache_min_tokens(model: &str) -> Option<u64> {
    let model = model.trim().to_ascii_lowercase();
    let (vendor, name) = model.split_once('/').unwrap_or(("", &model));
    let openai = ["gpt-", "chatgpt-", "o1", "o3", "o4"]
        .iter()
        .any(|family| name.starts_with(family));
    match vendor {
        "openai" | "deepseek" => Some(1024),
        "" if openai || name.starts_with("deepseek-") => Some(1024),
        "google" | "" => gemini_cache_min_tokens(name),
        _ => None,
    }
}

/// Gemini's implicit caching by generation: none before 2.5, 2,048 tokens on 2.5, 4,096 after.
fn gemini_cache_min_tokens(name: &str) -> Option<u64> {
    let version = name.strip_prefix("gemini-")?;
    let (major, rest) = version.split_once('.').unwrap_or((version, ""));
    let major: u32 = major.split('-').next()?.parse().ok()?;
    let minor: u32 = rest
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    match (major, minor) {
        (0..=1, _) | (2, 0..=4) => None,
        (2, _) => Some(2048),
        _ => Some(4096),
    }
}
