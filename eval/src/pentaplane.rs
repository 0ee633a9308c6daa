//! Evaluation for Pentaplane V.
//!
//! Parts (each from White's point of view, named in [`Evaluator::breakdown`]):
//! * **material** — piece values derived from the pieces' own mobility on the empty
//!   5x5x5 cube ([`crate::average_mobility`]); missile pieces add the reach of their
//!   firing lines; the Kamikaze Queen is discounted (it dies with its first capture);
//!   bombs add a blast premium. During the draft, held pieces count at full value.
//! * **mobility** — destinations (and shots) of every piece in the position.
//! * **centrality** — closeness to the centre of the cube (Cc3) for non-king pieces.
//! * **king safety** — own pieces around the king; enemy pieces that could take the
//!   king next move (there is no check: a king left en prise is lost if the opponent
//!   is to move); bombs within a king's blast block (an enemy bomb next to the king
//!   threatens it, an own bomb next to it is a liability the enemy can shoot or take).
//! * **pawn progress** — rook steps a pawn still needs to reach its promotion row.
//! * **draft initiative** — during the draft only: White, who moves first, gains a
//!   share of the total army value, so the stronger the armies the better for White.
//!   Without it every selection would score 0 (both players get copies of each piece).

use crate::{average_mobility, VariantEval};
use engine::movement::Square;
use engine::variants::pentaplane::rules::{Kind, ALL_KINDS, KINDS, PROMOTION_ROW, SELECTABLE};
use engine::variants::pentaplane::tables::{tables, xyz};
use engine::variants::pentaplane::{Pentaplane, Phase};
use engine::{Cell, Evaluator, Position, Side};

/// A pawn's value; every other value is derived from mobility.
pub const PAWN_VALUE: i32 = 100;
/// Value = `VALUE_BASE + VALUE_PER_MOVE * average destinations` (+ firing reach).
pub const VALUE_BASE: f64 = 60.0;
pub const VALUE_PER_MOVE: f64 = 14.0;
/// A firing line counts like this fraction of a slide of the same length: the shot
/// reaches as far as a slide but hits only the first piece and needs a target.
pub const FIRE_REACH_WEIGHT: f64 = 0.6;
/// The Kamikaze Queen trades itself for its first capture.
pub const KAMIKAZE_DISCOUNT: f64 = 0.55;
/// A bomb's threat to blow up several pieces, including a king.
pub const BOMB_PREMIUM: i32 = 120;
/// Centipawns per legal-ish destination (pseudo-legal, no suicide test).
pub const MOBILITY_CP: i32 = 3;
/// Centipawns per step of closeness to the centre (Manhattan distance 0..6).
pub const CENTRALITY_CP: i32 = 4;
/// Per own piece adjacent to the own king.
pub const KING_SHELTER_CP: i32 = 8;
/// The king can be taken by the side to move: decisive at a quiet leaf.
pub const KING_EN_PRISE: i32 = 5000;
/// Enemy bomb within a king's blast block (it can step in and explode, or be shot).
pub const ENEMY_BOMB_BY_KING: i32 = 250;
/// Own bomb within the own king's block (the enemy takes or shoots it to win).
pub const OWN_BOMB_BY_KING: i32 = 150;
/// Per rook step a pawn has made towards its promotion row (out of 8).
pub const PAWN_PROGRESS_CP: i32 = 12;
/// Share (per mille) of the total army value credited to White during the draft.
pub const DRAFT_INITIATIVE_PERMILLE: i32 = 50;

/// The evaluator; piece values are computed once from the cube's topology.
#[derive(Clone)]
pub struct PentaplaneEval {
    pub values: [i32; KINDS],
}

impl Default for PentaplaneEval {
    fn default() -> Self {
        PentaplaneEval {
            values: piece_values(),
        }
    }
}

/// Average number of cells on a piece's firing lines from every cell of the cube.
fn average_fire_reach(kind: Kind) -> f64 {
    let t = tables();
    let Some(fire) = &t.fire[kind as usize] else {
        return 0.0;
    };
    let cells = t.topo.num_cells();
    let total: usize = (0..cells as Cell)
        .map(|c| fire.lines(c).map(|(_, l)| l.len()).sum::<usize>())
        .sum();
    total as f64 / cells as f64
}

/// Piece values from mobility on the empty cube (king: 0, it is never traded).
pub fn piece_values() -> [i32; KINDS] {
    let t = tables();
    let mut v = [0; KINDS];
    for k in ALL_KINDS {
        let mobility = average_mobility(&t.moves[k as usize], t.topo.num_cells());
        let mut value =
            VALUE_BASE + VALUE_PER_MOVE * (mobility + FIRE_REACH_WEIGHT * average_fire_reach(k));
        match k {
            Kind::Kamikaze => value *= KAMIKAZE_DISCOUNT,
            Kind::Bomb => value += BOMB_PREMIUM as f64,
            _ => {}
        }
        v[k as usize] = match k {
            Kind::Pawn => PAWN_VALUE,
            Kind::King => 0,
            _ => value.round() as i32,
        };
    }
    v
}

