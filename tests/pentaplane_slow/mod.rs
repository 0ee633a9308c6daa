//! A deliberately simple, slow Pentaplane move generator for the tests only.
//!
//! It shares nothing with the engine: its own FEN reader (play phase), a map from
//! (x, y, z) to piece letters, directions found by enumerating all unit vectors and
//! classifying them by their number of non-zero components, knight leaps by sorting
//! absolute values, and legality by playing every move and looking for the own king.
//! Moves are identified by their text.

use std::collections::{BTreeMap, BTreeSet};

pub type Xyz = (i32, i32, i32);

#[derive(Clone, Debug)]
pub struct Board {
    pub cells: BTreeMap<Xyz, char>,
    pub white_to_move: bool,
    /// During A's placement (FEN phase `place`): A's held letters; B's layout follows
    /// when they are all placed. `None` in play.
    pub placing: Option<Vec<char>>,
}

fn on_board(p: Xyz) -> bool {
    (0..5).contains(&p.0) && (0..5).contains(&p.1) && (0..5).contains(&p.2)
}

pub fn cell_text(p: Xyz) -> String {
    format!(
        "{}{}{}",
        (b'A' + p.2 as u8) as char,
        (b'a' + p.0 as u8) as char,
        p.1 + 1
    )
}

/// Unit vectors with exactly `n` non-zero components (1 rook, 2 bishop, 3 cube).
fn unit_vectors(n: usize) -> Vec<Xyz> {
    let mut v = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            for dz in -1..=1 {
                let nz = [dx, dy, dz].iter().filter(|&&a| a != 0).count();
                if nz == n {
                    v.push((dx, dy, dz));
                }
            }
        }
    }
    v
}

fn knight_vectors() -> Vec<Xyz> {
    let mut v = Vec::new();
    for dx in -2..=2i32 {
        for dy in -2..=2i32 {
            for dz in -2..=2i32 {
                let mut a = [dx.abs(), dy.abs(), dz.abs()];
                a.sort();
                if a == [0, 1, 2] {
                    v.push((dx, dy, dz));
                }
            }
        }
    }
    v
}

fn add(a: Xyz, b: Xyz) -> Xyz {
    (a.0 + b.0, a.1 + b.1, a.2 + b.2)
}

pub fn parse(fen: &str) -> Board {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let mut cells = BTreeMap::new();
    let placement = fields[0].split('[').next().unwrap();
    for (i, level) in placement.split('|').enumerate() {
        let z = 4 - i as i32;
        for (j, rank) in level.split('/').enumerate() {
            let y = 4 - j as i32;
            let mut x = 0;
            for ch in rank.chars() {
                if let Some(d) = ch.to_digit(10) {
                    x += d as i32;
                } else {
                    cells.insert((x, y, z), ch);
                    x += 1;
                }
            }
        }
    }
    let placing = if fields.get(6) == Some(&"place") {
        let held = fields[0].split_once('[').unwrap().1.trim_end_matches(']');
        Some(held.chars().filter(|c| c.is_ascii_uppercase()).collect())
    } else {
        None
    };
    Board {
        cells,
        white_to_move: fields[1] == "w",
        placing,
    }
}

fn is_mine(piece: char, white: bool) -> bool {
    piece.is_ascii_uppercase() == white
}

fn has_king(b: &Board, white: bool) -> bool {
    b.cells
        .values()
        .any(|&p| p == if white { 'K' } else { 'k' })
}

/// Removes everything in the 3x3x3 blocks of `centre` and of every bomb met, in turn.
fn explode(b: &mut Board, centre: Xyz) {
    let mut pending = vec![centre];
    let mut done: BTreeSet<Xyz> = BTreeSet::new();
    done.insert(centre);
    while let Some(c) = pending.pop() {
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    let q = add(c, (dx, dy, dz));
                    if let Some(piece) = b.cells.remove(&q) {
                        if piece.to_ascii_uppercase() == 'O' && done.insert(q) {
                            pending.push(q);
                        }
                    }
                }
            }
        }
    }
}

