//! A site's build, in the order of the pipeline:
//!
//! - stage 1, load: [`load`] reads `site.toml` (with `ratings_config`) and
//!   `data/` into a [`Site`]; [`ratings`] gives each `[[rating]]` table its
//!   system (with `ratings_rating`);
//! - stage 2, rate: [`rate`] runs every rating's system over the model
//!   ([`rated`]: the history and what pages derive from it); [`standings`]
//!   scores every match event;
//! - stage 3, pages: [`pages`] (page models, rendered with askama),
//!   [`downloads`], [`publish`] (sitemap, feed), [`markdown`];
//! - stage 4, plan: [`plan`] lists every output file before anything is
//!   written (clashes are errors), with [`static_files`] and [`size`];
//! - stage 5, write: [`output`] writes the plan atomically, skipping
//!   unchanged files ([`fingerprint`]: nothing changed, nothing done).
//!
//! [`check`] is the warnings of `ratings check`; [`build`] and [`check()`]
//! are the two commands over the pipeline.

// Stage 1: load.
pub mod load;
pub mod ratings;
// Stage 2: rate (and score: match events' standings).
pub mod rated;
pub mod standings;
// Stage 3: pages.
pub mod downloads;
pub mod markdown;
pub mod pages;
pub mod publish;
// Stage 4: plan.
pub mod plan;
pub mod size;
pub mod static_files;
// Stage 5: write.
pub mod fingerprint;
pub mod output;
// `ratings check`'s warnings.
pub mod check;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use ratings_config::SiteConfig;
use ratings_model::error::{Diagnostic, Errors};
use static_files::static_files;

/// A loaded site: the settings of `site.toml`, the ratings it publishes
/// (each `[[rating]]` table with its system) and the model of `data/`.
#[derive(Debug)]
pub struct Site {
    pub config: SiteConfig,
    pub ratings: Vec<ratings::Rating>,
    pub model: ratings_model::Site,
    /// The slug of each nationality's key (`country::nation_key`), made
    /// once for the whole site so that every rating's national rankings
    /// and every link to them agree (see `names::distinct_slugs`).
    pub nation_slugs: std::collections::BTreeMap<String, String>,
}

impl Site {
    /// The slug of a nationality as written (`FRA`, `France`).
    pub fn nation_slug(&self, nat: &str) -> String {
        self.nation_slug_of_key(&ratings_model::country::nation_key(nat))
    }

    /// The slug of a nationality's key (`country::nation_key`).
    pub fn nation_slug_of_key(&self, key: &str) -> String {
        match self.nation_slugs.get(key) {
            Some(slug) => slug.clone(),
            None => ratings_model::names::slug(key),
        }
    }
}

/// The slugs of every nationality of `players`, by key.
pub fn nation_slugs(players: &[ratings_model::Player]) -> std::collections::BTreeMap<String, String> {
    let mut written: Vec<&str> = players.iter().map(|p| &*p.nat).filter(|n| !n.is_empty()).collect();
    written.sort_unstable();
    written.dedup();
    let keys: std::collections::BTreeSet<String> =
        written.into_iter().map(ratings_model::country::nation_key).collect();
    let slugs = ratings_model::names::distinct_slugs(keys.iter().map(String::as_str));
    keys.into_iter().zip(slugs).collect()
}

/// What `build` is asked to do.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    pub site_dir: PathBuf,
    /// Output folder; default: `output_dir` of site.toml, under the site folder.
    pub output: Option<PathBuf>,
    /// Replace an output folder this tool did not write.
    pub force: bool,
}