/// The named parts of the evaluation, White's view.
#[derive(Clone, Copy, Debug, Default)]
pub struct Parts {
    pub material: i32,
    pub mobility: i32,
    pub centrality: i32,
    pub king_safety: i32,
    pub pawn_progress: i32,
    pub draft: i32,
}

impl Parts {
    pub fn total(&self) -> i32 {
        self.material
            + self.mobility
            + self.centrality
            + self.king_safety
            + self.pawn_progress
            + self.draft
    }
}

fn sign(side: Side) -> i32 {
    if side == Side::White {
        1
    } else {
        -1
    }
}

impl PentaplaneEval {
    /// Whether a piece of `attacker` side could remove the king on `king` next move.
    fn king_attacked(&self, pos: &Pentaplane, king: Cell, attacker: Side) -> bool {
        let t = tables();
        let occupied = |c: Cell| pos.piece(c).is_some();
        for (from, p) in pos.pieces() {
            if p.side != attacker {
                continue;
            }
            if p.kind == Kind::Pawn {
                // Pawns capture only along bishop steps.
                let (a, b) = (xyz(from), xyz(king));
                let d = [(a.0 - b.0).abs(), (a.1 - b.1).abs(), (a.2 - b.2).abs()];
                if d.iter().all(|&x| x <= 1) && d.iter().filter(|&&x| x == 1).count() == 2 {
                    return true;
                }
                continue;
            }
            if t.moves[p.kind as usize].reaches(from, king, occupied) {
                return true;
            }
            if let Some(fire) = &t.fire[p.kind as usize] {
                for (_, line) in fire.lines(from) {
                    if line.iter().find(|&&c| occupied(c)) == Some(&king) {
                        return true;
                    }
                }
            }
        }
        false
    }

    pub fn parts(&self, pos: &Pentaplane) -> Parts {
        let t = tables();
        let mut parts = Parts::default();
        // A finished game: the search scores it by outcome; keep the eval bounded.
        if pos.king(Side::White).is_none() || pos.king(Side::Black).is_none() {
            parts.material = if pos.king(Side::White).is_none() {
                -KING_EN_PRISE
            } else {
                KING_EN_PRISE
            };
            return parts;
        }
        let mut army = [0i32; 2];
        for (c, p) in pos.pieces() {
            let s = sign(p.side);
            let value = self.values[p.kind as usize];
            parts.material += s * value;
            army[p.side.index()] += value;
            // Mobility and centrality.
            if pos.phase() == Phase::Play {
                let mut n = 0;
                let look = |d: Cell| match pos.piece(d) {
                    None => Square::Empty,
                    Some(q) if q.side != p.side => Square::Enemy,
                    Some(_) => Square::Blocked,
                };
                t.moves[p.kind as usize].walk(c, look, |_, _| n += 1);
                if let Some(fire) = &t.fire[p.kind as usize] {
                    for (_, line) in fire.lines(c) {
                        if line
                            .iter()
                            .any(|&d| pos.piece(d).is_some_and(|q| q.side != p.side))
                        {
                            n += 1;
                        }
                    }
                }
                parts.mobility += s * MOBILITY_CP * n;
            }
            if p.kind != Kind::King {
                let (x, y, z) = xyz(c);
                let dist = ((x - 2).abs() + (y - 2).abs() + (z - 2).abs()) as i32;
                parts.centrality += s * CENTRALITY_CP * (6 - dist);
            }
            if p.kind == Kind::Pawn {
                let (_, y, z) = xyz(c);
                let (ty, tz) = PROMOTION_ROW[p.side.index()];
                let remaining = ((ty - y).abs() + (tz - z).abs()) as i32;
                parts.pawn_progress += s * PAWN_PROGRESS_CP * (8 - remaining);
            }
        }
        // Held pieces during the draft.
        for side in [Side::White, Side::Black] {
            for (i, &n) in pos.hand(side).iter().enumerate() {
                let value = self.values[SELECTABLE[i] as usize] * n as i32;
                parts.material += sign(side) * value;
                army[side.index()] += value;
            }
        }
        if pos.phase() != Phase::Play {
            parts.draft = DRAFT_INITIATIVE_PERMILLE * (army[0] + army[1]) / 1000;
        }
        // King safety.
        for side in [Side::White, Side::Black] {
            let king = pos.king(side).expect("both kings present");
            let s = sign(side);
            for &c in &t.blast[king as usize] {
                let Some(p) = pos.piece(c) else { continue };
                if c == king {
                    continue;
                }
                if p.kind == Kind::Bomb {
                    parts.king_safety -= s * if p.side == side {
                        OWN_BOMB_BY_KING
                    } else {
                        ENEMY_BOMB_BY_KING
                    };
                } else if p.side == side {
                    parts.king_safety += s * KING_SHELTER_CP;
                }
            }
            if pos.phase() == Phase::Play
                && pos.side_to_move() != side
                && self.king_attacked(pos, king, side.opposite())
            {
                parts.king_safety -= s * KING_EN_PRISE;
            }
        }
        parts
    }
}

