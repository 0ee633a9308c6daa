//! STUB (not to merge): a throwaway stand-in for the CORE helper's `FileVariant`
//! with the agreed signatures, so the integration code compiles. It reads the
//! placement of grid FENs only and generates no moves.

use super::def::*;
use crate::error::FenError;
use crate::moves::{Move, MoveList};
use crate::position::{GenKind, Outcome, Position, Side, VariantInfo};
use crate::topology::{Cell, Coord};
use crate::view::{Geometry, MoveParts};
use std::sync::Arc;

#[derive(Clone)]
pub struct FileVariant {
    def: Arc<VariantDef>,
    board: Vec<Option<(Side, usize)>>,
    side: Side,
}

impl FileVariant {
    pub fn from_fen_in(def: Arc<VariantDef>, fen: &str) -> Result<FileVariant, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let placement = fields.first().ok_or(FenError::Empty)?;
        let side = Side::from_fen(fields.get(1).copied().unwrap_or("w"))?;
        let mut board = vec![None; def.topology.num_cells()];
        let (w, h) = match def.board {
            Board::Grid { width, height } => (width, height),
            _ => return Err(FenError::Placement("stub: grid boards only".into())),
        };
        for (i, row) in placement.split('/').enumerate() {
            let y = h - 1 - i as i8;
            let mut x = 0i8;
            let mut num = 0i8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    num = num * 10 + d as i8;
                    continue;
                }
                x += num;
                num = 0;
                let kind = def
                    .pieces
                    .iter()
                    .position(|p| p.letter == c.to_ascii_uppercase())
                    .ok_or(FenError::BadPiece(c))?;
                let s = if c.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                let cell = def
                    .topology
                    .cell_at(Coord {
                        x,
                        y,
                        z: 0,
                        board: 0,
                    })
                    .ok_or_else(|| FenError::Placement(row.to_string()))?;
                board[cell as usize] = Some((s, kind));
                x += 1;
            }
            if x + num != w {
                return Err(FenError::Placement(row.to_string()));
            }
        }
        Ok(FileVariant { def, board, side })
    }
    pub fn start(def: Arc<VariantDef>) -> Result<FileVariant, FenError> {
        let fen = def.start_fen.clone();
        Self::from_fen_in(def, &fen)
    }
    pub fn def(&self) -> &Arc<VariantDef> {
        &self.def
    }
    pub fn piece_at(&self, cell: Cell) -> Option<(Side, usize)> {
        self.board.get(cell as usize).copied().flatten()
    }
    pub fn hand_count(&self, _side: Side, _kind: usize) -> u32 {
        0
    }
}

pub fn empty_board_mobility(_def: &VariantDef, _kind: usize) -> f32 {
    4.0
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

impl Position for FileVariant {
    fn info() -> VariantInfo {
        VariantInfo {
            name: "file",
            title: "file",
            board: String::new(),
            pieces: Vec::new(),
            start_fen: String::new(),
            turn: "1",
        }
    }
    fn variant_info(&self) -> VariantInfo {
        VariantInfo {
            name: leak(&self.def.name),
            title: leak(&self.def.title),
            board: format!("{:?}", self.def.board),
            pieces: self
                .def
                .pieces
                .iter()
                .map(|p| (p.letter, leak(&p.name)))
                .collect(),
            start_fen: self.def.start_fen.clone(),
            turn: "1",
        }
    }
    fn variant_from_fen(&self, fen: &str) -> Result<Self, FenError> {
        Self::from_fen_in(self.def.clone(), fen)
    }
    fn variant_startpos(&self) -> Self {
        Self::start(self.def.clone()).expect("checked start")
    }
    fn variant_geometry(&self) -> Geometry {
        super::view::geometry(&self.def)
    }
    fn from_fen(_fen: &str) -> Result<Self, FenError> {
        Err(FenError::Illegal("stub".into()))
    }
    fn fen(&self) -> String {
        format!("{} - - 0 1", self.side.fen_char())
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn key(&self) -> u64 {
        0
    }
    fn compute_key(&self) -> u64 {
        0
    }
    fn generate(&self, _kind: GenKind, _out: &mut MoveList) {}
    fn make(&mut self, _m: Move) {}
    fn move_text(&self, _m: Move) -> String {
        "0000".into()
    }
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw(crate::position::DrawReason::Stalemate)
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
    fn geometry() -> Geometry {
        Geometry::new(&Self::info(), ["White", "Black"])
    }
    fn cell_pieces(&self) -> Vec<Option<char>> {
        self.board
            .iter()
            .map(|p| {
                p.map(|(s, k)| {
                    let c = self.def.pieces[k].letter;
                    if s == Side::White {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    }
                })
            })
            .collect()
    }
    fn move_parts(&self, m: Move) -> MoveParts {
        MoveParts::choice(self.move_text(m))
    }
    fn display(&self) -> String {
        super::view::display(self)
    }
}

// STUB of the CORE helper's `VariantDef::piece_values` (def.rs on main), same
// signature, so the evaluator shares the one value table.
impl VariantDef {
    pub fn piece_values(&self) -> &[i32] {
        self.values.get_or_init(|| {
            self.pieces
                .iter()
                .enumerate()
                .map(|(k, p)| {
                    p.value.unwrap_or_else(|| {
                        if p.royal {
                            0
                        } else {
                            (35.0 * empty_board_mobility(self, k) + 100.0).round() as i32
                        }
                    })
                })
                .collect()
        })
    }
}
