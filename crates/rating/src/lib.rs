//! Stage 2, rate: ordered events in, history out. Pure computation.
//!
//! Each rating system implements [`RatingSystem`]; pages, downloads and the
//! ranking are written once, over any [`History`].

pub mod dci;
pub mod dip_pouch;
pub mod elo;
pub mod fenwick;
pub mod games;
pub mod glicko2;
pub mod params;
pub mod predictions;
pub mod standings;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod timeline;
pub mod trueskill;
pub mod tune;

use std::cmp::Ordering;
use std::ops::Range;

pub use params::Params;
use ratings_model::error::Diagnostic;
use ratings_model::{PlayerId, Site};

/// Every rating system a `[[rating]]` table can name. Adding a system is a
/// file under `src/rating/` and one line here.
pub const SYSTEMS: &[System] = &[
    dip_pouch::SYSTEM,
    dci::SYSTEM,
    elo::SYSTEM,
    glicko2::SYSTEM,
    trueskill::SYSTEM,
];

/// A system as `site.toml` names it: its parameter keys and how a table of
/// them becomes the system (`None` when the table is invalid; the problems
/// are in the [`Params`]).
pub struct System {
    pub name: &'static str,
    pub keys: &'static [&'static str],
    pub configure: fn(&mut Params) -> Option<Box<dyn RatingSystem>>,
}

/// A rating system: its parameters, how it rates the site's events, and
/// what its pages show. Pages, downloads and search ask it through this
/// trait and never ask which system it is.
pub trait RatingSystem: Send + Sync + std::fmt::Debug {
    /// Given the site's events in order, the full history.
    fn rate(&self, site: &Site) -> History;

    /// The rating's title when its `[[rating]]` table gives none.
    fn default_title(&self) -> String;

    /// What pages show beside the rating.
    fn columns(&self) -> Columns;

    /// How the system works, with this rating's parameters: the Markdown
    /// of the rating's method page.
    fn method(&self) -> String;

    /// How many decimals pages show its ratings and changes with (a
    /// `[[rating]]`'s `decimals` overrides it; downloads keep full
    /// precision): whole numbers where ratings are hundreds or thousands
    /// (Elo's 1524, changes +19), two decimals on small scales.
    fn decimals(&self) -> u8 {
        2
    }

    /// What a player page states after the rating (shown at `places`
    /// decimals) for a system with a deviation: "± 274" (Glicko-2's 95 %
    /// interval), "(μ 29.80, σ 4.70)".
    fn spread(&self, rating: f64, deviation: f64, places: u8) -> String {
        let _ = (rating, places);
        format!("(σ {})", ratings_model::format::decimals(deviation, 2))
    }

    /// The event formats the system counts, when it filters by format
    /// (also the formats the data may name without a typo warning).
    fn formats(&self) -> Option<&[String]> {
        None
    }

    /// The least rating range a player's chart shows (its y axis), so that
    /// a small change is drawn as small: about a typical gain of a good
    /// event in this system.
    fn chart_span(&self) -> f64 {
        100.0
    }

    /// About how long rating a site takes with this system, relative to
    /// the quickest (1). `build` starts the slowest ratings first, so that
    /// the others fill the second core beside them instead of leaving the
    /// slowest alone at the end of the stage.
    fn relative_cost(&self) -> u32 {
        1
    }

    /// Facts of an event that matter to this system, for the event page's
    /// header (DCI: the judge level).
    fn event_facts(&self, event: &ratings_model::Event) -> Vec<(&'static str, String)> {
        let _ = event;
        Vec::new()
    }

    /// The chance that player `a` finishes better than player `b`, from
    /// what both had before the game (predictions.md, "Games and
    /// predictions"); `None` for a system without a probability model.
    fn chance(&self, a: Belief, b: Belief) -> Option<f64> {
        let _ = (a, b);
        None
    }

    /// The numeric parameters of the rating, as `ratings tune` searches
    /// them (every key of the system's table but `formats`, `min_events`
    /// and any other that decides which games are rated, such as DCI's
    /// `min_players`), with their values.
    fn parameters(&self) -> Vec<Parameter> {
        Vec::new()
    }
}

/// What a system knew of a player before a game: the published rating
/// and, for systems with one, the deviation (Glicko-2's RD after
/// inactivity growth, TrueSkill's σ before τ is added).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Belief {
    pub rating: f64,
    pub deviation: Option<f64>,
}

