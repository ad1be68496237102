//! One page per player: their line in every rating and the full history;
//! for match ratings also every rated match and a head-to-head table.

use std::collections::{BTreeMap, HashMap};

use askama::Template;

use super::columns::{RatingCell, RatingGroup, direction};
use super::event::games;
use super::ranking::{self, page_path};
use super::{Base, Context, Link, Placing, Rated, chart};
use ratings_model::country;
use ratings_model::format::{Fixed2, Rounded, RoundedChange};
use ratings_model::{Date, ForfeitResult, PlayerId};
use ratings_rating::{DetailRef, MatchLine, Row, Standing};

/// One event of the player: the placing once, then every rating's figures.
pub struct HistoryRow<'a> {
    pub date: Date,
    pub event: Link<'a>,
    /// Rank / players (placement ratings).
    pub placing: Option<Placing>,
    /// The score a rating gave the placing (the Dip Pouch percentile).
    pub score: Option<Fixed2>,
    /// Rated matches won-drawn-lost (match ratings).
    pub record: Option<Placing>,
    /// One per group; `None` where that rating has no row for the event.
    pub cells: Vec<Option<RatingCell>>,
}

/// Every event of the player in one table, one column group per rating.
pub struct History<'a> {
    /// Some rating after an event is provisional (marked P).
    pub provisional: bool,
    /// What a rating's number is, where a reader would not guess it
    /// (title, explanation): TrueSkill's μ − 3σ.
    pub explained: Vec<(&'a str, &'static str)>,
    pub groups: Vec<RatingGroup<'a>>,
    pub rows: Vec<HistoryRow<'a>>,
    /// Which of the leading columns have a value in some row.
    pub placing: bool,
    pub scores: bool,
    pub record: bool,
}

impl History<'_> {
    /// Columns before the ratings' groups.
    pub fn lead(&self) -> usize {
        2 + usize::from(self.placing) + usize::from(self.scores) + usize::from(self.record)
    }
}

pub struct PlayerSection {
    pub title: String,
    pub rating: String,
    /// The rating with its deviation ("1464 ± 303"), for systems with one.
    pub spread: Option<String>,
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
    /// The chart has provisional stretches (its caption says how they
    /// are drawn).
    pub chart_provisional: bool,
    /// Rated matches: (count, "won-drawn-lost"), for players with any.
    pub matches: Option<(u32, String)>,
}

/// A match rating's column group in the player's match list.
pub struct MatchGroup<'a> {
    pub title: &'a str,
    /// The K of each match ("P" while provisional).
    pub k: bool,
    /// A change per match (not for systems that rate an event's matches
    /// at once, such as Glicko-2).
    pub change: bool,
}

impl MatchGroup<'_> {
    /// Columns of the group: opponent's rating, K, change.
    pub fn span(&self) -> usize {
        1 + usize::from(self.k) + usize::from(self.change)
    }
}

/// One match as one rating saw it.
pub struct MatchCell {
    /// The opponent's rating before the round.
    pub opponent_rating: Rounded,
    /// K used; `None` (shown as "P") while provisional.
    pub k: Option<f64>,
    pub change: Option<RoundedChange>,
    pub direction: &'static str,
}

/// One match of the player: once, whatever the number of ratings.
pub struct MatchRow<'a> {
    pub round: u32,
    pub opponent_id: PlayerId,
    pub opponent: Link<'a>,
    /// Games from this player's side: "2-1".
    pub games: String,
    /// "Win", "Loss", "Draw"; for a forfeit (not rated, no cells) "Won by
    /// forfeit", "Lost by forfeit", "Double forfeit", "Unplayed draw".
    pub result: &'static str,
    /// "White", "Black" where the event has colours, else empty.
    pub colour: &'static str,
    /// Not played over the board.
    pub forfeit: bool,
    /// One per group; `None` where that rating does not rate the match.
    pub cells: Vec<Option<MatchCell>>,
}

/// The matches of one event.
pub struct EventMatches<'a> {
    pub date: Date,
    pub event: Link<'a>,
    /// The player's place and points in the event's standings: "place 3 of
    /// 11, 3.5 points".
    pub standing: Option<String>,
    /// Byes by kind and round: "full-point bye in round 2".
    pub byes: Vec<String>,
    pub matches: Vec<MatchRow<'a>>,
}

pub struct HeadToHead<'a> {
    pub opponent: Link<'a>,
    pub matches: u32,
    /// "2-1-0"
    pub record: String,
}

