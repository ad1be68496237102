//! Ranking pages: international (paginated), national index and national
//! rankings (paginated).

use askama::Template;

use super::{Base, Context, Href, Link, Pager, Rated, RatingUrls};
use ratings_model::format::Rounded;
use ratings_rating::{RankEntry, timeline};

pub fn page_path(id: &str, page: usize) -> String {
    if page == 1 {
        format!("rating/{id}/index.html")
    } else {
        format!("rating/{id}/page-{page}.html")
    }
}

pub fn nation_path(id: &str, nation: &str, page: usize) -> String {
    if page == 1 {
        format!("rating/{id}/nation/{nation}.html")
    } else {
        format!("rating/{id}/nation/{nation}.page-{page}.html")
    }
}

pub fn inactive_path(id: &str, page: usize) -> String {
    if page == 1 {
        format!("rating/{id}/inactive.html")
    } else {
        format!("rating/{id}/inactive.page-{page}.html")
    }
}

pub fn year_path(id: &str, year: i32, page: usize) -> String {
    if page == 1 {
        format!("rating/{id}/year/{year}.html")
    } else {
        format!("rating/{id}/year/{year}.page-{page}.html")
    }
}

/// The tabs under a rating's title, shared by its pages.
pub struct RatingNav {
    pub title: String,
    pub ranking: String,
    /// The ranking tab's name ([`Rated::ranking_name`]).
    pub ranking_name: &'static str,
    /// `None` when no ranked player has a nationality (no tab).
    pub nations: Option<String>,
    pub events: String,
    pub records: String,
    pub method: String,
    /// With `active_years`: the inactive players' list.
    pub inactive: Option<String>,
    pub history_csv: String,
    pub ranking_csv: String,
    pub year_end_csv: String,
    /// Which tab is open: "ranking", "nations", "events", "records",
    /// "method", "inactive".
    pub active: &'static str,
}

impl RatingNav {
    pub fn new(root: &str, view: &Rated, active: &'static str) -> Self {
        let id = view.id();
        RatingNav {
            title: view.config.title.clone(),
            ranking: format!("{root}rating/{id}/index.html"),
            ranking_name: view.ranking_name(),
            nations: (!view.nations.is_empty()).then(|| format!("{root}rating/{id}/nations.html")),
            events: format!("{root}rating/{id}/events.html"),
            records: format!("{root}rating/{id}/records.html"),
            method: format!("{root}rating/{id}/method.html"),
            inactive: view
                .config
                .active_years
                .map(|_| format!("{root}{}", inactive_path(id, 1))),
            history_csv: format!("{root}downloads/{id}-history.csv"),
            ranking_csv: format!("{root}downloads/{id}-ranking.csv"),
            year_end_csv: format!("{root}downloads/{id}-year-end.csv.gz"),
            active,
        }
    }
}

pub struct RankRow<'a> {
    pub rank: u32,
    /// International rank, on national rankings.
    pub world_rank: Option<u32>,
    pub player: Link<'a>,
    pub nat: &'a str,
    pub rating: Rounded,
    /// Systems with a deviation: the player's current one.
    pub deviation: Option<Rounded>,
    pub events: u32,
    pub matches: u32,
    pub provisional: bool,
    /// "▲3", "▼12", "new", "" (no change).
    pub movement: String,
    /// "up", "down", "new", "same".
    pub move_class: &'static str,
}

/// One link of the year selector.
pub struct YearLink<'a> {
    /// `None`: the current ranking.
    pub year: Option<i32>,
    pub href: Href<'a>,
    pub current: bool,
    /// Years are left out before this one (an ellipsis).
    pub gap: bool,
}

