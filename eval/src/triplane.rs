//! Evaluation for Split Phase Tri-Plane.
//!
//! The game is won only on B or C, so the terms there weigh most; Board A matters
//! as the source of hold material (a man captured on A becomes two enemy men), and
//! the holds are material ready to drop.
//!
//! * material on B/C: piece values from the average mobility of each piece on this
//!   topology ([`crate::average_mobility`]): `MOBILITY_BASE + MOBILITY_SCALE * avg`;
//!   pawns are fixed at 100; DeadWood is worth nothing to either side;
//! * material on A: a share of what the opponent would receive if the man were
//!   captured (the sum of its split components' values);
//! * holds: component values times a premium (a hold man can go anywhere);
//! * mobility: pseudo-legal destinations on every board;
//! * king safety on B and C: escape squares attacked or walled in (DeadWood walls
//!   in for good), enemy men near the king, enemy hold material aimed at that board;
//! * pawns: advance on A toward promotion; on B/C the last step makes DeadWood, so
//!   a pawn on its 7th rank is worth less than one further back.

use crate::{average_mobility, VariantEval};
use engine::variants::triplane::rules::{
    relative_rank, split_components, Kind, Piece, HOLD_KINDS, KIND_COUNT,
};
use engine::variants::triplane::tables::{cell_of, rank_of, tables};
use engine::variants::triplane::TriPlane;
use engine::{Cell, Evaluator, Position, Side};

/// Piece value = `MOBILITY_BASE + MOBILITY_SCALE * average mobility` (centipawns).
const MOBILITY_BASE: f64 = 100.0;
const MOBILITY_SCALE: f64 = 35.0;
const PAWN_VALUE: i32 = 100;
/// Share of the split components' value an A man is worth to its owner.
const A_SPLIT_SHARE: f64 = 0.5;
/// Hold men are worth a little more than placed ones (they drop anywhere).
const HOLD_PREMIUM: f64 = 1.1;
const MOBILITY_WEIGHT_BC: i32 = 3;
const MOBILITY_WEIGHT_A: i32 = 1;
/// Per escape square of a king that is attacked, or walled by DeadWood.
const ESCAPE_ATTACKED: i32 = 18;
const ESCAPE_DEADWOOD: i32 = 10;
/// Per enemy man within two files and ranks of the king.
const ENEMY_NEAR_KING: i32 = 12;
/// Fraction (per 1000) of the enemy's hold value for a board that counts against
/// the king's safety there.
const HOLD_THREAT_PER_MILLE: i32 = 60;
const IN_CHECK: i32 = 40;
/// Pawn bonus by relative rank (0 = own first rank).
const PAWN_A_ADVANCE: [i32; 8] = [0, 0, 4, 10, 20, 35, 60, 0];
/// On B/C the 7th rank is one step from DeadWood.
const PAWN_BC_ADVANCE: [i32; 8] = [0, 0, 4, 8, 12, 10, -30, 0];

#[derive(Clone)]
pub struct TriPlaneEval {
    /// Value of a man on B or C, and in a hold, by kind.
    board_value: [i32; KIND_COUNT],
    /// Value of a man on A, by kind.
    a_value: [i32; KIND_COUNT],
}

impl Default for TriPlaneEval {
    fn default() -> Self {
        let t = tables();
        let mut board_value = [0; KIND_COUNT];
        for k in Kind::ALL {
            board_value[k.index()] = match k {
                Kind::Pawn => PAWN_VALUE,
                Kind::DeadWood | Kind::King | Kind::SplitPhase => 0,
                _ => (MOBILITY_BASE
                    + MOBILITY_SCALE * average_mobility(t.moves(k), t.topo.num_cells()))
                .round() as i32,
            };
        }
        let mut a_value = [0; KIND_COUNT];
        for k in Kind::ALL {
            if let Some([x, y]) = split_components(k) {
                a_value[k.index()] = (A_SPLIT_SHARE
                    * (board_value[x.index()] + board_value[y.index()]) as f64)
                    .round() as i32;
            }
        }
        TriPlaneEval {
            board_value,
            a_value,
        }
    }
}

