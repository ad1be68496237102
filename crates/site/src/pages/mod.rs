//! Stage 3 and 4, pages and render: what each page shows, as askama
//! template structs, rendered to HTML.
//!
//! [`Context`] holds what many pages share (rankings, who played where);
//! [`Job`] lists every page, so that rendering can run in parallel and each
//! page is rendered, written and dropped before memory fills up.

mod chart;
mod columns;
mod event;
mod home;
mod lists;
mod method;
pub mod not_found;
mod player;
mod predictions;
mod ranking;
mod records;
pub mod search;
mod standings;
pub use standings::number as points_text;

pub use ranking::List;

use std::collections::BTreeMap;

use askama::Template;
use rayon::prelude::*;

use crate::Site;
use crate::markdown;
pub use crate::rated::Rated;
use ratings_model::PlayerId;
use ratings_model::names::{ascii_fold, url_path};
use ratings_rating::RankEntry;

/// URL paths (from the site root) of a rating's pages that many pages link.
pub struct RatingUrls {
    /// The first page of the current ranking.
    pub ranking: String,
    /// By index into `timeline.year_ends`: the first page of that ranking.
    pub year_ends: Vec<String>,
}

impl RatingUrls {
    fn new(view: &Rated) -> Self {
        RatingUrls {
            ranking: url_path(&ranking::page_path(view.id(), 1)),
            year_ends: view
                .timeline
                .year_ends
                .iter()
                .map(|y| url_path(&ranking::year_path(view.id(), y.year, 1)))
                .collect(),
        }
    }
}

/// Site-wide navigation shown on every page.
pub struct Chrome {
    pub title: String,
    pub author: String,
    pub last_update: String,
    /// (rating id, title)
    pub ratings: Vec<(String, String)>,
    /// (page slug, title): the Markdown pages the navigation links, at
    /// most [`NAV_PAGES`], titles cut to 64 characters (see [`Chrome::new`]).
    pub pages: Vec<(String, String)>,
    /// The site has more Markdown pages than [`NAV_PAGES`]: the
    /// navigation's last link is `pages.html`, the list of them all.
    pub more_pages: bool,
    /// The site has circuits (the navigation links their list).
    pub circuits: bool,
    /// The site has an Atom feed (`feed.xml`, written when `base_url` is set).
    pub feed: bool,
}

/// The most Markdown pages the navigation of every page links: a site
/// with more links the first `NAV_PAGES - 1` and "More pages"
/// (`pages.html`), so that the navigation does not grow with the pages
/// (4,000 pages linked from each of the others made 870 MB).
pub const NAV_PAGES: usize = 8;

/// The navigation's links to the Markdown pages (slug, title): all of
/// them up to [`NAV_PAGES`], else the first `NAV_PAGES - 1`; each title
/// cut to 64 characters and `…` (a title is a page's first heading, up to
/// a whole 2 MiB page). The second value: whether there are more.
fn nav_pages(pages: &[ratings_model::MarkdownPage]) -> (Vec<(String, String)>, bool) {
    let more = pages.len() > NAV_PAGES;
    let shown = if more { NAV_PAGES - 1 } else { pages.len() };
    let links = pages[..shown]
        .iter()
        .map(|p| (p.slug.clone(), ratings_model::names::excerpt(&p.title).into_owned()))
        .collect();
    (links, more)
}

/// What the base layout needs: every page struct has a `base` field.
pub struct Base<'a> {
    /// Relative path from this page to the site root: "", "../", ...
    pub root: String,
    pub title: String,
    pub chrome: &'a Chrome,
    /// Absolute URL of this page when `base_url` is set.
    pub canonical: Option<String>,
}

