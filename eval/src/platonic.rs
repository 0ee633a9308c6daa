//! Platonic Chess evaluation.
//!
//! Features (White's point of view, weights in `eval/tables/platonic.txt`):
//! * **material**: per solid and per pawn. Tetrahedrons are royal, never captured and
//!   always two a side: no value. The solids' initial values came from their average
//!   mobility on the empty 10x10 board ([`crate::average_mobility`]) times 55
//!   centipawns.
//! * **pawns**: a bonus per pawn by the own rank it stands on (4th..10th). The initial
//!   bonuses were 6 per rank beyond the 3rd plus, on ranks 6..10, a quarter of the
//!   value of the solid whose capture power the pawn holds there (the Tetrahedron's
//!   power valued by its mobility like the other solids).
//! * **mobility**: pseudo-legal destinations, per solid kind.
//! * **centrality**: closeness to the 2x2 centre (8 minus the Manhattan distance),
//!   per solid kind (Tetrahedrons excluded: they want shelter, not the centre).
//! * **royal**: the two Tetrahedrons: enemy attacks on either one's neighbourhood, and
//!   *forkability*: per enemy solid kind, whether some cell would let one of its
//!   pieces attack both Tetrahedrons at once, and whether one can move there now (the
//!   fork mate the source describes).
//! * **tempo**: the side to move.
//!
//! Phase: the Cubes', Octahedrons', Dodecahedrons' and Icosahedrons' material on the
//! board (fixed values, the initial table's), relative to the start position's.

use crate::params::{Accumulator, Param, Terms};
use engine::movement::Square;
use engine::variants::platonic::pieces::{Kind, SOLIDS, WIDTH};
use engine::variants::platonic::tables::tables;
use engine::variants::platonic::{Cells, Platonic};
use engine::{Cell, Position, Side};
use std::sync::OnceLock;

// The parameters, in layout order (`LAYOUT` names them). Per-solid groups are indexed
// by `Kind::index() - 2` (Cube, Octahedron, Dodecahedron, Icosahedron).
const MATERIAL: Param = 0; // cube..icosahedron
const MATERIAL_PAWN: Param = 4;
const PAWN_RANK: Param = 5; // own ranks 4..10 (index 3..9)
const MOBILITY: Param = 12; // cube..icosahedron: per destination
const CENTRALITY: Param = 16; // cube..icosahedron: per step of closeness (0..8)
const ROYAL_ZONE_ATTACK: Param = 20; // enemy-attacked cells on or next to a Tetrahedron
const ROYAL_FORK_SQUARE: Param = 21; // enemy kinds that have a fork cell
const ROYAL_FORK_THREAT: Param = 22; // enemy kinds that can reach one now
const TEMPO: Param = 23;

const LAYOUT: [&str; 24] = [
    "material.cube",
    "material.octahedron",
    "material.dodecahedron",
    "material.icosahedron",
    "material.pawn",
    "pawns.rank4",
    "pawns.rank5",
    "pawns.rank6",
    "pawns.rank7",
    "pawns.rank8",
    "pawns.rank9",
    "pawns.rank10",
    "mobility.cube",
    "mobility.octahedron",
    "mobility.dodecahedron",
    "mobility.icosahedron",
    "centrality.cube",
    "centrality.octahedron",
    "centrality.dodecahedron",
    "centrality.icosahedron",
    "royal.zone_attack",
    "royal.fork_square",
    "royal.fork_threat",
    "tempo.side_to_move",
];

/// The first own rank (0-based) with a pawn bonus.
const FIRST_BONUS_RANK: usize = 3;

/// Cube..Icosahedron values that measure the game phase: fixed, not tuned.
const PHASE_VALUE: [i32; 4] = [272, 319, 458, 801];
/// The start position's phase material (two of each solid a side).
const PHASE_FULL: i32 = 2 * 2 * (PHASE_VALUE[0] + PHASE_VALUE[1] + PHASE_VALUE[2] + PHASE_VALUE[3]);

/// A non-royal solid's offset in the per-solid groups.
#[inline]
fn solid(k: Kind) -> usize {
    k.index() - Kind::Cube.index()
}

/// Closeness to the centre per cell, 0..8: 8 minus the Manhattan distance from the
/// 2x2 centre (files e,f; ranks 5,6).
fn centre() -> &'static [i32] {
    static T: OnceLock<Vec<i32>> = OnceLock::new();
    T.get_or_init(|| {
        let axis = |v: i32| {
            if v < 4 {
                4 - v
            } else if v > 5 {
                v - 5
            } else {
                0
            }
        };
        (0..tables().topo.num_cells())
            .map(|c| {
                let x = (c % WIDTH) as i32;
                let y = (c / WIDTH) as i32;
                8 - (axis(x) + axis(y))
            })
            .collect()
    })
}

