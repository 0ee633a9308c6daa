//! Tables built once from the piece data: the 10x10 topology, every piece's compiled
//! lines per side, the pawn's capture tables per side and per own rank, castling.

use super::pieces::{compile_atoms, Kind, CELLS, HEIGHT, KINDS, PAWN, PAWN_RANK_POWERS, WIDTH};
use crate::movement::{Compiled, Mode};
use crate::position::Side;
use crate::topology::{Cell, Topology};
use std::sync::OnceLock;

/// One castling right. DECISION (rules, Castling and Clarifications): the Tetrahedron
/// makes a two-square move toward its Icosahedron, which lands on the square the
/// Tetrahedron crossed, as in orthodox queenside castling.
#[derive(Clone, Copy, Debug)]
pub struct CastlingDef {
    /// FEN letter (Shredder style: the Icosahedron's file; Black lower case).
    pub letter: char,
    pub side: Side,
    /// (file, rank) pairs, 0-based.
    pub tetra_from: (u8, u8),
    pub tetra_to: (u8, u8),
    /// The square the Tetrahedron crosses: it must not be attacked.
    pub transit: (u8, u8),
    pub icosa_from: (u8, u8),
    pub icosa_to: (u8, u8),
    /// Squares that must be empty (all squares between Tetrahedron and Icosahedron).
    pub between: &'static [(u8, u8)],
}

/// The four rights in FEN order `A J a j`; bit `i` of the rights mask is `CASTLINGS[i]`.
pub const CASTLINGS: [CastlingDef; 4] = [
    CastlingDef {
        letter: 'A',
        side: Side::White,
        tetra_from: (4, 0),
        tetra_to: (2, 0),
        transit: (3, 0),
        icosa_from: (0, 0),
        icosa_to: (3, 0),
        between: &[(1, 0), (2, 0), (3, 0)],
    },
    CastlingDef {
        letter: 'J',
        side: Side::White,
        tetra_from: (5, 0),
        tetra_to: (7, 0),
        transit: (6, 0),
        icosa_from: (9, 0),
        icosa_to: (6, 0),
        between: &[(6, 0), (7, 0), (8, 0)],
    },
    CastlingDef {
        letter: 'a',
        side: Side::Black,
        tetra_from: (4, 9),
        tetra_to: (2, 9),
        transit: (3, 9),
        icosa_from: (0, 9),
        icosa_to: (3, 9),
        between: &[(1, 9), (2, 9), (3, 9)],
    },
    CastlingDef {
        letter: 'j',
        side: Side::Black,
        tetra_from: (5, 9),
        tetra_to: (7, 9),
        transit: (6, 9),
        icosa_from: (9, 9),
        icosa_to: (6, 9),
        between: &[(6, 9), (7, 9), (8, 9)],
    },
];

/// Cell index of a (file, rank) pair.
#[inline]
pub const fn cell_of(fr: (u8, u8)) -> Cell {
    (fr.1 as usize * WIDTH + fr.0 as usize) as Cell
}

/// Castling with cells resolved.
#[derive(Clone, Debug)]
pub struct Castling {
    pub side: Side,
    pub letter: char,
    pub tetra_from: Cell,
    pub tetra_to: Cell,
    pub transit: Cell,
    pub icosa_from: Cell,
    pub icosa_to: Cell,
    pub between: Vec<Cell>,
}

pub struct Tables {
    pub topo: Topology,
    /// `moves[side][kind]`: move-and-capture lines (the pawn's entry is its ordinary
    /// diagonal capture only, capture-only).
    pub moves: [Vec<Compiled>; 2],
    /// `pawn_captures[side][own rank]`: every capture-only line of a pawn standing on
    /// that own rank: the ordinary diagonal plus the rank's power.
    pub pawn_captures: [Vec<Compiled>; 2],
    /// One step forward per side (`None` on the last rank).
    pub forward: [Vec<Option<Cell>>; 2],
    /// `own_rank[side][cell]`: 0-based rank counted from that side.
    pub own_rank: [Vec<u8>; 2],
    pub castlings: Vec<Castling>,
    /// Per cell, the castling rights lost when a move leaves or arrives there.
    pub rights_lost: Vec<u8>,
    /// Per cell, the cells on its 8 lines close enough to shield it from a blockable
    /// attack: the longest blockable slide is 4 (Icosahedron), so a shield stands at
    /// most 3 steps away. A piece elsewhere can never be pinned to a royal here.
    pub shield_cells: Vec<super::Cells>,
    /// `power_cells[side][kind]`: the cells where a pawn of `side` has `kind`'s
    /// capture as its rank's power.
    pub power_cells: [Vec<super::Cells>; 2],
}

