//! Lazy SMP: every thread searches the same root with its own move-ordering tables;
//! they share only the transposition table, the stop flags and their node counters.
//! The main thread (id 0, run on the caller's thread so `report` need not be `Send`)
//! owns the clock and decides the answer; helpers run on scoped threads and stop when
//! it finishes.

use super::alphabeta::{MainControl, RootResult, Worker};
use super::ordering::OrderingTables;
use super::params::SearchParams;
use super::MATE_BOUND;
use crate::moves::Move;
use crate::position::{Evaluator, Position};
use crate::tt::TranspositionTable;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

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
    /// How many threads are searching each iteration depth now.
    searching: Vec<AtomicUsize>,
    /// The deepest iteration any thread has completed, and its result.
    completed: AtomicI32,
    deepest: Mutex<Option<RootResult>>,
    /// Which thread is searching which node near the root (see [`NodeMark`]).
    marks: Vec<MarkSlot>,
}

/// Marks kept: nodes near the root hash into this many slots.
const MARK_SLOTS: usize = 1024;
/// Only nodes this close to the root are marked: deeper ones are too many and too
/// short-lived for another thread to meet.
pub const MARK_MAX_PLY: usize = 8;

/// A slot of the marks table: the node's key and the id + 1 of the thread in it (0:
/// free).
#[derive(Default)]
struct MarkSlot {
    key: AtomicU64,
    owner: AtomicUsize,
}

/// A thread's presence in a node, for as long as it searches it: it claims a free
/// slot of the marks table and frees it when dropped. `other` tells that another
/// thread was already searching the same node when this one entered; the search then
/// reduces late moves more there, so the two threads spread over different subtrees
/// instead of repeating each other's work.
pub struct NodeMark<'s> {
    slot: Option<&'s MarkSlot>,
    pub other: bool,
}

