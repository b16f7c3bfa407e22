//! The release build's split points (`scripts/build.sh`, the `split` feature): a function marked
//! with one of these macros moves, with all it alone reaches, into a wasm part of its own, fetched
//! the first time it is called. Each split point lives with the code it splits (a view in its
//! `ui/` folder, a run's start in `app/runs/start.rs`); this file only defines how one is written.
//! Without the `split` feature (browser tests, plain builds) they are ordinary async functions, so
//! the same code runs unsplit.

/// A part of the app that could not be fetched or instantiated (the browser console has the cause).
pub use leptos::wasm_split::SplitLoaderError as PartUnavailable;

/// `part, preload preload_name: fn name(args) -> Result<T, E> { body }` defines the split function
/// `name` in the wasm part `part` (`E: From<PartUnavailable>` carries a failed load) and the
/// `preload_name` function that only fetches that part.
macro_rules! split_fn {
    ($part:ident, preload $preload:ident: $(#[$meta:meta])* fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty $body:block) => {
        #[cfg(all(feature = "split", target_family = "wasm"))]
        #[::leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible, preload($preload))]
        $(#[$meta])*
        fn $name($($arg: $ty),*) -> $ret $body
        #[cfg(not(all(feature = "split", target_family = "wasm")))]
        $(#[$meta])*
        async fn $name($($arg: $ty),*) -> $ret $body
        #[cfg(not(all(feature = "split", target_family = "wasm")))]
        async fn $preload() -> Result<(), $crate::platform::split::PartUnavailable> {
            Ok(())
        }
    };
}
pub(crate) use split_fn;

/// `part_name: fn name(args) => view` defines the split function `name`, returning the view
/// (`Err` when its part cannot be loaded); `..., preload name` also defines `name()`, which only
/// fetches the part (for `ui::prefetch`).
macro_rules! lazy_view {
    ($part:ident: fn $name:ident($($arg:ident: $ty:ty),*) => $body:expr) => {
        #[cfg(all(feature = "split", target_family = "wasm"))]
        #[::leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible)]
        pub fn $name($($arg: $ty),*) -> Result<::leptos::prelude::AnyView, $crate::platform::split::PartUnavailable> {
            Ok($body)
        }
        #[cfg(not(all(feature = "split", target_family = "wasm")))]
        pub async fn $name($($arg: $ty),*) -> Result<::leptos::prelude::AnyView, $crate::platform::split::PartUnavailable> {
            Ok($body)
        }
    };
    ($part:ident: fn $name:ident($($arg:ident: $ty:ty),*) => $body:expr, preload $preload:ident) => {
        #[cfg(all(feature = "split", target_family = "wasm"))]
        #[::leptos::wasm_split::wasm_split($part, wasm_split_path = ::leptos::wasm_split, fallible, preload($preload))]
        pub fn $name($($arg: $ty),*) -> Result<::leptos::prelude::AnyView, $crate::platform::split::PartUnavailable> {
            Ok($body)
        }
        #[cfg(not(all(feature = "split", target_family = "wasm")))]
        pub async fn $name($($arg: $ty),*) -> Result<::leptos::prelude::AnyView, $crate::platform::split::PartUnavailable> {
            Ok($body)
        }
        #[cfg(not(all(feature = "split", target_family = "wasm")))]
        pub async fn $preload() -> Result<(), $crate::platform::split::PartUnavailable> {
            Ok(())
        }
    };
}
pub(crate) use lazy_view;
