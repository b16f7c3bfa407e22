//! A prompt as sent: system and user message, with the token estimate the budget and the
//! filtering savings use.
use crate::tokens::estimate_tokens;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub system: String,
    /// The user message.
    pub user: String,
}

impl Prompt {
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
        Prompt {
            system: self.system.clone(),
            user: format!(
                "{}\n\nYour previous reply could not be used: {error}\nReply again with only the \
                 JSON object, in the shape asked for.",
                self.user
            ),
        }
    }
}
