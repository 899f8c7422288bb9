//! One running engine process: started without a shell in a process group
//! of its own, spoken to through three threads, and always ended.
//!
//! Invariants, argued where they are kept:
//! - No read or write of the engine's pipes happens on the caller's thread:
//!   a writer thread owns stdin, a reader thread owns stdout and a drain
//!   thread owns stderr, so an engine that never reads or never writes can
//!   delay a move only until its deadline, never hang chainlab.
//! - Memory is bounded: stdout lines are cut at `MAX_LINE_BYTES` (the
//!   engine forfeits), at most [`QUEUED_LINES`] lines wait in the channel
//!   (then the reader, and so the engine, waits), and stderr keeps only a
//!   short tail in memory and a capped log on disk.
//! - The process ends with its owner: [`Process`]'s `Drop` asks it to quit,
//!   gives it [`QUIT_GRACE`], then kills its whole process group (children
//!   it started included) *before* reaping it, so the group id cannot have
//!   been reused by then, and reaps it, so no zombie is left. A registry of
//!   live groups lets a second Ctrl+C kill them all before chainlab exits.

use crate::time::Instant;
use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::log::EngineLog;
use super::sandbox::{Jail, PidsCgroup, Sandbox, Scratch};
use crate::bots::error::ExternalError;
use crate::input::{InputError, Lines};
use crate::protocol::{FromEngine, MAX_LINE_BYTES, ToEngine};

/// Lines of stdout that may wait unread before the reader stops reading.
pub const QUEUED_LINES: usize = 64;

/// How long a process may take to exit after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(100);

/// How many stderr lines are kept to quote when the engine fails.
const TAIL_LINES: usize = 6;

/// The longest stderr line kept or logged, in bytes (longer ones are cut).
const STDERR_LINE_BYTES: usize = 1000;

/// How a program is started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// The program: a name looked up on `PATH`, or a path.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// The working directory (default: chainlab's).
    pub dir: Option<PathBuf>,
}

/// What the reader thread reports.
enum Event {
    Line(String),
    Broken(InputError),
    Closed,
}

/// A running engine.
pub struct Process {
    child: Child,
    to_engine: Option<Sender<String>>,
    from_engine: Receiver<Event>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Disconnects when the stderr thread has read everything.
    stderr_done: Receiver<()>,
    /// Set once the process has been reaped.
    ended: bool,
    /// The sandbox's scratch folder, removed after the process ends.
    scratch: Option<Scratch>,
    /// The sandbox's `pids` cgroup, emptied and removed after the process ends.
    cgroup: Option<PidsCgroup>,
}

impl Process {
    /// Starts `launch` with piped stdin, stdout and stderr, in `sandbox`;
    /// stderr lines go to `log` when given.
    pub fn start(
        launch: &Launch,
        log: Option<Arc<EngineLog>>,
        sandbox: &Sandbox,
    ) -> Result<Process, ExternalError> {
        let program = launch.program.display().to_string();
        let (mut command, scratch, cgroup) = match sandbox {
            Sandbox::Off => {
                let mut command = Command::new(&launch.program);
                command.args(&launch.args);
                (command, None, None)
            }
            Sandbox::On(settings) => {
                let jail = Jail::prepare(
                    settings,
                    &launch.program,
                    &launch.args,
                    launch.dir.as_deref(),
                )?;
                (jail.command, Some(jail.scratch), jail.cgroup)
            }
        };
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &launch.dir {
            command.current_dir(dir);
        }
        group::configure(&mut command);
        let mut child = group::spawn(&mut command)
            .map_err(|source| ExternalError::Start { program, source })?;
        let (stdin, stdout, stderr) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let (lines_tx, lines_rx) = mpsc::sync_channel(QUEUED_LINES);
        let (send_tx, send_rx) = mpsc::channel::<String>();
        let (done_tx, done_rx) = mpsc::channel::<()>();
        let pid = child.id();
        let mut process = Process {
            child,
            to_engine: Some(send_tx),
            from_engine: lines_rx,
            stderr: Arc::clone(&tail),
            stderr_done: done_rx,
            ended: false,
            scratch,
            cgroup,
        };
        let spawned = (|| {
            if let Some(stdin) = stdin {
                spawn("engine-writer", move || write_lines(stdin, send_rx))?;
            }
            if let Some(stdout) = stdout {
                spawn("engine-reader", move || read_lines(stdout, lines_tx))?;
            }
            if let Some(stderr) = stderr {
                spawn("engine-stderr", move || {
                    drain_stderr(stderr, pid, tail, log);
                    drop(done_tx);
                })?;
            }
            Ok(())
        })();
        spawned.map_err(|source| {
            process.end();
            ExternalError::Threads { source }
        })?;
        Ok(process)
    }

    /// The operating system's id of the process.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends one message (queued for the writer thread; never blocks).
    pub fn send(&mut self, message: &ToEngine) -> Result<(), ExternalError> {
        let sent = self
            .to_engine
            .as_ref()
            .is_some_and(|tx| tx.send(message.to_string()).is_ok());
        if sent { Ok(()) } else { Err(self.failure()) }
    }