/// What a build did.
#[derive(Debug, Clone)]
pub struct Summary {
    pub output: PathBuf,
    pub pages: usize,
    /// Files whose bytes changed (or are new).
    pub written: usize,
    /// Files equal to the previous build's, hard-linked.
    pub unchanged: usize,
    pub bytes: u64,
    pub players: usize,
    pub events: usize,
    pub ratings: usize,
    /// Result rows and matches read.
    pub results: usize,
    pub matches: usize,
    pub elapsed: Duration,
    /// Wall time of each stage.
    pub stages: Vec<(&'static str, Duration)>,
    /// After each stage (same order, where the system tells): resident
    /// memory and its peak so far, in bytes (`build --timings`).
    pub memory: Vec<Option<(u64, u64)>>,
    /// Render time (CPU, summed over threads), pages and bytes by page group.
    pub kinds: Vec<KindStats>,
    /// Nothing changed since the build that wrote the output: no work done
    /// (`results` and `matches` are then 0: nothing was read).
    pub skipped: bool,
    /// The site is larger than `max_site_mb` of site.toml: what to say.
    pub size_warning: Option<String>,
    /// The warnings `ratings check` gives (none when nothing was built),
    /// as it shows them (see [`check::warnings`]).
    pub warnings: Vec<Diagnostic>,
    /// How many warnings there are in all, those not shown included.
    pub warning_count: usize,
}

/// What writing the site took.
struct Written {
    bytes: u64,
    /// Summed over threads.
    render: Duration,
    write: Duration,
    kinds: Vec<KindStats>,
}

/// Rendering of one kind of page (`build --timings`).
#[derive(Debug, Clone)]
pub struct KindStats {
    pub name: &'static str,
    /// Summed over threads.
    pub render: Duration,
    pub pages: u64,
    pub bytes: u64,
}

/// Load, rate, render and write a site; or, when the inputs (and this
/// program) are exactly those of the build that wrote the output folder and
/// that folder is untouched, do nothing (see [`build_full`]).
pub fn build(options: &BuildOptions) -> Result<Summary, Errors> {
    let started = Instant::now();
    if let Some(summary) = unchanged(options, started) {
        return Ok(summary);
    }
    build_full(options)
}

/// The no-change check: the summary of the recorded build if nothing changed.
fn unchanged(options: &BuildOptions, started: Instant) -> Option<Summary> {
    let config = ratings_config::read(&options.site_dir).ok()?;
    let out = config.output_path(&options.site_dir, options.output.as_deref());
    let input = fingerprint::inputs(&options.site_dir)?;
    let stamp = output::intact_stamp(&out)?;
    if stamp.input != input {
        return None;
    }
    output::clean_leftovers(&out);
    let [pages, bytes, players, events, ratings] = stamp.counts;
    Some(Summary {
        output: out,
        pages: pages as usize,
        written: 0,
        unchanged: stamp.files,
        bytes,
        players: players as usize,
        events: events as usize,
        ratings: ratings as usize,
        results: 0,
        matches: 0,
        elapsed: started.elapsed(),
        stages: vec![("no-change check", started.elapsed())],
        memory: vec![size::resident()],
        kinds: Vec::new(),
        skipped: true,
        warnings: Vec::new(),
        warning_count: 0,
        // The size by kind is the last full build's: only the total here.
        size_warning: (bytes > config.max_site_mb * 1_000_000).then(|| {
            format!(
                "warning: the site is {:.1} MB, more than max_site_mb = {} of site.toml (GitHub Pages publishes at most 1 GB); `build --full` says which files take the most",
                bytes as f64 / 1e6,
                config.max_site_mb
            )
        }),
    })
}

/// Copy a static file to `rel` of the output, in pieces, never held whole
/// (a static file may be a large download). A failed read names the file
/// read, not its copy (one removed while the build ran was reported as
/// `public/...: No such file or directory`). Returns the bytes copied.
fn copy_static(staging: &output::Staging, rel: &str, src: &ratings_model::files::SiteFile) -> Result<u64, Diagnostic> {
    let mut unread = None;
    staging
        .write_pieces(rel, &mut |sink| {
            let mut wrote = true;
            src.for_each_piece(&mut |piece| sink(piece).inspect_err(|_| wrote = false))
                .inspect_err(|e| {
                    if wrote {
                        unread = Some(Diagnostic::io(&src.path, e));
                    }
                })
        })
        .map_err(|copy| unread.take().unwrap_or(copy))
}

/// Load, rate, render and write a site, always (files whose bytes are
/// unchanged are still not rewritten: they are hard-linked).
pub fn build_full(options: &BuildOptions) -> Result<Summary, Errors> {
    let started = Instant::now();
    let mut laps = Laps::new();
    // Before reading: an input edited during the build makes the next one redo it.
    let input = fingerprint::inputs(&options.site_dir).unwrap_or(0);
    laps.stage("fingerprint");
    let site = load::load(&options.site_dir)?;
    laps.stage("load");

    // `check`'s warnings, beside the rating (they read only the data).
    let (ratings, (mut warnings, mut warning_count)) =
        rayon::join(|| rate(&site), || check::warnings(&site, &options.site_dir));
    let ratings = ratings?;
    laps.stage("rate");

    let ctx = pages::Context::new(&site, ratings);
    let idle = check::idle_ratings(&site, &options.site_dir, &ctx.ratings);
    warning_count += idle.len();
    warnings.extend(idle);
    let out = site.config.output_path(&options.site_dir, options.output.as_deref());
    if options.output.is_none() {
        output::within_site(&out, &options.site_dir)?;
    }
    let plan = plan::Plan::new(&ctx, static_files(&options.site_dir, Some(&out))?, &options.site_dir)?;
    let pages = plan.page_count();
    laps.stage("pages");

    let staging = output::Staging::begin(&out, &options.site_dir, options.force)?;
    laps.stage("prepare output");
    let w = match write_plan(&ctx, &plan, &staging) {
        Ok(w) => w,
        Err(errors) => {
            staging.abort();
            return Err(errors);
        }
    };
    laps.render_and_write(&w);
    let written = staging.written.load(Ordering::Relaxed);
    let unchanged = staging.unchanged.load(Ordering::Relaxed);
    let counts = [
        pages as u64,
        w.bytes,
        site.model.players.len() as u64,
        site.model.events.len() as u64,
        site.ratings.len() as u64,
    ];
    staging.commit(input, counts)?;
    laps.stage("swap");
    let size = size::SiteSize::new(
        w.kinds
            .iter()
            .map(|k| size::Part {
                name: k.name,
                files: k.pages,
                bytes: k.bytes,
            })
            .collect(),
    );
    Ok(Summary {
        warnings,
        warning_count,
        size_warning: size.warning(site.config.max_site_mb),
        output: out,
        pages,
        written,
        unchanged,
        bytes: w.bytes,
        players: site.model.players.len(),
        events: site.model.events.len(),
        ratings: site.ratings.len(),
        results: site.model.events.iter().map(|e| e.results.len()).sum(),
        matches: site
            .model
            .events
            .iter()
            .flat_map(|e| &e.round)
            .map(|r| r.matches.len())
            .sum(),
        elapsed: started.elapsed(),
        stages: laps.stages,
        memory: laps.memory,
        kinds: w.kinds,
        skipped: false,
    })
}

/// The wall time of each stage of a build and the memory after it
/// (`build --timings`).
struct Laps {
    lap: Instant,
    stages: Vec<(&'static str, Duration)>,
    memory: Vec<Option<(u64, u64)>>,
}

impl Laps {
    fn new() -> Self {
        Laps {
            lap: Instant::now(),
            stages: Vec::new(),
            memory: Vec::new(),
        }
    }

