//! Move ordering: the transposition-table move first, then winning and even tactical
//! moves, then the two killer moves of the ply, then quiet moves by the history
//! heuristic, and last the tactical moves that lose material.
//!
//! Where the variant gives a static exchange evaluation (`Position::static_exchange`)
//! tactical moves are ordered by it, history breaking ties; a losing capture goes
//! after the quiet moves. Elsewhere the history of which tactical moves caused
//! cut-offs orders them, which learns a capture order without knowing piece values.

use super::correction::CorrectionHistory;
use super::MAX_PLY;
use crate::moves::Move;
use crate::position::{Position, Side};

const TT_MOVE_SCORE: i32 = 1 << 30;
const TACTICAL_SCORE: i32 = 1 << 28;
const KILLER_SCORE: i32 = 1 << 27;
/// Tactical moves that lose material by static exchange sort below every quiet move.
const LOSING_TACTICAL_SCORE: i32 = -(1 << 27);
/// Exchange values are multiplied by this so that history (|h| <= HISTORY_LIMIT)
/// only breaks ties between equal exchanges.
const EXCHANGE_SCALE: i32 = 2 * HISTORY_LIMIT;
/// History values stay within +-HISTORY_LIMIT (the "gravity" update below).
const HISTORY_LIMIT: i32 = 16_384;
/// Cells per side of the (from, to) history table: every board here has < 512 cells.
const CELLS: usize = 512;

/// Each continuation-history table is blocks of entries: the prior move picks a block,
/// the move an entry in it (by their [`ContinuationKey`]s). All the moves of a node
/// then read one small block, which stays in cache. Both sizes are powers of two.
const CONTINUATION_BLOCKS: usize = 1024;
const CONTINUATION_BLOCK: usize = 1024;
const CONTINUATION_SIZE: usize = CONTINUATION_BLOCKS * CONTINUATION_BLOCK;
/// Counter moves sort just below the killers.
const COUNTER_SCORE: i32 = KILLER_SCORE - 1;

/// The moves that led to a node: `[0]` the sub-move just played (by either side),
/// `[1]` the one before it. [`Prior::NONE`] where there is none (root, null move).
pub type PriorMoves = [Prior; 2];

/// A sub-move on the path to a node, with its continuation-history key (taken in the
/// position it was played from).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prior {
    pub mv: Move,
    pub key: ContinuationKey,
}

impl Prior {
    pub const NONE: Prior = Prior {
        mv: Move::NONE,
        key: ContinuationKey(0),
    };

    /// `m`, about to be played from `pos`.
    pub fn of<P: Position>(pos: &P, m: Move) -> Prior {
        Prior {
            mv: m,
            key: ContinuationKey::of(pos, m),
        }
    }
}

/// What continuation history knows a sub-move by. Where the variant names the moving
/// man and its destination ([`Position::history_key`], below 1024) that name is used
/// as it is: a knight landing on f3 after a bishop landed on b5 is one statistic
/// whatever the origins, and no two such pairs share an entry. Elsewhere it is the
/// mover's side, origin and destination, hashed into the tables (pairs then share
/// entries: the tables could not hold every pair of origin-destination moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContinuationKey(u32);

/// Marks a key that is the variant's own name of the move.
const NAMED_KEY: u32 = 1 << 31;

impl ContinuationKey {
    pub fn of<P: Position>(pos: &P, m: Move) -> ContinuationKey {
        match pos.history_key(m) {
            Some(name) => ContinuationKey::named(name),
            None => ContinuationKey::unnamed(pos.side_to_move(), m),
        }
    }

    /// The key of a move the variant names `name` (below 1024).
    pub fn named(name: u16) -> ContinuationKey {
        debug_assert!((name as usize) < CONTINUATION_BLOCK);
        ContinuationKey(NAMED_KEY | (name as u32 & (CONTINUATION_BLOCK as u32 - 1)))
    }

