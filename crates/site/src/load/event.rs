//! One event file: parse strictly, validate everything that can be checked
//! inside the file, and resolve names to name keys.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;
use toml::value::Datetime;

use ratings_config::toml_error;
use ratings_model::Date;
use ratings_model::country::{MAX_CODE, MAX_PLACE};
use ratings_model::error::{Diagnostic, MAX_SHOWN, not_shown};
use ratings_model::names::{collapse_spaces, name_key, too_long};
use ratings_model::notation::Written;
use ratings_model::scoring::{Points, TieBreak, WrittenPoints};

use super::pieces::{self, List, Listed};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventFile {
    name: Spanned<String>,
    date: Spanned<Datetime>,
    end_date: Option<Spanned<Datetime>>,
    #[serde(default)]
    place: String,
    #[serde(default)]
    country: String,
    players: Option<Spanned<i64>>,
    rounds: Option<Spanned<i64>>,
    boards: Option<Spanned<i64>>,
    #[serde(default)]
    world_championship: bool,
    #[serde(default)]
    circuits: Vec<String>,
    #[serde(default)]
    report: String,
    #[serde(default)]
    results: Listed<Spanned<ResultRow>>,
    format: Option<Spanned<String>>,
    sanctioned: Option<bool>,
    judge_level: Option<Spanned<i64>>,
    #[serde(default)]
    round: Vec<Spanned<RoundTable>>,
    points: Option<Spanned<WrittenPoints>>,
    tiebreaks: Option<Spanned<Vec<String>>>,
    colours: Option<Spanned<bool>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultRow {
    rank: Spanned<i64>,
    name: Spanned<String>,
    nat: Option<Spanned<String>>,
    loc: Option<Spanned<String>>,
}

/// An optional text of a row as written ("" when not given).
fn text_of(value: &Option<Spanned<String>>) -> &str {
    value.as_ref().map_or("", |v| v.get_ref().as_str())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundTable {
    #[serde(default)]
    matches: Vec<Spanned<Vec<Spanned<String>>>>,
    /// Full-point byes.
    #[serde(default)]
    byes: Vec<Spanned<String>>,
    #[serde(default)]
    half_point_byes: Vec<Spanned<String>>,
    #[serde(default)]
    zero_point_byes: Vec<Spanned<String>>,
}

/// A player as written in an event: display spelling and resolved key.
#[derive(Debug, Clone)]
pub struct NameRef {
    pub spelling: String,
    pub key: String,
}

#[derive(Debug)]
pub struct RawPlacement {
    pub rank: u32,
    pub name: NameRef,
    pub nat: String,
    pub loc: String,
}

#[derive(Debug)]
pub struct RawMatch {
    pub a: NameRef,
    pub b: NameRef,
    pub wins_a: u16,
    pub wins_b: u16,
    pub draws: u16,
}

#[derive(Debug, Default)]
pub struct RawRound {
    pub matches: Vec<RawMatch>,
    pub byes: Vec<NameRef>,
    pub half_byes: Vec<NameRef>,
    pub zero_byes: Vec<NameRef>,
    pub forfeits: Vec<(NameRef, NameRef, ratings_model::ForfeitResult)>,
}

/// A validated event whose players are still names (keys), not ids.
#[derive(Debug)]
pub struct RawEvent {
    pub id: String,
    pub file: String,
    pub name: String,
    pub date: Date,
    pub end_date: Option<Date>,
    pub place: String,
    pub country: String,
    pub players: u32,
    pub rounds: Option<u32>,
    pub boards: Option<u32>,
    pub world_championship: bool,
    pub circuits: Vec<String>,
    pub report: String,
    pub results: Vec<RawPlacement>,
    pub format: Option<String>,
    pub sanctioned: bool,
    pub judge_level: u32,
    pub round: Vec<RawRound>,
    pub scoring: Scoring,
}

/// A match event's own `points`, `tiebreaks` and `colours` (`None`: the
/// site's).
#[derive(Debug, Default)]
pub struct Scoring {
    pub points: Option<Points>,
    pub tiebreaks: Option<Vec<TieBreak>>,
    pub colours: Option<bool>,
}

/// What an event file needs from the rest of the site to be checked.
pub struct Lookups<'a> {
    /// Alias name key → canonical name key (from `data/players.toml`).
    pub aliases: &'a HashMap<String, std::sync::Arc<str>>,
    /// Empty when site.toml itself is invalid: formats are then not checked
    /// (its own errors are reported instead of one per match event).
    pub known_formats: &'a [String],
}

struct Checker<'a> {
    path: &'a Path,
    text: &'a str,
    /// Line numbers, made at the first problem.
    lines: ratings_model::error::LazyLineIndex<'a>,
    problems: Vec<Diagnostic>,
    /// Problems beyond [`MAX_SHOWN`], counted, and the last one's offset.
    more: usize,
    last_more: Option<usize>,
}

