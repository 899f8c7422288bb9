//! The page's end of the line to its worker: requests go out as JSON text
//! in order, answers come back in order and wait in an inbox until the
//! player they belong to asks for them. The line is a [`Link`]: the web
//! page installs one that posts to a Web Worker; tests install
//! [`InProcess`], which answers on the next look, as a worker answers a
//! frame later. The page has one thread, so the line is the thread's.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};

use super::host::Host;
use super::protocol::{AgentId, Reply, Request};

/// A line to where players think.
pub trait Link {
    /// Sends one request (JSON text).
    fn post(&self, request: String);
    /// The answers (JSON text) that arrived since the last call.
    fn arrived(&self) -> Vec<String>;
    /// Why the other end stopped, once it has (its players are gone).
    fn failure(&self) -> Option<String>;
}

thread_local! {
    static LINE: RefCell<Option<Box<dyn Link>>> = const { RefCell::new(None) };
    static INBOX: RefCell<HashMap<AgentId, Vec<Reply>>> = RefCell::new(HashMap::new());
    static LIVE: RefCell<HashSet<AgentId>> = RefCell::new(HashSet::new());
    static NEXT: Cell<AgentId> = const { Cell::new(1) };
}

/// Installs the line this thread's remote players use (replacing any).
pub fn install(link: Box<dyn Link>) {
    LINE.with(|line| *line.borrow_mut() = Some(link));
}

/// Removes the line: players made from now on think where they are asked.
pub fn uninstall() {
    LINE.with(|line| line.borrow_mut().take());
}

/// Whether a line is installed and its other end is still there.
pub fn is_open() -> bool {
    LINE.with(|line| {
        line.borrow()
            .as_ref()
            .is_some_and(|l| l.failure().is_none())
    })
}

/// A new player's id, counted as live until [`forget`].
pub(super) fn new_id() -> AgentId {
    let id = NEXT.with(|n| {
        let id = n.get();
        n.set(id.wrapping_add(1));
        id
    });
    LIVE.with(|live| live.borrow_mut().insert(id));
    id
}

/// Sends `request`; `false` when there is no line.
pub(super) fn post(request: &Request) -> bool {
    let Ok(text) = serde_json::to_string(request) else {
        return false;
    };
    LINE.with(|line| match line.borrow().as_ref() {
        Some(link) => {
            link.post(text);
            true
        }
        None => false,
    })
}

/// The replies for `id` that have arrived, in order (none yet: empty);
/// `Err` with the reason when the other end has stopped (or there is no
/// line) and nothing more will come.
pub(super) fn replies(id: AgentId) -> Result<Vec<Reply>, String> {
    let arrived = LINE.with(|line| match line.borrow().as_ref() {
        Some(link) => Ok(link.arrived()),
        None => Err("the page's worker is gone".to_string()),
    })?;
    INBOX.with(|inbox| {
        let mut inbox = inbox.borrow_mut();
        LIVE.with(|live| {
            let live = live.borrow();
            for text in arrived {
                if let Ok(reply) = serde_json::from_str::<Reply>(&text)
                    && live.contains(&reply.id())
                {
                    inbox.entry(reply.id()).or_default().push(reply);
                }
            }
        });
        let mine = inbox.remove(&id).unwrap_or_default();
        if !mine.is_empty() {
            return Ok(mine);
        }
        match LINE.with(|line| line.borrow().as_ref().and_then(|l| l.failure())) {
            Some(why) => Err(why),
            None => Ok(mine),
        }
    })
}

/// Forgets `agent` (a player or an analysis): a reply still on its way for
/// it is dropped.
pub(super) fn forget(agent: AgentId) {
    LIVE.with(|live| live.borrow_mut().remove(&agent));
    INBOX.with(|inbox| inbox.borrow_mut().remove(&agent));
}

/// A line whose other end is a [`Host`] on the same thread: requests are
/// handled when the answers are looked for, so an answer arrives one look
/// after its request, as a worker's arrives a frame later; each look also
/// analyses one position, as the worker does between messages.
#[derive(Default)]
pub struct InProcess {
    host: RefCell<Host>,
    queue: RefCell<Vec<String>>,
}

impl Link for InProcess {
    fn post(&self, request: String) {
        self.queue.borrow_mut().push(request);
    }

    fn arrived(&self) -> Vec<String> {
        let queue = std::mem::take(&mut *self.queue.borrow_mut());
        let mut host = self.host.borrow_mut();
        let mut replies: Vec<String> = queue.iter().filter_map(|r| host.serve(r)).collect();
        replies.extend(host.step());
        replies
    }

    fn failure(&self) -> Option<String> {
        None
    }
}
