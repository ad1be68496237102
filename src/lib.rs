//! A static site generator for rating pages of game tournaments.
//!
//! The build is a pipeline, one module per stage:
//! [`load`] (data/ + site.toml → [`model::Site`]) → [`rating`] (events →
//! history per rating system) → [`pages`] (page models, rendered with askama)
//! → [`output`] (atomic, skip-equal write).

pub mod check;
pub mod config;
pub mod downloads;
pub mod error;
pub mod fingerprint;
pub mod format;
pub mod hugo;
pub mod import;
pub mod load;
pub mod markdown;
pub mod model;
pub mod names;
pub mod output;
pub mod pages;
pub mod publish;
pub mod rating;
pub mod serve;
pub mod static_files;
pub mod synth;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use error::{Diagnostic, Errors};
use static_files::static_files;

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
    /// Render time (CPU, summed over threads), pages and bytes by page kind.
    pub kinds: Vec<PageKind>,
    /// Nothing changed since the build that wrote the output: no work done
    /// (`results` and `matches` are then 0: nothing was read).
    pub skipped: bool,
}

/// What writing the site took.
struct Written {
    bytes: u64,
    /// Summed over threads.
    render: Duration,
    write: Duration,
    kinds: Vec<PageKind>,
}

/// Rendering of one kind of page (`build --timings`).
#[derive(Debug, Clone)]
pub struct PageKind {
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

/// The output folder a build writes to.
fn output_dir(options: &BuildOptions, config_output_dir: &str) -> PathBuf {
    options
        .output
        .clone()
        .unwrap_or_else(|| options.site_dir.join(config_output_dir))
}

/// The no-change check: the summary of the recorded build if nothing changed.
fn unchanged(options: &BuildOptions, started: Instant) -> Option<Summary> {
    let text = std::fs::read_to_string(options.site_dir.join("site.toml")).ok()?;
    let config = config::parse(Path::new("site.toml"), &text).ok()?;
    let out = output_dir(options, &config.output_dir);
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
        kinds: Vec::new(),
        skipped: true,
    })
}

/// Load, rate, render and write a site, always (files whose bytes are
/// unchanged are still not rewritten: they are hard-linked).
pub fn build_full(options: &BuildOptions) -> Result<Summary, Errors> {
    let started = Instant::now();
    let mut stages = Vec::new();
    let mut lap = Instant::now();
    let mut stage = |name: &'static str, stages: &mut Vec<(&'static str, Duration)>| {
        let t = lap.elapsed();
        lap = Instant::now();
        // A stage split in two shares: "render" takes the given fraction.
        if name == "render+write" {
            return t;
        }
        stages.push((name, t));
        t
    };

    // Before reading: an input edited during the build makes the next one redo it.
    let input = fingerprint::inputs(&options.site_dir).unwrap_or(0);
    stage("fingerprint", &mut stages);
    let site = load::load(&options.site_dir)?;
    stage("load", &mut stages);

    let histories = rate(&site);
    stage("rate", &mut stages);

    let ctx = context(&site, histories);
    let jobs = ctx.jobs();
    let paths: Vec<String> = jobs.par_iter().map(|j| ctx.path(j)).collect();
    stage("pages", &mut stages);

    let out = output_dir(options, &site.config.output_dir);
    let staging = output::Staging::begin(&out, &options.site_dir, options.force)?;
    stage("prepare output", &mut stages);
    match write_site(&ctx, &jobs, &paths, &staging, &options.site_dir) {
        Ok(w) => {
            // Render and write are fused per page on every thread: split
            // the wall time of the loop by their summed thread times.
            let loop_time = stage("render+write", &mut stages);
            let (r, wr) = (w.render.as_secs_f64(), w.write.as_secs_f64());
            let render_share = if r + wr > 0.0 { r / (r + wr) } else { 0.5 };
            stages.push(("render", loop_time.mul_f64(render_share)));
            stages.push(("write", loop_time.mul_f64(1.0 - render_share)));
            let written = staging.written.load(std::sync::atomic::Ordering::Relaxed);
            let unchanged = staging.unchanged.load(std::sync::atomic::Ordering::Relaxed);
            let counts = [
                jobs.len() as u64,
                w.bytes,
                site.players.len() as u64,
                site.events.len() as u64,
                site.config.ratings.len() as u64,
            ];
            staging.commit(input, counts)?;
            stage("swap", &mut stages);
            Ok(Summary {
                output: out,
                pages: jobs.len(),
                written,
                unchanged,
                bytes: w.bytes,
                players: site.players.len(),
                events: site.events.len(),
                ratings: site.config.ratings.len(),
                results: site.events.iter().map(|e| e.results.len()).sum(),
                matches: site.events.iter().flat_map(|e| &e.round).map(|r| r.matches.len()).sum(),
                elapsed: started.elapsed(),
                stages,
                kinds: w.kinds,
                skipped: false,
            })
        }
        Err(errors) => {
            staging.abort();
            Err(errors)
        }
    }
}