impl Drop for NodeMark<'_> {
    fn drop(&mut self) {
        if let Some(slot) = self.slot {
            slot.owner.store(0, Ordering::Relaxed);
        }
    }
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
            searching: (0..=super::MAX_DEPTH as usize + 1)
                .map(|_| AtomicUsize::new(0))
                .collect(),
            completed: AtomicI32::new(0),
            deepest: Mutex::new(None),
            marks: (0..MARK_SLOTS).map(|_| MarkSlot::default()).collect(),
        }
    }

    /// Marks the node `key` as searched by thread `id` (see [`NodeMark`]). Racy by
    /// design, like the transposition table: a lost update only costs a mark.
    pub fn mark_node(&self, key: u64, id: usize) -> NodeMark<'_> {
        let slot = &self.marks[key as usize & (MARK_SLOTS - 1)];
        match slot.owner.load(Ordering::Relaxed) {
            0 => {
                slot.key.store(key, Ordering::Relaxed);
                slot.owner.store(id + 1, Ordering::Relaxed);
                NodeMark {
                    slot: Some(slot),
                    other: false,
                }
            }
            owner => NodeMark {
                slot: None,
                other: owner != id + 1 && slot.key.load(Ordering::Relaxed) == key,
            },
        }
    }

    /// Whether a thread other than `id` is searching the node `key` now (a node it
    /// marked with [`Shared::mark_node`]).
    pub fn busy(&self, key: u64, id: usize) -> bool {
        let slot = &self.marks[key as usize & (MARK_SLOTS - 1)];
        let owner = slot.owner.load(Ordering::Relaxed);
        owner != 0 && owner != id + 1 && slot.key.load(Ordering::Relaxed) == key
    }

    /// Whether more than one thread searches.
    pub fn threaded(&self) -> bool {
        self.nodes.len() > 1
    }

    /// Threads allowed on one depth before a helper moves on to the next: `per_depth`,
    /// or with 0 half of them (one, with two threads, so the helper always starts a
    /// depth ahead).
    fn threads_per_depth(&self, per_depth: usize) -> usize {
        if per_depth > 0 {
            per_depth
        } else {
            (self.nodes.len() / 2).max(1)
        }
    }

    /// The depth a helper should search next: `depth`, or the first deeper one (up
    /// to `max_depth`) that is not crowded (see [`Shared::threads_per_depth`]).
    pub fn helper_depth(&self, mut depth: i32, max_depth: i32, per_depth: usize) -> i32 {
        let allowed = self.threads_per_depth(per_depth);
        while depth < max_depth && self.searching[depth as usize].load(Ordering::Relaxed) >= allowed
        {
            depth += 1;
        }
        depth
    }

    /// Whether another thread is searching iteration `depth` too (the caller is).
    pub fn depth_shared(&self, depth: i32) -> bool {
        self.searching[depth as usize].load(Ordering::Relaxed) > 1
    }

    pub fn enter_depth(&self, depth: i32) {
        self.searching[depth as usize].fetch_add(1, Ordering::Relaxed);
    }

    pub fn leave_depth(&self, depth: i32) {
        self.searching[depth as usize].fetch_sub(1, Ordering::Relaxed);
    }

    /// A thread completed an iteration: kept when it is the deepest so far.
    pub fn offer_result(&self, r: &RootResult) {
        let mut deepest = self.deepest.lock().unwrap_or_else(|e| e.into_inner());
        if deepest.as_ref().is_none_or(|d| r.depth > d.depth) {
            *deepest = Some(r.clone());
            self.completed.store(r.depth, Ordering::Relaxed);
        }
    }

    /// The deepest iteration completed by any thread (0: none yet).
    pub fn completed_depth(&self) -> i32 {
        self.completed.load(Ordering::Relaxed)
    }

    /// The deepest completed iteration's result, if deeper than `depth`.
    pub fn deeper_result(&self, depth: i32) -> Option<RootResult> {
        let deepest = self.deepest.lock().unwrap_or_else(|e| e.into_inner());
        deepest.as_ref().filter(|d| d.depth > depth).cloned()
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

/// Runs the main worker on this thread and a helper beside it for each of
/// `helper_tables` (the helpers' ordering statistics, kept between searches).
/// `on_iteration` is the main thread's per-iteration hook (report, time decisions).
#[allow(clippy::too_many_arguments)]
pub fn run<P: Position, E: Evaluator<P>>(
    helper_tables: &mut [OrderingTables],
    shared: &Shared<'_>,
    root: &P,
    root_moves: &[Move],
    history_keys: &[u64],
    eval: &E,
    max_depth: i32,
    control: MainControl,
    main_tables: OrderingTables,
    params: &SearchParams,
    on_iteration: &mut dyn FnMut(&mut Worker<'_, P, E>, &RootResult) -> bool,
) -> (Option<RootResult>, OrderingTables, usize) {
    std::thread::scope(|scope| {
        for (index, tables) in helper_tables.iter_mut().enumerate() {
            let id = index + 1;
            let mut moves = root_moves.to_vec();
            let builder = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(HELPER_STACK_BYTES);
            let spawned = builder.spawn_scoped(scope, move || {
                let mut worker = Worker::new(
                    id,
                    shared,
                    eval,
                    history_keys,
                    std::mem::replace(tables, OrderingTables::placeholder()),
                    params,
                );
                worker.iterate(root, &mut moves, max_depth, |_, _| !shared.should_stop());
                *tables = std::mem::replace(&mut worker.ordering, OrderingTables::placeholder());
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
        let mut result = worker.iterate(root, &mut moves, max_depth, |w, r| on_iteration(w, r));
        worker.wait_for_release();
        // Whether it finished or was stopped, the helpers must stop too.
        shared.abort();
        let main_depth = result.as_ref().map_or(0, |r| r.depth);
        if let Some(deeper) = shared.deeper_result(main_depth) {
            result = Some(answer(result, deeper));
        }
        let seldepth = worker.seldepth;
        let tables = std::mem::replace(&mut worker.ordering, OrderingTables::placeholder());
        (result, tables, seldepth)
    })
}

/// The search's answer when a helper completed a deeper iteration than the main
/// thread: the deeper one, unless the main thread proved a win the deeper iteration
/// did not see (pruning can hide a mate at one depth that another found; a mate
/// limit stops the main thread as soon as it finds one, and its answer must be it).
fn answer(main: Option<RootResult>, deeper: RootResult) -> RootResult {
    match main {
        Some(main) if main.score >= MATE_BOUND && main.score > deeper.score => main,
        _ => deeper,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared_for(threads: usize, run: impl FnOnce(&Shared<'_>)) {
        let tt = TranspositionTable::new(0);
        let (stop, ponderhit, currmove) = (
            AtomicBool::new(false),
            AtomicBool::new(false),
            AtomicU64::new(0),
        );
        run(&Shared::new(&tt, &stop, &ponderhit, &currmove, threads));
    }

    #[test]
    fn a_helper_moves_past_depths_enough_threads_are_searching() {
        shared_for(2, |s| {
            assert_eq!(s.helper_depth(3, 20, 0), 3);
            s.enter_depth(3);
            assert_eq!(s.helper_depth(3, 20, 0), 4, "two threads: one per depth");
            s.enter_depth(4);
            assert_eq!(s.helper_depth(3, 20, 0), 5);
            assert_eq!(s.helper_depth(3, 4, 0), 4, "never past the depth limit");
            s.leave_depth(3);
            assert_eq!(s.helper_depth(3, 20, 0), 3);
        });
        shared_for(4, |s| {
            s.enter_depth(6);
            assert_eq!(s.helper_depth(6, 20, 0), 6, "four threads: two per depth");
            s.enter_depth(6);
            assert_eq!(s.helper_depth(6, 20, 0), 7);
        });
        shared_for(2, |s| {
            s.enter_depth(5);
            assert_eq!(s.helper_depth(5, 20, 2), 5, "two allowed per depth: stays");
            s.enter_depth(5);
            assert_eq!(s.helper_depth(5, 20, 2), 6);
        });
    }

    #[test]
    fn a_node_marked_by_one_thread_is_seen_as_busy_by_another() {
        shared_for(2, |s| {
            let key = 0xdead_beef_u64;
            let first = s.mark_node(key, 0);
            assert!(!first.other, "nobody else was there");
            assert!(s.mark_node(key, 1).other, "thread 1 meets thread 0");
            assert!(!s.mark_node(key, 0).other, "a thread does not meet itself");
            let other_key = key + MARK_SLOTS as u64; // same slot, other node
            assert!(!s.mark_node(other_key, 1).other);
            drop(first);
            let again = s.mark_node(key, 1);
            assert!(!again.other, "freed when the first thread left");
            assert!(s.mark_node(key, 0).other);
        });
    }

    #[test]
    fn a_node_is_busy_while_another_thread_has_it_marked() {
        shared_for(2, |s| {
            let key = 0x1234_5678_u64;
            assert!(!s.busy(key, 0) && !s.busy(key, 1), "nobody is there");
            let mark = s.mark_node(key, 1);
            assert!(s.busy(key, 0), "thread 1 is in it");
            assert!(!s.busy(key, 1), "a thread is not busy for itself");
            assert!(!s.busy(key + MARK_SLOTS as u64, 0), "same slot, other node");
            drop(mark);
            assert!(!s.busy(key, 0), "free once thread 1 left");
        });
    }

    #[test]
    fn the_deepest_completed_iteration_is_kept() {
        shared_for(2, |s| {
            let result = |depth| RootResult {
                depth,
                score: depth * 10,
                pv: vec![Move::new(depth as u16, 0, 0)],
                bound: None,
            };
            assert_eq!(s.completed_depth(), 0);
            s.offer_result(&result(5));
            s.offer_result(&result(4));
            assert_eq!(s.completed_depth(), 5);
            assert_eq!(s.deeper_result(4).map(|r| r.score), Some(50));
            assert!(s.deeper_result(5).is_none());
        });
    }

    #[test]
    fn a_deeper_helper_answers_unless_the_main_thread_proved_a_better_win() {
        let result = |depth, score| RootResult {
            depth,
            score,
            pv: vec![Move::new(depth as u16, 0, 0)],
            bound: None,
        };
        let mate_in_3 = crate::search::MATE - 5;
        let deeper = result(9, 95);
        assert_eq!(answer(None, deeper.clone()).depth, 9);
        assert_eq!(answer(Some(result(8, 120)), deeper.clone()).depth, 9);
        assert_eq!(answer(Some(result(8, mate_in_3)), deeper.clone()).depth, 8);
        // A deeper iteration that proves a shorter mate (or the same) answers.
        let shorter = result(9, mate_in_3 + 2);
        assert_eq!(answer(Some(result(8, mate_in_3)), shorter).depth, 9);
        // Being mated is no proof to keep: the deeper view answers.
        assert_eq!(answer(Some(result(8, -mate_in_3)), deeper).depth, 9);
    }
}
