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
use crate::moves::MoveList;
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
    for sq in Cells(victims) {
        b.remove(sq);
    }
    let exploded = victims | bit(centre);
    if b.castling & exploded != 0 {
        b.set_castling(b.castling & !exploded);
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

/// Legal atomic moves: pseudo-legal generation, then each move played on a copy
/// and kept if the mover's king survives and is not left in check — or if the
/// enemy king exploded (that ends the game at once).
pub(super) fn generate<R: Rules>(b: &Board<R>, tactical: bool, out: &mut MoveList) {
    if exploded_outcome(b).is_some() {
        return;
    }
    let start = out.len();
    b.generate_moves::<false>(tactical, out);
    let us = b.side;
    let mut kept = start;
    for i in start..out.len() {
        let m = out[i];
        let mut child = b.clone();
        child.make_move(m);
        let legal = match (child.king_sq(us), child.king_sq(us.opposite())) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(_), Some(_)) => !king_attacked(&child, us),
        };
        if legal {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Dead position by material: bare kings (kings cannot capture, so nothing can
/// ever happen).
pub(super) fn bare_kings<R: Rules>(b: &Board<R>) -> bool {
    b.occupied() == b.by_kind[KING as usize]
}
