//! `site.toml`: the site's settings and the ratings it publishes. Each
//! `[[rating]]` table is kept as written (its common keys checked here),
//! for the system it names to read its parameters: this crate knows no
//! rating system (`ratings_rating::configure` does).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::{Spanned, Value};

use ratings_model::error::Diagnostic;
use ratings_model::scoring::{Points, TieBreak, WrittenPoints};

pub mod density;
pub mod filler;

/// The validated site settings.
#[derive(Debug, Clone)]
pub struct SiteConfig {
    pub title: String,
    pub author: String,
    /// Output folder, relative to the site folder unless absolute.
    pub output_dir: String,
    /// Absolute URL of the published site, ending in `/`.
    pub base_url: Option<String>,
    pub page_size: usize,
    /// Pass raw HTML in Markdown through (off: it is shown as text).
    pub allow_html: bool,
    /// `build` and `check` warn when the site is larger (MB, 10^6 bytes):
    /// GitHub Pages publishes at most 1 GB.
    pub max_site_mb: u64,
    /// Markdown shown at the top of the home page ("a sample of three
    /// events", "provisional until the autumn"...); empty: none.
    pub notice: String,
    /// The `[[rating]]` tables, in order.
    pub ratings: Vec<RatingTable>,
    /// Match events: what a win, draw and loss score, the tie-breaks after
    /// points, and whether the first player of a match is White (colours
    /// shown); each event may set its own.
    pub points: Points,
    pub tiebreaks: Vec<TieBreak>,
    pub colours: bool,
}

/// Keys every `[[rating]]` table has, whatever its system.
pub const COMMON_KEYS: [&str; 5] = ["id", "system", "title", "active_years", "decimals"];

/// A `[[rating]]` table as toml gives it, keys and values with their spans.
pub type RawTable = BTreeMap<Spanned<String>, Spanned<Value>>;

/// A `site.toml` with problems: every problem, and the `[[rating]]` tables
/// that could still be read, so that their systems can report their own
/// problems in the same run.
#[derive(Debug)]
pub struct Invalid {
    pub problems: Vec<Diagnostic>,
    pub ratings: Vec<RatingTable>,
}

impl From<Diagnostic> for Invalid {
    fn from(problem: Diagnostic) -> Self {
        Invalid {
            problems: vec![problem],
            ratings: Vec::new(),
        }
    }
}

/// One `[[rating]]` table: its common keys, checked, and the whole table
/// for its system to read.
#[derive(Debug, Clone)]
pub struct RatingTable {
    pub id: String,
    /// The `system` key as written, with its span.
    pub system: Spanned<String>,
    /// The `title`, trimmed; `None` when not given or blank.
    pub title: Option<String>,
    /// Players without an event in this many years before the latest event
    /// are listed apart as inactive; `None`: everyone stays in the ranking.
    pub active_years: Option<u32>,
    /// Decimals of the ratings on pages (0 to 6), overriding the system's.
    pub decimals: Option<u8>,
    /// The table, keys and values with their spans in `text`.
    pub table: Spanned<RawTable>,
    /// `site.toml` as messages name it, and its text (for line and column).
    pub file: PathBuf,
    pub text: Arc<str>,
}

impl RatingTable {
    /// The line and column of the table's `[[rating]]`.
    pub fn position(&self) -> (usize, usize) {
        ratings_model::error::line_column(&self.text, self.table.span().start)
    }
}

/// A TOML value's kind, for messages.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "a string",
        Value::Integer(_) => "a whole number",
        Value::Float(_) => "a number",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "an array",
        Value::Table(_) => "a table",
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SiteFile {
    title: Option<Spanned<String>>,
    author: Option<Spanned<String>>,
    output_dir: Option<Spanned<String>>,
    base_url: Option<Spanned<String>>,
    page_size: Option<Spanned<i64>>,
    max_site_mb: Option<Spanned<i64>>,
    #[serde(default)]
    notice: String,
    #[serde(default)]
    allow_html: bool,
    points: Option<Spanned<WrittenPoints>>,
    tiebreaks: Option<Spanned<Vec<String>>>,
    colours: Option<bool>,
    /// Each table is read by the system it names (`rating::Params`).
    #[serde(default)]
    rating: Vec<Spanned<RawTable>>,
}

/// Collects problems of one file with their positions.
struct Problems<'a> {
    path: &'a Path,
    text: &'a str,
    list: Vec<Diagnostic>,
}

