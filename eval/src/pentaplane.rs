//! Evaluation for Pentaplane V: a table of weights ([`crate::params`]) over these
//! features (White's view; the groups are what the `eval` command's breakdown shows):
//! * **material** — one value per piece kind. During the draft, held pieces (chosen
//!   but not yet placed) count like placed ones. The hand-written values came from the
//!   pieces' own mobility on the empty 5x5x5 cube: 60 plus 14 times the sum of the
//!   average number of destinations and 0.6 times the average number of cells on the
//!   firing lines (over all cells), the Kamikaze Queen times 0.55 (it dies with its
//!   first capture), the bomb plus 120 for its blast; pawn 100. They still measure the
//!   phase (`PHASE_VALUE`) and value designed pieces; the built-in table's weights are
//!   tuned from self-play (`tables/pentaplane.txt`, docs/tuning.md).
//! * **mobility** — destinations of every piece in play (pseudo-legal), per kind.
//! * **firing** — firing lines of a missile piece with an enemy piece on them, per kind.
//! * **centrality** — per piece, `6 - ` its Manhattan distance from the centre of the
//!   cube (Cc3), per kind.
//! * **king** — own pieces in the own king's blast block (shelter); bombs in a king's
//!   block (an enemy bomb threatens it, an own bomb is a liability the enemy can shoot
//!   or take); a king the opponent could take next move, counted in play when the
//!   opponent is to move (there is no check: that king is lost); a king already lost
//!   (a finished game: then this is the only feature, to keep the score bounded).
//! * **pawns** — rook steps a pawn has made towards its promotion row (8 minus the
//!   steps still needed).
//! * **draft** — during the draft only: White, who moves first, gains from strong
//!   armies: each piece of either side (on the cube or held) counts +1 for White, with
//!   a weight of a share (initially 5%) of its material value. Without it every
//!   selection would score 0 (both players get copies of each piece).
//!
//! * **threats** (second round, 2026-12-04) — own men (not kings, not bombs: taking
//!   a bomb blows up the taker) attacked by the enemy and not defended, non-pawn men
//!   attacked by an enemy pawn, and men attacked by an enemy piece of lower fixed
//!   value (`PHASE_VALUE`), each counted apart for the side to move (which can still
//!   save them) and the side waiting (whose men the mover can take, which quiescence
//!   sees); own pawns defended; the cells of the king's blast block the enemy
//!   attacks; and the side to move (tempo). An attack is a capture by a move or a
//!   missile on the first man of a line (`LineMasks::reach`), and for an own man
//!   a defence. Play phase only.
//!
//! * **designed pieces** (player-designed, see `engine::variants::pentaplane::designs`):
//!   one parameter per group for all of them (`material.designed`,
//!   `mobility.designed`, `firing.designed`, `centrality.designed`,
//!   `draft.designed`). Material counts the piece's value in centipawns, draft 5% of
//!   it (weights 1, so a tuned weight scales every designed piece alike): its given value,
//!   else [`estimated_value`], the formula the built-in values came from, applied to
//!   its reach on the empty cube (a move-only or capture-only component counts half,
//!   since it reaches its cells in one way only), plus the bomb's blast bonus for a
//!   designed bomb. A designed missile piece's firing lines and a designed bomb next
//!   to a king count as the built-in ones do.
//!
//! Phase: the non-pawn, non-royal material on the cube and in the hands at fixed
//! values (the initial material weights), with every piece still to be named in the
//! draft counted at the selectable kinds' average, over two full armies of average
//! pieces (`2 * HAND_SIZE` of them), clamped to 1. So the draft is a full middlegame.

use crate::params::{Accumulator, Param, Terms};
use engine::variants::pentaplane::rules::{
    hand_kind, is_bomb, Kind, BUILTIN_KINDS, HAND_SIZE, PROMOTION_ROW, SELECTABLE,
};
use engine::variants::pentaplane::tables::{tables, xyz, EmptyReach, Tables};
use engine::variants::pentaplane::{Pentaplane, Phase};
use engine::{Cell, Position, Side};

