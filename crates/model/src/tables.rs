//! Markdown tables whose rows are short of their header: pulldown-cmark
//! gives every row as many cells as the header has columns, so a header
//! of 362 one-letter columns over 724 rows of one cell (2.9 KB) renders
//! 262,144 cells: 26 MB held and 2.4 MB of HTML, 10,000 times the text.
//! Before a text is rendered, its tables' cells are counted from its lines
//! (an upper bound: each line after a delimiter row, up to a blank line,
//! is taken for a row of the widest table begun since), and a text whose
//! tables would have more cells than it has bytes (and 65,536) is refused.

/// Where a text's tables pass the cells it may have, and how many columns
/// that table's header has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooManyCells {
    /// Byte offset of the header row of the table where the count passed.
    pub at: usize,
    pub columns: u64,
    pub limit: u64,
}

impl std::fmt::Display for TooManyCells {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the tables of this text would have more than {} cells, the most a text of its size may have: every row of a table gets as many cells as its header has columns ({} here), written or not; give a header only the columns its rows use, or split the table",
            self.limit, self.columns
        )
    }
}

/// The cells a text of `len` bytes may have in its tables.
fn limit(len: usize) -> u64 {
    len as u64 + 65_536
}

/// Whether `line` (its container markers `>` and indentation left out)
/// is a table's delimiter row (`|---|:-:|`), and its columns.
fn delimiter_columns(line: &str, header: &str) -> Option<u64> {
    let line = line.trim_matches([' ', '\t']);
    let only_delimiters = line.bytes().all(|b| matches!(b, b'|' | b':' | b'-' | b' ' | b'\t'));
    if !only_delimiters || !line.contains('-') || !(line.contains('|') || header.contains('|')) {
        return None;
    }
    let inner = line.strip_prefix('|').unwrap_or(line);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').count() as u64)
}

/// A line without its block-quote markers and indentation.
fn content(line: &str) -> &str {
    line.trim_start_matches(['>', ' ', '\t'])
}

/// The lines of `source` as CommonMark reads them, each with its offset:
/// ended by `\n`, `\r\n` or a lone `\r`.
fn lines(source: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    std::iter::from_fn(move || {
        let rest = source.as_bytes().get(start..).filter(|r| !r.is_empty())?;
        let (len, end) = match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => (i, 2),
            Some(i) => (i, 1),
            None => (rest.len(), 0),
        };
        let line = (start, &source[start..start + len]);
        start += len + end;
        Some(line)
    })
}

/// Where `source`'s tables pass the cells it may have, if they do.
pub fn too_many_cells(source: &str) -> Option<TooManyCells> {
    let limit = limit(source.len());
    scan(source, limit)
        .1
        .map(|(at, columns)| TooManyCells { at, columns, limit })
}

