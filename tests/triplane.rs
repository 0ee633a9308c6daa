//! Split Phase Tri-Plane: rules, FEN, perft cross-checks against an independent
//! slow generator (`triplane_slow`), and self-play.

mod triplane_slow;

use engine::game::Game;
use engine::variants::triplane::TriPlane;
use engine::{DrawReason, GenKind, MoveList, Outcome, Position, Side};
use std::collections::BTreeSet;
use triplane_slow::Slow;

const START: &str = "rnbqsbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQSBNR|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w KQkq - 0 1 a";

fn pos(fen: &str) -> TriPlane {
    TriPlane::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn engine_moves(p: &TriPlane) -> BTreeSet<String> {
    let mut l = MoveList::new();
    p.generate(GenKind::All, &mut l);
    l.iter().map(|&m| p.move_text(m)).collect()
}

/// The `tests/perft/triplane.perft` lines: (fen, depth, nodes).
fn perft_lines() -> Vec<(String, u32, u64)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/triplane.perft")).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            assert_eq!(f[0], "triplane");
            (f[1].to_string(), f[2].parse().unwrap(), f[3].parse().unwrap())
        })
        .collect()
}

/// Prints slow-generator counts and depth-1 move lists for the FENs in
/// `TRIPLANE_FENS` (one per line): how the perft file's numbers were produced.
#[test]
#[ignore = "tool: prints slow-generator perft counts"]
fn print_slow_counts() {
    let fens = std::env::var("TRIPLANE_FENS").unwrap_or_else(|_| START.to_string());
    let max: u32 = std::env::var("TRIPLANE_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(3);
    for fen in fens.lines().filter(|l| !l.trim().is_empty()) {
        let s = Slow::from_fen(fen.trim());
        let mut ms = s.moves();
        ms.sort();
        println!("FEN {fen}\n  moves ({}): {}", ms.len(), ms.join(" "));
        for d in 1..=max {
            println!("  triplane;{};{d};{}", fen.trim(), s.perft(d));
        }
    }
}

/// Engine perft over the same FENs, for comparing with `print_slow_counts`.
#[test]
#[ignore = "tool: prints engine perft counts"]
fn print_engine_counts() {
    let fens = std::env::var("TRIPLANE_FENS").unwrap_or_else(|_| START.to_string());
    let max: u32 = std::env::var("TRIPLANE_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(3);
    for fen in fens.lines().filter(|l| !l.trim().is_empty()) {
        let p = pos(fen.trim());
        println!("FEN {fen}\n  moves ({}): {}", engine_moves(&p).len(), engine_moves(&p).into_iter().collect::<Vec<_>>().join(" "));
        for d in 1..=max {
            println!("  triplane;{};{d};{}", fen.trim(), engine::perft::perft(&p, d));
        }
    }
}
