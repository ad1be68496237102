//! Benchmark tools for `ratings`, kept out of the product binary:
//! synthetic sites of any size ([`synth`]) and the Hugo equivalent of a
//! site ([`hugo`]), both used by `bench/run`; the tests build synthetic
//! sites with [`synth`] too.

pub mod hugo;
pub mod synth;
