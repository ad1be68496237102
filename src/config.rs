//! `site.toml`: site settings and the rating systems to publish.

use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::error::Diagnostic;

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
    pub ratings: Vec<RatingConfig>,
}

#[derive(Debug, Clone)]
pub struct RatingConfig {
    pub id: String,
    pub title: String,
    pub system: SystemConfig,
    /// Players without an event in this many years before the latest event
    /// are listed apart as inactive; `None`: everyone stays in the ranking.
    pub active_years: Option<u32>,
}

#[derive(Debug, Clone)]
pub enum SystemConfig {
    DipPouch(DipPouchParams),
    Dci(DciParams),
}

/// rating-systems.md §1.
#[derive(Debug, Clone, PartialEq)]
pub struct DipPouchParams {
    pub initial: f64,
    pub world_championship_value: f64,
    pub one_round_divisor: f64,
    pub multi_round_divisor: f64,
    pub value_offset: f64,
    pub max_value: f64,
    pub rated_from: i32,
}

impl Default for DipPouchParams {
    fn default() -> Self {
        DipPouchParams {
            initial: 40.0,
            world_championship_value: 20.0,
            one_round_divisor: 7.0,
            multi_round_divisor: 3.5,
            value_offset: 2.0,
            max_value: 15.0,
            rated_from: 2001,
        }
    }
}

/// rating-systems.md §2.
#[derive(Debug, Clone, PartialEq)]
pub struct DciParams {
    pub category: String,
    pub formats: Vec<String>,
    pub initial: f64,
    pub provisional_matches: u32,
    /// (upper bound, K): K of the first band whose bound exceeds the rating.
    pub k_bands: Vec<(f64, f64)>,
    pub min_players: u32,
    pub half_k_below: u32,
    pub judge_level_for_full_k: u32,
}

/// DCI D.5.2: the four categories and the formats each one counts.
pub const DCI_CATEGORIES: [(&str, &[&str]); 4] = [
    ("Vintage", &["Type 1", "Type 1.5"]),
    ("Extended", &["Extended", "Extended Block Constructed"]),
    ("Limited", &["Sealed Deck", "Booster Draft"]),
    ("Standard", &["Standard", "Standard Block Constructed"]),
];

impl DciParams {
    pub fn new(category: &str) -> Option<Self> {
        let formats = DCI_CATEGORIES.iter().find(|(c, _)| *c == category)?.1;
        Some(DciParams {
            category: category.to_string(),
            formats: formats.iter().map(|f| f.to_string()).collect(),
            initial: 1600.0,
            provisional_matches: 25,
            k_bands: vec![(2100.0, 32.0), (2400.0, 24.0), (f64::INFINITY, 16.0)],
            min_players: 8,
            half_k_below: 32,
            judge_level_for_full_k: 2,
        })
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
    #[serde(default)]
    allow_html: bool,
    #[serde(default)]
    rating: Vec<Spanned<RatingTable>>,
}

/// Every parameter of every system; each system accepts only its own
/// (so a parameter of the other system is an error that points at it).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RatingTable {
    id: Spanned<String>,
    system: Spanned<String>,
    title: Option<String>,
    active_years: Option<Spanned<i64>>,
    // dip-pouch
    initial: Option<Spanned<f64>>,
    world_championship_value: Option<Spanned<f64>>,
    one_round_divisor: Option<Spanned<f64>>,
    multi_round_divisor: Option<Spanned<f64>>,
    value_offset: Option<Spanned<f64>>,
    max_value: Option<Spanned<f64>>,
    rated_from: Option<Spanned<i64>>,
    // dci
    category: Option<Spanned<String>>,
    formats: Option<Spanned<Vec<String>>>,
    provisional_matches: Option<Spanned<i64>>,
    k_bands: Option<Spanned<Vec<(f64, f64)>>>,
    min_players: Option<Spanned<i64>>,
    half_k_below: Option<Spanned<i64>>,
    judge_level_for_full_k: Option<Spanned<i64>>,
}

