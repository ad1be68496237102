use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use ratings_model::error::Shown;

// A build allocates millions of small strings (page models) across threads:
// mimalloc spends about half the time of glibc's malloc on them.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
        /// Print the time of each stage and what was counted.
        #[arg(long)]
        timings: bool,
        /// Rebuild even when nothing changed since the last build.
        #[arg(long)]
        full: bool,
    },
    /// Create a new site folder that builds at once (site.toml with
    /// comments, an example event, a GitHub Pages workflow, .gitignore).
    Init {
        /// The folder to create; it must be missing, empty, or hold only
        /// `.git` (a fresh `git init`).
        #[arg(default_value = ".")]
        dir: PathBuf,
    },
    /// Validate site.toml and data/ without writing anything: every error,
    /// and warnings (likely duplicate players, mis-decoded names, tie ranks).
    Check {
        /// Site folder (with site.toml and data/).
        #[arg(long, default_value = ".")]
        site: PathBuf,
    },
    /// Turn the files a community already has into event files: FIDE TRF
    /// (every chess pairing program), PGN, CSV (docs/data-format.md) and
    /// World Diplomacy Database pages; the format is told by the content.
    Import {
        /// The files to import (any number: a season's TRF files at once).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The data folder to write into (YEAR/DATE-name.toml inside it; FIDE
        /// ids merged into its players.toml), or a .toml file for a single
        /// event [default: standard output].
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Replace existing event files.
        #[arg(long)]
        force: bool,
        /// Validate and report what would be written, writing nothing.
        #[arg(long)]
        check: bool,
        /// The events' `format` (e.g. "Rapid", "Blitz") [default: "Chess" for
        /// TRF and PGN, "Game" for CSV].
        #[arg(long)]
        format: Option<String>,
    },
    /// Fit a rating's parameters to the site's own results: search every
    /// numeric parameter for the lowest log loss on the earlier games,
    /// check it on the later (held-out) ones, and print the `[[rating]]`
    /// table to paste. Never changes site.toml.
    Tune {
        /// Site folder (with site.toml and data/).
        #[arg(long, default_value = ".")]
        site: PathBuf,
        /// The id of the rating to tune [default: every rating with a model].
        #[arg(long)]
        rating: Option<String>,
        /// The share of the games, the latest, held out of the search to
        /// check its result (0 to below 1).
        #[arg(long, default_value_t = 0.2)]
        holdout: f64,
    },
    /// Preview the site on http://127.0.0.1:PORT/, rebuilding and reloading
    /// the page when data/, site.toml or static/ change.
    Serve {
        /// Site folder (with site.toml and data/).
        #[arg(long, default_value = ".")]
        site: PathBuf,
        /// Output folder [default: output_dir of site.toml, in the site folder].
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Port on 127.0.0.1 (0: any free port).
        #[arg(long, default_value_t = 1111)]
        port: u16,
        /// Replace an output folder that this tool did not write.
        #[arg(long)]
        force: bool,
    },
}