#[derive(Template)]
#[template(path = "ranking.html")]
pub struct RankingPage<'a> {
    pub base: Base<'a>,
    pub nav: RatingNav,
    pub heading: String,
    pub pager: Pager,
    pub rows: Vec<RankRow<'a>>,
    pub total: usize,
    pub national: bool,
    /// Some row of the page has a nationality (else no Nat. column).
    pub nats: bool,
    pub match_system: bool,
    /// Some row of the page is provisional (marked P).
    pub provisional: bool,
    /// The heading repeats the open tab's name (the current ranking):
    /// kept for screen readers, not shown, so that a phone's first screen
    /// reaches the table.
    pub heading_hidden: bool,
    /// The deviation column's heading ("RD", "σ"), on current rankings of
    /// systems that have one.
    pub deviation: Option<&'static str>,
    /// Explains the movement column; `None`: no movement column.
    pub movement: Option<Movement>,
    /// "Current" and one link per year-end ranking (main and year pages).
    pub years: Vec<YearLink<'a>>,
    /// Beside the year links: which years' rankings are left out, if any
    /// ([`ratings_rating::timeline::YEAR_END_ENTRIES_PER_ROW`]).
    pub years_left_out: Option<String>,
    /// A sentence under the heading (activity window, year end).
    pub note: String,
    /// Year-end rankings: the CSV of every year's whole ranking.
    pub year_end_csv: Option<String>,
    /// National rankings: the nations before and after this one.
    pub siblings: Option<Siblings>,
    /// The nationality filter's choices (ranking.js shows it; hidden
    /// without script), one per code on the page; empty on national pages.
    pub nat_options: Vec<NatOption>,
}

/// One nationality of the filter.
pub struct NatOption {
    /// The code as the Nat. column shows it.
    pub code: String,
    /// "Netherlands (NED)", or the code when it is not a known country's.
    pub label: String,
    /// The nation's whole ranking, when it has one.
    pub href: Option<String>,
}

/// Links to the previous and next nation (by name) and to all nations.
pub struct Siblings {
    pub previous: Option<(String, String)>,
    pub next: Option<(String, String)>,
    pub all: String,
}

/// What the movement column compares with.
pub struct Movement {
    pub event: String,
    pub href: String,
    pub date: String,
}

fn row<'a>(
    ctx: &'a Context,
    root: &'a str,
    view: &Rated,
    e: &RankEntry,
    rank: u32,
    world_rank: Option<u32>,
) -> RankRow<'a> {
    RankRow {
        rank,
        world_rank,
        player: ctx.player_link(root, e.player),
        nat: &ctx.site.model.player(e.player).nat,
        rating: view.shown(e.rating),
        deviation: view.history.standings[e.player as usize]
            .as_ref()
            .and_then(|s| s.deviation)
            .map(|d| view.shown(d)),
        events: e.events,
        matches: e.matches,
        provisional: e.provisional,
        movement: String::new(),
        move_class: "same",
    }
}

/// The nationality filter's choices for the rows of a page, by label;
/// `up` leads from the page's folder to the rating's.
fn nat_options(site: &crate::Site, up: &str, view: &Rated, rows: &[RankRow]) -> Vec<NatOption> {
    let codes: std::collections::BTreeSet<&str> = rows.iter().map(|r| r.nat).filter(|n| !n.is_empty()).collect();
    let mut options: Vec<NatOption> = codes
        .into_iter()
        .map(|code| {
            let slug = site.nation_slug(code);
            NatOption {
                code: code.to_string(),
                label: ratings_model::country::lookup(code)
                    .map_or_else(|| code.to_string(), |c| format!("{} ({code})", c.name)),
                href: view.has_nation(&slug).then(|| format!("{up}nation/{slug}.html")),
            }
        })
        .collect();
    options.sort_by(|a, b| a.label.cmp(&b.label));
    options
}

/// Text and class of a movement cell.
pub fn movement_cell(m: Option<timeline::Movement>) -> (String, &'static str) {
    match m {
        Some(timeline::Movement::New) => ("new".into(), "new"),
        Some(timeline::Movement::Places(n)) if n > 0 => (format!("▲{n}"), "up"),
        Some(timeline::Movement::Places(n)) if n < 0 => (format!("▼{}", -n), "down"),
        _ => (String::new(), "same"),
    }
}

/// Most year ends a ranking page links: more would make every page of a
/// rating of many years link every year (an archive of 8,000 years of
/// events wrote 4 GB of year links).
const YEAR_LINKS: usize = 25;

