//! Correction history: how far searches have found the static evaluation off in
//! positions that share a structure key (`Position::structure_key`, for example where
//! the pawns stand), learned during the search and added to the static evaluation of
//! later nodes with the same key. An evaluation that misjudges a pawn structure
//! misjudges it in every position that has it, so the search's verdicts on some of
//! them correct the others.

use crate::position::Side;

/// Entries per side (a power of two); the key picks one.
const ENTRIES: usize = 16_384;
/// Entries hold corrections in 1/GRAIN of a centipawn, so that small updates add up.
const GRAIN: i32 = 256;
/// An entry's correction stays within +-LIMIT centipawns.
const LIMIT: i32 = 128;
/// The weight of one update is min(depth + 1, MAX_WEIGHT) / WEIGHT_SCALE of the entry.
const MAX_WEIGHT: i32 = 16;
const WEIGHT_SCALE: i32 = 256;

/// One thread's corrections, by [side to move][structure key].
#[derive(Clone)]
pub struct CorrectionHistory {
    entries: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            entries: vec![0; 2 * ENTRIES],
        }
    }
}

fn index(side: Side, key: u64) -> usize {
    side.index() * ENTRIES + (key as usize & (ENTRIES - 1))
}

impl CorrectionHistory {
    /// No storage, for the ordering tables' placeholder.
    pub fn placeholder() -> Self {
        CorrectionHistory {
            entries: Vec::new(),
        }
    }

    /// The correction in centipawns for `side` to move in a structure `key`.
    #[inline]
    pub fn get(&self, side: Side, key: u64) -> i32 {
        self.entries[index(side, key)] / GRAIN
    }

    /// A search of `depth` found `searched` where the static evaluation (before
    /// correction) said `static_eval`: moves the entry towards the difference, the
    /// more the deeper the search.
    pub fn update(&mut self, side: Side, key: u64, depth: i32, static_eval: i32, searched: i32) {
        let target = (searched - static_eval).clamp(-LIMIT, LIMIT) * GRAIN;
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let entry = &mut self.entries[index(side, key)];
        *entry = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_move_towards_what_searches_find_and_stay_bounded() {
        let mut c = CorrectionHistory::default();
        assert_eq!(c.get(Side::White, 7), 0);
        for _ in 0..200 {
            c.update(Side::White, 7, 10, 0, 60);
        }
        let learned = c.get(Side::White, 7);
        assert!((55..=60).contains(&learned), "{learned}");
        // Keyed by side and structure: nothing leaks to the others.
        assert_eq!(c.get(Side::Black, 7), 0);
        assert_eq!(c.get(Side::White, 8), 0);
        // A shallow search moves the entry less than a deep one.
        let mut shallow = c.clone();
        shallow.update(Side::White, 7, 0, 0, -60);
        c.update(Side::White, 7, 12, 0, -60);
        assert!(shallow.get(Side::White, 7) > c.get(Side::White, 7));
        // Huge differences are clamped.
        for _ in 0..1000 {
            c.update(Side::White, 9, 20, 0, 30_000);
        }
        assert!(c.get(Side::White, 9) <= LIMIT);
    }
}
