//! Evaluation for Geodesic Chess.
//!
//! Features (North's point of view, weights in `eval/tables/geodesic.txt`):
//! * material: per piece kind. The hand-set values came from the pieces' average
//!   number of destinations on the empty sphere ([`crate::average_mobility`]; a Pawn
//!   or Squire counted as leaps to its forward cells): value = 100 × (mobility / Pawn
//!   mobility)^0.6, compressed because a Queen sees ~20× a Pawn's cells. Every
//!   weight of the built-in table, the tempo's too, is now fitted to self-play games
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
//! * threats (second round, 2026-12-04): pieces attacked and not
//!   defended; Queens, Rooks and Templars attacked by a Pawn or Squire; Queens
//!   attacked by a Rook or Templar and Rooks by a Templar; Pawns and Squires defended;
//! * king also: cells next to the King the enemy attacks and only the King defends,
//!   and those an enemy Queen attacks; mobility also per slider kind;
//! * psqt: a table per kind by latitude (steps from the owner's King's start cell,
//!   the same for both sides since the setups are antipodal), and a weight per kind
//!   for standing on a pentagon.
//!
//! Phase: the Queens', Rooks' and Templars' material on the board (fixed values, the
//! initial table's), relative to the start position's.

use crate::params::{Accumulator, Param, Terms};
use engine::variants::geodesic::tables::*;
use engine::variants::geodesic::{kind_of, side_of, AttackMap, Geodesic};
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

// Second round (learned from self-play).
const HANGING: Param = 15; // pieces attacked by the enemy and not defended
const BY_PAWN: Param = 16; // Queens, Rooks and Templars attacked by a Pawn or Squire
const BY_LESSER: Param = 17; // Queens attacked by a Rook or Templar, Rooks by a Templar
const PAWN_DEFENDED: Param = 18; // Pawns and Squires defended
const KING_WEAK: Param = 19; // cells next to the King attacked and defended by the King alone
const KING_QUEEN_ATTACK: Param = 20; // cells next to the King an enemy Queen attacks
const MOBILITY: Param = 21; // Queen, Rook, Templar: per destination
/// Piece-square tables by latitude: `PSQT + latitudes() * table + latitude`, where
/// latitude counts steps from the owner's King's start cell and `table` indexes
/// [`PSQT_KINDS`]; then one "on a pentagon" weight per kind at `PENTAGON`.
const PSQT: Param = 24;
const PSQT_KINDS: [(u8, &str); 6] = [
    (KING, "king"),
    (QUEEN, "queen"),
    (ROOK, "rook"),
    (TEMPLAR, "templar"),
    (SQUIRE, "squire"),
    (PAWN, "pawn"),
];

const NAMED: [&str; PSQT] = [
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
    "threats.hanging",
    "threats.by_pawn",
    "threats.by_lesser",
    "pawns.defended",
    "king.weak_neighbours",
    "king.queen_attack",
    "mobility.queen",
    "mobility.rook",
    "mobility.templar",
];

/// The first "on a pentagon" weight (one per [`PSQT_KINDS`] entry).
fn pentagon_param() -> Param {
    PSQT + PSQT_KINDS.len() * eval_tables().latitudes
}

/// Every parameter's name: the named ones, then the piece-square tables
/// (`psqt.rook.l5`: a Rook 5 steps from its King's start cell) and the pentagon
/// weights (`psqt.rook.pentagon`).
fn layout_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let mut names: Vec<&'static str> = NAMED.to_vec();
        for (_, kind) in PSQT_KINDS {
            for l in 0..eval_tables().latitudes {
                names.push(leak(format!("psqt.{kind}.l{l}")));
            }
        }
        for (_, kind) in PSQT_KINDS {
            names.push(leak(format!("psqt.{kind}.pentagon")));
        }
        names
    })
}

