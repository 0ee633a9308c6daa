//! The transposition table shared by all search threads.
//!
//! A fixed-size array of buckets of [`BUCKET_SLOTS`] entries. Each entry is two
//! `AtomicU64` words: `key ^ data` and `data`. A reader accepts an entry only when the
//! two words XOR back to the probed key, so an entry torn by a concurrent writer (one
//! word from each of two stores) is simply a miss. No locks: a torn read can only cost
//! a lost entry, never a wrong one (up to a 64-bit key collision). The only `unsafe`
//! is in two hints to the hardware that change no value: a cache prefetch
//! ([`TranspositionTable::prefetch`]) and a request for huge pages (`advise_huge_pages`).
//!
//! Scores are stored relative to the side to move at the node, and mate scores as a
//! distance from that node (see [`score_to_tt`]), so an entry is valid whatever path
//! reaches the node.

use crate::moves::Move;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score means with respect to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score (a PV node).
    Exact,
    /// The true score is at least this (a fail-high / cut node).
    Lower,
    /// The true score is at most this (a fail-low / all node).
    Upper,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub mv: Move,
    /// Relative to the side to move at the node; mate scores as distance from it.
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The node was a PV node when stored, or had been one at an earlier store
    /// (Stockfish's `ttPv`): a node that was once on the principal variation may be
    /// again, and the search can treat it with more care than a plain cut or all node.
    pub pv: bool,
}

/// Entries per bucket: a probe looks at all of them.
const BUCKET_SLOTS: usize = 2;
/// Bytes per entry (two u64 words).
const ENTRY_BYTES: usize = 16;
/// Generations wrap at 5 bits (only equality with the current one is ever asked).
const GENERATION_MASK: u64 = 0x1f;
/// How many leading entries `hashfull` samples (the UCI convention is per mille).
const HASHFULL_SAMPLE: usize = 1000;

// Layout of the data word, low to high: move (32) | score (16) | depth (8) | bound (2) |
// generation (5) | pv (1). A data word of zero means "empty" (its score/depth/bound
// would be meaningless anyway because bound 0 is reserved below).
const SCORE_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const GEN_SHIFT: u32 = 58;
const PV_SHIFT: u32 = 63;

fn bound_code(b: Bound) -> u64 {
    // 0 is reserved for empty slots.
    match b {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    }
}

fn pack(mv: Move, score: i32, depth: i32, bound: Bound, pv: bool, generation: u64) -> u64 {
    let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
    let depth = depth.clamp(0, 255) as u64;
    (mv.bits() as u64)
        | (score << SCORE_SHIFT)
        | (depth << DEPTH_SHIFT)
        | (bound_code(bound) << BOUND_SHIFT)
        | ((generation & GENERATION_MASK) << GEN_SHIFT)
        | ((pv as u64) << PV_SHIFT)
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> BOUND_SHIFT) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        mv: Move::from_bits(data as u32),
        score: ((data >> SCORE_SHIFT) as u16) as i16 as i32,
        depth: ((data >> DEPTH_SHIFT) & 0xff) as i32,
        bound,
        pv: data >> PV_SHIFT != 0,
    })
}

fn generation_of(data: u64) -> u64 {
    (data >> GEN_SHIFT) & GENERATION_MASK
}

struct Slot {
    /// `key ^ data`.
    check: AtomicU64,
    data: AtomicU64,
}

/// The shared table. `Sync`: every access is an atomic load or store.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    /// The index of bucket 0's first slot (0 or 1), chosen so that every bucket starts
    /// on a multiple of its size and never straddles two cache lines.
    first: usize,
    buckets: usize,
    generation: AtomicU64,
}