/// Every match the player's ratings rate, event by event, one column group
/// per match rating, and the head-to-head table.
pub struct MatchList<'a> {
    pub groups: Vec<MatchGroup<'a>>,
    /// Some match has a colour (a column for it).
    pub colours: bool,
    /// Matches listed (all events).
    pub count: u32,
    /// "12-8-1" over the matches listed.
    pub record: String,
    pub events: Vec<EventMatches<'a>>,
    /// Opponents met more than once, by matches (most first), then name.
    pub head_to_head: Vec<HeadToHead<'a>>,
    /// Opponents met once (their match is in the list).
    pub met_once: usize,
}

impl MatchList<'_> {
    /// Columns before the ratings' groups: round, colour, opponent, games, result.
    pub fn lead(&self) -> usize {
        4 + usize::from(self.colours)
    }

    /// All columns of the table (for the event rows).
    pub fn width(&self) -> usize {
        self.lead() + self.groups.iter().map(MatchGroup::span).sum::<usize>()
    }

    pub fn k(&self) -> bool {
        self.groups.iter().any(|g| g.k)
    }

    /// Some match was rated while provisional (its K shows as P).
    pub fn provisional(&self) -> bool {
        self.events.iter().flat_map(|e| &e.matches).any(|m| {
            m.cells
                .iter()
                .zip(&self.groups)
                .any(|(c, g)| g.k && c.as_ref().is_some_and(|c| c.k.is_none()))
        })
    }

    /// Some rating rates an event's matches at once.
    pub fn batched(&self) -> Vec<&str> {
        self.groups.iter().filter(|g| !g.change).map(|g| g.title).collect()
    }
}

#[derive(Template)]
#[template(path = "player.html")]
pub struct PlayerPage<'a> {
    pub base: Base<'a>,
    pub name: String,
    /// Nationality: the country's name (or the code as written) and its
    /// national ranking in the first rating that ranks the player.
    pub nat: Option<(String, Option<String>)>,
    /// Location, when it differs from the nationality.
    pub loc: Option<String>,
    pub sections: Vec<PlayerSection>,
    pub history: History<'a>,
    pub matches: Option<MatchList<'a>>,
}

impl PlayerPage<'_> {
    /// Whether the `i`-th section's chart carries the caption: only the
    /// first chart, for all of them (a caption a chart is 100 bytes times
    /// every rating of every player: 20 MB of an archive).
    pub fn captioned(&self, i: &usize) -> bool {
        self.sections.iter().position(|s| !s.chart.is_empty()) == Some(*i)
    }

    /// Some chart of the page draws a provisional stretch.
    pub fn charts_provisional(&self) -> bool {
        self.sections.iter().any(|s| s.chart_provisional)
    }
}

/// The player's page, from the top: name, nationality and location, a
/// section per rating (its facts and chart), the history table (a column
/// group per rating), then the matches and the head-to-head table.
pub fn player<'a>(ctx: &'a Context, path: &str, id: PlayerId) -> PlayerPage<'a> {
    let p = ctx.site.model.player(id);
    let root = ctx.root_of(path);
    let careers: Vec<Career> = ctx
        .ratings
        .iter()
        .filter_map(|view| Career::gather(ctx, view, id))
        .collect();
    PlayerPage {
        base: ctx.base(path, p.display.clone()),
        name: p.display.to_string(),
        nat: nationality(ctx, root, id),
        loc: (!p.loc.is_empty() && country::nation_key(&p.loc) != country::nation_key(&p.nat))
            .then(|| country::name_of(&p.loc).to_string()),
        sections: careers.iter().map(|c| section(ctx, root, c)).collect(),
        history: history(ctx, root, &careers),
        matches: match_list(ctx, root, id),
    }
}

/// One of the player's rows and what the page reads with it.
struct Gathered<'a> {
    row: &'a Row,
    date: Date,
    event_name: &'a str,
    /// Players of the event.
    players: u32,
    rank: Option<std::num::NonZeroU32>,
    deviation: Option<[f64; 2]>,
    detail: DetailRef<'a>,
    value: Option<f64>,
}

/// A rating that has the player: their standing and their rows.
struct Career<'a> {
    player: PlayerId,
    view: &'a Rated<'a>,
    standing: &'a Standing,
    rows: Vec<Gathered<'a>>,
}

