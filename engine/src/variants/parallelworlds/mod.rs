//! Parallel Worlds Chess (R. Wayne Schmittberger): three stacked 8x8 levels, two
//! armies per side on levels 1 and 3, level 2 a "wormhole" where every man moves as a
//! non-capturing queen; a turn is 1-3 sub-moves by different men ending on different
//! levels; capturing either enemy king wins. Specification:
//! `shared/rules/parallelworlds.md`; every DECISION lives in [`rules`].
//!
//! Module map: [`rules`] (constants), [`tables`] (topology, movement tables,
//! Zobrist keys), [`fen`] (FEN text and validation), this file (position state,
//! move generation, make, turn logic, draws).
//!
//! Turn logic in one place ([`ParallelWorlds::make`]): after a sub-move the turn ends
//! by itself when the maximum is reached or no further sub-move exists; otherwise
//! `0000` ([`Move::END_TURN`]) is offered beside the sub-moves. A king capture ends
//! the game at once, mid-turn included ([`Position::event_outcome`]).
//!
//! Choices made here where the rules file is silent (all can be revisited):
//! * a FEN may not give castling rights whose king and rook are not at home, nor an
//!   en-passant cell that does not fit the side to move and the turn state (both are
//!   rejected with a typed error rather than silently dropped);
//! * a FEN may place both kings of a side on the same orthodox level (only level 2
//!   is forbidden to kings);
//! * the position after a king capture still prints a FEN, but that FEN does not
//!   parse (a finished game is not a position to set up, per the rules file);
//! * the hash includes a "White's first turn" flag, since that turn allows fewer
//!   sub-moves than the same placement later.

pub mod fen;
pub mod rules;
pub mod tables;

use crate::cellset::CellSet;
use crate::moves::{Move, MoveList};
use crate::position::{DrawReason, GenKind, Outcome, Position, Side, VariantInfo};
use crate::topology::Cell;
use crate::variants::chess::bitboard::Cells as BitboardSquares;
use crate::view::{push_grid, Geometry, MoveParts, PANEL_GAP};
use rules::*;
use tables::{tables, Tables};

pub type Cells = CellSet<3>;

/// `Move::extra` values.
const EXTRA_NORMAL: u16 = 0;
/// Promotion: `EXTRA_PROMOTE + kind`.
const EXTRA_PROMOTE: u16 = 1;
const EXTRA_CASTLE: u16 = 16;
const EXTRA_EN_PASSANT: u16 = 17;

#[inline]
pub fn level_of(c: Cell) -> i8 {
    (c / 64) as i8
}
/// The square (0-63, on the pawn's level) one step ahead of a pawn of `side` on
/// square `sq`, if the board has one.
#[inline]
fn pawn_step(side: Side, sq: usize) -> Option<usize> {
    let to = sq as i32 + 8 * FORWARD[side.index()] as i32;
    (0..64).contains(&to).then_some(to as usize)
}
#[inline]
pub fn rank_of(c: Cell) -> i8 {
    ((c % 64) / 8) as i8
}
#[inline]
pub fn file_of(c: Cell) -> i8 {
    (c % 8) as i8
}
#[inline]
pub fn cell_of(level: i8, file: i8, rank: i8) -> Cell {
    (level as Cell) * 64 + (rank as Cell) * 8 + file as Cell
}
/// The chess family's attack tables: every level is an 8x8 board laid out like a
/// chess bitboard (bit = rank * 8 + file), so `men[side].0[level]` is one.
#[inline]
fn chess_bitboards() -> &'static crate::variants::chess::bitboard::AttackTables {
    crate::variants::chess::bitboard::tables()
}

/// The bit of cell `c` in the bitboard of `level` (0 when `c` is on another level).
#[inline]
fn level_bit(c: Cell, level: usize) -> u64 {
    if level_of(c) as usize == level {
        1 << (c % 64)
    } else {
        0
    }
}

/// The castling / en-passant slot of an orthodox level.
#[inline]
fn orthodox_slot(level: i8) -> Option<usize> {
    ORTHODOX_LEVELS.iter().position(|&l| l == level)
}

/// A man: side and kind, stored as `1 + side * 6 + kind` (0 = empty cell).
#[inline]
fn code(side: Side, kind: Kind) -> u8 {
    1 + side as u8 * 6 + kind as u8
}
#[inline]
fn code_side(code: u8) -> Side {
    if code <= 6 {
        Side::White
    } else {
        Side::Black
    }
}
/// The kind of each man code (1-6 white, 7-12 black; 0, an empty cell, has none and
/// reads as a pawn): one load, where the generator asks it of every man it moves.
const KIND_OF_CODE: [Kind; 13] = {
    let mut table = [Kind::Pawn; 13];
    let mut code = 1;
    while code < 13 {
        table[code] = KINDS[(code - 1) % 6];
        code += 1;
    }
    table
};

