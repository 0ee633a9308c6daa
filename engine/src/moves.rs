//! One compact move type for every variant.
//!
//! A [`Move`] packs three fields into 32 bits: destination (9 bits), origin (9 bits)
//! and a 14-bit `extra` whose meaning each variant defines (promotion piece, drop
//! piece, missile flag, split choice, setup action...). 512 cells cover every board
//! here (the sphere has 272). A whole turn of several sub-moves is several `Move`s.
//!
//! Reserved encodings: [`Move::NONE`] (all zero: never a real move) and
//! [`Move::END_TURN`] (`0000`, ending a multi-move turn early).

use crate::topology::Cell;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move(u32);

pub type MoveList = Vec<Move>;

impl Move {
    /// No move (TT entries, "none yet").
    pub const NONE: Move = Move(0);
    /// End the current turn early (`0000`).
    pub const END_TURN: Move = Move(u32::MAX);
    /// An origin value variants may use for "from the hand" (drops).
    pub const HAND: Cell = 511;
    pub const MAX_EXTRA: u16 = (1 << 14) - 1;

    #[inline]
    pub const fn new(from: Cell, to: Cell, extra: u16) -> Move {
        debug_assert!(from < 512 && to < 512 && extra <= Self::MAX_EXTRA);
        Move((to as u32) | ((from as u32) << 9) | ((extra as u32) << 18))
    }
    #[inline]
    pub const fn from(self) -> Cell {
        ((self.0 >> 9) & 511) as Cell
    }
    #[inline]
    pub const fn to(self) -> Cell {
        (self.0 & 511) as Cell
    }
    #[inline]
    pub const fn extra(self) -> u16 {
        (self.0 >> 18) as u16
    }
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }
    #[inline]
    pub const fn from_bits(bits: u32) -> Move {
        Move(bits)
    }
    #[inline]
    pub fn is_none(self) -> bool {
        self == Move::NONE
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == Move::END_TURN {
            return write!(f, "Move(0000)");
        }
        write!(f, "Move({}->{} x{})", self.from(), self.to(), self.extra())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn packing_round_trips() {
        let m = Move::new(271, 0, Move::MAX_EXTRA);
        assert_eq!((m.from(), m.to(), m.extra()), (271, 0, Move::MAX_EXTRA));
        assert_ne!(m, Move::END_TURN);
        assert_eq!(Move::from_bits(m.bits()), m);
        let d = Move::new(Move::HAND, 300, 5);
        assert_eq!((d.from(), d.to(), d.extra()), (Move::HAND, 300, 5));
    }
}