impl<'a> Career<'a> {
    /// The player's standing and rows in one rating; `None` if the rating
    /// never saw the player.
    fn gather(ctx: &'a Context, view: &'a Rated<'a>, id: PlayerId) -> Option<Self> {
        let standing = view.history.standings[id as usize].as_ref()?;
        // The player's rows lie scattered over the history (event order):
        // what the page reads of them is gathered first, in a loop short
        // enough that their cache misses overlap (the page's assembly per
        // row is too long for that), the event values only where the
        // rating has any.
        let rows = view
            .row_indices_of(id)
            .map(|index| {
                let row = &view.history.rows[index];
                let e = &ctx.site.model.events[row.event()];
                Gathered {
                    row,
                    date: e.date,
                    event_name: &e.name,
                    players: e.players,
                    rank: view.timeline.rank_after[index],
                    deviation: row.deviation(),
                    detail: row.detail(),
                    value: view
                        .has_event_values()
                        .then(|| view.history.events[row.event()].value)
                        .flatten(),
                }
            })
            .collect();
        Some(Career {
            player: id,
            view,
            standing,
            rows,
        })
    }

    /// The peak: the first of the highest ratings after an event, by its
    /// index in `rows`. The same rule as the records: no provisional
    /// rating is a peak.
    fn peak(&self) -> Option<usize> {
        let mut peak: Option<usize> = None;
        for (i, g) in self.rows.iter().enumerate() {
            if !self.view.provisional_row(g.row) && peak.is_none_or(|p| g.row.after > self.rows[p].row.after) {
                peak = Some(i);
            }
        }
        peak
    }

    /// Rated matches: (count, "won-drawn-lost"), if the player has any.
    fn match_record(&self) -> Option<(u32, String)> {
        let (mut matches, mut record) = (0, [0; 3]);
        for g in &self.rows {
            if let DetailRef::Match(m) = g.detail {
                matches += 1;
                record = [record[0] + m.wins, record[1] + m.losses, record[2] + m.draws];
            }
        }
        (matches > 0).then(|| {
            let [w, l, d] = record;
            (w + l + d, format!("{w}-{d}-{l}"))
        })
    }
}

/// The nationality's name and, if the first rating that ranks the player
/// has a national ranking of it, a link to that.
fn nationality(ctx: &Context, root: &str, id: PlayerId) -> Option<(String, Option<String>)> {
    let p = ctx.site.model.player(id);
    (!p.nat.is_empty()).then(|| {
        let slug = ctx.site.nation_slug(&p.nat);
        let ranked = ctx.ratings.iter().find(|v| v.position[id as usize].is_some());
        let href = ranked
            .filter(|v| v.has_nation(&slug))
            .map(|v| format!("{root}{}", ranking::nation_path(v.id(), &slug, 1)));
        (country::name_of(&p.nat).to_string(), href)
    })
}

/// A rating's section: rating, rank (with a link to the ranking page that
/// lists the player), events, rated matches, peak and the chart.
fn section(ctx: &Context, root: &str, career: &Career) -> PlayerSection {
    let Career {
        player: id,
        view,
        standing,
        ..
    } = *career;
    let page_size = ctx.site.config.page_size;
    let peak = career.peak();
    PlayerSection {
        spread: standing
            .deviation
            .map(|d| view.config.system.spread(standing.rating, d, view.config.decimals)),
        chart: chart(ctx, career, peak),
        chart_provisional: career.rows.iter().any(|g| view.provisional_row(g.row)),
        title: view.config.title.clone(),
        rating: view.shown(standing.rating).to_string(),
        rank: view.position[id as usize].map(|i| {
            let entry = &view.ranking[i as usize];
            let page = i as usize / page_size + 1;
            (entry.rank, format!("{root}{}", page_path(view.id(), page)))
        }),
        inactive: view.inactive_position[id as usize].map(|i| {
            let page = i as usize / page_size + 1;
            (
                view.inactive[i as usize].rank,
                format!("{root}{}", ranking::inactive_path(view.id(), page)),
            )
        }),
        events: standing.events,
        peak: peak.map(|i| {
            let at = &career.rows[i];
            (view.shown(at.row.after).to_string(), at.date.to_string())
        }),
        provisional: standing.provisional,
        matches: career.match_record(),
    }
}

