//! Evaluation for the chess family (chess, crazyhouse, atomic).
//!
//! Terms, each computed from White's view and tapered between middlegame and endgame
//! by the non-pawn material left:
//! * material (and, in crazyhouse, pieces in hand);
//! * centrality: a cell's worth is how many knight leaps the board's own topology
//!   offers from it (2 in a corner, 8 in the centre), so no hand-written square table;
//! * mobility: attacked cells not occupied by own pieces, per piece kind, and those
//!   of them an enemy pawn attacks;
//! * king safety: pawn shield and enemy attacks on the king's neighbourhood; in
//!   atomic, pieces next to one's own king that the enemy can capture (the explosion
//!   would take the king) and, in crazyhouse, a larger weight for attacks (drops);
//! * pawns: advancement (growing towards the endgame), passed pawns, doubled and
//!   isolated pawns;
//! * pieces: the bishop pair, rooks on open and half-open files;
//! * threats: pieces attacked by enemy pawns, rooks and queens attacked by minors;
//! * king danger growing with the square of the attacks on the king's neighbourhood,
//!   and safe checks: cells from which an enemy piece can check and that the king's
//!   side does not attack;
//! * threats also: hanging pieces (attacked, not defended), queens attacked by rooks;
//! * outposts: knights and bishops in the enemy half that an own pawn defends and no
//!   enemy pawn can chase;
//! * pawns also: connected pawns (defended or beside another), backward pawns, blocked
//!   passed pawns and the kings' distances to a passed pawn's next cell;
//! * king-zone cells only the king defends; rooks on the seventh; own pawns on a
//!   bishop's colour; minors right behind a pawn; space (safe central cells behind
//!   own pawns);
//! * in crazyhouse, the drops against a king: safe cells from which a piece the enemy
//!   holds in hand would check, and the enemy's hand times the empty cells next to the
//!   king that only the king defends;
//! * in atomic, the own pieces next to each own man the enemy attacks (a capture there
//!   blows them up too);
//! * passed pawns whose next cell, or whole way, is empty and unattacked; a king on a
//!   flank without pawns; pieces a safe enemy pawn push would attack;
//! * a piece-square table per kind, mirrored left to right (32 cells a kind), all
//!   learned by `manifold tune` from self-play (docs/tuning.md): nothing hand-set.

