//! Driving the real `manifold` binary through pipes.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    barriers: u64,
}

impl Engine {
    pub fn start() -> Engine {
        Self::start_with(&[])
    }
    pub fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_manifold"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start manifold");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
            barriers: 0,
        }
    }
    pub fn send(&mut self, line: &str) {
        self.stdin.write_all(line.as_bytes()).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }
    /// Reads lines until one satisfies `pred` (returned with all lines seen), or panics
    /// after `timeout`.
    pub fn expect(
        &mut self,
        timeout: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> (String, Vec<String>) {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    if pred(&l) {
                        return (l, seen);
                    }
                    seen.push(l);
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "timed out; last lines: {:?}",
                    &seen[seen.len().saturating_sub(10)..]
                ),
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "engine closed its output; last lines: {:?}",
                    &seen[seen.len().saturating_sub(10)..]
                ),
            }
        }
    }
    /// Drains whatever output arrives within `wait`.
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        let mut v = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(wait) {
            v.push(l);
        }
        v
    }
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.expect(Duration::from_secs(10), |l| l == "readyok").1
    }
    /// Waits until everything sent so far has been answered: an unknown command with a
    /// unique name is echoed in its error line, so all output before it is old.
    pub fn barrier(&mut self) -> Vec<String> {
        self.barriers += 1;
        let tag = format!("barrier-{}", self.barriers);
        self.send(&tag);
        self.expect(Duration::from_secs(30), |l| {
            l.starts_with("info string error") && l.contains(&tag)
        })
        .1
    }
    /// The `Fen:` line of `d`.
    pub fn fen(&mut self) -> String {
        self.barrier();
        self.send("d");
        let (l, _) = self.expect(Duration::from_secs(10), |l| l.starts_with("Fen: "));
        l["Fen: ".len()..].to_string()
    }
    /// Sends `go` (e.g. `"go depth 7"`), waits for `bestmove` and returns the number
    /// after `field` (`"nodes"`, `"cp"`) in the last `info` line that has it.
    pub fn search_field(&mut self, go: &str, field: &str) -> i64 {
        self.send(go);
        let (_, seen) = self.expect(Duration::from_secs(30), |l| l.starts_with("bestmove"));
        let info = seen
            .iter()
            .rev()
            .find(|l| l.starts_with("info") && l.split(' ').any(|w| w == field))
            .unwrap_or_else(|| panic!("no info line with {field}: {seen:?}"));
        let mut words = info.split(' ');
        words.find(|w| *w == field);
        words.next().unwrap().parse().unwrap()
    }
    pub fn quit(mut self) {
        let _ = self.stdin.write_all(b"quit\n");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("engine did not exit after quit");
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn variants() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_manifold"))
        .arg("variants")
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Runs `manifold [--variants FILE] match` between two copies of the binary and
/// checks every game of its PGN: none ended by an engine fault (illegal move,
/// crash, malformed output), each has moves, and each replays to its recorded end
/// through the referee's own rules. The caller loads `variants` into this process's
/// registry first when the variant comes from a file (the replay needs it).
pub fn check_selfplay(variants: Option<&std::path::Path>, variant: &str, games: usize, depth: u32) {
    let dir = std::env::temp_dir().join(format!(
        "manifold-selfplay-{}-{variant}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let bin = env!("CARGO_BIN_EXE_manifold");
    let mut cmd = Command::new(bin);
    if let Some(f) = variants {
        cmd.args(["--variants", f.to_str().unwrap()]);
    }
    let out = cmd
        .arg("match")
        .args(["--engine1", bin, "--engine2", bin, "--variant", variant])
        .args(["--games", &games.to_string(), "--depth", &depth.to_string()])
        .args(["--pgn", pgn.to_str().unwrap(), "--quiet"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{variant}: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    let played = protocol::matches::parse_pgn(&text).unwrap();
    assert_eq!(played.len(), games, "{variant}: games in the PGN");
    for (i, g) in played.iter().enumerate() {
        let termination = g.tag("Termination").unwrap_or_default();
        for fault in [
            "illegal move",
            "crashed",
            "malformed",
            "could not start",
            "did not reply",
            "unknown",
        ] {
            assert!(
                !termination.contains(fault),
                "{variant} game {}: {termination}",
                i + 1
            );
        }
        assert!(!g.moves.is_empty(), "{variant} game {} has moves", i + 1);
        let end = protocol::matches::pgn::replay(g, i).unwrap();
        assert!(
            end.result().is_some(),
            "{variant} game {} replays to its end",
            i + 1
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
