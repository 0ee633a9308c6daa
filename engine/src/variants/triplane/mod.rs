//! Split Phase Tri-Plane (Gary K. Gifford, 2006): `shared/rules/triplane.md`.
//!
//! Three 8x8 boards A, B, C on one [`Topology::boards`] topology (192 cells named
//! `Ae4`), plus per-player holds for B and C (counts by kind). A turn is three
//! steps, A then B then C, each one sub-move; step A is skipped (no ply) when the
//! mover has no A move at that moment. Board A: FIDE men, the king replaced by the
//! non-royal Split-Phase. Boards B and C: royal kings, check, mate and stalemate,
//! judged at the defender's own step on that board. A man captured on A splits into
//! two men of the capturer's colour, one to each hold ([`rules::SPLIT_TABLE`]).
//!
//! Modules: [`rules`] (every rule that is data), [`tables`] (topology, compiled
//! movement, keys), `movegen` (legal sub-moves, attacks), `fen` (FEN and display),
//! `draws` (the referee's draw rules).
//!
//! Move encoding (`Move::extra`): low 4 bits a kind (promotion or dropped kind),
//! then flags: drop, castling, en passant, promotion, split swap (the second
//! component of the split table goes to Hold B).

pub mod rules;
pub mod tables;

mod draws;
mod fen;
mod movegen;
mod view;

use crate::cellset::CellSet;
use crate::error::FenError;
use crate::moves::{Move, MoveList};
use crate::position::{DrawReason, GenKind, Outcome, Position, Side, VariantInfo};
use crate::topology::Cell;
use rules::{
    relative_rank, split_has_choice, split_to_holds, Kind, Piece, BOARD_A, BOARD_LETTERS,
    HOLD_KIND_COUNT,
};
use tables::{board_of, file_of, rank_of, tables, Z_CASTLING, Z_EP, Z_STEP};

pub const KIND_MASK: u16 = 0xF;
pub const FLAG_DROP: u16 = 1 << 4;
pub const FLAG_CASTLE: u16 = 1 << 5;
pub const FLAG_EN_PASSANT: u16 = 1 << 6;
pub const FLAG_PROMOTION: u16 = 1 << 7;
pub const FLAG_SPLIT_SWAP: u16 = 1 << 8;

/// The step of the turn to be played next (the FEN's 7th field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    A = 0,
    B = 1,
    C = 2,
}

impl Step {
    pub fn board(self) -> usize {
        self as usize
    }
    pub fn fen_char(self) -> char {
        (b'a' + self as u8) as char
    }
}

/// A Tri-Plane position.
#[derive(Clone)]
pub struct TriPlane {
    cells: [Option<Piece>; 192],
    /// Cells occupied per owner (DeadWood included): word `b` is board `b`.
    occupied: [CellSet<3>; 2],
    /// `hold[h][side][kind]`: h = 0 for Hold B, 1 for Hold C.
    hold: [[[u8; HOLD_KIND_COUNT]; 2]; 2],
    /// `kings[h][side]`: the royal king on B (h = 0) and C (h = 1).
    kings: [[Cell; 2]; 2],
    side: Side,
    step: Step,
    castling: u8,
    /// En passant target per board (set by a double step, cleared by the next move
    /// on that board).
    ep: [Option<Cell>; 3],
    /// Completed half-turns without progress (as of the start of this turn).
    halfmove: u32,
    fullmove: u32,
    /// Whether a sub-move of the current turn made progress (capture, pawn move,
    /// drop, promotion). DECISION: not written in the FEN (the FEN's half-move field
    /// changes only when a turn ends, and the 7th field is only the step), so a FEN
    /// taken mid-turn forgets it; it is not hashed either.
    progress_this_turn: bool,
    /// Zobrist keys per board: placement, plus for B and C their holds (the
    /// "X-state" of the perpetual-check rule, without the side).
    board_keys: [u64; 3],
}

impl TriPlane {
    fn empty() -> TriPlane {
        TriPlane {
            cells: [None; 192],
            occupied: [CellSet::EMPTY; 2],
            hold: [[[0; HOLD_KIND_COUNT]; 2]; 2],
            kings: [[0; 2]; 2],
            side: Side::White,
            step: Step::A,
            castling: 0,
            ep: [None; 3],
            halfmove: 0,
            fullmove: 1,
            progress_this_turn: false,
            board_keys: [0; 3],
        }
    }

