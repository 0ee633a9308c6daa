//! One thread's search: iterative deepening over a principal variation search with
//! aspiration windows, quiescence, transposition-table cut-offs, null-move pruning and
//! late-move reductions.
//!
//! Scores are from the side to move's view at every node. A sub-move that does not end
//! the turn leaves the same side to move, so its score is passed up unchanged and its
//! window is not swapped: [`Worker::descend`] is the one place that decides this.
//!
//! Mate scores count *half-turns* (turn changes) from the root rather than sub-moves,
//! so that a mate reported in moves is exact in variants with multi-move turns; in
//! one-move-per-turn variants a half-turn is a ply.

use super::evalcache::EvalCache;
use super::ordering::{
    ContinuationKey, MovePicker, OrderingTables, Picked, PickerEntry, Prior, PriorMoves,
};
use super::params::SearchParams;
use super::threads::{Shared, MARK_MAX_PLY};
use super::time::TimeControl;
use super::{Limits, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use crate::moves::{Move, MoveList};
use crate::position::{Evaluator, GenKind, Outcome, Position};
use crate::tt::Bound;
use std::time::Instant;

/// Publish the node count and look at the stop flags this often (a power of two).
const CHECK_INTERVAL: u64 = 256;
/// Aspiration windows start this wide (centipawns) from this depth on.
const ASPIRATION_WINDOW: i32 = 20;
const ASPIRATION_MIN_DEPTH: i32 = 4;
/// The depth quiescence passes to its children: below the horizon's first ply (see
/// `qs_checks`), far from any depth the full-width search uses.
const QS_DEEPER: i32 = -100;
/// Null-move pruning is skipped when the side to move has fewer legal moves than this:
/// few moves is where zugzwang lives. Variants refuse passes on top of this.
const NULL_MIN_MOBILITY: usize = 8;
/// Check extensions stop once the ply is this multiple of the iteration depth
/// (prevents perpetual-check lines from exploding).
const EXTENSION_PLY_FACTOR: usize = 2;
/// Failed aspiration windows are reported (as bounds) after this much search time.
const BOUND_REPORT_AFTER: std::time::Duration = std::time::Duration::from_millis(1000);
/// Move lists start with room for this many moves, so filling one rarely reallocates.
const MOVE_BUFFER: usize = 128;

/// One ply's reusable move lists: taken by the node at that ply and given back when
/// it returns, so that a node does not allocate.
#[derive(Default)]
struct Scratch {
    all: MoveList,
    tactical: MoveList,
    tried_quiet: Vec<Move>,
    tried_tactical: Vec<Move>,
    picked: Vec<PickerEntry>,
    /// Moves left for after the others because another thread is searching them.
    deferred: Vec<Picked>,
}

impl Scratch {
    fn with_room() -> Scratch {
        Scratch {
            all: MoveList::with_capacity(MOVE_BUFFER),
            tactical: MoveList::with_capacity(MOVE_BUFFER),
            tried_quiet: Vec::with_capacity(MOVE_BUFFER),
            tried_tactical: Vec::with_capacity(MOVE_BUFFER),
            deferred: Vec::new(),
            picked: Vec::with_capacity(MOVE_BUFFER),
        }
    }
}

/// Quiescence's best so far at one node: score, move and the raised alpha.
struct QsBest {
    score: i32,
    mv: Move,
    alpha: i32,
}

/// A finished (or partly finished) iteration's result at the root.
#[derive(Clone, Debug)]
pub struct RootResult {
    pub depth: i32,
    pub score: i32,
    pub pv: Vec<Move>,
    /// `Some` for an aspiration window that failed: `score` is only this bound.
    pub bound: Option<Bound>,
}

/// What the main thread owns beyond a helper: the deadlines and the limits.
pub struct MainControl {
    pub limits: Limits,
    pub clock: TimeControl,
    /// Still pondering: no deadlines until `ponderhit`.
    pub pondering: bool,
    pub side: crate::position::Side,
}

pub struct Worker<'a, P: Position, E: Evaluator<P>> {
    pub id: usize,
    shared: &'a Shared<'a>,
    eval: &'a E,
    pub nodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// `stopped` was set because another thread completed this iteration (or a
    /// deeper one), not because the search ends (`smp_abandon`).
    abandoned: bool,
    pub ordering: OrderingTables,
    pv: Vec<Vec<Move>>,
    /// Per ply of the current path: the node's half-turn count and static evaluation
    /// (`None` in check or not evaluated), for the "improving" test.
    evals: Vec<(i32, Option<i32>)>,
    /// Per ply of the current path: the sub-move played there (`Prior::NONE` for a
    /// null move), for counter moves and continuation history.
    played: Vec<Prior>,
    /// Per ply: move lists for the node there to reuse.
    scratch: Vec<Scratch>,
    /// Per ply: the move a singular-extension search leaves out (`Move::NONE`: none).
    excluded: Vec<Move>,
    /// Keys of turn-start positions: the game before the root, then the search path.
    keys: Vec<u64>,
    /// Where the search path begins in `keys`.
    path_start: usize,
    /// The iteration depth, bounding check extensions.
    root_depth: i32,
    /// Share in permille of the last finished root search's nodes that its best
    /// move's tree took (`time_effort`): near 1000 the other moves fell at once.
    pub root_best_effort: u32,
    pub control: Option<MainControl>,
    p: SearchParams,
    lmr: LmrTable,
    eval_cache: EvalCache,
    _pos: std::marker::PhantomData<P>,
}

/// The score of a finished game for the side to move at a node `half_turns` from root.
fn outcome_score(outcome: &Outcome, side_to_move: crate::position::Side, half_turns: i32) -> i32 {
    match outcome {
        Outcome::Win { winner, .. } if *winner == side_to_move => MATE - half_turns,
        Outcome::Win { .. } => -MATE + half_turns,
        Outcome::Draw(_) => 0,
    }
}

/// Mate scores are stored as distances from the node, not from the root.
pub fn score_to_tt(score: i32, half_turns: i32) -> i32 {
    if score >= MATE_BOUND {
        score + half_turns
    } else if score <= -MATE_BOUND {
        score - half_turns
    } else {
        score
    }
}

pub fn score_from_tt(score: i32, half_turns: i32) -> i32 {
    if score >= MATE_BOUND {
        score - half_turns
    } else if score <= -MATE_BOUND {
        score + half_turns
    } else {
        score
    }
}

/// Rows and columns of the late-move reduction table.
const LMR_TABLE_SIZE: usize = 64;

/// Base late-move reductions by [depth][move index], of the usual
/// ln(depth) * ln(index) shape (see [`SearchParams`]).
struct LmrTable(Vec<[i32; LMR_TABLE_SIZE]>);

impl LmrTable {
    fn new(p: &SearchParams) -> LmrTable {
        let divisor = p.lmr_divisor.max(1) as f64;
        let mut t = vec![[0; LMR_TABLE_SIZE]; LMR_TABLE_SIZE];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                let ln = (d as f64).ln() * (i as f64).ln();
                *r = ((p.lmr_base as f64 + ln * 10_000.0 / divisor) / 100.0) as i32;
            }
        }
        LmrTable(t)
    }

    /// The base reduction for the `index`-th move at `depth`.
    fn get(&self, depth: i32, index: usize) -> i32 {
        self.0[(depth.max(0) as usize).min(LMR_TABLE_SIZE - 1)][index.min(LMR_TABLE_SIZE - 1)]
    }
}

