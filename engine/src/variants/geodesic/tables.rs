//! Everything about the GeoBoard that move generation reads, built once from the
//! sphere generator: compiled slider tables, forward fields, attack tables, the
//! setup and the cell-name aliases.

use crate::cellset::CellSet;
use crate::movement::{Compiled, Mode, PieceMoves};
use crate::topology::sphere::{CellKind, Sphere, NUM_DIRS, ROW_DIRS};
use crate::topology::{Cell, Topology};
use std::collections::HashMap;
use std::sync::OnceLock;

/// 272 cells fit in five words.
pub type Cells = CellSet<5>;

/// The GeoBoard size played (#9 = GP(3,3)).
pub const GEOBOARD_N: i32 = 3;

/// Piece kinds (codes 1..=7; a side's pieces add `side * 8`).
pub const KING: u8 = 1;
pub const QUEEN: u8 = 2;
pub const ROOK: u8 = 3;
pub const TEMPLAR: u8 = 4;
pub const OBELISK: u8 = 5;
pub const SQUIRE: u8 = 6;
pub const PAWN: u8 = 7;
pub const PIECE_LETTERS: [char; 8] = ['.', 'K', 'Q', 'R', 'T', 'O', 'S', 'P'];

/// DECISION D14: promotion choices on entering the enemy Home Territory.
pub const PROMOTION_CHOICES: [u8; 3] = [QUEEN, ROOK, TEMPLAR];
/// DECISION D15: the pieces whose rank a Squire may take by capturing them.
pub const SQUIRE_RANK_TAKING: [u8; 3] = [QUEEN, ROOK, TEMPLAR];
/// DECISION D7: how far the Templar slides along a diagonal.
pub const TEMPLAR_DIAGONAL_RANGE: u8 = 3;
/// Whether a piece of `kind`, the first piece met `index` cells out (0 = adjacent)
/// along direction `dir` from a cell, attacks that cell along the line (§7.2):
/// Queens on every line, Rooks on rows, Templars on diagonals within their range.
pub fn line_attacker(kind: u8, dir: usize, index: usize) -> bool {
    match kind {
        QUEEN => true,
        ROOK => dir < ROW_DIRS,
        TEMPLAR => dir >= ROW_DIRS && index < TEMPLAR_DIAGONAL_RANGE as usize,
        _ => false,
    }
}
/// DECISION D12: forward steps of a Pawn (moved / never moved) and of a Squire.
pub const PAWN_STEPS: usize = 2;
pub const PAWN_FIRST_STEPS: usize = 3;
pub const SQUIRE_STEPS: usize = 3;
/// DECISION D16: plies without capture, Pawn/Squire move or promotion for a draw.
pub const NO_PROGRESS_PLIES: u32 = 100;

pub struct Tables {
    pub sphere: Sphere,
    pub topo: Topology,
    pub queen: Compiled,
    pub rook: Compiled,
    pub templar: Compiled,
    /// King and Obelisk steps: rook and diagonal neighbours, in direction order.
    pub steps: Vec<Vec<(usize, Cell)>>,
    /// Home Territory per side (0 North, 1 South).
    pub home: [Cells; 2],
    pub pentagons: Cells,
    /// Forward rows / diagonals per side and cell (empty inside the homes).
    pub fwd_rows: [Vec<Vec<Cell>>; 2],
    pub fwd_diags: [Vec<Vec<Cell>>; 2],
    /// `pawn_attackers[side][t]`: cells from which a Pawn/Squire of `side` attacks t.
    pub pawn_attackers: [Vec<Vec<Cell>>; 2],
    /// For cell x and diagonal k: the row directions continuing beyond a (away from
    /// b) and beyond b (away from a), `None` from a pentagon (§7.3).
    pub gap_rows: Vec<Vec<GapRows>>,
    /// Lower-case spellings of every cell name (§3: any order of the letters).
    pub aliases: HashMap<String, Cell>,
    /// Start placement: (cell, code).
    pub setup: Vec<(Cell, u8)>,
}

#[derive(Clone, Copy, Debug)]
pub struct GapRows {
    pub a: Cell,
    pub b: Cell,
    pub beyond_a: Option<usize>,
    pub beyond_b: Option<usize>,
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(Tables::build)
}