    #[inline]
    pub fn piece_at(&self, c: Cell) -> Option<Piece> {
        self.cells[c as usize]
    }
    /// Men of `kind` in `side`'s hold for board B (`board` = 1) or C (2).
    pub fn hold_count(&self, board: usize, side: Side, kind: Kind) -> u8 {
        self.hold[board - 1][side.index()][kind.index()]
    }
    pub fn step(&self) -> Step {
        self.step
    }
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    pub fn ep_target(&self, board: usize) -> Option<Cell> {
        self.ep[board]
    }
    /// The king of `side` on board B (1) or C (2).
    pub fn king(&self, board: usize, side: Side) -> Cell {
        self.kings[board - 1][side.index()]
    }
    /// Cells of `side`'s men (DeadWood included) on `board`, as a 64-bit mask.
    pub fn board_mask(&self, board: usize, side: Side) -> u64 {
        self.occupied[side.index()].0[board]
    }

    fn put(&mut self, c: Cell, p: Piece) {
        debug_assert!(self.cells[c as usize].is_none());
        self.cells[c as usize] = Some(p);
        self.occupied[p.side.index()].insert(c);
        self.board_keys[board_of(c)] ^= tables().piece_key(p, c);
    }

    fn remove(&mut self, c: Cell) -> Option<Piece> {
        let p = self.cells[c as usize].take()?;
        self.occupied[p.side.index()].remove(c);
        self.board_keys[board_of(c)] ^= tables().piece_key(p, c);
        Some(p)
    }

    fn add_to_hold(&mut self, board: usize, side: Side, kind: Kind) {
        let t = tables();
        let slot = &mut self.hold[board - 1][side.index()][kind.index()];
        let before = *slot;
        *slot = before.saturating_add(1).min(rules::MAX_HOLD_COUNT);
        let after = *slot;
        self.board_keys[board] ^= t.hold_key(board - 1, side, kind.index(), before)
            ^ t.hold_key(board - 1, side, kind.index(), after);
    }

    fn take_from_hold(&mut self, board: usize, side: Side, kind: Kind) {
        let t = tables();
        let slot = &mut self.hold[board - 1][side.index()][kind.index()];
        let before = *slot;
        *slot = before.saturating_sub(1);
        let after = *slot;
        self.board_keys[board] ^= t.hold_key(board - 1, side, kind.index(), before)
            ^ t.hold_key(board - 1, side, kind.index(), after);
    }

    /// Key of everything but the boards: side, step, castling, en passant.
    fn state_key(&self) -> u64 {
        let z = &tables().zobrist;
        let mut k = 0;
        if self.side == Side::Black {
            k ^= z.side();
        }
        k ^= z.extra(Z_STEP + self.step as usize);
        for i in 0..4 {
            if self.castling & (1 << i) != 0 {
                k ^= z.extra(Z_CASTLING + i);
            }
        }
        for e in self.ep.iter().flatten() {
            k ^= z.extra(Z_EP + *e as usize);
        }
        k
    }

    /// The board keys recomputed from placement and holds.
    fn compute_board_keys(&self) -> [u64; 3] {
        let t = tables();
        let mut keys = [0u64; 3];
        for c in 0..192u16 {
            if let Some(p) = self.cells[c as usize] {
                keys[board_of(c)] ^= t.piece_key(p, c);
            }
        }
        for h in 0..2 {
            for side in [Side::White, Side::Black] {
                for k in 0..HOLD_KIND_COUNT {
                    keys[h + 1] ^= t.hold_key(h, side, k, self.hold[h][side.index()][k]);
                }
            }
        }
        keys
    }

    /// A key of board `board`'s men and, for B (1) and C (2), both holds of that
    /// board (the evaluation caches each board's share under it).
    #[inline]
    pub fn board_key(&self, board: usize) -> u64 {
        self.board_keys[board]
    }

    /// The perpetual-check sub-state of board B (1) or C (2): placement, both holds
    /// of that board, side to move.
    pub fn board_state_key(&self, board: usize) -> u64 {
        let side = if self.side == Side::Black {
            tables().zobrist.side()
        } else {
            0
        };
        self.board_keys[board] ^ side
    }