/// Every rating's history, computed in parallel.
pub(crate) fn rate(site: &model::Site) -> Vec<rating::History> {
    site.config
        .ratings
        .par_iter()
        .map(|r| rating::system(r).rate(site))
        .collect()
}

pub(crate) fn context(site: &model::Site, histories: Vec<rating::History>) -> pages::Context<'_> {
    let views = site
        .config
        .ratings
        .par_iter()
        .zip(histories)
        .map(|(r, h)| pages::RatingView::new(site, r, h))
        .collect();
    pages::Context::new(site, views)
}

/// Validate a site without writing anything: everything `build` checks
/// before it writes (data, `site.toml`, `static/` clashes). Returns the
/// warnings of [`check::warnings`].
pub fn check(site_dir: &Path) -> Result<Vec<Diagnostic>, Errors> {
    let site = load::load(site_dir)?;
    let ctx = context(&site, rate(&site));
    let paths: Vec<String> = ctx.jobs().iter().map(|j| ctx.path(j)).collect();
    let statics = static_files(site_dir)?;
    let generated: Vec<String> = generated_paths(&ctx, &paths);
    let problems = clashes(site_dir, &statics, &paths, &generated);
    if !problems.is_empty() {
        return Err(Errors::sorted(problems));
    }
    Ok(check::warnings(&site, site_dir))
}

/// Files a `static/` file may replace (the site's own robots rules).
const REPLACEABLE: [&str; 1] = ["robots.txt"];

/// Generated files that are not pages: downloads, sitemap, robots, feed.
fn generated_files(ctx: &pages::Context, paths: &[String]) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = Vec::new();
    for view in &ctx.ratings {
        files.push((
            format!("downloads/{}-history.csv", view.id()),
            downloads::history_csv(ctx.site, view),
        ));
        files.push((
            format!("downloads/{}-ranking.csv", view.id()),
            downloads::ranking_csv(ctx.site, view),
        ));
    }
    // The search data, a classic script (see pages/search.rs).
    files.push(("search-index.js".to_string(), pages::search::index(ctx)));
    files.extend(publish::files(ctx.site, paths, &ctx.event_paths));
    files
}

/// The paths of [`generated_files`], without computing their contents.
fn generated_paths(ctx: &pages::Context, paths: &[String]) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    for view in &ctx.ratings {
        files.push(format!("downloads/{}-history.csv", view.id()));
        files.push(format!("downloads/{}-ranking.csv", view.id()));
    }
    files.push("search-index.js".to_string());
    files.extend(publish::paths(ctx.site, paths));
    files
}

/// A static file must not hide a generated one (except [`REPLACEABLE`]).
fn clashes(site_dir: &Path, statics: &[(String, PathBuf)], paths: &[String], generated: &[String]) -> Vec<Diagnostic> {
    let taken: std::collections::HashSet<&str> = paths
        .iter()
        .map(String::as_str)
        .chain(generated.iter().map(String::as_str))
        .filter(|p| !REPLACEABLE.contains(p))
        .collect();
    let mut problems =
        static_files::folder_clashes(site_dir, statics, paths.iter().chain(generated).map(String::as_str));
    problems.extend(
        statics
            .iter()
            .filter(|(rel, _)| taken.contains(rel.as_str()))
            .map(|(rel, src)| {
                Diagnostic::new(
                    load::shown_under(site_dir, src),
                    format!("static file would overwrite the generated file {rel}"),
                )
            }),
    );
    problems
}

/// Files every site gets; a file of the same name in `static/` replaces it.
const BUILTIN_ASSETS: [(&str, &str); 2] = [
    ("style.css", include_str!("../static/style.css")),
    ("search.js", include_str!("../static/search.js")),
];

