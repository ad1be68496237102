//! Tournaments read by `ratings-formats` (FIDE TRF, PGN, CSV) → event files in
//! the format of docs/data-format.md: one `[[round]]` table per round (matches,
//! the three bye lists), the file's final ranks as `[[results]]`, and the
//! players' FIDE ids for `data/players.toml` (see [`crate::players`]).
//!
//! Every event file is checked with the event loader of a build before it is
//! returned: an import always gives files that load.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use ratings_formats::{ByeKind, Entrant, Format, GameResult, Position, Tournament};
use ratings_model::Date;
use ratings_model::error::{Diagnostic, FirstShown, MAX_SHOWN, Shown, not_shown};
use ratings_model::names::name_key;
use ratings_site::load::event;

use crate::quoted;

/// One event file an import would write.
#[derive(Debug, Clone)]
pub struct EventFile {
    /// Where it goes under `data/`: `2024/2024-03-02-spring-open.toml`.
    pub rel_path: String,
    pub name: String,
    pub date: Date,
    pub toml: String,
    /// "24 players, 7 rounds, 84 games, 3 byes, final ranks".
    pub summary: String,
}

/// A player with a FIDE id, as an event file names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FidePlayer {
    pub id: u64,
    pub name: String,
    pub nat: String,
}

/// What one TRF, PGN or CSV file gives.
#[derive(Debug, Default)]
pub struct FileImport {
    pub events: Vec<EventFile>,
    /// What the import noticed but did not stop for (line of the file):
    /// the first [`MAX_SHOWN`], then a line counting the rest.
    pub warnings: Vec<Diagnostic>,
    /// The warnings of the file, shown or not.
    pub warning_count: usize,
    /// Players with a FIDE id, in file order (one per id and event).
    pub fide_players: Vec<FidePlayer>,
    /// How the text was decoded ("UTF-8", "Windows-1252 (Latin-1)", …).
    pub encoding: &'static str,
}

/// The name of a format in messages.
pub fn format_name(format: Format) -> &'static str {
    match format {
        Format::Trf => "FIDE TRF",
        Format::Pgn => "PGN",
        Format::Csv => "CSV",
        Format::Unknown => "unknown",
    }
}

/// Options of the conversion.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The events' `format` (required for match events); `None`: "Chess" for
    /// TRF and PGN, "Game" for CSV.
    pub game_format: Option<String>,
    /// Event names → the name the event file uses, for the players of a FIDE id
    /// already in players.toml: `FIDE id → registry name`.
    pub fide_names: HashMap<u64, String>,
}

/// A file read by [`read`]: PGN and CSV tournaments whole; a TRF file's
/// sections each paired only when [`convert`] reaches it, and dropped once
/// its event file is written, so that an import holds one section's games
/// and byes at a time.
pub enum Parsed {
    /// A file read whole, and how many of its own warnings were dropped
    /// (see [`Parsed::count_warnings_only`]).
    Whole(ratings_formats::Import, usize),
    Trf(ratings_formats::trf::Sections),
}

impl Parsed {
    fn encoding(&self) -> ratings_formats::Encoding {
        match self {
            Parsed::Whole(import, _) => import.encoding,
            Parsed::Trf(sections) => sections.encoding,
        }
    }

