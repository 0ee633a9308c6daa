//! Platonic Chess evaluation.
//!
//! Parts (each from White's point of view in [`Evaluator::breakdown`]):
//! * **material** — solids valued from their average mobility on the empty 10x10
//!   board ([`crate::average_mobility`]), so a change of the Dodecahedron DECISION
//!   changes its value by itself. Tetrahedrons are royal and always two a side: 0.
//! * **pawn_ranks** — a pawn is worth more the higher its own rank, and on ranks
//!   6..10 it gains a share of the value of the solid whose capture power it holds.
//! * **mobility** — pseudo-legal destinations of the solids.
//! * **centrality** — solids near the centre (Tetrahedrons excluded: they want
//!   shelter, not the centre).
//! * **royal_safety** — two Tetrahedrons: enemy attacks on either one's
//!   neighbourhood, and *forkability*: cells from which one enemy solid (or pawn power)
//!   would attack both Tetrahedrons at once, worse when an enemy piece can jump there
//!   now (the fork mate the source describes).

use crate::{average_mobility, VariantEval};
use engine::movement::Square;
use engine::variants::platonic::pieces::{Kind, PAWN_RANK_POWERS, SOLIDS, WIDTH};
use engine::variants::platonic::tables::tables;
use engine::variants::platonic::{Cells, Platonic};
use engine::{Cell, Evaluator, Position, Side};

/// Centipawns per unit of average mobility for the solids' material value.
const CP_PER_MOBILITY: f64 = 55.0;
/// Base pawn value.
const PAWN_BASE: i32 = 100;
/// Bonus per own rank advanced beyond the 3rd.
const PAWN_ADVANCE: i32 = 6;
/// Share (percent) of the value of the solid whose power a pawn holds on its rank.
const PAWN_POWER_SHARE: i32 = 25;
/// Centipawns per pseudo-legal destination of a solid.
const MOBILITY_WEIGHT: i32 = 3;
/// Centipawns per step of closeness to the centre (max 8 steps).
const CENTRALITY_WEIGHT: i32 = 3;
/// Penalty per enemy-attacked cell next to (or on) a Tetrahedron.
const ROYAL_ZONE_ATTACK: i32 = 12;
/// Penalty when some cell would let an enemy piece attack both Tetrahedrons at once.
const FORK_SQUARE_EXISTS: i32 = 15;
/// Penalty when an enemy piece can move to such a fork cell right now.
const FORK_THREAT: i32 = 90;
/// Bonus for the side to move.
const TEMPO: i32 = 10;

#[derive(Clone, Debug)]
pub struct PlatonicEval {
    /// Material value per kind (pawn: base only; Tetrahedron: 0).
    values: [i32; 6],
    /// Pawn value per own rank (0-based), advance and power included.
    pawn_by_rank: [i32; 10],
    /// Closeness to the centre per cell, 0..8.
    centre: Vec<i32>,
}

impl Default for PlatonicEval {
    fn default() -> Self {
        let t = tables();
        let cells = t.topo.num_cells();
        let mut values = [0; 6];
        values[Kind::Pawn.index()] = PAWN_BASE;
        for k in [
            Kind::Cube,
            Kind::Octahedron,
            Kind::Dodecahedron,
            Kind::Icosahedron,
        ] {
            values[k.index()] =
                (average_mobility(&t.moves[0][k.index()], cells) * CP_PER_MOBILITY).round() as i32;
        }
        let mut pawn_by_rank = [0; 10];
        for (r, v) in pawn_by_rank.iter_mut().enumerate() {
            let power = PAWN_RANK_POWERS[r].map(|k| {
                // The Tetrahedron's material value is 0 (royal); value its power by mobility.
                let base = if k == Kind::Tetrahedron {
                    (average_mobility(&t.moves[0][k.index()], cells) * CP_PER_MOBILITY).round()
                        as i32
                } else {
                    values[k.index()]
                };
                base * PAWN_POWER_SHARE / 100
            });
            *v = PAWN_BASE + PAWN_ADVANCE * (r as i32 - 2).max(0) + power.unwrap_or(0);
        }
        let centre = (0..cells as Cell)
            .map(|c| {
                let x = (c as usize % WIDTH) as i32;
                let y = (c as usize / WIDTH) as i32;
                // Distance from the 2x2 centre (files e,f; ranks 5,6), Manhattan.
                let dx = if x < 4 {
                    4 - x
                } else if x > 5 {
                    x - 5
                } else {
                    0
                };
                let dy = if y < 4 {
                    4 - y
                } else if y > 5 {
                    y - 5
                } else {
                    0
                };
                8 - (dx + dy)
            })
            .collect();
        PlatonicEval {
            values,
            pawn_by_rank,
            centre,
        }
    }
}

/// The parts of the score, White's view.
#[derive(Clone, Copy, Debug, Default)]
struct Parts {
    material: i32,
    pawn_ranks: i32,
    mobility: i32,
    centrality: i32,
    royal_safety: i32,
    tempo: i32,
}

impl Parts {
    fn total(&self) -> i32 {
        self.material
            + self.pawn_ranks
            + self.mobility
            + self.centrality
            + self.royal_safety
            + self.tempo
    }
}

impl PlatonicEval {
    /// Material value of a kind (for move ordering or tests).
    pub fn value(&self, kind: Kind) -> i32 {
        self.values[kind.index()]
    }

