//! What a seat's model can take: images or not, and how many prompt tokens. The provider's model
//! list says so where it can (OpenRouter's modalities and context length, Gemini's input limit,
//! llama.cpp's capabilities); otherwise a table of known model families; otherwise a stated
//! default. The user's own answer for a model (a setting) overrides all of them.
use serde::{Deserialize, Serialize};

use crate::types::ModelInfo;

/// The context window assumed for a model neither its list nor the table knows: the engine's
/// `material::seats::DEFAULT_CONTEXT_TOKENS` (equal, checked by the shell's tests), which is
/// what the form states for such a seat.
pub const DEFAULT_CONTEXT_TOKENS: u64 = 32_768;

/// Where an answer came from, so the form can say it ("from OpenRouter's model list").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Known {
    /// The user said so for this model (Settings).
    User,
    /// The provider's model list.
    ModelList,
    /// The table of known model families below.
    Family,
    /// Nothing knew: the stated default (no images; `DEFAULT_CONTEXT_TOKENS`).
    Default,
}

impl Known {
    /// As a sentence ends: "gemma-3-270m cannot see images (from the table of known models)".
    pub fn phrase(self) -> &'static str {
        match self {
            Self::User => "as you set it",
            Self::ModelList => "from the provider's model list",
            Self::Family => "from the table of known models",
            Self::Default => "the default for a model nothing describes",
        }
    }
}

/// A model's capabilities as the app uses them, each with where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelCapabilities {
    pub sees_images: bool,
    pub sees_images_from: Known,
    pub context_tokens: u64,
    pub context_from: Known,
}

/// The capabilities of `model`: the user's answer on images first (`user_sees_images`), then its
/// entry in the provider's model list (`listed`), then the family table, then the default.
pub fn model_capabilities(
    model: &str,
    listed: Option<&ModelInfo>,
    user_sees_images: Option<bool>,
) -> ModelCapabilities {
    let family = known_family(model);
    let (sees_images, sees_images_from) = if let Some(user) = user_sees_images {
        (user, Known::User)
    } else if let Some(listed) = listed.and_then(|m| m.sees_images) {
        (listed, Known::ModelList)
    } else if let Some(family) = family {
        (family.sees_images, Known::Family)
    } else {
        (false, Known::Default)
    };
    let (context_tokens, context_from) =
        if let Some(listed) = listed.and_then(|m| m.context_length).filter(|n| *n > 0) {
            (listed, Known::ModelList)
        } else if let Some(tokens) = family.and_then(|f| f.context_tokens) {
            (tokens, Known::Family)
        } else {
            (DEFAULT_CONTEXT_TOKENS, Known::Default)
        };
    ModelCapabilities {
        sees_images,
        sees_images_from,
        context_tokens,
        context_from,
    }
}

/// A family in the table: what its models take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family {
    pub sees_images: bool,
    /// Prompt tokens; None when the family's members differ too much to say one number.
    pub context_tokens: Option<u64>,
}

/// Known families, the first match winning, so narrower names come before the wider ones they
/// start with (`gpt-4o` before `gpt-4`, `gemma-3-270m` before `gemma-3`). Matched on the model id
/// in lower case without its vendor path (`openai/gpt-4o` is `gpt-4o`, `google/gemma-3-4b-it` is
/// `gemma-3-4b-it`), by prefix, or anywhere for the `*`-marked names (vision tags such as `-vl`).
/// Numbers are the providers' published input limits (OpenAI's, Anthropic's and Google's model
/// pages, the open models' cards), rounded down where a provider caps lower than the model.
const FAMILIES: &[(&str, bool, Option<u64>)] = &[
    // OpenAI
    ("gpt-4o-audio", false, Some(128_000)),
    ("gpt-4o", true, Some(128_000)),
    ("chatgpt-4o", true, Some(128_000)),
    ("gpt-4.1", true, Some(1_047_576)),
    ("gpt-4.5", true, Some(128_000)),
    ("gpt-4-turbo", true, Some(128_000)),
    ("gpt-4-vision", true, Some(128_000)),
    ("gpt-4", false, Some(8_192)),
    ("gpt-3.5", false, Some(16_385)),
    ("gpt-5", true, Some(272_000)),
    ("gpt-oss", false, Some(131_072)),
    ("o1-mini", false, Some(128_000)),
    ("o1", true, Some(200_000)),
    ("o3-mini", false, Some(200_000)),
    ("o3", true, Some(200_000)),
    ("o4-mini", true, Some(200_000)),
    // Anthropic: every Claude from 3 on takes images.
    ("claude-2", false, Some(100_000)),
    ("claude-instant", false, Some(100_000)),
    ("claude", true, Some(200_000)),
    // Google
    ("gemini-1.5-pro", true, Some(2_097_152)),
    ("gemini-1.0", false, Some(30_720)),
    ("gemini-pro", false, Some(30_720)),
    ("gemini", true, Some(1_048_576)),
    ("gemma-3n", true, Some(32_768)),
    ("gemma-3-270m", false, Some(32_768)),
    ("gemma-3-1b", false, Some(32_768)),
    ("gemma-3", true, Some(131_072)),
    ("gemma-2", false, Some(8_192)),
    ("gemma", false, Some(8_192)),
    // Open models with vision, by their tags
    ("*-vl", true, None),
    ("*vision", true, None),
    ("*llava", true, None),
    ("*pixtral", true, None),
    ("*bakllava", true, None),
    ("*moondream", true, None),
    ("*minicpm-v", true, None),
    ("*multimodal", true, None),
    ("llama-4", true, None),
    ("llama-3.3", false, Some(131_072)),
    ("llama-3.2", false, Some(131_072)),
    ("llama-3.1", false, Some(131_072)),
    ("llama3.3", false, Some(131_072)),
    ("llama3.2", false, Some(131_072)),
    ("llama3.1", false, Some(131_072)),
    ("llama-3", false, Some(8_192)),
    ("llama3", false, Some(8_192)),
    ("mistral-small-3.1", true, Some(131_072)),
    ("mistral-small-3.2", true, Some(131_072)),
    ("mistral-medium", true, Some(131_072)),
    ("mistral-large", false, Some(131_072)),
    ("mistral", false, Some(32_768)),
    ("mixtral", false, Some(32_768)),
    ("qwen3", false, Some(32_768)),
    ("qwen2.5", false, Some(32_768)),
    ("qwq", false, Some(131_072)),
    ("deepseek", false, Some(65_536)),
    ("phi-4-multimodal", true, Some(131_072)),
    ("phi-4", false, Some(16_384)),
    ("phi-3", false, Some(4_096)),
    ("grok-2-vision", true, Some(32_768)),
    ("grok", false, Some(131_072)),
];

/// The first family of the table `model` belongs to, or None.
pub fn known_family(model: &str) -> Option<Family> {
    let lower = model.to_ascii_lowercase();
    let bare = lower.rsplit('/').next().unwrap_or(&lower);
    FAMILIES
        .iter()
        .find(|(name, _, _)| match name.strip_prefix('*') {
            Some(anywhere) => bare.contains(anywhere),
            None => bare.starts_with(name),
        })
        .map(|(_, sees_images, context_tokens)| Family {
            sees_images: *sees_images,
            context_tokens: *context_tokens,
        })
}
