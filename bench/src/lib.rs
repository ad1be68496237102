//! Benchmark tools for `ratings`, kept out of the product binary:
//! synthetic sites of any size ([`synth`]) and the Hugo equivalent of a
//! site ([`hugo`]), both used by `bench/run`; the tests build synthetic
//! sites with [`synth`] too. [`pgn`]: a PGN collection for `bench/import-pgn`.

pub mod hugo;
pub mod pgn;
pub mod synth;
