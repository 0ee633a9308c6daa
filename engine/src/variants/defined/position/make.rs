//! Playing a move (copy-make): board, occupancy, counts, hands, rights, e.p.,
//! counters, the incremental key, events and the end of the turn.

use super::tables::{Tables, F_GOAL, NO_CELL};
use super::*;

impl FileVariant {
    #[inline]
    pub(crate) fn put(&mut self, t: &Tables, cell: usize, p: u8) {
        self.board[cell] = p;
        let s = side_of(p);
        self.occ[s][cell / 64] |= 1 << (cell % 64);
        self.counts[s][kind_of(p)] += 1;
        self.key ^= t.zob.piece(p as usize, cell);
    }

    #[inline]
    pub(crate) fn take(&mut self, t: &Tables, cell: usize) -> u8 {
        let p = self.board[cell];
        if p != 0 {
            self.board[cell] = 0;
            let s = side_of(p);
            self.occ[s][cell / 64] &= !(1 << (cell % 64));
            self.counts[s][kind_of(p)] -= 1;
            self.key ^= t.zob.piece(p as usize, cell);
        }
        p
    }

    #[inline]
    pub(crate) fn hand_key(t: &Tables, side: usize, kind: usize, count: u8) -> u64 {
        if count == 0 {
            0
        } else {
            t.zob
                .extra(t.x_hand + (side * t.nkinds + kind) * 256 + count as usize)
        }
    }

    pub(crate) fn hand_add(&mut self, t: &Tables, side: usize, kind: usize, delta: i32) {
        let old = self.hands[side][kind];
        let new = (old as i32 + delta).clamp(0, 255) as u8;
        self.key ^= Self::hand_key(t, side, kind, old) ^ Self::hand_key(t, side, kind, new);
        self.hands[side][kind] = new;
    }

    pub(crate) fn set_castling(&mut self, t: &Tables, rights: u8) {
        let diff = self.castling ^ rights;
        for b in 0..4 {
            if diff >> b & 1 != 0 {
                self.key ^= t.zob.extra(b);
            }
        }
        self.castling = rights;
    }

    pub(crate) fn set_ep(&mut self, t: &Tables, cell: u16, victim: u16) {
        if self.ep != NO_CELL {
            self.key ^= t.zob.extra(t.x_ep + self.ep as usize);
        }
        self.ep = cell;
        self.ep_victim = victim;
        if cell != NO_CELL {
            self.key ^= t.zob.extra(t.x_ep + cell as usize);
        }
    }

    fn end_turn(&mut self, t: &Tables) {
        if self.sub > 0 {
            self.key ^= t.zob.extra(t.x_sub + self.sub as usize);
            self.sub = 0;
        }
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.opposite();
        self.key ^= t.zob.side();
    }

    /// Pieces of `side` on the board of the kinds in `mask`, plus those in hand.
    pub(crate) fn material(&self, side: usize, mask: u32) -> u32 {
        let mut n = 0;
        for k in 0..self.t.nkinds {
            if mask >> k & 1 != 0 {
                n += self.counts[side][k] as u32 + self.hands[side][k] as u32;
            }
        }
        n
    }

    fn royals_on_board(&self, side: usize) -> u32 {
        let mut n = 0;
        for k in 0..self.t.nkinds {
            if self.t.royal_mask >> k & 1 != 0 {
                n += self.counts[side][k] as u32;
            }
        }
        n
    }

    /// The event that ends the game after a move by `mover` (`lost[side]`: a royal
    /// piece of that side left the board in this move), as `FileVariant::event`.
    pub(crate) fn judge(&self, mover: usize, lost: [bool; 2], landed: Option<usize>) -> u8 {
        let t = &*self.t;
        let enemy = 1 - mover;
        let win = |side: usize, reason: u8| (side as u8 + 1) | (reason << 2);
        match &self.def.rules.goal {
            Goal::RoyalCapture => {
                if lost[mover] && self.royals_on_board(mover) == 0 {
                    return win(enemy, EV_ROYAL_CAPTURED);
                }
                if lost[enemy] && self.royals_on_board(enemy) == 0 {
                    return win(mover, EV_ROYAL_CAPTURED);
                }
            }
            Goal::Checkmate => {
                if self.def.rules.explosion.is_some() {
                    if lost[mover] && self.royals_on_board(mover) == 0 {
                        return win(enemy, EV_ROYAL_EXPLODED);
                    }
                    if lost[enemy] && self.royals_on_board(enemy) == 0 {
                        return win(mover, EV_ROYAL_EXPLODED);
                    }
                }
            }
            Goal::Extinction { .. } => {
                if self.material(enemy, t.extinction_mask) == 0 {
                    return win(mover, EV_EXTINCTION);
                }
                if self.material(mover, t.extinction_mask) == 0 {
                    return win(enemy, EV_EXTINCTION);
                }
            }
        }
        // A side with no piece left loses, or wins where that is the aim (rules.no_pieces).
        let all = u32::MAX;
        let winner_if_out = |out: usize| match self.def.rules.no_pieces {
            NoMoveResult::Win => out,
            _ => 1 - out,
        };
        if self.material(enemy, all) == 0 {
            return win(winner_if_out(enemy), EV_NO_PIECES);
        }
        if self.material(mover, all) == 0 {
            return win(winner_if_out(mover), EV_NO_PIECES);
        }
        if let Some(to) = landed {
            let p = self.board[to];
            if p != 0
                && side_of(p) == mover
                && t.goal_kinds >> kind_of(p) & 1 != 0
                && t.flag(mover, to) & F_GOAL != 0
            {
                return win(mover, EV_GOAL_CELL);
            }
        }
        0
    }
}

