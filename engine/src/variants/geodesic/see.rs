//! Static exchange evaluation (SEE) on the sphere: what a move wins on its target
//! cell if both sides then keep capturing there, each time with their least
//! valuable attacker, and each side may stop when going on would lose.
//!
//! The search orders captures by it and skips losing ones in quiescence. Without
//! it, quiescence on the sphere follows every capture of three Queens, six Rooks
//! and six Templars a side along looping lines, and a depth-6 search from the start
//! position never finished.
//!
//! The exchange is played out on a copy of the board: removing an attacker from
//! its cell is all it takes for a slider behind it to be seen (x-rays), because
//! attacks are found by walking outward from the target.

use super::tables::*;
use super::{kind_of, side_of, Geodesic, NUM_CELLS};
use crate::moves::Move;
use crate::topology::sphere::NUM_DIRS;
use crate::topology::Cell;

/// Nominal values by piece kind (index = kind code), in centipawns. They only rank
/// exchanges; they follow the evaluator's mobility-derived values to the nearest
/// ten. The King is worth more than everything else together, so no exchange
/// "wins" by giving it up; the Obelisk is never captured and attacks nothing.
pub const SEE_VALUES: [i32; 8] = [0, 20_000, 770, 570, 250, 0, 120, 100];

/// The longest capture sequence on one cell (every capturable piece of both sides).
const MAX_EXCHANGE: usize = 112;

/// SEE of a legal move by the side to move, in centipawns.
pub fn static_exchange(pos: &Geodesic, m: Move) -> i32 {
    let tb = tables();
    let (from, to) = (m.from(), m.to());
    let mut board = *pos.board();
    let mover = side_of(board[from as usize]);
    let kind = kind_of(board[from as usize]);
    let mut on_cell = kind;
    let mut gain0 = SEE_VALUES[kind_of(board[to as usize]) as usize];
    if m.extra() != 0 {
        // Promotion or a Squire's rank-taking: the piece on the cell changes.
        on_cell = m.extra() as u8;
        gain0 += SEE_VALUES[on_cell as usize] - SEE_VALUES[kind as usize];
    }
    board[from as usize] = 0;
    board[to as usize] = 0;

    // gains[d]: the balance for the side that made capture d if the exchange
    // stopped right after it.
    let mut gains = [0i32; MAX_EXCHANGE];
    gains[0] = gain0;
    let mut depth = 0;
    let mut side = 1 - mover;
    while let Some((cell, attacker)) = least_valuable_attacker(&board, to, side) {
        // A King may only recapture where it would not be captured in turn.
        if attacker == KING && least_valuable_attacker(&board, to, 1 - side).is_some() {
            break;
        }
        depth += 1;
        if depth >= MAX_EXCHANGE {
            break;
        }
        let mut gain = SEE_VALUES[on_cell as usize];
        on_cell = attacker;
        if matches!(attacker, PAWN | SQUIRE) && tb.home[1 - side].contains(to) {
            // It is promoted on entering the enemy Home Territory (the best choice).
            gain += SEE_VALUES[QUEEN as usize] - SEE_VALUES[attacker as usize];
            on_cell = QUEEN;
        }
        gains[depth] = gain - gains[depth - 1];
        board[cell as usize] = 0;
        side = 1 - side;
    }
    // Each side chooses whether to make its capture: fold from the end.
    while depth > 0 {
        gains[depth - 1] = -((-gains[depth - 1]).max(gains[depth]));
        depth -= 1;
    }
    gains[0]
}

/// The least valuable piece of `side` attacking `t` on `board` (§7.2's attacks;
/// the King's own diagonal restriction of §7.3 is not looked at), with its kind.
fn least_valuable_attacker(board: &[u8; NUM_CELLS], t: Cell, side: usize) -> Option<(Cell, u8)> {
    let tb = tables();
    let topo = &tb.topo;
    let mut best: Option<(Cell, u8)> = None;
    let mut consider = |c: Cell, attacks: &dyn Fn(u8) -> bool| {
        let code = board[c as usize];
        if code == 0 || side_of(code) != side {
            return;
        }
        let k = kind_of(code);
        if attacks(k) && best.is_none_or(|(_, b)| SEE_VALUES[k as usize] < SEE_VALUES[b as usize]) {
            best = Some((c, k));
        }
    };
    for &c in &tb.pawn_attackers[side][t as usize] {
        consider(c, &|k| matches!(k, PAWN | SQUIRE));
    }
    for &c in &tb.sphere.knight[t as usize] {
        consider(c, &|k| k == TEMPLAR);
    }
    for d in 0..NUM_DIRS {
        let ray = topo.ray(t, d);
        if let Some(i) = ray.iter().position(|&c| board[c as usize] != 0) {
            consider(ray[i], &|k| line_attacker(k, d, i));
        }
    }
    for &(_, c) in &tb.steps[t as usize] {
        consider(c, &|k| k == KING);
    }
    best
}
