//! The search: types shared with the protocol, and the [`Searcher`] that owns the
//! transposition table and runs a search.
//!
//! * [`alphabeta`] — one thread's iterative deepening, PVS, quiescence, pruning;
//! * [`ordering`] — move ordering (TT move, tactical, killers, history);
//! * [`time`] — turning `go` limits into deadlines;
//! * [`threads`] — Lazy SMP over scoped threads;
//! * [`crate::tt`] — the shared lock-free transposition table.

pub mod alphabeta;
pub mod correction;
mod evalcache;
pub mod ordering;
pub mod params;
pub mod threads;
pub mod time;
#[doc(hidden)]
pub mod toys;

use crate::moves::{Move, MoveList};
use crate::position::{Evaluator, GenKind, Position};
use crate::tt::TranspositionTable;
use alphabeta::{MainControl, RootResult, Worker};
use ordering::{ContinuationKey, MovePicker, OrderingTables, Prior};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
use time::TimeControl;

/// Deepest ply the search goes (sub-moves from the root, extensions included).
pub const MAX_PLY: usize = 128;
/// Deepest iteration.
pub const MAX_DEPTH: i32 = 100;
/// Larger than any score.
pub const INFINITY: i32 = 31_000;
/// The score of a won position with no moves left to play; a mate `n` half-turns
/// away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores at or beyond this magnitude are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

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

impl Score {
    /// Converts an internal root score. Mate scores count half-turns `d` to the end of
    /// the game: the side to move wins on its own turn number `d / 2 + 1`, or loses
    /// after `(d + 1) / 2` of its own moves.
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            let d = MATE - score;
            Score::Mate(d / 2 + 1)
        } else if score <= -MATE_BOUND {
            let d = MATE + score;
            Score::Mate(-((d + 1) / 2))
        } else {
            Score::Cp(score)
        }
    }
}

/// The main thread's current root move: packed into one `AtomicU64` as move bits
/// (32), 1-based move number (16) and depth (16); 0 means none yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CurrMove {
    pub mv: Move,
    pub number: u32,
    pub depth: u32,
}

impl CurrMove {
    pub fn pack(self) -> u64 {
        self.mv.bits() as u64
            | ((self.number.min(0xffff) as u64) << 32)
            | ((self.depth.min(0xffff) as u64) << 48)
    }
    pub fn unpack(v: u64) -> Option<CurrMove> {
        (v != 0).then(|| CurrMove {
            mv: Move::from_bits(v as u32),
            number: ((v >> 32) & 0xffff) as u32,
            depth: (v >> 48) as u32,
        })
    }
}

/// One `info` line's worth of progress.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: Score,
    /// `Some` when the score is only a bound (an aspiration window failed):
    /// `Lower` is UCI's `lowerbound`, `Upper` its `upperbound`.
    pub bound: Option<crate::tt::Bound>,
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

/// Search state that outlives one `go`: the stop flag, the ponder flag, options, the
/// transposition table and the main thread's ordering statistics.
///
/// The caller clears `stop` (and `ponderhit`) before `think`; `think` never resets them,
/// so a `stop` that arrives while the search is starting is not lost.
pub struct Searcher {
    pub stop: Arc<AtomicBool>,
    /// Set by `ponderhit`: the search switches from pondering to normal limits.
    pub ponderhit: Arc<AtomicBool>,
    pub threads: usize,
    /// Transposition table size; 0 disables the table. Applied at the next `think`
    /// (or at once with [`Searcher::set_hash`]).
    pub hash_mb: usize,
    /// The root move the main thread is searching now, packed by [`CurrMove`]; read
    /// by the protocol for `info currmove` while `think` runs.
    pub currmove: Arc<AtomicU64>,
    /// The search's tunable numbers (the `SearchParams` option); the root variant's
    /// profile sets those not given by name (`SearchParams::with_profile`).
    pub params: params::SearchParams,
    tt: TranspositionTable,
    tt_mb: Option<usize>,
    ordering: Option<OrderingTables>,
    /// The helper threads' ordering statistics, kept between searches like the main
    /// thread's (allocating them anew would cost every move page faults).
    helper_ordering: Vec<OrderingTables>,
    /// The clock's effort pivot learned over this game (`time_effort_learn`).
    effort_pivot: time::EffortPivot,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher {
            stop: Arc::new(AtomicBool::new(false)),
            ponderhit: Arc::new(AtomicBool::new(false)),
            threads: 1,
            hash_mb: 16,
            currmove: Arc::new(AtomicU64::new(0)),
            params: params::SearchParams::default(),
            tt: TranspositionTable::new(0),
            tt_mb: None,
            ordering: None,
            helper_ordering: Vec::new(),
            effort_pivot: time::EffortPivot::default(),
        }
    }
}

