//! The page's way to the run driver: in its dedicated module worker (`worker`, started from
//! `public/run-worker.js` with this build's glue and main module), so the engine, the model
//! calls and the saves leave the main thread; on the page itself where a module worker cannot
//! start, with one console line saying why. Commands sent while the worker starts wait for its
//! "ready"; reports come back as the driver made them. Reached only from the run's part.
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use super::live::SendCommand;
use super::worker::call;
use crate::run::driver::{self, Reports};
use crate::run::messages::{RunCommand, RunReport};

/// How long the worker may take to say "ready" before the run goes on the page instead (a worker
/// whose script never arrives says nothing else).
const READY_WITHIN_MS: u32 = 20_000;

/// Where the commands go.
enum Way {
    /// The worker is starting: the commands wait for its "ready".
    Starting(Vec<RunCommand>),
    Worker(JsValue),
    Page,
}

struct Driver {
    way: RefCell<Way>,
    reports: Reports,
    /// A run started and not yet said finished or refused: a worker that dies now ends it.
    running: Cell<bool>,
}

/// The way to the driver for `reports`: the worker when it starts, else the page.
pub(super) fn connect(reports: Reports) -> SendCommand {
    let driver = Rc::new(Driver {
        way: RefCell::new(Way::Starting(Vec::new())),
        reports,
        running: Cell::new(false),
    });
    match spawn(&driver) {
        Ok(()) => {
            let waiting = Rc::clone(&driver);
            gloo_timers::callback::Timeout::new(READY_WITHIN_MS, move || {
                if matches!(*waiting.way.borrow(), Way::Starting(_)) {
                    waiting.fall_back(&format!(
                        "it did not say it was ready within {} s",
                        READY_WITHIN_MS / 1000
                    ));
                }
            })
            .forget();
        }
        Err(why) => driver.fall_back(&why),
    }
    Rc::new(move |command| driver.send(command))
}

impl Driver {
    fn send(&self, command: RunCommand) {
        if matches!(command, RunCommand::Start { .. }) {
            self.running.set(true);
        }
        // Decided before the driver runs: its reports may reach the page (and send again) at once.
        let worker = match &mut *self.way.borrow_mut() {
            Way::Starting(waiting) => return waiting.push(command),
            Way::Worker(worker) => Some(worker.clone()),
            Way::Page => None,
        };
        match worker {
            Some(worker) => post(&worker, &command),
            None => driver::handle(command, &self.reports),
        }
    }

    fn report(&self, report: RunReport) {
        if matches!(
            report,
            RunReport::Finished { .. } | RunReport::Refused { .. }
        ) {
            self.running.set(false);
        }
        (self.reports)(report);
    }

    /// The worker said "ready": the commands that waited go to it.
    fn ready(&self, worker: JsValue) {
        let waiting = {
            let mut way = self.way.borrow_mut();
            let Way::Starting(waiting) = &mut *way else {
                // Too late (the runs already went on the page): that worker is not needed.
                return terminate(&worker);
            };
            let waiting = std::mem::take(waiting);
            *way = Way::Worker(worker.clone());
            waiting
        };
        mark("worker");
        for command in waiting {
            post(&worker, &command);
        }
    }

    /// No worker (it could not start, or died): the driver runs on the page from now on. A run the
    /// dead worker had under way ends with the sentence; its record is saved as far as it got.
    fn fall_back(&self, why: &str) {
        let before = std::mem::replace(&mut *self.way.borrow_mut(), Way::Page);
        mark("page");
        match before {
            Way::Starting(waiting) => {
                web_sys::console::warn_1(
                    &format!("Consilium runs on the page, not in a worker: {why}").into(),
                );
                for command in waiting {
                    driver::handle(command, &self.reports);
                }
            }
            Way::Worker(worker) => {
                terminate(&worker);
                web_sys::console::warn_1(&format!("Consilium's run worker stopped: {why}").into());
                if self.running.get() {
                    self.report(RunReport::Refused {
                        notice: format!(
                            "The run stopped: the browser ended the worker it ran in ({why}). It \
                             is saved as far as it got: resume it."
                        ),
                    });
                }
            }
            Way::Page => {}
        }
    }

    /// A message from the worker: "ready", a batch of reports, or that it failed.
    fn heard(self: &Rc<Self>, worker: &JsValue, data: &JsValue) {
        let field = |name: &str| {
            Reflect::get(data, &name.into())
                .ok()
                .and_then(|value| value.as_string())
                .unwrap_or_default()
        };
        match field("kind").as_str() {
            "ready" => self.ready(worker.clone()),
            "reports" => match serde_json::from_str::<Vec<RunReport>>(&field("reports")) {
                Ok(reports) => {
                    for report in reports {
                        self.report(report);
                    }
                }
                Err(error) => {
                    self.fall_back(&format!("a report the page could not read ({error})"))
                }
            },
            _ => self.fall_back(&field("why")),
        }
    }
}

/// `new Worker("/run-worker.js?js=…&wasm=…", {type: "module"})` with this build's glue and main
/// module (named in the page's boot script tag), listened to by `driver`.
fn spawn(driver: &Rc<Driver>) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let tag = document
        .query_selector("script[data-wasm]")
        .ok()
        .flatten()
        .ok_or("this build names no module for a worker (a plain build)")?;
    let (js, wasm) = match (tag.get_attribute("data-js"), tag.get_attribute("data-wasm")) {
        (Some(js), Some(wasm)) => (js, wasm),
        _ => return Err("this build names no module for a worker".into()),
    };
    let url = format!(
        "/run-worker.js?js={}&wasm={}",
        js_sys::encode_uri_component(&js),
        js_sys::encode_uri_component(&wasm)
    );
    let constructor: Function = Reflect::get(&js_sys::global(), &"Worker".into())
        .ok()
        .and_then(|c| c.dyn_into().ok())
        .ok_or("this browser has no workers")?;
    let options = Object::new();
    let _ = Reflect::set(&options, &"type".into(), &"module".into());
    let worker = Reflect::construct(&constructor, &Array::of2(&url.into(), &options))
        .map_err(|error| describe(&error))?;

    let listening = Rc::clone(driver);
    let on_worker = worker.clone();
    let on_message = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
        let data = Reflect::get(&event, &"data".into()).unwrap_or(JsValue::UNDEFINED);
        listening.heard(&on_worker, &data);
    });
    let failing = Rc::clone(driver);
    let on_error = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
        failing.fall_back(&describe(&event));
    });
    let _ = Reflect::set(&worker, &"onmessage".into(), on_message.as_ref());
    let _ = Reflect::set(&worker, &"onerror".into(), on_error.as_ref());
    // The page's lifetime: one worker per page, listened to until the page goes.
    on_message.forget();
    on_error.forget();
    Ok(())
}

fn post(worker: &JsValue, command: &RunCommand) {
    if let Ok(text) = serde_json::to_string(command) {
        call(worker, "postMessage", &[text.into()]);
    }
}

fn terminate(worker: &JsValue) {
    call(worker, "terminate", &[]);
}

/// An error or error event as a sentence: its message, else its text.
fn describe(error: &JsValue) -> String {
    Reflect::get(error, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| "the worker's script did not load".to_string())
}

/// Where the runs of this page go, for the tests and the curious: `<html data-runs="worker">`.
fn mark(way: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-runs", way);
    }
}
