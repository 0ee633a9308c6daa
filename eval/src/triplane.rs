//! Evaluation for Split Phase Tri-Plane.
//!
//! The game is won only on B or C, so the terms there weigh most; Board A matters
//! as the source of hold material (a man captured on A becomes two enemy men), and
//! the holds are material ready to drop. Features (each from White's point of view;
//! the weights are in `eval/tables/triplane.txt`):
//!
//! * `material`: men on B and C by kind; DeadWood is worth nothing to either side.
//!   The initial values came from the average mobility of each piece on this
//!   topology: `100 + 35 × average` cells of [`crate::average_mobility`], pawns fixed
//!   at 100;
//! * `material_a`: men on A by kind; initially half of what the opponent would receive
//!   if the man were captured (the sum of its split components' values);
//! * `hold`: hold men by kind (both holds); initially the value on the board plus a
//!   tenth, rounded down (a hold man can go anywhere);
//! * `mobility`: pseudo-legal destinations of men on A (one weight), and on B and C by
//!   kind;
//! * `king` (B and C): the king's escape squares that are attacked, enemy men within
//!   two files and ranks, the enemy's hold men for that board by kind (initially 6% of
//!   their value each), being in check; `deadwood.wall`: escape squares walled in by
//!   DeadWood (for good);
//! * `pawns`: by relative rank, on A (advance toward promotion) and on B/C, where the
//!   last step makes DeadWood, so a pawn on its 7th rank is worth less than one
//!   further back;
//! * `tempo`: the side to move.
//!
//! The phase is the non-pawn material of every board and hold at fixed values: a man
//! on B, C or in a hold at its fixed value (`VALUE`), a man on A at the sum of its split
//! components' (so a capture on A leaves the total as it was; captures on B and C
//! lower it), as a share of the start position's, clamped to 1.

use crate::params::{Accumulator, Param, Terms};
use crate::sharecache::{report, with_share, Counts, Share, ShareCache};
use std::cell::RefCell;
// The `material_a` parameters follow the order of the kinds that stand on A.
use engine::variants::triplane::rules::BOARD_A_KINDS as A_KINDS;
use engine::variants::triplane::rules::{relative_rank, split_components, Kind, Piece, HOLD_KINDS};
use engine::variants::triplane::tables::{cell_of, rank_of, tables};
use engine::variants::triplane::TriPlane;
use engine::{Cell, Position, Side};

// The parameters, in layout order (`LAYOUT` names them).
const MATERIAL: Param = 0; // B/C, by kind in `HOLD_KINDS` order (pawn..elephant)
const MATERIAL_A: Param = 9; // by `A_KINDS`
const HOLD: Param = 15; // by kind in `HOLD_KINDS` order
const MOBILITY_A: Param = 24;
const MOBILITY: Param = 25; // B/C, knight..elephant by kind index - 1, then the king
const MOBILITY_KING: Param = 33;
const KING_ESCAPE_ATTACKED: Param = 34;
const KING_ENEMY_NEAR: Param = 35;
const KING_ENEMY_HOLD: Param = 36; // by kind in `HOLD_KINDS` order
const KING_IN_CHECK: Param = 45;
const DEADWOOD_WALL: Param = 46;
const PAWN_A: Param = 47; // relative ranks 2..7 (index 1..6)
const PAWN_BC: Param = 53; // relative ranks 1..7 (index 0..6)

// Second round (B and C): men attacked and not defended, men attacked by an enemy
// pawn, men attacked by an enemy man of lower fixed value (pawns and kings aside),
// pawns defended, own men next to the king.
const THREAT_HANGING: Param = 60;
const THREAT_BY_PAWN: Param = 61;
const THREAT_BY_LESSER: Param = 62;
const PAWN_DEFENDED: Param = 63;
const KING_DEFENDERS: Param = 64;
const TEMPO: Param = 65;