impl Terms for Platonic {
    fn layout() -> &'static [&'static str] {
        &LAYOUT
    }

    fn builtin_table() -> &'static str {
        include_str!("../tables/platonic.txt")
    }

    fn terms<A: Accumulator>(&self, acc: &mut A) -> f32 {
        let pos = self;
        let t = tables();
        let centre = centre();
        let mut phase = 0;
        for us in [Side::White, Side::Black] {
            let sign = if us == Side::White { 1 } else { -1 };
            let look = |c: Cell| pos.square_for(us, c);
            for k in SOLIDS {
                if k == Kind::Tetrahedron {
                    continue;
                }
                let s = solid(k);
                for c in pos.pieces(us, k).iter() {
                    acc.add(MATERIAL + s, sign);
                    phase += PHASE_VALUE[s];
                    let mut n = 0;
                    t.moves[us.index()][k.index()].walk(c, look, |_, _| n += 1);
                    acc.add(MOBILITY + s, sign * n);
                    acc.add(CENTRALITY + s, sign * centre[c as usize]);
                }
            }
            for c in pos.pieces(us, Kind::Pawn).iter() {
                acc.add(MATERIAL_PAWN, sign);
                let rank = Platonic::own_rank(us, c);
                if rank >= FIRST_BONUS_RANK {
                    acc.add(PAWN_RANK + rank - FIRST_BONUS_RANK, sign);
                }
            }
            royal_danger(pos, us, sign, acc);
        }
        acc.add(
            TEMPO,
            if pos.side_to_move() == Side::White {
                1
            } else {
                -1
            },
        );
        phase.min(PHASE_FULL) as f32 / PHASE_FULL as f32
    }
}

/// How exposed `us`'s two Tetrahedrons are (`sign`: +1 for White).
fn royal_danger<A: Accumulator>(pos: &Platonic, us: Side, sign: i32, acc: &mut A) {
    let t = tables();
    let them = us.opposite();
    let royals: Vec<Cell> = pos.pieces(us, Kind::Tetrahedron).iter().collect();
    let enemy_attacks = pos.attack_map(them);
    // Attacks on the Tetrahedrons' neighbourhoods.
    for &r in &royals {
        let mut zone = Cells::EMPTY;
        zone.insert(r);
        for d in 0..t.topo.num_dirs() {
            if let Some(n) = t.topo.step(r, d) {
                zone.insert(n);
            }
        }
        acc.add(
            ROYAL_ZONE_ATTACK,
            sign * (zone & enemy_attacks).len() as i32,
        );
    }
    if royals.len() == 2 {
        let (squares, threats) = forkability(pos, us, royals[0], royals[1]);
        acc.add(ROYAL_FORK_SQUARE, sign * squares);
        acc.add(ROYAL_FORK_THREAT, sign * threats);
    }
}

/// For the Tetrahedrons `a`, `b` of `us`: how many enemy solid kinds have a cell from
/// which one of their pieces would attack both at once, and how many of those can
/// move onto such a cell now.
fn forkability(pos: &Platonic, us: Side, a: Cell, b: Cell) -> (i32, i32) {
    let t = tables();
    let them = us.opposite();
    let occ = pos.occupied();
    let their_cells = pos.side_cells(them);
    let ours = pos.side_cells(us);
    let (mut squares, mut threats) = (0, 0);
    for k in SOLIDS {
        if k == Kind::Tetrahedron {
            continue;
        }
        // Cells from which a `them` piece of kind k attacks `target`: the reverse
        // lines (the Cube's forward slide reverses into the other side's table).
        let table_side = if k == Kind::Cube { us } else { them };
        let reverse = &t.moves[table_side.index()][k.index()];
        let from_cells = |target: Cell| {
            let mut s = Cells::EMPTY;
            for (_, line) in reverse.lines(target) {
                for &c in line {
                    s.insert(c);
                    if occ.contains(c) {
                        break;
                    }
                }
            }
            s
        };
        let forks = (from_cells(a) & from_cells(b)).without(their_cells);
        if forks.is_empty() {
            continue;
        }
        let holders = pos.pieces(them, k);
        if holders.is_empty() {
            continue;
        }
        squares += 1;
        // Can a holder move onto a fork cell now (a quiet move or a capture)?
        let forward = &t.moves[them.index()][k.index()];
        let threat = holders.iter().any(|h| {
            let mut hit = false;
            forward.walk(
                h,
                |c| {
                    if their_cells.contains(c) {
                        Square::Blocked
                    } else if ours.contains(c) {
                        Square::Enemy
                    } else {
                        Square::Empty
                    }
                },
                |to, _| hit |= forks.contains(to),
            );
            hit
        });
        if threat {
            threats += 1;
        }
    }
    (squares, threats)
}

