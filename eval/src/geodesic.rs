//! Evaluation for Geodesic Chess.
//!
//! Features (North's point of view, weights in `eval/tables/geodesic.txt`):
//! * material: per piece kind. The hand-set values came from the pieces' average
//!   number of destinations on the empty sphere ([`crate::average_mobility`]; a Pawn
//!   or Squire counted as leaps to its forward cells): value = 100 × (mobility / Pawn
//!   mobility)^0.6, compressed because a Queen sees ~20× a Pawn's cells. The built-in
//!   table's weights (all but the tempo) are now fitted to self-play games
//!   (docs/tuning.md);
//! * mobility: slider destinations (Queen, Rook, Templar) in the position;
//! * centrality: per Queen, Rook and Templar, how many cells a Queen would see from
//!   its cell on the empty board minus the board's average (pentagons and the lines
//!   near them are poor);
//! * king: enemy attacks on the King's neighbourhood, own pieces around it, and
//!   exile (a King outside its Home Territory has lost the Obelisks' shelter);
//! * pawns: forward steps a Pawn or Squire has made towards the enemy Home
//!   Territory (the longest distance on the board minus the steps still needed);
//! * tempo: the side to move. Without it the evaluation swings with the side to
//!   move (a move opens lines that count as mobility before the reply), and the
//!   search's scores alternate by depth parity (from the start: +39 at odd depths,
//!   0 at even ones), which fails aspiration windows and stores table bounds one
//!   depth cannot use at the next.
//!
//! Phase: the Queens', Rooks' and Templars' material on the board (fixed values, the
//! initial table's), relative to the start position's.

use crate::params::{Accumulator, Param, Terms};
use engine::variants::geodesic::tables::*;
use engine::variants::geodesic::{kind_of, side_of, Geodesic};
use engine::{Cell, Position};
use std::sync::OnceLock;

// The parameters, in layout order (`LAYOUT` names them).
const MATERIAL_QUEEN: Param = 0;
const MATERIAL_ROOK: Param = 1;
const MATERIAL_TEMPLAR: Param = 2;
const MATERIAL_SQUIRE: Param = 3;
const MATERIAL_PAWN: Param = 4;
const MOBILITY_SLIDER: Param = 5; // per slider destination
const CENTRALITY_QUEEN: Param = 6; // per cell of Queen reach above the average
const CENTRALITY_ROOK: Param = 7;
const CENTRALITY_TEMPLAR: Param = 8;
const KING_ZONE_ATTACK: Param = 9; // enemy-attacked cells next to the King
const KING_SHIELD: Param = 10; // own pieces next to the King
const KING_EXILE: Param = 11; // the King is outside its Home Territory
const PAWN_PROGRESS: Param = 12; // per forward step made
const SQUIRE_PROGRESS: Param = 13;
const TEMPO: Param = 14; // the side to move

const LAYOUT: [&str; 15] = [
    "material.queen",
    "material.rook",
    "material.templar",
    "material.squire",
    "material.pawn",
    "mobility.slider",
    "centrality.queen",
    "centrality.rook",
    "centrality.templar",
    "king.zone_attack",
    "king.shield",
    "king.exile",
    "pawns.pawn_progress",
    "pawns.squire_progress",
    "tempo.side_to_move",
];

/// Queen, Rook and Templar values that measure the game phase: fixed, not tuned.
const PHASE_QUEEN: i32 = 770;
const PHASE_ROOK: i32 = 567;
const PHASE_TEMPLAR: i32 = 249;
/// The start position's phase material (3 Queens, 6 Rooks, 6 Templars a side).
const PHASE_FULL: i32 = 2 * (3 * PHASE_QUEEN + 6 * PHASE_ROOK + 6 * PHASE_TEMPLAR);

/// Per-cell tables computed from the board's topology.
pub struct GeoEvalTables {
    /// Queen reach from every cell minus the average.
    pub centrality: Vec<i32>,
    /// Forward steps from each cell to the enemy Home Territory, per side
    /// (`i32::MAX` where it cannot be reached).
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
        centrality,
        pawn_distance,
        max_distance,
    }
}

