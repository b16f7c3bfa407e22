//! A session whose material the browser's full storage refuses is stored with only the passages
//! the council cited (`library::storage_full`): the rule reads every quote's check, so in the split
//! build it is a part of its own, fetched only when a save with material hits the quota.
use consilium_engine::library::storage_full::with_cited_passages_only;
use consilium_engine::record::Session;

use crate::platform::split::{split_fn, PartUnavailable};

split_fn! {
    storage_full, preload _preload_storage_full:
    /// The session with only its cited passages, and the sentence that says so; None when it has
    /// nothing to leave out.
    fn cited_only_in_part(session: Session) -> Result<Option<(Session, String)>, PartUnavailable> {
        Ok(with_cited_passages_only(&session))
    }
}

/// The session with only its cited passages and the sentence, or None (nothing to leave out, or
/// the part could not be fetched: the save then stays refused, the session open here).
pub async fn cited_only(session: Session) -> Option<(Session, String)> {
    cited_only_in_part(session).await.ok().flatten()
}
