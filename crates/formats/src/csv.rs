//! Plain CSV for any game, with a header line: placements
//! `event,date,rank,player[,nat]` or matches `event,date,round,first,second,result`.
//!
//! Hand-written rather than the `csv` crate: the file is small, and what it
//! needs around the quoting (the encoding guess, the separator from the header,
//! a line and a character column for every field, errors in the project's
//! words) is most of the work either way.
//!
//! Choices of ours (documented with the import, issue 26):
//! - The separator is what the header uses: `,`, or `;` as spreadsheets write in
//!   countries where the comma is the decimal mark, or a tab.
//! - Columns may come in any order; header names are case-insensitive; an
//!   unknown or repeated column is an error (a typo should not drop data).
//! - Unquoted fields are trimmed; quoted fields are kept exactly. Blank lines and
//!   lines of separators only (spreadsheets' empty rows) are skipped.
//! - Rows group into tournaments by `event` + `date`, in order of first
//!   appearance. Results are kept as written (`GameResult::Written`) for the
//!   integrator to read with the results notation of docs/data-format.md.
//! - An event's highest round is at most its games + `ROUND_SLACK` (issue 29).

use std::collections::HashMap;

use crate::date::parse_date;
use crate::model::{Date, Entrant, Game, GameResult, Import, ImportError, Position, Tournament};
use crate::names;
use crate::text;

/// One field and where it starts (1-based line, 1-based character column).
#[derive(Clone, Debug, PartialEq)]
struct Field {
    text: String,
    line: usize,
    column: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Column {
    Event,
    Date,
    Rank,
    Player,
    Nat,
    Round,
    First,
    Second,
    Result,
}

/// How many columns there are.
const ALL_COLUMNS: usize = 9;
const PLACEMENTS: [Column; 4] = [Column::Event, Column::Date, Column::Rank, Column::Player];
const MATCHES: [Column; 6] = [
    Column::Event,
    Column::Date,
    Column::Round,
    Column::First,
    Column::Second,
    Column::Result,
];

fn column_named(name: &str) -> Option<Column> {
    Some(match name.trim().to_ascii_lowercase().as_str() {
        "event" => Column::Event,
        "date" => Column::Date,
        "rank" => Column::Rank,
        "player" => Column::Player,
        "nat" => Column::Nat,
        "round" => Column::Round,
        "first" => Column::First,
        "second" => Column::Second,
        "result" => Column::Result,
        _ => return None,
    })
}

/// Splits CSV text into records of fields (RFC 4180 quoting; the text's line
/// breaks are already `\n`).
struct Records<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    separator: char,
    line: usize,
    column: usize,
}

impl Records<'_> {
    fn next_char(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 0;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// The next record, `None` at the end of the text. Of the fields after
    /// the first `keep`, only the first non-empty one is kept (the error
    /// `make_row` reports): a row of millions of separators costs no memory.
    fn record(&mut self, keep: usize) -> Option<Result<Vec<Field>, ImportError>> {
        self.chars.peek()?;
        let mut fields = Vec::new();
        let mut extra_kept = false;
        loop {
            match self.field() {
                Err(e) => return Some(Err(e)),
                Ok((field, more)) => {
                    if fields.len() < keep {
                        fields.push(field);
                    } else if !extra_kept && !field.text.is_empty() {
                        extra_kept = true;
                        fields.push(field);
                    }
                    if !more {
                        return Some(Ok(fields));
                    }
                }
            }
        }
    }

    /// Spaces around a field, and tabs unless they separate fields.
    fn skip_blanks(&mut self) {
        while self
            .chars
            .peek()
            .is_some_and(|&c| c == ' ' || (c == '\t' && self.separator != '\t'))
        {
            self.next_char();
        }
    }

    /// One field, and whether another follows on this record.
    fn field(&mut self) -> Result<(Field, bool), ImportError> {
        self.skip_blanks();
        let (line, column) = (self.line, self.column + 1);
        let mut text = String::new();
        if self.chars.peek() == Some(&'"') {
            self.next_char();
            loop {
                match self.next_char() {
                    None => {
                        return Err(ImportError::new(
                            line,
                            Some(column),
                            "a quoted field is never closed (a `\"` is missing)",
                        ));
                    }
                    Some('"') if self.chars.peek() == Some(&'"') => {
                        self.next_char();
                        text.push('"');
                    }
                    Some('"') => break,
                    Some(c) => text.push(c),
                }
            }
            self.skip_blanks();
            return match self.next_char() {
                None | Some('\n') => Ok((Field { text, line, column }, false)),
                Some(c) if c == self.separator => Ok((Field { text, line, column }, true)),
                Some(c) => Err(ImportError::new(
                    self.line,
                    Some(self.column),
                    format!("`{c}` after a closing quote; a field with quotes inside is written \"like \"\"this\"\"\""),
                )),
            };
        }
        loop {
            match self.next_char() {
                None | Some('\n') => {
                    return Ok((
                        Field {
                            text: text.trim_end().to_owned(),
                            line,
                            column,
                        },
                        false,
                    ));
                }
                Some(c) if c == self.separator => {
                    return Ok((
                        Field {
                            text: text.trim_end().to_owned(),
                            line,
                            column,
                        },
                        true,
                    ));
                }
                Some(c) => text.push(c),
            }
        }
    }
}

