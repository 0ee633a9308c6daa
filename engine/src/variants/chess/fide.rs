//! FIDE chess: the family's rules with no extras, and its material draw.

use super::bitboard::Keys;
use super::board::{Board, Rules, BISHOP, KING, KNIGHT};
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, Default)]
pub struct FideRules;

/// A FIDE chess position.
pub type Chess = Board<FideRules>;

const ZOBRIST_SEED: u64 = 0x6368_6573_73;

impl Rules for FideRules {
    const NAME: &'static str = "chess";
    const TITLE: &'static str = "Chess";
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const DROPS: bool = false;
    const EXPLOSIONS: bool = false;
    /// Singular extensions with multi-cut from depth 8: chess 2+0.02 +30.5 over 732
    /// games and 8+0.08 +47.9 over 387 (both SPRT (0, 10) H1), where the seed variants
    /// and crazyhouse measured no gain (search::params, `se_min_depth`;
    /// docs/strength.md, forty-first to forty-fifth sessions). Pruning margins from
    /// the table's score (`tt_eval`): chess 2+0.02 +17.3 (+2.8, +31.9) over 1,468
    /// games, SPRT (0, 10) H1, on top of the singular extensions (forty-sixth session).
    /// Larger late-move reductions (`lmr_divisor=200`, against 250): chess 2+0.02
    /// +18.1 (+3.4, +32.8) over 1,406 games, SPRT (0, 10) H1; one step further, 170,
    /// lost −7.9 over 1,366 (H0) (fifty-first session). Quiescence delta pruning
    /// (`qs_delta_margin=200`): chess 2+0.02 +11.9 (+0.8, +23.0) over 2,458 games,
    /// SPRT (0, 10) H1 (fifty-fifth session). Clock time by the best move's
    /// stability and the share of nodes it took (`time_stability=1 time_effort=700`):
    /// chess 2+0.02 +17.5 (+3.1, +31.9) over 1,450 games, SPRT (0, 10) H1, with 6%
    /// less time a move (fifty-sixth session).
    const SEARCH_PROFILE: &'static str =
        "se_min_depth=8 tt_eval=1 lmr_divisor=200 qs_delta_margin=200 time_stability=1 time_effort=700";
    fn keys() -> &'static Keys {
        static KEYS: OnceLock<Keys> = OnceLock::new();
        KEYS.get_or_init(|| Keys::new(ZOBRIST_SEED))
    }
}

/// Light squares (a1 is dark).
const LIGHT_SQUARES: u64 = 0x55aa_55aa_55aa_55aa;

/// Dead positions recognised by material: bare kings, king and one minor piece
/// against a bare king, and kings with bishops all on one colour of squares.
pub(super) fn insufficient_material<R: Rules>(b: &Board<R>) -> bool {
    let occ = b.occupied();
    let kings = b.by_kind[KING as usize];
    let minors = b.by_kind[KNIGHT as usize] | b.by_kind[BISHOP as usize];
    if occ & !(kings | minors) != 0 {
        return false;
    }
    let others = occ & !kings;
    if others.count_ones() <= 1 {
        return true;
    }
    // Only bishops besides the kings, all on squares of one colour.
    let bishops = b.by_kind[BISHOP as usize];
    others == bishops && (bishops & LIGHT_SQUARES == 0 || bishops & !LIGHT_SQUARES == 0)
}
