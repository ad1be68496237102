//! One page per event: the seed pages' header and, for every rating that
//! includes the event, its results with rating before → after. Match events
//! also show their standings (if given) and every round's pairings.

use std::collections::HashMap;

use askama::Template;

use super::columns::{RatingCell, RatingGroup};
use super::standings::{MAX_CROSSTABLE_ROUNDS, Standings};
use super::{Base, Context, Link, Placing, Rated};
use ratings_model::format::{Fixed2, fixed2};
use ratings_model::{Event, Forfeit, ForfeitResult, Match, PlayerId, date_range};
use ratings_rating::DetailRef;

/// A player's line in the results: the placing once, then every rating's
/// figures side by side (`None` where a rating has no row for the player).
pub struct ResultRow<'a> {
    /// The final rank (placement events, and match events with standings).
    pub rank: Option<u32>,
    /// The score a rating gave the placing (the Dip Pouch percentile).
    pub score: Option<Fixed2>,
    /// Match events: rated matches won-drawn-lost.
    pub record: Option<Placing>,
    pub player: Link<'a>,
    pub nat: &'a str,
    /// One per rating of `Results::heads`.
    pub cells: Vec<Option<RatingCell>>,
}

/// Every player of the event in one table, each rating a column group.
pub struct Results<'a> {
    pub heads: Vec<RatingGroup<'a>>,
    pub rows: Vec<ResultRow<'a>>,
    /// Which of the leading columns have a value in some row.
    pub rank: bool,
    pub nat: bool,
    pub scores: bool,
    pub record: bool,
}

impl Results<'_> {
    /// Columns before the ratings' groups.
    pub fn lead(&self) -> usize {
        1 + usize::from(self.rank) + usize::from(self.nat) + usize::from(self.scores) + usize::from(self.record)
    }
}

/// What a rating says about the event: why it is not rated, or how it
/// counts (the DCI K cut).
pub struct RatingNote<'a> {
    pub title: &'a str,
    pub href: String,
    pub text: &'a str,
}

pub struct Pairing<'a> {
    pub a: Link<'a>,
    pub b: Link<'a>,
    /// Games as written: "2-1", "1-1-1".
    pub games: String,
    /// Who won the match (neither: a draw).
    pub a_won: bool,
    pub b_won: bool,
    /// With standings: each player's row there (1-based), which the names
    /// link to (`#s3`, shorter than a player page's path, on pages that
    /// list every pairing of an event).
    pub a_row: Option<usize>,
    pub b_row: Option<usize>,
}

pub struct RoundView<'a> {
    pub number: usize,
    pub pairings: Vec<Pairing<'a>>,
    /// Full-point, half-point and zero-point byes.
    pub byes: Vec<Link<'a>>,
    pub half_byes: Vec<Link<'a>>,
    pub zero_byes: Vec<Link<'a>>,
}

impl RoundView<'_> {
    /// The round's bye lists that have names: (what, who).
    pub fn bye_lists(&self) -> Vec<(&'static str, &[Link<'_>])> {
        [
            ("Full-point bye", &self.byes[..]),
            ("Half-point bye", &self.half_byes[..]),
            ("Zero-point bye", &self.zero_byes[..]),
        ]
        .into_iter()
        .filter(|(_, list)| !list.is_empty())
        .collect()
    }
}

#[derive(Template)]
#[template(path = "event.html")]
pub struct EventPage<'a> {
    pub base: Base<'a>,
    pub name: String,
    /// (label, value) pairs of the header.
    pub facts: Vec<(String, String)>,
    /// The events before and after this one, in rating order.
    pub previous: Option<Link<'a>>,
    pub next: Option<Link<'a>>,
    pub report: String,
    pub notes: Vec<RatingNote<'a>>,
    /// Match events: standings and crosstable.
    pub standings: Option<Standings<'a>>,
    pub results: Option<Results<'a>>,
    /// Match events: every round's pairings and byes.
    pub rounds: Vec<RoundView<'a>>,
    /// Some round has a forfeit.
    pub forfeits: bool,
    /// Players the published results leave out (partial lists).
    pub unlisted: u32,
    pub listed: usize,
    pub players: u32,
    /// Nothing published: no result rows, no matches, no byes.
    pub no_results: bool,
}

