//! Static exchange evaluation for data-defined variants: the material a capture
//! keeps when both sides then recapture on its cell with their least valuable
//! attacker for as long as it pays. Without it quiescence search follows every
//! capture, which on boards with 26 directions (Raumschach) explodes.
//!
//! The attackers are found the way check detection finds them (reverse rays and
//! leap sources from the target), on a scratch board from which each capturer is
//! lifted in turn, so pieces behind it (x-rays) join in.

use super::movegen::each_attacker;
use super::*;

/// A royal piece as a capturer: worth more than anything, so an exchange never
/// "gains" by letting it be recaptured.
const ROYAL_VALUE: i32 = 20_000;

fn value_of(values: &[i32], def: &VariantDef, kind: usize) -> i32 {
    if def.pieces[kind].royal {
        ROYAL_VALUE
    } else {
        values[kind]
    }
}

/// The exchange value of a capture or promotion `m`, or `None` where captures do
/// more than take one piece (explosions), turns have several sub-moves, or the
/// move is a drop, an e.p. capture or the end of a turn.
pub(crate) fn static_exchange(pos: &FileVariant, m: Move) -> Option<i32> {
    let def = &*pos.def;
    let t = &*pos.t;
    if def.rules.explosion.is_some()
        || def.rules.turn.moves > 1
        || m == Move::END_TURN
        || m.from() == Move::HAND
        || m.extra() & (X_EP | X_CASTLE) != 0
    {
        return None;
    }
    let values = def.piece_values();
    let (from, target) = (m.from() as usize, m.to() as usize);
    let mover = at(&pos.board, from);
    if mover == 0 {
        return None;
    }
    let mut board = pos.board;
    let captured = at(&board, target);
    let mut gains = [0i32; 64];
    gains[0] = if captured == 0 {
        0
    } else {
        value_of(values, def, kind_of(captured))
    };
    // The piece standing on the target after each capture, and its value.
    let mut on_target = value_of(values, def, kind_of(mover));
    let promo = (m.extra() & X_KIND) as usize;
    if promo != 0 {
        let promoted = value_of(values, def, promo - 1);
        gains[0] += promoted - on_target;
        on_target = promoted;
    }
    board[from] = 0;
    board[target] = mover;
    let mut side = 1 - side_of(mover);
    let mut depth = 0;
    while depth + 1 < gains.len() {
        // The side's least valuable attacker of the target.
        let mut best: Option<(usize, i32)> = None;
        each_attacker(t, &board, target, side, |cell| {
            let v = value_of(values, def, kind_of(at(&board, cell)));
            if best.is_none_or(|(_, b)| v < b) {
                best = Some((cell, v));
            }
            false
        });
        let Some((cell, value)) = best else {
            break;
        };
        depth += 1;
        gains[depth] = on_target - gains[depth - 1];
        board[target] = board[cell];
        board[cell] = 0;
        on_target = value;
        side = 1 - side;
    }
    // Each side may stop capturing: negamax back to the first capture.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    Some(gains[0])
}
