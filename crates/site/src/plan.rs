//! The output plan: every file a build writes (pages, downloads, the search
//! index, sitemaps, feed, static files, built-in assets), each a path and
//! what produces it. Made once, before anything is rendered: a clash is two
//! entries at one path (or a file where another entry needs a folder);
//! `check` makes the plan and stops, `build` writes it in parallel, and the
//! Hugo mirror of `bench/` walks it.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::pages::{Context, Job};
use crate::{downloads, publish};
use ratings_model::error::{Diagnostic, Errors};
use ratings_model::files::SiteFile;

/// What produces one output file other than a page.
#[derive(Debug, Clone)]
pub enum Source {
    /// `downloads/ID-history.csv` of the rating with this index.
    HistoryCsv(usize),
    /// `downloads/ID-ranking.csv`.
    RankingCsv(usize),
    /// `downloads/ID-year-end.csv.gz`: every year-end ranking, whole.
    YearEndCsv(usize),
    /// `downloads/predictions.csv`: how well every rating predicts.
    PredictionsCsv,
    /// `downloads/predictions-compared.csv`: every pair of ratings on the
    /// games both rate.
    ComparedCsv,
    /// `downloads/calibration.csv`: the calibration bins of every rating.
    CalibrationCsv,
    /// `downloads/standings.csv`: every match event's standings.
    StandingsCsv,
    /// The search data (`search-index.js`).
    SearchIndex,
    /// `sitemap.xml`: the only one, or (`Some(n)`) the n-th of several,
    /// `sitemap.xml` then being their index.
    Sitemap(Option<usize>),
    Robots,
    Feed,
    /// A file of the site's `static/` folder, copied as it is.
    Static(SiteFile),
    /// A file every site gets unless its `static/` brings its own.
    Asset(&'static str),
}

/// One file of the output. An archive has half a million pages: a page
/// is its job alone (32 bytes), its path made again when it is written.
#[derive(Debug, Clone)]
pub enum Output {
    /// A page, rendered from the page models; its path is [`Context::path`].
    Page(Job),
    /// Any other file.
    File(Box<File>),
}

/// A file that is not a page.
#[derive(Debug, Clone)]
pub struct File {
    /// Relative to the output folder, `/`-separated.
    pub path: String,
    pub source: Source,
}

impl Output {
    /// Relative to the output folder, `/`-separated.
    pub fn path<'o>(&'o self, ctx: &Context) -> Cow<'o, str> {
        match self {
            Output::Page(job) => Cow::Owned(ctx.path(job)),
            Output::File(file) => Cow::Borrowed(&file.path),
        }
    }
}

/// Every file of a site's output; the pages in [`Context::jobs`] order.
#[derive(Debug)]
pub struct Plan {
    pub outputs: Vec<Output>,
    /// Every folder of the output, parents included, in order.
    pub dirs: BTreeSet<String>,
}

/// Files every site gets; a file of the same name in `static/` replaces it.
pub const BUILTIN_ASSETS: [(&str, &str); 4] = [
    ("style.css", include_str!("../../../static/style.css")),
    ("search.js", include_str!("../../../static/search.js")),
    ("ranking.js", include_str!("../../../static/ranking.js")),
    // GitHub Pages: publish the files as they are, without Jekyll.
    (".nojekyll", ""),
];

/// Generated files a `static/` file may replace (the site's own robots rules).
const REPLACEABLE: [&str; 1] = ["robots.txt"];

