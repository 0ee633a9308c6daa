//! Evaluation for the chess family (chess, crazyhouse, atomic).
//!
//! Terms, each computed from White's view and tapered between middlegame and endgame
//! by the non-pawn material left:
//! * material (and, in crazyhouse, pieces in hand);
//! * centrality: a cell's worth is how many knight leaps the board's own topology
//!   offers from it (2 in a corner, 8 in the centre), so no hand-written square table;
//! * mobility: attacked cells not occupied by own pieces, per piece kind;
//! * king safety: pawn shield and enemy attacks on the king's neighbourhood; in
//!   atomic, pieces next to one's own king that the enemy can capture (the explosion
//!   would take the king) and, in crazyhouse, a larger weight for attacks (drops);
//! * pawns: advancement (growing towards the endgame), passed pawns, doubled pawns.

use engine::variants::chess::bitboard::{tables, Bitboard, Cells, FILE_A};
use engine::variants::chess::board::{Board, Rules, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use engine::{Evaluator, Position, Side};

/// Piece values in centipawns by kind (pawn..king); the king's is never counted.
/// DECISION: the classical values; chess has well-known ones, so they are not derived.
pub const PIECE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];
/// Atomic: a capture destroys the capturer too, so minor pieces and queens trade
/// differently; lichess-strength engines value knights lower and queens higher.
pub const ATOMIC_PIECE_VALUE: [i32; 6] = [100, 250, 350, 500, 1000, 0];
/// Crazyhouse: a piece in hand can be dropped anywhere; worth a bit more than on board.
pub const HAND_VALUE_PERCENT: i32 = 115;
/// Crazyhouse: pawns matter more (they are drop material) and pieces less.
pub const CRAZYHOUSE_PIECE_VALUE: [i32; 6] = [100, 260, 280, 380, 650, 0];

/// Non-pawn material at which the game counts as a full middlegame.
const PHASE_FULL: i32 = 2 * (2 * 320 + 2 * 330 + 2 * 500 + 900);

/// Centrality bonus per knight leap available from the cell, (mg, eg), by kind.
const CENTRALITY: [(i32, i32); 6] = [(0, 0), (6, 3), (3, 2), (0, 0), (1, 2), (-6, 5)];
/// Mobility per attacked cell beyond the baseline, (mg, eg), by kind.
const MOBILITY: [(i32, i32); 6] = [(0, 0), (4, 4), (5, 5), (2, 4), (1, 2), (0, 0)];
/// Cells of mobility a piece is expected to have; fewer is penalised.
const MOBILITY_BASELINE: [i32; 6] = [0, 4, 6, 6, 12, 0];
/// Pawn advancement bonus per rank beyond the start, (mg, eg).
const PAWN_ADVANCE: (i32, i32) = (3, 10);
/// Passed pawn bonus by ranks advanced (0..7), endgame-weighted below.
const PASSED_PAWN: [i32; 8] = [0, 5, 10, 20, 35, 60, 100, 0];
const DOUBLED_PAWN: i32 = -15;
/// Own pawns in front of the king (middlegame).
const SHIELD_PAWN: i32 = 12;
/// Per enemy attack on the king's neighbourhood (middlegame).
const KING_ZONE_ATTACK: i32 = 8;
/// Crazyhouse multiplies king-zone attack penalties: drops make attacks sharper.
const CRAZYHOUSE_KING_FACTOR: i32 = 2;
/// Atomic: own piece next to the own king that the enemy attacks.
const ATOMIC_EXPOSED_NEIGHBOUR: i32 = 120;
/// Atomic: kings touching cannot be captured near each other; mild bonus for the
/// side whose king is adjacent to the enemy king (it is immune to explosion threats).
const ATOMIC_KINGS_TOUCH: i32 = 40;
/// Side-to-move bonus.
const TEMPO: i32 = 10;

/// The chess family's evaluator; the variant is read from the board's rule switches.
#[derive(Clone, Copy, Default, Debug)]
pub struct ChessEval;

/// A term's middlegame and endgame parts, from White's view.
#[derive(Clone, Copy, Default, Debug)]
struct Term {
    mg: i32,
    eg: i32,
}

impl Term {
    fn add(&mut self, side: Side, mg: i32, eg: i32) {
        let s = if side == Side::White { 1 } else { -1 };
        self.mg += s * mg;
        self.eg += s * eg;
    }
    fn taper(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (PHASE_FULL - phase)) / PHASE_FULL
    }
}