    /// Every tournament's players.
    fn players(&self) -> Box<dyn Iterator<Item = &Entrant> + '_> {
        match self {
            Parsed::Whole(import, _) => Box::new(import.tournaments.iter().flat_map(|t| &t.players)),
            Parsed::Trf(sections) => Box::new(sections.players()),
        }
    }

    /// The reader's warnings, held or counted.
    pub fn warning_count(&self) -> usize {
        match self {
            Parsed::Whole(import, dropped) => {
                let tournaments = import.tournaments.iter().map(|t| t.warnings.len() + t.more_warnings.0);
                import.warnings.len() + dropped + tournaments.sum::<usize>()
            }
            Parsed::Trf(sections) => sections.warning_count(),
        }
    }

    /// From here on the reader's warnings are only counted: for a file
    /// whose warnings will not be shown (those of the files before it
    /// fill what an import shows).
    pub fn count_warnings_only(&mut self) {
        match self {
            Parsed::Whole(import, dropped) => {
                *dropped += std::mem::take(&mut import.warnings).len();
                for t in &mut import.tournaments {
                    let last = t.warnings.iter().map(|w| w.0.0).max().unwrap_or(0);
                    let n = std::mem::take(&mut t.warnings).len();
                    t.more_warnings = (t.more_warnings.0 + n, t.more_warnings.1.max(last));
                }
            }
            Parsed::Trf(sections) => sections.count_warnings_only(),
        }
    }

    /// Every tournament's name.
    fn names(&self) -> Box<dyn Iterator<Item = &str> + '_> {
        match self {
            Parsed::Whole(import, _) => Box::new(import.tournaments.iter().map(|t| t.name.as_str())),
            Parsed::Trf(sections) => Box::new(sections.names()),
        }
    }

    /// The file's own warnings, and its tournaments one at a time. A TRF
    /// section for which `too_big(players, rounds at least)` holds is not
    /// paired: it comes with `Some(rounds)`, its players and no rounds.
    fn split<'a>(
        self,
        too_big: impl Fn(&mut dyn Iterator<Item = &Entrant>, usize) -> bool + 'a,
    ) -> (Vec<ratings_formats::Warning>, (usize, usize), Tournaments<'a>) {
        match self {
            Parsed::Whole(import, dropped) => (
                import.warnings,
                (dropped, 0),
                Box::new(import.tournaments.into_iter().map(|t| (t, None))),
            ),
            Parsed::Trf(mut sections) => {
                let warnings = std::mem::take(&mut sections.warnings);
                let more = sections.more_warnings;
                let next = move || {
                    let (refused, rounds) = {
                        let (mut players, rounds) = sections.peek()?;
                        (too_big(&mut players, rounds), rounds)
                    };
                    if refused {
                        return sections.skip_unpaired().map(|t| (t, Some(rounds)));
                    }
                    sections.next().map(|t| (t, None))
                };
                (warnings, more, Box::new(std::iter::from_fn(next)))
            }
        }
    }
}

/// A file's tournaments, each with `Some(rounds)` when it was left unpaired
/// because its event file would be too large.
type Tournaments<'a> = Box<dyn Iterator<Item = (Tournament, Option<usize>)> + 'a>;

/// Reads `bytes` (already detected as `format`): an error is the file's own
/// (it cannot be read at all), with its line and column.
pub fn read(path: &Path, bytes: &[u8], format: Format) -> Result<Parsed, Vec<Diagnostic>> {
    let parsed = match format {
        Format::Trf => ratings_formats::trf::read(bytes).map(Parsed::Trf),
        Format::Pgn => ratings_formats::pgn::parse(bytes).map(|import| Parsed::Whole(import, 0)),
        Format::Csv => ratings_formats::csv::parse(bytes).map(|import| Parsed::Whole(import, 0)),
        Format::Unknown => unreachable!("an unknown format is not converted"),
    };
    parsed.map_err(|e| vec![diagnostic_of(path, e)])
}

/// A reader's error, with the file's name and the line and column it gives.
pub fn diagnostic_of(path: &Path, e: ratings_formats::ImportError) -> Diagnostic {
    Diagnostic {
        path: path.to_path_buf(),
        position: (e.line > 0).then(|| (e.line, e.column.unwrap_or(1))),
        message: e.message,
    }
}

/// FIDE id → the first name a file gives it, so that every event file of one
/// import names a player alike.
pub fn fide_names(parsed: &Parsed, names: &mut HashMap<u64, String>) {
    for p in parsed.players() {
        if let Some(id) = p.fide_id {
            names.entry(id).or_insert_with(|| p.name.clone());
        }
    }
}

/// What stops an import (a tournament whose event file would not load,
/// told at the line and column of the file's offending cell) and the
/// tournaments not imported, with why: of all files, kept as they come to
/// what is shown (a CSV of 200,000 bad rows held an error each, with the
/// file's path: 2.4 GB).
#[derive(Debug, Default)]
pub struct Found {
    pub errors: FirstShown,
    pub skipped: FirstShown,
}

