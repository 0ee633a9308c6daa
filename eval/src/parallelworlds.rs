//! Evaluation for Parallel Worlds Chess.
//!
//! Features (each from White's point of view; the weights are in
//! `eval/tables/parallelworlds.txt`):
//! * `material`: per man by kind (the king has none: losing it ends the game). The
//!   hand-set values came from the average mobility of each kind on this board (37
//!   centipawns per cell of [`crate::average_mobility`] over the three levels,
//!   vertical step included; pawns fixed at 100); the built-in table's material,
//!   mobility, centrality, king, pawn and tempo weights are now fitted to self-play
//!   games (docs/tuning.md);
//! * `mobility`: reachable cells of men on levels 1 and 3, per kind, and of men on
//!   level 2 (`mobility.level2`: they cannot capture there, so a move counts for less,
//!   but level 2 is the road between the armies);
//! * `centrality`: per kind, on levels 1 and 3, 3 minus the man's distance from the
//!   centre block of its level (0 on an edge);
//! * `king`: kings are captured, not mated. A king attacked on a level its enemy is
//!   to move and may still end a sub-move on this turn (`hanging`) is nearly lost; a
//!   king attacked when its own side is to move (`attacked`) is in serious danger; one
//!   attacked while the enemy has used that level already (`attacked_later`) less so;
//!   `shelter` counts own men next to a king, at most 4;
//! * `pawns`: ranks advanced on levels 1 and 3 (counted from 6 ranks before the last),
//!   and pawns on level 2 standing on their last rank, from where one vertical step
//!   promotes;
//! * `tempo`: the side to move, and the sub-moves left in its current turn (the
//!   evaluation is also asked mid-turn).
//!
//! The phase is the non-pawn, non-royal material on the board at fixed values
//! (`PHASE_VALUE`), as a share of the start position's (promotions can exceed it:
//! clamped to 1).
//!
//! Speed: every feature but tempo, the king's danger and the vertical steps depends
//! on one level's men alone, and a sub-move changes one level (two for a vertical
//! step). Each level's share is therefore kept in a per-thread cache keyed by
//! [`ParallelWorlds::level_key`]; the rest is computed every time.

use crate::params::{Accumulator, Param, Terms};
use crate::sharecache::{report, with_share, Share, ShareCache};
use engine::variants::parallelworlds::rules::{
    Kind, KINDS, LAST_RANK, LEVELS, MOVES_VERTICALLY, WORMHOLE_LEVEL,
};
use engine::variants::parallelworlds::{file_of, rank_of, ParallelWorlds};
use engine::{Cell, Position, Side};
use std::cell::RefCell;

// The parameters, in layout order (`LAYOUT` names them). Per-kind groups are indexed
// by kind (pawn..king).
const MATERIAL: Param = 0; // pawn..queen
const MOBILITY: Param = 5; // pawn..king, levels 1 and 3
const MOBILITY_LEVEL2: Param = 11;
const CENTRALITY: Param = 12; // pawn..king, levels 1 and 3
const KING_HANGING: Param = 18;
const KING_ATTACKED: Param = 19;
const KING_ATTACKED_LATER: Param = 20;
const KING_SHELTER: Param = 21;
const PAWN_ADVANCE: Param = 22;
const PAWN_LEVEL2_LAST_RANK: Param = 23;
// Second round (levels 1 and 3, where men capture): men attacked and not defended,
// men attacked by a pawn, men attacked by a lesser piece, pawns defended.
const THREAT_HANGING: Param = 24;
const THREAT_BY_PAWN: Param = 25;
const THREAT_BY_LESSER: Param = 26;
const PAWN_DEFENDED: Param = 27;
const TEMPO: Param = 28;
const TEMPO_SUBMOVES_LEFT: Param = 29;

