//! Sync's browser I/O (README, "Sync"; the rules and formats are the engine's `sync`): `crypto`
//! derives the sync keys from the passphrase and seals and opens what goes to the bucket.
pub mod crypto;