#[inline]
fn code_kind(code: u8) -> Kind {
    KIND_OF_CODE[code as usize]
}

/// Men moved so far in the current turn, by their current cells, in the order moved
/// (castling adds the king then the rook), and the levels their sub-moves ended on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnState {
    /// Three sub-moves, two of which may be castlings (one per orthodox level).
    cells: [Cell; 5],
    len: u8,
    /// Bit `z` set when a sub-move of this turn ended on level `z`.
    levels: u8,
}

impl TurnState {
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.len as usize]
    }
    /// Sub-moves made this turn (= levels used).
    pub fn submoves(&self) -> u8 {
        self.levels.count_ones() as u8
    }
    #[inline]
    fn contains(&self, c: Cell) -> bool {
        self.cells().contains(&c)
    }
    #[inline]
    pub fn level_used(&self, level: i8) -> bool {
        self.levels & (1 << level) != 0
    }
    fn push(&mut self, c: Cell) {
        self.cells[self.len as usize] = c;
        self.len += 1;
        self.levels |= 1 << level_of(c);
    }
}

/// The enemy kings a vertical step could uncover this turn
/// ([`ParallelWorlds::capturable_kings_after_discovery`]), and the cells on their
/// lines on their levels, where such a step must start.
#[derive(Clone, Copy, Default)]
struct Discoveries {
    kings: Cells,
    lines: Cells,
}

#[derive(Clone)]
pub struct ParallelWorlds {
    board: [u8; CELLS],
    men: [Cells; 2],
    /// The cells of each kind's men, both sides (`men` tells the side): the
    /// evaluation and the attack test walk one kind at a time.
    kinds: [Cells; 6],
    /// Per level, the XOR of the piece keys of the men on it: the evaluation caches
    /// each level's share by it (most sub-moves change one level).
    level_keys: [u64; LEVELS as usize],
    side: Side,
    castling: u8,
    /// En-passant cell per orthodox level slot; its rank says which side made it.
    ep: [Option<Cell>; 2],
    halfmove: u32,
    fullmove: u32,
    turn: TurnState,
    /// Set when a king has been captured: the capturer.
    winner: Option<Side>,
    key: u64,
}

impl ParallelWorlds {
    fn empty() -> Self {
        ParallelWorlds {
            board: [0; CELLS],
            men: [Cells::EMPTY; 2],
            kinds: [Cells::EMPTY; 6],
            level_keys: [0; LEVELS as usize],
            side: Side::White,
            castling: 0,
            ep: [None; 2],
            halfmove: 0,
            fullmove: 1,
            turn: TurnState::default(),
            winner: None,
            key: 0,
        }
    }

    // ----- accessors (evaluation, tests) -----

