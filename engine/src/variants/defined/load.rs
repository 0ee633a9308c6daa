//! STUB (not to merge): a throwaway stand-in for the LOADER helper's `load.rs` with
//! the agreed signatures. It understands no TOML: it builds one 8x8 variant named
//! by the first `name = "..."` line, and fails on a line containing `bad`.

use super::def::*;
use crate::movement::Mode;
use std::path::Path;

#[derive(Debug, Clone)]
pub struct LoadError {
    pub source: String,
    pub line: usize,
    pub variant: Option<String>,
    pub field: Option<String>,
    pub message: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: ", self.source, self.line)?;
        if let Some(v) = &self.variant {
            write!(f, "variant '{v}', ")?;
        }
        if let Some(x) = &self.field {
            write!(f, "field '{x}': ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for LoadError {}

pub fn load_str(
    text: &str,
    source: &str,
    check: &dyn Fn(&VariantDef) -> Result<(), String>,
) -> Result<Vec<VariantDef>, LoadError> {
    let err = |line: usize, message: &str| LoadError {
        source: source.to_string(),
        line,
        variant: None,
        field: None,
        message: message.to_string(),
    };
    if let Some(i) = text.lines().position(|l| l.contains("bad")) {
        return Err(err(i + 1, "stub: bad line"));
    }
    let name = text
        .lines()
        .find_map(|l| {
            let l = l.trim();
            l.strip_prefix("name").map(|r| {
                r.trim_start_matches([' ', '='])
                    .trim()
                    .trim_matches('"')
                    .to_string()
            })
        })
        .ok_or_else(|| err(1, "stub: no name"))?;
    let board = Board::Grid {
        width: 8,
        height: 8,
    };
    let topology = board.topology(board.king_vectors());
    let step = |v: Vec<[i8; 3]>| Atom {
        vectors: v,
        travel: Travel::Ride { min: 1, max: 1 },
        mode: Mode::MoveOrCapture,
        initial: false,
    };
    let piece = |letter: char, name: &str, royal: bool| PieceDef {
        letter,
        name: name.into(),
        atoms: vec![step(crate::topology::KING_2D.to_vec())],
        royal,
        en_passant: false,
        value: None,
        notation: "K".into(),
    };
    let def = VariantDef::new(
        name,
        "Stub".into(),
        board,
        topology,
        vec![piece('K', "king", true), piece('M', "man", false)],
        "4k3/mmmmmmmm/8/8/8/8/MMMMMMMM/4K3 w - - 0 1".into(),
        Rules {
            goal: Goal::Checkmate,
            stalemate: NoMoveResult::Draw,
            initial_ranks: vec![2],
            en_passant: false,
            castling: None,
            promotion: None,
            drops: None,
            explosion: None,
            goal_cells: None,
            forced_capture: false,
            turn: Turn {
                moves: 1,
                end_on: Vec::new(),
                may_stop_early: false,
            },
            draws: Draws {
                move_counter: 100,
                repetition: 3,
            },
        },
    );
    check(&def).map_err(|m| err(1, &m))?;
    Ok(vec![def])
}

pub fn load_file(
    path: &Path,
    check: &dyn Fn(&VariantDef) -> Result<(), String>,
) -> Result<Vec<VariantDef>, LoadError> {
    let source = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| LoadError {
        source: source.clone(),
        line: 0,
        variant: None,
        field: None,
        message: e.to_string(),
    })?;
    load_str(&text, &source, check)
}