// Parameter indices. Per-kind groups follow `Kind`'s order; MATERIAL and DRAFT skip
// the king (see `non_king`).
const MATERIAL: Param = 0; // 11 kinds, king excluded
const MOBILITY: Param = 11; // 12 kinds
const FIRING: Param = 23; // fortress, missile bishop, satellite
const CENTRALITY: Param = 26; // 12 kinds
const KING_SHELTER: Param = 38;
const KING_ENEMY_BOMB: Param = 39;
const KING_OWN_BOMB: Param = 40;
const KING_EN_PRISE: Param = 41;
const KING_LOST: Param = 42;
const PAWN_PROGRESS: Param = 43;
const DRAFT: Param = 44; // 11 kinds, king excluded

// Designed pieces (all slots share one parameter per group).
const MATERIAL_DESIGNED: Param = 55; // per centipawn of value
const MOBILITY_DESIGNED: Param = 56;
const FIRING_DESIGNED: Param = 57;
const CENTRALITY_DESIGNED: Param = 58;
const DRAFT_DESIGNED: Param = 59; // per centipawn of the draft share of the value

// Second round: each threat twice, the side to move's men first, the waiting side's
// second (see `threat_param`).
const HANGING: Param = 60;
const BY_PAWN: Param = 62;
const BY_LESSER: Param = 64;
const PAWN_DEFENDED: Param = 66;
const KING_ZONE_ATTACKS: Param = 67;
const TEMPO: Param = 68;

/// The draft share of a designed piece's value: 5%, as the built-in draft weights.
const DRAFT_SHARE_DIVISOR: i32 = 20;

/// The draft feature of `n` designed pieces of value `v`.
fn draft_share(v: i32, n: i32) -> i32 {
    (v * n + DRAFT_SHARE_DIVISOR / 2) / DRAFT_SHARE_DIVISOR
}

const LAYOUT: [&str; 69] = [
    "material.rook",
    "material.fortress",
    "material.bishop",
    "material.missile_bishop",
    "material.cuber",
    "material.satellite",
    "material.knight",
    "material.bomb",
    "material.kamikaze_queen",
    "material.queen",
    "material.pawn",
    "mobility.rook",
    "mobility.fortress",
    "mobility.bishop",
    "mobility.missile_bishop",
    "mobility.cuber",
    "mobility.satellite",
    "mobility.knight",
    "mobility.bomb",
    "mobility.kamikaze_queen",
    "mobility.king",
    "mobility.queen",
    "mobility.pawn",
    "firing.fortress",
    "firing.missile_bishop",
    "firing.satellite",
    "centrality.rook",
    "centrality.fortress",
    "centrality.bishop",
    "centrality.missile_bishop",
    "centrality.cuber",
    "centrality.satellite",
    "centrality.knight",
    "centrality.bomb",
    "centrality.kamikaze_queen",
    "centrality.king",
    "centrality.queen",
    "centrality.pawn",
    "king.shelter",
    "king.enemy_bomb_in_block",
    "king.own_bomb_in_block",
    "king.en_prise",
    "king.lost",
    "pawns.progress",
    "draft.rook",
    "draft.fortress",
    "draft.bishop",
    "draft.missile_bishop",
    "draft.cuber",
    "draft.satellite",
    "draft.knight",
    "draft.bomb",
    "draft.kamikaze_queen",
    "draft.queen",
    "draft.pawn",
    "material.designed",
    "mobility.designed",
    "firing.designed",
    "centrality.designed",
    "draft.designed",
    "threats.hanging_to_move",
    "threats.hanging_waiting",
    "threats.by_pawn_to_move",
    "threats.by_pawn_waiting",
    "threats.by_lesser_to_move",
    "threats.by_lesser_waiting",
    "pawns.defended",
    "king.zone_attacks",
    "tempo.side_to_move",
];

/// The value formula of the built-in pieces (module text): a base, so much per
/// average destination on the empty cube, firing-line cells at a share of that.
const VALUE_BASE: f32 = 60.0;
const VALUE_PER_CELL: f32 = 14.0;
const VALUE_FIRE_SHARE: f32 = 0.6;
/// The bomb's blast, added to its mobility value.
const VALUE_BOMB_BONUS: f32 = 120.0;

/// A piece's value from its reach on the empty cube by the built-in pieces' formula.
pub fn estimated_value(reach: EmptyReach, bomb: bool) -> i32 {
    let mobility = (reach.moves + reach.captures) / 2.0;
    let v = VALUE_BASE
        + VALUE_PER_CELL * (mobility + VALUE_FIRE_SHARE * reach.fire)
        + if bomb { VALUE_BOMB_BONUS } else { 0.0 };
    v.round() as i32
}

