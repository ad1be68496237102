//! Lines that hold nothing (blank, spaces, comments), kept from the TOML
//! parser.
//!
//! `toml::from_str` holds every token of a document while it parses it,
//! some 48 bytes each, and every newline is a token: a 60 MiB event file of
//! blank lines took 3 GB (50 times its size), of `#` lines as much. Before
//! a file is parsed, each run of lines that hold nothing is written as one
//! line of spaces of the same length: two tokens, whatever the run's length.
//! Every other byte keeps its place, so the parser gives the same values,
//! the same spans and the same errors, and lines and columns are still
//! counted in the file as written. The runs are found by the toml crate's
//! own lexer, so that a blank or `#` line inside a multi-line string (where
//! it is text) is never touched; a comment the parser would refuse (a
//! control character in it) is kept too, for its error.

use std::borrow::Cow;

use serde::de::DeserializeOwned;
use toml_parser::Source;
use toml_parser::lexer::TokenKind;

/// Lines that hold nothing beyond the first of their run a file may have
/// before they are blanked: a file with fewer is parsed as written (their
/// tokens cost at most some 100 KB), which saves normal files the lexer's
/// pass.
pub const PARSED: usize = 1024;

/// `toml::from_str` of `text` with its runs of lines that hold nothing
/// blanked ([`blanked`]): the same value and the same error.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, toml::de::Error> {
    toml::from_str(&blanked(text))
}

/// `text` with each run of two or more lines that hold nothing (spaces,
/// tabs, a comment, outside any string) written as spaces and the run's
/// last line end: the same length, every other byte in its place. Borrowed
/// when there is little to save ([`PARSED`]).
pub fn blanked(text: &str) -> Cow<'_, str> {
    if saved_lines(text) < PARSED {
        return Cow::Borrowed(text);
    }
    let mut bytes = text.as_bytes().to_vec();
    // The current line: where it starts, whether it holds nothing so far.
    let mut line = 0;
    let mut empty = true;
    // The current run of lines that hold nothing: its start and its lines.
    let mut run = 0;
    let mut lines = 0;
    let mut blanked_runs = 0;
    let mut close = |run: usize, lines: usize, end: usize| {
        if lines >= 2 {
            // Whole lines: whole characters, so still UTF-8; the last `\n` kept.
            bytes[run..end - 1].fill(b' ');
            blanked_runs += 1;
        }
    };
    for token in Source::new(text).lex() {
        let span = token.span();
        let raw = &text[span.start()..span.end()];
        match token.kind() {
            TokenKind::Whitespace => {}
            TokenKind::Comment if raw.bytes().all(comment_byte) => {}
            // A lone `\r` is an error of the parser's: content, kept.
            TokenKind::Newline if raw != "\r" => {
                if empty {
                    if lines == 0 {
                        run = line;
                    }
                    lines += 1;
                }
                line = span.end();
                empty = true;
            }
            _ => {
                if empty {
                    close(run, lines, line);
                    lines = 0;
                }
                empty = false;
            }
        }
    }
    close(run, lines, line);
    if blanked_runs == 0 {
        // All inside strings: the text as written, not a copy of it.
        return Cow::Borrowed(text);
    }
    // Only ASCII spaces were written, over whole lines.
    String::from_utf8(bytes).map_or(Cow::Borrowed(text), Cow::Owned)
}

/// A byte the parser takes in a comment (TOML: tab, printable ASCII, any
/// non-ASCII character).
fn comment_byte(b: u8) -> bool {
    b == b'\t' || (0x20..=0x7e).contains(&b) || b >= 0x80
}

