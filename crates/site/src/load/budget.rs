//! The bytes of event files parsed at once, all threads together.
//!
//! The TOML parser holds several times a file's size while it reads it (up
//! to some 18 times for a file of rows): files parsed on every core at once
//! multiplied that by the cores (eight 60 MiB event files took 7 GB on two
//! threads). A file is parsed once the files being parsed and it fit in
//! [`PARSED_AT_ONCE`], or alone: small files never wait, big ones are parsed
//! one or two at a time however many cores there are.

use std::sync::{Condvar, Mutex, PoisonError};

/// Bytes of files parsed at once: one file at the size limit (64 MiB).
pub const PARSED_AT_ONCE: usize = 64 << 20;

/// The bytes being parsed, shared by the threads that parse.
pub struct Budget {
    limit: usize,
    used: Mutex<usize>,
    freed: Condvar,
}

/// A file's share of the budget, given back when dropped.
pub struct Share<'b> {
    budget: &'b Budget,
    bytes: usize,
}

impl Budget {
    pub fn new(limit: usize) -> Budget {
        Budget {
            limit,
            used: Mutex::new(0),
            freed: Condvar::new(),
        }
    }

    /// `bytes` of the budget, once they fit (at once when nothing else is
    /// parsed: a file bigger than the budget is parsed alone). The holder
    /// must not wait for other parses (no rayon inside), or it could wait
    /// for a thread that waits here.
    pub fn take(&self, bytes: usize) -> Share<'_> {
        let mut used = self.used.lock().unwrap_or_else(PoisonError::into_inner);
        while !fits(*used, bytes, self.limit) {
            used = self.freed.wait(used).unwrap_or_else(PoisonError::into_inner);
        }
        *used += bytes;
        Share { budget: self, bytes }
    }
}

impl Drop for Share<'_> {
    fn drop(&mut self) {
        let mut used = self.budget.used.lock().unwrap_or_else(PoisonError::into_inner);
        *used -= self.bytes;
        self.budget.freed.notify_all();
    }
}

/// Whether `bytes` more may be parsed while `used` are.
fn fits(used: usize, bytes: usize, limit: usize) -> bool {
    used == 0 || used.saturating_add(bytes) <= limit
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn big_files_wait_small_ones_do_not() {
        const MIB: usize = 1 << 20;
        assert!(fits(0, 200 * MIB, PARSED_AT_ONCE), "a file above the budget, alone");
        assert!(fits(30 * MIB, 30 * MIB, PARSED_AT_ONCE));
        assert!(!fits(40 * MIB, 40 * MIB, PARSED_AT_ONCE));
        assert!(fits(60 * MIB, MIB, PARSED_AT_ONCE));
        assert!(!fits(1, usize::MAX, PARSED_AT_ONCE));
    }

    /// Threads taking shares of 40 of 64 units: never two at once; all served.
    #[test]
    fn shares_never_pass_the_budget() {
        let budget = Budget::new(64);
        let (now, most, done) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(0));
        let pool = rayon::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
        pool.install(|| {
            (0..64).into_par_iter().for_each(|i| {
                let bytes = if i % 2 == 0 { 40 } else { 10 };
                let _share = budget.take(bytes);
                let held = now.fetch_add(bytes, Ordering::SeqCst) + bytes;
                most.fetch_max(held, Ordering::SeqCst);
                std::thread::yield_now();
                now.fetch_sub(bytes, Ordering::SeqCst);
                done.fetch_add(1, Ordering::SeqCst);
            });
        });
        assert_eq!(done.load(Ordering::SeqCst), 64);
        assert!(most.load(Ordering::SeqCst) <= 64, "{most:?}");
        assert_eq!(*budget.used.lock().unwrap(), 0);
    }
}
