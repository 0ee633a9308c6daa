//! Platonic Chess (Albert Lee, 2021): 10x10, two royal Tetrahedrons per side, pawns
//! whose extra capture power depends on the rank they stand on.
//!
//! Specification: `shared/rules/platonic.md`. Every DECISION there is a named constant
//! in [`pieces`] (piece movement, pawn powers, double-step rank) or [`tables`]
//! (castling squares) or here (draw rules).
//!
//! Module map: [`pieces`] the piece data; [`tables`] compiled per-cell tables;
//! `movegen` attacks and legal move generation; `fen` FEN reading and writing.

mod fen;
mod movegen;
pub mod pieces;
pub mod tables;

use crate::cellset::CellSet;
use crate::error::FenError;
use crate::moves::{Move, MoveList};
use crate::position::{GenKind, Outcome, Position, Side, VariantInfo};
use crate::topology::Cell;
use crate::view::{push_grid, Geometry, MoveParts};
use crate::zobrist::Zobrist;
use pieces::{Kind, CELLS, KINDS, WIDTH};
use std::sync::OnceLock;
use tables::tables;

pub use pieces::{PieceDef, PIECES};

/// The start position (DECISION: the setup diagram is lost; rules file, Setup).
pub const START_FEN: &str =
    "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w AJaj - 0 1";

/// DECISION: 50-move rule, counted in plies without capture or pawn move.
pub const MOVE_COUNTER_LIMIT: u32 = 100;

/// Zobrist seed of this variant ("PLATONIC").
const ZOBRIST_SEED: u64 = 0x504C_4154_4F4E_4943;
/// Zobrist extras: 4 castling rights, then 10 en passant files.
const Z_CASTLING: usize = 0;
const Z_EP_FILE: usize = 4;

/// `Move::extra` values.
pub(crate) const FLAG_NORMAL: u16 = 0;
pub(crate) const FLAG_DOUBLE_STEP: u16 = 1;
pub(crate) const FLAG_EN_PASSANT: u16 = 2;
/// Castling: `FLAG_CASTLE + index into tables().castlings`.
pub(crate) const FLAG_CASTLE: u16 = 4;

pub(crate) fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Zobrist> = OnceLock::new();
    Z.get_or_init(|| Zobrist::new(ZOBRIST_SEED, 12, CELLS, 4 + WIDTH))
}

/// A piece on the board: side and kind packed as `1 + side * 6 + kind` (0 = empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    #[inline]
    fn code(self) -> u8 {
        1 + (self.side.index() * 6 + self.kind.index()) as u8
    }
    #[inline]
    fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            return None;
        }
        let i = (code - 1) as usize;
        let side = if i >= 6 { Side::Black } else { Side::White };
        Some(Piece {
            side,
            kind: KINDS[i % 6],
        })
    }
    pub fn fen_char(self) -> char {
        let c = self.kind.letter();
        match self.side {
            Side::White => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }
}

pub type Cells = CellSet<2>;

#[derive(Clone, Debug)]
pub struct Platonic {
    board: [u8; CELLS],
    /// `by_kind[side][kind]`.
    by_kind: [[Cells; 6]; 2],
    by_side: [Cells; 2],
    stm: Side,
    /// Bit `i` = `tables().castlings[i]` still allowed.
    castling: u8,
    /// The square a pawn just passed over with a double step.
    ep: Option<Cell>,
    halfmove: u32,
    fullmove: u32,
    key: u64,
}

impl PartialEq for Platonic {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.stm == other.stm
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

impl Platonic {
    fn empty() -> Platonic {
        Platonic {
            board: [0; CELLS],
            by_kind: [[Cells::EMPTY; 6]; 2],
            by_side: [Cells::EMPTY; 2],
            stm: Side::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        Piece::from_code(self.board[cell as usize])
    }
    #[inline]
    pub fn pieces(&self, side: Side, kind: Kind) -> Cells {
        self.by_kind[side.index()][kind.index()]
    }
    #[inline]
    pub fn side_cells(&self, side: Side) -> Cells {
        self.by_side[side.index()]
    }
    /// What a piece of `side` walking its lines finds on a cell: its own men block,
    /// the other side's can be captured.
    #[inline]
    pub fn square_for(&self, side: Side, c: Cell) -> crate::movement::Square {
        use crate::movement::Square;
        if self.by_side[side.index()].contains(c) {
            Square::Blocked
        } else if self.by_side[side.opposite().index()].contains(c) {
            Square::Enemy
        } else {
            Square::Empty
        }
    }
    #[inline]
    pub fn occupied(&self) -> Cells {
        self.by_side[0] | self.by_side[1]
    }
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    pub fn ep_square(&self) -> Option<Cell> {
        self.ep
    }
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    /// The 0-based rank of `cell` counted from `side`.
    #[inline]
    pub fn own_rank(side: Side, cell: Cell) -> usize {
        tables().own_rank[side.index()][cell as usize] as usize
    }
    /// The board topology (10x10 grid).
    pub fn topology() -> &'static crate::topology::Topology {
        &tables().topo
    }

