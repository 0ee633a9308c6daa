//! Pentaplane V (George Marino, 1986): a 5x5x5 cube, missile pieces, bombs with chain
//! reactions, a pre-game draft, and king capture as the goal.
//!
//! Module map:
//! * [`rules`] — every rule DECISION as a named constant or table;
//! * [`designs`] — player-designed pieces: the process-wide set, validated and
//!   installed as a whole;
//! * [`tables`] — the cube topology (6 rook, 12 bishop, 8 cube-diagonal directions,
//!   24 knight leaps) and the pieces' movement compiled from data;
//! * `movegen` — legal sub-moves of the draft and of play, and `make`;
//! * `explosion` — the bomb after-effect run after a basic move;
//! * `fen`, `notation` — text forms (FEN, move tokens, the `d` drawing).
//!
//! The draft is a sequence of sub-moves: A's selection `=XY`, B's selection, A's four
//! drops `X@Aa1` (one turn of four sub-moves), B's layout `=same` / `=mirror`. The
//! phase is part of the position, its key and its FEN.

pub mod designs;
pub mod explosion;
mod fen;
mod movegen;
mod notation;
pub mod rules;
pub mod tables;
#[cfg(test)]
mod tests;
mod view;

use crate::cellset::CellSet;
use crate::error::{FenError, MoveError};
use crate::moves::{Move, MoveList};
use crate::position::{DrawReason, GenKind, Outcome, Position, Side, VariantInfo};
use crate::topology::Cell;
use crate::view::{Geometry, HandContents, MoveParts};
use rules::{Kind, Layout, BUILTIN_KINDS, CELLS, HANDS, MAX_DESIGNED, SELECTABLE};
use tables::{tables, Z_HAND, Z_HAND_COUNTS, Z_PHASE};

/// Where the game stands: the two draft phases, then play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A, then B, names two piece kinds.
    Select = 0,
    /// A drops four pieces, then B chooses `same` or `mirror`.
    Place = 1,
    Play = 2,
}

impl Phase {
    pub fn fen_word(self) -> &'static str {
        match self {
            Phase::Select => "select",
            Phase::Place => "place",
            Phase::Play => "play",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: Kind,
    pub side: Side,
}

impl Piece {
    pub const fn new(kind: Kind, side: Side) -> Piece {
        Piece { kind, side }
    }
    /// The Zobrist key of this piece on `c`: built-in kinds from the original table
    /// (unchanged keys), designed slots from their own (see `tables`).
    #[inline]
    fn key(self, c: Cell) -> u64 {
        let t = tables();
        match self.kind.designed_slot() {
            None => t.zobrist.piece(
                self.side.index() * BUILTIN_KINDS + self.kind as usize,
                c as usize,
            ),
            Some(slot) => t
                .designed_zobrist
                .piece(self.side.index() * MAX_DESIGNED + slot, c as usize),
        }
    }
}

/// A sub-move decoded from its [`Move`] encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// An ordinary move or capture; `promote` when a pawn reaches its promotion row.
    Step { from: Cell, to: Cell, promote: bool },
    /// A missile shot from `from` hitting the piece on `to`.
    Fire { from: Cell, to: Cell },
    /// A's placement of a held piece (hand index, see [`rules::hand_kind`]).
    Drop { hand: usize, to: Cell },
    /// A selection of two kinds (hand indices, `a <= b`; designed pieces included).
    Select { a: usize, b: usize },
    /// B's placement.
    Layout(Layout),
}

// Move encoding: `extra` = tag << 8 | payload.
const TAG_STEP: u16 = 0;
const TAG_PROMOTE: u16 = 1;
const TAG_FIRE: u16 = 2;
const TAG_DROP: u16 = 3;
const TAG_SELECT: u16 = 4;
const TAG_LAYOUT: u16 = 5;

impl Action {
    pub fn encode(self) -> Move {
        match self {
            Action::Step { from, to, promote } => {
                Move::new(from, to, if promote { TAG_PROMOTE << 8 } else { TAG_STEP })
            }
            Action::Fire { from, to } => Move::new(from, to, TAG_FIRE << 8),
            Action::Drop { hand, to } => Move::new(Move::HAND, to, TAG_DROP << 8 | hand as u16),
            Action::Select { a, b } => {
                Move::new(Move::HAND, 0, TAG_SELECT << 8 | (a as u16) << 4 | b as u16)
            }
            Action::Layout(l) => Move::new(
                Move::HAND,
                0,
                TAG_LAYOUT << 8 | (l == Layout::Mirror) as u16,
            ),
        }
    }
    /// The action a move encodes; `None` for anything `encode` never produces
    /// (`Move::NONE`, `Move::END_TURN`, cells off the cube, unknown tags).
    pub fn decode(m: Move) -> Option<Action> {
        let payload = (m.extra() & 0xff) as usize;
        let on_cube = |c: Cell| (c as usize) < CELLS;
        let board_move = on_cube(m.from()) && on_cube(m.to()) && m.from() != m.to();
        // Designed pieces are valid only while installed.
        let hands = rules::selectable_count();
        Some(match m.extra() >> 8 {
            TAG_STEP | TAG_PROMOTE if board_move => Action::Step {
                from: m.from(),
                to: m.to(),
                promote: m.extra() >> 8 == TAG_PROMOTE,
            },
            TAG_FIRE if board_move => Action::Fire {
                from: m.from(),
                to: m.to(),
            },
            TAG_DROP if on_cube(m.to()) && payload < hands => Action::Drop {
                hand: payload,
                to: m.to(),
            },
            TAG_SELECT if payload >> 4 < hands && payload & 15 < hands => Action::Select {
                a: payload >> 4,
                b: payload & 15,
            },
            TAG_LAYOUT if payload < 2 => Action::Layout(if payload == 1 {
                Layout::Mirror
            } else {
                Layout::Same
            }),
            _ => return None,
        })
    }
}

