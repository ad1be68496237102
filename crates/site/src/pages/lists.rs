//! Lists: all events, included tournaments of a rating, players A–Z, and
//! the Markdown pages.

use askama::Template;

use super::ranking::RatingNav;
use super::{Base, Context};
use ratings_model::PlayerId;
use ratings_model::format::fixed2;

pub struct EventRow {
    pub date: String,
    pub name: String,
    pub href: String,
    pub place: String,
    pub players: u32,
    pub rounds: String,
    /// Tournament value, or why the event is not rated.
    pub value: String,
}

#[derive(Template)]
#[template(path = "events.html")]
pub struct EventsPage<'a> {
    pub base: Base<'a>,
    pub heading: String,
    pub nav: Option<RatingNav>,
    pub rows: Vec<EventRow>,
    pub value_column: bool,
    /// Heading of the value column: "Value", or "K" for match ratings.
    pub value_heading: &'static str,
}

fn rounds_text(e: &ratings_model::Event) -> String {
    match (e.rounds, e.round.len()) {
        (Some(r), _) => r.to_string(),
        (None, n) if n > 0 => n.to_string(),
        _ => String::new(),
    }
}

impl EventRow {
    /// The row of event `index` in an events list, without a value.
    fn new(ctx: &Context, root: &str, index: usize) -> Self {
        let e = &ctx.site.model.events[index];
        EventRow {
            date: e.date.to_string(),
            name: e.name.clone(),
            href: ctx.event_href(root, index),
            place: e.place.clone(),
            players: e.players,
            rounds: rounds_text(e),
            value: String::new(),
        }
    }
}

/// Every event, newest first.
pub fn events<'a>(ctx: &'a Context, path: &str) -> EventsPage<'a> {
    let base = ctx.base(path, "Events");
    let rows = ctx
        .site
        .model
        .events
        .iter()
        .enumerate()
        .rev()
        .map(|(i, _)| EventRow::new(ctx, &base.root, i))
        .collect();
    EventsPage {
        heading: "All events".into(),
        nav: None,
        rows,
        value_column: false,
        value_heading: "",
        base,
    }
}

/// The events a rating includes, newest first, with their tournament value.
pub fn included<'a>(ctx: &'a Context, path: &str, rating: usize) -> EventsPage<'a> {
    let view = &ctx.ratings[rating];
    let base = ctx.base(path, format!("{} – included tournaments", view.config.title));
    let rows = ctx
        .site
        .model
        .events
        .iter()
        .enumerate()
        .rev()
        .filter(|(i, _)| view.history.events[*i].included)
        .map(|(i, _)| {
            let r = &view.history.events[i];
            EventRow {
                value: match (r.value, &r.note) {
                    (Some(v), _) => fixed2(v),
                    (None, Some(note)) => note.clone(),
                    (None, None) => String::new(),
                },
                ..EventRow::new(ctx, &base.root, i)
            }
        })
        .collect();
    EventsPage {
        heading: "List of included tournaments".into(),
        nav: Some(RatingNav::new(&base.root, view, "events")),
        rows,
        value_column: !view.columns().event_value.is_empty(),
        value_heading: view.columns().event_value,
        base,
    }
}

pub struct LetterLink {
    pub label: String,
    pub href: String,
    pub count: usize,
    pub current: bool,
}

pub struct PlayerRow {
    pub name: String,
    pub href: String,
    pub nat: String,
    /// Current rating in each of the site's ratings ("" if none).
    pub ratings: Vec<String>,
}

#[derive(Template)]
#[template(path = "players.html")]
pub struct PlayersPage<'a> {
    pub base: Base<'a>,
    pub letters: Vec<LetterLink>,
    pub heading: String,
    pub rows: Vec<PlayerRow>,
    pub rating_titles: Vec<String>,
    /// Some row has a nationality (else no Nat. column).
    pub nats: bool,
    /// "12 players.", "1 player."
    pub total: String,
}

/// "1 player.", "12 players."
fn players_count(n: usize) -> String {
    format!("{n} {}.", if n == 1 { "player" } else { "players" })
}

fn letter_links(ctx: &Context, root: &str, current: Option<usize>) -> Vec<LetterLink> {
    ctx.letters
        .iter()
        .enumerate()
        .map(|(i, (letter, ids))| LetterLink {
            label: if letter == "other" {
                "Other".into()
            } else {
                letter.to_uppercase()
            },
            href: format!("{root}players/{letter}.html"),
            count: ids.len(),
            current: current == Some(i),
        })
        .collect()
}

/// The A–Z index: links to the letters' pages, or, on a site whose players
/// fit one page ([`Context::players_on_one_page`]), every player.
pub fn players<'a>(ctx: &'a Context, path: &str) -> PlayersPage<'a> {
    let base = ctx.base(path, "Players");
    if ctx.players_on_one_page() {
        let ids: Vec<PlayerId> = ctx.letters.iter().flat_map(|(_, ids)| ids.iter().copied()).collect();
        let rows = player_rows(ctx, &base.root, &ids);
        return PlayersPage {
            letters: Vec::new(),
            heading: "Players A–Z".into(),
            nats: rows.iter().any(|r| !r.nat.is_empty()),
            rows,
            rating_titles: ctx.ratings.iter().map(|v| v.config.title.clone()).collect(),
            total: players_count(ids.len()),
            base,
        };
    }
    PlayersPage {
        letters: letter_links(ctx, &base.root, None),
        heading: "Players A–Z".into(),
        rows: Vec::new(),
        rating_titles: Vec::new(),
        nats: false,
        total: players_count(ctx.site.model.players.len()),
        base,
    }
}