/// The evaluation's parts, each from White's point of view.
#[derive(Default, Debug, Clone, Copy)]
struct Parts {
    material_a: i32,
    material_bc: i32,
    holds: i32,
    mobility: i32,
    king_safety: i32,
    pawns: i32,
    deadwood: i32,
}

impl Parts {
    fn total(&self) -> i32 {
        self.material_a
            + self.material_bc
            + self.holds
            + self.mobility
            + self.king_safety
            + self.pawns
            + self.deadwood
    }
}

fn sign(side: Side) -> i32 {
    if side == Side::White {
        1
    } else {
        -1
    }
}

impl TriPlaneEval {
    pub fn value_on_board(&self, k: Kind) -> i32 {
        self.board_value[k.index()]
    }
    pub fn value_on_a(&self, k: Kind) -> i32 {
        self.a_value[k.index()]
    }

    fn parts(&self, pos: &TriPlane) -> Parts {
        let t = tables();
        let mut p = Parts::default();
        for side in [Side::White, Side::Black] {
            let s = sign(side);
            for board in 0..3 {
                let mut mask = pos.board_mask(board, side);
                while mask != 0 {
                    let c = cell_of(board, 0, 0) + mask.trailing_zeros() as Cell;
                    mask &= mask - 1;
                    let Some(piece) = pos.piece_at(c) else {
                        continue;
                    };
                    let rel = relative_rank(side, rank_of(c)) as usize;
                    match piece.kind {
                        Kind::DeadWood => {}
                        Kind::Pawn if board == 0 => {
                            p.material_a += s * self.a_value[Kind::Pawn.index()];
                            p.pawns += s * PAWN_A_ADVANCE[rel];
                        }
                        Kind::Pawn => {
                            p.material_bc += s * PAWN_VALUE;
                            p.pawns += s * PAWN_BC_ADVANCE[rel];
                        }
                        k => {
                            if board == 0 {
                                p.material_a += s * self.a_value[k.index()];
                            } else {
                                p.material_bc += s * self.board_value[k.index()];
                            }
                            let mut n = 0;
                            t.moves(k).walk(
                                c,
                                |x| match pos.piece_at(x) {
                                    None => engine::movement::Square::Empty,
                                    Some(q) if q.side != side && q.kind != Kind::DeadWood => {
                                        engine::movement::Square::Enemy
                                    }
                                    Some(_) => engine::movement::Square::Blocked,
                                },
                                |_, _| n += 1,
                            );
                            if k != Kind::King {
                                p.mobility += s
                                    * n
                                    * if board == 0 {
                                        MOBILITY_WEIGHT_A
                                    } else {
                                        MOBILITY_WEIGHT_BC
                                    };
                            }
                        }
                    }
                }
            }
            for board in [1, 2] {
                for k in HOLD_KINDS {
                    let n = pos.hold_count(board, side, k) as i32;
                    p.holds += s * n * (self.board_value[k.index()] as f64 * HOLD_PREMIUM) as i32;
                }
                let (safety, walls) = self.king_safety(pos, board, side);
                p.king_safety += s * safety;
                p.deadwood += s * walls;
            }
        }
        p
    }

    /// (safety, DeadWood walls) of `side`'s king on `board`, both as scores for `side`
    /// (negative = worse).
    fn king_safety(&self, pos: &TriPlane, board: usize, side: Side) -> (i32, i32) {
        let t = tables();
        let enemy = side.opposite();
        let king = pos.king(board, side);
        let mut score = 0;
        let mut walls = 0;
        for (_, line) in t.moves(Kind::King).lines(king) {
            let sq = line[0];
            match pos.piece_at(sq) {
                Some(Piece {
                    kind: Kind::DeadWood,
                    ..
                }) => walls -= ESCAPE_DEADWOOD,
                Some(q) if q.side == side => {}
                _ => {
                    if pos.cell_attacked(sq, enemy) {
                        score -= ESCAPE_ATTACKED;
                    }
                }
            }
        }
        let (kf, kr) = (king % 8, (king % 64) / 8);
        let mut mask = pos.board_mask(board, enemy);
        while mask != 0 {
            let c = cell_of(board, 0, 0) + mask.trailing_zeros() as Cell;
            mask &= mask - 1;
            let near = (c % 8).abs_diff(kf) <= 2 && ((c % 64) / 8).abs_diff(kr) <= 2;
            if near
                && pos
                    .piece_at(c)
                    .is_some_and(|q| q.kind != Kind::DeadWood && q.kind != Kind::King)
            {
                score -= ENEMY_NEAR_KING;
            }
        }
        let enemy_hold: i32 = HOLD_KINDS
            .iter()
            .map(|&k| pos.hold_count(board, enemy, k) as i32 * self.board_value[k.index()])
            .sum();
        score -= enemy_hold * HOLD_THREAT_PER_MILLE / 1000;
        if pos.king_of_attacked(board, side) {
            score -= IN_CHECK;
        }
        (score, walls)
    }
}

