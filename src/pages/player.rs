//! One page per player: their line in every rating and the full history;
//! for match ratings also every rated match and a head-to-head table.

use std::collections::HashMap;

use askama::Template;

use super::event::{direction, games};
use super::ranking::page_path;
use super::{Base, Context, Link, Placing, Rated, chart};
use crate::format::{Fixed2, Signed2, fixed2};
use crate::model::{Date, PlayerId};
use crate::rating::Detail;

pub struct HistoryRow<'a> {
    pub date: Date,
    pub event: Link<'a>,
    pub placing: Placing,
    pub score: Option<Fixed2>,
    pub value: Option<Fixed2>,
    pub before: Fixed2,
    pub after: Fixed2,
    pub change: Signed2,
    pub direction: &'static str,
    /// Systems with a deviation: the one after the event.
    pub deviation: Option<Fixed2>,
    /// Rank in this rating right after the event (`None`: not ranked then).
    pub rank: Option<u32>,
}

pub struct PlayerSection<'a> {
    pub title: String,
    pub rating: String,
    /// The rating with its deviation ("1464 ± 303"), for systems with one.
    pub spread: Option<String>,
    /// Heading of the deviation columns ("RD", "σ"), for systems with one.
    pub deviation: Option<&'static str>,
    /// Heading of the placing column: "Rank / players", "W-L-D" or "Result".
    pub placing: &'static str,
    /// Whether any row has a score, a tournament value (their columns).
    pub scores: bool,
    pub values: bool,
    /// Match tables show the K of each match.
    pub k: bool,
    /// A match without K was provisional ("P").
    pub provisional_k: bool,
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
    pub rows: Vec<HistoryRow<'a>>,
    /// Match ratings: the matches, event by event, and head to head.
    pub matches: Option<MatchHistory<'a>>,
}

/// One rated match, as the player page lists it.
pub struct MatchRow<'a> {
    pub round: u32,
    pub opponent: Link<'a>,
    /// The opponent's rating before the round.
    pub opponent_rating: Fixed2,
    /// Games from this player's side: "2-1".
    pub games: String,
    /// "Win", "Loss", "Draw".
    pub result: &'static str,
    /// K used; `None` (shown as "P") while provisional.
    pub k: Option<f64>,
    /// `None` where the system rates the event's matches at once.
    pub change: Option<Signed2>,
    pub direction: &'static str,
}

/// The rated matches of one event.
pub struct EventMatches<'a> {
    pub date: Date,
    pub event: Link<'a>,
    /// "3-1-0"
    pub record: Placing,
    pub before: Fixed2,
    pub after: Fixed2,
    pub change: Signed2,
    pub direction: &'static str,
    /// Systems with a deviation: the one after the event.
    pub deviation: Option<Fixed2>,
    pub matches: Vec<MatchRow<'a>>,
    /// Rounds with a bye: "2, 5".
    pub byes: String,
    /// Rank in this rating right after the event (`None`: not ranked then).
    pub rank: Option<u32>,
}

pub struct HeadToHead<'a> {
    pub opponent: Link<'a>,
    pub matches: u32,
    /// "2-1-0"
    pub record: String,
}

pub struct MatchHistory<'a> {
    /// Rated matches played (all events).
    pub count: u32,
    /// The rating rates an event's matches at once (no change per match).
    pub batched: bool,
    /// "12-8-1" over all rated matches.
    pub record: String,
    pub events: Vec<EventMatches<'a>>,
    /// Sorted by matches (most first), then opponent name.
    pub head_to_head: Vec<HeadToHead<'a>>,
}

#[derive(Template)]
#[template(path = "player.html")]
pub struct PlayerPage<'a> {
    pub base: Base<'a>,
    pub name: String,
    pub nat: String,
    pub loc: String,
    pub sections: Vec<PlayerSection<'a>>,
}

