//! FEN reading and writing for the chess family: the six standard fields (the two
//! counters optional on input), castling as `KQkq` or Shredder/X-FEN file letters
//! (`HAha`; written as X-FEN, or always as Shredder-FEN letters under the Chess960
//! conventions), crazyhouse holdings in `[...]` (or, on input only, as an old-style
//! 9th `/` part), and `~` after a promoted piece. Every malformed or impossible
//! FEN is a typed [`FenError`].

use super::bitboard::{
    bit, cell_by_name, cell_name, file_of, rank_of, square, tables, Bitboard, Cells, HAND_MAX,
    RANK_1, RANK_8,
};
use super::board::{piece_code, Board, Rules, HAND_KINDS, KIND_LETTERS, KING, NO_EP, PAWN, ROOK};
use super::crazyhouse::{parse_holdings, write_holdings};
use super::movegen::back_rank;
use super::{atomic, board::kind_of};
use crate::error::FenError;
use crate::fen::{parse_counter, parse_placement, split_holdings, write_placement};
use crate::position::Side;
use crate::variants::common::fen_fields;

/// Fields a FEN may have: placement, side, castling, en passant, then the
/// optional halfmove and fullmove counters.
const MIN_FIELDS: usize = 4;
const MAX_FIELDS: usize = 6;

impl<R: Rules> Board<R> {
    /// Parses a FEN; every failure is a typed error.
    pub fn parse_fen(fen: &str) -> Result<Self, FenError> {
        let fields = fen_fields(fen)?;
        if fields.len() < MIN_FIELDS || fields.len() > MAX_FIELDS {
            return Err(FenError::FieldCount {
                found: fields.len(),
                expected: format!("{MIN_FIELDS} to {MAX_FIELDS}"),
            });
        }
        let mut b = Board::<R>::empty();
        let (placement, holdings) = split_placement::<R>(fields[0])?;
        if placement.contains('0') {
            // No empty run on an 8-wide board is written with a zero (`08`, `0`).
            return Err(FenError::Placement(format!(
                "'{placement}' has a 0 in an empty run"
            )));
        }
        for (file, rank, text) in parse_placement(placement, 8, 8)? {
            let mut chars = text.chars();
            let letter = chars.next().unwrap_or(' ');
            let kind = KIND_LETTERS
                .iter()
                .position(|&l| l == letter.to_ascii_uppercase())
                .ok_or(FenError::BadPiece(letter))? as u8;
            let side = if letter.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            let sq = square(file as u8, rank as u8);
            match chars.as_str() {
                "" => {}
                "~" if R::DROPS && kind != PAWN && kind != KING => b.promoted |= bit(sq),
                marks => {
                    return Err(FenError::Placement(format!(
                        "'{letter}{marks}': bad promoted mark"
                    )))
                }
            }
            b.put(piece_code(side, kind), sq);
        }
        if let Some(text) = holdings {
            b.hands = parse_holdings(text)?;
        }
        b.side = Side::from_fen(fields[1])?;
        b.castling = parse_castling(&b, fields[2])?;
        b.ep = parse_en_passant(&b, fields[3])?;
        if let Some(s) = fields.get(4) {
            b.halfmove = parse_counter(s, 0)?;
        }
        if let Some(s) = fields.get(5) {
            b.fullmove = parse_counter(s, 1)?;
        }
        validate(&b)?;
        b.key = b.compute_key();
        Ok(b)
    }

