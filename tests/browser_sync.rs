//! Sync's encryption in a real browser (WebCrypto): a record, the index and keys.json round trip; a
//! wrong passphrase is refused at keys.json; a tampered object, an object moved under another id, an
//! older copy put back, or one sealed under another bucket's keys does not open; every write draws a
//! fresh IV; nothing of the record's text is in the bytes. Run with
//! `cargo test --target wasm32-unknown-unknown -p consilium --test browser_sync`.
#![cfg(target_arch = "wasm32")]

use consilium::platform::sync::crypto::{
    new_keys, object_name, open_index, open_keys, open_record, seal_index, seal_record,
    SyncCryptoError,
};
use consilium_engine::sync::format::RECORD_PREFIX;
use consilium_engine::sync::index::{Entry, Index};
use consilium_engine::sync::version::Version;
use serde_json::json;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const PASSPHRASE: &str = "correct horse battery staple";
const SUBJECT: &str = "Should we migrate the billing ledger to Postgres?";

fn entry(at_ms: u64) -> Entry {
    Entry::live(Version::new(at_ms, "device-a"))
}

#[wasm_bindgen_test]
async fn a_record_and_the_index_round_trip_and_nothing_else_opens() {
    let started = js_sys::Date::now();
    let (keys, keys_json) = new_keys(PASSPHRASE).await.unwrap();
    console_log!("sync keys derived in {} ms", js_sys::Date::now() - started);
    let data = json!({"id": "s1", "title": "Billing ledger", "subject": SUBJECT});

    let sealed = seal_record(&keys, "s1", &entry(5), &data).await.unwrap();
    let text = String::from_utf8_lossy(&sealed);
    assert!(!text.contains("Postgres") && !text.contains("Billing") && !text.contains("s1"));
    assert_eq!(
        open_record(&keys, "s1", &entry(5), &sealed).await,
        Ok(data.clone())
    );
    // A fresh IV per write: the same record sealed twice differs.
    let again = seal_record(&keys, "s1", &entry(5), &data).await.unwrap();
    assert_ne!(sealed[4..16], again[4..16]);

    // Moved under another id, or an older version put back: refused.
    assert_eq!(
        open_record(&keys, "s2", &entry(5), &sealed).await,
        Err(SyncCryptoError::Refused)
    );
    assert_eq!(
        open_record(&keys, "s1", &entry(4), &sealed).await,
        Err(SyncCryptoError::Refused)
    );
    // One bit changed anywhere after the magic: refused.
    for at in [5, 20, sealed.len() - 1] {
        let mut tampered = sealed.clone();
        tampered[at] ^= 1;
        assert_eq!(
            open_record(&keys, "s1", &entry(5), &tampered).await,
            Err(SyncCryptoError::Refused),
            "byte {at}"
        );
    }

    let mut index = Index::default();
    index.touch_body("s1", 5, "device-a");
    let sealed_index = seal_index(&keys, &index).await.unwrap();
    assert_eq!(open_index(&keys, &sealed_index).await, Ok(index));
    assert!(open_record(&keys, "s1", &entry(5), &sealed_index)
        .await
        .is_err());

    // Another device with the same passphrase opens keys.json and reads the same bytes.
    let other = open_keys(PASSPHRASE, &keys_json).await.unwrap();
    assert_eq!(
        open_record(&other, "s1", &entry(5), &sealed).await,
        Ok(data)
    );
    let name = object_name(&keys, "s1", &entry(5)).await.unwrap();
    assert_eq!(name, object_name(&other, "s1", &entry(5)).await.unwrap());
    assert!(name.starts_with(RECORD_PREFIX) && !name.contains("s1"));
    assert_eq!(name.len(), RECORD_PREFIX.len() + 64);
    assert_ne!(name, object_name(&keys, "s2", &entry(5)).await.unwrap());
    assert!(!keys_json.contains(PASSPHRASE));
}

#[wasm_bindgen_test]
async fn a_wrong_passphrase_is_refused_at_keys_json_and_another_buckets_keys_open_nothing() {
    let (keys, keys_json) = new_keys(PASSPHRASE).await.unwrap();
    assert_eq!(
        open_keys("correct horse battery stapler", &keys_json)
            .await
            .err(),
        Some(SyncCryptoError::WrongPassphrase)
    );
    // The same passphrase on another bucket (another salt) gives other keys.
    let (elsewhere, _) = new_keys(PASSPHRASE).await.unwrap();
    let sealed = seal_record(&keys, "s1", &entry(5), &json!({}))
        .await
        .unwrap();
    assert_eq!(
        open_record(&elsewhere, "s1", &entry(5), &sealed).await,
        Err(SyncCryptoError::Refused)
    );
    assert_ne!(
        object_name(&keys, "s1", &entry(5)).await.unwrap(),
        object_name(&elsewhere, "s1", &entry(5)).await.unwrap()
    );
    // A keys.json that is not one is named, not tried.
    assert!(matches!(
        open_keys(PASSPHRASE, "<Error><Code>NoSuchKey</Code></Error>").await,
        Err(SyncCryptoError::Format(_))
    ));
}
