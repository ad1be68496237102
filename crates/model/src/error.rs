//! Diagnostics: every problem that comes from input names the file and,
//! where known, the line and column. A build collects all of them and
//! reports them together, sorted.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// One problem found in the input or while writing the output.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    pub path: PathBuf,
    /// 1-based line and column, where the source position is known.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl Diagnostic {
    /// (The message is cut to [`MAX_MESSAGE`], as every message is.)
    pub fn new(path: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.into(),
            position: None,
            message: cut_message(message.into()),
        }
    }

    /// A diagnostic that points at a byte span of the file's text.
    pub fn at(path: impl Into<PathBuf>, text: &str, span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.into(),
            position: Some(line_column(text, span.start)),
            message: cut_message(message.into()),
        }
    }

    pub fn io(path: &Path, err: &std::io::Error) -> Self {
        Diagnostic::new(path, err.to_string())
    }
}

/// The most problems of one kind (errors, warnings) a file shows: a file
/// of a million bad lines gives 100 messages and one that counts the
/// rest, not a million (each holding the file's path, which may be 4 KB:
/// 3 GB held and printed for a 64 MB file).
pub const MAX_SHOWN: usize = 100;

/// The message that stands for the `more` problems of `path` left out
/// beyond [`MAX_SHOWN`]: at the line of the last of them where known (so
/// that it sorts after those shown).
pub fn not_shown(path: &Path, what: &str, more: usize, last_line: Option<usize>) -> Diagnostic {
    let s = if more == 1 { "" } else { "s" };
    let up_to = if last_line.is_some() { ", up to this line," } else { "" };
    Diagnostic {
        path: path.to_path_buf(),
        position: last_line.map(|line| (line, 1)),
        message: format!(
            "{more} more {what}{s} in this file{up_to} not shown: fix the first {MAX_SHOWN} and try again"
        ),
    }
}

/// The most problems shown, all files together, give or take a file's
/// [`MAX_SHOWN`]: the files after those are counted in one line.
pub const MAX_SHOWN_IN_ALL: usize = 1_000;

/// The longest message held: a message quoting a text of the input whole
/// (a TOML parser's unknown key of 5 million characters) is cut, so that
/// about 1,000 of them cannot hold gigabytes. Messages quote input texts
/// through `names::excerpt` (64 characters); this catches the rest. Room
/// for a few paths of 4 KB (the most a path has) and what to do about
/// them: at 4 KB, a message naming a file 4,400 bytes deep lost its advice.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// `message` cut to [`MAX_MESSAGE`] bytes (at a character's start), saying
/// how much was left out.
pub fn cut_message(message: String) -> String {
    // (A message cut already, with its note, is not cut again.)
    if message.len() <= MAX_MESSAGE + 48 {
        return message;
    }
    let mut end = MAX_MESSAGE;
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    let cut = message.len() - end;
    // A new string: a cut one keeps the whole allocation (1,000 messages
    // of 15 MB cut to a few KB still held 15 GB).
    let mut kept = String::with_capacity(end + 48);
    kept.push_str(&message[..end]);
    kept.push_str(&format!("… (message cut: {cut} more bytes)"));
    kept
}

/// Problems cut as they come, in any order, to what is shown: each file's
/// first [`MAX_SHOWN`] (in sorted order), and files (in order) until
/// [`MAX_SHOWN_IN_ALL`] are shown; the rest are counted. A check that
/// finds a million problems in one file, or 100 in each of 4,000 files
/// 2.8 KB deep in folders, holds about a thousand, each file's path once.
#[derive(Debug, Default)]
pub struct FirstShown {
    files: std::collections::BTreeMap<PathBuf, Kept>,
    /// Problems held in `files`.
    held: usize,
    all: usize,
    /// The files left out past [`MAX_SHOWN_IN_ALL`]: each after every
    /// file kept.
    left_out: LeftOut,
}

/// One file's problems: the least [`MAX_SHOWN`] (a max-heap, so the one
/// to drop is on top) by position and message, and, of the rest, how many
/// and the last position.
#[derive(Debug, Default)]
struct Kept {
    first: std::collections::BinaryHeap<(Option<(usize, usize)>, String)>,
    more: usize,
    last: Option<(usize, usize)>,
}