/// Every legal move as (text, resulting board). Empty when a king is gone.
pub fn moves(b: &Board) -> Vec<(String, Board)> {
    if let Some(held) = &b.placing {
        return placement_moves(b, held);
    }
    let white = b.white_to_move;
    if !has_king(b, true) || !has_king(b, false) {
        return Vec::new();
    }
    let rook = unit_vectors(1);
    let bishop = unit_vectors(2);
    let cube = unit_vectors(3);
    let all: Vec<Xyz> = rook.iter().chain(&bishop).chain(&cube).copied().collect();
    let rook_bishop: Vec<Xyz> = rook.iter().chain(&bishop).copied().collect();
    let mut out = Vec::new();
    for (&from, &piece) in &b.cells {
        if !is_mine(piece, white) {
            continue;
        }
        // (destination, may move there empty, may capture there)
        let mut targets: Vec<Xyz> = Vec::new();
        let slide = |dirs: &[Xyz], max: i32, targets: &mut Vec<Xyz>| {
            for &d in dirs {
                let mut p = from;
                for _ in 0..max {
                    p = add(p, d);
                    if !on_board(p) {
                        break;
                    }
                    match b.cells.get(&p) {
                        None => targets.push(p),
                        Some(&q) => {
                            if !is_mine(q, white) {
                                targets.push(p);
                            }
                            break;
                        }
                    }
                }
            }
        };
        let mut shots: Vec<&[Xyz]> = Vec::new();
        match piece.to_ascii_uppercase() {
            'K' => slide(&all, 1, &mut targets),
            'Q' => slide(&all, 9, &mut targets),
            'R' => slide(&rook, 9, &mut targets),
            'B' => slide(&bishop, 9, &mut targets),
            'C' => slide(&cube, 9, &mut targets),
            'Z' => slide(&rook_bishop, 9, &mut targets),
            'O' => slide(&rook, 1, &mut targets),
            'F' => {
                slide(&rook, 1, &mut targets);
                shots.push(&rook);
            }
            'M' => {
                slide(&bishop, 1, &mut targets);
                shots.push(&bishop);
            }
            'S' => {
                slide(&cube, 1, &mut targets);
                shots.push(&cube);
            }
            'N' => {
                for d in knight_vectors() {
                    let p = add(from, d);
                    if on_board(p) && b.cells.get(&p).is_none_or(|&q| !is_mine(q, white)) {
                        targets.push(p);
                    }
                }
            }
            'P' => {
                for &d in &rook {
                    let p = add(from, d);
                    if on_board(p) && !b.cells.contains_key(&p) {
                        targets.push(p);
                    }
                }
                for &d in &bishop {
                    let p = add(from, d);
                    if b.cells.get(&p).is_some_and(|&q| !is_mine(q, white)) {
                        targets.push(p);
                    }
                }
            }
            other => panic!("unknown piece {other}"),
        }
        for to in targets {
            let mut next = b.clone();
            let mover = next.cells.remove(&from).unwrap();
            let promo_row = if white { (4, 4) } else { (0, 0) };
            let promotes = mover.to_ascii_uppercase() == 'P' && (to.1, to.2) == promo_row;
            let landed = if promotes {
                if white {
                    'Q'
                } else {
                    'q'
                }
            } else {
                mover
            };
            let captured = next.cells.remove(&to);
            if captured.is_none() || mover.to_ascii_uppercase() != 'Z' {
                next.cells.insert(to, landed);
            }
            let bomb_involved = captured.is_some()
                && (mover.to_ascii_uppercase() == 'O'
                    || captured.unwrap().to_ascii_uppercase() == 'O');
            if bomb_involved {
                explode(&mut next, to);
            }
            next.white_to_move = !white;
            if has_king(&next, white) {
                let text = format!(
                    "{}{}{}",
                    cell_text(from),
                    cell_text(to),
                    if promotes { "q" } else { "" }
                );
                out.push((text, next));
            }
        }
        for dirs in shots {
            for &d in dirs {
                let mut p = add(from, d);
                while on_board(p) && !b.cells.contains_key(&p) {
                    p = add(p, d);
                }
                if !on_board(p) {
                    continue;
                }
                let hit = b.cells[&p];
                let own = is_mine(hit, white);
                if own && hit.to_ascii_uppercase() != 'O' {
                    continue;
                }
                let mut next = b.clone();
                next.cells.remove(&p);
                if hit.to_ascii_uppercase() == 'O' {
                    explode(&mut next, p);
                }
                next.white_to_move = !white;
                if has_king(&next, white) {
                    out.push((format!("{}*{}", cell_text(from), cell_text(p)), next));
                }
            }
        }
    }
    out
}

/// A's drops (each distinct held letter on each empty X cell), then B's two layouts.
fn placement_moves(b: &Board, held: &[char]) -> Vec<(String, Board)> {
    let mut out = Vec::new();
    if b.white_to_move {
        let mut kinds: Vec<char> = held.to_vec();
        kinds.sort();
        kinds.dedup();
        for k in kinds {
            for x in [0, 1, 3, 4] {
                if b.cells.contains_key(&(x, 0, 0)) {
                    continue;
                }
                let mut next = b.clone();
                next.cells.insert((x, 0, 0), k);
                let mut rest = held.to_vec();
                let i = rest.iter().position(|&c| c == k).unwrap();
                rest.remove(i);
                next.white_to_move = !rest.is_empty();
                next.placing = Some(rest);
                out.push((format!("{k}@{}", cell_text((x, 0, 0))), next));
            }
        }
    } else {
        for (text, same) in [("=same", true), ("=mirror", false)] {
            let mut next = b.clone();
            for x in [0, 1, 3, 4] {
                let piece = b.cells[&(x, 0, 0)].to_ascii_lowercase();
                next.cells
                    .insert((if same { 4 - x } else { x }, 4, 4), piece);
            }
            next.white_to_move = true;
            next.placing = None;
            out.push((text.to_string(), next));
        }
    }
    out
}

pub fn perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let ms = moves(b);
    if depth == 1 {
        return ms.len() as u64;
    }
    ms.iter().map(|(_, n)| perft(n, depth - 1)).sum()
}

/// The draft tree's leaf count from the start position: 45 unordered selections
/// (pairs with repetition from the 9 kinds) per player; deeper plies are A's drops
/// and B's layouts, counted by [`moves`] on the placement board.
pub fn draft_start_perft(start_fen: &str, depth: u32) -> u64 {
    let kinds = ['R', 'F', 'B', 'M', 'C', 'S', 'N', 'O', 'Z'];
    let pairs: Vec<(char, char)> = (0..9)
        .flat_map(|a| (a..9).map(move |b| (a, b)))
        .map(|(a, b)| (kinds[a], kinds[b]))
        .collect();
    match depth {
        0 => 1,
        1 => pairs.len() as u64,
        2 => (pairs.len() * pairs.len()) as u64,
        _ => {
            let mut board = parse(start_fen);
            let mut n = 0;
            for &(a, b) in &pairs {
                for &(c, d) in &pairs {
                    board.placing = Some(vec![a, b, c, d]);
                    board.white_to_move = true;
                    n += perft(&board, depth - 2);
                }
            }
            n
        }
    }
}
