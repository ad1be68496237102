//! `ratings import`: the files a community already has → event files in our
//! format. FIDE TRF, PGN and CSV are read by `ratings-formats` and converted in
//! [`tournament`] (FIDE ids to players.toml in [`players`]); [`batch`] runs an
//! import of several files. This file reads a result page copied from the
//! World Diplomacy Database (the form of the pages in tests/fixtures/wdd/).
//!
//! The page is the rules text, then the event header
//!
//! ```text
//! World DipCon VI 1996                     name and year
//! Origins & DipCon 29                      optional subtitle line(s)
//! Date June 1, 1996 Place Columbus
//! Number of players88 Number of rounds3 Number of boards24
//! Coeff 120.00 Coeff 2- Coeff 3-
//!
//! RankFirstName LastNameLoc.Nat.Score
//! 2Leif BERGMAN98.30
//! ```
//!
//! Every row's Score is checked against the percentile formula
//! (`(N + 0.5 - r) / N * 100`, two decimals, halves away from zero) and the
//! Coeff against the tournament value; disagreements are warnings with the
//! line number. The output is checked with the event loader before it is
//! returned, so an import always gives a loadable file.

pub mod batch;
pub mod players;
pub mod tournament;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use ratings_model::Date;
use ratings_model::error::{Diagnostic, MAX_SHOWN, Shown, not_shown};
use ratings_model::files::MAX_TEXT_FILE;
use ratings_model::format::fixed2;
use ratings_model::names::{ascii_fold, collapse_spaces};
use ratings_rating::dip_pouch::DipPouchParams;
use ratings_rating::dip_pouch::percentile;
use ratings_site::load::event;

/// An event as read from a result page.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub name: String,
    /// Lines between the name and the `Date` line (e.g. the host event).
    pub subtitle: String,
    pub date: Date,
    pub end_date: Option<Date>,
    pub place: String,
    pub players: u32,
    pub rounds: Option<u32>,
    pub boards: Option<u32>,
    pub world_championship: bool,
    pub rows: Vec<ImportedRow>,
}

/// One result row of the page.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedRow {
    /// 1-based line of the page.
    pub line: usize,
    pub rank: u32,
    /// "First LAST" as written.
    pub name: String,
    pub loc: String,
    pub nat: String,
    /// The Score column as written, if the row has one.
    pub score: Option<String>,
}

/// What an import found: the event and the warnings about the page.
#[derive(Debug)]
pub struct Import {
    pub event: Imported,
    pub warnings: Vec<Diagnostic>,
}

fn at(path: &Path, line: usize, message: impl Into<String>) -> Diagnostic {
    Diagnostic {
        path: path.to_path_buf(),
        position: Some((line, 1)),
        message: message.into(),
    }
}

/// The Coeff the page gives is 100 + the tournament value: a warning when
/// the rules give another.
fn coeff_warning(
    path: &Path,
    lines: &[&str],
    date_index: usize,
    world_championship: bool,
    date: Date,
    players: u32,
    rounds: Option<u32>,
) -> Option<Diagnostic> {
    let params = DipPouchParams::default();
    // Without a round count the divisor is unknown: no value to compare,
    // unless the rules fix it whatever the rounds.
    let value = (world_championship || date.year < params.rated_from || rounds.is_some())
        .then(|| params.value(world_championship, date.year, players, rounds == Some(1)));
    if let Some((i, coeff)) = lines.iter().enumerate().skip(date_index).find_map(|(i, l)| {
        let l = flat(l);
        let rest = l.strip_prefix("Coeff")?.trim_start().to_string();
        let number: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        Some((i, number))
    }) && let (Ok(given), Some(v)) = (coeff.parse::<f64>(), value)
        && fixed2(given) != fixed2(100.0 + v)
    {
        return Some(at(
            path,
            i + 1,
            format!(
                "Coeff {coeff} on the page, but the tournament value gives {} (100 + {})",
                fixed2(100.0 + v),
                fixed2(v)
            ),
        ));
    }
    None
}