/// Everything pages share.
pub struct Context<'a> {
    pub site: &'a Site,
    pub ratings: Vec<Rated<'a>>,
    /// By event index: a match event's standings.
    pub standings: Vec<Option<crate::standings::EventStandings>>,
    /// The match events each player took part in (event indices, in
    /// order), `match_events_at[p]..match_events_at[p + 1]` of
    /// `match_events`: one list for every player, without a vector each.
    match_events: Vec<u32>,
    match_events_at: Vec<u32>,
    /// By rating: URL paths many pages link.
    pub urls: Vec<RatingUrls>,
    pub chrome: Chrome,
    /// By event index: path of the event page from the site root (the file name, not encoded).
    pub event_paths: Vec<String>,
    /// Players in A–Z order: (letter, player ids).
    pub letters: Vec<(String, Vec<PlayerId>)>,
    /// Circuits (series) named by events, by name.
    pub circuits: Vec<Circuit>,
    /// By event index: URL path (percent-encoded) of the event page.
    event_urls: Vec<String>,
    /// "../" repeated as deep as the deepest page: `root_of` slices it.
    ups: String,
    /// The players' CSV cells, made by the first big download that needs them.
    csv_cells: std::sync::OnceLock<crate::downloads::PlayerCells>,
    /// How well each rating predicts, and every pair of ratings on the
    /// games both rate: made by the first page or download that needs them.
    evaluation: std::sync::OnceLock<ratings_rating::predictions::Evaluation>,
    /// By event index: a match event's seats by player, made by the first
    /// player page that needs them.
    seats: Vec<std::sync::OnceLock<player::Seats>>,
}

/// Each player's match events as one flat list and where each player's
/// part starts (one more entry than players): counted, then filled.
fn events_by_player(players: usize, standings: &[Option<crate::standings::EventStandings>]) -> (Vec<u32>, Vec<u32>) {
    let mut at = vec![0u32; players + 1];
    for s in standings.iter().flatten() {
        for row in &s.rows {
            at[row.player as usize + 1] += 1;
        }
    }
    for p in 0..players {
        at[p + 1] += at[p];
    }
    let mut next = at.clone();
    let mut events = vec![0u32; at[players] as usize];
    for (index, s) in standings.iter().enumerate() {
        for row in s.iter().flat_map(|s| &s.rows) {
            let slot = &mut next[row.player as usize];
            events[*slot as usize] = index as u32;
            *slot += 1;
        }
    }
    (events, at)
}

/// A link from a page to another page of the site: the relative way to the
/// root and the target's URL path, written out only when the page is
/// rendered.
/// A player page's path is put together here from its slug rather than
/// held: an archive has half a million players.
#[derive(Debug, Clone, Copy)]
pub struct Href<'a> {
    pub root: &'a str,
    /// A folder before `path` (`player/`) or nothing.
    pub dir: &'static str,
    pub path: &'a str,
    /// A file ending after `path` (`.html`) or nothing.
    pub ext: &'static str,
}

impl<'a> Href<'a> {
    /// The link to `path` (percent-encoded, from the site root) from a
    /// page whose way to the root is `root`.
    pub fn new(root: &'a str, path: &'a str) -> Self {
        Href {
            root,
            dir: "",
            path,
            ext: "",
        }
    }
}

ratings_model::format::fast_display!(Href<'_>, Placing);

impl Href<'_> {
    fn write_to(&self, f: &mut (impl std::fmt::Write + ?Sized)) -> std::fmt::Result {
        f.write_str(self.root)?;
        f.write_str(self.dir)?;
        f.write_str(self.path)?;
        f.write_str(self.ext)
    }
}

/// The parts are made of `../`, percent-encoded paths (`url_path`) and
/// slugs (`[a-z0-9-]`, see `names::slug`): nothing to escape.
impl askama::filters::HtmlSafe for Href<'_> {}

/// The placing column: "8 / 65" (rank / players) or "3-0-1" (matches
/// won, drawn, lost: W-D-L, as chess and card players write a record).
pub enum Placing {
    Rank(u32, u32),
    Record(u32, u32, u32),
}

impl Placing {
    fn write_to(&self, f: &mut (impl std::fmt::Write + ?Sized)) -> std::fmt::Result {
        use ratings_model::format::write_uint;
        match *self {
            Placing::Rank(rank, players) => {
                write_uint(f, rank.into())?;
                f.write_str(" / ")?;
                write_uint(f, players.into())
            }
            Placing::Record(w, l, d) => {
                write_uint(f, w.into())?;
                f.write_str("-")?;
                write_uint(f, d.into())?;
                f.write_str("-")?;
                write_uint(f, l.into())
            }
        }
    }
}

/// Numbers, a slash and dashes.
impl askama::filters::HtmlSafe for Placing {}

/// A named link (a player, an event).
#[derive(Debug, Clone, Copy)]
pub struct Link<'a> {
    pub name: &'a str,
    pub href: Href<'a>,
}

