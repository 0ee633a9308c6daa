//! 64-bit bitboards for the 8x8 chess family, and the attack tables built from the
//! board's [`Topology`] when the tables are first needed.
//!
//! Bit `i` is cell `i` of `Topology::grid(8, 8)` (`rank * 8 + file`, so `a1` = 0,
//! `h8` = 63); [`AttackTables::build`] checks that layout instead of assuming it.
//!
//! Leapers (knight, king, pawn captures) get one mask per cell from the topology's
//! leap tables. Sliders use *magic bitboards*: for each cell, the relevant blockers
//! (the rays minus their last cell) are multiplied by a magic number and shifted
//! into an index into a table of precomputed attack sets. The attack sets are made
//! by walking the topology's rays; the magic numbers are searched for at start-up
//! with a seeded generator (a few milliseconds), so nothing is copied in.
//! Why magics rather than walking rays per node or first-blocker ray masks: one
//! multiply, one shift and one load per slider, no branches — the slider lookup is
//! the inner loop of legal generation (pins, checks, king safety), and the chess d6
//! benchmark is dominated by it.

use crate::topology::{Topology, DIAGONAL_2D, KING_2D, KNIGHT_2D, ORTHOGONAL_2D};
use crate::zobrist::Zobrist;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

/// A set of cells of the 8x8 board, one bit per cell.
pub type Bitboard = u64;

pub const RANK_1: Bitboard = 0xff;
pub const RANK_8: Bitboard = 0xff << 56;
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
pub const FILE_H: Bitboard = FILE_A << 7;

#[inline(always)]
pub const fn bit(sq: u8) -> Bitboard {
    1u64 << sq
}

/// The lowest cell of a non-empty set.
#[inline(always)]
pub fn lsb(b: Bitboard) -> u8 {
    b.trailing_zeros() as u8
}

/// Whether a set has more than one cell.
#[inline(always)]
pub fn more_than_one(b: Bitboard) -> bool {
    b & b.wrapping_sub(1) != 0
}

/// Iterates the cells of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Cells(pub Bitboard);

impl Iterator for Cells {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

#[inline(always)]
pub const fn file_of(sq: u8) -> u8 {
    sq & 7
}
#[inline(always)]
pub const fn rank_of(sq: u8) -> u8 {
    sq >> 3
}
#[inline(always)]
pub const fn square(file: u8, rank: u8) -> u8 {
    rank * 8 + file
}

/// One slider's magic lookup for one cell.
#[derive(Clone, Copy, Default)]
struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occ: Bitboard) -> usize {
        self.offset as usize + (((occ & self.mask).wrapping_mul(self.magic)) >> self.shift) as usize
    }
}

/// Every precomputed table the chess family's move generation reads.
pub struct AttackTables {
    pub knight: [Bitboard; 64],
    pub king: [Bitboard; 64],
    /// `pawn[side][cell]`: the cells a pawn of `side` on `cell` captures on.
    pub pawn: [[Bitboard; 64]; 2],
    /// Slider attacks on an empty board (for pin detection).
    pub rook_empty: [Bitboard; 64],
    pub bishop_empty: [Bitboard; 64],
    /// Cells strictly between two cells on a common line (empty otherwise).
    between: Vec<Bitboard>,
    /// The whole line through two cells on a common line (empty otherwise).
    line: Vec<Bitboard>,
    rook_magic: [Magic; 64],
    bishop_magic: [Magic; 64],
    slider_attacks: Vec<Bitboard>,
}

impl AttackTables {
    #[inline(always)]
    pub fn rook(&self, sq: u8, occ: Bitboard) -> Bitboard {
        self.slider_attacks[self.rook_magic[sq as usize].index(occ)]
    }
    #[inline(always)]
    pub fn bishop(&self, sq: u8, occ: Bitboard) -> Bitboard {
        self.slider_attacks[self.bishop_magic[sq as usize].index(occ)]
    }
    #[inline(always)]
    pub fn queen(&self, sq: u8, occ: Bitboard) -> Bitboard {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }
    #[inline(always)]
    pub fn between(&self, a: u8, b: u8) -> Bitboard {
        self.between[a as usize * 64 + b as usize]
    }
    #[inline(always)]
    pub fn line(&self, a: u8, b: u8) -> Bitboard {
        self.line[a as usize * 64 + b as usize]
    }

