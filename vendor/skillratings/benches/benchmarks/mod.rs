pub mod elo_bench;
pub mod glicko2_bench;
pub mod trueskill_bench;
pub mod weng_lin_bench;
pub mod yuksel_bench;
