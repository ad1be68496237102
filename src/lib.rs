//! The `ratings` command: a static site generator for rating pages of game
//! tournaments. `src/main.rs` reads the command line; the commands that are
//! more than a call into the stages live here.
//!
//! The build is a pipeline of crates that depend one way only (see
//! docs/architecture.md):
//!
//! - [`ratings_model`]: events, players, dates, names, diagnostics and the
//!   rule for what a site may read;
//! - [`ratings_config`]: `site.toml`, its `[[rating]]` tables kept raw;
//! - [`ratings_rating`]: the rating systems, configured from those tables,
//!   and what they compute (stage 2, rate);
//! - [`ratings_site`]: load `data/`, the rated views, the pages, the output
//!   plan and the atomic write (stages 1, 3, 4, 5), `build` and `check`;
//! - [`ratings_import`]: result files a community already has, as event
//!   files.

pub mod init;
mod poll;
pub mod serve;
mod watch;
