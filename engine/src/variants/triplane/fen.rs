//! FEN reading and writing, and the text display.
//!
//! `A|B[holdB]|C[holdC] side castlingA ep half full step`; see the rules file's
//! "FEN details". Every malformed or illegal FEN is a typed [`FenError`].

use super::movegen::attacked_by;
use super::rules::{
    relative_rank, Kind, Piece, BOARD_A, BOARD_A_KINDS, BOARD_BC_KINDS, BOARD_LETTERS,
    CASTLING_RULES, HOLD_KINDS, MAX_HOLD_COUNT,
};
use super::tables::{cell_of, tables};
use super::{Step, TriPlane};
use crate::error::FenError;
use crate::fen::{parse_counter, parse_placement, split_holdings, write_placement};
use crate::position::Side;
use crate::variants::common::{fen_fields, parse_square};

pub fn parse(fen: &str) -> Result<TriPlane, FenError> {
    let f = fen_fields(fen)?;
    if f.len() != 7 {
        return Err(FenError::FieldCount {
            found: f.len(),
            expected: "7".to_string(),
        });
    }
    let mut pos = TriPlane::empty();
    let parts: Vec<&str> = f[0].split('|').collect();
    if parts.len() != 3 {
        return Err(FenError::Placement(format!(
            "expected 3 boards separated by '|', found {}",
            parts.len()
        )));
    }
    let mut kings: [[Option<u16>; 2]; 2] = [[None; 2]; 2];
    for (b, part) in parts.iter().enumerate() {
        let (placement, holds) = split_holdings(part)?;
        for (file, rank, text) in parse_placement(placement, 8, 8)? {
            let mut chars = text.chars();
            let ch = chars.next().unwrap_or('?');
            if chars.next().is_some() {
                return Err(FenError::BadPiece('~'));
            }
            let kind = Kind::from_letter(ch).ok_or(FenError::BadPiece(ch))?;
            let side = if ch.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            let allowed: &[Kind] = if b == BOARD_A {
                &BOARD_A_KINDS
            } else {
                &BOARD_BC_KINDS
            };
            if !allowed.contains(&kind) {
                return Err(FenError::Illegal(format!(
                    "'{ch}' cannot stand on board {}",
                    BOARD_LETTERS[b]
                )));
            }
            let (file, rank) = (file as u8, rank as u8);
            let cell = cell_of(b, file, rank);
            if kind == Kind::Pawn {
                if b == BOARD_A && (rank == 0 || rank == 7) {
                    return Err(FenError::Illegal(format!(
                        "pawn on rank {} of board A",
                        rank + 1
                    )));
                }
                if b != BOARD_A && relative_rank(side, rank) == 7 {
                    return Err(FenError::Illegal(format!(
                        "pawn on its last rank on board {}",
                        BOARD_LETTERS[b]
                    )));
                }
            }
            if kind == Kind::King {
                let slot = &mut kings[b - 1][side.index()];
                if slot.is_some() {
                    return Err(FenError::Illegal(format!(
                        "two kings of one colour on board {}",
                        BOARD_LETTERS[b]
                    )));
                }
                *slot = Some(cell);
            }
            pos.put(cell, Piece::new(kind, side));
        }
        match (b, holds) {
            (BOARD_A, Some(h)) if !h.is_empty() => {
                return Err(FenError::BadHoldings("board A has no hold".to_string()));
            }
            (BOARD_A, _) | (_, None) => {}
            (_, Some(h)) => {
                for ch in h.chars() {
                    let kind = Kind::from_letter(ch).filter(|k| HOLD_KINDS.contains(k));
                    let Some(kind) = kind else {
                        return Err(FenError::BadHoldings(format!("'{ch}' cannot be in a hold")));
                    };
                    let side = if ch.is_ascii_uppercase() {
                        Side::White
                    } else {
                        Side::Black
                    };
                    if pos.hold[b - 1][side.index()][kind.index()] >= MAX_HOLD_COUNT {
                        return Err(FenError::BadHoldings(format!(
                            "more than {MAX_HOLD_COUNT} '{ch}' in a hold"
                        )));
                    }
                    pos.add_to_hold(b, side, kind);
                }
            }
        }
    }
    for h in 0..2 {
        for side in [Side::White, Side::Black] {
            match kings[h][side.index()] {
                Some(c) => pos.kings[h][side.index()] = c,
                None => {
                    return Err(FenError::Illegal(format!(
                        "missing {side:?} king on board {}",
                        BOARD_LETTERS[h + 1]
                    )));
                }
            }
        }
    }
    pos.side = Side::from_fen(f[1])?;
    pos.castling = parse_castling(&pos, f[2])?;
    pos.ep = parse_ep(&pos, f[3])?;
    pos.halfmove = parse_counter(f[4], 0)?;
    pos.fullmove = parse_counter(f[5], 1)?;
    pos.step = match f[6] {
        "a" => Step::A,
        "b" => Step::B,
        "c" => Step::C,
        s => {
            return Err(FenError::BadTurnState(format!(
                "step '{s}' (expected a, b or c)"
            )))
        }
    };
    // The opponent may not stand in check on a board the mover still plays on
    // this turn: the mover could take the king.
    let them = pos.side.opposite();
    for b in [1, 2] {
        if pos.step.board() <= b
            && attacked_by(
                tables(),
                pos.king(b, them),
                pos.side,
                pos.kinds_on(b, pos.side),
                |c| pos.cells[c as usize],
            )
        {
            return Err(FenError::Illegal(format!(
                "the side not to move is in check on board {} before the mover's step there",
                BOARD_LETTERS[b]
            )));
        }
    }
    Ok(pos)
}

