//! What each OpenRouter key may still spend (`GET {base}/key`), read after a sign-in, when asked,
//! and again just before a run; and the last sign-in's outcome. In memory only: a key's limit is
//! never stored, and the key itself is never held here.
use consilium_engine::foundation::ids::ProviderId;
use std::collections::HashMap;

use consilium_engine::key_limit::KeyLimit;
use consilium_providers::openrouter::{build_key_info_request, parse_key_info, KeyInfo};
use consilium_providers::{FetchOutcome, ProviderKind};
use leptos::prelude::*;

use crate::platform::keys;
use crate::platform::transport::probe;
use crate::settings::{ProviderSettings, Settings};

const TIMEOUT_MS: u32 = 15_000;

#[derive(Clone, Copy)]
pub struct KeyBook {
    infos: RwSignal<HashMap<ProviderId, KeyInfo>>,
    /// The last sign-in's outcome, for the provider it was for: (provider id, sentence).
    pub sign_in: RwSignal<Option<(ProviderId, String)>>,
}

impl Default for KeyBook {
    fn default() -> Self {
        Self {
            infos: RwSignal::new(HashMap::new()),
            sign_in: RwSignal::new(None),
        }
    }
}

/// Whether the provider's key has a limit to read: an OpenRouter provider with a key.
pub fn has_key_info(provider: &ProviderSettings) -> bool {
    provider.kind == ProviderKind::OpenRouter && keys::has_key(provider.id.as_str())
}

impl KeyBook {
    /// The provider's key as last read (tracked).
    pub fn info(&self, provider_id: &ProviderId) -> Option<KeyInfo> {
        self.infos.with(|infos| infos.get(provider_id).cloned())
    }

    pub fn forget(&self, provider_id: &ProviderId) {
        self.infos.update(|infos| {
            infos.remove(provider_id);
        });
    }

    /// Reads the provider's key info again; kept when read, forgotten when the key is refused.
    /// None when there is no key or the provider could not say.
    pub async fn refresh(&self, provider: &ProviderSettings) -> Option<KeyInfo> {
        if !has_key_info(provider) {
            self.forget(&provider.id);
            return None;
        }
        let key = keys::get_key(provider.id.as_str())?;
        let outcome = probe(
            &build_key_info_request(&provider.base_url, &key),
            TIMEOUT_MS,
        )
        .await;
        let FetchOutcome::Answered { status, body, .. } = outcome else {
            // Unreachable for now: the last reading stands.
            return self.infos.with_untracked(|i| i.get(&provider.id).cloned());
        };
        match parse_key_info(status, &body) {
            Ok(info) => {
                let kept = info.clone();
                self.infos.update(|infos| {
                    infos.insert(provider.id.clone(), kept);
                });
                Some(info)
            }
            Err(_) => {
                self.forget(&provider.id);
                None
            }
        }
    }

    /// Reads again the keys of every provider in `ids` that has one to read.
    pub async fn refresh_all(&self, settings: &Settings, ids: &[ProviderId]) {
        for provider in settings.providers.iter().filter(|p| ids.contains(&p.id)) {
            self.refresh(provider).await;
        }
    }

    /// The limited keys as last read, for the engine's check before a run.
    pub fn limits(&self, settings: &Settings) -> Vec<KeyLimit> {
        self.infos.with_untracked(|infos| {
            infos
                .iter()
                .filter_map(|(id, info)| {
                    let provider = settings.provider(id)?;
                    Some(KeyLimit {
                        provider_id: id.clone(),
                        provider_name: provider.name.clone(),
                        key_label: info.label.clone(),
                        limit_usd: info.limit?,
                        remaining_usd: info.remaining?,
                    })
                })
                .collect()
        })
    }
}
