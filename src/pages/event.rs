//! One page per event: the seed pages' header and, for every rating that
//! includes the event, its results with rating before → after. Match events
//! also show their standings (if given) and every round's pairings.

use askama::Template;

use super::{Base, Context};
use crate::config::SystemConfig;
use crate::format::{fixed2, signed2};
use crate::model::{Event, Match, date_range};
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

/// A player's event in a match rating: record and rating before → after.
pub struct MatchResultRow {
    pub name: String,
    pub href: String,
    pub nat: String,
    /// "3-1-0" (wins-losses-draws of rated matches)
    pub record: String,
    pub before: String,
    pub after: String,
    pub change: String,
    pub direction: &'static str,
}

pub struct Section {
    pub title: String,
    pub href: String,
    pub note: Option<String>,
    pub rows: Vec<ResultRow>,
    /// Match ratings: one row per player with a rated match.
    pub match_rows: Vec<MatchResultRow>,
    pub is_match: bool,
}

/// A player link.
pub struct Link {
    pub name: String,
    pub href: String,
}

pub struct Pairing {
    pub a: Link,
    pub b: Link,
    /// Games as written: "2-1", "1-1-1".
    pub games: String,
    /// The winner's name, or "Draw".
    pub winner: String,
}

pub struct RoundView {
    pub number: usize,
    pub pairings: Vec<Pairing>,
    pub byes: Vec<Link>,
}

/// A row of the standings of a match event.
pub struct StandingRow {
    pub rank: u32,
    pub player: Link,
    pub nat: String,
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
    /// Match events: the standings (if given) and the rounds.
    pub standings: Vec<StandingRow>,
    pub rounds: Vec<RoundView>,
    /// Players the published results leave out (partial lists).
    pub unlisted: u32,
    pub listed: usize,
    pub players: u32,
    /// Nothing published: no result rows, no matches, no byes.
    pub no_results: bool,
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

/// "2-1", or "1-1-1" with drawn games.
pub fn games(won: u32, lost: u32, drawn: u32) -> String {
    if drawn == 0 {
        format!("{won}-{lost}")
    } else {
        format!("{won}-{lost}-{drawn}")
    }
}

fn pairing(ctx: &Context, root: &str, m: &Match) -> Pairing {
    let link = |id| Link {
        name: ctx.site.player(id).display.clone(),
        href: ctx.player_href(root, id),
    };
    let winner = match m.wins_a.cmp(&m.wins_b) {
        std::cmp::Ordering::Greater => ctx.site.player(m.a).display.clone(),
        std::cmp::Ordering::Less => ctx.site.player(m.b).display.clone(),
        std::cmp::Ordering::Equal => "Draw".to_string(),
    };
    Pairing {
        a: link(m.a),
        b: link(m.b),
        games: games(m.wins_a, m.wins_b, m.draws),
        winner,
    }
}

fn rounds(ctx: &Context, root: &str, e: &Event) -> Vec<RoundView> {
    e.round
        .iter()
        .enumerate()
        .map(|(i, r)| RoundView {
            number: i + 1,
            pairings: r.matches.iter().map(|m| pairing(ctx, root, m)).collect(),
            byes: r
                .byes
                .iter()
                .map(|&id| Link {
                    name: ctx.site.player(id).display.clone(),
                    href: ctx.player_href(root, id),
                })
                .collect(),
        })
        .collect()
}

/// Whether a match rating counts the event's format.
fn counts_format(config: &crate::config::RatingConfig, e: &Event) -> bool {
    match (&config.system, &e.format) {
        (SystemConfig::Dci(p), Some(f)) => p.formats.contains(f),
        _ => false,
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
    let several = ctx.ratings.len() > 1;
    // A match event shows the match ratings that count its format (rated or
    // not, with the reason); only if none does, each says so.
    let counted_somewhere = ctx.ratings.iter().any(|v| counts_format(v.config, e));
    let mut sections = Vec::new();
    for view in &ctx.ratings {
        let rating = &view.history.events[index];
        if view.is_match_system() && e.is_match_event() && (counts_format(view.config, e) || !counted_somewhere) {
            let match_rows = view
                .history
                .event(index)
                .iter()
                .map(|row| {
                    let p = ctx.site.player(row.player);
                    let record = match &row.detail {
                        Detail::Match {
                            wins, losses, draws, ..
                        } => format!("{wins}-{losses}-{draws}"),
                        Detail::Placement { .. } => String::new(),
                    };
                    MatchResultRow {
                        name: p.display.clone(),
                        href: ctx.player_href(&root, row.player),
                        nat: nat_in_event
                            .get(&row.player)
                            .map_or_else(|| p.nat.clone(), |n| n.to_string()),
                        record,
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
                rows: Vec::new(),
                match_rows,
                is_match: true,
            });
            continue;
        }
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
                    Detail::Match { .. } => (String::new(), String::new()),
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
            match_rows: Vec::new(),
            is_match: false,
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
                    player: Link {
                        name: p.display.clone(),
                        href: ctx.player_href(&root, r.player),
                    },
                    nat: if r.nat.is_empty() { p.nat.clone() } else { r.nat.clone() },
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
        rounds: rounds(ctx, &root, e),
        unlisted: if e.results.is_empty() { 0 } else { unlisted },
        listed: e.results.len(),
        players: e.players,
        no_results: !e.has_results(),
        base,
    }
}
