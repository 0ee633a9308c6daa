//! Perft: the number of leaves of the legal sub-move tree, single-threaded or in
//! parallel over the root moves (rayon), with divide.

use crate::moves::{Move, MoveList};
use crate::position::{GenKind, Position};
use rayon::prelude::*;

/// Counts leaves `depth` sub-moves deep. Leaves at depth 1 are counted from the
/// length of the legal move list (bulk counting).
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::with_capacity(256)).collect();
    perft_rec(pos, depth, &mut lists)
}

fn perft_rec<P: Position>(pos: &P, depth: u32, lists: &mut [MoveList]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per remaining ply");
    list.clear();
    pos.generate(GenKind::All, list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for &m in list.iter() {
        let mut child = pos.clone();
        child.make(m);
        total += perft_rec(&child, depth - 1, rest);
    }
    total
}

/// Perft per root move: `(move text, count)` in generation order.
pub fn divide<P: Position>(pos: &P, depth: u32, threads: usize) -> Vec<(String, u64)> {
    let depth = depth.max(1);
    let mut roots = MoveList::new();
    pos.generate(GenKind::All, &mut roots);
    let count = |m: &Move| {
        let mut child = pos.clone();
        child.make(*m);
        (pos.move_text(*m), perft(&child, depth - 1))
    };
    if threads <= 1 {
        return roots.iter().map(count).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| roots.par_iter().map(count).collect()),
        Err(_) => roots.iter().map(count).collect(),
    }
}

/// Perft with `threads` workers (parallel over root moves when `threads > 1`).
pub fn perft_threads<P: Position>(pos: &P, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(pos, depth);
    }
    divide(pos, depth, threads).iter().map(|(_, n)| n).sum()
}
