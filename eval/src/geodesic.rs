//! Evaluation for Geodesic Chess.
//!
//! Terms (each reported by `breakdown`, North's point of view):
//! * material — piece values derived from the average number of destinations each
//!   piece has on the empty sphere ([`crate::average_mobility`]);
//! * mobility — slider destinations (Queen, Rook, Templar) in the position;
//! * centrality — how many cells a Queen would see from the piece's cell on the
//!   empty board, relative to the average (pentagons and lines near them are poor);
//! * king safety — enemy attacks on the King's neighbourhood, own pieces around it;
//! * pawn progress — forward steps still needed to reach the enemy Home Territory;
//! * exile — a King outside its Home Territory has lost the Obelisks' shelter.

use crate::{average_mobility, VariantEval};
use engine::movement::{Mode, PieceMoves};
use engine::variants::geodesic::tables::*;
use engine::variants::geodesic::{kind_of, side_of, Geodesic};
use engine::{Cell, Evaluator, Position, Side};
use std::sync::OnceLock;

/// Piece value = `VALUE_SCALE` * (mobility / pawn mobility) ^ `VALUE_EXPONENT`:
/// raw mobility ratios on the sphere are extreme (a Queen sees ~20x a Pawn's
/// cells), so they are compressed.
const VALUE_SCALE: f64 = 100.0;
const VALUE_EXPONENT: f64 = 0.6;
const MOBILITY_WEIGHT: i32 = 2;
const CENTRALITY_DIVISOR: i32 = 4;
const KING_ZONE_ATTACK: i32 = 12;
const KING_SHIELD: i32 = 6;
const PAWN_STEP_BONUS: i32 = 6;
const SQUIRE_STEP_BONUS: i32 = 4;
const EXILE_PENALTY: i32 = 80;

pub struct GeoEvalTables {
    /// Value per piece kind (index = kind code).
    pub values: [i32; 8],
    /// Queen reach from every cell minus the average.
    pub centrality: Vec<i32>,
    /// Forward steps from each cell to the enemy Home Territory, per side.
    pub pawn_distance: [Vec<i32>; 2],
    pub max_distance: [i32; 2],
}

pub fn eval_tables() -> &'static GeoEvalTables {
    static T: OnceLock<GeoEvalTables> = OnceLock::new();
    T.get_or_init(build)
}

fn build() -> GeoEvalTables {
    let tb = tables();
    let n = tb.num_cells();
    // Pawn/Squire movement as leaps to their forward cells (North's field; South's
    // is its mirror image, so the average is the same).
    let forward_targets = |steps: usize| -> Vec<Vec<Cell>> {
        (0..n as Cell)
            .map(|c| {
                let mut t: Vec<Cell> = tb.fwd_diags[0][c as usize].clone();
                for &first in &tb.fwd_rows[0][c as usize] {
                    let (mut prev, mut cur) = (c, first);
                    for step in 1..=steps {
                        t.push(cur);
                        if step == steps || tb.sphere.is_pentagon(cur) {
                            break;
                        }
                        match tb.sphere.row_next(prev, cur) {
                            Some(next) if tb.fwd_rows[0][cur as usize].contains(&next) => {
                                prev = cur;
                                cur = next;
                            }
                            _ => break,
                        }
                    }
                }
                t
            })
            .collect()
    };
    let mob = |m: &engine::movement::Compiled| average_mobility(m, n);
    let pawn = mob(&PieceMoves::new()
        .leap(forward_targets(PAWN_STEPS), Mode::MoveOnly)
        .compile(&tb.topo));
    let squire = mob(&PieceMoves::new()
        .leap(forward_targets(SQUIRE_STEPS), Mode::MoveOnly)
        .compile(&tb.topo));
    let value = |m: f64| (VALUE_SCALE * (m / pawn).powf(VALUE_EXPONENT)).round() as i32;
    let mut values = [0; 8];
    values[QUEEN as usize] = value(mob(&tb.queen));
    values[ROOK as usize] = value(mob(&tb.rook));
    values[TEMPLAR as usize] = value(mob(&tb.templar));
    values[SQUIRE as usize] = value(squire);
    values[PAWN as usize] = value(pawn);
    // King and Obelisk: never captured, no material value.
    let reach: Vec<i32> = (0..n as Cell)
        .map(|c| {
            let mut k = 0;
            tb.queen
                .walk(c, |_| engine::movement::Square::Empty, |_, _| k += 1);
            k
        })
        .collect();
    let avg = reach.iter().sum::<i32>() / n as i32;
    let centrality = reach.iter().map(|r| r - avg).collect();
    let pawn_distance = [0usize, 1].map(|side| {
        // Relaxation from the enemy home over forward row steps.
        let mut d = vec![i32::MAX; n];
        for c in tb.home[1 - side].iter() {
            d[c as usize] = 0;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for c in 0..n {
                let best = tb.fwd_rows[side][c]
                    .iter()
                    .filter_map(|&t| d[t as usize].checked_add(1))
                    .min()
                    .unwrap_or(i32::MAX);
                if best < d[c] {
                    d[c] = best;
                    changed = true;
                }
            }
        }
        d
    });
    let max_distance = [0, 1].map(|s: usize| {
        pawn_distance[s]
            .iter()
            .copied()
            .filter(|&x| x != i32::MAX)
            .max()
            .unwrap_or(0)
    });
    GeoEvalTables {
        values,
        centrality,
        pawn_distance,
        max_distance,
    }
}