/// The year selector: the current ranking, then the year ends, newest
/// first: every year end, or for more than [`YEAR_LINKS`] of them the
/// [`YEAR_LINKS`] nearest the page's year (the newest for the current
/// ranking) and the newest and the oldest, so that every year can be
/// reached from any other.
fn year_links<'a>(root: &'a str, view: &'a Rated, urls: &'a RatingUrls, current: Option<i32>) -> Vec<YearLink<'a>> {
    let mut links = vec![YearLink {
        year: None,
        href: Href::new(root, &urls.ranking),
        current: current.is_none(),
        gap: false,
    }];
    // Years oldest first; the selector counts them newest first (index i
    // is year_ends[n - 1 - i]). Found by halving, not a list per page: a
    // page costs its 27 links, not the rating's years.
    let ends = &view.timeline.year_ends;
    let n = ends.len();
    let newest_first = |i: usize| (&ends[n - 1 - i], &urls.year_ends[n - 1 - i]);
    let at = current
        .and_then(|c| ends.binary_search_by_key(&c, |y| y.year).ok())
        .map_or(0, |k| n - 1 - k);
    let start = at.saturating_sub(YEAR_LINKS / 2).min(n.saturating_sub(YEAR_LINKS));
    let end = (start + YEAR_LINKS).min(n);
    let mut shown: Vec<usize> = (start..end).collect();
    if start > 0 {
        shown.insert(0, 0);
    }
    if end < n {
        shown.push(n - 1);
    }
    let mut previous = None;
    for i in shown {
        let (y, path) = newest_first(i);
        links.push(YearLink {
            year: Some(y.year),
            href: Href::new(root, path),
            current: current == Some(y.year),
            gap: previous.is_some_and(|p: usize| i > p + 1),
        });
        previous = Some(i);
    }
    links
}

/// The sentence saying which year-end rankings are left out, when some are.
fn years_left_out(view: &Rated) -> Option<String> {
    let first = view
        .timeline
        .year_ends
        .first()
        .filter(|_| view.timeline.years_left_out > 0)?;
    Some(format!(
        "Year-end rankings before {} are left out ({} year{}): the whole rankings of all years would \
         list more than {} players for each of the {} result rows of this rating.",
        first.year,
        view.timeline.years_left_out,
        if view.timeline.years_left_out == 1 { "" } else { "s" },
        timeline::YEAR_END_ENTRIES_PER_ROW,
        view.history.rows.len(),
    ))
}

/// Which list of a rating a ranking page shows.
#[derive(Debug, Clone, Copy)]
pub enum List {
    /// The current ranking (active players with `active_years`).
    Current,
    /// Ranked players outside the activity window.
    Inactive,
    /// The ranking on 31 December: index into `timeline.year_ends`.
    YearEnd(usize),
}

impl List {
    pub fn entries<'v>(self, view: &'v Rated) -> &'v [RankEntry] {
        match self {
            List::Current => &view.ranking,
            List::Inactive => &view.inactive,
            List::YearEnd(i) => &view.timeline.year_ends[i].ranking,
        }
    }

    /// Players in the whole list (a year-end ranking's page holds its top).
    pub fn total(self, view: &Rated) -> usize {
        match self {
            List::YearEnd(i) => view.timeline.year_ends[i].total,
            _ => self.entries(view).len(),
        }
    }

    /// Pages of the list: a year-end ranking has one, its top
    /// `page_size`; the whole of every year is `downloads/ID-year-end.csv.gz`.
    pub fn pages(self, view: &Rated, page_size: usize) -> usize {
        match self {
            List::YearEnd(_) => 1,
            _ => self.entries(view).len().div_ceil(page_size).max(1),
        }
    }

    pub fn path(self, view: &Rated, page: usize) -> String {
        match self {
            List::Current => page_path(view.id(), page),
            List::Inactive => inactive_path(view.id(), page),
            List::YearEnd(i) => year_path(view.id(), view.timeline.year_ends[i].year, page),
        }
    }
}

