//! The page's Web Worker, both ends. The page starts one worker
//! (`worker.js`, which loads this same wasm module) and installs a
//! [`Link`] to it, so built-in players think there
//! ([`crate::gui::remote`]) and never hold up a frame. In the worker the
//! module's `main` finds no window and does nothing; `worker.js` hands each
//! message to [`chainlab_worker`], which answers from the players it holds.
//!
//! When the worker cannot be started (an old browser, a page opened from
//! `file://`), no line is installed and players think in the page, as
//! before the worker. When it stops (its module trapped), its players'
//! moves fail with the reason and new players think in the page.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::gui::remote::host::Host;
use crate::gui::remote::link::{self, Link};

/// The worker's script, beside `index.html`.
const SCRIPT: &str = "./worker.js";

thread_local! {
    static HOST: RefCell<Host> = RefCell::new(Host::default());
}

/// The worker's entry: handles one request (JSON text) and gives the answer
/// (JSON text) when the request asked for a move.
#[wasm_bindgen]
pub fn chainlab_worker(request: String) -> Option<String> {
    HOST.with(|host| host.borrow_mut().serve(&request))
}

/// The worker's background work between messages: analyses the next
/// position of an analysis and gives what to tell the page (JSON text);
/// `None` when there is nothing to do (`worker.js` stops calling then).
#[wasm_bindgen]
pub fn chainlab_worker_step() -> Option<String> {
    HOST.with(|host| host.borrow_mut().step())
}

/// Whether this module runs in the page (not in its worker).
pub fn is_page() -> bool {
    js_sys::global().dyn_into::<web_sys::Window>().is_ok()
}

/// Starts the worker and installs the line to it; `ctx` is asked for a
/// frame whenever an answer arrives. Without a worker nothing is installed
/// (nor when the page set `window.chainlabNoWorker`, as the browser test
/// does to measure frames without it).
pub fn start(ctx: &egui::Context) {
    if super::probe::is_set("chainlabNoWorker") {
        // The browser test's "without the worker" (players think in the page).
        return;
    }
    match WorkerLink::start(ctx.clone()) {
        Ok(link) => link::install(Box::new(link)),
        Err(e) => web_sys::console::warn_1(&JsValue::from_str(&format!(
            "chainlab: no worker ({}); computer players think in the page",
            super::js_text(&e)
        ))),
    }
}

/// The line to the worker: what arrived, and why it stopped if it did.
struct WorkerLink {
    worker: web_sys::Worker,
    arrived: Rc<RefCell<Vec<String>>>,
    failure: Rc<RefCell<Option<String>>>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

impl WorkerLink {
    fn start(ctx: egui::Context) -> Result<WorkerLink, JsValue> {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(SCRIPT, &options)?;
        let arrived = Rc::new(RefCell::new(Vec::new()));
        let failure = Rc::new(RefCell::new(None));
        let inbox = Rc::clone(&arrived);
        let wake = ctx.clone();
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |event: web_sys::MessageEvent| {
                if let Some(text) = event.data().as_string() {
                    inbox.borrow_mut().push(text);
                    wake.request_repaint();
                }
            },
        );
        let stopped = Rc::clone(&failure);
        let on_error =
            Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
                event.prevent_default();
                let why = event.message();
                web_sys::console::warn_1(&JsValue::from_str(&format!(
                    "chainlab: the worker stopped: {why}"
                )));
                *stopped.borrow_mut() = Some(if why.is_empty() {
                    "it could not load or stopped with an error".to_string()
                } else {
                    why
                });
                ctx.request_repaint();
            });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(WorkerLink {
            worker,
            arrived,
            failure,
            _on_message: on_message,
            _on_error: on_error,
        })
    }
}

impl Link for WorkerLink {
    fn post(&self, request: String) {
        if let Err(e) = self.worker.post_message(&JsValue::from_str(&request)) {
            *self.failure.borrow_mut() = Some(super::js_text(&e));
        }
    }

    fn arrived(&self) -> Vec<String> {
        std::mem::take(&mut *self.arrived.borrow_mut())
    }

    fn failure(&self) -> Option<String> {
        self.failure.borrow().clone()
    }
}
