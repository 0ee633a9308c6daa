//! Move ordering: the transposition-table move first, then winning and even tactical
//! moves, then the two killer moves of the ply, then quiet moves by the history
//! heuristic, and last the tactical moves that lose material.
//!
//! Where the variant gives a static exchange evaluation (`Position::static_exchange`)
//! tactical moves are ordered by it, history breaking ties; a losing capture goes
//! after the quiet moves. Elsewhere the history of which tactical moves caused
//! cut-offs orders them, which learns a capture order without knowing piece values.

use super::MAX_PLY;
use crate::moves::Move;
use crate::position::Side;

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

/// Per-thread ordering statistics, kept across iterations of one search.
pub struct OrderingTables {
    killers: Vec<[Move; 2]>,
    /// Quiet-move history by [side][from][to].
    quiet: Vec<i16>,
    /// Tactical-move history by [side][from][to].
    tactical: Vec<i16>,
}

fn history_index(side: Side, m: Move) -> usize {
    // Drops share their origin (`Move::HAND`); mixing the variant's extra bits into the
    // origin keeps different dropped pieces apart most of the time.
    let from = if m.from() as usize == Move::HAND as usize {
        (Move::HAND as usize) ^ (m.extra() as usize & 0x3f)
    } else {
        m.from() as usize
    };
    (side.index() * CELLS + (from % CELLS)) * CELLS + (m.to() as usize % CELLS)
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
        }
    }
}

impl OrderingTables {
    pub fn is_killer(&self, ply: usize, m: Move) -> bool {
        self.killers[ply].contains(&m)
    }

    /// Records a cut-off by `best` after `tried` (the moves searched before it at this
    /// node, same class as `best`) failed to cut.
    pub fn record_cutoff(
        &mut self,
        side: Side,
        ply: usize,
        depth: i32,
        best: Move,
        tactical: bool,
        tried: &[Move],
    ) {
        let bonus = (depth * depth).min(HISTORY_LIMIT / 4);
        let table = if tactical {
            &mut self.tactical
        } else {
            &mut self.quiet
        };
        apply_bonus(&mut table[history_index(side, best)], bonus);
        for &m in tried {
            apply_bonus(&mut table[history_index(side, m)], -bonus);
        }
        if !tactical && self.killers[ply][0] != best {
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
    pub fn age(&mut self) {
        for v in self.quiet.iter_mut().chain(self.tactical.iter_mut()) {
            *v /= 2;
        }
        for k in &mut self.killers {
            *k = [Move::NONE; 2];
        }
    }

    fn score(
        &self,
        side: Side,
        ply: usize,
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
        } else {
            self.quiet[history_index(side, m)] as i32
        }
    }
}

/// Exchange values beyond this are clipped (keeps the sums far from overflow).
const MAX_EXCHANGE: i32 = 4_000;

/// One node's moves with their ordering scores, handed out best first by selection
/// (a cut-off usually comes early, so sorting everything would be wasted).
pub struct MovePicker {
    moves: Vec<(Move, i32, bool)>,
    next: usize,
}

impl MovePicker {
    /// `all` are the legal moves; `tactical` the tactical ones among them (sorted);
    /// `exchange` gives a tactical move's static exchange value where known.
    pub fn new(
        tables: &OrderingTables,
        side: Side,
        ply: usize,
        tt_move: Move,
        all: &[Move],
        tactical: &[Move],
        exchange: impl Fn(Move) -> Option<i32>,
    ) -> Self {
        let moves = all
            .iter()
            .map(|&m| {
                let t = tactical.binary_search(&m).is_ok();
                let see = if t && m != tt_move { exchange(m) } else { None };
                (m, tables.score(side, ply, tt_move, m, t, see), t)
            })
            .collect();
        MovePicker { moves, next: 0 }
    }

    /// The next move, whether it is tactical, and whether it is a tactical move that
    /// loses material by static exchange (those come after every other move).
    pub fn next_move(&mut self) -> Option<(Move, bool, bool)> {
        if self.next >= self.moves.len() {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.moves.len() {
            if self.moves[i].1 > self.moves[best].1 {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        let (m, score, t) = self.moves[self.next];
        self.next += 1;
        Some((m, t, t && score < KILLER_SCORE && score < 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_tt_tactical_killer_quiet() {
        let mut tables = OrderingTables::default();
        let quiet_good = Move::new(1, 2, 0);
        let quiet_plain = Move::new(3, 4, 0);
        let killer = Move::new(5, 6, 0);
        let capture = Move::new(7, 8, 0);
        let tt = Move::new(9, 10, 0);
        tables.record_cutoff(Side::White, 3, 2, killer, false, &[]);
        tables.record_cutoff(Side::White, 4, 5, quiet_good, false, &[quiet_plain]);
        let all = [quiet_plain, quiet_good, killer, capture, tt];
        let mut picker = MovePicker::new(&tables, Side::White, 3, tt, &all, &[capture], |_| None);
        let order: Vec<Move> =
            std::iter::from_fn(|| picker.next_move().map(|(m, _, _)| m)).collect();
        assert_eq!(order, vec![tt, capture, killer, quiet_good, quiet_plain]);
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
        tables.record_cutoff(Side::White, 3, 2, killer, false, &[]);
        let all = [quiet, killer, loses_queen, wins_pawn, wins_rook];
        let mut tactical = vec![wins_rook, wins_pawn, loses_queen];
        tactical.sort_unstable();
        let see = |m: Move| match m {
            m if m == wins_rook => Some(500),
            m if m == wins_pawn => Some(100),
            m if m == loses_queen => Some(-800),
            _ => None,
        };
        let mut picker = MovePicker::new(&tables, Side::White, 3, Move::NONE, &all, &tactical, see);
        let order: Vec<(Move, bool)> =
            std::iter::from_fn(|| picker.next_move().map(|(m, _, losing)| (m, losing))).collect();
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
            Move::NONE,
            &all,
            &[unknown],
            |_| None,
        );
        assert_eq!(picker.next_move(), Some((unknown, true, false)));
    }
}
