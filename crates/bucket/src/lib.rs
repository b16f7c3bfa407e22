//! Sync's bucket, sans-IO (README, "Sync"): where a bucket's objects are (`config`), each request
//! presigned with SigV4 by the `rusty-s3` crate (`sign`), and what its answers mean (`reply`). The shell sends the URLs through its one
//! transport; nothing here touches the network or the clock.
pub mod config;
pub mod cors;
pub mod reply;
pub mod sign;