impl Checker<'_> {
    fn line_column(&self, offset: usize) -> (usize, usize) {
        self.lines.line_column(offset)
    }

    /// A problem at a byte offset of the file.
    fn error_at(&mut self, offset: usize, message: impl Into<String>) {
        if self.problems.len() >= MAX_SHOWN {
            self.more += 1;
            self.last_more = self.last_more.max(Some(offset));
            return;
        }
        let position = Some(self.line_column(offset));
        self.problems.push(Diagnostic {
            path: self.path.to_path_buf(),
            position,
            message: message.into(),
        });
    }

    fn error<T>(&mut self, at: &Spanned<T>, message: impl Into<String>) {
        self.error_at(at.span().start, message);
    }

    /// An error at the line where the top-level key `key` is set (or the
    /// file, if it cannot be found), for values read without a span.
    fn error_at_key(&mut self, key: &str, message: impl Into<String>) {
        let mut start = 0;
        for line in self.text.split_inclusive('\n') {
            let rest = line.trim_start();
            if let Some(after) = rest.strip_prefix(key)
                && after.trim_start().starts_with('=')
            {
                self.error_at(start + (line.len() - rest.len()), message);
                return;
            }
            start += line.len();
        }
        if self.problems.len() >= MAX_SHOWN {
            self.more += 1;
            return;
        }
        self.problems.push(Diagnostic::new(self.path, message));
    }

    fn position<T>(&self, at: &Spanned<T>) -> String {
        let (line, col) = self.line_column(at.span().start);
        format!("line {line}, column {col}")
    }

    /// A whole number in `min..=max`, or an error naming the key.
    fn number(&mut self, v: &Spanned<i64>, key: &str, min: i64, max: i64) -> Option<u32> {
        let n = *v.get_ref();
        if n < min || n > max {
            let message = if n < min {
                format!("`{key}` must be at least {min}, not {n}")
            } else {
                format!("`{key}` = {n} is not plausible (at most {max})")
            };
            self.error(v, message);
            return None;
        }
        u32::try_from(n).ok()
    }

    fn date(&mut self, v: &Spanned<Datetime>, key: &str) -> Option<Date> {
        let dt = v.get_ref();
        match (dt.date, dt.time, dt.offset) {
            (Some(d), None, None) => Some(Date {
                year: i32::from(d.year),
                month: d.month,
                day: d.day,
            }),
            _ => {
                self.error(v, format!("`{key}` must be a date like 2017-07-07 (no time), not {dt}"));
                None
            }
        }
    }

    fn name(&mut self, v: &Spanned<String>, ctx: &Lookups) -> Option<NameRef> {
        let spelling = collapse_spaces(v.get_ref());
        if spelling.is_empty() {
            self.error(v, "player name must not be empty");
            return None;
        }
        if spelling.chars().any(|c| c.is_control()) {
            self.error(v, "player name contains a control character");
            return None;
        }
        if spelling.chars().all(ratings_model::names::is_invisible) {
            self.error(v, "player name has no visible character");
            return None;
        }
        if !ratings_model::names::bidi_balanced(&spelling) {
            self.error(
                v,
                "player name opens a bidi override, embedding or isolate it does not close (or closes one it did not open)",
            );
            return None;
        }
        let length = spelling.chars().count();
        if length > MAX_NAME_CHARS {
            self.error(
                v,
                format!("player name is {length} characters long (at most {MAX_NAME_CHARS})"),
            );
            return None;
        }
        let key = name_key(&spelling);
        let key = ctx.aliases.get(&key).map_or(key, |k| k.to_string());
        Some(NameRef { spelling, key })
    }
}

/// Longest player name accepted, in characters (in events and in
/// `players.toml`): a name is repeated wherever the player appears (each
/// opponent's page, every round of an event, the histories); 10,000-letter
/// names given through short aliases made 3.9 GB of a 2 MB site.
pub const MAX_NAME_CHARS: usize = 200;