/// The columns a header may name, for messages.
const ACCEPTED: &str =
    "`event,date,rank,player[,nat]` (placements) or `event,date,round,first,second,result` (matches)";

/// The separator the header line uses: the one that splits it into the most
/// known columns, `event` and at least two others among them (so that a typo
/// in one column name is told as such rather than "not a CSV file").
pub(crate) fn separator_of(header: &str) -> Result<char, ImportError> {
    let mut best = None;
    for separator in [',', ';', '\t'] {
        let known: Vec<Column> = header
            .split(separator)
            .filter_map(|name| column_named(name.trim_matches([' ', '"'])))
            .collect();
        if header.contains(separator)
            && known.len() >= 3
            && known.contains(&Column::Event)
            && best.is_none_or(|(n, _)| known.len() > n)
        {
            best = Some((known.len(), separator));
        }
    }
    if let Some((_, separator)) = best {
        return Ok(separator);
    }
    Err(ImportError::new(
        1,
        Some(1),
        format!("the first line must name the columns: {ACCEPTED}"),
    ))
}

enum Kind {
    Placements,
    Matches,
}

/// The header's columns, checked: known, not repeated, one of the two layouts.
fn read_header(fields: &[Field]) -> Result<(Vec<Column>, Kind), ImportError> {
    let mut columns = Vec::new();
    for field in fields {
        let error = |message: String| ImportError::new(field.line, Some(field.column), message);
        let column = column_named(&field.text).ok_or_else(|| {
            error(format!(
                "unknown column `{}` (column {} of the header): the columns are {ACCEPTED}",
                text::excerpt(&field.text),
                columns.len() + 1
            ))
        })?;
        if columns.contains(&column) {
            return Err(error(format!("column `{}` appears twice", text::excerpt(&field.text))));
        }
        columns.push(column);
    }
    let has = |wanted: &[Column]| wanted.iter().all(|c| columns.contains(c));
    let allowed = |layout: &[Column], extra: &[Column]| columns.iter().all(|c| layout.contains(c) || extra.contains(c));
    let kind = if has(&PLACEMENTS) && allowed(&PLACEMENTS, &[Column::Nat]) {
        Kind::Placements
    } else if has(&MATCHES) && allowed(&MATCHES, &[]) {
        Kind::Matches
    } else {
        return Err(ImportError::new(
            1,
            Some(1),
            "the columns are neither placements `event,date,rank,player[,nat]` nor matches \
             `event,date,round,first,second,result`",
        ));
    };
    Ok((columns, kind))
}

/// One data row by column, with the row's line for errors.
struct Row {
    line: usize,
    cells: HashMap<Column, Field>,
}

impl Row {
    fn text(&self, column: Column) -> &str {
        self.cells.get(&column).map_or("", |f| f.text.as_str())
    }

    fn error(&self, column: Column, message: String) -> ImportError {
        let at = self.cells.get(&column).map(|f| (f.line, f.column));
        let (line, column) = at.map_or((self.line, None), |(l, c)| (l, Some(c)));
        ImportError::new(line, column, message)
    }

    /// Where the row writes the column's cell.
    fn at(&self, column: Column) -> Position {
        self.cells.get(&column).map_or((self.line, 1), |f| (f.line, f.column))
    }

    fn required(&self, column: Column, what: &str) -> Result<String, ImportError> {
        let text = self.text(column);
        if text.is_empty() {
            return Err(self.error(column, format!("no {what}")));
        }
        Ok(names::tidy(text))
    }

