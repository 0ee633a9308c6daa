//! The board and the movement tables, built once from piece data.
//!
//! The topology is [`Topology::layers`]: three 8x8 levels, the eight flat directions
//! (whose rays stay on their level) plus straight up and down. Every man's movement
//! is a list of [`PieceMoves`] chosen by the kind of cell it stands on
//! ([`CellClass`]): orthodox on levels 1 and 3 (with the double-step rank for
//! pawns), "queen, no capture" on level 2, plus the vertical step for every kind
//! that has it. These are compiled per cell into one [`MoveTable`] per side and
//! kind: the definition that move generation, which reads each level's chess
//! bitboards, is tested against.

use super::rules::*;
use crate::movement::{Compiled, Mode, PieceMoves};
use crate::position::Side;
use crate::topology::{
    square_name, Cell, Coord, Topology, Vector, DIAGONAL_2D, KING_2D, KNIGHT_2D, ORTHOGONAL_2D,
};
use crate::zobrist::Zobrist;
use std::sync::OnceLock;

pub const UP: Vector = [0, 0, 1];
pub const DOWN: Vector = [0, 0, -1];

/// One line of a move table: cells in walking order, all on one level.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub mode: Mode,
    /// 0-based level of the line's cells.
    pub level: u8,
    start: u32,
    len: u32,
}

/// A piece's lines from every cell (its movement already specialised to the cell).
#[derive(Clone, Debug, Default)]
pub struct MoveTable {
    index: Vec<(u32, u32)>,
    lines: Vec<Line>,
    cells: Vec<Cell>,
}

impl MoveTable {
    #[inline]
    pub fn lines(&self, cell: Cell) -> &[Line] {
        let (first, n) = self.index[cell as usize];
        &self.lines[first as usize..(first + n) as usize]
    }
    #[inline]
    pub fn cells(&self, line: &Line) -> &[Cell] {
        &self.cells[line.start as usize..(line.start + line.len) as usize]
    }
}

/// What kind of cell a man stands on, as far as its movement is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellClass {
    /// Levels 1 and 3: standard chess.
    Orthodox,
    /// Levels 1 and 3, a pawn on its double-step rank.
    PawnDoubleStep,
    /// Level 2: every man a non-capturing queen.
    Wormhole,
}

pub struct Tables {
    pub topo: Topology,
    pub zobrist: Zobrist,
    /// `moves[side][kind]`: every move a man may make from each cell, line by line:
    /// the definition of the movement (oracle tests walk it; move generation
    /// reads the same moves off the chess bitboards of each level).
    pub moves: [[MoveTable; 6]; 2],
    /// `attacks[side][kind]`: orthodox movement only (captures on levels 1 and 3),
    /// used to find attackers by looking outwards from the target.
    pub attacks: [[Compiled; 6]; 2],
    /// Castling bits cleared when a move leaves or enters a cell.
    pub castle_mask: Vec<u8>,
    pub dir_up: usize,
    pub dir_down: usize,
}

/// Zobrist extras: moved-this-turn cells, en-passant cells, castling bits, the
/// "White's first turn" flag.
pub const Z_MOVED: usize = 0;
pub const Z_EP: usize = CELLS;
pub const Z_CASTLE: usize = 2 * CELLS;
pub const Z_FIRST_TURN: usize = 2 * CELLS + 8;
const Z_EXTRAS: usize = 2 * CELLS + 9;

pub fn cell_name(c: Coord) -> String {
    format!("{}{}", c.z + 1, square_name(c.x, c.y))
}

fn dirs(topo: &Topology, vs: &[Vector]) -> Vec<usize> {
    vs.iter()
        .map(|&v| {
            topo.direction_index(v)
                .expect("direction of the layered board")
        })
        .collect()
}