/// The line that counts the `problems` of `files` files left out whole,
/// at the first of them.
fn left_out_line(first: &Path, what: &str, problems: usize, files: usize) -> Diagnostic {
    let s = |n: usize| if n == 1 { "" } else { "s" };
    Diagnostic::new(
        first,
        format!(
            "{problems} more {what}{} in {files} more file{} (this one and those after it) not shown: fix those above and try again",
            s(problems),
            s(files)
        ),
    )
}

/// Files left out whole: how many problems, how many files (by a hash of
/// their path, not the path) and the first of them in order.
#[derive(Debug, Default)]
struct LeftOut {
    problems: usize,
    files: std::collections::HashSet<u64>,
    first: Option<PathBuf>,
}

impl LeftOut {
    fn add(&mut self, path: PathBuf, problems: usize) {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        self.problems += problems;
        self.files
            .insert(BuildHasherDefault::<DefaultHasher>::default().hash_one(&path));
        self.first_of(path);
    }

    /// Takes in `other`'s files, as if each had been added here.
    fn merge(&mut self, other: LeftOut) {
        self.problems += other.problems;
        self.files.extend(other.files);
        if let Some(first) = other.first {
            self.first_of(first);
        }
    }

    /// `path` is the first file left out if it sorts before the first.
    fn first_of(&mut self, path: PathBuf) {
        if self.first.as_ref().is_none_or(|first| path < *first) {
            self.first = Some(path);
        }
    }
}

impl FirstShown {
    pub fn push(&mut self, d: Diagnostic) {
        self.all += 1;
        let Diagnostic {
            path,
            position,
            message,
        } = d;
        // Once enough are held, a file after all those kept is left out.
        if self.held >= MAX_SHOWN_IN_ALL && self.files.last_key_value().is_some_and(|(last, _)| path > *last) {
            self.left_out.add(path, 1);
            return;
        }
        let kept = match self.files.get_mut(&path) {
            Some(kept) => kept,
            None => self.files.entry(path).or_default(),
        };
        let item = (position, cut_message(message));
        let dropped = if kept.first.len() < MAX_SHOWN {
            kept.first.push(item);
            self.held += 1;
            None
        } else if kept.first.peek().is_some_and(|top| item < *top) {
            let top = kept.first.pop();
            kept.first.push(item);
            top
        } else {
            Some(item)
        };
        if let Some((position, _)) = dropped {
            kept.more += 1;
            kept.last = kept.last.max(position);
        }
        // The last file goes while the files before it show enough.
        while let Some((_, last)) = self.files.last_key_value()
            && self.held - last.first.len() >= MAX_SHOWN_IN_ALL
        {
            let (path, last) = self.files.pop_last().expect("a last file");
            self.held -= last.first.len();
            self.left_out.add(path, last.first.len() + last.more);
        }
    }

    /// `n` problems of `path` counted, not shown (cut where they were
    /// found), the last at `last`.
    pub fn count(&mut self, path: &Path, n: usize, last: Option<(usize, usize)>) {
        if n == 0 {
            return;
        }
        self.all += n;
        let full = self.is_full();
        match self.files.get_mut(path) {
            Some(kept) => {
                kept.more += n;
                kept.last = kept.last.max(last);
            }
            // A file with nothing shown, once enough are: counted with the
            // files left out, wherever it sorts (a line each, "1 more
            // error in this file", printed 249 MB for 80,000 such files).
            None if full => self.left_out.add(path.to_path_buf(), n),
            None => {
                self.files.insert(
                    path.to_path_buf(),
                    Kept {
                        more: n,
                        last,
                        ..Kept::default()
                    },
                );
            }
        }
    }

    /// How many problems came, shown or not.
    pub fn len(&self) -> usize {
        self.all
    }

    /// Whether about [`MAX_SHOWN_IN_ALL`] are held: a file after those
    /// kept is then only counted.
    pub fn is_full(&self) -> bool {
        self.held >= MAX_SHOWN_IN_ALL
    }

    /// Takes in the problems `other` kept and counted, as if they had come
    /// here (a list already cut, taken as a list, had its lines counting
    /// the rest counted as one problem each, and cut again).
    pub fn append(&mut self, other: FirstShown) {
        for (path, kept) in other.files {
            for (position, message) in kept.first.into_vec() {
                self.push(Diagnostic {
                    path: path.clone(),
                    position,
                    message,
                });
            }
            self.count(&path, kept.more, kept.last);
        }
        self.all += other.left_out.problems;
        self.left_out.merge(other.left_out);
    }

