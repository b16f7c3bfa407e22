//! Provider failures, classified so the app can explain them and decide whether to retry.
use serde::{Deserialize, Serialize};

use crate::failure_kind::FailureKind;
use crate::types::ProviderKind;

#[derive(Clone, Debug, PartialEq, thiserror::Error, Serialize, Deserialize)]
pub enum ProviderError {
    #[error("authentication failed ({status}): {detail}")]
    Auth { status: u16, detail: String },
    #[error("unknown model ({status}): {detail}")]
    UnknownModel { status: u16, detail: String },
    #[error("rate limited: {detail}")]
    RateLimited {
        retry_after_secs: Option<f64>,
        detail: String,
    },
    #[error("overloaded ({status}): {detail}")]
    Overloaded { status: u16, detail: String },
    #[error("server error ({status}): {detail}")]
    Server { status: u16, detail: String },
    #[error("bad request ({status}): {detail}")]
    BadRequest { status: u16, detail: String },
    /// The server cannot constrain the reply to a schema (llama-server without `--jinja`): the call
    /// can be sent again without structured output.
    #[error("structured output refused ({status}): {detail}")]
    StructuredOutputRefused { status: u16, detail: String },
    /// A 2xx HTML page where an API reply was expected: a captive portal or a wrong base URL.
    #[error("the server answered with a web page")]
    WebPage { title: String },
    #[error("timed out after {after_ms} ms")]
    Timeout { after_ms: u64 },
    #[error("network error: {detail}")]
    Network { detail: String },
    #[error("malformed reply: {detail}")]
    Malformed { detail: String },
    #[error("the stream ended before its end marker")]
    Incomplete { partial_text: String },
    #[error("cancelled")]
    Cancelled,
}

/// What the message needs to name: which provider, where, which model.
pub struct ErrorContext<'a> {
    pub provider_name: &'a str,
    pub kind: ProviderKind,
    pub base_url: &'a str,
    pub model: &'a str,
}

const DETAIL_LIMIT: usize = 300;

fn trimmed(detail: &str) -> String {
    let detail = detail.trim();
    if detail.chars().count() <= DETAIL_LIMIT {
        return detail.to_string();
    }
    let cut: String = detail.chars().take(DETAIL_LIMIT).collect();
    format!("{cut}…")
}

fn with_detail(sentence: String, detail: &str) -> String {
    let detail = trimmed(detail);
    if detail.is_empty() {
        sentence
    } else {
        format!("{sentence} ({detail})")
    }
}

impl ProviderError {
    pub fn user_message(&self, ctx: &ErrorContext) -> String {
        let who = ctx.provider_name;
        match self {
            Self::Auth { status, detail } => with_detail(
                format!("{who} refused the API key (HTTP {status}). Check the key for {who} in Settings."),
                detail,
            ),
            Self::UnknownModel { status, detail } => with_detail(
                format!(
                    "{who} does not know the model \"{}\" (HTTP {status}). Pick one from its model list in Settings (\"Check connection\" loads it) or fix the name; if the name is right, check the base URL ({}).",
                    ctx.model, ctx.base_url
                ),
                detail,
            ),
            Self::RateLimited { retry_after_secs, detail } => {
                // Whether a retry follows is said by whoever retries (the call card), not here.
                let when = match retry_after_secs {
                    Some(secs) => format!(" It asks to wait {secs:.0} s."),
                    None => String::new(),
                };
                with_detail(format!("{who} is rate limiting requests (HTTP 429).{when}"), detail)
            }
            Self::Overloaded { status, detail } => with_detail(
                format!("{who} is overloaded (HTTP {status}): it is busy, not broken."),
                detail,
            ),
            Self::Server { status, detail } => {
                with_detail(format!("{who} had a server error (HTTP {status})."), detail)
            }
            Self::StructuredOutputRefused { status, detail } => with_detail(
                format!("{who} refused structured output (HTTP {status}). For llama-server, start it with --jinja; otherwise untick \"Structured output\" for this session."),
                detail,
            ),
            Self::WebPage { title } => {
                let page = if title.is_empty() { String::new() } else { format!(" (\"{title}\")") };
                format!(
                    "{who} answered with a web page{page}, not an API reply: the base URL ({}) probably points at a login page (captive portal), a website or the wrong server. Fix the base URL in Settings.",
                    ctx.base_url
                )
            }
            Self::BadRequest { status, detail } => with_detail(
                format!("{who} rejected the request (HTTP {status}). {}", bad_request_hint(*status, detail, ctx.model)),
                detail,
            ),
            Self::Timeout { after_ms } => format!(
                "{who} sent nothing for {:.0} s, so the call was stopped. A slow local model may need a longer timeout in Settings.",
                *after_ms as f64 / 1000.0
            ),
            // The browser's bare "TypeError: Failed to fetch" says no more than the advice (fetch
            // rejects so for refusals, DNS failures and CORS alike): shown, it reads as a crash.
            Self::Network { detail } if is_bare_fetch_failure(detail) => network_advice(ctx),
            Self::Network { detail } => with_detail(network_advice(ctx), detail),
            Self::Malformed { detail } => with_detail(
                format!(
                    "{who} sent a reply Consilium could not read: check that the base URL ({}) points at a {} API.",
                    ctx.base_url,
                    ctx.kind.wire_format_name()
                ),
                detail,
            ),
            Self::Incomplete { partial_text } => format!(
                "{who}'s reply stopped before it was finished (the stream ended without its end marker, after {} characters). It is not used as an answer.",
                partial_text.chars().count()
            ),
            Self::Cancelled => "Cancelled.".to_string(),
        }
    }