    /// The position as a FEN (`parse_fen` gives back an equal position).
    pub fn to_fen(&self) -> String {
        let mut s = write_placement(8, 8, |file, rank| {
            let sq = square(file as u8, rank as u8);
            let code = self.piece_on(sq);
            if code == super::board::NO_PIECE {
                return None;
            }
            let letter = KIND_LETTERS[kind_of(code) as usize];
            let mut t = String::new();
            t.push(if code < 6 {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
            if self.promoted & bit(sq) != 0 {
                t.push('~');
            }
            Some(t)
        });
        if R::DROPS {
            s.push('[');
            s.push_str(&write_holdings(&self.hands));
            s.push(']');
        }
        let ep = if self.ep == NO_EP {
            "-".to_string()
        } else {
            cell_name(self.ep).to_string()
        };
        format!(
            "{s} {} {} {ep} {} {}",
            self.side.fen_char(),
            write_castling(self),
            self.halfmove,
            self.fullmove
        )
    }
}

/// Splits the first field into placement and holdings. Crazyhouse also accepts
/// the old notation with the hand as a 9th `/`-separated part (`.../4K3/Qn`).
fn split_placement<R: Rules>(field: &str) -> Result<(&str, Option<&str>), FenError> {
    let (placement, holdings) = split_holdings(field)?;
    if holdings.is_some() && !R::DROPS {
        return Err(FenError::BadHoldings(format!("{} has no hands", R::NAME)));
    }
    if R::DROPS && holdings.is_none() && placement.split('/').count() == 9 {
        let cut = placement.rfind('/').unwrap_or(0);
        return Ok((&placement[..cut], Some(&placement[cut + 1..])));
    }
    Ok((placement, holdings))
}

/// The rook a castling letter names: `K`/`Q` the outermost rook on that side of
/// the king (X-FEN), a file letter the rook on that file (Shredder-FEN).
fn parse_castling<R: Rules>(b: &Board<R>, field: &str) -> Result<Bitboard, FenError> {
    let bad = |why: &str| FenError::BadCastling(format!("{field}: {why}"));
    if field == "-" {
        return Ok(0);
    }
    let mut rights: Bitboard = 0;
    for ch in field.chars() {
        let side = if ch.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let rank = if side == Side::White { 0 } else { 7 };
        let king = b
            .king_sq(side)
            .filter(|&k| rank_of(k) == rank)
            .ok_or_else(|| bad(&format!("'{ch}' without a king on its back rank")))?;
        let rooks = b.pieces(side, ROOK) & back_rank(side);
        let rook = match ch.to_ascii_lowercase() {
            'k' => {
                let right_side = rooks & !(bit(king) << 1).wrapping_sub(1);
                (right_side != 0).then(|| 63 - right_side.leading_zeros() as u8)
            }
            'q' => {
                let left_side = rooks & (bit(king) - 1);
                (left_side != 0).then(|| left_side.trailing_zeros() as u8)
            }
            f @ 'a'..='h' => {
                let sq = square(f as u8 - b'a', rank);
                (rooks & bit(sq) != 0 && sq != king).then_some(sq)
            }
            _ => return Err(bad(&format!("'{ch}' is not a castling letter"))),
        }
        .ok_or_else(|| bad(&format!("'{ch}' has no rook to castle with")))?;
        if rights & bit(rook) != 0 {
            return Err(bad(&format!("'{ch}' given twice")));
        }
        rights |= bit(rook);
    }
    for side in [Side::White, Side::Black] {
        let king = b.king_sq(side);
        let mine = rights & back_rank(side);
        // At most one right on each side of the king.
        if let Some(k) = king {
            if (mine & (bit(k) - 1)).count_ones() > 1
                || (mine & !(bit(k) << 1).wrapping_sub(1)).count_ones() > 1
            {
                return Err(bad("two rights on one side of a king"));
            }
        }
    }
    Ok(rights)
}

fn write_castling<R: Rules>(b: &Board<R>) -> String {
    let mut s = String::new();
    for side in [Side::White, Side::Black] {
        let Some(king) = b.king_sq(side) else {
            continue;
        };
        let rooks = b.pieces(side, ROOK) & back_rank(side);
        let mine = b.castling & back_rank(side);
        let mut letters = Vec::new();
        // King side first, then queen side, as in `KQkq`.
        for rook in Cells(mine).collect::<Vec<_>>().into_iter().rev() {
            let outermost = if rook > king {
                rooks & !(bit(rook) << 1).wrapping_sub(1) == 0
            } else {
                rooks & (bit(rook) - 1) == 0
            };
            let letter = match (outermost && !b.chess960, rook > king) {
                (true, true) => 'K',
                (true, false) => 'Q',
                (false, _) => (b'A' + file_of(rook)) as char,
            };
            letters.push(if side == Side::White {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
        s.extend(letters);
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// The en passant field: a cell on the 6th (White to move) or 3rd rank, empty,
/// with the pawn that just passed it in front of it and its start cell empty.
/// Kept only when a pawn of the side to move can take there.
fn parse_en_passant<R: Rules>(b: &Board<R>, field: &str) -> Result<u8, FenError> {
    if field == "-" {
        return Ok(NO_EP);
    }
    let bad = || FenError::BadEnPassant(field.to_string());
    let sq = cell_by_name(field).ok_or_else(bad)?;
    let us = b.side;
    let them = us.opposite();
    let rank = if us == Side::White { 5 } else { 2 };
    if rank_of(sq) != rank {
        return Err(bad());
    }
    let (pawn_sq, start_sq) = if us == Side::White {
        (sq - 8, sq + 8)
    } else {
        (sq + 8, sq - 8)
    };
    if b.occupied() & (bit(sq) | bit(start_sq)) != 0 || b.pieces(them, PAWN) & bit(pawn_sq) == 0 {
        return Err(bad());
    }
    if tables().pawn[them as usize][sq as usize] & b.pieces(us, PAWN) == 0 {
        return Ok(NO_EP);
    }
    Ok(sq)
}

/// Positions no game can reach, or that break the rules' assumptions.
fn validate<R: Rules>(b: &Board<R>) -> Result<(), FenError> {
    let illegal = |why: String| Err(FenError::Illegal(why));
    for side in [Side::White, Side::Black] {
        let kings = b.pieces(side, KING).count_ones();
        let allowed_missing =
            R::EXPLOSIONS && side == b.side && b.king_sq(b.side.opposite()).is_some();
        if kings > 1 || (kings == 0 && !allowed_missing) {
            return illegal(format!("{side:?} has {kings} kings"));
        }
    }
    if b.by_kind[PAWN as usize] & (RANK_1 | RANK_8) != 0 {
        return illegal("a pawn on rank 1 or 8".into());
    }
    let them = b.side.opposite();
    let opponent_in_check = if R::EXPLOSIONS {
        atomic::king_attacked(b, them)
    } else {
        let k = b.king_sq(them).unwrap_or(0);
        b.attackers_to(k, b.occupied()) & b.side_pieces(b.side) != 0
    };
    if opponent_in_check {
        return illegal(format!("{them:?}, not to move, is in check"));
    }
    if R::DROPS {
        // Material is conserved in crazyhouse: at most HAND_MAX of a kind
        // (promoted pieces counting as pawns) on the board and in hands together.
        for kind in 0..HAND_KINDS as u8 {
            let on_board = if kind == PAWN {
                (b.by_kind[PAWN as usize] | b.promoted).count_ones()
            } else {
                (b.by_kind[kind as usize] & !b.promoted).count_ones()
            };
            let total = on_board as usize
                + (b.hands[0][kind as usize] + b.hands[1][kind as usize]) as usize;
            if total > HAND_MAX {
                return Err(FenError::BadHoldings(format!(
                    "{total} pieces of kind '{}'",
                    KIND_LETTERS[kind as usize]
                )));
            }
        }
    }
    Ok(())
}