    /// End the stage `name`: its time since the last one, and the memory.
    fn stage(&mut self, name: &'static str) {
        let t = self.end_lap();
        self.stages.push((name, t));
    }

    fn end_lap(&mut self) -> Duration {
        let t = self.lap.elapsed();
        self.memory.push(size::resident());
        self.lap = Instant::now();
        t
    }

    /// End the loop that renders and writes: render and write are fused
    /// per page on every thread, so its wall time is split by their summed
    /// thread times (one memory reading for the two shares).
    fn render_and_write(&mut self, w: &Written) {
        let loop_time = self.end_lap();
        let after_loop = self.memory.last().copied().flatten();
        self.memory.push(after_loop);
        let (r, wr) = (w.render.as_secs_f64(), w.write.as_secs_f64());
        let render_share = if r + wr > 0.0 { r / (r + wr) } else { 0.5 };
        self.stages.push(("render", loop_time.mul_f64(render_share)));
        self.stages.push(("write", loop_time.mul_f64(1.0 - render_share)));
    }
}

/// Every rating of the site, rated, in parallel, the slowest started
/// first; in the order of `site.toml`. A rating that computed a value that
/// is not a finite number is an error ([`rated::Rated::new`]).
pub fn rate(site: &Site) -> Result<Vec<rated::Rated<'_>>, Errors> {
    let ratings = &site.ratings;
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(ratings[i].system.relative_cost()));
    let mut rated: Vec<(usize, Result<rated::Rated, Diagnostic>)> = order
        .into_par_iter()
        .with_max_len(1)
        .map(|i| (i, rated::Rated::new(site, &ratings[i])))
        .collect();
    rated.sort_by_key(|&(i, _)| i);
    let mut failed = Vec::new();
    let rated = rated
        .into_iter()
        .filter_map(|(_, r)| r.map_err(|e| failed.push(e)).ok())
        .collect();
    if failed.is_empty() {
        Ok(rated)
    } else {
        Err(Errors::sorted(failed))
    }
}