/// The result table: the header row, then rows up to the first blank line.
/// Rows stop, with a problem, once the event file of `name` would be larger
/// than `limit` bytes (at least 30 bytes a row besides its texts: a page of
/// millions of short rows is never held whole).
fn result_rows(
    path: &Path,
    lines: &[&str],
    date_index: usize,
    (name, players): (&str, u32),
    limit: usize,
    problems: &mut Vec<Diagnostic>,
) -> Vec<ImportedRow> {
    let Some(table) = lines
        .iter()
        .enumerate()
        .skip(date_index)
        .find(|(_, l)| {
            let l = flat(l);
            l.starts_with("Rank") && l.ends_with("Score")
        })
        .map(|(i, _)| i)
    else {
        problems.push(at(
            path,
            date_index + 1,
            "no result table (a line \"RankFirstName LastNameLoc.Nat.Score\")",
        ));
        return Vec::new();
    };
    let header = flat(lines[table]);
    let loc_first = match (header.find("Loc"), header.find("Nat")) {
        (Some(l), Some(n)) => l < n,
        _ => true,
    };
    let mut rows = Vec::new();
    let mut written = 0;
    // Unreadable rows beyond MAX_SHOWN: how many, the last one's line.
    let mut more = (0, 0);
    for (i, line) in lines.iter().enumerate().skip(table + 1) {
        if line.trim().is_empty() {
            break;
        }
        match parse_row(line, players, loc_first) {
            Some((rank, row_name, loc, nat, score)) => {
                written += 30 + row_name.len() + loc.len() + nat.len();
                if written > limit {
                    let holds = format!("more than {} result rows", rows.len());
                    problems.push(at(path, i + 1, oversized(name, None, &holds)));
                    break;
                }
                rows.push(ImportedRow {
                    line: i + 1,
                    rank,
                    name: row_name,
                    loc,
                    nat,
                    score,
                });
            }
            None if problems.len() >= MAX_SHOWN => more = (more.0 + 1, i + 1),
            None => problems.push(at(
                path,
                i + 1,
                format!(
                    "cannot read this result row: {:?} (expected rank, name, score, like \"1Doug MOORE99.40\")",
                    ratings_model::names::excerpt(line.trim())
                ),
            )),
        }
    }
    if more.0 > 0 {
        problems.push(not_shown(path, "unreadable row", more.0, Some(more.1)));
    }
    if rows.is_empty() && problems.is_empty() {
        problems.push(at(path, table + 1, "the result table has no rows"));
    }
    rows
}

/// Every row's Score against the percentile formula.
fn score_warnings(path: &Path, rows: &[ImportedRow], players: u32) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    // Warnings past MAX_SHOWN: how many, the last one's line.
    let mut more = (0, 0);
    for row in rows {
        let expected = fixed2(percentile(players, row.rank));
        let wrong = match &row.score {
            Some(score) => score.parse::<f64>().map(fixed2).as_deref() != Ok(expected.as_str()),
            None => true,
        };
        if !wrong {
            continue;
        }
        if warnings.len() >= MAX_SHOWN {
            more = (more.0 + 1, row.line);
            continue;
        }
        let name = ratings_model::names::excerpt(&row.name);
        let message = match &row.score {
            Some(score) => format!(
                "{name:?}, rank {}: the page gives Score {score}, the percentile formula gives {expected} (({players} + 0.5 - {}) / {players} * 100)",
                row.rank, row.rank
            ),
            None => format!("{name:?}, rank {}: no Score to check", row.rank),
        };
        warnings.push(at(path, row.line, message));
    }
    if more.0 > 0 {
        warnings.push(not_shown(path, "warning", more.0, Some(more.1)));
    }
    warnings
}

/// What the loader would say about the file we are about to write, each
/// problem pointed at the page row its line came from.
fn check_with_loader(path: &Path, imported: &Imported) -> Result<(), Vec<Diagnostic>> {
    // What the loader would say about the file we are about to write.
    let source = to_toml(imported, "");
    if source.len() as u64 > MAX_TEXT_FILE {
        let holds = format!("{} result rows", imported.rows.len());
        return Err(vec![Diagnostic::new(
            path,
            oversized(&imported.name, Some(source.len()), &holds),
        )]);
    }
    let ctx = event::Lookups {
        aliases: &HashMap::new(),
        known_formats: &[],
    };
    if let Err(ds) = event::parse(path, "import".into(), &source, &ctx) {
        let rows = RowsByLine::new(&source);
        let by_line: Vec<Diagnostic> = ds
            .into_iter()
            .map(|d| {
                // Point at the page row the generated line came from.
                let row = d.position.and_then(|(line, _)| rows.row(imported, line));
                Diagnostic {
                    path: path.to_path_buf(),
                    position: row.map(|r| (r.line, 1)),
                    message: d.message,
                }
            })
            .collect();
        return Err(by_line);
    }
    Ok(())
}

