//! The GUI's view of Pentaplane (see `crate::view`): the five levels as panels, the
//! draft holdings as hands, and every sub-move taken apart.
//!
//! * Panels: "Level E" (top) at the left to "Level A" (bottom) at the right, the order
//!   of the FEN and of the `d` drawing ([`PANEL_LEVELS`]); cells per panel rank 1
//!   first, file a first. Shades follow the cube's 3-D colouring (dark = "dotted",
//!   x+y+z even), so a bishop stays on one shade across levels.
//! * Hands: White's and Black's holdings during the draft; their letters together are
//!   exactly the FEN's `[...]`. Only White's placement drops from a hand; Black's
//!   `=same` / `=mirror` and both selections are choices.
//! * Moves: steps (captures, explosions and promotions included) are `Move`, missile
//!   shots are `Shot` (the shooter stays), A's placements are `Drop`. Pentaplane has no
//!   `0000`: A's four placements are all compulsory and every other turn is one
//!   sub-move, so `Move::END_TURN` is never legal (it is still described as an end of
//!   turn should a caller ask).

use super::rules::{hand_kind, letter, Kind, Layout, SIZE};
use super::tables::{cell, tables};
use super::{Action, Pentaplane, Phase};
use crate::moves::{Move, MoveList};
use crate::position::{GenKind, Position, Side};
use crate::topology::Cell;
use crate::view::PANEL_GAP;
use crate::view::{chess_glyph, push_grid, Geometry, HandContents, HandView, MoveKind, MoveParts};

/// The levels (z) of the panels from left to right: E first, as the FEN and `d`.
pub const PANEL_LEVELS: [i8; SIZE as usize] = [4, 3, 2, 1, 0];

/// The hands of the geometry, in order: (name, side).
pub const HANDS: [(&str, Side); 2] = [("White hand", Side::White), ("Black hand", Side::Black)];

fn cell_name(c: Cell) -> String {
    tables().topo.name(c).to_string()
}

/// The panel name of level `z`.
fn level_name(z: i8) -> String {
    format!("Level {}", (b'A' + z as u8) as char)
}

/// The cells in the order of the geometry: panel by panel, rank 1 first, file a first.
fn cells_in_order() -> Vec<Cell> {
    PANEL_LEVELS
        .iter()
        .flat_map(|&z| (0..SIZE).flat_map(move |y| (0..SIZE).map(move |x| cell(x, y, z))))
        .collect()
}

/// The piece name `info()` gives a kind (e.g. "missile-rook (fortress)").
fn kind_name(kind: Kind) -> &'static str {
    let l = letter(kind, Side::White);
    Pentaplane::info()
        .pieces
        .iter()
        .find(|&&(c, _)| c == l)
        .map(|&(_, n)| n)
        .unwrap_or("piece")
}

pub fn geometry() -> Geometry {
    let mut g = Geometry::new(&Pentaplane::info(), ["White", "Black"]);
    // K, Q (the True Queen), R, B, N and P are the chess pieces; F, M, C, S, O and Z
    // have no chess glyph (chess_glyph knows only the six chess letters).
    for p in &mut g.pieces {
        p.glyph = chess_glyph(p.letter);
    }
    let topo = &tables().topo;
    for (i, &z) in PANEL_LEVELS.iter().enumerate() {
        let x0 = i as f64 * (SIZE as f64 + PANEL_GAP);
        let first = g.cells.len();
        push_grid(
            &mut g,
            &level_name(z),
            x0,
            SIZE as usize,
            SIZE as usize,
            &|f, r| topo.name(cell(f as i8, r as i8, z)).to_string(),
        );
        // The cube's colouring: "dotted" (dark) where x + y + z is even.
        for (k, cv) in g.cells[first..].iter_mut().enumerate() {
            let (x, y) = (k % SIZE as usize, k / SIZE as usize);
            cv.shade = u8::from((x + y + z as usize).is_multiple_of(2));
        }
    }
    g.hands = HANDS
        .iter()
        .map(|&(name, side)| HandView {
            name: name.to_string(),
            side,
        })
        .collect();
    g
}

pub fn cell_pieces(pos: &Pentaplane) -> Vec<Option<char>> {
    cells_in_order()
        .into_iter()
        .map(|c| pos.piece(c).map(|p| letter(p.kind, p.side)))
        .collect()
}

