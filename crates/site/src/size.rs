//! The site-size guard. GitHub Pages publishes sites of at most 1 GB:
//! `build` warns when the output is larger than `max_site_mb` of site.toml
//! and says which kinds of file take the most; `check` estimates the same
//! without writing (pages rendered by sample, kind by kind; generated
//! files exactly).

use std::fmt::Write as _;

use ratings_model::PlayerId;

use crate::pages::{Context, Job, PageGroup, PageKind};
use crate::plan::{Output, Plan, Source};

/// The bytes of one kind of output file.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    pub name: &'static str,
    pub files: u64,
    pub bytes: u64,
}

/// The size of a site, by kind of file, largest first.
#[derive(Debug, Clone, PartialEq)]
pub struct SiteSize {
    pub parts: Vec<Part>,
}

/// Pages of a kind rendered to estimate its size (`check`).
const SAMPLE: usize = 200;

/// Of those, the heaviest pages of the kind ([`Weight`]), rendered whole:
/// one event of 100,000 rows among 100,000 events of one row is counted
/// once, not as a typical event page.
const HEAVIEST: usize = SAMPLE / 2;

/// What makes a page long, roughly in bytes, known without rendering it:
/// an event's rows and report, a player's rows, a circuit's events, a
/// letter's players, a Markdown page's source; the same for every page of
/// other kinds (lists cut into pages of a fixed length, or one page per
/// rating).
struct Weight<'c, 'a> {
    ctx: &'c Context<'a>,
    /// By player: result rows and matches.
    rows: Vec<u64>,
}

impl<'c, 'a> Weight<'c, 'a> {
    fn new(ctx: &'c Context<'a>) -> Self {
        let mut rows = vec![0u64; ctx.site.model.players.len()];
        let mut count = |p: PlayerId| {
            if let Some(n) = rows.get_mut(p as usize) {
                *n += 1;
            }
        };
        for e in &ctx.site.model.events {
            e.results.iter().for_each(|r| count(r.player));
            for m in e.round.iter().flat_map(|r| &r.matches) {
                count(m.a);
                count(m.b);
            }
        }
        Weight { ctx, rows }
    }

    fn of(&self, job: &Job) -> u64 {
        let model = &self.ctx.site.model;
        match *job {
            Job::Event(e) => model.events.get(e).map_or(0, |e| {
                let rows = e.results.len()
                    + e.round
                        .iter()
                        .map(|r| r.matches.len() + r.forfeits.len())
                        .sum::<usize>();
                rows as u64 * 128 + e.report.len() as u64
            }),
            Job::Player(p) => self.rows.get(p as usize).copied().unwrap_or(0),
            Job::Circuit(c) => self.ctx.circuits.get(c).map_or(0, |c| c.events.len() as u64),
            Job::Letter(i) => self.ctx.letters.get(i).map_or(0, |(_, players)| players.len() as u64),
            Job::Markdown(i) => model.pages.get(i).map_or(0, |p| p.source.len() as u64),
            _ => 0,
        }
    }
}

impl SiteSize {
    pub fn new(mut parts: Vec<Part>) -> SiteSize {
        parts.retain(|p| p.files > 0);
        parts.sort_by(|a, b| b.bytes.cmp(&a.bytes).then_with(|| a.name.cmp(b.name)));
        SiteSize { parts }
    }

    pub fn total(&self) -> u64 {
        self.parts.iter().map(|p| p.bytes).sum()
    }

    /// "1322.3 MB: player pages 757.9 MB, downloads 302.1 MB, ..." (the
    /// three largest kinds).
    pub fn describe(&self) -> String {
        let mut out = format!("{:.1} MB", mb(self.total()));
        for (i, p) in self.parts.iter().take(3).enumerate() {
            let _ = write!(
                out,
                "{}{} {:.1} MB",
                if i == 0 { ": " } else { ", " },
                p.name,
                mb(p.bytes)
            );
        }
        out
    }

    /// The warning when the site is over `max_mb`.
    pub fn warning(&self, max_mb: u64) -> Option<String> {
        (self.total() > max_mb * 1_000_000).then(|| {
            format!(
                "warning: the site is {}, more than max_site_mb = {max_mb} of site.toml (GitHub Pages publishes at most 1 GB); see docs/publishing.md for what makes a site smaller",
                self.describe()
            )
        })
    }
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

/// The kind of a generated or static file, for [`SiteSize`].
pub fn file_kind(path: &str) -> &'static str {
    if path.starts_with("downloads/") {
        "downloads"
    } else {
        "other files"
    }
}