    /// Builds every table from the 8x8 topology.
    pub fn build(topo: &Topology) -> AttackTables {
        assert_eq!(topo.num_cells(), 64, "the chess family plays on 64 cells");
        for sq in 0..64u8 {
            let c = topo.coord(sq as u16);
            assert_eq!(
                (c.x as u8, c.y as u8),
                (file_of(sq), rank_of(sq)),
                "bitboard layout = cell index"
            );
        }
        let leaps = |vectors: &[[i8; 3]]| -> [Bitboard; 64] {
            let table = topo.leap_table(vectors);
            let mut out = [0; 64];
            for (sq, cells) in table.iter().enumerate() {
                out[sq] = cells.iter().fold(0, |b, &c| b | bit(c as u8));
            }
            out
        };
        let knight = leaps(&KNIGHT_2D);
        let king = leaps(&KING_2D);
        let pawn = [
            leaps(&[[-1, 1, 0], [1, 1, 0]]),
            leaps(&[[-1, -1, 0], [1, -1, 0]]),
        ];
        let dir_indices = |vs: &[[i8; 3]]| -> Vec<usize> {
            vs.iter()
                .map(|&v| {
                    topo.direction_index(v)
                        .expect("grid has the 8 king directions")
                })
                .collect()
        };
        let orth = dir_indices(&ORTHOGONAL_2D);
        let diag = dir_indices(&DIAGONAL_2D);

        // Slider attacks by walking the topology's rays until the first blocker.
        let walk = |sq: u8, dirs: &[usize], occ: Bitboard| -> Bitboard {
            let mut att = 0;
            for &d in dirs {
                for &c in topo.ray(sq as u16, d) {
                    att |= bit(c as u8);
                    if occ & bit(c as u8) != 0 {
                        break;
                    }
                }
            }
            att
        };
        let relevant = |sq: u8, dirs: &[usize]| -> Bitboard {
            let mut m = 0;
            for &d in dirs {
                let ray = topo.ray(sq as u16, d);
                for &c in ray.iter().take(ray.len().saturating_sub(1)) {
                    m |= bit(c as u8);
                }
            }
            m
        };

        let mut rook_empty = [0; 64];
        let mut bishop_empty = [0; 64];
        for sq in 0..64u8 {
            rook_empty[sq as usize] = walk(sq, &orth, 0);
            bishop_empty[sq as usize] = walk(sq, &diag, 0);
        }

        let mut between = vec![0; 64 * 64];
        let mut line = vec![0; 64 * 64];
        for a in 0..64u8 {
            for d in 0..topo.num_dirs() {
                let ray = topo.ray(a as u16, d);
                // The full line through `a` in this direction: both half-rays and `a`.
                let opposite = {
                    let v = topo.directions()[d];
                    topo.direction_index([-v[0], -v[1], -v[2]])
                        .expect("directions come in pairs")
                };
                let full = ray
                    .iter()
                    .chain(topo.ray(a as u16, opposite))
                    .fold(bit(a), |m, &c| m | bit(c as u8));
                let mut gap = 0;
                for &c in ray {
                    between[a as usize * 64 + c as usize] = gap;
                    line[a as usize * 64 + c as usize] = full;
                    gap |= bit(c as u8);
                }
            }
        }

        let mut rng = ChaCha8Rng::seed_from_u64(MAGIC_SEARCH_SEED);
        let mut slider_attacks = Vec::new();
        let mut rook_magic = [Magic::default(); 64];
        let mut bishop_magic = [Magic::default(); 64];
        for sq in 0..64u8 {
            rook_magic[sq as usize] = find_magic(
                sq,
                relevant(sq, &orth),
                &|o| walk(sq, &orth, o),
                &mut rng,
                &mut slider_attacks,
            );
            bishop_magic[sq as usize] = find_magic(
                sq,
                relevant(sq, &diag),
                &|o| walk(sq, &diag, o),
                &mut rng,
                &mut slider_attacks,
            );
        }
        AttackTables {
            knight,
            king,
            pawn,
            rook_empty,
            bishop_empty,
            between,
            line,
            rook_magic,
            bishop_magic,
            slider_attacks,
        }
    }
}

/// Seed of the magic-number search (any seed works; a fixed one keeps start-up
/// time and table layout the same on every run).
const MAGIC_SEARCH_SEED: u64 = 0x6d61_6769_6373;

