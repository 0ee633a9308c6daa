//! The search: types shared with the protocol, and the searcher.
//!
//! NOTE: this file currently holds the API and a plain fixed-depth alpha-beta used
//! while the real search (iterative deepening, PVS, TT, Lazy SMP) is written.

use crate::moves::{Move, MoveList};
use crate::position::{Evaluator, GenKind, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What `go` asked for. Times in milliseconds.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    /// Remaining clock time per side (index by `Side::index()`).
    pub time: [Option<u64>; 2],
    pub inc: [u64; 2],
    pub movestogo: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// Look for a mate in this many moves.
    pub mate: Option<u32>,
    /// Restrict the root to these sub-moves (empty: all).
    pub searchmoves: Vec<Move>,
    pub multipv: usize,
    pub move_overhead: u64,
}

/// A search score as the protocol reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, side to move's view.
    Cp(i32),
    /// Mate in this many moves of the side to move (negative: being mated); 0 when the
    /// game is already over.
    Mate(i32),
}

/// One `info` line's worth of progress.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` when the root has no legal move.
    pub best: Option<Move>,
    /// Principal variation starting with `best`.
    pub pv: Vec<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// Search state that outlives one `go`: the stop flag, the ponder flag, options.
pub struct Searcher {
    pub stop: Arc<AtomicBool>,
    /// Set by `ponderhit`: the search switches from pondering to normal limits.
    pub ponderhit: Arc<AtomicBool>,
    pub threads: usize,
    pub hash_mb: usize,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher { stop: Arc::new(AtomicBool::new(false)), ponderhit: Arc::new(AtomicBool::new(false)), threads: 1, hash_mb: 16 }
    }
}

impl Searcher {
    /// Empties the transposition table (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {}

    /// Searches `root` (reached through `history`, oldest first) within `limits`,
    /// calling `report` with progress; returns the best sub-move.
    pub fn think<P: Position, E: Evaluator<P>>(
        &mut self,
        root: &P,
        _history: &[P],
        limits: &Limits,
        eval: &E,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let depth = limits.depth.unwrap_or(3).max(1);
        let mut nodes = 0;
        let mut list = MoveList::new();
        root.generate(GenKind::All, &mut list);
        let mut best = None;
        let mut best_score = -1_000_000;
        for &m in &list {
            let mut child = root.clone();
            child.make(m);
            let s = self.negamax(&child, depth - 1, eval, &mut nodes);
            let s = if child.side_to_move() == root.side_to_move() { s } else { -s };
            if best.is_none() || s > best_score {
                best = Some(m);
                best_score = s;
            }
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        let info = Info { depth, seldepth: depth, multipv: 1, score: Score::Cp(best_score), nodes, nps: 0, hashfull: 0, time_ms: 0, pv: best.into_iter().collect() };
        report(&info);
        SearchResult { best, pv: info.pv.clone(), score: info.score, depth, nodes }
    }

    fn negamax<P: Position, E: Evaluator<P>>(&self, pos: &P, depth: u32, eval: &E, nodes: &mut u64) -> i32 {
        *nodes += 1;
        if depth == 0 {
            return eval.evaluate(pos);
        }
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        if list.is_empty() {
            return match pos.outcome() {
                Some(crate::position::Outcome::Win { winner, .. }) if winner == pos.side_to_move() => 100_000,
                Some(crate::position::Outcome::Win { .. }) => -100_000,
                _ => 0,
            };
        }
        let mut best = -1_000_000;
        for &m in &list {
            let mut child = pos.clone();
            child.make(m);
            let s = self.negamax(&child, depth - 1, eval, nodes);
            let s = if child.side_to_move() == pos.side_to_move() { s } else { -s };
            best = best.max(s);
        }
        best
    }
}
