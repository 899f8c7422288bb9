//! Files in the web page. The app's file code works on paths; in the page a
//! path names one of:
//! - `strategies/…`: the shipped strategies, built into the wasm;
//! - `files/…`: files the user handed over with the browser's file picker,
//!   kept in memory while the page is open;
//! - `storage/…`: the app's own data (the editor's autosave), in the
//!   browser's local storage, so it survives a reload;
//! - any other path: a file the app saved, kept in memory and handed to the
//!   user as a download.
//!
//! Errors use the desktop's wording, with the browser's reason (storage
//! full or disabled, no such file in the page).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use crate::gui::platform::shipped::SHIPPED;
use crate::strategy::{MAX_FILE_BYTES, Strategy};

/// The folder of the shipped strategies.
const SHIPPED_DIR: &str = "strategies";
/// The folder of the files the user handed over.
const PICKED_DIR: &str = "files";
/// The folder kept in the browser's local storage.
pub(super) const STORAGE_DIR: &str = "storage";
/// The largest file the picker takes (as the desktop's records limit).
const MAX_PICKED: f64 = 256.0 * 1024.0 * 1024.0;

thread_local! {
    static FILES: RefCell<BTreeMap<PathBuf, Vec<u8>>> = RefCell::new(shipped());
    static PICKED: RefCell<Option<Result<PathBuf, String>>> = const { RefCell::new(None) };
}

fn shipped() -> BTreeMap<PathBuf, Vec<u8>> {
    SHIPPED
        .iter()
        .map(|(name, text)| (Path::new(SHIPPED_DIR).join(name), text.as_bytes().to_vec()))
        .collect()
}

/// The page's shipped strategies folder.
pub fn shipped_dir() -> Option<PathBuf> {
    Some(PathBuf::from(SHIPPED_DIR))
}

/// Paths in the page are already what they are.
pub fn canonicalize(path: &Path) -> Option<PathBuf> {
    Some(clean(path))
}

/// `path` without `./` parts.
fn clean(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .collect()
}

fn is_storage(path: &Path) -> bool {
    clean(path).starts_with(STORAGE_DIR)
}

fn storage_key(path: &Path) -> String {
    format!("chainlab/{}", clean(path).display())
}

/// The browser's local storage, or why it cannot be used.
fn storage() -> Result<web_sys::Storage, String> {
    match web_sys::window().map(|w| w.local_storage()) {
        Some(Ok(Some(storage))) => Ok(storage),
        _ => Err("the browser's storage is disabled for this page".to_string()),
    }
}

/// Whether `path` is a folder of the page: one holding a file.
pub fn is_dir(path: &Path) -> bool {
    let dir = clean(path);
    FILES.with(|f| f.borrow().keys().any(|k| k != &dir && k.starts_with(&dir)))
}

/// Whether `path` is a file of the page.
pub fn is_file(path: &Path) -> bool {
    if is_storage(path) {
        return storage()
            .ok()
            .and_then(|s| s.get_item(&storage_key(path)).ok().flatten())
            .is_some();
    }
    FILES.with(|f| f.borrow().contains_key(&clean(path)))
}

/// The entries of folder `dir`: name and whether it is a folder.
pub fn list_dir(dir: &Path) -> Result<Vec<(String, bool)>, String> {
    let dir = clean(dir);
    let mut entries: BTreeMap<String, bool> = BTreeMap::new();
    FILES.with(|f| {
        for path in f.borrow().keys() {
            let Ok(rest) = path.strip_prefix(&dir) else {
                continue;
            };
            let mut parts = rest.components();
            if let Some(first) = parts.next() {
                let name = first.as_os_str().to_string_lossy().into_owned();
                let is_dir = parts.next().is_some();
                *entries.entry(name).or_default() |= is_dir;
            }
        }
    });
    Ok(entries.into_iter().collect())
}

/// The bytes of `path`, refused when it has more than `limit`.
pub fn read_file(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let bytes = if is_storage(path) {
        storage()?
            .get_item(&storage_key(path))
            .map_err(|_| format!("cannot read {shown}: the browser's storage refused"))?
            .map(String::into_bytes)
    } else {
        FILES.with(|f| f.borrow().get(&clean(path)).cloned())
    };
    let bytes = bytes.ok_or_else(|| {
        format!("{shown}: no such file in this page (files opened or saved in the page last until it is reloaded)")
    })?;
    if bytes.len() as u64 > limit {
        // The desktop's message (crate::input::read_bytes).
        return Err(crate::input::InputError::TooLarge {
            path: shown.to_string(),
            what,
            limit,
        }
        .to_string());
    }
    Ok(bytes)
}

