//! A deliberately simple, slow, independent Tri-Plane move generator used only by
//! the tests to cross-check the engine. It shares no code with the engine: it reads
//! the FEN itself, keeps the boards as characters, generates moves forwards with
//! coordinate loops, tests check by listing every enemy attack, and names moves by
//! their text. Rules are restated here from `shared/rules/triplane.md`.

#![allow(dead_code, clippy::manual_ignore_case_cmp)]

#[derive(Clone, Debug)]
pub struct Slow {
    /// `b[board][rank][file]`, '.' for empty.
    pub b: [[[char; 8]; 8]; 3],
    /// `hold[board-1][side]`: letters (upper case) of the men in that hold.
    pub hold: [[Vec<char>; 2]; 2],
    pub white: bool,
    pub castle: String,
    pub ep: [Option<(i32, i32)>; 3],
    pub step: usize,
}

const BOARDS: [char; 3] = ['A', 'B', 'C'];

fn sq(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn on(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn is_white(c: char) -> bool {
    c.is_ascii_uppercase()
}

/// The split table, restated: captured letter -> (first, second) component.
fn split(c: char) -> (char, char) {
    match c.to_ascii_uppercase() {
        'P' => ('P', 'P'),
        'R' => ('W', 'D'),
        'N' => ('N', 'N'),
        'B' => ('F', 'E'),
        'Q' => ('R', 'B'),
        'S' => ('Q', 'Q'),
        _ => panic!("nothing else stands on A: {c}"),
    }
}

impl Slow {
    pub fn from_fen(fen: &str) -> Slow {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut s = Slow {
            b: [[['.'; 8]; 8]; 3],
            hold: Default::default(),
            white: f[1] == "w",
            castle: if f[2] == "-" {
                String::new()
            } else {
                f[2].to_string()
            },
            ep: [None; 3],
            step: (f[6].as_bytes()[0] - b'a') as usize,
        };
        for (bi, part) in f[0].split('|').enumerate() {
            let (place, hold) = match part.find('[') {
                Some(i) => (&part[..i], &part[i + 1..part.len() - 1]),
                None => (part, ""),
            };
            for (ri, row) in place.split('/').enumerate() {
                let r = 7 - ri as i32;
                let mut fl = 0;
                for ch in row.chars() {
                    if let Some(d) = ch.to_digit(10) {
                        fl += d as i32;
                    } else {
                        s.b[bi][r as usize][fl as usize] = ch;
                        fl += 1;
                    }
                }
            }
            for ch in hold.chars() {
                s.hold[bi - 1][if is_white(ch) { 0 } else { 1 }].push(ch.to_ascii_uppercase());
            }
        }
        if f[3] != "-" {
            for e in f[3].split(',') {
                let e = e.as_bytes();
                let bi = (e[0] - b'A') as usize;
                s.ep[bi] = Some(((e[1] - b'a') as i32, (e[2] - b'1') as i32));
            }
        }
        s
    }

    fn at(&self, bi: usize, f: i32, r: i32) -> char {
        self.b[bi][r as usize][f as usize]
    }
    fn mine(&self, c: char) -> bool {
        c != '.' && is_white(c) == self.white
    }
    fn theirs(&self, c: char) -> bool {
        c != '.' && is_white(c) != self.white
    }

    /// Every legal sub-move's text.
    pub fn moves(&self) -> Vec<String> {
        if self.step == 0 {
            let a = self.moves_a();
            if !a.is_empty() {
                return a;
            }
            return self.moves_bc(1);
        }
        self.moves_bc(self.step)
    }

    fn moves_a(&self) -> Vec<String> {
        let mut out = Vec::new();
        let dir = if self.white { 1 } else { -1 };
        let add =
            |out: &mut Vec<String>, from: (i32, i32), to: (i32, i32), promo: &str, victim: char| {
                let base = format!("A{}{}{}", sq(from.0, from.1), sq(to.0, to.1), promo);
                if victim != '.' {
                    let (x, y) = split(victim);
                    if x != y {
                        out.push(format!("{base}>{}", x.to_ascii_lowercase()));
                        out.push(format!("{base}>{}", y.to_ascii_lowercase()));
                        return;
                    }
                }
                out.push(base);
            };
        for r in 0..8 {
            for f in 0..8 {
                let c = self.at(0, f, r);
                if !self.mine(c) {
                    continue;
                }
                match c.to_ascii_uppercase() {
                    'P' => {
                        let last = if self.white { 7 } else { 0 };
                        let promos: Vec<&str> = vec!["q", "r", "b", "n"];
                        let mut targets = Vec::new();
                        if on(f, r + dir) && self.at(0, f, r + dir) == '.' {
                            targets.push((f, r + dir, '.'));
                            let start = if self.white { 1 } else { 6 };
                            if r == start && self.at(0, f, r + 2 * dir) == '.' {
                                targets.push((f, r + 2 * dir, '.'));
                            }
                        }
                        for df in [-1, 1] {
                            if on(f + df, r + dir) {
                                let v = self.at(0, f + df, r + dir);
                                if self.theirs(v) {
                                    targets.push((f + df, r + dir, v));
                                }
                                if self.ep[0] == Some((f + df, r + dir))
                                    && v == '.'
                                    && self.theirs(self.at(0, f + df, r))
                                    && self.at(0, f + df, r).to_ascii_uppercase() == 'P'
                                    && r + dir == if self.white { 5 } else { 2 }
                                {
                                    out.push(format!("A{}{}", sq(f, r), sq(f + df, r + dir)));
                                }
                            }
                        }
                        for (tf, tr, v) in targets {
                            if tr == last {
                                for p in &promos {
                                    add(&mut out, (f, r), (tf, tr), p, v);
                                }
                            } else {
                                add(&mut out, (f, r), (tf, tr), "", v);
                            }
                        }
                    }
                    k => {
                        for (tf, tr) in self.reach(0, f, r, k) {
                            let v = self.at(0, tf, tr);
                            if v == '.' || self.theirs(v) {
                                add(&mut out, (f, r), (tf, tr), "", v);
                            }
                        }
                        if k == 'S' {
                            let home = if self.white { 0 } else { 7 };
                            let (ks, qs) = if self.white { ('K', 'Q') } else { ('k', 'q') };
                            let rook = if self.white { 'R' } else { 'r' };
                            if (f, r) == (4, home) {
                                if self.castle.contains(ks)
                                    && self.at(0, 7, home) == rook
                                    && self.at(0, 5, home) == '.'
                                    && self.at(0, 6, home) == '.'
                                {
                                    out.push(format!("A{}{}", sq(4, home), sq(6, home)));
                                }
                                if self.castle.contains(qs)
                                    && self.at(0, 0, home) == rook
                                    && (1..4).all(|x| self.at(0, x, home) == '.')
                                {
                                    out.push(format!("A{}{}", sq(4, home), sq(2, home)));
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Squares a non-pawn man of letter `k` on (f, r) reaches on board `bi`: the
    /// first man met ends a slide (the caller decides whether it may be taken).
    fn reach(&self, bi: usize, f: i32, r: i32, k: char) -> Vec<(i32, i32)> {
        let orth = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        let diag = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
        let knight = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let mut out = Vec::new();
        let mut slide = |ds: &[(i32, i32)], max: i32| {
            for &(dx, dy) in ds {
                for n in 1..=max {
                    let (x, y) = (f + dx * n, r + dy * n);
                    if !on(x, y) {
                        break;
                    }
                    out.push((x, y));
                    if self.at(bi, x, y) != '.' {
                        break;
                    }
                }
            }
        };
        match k {
            'K' | 'S' => {
                slide(&orth, 1);
                slide(&diag, 1);
            }
            'Q' => {
                slide(&orth, 7);
                slide(&diag, 7);
            }
            'R' => slide(&orth, 7),
            'B' => slide(&diag, 7),
            'W' => slide(&orth, 1),
            'F' => slide(&diag, 1),
            'N' => out.extend(
                knight
                    .iter()
                    .map(|&(dx, dy)| (f + dx, r + dy))
                    .filter(|&(x, y)| on(x, y)),
            ),
            'D' => out.extend(
                orth.iter()
                    .map(|&(dx, dy)| (f + 2 * dx, r + 2 * dy))
                    .filter(|&(x, y)| on(x, y)),
            ),
            'E' => out.extend(
                diag.iter()
                    .map(|&(dx, dy)| (f + 2 * dx, r + 2 * dy))
                    .filter(|&(x, y)| on(x, y)),
            ),
            'X' => {}
            _ => panic!("unknown piece {k}"),
        }
        out
    }

    /// Whether the king of colour `white` on board `bi` is attacked: every enemy
    /// man's attacked squares are listed and searched.
    pub fn king_attacked(&self, bi: usize, white: bool) -> bool {
        let king = if white { 'K' } else { 'k' };
        let mut ks = None;
        for r in 0..8 {
            for f in 0..8 {
                if self.at(bi, f, r) == king {
                    ks = Some((f, r));
                }
            }
        }
        let ks = ks.expect("a king on B and C");
        for r in 0..8 {
            for f in 0..8 {
                let c = self.at(bi, f, r);
                if c == '.' || is_white(c) == white {
                    continue;
                }
                let u = c.to_ascii_uppercase();
                let attacks: Vec<(i32, i32)> = match u {
                    'P' => {
                        let d = if is_white(c) { 1 } else { -1 };
                        vec![(f - 1, r + d), (f + 1, r + d)]
                    }
                    'X' => vec![],
                    _ => self.reach(bi, f, r, u),
                };
                if attacks.contains(&ks) {
                    return true;
                }
            }
        }
        false
    }

    fn moves_bc(&self, bi: usize) -> Vec<String> {
        let mut pseudo = Vec::new();
        let dir = if self.white { 1 } else { -1 };
        let bl = BOARDS[bi];
        for r in 0..8 {
            for f in 0..8 {
                let c = self.at(bi, f, r);
                if !self.mine(c) {
                    continue;
                }
                match c.to_ascii_uppercase() {
                    'X' => {}
                    'P' => {
                        if on(f, r + dir) && self.at(bi, f, r + dir) == '.' {
                            pseudo.push(format!("{bl}{}{}", sq(f, r), sq(f, r + dir)));
                            let second = if self.white { 1 } else { 6 };
                            if r == second && self.at(bi, f, r + 2 * dir) == '.' {
                                pseudo.push(format!("{bl}{}{}", sq(f, r), sq(f, r + 2 * dir)));
                            }
                        }
                        for df in [-1, 1] {
                            if on(f + df, r + dir) {
                                let v = self.at(bi, f + df, r + dir);
                                if self.theirs(v) && v.to_ascii_uppercase() != 'X' {
                                    pseudo.push(format!("{bl}{}{}", sq(f, r), sq(f + df, r + dir)));
                                }
                                let victim = self.at(bi, f + df, r);
                                if self.ep[bi] == Some((f + df, r + dir))
                                    && v == '.'
                                    && self.theirs(victim)
                                    && victim.to_ascii_uppercase() == 'P'
                                    && r + dir == if self.white { 5 } else { 2 }
                                {
                                    pseudo.push(format!("{bl}{}{}", sq(f, r), sq(f + df, r + dir)));
                                }
                            }
                        }
                    }
                    k => {
                        for (tf, tr) in self.reach(bi, f, r, k) {
                            let v = self.at(bi, tf, tr);
                            if v == '.' || (self.theirs(v) && v.to_ascii_uppercase() != 'X') {
                                pseudo.push(format!("{bl}{}{}", sq(f, r), sq(tf, tr)));
                            }
                        }
                    }
                }
            }
        }
        let side = if self.white { 0 } else { 1 };
        let mut kinds: Vec<char> = self.hold[bi - 1][side].clone();
        kinds.sort();
        kinds.dedup();
        for k in kinds {
            for r in 0..8 {
                for f in 0..8 {
                    if self.at(bi, f, r) != '.' {
                        continue;
                    }
                    if k == 'P' && r == if self.white { 7 } else { 0 } {
                        continue;
                    }
                    pseudo.push(format!("{bl}{k}@{}", sq(f, r)));
                }
            }
        }
        pseudo
            .into_iter()
            .filter(|m| {
                let mut next = self.clone();
                next.apply(m);
                !next.king_attacked(bi, self.white)
            })
            .collect()
    }

    /// Plays a move given by its text (assumed legal).
    pub fn apply(&mut self, m: &str) {
        let bytes = m.as_bytes();
        let bi = (bytes[0] - b'A') as usize;
        let white = self.white;
        let side = if white { 0 } else { 1 };
        if bytes[2] == b'@' {
            let k = bytes[1] as char;
            let (f, r) = ((bytes[3] - b'a') as i32, (bytes[4] - b'1') as i32);
            let pos = self.hold[bi - 1][side]
                .iter()
                .position(|&c| c == k)
                .expect("in hold");
            self.hold[bi - 1][side].remove(pos);
            self.b[bi][r as usize][f as usize] = if white { k } else { k.to_ascii_lowercase() };
            self.ep[bi] = None;
        } else {
            let (ff, fr) = ((bytes[1] - b'a') as i32, (bytes[2] - b'1') as i32);
            let (tf, tr) = ((bytes[3] - b'a') as i32, (bytes[4] - b'1') as i32);
            let rest = &m[5..];
            let (promo, choice) = match rest.find('>') {
                Some(i) => (&rest[..i], rest[i + 1..].chars().next()),
                None => (rest, None),
            };
            let mut piece = self.at(bi, ff, fr);
            let mut victim = self.at(bi, tf, tr);
            let pawn = piece.to_ascii_uppercase() == 'P';
            if pawn && ff != tf && victim == '.' {
                // en passant
                victim = self.at(bi, tf, fr);
                self.b[bi][fr as usize][tf as usize] = '.';
            }
            self.b[bi][fr as usize][ff as usize] = '.';
            if let Some(p) = promo.chars().next() {
                piece = if white { p.to_ascii_uppercase() } else { p };
            }
            let last = if white { 7 } else { 0 };
            if bi != 0 && pawn && tr == last {
                piece = if white { 'X' } else { 'x' };
            }
            self.b[bi][tr as usize][tf as usize] = piece;
            if bi == 0 && piece.to_ascii_uppercase() == 'S' && ff == 4 && (tf - ff).abs() == 2 {
                let (rf, rt) = if tf == 6 { (7, 5) } else { (0, 3) };
                let rook = self.at(0, rf, fr);
                self.b[0][fr as usize][rf as usize] = '.';
                self.b[0][fr as usize][rt as usize] = rook;
            }
            if bi == 0 && victim != '.' {
                let (x, y) = split(victim);
                let (to_b, to_c) = match choice {
                    Some(c) if c.to_ascii_uppercase() == y && x != y => (y, x),
                    _ => (x, y),
                };
                self.hold[0][side].push(to_b);
                self.hold[1][side].push(to_c);
            }
            self.ep[bi] = if pawn && (tr - fr).abs() == 2 {
                Some((ff, (fr + tr) / 2))
            } else {
                None
            };
            if bi == 0 {
                for (sqr, right) in [
                    ((4, 0), "KQ"),
                    ((7, 0), "K"),
                    ((0, 0), "Q"),
                    ((4, 7), "kq"),
                    ((7, 7), "k"),
                    ((0, 7), "q"),
                ] {
                    if sqr == (ff, fr) || sqr == (tf, tr) {
                        self.castle.retain(|c| !right.contains(c));
                    }
                }
            }
        }
        if bi == 2 {
            self.white = !self.white;
            self.step = 0;
        } else {
            self.step = bi + 1;
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        let ms = self.moves();
        if depth == 1 {
            return ms.len() as u64;
        }
        if depth == 0 {
            return 1;
        }
        ms.iter()
            .map(|m| {
                let mut n = self.clone();
                n.apply(m);
                n.perft(depth - 1)
            })
            .sum()
    }
}
