//! The provider check (`health::check_provider`): it builds and reads real calls (the providers'
//! request and reply codecs, the transport), so in the split build it is a part of its own,
//! loaded the first time a provider is checked (added from a preset, a key typed, Settings).
use consilium_engine::views::health::Health;
use futures::future::LocalBoxFuture;

use super::health::{self, Checked};
use crate::platform::split::{split_fn, PartUnavailable};
use crate::settings::ProviderSettings;

split_fn! {
    check, preload _preload_check:
    /// The check, to await.
    fn check_in_part(provider: ProviderSettings) -> Result<LocalBoxFuture<'static, Checked>, PartUnavailable> {
        Ok(Box::pin(async move { health::check_provider(&provider).await }))
    }
}

/// Checks `provider`; a part that cannot load leaves its health unknown (checked again when asked).
pub async fn check(provider: ProviderSettings) -> Checked {
    match check_in_part(provider).await {
        Ok(checking) => checking.await,
        Err(_) => Checked {
            health: Health::Unknown,
            prices: Vec::new(),
            facts: Default::default(),
        },
    }
}
