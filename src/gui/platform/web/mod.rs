//! The web side of [`platform`](super): the app on the page's canvas, work
//! on the page's only thread, a visible message instead of a frozen canvas
//! when the app panics, and the first-frame mark for the browser test.
//! Files are `files.rs`'s, the browser's file picker `picker.rs`'s.

mod files;
mod picker;
mod probe;
mod worker;

use std::cell::Cell;
use std::path::PathBuf;

use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

pub use self::files::*;
pub use self::picker::FilePicker;
pub use self::worker::{chainlab_worker, chainlab_worker_step};
use crate::gui::view::View;

/// Whether work can run on other threads (the page has one thread: long
/// work is played in slices per frame instead).
pub const HAS_THREADS: bool = false;

/// The id of the canvas in `index.html` the app draws on.
const CANVAS_ID: &str = "chainlab_canvas";
/// The id of the element in `index.html` that shows a fatal error.
const ERROR_ID: &str = "chainlab_error";

/// Starts the app `make` creates on the page's canvas.
pub fn start(make: eframe::AppCreator<'static>) {
    // eframe's runner installs a panic hook of its own (it stops drawing);
    // ours runs after it and puts the message on the page.
    if !worker::is_page() {
        // This module is the worker's (web/worker.js): it answers messages.
        return;
    }
    let runner = eframe::WebRunner::new();
    install_panic_message();
    wasm_bindgen_futures::spawn_local(async move {
        let Some(canvas) = canvas() else {
            show_error(&format!("the page has no canvas with id {CANVAS_ID:?}"));
            return;
        };
        let make: eframe::AppCreator<'static> =
            Box::new(move |cc: &eframe::CreationContext<'_>| {
                probe::install(&cc.egui_ctx);
                worker::start(&cc.egui_ctx);
                make(cc)
            });
        let started = runner.start(canvas, web_options(), make).await;
        match started {
            Ok(()) => hide_loading(),
            Err(e) => show_error(&format!("chainlab could not start: {}", js_text(&e))),
        }
    });
}

/// eframe's options, but for one: eframe listens for touch moves on the
/// document (to follow a drag past the canvas), where the browser makes the
/// listener passive, so cancelling a move only logged "Unable to
/// preventDefault inside passive event listener" on every touch drag. The
/// canvas's `touch-action: none` (index.html) already keeps the browser
/// from scrolling or zooming the page under a finger, so moves are not
/// cancelled; every other event still is.
fn web_options() -> eframe::WebOptions {
    eframe::WebOptions {
        should_prevent_default: Box::new(|event: &egui::Event| {
            !matches!(event, egui::Event::PointerMoved(_))
        }),
        ..eframe::WebOptions::default()
    }
}

fn canvas() -> Option<web_sys::HtmlCanvasElement> {
    web_sys::window()?
        .document()?
        .get_element_by_id(CANVAS_ID)?
        .dyn_into::<web_sys::HtmlCanvasElement>()
        .ok()
}

fn js_text(value: &JsValue) -> String {
    value
        .as_string()
        .or_else(|| {
            value
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{value:?}"))
}

/// After a panic the canvas no longer changes: say so on the page.
fn install_panic_message() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        previous(info);
        show_error(&format!(
            "chainlab stopped because of an internal error; reload the page to start again. {info}"
        ));
    }));
}

/// Shows `text` over the canvas (and in the console).
fn show_error(text: &str) {
    web_sys::console::error_1(&JsValue::from_str(text));
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(element) = document.get_element_by_id(ERROR_ID) {
        element.set_text_content(Some(text));
        let _ = element.set_attribute("style", "display:block");
    }
    hide_loading();
}

fn hide_loading() {
    if let Some(element) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("chainlab_loading"))
    {
        element.remove();
    }
}

/// Runs `job` at once: the page has no other thread. Jobs that can take
/// long are played in slices instead (see [`HAS_THREADS`]).
pub fn spawn(_name: &str, job: impl FnOnce() + Send + 'static) -> Result<(), String> {
    job();
    Ok(())
}

/// The app's own data (autosave) goes to the browser's local storage.
pub fn data_dir() -> Option<PathBuf> {
    Some(PathBuf::from(files::STORAGE_DIR))
}

/// The page has no temporary folder: an arena run keeps its latest games
/// in memory only, and says so (the arena names how many; this is why).
pub fn temp_dir() -> Result<PathBuf, String> {
    Err("a web page has no records file".to_string())
}

