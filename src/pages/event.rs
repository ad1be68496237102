//! One page per event: the seed pages' header and, for every rating that
//! includes the event, its results with rating before → after.

use askama::Template;

use super::{Base, Context};
use crate::format::{fixed2, signed2};
use crate::model::date_range;
use crate::rating::Detail;

pub struct ResultRow {
    pub rank: String,
    pub name: String,
    pub href: String,
    pub nat: String,
    pub score: String,
    pub before: String,
    pub after: String,
    pub change: String,
    /// "up", "down" or "same", for styling.
    pub direction: &'static str,
}

pub struct Section {
    pub title: String,
    pub href: String,
    pub note: Option<String>,
    pub rows: Vec<ResultRow>,
}

#[derive(Template)]
#[template(path = "event.html")]
pub struct EventPage<'a> {
    pub base: Base<'a>,
    pub name: String,
    /// (label, value) pairs of the header.
    pub facts: Vec<(String, String)>,
    pub report: String,
    pub sections: Vec<Section>,
    /// Players the published results leave out (partial lists).
    pub unlisted: u32,
    pub listed: usize,
    pub players: u32,
}

pub fn direction(change: f64) -> &'static str {
    if fixed2(change) == "0.00" || fixed2(change) == "-0.00" {
        "same"
    } else if change > 0.0 {
        "up"
    } else {
        "down"
    }
}

pub fn event<'a>(ctx: &'a Context, path: &str, index: usize) -> EventPage<'a> {
    let e = &ctx.site.events[index];
    let base = ctx.base(path, e.name.clone());
    let root = base.root.clone();

    let mut facts = vec![("Date".to_string(), date_range(e.date, e.end_date))];
    if !e.place.is_empty() {
        let place = if e.country.is_empty() {
            e.place.clone()
        } else {
            format!("{} ({})", e.place, e.country)
        };
        facts.push(("Place".into(), place));
    } else if !e.country.is_empty() {
        facts.push(("Country".into(), e.country.clone()));
    }
    facts.push(("Number of players".into(), e.players.to_string()));
    if let Some(r) = e.rounds {
        facts.push(("Number of rounds".into(), r.to_string()));
    }
    if let Some(b) = e.boards {
        facts.push(("Number of boards".into(), b.to_string()));
    }
    if e.world_championship {
        facts.push(("World Championship".into(), "Yes".into()));
    }
    if !e.circuits.is_empty() {
        facts.push(("Circuits".into(), e.circuits.join(", ")));
    }
    if let Some(f) = &e.format {
        facts.push(("Format".into(), f.clone()));
        facts.push(("Sanctioned".into(), if e.sanctioned { "Yes" } else { "No" }.into()));
        facts.push(("Judge level".into(), e.judge_level.to_string()));
    }

    let nat_in_event: std::collections::HashMap<_, &str> = e
        .results
        .iter()
        .filter(|r| !r.nat.is_empty())
        .map(|r| (r.player, r.nat.as_str()))
        .collect();
    let several = ctx.ratings.len() > 1;
    let mut sections = Vec::new();
    for view in &ctx.ratings {
        let rating = &view.history.events[index];
        if let Some(v) = rating.value {
            let label = if several {
                format!("Coeff ({})", view.config.title)
            } else {
                "Coeff".to_string()
            };
            facts.push((label, fixed2(v)));
        }
        if !rating.included {
            continue;
        }
        let rows = view
            .history
            .event(index)
            .iter()
            .map(|row| {
                let p = ctx.site.player(row.player);
                let (rank, score) = match &row.detail {
                    Detail::Placement { rank, percentile } => (rank.to_string(), fixed2(*percentile)),
                };
                ResultRow {
                    rank,
                    name: p.display.clone(),
                    href: ctx.player_href(&root, row.player),
                    nat: nat_in_event
                        .get(&row.player)
                        .map_or_else(|| p.nat.clone(), |n| n.to_string()),
                    score,
                    before: fixed2(row.before),
                    after: fixed2(row.after),
                    change: signed2(row.after - row.before),
                    direction: direction(row.after - row.before),
                }
            })
            .collect();
        sections.push(Section {
            title: view.config.title.clone(),
            href: format!("{root}rating/{}/index.html", view.id()),
            note: rating.note.clone(),
            rows,
        });
    }
    let unlisted = e.players.saturating_sub(e.results.len() as u32);
    EventPage {
        name: e.name.clone(),
        facts,
        report: ctx.markdown(&e.report),
        sections,
        unlisted: if e.results.is_empty() { 0 } else { unlisted },
        listed: e.results.len(),
        players: e.players,
        base,
    }
}