impl Problems<'_> {
    /// An error for a text with a control character (a page, a feed or a
    /// terminal would act on it), at the line that sets `key`.
    fn controls(&mut self, key: &str, value: &str, lines_ok: bool) {
        let Some(bad) = ratings_model::names::control_character(value, lines_ok) else {
            return;
        };
        // The line that sets the top-level key (before the first table).
        let mut at = 0;
        let mut start = 0;
        for line in self.text.split_inclusive('\n') {
            let rest = line.trim_start();
            if rest.starts_with('[') {
                break;
            }
            if rest.strip_prefix(key).is_some_and(|r| r.trim_start().starts_with('=')) {
                at = start + (line.len() - rest.len());
                break;
            }
            start += line.len();
        }
        self.list.push(Diagnostic::at(
            self.path,
            self.text,
            at..at + key.len(),
            format!("`{key}` contains the control character U+{:04X}: remove it", bad as u32),
        ));
    }

    fn error<T>(&mut self, at: &Spanned<T>, message: impl Into<String>) {
        self.list.push(Diagnostic::at(self.path, self.text, at.span(), message));
    }
}

/// The largest `site.toml`: twice the longest `notice`, far more than 16
/// ratings of 64 formats each need. Parsing makes a tree of every value
/// (a 48 MB file of `k_bands` took 1.96 GB before it could be refused).
pub const MAX_SITE_TOML: usize = 2 * ratings_model::files::MAX_MARKDOWN;

/// Read and validate `SITE/site.toml`: the one place it is parsed (build,
/// check, serve and the no-change check all come here).
pub fn read(site_dir: &Path) -> Result<SiteConfig, Invalid> {
    let shown = ratings_model::files::shown(site_dir, Path::new("site.toml"));
    let file = site_dir.join("site.toml");
    // A link may lead only to a file of the site, and the file read is
    // the one checked (ratings_model::files).
    let checked = ratings_model::files::Bounds::new(site_dir, None)
        .and_then(|bounds| ratings_model::files::single(site_dir, "site.toml", &bounds));
    let read = match checked {
        Some(Err(why)) => return Err(Invalid::from(Diagnostic::new(shown, why))),
        Some(Ok(site_file)) => site_file.read_text(),
        None => ratings_model::files::read_text(&file),
    };
    match read {
        Ok(text) if text.len() > MAX_SITE_TOML => Err(Invalid::from(Diagnostic::new(
            shown,
            format!(
                "the file is {} bytes, more than the {MAX_SITE_TOML} a site.toml may have (its longest text, `notice`, has at most {} bytes)",
                text.len(),
                ratings_model::files::MAX_MARKDOWN
            ),
        ))),
        Ok(text) => parse(&shown, &text),
        Err(mut d) => {
            d.path = shown;
            if !file.exists() {
                d.message = "site.toml not found: is this a site folder?".into();
            }
            Err(Invalid::from(d))
        }
    }
}

impl SiteConfig {
    /// The output folder: `--output` if given, else `output_dir` under the
    /// site folder.
    pub fn output_path(&self, site_dir: &Path, output: Option<&Path>) -> PathBuf {
        output.map_or_else(|| site_dir.join(&self.output_dir), Path::to_path_buf)
    }
}

