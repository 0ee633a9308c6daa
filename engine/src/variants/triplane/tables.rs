//! Tables built once from the rules: the three-board topology, every piece's
//! movement compiled from its [`PieceMoves`] data, castling cells and Zobrist keys.

use super::rules::{Kind, CASTLING_RULES, HOLD_KIND_COUNT, MAX_HOLD_COUNT};
use crate::movement::{Compiled, Mode, PieceMoves};
use crate::position::Side;
use crate::topology::{
    square_name, Cell, Topology, Vector, DIAGONAL_2D, KING_2D, KNIGHT_2D, ORTHOGONAL_2D,
};
use crate::zobrist::Zobrist;
use std::sync::OnceLock;

/// War Machine: leaps exactly two orthogonally [D].
pub const WAR_MACHINE_LEAPS: [Vector; 4] = [[0, 2, 0], [2, 0, 0], [0, -2, 0], [-2, 0, 0]];
/// Elephant: leaps exactly two diagonally [A].
pub const ELEPHANT_LEAPS: [Vector; 4] = [[2, 2, 0], [2, -2, 0], [-2, -2, 0], [-2, 2, 0]];

const ZOBRIST_SEED: u64 = 0x7219_5e11_7a1e_0003;

/// Zobrist extras layout.
pub const Z_CASTLING: usize = 0; // 4 rights
pub const Z_EP: usize = 4; // one per cell
pub const Z_STEP: usize = Z_EP + 192; // 3 steps
pub const Z_HOLD: usize = Z_STEP + 3; // [hold board][side][kind][count-1]
const Z_EXTRAS: usize = Z_HOLD + 2 * 2 * HOLD_KIND_COUNT * MAX_HOLD_COUNT as usize;
/// Piece codes: `kind * 2 + side` for coloured kinds; DeadWood is one colourless
/// code (rules and repetition treat both colours alike).
pub const DEADWOOD_CODE: usize = Kind::DeadWood as usize * 2;
const PIECE_CODES: usize = DEADWOOD_CODE + 1;

#[derive(Clone, Copy, Debug)]
pub struct CastlingCells {
    pub bit: u8,
    pub side: Side,
    pub s_from: Cell,
    pub s_to: Cell,
    pub rook_from: Cell,
    pub rook_to: Cell,
    pub empty: [Option<Cell>; 3],
}

pub struct Tables {
    pub topo: Topology,
    /// Movement of every kind except the pawn (DeadWood: none), by `Kind::index`.
    pub piece: Vec<Compiled>,
    /// Pawn single step forward (move only), per side.
    pub pawn_single: [Compiled; 2],
    /// Pawn step of one or two forward (move only), used from the owner's 2nd rank.
    pub pawn_double: [Compiled; 2],
    /// Pawn diagonal capture (capture only), per side.
    pub pawn_capture: [Compiled; 2],
    pub castlings: [CastlingCells; 4],
    pub zobrist: Zobrist,
}

/// The cell name: board letter then square (`Ae4`).
pub fn cell_name(board: usize, file: u8, rank: u8) -> String {
    format!(
        "{}{}",
        super::rules::BOARD_LETTERS[board],
        square_name(file as i8, rank as i8)
    )
}

/// Cell index from board, file and rank (lattice order: board, rank, file).
#[inline]
pub const fn cell_of(board: usize, file: u8, rank: u8) -> Cell {
    (board * 64 + rank as usize * 8 + file as usize) as Cell
}
#[inline]
pub const fn board_of(c: Cell) -> usize {
    c as usize / 64
}
#[inline]
pub const fn file_of(c: Cell) -> u8 {
    (c % 8) as u8
}
#[inline]
pub const fn rank_of(c: Cell) -> u8 {
    ((c % 64) / 8) as u8
}