impl Evaluator<Pentaplane> for PentaplaneEval {
    fn evaluate(&self, pos: &Pentaplane) -> i32 {
        let white = self.parts(pos).total();
        white * sign(pos.side_to_move())
    }

    fn breakdown(&self, pos: &Pentaplane) -> Vec<(String, i32)> {
        let p = self.parts(pos);
        vec![
            ("material".to_string(), p.material),
            ("mobility".to_string(), p.mobility),
            ("centrality".to_string(), p.centrality),
            ("king safety".to_string(), p.king_safety),
            ("pawn progress".to_string(), p.pawn_progress),
            ("draft initiative".to_string(), p.draft),
            ("total".to_string(), p.total()),
        ]
    }
}

impl VariantEval for Pentaplane {
    type Eval = PentaplaneEval;
    fn eval_from_table(_text: &str) -> Result<Option<Self::Eval>, String> {
        Err("this variant's evaluation has no weight table yet".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Pentaplane {
        Pentaplane::from_fen(fen).unwrap()
    }

    #[test]
    fn print_values() {
        let v = piece_values();
        for k in ALL_KINDS {
            println!("{:?} {}", k, v[k as usize]);
        }
    }

    #[test]
    fn values_follow_mobility_and_missiles_count_their_lines() {
        let v = piece_values();
        let val = |k: Kind| v[k as usize];
        assert!(val(Kind::Queen) > val(Kind::Rook) && val(Kind::Queen) > val(Kind::Bishop));
        assert!(
            val(Kind::Bishop) > val(Kind::Rook),
            "12 bishop lines against 6 rook lines"
        );
        assert!(
            val(Kind::Fortress) > val(Kind::Bomb) - BOMB_PREMIUM,
            "a fortress shoots as well as steps"
        );
        assert!(val(Kind::MissileBishop) > val(Kind::Fortress));
        assert!(val(Kind::Kamikaze) < val(Kind::Queen));
        for k in SELECTABLE {
            assert!(val(k) > PAWN_VALUE, "{k:?} = {}", val(k));
        }
    }

    #[test]
    fn symmetric_positions_score_zero_for_material() {
        let e = PentaplaneEval::default();
        let p = pos("nskor/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/ROKSN w - - 0 1");
        let parts = e.parts(&p);
        assert_eq!(parts.material, 0);
        assert_eq!(parts.pawn_progress, 0);
        assert_eq!(parts.centrality, 0);
    }

    #[test]
    fn breakdown_names_its_parts_and_sums_to_the_total() {
        let e = PentaplaneEval::default();
        let p = pos("4k/5/5/5/5|5/5/5/5/5|5/5/2O2/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1");
        let b = e.breakdown(&p);
        let total = b.last().unwrap().1;
        assert_eq!(b[..b.len() - 1].iter().map(|x| x.1).sum::<i32>(), total);
        assert_eq!(e.evaluate(&p), total);
        assert!(total > 0, "White has an extra bomb");
    }

    #[test]
    fn enemy_bomb_next_to_a_king_is_a_threat() {
        let e = PentaplaneEval::default();
        let far = pos("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/O4/5/K4 w - - 0 1");
        let near = pos("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1");
        let bomb_by_black_king =
            pos("4k/3O1/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1");
        assert!(e.parts(&bomb_by_black_king).king_safety > e.parts(&near).king_safety);
        let own_bomb_by_own_king =
            pos("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/O4/K4 w - - 0 1");
        assert!(e.parts(&own_bomb_by_own_king).king_safety < e.parts(&far).king_safety);
    }

    #[test]
    fn king_en_prise_to_the_side_to_move_is_decisive() {
        let e = PentaplaneEval::default();
        // White rook on Ae1 attacks the black king on Ee1 along the level axis.
        let p = pos("5/5/5/5/4k|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K3R w - - 0 1");
        assert!(e.evaluate(&p) > KING_EN_PRISE / 2);
    }

    #[test]
    fn draft_positions_are_scored_by_held_pieces() {
        let e = PentaplaneEval::default();
        let strong = pos(
            "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[MMmm] b - - 0 1 select",
        );
        let weak = pos(
            "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[OOoo] b - - 0 1 select",
        );
        assert_eq!(e.parts(&strong).material, 0);
        assert!(
            e.parts(&strong).draft > e.parts(&weak).draft,
            "stronger armies favour White, who moves first"
        );
        let lopsided = pos("2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/R1K2[SNOrsno] w - - 0 1 place");
        assert_eq!(
            e.parts(&lopsided).material,
            0,
            "a placed piece and a held one count the same"
        );
    }

    #[test]
    fn pawn_progress_rewards_advanced_pawns() {
        let e = PentaplaneEval::default();
        let back = pos("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/P4/K4 w - - 0 1");
        let ahead = pos("4k/5/5/5/5|5/P4/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1");
        assert!(e.parts(&ahead).pawn_progress > e.parts(&back).pawn_progress);
    }
}