pub fn player<'a>(ctx: &'a Context, path: &str, id: PlayerId) -> PlayerPage<'a> {
    let p = ctx.site.player(id);
    let base = ctx.base(path, p.display.clone());
    let root = ctx.root_of(path);
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
                Detail::Placement { rank, score } => (Placing::Rank(*rank, e.players), score.map(Fixed2)),
                Detail::Match {
                    wins, losses, draws, ..
                } => (Placing::Record(*wins, *losses, *draws), None),
            };
            rows.push(HistoryRow {
                date: e.date,
                event: ctx.event_link(root, row.event),
                placing,
                score,
                value: view.history.events[row.event].value.map(Fixed2),
                before: Fixed2(row.before),
                after: Fixed2(row.after),
                change: Signed2(row.after - row.before),
                direction: super::event::direction(row.after - row.before),
                deviation: row.deviation.map(|d| Fixed2(d[1])),
                rank: view.timeline.rank_after[index],
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
        let columns = view.columns();
        let matches = rows.iter().filter(|r| matches!(r.placing, Placing::Record(..))).count();
        let all_matches = !rows.is_empty() && matches == rows.len();
        sections.push(PlayerSection {
            spread: standing
                .deviation
                .map(|d| view.config.system.spread(standing.rating, Some(d))),
            deviation: columns.deviation,
            placing: match matches {
                0 => "Rank / players",
                n if n == rows.len() => "W-L-D",
                _ => "Result",
            },
            scores: rows.iter().any(|r| r.score.is_some()),
            values: rows.iter().any(|r| r.value.is_some()),
            k: columns.k,
            provisional_k: columns.matches,
            chart,
            title: view.config.title.clone(),
            rating: fixed2(standing.rating),
            rank,
            inactive,
            events: standing.events,
            peak: peak.map(|(r, e)| (fixed2(r), ctx.site.events[e].date.to_string())),
            provisional: standing.provisional,
            rows,
            // Players whose every event is a match event get their matches
            // listed event by event, with a head-to-head table.
            matches: all_matches.then(|| match_history(ctx, root, view, id)),
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

/// Every rated match of a player in one rating, and the head-to-head table.
fn match_history<'a>(ctx: &'a Context, root: &'a str, view: &Rated, id: PlayerId) -> MatchHistory<'a> {
    let link = |p: PlayerId| ctx.player_link(root, p);
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    // Opponent → (matches, wins, losses, draws).
    let mut h2h: HashMap<PlayerId, [u32; 4]> = HashMap::new();
    let mut events = Vec::new();
    for index in view.row_indices_of(id) {
        let row = &view.history.rows[index];
        let Detail::Match {
            matches,
            byes,
            wins: w,
            losses: l,
            draws: d,
        } = &row.detail
        else {
            continue;
        };
        (wins, losses, draws) = (wins + w, losses + l, draws + d);
        let e = &ctx.site.events[row.event];
        let lines = matches
            .iter()
            .map(|m| {
                let tally = h2h.entry(m.opponent).or_default();
                tally[0] += 1;
                let result = if m.score == 1.0 {
                    tally[1] += 1;
                    "Win"
                } else if m.score == 0.0 {
                    tally[2] += 1;
                    "Loss"
                } else {
                    tally[3] += 1;
                    "Draw"
                };
                MatchRow {
                    round: m.round,
                    opponent: link(m.opponent),
                    opponent_rating: Fixed2(m.opponent_before),
                    games: games(m.won, m.lost, m.drawn),
                    result,
                    k: m.k,
                    change: m.after.map(|a| Signed2(a - m.before)),
                    direction: m.after.map_or("same", |a| direction(a - m.before)),
                }
            })
            .collect();
        events.push(EventMatches {
            date: e.date,
            event: ctx.event_link(root, row.event),
            record: Placing::Record(*w, *l, *d),
            before: Fixed2(row.before),
            after: Fixed2(row.after),
            change: Signed2(row.after - row.before),
            direction: direction(row.after - row.before),
            deviation: row.deviation.map(|d| Fixed2(d[1])),
            matches: lines,
            byes: byes.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
            rank: view.timeline.rank_after[index],
        });
    }
    let mut head_to_head: Vec<(PlayerId, [u32; 4])> = h2h.into_iter().collect();
    head_to_head.sort_by(|a, b| {
        let (pa, pb) = (ctx.site.player(a.0), ctx.site.player(b.0));
        b.1[0]
            .cmp(&a.1[0])
            .then_with(|| pa.display.as_bytes().cmp(pb.display.as_bytes()))
            .then_with(|| pa.key.cmp(&pb.key))
    });
    MatchHistory {
        batched: events.iter().any(|e| e.matches.iter().any(|m| m.change.is_none())),
        count: wins + losses + draws,
        record: format!("{wins}-{losses}-{draws}"),
        events,
        head_to_head: head_to_head
            .into_iter()
            .map(|(p, [n, w, l, d])| HeadToHead {
                opponent: link(p),
                matches: n,
                record: format!("{w}-{l}-{d}"),
            })
            .collect(),
    }
}
