//! The run's side of a dedicated worker (issue 40; DESIGN.md "The run off the main thread"):
//! `public/run-worker.js` starts the page's own build there, and `main` calls `start` when it
//! finds no window. The run driver will live here; today the worker proves what the driver needs
//! of it: the main module starts there, and the run's wasm part loads there, since what answers
//! the page lives in that part: it says `{kind: "ready"}`. The main module only holds the call
//! into the part (the first screen pays nothing more), and messages go through `js_sys::Reflect`,
//! so the glue gains no worker bindings.
use js_sys::{Function, Object, Reflect};
use wasm_bindgen::JsCast;

use crate::platform::split::{split_fn, PartUnavailable};

/// Loads the run's part and answers the page from there. A part that cannot load panics here,
/// which the page hears as the worker's `error` event (and runs on the page instead).
pub fn start() {
    wasm_bindgen_futures::spawn_local(async {
        listen_in_part()
            .await
            .expect("the run's wasm part loads in the worker");
    });
}

split_fn! {
    run, preload _preload_worker_side:
    /// The worker's side, in the run's part: it says "ready" once the part has loaded.
    fn listen_in_part() -> Result<(), PartUnavailable> {
        post(&[("kind", "ready")]);
        Ok(())
    }
}

/// Posts `{name: value, …}` to the page.
fn post(fields: &[(&str, &str)]) {
    let message = Object::new();
    for (name, value) in fields {
        let _ = Reflect::set(&message, &(*name).into(), &(*value).into());
    }
    let scope = js_sys::global();
    if let Ok(post) =
        Reflect::get(&scope, &"postMessage".into()).and_then(|p| p.dyn_into::<Function>())
    {
        let _ = post.call1(&scope, &message);
    }
}
