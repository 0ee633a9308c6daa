//! Legal sub-move generation and attack detection.
//!
//! Step A: every pseudo-legal move is legal (the Split-Phase is never in check;
//! castling has no attack conditions). Steps B and C: pseudo-legal moves and drops,
//! kept when the mover's king on that board is not attacked afterwards (tested on a
//! copy of that one board).

use super::rules::{
    relative_rank, split_has_choice, Kind, Piece, A_PROMOTION_KINDS, BOARD_A, HOLD_KINDS,
};
use super::tables::{board_of, cell_of, file_of, rank_of, tables, Tables};
use super::{
    Step, TriPlane, FLAG_CASTLE, FLAG_DROP, FLAG_EN_PASSANT, FLAG_PROMOTION, FLAG_SPLIT_SWAP,
};
use crate::movement::Square;
use crate::moves::{Move, MoveList};
use crate::position::{GenKind, Side};
use crate::topology::Cell;

/// A set of kinds as bits (`1 << Kind::index`).
pub type KindSet = u16;

const fn bits(kinds: &[Kind]) -> KindSet {
    let mut b = 0;
    let mut i = 0;
    while i < kinds.len() {
        b |= 1 << kinds[i] as usize;
        i += 1;
    }
    b
}

const ORTHOGONAL_FAR: KindSet = bits(&[Kind::Rook, Kind::Queen]);
const ORTHOGONAL_NEAR: KindSet = bits(&[Kind::Wazir, Kind::King, Kind::SplitPhase]);
const DIAGONAL_FAR: KindSet = bits(&[Kind::Bishop, Kind::Queen]);
const DIAGONAL_NEAR: KindSet = bits(&[Kind::Ferz, Kind::King, Kind::SplitPhase]);