    /// Puts a piece on an empty cell, keeping the key.
    fn put(&mut self, cell: Cell, p: Piece) {
        debug_assert_eq!(self.board[cell as usize], 0);
        self.board[cell as usize] = p.code();
        self.by_kind[p.side.index()][p.kind.index()].insert(cell);
        self.by_side[p.side.index()].insert(cell);
        self.key ^= zobrist().piece(p.code() as usize - 1, cell as usize);
    }

    /// Removes the piece on `cell`, keeping the key.
    fn take(&mut self, cell: Cell) -> Option<Piece> {
        let p = self.piece_at(cell)?;
        self.board[cell as usize] = 0;
        self.by_kind[p.side.index()][p.kind.index()].remove(cell);
        self.by_side[p.side.index()].remove(cell);
        self.key ^= zobrist().piece(p.code() as usize - 1, cell as usize);
        Some(p)
    }

    fn set_castling(&mut self, rights: u8) {
        let changed = self.castling ^ rights;
        for i in 0..4 {
            if changed & (1 << i) != 0 {
                self.key ^= zobrist().extra(Z_CASTLING + i);
            }
        }
        self.castling = rights;
    }

    fn set_ep(&mut self, ep: Option<Cell>) {
        if let Some(c) = self.ep {
            self.key ^= zobrist().extra(Z_EP_FILE + c as usize % WIDTH);
        }
        if let Some(c) = ep {
            self.key ^= zobrist().extra(Z_EP_FILE + c as usize % WIDTH);
        }
        self.ep = ep;
    }

    /// Whether `by` attacks `cell` (rank powers of pawns included, pushes not).
    pub fn attacked_by(&self, cell: Cell, by: Side) -> bool {
        movegen::attacked(self, cell, by)
    }

    /// Every cell `by` attacks (rank powers included, pushes not).
    pub fn attack_map(&self, by: Side) -> Cells {
        movegen::attack_map(self, by)
    }
    /// The cells `by` attacks, by the kind of man attacking (`Kind::index` order).
    pub fn attack_maps_by_kind(&self, by: Side) -> [Cells; 6] {
        movegen::attack_maps_by_kind(self, by)
    }

    /// Whether `m` captures (en passant included).
    pub fn is_capture(&self, m: Move) -> bool {
        movegen::is_capture(self, m)
    }

    /// Whether both sides have nothing but their Tetrahedrons (DECISION: a draw).
    pub fn bare_tetrahedrons(&self) -> bool {
        (0..2).all(|s| self.by_side[s] == self.by_kind[s][Kind::Tetrahedron.index()])
    }
}

impl Position for Platonic {
    fn info() -> VariantInfo {
        VariantInfo {
            name: "platonic",
            title: "Platonic Chess",
            board: "10x10, cells a1..j10".to_string(),
            pieces: PIECES.iter().map(|d| (d.letter, d.name)).collect(),
            start_fen: START_FEN.to_string(),
            turn: "1",
        }
    }

    fn from_fen(text: &str) -> Result<Self, FenError> {
        fen::parse(text)
    }