/// Converts every tournament of a file read by [`read`]; a tournament that
/// cannot become an event is skipped with its reason.
pub fn convert(path: &Path, parsed: Parsed, format: Format, options: &Options, found: &mut Found) -> FileImport {
    let mut out = FileImport {
        encoding: match parsed.encoding() {
            ratings_formats::Encoding::Utf8 => "UTF-8",
            ratings_formats::Encoding::Utf8WithBom => "UTF-8 with BOM",
            ratings_formats::Encoding::Utf16Le => "UTF-16LE",
            ratings_formats::Encoding::Utf16Be => "UTF-16BE",
            ratings_formats::Encoding::Windows1252 => "Latin-1 (Windows-1252)",
        },
        ..FileImport::default()
    };
    // At most MAX_SHOWN warnings a file; the rest counted (how many, the
    // last one's line).
    let mut more = (0, 0);
    let mut warn = |warnings: &mut Vec<Diagnostic>, at: (usize, usize), message: &str| {
        if warnings.len() >= MAX_SHOWN {
            more = (more.0 + 1, at.0.max(more.1));
        } else {
            warnings.push(diagnostic(path, at, message.to_string()));
        }
    };
    // Two sections of one file with one name are told apart by their number.
    let mut names: HashMap<String, usize> = HashMap::new();
    for name in parsed.names() {
        *names.entry(name_key(name)).or_default() += 1;
    }
    let limit = ratings_model::files::MAX_TEXT_FILE as usize;
    // Each round of a TRF section lists every player once, quoted: a
    // section whose names times its rounds pass the limit is refused
    // before it is paired (one section of 10 million byes took 490 MiB).
    let names_too_long = |players: &mut dyn Iterator<Item = &Entrant>, rounds: usize| {
        let names: usize = players
            .map(|p| {
                let written = p.fide_id.and_then(|id| options.fide_names.get(&id));
                written.map_or(p.name.len(), String::len) + 2
            })
            .sum();
        names.saturating_mul(rounds) > limit
    };
    // The reader's own count of those it left out adds to the file's.
    let (warnings, left_out, tournaments) = parsed.split(names_too_long);
    for (at, message) in &warnings {
        warn(&mut out.warnings, *at, message);
    }
    let mut reader_more = left_out;
    let default_format = match format {
        Format::Csv => "Game",
        _ => "Chess",
    };
    let game_format = options.game_format.as_deref().unwrap_or(default_format);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    // One tournament at a time: a TRF section is paired here, and its
    // games and byes dropped once its event file exists.
    for (t, unpaired) in tournaments {
        for (at, message) in &t.warnings {
            warn(&mut out.warnings, *at, message);
        }
        reader_more = (reader_more.0 + t.more_warnings.0, reader_more.1.max(t.more_warnings.1));
        let mut name = if t.name.trim().is_empty() || t.name.trim() == "?" {
            stem.clone()
        } else {
            t.name.trim().to_string()
        };
        if let Some(section) = &t.section
            && names.get(&name_key(&t.name)).is_some_and(|&n| n > 1)
        {
            name = format!("{name} (section {section})");
        }
        let Some(start) = t.start.or(t.end) else {
            found.skipped.push(Diagnostic::new(
                path,
                format!(
                    "{}: no date (a TRF 042 record, a PGN Date tag, a CSV date): not imported",
                    Shown(ratings_model::names::excerpt(&name).as_ref())
                ),
            ));
            continue;
        };
        if let Some(rounds) = unpaired {
            let holds = format!(
                "{} players, at least {rounds} rounds, each round listing every player by name (not paired)",
                t.players.len()
            );
            found
                .errors
                .push(diagnostic(path, t.at, crate::oversized(&name, None, &holds)));
            continue;
        }
        let date = model_date(start);
        let end_date = t.end.map(model_date).filter(|&e| e > date);
        // Two tournaments of one file with one name and date: told apart by
        // the batch (`-2`).
        let rel_path = suggested_path(&name, date);
        // More rounds than an event may have: refused before the event file
        // is written (a PGN of one pair's games, all in round 1, made
        // 385,683 `[[round]]` tables).
        let round_tables = t.round_results.len().max(t.byes.len());
        if round_tables > event::MAX_ROUNDS {
            let why = match format {
                Format::Pgn => {
                    "; in a PGN file a game that would put a player twice in a round, or has no round number, takes a round of its own"
                }
                _ => "",
            };
            let message = format!(
                "{}: its event file would have {round_tables} [[round]] tables, more than the {} rounds an event may have \
                 (a build would refuse it{why}): split it into several events; not imported",
                Shown(ratings_model::names::excerpt(&name).as_ref()),
                event::MAX_ROUNDS
            );
            found.errors.push(diagnostic(path, t.at, message));
            continue;
        }
        let limit = ratings_model::files::MAX_TEXT_FILE as usize;
        let write = |record| to_toml(&t, &name, date, end_date, game_format, options, path, limit, record);
        let Some((toml, summary, fide, _)) = write(false) else {
            found.errors.push(diagnostic(path, t.at, too_big(&t, &name)));
            continue;
        };
        let ctx = event::Lookups {
            aliases: &HashMap::new(),
            known_formats: &[],
        };
        if let Err(refused) = event::parse_counted(Path::new(&rel_path), "import".into(), &toml, &ctx) {
            // What a build would refuse is the source file's error, at its
            // cell: where each value comes from is noted only now, in a
            // second writing (noting it always took some 15% of an import's
            // memory).
            drop(toml);
            let sources = write(true).map(|(.., sources)| sources).unwrap_or_default();
            // Those past the event's first 100, counted at the last one's
            // cell (else where the event starts).
            let more_at = refused
                .last_line
                .and_then(|line| sources.find((line, usize::MAX)))
                .unwrap_or(t.at);
            found.errors.count(
                path,
                refused.more,
                (more_at.0 > 0).then_some((more_at.0, more_at.1.max(1))),
            );
            for d in refused.shown {
                let at = d.position.and_then(|p| sources.find(p)).unwrap_or(t.at);
                found.errors.push(Diagnostic {
                    path: path.to_path_buf(),
                    position: (at.0 > 0).then_some((at.0, at.1.max(1))),
                    message: format!(
                        "{}: {}",
                        Shown(ratings_model::names::excerpt(&name).as_ref()),
                        d.message
                    ),
                });
            }
            continue;
        }
        out.fide_players.extend(fide);
        out.events.push(EventFile {
            rel_path,
            name,
            date,
            toml,
            summary,
        });
    }
    let more = (more.0 + reader_more.0, more.1.max(reader_more.1));
    out.warning_count = out.warnings.len() + more.0;
    if more.0 > 0 {
        out.warnings
            .push(not_shown(path, "warning", more.0, Some(more.1).filter(|&l| l > 0)));
    }
    out
}

