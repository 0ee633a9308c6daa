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
