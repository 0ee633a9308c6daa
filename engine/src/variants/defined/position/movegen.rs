//! Legal move generation: pseudo-legal moves from the compiled lines, then the
//! rule filters (royal safety, forced capture, end-of-turn cells).
//!
//! Royal safety is tested on a scratch copy of the board with the move's cell
//! changes applied and undone. Most moves skip the test: when the side is not in
//! check, a move of a non-royal piece that is not the first piece on a line from
//! a royal cell along which the enemy rides cannot expose a royal (unless the
//! enemy has cannons, whose screens any move may create or remove; then every
//! move is tested).

use super::tables::{LineTravel, Tables, F_INITIAL, F_PROMO, NO_CELL, WORDS};
use super::*;

/// Whether `cell` is attacked by side `by` on `board`: one walk per reverse
/// direction, then the leap sources, stopping at the first attacker.
#[inline]
pub(crate) fn attacked(t: &Tables, board: &[u8; BOARD_LEN], cell: usize, by: usize) -> bool {
    each_attacker(t, board, cell, by, |_| true)
}

/// Calls `found(cell)` for the pieces of side `by` that attack `cell` on `board`
/// (the first piece met on each reverse ray, cannons behind their screen, leap
/// sources) until it returns `true`; returns whether it did. Check detection stops
/// at the first; static exchange evaluation looks at them all.
#[inline]
pub(crate) fn each_attacker(
    t: &Tables,
    board: &[u8; BOARD_LEN],
    cell: usize,
    by: usize,
    mut found: impl FnMut(usize) -> bool,
) -> bool {
    let (a, n) = t.probe_index[by * t.ncells + cell];
    let dirs = &t.dirs[by];
    for pr in &t.probes[a as usize..(a + n) as usize] {
        let dir = &dirs[pr.dir as usize];
        let ray = &t.ray_cells[pr.start as usize..pr.start as usize + pr.len as usize];
        let mut i = 0;
        while i < ray.len() && at(board, ray[i] as usize) == 0 {
            i += 1;
        }
        if i == ray.len() {
            continue;
        }
        let p = at(board, ray[i] as usize);
        if side_of(p) == by {
            let mut m = dir.masks[i];
            if dir.imasks[i] != 0 && t.flag(by, ray[i] as usize) & F_INITIAL != 0 {
                m |= dir.imasks[i];
            }
            if m >> kind_of(p) & 1 != 0 && found(ray[i] as usize) {
                return true;
            }
        }
        if dir.hop != 0 {
            i += 1;
            while i < ray.len() {
                let q = at(board, ray[i] as usize);
                if q != 0 {
                    if side_of(q) == by && dir.hop >> kind_of(q) & 1 != 0 && found(ray[i] as usize)
                    {
                        return true;
                    }
                    break;
                }
                i += 1;
            }
        }
    }
    let (a, n) = t.leap_index[by * t.ncells + cell];
    for l in &t.leaps[a as usize..(a + n) as usize] {
        let p = at(board, l.cell as usize);
        if p != 0 && side_of(p) == by {
            let mut m = l.mask;
            if l.imask != 0 && t.flag(by, l.cell as usize) & F_INITIAL != 0 {
                m |= l.imask;
            }
            if m >> kind_of(p) & 1 != 0 && found(l.cell as usize) {
                return true;
            }
        }
    }
    false
}

/// Whether a royal piece on `cell` stands attacked by `by`. With explosions a
/// royal next to (within blast reach of) an enemy royal is never attacked: the
/// capture would explode the capturer's own royal.
#[inline]
pub(crate) fn royal_attacked(
    t: &Tables,
    board: &[u8; BOARD_LEN],
    cell: usize,
    by: usize,
    explosion: bool,
) -> bool {
    if explosion {
        for &b in t.blast(cell) {
            let p = at(board, b as usize);
            if p != 0 && side_of(p) == by && t.royal_mask >> kind_of(p) & 1 != 0 {
                return false;
            }
        }
    }
    attacked(t, board, cell, by)
}

/// Pushes a board move, expanded into its promotions when `promo_here`.
#[inline(always)]
fn push_move(t: &Tables, out: &mut MoveList, from: usize, to: usize, flags: u16, promo_here: bool) {
    if promo_here {
        for &k in &t.promo_choices {
            out.push(Move::new(from as Cell, to as Cell, flags | (k as u16 + 1)));
        }
        if !t.promo_mandatory {
            out.push(Move::new(from as Cell, to as Cell, flags));
        }
    } else {
        out.push(Move::new(from as Cell, to as Cell, flags));
    }
}

