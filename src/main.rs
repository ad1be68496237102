use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Static site generator for rating pages of game tournaments.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compute every rating and write the site.
    Build {
        /// Site folder (with site.toml and data/).
        #[arg(long, default_value = ".")]
        site: PathBuf,
        /// Output folder [default: output_dir of site.toml, in the site folder].
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Replace an output folder that this tool did not write.
        #[arg(long)]
        force: bool,
        /// Print the time of each stage.
        #[arg(long)]
        timings: bool,
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
        Command::Build {
            site,
            output,
            force,
            timings,
        } => {
            let options = ratings::BuildOptions {
                site_dir: site,
                output,
                force,
            };
            let s = ratings::build(&options).map_err(|e| e.to_string())?;
            if timings {
                for (stage, t) in &s.stages {
                    eprintln!("{stage:>14}: {:8.3} s", t.as_secs_f64());
                }
            }
            println!(
                "Built {} pages ({} events, {} players, {} rating{}) into {} in {:.2} s: {} files written, {} unchanged, {:.1} MB",
                s.pages,
                s.events,
                s.players,
                s.ratings,
                if s.ratings == 1 { "" } else { "s" },
                s.output.display(),
                s.elapsed.as_secs_f64(),
                s.written,
                s.unchanged,
                s.bytes as f64 / 1e6
            );
            Ok(())
        }
    }
}