    /// A rank or round: 1 to 9999 (a bigger one is a typo, and rounds are
    /// allocated up to their number).
    fn number(&self, column: Column, what: &str) -> Result<u32, ImportError> {
        let text = self.text(column);
        match text.parse::<u32>() {
            Ok(n) if (1..=9999).contains(&n) => Ok(n),
            _ => Err(self.error(
                column,
                format!("{what} `{}` is not a whole number from 1 to 9999", text::excerpt(text)),
            )),
        }
    }

    fn date(&self) -> Result<Date, ImportError> {
        parse_date(self.text(Column::Date)).map_err(|why| self.error(Column::Date, format!("date: {why}")))
    }
}

fn make_row(columns: &[Column], fields: Vec<Field>) -> Result<Option<Row>, ImportError> {
    let line = fields.first().map_or(0, |f| f.line);
    if fields.iter().all(|f| f.text.is_empty()) {
        return Ok(None);
    }
    if let Some(extra) = fields.iter().skip(columns.len()).find(|f| !f.text.is_empty()) {
        return Err(ImportError::new(
            extra.line,
            Some(extra.column),
            format!("more fields than the header's {} columns", columns.len()),
        ));
    }
    let cells = columns.iter().copied().zip(fields).collect();
    Ok(Some(Row { line, cells }))
}

/// Reads a CSV file. See the module documentation for the choices made.
pub fn parse(bytes: &[u8]) -> Result<Import, ImportError> {
    let decoded = text::decode(bytes)?;
    let header_line = decoded.text.lines().next().unwrap_or_default();
    let separator = separator_of(header_line)?;
    let mut records = Records {
        chars: decoded.text.chars().peekable(),
        separator,
        line: 1,
        column: 0,
    };
    // A header of more fields than there are columns names one twice or one
    // unknown among its first `ALL_COLUMNS + 1`: the error is among those kept.
    let header = records.record(ALL_COLUMNS + 1).unwrap_or(Ok(Vec::new()))?;
    let (columns, kind) = read_header(&header)?;
    let mut events = Events::default();
    while let Some(record) = records.record(columns.len()) {
        let Some(row) = make_row(&columns, record?)? else {
            continue;
        };
        match kind {
            Kind::Placements => events.placement(&row)?,
            Kind::Matches => events.game(&row)?,
        }
    }
    if events.list.is_empty() {
        return Err(ImportError::new(0, None, "no rows under the header"));
    }
    events.place_games()?;
    Ok(Import {
        encoding: decoded.encoding,
        tournaments: events.list,
        warnings: Vec::new(),
    })
}

/// Tournaments by (event, date), and each one's players by name.
#[derive(Default)]
struct Events {
    list: Vec<Tournament>,
    index: HashMap<(String, Date), usize>,
    players: Vec<HashMap<String, (usize, usize)>>,
    /// (event, round, player) → the line of the player's match in that round.
    busy: HashMap<(usize, u32, usize), usize>,
    /// Per event, its games with their rounds, in the file's order, and its
    /// highest round with where it is written: rounds are made once the
    /// file is read and the highest round checked, not one per number.
    games: Vec<Vec<(u32, Game)>>,
    top: Vec<(u32, Position)>,
}

/// How many more rounds than games an event may have. A round is only empty
/// when later rounds have games, so an event of n games has at most n rounds;
/// the slack allows a file of an event's last rounds only. Round 9999 in an
/// event of one game (a typo, or a hostile file) would write 9,998 empty
/// rounds.
const ROUND_SLACK: usize = 16;

impl Events {
    fn tournament(&mut self, row: &Row) -> Result<usize, ImportError> {
        let name = row.required(Column::Event, "event name")?;
        let date = row.date()?;
        let next = self.list.len();
        let index = *self.index.entry((name.clone(), date)).or_insert(next);
        if index == next {
            self.list.push(Tournament {
                at: (row.line, 1),
                name,
                start: Some(date),
                end: Some(date),
                ..Tournament::default()
            });
            self.players.push(HashMap::new());
            self.games.push(Vec::new());
            self.top.push((0, (0, 0)));
        }
        Ok(index)
    }

