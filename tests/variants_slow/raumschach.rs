//! A deliberately naive Raumschach move generator, written from the rules and
//! sharing nothing with the engine: its own board array, coordinates, FEN reader
//! and move rules; legality by generating every enemy move after each move.
//!
//! Rules (Maack, 1907): a 5x5x5 cube, levels A (White's) to E, files a-e, ranks
//! 1-5. Rook: the 6 axis directions; bishop: the 12 directions in which exactly
//! two coordinates change (diagonals within a plane); unicorn: the 8 triagonals;
//! queen: all 26; king: one step in the 26; knight: the 24 leaps that change one
//! coordinate by 2 and another by 1. White's pawn steps to the next rank or the
//! next level, captures one step forward or up combined with one step sideways
//! (a file change); Black's mirrors rank and level. No double step, no en passant,
//! no castling. A pawn promotes on the far rank of the far level (White: rank 5
//! of level E) to Q, R, B, U or N.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Unicorn,
    Rook,
    Queen,
    King,
}

const LETTERS: [(Kind, char); 7] = [
    (Kind::Pawn, 'p'),
    (Kind::Knight, 'n'),
    (Kind::Bishop, 'b'),
    (Kind::Unicorn, 'u'),
    (Kind::Rook, 'r'),
    (Kind::Queen, 'q'),
    (Kind::King, 'k'),
];

const PROMOTIONS: [Kind; 5] = [
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Unicorn,
    Kind::Knight,
];

/// (white, kind)
pub type Piece = (bool, Kind);

/// A move: from and to as (file, rank, level) triples, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mv {
    pub from: [i32; 3],
    pub to: [i32; 3],
    pub promo: Option<Kind>,
}

#[derive(Clone, Debug)]
pub struct Raum {
    /// board[level][rank][file]
    pub board: [[[Option<Piece>; 5]; 5]; 5],
    pub white_to_move: bool,
}

pub const START: &str =
    "5/5/5/PPPPP/RNKNR|5/5/5/PPPPP/BUQBU|5/5/5/5/5|buqbu/ppppp/5/5/5|rnknr/ppppp/5/5/5 w - - 0 1";

fn inside(c: [i32; 3]) -> bool {
    c.iter().all(|&v| (0..5).contains(&v))
}

fn add(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// Every non-zero vector with components in -1..=1 that changes exactly `n`
/// coordinates.
fn unit_dirs(n: usize) -> Vec<[i32; 3]> {
    let mut out = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            for dz in -1..=1 {
                let v = [dx, dy, dz];
                if v.iter().filter(|&&c| c != 0).count() == n {
                    out.push(v);
                }
            }
        }
    }
    out
}

fn knight_leaps() -> Vec<[i32; 3]> {
    let mut out = Vec::new();
    for dx in -2i32..=2 {
        for dy in -2i32..=2 {
            for dz in -2i32..=2 {
                let mut a = [dx.abs(), dy.abs(), dz.abs()];
                a.sort();
                if a == [0, 1, 2] {
                    out.push([dx, dy, dz]);
                }
            }
        }
    }
    out
}

pub fn cell_name(c: [i32; 3]) -> String {
    format!(
        "{}{}{}",
        (b'A' + c[2] as u8) as char,
        (b'a' + c[0] as u8) as char,
        c[1] + 1
    )
}

pub fn move_text(m: &Mv) -> String {
    let mut s = format!("{}{}", cell_name(m.from), cell_name(m.to));
    if let Some(k) = m.promo {
        s.push(LETTERS.iter().find(|(kk, _)| *kk == k).unwrap().1);
    }
    s
}

