//! Move text (UCI style): `e2e4`, `e7e8q`, drops `P@e4`, castling as the king's
//! two-cell move `e1g1` in standard setups and as king-takes-rook `e1h1` otherwise
//! (Chess960-style rights), where the two-cell text could be ambiguous. With the
//! Chess960 conventions on (`UCI_Chess960`), castling is always king-takes-rook,
//! standard setups included (`e1h1`), and only that text is accepted for it.

use super::bitboard::{cell_name, file_of};
use super::board::{Board, Rules, KIND_LETTERS};
use super::movegen::{castle_destinations, move_kind, move_piece, CASTLE, DROP, PROMOTION};
use crate::error::MoveError;
use crate::moves::{Move, MoveList};
use crate::position::GenKind;

/// Files of the king and rooks in the standard setup, where castling is written
/// as the king's own move.
const STANDARD_KING_FILE: u8 = 4;
const STANDARD_ROOK_FILES: [u8; 2] = [0, 7];

impl<R: Rules> Board<R> {
    pub fn text_of(&self, m: Move) -> String {
        if m == Move::END_TURN {
            return "0000".to_string();
        }
        let from = m.from() as u8;
        let to = m.to() as u8;
        match move_kind(m) {
            DROP => format!("{}@{}", KIND_LETTERS[move_piece(m) as usize], cell_name(to)),
            CASTLE => format!("{}{}", cell_name(from), cell_name(self.text_to(m))),
            PROMOTION => format!(
                "{}{}{}",
                cell_name(from),
                cell_name(to),
                KIND_LETTERS[move_piece(m) as usize].to_ascii_lowercase()
            ),
            _ => format!("{}{}", cell_name(from), cell_name(to)),
        }
    }

    /// The destination cell a move's text names: the king's cell after a castling
    /// written as the king's two-cell move, the rook's cell for king-takes-rook
    /// castling, else the move's own `to` (drops included).
    pub fn text_to(&self, m: Move) -> u8 {
        let from = m.from() as u8;
        let to = m.to() as u8;
        if move_kind(m) == CASTLE && !self.chess960 && is_standard_castle(from, to) {
            castle_destinations(from, to).0
        } else {
            to
        }
    }

    /// Parses a move by matching the legal moves' texts; castling is also accepted
    /// as king-takes-rook (`e1h1`) and drops with a lower-case letter.
    pub fn parse_text(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        if text.len() < 4 || text.len() > 5 || !text.is_ascii() {
            return Err(MoveError::Malformed(text.to_string()));
        }
        let mut list = MoveList::new();
        self.generate_kind(GenKind::All, &mut list);
        if list.is_empty() && self.game_over() {
            return Err(MoveError::GameOver);
        }
        let drop_alias = text.as_bytes()[1] == b'@';
        list.into_iter()
            .find(|&m| {
                self.text_of(m) == text
                    || (move_kind(m) == CASTLE
                        && format!("{}{}", cell_name(m.from() as u8), cell_name(m.to() as u8))
                            == text)
                    || (drop_alias
                        && move_kind(m) == DROP
                        && self.text_of(m).eq_ignore_ascii_case(text))
            })
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}

fn is_standard_castle(king: u8, rook: u8) -> bool {
    file_of(king) == STANDARD_KING_FILE && STANDARD_ROOK_FILES.contains(&file_of(rook))
}
