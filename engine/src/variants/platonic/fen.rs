//! Platonic FEN: `placement side castling ep halfmove fullmove` (the two counters may
//! be omitted: `0 1`). Castling is Shredder style by the Icosahedron's file (`A J a j`
//! in this order, or `-`). Validity (rules, Clarifications): exactly two Tetrahedrons
//! per side, every castling right backed by its two pieces at home, a coherent en
//! passant square, and the side not to move not in check.

use super::movegen::royal_attacked;
use super::pieces::{Kind, HEIGHT, WIDTH};
use super::tables::tables;
use super::{Piece, Platonic};
use crate::error::FenError;
use crate::fen::{parse_counter, parse_placement, write_placement};
use crate::position::Side;
use crate::topology::Cell;
use crate::variants::common::{fen_fields, parse_square};

/// The number of Tetrahedrons each side must have.
pub const TETRAHEDRONS_PER_SIDE: usize = 2;

pub fn parse(text: &str) -> Result<Platonic, FenError> {
    let fields = fen_fields(text)?;
    if fields.len() != 4 && fields.len() != 6 {
        return Err(FenError::FieldCount {
            found: fields.len(),
            expected: "4 or 6".into(),
        });
    }
    reject_leading_zeros(fields[0])?;
    let mut pos = Platonic::empty();
    for (file, rank, piece_text) in parse_placement(fields[0], WIDTH, HEIGHT)? {
        let mut chars = piece_text.chars();
        let letter = chars
            .next()
            .ok_or_else(|| FenError::Placement("empty piece".into()))?;
        if let Some(extra) = chars.next() {
            return Err(FenError::BadPiece(extra));
        }
        let (side, kind) = Kind::from_letter(letter).ok_or(FenError::BadPiece(letter))?;
        pos.put((rank * WIDTH + file) as Cell, Piece { side, kind });
    }
    for side in [Side::White, Side::Black] {
        let n = pos.pieces(side, Kind::Tetrahedron).len();
        if n != TETRAHEDRONS_PER_SIDE {
            return Err(FenError::Illegal(format!(
                "{} has {n} Tetrahedrons, expected exactly {TETRAHEDRONS_PER_SIDE}",
                side_name(side)
            )));
        }
    }
    pos.stm = Side::from_fen(fields[1])?;
    if pos.stm == Side::Black {
        pos.key ^= super::zobrist().side();
    }
    let rights = parse_castling(&pos, fields[2])?;
    pos.set_castling(rights);
    let ep = parse_ep(&pos, fields[3])?;
    pos.set_ep(ep);
    if fields.len() == 6 {
        pos.halfmove = parse_counter(fields[4], 0)?;
        pos.fullmove = parse_counter(fields[5], 1)?;
    }
    if royal_attacked(&pos, pos.stm.opposite()) {
        return Err(FenError::Illegal(format!(
            "{} is not to move but is in check",
            side_name(pos.stm.opposite())
        )));
    }
    Ok(pos)
}

/// An empty run is one decimal number 1..10 (Clarifications): `010` is not ten.
fn reject_leading_zeros(placement: &str) -> Result<(), FenError> {
    let mut previous_digit = false;
    for ch in placement.chars() {
        if ch == '0' && !previous_digit {
            return Err(FenError::Placement(format!(
                "empty run with a leading zero in '{placement}'"
            )));
        }
        previous_digit = ch.is_ascii_digit();
    }
    Ok(())
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

fn parse_castling(pos: &Platonic, field: &str) -> Result<u8, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let t = tables();
    let mut rights = 0u8;
    let mut last_index: Option<usize> = None;
    for ch in field.chars() {
        let Some(i) = t.castlings.iter().position(|c| c.letter == ch) else {
            return Err(FenError::BadCastling(format!(
                "'{field}': '{ch}' is not one of A J a j"
            )));
        };
        if last_index.is_some_and(|l| i <= l) {
            return Err(FenError::BadCastling(format!(
                "'{field}': rights must be written once each, in the order A J a j"
            )));
        }
        last_index = Some(i);
        let c = &t.castlings[i];
        if !pos.pieces(c.side, Kind::Tetrahedron).contains(c.tetra_from)
            || !pos.pieces(c.side, Kind::Icosahedron).contains(c.icosa_from)
        {
            return Err(FenError::BadCastling(format!(
                "'{field}': right '{ch}' needs the Tetrahedron on {} and the Icosahedron on {}",
                t.topo.name(c.tetra_from),
                t.topo.name(c.icosa_from)
            )));
        }
        rights |= 1 << i;
    }
    Ok(rights)
}

fn parse_ep(pos: &Platonic, field: &str) -> Result<Option<Cell>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let t = tables();
    let (file, rank) = parse_square(field, WIDTH, HEIGHT)
        .ok_or_else(|| FenError::BadEnPassant(format!("'{field}' is not a square")))?;
    let cell = (rank * WIDTH + file) as Cell;
    // The side that just double-stepped is the one not to move.
    let mover = pos.stm.opposite();
    if Platonic::own_rank(mover, cell) != super::pieces::PAWN_DOUBLE_STEP_RANK + 1 {
        return Err(FenError::BadEnPassant(format!(
            "'{field}' is not on the rank a {} pawn passes over",
            side_name(mover)
        )));
    }
    let beyond = t.forward[mover.index()][cell as usize];
    let origin = t.forward[pos.stm.index()][cell as usize];
    let pawn_beyond = beyond.is_some_and(|b| pos.pieces(mover, Kind::Pawn).contains(b));
    let clear = pos.piece_at(cell).is_none() && origin.is_some_and(|o| pos.piece_at(o).is_none());
    if !pawn_beyond || !clear {
        return Err(FenError::BadEnPassant(format!(
            "'{field}': no {} pawn has just double-stepped over it",
            side_name(mover)
        )));
    }
    Ok(Some(cell))
}

pub fn castling_text(rights: u8) -> String {
    let s: String = tables()
        .castlings
        .iter()
        .enumerate()
        .filter(|(i, _)| rights & (1 << i) != 0)
        .map(|(_, c)| c.letter)
        .collect();
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

pub fn write(pos: &Platonic) -> String {
    let placement = write_placement(WIDTH, HEIGHT, |f, r| {
        pos.piece_at((r * WIDTH + f) as Cell)
            .map(|p| p.fen_char().to_string())
    });
    let ep = pos
        .ep
        .map(|c| tables().topo.name(c).to_string())
        .unwrap_or_else(|| "-".into());
    format!(
        "{placement} {} {} {ep} {} {}",
        pos.stm.fen_char(),
        castling_text(pos.castling),
        pos.halfmove,
        pos.fullmove
    )
}
