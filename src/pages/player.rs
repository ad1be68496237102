//! One page per player: their line in every rating and the full history.

use askama::Template;

use super::ranking::page_path;
use super::{Base, Context, chart};
use crate::format::{fixed2, signed2};
use crate::model::PlayerId;
use crate::rating::Detail;

pub struct HistoryRow {
    pub date: String,
    pub event: String,
    pub href: String,
    /// "8 / 65"
    pub placing: String,
    pub score: String,
    pub value: String,
    pub before: String,
    pub after: String,
    pub change: String,
    pub direction: &'static str,
    /// Rank in this rating right after the event ("–": not ranked then).
    pub rank: String,
}

pub struct Section {
    pub title: String,
    pub rating: String,
    /// (rank, link to the ranking page that lists the player)
    pub rank: Option<(u32, String)>,
    /// With `active_years`: (rank among inactive players, link) when outside the window.
    pub inactive: Option<(u32, String)>,
    pub events: u32,
    /// (peak rating, date first reached)
    pub peak: Option<(String, String)>,
    pub provisional: bool,
    /// Inline SVG (built here, escaped here).
    pub chart: String,
    pub rows: Vec<HistoryRow>,
}

#[derive(Template)]
#[template(path = "player.html")]
pub struct PlayerPage<'a> {
    pub base: Base<'a>,
    pub name: String,
    pub nat: String,
    pub loc: String,
    pub sections: Vec<Section>,
}

pub fn player<'a>(ctx: &'a Context, path: &str, id: PlayerId) -> PlayerPage<'a> {
    let p = ctx.site.player(id);
    let base = ctx.base(path, p.display.clone());
    let root = base.root.clone();
    let page_size = ctx.site.config.page_size;
    let mut sections = Vec::new();
    for view in &ctx.ratings {
        let Some(standing) = &view.history.standings[id as usize] else {
            continue;
        };
        let mut peak: Option<(f64, usize)> = None;
        let mut rows = Vec::new();
        let mut points = Vec::new();
        for index in view.row_indices_of(id) {
            let row = &view.history.rows[index];
            let e = &ctx.site.events[row.event];
            points.push(chart::Point {
                date: e.date,
                event: &e.name,
                rating: row.after,
            });
            if peak.is_none_or(|(best, _)| row.after > best) {
                peak = Some((row.after, row.event));
            }
            let (placing, score) = match &row.detail {
                Detail::Placement { rank, percentile } => (format!("{rank} / {}", e.players), fixed2(*percentile)),
            };
            rows.push(HistoryRow {
                date: e.date.to_string(),
                event: e.name.clone(),
                href: ctx.event_href(&root, row.event),
                placing,
                score,
                value: view.history.events[row.event].value.map(fixed2).unwrap_or_default(),
                before: fixed2(row.before),
                after: fixed2(row.after),
                change: signed2(row.after - row.before),
                direction: super::event::direction(row.after - row.before),
                rank: view.timeline.rank_after[index].map_or("–".to_string(), |r| r.to_string()),
            });
        }
        let rank = view.position[id as usize].map(|i| {
            let entry = &view.ranking[i as usize];
            let page = i as usize / page_size + 1;
            (entry.rank, format!("{root}{}", page_path(view.id(), page)))
        });
        let inactive = view.inactive_position[id as usize].map(|i| {
            let page = i as usize / page_size + 1;
            (
                view.inactive[i as usize].rank,
                format!("{root}{}", super::ranking::inactive_path(view.id(), page)),
            )
        });
        let label = format!(
            "{} of {}: {} events from {} to {}{}",
            view.config.title,
            p.display,
            points.len(),
            points.first().map(|p| p.date.to_string()).unwrap_or_default(),
            points.last().map(|p| p.date.to_string()).unwrap_or_default(),
            peak.map(|(r, e)| format!(", peak {} on {}", fixed2(r), ctx.site.events[e].date))
                .unwrap_or_default()
        );
        let chart = match view.latest {
            Some(until) => chart::svg(&format!("chart-{}", view.id()), &label, &points, until),
            None => String::new(),
        };
        sections.push(Section {
            chart,
            title: view.config.title.clone(),
            rating: fixed2(standing.rating),
            rank,
            inactive,
            events: standing.events,
            peak: peak.map(|(r, e)| (fixed2(r), ctx.site.events[e].date.to_string())),
            provisional: standing.provisional,
            rows,
        });
    }
    PlayerPage {
        name: p.display.clone(),
        nat: p.nat.clone(),
        loc: p.loc.clone(),
        sections,
        base,
    }
}
