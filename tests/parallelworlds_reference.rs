//! A second, deliberately simple and slow move generator for Parallel Worlds Chess,
//! written only to check the engine's perft counts. It shares no code with the
//! engine: its own FEN reader, a `[level][rank][file]` array of letters, moves as
//! text, direct coordinate loops, attack tests by looking from every enemy man
//! forward (the engine looks backwards from the target). Rules are re-read from
//! `shared/rules/parallelworlds.md`.
//!
//! The test reads `tests/perft/parallelworlds.perft` and recomputes every line up to
//! `REFERENCE_MAX_NODES` nodes with this generator, so the counts in that file (which
//! `tests/perft.rs` checks against the engine) come from two independent programs.

use std::collections::HashSet;

const REFERENCE_MAX_NODES: u64 = 1_500_000;
/// The ignored test recomputes every line (the start position to depth 5 included).
const REFERENCE_DEEP_MAX_NODES: u64 = 300_000_000;

#[derive(Clone)]
struct Ref {
    /// `b[z][y][x]`: '.' empty, else a FEN letter.
    b: [[[char; 8]; 8]; 3],
    white: bool,
    /// `castle[slot][side][wing]`: slot 0 = level 1, 1 = level 3; wing 0 = king side.
    castle: [[[bool; 2]; 2]; 2],
    /// En-passant squares per slot: (file, rank), 0-based.
    ep: [Option<(i32, i32)>; 2],
    full: u32,
    /// Current cells (z, y, x) of the men moved this turn.
    moved: Vec<(i32, i32, i32)>,
    /// Levels sub-moves of this turn ended on.
    used: Vec<i32>,
    over: bool,
}

fn white_piece(c: char) -> bool {
    c.is_ascii_uppercase()
}

fn name(z: i32, y: i32, x: i32) -> String {
    format!("{}{}{}", z + 1, (b'a' + x as u8) as char, y + 1)
}

fn parse_name(s: &str) -> (i32, i32, i32) {
    let b = s.as_bytes();
    (
        (b[0] - b'1') as i32,
        (b[2] - b'1') as i32,
        (b[1] - b'a') as i32,
    )
}

impl Ref {
    fn from_fen(fen: &str) -> Ref {
        let f: Vec<&str> = fen.split_whitespace().collect();
        assert_eq!(f.len(), 7);
        let mut b = [[['.'; 8]; 8]; 3];
        for (z, level) in f[0].split('|').enumerate() {
            for (i, row) in level.split('/').enumerate() {
                let y = 7 - i;
                let mut x = 0;
                for ch in row.chars() {
                    if let Some(d) = ch.to_digit(10) {
                        x += d as usize;
                    } else {
                        b[z][y][x] = ch;
                        x += 1;
                    }
                }
            }
        }
        let mut castle = [[[false; 2]; 2]; 2];
        for (slot, part) in f[2].split(',').enumerate() {
            for ch in part.chars() {
                match ch {
                    'K' => castle[slot][0][0] = true,
                    'Q' => castle[slot][0][1] = true,
                    'k' => castle[slot][1][0] = true,
                    'q' => castle[slot][1][1] = true,
                    _ => {}
                }
            }
        }
        let mut ep = [None; 2];
        for (slot, part) in f[3].split(',').enumerate() {
            if part != "-" {
                let c = part.as_bytes();
                ep[slot] = Some(((c[0] - b'a') as i32, (c[1] - b'1') as i32));
            }
        }
        let mut r = Ref {
            b,
            white: f[1] == "w",
            castle,
            ep,
            full: f[5].parse().unwrap(),
            moved: vec![],
            used: vec![],
            over: false,
        };
        if f[6] != "-" {
            for n in f[6].split(',') {
                let c = parse_name(n);
                r.moved.push(c);
                if !r.used.contains(&c.0) {
                    r.used.push(c.0);
                }
            }
        }
        r
    }

    fn at(&self, z: i32, y: i32, x: i32) -> char {
        self.b[z as usize][y as usize][x as usize]
    }
    fn mine(&self, c: char) -> bool {
        c != '.' && white_piece(c) == self.white
    }
    fn theirs(&self, c: char) -> bool {
        c != '.' && white_piece(c) != self.white
    }
    fn max_submoves(&self) -> usize {
        if self.white && self.full == 1 {
            2
        } else {
            3
        }
    }

