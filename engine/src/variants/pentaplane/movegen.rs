//! Legal sub-moves (draft and play) and playing them.
//!
//! Play moves come from the compiled movement tables; the only rule-specific parts
//! are the missile shots (first piece on a firing line, if it is a legal target), the
//! pawn's promotion row, and the suicide rule, checked by playing every move that
//! sets off an explosion on a copy (explosions are the only way to lose one's own
//! king on one's own move).

use super::explosion::explode;
use super::rules::{
    self, hand_kind, is_bomb, selectable_count, Kind, Layout, HANDS, PROMOTION_KIND, PROMOTION_ROW,
    X_CELLS,
};
use super::tables::{cell, tables, xyz};
use super::{Action, Pentaplane, Phase, Piece};
use crate::movement::Square;
use crate::moves::MoveList;
use crate::position::{GenKind, Side};
use crate::topology::Cell;

impl Pentaplane {
    /// Whether a piece of `side` standing on `c` stands on its promotion row.
    pub fn on_promotion_row(side: Side, c: Cell) -> bool {
        let (_, y, z) = xyz(c);
        PROMOTION_ROW[side.index()] == (y, z)
    }

    /// Whether a missile of `side` may hit `target` (DECISION: enemies, own bombs).
    pub fn missile_may_hit(side: Side, target: Piece) -> bool {
        if target.side != side {
            true
        } else if is_bomb(target.kind) {
            rules::MISSILE_MAY_HIT_OWN_BOMB
        } else {
            rules::MISSILE_MAY_HIT_OWN_OTHER
        }
    }

    /// Whether playing `a` sets off an explosion.
    pub fn explodes(&self, a: Action) -> bool {
        match a {
            Action::Step { from, to, .. } => match (self.piece(from), self.piece(to)) {
                (Some(mover), Some(target)) => is_bomb(mover.kind) || is_bomb(target.kind),
                _ => false,
            },
            Action::Fire { to, .. } => self.piece(to).is_some_and(|p| is_bomb(p.kind)),
            _ => false,
        }
    }

    /// The suicide rule: a move is illegal if it removes the mover's own king.
    fn keeps_own_king(&self, a: Action) -> bool {
        if !rules::SUICIDE_ILLEGAL || !self.explodes(a) {
            return true;
        }
        let mut after = self.clone();
        after.apply(a);
        after.king(self.side).is_some()
    }

    pub(super) fn generate_play(&self, kind: GenKind, out: &mut MoveList) {
        let t = tables();
        let us = self.side;
        let tactical = kind == GenKind::Tactical;
        let look = |c: Cell| match self.board[c as usize] {
            None => Square::Empty,
            Some(p) if p.side != us => Square::Enemy,
            Some(_) => Square::Blocked,
        };
        for from in self.occupied(us).iter() {
            let p = self.board[from as usize].expect("occupied cells hold pieces");
            let mut push = |to: Cell, capture: bool| {
                let promote = p.kind == Kind::Pawn && Self::on_promotion_row(us, to);
                if tactical && !capture && !promote {
                    return;
                }
                let a = Action::Step { from, to, promote };
                if !capture || self.keeps_own_king(a) {
                    out.push(a.encode());
                }
            };
            t.moves[p.kind as usize].walk(from, look, &mut push);
            if let Some(fire) = &t.fire[p.kind as usize] {
                for (_, line) in fire.lines(from) {
                    let Some(&to) = line.iter().find(|&&c| self.board[c as usize].is_some()) else {
                        continue;
                    };
                    let target = self.board[to as usize].expect("first occupied cell");
                    if !Self::missile_may_hit(us, target) {
                        continue;
                    }
                    let a = Action::Fire { from, to };
                    if self.keeps_own_king(a) {
                        out.push(a.encode());
                    }
                }
            }
        }
    }

    /// The X cells of `side`.
    pub fn x_cells(side: Side) -> [Cell; 4] {
        X_CELLS[side.index()].map(|(x, y, z)| cell(x, y, z))
    }