    /// Ends the step just played on `board`.
    fn finish_step(&mut self, board: usize) {
        match board {
            0 => self.step = Step::B,
            1 => self.step = Step::C,
            _ => {
                if self.progress_this_turn {
                    self.halfmove = 0;
                } else {
                    self.halfmove += 1;
                }
                self.progress_this_turn = false;
                if self.side == Side::Black {
                    self.fullmove += 1;
                }
                self.side = self.side.opposite();
                self.step = Step::A;
            }
        }
    }

    /// The `>x` suffix letter (the component sent to Hold B) when the sub-move
    /// captures a man on A whose split offers a choice.
    fn text_suffix(&self, m: Move) -> Option<char> {
        if m.extra() & (FLAG_DROP | FLAG_EN_PASSANT | FLAG_CASTLE) != 0
            || board_of(m.from()) != BOARD_A
        {
            return None;
        }
        let victim = self.cells[m.to() as usize]?;
        if !split_has_choice(victim.kind) {
            return None;
        }
        let (to_b, _) = split_to_holds(victim.kind, m.extra() & FLAG_SPLIT_SWAP != 0)?;
        Some(to_b.letter().to_ascii_lowercase())
    }
}

impl Position for TriPlane {
    fn info() -> VariantInfo {
        VariantInfo {
            name: "triplane",
            title: "Split Phase Tri-Plane",
            board: "3 boards of 8x8 (A, B, C), cells Aa1..Ch8; holds for B and C per player".to_string(),
            pieces: vec![
                ('P', "pawn"),
                ('N', "knight"),
                ('B', "bishop"),
                ('R', "rook"),
                ('Q', "queen"),
                ('S', "split-phase (board A)"),
                ('K', "king (boards B, C)"),
                ('W', "wazir"),
                ('D', "war machine"),
                ('F', "ferz"),
                ('E', "elephant"),
                ('X', "deadwood"),
            ],
            start_fen: "rnbqsbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQSBNR|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w KQkq - 0 1 a".to_string(),
            turn: "3 (steps A, B, C; A skipped when no A move exists)",
        }
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        fen::parse(fen)
    }