    /// Larger late-move reductions (`lmr_divisor=200`, against the default 250):
    /// Platonic 2+0.02 +26.7 (+9.3, +44.2) over 1,214 games, SPRT (0, 10) H1, mean
    /// depth 7.65 against 7.30 (docs/strength.md, fifty-second session). Chess plays
    /// the same value (`variants::chess::fide`).
    ///
    /// Clock time by the best move's stability and by the share of nodes it took,
    /// against a pivot learned over the game from 600 permille (`time_effort_learn`;
    /// chess's fixed 700 gave +9.7 over 1,900 games, undecided): Platonic 2+0.02 +22.2
    /// (+7.0, +37.4) over 1,648 games, SPRT (0, 10) H1 (fifty-eighth session).
    fn search_profile(&self) -> &str {
        "lmr_divisor=200 time_stability=1 time_effort=600 time_effort_learn=1"
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn side_to_move(&self) -> Side {
        self.stm
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn compute_key(&self) -> u64 {
        let z = zobrist();
        let mut k = 0;
        for cell in 0..CELLS {
            if self.board[cell] != 0 {
                k ^= z.piece(self.board[cell] as usize - 1, cell);
            }
        }
        if self.stm == Side::Black {
            k ^= z.side();
        }
        for i in 0..4 {
            if self.castling & (1 << i) != 0 {
                k ^= z.extra(Z_CASTLING + i);
            }
        }
        if let Some(c) = self.ep {
            k ^= z.extra(Z_EP_FILE + c as usize % WIDTH);
        }
        k
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        movegen::generate_legal(self, kind, out);
    }

    /// What a move takes, at `Kind::nominal_value` (the game has no promotion).
    fn capture_value(&self, m: Move) -> Option<i32> {
        if m.extra() == FLAG_EN_PASSANT {
            return Some(Kind::Pawn.nominal_value());
        }
        Some(self.piece_at(m.to()).map_or(0, |p| p.kind.nominal_value()))
    }

    fn make(&mut self, m: Move) {
        let t = tables();
        let (from, to, flag) = (m.from(), m.to(), m.extra());
        let us = self.stm;
        let Some(mover) = self.take(from) else { return };
        let mut irreversible = mover.kind == Kind::Pawn;
        if flag == FLAG_EN_PASSANT {
            // The captured pawn stands behind the passed-over square, from our view.
            let behind =
                t.forward[us.opposite().index()][to as usize].expect("ep square has a cell behind");
            self.take(behind);
            irreversible = true;
        } else if self.take(to).is_some() {
            irreversible = true;
        }
        self.put(to, mover);
        if flag >= FLAG_CASTLE {
            let c = &t.castlings[(flag - FLAG_CASTLE) as usize];
            if let Some(icosa) = self.take(c.icosa_from) {
                self.put(c.icosa_to, icosa);
            }
        }
        let rights = self.castling & !t.rights_lost[from as usize] & !t.rights_lost[to as usize];
        self.set_castling(rights);
        let ep = if flag == FLAG_DOUBLE_STEP {
            t.forward[us.index()][from as usize]
        } else {
            None
        };
        self.set_ep(ep);
        self.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
        if us == Side::Black {
            self.fullmove += 1;
        }
        self.stm = us.opposite();
        self.key ^= zobrist().side();
    }

    fn move_text(&self, m: Move) -> String {
        let topo = &tables().topo;
        format!("{}{}", topo.name(m.from()), topo.name(m.to()))
    }

    fn in_check(&self) -> bool {
        movegen::royal_attacked(self, self.stm)
    }

    fn no_move_outcome(&self) -> Outcome {
        if self.in_check() {
            Outcome::Win {
                winner: self.stm.opposite(),
                reason: "checkmate",
            }
        } else {
            Outcome::Draw(crate::position::DrawReason::Stalemate)
        }
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn move_counter_limit(&self) -> u32 {
        MOVE_COUNTER_LIMIT
    }

    fn dead_position(&self) -> bool {
        self.bare_tetrahedrons()
    }

    fn geometry() -> Geometry {
        let topo = &tables().topo;
        let mut g = Geometry::new(&Self::info(), ["White", "Black"]).with_chess_glyphs();
        push_grid(
            &mut g,
            "board",
            0.0,
            WIDTH,
            pieces::HEIGHT,
            &|file, rank| topo.name((rank * WIDTH + file) as Cell).to_string(),
        );
        g
    }

    fn cell_pieces(&self) -> Vec<Option<char>> {
        // `push_grid` lists rank 1 first, file a first: the cell index order.
        (0..CELLS)
            .map(|c| self.piece_at(c as Cell).map(|p| p.fen_char()))
            .collect()
    }

    fn move_parts(&self, m: Move) -> MoveParts {
        let topo = &tables().topo;
        let mut parts = MoveParts::board(
            topo.name(m.from()).to_string(),
            topo.name(m.to()).to_string(),
        );
        // No promotions (rules: "promotions are only for capture"); from and to tell
        // every move apart, the labels only say what happens besides.
        if m.extra() >= FLAG_CASTLE {
            parts.label = "castle".to_string();
        } else if m.extra() == FLAG_EN_PASSANT {
            parts.label = "en passant".to_string();
        }
        parts
    }

    fn checked_royals(&self) -> Vec<String> {
        let topo = &tables().topo;
        [Side::White, Side::Black]
            .iter()
            .flat_map(|&side| {
                self.pieces(side, Kind::Tetrahedron)
                    .iter()
                    .filter(move |&c| self.attacked_by(c, side.opposite()))
            })
            .map(|c| topo.name(c).to_string())
            .collect()
    }

    fn display(&self) -> String {
        let topo = &tables().topo;
        let mut s = String::new();
        for rank in (0..pieces::HEIGHT).rev() {
            s.push_str(&format!("{:>2} ", rank + 1));
            for file in 0..WIDTH {
                let c = (rank * WIDTH + file) as Cell;
                let ch = self.piece_at(c).map(|p| p.fen_char()).unwrap_or('.');
                s.push(' ');
                s.push(ch);
            }
            s.push('\n');
        }
        s.push_str("    a b c d e f g h i j\n");
        let ep = self
            .ep
            .map(|c| topo.name(c).to_string())
            .unwrap_or_else(|| "-".into());
        s.push_str(&format!(
            "{} to move, castling {}, ep {}, halfmove {}{}\n",
            if self.stm == Side::White {
                "White"
            } else {
                "Black"
            },
            fen::castling_text(self.castling),
            ep,
            self.halfmove,
            if self.in_check() { ", in check" } else { "" }
        ));
        s
    }
}

#[cfg(test)]
mod tests;