/// The last cell a ride of `steps` cells from `from` to `to` crossed.
fn crossed_cell(def: &VariantDef, from: Cell, to: Cell, steps: i8) -> Option<Cell> {
    let a = def.topology.coord(from);
    let b = def.topology.coord(to);
    let back = |x: i8, y: i8| (y - x) / steps;
    def.topology.cell_at(crate::topology::Coord {
        x: b.x - back(a.x, b.x),
        y: b.y - back(a.y, b.y),
        z: b.z - back(a.z, b.z),
        board: b.board,
    })
}

pub(crate) fn make(pos: &mut FileVariant, m: Move) {
    let tables = pos.t.clone();
    let t = &*tables;
    if m == Move::END_TURN {
        pos.end_turn(t);
        return;
    }
    let s = pos.side.index();
    let e = 1 - s;
    let first_sub = pos.sub == 0;
    let victim = pos.ep_victim;
    if first_sub {
        pos.halfmove += 1;
        if pos.ep != NO_CELL {
            pos.set_ep(t, NO_CELL, NO_CELL);
        }
    }
    let from = m.from() as usize;
    let to = m.to() as usize;
    let extra = m.extra();
    let mut lost = [false; 2];
    let mut irreversible = false;
    let drops = pos.def.rules.drops.is_some();
    let to_hand = pos
        .def
        .rules
        .drops
        .as_ref()
        .is_some_and(|d| d.captures_to_hand);
    if from == Move::HAND as usize {
        let k = (extra & X_KIND) as usize - 1;
        pos.hand_add(t, s, k, -1);
        pos.put(t, to, code(s, k));
    } else if extra & X_CASTLE != 0 {
        if let Some(wings) = &t.wings {
            let wing = usize::from(wings[s][0].king_to != to as u16);
            let w = wings[s][wing];
            let king = pos.take(t, from);
            let rook = pos.take(t, w.rook_from as usize);
            pos.put(t, to, king);
            pos.put(t, w.rook_to as usize, rook);
        }
        let rights = pos.castling & !(3 << (2 * s));
        pos.set_castling(t, rights);
    } else {
        let p = pos.board[from];
        let k = kind_of(p);
        let cap = if extra & X_EP != 0 {
            victim as usize
        } else {
            to
        };
        let mut rights = pos.castling;
        let captured = if cap < t.ncells { pos.take(t, cap) } else { 0 };
        if captured != 0 {
            irreversible = true;
            rights &= !t.castle_clear[cap];
            let ck = kind_of(captured);
            if t.royal_mask >> ck & 1 != 0 {
                lost[e] = true;
                if t.castle_king == Some(ck as u8) {
                    rights &= !(3 << (2 * e));
                }
            }
            if to_hand {
                let back = if captured & PROMOTED != 0 {
                    t.unpromoted_kind as usize
                } else {
                    ck
                };
                pos.hand_add(t, s, back, 1);
            }
        }
        pos.take(t, from);
        let promo = (extra & X_KIND) as usize;
        let placed = if promo > 0 {
            code(s, promo - 1) | if drops { PROMOTED } else { 0 }
        } else {
            p
        };
        pos.put(t, to, placed);
        rights &= !t.castle_clear[from];
        if t.castle_king == Some(k as u8) {
            rights &= !(3 << (2 * s));
        }
        if t.ep_mask >> k & 1 != 0 {
            irreversible = true;
            let steps = (extra >> X_STEPS_SHIFT) & 15;
            if steps >= 2 {
                if let Some(c) = crossed_cell(&pos.def, from as Cell, to as Cell, steps as i8) {
                    pos.set_ep(t, c, to as u16);
                }
            }
        }
        if captured != 0 && pos.def.rules.explosion.is_some() {
            // The capturer explodes with everything around the target cell that
            // is not immune.
            pos.take(t, to);
            for &b in t.blast(to) {
                let b = b as usize;
                let v = pos.board[b];
                if v != 0 && t.immune >> kind_of(v) & 1 == 0 {
                    pos.take(t, b);
                    rights &= !t.castle_clear[b];
                    let vk = kind_of(v);
                    if t.royal_mask >> vk & 1 != 0 {
                        lost[side_of(v)] = true;
                        if t.castle_king == Some(vk as u8) {
                            rights &= !(3 << (2 * side_of(v)));
                        }
                    }
                }
            }
            if t.royal_mask >> k & 1 != 0 {
                lost[s] = true;
            }
        }
        if rights != pos.castling {
            pos.set_castling(t, rights);
        }
    }
    if irreversible {
        pos.halfmove = 0;
    }
    // An e.p. cell set earlier in this turn lapses when its piece has left (or
    // exploded) in a later sub-move, so an e.p. capture never takes another piece.
    if pos.ep != NO_CELL {
        let v = pos.board[pos.ep_victim as usize];
        if v == 0
            || side_of(v) != s
            || t.ep_mask >> kind_of(v) & 1 == 0
            || pos.board[pos.ep as usize] != 0
        {
            pos.set_ep(t, NO_CELL, NO_CELL);
        }
    }
    pos.event = pos.judge(s, lost, Some(to));
    // The turn ends after its last sub-move, at an event, or (checkmate goal)
    // when a sub-move gives check.
    let moves = pos.def.rules.turn.moves.max(1);
    pos.sub += 1;
    let ends = pos.sub >= moves
        || pos.event != 0
        || (moves > 1 && pos.checkmate_goal() && pos.side_in_check(e));
    if ends {
        // Undo the provisional count so `end_turn` removes the right key.
        pos.sub -= 1;
        if pos.sub > 0 {
            pos.key ^= t.zob.extra(t.x_sub + pos.sub as usize);
        }
        pos.sub = 0;
        if pos.side == Side::Black {
            pos.fullmove += 1;
        }
        pos.side = pos.side.opposite();
        pos.key ^= t.zob.side();
    } else {
        if pos.sub > 1 {
            pos.key ^= t.zob.extra(t.x_sub + pos.sub as usize - 1);
        }
        pos.key ^= t.zob.extra(t.x_sub + pos.sub as usize);
    }
}