const LAYOUT: [&str; 66] = [
    "material.pawn",
    "material.knight",
    "material.bishop",
    "material.rook",
    "material.queen",
    "material.wazir",
    "material.war_machine",
    "material.ferz",
    "material.elephant",
    "material_a.pawn",
    "material_a.knight",
    "material_a.bishop",
    "material_a.rook",
    "material_a.queen",
    "material_a.split_phase",
    "hold.pawn",
    "hold.knight",
    "hold.bishop",
    "hold.rook",
    "hold.queen",
    "hold.wazir",
    "hold.war_machine",
    "hold.ferz",
    "hold.elephant",
    "mobility.board_a",
    "mobility.knight",
    "mobility.bishop",
    "mobility.rook",
    "mobility.queen",
    "mobility.wazir",
    "mobility.war_machine",
    "mobility.ferz",
    "mobility.elephant",
    "mobility.king",
    "king.escape_attacked",
    "king.enemy_near",
    "king.enemy_hold_pawn",
    "king.enemy_hold_knight",
    "king.enemy_hold_bishop",
    "king.enemy_hold_rook",
    "king.enemy_hold_queen",
    "king.enemy_hold_wazir",
    "king.enemy_hold_war_machine",
    "king.enemy_hold_ferz",
    "king.enemy_hold_elephant",
    "king.in_check",
    "deadwood.wall",
    "pawns.a_rank2",
    "pawns.a_rank3",
    "pawns.a_rank4",
    "pawns.a_rank5",
    "pawns.a_rank6",
    "pawns.a_rank7",
    "pawns.bc_rank1",
    "pawns.bc_rank2",
    "pawns.bc_rank3",
    "pawns.bc_rank4",
    "pawns.bc_rank5",
    "pawns.bc_rank6",
    "pawns.bc_rank7",
    "threats.hanging",
    "threats.by_pawn",
    "threats.by_lesser",
    "pawns.defended",
    "king.defenders",
    "tempo.side_to_move",
];

/// Fixed values of the hold kinds (pawn..elephant, the built-in table's initial
/// material values) that measure the game phase: not tuned, so the phase of a position
/// never depends on the table.
const VALUE: [i32; 9] = [100, 284, 406, 590, 896, 223, 205, 207, 179];

/// A kind's fixed value on B/C or in a hold (0 for the king, DeadWood, Split-Phase).
fn value(k: Kind) -> i32 {
    VALUE.get(k.index()).copied().unwrap_or(0)
}

/// A man's share of the phase: its fixed value, on A that of its split components;
/// pawns count nothing.
fn phase_value(k: Kind, on_a: bool) -> i32 {
    match (k, on_a) {
        (Kind::Pawn, _) => 0,
        (_, true) => split_components(k).map_or(0, |[x, y]| value(x) + value(y)),
        (_, false) => value(k),
    }
}

/// The start position's phase material: on A for each side, two knights (each
/// splits into two knights), two bishops (ferz + elephant), two rooks (wazir + war
/// machine), a queen (rook + bishop) and the Split-Phase (two queens).
const PHASE_FULL: i32 = 2
    * (2 * 2 * VALUE[1]
        + 2 * (VALUE[7] + VALUE[8])
        + 2 * (VALUE[5] + VALUE[6])
        + (VALUE[3] + VALUE[2])
        + 2 * VALUE[4]);

fn sign(side: Side) -> i32 {
    if side == Side::White {
        1
    } else {
        -1
    }
}