/// The most rounds of an event: `rounds`, and the `[[round]]` tables of a
/// match event (a PGN of one pair's 385,683 games imported to as many
/// tables, which `check` held whole: 1.24 GB).
pub const MAX_ROUNDS: usize = 10_000;

/// Most players a single event may declare: far above any real event, far
/// below what would make the percentile or the pages meaningless.
pub const MAX_PLAYERS: i64 = 1_000_000;

/// The `[[results]]` tables of a big event file, read a thousand at a time.
const RESULTS: List<EventFile, Spanned<ResultRow>> = List {
    name: "results",
    piece: |text| {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Piece {
            results: Vec<Spanned<ResultRow>>,
        }
        toml::from_str::<Piece>(text).ok().map(|p| p.results)
    },
    shift: |row, by| {
        let row = pieces::shift(row, by);
        let span = row.span();
        let inner = row.into_inner();
        Spanned::new(
            span,
            ResultRow {
                rank: pieces::shift(inner.rank, by),
                name: pieces::shift(inner.name, by),
                ..inner
            },
        )
    },
    of: |file| &mut file.results,
};

/// Parse and validate one event file.
pub fn parse(path: &Path, id: String, text: &str, ctx: &Lookups) -> Result<RawEvent, Vec<Diagnostic>> {
    parse_counted(path, id, text, ctx).map_err(|refused| refused.into_shown(path))
}

/// An event file's problems: the first [`MAX_SHOWN`], and how many more
/// and the last one's line.
#[derive(Debug)]
pub struct Refused {
    pub shown: Vec<Diagnostic>,
    pub more: usize,
    pub last_line: Option<usize>,
}

impl From<Vec<Diagnostic>> for Refused {
    fn from(shown: Vec<Diagnostic>) -> Self {
        Refused {
            shown,
            more: 0,
            last_line: None,
        }
    }
}

impl Refused {
    /// The problems shown, then the line counting the rest.
    pub fn into_shown(mut self, path: &Path) -> Vec<Diagnostic> {
        if self.more > 0 {
            self.shown.push(not_shown(path, "error", self.more, self.last_line));
        }
        self.shown
    }
}

/// [`parse`], the problems past the first [`MAX_SHOWN`] counted apart.
pub fn parse_counted(path: &Path, id: String, text: &str, ctx: &Lookups) -> Result<RawEvent, Refused> {
    // Too many rounds: refused before the tables are parsed (385,683 of
    // them took 1.24 GB); `match_rounds` checks the tables however written.
    if let Some((at, tables)) = pieces::table_beyond(text, "round", MAX_ROUNDS) {
        return Err(vec![Diagnostic::at(path, text, at..at, too_many_rounds(tables))].into());
    }
    pieces::not_too_dense(path, text)?;
    let file = pieces::read(text, &RESULTS).map_err(|e| vec![toml_error(path, text, &e)])?;
    let mut c = Checker {
        path,
        text,
        lines: ratings_model::error::LazyLineIndex::new(text),
        problems: Vec::new(),
        more: 0,
        last_more: None,
    };

    let name = event_name(&mut c, &file.name);
    text_fields(&mut c, &file);
    let date = c.date(&file.date, "date");
    let end_date = file.end_date.as_ref().and_then(|d| c.date(d, "end_date"));
    if let (Some(start), Some(end), Some(span)) = (date, end_date, &file.end_date)
        && end < start
    {
        c.error(span, format!("`end_date` {end} is before `date` {start}"));
    }
    let declared_players = file
        .players
        .as_ref()
        .and_then(|p| c.number(p, "players", 0, MAX_PLAYERS));
    let rounds = file
        .rounds
        .as_ref()
        .and_then(|r| c.number(r, "rounds", 1, MAX_ROUNDS as i64));
    let boards = file.boards.as_ref().and_then(|b| c.number(b, "boards", 0, MAX_PLAYERS));
    let judge_level = file
        .judge_level
        .as_ref()
        .and_then(|j| c.number(j, "judge_level", 0, 100))
        .unwrap_or(0);

    if !file.results.is_empty() && file.rounds.is_none() && file.round.is_empty() {
        c.error(&file.name, "`rounds` is required in an event with [[results]]");
    }
    let scoring = scoring(&mut c, &file);
    // An event with neither [[results]] nor [[round]] is valid
    // (docs/data-format.md lists no such error): announced, or its standings are
    // not published. No rating includes it.

    let results = placements(&mut c, &file, ctx);

    // Match event.
    let format = event_format(&mut c, &file, ctx);
    let (rounds_played, mut participants) = match_rounds(&mut c, &file, ctx);
    // Players: declared, else derived (docs/data-format.md): the result
    // rows, or everyone in a row or a round of a match event.
    let derived = if file.round.is_empty() {
        results.len()
    } else {
        for r in &results {
            participants.insert(r.name.key.clone(), ());
        }
        participants.len()
    };
    let players = player_count(&mut c, &file, declared_players, derived);

    if !c.problems.is_empty() {
        let last_line = c.last_more.map(|offset| c.line_column(offset).0);
        return Err(Refused {
            shown: c.problems,
            more: c.more,
            last_line,
        });
    }
    Ok(RawEvent {
        id,
        file: path.display().to_string(),
        name,
        date: date.expect("checked above"),
        end_date,
        place: collapse_spaces(&file.place),
        country: collapse_spaces(&file.country),
        players,
        rounds,
        boards,
        world_championship: file.world_championship,
        circuits: file
            .circuits
            .iter()
            .map(|s| collapse_spaces(s))
            .filter(|s| !s.is_empty())
            .collect(),
        report: file.report,
        results,
        format,
        sanctioned: file.sanctioned.unwrap_or(true),
        judge_level,
        round: rounds_played,
        scoring,
    })
}