/// Platonic Chess's evaluator.
pub type PlatonicEval = crate::params::TableEval<Platonic>;

crate::table_variant!(Platonic);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{builtin, TableEval};
    use engine::Evaluator;

    const TEMPO_CP: i32 = 10;

    #[test]
    fn the_built_in_table_is_complete() {
        // `builtin` panics on a missing, unknown or repeated parameter.
        assert_eq!(builtin::<Platonic>().len(), LAYOUT.len());
        assert_eq!(LAYOUT.len(), TEMPO + 1);
        assert_eq!(LAYOUT[PAWN_RANK + 9 - FIRST_BONUS_RANK], "pawns.rank10");
    }

    #[test]
    fn values_follow_mobility_order() {
        let w = builtin::<Platonic>();
        let v = |k: Kind| w.mg[MATERIAL + solid(k)];
        assert!(v(Kind::Cube) < v(Kind::Octahedron));
        assert!(v(Kind::Octahedron) < v(Kind::Dodecahedron));
        assert!(v(Kind::Dodecahedron) < v(Kind::Icosahedron));
        assert!(v(Kind::Cube) > w.mg[MATERIAL_PAWN]);
        // Pawn value rises with its rank power.
        let ranks = &w.mg[PAWN_RANK..PAWN_RANK + 7];
        assert!(ranks.windows(2).all(|x| x[0] < x[1]), "{ranks:?}");
    }

    #[test]
    fn start_position_is_balanced_and_breakdown_sums() {
        let e = PlatonicEval::default();
        let p = Platonic::startpos();
        let b = e.breakdown(&p);
        let total = b.last().unwrap().1;
        let groups = b
            .iter()
            .filter(|x| !x.0.starts_with("phase") && x.0 != "total");
        assert_eq!(groups.map(|x| x.1).sum::<i32>(), total);
        assert_eq!(b.iter().find(|x| x.0.starts_with("phase")).unwrap().1, 256);
        assert_eq!(total, TEMPO_CP);
        assert_eq!(e.evaluate(&p), TEMPO_CP);
        let black =
            Platonic::from_fen(&engine::variants::platonic::START_FEN.replace(" w ", " b "))
                .unwrap();
        assert_eq!(e.evaluate(&black), TEMPO_CP);
    }

    #[test]
    fn extra_material_scores_and_mirrors() {
        let e = PlatonicEval::default();
        let up = Platonic::from_fen(
            "idocttcod1/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w AJa - 0 1",
        )
        .unwrap();
        assert!(e.evaluate(&up) > 500);
        let black = Platonic::from_fen(
            "idocttcod1/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI b AJa - 0 1",
        )
        .unwrap();
        assert!(e.evaluate(&black) < -500);
    }

    #[test]
    fn fork_threat_is_penalised() {
        let e = PlatonicEval::default();
        // The white Dodecahedron on f6 can leap to g8, which attacks both e10 (alfil)
        // and f10 (knight); from f2 it cannot.
        let threatened = Platonic::from_fen("4tt4/10/10/10/5D4/10/10/10/10/TT8 w - - 0 1").unwrap();
        let quiet = Platonic::from_fen("4tt4/10/10/10/10/10/10/10/5D4/TT8 w - - 0 1").unwrap();
        let safety = |p: &Platonic| e.breakdown(p).iter().find(|x| x.0 == "royal").unwrap().1;
        let threat = -builtin::<Platonic>().mg[ROYAL_FORK_THREAT] as i32;
        assert!(safety(&threatened) > safety(&quiet) + threat / 2);
    }

    #[test]
    fn a_table_file_changes_the_evaluation() {
        use crate::VariantEval;
        // White has an extra Icosahedron.
        let pos = Platonic::from_fen(
            "idocttcod1/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w AJa - 0 1",
        )
        .unwrap();
        let before = PlatonicEval::default().evaluate(&pos);
        let tuned: TableEval<Platonic> =
            Platonic::eval_from_table("variant platonic\nmaterial.icosahedron 900 900\n")
                .unwrap()
                .unwrap();
        assert_eq!(tuned.evaluate(&pos), before + 99);
        assert!(
            Platonic::eval_from_table("variant geodesic\nking.exile 1\n")
                .unwrap()
                .is_none()
        );
        let Err(e) = Platonic::eval_from_table("variant platonic\n\nmaterial.cub 1\n") else {
            panic!("an unknown parameter was accepted");
        };
        assert!(e.contains("line 3") && e.contains("material.cub"), "{e}");
    }
}
