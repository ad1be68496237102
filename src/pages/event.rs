//! One page per event: the seed pages' header and, for every rating that
//! includes the event, its results with rating before → after. Match events
//! also show their standings (if given) and every round's pairings.

use askama::Template;

use super::{Base, Context, Link, Placing};
use crate::format::{Fixed2, Signed2, fixed2, shows_as_zero2};
use crate::model::{Event, Match, date_range};
use crate::rating::Detail;

/// A player's line in one rating's section of the event.
pub struct ResultRow<'a> {
    /// Placement ratings: the final rank and the score.
    pub rank: Option<u32>,
    pub score: Option<Fixed2>,
    /// Match ratings: rated matches won-lost-drawn.
    pub record: Option<Placing>,
    pub player: Link<'a>,
    pub nat: &'a str,
    pub before: Fixed2,
    pub after: Fixed2,
    pub change: Signed2,
    /// "up", "down" or "same", for styling.
    pub direction: &'static str,
    /// Systems with a deviation: the one after the event.
    pub deviation: Option<Fixed2>,
}

pub struct EventSection<'a> {
    pub title: String,
    pub href: String,
    pub note: Option<String>,
    /// Match ratings: one row per player with a rated match.
    pub rows: Vec<ResultRow<'a>>,
    pub is_match: bool,
    /// Whether any row has a score (the column).
    pub scores: bool,
    /// Heading of the deviation column ("RD", "σ"), for systems with one.
    pub deviation: Option<&'static str>,
}

pub struct Pairing<'a> {
    pub a: Link<'a>,
    pub b: Link<'a>,
    /// Games as written: "2-1", "1-1-1".
    pub games: String,
    /// The winner's name, or "Draw".
    pub winner: &'a str,
}

pub struct RoundView<'a> {
    pub number: usize,
    pub pairings: Vec<Pairing<'a>>,
    pub byes: Vec<Link<'a>>,
}

/// A row of the standings of a match event.
pub struct StandingRow<'a> {
    pub rank: u32,
    pub player: Link<'a>,
    pub nat: &'a str,
}

#[derive(Template)]
#[template(path = "event.html")]
pub struct EventPage<'a> {
    pub base: Base<'a>,
    pub name: String,
    /// (label, value) pairs of the header.
    pub facts: Vec<(String, String)>,
    pub report: String,
    pub sections: Vec<EventSection<'a>>,
    /// Match events: the standings (if given) and the rounds.
    pub standings: Vec<StandingRow<'a>>,
    pub rounds: Vec<RoundView<'a>>,
    /// Players the published results leave out (partial lists).
    pub unlisted: u32,
    pub listed: usize,
    pub players: u32,
    /// Nothing published: no result rows, no matches, no byes.
    pub no_results: bool,
}

pub fn direction(change: f64) -> &'static str {
    if shows_as_zero2(change) {
        "same"
    } else if change > 0.0 {
        "up"
    } else {
        "down"
    }
}

/// "2-1", or "1-1-1" with drawn games.
pub fn games(won: u32, lost: u32, drawn: u32) -> String {
    if drawn == 0 {
        format!("{won}-{lost}")
    } else {
        format!("{won}-{lost}-{drawn}")
    }
}

fn pairing<'a>(ctx: &'a Context, root: &'a str, m: &Match) -> Pairing<'a> {
    let link = |id| ctx.player_link(root, id);
    let winner = match m.wins_a.cmp(&m.wins_b) {
        std::cmp::Ordering::Greater => ctx.site.player(m.a).display.as_str(),
        std::cmp::Ordering::Less => ctx.site.player(m.b).display.as_str(),
        std::cmp::Ordering::Equal => "Draw",
    };
    Pairing {
        a: link(m.a),
        b: link(m.b),
        games: games(m.wins_a, m.wins_b, m.draws),
        winner,
    }
}

fn rounds<'a>(ctx: &'a Context, root: &'a str, e: &Event) -> Vec<RoundView<'a>> {
    e.round
        .iter()
        .enumerate()
        .map(|(i, r)| RoundView {
            number: i + 1,
            pairings: r.matches.iter().map(|m| pairing(ctx, root, m)).collect(),
            byes: r.byes.iter().map(|&id| ctx.player_link(root, id)).collect(),
        })
        .collect()
}