/// The event's `name`, its spaces collapsed: not empty, visible, and
/// closing every bidi control it opens.
fn event_name(c: &mut Checker, written: &Spanned<String>) -> String {
    let name = collapse_spaces(written.get_ref());
    if name.is_empty() {
        c.error(written, "`name` must not be empty");
    } else if name.chars().all(ratings_model::names::is_invisible) {
        c.error(written, "`name` has no visible character");
    } else if !ratings_model::names::bidi_balanced(&name) {
        c.error(
            written,
            "`name` opens a bidi override, embedding or isolate it does not close (or closes one it did not open)",
        );
    } else if let Some(problem) = too_long(
        "name",
        &name,
        MAX_EVENT_NAME,
        "it is shown on the page of every player of the event",
    ) {
        c.error(written, problem);
    }
    name
}

/// The most characters of an event's `name`: each player's page repeats it
/// (a 1,000,000-letter name of an event of 1,000 players made 2 GB of
/// pages).
pub const MAX_EVENT_NAME: usize = 200;

/// The event's texts hold no control character (an escape sequence, a
/// bell, a C1 control would reach pages, feeds and terminals as they are):
/// only the `report` may have line breaks and tabs.
fn text_fields(c: &mut Checker, file: &EventFile) {
    // (key, value, whether line breaks and tabs are fine)
    let mut fields: Vec<(&str, &str, bool)> = vec![
        ("name", file.name.get_ref(), false),
        ("place", &file.place, false),
        ("country", &file.country, false),
        ("report", &file.report, true),
    ];
    if let Some(format) = &file.format {
        fields.push(("format", format.get_ref(), false));
    }
    fields.extend(file.circuits.iter().map(|c| ("circuits", c.as_str(), false)));
    if let Some(problem) = too_long(
        "place",
        &file.place,
        MAX_PLACE,
        "every circuit page of the event repeats it",
    ) {
        c.error_at_key("place", problem);
    }
    if let Some(problem) = too_long("country", &file.country, MAX_CODE, "a code or a country's name") {
        c.error_at_key("country", problem);
    }
    if file.report.len() > ratings_model::files::MAX_MARKDOWN {
        c.error_at_key(
            "report",
            format!(
                "`report` is {} bytes, more than the {} a Markdown text may have (rendering takes many times its size)",
                file.report.len(),
                ratings_model::files::MAX_MARKDOWN
            ),
        );
    } else if let Some(tables) = ratings_model::tables::too_many_cells(&file.report) {
        c.error_at_key("report", format!("`report`: {tables}"));
    }
    // One error a key: each is placed by looking for the key from the top
    // of the file (40,000 bad `circuits` entries after 1 MB of comments:
    // one scan each, quadratic).
    let mut reported: Vec<&str> = Vec::new();
    for (key, value, lines) in fields {
        let refused = |ch: char| ch.is_control() && !(lines && matches!(ch, '\n' | '\r' | '\t'));
        if reported.contains(&key) {
            continue;
        }
        if let Some(bad) = value.chars().find(|&ch| refused(ch)) {
            reported.push(key);
            c.error_at_key(
                key,
                format!(
                    "`{key}` contains the control character U+{:04X}: remove it (a page or a terminal would act on it)",
                    bad as u32
                ),
            );
        }
    }
}

