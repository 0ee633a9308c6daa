//! Atomic chess (lichess rules). A capture explodes: the capturing and captured
//! pieces and every piece but pawns on the 8 cells around the capture cell leave
//! the board. Kings never capture; a move that explodes one's own king is illegal;
//! kings that touch are never in check (a capture next to one's own king would
//! explode it); the game ends when a king explodes.
//!
//! The explosion is an after-effect step of `make`, not a flag of the generator:
//! the generic generator runs in pseudo-legal mode and each move is kept if its
//! result leaves the mover's king on the board and out of (atomic) check.

use super::bitboard::{bit, tables, Bitboard, Cells, Keys};
use super::board::{Board, Rules, KING, PAWN};
use super::movegen::{back_rank, castle_destinations, move_kind, CASTLE, EN_PASSANT};
use crate::moves::{Move, MoveList};
use crate::position::{Outcome, Side};
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, Default)]
pub struct AtomicRules;

/// An atomic chess position.
pub type Atomic = Board<AtomicRules>;

const ZOBRIST_SEED: u64 = 0x6174_6f6d_6963;

impl Rules for AtomicRules {
    const NAME: &'static str = "atomic";
    const TITLE: &'static str = "Atomic chess";
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const DROPS: bool = false;
    const EXPLOSIONS: bool = true;
    /// Singular extensions with multi-cut from depth 8: atomic 2+0.02 +22.3 (−0.2,
    /// +45.1) over 794 games and 8+0.08 +25.1 (−1.3, +51.9) over 582, both SPRT
    /// (0, 10) H1 (docs/strength.md, forty-fifth and forty-sixth sessions).
    /// Crazyhouse measured none (−5.9 over 646) and keeps them off.
    const SEARCH_PROFILE: &'static str = "se_min_depth=8";
    fn keys() -> &'static Keys {
        static KEYS: OnceLock<Keys> = OnceLock::new();
        KEYS.get_or_init(|| Keys::new(ZOBRIST_SEED))
    }
}

/// The cells an explosion centred on a cell reaches besides the centre: its king
/// neighbourhood.
#[inline(always)]
fn blast_area(centre: u8) -> Bitboard {
    tables().king[centre as usize]
}

/// Pieces the blast spares (they stay unless they are the capturer or captured).
const BLAST_PROOF_KIND: u8 = PAWN;

/// The explosion after a capture on `centre`: the capturing piece (now on
/// `centre`) and every non-pawn piece around it go; castling rights of exploded
/// rooks go with them.
pub(super) fn explode<R: Rules>(b: &mut Board<R>, centre: u8) {
    b.remove(centre);
    let victims = blast_area(centre) & b.occupied() & !b.by_kind[BLAST_PROOF_KIND as usize];
    let king_exploded = victims & b.by_kind[KING as usize] != 0;
    for sq in Cells(victims) {
        b.remove(sq);
    }
    let mut rights = b.castling & !(victims | bit(centre));
    if king_exploded {
        // An exploded king takes its side's rights with it.
        for side in [Side::White, Side::Black] {
            if b.king_sq(side).is_none() {
                rights &= !back_rank(side);
            }
        }
    }
    if rights != b.castling {
        b.set_castling(rights);
    }
}

/// Whether the kings stand next to each other (then neither is in check).
#[inline]
fn kings_touch<R: Rules>(b: &Board<R>) -> bool {
    match (b.king_sq(Side::White), b.king_sq(Side::Black)) {
        (Some(w), Some(k)) => tables().king[w as usize] & bit(k) != 0,
        _ => false,
    }
}

/// Whether `side`'s king is attacked (atomic sense: never when the kings touch).
pub(super) fn king_attacked<R: Rules>(b: &Board<R>, side: Side) -> bool {
    let Some(k) = b.king_sq(side) else {
        return false;
    };
    if b.king_sq(side.opposite()).is_none() || kings_touch(b) {
        return false;
    }
    b.attackers_to(k, b.occupied()) & b.side_pieces(side.opposite()) != 0
}

/// The game is over once a king has exploded.
pub(super) fn exploded_outcome<R: Rules>(b: &Board<R>) -> Option<Outcome> {
    match (b.king_sq(Side::White), b.king_sq(Side::Black)) {
        (Some(_), None) => Some(Outcome::Win {
            winner: Side::White,
            reason: "king exploded",
        }),
        (None, Some(_)) => Some(Outcome::Win {
            winner: Side::Black,
            reason: "king exploded",
        }),
        _ => None,
    }
}

/// Legal atomic moves: pseudo-legal generation, then each move kept if its result
/// leaves the mover's king on the board and not in (atomic) check — or if the
/// enemy king exploded (that ends the game at once). The result is worked out on
/// occupancy bitboards, without playing the move on a copy.
pub(super) fn generate<R: Rules>(b: &Board<R>, tactical: bool, out: &mut MoveList) {
    let (Some(king), Some(enemy_king)) = (b.king_sq(b.side), b.king_sq(b.side.opposite())) else {
        return;
    };
    let start = out.len();
    b.generate_moves::<false>(tactical, out);
    let t = tables();
    // A quiet move of a piece off every line through our king cannot expose it,
    // unless the king already stands in check: those need no test.
    let exposed = t.rook_empty[king as usize] | t.bishop_empty[king as usize];
    let in_check = king_attacked(b, b.side);
    let occ = b.occupied();
    let mut kept = start;
    for i in start..out.len() {
        let m = out[i];
        let from = m.from() as u8;
        let quiet_off_line = !in_check
            && from != king
            && exposed & bit(from) == 0
            && occ & bit(m.to() as u8) == 0
            && move_kind(m) != EN_PASSANT
            && move_kind(m) != CASTLE;
        if quiet_off_line || is_legal(b, m, king, enemy_king) {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Whether a pseudo-legal move is legal (see [`generate`]).
#[inline]
fn is_legal<R: Rules>(b: &Board<R>, m: Move, king: u8, enemy_king: u8) -> bool {
    let t = tables();
    let from = m.from() as u8;
    let to = m.to() as u8;
    let occ = b.occupied();
    let enemies = b.side_pieces(b.side.opposite());
    // After the move: is our king (on `k`, blockers `occ`) safe from `attackers`?
    let safe = |k: u8, occ: Bitboard, attackers: Bitboard| {
        t.king[k as usize] & bit(enemy_king) != 0 || b.attackers_to(k, occ) & attackers == 0
    };
    match move_kind(m) {
        CASTLE => {
            let (king_to, rook_to) = castle_destinations(from, to);
            let after = (occ ^ bit(from) ^ bit(to)) | bit(king_to) | bit(rook_to);
            safe(king_to, after, enemies)
        }
        kind => {
            let captured = if kind == EN_PASSANT { to ^ 8 } else { to };
            if occ & bit(captured) == 0 {
                let after = occ ^ bit(from) ^ bit(to);
                safe(if from == king { to } else { king }, after, enemies)
            } else {
                let blast = bit(from)
                    | bit(captured)
                    | (blast_area(to) & occ & !b.by_kind[BLAST_PROOF_KIND as usize]);
                if blast & bit(king) != 0 {
                    return false;
                }
                if blast & bit(enemy_king) != 0 {
                    return true;
                }
                let after = occ & !blast;
                safe(king, after, enemies & after)
            }
        }
    }
}

/// Dead position by material: bare kings (kings cannot capture, so nothing can
/// ever happen).
pub(super) fn bare_kings<R: Rules>(b: &Board<R>) -> bool {
    b.occupied() == b.by_kind[KING as usize]
}
