//! Lazy SMP: every thread searches the same root with its own move-ordering tables;
//! they share only the transposition table, the stop flags and their node counters.
//! The main thread (id 0, run on the caller's thread so `report` need not be `Send`)
//! owns the clock and decides the answer; helpers run on scoped threads and stop when
//! it finishes.

use super::alphabeta::{MainControl, RootResult, Worker};
use super::ordering::OrderingTables;
use super::params::SearchParams;
use crate::moves::Move;
use crate::position::{Evaluator, Position};
use crate::tt::TranspositionTable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Helper threads get a generous stack: positions are copied down the search path.
const HELPER_STACK_BYTES: usize = 64 << 20;

/// State shared by the threads of one search.
pub struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    user_stop: &'a AtomicBool,
    ponderhit: &'a AtomicBool,
    /// Set by the main thread when a limit is reached or its search is over.
    internal_stop: AtomicBool,
    /// Each thread's node count, published every few hundred nodes.
    nodes: Vec<AtomicU64>,
    /// The main thread's current root move, for `info currmove` (see [`super::CurrMove`]).
    pub currmove: &'a AtomicU64,
}

impl<'a> Shared<'a> {
    pub fn new(
        tt: &'a TranspositionTable,
        user_stop: &'a AtomicBool,
        ponderhit: &'a AtomicBool,
        currmove: &'a AtomicU64,
        threads: usize,
    ) -> Self {
        Shared {
            tt,
            user_stop,
            ponderhit,
            internal_stop: AtomicBool::new(false),
            nodes: (0..threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
            currmove,
        }
    }

    #[inline]
    pub fn should_stop(&self) -> bool {
        self.internal_stop.load(Ordering::Relaxed) || self.user_stop.load(Ordering::Relaxed)
    }

    /// Only the user's `stop` (not a limit): ends infinite and ponder searches.
    pub fn user_stopped(&self) -> bool {
        self.user_stop.load(Ordering::Relaxed)
    }

    pub fn ponderhit(&self) -> bool {
        self.ponderhit.load(Ordering::Relaxed)
    }

    pub fn abort(&self) {
        self.internal_stop.store(true, Ordering::Relaxed);
    }

    pub fn publish_nodes(&self, id: usize, nodes: u64) {
        self.nodes[id].store(nodes, Ordering::Relaxed);
    }

    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// Runs the main worker on this thread and `threads - 1` helpers beside it.
/// `on_iteration` is the main thread's per-iteration hook (report, time decisions).
#[allow(clippy::too_many_arguments)]
pub fn run<P: Position, E: Evaluator<P>>(
    shared: &Shared<'_>,
    root: &P,
    root_moves: &[Move],
    history_keys: &[u64],
    eval: &E,
    threads: usize,
    max_depth: i32,
    control: MainControl,
    main_tables: OrderingTables,
    params: &SearchParams,
    on_iteration: &mut dyn FnMut(&mut Worker<'_, P, E>, &RootResult) -> bool,
) -> (Option<RootResult>, OrderingTables, usize) {
    std::thread::scope(|scope| {
        for id in 1..threads.max(1) {
            let mut moves = root_moves.to_vec();
            let builder = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(HELPER_STACK_BYTES);
            let spawned = builder.spawn_scoped(scope, move || {
                let mut worker =
                    Worker::new(id, shared, eval, history_keys, OrderingTables::default(), params);
                worker.iterate(root, &mut moves, max_depth, |_, _| !shared.should_stop());
            });
            if spawned.is_err() {
                // Could not start a helper: search with fewer threads rather than fail.
                log::warn!("could not start search thread {id}");
                break;
            }
        }
        let mut moves = root_moves.to_vec();
        let mut worker = Worker::new(0, shared, eval, history_keys, main_tables, params);
        worker.control = Some(control);
        let result = worker.iterate(root, &mut moves, max_depth, |w, r| on_iteration(w, r));
        worker.wait_for_release();
        let seldepth = worker.seldepth;
        let tables = std::mem::take(&mut worker.ordering);
        // Whether it finished or was stopped, the helpers must stop too.
        shared.abort();
        (result, tables, seldepth)
    })
}