    pub fn is_empty(&self) -> bool {
        self.all == 0
    }

    /// The problems kept, sorted, each file's followed by the line that
    /// counts those left out, and last a line counting the files left out.
    pub fn into_sorted(self, what: &str) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for (path, kept) in self.files {
            let more = (kept.more > 0).then(|| not_shown(&path, what, kept.more, kept.last.map(|(line, _)| line)));
            out.extend(
                kept.first
                    .into_sorted_vec()
                    .into_iter()
                    .map(|(position, message)| Diagnostic {
                        path: path.clone(),
                        position,
                        message,
                    }),
            );
            out.extend(more);
        }
        let LeftOut { problems, files, first } = self.left_out;
        if let Some(first) = first {
            out.push(left_out_line(&first, what, problems, files.len()));
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = Shown(&self.path);
        match self.position {
            Some((line, col)) => write!(f, "{path}:{line}:{col}: ")?,
            None => write!(f, "{path}: ")?,
        }
        // A message may span lines (a fix to paste); nothing else acts.
        write_escaped(f, &self.message, true)
    }
}

/// A path or text as it may reach a terminal: control characters (escape
/// sequences that could move the cursor, retitle the window or hide what
/// follows) and bidirectional overrides are written as `\u{..}` escapes,
/// as Rust's `{:?}` writes them; everything else as it is.
pub struct Shown<'a, T: ?Sized>(pub &'a T);

impl<T: AsRef<std::ffi::OsStr> + ?Sized> fmt::Display for Shown<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_escaped(f, &self.0.as_ref().to_string_lossy(), false)
    }
}

/// `text` with every character a terminal would act on rather than show
/// escaped: C0 and C1 controls (newlines too unless `keep_lines`), DEL,
/// and the bidirectional embeddings, overrides and isolates.
fn write_escaped(f: &mut fmt::Formatter<'_>, text: &str, keep_lines: bool) -> fmt::Result {
    let acts = |c: char| {
        (c.is_control() && !(keep_lines && c == '\n')) || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.contains(acts) {
        return f.write_str(text);
    }
    // Written at once: on the terminal's unbuffered stream, each piece
    // was a write of its own (six for each control character).
    use std::fmt::Write as _;
    let mut escaped = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(acts) {
        escaped.push_str(&rest[..at]);
        let c = rest[at..].chars().next().expect("found at a char boundary");
        let _ = write!(escaped, "\\u{{{:x}}}", c as u32);
        rest = &rest[at + c.len_utf8()..];
    }
    escaped.push_str(rest);
    f.write_str(&escaped)
}

/// 1-based (line, column) of a byte offset; the column counts characters.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// [`line_column`] for many offsets of one text, each in O(log n) after
/// one pass over the text: a file with thousands of errors stays linear
/// (each `line_column` counts from the start of the text). It holds a mark
/// every [`LineIndex::STEP`] bytes, not the start of every line: one error
/// in 60 MiB of blank lines held 1 GB of line starts.
pub struct LineIndex<'t> {
    text: &'t str,
    marks: Vec<Mark>,
}

/// A place in the text, at a character boundary: its byte offset, the
/// characters and the lines (newlines) before it, and the characters
/// before the start of its line.
#[derive(Clone, Copy)]
struct Mark {
    at: usize,
    chars: usize,
    lines: usize,
    line_chars: usize,
}

impl<'t> LineIndex<'t> {
    const STEP: usize = 4096;

    pub fn new(text: &'t str) -> Self {
        let mut mark = Mark {
            at: 0,
            chars: 0,
            lines: 0,
            line_chars: 0,
        };
        let mut marks = vec![mark];
        for (chars, (i, c)) in text.char_indices().enumerate() {
            if i >= mark.at + Self::STEP {
                mark.at = i;
                mark.chars = chars;
                marks.push(mark);
            }
            if c == '\n' {
                mark.lines += 1;
                mark.line_chars = chars + 1;
            }
        }
        LineIndex { text, marks }
    }

    /// 1-based (line, column) of a byte offset, as [`line_column`] gives.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let mark = self.marks[self.marks.partition_point(|m| m.at <= offset) - 1];
        let since = &self.text[mark.at..offset];
        match since.rfind('\n') {
            None => (mark.lines + 1, mark.chars + since.chars().count() - mark.line_chars + 1),
            Some(last) => (
                mark.lines + 1 + since.bytes().filter(|&b| b == b'\n').count(),
                since[last + 1..].chars().count() + 1,
            ),
        }
    }
}