    /// Whether an enemy (of the side to move) man on level z could capture (z, y, x)
    /// with its orthodox move. Looks from each enemy man.
    fn attacked(&self, z: i32, y: i32, x: i32) -> bool {
        for ay in 0..8 {
            for ax in 0..8 {
                let p = self.at(z, ay, ax);
                if !self.theirs(p) {
                    continue;
                }
                let (dx, dy) = (x - ax, y - ay);
                let hits = match p.to_ascii_lowercase() {
                    'p' => {
                        let fwd = if white_piece(p) { 1 } else { -1 };
                        dy == fwd && dx.abs() == 1
                    }
                    'n' => (dx.abs() == 1 && dy.abs() == 2) || (dx.abs() == 2 && dy.abs() == 1),
                    'k' => dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
                    s => {
                        let straight = dx == 0 || dy == 0;
                        let diagonal = dx.abs() == dy.abs();
                        let shape = match s {
                            'r' => straight,
                            'b' => diagonal,
                            _ => straight || diagonal,
                        };
                        shape && (dx, dy) != (0, 0) && self.clear_between(z, ay, ax, y, x)
                    }
                };
                if hits {
                    return true;
                }
            }
        }
        false
    }

    fn clear_between(&self, z: i32, y0: i32, x0: i32, y1: i32, x1: i32) -> bool {
        let (sy, sx) = ((y1 - y0).signum(), (x1 - x0).signum());
        let (mut y, mut x) = (y0 + sy, x0 + sx);
        while (y, x) != (y1, x1) {
            if self.at(z, y, x) != '.' {
                return false;
            }
            y += sy;
            x += sx;
        }
        true
    }

    fn on_board(y: i32, x: i32) -> bool {
        (0..8).contains(&y) && (0..8).contains(&x)
    }

    /// Every legal sub-move as text, `0000` included when offered.
    fn moves(&self) -> Vec<String> {
        let mut out = self.submoves();
        if !self.over && !self.used.is_empty() {
            out.push("0000".to_string());
        }
        out
    }

