//! An independent Geodesic Chess move generator for cross-checking perft counts.
//!
//! It shares no code with the engine: every piece of board data comes from the
//! shared fixture JSON (cells with their `nbr`/`diag` lists, the rows and
//! diagonals, the forward sets, the Templar knight targets, the Home Territories,
//! the setup). At construction it turns that data into plain per-cell tables:
//!
//! * rays: for every cell and every line through it, the cells met walking away
//!   from it in each direction (to the line's end, or on a closed line up to, not
//!   including, the cell itself);
//! * reversed step tables ("which cells can reach this one by a knight leap, a
//!   King step, a forward diagonal"), so check is tested by looking outward from
//!   the King instead of asking every enemy piece;
//! * the straight forward paths of Pawns and Squires with the static conditions
//!   of the spec applied (each step forward, stop on a pentagon or on entering the
//!   enemy Home Territory), leaving only "is the cell empty" to the search;
//! * for every King diagonal step, the two cells flanking the gap and the rays
//!   along their common row (§7.3).
//!
//! Legality is tested by make / check / unmake on a scratch copy of the position.
//! Perft counts the last ply in bulk and may split the root moves over threads.

use super::json::Json;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Templar,
    Obelisk,
    Squire,
    Pawn,
}

impl Kind {
    fn from_letter(l: char) -> Kind {
        match l.to_ascii_uppercase() {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'T' => Kind::Templar,
            'O' => Kind::Obelisk,
            'S' => Kind::Squire,
            'P' => Kind::Pawn,
            _ => panic!("unknown piece letter {l}"),
        }
    }
}

/// The pieces a promotion (Pawn or Squire entering the enemy Home Territory)
/// may become, with their move-text letters (§7.5).
const PROMOTIONS: [(char, Kind); 3] = [('q', Kind::Queen), ('r', Kind::Rook), ('t', Kind::Templar)];

/// Pawn steps per move: 2, or 3 while unmoved; Squire steps: 3 (§4, D12).
const PAWN_STEPS: usize = 2;
const UNMOVED_PAWN_STEPS: usize = 3;
const SQUIRE_STEPS: usize = 3;
/// A Templar's diagonal slide is 1 to 3 steps (D7).
const TEMPLAR_DIAGONAL_STEPS: usize = 3;

/// A piece: side 0 = North, 1 = South.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub side: u8,
    pub kind: Kind,
}

/// A move: (from, to, promotion letter or ' ').
pub type RefMove = (usize, usize, char);

#[derive(Clone)]
pub struct RefPos {
    pub board: Vec<Option<Piece>>,
    pub unmoved: Vec<bool>,
    pub side: usize,
}

/// A King's diagonal step and the row it crosses (§7.3): the step through the gap
/// between the flanking cells `a` and `b` crosses the row through a and b.
struct KingStep {
    to: usize,
    crossing: Option<Crossing>,
}

struct Crossing {
    a: usize,
    b: usize,
    /// Along the common row of a and b: from a walking away from b, and from b
    /// walking away from a.
    beyond_a: Vec<usize>,
    beyond_b: Vec<usize>,
}

/// What `make` changed.
struct Undo {
    moved: Piece,
    captured: Option<Piece>,
    unmoved_from: bool,
    unmoved_to: bool,
}

pub struct RefBoard {
    pub names: Vec<String>,
    idx: HashMap<String, usize>,
    home: [Vec<bool>; 2],
    /// Per cell: the rays along rows and along diagonals (see the module comment).
    row_rays: Vec<Vec<Vec<usize>>>,
    diag_rays: Vec<Vec<Vec<usize>>>,
    knight: Vec<Vec<usize>>,
    /// knight_from[t]: the cells whose knight targets contain t.
    knight_from: Vec<Vec<usize>>,
    /// King (and Obelisk) steps: the `nbr` list, then the `diag` list.
    king_steps: Vec<Vec<KingStep>>,
    /// king_from[t]: the cells with t among their `nbr` or `diag` cells.
    king_from: Vec<Vec<usize>>,
    fwd_diag: [Vec<Vec<usize>>; 2],
    /// fwd_diag_from[side][t]: the cells with t among their forward diagonals.
    fwd_diag_from: [Vec<Vec<usize>>; 2],
    /// fwd_paths[side][c]: per forward row of c, the cells a Pawn/Squire may walk
    /// through (static conditions applied, at most 3).
    fwd_paths: [Vec<Vec<Vec<usize>>>; 2],
}