/// The chart of the player's rating after each event (an inline SVG), with
/// its label for screen readers, the peak (see [`Career::peak`]) marked;
/// empty for a rating without events.
fn chart(ctx: &Context, career: &Career, peak: Option<usize>) -> String {
    let Career { view, ref rows, .. } = *career;
    let points: Vec<chart::Point> = rows
        .iter()
        .map(|g| chart::Point {
            date: g.date,
            event: g.event_name,
            rating: g.row.after,
            provisional: view.provisional_row(g.row),
        })
        .collect();
    let span = match (points.first(), points.last()) {
        (Some(first), Some(last)) if points.len() > 1 => {
            format!("{} events from {} to {}", points.len(), first.date, last.date)
        }
        (Some(only), _) => format!("1 event, on {}", only.date),
        _ => "no events".to_string(),
    };
    let label = format!(
        "{} of {}: {span}{}",
        view.config.title,
        ctx.site.model.player(career.player).display,
        peak.map(|i| format!(", peak {} on {}", view.shown(rows[i].row.after), rows[i].date))
            .unwrap_or_default()
    );
    let start = rows.first().map(|g| g.row.before);
    match (view.latest, start) {
        (Some(until), Some(start)) => chart::svg(
            &format!("chart-{}", view.id()),
            &label,
            start,
            &points,
            peak,
            until,
            chart::Scale {
                min_span: view.config.system.chart_span(),
                places: view.config.decimals,
            },
        ),
        _ => String::new(),
    }
}

/// The history table: a row per event of the player (date order), a
/// column group per rating with its figures after the event, then the
/// placing, the score and the matches' record.
fn history<'a>(ctx: &'a Context, root: &'a str, careers: &[Career<'a>]) -> History<'a> {
    // Event index → the player's row in the history table.
    let mut rows: BTreeMap<usize, HistoryRow> = BTreeMap::new();
    let groups: Vec<RatingGroup> = careers
        .iter()
        .enumerate()
        .map(|(g, career)| {
            let view = career.view;
            for (k, gathered) in career.rows.iter().enumerate() {
                let row = gathered.row;
                let line = rows.entry(row.event()).or_insert_with(|| HistoryRow {
                    date: gathered.date,
                    event: ctx.event_link(root, row.event()),
                    placing: None,
                    score: None,
                    record: None,
                    cells: Vec::new(),
                });
                match gathered.detail {
                    DetailRef::Placement { rank, score } => {
                        line.placing.get_or_insert(Placing::Rank(rank, gathered.players));
                        if line.score.is_none() {
                            line.score = score.map(Fixed2);
                        }
                    }
                    DetailRef::Match(m) => {
                        line.record.get_or_insert(Placing::Record(m.wins, m.losses, m.draws));
                        // A match event's place in its standings.
                        if line.placing.is_none()
                            && let Some(s) = &ctx.standings[row.event()]
                            && let Some(mine) = s.row(row.player)
                        {
                            line.placing = Some(Placing::Rank(mine.place, s.rows.len() as u32));
                        }
                    }
                }
                line.cells.resize_with(g + 1, || None);
                line.cells[g] = Some(RatingCell {
                    value: gathered.value.map(Fixed2),
                    rank: gathered.rank.map(std::num::NonZeroU32::get),
                    provisional: view.provisional_row(row),
                    ..RatingCell::of(view, row, gathered.deviation, k == 0)
                });
            }
            RatingGroup {
                values: career.rows.iter().any(|g| g.value.is_some()),
                rank: true,
                compact: true,
                ..RatingGroup::of(view)
            }
        })
        .collect();
    let rows: Vec<HistoryRow> = rows
        .into_values()
        .map(|mut r| {
            r.cells.resize_with(groups.len(), || None);
            r
        })
        .collect();
    History {
        placing: rows.iter().any(|r| r.placing.is_some()),
        scores: rows.iter().any(|r| r.score.is_some()),
        record: rows.iter().any(|r| r.record.is_some()),
        provisional: rows
            .iter()
            .flat_map(|r| r.cells.iter().flatten())
            .any(|c| c.provisional),
        explained: careers
            .iter()
            .filter_map(|c| Some((c.view.config.title.as_str(), c.view.columns().explained?)))
            .collect(),
        groups,
        rows,
    }
}

