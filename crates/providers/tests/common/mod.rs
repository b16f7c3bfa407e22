//! Shared by the test binaries: reading recorded replies.
#![allow(dead_code)] // each test binary uses its own share of these helpers

use std::path::PathBuf;

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A recorded body as bytes, exactly as it would come off the wire.
pub fn fixture_bytes(name: &str) -> Vec<u8> {
    std::fs::read(path(name)).unwrap_or_else(|e| panic!("fixture {name}: {e}"))
}

pub fn fixture(name: &str) -> String {
    String::from_utf8(fixture_bytes(name)).expect("fixtures are UTF-8")
}