/// A circuit (`circuits = [...]` of events) and its events in rating order.
pub struct Circuit {
    pub name: String,
    pub slug: String,
    pub events: Vec<usize>,
}

/// A site of at most this many players lists them on one A–Z page: a club
/// or a league reads its players better in one table than letter by letter.
pub const ONE_PAGE_OF_PLAYERS: usize = 100;

/// The A–Z bucket of a name: its first letter once accents are stripped.
pub fn letter_of(display: &str) -> String {
    letter_of_folded(&ascii_fold(display))
}

/// [`letter_of`] of a name already folded with `ascii_fold`.
fn letter_of_folded(folded: &str) -> String {
    match folded.chars().find(|c| !c.is_whitespace()) {
        Some(c) if c.is_ascii_lowercase() => c.to_string(),
        _ => "other".to_string(),
    }
}

impl<'a> Context<'a> {
    pub fn new(site: &'a Site, ratings: Vec<Rated<'a>>) -> Self {
        let (pages, more_pages) = nav_pages(&site.model.pages);
        let mut chrome = Chrome {
            circuits: false,
            title: site.config.title.clone(),
            author: site.config.author.clone(),
            last_update: site.model.last_update().map(|d| d.to_string()).unwrap_or_default(),
            ratings: site.ratings.iter().map(|r| (r.id.clone(), r.title.clone())).collect(),
            pages,
            more_pages,
            feed: site.config.base_url.is_some(),
        };
        let event_paths: Vec<String> = site
            .model
            .events
            .iter()
            .map(|e| format!("events/{}.html", e.id))
            .collect();
        // A–Z by surname (see `names::surname_split`), then given names:
        // one key "surname\0given" (names hold no control characters, so
        // it sorts as the pair would, in one string instead of two).
        let mut sorted: Vec<(String, PlayerId)> = (0..site.model.players.len() as PlayerId)
            .into_par_iter()
            .map(|id| {
                let (surname, given) = ratings_model::names::surname_split(&site.model.player(id).display);
                let mut key = ascii_fold(&surname);
                key.push('\0');
                key.push_str(&ascii_fold(&given));
                (key, id)
            })
            .collect();
        sorted.par_sort_by(|a, b| {
            let (pa, pb) = (site.model.player(a.1), site.model.player(b.1));
            a.0.cmp(&b.0)
                .then_with(|| pa.display.cmp(&pb.display))
                .then_with(|| pa.key.cmp(&pb.key))
        });
        let mut letters: Vec<(String, Vec<PlayerId>)> = Vec::new();
        for (folded, id) in sorted {
            let letter = letter_of_folded(&folded);
            match letters.iter_mut().find(|(l, _)| *l == letter) {
                Some((_, ids)) => ids.push(id),
                None => letters.push((letter, vec![id])),
            }
        }
        // "other" (digits, symbols, scripts without a Latin form) goes last.
        letters.sort_by(|a, b| (a.0 == "other", &a.0).cmp(&(b.0 == "other", &b.0)));
        // Circuits: names that agree once keys are made are one circuit,
        // shown as first written.
        let mut by_key: BTreeMap<String, Circuit> = BTreeMap::new();
        for (i, e) in site.model.events.iter().enumerate() {
            for name in &e.circuits {
                let key = ratings_model::names::name_key(name);
                if key.is_empty() {
                    continue;
                }
                let c = by_key.entry(key.clone()).or_insert_with(|| Circuit {
                    name: ratings_model::names::collapse_spaces(name),
                    slug: String::new(),
                    events: Vec::new(),
                });
                if c.events.last() != Some(&i) {
                    c.events.push(i);
                }
            }
        }
        // In key order, so that names whose hashes agree get `--2` by it.
        let slugs = ratings_model::names::distinct_slugs(by_key.keys().map(String::as_str));
        for (c, slug) in by_key.values_mut().zip(slugs) {
            c.slug = slug;
        }
        let mut circuits: Vec<Circuit> = by_key.into_values().collect();
        circuits.sort_by(|a, b| {
            ascii_fold(&a.name)
                .cmp(&ascii_fold(&b.name))
                .then_with(|| a.slug.cmp(&b.slug))
        });
        chrome.circuits = !circuits.is_empty();
        let event_urls: Vec<String> = event_paths.iter().map(|p| url_path(p)).collect();
        // Fixed pages are at most three folders deep (rating/ID/year/...).
        let depth = event_urls
            .iter()
            .map(|p| p.matches('/').count())
            .max()
            .unwrap_or(0)
            .max(3);
        let standings = crate::standings::all(site);
        let (match_events, match_events_at) = events_by_player(site.model.players.len(), &standings);
        Context {
            urls: ratings.iter().map(RatingUrls::new).collect(),
            match_events,
            match_events_at,
            standings,
            event_urls,
            ups: "../".repeat(depth),
            site,
            ratings,
            chrome,
            event_paths,
            letters,
            circuits,
            csv_cells: std::sync::OnceLock::new(),
            evaluation: std::sync::OnceLock::new(),
            seats: site.model.events.iter().map(|_| std::sync::OnceLock::new()).collect(),
        }
    }