    /// The legal sub-moves, without `0000`.
    fn submoves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.over {
            return out;
        }
        for z in 0..3 {
            for y in 0..8 {
                for x in 0..8 {
                    let p = self.at(z, y, x);
                    if !self.mine(p) || self.moved.contains(&(z, y, x)) {
                        continue;
                    }
                    let mut dests: Vec<(i32, i32, i32, bool)> = Vec::new(); // (z,y,x,is_ep)
                    let kind = p.to_ascii_lowercase();
                    let all_dirs = [
                        (0, 1),
                        (1, 1),
                        (1, 0),
                        (1, -1),
                        (0, -1),
                        (-1, -1),
                        (-1, 0),
                        (-1, 1),
                    ];
                    if z == 1 {
                        // Level 2: a queen that never captures.
                        for (dx, dy) in all_dirs {
                            let (mut ny, mut nx) = (y + dy, x + dx);
                            while Self::on_board(ny, nx) && self.at(1, ny, nx) == '.' {
                                dests.push((1, ny, nx, false));
                                ny += dy;
                                nx += dx;
                            }
                        }
                    } else {
                        match kind {
                            'p' => {
                                let fwd = if self.white { 1 } else { -1 };
                                let start = if self.white { 1 } else { 6 };
                                if Self::on_board(y + fwd, x) && self.at(z, y + fwd, x) == '.' {
                                    dests.push((z, y + fwd, x, false));
                                    if y == start && self.at(z, y + 2 * fwd, x) == '.' {
                                        dests.push((z, y + 2 * fwd, x, false));
                                    }
                                }
                                for dx in [-1, 1] {
                                    let (ny, nx) = (y + fwd, x + dx);
                                    if !Self::on_board(ny, nx) {
                                        continue;
                                    }
                                    if self.theirs(self.at(z, ny, nx)) {
                                        dests.push((z, ny, nx, false));
                                    } else if self.at(z, ny, nx) == '.' {
                                        let slot = (z / 2) as usize;
                                        // usable if made by the opponent: rank 3 made by White
                                        let ep_rank_of_opponent = if self.white { 5 } else { 2 };
                                        if self.ep[slot] == Some((nx, ny))
                                            && ny == ep_rank_of_opponent
                                        {
                                            dests.push((z, ny, nx, true));
                                        }
                                    }
                                }
                            }
                            'n' | 'k' => {
                                let offs: Vec<(i32, i32)> = if kind == 'n' {
                                    vec![
                                        (1, 2),
                                        (2, 1),
                                        (2, -1),
                                        (1, -2),
                                        (-1, -2),
                                        (-2, -1),
                                        (-2, 1),
                                        (-1, 2),
                                    ]
                                } else {
                                    all_dirs.to_vec()
                                };
                                for (dx, dy) in offs {
                                    let (ny, nx) = (y + dy, x + dx);
                                    if Self::on_board(ny, nx) && !self.mine(self.at(z, ny, nx)) {
                                        dests.push((z, ny, nx, false));
                                    }
                                }
                            }
                            _ => {
                                for (dx, dy) in all_dirs {
                                    let diagonal = dx != 0 && dy != 0;
                                    if (kind == 'r' && diagonal) || (kind == 'b' && !diagonal) {
                                        continue;
                                    }
                                    let (mut ny, mut nx) = (y + dy, x + dx);
                                    while Self::on_board(ny, nx) {
                                        let q = self.at(z, ny, nx);
                                        if self.mine(q) {
                                            break;
                                        }
                                        dests.push((z, ny, nx, false));
                                        if q != '.' {
                                            break;
                                        }
                                        ny += dy;
                                        nx += dx;
                                    }
                                }
                            }
                        }
                    }
                    // Straight up or down onto an empty cell, never for kings.
                    if kind != 'k' {
                        for nz in [z - 1, z + 1] {
                            if (0..3).contains(&nz) && self.at(nz, y, x) == '.' {
                                dests.push((nz, y, x, false));
                            }
                        }
                    }
                    for (nz, ny, nx, _) in dests {
                        if self.used.contains(&nz) {
                            continue;
                        }
                        let text = format!("{}{}", name(z, y, x), name(nz, ny, nx));
                        let last = if self.white { 7 } else { 0 };
                        if kind == 'p' && ny == last && nz != 1 {
                            for l in ['q', 'r', 'b', 'n'] {
                                out.push(format!("{text}{l}"));
                            }
                        } else {
                            out.push(text);
                        }
                    }
                    if kind == 'k' && z != 1 && !self.used.contains(&z) {
                        self.castlings(z, y, x, &mut out);
                    }
                }
            }
        }
        out
    }

    fn castlings(&self, z: i32, y: i32, x: i32, out: &mut Vec<String>) {
        let side = if self.white { 0 } else { 1 };
        let home = if self.white { 0 } else { 7 };
        let (rook, slot) = (if self.white { 'R' } else { 'r' }, (z / 2) as usize);
        if y != home || x != 4 {
            return;
        }
        // (wing, rook file, files that must be empty, king's files, king target)
        let wings = [
            (0, 7, vec![5, 6], vec![4, 5, 6], 6),
            (1, 0, vec![1, 2, 3], vec![4, 3, 2], 2),
        ];
        for (wing, rf, empty, path, target) in wings {
            if !self.castle[slot][side][wing] || self.at(z, y, rf) != rook {
                continue;
            }
            if empty.iter().any(|&f| self.at(z, y, f) != '.')
                || path.iter().any(|&f| self.attacked(z, y, f))
            {
                continue;
            }
            out.push(format!("{}{}", name(z, y, x), name(z, y, target)));
        }
    }

    fn end_turn(&mut self) {
        let their_rank = if self.white { 5 } else { 2 };
        for e in self.ep.iter_mut() {
            if e.is_some_and(|(_, r)| r == their_rank) {
                *e = None;
            }
        }
        self.moved.clear();
        self.used.clear();
        if !self.white {
            self.full += 1;
        }
        self.white = !self.white;
    }

    fn drop_rights(&mut self, z: i32, y: i32, x: i32) {
        if z == 1 {
            return;
        }
        let slot = (z / 2) as usize;
        for side in 0..2 {
            let home = if side == 0 { 0 } else { 7 };
            if y != home {
                continue;
            }
            if x == 4 {
                self.castle[slot][side] = [false, false];
            }
            if x == 7 {
                self.castle[slot][side][0] = false;
            }
            if x == 0 {
                self.castle[slot][side][1] = false;
            }
        }
    }

    fn play(&mut self, m: &str) {
        if m == "0000" {
            self.end_turn();
            return;
        }
        let (fz, fy, fx) = parse_name(&m[0..3]);
        let (tz, ty, tx) = parse_name(&m[3..6]);
        let p = self.at(fz, fy, fx);
        let mut captured = self.at(tz, ty, tx);
        let is_pawn = p.eq_ignore_ascii_case(&'p');
        // en passant: a pawn moving diagonally onto an empty square
        if is_pawn && fz == tz && tz != 1 && fx != tx && captured == '.' {
            let victim_y = fy;
            captured = self.at(tz, victim_y, tx);
            self.b[tz as usize][victim_y as usize][tx as usize] = '.';
        }
        let mut placed = p;
        if m.len() == 7 {
            let l = m.chars().nth(6).unwrap();
            placed = if self.white {
                l.to_ascii_uppercase()
            } else {
                l
            };
        }
        self.b[fz as usize][fy as usize][fx as usize] = '.';
        self.b[tz as usize][ty as usize][tx as usize] = placed;
        self.drop_rights(fz, fy, fx);
        self.drop_rights(tz, ty, tx);
        self.moved.push((tz, ty, tx));
        // castling: the king moves two files
        if p.eq_ignore_ascii_case(&'k') && (tx - fx).abs() == 2 {
            let (rf, rt) = if tx == 6 { (7, 5) } else { (0, 3) };
            let r = self.at(tz, ty, rf);
            self.b[tz as usize][ty as usize][rf as usize] = '.';
            self.b[tz as usize][ty as usize][rt as usize] = r;
            self.moved.push((tz, ty, rt));
        }
        self.used.push(tz);
        if tz != 1 {
            let slot = (tz / 2) as usize;
            let their_rank = if self.white { 5 } else { 2 };
            if self.ep[slot].is_some_and(|(_, r)| r == their_rank) {
                self.ep[slot] = None;
            }
            if is_pawn && fz == tz && (ty - fy).abs() == 2 {
                self.ep[slot] = Some((tx, (fy + ty) / 2));
            }
        }
        if captured.eq_ignore_ascii_case(&'k') {
            self.over = true;
            return;
        }
        if self.used.len() >= self.max_submoves() || self.submoves().is_empty() {
            self.end_turn();
        }
    }
}