    /// Value of a pawn on an own rank (0-based).
    pub fn pawn_value(&self, own_rank: usize) -> i32 {
        self.pawn_by_rank[own_rank]
    }

    fn side_parts(&self, pos: &Platonic, us: Side) -> Parts {
        let t = tables();
        let mut p = Parts::default();
        let look = |c: Cell| pos.square_for(us, c);
        for k in SOLIDS {
            for c in pos.pieces(us, k).iter() {
                p.material += self.values[k.index()];
                if k == Kind::Tetrahedron {
                    continue;
                }
                let mut n = 0;
                t.moves[us.index()][k.index()].walk(c, look, |_, _| n += 1);
                p.mobility += MOBILITY_WEIGHT * n;
                p.centrality += CENTRALITY_WEIGHT * self.centre[c as usize];
            }
        }
        for c in pos.pieces(us, Kind::Pawn).iter() {
            p.pawn_ranks += self.pawn_by_rank[Platonic::own_rank(us, c)];
        }
        p.royal_safety = -self.royal_danger(pos, us);
        p
    }

    /// How exposed `us`'s two Tetrahedrons are.
    fn royal_danger(&self, pos: &Platonic, us: Side) -> i32 {
        let t = tables();
        let them = us.opposite();
        let royals: Vec<Cell> = pos.pieces(us, Kind::Tetrahedron).iter().collect();
        let mut danger = 0;
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
            danger += ROYAL_ZONE_ATTACK * (zone & enemy_attacks).len() as i32;
        }
        if royals.len() == 2 {
            danger += self.forkability(pos, us, royals[0], royals[1]);
        }
        danger
    }

    /// Penalty for cells from which one enemy piece of some kind would attack both
    /// Tetrahedrons (`a`, `b`) at once.
    fn forkability(&self, pos: &Platonic, us: Side, a: Cell, b: Cell) -> i32 {
        let t = tables();
        let them = us.opposite();
        let occ = pos.occupied();
        let their_cells = pos.side_cells(them);
        let ours = pos.side_cells(us);
        let mut penalty = 0;
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
            penalty += FORK_SQUARE_EXISTS;
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
                penalty += FORK_THREAT;
            }
        }
        penalty
    }

    fn parts(&self, pos: &Platonic) -> Parts {
        let w = self.side_parts(pos, Side::White);
        let b = self.side_parts(pos, Side::Black);
        let tempo = if pos.side_to_move() == Side::White {
            TEMPO
        } else {
            -TEMPO
        };
        Parts {
            material: w.material - b.material,
            pawn_ranks: w.pawn_ranks - b.pawn_ranks,
            mobility: w.mobility - b.mobility,
            centrality: w.centrality - b.centrality,
            royal_safety: w.royal_safety - b.royal_safety,
            tempo,
        }
    }
}

impl Evaluator<Platonic> for PlatonicEval {
    fn evaluate(&self, pos: &Platonic) -> i32 {
        let white = self.parts(pos).total();
        if pos.side_to_move() == Side::White {
            white
        } else {
            -white
        }
    }

    fn breakdown(&self, pos: &Platonic) -> Vec<(String, i32)> {
        let p = self.parts(pos);
        vec![
            ("material".to_string(), p.material),
            ("pawn_ranks".to_string(), p.pawn_ranks),
            ("mobility".to_string(), p.mobility),
            ("centrality".to_string(), p.centrality),
            ("royal_safety".to_string(), p.royal_safety),
            ("tempo".to_string(), p.tempo),
            ("total".to_string(), p.total()),
        ]
    }
}

impl VariantEval for Platonic {
    type Eval = PlatonicEval;
    fn eval_from_table(_text: &str) -> Result<Option<Self::Eval>, String> {
        Err("this variant's evaluation has no weight table yet".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_follow_mobility_order() {
        let e = PlatonicEval::default();
        println!(
            "values C {} O {} D {} I {}; pawn by rank {:?}",
            e.value(Kind::Cube),
            e.value(Kind::Octahedron),
            e.value(Kind::Dodecahedron),
            e.value(Kind::Icosahedron),
            e.pawn_by_rank
        );
        let v = |k| e.value(k);
        assert!(v(Kind::Cube) < v(Kind::Octahedron));
        assert!(v(Kind::Octahedron) < v(Kind::Dodecahedron));
        assert!(v(Kind::Dodecahedron) < v(Kind::Icosahedron));
        assert!(v(Kind::Cube) > v(Kind::Pawn));
        // Pawn value rises with its rank power.
        for r in 4..9 {
            assert!(e.pawn_value(r) < e.pawn_value(r + 1), "rank {r}");
        }
    }

    #[test]
    fn start_position_is_balanced_and_breakdown_sums() {
        let e = PlatonicEval::default();
        let p = Platonic::startpos();
        let b = e.breakdown(&p);
        let total = b.last().unwrap().1;
        assert_eq!(b[..b.len() - 1].iter().map(|x| x.1).sum::<i32>(), total);
        assert_eq!(total, TEMPO);
        assert_eq!(e.evaluate(&p), TEMPO);
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
        let safety = |p: &Platonic| {
            e.breakdown(p)
                .iter()
                .find(|x| x.0 == "royal_safety")
                .unwrap()
                .1
        };
        assert!(safety(&threatened) > safety(&quiet) + FORK_THREAT / 2);
    }
}
