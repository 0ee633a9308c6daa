//! Driving one engine process over the UCI-like protocol.
//!
//! The engine is a shell command line run through `sh -c`, in its own process group
//! so that killing it also kills whatever the shell started. A reader thread turns
//! its stdout into a channel of lines; every wait on that channel has a deadline,
//! so a silent engine can never hang the runner. Any fault (EOF, timeout, a line
//! that is not protocol) leaves the process unusable: the caller drops it (which
//! kills it) and starts a fresh one for the next game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How to start an engine and what to tell it first.
#[derive(Clone, Debug, Default)]
pub struct EngineSpec {
    /// A shell command line, run with `sh -c`.
    pub command: String,
    /// `setoption name N value V` pairs, sent after `UCI_Variant` (`VariantPath`
    /// before it, so the variant it defines can be chosen).
    pub options: Vec<(String, String)>,
    /// A display name; default: the engine's `id name`, else the command.
    pub name: Option<String>,
}

/// How an engine failed. Each is a loss for the engine at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFault {
    /// Its stdout closed or writing to its stdin failed: it exited or crashed.
    Crashed(String),
    /// No reply before the deadline.
    Timeout { waited: Duration },
    /// A reply that is not the protocol.
    Malformed(String),
    /// The process could not be started at all.
    Spawn(String),
}

impl std::fmt::Display for EngineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFault::Crashed(s) => write!(f, "engine crashed ({s})"),
            EngineFault::Timeout { waited } => {
                write!(f, "no reply within {} ms", waited.as_millis())
            }
            EngineFault::Malformed(s) => write!(f, "malformed reply: {s}"),
            EngineFault::Spawn(s) => write!(f, "could not start the engine: {s}"),
        }
    }
}

/// A `bestmove` answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move token: a sub-move, a comma-joined rest of turn, or `(none)`.
    pub bestmove: String,
    /// The score of the last `info ... score ...` line, as written (`cp 31`, `mate 3`).
    pub score: Option<String>,
    /// The depth of that last info line, if it gave one.
    pub depth: Option<u32>,
    /// From writing `go` to reading `bestmove`.
    pub elapsed: Duration,
}

/// Lines an engine may print at any time that carry nothing the runner needs.
const IGNORED_KEYWORDS: &[&str] = &[
    "id",
    "option",
    "uciok",
    "readyok",
    "copyprotection",
    "registration",
];

pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's `id name`, if it sent one.
    pub id_name: Option<String>,
    /// The variants it lists in `option name UCI_Variant ... var X`, if any.
    pub listed_variants: Vec<String>,
}

