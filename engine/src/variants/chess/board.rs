//! The one board representation the chess family shares: bitboards per piece kind
//! and per side, a mailbox for "what stands here", castling rights, the en passant
//! cell, hands and promoted-piece marks (crazyhouse), counters and the Zobrist key.
//!
//! The variant's rules are a type parameter ([`Rules`]): its constants are known at
//! compile time, so FIDE chess pays nothing for drops or explosions.

use super::bitboard::{bit, lsb, tables, Bitboard, Cells, Keys};
use crate::position::Side;
use std::marker::PhantomData;

/// Piece kinds, in hand order (pawn..queen can be in hand; kings never).
pub const PAWN: u8 = 0;
pub const KNIGHT: u8 = 1;
pub const BISHOP: u8 = 2;
pub const ROOK: u8 = 3;
pub const QUEEN: u8 = 4;
pub const KING: u8 = 5;
/// The kinds a hand can hold.
pub const HAND_KINDS: usize = 5;

/// FEN letters (upper case) by kind.
pub const KIND_LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];
pub const KIND_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// Mailbox code of an empty cell; pieces are `kind + 6 * side`.
pub const NO_PIECE: u8 = 12;
/// `ep` value when no en passant capture is possible.
pub const NO_EP: u8 = 64;

#[inline(always)]
pub const fn piece_code(side: Side, kind: u8) -> u8 {
    kind + 6 * side as u8
}
#[inline(always)]
pub const fn kind_of(code: u8) -> u8 {
    code % 6
}
#[inline(always)]
pub fn side_of(code: u8) -> Side {
    if code < 6 {
        Side::White
    } else {
        Side::Black
    }
}

/// The rule switches of one chess-family variant.
pub trait Rules: Copy + Clone + Send + Sync + Default + std::fmt::Debug + 'static {
    /// `UCI_Variant` name.
    const NAME: &'static str;
    const TITLE: &'static str;
    const START_FEN: &'static str;
    /// Captured pieces go to the capturer's hand and can be dropped (crazyhouse).
    const DROPS: bool;
    /// Captures explode the 3x3 area around the capture cell (atomic).
    const EXPLOSIONS: bool;
    /// Search parameters this variant plays with (`Position::search_profile`).
    const SEARCH_PROFILE: &'static str = "";
    /// This variant's Zobrist keys (own seed per variant).
    fn keys() -> &'static Keys;
}

/// A chess-family position. Copy-make: `make` mutates a clone, there is no unmake.
#[derive(Clone)]
pub struct Board<R: Rules> {
    pub(super) by_kind: [Bitboard; 6],
    pub(super) by_side: [Bitboard; 2],
    pub(super) mailbox: [u8; 64],
    /// Castling rights as the cells of the rooks that keep them (works for
    /// KQkq and Shredder/X-FEN rights alike).
    pub(super) castling: Bitboard,
    /// Crazyhouse hands, `hands[side][kind]` for pawn..queen.
    pub(super) hands: [[u8; HAND_KINDS]; 2],
    /// Crazyhouse: pieces that were promoted (they go back to hand as pawns).
    pub(super) promoted: Bitboard,
    pub(super) key: u64,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    /// The cell a pawn may capture en passant on, or [`NO_EP`]. Set only when an
    /// enemy pawn attacks it, so equal positions get equal keys.
    pub(super) ep: u8,
    pub(super) side: Side,
    /// Chess960 conventions for text (UCI_Chess960): castling always written
    /// king-takes-rook (`e1h1`) and castling rights written as Shredder-FEN file
    /// letters (`HAha`). Only notation; the rules and the key do not depend on it.
    pub(super) chess960: bool,
    _rules: PhantomData<R>,
}

impl<R: Rules> Board<R> {
    /// An empty board, White to move.
    pub(super) fn empty() -> Self {
        Board {
            by_kind: [0; 6],
            by_side: [0; 2],
            mailbox: [NO_PIECE; 64],
            castling: 0,
            hands: [[0; HAND_KINDS]; 2],
            promoted: 0,
            key: 0,
            halfmove: 0,
            fullmove: 1,
            ep: NO_EP,
            side: Side::White,
            chess960: false,
            _rules: PhantomData,
        }
    }