/// Whether a rating that filters events by format counts the event's.
fn counts_format(view: &super::Rated, e: &Event) -> bool {
    match (view.config.system.formats(), &e.format) {
        (Some(formats), Some(f)) => formats.contains(f),
        _ => false,
    }
}

pub fn event<'a>(ctx: &'a Context, path: &str, index: usize) -> EventPage<'a> {
    let e = &ctx.site.events[index];
    let base = ctx.base(path, e.name.clone());
    let root = ctx.root_of(path);

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
    // No count for an event without one (announced, or nothing published).
    if e.players > 0 {
        facts.push(("Number of players".into(), e.players.to_string()));
    }
    if let Some(r) = e.rounds {
        facts.push(("Number of rounds".into(), r.to_string()));
    } else if e.is_match_event() {
        facts.push(("Number of rounds".into(), e.round.len().to_string()));
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
    // A player's line in any rating: the nationality given in the event
    // wins over the player's usual one.
    let result_row = |row: &crate::rating::Row| {
        let (rank, score, record) = match &row.detail {
            Detail::Placement { rank, score } => (Some(*rank), score.map(Fixed2), None),
            Detail::Match {
                wins, losses, draws, ..
            } => (None, None, Some(Placing::Record(*wins, *losses, *draws))),
        };
        ResultRow {
            rank,
            score,
            record,
            player: ctx.player_link(root, row.player),
            nat: nat_in_event
                .get(&row.player)
                .copied()
                .unwrap_or(&ctx.site.player(row.player).nat),
            before: Fixed2(row.before),
            after: Fixed2(row.after),
            change: Signed2(row.after - row.before),
            direction: direction(row.after - row.before),
            deviation: row.deviation.map(|d| Fixed2(d[1])),
        }
    };
    let several = ctx.ratings.len() > 1;
    // A match event shows the match ratings that count its format (rated or
    // not, with the reason); only if none does, each says so.
    let counted_somewhere = ctx.ratings.iter().any(|v| counts_format(v, e));
    let mut sections = Vec::new();
    for view in &ctx.ratings {
        let rating = &view.history.events[index];
        let filters_formats = view.config.system.formats().is_some();
        let is_match = filters_formats && e.is_match_event() && (counts_format(view, e) || !counted_somewhere);
        if !is_match {
            if let Some(v) = rating.value {
                let label = if several {
                    format!("Coeff ({})", view.config.title)
                } else {
                    "Coeff".to_string()
                };
                facts.push((label, fixed2(v)));
            }
            // A rating that does not include the event says why, if it has
            // a reason (unsanctioned, a placement for a match-only system,
            // a format it does not count); ratings that filter by format
            // say so only for the formats they count (above).
            if !rating.included && (filters_formats || rating.note.is_none()) {
                continue;
            }
        }
        let rows: Vec<ResultRow> = view.history.event(index).iter().map(&result_row).collect();
        // Match rows (any system that rates the event's matches) show the
        // record; placement rows the rank.
        let is_match = is_match || rows.iter().any(|r| r.record.is_some());
        sections.push(EventSection {
            title: view.config.title.clone(),
            href: format!("{root}rating/{}/index.html", view.id()),
            note: rating.note.clone(),
            scores: rows.iter().any(|r| r.score.is_some()),
            deviation: view.columns().deviation,
            rows,
            is_match,
        });
    }
    let standings = if e.is_match_event() {
        let mut rows: Vec<StandingRow> = e
            .results
            .iter()
            .map(|r| {
                let p = ctx.site.player(r.player);
                StandingRow {
                    rank: r.rank,
                    player: ctx.player_link(root, r.player),
                    nat: if r.nat.is_empty() { &p.nat } else { &r.nat },
                }
            })
            .collect();
        rows.sort_by(|a, b| {
            a.rank
                .cmp(&b.rank)
                .then_with(|| a.player.name.as_bytes().cmp(b.player.name.as_bytes()))
        });
        rows
    } else {
        Vec::new()
    };
    let unlisted = e.players.saturating_sub(e.results.len() as u32);
    EventPage {
        name: e.name.clone(),
        facts,
        report: ctx.markdown(&e.report),
        sections,
        standings,
        rounds: rounds(ctx, root, e),
        unlisted: if e.results.is_empty() { 0 } else { unlisted },
        listed: e.results.len(),
        players: e.players,
        no_results: !e.has_results(),
        base,
    }
}
