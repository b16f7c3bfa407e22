//! Turning a non-2xx HTTP reply into a `ProviderError`, with the provider's own explanation.
use serde_json::Value;

use crate::error::ProviderError;
use crate::types::ProviderKind;

/// Longest raw (non-JSON) body kept as the detail: proxies answer with whole HTML pages.
const RAW_DETAIL_LIMIT: usize = 300;

/// The human part of an error body: `error.message` in every provider's format (Ollama's
/// `{"error": "..."}`, FastAPI's `{"detail": "..."}` too), else the raw text, shortened.
pub fn error_detail(body: &str) -> String {
    let parsed: Option<Value> = serde_json::from_str(body).ok();
    let message = parsed.as_ref().and_then(|v| {
        let error = v.get("error").unwrap_or(v);
        let text = |field: &str| error.get(field).and_then(Value::as_str).map(str::to_string);
        text("message")
            .or_else(|| error.as_str().map(str::to_string))
            .or_else(|| text("detail"))
    });
    message.unwrap_or_else(|| body.trim().chars().take(RAW_DETAIL_LIMIT).collect())
}

pub fn classify_http_error(
    kind: ProviderKind,
    status: u16,
    retry_after: Option<&str>,
    body: &str,
) -> ProviderError {
    let detail = error_detail(body);
    let lower = format!("{detail} {body}").to_ascii_lowercase();
    match status {
        401 | 403 => ProviderError::Auth { status, detail },
        404 => ProviderError::UnknownModel { status, detail },
        // OpenAI answers an account without credit with 429 too; waiting does not fix it.
        429 if lower.contains("insufficient_quota") => ProviderError::BadRequest { status, detail },
        429 => {
            let retry_after_secs = retry_after
                .and_then(parse_retry_after)
                .or_else(|| google_retry_delay(body));
            ProviderError::RateLimited {
                retry_after_secs,
                detail,
            }
        }
        503 | 529 => ProviderError::Overloaded { status, detail },
        500..=599 => ProviderError::Server { status, detail },
        // Gemini answers a bad key with 400 API_KEY_INVALID.
        400 if kind == ProviderKind::Gemini
            && (lower.contains("api_key_invalid") || lower.contains("api key not valid")) =>
        {
            ProviderError::Auth { status, detail }
        }
        400 | 422 if mentions_unknown_model(&lower) => {
            ProviderError::UnknownModel { status, detail }
        }
        _ => ProviderError::BadRequest { status, detail },
    }
}

fn mentions_unknown_model(lower: &str) -> bool {
    lower.contains("model_not_found")
        || (lower.contains("model")
            && (lower.contains("not found") || lower.contains("does not exist")))
        || lower.contains("not a valid model")
        || lower.contains("invalid model")
}

/// Retry-After in seconds. The HTTP-date form is ignored (None): the backoff then decides.
fn parse_retry_after(value: &str) -> Option<f64> {
    value
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
}

/// Google sends no Retry-After header but a `google.rpc.RetryInfo` detail: `"retryDelay": "43s"`.
fn google_retry_delay(body: &str) -> Option<f64> {
    let value: Value = serde_json::from_str(body).ok()?;
    let details = value.pointer("/error/details")?.as_array()?;
    details
        .iter()
        .filter_map(|d| {
            d.get("retryDelay")?
                .as_str()?
                .strip_suffix('s')?
                .parse::<f64>()
                .ok()
        })
        .find(|secs| secs.is_finite() && *secs >= 0.0)
}
