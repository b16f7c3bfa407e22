//! What an OpenRouter key may still spend: `GET {base}/key` with the key itself.
use serde_json::Value;

use crate::{classify_http_error, HttpRequest, ProviderError, ProviderKind};

/// A key's name and spend, in USD. `limit` and `remaining` are None for a key without a limit.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyInfo {
    pub label: String,
    pub limit: Option<f64>,
    pub remaining: Option<f64>,
    pub usage: f64,
}

impl KeyInfo {
    /// "Key “Consilium”: $4.90 of its $5.00 limit left" or "Key “x”: no limit, $0.12 spent".
    pub fn describe(&self, format_usd: impl Fn(f64) -> String) -> String {
        let name = if self.label.trim().is_empty() {
            "This key".to_string()
        } else {
            format!("Key “{}”", self.label.trim())
        };
        match (self.limit, self.remaining) {
            (Some(limit), Some(remaining)) => format!(
                "{name}: {} of its {} limit left",
                format_usd(remaining),
                format_usd(limit)
            ),
            _ => format!("{name}: no limit, {} spent", format_usd(self.usage)),
        }
    }
}

pub fn build_key_info_request(base_url: &str, api_key: &str) -> HttpRequest {
    HttpRequest {
        method: "GET".into(),
        url: format!("{}/key", base_url.trim().trim_end_matches('/')),
        // OpenRouter's app attribution, as on every request the app sends it.
        headers: vec![
            ("Authorization".into(), format!("Bearer {}", api_key.trim())),
            ("X-Title".into(), "Consilium".into()),
        ],
        body: String::new(),
    }
}

/// The reply's `data`: `label`, `limit` (null: none), `limit_remaining`, `usage`.
pub fn parse_key_info(status: u16, body: &str) -> Result<KeyInfo, ProviderError> {
    if !(200..300).contains(&status) {
        return Err(classify_http_error(
            ProviderKind::OpenRouter,
            status,
            None,
            body,
        ));
    }
    let value: Value = serde_json::from_str(body).map_err(|e| ProviderError::Malformed {
        detail: format!("not JSON: {e}"),
    })?;
    let data = value.get("data").ok_or_else(|| ProviderError::Malformed {
        detail: "no `data` in the key's reply".into(),
    })?;
    let number = |field: &str| data.get(field).and_then(Value::as_f64);
    let limit = number("limit");
    Ok(KeyInfo {
        label: data
            .get("label")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        limit,
        // Without a limit there is nothing to remain; a limit without the field is spent down by
        // the usage.
        remaining: limit.map(|limit| {
            number("limit_remaining")
                .unwrap_or(limit - number("usage").unwrap_or(0.0))
                .max(0.0)
        }),
        usage: number("usage").unwrap_or(0.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usd(v: f64) -> String {
        format!("${v:.2}")
    }

    #[test]
    fn a_capped_key_reports_its_limit_and_what_remains() {
        let body = r#"{"data": {"label": "sk-or-v1-116...0ce", "limit": 5, "usage": 0.1015644762,
            "is_provisioning_key": false, "limit_remaining": 4.8984355238, "is_free_tier": false,
            "rate_limit": {"requests": 50, "interval": "10s"}}}"#;
        let info = parse_key_info(200, body).unwrap();
        assert_eq!(info.label, "sk-or-v1-116...0ce");
        assert_eq!(info.limit, Some(5.0));
        assert_eq!(info.remaining, Some(4.8984355238));
        assert_eq!(info.usage, 0.1015644762);
        assert_eq!(
            info.describe(usd),
            "Key “sk-or-v1-116...0ce”: $4.90 of its $5.00 limit left"
        );
    }

    #[test]
    fn a_key_without_a_limit_has_nothing_remaining_to_stop_at() {
        let body =
            r#"{"data": {"label": "mine", "limit": null, "limit_remaining": null, "usage": 1.5}}"#;
        let info = parse_key_info(200, body).unwrap();
        assert_eq!((info.limit, info.remaining), (None, None));
        assert_eq!(info.describe(usd), "Key “mine”: no limit, $1.50 spent");
    }

    #[test]
    fn a_limit_without_its_remaining_field_is_spent_down_by_the_usage() {
        let body = r#"{"data": {"label": "", "limit": 2, "usage": 2.5}}"#;
        let info = parse_key_info(200, body).unwrap();
        assert_eq!(info.remaining, Some(0.0));
        assert!(info
            .describe(usd)
            .starts_with("This key: $0.00 of its $2.00"));
    }

    #[test]
    fn the_request_carries_the_key_in_its_header_only() {
        let request = build_key_info_request("https://openrouter.ai/api/v1/", "sk-or-1");
        assert_eq!(request.method, "GET");
        assert_eq!(request.url, "https://openrouter.ai/api/v1/key");
        assert!(!request.url.contains("sk-or-1"));
        assert_eq!(
            request.headers,
            vec![
                ("Authorization".to_string(), "Bearer sk-or-1".to_string()),
                ("X-Title".to_string(), "Consilium".to_string()),
            ]
        );
    }

    #[test]
    fn a_refused_key_and_a_malformed_reply_are_errors() {
        assert!(matches!(
            parse_key_info(
                401,
                r#"{"error": {"message": "No auth credentials found", "code": 401}}"#
            ),
            Err(ProviderError::Auth { .. })
        ));
        assert!(matches!(
            parse_key_info(200, r#"{"label": "x"}"#),
            Err(ProviderError::Malformed { .. })
        ));
        assert!(matches!(
            parse_key_info(200, "<html>"),
            Err(ProviderError::Malformed { .. })
        ));
    }
}