    /// Switches the Chess960 text conventions (see the `chess960` field).
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }
    #[inline(always)]
    pub fn pieces(&self, side: Side, kind: u8) -> Bitboard {
        self.by_side[side as usize] & self.by_kind[kind as usize]
    }
    #[inline(always)]
    pub fn side_pieces(&self, side: Side) -> Bitboard {
        self.by_side[side as usize]
    }
    #[inline(always)]
    pub fn piece_on(&self, sq: u8) -> u8 {
        self.mailbox[sq as usize]
    }
    /// The king's cell (`None` once an atomic explosion took it).
    #[inline(always)]
    pub fn king_sq(&self, side: Side) -> Option<u8> {
        let k = self.pieces(side, KING);
        if k == 0 {
            None
        } else {
            Some(lsb(k))
        }
    }
    #[inline(always)]
    pub fn hand_count(&self, side: Side, kind: u8) -> u8 {
        self.hands[side as usize][kind as usize]
    }

    /// Puts a piece on an empty cell, updating the key.
    #[inline(always)]
    pub(super) fn put(&mut self, code: u8, sq: u8) {
        let b = bit(sq);
        self.by_kind[kind_of(code) as usize] |= b;
        self.by_side[side_of(code) as usize] |= b;
        self.mailbox[sq as usize] = code;
        self.key ^= R::keys().piece[code as usize][sq as usize];
    }

    /// Removes the piece on `sq` (which must hold one) and returns it.
    #[inline(always)]
    pub(super) fn remove(&mut self, sq: u8) -> u8 {
        let code = self.mailbox[sq as usize];
        let b = !bit(sq);
        self.by_kind[kind_of(code) as usize] &= b;
        self.by_side[side_of(code) as usize] &= b;
        self.mailbox[sq as usize] = NO_PIECE;
        self.key ^= R::keys().piece[code as usize][sq as usize];
        code
    }

    /// Moves a piece to an empty cell.
    #[inline(always)]
    pub(super) fn shift(&mut self, from: u8, to: u8) {
        let code = self.mailbox[from as usize];
        let b = bit(from) | bit(to);
        self.by_kind[kind_of(code) as usize] ^= b;
        self.by_side[side_of(code) as usize] ^= b;
        self.mailbox[from as usize] = NO_PIECE;
        self.mailbox[to as usize] = code;
        let k = &R::keys().piece[code as usize];
        self.key ^= k[from as usize] ^ k[to as usize];
    }

    /// Replaces the castling rights, updating the key.
    #[inline(always)]
    pub(super) fn set_castling(&mut self, rights: Bitboard) {
        for sq in Cells(self.castling ^ rights) {
            self.key ^= R::keys().castling[sq as usize];
        }
        self.castling = rights;
    }

    /// Sets the en passant cell (or [`NO_EP`]), updating the key.
    #[inline(always)]
    pub(super) fn set_ep(&mut self, ep: u8) {
        if self.ep != NO_EP {
            self.key ^= R::keys().ep_file[(self.ep & 7) as usize];
        }
        self.ep = ep;
        if ep != NO_EP {
            self.key ^= R::keys().ep_file[(ep & 7) as usize];
        }
    }

    /// Changes a hand count, updating the key.
    #[inline(always)]
    pub(super) fn set_hand(&mut self, side: Side, kind: u8, count: u8) {
        let keys = &R::keys().hand[side as usize][kind as usize];
        let slot = &mut self.hands[side as usize][kind as usize];
        self.key ^= keys[*slot as usize] ^ keys[count as usize];
        *slot = count;
    }

    /// Marks or unmarks a cell's piece as promoted, updating the key.
    #[inline(always)]
    pub(super) fn toggle_promoted(&mut self, sq: u8) {
        self.promoted ^= bit(sq);
        self.key ^= R::keys().promoted[sq as usize];
    }

    /// Every piece of either side attacking `sq`, with `occ` as the blockers.
    #[inline(always)]
    pub fn attackers_to(&self, sq: u8, occ: Bitboard) -> Bitboard {
        let t = tables();
        let s = sq as usize;
        (t.pawn[0][s] & self.pieces(Side::Black, PAWN))
            | (t.pawn[1][s] & self.pieces(Side::White, PAWN))
            | (t.knight[s] & self.by_kind[KNIGHT as usize])
            | (t.king[s] & self.by_kind[KING as usize])
            | (t.bishop(sq, occ) & (self.by_kind[BISHOP as usize] | self.by_kind[QUEEN as usize]))
            | (t.rook(sq, occ) & (self.by_kind[ROOK as usize] | self.by_kind[QUEEN as usize]))
    }

    /// The Zobrist key from scratch.
    pub fn compute_key(&self) -> u64 {
        let keys = R::keys();
        let mut k = 0;
        for sq in Cells(self.occupied()) {
            k ^= keys.piece[self.mailbox[sq as usize] as usize][sq as usize];
        }
        if self.side == Side::Black {
            k ^= keys.side;
        }
        for sq in Cells(self.castling) {
            k ^= keys.castling[sq as usize];
        }
        if self.ep != NO_EP {
            k ^= keys.ep_file[(self.ep & 7) as usize];
        }
        for side in 0..2 {
            for kind in 0..HAND_KINDS {
                k ^= keys.hand[side][kind][self.hands[side][kind] as usize];
            }
        }
        for sq in Cells(self.promoted) {
            k ^= keys.promoted[sq as usize];
        }
        k
    }
}