    /// The key of `m` played by `side` where the variant gives no name.
    pub fn unnamed(side: Side, m: Move) -> ContinuationKey {
        ContinuationKey(history_index(side, m) as u32)
    }

    /// The block a prior move with this key picks.
    fn block(self) -> usize {
        if self.0 & NAMED_KEY != 0 {
            (self.0 & !NAMED_KEY) as usize
        } else {
            let hashed = (self.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            hashed as usize & (CONTINUATION_BLOCKS - 1)
        }
    }

    /// The entry a move with this key takes in a block.
    fn entry(self) -> usize {
        if self.0 & NAMED_KEY != 0 {
            (self.0 & !NAMED_KEY) as usize
        } else {
            // The destination, with the origin folded in.
            let (from, to) = (self.0 as usize / CELLS % CELLS, self.0 as usize % CELLS);
            (from.wrapping_mul(67) + to) % CONTINUATION_BLOCK
        }
    }
}

/// Per-thread ordering statistics, kept across iterations of one search.
pub struct OrderingTables {
    killers: Vec<[Move; 2]>,
    /// Quiet-move history by [side][from][to].
    quiet: Vec<i16>,
    /// Tactical-move history by [side][from][to].
    tactical: Vec<i16>,
    /// The quiet move that last refuted a move, by [side][its from][its to].
    counter: Vec<Move>,
    /// Continuation history of quiet moves: how well a move did right after the
    /// prior move `[k]`, by their continuation keys.
    continuation: [Vec<i16>; 2],
    /// Not ordering, but kept between searches with it: the static evaluation's
    /// corrections.
    pub correction: CorrectionHistory,
}

fn continuation_index(prior: ContinuationKey, m: ContinuationKey) -> usize {
    prior.block() * CONTINUATION_BLOCK + m.entry()
}

/// A move's origin and destination cells for the history tables.
fn origin_and_destination(m: Move) -> (usize, usize) {
    // Drops share their origin (`Move::HAND`); mixing the variant's extra bits into the
    // origin keeps different dropped pieces apart most of the time.
    let from = if m.from() as usize == Move::HAND as usize {
        (Move::HAND as usize) ^ (m.extra() as usize & 0x3f)
    } else {
        m.from() as usize
    };
    (from % CELLS, m.to() as usize % CELLS)
}

fn history_index(side: Side, m: Move) -> usize {
    let (from, to) = origin_and_destination(m);
    (side.index() * CELLS + from) * CELLS + to
}

fn apply_bonus(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_LIMIT, HISTORY_LIMIT);
    let v = *entry as i32;
    // Gravity: large values grow slowly, so recent evidence keeps mattering.
    let updated = v + bonus - v * bonus.abs() / HISTORY_LIMIT;
    *entry = updated.clamp(-HISTORY_LIMIT, HISTORY_LIMIT) as i16;
}

impl Default for OrderingTables {
    fn default() -> Self {
        OrderingTables {
            killers: vec![[Move::NONE; 2]; MAX_PLY + 1],
            quiet: vec![0; 2 * CELLS * CELLS],
            tactical: vec![0; 2 * CELLS * CELLS],
            counter: vec![Move::NONE; 2 * CELLS * CELLS],
            continuation: [vec![0; CONTINUATION_SIZE], vec![0; CONTINUATION_SIZE]],
            correction: CorrectionHistory::default(),
        }
    }
}

impl OrderingTables {
    /// A stand-in with no storage, for moving the real tables in and out of a
    /// worker without allocating; never searched with.
    pub fn placeholder() -> Self {
        OrderingTables {
            killers: Vec::new(),
            quiet: Vec::new(),
            tactical: Vec::new(),
            counter: Vec::new(),
            continuation: [Vec::new(), Vec::new()],
            correction: CorrectionHistory::placeholder(),
        }
    }

