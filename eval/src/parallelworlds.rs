//! Evaluation for Parallel Worlds Chess.
//!
//! Parts (each from White's point of view, see [`ParallelWorldsEval::parts`]):
//! * `material`: piece values derived from the average mobility of each kind on
//!   this board ([`crate::average_mobility`] over the three levels, vertical step
//!   included), pawns fixed;
//! * `mobility`: reachable cells of men on levels 1 and 3;
//! * `level2_mobility`: reachable cells of men on level 2 (they cannot capture there,
//!   so a move counts for less, but level 2 is the road between the armies);
//! * `centrality`: minor pieces and queens near the centre of their level;
//! * `king_safety`: kings are captured, not mated. An enemy king attacked on a level
//!   the side to move may still use this turn is nearly a win; an own king attacked
//!   is a serious danger; men next to a king shelter it;
//! * `pawn_progress`: pawns advanced on levels 1 and 3, and pawns on level 2 close
//!   to (or on) their last rank, from where one vertical step promotes;
//! * `tempo`: sub-moves left in the current turn.

use crate::{average_mobility, VariantEval};
use engine::variants::parallelworlds::rules::{Kind, KINDS, LAST_RANK, WORMHOLE_LEVEL};
use engine::variants::parallelworlds::tables::{piece_moves, CellClass};
use engine::variants::parallelworlds::{file_of, level_of, rank_of, ParallelWorlds};
use engine::{Evaluator, Position, Side};

/// Pawns are worth this (their value is promotion, not their few moves).
pub const PAWN_VALUE: i32 = 100;
/// Centipawns per cell of average mobility, for every other kind but the king.
pub const CP_PER_AVERAGE_MOVE: f64 = 37.0;
pub const MOBILITY_CP: i32 = 4;
pub const LEVEL2_MOBILITY_CP: i32 = 1;
pub const CENTRALITY_CP: i32 = 6;
/// The side to move attacks an enemy king on a level it may still end a sub-move on.
pub const HANGING_ENEMY_KING: i32 = 3000;
/// An own king attacked by a man on its level.
pub const ATTACKED_OWN_KING: i32 = 400;
/// An enemy king attacked while the mover cannot use that level any more this turn.
pub const ATTACKED_KING_LATER: i32 = 150;
pub const KING_SHELTER_CP: i32 = 8;
pub const PAWN_ADVANCE_CP: i32 = 6;
/// A pawn on level 2 standing on its last rank promotes with one vertical step.
pub const LEVEL2_PROMOTION_READY: i32 = 250;
pub const TEMPO_PER_SUBMOVE: i32 = 10;

/// Named parts of the evaluation, White's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    pub material: i32,
    pub mobility: i32,
    pub level2_mobility: i32,
    pub centrality: i32,
    pub king_safety: i32,
    pub pawn_progress: i32,
    pub tempo: i32,
}

impl Parts {
    pub fn total(&self) -> i32 {
        self.material
            + self.mobility
            + self.level2_mobility
            + self.centrality
            + self.king_safety
            + self.pawn_progress
            + self.tempo
    }
}

#[derive(Clone, Debug)]
pub struct ParallelWorldsEval {
    /// Centipawns per kind (the king's is 0: losing one ends the game).
    pub values: [i32; 6],
}

impl Default for ParallelWorldsEval {
    fn default() -> Self {
        let topo = &ParallelWorlds::tables().topo;
        let mut values = [0; 6];
        for kind in KINDS {
            values[kind as usize] = match kind {
                Kind::Pawn => PAWN_VALUE,
                Kind::King => 0,
                _ => {
                    let moves =
                        piece_moves(topo, kind, Side::White, CellClass::Orthodox).compile(topo);
                    (average_mobility(&moves, topo.num_cells()) * CP_PER_AVERAGE_MOVE).round()
                        as i32
                }
            };
        }
        ParallelWorldsEval { values }
    }
}

fn sign(side: Side) -> i32 {
    if side == Side::White {
        1
    } else {
        -1
    }
}

/// Distance from the centre of a level, 0 (d4/e5 block) to 3 (edge).
fn edge_distance(x: i8, y: i8) -> i32 {
    let dx = if x < 4 { 3 - x } else { x - 4 };
    let dy = if y < 4 { 3 - y } else { y - 4 };
    dx.max(dy) as i32
}