impl Searcher {
    /// A searcher with these options (the table is allocated at the first search).
    pub fn new(threads: usize, hash_mb: usize) -> Self {
        Searcher {
            threads,
            hash_mb,
            ..Searcher::default()
        }
    }

    /// Empties the transposition table and forgets move-ordering statistics and the
    /// learned effort pivot (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering = None;
        self.helper_ordering.clear();
        self.effort_pivot = time::EffortPivot::default();
    }

    /// Resizes the transposition table now (its contents are lost).
    pub fn set_hash(&mut self, mb: usize) {
        self.hash_mb = mb;
        self.tt = TranspositionTable::new(mb);
        self.tt_mb = Some(mb);
    }

    /// Table occupancy in per mille of the current search's entries.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    fn ensure_table(&mut self) {
        if self.tt_mb != Some(self.hash_mb) {
            self.set_hash(self.hash_mb);
        }
    }

    /// Allocates the table for `hash_mb` if it has not been yet, and returns the size
    /// actually had (smaller when the memory was not available).
    pub fn prepare_table(&mut self) -> usize {
        self.ensure_table();
        self.tt.size_mb()
    }

    /// Searches `root` (reached through `history`, oldest first) within `limits`,
    /// calling `report` with progress; returns the best sub-move.
    pub fn think<P: Position, E: Evaluator<P>>(
        &mut self,
        root: &P,
        history: &[P],
        limits: &Limits,
        eval: &E,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        self.ensure_table();
        self.tt.new_search();

        let mut legal = MoveList::new();
        if root.event_outcome().is_none() {
            root.generate(GenKind::All, &mut legal);
        }
        if !limits.searchmoves.is_empty() {
            let wanted: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| limits.searchmoves.contains(m))
                .collect();
            if !wanted.is_empty() {
                legal = wanted;
            }
        }
        if legal.is_empty() {
            // The game is over: nothing to search.
            let score = match root.outcome() {
                Some(crate::position::Outcome::Win { winner, .. })
                    if winner == root.side_to_move() =>
                {
                    Score::Mate(0)
                }
                Some(crate::position::Outcome::Win { .. }) => Score::Mate(0),
                _ => Score::Cp(0),
            };
            let info = Info {
                depth: 0,
                seldepth: 0,
                multipv: 1,
                score,
                bound: None,
                nodes: 0,
                nps: 0,
                hashfull: self.tt.hashfull(),
                time_ms: 0,
                pv: Vec::new(),
            };
            report(&info);
            return SearchResult {
                best: None,
                pv: Vec::new(),
                score,
                depth: 0,
                nodes: 0,
            };
        }

        // Order the root once: TT move, tactical, quiet (later iterations reorder).
        let mut ordering = self.ordering.take().unwrap_or_default();
        ordering.age();
        let helpers = self.threads.max(1) - 1;
        self.helper_ordering
            .resize_with(helpers, OrderingTables::default);
        for tables in &mut self.helper_ordering {
            tables.age();
        }
        let root_moves = order_root(root, &legal, &self.tt, &ordering);
        let drawn_at_root = root.draw_reason(history).is_some();
        let history_keys: Vec<u64> = history
            .iter()
            .filter(|p| p.is_turn_start())
            .map(|p| p.key())
            .collect();

        let side = root.side_to_move();
        let pondering = limits.ponder;
        let clock = if limits.infinite || pondering {
            TimeControl::unlimited(start)
        } else {
            TimeControl::new(limits, side, start)
        };
        let max_depth = limits
            .depth
            .map(|d| d.clamp(1, MAX_DEPTH as u32) as i32)
            .unwrap_or(MAX_DEPTH);
        let control = MainControl {
            limits: limits.clone(),
            clock,
            pondering,
            side,
        };

        let threads = self.threads.max(1);
        let shared = threads::Shared::new(
            &self.tt,
            &self.stop,
            &self.ponderhit,
            &self.currmove,
            threads,
        );
        self.currmove.store(0, Ordering::Relaxed);
        let tt = &self.tt;
        let make_info = |score: i32, r: &RootResult, seldepth: usize, nodes: u64| {
            let ms = start.elapsed().as_millis() as u64;
            Info {
                depth: r.depth.max(1) as u32,
                seldepth: (seldepth.max(r.pv.len())) as u32,
                multipv: 1,
                score: if drawn_at_root {
                    Score::Cp(0)
                } else {
                    Score::from_internal(score)
                },
                bound: r.bound.filter(|_| !drawn_at_root),
                nodes,
                nps: nodes * 1000 / ms.max(1),
                hashfull: tt.hashfull(),
                time_ms: ms,
                pv: r.pv.clone(),
            }
        };
        let mut stability = time::Stability::default();
        let params = match self.params.with_profile(root.search_profile()) {
            Ok(p) => p,
            Err(e) => {
                // Profiles are checked where they are made (compiled-in ones by a test,
                // a variants file's when it loads); never fail a search on one.
                log::warn!("search profile ignored: {e}");
                self.params.clone()
            }
        };
        let effort_prior = params.time_effort.max(0) as u32;
        let effort_pivot = match params.time_effort_learn {
            0 => effort_prior,
            _ => self.effort_pivot.pivot(effort_prior),
        };
        // The last completed iteration's best-move share, for the learned pivot.
        let mut final_effort = None;
        let mut on_iteration = |w: &mut Worker<'_, P, E>, r: &RootResult| -> bool {
            w.check_limits();
            let info = make_info(r.score, r, w.seldepth, w.nodes.max(shared.total_nodes()));
            report(&info);
            if r.bound.is_some() {
                // A failed aspiration window: reported, but no decision is taken on it.
                return true;
            }
            if r.depth >= time::EFFORT_MIN_DEPTH {
                final_effort = Some(w.root_best_effort);
            }
            let control = w.control.as_ref().expect("main thread has control");
            if let (Some(n), Score::Mate(m)) = (limits.mate, Score::from_internal(r.score)) {
                if m > 0 && m as u32 <= n {
                    return false;
                }
            }
            if control.pondering {
                return true;
            }
            let clock = &control.clock;
            let percent = match r.pv.first() {
                Some(&best) if params.time_stability != 0 => stability.update(best, r.score),
                _ => 100,
            };
            log::debug!(
                "depth {} best-move effort {} permille (pivot {})",
                r.depth,
                w.root_best_effort,
                effort_pivot
            );
            let percent = match effort_pivot {
                0 => percent,
                pivot => percent * time::effort_percent(w.root_best_effort, pivot) / 100,
            };
            let may_go_on = if clock.is_fixed() && params.time_fixed_full != 0 {
                // The hard deadline ends the search; a partial iteration's better
                // move is kept.
                !clock.out_of_time()
            } else if clock.is_fixed() {
                clock.may_start_iteration()
            } else {
                clock.may_start_iteration_scaled(percent)
            };
            !shared.should_stop() && may_go_on
        };
        let (result, tables, seldepth) = threads::run(
            &mut self.helper_ordering,
            &shared,
            root,
            &root_moves,
            &history_keys,
            eval,
            max_depth,
            control,
            ordering,
            &params,
            &mut on_iteration,
        );
        self.ordering = Some(tables);
        // Only a search that learns keeps the samples.
        if let Some(share) =
            final_effort.filter(|_| effort_prior > 0 && params.time_effort_learn != 0)
        {
            self.effort_pivot.record(share, effort_prior);
        }

        let nodes = shared.total_nodes();
        let result = result.unwrap_or_else(|| RootResult {
            depth: 0,
            score: 0,
            pv: vec![root_moves[0]],
            bound: None,
        });
        let info = make_info(result.score, &result, seldepth, nodes);
        report(&info);
        SearchResult {
            best: result.pv.first().copied(),
            pv: result.pv.clone(),
            score: info.score,
            depth: result.depth.max(0) as u32,
            nodes,
        }
    }
}

