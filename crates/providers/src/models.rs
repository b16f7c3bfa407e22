//! Model lists: what the settings offer in the model picker, with OpenRouter's prices.
use serde_json::Value;

use crate::error::ProviderError;
use crate::types::{Endpoint, HttpRequest, ModelInfo, Price, ProviderKind};
use crate::{anthropic, gemini, openai};

/// The model-list request, authenticated exactly like a chat call to the same provider.
pub fn build_models_request(endpoint: &Endpoint, api_key: Option<&str>) -> HttpRequest {
    let headers = match endpoint.kind {
        ProviderKind::Anthropic => anthropic::auth_headers(api_key),
        ProviderKind::Gemini => gemini::auth_headers(api_key),
        kind => openai::auth_headers(kind, api_key),
    };
    let base = endpoint.base_url.trim_end_matches('/');
    // Both paginate, with these maxima per page; one page holds every model they offer today.
    let url = match endpoint.kind {
        ProviderKind::Gemini => format!("{base}/models?pageSize=1000"),
        ProviderKind::Anthropic => format!("{base}/models?limit=1000"),
        _ => format!("{base}/models"),
    };
    HttpRequest {
        method: "GET".into(),
        url,
        headers,
        body: String::new(),
    }
}

pub fn parse_models(kind: ProviderKind, body: &str) -> Result<Vec<ModelInfo>, ProviderError> {
    if let Some(page) = crate::classify::web_page_error(body) {
        return Err(page);
    }
    let value: Value = serde_json::from_str(body).map_err(|e| ProviderError::Malformed {
        detail: format!("not JSON: {e}"),
    })?;
    let malformed = || ProviderError::Malformed {
        detail: "no model list in the reply".into(),
    };
    let mut models: Vec<ModelInfo> = match kind {
        ProviderKind::Gemini => value
            .get("models")
            .and_then(Value::as_array)
            .ok_or_else(malformed)?
            .iter()
            .filter(|m| {
                m.get("supportedGenerationMethods")
                    .and_then(Value::as_array)
                    .is_some_and(|methods| methods.iter().any(|x| x == "generateContent"))
            })
            .filter_map(|m| {
                let id = m
                    .get("name")?
                    .as_str()?
                    .trim_start_matches("models/")
                    .to_string();
                Some(ModelInfo {
                    id,
                    price: None,
                    context_length: m.get("inputTokenLimit").and_then(Value::as_u64),
                })
            })
            .collect(),
        _ => value
            .get("data")
            .and_then(Value::as_array)
            .ok_or_else(malformed)?
            .iter()
            .filter_map(|m| {
                let id = m.get("id")?.as_str()?.to_string();
                Some(ModelInfo {
                    id,
                    price: openrouter_price(m),
                    context_length: m.get("context_length").and_then(Value::as_u64),
                })
            })
            .collect(),
    };
    consilium_order::sort_by(&mut models, |a, b| a.id.cmp(&b.id));
    Ok(models)
}

/// OpenRouter lists prices in USD per token, as strings.
fn openrouter_price(model: &Value) -> Option<Price> {
    let pricing = model.get("pricing")?;
    let per_token = |field: &str| -> Option<f64> {
        let v = pricing.get(field)?;
        v.as_str()
            .and_then(|s| s.parse().ok())
            .or_else(|| v.as_f64())
            .filter(|p: &f64| *p >= 0.0)
    };
    Some(Price {
        input_per_million: per_token("prompt")? * 1e6,
        output_per_million: per_token("completion")? * 1e6,
    })
}
