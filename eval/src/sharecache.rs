//! Per-thread caches of one part of an evaluation.
//!
//! Where a board is made of parts that a move mostly leaves alone (Parallel Worlds'
//! levels, Tri-Plane's boards), the features of one part depend on its men alone. The
//! position keeps a hash of each part's men; the evaluation keeps each part's share
//! (its feature counts) under that hash, so most evaluations of a search compute
//! only the part the last move changed.

use crate::params::{Accumulator, Param};
use std::cell::RefCell;
use std::thread::LocalKey;

/// A part's share of the evaluation, stored under the key of the men it was computed
/// from.
pub trait Share: Copy {
    /// An unused slot. Its key is 0: a part whose key is 0 (no men at all) must have
    /// this share.
    const EMPTY: Self;
    fn key(&self) -> u64;
}

/// One thread's cache of shares: `SLOTS` (a power of two) entries indexed by the key.
pub type ShareCache<T> = RefCell<Vec<T>>;

/// Calls `f` with the share of key `key`, from `cache` when it holds it, otherwise
/// computed by `compute` (and kept).
pub fn with_share<T: Share, const SLOTS: usize>(
    cache: &'static LocalKey<ShareCache<T>>,
    key: u64,
    compute: impl FnOnce() -> T,
    f: impl FnOnce(&T),
) {
    cache.with_borrow_mut(|slots| {
        if slots.is_empty() {
            slots.resize(SLOTS, T::EMPTY);
        }
        let slot = &mut slots[key as usize & (SLOTS - 1)];
        if slot.key() != key {
            *slot = compute();
            debug_assert_eq!(slot.key(), key);
        }
        f(slot);
    });
}

/// Empties this thread's `cache` (tests: every share is then computed).
pub fn clear<T: Share>(cache: &'static LocalKey<ShareCache<T>>) {
    cache.with_borrow_mut(|slots| slots.clear());
}

/// An accumulator into a share's counts (parameters at or past `N` are not a
/// part's features and must not be reported to it).
pub struct Counts<'a, const N: usize>(pub &'a mut [i32; N]);

impl<const N: usize> Accumulator for Counts<'_, N> {
    #[inline]
    fn add(&mut self, p: Param, count: i32) {
        self.0[p] += count;
    }
}

/// Reports a share's counts to `acc`.
#[inline]
pub fn report<A: Accumulator, const N: usize>(counts: &[i32; N], acc: &mut A) {
    for (p, &n) in counts.iter().enumerate() {
        if n != 0 {
            acc.add(p, n);
        }
    }
}

/// Test helper: walks up to `steps` pseudo-random moves from `start`, evaluating and
/// tracing each position with `cache` emptied (every share computed), then checks
/// every position again, backwards, with the shares its neighbours left in the cache.
/// Returns the positions walked.
#[cfg(test)]
pub fn assert_cached_shares_equal_computed<P, T>(
    start: P,
    cache: &'static LocalKey<ShareCache<T>>,
    steps: usize,
) -> Vec<P>
where
    P: crate::params::Terms,
    T: Share,
{
    use crate::params::{features, TableEval};
    use engine::Evaluator;
    let e = TableEval::<P>::default();
    let mut p = start;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut walk = Vec::new();
    for _ in 0..steps {
        clear(cache);
        walk.push((p.clone(), e.evaluate(&p), features(&p)));
        let mut list = engine::MoveList::new();
        p.generate(engine::GenKind::All, &mut list);
        if list.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        p.make(list[(seed % list.len() as u64) as usize]);
    }
    for (q, computed, traced) in walk.iter().rev() {
        assert_eq!(e.evaluate(q), *computed, "{}", q.fen());
        assert_eq!(features(q), *traced, "{}", q.fen());
    }
    walk.into_iter().map(|(q, ..)| q).collect()
}
