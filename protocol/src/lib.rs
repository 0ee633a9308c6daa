//! Manifold's face to the world: the UCI-like text protocol, the variant registry
//! that binds positions to evaluators and the search, bench, and the match runner.
//! This is the only crate that touches stdin/stdout.

pub mod bench;
pub mod datagen;
pub mod gui_data;
pub mod matches;
pub mod registry;
pub mod session;
pub mod strength;
pub mod tune;
pub mod uci;
pub mod wdl;
pub mod xboard;

use std::io::BufRead;

/// Continues a session in the XBoard (CECP) protocol after the `xboard` command.
/// (Platonic Chess only, see [`xboard`].)
pub fn xboard_entry(input: &mut dyn BufRead, out: uci::Output) {
    let mut writer = LineWriter {
        out,
        pending: Vec::new(),
    };
    xboard::run_xboard(input, &mut writer);
}

/// Adapts the protocol's line-based [`uci::Output`] to `std::io::Write`: bytes are
/// collected and handed over one complete line at a time.
struct LineWriter {
    out: uci::Output,
    pending: Vec<u8>,
}

impl std::io::Write for LineWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=i).collect();
            self.out
                .line(String::from_utf8_lossy(&line[..line.len() - 1]).trim_end_matches('\r'));
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