    /// The quiet-move history of `m` for `side` after `prior`: the plain history plus
    /// both continuation histories (each within +-16384). `key_of` names a move for
    /// continuation history (asked only when there is a prior move).
    pub fn quiet_history(
        &self,
        side: Side,
        prior: &PriorMoves,
        m: Move,
        key_of: impl Fn(Move) -> ContinuationKey,
    ) -> i32 {
        let mut h = self.quiet[history_index(side, m)] as i32;
        if prior.iter().any(|p| !p.mv.is_none()) {
            let key = key_of(m);
            for (k, p) in prior.iter().enumerate() {
                if !p.mv.is_none() {
                    h += self.continuation[k][continuation_index(p.key, key)] as i32;
                }
            }
        }
        h
    }

    fn counter_move(&self, side: Side, prior: &PriorMoves) -> Move {
        if prior[0].mv.is_none() {
            Move::NONE
        } else {
            self.counter[history_index(side, prior[0].mv)]
        }
    }

    pub fn is_killer(&self, ply: usize, m: Move) -> bool {
        self.killers[ply].contains(&m)
    }

    /// Records a cut-off by `best` after `tried` (the moves searched before it at this
    /// node, same class as `best`) failed to cut: `bonus` to `best`'s histories, as
    /// much taken from the others'. `key_of` names a move for continuation history.
    #[allow(clippy::too_many_arguments)]
    pub fn record_cutoff(
        &mut self,
        side: Side,
        ply: usize,
        bonus: i32,
        prior: &PriorMoves,
        best: Move,
        tactical: bool,
        tried: &[Move],
        key_of: impl Fn(Move) -> ContinuationKey,
    ) {
        let table = if tactical {
            &mut self.tactical
        } else {
            &mut self.quiet
        };
        apply_bonus(&mut table[history_index(side, best)], bonus);
        for &m in tried {
            apply_bonus(&mut table[history_index(side, m)], -bonus);
        }
        if tactical {
            return;
        }
        if prior.iter().any(|p| !p.mv.is_none()) {
            let best_key = key_of(best);
            for (k, p) in prior.iter().enumerate().filter(|(_, p)| !p.mv.is_none()) {
                let table = &mut self.continuation[k];
                apply_bonus(&mut table[continuation_index(p.key, best_key)], bonus);
                for &m in tried {
                    apply_bonus(&mut table[continuation_index(p.key, key_of(m))], -bonus);
                }
            }
        }
        if !prior[0].mv.is_none() {
            self.counter[history_index(side, prior[0].mv)] = best;
        }
        if self.killers[ply][0] != best {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = best;
        }
    }

    /// Clears killers of the ply below, so stale ones from a sibling subtree don't lead.
    pub fn clear_killers(&mut self, ply: usize) {
        if ply < self.killers.len() {
            self.killers[ply] = [Move::NONE; 2];
        }
    }

