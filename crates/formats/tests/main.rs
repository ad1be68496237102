//! The readers on hand-written files of every format (tests/data/, made by
//! make_test_files.py), and robustness over random and truncated input.

mod csv;
mod detect;
mod pgn;
mod robustness;
mod trf;
