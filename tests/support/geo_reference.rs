//! A deliberately simple, slow Geodesic Chess move generator for cross-checking
//! perft counts. It shares no code with the engine's generator: its board data is
//! the shared fixture JSON (lines, neighbours, forward sets, knight targets, Home
//! Territories), it walks the listed lines cell by cell, and it tests check by
//! asking every enemy piece whether it can capture on the King's cell.

use super::json::Json;
use std::collections::HashMap;

pub struct RefBoard {
    pub names: Vec<String>,
    idx: HashMap<String, usize>,
    pentagon: Vec<bool>,
    nbr: Vec<Vec<usize>>,
    diag: Vec<Vec<usize>>,
    /// (closed, cells) for rows and diagonals.
    rows: Vec<(bool, Vec<usize>)>,
    diags: Vec<(bool, Vec<usize>)>,
    home: [Vec<bool>; 2],
    fwd_rook: [Vec<Vec<usize>>; 2],
    fwd_diag: [Vec<Vec<usize>>; 2],
    knight: Vec<Vec<usize>>,
}

/// A piece: (side 0/1, letter upper case).
pub type Piece = (usize, char);

#[derive(Clone)]
pub struct RefPos {
    pub board: Vec<Option<Piece>>,
    pub unmoved: Vec<bool>,
    pub side: usize,
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
        RefBoard {
            pentagon: cells
                .iter()
                .map(|c| c.get("kind").str() == "pentagon")
                .collect(),
            nbr: cells.iter().map(|c| ids(c.get("nbr"))).collect(),
            diag: cells.iter().map(|c| ids(c.get("diag"))).collect(),
            rows: lines("rows"),
            diags: lines("diagonals"),
            home,
            fwd_rook,
            fwd_diag,
            knight,
            names,
            idx,
        }
    }

    pub fn start(&self, fx: &Json) -> RefPos {
        let mut p = RefPos {
            board: vec![None; self.names.len()],
            unmoved: vec![false; self.names.len()],
            side: 0,
        };
        for (s, key) in ["North", "South"].iter().enumerate() {
            for (name, l) in fx.get("setup").get(key).entries() {
                let c = self.idx[name];
                let letter = l.str().chars().next().unwrap();
                p.board[c] = Some((s, letter));
                p.unmoved[c] = letter == 'P';
            }
        }
        p
    }

    /// Reads the engine's list FEN (placement, side, unmoved; counters ignored).
    pub fn parse(&self, fen: &str) -> RefPos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut p = RefPos {
            board: vec![None; self.names.len()],
            unmoved: vec![false; self.names.len()],
            side: 0,
        };
        if f[0] != "-" {
            for e in f[0].split(',') {
                let letter = e.chars().next().unwrap();
                let side = if letter.is_ascii_uppercase() { 0 } else { 1 };
                p.board[self.idx[&e[1..]]] = Some((side, letter.to_ascii_uppercase()));
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

    /// Every way of walking from `c` along the lines through it: the cells met, in
    /// order, in each direction (stopping at the line's end or before `c` again).
    fn walks(&self, lines: &[(bool, Vec<usize>)], c: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (closed, cells) in lines {
            let Some(i) = cells.iter().position(|&x| x == c) else {
                continue;
            };
            let len = cells.len();
            for dir in [1isize, -1] {
                let mut walk = Vec::new();
                let mut j = i as isize;
                loop {
                    j += dir;
                    if *closed {
                        j = j.rem_euclid(len as isize);
                        if j as usize == i {
                            break;
                        }
                    } else if j < 0 || j >= len as isize {
                        break;
                    }
                    walk.push(cells[j as usize]);
                }
                out.push(walk);
            }
        }
        out
    }

    /// Destinations (with capture flag) of the piece on `c`, ignoring check,
    /// the King's diagonal restriction and the Exile filter.
    fn targets(&self, p: &RefPos, c: usize) -> Vec<usize> {
        let (side, letter) = p.board[c].unwrap();
        let mut out = Vec::new();
        let can_enter = |t: usize| match p.board[t] {
            None => true,
            Some((s, l)) => s != side && l != 'O',
        };
        let slide = |walks: Vec<Vec<usize>>, limit: usize, out: &mut Vec<usize>| {
            for w in walks {
                for &t in w.iter().take(limit) {
                    if can_enter(t) {
                        out.push(t);
                    }
                    if p.board[t].is_some() {
                        break;
                    }
                }
            }
        };
        match letter {
            'Q' => {
                slide(self.walks(&self.rows, c), 999, &mut out);
                slide(self.walks(&self.diags, c), 999, &mut out);
            }
            'R' => slide(self.walks(&self.rows, c), 999, &mut out),
            'T' => {
                slide(self.walks(&self.diags, c), 3, &mut out);
                out.extend(self.knight[c].iter().copied().filter(|&t| can_enter(t)));
            }
            'K' => out.extend(
                self.nbr[c]
                    .iter()
                    .chain(&self.diag[c])
                    .copied()
                    .filter(|&t| can_enter(t)),
            ),
            'O' => out.extend(
                self.nbr[c]
                    .iter()
                    .chain(&self.diag[c])
                    .copied()
                    .filter(|&t| p.board[t].is_none() && self.home[side][t]),
            ),
            _ => {
                for &t in &self.fwd_diag[side][c] {
                    if matches!(p.board[t], Some((s, l)) if s != side && l != 'O') {
                        out.push(t);
                    }
                }
                let max = if letter == 'S' {
                    3
                } else if p.unmoved[c] {
                    3
                } else {
                    2
                };
                for &first in &self.fwd_rook[side][c] {
                    // The row through c and first, walked away from c.
                    let walk = self
                        .walks(&self.rows, c)
                        .into_iter()
                        .find(|w| w.first() == Some(&first))
                        .unwrap();
                    let mut prev = c;
                    for &t in walk.iter().take(max) {
                        if p.board[t].is_some() || !self.fwd_rook[side][prev].contains(&t) {
                            break;
                        }
                        out.push(t);
                        if self.pentagon[t] || self.home[1 - side][t] {
                            break;
                        }
                        prev = t;
                    }
                }
            }
        }
        out
    }

    fn attacked(&self, p: &RefPos, t: usize, by: usize) -> bool {
        (0..p.board.len()).any(|c| {
            matches!(p.board[c], Some((s, l)) if s == by && l != 'O')
                && if matches!(p.board[c], Some((_, 'P' | 'S'))) {
                    self.fwd_diag[by][c].contains(&t)
                } else if matches!(p.board[c], Some((_, 'K'))) {
                    self.nbr[c].contains(&t) || self.diag[c].contains(&t)
                } else {
                    let mut q = p.clone();
                    q.board[t] = Some((1 - by, 'X'));
                    self.targets(&q, c).contains(&t)
                }
        })
    }

    /// Whether a Queen/Rook of `enemy` guards the row through adjacent a, b.
    fn guarded(&self, p: &RefPos, a: usize, b: usize, enemy: usize) -> bool {
        let qr = |c: usize| matches!(p.board[c], Some((s, 'Q' | 'R')) if s == enemy);
        if qr(a) || qr(b) {
            return true;
        }
        for (near, far) in [(a, b), (b, a)] {
            if p.board[near].is_some() {
                continue;
            }
            // Walk from `near` away from `far` along their common row.
            for w in self.walks(&self.rows, near) {
                if w.is_empty() || w.first() == Some(&far) {
                    continue;
                }
                if !self
                    .rows
                    .iter()
                    .any(|(_, l)| l.contains(&near) && l.contains(&far) && l.contains(&w[0]))
                {
                    continue;
                }
                if let Some(&c) = w.iter().find(|&&c| p.board[c].is_some()) {
                    if qr(c) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Legal moves as (from, to, promotion letter or ' ').
    pub fn moves(&self, p: &RefPos) -> Vec<(usize, usize, char)> {
        let us = p.side;
        let mut out = Vec::new();
        for c in 0..p.board.len() {
            let Some((s, letter)) = p.board[c] else {
                continue;
            };
            if s != us {
                continue;
            }
            let mut ts = self.targets(p, c);
            ts.sort();
            ts.dedup();
            for t in ts {
                if letter == 'K' {
                    if !self.home[us][c] && self.home[us][t] {
                        continue;
                    }
                    if let Some(k) = self.diag[c].iter().position(|&d| d == t) {
                        let deg = self.nbr[c].len();
                        if self.guarded(p, self.nbr[c][k], self.nbr[c][(k + 1) % deg], 1 - us) {
                            continue;
                        }
                    }
                }
                let mut opts = vec![' '];
                if matches!(letter, 'P' | 'S') && self.home[1 - us][t] {
                    opts = vec!['q', 'r', 't'];
                } else if letter == 'S' {
                    if let Some((_, cap @ ('Q' | 'R' | 'T'))) = p.board[t] {
                        opts.push(cap.to_ascii_lowercase());
                    }
                }
                for o in opts {
                    let q = self.play(p, (c, t, o));
                    let king = (0..q.board.len())
                        .find(|&x| q.board[x] == Some((us, 'K')))
                        .unwrap();
                    if !self.attacked(&q, king, 1 - us) {
                        out.push((c, t, o));
                    }
                }
            }
        }
        let leaving = |m: &(usize, usize, char)| {
            p.board[m.0] == Some((us, 'K')) && self.home[us][m.0] && !self.home[us][m.1]
        };
        if out.iter().any(|m| !leaving(m)) {
            out.retain(|m| !leaving(m));
        }
        out
    }

    pub fn play(&self, p: &RefPos, (c, t, o): (usize, usize, char)) -> RefPos {
        let mut q = p.clone();
        let (s, l) = q.board[c].take().unwrap();
        q.board[t] = Some((s, if o == ' ' { l } else { o.to_ascii_uppercase() }));
        q.unmoved[c] = false;
        q.unmoved[t] = false;
        q.side = 1 - q.side;
        q
    }

    pub fn perft(&self, p: &RefPos, depth: u32) -> u64 {
        let moves = self.moves(p);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&m| self.perft(&self.play(p, m), depth - 1))
            .sum()
    }

    pub fn move_text(&self, (c, t, o): (usize, usize, char)) -> String {
        let mut s = format!("{}-{}", self.names[c], self.names[t]);
        if o != ' ' {
            s.push(o);
        }
        s
    }
}