/// The size `build` would write, without writing: every kind of page
/// ([`PageKind`], within its [`PageGroup`]) from the mean of an even sample
/// of its pages (all of them for small kinds), and the generated and
/// static files exactly.
///
/// A kind of more than 200 pages: its 100 heaviest pages whole (by a
/// weight known without rendering: an event's rows, a player's rows), and
/// the mean of an even sample of 100 of the others for the rest.
///
/// The sample is taken by kind, not by group: a group holds kinds of very
/// different sizes (national rankings: one `nations.html` listing every
/// nation beside a short page per nation), and one page of a large kind
/// counted as a typical page of the group would be multiplied by the
/// number of pages (quadratic in the nations).
pub fn estimate(ctx: &Context, plan: &Plan) -> SiteSize {
    let kinds = PageKind::ALL.len();
    let kind_index = |kind: PageKind| PageKind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
    // By group, then kind: `group * kinds + kind`.
    let mut by_kind: Vec<Vec<&Job>> = (0..PageGroup::ALL.len() * kinds).map(|_| Vec::new()).collect();
    let mut parts: Vec<Part> = Vec::new();
    let add = |parts: &mut Vec<Part>, name: &'static str, bytes: u64| match parts.iter_mut().find(|p| p.name == name) {
        Some(p) => {
            p.files += 1;
            p.bytes += bytes;
        }
        None => parts.push(Part { name, files: 1, bytes }),
    };
    for o in &plan.outputs {
        let o = match o {
            Output::Page(job) => {
                by_kind[job.group() as usize * kinds + kind_index(job.kind())].push(job);
                continue;
            }
            Output::File(file) => file,
        };
        let bytes = match &o.source {
            Source::Static(src) => std::fs::metadata(&src.path).map_or(0, |m| m.len()),
            Source::HistoryCsv(_) | Source::YearEndCsv(_) => {
                let mut n = 0u64;
                let _ = o.source.write_pieces(ctx, &mut |piece| {
                    n += piece.len() as u64;
                    Ok(())
                });
                n
            }
            source => source.bytes(ctx, plan).map_or(0, |b| b.len() as u64),
        };
        add(&mut parts, file_kind(&o.path), bytes);
    }
    let weight = Weight::new(ctx);
    let mut html = String::new();
    for (group, pages) in by_kind
        .iter()
        .enumerate()
        .map(|(i, pages)| (PageGroup::ALL[i / kinds], pages))
    {
        if pages.is_empty() {
            continue;
        }
        let mut render = |job: &Job| {
            html.clear();
            ctx.render_into(job, &ctx.path(job), &mut html)
                .is_ok()
                .then_some(html.len() as u64)
        };
        let total = if pages.len() <= SAMPLE {
            pages.iter().filter_map(|job| render(job)).sum()
        } else {
            // The heaviest pages whole, then an even sample of the rest
            // (in page order) for the others.
            // Weighed once each (an event's weight counts its rounds).
            let weights: Vec<u64> = pages.iter().map(|job| weight.of(job)).collect();
            let mut order: Vec<usize> = (0..pages.len()).collect();
            let key = |&i: &usize| (std::cmp::Reverse(weights[i]), i);
            order.select_nth_unstable_by_key(HEAVIEST - 1, key);
            let (heaviest, rest) = order.split_at_mut(HEAVIEST);
            rest.sort_unstable();
            let exact: u64 = heaviest.iter().filter_map(|&i| render(pages[i])).sum();
            let step = rest.len().div_ceil(SAMPLE - HEAVIEST);
            let (mut sampled, mut bytes) = (0u64, 0u64);
            for &i in rest.iter().step_by(step) {
                if let Some(n) = render(pages[i]) {
                    sampled += 1;
                    bytes += n;
                }
            }
            exact + bytes * rest.len() as u64 / sampled.max(1)
        };
        match parts.iter_mut().find(|p| p.name == group.name()) {
            Some(p) => {
                p.files += pages.len() as u64;
                p.bytes += total;
            }
            None => parts.push(Part {
                name: group.name(),
                files: pages.len() as u64,
                bytes: total,
            }),
        }
    }
    SiteSize::new(parts)
}

/// Resident memory of this process and its peak so far, in bytes, where
/// the system tells (`/proc/self/status` on Linux).
pub fn resident() -> Option<(u64, u64)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map(|kb| kb * 1024)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(name: &'static str, files: u64, bytes: u64) -> Part {
        Part { name, files, bytes }
    }

    #[test]
    fn the_warning_names_the_largest_kinds_and_only_over_the_limit() {
        let size = SiteSize::new(vec![
            part("event pages", 10, 200_000_000),
            part("player pages", 10, 700_000_000),
            part("other files", 0, 0),
            part("downloads", 3, 300_000_000),
            part("rankings", 5, 1_000_000),
        ]);
        assert_eq!(size.total(), 1_201_000_000);
        assert_eq!(
            size.describe(),
            "1201.0 MB: player pages 700.0 MB, downloads 300.0 MB, event pages 200.0 MB"
        );
        let w = size.warning(1000).expect("over 1000 MB");
        assert!(
            w.starts_with("warning: the site is 1201.0 MB: player pages 700.0 MB, downloads 300.0 MB, event pages 200.0 MB, more than max_site_mb = 1000"),
            "{w}"
        );
        assert_eq!(size.warning(1201), None, "1201 MB is not more than 1201");
        assert_eq!(size.parts.len(), 4, "kinds without files are left out");
    }
}