/// Asks Linux to back the table with 2 MB pages where it can (transparent huge pages,
/// which many systems grant only on request: `madvise` mode). A probe lands on a
/// random entry, so with 4 KB pages nearly every probe of a large table also misses
/// the TLB; huge pages cut those misses by 512x. Must run before the pages are first
/// touched. Only a hint: when the kernel says no, the table works as before.
fn advise_huge_pages(slots: &Vec<Slot>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE_PAGE: usize = 2 << 20;
        let start = slots.as_ptr() as usize;
        let end = start + slots.capacity() * std::mem::size_of::<Slot>();
        let aligned = start.next_multiple_of(HUGE_PAGE);
        if end > aligned + HUGE_PAGE {
            let len = (end - aligned) / HUGE_PAGE * HUGE_PAGE;
            // SAFETY: the range lies inside the allocation `slots` owns; madvise
            // with MADV_HUGEPAGE changes how it is backed, never its contents.
            unsafe { libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}

impl TranspositionTable {
    /// A table of about `mb` megabytes; `mb == 0` gives a disabled table (every probe
    /// misses, stores are dropped), which tests use to compare search with and without it.
    ///
    /// When that much memory cannot be had, the size is halved until it can (see
    /// [`Self::size_mb`]): a too-large `Hash` must not bring the engine down.
    pub fn new(mb: usize) -> Self {
        let mut mb = mb;
        loop {
            let entries = mb.saturating_mul(1 << 20) / ENTRY_BYTES;
            let buckets = entries / BUCKET_SLOTS;
            let mut slots: Vec<Slot> = Vec::new();
            // One slot more than the buckets need, to align them (see `first`).
            let len = if buckets > 0 {
                buckets * BUCKET_SLOTS + 1
            } else {
                0
            };
            if slots.try_reserve_exact(len).is_err() {
                log::warn!(
                    "could not allocate a {mb} MB hash table; trying {} MB",
                    mb / 2
                );
                mb /= 2;
                continue;
            }
            advise_huge_pages(&slots);
            // Writing every entry maps the pages in now, on every core at once (a
            // large table takes seconds). Left to the search, each first store into
            // an untouched page takes a copy-on-write fault whose TLB flush interrupts
            // every other search thread (19% of a 2-thread chess search's time).
            let bucket_bytes = BUCKET_SLOTS * ENTRY_BYTES;
            // Allocations this large come 16-byte aligned, so at most one slot is
            // skipped (if not, the table only stays as slow as before).
            let first = !(slots.as_ptr() as usize).is_multiple_of(bucket_bytes) as usize;
            slots.par_extend((0..len).into_par_iter().map(|_| Slot {
                check: AtomicU64::new(0),
                data: AtomicU64::new(0),
            }));
            return TranspositionTable {
                slots,
                first,
                buckets,
                generation: AtomicU64::new(0),
            };
        }
    }

    pub fn is_enabled(&self) -> bool {
        self.buckets > 0
    }

    /// Size in megabytes as created.
    pub fn size_mb(&self) -> usize {
        (self.slots.len() * ENTRY_BYTES) >> 20
    }

    /// Empties every entry.
    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn current_generation(&self) -> u64 {
        self.generation.load(Ordering::Relaxed) & GENERATION_MASK
    }

    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift maps the key uniformly onto any bucket count.
        self.first + (((key as u128) * (self.buckets as u128)) >> 64) as usize * BUCKET_SLOTS
    }

    /// Asks the processor to start loading `key`'s bucket into the cache. The search
    /// calls this as soon as a child position's key is known, so the memory latency of
    /// the child's probe (a cache miss on a large table) overlaps the work done before
    /// it. Only a hint: it changes no result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        if self.buckets == 0 {
            return;
        }
        prefetch_line(&self.slots[self.bucket(key)]);
    }

    /// The entry stored for `key`, if one is present and intact.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        if self.buckets == 0 {
            return None;
        }
        let first = self.bucket(key);
        for slot in &self.slots[first..first + BUCKET_SLOTS] {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return unpack(data);
            }
        }
        None
    }

    /// Stores a result. Keeps the old move when the new one is `Move::NONE` for the same
    /// position, and prefers to replace stale or shallow entries of other positions.
    /// `pv` says the node is or was on the principal variation ([`Entry::pv`]).
    pub fn store(&self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound, pv: bool) {
        if self.buckets == 0 {
            return;
        }
        let generation = self.current_generation();
        let first = self.bucket(key);
        let mut victim = first;
        let mut victim_worth = i32::MAX;
        for i in first..first + BUCKET_SLOTS {
            let slot = &self.slots[i];
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data == 0 {
                victim = i;
                break;
            }
            if check ^ data == key {
                let old = unpack(data);
                let mut mv = mv;
                if let Some(old) = old {
                    if mv.is_none() {
                        mv = old.mv;
                    }
                    // A shallower non-exact result must not overwrite a deeper one.
                    if bound != Bound::Exact
                        && depth + 2 < old.depth
                        && generation_of(data) == generation
                    {
                        return;
                    }
                }
                write(slot, key, pack(mv, score, depth, bound, pv, generation));
                return;
            }
            let old_depth = ((data >> DEPTH_SHIFT) & 0xff) as i32;
            let stale = generation_of(data) != generation;
            let worth = old_depth - if stale { 256 } else { 0 };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        write(
            &self.slots[victim],
            key,
            pack(mv, score, depth, bound, pv, generation),
        );
    }

    /// How full the table is, per mille, counting entries of the current search.
    pub fn hashfull(&self) -> u32 {
        if self.slots.is_empty() {
            return 0;
        }
        let generation = self.current_generation();
        // The slots in use start at `first` (one slot may be skipped for alignment).
        let sample = (self.slots.len() - self.first).min(HASHFULL_SAMPLE);
        let used = self.slots[self.first..self.first + sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && generation_of(d) == generation
            })
            .count();
        (used * 1000 / sample) as u32
    }
}