    /// The seats of the event `index` by player.
    pub fn seats(&self, index: usize) -> &player::Seats {
        self.seats[index].get_or_init(|| player::Seats::of(&self.site.model.events[index]))
    }

    /// Each rating's predictions and every pair of ratings, in the order of
    /// `site.toml`, compared on the games both rate
    /// (`ratings_rating::predictions::evaluate`).
    pub fn evaluation(&self) -> &ratings_rating::predictions::Evaluation {
        self.evaluation.get_or_init(|| {
            let ratings: Vec<_> = self
                .ratings
                .iter()
                .map(|v| (v.config.system.as_ref(), &v.history))
                .collect();
            ratings_rating::predictions::evaluate(&self.site.model, &ratings)
        })
    }

    /// The match events the player took part in, in order (event indices).
    pub fn match_events_of(&self, player: PlayerId) -> &[u32] {
        let p = player as usize;
        &self.match_events[self.match_events_at[p] as usize..self.match_events_at[p + 1] as usize]
    }

    /// Every player's CSV cells (see [`crate::downloads::PlayerCells`]),
    /// shared by the downloads of every rating.
    pub fn csv_cells(&self) -> &crate::downloads::PlayerCells {
        self.csv_cells
            .get_or_init(|| crate::downloads::PlayerCells::new(self.site))
    }

