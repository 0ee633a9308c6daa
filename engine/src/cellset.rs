//! A set of cells as a fixed array of 64-bit words.
//!
//! `W` is chosen per variant (2 words for 100 cells, 5 for 272), so bit tricks stay
//! available without assuming a 64-cell board.

use crate::topology::Cell;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CellSet<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for CellSet<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl CellSet<2> {
    /// The set as one 128-bit word (cell `c` is bit `c`), for
    /// [`crate::movement::LineMasks`].
    #[inline]
    pub fn as_u128(self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 64
    }
}

impl<const W: usize> CellSet<W> {
    pub const EMPTY: Self = CellSet([0; W]);
    /// How many cells a set of this width can hold.
    pub const CAPACITY: usize = 64 * W;

    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        let c = c as usize;
        (self.0[c >> 6] >> (c & 63)) & 1 != 0
    }
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        let c = c as usize;
        self.0[c >> 6] |= 1u64 << (c & 63);
    }
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        let c = c as usize;
        self.0[c >> 6] &= !(1u64 << (c & 63));
    }
    #[inline]
    pub fn toggle(&mut self, c: Cell) {
        let c = c as usize;
        self.0[c >> 6] ^= 1u64 << (c & 63);
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }
    /// The lowest cell in the set.
    #[inline]
    pub fn first(&self) -> Option<Cell> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some((i * 64 + w.trailing_zeros() as usize) as Cell);
            }
        }
        None
    }
    pub fn iter(&self) -> CellSetIter<W> {
        CellSetIter {
            words: self.0,
            index: 0,
        }
    }
    pub fn from_cells(cells: impl IntoIterator<Item = Cell>) -> Self {
        let mut s = Self::EMPTY;
        for c in cells {
            s.insert(c);
        }
        s
    }
}

impl<const W: usize> FromIterator<Cell> for CellSet<W> {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        Self::from_cells(iter)
    }
}

pub struct CellSetIter<const W: usize> {
    words: [u64; W],
    index: usize,
}

impl<const W: usize> Iterator for CellSetIter<W> {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.index < W {
            let w = self.words[self.index];
            if w != 0 {
                self.words[self.index] = w & (w - 1);
                return Some((self.index * 64 + w.trailing_zeros() as usize) as Cell);
            }
            self.index += 1;
        }
        None
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const W: usize> std::ops::$tr for CellSet<W> {
            type Output = Self;
            #[inline]
            fn $f(mut self, rhs: Self) -> Self {
                for i in 0..W {
                    self.0[i] = self.0[i] $op rhs.0[i];
                }
                self
            }
        }
        impl<const W: usize> std::ops::$atr for CellSet<W> {
            #[inline]
            fn $af(&mut self, rhs: Self) {
                for i in 0..W {
                    self.0[i] = self.0[i] $op rhs.0[i];
                }
            }
        }
    };
}
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const W: usize> CellSet<W> {
    /// Cells in `self` but not in `other`.
    #[inline]
    pub fn without(mut self, other: Self) -> Self {
        for i in 0..W {
            self.0[i] &= !other.0[i];
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate_across_words() {
        let mut s = CellSet::<5>::EMPTY;
        for c in [0u16, 63, 64, 200, 271] {
            s.insert(c);
        }
        assert_eq!(s.len(), 5);
        assert!(s.contains(200) && !s.contains(199));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200, 271]);
        s.remove(63);
        assert_eq!(s.first(), Some(0));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 64, 200, 271]);
        let t = CellSet::<5>::from_cells([64, 100]);
        assert_eq!((s & t).iter().collect::<Vec<_>>(), vec![64]);
        assert_eq!(s.without(t).len(), 3);
    }
}
