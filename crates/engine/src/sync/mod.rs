//! Sync through the user's own S3-compatible bucket, the pure half (docs/design.md, "Sync through
//! the user's own bucket"; README, "Sync"): the versions records carry (`version`), the index of
//! ids and versions both sides keep (`index`), the merge rule as a plan of what to upload,
//! download, merge and delete (`plan`), what changed on this device since its last sync (`seen`),
//! the per-field merge of a record's user-editable fields and of the settings (`fields`), the
//! settings' record without keys (`settings`), and the bucket's formats: opaque object names, the
//! sealed envelope, the additional data bound to each record, the encrypted index and the
//! passphrase's key file (`format`). No I/O: the shell signs, sends, encrypts (WebCrypto) and
//! stores.
pub mod fields;
pub mod format;
pub mod index;
pub mod plan;
pub mod seen;
pub mod settings;
pub mod version;