use crate::params::{Accumulator, Param, Terms};
use engine::variants::chess::bitboard::{tables, Bitboard, Cells, FILE_A, FILE_H, RANK_1, RANK_8};
use engine::variants::chess::board::{Board, Rules, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use engine::{Position, Side};

// The parameters, in layout order (`layout` names them). Per-kind groups are
// indexed by kind, pawn..king.
const MATERIAL: Param = 0; // pawn..queen
const HAND: Param = 5; // pawn..queen in hand (crazyhouse)
const CENTRALITY: Param = 10; // pawn..king: per knight leap from the cell
const MOBILITY: Param = 16; // knight..queen: per attacked cell beyond the baseline
const PAWN_ADVANCE: Param = 20; // per rank beyond the start
const PASSED_PAWN: Param = 21; // relative ranks 1..6
const DOUBLED_PAWN: Param = 27;
const KING_SHIELD: Param = 28; // own pawns in front of and around the king
const KING_ZONE_ATTACK: Param = 29; // enemy attacks on the king's neighbourhood
const ATOMIC_EXPOSED_NEIGHBOUR: Param = 30; // own piece next to the king, attacked
const ATOMIC_KINGS_TOUCH: Param = 31;
const TEMPO: Param = 32;
const ISOLATED_PAWN: Param = 33;
const BISHOP_PAIR: Param = 34;
const ROOK_OPEN_FILE: Param = 35; // no pawn of either side on the file
const ROOK_HALF_OPEN_FILE: Param = 36; // only enemy pawns on the file
const THREAT_BY_PAWN: Param = 37; // per own non-pawn piece an enemy pawn attacks
const THREAT_BY_MINOR: Param = 38; // per own rook or queen an enemy minor attacks
const KING_ZONE_ATTACK_SQUARED: Param = 39; // (attacks on the king's neighbourhood)^2
const SAFE_CHECK: Param = 40; // knight..queen: cells to check from, not defended
const HANGING: Param = 44; // own non-pawn piece attacked and not defended
const THREAT_BY_ROOK: Param = 45; // own queen attacked by an enemy rook
const OUTPOST: Param = 46; // knight, bishop
const CONNECTED_PAWN: Param = 48; // defended by a pawn or beside one
const PASSED_BLOCKED: Param = 49; // a passed pawn whose next cell is occupied
const PASSED_KING_PROXIMITY: Param = 50; // (their king's - own king's distance) x rank
const MOBILITY_INTO_PAWN_ATTACKS: Param = 51; // mobility cells an enemy pawn attacks
const WEAK_KING_ZONE: Param = 52; // king-zone cells attacked, defended by the king alone
const ROOK_ON_SEVENTH: Param = 53;
const BISHOP_PAWNS_SAME_COLOUR: Param = 54; // per bishop: own pawns on its colour
const MINOR_BEHIND_PAWN: Param = 55; // a knight or bishop right behind an own pawn
const BACKWARD_PAWN: Param = 56;
const SPACE: Param = 57; // safe central cells behind own pawns (ranks 2-4)
/// Piece-square tables: kind (pawn..king) x 32 cells (relative rank x file from the
/// nearer edge, a..d), `PSQT + 32 * kind + cell`.
const PSQT: Param = 58;
/// Crazyhouse's drops against a king (after the piece-square tables; never counted
/// where there are no drops): pawn..queen, empty cells from which a piece of the kind
/// the enemy holds in hand would check the king and could not be taken at once...
const DROP_CHECK: Param = PSQT + 6 * 32;
/// ...and the enemy's pieces in hand (at most `HAND_PRESSURE_CAP`) times the empty
/// cells next to the king that no own piece but the king defends: where drops land.
const HAND_PRESSURE: Param = DROP_CHECK + 5;
const HAND_PRESSURE_CAP: i32 = 6;
/// Atomic: per own man the enemy attacks, the own pieces (not pawns, not the king)
/// next to it, which a capture there would blow up with it.
const ATOMIC_BLAST: Param = HAND_PRESSURE + 1;
/// A passed pawn whose way to promotion (its file ahead) is empty and not attacked by
/// the enemy, times its relative rank index less one (the sixth set, counted in every
/// member of the family)...
const PASSED_FREE_PATH: Param = ATOMIC_BLAST + 1;
/// ...and one whose next cell alone is empty and not attacked, the same way.
const PASSED_SAFE_STOP: Param = PASSED_FREE_PATH + 1;
/// A king on a flank (the three or four files around it) without pawns of either side.
const KING_PAWNLESS_FLANK: Param = PASSED_SAFE_STOP + 1;
/// Own pieces (not pawns, not the king) that an enemy pawn would attack after a safe
/// push of one or two cells.
const THREAT_BY_PAWN_PUSH: Param = KING_PAWNLESS_FLANK + 1;
const PARAMS: usize = THREAT_BY_PAWN_PUSH + 1;

const NAMED: [&str; PSQT] = [
    "material.pawn",
    "material.knight",
    "material.bishop",
    "material.rook",
    "material.queen",
    "hand.pawn",
    "hand.knight",
    "hand.bishop",
    "hand.rook",
    "hand.queen",
    "centrality.pawn",
    "centrality.knight",
    "centrality.bishop",
    "centrality.rook",
    "centrality.queen",
    "centrality.king",
    "mobility.knight",
    "mobility.bishop",
    "mobility.rook",
    "mobility.queen",
    "pawns.advance",
    "pawns.passed_rank2",
    "pawns.passed_rank3",
    "pawns.passed_rank4",
    "pawns.passed_rank5",
    "pawns.passed_rank6",
    "pawns.passed_rank7",
    "pawns.doubled",
    "king.shield",
    "king.zone_attack",
    "king.atomic_exposed_neighbour",
    "king.atomic_kings_touch",
    "tempo.side_to_move",
    "pawns.isolated",
    "pieces.bishop_pair",
    "pieces.rook_open_file",
    "pieces.rook_half_open_file",
    "threats.by_pawn",
    "threats.by_minor_on_major",
    "king.zone_attack_squared",
    "king.safe_check_knight",
    "king.safe_check_bishop",
    "king.safe_check_rook",
    "king.safe_check_queen",
    "threats.hanging",
    "threats.by_rook_on_queen",
    "pieces.knight_outpost",
    "pieces.bishop_outpost",
    "pawns.connected",
    "pawns.passed_blocked",
    "pawns.passed_king_proximity",
    "mobility.into_pawn_attacks",
    "king.weak_zone_cells",
    "pieces.rook_on_seventh",
    "pieces.bishop_pawns_same_colour",
    "pieces.minor_behind_pawn",
    "pawns.backward",
    "space.safe_behind_pawns",
];

/// Every parameter's name: the named ones, then the piece-square cells
/// (`psqt.knight.d4`: relative rank 4, file d or e).
fn layout_names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let kinds = ["pawn", "knight", "bishop", "rook", "queen", "king"];
        let mut names: Vec<&'static str> = NAMED.to_vec();
        for kind in kinds {
            for cell in 0..32 {
                let (rank, file) = (cell / 4 + 1, (b'a' + (cell % 4) as u8) as char);
                names.push(Box::leak(
                    format!("psqt.{kind}.{file}{rank}").into_boxed_str(),
                ));
            }
        }
        for kind in &kinds[..5] {
            names.push(Box::leak(
                format!("king.drop_check_{kind}").into_boxed_str(),
            ));
        }
        names.push("king.enemy_hand_x_open_zone");
        names.push("threats.atomic_blast");
        names.extend([
            "pawns.passed_free_path",
            "pawns.passed_safe_stop",
            "king.pawnless_flank",
            "threats.by_pawn_push",
        ]);
        debug_assert_eq!(names.len(), PARAMS);
        names
    })
}

/// A cell's index in the piece-square tables, from `side`'s view and mirrored.
#[inline]
fn psqt_cell(side: Side, sq: u8) -> usize {
    let file = sq % 8;
    (relative_rank(side, sq) * 4) as usize + file.min(7 - file) as usize
}

/// King-move distance between two cells.
#[inline]
fn distance(a: u8, b: u8) -> i32 {
    let (fa, ra, fb, rb) = (
        (a % 8) as i32,
        (a / 8) as i32,
        (b % 8) as i32,
        (b / 8) as i32,
    );
    (fa - fb).abs().max((ra - rb).abs())
}

/// Piece values (pawn..queen) that measure the game phase: fixed, not tuned, so the
/// phase of a position never depends on the table.
const PHASE_VALUE: [i32; 5] = [0, 320, 330, 500, 900];
/// Non-pawn material at which the game counts as a full middlegame.
const PHASE_FULL: i32 = 2 * (2 * 320 + 2 * 330 + 2 * 500 + 900);
/// Cells of mobility a piece is expected to have (knight..queen); the feature is the
/// difference, so a piece with fewer counts negatively.
const MOBILITY_BASELINE: [i32; 4] = [4, 6, 6, 12];