/// The event's `format`: one some rating counts (when any filters by
/// format), and required with `[[round]]` tables.
fn event_format(c: &mut Checker, file: &EventFile, ctx: &Lookups) -> Option<String> {
    let format = file.format.as_ref().map(|f| collapse_spaces(f.get_ref()));
    if let (Some(f), Some(span)) = (&format, &file.format)
        && !ctx.known_formats.is_empty()
        && !ctx.known_formats.contains(f)
    {
        // The first few: the list is the same for every event, and can be
        // long (every rating's `formats`).
        const SHOWN: usize = 20;
        let mut known = ctx
            .known_formats
            .iter()
            .take(SHOWN)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        if ctx.known_formats.len() > SHOWN {
            known.push_str(&format!(" and {} more", ctx.known_formats.len() - SHOWN));
        }
        let f = ratings_model::names::excerpt(f);
        c.error(span, format!("unknown format {f:?} (known formats: {known})"));
    }
    if format.is_none() && !file.round.is_empty() {
        c.error(&file.round[0], "an event with [[round]] tables needs `format`");
    }
    format
}

/// The event's own `points`, `tiebreaks` and `colours`: for match events
/// only, checked as in `site.toml`.
fn scoring(c: &mut Checker, file: &EventFile) -> Scoring {
    if file.round.is_empty() {
        let given = [
            file.points.as_ref().map(|p| ("points", p.span())),
            file.tiebreaks.as_ref().map(|t| ("tiebreaks", t.span())),
            file.colours.as_ref().map(|k| ("colours", k.span())),
        ];
        for (key, span) in given.into_iter().flatten() {
            c.error_at(
                span.start,
                format!("`{key}` applies to match events only: this event has no [[round]] table"),
            );
        }
        return Scoring::default();
    }
    let points = file
        .points
        .as_ref()
        .and_then(|p| p.get_ref().points().map_err(|problem| c.error(p, problem)).ok());
    let tiebreaks = file.tiebreaks.as_ref().and_then(|t| {
        ratings_model::scoring::tiebreak_list(t.get_ref().iter().map(String::as_str))
            .map_err(|problem| c.error(t, problem))
            .ok()
    });
    Scoring {
        points,
        tiebreaks,
        colours: file.colours.as_ref().map(|k| *k.get_ref()),
    }
}

/// The number of players: `players` if declared (at least the result
/// rows), else `derived` from the rows and rounds; the ranks checked
/// against it.
fn player_count(c: &mut Checker, file: &EventFile, declared: Option<u32>, derived: usize) -> u32 {
    let players = declared.unwrap_or(u32::try_from(derived).unwrap_or(u32::MAX));
    if let Some(p) = &file.players
        && declared.is_some()
        && file.results.len() > players as usize
    {
        c.error(
            p,
            format!("{} result rows but only {players} players", file.results.len()),
        );
    }
    check_ranks(c, file, declared, players);
    players
}

/// The `[[results]]` rows: a player at most once per event.
fn placements(c: &mut Checker, file: &EventFile, ctx: &Lookups) -> Vec<RawPlacement> {
    let mut results = Vec::with_capacity(file.results.len());
    // Each name's first row and spelling (as written, it may hold a
    // million spaces: made again for each duplicate, N x its length).
    let mut seen: HashMap<String, (&Spanned<ResultRow>, String)> = HashMap::with_capacity(file.results.len());
    for row in file.results.iter() {
        let r = row.get_ref();
        let rank = c.number(&r.rank, "rank", 1, MAX_PLAYERS);
        let Some(name_ref) = c.name(&r.name, ctx) else { continue };
        if let Some((first, first_spelling)) = seen.get(&name_ref.key) {
            let where_first = c.position(&first.get_ref().name);
            c.error(
                &r.name,
                format!(
                    "player {:?} appears twice in this event (first as {first_spelling:?} at {where_first})",
                    name_ref.spelling,
                ),
            );
            continue;
        }
        seen.insert(name_ref.key.clone(), (row, name_ref.spelling.clone()));
        for (key, written, limit) in [("nat", &r.nat, MAX_CODE), ("loc", &r.loc, MAX_PLACE)] {
            let value = text_of(written);
            if let Some(written) = written
                && let Some(problem) = too_long(key, value, limit, "it is shown on every page the player is on")
            {
                c.error(written, problem);
            }
            if let Some(bad) = ratings_model::names::control_character(value, false) {
                c.error(
                    &r.name,
                    format!(
                        "this row's `{key}` contains the control character U+{:04X}: remove it",
                        bad as u32
                    ),
                );
            }
        }
        if let Some(rank) = rank {
            results.push(RawPlacement {
                rank,
                name: name_ref,
                nat: collapse_spaces(text_of(&r.nat)),
                loc: collapse_spaces(text_of(&r.loc)),
            });
        }
    }
    results
}