/// The value of an installed designed kind: given, or estimated (0 for an unused slot).
pub fn designed_value(t: &Tables, kind: Kind) -> i32 {
    match kind.designed_slot().and_then(|s| t.designs.get(s)) {
        Some(d) => d
            .value
            .unwrap_or_else(|| estimated_value(t.empty_reach[kind as usize], d.bomb)),
        None => 0,
    }
}

#[inline]
fn mobility_param(kind: Kind) -> Param {
    if kind.designed_slot().is_some() {
        MOBILITY_DESIGNED
    } else {
        MOBILITY + kind as usize
    }
}

#[inline]
fn centrality_param(kind: Kind) -> Param {
    if kind.designed_slot().is_some() {
        CENTRALITY_DESIGNED
    } else {
        CENTRALITY + kind as usize
    }
}

/// A kind's slot in the groups without the king (material, draft).
#[inline]
fn non_king(kind: Kind) -> usize {
    let k = kind as usize;
    debug_assert!(kind != Kind::King);
    if k > Kind::King as usize {
        k - 1
    } else {
        k
    }
}

/// The firing parameter of a missile kind.
#[inline]
fn firing(kind: Kind) -> Param {
    match kind {
        Kind::Fortress => FIRING,
        Kind::MissileBishop => FIRING + 1,
        Kind::Satellite => FIRING + 2,
        // Only missile kinds have firing lines: a designed one here.
        _ => FIRING_DESIGNED,
    }
}

/// Piece values (by `Kind`) that measure the game phase: fixed, not tuned, so the
/// phase never depends on the table (the initial material weights; pawn and king 0).
const PHASE_VALUE: [i32; BUILTIN_KINDS] = [228, 228, 262, 288, 150, 171, 221, 247, 236, 0, 519, 0];

/// The selectable kinds' values summed.
const fn selectable_sum() -> i32 {
    let mut s = 0;
    let mut i = 0;
    while i < SELECTABLE.len() {
        s += PHASE_VALUE[SELECTABLE[i] as usize];
        i += 1;
    }
    s
}

/// The phase value of any kind (a designed piece: its value).
#[inline]
fn phase_value(t: &Tables, kind: Kind) -> i32 {
    match kind.designed_slot() {
        None => PHASE_VALUE[kind as usize],
        Some(_) => designed_value(t, kind),
    }
}

/// Material of two full armies of average (built-in) selectable pieces: a full
/// middlegame.
const PHASE_FULL: i32 = 2 * HAND_SIZE as i32 * selectable_sum() / SELECTABLE.len() as i32;

fn sign(side: Side) -> i32 {
    if side == Side::White {
        1
    } else {
        -1
    }
}

/// The game phase (see the module text).
fn phase(pos: &Pentaplane) -> f32 {
    let t = tables();
    let mut material: i32 = pos.pieces().map(|(_, p)| phase_value(t, p.kind)).sum();
    let mut held = 0;
    for side in [Side::White, Side::Black] {
        for (i, &n) in pos.hand(side).iter().enumerate() {
            if n == 0 {
                continue;
            }
            material += phase_value(t, hand_kind(i)) * n as i32;
            held += n as i32;
        }
    }
    if pos.phase() == Phase::Select {
        // The pieces still to be named, at the average value.
        let undrafted = (2 * HAND_SIZE as i32 - held).max(0);
        material += undrafted * PHASE_FULL / (2 * HAND_SIZE as i32);
    }
    material.min(PHASE_FULL) as f32 / PHASE_FULL as f32
}

