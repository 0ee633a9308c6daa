//! Pentaplane FEN: levels E (top) to A (bottom) separated by `|`, each a 5x5 placement
//! with ranks 5 to 1; holdings `[...]` after the last level if and only if the phase
//! is not `play`; then side, `-`, `-`, halfmove, fullmove, and the optional phase
//! (`select`, `place`, `play`; default `play`).
//!
//! Draft FENs are checked for consistency: a phase that cannot occur with the given
//! holdings and X cells is an error.

use super::rules::{
    self, from_letter, hand_kind, letter, Kind, HANDS, HAND_SIZE, PIECES_PER_SELECTION, SIZE,
};
use super::tables::cell;
use super::{Pentaplane, Phase, Piece};
use crate::error::FenError;
use crate::fen::{parse_counter, parse_placement, split_holdings, write_placement};
use crate::position::Side;
use crate::variants::common::fen_fields;

pub fn parse(text: &str) -> Result<Pentaplane, FenError> {
    let fields = fen_fields(text)?;
    if fields.len() != 6 && fields.len() != 7 {
        return Err(FenError::FieldCount {
            found: fields.len(),
            expected: "6 or 7".into(),
        });
    }
    let mut pos = Pentaplane::empty();
    let (placement, holdings) = split_holdings(fields[0])?;
    let levels: Vec<&str> = placement.split('|').collect();
    if levels.len() != SIZE as usize {
        return Err(FenError::Placement(format!(
            "{} levels, expected 5",
            levels.len()
        )));
    }
    let mut king_count = [0usize; 2];
    for (i, level_text) in levels.iter().enumerate() {
        let z = SIZE - 1 - i as i8;
        for (x, y, piece) in parse_placement(level_text, SIZE as usize, SIZE as usize)? {
            let mut chars = piece.chars();
            let ch = chars
                .next()
                .ok_or(FenError::Placement("empty piece".into()))?;
            if chars.next().is_some() {
                return Err(FenError::BadPiece('~'));
            }
            let (kind, side) = from_letter(ch).ok_or(FenError::BadPiece(ch))?;
            let c = cell(x as i8, y as i8, z);
            if kind == Kind::Pawn && Pentaplane::on_promotion_row(side, c) {
                return Err(FenError::Illegal(format!(
                    "pawn on its promotion row ({})",
                    super::tables::tables().topo.name(c)
                )));
            }
            if kind == Kind::King {
                king_count[side.index()] += 1;
            }
            pos.put(c, Piece::new(kind, side));
        }
    }
    if king_count.iter().any(|&n| n > 1) {
        return Err(FenError::Illegal("more than one king of a side".into()));
    }
    if king_count == [0, 0] {
        return Err(FenError::Illegal("no king on the board".into()));
    }
    pos.side = Side::from_fen(fields[1])?;
    if fields[2] != "-" {
        return Err(FenError::BadCastling(fields[2].into()));
    }
    if fields[3] != "-" {
        return Err(FenError::BadEnPassant(fields[3].into()));
    }
    pos.halfmove = parse_counter(fields[4], 0)?;
    pos.fullmove = parse_counter(fields[5], 1)?;
    pos.phase = match fields.get(6).copied() {
        None | Some("play") => Phase::Play,
        Some("select") => Phase::Select,
        Some("place") => Phase::Place,
        Some(other) => return Err(FenError::BadTurnState(format!("unknown phase '{other}'"))),
    };
    match (pos.phase, holdings) {
        (Phase::Play, Some(_)) => {
            return Err(FenError::BadHoldings(
                "holdings are only written during the draft".into(),
            ))
        }
        (Phase::Play, None) => {}
        (_, None) => {
            return Err(FenError::BadHoldings(
                "a draft position needs holdings `[...]`".into(),
            ))
        }
        (_, Some(h)) => {
            for ch in h.chars() {
                let (kind, side) = from_letter(ch).ok_or(FenError::BadPiece(ch))?;
                let idx = rules::selectable_index(kind)
                    .ok_or_else(|| FenError::BadHoldings(format!("'{ch}' cannot be held")))?;
                pos.hands[side.index()][idx] += 1;
                if pos.hand_total(side) > HAND_SIZE {
                    return Err(FenError::BadHoldings(format!(
                        "more than {HAND_SIZE} pieces held by one side"
                    )));
                }
            }
        }
    }
    if pos.phase != Phase::Play {
        check_draft(&pos)?;
    }
    pos.key = pos.full_key();
    Ok(pos)
}

