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
pub mod format;
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

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use error::{Diagnostic, Errors};

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
    pub elapsed: Duration,
    /// Wall time of each stage.
    pub stages: Vec<(&'static str, Duration)>,
}

/// Load, rate, render and write a site.
pub fn build(options: &BuildOptions) -> Result<Summary, Errors> {
    let started = Instant::now();
    let mut stages = Vec::new();
    let mut lap = Instant::now();
    let mut stage = |name: &'static str, stages: &mut Vec<(&'static str, Duration)>| {
        stages.push((name, lap.elapsed()));
        lap = Instant::now();
    };

    let site = load::load(&options.site_dir)?;
    stage("load", &mut stages);

    let histories = rate(&site);
    stage("rate", &mut stages);

    let ctx = context(&site, histories);
    let jobs = ctx.jobs();
    let paths: Vec<String> = jobs.iter().map(|j| ctx.path(j)).collect();
    stage("pages", &mut stages);

    let out = options
        .output
        .clone()
        .unwrap_or_else(|| options.site_dir.join(&site.config.output_dir));
    let staging = output::Staging::begin(&out, &options.site_dir, options.force)?;
    match write_site(&ctx, &jobs, &paths, &staging, &options.site_dir) {
        Ok(bytes) => {
            stage("render+write", &mut stages);
            let written = staging.written.load(std::sync::atomic::Ordering::Relaxed);
            let unchanged = staging.unchanged.load(std::sync::atomic::Ordering::Relaxed);
            staging.commit()?;
            stage("swap", &mut stages);
            Ok(Summary {
                output: out,
                pages: jobs.len(),
                written,
                unchanged,
                bytes,
                players: site.players.len(),
                events: site.events.len(),
                ratings: site.config.ratings.len(),
                elapsed: started.elapsed(),
                stages,
            })
        }
        Err(errors) => {
            staging.abort();
            Err(errors)
        }
    }
}

/// Every rating's history, computed in parallel.
fn rate(site: &model::Site) -> Vec<rating::History> {
    site.config
        .ratings
        .par_iter()
        .map(|r| rating::system(r).rate(site))
        .collect()
}

fn context(site: &model::Site, histories: Vec<rating::History>) -> pages::Context<'_> {
    let views = site
        .config
        .ratings
        .iter()
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
    statics
        .iter()
        .filter(|(rel, _)| taken.contains(rel.as_str()))
        .map(|(rel, src)| {
            Diagnostic::new(
                load::shown_under(site_dir, src),
                format!("static file would overwrite the generated file {rel}"),
            )
        })
        .collect()
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
) -> Result<u64, Errors> {
    let statics = static_files(site_dir)?;
    let generated = generated_files(ctx, paths);
    let generated_names: Vec<String> = generated.iter().map(|(p, _)| p.clone()).collect();
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
    let downloads: Vec<(String, String)> = generated
        .into_iter()
        .filter(|(p, _)| !statics.iter().any(|(s, _)| s == p))
        .collect();
    staging.create_dirs(
        paths
            .iter()
            .map(String::as_str)
            .chain(downloads.iter().map(|(p, _)| p.as_str()))
            .chain(statics.iter().map(|(p, _)| p.as_str()))
            .chain(BUILTIN_ASSETS.iter().map(|(p, _)| *p)),
    )?;

    let page_bytes: Vec<Result<u64, Diagnostic>> = jobs
        .par_iter()
        .zip(paths)
        .map(|(job, path)| {
            let html = ctx
                .render(job)
                .map_err(|e| Diagnostic::new(path, format!("template error: {e}")))?;
            staging.write(path, html.as_bytes())?;
            Ok(html.len() as u64)
        })
        .collect();
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
        let data = std::fs::read(src).map_err(|e| Diagnostic::io(src, &e))?;
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
        Ok(bytes)
    } else {
        Err(Errors::sorted(problems))
    }
}

/// Files under `static/`: (path relative to the output, source path).
fn static_files(site_dir: &Path) -> Result<Vec<(String, PathBuf)>, Errors> {
    let root = site_dir.join("static");
    let mut files = Vec::new();
    if !root.is_dir() {
        return Ok(files);
    }
    let mut problems = Vec::new();
    for entry in walkdir::WalkDir::new(&root).follow_links(true).sort_by_file_name() {
        match entry {
            Ok(e) if e.file_type().is_file() => {
                let rel = e.path().strip_prefix(&root).expect("under static/");
                match rel.to_str() {
                    Some(s) => files.push((s.replace(std::path::MAIN_SEPARATOR, "/"), e.path().to_path_buf())),
                    None => problems.push(Diagnostic::new(
                        load::shown_under(site_dir, e.path()),
                        "file name is not valid UTF-8",
                    )),
                }
            }
            Ok(_) => {}
            Err(err) => problems.push(Diagnostic::new(
                load::shown_under(site_dir, err.path().unwrap_or(&root)),
                if err.loop_ancestor().is_some() {
                    "symbolic link loop".to_string()
                } else {
                    err.to_string()
                },
            )),
        }
    }
    if problems.is_empty() {
        Ok(files)
    } else {
        Err(Errors::sorted(problems))
    }
}