/// What `check` finds besides errors.
#[derive(Debug)]
pub struct Checked {
    /// The warnings of [`check::warnings`], as shown.
    pub warnings: Vec<Diagnostic>,
    /// How many warnings there are in all, those not shown included.
    pub warning_count: usize,
    /// The size `build` would write ([`size::estimate`]).
    pub size: size::SiteSize,
    /// The warning when that is over `max_site_mb`.
    pub size_warning: Option<String>,
}

/// Validate a site without writing anything: everything `build` checks
/// before it writes (data, `site.toml`, the output plan with its clashes),
/// the warnings of [`check::warnings`] and the size estimate.
pub fn check(site_dir: &Path) -> Result<Checked, Errors> {
    let site = load::load(site_dir)?;
    let ctx = pages::Context::new(&site, rate(&site)?);
    let out = site.config.output_path(site_dir, None);
    output::within_site(&out, site_dir)?;
    let plan = plan::Plan::new(&ctx, static_files(site_dir, Some(&out))?, site_dir)?;
    let size = size::estimate(&ctx, &plan);
    let (mut warnings, mut warning_count) = check::warnings(&site, site_dir);
    let idle = check::idle_ratings(&site, site_dir, &ctx.ratings);
    warning_count += idle.len();
    warnings.extend(idle);
    Ok(Checked {
        warnings,
        warning_count,
        size_warning: size.warning(site.config.max_site_mb),
        size,
    })
}

