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
    /// The cells a piece of `kind` on `sq` attacks through `occ` (a pawn's of `side`).
    #[inline(always)]
    pub fn of_kind(
        &self,
        kind: u8,
        sq: u8,
        side: crate::position::Side,
        occ: Bitboard,
    ) -> Bitboard {
        use super::board::{BISHOP, KNIGHT, PAWN, QUEEN, ROOK};
        match kind {
            PAWN => self.pawn[side.index()][sq as usize],
            KNIGHT => self.knight[sq as usize],
            BISHOP => self.bishop(sq, occ),
            ROOK => self.rook(sq, occ),
            QUEEN => self.queen(sq, occ),
            _ => self.king[sq as usize],
        }
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
            let s = sq as usize;
            rook_magic[s] = find_magic(
                relevant(sq, &orth),
                &|o| walk(sq, &orth, o),
                ROOK_MAGICS[s],
                &mut rng,
                &mut slider_attacks,
            );
            bishop_magic[s] = find_magic(
                relevant(sq, &diag),
                &|o| walk(sq, &diag, o),
                BISHOP_MAGICS[s],
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

/// Magic multipliers found by [`find_magic`]'s own search (with
/// [`MAGIC_SEARCH_SEED`]); regenerate with the ignored test `print_magics`. Each
/// is verified against every blocker subset at start-up, so a wrong entry only
/// costs a search.
#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x1c80004002a08110, 0x4840004010082002, 0x1200220040088010, 0x4100090006100020,
    0x0480020400806800, 0x0500080400121100, 0x0280008002000300, 0x0100008041000332,
    0x4804800088204003, 0x3ee8802000884000, 0x0000801000200088, 0x0010800801100280,
    0x0001000801001004, 0x1c08010420400810, 0x0021000402000100, 0x8402800080034500,
    0x0980004000402015, 0x0420820022010040, 0x0020028020807000, 0x2000828008001001,
    0x0000808008000402, 0x0042008002040080, 0x800d410100020004, 0x1900020021104084,
    0x0801400280018220, 0x0000400080200080, 0x0010088080102000, 0x2008000880100081,
    0x0002050100100800, 0x2081000900040002, 0x0140010400320850, 0x0001104200108914,
    0x0080004000402000, 0x8010002004400050, 0x4800410011002002, 0x2028008108801002,
    0x0604000800800480, 0x4000800400800200, 0x0400080204000110, 0x0404008042000401,
    0x0000800040028020, 0x0000400081010020, 0x0080200010008080, 0x2082004010220008,
    0x0008040008008080, 0x0002001008020005, 0x0018504a31040008, 0x0422104100a20004,
    0x80e1002080004100, 0x8020804001003100, 0x0010080400200220, 0x8000100021020900,
    0x0408040008008080, 0x3010800200040080, 0x2440217a38300400, 0x40455400a0510200,
    0x0062003221004382, 0x3803260080421302, 0x0010090040200013, 0x2213900100a00509,
    0x2a02000420081002, 0x128f001a08040009, 0x0100010810220084, 0x0001000082002041,
];
#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0x0860490508008081, 0x2142220409060000, 0x4c044804810a4408, 0x9008208130400005,
    0x0031104000100820, 0x0880821042040002, 0x4404090888040000, 0x2108808048200400,
    0x0020040404080220, 0x01a0201400c21040, 0x1880442902020001, 0x0031446400800000,
    0x3031040420402000, 0x1000082a28200001, 0x6021020084044043, 0x1001098083982000,
    0x0810004002084108, 0x043001a00a060054, 0x4008008108410202, 0x0008042082004004,
    0x0842122401200000, 0x0002000040500400, 0x000c011042021000, 0x10008304d4009803,
    0x0820201204040422, 0x2104020c04100414, 0x8000900512042600, 0x8120202048008020,
    0x8041020004008408, 0x42080080011000a2, 0x010811010a010100, 0x10cc0114808280a0,
    0x4050082280882220, 0x0881012000088800, 0x004100480001080c, 0x0c18208020080200,
    0x11400b0110410040, 0x0042100040020800, 0x0010510100005420, 0x0108020280084c42,
    0x02421802c0800802, 0x0000808848006006, 0x2000084410080200, 0x0001024200843800,
    0x0004083009200400, 0x042000c114400200, 0x4020010200a04200, 0x00021c0404200090,
    0x0011108804400004, 0x0036484208208000, 0x0000948420880000, 0x0000040020880041,
    0x0480081020288438, 0x841b308310010802, 0x202058090800a080, 0x1010810240820001,
    0x0001140a03042000, 0x4140010048047420, 0x0800200110511000, 0x02808000008c1c08,
    0x0002023740228200, 0x8000506004115200, 0x4060040802041420, 0x0882200c01004b08,
];

/// Seed of the magic-number search (any seed works; a fixed one keeps start-up
/// time and table layout the same on every run).
const MAGIC_SEARCH_SEED: u64 = 0x6d61_6769_6373;

/// Finds a magic multiplier mapping every blocker subset of `mask` to a slot whose
/// attack set is right, and appends the slots to `table`. `known` is tried first
/// (the multipliers this very search found once, kept in [`ROOK_MAGICS`] /
/// [`BISHOP_MAGICS`] to save start-up time); the search runs only if it fails.
fn find_magic(
    mask: Bitboard,
    attacks_of: &dyn Fn(Bitboard) -> Bitboard,
    known: u64,
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
    let mut candidate = known;
    loop {
        attempt += 1;
        let ok = candidate != 0
            && subsets.iter().all(|&(occ, att)| {
                let i = (occ.wrapping_mul(candidate) >> shift) as usize;
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
                magic: candidate,
                shift,
                offset,
            };
        }
        // Sparse random numbers make good magics far more often.
        loop {
            candidate = rng.next_u64() & rng.next_u64() & rng.next_u64();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() >= 6 {
                break;
            }
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
#[cfg(test)]
mod magic_tables {
    use super::*;

    /// Prints the magics the search finds, for [`ROOK_MAGICS`] / [`BISHOP_MAGICS`].
    #[test]
    #[ignore = "regenerates the stored magic multipliers"]
    fn print_magics() {
        let t = AttackTables::build(board_topology());
        let fmt = |m: &[Magic; 64]| {
            m.iter()
                .map(|m| format!("{:#018x},", m.magic))
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!("ROOK {}", fmt(&t.rook_magic));
        println!("BISHOP {}", fmt(&t.bishop_magic));
    }

    #[test]
    fn stored_magics_need_no_search() {
        let t = std::time::Instant::now();
        let tables = AttackTables::build(board_topology());
        for sq in 0..64 {
            assert_eq!(tables.rook_magic[sq].magic, ROOK_MAGICS[sq]);
            assert_eq!(tables.bishop_magic[sq].magic, BISHOP_MAGICS[sq]);
        }
        eprintln!("tables built in {:?}", t.elapsed());
    }
}