/// The error at the first `[[round]]` table beyond [`MAX_ROUNDS`].
fn too_many_rounds(tables: usize) -> String {
    format!(
        "this is [[round]] table number {} of {tables}: an event has at most {MAX_ROUNDS} rounds (split it into several events)",
        MAX_ROUNDS + 1
    )
}

/// The `[[round]]` tables: a player at most once per round. Also the
/// keys of every participant.
fn match_rounds(c: &mut Checker, file: &EventFile, ctx: &Lookups) -> (Vec<RawRound>, HashMap<String, ()>) {
    let mut participants: HashMap<String, ()> = HashMap::new();
    if let Some(extra) = file.round.get(MAX_ROUNDS) {
        c.error(extra, too_many_rounds(file.round.len()));
        return (Vec::new(), participants);
    }
    let mut rounds_played = Vec::with_capacity(file.round.len());
    for (i, round) in file.round.iter().enumerate() {
        let mut this_round: HashMap<String, ()> = HashMap::new();
        let mut played = RawRound::default();
        // A player appears at most once per round, across the matches and
        // the three lists of byes.
        let mut seat = |c: &mut Checker, at: &Spanned<String>, who: &NameRef| {
            if this_round.insert(who.key.clone(), ()).is_some() {
                c.error(
                    at,
                    format!("player {:?} appears twice in round {}", who.spelling, i + 1),
                );
                false
            } else {
                participants.insert(who.key.clone(), ());
                true
            }
        };
        // An empty round is valid (not among docs/data-format.md's errors): it rates
        // nothing but keeps its number.
        for m in &round.get_ref().matches {
            let Some((a, b, written)) = pairing(c, m, ctx) else {
                continue;
            };
            let ok_a = seat(c, &m.get_ref()[0], &a);
            let ok_b = seat(c, &m.get_ref()[1], &b);
            if !(ok_a && ok_b) {
                continue;
            }
            use ratings_model::ForfeitResult as F;
            use ratings_model::notation::Written as W;
            match written {
                W::Played {
                    first_wins,
                    second_wins,
                    draws,
                } => played.matches.push(RawMatch {
                    a,
                    b,
                    wins_a: first_wins as u16,
                    wins_b: second_wins as u16,
                    draws: draws as u16,
                }),
                W::DrawnGame => played.matches.push(RawMatch {
                    a,
                    b,
                    wins_a: 0,
                    wins_b: 0,
                    draws: 1,
                }),
                W::ForfeitFirst => played.forfeits.push((a, b, F::FirstWins)),
                W::ForfeitSecond => played.forfeits.push((a, b, F::SecondWins)),
                W::DoubleForfeit => played.forfeits.push((a, b, F::Double)),
                W::UnratedDraw => played.forfeits.push((a, b, F::UnratedDraw)),
            }
        }
        let table = round.get_ref();
        for (list, into) in [
            (&table.byes, &mut played.byes),
            (&table.half_point_byes, &mut played.half_byes),
            (&table.zero_point_byes, &mut played.zero_byes),
        ] {
            for bye in list {
                if let Some(who) = c.name(bye, ctx)
                    && seat(c, bye, &who)
                {
                    into.push(who);
                }
            }
        }
        rounds_played.push(played);
    }
    (rounds_played, participants)
}

/// Most games of one kind a match may count (a match line keeps them in
/// 16 bits; far beyond any real match).
const MAX_GAMES: u32 = 999;