    /// The base of a page at `path` (relative to the output root).
    pub fn base(&self, path: &str, title: impl Into<String>) -> Base<'_> {
        let depth = path.matches('/').count();
        Base {
            root: "../".repeat(depth),
            title: title.into(),
            chrome: &self.chrome,
            canonical: self
                .site
                .config
                .base_url
                .as_ref()
                .map(|b| format!("{b}{}", url_path(path))),
        }
    }

    /// The relative way from a page at `path` to the site root ("", "../", ...).
    pub fn root_of(&self, path: &str) -> &str {
        let depth = path.matches('/').count();
        &self.ups[..(3 * depth).min(self.ups.len())]
    }

    /// Whether the site's players fit one page (at most
    /// [`ONE_PAGE_OF_PLAYERS`], or `page_size` if more): then
    /// `players.html` lists them all, without a page per letter.
    pub fn players_on_one_page(&self) -> bool {
        self.site.model.players.len() <= self.site.config.page_size.max(ONE_PAGE_OF_PLAYERS)
    }

    pub fn player_href(&self, root: &str, player: PlayerId) -> String {
        self.player_link(root, player).href.to_string()
    }

    /// The file is named by the event id as it is; the link percent-encodes
    /// it (an id may hold spaces, `#`, `&` or non-ASCII letters).
    pub fn event_href(&self, root: &str, event: usize) -> String {
        self.event_link(root, event).href.to_string()
    }

    /// The player page is `player/SLUG.html`; a slug needs no encoding.
    pub fn player_link<'s>(&'s self, root: &'s str, player: PlayerId) -> Link<'s> {
        let p = self.site.model.player(player);
        Link {
            name: &p.display,
            href: Href {
                root,
                dir: "player/",
                path: &p.slug,
                ext: ".html",
            },
        }
    }

    /// A link from a player page to another: both are in `player/`, so
    /// the file name is the whole way.
    pub fn sibling_player_link(&self, player: PlayerId) -> Link<'_> {
        let mut link = self.player_link("", player);
        link.href.dir = "";
        link
    }

    pub fn event_link<'s>(&'s self, root: &'s str, event: usize) -> Link<'s> {
        Link {
            name: &self.site.model.events[event].name,
            href: Href::new(root, &self.event_urls[event]),
        }
    }

    pub fn markdown(&self, source: &str) -> String {
        markdown::render(source, self.site.config.allow_html)
    }

    /// Every page of the site, in a fixed order: kind after kind, in the
    /// order of [`PageKind::ALL`], except that the pages of a rating come
    /// together, one rating after another (its rankings, records, method,
    /// national rankings, events), where the first kind of a rating's
    /// pages is.
    pub fn jobs(&self) -> Vec<Job> {
        let mut jobs = Vec::new();
        let mut of_ratings = Vec::new();
        let mut ratings_at = None;
        for &kind in PageKind::ALL {
            if kind.of_rating() {
                ratings_at.get_or_insert(jobs.len());
                self.push_jobs(kind, &mut of_ratings);
            } else {
                self.push_jobs(kind, &mut jobs);
            }
        }
        // Stable: within a rating, its pages stay in kind order.
        of_ratings.sort_by_key(Job::rating);
        let at = ratings_at.unwrap_or(jobs.len());
        jobs.splice(at..at, of_ratings);
        jobs
    }

    /// Add the pages of one kind to `jobs`, in order (a kind of a rating's
    /// pages: every rating's, one rating after another). The `match` has
    /// an arm for every kind, so a new kind of page does not compile
    /// until it says which pages it has.
    fn push_jobs(&self, kind: PageKind, jobs: &mut Vec<Job>) {
        let before = jobs.len();
        let page_size = self.site.config.page_size;
        let ratings = 0..self.ratings.len();
        match kind {
            PageKind::Home => jobs.push(Job::Home),
            PageKind::Events => jobs.push(Job::Events),
            PageKind::Players => jobs.push(Job::Players),
            PageKind::Predictions => jobs.push(Job::Predictions),
            PageKind::Ranking => {
                for (r, view) in self.ratings.iter().enumerate() {
                    let mut lists = vec![List::Current];
                    if view.config.active_years.is_some() {
                        lists.push(List::Inactive);
                    }
                    lists.extend((0..view.timeline.year_ends.len()).map(List::YearEnd));
                    for list in lists {
                        let pages = list.pages(view, page_size);
                        jobs.extend((1..=pages).map(|page| Job::Ranking { rating: r, list, page }));
                    }
                }
            }
            PageKind::Records => jobs.extend(ratings.map(|rating| Job::Records { rating })),
            PageKind::Method => jobs.extend(ratings.map(|rating| Job::Method { rating })),
            // No nationality among the ranked players: no national rankings
            // (and no tab for them).
            PageKind::Nations => jobs.extend(
                ratings
                    .filter(|&r| !self.ratings[r].nations.is_empty())
                    .map(|rating| Job::Nations { rating }),
            ),
            PageKind::Nation => {
                for (r, view) in self.ratings.iter().enumerate() {
                    for (n, nation) in view.nations.iter().enumerate() {
                        let pages = nation.members.len().div_ceil(page_size).max(1);
                        jobs.extend((1..=pages).map(|page| Job::Nation {
                            rating: r,
                            nation: n,
                            page,
                        }));
                    }
                }
            }
            PageKind::Included => jobs.extend(ratings.map(|rating| Job::Included { rating })),
            PageKind::Circuits => {
                if !self.circuits.is_empty() {
                    jobs.push(Job::Circuits);
                }
            }
            PageKind::Circuit => jobs.extend((0..self.circuits.len()).map(Job::Circuit)),
            PageKind::Letter => {
                if !self.players_on_one_page() {
                    jobs.extend((0..self.letters.len()).map(Job::Letter));
                }
            }
            PageKind::Event => jobs.extend((0..self.site.model.events.len()).map(Job::Event)),
            PageKind::Player => jobs.extend((0..self.site.model.players.len() as PlayerId).map(Job::Player)),
            PageKind::PageList => {
                if self.chrome.more_pages {
                    jobs.push(Job::PageList);
                }
            }
            PageKind::Markdown => jobs.extend((0..self.site.model.pages.len()).map(Job::Markdown)),
            PageKind::NotFound => jobs.push(Job::NotFound),
        }
        debug_assert!(jobs[before..].iter().all(|job| job.kind() == kind), "{kind:?}");
    }

    /// Output path of a page, relative to the output root.
    pub fn path(&self, job: &Job) -> String {
        match *job {
            Job::Home => "index.html".into(),
            Job::Events => "events.html".into(),
            Job::Players => "players.html".into(),
            Job::Ranking { rating, list, page } => list.path(&self.ratings[rating], page),
            Job::Records { rating } => format!("rating/{}/records.html", self.ratings[rating].id()),
            Job::Method { rating } => format!("rating/{}/method.html", self.ratings[rating].id()),
            Job::Predictions => "predictions.html".into(),
            Job::Circuits => "circuits.html".into(),
            Job::Circuit(i) => format!("circuits/{}.html", self.circuits[i].slug),
            Job::Nations { rating } => format!("rating/{}/nations.html", self.ratings[rating].id()),
            Job::Nation { rating, nation, page } => ranking::nation_path(
                self.ratings[rating].id(),
                &self.ratings[rating].nations[nation].slug,
                page,
            ),
            Job::Included { rating } => format!("rating/{}/events.html", self.ratings[rating].id()),
            Job::Letter(i) => format!("players/{}.html", self.letters[i].0),
            Job::Event(i) => self.event_paths[i].clone(),
            Job::Player(id) => format!("player/{}.html", self.site.model.player(id).slug),
            Job::PageList => "pages.html".into(),
            Job::Markdown(i) => format!("pages/{}.html", self.site.model.pages[i].slug),
            Job::NotFound => "404.html".into(),
        }
    }

    /// Render one page.
    pub fn render(&self, job: &Job) -> askama::Result<String> {
        let mut out = String::new();
        self.render_into(job, &self.path(job), &mut out)?;
        Ok(out)
    }

    /// Render one page, whose path is `path` (see [`Context::path`]), at
    /// the end of `out`.
    pub fn render_into(&self, job: &Job, path: &str, out: &mut String) -> askama::Result<()> {
        match *job {
            Job::Home => home::home(self, path).render_into(out),
            Job::Events => lists::events(self, path).render_into(out),
            Job::Players => lists::players(self, path).render_into(out),
            Job::Letter(i) => lists::letter(self, path, i).render_into(out),
            Job::PageList => lists::page_list(self, path).render_into(out),
            Job::Markdown(i) => lists::markdown_page(self, path, i).render_into(out),
            Job::Ranking { rating, list, page } => ranking::ranking(self, path, rating, list, page).render_into(out),
            Job::Records { rating } => records::records(self, path, rating).render_into(out),
            Job::Method { rating } => method::method(self, path, rating).render_into(out),
            Job::Predictions => predictions::predictions(self, path).render_into(out),
            Job::Circuits => lists::circuits(self, path).render_into(out),
            Job::Circuit(i) => lists::circuit(self, path, i).render_into(out),
            Job::Nations { rating } => ranking::nations(self, path, rating).render_into(out),
            Job::Nation { rating, nation, page } => ranking::nation(self, path, rating, nation, page).render_into(out),
            Job::Included { rating } => lists::included(self, path, rating).render_into(out),
            Job::Event(i) => event::event(self, path, i).render_into(out),
            Job::Player(id) => player::player(self, path, id).render_into(out),
            Job::NotFound => not_found::not_found(self, path).render_into(out),
        }
    }
}