impl Tables {
    fn build() -> Tables {
        let topo = Topology::boards(3, 8, 8, &|c| {
            cell_name(c.board as usize, c.x as u8, c.y as u8)
        });
        let dirs = |vs: &[Vector]| -> Vec<usize> {
            vs.iter()
                .map(|&v| topo.direction_index(v).expect("flat direction"))
                .collect()
        };
        let orth = dirs(&ORTHOGONAL_2D);
        let diag = dirs(&DIAGONAL_2D);
        let all = dirs(&KING_2D);
        let movement = |kind: Kind| -> PieceMoves {
            let m = PieceMoves::new();
            match kind {
                Kind::Pawn | Kind::DeadWood => m,
                Kind::Knight => m.leap(topo.leap_table(&KNIGHT_2D), Mode::MoveOrCapture),
                Kind::Bishop => m.slide(diag.clone(), 0, Mode::MoveOrCapture),
                Kind::Rook => m.slide(orth.clone(), 0, Mode::MoveOrCapture),
                Kind::Queen => m.slide(all.clone(), 0, Mode::MoveOrCapture),
                Kind::Wazir => m.step(orth.clone(), Mode::MoveOrCapture),
                Kind::WarMachine => {
                    m.leap(topo.leap_table(&WAR_MACHINE_LEAPS), Mode::MoveOrCapture)
                }
                Kind::Ferz => m.step(diag.clone(), Mode::MoveOrCapture),
                Kind::Elephant => m.leap(topo.leap_table(&ELEPHANT_LEAPS), Mode::MoveOrCapture),
                Kind::SplitPhase | Kind::King => m.step(all.clone(), Mode::MoveOrCapture),
            }
        };
        let piece: Vec<Compiled> = Kind::ALL
            .iter()
            .map(|&k| movement(k).compile(&topo))
            .collect();
        let forward = |s: Side| -> Vector {
            if s == Side::White {
                [0, 1, 0]
            } else {
                [0, -1, 0]
            }
        };
        let pawn = |s: Side, range: u8| {
            PieceMoves::new()
                .slide(dirs(&[forward(s)]), range, Mode::MoveOnly)
                .compile(&topo)
        };
        let capture = |s: Side| {
            let f = forward(s)[1];
            PieceMoves::new()
                .step(dirs(&[[1, f, 0], [-1, f, 0]]), Mode::CaptureOnly)
                .compile(&topo)
        };
        let castlings = CASTLING_RULES.map(|r| {
            let c = |(f, rk): (u8, u8)| cell_of(0, f, rk);
            let mut empty = [None; 3];
            for (i, &sq) in r.empty.iter().enumerate() {
                empty[i] = Some(c(sq));
            }
            CastlingCells {
                bit: r.bit,
                side: r.side,
                s_from: c(r.s_from),
                s_to: c(r.s_to),
                rook_from: c(r.rook_from),
                rook_to: c(r.rook_to),
                empty,
            }
        });
        debug_assert_eq!(topo.num_cells(), 192);
        debug_assert_eq!(topo.cell_by_name("Bf3"), Some(cell_of(1, 5, 2)));
        Tables {
            pawn_single: [pawn(Side::White, 1), pawn(Side::Black, 1)],
            pawn_double: [pawn(Side::White, 2), pawn(Side::Black, 2)],
            pawn_capture: [capture(Side::White), capture(Side::Black)],
            piece,
            castlings,
            zobrist: Zobrist::new(ZOBRIST_SEED, PIECE_CODES, topo.num_cells(), Z_EXTRAS),
            topo,
        }
    }

    pub fn moves(&self, kind: Kind) -> &Compiled {
        &self.piece[kind.index()]
    }

    /// Key of a man on a cell.
    #[inline]
    pub fn piece_key(&self, p: super::rules::Piece, cell: Cell) -> u64 {
        let code = if p.kind == Kind::DeadWood {
            DEADWOOD_CODE
        } else {
            p.kind.index() * 2 + p.side.index()
        };
        self.zobrist.piece(code, cell as usize)
    }

    /// Key of `count` men of a kind in a hold (zero for an empty slot).
    #[inline]
    pub fn hold_key(&self, hold: usize, side: Side, kind_index: usize, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        let slot =
            ((hold * 2 + side.index()) * HOLD_KIND_COUNT + kind_index) * MAX_HOLD_COUNT as usize;
        self.zobrist.extra(Z_HOLD + slot + (count as usize - 1))
    }
}

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}