/// One numeric parameter of a rating (`ratings tune`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Parameter {
    /// The key of the `[[rating]]` table.
    pub key: &'static str,
    /// For a key whose value is a table of numbers (DCI's `k_bands`): the
    /// cell this parameter is. A system gives every cell of such a key,
    /// row by row, so that the whole table can be written back.
    pub cell: Option<Cell>,
    pub value: f64,
    /// How tune moves it: a `Scale` is positive and moved by factors, a
    /// `Shift` (a starting rating) by steps of `step`, a `Whole` number
    /// (days) by factors, rounded, a `Count` as a `Whole` but also by one
    /// (so that it moves from 0, 1 or 2); a `Fixed` cell not at all.
    pub kind: ParameterKind,
}

/// A cell of a table-valued key: its row and column (from 0) and the
/// column's name, for the report ("k_bands 2 K").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub row: usize,
    pub column: usize,
    pub name: &'static str,
}

impl Parameter {
    fn new(key: &'static str, value: f64, kind: ParameterKind) -> Parameter {
        Parameter {
            key,
            cell: None,
            value,
            kind,
        }
    }

    pub fn scale(key: &'static str, value: f64) -> Parameter {
        Parameter::new(key, value, ParameterKind::Scale)
    }

    /// A starting rating, moved by `step` points.
    pub fn shift(key: &'static str, value: f64, step: f64) -> Parameter {
        Parameter::new(key, value, ParameterKind::Shift { step })
    }

    pub fn whole(key: &'static str, value: f64) -> Parameter {
        Parameter::new(key, value, ParameterKind::Whole)
    }

    /// A whole number that may be 0: a count of matches, a judge level.
    pub fn count(key: &'static str, value: f64) -> Parameter {
        Parameter::new(key, value, ParameterKind::Count)
    }

    /// A cell the search keeps as it is.
    pub fn fixed(key: &'static str, value: f64) -> Parameter {
        Parameter::new(key, value, ParameterKind::Fixed)
    }

    /// This parameter as cell `row`, `column` of its key's table.
    pub fn in_cell(self, row: usize, column: usize, name: &'static str) -> Parameter {
        Parameter {
            cell: Some(Cell { row, column, name }),
            ..self
        }
    }