/// The event's page, from the top: the header's facts, the events before
/// and after, the report, what each rating says of the event, the results
/// (a column group per rating) and the rounds.
pub fn event<'a>(ctx: &'a Context, path: &str, index: usize) -> EventPage<'a> {
    let e = &ctx.site.model.events[index];
    let root = ctx.root_of(path);
    let counted = counted(ctx, e);
    // The ratings in the results: those that count the event, and any
    // other that includes it or says why not (unsanctioned, a placement
    // for a match-only system, a format it does not count); ratings that
    // filter by format say so only for the formats they count.
    let in_results: Vec<&Rated> = ctx
        .ratings
        .iter()
        .zip(&counted)
        .filter(|&(view, &counts)| {
            let rating = &view.history.events[index];
            let filters_formats = view.config.system.formats().is_some();
            counts || rating.included || (!filters_formats && rating.note.is_some())
        })
        .map(|(view, _)| view)
        .collect();
    let nat = Nationalities::of_event(ctx, e);
    EventPage {
        base: ctx.base(path, e.name.clone()),
        name: e.name.clone(),
        facts: facts(ctx, e, index, &counted),
        previous: index.checked_sub(1).map(|i| ctx.event_link(root, i)),
        next: (index + 1 < ctx.site.model.events.len()).then(|| ctx.event_link(root, index + 1)),
        report: ctx.markdown(&e.report),
        notes: notes(root, index, &in_results),
        standings: super::standings::standings(ctx, root, index, &|p| nat.of(p)),
        results: results(ctx, root, index, &in_results, &nat),
        rounds: rounds(ctx, root, e, ctx.standings[index].as_ref()),
        forfeits: e.round.iter().any(|r| !r.forfeits.is_empty()),
        // Players the published results leave out (partial lists).
        unlisted: if e.results.is_empty() {
            0
        } else {
            e.players.saturating_sub(e.results.len() as u32)
        },
        listed: e.results.len(),
        players: e.players,
        no_results: !e.has_results(),
    }
}

/// The header's facts: date, place, sizes, what the site's rating systems
/// say of the event (the DCI judge level), and the coefficient of each
/// rating that does not count the event as its results show it (`counted`,
/// by rating).
fn facts(ctx: &Context, e: &Event, index: usize, counted: &[bool]) -> Vec<(String, String)> {
    let mut facts = vec![("Date".to_string(), date_range(e.date, e.end_date))];
    if !e.place.is_empty() {
        let place = if e.country.is_empty() {
            e.place.clone()
        } else {
            format!("{}, {}", e.place, ratings_model::country::name_of(&e.country))
        };
        facts.push(("Place".into(), place));
    } else if !e.country.is_empty() {
        facts.push((
            "Country".into(),
            ratings_model::country::name_of(&e.country).to_string(),
        ));
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
    }
    if !e.sanctioned {
        facts.push(("Sanctioned".into(), "No".into()));
    }
    for view in &ctx.ratings {
        for (label, value) in view.config.system.event_facts(e) {
            if !facts.iter().any(|(l, _)| l == label) {
                facts.push((label.to_string(), value));
            }
        }
    }
    let several = ctx.ratings.len() > 1;
    for (view, _) in ctx.ratings.iter().zip(counted).filter(|&(_, &counts)| !counts) {
        if let Some(v) = view.history.events[index].value {
            let label = if several {
                format!("Coeff ({})", view.config.title)
            } else {
                "Coeff".to_string()
            };
            facts.push((label, fixed2(v)));
        }
    }
    facts
}