/// Finds a magic multiplier mapping every blocker subset of `mask` to a slot whose
/// attack set is right, and appends the slots to `table`.
fn find_magic(
    _sq: u8,
    mask: Bitboard,
    attacks_of: &dyn Fn(Bitboard) -> Bitboard,
    rng: &mut ChaCha8Rng,
    table: &mut Vec<Bitboard>,
) -> Magic {
    let bits = mask.count_ones();
    let shift = 64 - bits;
    // Every subset of the mask (carry-rippler enumeration) and its attack set.
    let mut subsets = Vec::with_capacity(1 << bits);
    let mut occ: Bitboard = 0;
    loop {
        subsets.push((occ, attacks_of(occ)));
        occ = occ.wrapping_sub(mask) & mask;
        if occ == 0 {
            break;
        }
    }
    let size = 1usize << bits;
    let mut slots = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        // Sparse random numbers make good magics far more often.
        let magic = rng.next_u64() & rng.next_u64() & rng.next_u64();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let ok = subsets.iter().all(|&(occ, att)| {
            let i = (occ.wrapping_mul(magic) >> shift) as usize;
            if epoch[i] != attempt {
                epoch[i] = attempt;
                slots[i] = att;
                true
            } else {
                slots[i] == att
            }
        });
        if ok {
            let offset = table.len() as u32;
            // Slots never hit by a subset stay as they are; they are never read.
            table.extend_from_slice(&slots);
            return Magic {
                mask,
                magic,
                shift,
                offset,
            };
        }
    }
}

static TABLES: OnceLock<AttackTables> = OnceLock::new();

/// The attack tables (built once from `Topology::grid(8, 8)`; immutable afterwards).
#[inline(always)]
pub fn tables() -> &'static AttackTables {
    TABLES.get_or_init(|| AttackTables::build(board_topology()))
}

static TOPOLOGY: OnceLock<Topology> = OnceLock::new();

/// The chess family's board: one flat 8x8 grid.
pub fn board_topology() -> &'static Topology {
    TOPOLOGY.get_or_init(|| Topology::grid(8, 8))
}

/// The largest count of one piece kind a hand may hold (16 pawns is the most a
/// legal crazyhouse game can give one side; FENs beyond it are rejected).
pub const HAND_MAX: usize = 16;

/// Zobrist keys of one variant, in fixed arrays for the hot paths of `make`.
pub struct Keys {
    pub piece: [[u64; 64]; 12],
    pub side: u64,
    /// One key per cell holding a castling rook with its right.
    pub castling: [u64; 64],
    pub ep_file: [u64; 8],
    /// `hand[side][kind][count]` (kinds pawn..queen).
    pub hand: [[[u64; HAND_MAX + 1]; 5]; 2],
    /// One key per cell holding a promoted piece (crazyhouse).
    pub promoted: [u64; 64],
}

impl Keys {
    pub fn new(seed: u64) -> Keys {
        let extras = 64 + 8 + 2 * 5 * (HAND_MAX + 1) + 64;
        let z = Zobrist::new(seed, 12, 64, extras);
        let mut k = Keys {
            piece: [[0; 64]; 12],
            side: z.side(),
            castling: [0; 64],
            ep_file: [0; 8],
            hand: [[[0; HAND_MAX + 1]; 5]; 2],
            promoted: [0; 64],
        };
        for p in 0..12 {
            for sq in 0..64 {
                k.piece[p][sq] = z.piece(p, sq);
            }
        }
        let mut i = 0;
        let mut next = || {
            i += 1;
            z.extra(i - 1)
        };
        for sq in 0..64 {
            k.castling[sq] = next();
        }
        for f in 0..8 {
            k.ep_file[f] = next();
        }
        for side in 0..2 {
            for kind in 0..5 {
                // An empty hand contributes nothing, so chess keys ignore hands.
                for count in 1..=HAND_MAX {
                    k.hand[side][kind][count] = next();
                }
            }
        }
        for sq in 0..64 {
            k.promoted[sq] = next();
        }
        k
    }
}

/// A cell's coordinates as the topology names them (for text output).
pub fn cell_name(sq: u8) -> &'static str {
    board_topology().name(sq as u16)
}

/// The cell named `name` (`a1`..`h8`).
pub fn cell_by_name(name: &str) -> Option<u8> {
    board_topology().cell_by_name(name).map(|c| c as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slider_lookups_match_ray_walking() {
        let t = tables();
        let topo = board_topology();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..2000 {
            let occ = rng.next_u64() & rng.next_u64();
            let sq = (rng.next_u32() % 64) as u8;
            let mut rook = 0;
            for v in ORTHOGONAL_2D {
                for &c in topo.ray(sq as u16, topo.direction_index(v).unwrap()) {
                    rook |= bit(c as u8);
                    if occ & bit(c as u8) != 0 {
                        break;
                    }
                }
            }
            assert_eq!(t.rook(sq, occ), rook);
        }
        assert_eq!(t.bishop(0, 0).count_ones(), 7);
        assert_eq!(t.between(0, 63).count_ones(), 6);
        assert_eq!(t.between(0, 10), 0);
        assert_eq!(t.line(0, 9), t.bishop_empty[0] | 1);
        assert_eq!(t.knight[0].count_ones(), 2);
        assert_eq!(t.pawn[0][8], bit(17));
    }
}