/// A [`LineIndex`] made at the first offset asked about: a text without
/// problems costs nothing, one with thousands stays linear.
pub struct LazyLineIndex<'t> {
    text: &'t str,
    index: std::cell::OnceCell<LineIndex<'t>>,
}

impl<'t> LazyLineIndex<'t> {
    pub fn new(text: &'t str) -> Self {
        LazyLineIndex {
            text,
            index: std::cell::OnceCell::new(),
        }
    }

    /// 1-based (line, column) of a byte offset, as [`line_column`] gives.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        self.index.get_or_init(|| LineIndex::new(self.text)).line_column(offset)
    }
}

/// All problems of a build, sorted by file, position and message, as
/// shown: whole files in order until those before one show
/// [`MAX_SHOWN_IN_ALL`], then one line counting the rest (80,000 clashing
/// static files printed 80,000 lines); the summary counts them all. Each
/// file's list is cut to [`MAX_SHOWN`] where it is made.
#[derive(Debug, Default)]
pub struct Errors {
    shown: Vec<Diagnostic>,
    all: usize,
}

impl Errors {
    pub fn sorted(mut list: Vec<Diagnostic>) -> Self {
        list.sort();
        list.dedup();
        let all = list.len();
        // Cut at the first file that the files before it fill the cap.
        let cut = (MAX_SHOWN_IN_ALL.max(1)..list.len())
            .find(|&i| list[i - 1].path != list[i].path)
            .unwrap_or(list.len());
        let mut shown = list;
        let left_out = shown.split_off(cut);
        for d in &mut shown {
            d.message = cut_message(std::mem::take(&mut d.message));
        }
        if let Some(first) = left_out.first() {
            let files = 1 + left_out.windows(2).filter(|w| w[0].path != w[1].path).count();
            shown.push(left_out_line(&first.path, "error", left_out.len(), files));
        }
        Errors { shown, all }
    }

    /// The problems shown (see [`Errors`]).
    pub fn shown(&self) -> &[Diagnostic] {
        &self.shown
    }
}

impl From<Vec<Diagnostic>> for FirstShown {
    fn from(list: Vec<Diagnostic>) -> Self {
        let mut kept = FirstShown::default();
        kept.extend(list);
        kept
    }
}

impl Extend<Diagnostic> for FirstShown {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, list: I) {
        list.into_iter().for_each(|d| self.push(d));
    }
}

/// Problems cut as they came, as shown.
impl From<FirstShown> for Errors {
    fn from(kept: FirstShown) -> Self {
        Errors {
            all: kept.len(),
            shown: kept.into_sorted("error"),
        }
    }
}

impl From<Diagnostic> for Errors {
    fn from(d: Diagnostic) -> Self {
        Errors::sorted(vec![d])
    }
}

impl From<Vec<Diagnostic>> for Errors {
    fn from(list: Vec<Diagnostic>) -> Self {
        Errors::sorted(list)
    }
}

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.shown {
            writeln!(f, "error: {d}")?;
        }
        let n = self.all;
        write!(f, "{n} error{}", if n == 1 { "" } else { "s" })
    }
}

impl std::error::Error for Errors {}

#[cfg(test)]
mod tests {
    /// A message longer than MAX_MESSAGE is cut at a character's start,
    /// saying how much went; held (`FirstShown`) or shown (`Errors`) cut.
    #[test]
    fn long_messages_are_cut() {
        use super::*;
        assert_eq!(cut_message("short".into()), "short");
        let long = format!("x{}", "á".repeat(MAX_MESSAGE));
        let cut = cut_message(long.clone());
        // A new string: the long one's allocation is not kept.
        assert!(cut.capacity() < MAX_MESSAGE + 64, "{}", cut.capacity());
        assert_eq!(
            cut,
            format!(
                "x{}… (message cut: {} more bytes)",
                "á".repeat(MAX_MESSAGE / 2 - 1),
                long.len() - MAX_MESSAGE + 1
            )
        );
        let mut held = FirstShown::default();
        held.push(Diagnostic::new("a.toml", long.clone()));
        let shown = Errors::from(held);
        assert_eq!(shown.shown()[0].message, cut);
        let shown = Errors::sorted(vec![Diagnostic::new("a.toml", long)]);
        assert_eq!(shown.shown()[0].message, cut);
    }