/// The multiset (hand-indexed counts) of selectable pieces `side` has on its X cells.
fn placed_on_x_cells(pos: &Pentaplane, side: Side) -> Result<[u8; HANDS], FenError> {
    let mut counts = [0u8; HANDS];
    for c in Pentaplane::x_cells(side) {
        if let Some(p) = pos.piece(c) {
            match rules::selectable_index(p.kind) {
                Some(i) if p.side == side => counts[i] += 1,
                _ => {
                    return Err(FenError::Illegal(
                        "a draft X cell holds a piece that was not drafted".into(),
                    ))
                }
            }
        }
    }
    Ok(counts)
}

/// Rejects draft states that cannot occur (Clarifications, "Draft FEN").
fn check_draft(pos: &Pentaplane) -> Result<(), FenError> {
    let bad = |why: &str| Err(FenError::BadTurnState(why.to_string()));
    if pos.king(Side::White).is_none() || pos.king(Side::Black).is_none() {
        return bad("both kings stand on the board during the draft");
    }
    let white_x = placed_on_x_cells(pos, Side::White)?;
    let black_x = placed_on_x_cells(pos, Side::Black)?;
    let (w_total, b_total) = (pos.hand_total(Side::White), pos.hand_total(Side::Black));
    if black_x.iter().any(|&n| n > 0) {
        return bad("B's X cells are filled only when the draft ends");
    }
    match (pos.phase, pos.side) {
        (Phase::Select, Side::White) => {
            if w_total != 0 || b_total != 0 || white_x.iter().any(|&n| n > 0) {
                return bad("A selects first, with empty holdings");
            }
        }
        (Phase::Select, Side::Black) => {
            if w_total != PIECES_PER_SELECTION
                || pos.hands[0] != pos.hands[1]
                || white_x.iter().any(|&n| n > 0)
            {
                return bad("B selects after A: both hold A's two pieces");
            }
        }
        (Phase::Place, Side::White) => {
            let mut all_white = pos.hands[0];
            for i in 0..HANDS {
                all_white[i] += white_x[i];
            }
            if w_total == 0 || b_total != HAND_SIZE || all_white != pos.hands[1] {
                return bad("A places with pieces in hand; held plus placed equal B's hand");
            }
        }
        (Phase::Place, Side::Black) => {
            if w_total != 0 || white_x != pos.hands[1] || b_total != HAND_SIZE {
                return bad("B places A's four pieces after A has placed them all");
            }
        }
        (Phase::Play, _) => {}
    }
    Ok(())
}

pub fn write(pos: &Pentaplane) -> String {
    let mut s = String::new();
    for z in (0..SIZE).rev() {
        s.push_str(&write_placement(SIZE as usize, SIZE as usize, |x, y| {
            pos.piece(cell(x as i8, y as i8, z))
                .map(|p| letter(p.kind, p.side).to_string())
        }));
        if z > 0 {
            s.push('|');
        }
    }
    if pos.phase != Phase::Play {
        s.push('[');
        for side in [Side::White, Side::Black] {
            // Hand order is the standard order: R F B M C S N O Z, then the designed
            // pieces in definition order.
            for (i, &n) in pos.hands[side.index()].iter().enumerate() {
                for _ in 0..n {
                    s.push(letter(hand_kind(i), side));
                }
            }
        }
        s.push(']');
    }
    s.push_str(&format!(
        " {} - - {} {}",
        pos.side.fen_char(),
        pos.halfmove,
        pos.fullmove
    ));
    if pos.phase != Phase::Play {
        s.push(' ');
        s.push_str(pos.phase.fen_word());
    }
    s
}
