//! Turning a non-2xx HTTP reply into a `ProviderError`, with the provider's own explanation.
use serde_json::Value;

use crate::error::ProviderError;
use crate::types::ProviderKind;

/// The human part of an error body: `error.message` in every provider's format, else the raw text.
pub fn error_detail(body: &str) -> String {
    let parsed: Option<Value> = serde_json::from_str(body).ok();
    let message = parsed.as_ref().and_then(|v| {
        let error = v.get("error").unwrap_or(v);
        error.get("message").and_then(Value::as_str).map(str::to_string).or_else(|| error.as_str().map(str::to_string))
    });
    message.unwrap_or_else(|| body.trim().chars().take(300).collect())
}

pub fn classify_http_error(kind: ProviderKind, status: u16, retry_after: Option<&str>, body: &str) -> ProviderError {
    let detail = error_detail(body);
    let lower = format!("{detail} {body}").to_ascii_lowercase();
    match status {
        401 | 403 => ProviderError::Auth { status, detail },
        404 => ProviderError::UnknownModel { status, detail },
        429 => ProviderError::RateLimited { retry_after_secs: retry_after.and_then(parse_retry_after), detail },
        503 | 529 => ProviderError::Overloaded { status, detail },
        500..=599 => ProviderError::Server { status, detail },
        // Gemini answers a bad key with 400 API_KEY_INVALID.
        400 if kind == ProviderKind::Gemini && (lower.contains("api_key_invalid") || lower.contains("api key not valid")) => {
            ProviderError::Auth { status, detail }
        }
        400 | 422 if mentions_unknown_model(&lower) => ProviderError::UnknownModel { status, detail },
        _ => ProviderError::BadRequest { status, detail },
    }
}

fn mentions_unknown_model(lower: &str) -> bool {
    lower.contains("model_not_found")
        || (lower.contains("model") && (lower.contains("not found") || lower.contains("does not exist")))
        || lower.contains("not a valid model")
        || lower.contains("invalid model")
}

/// Retry-After in seconds (a date form is ignored: the backoff then decides).
fn parse_retry_after(value: &str) -> Option<f64> {
    value.trim().parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0)
}