fn values<R: Rules>() -> &'static [i32; 6] {
    if R::EXPLOSIONS {
        &ATOMIC_PIECE_VALUE
    } else if R::DROPS {
        &CRAZYHOUSE_PIECE_VALUE
    } else {
        &PIECE_VALUE
    }
}

/// Knight leaps from a cell on the board's topology: the centrality measure.
fn centrality(sq: u8) -> i32 {
    tables().knight[sq as usize].count_ones() as i32
}

fn relative_rank(side: Side, sq: u8) -> i32 {
    let r = (sq / 8) as i32;
    if side == Side::White {
        r
    } else {
        7 - r
    }
}

/// Cells in front of a pawn on its file and the adjacent files, up to the last rank.
fn front_span(side: Side, sq: u8) -> Bitboard {
    let file = sq % 8;
    let mut files = FILE_A << file;
    if file > 0 {
        files |= FILE_A << (file - 1);
    }
    if file < 7 {
        files |= FILE_A << (file + 1);
    }
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

struct Parts {
    material: Term,
    hand: Term,
    centrality: Term,
    mobility: Term,
    king: Term,
    pawns: Term,
    phase: i32,
}

fn attacks_of<R: Rules>(b: &Board<R>, kind: u8, sq: u8, side: Side, occ: Bitboard) -> Bitboard {
    let t = tables();
    match kind {
        PAWN => t.pawn[side.index()][sq as usize],
        KNIGHT => t.knight[sq as usize],
        BISHOP => t.bishop(sq, occ),
        ROOK => t.rook(sq, occ),
        QUEEN => t.queen(sq, occ),
        _ => {
            let _ = b;
            t.king[sq as usize]
        }
    }
}

fn parts<R: Rules>(b: &Board<R>) -> Parts {
    let v = values::<R>();
    let occ = b.occupied();
    let mut p = Parts {
        material: Term::default(),
        hand: Term::default(),
        centrality: Term::default(),
        mobility: Term::default(),
        king: Term::default(),
        pawns: Term::default(),
        phase: 0,
    };
    // Attack maps first: king safety needs the enemy's.
    let mut attacks = [0u64; 2];
    let mut attack_counts = [[0u8; 64]; 2];
    for side in [Side::White, Side::Black] {
        let own = b.side_pieces(side);
        for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] {
            for sq in Cells(b.pieces(side, kind)) {
                let a = attacks_of(b, kind, sq, side, occ);
                attacks[side.index()] |= a;
                for t in Cells(a) {
                    attack_counts[side.index()][t as usize] =
                        attack_counts[side.index()][t as usize].saturating_add(1);
                }
                let value = v[kind as usize];
                p.material.add(side, value, value);
                if kind != PAWN && kind != KING {
                    p.phase += PIECE_VALUE[kind as usize];
                }
                let c = centrality(sq);
                let (cm, ce) = CENTRALITY[kind as usize];
                p.centrality.add(side, cm * c, ce * c);
                if kind != PAWN && kind != KING {
                    let m = (a & !own).count_ones() as i32 - MOBILITY_BASELINE[kind as usize];
                    let (mm, me) = MOBILITY[kind as usize];
                    p.mobility.add(side, mm * m, me * m);
                }
            }
        }
        if R::DROPS {
            for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN] {
                let n = b.hand_count(side, kind) as i32;
                let value = v[kind as usize] * HAND_VALUE_PERCENT / 100 * n;
                p.hand.add(side, value, value);
                if kind != PAWN {
                    p.phase += PIECE_VALUE[kind as usize] * n;
                }
            }
        }
    }
    p.phase = p.phase.min(PHASE_FULL);

    for side in [Side::White, Side::Black] {
        let them = side.opposite();
        let own_pawns = b.pieces(side, PAWN);
        let their_pawns = b.pieces(them, PAWN);
        for sq in Cells(own_pawns) {
            let adv = relative_rank(side, sq) - 1;
            p.pawns
                .add(side, PAWN_ADVANCE.0 * adv, PAWN_ADVANCE.1 * adv);
            if front_span(side, sq) & their_pawns == 0 {
                let bonus = PASSED_PAWN[relative_rank(side, sq) as usize];
                p.pawns.add(side, bonus / 2, bonus);
            }
            let file = FILE_A << (sq % 8);
            if (own_pawns & file).count_ones() > 1 {
                // Counted once per pawn on the file: each doubled pawn pays.
                p.pawns.add(side, DOUBLED_PAWN / 2, DOUBLED_PAWN);
            }
        }

        let Some(ksq) = b.king_sq(side) else { continue };
        let zone = tables().king[ksq as usize];
        let shield = (zone | front_span(side, ksq) & zone_ahead(side, ksq)) & own_pawns;
        p.king
            .add(side, SHIELD_PAWN * shield.count_ones() as i32, 0);
        let zone_attacks: i32 = Cells(zone)
            .map(|c| attack_counts[them.index()][c as usize] as i32)
            .sum();
        let factor = if R::DROPS { CRAZYHOUSE_KING_FACTOR } else { 1 };
        p.king
            .add(side, -KING_ZONE_ATTACK * zone_attacks * factor, 0);
        if R::EXPLOSIONS {
            // A capture on any cell next to our king explodes it: our pieces there
            // that the enemy attacks are direct threats, unless the kings touch
            // (then the enemy king would explode as well, which is illegal for them).
            let their_king_zone = b
                .king_sq(them)
                .map(|k| tables().king[k as usize] | (1u64 << k))
                .unwrap_or(0);
            if their_king_zone & (1u64 << ksq) != 0 {
                p.king.add(side, ATOMIC_KINGS_TOUCH, ATOMIC_KINGS_TOUCH);
            } else {
                let exposed = zone & b.side_pieces(side) & attacks[them.index()];
                let n = exposed.count_ones() as i32;
                p.king.add(
                    side,
                    -ATOMIC_EXPOSED_NEIGHBOUR * n,
                    -ATOMIC_EXPOSED_NEIGHBOUR * n,
                );
            }
        }
    }
    let _ = KING;
    p
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