    /// The entrant's index, and the line where the name first appeared.
    fn entrant(&mut self, event: usize, name: &str, at: Position) -> (usize, usize) {
        let players = &mut self.list[event].players;
        *self.players[event].entry(name.to_owned()).or_insert_with(|| {
            // CSV names are display names already: kept whole, never turned around.
            players.push(Entrant {
                name: name.to_owned(),
                surname_first: name.to_owned(),
                surname: name.to_owned(),
                at,
                ..names::entrant("")
            });
            (players.len() - 1, at.0)
        })
    }

    fn placement(&mut self, row: &Row) -> Result<(), ImportError> {
        let event = self.tournament(row)?;
        let rank = row.number(Column::Rank, "rank")?;
        let name = row.required(Column::Player, "player name")?;
        let known = self.list[event].players.len();
        let (player, first) = self.entrant(event, &name, row.at(Column::Player));
        if player < known {
            return Err(row.error(
                Column::Player,
                format!(
                    "`{}` is already placed in this event on line {first}",
                    text::excerpt(&name)
                ),
            ));
        }
        let t = &mut self.list[event];
        t.players[player].federation = row.text(Column::Nat).to_owned();
        t.official.get_or_insert_with(Vec::new).push((player, rank));
        Ok(())
    }

    fn game(&mut self, row: &Row) -> Result<(), ImportError> {
        let event = self.tournament(row)?;
        let round = row.number(Column::Round, "round")?;
        let first_name = row.required(Column::First, "first player")?;
        let second_name = row.required(Column::Second, "second player")?;
        let result = row.required(Column::Result, "result")?;
        if first_name == second_name {
            return Err(row.error(
                Column::Second,
                format!("`{}` cannot play themself", text::excerpt(&first_name)),
            ));
        }
        let (first, _) = self.entrant(event, &first_name, row.at(Column::First));
        let (second, _) = self.entrant(event, &second_name, row.at(Column::Second));
        if round > self.top[event].0 {
            self.top[event] = (round, row.at(Column::Round));
        }
        for (player, name, column) in [
            (first, &first_name, Column::First),
            (second, &second_name, Column::Second),
        ] {
            if let Some(line) = self.busy.insert((event, round, player), row.line) {
                return Err(row.error(
                    column,
                    format!(
                        "`{}` already plays in round {round} (line {line}): one match per player and round",
                        text::excerpt(name)
                    ),
                ));
            }
        }
        let game = Game {
            white: first,
            black: second,
            result: GameResult::Written(result),
            colours_known: false,
            at: [row.at(Column::First), row.at(Column::Second), row.at(Column::Result)],
        };
        self.games[event].push((round, game));
        Ok(())
    }

    /// Puts each event's games in their rounds, refusing a highest round
    /// beyond the event's games (`ROUND_SLACK`).
    fn place_games(&mut self) -> Result<(), ImportError> {
        for ((t, games), &(top, (line, column))) in self.list.iter_mut().zip(&mut self.games).zip(&self.top) {
            if top as usize > games.len() + ROUND_SLACK {
                let n = games.len();
                return Err(ImportError::new(
                    line,
                    Some(column),
                    format!(
                        "round {top} in an event of {n} {}: rounds are numbered 1, 2, … and an event has at most \
                         {ROUND_SLACK} more rounds than games",
                        if n == 1 { "game" } else { "games" }
                    ),
                ));
            }
            t.rounds = top;
            t.round_results = vec![Vec::new(); top as usize];
            t.byes = vec![Vec::new(); top as usize];
            for (round, game) in games.drain(..) {
                t.round_results[round as usize - 1].push(game);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_beyond_the_header_are_not_kept() {
        // 32 MiB of commas cost 3.37 GB (a 40-byte field per comma).
        let text = format!("a,b,c{}\n{},x,,\n", ",".repeat(1_000_000), ",".repeat(1_000_000));
        let mut records = Records {
            chars: text.chars().peekable(),
            separator: ',',
            line: 1,
            column: 0,
        };
        let first = records.record(3).unwrap().unwrap();
        assert_eq!(
            first.iter().map(|f| f.text.as_str()).collect::<Vec<_>>(),
            ["a", "b", "c"]
        );
        // The first non-empty extra is kept, where it is: make_row's error.
        let second = records.record(3).unwrap().unwrap();
        assert_eq!(second.len(), 4);
        assert_eq!(
            (second[3].text.as_str(), second[3].line, second[3].column),
            ("x", 2, 1_000_002)
        );
        assert!(records.record(3).is_none());
    }
}
