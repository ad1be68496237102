//! Ranking pages: international (paginated), national index and national
//! rankings (paginated).

use askama::Template;

use super::{Base, Context, Pager, RatingView};
use crate::format::fixed2;
use crate::rating::RankEntry;

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

/// The tabs under a rating's title, shared by its pages.
pub struct RatingNav {
    pub title: String,
    pub ranking: String,
    pub nations: String,
    pub events: String,
    pub history_csv: String,
    pub ranking_csv: String,
    /// Which tab is open: "ranking", "nations", "events".
    pub active: &'static str,
}

impl RatingNav {
    pub fn new(root: &str, view: &RatingView, active: &'static str) -> Self {
        let id = view.id();
        RatingNav {
            title: view.config.title.clone(),
            ranking: format!("{root}rating/{id}/index.html"),
            nations: format!("{root}rating/{id}/nations.html"),
            events: format!("{root}rating/{id}/events.html"),
            history_csv: format!("{root}downloads/{id}-history.csv"),
            ranking_csv: format!("{root}downloads/{id}-ranking.csv"),
            active,
        }
    }
}

pub struct RankRow {
    pub rank: u32,
    /// International rank, on national rankings.
    pub world_rank: Option<u32>,
    pub name: String,
    pub href: String,
    pub nat: String,
    pub rating: String,
    pub events: u32,
    pub matches: u32,
    pub provisional: bool,
}

#[derive(Template)]
#[template(path = "ranking.html")]
pub struct RankingPage<'a> {
    pub base: Base<'a>,
    pub nav: RatingNav,
    pub heading: String,
    pub pager: Pager,
    pub rows: Vec<RankRow>,
    pub total: usize,
    pub national: bool,
    pub match_system: bool,
}

fn row(ctx: &Context, root: &str, e: &RankEntry, rank: u32, world_rank: Option<u32>) -> RankRow {
    let p = ctx.site.player(e.player);
    RankRow {
        rank,
        world_rank,
        name: p.display.clone(),
        href: ctx.player_href(root, e.player),
        nat: p.nat.clone(),
        rating: fixed2(e.rating),
        events: e.events,
        matches: e.matches,
        provisional: e.provisional,
    }
}

fn page_slice(len: usize, page_size: usize, page: usize) -> std::ops::Range<usize> {
    let start = ((page - 1) * page_size).min(len);
    start..(start + page_size).min(len)
}

pub fn ranking<'a>(ctx: &'a Context, path: &str, rating: usize, page: usize) -> RankingPage<'a> {
    let view = &ctx.ratings[rating];
    let size = ctx.site.config.page_size;
    let pages = view.ranking_pages(size);
    let title = if page == 1 {
        view.config.title.clone()
    } else {
        format!("{} – page {page}", view.config.title)
    };
    let base = ctx.base(path, title);
    let rows = view.ranking[page_slice(view.ranking.len(), size, page)]
        .iter()
        .map(|e| row(ctx, &base.root, e, e.rank, None))
        .collect();
    let id = view.id().to_string();
    RankingPage {
        nav: RatingNav::new(&base.root, view, "ranking"),
        heading: "International ranking".into(),
        pager: Pager::new(page, pages, |n| {
            page_path(&id, n).rsplit('/').next().unwrap_or_default().to_string()
        }),
        rows,
        total: view.ranking.len(),
        national: false,
        match_system: view.is_match_system(),
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
    let rows = range
        .map(|i| {
            let e = &view.ranking[n.members[i] as usize];
            row(ctx, &base.root, e, national_rank[i], Some(e.rank))
        })
        .collect();
    let (id, slug) = (view.id().to_string(), n.slug.clone());
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
        rows,
        total: n.members.len(),
        national: true,
        match_system: view.is_match_system(),
        base,
    }
}

pub struct NationRow {
    pub name: String,
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
                href: format!("nation/{}.html", n.slug),
                players: n.members.len(),
                best: ctx.site.player(best.player).display.clone(),
                best_href: ctx.player_href(&base.root, best.player),
                best_rating: fixed2(best.rating),
            }
        })
        .collect();
    NationsPage {
        nav: RatingNav::new(&base.root, view, "nations"),
        rows,
        base,
    }
}
