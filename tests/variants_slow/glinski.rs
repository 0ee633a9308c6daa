//! A deliberately naive generator for Glinski's hexagonal chess, written from the
//! rules and sharing nothing with the engine: its own cell coordinates, board
//! array, FEN reader and move rules; legality by generating every enemy move.
//!
//! Board: 91 hexagons, files a..l without j (11 files), file lengths 6,7,..,11,..,7,6;
//! ranks counted from each file's lower end. Coordinates here: (x, y) with x the
//! file index and y = rank index + max(0, x - 5), so the six edge neighbours are
//! (0,±1), (±1,0), (1,1), (-1,-1) and the six diagonal neighbours (through a vertex)
//! are (1,2), (2,1), (1,-1), (-1,-2), (-2,-1), (-1,1).
//!
//! Rook: rides the 6 edge directions; bishop: the 6 diagonal directions; queen:
//! both; king: one step in the 12; knight: the 12 leaps "one edge step, then one
//! diagonal step away from where it came", i.e. the cells at lattice vectors
//! (1,3) (2,3) (3,2) (3,1) (2,-1) (1,-2) and their negatives. White's pawn steps
//! one cell up its file (0,1), captures on the two edge neighbours forward-left
//! (-1,0) and forward-right (1,1), may step two (both cells empty) from a start
//! cell of its side (b1 c2 d3 e4 f5 g4 h3 i2 k1; Black b7..k7), which sets the en
//! passant cell, and promotes to Q, R, B or N on the last cell of its file.
//! Black's pawn mirrors every file end for end: (dx, dy) -> (dx, dx - dy). No
//! castling.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

const LETTERS: [(Kind, char); 6] = [
    (Kind::Pawn, 'p'),
    (Kind::Knight, 'n'),
    (Kind::Bishop, 'b'),
    (Kind::Rook, 'r'),
    (Kind::Queen, 'q'),
    (Kind::King, 'k'),
];

const FILES: &[u8; 11] = b"abcdefghikl";

pub const ORTHO: [(i32, i32); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];
pub const DIAG: [(i32, i32); 6] = [(1, 2), (2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1)];
pub const KNIGHT: [(i32, i32); 12] = [
    (1, 3),
    (2, 3),
    (3, 2),
    (3, 1),
    (2, -1),
    (1, -2),
    (-1, -3),
    (-2, -3),
    (-3, -2),
    (-3, -1),
    (-2, 1),
    (-1, 2),
];

pub const START: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1";

/// (white, kind)
pub type Piece = (bool, Kind);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mv {
    pub from: (i32, i32),
    pub to: (i32, i32),
    pub promo: Option<Kind>,
    /// Double step: the crossed cell becomes the en passant cell.
    pub double: bool,
    /// En passant capture: the cell of the captured pawn.
    pub ep_victim: Option<(i32, i32)>,
}

#[derive(Clone, Debug)]
pub struct Glinski {
    /// board[x][y]; cells outside the hexagon stay None and are never used.
    pub board: [[Option<Piece>; 11]; 11],
    pub white_to_move: bool,
    /// The cell a double-stepping pawn crossed on the last move.
    pub ep: Option<(i32, i32)>,
}

/// Cells on file x.
pub fn file_len(x: i32) -> i32 {
    6 + x.min(10 - x)
}

/// 1-based rank of lattice (x, y), if a cell.
pub fn rank_of(c: (i32, i32)) -> Option<i32> {
    let (x, y) = c;
    if !(0..11).contains(&x) {
        return None;
    }
    let idx = y - (x - 5).max(0);
    (idx >= 0 && idx < file_len(x)).then_some(idx + 1)
}

pub fn cell(x: i32, rank: i32) -> (i32, i32) {
    (x, rank - 1 + (x - 5).max(0))
}

pub fn cell_name(c: (i32, i32)) -> String {
    format!(
        "{}{}",
        FILES[c.0 as usize] as char,
        rank_of(c).expect("a cell")
    )
}

