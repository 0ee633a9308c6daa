//! [`FileVariant`]: one position type that plays every data-defined variant.
//!
//! A position is plain fixed-size data (copy-make: no heap allocation per node):
//! a byte per cell, occupancy bitsets, hands, piece counts, rights and counters,
//! an incremental Zobrist key, plus two `Arc`s: the definition and the tables
//! compiled from it once ([`tables::Tables`]). Move generation walks the compiled
//! lines; check detection looks outward from the royal cell along reverse attack
//! tables, never by generating the enemy's moves.
//!
//! Rules chosen where the definition leaves room (documented for the file's users
//! in `docs/variants.md` by the loader):
//! * **E.p.**: a ride of 2+ cells by an `en_passant` piece from its initial region
//!   sets one e.p. cell, the last cell it crossed (enough for pawns' double steps;
//!   a longer ride can be taken e.p. only on that last cell). The e.p. cell stays
//!   capturable for the opponent's first sub-move only.
//! * **Several royal pieces**: with the checkmate goal none may be left attacked.
//! * **A side with no piece at all**, on the board or in hand, loses, or wins where
//!   the definition says so (`rules.no_pieces`, the giveaway family).
//! * **Multi-move turns** with the checkmate goal: no sub-move may leave the
//!   mover's royals attacked, and a sub-move that gives check ends the turn (so a
//!   check is always answered at once). Mid-turn, a side without a legal sub-move
//!   ends its turn (`0000` is then its only move).
//! * **Promoted pieces** (`~`, with drops) return to the hand as the first kind
//!   the promotion rule lists.
//! * **Explosions with royal capture**: a move that explodes the mover's own last
//!   royal loses at once (before the enemy's loss is looked at).

mod fen;
mod make;
mod movegen;
mod see;
pub(crate) mod tables;
#[cfg(test)]
mod tests;

pub use tables::empty_board_mobility;

use super::def::*;
use crate::error::{FenError, MoveError};
use crate::moves::{Move, MoveList};
use crate::position::{DrawReason, GenKind, Outcome, Position, Side, VariantInfo};
use crate::topology::Cell;
use crate::view::{Geometry, HandContents, MoveParts};
use std::sync::{Arc, OnceLock};
use tables::{Tables, WORDS};

/// Length of the board array: `MAX_CELLS` rounded up to a power of two, so hot
/// loops index it with `cell & (BOARD_LEN - 1)` and need no bounds check.
pub(crate) const BOARD_LEN: usize = 512;
const _: () = assert!(MAX_CELLS <= BOARD_LEN);

/// The board byte on `cell` (masked index: never out of bounds).
#[inline(always)]
pub(crate) fn at(board: &[u8; BOARD_LEN], cell: usize) -> u8 {
    board[cell & (BOARD_LEN - 1)]
}

/// Board byte: 0 empty, else `kind + 1` plus `BLACK` for Black, plus `PROMOTED`.
pub(crate) const BLACK: u8 = 32;
pub(crate) const PROMOTED: u8 = 64;

#[inline(always)]
pub(crate) fn kind_of(p: u8) -> usize {
    ((p & 31) - 1) as usize
}
#[inline(always)]
pub(crate) fn side_of(p: u8) -> usize {
    ((p >> 5) & 1) as usize
}
#[inline(always)]
pub(crate) fn code(side: usize, kind: usize) -> u8 {
    (kind as u8 + 1) | if side == 1 { BLACK } else { 0 }
}

/// Move `extra` bits: the promotion (or dropped) kind + 1 in the low 5 bits.
pub(crate) const X_KIND: u16 = 31;
/// An en-passant capture (the victim stands on `ep_victim`).
pub(crate) const X_EP: u16 = 1 << 5;
/// Castling: the king's move; the rook follows.
pub(crate) const X_CASTLE: u16 = 1 << 6;
/// Bits 7..11: the length of an e.p.-setting ride (2..=15), 0 otherwise.
pub(crate) const X_STEPS_SHIFT: u16 = 7;

/// Why a game ended by an event (`FileVariant::event` reason index).
const EVENT_REASONS: [&str; 5] = [
    "royal piece captured",
    "royal piece exploded",
    "extinction",
    "no pieces left",
    "goal cell reached",
];
pub(crate) const EV_ROYAL_CAPTURED: u8 = 0;
pub(crate) const EV_ROYAL_EXPLODED: u8 = 1;
pub(crate) const EV_EXTINCTION: u8 = 2;
pub(crate) const EV_NO_PIECES: u8 = 3;
pub(crate) const EV_GOAL_CELL: u8 = 4;