fn perft(pos: &Ref, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for m in moves {
        let mut child = pos.clone();
        child.play(&m);
        total += perft(&child, depth - 1);
    }
    total
}

fn perft_lines() -> Vec<(String, u32, u64)> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft/parallelworlds.perft");
    let text = std::fs::read_to_string(path).expect("tests/perft/parallelworlds.perft");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            assert_eq!(f[0], "parallelworlds");
            (
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn reference_generator_agrees_with_the_perft_file() {
    check_lines(0, REFERENCE_MAX_NODES, 20);
}

#[test]
#[ignore = "minutes: the reference generator is slow by design"]
fn reference_generator_agrees_with_the_deep_perft_lines() {
    check_lines(REFERENCE_MAX_NODES + 1, REFERENCE_DEEP_MAX_NODES, 1);
}

fn check_lines(min: u64, max: u64, at_least: usize) {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (fen, depth, nodes) in perft_lines() {
        if nodes < min || nodes > max {
            continue;
        }
        let got = perft(&Ref::from_fen(&fen), depth);
        checked += 1;
        if got != nodes {
            failures.push(format!(
                "{fen} depth {depth}: file {nodes}, reference {got}"
            ));
        }
    }
    println!("{checked} lines recomputed by the reference generator");
    assert!(checked >= at_least, "too few lines checked: {checked}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The reference and the engine list the same sub-move texts along random games
/// (a broader check than counts: it names the first move they disagree on).
#[test]
fn reference_and_engine_list_the_same_moves_along_random_games() {
    use engine::variants::parallelworlds::ParallelWorlds;
    use engine::{GenKind, MoveList, Position};
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut positions = 0;
    for _game in 0..30 {
        let mut pos = ParallelWorlds::startpos();
        let mut r = Ref::from_fen(&pos.fen());
        for _ply in 0..400 {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            let engine_moves: HashSet<String> = list.iter().map(|&m| pos.move_text(m)).collect();
            let ref_moves: HashSet<String> = r.moves().into_iter().collect();
            assert_eq!(
                engine_moves,
                ref_moves,
                "move lists differ at {}",
                pos.fen()
            );
            positions += 1;
            if list.is_empty() {
                break;
            }
            let m = list[(next() % list.len() as u64) as usize];
            let text = pos.move_text(m);
            pos.make(m);
            r.play(&text);
            if pos.event_outcome().is_none() {
                assert_eq!(
                    Ref::from_fen(&pos.fen()).moves().len(),
                    r.moves().len(),
                    "FEN loses state at {}",
                    pos.fen()
                );
            }
        }
    }
    println!("{positions} positions compared");
}