/// A warning at its line and column (column 0: the line as a whole, shown
/// as column 1).
fn diagnostic(path: &Path, (line, column): Position, message: String) -> Diagnostic {
    Diagnostic {
        path: path.to_path_buf(),
        position: (line > 0).then_some((line, column.max(1))),
        message,
    }
}

fn model_date(d: ratings_formats::Date) -> Date {
    Date {
        year: d.year,
        month: d.month,
        day: d.day,
    }
}

/// `YEAR/YYYY-MM-DD-name.toml`: a season of events with one name (a monthly
/// "Club Swiss") gives one file each.
pub fn suggested_path(name: &str, date: Date) -> String {
    format!("{}/{date}-{}.toml", date.year, crate::file_stem(name))
}

/// A game's result in the notation of docs/data-format.md, first player first.
fn result_text(result: &GameResult) -> &str {
    match result {
        GameResult::WhiteWins => "1-0",
        GameResult::BlackWins => "0-1",
        GameResult::Draw => "½-½",
        GameResult::WhiteWinsForfeit => "+-",
        GameResult::BlackWinsForfeit => "-+",
        GameResult::DoubleForfeit => "--",
        GameResult::UnratedDraw => "½F-½F",
        GameResult::Written(s) => s,
    }
}

/// Where each line of an event file comes from in the source file: for a
/// line, the column where each written value starts and the source position
/// of that value.
#[derive(Debug, Default)]
struct Sources {
    /// False: nothing is noted (the event file loads, no position is asked).
    record: bool,
    /// (line, column, source position) of every value, in the order of the
    /// file (lines are noted in order): 32 bytes a value, where a map of
    /// lines to lists took some 70 a line, a tenth of the memory of an
    /// imported event of a million rows.
    values: Vec<(usize, usize, Position)>,
    /// How much of the (growing) event file has been counted, and the
    /// lines ended in it: each call counts only what was added since, so
    /// noting every line stays linear in the file.
    counted_bytes: usize,
    counted_lines: usize,
}