impl Terms for Geodesic {
    fn layout() -> &'static [&'static str] {
        &LAYOUT
    }

    fn builtin_table() -> &'static str {
        include_str!("../tables/geodesic.txt")
    }

    fn terms<A: Accumulator>(&self, acc: &mut A) -> f32 {
        let pos = self;
        let tb = tables();
        let et = eval_tables();
        let mut phase = 0;
        let attacks = [pos.attacks(0), pos.attacks(1)];
        for side in 0..2 {
            let sign = if side == 0 { 1 } else { -1 };
            for c in pos.side_cells(side).iter() {
                let kind = kind_of(pos.piece_at(c));
                let centrality = |p: Param, acc: &mut A| {
                    acc.add(p, sign * et.centrality[c as usize]);
                };
                match kind {
                    QUEEN => {
                        acc.add(MATERIAL_QUEEN, sign);
                        centrality(CENTRALITY_QUEEN, acc);
                        phase += PHASE_QUEEN;
                    }
                    ROOK => {
                        acc.add(MATERIAL_ROOK, sign);
                        centrality(CENTRALITY_ROOK, acc);
                        phase += PHASE_ROOK;
                    }
                    TEMPLAR => {
                        acc.add(MATERIAL_TEMPLAR, sign);
                        centrality(CENTRALITY_TEMPLAR, acc);
                        phase += PHASE_TEMPLAR;
                    }
                    PAWN | SQUIRE => {
                        let (material, progress) = if kind == PAWN {
                            (MATERIAL_PAWN, PAWN_PROGRESS)
                        } else {
                            (MATERIAL_SQUIRE, SQUIRE_PROGRESS)
                        };
                        acc.add(material, sign);
                        let d = et.pawn_distance[side][c as usize];
                        if d != i32::MAX {
                            acc.add(progress, sign * (et.max_distance[side] - d));
                        }
                    }
                    // King and Obelisk: never captured, no material value.
                    _ => {}
                }
            }
            acc.add(MOBILITY_SLIDER, sign * attacks[side].slider_mobility);
            let king = pos.king(side);
            let (mut attacked, mut shield) = (0, 0);
            for &(_, x) in &tb.steps[king as usize] {
                if attacks[1 - side].cells.contains(x) {
                    attacked += 1;
                }
                let code = pos.piece_at(x);
                if code != 0 && side_of(code) == side {
                    shield += 1;
                }
            }
            acc.add(KING_ZONE_ATTACK, sign * attacked);
            acc.add(KING_SHIELD, sign * shield);
            if !tb.home[side].contains(king) {
                acc.add(KING_EXILE, sign);
            }
        }
        acc.add(
            TEMPO,
            if pos.side_to_move() == engine::Side::White {
                1
            } else {
                -1
            },
        );
        phase.min(PHASE_FULL) as f32 / PHASE_FULL as f32
    }
}

/// Geodesic Chess's evaluator.
pub type GeodesicEval = crate::params::TableEval<Geodesic>;

crate::table_variant!(Geodesic);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{builtin, feature_count, TableEval};
    use engine::Evaluator;
    use engine::Position;

    #[test]
    fn the_built_in_table_is_complete() {
        // `builtin` panics on a missing, unknown or repeated parameter.
        assert_eq!(builtin::<Geodesic>().len(), LAYOUT.len());
        assert_eq!(LAYOUT.len(), TEMPO + 1);
    }

    #[test]
    fn values_are_ordered_and_start_is_balanced() {
        let w = builtin::<Geodesic>();
        let v = |p: Param| w.mg[p];
        assert!(v(MATERIAL_QUEEN) > v(MATERIAL_ROOK));
        assert!(v(MATERIAL_ROOK) > v(MATERIAL_PAWN));
        assert!(v(MATERIAL_TEMPLAR) > v(MATERIAL_SQUIRE));
        assert!(v(MATERIAL_SQUIRE) >= v(MATERIAL_PAWN));
        let start = Geodesic::startpos();
        let e = GeodesicEval::default();
        // Only the tempo bonus separates the sides, for either side to move.
        let tempo = v(TEMPO).round() as i32;
        assert!(tempo > 0);
        assert_eq!(e.evaluate(&start), tempo, "{:?}", e.breakdown(&start));
        let south = Geodesic::from_fen(&start.fen().replacen(" w ", " b ", 1)).unwrap();
        assert_eq!(south.side_to_move(), engine::Side::Black);
        assert_eq!(e.evaluate(&south), tempo, "{:?}", e.breakdown(&south));
        let parts = e.breakdown(&start);
        assert_eq!(parts.last().unwrap().0, "total");
        assert_eq!(
            parts.iter().find(|x| x.0.starts_with("phase")).unwrap().1,
            256
        );
        // Pentagons see less than the average cell.
        let tb = tables();
        let a = tb.sphere.cell_by_name("a").unwrap();
        assert!(eval_tables().centrality[a as usize] < 0);
    }

    #[test]
    fn exile_and_material_terms_have_the_right_sign() {
        let e = GeodesicEval::default();
        let home = Geodesic::from_fen("Ka,Qbcd,ku w - - 0 1").unwrap();
        let exiled = Geodesic::from_fen("Ka1ce,Qbcd,ku w - - 0 1").unwrap();
        assert!(e.evaluate(&home) > 0);
        assert_eq!(feature_count(&exiled, KING_EXILE), 1);
        assert_eq!(feature_count(&home, KING_EXILE), 0);
        let progress = |p: &Geodesic| feature_count(p, PAWN_PROGRESS);
        let advanced = Geodesic::from_fen("Ka,Pu1dy,ku w - - 0 1").unwrap();
        let back = Geodesic::from_fen("Ka,Pabf,ku w - - 0 1").unwrap();
        assert!(progress(&advanced) > progress(&back));
    }

    #[test]
    fn a_table_file_changes_the_evaluation() {
        use crate::VariantEval;
        let pos = Geodesic::from_fen("Ka1ce,Qbcd,ku w - - 0 1").unwrap();
        let before = GeodesicEval::default().evaluate(&pos);
        let w = builtin::<Geodesic>();
        let file = format!(
            "variant geodesic\nking.exile {} {}\n",
            w.mg[KING_EXILE] + 50.0,
            w.eg[KING_EXILE] + 50.0
        );
        let tuned: TableEval<Geodesic> = Geodesic::eval_from_table(&file).unwrap().unwrap();
        // North's King is exiled: 50 centipawns less penalty in every phase.
        assert_eq!(tuned.evaluate(&pos), before + 50);
        assert!(
            Geodesic::eval_from_table("variant chess\nmaterial.pawn 1\n")
                .unwrap()
                .is_none()
        );
        assert!(Geodesic::eval_from_table("variant geodesic\nking.exil 1\n").is_err());
    }
}
