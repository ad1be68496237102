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
//! as the formats show them are estimated at 25 to 60 times. A token where
//! TOML allows none (`=` with no key, `]` or `,` outside a list, a key
//! alone on its line) weighs more: the parser reads on to the end and
//! keeps every error, and a large file of such lines is refused at the
//! first of them.

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
/// For a token where TOML allows none (`=` with no key, `]` or `,`
/// outside a list, a key alone): the parser goes on to the end and keeps
/// every error (8 MiB of `==` lines took 928 MB, 110 times).
const ERROR: u64 = 250;

/// A file the parser should not be given: where its estimate passed the
/// limit, the estimate of the whole file and the limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooDense {
    pub at: usize,
    pub estimate: u64,
    pub limit: u64,
    /// Tokens where TOML allows none; if any, `at` is the first of them.
    pub errors: u64,
}

impl std::fmt::Display for TooDense {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mb = |b: u64| b.div_ceil(1_000_000);
        if self.errors > 0 {
            return write!(
                f,
                "not TOML from here on: {} misplaced `=`, `]`, `,` or keys alone make this file about {} MB to hold, where a file of its size may take {} MB; is it an event file?",
                self.errors,
                mb(self.estimate),
                mb(self.limit),
            );
        }
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
    if (text.len() as u64).saturating_mul(TOKEN + VALUE + ARRAY + TABLE + ERROR) <= limit {
        return None;
    }
    let found = scan(text, limit);
    found.at.map(|at| TooDense {
        at: found.first_error.unwrap_or(at),
        estimate: found.estimate,
        limit,
        errors: found.errors,
    })
}

/// The error for the file `path` of `text` if it is too dense, at the
/// line where its estimate passes the limit.
pub fn refused(path: &std::path::Path, text: &str) -> Option<ratings_model::error::Diagnostic> {
    check(text).map(|dense| ratings_model::error::Diagnostic::at(path, text, dense.at..dense.at, dense.to_string()))
}

/// What one pass of the lexer found.
struct Scan {
    estimate: u64,
    /// Where the estimate passed the limit.
    at: Option<usize>,
    /// Tokens where TOML allows none, in all, and the first of them.
    errors: u64,
    first_error: Option<usize>,
}

