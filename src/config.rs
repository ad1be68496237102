//! `site.toml`: site settings and the rating systems to publish.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::error::Diagnostic;
use crate::rating::params::{COMMON_KEYS, RawTable};
use crate::rating::{Params, RatingSystem};

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
    pub ratings: Vec<RatingConfig>,
}

#[derive(Debug, Clone)]
pub struct RatingConfig {
    pub id: String,
    pub title: String,
    /// The system with its parameters (see `rating::SYSTEMS`).
    pub system: Arc<dyn RatingSystem>,
    /// Players without an event in this many years before the latest event
    /// are listed apart as inactive; `None`: everyone stays in the ranking.
    pub active_years: Option<u32>,
    /// `site.toml` as messages name it, and the line and column of the
    /// table's `[[rating]]`: for problems found after reading (a value the
    /// system could not compute).
    pub file: PathBuf,
    pub position: (usize, usize),
}

impl RatingConfig {
    /// An error about this rating, at its `[[rating]]` table.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            path: self.file.clone(),
            position: Some(self.position),
            message: message.into(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SiteFile {
    title: Option<Spanned<String>>,
    #[serde(default)]
    author: String,
    output_dir: Option<Spanned<String>>,
    base_url: Option<Spanned<String>>,
    page_size: Option<Spanned<i64>>,
    max_site_mb: Option<Spanned<i64>>,
    #[serde(default)]
    notice: String,
    #[serde(default)]
    allow_html: bool,
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
    fn error<T>(&mut self, at: &Spanned<T>, message: impl Into<String>) {
        self.list.push(Diagnostic::at(self.path, self.text, at.span(), message));
    }
}

/// Read and validate `SITE/site.toml`: the one place it is parsed (build,
/// check, serve and the no-change check all come here).
pub fn read(site_dir: &Path) -> Result<SiteConfig, Vec<Diagnostic>> {
    let shown = crate::load::shown(site_dir, Path::new("site.toml"));
    let file = site_dir.join("site.toml");
    // A link may lead only to a file of the site (crate::site_files).
    if let Some(bounds) = crate::site_files::Bounds::new(site_dir, None)
        && let Some(Err(why)) = crate::site_files::single(site_dir, "site.toml", &bounds)
    {
        return Err(vec![Diagnostic::new(shown, why)]);
    }
    match crate::load::read_text(&file) {
        Ok(text) => parse(&shown, &text),
        Err(mut d) => {
            d.path = shown;
            if !file.exists() {
                d.message = "site.toml not found: is this a site folder?".into();
            }
            Err(vec![d])
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
pub fn parse(path: &Path, text: &str) -> Result<SiteConfig, Vec<Diagnostic>> {
    let file: SiteFile = toml::from_str(text).map_err(|e| vec![site_toml_error(path, text, &e)])?;
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
        Some(o) => o.get_ref().clone(),
        None => "public".to_string(),
    };
    let base_url = file.base_url.as_ref().map(|u| {
        let s = u.get_ref().trim();
        if !(s.starts_with("https://") || s.starts_with("http://")) || s.contains(char::is_whitespace) {
            c.error(u, format!("`base_url` must be an absolute http(s) URL, not {s:?}"));
        }
        if s.ends_with('/') {
            s.to_string()
        } else {
            format!("{s}/")
        }
    });
    let page_size = match &file.page_size {
        None => 50,
        Some(p) => match usize::try_from(*p.get_ref()) {
            Ok(n) if (1..=100_000).contains(&n) => n,
            _ => {
                c.error(p, format!("`page_size` must be from 1 to 100000, not {}", p.get_ref()));
                50
            }
        },
    };
    let max_site_mb = match &file.max_site_mb {
        None => 1000,
        Some(m) => match u64::try_from(*m.get_ref()) {
            Ok(n) if n >= 1 => n,
            _ => {
                c.error(
                    m,
                    format!("`max_site_mb` must be a whole number of MB from 1, not {}", m.get_ref()),
                );
                1000
            }
        },
    };

    let mut ratings: Vec<RatingConfig> = Vec::new();
    for table in &file.rating {
        if let Some(r) = rating(&mut c, table) {
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
    if file.rating.is_empty() {
        c.list.push(Diagnostic::new(
            path,
            "no `[[rating]]` table: the site must publish at least one rating",
        ));
    }

    if c.list.is_empty() {
        Ok(SiteConfig {
            title,
            author: file.author.trim().to_string(),
            output_dir,
            base_url,
            page_size,
            allow_html: file.allow_html,
            max_site_mb,
            notice: file.notice.trim().to_string(),
            ratings,
        })
    } else {
        Err(c.list)
    }
}

/// One `[[rating]]` table: the common keys here, the parameters by the
/// system it names.
fn rating(c: &mut Problems, table: &Spanned<RawTable>) -> Option<RatingConfig> {
    let t = table.get_ref();
    let get = |key: &str| t.iter().find(|(k, _)| k.get_ref() == key).map(|(_, v)| v);
    let string = |c: &mut Problems, key: &str| -> Option<Spanned<String>> {
        let v = get(key)?;
        match v.get_ref().as_str() {
            Some(s) => Some(Spanned::new(v.span(), s.to_string())),
            None => {
                c.error(
                    v,
                    format!(
                        "`{key}` must be a string, not {}",
                        crate::rating::params::type_name(v.get_ref())
                    ),
                );
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
    let Some(entry) = crate::rating::find(name.get_ref()) else {
        let known: Vec<&str> = crate::rating::SYSTEMS.iter().map(|s| s.name).collect();
        c.error(
            &name,
            format!(
                "unknown rating system {:?} (known systems: {})",
                name.get_ref(),
                known.join(", ")
            ),
        );
        return None;
    };
    debug_assert!(entry.keys.iter().all(|k| !COMMON_KEYS.contains(k)));
    let mut params = Params::new(c.path, c.text, entry.name, entry.keys, table.span(), t);
    let system = (entry.configure)(&mut params);
    c.list.extend(params.finish());
    let title = string(c, "title");
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
    let system: Arc<dyn RatingSystem> = Arc::from(system?);
    let title = title
        .as_ref()
        .map(|t| t.get_ref().trim())
        .filter(|s| !s.is_empty())
        .map_or_else(|| system.default_title(), str::to_string);
    id_ok.then(|| RatingConfig {
        id: id.into_inner(),
        title,
        system,
        active_years,
        file: c.path.to_path_buf(),
        position: crate::error::line_column(c.text, table.span().start),
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

/// A toml parse error as a diagnostic with line and column.
pub fn toml_error(path: &Path, text: &str, err: &toml::de::Error) -> Diagnostic {
    let message = plain_types(err.message().trim());
    match err.span() {
        Some(span) => Diagnostic::at(path, text, span, message),
        None => Diagnostic::new(path, message),
    }
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

impl SiteConfig {
    /// Every event `format` some rating of this site counts, plus the DCI
    /// defaults: a format outside this list is a typo. Empty (nothing to
    /// check against) when no rating filters events by format: a chess
    /// club's "Rapid" and "Blitz" are then as good as any.
    pub fn known_formats(&self) -> Vec<String> {
        if self.ratings.iter().all(|r| r.system.formats().is_none()) {
            return Vec::new();
        }
        let mut known: Vec<String> = crate::rating::dci::DCI_CATEGORIES
            .iter()
            .flat_map(|(_, fs)| fs.iter().map(|f| f.to_string()))
            .collect();
        for r in &self.ratings {
            known.extend(r.system.formats().into_iter().flatten().cloned());
        }
        known.sort();
        known.dedup();
        known
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::dci::{Dci, DciParams};
    use crate::rating::dip_pouch::{DipPouch, DipPouchParams};

    fn parse_str(text: &str) -> Result<SiteConfig, Vec<String>> {
        parse(Path::new("site.toml"), text).map_err(|ds| ds.iter().map(|d| d.to_string()).collect())
    }

    #[test]
    fn defaults() {
        let c = parse_str("title = \"T\"\n[[rating]]\nid = \"dp\"\nsystem = \"dip-pouch\"\n").unwrap();
        assert_eq!(c.page_size, 50);
        assert_eq!(c.output_dir, "public");
        assert_eq!(
            format!("{:?}", c.ratings[0].system),
            format!("{:?}", DipPouch(DipPouchParams::default()))
        );
        assert_eq!(c.ratings[0].title, "Dip Pouch Tournament Rating");
        assert_eq!(c.ratings[0].active_years, None);
    }

    #[test]
    fn active_years_for_both_systems() {
        let c = parse_str(
            "[[rating]]\nid = \"a\"\nsystem = \"dip-pouch\"\nactive_years = 3\n\
             [[rating]]\nid = \"b\"\nsystem = \"dci\"\ncategory = \"Limited\"\nactive_years = 1\n",
        )
        .unwrap();
        assert_eq!(c.ratings[0].active_years, Some(3));
        assert_eq!(c.ratings[1].active_years, Some(1));
        let e = parse_str("[[rating]]\nid = \"a\"\nsystem = \"dip-pouch\"\nactive_years = 0\n").unwrap_err();
        assert_eq!(
            e,
            vec!["site.toml:4:16: `active_years` must be a whole number of years from 1 to 1000, not 0"]
        );
        let e = parse_str("[[rating]]\nid = \"a\"\nsystem = \"dip-pouch\"\nactive_years = 2.5\n").unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
    }

    #[test]
    fn parameters_are_settable() {
        let c = parse_str(
            "[[rating]]\nid = \"x\"\nsystem = \"dip-pouch\"\ninitial = 50\nmax_value = 12.5\nrated_from = 1990\n\
             [[rating]]\nid = \"l\"\nsystem = \"dci\"\ncategory = \"Limited\"\nformats = [\"Cube\"]\n\
             k_bands = [[2000, 40], [inf, 20]]\nmin_players = 4\n",
        )
        .unwrap();
        let p = DipPouchParams {
            initial: 50.0,
            max_value: 12.5,
            rated_from: 1990,
            ..DipPouchParams::default()
        };
        assert_eq!(format!("{:?}", c.ratings[0].system), format!("{:?}", DipPouch(p)));
        let d = DciParams {
            formats: vec!["Cube".into()],
            k_bands: vec![(2000.0, 40.0), (f64::INFINITY, 20.0)],
            min_players: 4,
            ..DciParams::new("Limited").unwrap()
        };
        assert_eq!(format!("{:?}", c.ratings[1].system), format!("{:?}", Dci(d)));
    }

    #[test]
    fn errors_point_at_the_key() {
        let e = parse_str("[[rating]]\nid = \"x\"\nsystem = \"dip-pouch\"\nk_bands = [[1, 2]]\n").unwrap_err();
        assert_eq!(e.len(), 1);
        assert!(
            e[0].starts_with("site.toml:4:11: `k_bands` is not a parameter of system \"dip-pouch\""),
            "{e:?}"
        );
        let e = parse_str("[[rating]]\nid = \"X y\"\nsystem = \"glicko\"\n").unwrap_err();
        assert!(e[0].contains("site.toml:2:6: rating id \"X y\" must match"), "{e:?}");
        assert!(
            e[1].contains("site.toml:3:10: unknown rating system \"glicko\""),
            "{e:?}"
        );
        let e = parse_str(
            "[[rating]]\nid = \"a\"\nsystem = \"dip-pouch\"\n[[rating]]\nid = \"a\"\nsystem = \"dip-pouch\"\n",
        )
        .unwrap_err();
        assert_eq!(e, vec!["site.toml:5:6: duplicate rating id `a`"]);
        let e = parse_str("titel = \"x\"\n").unwrap_err();
        assert!(e[0].starts_with("site.toml:1:1: unknown field `titel`"), "{e:?}");
    }

    #[test]
    fn systems_of_contract_v2_validate_their_parameters() {
        let one = |table: &str| -> Vec<String> { parse_str(&format!("[[rating]]\nid = \"x\"\n{table}")).unwrap_err() };
        assert_eq!(
            one("system = \"elo\"\nk = 0\n"),
            ["site.toml:4:5: `k` must be a number above 0 and at most 1000, not 0"]
        );
        assert_eq!(
            one("system = \"glicko2\"\ninitial_deviation = -1\n"),
            ["site.toml:4:21: `initial_deviation` must be a number from 1 to 10000, not -1"]
        );
        assert_eq!(
            one("system = \"glicko2\"\ntau = -0.5\n"),
            ["site.toml:4:7: `tau` must be 0 or a number from 0.001 to 10, not -0.5"]
        );
        assert_eq!(
            one("system = \"glicko2\"\nperiod_days = 0\n"),
            ["site.toml:4:15: `period_days` must be a whole number of days from 1 to 100000, not 0"]
        );
        assert_eq!(
            one("system = \"trueskill\"\ndraw_probability = 1\n"),
            ["site.toml:4:20: `draw_probability` must be a probability above 0 and below 1, not 1"]
        );
        // Every number has a bounded range; huge and tiny values are
        // shown as written, not as 309 digits.
        assert_eq!(
            one("system = \"elo\"\nk = 1e308\ninitial = -1000001\n"),
            [
                "site.toml:5:11: `initial` must be a number from -1000000 to 1000000, not -1000001",
                "site.toml:4:5: `k` must be a number above 0 and at most 1000, not 1e308"
            ]
        );
        assert_eq!(
            one("system = \"glicko2\"\ntau = 1e-9\ninitial_volatility = 1e155\n"),
            [
                "site.toml:5:22: `initial_volatility` must be a number from 0.0001 to 1, not 1e155",
                "site.toml:4:7: `tau` must be 0 or a number from 0.001 to 10, not 1e-9"
            ]
        );
        assert_eq!(
            one("system = \"trueskill\"\nbeta = 0.0001\ntau = inf\n"),
            [
                "site.toml:4:8: `beta` must be a number from 0.001 to 1000000, not 0.0001",
                "site.toml:5:7: `tau` must be a number from 0 to 1000000, not inf"
            ]
        );
        assert_eq!(
            one("system = \"dip-pouch\"\ninitial = 100.5\n"),
            ["site.toml:4:11: `initial` must be a number from 0 to 100, not 100.5"]
        );
        assert_eq!(
            one("system = \"trueskill\"\nbeta = \"wide\"\n"),
            ["site.toml:4:8: `beta` must be a number, not a string"]
        );
        assert_eq!(
            one("system = \"elo\"\nk_factor = 16\n"),
            [
                "site.toml:4:1: unknown key `k_factor` for system \"elo\" (its parameters: initial, k, formats, min_events)"
            ]
        );
        assert_eq!(
            one("system = \"elo\"\nmin_events = 0\n"),
            ["site.toml:4:14: `min_events` must be a whole number from 1 to 1000000, not 0"]
        );
        // A parameter of another system points at its value.
        assert_eq!(
            one("system = \"trueskill\"\nperiod_days = 7\n"),
            [
                "site.toml:4:15: `period_days` is not a parameter of system \"trueskill\" (its parameters: initial, initial_deviation, beta, tau, draw_probability, formats, min_events)"
            ]
        );
        // Every parameter is settable.
        let c = parse_str(
            "[[rating]]\nid = \"g\"\nsystem = \"glicko2\"\ninitial = 1200\ninitial_deviation = 300\n\
             initial_volatility = 0.05\ntau = 0.3\nperiod_days = 7\nformats = [\"Blitz\"]\nmin_events = 3\n",
        )
        .unwrap();
        assert_eq!(
            format!("{:?}", c.ratings[0].system),
            "Glicko2 { initial: 1200.0, initial_deviation: 300.0, initial_volatility: 0.05, tau: 0.3, \
             period_days: 7, common: Common { formats: Some([\"Blitz\"]), min_events: 3 } }"
        );
        assert_eq!(c.ratings[0].title, "Glicko-2 Rating");
        assert_eq!(c.known_formats().len(), 9, "DCI's eight and Blitz");
    }
}