/// A pass for null-move pruning: only in single-move turns with the checkmate
/// goal, not in check, and when the side has a piece that is neither royal nor an
/// `en_passant` piece (zugzwang is likely without one).
pub(crate) fn make_null(pos: &mut FileVariant) -> bool {
    if pos.def.rules.turn.moves > 1 || !pos.checkmate_goal() || pos.event != 0 || pos.in_check() {
        return false;
    }
    let s = pos.side.index();
    let t = pos.t.clone();
    let plain = !(t.royal_mask | t.ep_mask);
    if (0..t.nkinds).all(|k| plain >> k & 1 == 0 || pos.counts[s][k] == 0) {
        return false;
    }
    if pos.ep != NO_CELL {
        pos.set_ep(&t, NO_CELL, NO_CELL);
    }
    pos.halfmove += 1;
    pos.end_turn(&t);
    true
}

/// The key from scratch.
pub(crate) fn compute_key(pos: &FileVariant) -> u64 {
    let t = &*pos.t;
    let mut k = 0u64;
    for c in 0..t.ncells {
        let p = pos.board[c];
        if p != 0 {
            k ^= t.zob.piece(p as usize, c);
        }
    }
    if pos.side == Side::Black {
        k ^= t.zob.side();
    }
    for b in 0..4 {
        if pos.castling >> b & 1 != 0 {
            k ^= t.zob.extra(b);
        }
    }
    if pos.ep != NO_CELL {
        k ^= t.zob.extra(t.x_ep + pos.ep as usize);
    }
    if pos.sub > 0 {
        k ^= t.zob.extra(t.x_sub + pos.sub as usize);
    }
    if pos.def.rules.drops.is_some() {
        for s in 0..2 {
            for kind in 0..t.nkinds {
                k ^= FileVariant::hand_key(t, s, kind, pos.hands[s][kind]);
            }
        }
    }
    k
}
