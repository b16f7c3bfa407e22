//! The key vault in a real browser (WebCrypto, local storage): sealed and opened with a passphrase,
//! a wrong one refused without touching the stored vault, no key text left in any web storage
//! after locking, clear keys of an earlier version moved in, and a version-1 vault (the passphrase's
//! key sealing the keys itself) opened and rewritten as version 2 (a wrapped data key). Run with
//! `cargo test --target wasm32-unknown-unknown -p consilium --test browser_vault`.
#![cfg(target_arch = "wasm32")]

use consilium::platform::keys;
use consilium::platform::vault::format::{LEGACY_CLEAR_ENTRY, VAULT_ENTRY};
use consilium::platform::vault::unlock::UnlockMethod;
use consilium::platform::vault::{Secret, VaultError, VaultStatus};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const SECRET: &str = "sk-vault-test-secret-4242";
const PASSPHRASE: &str = "correct horse battery staple";

fn local() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn session() -> web_sys::Storage {
    web_sys::window()
        .unwrap()
        .session_storage()
        .unwrap()
        .unwrap()
}

/// Every value in local and session storage, joined.
fn all_web_storage() -> String {
    let mut text = String::new();
    for storage in [local(), session()] {
        for i in 0..storage.length().unwrap() {
            let name = storage.key(i).unwrap().unwrap();
            text += &name;
            text += &storage.get_item(&name).unwrap().unwrap_or_default();
        }
    }
    text
}