/// The parameter keys of each system, for "not a parameter of" messages.
pub const SYSTEMS: [(&str, &[&str]); 2] = [
    (
        "dip-pouch",
        &[
            "initial",
            "world_championship_value",
            "one_round_divisor",
            "multi_round_divisor",
            "value_offset",
            "max_value",
            "rated_from",
        ],
    ),
    (
        "dci",
        &[
            "category",
            "formats",
            "initial",
            "provisional_matches",
            "k_bands",
            "min_players",
            "half_k_below",
            "judge_level_for_full_k",
        ],
    ),
];

/// Collects problems of one file with their positions.
struct Checker<'a> {
    path: &'a Path,
    text: &'a str,
    problems: Vec<Diagnostic>,
}

impl Checker<'_> {
    fn error<T>(&mut self, at: &Spanned<T>, message: impl Into<String>) {
        self.problems
            .push(Diagnostic::at(self.path, self.text, at.span(), message));
    }

    fn finite(&mut self, v: &Option<Spanned<f64>>, key: &str, default: f64, positive: bool) -> f64 {
        let Some(v) = v else { return default };
        let x = *v.get_ref();
        if !x.is_finite() || (positive && x <= 0.0) || x < 0.0 {
            let need = if positive {
                "a finite number > 0"
            } else {
                "a finite number >= 0"
            };
            self.error(v, format!("`{key}` must be {need}, not {x}"));
            return default;
        }
        x
    }

    fn count(&mut self, v: &Option<Spanned<i64>>, key: &str, default: u32) -> u32 {
        let Some(v) = v else { return default };
        match u32::try_from(*v.get_ref()) {
            Ok(n) if n <= 1_000_000 => n,
            _ => {
                self.error(
                    v,
                    format!("`{key}` must be a whole number from 0 to 1000000, not {}", v.get_ref()),
                );
                default
            }
        }
    }
}