fn main() -> ExitCode {
    // A write past a file-size limit (`ulimit -f`) fails with an error the
    // commands clean up after, instead of killing the process half-way.
    // SAFETY: setting a signal's disposition to "ignore" has no preconditions.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
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
            full,
        } => {
            let options = ratings_site::BuildOptions {
                site_dir: site,
                output,
                force,
            };
            let s = if full {
                ratings_site::build_full(&options)
            } else {
                ratings_site::build(&options)
            }
            .map_err(|e| e.to_string())?;
            if timings {
                for (i, (stage, t)) in s.stages.iter().enumerate() {
                    match s.memory.get(i).copied().flatten() {
                        Some((now, peak)) => eprintln!(
                            "{stage:>16}: {:8.3} s   memory {:>6} MiB (peak so far {:>6} MiB)",
                            t.as_secs_f64(),
                            now >> 20,
                            peak >> 20
                        ),
                        None => eprintln!("{stage:>16}: {:8.3} s", t.as_secs_f64()),
                    }
                }
                for k in &s.kinds {
                    eprintln!(
                        "{:>16}  {:<18} {:>8} files {:>8.1} MB {:>8.3} s of render (threads summed)",
                        "",
                        k.name,
                        k.pages,
                        k.bytes as f64 / 1e6,
                        k.render.as_secs_f64()
                    );
                }
                if s.skipped {
                    eprintln!("{:>16}  nothing changed since the last build", "");
                } else {
                    eprintln!(
                        "{:>16}  {} events, {} players, {} results, {} matches, {} pages, {} bytes",
                        "counts:", s.events, s.players, s.results, s.matches, s.pages, s.bytes
                    );
                }
            }
            println!(
                "Built {} pages ({} event{}, {} player{}, {} rating{}) into {} in {:.2} s: {} files written, {} unchanged, {:.1} MB",
                s.pages,
                s.events,
                if s.events == 1 { "" } else { "s" },
                s.players,
                if s.players == 1 { "" } else { "s" },
                s.ratings,
                if s.ratings == 1 { "" } else { "s" },
                Shown(&s.output),
                s.elapsed.as_secs_f64(),
                s.written,
                s.unchanged,
                s.bytes as f64 / 1e6
            );
            if let Some(w) = &s.size_warning {
                eprintln!("{w}");
            }
            print_warnings(&s.warnings, s.warning_count);
            Ok(())
        }
        Command::Init { dir } => {
            let files = ratings::init::init(&dir).map_err(|e| format!("error: {e}"))?;
            println!(
                "Created a new site in {} ({} files). Next: edit site.toml and data/, then `ratings check --site {0}` and `ratings build --site {0}`.",
                Shown(&dir),
                files.len()
            );
            Ok(())
        }
        Command::Check { site } => check(&site),
        Command::Tune { site, rating, holdout } => tune(&site, rating.as_deref(), holdout),
        Command::Import {
            files,
            output,
            force,
            check,
            format,
        } => import(
            &ratings_import::batch::Request {
                files,
                output,
                force,
                game_format: format,
            },
            check,
        ),
        Command::Serve {
            site,
            output,
            port,
            force,
        } => ratings::serve::serve(&ratings::serve::ServeOptions {
            site_dir: site,
            output,
            port,
            force,
        }),
    }
}

/// A build's share of `check`'s warnings: the first few, then how many in
/// all (`count`, those `check` does not show either included) and where to
/// see them.
fn print_warnings(warnings: &[ratings_model::error::Diagnostic], count: usize) {
    const SHOWN: usize = 3;
    for w in warnings.iter().take(SHOWN) {
        eprintln!("warning: {w}");
    }
    match count {
        0 => {}
        n if n <= SHOWN => eprintln!(
            "{n} warning{}: `ratings check` explains them",
            if n == 1 { "" } else { "s" }
        ),
        n => eprintln!(
            "{n} warnings in all ({} more): run `ratings check` to see every one",
            n - SHOWN
        ),
    }
}

fn check(site: &Path) -> Result<(), String> {
    let checked = ratings_site::check(site).map_err(|e| e.to_string())?;
    let warnings = &checked.warnings;
    for w in warnings {
        eprintln!("warning: {w}");
    }
    if let Some(w) = &checked.size_warning {
        eprintln!("{w}");
    }
    let count = checked.warning_count + usize::from(checked.size_warning.is_some());
    println!(
        "{}: no errors, {} warning{}; the site will be about {}",
        Shown(&site),
        count,
        if count == 1 { "" } else { "s" },
        checked.size.describe()
    );
    Ok(())
}

