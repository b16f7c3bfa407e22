//! Turning a non-2xx HTTP reply into a `ProviderError`, with the provider's own explanation.
use serde_json::Value;

use crate::error::ProviderError;
use crate::types::ProviderKind;

/// Longest raw (non-JSON) body kept as the detail: proxies answer with whole HTML pages.
const RAW_DETAIL_LIMIT: usize = 300;

/// The human part of an error body: `error.message` in every provider's format (Ollama's
/// `{"error": "..."}`, FastAPI's `{"detail": "..."}` too), else the raw text, shortened.
pub fn error_detail(body: &str) -> String {
    // A proxy's or portal's HTML page is named by its title, never dumped.
    if let Some(title) = web_page_title(body) {
        return if title.is_empty() {
            "an HTML page".to_string()
        } else {
            format!("an HTML page titled \"{title}\"")
        };
    }
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
    // llama-server without --jinja cannot apply a schema and says so with a 500; retrying cannot help.
    if lower.contains("--jinja") || lower.contains("tools param requires") {
        return ProviderError::StructuredOutputRefused { status, detail };
    }
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

/// The page's `<title>` (possibly empty) when `body` is an HTML page, else None.
pub fn web_page_title(body: &str) -> Option<String> {
    let head: String = body.trim_start().chars().take(2048).collect();
    let lower = head.to_ascii_lowercase();
    let is_html = lower.starts_with("<!doctype html")
        || lower.starts_with("<html")
        || lower.starts_with("<head")
        || lower.starts_with("<body");
    if !is_html {
        return None;
    }
    let title = lower
        .find("<title")
        .and_then(|start| {
            let open_end = start + lower[start..].find('>')? + 1;
            let close = open_end + lower[open_end..].find("</title")?;
            Some(
                head[open_end..close]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        })
        .unwrap_or_default();
    Some(title.chars().take(80).collect())
}

/// A 2xx body that is an HTML page rather than the API reply.
pub fn web_page_error(body: &str) -> Option<ProviderError> {
    web_page_title(body).map(|title| ProviderError::WebPage { title })
}
