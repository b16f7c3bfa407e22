//! Sync's browser I/O (README, "Sync"; the rules and formats are the engine's `sync`, the bucket's
//! requests `consilium-bucket`): `crypto` derives the sync keys from the passphrase and seals and
//! opens what goes to the bucket, `bucket` sends the presigned requests, `local` keeps this
//! device's sync settings and state.
pub mod bucket;
pub mod crypto;
pub mod local;
