//! A provider's model list: fetched with its key, kept in the settings with the prices the list
//! carries (OpenRouter's does), for every seat's model picker.
use consilium_providers::{redact, Price};
use leptos::prelude::*;

use crate::app::AppState;
use crate::platform::keys;
use crate::platform::transport::list_models;
use crate::settings::ProviderSettings;

/// How long the list may take.
const TIMEOUT_MS: u32 = 20_000;

/// Loads `provider`'s model list into the settings (and the prices it carries) and saves them:
/// what to say when it worked ("12 models loaded."), or why not, with the key redacted.
pub async fn load_models(state: AppState, provider: ProviderSettings) -> Result<String, String> {
    let key = keys::get_key(&provider.id);
    let models = list_models(&provider.endpoint(), key.as_deref(), TIMEOUT_MS)
        .await
        .map_err(|error| {
            redact(
                &error.model_list_message(&provider.error_context(&provider.default_model)),
                key.as_deref(),
            )
        })?;
    let count = models.len();
    let priced: Vec<(String, Price)> = models
        .iter()
        .filter_map(|m| m.price.map(|p| (m.id.clone(), p)))
        .collect();
    state.settings.update(|s| {
        if let Some(p) = s.providers.iter_mut().find(|p| p.id == provider.id) {
            p.models = models.into_iter().map(|m| m.id).collect();
        }
        priced
            .into_iter()
            .for_each(|(id, price)| s.prices.set(&id, price));
    });
    state.settings.with_untracked(|s| s.save())?;
    Ok(format!("{count} models loaded."))
}
