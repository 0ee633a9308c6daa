//! Move encoding and legal move generation for the chess family.
//!
//! FIDE chess and crazyhouse use *legal* generation: the checkers and the pinned
//! pieces are found once per position, every piece's targets are masked by the
//! check mask (block or capture the single checker) and pinned pieces by the line
//! through their king; only king moves and en passant are tested square by square.
//! Atomic uses the same generator in pseudo-legal mode (no pins: explosions make
//! pins meaningless) and filters by playing each move (see `atomic.rs`).

use super::bitboard::{
    bit, lsb, more_than_one, square, tables, Bitboard, Cells, FILE_A, FILE_H, RANK_1, RANK_8,
};
use super::board::{Board, Rules, BISHOP, KING, KNIGHT, NO_EP, PAWN, QUEEN, ROOK};
use crate::moves::{Move, MoveList};
use crate::position::Side;

/// What a move does besides moving a piece from `from` to `to` (the low 3 bits of
/// [`Move::extra`]); the next 3 bits hold a piece kind (promotion or drop).
pub const NORMAL: u16 = 0;
pub const PROMOTION: u16 = 1;
/// Castling is encoded as the king's origin and the castling rook's cell, which
/// stays unambiguous for Chess960-style rights.
pub const CASTLE: u16 = 2;
pub const EN_PASSANT: u16 = 3;
/// A drop: origin [`Move::HAND`], the kind in the piece bits.
pub const DROP: u16 = 4;

/// The pieces a pawn may promote to, in generation order.
pub const PROMOTION_KINDS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

#[inline(always)]
pub fn encode(from: u8, to: u8, kind: u16, piece: u8) -> Move {
    Move::new(from as u16, to as u16, kind | ((piece as u16) << 3))
}
#[inline(always)]
pub fn move_kind(m: Move) -> u16 {
    m.extra() & 7
}
#[inline(always)]
pub fn move_piece(m: Move) -> u8 {
    (m.extra() >> 3) as u8
}

/// The back rank of a side (where its king and rooks castle).
#[inline(always)]
pub fn back_rank(side: Side) -> Bitboard {
    match side {
        Side::White => RANK_1,
        Side::Black => RANK_8,
    }
}

/// King and rook destinations of a castling move: the king goes to the g-file
/// (c-file) and the rook to the f-file (d-file) when the rook is on the king's
/// right (left), whatever their start files.
#[inline(always)]
pub fn castle_destinations(king: u8, rook: u8) -> (u8, u8) {
    let rank = king >> 3;
    if rook > king {
        (square(6, rank), square(5, rank))
    } else {
        (square(2, rank), square(3, rank))
    }
}

/// Pawn geometry of one side in bitboard shifts (rank * 8 + file layout).
struct PawnDirs {
    /// Cell offset of a single push.
    push: i32,
    /// The rank a single push lands on from which a double push continues.
    double_rank: Bitboard,
    promotion_rank: Bitboard,
}

#[inline(always)]
fn pawn_dirs(side: Side) -> PawnDirs {
    match side {
        Side::White => PawnDirs {
            push: 8,
            double_rank: RANK_1 << 16,
            promotion_rank: RANK_8,
        },
        Side::Black => PawnDirs {
            push: -8,
            double_rank: RANK_8 >> 16,
            promotion_rank: RANK_1,
        },
    }
}

#[inline(always)]
fn shift(b: Bitboard, by: i32) -> Bitboard {
    if by > 0 {
        b << by
    } else {
        b >> -by
    }
}

/// Appends `from`→`to` for every `to` in `targets`.
#[inline(always)]
fn push_targets(out: &mut MoveList, from: u8, targets: Bitboard) {
    for to in Cells(targets) {
        out.push(encode(from, to, NORMAL, 0));
    }
}

/// Appends moves to every cell of `targets` from the cell `delta` behind it,
/// as promotions when they land on the last rank.
#[inline(always)]
fn push_pawn_moves(out: &mut MoveList, targets: Bitboard, delta: i32, promotion_rank: Bitboard) {
    for to in Cells(targets & !promotion_rank) {
        out.push(encode((to as i32 - delta) as u8, to, NORMAL, 0));
    }
    for to in Cells(targets & promotion_rank) {
        let from = (to as i32 - delta) as u8;
        for kind in PROMOTION_KINDS {
            out.push(encode(from, to, PROMOTION, kind));
        }
    }
}