/// Programs (`cmd:` players) cannot be started from a web page.
pub fn can_run_programs() -> Result<(), String> {
    Err(
        "programs (cmd: players) run in the desktop app: a web page cannot start programs"
            .to_string(),
    )
}

/// The page runs no programs, so it has no sandbox for them.
pub fn program_sandbox() -> (crate::bots::external::Sandbox, Option<String>) {
    (crate::bots::external::Sandbox::Off, None)
}

/// A player's own time limit (`ms=`) works in the page while its worker
/// runs: a built-in player thinks there, for as long as it likes, and the
/// page's frames go on. Without the worker a player thinks within a frame,
/// so a set thinking time would hold the page that long.
pub fn can_limit_time() -> Result<(), String> {
    if crate::gui::remote::link::is_open() {
        return Ok(());
    }
    Err("time limits (ms=) need the page's worker, which did not start in this browser: limit players by depth, nodes or iterations"
        .to_string())
}

thread_local! {
    static FIRST_FRAME: Cell<bool> = const { Cell::new(false) };
}

/// Called after every frame: the first one sets `window.chainlabFirstFrame`
/// to the milliseconds since navigation began (the browser test waits for it).
pub fn frame_drawn(_ctx: &egui::Context) {
    if FIRST_FRAME.with(|f| f.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let now = window.performance().map_or(0.0, |p| p.now());
    let _ = js_sys::Reflect::set(
        &window,
        &JsValue::from_str("chainlabFirstFrame"),
        &JsValue::from_f64(now),
    );
}

/// The share link the page was opened with: its address, when its
/// fragment holds a strategy (`#s=…`).
pub fn start_link() -> Option<String> {
    let location = web_sys::window()?.location();
    let hash = location.hash().ok()?;
    crate::strategy::share_payload(&hash)?;
    location.href().ok()
}

/// The page a share link made here opens: this page's own address,
/// without its fragment.
pub fn share_base() -> String {
    let href = web_sys::window().and_then(|w| w.location().href().ok());
    match href {
        Some(href) => href.split('#').next().unwrap_or_default().to_string(),
        None => crate::strategy::DEFAULT_SHARE_BASE.to_string(),
    }
}

/// Whether saving a file hands it to the user as a download (here: yes).
pub const SAVES_ARE_DOWNLOADS: bool = true;

/// What the editor says once `path` is saved: a download, not a path.
pub fn saved_text(path: &std::path::Path) -> String {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    format!("Downloaded {name}: the browser saved it (usually in Downloads)")
}

/// Shows `title` as the tab's title.
pub fn set_title(title: &str) {
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(title);
    }
}

thread_local! {
    /// The fragment as the app last saw or wrote it.
    static HASH: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// The fragment of view `view` (`#play`).
fn view_hash(view: View) -> String {
    format!("#{}", view.title().to_lowercase())
}

/// Keeps the page's address on `view` (`#play`, …) and tells what the user
/// asked for by changing it since the last frame: another view, or a share
/// link to open. The first frame only writes the address.
pub fn address_changed(view: View) -> Option<super::Address> {
    let location = web_sys::window()?.location();
    let hash = location.hash().ok()?;
    let last = HASH.with(|h| h.borrow().clone());
    let mut asked = None;
    if last.is_some() && last.as_deref() != Some(hash.as_str()) {
        if crate::strategy::share_payload(&hash).is_some() {
            asked = location.href().ok().map(super::Address::Link);
        } else if let Some(v) = view_named(&hash).filter(|v| *v != view) {
            asked = Some(super::Address::View(v));
        }
    }
    let shown = match &asked {
        Some(super::Address::View(v)) => *v,
        _ => view,
    };
    let want = view_hash(shown);
    if hash != want {
        let _ = location.set_hash(&want);
    }
    HASH.with(|h| *h.borrow_mut() = Some(want));
    asked
}

/// The view a fragment names (`#play`), if any.
fn view_named(hash: &str) -> Option<View> {
    let name = hash.trim_start_matches('#').to_lowercase();
    View::ALL
        .iter()
        .copied()
        .find(|v| v.title().eq_ignore_ascii_case(&name))
}

/// The view named by the page address's `#editor`, `#play`, `#arena` or
/// `#replay`, if any: a link can open a view.
pub fn start_view() -> Option<View> {
    let hash = web_sys::window()?.location().hash().ok()?;
    view_named(&hash)
}
