//! A deliberately simple, slow Platonic Chess move generator written only for the
//! tests, sharing no code with the engine: a 10x10 array of FEN letters, pieces'
//! moves spelled out as (dx, dy) lists, attacks found by enumerating every enemy
//! piece's reach, legality by "no own Tetrahedron attacked afterwards". It exists to
//! check the engine's perft counts independently.

#![allow(dead_code)]

type Sq = (i32, i32); // (file 0..10, rank 0..10)

const ORTH: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [Sq; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const ALFIL: [Sq; 4] = [(2, 2), (2, -2), (-2, -2), (-2, 2)];

#[derive(Clone, Debug)]
pub struct Pos {
    /// `board[rank][file]`, '.' when empty.
    board: [[char; 10]; 10],
    white: bool,
    /// Castling rights still held, as FEN letters.
    rights: Vec<char>,
    ep: Option<Sq>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mv {
    from: Sq,
    to: Sq,
    ep: bool,
    double: bool,
    /// Icosahedron's move when castling.
    rook: Option<(Sq, Sq)>,
}

fn on_board(s: Sq) -> bool {
    s.0 >= 0 && s.0 < 10 && s.1 >= 0 && s.1 < 10
}

pub fn square_name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

impl Pos {
    pub fn from_fen(fen: &str) -> Pos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [['.'; 10]; 10];
        for (i, row) in f[0].split('/').enumerate() {
            let rank = 9 - i;
            let mut file = 0;
            let mut num = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    num = num * 10 + d as usize;
                } else {
                    file += num;
                    num = 0;
                    board[rank][file] = c;
                    file += 1;
                }
            }
        }
        let rights = if f[2] == "-" {
            vec![]
        } else {
            f[2].chars().collect()
        };
        let ep = if f[3] == "-" {
            None
        } else {
            let b = f[3].as_bytes();
            Some(((b[0] - b'a') as i32, f[3][1..].parse::<i32>().unwrap() - 1))
        };
        Pos {
            board,
            white: f[1] == "w",
            rights,
            ep,
        }
    }

    fn at(&self, s: Sq) -> char {
        self.board[s.1 as usize][s.0 as usize]
    }
    fn set(&mut self, s: Sq, c: char) {
        self.board[s.1 as usize][s.0 as usize] = c;
    }
    fn is_white(c: char) -> bool {
        c.is_ascii_uppercase()
    }
    fn belongs(c: char, white: bool) -> bool {
        c != '.' && Self::is_white(c) == white
    }

    /// Squares reached along `dirs`, at most `max` steps, stopping at (and including)
    /// the first occupied square.
    fn slides(&self, from: Sq, dirs: &[Sq], max: i32, out: &mut Vec<Sq>) {
        for &(dx, dy) in dirs {
            let mut s = from;
            for _ in 0..max {
                s = (s.0 + dx, s.1 + dy);
                if !on_board(s) {
                    break;
                }
                out.push(s);
                if self.at(s) != '.' {
                    break;
                }
            }
        }
    }
    fn leaps(&self, from: Sq, vecs: &[Sq], out: &mut Vec<Sq>) {
        for &(dx, dy) in vecs {
            let s = (from.0 + dx, from.1 + dy);
            if on_board(s) {
                out.push(s);
            }
        }
    }

    /// Squares a solid of type `kind` (upper-case letter) with forward `fwd` reaches.
    fn solid_reach(&self, kind: char, from: Sq, fwd: i32, out: &mut Vec<Sq>) {
        match kind {
            'T' => self.slides(from, &ORTH, 1, out),
            'C' => {
                self.slides(from, &DIAG, 1, out);
                self.slides(from, &[(0, fwd)], 2, out);
            }
            'O' => self.slides(from, &DIAG, 2, out),
            'D' => {
                self.leaps(from, &KNIGHT, out);
                self.leaps(from, &ALFIL, out);
            }
            'I' => {
                self.slides(from, &ORTH, 4, out);
                self.leaps(from, &ALFIL, out);
            }
            _ => panic!("not a solid: {kind}"),
        }
    }

    /// Every square the piece on `from` could capture on.
    fn attack_reach(&self, from: Sq) -> Vec<Sq> {
        let c = self.at(from);
        let white = Self::is_white(c);
        let fwd = if white { 1 } else { -1 };
        let mut out = Vec::new();
        let kind = c.to_ascii_uppercase();
        if kind == 'P' {
            self.leaps(from, &[(1, fwd), (-1, fwd)], &mut out);
            // Own rank, 1-based.
            let own_rank = if white { from.1 + 1 } else { 10 - from.1 };
            let power = match own_rank {
                6 => Some('T'),
                7 => Some('C'),
                8 => Some('O'),
                9 => Some('D'),
                10 => Some('I'),
                _ => None,
            };
            if let Some(p) = power {
                self.solid_reach(p, from, fwd, &mut out);
            }
        } else {
            self.solid_reach(kind, from, fwd, &mut out);
        }
        out
    }

    fn squares() -> impl Iterator<Item = Sq> {
        (0..10).flat_map(|y| (0..10).map(move |x| (x, y)))
    }

    pub fn attacked(&self, s: Sq, by_white: bool) -> bool {
        Self::squares().any(|from| {
            Self::belongs(self.at(from), by_white) && self.attack_reach(from).contains(&s)
        })
    }

    pub fn in_check(&self) -> bool {
        let t = if self.white { 'T' } else { 't' };
        Self::squares().any(|s| self.at(s) == t && self.attacked(s, !self.white))
    }

    fn pseudo(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        let plain = |from, to| Mv {
            from,
            to,
            ep: false,
            double: false,
            rook: None,
        };
        for from in Self::squares() {
            let c = self.at(from);
            if !Self::belongs(c, self.white) {
                continue;
            }
            let reach = self.attack_reach(from);
            if c.eq_ignore_ascii_case(&'P') {
                let fwd = if self.white { 1 } else { -1 };
                let mut caps: Vec<Sq> = reach
                    .into_iter()
                    .filter(|&s| Self::belongs(self.at(s), !self.white))
                    .collect();
                caps.sort();
                caps.dedup();
                for to in caps {
                    out.push(plain(from, to));
                }
                if let Some(ep) = self.ep {
                    if ep.1 == from.1 + fwd && (ep.0 - from.0).abs() == 1 {
                        out.push(Mv {
                            from,
                            to: ep,
                            ep: true,
                            double: false,
                            rook: None,
                        });
                    }
                }
                let one = (from.0, from.1 + fwd);
                if on_board(one) && self.at(one) == '.' {
                    out.push(plain(from, one));
                    let own_rank = if self.white { from.1 + 1 } else { 10 - from.1 };
                    let two = (from.0, from.1 + 2 * fwd);
                    if own_rank == 3 && self.at(two) == '.' {
                        out.push(Mv {
                            from,
                            to: two,
                            ep: false,
                            double: true,
                            rook: None,
                        });
                    }
                }
            } else {
                for to in reach {
                    if !Self::belongs(self.at(to), self.white) {
                        out.push(plain(from, to));
                    }
                }
            }
        }
        // Castling: (right, T from, T to, transit, I from, I to, must be empty).
        let rank = if self.white { 0 } else { 9 };
        let table = [
            ('A', 4, 2, 3, 0, 3, [1, 2, 3]),
            ('J', 5, 7, 6, 9, 6, [6, 7, 8]),
        ];
        for (letter, tf, tt, tr, rf, rt, empty) in table {
            let letter = if self.white {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            if !self.rights.contains(&letter) {
                continue;
            }
            let (t, i) = if self.white { ('T', 'I') } else { ('t', 'i') };
            if self.at((tf, rank)) != t || self.at((rf, rank)) != i {
                continue;
            }
            if empty.iter().any(|&x| self.at((x, rank)) != '.') {
                continue;
            }
            if self.in_check()
                || self.attacked((tr, rank), !self.white)
                || self.attacked((tt, rank), !self.white)
            {
                continue;
            }
            out.push(Mv {
                from: (tf, rank),
                to: (tt, rank),
                ep: false,
                double: false,
                rook: Some(((rf, rank), (rt, rank))),
            });
        }
        out
    }

    pub fn make(&self, m: &Mv) -> Pos {
        let mut p = self.clone();
        let c = p.at(m.from);
        p.set(m.from, '.');
        if m.ep {
            p.set((m.to.0, m.from.1), '.');
        }
        p.set(m.to, c);
        if let Some((rf, rt)) = m.rook {
            let i = p.at(rf);
            p.set(rf, '.');
            p.set(rt, i);
        }
        p.ep = if m.double {
            Some((m.from.0, (m.from.1 + m.to.1) / 2))
        } else {
            None
        };
        // A right goes when a move leaves or arrives on one of its home squares.
        let homes = [
            ('A', [(4, 0), (0, 0)]),
            ('J', [(5, 0), (9, 0)]),
            ('a', [(4, 9), (0, 9)]),
            ('j', [(5, 9), (9, 9)]),
        ];
        for (letter, sqs) in homes {
            if sqs.contains(&m.from) || sqs.contains(&m.to) {
                p.rights.retain(|&r| r != letter);
            }
        }
        p.white = !p.white;
        p
    }

    pub fn legal(&self) -> Vec<Mv> {
        self.pseudo()
            .into_iter()
            .filter(|m| {
                let mut after = self.make(m);
                after.white = self.white;
                !after.in_check()
            })
            .collect()
    }

    pub fn move_name(m: &Mv) -> String {
        format!("{}{}", square_name(m.from), square_name(m.to))
    }
}

pub fn perft(p: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = p.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&p.make(m), depth - 1)).sum()
}
