//! The ratings a site publishes: each `[[rating]]` table of `site.toml`
//! with the system it names, configured by `ratings_rating` from the
//! table's parameters.

use std::path::PathBuf;
use std::sync::Arc;

use ratings_config::RatingTable;
use ratings_model::error::{Diagnostic, FirstShown};
use ratings_rating::RatingSystem;

/// One rating of the site.
#[derive(Debug, Clone)]
pub struct Rating {
    pub id: String,
    /// The table's `title`, else the system's default title.
    pub title: String,
    /// The system with its parameters (see `ratings_rating::SYSTEMS`).
    pub system: Arc<dyn RatingSystem>,
    /// Players without an event in this many years before the latest event
    /// are listed apart as inactive; `None`: everyone stays in the ranking.
    pub active_years: Option<u32>,
    /// Decimals of ratings and changes on pages: the table's `decimals`,
    /// else the system's.
    pub decimals: u8,
    /// `site.toml` as messages name it, and the line and column of the
    /// table's `[[rating]]`: for problems found after reading (a value the
    /// system could not compute).
    pub file: PathBuf,
    pub position: (usize, usize),
}

impl Rating {
    /// An error about this rating, at its `[[rating]]` table.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            path: self.file.clone(),
            position: Some(self.position),
            message: message.into(),
        }
    }
}

/// Every table with its system, in order; or every problem of every table.
pub fn configure(tables: &[RatingTable]) -> Result<Vec<Rating>, FirstShown> {
    let mut problems = FirstShown::default();
    let mut ratings = Vec::with_capacity(tables.len());
    for table in tables {
        match ratings_rating::configure(table) {
            Ok(system) => ratings.push(Rating {
                decimals: table.decimals.unwrap_or_else(|| system.decimals()),
                id: table.id.clone(),
                title: table.title.clone().unwrap_or_else(|| system.default_title()),
                system: Arc::from(system),
                active_years: table.active_years,
                file: table.file.clone(),
                position: table.position(),
            }),
            Err(kept) => problems.append(kept),
        }
    }
    if problems.is_empty() {
        Ok(ratings)
    } else {
        Err(problems)
    }
}

/// Every event `format` some rating of this site counts, plus the DCI
/// defaults: a format outside this list is a typo. Empty (nothing to
/// check against) when no rating filters events by format: a chess club's
/// "Rapid" and "Blitz" are then as good as any.
pub fn known_formats(ratings: &[Rating]) -> Vec<String> {
    if ratings.iter().all(|r| r.system.formats().is_none()) {
        return Vec::new();
    }
    let mut known: Vec<String> = ratings_rating::dci::DCI_CATEGORIES
        .iter()
        .flat_map(|(_, fs)| fs.iter().map(|f| f.to_string()))
        .collect();
    for r in ratings {
        known.extend(r.system.formats().into_iter().flatten().cloned());
    }
    known.sort();
    known.dedup();
    known
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratings_rating::dci::{Dci, DciParams};
    use ratings_rating::dip_pouch::{DipPouch, DipPouchParams};
    use std::path::Path;

    /// `site.toml` read and its ratings configured, as `load` does.
    #[derive(Debug)]
    struct Parsed {
        config: ratings_config::SiteConfig,
        ratings: Vec<Rating>,
    }

    fn parse_str(text: &str) -> Result<Parsed, Vec<String>> {
        let shown = |ds: Vec<Diagnostic>| -> Vec<String> {
            ratings_model::error::Errors::sorted(ds)
                .shown()
                .iter()
                .map(|d| d.to_string())
                .collect()
        };
        match ratings_config::parse(Path::new("site.toml"), text) {
            Ok(config) => {
                let ratings = configure(&config.ratings).map_err(|kept| shown(kept.into_sorted("error")))?;
                Ok(Parsed { config, ratings })
            }
            Err(mut invalid) => {
                invalid.problems.extend(
                    configure(&invalid.ratings)
                        .err()
                        .map(|kept| kept.into_sorted("error"))
                        .unwrap_or_default(),
                );
                Err(shown(invalid.problems))
            }
        }
    }

    #[test]
    fn defaults() {
        let c = parse_str("title = \"T\"\n[[rating]]\nid = \"dp\"\nsystem = \"dip-pouch\"\n").unwrap();
        assert_eq!(c.config.page_size, 50);
        assert_eq!(c.config.output_dir, "public");
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
                "site.toml:4:5: `k` must be a number above 0 and at most 1000, not 1e308",
                "site.toml:5:11: `initial` must be a number from -1000000 to 1000000, not -1000001"
            ]
        );
        assert_eq!(
            one("system = \"glicko2\"\ntau = 1e-9\ninitial_volatility = 1e155\n"),
            [
                "site.toml:4:7: `tau` must be 0 or a number from 0.001 to 10, not 1e-9",
                "site.toml:5:22: `initial_volatility` must be a number from 0.0001 to 1, not 1e155"
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
        assert_eq!(known_formats(&c.ratings).len(), 9, "DCI's eight and Blitz");
    }
}
