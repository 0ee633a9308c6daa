//! The 5x5x5 cube and the pieces' movement as data, built once per set of designed
//! pieces.
//!
//! Directions are ordered in three families: the 6 rook directions, the 12 bishop
//! directions (colour-keeping unit diagonals) and the 8 cube diagonals. Every piece is
//! a [`PieceMoves`] over these families, compiled per cell; missile pieces also get
//! their firing lines compiled the same way.
//!
//! **Which tables are current.** The player-designed pieces ([`super::designs`]) are
//! a process-wide set, so the tables are too: [`tables`] returns the tables of the set
//! installed last. Each distinct set's tables are built once into a slot of a fixed
//! array of `OnceLock`s and never freed (an installed set is typically loaded once at
//! start-up; re-installing a set seen before reuses its slot); the current slot is an
//! atomic index. Reading the tables per node is an atomic load and a `OnceLock::get`,
//! as cheap as the single `OnceLock` it replaces, and needs no lock or `unsafe`.
//!
//! Positions hold no reference to the tables: every access asks [`tables`], so a
//! position never uses stale tables. Its designed pieces are stored as slots
//! (`Kind::Designed0..`), which take the meaning of the set current at each call:
//! installing a new set is meant for between games (the loader does it at start-up);
//! a position from an earlier set is then only well-defined if the sets agree on its
//! slots (an unused slot has no movement and letter `?`, so nothing panics).
//!
//! Zobrist keys do not depend on the set: the built-in keys are exactly those of the
//! game without designed pieces, and the designed slots have keys of their own from a
//! second seed, so a key computed under one set matches under another.

use super::designs::{DesignedPiece, DesignedTravel, Family};
use super::rules::{
    Kind, ALL_KINDS, BLAST_RADIUS, BUILTIN_KINDS, CELLS, LETTERS, MAX_DESIGNED, SELECTABLE, SIZE,
    ZOBRIST_SEED,
};
use crate::movement::{Compiled, LineMasks, Mode, PieceMoves};
use crate::topology::{square_name, Cell, Coord, Topology, Vector};
use crate::zobrist::Zobrist;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

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
    /// `moves` and `fire` as line masks (the cube's 125 cells fit in 128 bits and
    /// its rays run one way through the numbering): the evaluation counts mobility
    /// and firing lines with them.
    pub move_masks: Vec<LineMasks>,
    pub fire_masks: Vec<Option<LineMasks>>,
    /// Per cell, the cells of its 3x3x3 block (itself included), clipped at the edge.
    pub blast: Vec<Vec<Cell>>,
    /// Keys of the built-in kinds (piece code `side * 12 + kind`), the phase and the
    /// built-in hands: the same as before designed pieces existed.
    pub zobrist: Zobrist,
    /// Keys of the designed slots (piece code `side * MAX_DESIGNED + slot`) and their
    /// hands (extra `(side * MAX_DESIGNED + slot) * Z_HAND_COUNTS + count`).
    pub designed_zobrist: Zobrist,
    /// The installed designed pieces, slot by slot.
    pub designs: Vec<DesignedPiece>,
    /// Upper-case letter per kind (`?` for an unused designed slot).
    pub letters: [char; super::rules::KINDS],
    /// Whether a kind explodes (the bomb and designed bombs).
    pub bomb: [bool; super::rules::KINDS],
    /// Per kind, on the empty cube, averaged over all cells: the cells its
    /// move-capable lines reach, the cells its capture-capable lines reach, and the
    /// cells on its firing lines (movement facts the evaluation prices pieces by).
    pub empty_reach: [EmptyReach; super::rules::KINDS],
}

/// See [`Tables::empty_reach`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EmptyReach {
    pub moves: f32,
    pub captures: f32,
    pub fire: f32,
}

/// The average reach of compiled movement over all cells of the empty cube.
fn empty_reach(moves: &Compiled, fire: Option<&Compiled>) -> EmptyReach {
    let (mut m, mut c, mut f) = (0usize, 0usize, 0usize);
    for cell in 0..CELLS as Cell {
        for (mode, line) in moves.lines(cell) {
            if mode.can_move() {
                m += line.len();
            }
            if mode.can_capture() {
                c += line.len();
            }
        }
        if let Some(fire) = fire {
            f += fire.lines(cell).map(|(_, line)| line.len()).sum::<usize>();
        }
    }
    let avg = |n: usize| n as f32 / CELLS as f32;
    EmptyReach {
        moves: avg(m),
        captures: avg(c),
        fire: avg(f),
    }
}

/// Zobrist extras: one per phase, then one per (side, hand kind, count 1..=4).
pub const Z_PHASE: usize = 0;
pub const Z_HAND: usize = 3;
pub const Z_HAND_COUNTS: usize = 5;
pub const Z_EXTRAS: usize = Z_HAND + 2 * SELECTABLE.len() * Z_HAND_COUNTS;
/// Zobrist seed of the designed slots' keys.
pub const DESIGNED_ZOBRIST_SEED: u64 = 0x005e_47a9_d351_6e0d;

/// The movement of every kind, as data. Index = `Kind as usize`; the designed slots
/// follow `designs` (an unused slot moves nowhere).
pub fn piece_moves(topo: &Topology, designs: &[DesignedPiece]) -> Vec<PieceMoves> {
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
            _ => match k.designed_slot().and_then(|slot| designs.get(slot)) {
                Some(d) => designed_moves(d, &knight),
                None => PieceMoves::new(),
            },
        }
    };
    ALL_KINDS.iter().map(|&k| table(k)).collect()
}

/// The direction indices of a line family (`None` for the knight's leaps).
pub fn family_dirs(f: Family) -> Option<std::ops::Range<usize>> {
    match f {
        Family::Rook => Some(ROOK),
        Family::Bishop => Some(BISHOP),
        Family::Cube => Some(CUBE),
        Family::Knight => None,
    }
}