/// Read a World Diplomacy Database result page. `path` names the page in
/// messages. Errors: no event header, no player count, a row that cannot
/// be read, or an event the loader would reject.
pub fn parse(path: &Path, text: &str) -> Result<Import, Vec<Diagnostic>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Tabs (some browsers copy table cells with them) count as spaces in
    // the header; rows look at them separately.
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut problems = Vec::new();
    let mut warnings = Vec::new();

    let Some(date_index) = lines.iter().position(|l| {
        let l = flat(l);
        l.starts_with("Date ") && l.chars().any(|c| c.is_ascii_digit())
    }) else {
        return Err(vec![Diagnostic::new(
            path,
            "no event header found: expected the event name and year, then a line \"Date July 7-9, 2017 Place Oxford\" (is this a World Diplomacy Database event page?)",
        )]);
    };
    let date_line = date_index + 1;

    let (first, name, title_year) = event_title(path, &lines, date_index, &mut problems);
    let subtitle = lines[(first + 1).min(date_index)..date_index]
        .iter()
        .map(|l| flat(l))
        .collect::<Vec<_>>()
        .join(" ");

    let (date, end_date, place) = dates_and_place(path, date_line, &flat(lines[date_index]), &mut problems);
    if let Some(y) = title_year
        && problems.is_empty()
        && y != date.year
    {
        warnings.push(at(
            path,
            first + 1,
            format!("the name gives the year {y} but the event starts on {date}"),
        ));
    }

    let (players, rounds, boards) = counts(path, &lines, date_index, &mut problems);
    let world_championship = ascii_fold(&name).starts_with("world dipcon");

    if problems.is_empty()
        && let Some(w) = coeff_warning(path, &lines, date_index, world_championship, date, players, rounds)
    {
        warnings.push(w);
    }

    let rows = result_rows(
        path,
        &lines,
        date_index,
        (&name, players),
        MAX_TEXT_FILE as usize,
        &mut problems,
    );
    if !problems.is_empty() {
        return Err(problems);
    }
    warnings.extend(score_warnings(path, &rows, players));
    if let Some(best) = rows.iter().min_by_key(|r| r.rank)
        && best.rank > 1
    {
        warnings.push(at(
            path,
            best.line,
            format!(
                "the page has no rank 1: its best row is {:?}, rank {}; was the winner's row left out when the page was copied?",
                best.name, best.rank
            ),
        ));
    }

    let imported = Imported {
        name,
        subtitle,
        date,
        end_date,
        place,
        players,
        rounds,
        boards,
        world_championship,
        rows,
    };
    check_with_loader(path, &imported)?;
    Ok(Import {
        event: imported,
        warnings,
    })
}

/// A header line as the page's text flows: tabs (some browsers copy table
/// cells with them) count as spaces, spaces collapsed.
fn flat(line: &str) -> String {
    collapse_spaces(&line.replace('\t', " "))
}

/// The event's name: the first line of the block of non-empty lines just
/// above the Date line (the others are a subtitle), with the year that
/// ends it taken off. Returns (that line's index, name, year).
fn event_title(
    path: &Path,
    lines: &[&str],
    date_index: usize,
    problems: &mut Vec<Diagnostic>,
) -> (usize, String, Option<i32>) {
    let mut first = date_index;
    while first > 0 && !lines[first - 1].trim().is_empty() {
        first -= 1;
    }
    if first == date_index {
        problems.push(at(path, date_index + 1, "no event name above the \"Date\" line"));
        return (first, String::new(), None);
    }
    let title = flat(lines[first]);
    match title.rsplit_once(' ') {
        Some((n, y)) if y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) => {
            (first, n.trim().to_string(), y.parse::<i32>().ok())
        }
        _ => (first, title, None),
    }
}

/// The dates and place of the header "Date July 7-9, 2017 Place Oxford".
fn dates_and_place(
    path: &Path,
    date_line: usize,
    header: &str,
    problems: &mut Vec<Diagnostic>,
) -> (Date, Option<Date>, String) {
    let after_date = &header["Date ".len()..];
    let (dates_text, place) = match after_date.find(" Place") {
        Some(i) => (after_date[..i].trim(), after_date[i + " Place".len()..].trim()),
        None => (after_date.trim(), ""),
    };
    let (date, end_date) = parse_date_range(dates_text).unwrap_or_else(|| {
        problems.push(at(
            path,
            date_line,
            format!(
                "cannot read the dates {:?} (expected e.g. \"July 7-9, 2017\" or \"June 1, 1996\")",
                ratings_model::names::excerpt(dates_text)
            ),
        ));
        (
            Date {
                year: 1,
                month: 1,
                day: 1,
            },
            None,
        )
    });
    (date, end_date, place.to_string())
}

/// "Number of players84 Number of rounds5 Number of boards45": (players,
/// rounds, boards); the players are required (the percentile needs them).
fn counts(
    path: &Path,
    lines: &[&str],
    date_index: usize,
    problems: &mut Vec<Diagnostic>,
) -> (u32, Option<u32>, Option<u32>) {
    let counts = lines
        .iter()
        .enumerate()
        .skip(date_index)
        .find(|(_, l)| flat(l).starts_with("Number of players"));
    let count = |label: &str| counts.and_then(|(_, l)| number_after(&flat(l), label));
    let players = match count("Number of players") {
        Some(n) if n >= 1 => n,
        _ => {
            problems.push(at(
                path,
                counts.map_or(date_index + 1, |(i, _)| i + 1),
                "no \"Number of players\" (the percentile needs it)",
            ));
            1
        }
    };
    (players, count("Number of rounds"), count("Number of boards"))
}