impl Terms for Pentaplane {
    fn layout() -> &'static [&'static str] {
        &LAYOUT
    }

    fn builtin_table() -> &'static str {
        include_str!("../tables/pentaplane.txt")
    }

    fn terms<A: Accumulator>(&self, acc: &mut A) -> f32 {
        let pos = self;
        let t = tables();
        let phase = phase(pos);
        let (Some(white_king), Some(black_king)) = (pos.king(Side::White), pos.king(Side::Black))
        else {
            // A finished game: the search scores it by outcome; keep the eval bounded.
            acc.add(
                KING_LOST,
                if pos.king(Side::White).is_none() {
                    1
                } else {
                    -1
                },
            );
            return phase;
        };
        let play = pos.phase() == Phase::Play;
        let men = [Side::White, Side::Black].map(|side| pos.occupied(side).as_u128());
        let occupied = men[0] | men[1];
        let mut attacks = [SideAttacks::default(), SideAttacks::default()];
        for (c, p) in pos.pieces() {
            let s = sign(p.side);
            let k = p.kind as usize;
            if p.kind.designed_slot().is_some() {
                let v = designed_value(t, p.kind);
                acc.add(MATERIAL_DESIGNED, s * v);
                if !play {
                    acc.add(DRAFT_DESIGNED, draft_share(v, 1));
                }
            } else if p.kind != Kind::King {
                acc.add(MATERIAL + non_king(p.kind), s);
                if !play {
                    // Either side's piece adds to White's initiative.
                    acc.add(DRAFT + non_king(p.kind), 1);
                }
            }
            if play {
                // Every enemy man may be taken (a move's own limits are in its lines).
                let enemy = men[p.side.opposite().index()];
                let (n, mut cells) = t.move_masks[k].reach(c, occupied, enemy);
                acc.add(mobility_param(p.kind), s * n as i32);
                if let Some(fire) = &t.fire_masks[k] {
                    let targets = fire.lines_meeting(c, enemy) as i32;
                    acc.add(firing(p.kind), s * targets);
                    cells |= fire.reach(c, occupied, enemy).1;
                }
                attacks[p.side.index()].add(p.kind, phase_value(t, p.kind), c, cells);
            }
            let (x, y, z) = xyz(c);
            let dist = ((x - 2).abs() + (y - 2).abs() + (z - 2).abs()) as i32;
            acc.add(centrality_param(p.kind), s * (6 - dist));
            if p.kind == Kind::Pawn {
                let (ty, tz) = PROMOTION_ROW[p.side.index()];
                let remaining = ((ty - y).abs() + (tz - z).abs()) as i32;
                acc.add(PAWN_PROGRESS, s * (8 - remaining));
            }
        }
        // Held pieces during the draft.
        for side in [Side::White, Side::Black] {
            for (i, &n) in pos.hand(side).iter().enumerate() {
                if n == 0 {
                    continue;
                }
                let kind = hand_kind(i);
                if kind.designed_slot().is_some() {
                    let v = designed_value(t, kind);
                    acc.add(MATERIAL_DESIGNED, sign(side) * v * n as i32);
                    if !play {
                        acc.add(DRAFT_DESIGNED, draft_share(v, n as i32));
                    }
                } else {
                    acc.add(MATERIAL + non_king(kind), sign(side) * n as i32);
                    if !play {
                        acc.add(DRAFT + non_king(kind), n as i32);
                    }
                }
            }
        }
        for (side, king) in [(Side::White, white_king), (Side::Black, black_king)] {
            let s = sign(side);
            for &c in &t.blast[king as usize] {
                let Some(p) = pos.piece(c) else { continue };
                if c == king {
                    continue;
                }
                if is_bomb(p.kind) {
                    let param = if p.side == side {
                        KING_OWN_BOMB
                    } else {
                        KING_ENEMY_BOMB
                    };
                    acc.add(param, s);
                } else if p.side == side {
                    acc.add(KING_SHELTER, s);
                }
            }
            // The opponent, to move, could take the king: it attacks its cell.
            let enemy_attacks = attacks[side.opposite().index()].all;
            if play && pos.side_to_move() != side && enemy_attacks >> king & 1 != 0 {
                acc.add(KING_EN_PRISE, s);
            }
        }
        if play {
            for side in [Side::White, Side::Black] {
                let (mine, theirs) = (&attacks[side.index()], &attacks[side.opposite().index()]);
                let to_move = pos.side_to_move() == side;
                threats(pos, side, to_move, mine, theirs, acc);
            }
            acc.add(TEMPO, sign(pos.side_to_move()));
        }
        phase
    }
}

/// The most men one side can have: king, the draft's pieces and the pawns (a pawn
/// promotes in place of itself), with room for a FEN's extra men, which count in
/// the attacks but not in the lesser-piece threats.
const MAX_MEN: usize = 16;