/// One `[first, second, result]` of a round: the two players and the
/// result as written (docs/data-format.md, "Results"), or `None` after an
/// error at the match.
fn pairing(c: &mut Checker, m: &Spanned<Vec<Spanned<String>>>, ctx: &Lookups) -> Option<(NameRef, NameRef, Written)> {
    let parts = m.get_ref();
    if parts.len() != 3 {
        c.error(
            m,
            format!(
                "a match is [\"first player\", \"second player\", \"2-1\"], not {} items",
                parts.len()
            ),
        );
        return None;
    }
    for side in &parts[..2] {
        if ratings_model::notation::is_bye_name(side.get_ref()) {
            c.error(
                side,
                format!(
                    "{:?} is not an opponent: a player without one goes in the round's `byes` (a full point), \
                     `half_point_byes` or `zero_point_byes`",
                    side.get_ref()
                ),
            );
            return None;
        }
    }
    let (a, b) = (c.name(&parts[0], ctx), c.name(&parts[1], ctx));
    let written = match ratings_model::notation::parse_result(parts[2].get_ref()) {
        Ok(w) => w,
        Err(why) => {
            c.error(&parts[2], why);
            return None;
        }
    };
    if let Written::Played {
        first_wins,
        second_wins,
        draws,
    } = written
        && [first_wins, second_wins, draws].iter().any(|&n| n > MAX_GAMES)
    {
        c.error(
            &parts[2],
            format!("a match counts at most {MAX_GAMES} games of each kind"),
        );
        return None;
    }
    let (a, b) = (a?, b?);
    if a.key == b.key {
        c.error(&parts[1], format!("player {:?} is paired against themself", a.spelling));
        return None;
    }
    Some((a, b, written))
}