const LAYOUT: [&str; 30] = [
    "material.pawn",
    "material.knight",
    "material.bishop",
    "material.rook",
    "material.queen",
    "mobility.pawn",
    "mobility.knight",
    "mobility.bishop",
    "mobility.rook",
    "mobility.queen",
    "mobility.king",
    "mobility.level2",
    "centrality.pawn",
    "centrality.knight",
    "centrality.bishop",
    "centrality.rook",
    "centrality.queen",
    "centrality.king",
    "king.hanging",
    "king.attacked",
    "king.attacked_later",
    "king.shelter",
    "pawns.advance",
    "pawns.level2_last_rank",
    "threats.hanging",
    "threats.by_pawn",
    "threats.by_lesser",
    "pawns.defended",
    "tempo.side_to_move",
    "tempo.submoves_left",
];

/// Values (pawn..queen) that measure the game phase: fixed, not tuned, so the phase
/// of a position never depends on the table (the built-in table's initial values).
const PHASE_VALUE: [i32; 5] = [0, 244, 373, 567, 891];
/// The start position's non-pawn material: two armies on each of levels 1 and 3.
const PHASE_FULL: i32 = 4 * (2 * 244 + 2 * 373 + 2 * 567 + 891);
/// Own men next to a king counted as shelter, at most.
const SHELTER_CAP: i32 = 4;

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

impl Terms for ParallelWorlds {
    fn layout() -> &'static [&'static str] {
        &LAYOUT
    }

    fn builtin_table() -> &'static str {
        include_str!("../tables/parallelworlds.txt")
    }

    fn terms<A: Accumulator>(&self, acc: &mut A) -> f32 {
        let pos = self;
        let mover = pos.side_to_move();
        let turn = pos.turn_state();
        let mut phase = 0;
        for z in 0..LEVELS {
            let on_level = |t: &LevelTerms| {
                report(&t.counts, acc);
                phase += t.phase;
                for side in [Side::White, Side::Black] {
                    let n = t.attacked_kings[side.index()];
                    if n > 0 {
                        let enemy = side.opposite();
                        let p = if enemy == mover && !turn.level_used(z) {
                            KING_HANGING
                        } else if side == mover {
                            KING_ATTACKED
                        } else {
                            KING_ATTACKED_LATER
                        };
                        acc.add(p, sign(side) * n);
                    }
                }
            };
            with_level_terms(pos, z, on_level);
        }
        // Vertical steps: to the same square of a neighbouring level when it is empty.
        for side in [Side::White, Side::Black] {
            let s = sign(side);
            for kind in KINDS.into_iter().filter(|&k| MOVES_VERTICALLY[k as usize]) {
                let men = pos.men_of(side, kind);
                for z in 0..LEVELS {
                    let here = men.0[z as usize];
                    if here == 0 {
                        continue;
                    }
                    let mut n = 0;
                    for l in [z - 1, z + 1]
                        .into_iter()
                        .filter(|l| (0..LEVELS).contains(l))
                    {
                        n += (here & !pos.occupancy(l)).count_ones() as i32;
                    }
                    let p = if z == WORMHOLE_LEVEL {
                        MOBILITY_LEVEL2
                    } else {
                        MOBILITY + kind as usize
                    };
                    acc.add(p, s * n);
                }
            }
        }
        let left = pos.max_submoves().saturating_sub(turn.submoves()) as i32;
        acc.add(TEMPO, sign(mover));
        acc.add(TEMPO_SUBMOVES_LEFT, sign(mover) * left);
        phase.min(PHASE_FULL) as f32 / PHASE_FULL as f32
    }
}

/// Parameters whose features depend on the men of one level alone: all but tempo
/// (the king's danger depends on the turn too, so a level keeps only which kings
/// are attacked, and the vertical steps look at the neighbouring levels).
const LEVEL_PARAMS: usize = TEMPO;

/// One level's share of the evaluation.
#[derive(Clone, Copy)]
struct LevelTerms {
    /// [`ParallelWorlds::level_key`] of the level it was computed for.
    key: u64,
    counts: [i32; LEVEL_PARAMS],
    phase: i32,
    /// Kings of each side attacked on the level.
    attacked_kings: [i32; 2],
}