/// The light cells (b1, a2, ...).
const LIGHT_CELLS: Bitboard = 0x55aa_55aa_55aa_55aa;
/// White's space area: files c-f of ranks 2-4 (Black's is its mirror).
const SPACE_WHITE: Bitboard = 0x0000_0000_3c3c_3c00;

/// Knight leaps from a cell on the board's topology: the centrality measure.
#[inline]
fn centrality(sq: u8) -> i32 {
    tables().knight[sq as usize].count_ones() as i32
}

#[inline]
fn relative_rank(side: Side, sq: u8) -> i32 {
    let r = (sq / 8) as i32;
    if side == Side::White {
        r
    } else {
        7 - r
    }
}

/// Cells in front of a pawn on its file and the adjacent files, up to the last rank.
#[inline]
fn front_span(side: Side, sq: u8) -> Bitboard {
    let file = sq % 8;
    let files = FILE_A << file | adjacent_files(file);
    let rank = sq / 8;
    let ahead: Bitboard = if side == Side::White {
        if rank >= 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        }
    } else if rank == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - rank))
    };
    files & ahead
}

/// The files beside `file` (one or two).
#[inline]
fn adjacent_files(file: u8) -> Bitboard {
    let mut files = 0;
    if file > 0 {
        files |= FILE_A << (file - 1);
    }
    if file < 7 {
        files |= FILE_A << (file + 1);
    }
    files
}

/// The ranks from `side`'s first up to `sq`'s, inclusive.
#[inline]
fn level_or_behind(side: Side, sq: u8) -> Bitboard {
    let rank = sq / 8;
    if side == Side::White {
        !0u64 >> (8 * (7 - rank))
    } else {
        !0u64 << (8 * rank)
    }
}

/// The files of a king's flank: a-d for a king on a-c, c-f on d-e, e-h on f-h.
#[inline]
fn king_flank(file: u8) -> Bitboard {
    let first = match file {
        0..=2 => 0,
        3 | 4 => 2,
        _ => 4,
    };
    (0..4).fold(0, |files, f| files | FILE_A << (first + f))
}

/// The empty cells `side`'s pawns can reach by a push of one cell, or of two from
/// their first rank.
#[inline]
fn pawn_pushes(side: Side, pawns: Bitboard, occ: Bitboard) -> Bitboard {
    if side == Side::White {
        let one = pawns << 8 & !occ;
        one | ((one & RANK_1 << 16) << 8 & !occ)
    } else {
        let one = pawns >> 8 & !occ;
        one | ((one & RANK_8 >> 16) >> 8 & !occ)
    }
}

/// The cells `side`'s pawns on `pawns` attack.
#[inline]
fn pawn_attacks_from(side: Side, pawns: Bitboard) -> Bitboard {
    let (left, right) = (pawns & !FILE_A, pawns & !FILE_H);
    if side == Side::White {
        left << 7 | right << 9
    } else {
        left >> 9 | right >> 7
    }
}

/// The two ranks in front of a king (its pawn shield area).
fn zone_ahead(side: Side, ksq: u8) -> Bitboard {
    let rank = ksq / 8;
    let rows = |r: i32| -> Bitboard {
        if (0..8).contains(&r) {
            0xffu64 << (8 * r)
        } else {
            0
        }
    };
    if side == Side::White {
        rows(rank as i32 + 1) | rows(rank as i32 + 2)
    } else {
        rows(rank as i32 - 1) | rows(rank as i32 - 2)
    }
}