/// The root moves in first-iteration order: TT move, tactical moves, the rest.
fn order_root<P: Position>(
    root: &P,
    legal: &[Move],
    tt: &TranspositionTable,
    ordering: &OrderingTables,
) -> Vec<Move> {
    let tt_move = tt
        .probe(root.key())
        .map(|e| e.mv)
        .filter(|m| legal.contains(m))
        .unwrap_or(Move::NONE);
    let mut tactical = MoveList::new();
    root.generate(GenKind::Tactical, &mut tactical);
    tactical.sort_unstable();
    let mut picker = MovePicker::new(
        ordering,
        root.side_to_move(),
        0,
        &[Prior::NONE; 2],
        tt_move,
        legal,
        &tactical,
        |m| root.static_exchange(m),
        Vec::new(),
    );
    std::iter::from_fn(|| {
        picker
            .next_move(ordering, |q| ContinuationKey::of(root, q))
            .map(|p| p.mv)
    })
    .collect()
}

/// A deterministic single-threaded fixed-depth search of `pos` with a fresh table
/// (for bench signatures): returns the nodes searched.
pub fn bench_one<P: Position, E: Evaluator<P>>(pos: &P, depth: u32, eval: &E) -> u64 {
    let mut searcher = Searcher {
        threads: 1,
        hash_mb: 16,
        ..Searcher::default()
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    searcher.think(pos, &[], &limits, eval, &mut |_| {}).nodes
}

/// [`bench_one`] from a FEN.
pub fn bench_fen<P: Position, E: Evaluator<P>>(
    fen: &str,
    depth: u32,
    eval: &E,
) -> Result<u64, crate::error::FenError> {
    Ok(bench_one(&P::from_fen(fen)?, depth, eval))
}

#[cfg(test)]
mod tests;