/// A designed piece's movement from its (validated) definition.
fn designed_moves(d: &DesignedPiece, knight: &[Vec<Cell>]) -> PieceMoves {
    let mut m = PieceMoves::new();
    for mv in &d.moves {
        m = match (family_dirs(mv.family), mv.travel) {
            (Some(dirs), DesignedTravel::Step) => m.step(dirs, mv.mode),
            (Some(dirs), DesignedTravel::Slide { range }) => m.slide(dirs, range, mv.mode),
            // Validation admits only the knight's leap; anything else moves nowhere.
            (None, DesignedTravel::Leap) => m.leap(knight.to_vec(), mv.mode),
            _ => m,
        };
    }
    m
}

/// The firing directions of missile pieces, as unlimited lines.
pub fn fire_moves(kind: Kind, designs: &[DesignedPiece]) -> Option<PieceMoves> {
    let dirs = match kind {
        Kind::Fortress => ROOK,
        Kind::MissileBishop => BISHOP,
        Kind::Satellite => CUBE,
        _ => {
            let d = designs.get(kind.designed_slot()?)?;
            family_dirs(d.missile?)?
        }
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

/// The tables of a (validated) set of designed pieces.
fn build(designs: &[DesignedPiece]) -> Tables {
    let topo = build_topology();
    assert_eq!(topo.num_cells(), CELLS);
    let moves: Vec<Compiled> = piece_moves(&topo, designs)
        .iter()
        .map(|m| m.compile(&topo))
        .collect();
    let fire: Vec<Option<Compiled>> = ALL_KINDS
        .iter()
        .map(|&k| fire_moves(k, designs).map(|m| m.compile(&topo)))
        .collect();
    let masks = |c: &Compiled| LineMasks::new(c).expect("the cube's rays run one way");
    let move_masks = moves.iter().map(masks).collect();
    let fire_masks = fire.iter().map(|f| f.as_ref().map(masks)).collect();
    let mut letters = ['?'; super::rules::KINDS];
    letters[..BUILTIN_KINDS].copy_from_slice(&LETTERS);
    let mut bomb = [false; super::rules::KINDS];
    bomb[Kind::Bomb as usize] = true;
    for (slot, d) in designs.iter().enumerate() {
        letters[BUILTIN_KINDS + slot] = d.letter;
        bomb[BUILTIN_KINDS + slot] = d.bomb;
    }
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
    let mut reach = [EmptyReach::default(); super::rules::KINDS];
    for (k, r) in reach.iter_mut().enumerate() {
        *r = empty_reach(&moves[k], fire[k].as_ref());
    }
    let zobrist = Zobrist::new(ZOBRIST_SEED, 2 * BUILTIN_KINDS, CELLS, Z_EXTRAS);
    let designed_zobrist = Zobrist::new(
        DESIGNED_ZOBRIST_SEED,
        2 * MAX_DESIGNED,
        CELLS,
        2 * MAX_DESIGNED * Z_HAND_COUNTS,
    );
    Tables {
        topo,
        moves,
        fire,
        move_masks,
        fire_masks,
        blast,
        zobrist,
        designed_zobrist,
        designs: designs.to_vec(),
        letters,
        bomb,
        empty_reach: reach,
    }
}

/// DECISION: distinct sets of designed pieces one process may install (each one's
/// tables stay in memory; see the module text). Slot 0 is the set without designs.
pub const MAX_INSTALLED_SETS: usize = 64;

/// The tables of every set installed so far, by slot.
static SETS: [OnceLock<Tables>; MAX_INSTALLED_SETS] =
    [const { OnceLock::new() }; MAX_INSTALLED_SETS];
/// The slot of the current set.
static CURRENT: AtomicUsize = AtomicUsize::new(0);
/// Serialises installs (readers never take it).
static INSTALLING: Mutex<()> = Mutex::new(());

/// The tables of the installed set of designed pieces (see the module text).
#[inline]
pub fn tables() -> &'static Tables {
    match SETS[CURRENT.load(Ordering::Acquire)].get() {
        Some(t) => t,
        // Only slot 0 (no designs) is ever current before it is built: an install
        // builds its slot before publishing its index.
        None => SETS[0].get_or_init(|| build(&[])),
    }
}

/// Makes `designs` (already validated) the current set, building its tables unless
/// the same set was installed before.
pub(super) fn make_current(designs: &[DesignedPiece]) -> Result<(), String> {
    let _guard = INSTALLING.lock().unwrap_or_else(|e| e.into_inner());
    if designs.is_empty() {
        SETS[0].get_or_init(|| build(&[]));
        CURRENT.store(0, Ordering::Release);
        return Ok(());
    }
    for (i, slot) in SETS.iter().enumerate().skip(1) {
        match slot.get() {
            Some(t) if t.designs == designs => {
                CURRENT.store(i, Ordering::Release);
                return Ok(());
            }
            Some(_) => {}
            None => {
                slot.get_or_init(|| build(designs));
                CURRENT.store(i, Ordering::Release);
                return Ok(());
            }
        }
    }
    Err(format!(
        "more than {} distinct sets of designed pieces installed in one process",
        MAX_INSTALLED_SETS - 1
    ))
}

/// The cell at (file, rank, level).
pub fn cell(x: i8, y: i8, z: i8) -> Cell {
    (z as Cell * 25) + (y as Cell * 5) + x as Cell
}

/// (file, rank, level) of a cell.
pub fn xyz(c: Cell) -> (i8, i8, i8) {
    ((c % 5) as i8, ((c / 5) % 5) as i8, (c / 25) as i8)
}
