//! The home page.

use askama::Template;

use super::{Base, Context};

/// How many recent events the home page lists.
const LATEST_EVENTS: usize = 10;

pub struct HomeRating {
    pub title: String,
    pub href: String,
    pub ranked: usize,
    /// (name, href, rating) of number one.
    pub leader: Option<(String, String, String)>,
    pub ranking_csv: String,
    pub history_csv: String,
}

pub struct EventLink {
    pub date: String,
    pub name: String,
    pub href: String,
    pub place: String,
    pub players: u32,
}

#[derive(Template)]
#[template(path = "index.html")]
pub struct HomePage<'a> {
    pub base: Base<'a>,
    pub ratings: Vec<HomeRating>,
    pub latest: Vec<EventLink>,
    pub events: usize,
    pub players: usize,
    /// `notice` of site.toml, rendered (Markdown).
    pub notice: String,
}

pub fn home<'a>(ctx: &'a Context, path: &str) -> HomePage<'a> {
    let base = ctx.base(path, ctx.site.config.title.clone());
    let root = base.root.clone();
    let ratings = ctx
        .ratings
        .iter()
        .map(|v| HomeRating {
            title: v.config.title.clone(),
            href: format!("{root}rating/{}/index.html", v.id()),
            ranked: v.ranking.len(),
            leader: v.ranking.first().map(|e| {
                (
                    ctx.site.model.player(e.player).display.to_string(),
                    ctx.player_href(&root, e.player),
                    v.shown(e.rating).to_string(),
                )
            }),
            ranking_csv: format!("{root}downloads/{}-ranking.csv", v.id()),
            history_csv: format!("{root}downloads/{}-history.csv", v.id()),
        })
        .collect();
    let latest = ctx
        .site
        .model
        .events
        .iter()
        .enumerate()
        .rev()
        .take(LATEST_EVENTS)
        .map(|(i, e)| EventLink {
            date: e.date.to_string(),
            name: e.name.clone(),
            href: ctx.event_href(&root, i),
            place: e.place.clone(),
            players: e.players,
        })
        .collect();
    HomePage {
        notice: ctx.markdown(&ctx.site.config.notice),
        ratings,
        latest,
        events: ctx.site.model.events.len(),
        players: ctx.site.model.players.len(),
        base,
    }
}