/// What one side's men attack (see [`LineMasks::reach`]): an enemy man on such a
/// cell can be taken, an own man there is defended.
///
/// [`LineMasks::reach`]: engine::movement::LineMasks::reach
#[derive(Default)]
struct SideAttacks {
    all: u128,
    by_pawns: u128,
    /// The side's own pawns.
    pawns: u128,
    /// The side's men the threats count, other than pawns: neither kings nor bombs.
    targets: u128,
    /// The pieces other than pawns and the king, by fixed value, for the threats by
    /// a lesser piece.
    pieces: [(i32, u128); MAX_MEN],
    count: usize,
}

impl SideAttacks {
    /// The side's man of `kind` (worth `value`) on `cell`, attacking `cells`.
    fn add(&mut self, kind: Kind, value: i32, cell: Cell, cells: u128) {
        self.all |= cells;
        if kind != Kind::King && kind != Kind::Pawn && !is_bomb(kind) {
            self.targets |= 1 << cell;
        }
        match kind {
            Kind::Pawn => {
                self.by_pawns |= cells;
                self.pawns |= 1 << cell;
            }
            // A king's capture costs nothing: it is no lesser piece.
            Kind::King => {}
            _ if self.count < MAX_MEN => {
                self.pieces[self.count] = (value, cells);
                self.count += 1;
            }
            _ => {}
        }
    }

    /// Whether a piece worth less than `value` attacks `cell`.
    fn by_lesser(&self, cell: u128, value: i32) -> bool {
        self.pieces[..self.count]
            .iter()
            .any(|&(v, cells)| v < value && cells & cell != 0)
    }
}

/// The threat parameter of `base` for the side to move (`to_move`) or the other.
#[inline]
fn threat_param(base: Param, to_move: bool) -> Param {
    if to_move {
        base
    } else {
        base + 1
    }
}

/// The threats to `side`'s men, its pawns defended and its king's block attacked
/// (see the module text), given both sides' attacks.
fn threats<A: Accumulator>(
    pos: &Pentaplane,
    side: Side,
    to_move: bool,
    mine: &SideAttacks,
    theirs: &SideAttacks,
    acc: &mut A,
) {
    let t = tables();
    let s = sign(side);
    let defended = (mine.pawns & mine.all).count_ones() as i32;
    let mut hanging = (mine.pawns & theirs.all & !mine.all).count_ones() as i32;
    let (mut by_pawn, mut by_lesser) = (0, 0);
    // Only the men the enemy attacks need their kinds.
    let mut attacked = mine.targets & theirs.all;
    while attacked != 0 {
        let c = attacked.trailing_zeros() as Cell;
        let cell = 1u128 << c;
        attacked &= attacked - 1;
        let Some(p) = pos.piece(c) else { continue };
        hanging += i32::from(mine.all & cell == 0);
        by_pawn += i32::from(theirs.by_pawns & cell != 0);
        by_lesser += i32::from(theirs.by_lesser(cell, phase_value(t, p.kind)));
    }
    acc.add(threat_param(HANGING, to_move), s * hanging);
    acc.add(threat_param(BY_PAWN, to_move), s * by_pawn);
    acc.add(threat_param(BY_LESSER, to_move), s * by_lesser);
    acc.add(PAWN_DEFENDED, s * defended);
    if let Some(king) = pos.king(side) {
        let zone = t.blast[king as usize]
            .iter()
            .filter(|&&c| c != king && theirs.all >> c & 1 != 0)
            .count() as i32;
        acc.add(KING_ZONE_ATTACKS, s * zone);
    }
}

/// Pentaplane's evaluator.
pub type PentaplaneEval = crate::params::TableEval<Pentaplane>;

