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
//! so a prefix nobody will read is never marked). With structured output every round sends a
//! schema of its own, which OpenAI puts before the system message and Anthropic renders (as a tool)
//! before the system prompt: no round could read another's prefix, so no call takes part.
//!
//! With material (`consult::material`) every seat's calls open with the same instructions and
//! material, so the prefix is the model's, not the seat's: a call takes part when another call
//! of the run on the same model carries the same opening. Structured output still puts each
//! round's schema first, so then no call takes part: only the calls of one round would share the
//! opening, and they are sent at once, before any of them could have written it
//! (`scripts/bench-material.sh` measures the layouts).
use crate::consult::material::with_material;
use crate::foundation::participants::Participant;
use crate::harness::prompt::Prompt;
use crate::record::consult::config::ConsultConfig;

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

/// Whether a call of `round` by `seat`, carrying the consult's material, takes part in its
/// model's prompt cache: another call of the run on the same model opens with the same bytes.
pub fn takes_part_with_material(config: &ConsultConfig, round: u8, seat: &Participant) -> bool {
    if config.structured_output {
        return false;
    }
    let calls = material_calls(config);
    let same_model =
        |(_, s): &&(u8, &Participant)| s.model == seat.model && s.provider_id == seat.provider_id;
    // A later call on the model reads this one's opening, or an earlier one wrote what this
    // reads. Calls of the same round are sent at once: none reads another's.
    calls.iter().filter(same_model).any(|(r, _)| *r != round)
}

/// Whether a call of `round` by `seat` can read the material from its model's cache: a call of an
/// earlier round on the model wrote it (a round's calls go at once, so round 1 reads nothing).
pub fn reads_material_cache(config: &ConsultConfig, round: u8, seat: &Participant) -> bool {
    takes_part_with_material(config, round, seat)
        && material_calls(config)
            .iter()
            .any(|(r, s)| *r < round && s.model == seat.model && s.provider_id == seat.provider_id)
}

/// Every call of the run that carries the material, as (round, seat): the panelists in rounds 1
/// and 3, the judge in rounds 2, 3 (its judgment of the cross-examination) and 4, as far as the
/// run may go (`last_round`). A model alone's one call carries it as a one-off.
fn material_calls(config: &ConsultConfig) -> Vec<(u8, &Participant)> {
    let last = config.last_round();
    let mut calls = Vec::new();
    for round in 1..=last {
        match round {
            1 => calls.extend(config.panelists.iter().map(|p| (round, p))),
            3 => {
                calls.extend(config.panelists.iter().map(|p| (round, p)));
                calls.push((round, &config.judge));
            }
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