    /// The name the report shows: the key, and the cell ("k_bands 1 K",
    /// rows counted from 1).
    pub fn name(&self) -> String {
        match self.cell {
            None => self.key.to_string(),
            Some(c) => format!("{} {} {}", self.key, c.row + 1, c.name),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ParameterKind {
    Scale,
    Shift {
        step: f64,
    },
    Whole,
    Count,
    /// A cell the search keeps (the last K band's bound, `inf`).
    Fixed,
}

/// What a system's pages and downloads show beside the rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Columns {
    /// Rated matches and a provisional marker (rankings, the ranking CSV's
    /// `matches,provisional`).
    pub matches: bool,
    /// Heading of the value column of the rating's events list (the
    /// tournament value, or the K an event is rated with).
    pub event_value: &'static str,
    /// Match tables show the K of each update ("P" while provisional).
    pub k: bool,
    /// The name of the system's deviation ("RD", "σ"), if it has one.
    pub deviation: Option<&'static str>,
    /// What counts as an event played, in the system's words (the records'
    /// "Most events played"); empty: "the events in which the player was
    /// rated".
    pub played: &'static str,
    /// The starting rating is no measure of a player (TrueSkill's 0, μ − 3σ
    /// of someone unknown): a first event's change shows as "new", not as
    /// a gain from it.
    pub first_is_new: bool,
    /// What the published number is, where a reader would not guess it:
    /// said beside the tables that show it.
    pub explained: Option<&'static str>,
}

/// What one player did in one event, as the system saw it.
#[derive(Debug, Clone, PartialEq)]
pub enum Detail {
    /// A final placement, and the score the system gave it, if it gives
    /// one (the Dip Pouch percentile).
    Placement { rank: u32, score: Option<f64> },
    /// The rated matches of one event and the rounds with a bye (match
    /// systems such as DCI); boxed, so that a history's rows stay small.
    Match(Box<Matches>),
}

/// A player's rated matches in one event.
#[derive(Debug, Clone, PartialEq)]
pub struct Matches {
    pub matches: Vec<MatchLine>,
    pub byes: Vec<u32>,
    /// Systems with a deviation: the player's deviation before each of
    /// `matches`, in order (TrueSkill's σ changes from round to round);
    /// empty for the others.
    pub deviations: Vec<f64>,
    /// `wins`-`losses`-`draws` count the matches.
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// A [`Detail`] as a [`Row`] gives it back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DetailRef<'a> {
    Placement { rank: u32, score: Option<f64> },
    Match(&'a Matches),
}

/// One rated match seen from one player's side. An archive holds millions
/// of them, so the line is kept to 48 bytes: the result is derived from
/// the games (at most 999 each, see `ratings_model::notation`), and the optional
/// figures are NaN when absent.
#[derive(Debug, Clone)]
pub struct MatchLine {
    /// 1-based round number in the event.
    pub round: u32,
    pub opponent: PlayerId,
    /// Games won, lost and drawn by this player.
    pub won: u16,
    pub lost: u16,
    pub drawn: u16,
    /// Both ratings from before the round.
    pub before: f64,
    pub opponent_before: f64,
    /// See [`MatchLine::after`] and [`MatchLine::k`].
    after: f64,
    k: f64,
}

impl PartialEq for MatchLine {
    fn eq(&self, other: &Self) -> bool {
        (self.round, self.opponent, self.won, self.lost, self.drawn)
            == (other.round, other.opponent, other.won, other.lost, other.drawn)
            && (self.before, self.opponent_before, self.after(), self.k())
                == (other.before, other.opponent_before, other.after(), other.k())
    }
}

impl MatchLine {
    /// Match result: 1 win, 0.5 draw, 0 loss (equal game wins is a draw).
    pub fn score(&self) -> f64 {
        ratings_model::match_score(self.won, self.lost)
    }

    /// This player's rating after the match; `None` where the system rates
    /// all matches of an event at once (Glicko-2: one rating period).
    pub fn after(&self) -> Option<f64> {
        Some(self.after).filter(|x| !x.is_nan())
    }

    /// K used; `None` while the player was provisional (K-factor systems).
    pub fn k(&self) -> Option<f64> {
        Some(self.k).filter(|x| !x.is_nan())
    }

    /// One side of match `m` (`a`'s when `first`) in round `round`
    /// (1-based): the opponent, games and result seen from that side.
    pub fn side(
        m: &ratings_model::Match,
        round: u32,
        first: bool,
        before: f64,
        opponent_before: f64,
        after: Option<f64>,
        k: Option<f64>,
    ) -> MatchLine {
        let (opponent, won, lost) = if first {
            (m.b, m.wins_a, m.wins_b)
        } else {
            (m.a, m.wins_b, m.wins_a)
        };
        MatchLine {
            round,
            opponent,
            won,
            lost,
            drawn: m.draws,
            before,
            opponent_before,
            after: after.unwrap_or(f64::NAN),
            k: k.unwrap_or(f64::NAN),
        }
    }
}

/// One player in one event: a row of `ID-history.csv`.
///
/// An archive holds millions of rows, so a row is kept to 48 bytes: what
/// only some systems have (matches, deviations) sits behind one pointer
/// that placement rows of the seed systems leave empty, and an absent
/// score is NaN. Read it through the methods.
#[derive(Debug, Clone)]
pub struct Row {
    event: u32,
    pub player: PlayerId,
    /// The final placement (placement rows; 0 on match rows).
    rank: u32,
    /// Whether the event counted for the player (value > 0 / rated).
    pub counted: bool,
    pub before: f64,
    pub after: f64,
    /// The placement's score where the system gives one, else NaN.
    score: f64,
    extra: Option<Box<Extra>>,
}

/// What only some rows have.
#[derive(Debug, Clone, PartialEq)]
struct Extra {
    deviation: Option<[f64; 2]>,
    matches: Option<Matches>,
}

impl Row {
    /// Player `player`'s row of event `event` (an index into
    /// `Site::events`); `deviation` is before and after the event, for
    /// systems with one (RD, σ).
    pub fn new(
        event: usize,
        player: PlayerId,
        before: f64,
        after: f64,
        counted: bool,
        deviation: Option<[f64; 2]>,
        detail: Detail,
    ) -> Row {
        let (rank, score, matches) = match detail {
            Detail::Placement { rank, score } => (rank, score.unwrap_or(f64::NAN), None),
            Detail::Match(m) => (0, f64::NAN, Some(*m)),
        };
        let extra = (deviation.is_some() || matches.is_some()).then(|| Box::new(Extra { deviation, matches }));
        Row {
            event: u32::try_from(event).expect("fewer than 2^32 events"),
            player,
            rank,
            counted,
            before,
            after,
            score,
            extra,
        }
    }

    /// Index into `Site::events`.
    pub fn event(&self) -> usize {
        self.event as usize
    }

    /// Systems with a deviation (RD, σ): before and after the event.
    pub fn deviation(&self) -> Option<[f64; 2]> {
        self.extra.as_ref().and_then(|x| x.deviation)
    }

    /// The placement or the matches behind the row.
    pub fn detail(&self) -> DetailRef<'_> {
        match self.extra.as_ref().and_then(|x| x.matches.as_ref()) {
            Some(m) => DetailRef::Match(m),
            None => DetailRef::Placement {
                rank: self.rank,
                score: Some(self.score).filter(|s| !s.is_nan()),
            },
        }
    }

    /// The final placement, on placement rows.
    pub fn rank(&self) -> Option<u32> {
        match self.detail() {
            DetailRef::Placement { rank, .. } => Some(rank),
            DetailRef::Match(_) => None,
        }
    }
}

impl PartialEq for Row {
    fn eq(&self, other: &Self) -> bool {
        (
            self.event,
            self.player,
            self.counted,
            self.before,
            self.after,
            self.deviation(),
        ) == (
            other.event,
            other.player,
            other.counted,
            other.before,
            other.after,
            other.deviation(),
        ) && self.detail() == other.detail()
    }
}

/// How a system treated one event.
#[derive(Debug, Clone, PartialEq)]
pub struct EventRating {
    /// The event has rows in this rating (it is "included").
    pub included: bool,
    /// Tournament value (Dip Pouch `Coeff`), where the system has one.
    pub value: Option<f64>,
    /// For the reader: why the event does not change ratings, or how a
    /// rated event counts (DCI: its K cut).
    pub note: Option<String>,
}

/// A player's state after the last event.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub rating: f64,
    /// Events that counted (value > 0 / rated).
    pub events: u32,
    /// Rated matches played (match systems).
    pub matches: u32,
    pub provisional: bool,
    /// Whether the player appears in the ranking.
    pub ranked: bool,
    /// Systems with a deviation: the one after the player's last event.
    pub deviation: Option<f64>,
}

/// The output of a rating system.
#[derive(Debug, Clone, Default)]
pub struct History {
    /// In event order; the rows of one event are contiguous.
    pub rows: Vec<Row>,
    /// By event index: the range of `rows` for that event.
    pub event_rows: Vec<Range<usize>>,
    /// By event index.
    pub events: Vec<EventRating>,
    /// By player id; `None` for players this rating never saw.
    pub standings: Vec<Option<Standing>>,
}

impl History {
    /// An empty history for a site of `events` events.
    pub fn for_events(events: usize, rows: usize) -> History {
        History {
            rows: Vec::with_capacity(rows),
            event_rows: Vec::with_capacity(events),
            events: Vec::with_capacity(events),
            standings: Vec::new(),
        }
    }