impl FileVariant {
    /// Pseudo-legal moves of the side to move (no royal safety, no castling).
    fn gen_pseudo(&self, t: &Tables, out: &mut MoveList) {
        let s = self.side.index();
        let ep_ok = self.ep != NO_CELL && self.sub == 0 && self.def.rules.en_passant;
        let ep_cell = if ep_ok { self.ep as usize } else { usize::MAX };
        let set_ep = self.def.rules.en_passant;
        let board = &self.board;
        for w in 0..t.nwords {
            let mut bits = self.occ[s][w];
            while bits != 0 {
                let c = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let k = kind_of(at(board, c));
                let start = out.len();
                let promotes = t.promo_kinds >> k & 1 != 0;
                let is_ep = t.ep_mask >> k & 1 != 0;
                let initial = t.flag(s, c) & F_INITIAL != 0;
                for line in t.lines_of(s, k, c) {
                    if line.initial && !initial {
                        continue;
                    }
                    let cells = t.line(line);
                    match line.travel {
                        LineTravel::Leap => {
                            // Every target of one leaping (or one-step) atom.
                            for &to in cells {
                                let to = to as usize;
                                let q = at(board, to);
                                if q == 0 {
                                    if line.can_capture && is_ep && to == ep_cell {
                                        let ph = promotes && t.flag(s, to) & F_PROMO != 0;
                                        push_move(t, out, c, to, X_EP, ph);
                                    } else if line.can_move {
                                        let ph = promotes && t.flag(s, to) & F_PROMO != 0;
                                        push_move(t, out, c, to, 0, ph);
                                    }
                                } else if side_of(q) != s && line.can_capture {
                                    let ph = promotes && t.flag(s, to) & F_PROMO != 0;
                                    push_move(t, out, c, to, 0, ph);
                                }
                            }
                        }
                        LineTravel::Ride => {
                            let min = line.min as usize;
                            for (i, &to) in cells.iter().enumerate() {
                                let to = to as usize;
                                let q = at(board, to);
                                if i + 1 < min {
                                    if q != 0 {
                                        break;
                                    }
                                    continue;
                                }
                                let ph = promotes && t.flag(s, to) & F_PROMO != 0;
                                if q == 0 {
                                    if line.can_capture && is_ep && to == ep_cell {
                                        push_move(t, out, c, to, X_EP, ph);
                                    } else if line.can_move {
                                        let steps = i + 1;
                                        let flags = if is_ep
                                            && set_ep
                                            && (2..=15).contains(&steps)
                                            && initial
                                        {
                                            (steps as u16) << X_STEPS_SHIFT
                                        } else {
                                            0
                                        };
                                        push_move(t, out, c, to, flags, ph);
                                    }
                                } else {
                                    if side_of(q) != s && line.can_capture {
                                        push_move(t, out, c, to, 0, ph);
                                    }
                                    break;
                                }
                            }
                        }
                        LineTravel::Hop => {
                            let mut screened = false;
                            for &to in cells {
                                let to = to as usize;
                                let q = at(board, to);
                                if !screened {
                                    screened = q != 0;
                                    continue;
                                }
                                let ph = promotes && t.flag(s, to) & F_PROMO != 0;
                                if q == 0 {
                                    if line.can_move {
                                        push_move(t, out, c, to, 0, ph);
                                    }
                                } else {
                                    if side_of(q) != s && line.can_capture {
                                        push_move(t, out, c, to, 0, ph);
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                if t.dedupe[s * t.nkinds + k] && out.len() - start > 1 {
                    // Keep the first of moves with the same destination and
                    // promotion (two atoms reaching one cell).
                    let mut kept = start;
                    for i in start..out.len() {
                        let m = out[i];
                        let dup = out[start..kept].iter().any(|&o| {
                            o.to() == m.to() && (o.extra() & X_KIND) == (m.extra() & X_KIND)
                        });
                        if !dup {
                            out[kept] = m;
                            kept += 1;
                        }
                    }
                    out.truncate(kept);
                }
            }
        }
        // Drops.
        if self.def.rules.drops.is_some() {
            let mut empty = [0u64; WORDS];
            for (w, e) in empty.iter_mut().enumerate().take(t.nwords) {
                *e = t.valid[w] & !(self.occ[0][w] | self.occ[1][w]);
            }
            for k in 0..t.nkinds {
                if self.hands[s][k] == 0 {
                    continue;
                }
                let ok = &t.drop_ok[s * t.nkinds + k];
                for w in 0..t.nwords {
                    let mut bits = empty[w] & ok[w];
                    while bits != 0 {
                        let c = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        out.push(Move::new(Move::HAND, c as Cell, k as u16 + 1));
                    }
                }
            }
        }
    }

    /// Castling moves (the king's move, flagged) for the side to move. With the
    /// checkmate goal the king may not stand in, pass through or land on an
    /// attacked cell (tested with king and rook lifted off).
    fn gen_castling(
        &self,
        t: &Tables,
        scratch: &mut [u8; BOARD_LEN],
        in_check: bool,
        out: &mut MoveList,
    ) {
        let Some(wings) = &t.wings else { return };
        let s = self.side.index();
        if self.castling >> (2 * s) & 3 == 0 || in_check {
            return;
        }
        let Some(king_kind) = t.castle_king else {
            return;
        };
        let king_code = code(s, king_kind as usize);
        let rook_code = code(s, t.castle_rook as usize);
        let topo = &self.def.topology;
        let rank = wings[s][0].rank;
        // The castling king: the first of its kind on the side's first rank.
        let Board::Grid { width, .. } = self.def.board else {
            return;
        };
        let Some(kc) = (0..width)
            .filter_map(|x| {
                topo.cell_at(crate::topology::Coord {
                    x,
                    y: rank,
                    z: 0,
                    board: 0,
                })
            })
            .find(|&c| self.board[c as usize] & !PROMOTED == king_code)
        else {
            return;
        };
        let kx = topo.coord(kc).x;
        let checks = self.checkmate_goal();
        let explosion = self.def.rules.explosion.is_some();
        for (wing, wd) in wings[s].iter().enumerate() {
            if self.castling >> (2 * s + wing) & 1 == 0 {
                continue;
            }
            let rc = wd.rook_from;
            if self.board[rc as usize] & !PROMOTED != rook_code || wd.king_to == kc {
                continue;
            }
            let lo = wd.lo.min(kx);
            let hi = wd.hi.max(kx);
            let clear = (lo..=hi).all(|x| {
                match topo.cell_at(crate::topology::Coord {
                    x,
                    y: rank,
                    z: 0,
                    board: 0,
                }) {
                    Some(c) => c == kc || c == rc || self.board[c as usize] == 0,
                    None => false,
                }
            });
            if !clear {
                continue;
            }
            if checks {
                let tx = topo.coord(wd.king_to).x;
                let kp = scratch[kc as usize];
                let rp = scratch[rc as usize];
                scratch[kc as usize] = 0;
                scratch[rc as usize] = 0;
                let safe = (kx.min(tx)..=kx.max(tx)).all(|x| {
                    match topo.cell_at(crate::topology::Coord {
                        x,
                        y: rank,
                        z: 0,
                        board: 0,
                    }) {
                        Some(c) => !royal_attacked(t, scratch, c as usize, 1 - s, explosion),
                        None => false,
                    }
                });
                scratch[kc as usize] = kp;
                scratch[rc as usize] = rp;
                if !safe {
                    continue;
                }
            }
            out.push(Move::new(kc, wd.king_to, X_CASTLE));
        }
    }

    /// Whether a pseudo-legal move leaves the mover's royals safe (checkmate goal):
    /// applied to `scratch` (equal to `self.board`) and undone.
    fn leaves_royals_safe(
        &self,
        t: &Tables,
        scratch: &mut [u8; BOARD_LEN],
        m: Move,
        royals: &[u16],
    ) -> bool {
        let s = self.side.index();
        let e = 1 - s;
        let explosion = self.def.rules.explosion.as_ref();
        let from = m.from() as usize;
        let to = m.to() as usize;
        let safe_all = |board: &[u8; BOARD_LEN], moved_from: usize, moved_to: usize| {
            royals.iter().all(|&r| {
                let r = if r as usize == moved_from {
                    moved_to
                } else {
                    r as usize
                };
                !royal_attacked(t, board, r, e, explosion.is_some())
            })
        };
        if from == Move::HAND as usize {
            let k = (m.extra() & X_KIND) as usize - 1;
            scratch[to] = code(s, k);
            let ok = safe_all(scratch, usize::MAX, usize::MAX);
            scratch[to] = 0;
            return ok;
        }
        let p = scratch[from];
        if m.extra() & X_CASTLE != 0 {
            // Castling was checked cell by cell when generated.
            return true;
        }
        let cap = if m.extra() & X_EP != 0 {
            self.ep_victim as usize
        } else {
            to
        };
        let q = scratch[cap];
        if q != 0 && explosion.is_some() {
            // The capture explodes: work on the whole board, then restore it.
            scratch[cap] = 0;
            scratch[from] = 0;
            for &b in t.blast(to) {
                let v = scratch[b as usize];
                if v != 0 && t.immune >> kind_of(v) & 1 == 0 {
                    scratch[b as usize] = 0;
                }
            }
            let own_lost = royals.iter().any(|&r| scratch[r as usize] == 0);
            let ok = if own_lost {
                false
            } else {
                let mut enemy = [0u16; 32];
                let n = self.royal_cells(e, &mut enemy);
                let enemy_left = enemy[..n].iter().any(|&c| scratch[c as usize] != 0);
                (n > 0 && !enemy_left) || safe_all(scratch, usize::MAX, usize::MAX)
            };
            let n = t.ncells;
            scratch[..n].copy_from_slice(&self.board[..n]);
            return ok;
        }
        let old_to = scratch[to];
        scratch[cap] = 0;
        scratch[from] = 0;
        scratch[to] = p;
        let ok = safe_all(scratch, from, to);
        scratch[to] = old_to;
        scratch[cap] = q;
        scratch[from] = p;
        ok
    }
}

/// The legal moves (see the module docs).
pub(crate) fn generate(pos: &FileVariant, kind: GenKind, out: &mut MoveList) {
    if pos.event != 0 {
        return;
    }
    let t = &*pos.t;
    let start = out.len();
    pos.gen_pseudo(t, out);
    let s = pos.side.index();
    let e = 1 - s;
    let rules = &pos.def.rules;
    let mut scratch = pos.board;
    if pos.checkmate_goal() {
        let mut royals = [0u16; 32];
        let n = pos.royal_cells(s, &mut royals);
        let royals = &royals[..n];
        let explosion = rules.explosion.is_some();
        let in_check = royals
            .iter()
            .any(|&r| royal_attacked(t, &pos.board, r as usize, e, explosion));
        if !royals.is_empty() {
            // Pinned pieces: an own piece first on a line from a royal cell, with
            // behind it an enemy that attacks along that line from there.
            let test_all = in_check || t.has_hop[e];
            let mut pinned = [0u64; WORDS];
            if !test_all {
                for &r in royals {
                    let (a, cnt) = t.probe_index[e * t.ncells + r as usize];
                    for pr in &t.probes[a as usize..(a + cnt) as usize] {
                        if pr.len < 2 {
                            continue;
                        }
                        let dir = &t.dirs[e][pr.dir as usize];
                        let ray =
                            &t.ray_cells[pr.start as usize..pr.start as usize + pr.len as usize];
                        let mut i = 0;
                        while i < ray.len() && at(&pos.board, ray[i] as usize) == 0 {
                            i += 1;
                        }
                        if i + 1 >= ray.len() || side_of(at(&pos.board, ray[i] as usize)) != s {
                            continue;
                        }
                        let c = ray[i] as usize;
                        let mut j = i + 1;
                        while j < ray.len() && at(&pos.board, ray[j] as usize) == 0 {
                            j += 1;
                        }
                        if j < ray.len() {
                            let q = at(&pos.board, ray[j] as usize);
                            if side_of(q) == e
                                && (dir.masks[j] | dir.imasks[j]) >> kind_of(q) & 1 != 0
                            {
                                pinned[c / 64] |= 1 << (c % 64);
                            }
                        }
                    }
                }
            }
            let mut royal_set = [0u64; WORDS];
            for &r in royals {
                royal_set[r as usize / 64] |= 1 << (r % 64);
            }
            let mut kept = start;
            for i in start..out.len() {
                let m = out[i];
                let from = m.from() as usize;
                let need = test_all
                    || (from != Move::HAND as usize
                        && (royal_set[from / 64] >> (from % 64) & 1 != 0
                            || pinned[from / 64] >> (from % 64) & 1 != 0
                            || m.extra() & X_EP != 0
                            || explosion && pos.board[m.to() as usize] != 0));
                if !need || pos.leaves_royals_safe(t, &mut scratch, m, royals) {
                    out[kept] = m;
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        pos.gen_castling(t, &mut scratch, in_check, out);
    } else {
        pos.gen_castling(t, &mut scratch, false, out);
    }
    let turn = &rules.turn;
    if turn.moves > 1 {
        if let Some(cells) = turn.end_on.get(pos.sub as usize) {
            if !cells.is_empty() {
                let mut kept = start;
                for i in start..out.len() {
                    let m = out[i];
                    if cells.contains(&t.part[m.to() as usize]) {
                        out[kept] = m;
                        kept += 1;
                    }
                }
                out.truncate(kept);
            }
        }
    }
    if rules.forced_capture
        && out[start..]
            .iter()
            .any(|&m| pos.is_tactical(m) && is_capture(pos, m))
    {
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if is_capture(pos, m) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }
    if turn.moves > 1 && pos.sub > 0 && (turn.may_stop_early || out.len() == start) {
        out.push(Move::END_TURN);
    }
    if kind == GenKind::Tactical {
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if pos.is_tactical(m) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}

#[inline]
fn is_capture(pos: &FileVariant, m: Move) -> bool {
    m != Move::END_TURN
        && m.from() != Move::HAND
        && (pos.board[m.to() as usize] != 0 || m.extra() & X_EP != 0)
}
