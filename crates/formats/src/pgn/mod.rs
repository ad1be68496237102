//! PGN game collections: games grouped into events by `Event`, `Site` and the
//! year of `Date`, one game one match, White first.
//!
//! The reader streams (see `reader.rs`): only the current game's tags are held,
//! never its moves. Choices of ours (documented with the import, issue 26):
//! - Round numbers are kept as written (`3.1` is round 3): rounds without a game
//!   stay empty, with a warning, so that a crosstable's "round 5" is the
//!   organiser's round 5. Numbers above 1000 (a date written as a round) count as
//!   no round. An event whose highest round is more than
//!   [`MAX_EMPTY_ROUNDS`] beyond its number of games is a fragment of a
//!   longer event: its rounds are numbered 1, 2, … in their order, with a
//!   warning naming the Round tags (one game in `Round "1000"` made 999
//!   empty rounds, a 23 KB event file from 126 bytes).
//! - `Event` and `Site` are kept as written, `?` included.
//! - A game whose movetext ends without a result (a cut file, or the next game's
//!   tags) takes its `Result` tag; where both exist and differ, the movetext
//!   wins (it is what the program wrote last). Each with one warning per event.
//! - `Date` missing: `EventDate`, then `UTCDate` (lichess). A year-less date groups with the other
//!   year-less games of the same event and site.
//! - An event all of whose games are skipped is not returned; its warnings go
//!   to `Import::warnings`.
//! - Events of one `Event` name and year under several `Site`s whose players
//!   meet are one event (a broadcast naming each board's venue), with a
//!   warning; with no player in common they stay apart.
//! - A blank line after a game's tags, then a tag: the next game (files of
//!   tags only, without movetext, as lichess broadcasts export them).

mod reader;
mod rounds;

use std::collections::HashMap;
use std::io::Read;

use crate::date::{make_date, parse_date};
use crate::model::{Date, Encoding, Entrant, Game, GameResult, Import, ImportError, Position, Tournament};
use crate::names;
use crate::text::excerpt;
use reader::{GameTags, Reader, Termination};
use rounds::Seat;

/// A count of one kind of problem in one event, and where it first happened:
/// one warning per event instead of thousands.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    count: usize,
    first_line: usize,
}

impl Tally {
    fn add(&mut self, line: usize) {
        if self.count == 0 {
            self.first_line = line;
        }
        self.count += 1;
    }

    fn merge(&mut self, other: Tally) {
        if other.count > 0 {
            if self.count == 0 || other.first_line < self.first_line {
                self.first_line = other.first_line;
            }
            self.count += other.count;
        }
    }
}

#[derive(Default)]
struct Tallies {
    unfinished: Tally,
    no_players: Tally,
    same_player: Tally,
    no_result_token: Tally,
    result_mismatch: Tally,
    partial_date: Tally,
    bad_date: Tally,
}

struct PgnGame {
    line: usize,
    /// Where the White, Black and Result tags are.
    at: [Position; 3],
    seat: Seat,
    result: GameResult,
}

/// The first and last of some dates.
#[derive(Clone, Copy, Default)]
struct Span {
    start: Option<Date>,
    end: Option<Date>,
}

impl Span {
    fn add(&mut self, d: Date) {
        self.start = Some(self.start.map_or(d, |s| s.min(d)));
        self.end = Some(self.end.map_or(d, |e| e.max(d)));
    }

    fn merge(&mut self, other: Span) {
        for d in [other.start, other.end].into_iter().flatten() {
            self.add(d);
        }
    }
}

#[derive(Default)]
struct Event {
    name: String,
    site: String,
    games: Vec<PgnGame>,
    players: Vec<Entrant>,
    by_name: HashMap<String, usize>,
    /// The first and last of the games' full dates.
    dated: Span,
    /// The same of dates with unknown parts (`2024.??.??` as 2024-01-01):
    /// the event's dates only when no game has a full date.
    partly_dated: Span,
    tallies: Tallies,
    /// Sites of the same tournament merged into this event (the line of
    /// their first game, the site).
    other_sites: Vec<(usize, String)>,
    /// The line of the event's first game.
    games_line: usize,
}

#[derive(Default)]
struct Collector {
    events: Vec<Event>,
    index: HashMap<(String, String, Option<i32>), usize>,
    /// The year of each event's key, to tell one event played at several sites.
    years: Vec<Option<i32>>,
}