impl Evaluator<TriPlane> for TriPlaneEval {
    fn evaluate(&self, pos: &TriPlane) -> i32 {
        let white = self.parts(pos).total();
        white * sign(pos.side_to_move())
    }

    fn breakdown(&self, pos: &TriPlane) -> Vec<(String, i32)> {
        let p = self.parts(pos);
        vec![
            ("material A".to_string(), p.material_a),
            ("material B+C".to_string(), p.material_bc),
            ("holds".to_string(), p.holds),
            ("mobility".to_string(), p.mobility),
            ("king safety".to_string(), p.king_safety),
            ("pawns".to_string(), p.pawns),
            ("deadwood".to_string(), p.deadwood),
            ("total".to_string(), p.total()),
        ]
    }
}

impl VariantEval for TriPlane {
    type Eval = TriPlaneEval;
    fn eval_from_table(_text: &str) -> Result<Option<Self::Eval>, String> {
        Err("this variant's evaluation has no weight table yet".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_from_mobility_and_are_ordered() {
        let e = TriPlaneEval::default();
        let v = |k| e.value_on_board(k);
        // avg mobility on 8x8: N 5.25, B 8.75, R 14, Q 22.75, W 3.5, F 3.06, D 3, E 2.25.
        assert_eq!(v(Kind::Knight), 284);
        assert_eq!(v(Kind::Rook), 590);
        assert!(
            v(Kind::Queen) > v(Kind::Rook)
                && v(Kind::Rook) > v(Kind::Bishop)
                && v(Kind::Bishop) > v(Kind::Knight)
        );
        assert!(v(Kind::Wazir) > v(Kind::WarMachine) && v(Kind::Ferz) > v(Kind::Elephant));
        assert_eq!(v(Kind::DeadWood), 0);
        assert_eq!(e.value_on_a(Kind::SplitPhase), v(Kind::Queen));
        assert_eq!(
            e.value_on_a(Kind::Queen),
            (v(Kind::Rook) + v(Kind::Bishop) + 1) / 2
        );
    }

    #[test]
    fn start_is_balanced_and_symmetric() {
        let e = TriPlaneEval::default();
        let p = TriPlane::startpos();
        assert_eq!(e.evaluate(&p), 0);
        let b = e.breakdown(&p);
        assert_eq!(b.last().unwrap(), &("total".to_string(), 0));
        assert!(b.iter().any(|(n, _)| n == "deadwood"));
    }

    #[test]
    fn holds_count_and_deadwood_is_worth_nothing() {
        let e = TriPlaneEval::default();
        let with_hold = TriPlane::from_fen(
            "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[Q]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a",
        )
        .unwrap();
        assert!(e.evaluate(&with_hold) > 500);
        let dead = TriPlane::from_fen(
            "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/X7/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a",
        )
        .unwrap();
        let parts = e.breakdown(&dead);
        assert_eq!(
            parts.iter().find(|(n, _)| n == "material B+C").unwrap().1,
            0
        );
        // A pawn on B's 7th rank (next step: DeadWood) is worth less than on the 6th.
        let p6 = TriPlane::from_fen(
            "4s3/8/8/8/8/8/8/4S3|k7/8/P7/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a",
        )
        .unwrap();
        let p7 = TriPlane::from_fen(
            "4s3/8/8/8/8/8/8/4S3|k7/P7/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a",
        )
        .unwrap();
        let pawns = |p: &TriPlane| e.breakdown(p).iter().find(|(n, _)| n == "pawns").unwrap().1;
        assert!(pawns(&p6) > pawns(&p7));
    }
}