/// Whether `target` is attacked by a man of `by`, with `at` describing the board
/// and `present` the kinds `by` has there (lines of absent kinds are not walked).
/// Works backwards from the target: the same compiled lines the pieces move on
/// (every B/C piece is symmetric), pawns through the other side's capture table.
pub fn attacked_by(
    t: &Tables,
    target: Cell,
    by: Side,
    present: KindSet,
    at: impl Fn(Cell) -> Option<Piece>,
) -> bool {
    // A line of `table` attacks the target from its first man when that man is
    // one of `far` (any distance) or `near` (adjacent only).
    let hits = |far: KindSet, near: KindSet, table: Kind| {
        let far_here = present & far;
        if far_here | (present & near) == 0 {
            return false;
        }
        for (_, line) in t.moves(table).lines(target) {
            // Without a slider of this line's kinds only the first cell can attack.
            let reach = if far_here == 0 { &line[..1] } else { line };
            for (i, &c) in reach.iter().enumerate() {
                if let Some(p) = at(c) {
                    let bit = 1 << p.kind.index();
                    if p.side == by && (bit & far != 0 || (i == 0 && bit & near != 0)) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    };
    hits(ORTHOGONAL_FAR, ORTHOGONAL_NEAR, Kind::Rook)
        || hits(DIAGONAL_FAR, DIAGONAL_NEAR, Kind::Bishop)
        || hits(bits(&[Kind::Knight]), 0, Kind::Knight)
        || hits(bits(&[Kind::WarMachine]), 0, Kind::WarMachine)
        || hits(bits(&[Kind::Elephant]), 0, Kind::Elephant)
        || (present & bits(&[Kind::Pawn]) != 0
            && t.pawn_capture[by.opposite().index()]
                .lines(target)
                .any(|(_, line)| {
                    line.first()
                        .is_some_and(|&c| at(c) == Some(Piece::new(Kind::Pawn, by)))
                }))
}

impl TriPlane {
    /// The kinds `side` has on `board`.
    pub fn kinds_on(&self, board: usize, side: Side) -> KindSet {
        let mut set = 0;
        let mut mask = self.board_mask(board, side);
        while mask != 0 {
            let c = cell_of(board, 0, 0) + mask.trailing_zeros() as Cell;
            mask &= mask - 1;
            if let Some(p) = self.cells[c as usize] {
                set |= 1 << p.kind.index();
            }
        }
        set
    }

    /// Whether the side to move's king on board B (1) or C (2) is attacked.
    pub fn king_attacked(&self, board: usize) -> bool {
        let us = self.side;
        attacked_by(
            tables(),
            self.king(board, us),
            us.opposite(),
            self.kinds_on(board, us.opposite()),
            |c| self.cells[c as usize],
        )
    }

    /// Whether `cell` (on B or C) is attacked by a man of `by`.
    pub fn cell_attacked(&self, cell: Cell, by: Side) -> bool {
        attacked_by(tables(), cell, by, self.kinds_on(board_of(cell), by), |c| {
            self.cells[c as usize]
        })
    }

    /// Whether `cell` (on B or C) is attacked by a man of `by` whose kind is in
    /// `kinds` (bits `1 << Kind::index()`): the evaluation's threats by kind.
    pub fn cell_attacked_by_kinds(&self, cell: Cell, by: Side, kinds: KindSet) -> bool {
        let present = self.kinds_on(board_of(cell), by) & kinds;
        present != 0 && attacked_by(tables(), cell, by, present, |c| self.cells[c as usize])
    }

    /// Whether `side`'s king on `board` is attacked by the other side.
    pub fn king_of_attacked(&self, board: usize, side: Side) -> bool {
        attacked_by(
            tables(),
            self.king(board, side),
            side.opposite(),
            self.kinds_on(board, side.opposite()),
            |c| self.cells[c as usize],
        )
    }

    /// The step actually to be played: step A when the mover has an A move,
    /// otherwise (A skipped automatically) the stored step or B.
    pub fn current_step(&self) -> Step {
        if self.step == Step::A && !self.has_board_a_move() {
            Step::B
        } else {
            self.step
        }
    }

    /// Whether the side to move has any move on Board A.
    pub fn has_board_a_move(&self) -> bool {
        // Asked at every step-A node, quiescence included: the list is kept per
        // thread rather than allocated (and grown) on every call.
        thread_local! {
            static LIST: std::cell::RefCell<MoveList> = const { std::cell::RefCell::new(Vec::new()) };
        }
        LIST.with(|list| {
            let mut list = list.borrow_mut();
            list.clear();
            self.gen_board_a(GenKind::All, &mut list);
            !list.is_empty()
        })
    }

    pub(super) fn generate_moves(&self, kind: GenKind, out: &mut MoveList) {
        match self.step {
            Step::A => {
                let before = out.len();
                if kind == GenKind::All {
                    self.gen_board_a(kind, out);
                    if out.len() == before {
                        self.gen_board_bc(1, kind, out);
                    }
                } else if self.has_board_a_move() {
                    self.gen_board_a(kind, out);
                } else {
                    self.gen_board_bc(1, kind, out);
                }
            }
            Step::B => self.gen_board_bc(1, kind, out),
            Step::C => self.gen_board_bc(2, kind, out),
        }
    }

    /// What a mover of `us` finds on a cell.
    #[inline]
    fn look(&self, c: Cell, us: Side) -> Square {
        match self.cells[c as usize] {
            None => Square::Empty,
            Some(p) if p.kind == Kind::DeadWood || p.side == us => Square::Blocked,
            Some(_) => Square::Enemy,
        }
    }

    /// Pushes a Board-A move, once per split choice when it captures a man whose
    /// split is asymmetric.
    fn push_a(&self, out: &mut MoveList, from: Cell, to: Cell, extra: u16) {
        out.push(Move::new(from, to, extra));
        if let Some(victim) = self.cells[to as usize] {
            if split_has_choice(victim.kind) {
                out.push(Move::new(from, to, extra | FLAG_SPLIT_SWAP));
            }
        }
    }

    pub(super) fn gen_board_a(&self, kind: GenKind, out: &mut MoveList) {
        let t = tables();
        let us = self.side;
        let tactical = kind == GenKind::Tactical;
        let mut mask = self.board_mask(BOARD_A, us);
        while mask != 0 {
            let from = cell_of(BOARD_A, 0, 0) + mask.trailing_zeros() as Cell;
            mask &= mask - 1;
            let Some(p) = self.cells[from as usize] else {
                continue;
            };
            match p.kind {
                Kind::Pawn => self.gen_pawn(from, true, tactical, out),
                _ => {
                    t.moves(p.kind).walk(
                        from,
                        |c| self.look(c, us),
                        |to, capture| {
                            if capture || !tactical {
                                self.push_a(out, from, to, 0);
                            }
                        },
                    );
                    if p.kind == Kind::SplitPhase && !tactical {
                        self.gen_castling(from, out);
                    }
                }
            }
        }
    }

    /// SOURCE: the Split-Phase castles with no attack conditions at all; the right
    /// and empty squares between S and rook are all that is needed.
    fn gen_castling(&self, from: Cell, out: &mut MoveList) {
        for c in &tables().castlings {
            if self.castling & c.bit == 0 || c.side != self.side || c.s_from != from {
                continue;
            }
            let rook_ok =
                self.cells[c.rook_from as usize] == Some(Piece::new(Kind::Rook, self.side));
            if rook_ok
                && c.empty
                    .iter()
                    .flatten()
                    .all(|&e| self.cells[e as usize].is_none())
            {
                out.push(Move::new(c.s_from, c.s_to, FLAG_CASTLE));
            }
        }
    }

    /// Pawn moves on any board. On A: promotion to the last rank, split choices on
    /// captures. On B/C: no promotion (a pawn reaching the last rank becomes
    /// DeadWood in `make`).
    fn gen_pawn(&self, from: Cell, on_a: bool, tactical: bool, out: &mut MoveList) {
        let t = tables();
        let us = self.side;
        let b = board_of(from);
        let rel = relative_rank(us, rank_of(from));
        let push = |out: &mut MoveList, to: Cell, extra: u16| {
            if on_a && relative_rank(us, rank_of(to)) == 7 {
                for k in A_PROMOTION_KINDS {
                    self.push_a(out, from, to, extra | FLAG_PROMOTION | k.index() as u16);
                }
            } else if on_a {
                self.push_a(out, from, to, extra);
            } else {
                out.push(Move::new(from, to, extra));
            }
        };
        let pushes = if rel == 1 {
            &t.pawn_double[us.index()]
        } else {
            &t.pawn_single[us.index()]
        };
        if !tactical || on_a {
            pushes.walk(
                from,
                |c| self.look(c, us),
                |to, _| {
                    if !tactical || relative_rank(us, rank_of(to)) == 7 {
                        push(out, to, 0);
                    }
                },
            );
        }
        t.pawn_capture[us.index()].walk(from, |c| self.look(c, us), |to, _| push(out, to, 0));
        if let Some(ep) = self.ep[b] {
            // The target is behind an enemy pawn that just double-stepped: on the
            // mover's relative 6th rank, with that pawn beside the capturer.
            let victim = cell_of(b, file_of(ep), rank_of(from));
            if relative_rank(us, rank_of(ep)) == 5
                && self.cells[ep as usize].is_none()
                && self.cells[victim as usize] == Some(Piece::new(Kind::Pawn, us.opposite()))
                && t.pawn_capture[us.index()]
                    .lines(from)
                    .any(|(_, l)| l.first() == Some(&ep))
            {
                out.push(Move::new(from, ep, FLAG_EN_PASSANT));
            }
        }
    }

    pub(super) fn gen_board_bc(&self, b: usize, kind: GenKind, out: &mut MoveList) {
        let t = tables();
        let us = self.side;
        let tactical = kind == GenKind::Tactical;
        let start = out.len();
        let mut mask = self.board_mask(b, us);
        while mask != 0 {
            let from = cell_of(b, 0, 0) + mask.trailing_zeros() as Cell;
            mask &= mask - 1;
            let Some(p) = self.cells[from as usize] else {
                continue;
            };
            match p.kind {
                Kind::DeadWood => {}
                Kind::Pawn => self.gen_pawn(from, false, tactical, out),
                _ => t.moves(p.kind).walk(
                    from,
                    |c| self.look(c, us),
                    |to, capture| {
                        if capture || !tactical {
                            out.push(Move::new(from, to, 0));
                        }
                    },
                ),
            }
        }
        let enemy_kinds = self.kinds_on(b, us.opposite());
        let king = self.king(b, us);
        let in_check = attacked_by(t, king, us.opposite(), enemy_kinds, |c| {
            self.cells[c as usize]
        });
        // Keep the moves that leave the king safe (compacting in place). Out of
        // check, a man that is not the king and shares no line with it cannot
        // expose it (en passant removes a second man, so it is always tested).
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            let obviously_safe = !in_check
                && m.from() != king
                && m.extra() & FLAG_EN_PASSANT == 0
                && !shares_line(m.from(), king);
            if obviously_safe || self.safe_after(b, m, enemy_kinds) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
        if tactical {
            return;
        }
        // Drops from the mover's hold for this board onto its empty cells. A drop
        // never uncovers an attack, so out of check every drop is legal.
        let hold = &self.hold[b - 1][us.index()];
        let occupied = self.occupied[0].0[b] | self.occupied[1].0[b];
        for k in HOLD_KINDS {
            if hold[k.index()] == 0 {
                continue;
            }
            let mut empty = !occupied;
            while empty != 0 {
                let to = cell_of(b, 0, 0) + empty.trailing_zeros() as Cell;
                empty &= empty - 1;
                if k == Kind::Pawn && relative_rank(us, rank_of(to)) == 7 {
                    continue; // SOURCE: no pawn drop on the owner's last rank.
                }
                let m = Move::new(Move::HAND, to, FLAG_DROP | k.index() as u16);
                if !in_check || self.safe_after(b, m, enemy_kinds) {
                    out.push(m);
                }
            }
        }
    }

    /// Whether the mover's king on board `b` is safe after `m` (played on a copy of
    /// that board only).
    fn safe_after(&self, b: usize, m: Move, enemy_kinds: KindSet) -> bool {
        let us = self.side;
        let to = m.to();
        let mut king = self.king(b, us);
        // The board after the move, as an overlay on the current cells: `to` holds
        // the mover (a drop: any blocker of ours), `from` and an e.p. victim are empty.
        let (from, placed) = if m.extra() & FLAG_DROP != 0 {
            (Move::HAND, Some(Piece::new(Kind::Pawn, us)))
        } else {
            (m.from(), self.cells[m.from() as usize])
        };
        let victim = if m.extra() & FLAG_EN_PASSANT != 0 {
            cell_of(b, file_of(to), rank_of(m.from()))
        } else {
            Move::HAND
        };
        if placed.is_some_and(|p| p.kind == Kind::King) {
            king = to;
        }
        !attacked_by(tables(), king, us.opposite(), enemy_kinds, |c| {
            if c == to {
                placed
            } else if c == from || c == victim {
                None
            } else {
                self.cells[c as usize]
            }
        })
    }
}

/// Whether two cells of one board share a file, rank or diagonal (only then can
/// moving a man from one uncover a slider's line to the other).
#[inline]
fn shares_line(a: Cell, b: Cell) -> bool {
    let (fa, ra, fb, rb) = (
        file_of(a) as i8,
        rank_of(a) as i8,
        file_of(b) as i8,
        rank_of(b) as i8,
    );
    fa == fb || ra == rb || (fa - fb).abs() == (ra - rb).abs()
}
