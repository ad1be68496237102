//! A data file of many tables of one list (`[[results]]` of an event,
//! `[[player]]` of `players.toml`), read a thousand tables at a time.
//!
//! `toml::from_str` builds a tree of the whole document (every key and
//! value with its span) before our structs are made: about 2 KB a result
//! row, 2 GB for an imported event of a million rows, where the same rows
//! in a thousand files cost a thousandth of that at once. A big file is
//! therefore read in pieces: the runs of the list's tables are found by
//! the toml crate's own lexer (so a `[[results]]` inside a string or an
//! array is never taken for a table), each run is parsed [`PIECE_ROWS`]
//! tables at a time, and the rest of the file (an event's keys, its
//! `[[round]]` tables) with those runs blanked out, so that every byte,
//! line and column keeps its place. Anything unexpected (a piece or the
//! rest that does not parse, the list written another way) reads the file
//! whole instead, as before: errors are exactly the whole document's.
//! Either way the parser is given the file with its runs of lines that
//! hold nothing blanked ([`ratings_config::filler`]).

use std::borrow::Cow;
use std::ops::Range;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use toml::Spanned;
use toml_parser::Source;
use toml_parser::lexer::TokenKind;

/// Tables parsed at once; a file with fewer tables of the list is read whole.
pub const PIECE_ROWS: usize = 1024;

/// A list of tables of a file, and whether the file has its key at all
/// (`results = []` is one, which a file read in pieces must know).
pub struct Listed<T> {
    pub written: bool,
    pub rows: Vec<T>,
}

impl<T> Default for Listed<T> {
    fn default() -> Self {
        Listed {
            written: false,
            rows: Vec::new(),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Listed<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Listed {
            written: true,
            rows: Vec::deserialize(d)?,
        })
    }
}

impl<T> std::ops::Deref for Listed<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.rows
    }
}

/// How one list of a file is read in pieces.
pub struct List<F, T> {
    /// The tables' name: `results` for `[[results]]`.
    pub name: &'static str,
    /// The tables of a piece of the file (a run of `[[name]]` tables
    /// alone), `None` if it does not parse.
    pub piece: fn(&str) -> Option<Vec<T>>,
    /// A table of a piece that starts at a byte, its spans made the file's.
    pub shift: fn(T, usize) -> T,
    /// The list in the file's value.
    pub of: fn(&mut F) -> &mut Listed<T>,
}

/// `text` as a file of type `F`, read in pieces when it has more than
/// [`PIECE_ROWS`] tables of `list` (the same value and the same errors as
/// `toml::from_str`).
pub fn read<F: DeserializeOwned, T>(text: &str, list: &List<F, T>) -> Result<F, toml::de::Error> {
    // Runs of blank and comment lines cost the parser nothing (every byte
    // stays in its place: the same spans and errors).
    let text = &*ratings_config::filler::blanked(text);
    // Most files: not even the text `[[name]]` that often (no lexing).
    let header = format!("[[{}]]", list.name);
    if text.matches(header.as_str()).nth(PIECE_ROWS).is_none() {
        return toml::from_str(text);
    }
    let headers = table_headers(text, &header);
    if headers.iter().filter(|h| h.listed).count() <= PIECE_ROWS {
        return toml::from_str(text);
    }
    in_pieces(text, &headers, list).map_or_else(|| toml::from_str(text), Ok)
}

/// The byte offset of the table header `[[name]]` number `n + 1` of
/// `text`, as the lexer finds headers (never one inside a string), and how
/// many there are; `None` when there are at most `n`. One pass, no tree:
/// a file of too many tables is refused before it is parsed.
pub fn table_beyond(text: &str, name: &str, n: usize) -> Option<(usize, usize)> {
    let header = format!("[[{name}]]");
    text.matches(header.as_str()).nth(n)?;
    let headers = table_headers(text, &header);
    let mut listed = headers.iter().filter(|h| h.listed);
    let at = listed.nth(n)?.at;
    Some((at, n + 1 + listed.count()))
}