impl Sources {
    /// Records the values of the line `out` is about to end, in order: each
    /// value's text as written and its source position.
    fn note(&mut self, out: &str, values: &[(String, Position)]) {
        if !self.record {
            return;
        }
        self.counted_lines += out[self.counted_bytes..].matches('\n').count();
        self.counted_bytes = out.len();
        let line = self.counted_lines + 1;
        let start = out.rfind('\n').map_or(out, |i| &out[i + 1..]);
        // A line noted again is noted anew.
        while self.values.last().is_some_and(|v| v.0 == line) {
            self.values.pop();
        }
        // The column is counted on from the previous value's, never again
        // from the line's start (a round's bye list of thousands of names
        // was quadratic in its length).
        let (mut from, mut column) = (0, 1);
        for (text, at) in values {
            if let Some(i) = start[from..].find(text.as_str()) {
                column += start[from..from + i].chars().count();
                self.values.push((line, column, *at));
                column += text.chars().count();
                from += i + text.len();
            }
        }
    }

    /// The source position of an event file's (line, column): the value the
    /// column falls in, else the line's first value.
    fn find(&self, (line, column): (usize, usize)) -> Option<Position> {
        let first = self.values.partition_point(|v| v.0 < line);
        let values = &self.values[first..first + self.values[first..].partition_point(|v| v.0 == line)];
        values
            .iter()
            .rev()
            .find(|(_, c, _)| *c <= column)
            .or(values.first())
            .map(|&(_, _, at)| at)
            .filter(|at| at.0 > 0)
    }
}

/// Why a tournament's event file is not written: it would be larger than
/// a site reads, and what it holds.
fn too_big(t: &Tournament, name: &str) -> String {
    let games: usize = t.round_results.iter().map(Vec::len).sum();
    let byes: usize = t.byes.iter().map(Vec::len).sum();
    let zero = t
        .byes
        .iter()
        .flatten()
        .filter(|(_, kind)| *kind == ByeKind::Zero)
        .count();
    let mut holds = format!(
        "{} players, {} rounds, {games} games, {byes} byes",
        t.players.len(),
        t.round_results.len().max(t.byes.len())
    );
    if zero > 0 {
        holds.push_str(&format!(
            " ({zero} zero-point: each round lists every player absent from it)"
        ));
    }
    crate::oversized(name, None, &holds)
}

/// The entrants' names (each with its FIDE id, if any) with the second and
/// later of one name key told apart: ` (FIDE id)` where they have one, else
/// the first free ` (N)`, never the name of another entrant (`Ann Lee`,
/// `ann lee` and a real `Ann Lee (2)`: the second becomes `ann lee (3)`).
/// Linear: the numbers tried for one name only go up.
fn told_apart(entrants: Vec<(String, Option<u64>)>) -> Vec<String> {
    let mut taken: HashSet<String> = entrants.iter().map(|(n, _)| name_key(n)).collect();
    // Per name key: how many entrants had it, and the next number to try.
    let mut seen: HashMap<String, (usize, usize)> = HashMap::new();
    let mut names = Vec::with_capacity(entrants.len());
    for (name, fide_id) in entrants {
        let (count, next) = seen.entry(name_key(&name)).or_default();
        *count += 1;
        if *count == 1 {
            names.push(name);
            continue;
        }
        if let Some(id) = fide_id {
            let candidate = format!("{name} ({id})");
            if taken.insert(name_key(&candidate)) {
                names.push(candidate);
                continue;
            }
        }
        let mut n = (*next).max(*count);
        let mut candidate = format!("{name} ({n})");
        while !taken.insert(name_key(&candidate)) {
            n += 1;
            candidate = format!("{name} ({n})");
        }
        *next = n + 1;
        names.push(candidate);
    }
    names
}