/// Every match of a player that a rating rates, each listed once with
/// every match rating's figures, and the head-to-head table; `None` for a
/// player without rated matches.
fn match_list<'a>(ctx: &'a Context, root: &'a str, id: PlayerId) -> Option<MatchList<'a>> {
    let (groups, mut events) = matches_by_event(ctx, root, id);
    // Match events no rating rates for the player (only byes or forfeits,
    // a format no rating counts) still have the player's place and points.
    for &index in ctx.match_events_of(id) {
        let index = index as usize;
        events.entry(index).or_insert_with(|| {
            let e = &ctx.site.model.events[index];
            let list = EventMatches {
                date: e.date,
                event: ctx.event_link(root, index),
                standing: None,
                byes: Vec::new(),
                matches: Vec::new(),
            };
            (list, HashMap::new())
        });
    }
    if events.is_empty() {
        return None;
    }
    let events: Vec<EventMatches> = events
        .into_iter()
        .map(|(index, (mut list, _))| {
            unrated_rounds(ctx, index, id, &mut list);
            list.matches.sort_by_key(|m| m.round);
            for m in &mut list.matches {
                m.cells.resize_with(groups.len(), || None);
            }
            list
        })
        .collect();
    let tallies = tallies(&events);
    let [_, wins, losses, draws] = tallies
        .values()
        .fold([0; 4], |sum, t| std::array::from_fn(|i| sum[i] + t[i]));
    let opponents = tallies.len();
    let head_to_head = head_to_head(ctx, tallies);
    Some(MatchList {
        colours: events.iter().flat_map(|e| &e.matches).any(|m| !m.colour.is_empty()),
        groups,
        count: wins + losses + draws,
        record: format!("{wins}-{draws}-{losses}"),
        events,
        met_once: opponents - head_to_head.len(),
        head_to_head,
    })
}

/// An event's matches and where each (round, opponent) is listed.
type Listed<'a> = (EventMatches<'a>, HashMap<(u32, PlayerId), usize>);

/// The column group of every match rating that rates a match of the
/// player, and by event index the player's matches, each once, with a cell
/// per group (the cells of the last groups may be missing).
fn matches_by_event<'a>(
    ctx: &'a Context,
    root: &'a str,
    id: PlayerId,
) -> (Vec<MatchGroup<'a>>, BTreeMap<usize, Listed<'a>>) {
    let mut groups = Vec::new();
    let mut events: BTreeMap<usize, Listed<'a>> = BTreeMap::new();
    for view in &ctx.ratings {
        let g = groups.len();
        let mut group = MatchGroup {
            title: &view.config.title,
            k: view.columns().k,
            change: false,
        };
        let mut any = false;
        for row in view.rows_of(id) {
            let DetailRef::Match(m) = row.detail() else {
                continue;
            };
            let matches = &m.matches;
            any = true;
            let (list, at) = events.entry(row.event()).or_insert_with(|| {
                let e = &ctx.site.model.events[row.event()];
                let list = EventMatches {
                    date: e.date,
                    event: ctx.event_link(root, row.event()),
                    standing: None,
                    byes: Vec::new(),
                    matches: Vec::new(),
                };
                (list, HashMap::new())
            });
            for m in matches {
                let i = *at.entry((m.round, m.opponent)).or_insert_with(|| {
                    list.matches.push(match_row(ctx, m));
                    list.matches.len() - 1
                });
                let cells = &mut list.matches[i].cells;
                cells.resize_with(g + 1, || None);
                group.change |= m.after().is_some();
                cells[g] = Some(MatchCell {
                    opponent_rating: view.shown(m.opponent_before),
                    k: m.k(),
                    change: m.after().map(|a| view.change(a - m.before)),
                    direction: m.after().map_or("", |a| direction(a - m.before, view.config.decimals)),
                });
            }
        }
        if any {
            groups.push(group);
        }
    }
    (groups, events)
}

/// A match as the player's table lists it, still without the ratings'
/// cells.
fn match_row<'a>(ctx: &'a Context, m: &MatchLine) -> MatchRow<'a> {
    MatchRow {
        round: m.round,
        opponent_id: m.opponent,
        opponent: ctx.sibling_player_link(m.opponent),
        games: games(m.won, m.lost, m.drawn),
        result: if m.score() == 1.0 {
            "Win"
        } else if m.score() == 0.0 {
            "Loss"
        } else {
            "Draw"
        },
        colour: "",
        forfeit: false,
        cells: Vec::new(),
    }
}