    pub(super) fn generate_draft(&self, out: &mut MoveList) {
        match (self.phase, self.side) {
            (Phase::Select, _) => {
                // Unordered pairs of the enlarged set: (9+k)(10+k)/2 with k designed.
                let n = selectable_count();
                for a in 0..n {
                    for b in a..n {
                        out.push(Action::Select { a, b }.encode());
                    }
                }
            }
            (Phase::Place, Side::White) => {
                for hand in 0..HANDS {
                    if self.hands[0][hand] == 0 {
                        continue;
                    }
                    for to in Self::x_cells(Side::White) {
                        if self.board[to as usize].is_none() {
                            out.push(Action::Drop { hand, to }.encode());
                        }
                    }
                }
            }
            (Phase::Place, Side::Black) => {
                out.push(Action::Layout(Layout::Same).encode());
                out.push(Action::Layout(Layout::Mirror).encode());
            }
            (Phase::Play, _) => {}
        }
    }

    /// The cells and pieces B's layout puts down.
    pub fn layout_placements(&self, layout: Layout) -> Vec<(Cell, Piece)> {
        let (rank, level) = rules::BLACK_HOME_ROW;
        Self::x_cells(Side::White)
            .iter()
            .filter_map(|&c| {
                let p = self.board[c as usize]?;
                let (x, _, _) = xyz(c);
                Some((
                    cell(layout.black_file(x), rank, level),
                    Piece::new(p.kind, Side::Black),
                ))
            })
            .collect()
    }

    /// Plays a decoded sub-move (assumed legal).
    pub(super) fn apply(&mut self, a: Action) {
        match a {
            Action::Select { a, b } => {
                for side in [Side::White, Side::Black] {
                    for h in [a, b] {
                        let n = self.hands[side.index()][h];
                        self.set_hand(side, h, n + 1);
                    }
                }
                if self.side == Side::White {
                    self.set_side(Side::Black);
                } else {
                    self.set_phase(Phase::Place);
                    self.set_side(Side::White);
                }
            }
            Action::Drop { hand, to } => {
                let n = self.hands[0][hand];
                self.set_hand(Side::White, hand, n - 1);
                self.put(to, Piece::new(hand_kind(hand), Side::White));
                if self.hand_total(Side::White) == 0 {
                    self.set_side(Side::Black);
                }
            }
            Action::Layout(layout) => {
                for (c, p) in self.layout_placements(layout) {
                    let h = rules::selectable_index(p.kind).expect("placed pieces are selectable");
                    let n = self.hands[1][h];
                    self.set_hand(Side::Black, h, n.saturating_sub(1));
                    self.put(c, p);
                }
                self.set_phase(Phase::Play);
                self.set_side(Side::White);
            }
            Action::Step { from, to, promote } => {
                let mover = self.remove(from).expect("a piece moves");
                let landed = if promote {
                    Piece::new(PROMOTION_KIND, mover.side)
                } else {
                    mover
                };
                let mut progress = promote;
                match self.remove(to) {
                    None => self.put(to, landed),
                    Some(target) => {
                        progress = true;
                        // SOURCE: the Kamikaze Queen is removed with its capture.
                        if mover.kind != Kind::Kamikaze {
                            self.put(to, landed);
                        }
                        if is_bomb(mover.kind) || is_bomb(target.kind) {
                            explode(self, to);
                        }
                    }
                }
                self.finish_play_move(progress);
            }
            Action::Fire { to, .. } => {
                if let Some(target) = self.remove(to) {
                    if is_bomb(target.kind) {
                        explode(self, to);
                    }
                }
                self.finish_play_move(true);
            }
        }
    }

    fn finish_play_move(&mut self, progress: bool) {
        self.halfmove = if progress { 0 } else { self.halfmove + 1 };
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        let next = self.side.opposite();
        self.set_side(next);
    }
}