impl<R: Rules> Board<R> {
    /// Pieces of the side not to move that attack the side to move's king.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.king_sq(self.side) {
            Some(k) => {
                self.attackers_to(k, self.occupied()) & self.side_pieces(self.side.opposite())
            }
            None => 0,
        }
    }

    /// Pieces of `side` pinned to its king (on `king`) by enemy sliders.
    #[inline]
    fn pinned(&self, side: Side, king: u8) -> Bitboard {
        let t = tables();
        let them = self.side_pieces(side.opposite());
        let queens = self.by_kind[QUEEN as usize];
        let snipers = ((t.rook_empty[king as usize] & (self.by_kind[ROOK as usize] | queens))
            | (t.bishop_empty[king as usize] & (self.by_kind[BISHOP as usize] | queens)))
            & them;
        let occ = self.occupied();
        let mut pinned = 0;
        for s in Cells(snipers) {
            let blockers = t.between(king, s) & occ;
            if blockers != 0 && !more_than_one(blockers) {
                pinned |= blockers;
            }
        }
        pinned & self.side_pieces(side)
    }

    /// Whether `sq` is attacked by `by`'s pieces, with `occ` as blockers. In atomic
    /// a cell next to `by`'s king is never attacked for the other king: capturing
    /// there would explode `by`'s own king.
    #[inline]
    pub(super) fn attacked_for_king(&self, sq: u8, occ: Bitboard, by: Side) -> bool {
        if R::EXPLOSIONS && tables().king[sq as usize] & self.pieces(by, KING) != 0 {
            return false;
        }
        self.attackers_to(sq, occ) & self.side_pieces(by) != 0
    }

    /// Appends the moves of the side to move. `LEGAL`: only legal moves (FIDE
    /// king safety); otherwise pseudo-legal moves for a variant that filters them
    /// itself. `tactical`: only captures and promotions.
    pub(super) fn generate_moves<const LEGAL: bool>(&self, tactical: bool, out: &mut MoveList) {
        let t = tables();
        let us = self.side;
        let them = us.opposite();
        let own = self.side_pieces(us);
        let opp = self.side_pieces(them);
        let occ = own | opp;
        let Some(ksq) = self.king_sq(us) else { return };

        let (checkers, pinned) = if LEGAL {
            (self.checkers(), self.pinned(us, ksq))
        } else {
            (0, 0)
        };

        // King steps. Atomic kings never capture (they would explode themselves).
        let mut king_targets = t.king[ksq as usize] & !own;
        if R::EXPLOSIONS {
            king_targets &= !opp;
        }
        if tactical {
            king_targets &= opp;
        }
        if LEGAL {
            let without_king = occ ^ bit(ksq);
            for to in Cells(king_targets) {
                if self.attackers_to(to, without_king) & opp == 0 {
                    out.push(encode(ksq, to, NORMAL, 0));
                }
            }
            if more_than_one(checkers) {
                return;
            }
        } else {
            push_targets(out, ksq, king_targets);
        }

        // Where a non-king move must land: anywhere not our own, or on the single
        // checker / between it and the king.
        let mut target = if checkers != 0 {
            t.between(ksq, lsb(checkers)) | checkers
        } else {
            !own
        };
        target &= !own;
        let piece_target = if tactical { target & opp } else { target };

        // Pseudo-legal mode has no checkers; castling still needs the king safe.
        let castling_allowed = if LEGAL {
            checkers == 0
        } else {
            !self.attacked_for_king(ksq, occ, them)
        };
        if !tactical && castling_allowed && self.castling & own != 0 {
            self.generate_castling(ksq, out);
        }

        // Knights: a pinned knight can never move.
        for from in Cells(self.pieces(us, KNIGHT) & !pinned) {
            push_targets(out, from, t.knight[from as usize] & piece_target);
        }
        let queens = self.pieces(us, QUEEN);
        for from in Cells((self.pieces(us, BISHOP) | queens) & !pinned) {
            push_targets(out, from, t.bishop(from, occ) & piece_target);
        }
        for from in Cells((self.pieces(us, ROOK) | queens) & !pinned) {
            push_targets(out, from, t.rook(from, occ) & piece_target);
        }
        if LEGAL && checkers == 0 {
            // A pinned slider may still move along its pin line.
            for from in Cells(pinned & (self.by_kind[BISHOP as usize] | queens)) {
                push_targets(
                    out,
                    from,
                    t.bishop(from, occ) & piece_target & t.line(ksq, from),
                );
            }
            for from in Cells(pinned & (self.by_kind[ROOK as usize] | queens)) {
                push_targets(
                    out,
                    from,
                    t.rook(from, occ) & piece_target & t.line(ksq, from),
                );
            }
        }

        let pawns = self.pieces(us, PAWN);
        self.generate_pawn_moves(pawns & !pinned, target, tactical, out);
        if LEGAL && checkers == 0 {
            for from in Cells(pawns & pinned) {
                self.generate_pawn_moves(bit(from), target & t.line(ksq, from), tactical, out);
            }
        }
        self.generate_en_passant::<LEGAL>(ksq, out);

        if R::DROPS && !tactical {
            // Drops block a single check; they never capture.
            let drop_target = if checkers != 0 {
                t.between(ksq, lsb(checkers))
            } else {
                !occ
            };
            self.generate_drops(drop_target, out);
        }
    }

    /// Pushes, double pushes, captures and promotions of `pawns` landing in `target`
    /// (en passant apart).
    #[inline(always)]
    fn generate_pawn_moves(
        &self,
        pawns: Bitboard,
        target: Bitboard,
        tactical: bool,
        out: &mut MoveList,
    ) {
        if pawns == 0 {
            return;
        }
        let us = self.side;
        let dirs = pawn_dirs(us);
        let empty = !self.occupied();
        let opp = self.side_pieces(us.opposite());
        let single = shift(pawns, dirs.push) & empty;
        if tactical {
            push_pawn_moves(
                out,
                single & target & dirs.promotion_rank,
                dirs.push,
                dirs.promotion_rank,
            );
        } else {
            push_pawn_moves(out, single & target, dirs.push, dirs.promotion_rank);
            let double = shift(single & dirs.double_rank, dirs.push) & empty & target;
            for to in Cells(double) {
                out.push(encode((to as i32 - 2 * dirs.push) as u8, to, NORMAL, 0));
            }
        }
        // Captures towards the a-file and towards the h-file.
        let west = shift(pawns & !FILE_A, dirs.push - 1) & opp & target;
        push_pawn_moves(out, west, dirs.push - 1, dirs.promotion_rank);
        let east = shift(pawns & !FILE_H, dirs.push + 1) & opp & target;
        push_pawn_moves(out, east, dirs.push + 1, dirs.promotion_rank);
    }

    /// En passant captures. Legal mode tests each one by its result: it removes two
    /// pieces from one rank, which no pin mask describes.
    #[inline(always)]
    fn generate_en_passant<const LEGAL: bool>(&self, ksq: u8, out: &mut MoveList) {
        if self.ep == NO_EP {
            return;
        }
        let t = tables();
        let us = self.side;
        let them = us.opposite();
        let ep = self.ep;
        let captured = ep ^ 8;
        for from in Cells(t.pawn[them as usize][ep as usize] & self.pieces(us, PAWN)) {
            if LEGAL {
                let occ = (self.occupied() ^ bit(from) ^ bit(captured)) | bit(ep);
                let attackers =
                    self.attackers_to(ksq, occ) & self.side_pieces(them) & !bit(captured);
                if attackers != 0 {
                    continue;
                }
            }
            out.push(encode(from, ep, EN_PASSANT, 0));
        }
    }

    /// Castling moves of the side to move, who is not in check.
    fn generate_castling(&self, king: u8, out: &mut MoveList) {
        let t = tables();
        let us = self.side;
        let them = us.opposite();
        let occ = self.occupied();
        for rook in Cells(self.castling & back_rank(us)) {
            let (king_to, rook_to) = castle_destinations(king, rook);
            let movers = bit(king) | bit(rook);
            let must_be_empty =
                (t.between(king, king_to) | bit(king_to) | t.between(rook, rook_to) | bit(rook_to))
                    & !movers;
            if must_be_empty & occ != 0 {
                continue;
            }
            // The cells the king crosses must be safe as the board stands; its
            // destination as it will stand (the rook gone from its corner).
            if Cells(t.between(king, king_to)).any(|s| self.attacked_for_king(s, occ, them)) {
                continue;
            }
            let after = (occ ^ movers) | bit(king_to) | bit(rook_to);
            if self.attacked_for_king(king_to, after, them) {
                continue;
            }
            out.push(encode(king, rook, CASTLE, 0));
        }
    }
}