/// A position of a data-defined variant.
#[derive(Clone)]
pub struct FileVariant {
    pub(crate) def: Arc<VariantDef>,
    pub(crate) t: Arc<Tables>,
    pub(crate) board: [u8; BOARD_LEN],
    pub(crate) occ: [[u64; WORDS]; 2],
    pub(crate) hands: [[u8; MAX_KINDS]; 2],
    pub(crate) counts: [[u16; MAX_KINDS]; 2],
    pub(crate) key: u64,
    pub(crate) ep: u16,
    /// The cell of the piece an e.p. capture removes.
    pub(crate) ep_victim: u16,
    /// Bits: White king side, White queen side, Black king side, Black queen side.
    pub(crate) castling: u8,
    pub(crate) side: Side,
    /// Sub-moves of the current turn already made.
    pub(crate) sub: u8,
    /// 0: the game goes on; else winner + 1 in bits 0..2, reason index above.
    pub(crate) event: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
}

impl std::fmt::Debug for FileVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FileVariant({}: {})", self.def.name, self.fen())
    }
}

impl FileVariant {
    /// A position of `def` from a FEN in the variant's format.
    pub fn from_fen_in(def: Arc<VariantDef>, fen: &str) -> Result<FileVariant, FenError> {
        fen::parse(def, fen)
    }

    /// The definition's start position.
    pub fn start(def: Arc<VariantDef>) -> Result<FileVariant, FenError> {
        let fen = def.start_fen.clone();
        fen::parse(def, &fen)
    }

    pub fn def(&self) -> &Arc<VariantDef> {
        &self.def
    }

    /// The piece on `cell`: its side and kind (index in `def.pieces`).
    pub fn piece_at(&self, cell: Cell) -> Option<(Side, usize)> {
        let p = *self.board.get(cell as usize)?;
        if p == 0 {
            return None;
        }
        let side = if side_of(p) == 0 {
            Side::White
        } else {
            Side::Black
        };
        Some((side, kind_of(p)))
    }

    /// Pieces of `kind` in `side`'s hand.
    pub fn hand_count(&self, side: Side, kind: usize) -> u32 {
        self.hands[side.index()].get(kind).map_or(0, |&n| n as u32)
    }

    /// Whether the piece on `cell` carries the promoted mark (`~`).
    pub fn is_promoted(&self, cell: Cell) -> bool {
        self.board
            .get(cell as usize)
            .is_some_and(|&p| p & PROMOTED != 0)
    }

    #[inline]
    pub(crate) fn checkmate_goal(&self) -> bool {
        self.def.rules.goal == Goal::Checkmate
    }

    /// Cells of `side`'s royal pieces (at most `out.len()`), count returned.
    #[inline]
    pub(crate) fn royal_cells(&self, side: usize, out: &mut [u16; 32]) -> usize {
        let t = &*self.t;
        let mut n = 0;
        if t.royal_mask == 0 {
            return 0;
        }
        for w in 0..t.nwords {
            let mut bits = self.occ[side][w];
            while bits != 0 {
                let c = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if t.royal_mask >> kind_of(self.board[c]) & 1 != 0 && n < out.len() {
                    out[n] = c as u16;
                    n += 1;
                }
            }
        }
        n
    }

    /// Whether `side`'s royal pieces stand attacked (checkmate goal only).
    pub(crate) fn side_in_check(&self, side: usize) -> bool {
        if !self.checkmate_goal() {
            return false;
        }
        let mut royals = [0u16; 32];
        let n = self.royal_cells(side, &mut royals);
        let explosion = self.def.rules.explosion.is_some();
        royals[..n].iter().any(|&r| {
            movegen::royal_attacked(&self.t, &self.board, r as usize, 1 - side, explosion)
        })
    }

    fn event_outcome_inner(&self) -> Option<Outcome> {
        if self.event == 0 {
            return None;
        }
        let winner = if self.event & 3 == 1 {
            Side::White
        } else {
            Side::Black
        };
        Some(Outcome::Win {
            winner,
            reason: EVENT_REASONS
                .get((self.event >> 2) as usize)
                .copied()
                .unwrap_or("game over"),
        })
    }