/// Write every file of the plan into the staging folder, in parallel.
fn write_plan(ctx: &pages::Context, plan: &plan::Plan, staging: &output::Staging) -> Result<Written, Errors> {
    staging.create_dirs(plan.dirs.iter().map(String::as_str))?;
    let render_ns = AtomicU64::new(0);
    let write_ns = AtomicU64::new(0);
    // By page group: render nanoseconds, pages, bytes.
    let by_kind: Vec<[AtomicU64; 3]> = pages::PageGroup::ALL.iter().map(|_| Default::default()).collect();
    // Downloads, then other files (static, search index, feed ...): files, bytes.
    let files: [[AtomicU64; 2]; 2] = Default::default();
    // Each thread renders into one buffer it keeps: no allocation and no
    // regrowth per page once it has seen the largest page.
    thread_local! {
        static BUFFER: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    let total = AtomicU64::new(0);
    // Outputs not tried once the disk is full.
    let skipped = AtomicU64::new(0);
    // Only the failures are collected: a result per output would hold
    // about 80 bytes for each of an archive's half-million files.
    let problems: Vec<Diagnostic> = plan
        .outputs
        .par_iter()
        .map(|o| -> Result<u64, Diagnostic> {
            if staging.is_full() {
                skipped.fetch_add(1, Ordering::Relaxed);
                return Ok(0);
            }
            let t0 = Instant::now();
            let path = &*o.path(ctx);
            let file = match o {
                plan::Output::Page(job) => {
                    return BUFFER.with_borrow_mut(|html| {
                        html.clear();
                        ctx.render_into(job, path, html)
                            .map_err(|e| Diagnostic::new(path, format!("template error: {e}")))?;
                        let t1 = Instant::now();
                        staging.write(path, html.as_bytes())?;
                        let render = (t1 - t0).as_nanos() as u64;
                        let kind = &by_kind[job.group() as usize];
                        kind[0].fetch_add(render, Ordering::Relaxed);
                        kind[1].fetch_add(1, Ordering::Relaxed);
                        kind[2].fetch_add(html.len() as u64, Ordering::Relaxed);
                        render_ns.fetch_add(render, Ordering::Relaxed);
                        write_ns.fetch_add(t1.elapsed().as_nanos() as u64, Ordering::Relaxed);
                        Ok(html.len() as u64)
                    });
                }
                plan::Output::File(file) => file,
            };
            let bytes = match &file.source {
                plan::Source::HistoryCsv(_) | plan::Source::YearEndCsv(_) => {
                    let n = staging.write_pieces(path, &mut |sink| file.source.write_pieces(ctx, sink))?;
                    render_ns.fetch_add(t0.elapsed().as_nanos() as u64, Ordering::Relaxed);
                    n
                }
                plan::Source::Static(src) => copy_static(staging, path, src)?,
                source => {
                    let text = source.bytes(ctx, plan).unwrap_or_default();
                    let t1 = Instant::now();
                    staging.write(path, &text)?;
                    render_ns.fetch_add((t1 - t0).as_nanos() as u64, Ordering::Relaxed);
                    write_ns.fetch_add(t1.elapsed().as_nanos() as u64, Ordering::Relaxed);
                    text.len() as u64
                }
            };
            let f = &files[usize::from(size::file_kind(path) != "downloads")];
            f[0].fetch_add(1, Ordering::Relaxed);
            f[1].fetch_add(bytes, Ordering::Relaxed);
            Ok(bytes)
        })
        .filter_map(|r| r.map(|n| total.fetch_add(n, Ordering::Relaxed)).err())
        .collect();
    if let Some(full) = staging.full_disk(skipped.into_inner() as usize) {
        return Err(Errors::sorted(vec![full]));
    }
    if !problems.is_empty() {
        return Err(Errors::sorted(problems));
    }
    Ok(Written {
        bytes: total.into_inner(),
        render: Duration::from_nanos(render_ns.into_inner()),
        write: Duration::from_nanos(write_ns.into_inner()),
        kinds: pages::PageGroup::ALL
            .iter()
            .map(|kind| kind.name())
            .zip(by_kind)
            .chain(
                ["downloads", "other files"]
                    .into_iter()
                    .zip(files)
                    .map(|(name, [n, b])| (name, [AtomicU64::new(0), n, b])),
            )
            .filter(|(_, k)| k[1].load(Ordering::Relaxed) > 0)
            .map(|(name, [ns, n, b])| KindStats {
                name,
                render: Duration::from_nanos(ns.into_inner()),
                pages: n.into_inner(),
                bytes: b.into_inner(),
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A static file gone between the walk and its copy is named as the
    /// file read, not as the copy in the output.
    #[test]
    fn a_static_file_gone_before_its_copy_is_named() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().canonicalize().unwrap();
        std::fs::create_dir_all(site.join("static/css")).unwrap();
        std::fs::write(site.join("static/css/a.css"), "a { }").unwrap();
        let out = site.join("public");
        let found = ratings_model::files::walk(
            &site,
            "static",
            &ratings_model::files::Bounds::new(&site, Some(&out)).unwrap(),
        );
        let [src] = found.files.as_slice() else {
            panic!("{:?}", found.files)
        };
        let staging = output::Staging::begin(&out, &site, false).unwrap();
        staging.create_dirs(["css"].into_iter()).unwrap();
        assert_eq!(copy_static(&staging, "css/a.css", src).unwrap(), 5);
        std::fs::remove_file(&src.path).unwrap();
        let e = copy_static(&staging, "css/a.css", src).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("{}: ", site.join("static/css/a.css").display())),
            "{e}"
        );
        assert!(e.contains("No such file"), "{e}");
        staging.abort();
    }
}