fn phrase(text: &str) -> Secret {
    Secret::Passphrase(consilium_providers::Secret::new(text))
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

#[wasm_bindgen_test]
async fn the_vault_round_trips_refuses_a_wrong_passphrase_and_leaves_no_clear_key() {
    keys::forget_remembered();
    local().clear().unwrap();
    local().set_item("consilium.other", "kept").unwrap();

    keys::set_key("p-vault", SECRET, true);
    assert!(keys::waiting_for_vault(), "remembered but not sealed yet");
    assert!(
        !all_web_storage().contains(SECRET),
        "nothing stored in clear"
    );

    let started = now_ms();
    keys::create_vault(phrase(PASSPHRASE)).await.unwrap();
    // The work factor's cost here (README, "Remembered keys").
    console_log!("vault created in {} ms", now_ms() - started);
    assert_eq!(keys::vault_status(), VaultStatus::Unlocked);
    assert_eq!(keys::vault_methods(), vec![UnlockMethod::Passphrase]);
    let stored = local().get_item(VAULT_ENTRY).unwrap().unwrap();
    let record: serde_json::Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(record["version"], 2);
    assert_eq!(record["locks"][0]["method"], "passphrase");
    assert!(!stored.contains(SECRET));
    assert!(!all_web_storage().contains(SECRET));

    keys::lock();
    assert_eq!(keys::vault_status(), VaultStatus::Locked);
    assert_eq!(keys::get_key("p-vault"), None, "locked keys leave memory");
    assert!(
        !all_web_storage().contains(SECRET),
        "no clear key after locking"
    );

    let wrong = keys::unlock(phrase("not the passphrase")).await;
    assert_eq!(wrong, Err(VaultError::WrongPassphrase));
    assert!(wrong.unwrap_err().sentence().contains("Wrong passphrase"));
    assert_eq!(
        local().get_item(VAULT_ENTRY).unwrap().unwrap(),
        stored,
        "ciphertext kept"
    );
    assert_eq!(keys::get_key("p-vault"), None);

    let started = now_ms();
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    console_log!("vault unlocked in {} ms", now_ms() - started);
    assert_eq!(keys::get_key("p-vault").as_deref(), Some(SECRET));
    assert_eq!(keys::vault_status(), VaultStatus::Unlocked);

    // A key changed while open is sealed again, under a new IV.
    keys::set_key("p-vault", "sk-vault-test-second-7777", true);
    for _ in 0..50 {
        if local().get_item(VAULT_ENTRY).unwrap().unwrap() != stored {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(20).await;
    }
    assert_ne!(local().get_item(VAULT_ENTRY).unwrap().unwrap(), stored);
    keys::lock();
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(
        keys::get_key("p-vault").as_deref(),
        Some("sk-vault-test-second-7777")
    );

    keys::forget_remembered();
    assert_eq!(keys::vault_status(), VaultStatus::None);
    assert_eq!(keys::get_key("p-vault"), None);
    assert_eq!(
        local().get_item("consilium.other").unwrap().as_deref(),
        Some("kept"),
        "Forgot deletes only the keys"
    );
}

#[wasm_bindgen_test]
async fn clear_keys_of_an_earlier_version_move_into_the_vault_and_the_clear_copy_goes() {
    keys::forget_remembered();
    local().clear().unwrap();
    local()
        .set_item(LEGACY_CLEAR_ENTRY, r#"{"p-old": "sk-old-clear-9999"}"#)
        .unwrap();
    assert_eq!(keys::vault_status(), VaultStatus::ClearFromEarlierVersion);
    keys::create_vault(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(local().get_item(LEGACY_CLEAR_ENTRY).unwrap(), None);
    assert!(!all_web_storage().contains("sk-old-clear-9999"));
    keys::lock();
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(keys::get_key("p-old").as_deref(), Some("sk-old-clear-9999"));

    // A clear copy found beside an existing vault joins it at the next unlock.
    keys::lock();
    local()
        .set_item(LEGACY_CLEAR_ENTRY, r#"{"p-older": "sk-older-clear-1111"}"#)
        .unwrap();
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(local().get_item(LEGACY_CLEAR_ENTRY).unwrap(), None);
    assert_eq!(
        keys::get_key("p-older").as_deref(),
        Some("sk-older-clear-1111")
    );
    keys::lock();
    assert!(!all_web_storage().contains("sk-older-clear-1111"));
    keys::forget_remembered();
}

/// A vault as version 1 wrote it (made with Node's WebCrypto: PBKDF2-SHA-256, 1,000,000 rounds, of
/// PASSPHRASE; AES-GCM of `{"keys":{"p-v1":"sk-v1-fixture-5150"}}`).
const V1_VAULT: &str = r#"{"version":1,"kdf":"PBKDF2-SHA-256","iterations":1000000,"salt":"1edefa4c18e2428babc867b64c4f40a2","cipher":"AES-GCM-256","iv":"ef2cda720f32fa21d76da182","ciphertext":"32cac46b38e55f91106a868b3112e2d872769ec6e2f588a79bf8b094f6faf97987fc7fd904df6f25c6407933db7a40963f353d46fcc5"}"#;

#[wasm_bindgen_test]
async fn a_version_1_vault_opens_with_its_passphrase_and_is_rewritten_as_version_2() {
    keys::forget_remembered();
    local().clear().unwrap();
    local().set_item(VAULT_ENTRY, V1_VAULT).unwrap();
    assert_eq!(keys::vault_status(), VaultStatus::Locked);
    assert_eq!(keys::vault_methods(), vec![UnlockMethod::Passphrase]);

    assert_eq!(
        keys::unlock(phrase("not the passphrase")).await,
        Err(VaultError::WrongPassphrase)
    );
    assert_eq!(
        local().get_item(VAULT_ENTRY).unwrap().as_deref(),
        Some(V1_VAULT),
        "a wrong passphrase leaves the old vault as it was"
    );
    assert!(
        keys::unlock(Secret::Passkey).await.is_err(),
        "a version-1 vault has no passkey"
    );

    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(keys::get_key("p-v1").as_deref(), Some("sk-v1-fixture-5150"));
    let rewritten = local().get_item(VAULT_ENTRY).unwrap().unwrap();
    let record: serde_json::Value = serde_json::from_str(&rewritten).unwrap();
    assert_eq!(record["version"], 2);
    assert_eq!(record["locks"].as_array().unwrap().len(), 1);
    assert_eq!(record["locks"][0]["method"], "passphrase");
    assert_eq!(
        record["locks"][0]["salt"], "1edefa4c18e2428babc867b64c4f40a2",
        "the passphrase's salt and work factor are kept"
    );
    assert!(!all_web_storage().contains("sk-v1-fixture-5150"));

    // The rewritten vault opens with the same passphrase after a lock.
    keys::lock();
    assert_eq!(keys::get_key("p-v1"), None);
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(keys::get_key("p-v1").as_deref(), Some("sk-v1-fixture-5150"));
    keys::forget_remembered();
}

#[wasm_bindgen_test]
fn a_passkey_prf_output_of_any_length_but_32_bytes_is_refused() {
    use consilium::platform::vault::passkey::{prf_output, PRF_OUTPUT_BYTES};
    assert_eq!(prf_output(vec![7; PRF_OUTPUT_BYTES]).unwrap(), vec![7; 32]);
    for wrong in [0, 16, 31, 33, 64] {
        let refused = prf_output(vec![7; wrong]).unwrap_err().sentence();
        assert!(
            refused.contains(&format!("its PRF output was {wrong} bytes, not 32")),
            "{refused}"
        );
    }
}

/// Waits (as a user would, for the sealed change to land) until `check` holds of the stored vault.
async fn stored_until(check: impl Fn(&str) -> bool) -> String {
    for _ in 0..100 {
        let stored = local().get_item(VAULT_ENTRY).unwrap().unwrap_or_default();
        if check(&stored) {
            return stored;
        }
        gloo_timers::future::TimeoutFuture::new(20).await;
    }
    panic!("the stored vault never changed as expected");
}

#[wasm_bindgen_test]
async fn a_key_removed_while_locked_stays_removed_after_the_next_unlock() {
    keys::forget_remembered();
    local().clear().unwrap();
    keys::set_key("p-gone", "sk-removed-while-locked-1", true);
    keys::set_key("p-kept", "sk-kept-while-locked-2", true);
    keys::create_vault(phrase(PASSPHRASE)).await.unwrap();
    keys::lock();

    keys::forget("p-gone");
    let marked = local().get_item(VAULT_ENTRY).unwrap().unwrap();
    assert!(
        marked.contains("p-gone"),
        "the removal is marked in the record"
    );
    assert!(!marked.contains("sk-removed-while-locked-1"));
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(
        keys::get_key("p-gone"),
        None,
        "not brought back by the unlock"
    );
    assert_eq!(
        keys::get_key("p-kept").as_deref(),
        Some("sk-kept-while-locked-2")
    );
    // Nor by the one after: the unlock took it out of the ciphertext and cleared the mark.
    keys::lock();
    let rewritten = local().get_item(VAULT_ENTRY).unwrap().unwrap();
    assert!(!rewritten.contains("dropped"), "{rewritten}");
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(keys::get_key("p-gone"), None);

    // Removed while locked, then typed again: the new key wins.
    keys::lock();
    keys::forget("p-kept");
    keys::set_key("p-kept", "sk-typed-again-3", true);
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(keys::get_key("p-kept").as_deref(), Some("sk-typed-again-3"));
    keys::forget_remembered();
}

#[wasm_bindgen_test]
async fn a_tab_writes_over_what_another_tab_stored_never_from_its_memory() {
    keys::forget_remembered();
    local().clear().unwrap();
    keys::set_key("p-a", "sk-tab-a-1", true);
    keys::set_key("p-b", "sk-tab-b-2", true);
    keys::create_vault(phrase(PASSPHRASE)).await.unwrap();
    let first = local().get_item(VAULT_ENTRY).unwrap().unwrap();
    assert_eq!(
        consilium::platform::vault::record::revision_of(&first),
        1,
        "a new vault is at revision 1"
    );

    // "Another tab" (the record as it stood, with p-b removed there while locked) wrote meanwhile:
    // this tab's next change is applied to what is stored, so p-b does not come back.
    let other = consilium::platform::vault::record::with_dropped(&first, "p-b").unwrap();
    local().set_item(VAULT_ENTRY, &other).unwrap();
    keys::set_key("p-c", "sk-tab-c-3", true);
    let written = stored_until(|s| s != other).await;
    assert_eq!(consilium::platform::vault::record::revision_of(&written), 3);
    keys::lock();
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(keys::get_key("p-b"), None, "the other tab's removal stuck");
    assert_eq!(keys::get_key("p-a").as_deref(), Some("sk-tab-a-1"));
    assert_eq!(keys::get_key("p-c").as_deref(), Some("sk-tab-c-3"));

    // "Forgot" in another tab: this tab's next change does not recreate the vault; it is locked,
    // and the key just typed stays for this tab, waiting for a new vault.
    local().remove_item(VAULT_ENTRY).unwrap();
    keys::set_key("p-d", "sk-tab-d-4", true);
    for _ in 0..100 {
        if !consilium::platform::vault::is_open() {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(20).await;
    }
    assert_eq!(
        local().get_item(VAULT_ENTRY).unwrap(),
        None,
        "not recreated"
    );
    assert_eq!(keys::vault_status(), VaultStatus::None);
    assert_eq!(
        keys::get_key("p-a"),
        None,
        "the deleted vault's keys left memory"
    );
    assert_eq!(keys::get_key("p-d").as_deref(), Some("sk-tab-d-4"));
    assert!(keys::waiting_for_vault());
    keys::forget_remembered();
}

#[wasm_bindgen_test]
async fn a_weak_passphrase_is_refused_with_the_reason_and_nothing_is_stored() {
    keys::forget_remembered();
    local().clear().unwrap();
    keys::set_key("p-weak", "sk-weak-passphrase-5", true);
    for weak in ["password", "12345678"] {
        let Err(VaultError::Problem(reason)) = keys::create_vault(phrase(weak)).await else {
            panic!("{weak} accepted");
        };
        assert!(
            reason.starts_with("This passphrase is too easy to guess"),
            "{reason}"
        );
        assert_eq!(local().get_item(VAULT_ENTRY).unwrap(), None);
        assert_eq!(keys::vault_status(), VaultStatus::None);
    }
    keys::forget_remembered();
}

#[wasm_bindgen_test]
async fn a_changed_passphrase_reseals_the_keys_under_a_new_data_key_and_the_old_one_no_longer_opens(
) {
    const NEW: &str = "plum tractor velvet oyster";
    keys::forget_remembered();
    local().clear().unwrap();
    keys::set_key("p-change", "sk-change-passphrase-6", true);
    keys::create_vault(phrase(PASSPHRASE)).await.unwrap();
    let before: serde_json::Value =
        serde_json::from_str(&local().get_item(VAULT_ENTRY).unwrap().unwrap()).unwrap();

    assert_eq!(
        keys::change_passphrase("not the passphrase".into(), NEW.into()).await,
        Err(VaultError::Problem(
            "That is not the vault's passphrase: nothing was changed.".into()
        ))
    );
    let Err(VaultError::Problem(weak)) =
        keys::change_passphrase(PASSPHRASE.into(), "password".into()).await
    else {
        panic!("a weak new passphrase was taken");
    };
    assert!(
        weak.starts_with("This passphrase is too easy to guess"),
        "{weak}"
    );
    let unchanged: serde_json::Value =
        serde_json::from_str(&local().get_item(VAULT_ENTRY).unwrap().unwrap()).unwrap();
    assert_eq!(unchanged, before, "refusals change nothing");

    keys::change_passphrase(PASSPHRASE.into(), NEW.into())
        .await
        .unwrap();
    let after: serde_json::Value =
        serde_json::from_str(&local().get_item(VAULT_ENTRY).unwrap().unwrap()).unwrap();
    assert_ne!(after["ciphertext"], before["ciphertext"]);
    assert_ne!(after["locks"][0]["salt"], before["locks"][0]["salt"]);
    assert_eq!(
        keys::get_key("p-change").as_deref(),
        Some("sk-change-passphrase-6")
    );

    // The old record's passphrase lock opened the old data key; the new ciphertext is not under it.
    keys::lock();
    assert_eq!(
        keys::unlock(phrase(PASSPHRASE)).await,
        Err(VaultError::WrongPassphrase)
    );
    keys::unlock(phrase(NEW)).await.unwrap();
    assert_eq!(
        keys::get_key("p-change").as_deref(),
        Some("sk-change-passphrase-6")
    );
    keys::forget_remembered();
}

/// A vault made when the work factor was 100,000 rounds (Node's WebCrypto: PBKDF2-SHA-256 of
/// PASSPHRASE wrapping a random data key that seals `{"keys":{"p-old-factor":"sk-old-factor-6161"}}`).
const LOW_FACTOR_VAULT: &str = r#"{"version":2,"cipher":"AES-GCM-256","iv":"8a5d965adf381ccd4e427440","ciphertext":"a2a475ecab868006c7da54c0fe7169428c84911049db84e993b5dfbb37f0d5c32a2ed1d696703f71d3a5ebf89f16118f62c61463df2a50bfc91273459af4","locks":[{"method":"passphrase","kdf":"PBKDF2-SHA-256","iterations":100000,"salt":"f0cfb8dd6b498a54991aaa45cdd87208","iv":"7ba396bd8e939a20718b585f","wrapped":"a6e295e9acf8b4ea9c3c4adf93feb7664ebf12fc647f379c324191333b7508049e9077b9835adf61af969aa822dd5649"}]}"#;

#[wasm_bindgen_test]
async fn a_stored_work_factor_below_todays_is_raised_at_unlock_and_an_absurd_one_is_not_tried() {
    use consilium::platform::vault::format::ITERATIONS;
    keys::forget_remembered();
    local().clear().unwrap();
    local().set_item(VAULT_ENTRY, LOW_FACTOR_VAULT).unwrap();
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(
        keys::get_key("p-old-factor").as_deref(),
        Some("sk-old-factor-6161")
    );
    let raised: serde_json::Value =
        serde_json::from_str(&local().get_item(VAULT_ENTRY).unwrap().unwrap()).unwrap();
    assert_eq!(raised["locks"][0]["iterations"], ITERATIONS);
    assert_ne!(
        raised["locks"][0]["salt"],
        "f0cfb8dd6b498a54991aaa45cdd87208"
    );
    keys::lock();
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(
        keys::get_key("p-old-factor").as_deref(),
        Some("sk-old-factor-6161")
    );
    keys::forget_remembered();

    // A crafted record asking for four billion rounds is refused before any key is derived.
    let absurd = LOW_FACTOR_VAULT.replace("\"iterations\":100000", "\"iterations\":4000000000");
    local().set_item(VAULT_ENTRY, &absurd).unwrap();
    let started = now_ms();
    let Err(VaultError::Problem(refused)) = keys::unlock(phrase(PASSPHRASE)).await else {
        panic!("an absurd work factor was tried");
    };
    assert!(refused.contains("it was not tried"), "{refused}");
    assert!(now_ms() - started < 2_000.0, "answered at once");
    assert_eq!(
        local().get_item(VAULT_ENTRY).unwrap().as_deref(),
        Some(absurd.as_str())
    );
    keys::forget_remembered();
}

#[wasm_bindgen_test]
async fn a_vault_write_waits_its_turn_while_another_tab_holds_the_vaults_lock() {
    keys::forget_remembered();
    local().clear().unwrap();
    keys::set_key("p-turn-a", "sk-turn-a-1", true);
    keys::create_vault(phrase(PASSPHRASE)).await.unwrap();
    let before = local().get_item(VAULT_ENTRY).unwrap().unwrap();

    // Held as another tab would hold it while it reads, changes and stores the vault: the
    // compare-before-write alone leaves a window, as each tab's storage reaches the others late.
    let held = consilium::platform::run_lock::hold("consilium-vault").await;
    keys::set_key("p-turn-b", "sk-turn-b-2", true);
    for _ in 0..10 {
        gloo_timers::future::TimeoutFuture::new(20).await;
        assert_eq!(
            local().get_item(VAULT_ENTRY).unwrap().as_deref(),
            Some(before.as_str()),
            "nothing is written while another holds the lock"
        );
    }
    drop(held);
    let written = stored_until(|s| s != before).await;
    assert_eq!(consilium::platform::vault::record::revision_of(&written), 2);
    keys::lock();
    keys::unlock(phrase(PASSPHRASE)).await.unwrap();
    assert_eq!(keys::get_key("p-turn-b").as_deref(), Some("sk-turn-b-2"));
    keys::forget_remembered();
}