    /// Clock time by the best move's stability and by the share of nodes it took,
    /// with the pivot at Tri-Plane's median share (480 permille, against chess's 700):
    /// Tri-Plane 2+0.02 +39.8 (+18.5, +61.4) over 772 games, SPRT (0, 10) H1, 46.3
    /// against 47.6 ms a move (docs/strength.md, fifty-seventh session). At 6+0.06,
    /// against the rules off: +2.3 (−16.5, +21.2) over 741 games, no decision
    /// (fifty-ninth session).
    fn search_profile(&self) -> &str {
        "time_stability=1 time_effort=480"
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn key(&self) -> u64 {
        self.board_keys[0] ^ self.board_keys[1] ^ self.board_keys[2] ^ self.state_key()
    }

    fn compute_key(&self) -> u64 {
        let k = self.compute_board_keys();
        k[0] ^ k[1] ^ k[2] ^ self.state_key()
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        self.generate_moves(kind, out);
    }

    fn make(&mut self, m: Move) {
        let us = self.side;
        let extra = m.extra();
        let to = m.to();
        if extra & FLAG_DROP != 0 {
            let b = board_of(to);
            let Some(kind) = Kind::from_index((extra & KIND_MASK) as usize) else {
                return;
            };
            self.take_from_hold(b, us, kind);
            self.put(to, Piece::new(kind, us));
            self.progress_this_turn = true;
            self.ep[b] = None;
            self.finish_step(b);
            return;
        }
        let from = m.from();
        let b = board_of(from);
        let Some(moving) = self.remove(from) else {
            return;
        };
        let mut captured = self.remove(to);
        if extra & FLAG_EN_PASSANT != 0 {
            // The captured pawn stands beside the mover, on the target's file.
            let victim = tables::cell_of(b, file_of(to), rank_of(from));
            captured = self.remove(victim);
        }
        if let Some(victim) = captured {
            self.progress_this_turn = true;
            if b == BOARD_A {
                if let Some((to_b, to_c)) =
                    split_to_holds(victim.kind, extra & FLAG_SPLIT_SWAP != 0)
                {
                    self.add_to_hold(1, us, to_b);
                    self.add_to_hold(2, us, to_c);
                }
            }
        }
        let mut placed = moving.kind;
        if extra & FLAG_PROMOTION != 0 {
            placed = Kind::from_index((extra & KIND_MASK) as usize).unwrap_or(Kind::Queen);
            self.progress_this_turn = true;
        } else if moving.kind == Kind::Pawn && b != BOARD_A && relative_rank(us, rank_of(to)) == 7 {
            // SOURCE: a B/C pawn reaching its last rank becomes DeadWood.
            placed = Kind::DeadWood;
        }
        self.put(to, Piece::new(placed, us));
        if moving.kind == Kind::King {
            self.kings[b - 1][us.index()] = to;
        }
        if extra & FLAG_CASTLE != 0 {
            if let Some(c) = tables()
                .castlings
                .iter()
                .find(|c| c.s_from == from && c.s_to == to)
            {
                if let Some(rook) = self.remove(c.rook_from) {
                    self.put(c.rook_to, rook);
                }
            }
        }
        self.ep[b] = None;
        if moving.kind == Kind::Pawn {
            self.progress_this_turn = true;
            if rank_of(from).abs_diff(rank_of(to)) == 2 {
                self.ep[b] = Some(tables::cell_of(
                    b,
                    file_of(from),
                    (rank_of(from) + rank_of(to)) / 2,
                ));
            }
        }
        if b == BOARD_A && self.castling != 0 {
            for c in &tables().castlings {
                if [c.s_from, c.rook_from]
                    .iter()
                    .any(|&x| x == from || x == to)
                {
                    self.castling &= !c.bit;
                }
            }
        }
        self.finish_step(b);
    }

    fn move_text(&self, m: Move) -> String {
        let t = tables();
        if m == Move::END_TURN || m.is_none() {
            return "0000".to_string();
        }
        let extra = m.extra();
        if extra & FLAG_DROP != 0 {
            let b = board_of(m.to());
            let kind = Kind::from_index((extra & KIND_MASK) as usize)
                .map(|k| k.letter())
                .unwrap_or('?');
            return format!("{}{}@{}", BOARD_LETTERS[b], kind, &t.topo.name(m.to())[1..]);
        }
        let mut s = format!("{}{}", t.topo.name(m.from()), &t.topo.name(m.to())[1..]);
        if extra & FLAG_PROMOTION != 0 {
            if let Some(k) = Kind::from_index((extra & KIND_MASK) as usize) {
                s.push(k.letter().to_ascii_lowercase());
            }
        }
        if let Some(x) = self.text_suffix(m) {
            s.push('>');
            s.push(x);
        }
        s
    }

    /// At step B or C: the mover's king on that board is attacked. At step A (Board
    /// A has no king): the mover's king on B or on C is attacked, the checks his
    /// coming steps must answer.
    fn in_check(&self) -> bool {
        match self.current_step() {
            Step::A => self.king_attacked(1) || self.king_attacked(2),
            s => self.king_attacked(s.board()),
        }
    }

    fn no_move_outcome(&self) -> Outcome {
        // With no legal sub-move the current step is B or C (an empty A step is
        // skipped): checkmate if that king is attacked, else stalemate.
        let board = match self.current_step() {
            Step::A => 1,
            s => s.board(),
        };
        if self.king_attacked(board) {
            Outcome::Win {
                winner: self.side.opposite(),
                reason: if board == 1 {
                    "checkmate on board B"
                } else {
                    "checkmate on board C"
                },
            }
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }

    fn is_turn_start(&self) -> bool {
        self.step == Step::A
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn move_counter_limit(&self) -> u32 {
        rules::NO_PROGRESS_HALF_TURNS
    }

    fn dead_position(&self) -> bool {
        draws::dead_position(self)
    }

    fn draw_reason(&self, history: &[Self]) -> Option<DrawReason> {
        draws::draw_reason(self, history)
    }

    /// Boards A, B, C side by side ("Board A" ...); hands in the order
    /// B hold White, B hold Black, C hold White, C hold Black ([`view::hand_index`]).
    fn geometry() -> crate::view::Geometry {
        view::geometry()
    }

    fn cell_pieces(&self) -> Vec<Option<char>> {
        view::cell_pieces(self)
    }

    fn hands(&self) -> Vec<crate::view::HandContents> {
        view::hands(self)
    }

    fn move_parts(&self, m: Move) -> crate::view::MoveParts {
        view::move_parts(self, m)
    }

    fn checked_royals(&self) -> Vec<String> {
        view::checked_royals(self)
    }

    fn display(&self) -> String {
        fen::display(self)
    }
}

#[cfg(test)]
mod tests;