/// The longest blockable slide of any piece or pawn power (the Icosahedron's R4).
pub const LONGEST_SLIDE: usize = 4;

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

impl Tables {
    fn build() -> Tables {
        let topo = Topology::grid(WIDTH as i8, HEIGHT as i8);
        let per_side = |side: Side| -> Vec<Compiled> {
            KINDS
                .iter()
                .map(|k| {
                    let mode = if *k == Kind::Pawn {
                        Mode::CaptureOnly
                    } else {
                        Mode::MoveOrCapture
                    };
                    compile_atoms(&topo, k.def().atoms, side, mode).compile(&topo)
                })
                .collect()
        };
        let pawn_caps = |side: Side| -> Vec<Compiled> {
            PAWN_RANK_POWERS
                .iter()
                .map(|power| {
                    let mut pm = compile_atoms(&topo, PAWN.atoms, side, Mode::CaptureOnly);
                    if let Some(k) = power {
                        for a in k.def().atoms {
                            pm = super::pieces::add_atom(pm, &topo, a, side, Mode::CaptureOnly);
                        }
                    }
                    pm.compile(&topo)
                })
                .collect()
        };
        let north = topo.direction_index([0, 1, 0]).unwrap();
        let south = topo.direction_index([0, -1, 0]).unwrap();
        let forward = [
            (0..CELLS as Cell).map(|c| topo.step(c, north)).collect(),
            (0..CELLS as Cell).map(|c| topo.step(c, south)).collect(),
        ];
        let own_rank: [Vec<u8>; 2] = [
            (0..CELLS).map(|c| (c / WIDTH) as u8).collect(),
            (0..CELLS).map(|c| (HEIGHT - 1 - c / WIDTH) as u8).collect(),
        ];
        let castlings: Vec<Castling> = CASTLINGS
            .iter()
            .map(|d| Castling {
                side: d.side,
                letter: d.letter,
                tetra_from: cell_of(d.tetra_from),
                tetra_to: cell_of(d.tetra_to),
                transit: cell_of(d.transit),
                icosa_from: cell_of(d.icosa_from),
                icosa_to: cell_of(d.icosa_to),
                between: d.between.iter().map(|&fr| cell_of(fr)).collect(),
            })
            .collect();
        let mut rights_lost = vec![0u8; CELLS];
        for (i, c) in castlings.iter().enumerate() {
            rights_lost[c.tetra_from as usize] |= 1 << i;
            rights_lost[c.icosa_from as usize] |= 1 << i;
        }
        let shield_cells = (0..CELLS as Cell)
            .map(|c| {
                let mut set = super::Cells::EMPTY;
                for d in 0..topo.num_dirs() {
                    for &x in topo.ray(c, d).iter().take(LONGEST_SLIDE - 1) {
                        set.insert(x);
                    }
                }
                set
            })
            .collect();
        let moves = [per_side(Side::White), per_side(Side::Black)];
        let power_cells = [0, 1].map(|side: usize| {
            KINDS
                .iter()
                .map(|&k| {
                    (0..CELLS as Cell)
                        .filter(|&c| {
                            PAWN_RANK_POWERS[own_rank[side][c as usize] as usize] == Some(k)
                        })
                        .collect()
                })
                .collect()
        });
        Tables {
            shield_cells,
            power_cells,
            moves,
            pawn_captures: [pawn_caps(Side::White), pawn_caps(Side::Black)],
            forward,
            own_rank,
            castlings,
            rights_lost,
            topo,
        }
    }
}