impl<R: Rules> Terms for Board<R> {
    fn layout() -> &'static [&'static str] {
        layout_names()
    }

    fn builtin_table() -> &'static str {
        if R::EXPLOSIONS {
            include_str!("../tables/atomic.txt")
        } else if R::DROPS {
            include_str!("../tables/crazyhouse.txt")
        } else {
            include_str!("../tables/chess.txt")
        }
    }

    fn terms<A: Accumulator>(&self, acc: &mut A) -> f32 {
        let b = self;
        let occ = b.occupied();
        let t = tables();
        let mut phase = 0;
        // Pawn attacks first: mobility into cells an enemy pawn attacks is a feature
        // of its own.
        let pawn_attacks =
            [Side::White, Side::Black].map(|s| pawn_attacks_from(s, b.pieces(s, PAWN)));
        // Attack maps next: king safety needs the enemy's. `zone_attacks[s]` counts
        // the attacks of side `s` on the other king's neighbourhood (one per piece and
        // cell); `kind_attacks[s][k]` are the cells side `s`'s pieces of kind `k` attack.
        let king_zones = [Side::White, Side::Black]
            .map(|s| b.king_sq(s).map(|k| t.king[k as usize]).unwrap_or(0));
        let mut attacks = [0u64; 2];
        let mut kind_attacks = [[0u64; 6]; 2];
        let mut zone_attacks = [0i32; 2];
        for side in [Side::White, Side::Black] {
            let sign = if side == Side::White { 1 } else { -1 };
            let own = b.side_pieces(side);
            let chased = pawn_attacks[side.opposite().index()];
            for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] {
                let k = kind as usize;
                for sq in Cells(b.pieces(side, kind)) {
                    let a = t.of_kind(kind, sq, side, occ);
                    kind_attacks[side.index()][k] |= a;
                    zone_attacks[side.index()] +=
                        (a & king_zones[side.opposite().index()]).count_ones() as i32;
                    acc.add(CENTRALITY + k, sign * centrality(sq));
                    acc.add(PSQT + 32 * k + psqt_cell(side, sq), sign);
                    if kind == KING {
                        continue;
                    }
                    acc.add(MATERIAL + k, sign);
                    phase += PHASE_VALUE[k];
                    if kind != PAWN {
                        let m = (a & !own).count_ones() as i32 - MOBILITY_BASELINE[k - 1];
                        acc.add(MOBILITY + k - 1, sign * m);
                        let into = (a & !own & chased).count_ones() as i32;
                        acc.add(MOBILITY_INTO_PAWN_ATTACKS, sign * into);
                    }
                }
                attacks[side.index()] |= kind_attacks[side.index()][k];
            }
            if R::DROPS {
                for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN] {
                    let n = b.hand_count(side, kind) as i32;
                    acc.add(HAND + kind as usize, sign * n);
                    phase += PHASE_VALUE[kind as usize] * n;
                }
            }
        }

        let kings = [Side::White, Side::Black].map(|s| b.king_sq(s));
        for side in [Side::White, Side::Black] {
            let sign = if side == Side::White { 1 } else { -1 };
            let them = side.opposite();
            let own_pawns = b.pieces(side, PAWN);
            let their_pawns = b.pieces(them, PAWN);
            for sq in Cells(own_pawns) {
                let rank = relative_rank(side, sq);
                acc.add(PAWN_ADVANCE, sign * (rank - 1));
                if front_span(side, sq) & their_pawns == 0 && (1..=6).contains(&rank) {
                    acc.add(PASSED_PAWN + rank as usize - 1, sign);
                    let stop = if side == Side::White { sq + 8 } else { sq - 8 };
                    if occ & (1u64 << stop) != 0 {
                        acc.add(PASSED_BLOCKED, sign);
                    } else if attacks[them.index()] & (1u64 << stop) == 0 {
                        acc.add(PASSED_SAFE_STOP, sign * (rank - 1));
                        let path = front_span(side, sq) & FILE_A << (sq % 8);
                        if path & (occ | attacks[them.index()]) == 0 {
                            acc.add(PASSED_FREE_PATH, sign * (rank - 1));
                        }
                    }
                    if let (Some(own_k), Some(their_k)) = (kings[side.index()], kings[them.index()])
                    {
                        let closer = distance(their_k, stop) - distance(own_k, stop);
                        acc.add(PASSED_KING_PROXIMITY, sign * closer * (rank - 1));
                    }
                }
                let file = FILE_A << (sq % 8);
                if (own_pawns & file).count_ones() > 1 {
                    // Counted once per pawn on the file: each doubled pawn pays.
                    acc.add(DOUBLED_PAWN, sign);
                }
                let beside = adjacent_files(sq % 8) & (0xffu64 << (8 * (sq / 8)));
                if own_pawns & (beside | t.pawn[them.index()][sq as usize]) != 0 {
                    acc.add(CONNECTED_PAWN, sign);
                }
                if own_pawns & adjacent_files(sq % 8) == 0 {
                    acc.add(ISOLATED_PAWN, sign);
                } else if (1..=5).contains(&rank) {
                    // Backward: no own pawn beside or behind on the adjacent files can
                    // defend it, and an enemy pawn guards the cell in front.
                    let stop = if side == Side::White { sq + 8 } else { sq - 8 };
                    let supporters = own_pawns & adjacent_files(sq % 8) & level_or_behind(side, sq);
                    if supporters == 0 && pawn_attacks[them.index()] & (1u64 << stop) != 0 {
                        acc.add(BACKWARD_PAWN, sign);
                    }
                }
            }
            if b.pieces(side, BISHOP).count_ones() >= 2 {
                acc.add(BISHOP_PAIR, sign);
            }
            let bishops = b.pieces(side, BISHOP);
            for sq in Cells(bishops) {
                let colour = if LIGHT_CELLS & (1u64 << sq) != 0 {
                    LIGHT_CELLS
                } else {
                    !LIGHT_CELLS
                };
                let same = (own_pawns & colour).count_ones() as i32;
                acc.add(BISHOP_PAWNS_SAME_COLOUR, sign * same);
            }
            let (behind_pawns, pawn_fill_back) = if side == Side::White {
                (
                    own_pawns >> 8,
                    own_pawns >> 8 | own_pawns >> 16 | own_pawns >> 24,
                )
            } else {
                (
                    own_pawns << 8,
                    own_pawns << 8 | own_pawns << 16 | own_pawns << 24,
                )
            };
            let minors = b.pieces(side, KNIGHT) | bishops;
            acc.add(
                MINOR_BEHIND_PAWN,
                sign * (minors & behind_pawns).count_ones() as i32,
            );
            // Space: central cells of the own half (files c-f, ranks 2-4) behind own
            // pawns, not holding one, that no enemy pawn attacks.
            let centre = if side == Side::White {
                SPACE_WHITE
            } else {
                SPACE_WHITE.swap_bytes()
            };
            let space = centre & pawn_fill_back & !own_pawns & !pawn_attacks[them.index()];
            acc.add(SPACE, sign * space.count_ones() as i32);
            for sq in Cells(b.pieces(side, ROOK)) {
                if relative_rank(side, sq) == 6 {
                    acc.add(ROOK_ON_SEVENTH, sign);
                }
                let file = FILE_A << (sq % 8);
                if own_pawns & file == 0 {
                    if their_pawns & file == 0 {
                        acc.add(ROOK_OPEN_FILE, sign);
                    } else {
                        acc.add(ROOK_HALF_OPEN_FILE, sign);
                    }
                }
            }
            // Outposts: a minor in the enemy half (relative ranks 4-6), defended by
            // an own pawn, on a cell no enemy pawn can ever attack.
            for (kind, param) in [(KNIGHT, OUTPOST), (BISHOP, OUTPOST + 1)] {
                for sq in Cells(b.pieces(side, kind) & pawn_attacks[side.index()]) {
                    let rank = relative_rank(side, sq);
                    let chasers = front_span(side, sq) & !(FILE_A << (sq % 8)) & their_pawns;
                    if (3..=5).contains(&rank) && chasers == 0 {
                        acc.add(param, sign);
                    }
                }
            }
            // Threats against this side's pieces (a negative weight: they are the
            // enemy's chances).
            let pieces = b.side_pieces(side) & !own_pawns & !b.pieces(side, KING);
            let their = kind_attacks[them.index()];
            let by_pawn = (pieces & their[PAWN as usize]).count_ones() as i32;
            acc.add(THREAT_BY_PAWN, sign * by_pawn);
            let majors = b.pieces(side, ROOK) | b.pieces(side, QUEEN);
            let minor_attacks = their[KNIGHT as usize] | their[BISHOP as usize];
            let by_minor = (majors & minor_attacks).count_ones() as i32;
            acc.add(THREAT_BY_MINOR, sign * by_minor);
            let by_rook = (b.pieces(side, QUEEN) & their[ROOK as usize]).count_ones() as i32;
            acc.add(THREAT_BY_ROOK, sign * by_rook);
            let hanging = pieces & attacks[them.index()] & !attacks[side.index()];
            acc.add(HANGING, sign * hanging.count_ones() as i32);
            // The enemy's pawn pushes to empty cells that this side's pawns do not
            // attack and that the enemy supports or this side leaves alone.
            let pushes = pawn_pushes(them, their_pawns, occ)
                & !pawn_attacks[side.index()]
                & (attacks[them.index()] | !attacks[side.index()]);
            let by_push = (pieces & pawn_attacks_from(them, pushes)).count_ones() as i32;
            acc.add(THREAT_BY_PAWN_PUSH, sign * by_push);
            if R::EXPLOSIONS {
                let targets = (pieces | own_pawns) & attacks[them.index()];
                let blast: u32 = Cells(targets)
                    .map(|sq| (t.king[sq as usize] & pieces).count_ones())
                    .sum();
                acc.add(ATOMIC_BLAST, sign * blast as i32);
            }

            let Some(ksq) = b.king_sq(side) else { continue };
            if (own_pawns | their_pawns) & king_flank(ksq % 8) == 0 {
                acc.add(KING_PAWNLESS_FLANK, sign);
            }
            let zone = t.king[ksq as usize];
            let shield = (zone | front_span(side, ksq) & zone_ahead(side, ksq)) & own_pawns;
            acc.add(KING_SHIELD, sign * shield.count_ones() as i32);
            let own = kind_attacks[side.index()];
            let defended = own[PAWN as usize]
                | own[KNIGHT as usize]
                | own[BISHOP as usize]
                | own[ROOK as usize]
                | own[QUEEN as usize];
            let weak = zone & attacks[them.index()] & !defended;
            acc.add(WEAK_KING_ZONE, sign * weak.count_ones() as i32);
            acc.add(KING_ZONE_ATTACK, sign * zone_attacks[them.index()]);
            let attacks_on_king = zone_attacks[them.index()];
            acc.add(
                KING_ZONE_ATTACK_SQUARED,
                sign * attacks_on_king * attacks_on_king,
            );
            // Safe checks: cells from which an enemy piece of a kind could check this
            // king, that it reaches, that hold none of its own pieces and that this
            // side does not attack.
            let safe = !b.side_pieces(them) & !attacks[side.index()];
            let diagonal = t.bishop(ksq, occ);
            let straight = t.rook(ksq, occ);
            for (kind, from) in [
                (KNIGHT, t.knight[ksq as usize]),
                (BISHOP, diagonal),
                (ROOK, straight),
                (QUEEN, diagonal | straight),
            ] {
                let checks = from & their[kind as usize] & safe;
                acc.add(
                    SAFE_CHECK + kind as usize - 1,
                    sign * checks.count_ones() as i32,
                );
            }
            if R::DROPS {
                // A drop checks from an empty cell; it cannot be taken at once where no
                // own piece guards the cell and, next to the king, where the enemy
                // supports it. Pawns cannot be dropped on the first and last ranks.
                let open = !occ & !defended;
                let drop_safe = open & (!zone | attacks[them.index()]);
                let pawn_cells = t.pawn[side.index()][ksq as usize] & !(RANK_1 | RANK_8);
                let mut in_hand = 0;
                for (kind, from) in [
                    (PAWN, pawn_cells),
                    (KNIGHT, t.knight[ksq as usize]),
                    (BISHOP, diagonal),
                    (ROOK, straight),
                    (QUEEN, diagonal | straight),
                ] {
                    let held = b.hand_count(them, kind) as i32;
                    in_hand += held;
                    if held > 0 {
                        let checks = (from & drop_safe).count_ones() as i32;
                        acc.add(DROP_CHECK + kind as usize, sign * checks);
                    }
                }
                let landing = (zone & open).count_ones() as i32;
                acc.add(
                    HAND_PRESSURE,
                    sign * in_hand.min(HAND_PRESSURE_CAP) * landing,
                );
            }
            if R::EXPLOSIONS {
                // A capture on any cell next to our king explodes it: our pieces there
                // that the enemy attacks are direct threats, unless the kings touch
                // (then the enemy king would explode as well, which is illegal for
                // them).
                let their_king_zone = b
                    .king_sq(them)
                    .map(|k| t.king[k as usize] | (1u64 << k))
                    .unwrap_or(0);
                if their_king_zone & (1u64 << ksq) != 0 {
                    acc.add(ATOMIC_KINGS_TOUCH, sign);
                } else {
                    let exposed = zone & b.side_pieces(side) & attacks[them.index()];
                    acc.add(ATOMIC_EXPOSED_NEIGHBOUR, sign * exposed.count_ones() as i32);
                }
            }
        }
        acc.add(
            TEMPO,
            if b.side_to_move() == Side::White {
                1
            } else {
                -1
            },
        );
        phase.min(PHASE_FULL) as f32 / PHASE_FULL as f32
    }
}