    /// The message for a call that failed for good after `attempts` tries: it says what was
    /// tried and that nothing is lost.
    pub fn final_message(&self, ctx: &ErrorContext, attempts: u32) -> String {
        let message = self.user_message(ctx);
        let tried = if attempts > 1 {
            format!(" Tried {attempts} times.")
        } else {
            String::new()
        };
        let next = if self.is_retryable() {
            " Resume the session to try this call again; completed work is kept."
        } else {
            " Resume the session after fixing it; completed work is kept."
        };
        format!("{message}{tried}{next}")
    }

    /// The message for a failed model-list request: a 404 there is about the URL,
    /// not a model, so sending the user back to the model list would be circular.
    pub fn model_list_message(&self, ctx: &ErrorContext) -> String {
        match self {
            Self::UnknownModel { status: 404, .. } => format!(
                "{} has no model list at {}/models (HTTP 404): the base URL probably lacks /v1 (e.g. http://localhost:8080/v1) or points at the wrong server. Fix the base URL in Settings.",
                ctx.provider_name,
                ctx.base_url.trim_end_matches('/')
            ),
            other => other.user_message(ctx),
        }
    }

    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            Self::RateLimited { .. }
                | Self::Overloaded { .. }
                | Self::Server { .. }
                | Self::Network { .. }
                | Self::Timeout { .. }
                | Self::Incomplete { .. }
        )
    }

    /// Its kind, from the one table of kinds (`FailureKind`).
    pub fn kind(&self) -> FailureKind {
        match self {
            Self::Auth { .. } => FailureKind::Auth,
            Self::UnknownModel { .. } => FailureKind::UnknownModel,
            Self::RateLimited { .. } => FailureKind::RateLimited,
            Self::Overloaded { .. } => FailureKind::Overloaded,
            Self::Server { .. } => FailureKind::Server,
            Self::BadRequest { .. } => FailureKind::BadRequest,
            Self::StructuredOutputRefused { .. } => FailureKind::StructuredOutputRefused,
            Self::WebPage { .. } => FailureKind::WebPage,
            Self::Timeout { .. } => FailureKind::Timeout,
            Self::Network { .. } => FailureKind::Network,
            Self::Malformed { .. } => FailureKind::Malformed,
            Self::Incomplete { .. } => FailureKind::Incomplete,
            Self::Cancelled => FailureKind::Cancelled,
        }
    }

    /// Its kind's label: "rate_limited", "network", ...
    pub fn kind_label(&self) -> &'static str {
        self.kind().known_label().unwrap_or_default()
    }
}

/// What to do about a rejected request, guessed from the status and the provider's explanation.
fn bad_request_hint(status: u16, detail: &str, model: &str) -> String {
    let lower = detail.to_ascii_lowercase();
    let mentions = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    if status == 402 || mentions(&["quota", "credit", "billing", "balance"]) {
        "Check the account's credit or plan with the provider.".to_string()
    } else if mentions(&[
        "max_tokens",
        "max_completion_tokens",
        "maxoutputtokens",
        "output tokens",
    ]) {
        format!(
            "\"{model}\" cannot write as many tokens as asked: lower \"max tokens\" in Settings."
        )
    } else if status == 413 || mentions(&["context", "too long", "too many tokens", "too large"]) {
        format!("The prompt is probably too long for \"{model}\": pick a model with a larger context window.")
    } else {
        format!("\"{model}\" may not support a setting Consilium sends (such as structured output); try another model.")
    }
}

/// The browser reports DNS failures, refused connections and CORS refusals identically, so the
/// message names every likely cause with its fix.
/// What each browser's fetch says when it cannot reach a server at all (Chromium, Firefox,
/// Safari), with or without the error's name.
fn is_bare_fetch_failure(detail: &str) -> bool {
    let detail = detail.trim();
    let detail = detail.strip_prefix("TypeError:").unwrap_or(detail).trim();
    matches!(
        detail.trim_end_matches('.'),
        "Failed to fetch" | "NetworkError when attempting to fetch resource" | "Load failed" | ""
    )
}

fn network_advice(ctx: &ErrorContext) -> String {
    let (who, url) = (ctx.provider_name, ctx.base_url);
    let lower = url.to_ascii_lowercase();
    let loopback = ["://127.0.0.1", "://localhost", "://[::1]"]
        .iter()
        .any(|host| lower.contains(host));
    // A server the user runs: on this machine, or any plain-http address (a LAN box).
    let self_hosted =
        loopback || (ctx.kind == ProviderKind::OpenAiCompatible && lower.starts_with("http://"));
    if !self_hosted {
        return format!(
            "Could not reach {who} at {url}, or the connection dropped before a reply: check the base URL and your connection. If it is right, the server may not allow calls from a web page (CORS)."
        );
    }
    let fix = if lower.contains(":11434") {
        "For Ollama, start it with OLLAMA_ORIGINS set to this page's address (Settings, \"Check connection\", gives the exact command)."
    } else if lower.contains(":1234") {
        "For LM Studio, start its server and enable CORS in the server settings."
    } else {
        "llama.cpp's llama-server allows browser calls by default; other servers may need CORS enabled for this page's origin."
    };
    // Browsers exempt only loopback addresses from the mixed-content block.
    let mixed_content = if loopback {
        ""
    } else {
        " If Consilium itself is opened over https, the browser also blocks plain-http servers other than localhost."
    };
    format!(
        "Could not reach {who} at {url}: the server is not running, the URL or port is wrong, it does not allow calls from a web page (CORS), or it dropped the connection before replying. {fix}{mixed_content}"
    )
}