/// By rating: whether it counts the event as the results show it. A match
/// event shows the match ratings that count its format (rated or not,
/// with the reason); only if none does, each says so.
fn counted(ctx: &Context, e: &Event) -> Vec<bool> {
    let counted_somewhere = ctx.ratings.iter().any(|v| counts_format(v, e));
    ctx.ratings
        .iter()
        .map(|view| {
            let filters_formats = view.config.system.formats().is_some();
            filters_formats && e.is_match_event() && (counts_format(view, e) || !counted_somewhere)
        })
        .collect()
}

/// Whether a rating that filters events by format counts the event's.
fn counts_format(view: &Rated, e: &Event) -> bool {
    match (view.config.system.formats(), &e.format) {
        (Some(formats), Some(f)) => formats.contains(f),
        _ => false,
    }
}

/// The link to a rating's ranking.
fn rating_href(root: &str, view: &Rated) -> String {
    format!("{root}rating/{}/index.html", view.id())
}

/// What the ratings of the results say about the event: why it is not
/// rated, or how it counts.
fn notes<'a>(root: &str, index: usize, in_results: &[&'a Rated]) -> Vec<RatingNote<'a>> {
    in_results
        .iter()
        .filter_map(|view| {
            let text = view.history.events[index].note.as_deref()?;
            Some(RatingNote {
                title: &view.config.title,
                href: rating_href(root, view),
                text,
            })
        })
        .collect()
}

/// Every player of the event in one table, a column group per rating that
/// has rows for the event; `None` without rows.
fn results<'a>(
    ctx: &'a Context,
    root: &'a str,
    index: usize,
    in_results: &[&'a Rated],
    nat: &Nationalities<'a>,
) -> Option<Results<'a>> {
    let shown: Vec<&Rated> = in_results
        .iter()
        .copied()
        .filter(|view| !view.history.event(index).is_empty())
        .collect();
    let rows = result_rows(ctx, root, index, &shown, nat);
    (!rows.is_empty()).then(|| Results {
        rank: rows.iter().any(|r| r.rank.is_some()),
        nat: rows.iter().any(|r| !r.nat.is_empty()),
        scores: rows.iter().any(|r| r.score.is_some()),
        record: rows.iter().any(|r| r.record.is_some()),
        heads: shown
            .iter()
            .map(|view| RatingGroup {
                href: Some(rating_href(root, view)),
                ..RatingGroup::of(view)
            })
            .collect(),
        rows,
    })
}

/// One row per player: the standings of a match event first (in their
/// order), then whoever a rating of `shown` has a row for; ranked players
/// in rank order, then the others as the ratings list them.
fn result_rows<'a>(
    ctx: &'a Context,
    root: &'a str,
    index: usize,
    shown: &[&'a Rated],
    nat: &Nationalities<'a>,
) -> Vec<ResultRow<'a>> {
    let standings = ctx.standings[index].as_ref();
    let mut rows: Vec<ResultRow> = Vec::new();
    let mut row_of: HashMap<PlayerId, usize> = HashMap::new();
    let mut row_for = |rows: &mut Vec<ResultRow<'a>>, p: PlayerId| {
        *row_of.entry(p).or_insert_with(|| {
            rows.push(ResultRow {
                rank: None,
                score: None,
                record: None,
                player: ctx.player_link(root, p),
                nat: nat.of(p),
                cells: (0..shown.len()).map(|_| None).collect(),
            });
            rows.len() - 1
        })
    };
    // A match event: the standings' order and places (W-D-L is theirs).
    for row in standings.iter().flat_map(|s| &s.rows) {
        let i = row_for(&mut rows, row.player);
        rows[i].rank = Some(row.place);
    }
    for (g, view) in shown.iter().enumerate() {
        let start = view.history.event_rows[index].start;
        for (k, row) in view.history.event(index).iter().enumerate() {
            let i = row_for(&mut rows, row.player);
            let r = &mut rows[i];
            match row.detail() {
                DetailRef::Placement { rank, score } => {
                    r.rank.get_or_insert(rank);
                    if r.score.is_none() {
                        r.score = score.map(Fixed2);
                    }
                }
                DetailRef::Match(m) if standings.is_none() => {
                    r.record.get_or_insert(Placing::Record(m.wins, m.losses, m.draws));
                }
                DetailRef::Match(_) => {}
            }
            let first = view.row_indices_of(row.player).next() == Some(start + k);
            r.cells[g] = Some(RatingCell::of(view, row, row.deviation(), first));
        }
    }
    // A match event's standings list everyone; its rating changes only
    // those a rating rates.
    if standings.is_some() {
        rows.retain(|r| r.cells.iter().any(Option::is_some));
    }
    // Stable: ties keep their order.
    rows.sort_by_key(|r| (r.rank.is_none(), r.rank));
    rows
}

