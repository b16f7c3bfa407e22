//! Which of a consult's calls take part in their seat's prompt cache (DESIGN.md, "Depth by
//! need"). Every call of a seat opens with the same bytes (`prompts`); a call takes part when a
//! later call of the same seat will read that opening, or when it is that later call:
//! - a panelist's round 1, when round 3 is to run (its cross-examination reads it), and round 3;
//! - the judge's synthesis, when the verdict is to run, and the verdict. The judge's round-3
//!   judgment opens with the question alone and stays a one-off.
//!
//! A call that takes part gets `CallRequest::prompt_cache_key`: OpenAI then routes the seat's calls
//! to the same cache, and Anthropic is asked to cache the opening (a write costs 25% more there,
//! so a prefix nobody will read is never marked). With structured output every round sends a
//! schema of its own, which OpenAI puts before the system message and Anthropic renders (as a tool)
//! before the system prompt: no round could read another's prefix, so no call takes part.
//!
//! With material (`consult::material`) every seat's calls open with the same instructions and
//! material, so the prefix is the model's, not the seat's: a call takes part when another call
//! of the run on the same model carries the same opening. Structured output still puts each
//! round's schema first, so then only the calls of one round on one model share it (three
//! panelists on one model in round 1: the second and third read what the first wrote).
use crate::consult::material::with_material;
use crate::foundation::participants::Participant;
use crate::harness::prompt::Prompt;
use crate::record::consult::config::ConsultConfig;

/// Whether a call of `round` takes part in its seat's prompt cache.
pub fn takes_part(config: &ConsultConfig, round: u8) -> bool {
    if config.structured_output {
        return false;
    }
    match round {
        1 => config.stop_after_round >= 3,
        2 => config.stop_after_round >= 4,
        3 | 4 => true,
        _ => false,
    }
}

/// Whether a call of `round` by `seat`, carrying the consult's material, takes part in its
/// model's prompt cache: another call of the run on the same model opens with the same bytes.
pub fn takes_part_with_material(config: &ConsultConfig, round: u8, seat: &Participant) -> bool {
    let calls = material_calls(config);
    let same_model =
        |(_, s): &&(u8, &Participant)| s.model == seat.model && s.provider_id == seat.provider_id;
    let sharing = calls
        .iter()
        .filter(same_model)
        .filter(|(r, _)| !config.structured_output || *r == round)
        .count();
    sharing >= 2
}

/// Every call of the run that carries the material, as (round, seat): the panelists in rounds 1
/// and 3, the judge in rounds 2 and 4, as far as the run may go (`last_round`). The judge's
/// round-3 judgment and a model alone's one call carry it as one-offs.
fn material_calls(config: &ConsultConfig) -> Vec<(u8, &Participant)> {
    let last = config.last_round();
    let mut calls = Vec::new();
    for round in 1..=last {
        match round {
            1 | 3 => calls.extend(config.panelists.iter().map(|p| (round, p))),
            _ => calls.push((round, &config.judge)),
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
/// field, and bills the reads at its cache rate: OpenAI, Gemini and DeepSeek, and their models
/// through OpenRouter (`openai/…`, `google/…`, `deepseek/…`). Anthropic caches only what a call
/// marks, and other servers may not cache at all, so nothing is counted on for them.
pub fn caches_automatically(model: &str) -> bool {
    let model = model.trim().to_ascii_lowercase();
    let (vendor, name) = model.split_once('/').unwrap_or(("", &model));
    match vendor {
        "openai" | "google" | "deepseek" => true,
        "" => ["gpt-", "chatgpt-", "o1", "o3", "o4", "gemini-", "deepseek-"]
            .iter()
            .any(|family| name.starts_with(family)),
        _ => false,
    }
}

/// The smallest prefix a provider caching by itself serves from its cache (OpenAI's 1,024 tokens,
/// also Gemini Flash's minimum for implicit caching): below it the estimate counts on no cache.
pub const AUTOMATIC_CACHE_MIN_TOKENS: u64 = 1024;