pub fn parse_cell(name: &str) -> Option<(i32, i32)> {
    let mut chars = name.chars();
    let f = chars.next()?;
    let x = FILES.iter().position(|&b| b as char == f)? as i32;
    let rank: i32 = chars.as_str().parse().ok()?;
    let c = cell(x, rank);
    rank_of(c).map(|_| c)
}

pub fn move_text(m: &Mv) -> String {
    let mut s = format!("{}{}", cell_name(m.from), cell_name(m.to));
    if let Some(k) = m.promo {
        s.push(LETTERS.iter().find(|(kk, _)| *kk == k).unwrap().1);
    }
    s
}

fn start_cells(white: bool) -> Vec<(i32, i32)> {
    // b1 c2 d3 e4 f5 g4 h3 i2 k1 for White; Black's pawns all stand on rank 7.
    (1..10)
        .map(|x| {
            if white {
                cell(x, 5 - (x - 5).abs())
            } else {
                cell(x, 7)
            }
        })
        .collect()
}

/// Black's version of one of White's vectors: each file reversed end for end.
fn mirror(v: (i32, i32)) -> (i32, i32) {
    (v.0, v.0 - v.1)
}

impl Glinski {
    pub fn from_fen(fen: &str) -> Result<Glinski, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err("FEN needs placement and side".into());
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 11 {
            return Err(format!("{} rows, want 11", rows.len()));
        }
        let mut board = [[None; 11]; 11];
        for (i, row) in rows.iter().enumerate() {
            let rank = 11 - i as i32;
            let files: Vec<i32> = (0..11).filter(|&x| file_len(x) >= rank).collect();
            let mut k = 0usize;
            let mut num = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    num = num * 10 + d as usize;
                    continue;
                }
                k += num;
                num = 0;
                let kind = LETTERS
                    .iter()
                    .find(|(_, c)| *c == ch.to_ascii_lowercase())
                    .ok_or(format!("bad piece letter {ch}"))?
                    .0;
                let x = *files.get(k).ok_or(format!("row too long: {row}"))?;
                let (cx, cy) = cell(x, rank);
                board[cx as usize][cy as usize] = Some((ch.is_ascii_uppercase(), kind));
                k += 1;
            }
            k += num;
            if k != files.len() {
                return Err(format!("rank {rank}: {k} cells, want {}", files.len()));
            }
        }
        let white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            s => return Err(format!("bad side {s}")),
        };
        let ep = match fields.get(3) {
            None | Some(&"-") => None,
            Some(name) => Some(parse_cell(name).ok_or(format!("bad e.p. cell {name}"))?),
        };
        Ok(Glinski {
            board,
            white_to_move,
            ep,
        })
    }

    pub fn fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (1..=11).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for x in (0..11).filter(|&x| file_len(x) >= rank) {
                match self.at(cell(x, rank)) {
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
            rows.push(s);
        }
        format!(
            "{} {} - {} 0 1",
            rows.join("/"),
            if self.white_to_move { "w" } else { "b" },
            self.ep.map(cell_name).unwrap_or_else(|| "-".into())
        )
    }

    pub fn at(&self, c: (i32, i32)) -> Option<Piece> {
        self.board[c.0 as usize][c.1 as usize]
    }

    fn set(&mut self, c: (i32, i32), p: Option<Piece>) {
        self.board[c.0 as usize][c.1 as usize] = p;
    }

    fn cells() -> impl Iterator<Item = (i32, i32)> {
        (0..11).flat_map(|x| (1..=file_len(x)).map(move |r| cell(x, r)))
    }

    pub fn pseudo_moves(&self, white: bool) -> Vec<Mv> {
        let mut out = Vec::new();
        for c in Self::cells() {
            if let Some((w, kind)) = self.at(c) {
                if w == white {
                    self.piece_moves(c, white, kind, &mut out);
                }
            }
        }
        out
    }

    fn piece_moves(&self, from: (i32, i32), white: bool, kind: Kind, out: &mut Vec<Mv>) {
        let plain = |to| Mv {
            from,
            to,
            promo: None,
            double: false,
            ep_victim: None,
        };
        let free_or_enemy = |to: (i32, i32)| match self.at(to) {
            None => true,
            Some((w, _)) => w != white,
        };
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<Mv>| {
            for &(dx, dy) in dirs {
                let mut to = (from.0 + dx, from.1 + dy);
                while rank_of(to).is_some() {
                    match self.at(to) {
                        None => out.push(plain(to)),
                        Some((w, _)) => {
                            if w != white {
                                out.push(plain(to));
                            }
                            break;
                        }
                    }
                    to = (to.0 + dx, to.1 + dy);
                }
            }
        };
        match kind {
            Kind::Rook => slide(&ORTHO, out),
            Kind::Bishop => slide(&DIAG, out),
            Kind::Queen => {
                slide(&ORTHO, out);
                slide(&DIAG, out)
            }
            Kind::King | Kind::Knight => {
                let vectors: Vec<(i32, i32)> = if kind == Kind::King {
                    ORTHO.iter().chain(DIAG.iter()).copied().collect()
                } else {
                    KNIGHT.to_vec()
                };
                for (dx, dy) in vectors {
                    let to = (from.0 + dx, from.1 + dy);
                    if rank_of(to).is_some() && free_or_enemy(to) {
                        out.push(plain(to));
                    }
                }
            }
            Kind::Pawn => self.pawn_moves(from, white, out),
        }
    }

    fn pawn_moves(&self, from: (i32, i32), white: bool, out: &mut Vec<Mv>) {
        let orient = |v: (i32, i32)| if white { v } else { mirror(v) };
        let last = |to: (i32, i32)| {
            let r = rank_of(to).unwrap();
            if white {
                r == file_len(to.0)
            } else {
                r == 1
            }
        };
        let push = |to: (i32, i32), ep_victim: Option<(i32, i32)>, out: &mut Vec<Mv>| {
            if last(to) {
                for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                    out.push(Mv {
                        from,
                        to,
                        promo: Some(k),
                        double: false,
                        ep_victim,
                    });
                }
            } else {
                out.push(Mv {
                    from,
                    to,
                    promo: None,
                    double: false,
                    ep_victim,
                });
            }
        };
        let (fx, fy) = orient((0, 1));
        let one = (from.0 + fx, from.1 + fy);
        if rank_of(one).is_some() && self.at(one).is_none() {
            push(one, None, out);
        }
        let two = (from.0 + 2 * fx, from.1 + 2 * fy);
        let may_double = start_cells(white).contains(&from);
        let crossed_ok = rank_of(one).is_some() && self.at(one).is_none();
        if may_double && crossed_ok && rank_of(two).is_some() && self.at(two).is_none() {
            out.push(Mv {
                from,
                to: two,
                promo: None,
                double: true,
                ep_victim: None,
            });
        }
        for v in [(-1, 0), (1, 1)] {
            let (dx, dy) = orient(v);
            let to = (from.0 + dx, from.1 + dy);
            if rank_of(to).is_none() {
                continue;
            }
            match self.at(to) {
                Some((w, _)) if w != white => push(to, None, out),
                None if self.ep == Some(to) => {
                    // The enemy pawn stands one step beyond the crossed cell, in
                    // the direction it moved (toward our side).
                    let (bx, by) = orient((0, -1));
                    push(to, Some((to.0 + bx, to.1 + by)), out)
                }
                _ => {}
            }
        }
    }

    pub fn make(&self, m: &Mv) -> Glinski {
        let mut next = self.clone();
        let (white, kind) = self.at(m.from).expect("a piece on the from cell");
        next.set(m.from, None);
        if let Some(v) = m.ep_victim {
            next.set(v, None);
        }
        next.set(m.to, Some((white, m.promo.unwrap_or(kind))));
        next.ep = m
            .double
            .then(|| ((m.from.0 + m.to.0) / 2, (m.from.1 + m.to.1) / 2));
        next.white_to_move = !self.white_to_move;
        next
    }

    fn king_attacked(&self, white: bool) -> bool {
        let Some(king) = Self::cells().find(|&c| self.at(c) == Some((white, Kind::King))) else {
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
