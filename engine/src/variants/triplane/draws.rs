//! The referee's draw rules (perft ignores them): perpetual check, dead position,
//! the no-progress counter and threefold repetition. Thresholds live in `rules`.

use super::rules::{
    Kind, BOARD_A, NO_PROGRESS_HALF_TURNS, PERPETUAL_CHECK_OCCURRENCES, REPETITION_OCCURRENCES,
};
use super::{Step, TriPlane};
use crate::position::{DrawReason, Position, Side};

/// The board (1 = B, 2 = C) the side to move is about to play on, if it is B or C.
/// The history is scanned often, so the (generating) skip test is only made on
/// positions that already match by key.
fn sample_board(pos: &TriPlane) -> Option<usize> {
    match pos.step {
        Step::B => Some(1),
        Step::C => Some(2),
        Step::A => None,
    }
}

/// DECISION (perpetual check): for X in {B, C}, the X-state is the placement of X,
/// both holds of X and the side to move, sampled when the side to move is about to
/// play on X and stands in check there. Its third occurrence draws.
fn perpetual_check(pos: &TriPlane, history: &[TriPlane]) -> bool {
    let board = match sample_board(pos) {
        Some(b) => b,
        None if !pos.has_board_a_move() => 1,
        None => return false,
    };
    if !pos.king_attacked(board) {
        return false;
    }
    let key = pos.board_state_key(board);
    let earlier = history
        .iter()
        .filter(|h| {
            h.board_state_key(board) == key
                && match sample_board(h) {
                    Some(b) => b == board,
                    None => board == 1 && !h.has_board_a_move(),
                }
        })
        .count();
    earlier + 1 >= PERPETUAL_CHECK_OCCURRENCES
}

/// DECISION (dead position): all holds empty, B and C hold only the two kings plus
/// DeadWood, and at most one colour has men on Board A. No material can appear.
pub fn dead_position(pos: &TriPlane) -> bool {
    if pos.hold.iter().flatten().flatten().any(|&n| n > 0) {
        return false;
    }
    for b in [1, 2] {
        for side in [Side::White, Side::Black] {
            let mut mask = pos.board_mask(b, side);
            while mask != 0 {
                let c = (b * 64) as u16 + mask.trailing_zeros() as u16;
                mask &= mask - 1;
                match pos.piece_at(c).map(|p| p.kind) {
                    Some(Kind::King) | Some(Kind::DeadWood) | None => {}
                    Some(_) => return false,
                }
            }
        }
    }
    pos.board_mask(BOARD_A, Side::White) == 0 || pos.board_mask(BOARD_A, Side::Black) == 0
}

pub fn draw_reason(pos: &TriPlane, history: &[TriPlane]) -> Option<DrawReason> {
    if perpetual_check(pos, history) {
        return Some(DrawReason::PerpetualCheck);
    }
    if dead_position(pos) {
        return Some(DrawReason::DeadPosition);
    }
    if pos.is_turn_start() {
        if pos.halfmove_clock() >= NO_PROGRESS_HALF_TURNS {
            return Some(DrawReason::MoveCounter);
        }
        let key = pos.key();
        let seen = history
            .iter()
            .filter(|p| p.is_turn_start() && p.key() == key)
            .count();
        if seen + 1 >= REPETITION_OCCURRENCES {
            return Some(DrawReason::Repetition);
        }
    }
    None
}