fn page_slice(len: usize, page_size: usize, page: usize) -> std::ops::Range<usize> {
    let start = ((page - 1) * page_size).min(len);
    start..(start + page_size).min(len)
}

pub fn ranking<'a>(ctx: &'a Context, path: &str, rating: usize, list: List, page: usize) -> RankingPage<'a> {
    let view = &ctx.ratings[rating];
    let entries = list.entries(view);
    let size = ctx.site.config.page_size;
    let pages = list.pages(view, size);
    let (heading, tab) = match list {
        List::Current => (view.ranking_name().to_string(), "ranking"),
        List::Inactive => ("Inactive players".to_string(), "inactive"),
        List::YearEnd(i) => (
            format!("Ranking on 31 December {}", view.timeline.year_ends[i].year),
            "ranking",
        ),
    };
    let title = match (list, page) {
        (List::Current, 1) => view.config.title.clone(),
        (_, 1) => format!("{} – {heading}", view.config.title),
        _ => format!("{} – {heading} – page {page}", view.config.title),
    };
    let base = ctx.base(path, title);
    let with_movement = matches!(list, List::Current) && view.timeline.last_change.is_some();
    let rows: Vec<RankRow> = entries[page_slice(entries.len(), size, page)]
        .iter()
        .map(|e| {
            let mut r = row(ctx, ctx.root_of(path), view, e, e.rank, None);
            if with_movement {
                (r.movement, r.move_class) = movement_cell(view.timeline.movement[e.player as usize]);
            }
            r
        })
        .collect();
    let movement = view.timeline.last_change.filter(|_| with_movement).map(|e| Movement {
        event: ctx.site.model.events[e].name.clone(),
        href: ctx.event_href(&base.root, e),
        date: ctx.site.model.events[e].date.to_string(),
    });
    let window = view.config.active_years.map(|n| {
        let latest = view.latest.map(|d| d.to_string()).unwrap_or_default();
        format!(
            "Active players: an event in this rating on or after the same day {n} year{} before the latest event ({latest}).",
            if n == 1 { "" } else { "s" }
        )
    });
    let explained = view.columns().explained.map(|what| {
        let mut what = what.to_string();
        if let Some(first) = what.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        format!("{what}.")
    });
    let note = match list {
        List::Current => [window, explained].into_iter().flatten().collect::<Vec<_>>().join(" "),
        List::Inactive => format!(
            "Ranked players without an event in the activity window, ranked among themselves. {}",
            window.unwrap_or_default()
        ),
        List::YearEnd(_) => format!(
            "The ranking as it stood after the last event of the year, players with their rating then{}.",
            if list.total(view) > size {
                format!("; the top {size} of {}", list.total(view))
            } else {
                String::new()
            }
        ),
    };
    let years = match list {
        List::Current => year_links(ctx.root_of(path), view, &ctx.urls[rating], None),
        List::YearEnd(i) => year_links(
            ctx.root_of(path),
            view,
            &ctx.urls[rating],
            Some(view.timeline.year_ends[i].year),
        ),
        List::Inactive => Vec::new(),
    };
    let years_left_out = (!years.is_empty()).then(|| years_left_out(view)).flatten();
    let page_href = |n: usize| list.path(view, n).rsplit('/').next().unwrap_or_default().to_string();
    RankingPage {
        nav: RatingNav::new(&base.root, view, tab),
        heading,
        pager: Pager::new(page, pages, page_href),
        nats: rows.iter().any(|r: &RankRow| !r.nat.is_empty()),
        // Relative to the list's folder (year-end pages sit one deeper).
        nat_options: nat_options(
            ctx.site,
            if matches!(list, List::YearEnd(_)) { "../" } else { "" },
            view,
            &rows,
        ),
        provisional: rows.iter().any(|r| r.provisional),
        heading_hidden: matches!(list, List::Current),
        rows,
        total: list.total(view),
        national: false,
        match_system: view.columns().matches && !matches!(list, List::YearEnd(_)),
        // Year-end rankings hold the rating then, not the deviation then.
        deviation: view.columns().deviation.filter(|_| !matches!(list, List::YearEnd(_))),
        movement,
        years,
        years_left_out,
        note,
        year_end_csv: matches!(list, List::YearEnd(_))
            .then(|| format!("{}downloads/{}-year-end.csv.gz", base.root, view.id())),
        siblings: None,
        base,
    }
}