    /// The man on a cell.
    #[inline]
    pub fn man_at(&self, c: Cell) -> Option<(Side, Kind)> {
        let v = self.board[c as usize];
        (v != 0).then(|| (code_side(v), code_kind(v)))
    }
    /// The cells of a side's men.
    pub fn men(&self, side: Side) -> Cells {
        self.men[side.index()]
    }
    pub fn turn_state(&self) -> &TurnState {
        &self.turn
    }
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    pub fn ep_cells(&self) -> [Option<Cell>; 2] {
        self.ep
    }
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    pub fn tables() -> &'static Tables {
        tables()
    }
    /// Sub-moves the current turn may have (White's first turn is shorter).
    pub fn max_submoves(&self) -> u8 {
        if self.is_white_first_turn() {
            WHITE_FIRST_TURN_MAX_SUBMOVES
        } else {
            MAX_SUBMOVES
        }
    }
    fn is_white_first_turn(&self) -> bool {
        self.side == Side::White && self.fullmove == 1
    }

    /// Which side made the double step that left en-passant cell `c`.
    #[inline]
    fn ep_maker(c: Cell) -> Side {
        if rank_of(c) == EP_RANK[Side::White.index()] {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The en-passant cell the side to move may capture on, on `level`.
    #[inline]
    fn usable_ep(&self, level: i8) -> Option<Cell> {
        let slot = orthodox_slot(level)?;
        self.ep[slot].filter(|&c| Self::ep_maker(c) != self.side)
    }

    /// Whether `by` attacks `target` with an orthodox capture from the same level
    /// (only same-level men capture: level-2 men and vertical steps never do).
    pub fn attacked_by(&self, target: Cell, by: Side) -> bool {
        self.attacked_by_through(target, by, None)
    }

    /// [`Self::attacked_by`] with the man on `vacated` (if any) taken off the board.
    ///
    /// Each level is an 8x8 chess board, so the chess bitboards answer: look
    /// outwards from the target with each kind's capture and find that kind of `by`.
    fn attacked_by_through(&self, target: Cell, by: Side, vacated: Option<Cell>) -> bool {
        let at = chess_bitboards();
        let level = level_of(target) as usize;
        let sq = (target % 64) as usize;
        let vacated = vacated.map_or(0, |c| level_bit(c, level));
        let occupied = (self.men[0].0[level] | self.men[1].0[level]) & !vacated;
        let theirs = self.men[by.index()].0[level] & !vacated;
        let of = |kind: Kind| self.kinds[kind as usize].0[level] & theirs;
        let queens = of(Kind::Queen);
        at.pawn[by.opposite().index()][sq] & of(Kind::Pawn) != 0
            || at.knight[sq] & of(Kind::Knight) != 0
            || at.king[sq] & of(Kind::King) != 0
            || at.rook(sq as u8, occupied) & (of(Kind::Rook) | queens) != 0
            || at.bishop(sq as u8, occupied) & (of(Kind::Bishop) | queens) != 0
    }

    /// The least valuable kind (pawn, knight, bishop, rook, queen, king) of `by`
    /// that attacks `target` from its level, if any: the evaluation's threats.
    pub fn least_attacker(&self, target: Cell, by: Side) -> Option<Kind> {
        let at = chess_bitboards();
        let level = level_of(target) as usize;
        let sq = (target % 64) as usize;
        let occupied = self.men[0].0[level] | self.men[1].0[level];
        let theirs = self.men[by.index()].0[level];
        let of = |kind: Kind| self.kinds[kind as usize].0[level] & theirs;
        if at.pawn[by.opposite().index()][sq] & of(Kind::Pawn) != 0 {
            return Some(Kind::Pawn);
        }
        if at.knight[sq] & of(Kind::Knight) != 0 {
            return Some(Kind::Knight);
        }
        let diagonal = at.bishop(sq as u8, occupied);
        if diagonal & of(Kind::Bishop) != 0 {
            return Some(Kind::Bishop);
        }
        let straight = at.rook(sq as u8, occupied);
        if straight & of(Kind::Rook) != 0 {
            return Some(Kind::Rook);
        }
        if (diagonal | straight) & of(Kind::Queen) != 0 {
            return Some(Kind::Queen);
        }
        (at.king[sq] & of(Kind::King) != 0).then_some(Kind::King)
    }

    /// A key of the men on `level` alone (their kinds, sides and cells).
    #[inline]
    pub fn level_key(&self, level: i8) -> u64 {
        self.level_keys[level as usize]
    }

    /// The cells of `side`'s men of `kind`.
    #[inline]
    pub fn men_of(&self, side: Side, kind: Kind) -> Cells {
        self.kinds[kind as usize] & self.men[side.index()]
    }

    /// How many men of its own side stand next to the man on `c`, on its level (the
    /// evaluation's king shelter): one lookup in the chess king-step table.
    pub fn own_neighbours(&self, c: Cell) -> u32 {
        let v = self.board[c as usize];
        if v == 0 {
            return 0;
        }
        let own = self.men[code_side(v).index()].0[level_of(c) as usize];
        (chess_bitboards().king[(c % 64) as usize] & own).count_ones()
    }

    /// How many cells the man on `from` could move to by its own movement (empty
    /// cells, or enemy men where it may capture), ignoring the turn's constraints,
    /// castling and en passant: the evaluation's mobility measure (which the
    /// evaluation counts as [`Self::reach_on_level`] per man plus the vertical steps
    /// by whole levels).
    pub fn man_mobility(&self, from: Cell) -> u32 {
        let v = self.board[from as usize];
        if v == 0 {
            return 0;
        }
        let kind = code_kind(v);
        let mut n = self.reach_on_level(code_side(v), kind, from);
        let (level, sq) = (level_of(from), from % 64);
        if MOVES_VERTICALLY[kind as usize] {
            for l in [level - 1, level + 1] {
                if (0..LEVELS).contains(&l) && self.occupancy(l) & (1 << sq) == 0 {
                    n += 1;
                }
            }
        }
        n
    }

    /// The cells of `from`'s own level that its man (of `side` and `kind`) reaches
    /// by its own movement: [`Self::man_mobility`] without the vertical steps, so it
    /// depends on that level's men alone (the evaluation caches it per level; the
    /// kind is known, so the walk one kind at a time predicts the branch below).
    #[inline]
    pub fn reach_on_level(&self, side: Side, kind: Kind, from: Cell) -> u32 {
        self.level_targets(side, kind, from).count_ones()
    }

    /// The cells [`Self::reach_on_level`] counts, as a bitboard of `from`'s level:
    /// empty cells the man may move to and enemy men it may capture (no en passant).
    #[inline]
    fn level_targets(&self, side: Side, kind: Kind, from: Cell) -> u64 {
        let at = chess_bitboards();
        let level = level_of(from);
        let sq = (from % 64) as usize;
        let occupied = self.occupancy(level);
        let own = self.men[side.index()].0[level as usize];
        let enemy = occupied & !own;
        if level == WORMHOLE_LEVEL {
            // Every man a queen that never captures.
            at.queen(sq as u8, occupied) & !occupied
        } else {
            match kind {
                Kind::Pawn => {
                    let step = |sq: usize| pawn_step(side, sq);
                    let mut pushes = 0;
                    if let Some(one) = step(sq).filter(|&c| occupied & (1 << c) == 0) {
                        pushes |= 1 << one;
                        if rank_of(from) == DOUBLE_STEP_RANK[side.index()] {
                            if let Some(two) = step(one).filter(|&c| occupied & (1 << c) == 0) {
                                pushes |= 1 << two;
                            }
                        }
                    }
                    pushes | (at.pawn[side.index()][sq] & enemy)
                }
                Kind::Knight => at.knight[sq] & !own,
                Kind::Bishop => at.bishop(sq as u8, occupied) & !own,
                Kind::Rook => at.rook(sq as u8, occupied) & !own,
                Kind::Queen => at.queen(sq as u8, occupied) & !own,
                Kind::King => at.king[sq] & !own,
            }
        }
    }

    /// The occupied squares of `level`, as a chess bitboard.
    #[inline]
    pub fn occupancy(&self, level: i8) -> u64 {
        self.men[0].0[level as usize] | self.men[1].0[level as usize]
    }

    // ----- the state hash -----

    /// The part of the key that is not piece placement: side, turn state, rights,
    /// en passant, first-turn flag. Recomputed around a move (it is a few XORs).
    fn state_key(&self) -> u64 {
        let z = &tables().zobrist;
        let mut k = 0;
        if self.side == Side::Black {
            k ^= z.side();
        }
        for &c in self.turn.cells() {
            k ^= z.extra(tables::Z_MOVED + c as usize);
        }
        for c in self.ep.iter().flatten() {
            k ^= z.extra(tables::Z_EP + *c as usize);
        }
        for b in 0..8 {
            if self.castling & (1 << b) != 0 {
                k ^= z.extra(tables::Z_CASTLE + b);
            }
        }
        if self.is_white_first_turn() {
            k ^= z.extra(tables::Z_FIRST_TURN);
        }
        k
    }

    #[inline]
    fn piece_key(v: u8, c: Cell) -> u64 {
        tables().zobrist.piece((v - 1) as usize, c as usize)
    }

    /// Puts man `v` on the empty cell `c`, the position's key aside (see
    /// [`Self::put`]).
    fn place(&mut self, c: Cell, v: u8) {
        self.board[c as usize] = v;
        self.men[code_side(v).index()].insert(c);
        self.kinds[code_kind(v) as usize].insert(c);
        self.level_keys[level_of(c) as usize] ^= Self::piece_key(v, c);
    }
    fn put(&mut self, c: Cell, v: u8) {
        self.place(c, v);
        self.key ^= Self::piece_key(v, c);
    }
    fn take(&mut self, c: Cell) -> u8 {
        let v = self.board[c as usize];
        if v != 0 {
            self.board[c as usize] = 0;
            self.men[code_side(v).index()].remove(c);
            self.kinds[code_kind(v) as usize].remove(c);
            let k = Self::piece_key(v, c);
            self.level_keys[level_of(c) as usize] ^= k;
            self.key ^= k;
        }
        v
    }

    // ----- move generation -----

    /// Calls `emit` with every legal sub-move (not `0000`) until it returns false,
    /// or with the tactical ones alone (see [`Self::is_tactical`]) when `tactical`
    /// gives the kings a vertical step could uncover. Returns false when stopped early.
    ///
    /// Each level is an 8x8 chess board, so a man's destinations on its level are one
    /// lookup in the chess bitboards ([`Self::level_targets`]); the vertical steps and
    /// en passant are added, castling asked separately.
    fn for_each_submove(
        &self,
        tactical: Option<&Discoveries>,
        mut emit: impl FnMut(Move) -> bool,
    ) -> bool {
        if self.winner.is_some() {
            return true;
        }
        let side = self.side;
        let moved = Cells::from_cells(self.turn.cells().iter().copied());
        for from in self.men[side.index()].without(moved).iter() {
            let kind = code_kind(self.board[from as usize]);
            let (level, sq) = (level_of(from), from % 64);
            if !self.turn.level_used(level) {
                let reach = self.level_targets(side, kind, from);
                let targets = if tactical.is_none() {
                    reach
                } else if kind == Kind::Pawn && level != WORMHOLE_LEVEL {
                    // Captures and promotions (pushes onto the last rank).
                    let last_rank = 0xff << (8 * LAST_RANK[side.index()]);
                    reach & (self.occupancy(level) | last_rank)
                } else {
                    // Captures (men on level 2 reach empty cells only).
                    reach & self.occupancy(level)
                };
                for to in BitboardSquares(targets) {
                    if !self.emit_move(from, level as Cell * 64 + to as Cell, kind, &mut emit) {
                        return false;
                    }
                }
                if kind == Kind::Pawn {
                    if let Some(ep) = self.usable_ep(level) {
                        let captures = chess_bitboards().pawn[side.index()][sq as usize];
                        if captures & (1 << (ep % 64)) != 0
                            && !emit(Move::new(from, ep, EXTRA_EN_PASSANT))
                        {
                            return false;
                        }
                    }
                }
            }
            if MOVES_VERTICALLY[kind as usize] {
                for to_level in [level - 1, level + 1] {
                    if !(0..LEVELS).contains(&to_level)
                        || self.turn.level_used(to_level)
                        || self.occupancy(to_level) & (1 << sq) != 0
                    {
                        continue;
                    }
                    let to = to_level as Cell * 64 + sq;
                    if let Some(d) = tactical {
                        let promotes = kind == Kind::Pawn
                            && to_level != WORMHOLE_LEVEL
                            && rank_of(to) == LAST_RANK[side.index()];
                        if !promotes && !self.uncovers_king(Move::new(from, to, EXTRA_NORMAL), d) {
                            continue;
                        }
                    }
                    if !self.emit_move(from, to, kind, &mut emit) {
                        return false;
                    }
                }
            }
            if kind == Kind::King && tactical.is_none() && !self.castling_moves(from, &mut emit) {
                return false;
            }
        }
        true
    }

    /// Enemy kings a vertical step could uncover for a capture later in this turn:
    /// those on an orthodox level the turn has not used, not attacked already, when
    /// the turn has room for two more sub-moves and level 2 is free for the step.
    fn capturable_kings_after_discovery(&self) -> Discoveries {
        let mut d = Discoveries::default();
        if self.turn.submoves() + 2 > self.max_submoves() || self.turn.level_used(WORMHOLE_LEVEL) {
            return d;
        }
        let enemy = self.side.opposite();
        let at = chess_bitboards();
        for c in self.men_of(enemy, Kind::King).iter() {
            if !self.turn.level_used(level_of(c)) && !self.attacked_by(c, self.side) {
                d.kings.insert(c);
                let sq = (c % 64) as usize;
                d.lines.0[level_of(c) as usize] |= at.rook_empty[sq] | at.bishop_empty[sq];
            }
        }
        d
    }

    /// Whether `m` is a vertical step off an orthodox level that opens a line from
    /// another man of the mover to one of the kings of `d` (see
    /// [`Self::capturable_kings_after_discovery`]) on that level: the king can then
    /// be taken by a later sub-move of the same turn, so quiescence must look at the
    /// step like a capture (a two-sub-move combination quiescence would miss).
    fn uncovers_king(&self, m: Move, d: &Discoveries) -> bool {
        let (from, to) = (m.from(), m.to());
        let level = level_of(from);
        if !d.lines.contains(from) || level_of(to) != WORMHOLE_LEVEL || level == WORMHOLE_LEVEL {
            return false;
        }
        d.kings.iter().any(|king| {
            level_of(king) == level
                && chess_bitboards().line((from % 64) as u8, (king % 64) as u8) != 0
                && self.attacked_by_through(king, self.side, Some(from))
        })
    }

    /// Whether a legal sub-move (or `0000`) belongs to `GenKind::Tactical`: a capture,
    /// promotion, en passant or turn end, or a step uncovering one of `kings` (from
    /// [`Self::capturable_kings_after_discovery`]).
    #[inline]
    fn is_tactical(&self, m: Move, d: &Discoveries) -> bool {
        m.extra() != EXTRA_NORMAL && m.extra() != EXTRA_CASTLE
            || self.board[m.to() as usize] != 0
            || self.uncovers_king(m, d)
    }

    /// Emits a move, or the four promotions of a pawn reaching its last rank on an
    /// orthodox level (never on level 2: SOURCE).
    #[inline]
    fn emit_move(
        &self,
        from: Cell,
        to: Cell,
        kind: Kind,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        if kind == Kind::Pawn
            && rank_of(to) == LAST_RANK[self.side.index()]
            && level_of(to) != WORMHOLE_LEVEL
        {
            PROMOTION_KINDS
                .iter()
                .all(|&k| emit(Move::new(from, to, EXTRA_PROMOTE + k as u16)))
        } else {
            emit(Move::new(from, to, EXTRA_NORMAL))
        }
    }

    fn castling_moves(&self, king: Cell, emit: &mut impl FnMut(Move) -> bool) -> bool {
        let level = level_of(king);
        let Some(slot) = orthodox_slot(level) else {
            return true;
        };
        if self.turn.level_used(level) {
            return true;
        }
        let side = self.side;
        let y = FIRST_RANK[side.index()];
        for (wing, spec) in CASTLES.iter().enumerate() {
            if self.castling & castle_bit(slot, side, wing) == 0
                || king != cell_of(level, spec.king_from, y)
            {
                continue;
            }
            if self.board[cell_of(level, spec.rook_from, y) as usize] != code(side, Kind::Rook) {
                continue;
            }
            if spec
                .empty
                .iter()
                .any(|&x| self.board[cell_of(level, x, y) as usize] != 0)
            {
                continue;
            }
            if CASTLING_NEEDS_UNATTACKED_PATH
                && spec
                    .unattacked
                    .iter()
                    .any(|&x| self.attacked_by(cell_of(level, x, y), side.opposite()))
            {
                continue;
            }
            if !emit(Move::new(
                king,
                cell_of(level, spec.king_to, y),
                EXTRA_CASTLE,
            )) {
                return false;
            }
        }
        true
    }

    fn any_submove(&self) -> bool {
        self.obvious_submove() || !self.for_each_submove(None, |_| false)
    }

    /// A quick sufficient test for [`Self::any_submove`], asked after every sub-move
    /// but the last of a turn: a man of the mover, not moved this turn, that can step
    /// onto level 2 when the turn has not used it, or a knight, king or pawn with a
    /// move on its own orthodox level when the turn has not used that level. (No check
    /// in this game: such a step is always legal.) False says nothing.
    fn obvious_submove(&self) -> bool {
        if self.winner.is_some() {
            return false;
        }
        let at = chess_bitboards();
        let side = self.side.index();
        let wormhole_free = !self.turn.level_used(WORMHOLE_LEVEL);
        let wormhole_occupied =
            self.men[0].0[WORMHOLE_LEVEL as usize] | self.men[1].0[WORMHOLE_LEVEL as usize];
        for z in ORTHODOX_LEVELS {
            let level_free = !self.turn.level_used(z);
            if !level_free && !wormhole_free {
                continue;
            }
            let own = self.men[side].0[z as usize];
            let occupied = own | self.men[1 - side].0[z as usize];
            for sq in BitboardSquares(own) {
                let c = z as Cell * 64 + sq as Cell;
                if self.turn.contains(c) {
                    continue;
                }
                let kind = code_kind(self.board[c as usize]);
                if wormhole_free
                    && MOVES_VERTICALLY[kind as usize]
                    && wormhole_occupied & (1 << sq) == 0
                {
                    return true;
                }
                if level_free {
                    let reach = match kind {
                        Kind::Knight => at.knight[sq as usize] & !own,
                        Kind::King => at.king[sq as usize] & !own,
                        Kind::Pawn => {
                            pawn_step(self.side, sq as usize).map_or(0, |to| !occupied & (1 << to))
                        }
                        _ => 0,
                    };
                    if reach != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    // ----- making moves -----

    fn end_turn(&mut self) {
        // En-passant rights the mover could have used expire with its turn.
        for slot in 0..2 {
            if let Some(c) = self.ep[slot] {
                if Self::ep_maker(c) != self.side {
                    self.ep[slot] = None;
                }
            }
        }
        self.turn = TurnState::default();
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.opposite();
    }

    fn play_submove(&mut self, m: Move) {
        let (from, to) = (m.from(), m.to());
        let side = self.side;
        let mover = self.take(from);
        let kind = code_kind(mover);
        let mut placed = mover;
        let extra = m.extra();
        let captured = if extra == EXTRA_EN_PASSANT {
            let victim = cell_of(
                level_of(to),
                file_of(to),
                rank_of(to) - FORWARD[side.index()],
            );
            self.take(victim)
        } else {
            self.take(to)
        };
        let promotes = (EXTRA_PROMOTE..EXTRA_PROMOTE + 6).contains(&extra);
        if promotes {
            placed = code(side, KINDS[(extra - EXTRA_PROMOTE) as usize]);
        }
        self.put(to, placed);

        let t = tables();
        let to_level = level_of(to);
        if self.turn.len == 0 {
            self.halfmove += 1;
        }
        let same_level_pawn_move =
            kind == Kind::Pawn && level_of(from) == to_level && to_level != WORMHOLE_LEVEL;
        if captured != 0 || promotes || same_level_pawn_move {
            self.halfmove = 0;
        }
        self.castling &= !(t.castle_mask[from as usize] | t.castle_mask[to as usize]);

        self.turn.push(to);
        if extra == EXTRA_CASTLE {
            let y = rank_of(to);
            let spec = CASTLES
                .iter()
                .find(|s| s.king_to == file_of(to))
                .expect("castling destination");
            let rook_from = cell_of(to_level, spec.rook_from, y);
            let rook_to = cell_of(to_level, spec.rook_to, y);
            let rook = self.take(rook_from);
            self.put(rook_to, rook);
            self.turn.push(rook_to);
        }

        if let Some(slot) = orthodox_slot(to_level) {
            // Ending a sub-move on this level uses up the opponent's e.p. right here.
            if self.ep[slot].is_some_and(|c| Self::ep_maker(c) != side) {
                self.ep[slot] = None;
            }
            if same_level_pawn_move && (rank_of(to) - rank_of(from)).abs() == 2 {
                self.ep[slot] = Some(cell_of(
                    to_level,
                    file_of(to),
                    rank_of(from) + FORWARD[side.index()],
                ));
            }
        }

        if captured != 0 && code_kind(captured) == Kind::King {
            self.winner = Some(side);
        }
    }

    // ----- internals for fen.rs -----

    fn refresh_key(&mut self) {
        self.key = self.compute_key();
    }
}

impl Position for ParallelWorlds {
    fn info() -> VariantInfo {
        VariantInfo {
            name: "parallelworlds",
            title: "Parallel Worlds Chess",
            board: "3 levels of 8x8 (level 2 between 1 and 3), cells 1a1..3h8".to_string(),
            pieces: KINDS
                .iter()
                .map(|&k| {
                    (
                        KIND_LETTERS[k as usize].to_ascii_uppercase(),
                        KIND_NAMES[k as usize],
                    )
                })
                .collect(),
            start_fen: START_FEN.to_string(),
            turn: "1-3",
        }
    }

    fn from_fen(text: &str) -> Result<Self, crate::FenError> {
        fen::parse(text)
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
        let mut k = self.state_key();
        for c in 0..CELLS as Cell {
            let v = self.board[c as usize];
            if v != 0 {
                k ^= Self::piece_key(v, c);
            }
        }
        k
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        let kings = match kind {
            GenKind::All => None,
            GenKind::Tactical => Some(self.capturable_kings_after_discovery()),
        };
        self.for_each_submove(kings.as_ref(), |m| {
            out.push(m);
            true
        });
        if self.winner.is_none() && self.turn.submoves() >= MIN_SUBMOVES_BEFORE_END_TURN {
            out.push(Move::END_TURN);
        }
    }

    /// The main search has just generated every sub-move: filtering that list gives
    /// the tactical ones in the same order as generating them again, at a fraction of
    /// the cost (`Move::END_TURN`, last in both, passes the filter).
    fn tactical_among(&self, all: &[Move], out: &mut MoveList) {
        let d = self.capturable_kings_after_discovery();
        out.extend(all.iter().copied().filter(|&m| self.is_tactical(m, &d)));
    }

    fn make(&mut self, m: Move) {
        self.key ^= self.state_key();
        if m == Move::END_TURN {
            self.end_turn();
        } else {
            self.play_submove(m);
            if self.winner.is_none()
                && (self.turn.submoves() >= self.max_submoves() || !self.any_submove())
            {
                self.end_turn();
            }
        }
        self.key ^= self.state_key();
    }

    fn move_text(&self, m: Move) -> String {
        if m == Move::END_TURN {
            return "0000".to_string();
        }
        let topo = &tables().topo;
        let mut s = format!("{}{}", topo.name(m.from()), topo.name(m.to()));
        let e = m.extra();
        if (EXTRA_PROMOTE..EXTRA_PROMOTE + 6).contains(&e) {
            s.push(KIND_LETTERS[(e - EXTRA_PROMOTE) as usize]);
        }
        s
    }

    /// What a sub-move takes, by the evaluation's piece values; a king capture
    /// wins the game and outranks everything.
    fn capture_value(&self, m: Move) -> Option<i32> {
        const VALUES: [i32; 6] = [100, 244, 373, 567, 891, 20_000];
        if m == Move::END_TURN {
            return Some(0);
        }
        let victim = match m.extra() {
            EXTRA_EN_PASSANT => VALUES[Kind::Pawn as usize],
            _ => self
                .man_at(m.to())
                .map_or(0, |(_, kind)| VALUES[kind as usize]),
        };
        let promotion = if (EXTRA_PROMOTE..EXTRA_PROMOTE + 6).contains(&m.extra()) {
            VALUES[(m.extra() - EXTRA_PROMOTE) as usize] - VALUES[Kind::Pawn as usize]
        } else {
            0
        };
        Some(victim + promotion)
    }

    fn event_outcome(&self) -> Option<Outcome> {
        self.winner.map(|winner| Outcome::Win {
            winner,
            reason: "king captured",
        })
    }

    fn no_move_outcome(&self) -> Outcome {
        // DECISION: a side with no legal sub-move at the start of its turn draws.
        Outcome::Draw(DrawReason::NoLegalMove)
    }

    /// Kings are captured, not checked: `in_check` is never true.
    fn can_be_in_check(&self) -> bool {
        false
    }

    fn is_turn_start(&self) -> bool {
        self.turn.len == 0
    }

    /// Two sub-moves commute when the levels they touch (where they start and where
    /// they end) are disjoint: a man only sees and attacks its own level, and every
    /// rule that ties sub-moves together (one sub-move ending per level, each man
    /// once, castling and en-passant rights) is kept per level, so neither changes
    /// what the other may do. The turn state is hashed as a set, so both orders give
    /// the same key. A king capture ends the game in either order.
    fn commutes(&self, earlier: Move, later: Move) -> bool {
        let touched = |m: Move| (1u8 << level_of(m.from())) | (1u8 << level_of(m.to()));
        earlier != Move::END_TURN
            && later != Move::END_TURN
            && touched(earlier) & touched(later) == 0
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn move_counter_limit(&self) -> u32 {
        HALF_TURN_LIMIT
    }

    /// DECISION: kings only, on both sides.
    fn dead_position(&self) -> bool {
        (0..CELLS).all(|c| self.board[c] == 0 || code_kind(self.board[c]) == Kind::King)
    }

    /// All draw rules are judged at the start of a turn (rules file, Win/draw).
    fn draw_reason(&self, history: &[Self]) -> Option<DrawReason> {
        if !self.is_turn_start() || self.winner.is_some() {
            return None;
        }
        if self.dead_position() {
            return Some(DrawReason::DeadPosition);
        }
        if self.halfmove >= HALF_TURN_LIMIT {
            return Some(DrawReason::MoveCounter);
        }
        let seen = history
            .iter()
            .filter(|p| p.is_turn_start() && p.key == self.key)
            .count();
        if seen + 1 >= REPETITION_COUNT {
            return Some(DrawReason::Repetition);
        }
        None
    }

    /// The three levels side by side, level 1 at the left, each panel named
    /// "Level N"; cells in the board's own order (level, rank, file).
    fn geometry() -> Geometry {
        let mut g = Geometry::new(&Self::info(), ["White", "Black"]).with_chess_glyphs();
        let topo = &tables().topo;
        for z in 0..LEVELS {
            let x0 = z as f64 * (FILES as f64 + PANEL_GAP);
            push_grid(
                &mut g,
                &format!("Level {}", z + 1),
                x0,
                FILES as usize,
                RANKS as usize,
                &|f, r| topo.name(cell_of(z, f as i8, r as i8)).to_string(),
            );
        }
        g
    }

    fn cell_pieces(&self) -> Vec<Option<char>> {
        (0..LEVELS)
            .flat_map(|z| (0..RANKS).flat_map(move |y| (0..FILES).map(move |x| cell_of(z, x, y))))
            .map(|c| {
                self.man_at(c).map(|(side, kind)| {
                    let l = KIND_LETTERS[kind as usize];
                    if side == Side::White {
                        l.to_ascii_uppercase()
                    } else {
                        l
                    }
                })
            })
            .collect()
    }

    fn move_parts(&self, m: Move) -> MoveParts {
        if m == Move::END_TURN {
            return MoveParts::end_turn();
        }
        let topo = &tables().topo;
        let mut parts = MoveParts::board(
            topo.name(m.from()).to_string(),
            topo.name(m.to()).to_string(),
        );
        let e = m.extra();
        if (EXTRA_PROMOTE..EXTRA_PROMOTE + 6).contains(&e) {
            let k = (e - EXTRA_PROMOTE) as usize;
            parts.promotion = Some(KIND_LETTERS[k].to_ascii_uppercase());
            parts.label = format!("promote to {}", KIND_NAMES[k]);
        } else if e == EXTRA_CASTLE {
            parts.label = "castle".to_string();
        } else if e == EXTRA_EN_PASSANT {
            parts.label = "en passant".to_string();
        } else if level_of(m.from()) != level_of(m.to()) {
            parts.label = format!("to level {}", level_of(m.to()) + 1);
        }
        parts
    }

    /// No check in this game (capturing a king wins): the kings a man of the other
    /// side could capture now, on their own level, are the ones highlighted.
    fn checked_royals(&self) -> Vec<String> {
        let topo = &tables().topo;
        let mut out = Vec::new();
        for side in [Side::White, Side::Black] {
            for c in self.men[side.index()].iter() {
                if code_kind(self.board[c as usize]) == Kind::King
                    && self.attacked_by(c, side.opposite())
                {
                    out.push(topo.name(c).to_string());
                }
            }
        }
        out
    }

    fn display(&self) -> String {
        let mut s = String::new();
        s.push_str("   level 1            level 2            level 3\n");
        for y in (0..RANKS).rev() {
            for z in 0..LEVELS {
                s.push_str(&format!("{} ", y + 1));
                for x in 0..FILES {
                    let v = self.board[cell_of(z, x, y) as usize];
                    let ch = if v == 0 {
                        '.'
                    } else {
                        let l = KIND_LETTERS[code_kind(v) as usize];
                        if code_side(v) == Side::White {
                            l.to_ascii_uppercase()
                        } else {
                            l
                        }
                    };
                    s.push(ch);
                    s.push(' ');
                }
                s.push_str("  ");
            }
            s.push('\n');
        }
        s.push_str("  a b c d e f g h    a b c d e f g h    a b c d e f g h\n");
        s.push_str(&format!(
            "{} to move, sub-move {} of at most {}\n",
            if self.side == Side::White {
                "White"
            } else {
                "Black"
            },
            self.turn.submoves() + 1,
            self.max_submoves()
        ));
        s
    }
}

#[cfg(test)]
mod tests;