impl Tables {
    fn build() -> Tables {
        let sphere = Sphere::build(GEOBOARD_N);
        let topo = sphere.topology();
        let num = sphere.num_cells();
        let rows = 0..ROW_DIRS;
        let diags = ROW_DIRS..NUM_DIRS;
        let queen = PieceMoves::new()
            .slide(0..NUM_DIRS, 0, Mode::MoveOrCapture)
            .compile(&topo);
        let rook = PieceMoves::new()
            .slide(rows, 0, Mode::MoveOrCapture)
            .compile(&topo);
        let templar = PieceMoves::new()
            .slide(diags, TEMPLAR_DIAGONAL_RANGE, Mode::MoveOrCapture)
            .leap(sphere.knight.clone(), Mode::MoveOrCapture)
            .compile(&topo);
        let steps = (0..num as Cell)
            .map(|c| {
                (0..NUM_DIRS)
                    .filter_map(|d| topo.step(c, d).map(|t| (d, t)))
                    .collect()
            })
            .collect();
        let home = [
            Cells::from_cells(sphere.home[0].iter().copied()),
            Cells::from_cells(sphere.home[1].iter().copied()),
        ];
        let pentagons = (0..num as Cell)
            .filter(|&c| sphere.is_pentagon(c))
            .collect();
        let fwd = |side: usize, diag: bool| -> Vec<Vec<Cell>> {
            sphere.forward[side]
                .iter()
                .map(|f| {
                    f.as_ref()
                        .map(|f| {
                            if diag {
                                f.diags.clone()
                            } else {
                                f.rows.clone()
                            }
                        })
                        .unwrap_or_default()
                })
                .collect()
        };
        let fwd_rows = [fwd(0, false), fwd(1, false)];
        let fwd_diags = [fwd(0, true), fwd(1, true)];
        let pawn_attackers = [0, 1].map(|side| {
            let mut v = vec![Vec::new(); num];
            for (c, ts) in fwd_diags[side].iter().enumerate() {
                for &t in ts {
                    v[t as usize].push(c as Cell);
                }
            }
            v
        });
        let index_of =
            |x: Cell, y: Cell| sphere.nbr[x as usize].iter().position(|&c| c == y).unwrap();
        let beyond = |x: Cell, away_from: Cell| {
            if sphere.is_pentagon(x) {
                None
            } else {
                Some((index_of(x, away_from) + 3) % 6)
            }
        };
        let gap_rows = (0..num)
            .map(|x| {
                sphere.gap[x]
                    .iter()
                    .map(|&(a, b)| GapRows {
                        a,
                        b,
                        beyond_a: beyond(a, b),
                        beyond_b: beyond(b, a),
                    })
                    .collect()
            })
            .collect();
        let mut aliases = HashMap::new();
        for (i, name) in sphere.names.iter().enumerate() {
            for spelling in spellings(name) {
                aliases.insert(spelling, i as Cell);
            }
        }
        let setup = derive_setup(&sphere);
        Tables {
            sphere,
            topo,
            queen,
            rook,
            templar,
            steps,
            home,
            pentagons,
            fwd_rows,
            fwd_diags,
            pawn_attackers,
            gap_rows,
            aliases,
            setup,
        }
    }

    pub fn name(&self, c: Cell) -> &str {
        &self.sphere.names[c as usize]
    }

    /// A cell from any spelling of its name (case-insensitive, §3).
    pub fn parse_cell(&self, text: &str) -> Option<Cell> {
        self.aliases.get(&text.to_ascii_lowercase()).copied()
    }

    pub fn num_cells(&self) -> usize {
        self.sphere.num_cells()
    }
}

/// Every accepted spelling of a canonical name: centres in any letter order, edge
/// cells with either pair first, radial cells with the two trailing letters swapped.
fn spellings(name: &str) -> Vec<String> {
    let c: Vec<char> = name.chars().collect();
    let s = |v: &[char]| v.iter().collect::<String>();
    match c.len() {
        3 if c.iter().all(|x| x.is_ascii_alphabetic()) => {
            let (a, b, d) = (c[0], c[1], c[2]);
            [
                [a, b, d],
                [a, d, b],
                [b, a, d],
                [b, d, a],
                [d, a, b],
                [d, b, a],
            ]
            .iter()
            .map(|v| s(v))
            .collect()
        }
        4 if c[1].is_ascii_digit() && c[3].is_ascii_digit() => {
            vec![name.to_string(), s(&[c[2], c[3], c[0], c[1]])]
        }
        4 if c[1].is_ascii_digit() => vec![name.to_string(), s(&[c[0], c[1], c[3], c[2]])],
        _ => vec![name.to_string()],
    }
}

/// The start array (§5, DECISION D4): K on the home centre, Obelisks on its corners,
/// Rooks on its 6 side cells, Queens on the 2-step radial cells, Templars on the 1-
/// and 4-step radial cells; Squires on the hexes bordering that block; Pawns on the
/// cells bordering block + Obelisks + Squires. South is the same around its home.
fn derive_setup(s: &Sphere) -> Vec<(Cell, u8)> {
    let mut out = Vec::new();
    for side in 0..2u8 {
        let home = &s.home[side as usize];
        let mut block: Vec<Cell> = Vec::new();
        for &c in home {
            let name = &s.names[c as usize];
            let kind = match s.kinds[c as usize] {
                CellKind::Centre => KING,
                CellKind::Pentagon => OBELISK,
                CellKind::Edge => ROOK,
                CellKind::Interior if name.as_bytes()[1] == b'2' => QUEEN,
                CellKind::Interior => TEMPLAR,
            };
            out.push((c, kind + side * 8));
            if kind != OBELISK {
                block.push(c);
            }
        }
        let ring = |block: &[Cell]| -> Vec<Cell> {
            let mut v: Vec<Cell> = block
                .iter()
                .flat_map(|&c| s.nbr[c as usize].iter().copied())
                .filter(|c| !block.contains(c) && !home.contains(c))
                .collect();
            v.sort();
            v.dedup();
            v
        };
        let squires = ring(&block);
        for &c in &squires {
            out.push((c, SQUIRE + side * 8));
        }
        let mut block2: Vec<Cell> = home.clone();
        block2.extend(&squires);
        for c in ring(&block2) {
            out.push((c, PAWN + side * 8));
        }
    }
    out.sort();
    out
}