/// Reports `side`'s king safety on `board` (B = 1, C = 2) with sign `s`.
fn king_safety<A: Accumulator>(pos: &TriPlane, board: usize, side: Side, s: i32, acc: &mut A) {
    let t = tables();
    let enemy = side.opposite();
    let king = pos.king(board, side);
    let (mut attacked, mut walls, mut defenders) = (0, 0, 0);
    for (_, line) in t.moves(Kind::King).lines(king) {
        let sq = line[0];
        match pos.piece_at(sq) {
            Some(Piece {
                kind: Kind::DeadWood,
                ..
            }) => walls += 1,
            Some(q) if q.side == side => defenders += 1,
            _ => attacked += pos.cell_attacked(sq, enemy) as i32,
        }
    }
    acc.add(KING_ESCAPE_ATTACKED, s * attacked);
    acc.add(DEADWOOD_WALL, s * walls);
    acc.add(KING_DEFENDERS, s * defenders);
    let (kf, kr) = (king % 8, (king % 64) / 8);
    let mut near = 0;
    let mut mask = pos.board_mask(board, enemy);
    while mask != 0 {
        let c = cell_of(board, 0, 0) + mask.trailing_zeros() as Cell;
        mask &= mask - 1;
        if (c % 8).abs_diff(kf) <= 2
            && ((c % 64) / 8).abs_diff(kr) <= 2
            && pos
                .piece_at(c)
                .is_some_and(|q| q.kind != Kind::DeadWood && q.kind != Kind::King)
        {
            near += 1;
        }
    }
    acc.add(KING_ENEMY_NEAR, s * near);
    for (i, &k) in HOLD_KINDS.iter().enumerate() {
        acc.add(
            KING_ENEMY_HOLD + i,
            s * pos.hold_count(board, enemy, k) as i32,
        );
    }
    if pos.king_of_attacked(board, side) {
        acc.add(KING_IN_CHECK, s);
    }
}

impl Terms for TriPlane {
    fn layout() -> &'static [&'static str] {
        &LAYOUT
    }

    fn builtin_table() -> &'static str {
        include_str!("../tables/triplane.txt")
    }

    fn terms<A: Accumulator>(&self, acc: &mut A) -> f32 {
        let pos = self;
        let mut phase = 0;
        for board in 0..3 {
            let key = pos.board_key(board) ^ BOARD_SALT[board];
            let compute = || BoardTerms::compute(pos, board, key);
            with_share::<_, BOARD_SLOTS>(&BOARD_CACHE, key, compute, |t| {
                report(&t.counts, acc);
                phase += t.phase;
            });
        }
        acc.add(TEMPO, sign(pos.side_to_move()));
        phase.min(PHASE_FULL) as f32 / PHASE_FULL as f32
    }
}

