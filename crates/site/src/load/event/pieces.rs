//! An event file of many `[[results]]` tables, read a thousand tables at a
//! time.
//!
//! `toml::from_str` builds a tree of the whole document (every key and
//! value with its span) before our structs are made: about 2 KB a result
//! row, 2 GB for an imported event of a million rows, where the same rows
//! in a thousand files cost a thousandth of that at once. A big file is
//! therefore read in pieces: the runs of `[[results]]` tables are found by
//! the toml crate's own lexer (so a `[[results]]` inside a string or an
//! array is never taken for a table), each run is parsed
//! [`PIECE_ROWS`] tables at a time, and the rest of the file (the event's
//! keys, its `[[round]]` tables) with those runs blanked out, so that every
//! byte, line and column keeps its place. Anything unexpected (a piece or
//! the rest that does not parse, `[[results]]` written another way) reads
//! the file whole instead, as before: errors are exactly the whole
//! document's.

use toml::Spanned;
use toml_parser::Source;
use toml_parser::lexer::TokenKind;

use super::{EventFile, ResultRow};

/// Tables parsed at once; a file with fewer `[[results]]` tables is read whole.
pub const PIECE_ROWS: usize = 1024;

/// `text` as an event file, read in pieces when it has more than
/// [`PIECE_ROWS`] `[[results]]` tables (the same value and the same
/// errors as `toml::from_str`).
pub(super) fn read(text: &str) -> Result<EventFile, toml::de::Error> {
    // Most files: not even the text `[[results]]` that often (no lexing).
    if text.matches("[[results]]").nth(PIECE_ROWS).is_none() {
        return toml::from_str(text);
    }
    let headers = table_headers(text);
    if headers.iter().filter(|h| h.results).count() <= PIECE_ROWS {
        return toml::from_str(text);
    }
    in_pieces(text, &headers).map_or_else(|| toml::from_str(text), Ok)
}

/// A table header at the start of a line (after spaces), outside any
/// string and any array or inline table: its byte offset, and whether the
/// line is exactly `[[results]]` (spaces and a comment after it allowed).
struct Header {
    at: usize,
    results: bool,
}

/// Every table header of `text`, in order, found by the toml crate's lexer
/// (one pass, nothing kept but the headers).
fn table_headers(text: &str) -> Vec<Header> {
    let mut headers = Vec::new();
    // Open `[` and `{` of values (a header's brackets close on its line).
    let mut depth: i64 = 0;
    let mut line_start = true;
    for token in Source::new(text).lex() {
        match token.kind() {
            TokenKind::Newline => {
                line_start = true;
                continue;
            }
            TokenKind::Whitespace => continue,
            TokenKind::LeftSquareBracket | TokenKind::LeftCurlyBracket => {
                let at = token.span().start();
                if line_start && depth == 0 && token.kind() == TokenKind::LeftSquareBracket {
                    let line = text[at..].split('\n').next().unwrap_or("");
                    let code = line.split('#').next().unwrap_or("").trim_end();
                    headers.push(Header {
                        at,
                        results: code == "[[results]]",
                    });
                }
                depth += 1;
            }
            TokenKind::RightSquareBracket | TokenKind::RightCurlyBracket => depth -= 1,
            _ => {}
        }
        line_start = false;
    }
    headers
}

/// The event's own keys and tables from the file with its runs of
/// `[[results]]` tables blanked, and the result rows from the runs,
/// [`PIECE_ROWS`] tables at a time (`None`: some part does not parse
/// alone, or the rest names `results` too).
fn in_pieces(text: &str, headers: &[Header]) -> Option<EventFile> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Piece {
        results: Vec<Spanned<ResultRow>>,
    }
    // The byte ranges of the runs of `[[results]]` tables.
    let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
    let mut rows = Vec::with_capacity(headers.len());
    let mut i = 0;
    while i < headers.len() {
        if !headers[i].results {
            i += 1;
            continue;
        }
        // A piece: up to PIECE_ROWS `[[results]]` tables in a row.
        let start = headers[i].at;
        let mut j = i;
        while j < headers.len() && headers[j].results && j - i < PIECE_ROWS {
            j += 1;
        }
        let end = headers.get(j).map_or(text.len(), |h| h.at);
        let piece: Piece = toml::from_str(&text[start..end]).ok()?;
        rows.extend(piece.results.into_iter().map(|row| shifted(row, start)));
        match runs.last_mut() {
            Some(run) if run.end == start => run.end = end,
            _ => runs.push(start..end),
        }
        i = j;
    }
    let rest = match runs.as_slice() {
        // The rows to the end of the file (as `import` writes it): the text before them.
        [run] if run.end == text.len() => std::borrow::Cow::Borrowed(&text[..run.start]),
        _ => {
            let mut rest = text.as_bytes().to_vec();
            for run in &runs {
                for byte in &mut rest[run.clone()] {
                    if *byte != b'\n' {
                        *byte = b' ';
                    }
                }
            }
            // Only ASCII bytes were written, over whole characters: still UTF-8.
            std::borrow::Cow::Owned(String::from_utf8(rest).ok()?)
        }
    };
    let mut file: EventFile = toml::from_str(&rest).ok()?;
    if file.results.written {
        return None;
    }
    file.results = super::Rows { written: true, rows };
    Some(file)
}

/// A row of a piece that starts at byte `by`, its spans made the file's.
fn shifted(row: Spanned<ResultRow>, by: usize) -> Spanned<ResultRow> {
    fn shift<T>(value: Spanned<T>, by: usize) -> Spanned<T> {
        let span = value.span();
        Spanned::new(span.start + by..span.end + by, value.into_inner())
    }
    let row = shift(row, by);
    let span = row.span();
    let inner = row.into_inner();
    Spanned::new(
        span,
        ResultRow {
            rank: shift(inner.rank, by),
            name: shift(inner.name, by),
            ..inner
        },
    )
}

#[cfg(test)]
mod tests {
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
                    row.nat.clone(),
                    row.loc.clone(),
                )
            })
            .collect()
    }

    /// `read` gives what `toml::from_str` gives, in pieces or not.
    fn same(text: &str) {
        let whole: EventFile = toml::from_str(text).expect("valid");
        let read = read(text).expect("valid");
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
    type RoundTableRef = Spanned<super::super::RoundTable>;

    #[test]
    fn a_big_file_reads_in_pieces_as_it_reads_whole() {
        let text = event("", 3 * PIECE_ROWS + 17, "");
        assert!(in_pieces(&text, &table_headers(&text)).is_some(), "read in pieces");
        same(&text);
        // Rounds after the rows, a report with `[[results]]` in it, rows after the rounds.
        let text = event(
            "report = '''\n[[results]]\nrank = 1\n'''",
            2 * PIECE_ROWS,
            "[[round]]\nmatches = [\n  [\"A\", \"B\", \"1-0\"],\n]\n\n[[results]]\nrank = 9\nname = \"Last\"\n",
        );
        assert_eq!(
            table_headers(&text).iter().filter(|h| h.results).count(),
            2 * PIECE_ROWS + 1
        );
        assert!(in_pieces(&text, &table_headers(&text)).is_some(), "read in pieces");
        same(&text);
        let whole: EventFile = toml::from_str(&text).unwrap();
        assert_eq!(whole.report, "[[results]]\nrank = 1\n");
        assert_eq!(whole.results.last().unwrap().get_ref().name.get_ref(), "Last");
    }

    #[test]
    fn a_file_read_in_pieces_has_the_errors_of_the_whole() {
        let error = |text: &str| {
            let whole = toml::from_str::<EventFile>(text).err().expect("an error");
            let read = read(text).err().expect("an error");
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
