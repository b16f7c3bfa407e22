//! Model lists: what the settings offer in the model picker, with OpenRouter's prices.
use serde_json::Value;

use crate::adapter::{with_adapter, Adapter};
use crate::error::ProviderError;
use crate::types::{Endpoint, HttpRequest, ModelInfo, ProviderKind};

/// The model-list request, authenticated exactly like a chat call to the same provider.
pub fn build_models_request(endpoint: &Endpoint, api_key: Option<&str>) -> HttpRequest {
    let base = endpoint.base_url.trim_end_matches('/');
    with_adapter!(endpoint.kind, |adapter| HttpRequest {
        method: "GET".into(),
        url: format!("{base}{}", adapter.models_path()),
        headers: adapter.auth_headers(endpoint.kind, api_key),
        body: String::new(),
    })
}

/// The models a 2xx model-list reply names, sorted by id.
pub fn parse_models(kind: ProviderKind, body: &str) -> Result<Vec<ModelInfo>, ProviderError> {
    if let Some(page) = crate::classify::web_page_error(body) {
        return Err(page);
    }
    let value: Value = serde_json::from_str(body).map_err(|e| ProviderError::Malformed {
        detail: format!("not JSON: {e}"),
    })?;
    let mut models = with_adapter!(kind, |adapter| adapter.models(&value)).ok_or_else(|| {
        ProviderError::Malformed {
            detail: "no model list in the reply".into(),
        }
    })?;
    consilium_order::sort_by(&mut models, |a, b| a.id.cmp(&b.id));
    Ok(models)
}