/// Every file of the site into the staging folder; returns the bytes written.
fn write_site(
    ctx: &pages::Context,
    jobs: &[pages::Job],
    paths: &[String],
    staging: &output::Staging,
    site_dir: &Path,
) -> Result<Written, Errors> {
    let statics = static_files(site_dir)?;
    let generated_names = generated_paths(ctx, paths);
    // Two pages at one path would make the output depend on which thread
    // finishes last; the loader prevents it, this makes sure.
    let mut seen = std::collections::HashSet::with_capacity(paths.len());
    let twice: Vec<Diagnostic> = paths
        .iter()
        .filter(|p| !seen.insert(p.as_str()))
        .map(|p| Diagnostic::new(p, "two pages would be written to this file (a bug: please report it)"))
        .collect();
    if !twice.is_empty() {
        return Err(Errors::sorted(twice));
    }
    let problems = clashes(site_dir, &statics, paths, &generated_names);
    if !problems.is_empty() {
        return Err(Errors::sorted(problems));
    }
    // A static file replaces a generated one of the same name (REPLACEABLE).
    let replaced = |p: &str| statics.iter().any(|(s, _)| s == p);
    staging.create_dirs(
        paths
            .iter()
            .map(String::as_str)
            .chain(generated_names.iter().map(String::as_str).filter(|p| !replaced(p)))
            .chain(statics.iter().map(|(p, _)| p.as_str()))
            .chain(BUILTIN_ASSETS.iter().map(|(p, _)| *p)),
    )?;

    let render_ns = AtomicU64::new(0);
    let write_ns = AtomicU64::new(0);
    // By page kind: render nanoseconds, pages, bytes.
    let by_kind: Vec<[AtomicU64; 3]> = pages::Job::KINDS.iter().map(|_| Default::default()).collect();
    // Each thread renders into one buffer it keeps: no allocation and no
    // regrowth per page once it has seen the largest page.
    thread_local! {
        static BUFFER: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    let render_pages = || -> Vec<Result<u64, Diagnostic>> {
        jobs.par_iter()
            .zip(paths)
            .map(|(job, path)| {
                BUFFER.with_borrow_mut(|html| {
                    html.clear();
                    let t0 = Instant::now();
                    ctx.render_into(job, path, html)
                        .map_err(|e| Diagnostic::new(path, format!("template error: {e}")))?;
                    let t1 = Instant::now();
                    staging.write(path, html.as_bytes())?;
                    let render = (t1 - t0).as_nanos() as u64;
                    let kind = &by_kind[job.kind() as usize];
                    kind[0].fetch_add(render, Ordering::Relaxed);
                    kind[1].fetch_add(1, Ordering::Relaxed);
                    kind[2].fetch_add(html.len() as u64, Ordering::Relaxed);
                    render_ns.fetch_add(render, Ordering::Relaxed);
                    write_ns.fetch_add(t1.elapsed().as_nanos() as u64, Ordering::Relaxed);
                    Ok(html.len() as u64)
                })
            })
            .collect()
    };
    // The downloads, search index and sitemaps are made while pages render.
    let (generated, page_bytes) = rayon::join(|| generated_files(ctx, paths), render_pages);
    // The folders and clash checks above used the planned paths.
    if !generated.iter().map(|(p, _)| p).eq(generated_names.iter()) {
        return Err(Errors::sorted(vec![Diagnostic::new(
            "downloads",
            "the generated files differ from their planned paths (a bug: please report it)",
        )]));
    }
    let downloads: Vec<(String, String)> = generated.into_iter().filter(|(p, _)| !replaced(p)).collect();
    let mut bytes = 0;
    let mut problems = Vec::new();
    for r in page_bytes {
        match r {
            Ok(n) => bytes += n,
            Err(d) => problems.push(d),
        }
    }
    for (path, text) in &downloads {
        staging.write(path, text.as_bytes())?;
        bytes += text.len() as u64;
    }
    for (rel, src) in &statics {
        let data = static_files::read_regular(src).map_err(|e| Diagnostic::io(src, &e))?;
        staging.write(rel, &data)?;
        bytes += data.len() as u64;
    }
    // Built-in assets, unless the site's static/ brings its own.
    for (rel, data) in BUILTIN_ASSETS {
        if !statics.iter().any(|(r, _)| r == rel) {
            staging.write(rel, data.as_bytes())?;
            bytes += data.len() as u64;
        }
    }
    // GitHub Pages: publish the files as they are, without Jekyll.
    staging.write(".nojekyll", b"")?;
    if problems.is_empty() {
        Ok(Written {
            bytes,
            render: Duration::from_nanos(render_ns.into_inner()),
            write: Duration::from_nanos(write_ns.into_inner()),
            kinds: pages::Job::KINDS
                .iter()
                .zip(by_kind)
                .filter(|(_, k)| k[1].load(Ordering::Relaxed) > 0)
                .map(|(&name, [ns, n, b])| PageKind {
                    name,
                    render: Duration::from_nanos(ns.into_inner()),
                    pages: n.into_inner(),
                    bytes: b.into_inner(),
                })
                .collect(),
        })
    } else {
        Err(Errors::sorted(problems))
    }
}