/// The nationality of each player in an event: the one its `[[results]]`
/// row gives wins over the player's usual one. Made once per event page,
/// for the standings and the rating changes.
pub struct Nationalities<'a> {
    ctx: &'a Context<'a>,
    in_event: HashMap<PlayerId, &'a str>,
}

impl<'a> Nationalities<'a> {
    fn of_event(ctx: &'a Context<'a>, e: &'a Event) -> Self {
        let in_event = e
            .results
            .iter()
            .filter(|r| !r.nat().is_empty())
            .map(|r| (r.player, r.nat()))
            .collect();
        Nationalities { ctx, in_event }
    }

    fn of(&self, p: PlayerId) -> &'a str {
        self.in_event
            .get(&p)
            .copied()
            .unwrap_or(&self.ctx.site.model.player(p).nat)
    }
}

/// "2-1", or "1-1-1" with drawn games; one drawn game as chess writes it,
/// "½-½".
pub fn games(won: u16, lost: u16, drawn: u16) -> String {
    if (won, lost, drawn) == (0, 0, 1) {
        "½-½".to_string()
    } else if drawn == 0 {
        format!("{won}-{lost}")
    } else {
        format!("{won}-{lost}-{drawn}")
    }
}

/// Every round's pairings and byes (match events).
fn rounds<'a>(
    ctx: &'a Context,
    root: &'a str,
    e: &Event,
    standings: Option<&crate::standings::EventStandings>,
) -> Vec<RoundView<'a>> {
    let row = |p: PlayerId| standings.and_then(|s| s.index_of(p)).map(|i| i + 1);
    e.round
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let links = |list: &[PlayerId]| list.iter().map(|&id| ctx.player_link(root, id)).collect();
            RoundView {
                number: i + 1,
                pairings: r
                    .matches
                    .iter()
                    .map(|m| pairing(ctx, root, m, &row))
                    .chain(r.forfeits.iter().map(|f| forfeit(ctx, root, f, &row)))
                    .collect(),
                byes: links(&r.byes),
                half_byes: links(&r.half_byes),
                zero_byes: links(&r.zero_byes),
            }
        })
        .collect()
}

/// A pairing not played over the board, as written: "+-", "-+", "--", "½F-½F".
fn forfeit<'a>(ctx: &'a Context, root: &'a str, f: &Forfeit, row: &dyn Fn(PlayerId) -> Option<usize>) -> Pairing<'a> {
    let (games, a_won, b_won) = match f.result {
        ForfeitResult::FirstWins => ("+-", true, false),
        ForfeitResult::SecondWins => ("-+", false, true),
        ForfeitResult::Double => ("--", false, false),
        ForfeitResult::UnratedDraw => ("½F-½F", false, false),
    };
    Pairing {
        a: ctx.player_link(root, f.a),
        b: ctx.player_link(root, f.b),
        games: games.to_string(),
        a_won,
        b_won,
        a_row: row(f.a),
        b_row: row(f.b),
    }
}

fn pairing<'a>(ctx: &'a Context, root: &'a str, m: &Match, row: &dyn Fn(PlayerId) -> Option<usize>) -> Pairing<'a> {
    Pairing {
        a: ctx.player_link(root, m.a),
        b: ctx.player_link(root, m.b),
        games: games(m.wins_a, m.wins_b, m.draws),
        a_won: m.wins_a > m.wins_b,
        b_won: m.wins_b > m.wins_a,
        a_row: row(m.a),
        b_row: row(m.b),
    }
}