/// Parse and validate `site.toml` (`path` is used in messages).
pub fn parse(path: &Path, text: &str) -> Result<SiteConfig, Invalid> {
    if let Some(dense) = density::refused(path, text) {
        return Err(Invalid {
            problems: vec![dense],
            ratings: Vec::new(),
        });
    }
    let file: SiteFile = filler::from_str(text).map_err(|e| Invalid {
        problems: vec![site_toml_error(path, text, &e)],
        ratings: Vec::new(),
    })?;
    let mut c = Problems {
        path,
        text,
        list: Vec::new(),
    };

    let title = match &file.title {
        Some(t) if t.get_ref().trim().is_empty() => {
            c.error(t, "`title` must not be empty");
            String::new()
        }
        Some(t) => t.get_ref().trim().to_string(),
        None => "Ratings".to_string(),
    };
    let output_dir = match &file.output_dir {
        Some(o) if o.get_ref().trim().is_empty() => {
            c.error(o, "`output_dir` must not be empty");
            String::new()
        }
        Some(o) if !inside_the_site(o.get_ref()) => {
            c.error(
                o,
                format!(
                    "`output_dir` must be a folder inside the site folder (a relative path without `..`), not {:?}: \
                     a site's own settings never write elsewhere; build elsewhere with `--output`",
                    o.get_ref()
                ),
            );
            String::new()
        }
        Some(o) => o.get_ref().clone(),
        None => "public".to_string(),
    };
    if let Some(t) = &file.title
        && let Some(bad) = ratings_model::names::control_character(t.get_ref(), false)
    {
        c.error(
            t,
            format!("`title` contains the control character U+{:04X}: remove it", bad as u32),
        );
    }
    let author = file.author.as_ref().map_or("", |a| a.get_ref().as_str());
    c.controls("author", author, false);
    for (key, text) in [("title", &file.title), ("author", &file.author)] {
        if let Some(t) = text
            && let Some(problem) =
                ratings_model::names::too_long(key, t.get_ref().trim(), MAX_TITLE, "it is shown on every page")
        {
            c.error(t, problem);
        }
    }
    c.controls("notice", &file.notice, true);
    if file.notice.len() > ratings_model::files::MAX_MARKDOWN {
        let (notice, max) = (file.notice.len(), ratings_model::files::MAX_MARKDOWN);
        c.list.push(Diagnostic::new(
            path,
            format!("`notice` is {notice} bytes, more than the {max} a Markdown text may have"),
        ));
    } else if let Some(tables) = ratings_model::tables::too_many_cells(&file.notice) {
        c.list.push(Diagnostic::new(path, format!("`notice`: {tables}")));
    }
    let base_url = file.base_url.as_ref().map(|u| base_url(&mut c, u));
    let page_size = page_size(&mut c, file.page_size.as_ref());
    let max_site_mb = max_site_mb(&mut c, file.max_site_mb.as_ref());
    let ratings = rating_tables(&mut c, &file.rating);
    let (points, tiebreaks) = scoring(&mut c, file.points.as_ref(), file.tiebreaks.as_ref());
    if file.rating.is_empty() {
        c.list.push(Diagnostic::new(
            path,
            "no `[[rating]]` table: the site must publish at least one rating",
        ));
    }

    if c.list.is_empty() {
        Ok(SiteConfig {
            title,
            author: author.trim().to_string(),
            output_dir,
            base_url,
            page_size,
            allow_html: file.allow_html,
            max_site_mb,
            notice: file.notice.trim().to_string(),
            ratings,
            points: points.unwrap_or_default(),
            tiebreaks: tiebreaks.unwrap_or_else(|| TieBreak::CHESS_DEFAULT.to_vec()),
            colours: file.colours.unwrap_or(true),
        })
    } else {
        Err(Invalid {
            problems: c.list,
            ratings,
        })
    }
}

/// `points` and `tiebreaks`, each checked (`None`: not given, or wrong).
fn scoring(
    c: &mut Problems,
    points: Option<&Spanned<WrittenPoints>>,
    tiebreaks: Option<&Spanned<Vec<String>>>,
) -> (Option<Points>, Option<Vec<TieBreak>>) {
    let points = points.and_then(|p| p.get_ref().points().map_err(|problem| c.error(p, problem)).ok());
    let tiebreaks = tiebreaks.and_then(|t| {
        ratings_model::scoring::tiebreak_list(t.get_ref().iter().map(String::as_str))
            .map_err(|problem| c.error(t, problem))
            .ok()
    });
    (points, tiebreaks)
}

/// Whether `output_dir` names a folder inside the site folder: relative,
/// without `..` (a cloned site's settings must not write into `~/.ssh`).
fn inside_the_site(dir: &str) -> bool {
    let path = Path::new(dir);
    path.components()
        .all(|c| matches!(c, std::path::Component::Normal(_) | std::path::Component::CurDir))
        && path.components().any(|c| matches!(c, std::path::Component::Normal(_)))
}

/// The most characters of `base_url`: every page's canonical link and
/// every sitemap entry repeat it (a 1 MB `base_url` on a site of 1,000
/// players made 2 GB of pages), and the sitemap protocol takes URLs of up
/// to 2,048 characters, the page's own path included.
pub const MAX_BASE_URL: usize = 1000;