pub fn nation<'a>(ctx: &'a Context, path: &str, rating: usize, nation: usize, page: usize) -> RankingPage<'a> {
    let view = &ctx.ratings[rating];
    let n = &view.nations[nation];
    let size = ctx.site.config.page_size;
    let pages = n.members.len().div_ceil(size).max(1);
    let base = ctx.base(path, format!("{} – {}", view.config.title, n.name));
    // National ranks: competition ranks within the nation on equal ratings.
    let mut national_rank = Vec::with_capacity(n.members.len());
    for (i, &m) in n.members.iter().enumerate() {
        let r = if i > 0 && view.ranking[m as usize].rating == view.ranking[n.members[i - 1] as usize].rating {
            national_rank[i - 1]
        } else {
            i as u32 + 1
        };
        national_rank.push(r);
    }
    let range = page_slice(n.members.len(), size, page);
    let rows: Vec<RankRow> = range
        .map(|i| {
            let e = &view.ranking[n.members[i] as usize];
            row(ctx, ctx.root_of(path), view, e, national_rank[i], Some(e.rank))
        })
        .collect();
    let (id, slug) = (view.id().to_string(), n.slug.clone());
    let sibling = |k: usize| {
        let s = &view.nations[k];
        (s.name.clone(), format!("{}.html", s.slug))
    };
    let siblings = Siblings {
        previous: nation.checked_sub(1).map(sibling),
        next: (nation + 1 < view.nations.len()).then(|| sibling(nation + 1)),
        all: "../nations.html".to_string(),
    };
    RankingPage {
        nav: RatingNav::new(&base.root, view, "nations"),
        heading: format!("National ranking: {}", n.name),
        pager: Pager::new(page, pages, |k| {
            nation_path(&id, &slug, k)
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_string()
        }),
        // One nation: the Nat. column only where its players write it in
        // different codes (NL, NED).
        nats: rows.iter().any(|r: &RankRow| r.nat != rows[0].nat),
        nat_options: Vec::new(),
        provisional: rows.iter().any(|r| r.provisional),
        heading_hidden: false,
        rows,
        total: n.members.len(),
        national: true,
        match_system: view.columns().matches,
        deviation: view.columns().deviation,
        movement: None,
        years: Vec::new(),
        years_left_out: None,
        note: String::new(),
        year_end_csv: None,
        siblings: Some(siblings),
        base,
    }
}

pub struct NationRow {
    pub name: String,
    /// The code, when the name is a country's name.
    pub code: Option<String>,
    pub href: String,
    pub players: usize,
    pub best: String,
    pub best_href: String,
    pub best_rating: String,
}

#[derive(Template)]
#[template(path = "nations.html")]
pub struct NationsPage<'a> {
    pub base: Base<'a>,
    pub nav: RatingNav,
    pub rows: Vec<NationRow>,
}

pub fn nations<'a>(ctx: &'a Context, path: &str, rating: usize) -> NationsPage<'a> {
    let view = &ctx.ratings[rating];
    let base = ctx.base(path, format!("{} – national rankings", view.config.title));
    let rows = view
        .nations
        .iter()
        .map(|n| {
            let best = &view.ranking[n.members[0] as usize];
            NationRow {
                name: n.name.clone(),
                code: (n.code != n.name).then(|| n.code.clone()),
                href: format!("nation/{}.html", n.slug),
                players: n.members.len(),
                best: ctx.site.model.player(best.player).display.to_string(),
                best_href: ctx.player_href(&base.root, best.player),
                best_rating: view.shown(best.rating).to_string(),
            }
        })
        .collect();
    NationsPage {
        nav: RatingNav::new(&base.root, view, "nations"),
        rows,
        base,
    }
}