    /// The next non-blank message, waiting until `deadline` at most, or
    /// `Ok(None)` when `stop` says so first (polled every 20 ms).
    pub fn receive(
        &mut self,
        deadline: Instant,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<FromEngine>, ExternalError> {
        loop {
            if stop() {
                return Ok(None);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(ExternalError::Timeout { ms: 0 });
            }
            let wait = (deadline - now).min(Duration::from_millis(20));
            let event = match self.from_engine.recv_timeout(wait) {
                Ok(event) => Some(event),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => None,
            };
            if let Some(message) = self.message(event) {
                return message.map(Some);
            }
        }
    }

    /// A message that has already arrived, without waiting: `Ok(None)`
    /// when none has (blank lines are skipped).
    pub fn try_receive(&mut self) -> Result<Option<FromEngine>, ExternalError> {
        loop {
            let event = match self.from_engine.try_recv() {
                Ok(event) => Some(event),
                Err(mpsc::TryRecvError::Empty) => return Ok(None),
                Err(mpsc::TryRecvError::Disconnected) => None,
            };
            if let Some(message) = self.message(event) {
                return message.map(Some);
            }
        }
    }

    /// What the reader's `event` says (`None`: the reader is gone): a
    /// message, why the engine failed, or nothing for a blank line.
    fn message(&mut self, event: Option<Event>) -> Option<Result<FromEngine, ExternalError>> {
        Some(match event {
            Some(Event::Line(line)) if line.trim().is_empty() => return None,
            Some(Event::Line(line)) => line
                .parse()
                .map_err(|error| ExternalError::Garbage { line, error }),
            Some(Event::Broken(InputError::LineTooLong { .. })) => Err(ExternalError::LineTooLong),
            Some(Event::Broken(InputError::NotUtf8 { .. })) => Err(ExternalError::NotUtf8),
            Some(Event::Broken(_) | Event::Closed) | None => Err(self.failure()),
        })
    }

    /// Why the engine stopped talking: how it exited (waiting a moment for
    /// it), with the last lines of its stderr (once they are all read).
    pub fn failure(&mut self) -> ExternalError {
        let began = Instant::now();
        let mut status = None;
        while status.is_none() && began.elapsed() < Duration::from_millis(500) {
            status = group::peek_exit(&self.child);
            if status.is_none() {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        // The stderr thread may still be reading what the engine wrote last.
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(200));
        ExternalError::Exited {
            status: status.unwrap_or_else(|| "closed its output".to_string()),
            stderr: self.stderr_tail(),
        }
    }

    /// The last lines the engine wrote to stderr, joined with " | ".
    pub fn stderr_tail(&self) -> String {
        let tail = self.stderr.lock().unwrap_or_else(PoisonError::into_inner);
        tail.iter().cloned().collect::<Vec<_>>().join(" | ")
    }

    /// Ends the process now: kills its group and reaps it.
    pub fn end(&mut self) {
        if self.ended {
            return;
        }
        self.ended = true;
        self.to_engine = None;
        group::kill(&mut self.child);
        let _ = self.child.wait();
        group::unregister(&self.child);
        if let Some(scratch) = self.scratch.take() {
            // Its escaped descendants: those in its cgroup are killed; all
            // were adopted by chainlab when their parents died, and are
            // reaped. The scratch folder goes last, when nothing can write
            // in it any more.
            if let Some(cgroup) = &self.cgroup {
                cgroup.kill_all();
            }
            group::sweep();
            self.cgroup = None;
            drop(scratch);
        }
    }

    /// Asks the process to quit, waits up to [`QUIT_GRACE`] for it to close
    /// its output, then ends it.
    pub fn quit(&mut self) {
        if self.ended {
            return;
        }
        let _ = self.send(&ToEngine::Quit);
        self.to_engine = None;
        let deadline = Instant::now() + QUIT_GRACE;
        while let Some(wait) = deadline.checked_duration_since(Instant::now()) {
            match self.from_engine.recv_timeout(wait) {
                Ok(Event::Line(_)) => {}
                _ => break,
            }
        }
        self.end();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.quit();
    }
}

/// Starts a named thread.
fn spawn(name: &str, f: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn(f)
        .map(|_| ())
}

/// The writer thread: writes each queued message as a line until the queue
/// closes or the pipe breaks.
fn write_lines(mut stdin: ChildStdin, queue: Receiver<String>) {
    for line in queue {
        if writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return;
        }
    }
}

/// The reader thread: stdout lines, each at most `MAX_LINE_BYTES`.
fn read_lines(stdout: impl Read, events: SyncSender<Event>) {
    for line in Lines::new(BufReader::new(stdout), MAX_LINE_BYTES) {
        let event = match line {
            Ok((_, text)) => Event::Line(text),
            Err(e) => {
                let _ = events.send(Event::Broken(e));
                return;
            }
        };
        if events.send(event).is_err() {
            return;
        }
    }
    let _ = events.send(Event::Closed);
}

/// The stderr thread: reads everything (so the engine never blocks on it),
/// keeps the last lines and copies lines to the log.
fn drain_stderr(
    mut stderr: impl Read,
    pid: u32,
    tail: Arc<Mutex<VecDeque<String>>>,
    log: Option<Arc<EngineLog>>,
) {
    let mut buf = [0u8; 4096];
    let mut line = Vec::new();
    let keep = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes).trim_end().to_string();
        if let Some(log) = &log {
            log.write_line(pid, &text);
        }
        if !text.trim().is_empty() {
            let mut tail = tail.lock().unwrap_or_else(PoisonError::into_inner);
            if tail.len() == TAIL_LINES {
                tail.pop_front();
            }
            tail.push_back(text.chars().take(200).collect());
        }
    };
    loop {
        let n = match stderr.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        for &b in buf.get(..n).unwrap_or_default() {
            if b == b'\n' {
                keep(&line);
                line.clear();
            } else if line.len() < STDERR_LINE_BYTES {
                line.push(b);
            }
        }
    }
    if !line.is_empty() {
        keep(&line);
    }
}