    /// Halves history at the start of a new search: the position has changed.
    /// Continuation history is kept as it is: it describes how moves answer moves,
    /// which changes little from one position of a game to the next (and halving its
    /// megabytes would cost milliseconds of every move).
    pub fn age(&mut self) {
        for v in self.quiet.iter_mut() {
            *v /= 2;
        }
        for v in self.tactical.iter_mut() {
            *v /= 2;
        }
        for k in &mut self.killers {
            *k = [Move::NONE; 2];
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn score(
        &self,
        side: Side,
        ply: usize,
        counter: Move,
        tt_move: Move,
        m: Move,
        tactical: bool,
        exchange: Option<i32>,
    ) -> i32 {
        if m == tt_move {
            return TT_MOVE_SCORE;
        }
        if tactical {
            let history = self.tactical[history_index(side, m)] as i32;
            return match exchange {
                None => TACTICAL_SCORE + history,
                Some(see) if see >= 0 => {
                    TACTICAL_SCORE + see.min(MAX_EXCHANGE) * EXCHANGE_SCALE + history
                }
                Some(see) => LOSING_TACTICAL_SCORE + see.max(-MAX_EXCHANGE) + history,
            };
        }
        if self.killers[ply][0] == m {
            KILLER_SCORE + 1
        } else if self.killers[ply][1] == m {
            KILLER_SCORE
        } else if counter == m {
            COUNTER_SCORE
        } else {
            QUIET_UNSCORED
        }
    }
}

/// Sorts a picker's entries by score, highest first; equal scores keep their order,
/// as in the picker's scan. Tens of moves are sorted by insertion, which needs no
/// scratch space; longer lists (the large boards) by the library's stable sort.
fn sort_by_score(entries: &mut [PickerEntry]) {
    if entries.len() > 32 {
        entries.sort_by(|a, b| b.1.cmp(&a.1));
        return;
    }
    for i in 1..entries.len() {
        let entry = entries[i];
        let mut j = i;
        while j > 0 && entries[j - 1].1 < entry.1 {
            entries[j] = entries[j - 1];
            j -= 1;
        }
        entries[j] = entry;
    }
}

/// The place of a quiet move whose history is not read yet: below the counter move,
/// above any history value (at most three tables of +-HISTORY_LIMIT). The picker reads
/// the histories only when it first reaches such a move, so a node cut off by a
/// tactical move, a killer or the counter move never pays for them (three table reads
/// per quiet move, mostly cache misses).
const QUIET_UNSCORED: i32 = COUNTER_SCORE - 1;

/// Exchange values beyond this are clipped (keeps the sums far from overflow).
const MAX_EXCHANGE: i32 = 4_000;

/// One node's moves with their ordering scores, handed out best first by selection
/// (a cut-off usually comes early, so sorting everything would be wasted). Once two
/// quiet moves by history have been handed out and the node goes on, the rest are
/// sorted in one pass: a node that searches most of a hundred quiet moves (the large
/// boards) would otherwise scan its list once per move.
pub struct MovePicker {
    moves: Vec<PickerEntry>,
    next: usize,
    side: Side,
    prior: PriorMoves,
    phase: PickerPhase,
}

/// How far a picker has come with its quiet moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PickerPhase {
    /// Their histories are not read yet: each move is found by a scan.
    Unscored,
    /// Read when the move at this index was handed out; still scanned.
    ScoredAt(usize),
    /// The moves from `next` on are in the order they will be handed out.
    Sorted,
}

/// One move in the picker's list: the move, its ordering score, whether it is
/// tactical, and the exchange value the ordering used (`None` where none was asked).
pub type PickerEntry = (Move, i32, bool, Option<i32>);

/// A move as the picker hands it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Picked {
    pub mv: Move,
    pub tactical: bool,
    /// A tactical move that loses material by static exchange (these come after
    /// every other move).
    pub losing: bool,
    /// The exchange value the ordering computed for a tactical move (never for the
    /// table move): reused by the pruning that asks for it.
    pub exchange: Option<i32>,
}

