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

use super::ordering::{MovePicker, OrderingTables};
use super::threads::Shared;
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
/// Null-move pruning: minimum depth, and the reduction R = base + depth / divisor.
const NULL_MIN_DEPTH: i32 = 3;
const NULL_REDUCTION_BASE: i32 = 2;
const NULL_REDUCTION_DIVISOR: i32 = 4;
/// Null-move pruning is skipped when the side to move has fewer legal moves than this:
/// few moves is where zugzwang lives. Variants refuse passes on top of this.
const NULL_MIN_MOBILITY: usize = 8;
/// Reverse futility pruning (static eval far above beta at shallow depth).
const RFP_MAX_DEPTH: i32 = 3;
const RFP_MARGIN_PER_DEPTH: i32 = 120;
/// Late-move reductions apply from this depth and after this many moves.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_FIRST_REDUCED: usize = 3;
/// Shallow-depth pruning of quiet moves at non-PV turn starts (not in check, not
/// giving check, after a move has been searched): futility (the static evaluation plus
/// a margin cannot reach alpha) and late-move pruning (after enough quiet moves).
const PRUNE_MAX_DEPTH: i32 = 3;
const FUTILITY_MARGIN_BASE: i32 = 100;
const FUTILITY_MARGIN_PER_DEPTH: i32 = 120;
/// Quiet moves searched before the rest are pruned: base + depth^2 * factor.
const LMP_BASE: usize = 4;
const LMP_DEPTH_FACTOR: usize = 2;
/// Check extensions stop once the ply is this multiple of the iteration depth
/// (prevents perpetual-check lines from exploding).
const EXTENSION_PLY_FACTOR: usize = 2;
/// Failed aspiration windows are reported (as bounds) after this much search time.
const BOUND_REPORT_AFTER: std::time::Duration = std::time::Duration::from_millis(1000);
/// Move lists start with room for this many moves, so filling one rarely reallocates.
const MOVE_BUFFER: usize = 128;

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
    pub ordering: OrderingTables,
    pv: Vec<Vec<Move>>,
    /// Keys of turn-start positions: the game before the root, then the search path.
    keys: Vec<u64>,
    /// Where the search path begins in `keys`.
    path_start: usize,
    /// The iteration depth, bounding check extensions.
    root_depth: i32,
    pub control: Option<MainControl>,
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

/// The late-move reduction for the `index`-th move at `depth`.
fn lmr_reduction(depth: i32, index: usize) -> i32 {
    let r = 0.5 + (depth as f64).ln() * (index as f64).ln() / 2.5;
    (r as i32).clamp(0, depth - 2)
}