/// A kind's index in [`PSQT_KINDS`] (Obelisks have no table).
fn psqt_table(kind: u8) -> Option<usize> {
    PSQT_KINDS.iter().position(|&(k, _)| k == kind)
}

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
    /// Steps (between edge-adjacent cells) from each side's King's start cell to
    /// every cell: North's and South's are antipodal images of each other.
    pub latitude: [Vec<usize>; 2],
    /// The number of distinct latitudes (the largest plus one).
    pub latitudes: usize,
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
    let latitude = [0usize, 1].map(|side| {
        let start = tb
            .setup
            .iter()
            .find(|&&(_, code)| kind_of(code) == KING && side_of(code) == side)
            .map(|&(c, _)| c)
            .expect("each side has a King in the setup");
        let mut d = vec![usize::MAX; n];
        d[start as usize] = 0;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(c) = queue.pop_front() {
            for &x in &tb.sphere.nbr[c as usize] {
                if d[x as usize] == usize::MAX {
                    d[x as usize] = d[c as usize] + 1;
                    queue.push_back(x);
                }
            }
        }
        d
    });
    let latitudes = latitude[0].iter().max().map_or(1, |m| m + 1);
    GeoEvalTables {
        centrality,
        pawn_distance,
        max_distance,
        latitude,
        latitudes,
    }
}