/// The players of one letter.
pub fn letter<'a>(ctx: &'a Context, path: &str, index: usize) -> PlayersPage<'a> {
    let (letter, ids) = &ctx.letters[index];
    let label = if letter == "other" {
        "Other".to_string()
    } else {
        letter.to_uppercase()
    };
    let base = ctx.base(path, format!("Players – {label}"));
    let rows = player_rows(ctx, &base.root, ids);
    PlayersPage {
        letters: letter_links(ctx, &base.root, Some(index)),
        heading: format!("Players – {label}"),
        nats: rows.iter().any(|r| !r.nat.is_empty()),
        rows,
        rating_titles: ctx.ratings.iter().map(|v| v.config.title.clone()).collect(),
        total: players_count(ids.len()),
        base,
    }
}

/// The rows of players `ids`, surname first, each with their current
/// rating in every rating of the site.
fn player_rows(ctx: &Context, root: &str, ids: &[PlayerId]) -> Vec<PlayerRow> {
    ids.iter()
        .map(|&id| {
            let p = ctx.site.model.player(id);
            // Surname first, as the list is sorted: "MOORE, Doug".
            let name = match ratings_model::names::surname_split(&p.display) {
                (surname, given) if given.is_empty() => surname,
                (surname, given) => format!("{surname}, {given}"),
            };
            PlayerRow {
                name,
                href: ctx.player_href(root, id),
                nat: p.nat.to_string(),
                ratings: ctx
                    .ratings
                    .iter()
                    .map(|v| {
                        v.history.standings[id as usize]
                            .as_ref()
                            .map(|s| v.shown(s.rating).to_string())
                            .unwrap_or_default()
                    })
                    .collect(),
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "page.html")]
pub struct MarkdownPage<'a> {
    pub base: Base<'a>,
    pub html: String,
}

pub fn markdown_page<'a>(ctx: &'a Context, path: &str, index: usize) -> MarkdownPage<'a> {
    let page = &ctx.site.model.pages[index];
    MarkdownPage {
        base: ctx.base(path, page.title.clone()),
        html: ctx.markdown(&page.source),
    }
}

#[derive(Template)]
#[template(path = "pages.html")]
pub struct PageListPage<'a> {
    pub base: Base<'a>,
    /// (href, title) of every Markdown page, in the navigation's order.
    pub pages: Vec<(String, &'a str)>,
}

/// `pages.html`: every Markdown page, linked by its whole title, in the
/// navigation's order (a site of more than [`super::NAV_PAGES`] pages).
pub fn page_list<'a>(ctx: &'a Context, path: &str) -> PageListPage<'a> {
    let base = ctx.base(path, "Pages");
    let pages = ctx
        .site
        .model
        .pages
        .iter()
        .map(|p| (format!("{}pages/{}.html", base.root, p.slug), p.title.as_str()))
        .collect();
    PageListPage { base, pages }
}

pub struct CircuitRow {
    pub name: String,
    pub href: String,
    pub events: usize,
    pub first: String,
    pub last: String,
}

#[derive(Template)]
#[template(path = "circuits.html")]
pub struct CircuitsPage<'a> {
    pub base: Base<'a>,
    pub rows: Vec<CircuitRow>,
}

/// Every circuit named by an event, A–Z.
pub fn circuits<'a>(ctx: &'a Context, path: &str) -> CircuitsPage<'a> {
    let base = ctx.base(path, "Circuits");
    let rows = ctx
        .circuits
        .iter()
        .map(|c| CircuitRow {
            name: c.name.clone(),
            href: format!("{}circuits/{}.html", base.root, c.slug),
            events: c.events.len(),
            first: c
                .events
                .first()
                .map(|&e| ctx.site.model.events[e].date.to_string())
                .unwrap_or_default(),
            last: c
                .events
                .last()
                .map(|&e| ctx.site.model.events[e].date.to_string())
                .unwrap_or_default(),
        })
        .collect();
    CircuitsPage { rows, base }
}

/// The events of one circuit, newest first.
pub fn circuit<'a>(ctx: &'a Context, path: &str, index: usize) -> EventsPage<'a> {
    let c = &ctx.circuits[index];
    let base = ctx.base(path, format!("Circuit: {}", c.name));
    let rows = c
        .events
        .iter()
        .rev()
        .map(|&i| EventRow::new(ctx, &base.root, i))
        .collect();
    EventsPage {
        heading: format!("Circuit: {}", c.name),
        nav: None,
        rows,
        value_column: false,
        value_heading: "",
        base,
    }
}