/// The cells counted in `source`'s tables, up to where they pass `limit`,
/// and there the header's offset and columns of the table being read.
fn scan(source: &str, limit: u64) -> (u64, Option<(usize, u64)>) {
    let mut cells: u64 = 0;
    // The previous line, if it holds something: a table's header.
    let mut previous: Option<(usize, &str)> = None;
    // The table being read: its header's offset and its columns.
    let mut table: Option<(usize, u64)> = None;
    for (here, line) in lines(source) {
        let text = content(line);
        // Blank as CommonMark has it: spaces and tabs only (a row of a
        // no-break space is a row, padded like any other).
        if text.bytes().all(|b| b == b' ' || b == b'\t') {
            (previous, table) = (None, None);
            continue;
        }
        // A header and delimiter row start a table, in a table too: a
        // heading, a rule `***` or a code fence ends a table without a
        // blank line, and the next may be wider. Its rows are counted at
        // the widest of the two, whether it ended or not.
        if let Some((at, header)) = previous
            && let Some(columns) = delimiter_columns(text, header)
        {
            let columns = table.map_or(columns, |(_, wide)| wide.max(columns));
            table = Some((at, columns));
            cells += 2 * columns;
        } else if let Some((_, columns)) = table {
            cells += columns;
        }
        if table.is_some() && cells > limit {
            return (cells, table);
        }
        previous = Some((here, text));
    }
    (cells, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_rows_under_a_wide_header_are_refused_and_written_tables_are_not() {
        // The attack's table: 362 columns, 724 rows of one cell, 34 times.
        let table = format!(
            "{}\n{}\n{}\n",
            ["a"; 362].join("|"),
            ["-"; 362].join("|"),
            "a\n".repeat(724)
        );
        let text = format!("# Report\n\n{}", table.repeat(34));
        let found = too_many_cells(&text).expect("refused");
        assert_eq!(found.columns, 362);
        // Past the limit in the first table whose count passes it.
        let tables_fitting = (limit(text.len()) / (362 * 726)) as usize;
        assert_eq!(found.at, "# Report\n\n".len() + tables_fitting * table.len());
        assert!(
            found
                .to_string()
                .starts_with("the tables of this text would have more than ")
        );
        // In a block quote, indented: the same.
        let quoted: String = text.lines().map(|l| format!(">   {l}\n")).collect();
        assert_eq!(too_many_cells(&quoted).map(|f| f.columns), Some(362));
        // Lines ended by `\r\n` or a lone `\r`; rows of a no-break space
        // or another Unicode space (not blank to CommonMark).
        for end in ["\r\n", "\r"] {
            assert_eq!(
                too_many_cells(&text.replace('\n', end)).map(|f| f.columns),
                Some(362),
                "{end:?}"
            );
        }
        for space in ['\u{a0}', '\u{3000}', '\u{2028}', '\u{1680}'] {
            let rows = text
                .replace("\na\n", &format!("\n{space}\n"))
                .replace("\na\n", &format!("\n{space}\n"));
            assert_eq!(too_many_cells(&rows).map(|f| f.columns), Some(362), "{space:?}");
        }
        // Tables with their cells written, however many; a thematic break
        // under a paragraph; a table of 100 columns and 100 sparse rows.
        let written = "| Player | Pts | Buch |\n|---|--:|:-:|\n| Ann | 3½ | 9 |\n".repeat(100_000);
        assert_eq!(too_many_cells(&written), None);
        assert_eq!(too_many_cells(&"text\n---\nmore\n".repeat(100_000)), None);
        let sparse = format!(
            "{}\n{}\n{}",
            ["c"; 100].join("|"),
            ["-"; 100].join("|"),
            "x|\n".repeat(100)
        );
        assert_eq!(too_many_cells(&sparse), None);
    }

    /// The attack's table after a narrow one, with no blank line between:
    /// a heading, a rule or a code fence ends the narrow table.
    fn after_narrow(between: &str, copies: usize) -> String {
        let wide = format!(
            "{}\n{}\n{}",
            ["a"; 362].join("|"),
            ["-"; 362].join("|"),
            "a\n".repeat(724)
        );
        format!("a|b\n-|-\n{}", format!("{between}{wide}").repeat(copies))
    }

    #[test]
    fn a_table_ended_without_a_blank_line_is_counted_at_the_next_ones_width() {
        for between in ["# h\n", "***\n", "```\nx\n```\n", "- x\n", "> q\n", "<div>\n"] {
            let found = too_many_cells(&after_narrow(between, 34));
            assert_eq!(found.map(|f| f.columns), Some(362), "{between:?}");
        }
        // Rows of a wide table stay wide after two that look like a
        // narrow table's header and delimiter row (rows to pulldown-cmark).
        let wide = format!(
            "{}\n{}\n{}",
            ["a"; 362].join("|"),
            ["-"; 362].join("|"),
            "a|b\n-|-\n".repeat(362)
        );
        assert_eq!(rendered_cells(&wide), 362 * (1 + 724));
        assert_eq!(too_many_cells(&wide.repeat(34)).map(|f| f.columns), Some(362));
    }

    /// The cells pulldown-cmark renders for `text`: `<td>` and `<th>`.
    fn rendered_cells(text: &str) -> u64 {
        use pulldown_cmark::{Event, Options, Parser, Tag};
        Parser::new_ext(text, Options::ENABLE_TABLES)
            .filter(|e| matches!(e, Event::Start(Tag::TableCell)))
            .count() as u64
    }

    /// The count is an upper bound of what pulldown-cmark renders, for
    /// every mix of tables and the lines that end or continue them.
    #[test]
    fn the_count_is_never_below_the_rendered_cells() {
        let pieces = [
            "a|b|c|d|e|f|g|h\n-|-|-|-|-|-|-|-\n",
            "a|b\n-|-\n",
            "x\n",
            "---\n",
            "***\n",
            "# h\n",
            "```\nx\n```\n",
            "> q\n",
            "- x\n",
            "    code\n",
            "<div>\n",
            "\n",
            "| p | q |\n",
        ];
        // Every sequence of three pieces, repeated.
        let mut checked = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let unit = format!("{a}{b}{c}");
                    let text = unit.repeat(64);
                    let rendered = rendered_cells(&text);
                    let (cells, _) = scan(&text, u64::MAX);
                    assert!(cells >= rendered, "{unit:?}: counted {cells}, rendered {rendered}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, pieces.len().pow(3));
    }
}