impl Raum {
    pub fn from_fen(fen: &str) -> Result<Raum, String> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or("empty FEN")?;
        let side = fields.next().unwrap_or("w");
        let levels: Vec<&str> = placement.split('|').collect();
        if levels.len() != 5 {
            return Err(format!("{} levels, want 5", levels.len()));
        }
        let mut board = [[[None; 5]; 5]; 5];
        for (l, level) in levels.iter().enumerate() {
            let ranks: Vec<&str> = level.split('/').collect();
            if ranks.len() != 5 {
                return Err(format!("level {}: {} ranks, want 5", l, ranks.len()));
            }
            for (i, rank) in ranks.iter().enumerate() {
                let r = 4 - i;
                let mut f = 0usize;
                for ch in rank.chars() {
                    if let Some(d) = ch.to_digit(10) {
                        f += d as usize;
                        continue;
                    }
                    let kind = LETTERS
                        .iter()
                        .find(|(_, c)| *c == ch.to_ascii_lowercase())
                        .ok_or(format!("bad piece letter {ch}"))?
                        .0;
                    if f >= 5 {
                        return Err(format!("rank too long: {rank}"));
                    }
                    board[l][r][f] = Some((ch.is_ascii_uppercase(), kind));
                    f += 1;
                }
                if f != 5 {
                    return Err(format!("rank of {f} cells: {rank}"));
                }
            }
        }
        let white_to_move = match side {
            "w" => true,
            "b" => false,
            s => return Err(format!("bad side {s}")),
        };
        Ok(Raum {
            board,
            white_to_move,
        })
    }

    pub fn fen(&self) -> String {
        let mut levels = Vec::new();
        for l in 0..5 {
            let mut ranks = Vec::new();
            for r in (0..5).rev() {
                let mut s = String::new();
                let mut empty = 0;
                for f in 0..5 {
                    match self.board[l][r][f] {
                        None => empty += 1,
                        Some((white, kind)) => {
                            if empty > 0 {
                                s.push_str(&empty.to_string());
                                empty = 0;
                            }
                            let c = LETTERS.iter().find(|(k, _)| *k == kind).unwrap().1;
                            s.push(if white { c.to_ascii_uppercase() } else { c });
                        }
                    }
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                }
                ranks.push(s);
            }
            levels.push(ranks.join("/"));
        }
        format!(
            "{} {} - - 0 1",
            levels.join("|"),
            if self.white_to_move { "w" } else { "b" }
        )
    }

    pub fn at(&self, c: [i32; 3]) -> Option<Piece> {
        self.board[c[2] as usize][c[1] as usize][c[0] as usize]
    }

    fn set(&mut self, c: [i32; 3], p: Option<Piece>) {
        self.board[c[2] as usize][c[1] as usize][c[0] as usize] = p;
    }

    fn promotes(&self, white: bool, to: [i32; 3]) -> bool {
        let (rank, level) = if white { (4, 4) } else { (0, 0) };
        to[1] == rank && to[2] == level
    }

    /// Moves of `white`'s pieces ignoring whether its own king is left attacked.
    pub fn pseudo_moves(&self, white: bool) -> Vec<Mv> {
        let mut out = Vec::new();
        for l in 0..5 {
            for r in 0..5 {
                for f in 0..5 {
                    let from = [f, r, l];
                    match self.at(from) {
                        Some((w, kind)) if w == white => {
                            self.piece_moves(from, white, kind, &mut out)
                        }
                        _ => {}
                    }
                }
            }
        }
        out
    }

    fn piece_moves(&self, from: [i32; 3], white: bool, kind: Kind, out: &mut Vec<Mv>) {
        let target_ok = |to: [i32; 3]| match self.at(to) {
            None => true,
            Some((w, _)) => w != white,
        };
        let slide = |dirs: Vec<[i32; 3]>, out: &mut Vec<Mv>| {
            for d in dirs {
                let mut to = add(from, d);
                while inside(to) {
                    match self.at(to) {
                        None => out.push(Mv {
                            from,
                            to,
                            promo: None,
                        }),
                        Some((w, _)) => {
                            if w != white {
                                out.push(Mv {
                                    from,
                                    to,
                                    promo: None,
                                });
                            }
                            break;
                        }
                    }
                    to = add(to, d);
                }
            }
        };
        match kind {
            Kind::Rook => slide(unit_dirs(1), out),
            Kind::Bishop => slide(unit_dirs(2), out),
            Kind::Unicorn => slide(unit_dirs(3), out),
            Kind::Queen => {
                let mut all = unit_dirs(1);
                all.extend(unit_dirs(2));
                all.extend(unit_dirs(3));
                slide(all, out)
            }
            Kind::King | Kind::Knight => {
                let vectors = if kind == Kind::King {
                    let mut all = unit_dirs(1);
                    all.extend(unit_dirs(2));
                    all.extend(unit_dirs(3));
                    all
                } else {
                    knight_leaps()
                };
                for v in vectors {
                    let to = add(from, v);
                    if inside(to) && target_ok(to) {
                        out.push(Mv {
                            from,
                            to,
                            promo: None,
                        });
                    }
                }
            }
            Kind::Pawn => {
                let s = if white { 1 } else { -1 };
                let steps = [[0, s, 0], [0, 0, s]];
                let captures = [[1, s, 0], [-1, s, 0], [1, 0, s], [-1, 0, s]];
                let push = |to: [i32; 3], out: &mut Vec<Mv>| {
                    if self.promotes(white, to) {
                        for k in PROMOTIONS {
                            out.push(Mv {
                                from,
                                to,
                                promo: Some(k),
                            });
                        }
                    } else {
                        out.push(Mv {
                            from,
                            to,
                            promo: None,
                        });
                    }
                };
                for v in steps {
                    let to = add(from, v);
                    if inside(to) && self.at(to).is_none() {
                        push(to, out);
                    }
                }
                for v in captures {
                    let to = add(from, v);
                    if inside(to) && matches!(self.at(to), Some((w, _)) if w != white) {
                        push(to, out);
                    }
                }
            }
        }
    }

    pub fn make(&self, m: &Mv) -> Raum {
        let mut next = self.clone();
        let (white, kind) = self.at(m.from).expect("a piece on the from cell");
        next.set(m.from, None);
        next.set(m.to, Some((white, m.promo.unwrap_or(kind))));
        next.white_to_move = !self.white_to_move;
        next
    }

    fn king_attacked(&self, white: bool) -> bool {
        let mut king = None;
        for l in 0..5 {
            for r in 0..5 {
                for f in 0..5 {
                    if self.at([f, r, l]) == Some((white, Kind::King)) {
                        king = Some([f, r, l]);
                    }
                }
            }
        }
        let Some(king) = king else {
            return false;
        };
        self.pseudo_moves(!white).iter().any(|m| m.to == king)
    }

    pub fn legal_moves(&self) -> Vec<Mv> {
        let us = self.white_to_move;
        self.pseudo_moves(us)
            .into_iter()
            .filter(|m| !self.make(m).king_attacked(us))
            .collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.make(m).perft(depth - 1)).sum()
    }
}