/// What the ratings leave out of a match event: the player's forfeits
/// (rows without cells), byes, colours, place and points.
fn unrated_rounds<'a>(ctx: &'a Context, index: usize, id: PlayerId, list: &mut EventMatches<'a>) {
    let e = &ctx.site.model.events[index];
    let Some(s) = &ctx.standings[index] else {
        return;
    };
    if let Some(mine) = s.row(id) {
        list.standing = Some(format!(
            "place {} of {}, {} point{}",
            mine.place,
            s.rows.len(),
            super::standings::number(mine.points),
            if mine.points == 1.0 { "" } else { "s" }
        ));
    }
    let seats = ctx.seats(index).player(id);
    if s.colours {
        for m in &mut list.matches {
            m.colour = if Seats::first_in(seats, m.round, m.opponent_id) {
                "White"
            } else {
                "Black"
            };
        }
    }
    let mut byes: Vec<String> = Vec::new();
    for (n, seat) in seats.iter().enumerate() {
        let Some(round) = e.round.get(seat.round as usize - 1) else {
            continue;
        };
        let number = seat.round;
        if seat.kind == Seat::FORFEIT {
            let f = &round.forfeits[seat.other as usize];
            let first = f.a == id;
            let result = match (f.result, first) {
                (ForfeitResult::FirstWins, true) | (ForfeitResult::SecondWins, false) => "Won by forfeit",
                (ForfeitResult::FirstWins, false) | (ForfeitResult::SecondWins, true) => "Lost by forfeit",
                (ForfeitResult::Double, _) => "Double forfeit",
                (ForfeitResult::UnratedDraw, _) => "Unplayed draw",
            };
            let opponent = if first { f.b } else { f.a };
            list.matches.push(MatchRow {
                round: number,
                opponent_id: opponent,
                opponent: ctx.sibling_player_link(opponent),
                games: String::new(),
                result,
                colour: match (s.colours, first) {
                    (false, _) => "",
                    (true, true) => "White",
                    (true, false) => "Black",
                },
                forfeit: true,
                cells: Vec::new(),
            });
        }
        // Once a kind and round, however often the list names the player.
        let again = n > 0 && seats[n - 1].round == seat.round && seats[n - 1].kind == seat.kind;
        let kind = match seat.kind {
            Seat::FULL_BYE => "full-point bye",
            Seat::HALF_BYE => "half-point bye",
            Seat::ZERO_BYE => "zero-point bye",
            _ => continue,
        };
        if !again {
            byes.push(format!("{kind} in round {number}"));
        }
    }
    list.byes = byes;
}

/// A match event's seats by player (made once per event, so that a
/// player's page does not scan the event's rounds: over all its players
/// that was quadratic in the event's size).
pub struct Seats {
    /// Sorted by player, round, kind, then `other`.
    seats: Vec<Seat>,
}

/// A player's place in one round: a match (as its first or second
/// player, `other` the opponent), a forfeit (`other` its index in the
/// round's forfeits) or a bye (`other` 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Seat {
    player: PlayerId,
    round: u32,
    kind: u8,
    other: u32,
}

impl Seat {
    const FIRST: u8 = 0;
    const SECOND: u8 = 1;
    const FORFEIT: u8 = 2;
    const FULL_BYE: u8 = 3;
    const HALF_BYE: u8 = 4;
    const ZERO_BYE: u8 = 5;
}

impl Seats {
    pub fn of(event: &ratings_model::Event) -> Seats {
        let mut seats = Vec::new();
        for (i, round) in event.round.iter().enumerate() {
            let round_number = i as u32 + 1;
            let seat = |player, kind, other| Seat {
                player,
                round: round_number,
                kind,
                other,
            };
            for m in &round.matches {
                seats.push(seat(m.a, Seat::FIRST, m.b));
                seats.push(seat(m.b, Seat::SECOND, m.a));
            }
            for (f, forfeit) in round.forfeits.iter().enumerate() {
                seats.push(seat(forfeit.a, Seat::FORFEIT, f as u32));
                if forfeit.b != forfeit.a {
                    seats.push(seat(forfeit.b, Seat::FORFEIT, f as u32));
                }
            }
            for (list, kind) in [
                (&round.byes, Seat::FULL_BYE),
                (&round.half_byes, Seat::HALF_BYE),
                (&round.zero_byes, Seat::ZERO_BYE),
            ] {
                seats.extend(list.iter().map(|&p| seat(p, kind, 0)));
            }
        }
        seats.sort_unstable();
        Seats { seats }
    }