pub fn hands(pos: &Pentaplane) -> Vec<HandContents> {
    HANDS
        .iter()
        .map(|&(name, side)| {
            let held = pos.hand(side);
            let pieces = if pos.phase() == Phase::Play {
                String::new()
            } else {
                held.iter()
                    .enumerate()
                    .flat_map(|(i, &n)| std::iter::repeat_n(letter(hand_kind(i), side), n as usize))
                    .collect()
            };
            HandContents {
                name: name.to_string(),
                side,
                pieces,
            }
        })
        .collect()
}

/// The index in [`HANDS`] of `side`'s hand.
fn hand_index(side: Side) -> usize {
    HANDS
        .iter()
        .position(|&(_, s)| s == side)
        .expect("both sides have a hand")
}

pub fn move_parts(pos: &Pentaplane, m: Move) -> MoveParts {
    if m == Move::END_TURN {
        return MoveParts::end_turn();
    }
    let Some(action) = Action::decode(m) else {
        return MoveParts::choice(pos.move_text(m));
    };
    match action {
        Action::Step { from, to, promote } => {
            let mut parts = MoveParts::board(cell_name(from), cell_name(to));
            let mut words: Vec<String> = Vec::new();
            if promote {
                parts.promotion = Some(letter(super::rules::PROMOTION_KIND, Side::White));
                words.push(format!(
                    "promote to {}",
                    kind_name(super::rules::PROMOTION_KIND)
                ));
            }
            // A capturing step can share its cells with a missile shot: its label says
            // what it is (the shot's says "missile shot").
            if let Some(target) = pos.piece(to) {
                let mover = pos.piece(from).map(|p| p.kind);
                words.push(if mover == Some(Kind::Kamikaze) {
                    format!("kamikaze capture of the {}", kind_name(target.kind))
                } else {
                    format!("capture the {}", kind_name(target.kind))
                });
                if pos.explodes(action) {
                    words.push("explosion".to_string());
                }
            }
            parts.label = words.join(", ");
            parts
        }
        Action::Fire { from, to } => {
            let explosion = if pos.explodes(action) {
                ", explosion"
            } else {
                ""
            };
            MoveParts {
                kind: MoveKind::Shot,
                from: Some(cell_name(from)),
                to: Some(cell_name(to)),
                drop: None,
                hand: None,
                promotion: None,
                label: format!("missile shot{explosion}"),
            }
        }
        Action::Drop { hand, to } => {
            let kind = hand_kind(hand);
            let mut parts = MoveParts::drop(
                letter(kind, Side::White),
                hand_index(Side::White),
                cell_name(to),
            );
            parts.label = format!("place the {}", kind_name(kind));
            parts
        }
        Action::Select { a, b } => MoveParts::choice(format!(
            "draft: {} + {}",
            kind_name(hand_kind(a)),
            kind_name(hand_kind(b))
        )),
        Action::Layout(layout) => MoveParts::choice(
            match layout {
                Layout::Same => "place Black's pieces the same way (turned half round)",
                Layout::Mirror => "place Black's pieces as a mirror image",
            }
            .to_string(),
        ),
    }
}

/// No check in Pentaplane (the king is captured): the kings the other side could
/// remove with a legal move now (capture, missile or explosion) are highlighted, for
/// both sides, since a player may leave his own king attacked.
pub fn checked_royals(pos: &Pentaplane) -> Vec<String> {
    if pos.phase() != Phase::Play || pos.event_outcome().is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for side in [Side::White, Side::Black] {
        let Some(king) = pos.king(side) else { continue };
        let mut enemy = pos.clone();
        enemy.set_side(side.opposite());
        let mut list = MoveList::new();
        enemy.generate_play(GenKind::All, &mut list);
        let attacked = list.iter().any(|&m| match Action::decode(m) {
            Some(a @ (Action::Step { to, .. } | Action::Fire { to, .. })) => {
                to == king || {
                    enemy.explodes(a) && {
                        let mut after = enemy.clone();
                        after.apply(a);
                        after.king(side).is_none()
                    }
                }
            }
            _ => false,
        });
        if attacked {
            out.push(cell_name(king));
        }
    }
    out
}