/// `ratings tune`: the search is `ratings_rating::tune`; this loads the
/// site, picks the ratings and shows the progress on a terminal.
fn tune(site: &Path, rating: Option<&str>, holdout: f64) -> Result<(), String> {
    if !(0.0..1.0).contains(&holdout) {
        return Err(format!("error: --holdout must be from 0 to below 1, not {holdout}"));
    }
    let loaded = ratings_site::load::load(site).map_err(|e| e.to_string())?;
    let tables: Vec<&ratings_config::RatingTable> = loaded
        .config
        .ratings
        .iter()
        .zip(&loaded.ratings)
        .filter(|(t, r)| match rating {
            Some(id) => t.id == id,
            None => {
                r.system.parameters().iter().len() > 0
                    && r.system.chance(Default::default(), Default::default()).is_some()
            }
        })
        .map(|(t, _)| t)
        .collect();
    if tables.is_empty() {
        let ids: Vec<&str> = loaded.config.ratings.iter().map(|t| t.id.as_str()).collect();
        return Err(match rating {
            Some(id) => format!("error: no rating {id:?} in site.toml (its ratings: {})", ids.join(", ")),
            None => {
                "error: no rating of site.toml has parameters tune can fit (Elo, Glicko-2, TrueSkill, DCI)".to_string()
            }
        });
    }
    for (i, table) in tables.iter().enumerate() {
        let bar = indicatif::ProgressBar::new(ratings_rating::tune::MAX_EVALUATIONS as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ratings of the site, {elapsed}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar.set_message(format!("tuning {}", table.id));
        let tuned = ratings_rating::tune::tune(table, &loaded.model, holdout, &|done, _| bar.set_position(done as u64))
            .map_err(|ds| ratings_model::error::Errors::sorted(ds).to_string())?;
        bar.finish_and_clear();
        if i > 0 {
            println!();
        }
        print!("{}", tuned.report());
    }
    Ok(())
}

fn import(request: &ratings_import::batch::Request, check: bool) -> Result<(), String> {
    use ratings_import::batch;
    let plan = batch::plan(request).map_err(|e| e.to_string())?;
    for w in &plan.warnings {
        eprintln!("warning: {w}");
    }
    for s in &plan.skipped {
        eprintln!("skipped: {s}");
    }
    for n in &plan.notes {
        eprintln!("note: {n}");
    }
    let events: Vec<_> = plan.events().collect();
    let line = |e: &ratings_import::tournament::EventFile| format!("{} ({})", e.name, e.summary);
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let totals = format!(
        "{} from {}, {}, {} skipped",
        plural(events.len(), "event"),
        plural(plan.files.len(), "file"),
        plural(plan.warning_count, "warning"),
        plan.skipped_count
    );
    let output = request.output.as_deref().filter(|_| !check);
    let Some(output) = output else {
        for file in &plan.files {
            eprintln!("{} ({}):", Shown(&file.path), file.kind);
            for e in &file.events {
                if check {
                    eprintln!("  {} → data/{}", Shown(line(e).as_str()), e.rel_path);
                } else {
                    eprintln!(
                        "  Imported {}; suggested file: data/{}",
                        Shown(line(e).as_str()),
                        e.rel_path
                    );
                }
            }
        }
        if let Some((path, _, added)) = &plan.players {
            eprintln!(
                "{}: {} with a FIDE id to add",
                Shown(path.as_path()),
                plural(*added, "player")
            );
        }
        if check {
            if let Some(output) = request.output.as_deref() {
                for target in batch::targets(&plan, output) {
                    if std::fs::symlink_metadata(&target).is_ok() {
                        let what = if request.force {
                            "--force replaces it"
                        } else {
                            "the import would stop: --force replaces it"
                        };
                        eprintln!("note: {}: the file exists; {what}", Shown(target.as_path()));
                    }
                }
            }
            eprintln!("Checked: {totals}; nothing written");
        } else {
            for e in &events {
                if events.len() > 1 {
                    println!("# ---- data/{} ----", e.rel_path);
                }
                print!("{}", e.toml);
            }
        }
        return Ok(());
    };
    let written = batch::write(&plan, output, request.force).map_err(|errors| errors.to_string())?;
    for (e, target) in events.iter().zip(&written) {
        eprintln!("Imported {} into {}", Shown(line(e).as_str()), Shown(target.as_path()));
    }
    if let Some((path, _, added)) = &plan.players {
        eprintln!(
            "{}: {} with a FIDE id added",
            Shown(path.as_path()),
            plural(*added, "player")
        );
    }
    eprintln!("Imported {totals}");
    Ok(())
}
