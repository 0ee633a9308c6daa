//! Crazyhouse (lichess rules): a captured piece goes to the capturer's hand and
//! may be dropped instead of a move (`P@e4`); a captured promoted piece (`Q~` in
//! the FEN) goes to the hand as a pawn; pawns are never dropped on rank 1 or 8.
//! Everything else is FIDE chess.

use super::bitboard::{bit, Bitboard, Cells, Keys, HAND_MAX, RANK_1, RANK_8};
use super::board::{
    kind_of, piece_code, Board, Rules, BISHOP, HAND_KINDS, KIND_LETTERS, KNIGHT, PAWN, QUEEN, ROOK,
};
use super::movegen::DROP;
use crate::error::FenError;
use crate::moves::{Move, MoveList};
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, Default)]
pub struct CrazyhouseRules;

/// A crazyhouse position.
pub type Crazyhouse = Board<CrazyhouseRules>;

const ZOBRIST_SEED: u64 = 0x7a68_6f75_7365;

impl Rules for CrazyhouseRules {
    const NAME: &'static str = "crazyhouse";
    const TITLE: &'static str = "Crazyhouse";
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    const DROPS: bool = true;
    const EXPLOSIONS: bool = false;
    fn keys() -> &'static Keys {
        static KEYS: OnceLock<Keys> = OnceLock::new();
        KEYS.get_or_init(|| Keys::new(ZOBRIST_SEED))
    }
}

/// Cells a pawn may not be dropped on (lichess rule).
pub const NO_PAWN_DROP: Bitboard = RANK_1 | RANK_8;

/// DECISION: a drop resets the halfmove clock, like a pawn move (it is
/// irreversible: the hand shrinks).
pub const DROP_RESETS_HALFMOVE_CLOCK: bool = true;

/// The order of hand letters in a FEN, White's before Black's.
pub const HAND_FEN_ORDER: [u8; HAND_KINDS] = [QUEEN, ROOK, BISHOP, KNIGHT, PAWN];

/// Drops the side to move's `kind` from its hand on the empty cell `to`.
pub(super) fn play_drop<R: Rules>(b: &mut Board<R>, kind: u8, to: u8) {
    let us = b.side;
    b.put(piece_code(us, kind), to);
    let n = b.hand_count(us, kind);
    b.set_hand(us, kind, n.saturating_sub(1));
    if DROP_RESETS_HALFMOVE_CLOCK {
        b.halfmove = 0;
    }
}

/// Adds the piece about to be captured on `sq` to the capturer's hand (a
/// promoted piece as a pawn) and clears its promoted mark.
pub(super) fn capture_to_hand<R: Rules>(b: &mut Board<R>, sq: u8) {
    let kind = if b.promoted & bit(sq) != 0 {
        b.toggle_promoted(sq);
        PAWN
    } else {
        kind_of(b.piece_on(sq))
    };
    let us = b.side;
    let n = b.hand_count(us, kind) as usize;
    b.set_hand(us, kind, (n + 1).min(HAND_MAX) as u8);
}

impl<R: Rules> Board<R> {
    /// Drops from the side to move's hand on the cells of `target` (empty cells).
    pub(super) fn generate_drops(&self, target: Bitboard, out: &mut MoveList) {
        let us = self.side;
        for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN] {
            if self.hand_count(us, kind) == 0 {
                continue;
            }
            let cells = if kind == PAWN {
                target & !NO_PAWN_DROP
            } else {
                target
            };
            for to in Cells(cells) {
                out.push(Move::new(
                    Move::HAND,
                    to as u16,
                    DROP | ((kind as u16) << 3),
                ));
            }
        }
    }
}

/// Parses hand letters (`QNp`...; upper case White's, lower case Black's, any order).
pub(super) fn parse_holdings(text: &str) -> Result<[[u8; HAND_KINDS]; 2], FenError> {
    let mut hands = [[0u8; HAND_KINDS]; 2];
    // Some writers mark empty hands with a dash (`[-]`).
    if text == "-" {
        return Ok(hands);
    }
    for ch in text.chars() {
        let kind = KIND_LETTERS[..HAND_KINDS]
            .iter()
            .position(|&l| l == ch.to_ascii_uppercase())
            .ok_or_else(|| FenError::BadHoldings(format!("'{ch}' cannot be in a hand")))?;
        let side = if ch.is_ascii_uppercase() { 0 } else { 1 };
        let slot = &mut hands[side][kind];
        if *slot as usize >= HAND_MAX {
            return Err(FenError::BadHoldings(format!(
                "more than {HAND_MAX} '{ch}' in hand"
            )));
        }
        *slot += 1;
    }
    Ok(hands)
}

/// Writes hands as FEN letters, White's then Black's, queens first.
pub(super) fn write_holdings(hands: &[[u8; HAND_KINDS]; 2]) -> String {
    let mut s = String::new();
    for (side, hand) in hands.iter().enumerate() {
        for kind in HAND_FEN_ORDER {
            let letter = KIND_LETTERS[kind as usize];
            let letter = if side == 0 {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            for _ in 0..hand[kind as usize] {
                s.push(letter);
            }
        }
    }
    s
}