/// Loads the strategy file at `path`; the message names the file, as on the desktop.
pub fn load_strategy(path: &Path) -> Result<Strategy, String> {
    let bytes = read_file(path, MAX_FILE_BYTES as u64, "strategy files")?;
    Strategy::from_file_bytes(path, bytes).map_err(|e| e.to_string())
}

/// Writes `bytes` to `path`: into the browser's storage for the app's own
/// data, else kept in the page and handed to the user as a download.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if is_storage(path) {
        let text = String::from_utf8_lossy(bytes);
        return storage()?
            .set_item(&storage_key(path), &text)
            .map_err(|_| "the browser's storage is full or refused the write".to_string());
    }
    let name = path.file_name().map_or_else(
        || "chainlab.txt".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    download(&name, bytes)?;
    FILES.with(|f| f.borrow_mut().insert(clean(path), bytes.to_vec()));
    Ok(())
}

/// Removes the file at `path`, if it is there.
pub fn remove_file(path: &Path) {
    if is_storage(path) {
        if let Ok(storage) = storage() {
            let _ = storage.remove_item(&storage_key(path));
        }
    } else {
        FILES.with(|f| f.borrow_mut().remove(&clean(path)));
    }
}

/// Renames the file `from` to `to`.
pub fn rename(from: &Path, to: &Path) -> Result<(), String> {
    let bytes = read_file(from, u64::MAX, "files")?;
    write_file(to, &bytes)?;
    remove_file(from);
    Ok(())
}

/// The page does not know when its files were written.
pub fn modified(_path: &Path) -> Option<SystemTime> {
    None
}

/// Hands `bytes` to the user as a download named `name`.
fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
    let failed = |_| format!("the browser refused to download {name}");
    let window = web_sys::window().ok_or("no browser window")?;
    let document = window.document().ok_or("no document")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/octet-stream");
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let anchor = document
        .create_element("a")
        .map_err(failed)?
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| "no link element".to_string())?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Whether the app can ask for a file from the browser (the page can).
pub const PICKS_FILES: bool = true;

/// Opens the browser's file picker for files matching `accept` (e.g.
/// ".json"); the file arrives later through [`take_picked`].
pub fn pick_file(accept: &str) {
    if let Err(e) = open_picker(accept) {
        PICKED.with(|p| *p.borrow_mut() = Some(Err(e)));
    }
}

/// The file the user picked (its path in the page), or why it could not be
/// read, once.
pub fn take_picked() -> Option<Result<PathBuf, String>> {
    PICKED.with(|p| p.borrow_mut().take())
}

fn open_picker(accept: &str) -> Result<(), String> {
    let failed = |_| "the browser's file picker cannot be opened".to_string();
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let input = document
        .create_element("input")
        .map_err(failed)?
        .dyn_into::<web_sys::HtmlInputElement>()
        .map_err(|_| "no file input".to_string())?;
    input.set_type("file");
    input.set_accept(accept);
    let chosen = input.clone();
    let on_change = Closure::once_into_js(move || {
        if let Some(file) = chosen.files().and_then(|list| list.get(0)) {
            wasm_bindgen_futures::spawn_local(async move {
                let result = read_picked(file).await;
                PICKED.with(|p| *p.borrow_mut() = Some(result));
            });
        }
    });
    input.set_onchange(Some(on_change.unchecked_ref()));
    input.click();
    Ok(())
}

async fn read_picked(file: web_sys::File) -> Result<PathBuf, String> {
    let name = file.name();
    if file.size() > MAX_PICKED {
        return Err(format!(
            "{name} has {} bytes; the app opens files of at most {MAX_PICKED}",
            file.size()
        ));
    }
    let buffer = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
        .await
        .map_err(|_| format!("cannot read {name}: the browser refused"))?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    let path = Path::new(PICKED_DIR).join(&name);
    FILES.with(|f| f.borrow_mut().insert(path.clone(), bytes));
    Ok(path)
}