/// A Pentaplane position.
#[derive(Clone, Debug)]
pub struct Pentaplane {
    board: [Option<Piece>; CELLS],
    side: Side,
    phase: Phase,
    /// Held pieces per side, by hand index ([`rules::hand_kind`]).
    hands: [[u8; HANDS]; 2],
    halfmove: u32,
    fullmove: u32,
    kings: [Option<Cell>; 2],
    /// Cells of each side's pieces (move generation walks these, not all 125 cells).
    occupied: [CellSet<2>; 2],
    key: u64,
}

impl Pentaplane {
    fn empty() -> Self {
        Pentaplane {
            board: [None; CELLS],
            side: Side::White,
            phase: Phase::Play,
            hands: [[0; HANDS]; 2],
            halfmove: 0,
            fullmove: 1,
            kings: [None; 2],
            occupied: [CellSet::EMPTY; 2],
            key: 0,
        }
    }

    #[inline]
    pub fn piece(&self, c: Cell) -> Option<Piece> {
        self.board[c as usize]
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The pieces `side` holds, by hand index ([`rules::hand_kind`]): the built-in
    /// selectable kinds, then the designed slots.
    pub fn hand(&self, side: Side) -> [u8; HANDS] {
        self.hands[side.index()]
    }
    pub fn king(&self, side: Side) -> Option<Cell> {
        self.kings[side.index()]
    }
    /// The cells of `side`'s pieces.
    pub fn occupied(&self, side: Side) -> CellSet<2> {
        self.occupied[side.index()]
    }
    /// The decoded form of a move (for evaluators and tests).
    pub fn action(m: Move) -> Option<Action> {
        Action::decode(m)
    }

    fn put(&mut self, c: Cell, p: Piece) {
        debug_assert!(self.board[c as usize].is_none());
        self.board[c as usize] = Some(p);
        self.occupied[p.side.index()].insert(c);
        self.key ^= p.key(c);
        if p.kind == Kind::King {
            self.kings[p.side.index()] = Some(c);
        }
    }

    fn remove(&mut self, c: Cell) -> Option<Piece> {
        let p = self.board[c as usize].take()?;
        self.occupied[p.side.index()].remove(c);
        self.key ^= p.key(c);
        if p.kind == Kind::King && self.kings[p.side.index()] == Some(c) {
            self.kings[p.side.index()] = None;
        }
        Some(p)
    }

    fn hand_key(side: Side, hand: usize, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        let t = tables();
        let built_in = SELECTABLE.len();
        if hand < built_in {
            t.zobrist
                .extra(Z_HAND + (side.index() * built_in + hand) * Z_HAND_COUNTS + count as usize)
        } else {
            let slot = hand - built_in;
            t.designed_zobrist
                .extra((side.index() * MAX_DESIGNED + slot) * Z_HAND_COUNTS + count as usize)
        }
    }

    fn set_hand(&mut self, side: Side, hand: usize, count: u8) {
        let old = self.hands[side.index()][hand];
        self.key ^= Self::hand_key(side, hand, old) ^ Self::hand_key(side, hand, count);
        self.hands[side.index()][hand] = count;
    }

    fn set_phase(&mut self, phase: Phase) {
        let z = &tables().zobrist;
        self.key ^= z.extra(Z_PHASE + self.phase as usize) ^ z.extra(Z_PHASE + phase as usize);
        self.phase = phase;
    }

    fn set_side(&mut self, side: Side) {
        if side != self.side {
            self.key ^= tables().zobrist.side();
            self.side = side;
        }
    }

    fn hand_total(&self, side: Side) -> usize {
        self.hands[side.index()].iter().map(|&n| n as usize).sum()
    }

    fn full_key(&self) -> u64 {
        let z = &tables().zobrist;
        let mut k = z.extra(Z_PHASE + self.phase as usize);
        if self.side == Side::Black {
            k ^= z.side();
        }
        for (c, p) in self.board.iter().enumerate() {
            if let Some(p) = p {
                k ^= p.key(c as Cell);
            }
        }
        for side in [Side::White, Side::Black] {
            for h in 0..HANDS {
                k ^= Self::hand_key(side, h, self.hands[side.index()][h]);
            }
        }
        k
    }

    /// Every piece on the board with its cell.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        (self.occupied[0] | self.occupied[1])
            .iter()
            .filter_map(|c| self.board[c as usize].map(|p| (c, p)))
    }
}