/// Parse and validate `site.toml` (`path` is used in messages).
pub fn parse(path: &Path, text: &str) -> Result<SiteConfig, Vec<Diagnostic>> {
    let file: SiteFile = toml::from_str(text).map_err(|e| vec![toml_error(path, text, &e)])?;
    let mut c = Checker {
        path,
        text,
        problems: Vec::new(),
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

    let mut ratings: Vec<RatingConfig> = Vec::new();
    for table in &file.rating {
        if let Some(r) = rating(&mut c, table) {
            if ratings.iter().any(|o| o.id == r.id) {
                c.error(&table.get_ref().id, format!("duplicate rating id `{}`", r.id));
            } else {
                ratings.push(r);
            }
        }
    }
    if file.rating.is_empty() {
        c.problems.push(Diagnostic::new(
            path,
            "no `[[rating]]` table: the site must publish at least one rating",
        ));
    }

    if c.problems.is_empty() {
        Ok(SiteConfig {
            title,
            author: file.author.trim().to_string(),
            output_dir,
            base_url,
            page_size,
            allow_html: file.allow_html,
            ratings,
        })
    } else {
        Err(c.problems)
    }
}

fn rating(c: &mut Checker, table: &Spanned<RatingTable>) -> Option<RatingConfig> {
    let t = table.get_ref();
    let id = t.id.get_ref().clone();
    let id_ok = !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !id_ok {
        c.error(&t.id, format!("rating id {id:?} must match [a-z0-9-]+"));
    }
    let system = t.system.get_ref().as_str();
    let Some((_, accepted)) = SYSTEMS.iter().find(|(name, _)| *name == system) else {
        let known: Vec<&str> = SYSTEMS.iter().map(|(n, _)| *n).collect();
        c.error(
            &t.system,
            format!("unknown rating system {system:?} (known systems: {})", known.join(", ")),
        );
        return None;
    };
    // A parameter of another system is an error at its own position.
    let given: [(&str, Option<std::ops::Range<usize>>); 14] = [
        ("initial", t.initial.as_ref().map(Spanned::span)),
        (
            "world_championship_value",
            t.world_championship_value.as_ref().map(Spanned::span),
        ),
        ("one_round_divisor", t.one_round_divisor.as_ref().map(Spanned::span)),
        ("multi_round_divisor", t.multi_round_divisor.as_ref().map(Spanned::span)),
        ("value_offset", t.value_offset.as_ref().map(Spanned::span)),
        ("max_value", t.max_value.as_ref().map(Spanned::span)),
        ("rated_from", t.rated_from.as_ref().map(Spanned::span)),
        ("category", t.category.as_ref().map(Spanned::span)),
        ("formats", t.formats.as_ref().map(Spanned::span)),
        ("provisional_matches", t.provisional_matches.as_ref().map(Spanned::span)),
        ("k_bands", t.k_bands.as_ref().map(Spanned::span)),
        ("min_players", t.min_players.as_ref().map(Spanned::span)),
        ("half_k_below", t.half_k_below.as_ref().map(Spanned::span)),
        (
            "judge_level_for_full_k",
            t.judge_level_for_full_k.as_ref().map(Spanned::span),
        ),
    ];
    for (key, span) in given {
        if let Some(span) = span
            && !accepted.contains(&key)
        {
            c.problems.push(Diagnostic::at(
                c.path,
                c.text,
                span,
                format!(
                    "`{key}` is not a parameter of system {system:?} (its parameters: {})",
                    accepted.join(", ")
                ),
            ));
        }
    }

    let (system, default_title) = match system {
        "dip-pouch" => {
            let d = DipPouchParams::default();
            let p = DipPouchParams {
                initial: c.finite(&t.initial, "initial", d.initial, false),
                world_championship_value: c.finite(
                    &t.world_championship_value,
                    "world_championship_value",
                    d.world_championship_value,
                    false,
                ),
                one_round_divisor: c.finite(&t.one_round_divisor, "one_round_divisor", d.one_round_divisor, true),
                multi_round_divisor: c.finite(
                    &t.multi_round_divisor,
                    "multi_round_divisor",
                    d.multi_round_divisor,
                    true,
                ),
                value_offset: c.finite(&t.value_offset, "value_offset", d.value_offset, false),
                max_value: c.finite(&t.max_value, "max_value", d.max_value, false),
                rated_from: match &t.rated_from {
                    None => d.rated_from,
                    Some(y) => match i32::try_from(*y.get_ref()) {
                        Ok(y) if (0..=9999).contains(&y) => y,
                        _ => {
                            c.error(
                                y,
                                format!("`rated_from` must be a year from 0 to 9999, not {}", y.get_ref()),
                            );
                            d.rated_from
                        }
                    },
                },
            };
            // A tournament value is the percent of the way a rating moves
            // towards the score: above 100 it would overshoot, so ratings
            // could leave [0, 100].
            for (key, value, span) in [
                (
                    "world_championship_value",
                    p.world_championship_value,
                    &t.world_championship_value,
                ),
                ("max_value", p.max_value, &t.max_value),
            ] {
                if let Some(span) = span
                    && value > 100.0
                {
                    c.error(
                        span,
                        format!("`{key}` must be at most 100 (a tournament value is a percentage), not {value}"),
                    );
                }
            }
            (SystemConfig::DipPouch(p), "Dip Pouch Tournament Rating".to_string())
        }
        _ => {
            let Some(category) = &t.category else {
                c.error(
                    table,
                    "a `dci` rating needs `category` (Vintage, Extended, Limited or Standard)",
                );
                return None;
            };
            let Some(mut p) = DciParams::new(category.get_ref()) else {
                c.error(
                    category,
                    format!(
                        "unknown DCI category {:?} (known categories: Vintage, Extended, Limited, Standard)",
                        category.get_ref()
                    ),
                );
                return None;
            };
            if let Some(formats) = &t.formats {
                let list = formats.get_ref();
                if list.is_empty() || list.iter().any(|f| f.trim().is_empty()) {
                    c.error(formats, "`formats` must list at least one non-empty format");
                }
                p.formats = list.iter().map(|f| f.trim().to_string()).collect();
            }
            p.initial = c.finite(&t.initial, "initial", p.initial, false);
            p.provisional_matches = c.count(&t.provisional_matches, "provisional_matches", p.provisional_matches);
            p.min_players = c.count(&t.min_players, "min_players", p.min_players);
            p.half_k_below = c.count(&t.half_k_below, "half_k_below", p.half_k_below);
            p.judge_level_for_full_k = c.count(
                &t.judge_level_for_full_k,
                "judge_level_for_full_k",
                p.judge_level_for_full_k,
            );
            if let Some(bands) = &t.k_bands {
                let list = bands.get_ref();
                let increasing = list.windows(2).all(|w| w[0].0 < w[1].0);
                let valid = list
                    .iter()
                    .all(|(bound, k)| !bound.is_nan() && k.is_finite() && *k >= 0.0);
                if list.is_empty() || !increasing || !valid || list.last().is_some_and(|b| b.0 != f64::INFINITY) {
                    c.error(
                        bands,
                        "`k_bands` must be [[bound, K], ...] with increasing bounds, K >= 0, and a last bound of inf",
                    );
                } else {
                    p.k_bands = list.clone();
                }
            }
            let title = format!("DCI Rating ({})", p.category);
            (SystemConfig::Dci(p), title)
        }
    };
    let title = t
        .title
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map_or(default_title, str::to_string);
    let active_years = t.active_years.as_ref().and_then(|y| match u32::try_from(*y.get_ref()) {
        Ok(n) if (1..=1000).contains(&n) => Some(n),
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
    id_ok.then_some(RatingConfig {
        id,
        title,
        system,
        active_years,
    })
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
    /// defaults: a format outside this list is a typo.
    pub fn known_formats(&self) -> Vec<String> {
        let mut known: Vec<String> = DCI_CATEGORIES
            .iter()
            .flat_map(|(_, fs)| fs.iter().map(|f| f.to_string()))
            .collect();
        for r in &self.ratings {
            if let SystemConfig::Dci(p) = &r.system {
                known.extend(p.formats.iter().cloned());
            }
        }
        known.sort();
        known.dedup();
        known
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<SiteConfig, Vec<String>> {
        parse(Path::new("site.toml"), text).map_err(|ds| ds.iter().map(|d| d.to_string()).collect())
    }

    #[test]
    fn defaults() {
        let c = parse_str("title = \"T\"\n[[rating]]\nid = \"dp\"\nsystem = \"dip-pouch\"\n").unwrap();
        assert_eq!(c.page_size, 50);
        assert_eq!(c.output_dir, "public");
        let SystemConfig::DipPouch(p) = &c.ratings[0].system else {
            panic!()
        };
        assert_eq!(*p, DipPouchParams::default());
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
        let SystemConfig::DipPouch(p) = &c.ratings[0].system else {
            panic!()
        };
        assert_eq!((p.initial, p.max_value, p.rated_from), (50.0, 12.5, 1990));
        let SystemConfig::Dci(d) = &c.ratings[1].system else {
            panic!()
        };
        assert_eq!(d.formats, vec!["Cube"]);
        assert_eq!(d.k_bands, vec![(2000.0, 40.0), (f64::INFINITY, 20.0)]);
        assert_eq!(d.min_players, 4);
        assert_eq!(d.provisional_matches, 25);
    }

    #[test]
    fn errors_point_at_the_key() {
        let e = parse_str("[[rating]]\nid = \"x\"\nsystem = \"dip-pouch\"\nk_bands = [[1, 2]]\n").unwrap_err();
        assert_eq!(e.len(), 1);
        assert!(
            e[0].starts_with("site.toml:4:11: `k_bands` is not a parameter of system \"dip-pouch\""),
            "{e:?}"
        );
        let e = parse_str("[[rating]]\nid = \"X y\"\nsystem = \"elo\"\n").unwrap_err();
        assert!(e[0].contains("site.toml:2:6: rating id \"X y\" must match"), "{e:?}");
        assert!(e[1].contains("site.toml:3:10: unknown rating system \"elo\""), "{e:?}");
        let e = parse_str(
            "[[rating]]\nid = \"a\"\nsystem = \"dip-pouch\"\n[[rating]]\nid = \"a\"\nsystem = \"dip-pouch\"\n",
        )
        .unwrap_err();
        assert_eq!(e, vec!["site.toml:5:6: duplicate rating id `a`"]);
        let e = parse_str("titel = \"x\"\n").unwrap_err();
        assert!(e[0].starts_with("site.toml:1:1: unknown field `titel`"), "{e:?}");
    }
}
