//! The evaluation of file-defined variants ([`FileVariant`]): material, material in
//! hand, and a small positional term from lattice coordinates. Every number comes
//! from the definition the position carries, so one evaluator serves every variant
//! of a variants file.
//!
//! **Piece values.** `VariantDef::piece_values`, the one table the position type
//! also uses for exchanges: a piece's `value` from the file where given, else an
//! estimate from its average number of destinations on the empty board
//! (`empty_board_mobility`), computed once per definition (def.rs documents the
//! formula). Royal pieces are left out of the material sum: both sides always
//! have them while the game goes on.
//!
//! **Positional term.** Each non-royal piece on the board earns up to
//! `CENTRE_BONUS` for standing near the centre of its board (distance measured per
//! lattice axis, so it works on grids, stacked levels, separate boards and the
//! hexagon alike), and a piece that promotes earns `ADVANCE_BONUS` per rank it has
//! advanced toward its promotion ranks.
//!
//! The score is from the side to move's point of view. Evaluation tables
//! (`EvalFile`) are not supported for file-defined variants.

use crate::VariantEval;
use engine::topology::Coord;
use engine::variants::defined::{Board, FileVariant, VariantDef};
use engine::{Evaluator, Position, Side};

/// Most centipawns a piece earns for centrality.
const CENTRE_BONUS: f64 = 12.0;
/// Centipawns per rank a promoting piece has advanced from its side's first rank.
const ADVANCE_BONUS: i32 = 6;
/// How close `c` is to the centre of its board, 0 (an edge or corner) to 1.
fn centrality(def: &VariantDef, c: Coord) -> f64 {
    // Closeness along one axis of `n` cells: 1 in the middle, 0 at either end.
    let axis = |v: i8, n: i8| -> f64 {
        if n <= 1 {
            return 1.0;
        }
        let half = (n - 1) as f64 / 2.0;
        1.0 - ((v as f64 - half).abs() / half)
    };
    match def.board {
        Board::Grid { width, height } | Board::Boards { width, height, .. } => {
            (axis(c.x, width) + axis(c.y, height)) / 2.0
        }
        Board::Levels {
            width,
            height,
            levels,
        } => (axis(c.x, width) + axis(c.y, height) + axis(c.z, levels)) / 3.0,
        Board::Hex { side } => {
            // Hex distance from the centre cell (side-1, side-1) in these lattice
            // coordinates (neighbours (0,±1), (±1,0), ±(1,1)).
            let (dx, dy) = (
                c.x as i32 - (side - 1) as i32,
                c.y as i32 - (side - 1) as i32,
            );
            let d = if dx.signum() == dy.signum() {
                dx.abs().max(dy.abs())
            } else {
                dx.abs() + dy.abs()
            };
            1.0 - d as f64 / (side - 1).max(1) as f64
        }
    }
}

/// Ranks (from the side's own first rank, 0-based) a piece on `c` has advanced.
fn advance(def: &VariantDef, side: Side, c: Coord) -> i32 {
    let rank = match def.board {
        Board::Hex { .. } => match def.board.hex_file_rank(c) {
            Some((_, r)) => r as i32 - 1,
            None => 0,
        },
        _ => c.y as i32,
    };
    let height = match def.board {
        Board::Grid { height, .. }
        | Board::Levels { height, .. }
        | Board::Boards { height, .. } => height as i32,
        Board::Hex { side: s } => {
            // The file's own length on the hexagon.
            s as i32 + (c.x as i32).min(2 * s as i32 - 2 - c.x as i32)
        }
    };
    match side {
        Side::White => rank,
        Side::Black => height - 1 - rank,
    }
}

/// The evaluator of every file-defined variant: all its numbers come from the
/// position's definition.
#[derive(Clone, Default)]
pub struct FileEval;

/// The score's parts from White's point of view: material, hand, centre, advance.
fn parts(pos: &FileVariant) -> [i32; 4] {
    let def = pos.def();
    let values = def.piece_values();
    let promoting: Vec<usize> = def
        .rules
        .promotion
        .as_ref()
        .map(|p| p.kinds.clone())
        .unwrap_or_default();
    let sign = |side: Side| if side == Side::White { 1 } else { -1 };
    let (mut material, mut hand, mut centre, mut adv) = (0i32, 0i32, 0f64, 0i32);
    let t = &def.topology;
    for cell in 0..t.num_cells() as u16 {
        let Some((side, kind)) = pos.piece_at(cell) else {
            continue;
        };
        let Some(piece) = def.pieces.get(kind) else {
            continue;
        };
        if piece.royal {
            continue;
        }
        let s = sign(side);
        material += s * values.get(kind).copied().unwrap_or(0);
        let c = t.coord(cell);
        centre += s as f64 * CENTRE_BONUS * centrality(def, c);
        if promoting.contains(&kind) {
            adv += s * ADVANCE_BONUS * advance(def, side, c);
        }
    }
    if def.rules.drops.is_some() {
        for side in [Side::White, Side::Black] {
            for (kind, &v) in values.iter().enumerate() {
                hand += sign(side) * v * pos.hand_count(side, kind) as i32;
            }
        }
    }
    [material, hand, centre.round() as i32, adv]
}

impl Evaluator<FileVariant> for FileEval {
    fn evaluate(&self, pos: &FileVariant) -> i32 {
        let white: i32 = parts(pos).iter().sum();
        if pos.side_to_move() == Side::White {
            white
        } else {
            -white
        }
    }

    fn breakdown(&self, pos: &FileVariant) -> Vec<(String, i32)> {
        let p = parts(pos);
        let names = ["material", "hand", "centre", "advance"];
        let mut out: Vec<(String, i32)> = names
            .iter()
            .zip(p)
            .map(|(n, v)| (n.to_string(), v))
            .collect();
        out.push(("total".to_string(), p.iter().sum()));
        out
    }
}

impl VariantEval for FileVariant {
    type Eval = FileEval;
    /// Evaluation tables do not apply to file-defined variants (their features
    /// differ per definition): never a section. The protocol says so when an
    /// `EvalFile` names one.
    fn eval_from_table(_text: &str) -> Result<Option<FileEval>, String> {
        Ok(None)
    }
}