#[derive(Default, Clone, Copy)]
pub struct GeodesicEval;

/// Each term from North's point of view.
struct Terms {
    material: i32,
    mobility: i32,
    centrality: i32,
    king_safety: i32,
    pawn_progress: i32,
    exile: i32,
}

impl Terms {
    fn total(&self) -> i32 {
        self.material
            + self.mobility
            + self.centrality
            + self.king_safety
            + self.pawn_progress
            + self.exile
    }
}

fn terms(pos: &Geodesic) -> Terms {
    let tb = tables();
    let et = eval_tables();
    let mut t = Terms {
        material: 0,
        mobility: 0,
        centrality: 0,
        king_safety: 0,
        pawn_progress: 0,
        exile: 0,
    };
    let attacks = [pos.attacks(0), pos.attacks(1)];
    for side in 0..2 {
        let sign = if side == 0 { 1 } else { -1 };
        for c in pos.side_cells(side).iter() {
            let code = pos.piece_at(c);
            let kind = kind_of(code);
            t.material += sign * et.values[kind as usize];
            match kind {
                QUEEN | ROOK | TEMPLAR => {
                    t.centrality += sign * et.centrality[c as usize] / CENTRALITY_DIVISOR;
                }
                PAWN | SQUIRE => {
                    let d = et.pawn_distance[side][c as usize];
                    if d != i32::MAX {
                        let bonus = if kind == PAWN {
                            PAWN_STEP_BONUS
                        } else {
                            SQUIRE_STEP_BONUS
                        };
                        t.pawn_progress += sign * bonus * (et.max_distance[side] - d);
                    }
                }
                _ => {}
            }
        }
        t.mobility += sign * MOBILITY_WEIGHT * attacks[side].slider_mobility;
        let king = pos.king(side);
        for &(_, x) in &tb.steps[king as usize] {
            if attacks[1 - side].cells.contains(x) {
                t.king_safety -= sign * KING_ZONE_ATTACK;
            }
            let code = pos.piece_at(x);
            if code != 0 && side_of(code) == side {
                t.king_safety += sign * KING_SHIELD;
            }
        }
        if !tb.home[side].contains(king) {
            t.exile -= sign * EXILE_PENALTY;
        }
    }
    t
}

impl Evaluator<Geodesic> for GeodesicEval {
    fn evaluate(&self, pos: &Geodesic) -> i32 {
        let total = terms(pos).total();
        if pos.side_to_move() == Side::White {
            total
        } else {
            -total
        }
    }

    fn breakdown(&self, pos: &Geodesic) -> Vec<(String, i32)> {
        let t = terms(pos);
        vec![
            ("material".into(), t.material),
            ("mobility".into(), t.mobility),
            ("centrality".into(), t.centrality),
            ("king safety".into(), t.king_safety),
            ("pawn progress".into(), t.pawn_progress),
            ("exiled king".into(), t.exile),
            ("total".into(), t.total()),
        ]
    }
}

impl VariantEval for Geodesic {
    type Eval = GeodesicEval;
    fn eval_from_table(_text: &str) -> Result<Option<Self::Eval>, String> {
        Err("this variant's evaluation has no weight table yet".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_ordered_and_start_is_balanced() {
        let v = eval_tables().values;
        assert!(v[QUEEN as usize] > v[ROOK as usize]);
        assert!(v[ROOK as usize] > v[PAWN as usize]);
        assert!(v[TEMPLAR as usize] > v[SQUIRE as usize]);
        assert!(v[SQUIRE as usize] >= v[PAWN as usize]);
        let start = Geodesic::startpos();
        let e = GeodesicEval;
        assert_eq!(e.evaluate(&start), 0, "{:?}", e.breakdown(&start));
        let parts = e.breakdown(&start);
        assert_eq!(parts.last().unwrap().0, "total");
        // Pentagons see less than the average cell.
        let tb = tables();
        let a = tb.sphere.cell_by_name("a").unwrap();
        assert!(eval_tables().centrality[a as usize] < 0);
    }

    #[test]
    fn exile_and_material_terms_have_the_right_sign() {
        let e = GeodesicEval;
        let home = Geodesic::from_fen("Ka,Qbcd,ku w - - 0 1").unwrap();
        let exiled = Geodesic::from_fen("Ka1ce,Qbcd,ku w - - 0 1").unwrap();
        assert!(e.evaluate(&home) > 0);
        let part =
            |p: &Geodesic, name: &str| e.breakdown(p).into_iter().find(|x| x.0 == name).unwrap().1;
        assert_eq!(part(&exiled, "exiled king"), -EXILE_PENALTY);
        assert_eq!(part(&home, "exiled king"), 0);
        let advanced = Geodesic::from_fen("Ka,Pu1dy,ku w - - 0 1").unwrap();
        let back = Geodesic::from_fen("Ka,Pabf,ku w - - 0 1").unwrap();
        assert!(part(&advanced, "pawn progress") > part(&back, "pawn progress"));
    }
}