/// The estimate for `text`, and the byte where it passed `limit`.
fn scan(text: &str, limit: u64) -> Scan {
    let mut found = Scan {
        estimate: 0,
        at: None,
        errors: 0,
        first_error: None,
    };
    // Open arrays (`false`) and inline tables (`true`); a key is expected
    // at the start of a top-level line, after `{` and after `,` in a table.
    let mut open: Vec<bool> = Vec::new();
    let mut key = true;
    let mut header = false;
    // Since a key was expected: a key's piece met; since `=`: a value met.
    let (mut named, mut valued) = (false, false);
    for token in Source::new(text).lex() {
        let mut cost = TOKEN;
        let mut error = false;
        match token.kind() {
            TokenKind::Whitespace | TokenKind::Comment => {}
            TokenKind::Newline => {
                if open.is_empty() {
                    // `a` alone, or `a =` with no value.
                    error = !header && if key { named } else { !valued };
                    (key, header, named) = (true, false, false);
                }
            }
            TokenKind::LeftSquareBracket if open.is_empty() && key && !header && !named => {
                header = true;
                cost += TABLE;
            }
            TokenKind::LeftSquareBracket | TokenKind::RightSquareBracket if header => {}
            TokenKind::Dot if key || header => cost += TABLE,
            // A dotted number.
            TokenKind::Dot => {}
            TokenKind::Equals => {
                error = !(key && named);
                // A value is wanted after a key's `=` (one error a line).
                (key, valued) = (false, error);
            }
            TokenKind::LeftSquareBracket => {
                cost += VALUE + ARRAY;
                open.push(false);
                key = false;
            }
            TokenKind::LeftCurlyBracket => {
                cost += VALUE + TABLE;
                open.push(true);
                (key, named) = (true, false);
            }
            TokenKind::RightSquareBracket | TokenKind::RightCurlyBracket => {
                error = open.pop().is_none();
                (key, valued) = (false, true);
            }
            TokenKind::Comma => {
                error = open.is_empty();
                key = open.last() == Some(&true);
                named = false;
            }
            // Keys and values (a date's pieces each).
            _ => {
                cost += VALUE;
                if key || header {
                    named = true;
                } else {
                    valued = true;
                }
            }
        }
        if error {
            cost += ERROR;
            found.errors += 1;
            found.first_error.get_or_insert(token.span().start());
        }
        found.estimate += cost;
        if found.at.is_none() && found.estimate > limit {
            found.at = Some(token.span().start());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate for one more copy of `text` (the lexer's end left out).
    fn estimate(text: &str) -> u64 {
        scan(&text.repeat(2), u64::MAX).estimate - scan(text, u64::MAX).estimate
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
        let item = |item: &str| {
            scan(&format!("a = [{item}{item}"), u64::MAX).estimate - scan(&format!("a = [{item}"), u64::MAX).estimate
        };
        assert_eq!(item("1,"), 2 * TOKEN + VALUE);
        assert_eq!(item("{a=1},"), 6 * TOKEN + 3 * VALUE + TABLE);
        // A dotted key makes a table; a dotted number does not.
        assert_eq!(estimate("a.b = 1\n"), 8 * TOKEN + 3 * VALUE + TABLE);
        assert_eq!(estimate("a = 1.5\n"), 8 * TOKEN + 3 * VALUE);
        // A header is a table; its name a key.
        assert_eq!(estimate("[a]\n"), 4 * TOKEN + TABLE + VALUE);
        assert_eq!(estimate("[[a.b]]\n"), 8 * TOKEN + 2 * TABLE + 2 * VALUE);
        // An array is a value and a list (an item of a list here).
        assert_eq!(item("[[]],"), 5 * TOKEN + 2 * (VALUE + ARRAY));
        assert_eq!(item("\"A\", "), 3 * TOKEN + VALUE);
    }

    #[test]
    fn lines_that_are_not_toml_count_as_errors() {
        // Each a TOML error (at its offset in the line): refused once
        // large, at the first, with its own message.
        let lines = [
            ("=", 0),
            ("==", 0),
            ("]", 0),
            ("}", 0),
            (",", 0),
            ("x", 1),
            ("x=", 2),
            ("=1", 0),
            ("=,", 0),
            ("a = 1 = 2", 6),
            ("a = 1,", 5),
        ];
        for (junk, offset) in lines {
            let text = format!("name = \"E\"\n{}", format!("{junk}\n").repeat(1 << 20));
            let found = check(&text).unwrap_or_else(|| panic!("{junk:?} not refused"));
            assert!(found.errors > 0, "{junk:?}");
            assert_eq!(found.at, "name = \"E\"\n".len() + offset, "{junk:?}");
            assert!(found.to_string().starts_with("not TOML from here on: "), "{found}");
            assert!(toml::from_str::<toml::Table>(&text[..4096]).is_err(), "{junk:?}");
        }
        // One error a line, none in the first line.
        assert_eq!(scan("name = \"E\"\n=\n]\n", u64::MAX).errors, 2);
    }

    /// No TOML file the parser reads has an error to the estimate: every
    /// `.toml` file of this repository (the shipped site, the examples,
    /// the tests' sites), and the shapes of TOML a user may write.
    #[test]
    fn valid_toml_has_no_errors() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut read = 0;
        for entry in walkdir::WalkDir::new(&root)
            .into_iter()
            .filter_entry(|e| e.file_name() != "target" && e.file_name() != ".git")
        {
            let entry = entry.unwrap();
            if entry.path().extension().is_none_or(|x| x != "toml") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(entry.path()) else {
                continue;
            };
            if toml::from_str::<toml::Table>(&text).is_ok() {
                assert_eq!(scan(&text, u64::MAX).errors, 0, "{}", entry.path().display());
                read += 1;
            }
        }
        assert!(read > 300, "{read}");
        let shapes = r#"
# a comment
a = 1
"b c" = 'd' # after
e.f.g = 1.5e3
h = [1, 2,
  3, # inside
]
i = { j = 1, k.l = [ {m = 2}, {} ], n = {} }
o = """
many = lines ]
"""
p = 1979-05-27 07:32:00Z
q = -inf
[r]
s = [[1], [2, [3]]]
[[t.u]]
  v = true
[ "w" . x ]
y = {z = [ ]}
"#;
        assert!(toml::from_str::<toml::Table>(shapes).is_ok());
        assert_eq!(scan(shapes, u64::MAX).errors, 0);
    }
}