/// Ranks are checked against the declared count, else the derived one
/// (docs/data-format.md: without `players`, it is the number of result rows).
/// Derived from rows as written, so a rejected name does not shrink it;
/// participants of a match event are only known when every name is valid.
fn check_ranks(c: &mut Checker, file: &EventFile, declared_players: Option<u32>, players: u32) {
    let limit = match (&file.players, declared_players) {
        (Some(_), Some(declared)) => Some((declared, String::new())),
        (Some(_), None) => None,
        (None, _) if file.round.is_empty() => Some((
            u32::try_from(file.results.len()).unwrap_or(u32::MAX),
            " (no `players` given: the number of result rows)".to_string(),
        )),
        (None, _) if c.problems.is_empty() => Some((
            players,
            " (no `players` given: the number of distinct participants)".to_string(),
        )),
        (None, _) => None,
    };
    if let Some((limit, why)) = limit {
        for row in file.results.iter() {
            let rank = *row.get_ref().rank.get_ref();
            if rank > i64::from(limit) && rank <= MAX_PLAYERS {
                c.error(
                    &row.get_ref().rank,
                    format!("rank {rank} is larger than the {limit} players of the event{why}"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_shows_its_first_hundred_errors_and_counts_the_rest() {
        // 250 rows naming one player: 249 errors, each holding the path.
        let mut text = String::from("name = \"Cup\"\ndate = 2024-03-02\nrounds = 1\n");
        for rank in 1..=250 {
            text.push_str(&format!("[[results]]\nrank = {rank}\nname = \"Ann Lee\"\n"));
        }
        let aliases = HashMap::new();
        let lookups = Lookups {
            aliases: &aliases,
            known_formats: &[],
        };
        let path = Path::new("data/cup.toml");
        let Err(problems) = parse(path, "cup".into(), &text, &lookups) else {
            panic!("no errors")
        };
        assert_eq!(problems.len(), MAX_SHOWN + 1);
        let twice = |line| {
            format!(
                "data/cup.toml:{line}:8: player \"Ann Lee\" appears twice in this event (first as \"Ann Lee\" at line 6, column 8)"
            )
        };
        assert_eq!(problems[0].to_string(), twice(9));
        assert_eq!(problems[MAX_SHOWN - 1].to_string(), twice(306));
        assert_eq!(
            problems[MAX_SHOWN].to_string(),
            "data/cup.toml:753:1: 149 more errors in this file, up to this line, not shown: fix the first 100 and try again"
        );
    }
}

#[cfg(test)]
mod pieces_tests {
    //! An event file read in pieces ([`pieces`]) is the file read whole.
    use super::pieces::PIECE_ROWS;
    use super::*;

    /// An event file of `rows` result rows, every tenth with a nationality,
    /// a location and a comment, with `extra` after the rows.
    fn event(head: &str, rows: usize, extra: &str) -> String {
        let mut text = format!("name = \"Big Open\"\ndate = 2024-03-02\nrounds = 1\n{head}\n");
        for i in 0..rows {
            text.push_str(&format!("[[results]]\nrank = {}\nname = \"Pläyer {i}\"\n", i / 3 + 1));
            if i % 10 == 0 {
                text.push_str("nat = \"NL\"   # a comment\nloc = \"Ütrecht\"\r\n\n");
            }
        }
        text.push_str(extra);
        text
    }

    /// Everything a row gives: its span, rank, the rank's start, name,
    /// the name's start, nationality and location.
    type Row = (std::ops::Range<usize>, i64, usize, String, usize, String, String);

    fn rows(file: &EventFile) -> Vec<Row> {
        file.results
            .iter()
            .map(|r| {
                let row = r.get_ref();
                (
                    r.span(),
                    *row.rank.get_ref(),
                    row.rank.span().start,
                    row.name.get_ref().clone(),
                    row.name.span().start,
                    text_of(&row.nat).to_string(),
                    text_of(&row.loc).to_string(),
                )
            })
            .collect()
    }

    /// `read` gives what `toml::from_str` gives, in pieces or not.
    fn same(text: &str) {
        let whole: EventFile = toml::from_str(text).expect("valid");
        let read = pieces::read(text, &RESULTS).expect("valid");
        assert_eq!(rows(&read), rows(&whole));
        assert_eq!(read.name.get_ref(), whole.name.get_ref());
        assert_eq!(read.name.span(), whole.name.span());
        assert_eq!(read.report, whole.report);
        assert_eq!(read.round.len(), whole.round.len());
        for (a, b) in read.round.iter().zip(&whole.round) {
            assert_eq!(a.span(), b.span());
            let matches = |r: &RoundTableRef| -> Vec<(std::ops::Range<usize>, Vec<String>)> {
                r.get_ref()
                    .matches
                    .iter()
                    .map(|m| (m.span(), m.get_ref().iter().map(|s| s.get_ref().clone()).collect()))
                    .collect()
            };
            assert_eq!(matches(a), matches(b));
        }
    }
    type RoundTableRef = Spanned<RoundTable>;

    #[test]
    fn a_big_file_reads_in_pieces_as_it_reads_whole() {
        let text = event("", 3 * PIECE_ROWS + 17, "");
        assert!(pieces::only_in_pieces(&text, &RESULTS).is_some(), "read in pieces");
        same(&text);
        // Rounds after the rows, a report with `[[results]]` in it, rows after the rounds.
        let text = event(
            "report = '''\n[[results]]\nrank = 1\n'''",
            2 * PIECE_ROWS,
            "[[round]]\nmatches = [\n  [\"A\", \"B\", \"1-0\"],\n]\n\n[[results]]\nrank = 9\nname = \"Last\"\n",
        );
        assert_eq!(pieces::listed(&text, "results"), 2 * PIECE_ROWS + 1);
        assert!(pieces::only_in_pieces(&text, &RESULTS).is_some(), "read in pieces");
        same(&text);
        let whole: EventFile = toml::from_str(&text).unwrap();
        assert_eq!(whole.report, "[[results]]\nrank = 1\n");
        assert_eq!(whole.results.last().unwrap().get_ref().name.get_ref(), "Last");
    }

    #[test]
    fn a_file_read_in_pieces_has_the_errors_of_the_whole() {
        let error = |text: &str| {
            let whole = toml::from_str::<EventFile>(text).err().expect("an error");
            let read = pieces::read(text, &RESULTS).err().expect("an error");
            assert_eq!((read.message(), read.span()), (whole.message(), whole.span()));
            read.message().to_string()
        };
        let rows = 2 * PIECE_ROWS + 5;
        let valid = event("", rows, "");
        // A wrong type in row 1,500; an unknown key; a plain `[results]` table after the rows.
        let at = valid.match_indices("[[results]]").nth(1500).unwrap().0;
        let mut text = valid.clone();
        text.insert_str(at + "[[results]]\n".len(), "colour = \"white\"\n");
        assert!(error(&text).contains("colour"));
        let text = valid.replacen("rank = 500\n", "rank = \"500\"\n", 1);
        assert!(error(&text).contains("string"));
        error(&format!("{valid}[results]\nrank = 1\n"));
        // `[[results]]` also as a key of the event: a duplicate.
        error(&event("results = []", rows, ""));
        // A row inside an array is not a table of its own.
        error(&event("x = [\n[[results]]\nrank = 1\nname = \"A\"\n", rows, "[1]]\n"));
        // `[[ results ]]` is read whole, correctly.
        same(&event("", rows, "[[ results ]]\nrank = 1\nname = \"Spaced\"\n"));
    }
}