/// Windows-1252 characters for the bytes 0x80-0x9F (Latin-1 elsewhere);
/// the five undefined bytes stay C1 controls.
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}', '\u{90}', '‘', '’',
    '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// The text of a saved page: UTF-8, else Windows-1252 (what Notepad and
/// older browsers save as "ANSI"), with a note saying so.
pub fn decode_page(bytes: Vec<u8>) -> (String, Option<String>) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            let text = e
                .as_bytes()
                .iter()
                .map(|&b| match b {
                    0x80..=0x9f => CP1252_HIGH[usize::from(b - 0x80)],
                    b => char::from(b),
                })
                .collect();
            (
                text,
                Some("the page is not UTF-8; it was read as Windows-1252 (check the accented names)".to_string()),
            )
        }
    }
}

/// Which `[[results]]` table each line of the generated TOML is in,
/// counted once (a look-up per problem, not a scan: a page of many bad
/// rows stays linear).
struct RowsByLine(Vec<usize>);

impl RowsByLine {
    fn new(source: &str) -> RowsByLine {
        let mut tables = 0;
        let mut at = vec![0];
        for line in source.lines() {
            if line.trim() == "[[results]]" {
                tables += 1;
            }
            at.push(tables);
        }
        RowsByLine(at)
    }

    /// The row whose `[[results]]` table holds line `line` (from 1).
    fn row<'a>(&self, ev: &'a Imported, line: usize) -> Option<&'a ImportedRow> {
        let tables = *self.0.get(line)?;
        tables.checked_sub(1).and_then(|i| ev.rows.get(i))
    }
}