impl Share for LevelTerms {
    /// An empty level: key 0, nothing counted.
    const EMPTY: LevelTerms = LevelTerms {
        key: 0,
        counts: [0; LEVEL_PARAMS],
        phase: 0,
        attacked_kings: [0; 2],
    };
    fn key(&self) -> u64 {
        self.key
    }
}

impl LevelTerms {
    /// The share of level `z` of `pos`, computed.
    fn compute(pos: &ParallelWorlds, z: i8) -> LevelTerms {
        let mut t = LevelTerms {
            key: pos.level_key(z),
            ..LevelTerms::EMPTY
        };
        for side in [Side::White, Side::Black] {
            let s = sign(side);
            // One kind at a time: the branches on the kind below then go the same
            // way for many men in a row.
            for kind in KINDS {
                let k = kind as usize;
                let mut men = pos.men_of(side, kind).0[z as usize];
                while men != 0 {
                    let c = z as Cell * 64 + men.trailing_zeros() as Cell;
                    men &= men - 1;
                    let (x, y) = (file_of(c), rank_of(c));
                    if kind != Kind::King {
                        t.counts[MATERIAL + k] += s;
                        t.phase += PHASE_VALUE[k];
                    }
                    let reach = s * pos.reach_on_level(side, kind, c) as i32;
                    if z == WORMHOLE_LEVEL {
                        t.counts[MOBILITY_LEVEL2] += reach;
                    } else {
                        t.counts[MOBILITY + k] += reach;
                        t.counts[CENTRALITY + k] += s * (3 - edge_distance(x, y));
                    }
                    if z != WORMHOLE_LEVEL && kind != Kind::King {
                        threats(pos, c, kind, side, s, &mut t.counts);
                    }
                    match kind {
                        Kind::Pawn => {
                            let to_go = (LAST_RANK[side.index()] - y).abs() as i32;
                            if z == WORMHOLE_LEVEL {
                                if to_go == 0 {
                                    t.counts[PAWN_LEVEL2_LAST_RANK] += s;
                                }
                            } else {
                                t.counts[PAWN_ADVANCE] += s * (6 - to_go).max(0);
                            }
                        }
                        Kind::King => {
                            if pos.attacked_by(c, side.opposite()) {
                                t.attacked_kings[side.index()] += 1;
                            }
                            let shelter = pos.own_neighbours(c) as i32;
                            t.counts[KING_SHELTER] += s * shelter.min(SHELTER_CAP);
                        }
                        _ => {}
                    }
                }
            }
        }
        t
    }
}

/// Counts the threats to `side`'s man of kind `kind` on `c` (a capturing level) with
/// sign `s`.
fn threats(
    pos: &ParallelWorlds,
    c: Cell,
    kind: Kind,
    side: Side,
    s: i32,
    counts: &mut [i32; LEVEL_PARAMS],
) {
    let defended = pos.attacked_by(c, side);
    if kind == Kind::Pawn && defended {
        counts[PAWN_DEFENDED] += s;
    }
    let Some(attacker) = pos.least_attacker(c, side.opposite()) else {
        return;
    };
    if !defended {
        counts[THREAT_HANGING] += s;
    }
    if kind != Kind::Pawn {
        if attacker == Kind::Pawn {
            counts[THREAT_BY_PAWN] += s;
        } else if (attacker as usize) < kind as usize {
            counts[THREAT_BY_LESSER] += s;
        }
    }
}

/// Level shares kept per thread: a sub-move changes one level (two for a vertical
/// step), so most evaluations in a search find the other levels here.
const LEVEL_SLOTS: usize = 1 << 14;

thread_local! {
    static LEVEL_CACHE: ShareCache<LevelTerms> = const { RefCell::new(Vec::new()) };
}

/// Calls `f` with level `z`'s share of `pos`, from this thread's cache when it has
/// it (keyed by [`ParallelWorlds::level_key`]).
fn with_level_terms(pos: &ParallelWorlds, z: i8, f: impl FnOnce(&LevelTerms)) {
    let compute = || LevelTerms::compute(pos, z);
    with_share::<_, LEVEL_SLOTS>(&LEVEL_CACHE, pos.level_key(z), compute, f);
}

