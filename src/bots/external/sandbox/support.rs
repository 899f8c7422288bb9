//! Whether this system can sandbox programs, asked once per chainlab run.
//!
//! The question is answered by doing it: a short-lived thread restricts
//! itself with the same kinds of rules the launcher uses (Landlock
//! restricts only the calling thread unless told otherwise) and reports
//! how much the kernel enforced; the thread then ends, and chainlab's own
//! threads are never restricted.

use std::sync::OnceLock;

/// How far programs can be sandboxed here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Support {
    /// Every restriction is enforced (Landlock ABI 6 or later).
    Full,
    /// Files are restricted, but this kernel's Landlock lacks some rules
    /// (named), which are then not enforced.
    Partial(String),
    /// Programs cannot be sandboxed here, and why.
    Missing(String),
}

/// The answer for this system (asked once, then remembered).
pub fn support() -> Support {
    static ANSWER: OnceLock<Support> = OnceLock::new();
    ANSWER.get_or_init(probe).clone()
}

#[cfg(target_os = "linux")]
fn probe() -> Support {
    std::thread::Builder::new()
        .name("sandbox-probe".into())
        .spawn(super::launcher::probe_landlock)
        .map_err(|e| format!("cannot start a thread to ask: {e}"))
        .and_then(|t| t.join().map_err(|_| "the probe failed".to_string()))
        .and_then(|answer| answer)
        .map_or_else(Support::Missing, |lacking| {
            lacking.map_or(Support::Full, Support::Partial)
        })
}

#[cfg(not(target_os = "linux"))]
fn probe() -> Support {
    Support::Missing("programs can be sandboxed on Linux only (Landlock)".into())
}