/// A file the TOML parser would hold too much of (tiny values, inline
/// tables, dotted keys: [`ratings_config::density`]), refused before it
/// reads it, at the line where the estimate passes the limit.
pub fn not_too_dense(path: &std::path::Path, text: &str) -> Result<(), Vec<ratings_model::error::Diagnostic>> {
    ratings_config::density::refused(path, text).map_or(Ok(()), |dense| Err(vec![dense]))
}

/// A value's span moved `by` bytes on.
pub fn shift<T>(value: Spanned<T>, by: usize) -> Spanned<T> {
    let span = value.span();
    Spanned::new(span.start + by..span.end + by, value.into_inner())
}

/// A table header at the start of a line (after spaces), outside any
/// string and any array or inline table: its byte offset, and whether the
/// line is exactly the list's header (spaces and a comment after it
/// allowed).
struct Header {
    at: usize,
    listed: bool,
}

/// Every table header of `text`, in order, found by the toml crate's lexer
/// (one pass, nothing kept but the headers).
fn table_headers(text: &str, header: &str) -> Vec<Header> {
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
                        listed: code == header,
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

/// The file with its runs of the list's tables blanked, and the tables
/// from the runs, [`PIECE_ROWS`] at a time (`None`: some part does not
/// parse alone, or the rest names the list too).
fn in_pieces<F: DeserializeOwned, T>(text: &str, headers: &[Header], list: &List<F, T>) -> Option<F> {
    // The byte ranges of the runs of the list's tables.
    let mut runs: Vec<Range<usize>> = Vec::new();
    let mut rows = Vec::with_capacity(headers.len());
    let mut i = 0;
    while i < headers.len() {
        if !headers[i].listed {
            i += 1;
            continue;
        }
        // A piece: up to PIECE_ROWS tables of the list in a row.
        let start = headers[i].at;
        let mut j = i;
        while j < headers.len() && headers[j].listed && j - i < PIECE_ROWS {
            j += 1;
        }
        let end = headers.get(j).map_or(text.len(), |h| h.at);
        let piece = (list.piece)(&text[start..end])?;
        rows.extend(piece.into_iter().map(|row| (list.shift)(row, start)));
        match runs.last_mut() {
            Some(run) if run.end == start => run.end = end,
            _ => runs.push(start..end),
        }
        i = j;
    }
    let rest = match runs.as_slice() {
        // The tables to the end of the file (as `import` writes them): the text before them.
        [run] if run.end == text.len() => Cow::Borrowed(&text[..run.start]),
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
            Cow::Owned(String::from_utf8(rest).ok()?)
        }
    };
    let mut file: F = toml::from_str(&rest).ok()?;
    let listed = (list.of)(&mut file);
    if listed.written {
        return None;
    }
    *listed = Listed { written: true, rows };
    Some(file)
}

/// `text` read in pieces (`None`: it does not read that way), for tests.
#[cfg(test)]
pub fn only_in_pieces<F: DeserializeOwned, T>(text: &str, list: &List<F, T>) -> Option<F> {
    in_pieces(text, &table_headers(text, &format!("[[{}]]", list.name)), list)
}

/// How many tables of the list `name` the lexer finds in `text`, for tests.
#[cfg(test)]
pub fn listed(text: &str, name: &str) -> usize {
    let header = format!("[[{name}]]");
    table_headers(text, &header).iter().filter(|h| h.listed).count()
}

#[cfg(test)]
mod tests {
    /// The third `[[round]]` header and the count, a header inside a
    /// string or an array left out.
    #[test]
    fn table_beyond_counts_headers_only() {
        let text =
            "report = \"\"\"\n[[round]]\n\"\"\"\n[[round]]\nx = [\n[[round]]]\n[[round]]\n[[round]] # c\n[[round]]\n";
        let third = text.match_indices("[[round]] # c").next().unwrap().0;
        assert_eq!(super::table_beyond(text, "round", 2), Some((third, 4)));
        assert_eq!(super::table_beyond(text, "round", 4), None);
    }
}
