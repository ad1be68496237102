//! What the TOML parser would hold for a file, estimated before it is
//! parsed, so that a file too dense for it is refused instead.
//!
//! `toml::from_str` keeps every token and every parser event of a document
//! and then a tree of its values before our structs are made. For the
//! files this tool's formats describe that is some 20 to 60 times the
//! file's size; for tiny values it is far more: each non-empty table
//! (`{a=1}`, a dotted key `a.b = 1`) takes a map node of some 1.2 KB,
//! each value or key some 100 bytes, each token 50. A 4 MB list of
//! `{a.b=1},` took 1.5 GB (380 times), and a 64 MiB file of it would
//! take 24 GB. One pass of the toml crate's own lexer (nothing kept but a
//! stack of the open brackets) adds up those costs; a file whose estimate
//! passes [`FACTOR`] times its size (and [`FLOOR`]) is refused at the
//! token where it does. Nothing a user writes comes near: rows and rounds
//! as the formats show them are estimated at 25 to 60 times.

use toml_parser::Source;
use toml_parser::lexer::TokenKind;

/// Bytes of estimate allowed per byte of the file.
pub const FACTOR: u64 = 96;

/// Any file may be estimated at this much (small files are never refused).
pub const FLOOR: u64 = 256 << 20;

/// Estimated bytes held for a token (the lexer's and the parser's record).
const TOKEN: u64 = 50;
/// For a value or a key (its node in the tree, its span).
const VALUE: u64 = 100;
/// For a table: a map's first node (a B-tree leaf of eleven entries).
const TABLE: u64 = 1_200;
/// For an array, beside its value: its list (nested empty arrays
/// `[[[[[]]]]],` took 142 times their size).
const ARRAY: u64 = 100;

/// A file the parser should not be given: where its estimate passed the
/// limit, the estimate of the whole file and the limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooDense {
    pub at: usize,
    pub estimate: u64,
    pub limit: u64,
}

impl std::fmt::Display for TooDense {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mb = |b: u64| b.div_ceil(1_000_000);
        write!(
            f,
            "too many small values and tables from here on to read this file: about {} MB to hold, where a file of its size may take {} MB; a list of tiny inline tables `{{…}}`, arrays or dotted keys `a.b = …` costs the most: write rows as `[[results]]` or `[[round]]` tables",
            mb(self.estimate),
            mb(self.limit),
        )
    }
}

/// Where the parser's estimate for `text` passes its limit, if it does.
pub fn check(text: &str) -> Option<TooDense> {
    let limit = (text.len() as u64).saturating_mul(FACTOR).max(FLOOR);
    // Under the limit whatever it holds: a token is at least a byte.
    if (text.len() as u64).saturating_mul(TOKEN + VALUE + ARRAY + TABLE) <= limit {
        return None;
    }
    let (estimate, at) = scan(text, limit);
    at.map(|at| TooDense { at, estimate, limit })
}

/// The error for the file `path` of `text` if it is too dense, at the
/// line where its estimate passes the limit.
pub fn refused(path: &std::path::Path, text: &str) -> Option<ratings_model::error::Diagnostic> {
    check(text).map(|dense| ratings_model::error::Diagnostic::at(path, text, dense.at..dense.at, dense.to_string()))
}

