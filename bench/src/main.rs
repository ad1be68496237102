//! `ratings-bench`: the benchmark tools of `bench/run`, outside the product.
//!
//! ```text
//! ratings-bench synth OUT [--case small|large|huge] [--seed N] ...
//! ratings-bench hugo-site [--site DIR] OUT
//! ratings-bench predictions [--site DIR]
//! ratings-bench pgn OUT [--games N] [--seed N]
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

// The allocator of the `ratings` binary, so that `predictions` times what a
// build spends.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write a synthetic site (invented players and events) for benchmarks.
    Synth {
        /// Folder to create (must not exist or be empty).
        out: PathBuf,
        /// Preset: small, large or huge.
        #[arg(long, default_value = "small")]
        case: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Placement events (overrides the case).
        #[arg(long)]
        events: Option<usize>,
        #[arg(long)]
        players: Option<usize>,
        /// Result rows over all placement events (approximate).
        #[arg(long)]
        results: Option<usize>,
        #[arg(long)]
        match_events: Option<usize>,
        /// Matches over all match events (approximate).
        #[arg(long)]
        matches: Option<usize>,
        /// Instead: add one more event to the synthetic site OUT (for
        /// incremental-rebuild benchmarks); N makes it distinct.
        #[arg(long, value_name = "N")]
        add_event: Option<u64>,
        /// Publish Elo, Glicko-2 and TrueSkill too (five ratings).
        #[arg(long)]
        all_systems: bool,
    },
    /// Time the predictions work of a build (each rating's share right,
    /// log loss and calibration, every pair compared) against rating the site,
    /// in processor time (BENCHMARKS.md, issue 27).
    Predictions {
        #[arg(long, default_value = ".")]
        site: PathBuf,
    },
    /// Write a synthetic PGN collection (for bench/import-pgn).
    Pgn {
        /// File to create.
        out: PathBuf,
        #[arg(long, default_value_t = 100_000)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Write the Hugo equivalent of a site (for bench/run).
    HugoSite {
        #[arg(long, default_value = ".")]
        site: PathBuf,
        out: PathBuf,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Pgn { out, games, seed } => {
            let file = std::fs::File::create(&out).map_err(|e| format!("{}: {e}", out.display()))?;
            let mut file = std::io::BufWriter::new(file);
            let bytes = ratings_bench::pgn::write(&mut file, games, seed)
                .and_then(|b| std::io::Write::flush(&mut file).map(|()| b))
                .map_err(|e| format!("{}: {e}", out.display()))?;
            println!(
                "Wrote {games} games ({:.1} MB) to {}",
                bytes as f64 / 1e6,
                out.display()
            );
            Ok(())
        }
        Command::Synth {
            out,
            case,
            seed,
            events,
            players,
            results,
            match_events,
            matches,
            add_event,
            all_systems,
        } => {
            let mut p = ratings_bench::synth::SynthParams::case(&case)
                .ok_or_else(|| format!("unknown case {case:?} (known: small, large, huge)"))?;
            p.seed = seed;
            p.events = events.unwrap_or(p.events);
            p.players = players.unwrap_or(p.players);
            p.results = results.unwrap_or(p.results);
            p.match_events = match_events.unwrap_or(p.match_events);
            p.matches = matches.unwrap_or(p.matches);
            p.all_systems = all_systems;
            if let Some(n) = add_event {
                let rel =
                    ratings_bench::synth::extra_event(&out, &p, n).map_err(|e| format!("{}: {e}", out.display()))?;
                println!("Added {}", out.join(rel).display());
                return Ok(());
            }
            let s = ratings_bench::synth::generate(&out, &p).map_err(|e| format!("{}: {e}", out.display()))?;
            println!(
                "Wrote {} ({} placement events, {} match events, {} players, {} results, {} matches; {} files, {:.1} MB)",
                out.display(),
                s.events,
                s.match_events,
                s.players,
                s.results,
                s.matches,
                s.files,
                s.bytes as f64 / 1e6
            );
            Ok(())
        }
        Command::Predictions { site } => predictions(&site),
        Command::HugoSite { site, out } => {
            let pages = ratings_bench::hugo::hugo_site(&site, &out)?;
            println!("Wrote the Hugo site {} ({pages} content pages)", out.display());
            Ok(())
        }
    }
}

/// Processor time (user + system) of this process so far, in seconds.
fn processor_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields 14 and 15 (utime, stime) after the command's name in parentheses.
    let after = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

fn predictions(site: &std::path::Path) -> Result<(), String> {
    use std::time::Instant;
    let loaded = ratings_site::load::load(site).map_err(|e| e.to_string())?;
    let (wall, cpu) = (Instant::now(), processor_seconds());
    let histories: Vec<_> = loaded.ratings.iter().map(|r| r.system.rate(&loaded.model)).collect();
    let rate = (wall.elapsed().as_secs_f64(), processor_seconds() - cpu);
    let (wall, cpu) = (Instant::now(), processor_seconds());
    let pairs: Vec<_> = loaded
        .ratings
        .iter()
        .zip(&histories)
        .map(|(r, h)| (r.system.as_ref(), h))
        .collect();
    std::hint::black_box(ratings_rating::predictions::evaluate(&loaded.model, &pairs));
    let evaluate = (wall.elapsed().as_secs_f64(), processor_seconds() - cpu);
    for (what, (wall, cpu)) in [("rate (every rating)", rate), ("predictions and comparisons", evaluate)] {
        println!("{what:>28}: {wall:7.3} s wall {cpu:7.3} s processor");
    }
    Ok(())
}