impl Plan {
    /// The plan of a rated site whose `static/` files are `statics`
    /// (output path, source path); `site_dir` names them in errors.
    pub fn new(ctx: &Context, statics: Vec<SiteFile>, site_dir: &Path) -> Result<Plan, Errors> {
        // The largest generated files first, so that the parallel writer
        // starts them while the pages render.
        let mut outputs = Vec::new();
        for (r, view) in ctx.ratings.iter().enumerate() {
            let id = view.id();
            outputs.push(generated(format!("downloads/{id}-history.csv"), Source::HistoryCsv(r)));
            outputs.push(generated(format!("downloads/{id}-ranking.csv"), Source::RankingCsv(r)));
            outputs.push(generated(
                format!("downloads/{id}-year-end.csv.gz"),
                Source::YearEndCsv(r),
            ));
        }
        outputs.push(generated("downloads/predictions.csv".into(), Source::PredictionsCsv));
        outputs.push(generated(
            "downloads/predictions-compared.csv".into(),
            Source::ComparedCsv,
        ));
        outputs.push(generated("downloads/calibration.csv".into(), Source::CalibrationCsv));
        if ctx.standings.iter().any(Option::is_some) {
            outputs.push(generated("downloads/standings.csv".into(), Source::StandingsCsv));
        }
        outputs.push(generated("search-index.js".into(), Source::SearchIndex));
        let jobs = ctx.jobs();
        outputs.reserve(jobs.len());
        outputs.extend(jobs.into_iter().map(Output::Page));
        if ctx.site.config.base_url.is_some() {
            let pages = outputs
                .iter()
                .filter(|o| matches!(o, Output::Page(_)) && publish::in_sitemap(&o.path(ctx)))
                .count();
            for (n, path) in publish::sitemap_paths(pages).into_iter().enumerate() {
                let chunk = (pages > publish::SITEMAP_LIMIT && n > 0).then_some(n);
                outputs.push(generated(path, Source::Sitemap(chunk)));
            }
            outputs.push(generated("robots.txt".into(), Source::Robots));
            outputs.push(generated("feed.xml".into(), Source::Feed));
        }
        // A static file replaces a built-in asset or a replaceable file.
        let replaced = |path: &str| statics.iter().any(|s| s.rel == path);
        outputs
            .retain(|o| !matches!(o, Output::File(f) if REPLACEABLE.contains(&f.path.as_str()) && replaced(&f.path)));
        let index = PathIndex::new(&outputs, ctx);
        let mut problems: Vec<Diagnostic> = index
            .duplicates(&outputs, ctx)
            .into_iter()
            .map(|(first, second)| {
                Diagnostic::new(
                    &*outputs[second].path(ctx),
                    format!(
                        "two outputs would be written to this file ({} and {})",
                        outputs[first].what(ctx),
                        outputs[second].what(ctx)
                    ),
                )
            })
            .collect();
        // Paths a file system refuses ("File name too long"), found here
        // rather than half-way through writing.
        for o in &outputs {
            let path = o.path(ctx);
            let long_name = path.split('/').any(|name| name.len() > MAX_NAME);
            if long_name || path.len() > MAX_PATH {
                problems.push(Diagnostic::new(
                    &*path,
                    format!(
                        "{} would be written to a path of {} bytes{}: file systems take names of at most {MAX_NAME} bytes and paths of about 4,000 (this site's paths at most {MAX_PATH}, leaving room for the output folder); use a shorter file or folder name",
                        o.what(ctx),
                        path.len(),
                        if long_name { " with a name over 255 bytes" } else { "" }
                    ),
                ));
            }
        }
        // A page where another output's folder goes (`data/x.toml` beside
        // `data/x.html/y.toml`): one of them cannot be written. Named with
        // an output right in the folder (one pass over the outputs).
        let clashes: HashMap<&str, usize> = index
            .dirs
            .iter()
            .filter_map(|d| Some((d.as_str(), index.find(d, &outputs, ctx)?)))
            .collect();
        if !clashes.is_empty() {
            let mut inside: HashMap<&str, usize> = HashMap::new();
            for (i, o) in outputs.iter().enumerate() {
                let path = o.path(ctx);
                if let Some((parent, _)) = path.rsplit_once('/')
                    && let Some((&dir, _)) = clashes.get_key_value(parent)
                {
                    inside.entry(dir).or_insert(i);
                }
            }
            for (&dir, &i) in &clashes {
                let within = inside
                    .get(dir)
                    .map_or_else(String::new, |&j| format!(" ({} is in it)", outputs[j].what(ctx)));
                problems.push(Diagnostic::new(
                    dir,
                    format!(
                        "{} would be written to this file, which is also a folder of the site{within}: rename one",
                        outputs[i].what(ctx)
                    ),
                ));
            }
        }
        problems.extend(static_clashes(site_dir, &statics, &index, &outputs, ctx));
        let mut dirs = index.dirs;
        for s in &statics {
            add_folders(&mut dirs, &s.rel);
        }
        let assets: Vec<Output> = BUILTIN_ASSETS
            .iter()
            .filter(|(path, _)| !replaced(path))
            .map(|&(path, text)| generated(path.into(), Source::Asset(text)))
            .collect();
        let statics = statics
            .into_iter()
            .map(|file| generated(file.rel.clone(), Source::Static(file)));
        outputs.extend(statics);
        outputs.extend(assets);
        if problems.is_empty() {
            Ok(Plan { outputs, dirs })
        } else {
            Err(Errors::sorted(problems))
        }
    }

    /// The pages with their paths, in order.
    pub fn pages<'p>(&'p self, ctx: &'p Context) -> impl Iterator<Item = (String, &'p Job)> {
        self.outputs.iter().filter_map(|o| match o {
            Output::Page(job) => Some((ctx.path(job), job)),
            Output::File(_) => None,
        })
    }

    /// How many pages.
    pub fn page_count(&self) -> usize {
        self.outputs.iter().filter(|o| matches!(o, Output::Page(_))).count()
    }
}