/// `base_url`: an absolute http(s) URL, ending in `/`.
fn base_url(c: &mut Problems, u: &Spanned<String>) -> String {
    let s = u.get_ref().trim();
    if let Some(problem) = ratings_model::names::too_long(
        "base_url",
        s,
        MAX_BASE_URL,
        "every page and every sitemap entry repeat it",
    ) {
        c.error(u, problem);
    } else if !(s.starts_with("https://") || s.starts_with("http://")) || s.contains(char::is_whitespace) {
        c.error(u, format!("`base_url` must be an absolute http(s) URL, not {s:?}"));
    }
    if s.ends_with('/') {
        s.to_string()
    } else {
        format!("{s}/")
    }
}

/// `page_size`: ranking rows per page, 1 to 100000 (default 50).
fn page_size(c: &mut Problems, written: Option<&Spanned<i64>>) -> usize {
    let Some(p) = written else { return 50 };
    match usize::try_from(*p.get_ref()) {
        Ok(n) if (1..=100_000).contains(&n) => n,
        _ => {
            c.error(p, format!("`page_size` must be from 1 to 100000, not {}", p.get_ref()));
            50
        }
    }
}

/// `max_site_mb`: the size above which a build warns (default 1000).
fn max_site_mb(c: &mut Problems, written: Option<&Spanned<i64>>) -> u64 {
    let Some(m) = written else { return 1000 };
    match u64::try_from(*m.get_ref()) {
        Ok(n) if n >= 1 => n,
        _ => {
            c.error(
                m,
                format!("`max_site_mb` must be a whole number of MB from 1, not {}", m.get_ref()),
            );
            1000
        }
    }
}

/// The most characters of the site's `title` and `author` and of a
/// rating's `title`: every page shows them (a 1 MB `author` on a site of
/// 1,000 players made 1 GB of pages; a rating's title, four times a page,
/// 4 GB).
pub const MAX_TITLE: usize = 200;

/// The most `[[rating]]` tables a site may have: every rating is compared
/// with every other on the games both rate ("Which rating predicts best"),
/// a cost that grows with the square of their number (400 ratings of 200
/// small events took 99 s to check).
pub const MAX_RATINGS: usize = 16;

/// The `[[rating]]` tables whose common keys could be read, ids unique.
fn rating_tables(c: &mut Problems, tables: &[Spanned<RawTable>]) -> Vec<RatingTable> {
    let mut ratings: Vec<RatingTable> = Vec::new();
    let shared: Arc<str> = Arc::from(c.text);
    if let Some(extra) = tables.get(MAX_RATINGS) {
        c.list.push(Diagnostic::at(
            c.path,
            c.text,
            extra.span(),
            format!(
                "a site publishes at most {MAX_RATINGS} ratings (this is `[[rating]]` number {} of {}): each is compared with every other, so their cost grows with the square of their number; publish the others from a second site",
                MAX_RATINGS + 1,
                tables.len()
            ),
        ));
    }
    for table in tables.iter().take(MAX_RATINGS) {
        if let Some(r) = rating(c, table, &shared) {
            if ratings.iter().any(|o| o.id == r.id) {
                let id = table.get_ref().iter().find(|(k, _)| k.get_ref() == "id");
                let span = id.map_or_else(|| table.span(), |(_, v)| v.span());
                c.list.push(Diagnostic::at(
                    c.path,
                    c.text,
                    span,
                    format!("duplicate rating id `{}`", r.id),
                ));
            } else {
                ratings.push(r);
            }
        }
    }
    ratings
}