    /// Once about 1,000 are shown, a file whose problems are only counted
    /// joins the files left out, wherever it sorts: no line of its own.
    #[test]
    fn files_only_counted_past_the_cap_are_left_out() {
        let mut kept = FirstShown::default();
        for f in 0..20 {
            for i in 0..60 {
                kept.push(Diagnostic {
                    path: format!("b{f:02}.toml").into(),
                    position: Some((i + 1, 1)),
                    message: "x".into(),
                });
            }
        }
        assert!(kept.is_full());
        for f in 0..500 {
            kept.count(Path::new(&format!("a{f:03}.toml")), 1, None);
        }
        let all = kept.len();
        let shown = kept.into_sorted("error");
        assert_eq!(all, 1700);
        assert!(shown.iter().all(|d| !d.message.contains("in this file")));
        let last = shown.last().unwrap().to_string();
        assert!(
            last.starts_with("a000.toml: 680 more errors in 503 more files"),
            "{last}"
        );
        assert_eq!(shown.len(), 1021);
    }

    #[test]
    fn the_line_index_agrees_with_line_column() {
        // Lines across marks, and marks inside runs of blank lines.
        let text = format!(
            "a\nbé\n\n{}x\n€€{}\n{}z\r\n\n",
            "ü".repeat(5000),
            "y".repeat(9000),
            "\n".repeat(9000)
        );
        let index = LineIndex::new(&text);
        for offset in 0..=text.len() + 2 {
            assert_eq!(index.line_column(offset), line_column(&text, offset), "{offset}");
        }
    }

    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let text = "a = 1\nnäme = 2\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 6), (2, 1));
        // "=" after "näme " is the 6th character of line 2 (ä is two bytes).
        let eq = text.rfind('=').unwrap();
        assert_eq!(line_column(text, eq), (2, 6));
    }

    #[test]
    fn terminal_controls_are_escaped() {
        let d = Diagnostic::new("data/\u{1b}]0;owned\u{7}x\u{202e}.toml", "bad\u{1b}[2J line\nnext\r");
        assert_eq!(
            d.to_string(),
            "data/\\u{1b}]0;owned\\u{7}x\\u{202e}.toml: bad\\u{1b}[2J line\nnext\\u{d}"
        );
        // Ordinary text, accents and CJK included, is left as it is.
        assert_eq!(Shown("data/Müller 王伟.toml").to_string(), "data/Müller 王伟.toml");
    }

    #[test]
    fn first_shown_keeps_the_first_of_each_file_and_counts_the_rest() {
        let at = |path: &str, line: usize| Diagnostic {
            path: path.into(),
            position: Some((line, 1)),
            message: format!("w{line}"),
        };
        let mut list: Vec<Diagnostic> = (1..=150).map(|l| at("a.toml", l)).collect();
        list.extend((1..=3).map(|l| at("b.toml", l)));
        list.extend((1..=101).map(|l| at("c.toml", l)));
        let mut kept = FirstShown::default();
        list.into_iter().for_each(|d| kept.push(d));
        let shown = kept.into_sorted("warning");
        assert_eq!(shown.len(), 101 + 3 + 101);
        assert_eq!(shown[99], at("a.toml", 100));
        assert_eq!(
            shown[100].to_string(),
            "a.toml:150:1: 50 more warnings in this file, up to this line, not shown: fix the first 100 and try again"
        );
        assert_eq!(shown[101..104], [at("b.toml", 1), at("b.toml", 2), at("b.toml", 3)]);
        assert_eq!(shown[203], at("c.toml", 100));
        assert_eq!(
            shown[204].to_string(),
            "c.toml:101:1: 1 more warning in this file, up to this line, not shown: fix the first 100 and try again"
        );
    }

    #[test]
    fn first_shown_cuts_problems_that_come_in_any_order_as_they_come() {
        // 250 problems of one file, 50 without a line, pushed in a
        // scrambled order: the 100 least are kept, in order, and the rest
        // counted at the last line among them.
        let at = |line: usize| Diagnostic {
            path: "a.toml".into(),
            position: (line > 50).then_some((line, 1)),
            message: format!("w{line}"),
        };
        let mut kept = FirstShown::default();
        for i in 0..250 {
            kept.push(at((i * 97) % 250 + 1));
            assert!(kept.files.values().all(|k| k.first.len() <= MAX_SHOWN));
        }
        kept.push(Diagnostic::new("b.toml", "once"));
        assert_eq!(kept.len(), 251);
        let shown = kept.into_sorted("warning");
        let mut expected: Vec<Diagnostic> = (1..=250).map(at).collect();
        expected.sort();
        assert_eq!(shown[..100], expected[..100]);
        assert_eq!(
            shown[100].to_string(),
            "a.toml:250:1: 150 more warnings in this file, up to this line, not shown: fix the first 100 and try again"
        );
        assert_eq!(shown[101..], [Diagnostic::new("b.toml", "once")]);
    }

    #[test]
    fn errors_show_whole_files_to_about_a_thousand_and_count_the_rest() {
        // 30 files of 45 problems (cut where they were made), then 2,000
        // files of one (80,000 clashing static files printed every one).
        let at = |f: usize, line: usize| Diagnostic {
            path: format!("f{f:04}").into(),
            position: Some((line, 1)),
            message: "bad".into(),
        };
        let mut list: Vec<Diagnostic> = (0..30).flat_map(|f| (1..=45).map(move |l| at(f, l))).collect();
        list.extend((30..2030).map(|f| at(f, 1)));
        list.push(at(3, 1)); // a duplicate
        let errors = Errors::sorted(list);
        // 22 files show 990 before the 23rd; it shows whole (1,035).
        assert_eq!(errors.shown().len(), 23 * 45 + 1);
        assert_eq!(errors.shown()[23 * 45 - 1], at(22, 45));
        assert_eq!(
            errors.shown()[23 * 45].to_string(),
            "f0023: 2315 more errors in 2007 more files (this one and those after it) not shown: fix those above and try again"
        );
        assert!(errors.to_string().ends_with("\n3350 errors"));
        // Under the cap: all of them.
        assert_eq!(Errors::sorted((0..999).map(|f| at(f, 1)).collect()).shown().len(), 999);
    }

    #[test]
    fn first_shown_keeps_about_a_thousand_in_all_whatever_the_order() {
        // 40 files of 5 to 185 problems each, pushed in two orders (file
        // by file backwards, and interleaved): the same files shown, the
        // first in order until the files before one show 1,000.
        let count = |f: usize| 5 + (f * 37) % 181;
        let item = |f: usize, i: usize| Diagnostic {
            path: format!("data/f{f:02}.toml").into(),
            position: Some((i + 1, 1)),
            message: format!("p{i}"),
        };
        let mut all: Vec<Diagnostic> = (0..40).flat_map(|f| (0..count(f)).map(move |i| item(f, i))).collect();
        let total = all.len();
        let mut expected = Vec::new();
        let (mut shown_before, mut files_out, mut problems_out) = (0, 0, 0);
        for f in 0..40 {
            if shown_before >= MAX_SHOWN_IN_ALL {
                files_out += 1;
                problems_out += count(f);
                continue;
            }
            let n = count(f).min(MAX_SHOWN);
            expected.extend((0..n).map(|i| item(f, i).to_string()));
            if count(f) > MAX_SHOWN {
                expected.push(format!(
                    "data/f{f:02}.toml:{}:1: {} more warnings in this file, up to this line, not shown: fix the first 100 and try again",
                    count(f),
                    count(f) - MAX_SHOWN
                ));
            }
            shown_before += n;
        }
        let first_out = 40 - files_out;
        assert!(files_out > 10 && first_out > 5, "{files_out}");
        expected.push(format!(
            "data/f{first_out:02}.toml: {problems_out} more warnings in {files_out} more files (this one and those after it) not shown: fix those above and try again"
        ));
        let backwards: Vec<Diagnostic> = all.iter().rev().cloned().collect();
        all.sort_by_key(|d| (d.position, d.path.clone()));
        for order in [backwards, all] {
            let mut kept = FirstShown::default();
            for d in order {
                kept.push(d);
                assert!(kept.held <= MAX_SHOWN_IN_ALL + MAX_SHOWN);
            }
            assert_eq!(kept.len(), total);
            let shown: Vec<String> = kept.into_sorted("warning").iter().map(ToString::to_string).collect();
            assert_eq!(shown, expected);
        }
    }
}
