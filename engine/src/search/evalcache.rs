//! A per-thread cache of static evaluations, keyed by the position's hash key.
//!
//! Iterative deepening visits most interior nodes again at every depth, and a
//! transposition-table hit that does not cut still needs the static evaluation for
//! its pruning margins. In the variants with large boards (a sphere of 180 cells,
//! three levels of 64) the evaluation builds attack maps and costs more than a
//! memory access, so it is computed once per position and thread.

/// Entries per thread: 2^16 of 16 bytes, one megabyte.
const SLOTS: usize = 1 << 16;

pub struct EvalCache {
    /// (key, evaluation); a key of 0 marks an empty slot (a position whose key is 0
    /// is simply never cached).
    slots: Box<[(u64, i32)]>,
}

impl EvalCache {
    pub fn new() -> Self {
        EvalCache {
            slots: vec![(0, 0); SLOTS].into_boxed_slice(),
        }
    }

    /// Brings the slot of `key` toward the processor (see [`crate::tt::prefetch_line`]).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::tt::prefetch_line(&self.slots[(key as usize) & (SLOTS - 1)]);
    }

    /// The cached evaluation of the position with `key`, or `evaluate()`, stored.
    #[inline]
    pub fn get_or_insert(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.slots[(key as usize) & (SLOTS - 1)];
        if key != 0 && slot.0 == key {
            return slot.1;
        }
        let value = evaluate();
        *slot = (key, value);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_value_is_returned_without_evaluating_again() {
        let mut cache = EvalCache::new();
        let mut calls = 0;
        let mut eval = |key, value| {
            cache.get_or_insert(key, || {
                calls += 1;
                value
            })
        };
        assert_eq!(eval(12345, 40), 40);
        assert_eq!(eval(12345, 99), 40, "second lookup answers from the cache");
        // Same slot, other key: replaced.
        let other = 12345 + SLOTS as u64;
        assert_eq!(eval(other, 7), 7);
        assert_eq!(eval(12345, 41), 41);
        // Key 0 is never cached.
        assert_eq!(eval(0, 1), 1);
        assert_eq!(eval(0, 2), 2);
        assert_eq!(calls, 5);
    }
}