impl Terms for Geodesic {
    fn layout() -> &'static [&'static str] {
        layout_names()
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
            let (mine, theirs) = (&attacks[side], &attacks[1 - side]);
            // The side's pieces by kind, for the threats.
            let mut placed = [Cells::EMPTY; 8];
            for c in pos.side_cells(side).iter() {
                let kind = kind_of(pos.piece_at(c));
                placed[kind as usize].insert(c);
                if let Some(t) = psqt_table(kind) {
                    acc.add(
                        PSQT + et.latitudes * t + et.latitude[side][c as usize],
                        sign,
                    );
                    if tb.pentagons.contains(c) {
                        acc.add(pentagon_param() + t, sign);
                    }
                }
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
            acc.add(MOBILITY_SLIDER, sign * mine.slider_mobility);
            for (i, kind) in [QUEEN, ROOK, TEMPLAR].into_iter().enumerate() {
                acc.add(MOBILITY + i, sign * mine.mobility[kind as usize]);
            }
            threats(&placed, sign, mine, theirs, acc);
            let king = pos.king(side);
            // Own cells defended by something other than the King.
            let guarded = mine
                .by_kind
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != KING as usize)
                .fold(Cells::EMPTY, |a, (_, &m)| a | m);
            let (mut attacked, mut shield, mut weak, mut by_queen) = (0, 0, 0, 0);
            for &(_, x) in &tb.steps[king as usize] {
                if theirs.cells.contains(x) {
                    attacked += 1;
                    weak += i32::from(!guarded.contains(x));
                    by_queen += i32::from(theirs.by_kind[QUEEN as usize].contains(x));
                }
                let code = pos.piece_at(x);
                if code != 0 && side_of(code) == side {
                    shield += 1;
                }
            }
            acc.add(KING_ZONE_ATTACK, sign * attacked);
            acc.add(KING_SHIELD, sign * shield);
            acc.add(KING_WEAK, sign * weak);
            acc.add(KING_QUEEN_ATTACK, sign * by_queen);
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

/// The threats to `side`'s pieces (`sign`: +1 for North), given both sides' attacks:
/// pieces hanging, attacked by a Pawn or Squire, or attacked by a lesser piece; and
/// its Pawns and Squires defended. `placed` holds the side's pieces by kind.
fn threats<A: Accumulator>(
    placed: &[Cells; 8],
    sign: i32,
    mine: &AttackMap,
    theirs: &AttackMap,
    acc: &mut A,
) {
    let of_kind = |kinds: &[u8]| {
        kinds
            .iter()
            .fold(Cells::EMPTY, |set, &k| set | placed[k as usize])
    };
    // Kings and Obelisks are never captured.
    let men = of_kind(&[QUEEN, ROOK, TEMPLAR, SQUIRE, PAWN]);
    acc.add(
        HANGING,
        sign * (men & theirs.cells).without(mine.cells).len() as i32,
    );
    let pawn_attacks = theirs.by_kind[PAWN as usize] | theirs.by_kind[SQUIRE as usize];
    acc.add(
        BY_PAWN,
        sign * (of_kind(&[QUEEN, ROOK, TEMPLAR]) & pawn_attacks).len() as i32,
    );
    let templar_attacks = theirs.by_kind[TEMPLAR as usize];
    let lesser = (of_kind(&[QUEEN]) & (theirs.by_kind[ROOK as usize] | templar_attacks)).len()
        + (of_kind(&[ROOK]) & templar_attacks).len();
    acc.add(BY_LESSER, sign * lesser as i32);
    acc.add(
        PAWN_DEFENDED,
        sign * (of_kind(&[PAWN, SQUIRE]) & mine.cells).len() as i32,
    );
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
        assert_eq!(builtin::<Geodesic>().len(), layout_names().len());
        assert_eq!(NAMED.len(), MOBILITY + 3);
        assert_eq!(
            layout_names().len(),
            pentagon_param() + PSQT_KINDS.len(),
            "every kind has a table and a pentagon weight"
        );
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
    fn every_feature_of_the_start_is_balanced() {
        // The sides' setups are antipodal images, so each feature (the latitude
        // tables' included) counts the same for both and nets to zero.
        let start = Geodesic::startpos();
        for p in 0..layout_names().len() {
            if p != TEMPO {
                assert_eq!(feature_count(&start, p), 0, "{}", layout_names()[p]);
            }
        }
        // ... and the tables are used: every piece stands on some latitude.
        let pieces: i32 = (PSQT..pentagon_param())
            .map(|p| features_of(&start, p))
            .sum();
        // 55 pieces but the 3 Obelisks, less the South King `features_of` keeps.
        assert_eq!(pieces, 55 - 3 - 1, "one entry per piece but the Obelisks");
    }

    /// North's own count of feature `p` (South's pieces removed).
    fn features_of(pos: &Geodesic, p: Param) -> i32 {
        let tb = tables();
        let north: Vec<String> = pos
            .side_cells(0)
            .iter()
            .map(|c| {
                format!(
                    "{}{}",
                    PIECE_LETTERS[kind_of(pos.piece_at(c)) as usize],
                    tb.name(c)
                )
            })
            .collect();
        // A lone South King far away keeps the position legal.
        let fen = format!("{},ku w - - 0 1", north.join(","));
        feature_count(&Geodesic::from_fen(&fen).unwrap(), p)
    }

    #[test]
    fn a_queen_attacked_by_a_rook_is_threatened_by_a_lesser_piece() {
        let tb = tables();
        let name = |c: Cell| tb.name(c).to_string();
        // A South Rook next to a North Queen along a row, a second North Queen
        // behind it on the same row: the first of some such placement that leaves
        // neither King in check.
        let (alone, guarded) = (0..tb.num_cells() as Cell)
            .flat_map(|rook| tb.rook.lines(rook).map(move |(_, line)| (rook, line)))
            .filter(|(_, line)| line.len() > 2)
            .find_map(|(rook, line)| {
                let (q, g, r) = (name(line[0]), name(line[1]), name(rook));
                let alone = Geodesic::from_fen(&format!("Ka,Q{q},r{r},ku w - - 0 1")).ok()?;
                let guarded =
                    Geodesic::from_fen(&format!("Ka,Q{q},Q{g},r{r},ku w - - 0 1")).ok()?;
                Some((alone, guarded))
            })
            .expect("some placement is legal");
        let fen = alone.fen();
        // Queen and Rook attack each other and neither is defended.
        assert_eq!(feature_count(&alone, BY_LESSER), 1, "{fen}");
        assert_eq!(feature_count(&alone, HANGING), 0, "both hang: {fen}");
        // The second Queen defends the first: only the Rook hangs.
        let fen = guarded.fen();
        assert_eq!(feature_count(&guarded, HANGING), -1, "{fen}");
        assert_eq!(feature_count(&guarded, BY_LESSER), 1, "{fen}");
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