/// The orthodox movement of a kind (levels 1 and 3), for one side.
fn orthodox(topo: &Topology, kind: Kind, side: Side, double_step: bool) -> PieceMoves {
    let all = dirs(topo, &KING_2D);
    match kind {
        Kind::Pawn => {
            let f = FORWARD[side.index()];
            let push = dirs(topo, &[[0, f, 0]]);
            let caps = dirs(topo, &[[1, f, 0], [-1, f, 0]]);
            PieceMoves::new()
                .slide(push, if double_step { 2 } else { 1 }, Mode::MoveOnly)
                .step(caps, Mode::CaptureOnly)
        }
        Kind::Knight => PieceMoves::new().leap(topo.leap_table(&KNIGHT_2D), Mode::MoveOrCapture),
        Kind::Bishop => PieceMoves::new().slide(dirs(topo, &DIAGONAL_2D), 0, Mode::MoveOrCapture),
        Kind::Rook => PieceMoves::new().slide(dirs(topo, &ORTHOGONAL_2D), 0, Mode::MoveOrCapture),
        Kind::Queen => PieceMoves::new().slide(all, 0, Mode::MoveOrCapture),
        Kind::King => PieceMoves::new().step(all, Mode::MoveOrCapture),
    }
}

/// The movement of a man of `kind` and `side` on a cell of `class`, vertical step
/// included where the kind has it.
pub fn piece_moves(topo: &Topology, kind: Kind, side: Side, class: CellClass) -> PieceMoves {
    let mut m = match class {
        CellClass::Orthodox => orthodox(topo, kind, side, false),
        CellClass::PawnDoubleStep => orthodox(topo, kind, side, true),
        CellClass::Wormhole => PieceMoves::new().slide(dirs(topo, &KING_2D), 0, WORMHOLE_MOVE_MODE),
    };
    if MOVES_VERTICALLY[kind as usize] {
        m = m.step(dirs(topo, &[UP, DOWN]), VERTICAL_MOVE_MODE);
    }
    m
}

pub fn cell_class(kind: Kind, side: Side, c: Coord) -> CellClass {
    if c.z == WORMHOLE_LEVEL {
        CellClass::Wormhole
    } else if kind == Kind::Pawn && c.y == DOUBLE_STEP_RANK[side.index()] {
        CellClass::PawnDoubleStep
    } else {
        CellClass::Orthodox
    }
}

fn build_move_table(topo: &Topology, kind: Kind, side: Side) -> MoveTable {
    let classes = [
        CellClass::Orthodox,
        CellClass::PawnDoubleStep,
        CellClass::Wormhole,
    ];
    let compiled: Vec<Compiled> = classes
        .iter()
        .map(|&c| piece_moves(topo, kind, side, c).compile(topo))
        .collect();
    let mut t = MoveTable::default();
    for cell in 0..topo.num_cells() as Cell {
        let coord = topo.coord(cell);
        let class = cell_class(kind, side, coord);
        let source = &compiled[classes.iter().position(|&c| c == class).unwrap()];
        let first = t.lines.len() as u32;
        for (mode, cells) in source.lines(cell) {
            let level = topo.coord(cells[0]).z as u8;
            t.lines.push(Line {
                mode,
                level,
                start: t.cells.len() as u32,
                len: cells.len() as u32,
            });
            t.cells.extend_from_slice(cells);
        }
        t.index.push((first, t.lines.len() as u32 - first));
    }
    t
}

fn build() -> Tables {
    let mut directions = KING_2D.to_vec();
    directions.push(UP);
    directions.push(DOWN);
    let topo = Topology::layers(LEVELS, FILES, RANKS, directions, &cell_name);
    let sides = [Side::White, Side::Black];
    let moves = sides.map(|s| KINDS.map(|k| build_move_table(&topo, k, s)));
    let attacks = sides.map(|s| KINDS.map(|k| orthodox(&topo, k, s, false).compile(&topo)));
    let mut castle_mask = vec![0u8; CELLS];
    for (slot, &z) in ORTHODOX_LEVELS.iter().enumerate() {
        for side in sides {
            let y = FIRST_RANK[side.index()];
            for (wing, spec) in CASTLES.iter().enumerate() {
                let bit = castle_bit(slot, side, wing);
                for x in [spec.king_from, spec.rook_from] {
                    let c = topo.cell_at(Coord { x, y, z, board: 0 }).unwrap();
                    castle_mask[c as usize] |= bit;
                }
            }
        }
    }
    let zobrist = Zobrist::new(ZOBRIST_SEED, 12, CELLS, Z_EXTRAS);
    let dir_up = topo.direction_index(UP).unwrap();
    let dir_down = topo.direction_index(DOWN).unwrap();
    Tables {
        topo,
        zobrist,
        moves,
        attacks,
        castle_mask,
        dir_up,
        dir_down,
    }
}

/// The tables, built on first use.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}
