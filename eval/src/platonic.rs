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
//! * **threats** (second round, learned from self-play): men attacked and not
//!   defended, solids attacked by a pawn or by a lesser solid.
//! * **pawns** also: defended, isolated, doubled and passed pawns (a passed pawn has
//!   no enemy pawn ahead on its own or a neighbouring file), the last also by rank.
//! * **royal** also: own men beside the Tetrahedrons, cells beside them that the
//!   enemy attacks and only they defend, and how far apart the two stand (the fork
//!   mates need them close).
//! * **psqt**: a piece-square table per kind, from the owner's side, mirrored left to
//!   right (5 files x 10 ranks).
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

// The parameters, in layout order (`layout_names` names them). Per-solid groups are indexed
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
const HANGING: Param = 24; // men attacked by the enemy and not defended
const BY_PAWN: Param = 25; // solids attacked by an enemy pawn
const BY_LESSER: Param = 26; // solids attacked by a lesser enemy solid
const PAWN_DEFENDED: Param = 27;
const PAWN_ISOLATED: Param = 28;
const PAWN_DOUBLED: Param = 29; // pawns beyond the first on a file
const PAWN_PASSED: Param = 30;
const PAWN_PASSED_RANK: Param = 31; // a passed pawn's own rank beyond the 3rd
const ROYAL_SHELTER: Param = 32; // own men beside a Tetrahedron
const ROYAL_WEAK: Param = 33; // cells beside a Tetrahedron attacked, defended by no other man
const ROYAL_ADJACENT: Param = 34; // the two Tetrahedrons touch
const ROYAL_APART: Param = 35; // king-move distance between the two
/// Piece-square tables: `PSQT + CELLS_PER_TABLE * kind index + psqt_cell`.
const PSQT: Param = 36;
/// Half the board's files (mirrored) times its ranks.
const CELLS_PER_TABLE: usize = WIDTH / 2 * 10;
const PARAMS: usize = PSQT + 6 * CELLS_PER_TABLE;

const NAMED: [&str; PSQT] = [
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
    "threats.hanging",
    "threats.by_pawn",
    "threats.by_lesser",
    "pawns.defended",
    "pawns.isolated",
    "pawns.doubled",
    "pawns.passed",
    "pawns.passed_rank",
    "royal.shelter",
    "royal.weak_neighbours",
    "royal.adjacent",
    "royal.apart",
];

/// Every parameter's name: the named ones, then the piece-square cells
/// (`psqt.cube.e4`: own rank 4, file e or f).
fn layout_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let kinds = [
            "pawn",
            "tetrahedron",
            "cube",
            "octahedron",
            "dodecahedron",
            "icosahedron",
        ];
        let mut names: Vec<&'static str> = NAMED.to_vec();
        for kind in kinds {
            for cell in 0..CELLS_PER_TABLE {
                let (rank, file) = (cell / 5 + 1, (b'a' + (cell % 5) as u8) as char);
                names.push(Box::leak(
                    format!("psqt.{kind}.{file}{rank}").into_boxed_str(),
                ));
            }
        }
        debug_assert_eq!(names.len(), PARAMS);
        names
    })
}