/// The longest name of a file or folder most file systems take, in bytes.
const MAX_NAME: usize = 255;
/// The longest output path (inside the output folder), in bytes: Linux
/// takes 4,095 in all, and the output folder's own path needs room.
const MAX_PATH: usize = 3000;

/// What keeps `static/` files from the output: a static file where a
/// generated file or folder goes (or the other way round), and two paths
/// that differ only in case (one file on macOS and Windows).
fn static_clashes(
    site_dir: &Path,
    statics: &[SiteFile],
    index: &PathIndex,
    outputs: &[Output],
    ctx: &Context,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let is_file = |path: &str| index.find(path, outputs, ctx).is_some();
    let mut static_owner: HashMap<String, &PathBuf> = HashMap::with_capacity(statics.len());
    for SiteFile { rel, path: src, .. } in statics {
        let shown = ratings_model::files::shown_under(site_dir, src);
        let replaceable = BUILTIN_ASSETS.iter().map(|(p, _)| *p).chain(REPLACEABLE);
        if let Some(asset) = replaceable.into_iter().find(|a| a != rel && same_file(a, rel)) {
            problems.push(Diagnostic::new(
                shown,
                format!(
                    "static file would be the same file as the built-in {asset} on case-insensitive file systems (macOS, Windows): name it {asset} to replace it"
                ),
            ));
        } else if let Some(i) = index.find(rel, outputs, ctx) {
            let generated = outputs[i].path(ctx);
            let how = if *generated == **rel {
                ""
            } else {
                " on case-insensitive file systems (macOS, Windows)"
            };
            problems.push(Diagnostic::new(
                shown,
                format!("static file would overwrite the generated file {generated}{how}"),
            ));
        } else if let Some(other) = static_owner.insert(folded(rel).collect(), src) {
            problems.push(Diagnostic::new(
                    shown,
                    format!(
                        "static file would be the same file as {} on case-insensitive file systems (macOS, Windows): rename one",
                        ratings_model::files::shown_under(site_dir, other).display()
                    ),
                ));
        }
    }
    // A static file where a generated folder goes, or the other way round.
    let folded_dirs: HashSet<String> = if statics.is_empty() {
        HashSet::new()
    } else {
        index.dirs.iter().map(|d| folded(d).collect()).collect()
    };
    problems.extend(crate::static_files::folder_clashes(
        site_dir,
        statics,
        is_file,
        |path| folded_dirs.contains(&folded(path).collect::<String>()),
    ));
    problems
}

/// Every output path by its hash, and every folder: what finding clashes
/// needs, without holding an archive's half a million paths as strings
/// (a page's path is made again to tell a true clash from equal hashes).
/// Paths are compared as a case-insensitive file system (macOS, Windows)
/// compares them: `Index.html` and `index.html` are one file there.
struct PathIndex {
    /// (hash of the case-folded path, output index), sorted.
    hashes: Vec<(u64, u32)>,
    /// Every folder an output is in, and their parents.
    dirs: BTreeSet<String>,
}

/// Add the folders of `path` (a file's, `/`-separated) to `dirs`: up to
/// the first one there, whose own are there too (every folder of every
/// file was looked up: 1,000 files 2,000 folders deep took 0.4 s).
fn add_folders(dirs: &mut BTreeSet<String>, path: &str) {
    let mut rest = path;
    while let Some((d, _)) = rest.rsplit_once('/') {
        if dirs.contains(d) {
            break;
        }
        dirs.insert(d.to_string());
        rest = d;
    }
}

impl PathIndex {
    fn new(outputs: &[Output], ctx: &Context) -> Self {
        let mut dirs = BTreeSet::new();
        let mut hashes = Vec::with_capacity(outputs.len());
        for (i, o) in outputs.iter().enumerate() {
            let path = o.path(ctx);
            add_folders(&mut dirs, &path);
            hashes.push((folded_hash(&path), i as u32));
        }
        hashes.sort_unstable();
        PathIndex { hashes, dirs }
    }

    /// The outputs whose path hashes to that of `path`.
    fn candidates(&self, path: &str) -> &[(u64, u32)] {
        let h = folded_hash(path);
        let start = self.hashes.partition_point(|&(x, _)| x < h);
        let len = self.hashes[start..].partition_point(|&(x, _)| x == h);
        &self.hashes[start..start + len]
    }