/// The estimate for `text`, and the byte where it passed `limit`.
fn scan(text: &str, limit: u64) -> (u64, Option<usize>) {
    let mut estimate: u64 = 0;
    let mut at = None;
    // Open arrays (`false`) and inline tables (`true`); a key is expected
    // at the start of a top-level line, after `{` and after `,` in a table.
    let mut open: Vec<bool> = Vec::new();
    let mut key = true;
    let mut header = false;
    for token in Source::new(text).lex() {
        let mut cost = TOKEN;
        match token.kind() {
            TokenKind::Whitespace | TokenKind::Comment => {}
            TokenKind::Newline => {
                if open.is_empty() {
                    key = true;
                    header = false;
                }
            }
            TokenKind::LeftSquareBracket if open.is_empty() && key && !header => {
                header = true;
                cost += TABLE;
            }
            TokenKind::LeftSquareBracket | TokenKind::RightSquareBracket if header => {}
            TokenKind::Dot if key || header => cost += TABLE,
            // A dotted number.
            TokenKind::Dot => {}
            TokenKind::Equals => key = false,
            TokenKind::LeftSquareBracket => {
                cost += VALUE + ARRAY;
                open.push(false);
                key = false;
            }
            TokenKind::LeftCurlyBracket => {
                cost += VALUE + TABLE;
                open.push(true);
                key = true;
            }
            TokenKind::RightSquareBracket | TokenKind::RightCurlyBracket => {
                open.pop();
                key = false;
            }
            TokenKind::Comma => key = open.last() == Some(&true),
            // Keys and values (a date's pieces each).
            _ => cost += VALUE,
        }
        estimate += cost;
        if at.is_none() && estimate > limit {
            at = Some(token.span().start());
        }
    }
    (estimate, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate for one more copy of `text` (the lexer's end left out).
    fn estimate(text: &str) -> u64 {
        scan(&text.repeat(2), u64::MAX).0 - scan(text, u64::MAX).0
    }

    #[test]
    fn tiny_tables_are_refused_and_rows_as_written_are_not() {
        // A list of a million-odd tiny inline tables with dotted keys.
        let dense = format!("name = \"E\"\nzz = [{}]\n", "{a.b=1},".repeat(1 << 19));
        let found = check(&dense).expect("refused");
        assert!(found.at > 16 && found.at < dense.len(), "{found:?}");
        assert_eq!(found.limit, dense.len() as u64 * FACTOR);
        assert!(found.estimate > found.limit * 3, "{found:?}");
        assert!(
            found
                .to_string()
                .starts_with("too many small values and tables from here on")
        );
        // The same bytes of result rows, of rounds of matches, of names.
        let rows = "[[results]]\nrank = 1\nname = \"A B\"\n".repeat(1 << 17);
        let rounds =
            "[[round]]\nmatches = [\n  [\"A\", \"B\", \"1-0\"],\n  [\"C\", \"D\", \"½-½\"],\n]\nbyes = [\"E\"]\n"
                .repeat(1 << 16);
        let names = format!("byes = [{}]\n", "\"Al\", ".repeat(1 << 20));
        for text in [&rows, &rounds, &names] {
            assert!(text.len() > (FLOOR / FACTOR) as usize);
            assert_eq!(check(text), None, "{}", &text[..60]);
        }
        // Small files never are, whatever they hold.
        assert_eq!(check(&"{a.b.c.d=1},".repeat(10_000)), None);
    }

    #[test]
    fn the_estimate_counts_tokens_values_and_tables() {
        // Per item of a list: `1,` two tokens and a value; `{a=1},` six
        // tokens, a table, two values (the key and 1), the table a value.
        assert_eq!(estimate("1,"), 2 * TOKEN + VALUE);
        assert_eq!(estimate("{a=1},"), 6 * TOKEN + 3 * VALUE + TABLE);
        // A dotted key makes a table; a dotted number does not.
        assert_eq!(estimate("a.b = 1\n"), 8 * TOKEN + 3 * VALUE + TABLE);
        assert_eq!(estimate("a = 1.5\n"), 8 * TOKEN + 3 * VALUE);
        // A header is a table; its name a key.
        assert_eq!(estimate("[a]\n"), 4 * TOKEN + TABLE + VALUE);
        assert_eq!(estimate("[[a.b]]\n"), 8 * TOKEN + 2 * TABLE + 2 * VALUE);
        // An array is a value and a list (an item of a list here).
        let item =
            |item: &str| scan(&format!("a = [{item}{item}"), u64::MAX).0 - scan(&format!("a = [{item}"), u64::MAX).0;
        assert_eq!(item("[[]],"), 5 * TOKEN + 2 * (VALUE + ARRAY));
        assert_eq!(item("\"A\", "), 3 * TOKEN + VALUE);
    }
}