/// A cell's index in the piece-square tables, from `side`'s view and mirrored.
#[inline]
fn psqt_cell(side: Side, c: Cell) -> usize {
    let file = c as usize % WIDTH;
    Platonic::own_rank(side, c) * (WIDTH / 2) + file.min(WIDTH - 1 - file)
}

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
        layout_names()
    }

    fn builtin_table() -> &'static str {
        include_str!("../tables/platonic.txt")
    }

    fn terms<A: Accumulator>(&self, acc: &mut A) -> f32 {
        let pos = self;
        let t = tables();
        let centre = centre();
        let mut phase = 0;
        let maps = [
            AttackMaps::of(pos, Side::White),
            AttackMaps::of(pos, Side::Black),
        ];
        for us in [Side::White, Side::Black] {
            let sign = if us == Side::White { 1 } else { -1 };
            let look = |c: Cell| pos.square_for(us, c);
            let (mine, theirs) = (&maps[us.index()], &maps[us.opposite().index()]);
            for k in SOLIDS {
                for c in pos.pieces(us, k).iter() {
                    acc.add(PSQT + CELLS_PER_TABLE * k.index() + psqt_cell(us, c), sign);
                }
                if k == Kind::Tetrahedron {
                    continue;
                }
                let s = solid(k);
                let men = pos.pieces(us, k);
                for c in men.iter() {
                    acc.add(MATERIAL + s, sign);
                    phase += PHASE_VALUE[s];
                    let mut n = 0;
                    t.moves[us.index()][k.index()].walk(c, look, |_, _| n += 1);
                    acc.add(MOBILITY + s, sign * n);
                    acc.add(CENTRALITY + s, sign * centre[c as usize]);
                }
                acc.add(
                    BY_PAWN,
                    sign * (men & theirs.by_kind[Kind::Pawn.index()]).len() as i32,
                );
                let lesser = SOLIDS[1..]
                    .iter()
                    .filter(|l| l.index() < k.index())
                    .fold(Cells::EMPTY, |m, l| m | theirs.by_kind[l.index()]);
                acc.add(BY_LESSER, sign * (men & lesser).len() as i32);
            }
            let pawns = pos.pieces(us, Kind::Pawn);
            let their_pawns = pos.pieces(us.opposite(), Kind::Pawn);
            for c in pawns.iter() {
                acc.add(MATERIAL_PAWN, sign);
                acc.add(
                    PSQT + CELLS_PER_TABLE * Kind::Pawn.index() + psqt_cell(us, c),
                    sign,
                );
                let rank = Platonic::own_rank(us, c);
                if rank >= FIRST_BONUS_RANK {
                    acc.add(PAWN_RANK + rank - FIRST_BONUS_RANK, sign);
                }
                let file = c as usize % WIDTH;
                if !pawns.intersects(&neighbour_files(file)) {
                    acc.add(PAWN_ISOLATED, sign);
                }
                if (their_pawns & ahead(us, c)).is_empty() {
                    acc.add(PAWN_PASSED, sign);
                    acc.add(PAWN_PASSED_RANK, sign * (rank as i32 - 2).max(0));
                }
            }
            acc.add(PAWN_DEFENDED, sign * (pawns & mine.all).len() as i32);
            for file in 0..WIDTH {
                let n = (pawns & file_cells(file)).len() as i32;
                if n > 1 {
                    acc.add(PAWN_DOUBLED, sign * (n - 1));
                }
            }
            let men = pos
                .side_cells(us)
                .without(pos.pieces(us, Kind::Tetrahedron));
            acc.add(
                HANGING,
                sign * (men & theirs.all).without(mine.all).len() as i32,
            );
            royal_danger(pos, us, sign, mine, theirs, acc);
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

/// The cells one side attacks (could capture on), by the kind of man attacking and
/// all together. A cell holding one's own man counts: that man is defended.
struct AttackMaps {
    by_kind: [Cells; 6],
    all: Cells,
    /// Cells attacked by men other than the Tetrahedrons: a cell beside a
    /// Tetrahedron that only the Tetrahedrons guard is weak.
    by_other_than_royals: Cells,
}

impl AttackMaps {
    fn of(pos: &Platonic, by: Side) -> AttackMaps {
        let by_kind = pos.attack_maps_by_kind(by);
        let all = by_kind.iter().fold(Cells::EMPTY, |a, &m| a | m);
        let by_other_than_royals = by_kind
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != Kind::Tetrahedron.index())
            .fold(Cells::EMPTY, |a, (_, &m)| a | m);
        AttackMaps {
            by_kind,
            all,
            by_other_than_royals,
        }
    }
}

/// The cells of file `file`.
fn file_cells(file: usize) -> Cells {
    static T: OnceLock<Vec<Cells>> = OnceLock::new();
    T.get_or_init(|| {
        (0..WIDTH)
            .map(|f| Cells::from_cells((0..10).map(|r| (r * WIDTH + f) as Cell)))
            .collect()
    })[file]
}

/// The cells of the files beside `file`.
fn neighbour_files(file: usize) -> Cells {
    let mut s = Cells::EMPTY;
    if file > 0 {
        s |= file_cells(file - 1);
    }
    if file + 1 < WIDTH {
        s |= file_cells(file + 1);
    }
    s
}

/// The cells ahead of a pawn of `side` on `c`, on its file and the files beside it:
/// where an enemy pawn would stop it or take it on its way.
fn ahead(side: Side, c: Cell) -> Cells {
    static T: OnceLock<[Vec<Cells>; 2]> = OnceLock::new();
    let t = T.get_or_init(|| {
        let table = |side: Side| {
            (0..WIDTH * 10)
                .map(|cell| {
                    let file = cell % WIDTH;
                    let rank = Platonic::own_rank(side, cell as Cell);
                    (file_cells(file) | neighbour_files(file))
                        .iter()
                        .filter(|&x| Platonic::own_rank(side, x) > rank)
                        .collect()
                })
                .collect()
        };
        [table(Side::White), table(Side::Black)]
    });
    t[side.index()][c as usize]
}

/// How exposed `us`'s two Tetrahedrons are (`sign`: +1 for White), given both
/// sides' attacks.
fn royal_danger<A: Accumulator>(
    pos: &Platonic,
    us: Side,
    sign: i32,
    mine: &AttackMaps,
    theirs: &AttackMaps,
    acc: &mut A,
) {
    let t = tables();
    let royals: Vec<Cell> = pos.pieces(us, Kind::Tetrahedron).iter().collect();
    let own = pos.side_cells(us);
    for &r in &royals {
        let mut zone = Cells::EMPTY;
        zone.insert(r);
        let mut neighbours = Cells::EMPTY;
        for d in 0..t.topo.num_dirs() {
            if let Some(n) = t.topo.step(r, d) {
                zone.insert(n);
                neighbours.insert(n);
            }
        }
        acc.add(ROYAL_ZONE_ATTACK, sign * (zone & theirs.all).len() as i32);
        acc.add(
            ROYAL_SHELTER,
            sign * (neighbours & own)
                .without(pos.pieces(us, Kind::Tetrahedron))
                .len() as i32,
        );
        acc.add(
            ROYAL_WEAK,
            sign * (neighbours & theirs.all)
                .without(mine.by_other_than_royals)
                .len() as i32,
        );
    }
    if royals.len() == 2 {
        let (squares, threats) = forkability(pos, us, royals[0], royals[1]);
        acc.add(ROYAL_FORK_SQUARE, sign * squares);
        acc.add(ROYAL_FORK_THREAT, sign * threats);
        let (a, b) = (royals[0] as i32, royals[1] as i32);
        let w = WIDTH as i32;
        let apart = ((a % w) - (b % w)).abs().max((a / w - b / w).abs());
        acc.add(ROYAL_ADJACENT, sign * (apart == 1) as i32);
        acc.add(ROYAL_APART, sign * apart);
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

    #[test]
    fn the_built_in_table_is_complete() {
        // `builtin` panics on a missing, unknown or repeated parameter.
        let names = layout_names();
        assert_eq!(builtin::<Platonic>().len(), names.len());
        assert_eq!(names.len(), PARAMS);
        assert_eq!(names[PAWN_RANK + 9 - FIRST_BONUS_RANK], "pawns.rank10");
        assert_eq!(names[TEMPO], "tempo.side_to_move");
        assert_eq!(names[PSQT - 1], "royal.apart");
        assert_eq!(
            names[PSQT + CELLS_PER_TABLE * Kind::Cube.index() + 3 * 5 + 4],
            "psqt.cube.e4"
        );
    }

    fn count(fen: &str, p: Param) -> i32 {
        crate::params::feature_count(&Platonic::from_fen(fen).unwrap(), p)
    }

    #[test]
    fn an_undefended_man_under_attack_hangs() {
        // The black Icosahedron on e7 slides to e4 and takes the white Cube there.
        let open = "4tt4/10/10/4i5/10/10/4C5/10/10/4TT4 w - - 0 1";
        assert_eq!(count(open, HANGING), 1);
        assert_eq!(
            count(open, BY_LESSER),
            0,
            "the Icosahedron is the greater solid"
        );
        // A white Octahedron on c2 guards e4 (two steps diagonally).
        let guarded = "4tt4/10/10/4i5/10/10/4C5/10/2O7/4TT4 w - - 0 1";
        assert_eq!(count(guarded, HANGING), 0);
        // Colours swapped: the count changes sign.
        let black = "4tt4/10/10/4c5/10/10/4I5/10/10/4TT4 w - - 0 1";
        assert_eq!(count(black, HANGING), -1);
        assert_eq!(count(black, BY_LESSER), 0);
    }

    #[test]
    fn a_solid_attacked_by_a_lesser_one_or_a_pawn_counts() {
        // The black Cube on d6 steps diagonally onto e5, where the white Icosahedron is.
        let by_cube = "4tt4/10/10/10/3c6/4I5/10/10/10/4TT4 w - - 0 1";
        assert_eq!(count(by_cube, BY_LESSER), 1);
        assert_eq!(count(by_cube, BY_PAWN), 0);
    }

    #[test]
    fn piece_square_cells_mirror_for_both_sides() {
        let cube = PSQT + CELLS_PER_TABLE * Kind::Cube.index();
        // A white Cube on e4 and on f4 (mirrored) use cell e4; a black one on e7 too.
        assert_eq!(
            count(
                "4tt4/10/10/10/10/10/4C5/10/10/4TT4 w - - 0 1",
                cube + 3 * 5 + 4
            ),
            1
        );
        assert_eq!(
            count(
                "4tt4/10/10/10/10/10/5C4/10/10/4TT4 w - - 0 1",
                cube + 3 * 5 + 4
            ),
            1
        );
        assert_eq!(
            count(
                "4tt4/10/10/4c5/10/10/10/10/10/4TT4 w - - 0 1",
                cube + 3 * 5 + 4
            ),
            -1
        );
    }

    #[test]
    fn passed_pawns_count_by_rank() {
        // White's pawn on d7 meets no black pawn ahead on files c..e, Black's on h8
        // no white pawn ahead on files g..i: one passed pawn each, White's the further.
        let free = "4tt4/10/7p2/3P6/10/10/10/10/10/4TT4 w - - 0 1";
        assert_eq!(count(free, PAWN_PASSED), 0);
        assert_eq!(count(free, PAWN_PASSED_RANK), (6 - 2) - (2 - 2));
        // A black pawn on e8 stands ahead of White's d7 pawn on a neighbouring file.
        let stopped = "4tt4/10/4p5/3P6/10/10/10/10/10/4TT4 w - - 0 1";
        assert_eq!(count(stopped, PAWN_PASSED), 0, "neither is passed");
        assert_eq!(count(stopped, PAWN_PASSED_RANK), 0);
        assert_eq!(count(stopped, PAWN_ISOLATED), 0, "one isolated pawn each");
    }

    #[test]
    fn values_follow_mobility_order() {
        let w = builtin::<Platonic>();
        let v = |k: Kind| w.mg[MATERIAL + solid(k)];
        assert!(v(Kind::Cube) < v(Kind::Octahedron));
        assert!(v(Kind::Octahedron) < v(Kind::Dodecahedron));
        assert!(v(Kind::Dodecahedron) < v(Kind::Icosahedron));
        assert!(v(Kind::Cube) > w.mg[MATERIAL_PAWN]);
        // A pawn gains with its rank power: the last ranks are worth more than the
        // middle ones, and those more than the 4th (the fit need not be monotonic).
        let ranks = &w.mg[PAWN_RANK..PAWN_RANK + 7];
        assert!(ranks[6] > ranks[3] && ranks[3] > ranks[0], "{ranks:?}");
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
        // The start is symmetric: only the side to move's tempo is left.
        let tempo = b.iter().find(|x| x.0 == "tempo").unwrap().1;
        assert!(tempo > 0);
        assert_eq!(total, tempo);
        assert_eq!(e.evaluate(&p), tempo);
        let black =
            Platonic::from_fen(&engine::variants::platonic::START_FEN.replace(" w ", " b "))
                .unwrap();
        assert_eq!(e.evaluate(&black), tempo);
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
        // The Icosahedron 100 centipawns dearer in both phases.
        let w = builtin::<Platonic>();
        let (mg, eg) = (w.mg[MATERIAL + 3] + 100.0, w.eg[MATERIAL + 3] + 100.0);
        let table = format!("variant platonic\nmaterial.icosahedron {mg} {eg}\n");
        let tuned: TableEval<Platonic> = Platonic::eval_from_table(&table).unwrap().unwrap();
        assert!((tuned.evaluate(&pos) - (before + 100)).abs() <= 1);
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