    /// The output written to `path`, if any.
    fn find(&self, path: &str, outputs: &[Output], ctx: &Context) -> Option<usize> {
        self.candidates(path)
            .iter()
            .map(|&(_, i)| i as usize)
            .find(|&i| same_file(&outputs[i].path(ctx), path))
    }

    /// (first, later) for every output whose path an earlier one has.
    fn duplicates(&self, outputs: &[Output], ctx: &Context) -> Vec<(usize, usize)> {
        let mut found = Vec::new();
        for run in self.hashes.chunk_by(|a, b| a.0 == b.0).filter(|r| r.len() > 1) {
            // In output order (the sort put equal hashes in index order).
            for (k, &(_, later)) in run.iter().enumerate().skip(1) {
                let path = outputs[later as usize].path(ctx);
                if let Some(&(_, first)) = run[..k]
                    .iter()
                    .find(|&&(_, i)| same_file(&outputs[i as usize].path(ctx), &path))
                {
                    found.push((first as usize, later as usize));
                }
            }
        }
        found.sort_unstable_by_key(|&(_, later)| later);
        found
    }
}

/// A path case-folded as case-insensitive file systems fold it (per
/// character, by Unicode's lower case).
fn folded(path: &str) -> impl Iterator<Item = char> + '_ {
    path.chars().flat_map(char::to_lowercase)
}

/// FNV-1a of the case-folded path (of its UTF-8 bytes).
fn folded_hash(path: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut buf = [0u8; 4];
    for c in folded(path) {
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// Whether two output paths name one file on a case-insensitive file system.
fn same_file(a: &str, b: &str) -> bool {
    a == b || folded(a).eq(folded(b))
}

fn generated(path: String, source: Source) -> Output {
    Output::File(Box::new(File { path, source }))
}

impl Output {
    /// What makes the file, for messages.
    fn what(&self, ctx: &Context) -> String {
        match self {
            Output::Page(Job::Event(e)) => format!("the page of the event {}", ctx.site.model.events[*e].file),
            Output::Page(Job::Player(p)) => {
                format!("the page of the player {:?}", ctx.site.model.player(*p).display)
            }
            Output::Page(job) => format!("{job:?}"),
            Output::File(file) => format!("{:?}", file.source),
        }
    }
}

impl Source {
    /// Write a download made in pieces (the big CSVs) to `sink`.
    pub fn write_pieces(&self, ctx: &Context, sink: &mut crate::output::Sink) -> std::io::Result<()> {
        let (site, cells) = (ctx.site, ctx.csv_cells());
        match self {
            Source::HistoryCsv(r) => downloads::history_csv(site, &ctx.ratings[*r], cells, sink),
            Source::YearEndCsv(r) => downloads::year_end_csv_gz(site, &ctx.ratings[*r], cells, sink),
            _ => Ok(()),
        }
    }

    /// The contents of a generated output (not a page, a static file or a
    /// download written in pieces: `None`).
    pub fn bytes(&self, ctx: &Context, plan: &Plan) -> Option<Vec<u8>> {
        let site = ctx.site;
        Some(
            match self {
                Source::RankingCsv(r) => downloads::ranking_csv(&ctx.ratings[*r], ctx.csv_cells()),
                Source::PredictionsCsv => downloads::predictions_csv(&ctx.ratings, ctx.evaluation()),
                Source::ComparedCsv => downloads::compared_csv(&ctx.ratings, ctx.evaluation()),
                Source::CalibrationCsv => downloads::calibration_csv(&ctx.ratings, ctx.evaluation()),
                Source::StandingsCsv => downloads::standings_csv(ctx)?,
                Source::SearchIndex => crate::pages::search::index(ctx),
                Source::Sitemap(chunk) => {
                    let base = site.config.base_url.as_deref()?;
                    let pages: Vec<String> = plan
                        .pages(ctx)
                        .map(|(p, _)| p)
                        .filter(|p| publish::in_sitemap(p))
                        .collect();
                    let pages: Vec<&str> = pages.iter().map(String::as_str).collect();
                    publish::sitemap(base, &pages, *chunk)
                }
                Source::Robots => publish::robots(site.config.base_url.as_deref()?),
                Source::Feed => publish::feed(site, site.config.base_url.as_deref()?, &ctx.event_paths),
                Source::Asset(text) => text.to_string(),
                Source::Static(_) | Source::YearEndCsv(_) | Source::HistoryCsv(_) => return None,
            }
            .into_bytes(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plan holds an output per page of an archive (half a million):
    /// a page is its job, no path, no box.
    #[test]
    fn an_output_is_a_job_in_size() {
        assert_eq!(std::mem::size_of::<Output>(), std::mem::size_of::<Job>());
        assert_eq!(std::mem::size_of::<Output>(), 32);
    }
}