/// The number right after `label` ("Number of players84" → 84); `-` or
/// nothing gives `None`.
fn number_after(line: &str, label: &str) -> Option<u32> {
    let rest = line[line.find(label)? + label.len()..].trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// A result row: `1Doug MOORE99.40` (columns run together, as the seeds
/// have them, Loc. and Nat. empty) or tab-separated cells
/// `rank, name, [loc, nat,] score`.
#[allow(clippy::type_complexity)]
fn parse_row(line: &str, players: u32, loc_first: bool) -> Option<(u32, String, String, String, Option<String>)> {
    let cells: Vec<&str> = line.split('\t').map(str::trim).collect();
    if cells.len() >= 3 {
        let rank: u32 = cells[0].parse().ok()?;
        let last = *cells.last()?;
        let score = is_score(last).then(|| last.to_string());
        let middle = &cells[1..cells.len() - usize::from(score.is_some())];
        let name = collapse_spaces(middle.first()?);
        let (mut loc, mut nat) = (
            middle.get(1).map_or("", |s| *s).to_string(),
            middle.get(2).map_or("", |s| *s).to_string(),
        );
        if !loc_first {
            std::mem::swap(&mut loc, &mut nat);
        }
        return (!name.is_empty() && middle.len() <= 3).then_some((rank, name, loc, nat, score));
    }
    let line = line.trim();
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let rank: u32 = line[..digits].parse().ok()?;
    let rest = &line[digits..];
    // The score is the trailing "dd.dd". Its integer part has at most two
    // digits (a percentile is below 100) unless it is "100.00"; when a name
    // ends in a digit, the split that agrees with the formula wins.
    let tail = rest.len()
        - rest
            .bytes()
            .rev()
            .take_while(|b| b.is_ascii_digit() || *b == b'.')
            .count();
    let numeric = &rest[tail..];
    // A score has one point, so it starts at most three digits before the
    // tail's last point ("100.00"): three candidates at most, whatever the
    // length of the run (testing every start of a long digit run was
    // quadratic in it).
    let last_point = numeric.rfind('.').map_or(rest.len(), |p| tail + p);
    let mut candidates: Vec<usize> = (last_point.saturating_sub(3).max(tail)..last_point)
        .filter(|&i| {
            let s = &rest[i..];
            is_score(s) && (s.find('.').unwrap_or(0) <= 2 || s == "100.00") && !s.starts_with('.')
        })
        .collect();
    let expected = (rank >= 1 && rank <= players).then(|| fixed2(percentile(players, rank)));
    candidates.sort_by_key(|&i| (Some(&rest[i..]) != expected.as_deref(), i));
    let (name, score) = match candidates.first() {
        Some(&i) => (&rest[..i], Some(rest[i..].to_string())),
        None if numeric.is_empty() => (rest, None),
        None => return None,
    };
    let name = collapse_spaces(name);
    (!name.is_empty()).then_some((rank, name, String::new(), String::new(), score))
}

/// "99.40", "5.5", "100.00": digits, a point, digits.
fn is_score(s: &str) -> bool {
    match s.split_once('.') {
        Some((a, b)) => {
            !a.is_empty()
                && !b.is_empty()
                && a.bytes().all(|c| c.is_ascii_digit())
                && b.bytes().all(|c| c.is_ascii_digit())
        }
        None => false,
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn make_date(year: i32, month: u8, day: u8) -> Option<Date> {
    ((1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month) && (1000..=9999).contains(&year))
        .then_some(Date { year, month, day })
}

/// "July 7", "July 7, 2017", "9, 2017", "9": (month, day, year).
fn date_piece(s: &str) -> Option<(Option<u8>, u8, Option<i32>)> {
    let s = s.replace(',', " ");
    let words: Vec<&str> = s.split_whitespace().collect();
    let day_of = |w: &str| -> Option<u8> {
        let w = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        (w.len() <= 2).then(|| w.parse().ok()).flatten()
    };
    let year_of = |w: &str| -> Option<i32> { (w.len() == 4).then(|| w.parse().ok()).flatten() };
    match words.as_slice() {
        [m, d] if Date::month_number(m).is_some() => Some((Date::month_number(m), day_of(d)?, None)),
        [m, d, y] => Some((Some(Date::month_number(m)?), day_of(d)?, Some(year_of(y)?))),
        [d, y] => Some((None, day_of(d)?, Some(year_of(y)?))),
        [d] => Some((None, day_of(d)?, None)),
        _ => None,
    }
}

/// The dates of the page's "Date" line, as `date` and `end_date`:
/// "June 1, 1996", "October 11-13, 2002", "June 30 - July 2, 2017",
/// "December 30, 2017 - January 1, 2018", or ISO "2017-07-07".
pub fn parse_date_range(s: &str) -> Option<(Date, Option<Date>)> {
    let s = s.trim().replace(['–', '—'], "-");
    let iso = |t: &str| -> Option<Date> {
        let parts: Vec<&str> = t.trim().split('-').collect();
        match parts.as_slice() {
            [y, m, d] if y.len() == 4 && m.len() == 2 && d.len() == 2 => {
                make_date(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
            }
            _ => None,
        }
    };
    if let Some(d) = iso(&s) {
        return Some((d, None));
    }
    let (left, right) = match s.split_once('-') {
        Some((l, r)) => (l, Some(r)),
        None => (s.as_str(), None),
    };
    let (m0, d0, y0) = date_piece(left)?;
    let month = m0?;
    match right {
        None => Some((make_date(y0?, month, d0)?, None)),
        Some(r) => {
            let (m1, d1, y1) = date_piece(r)?;
            let end_year = y1.or(y0)?;
            let start = make_date(y0.unwrap_or(end_year), month, d0)?;
            let end = make_date(end_year, m1.unwrap_or(month), d1)?;
            if end < start {
                return None;
            }
            Some((start, (end != start).then_some(end)))
        }
    }
}

/// A TOML string literal (escaped as the toml crate writes it).
fn quoted(s: &str) -> String {
    if !s.chars().any(acts_on_a_terminal) {
        return toml::Value::String(s.to_string()).to_string();
    }
    // Control characters (C1 too, which TOML allows raw) and bidi controls
    // written as escapes: the file shown in a terminal cannot act on it.
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if acts_on_a_terminal(c) => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Characters a terminal acts on rather than shows (see `error::Shown`).
fn acts_on_a_terminal(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The event file. `source` names the page in the header comment.
pub fn to_toml(ev: &Imported, source: &str) -> String {
    let mut out = String::new();
    let shown = |d: Option<u32>| d.map(|n| n.to_string());
    out.push_str(&format!("# {} {}", Shown(ev.name.as_str()), ev.date.year));
    if !ev.place.is_empty() {
        out.push_str(&format!(", {}", Shown(ev.place.as_str())));
    }
    out.push('\n');
    if !source.is_empty() {
        out.push_str(&format!(
            "# Imported with `ratings import` from {source} (World Diplomacy Database).\n"
        ));
    }
    out.push_str(&format!(
        "# {} result rows of {} players as published.\n",
        ev.rows.len(),
        ev.players
    ));
    out.push_str(&format!("name = {}\n", quoted(&ev.name)));
    out.push_str(&format!("date = {}\n", ev.date));
    if let Some(end) = ev.end_date {
        out.push_str(&format!("end_date = {end}\n"));
    }
    if !ev.place.is_empty() {
        out.push_str(&format!("place = {}\n", quoted(&ev.place)));
    }
    out.push_str(&format!("players = {}\n", ev.players));
    if let Some(r) = shown(ev.rounds) {
        out.push_str(&format!("rounds = {r}\n"));
    }
    if let Some(b) = shown(ev.boards) {
        out.push_str(&format!("boards = {b}\n"));
    }
    if ev.world_championship {
        out.push_str("world_championship = true\n");
    }
    if !ev.subtitle.is_empty() {
        out.push_str(&format!("report = {}\n", quoted(&ev.subtitle)));
    }
    for row in &ev.rows {
        out.push_str(&format!(
            "\n[[results]]\nrank = {}\nname = {}\n",
            row.rank,
            quoted(&row.name)
        ));
        if !row.nat.is_empty() {
            out.push_str(&format!("nat = {}\n", quoted(&row.nat)));
        }
        if !row.loc.is_empty() {
            out.push_str(&format!("loc = {}\n", quoted(&row.loc)));
        }
    }
    out
}

/// Longest file name stem [`suggested_path`] gives, in bytes.
pub const MAX_STEM: usize = 100;

/// Where `import -o OUTPUT` writes: OUTPUT itself when it names a `.toml`
/// file; otherwise OUTPUT is a folder (created if missing: `data`,
/// `data/2017/`) and the file is the suggested one inside it. So a missing
/// `data` is never written as a file named `data`.
pub fn target_path(output: &Path, event: &Imported) -> PathBuf {
    let is_file = !output.is_dir()
        && !output.as_os_str().to_string_lossy().ends_with('/')
        && output.extension().is_some_and(|e| e == "toml");
    if is_file {
        output.to_path_buf()
    } else {
        output.join(suggested_path(event))
    }
}

/// Why an event is not imported: its file would be larger than a build
/// reads (`size` bytes when known), and what it holds.
pub(crate) fn oversized(name: &str, size: Option<usize>, holds: &str) -> String {
    let size = size.map_or_else(String::new, |n| format!("{n} bytes, "));
    format!(
        "{}: its event file would be {size}more than the {MAX_TEXT_FILE} bytes a site reads in one file (a build \
         would refuse it): {holds}; not imported",
        Shown(ratings_model::names::excerpt(name).as_ref())
    )
}

/// The largest file `import` reads (a World Diplomacy Database result page
/// is a few hundred kilobytes): more is refused before it is read.
pub const MAX_PAGE_BYTES: u64 = 64 << 20;

/// Write `bytes` to `target` as a whole: into a file created beside it
/// under a fresh random name (exclusively, never through a link planted
/// there), then renamed into place, so that a reader never sees half a
/// file and no other file is written through a link. Without `force` an
/// existing `target` (a dangling link included) is never replaced: the
/// final step fails if one appeared meanwhile. With `force` a link at
/// `target` is replaced by the file, never written through.
pub fn write_new(target: &Path, bytes: &[u8], force: bool) -> std::io::Result<()> {
    use std::io::Write as _;
    let exists = || {
        std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            "the file exists; use --force to replace it",
        )
    };
    if !force && std::fs::symlink_metadata(target).is_ok() {
        return Err(exists());
    }
    let dir = match target.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(dir) => {
            std::fs::create_dir_all(dir)?;
            dir
        }
        None => Path::new("."),
    };
    let mut file = tempfile::Builder::new()
        .prefix(".import-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    // 0666 less the umask, as any new file (tempfile's own is 0600).
    // SAFETY: umask has no preconditions; it is set back at once (import
    // runs no other thread).
    let mask = unsafe {
        let mask = libc::umask(0o022);
        libc::umask(mask);
        mask
    };
    #[allow(clippy::useless_conversion)] // mode_t is u16 on macOS
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o666 & !u32::from(mask));
    file.as_file().set_permissions(mode)?;
    file.write_all(bytes)?;
    file.flush()?;
    let persisted = if force {
        file.persist(target)
    } else {
        file.persist_noclobber(target)
    };
    persisted.map(drop).map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            exists()
        } else {
            e.error
        }
    })
}

/// Where the event belongs under `data/`: `YEAR/name-in-lowercase.toml`
/// (`2017/world-dipcon-xxvii.toml`).
pub fn suggested_path(ev: &Imported) -> String {
    format!("{}/{}.toml", ev.date.year, file_stem(&ev.name))
}

/// An event name as a file name: ASCII letters and digits in lower case,
/// runs of anything else one `-` (`Coupe d'Été: Paris!` → `coupe-d-ete-paris`),
/// `event` when nothing is left.
pub fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in ascii_fold(name).chars() {
        if c.is_ascii_alphanumeric() {
            stem.push(c);
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
    }
    // File names are limited (255 bytes on most file systems): the stem
    // is ASCII, cut at MAX_STEM.
    stem.truncate(MAX_STEM);
    let stem = stem.trim_end_matches('-');
    if stem.is_empty() { "event".into() } else { stem.into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(year: i32, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }

    #[test]
    fn date_ranges_as_the_pages_write_them() {
        assert_eq!(
            parse_date_range("July 7-9, 2017"),
            Some((d(2017, 7, 7), Some(d(2017, 7, 9))))
        );
        assert_eq!(parse_date_range("June 1, 1996"), Some((d(1996, 6, 1), None)));
        assert_eq!(
            parse_date_range("October 11-13, 2002"),
            Some((d(2002, 10, 11), Some(d(2002, 10, 13))))
        );
        assert_eq!(
            parse_date_range("June 30 - July 2, 2017"),
            Some((d(2017, 6, 30), Some(d(2017, 7, 2))))
        );
        assert_eq!(
            parse_date_range("December 30, 2017 - January 1, 2018"),
            Some((d(2017, 12, 30), Some(d(2018, 1, 1))))
        );
        assert_eq!(
            parse_date_range("Oct 11 – 13, 2002"),
            Some((d(2002, 10, 11), Some(d(2002, 10, 13))))
        );
        assert_eq!(parse_date_range("2017-07-07"), Some((d(2017, 7, 7), None)));
        for bad in [
            "",
            "July 2017",
            "February 30, 2017",
            "July 9-7, 2017",
            "Smarch 1, 2017",
            "July 7-9",
        ] {
            assert_eq!(parse_date_range(bad), None, "{bad}");
        }
    }

    #[test]
    fn rows_split_rank_name_and_score() {
        assert_eq!(
            parse_row("1Doug MOORE99.40", 84, true),
            Some((1, "Doug MOORE".into(), "".into(), "".into(), Some("99.40".into())))
        );
        assert_eq!(
            parse_row("42Ry4an BRASE52.84", 88, true).map(|r| (r.1, r.4)),
            Some(("Ry4an BRASE".into(), Some("52.84".into())))
        );
        // A name ending in a digit: the split the formula agrees with wins.
        // Rank 80 of 84: (84.5 - 80) / 84 * 100 = 5.357 -> "5.36".
        assert_eq!(
            parse_row("80John SMITH25.36", 84, true).map(|r| (r.1, r.4)),
            Some(("John SMITH2".into(), Some("5.36".into())))
        );
        assert_eq!(
            parse_row("3\tBjörn VON KNORRING\tSE\tSWE\t97.16", 88, false),
            Some((
                3,
                "Björn VON KNORRING".into(),
                "SWE".into(),
                "SE".into(),
                Some("97.16".into())
            ))
        );
        assert_eq!(parse_row("Doug MOORE99.40", 84, true), None);
        assert_eq!(parse_row("7", 84, true), None);
        assert_eq!(
            parse_row("1Ann LEE100.00", 1, true).map(|r| r.4),
            Some(Some("100.00".into()))
        );
        assert_eq!(
            parse_row("2Ann LEE7.1.25", 9, true).map(|r| (r.1, r.4)),
            Some(("Ann LEE7.".into(), Some("1.25".into())))
        );
        assert_eq!(parse_row("2Ann LEE.", 9, true), None);
    }

    #[test]
    fn rows_stop_once_the_event_file_would_be_too_large() {
        // #29: a page of millions of one-letter rows made an event file
        // larger than a build reads, holding every row first (875 MB for a
        // 6 MB page). Rows stop at the limit; their file is at least 30
        // bytes and the texts a row.
        let mut page = vec!["Date July 7-9, 2017", "RankFirstName LastNameLoc.Nat.Score"];
        page.extend(std::iter::repeat_n("1Ann LEE99.40", 100));
        let read = |limit| {
            let mut problems = Vec::new();
            let rows = result_rows(Path::new("big.txt"), &page, 0, ("Big Open", 1), limit, &mut problems);
            (rows.len(), problems)
        };
        assert_eq!(read(3_700).0, 100);
        let (rows, problems) = read(3_699);
        assert_eq!(rows, 99);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].position, Some((102, 1)));
        assert!(
            problems[0].message.starts_with(
                "Big Open: its event file would be more than the 67108864 bytes a site reads in one file (a build \
                 would refuse it): more than 99 result rows; not imported"
            ),
            "{}",
            problems[0].message
        );
        // At the real limit, every row is read.
        let (rows, problems) = read(MAX_TEXT_FILE as usize);
        assert_eq!((rows, problems.len()), (100, 0));
    }

    #[test]
    fn a_page_shows_its_first_hundred_unreadable_rows_and_counts_the_rest() {
        // #29: one error per unreadable row, each holding the path: a 32 MiB
        // page of `x` rows took 8.4 GB and printed 2 GB.
        let mut page = vec![
            "Date July 7-9, 2017",
            "RankFirstName LastNameLoc.Nat.Score",
            "1Ann LEE99.40",
        ];
        page.extend(std::iter::repeat_n("x", 5_000));
        let mut problems = Vec::new();
        let rows = result_rows(
            Path::new("big.txt"),
            &page,
            0,
            ("Big Open", 1),
            usize::MAX,
            &mut problems,
        );
        assert_eq!(rows.len(), 1);
        assert_eq!(problems.len(), MAX_SHOWN + 1);
        assert_eq!(problems[MAX_SHOWN - 1].position, Some((103, 1)));
        assert_eq!(
            problems[MAX_SHOWN].to_string(),
            "big.txt:5003:1: 4900 more unreadable rows in this file, up to this line, not shown: fix the first 100 and try again"
        );
        // Scores: the first hundred wrong ones are named.
        let rows: Vec<ImportedRow> = (1..=300)
            .map(|rank| ImportedRow {
                line: rank as usize,
                rank,
                name: format!("P{rank}"),
                loc: String::new(),
                nat: String::new(),
                score: None,
            })
            .collect();
        let warnings = score_warnings(Path::new("big.txt"), &rows, 300);
        assert_eq!(warnings.len(), MAX_SHOWN + 1);
        assert_eq!(
            warnings[0].to_string(),
            "big.txt:1:1: \"P1\", rank 1: no Score to check"
        );
        assert_eq!(
            warnings[MAX_SHOWN].to_string(),
            "big.txt:300:1: 200 more warnings in this file, up to this line, not shown: fix the first 100 and try again"
        );
    }

    #[test]
    fn a_long_run_of_digits_is_read_in_linear_time() {
        // #29: every start of the trailing run was tried, each scanning the
        // rest of it: a million digits took hours. Now at most three starts,
        // before the run's last point, are tried.
        let digits = "1".repeat(1_000_000);
        assert_eq!(parse_row(&format!("1Ann LEE{digits}"), 20, true), None);
        let row = parse_row(&format!("1Ann LEE{digits}.5"), 20, true).unwrap();
        assert_eq!(row.1.len(), "Ann LEE".len() + digits.len() - 2);
        assert_eq!(row.4.as_deref(), Some("11.5"));
        let row = parse_row(&format!("1Ann LEE1.{digits}"), 20, true).unwrap();
        assert_eq!(
            (row.1.as_str(), row.4.map(|s| s.len())),
            ("Ann LEE", Some(digits.len() + 2))
        );
    }

    #[test]
    fn pages_saved_as_windows_1252_are_read() {
        let (text, note) = decode_page(b"3Bj\xf6rn VON KNORRING97.16 \x96 Ren\xe9".to_vec());
        assert_eq!(text, "3Björn VON KNORRING97.16 – René");
        assert!(note.is_some());
        let (text, note) = decode_page("Björn".as_bytes().to_vec());
        assert_eq!((text.as_str(), note), ("Björn", None));
    }

    #[test]
    fn paths_from_names() {
        let mut ev = Imported {
            name: "World DipCon XXVII".into(),
            subtitle: String::new(),
            date: d(2017, 7, 7),
            end_date: None,
            place: String::new(),
            players: 1,
            rounds: None,
            boards: None,
            world_championship: true,
            rows: vec![],
        };
        assert_eq!(suggested_path(&ev), "2017/world-dipcon-xxvii.toml");
        ev.name = "Coupe d'Été: Paris!".into();
        assert_eq!(suggested_path(&ev), "2017/coupe-d-ete-paris.toml");
        // 300 characters: cut, without a trailing hyphen.
        ev.name = "Abcdefghi ".repeat(30);
        let path = suggested_path(&ev);
        assert_eq!(path.len(), "2017/".len() + 99 + ".toml".len(), "{path}");
        assert!(path.ends_with("abcdefghi.toml"), "{path}");
        // -o: a .toml path is the file; anything else is a folder.
        ev.name = "World DipCon XXVII".into();
        let tmp = std::env::temp_dir().join(format!("import-target-{}", std::process::id()));
        let p = |s: &str| target_path(&tmp.join(s), &ev);
        assert_eq!(p("data"), tmp.join("data/2017/world-dipcon-xxvii.toml"));
        assert_eq!(p("data/"), tmp.join("data/2017/world-dipcon-xxvii.toml"));
        assert_eq!(p("data/2017/oxford.toml"), tmp.join("data/2017/oxford.toml"));
    }
}