impl<'a, P: Position, E: Evaluator<P>> Worker<'a, P, E> {
    pub fn new(
        id: usize,
        shared: &'a Shared<'a>,
        eval: &'a E,
        history_keys: &[u64],
        ordering: OrderingTables,
    ) -> Self {
        Worker {
            id,
            shared,
            eval,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            ordering,
            pv: vec![Vec::new(); MAX_PLY + 2],
            keys: history_keys.to_vec(),
            path_start: history_keys.len(),
            root_depth: 1,
            control: None,
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
            }
        }
        self.stopped
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
    ) -> i32 {
        let same_side = child.side_to_move() == parent.side_to_move();
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
        let score = if depth <= 0 {
            self.qsearch(child, a, b, ply + 1, child_half_turns)
        } else {
            self.alphabeta(child, depth, a, b, ply + 1, child_half_turns, allow_null)
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
        alpha: i32,
        beta: i32,
        ply: usize,
        half_turns: i32,
        allow_null: bool,
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
        let turn_start = pos.is_turn_start();
        if turn_start {
            self.keys.push(pos.key());
        }
        let score = self.alphabeta_node(pos, depth, alpha, beta, ply, half_turns, allow_null);
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
        mut alpha: i32,
        beta: i32,
        ply: usize,
        half_turns: i32,
        allow_null: bool,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let side = pos.side_to_move();
        let tt = self.shared.tt;

        let mut tt_move = Move::NONE;
        if let Some(e) = tt.probe(key) {
            tt_move = e.mv;
            let s = score_from_tt(e.score, half_turns);
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

        let mut all = MoveList::with_capacity(MOVE_BUFFER);
        pos.generate(GenKind::All, &mut all);
        if all.is_empty() {
            return outcome_score(&pos.no_move_outcome(), side, half_turns);
        }
        let in_check = pos.in_check();
        let turn_start = pos.is_turn_start();
        let static_eval = if in_check {
            -INFINITY
        } else {
            self.eval.evaluate(pos)
        };

        // Reverse futility: far above beta at shallow depth, assume a quiet move holds it.
        if !pv_node
            && !in_check
            && turn_start
            && depth <= RFP_MAX_DEPTH
            && beta.abs() < MATE_BOUND
            && static_eval - RFP_MARGIN_PER_DEPTH * depth >= beta
        {
            return static_eval;
        }

        // Null move: if passing still fails high, a real move will too (unsound in
        // zugzwang, hence the mobility guard and the variant's own refusal).
        if !pv_node
            && allow_null
            && !in_check
            && turn_start
            && depth >= NULL_MIN_DEPTH
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && all.len() >= NULL_MIN_MOBILITY
        {
            let mut child = pos.clone();
            if child.make_null() {
                let r = NULL_REDUCTION_BASE + depth / NULL_REDUCTION_DIVISOR;
                let s = self.descend(
                    pos,
                    &child,
                    depth - 1 - r,
                    beta - 1,
                    beta,
                    ply,
                    half_turns,
                    false,
                );
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }

        let mut tactical = MoveList::with_capacity(MOVE_BUFFER);
        pos.tactical_among(&all, &mut tactical);
        tactical.sort_unstable();
        if !all.contains(&tt_move) {
            tt_move = Move::NONE;
        }
        let mut picker =
            MovePicker::new(&self.ordering, side, ply, tt_move, &all, &tactical, |m| {
                pos.static_exchange(m)
            });
        self.ordering.clear_killers(ply + 1);

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NONE;
        let mut tried_quiet: Vec<Move> = Vec::with_capacity(MOVE_BUFFER);
        let mut tried_tactical: Vec<Move> = Vec::with_capacity(MOVE_BUFFER);
        let mut index = 0usize;
        let may_extend = ply < EXTENSION_PLY_FACTOR * self.root_depth as usize;

        while let Some((m, is_tactical, _)) = picker.next_move() {
            index += 1;
            let mut child = pos.clone();
            child.make(m);
            let gives_check = child.in_check();
            let prunable = !pv_node
                && turn_start
                && !in_check
                && !gives_check
                && !is_tactical
                && depth <= PRUNE_MAX_DEPTH
                && best_score > -MATE_BOUND
                && !self.ordering.is_killer(ply, m);
            if prunable {
                let futile =
                    static_eval + FUTILITY_MARGIN_BASE + FUTILITY_MARGIN_PER_DEPTH * depth <= alpha;
                let late =
                    tried_quiet.len() >= LMP_BASE + (depth * depth) as usize * LMP_DEPTH_FACTOR;
                if futile || late {
                    continue;
                }
            }
            let extension = if gives_check && may_extend { 1 } else { 0 };
            let new_depth = depth - 1 + extension;

            let score = if index == 1 {
                self.descend(pos, &child, new_depth, alpha, beta, ply, half_turns, true)
            } else {
                let reduce = depth >= LMR_MIN_DEPTH
                    && index > LMR_FIRST_REDUCED + pv_node as usize
                    && turn_start
                    && !in_check
                    && !gives_check
                    && !is_tactical
                    && !self.ordering.is_killer(ply, m);
                let r = if reduce {
                    lmr_reduction(depth, index)
                } else {
                    0
                };
                let mut s = self.descend(
                    pos,
                    &child,
                    new_depth - r,
                    alpha,
                    alpha + 1,
                    ply,
                    half_turns,
                    true,
                );
                if s > alpha && r > 0 && !self.stopped {
                    s = self.descend(
                        pos,
                        &child,
                        new_depth,
                        alpha,
                        alpha + 1,
                        ply,
                        half_turns,
                        true,
                    );
                }
                if s > alpha && s < beta && !self.stopped {
                    s = self.descend(pos, &child, new_depth, alpha, beta, ply, half_turns, true);
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
                        let tried = if is_tactical {
                            &tried_tactical
                        } else {
                            &tried_quiet
                        };
                        self.ordering
                            .record_cutoff(side, ply, depth, m, is_tactical, tried);
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

        let bound = bound_for(best_score, original_alpha, beta);
        tt.store(
            key,
            best_move,
            score_to_tt(best_score, half_turns),
            depth,
            bound,
        );
        best_score
    }

    /// Quiescence: stand pat on the static evaluation, or follow tactical moves; when
    /// in check, every evasion (so checkmate is seen).
    fn qsearch(&mut self, pos: &P, mut alpha: i32, beta: i32, ply: usize, half_turns: i32) -> i32 {
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
        if let Some(e) = tt.probe(key) {
            tt_move = e.mv;
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
        let mut moves = MoveList::with_capacity(MOVE_BUFFER);
        let mut best_score;
        if in_check {
            pos.generate(GenKind::All, &mut moves);
            if moves.is_empty() {
                return outcome_score(&pos.no_move_outcome(), side, half_turns);
            }
            best_score = -INFINITY;
        } else {
            let stand_pat = self.eval.evaluate(pos);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            pos.generate(GenKind::Tactical, &mut moves);
        }
        let original_alpha = alpha;
        let mut sorted_tactical = moves.clone();
        if in_check {
            // Evasions: order the tactical ones first like everywhere else.
            sorted_tactical.clear();
            pos.tactical_among(&moves, &mut sorted_tactical);
        }
        sorted_tactical.sort_unstable();
        if !moves.contains(&tt_move) {
            tt_move = Move::NONE;
        }
        let mut picker = MovePicker::new(
            &self.ordering,
            side,
            ply,
            tt_move,
            &moves,
            &sorted_tactical,
            |m| pos.static_exchange(m),
        );
        let mut best_move = Move::NONE;
        while let Some((m, _, loses_material)) = picker.next_move() {
            if loses_material && !in_check {
                // Losing captures come last and are not searched in quiescence: a
                // capture that loses material by static exchange rarely beats
                // standing pat, and skipping them bounds long exchange chains.
                break;
            }
            let mut child = pos.clone();
            child.make(m);
            let score = self.descend(pos, &child, 0, alpha, beta, ply, half_turns, false);
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
                        break;
                    }
                }
            }
        }
        let bound = bound_for(best_score, original_alpha, beta);
        tt.store(
            key,
            best_move,
            score_to_tt(best_score, half_turns),
            0,
            bound,
        );
        best_score
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
        for i in 0..root_moves.len() {
            let m = root_moves[i];
            if self.id == 0 {
                let current = super::CurrMove {
                    mv: m,
                    number: i as u32 + 1,
                    depth: depth.max(0) as u32,
                };
                self.shared
                    .currmove
                    .store(current.pack(), std::sync::atomic::Ordering::Relaxed);
            }
            let mut child = root.clone();
            child.make(m);
            let gives_check = child.in_check();
            let new_depth = depth - 1 + gives_check as i32;
            let score = if i == 0 {
                self.descend(root, &child, new_depth, alpha, beta, 0, 0, true)
            } else {
                let mut s = self.descend(root, &child, new_depth, alpha, alpha + 1, 0, 0, true);
                if s > alpha && s < beta && !self.stopped {
                    s = self.descend(root, &child, new_depth, alpha, beta, 0, 0, true);
                }
                s
            };
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    improved = true;
                    self.update_pv(0, m);
                    // Move the new best to the front, keeping the others' order.
                    root_moves[..=i].rotate_right(1);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if !self.stopped && best_move != Move::NONE {
            let bound = bound_for(best_score, original_alpha, beta);
            self.shared.tt.store(
                root.key(),
                best_move,
                score_to_tt(best_score, 0),
                depth,
                bound,
            );
        }
        let _ = side;
        (best_score, improved)
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
        let mut pv = self.pv[0].clone();
        if pv.is_empty() {
            pv.push(root_moves[0]);
        }
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
        for depth in first_depth..=max_depth {
            let prev = last.as_ref().map(|r| r.score);
            let mut window = ASPIRATION_WINDOW;
            let (mut alpha, mut beta) = match prev {
                Some(p) if depth >= ASPIRATION_MIN_DEPTH && p.abs() < MATE_BOUND => {
                    ((p - window).max(-INFINITY), (p + window).min(INFINITY))
                }
                _ => (-INFINITY, INFINITY),
            };
            let result = loop {
                let (score, improved) = self.search_root(root, root_moves, depth, alpha, beta);
                if self.stopped {
                    // A move that beat alpha in the unfinished iteration is better than
                    // the last iteration's choice; keep it.
                    if improved && score > alpha {
                        let mut pv = self.pv[0].clone();
                        if pv.is_empty() {
                            pv.push(root_moves[0]);
                        }
                        break Some(RootResult {
                            depth: depth - 1,
                            score,
                            pv,
                            bound: None,
                        });
                    }
                    break None;
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
                    alpha = (alpha - window).max(-INFINITY);
                    if score <= -MATE_BOUND {
                        alpha = -INFINITY;
                    }
                    window *= 2;
                } else if score >= beta && beta < INFINITY {
                    beta = (beta + window).min(INFINITY);
                    if score >= MATE_BOUND {
                        beta = INFINITY;
                    }
                    window *= 2;
                } else {
                    let mut pv = self.pv[0].clone();
                    if pv.is_empty() {
                        pv.push(root_moves[0]);
                    }
                    break Some(RootResult {
                        depth,
                        score,
                        pv,
                        bound: None,
                    });
                }
            };
            match result {
                Some(r) if !self.stopped => {
                    last = Some(r.clone());
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
        }
        self.shared.publish_nodes(self.id, self.nodes);
        last
    }
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