    /// Record the next event as one this rating does not include (no rows),
    /// with the reason shown to readers, if any.
    pub fn push_not_included(&mut self, note: Option<String>) {
        let start = self.rows.len();
        self.event_rows.push(start..start);
        self.events.push(EventRating {
            included: false,
            value: None,
            note,
        });
    }

    /// Rows of one event.
    pub fn event(&self, event: usize) -> &[Row] {
        &self.rows[self.event_rows[event].clone()]
    }

    /// The first value that pages, downloads or charts would publish and
    /// that is not a finite number (NaN, ±inf), in event order, then the
    /// standings. The rate stage refuses such a history (`Rated::new`).
    /// (An absent match figure or score is stored as NaN: what the
    /// accessors leave out is not published, so not looked at.)
    pub fn first_non_finite(&self) -> Option<NonFinite> {
        let bad = |x: f64| !x.is_finite();
        for (e, (rating, range)) in self.events.iter().zip(&self.event_rows).enumerate() {
            let at = |player, what, value| NonFinite {
                event: Some(e),
                player,
                what,
                value,
            };
            if let Some(v) = rating.value.filter(|&v| bad(v)) {
                return Some(at(None, "tournament value of", v));
            }
            for row in &self.rows[range.clone()] {
                let found = |what, value| Some(at(Some(row.player), what, value));
                let [dev_before, dev_after] = row.deviation().unwrap_or_default();
                let figures = [
                    ("rating before", row.before),
                    ("rating after", row.after),
                    ("deviation before", dev_before),
                    ("deviation after", dev_after),
                ];
                if let Some(&(what, v)) = figures.iter().find(|(_, v)| bad(*v)) {
                    return found(what, v);
                }
                match row.detail() {
                    DetailRef::Placement { score, .. } => {
                        if let Some(v) = score.filter(|&v| bad(v)) {
                            return found("score in", v);
                        }
                    }
                    DetailRef::Match(m) => {
                        for line in &m.matches {
                            let figures = [
                                ("rating before a match of", line.before),
                                ("opponent's rating before a match of", line.opponent_before),
                                ("rating after a match of", line.after().unwrap_or_default()),
                                ("K in a match of", line.k().unwrap_or_default()),
                            ];
                            if let Some(&(what, v)) = figures.iter().find(|(_, v)| bad(*v)) {
                                return found(what, v);
                            }
                        }
                    }
                }
            }
        }
        self.standings.iter().enumerate().find_map(|(p, s)| {
            let s = s.as_ref()?;
            let (what, value) = [
                ("current rating", s.rating),
                ("current deviation", s.deviation.unwrap_or_default()),
            ]
            .into_iter()
            .find(|(_, v)| bad(*v))?;
            Some(NonFinite {
                event: None,
                player: Some(p as PlayerId),
                what,
                value,
            })
        })
    }
}

/// A value of a history that is not a finite number ([`History::first_non_finite`]).
#[derive(Debug, Clone, PartialEq)]
pub struct NonFinite {
    /// The event it belongs to (`None`: a player's current standing).
    pub event: Option<usize>,
    pub player: Option<PlayerId>,
    /// What it is, completed by the event if any ("rating after").
    pub what: &'static str,
    pub value: f64,
}

impl NonFinite {
    /// What and where, for the error: "Ann Ames's rating after the event
    /// \"Spring Open\" (data/spring.toml) is NaN".
    pub fn describe(&self, site: &Site) -> String {
        let whose = match self.player {
            Some(p) => format!("{}'s", site.player(p).display),
            None => "the".to_string(),
        };
        let event = match self.event {
            Some(e) => {
                let event = &site.events[e];
                format!(" the event {:?} ({})", event.name, event.file)
            }
            None => String::new(),
        };
        format!("{whose} {}{event} is {}", self.what, self.value)
    }
}

/// One line of a ranking.
#[derive(Debug, Clone, PartialEq)]
pub struct RankEntry {
    pub rank: u32,
    pub player: PlayerId,
    pub rating: f64,
    pub events: u32,
    pub matches: u32,
    pub provisional: bool,
}

/// The ranking (docs/rating-systems.md): ranked players by rating descending;
/// exactly equal ratings share a rank (1, 2, 2, 4) and are listed by display
/// name in byte order (then by name key, so the order is total).
pub fn ranking(site: &Site, history: &History) -> Vec<RankEntry> {
    let mut entries: Vec<RankEntry> = history
        .standings
        .iter()
        .enumerate()
        .filter_map(|(id, s)| {
            let s = s.as_ref().filter(|s| s.ranked)?;
            Some(RankEntry {
                rank: 0,
                player: id as PlayerId,
                rating: s.rating,
                events: s.events,
                matches: s.matches,
                provisional: s.provisional,
            })
        })
        .collect();
    entries.sort_by(|a, b| {
        let (pa, pb) = (site.player(a.player), site.player(b.player));
        b.rating
            .partial_cmp(&a.rating)
            .unwrap_or(Ordering::Equal)
            .then_with(|| pa.display.as_bytes().cmp(pb.display.as_bytes()))
            .then_with(|| pa.key.cmp(&pb.key))
    });
    assign_ranks(&mut entries);
    entries
}

/// Competition ranks (1, 2, 2, 4) on exact rating equality.
pub fn assign_ranks(entries: &mut [RankEntry]) {
    for i in 0..entries.len() {
        entries[i].rank = if i > 0 && entries[i].rating == entries[i - 1].rating {
            entries[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
}

/// The system named `name`.
pub fn find(name: &str) -> Option<&'static System> {
    SYSTEMS.iter().find(|s| s.name == name)
}

/// The system a `[[rating]]` table names, with the table's parameters; or
/// every problem of the table (an unknown system, a parameter out of its
/// range, a key no system reads), at its line and column.
pub fn configure(
    table: &ratings_config::RatingTable,
) -> Result<Box<dyn RatingSystem>, ratings_model::error::FirstShown> {
    let name = &table.system;
    let Some(entry) = find(name.get_ref()) else {
        let known: Vec<&str> = SYSTEMS.iter().map(|s| s.name).collect();
        return Err(vec![Diagnostic::at(
            &table.file,
            &table.text,
            name.span(),
            format!(
                "unknown rating system {:?} (known systems: {})",
                name.get_ref(),
                known.join(", ")
            ),
        )]
        .into());
    };
    debug_assert!(entry.keys.iter().all(|k| !ratings_config::COMMON_KEYS.contains(k)));
    let raw = &table.table;
    let mut params = Params::new(
        &table.file,
        &table.text,
        entry.name,
        entry.keys,
        raw.span(),
        raw.get_ref(),
    );
    let system = (entry.configure)(&mut params);
    let problems = params.finish();
    match system {
        Some(system) if problems.is_empty() => Ok(system),
        _ => Err(problems),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Archives hold millions of match lines: their size is a budget.
    #[test]
    fn a_match_line_stays_small_and_keeps_its_optional_figures() {
        assert_eq!(std::mem::size_of::<MatchLine>(), 48);
        let m = ratings_model::Match {
            a: 0,
            b: 1,
            wins_a: 1,
            wins_b: 2,
            draws: 0,
        };
        let lost = MatchLine::side(&m, 3, true, 1500.0, 1600.0, Some(1490.0), None);
        assert_eq!((lost.score(), lost.after(), lost.k()), (0.0, Some(1490.0), None));
        let won = MatchLine::side(&m, 3, false, 1600.0, 1500.0, None, Some(16.0));
        assert_eq!(
            (won.score(), won.after(), won.k(), won.opponent),
            (1.0, None, Some(16.0), 0)
        );
        assert_ne!(lost, won);
        assert_eq!(won.clone(), won);
    }

    /// Archives hold millions of rows: their size is a budget, and what a
    /// row packs away comes back unchanged.
    #[test]
    fn a_row_stays_small_and_gives_back_what_it_was_given() {
        assert_eq!(std::mem::size_of::<Row>(), 48);
        let placed = Row::new(
            7,
            3,
            10.0,
            12.5,
            true,
            None,
            Detail::Placement {
                rank: 2,
                score: Some(81.25),
            },
        );
        assert_eq!(
            (placed.event(), placed.player, placed.rank(), placed.deviation()),
            (7, 3, Some(2), None)
        );
        assert_eq!(
            placed.detail(),
            DetailRef::Placement {
                rank: 2,
                score: Some(81.25)
            }
        );
        let unscored = Row::new(
            7,
            4,
            25.0,
            20.0,
            true,
            Some([8.0, 7.5]),
            Detail::Placement { rank: 1, score: None },
        );
        assert_eq!(unscored.detail(), DetailRef::Placement { rank: 1, score: None });
        assert_eq!(unscored.deviation(), Some([8.0, 7.5]));
        let matches = Matches {
            matches: Vec::new(),
            byes: vec![2],
            deviations: Vec::new(),
            wins: 1,
            losses: 0,
            draws: 0,
        };
        let played = Row::new(
            8,
            5,
            1500.0,
            1516.0,
            false,
            None,
            Detail::Match(Box::new(matches.clone())),
        );
        assert_eq!(
            (played.detail(), played.rank(), played.counted),
            (DetailRef::Match(&matches), None, false)
        );
        assert_ne!(placed, unscored);
        assert_eq!(played.clone(), played);
    }
}