fn parse_castling(pos: &TriPlane, s: &str) -> Result<u8, FenError> {
    if s == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for ch in s.chars() {
        let rule = CASTLING_RULES
            .iter()
            .find(|r| r.letter == ch)
            .ok_or_else(|| FenError::BadCastling(s.to_string()))?;
        if rights & rule.bit != 0 {
            return Err(FenError::BadCastling(s.to_string()));
        }
        let s_cell = cell_of(BOARD_A, rule.s_from.0, rule.s_from.1);
        let r_cell = cell_of(BOARD_A, rule.rook_from.0, rule.rook_from.1);
        if pos.cells[s_cell as usize] != Some(Piece::new(Kind::SplitPhase, rule.side))
            || pos.cells[r_cell as usize] != Some(Piece::new(Kind::Rook, rule.side))
        {
            return Err(FenError::BadCastling(format!(
                "{s}: right '{ch}' without Split-Phase and rook at home"
            )));
        }
        rights |= rule.bit;
    }
    Ok(rights)
}

fn parse_ep(pos: &TriPlane, s: &str) -> Result<[Option<u16>; 3], FenError> {
    let mut ep = [None; 3];
    if s == "-" {
        return Ok(ep);
    }
    for entry in s.split(',') {
        let bad = || FenError::BadEnPassant(s.to_string());
        let mut chars = entry.chars();
        let b = chars
            .next()
            .and_then(|c| BOARD_LETTERS.iter().position(|&l| l == c))
            .ok_or_else(bad)?;
        let (file, rank) = parse_square(chars.as_str(), 8, 8).ok_or_else(bad)?;
        let (file, rank) = (file as u8, rank as u8);
        if ep[b].is_some() {
            return Err(bad());
        }
        // A target on rank 3 is behind a white pawn on rank 4; rank 6, a black one on 5.
        let (pawn_rank, owner) = match rank {
            2 => (3, Side::White),
            5 => (4, Side::Black),
            _ => return Err(bad()),
        };
        let target = cell_of(b, file, rank);
        if pos.cells[target as usize].is_some()
            || pos.cells[cell_of(b, file, pawn_rank) as usize]
                != Some(Piece::new(Kind::Pawn, owner))
        {
            return Err(FenError::BadEnPassant(format!(
                "{entry}: no pawn that just double-stepped"
            )));
        }
        ep[b] = Some(target);
    }
    Ok(ep)
}

fn hold_text(pos: &TriPlane, b: usize) -> String {
    let mut s = String::new();
    for side in [Side::White, Side::Black] {
        for k in HOLD_KINDS {
            for _ in 0..pos.hold_count(b, side, k) {
                s.push(Piece::new(k, side).fen_char());
            }
        }
    }
    s
}

fn placement(pos: &TriPlane, b: usize) -> String {
    write_placement(8, 8, |file, rank| {
        pos.cells[cell_of(b, file as u8, rank as u8) as usize].map(|p| p.fen_char().to_string())
    })
}

pub fn write(pos: &TriPlane) -> String {
    let castling: String = CASTLING_RULES
        .iter()
        .filter(|r| pos.castling & r.bit != 0)
        .map(|r| r.letter)
        .collect();
    let ep: Vec<String> = pos
        .ep
        .iter()
        .flatten()
        .map(|&c| tables().topo.name(c).to_string())
        .collect();
    format!(
        "{}|{}[{}]|{}[{}] {} {} {} {} {} {}",
        placement(pos, 0),
        placement(pos, 1),
        hold_text(pos, 1),
        placement(pos, 2),
        hold_text(pos, 2),
        pos.side.fen_char(),
        if castling.is_empty() {
            "-".to_string()
        } else {
            castling
        },
        if ep.is_empty() {
            "-".to_string()
        } else {
            ep.join(",")
        },
        pos.halfmove,
        pos.fullmove,
        pos.step.fen_char()
    )
}

/// The three boards side by side, holds underneath B and C.
pub fn display(pos: &TriPlane) -> String {
    let mut s = String::from("     A                  B                  C\n");
    for rank in (0..8u8).rev() {
        for b in 0..3 {
            s.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let c = pos.cells[cell_of(b, file, rank) as usize];
                s.push(c.map(|p| p.fen_char()).unwrap_or('.'));
                s.push(' ');
            }
            s.push(' ');
        }
        s.push('\n');
    }
    s.push_str("  a b c d e f g h    a b c d e f g h    a b c d e f g h\n");
    s.push_str(&format!(
        "Hold B: [{}]  Hold C: [{}]\n",
        hold_text(pos, 1),
        hold_text(pos, 2)
    ));
    s.push_str(&format!(
        "{} to play, step {}{}\n",
        if pos.side == Side::White {
            "White"
        } else {
            "Black"
        },
        pos.step.fen_char(),
        if pos.step == Step::A && !pos.has_board_a_move() {
            " (no move on A: skipped)"
        } else {
            ""
        }
    ));
    s
}
