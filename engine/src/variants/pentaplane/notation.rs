//! Move tokens and the `d` drawing.
//!
//! Tokens: `Ab2Bb2` (move), `Dc4Ec5q` (promotion; `q` optional on input), `Aa1*Ea1`
//! (missile: firer `*` cell hit), `=RO` (selection, letters in draft order; either
//! order on input), `R@Aa1` (A's drop), `=same` / `=mirror` (B's placement; four
//! comma-joined lower-case drops equal to one of them are accepted by `parse_move` as
//! that one sub-move; `same` is preferred when both layouts give the same position).
//! `Game::play_token` tries a comma-joined token as one sub-move before splitting it,
//! so the explicit form also works in `position ... moves`.

use super::rules::{hand_kind, letter, Layout, SIZE};
use super::tables::{cell, tables};
use super::{Action, Pentaplane, Phase};
use crate::error::MoveError;
use crate::moves::{Move, MoveList};
use crate::position::{GenKind, Position, Side};
use crate::topology::Cell;

fn name(c: Cell) -> &'static str {
    tables().topo.name(c)
}

pub fn move_text(_pos: &Pentaplane, m: Move) -> String {
    match Action::decode(m) {
        Some(Action::Step { from, to, promote }) => {
            format!(
                "{}{}{}",
                name(from),
                name(to),
                if promote { "q" } else { "" }
            )
        }
        Some(Action::Fire { from, to }) => format!("{}*{}", name(from), name(to)),
        Some(Action::Drop { hand, to }) => {
            format!("{}@{}", letter(hand_kind(hand), Side::White), name(to))
        }
        Some(Action::Select { a, b }) => {
            format!(
                "={}{}",
                letter(hand_kind(a), Side::White),
                letter(hand_kind(b), Side::White)
            )
        }
        Some(Action::Layout(l)) => l.token().to_string(),
        None => "????".to_string(),
    }
}

/// The legal move whose canonical text is `text`.
fn find(pos: &Pentaplane, list: &MoveList, text: &str) -> Option<Move> {
    list.iter().copied().find(|&m| move_text(pos, m) == text)
}

pub fn parse_move(pos: &Pentaplane, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.is_empty() || text.len() > 64 {
        return Err(MoveError::Malformed(text.to_string()));
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    if list.is_empty() && pos.outcome().is_some() {
        return Err(MoveError::GameOver);
    }
    if let Some(m) = find(pos, &list, text) {
        return Ok(m);
    }
    // A selection written in the other order: `=OR` for `=RO`.
    if let Some(letters) = text.strip_prefix('=') {
        let chars: Vec<char> = letters.chars().collect();
        if chars.len() == 2 {
            let swapped = format!("={}{}", chars[1], chars[0]);
            if let Some(m) = find(pos, &list, &swapped) {
                return Ok(m);
            }
        }
    }
    // The promotion suffix is optional on input.
    if let Some(m) = find(pos, &list, &format!("{text}q")) {
        return Ok(m);
    }
    // B's placement as four explicit drops.
    if pos.phase() == Phase::Place && pos.side_to_move() == Side::Black && text.contains('@') {
        return parse_black_drops(pos, text);
    }
    if text.contains(['@', '*', '=']) || text.len() >= 6 {
        Err(MoveError::Illegal(text.to_string()))
    } else {
        Err(MoveError::Malformed(text.to_string()))
    }
}

/// `n@Ea5,s@Eb5,k@...`: validated against the two permitted layouts (`same` first).
fn parse_black_drops(pos: &Pentaplane, text: &str) -> Result<Move, MoveError> {
    let mut drops: Vec<(Cell, char)> = Vec::new();
    for part in text.split(',') {
        let (piece, at) = part
            .split_once('@')
            .ok_or_else(|| MoveError::Malformed(text.to_string()))?;
        let mut pc = piece.chars();
        let (Some(ch), None) = (pc.next(), pc.next()) else {
            return Err(MoveError::Malformed(text.to_string()));
        };
        let c = tables()
            .topo
            .cell_by_name(at)
            .ok_or_else(|| MoveError::Malformed(text.to_string()))?;
        if drops.iter().any(|&(d, _)| d == c) {
            return Err(MoveError::Illegal(text.to_string()));
        }
        drops.push((c, ch));
    }
    for layout in [Layout::Same, Layout::Mirror] {
        let wanted = pos.layout_placements(layout);
        let matches = wanted.len() == drops.len()
            && wanted
                .iter()
                .all(|&(c, p)| drops.contains(&(c, letter(p.kind, p.side))));
        if matches {
            return Ok(Action::Layout(layout).encode());
        }
    }
    Err(MoveError::Illegal(text.to_string()))
}

/// The five levels side by side, E (top) on the left to A (bottom) on the right.
pub fn display(pos: &Pentaplane) -> String {
    let mut s = String::new();
    for z in (0..SIZE).rev() {
        s.push_str(&format!("  level {}      ", (b'A' + z as u8) as char));
    }
    s.push('\n');
    for y in (0..SIZE).rev() {
        for z in (0..SIZE).rev() {
            s.push_str(&format!("{} ", y + 1));
            for x in 0..SIZE {
                let ch = pos
                    .piece(cell(x, y, z))
                    .map(|p| letter(p.kind, p.side))
                    .unwrap_or('.');
                s.push(ch);
                s.push(' ');
            }
            s.push_str("   ");
        }
        s.push('\n');
    }
    for _ in 0..SIZE {
        s.push_str("  a b c d e    ");
    }
    s.push('\n');
    if pos.phase() != Phase::Play {
        s.push_str(&format!("phase: {}\n", pos.phase().fen_word()));
    }
    for d in &tables().designs {
        s.push_str(&format!(
            "designed: {} {}: {}\n",
            d.letter,
            d.name.trim(),
            d.describe()
        ));
    }
    s
}
