//! The HTML builder every protocol's part of the export writes with: model and user text masked
//! (the secrets the export found, e.g. a review's) and escaped, Markdown through the sanitised tree.
use crate::text::mask::mask_secrets;
use crate::text::rich::{escape, parse_report, to_html};

/// Writes the decision's HTML: every model or user text goes through [`Html::text`], which masks
/// the review's secrets and escapes.
pub(crate) struct Html {
    pub out: String,
    secrets: Vec<(String, String)>,
}

impl Html {
    /// `secrets` in clear, each with its masked form (`review::secrets::secrets_in_versions`).
    pub(crate) fn new(secrets: Vec<(String, String)>) -> Self {
        Html {
            out: String::new(),
            secrets,
        }
    }

    /// Markup written as is: only ever a literal of ours.
    pub fn raw(&mut self, markup: &str) -> &mut Self {
        self.out.push_str(markup);
        self
    }

    /// Text, masked and escaped.
    pub fn text(&mut self, text: &str) -> &mut Self {
        let masked = self.mask(text);
        escape(&masked, &mut self.out);
        self
    }

    /// Markdown (a recommendation, a reason), masked and rendered through the sanitised tree.
    pub fn markdown(&mut self, text: &str) -> &mut Self {
        let masked = self.mask(text);
        self.out.push_str(&to_html(&parse_report(&masked)));
        self
    }

    fn mask(&self, text: &str) -> String {
        if self.secrets.is_empty() {
            text.to_string()
        } else {
            mask_secrets(text, &self.secrets)
        }
    }
}
