//! The chess family: FIDE chess, crazyhouse and atomic chess on one shared board
//! implementation. They are validation variants: their published perft counts
//! (`shared/perft/`) prove castling, en passant, promotion, drops, explosions and
//! check against numbers no one here produced.
//!
//! Modules, one concern each:
//! * [`bitboard`] — 64-bit cell sets and the attack tables built from the topology;
//! * [`board`] — the shared position representation and its primitive updates;
//! * [`chess960`] — Chess960 start positions by number, and the `UCI_Chess960`
//!   text conventions (king-takes-rook castling, Shredder-FEN rights);
//! * [`movegen`] — move encoding and legal generation (pins and check masks);
//! * [`make`] — playing a move (copy-make);
//! * [`fen`] — FEN reading/writing with typed errors;
//! * [`notation`] — move text;
//! * [`see`] — static exchange evaluation (chess and crazyhouse);
//! * [`fide`], [`crazyhouse`], [`atomic`] — each variant's own rules;
//! * [`position`] — the `Position` trait implementation.

pub mod atomic;
pub mod bitboard;
pub mod board;
pub mod chess960;
pub mod crazyhouse;
pub mod fen;
pub mod fide;
pub mod make;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod see;

pub use atomic::Atomic;
pub use board::Board;
pub use crazyhouse::Crazyhouse;
pub use fide::Chess;

#[cfg(test)]
pub(crate) mod tests;