impl MovePicker {
    /// `all` are the legal moves; `tactical` the tactical ones among them (sorted);
    /// `exchange` gives a tactical move's static exchange value where known. The
    /// picker fills `buffer` (emptied first; give back its storage with
    /// [`MovePicker::into_buffer`] to avoid an allocation per node).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        tables: &OrderingTables,
        side: Side,
        ply: usize,
        prior: &PriorMoves,
        tt_move: Move,
        all: &[Move],
        tactical: &[Move],
        exchange: impl Fn(Move) -> Option<i32>,
        mut buffer: Vec<PickerEntry>,
    ) -> Self {
        let counter = tables.counter_move(side, prior);
        buffer.clear();
        buffer.extend(all.iter().map(|&m| {
            let t = tactical.binary_search(&m).is_ok();
            let see = if t && m != tt_move { exchange(m) } else { None };
            let score = tables.score(side, ply, counter, tt_move, m, t, see);
            (m, score, t, see)
        }));
        MovePicker {
            moves: buffer,
            next: 0,
            side,
            prior: *prior,
            phase: PickerPhase::Unscored,
        }
    }

    /// The storage of the picker's list, for the next node.
    pub fn into_buffer(self) -> Vec<PickerEntry> {
        self.moves
    }

    /// Drops the quiet moves not yet handed out, except those `keep` names: for a
    /// node where every later quiet move would be pruned anyway.
    pub fn drop_quiets(&mut self, keep: impl Fn(Move) -> bool) {
        // The kept moves keep their order (a sorted list stays sorted).
        let mut kept = self.next;
        for i in self.next..self.moves.len() {
            let (m, _, tactical, _) = self.moves[i];
            if tactical || keep(m) {
                self.moves.swap(kept, i);
                kept += 1;
            }
        }
        self.moves.truncate(kept);
    }

    /// The best of the moves not yet handed out. `tables` gives the quiet moves'
    /// histories when the picker first comes to them (see [`QUIET_UNSCORED`]), with
    /// `key_of` naming them for continuation history.
    pub fn next_move(
        &mut self,
        tables: &OrderingTables,
        key_of: impl Fn(Move) -> ContinuationKey,
    ) -> Option<Picked> {
        if self.next >= self.moves.len() {
            return None;
        }
        if matches!(self.phase, PickerPhase::ScoredAt(at) if self.next > at + 1) {
            sort_by_score(&mut self.moves[self.next..]);
            self.phase = PickerPhase::Sorted;
        }
        if self.phase != PickerPhase::Sorted {
            let mut best = self.best_remaining();
            if self.moves[best].1 == QUIET_UNSCORED {
                for entry in &mut self.moves[self.next..] {
                    if entry.1 == QUIET_UNSCORED {
                        entry.1 = tables.quiet_history(self.side, &self.prior, entry.0, &key_of);
                    }
                }
                self.phase = PickerPhase::ScoredAt(self.next);
                best = self.best_remaining();
            }
            // Rotated rather than swapped in, so the moves passed over keep their
            // order: the hand-out order is then a stable sort by score.
            self.moves[self.next..=best].rotate_right(1);
        }
        let (mv, score, tactical, exchange) = self.moves[self.next];
        self.next += 1;
        Some(Picked {
            mv,
            tactical,
            losing: tactical && score < KILLER_SCORE && score < 0,
            exchange,
        })
    }

    /// The index of the first of the highest-scored moves not yet handed out.
    fn best_remaining(&self) -> usize {
        let mut best = self.next;
        for i in self.next + 1..self.moves.len() {
            if self.moves[i].1 > self.moves[best].1 {
                best = i;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_PRIOR: PriorMoves = [Prior::NONE; 2];

    /// White's moves' continuation keys, as for a variant without names.
    fn key(m: Move) -> ContinuationKey {
        ContinuationKey::unnamed(Side::White, m)
    }

    /// A prior move of Black's.
    fn black_prior(m: Move) -> PriorMoves {
        let key = ContinuationKey::unnamed(Side::Black, m);
        [Prior { mv: m, key }, Prior::NONE]
    }

    /// White's picker at `ply`, with no table move and no prior moves.
    fn white_picker(
        tables: &OrderingTables,
        ply: usize,
        all: &[Move],
        tactical: &[Move],
        exchange: impl Fn(Move) -> Option<i32>,
    ) -> MovePicker {
        MovePicker::new(
            tables,
            Side::White,
            ply,
            &NO_PRIOR,
            Move::NONE,
            all,
            tactical,
            exchange,
            Vec::new(),
        )
    }

    #[test]
    fn order_is_tt_tactical_killer_quiet() {
        let mut tables = OrderingTables::default();
        let quiet_good = Move::new(1, 2, 0);
        let quiet_plain = Move::new(3, 4, 0);
        let killer = Move::new(5, 6, 0);
        let capture = Move::new(7, 8, 0);
        let tt = Move::new(9, 10, 0);
        tables.record_cutoff(Side::White, 3, 4, &NO_PRIOR, killer, false, &[], key);
        tables.record_cutoff(
            Side::White,
            4,
            25,
            &NO_PRIOR,
            quiet_good,
            false,
            &[quiet_plain],
            key,
        );
        let all = [quiet_plain, quiet_good, killer, capture, tt];
        let mut picker = MovePicker::new(
            &tables,
            Side::White,
            3,
            &NO_PRIOR,
            tt,
            &all,
            &[capture],
            |_| None,
            Vec::new(),
        );
        let order: Vec<Move> =
            std::iter::from_fn(|| picker.next_move(&tables, key).map(|p| p.mv)).collect();
        assert_eq!(order, vec![tt, capture, killer, quiet_good, quiet_plain]);
    }

    #[test]
    fn quiet_moves_come_by_history_and_equal_ones_in_generated_order() {
        // A short list (sorted by insertion) and a long one (by the library's sort).
        for count in [15u16, 60] {
            let mut tables = OrderingTables::default();
            // Every fifth quiet move has a history, growing along the list, so the
            // order is by history first and the generator's order among equals.
            let quiets: Vec<Move> = (0..count).map(|i| Move::new(i, i + 100, 0)).collect();
            for (i, &m) in quiets.iter().enumerate().filter(|(i, _)| i % 5 == 0) {
                for _ in 0..=i / 5 {
                    tables.record_cutoff(Side::White, 0, 64, &NO_PRIOR, m, false, &[], key);
                }
            }
            let capture = Move::new(300, 301, 0);
            let mut all = quiets.clone();
            all.insert(7, capture);
            let mut picker = white_picker(&tables, 9, &all, &[capture], |_| None);
            let order: Vec<Move> =
                std::iter::from_fn(|| picker.next_move(&tables, key).map(|p| p.mv)).collect();
            let mut expected = vec![capture];
            expected.extend(quiets.iter().step_by(5).rev());
            expected.extend(
                quiets
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| i % 5 != 0)
                    .map(|(_, m)| m),
            );
            assert_eq!(order, expected, "{count} quiet moves");
        }
    }

    #[test]
    fn dropping_quiets_keeps_tactical_and_named_moves_in_order() {
        let tables = OrderingTables::default();
        let quiets = [Move::new(1, 2, 0), Move::new(3, 4, 0), Move::new(5, 6, 0)];
        let keep = Move::new(3, 4, 0);
        let (good, bad) = (Move::new(7, 8, 0), Move::new(9, 10, 0));
        let all = [quiets[0], good, quiets[1], bad, quiets[2]];
        let mut tactical = [good, bad];
        tactical.sort_unstable();
        let exchange = |m: Move| Some(if m == good { 300 } else { -300 });
        let mut picker = white_picker(&tables, 0, &all, &tactical, exchange);
        assert_eq!(picker.next_move(&tables, key).map(|p| p.mv), Some(good));
        picker.drop_quiets(|m| m == keep);
        let rest: Vec<Move> =
            std::iter::from_fn(|| picker.next_move(&tables, key).map(|p| p.mv)).collect();
        // The kept quiet move, then the losing capture (losing captures come last).
        assert_eq!(rest, vec![keep, bad]);
    }

    #[test]
    fn counter_move_and_continuation_history_follow_the_prior_move() {
        let mut tables = OrderingTables::default();
        let prior_a = black_prior(Move::new(20, 21, 0));
        let prior_b = black_prior(Move::new(30, 31, 0));
        let refutes_a = Move::new(1, 2, 0);
        let follows_a = Move::new(3, 4, 0);
        let plain = Move::new(5, 6, 0);
        // `refutes_a` cut after `prior_a` (the last cut there: the counter move);
        // `follows_a` cut there earlier, `plain` failed before it.
        tables.record_cutoff(
            Side::White,
            9,
            400,
            &prior_a,
            follows_a,
            false,
            &[plain],
            key,
        );
        tables.record_cutoff(Side::White, 9, 400, &prior_a, refutes_a, false, &[], key);
        let all = [plain, follows_a, refutes_a];
        let order = |prior: &PriorMoves| {
            let mut picker = MovePicker::new(
                &tables,
                Side::White,
                3,
                prior,
                Move::NONE,
                &all,
                &[],
                |_| None,
                Vec::new(),
            );
            std::iter::from_fn(|| picker.next_move(&tables, key).map(|p| p.mv)).collect::<Vec<_>>()
        };
        assert_eq!(order(&prior_a), vec![refutes_a, follows_a, plain]);
        // After another prior move only the plain history remains: no counter move,
        // and both cut-off moves keep their plain bonus over `plain`.
        let after_b = order(&prior_b);
        assert_eq!(after_b[2], plain);
        assert!(
            tables.quiet_history(Side::White, &prior_a, follows_a, key)
                > tables.quiet_history(Side::White, &prior_b, follows_a, key)
        );
    }

    #[test]
    fn named_moves_share_continuation_history_whatever_their_origins() {
        let mut tables = OrderingTables::default();
        // Moves named by (man, destination): the prior moves `a1` and `a2` are the
        // same man reaching the same cell from two origins, `b` another man.
        let name = |m: Move| ContinuationKey::named(m.to() % 4 * 100 + m.from() / 100);
        let prior = |m: Move| {
            [
                Prior {
                    mv: m,
                    key: name(m),
                },
                Prior::NONE,
            ]
        };
        let (a1, a2, b) = (Move::new(5, 2, 0), Move::new(9, 2, 0), Move::new(5, 3, 0));
        let answer = Move::new(10, 1, 0);
        assert_eq!(name(a1), name(a2));
        assert_ne!(name(a1), name(b));
        tables.record_cutoff(Side::White, 9, 400, &prior(a1), answer, false, &[], name);
        let history = |p: Move| tables.quiet_history(Side::White, &prior(p), answer, name);
        // The plain history alone, which any prior move adds to.
        let plain = tables.quiet_history(Side::White, &NO_PRIOR, answer, name);
        // Learnt after `a1`, read after `a2`; not after `b`.
        assert!(history(a2) > plain);
        assert_eq!(history(a2), history(a1));
        assert_eq!(history(b), plain);
    }

    #[test]
    fn exchange_value_orders_captures_and_puts_losing_ones_last() {
        let mut tables = OrderingTables::default();
        let quiet = Move::new(1, 2, 0);
        let killer = Move::new(5, 6, 0);
        let wins_rook = Move::new(7, 8, 0);
        let wins_pawn = Move::new(9, 10, 0);
        let loses_queen = Move::new(11, 12, 0);
        let unknown = Move::new(13, 14, 0);
        tables.record_cutoff(Side::White, 3, 4, &NO_PRIOR, killer, false, &[], key);
        let all = [quiet, killer, loses_queen, wins_pawn, wins_rook];
        let mut tactical = vec![wins_rook, wins_pawn, loses_queen];
        tactical.sort_unstable();
        let see = |m: Move| match m {
            m if m == wins_rook => Some(500),
            m if m == wins_pawn => Some(100),
            m if m == loses_queen => Some(-800),
            _ => None,
        };
        let mut picker = white_picker(&tables, 3, &all, &tactical, see);
        let order: Vec<(Move, bool)> =
            std::iter::from_fn(|| picker.next_move(&tables, key).map(|p| (p.mv, p.losing)))
                .collect();
        assert_eq!(
            order,
            vec![
                (wins_rook, false),
                (wins_pawn, false),
                (killer, false),
                (quiet, false),
                (loses_queen, true)
            ]
        );
        // Without an exchange value a tactical move still precedes the killers.
        let all = [quiet, killer, unknown];
        let mut picker = MovePicker::new(
            &tables,
            Side::White,
            3,
            &NO_PRIOR,
            Move::NONE,
            &all,
            &[unknown],
            |_| None,
            Vec::new(),
        );
        assert_eq!(
            picker.next_move(&tables, key),
            Some(Picked {
                mv: unknown,
                tactical: true,
                losing: false,
                exchange: None
            })
        );
    }
}