impl ParallelWorldsEval {
    pub fn parts(&self, pos: &ParallelWorlds) -> Parts {
        let mut p = Parts::default();
        let mover = pos.side_to_move();
        let turn = pos.turn_state();
        for side in [Side::White, Side::Black] {
            let s = sign(side);
            for c in pos.men(side).iter() {
                let Some((_, kind)) = pos.man_at(c) else {
                    continue;
                };
                let (z, x, y) = (level_of(c), file_of(c), rank_of(c));
                p.material += s * self.values[kind as usize];
                let mob = pos.man_mobility(c) as i32;
                if z == WORMHOLE_LEVEL {
                    p.level2_mobility += s * LEVEL2_MOBILITY_CP * mob;
                } else if kind != Kind::King {
                    p.mobility += s * MOBILITY_CP * mob;
                }
                match kind {
                    Kind::Knight | Kind::Bishop | Kind::Queen if z != WORMHOLE_LEVEL => {
                        p.centrality += s * CENTRALITY_CP * (3 - edge_distance(x, y));
                    }
                    Kind::Pawn => {
                        let last = LAST_RANK[side.index()];
                        let to_go = (last - y).abs() as i32;
                        if z == WORMHOLE_LEVEL {
                            if to_go == 0 {
                                p.pawn_progress += s * LEVEL2_PROMOTION_READY;
                            }
                        } else {
                            p.pawn_progress += s * PAWN_ADVANCE_CP * (6 - to_go).max(0);
                        }
                    }
                    Kind::King => {
                        let enemy = side.opposite();
                        if pos.attacked_by(c, enemy) {
                            let penalty = if enemy == mover && !turn.level_used(z) {
                                HANGING_ENEMY_KING
                            } else if side == mover {
                                ATTACKED_OWN_KING
                            } else {
                                ATTACKED_KING_LATER
                            };
                            p.king_safety -= s * penalty;
                        }
                        let shelter = pos
                            .men(side)
                            .iter()
                            .filter(|&o| {
                                level_of(o) == z
                                    && (file_of(o) - x).abs() <= 1
                                    && (rank_of(o) - y).abs() <= 1
                                    && o != c
                            })
                            .count() as i32;
                        p.king_safety += s * KING_SHELTER_CP * shelter.min(4);
                    }
                    _ => {}
                }
            }
        }
        let left = pos.max_submoves().saturating_sub(turn.submoves()) as i32;
        p.tempo = sign(mover) * TEMPO_PER_SUBMOVE * left;
        p
    }
}

impl Evaluator<ParallelWorlds> for ParallelWorldsEval {
    fn evaluate(&self, pos: &ParallelWorlds) -> i32 {
        self.parts(pos).total() * sign(pos.side_to_move())
    }

    fn breakdown(&self, pos: &ParallelWorlds) -> Vec<(String, i32)> {
        let p = self.parts(pos);
        vec![
            ("material".into(), p.material),
            ("mobility".into(), p.mobility),
            ("level2_mobility".into(), p.level2_mobility),
            ("centrality".into(), p.centrality),
            ("king_safety".into(), p.king_safety),
            ("pawn_progress".into(), p.pawn_progress),
            ("tempo".into(), p.tempo),
            ("total".into(), p.total()),
        ]
    }
}

impl VariantEval for ParallelWorlds {
    type Eval = ParallelWorldsEval;
    fn eval_from_table(_text: &str) -> Result<Option<Self::Eval>, String> {
        Err("this variant's evaluation has no weight table yet".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> ParallelWorlds {
        ParallelWorlds::from_fen(fen).unwrap()
    }

    #[test]
    fn values_follow_mobility() {
        let e = ParallelWorldsEval::default();
        let v = e.values;
        assert!(v[Kind::Knight as usize] < v[Kind::Rook as usize]);
        assert!(v[Kind::Bishop as usize] < v[Kind::Rook as usize]);
        assert!(v[Kind::Rook as usize] < v[Kind::Queen as usize]);
        assert!(v[Kind::Knight as usize] > PAWN_VALUE);
    }

    #[test]
    fn start_is_balanced_but_for_tempo() {
        let e = ParallelWorldsEval::default();
        let p = ParallelWorlds::startpos();
        let parts = e.parts(&p);
        assert_eq!(parts.material, 0);
        assert_eq!(parts.mobility, 0);
        assert_eq!(parts.king_safety, 0);
        let b = e.breakdown(&p);
        assert_eq!(b.last().unwrap().0, "total");
        assert_eq!(b.last().unwrap().1, parts.total());
        assert_eq!(b.len(), 8);
    }

    #[test]
    fn a_hanging_enemy_king_is_very_good_for_the_mover() {
        let e = ParallelWorldsEval::default();
        let attack = pos("4k3/8/8/8/4R3/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w -,- -,- 0 2 -");
        let quiet = pos("4k3/8/8/8/3R4/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w -,- -,- 0 2 -");
        assert!(e.evaluate(&attack) > e.evaluate(&quiet) + 2000);
        // Black to move with its own king attacked: bad for Black.
        let black = pos("4k3/8/8/8/4R3/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 b -,- -,- 0 2 -");
        assert!(e.evaluate(&black) < -ATTACKED_OWN_KING + 200);
    }

    #[test]
    fn level2_pawn_on_last_rank_counts() {
        let e = ParallelWorldsEval::default();
        let k = "4k3/8/8/8/8/8/8/4K3";
        let ready = pos(&format!("{k}|P7/8/8/8/8/8/8/8|{k} w -,- -,- 0 2 -"));
        let far = pos(&format!("{k}|8/8/8/8/8/8/8/P7|{k} w -,- -,- 0 2 -"));
        assert!(e.parts(&ready).pawn_progress > e.parts(&far).pawn_progress + 200);
    }
}