impl<'a, P: Position, E: Evaluator<P>> Worker<'a, P, E> {
    pub fn new(
        id: usize,
        shared: &'a Shared<'a>,
        eval: &'a E,
        history_keys: &[u64],
        ordering: OrderingTables,
        params: &SearchParams,
    ) -> Self {
        Worker {
            id,
            shared,
            eval,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            abandoned: false,
            root_best_effort: 0,
            ordering,
            pv: vec![Vec::new(); MAX_PLY + 2],
            evals: vec![(0, None); MAX_PLY + 2],
            played: vec![Prior::NONE; MAX_PLY + 2],
            scratch: (0..MAX_PLY + 2).map(|_| Scratch::with_room()).collect(),
            excluded: vec![Move::NONE; MAX_PLY + 2],
            keys: history_keys.to_vec(),
            path_start: history_keys.len(),
            root_depth: 1,
            control: None,
            p: params.clone(),
            lmr: LmrTable::new(params),
            eval_cache: EvalCache::new(),
            _pos: std::marker::PhantomData,
        }
    }

    /// Counts a node; every `CHECK_INTERVAL` nodes publishes the count and checks limits.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & (CHECK_INTERVAL - 1) == 0 {
            self.shared.publish_nodes(self.id, self.nodes);
            if self.control.is_some() {
                self.check_limits();
            }
            if self.shared.should_stop() {
                self.stopped = true;
            } else if self.p.smp_abandon != 0
                && self.shared.threaded()
                && self.shared.completed_depth() >= self.root_depth
            {
                self.stopped = true;
                self.abandoned = true;
            }
        }
        self.stopped
    }

    /// The position's static evaluation, from this thread's cache when it has it.
    #[inline]
    fn static_eval(&mut self, pos: &P) -> i32 {
        let eval = self.eval;
        self.eval_cache
            .get_or_insert(pos.key(), || eval.evaluate(pos))
    }

    /// The position's structure key when the correction history is on.
    #[inline]
    fn structure_key(&self, pos: &P) -> Option<u64> {
        if self.p.correction != 0 {
            pos.structure_key()
        } else {
            None
        }
    }

    /// A static evaluation with the correction learned for its structure.
    #[inline]
    fn corrected(&self, raw: i32, side: crate::position::Side, structure: Option<u64>) -> i32 {
        match structure {
            Some(k) => {
                (raw + self.ordering.correction.get(side, k)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
            }
            None => raw,
        }
    }

    /// The child `key`'s transposition-table and evaluation-cache slots, fetched
    /// while the move is made and checked.
    #[inline]
    fn prefetch(&self, key: u64) {
        self.shared.tt.prefetch(key);
        self.eval_cache.prefetch(key);
    }

    /// Main thread only: ponderhit, deadlines, node limit.
    pub fn check_limits(&mut self) {
        let Some(control) = self.control.as_mut() else {
            return;
        };
        if control.pondering {
            if self.shared.ponderhit() {
                control.pondering = false;
                control.clock = TimeControl::new(&control.limits, control.side, Instant::now());
            } else {
                return;
            }
        }
        if control.clock.out_of_time() {
            self.shared.abort();
        }
        if let Some(limit) = control.limits.depth {
            // A helper finished the asked depth first: its result is the answer.
            if self.shared.completed_depth() >= limit as i32 {
                self.shared.abort();
            }
        }
        if let Some(limit) = control.limits.nodes {
            if self.shared.total_nodes() >= limit {
                self.shared.abort();
            }
        }
    }

    /// Main thread, after its last iteration: an infinite search must not answer
    /// before `stop`, and a pondering one not before `stop` or `ponderhit`.
    pub fn wait_for_release(&self) {
        let Some(control) = self.control.as_ref() else {
            return;
        };
        let pondering = control.pondering;
        loop {
            if self.shared.user_stopped() || (pondering && self.shared.ponderhit()) {
                return;
            }
            if !control.limits.infinite && !pondering {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// The sub-moves that led to the node at `ply`, newest first.
    fn prior_moves(&self, ply: usize) -> PriorMoves {
        if self.p.prior_moves == 0 {
            return [Prior::NONE; 2];
        }
        let at = |back: usize| {
            if ply >= back {
                self.played[ply - back]
            } else {
                Prior::NONE
            }
        };
        [at(1), at(2)]
    }

    /// Notes that `m` is played from `pos` at `ply`, for the nodes below (with its
    /// continuation key when they use prior moves).
    fn note_played(&mut self, ply: usize, pos: &P, m: Move) {
        self.played[ply] = if self.p.prior_moves == 0 {
            Prior {
                mv: m,
                ..Prior::NONE
            }
        } else {
            Prior::of(pos, m)
        };
    }

    /// Whether the side to move stands better than at its previous turn (two
    /// half-turns ago on this path): pruning is then more aggressive. Unknown (no such
    /// turn on the path, or it was in check) counts as improving, the cautious choice.
    fn improving(&self, ply: usize, half_turns: i32, static_eval: Option<i32>) -> bool {
        let Some(now) = static_eval else {
            return false;
        };
        self.evals[..ply]
            .iter()
            .rev()
            .find(|(h, _)| *h == half_turns - 2)
            .and_then(|(_, e)| *e)
            .is_none_or(|before| now > before)
    }

    /// Whether the position repeats one on the search path, or one seen twice in the
    /// game before the root. Only turn-start positions are compared.
    fn is_repetition(&self, key: u64) -> bool {
        if self.keys[self.path_start..].contains(&key) {
            return true;
        }
        self.keys[..self.path_start]
            .iter()
            .filter(|&&k| k == key)
            .count()
            >= 2
    }

    /// The rule draws checked inside the tree (not at the root).
    fn is_rule_draw(&self, pos: &P) -> bool {
        if pos.dead_position() {
            return true;
        }
        pos.is_turn_start()
            && (pos.halfmove_clock() >= pos.move_counter_limit() || self.is_repetition(pos.key()))
    }

    /// Searches `child` (reached from `parent` by one sub-move) and returns its score
    /// from the *parent's* side to move. This is the one place that knows about
    /// multi-move turns: when the same side moves again, the score is not negated and
    /// the window is not swapped; the half-turn counter advances only when the side
    /// changes.
    ///
    /// `opponent_cut` is whether the child is expected to fail high (a cut node) if
    /// the opponent moves there; when the same side moves again, the expectation is
    /// the other one (the side's continuation fails high exactly when the opponent's
    /// reply would have failed low).
    #[allow(clippy::too_many_arguments)]
    fn descend(
        &mut self,
        parent: &P,
        child: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        half_turns: i32,
        allow_null: bool,
        opponent_cut: bool,
    ) -> i32 {
        let same_side = child.side_to_move() == parent.side_to_move();
        let cut_node = opponent_cut != same_side;
        let child_half_turns = if same_side {
            half_turns
        } else {
            half_turns + 1
        };
        let (a, b) = if same_side {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        // A horizon in the middle of a turn: with `leaf_finish_turn` the side plays
        // the rest of its turn at depth 1 (its remaining sub-moves), and only then
        // does quiescence judge the position.
        let finish_turn =
            depth <= 0 && same_side && self.p.leaf_finish_turn != 0 && !child.is_turn_start();
        let score = if finish_turn {
            self.alphabeta(
                child,
                1,
                a,
                b,
                ply + 1,
                child_half_turns,
                allow_null,
                cut_node,
            )
        } else if depth <= 0 {
            self.qsearch(child, a, b, ply + 1, child_half_turns, depth > QS_DEEPER)
        } else {
            self.alphabeta(
                child,
                depth,
                a,
                b,
                ply + 1,
                child_half_turns,
                allow_null,
                cut_node,
            )
        };
        if same_side {
            score
        } else {
            -score
        }
    }

    /// Full-width search of a non-root node.
    #[allow(clippy::too_many_arguments)]
    fn alphabeta(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        half_turns: i32,
        allow_null: bool,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        if let Some(o) = pos.event_outcome() {
            return outcome_score(&o, pos.side_to_move(), half_turns);
        }
        if self.is_rule_draw(pos) {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.eval.evaluate(pos);
        }
        if self.p.mate_distance_pruning != 0 {
            // Mate distance pruning: no result here is better than winning at this
            // turn nor worse than losing at it (`outcome_score`), so a window outside
            // those bounds is answered at once. Once a mate is found, this cuts
            // every line longer than it; without it, a mating attack's search grows
            // several times per iteration (the pruning margins all stand aside at
            // mate scores).
            alpha = alpha.max(-(MATE - half_turns));
            beta = beta.min(MATE - half_turns);
            if alpha >= beta {
                return alpha;
            }
        }
        let turn_start = pos.is_turn_start();
        if turn_start {
            self.keys.push(pos.key());
        }
        let score = self.alphabeta_node(
            pos, depth, alpha, beta, ply, half_turns, allow_null, cut_node,
        );
        if turn_start {
            self.keys.pop();
        }
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn alphabeta_node(
        &mut self,
        pos: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        half_turns: i32,
        allow_null: bool,
        cut_node: bool,
    ) -> i32 {
        let mut scratch = std::mem::take(&mut self.scratch[ply]);
        let score = self.alphabeta_moves(
            pos,
            depth,
            alpha,
            beta,
            ply,
            half_turns,
            allow_null,
            cut_node,
            &mut scratch,
        );
        self.scratch[ply] = scratch;
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn alphabeta_moves(
        &mut self,
        pos: &P,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        half_turns: i32,
        allow_null: bool,
        cut_node: bool,
        scratch: &mut Scratch,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        // A PV node is neither expected cut nor all: its children's expectations
        // start afresh from it.
        let cut_node = cut_node && !pv_node;
        let key = pos.key();
        let side = pos.side_to_move();
        let tt = self.shared.tt;
        // A singular-extension search of this node without one move: its result is
        // not the node's value, so the table neither answers nor stores it, and the
        // shortcuts that assume the whole node (reverse futility, razoring, null move)
        // are skipped.
        let excluded = self.excluded[ply];
        let singular_search = !excluded.is_none();

        let mut tt_move = Move::NONE;
        // The stored score, bound and depth: for sharpening the static evaluation and
        // for the singular-extension test.
        let mut tt_entry = None;
        // The node is or has been on the principal variation (the table's `pv` flag,
        // kept in every store here).
        let mut tt_pv = pv_node;
        if let Some(e) = tt.probe(key).filter(|_| !singular_search) {
            tt_move = e.mv;
            tt_pv |= e.pv;
            let s = score_from_tt(e.score, half_turns);
            tt_entry = Some((s, e.bound, e.depth));
            if !pv_node && e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        // Tell other threads this node is being searched, and learn whether one is.
        let marks_used = self.p.smp_mark_reduction != 0 || self.p.smp_defer_min_depth > 0;
        let mark = (marks_used && ply < MARK_MAX_PLY && self.shared.threaded())
            .then(|| self.shared.mark_node(key, self.id));
        let marked = mark.as_ref().is_some_and(|m| m.other);
        let in_check = pos.in_check();
        let turn_start = pos.is_turn_start();
        // Reverse futility and the pruning and reduction of late quiet moves apply at
        // turn starts, and inside a turn too when the parameter says so: a side in
        // the middle of its turn can still end it (or make the rest of it quietly),
        // which is what these techniques assume of a side to move.
        let may_prune = turn_start || self.p.mid_turn_pruning != 0;
        let mid_turn_lmp = !turn_start && self.p.lmp_mid_turn_factor > 0;
        let lmp_factor = if mid_turn_lmp {
            self.p.lmp_mid_turn_factor
        } else {
            self.p.lmp_factor
        };
        let lmp_max_depth = if !turn_start && self.p.lmp_mid_turn_max_depth > 0 {
            self.p.lmp_mid_turn_max_depth
        } else {
            self.p.lmp_max_depth
        };
        let structure = self.structure_key(pos);
        let (raw_eval, static_eval) = if in_check {
            (-INFINITY, -INFINITY)
        } else {
            let raw = self.static_eval(pos);
            (raw, self.corrected(raw, side, structure))
        };
        let corrected_eval = static_eval;
        let known_eval = (!in_check).then_some(static_eval);
        self.evals[ply] = (half_turns, known_eval);
        // Looked up only when a parameter uses it (the defaults do not).
        let improving = self.p.uses_improving() && self.improving(ply, half_turns, known_eval);
        // A searched score bounds the position better than the static evaluation where
        // its bound points the right way: the pruning margins below then start from it.
        let static_eval = match tt_entry {
            Some((s, bound, _)) if self.p.tt_eval != 0 && !in_check && s.abs() < MATE_BOUND => {
                match bound {
                    Bound::Exact => s,
                    Bound::Lower => static_eval.max(s),
                    Bound::Upper => static_eval.min(s),
                }
            }
            _ => static_eval,
        };

        // Razoring: far below alpha at shallow depth, only tactics can help; when
        // quiescence agrees, the node fails low without a full-width search. (It comes
        // before move generation, so a stalemate here fails low like any other node.)
        if !pv_node
            && !in_check
            && !singular_search
            && (turn_start || self.p.razor_mid_turn != 0)
            && depth <= self.p.razor_max_depth
            && alpha.abs() < MATE_BOUND
            && static_eval + self.p.razor_base + self.p.razor_per_depth * depth < alpha
        {
            let s = self.qsearch_moves(pos, alpha, alpha + 1, ply, half_turns, true, scratch);
            if self.stopped {
                return 0;
            }
            if s < alpha {
                return s;
            }
        }

        // Reverse futility: far above beta at shallow depth, assume a quiet move holds it.
        // It comes before move generation, like razoring: a node it cuts never pays for
        // its moves, and a stalemate it misses costs no more than any other wrong margin.
        if !pv_node
            && !in_check
            && !singular_search
            && may_prune
            && depth <= self.p.rfp_max_depth
            && beta.abs() < MATE_BOUND
            && static_eval - self.p.rfp_margin * (depth - self.p.rfp_improving * improving as i32)
                >= beta
        {
            return static_eval;
        }

        let Scratch {
            all,
            tactical,
            tried_quiet,
            tried_tactical,
            picked,
            deferred,
        } = scratch;
        all.clear();
        pos.generate(GenKind::All, all);
        if all.is_empty() {
            return outcome_score(&pos.no_move_outcome(), side, half_turns);
        }

        // Null move: if passing still fails high, a real move will too (unsound in
        // zugzwang, hence the mobility guard and the variant's own refusal).
        if !pv_node
            && allow_null
            && !in_check
            && !singular_search
            && turn_start
            && self.p.null_min_depth > 0
            && depth >= self.p.null_min_depth
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && all.len() >= NULL_MIN_MOBILITY
        {
            let mut child = pos.clone();
            if child.make_null() {
                self.played[ply] = Prior::NONE;
                let r = self.p.null_base
                    + depth / self.p.null_divisor.max(1)
                    + ((static_eval - beta) / self.p.null_eval_divisor.max(1))
                        .min(self.p.null_eval_cap);
                let s = self.descend(
                    pos,
                    &child,
                    depth - 1 - r,
                    beta - 1,
                    beta,
                    ply,
                    half_turns,
                    false,
                    !cut_node,
                );
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }

        tactical.clear();
        pos.tactical_among(all, tactical);
        tactical.sort_unstable();
        if !all.contains(&tt_move) {
            tt_move = Move::NONE;
        }
        let capture_order = self.p.capture_order != 0;

        if !pv_node
            && !in_check
            && !singular_search
            && turn_start
            && self.p.probcut_min_depth > 0
            && depth >= self.p.probcut_min_depth
            && beta.abs() < MATE_BOUND
        {
            let probcut_beta = beta + self.p.probcut_margin;
            // A stored search that already failed below the raised bound at nearly
            // this depth says probcut would fail too.
            let refuted = tt_entry.is_some_and(|(s, bound, d)| {
                bound != Bound::Lower && d > depth - self.p.probcut_reduction && s < probcut_beta
            });
            if !refuted {
                if let Some(s) = self.probcut(
                    pos,
                    depth,
                    probcut_beta,
                    static_eval,
                    ply,
                    half_turns,
                    tactical,
                    capture_order,
                    tt_pv,
                ) {
                    return s;
                }
                if self.stopped {
                    return 0;
                }
            }
        }

        if tt_move.is_none()
            && !singular_search
            && self.p.iir_min_depth > 0
            && depth >= self.p.iir_min_depth
        {
            depth -= 1;
        }
        // The table expects a tactical move to answer this node: a quiet move is then
        // less likely to be the answer.
        let tt_move_tactical = self.p.lmr_tt_tactical != 0
            && !tt_move.is_none()
            && tactical.binary_search(&tt_move).is_ok();
        let prior = self.prior_moves(ply);
        let mut picker = MovePicker::new(
            &self.ordering,
            side,
            ply,
            &prior,
            tt_move,
            all,
            tactical,
            |m| order_value(pos, m, capture_order),
            std::mem::take(picked),
        );
        self.ordering.clear_killers(ply + 1);

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NONE;
        tried_quiet.clear();
        tried_tactical.clear();
        let mut index = 0usize;
        let may_extend = ply < EXTENSION_PLY_FACTOR * self.root_depth as usize;
        // Inside a turn, the sub-move that led here (played by this side, in this
        // search): a sub-move commuting with it that sorts before it is searched in
        // the other order, from the parent, and skipped here.
        let earlier = if self.p.turn_order_dedup != 0 && ply > 0 && !turn_start {
            self.played[ply - 1].mv
        } else {
            Move::NONE
        };
        let mut skipped_an_order = false;
        // Simplified ABDADA: after the first move, a move whose child another thread
        // is in is put off until the picker is empty.
        let may_defer = self.p.smp_defer_min_depth > 0
            && depth >= self.p.smp_defer_min_depth
            && ply + 1 < MARK_MAX_PLY
            && self.shared.threaded();
        deferred.clear();
        let mut next_deferred = 0;
        let checks_possible = pos.can_be_in_check();

        // Late-move pruning's count of quiet moves at this depth. Inside a turn the
        // mid-turn factor rules even with `lmp_improving` (a side that fails low
        // there must fail with every set of its remaining sub-moves).
        let lmp_limit = {
            let base = self.p.lmp_base + depth * depth;
            if self.p.lmp_improving != 0 && !mid_turn_lmp {
                base / (2 - improving as i32)
            } else {
                base * lmp_factor / 100
            }
        };
        let mut quiets_dropped = false;
        // The move loop's pruning (late-move, futility, static exchange) skips PV
        // nodes unless the parameter lets a technique in (history pruning always
        // skips them).
        let pv_allows = |bit: i32| !pv_node || self.p.pv_move_pruning & bit != 0;
        let (prunes_late, prunes_futile, prunes_exchange) =
            (pv_allows(1), pv_allows(2), pv_allows(4));

        loop {
            // Where late-move pruning would prune every quiet move not yet tried (only
            // the killers escape it), they are dropped before the picker reads their
            // histories. Where a move can give check that is known only once it is
            // made, so they stay.
            if !quiets_dropped
                && prunes_late
                && may_prune
                && !in_check
                && !checks_possible
                && best_score > -MATE_BOUND
                && depth <= lmp_max_depth
                && tried_quiet.len() as i32 >= lmp_limit
            {
                picker.drop_quiets(|m| self.ordering.is_killer(ply, m));
                quiets_dropped = true;
            }
            let (picked_move, from_deferred) =
                match picker.next_move(&self.ordering, |q| ContinuationKey::of(pos, q)) {
                    Some(p) => (p, false),
                    None if next_deferred < deferred.len() => {
                        next_deferred += 1;
                        (deferred[next_deferred - 1], true)
                    }
                    None => break,
                };
            let Picked {
                mv: m,
                tactical: is_tactical,
                exchange: ordering_exchange,
                losing: loses_material,
            } = picked_move;
            if m == excluded {
                continue;
            }
            if !earlier.is_none() && m < earlier && pos.commutes(earlier, m) {
                skipped_an_order = true;
                continue;
            }
            // Whether the move gives check is known before it is made where no move can
            // (`Position::can_be_in_check`) or the variant can tell
            // (`Position::gives_check`): there the pruning below is decided first, and
            // the many late moves of a wide node are never made.
            let predicted_check = if checks_possible {
                pos.gives_check(m)
            } else {
                Some(false)
            };
            let made_early = predicted_check.is_none().then(|| after(pos, m));
            let gives_check = predicted_check
                .unwrap_or_else(|| made_early.as_ref().is_some_and(|c| c.in_check()));
            // This move's number among the moves tried (pruned ones included).
            index += 1;
            let is_killer = self.ordering.is_killer(ply, m);
            // A move the late-move techniques may reduce or prune: not an evasion, not
            // a check, where the node allows them.
            let late_move_node = may_prune && !in_check;
            let reducible = late_move_node && !gives_check;
            let quiet_late = reducible && !is_tactical;
            // A late quiet check may be reduced (never pruned) when the parameter says
            // so: most checks of a wide node lead nowhere either.
            let reduced_check =
                late_move_node && gives_check && !is_tactical && self.p.lmr_checks != 0;
            let history = if is_tactical || !self.p.uses_history() {
                0
            } else {
                self.ordering
                    .quiet_history(side, &prior, m, |q| ContinuationKey::of(pos, q))
            };
            // The reduction this move would get, also the depth futility looks at.
            let mut r = 0;
            if (quiet_late || reduced_check)
                && depth >= self.p.lmr_min_depth
                && index > self.p.lmr_first_reduced.max(0) as usize + pv_node as usize
                && !(is_killer && self.p.lmr_skip_killers != 0)
            {
                r = self.lmr.get(depth, index)
                    + self.p.lmr_non_pv * !pv_node as i32
                    + self.p.lmr_not_improving * !improving as i32
                    + self.p.smp_mark_reduction * marked as i32
                    + self.p.lmr_cut_node * cut_node as i32
                    + self.p.lmr_tt_tactical * tt_move_tactical as i32
                    - self.p.lmr_tt_pv * tt_pv as i32
                    - is_killer as i32;
                if self.p.lmr_history_divisor != 0 {
                    r -= history / self.p.lmr_history_divisor;
                }
            } else if loses_material
                && self.p.lmr_losing_captures != 0
                && reducible
                && depth >= self.p.lmr_min_depth
                && index > 1
            {
                // A tactical move that loses material by static exchange rarely
                // holds: it is searched shallower first, like a late quiet move.
                r = self.lmr.get(depth, index);
            }
            // Each technique below asks whether it may prune here (PV nodes).
            let prunable = quiet_late && best_score > -MATE_BOUND && !is_killer;
            if prunable {
                let lmr_depth = if self.p.futility_reduced != 0 {
                    (depth - 1 - r.max(0)).max(0)
                } else {
                    depth
                };
                let futile = prunes_futile
                    && lmr_depth <= self.p.futility_max_depth
                    && static_eval + self.p.futility_base + self.p.futility_per_depth * lmr_depth
                        <= alpha;
                let bad_history = !pv_node
                    && depth <= self.p.history_prune_max_depth
                    && history < self.p.history_prune_per_depth * depth;
                let late =
                    prunes_late && depth <= lmp_max_depth && tried_quiet.len() as i32 >= lmp_limit;
                if futile || bad_history || late {
                    // Late-move pruning, and futility at the node's depth, prune every
                    // later quiet move too (their count only grows, alpha only rises):
                    // where none can give check, they are dropped without being made.
                    let all_later = late || (futile && self.p.futility_reduced == 0);
                    if all_later && !checks_possible {
                        picker.drop_quiets(|m| self.ordering.is_killer(ply, m));
                    }
                    continue;
                }
            }
            // Static exchange pruning at shallow depth: a capture that loses more than
            // a margin, or a quiet move that leaves its piece to be won, is not searched.
            if prunes_exchange
                && may_prune
                && !in_check
                && !gives_check
                && depth <= self.p.see_prune_max_depth
                && best_score > -MATE_BOUND
                && (is_tactical || !is_killer)
            {
                let margin = if is_tactical {
                    self.p.see_capture_margin * depth
                } else {
                    self.p.see_quiet_margin * depth * depth
                };
                // A tactical move's value comes from the ordering (a capture value
                // stands in for it where the variant has no exchange evaluation, and
                // is never negative, so it never prunes).
                let exchange = ordering_exchange.or_else(|| pos.static_exchange(m));
                if exchange.is_some_and(|see| see < -margin) {
                    continue;
                }
            }
            let child = made_early.unwrap_or_else(|| after(pos, m));
            if may_defer && index > 1 && !from_deferred && self.shared.busy(child.key(), self.id) {
                index -= 1;
                deferred.push(picked_move);
                continue;
            }
            self.prefetch(child.key());
            let verdict = if m == tt_move && may_extend && self.p.se_min_depth > 0 {
                self.singular_test(pos, depth, beta, ply, half_turns, m, tt_entry, cut_node)
            } else {
                Singular::No
            };
            let singular = match verdict {
                Singular::Yes => true,
                Singular::No | Singular::Shallower => false,
                Singular::MultiCut(s) => return s,
                Singular::Stopped => return 0,
            };
            self.note_played(ply, pos, m);
            // A check that loses the checking piece by static exchange is not
            // extended when the parameter says so (it seldom leads anywhere).
            let sound_check = gives_check
                && self.p.check_extension != 0
                && (self.p.check_extension_see == 0
                    || ordering_exchange
                        .or_else(|| pos.static_exchange(m))
                        .is_none_or(|see| see >= 0));
            let extension = if (sound_check || singular) && may_extend {
                1
            } else if matches!(verdict, Singular::Shallower) {
                -1
            } else {
                0
            };
            let new_depth = depth - 1 + extension;

            // The expected node types of the children (Stockfish's convention): a reduced
            // search expects the reply to refute a late move; the other searches expect
            // the reverse of this node.
            let score = if index == 1 {
                self.descend(
                    pos, &child, new_depth, alpha, beta, ply, half_turns, true, !cut_node,
                )
            } else {
                // Never reduce into quiescence or below zero; never extend by history.
                let r = r.clamp(0, (new_depth - 1).max(0));
                let mut s = self.descend(
                    pos,
                    &child,
                    new_depth - r,
                    alpha,
                    alpha + 1,
                    ply,
                    half_turns,
                    true,
                    r > 0 || !cut_node,
                );
                // The depth of the searches that check a reduced move's score.
                let mut checked_depth = new_depth;
                if s > alpha && r > 0 && !self.stopped {
                    let margin = self.p.lmr_deeper_margin;
                    if margin != 0 {
                        checked_depth += (s > best_score + margin + 2 * new_depth) as i32
                            - (s < best_score + 10) as i32;
                    }
                    if checked_depth > new_depth - r {
                        s = self.descend(
                            pos,
                            &child,
                            checked_depth,
                            alpha,
                            alpha + 1,
                            ply,
                            half_turns,
                            true,
                            !cut_node,
                        );
                    }
                }
                if s > alpha && s < beta && !self.stopped {
                    s = self.descend(
                        pos,
                        &child,
                        checked_depth,
                        alpha,
                        beta,
                        ply,
                        half_turns,
                        true,
                        false,
                    );
                }
                s
            };
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        let p = &self.p;
                        let bonus = (p.bonus_quadratic * depth * depth + p.bonus_linear * depth
                            - p.bonus_offset)
                            .clamp(1, p.bonus_max);
                        let tried: &[Move] = if is_tactical {
                            tried_tactical
                        } else {
                            tried_quiet
                        };
                        self.ordering.record_cutoff(
                            side,
                            ply,
                            bonus,
                            &prior,
                            m,
                            is_tactical,
                            tried,
                            |q| ContinuationKey::of(pos, q),
                        );
                        break;
                    }
                }
            }
            if is_tactical {
                tried_tactical.push(m);
            } else {
                tried_quiet.push(m);
            }
        }

        *picked = picker.into_buffer();
        if best_score == -INFINITY && skipped_an_order {
            // Every sub-move was left to another order: nothing is known here.
            return original_alpha;
        }
        // The correction history learns from a quiet verdict whose bound says which
        // way the static evaluation was off (a tactical best move says nothing
        // about the structure).
        let bound = bound_for(best_score, original_alpha, beta);
        let learns = !in_check && !singular_search && !skipped_an_order;
        if let Some(k) = structure.filter(|_| learns && best_score.abs() < MATE_BOUND) {
            let informative = match bound {
                Bound::Exact => true,
                Bound::Lower => best_score > corrected_eval,
                Bound::Upper => best_score < corrected_eval,
            };
            let quiet_best = best_move.is_none() || tactical.binary_search(&best_move).is_err();
            if informative && quiet_best {
                self.ordering
                    .correction
                    .update(side, k, depth, raw_eval, best_score);
            }
        }
        // Without the skipped orders a score below beta may be below the node's
        // value: only a cutoff is stored then (`turn_order_dedup=2` stores it anyway).
        if !singular_search
            && (!skipped_an_order || best_score >= beta || self.p.turn_order_dedup == 2)
        {
            tt.store(
                key,
                best_move,
                score_to_tt(best_score, half_turns),
                depth,
                bound,
                tt_pv,
            );
        }
        best_score
    }

    /// Probcut: the tactical moves that could gain enough to lift `static_eval` to
    /// `probcut_beta` are tried, each first in quiescence and then, if it holds there,
    /// at the reduced depth; one that holds the raised bound fails the node high (the
    /// score returned, also stored as a lower bound at the depth actually searched).
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        pos: &P,
        depth: i32,
        probcut_beta: i32,
        static_eval: i32,
        ply: usize,
        half_turns: i32,
        tactical: &[Move],
        capture_order: bool,
        tt_pv: bool,
    ) -> Option<i32> {
        let reduced = depth - self.p.probcut_reduction;
        let needed = probcut_beta - static_eval;
        for &m in tactical {
            if order_value(pos, m, capture_order).is_none_or(|v| v < needed) {
                continue;
            }
            let child = after(pos, m);
            self.note_played(ply, pos, m);
            let mut s = self.descend(
                pos,
                &child,
                0,
                probcut_beta - 1,
                probcut_beta,
                ply,
                half_turns,
                true,
                false,
            );
            if s >= probcut_beta && !self.stopped && reduced > 0 {
                s = self.descend(
                    pos,
                    &child,
                    reduced,
                    probcut_beta - 1,
                    probcut_beta,
                    ply,
                    half_turns,
                    true,
                    false,
                );
            }
            if self.stopped {
                return None;
            }
            if s >= probcut_beta {
                let stored_depth = reduced.max(0) + 1;
                self.shared.tt.store(
                    pos.key(),
                    m,
                    score_to_tt(s, half_turns),
                    stored_depth,
                    Bound::Lower,
                    tt_pv,
                );
                return Some(s);
            }
        }
        None
    }

    /// Singular extension test of the transposition-table move `m` at a node of
    /// `depth`: when every other move, searched at half the depth, stays below the
    /// stored score less a margin, `m` is the only good move and is extended; when
    /// even that reduced bound reaches beta, several moves refute the node
    /// (multi-cut) and it fails high at once; when only the stored score reaches
    /// beta, `se_negative` has the move searched a ply shallower.
    #[allow(clippy::too_many_arguments)]
    fn singular_test(
        &mut self,
        pos: &P,
        depth: i32,
        beta: i32,
        ply: usize,
        half_turns: i32,
        m: Move,
        tt_entry: Option<(i32, Bound, i32)>,
        cut_node: bool,
    ) -> Singular {
        let Some((tt_score, tt_bound, tt_depth)) = tt_entry else {
            return Singular::No;
        };
        if depth < self.p.se_min_depth
            || (self.p.se_mid_turn == 0 && !pos.is_turn_start())
            || tt_bound == Bound::Upper
            || tt_depth < depth - self.p.se_tt_depth_margin
            || tt_score.abs() >= MATE_BOUND
        {
            return Singular::No;
        }
        let singular_beta = tt_score - self.p.se_margin * depth;
        self.excluded[ply] = m;
        let score = self.alphabeta_node(
            pos,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            half_turns,
            false,
            cut_node,
        );
        self.excluded[ply] = Move::NONE;
        // The reduced search wrote its own line here; the node's is not known yet.
        self.pv[ply].clear();
        if self.stopped {
            Singular::Stopped
        } else if score < singular_beta {
            Singular::Yes
        } else if singular_beta >= beta {
            Singular::MultiCut(singular_beta)
        } else if self.p.se_negative != 0 && tt_score >= beta {
            Singular::Shallower
        } else {
            Singular::No
        }
    }

    /// Quiescence: stand pat on the static evaluation, or follow tactical moves; when
    /// in check, every evasion (so checkmate is seen). `horizon`: this is its first
    /// ply, right below the full-width search (where `qs_checks` also tries quiet
    /// checks).
    fn qsearch(
        &mut self,
        pos: &P,
        alpha: i32,
        beta: i32,
        ply: usize,
        half_turns: i32,
        horizon: bool,
    ) -> i32 {
        let mut scratch = std::mem::take(&mut self.scratch[ply]);
        let score = self.qsearch_moves(pos, alpha, beta, ply, half_turns, horizon, &mut scratch);
        self.scratch[ply] = scratch;
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn qsearch_moves(
        &mut self,
        pos: &P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        half_turns: i32,
        horizon: bool,
        scratch: &mut Scratch,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = pos.event_outcome() {
            return outcome_score(&o, pos.side_to_move(), half_turns);
        }
        if pos.dead_position() {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.eval.evaluate(pos);
        }
        let key = pos.key();
        let tt = self.shared.tt;
        let mut tt_move = Move::NONE;
        // Quiescence keeps the flag a deeper search left (it learns none itself).
        let mut was_pv = false;
        if let Some(e) = tt.probe(key) {
            tt_move = e.mv;
            was_pv = e.pv;
            let s = score_from_tt(e.score, half_turns);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return s;
            }
        }
        let side = pos.side_to_move();
        let in_check = pos.in_check();
        let Scratch {
            all: moves,
            tactical: sorted_tactical,
            picked,
            tried_quiet: quiet_checks,
            ..
        } = scratch;
        moves.clear();
        let best_score;
        if in_check {
            pos.generate(GenKind::All, moves);
            if moves.is_empty() {
                return outcome_score(&pos.no_move_outcome(), side, half_turns);
            }
            best_score = -INFINITY;
        } else {
            let raw = self.static_eval(pos);
            let stand_pat = self.corrected(raw, pos.side_to_move(), self.structure_key(pos));
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            pos.generate(GenKind::Tactical, moves);
        }
        let original_alpha = alpha;
        sorted_tactical.clear();
        if in_check {
            // Evasions: order the tactical ones first like everywhere else.
            pos.tactical_among(moves, sorted_tactical);
        } else {
            sorted_tactical.extend_from_slice(moves);
        }
        sorted_tactical.sort_unstable();
        if !moves.contains(&tt_move) {
            tt_move = Move::NONE;
        }
        let prior = self.prior_moves(ply);
        let capture_order = self.p.capture_order != 0;
        let mut picker = MovePicker::new(
            &self.ordering,
            side,
            ply,
            &prior,
            tt_move,
            moves,
            sorted_tactical,
            |m| order_value(pos, m, capture_order),
            std::mem::take(picked),
        );
        // Delta pruning: a capture whose exchange, added to standing pat with a
        // margin for what the evaluation's other terms could gain, stays below alpha
        // cannot raise it (0: off; in check every evasion is searched).
        let delta_floor = (!in_check && self.p.qs_delta_margin > 0 && alpha.abs() < MATE_BOUND)
            .then(|| alpha - best_score - self.p.qs_delta_margin);
        let mut best = QsBest {
            score: best_score,
            mv: Move::NONE,
            alpha,
        };
        let quiet_evasions_allowed = self.p.qs_quiet_evasions.max(0) as usize;
        let mut quiet_evasions = 0usize;
        while let Some(Picked {
            mv: m,
            tactical: is_tactical,
            losing: loses_material,
            exchange,
        }) = picker.next_move(&self.ordering, |q| ContinuationKey::of(pos, q))
        {
            if loses_material && !in_check {
                // Losing captures come last and are not searched in quiescence: a
                // capture that loses material by static exchange rarely beats
                // standing pat, and skipping them bounds long exchange chains.
                break;
            }
            if let (Some(floor), Some(gain)) = (delta_floor, exchange) {
                if gain < floor {
                    continue;
                }
            }
            if in_check && quiet_evasions_allowed > 0 && !is_tactical {
                // `qs_quiet_evasions`: the first quiet evasions only, once one move
                // has shown the side is not mated.
                if quiet_evasions >= quiet_evasions_allowed && best.score > -MATE_BOUND {
                    continue;
                }
                quiet_evasions += 1;
            }
            match self.qsearch_move(pos, m, &mut best, beta, ply, half_turns) {
                None => return 0,
                Some(true) => break,
                Some(false) => {}
            }
        }
        *picked = picker.into_buffer();
        // Quiet checks at the horizon's first ply, after the captures: a mate or a
        // won piece that begins with a check is seen one ply earlier. Only where the
        // variant tells a check without making the move, and not for a check that
        // leaves the checking man to be taken for less.
        if horizon
            && !in_check
            && best.score < beta
            && self.p.qs_checks != 0
            && pos.can_be_in_check()
        {
            moves.clear();
            pos.generate(GenKind::All, moves);
            quiet_checks.clear();
            quiet_checks.extend(moves.iter().copied().filter(|&m| {
                sorted_tactical.binary_search(&m).is_err()
                    && pos.gives_check(m) == Some(true)
                    && pos.static_exchange(m).is_none_or(|see| see >= 0)
            }));
            let most = self.p.qs_checks_max.max(0) as usize;
            if most > 0 && quiet_checks.len() > most {
                let ordering = &self.ordering;
                quiet_checks.sort_by_cached_key(|&m| {
                    -ordering.quiet_history(side, &prior, m, |q| ContinuationKey::of(pos, q))
                });
                quiet_checks.truncate(most);
            }
            for &m in quiet_checks.iter() {
                match self.qsearch_move(pos, m, &mut best, beta, ply, half_turns) {
                    None => return 0,
                    Some(true) => break,
                    Some(false) => {}
                }
            }
        }
        let bound = bound_for(best.score, original_alpha, beta);
        tt.store(
            key,
            best.mv,
            score_to_tt(best.score, half_turns),
            0,
            bound,
            was_pv,
        );
        best.score
    }

    /// Searches quiescence's move `m` of `pos` and raises `best` by it: `Some(true)`
    /// when it fails high, `None` when the search was stopped.
    fn qsearch_move(
        &mut self,
        pos: &P,
        m: Move,
        best: &mut QsBest,
        beta: i32,
        ply: usize,
        half_turns: i32,
    ) -> Option<bool> {
        let child = after(pos, m);
        self.prefetch(child.key());
        self.note_played(ply, pos, m);
        let score = self.descend(
            pos, &child, QS_DEEPER, best.alpha, beta, ply, half_turns, false, false,
        );
        if self.stopped {
            return None;
        }
        if score > best.score {
            best.score = score;
            best.mv = m;
            if score > best.alpha {
                best.alpha = score;
                self.update_pv(ply, m);
                return Some(score >= beta);
            }
        }
        Some(false)
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Searches the root to `depth` within (alpha, beta). `root_moves` is reordered so
    /// the best move found comes first. Returns the score and, when the search was
    /// stopped part-way, whether a move already proved better than alpha (`improved`).
    fn search_root(
        &mut self,
        root: &P,
        root_moves: &mut [Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        self.pv[0].clear();
        self.root_depth = depth;
        let side = root.side_to_move();
        let mut best_score = -INFINITY;
        let mut improved = false;
        let original_alpha = alpha;
        let mut best_move = Move::NONE;
        // Simplified ABDADA at the root too (see `alphabeta_moves`): after the first
        // move, a root move whose child another thread is in waits until the others
        // are done, so that two threads on one iteration split its root moves.
        let may_defer = self.p.smp_defer_root != 0
            && self.p.smp_defer_min_depth > 0
            && depth >= self.p.smp_defer_min_depth
            && self.shared.threaded()
            && (self.p.smp_defer_root == 1 || self.shared.depth_shared(depth));
        let mut deferred: Vec<Move> = Vec::new();
        let (mut next, mut next_deferred, mut searched) = (0, 0, 0u32);
        // Root late-move reductions: the root's tactical moves are never reduced.
        let reduce_root =
            self.p.lmr_root_after > 0 && depth >= self.p.lmr_min_depth && !root.in_check();
        let mut root_tactical = MoveList::new();
        if reduce_root {
            root.generate(GenKind::Tactical, &mut root_tactical);
        }
        // Nodes each root move's tree took, for `root_order_effort`.
        let mut effort: Vec<(Move, u64)> = Vec::new();
        let root_nodes_before = self.nodes;
        let mut best_move_nodes = 0u64;
        loop {
            let (m, from_deferred) = if next < root_moves.len() {
                next += 1;
                (root_moves[next - 1], false)
            } else if next_deferred < deferred.len() {
                next_deferred += 1;
                (deferred[next_deferred - 1], true)
            } else {
                break;
            };
            let mut child = root.clone();
            child.make(m);
            if may_defer && searched > 0 && !from_deferred && self.shared.busy(child.key(), self.id)
            {
                deferred.push(m);
                continue;
            }
            searched += 1;
            if self.id == 0 {
                let current = super::CurrMove {
                    mv: m,
                    number: searched,
                    depth: depth.max(0) as u32,
                };
                self.shared
                    .currmove
                    .store(current.pack(), std::sync::atomic::Ordering::Relaxed);
            }
            self.note_played(0, root, m);
            let gives_check = child.in_check();
            let new_depth = depth - 1 + (gives_check && self.p.check_extension != 0) as i32;
            let reduction = if reduce_root
                && searched as i32 > self.p.lmr_root_after
                && !gives_check
                && !root_tactical.contains(&m)
            {
                (self.lmr.get(depth, searched as usize) - self.p.lmr_root_less)
                    .min(new_depth - 1)
                    .max(0)
            } else {
                0
            };
            let nodes_before = self.nodes;
            let score = if searched == 1 {
                self.descend(root, &child, new_depth, alpha, beta, 0, 0, true, false)
            } else {
                let mut s = self.descend(
                    root,
                    &child,
                    new_depth - reduction,
                    alpha,
                    alpha + 1,
                    0,
                    0,
                    true,
                    true,
                );
                if reduction > 0 && s > alpha && !self.stopped {
                    s = self.descend(root, &child, new_depth, alpha, alpha + 1, 0, 0, true, true);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = self.descend(root, &child, new_depth, alpha, beta, 0, 0, true, false);
                }
                s
            };
            if self.p.root_order_effort != 0 {
                effort.push((m, self.nodes - nodes_before));
            }
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
                best_move_nodes = self.nodes - nodes_before;
                if score > alpha {
                    alpha = score;
                    improved = true;
                    self.update_pv(0, m);
                    // Move the new best to the front, keeping the others' order (a
                    // deferred move is no longer at the index it was taken from).
                    let i = root_moves.iter().position(|&x| x == m).unwrap_or(0);
                    root_moves[..=i].rotate_right(1);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if self.p.root_order_effort != 0 && !self.stopped && root_moves.len() > 2 {
            // The best is at the front already; a move not searched (a cutoff at the
            // root) counts no nodes and keeps its place behind those that were.
            let took = |m: &Move| effort.iter().find(|(x, _)| x == m).map_or(0, |e| e.1);
            root_moves[1..].sort_by_key(|m| std::cmp::Reverse(took(m)));
        }
        if !self.stopped && best_move != Move::NONE {
            let total = (self.nodes - root_nodes_before).max(1);
            self.root_best_effort = (best_move_nodes * 1000 / total) as u32;
            let bound = bound_for(best_score, original_alpha, beta);
            self.shared.tt.store(
                root.key(),
                best_move,
                score_to_tt(best_score, 0),
                depth,
                bound,
                true,
            );
        }
        let _ = side;
        (best_score, improved)
    }

    /// The root's principal variation, or its first move where none was recorded.
    fn root_pv(&self, root_moves: &[Move]) -> Vec<Move> {
        let mut pv = self.pv[0].clone();
        if pv.is_empty() {
            pv.push(root_moves[0]);
        }
        pv
    }

    /// Main thread: reports a failed aspiration window as a `lowerbound`/`upperbound`
    /// line once the search has run long enough for a GUI to want progress (earlier
    /// the exact score follows within milliseconds).
    fn report_bound(
        &mut self,
        root_moves: &[Move],
        depth: i32,
        score: i32,
        bound: Bound,
        on_iteration: &mut impl FnMut(&mut Self, &RootResult) -> bool,
    ) {
        let long_enough = self
            .control
            .as_ref()
            .is_some_and(|c| c.clock.elapsed() >= BOUND_REPORT_AFTER);
        if !long_enough {
            return;
        }
        let pv = self.root_pv(root_moves);
        let r = RootResult {
            depth,
            score,
            pv,
            bound: Some(bound),
        };
        on_iteration(self, &r);
    }

    /// Iterative deepening from depth 1 to `max_depth`, calling `on_iteration` after
    /// every completed iteration (the main thread reports and decides whether to go
    /// on; helpers pass a closure that always continues). Returns the last result,
    /// including a partial iteration's better move.
    pub fn iterate(
        &mut self,
        root: &P,
        root_moves: &mut [Move],
        max_depth: i32,
        mut on_iteration: impl FnMut(&mut Self, &RootResult) -> bool,
    ) -> Option<RootResult> {
        let mut last: Option<RootResult> = None;
        // Helper threads start one ply deeper on odd ids so the threads spread out.
        let first_depth = 1 + (self.id % 2) as i32;
        let first_depth = first_depth.min(max_depth.max(1));
        if root.is_turn_start() {
            self.keys.push(root.key());
        }
        let mut depth = first_depth;
        // Running mean of |score change| between completed iterations (see
        // `aspiration_swing`).
        let mut swing = 0;
        while depth <= max_depth {
            if self.id != 0 {
                // Leave depths that enough threads are searching already: two threads
                // on one depth mostly repeat each other's work.
                depth = self.shared.helper_depth(
                    depth,
                    max_depth,
                    self.p.smp_threads_per_depth.max(0) as usize,
                );
            }
            self.shared.enter_depth(depth);
            let prev = last.as_ref().map(|r| r.score);
            let mut window = ASPIRATION_WINDOW + swing * self.p.aspiration_swing / 100;
            let (mut alpha, mut beta) = match prev {
                Some(p) if depth >= ASPIRATION_MIN_DEPTH && p.abs() < MATE_BOUND => {
                    ((p - window).max(-INFINITY), (p + window).min(INFINITY))
                }
                _ => (-INFINITY, INFINITY),
            };
            // The last window of this depth that failed high: its move refuted the
            // previous iteration's choice.
            let mut failed_high: Option<RootResult> = None;
            let fail_soft = self.p.aspiration_fail_soft != 0;
            let result = loop {
                let (score, improved) = self.search_root(root, root_moves, depth, alpha, beta);
                if self.stopped {
                    // A move that beat alpha in the unfinished iteration is better than
                    // the last iteration's choice; keep it. With `keep_failed_high`,
                    // so is a move that failed high in an earlier window of this
                    // depth when the wider search was stopped before it came back.
                    if improved && score > alpha {
                        let pv = self.root_pv(root_moves);
                        break Some(RootResult {
                            depth: depth - 1,
                            score,
                            pv,
                            bound: None,
                        });
                    }
                    break failed_high;
                }
                let failed = if score <= alpha && alpha > -INFINITY {
                    Some(Bound::Upper)
                } else if score >= beta && beta < INFINITY {
                    Some(Bound::Lower)
                } else {
                    None
                };
                if let Some(bound) = failed {
                    self.report_bound(root_moves, depth, score, bound, &mut on_iteration);
                }
                if score <= alpha && alpha > -INFINITY {
                    if fail_soft {
                        beta = (alpha + beta) / 2;
                        alpha = score.min(alpha);
                    }
                    alpha = (alpha - window).max(-INFINITY);
                    if score <= -MATE_BOUND {
                        alpha = -INFINITY;
                    }
                    window *= 2;
                } else if score >= beta && beta < INFINITY {
                    if self.p.keep_failed_high != 0 {
                        failed_high = Some(RootResult {
                            depth: depth - 1,
                            score,
                            pv: self.root_pv(root_moves),
                            bound: None,
                        });
                    }
                    if fail_soft {
                        beta = score.max(beta);
                    }
                    beta = (beta + window).min(INFINITY);
                    if score >= MATE_BOUND {
                        beta = INFINITY;
                    }
                    window *= 2;
                } else {
                    let pv = self.root_pv(root_moves);
                    break Some(RootResult {
                        depth,
                        score,
                        pv,
                        bound: None,
                    });
                }
            };
            self.shared.leave_depth(depth);
            if self.abandoned {
                // Another thread answered this depth: its result becomes this thread's
                // last iteration, reported and judged by the main thread like its own.
                self.stopped = false;
                self.abandoned = false;
                if let Some(r) = self.shared.deeper_result(depth - 1) {
                    if let Some(i) =
                        r.pv.first()
                            .and_then(|m| root_moves.iter().position(|x| x == m))
                    {
                        root_moves[..=i].rotate_right(1);
                    }
                    depth = r.depth + 1;
                    last = Some(r.clone());
                    if !on_iteration(self, &r) {
                        break;
                    }
                    continue;
                }
                depth += 1;
                continue;
            }
            match result {
                Some(r) if !self.stopped => {
                    if let Some(p) = prev.filter(|p| p.abs() < MATE_BOUND) {
                        if r.score.abs() < MATE_BOUND {
                            swing = (swing + (r.score - p).abs()) / 2;
                        }
                    }
                    last = Some(r.clone());
                    self.shared.offer_result(&r);
                    if !on_iteration(self, &r) {
                        break;
                    }
                }
                Some(r) => {
                    // Partial iteration with a better move: keep the move and score,
                    // report the depth of the last completed iteration.
                    let depth = last.as_ref().map(|l| l.depth).unwrap_or(0);
                    last = Some(RootResult { depth, ..r });
                    break;
                }
                None => break,
            }
            depth += 1;
        }
        self.shared.publish_nodes(self.id, self.nodes);
        last
    }
}

/// The position after `m`.
#[inline]
fn after<P: Position>(pos: &P, m: Move) -> P {
    let mut child = pos.clone();
    child.make(m);
    child
}

/// The value the move picker orders a tactical move by: its static exchange, or,
/// where the variant has none and `capture_order` is on, what it captures.
fn order_value<P: Position>(pos: &P, m: Move, capture_order: bool) -> Option<i32> {
    pos.static_exchange(m).or_else(|| {
        let value = capture_order.then(|| pos.capture_value(m)).flatten();
        // Static exchange pruning reads this value too: it must never be negative.
        debug_assert!(value.is_none_or(|v| v >= 0));
        value
    })
}

/// What the singular extension test found (see [`Worker::singular_test`]).
enum Singular {
    /// The move is singular: extend it.
    Yes,
    No,
    /// Other moves also reach beta: the node fails high with this score.
    MultiCut(i32),
    /// Not singular, and the table's score reaches beta: search the move a ply
    /// shallower (`se_negative`).
    Shallower,
    Stopped,
}

/// The kind of bound a node's best score is, given the window it was searched with.
fn bound_for(best_score: i32, original_alpha: i32, beta: i32) -> Bound {
    if best_score >= beta {
        Bound::Lower
    } else if best_score > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}