/// Chess's evaluator (crazyhouse and atomic have their own tables:
/// `TableEval<Crazyhouse>`, `TableEval<Atomic>`).
pub type ChessEval = crate::params::TableEval<engine::variants::chess::Chess>;

crate::table_variant!(
    engine::variants::chess::Chess,
    engine::variants::chess::Crazyhouse,
    engine::variants::chess::Atomic
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{builtin, TableEval, Weights};
    use engine::variants::chess::{Atomic, Chess, Crazyhouse};
    use engine::Evaluator;
    use std::sync::Arc;

    fn eval_fen<P: Terms>(fen: &str) -> i32 {
        TableEval::<P>::default().evaluate(&P::from_fen(fen).unwrap())
    }
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const TEMPO_CP: i32 = 10;

    #[test]
    fn the_built_in_tables_are_complete() {
        // `builtin` panics on a missing, unknown or repeated parameter.
        assert_eq!(builtin::<Chess>().len(), PARAMS);
        assert_eq!(builtin::<Crazyhouse>().len(), PARAMS);
        assert_eq!(builtin::<Atomic>().len(), PARAMS);
        // The tables are fitted, so only the order of the pieces is asserted: a minor
        // over two pawns, a rook over a minor, a queen over a rook.
        for w in [builtin::<Chess>(), builtin::<Atomic>()] {
            let value = |kind: u8| w.mg[MATERIAL + kind as usize] + w.eg[MATERIAL + kind as usize];
            assert!(value(KNIGHT) > 2.0 * value(PAWN) && value(BISHOP) > 2.0 * value(PAWN));
            assert!(value(ROOK) > value(KNIGHT).max(value(BISHOP)));
            assert!(value(QUEEN) > value(ROOK));
        }
    }

    #[test]
    fn start_positions_are_balanced() {
        // Only the tempo bonus separates the sides (the start is a full middlegame).
        let tempo = |w: Arc<Weights>| w.mg[TEMPO].round() as i32;
        assert_eq!(eval_fen::<Chess>(START), tempo(builtin::<Chess>()));
        assert_eq!(
            eval_fen::<Chess>(&START.replace(" w ", " b ")),
            tempo(builtin::<Chess>())
        );
        assert_eq!(eval_fen::<Atomic>(START), tempo(builtin::<Atomic>()));
    }

    #[test]
    fn symmetric_positions_mirror() {
        // The same position with colours swapped (and mirrored) scores the same for
        // the side to move.
        let a = eval_fen::<Chess>(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        );
        let b = eval_fen::<Chess>(
            "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
        );
        assert_eq!(a, b);
    }

    #[test]
    fn material_counts() {
        // White a queen up: worth far more than a rook up, which is worth more than
        // a knight up (the weights are fitted, so no exact value is asserted; the
        // sixth round's queen up scores about 790).
        let up = eval_fen::<Chess>("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let rook = eval_fen::<Chess>("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
        let knight = eval_fen::<Chess>("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
        assert!(up > 700 && up > rook + 200, "{up} against {rook}");
        assert!(rook > knight && knight > 0, "{rook} against {knight}");
        let down = eval_fen::<Chess>("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(down < -700, "{down}");
    }

    #[test]
    fn crazyhouse_values_the_hand() {
        let with =
            eval_fen::<Crazyhouse>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1");
        assert!(with > TEMPO_CP + 200, "{with}");
    }

    /// The count of one feature in a chess position (White's view).
    fn feature(fen: &str, param: Param) -> i32 {
        feature_in::<Chess>(fen, param)
    }

    fn feature_in<P: Terms>(fen: &str, param: Param) -> i32 {
        let (counts, _) = crate::params::features(&P::from_fen(fen).unwrap());
        counts.iter().find(|c| c.0 == param).map_or(0, |c| c.1)
    }

    #[test]
    fn atomic_blast_counts_the_pieces_a_capture_would_take_along() {
        // The black bishop a7 attacks the knight d4; taking it would blow up the rook
        // c3 and the queen e3 beside it. Nothing of Black's is attacked.
        let fen = "7k/b7/8/8/3N4/2R1Q3/8/4K3 w - - 0 1";
        assert_eq!(feature_in::<Atomic>(fen, ATOMIC_BLAST), 2);
        // With the knight on d5 the bishop attacks nothing.
        let safe = "7k/b7/8/3N4/8/2R1Q3/8/4K3 w - - 0 1";
        assert_eq!(feature_in::<Atomic>(safe, ATOMIC_BLAST), 0);
        assert_eq!(feature(fen, ATOMIC_BLAST), 0, "chess has no explosions");
    }

    #[test]
    fn crazyhouse_drop_features_count() {
        // Black holds a knight. Of the knight's checking cells against g1, f3 and h3
        // are guarded by the g2 pawn, so only e2 is a safe drop check; f1 and h1 are
        // the empty cells next to the king that only the king defends.
        let knight = "4k3/8/8/8/8/8/5PPP/6K1[n] w - - 0 1";
        let zh = |fen, param| feature_in::<Crazyhouse>(fen, param);
        assert_eq!(zh(knight, DROP_CHECK + KNIGHT as usize), 1);
        assert_eq!(
            zh(knight, DROP_CHECK + QUEEN as usize),
            0,
            "no queen in hand"
        );
        assert_eq!(zh(knight, HAND_PRESSURE), 2, "one piece in hand x f1, h1");
        // A pawn too: its checking cells f2 and h2 are occupied, and two pieces in
        // hand double the pressure.
        let two = "4k3/8/8/8/8/8/5PPP/6K1[np] w - - 0 1";
        assert_eq!(zh(two, DROP_CHECK + PAWN as usize), 0);
        assert_eq!(zh(two, HAND_PRESSURE), 4);
        // The same for White's hand against Black's king counts from Black's side.
        let white = "6k1/5ppp/8/8/8/8/8/4K3[N] b - - 0 1";
        assert_eq!(zh(white, DROP_CHECK + KNIGHT as usize), -1);
        assert_eq!(zh(white, HAND_PRESSURE), -2);
        // A rook in hand checks along the first rank: a1-e1 are safe, f1 and h1 are
        // the king's (no black piece supports a drop there) and the g-file is
        // blocked by the g2 pawn.
        let rook = "4k3/8/8/8/8/8/5PPP/6K1[r] w - - 0 1";
        assert_eq!(zh(rook, DROP_CHECK + ROOK as usize), 5);
        // A black knight on g3 supports f1 and h1: seven safe rook drops.
        let supported = "4k3/8/8/8/8/6n1/5PPP/6K1[r] w - - 0 1";
        assert_eq!(zh(supported, DROP_CHECK + ROOK as usize), 7);
        // Chess has no hands: the features never count.
        assert_eq!(
            feature("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", HAND_PRESSURE),
            0
        );
    }

    #[test]
    fn piece_pawn_threat_and_king_danger_features_count() {
        // White: rooks on an open file (a) and a half-open one (d), the bishop pair,
        // an isolated pawn on h2. Black: one bishop, pawns on d7 and e6.
        let fen = "4k3/3p4/4p3/8/8/8/7P/R2RKBB1 w - - 0 1";
        assert_eq!(feature(fen, ROOK_OPEN_FILE), 1);
        assert_eq!(feature(fen, ROOK_HALF_OPEN_FILE), 1);
        assert_eq!(feature(fen, BISHOP_PAIR), 1);
        assert_eq!(
            feature(fen, ISOLATED_PAWN),
            1,
            "h2 alone; d7 and e6 support each other"
        );
        // A black pawn attacks a white knight and a white bishop; a white knight
        // attacks the black queen and rook.
        let threats = "4k3/8/2q1r3/8/2pN4/1N1B4/8/4K3 w - - 0 1";
        assert_eq!(feature(threats, THREAT_BY_PAWN), 2);
        assert_eq!(feature(threats, THREAT_BY_MINOR), -2);
        // Attacks on the king's neighbourhood count squared as well.
        let attacked = "6k1/5ppp/8/8/8/8/5PPP/3QR1K1 b - - 0 1";
        let n = feature(attacked, KING_ZONE_ATTACK);
        assert_eq!(feature(attacked, KING_ZONE_ATTACK_SQUARED), n * n.abs());
    }

    #[test]
    fn second_set_of_features_count() {
        // White knight d5 on an outpost (pawn e4 defends it, no black c- or e-pawn can
        // come); Black's bishop b4 hangs (the knight attacks it, nothing defends it).
        // With no black pawns every white pawn is passed: a5 is blocked by the rook
        // a6 and d4 by its own knight d5. d4, e4 and f4 stand side by side
        // (connected); a5 stands alone.
        let fen = "4k3/8/r7/P2N4/1b1PPP2/8/8/4K3 w - - 0 1";
        assert_eq!(feature(fen, OUTPOST), 1);
        assert_eq!(feature(fen, OUTPOST + 1), 0);
        assert_eq!(feature(fen, HANGING), -1, "only b4 hangs");
        assert_eq!(feature(fen, PASSED_BLOCKED), 2);
        assert_eq!(feature(fen, CONNECTED_PAWN), 3);
        // The pawn table's cell of a5: relative rank index 4, file a.
        assert_eq!(feature(fen, PSQT + 4 * 4), 1);
        // Safe checks against the white king g1: the black queen d8 reaches d1, which
        // no white piece attacks; White's knight cannot check the black king.
        let checks = "3qk3/8/8/8/8/5N2/5PPP/6K1 w - - 0 1";
        assert_eq!(feature(checks, SAFE_CHECK + QUEEN as usize - 1), 1);
        assert_eq!(feature(checks, SAFE_CHECK + KNIGHT as usize - 1), 0);
        // With a white bishop on e2 guarding d1 the check is no longer safe.
        let guarded = "3qk3/8/8/8/8/5N2/4BPPP/6K1 w - - 0 1";
        assert_eq!(feature(guarded, SAFE_CHECK + QUEEN as usize - 1), 0);
        // The kings' distance term: a white passed pawn on e6 (relative rank index
        // 5), next cell e7; white king e5 (distance 2), black king a8 (distance 4).
        let race = "k7/8/4P3/4K3/8/8/8/8 w - - 0 1";
        assert_eq!(feature(race, PASSED_KING_PROXIMITY), (4 - 2) * 4);
        // A rook attacking a queen, and mobility into pawn attacks (the knight b1
        // reaches a3, c3 and d2; the black pawn b4 attacks a3 and c3).
        let rook = "3rk3/8/8/8/1p6/8/8/1N1QK3 w - - 0 1";
        assert_eq!(feature(rook, THREAT_BY_ROOK), 1);
        assert_eq!(feature(rook, MOBILITY_INTO_PAWN_ATTACKS), 2);
        // Every parameter is named once; the piece-square names follow the layout.
        let names = layout_names();
        assert_eq!(names.len(), PARAMS);
        assert_eq!(
            names[PSQT + 32 * KNIGHT as usize + 3 * 4 + 3],
            "psqt.knight.d4"
        );
    }

    #[test]
    fn third_set_of_features_count() {
        let rook = "4k3/R7/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(feature(rook, ROOK_ON_SEVENTH), 1);
        // The dark bishop c1 with the pawns d2 (dark) and e2 (light); the knight d1
        // stands right behind d2.
        let bishop = "4k3/8/8/8/8/8/3PP3/2BNK3 w - - 0 1";
        assert_eq!(feature(bishop, BISHOP_PAWNS_SAME_COLOUR), 1);
        assert_eq!(feature(bishop, MINOR_BEHIND_PAWN), 1);
        // Space: behind d4 and e4, White has d2, d3, e2 and e3 but the black pawn f4
        // attacks e3 (3); behind f4 Black has f5, f6 and f7 but e4 attacks f5 (2).
        let space = "4k3/8/8/8/3PPp2/8/8/4K3 w - - 0 1";
        assert_eq!(feature(space, SPACE), 3 - 2);
        assert_eq!(feature(space, BACKWARD_PAWN), 0);
        // d3 is backward: e4 is ahead of it, no c-pawn, and c5 guards d4.
        let backward = "4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1";
        assert_eq!(feature(backward, BACKWARD_PAWN), 1);
        // The rook a1 attacks f1 next to the king g1, and nothing but the king
        // defends f1.
        let weak = "4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 1";
        assert_eq!(feature(weak, WEAK_KING_ZONE), 1);
        let defended = "4k3/8/8/8/8/8/4BPPP/r5K1 w - - 0 1";
        assert_eq!(
            feature(defended, WEAK_KING_ZONE),
            0,
            "the bishop e2 defends f1"
        );
    }

    #[test]
    fn sixth_set_of_features_count() {
        // The passed pawn e5 (relative rank index 4): e6 is empty and unattacked, and
        // with the black king on a8 so are e7 and e8.
        let free = "k7/8/8/4P3/8/8/8/4K3 w - - 0 1";
        assert_eq!(feature(free, PASSED_SAFE_STOP), 3);
        assert_eq!(feature(free, PASSED_FREE_PATH), 3);
        // The black king on d8 guards e7: the next cell is still safe, the path not.
        let guarded = "3k4/8/8/4P3/8/8/8/4K3 w - - 0 1";
        assert_eq!(feature(guarded, PASSED_SAFE_STOP), 3);
        assert_eq!(feature(guarded, PASSED_FREE_PATH), 0);
        // A black rook on e6 blocks it: neither counts.
        let blocked = "k7/8/4r3/4P3/8/8/8/4K3 w - - 0 1";
        assert_eq!(feature(blocked, PASSED_SAFE_STOP), 0);
        assert_eq!(feature(blocked, PASSED_FREE_PATH), 0);
        // The black king a8 has no pawn on files a-d; White's e1 has e5 on c-f.
        assert_eq!(feature(free, KING_PAWNLESS_FLANK), -1);
        assert_eq!(
            feature("k7/8/8/1P2P3/8/8/8/4K3 w - - 0 1", KING_PAWNLESS_FLANK),
            0
        );
        // d2-d3 would attack the black knight e4 (Black's own threat count: -1)...
        let push = "4k3/8/8/8/4n3/8/3P4/4K3 w - - 0 1";
        assert_eq!(feature(push, THREAT_BY_PAWN_PUSH), -1);
        // ...but not when the black pawn c4 guards d3 (d4 attacks nothing).
        let guarded_push = "4k3/8/8/8/2p1n3/8/3P4/4K3 w - - 0 1";
        assert_eq!(feature(guarded_push, THREAT_BY_PAWN_PUSH), 0);
        // b2-b4 (through b3, which the knight guards) would attack the knight c5.
        let double = "4k3/8/8/2n5/8/8/1P6/4K3 w - - 0 1";
        assert_eq!(feature(double, THREAT_BY_PAWN_PUSH), -1);
        // Black's pushes count the same way against White's pieces: ...e7-e5 would
        // attack the white knight d4.
        let black = "4k3/4p3/8/8/3N4/8/8/4K3 w - - 0 1";
        assert_eq!(feature(black, THREAT_BY_PAWN_PUSH), 1);
    }

    #[test]
    fn breakdown_total_matches() {
        let pos =
            Chess::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4")
                .unwrap();
        let e = ChessEval::default();
        let parts = e.breakdown(&pos);
        assert_eq!(parts.last().unwrap().1, -e.evaluate(&pos));
        let material = parts.iter().find(|p| p.0 == "material").unwrap().1;
        assert_eq!(material, 0);
    }

    #[test]
    fn a_table_file_changes_the_evaluation_and_bad_ones_name_the_line() {
        use crate::VariantEval;
        let pos = Chess::from_fen("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1").unwrap();
        let before = ChessEval::default().evaluate(&pos);
        // The knight's weights raised by 200 in both phases: 200 more, whatever the
        // phase.
        let knight = MATERIAL + KNIGHT as usize;
        let (mg, eg) = (builtin::<Chess>().mg[knight], builtin::<Chess>().eg[knight]);
        let file = format!(
            "variant chess\nmaterial.knight {} {}\nvariant atomic\nmaterial.knight 1\n",
            mg + 200.0,
            eg + 200.0
        );
        let tuned: TableEval<Chess> = Chess::eval_from_table(&file).unwrap().unwrap();
        assert_eq!(tuned.evaluate(&pos), before + 200);
        assert!(Crazyhouse::eval_from_table(&file).unwrap().is_none());
        let Err(e) = Chess::eval_from_table("variant chess\nmaterial.knigt 300\n") else {
            panic!("an unknown parameter was accepted");
        };
        assert!(e.contains("line 2") && e.contains("material.knigt"), "{e}");
    }
}
