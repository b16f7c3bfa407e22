//! The bucket's formats (`sync::format`): opaque names, the envelope, additional data bound to id and
//! version, the index and keys.json read back, and everything damaged, newer or weakened refused.
use consilium_engine::sync::format::{
    envelope, index_of, index_plaintext, keys_json, name_message, open_envelope, parse_keys,
    record_aad, record_data, record_object, record_plaintext, FormatProblem, Keys, IV_BYTES,
    MIN_ITERATIONS, RECORD_PREFIX, SALT_BYTES,
};
use consilium_engine::sync::index::{Entry, Index};
use consilium_engine::sync::version::Version;
use serde_json::json;

fn entry(at_ms: u64) -> Entry {
    Entry::live(Version::new(at_ms, "device-a"))
}

fn sealed_bytes() -> Vec<u8> {
    envelope(&[7; IV_BYTES], &[1; 40])
}

#[test]
fn a_records_object_name_is_its_macs_hex_and_says_nothing_of_its_id() {
    let name = record_object(&[0xab; 32]);
    assert_eq!(name, format!("{RECORD_PREFIX}{}", "ab".repeat(32)));
    // What is MACed names the purpose, so the name key's output means nothing elsewhere.
    let message = name_message("session-42", &entry(5));
    assert!(message.starts_with(b"consilium sync record name v1\nsession-42\n"));
    // Each version of a record is an object of its own.
    assert_ne!(message, name_message("session-43", &entry(5)));
    assert_ne!(message, name_message("session-42", &entry(6)));
}

#[test]
fn the_additional_data_binds_the_id_and_the_version() {
    let aad = record_aad("s1", &entry(5));
    assert_ne!(aad, record_aad("s2", &entry(5)));
    assert_ne!(aad, record_aad("s1", &entry(6)));
    assert_eq!(aad, record_aad("s1", &entry(5)));
    assert!(String::from_utf8(aad).unwrap().contains("device-a"));
}

#[test]
fn an_envelope_opens_into_its_iv_and_ciphertext_and_anything_else_is_refused() {
    let bytes = sealed_bytes();
    assert!(bytes.starts_with(b"CSY1"));
    assert_eq!(open_envelope(&bytes), Ok((&[7u8; 12][..], &[1u8; 40][..])));
    let unreadable = Err(FormatProblem::Unreadable("object"));
    assert_eq!(open_envelope(b"CSY1short"), unreadable);
    assert_eq!(open_envelope(&envelope(&[7; 12], &[1; 15])), unreadable);
    let mut other_magic = bytes.clone();
    other_magic[3] = b'2';
    assert_eq!(open_envelope(&other_magic), unreadable);
    assert_eq!(open_envelope(b"{\"plain\": \"json\"}"), unreadable);
}

#[test]
fn a_record_reads_back_only_as_its_own_id() {
    let data = json!({"id": "s1", "title": "t"});
    let plain = record_plaintext("s1", &data);
    assert_eq!(record_data("s1", &plain), Ok(data));
    assert_eq!(
        record_data("s2", &plain),
        Err(FormatProblem::Unreadable("record"))
    );
    assert_eq!(
        record_data("s1", b"not json"),
        Err(FormatProblem::Unreadable("record"))
    );
    let newer = json!({"format": 2, "id": "s1", "data": {}}).to_string();
    assert_eq!(
        record_data("s1", newer.as_bytes()),
        Err(FormatProblem::NewerFormat(2))
    );
}

#[test]
fn the_index_round_trips_and_a_newer_or_damaged_one_is_named() {
    let mut index = Index::default();
    index.touch_body("s1", 10, "a");
    index.touch_field("s1", "title", 20, "b");
    index.delete("s2", 30, "a");
    let plain = index_plaintext(&index);
    assert_eq!(index_of(&plain), Ok(index));
    let text = String::from_utf8(plain).unwrap();
    assert!(text.contains("\"format\":1"), "{text}");
    assert_eq!(
        index_of(br#"{"format": 9, "entries": {}}"#),
        Err(FormatProblem::NewerFormat(9))
    );
    assert_eq!(
        index_of(br#"{"format": 1, "entries": {"s": {"state": "lost"}}}"#),
        Err(FormatProblem::Unreadable("index"))
    );
    assert_eq!(index_of(b"\xff"), Err(FormatProblem::Unreadable("index")));
}

fn keys() -> Keys {
    Keys {
        iterations: 1_000_000,
        salt: vec![3; SALT_BYTES],
        check: sealed_bytes(),
    }
}

#[test]
fn keys_json_round_trips_and_weakened_or_damaged_files_are_refused() {
    let json = keys_json(&keys());
    assert_eq!(parse_keys(&json), Ok(keys()));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["kdf"], "PBKDF2-SHA-256");
    let edit = |change: &dyn Fn(&mut serde_json::Value)| {
        let mut v = value.clone();
        change(&mut v);
        parse_keys(&v.to_string())
    };
    assert_eq!(
        edit(&|v| v["iterations"] = (MIN_ITERATIONS - 1).into()),
        Err(FormatProblem::Weakened)
    );
    assert_eq!(
        edit(&|v| v["format"] = 2.into()),
        Err(FormatProblem::NewerFormat(2))
    );
    let unreadable = Err(FormatProblem::Unreadable("keys.json"));
    assert_eq!(edit(&|v| v["kdf"] = "scrypt".into()), unreadable);
    assert_eq!(edit(&|v| v["salt"] = "0303".into()), unreadable);
    assert_eq!(edit(&|v| v["check"] = "zz".into()), unreadable);
    assert_eq!(edit(&|v| v["check"] = "00".repeat(40).into()), unreadable);
    assert_eq!(parse_keys("<Error>NoSuchKey</Error>"), unreadable);
    for problem in [
        FormatProblem::Unreadable("index"),
        FormatProblem::NewerFormat(2),
        FormatProblem::Weakened,
    ] {
        assert!(!problem.sentence().is_empty());
    }
}