/// Reports the features of board `board` (A = 0) to `acc` and returns its share of
/// the phase: its men, and on B and C both holds and both kings' safety. Nothing
/// here depends on another board or on the side to move, so a board's share can be
/// cached under its key (placement and holds).
fn board_terms<A: Accumulator>(pos: &TriPlane, board: usize, acc: &mut A) -> i32 {
    let t = tables();
    let on_a = board == 0;
    let mut phase = 0;
    for side in [Side::White, Side::Black] {
        let s = sign(side);
        let mut mask = pos.board_mask(board, side);
        while mask != 0 {
            let c = cell_of(board, 0, 0) + mask.trailing_zeros() as Cell;
            mask &= mask - 1;
            let Some(piece) = pos.piece_at(c) else {
                continue;
            };
            let k = piece.kind;
            if k == Kind::DeadWood {
                continue;
            }
            phase += phase_value(k, on_a);
            if on_a {
                if let Some(i) = A_KINDS.iter().position(|&a| a == k) {
                    acc.add(MATERIAL_A + i, s);
                }
            } else if k.index() < VALUE.len() {
                acc.add(MATERIAL + k.index(), s);
            }
            if !on_a && k != Kind::King {
                threats(pos, c, k, side, s, acc);
            }
            if k == Kind::Pawn {
                let rel = relative_rank(side, rank_of(c)) as usize;
                if on_a {
                    if (1..=6).contains(&rel) {
                        acc.add(PAWN_A + rel - 1, s);
                    }
                } else if rel <= 6 {
                    acc.add(PAWN_BC + rel, s);
                }
                continue;
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
            let p = if on_a {
                MOBILITY_A
            } else if k == Kind::King {
                MOBILITY_KING
            } else {
                MOBILITY + k.index() - 1
            };
            acc.add(p, s * n);
        }
        if !on_a {
            for (i, &k) in HOLD_KINDS.iter().enumerate() {
                let n = pos.hold_count(board, side, k) as i32;
                acc.add(HOLD + i, s * n);
                phase += n * phase_value(k, false);
            }
            king_safety(pos, board, side, s, acc);
        }
    }
    phase
}

/// The threats to `side`'s man of kind `k` on `c` (on B or C), with sign `s`.
fn threats<A: Accumulator>(pos: &TriPlane, c: Cell, k: Kind, side: Side, s: i32, acc: &mut A) {
    let enemy = side.opposite();
    let defended = pos.cell_attacked(c, side);
    if k == Kind::Pawn && defended {
        acc.add(PAWN_DEFENDED, s);
    }
    if !pos.cell_attacked(c, enemy) {
        return;
    }
    if !defended {
        acc.add(THREAT_HANGING, s);
    }
    if k == Kind::Pawn {
        return;
    }
    if pos.cell_attacked_by_kinds(c, enemy, 1 << Kind::Pawn.index()) {
        acc.add(THREAT_BY_PAWN, s);
    }
    let lesser = HOLD_KINDS[1..]
        .iter()
        .filter(|&&x| value(x) < value(k))
        .fold(0u16, |m, &x| m | 1 << x.index());
    if lesser != 0 && pos.cell_attacked_by_kinds(c, enemy, lesser) {
        acc.add(THREAT_BY_LESSER, s);
    }
}

/// Parameters a board reports: all but tempo.
const BOARD_PARAMS: usize = TEMPO;

/// One board's share of the evaluation.
#[derive(Clone, Copy)]
struct BoardTerms {
    /// The board's key ([`TriPlane::board_key`] and [`BOARD_SALT`]).
    key: u64,
    counts: [i32; BOARD_PARAMS],
    phase: i32,
}

impl Share for BoardTerms {
    const EMPTY: Self = BoardTerms {
        key: 0,
        counts: [0; BOARD_PARAMS],
        phase: 0,
    };
    fn key(&self) -> u64 {
        self.key
    }
}

impl BoardTerms {
    fn compute(pos: &TriPlane, board: usize, key: u64) -> BoardTerms {
        let mut t = BoardTerms {
            key,
            ..BoardTerms::EMPTY
        };
        t.phase = board_terms(pos, board, &mut Counts(&mut t.counts));
        t
    }
}

/// Mixed into each board's key so that the boards' shares share one cache. Board
/// A's is 0: an empty A (key 0) has the empty share.
const BOARD_SALT: [u64; 3] = [0, 0x5b3e_1f0a_9c47_d268, 0xa7c1_4e92_36fd_0b85];

/// Board shares kept per thread: a step changes one board (a capture on A also a
/// hold of B and C), so most evaluations find two boards here.
const BOARD_SLOTS: usize = 1 << 13;

thread_local! {
    static BOARD_CACHE: ShareCache<BoardTerms> = const { RefCell::new(Vec::new()) };
}

/// Tri-Plane's evaluator.
pub type TriPlaneEval = crate::params::TableEval<TriPlane>;

crate::table_variant!(TriPlane);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{builtin, features};
    use crate::VariantEval;
    use engine::Evaluator;

    /// A parameter's weight at the phase of `p`, as the evaluation blends it.
    fn blended(p: &TriPlane, param: Param) -> f32 {
        let (w, phase) = (builtin::<TriPlane>(), features(p).1);
        w.mg[param] * phase + w.eg[param] * (1.0 - phase)
    }
    /// A kind's value on B and C, averaged over the phases.
    fn material(k: Kind) -> f32 {
        let w = builtin::<TriPlane>();
        (w.mg[MATERIAL + k.index()] + w.eg[MATERIAL + k.index()]) / 2.0
    }
    fn part(e: &TriPlaneEval, p: &TriPlane, group: &str) -> i32 {
        e.breakdown(p)
            .iter()
            .find(|x| x.0 == group)
            .map_or(0, |x| x.1)
    }
    fn pos(fen: &str) -> TriPlane {
        TriPlane::from_fen(fen).unwrap()
    }

    #[test]
    fn the_built_in_table_is_complete() {
        // `builtin` panics on a missing, unknown or repeated parameter.
        assert_eq!(builtin::<TriPlane>().len(), LAYOUT.len());
        assert_eq!(LAYOUT[TEMPO], "tempo.side_to_move");
        assert_eq!(LAYOUT[KING_ENEMY_HOLD + 8], "king.enemy_hold_elephant");
    }

    #[test]
    fn values_are_ordered_and_the_phase_values_are_the_mobility_ones() {
        // The table is fitted to games (docs/tuning.md), so only what any sound table
        // keeps is asserted: the orthodox men in their usual order, every man worth
        // something.
        let v = material;
        assert!(
            v(Kind::Queen) > v(Kind::Rook)
                && v(Kind::Rook) > v(Kind::Bishop)
                && v(Kind::Bishop) > v(Kind::Knight)
                && v(Kind::Knight) > v(Kind::Pawn)
        );
        for k in HOLD_KINDS {
            assert!(v(k) > 0.0, "{k:?}");
        }
        // The phase's fixed values came from the pieces' average mobility on 8x8
        // (N 5.25, B 8.75, R 14: 100 + 35 per cell, rounded).
        assert_eq!(VALUE[Kind::Knight.index()], 284);
        assert_eq!(VALUE[Kind::Rook.index()], 590);
    }

    #[test]
    fn start_is_balanced_and_symmetric() {
        let e = TriPlaneEval::default();
        let p = TriPlane::startpos();
        let tempo = blended(&p, TEMPO).round() as i32;
        assert_eq!(e.evaluate(&p), tempo);
        let b = e.breakdown(&p);
        assert_eq!(b.last().unwrap(), &("total".to_string(), tempo));
        assert_eq!(part(&e, &p, "material_a"), 0);
        assert_eq!(part(&e, &p, "mobility"), 0);
    }

    #[test]
    fn the_phase_counts_men_on_a_by_their_split_components() {
        assert_eq!(features(&TriPlane::startpos()).1, 1.0);
        // The start position less White's knight on A: its components are gone.
        let less = pos(
            "rnbqsbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQSBNR|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w KQkq - 0 1 a",
        );
        let expected = (PHASE_FULL - 2 * VALUE[1]) as f32 / PHASE_FULL as f32;
        assert!((features(&less).1 - expected).abs() < 1e-6);
        // Black captured that knight on A: two knights in Black's holds, same phase.
        let split = pos(
            "rnbqsbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQSBNR|4k3/8/8/8/8/8/8/4K3[n]|4k3/8/8/8/8/8/8/4K3[n] w KQkq - 0 1 a",
        );
        assert_eq!(features(&split).1, 1.0);
    }

    #[test]
    fn holds_count_and_deadwood_is_worth_nothing() {
        let e = TriPlaneEval::default();
        let with_hold =
            pos("4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[Q]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a");
        assert!(e.evaluate(&with_hold) > 500);
        let dead =
            pos("4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/X7/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a");
        assert_eq!(part(&e, &dead, "material"), 0);
        // A pawn on B's 7th rank (next step: DeadWood) is worth less than on the 6th.
        let p6 = pos("4s3/8/8/8/8/8/8/4S3|k7/8/P7/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a");
        let p7 = pos("4s3/8/8/8/8/8/8/4S3|k7/P7/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a");
        assert!(part(&e, &p6, "pawns") > part(&e, &p7, "pawns"));
        // DeadWood next to a king walls it in.
        let walled =
            pos("4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/3X4/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a");
        assert_eq!(
            part(&e, &walled, "deadwood"),
            blended(&walled, DEADWOOD_WALL).round() as i32
        );
    }

    #[test]
    fn board_shares_from_the_cache_equal_computed_ones() {
        // Evaluations (and traces) with a cold board cache equal those with a warm
        // one along a walk of steps, holds included.
        let walk = crate::sharecache::assert_cached_shares_equal_computed(
            TriPlane::startpos(),
            &BOARD_CACHE,
            600,
        );
        assert!(
            walk.len() > 200,
            "the walk ended after {} positions",
            walk.len()
        );
        let with_holds = walk
            .iter()
            .filter(|p| {
                (1..3).any(|b| {
                    HOLD_KINDS
                        .iter()
                        .any(|&k| p.hold_count(b, Side::White, k) > 0)
                })
            })
            .count();
        assert!(with_holds > 50, "holds in only {with_holds} positions");
    }

    #[test]
    fn threats_on_b_count_hanging_pawn_attacked_and_lesser_attacked_men() {
        let count = |fen: &str, p: Param| crate::params::feature_count(&pos(fen), p);
        let a = "4s3/8/8/8/8/8/8/4S3";
        let c = "4k3/8/8/8/8/8/8/4K3[]";
        // Board B: White's rook on d4 is attacked by Black's pawn on e5, nothing
        // defends it.
        let by_pawn = format!("{a}|k7/8/8/4p3/3R4/8/8/4K3[]|{c} w - - 0 1 a");
        assert_eq!(count(&by_pawn, THREAT_BY_PAWN), 1);
        assert_eq!(count(&by_pawn, THREAT_HANGING), 1);
        assert_eq!(
            count(&by_pawn, THREAT_BY_LESSER),
            0,
            "pawns are counted apart"
        );
        // A knight instead of the pawn: a lesser man. The rook attacks nothing.
        let by_knight = format!("{a}|k7/8/8/8/3R4/8/4n3/4K3[]|{c} w - - 0 1 a");
        assert_eq!(count(&by_knight, THREAT_BY_LESSER), 1);
        // A white pawn on c3 defends d4: not hanging any more,
        // and the pawn itself is not defended.
        let defended = format!("{a}|k7/8/8/4p3/3R4/2P5/8/4K3[]|{c} w - - 0 1 a");
        assert_eq!(count(&defended, THREAT_HANGING), 0);
        assert_eq!(count(&defended, THREAT_BY_PAWN), 1);
        assert_eq!(count(&defended, PAWN_DEFENDED), 0);
        // Own men next to the king.
        let guarded = format!("{a}|k7/8/8/8/8/8/3PP3/4K3[]|{c} w - - 0 1 a");
        assert_eq!(count(&guarded, KING_DEFENDERS), 2);
    }

    #[test]
    fn a_table_file_changes_the_evaluation() {
        // White has a queen in hold B.
        let p = pos("4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[Q]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a");
        let before = TriPlaneEval::default().evaluate(&p);
        let w = builtin::<TriPlane>();
        // Both phases 100 up.
        let param = HOLD + Kind::Queen.index();
        let file = format!(
            "variant triplane\nhold.queen {} {}\n",
            w.mg[param] + 100.0,
            w.eg[param] + 100.0
        );
        let tuned = TriPlane::eval_from_table(&file).unwrap().unwrap();
        assert_eq!(tuned.evaluate(&p), before + 100);
        // Black's king on B is threatened by that queen (White's view: a bonus), so a
        // weight 10 up, its fraction kept, adds 10.
        let param = KING_ENEMY_HOLD + Kind::Queen.index();
        assert_eq!(crate::params::feature_count(&p, param), -1);
        let file = format!(
            "variant triplane\nking.enemy_hold_queen {} {}\n",
            w.mg[param] - 10.0,
            w.eg[param] - 10.0
        );
        let tuned = TriPlane::eval_from_table(&file).unwrap().unwrap();
        assert_eq!(tuned.evaluate(&p), before + 10);
        assert!(
            TriPlane::eval_from_table("variant chess\nmaterial.rook 1\n")
                .unwrap()
                .is_none()
        );
        let Err(e) = TriPlane::eval_from_table("variant triplane\nhold.quen 1\n") else {
            panic!("an unknown parameter was accepted");
        };
        assert!(e.contains("line 2") && e.contains("hold.quen"), "{e}");
    }
}