/// One `[[rating]]` table: the common keys here (the parameters are read
/// by the system it names).
fn rating(c: &mut Problems, table: &Spanned<RawTable>, text: &Arc<str>) -> Option<RatingTable> {
    let t = table.get_ref();
    let get = |key: &str| t.iter().find(|(k, _)| k.get_ref() == key).map(|(_, v)| v);
    let string = |c: &mut Problems, key: &str| -> Option<Spanned<String>> {
        let v = get(key)?;
        match v.get_ref().as_str() {
            Some(s) => Some(Spanned::new(v.span(), s.to_string())),
            None => {
                c.error(v, format!("`{key}` must be a string, not {}", type_name(v.get_ref())));
                None
            }
        }
    };
    // A key every table needs; its absence is an error at the table.
    let required = |c: &mut Problems, key: &str, named: &str| {
        let value = string(c, key);
        if value.is_none() {
            let message = format!("a `[[rating]]` needs {named}");
            c.list.push(Diagnostic::at(c.path, c.text, table.span(), message));
        }
        value
    };
    let id = required(c, "id", "an `id`")?;
    let id_ok = !id.get_ref().is_empty()
        && id
            .get_ref()
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !id_ok {
        c.error(&id, format!("rating id {:?} must match [a-z0-9-]+", id.get_ref()));
    }
    let name = required(c, "system", "a `system`")?;
    let title = string(c, "title");
    if let Some(t) = &title
        && let Some(bad) = ratings_model::names::control_character(t.get_ref(), false)
    {
        c.error(
            t,
            format!("`title` contains the control character U+{:04X}: remove it", bad as u32),
        );
    }
    if let Some(t) = &title
        && let Some(problem) =
            ratings_model::names::too_long("title", t.get_ref().trim(), MAX_TITLE, "it is shown on every page")
    {
        c.error(t, problem);
    }
    let active_years = get("active_years").and_then(|y| match y.get_ref().as_integer() {
        Some(n @ 1..=1000) => Some(n as u32),
        _ => {
            c.error(
                y,
                format!(
                    "`active_years` must be a whole number of years from 1 to 1000, not {}",
                    y.get_ref()
                ),
            );
            None
        }
    });
    let decimals = get("decimals").and_then(|d| match d.get_ref().as_integer() {
        Some(n @ 0..=6) => Some(n as u8),
        _ => {
            c.error(
                d,
                format!("`decimals` must be a whole number from 0 to 6, not {}", d.get_ref()),
            );
            None
        }
    });
    let title = title
        .as_ref()
        .map(|t| t.get_ref().trim())
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    // Kept with an invalid id too, for its system to report its own problems.
    Some(RatingTable {
        id: id.into_inner(),
        system: name,
        title,
        active_years,
        decimals,
        table: table.clone(),
        file: c.path.to_path_buf(),
        text: text.clone(),
    })
}

/// A parse error of `site.toml`: [`toml_error`], but a `[rating]` table
/// (one table where ratings are an array of tables) says to write
/// `[[rating]]`, at that line.
fn site_toml_error(path: &Path, text: &str, err: &toml::de::Error) -> Diagnostic {
    let single = text
        .lines()
        .scan(0, |at, line| {
            let start = *at;
            *at += line.len() + 1;
            Some((start, line))
        })
        .find(|(_, line)| line.split('#').next().unwrap_or("").replace(' ', "") == "[rating]");
    match single {
        Some((start, line)) if err.message().contains("expected a sequence") => Diagnostic::at(
            path,
            text,
            start..start + line.len(),
            "`[rating]` is one table, but ratings are a list of tables: write `[[rating]]` (two brackets), once before each rating".to_string(),
        ),
        _ => toml_error(path, text, err),
    }
}

/// A toml parse error as a diagnostic with line and column; the mistakes
/// people make most ([`common_mistake`]) say what to write instead.
pub fn toml_error(path: &Path, text: &str, err: &toml::de::Error) -> Diagnostic {
    let message = plain_types(err.message().trim());
    match err.span() {
        Some(span) => {
            if let Some((line, message)) = single_header(text, span.start) {
                return Diagnostic::at(path, text, line, message);
            }
            let message = common_mistake(text, span.start).unwrap_or(message);
            Diagnostic::at(path, text, span, message)
        }
        None => Diagnostic::new(path, message),
    }
}

/// An error at the header of a list of tables (`[[round]]`, or `[rating]`
/// written a second time) in a file that writes one of them as one table
/// (`[round]`): the first such header, and what to write (the parser said
/// "duplicate key" at the later header, a line that was right).
fn single_header(text: &str, at: usize) -> Option<(std::ops::Range<usize>, String)> {
    let start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let code = |line: &str| -> String { line.split('#').next().unwrap_or("").split_whitespace().collect() };
    let header = code(text[start..].lines().next().unwrap_or(""));
    let name = header.trim_start_matches('[').trim_end_matches(']');
    if !header.starts_with('[') || name.is_empty() {
        return None;
    }
    let (right, wrong, ..) = TABLE_LISTS
        .iter()
        .find(|(right, wrong, ..)| *right == name || wrong.contains(&name))?;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let written = code(line);
        let single = written
            .strip_prefix('[')
            .and_then(|w| w.strip_suffix(']'))
            .filter(|w| !w.starts_with('[') && (w == right || wrong.contains(w)));
        if single.is_some() {
            let message = common_mistake(text, offset)?;
            return Some((offset..offset + line.trim_end().len(), message));
        }
        offset += line.len();
    }
    None
}

