//! The position text of §10 (DECISION D21):
//!
//! `<placement> <side> <unmoved> <ep> <halfmove> <fullmove>`
//!
//! * placement: comma-separated `<Letter><cell>` (upper case North, lower case South)
//!   in canonical cell order on output, any order and any spelling on input; `-` for
//!   an empty board;
//! * side: `w` (North) or `b` (South);
//! * unmoved: comma-separated cells of Pawns that have never moved, or `-`;
//! * ep: always `-`; then the halfmove and fullmove counters.

use super::tables::*;
use super::{kind_of, side_of, Geodesic};
use crate::position::{Position, Side};
use crate::topology::Cell;
use crate::FenError;

fn piece_code(ch: char) -> Option<u8> {
    let kind = PIECE_LETTERS
        .iter()
        .position(|&p| p == ch.to_ascii_uppercase())? as u8;
    if kind == 0 {
        return None;
    }
    Some(kind + if ch.is_ascii_lowercase() { 8 } else { 0 })
}

pub fn parse(text: &str) -> Result<Geodesic, FenError> {
    let tb = tables();
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    if fields.len() != 6 {
        return Err(FenError::FieldCount {
            found: fields.len(),
            expected: "6".into(),
        });
    }
    let mut pos = Geodesic::empty();
    if fields[0] != "-" {
        for entry in fields[0].split(',') {
            let mut chars = entry.chars();
            let letter = chars
                .next()
                .ok_or_else(|| FenError::Placement("empty entry".into()))?;
            let code = piece_code(letter).ok_or(FenError::BadPiece(letter))?;
            let cell = tb.parse_cell(chars.as_str()).ok_or_else(|| {
                FenError::Placement(format!("unknown cell '{}' in '{entry}'", chars.as_str()))
            })?;
            if pos.board[cell as usize] != 0 {
                return Err(FenError::Placement(format!(
                    "cell {} given twice",
                    tb.name(cell)
                )));
            }
            pos.put(cell, code);
        }
    }
    pos.side = Side::from_fen(fields[1])?;
    if fields[2] != "-" {
        for name in fields[2].split(',') {
            let cell = tb
                .parse_cell(name)
                .ok_or_else(|| FenError::BadTurnState(format!("unknown unmoved cell '{name}'")))?;
            if kind_of(pos.board[cell as usize]) != PAWN {
                return Err(FenError::BadTurnState(format!(
                    "unmoved cell {} holds no Pawn",
                    tb.name(cell)
                )));
            }
            if pos.unmoved.contains(cell) {
                return Err(FenError::BadTurnState(format!(
                    "unmoved cell {} given twice",
                    tb.name(cell)
                )));
            }
            pos.unmoved.insert(cell);
        }
    }
    if fields[3] != "-" {
        return Err(FenError::BadEnPassant(fields[3].to_string()));
    }
    pos.halfmove = fields[4]
        .parse()
        .map_err(|_| FenError::BadCounter(fields[4].to_string()))?;
    pos.fullmove = fields[5]
        .parse()
        .map_err(|_| FenError::BadCounter(fields[5].to_string()))?;
    if pos.fullmove == 0 {
        return Err(FenError::BadCounter(fields[5].to_string()));
    }
    // Validity (§11).
    for side in 0..2 {
        let kings = pos.by_side[side]
            .iter()
            .filter(|&c| kind_of(pos.board[c as usize]) == KING)
            .count();
        if kings != 1 {
            return Err(FenError::Illegal(format!(
                "{} has {kings} Kings, expected 1",
                side_name(side)
            )));
        }
    }
    for c in pos.occupied().iter() {
        let code = pos.board[c as usize];
        let side = side_of(code);
        match kind_of(code) {
            OBELISK if !tb.home[side].contains(c) => {
                return Err(FenError::Illegal(format!(
                    "Obelisk on {} outside its Home Territory",
                    tb.name(c)
                )))
            }
            PAWN | SQUIRE if tb.home[0].contains(c) || tb.home[1].contains(c) => {
                return Err(FenError::Illegal(format!(
                    "Pawn or Squire on {} inside a Home Territory",
                    tb.name(c)
                )))
            }
            _ => {}
        }
    }
    let them = 1 - pos.side.index();
    if pos.attacked(pos.kings[them], pos.side.index()) {
        return Err(FenError::Illegal(format!(
            "{} is in check but not to move",
            side_name(them)
        )));
    }
    pos.key = pos.compute_key();
    Ok(pos)
}

fn side_name(side: usize) -> &'static str {
    ["North", "South"][side]
}

pub fn write(pos: &Geodesic) -> String {
    let tb = tables();
    let mut entries = Vec::new();
    for c in 0..tb.num_cells() as Cell {
        let code = pos.board[c as usize];
        if code != 0 {
            let letter = PIECE_LETTERS[kind_of(code) as usize];
            let letter = if side_of(code) == 1 {
                letter.to_ascii_lowercase()
            } else {
                letter
            };
            entries.push(format!("{letter}{}", tb.name(c)));
        }
    }
    let placement = if entries.is_empty() {
        "-".to_string()
    } else {
        entries.join(",")
    };
    let unmoved: Vec<&str> = pos.unmoved.iter().map(|c| tb.name(c)).collect();
    let unmoved = if unmoved.is_empty() {
        "-".to_string()
    } else {
        unmoved.join(",")
    };
    format!(
        "{placement} {} {unmoved} - {} {}",
        pos.side_to_move().fen_char(),
        pos.halfmove,
        pos.fullmove
    )
}

/// The start position: the §5 setup, every Pawn unmoved, North to move.
pub fn start_fen() -> String {
    let tb = tables();
    let mut pos = Geodesic::empty();
    for &(c, code) in &tb.setup {
        pos.put(c, code);
        if kind_of(code) == PAWN {
            pos.unmoved.insert(c);
        }
    }
    write(&pos)
}
