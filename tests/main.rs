//! The integration tests, as one test binary: every file of `tests/` is a
//! module here, so that `cargo test` links the crates once instead of once
//! per file (`autotests = false` in Cargo.toml). Run one file's tests with
//! `cargo test --test integration output::`.

mod common;

mod check;
mod dci;
mod determinism;
mod fuzz;
mod hostile;
mod import;
mod import_formats;
mod init;
mod inputs;
mod invalid;
mod output;
mod perf;
mod publish;
mod reader;
mod scale;
mod serve;
mod site;
mod standings;
mod systems;
mod tune;
mod unpublished;