/// The tables of which a file has a list (`[[results]]`): their name, the
/// names people write for them, what they are, and what each one is.
const TABLE_LISTS: &[(&str, &[&str], &str, &str)] = &[
    ("rating", &["ratings"], "ratings", "rating"),
    ("results", &["result"], "results", "result row"),
    ("round", &["rounds"], "rounds", "round"),
    ("player", &["players"], "players", "player"),
];

/// What to write instead, when the line of a parse error at byte `at` is a
/// list of tables written as one table (`[round]`), a list of tables under
/// another name (`[[rounds]]`), or a date written the way people write
/// dates (`11/03/2025`, quoted or not).
fn common_mistake(text: &str, at: usize) -> Option<String> {
    let start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next().unwrap_or("");
    let code = line.split('#').next().unwrap_or("").trim();
    if let Some(name) = code.strip_prefix("[[").and_then(|c| c.strip_suffix("]]")) {
        let name = name.trim();
        let (right, _, _, each) = TABLE_LISTS.iter().find(|(_, wrong, ..)| wrong.contains(&name))?;
        return Some(format!(
            "`[[{name}]]` is no table of this file: write `[[{right}]]`, once before each {each}"
        ));
    }
    if let Some(name) = code.strip_prefix('[').and_then(|c| c.strip_suffix(']')) {
        let name = name.trim();
        let (right, _, what, each) = TABLE_LISTS
            .iter()
            .find(|(right, wrong, ..)| *right == name || wrong.contains(&name))?;
        return Some(format!(
            "`[{name}]` is one table, but {what} are a list of tables: write `[[{right}]]` (two brackets), once before each {each}"
        ));
    }
    let (key, value) = code.split_once('=')?;
    let key = key.trim();
    if !key.ends_with("date") {
        return None;
    }
    let raw = value.trim();
    let value = raw.trim_matches(['"', '\'']);
    let parts: Vec<&str> = value.split(['/', '.', '-']).collect();
    let number = |s: &str| s.parse::<u32>().ok().filter(|_| !s.is_empty() && s.len() <= 2);
    // Year first, quoted (`"2025-03-11"`) or without its zeros (`2025-3-11`).
    if let [year, month, day] = parts[..]
        && year.len() == 4
        && (raw != value || month.len() < 2 || day.len() < 2)
        && let (Ok(year), Some(month @ 1..=12), Some(day @ 1..=31)) = (year.parse::<u32>(), number(month), number(day))
    {
        return Some(format!(
            "`{key} = {raw}` is no date a TOML file knows: dates are year-month-day, two digits each for month and day, without quotes; write `{key} = {year}-{month:02}-{day:02}`"
        ));
    }
    let [a, b, year] = parts[..] else {
        return None;
    };
    let (a, b, year) = (
        number(a)?,
        number(b)?,
        year.parse::<u32>().ok().filter(|_| year.len() == 4)?,
    );
    let written = format!("{key} = {raw}");
    let iso = |day: u32, month: u32| format!("{year}-{month:02}-{day:02}");
    let suggestion = match (a, b) {
        (1..=31, 1..=12) if a > 12 || a == b => format!("write `{key} = {}`", iso(a, b)),
        (1..=12, 13..=31) => format!("write `{key} = {}`", iso(b, a)),
        (1..=12, 1..=12) => format!(
            "write `{key} = {}` if it is day {a} of month {b}, or `{key} = {}` if it is day {b} of month {a}",
            iso(a, b),
            iso(b, a)
        ),
        _ => return None,
    };
    Some(format!(
        "`{written}` is no date a TOML file knows: dates are year-month-day, without quotes; {suggestion}"
    ))
}

/// serde names Rust types (`expected i64`); say what to write instead.
fn plain_types(message: &str) -> String {
    message
        .replace(" as i128, expected i64", ", expected a whole number (too large)")
        .replace("expected i64", "expected a whole number")
        .replace("expected f64", "expected a number")
        .replace("expected a sequence", "expected an array")
        .replace("expected a TOML datetime", "expected a date like 2017-07-07 (unquoted)")
}
