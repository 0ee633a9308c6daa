//! Playing a move (copy-make: the caller keeps the parent). Variant after-effects
//! — crazyhouse hands, atomic explosions — are separate steps called from here.

use super::bitboard::{bit, tables};
use super::board::{kind_of, piece_code, Board, Rules, KING, NO_EP, NO_PIECE, PAWN};
use super::movegen::{
    back_rank, castle_destinations, move_kind, move_piece, CASTLE, DROP, EN_PASSANT, PROMOTION,
};
use super::{atomic, crazyhouse};
use crate::moves::Move;
use crate::position::Side;

impl<R: Rules> Board<R> {
    /// Plays a move generated in this position.
    pub(super) fn make_move(&mut self, m: Move) {
        let us = self.side;
        let them = us.opposite();
        let from = m.from() as u8;
        let to = m.to() as u8;
        self.set_ep(NO_EP);
        self.halfmove += 1;
        match move_kind(m) {
            DROP => crazyhouse::play_drop(self, move_piece(m), to),
            CASTLE => {
                let (king_to, rook_to) = castle_destinations(from, to);
                let king = self.remove(from);
                let rook = self.remove(to);
                self.put(king, king_to);
                self.put(rook, rook_to);
                self.set_castling(self.castling & !back_rank(us));
            }
            kind => {
                let moving = self.piece_on(from);
                let captured_sq = if kind == EN_PASSANT { to ^ 8 } else { to };
                let captured = self.piece_on(captured_sq);
                if captured != NO_PIECE {
                    self.halfmove = 0;
                    if R::DROPS {
                        crazyhouse::capture_to_hand(self, captured_sq);
                    }
                    self.remove(captured_sq);
                }
                self.shift(from, to);
                if R::DROPS && self.promoted & bit(from) != 0 {
                    self.toggle_promoted(from);
                    self.toggle_promoted(to);
                }
                if kind_of(moving) == PAWN {
                    self.halfmove = 0;
                    if kind == PROMOTION {
                        self.remove(to);
                        self.put(piece_code(us, move_piece(m)), to);
                        if R::DROPS {
                            self.toggle_promoted(to);
                        }
                    } else if from ^ to == 16 {
                        // Record the passed cell only when an enemy pawn could take there.
                        let passed = (from + to) / 2;
                        if tables().pawn[us as usize][passed as usize] & self.pieces(them, PAWN)
                            != 0
                        {
                            self.set_ep(passed);
                        }
                    }
                }
                let mut rights = self.castling & !(bit(from) | bit(to));
                if kind_of(moving) == KING {
                    rights &= !back_rank(us);
                }
                if rights != self.castling {
                    self.set_castling(rights);
                }
                if R::EXPLOSIONS && captured != NO_PIECE {
                    atomic::explode(self, to);
                }
            }
        }
        if us == Side::Black {
            self.fullmove += 1;
        }
        self.side = them;
        self.key ^= R::keys().side;
    }
}