/// Every way of walking from `c` along the lines through it: the cells met, in
/// order, in each direction (stopping at the line's end or before `c` again).
fn walks(lines: &[(bool, Vec<usize>)], c: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for (closed, cells) in lines {
        let Some(i) = cells.iter().position(|&x| x == c) else {
            continue;
        };
        let len = cells.len() as isize;
        for dir in [1isize, -1] {
            let mut walk = Vec::new();
            let mut j = i as isize;
            loop {
                j += dir;
                if *closed {
                    j = j.rem_euclid(len);
                    if j as usize == i {
                        break;
                    }
                } else if j < 0 || j >= len {
                    break;
                }
                walk.push(cells[j as usize]);
            }
            if !walk.is_empty() {
                out.push(walk);
            }
        }
    }
    out
}

/// The cells t reachable from c by `table[c]`, turned round: result[t] lists c.
fn reversed(table: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); table.len()];
    for (c, ts) in table.iter().enumerate() {
        for &t in ts {
            out[t].push(c);
        }
    }
    out
}

impl RefBoard {
    pub fn from_fixture(fx: &Json) -> RefBoard {
        let cells = fx.get("cells").arr();
        let names: Vec<String> = cells
            .iter()
            .map(|c| c.get("name").str().to_string())
            .collect();
        let idx: HashMap<String, usize> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i))
            .collect();
        let ids = |v: &Json| v.strings().iter().map(|n| idx[n]).collect::<Vec<usize>>();
        let n = names.len();
        let lines = |key: &str| {
            fx.get(key)
                .arr()
                .iter()
                .map(|l| (l.arr()[0].str() == "closed", ids(&l.arr()[1])))
                .collect::<Vec<_>>()
        };
        let rows = lines("rows");
        let diags = lines("diagonals");
        let pentagon: Vec<bool> = cells
            .iter()
            .map(|c| c.get("kind").str() == "pentagon")
            .collect();
        // The rays below stop only at a line's end; that is "stop on a pentagon"
        // because pentagons are exactly the ends of the segments.
        for (closed, l) in rows.iter().chain(&diags) {
            for (i, &c) in l.iter().enumerate() {
                let end = !*closed && (i == 0 || i + 1 == l.len());
                assert_eq!(pentagon[c], end, "pentagon inside a line at {}", names[c]);
            }
        }
        let nbr: Vec<Vec<usize>> = cells.iter().map(|c| ids(c.get("nbr"))).collect();
        let diag: Vec<Vec<usize>> = cells.iter().map(|c| ids(c.get("diag"))).collect();

        let mut home = [vec![false; n], vec![false; n]];
        let mut fwd_rook = [vec![Vec::new(); n], vec![Vec::new(); n]];
        let mut fwd_diag = [vec![Vec::new(); n], vec![Vec::new(); n]];
        for (s, key) in ["North", "South"].iter().enumerate() {
            for c in ids(fx.get("home_territory").get(key)) {
                home[s][c] = true;
            }
            for (name, f) in fx.get("forward").get(key).entries() {
                fwd_rook[s][idx[name]] = ids(f.get("rook"));
                fwd_diag[s][idx[name]] = ids(f.get("diag"));
            }
        }
        let mut knight = vec![Vec::new(); n];
        for (name, t) in fx.get("templar_knight_targets").entries() {
            knight[idx[name]] = ids(t);
        }

        let row_rays: Vec<Vec<Vec<usize>>> = (0..n).map(|c| walks(&rows, c)).collect();
        let diag_rays: Vec<Vec<Vec<usize>>> = (0..n).map(|c| walks(&diags, c)).collect();

        // Along the row through the adjacent cells far and near: the cells after
        // near, walking from far through near (empty when near ends the row).
        let beyond = |near: usize, far: usize| -> Vec<usize> {
            let ray = row_rays[far].iter().find(|r| r[0] == near);
            ray.expect("adjacent cells lie on a common row")[1..].to_vec()
        };
        let king_steps: Vec<Vec<KingStep>> = (0..n)
            .map(|c| {
                let deg = nbr[c].len();
                let mut steps: Vec<KingStep> = nbr[c]
                    .iter()
                    .map(|&t| KingStep {
                        to: t,
                        crossing: None,
                    })
                    .collect();
                for (k, &t) in diag[c].iter().enumerate() {
                    let (a, b) = (nbr[c][k], nbr[c][(k + 1) % deg]);
                    let common = rows
                        .iter()
                        .filter(|(_, l)| l.contains(&a) && l.contains(&b))
                        .count();
                    assert_eq!(common, 1, "{} and {} share one row", names[a], names[b]);
                    steps.push(KingStep {
                        to: t,
                        crossing: Some(Crossing {
                            a,
                            b,
                            beyond_a: beyond(a, b),
                            beyond_b: beyond(b, a),
                        }),
                    });
                }
                steps
            })
            .collect();
        let king_targets: Vec<Vec<usize>> = king_steps
            .iter()
            .map(|s| s.iter().map(|k| k.to).collect())
            .collect();

        let fwd_paths = [0, 1].map(|s: usize| {
            (0..n)
                .map(|c| {
                    fwd_rook[s][c]
                        .iter()
                        .map(|&first| {
                            let ray = row_rays[c].iter().find(|r| r[0] == first).unwrap();
                            let mut path = Vec::new();
                            let mut prev = c;
                            for &t in ray.iter().take(SQUIRE_STEPS.max(UNMOVED_PAWN_STEPS)) {
                                if !fwd_rook[s][prev].contains(&t) {
                                    break;
                                }
                                path.push(t);
                                if pentagon[t] || home[1 - s][t] {
                                    break;
                                }
                                prev = t;
                            }
                            path
                        })
                        .collect()
                })
                .collect()
        });

        RefBoard {
            knight_from: reversed(&knight),
            king_from: reversed(&king_targets),
            fwd_diag_from: [reversed(&fwd_diag[0]), reversed(&fwd_diag[1])],
            home,
            row_rays,
            diag_rays,
            knight,
            king_steps,
            fwd_diag,
            fwd_paths,
            names,
            idx,
        }
    }

    fn empty(&self) -> RefPos {
        RefPos {
            board: vec![None; self.names.len()],
            unmoved: vec![false; self.names.len()],
            side: 0,
        }
    }

    pub fn start(&self, fx: &Json) -> RefPos {
        let mut p = self.empty();
        for (s, key) in ["North", "South"].iter().enumerate() {
            for (name, l) in fx.get("setup").get(key).entries() {
                let c = self.idx[name];
                let kind = Kind::from_letter(l.str().chars().next().unwrap());
                p.board[c] = Some(Piece {
                    side: s as u8,
                    kind,
                });
                p.unmoved[c] = kind == Kind::Pawn;
            }
        }
        p
    }

    /// Reads the engine's list FEN (placement, side, unmoved; counters ignored).
    pub fn parse(&self, fen: &str) -> RefPos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut p = self.empty();
        if f[0] != "-" {
            for e in f[0].split(',') {
                let letter = e.chars().next().unwrap();
                let side = if letter.is_ascii_uppercase() { 0 } else { 1 };
                p.board[self.idx[&e[1..]]] = Some(Piece {
                    side,
                    kind: Kind::from_letter(letter),
                });
            }
        }
        p.side = if f[1] == "w" { 0 } else { 1 };
        if f[2] != "-" {
            for c in f[2].split(',') {
                p.unmoved[self.idx[c]] = true;
            }
        }
        p
    }

    /// Whether a piece of `side` may move onto t: empty, or an enemy other than an
    /// Obelisk (which cannot be captured).
    fn can_enter(p: &RefPos, side: usize, t: usize) -> bool {
        match p.board[t] {
            None => true,
            Some(q) => q.side as usize != side && q.kind != Kind::Obelisk,
        }
    }

    /// Appends the cells of `rays` a slider of `side` reaches, `limit` steps at most.
    fn slide(p: &RefPos, side: usize, rays: &[Vec<usize>], limit: usize, out: &mut Vec<usize>) {
        for ray in rays {
            for &t in ray.iter().take(limit) {
                if Self::can_enter(p, side, t) {
                    out.push(t);
                }
                if p.board[t].is_some() {
                    break;
                }
            }
        }
    }

    /// Destinations of the piece on `c`, ignoring check, the King's diagonal
    /// restriction and the Exile rules (possibly with repeats).
    fn targets(&self, p: &RefPos, c: usize, out: &mut Vec<usize>) {
        let piece = p.board[c].unwrap();
        let side = piece.side as usize;
        match piece.kind {
            Kind::Queen => {
                Self::slide(p, side, &self.row_rays[c], usize::MAX, out);
                Self::slide(p, side, &self.diag_rays[c], usize::MAX, out);
            }
            Kind::Rook => Self::slide(p, side, &self.row_rays[c], usize::MAX, out),
            Kind::Templar => {
                Self::slide(p, side, &self.diag_rays[c], TEMPLAR_DIAGONAL_STEPS, out);
                out.extend(
                    self.knight[c]
                        .iter()
                        .copied()
                        .filter(|&t| Self::can_enter(p, side, t)),
                );
            }
            Kind::King => out.extend(
                self.king_steps[c]
                    .iter()
                    .map(|s| s.to)
                    .filter(|&t| Self::can_enter(p, side, t)),
            ),
            Kind::Obelisk => out.extend(
                self.king_steps[c]
                    .iter()
                    .map(|s| s.to)
                    .filter(|&t| p.board[t].is_none() && self.home[side][t]),
            ),
            Kind::Pawn | Kind::Squire => {
                for &t in &self.fwd_diag[side][c] {
                    if p.board[t].is_some() && Self::can_enter(p, side, t) {
                        out.push(t);
                    }
                }
                let max = if piece.kind == Kind::Squire {
                    SQUIRE_STEPS
                } else if p.unmoved[c] {
                    UNMOVED_PAWN_STEPS
                } else {
                    PAWN_STEPS
                };
                for path in &self.fwd_paths[side][c] {
                    for &t in path.iter().take(max) {
                        if p.board[t].is_some() {
                            break;
                        }
                        out.push(t);
                    }
                }
            }
        }
    }

    fn holds(p: &RefPos, c: usize, side: usize, kinds: &[Kind]) -> bool {
        matches!(p.board[c], Some(q) if q.side as usize == side && kinds.contains(&q.kind))
    }

    /// Whether side `by` attacks cell t: looking outward from t along the same
    /// rays and reversed tables the pieces move by (Obelisks attack nothing).
    fn attacked(&self, p: &RefPos, t: usize, by: usize) -> bool {
        for ray in &self.row_rays[t] {
            if let Some(&c) = ray.iter().find(|&&c| p.board[c].is_some()) {
                if Self::holds(p, c, by, &[Kind::Queen, Kind::Rook]) {
                    return true;
                }
            }
        }
        for ray in &self.diag_rays[t] {
            if let Some(i) = ray.iter().position(|&c| p.board[c].is_some()) {
                if Self::holds(p, ray[i], by, &[Kind::Queen])
                    || (i < TEMPLAR_DIAGONAL_STEPS && Self::holds(p, ray[i], by, &[Kind::Templar]))
                {
                    return true;
                }
            }
        }
        self.knight_from[t]
            .iter()
            .any(|&c| Self::holds(p, c, by, &[Kind::Templar]))
            || self.king_from[t]
                .iter()
                .any(|&c| Self::holds(p, c, by, &[Kind::King]))
            || self.fwd_diag_from[by][t]
                .iter()
                .any(|&c| Self::holds(p, c, by, &[Kind::Pawn, Kind::Squire]))
    }

    /// Whether a Queen/Rook of `enemy` guards the row crossing of a King's
    /// diagonal step (§7.3, §11): it stands on a or b, or it is the first piece met
    /// walking along the row outward from an empty a or b.
    fn guarded(&self, p: &RefPos, x: &Crossing, enemy: usize) -> bool {
        let qr = [Kind::Queen, Kind::Rook];
        if Self::holds(p, x.a, enemy, &qr) || Self::holds(p, x.b, enemy, &qr) {
            return true;
        }
        [(x.a, &x.beyond_a), (x.b, &x.beyond_b)]
            .iter()
            .any(|&(near, ray)| {
                p.board[near].is_none()
                    && matches!(ray.iter().find(|&&c| p.board[c].is_some()),
                                Some(&c) if Self::holds(p, c, enemy, &qr))
            })
    }

    /// Plays a move on `p` without changing the side to move; returns what
    /// `unmake` needs.
    fn make(p: &mut RefPos, (c, t, o): RefMove) -> Undo {
        let moved = p.board[c].take().unwrap();
        let undo = Undo {
            moved,
            captured: p.board[t],
            unmoved_from: p.unmoved[c],
            unmoved_to: p.unmoved[t],
        };
        let kind = if o == ' ' {
            moved.kind
        } else {
            Kind::from_letter(o)
        };
        p.board[t] = Some(Piece {
            side: moved.side,
            kind,
        });
        p.unmoved[c] = false;
        p.unmoved[t] = false;
        undo
    }

    fn unmake(p: &mut RefPos, (c, t, _): RefMove, undo: Undo) {
        p.board[c] = Some(undo.moved);
        p.board[t] = undo.captured;
        p.unmoved[c] = undo.unmoved_from;
        p.unmoved[t] = undo.unmoved_to;
    }

    /// Legal moves as (from, to, promotion letter or ' ').
    pub fn moves(&self, p: &RefPos) -> Vec<RefMove> {
        let us = p.side;
        let them = 1 - us;
        let king = (0..p.board.len())
            .find(|&c| Self::holds(p, c, us, &[Kind::King]))
            .expect("a King");
        let mut scratch = p.clone();
        let mut out = Vec::new();
        let mut leaving = Vec::new();
        let mut ts = Vec::new();
        for c in 0..p.board.len() {
            let Some(piece) = p.board[c] else {
                continue;
            };
            if piece.side as usize != us {
                continue;
            }
            ts.clear();
            self.targets(p, c, &mut ts);
            ts.sort_unstable();
            ts.dedup();
            for &t in &ts {
                if piece.kind == Kind::King {
                    // Exile is final: an exiled King never re-enters its home (§7.4).
                    if !self.home[us][c] && self.home[us][t] {
                        continue;
                    }
                    let step = self.king_steps[c].iter().find(|s| s.to == t).unwrap();
                    if let Some(x) = &step.crossing {
                        if self.guarded(p, x, them) {
                            continue;
                        }
                    }
                }
                let mut options: Vec<char> = vec![' '];
                if matches!(piece.kind, Kind::Pawn | Kind::Squire) && self.home[them][t] {
                    options = PROMOTIONS.iter().map(|&(l, _)| l).collect();
                } else if piece.kind == Kind::Squire {
                    if let Some(q) = p.board[t] {
                        if let Some(&(l, _)) = PROMOTIONS.iter().find(|&&(_, k)| k == q.kind) {
                            options.push(l);
                        }
                    }
                }
                let king_after = if piece.kind == Kind::King { t } else { king };
                for o in options {
                    let m = (c, t, o);
                    let undo = Self::make(&mut scratch, m);
                    let legal = !self.attacked(&scratch, king_after, them);
                    Self::unmake(&mut scratch, m, undo);
                    if legal {
                        out.push(m);
                        leaving.push(
                            piece.kind == Kind::King && self.home[us][c] && !self.home[us][t],
                        );
                    }
                }
            }
        }
        // Leaving home is allowed only when nothing else is legal (§7.4).
        if leaving.iter().any(|&l| !l) {
            out = out
                .into_iter()
                .zip(&leaving)
                .filter(|&(_, &l)| !l)
                .map(|(m, _)| m)
                .collect();
        }
        out
    }

    pub fn play(&self, p: &RefPos, m: RefMove) -> RefPos {
        let mut q = p.clone();
        Self::make(&mut q, m);
        q.side = 1 - q.side;
        q
    }

    /// Leaves of the legal move tree `depth` plies deep; the last ply is counted
    /// from the move list without playing it.
    pub fn perft(&self, p: &RefPos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves(p);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&m| self.perft(&self.play(p, m), depth - 1))
            .sum()
    }

    /// `perft` with the root moves shared out among `threads` threads.
    pub fn perft_parallel(&self, p: &RefPos, depth: u32, threads: usize) -> u64 {
        if depth <= 1 || threads <= 1 {
            return self.perft(p, depth);
        }
        let moves = self.moves(p);
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut sum = 0;
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&m) = moves.get(i) else {
                                return sum;
                            };
                            sum += self.perft(&self.play(p, m), depth - 1);
                        }
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).sum()
        })
    }

    pub fn move_text(&self, (c, t, o): RefMove) -> String {
        let mut s = format!("{}-{}", self.names[c], self.names[t]);
        if o != ' ' {
            s.push(o);
        }
        s
    }
}