/// The lines that look like they hold nothing (spaces, tabs and maybe a
/// `#` and what follows) after a line that looks so too: at least what
/// [`blanked`] would save (strings are not told apart here), in one pass
/// over the bytes.
fn saved_lines(text: &str) -> usize {
    let mut saved = 0;
    let mut after_empty = false;
    for line in text.split_terminator('\n') {
        let code = line.as_bytes().trim_ascii_start();
        let empty = code.is_empty() || code == b"\r" || code[0] == b'#';
        saved += usize::from(empty && after_empty);
        after_empty = empty;
    }
    saved
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Deserialize)]
    struct Doc {
        name: toml::Spanned<String>,
        text: Option<String>,
        list: Option<Vec<i64>>,
    }

    fn filler(lines: usize, line: &str) -> String {
        line.repeat(lines)
    }

    #[test]
    fn runs_of_blank_and_comment_lines_become_one_line_of_spaces() {
        let text = format!(
            "name = \"a\"\n{}list = [1,\n{}2]\n",
            filler(PARSED, "\n  # x\r\n\t\n"),
            filler(PARSED, "# é\n")
        );
        let out = blanked(&text);
        assert_eq!(out.len(), text.len());
        // name, the first run, list = [1, the second run, 2]
        let lines: Vec<&str> = out.split('\n').collect();
        assert_eq!(lines.len(), 6);
        assert_eq!(lines[0], "name = \"a\"");
        assert_eq!(lines[1].len(), PARSED * "\n  # x\r\n\t\n".len() - 1);
        assert!(lines[1].bytes().all(|b| b == b' '));
        assert_eq!(lines[2], "list = [1,");
        assert_eq!(lines[3].len(), PARSED * "# é\n".len() - 1);
        assert_eq!(lines[4], "2]");
        let doc: Doc = from_str(&text).unwrap();
        assert_eq!(doc.list, Some(vec![1, 2]));
        assert_eq!(doc, toml::from_str::<Doc>(&text).unwrap());
    }

    #[test]
    fn what_the_parser_is_given_does_not_grow_with_blank_lines() {
        // The tokens the parser holds: lines of the text it is given.
        let given = |text: &str| blanked(text).lines().count();
        for line in ["\n", "#\n", "\r\n", "   # comment\n"] {
            let small = format!("name = \"a\"\n{}", line.repeat(2 * PARSED));
            let big = format!("name = \"a\"\n{}", line.repeat(64 * PARSED));
            assert_eq!(given(&small), 2, "{line:?}");
            assert_eq!(given(&big), 2, "{line:?}");
        }
        // Few blank lines: the text as written.
        let few = format!("name = \"a\"\n{}", "\n".repeat(PARSED));
        assert!(matches!(blanked(&few), Cow::Borrowed(_)));
    }

    #[test]
    fn multi_line_strings_keep_their_blank_and_comment_lines() {
        for quote in ["\"\"\"", "'''"] {
            let inside = filler(PARSED + 1, "\n# not a comment\n");
            let text = format!(
                "name = \"a\"\ntext = {quote}{inside}{quote}\n{}",
                filler(2 * PARSED, "\n")
            );
            let doc: Doc = from_str(&text).unwrap();
            assert_eq!(doc.text.as_deref(), Some(&inside[1..]), "{quote}");
            // The run after the string is one line; the string's lines are all there.
            assert_eq!(blanked(&text).lines().count(), text.lines().count() - 2 * PARSED + 1);
            // Only the string's lines: nothing to blank, no copy.
            let only_string = format!("name = \"a\"\ntext = {quote}{inside}{quote}\n");
            assert!(matches!(blanked(&only_string), Cow::Borrowed(_)));
        }
    }

    #[test]
    fn errors_keep_their_place() {
        let pad = filler(2 * PARSED, "\n#\n");
        let cases = [
            format!("name = \"a\"\n{pad}name = \"b\"\n"),
            format!("name = \"a\"\n{pad}list = [1,\n{pad}\"x\"]\n"),
            format!("name = \"a\"\nlist = [1,\n{pad}\n"),
            format!("name = \n{pad}\"a\"\n"),
            format!("name = \"a\"\n{pad}# bad \u{1} comment\n{pad}"),
            format!("name = \"a\"\n{pad}\r {pad}"),
            format!("name = \"a\"\ntext = \"\"\"\n{pad}"),
            format!("{pad}name = 5\n"),
            format!("{pad}[t]\n{pad}x = {{ a = 1,\n{pad} }}\n"),
        ];
        for (i, text) in cases.iter().enumerate() {
            // Case 6: all of the padding is inside the unclosed string.
            assert_eq!(matches!(blanked(text), Cow::Owned(_)), i != 6, "case {i}");
            let as_written = toml::from_str::<Doc>(text).expect_err(&format!("case {i}"));
            let blanked = from_str::<Doc>(text).unwrap_err();
            assert_eq!(blanked.message(), as_written.message(), "case {i}");
            assert_eq!(blanked.span(), as_written.span(), "case {i}");
        }
    }

    /// Every TOML file of the test sites (the invalid corpus too), padded
    /// with runs of blank and comment lines between its lines (inside its
    /// strings and arrays too): read blanked, the same table or the same
    /// error at the same byte.
    #[test]
    fn the_fixtures_read_the_same_blanked() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
        let mut files = Vec::new();
        let mut dirs = vec![root];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "toml") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 100, "{} files", files.len());
        let (mut errors, mut blanked_files) = (0, 0);
        for (n, path) in files.iter().enumerate() {
            let Ok(text) = std::fs::read_to_string(path) else {
                continue;
            };
            let runs = ["\n", "# a comment\n", "  \t\r\n", "\n#\n  # \"\"\"\n"];
            let mut padded = String::new();
            for (i, line) in text.split_inclusive('\n').enumerate() {
                padded.push_str(line);
                if (i + n) % 3 == 0 && line.ends_with('\n') {
                    padded.push_str(&runs[(i + n) % runs.len()].repeat(PARSED + 1));
                }
            }
            blanked_files += usize::from(matches!(blanked(&padded), Cow::Owned(_)));
            let as_written = toml::from_str::<toml::Table>(&padded);
            match (from_str::<toml::Table>(&padded), as_written) {
                // As text: a NaN is not equal to itself.
                (Ok(a), Ok(b)) => assert_eq!(a.to_string(), b.to_string(), "{}", path.display()),
                (Err(a), Err(b)) => {
                    errors += 1;
                    assert_eq!((a.message(), a.span()), (b.message(), b.span()), "{}", path.display());
                }
                (a, b) => panic!("{}: {a:?} / {b:?}", path.display()),
            }
        }
        assert!(
            errors >= 5 && blanked_files > 100,
            "{errors} errors, {blanked_files} blanked"
        );
    }
}
