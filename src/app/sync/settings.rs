//! The settings in a sync (engine `sync::settings`: one record without any key or secret, merged
//! per field): which settings changed here since the last sync, and the record's upload, download
//! (taken into this device's settings) or merge. A device's first sync with a bucket that already
//! holds settings keeps what was set up here and takes the bucket's for the rest.
use consilium_engine::sync::fields::{changed_fields, merge};
use consilium_engine::sync::index::{Entry, Index};
use consilium_engine::sync::plan::Plan;
use consilium_engine::sync::settings::{
    first_sync_entry, settings_record, settings_with, SETTINGS_ID,
};
use serde_json::Value;

use super::run::{Step, Sync};
use crate::platform::sync::local::SyncState;
use crate::settings::{save_json, stored_json, Settings};

/// What a sync does with the settings' record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsStep {
    Nothing,
    Upload,
    Download,
    Merge,
}

/// Versions the settings changed here since the last sync: each changed field; on this device's
/// first sync, the whole record when the bucket holds no settings yet, else each setting that is
/// not the default (the rest takes the bucket's: `sync::settings::first_sync_entry`).
pub fn note(state: &mut SyncState, remote: &Index, now: u64) {
    let record = settings_record(&stored_json());
    let device = state.device.clone();
    match &state.settings_seen {
        Some(seen) => {
            for field in changed_fields(seen, &record) {
                state.index.touch_field(SETTINGS_ID, &field, now, &device);
            }
        }
        None => match remote.get(SETTINGS_ID) {
            Some(in_bucket) if !in_bucket.is_deleted() => {
                let defaults = serde_json::to_value(Settings::default()).unwrap_or_default();
                let entry = first_sync_entry(
                    &settings_record(&defaults),
                    &record,
                    in_bucket,
                    now,
                    &device,
                );
                state.index.entries.insert(SETTINGS_ID.to_string(), entry);
            }
            _ => state.index.touch_body(SETTINGS_ID, now, &device),
        },
    }
    state.settings_seen = Some(record);
}

/// Takes the settings' step out of `plan` (its session steps are the rest).
pub fn take_step(plan: &mut Plan) -> SettingsStep {
    let take = |list: &mut Vec<String>| {
        let before = list.len();
        list.retain(|id| id != SETTINGS_ID);
        list.len() != before
    };
    if take(&mut plan.upload) {
        SettingsStep::Upload
    } else if take(&mut plan.download) {
        SettingsStep::Download
    } else if take(&mut plan.merge) {
        SettingsStep::Merge
    } else {
        SettingsStep::Nothing
    }
}

impl Sync<'_> {
    /// Does `step` (`synced`: the index this sync ends with); Ok(true) when this device's settings
    /// changed (taken from the bucket, or merged).
    pub async fn settings(
        &self,
        step: SettingsStep,
        state: &mut SyncState,
        remote: &Index,
        synced: &Index,
    ) -> Step<bool> {
        let (Some(merged), Some(there)) = (synced.get(SETTINGS_ID), remote.get(SETTINGS_ID)) else {
            return match (step, synced.get(SETTINGS_ID)) {
                (SettingsStep::Upload, Some(merged)) => self.upload_settings(merged).await,
                _ => Ok(Ok(false)),
            };
        };
        let arrived = match step {
            SettingsStep::Nothing => return Ok(Ok(false)),
            SettingsStep::Upload => return self.upload_settings(merged).await,
            SettingsStep::Download | SettingsStep::Merge => {
                match self.fetch(SETTINGS_ID, there).await? {
                    Ok(value) => value,
                    Err(why) => return Ok(Err(why)),
                }
            }
        };
        let taken = match (step, state.index.get(SETTINGS_ID)) {
            (SettingsStep::Merge, Some(here)) => {
                merge(&settings_record(&stored_json()), here, &arrived, there)
            }
            _ => arrived,
        };
        if let Err(why) = take(state, &taken) {
            return Ok(Err(why));
        }
        if step == SettingsStep::Merge {
            if let Err(why) = self.put(SETTINGS_ID, merged, &taken).await? {
                return Ok(Err(why));
            }
        }
        Ok(Ok(true))
    }

    async fn upload_settings(&self, entry: &Entry) -> Step<bool> {
        let record = settings_record(&stored_json());
        Ok(self.put(SETTINGS_ID, entry, &record).await?.map(|()| false))
    }
}

/// Stores `record` as this device's settings (its local-only fields kept) and notes it as synced.
fn take(state: &mut SyncState, record: &Value) -> Result<(), String> {
    let settings = settings_with(&stored_json(), record);
    save_json(settings).map_err(|why| format!("The settings in the bucket do not read: {why}"))?;
    state.settings_seen = Some(settings_record(&stored_json()));
    Ok(())
}