    /// The player's seats, by round.
    fn player(&self, id: PlayerId) -> &[Seat] {
        let start = self.seats.partition_point(|s| s.player < id);
        let end = start + self.seats[start..].partition_point(|s| s.player == id);
        &self.seats[start..end]
    }

    /// Whether, in `round`, the player (whose `seats` these are) played
    /// `opponent` as the match's first player (White) at least once.
    fn first_in(seats: &[Seat], round: u32, opponent: PlayerId) -> bool {
        let at = seats.partition_point(|s| (s.round, s.kind, s.other) < (round, Seat::FIRST, opponent));
        seats
            .get(at)
            .is_some_and(|s| (s.round, s.kind, s.other) == (round, Seat::FIRST, opponent))
    }
}

/// By opponent: [matches, wins, losses, draws] over the listed matches
/// played over the board.
fn tallies(events: &[EventMatches]) -> HashMap<PlayerId, [u32; 4]> {
    let mut tallies: HashMap<PlayerId, [u32; 4]> = HashMap::new();
    for m in events.iter().flat_map(|e| &e.matches).filter(|m| !m.forfeit) {
        let tally = tallies.entry(m.opponent_id).or_default();
        tally[0] += 1;
        match m.result {
            "Win" => tally[1] += 1,
            "Loss" => tally[2] += 1,
            _ => tally[3] += 1,
        }
    }
    tallies
}

/// The opponents met more than once, by matches (most first), then name.
fn head_to_head<'a>(ctx: &'a Context, tallies: HashMap<PlayerId, [u32; 4]>) -> Vec<HeadToHead<'a>> {
    let mut met: Vec<(PlayerId, [u32; 4])> = tallies.into_iter().filter(|(_, t)| t[0] > 1).collect();
    met.sort_by(|a, b| {
        let (pa, pb) = (ctx.site.model.player(a.0), ctx.site.model.player(b.0));
        b.1[0]
            .cmp(&a.1[0])
            .then_with(|| pa.display.as_bytes().cmp(pb.display.as_bytes()))
            .then_with(|| pa.key.cmp(&pb.key))
    });
    met.into_iter()
        .map(|(p, [n, w, l, d])| HeadToHead {
            opponent: ctx.sibling_player_link(p),
            matches: n,
            record: format!("{w}-{d}-{l}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratings_model::Forfeit;

    /// A player's seats are found by binary search, in round order; the
    /// colour of a match is White where the player was first; a forfeit
    /// and each kind of bye are listed once a round.
    #[test]
    fn seats_are_found_by_player_and_round() {
        // Round 1: 0–1 and 2–3 (1 second); round 2: 3–1 and 1–3 (1 both
        // first and second against 3), 0 and 2 byes; round 3: a forfeit
        // 1–0, 2 named twice as absent.
        let mut e = ratings_rating::testing::event(
            "e",
            4,
            2,
            vec![
                (vec![(0, 1, 1, 0, 0), (2, 3, 0, 1, 0)], Vec::new()),
                (vec![(3, 1, 1, 0, 0), (1, 3, 0, 1, 0)], vec![0]),
                (Vec::new(), Vec::new()),
            ],
        );
        e.round[1].half_byes = vec![2];
        e.round[2].forfeits = vec![Forfeit {
            a: 1,
            b: 0,
            result: ForfeitResult::FirstWins,
        }];
        e.round[2].zero_byes = vec![2, 2];
        let seats = Seats::of(&e);
        let rounds = |p: PlayerId| seats.player(p).iter().map(|s| (s.round, s.kind)).collect::<Vec<_>>();
        assert_eq!(
            rounds(1),
            [
                (1, Seat::SECOND),
                (2, Seat::FIRST),
                (2, Seat::SECOND),
                (3, Seat::FORFEIT)
            ]
        );
        assert_eq!(
            rounds(2),
            [
                (1, Seat::FIRST),
                (2, Seat::HALF_BYE),
                (3, Seat::ZERO_BYE),
                (3, Seat::ZERO_BYE)
            ]
        );
        assert_eq!(rounds(9), []);
        assert!(!Seats::first_in(seats.player(1), 1, 0));
        assert!(Seats::first_in(seats.player(0), 1, 1));
        assert!(Seats::first_in(seats.player(1), 2, 3));
        assert!(Seats::first_in(seats.player(3), 2, 1));
        assert!(!Seats::first_in(seats.player(3), 1, 2));
    }
}