/// One page to render.
#[derive(Debug, Clone, Copy)]
pub enum Job {
    Home,
    Events,
    Players,
    Letter(usize),
    /// `pages.html`, every Markdown page (a site of more than [`NAV_PAGES`]).
    PageList,
    Markdown(usize),
    Ranking {
        rating: usize,
        list: List,
        page: usize,
    },
    Records {
        rating: usize,
    },
    /// How the rating's system works.
    Method {
        rating: usize,
    },
    /// Which rating predicts results best.
    Predictions,
    Circuits,
    Circuit(usize),
    Nations {
        rating: usize,
    },
    Nation {
        rating: usize,
        nation: usize,
        page: usize,
    },
    Included {
        rating: usize,
    },
    Event(usize),
    Player(PlayerId),
    /// `404.html` (links are absolute paths, see `not_found`).
    NotFound,
}

/// Declares [`PageKind`] and [`PageKind::ALL`] from one list: a kind left
/// out of `ALL` would have no pages, and `ALL` is where [`Context::jobs`]
/// finds the kinds.
macro_rules! page_kinds {
    ($($(#[$doc:meta])* $kind:ident,)+) => {
        /// The kinds of page: one per [`Job`] variant, in page order (see
        /// [`Context::jobs`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum PageKind {
            $($(#[$doc])* $kind,)+
        }

        impl PageKind {
            /// Every kind, in page order.
            pub const ALL: &[PageKind] = &[$(PageKind::$kind,)+];
        }
    };
}

page_kinds! {
    Home,
    Events,
    Players,
    Predictions,
    /// A rating's rankings: current, inactive players, year ends.
    Ranking,
    Records,
    Method,
    Nations,
    Nation,
    /// A rating's events (its included tournaments).
    Included,
    Circuits,
    Circuit,
    Letter,
    Event,
    Player,
    /// `pages.html`: the list of the Markdown pages, when the navigation
    /// cannot link them all.
    PageList,
    Markdown,
    NotFound,
}

impl PageKind {
    /// A kind with pages per rating (see [`Job::rating`]).
    pub fn of_rating(self) -> bool {
        match self {
            PageKind::Ranking
            | PageKind::Records
            | PageKind::Method
            | PageKind::Nations
            | PageKind::Nation
            | PageKind::Included => true,
            PageKind::Home
            | PageKind::Events
            | PageKind::Players
            | PageKind::Predictions
            | PageKind::Circuits
            | PageKind::Circuit
            | PageKind::Letter
            | PageKind::Event
            | PageKind::Player
            | PageKind::PageList
            | PageKind::Markdown
            | PageKind::NotFound => false,
        }
    }
}

/// The groups of pages `build --timings` and `check`'s size estimate
/// report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageGroup {
    Rankings,
    YearEndRankings,
    NationalRankings,
    EventPages,
    PlayerPages,
    PlayerLists,
    OtherPages,
    EventsLists,
}

impl PageGroup {
    pub const ALL: [PageGroup; 8] = [
        PageGroup::Rankings,
        PageGroup::YearEndRankings,
        PageGroup::NationalRankings,
        PageGroup::EventPages,
        PageGroup::PlayerPages,
        PageGroup::PlayerLists,
        PageGroup::OtherPages,
        PageGroup::EventsLists,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PageGroup::Rankings => "rankings",
            PageGroup::YearEndRankings => "year-end rankings",
            PageGroup::NationalRankings => "national rankings",
            PageGroup::EventPages => "event pages",
            PageGroup::PlayerPages => "player pages",
            PageGroup::PlayerLists => "player lists",
            PageGroup::OtherPages => "other pages",
            PageGroup::EventsLists => "events lists",
        }
    }
}

impl Job {
    pub fn kind(&self) -> PageKind {
        match self {
            Job::Home => PageKind::Home,
            Job::Events => PageKind::Events,
            Job::Players => PageKind::Players,
            Job::Letter(_) => PageKind::Letter,
            Job::PageList => PageKind::PageList,
            Job::Markdown(_) => PageKind::Markdown,
            Job::Ranking { .. } => PageKind::Ranking,
            Job::Records { .. } => PageKind::Records,
            Job::Method { .. } => PageKind::Method,
            Job::Predictions => PageKind::Predictions,
            Job::Circuits => PageKind::Circuits,
            Job::Circuit(_) => PageKind::Circuit,
            Job::Nations { .. } => PageKind::Nations,
            Job::Nation { .. } => PageKind::Nation,
            Job::Included { .. } => PageKind::Included,
            Job::Event(_) => PageKind::Event,
            Job::Player(_) => PageKind::Player,
            Job::NotFound => PageKind::NotFound,
        }
    }

    /// The rating of a page of a rating.
    pub fn rating(&self) -> Option<usize> {
        match *self {
            Job::Ranking { rating, .. }
            | Job::Records { rating }
            | Job::Method { rating }
            | Job::Nations { rating }
            | Job::Nation { rating, .. }
            | Job::Included { rating } => Some(rating),
            Job::Home
            | Job::Events
            | Job::Players
            | Job::Letter(_)
            | Job::PageList
            | Job::Markdown(_)
            | Job::Predictions
            | Job::Circuits
            | Job::Circuit(_)
            | Job::Event(_)
            | Job::Player(_)
            | Job::NotFound => None,
        }
    }

    pub fn group(&self) -> PageGroup {
        match self {
            Job::Ranking {
                list: List::YearEnd(_), ..
            } => PageGroup::YearEndRankings,
            Job::Ranking { .. } => PageGroup::Rankings,
            Job::Nation { .. } | Job::Nations { .. } => PageGroup::NationalRankings,
            Job::Event(_) => PageGroup::EventPages,
            Job::Player(_) => PageGroup::PlayerPages,
            Job::Players | Job::Letter(_) => PageGroup::PlayerLists,
            Job::Events | Job::Included { .. } | Job::Circuits | Job::Circuit(_) => PageGroup::EventsLists,
            Job::Home
            | Job::PageList
            | Job::Markdown(_)
            | Job::Records { .. }
            | Job::Method { .. }
            | Job::Predictions
            | Job::NotFound => PageGroup::OtherPages,
        }
    }
}

/// A pager: first, previous, a window of page numbers, next, last. Its size
/// does not depend on the number of pages.
pub struct Pager {
    pub items: Vec<PagerItem>,
    pub current: usize,
    pub pages: usize,
}

pub struct PagerItem {
    pub label: String,
    /// `None` for the current page and for links that would go nowhere.
    pub href: Option<String>,
    pub current: bool,
    /// Accessible name ("First page", "Page 3").
    pub aria: String,
    /// The label's arrow and word ("«", "First"), shown as the arrow alone
    /// on a phone, so that the pager keeps to one line; empty for numbers.
    pub arrow: &'static str,
    pub word: &'static str,
}

impl PagerItem {
    /// Whether the word comes after the arrow ("« First", not "Next ›").
    pub fn word_after(&self) -> bool {
        matches!(self.arrow, "«" | "‹")
    }
}

/// Pages on each side of the current one in the pager window.
const PAGER_WINDOW: usize = 2;

impl Pager {
    /// `href(n)` is the link to page n (1-based), relative to the current page.
    pub fn new(current: usize, pages: usize, href: impl Fn(usize) -> String) -> Pager {
        let mut items = Vec::with_capacity(2 * PAGER_WINDOW + 5);
        let link = |n: usize, label: &str, aria: String| PagerItem {
            label: label.to_string(),
            href: (n != current && (1..=pages).contains(&n)).then(|| href(n)),
            current: false,
            aria,
            arrow: "",
            word: "",
        };
        let step = |n: usize, arrow: &'static str, word: &'static str, aria: String| PagerItem {
            arrow,
            word,
            ..link(
                n,
                &if matches!(arrow, "«" | "‹") {
                    format!("{arrow} {word}")
                } else {
                    format!("{word} {arrow}")
                },
                aria,
            )
        };
        items.push(step(1, "«", "First", "First page".into()));
        items.push(step(current.saturating_sub(1), "‹", "Previous", "Previous page".into()));
        let lo = current.saturating_sub(PAGER_WINDOW).max(1);
        let hi = (current + PAGER_WINDOW).min(pages);
        for n in lo..=hi {
            let mut item = link(n, &n.to_string(), format!("Page {n}"));
            item.current = n == current;
            items.push(item);
        }
        items.push(step(current + 1, "›", "Next", "Next page".into()));
        items.push(step(pages, "»", "Last", format!("Last page ({pages})")));
        Pager { items, current, pages }
    }
}

/// Rank column text for a DCI-style provisional marker.
pub fn provisional_marker(entry: &RankEntry) -> &'static str {
    if entry.provisional { "P" } else { "" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pager_has_a_fixed_window() {
        let p = Pager::new(50, 1000, |n| format!("page-{n}.html"));
        let labels: Vec<&str> = p.items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "« First",
                "‹ Previous",
                "48",
                "49",
                "50",
                "51",
                "52",
                "Next ›",
                "Last »"
            ]
        );
        assert_eq!(p.items[1].href.as_deref(), Some("page-49.html"));
        assert_eq!(p.items[8].href.as_deref(), Some("page-1000.html"));
        assert!(p.items[4].current && p.items[4].href.is_none());
        let first = Pager::new(1, 1, |n| n.to_string());
        assert!(first.items.iter().all(|i| i.href.is_none()));
        assert_eq!(first.items.len(), 5);
    }

    #[test]
    fn letters() {
        assert_eq!(letter_of("Björn"), "b");
        assert_eq!(letter_of("Émile"), "e");
        assert_eq!(letter_of("42"), "other");
        assert_eq!(letter_of("Юрий"), "other");
    }
}
