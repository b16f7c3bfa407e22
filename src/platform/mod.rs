//! Browser I/O and nothing else: the session library in IndexedDB (`storage`), the only code that
//! sends requests (`transport`), API keys, the run lock across tabs, ids, share links, exports,
//! the clipboard, drafts, the colour scheme, idle time, waiting for a paint and the split points' macros. Imports nothing from `settings`, `app` or `ui`.
pub mod clipboard;
pub mod drafts;
pub mod export;
pub mod focus;
pub mod frame;
pub mod idle;
pub mod ids;
pub mod keys;
pub mod last_protocol;
pub mod material;
pub mod run_lock;
pub mod share;
pub mod sign_in;
pub mod split;
pub mod storage;
pub mod sync;
pub mod theme;
pub mod transport;
pub mod vault;
