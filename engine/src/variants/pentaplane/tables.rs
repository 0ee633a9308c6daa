//! The 5x5x5 cube and the pieces' movement as data, built once.
//!
//! Directions are ordered in three families: the 6 rook directions, the 12 bishop
//! directions (colour-keeping unit diagonals) and the 8 cube diagonals. Every piece is
//! a [`PieceMoves`] over these families, compiled per cell; missile pieces also get
//! their firing lines compiled the same way.

use super::rules::{Kind, BLAST_RADIUS, CELLS, KINDS, SIZE, ZOBRIST_SEED};
use crate::movement::{Compiled, Mode, PieceMoves};
use crate::topology::{square_name, Cell, Coord, Topology, Vector};
use crate::zobrist::Zobrist;
use std::sync::OnceLock;

/// SOURCE: rook directions (forward, backward, left, right, up, down).
pub const ROOK_DIRS: [Vector; 6] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
];
/// SOURCE/INFERRED: the 12 colour-keeping unit diagonals.
pub const BISHOP_DIRS: [Vector; 12] = [
    [1, 1, 0],
    [1, -1, 0],
    [-1, 1, 0],
    [-1, -1, 0],
    [1, 0, 1],
    [1, 0, -1],
    [-1, 0, 1],
    [-1, 0, -1],
    [0, 1, 1],
    [0, 1, -1],
    [0, -1, 1],
    [0, -1, -1],
];
/// SOURCE: the 8 cube diagonals.
pub const CUBE_DIRS: [Vector; 8] = [
    [1, 1, 1],
    [1, 1, -1],
    [1, -1, 1],
    [1, -1, -1],
    [-1, 1, 1],
    [-1, 1, -1],
    [-1, -1, 1],
    [-1, -1, -1],
];

/// SOURCE: the knight leaps to every permutation of (±2, ±1, 0): 24 vectors.
pub fn knight_vectors() -> Vec<Vector> {
    let mut out = Vec::new();
    for a in [-2i8, 2] {
        for b in [-1i8, 1] {
            // (a, b, 0) in all six axis permutations.
            out.push([a, b, 0]);
            out.push([a, 0, b]);
            out.push([b, a, 0]);
            out.push([0, a, b]);
            out.push([b, 0, a]);
            out.push([0, b, a]);
        }
    }
    out
}

/// Direction index ranges in the topology.
pub const ROOK: std::ops::Range<usize> = 0..6;
pub const BISHOP: std::ops::Range<usize> = 6..18;
pub const CUBE: std::ops::Range<usize> = 18..26;

/// Cell name: level letter, file, rank (`Ac1`).
pub fn cell_name(c: Coord) -> String {
    format!("{}{}", (b'A' + c.z as u8) as char, square_name(c.x, c.y))
}

pub struct Tables {
    pub topo: Topology,
    /// Ordinary movement (steps, slides, leaps) per kind.
    pub moves: Vec<Compiled>,
    /// Firing lines per kind (`None` for pieces that do not fire).
    pub fire: Vec<Option<Compiled>>,
    /// Per cell, the cells of its 3x3x3 block (itself included), clipped at the edge.
    pub blast: Vec<Vec<Cell>>,
    pub zobrist: Zobrist,
}

/// Zobrist extras: one per phase, then one per (side, hand kind, count 1..=4).
pub const Z_PHASE: usize = 0;
pub const Z_HAND: usize = 3;
pub const Z_HAND_COUNTS: usize = 5;
pub const Z_EXTRAS: usize = Z_HAND + 2 * 9 * Z_HAND_COUNTS;

/// The movement of every kind, as data. Index = `Kind as usize`.
pub fn piece_moves(topo: &Topology) -> Vec<PieceMoves> {
    let knight = topo.leap_table(&knight_vectors());
    let all = 0..26;
    let rook_bishop = 0..18;
    let mv = Mode::MoveOrCapture;
    let table = |k: Kind| -> PieceMoves {
        match k {
            Kind::King => PieceMoves::new().step(all.clone(), mv),
            Kind::Queen => PieceMoves::new().slide(all.clone(), 0, mv),
            Kind::Rook => PieceMoves::new().slide(ROOK, 0, mv),
            Kind::Bishop => PieceMoves::new().slide(BISHOP, 0, mv),
            Kind::Cuber => PieceMoves::new().slide(CUBE, 0, mv),
            Kind::Knight => PieceMoves::new().leap(knight.clone(), mv),
            Kind::Fortress => PieceMoves::new().step(ROOK, mv),
            Kind::MissileBishop => PieceMoves::new().step(BISHOP, mv),
            Kind::Satellite => PieceMoves::new().step(CUBE, mv),
            Kind::Bomb => PieceMoves::new().step(ROOK, mv),
            Kind::Kamikaze => PieceMoves::new().slide(rook_bishop.clone(), 0, mv),
            // SOURCE: moves one step along R (all 6), captures one step along B (all 12).
            Kind::Pawn => PieceMoves::new()
                .step(ROOK, Mode::MoveOnly)
                .step(BISHOP, Mode::CaptureOnly),
        }
    };
    super::rules::ALL_KINDS.iter().map(|&k| table(k)).collect()
}

/// The firing directions of missile pieces, as unlimited lines.
pub fn fire_moves(kind: Kind) -> Option<PieceMoves> {
    let dirs = match kind {
        Kind::Fortress => ROOK,
        Kind::MissileBishop => BISHOP,
        Kind::Satellite => CUBE,
        _ => return None,
    };
    Some(PieceMoves::new().slide(dirs, 0, Mode::CaptureOnly))
}

pub fn build_topology() -> Topology {
    let dirs: Vec<Vector> = ROOK_DIRS
        .iter()
        .chain(BISHOP_DIRS.iter())
        .chain(CUBE_DIRS.iter())
        .copied()
        .collect();
    Topology::layers(SIZE, SIZE, SIZE, dirs, &cell_name)
}

fn build() -> Tables {
    let topo = build_topology();
    assert_eq!(topo.num_cells(), CELLS);
    let moves = piece_moves(&topo)
        .iter()
        .map(|m| m.compile(&topo))
        .collect();
    let fire = super::rules::ALL_KINDS
        .iter()
        .map(|&k| fire_moves(k).map(|m| m.compile(&topo)))
        .collect();
    let blast = (0..CELLS as Cell)
        .map(|c| {
            let o = topo.coord(c);
            (0..CELLS as Cell)
                .filter(|&d| {
                    let p = topo.coord(d);
                    (p.x - o.x).abs() <= BLAST_RADIUS
                        && (p.y - o.y).abs() <= BLAST_RADIUS
                        && (p.z - o.z).abs() <= BLAST_RADIUS
                })
                .collect()
        })
        .collect();
    let zobrist = Zobrist::new(ZOBRIST_SEED, 2 * KINDS, CELLS, Z_EXTRAS);
    Tables {
        topo,
        moves,
        fire,
        blast,
        zobrist,
    }
}

/// The tables, built on first use.
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

/// The cell at (file, rank, level).
pub fn cell(x: i8, y: i8, z: i8) -> Cell {
    (z as Cell * 25) + (y as Cell * 5) + x as Cell
}

/// (file, rank, level) of a cell.
pub fn xyz(c: Cell) -> (i8, i8, i8) {
    ((c % 5) as i8, ((c / 5) % 5) as i8, (c / 25) as i8)
}