/// The event file of one tournament, its summary, its players with a FIDE id,
/// and where its lines come from (noted only when `record`); `None` as soon as the file is longer than
/// `limit` bytes (a build would refuse it), so that a file of many rounds
/// and absent players never takes more memory than that.
#[allow(clippy::too_many_arguments)]
fn to_toml(
    t: &Tournament,
    name: &str,
    date: Date,
    end_date: Option<Date>,
    game_format: &str,
    options: &Options,
    source: &Path,
    limit: usize,
    record: bool,
) -> Option<(String, String, Vec<FidePlayer>, Sources)> {
    let mut sources = Sources {
        record,
        ..Sources::default()
    };
    // Names as the event file writes them: the registry's for a known FIDE id,
    // else the display form; two entrants with one name are told apart.
    let mut fide = Vec::new();
    let written = t
        .players
        .iter()
        .map(|p| {
            let name = p
                .fide_id
                .and_then(|id| options.fide_names.get(&id).cloned())
                .unwrap_or_else(|| p.name.clone());
            (name, p.fide_id)
        })
        .collect();
    let names = told_apart(written);
    for (p, shown) in t.players.iter().zip(&names) {
        if let Some(id) = p.fide_id {
            fide.push(FidePlayer {
                id,
                name: shown.clone(),
                nat: p.federation.clone(),
            });
        }
    }
    let mut out = String::new();
    out.push_str(&format!("# {}", Shown(name)));
    if !t.place.is_empty() {
        out.push_str(&format!(", {}", Shown(t.place.as_str())));
    }
    out.push('\n');
    let file_name = source
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    out.push_str(&format!(
        "# Imported with `ratings import` from {}.\n",
        Shown(file_name.as_str())
    ));
    out.push_str(&format!("name = {}\n", quoted(name)));
    out.push_str(&format!("date = {date}\n"));
    if let Some(end) = end_date {
        out.push_str(&format!("end_date = {end}\n"));
    }
    if !t.place.is_empty() {
        out.push_str(&format!("place = {}\n", quoted(&t.place)));
    }
    let games: usize = t.round_results.iter().map(Vec::len).sum();
    let byes: usize = t.byes.iter().map(Vec::len).sum();
    if games > 0 || byes > 0 {
        out.push_str(&format!("format = {}\n", quoted(game_format)));
    }
    if let Some((win, draw, loss)) = t.points {
        out.push_str(&format!("points = {{ win = {win}, draw = {draw}, loss = {loss} }}\n"));
    }
    // A file without colours (CSV): the first player is not White.
    if games > 0 && t.round_results.iter().flatten().all(|g| !g.colours_known) {
        out.push_str("colours = false\n");
    }
    out.push_str(&format!("players = {}\n", t.players.len()));
    let official = t.official.as_ref().filter(|o| !o.is_empty());
    if official.is_some() {
        out.push_str(&format!("rounds = {}\n", t.rounds.max(1)));
    }
    for round in 0..t.round_results.len().max(t.byes.len()) {
        out.push_str("\n[[round]]\nmatches = [");
        let games = t.round_results.get(round).map_or(&[][..], Vec::as_slice);
        for g in games {
            let values = [
                (quoted(&names[g.white]), g.at[0]),
                (quoted(&names[g.black]), g.at[1]),
                (quoted(result_text(&g.result)), g.at[2]),
            ];
            out.push_str(&format!("\n  [{}, {}, {}],", values[0].0, values[1].0, values[2].0));
            sources.note(&out, &values);
            if out.len() > limit {
                return None;
            }
        }
        if !games.is_empty() {
            out.push('\n');
        }
        out.push_str("]\n");
        let round_byes = t.byes.get(round).map_or(&[][..], Vec::as_slice);
        for (kind, key) in [
            (ByeKind::Full, "byes"),
            (ByeKind::Half, "half_point_byes"),
            (ByeKind::Zero, "zero_point_byes"),
        ] {
            let values: Vec<(String, Position)> = round_byes
                .iter()
                .filter(|(_, k)| *k == kind)
                .map(|&(i, _)| (quoted(&names[i]), t.players[i].at))
                .collect();
            if !values.is_empty() {
                let list: Vec<&str> = values.iter().map(|(q, _)| q.as_str()).collect();
                out.push_str(&format!("{key} = [{}]", list.join(", ")));
                sources.note(&out, &values);
                out.push('\n');
                if out.len() > limit {
                    return None;
                }
            }
        }
    }
    if let Some(official) = official {
        let mut rows: Vec<(u32, usize)> = official.iter().map(|&(i, rank)| (rank, i)).collect();
        rows.sort_unstable();
        for (rank, i) in rows {
            let at = t.players[i].at;
            out.push_str(&format!("\n[[results]]\nrank = {rank}"));
            sources.note(&out, &[(rank.to_string(), at)]);
            out.push_str(&format!("\nname = {}", quoted(&names[i])));
            sources.note(&out, &[(quoted(&names[i]), at)]);
            out.push('\n');
            let nat = &t.players[i].federation;
            if !nat.is_empty() {
                out.push_str(&format!("nat = {}", quoted(nat)));
                sources.note(&out, &[(quoted(nat), at)]);
                out.push('\n');
            }
            if out.len() > limit {
                return None;
            }
        }
    }
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    // The rounds the file says: its round tables, else (placements) its
    // `rounds` key.
    let round_tables = t.round_results.len().max(t.byes.len());
    let mut summary = plural(t.players.len(), "player");
    if round_tables > 0 {
        summary.push_str(&format!(
            ", {}, {}",
            plural(round_tables, "round"),
            plural(games, "game")
        ));
    } else if official.is_some() {
        summary.push_str(&format!(", {}", plural(t.rounds.max(1) as usize, "round")));
    }
    if byes > 0 {
        summary.push_str(&format!(", {}", plural(byes, "bye")));
    }
    if let Some(official) = official {
        summary.push_str(&format!(", {}", plural(official.len(), "final rank")));
    }
    (out.len() <= limit).then_some((out, summary, fide, sources))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_told_apart_never_takes_another_entrants_name() {
        // #29: `ann lee` became `ann lee (2)`, the name key of the third
        // entrant, and the import refused a valid file ("appears twice").
        let entrants = |names: &[(&str, Option<u64>)]| names.iter().map(|&(n, id)| (n.to_string(), id)).collect();
        assert_eq!(
            told_apart(entrants(&[("Ann Lee", None), ("ann lee", None), ("Ann Lee (2)", None)])),
            ["Ann Lee", "ann lee (3)", "Ann Lee (2)"]
        );
        assert_eq!(
            told_apart(entrants(&[
                ("Bo", None),
                ("Bo", None),
                ("Bo (3)", None),
                ("Bo", Some(7)),
                ("Bo", None),
                ("Bo (7)", None),
                ("Bo", Some(7)),
            ])),
            // The FIDE id 7 is a real name here: numbered instead.
            ["Bo", "Bo (2)", "Bo (3)", "Bo (4)", "Bo (5)", "Bo (7)", "Bo (6)"]
        );
        assert_eq!(told_apart(entrants(&[("Cy", None), ("cy", Some(9))])), ["Cy", "cy (9)"]);
    }

    #[test]
    fn columns_of_a_long_bye_list_are_counted_once() {
        // #29: each value's column was counted from the line's start: a bye
        // list of 500,000 names took minutes (debug). Names with accents: columns are
        // characters, not bytes.
        let values: Vec<(String, Position)> = (0..500_000)
            .map(|i| (quoted(&format!("Zoë Player{i}")), (i + 2, 0)))
            .collect();
        let list: Vec<&str> = values.iter().map(|(q, _)| q.as_str()).collect();
        let mut out = String::from("[[round]]\n");
        out.push_str(&format!("byes = [{}]", list.join(", ")));
        let mut sources = Sources {
            record: true,
            ..Sources::default()
        };
        sources.note(&out, &values);
        let found = &sources.values;
        assert_eq!(found.len(), values.len());
        // `byes = [` is 8 characters; each value is `"Zoë PlayerN"` and `, `.
        let mut column = 9;
        for (i, &(line, c, at)) in found.iter().enumerate() {
            assert_eq!((line, c, at), (2, column, (i + 2, 0)));
            column += values[i].0.chars().count() + 2;
        }
        let last = found.last().unwrap().1;
        assert_eq!(sources.find((2, last + 3)), Some((500_001, 0)));
        assert_eq!(sources.find((2, 12)), Some((2, 0)));
    }
}