/// Process groups: where the platform lets a whole group be killed (Unix),
/// every engine leads a group of its own.
#[cfg(unix)]
mod group {
    use std::collections::BTreeSet;
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    use std::process::{Child, Command, ExitStatus};
    use std::sync::{Mutex, PoisonError};

    use rustix::process::{Pid, Signal, WaitId, WaitIdOptions, kill_process_group, waitid};

    /// The process groups of engines still running.
    static LIVE: Mutex<BTreeSet<u32>> = Mutex::new(BTreeSet::new());

    /// Makes the program lead a new process group.
    pub fn configure(command: &mut Command) {
        command.process_group(0);
    }

    /// Starts `command` and registers its group, under the registry's
    /// lock, so that a sweep never sees a new engine unregistered.
    pub fn spawn(command: &mut Command) -> std::io::Result<Child> {
        let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        let child = command.spawn()?;
        live.insert(child.id());
        Ok(child)
    }

    /// Ends chainlab's adopted orphans of sandboxed programs (see
    /// [`crate::bots::external::sandbox::sweep_orphans`]).
    pub fn sweep() {
        let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        crate::bots::external::sandbox::sweep_orphans(&live);
    }

    pub fn unregister(child: &Child) {
        LIVE.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&child.id());
    }

    /// Kills the group `id` leads.
    fn kill_group(id: u32) {
        if let Some(pid) = i32::try_from(id).ok().and_then(Pid::from_raw) {
            let _ = kill_process_group(pid, Signal::KILL);
        }
    }

    /// Kills the child's group (the child is not reaped yet, so the group
    /// id is still its own) and the child.
    pub fn kill(child: &mut Child) {
        kill_group(child.id());
        let _ = child.kill();
    }

    /// Kills every engine's group still running.
    pub fn kill_all() {
        let live = std::mem::take(&mut *LIVE.lock().unwrap_or_else(PoisonError::into_inner));
        for id in live {
            kill_group(id);
        }
        // The killed engines die, and their escaped children are handed to
        // chainlab, within moments: sweep a few times.
        for _ in 0..10 {
            std::thread::sleep(std::time::Duration::from_millis(5));
            sweep();
        }
    }

    /// How the child exited, if it has, without reaping it.
    pub fn peek_exit(child: &Child) -> Option<String> {
        let pid = i32::try_from(child.id()).ok().and_then(Pid::from_raw)?;
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
        let status = waitid(WaitId::Pid(pid), options).ok()??;
        if let Some(code) = status.exit_status() {
            return Some(describe(ExitStatus::from_raw((code & 0xff) << 8)));
        }
        let signal = status.terminating_signal()?;
        Some(describe(ExitStatus::from_raw(signal & 0x7f)))
    }

    /// "exited with code 1", "was killed by signal 9 (SIGKILL)".
    fn describe(status: ExitStatus) -> String {
        match (status.code(), status.signal()) {
            (Some(code), _) => format!("exited with code {code}"),
            (None, Some(9)) => "was killed by signal 9 (SIGKILL)".to_string(),
            (None, Some(11)) => "crashed: signal 11 (SIGSEGV)".to_string(),
            (None, Some(6)) => "crashed: signal 6 (SIGABRT)".to_string(),
            (None, Some(s)) => format!("was ended by signal {s}"),
            (None, None) => "exited".to_string(),
        }
    }
}

/// Without process groups: the child alone is killed.
#[cfg(not(unix))]
mod group {
    use std::process::{Child, Command};

    pub fn configure(_command: &mut Command) {}
    pub fn spawn(command: &mut Command) -> std::io::Result<Child> {
        command.spawn()
    }
    pub fn sweep() {}
    pub fn unregister(_child: &Child) {}
    pub fn kill(child: &mut Child) {
        let _ = child.kill();
    }
    pub fn kill_all() {}
    pub fn peek_exit(_child: &Child) -> Option<String> {
        None
    }
}

/// Kills every engine process (and its children) still running: for a
/// second Ctrl+C, just before chainlab exits without unwinding.
pub fn kill_all_engines() {
    group::kill_all();
}