    /// Whether `m` (legal here) is tactical: a capture, an e.p. capture, a
    /// promotion, or the end of a turn.
    #[inline]
    pub(crate) fn is_tactical(&self, m: Move) -> bool {
        if m == Move::END_TURN {
            return true;
        }
        if m.from() == Move::HAND {
            return false;
        }
        self.board[m.to() as usize] != 0 || m.extra() & (X_EP | X_KIND) != 0
    }
}

/// The definition the static trait functions use: a 1x1 empty board, so that
/// `FileVariant::info()` and friends answer something sensible. Real variants are
/// reached through a position (`variant_info`, `variant_from_fen`, ...).
fn placeholder() -> &'static Arc<VariantDef> {
    static DEF: OnceLock<Arc<VariantDef>> = OnceLock::new();
    DEF.get_or_init(|| {
        let board = Board::Grid {
            width: 1,
            height: 1,
        };
        let topology = board.topology(board.king_vectors());
        Arc::new(VariantDef::new(
            "file-variant".to_string(),
            "Data-defined variant (none loaded)".to_string(),
            board,
            topology,
            Vec::new(),
            "1 w - - 0 1".to_string(),
            Rules::bare(),
        ))
    })
}

fn info_of(def: &VariantDef, t: &Tables) -> VariantInfo {
    VariantInfo {
        name: t.info.name,
        title: t.info.title,
        board: t.info.board.clone(),
        pieces: t.info.pieces.clone(),
        start_fen: def.start_fen.clone(),
        turn: t.info.turn,
    }
}

impl Position for FileVariant {
    fn info() -> VariantInfo {
        let def = placeholder();
        match def.tables() {
            Ok(t) => info_of(def, &t),
            Err(_) => VariantInfo {
                name: "file-variant",
                title: "Data-defined variant",
                board: String::new(),
                pieces: Vec::new(),
                start_fen: def.start_fen.clone(),
                turn: "1",
            },
        }
    }

    fn variant_info(&self) -> VariantInfo {
        info_of(&self.def, &self.t)
    }

    fn search_profile(&self) -> &str {
        &self.def.search_profile
    }

    fn variant_from_fen(&self, fen: &str) -> Result<Self, FenError> {
        FileVariant::from_fen_in(self.def.clone(), fen)
    }

    fn variant_startpos(&self) -> Self {
        // The definition's start FEN was checked when it was loaded; should it
        // not parse, the current position is the best answer that cannot panic.
        FileVariant::start(self.def.clone()).unwrap_or_else(|_| self.clone())
    }

    fn variant_geometry(&self) -> Geometry {
        super::view::geometry(&self.def)
    }