crate::table_variant!(Pentaplane);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::builtin;
    use crate::VariantEval;
    use engine::Evaluator;

    fn pos(fen: &str) -> Pentaplane {
        Pentaplane::from_fen(fen).unwrap()
    }

    /// A group's share in the breakdown (White's view), 0 when it does not occur.
    fn group(p: &Pentaplane, name: &str) -> i32 {
        PentaplaneEval::default()
            .breakdown(p)
            .into_iter()
            .find(|x| x.0 == name)
            .map_or(0, |x| x.1)
    }

    const PLAY_START: &str =
        "nskor/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/ROKSN w - - 0 1";

    #[test]
    fn the_built_in_table_is_complete() {
        // `builtin` panics on a missing, unknown or repeated parameter.
        let w = builtin::<Pentaplane>();
        assert_eq!(w.len(), LAYOUT.len());
        // Every name reaches its own index: read the table's lines independently.
        for line in Pentaplane::builtin_table().lines() {
            let f: Vec<&str> = line.split('#').next().unwrap().split_whitespace().collect();
            if f.len() != 3 {
                continue;
            }
            let i = LAYOUT.iter().position(|n| *n == f[0]).expect(f[0]);
            assert_eq!(
                (w.mg[i], w.eg[i]),
                (f[1].parse().unwrap(), f[2].parse().unwrap()),
                "{}",
                f[0]
            );
        }
        assert_eq!(LAYOUT[MATERIAL + non_king(Kind::Pawn)], "material.pawn");
        assert_eq!(LAYOUT[MOBILITY + Kind::Pawn as usize], "mobility.pawn");
        assert_eq!(LAYOUT[firing(Kind::Satellite)], "firing.satellite");
        assert_eq!(LAYOUT[CENTRALITY + Kind::Pawn as usize], "centrality.pawn");
        assert_eq!(LAYOUT[KING_LOST], "king.lost");
        assert_eq!(LAYOUT[PAWN_PROGRESS], "pawns.progress");
        assert_eq!(LAYOUT[DRAFT + non_king(Kind::Pawn)], "draft.pawn");
    }

    #[test]
    fn start_positions_are_balanced() {
        // The draft start: only White's initiative, 5% of the ten pawns.
        let start = Pentaplane::startpos();
        assert_eq!(PentaplaneEval::default().evaluate(&start), 50);
        assert_eq!(group(&start, "draft"), 50);
        assert_eq!(group(&start, "phase (of 256)"), 256);
        // A symmetric army in play: only the side to move's tempo.
        let p = pos(PLAY_START);
        assert_eq!(PentaplaneEval::default().evaluate(&p), group(&p, "tempo"));
        for g in [
            "material",
            "mobility",
            "centrality",
            "pawns",
            "king",
            "threats",
        ] {
            assert_eq!(group(&p, g), 0, "{g}");
        }
    }

    #[test]
    fn a_table_changes_the_evaluation_by_its_weight() {
        // Two white bombs against one black bomb: one bomb up.
        let p = pos("4k/5/5/5/5|5/5/5/5/5|5/5/2O2/5/5|5/5/5/5/5|5/5/o4/5/K3O w - - 0 1");
        let before = PentaplaneEval::default().evaluate(&p);
        let w = builtin::<Pentaplane>();
        let bomb = MATERIAL + non_king(Kind::Bomb);
        let table = format!(
            "variant pentaplane\nmaterial.bomb {} {}\n",
            w.mg[bomb] + 100.0,
            w.eg[bomb] + 100.0
        );
        let tuned = Pentaplane::eval_from_table(&table).unwrap().unwrap();
        assert_eq!(tuned.evaluate(&p), before + 100);
        assert!(
            Pentaplane::eval_from_table("variant chess\nmaterial.pawn 1\n")
                .unwrap()
                .is_none()
        );
        let Err(e) = Pentaplane::eval_from_table("variant pentaplane\nmaterial.bomm 1\n") else {
            panic!("an unknown parameter was accepted");
        };
        assert!(e.contains("line 2") && e.contains("material.bomm"), "{e}");
    }

    #[test]
    fn the_phase_falls_with_the_armies() {
        let bare = pos("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1");
        assert_eq!(phase(&bare), 0.0);
        assert_eq!(phase(&Pentaplane::startpos()), 1.0);
        let half = pos("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/KRBM1 w - - 0 1");
        assert!((phase(&half) - 778.0 / PHASE_FULL as f32).abs() < 1e-6);
    }

    #[test]
    fn the_tuned_table_keeps_the_pieces_in_a_sane_order() {
        // What any installed table must keep, whatever the data says: every piece
        // worth something, the queen the most, an enemy bomb by the king a middlegame
        // threat, and the lost-king marks fixed.
        let w = builtin::<Pentaplane>();
        for phase in [&w.mg, &w.eg] {
            let val = |k: Kind| phase[MATERIAL + non_king(k)];
            for k in SELECTABLE.into_iter().chain([Kind::Pawn]) {
                assert!(val(k) > 0.0, "{k:?} = {}", val(k));
                assert!(val(Kind::Queen) > val(k), "{k:?} = {}", val(k));
            }
            assert_eq!(phase[KING_LOST], -5000.0);
            assert_eq!(phase[KING_EN_PRISE], -5000.0);
        }
        assert!(w.mg[KING_ENEMY_BOMB] < 0.0);
    }

    #[test]
    fn the_value_formula_follows_mobility() {
        // The hand-written values (`PHASE_VALUE`, the formula designed pieces get).
        let val = |k: Kind| PHASE_VALUE[k as usize];
        assert!(val(Kind::Queen) > val(Kind::Rook) && val(Kind::Queen) > val(Kind::Bishop));
        assert!(
            val(Kind::Bishop) > val(Kind::Rook),
            "12 bishop lines against 6 rook lines"
        );
        assert!(
            val(Kind::Fortress) > val(Kind::Bomb) - VALUE_BOMB_BONUS as i32,
            "a fortress shoots as well as steps"
        );
        assert!(val(Kind::MissileBishop) > val(Kind::Fortress));
        assert!(val(Kind::Kamikaze) < val(Kind::Queen));
        for k in SELECTABLE {
            assert!(val(k) > 100, "{k:?} = {}", val(k));
        }
    }

    #[test]
    fn the_value_formula_reproduces_the_built_in_values() {
        // The estimate designed pieces get is the formula the built-in values came
        // from: each built-in value within rounding of its estimate (the Kamikaze
        // Queen at 0.55 of it, as the module text says).
        let t = tables();
        for k in SELECTABLE.into_iter().chain([Kind::Queen]) {
            let est = estimated_value(t.empty_reach[k as usize], k == Kind::Bomb);
            let est = if k == Kind::Kamikaze {
                (est as f32 * 0.55).round() as i32
            } else {
                est
            };
            assert!(
                (est - PHASE_VALUE[k as usize]).abs() <= 1,
                "{k:?}: estimate {est}, table {}",
                PHASE_VALUE[k as usize]
            );
        }
        // No designed piece installed: its slots are worth nothing and never occur.
        assert_eq!(designed_value(t, Kind::Designed0), 0);
        assert_eq!(draft_share(247, 1), 12);
    }

    #[test]
    fn symmetric_positions_score_zero_for_material() {
        let p = pos(PLAY_START);
        assert_eq!(group(&p, "material"), 0);
        assert_eq!(group(&p, "pawns"), 0);
        assert_eq!(group(&p, "centrality"), 0);
    }

    #[test]
    fn breakdown_names_its_parts_and_sums_to_the_total() {
        let e = PentaplaneEval::default();
        let p = pos("4k/5/5/5/5|5/5/5/5/5|5/5/2O2/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1");
        let b = e.breakdown(&p);
        let total = b.last().unwrap().1;
        let groups: Vec<i32> = b
            .iter()
            .filter(|x| x.0 != "total" && !x.0.starts_with("phase"))
            .map(|x| x.1)
            .collect();
        let parts: i32 = groups.iter().sum();
        // Each group and the total are rounded on their own: half a point each.
        assert!(
            2 * (parts - total).abs() <= groups.len() as i32 + 1,
            "{parts} against {total}"
        );
        assert_eq!(e.evaluate(&p), total);
        assert!(total > 0, "White has an extra bomb");
    }

    #[test]
    fn bombs_next_to_a_king_are_counted_by_whose_they_are() {
        // The features, not the table's weights: (parameter, White's-view count).
        let king_terms = |fen: &str| {
            let (f, _) = crate::params::features(&pos(fen));
            f.into_iter()
                .filter(|(i, _)| (KING_SHELTER..=KING_OWN_BOMB).contains(i))
                .collect::<Vec<_>>()
        };
        // A white bomb far from both kings: nothing.
        assert_eq!(
            king_terms("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/O4/5/K4 w - - 0 1"),
            vec![]
        );
        // A white bomb in the black king's block: an enemy bomb, against Black.
        assert_eq!(
            king_terms("4k/3O1/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1"),
            vec![(KING_ENEMY_BOMB, -1)]
        );
        // A white bomb in the white king's block: an own bomb, for White's king.
        assert_eq!(
            king_terms("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/O4/K4 w - - 0 1"),
            vec![(KING_OWN_BOMB, 1)]
        );
    }

    /// The second round's features of `fen` (parameter, White's-view count).
    fn threat_terms(fen: &str) -> Vec<(Param, i32)> {
        let (f, _) = crate::params::features(&pos(fen));
        f.into_iter()
            .filter(|&(i, n)| i >= HANGING && n != 0)
            .collect()
    }

    #[test]
    fn threats_count_attacked_men_by_attacker_and_by_who_is_to_move() {
        // A white rook on Ac3, undefended (the king is on Aa1), attacked by a black
        // pawn on Ab4 (one bishop step: -1, +1, 0). Nothing attacks the pawn; the
        // black king on Ee5 is far from everything.
        let rook_and_pawn = "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/1p3/2R2/5/K4";
        assert_eq!(
            threat_terms(&format!("{rook_and_pawn} w - - 0 1")),
            vec![(HANGING, 1), (BY_PAWN, 1), (TEMPO, 1)]
        );
        // Black to move: the same rook is the waiting side's.
        assert_eq!(
            threat_terms(&format!("{rook_and_pawn} b - - 0 1")),
            vec![(HANGING + 1, 1), (BY_PAWN + 1, 1), (TEMPO, -1)]
        );
        // A black knight on Aa4 (a leap of 2, -1, 0) instead: a lesser piece. It
        // also reaches Ab2 and Ba2 of the white king's block.
        assert_eq!(
            threat_terms("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/n4/2R2/5/K4 w - - 0 1"),
            vec![
                (HANGING, 1),
                (BY_LESSER, 1),
                (KING_ZONE_ATTACKS, 2),
                (TEMPO, 1)
            ]
        );
        // The king on Ab2 defends the rook: attacked by the pawn, no longer hanging.
        // The pawn's bishop steps reach three cells of the king's block: Aa3, Ac3
        // (the rook) and Bb3.
        assert_eq!(
            threat_terms("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/1p3/2R2/1K3/5 w - - 0 1"),
            vec![(BY_PAWN, 1), (KING_ZONE_ATTACKS, 3), (TEMPO, 1)]
        );
        // Two white pawns side by side on Ab2 and Ac3 defend each other (a bishop
        // step apart); a black bomb attacked by one is no threat (taking it blows up
        // the taker).
        assert_eq!(
            threat_terms("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/1o3/2P2/1P3/K4 w - - 0 1"),
            vec![(PAWN_DEFENDED, 2), (TEMPO, 1)]
        );
    }

    #[test]
    fn king_en_prise_to_the_side_to_move_is_decisive() {
        // White rook on Ae1 attacks the black king on Ee1 along the level axis.
        let p = pos("5/5/5/5/4k|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K3R w - - 0 1");
        assert!(PentaplaneEval::default().evaluate(&p) > 2500);
    }

    #[test]
    fn draft_positions_are_scored_by_held_pieces() {
        let strong = pos(
            "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[MMmm] b - - 0 1 select",
        );
        let weak = pos(
            "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[OOoo] b - - 0 1 select",
        );
        assert_eq!(group(&strong, "material"), 0);
        assert!(
            group(&strong, "draft") > group(&weak, "draft"),
            "stronger armies favour White, who moves first"
        );
        let lopsided = pos("2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/R1K2[SNOrsno] w - - 0 1 place");
        assert_eq!(
            group(&lopsided, "material"),
            0,
            "a placed piece and a held one count the same"
        );
    }

    #[test]
    fn pawn_progress_rewards_advanced_pawns() {
        let back = pos("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/P4/K4 w - - 0 1");
        let ahead = pos("4k/5/5/5/5|5/P4/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - 0 1");
        assert!(group(&ahead, "pawns") > group(&back, "pawns"));
    }

    #[test]
    fn a_lost_king_is_the_only_feature() {
        let p = pos("5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K3R w - - 0 1");
        let (features, _) = crate::params::features(&p);
        assert_eq!(features, vec![(KING_LOST, -1)]);
        assert_eq!(PentaplaneEval::default().evaluate(&p), 5000);
    }
}