/// Parallel Worlds' evaluator.
pub type ParallelWorldsEval = crate::params::TableEval<ParallelWorlds>;

crate::table_variant!(ParallelWorlds);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{builtin, feature_count, features};
    use crate::VariantEval;
    use engine::Evaluator;

    fn pos(fen: &str) -> ParallelWorlds {
        ParallelWorlds::from_fen(fen).unwrap()
    }
    fn weight(p: Param) -> i32 {
        builtin::<ParallelWorlds>().mg[p] as i32
    }
    /// The count of feature `param` in `p` (White's view).
    fn part(e: &ParallelWorldsEval, p: &ParallelWorlds, group: &str) -> i32 {
        e.breakdown(p)
            .iter()
            .find(|x| x.0 == group)
            .map_or(0, |x| x.1)
    }

    #[test]
    fn the_built_in_table_is_complete() {
        // `builtin` panics on a missing, unknown or repeated parameter.
        assert_eq!(builtin::<ParallelWorlds>().len(), LAYOUT.len());
        assert_eq!(weight(KING_HANGING), -3000);
    }

    #[test]
    fn every_man_is_worth_something_and_the_heavy_pieces_most() {
        // The table is fitted to games (docs/tuning.md), so only what any sound table
        // keeps is asserted: each kind's value, averaged over the phases, is positive,
        // and a queen or a rook is worth more than a pawn or a minor piece (the fit
        // puts the rook, which rakes the big boards, above the queen).
        let w = builtin::<ParallelWorlds>();
        let v = |k: Kind| w.mg[MATERIAL + k as usize] + w.eg[MATERIAL + k as usize];
        for k in [Kind::Pawn, Kind::Knight, Kind::Bishop] {
            assert!(v(k) > 0.0, "{k:?}");
            assert!(v(k) < v(Kind::Queen) && v(k) < v(Kind::Rook), "{k:?}");
        }
    }

    #[test]
    fn start_is_balanced_but_for_tempo() {
        let e = ParallelWorldsEval::default();
        let p = ParallelWorlds::startpos();
        // White's first turn has two sub-moves; the start is all middlegame, and the
        // sum is rounded once, as the evaluation rounds it.
        let w = builtin::<ParallelWorlds>();
        let tempo = (w.mg[TEMPO] + 2.0 * w.mg[TEMPO_SUBMOVES_LEFT]).round() as i32;
        assert_eq!(e.evaluate(&p), tempo);
        assert_eq!(part(&e, &p, "material"), 0);
        assert_eq!(part(&e, &p, "mobility"), 0);
        assert_eq!(part(&e, &p, "king"), 0);
        let b = e.breakdown(&p);
        assert_eq!(b.last().unwrap(), &("total".to_string(), tempo));
        assert_eq!(features(&p).1, 1.0);
    }

    #[test]
    fn level_shares_from_the_cache_equal_computed_ones() {
        // Evaluations (and traces) with a cold level cache equal those with a warm
        // one along a walk of sub-moves.
        let walk = crate::sharecache::assert_cached_shares_equal_computed(
            ParallelWorlds::startpos(),
            &LEVEL_CACHE,
            400,
        );
        assert!(
            walk.len() > 100,
            "the walk ended after {} positions",
            walk.len()
        );
    }

    #[test]
    fn a_hanging_enemy_king_is_very_good_for_the_mover() {
        let e = ParallelWorldsEval::default();
        let attack = pos("4k3/8/8/8/4R3/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w -,- -,- 0 2 -");
        let quiet = pos("4k3/8/8/8/3R4/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w -,- -,- 0 2 -");
        assert_eq!(feature_count(&attack, KING_HANGING), -1);
        assert_eq!(feature_count(&quiet, KING_HANGING), 0);
        assert!(e.evaluate(&attack) > e.evaluate(&quiet) + 2000);
        // Black to move with its own king attacked: Black's king is attacked, not
        // hanging (what that is worth is the fitted table's business).
        let black = pos("4k3/8/8/8/4R3/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 b -,- -,- 0 2 -");
        assert_eq!(feature_count(&black, KING_ATTACKED), -1);
        assert_eq!(feature_count(&black, KING_HANGING), 0);
    }

    #[test]
    fn level2_pawn_on_last_rank_counts() {
        let e = ParallelWorldsEval::default();
        let k = "4k3/8/8/8/8/8/8/4K3";
        let ready = pos(&format!("{k}|P7/8/8/8/8/8/8/8|{k} w -,- -,- 0 2 -"));
        let far = pos(&format!("{k}|8/8/8/8/8/8/8/P7|{k} w -,- -,- 0 2 -"));
        assert_eq!(feature_count(&ready, PAWN_LEVEL2_LAST_RANK), 1);
        assert_eq!(feature_count(&far, PAWN_LEVEL2_LAST_RANK), 0);
        assert_ne!(part(&e, &ready, "pawns"), part(&e, &far, "pawns"));
    }

    #[test]
    fn threats_count_hanging_pawn_attacked_and_lesser_attacked_men() {
        let k = "4k3/8/8/8/8/8/8/4K3";
        let at = |level1: &str| pos(&format!("{level1}|8/8/8/8/8/8/8/8|{k} w -,- -,- 0 2 -"));
        // Level 1: White's rook on d4 attacked by Black's pawn on e5, undefended.
        let by_pawn = at("k7/8/8/4p3/3R4/8/8/4K3");
        assert_eq!(feature_count(&by_pawn, THREAT_BY_PAWN), 1);
        assert_eq!(feature_count(&by_pawn, THREAT_HANGING), 1);
        assert_eq!(feature_count(&by_pawn, THREAT_BY_LESSER), 0);
        // A knight on e2 instead: a lesser piece.
        let by_knight = at("k7/8/8/8/3R4/8/4n3/4K3");
        assert_eq!(feature_count(&by_knight, THREAT_BY_LESSER), 1);
        assert_eq!(feature_count(&by_knight, THREAT_BY_PAWN), 0);
        // A white pawn on c3 defends the rook; the pawn itself is undefended.
        let defended = at("k7/8/8/4p3/3R4/2P5/8/4K3");
        assert_eq!(feature_count(&defended, THREAT_HANGING), 0);
        assert_eq!(feature_count(&defended, PAWN_DEFENDED), 0);
        let chain = at("k7/8/8/8/3P4/2P5/8/4K3");
        assert_eq!(feature_count(&chain, PAWN_DEFENDED), 1);
        // On level 2 nobody captures: no threats there.
        let level2 = pos(&format!("{k}|8/8/8/4p3/3R4/8/8/8|{k} w -,- -,- 0 2 -"));
        assert_eq!(feature_count(&level2, THREAT_BY_PAWN), 0);
    }

    #[test]
    fn a_table_file_changes_the_evaluation() {
        // White has an extra rook on level 1.
        let p = pos("4k3/8/8/8/3R4/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w -,- -,- 0 2 -");
        let before = ParallelWorldsEval::default().evaluate(&p);
        let w = builtin::<ParallelWorlds>();
        let rook = MATERIAL + Kind::Rook as usize;
        let file = format!(
            "variant parallelworlds\nmaterial.rook {} {}\n",
            w.mg[rook] + 100.0,
            w.eg[rook] + 100.0
        );
        let tuned = ParallelWorlds::eval_from_table(&file).unwrap().unwrap();
        assert_eq!(tuned.evaluate(&p), before + 100);
        assert!(
            ParallelWorlds::eval_from_table("variant chess\nmaterial.rook 1\n")
                .unwrap()
                .is_none()
        );
        let Err(e) = ParallelWorlds::eval_from_table("variant parallelworlds\nmaterial.rok 1\n")
        else {
            panic!("an unknown parameter was accepted");
        };
        assert!(e.contains("line 2") && e.contains("material.rok"), "{e}");
    }
}
