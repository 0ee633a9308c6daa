//! Static exchange evaluation (SEE) for chess and crazyhouse: what a move wins on
//! its target square if both sides then keep capturing there, each time with their
//! least valuable attacker, and each side may stop when going on would lose.
//!
//! The search uses it to order captures (winning ones first, losing ones after the
//! quiet moves) and to skip losing captures in quiescence. Atomic has no SEE here:
//! a capture explodes the square, so exchanges on it do not exist.

use super::bitboard::{bit, lsb, tables, Bitboard};
use super::board::{kind_of, Board, Rules, BISHOP, KING, KNIGHT, NO_PIECE, PAWN, QUEEN, ROOK};
use super::movegen::{move_kind, move_piece, CASTLE, DROP, EN_PASSANT, PROMOTION};
use crate::moves::Move;
use crate::position::Side;

/// Nominal piece values, pawn..king, in centipawns. They only rank exchanges, so the
/// textbook values serve; the king is worth more than everything else together so
/// that no exchange ever "wins" by giving it up.
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

/// The longest possible capture sequence on one square (32 pieces).
const MAX_EXCHANGE: usize = 32;

impl<R: Rules> Board<R> {
    /// SEE of a legal move by the side to move, in centipawns.
    pub fn static_exchange(&self, m: Move) -> i32 {
        let kind = move_kind(m);
        if kind == CASTLE {
            return 0;
        }
        let t = tables();
        let to = m.to() as u8;
        let mover = self.side;
        let (from_bit, mut on_square, mut gain0) = match kind {
            DROP => (0, move_piece(m), 0),
            _ => {
                let from = m.from() as u8;
                let piece = kind_of(self.piece_on(from));
                let victim = match kind {
                    EN_PASSANT => SEE_VALUES[PAWN as usize],
                    _ => self.captured_value(to),
                };
                (bit(from), piece, victim)
            }
        };
        if kind == PROMOTION {
            let promoted = move_piece(m);
            gain0 += SEE_VALUES[promoted as usize] - SEE_VALUES[PAWN as usize];
            on_square = promoted;
        }
        let mut occ = self.occupied() & !from_bit;
        if kind == EN_PASSANT {
            // The captured pawn stands behind the target square.
            let behind = if mover == Side::White { to - 8 } else { to + 8 };
            occ &= !bit(behind);
        }
        occ |= bit(to);

        // gains[d]: material balance for the side that made capture d, if the
        // exchange stopped right after it.
        let mut gains = [0i32; MAX_EXCHANGE];
        gains[0] = gain0;
        let mut depth = 0;
        let mut side = mover.opposite();
        let diagonal_sliders = self.by_kind[BISHOP as usize] | self.by_kind[QUEEN as usize];
        let straight_sliders = self.by_kind[ROOK as usize] | self.by_kind[QUEEN as usize];
        let mut attackers = self.attackers_to(to, occ) & occ;
        loop {
            let mine = attackers & self.side_pieces(side);
            let Some((sq, piece)) = self.least_valuable(mine) else {
                break;
            };
            // A king may only recapture when the square is no longer defended.
            if piece == KING && attackers & self.side_pieces(side.opposite()) != 0 {
                break;
            }
            depth += 1;
            if depth >= MAX_EXCHANGE {
                break;
            }
            gains[depth] = SEE_VALUES[on_square as usize] - gains[depth - 1];
            on_square = piece;
            occ &= !bit(sq);
            // Sliders behind the piece that just left now see the square (x-rays).
            attackers |=
                (t.bishop(to, occ) & diagonal_sliders) | (t.rook(to, occ) & straight_sliders);
            attackers &= occ;
            side = side.opposite();
        }
        // Each side chooses whether to make its capture: fold from the end.
        while depth > 0 {
            gains[depth - 1] = -((-gains[depth - 1]).max(gains[depth]));
            depth -= 1;
        }
        gains[0]
    }

    fn captured_value(&self, to: u8) -> i32 {
        let code = self.piece_on(to);
        if code == NO_PIECE {
            0
        } else {
            SEE_VALUES[kind_of(code) as usize]
        }
    }

    /// The least valuable piece among `set`, with its kind.
    fn least_valuable(&self, set: Bitboard) -> Option<(u8, u8)> {
        for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] {
            let b = set & self.by_kind[kind as usize];
            if b != 0 {
                return Some((lsb(b), kind));
            }
        }
        None
    }
}