impl<R: Rules> Evaluator<Board<R>> for ChessEval {
    fn evaluate(&self, pos: &Board<R>) -> i32 {
        let p = parts(pos);
        let white = p.material.taper(p.phase)
            + p.hand.taper(p.phase)
            + p.centrality.taper(p.phase)
            + p.mobility.taper(p.phase)
            + p.king.taper(p.phase)
            + p.pawns.taper(p.phase);
        let stm = if pos.side_to_move() == Side::White {
            white
        } else {
            -white
        };
        stm + TEMPO
    }

    fn breakdown(&self, pos: &Board<R>) -> Vec<(String, i32)> {
        let p = parts(pos);
        let mut out = vec![
            ("material".to_string(), p.material.taper(p.phase)),
            ("centrality".to_string(), p.centrality.taper(p.phase)),
            ("mobility".to_string(), p.mobility.taper(p.phase)),
            ("king safety".to_string(), p.king.taper(p.phase)),
            ("pawns".to_string(), p.pawns.taper(p.phase)),
        ];
        if R::DROPS {
            out.insert(1, ("hand".to_string(), p.hand.taper(p.phase)));
        }
        out.push(("phase (of 256)".to_string(), p.phase * 256 / PHASE_FULL));
        let v = self.evaluate(pos);
        out.push((
            "total".to_string(),
            if pos.side_to_move() == Side::White {
                v
            } else {
                -v
            },
        ));
        out
    }
}

impl<R: Rules> crate::VariantEval for Board<R> {
    type Eval = ChessEval;
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::variants::chess::{Atomic, Chess, Crazyhouse};

    fn eval_fen<P: Position>(fen: &str) -> i32
    where
        ChessEval: Evaluator<P>,
    {
        ChessEval.evaluate(&P::from_fen(fen).unwrap())
    }

    #[test]
    fn start_positions_are_balanced() {
        // Only the tempo bonus separates the sides.
        assert_eq!(
            eval_fen::<Chess>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            TEMPO
        );
        assert_eq!(
            eval_fen::<Chess>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            TEMPO
        );
        assert_eq!(
            eval_fen::<Atomic>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            TEMPO
        );
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
        // White a queen up.
        let up = eval_fen::<Chess>("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!(up > 800, "{up}");
        let down = eval_fen::<Chess>("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(down < -800, "{down}");
    }

    #[test]
    fn crazyhouse_values_the_hand() {
        let with =
            eval_fen::<Crazyhouse>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1");
        assert!(with > TEMPO + 200, "{with}");
    }

    #[test]
    fn breakdown_total_matches() {
        let pos =
            Chess::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4")
                .unwrap();
        let parts = ChessEval.breakdown(&pos);
        assert_eq!(parts.last().unwrap().1, -ChessEval.evaluate(&pos));
    }
}
