//! The run's side of its dedicated worker (docs/design.md, "The run off the main thread"):
//! `public/run-worker.js` starts the page's own build there, and `main` calls `start` when it
//! finds no window. What answers the page lives in the run's wasm part, loaded there as on the
//! page: it says `{kind: "ready"}`, then hands each command the page posts (`RunCommand` as JSON
//! text) to the run driver and posts its reports back in batches (`{kind: "reports", reports}`,
//! a JSON array of `RunReport`s, `run::batch`). The main module only holds the call into the part
//! (the first screen pays nothing more), and messages go through `js_sys::Reflect`, so the glue
//! gains no worker bindings. The page's side is `to_worker`.
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Function, Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::platform::split::{split_fn, PartUnavailable};
use crate::run::batch::{crosses_at_once, Batch, FLUSH_MS};
use crate::run::driver::{self, Reports};
use crate::run::messages::{RunCommand, RunReport};

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
    /// The worker's side, in the run's part: from now on each message is a command for the
    /// driver, and the page hears "ready".
    fn listen_in_part() -> Result<(), PartUnavailable> {
        let reports: Reports = Rc::new(post_report);
        let on_message = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
            let text = Reflect::get(&event, &"data".into())
                .ok()
                .and_then(|data| data.as_string())
                .unwrap_or_default();
            match serde_json::from_str::<RunCommand>(&text) {
                Ok(command) => driver::handle(command, &reports),
                // The page and the worker are the same build: this is a bug, said as one.
                Err(error) => post_report(RunReport::Refused {
                    notice: format!("The run's worker could not read the page's command ({error})."),
                }),
            }
        });
        let _ = Reflect::set(&js_sys::global(), &"onmessage".into(), on_message.as_ref());
        // The worker's own lifetime: it listens until the page goes.
        on_message.forget();
        post(&[("kind", "ready")]);
        Ok(())
    }
}

thread_local! {
    /// The reports waiting to cross, and whether their crossing is set.
    static WAITING: RefCell<Batch> = RefCell::new(Batch::default());
    static CROSSING_SET: Cell<bool> = const { Cell::new(false) };
}

/// Gathers one of the driver's reports for the page: its batch crosses a frame later, or at once
/// when the run ends (`run::batch`).
fn post_report(report: RunReport) {
    let now = crosses_at_once(&report);
    WAITING.with(|waiting| waiting.borrow_mut().push(report));
    if now {
        return cross();
    }
    if !CROSSING_SET.with(|set| set.replace(true)) {
        gloo_timers::callback::Timeout::new(FLUSH_MS, cross).forget();
    }
}

/// Posts the reports waiting, as one JSON array.
fn cross() {
    CROSSING_SET.with(|set| set.set(false));
    let reports = WAITING.with(|waiting| waiting.borrow_mut().take());
    if reports.is_empty() {
        return;
    }
    match serde_json::to_string(&reports) {
        Ok(text) => post(&[("kind", "reports"), ("reports", &text)]),
        Err(error) => post(&[("kind", "failed"), ("why", &error.to_string())]),
    }
}

/// Posts `{name: value, …}` to the page.
fn post(fields: &[(&str, &str)]) {
    let message = Object::new();
    for (name, value) in fields {
        let _ = Reflect::set(&message, &(*name).into(), &(*value).into());
    }
    call(&js_sys::global(), "postMessage", &[message.into()]);
}

/// Calls `target.method(...args)` by name, where the glue has no binding for it (a worker's
/// `postMessage` and `terminate`, the scope's own `postMessage`); a missing method does nothing.
pub(super) fn call(target: &JsValue, method: &str, args: &[JsValue]) {
    if let Ok(function) =
        Reflect::get(target, &method.into()).and_then(|f| f.dyn_into::<Function>())
    {
        let _ = function.apply(target, &args.iter().collect());
    }
}
