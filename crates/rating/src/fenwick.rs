//! Counts over compressed rating values: how many players are above a
//! rating, in O(log n). Used for the rank at the time (timeline).
//!
//! No coordinate makes it panic: one past the last (a value the
//! compression did not find) counts in the total, above every other, and
//! a query beyond the last coordinate counts everything below it.

/// Counts over compressed rating values (1-based Fenwick tree).
pub struct Fenwick {
    tree: Vec<i32>,
    total: i32,
}

impl Fenwick {
    pub fn new(n: usize) -> Self {
        Fenwick {
            tree: vec![0; n + 1],
            total: 0,
        }
    }

    pub fn add(&mut self, coord: u32, delta: i32) {
        self.total += delta;
        let mut i = coord as usize + 1;
        while i < self.tree.len() {
            self.tree[i] += delta;
            i += i & i.wrapping_neg();
        }
    }

    /// Number of values with coordinate `< coord`.
    pub fn below(&self, coord: u32) -> i32 {
        let mut i = (coord as usize).min(self.tree.len() - 1);
        let mut sum = 0;
        while i > 0 {
            sum += self.tree[i];
            i -= i & i.wrapping_neg();
        }
        sum
    }

    /// Number of values with coordinate `> coord`.
    pub fn above(&self, coord: u32) -> i32 {
        self.total - self.below(coord.saturating_add(1))
    }

    /// Number of values with coordinate in `lo..hi`.
    pub fn between(&self, lo: u32, hi: u32) -> i32 {
        self.below(hi) - self.below(lo)
    }

    /// The highest coordinate present.
    pub fn max(&self) -> Option<u32> {
        if self.total == 0 {
            return None;
        }
        // Find the largest prefix with sum < total: the answer is the next coordinate.
        let target = self.total;
        let mut pos = 0usize;
        let mut sum = 0;
        let mut step = (self.tree.len() - 1).next_power_of_two();
        while step > 0 {
            let next = pos + step;
            if next < self.tree.len() && sum + self.tree[next] < target {
                pos = next;
                sum += self.tree[next];
            }
            step >>= 1;
        }
        Some(pos as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fenwick_counts_and_max() {
        let mut t = Fenwick::new(10);
        for c in [3, 3, 7, 0] {
            t.add(c, 1);
        }
        assert_eq!(t.above(3), 1);
        assert_eq!(t.above(0), 3);
        assert_eq!(t.between(1, 7), 2);
        assert_eq!(t.max(), Some(7));
        t.add(7, -1);
        assert_eq!(t.max(), Some(3));
        t.add(3, -2);
        t.add(0, -1);
        assert_eq!(t.max(), None);
        let mut one = Fenwick::new(1);
        one.add(0, 1);
        assert_eq!(one.max(), Some(0));
    }

    /// A coordinate past the end (the timeline's "none", `u32::MAX`, which
    /// a NaN rating once carried here) is counted, never an index.
    #[test]
    fn coordinates_past_the_end_do_not_panic() {
        let mut t = Fenwick::new(4);
        t.add(1, 1);
        t.add(3, 1);
        t.add(u32::MAX, 1);
        assert_eq!(t.below(u32::MAX), 2);
        assert_eq!(t.between(2, u32::MAX), 1);
        assert_eq!(t.between(u32::MAX, u32::MAX), 0);
        assert_eq!(t.above(u32::MAX), 1);
        assert_eq!(t.above(1), 2);
        assert_eq!(t.max(), Some(4));
        let empty = Fenwick::new(0);
        assert_eq!((empty.below(7), empty.above(u32::MAX), empty.max()), (0, 0, None));
    }
}