impl Position for Pentaplane {
    fn info() -> VariantInfo {
        VariantInfo {
            name: "pentaplane",
            title: "Pentaplane V",
            board: "5 levels of 5x5 (A bottom .. E top), cells Aa1..Ee5".to_string(),
            pieces: [
                ('K', "king"),
                ('Q', "true queen"),
                ('R', "rook"),
                ('F', "missile-rook (fortress)"),
                ('B', "bishop"),
                ('M', "missile-bishop"),
                ('C', "cuber"),
                ('S', "missile-cuber (satellite)"),
                ('N', "knight"),
                ('O', "bomb"),
                ('Z', "kamikaze queen"),
                ('P', "pawn"),
            ]
            .into_iter()
            .chain(
                // The installed designed pieces; their tables live for the whole
                // process, so their names are `'static`.
                tables().designs.iter().map(|d| (d.letter, d.name.as_str())),
            )
            .collect(),
            start_fen: rules::START_FEN.to_string(),
            turn: "1 (A's placement: 4)",
        }
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        fen::parse(fen)
    }

    /// Clock time by the best move's stability and by the share of nodes it took,
    /// with chess's pivot (700 permille; Pentaplane's median share is 702): Pentaplane
    /// 2+0.02 +26.6 (+8.2, +45.1) over 524 games, SPRT (0, 10) H1, after an earlier
    /// run's +13.6 (+1.5, +25.7) over 1,124 games (docs/strength.md, fifty-seventh and
    /// fifty-eighth sessions).
    fn search_profile(&self) -> &str {
        "time_stability=1 time_effort=700"
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
        self.full_key()
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        if self.event_outcome().is_some() {
            return;
        }
        match self.phase {
            Phase::Play => self.generate_play(kind, out),
            _ => {
                if kind == GenKind::All {
                    self.generate_draft(out)
                }
            }
        }
    }

    fn make(&mut self, m: Move) {
        match Action::decode(m) {
            Some(a) => self.apply(a),
            None => debug_assert!(false, "not a Pentaplane move: {m:?}"),
        }
    }

    fn move_text(&self, m: Move) -> String {
        notation::move_text(self, m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn make_null(&mut self) -> bool {
        // The search's pass (not a rule of the game): only in play, and refused when the
        // side to move has nothing but king and pawns (zugzwang-prone).
        let us = self.side;
        if self.phase != Phase::Play
            || self.event_outcome().is_some()
            || self
                .pieces()
                .all(|(_, p)| p.side != us || matches!(p.kind, Kind::King | Kind::Pawn))
        {
            return false;
        }
        self.set_side(us.opposite());
        true
    }

    fn event_outcome(&self) -> Option<Outcome> {
        match (self.kings[0], self.kings[1]) {
            (Some(_), None) => Some(Outcome::Win {
                winner: Side::White,
                reason: "king destroyed",
            }),
            (None, Some(_)) => Some(Outcome::Win {
                winner: Side::Black,
                reason: "king destroyed",
            }),
            _ => None,
        }
    }

    fn no_move_outcome(&self) -> Outcome {
        // DECISION: no check, so having no legal move is always a stalemate draw.
        Outcome::Draw(DrawReason::Stalemate)
    }

    /// Kings are captured, not checked: `in_check` is never true.
    fn can_be_in_check(&self) -> bool {
        false
    }

    fn is_turn_start(&self) -> bool {
        // A's four drops are one turn: it starts when A still holds as many as B.
        !(self.phase == Phase::Place
            && self.side == Side::White
            && self.hand_total(Side::White) < self.hand_total(Side::Black))
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn move_counter_limit(&self) -> u32 {
        rules::NO_PROGRESS_PLIES
    }

    fn dead_position(&self) -> bool {
        // DECISION: bare king against bare king is a draw.
        self.phase == Phase::Play && self.pieces().all(|(_, p)| p.kind == Kind::King)
    }

    fn geometry() -> Geometry {
        view::geometry()
    }

    fn cell_pieces(&self) -> Vec<Option<char>> {
        view::cell_pieces(self)
    }

    fn hands(&self) -> Vec<HandContents> {
        view::hands(self)
    }

    fn move_parts(&self, m: Move) -> MoveParts {
        view::move_parts(self, m)
    }

    fn checked_royals(&self) -> Vec<String> {
        view::checked_royals(self)
    }

    fn display(&self) -> String {
        notation::display(self)
    }
}