fn write(slot: &Slot, key: u64, data: u64) {
    slot.check.store(key ^ data, Ordering::Relaxed);
    slot.data.store(data, Ordering::Relaxed);
}

/// Asks the processor to bring `item`'s cache line in ahead of its use: a node makes
/// a child, and the child's table slots are read a little later, after the move's
/// bookkeeping, instead of stalling on memory at once.
#[inline]
pub fn prefetch_line<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch is a hint that never faults and reads nothing into the
        // program; the address is a live reference besides.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(12, 28, 3);
        tt.store(0xdead_beef, m, -1234, 7, Bound::Lower, false);
        let e = tt.probe(0xdead_beef).expect("stored entry");
        assert_eq!(
            e,
            Entry {
                mv: m,
                score: -1234,
                depth: 7,
                bound: Bound::Lower,
                pv: false,
            }
        );
        assert!(tt.probe(0xdead_bef0).is_none());
        // END_TURN (all ones) packs without spilling into the other fields.
        tt.store(42, Move::END_TURN, 5, 1, Bound::Exact, false);
        assert_eq!(tt.probe(42).unwrap().mv, Move::END_TURN);
        assert_eq!(tt.probe(42).unwrap().score, 5);
    }

    #[test]
    fn the_pv_flag_is_its_own_bit_in_every_generation() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(3, 60, 1);
        // Through a whole cycle of generations the flag neither spills into the
        // generation nor takes its place, and an entry of the current search stays
        // counted as current (hashfull reads the generation).
        for g in 0..=GENERATION_MASK + 1 {
            for pv in [false, true] {
                tt.store(g * 2 + pv as u64 + 1, m, -7, 255, Bound::Upper, pv);
                let e = tt.probe(g * 2 + pv as u64 + 1).expect("stored entry");
                assert_eq!(
                    (e.pv, e.depth, e.bound, e.score, e.mv),
                    (pv, 255, Bound::Upper, -7, m)
                );
            }
            let data = pack(m, 0, 0, Bound::Exact, true, tt.current_generation());
            assert_eq!(
                generation_of(data),
                tt.current_generation(),
                "generation {g}"
            );
            tt.new_search();
        }
    }

    #[test]
    fn buckets_do_not_straddle_cache_lines() {
        for mb in [1, 16, 64] {
            let tt = TranspositionTable::new(mb);
            for key in [0, 1, 0xdead_beef, u64::MAX, 0x1234_5678_9abc_def0] {
                let address = &tt.slots[tt.bucket(key)] as *const Slot as usize;
                assert_eq!(
                    address % (BUCKET_SLOTS * ENTRY_BYTES),
                    0,
                    "{mb} MB, key {key}"
                );
                assert!(tt.bucket(key) + BUCKET_SLOTS <= tt.slots.len());
            }
        }
    }

    #[test]
    fn torn_entry_is_a_miss() {
        let tt = TranspositionTable::new(1);
        tt.store(7, Move::new(1, 2, 0), 10, 3, Bound::Exact, true);
        // Simulate a torn write: data from another store, check from this one.
        let i = tt.bucket(7);
        let slot = tt.slots[i..i + BUCKET_SLOTS]
            .iter()
            .find(|s| s.data.load(Ordering::Relaxed) != 0)
            .unwrap();
        slot.data.store(
            pack(Move::new(3, 4, 0), 99, 9, Bound::Exact, true, 0),
            Ordering::Relaxed,
        );
        assert!(tt.probe(7).is_none());
    }

    #[test]
    fn disabled_table_never_hits() {
        let tt = TranspositionTable::new(0);
        tt.store(1, Move::new(1, 2, 0), 1, 1, Bound::Exact, false);
        assert!(tt.probe(1).is_none());
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn hashfull_counts_current_generation() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..200_000u64 {
            tt.store(
                k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                Move::new(1, 2, 0),
                0,
                1,
                Bound::Exact,
                k % 2 == 0,
            );
        }
        assert!(tt.hashfull() > 500);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn a_full_table_is_1000_per_mille_full() {
        let tt = TranspositionTable::new(1);
        let data = pack(
            Move::new(1, 2, 0),
            0,
            1,
            Bound::Exact,
            false,
            tt.current_generation(),
        );
        for slot in &tt.slots[tt.bucket(0)..] {
            slot.data.store(data, Ordering::Relaxed);
        }
        assert_eq!(
            tt.hashfull(),
            1000,
            "the slot skipped for alignment is not sampled"
        );
    }
}