impl EngineProcess {
    /// Starts the engine and runs the handshake: `uci` → `uciok`, the variant and
    /// the options, `isready` → `readyok`.
    pub fn start(
        spec: &EngineSpec,
        variant: &str,
        timeout: Duration,
    ) -> Result<EngineProcess, EngineFault> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(&spec.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| EngineFault::Spawn(format!("{}: {e}", spec.command)))?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf)
                                .trim_end_matches(['\n', '\r'])
                                .to_string();
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|e| EngineFault::Spawn(format!("reader thread: {e}")))?;
        let mut engine = EngineProcess {
            child,
            stdin,
            lines: rx,
            id_name: None,
            listed_variants: Vec::new(),
        };
        engine.handshake(spec, variant, timeout)?;
        Ok(engine)
    }

    fn handshake(
        &mut self,
        spec: &EngineSpec,
        variant: &str,
        timeout: Duration,
    ) -> Result<(), EngineFault> {
        let deadline = Instant::now() + timeout;
        self.send("uci")?;
        // Before `uciok` anything goes (banners, options): only a few lines matter.
        loop {
            let line = self.recv(deadline, timeout)?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.id_name = Some(name.trim().to_string());
            } else if line.starts_with("option name UCI_Variant ") {
                let words: Vec<&str> = line.split_whitespace().collect();
                self.listed_variants = words
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1].to_string())
                    .collect();
            }
        }
        // A variants file (`VariantPath`, Fairy-Stockfish's option) must be loaded
        // before the variant it defines is chosen; every other option comes after
        // `UCI_Variant`.
        let is_path = |name: &str| name.eq_ignore_ascii_case("VariantPath");
        let mut loads_variants = false;
        for (name, value) in spec.options.iter().filter(|o| is_path(&o.0)) {
            self.send(&format!("setoption name {name} value {value}"))?;
            loads_variants = true;
        }
        if loads_variants {
            // The `uci` list predates the file: it no longer tells what the engine
            // plays.
            self.listed_variants.clear();
        }
        self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        for (name, value) in spec.options.iter().filter(|o| !is_path(&o.0)) {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.sync(timeout)
    }

    /// `isready` → `readyok`, skipping whatever comes before it.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineFault> {
        let deadline = Instant::now() + timeout;
        self.send("isready")?;
        loop {
            if self.recv(deadline, timeout)?.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// `ucinewgame` then a sync; a sync first too, so the engine has finished with
    /// the last game's search before it is told a new game begins.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineFault> {
        self.sync(timeout)?;
        self.send("ucinewgame")?;
        self.sync(timeout)
    }

    /// Sends the position and the `go` command and waits up to `timeout` for
    /// `bestmove`. `info` lines are read for their score; any other line that is not
    /// protocol is a malformed reply.
    ///
    /// An `isready` round trip comes first (not charged to the clock): an engine
    /// prints `bestmove` from its search thread and may still be winding that
    /// thread down when the next `position` arrives; `readyok` gives it that moment.
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        timeout: Duration,
    ) -> Result<Reply, EngineFault> {
        self.sync(timeout)?;
        self.send(position)?;
        self.send(go)?;
        let start = Instant::now();
        let deadline = start + timeout;
        let mut score = None;
        let mut depth = None;
        loop {
            let line = self.recv(deadline, timeout)?;
            let mut words = line.split_whitespace();
            match words.next() {
                None => continue,
                Some("info") => {
                    let w: Vec<&str> = words.collect();
                    if let Some(i) = w.iter().position(|&x| x == "score") {
                        if let (Some(kind), Some(value)) = (w.get(i + 1), w.get(i + 2)) {
                            score = Some(format!("{kind} {value}"));
                        }
                    }
                    if let Some(i) = w.iter().position(|&x| x == "depth") {
                        depth = w.get(i + 1).and_then(|d| d.parse().ok()).or(depth);
                    }
                }
                Some("bestmove") => {
                    let elapsed = start.elapsed();
                    let rest: Vec<&str> = words.collect();
                    let bestmove = match rest.as_slice() {
                        [m] | [m, "ponder", _] => m.to_string(),
                        [] => {
                            return Err(EngineFault::Malformed("'bestmove' without a move".into()))
                        }
                        _ => return Err(EngineFault::Malformed(format!("'{}'", line.trim()))),
                    };
                    return Ok(Reply {
                        bestmove,
                        score,
                        depth,
                        elapsed,
                    });
                }
                Some(word) if IGNORED_KEYWORDS.contains(&word) => {}
                Some(_) => {
                    return Err(EngineFault::Malformed(format!(
                        "unexpected line '{}'",
                        truncate(line.trim())
                    )))
                }
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), EngineFault> {
        log::trace!("> {line}");
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| {
                EngineFault::Crashed(
                    self.exit_description()
                        .unwrap_or_else(|| format!("write failed: {e}")),
                )
            })
    }

    fn recv(&mut self, deadline: Instant, waited: Duration) -> Result<String, EngineFault> {
        let now = Instant::now();
        let left = deadline.saturating_duration_since(now);
        match self.lines.recv_timeout(left) {
            Ok(line) => {
                log::trace!("< {line}");
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineFault::Timeout { waited }),
            Err(RecvTimeoutError::Disconnected) => Err(EngineFault::Crashed(
                self.exit_description()
                    .unwrap_or_else(|| "its output closed".to_string()),
            )),
        }
    }

    /// "exit code N" / "killed by signal N" once the process has ended; waits a
    /// little, since the output closes just before the exit is reported.
    fn exit_description(&mut self) -> Option<String> {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                if let Some(code) = status.code() {
                    return Some(format!("exit code {code}"));
                }
                #[cfg(unix)]
                {
                    use std::os::unix::process::ExitStatusExt;
                    if let Some(sig) = status.signal() {
                        return Some(format!("killed by signal {sig}"));
                    }
                }
                return Some(format!("{status}"));
            }
            if Instant::now() >= until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Asks the engine to quit, gives it a moment, then kills what is left.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        // Drop kills the process group if anything survived.
    }

    fn kill(&mut self) {
        #[cfg(unix)]
        {
            // The child leads its own process group (see `start`); a negative pid
            // signals the whole group, so a shell's children die with it.
            let pgid = self.child.id() as libc::pid_t;
            if pgid > 0 {
                // SAFETY: kill(2) with a process group id we created; no memory involved.
                unsafe {
                    libc::kill(-pgid, libc::SIGKILL);
                }
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

fn truncate(s: &str) -> String {
    const MAX: usize = 80;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        format!("{}...", s.chars().take(MAX).collect::<String>())
    }
}
