//! The GUI's view of Tri-Plane (see `crate::view`): three boards side by side, the
//! four holds, sub-moves taken apart (drops with their hold, split choices with
//! readable labels), the kings in check.
//!
//! Hands, in this order (index = [`hand_index`]): `B hold White`, `B hold Black`,
//! `C hold White`, `C hold Black`. Each lists that player's letters of that hold
//! as the FEN writes them inside the board's `[...]` (White upper case, Black lower
//! case, in the FEN's kind order P N B R Q W D F E).

use super::rules::{
    relative_rank, split_to_holds, Kind, Piece, BOARD_A, BOARD_LETTERS, CHESS_GLYPH_KINDS,
    HOLD_KINDS,
};
use super::tables::{board_of, cell_of, tables};
use super::{
    TriPlane, FLAG_CASTLE, FLAG_DROP, FLAG_EN_PASSANT, FLAG_PROMOTION, FLAG_SPLIT_SWAP, KIND_MASK,
};
use crate::moves::Move;
use crate::position::{Position, Side};
use crate::view::{chess_glyph, push_grid, Geometry, HandContents, HandView, MoveParts, PANEL_GAP};

const SIDES: [Side; 2] = [Side::White, Side::Black];
const SIDE_NAMES: [&str; 2] = ["White", "Black"];
/// The boards that have holds (B and C).
const HOLD_BOARDS: [usize; 2] = [1, 2];

/// The index in [`Position::hands`] of `side`'s hold for board B (1) or C (2).
pub fn hand_index(board: usize, side: Side) -> usize {
    (board - 1) * 2 + side.index()
}

fn hand_name(board: usize, side: Side) -> String {
    format!("{} hold {}", BOARD_LETTERS[board], SIDE_NAMES[side.index()])
}

pub fn geometry() -> Geometry {
    let mut g = Geometry::new(&TriPlane::info(), SIDE_NAMES);
    for p in &mut g.pieces {
        p.glyph = Kind::from_letter(p.letter)
            .filter(|k| CHESS_GLYPH_KINDS.contains(k))
            .and_then(|k| chess_glyph(k.letter()));
    }
    let topo = &tables().topo;
    for (b, letter) in BOARD_LETTERS.iter().enumerate() {
        push_grid(
            &mut g,
            &format!("Board {letter}"),
            b as f64 * (8.0 + PANEL_GAP),
            8,
            8,
            &|f, r| topo.name(cell_of(b, f as u8, r as u8)).to_string(),
        );
    }
    for b in HOLD_BOARDS {
        for side in SIDES {
            debug_assert_eq!(g.hands.len(), hand_index(b, side));
            g.hands.push(HandView {
                name: hand_name(b, side),
                side,
            });
        }
    }
    g
}

/// Board by board, rank 1 first, file a first: the order `push_grid` names them.
pub fn cell_pieces(pos: &TriPlane) -> Vec<Option<char>> {
    (0..3)
        .flat_map(|b| (0..8u8).flat_map(move |r| (0..8u8).map(move |f| cell_of(b, f, r))))
        .map(|c| pos.piece_at(c).map(Piece::fen_char))
        .collect()
}

pub fn hands(pos: &TriPlane) -> Vec<HandContents> {
    let mut out = Vec::new();
    for b in HOLD_BOARDS {
        for side in SIDES {
            let mut pieces = String::new();
            for k in HOLD_KINDS {
                for _ in 0..pos.hold_count(b, side, k) {
                    pieces.push(Piece::new(k, side).fen_char());
                }
            }
            out.push(HandContents {
                name: hand_name(b, side),
                side,
                pieces,
            });
        }
    }
    out
}

pub fn move_parts(pos: &TriPlane, m: Move) -> MoveParts {
    if m == Move::END_TURN {
        return MoveParts::end_turn();
    }
    let topo = &tables().topo;
    let extra = m.extra();
    let kind = Kind::from_index((extra & KIND_MASK) as usize);
    let to = m.to();
    if extra & FLAG_DROP != 0 {
        let kind = kind.unwrap_or(Kind::Pawn);
        let b = board_of(to);
        let mut parts = MoveParts::drop(
            kind.letter(),
            hand_index(b, pos.side_to_move()),
            topo.name(to).to_string(),
        );
        parts.label = format!("drop {}", kind.name());
        return parts;
    }
    let from = m.from();
    let mut parts = MoveParts::board(topo.name(from).to_string(), topo.name(to).to_string());
    let mut words = Vec::new();
    if extra & FLAG_CASTLE != 0 {
        words.push("castle".to_string());
    }
    if extra & FLAG_EN_PASSANT != 0 {
        words.push("en passant".to_string());
    }
    if extra & FLAG_PROMOTION != 0 {
        if let Some(k) = kind {
            parts.promotion = Some(k.letter());
            words.push(format!("promote to {}", k.name()));
        }
    }
    let mover = pos.piece_at(from);
    let b = board_of(from);
    if b == BOARD_A {
        // The man captured on A (an en-passant victim is a pawn) and its split.
        let victim = if extra & FLAG_EN_PASSANT != 0 {
            Some(Kind::Pawn)
        } else {
            pos.piece_at(to).map(|p| p.kind)
        };
        if let Some((to_b, to_c)) =
            victim.and_then(|v| split_to_holds(v, extra & FLAG_SPLIT_SWAP != 0))
        {
            words.push(format!("split: {} to B, {} to C", to_b.name(), to_c.name()));
        }
    } else if mover.is_some_and(|p| {
        p.kind == Kind::Pawn && relative_rank(p.side, super::tables::rank_of(to)) == 7
    }) {
        words.push("becomes deadwood".to_string());
    }
    parts.label = words.join(", ");
    parts
}

/// The royal kings of B and C (either colour) that stand attacked. The
/// Split-Phase on A is never in check.
pub fn checked_royals(pos: &TriPlane) -> Vec<String> {
    let topo = &tables().topo;
    let mut out = Vec::new();
    for b in HOLD_BOARDS {
        for side in SIDES {
            if pos.king_of_attacked(b, side) {
                out.push(topo.name(pos.king(b, side)).to_string());
            }
        }
    }
    out
}
