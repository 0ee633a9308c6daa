//! Manifold's face to the world: the UCI-like text protocol, the variant registry
//! that binds positions to evaluators and the search, bench, and the match runner.
//! This is the only crate that touches stdin/stdout.

pub mod bench;
pub mod registry;
pub mod session;
pub mod uci;

use std::io::BufRead;

/// Continues a session in the XBoard (CECP) protocol after the `xboard` command.
pub fn xboard_entry(_input: &mut dyn BufRead, out: uci::Output) {
    out.line("Error (xboard protocol not available in this build): xboard");
}
