//! A prompt as sent: system and user message, with the token estimate the budget and the
//! filtering savings use, and the part of it a provider's prompt cache can serve.
use crate::foundation::tokens::estimate_tokens;
use crate::record::sources::ImageData;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub system: String,
    /// The user message.
    pub user: String,
    /// The seat's shared prefix: the first bytes of `user` (a char boundary) that the seat's
    /// other calls begin with too, after the same system prompt. Some only on a call that takes
    /// part in the seat's prompt cache (it writes the prefix for a later call, or reads it); None
    /// for a one-off call.
    pub cache_prefix: Option<usize>,
    /// The images the call carries (the material's, for a seat that sees them): the same in
    /// every call of the seat, sent before the user message's text so they stay in the prefix.
    pub images: Vec<ImageData>,
    /// The prefix is shared by every seat on the same model (the material), not only by this
    /// seat's calls: the cache key names the model (`CallRequest::prompt_cache_key`).
    pub shared_across_seats: bool,
}

impl Prompt {
    /// A one-off prompt: no other call of its seat begins like it.
    pub fn new(system: String, user: String) -> Self {
        Self {
            system,
            user,
            cache_prefix: None,
            images: Vec::new(),
            shared_across_seats: false,
        }
    }

    /// A prompt whose user message begins with `shared`, the seat's prefix, then `rest`.
    pub fn with_shared_prefix(system: String, shared: &str, rest: &str) -> Self {
        Self {
            system,
            user: format!("{shared}{rest}"),
            cache_prefix: Some(shared.len()),
            images: Vec::new(),
            shared_across_seats: false,
        }
    }

    /// The same prompt carrying `images`.
    pub fn with_images(self, images: Vec<ImageData>) -> Self {
        Self { images, ..self }
    }

    /// The same prompt, out of the seat's prompt cache: no later call will read its prefix.
    pub fn one_off(self) -> Self {
        Self {
            cache_prefix: None,
            ..self
        }
    }

    /// The seat's shared prefix of the user message (empty for a one-off prompt).
    pub fn shared_prefix(&self) -> &str {
        &self.user[..self.cache_prefix.unwrap_or(0)]
    }

    /// The tokens a provider may store when this prompt is marked for caching (system prompt and
    /// shared prefix); 0 for a one-off prompt.
    pub fn marked_tokens(&self) -> u64 {
        match self.cache_prefix {
            Some(_) => estimate_tokens(&self.system) + estimate_tokens(self.shared_prefix()),
            None => 0,
        }
    }

    pub fn chars(&self) -> usize {
        self.system.chars().count() + self.user.chars().count()
    }

    /// `estimate_tokens` of system + user.
    pub fn estimated_tokens(&self) -> u64 {
        estimate_tokens(&self.system) + estimate_tokens(&self.user)
    }

    /// Estimated tokens this (filtered) prompt saves over the same prompt with full artifacts.
    pub fn tokens_saved_versus(&self, unfiltered: &Prompt) -> u64 {
        unfiltered
            .estimated_tokens()
            .saturating_sub(self.estimated_tokens())
    }

    /// The same request again, telling the model why its reply could not be used.
    pub fn with_reask(&self, error: &str) -> Prompt {
        // Appended, so the re-ask begins like the call it repeats and reads its cached prefix.
        Prompt {
            system: self.system.clone(),
            user: format!(
                "{}\n\nYour previous reply could not be used: {error}\nReply again with only the \
                 JSON object, in the shape asked for.",
                self.user
            ),
            cache_prefix: self.cache_prefix,
            images: self.images.clone(),
            shared_across_seats: self.shared_across_seats,
        }
    }
}
