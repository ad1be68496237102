//! The output plan: every file a build writes (pages, downloads, the search
//! index, sitemaps, feed, static files, built-in assets), each a path and
//! what produces it. Made once, before anything is rendered: a clash is two
//! entries at one path (or a file where another entry needs a folder);
//! `check` makes the plan and stops, `build` writes it in parallel, and the
//! Hugo mirror of `bench/` walks it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::error::{Diagnostic, Errors};
use crate::pages::{Context, Job};
use crate::{downloads, publish};

/// What produces one output file.
#[derive(Debug, Clone)]
pub enum Source {
    /// A page, rendered from the page models.
    Page(Job),
    /// `downloads/ID-history.csv` of the rating with this index.
    HistoryCsv(usize),
    /// `downloads/ID-ranking.csv`.
    RankingCsv(usize),
    /// `downloads/ID-year-end.csv.gz`: every year-end ranking, whole.
    YearEndCsv(usize),
    /// `downloads/predictions.csv`: how well every rating predicts.
    PredictionsCsv,
    /// The search data (`search-index.js`).
    SearchIndex,
    /// `sitemap.xml`: the only one, or (`Some(n)`) the n-th of several,
    /// `sitemap.xml` then being their index.
    Sitemap(Option<usize>),
    Robots,
    Feed,
    /// A file of the site's `static/` folder, copied as it is.
    Static(PathBuf),
    /// A file every site gets unless its `static/` brings its own.
    Asset(&'static str),
}

/// One file of the output.
#[derive(Debug, Clone)]
pub struct Output {
    /// Relative to the output folder, `/`-separated (boxed: an archive
    /// has half a million outputs).
    pub path: Box<str>,
    pub source: Source,
}

/// Every file of a site's output; the pages in [`Context::jobs`] order.
#[derive(Debug)]
pub struct Plan {
    pub outputs: Vec<Output>,
}

/// Files every site gets; a file of the same name in `static/` replaces it.
pub const BUILTIN_ASSETS: [(&str, &str); 4] = [
    ("style.css", include_str!("../static/style.css")),
    ("search.js", include_str!("../static/search.js")),
    ("ranking.js", include_str!("../static/ranking.js")),
    // GitHub Pages: publish the files as they are, without Jekyll.
    (".nojekyll", ""),
];

/// Generated files a `static/` file may replace (the site's own robots rules).
const REPLACEABLE: [&str; 1] = ["robots.txt"];

impl Plan {
    /// The plan of a rated site whose `static/` files are `statics`
    /// (output path, source path); `site_dir` names them in errors.
    pub fn new(ctx: &Context, statics: Vec<(String, PathBuf)>, site_dir: &Path) -> Result<Plan, Errors> {
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
        outputs.push(generated("search-index.js".into(), Source::SearchIndex));
        let jobs = ctx.jobs();
        outputs.reserve(jobs.len());
        let pages = outputs.len()..outputs.len() + jobs.len();
        outputs.extend(jobs.into_iter().map(|job| Output {
            path: ctx.path(&job).into(),
            source: Source::Page(job),
        }));
        if ctx.site.config.base_url.is_some() {
            let pages = outputs[pages].iter().filter(|o| publish::in_sitemap(&o.path)).count();
            for (n, path) in publish::sitemap_paths(pages).into_iter().enumerate() {
                let chunk = (pages > publish::SITEMAP_LIMIT && n > 0).then_some(n);
                outputs.push(generated(path, Source::Sitemap(chunk)));
            }
            outputs.push(generated("robots.txt".into(), Source::Robots));
            outputs.push(generated("feed.xml".into(), Source::Feed));
        }
        // A static file replaces a built-in asset or a replaceable file.
        let replaced = |path: &str| statics.iter().any(|(s, _)| s == path);
        outputs.retain(|o| !(REPLACEABLE.contains(&&*o.path) && replaced(&o.path)));
        let mut problems = Vec::new();
        let mut taken: HashMap<&str, &Source> = HashMap::with_capacity(outputs.len());
        for o in &outputs {
            if let Some(first) = taken.insert(&o.path, &o.source) {
                problems.push(Diagnostic::new(
                    &*o.path,
                    format!(
                        "two outputs would be written to this file ({first:?} and {:?})",
                        o.source
                    ),
                ));
            }
        }
        for (rel, src) in &statics {
            if taken.contains_key(rel.as_str()) {
                problems.push(Diagnostic::new(
                    crate::load::shown_under(site_dir, src),
                    format!("static file would overwrite the generated file {rel}"),
                ));
            }
        }
        drop(taken);
        let assets: Vec<Output> = BUILTIN_ASSETS
            .iter()
            .filter(|(path, _)| !replaced(path))
            .map(|&(path, text)| generated(path.into(), Source::Asset(text)))
            .collect();
        // A static file where a generated folder goes, or the other way round.
        problems.extend(crate::static_files::folder_clashes(
            site_dir,
            &statics,
            outputs.iter().map(|o| &*o.path),
        ));
        let statics = statics.into_iter().map(|(path, src)| Output {
            path: path.into(),
            source: Source::Static(src),
        });
        outputs.extend(statics);
        outputs.extend(assets);
        if problems.is_empty() {
            Ok(Plan { outputs })
        } else {
            Err(Errors::sorted(problems))
        }
    }

    /// The pages, in order.
    pub fn pages(&self) -> impl Iterator<Item = (&str, &Job)> {
        self.outputs.iter().filter_map(|o| match &o.source {
            Source::Page(job) => Some((&*o.path, job)),
            _ => None,
        })
    }

    /// The paths, in order.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.outputs.iter().map(|o| &*o.path)
    }
}

fn generated(path: String, source: Source) -> Output {
    Output {
        path: path.into(),
        source,
    }
}

impl Source {
    /// Write a download made in pieces (the big CSVs) to `sink`.
    pub fn write_pieces(
        &self,
        site: &crate::model::Site,
        view: &crate::rating::rated::Rated,
        sink: &mut crate::output::Sink,
    ) -> std::io::Result<()> {
        match self {
            Source::HistoryCsv(_) => downloads::history_csv(site, view, sink),
            Source::YearEndCsv(_) => downloads::year_end_csv_gz(site, view, sink),
            _ => Ok(()),
        }
    }

    /// The contents of a generated output (not a page, a static file or a
    /// download written in pieces: `None`).
    pub fn bytes(&self, ctx: &Context, plan: &Plan) -> Option<Vec<u8>> {
        let site = ctx.site;
        Some(
            match self {
                Source::RankingCsv(r) => downloads::ranking_csv(site, &ctx.ratings[*r]),
                Source::PredictionsCsv => downloads::predictions_csv(&ctx.ratings),
                Source::SearchIndex => crate::pages::search::index(ctx),
                Source::Sitemap(chunk) => {
                    let base = site.config.base_url.as_deref()?;
                    let pages: Vec<&str> = plan
                        .pages()
                        .map(|(p, _)| p)
                        .filter(|p| publish::in_sitemap(p))
                        .collect();
                    publish::sitemap(base, &pages, *chunk)
                }
                Source::Robots => publish::robots(site.config.base_url.as_deref()?),
                Source::Feed => publish::feed(site, site.config.base_url.as_deref()?, &ctx.event_paths),
                Source::Asset(text) => text.to_string(),
                Source::Page(_) | Source::Static(_) | Source::YearEndCsv(_) | Source::HistoryCsv(_) => return None,
            }
            .into_bytes(),
        )
    }
}