/// Reads a whole PGN file held in memory.
pub fn parse(bytes: &[u8]) -> Result<Import, ImportError> {
    parse_reader(bytes)
}

/// Reads PGN from any reader, 64 KiB at a time: memory holds the events found,
/// never the file.
pub fn parse_reader<R: Read>(mut input: R) -> Result<Import, ImportError> {
    let mut buffer = vec![0u8; 64 * 1024];
    let mut reader = Reader::new();
    let mut collector = Collector::default();
    // The first bytes must be seen together to tell UTF-16 by its byte-order mark.
    let mut filled = read_some(&mut input, &mut buffer)?;
    while filled == 1 {
        match read_some(&mut input, &mut buffer[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    let utf16 = if buffer[..filled].starts_with(&[0xFF, 0xFE]) || buffer[..filled].starts_with(&[0xFE, 0xFF]) {
        // A Windows export: decoded piece by piece as UTF-8 is read (read
        // whole and decoded twice, a 200 MB file took 1 GB).
        let mut utf16 = Utf16::new(buffer[0] == 0xFF);
        let mut text = String::new();
        let mut start = 2;
        while filled > 0 {
            text.clear();
            utf16.decode(&buffer[start..filled], &mut text);
            reader.feed(text.as_bytes(), &mut |g, t| collector.add(g, t))?;
            start = 0;
            filled = read_some(&mut input, &mut buffer)?;
        }
        text.clear();
        utf16.finish(&mut text);
        reader.feed(text.as_bytes(), &mut |g, t| collector.add(g, t))?;
        Some(if utf16.little {
            Encoding::Utf16Le
        } else {
            Encoding::Utf16Be
        })
    } else {
        while filled > 0 {
            reader.feed(&buffer[..filled], &mut |g, t| collector.add(g, t))?;
            filled = read_some(&mut input, &mut buffer)?;
        }
        None
    };
    let windows_1252 = reader.used_windows_1252;
    reader.finish(&mut |g, t| collector.add(g, t));
    let encoding = match utf16 {
        Some(encoding) => encoding,
        None if windows_1252 => Encoding::Windows1252,
        None => Encoding::Utf8,
    };
    collector.into_import(encoding)
}

/// UTF-16 decoded a piece at a time: a byte or a high surrogate that ends
/// one piece waits for the next. Unpaired surrogates become U+FFFD, a last
/// odd byte is dropped, as when a whole file is decoded.
struct Utf16 {
    little: bool,
    odd: Option<u8>,
    high: Option<u16>,
}

impl Utf16 {
    fn new(little: bool) -> Utf16 {
        Utf16 {
            little,
            odd: None,
            high: None,
        }
    }

    fn decode(&mut self, bytes: &[u8], out: &mut String) {
        let mut units = Vec::with_capacity(bytes.len() / 2 + 2);
        units.extend(self.high.take());
        let mut bytes = bytes.iter().copied();
        if let Some(first) = self.odd.take() {
            match bytes.next() {
                Some(second) => units.push(self.unit(first, second)),
                None => self.odd = Some(first),
            }
        }
        loop {
            match (bytes.next(), bytes.next()) {
                (Some(a), Some(b)) => units.push(self.unit(a, b)),
                (Some(a), None) => {
                    self.odd = Some(a);
                    break;
                }
                _ => break,
            }
        }
        if units.last().is_some_and(|u| (0xD800..0xDC00).contains(u)) {
            self.high = units.pop();
        }
        out.extend(char::decode_utf16(units).map(|c| c.unwrap_or('\u{FFFD}')));
    }

    fn unit(&self, a: u8, b: u8) -> u16 {
        if self.little {
            u16::from_le_bytes([a, b])
        } else {
            u16::from_be_bytes([a, b])
        }
    }

    /// The end of the input: a high surrogate left alone.
    fn finish(&mut self, out: &mut String) {
        if self.high.take().is_some() {
            out.push('\u{FFFD}');
        }
    }
}

fn read_error(e: std::io::Error) -> ImportError {
    ImportError::new(0, None, format!("could not read the file: {e}"))
}

/// One `read`, retried when interrupted; 0 at the end of the input.
fn read_some<R: Read>(input: &mut R, buffer: &mut [u8]) -> Result<usize, ImportError> {
    loop {
        match input.read(buffer) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            other => return other.map_err(read_error),
        }
    }
}

/// `YYYY.MM.DD` with `??` for what is unknown: the first day of what is known.
/// `None` when the year is unknown. Other forms go to the general date reader.
fn game_date(text: &str) -> Result<Option<(Date, bool)>, String> {
    let parts: Vec<&str> = text.split(['.', '-', '/']).map(str::trim).collect();
    let unknown = |p: &str| !p.is_empty() && p.chars().all(|c| c == '?');
    match parts.as_slice() {
        [year, month, day] if unknown(month) || unknown(day) || unknown(year) => {
            if unknown(year) {
                return Ok(None);
            }
            let year: i32 = year.parse().map_err(|_| format!("`{}` is not a date", excerpt(text)))?;
            let month: u32 = if unknown(month) {
                1
            } else {
                month
                    .parse()
                    .map_err(|_| format!("`{}` is not a date", excerpt(text)))?
            };
            let day: u32 = if unknown(day) {
                1
            } else {
                day.parse().map_err(|_| format!("`{}` is not a date", excerpt(text)))?
            };
            make_date(year, month, day).map(|d| Some((d, true)))
        }
        _ if unknown(text) => Ok(None),
        _ => parse_date(text).map(|d| Some((d, false))),
    }
}

/// How far an event's highest round may run past its number of games, as
/// for CSV: a file of an event's last rounds keeps their numbers (a round
/// is only empty when later ones have games), and the rounds of an event
/// file stay linear in its games.
pub const MAX_EMPTY_ROUNDS: usize = 16;

/// The rounds that have games, numbered 1, 2, … in their order; returns
/// how many.
fn renumber(placement: &mut rounds::Placement) -> u32 {
    let mut used = placement.rounds.clone();
    used.sort_unstable();
    used.dedup();
    let new = |r: u32| used.partition_point(|&u| u < r) as u32 + 1;
    for r in &mut placement.rounds {
        *r = new(*r);
    }
    if placement.last_numbered > 0 {
        placement.last_numbered = new(placement.last_numbered);
    }
    used.len() as u32
}

/// `3` and `3.1` (round.board) are round 3; anything else has no round.
fn round_number(text: Option<&str>) -> Option<u32> {
    let head = text?.split('.').next()?.trim();
    head.parse::<u32>().ok().filter(|r| (1..=1000).contains(r))
}

fn valid_name(name: &Option<String>) -> Option<String> {
    let name = names::tidy(name.as_deref()?);
    (!name.is_empty() && name != "?" && name != "-").then_some(name)
}

fn tag_result(tag: Option<&str>) -> Option<Termination> {
    tag.and_then(|t| Termination::of(t.trim().as_bytes()))
}

impl Collector {
    fn event_for(&mut self, tags: &GameTags, date: Option<Date>) -> &mut Event {
        let name = tags.event.clone().unwrap_or_default();
        let site = tags.site.clone().unwrap_or_default();
        let key = (name.clone(), site.clone(), date.map(|d| d.year));
        let next = self.events.len();
        let year = key.2;
        let index = *self.index.entry(key).or_insert(next);
        if index == next {
            self.events.push(Event {
                name,
                site,
                games_line: tags.line,
                ..Event::default()
            });
            self.years.push(year);
        }
        &mut self.events[index]
    }

    fn add(&mut self, tags: GameTags, termination: Termination) {
        let line = tags.line;
        let date_text = tags
            .date
            .as_deref()
            .or(tags.event_date.as_deref())
            .or(tags.utc_date.as_deref())
            .unwrap_or("????.??.??");
        let date = game_date(date_text);
        let event = self.event_for(&tags, date.clone().ok().flatten().map(|(d, _)| d));
        let Some(result) = event.result_of(&tags, termination) else {
            return;
        };
        let (Some(white), Some(black)) = (valid_name(&tags.white), valid_name(&tags.black)) else {
            return event.tallies.no_players.add(line);
        };
        if white == black {
            return event.tallies.same_player.add(line);
        }
        // Only games that count date the event.
        match date {
            Ok(Some((d, partial))) => {
                if partial {
                    event.tallies.partial_date.add(line);
                    event.partly_dated.add(d);
                } else {
                    event.dated.add(d);
                }
            }
            Ok(None) => {}
            Err(_) => event.tallies.bad_date.add(line),
        }
        let white = event.entrant(
            &white,
            tags.white_elo.as_deref(),
            tags.white_fide_id.as_deref(),
            tags.white_title.as_deref(),
        );
        let black = event.entrant(
            &black,
            tags.black_elo.as_deref(),
            tags.black_fide_id.as_deref(),
            tags.black_title.as_deref(),
        );
        let round = round_number(tags.round.as_deref());
        for &i in &[white, black] {
            if event.players[i].at == (0, 0) {
                event.players[i].at = (line, 1);
            }
        }
        event.games.push(PgnGame {
            line,
            at: [(line, 1); 3],
            seat: Seat { round, white, black },
            result,
        });
    }

    /// One tournament played at several sites (a broadcast that names the
    /// venue of each board: `New York` and `48 Wall Street, New York`): events
    /// of one `Event` name and year whose players meet across their sites
    /// are one event, with a warning naming the sites. Groups with no player
    /// in common stay apart (two clubs' "Club Championship").
    fn merge_sites(&mut self) {
        let mut by_name: HashMap<(&str, Option<i32>), Vec<usize>> = HashMap::new();
        for (i, e) in self.events.iter().enumerate() {
            by_name.entry((e.name.as_str(), self.years[i])).or_default().push(i);
        }
        let mut groups: Vec<Vec<usize>> = by_name.into_values().filter(|g| g.len() > 1).collect();
        groups.sort();
        let mut merged_into: Vec<Option<usize>> = vec![None; self.events.len()];
        for group in groups {
            // Each event joins the first earlier one of the group it shares a
            // player with (looked up by name: linear in the players).
            let mut owner_of: HashMap<&str, usize> = HashMap::new();
            for &i in &group {
                let players = &self.events[i].players;
                let target = players
                    .iter()
                    .find_map(|p| owner_of.get(p.surname_first.as_str()).copied())
                    .unwrap_or(i);
                for p in players {
                    owner_of.entry(p.surname_first.as_str()).or_insert(target);
                }
                if target != i {
                    merged_into[i] = Some(target);
                }
            }
        }
        for i in (0..self.events.len()).rev() {
            if let Some(target) = merged_into[i] {
                let from = std::mem::take(&mut self.events[i]);
                self.events[target].absorb(from);
            }
        }
        // File order, as if each event's games had been read as one event:
        // sorted once per event that took others in (sorting at each merge
        // was quadratic in a lichess export's site per game).
        let mut absorbed = vec![false; self.events.len()];
        for target in merged_into.iter().flatten() {
            absorbed[*target] = true;
        }
        for (event, _) in self.events.iter_mut().zip(&absorbed).filter(|(_, a)| **a) {
            event.games.sort_by_key(|g| g.line);
        }
        let mut keep = merged_into.iter().map(Option::is_none);
        self.events.retain(|_| keep.next().unwrap_or(true));
    }

    fn into_import(mut self, encoding: Encoding) -> Result<Import, ImportError> {
        self.merge_sites();
        if self.events.is_empty() {
            return Err(ImportError::new(
                0,
                None,
                "no games (no `[Tag \"value\"]` lines, no results): not a PGN file",
            ));
        }
        let mut import = Import {
            encoding,
            tournaments: Vec::new(),
            warnings: Vec::new(),
        };
        for event in self.events {
            let tournament = event.build();
            if tournament.round_results.iter().all(Vec::is_empty) {
                let name = excerpt(&tournament.name).into_owned();
                import
                    .warnings
                    .push(((0, 0), format!("event `{name}`: no game could be imported")));
                import.warnings.extend(
                    tournament
                        .warnings
                        .into_iter()
                        .map(|(l, w)| (l, format!("event `{name}`: {w}"))),
                );
            } else {
                import.tournaments.push(tournament);
            }
        }
        Ok(import)
    }
}

impl Event {
    /// Takes in the games of the same tournament read under another site.
    fn absorb(&mut self, other: Event) {
        let map: Vec<usize> = other
            .players
            .into_iter()
            .map(|p| {
                let next = self.players.len();
                let index = *self.by_name.entry(p.surname_first.clone()).or_insert(next);
                if index == next {
                    self.players.push(p);
                }
                index
            })
            .collect();
        for mut game in other.games {
            game.seat.white = map[game.seat.white];
            game.seat.black = map[game.seat.black];
            self.games.push(game);
        }
        self.dated.merge(other.dated);
        self.partly_dated.merge(other.partly_dated);
        let t = &mut self.tallies;
        let o = other.tallies;
        for (mine, theirs) in [
            (&mut t.unfinished, o.unfinished),
            (&mut t.no_players, o.no_players),
            (&mut t.same_player, o.same_player),
            (&mut t.no_result_token, o.no_result_token),
            (&mut t.result_mismatch, o.result_mismatch),
            (&mut t.partial_date, o.partial_date),
            (&mut t.bad_date, o.bad_date),
        ] {
            mine.merge(theirs);
        }
        self.other_sites.push((other.games_line, other.site));
        self.other_sites.extend(other.other_sites);
    }

    /// The game's result, or `None` (counted) when the game cannot count.
    fn result_of(&mut self, tags: &GameTags, termination: Termination) -> Option<GameResult> {
        let tag = tag_result(tags.result.as_deref());
        let termination = match (termination, tag) {
            (Termination::Missing, Some(tag)) => {
                self.tallies.no_result_token.add(tags.line);
                tag
            }
            (moves, Some(tag)) if moves != tag => {
                self.tallies.result_mismatch.add(tags.line);
                moves
            }
            (moves, _) => moves,
        };
        match termination {
            Termination::WhiteWins => Some(GameResult::WhiteWins),
            Termination::BlackWins => Some(GameResult::BlackWins),
            Termination::Draw => Some(GameResult::Draw),
            Termination::Unfinished | Termination::Missing => {
                self.tallies.unfinished.add(tags.line);
                None
            }
        }
    }

    fn entrant(&mut self, name: &str, elo: Option<&str>, fide_id: Option<&str>, title: Option<&str>) -> usize {
        let next = self.players.len();
        let index = *self.by_name.entry(name.to_owned()).or_insert(next);
        if index == next {
            self.players.push(names::entrant(name));
        }
        let entrant = &mut self.players[index];
        let number = |text: Option<&str>| text.and_then(|t| t.trim().parse::<u64>().ok()).filter(|&n| n > 0);
        entrant.rating = entrant.rating.or(number(elo).and_then(|n| u32::try_from(n).ok()));
        entrant.fide_id = entrant.fide_id.or(number(fide_id));
        if entrant.title.is_empty() && !matches!(title, None | Some("" | "-" | "?")) {
            entrant.title = title.unwrap_or_default().to_owned();
        }
        index
    }

    fn build(self) -> Tournament {
        let seats: Vec<Seat> = self.games.iter().map(|g| g.seat).collect();
        let mut placement = rounds::place(&seats);
        let mut rounds = placement.rounds.iter().copied().max().unwrap_or(0);
        let renumbered = (rounds as usize > self.games.len() + MAX_EMPTY_ROUNDS).then(|| {
            let written = seats.iter().filter_map(|s| s.round);
            let tags = (written.clone().min().unwrap_or(0), written.max().unwrap_or(0));
            rounds = renumber(&mut placement);
            tags
        });
        // An event is dated by its fully known game dates; a game of unknown
        // day or month (`2024.??.??`) only dates an event that has no other.
        let dates = if self.dated.start.is_some() {
            self.dated
        } else {
            self.partly_dated
        };
        let mut t = Tournament {
            at: (self.games_line, 1),
            name: self.name,
            place: self.site,
            start: dates.start,
            end: dates.end,
            rounds,
            players: self.players,
            round_results: vec![Vec::new(); rounds as usize],
            byes: vec![Vec::new(); rounds as usize],
            ..Tournament::default()
        };
        let moved = Tally {
            count: placement.moved.len(),
            first_line: placement.moved.iter().map(|&i| self.games[i].line).min().unwrap_or(0),
        };
        let mut unnumbered = Tally::default();
        for (game, &round) in self.games.into_iter().zip(&placement.rounds) {
            if game.seat.round.is_none() {
                unnumbered.add(game.line);
            }
            t.round_results[round as usize - 1].push(Game {
                white: game.seat.white,
                black: game.seat.black,
                result: game.result,
                colours_known: true,
                at: game.at,
            });
        }
        if let Some((first, last)) = renumbered {
            let games = t.round_results.iter().map(Vec::len).sum::<usize>();
            let tags = if first == last {
                format!("Round {first}")
            } else {
                format!("Round {first} to {last}")
            };
            let numbered = if rounds == 1 {
                "its round is numbered 1".to_owned()
            } else {
                format!("its {rounds} rounds are numbered 1 to {rounds} in their order")
            };
            t.warn(
                t.at.0,
                format!(
                    "{tags} in an event of {games} game{}: more than {MAX_EMPTY_ROUNDS} rounds beyond its games, \
                     so taken as part of a longer event; {numbered}",
                    if games == 1 { "" } else { "s" }
                ),
            );
        }
        let fully_dated = self.dated.start.is_some();
        report(
            &mut t,
            &self.tallies,
            unnumbered,
            moved,
            placement.last_numbered,
            fully_dated,
        );
        // At most a few sites by name, then how many more: a lichess export
        // names a Site per game.
        const NAMED: usize = 3;
        for (line, site) in self.other_sites.iter().take(NAMED) {
            t.warnings.push((
                (*line, 0),
                format!(
                    "the games under Site `{}` have players of those under Site `{}`: one event",
                    excerpt(site),
                    excerpt(&t.place)
                ),
            ));
        }
        if let Some(&(line, _)) = self.other_sites.get(NAMED) {
            let more = self.other_sites.len() - NAMED;
            t.warnings.push((
                (line, 0),
                format!(
                    "and {more} more Site{} with players of those under Site `{}`: all one event",
                    if more == 1 { "" } else { "s" },
                    excerpt(&t.place)
                ),
            ));
        }
        t
    }
}

fn report(t: &mut Tournament, tallies: &Tallies, unnumbered: Tally, moved: Tally, after: u32, fully_dated: bool) {
    // What happened to one game, and to several.
    let mut say = |tally: Tally, one: &str, many: &str| {
        if tally.count > 0 {
            let what = if tally.count == 1 { one } else { many };
            let first = if tally.count == 1 {
                "at this line"
            } else {
                "the first at this line"
            };
            t.warnings
                .push(((tally.first_line, 0), format!("{} {what} ({first})", tally.count)));
        }
    };
    say(
        tallies.unfinished,
        "unfinished game (`*` or no result) skipped",
        "unfinished games (`*` or no result) skipped",
    );
    say(
        tallies.no_players,
        "game without both a White and a Black name skipped",
        "games without both a White and a Black name skipped",
    );
    say(
        tallies.same_player,
        "game of a player against the same name skipped",
        "games of a player against the same name skipped",
    );
    say(
        tallies.no_result_token,
        "game whose moves end without a result takes its Result tag",
        "games whose moves end without a result take their Result tag",
    );
    say(
        tallies.result_mismatch,
        "game whose Result tag differs from the result after the moves keeps the latter",
        "games whose Result tag differs from the result after the moves keep the latter",
    );
    if fully_dated {
        say(
            tallies.partial_date,
            "game with unknown date parts does not date the event (its games of full date do)",
            "games with unknown date parts do not date the event (its games of full date do)",
        );
    } else {
        say(
            tallies.partial_date,
            "game with unknown date parts: the event is dated the first day of what is known",
            "games with unknown date parts: the event is dated the first day of what is known",
        );
    }
    say(
        tallies.bad_date,
        "game date could not be read",
        "game dates could not be read",
    );
    let place = if after == 0 {
        "in file order".to_owned()
    } else {
        format!("after round {after}")
    };
    say(
        unnumbered,
        &format!("game without a round number gets a round of its own, {place}"),
        &format!("games without a round number each get a round of their own, {place}"),
    );
    let moved_to = "moved to the next round where both players are free";
    say(
        moved,
        &format!("game that would put a player twice in one round {moved_to}"),
        &format!("games that would put a player twice in one round {moved_to}"),
    );
    let empty: Vec<String> = (1..=after as usize)
        .filter(|&r| t.round_results[r - 1].is_empty())
        .map(|r| r.to_string())
        .collect();
    match empty.as_slice() {
        [] => {}
        [round] => t.warn(0, format!("round {round} has no game in this file")),
        _ => t.warn(0, format!("rounds {} have no game in this file", empty.join(", "))),
    }
}
