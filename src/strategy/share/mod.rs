//! Share links: a strategy carried whole in a link's fragment, with no
//! server: `BASE#s=PAYLOAD`, where PAYLOAD is the strategy file's text
//! ([`Strategy::to_json`]) compressed with raw deflate (miniz_oxide) and
//! written in base64url without padding ([`base64url`]).
//!
//! Invariants: reading a link never takes more memory than its limits allow,
//! whatever it holds: the payload is refused above [`MAX_SHARE_CHARS`]
//! characters before it is decoded, and inflating stops at
//! [`MAX_SHARE_BYTES`] bytes of output (a "zip bomb" is refused, not
//! expanded). A link that decodes gives exactly the strategy that was
//! shared (the file format's round trip); one that does not gives a
//! [`ShareError`] that says which step failed, and nothing else changes.

mod base64url;

use crate::strategy::error::ShareError;
use crate::strategy::graph::Strategy;
use crate::strategy::limits::{MAX_SHARE_BYTES, MAX_SHARE_CHARS};

/// The key of the strategy in a link's fragment (`#s=…`).
pub const SHARE_KEY: &str = "s";

/// The page a share link opens when no other base is given: the hosted web
/// page, set when chainlab is built (`CHAINLAB_SHARE_BASE=https://… cargo
/// build`).
pub const DEFAULT_SHARE_BASE: &str = match option_env!("CHAINLAB_SHARE_BASE") {
    Some(base) => base,
    None => PLACEHOLDER_BASE,
};

/// The base of a build that was given no hosted page: a placeholder, which
/// opens nothing ([`placeholder_note`] says so).
const PLACEHOLDER_BASE: &str = "https://chainlab.example.org/";

/// What to tell the user when `link` names the placeholder page (this
/// chainlab was built without `CHAINLAB_SHARE_BASE`); `None` otherwise.
pub fn placeholder_note(link: &str) -> Option<&'static str> {
    link.starts_with(PLACEHOLDER_BASE).then_some(
        "this chainlab was built without the address of a hosted page (CHAINLAB_SHARE_BASE), \
         so the link names a placeholder, chainlab.example.org: put the address where the web \
         page is served before the '#' (or pass --base URL); the desktop app's File › Open link… \
         opens the link as it is",
    )
}

/// How hard deflate works: the best compression (links are short and made
/// once).
const LEVEL: u8 = 10;

/// The fragment that carries `strategy` (`s=…`, without the `#`).
pub fn share_fragment(strategy: &Strategy) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec(strategy.to_json().as_bytes(), LEVEL);
    format!("{SHARE_KEY}={}", base64url::encode(&packed))
}

/// The link to `base` (any fragment it has is dropped) that carries
/// `strategy`.
pub fn share_link(base: &str, strategy: &Strategy) -> String {
    let base = base.split('#').next().unwrap_or(base);
    format!("{base}#{}", share_fragment(strategy))
}

/// The payload of the strategy in `text`: a whole link, a fragment with or
/// without its `#`, whose `&`-separated fields include `s=…`; `None` when
/// there is none (a link to a view, `#play`, or none at all).
pub fn share_payload(text: &str) -> Option<&str> {
    let text = text.trim();
    let fragment = match text.split_once('#') {
        Some((_, fragment)) => fragment,
        None => text,
    };
    fragment
        .split('&')
        .find_map(|field| field.strip_prefix(SHARE_KEY)?.strip_prefix('='))
}

/// The strategy that `text` (a link or its fragment) carries, or why it
/// cannot be read: no strategy in it, a damaged payload, one too large,
/// or one that is not a strategy.
pub fn strategy_from_link(text: &str) -> Result<Strategy, ShareError> {
    let payload = share_payload(text).ok_or(ShareError::NoStrategy)?;
    if payload.len() > MAX_SHARE_CHARS {
        return Err(ShareError::TooLong(payload.len()));
    }
    let packed = base64url::decode(payload)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_SHARE_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => ShareError::TooLarge,
            _ => ShareError::Damaged(format!("the compressed strategy is corrupt ({e})")),
        })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| ShareError::Damaged("the strategy's text is not UTF-8".to_string()))?;
    Strategy::from_json(&text).map_err(|e| ShareError::NotAStrategy(Box::new(e)))
}