    fn startpos() -> Self {
        let def = placeholder().clone();
        match FileVariant::start(def.clone()) {
            Ok(p) => p,
            // The placeholder's FEN is a constant that parses (tested).
            Err(e) => unreachable!("placeholder start FEN: {e}"),
        }
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        FileVariant::from_fen_in(placeholder().clone(), fen)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn compute_key(&self) -> u64 {
        make::compute_key(self)
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        movegen::generate(self, kind, out)
    }

    fn tactical_among(&self, all: &[Move], out: &mut MoveList) {
        out.extend(all.iter().copied().filter(|&m| self.is_tactical(m)));
    }

    fn make(&mut self, m: Move) {
        make::make(self, m)
    }

    fn move_text(&self, m: Move) -> String {
        if m == Move::END_TURN {
            return "0000".to_string();
        }
        let topo = &self.def.topology;
        let name = |c: Cell| {
            if (c as usize) < topo.num_cells() {
                topo.name(c).to_string()
            } else {
                "?".to_string()
            }
        };
        let k = (m.extra() & X_KIND) as usize;
        if m.from() == Move::HAND {
            let letter = self
                .t
                .letters
                .get(k.wrapping_sub(1))
                .copied()
                .unwrap_or('?');
            return format!("{letter}@{}", name(m.to()));
        }
        let mut s = name(m.from());
        s.push_str(&name(m.to()));
        if k > 0 {
            if let Some(l) = self.t.letters.get(k - 1) {
                s.push(l.to_ascii_lowercase());
            }
        }
        s
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        if list.is_empty() && self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        // Drops may be written with either case of the letter.
        let normal = match text.split_once('@') {
            Some((l, rest)) => format!("{}@{rest}", l.to_ascii_uppercase()),
            None => text.to_string(),
        };
        list.into_iter()
            .find(|&m| self.move_text(m) == normal)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    fn static_exchange(&self, m: Move) -> Option<i32> {
        see::static_exchange(self, m)
    }

    fn in_check(&self) -> bool {
        self.side_in_check(self.side.index())
    }

    fn make_null(&mut self) -> bool {
        make::make_null(self)
    }

    fn event_outcome(&self) -> Option<Outcome> {
        self.event_outcome_inner()
    }

    fn no_move_outcome(&self) -> Outcome {
        if self.in_check() {
            return Outcome::Win {
                winner: self.side.opposite(),
                reason: "checkmate",
            };
        }
        match self.def.rules.stalemate {
            NoMoveResult::Draw => Outcome::Draw(DrawReason::Stalemate),
            NoMoveResult::Win => Outcome::Win {
                winner: self.side,
                reason: "no legal move",
            },
            NoMoveResult::Loss => Outcome::Win {
                winner: self.side.opposite(),
                reason: "no legal move",
            },
        }
    }

    fn is_turn_start(&self) -> bool {
        self.sub == 0
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn move_counter_limit(&self) -> u32 {
        match self.def.rules.draws.move_counter {
            0 => u32::MAX,
            n => n,
        }
    }

    fn draw_reason(&self, history: &[Self]) -> Option<DrawReason> {
        if !self.is_turn_start() {
            return None;
        }
        if self.halfmove_clock() >= self.move_counter_limit() {
            return Some(DrawReason::MoveCounter);
        }
        let needed = self.def.rules.draws.repetition;
        if needed == 0 {
            return None;
        }
        let key = self.key;
        let seen = history
            .iter()
            .filter(|p| p.is_turn_start() && p.key == key)
            .count();
        (seen + 1 >= needed as usize).then_some(DrawReason::Repetition)
    }

    fn geometry() -> Geometry {
        super::view::geometry(placeholder())
    }

    fn cell_pieces(&self) -> Vec<Option<char>> {
        // Cells in topology order (the order `geometry` lists them).
        (0..self.t.ncells)
            .map(|c| {
                let p = self.board[c];
                (p != 0).then(|| {
                    let l = self.t.letters[kind_of(p)];
                    if side_of(p) == 0 {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                })
            })
            .collect()
    }

    fn hands(&self) -> Vec<HandContents> {
        if self.def.rules.drops.is_none() {
            return Vec::new();
        }
        [Side::White, Side::Black]
            .iter()
            .map(|&side| HandContents {
                name: ["White", "Black"][side.index()].to_string(),
                side,
                pieces: fen::hand_text(self, side.index()),
            })
            .collect()
    }

    fn move_parts(&self, m: Move) -> MoveParts {
        if m == Move::END_TURN {
            return MoveParts::end_turn();
        }
        let topo = &self.def.topology;
        let to = topo.name(m.to()).to_string();
        let k = (m.extra() & X_KIND) as usize;
        if m.from() == Move::HAND {
            let letter = self
                .t
                .letters
                .get(k.wrapping_sub(1))
                .copied()
                .unwrap_or('?');
            return MoveParts::drop(letter, self.side.index(), to);
        }
        let mut parts = MoveParts::board(topo.name(m.from()).to_string(), to);
        if k > 0 {
            if let Some(p) = self.def.pieces.get(k - 1) {
                parts.promotion = Some(p.letter);
                parts.label = format!("promote to {}", p.name);
            }
        } else if m.extra() & X_CASTLE != 0 {
            parts.label = "castle".to_string();
        } else if m.extra() & X_EP != 0 {
            parts.label = "en passant".to_string();
        }
        parts
    }

    fn checked_royals(&self) -> Vec<String> {
        if !self.checkmate_goal() {
            return Vec::new();
        }
        let explosion = self.def.rules.explosion.is_some();
        let mut out = Vec::new();
        for side in 0..2 {
            let mut royals = [0u16; 32];
            let n = self.royal_cells(side, &mut royals);
            for &r in &royals[..n] {
                if movegen::royal_attacked(&self.t, &self.board, r as usize, 1 - side, explosion) {
                    out.push(self.def.topology.name(r).to_string());
                }
            }
        }
        out
    }

    fn display(&self) -> String {
        super::view::display(self)
    }
}
