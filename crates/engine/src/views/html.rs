//! The HTML builder every protocol's part of the export writes with: model and user text masked
//! (Review's secrets) and escaped, Markdown through the sanitised tree.
use crate::record::{Body, Session};
use crate::review::secrets::{mask_secrets, secrets_in_versions};
use crate::text::rich::{escape, parse_report, to_html};

/// Writes the decision's HTML: every model or user text goes through [`Html::text`], which masks
/// the review's secrets and escapes.
pub(crate) struct Html {
    pub out: String,
    secrets: Vec<(String, String)>,
}

impl Html {
    pub(crate) fn new(session: &Session) -> Self {
        let secrets = match &session.body {
            Body::Review(body) => secrets_in_versions(&session.subject, &body.amendments),
            _ => Vec::new(),
        };
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
