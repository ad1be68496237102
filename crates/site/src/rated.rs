//! One rating of a site, rated: its history and everything derived from it
//! that pages, downloads and search show (rankings split by activity, each
//! player's rows, the timeline, nation groups). Pages only shape it for
//! display.

use std::collections::BTreeMap;

use crate::Site;
use crate::ratings::Rating;
use ratings_model::country;
use ratings_model::error::Diagnostic;
use ratings_model::format::{Rounded, RoundedChange};
use ratings_model::{Date, PlayerId};
use ratings_rating::timeline::{self, Timeline};
use ratings_rating::{History, RankEntry, Row};

pub struct Rated<'a> {
    pub config: &'a Rating,
    /// Some event has a value ([`Rated::has_event_values`]).
    has_event_values: bool,
    pub history: History,
    /// The ranking: with `active_years`, the active players only.
    pub ranking: Vec<RankEntry>,
    /// With `active_years`: the ranked players outside the window, ranked
    /// among themselves.
    pub inactive: Vec<RankEntry>,
    /// By player id: index into `ranking`.
    pub position: Vec<Option<u32>>,
    /// By player id: index into `inactive`.
    pub inactive_position: Vec<Option<u32>>,
    /// Rank at the time, movement, year-end rankings, number ones.
    pub timeline: Timeline,
    /// Date of the latest event with rows in this rating.
    pub latest: Option<Date>,
    /// By player id: indices into `history.rows` (CSR: `offsets[p]..offsets[p+1]`).
    row_offsets: Vec<u32>,
    row_index: Vec<u32>,
    /// Nationalities present in the ranking, sorted by name.
    pub nations: Vec<Nation>,
    /// Their slugs, sorted: whether a nationality has a national ranking is
    /// found by halving (a scan of `nations` on every player page and
    /// every code of every ranking page was players × nations: 160,000
    /// players of distinct codes took 83 s).
    nation_slugs: Vec<String>,
}

/// The players of one nationality in a rating's ranking.
pub struct Nation {
    /// The country's name, or the code as written when it is not a known one.
    pub name: String,
    /// The code as most players of the nation write it ("NL", "NED").
    pub code: String,
    pub slug: String,
    /// Indices into the rating's `ranking`, best first.
    pub members: Vec<u32>,
}

impl<'a> Rated<'a> {
    /// Rate the site with `config`'s system and derive what pages show.
    ///
    /// The one check of the rate stage: a history with a value that is not
    /// a finite number is an error at the rating's `[[rating]]` table,
    /// never a NaN or an infinity on a page (nor a rank computed from one).
    /// The parameters' ranges keep the systems finite (`tests/fuzz.rs`
    /// samples their corners); this catches what they would miss.
    pub fn new(site: &Site, config: &'a Rating) -> Result<Self, Diagnostic> {
        let history = config.system.rate(&site.model);
        if let Some(bad) = history.first_non_finite() {
            return Err(config.error(format!(
                "rating {:?} cannot be published: {}. Its parameters take the system beyond what it can \
                 compute; bring them nearer the defaults",
                config.id,
                bad.describe(&site.model)
            )));
        }
        Ok(Rated::from_history(site, config, history))
    }

    pub fn from_history(site: &Site, config: &'a Rating, history: History) -> Self {
        let latest = history.rows.last().map(|r| site.model.events[r.event()].date);
        let timeline = timeline::timeline(&site.model, &history, config.active_years, site.config.page_size);
        let (mut ranking, mut inactive): (Vec<RankEntry>, Vec<RankEntry>) =
            ratings_rating::ranking(&site.model, &history)
                .into_iter()
                .partition(|e| timeline.active[e.player as usize]);
        ratings_rating::assign_ranks(&mut ranking);
        ratings_rating::assign_ranks(&mut inactive);
        let position = positions(site.model.players.len(), &ranking);
        let inactive_position = positions(site.model.players.len(), &inactive);
        let (row_offsets, row_index) = rows_by_player(site.model.players.len(), &history.rows);
        let nations = nations(site, &ranking);
        let mut nation_slugs: Vec<String> = nations.iter().map(|n| n.slug.clone()).collect();
        nation_slugs.sort_unstable();
        Rated {
            has_event_values: history.events.iter().any(|e| e.value.is_some()),
            config,
            history,
            ranking,
            inactive,
            position,
            inactive_position,
            timeline,
            latest,
            row_offsets,
            row_index,
            nations,
            nation_slugs,
        }
    }

    /// Whether the nationality of slug `slug` has a national ranking here.
    pub fn has_nation(&self, slug: &str) -> bool {
        self.nation_slugs.binary_search_by(|s| s.as_str().cmp(slug)).is_ok()
    }

    /// Whether the rating after `row` is provisional (DCI: the player's
    /// last match in the event was rated with the provisional formula). A
    /// provisional rating is no peak and no record.
    pub fn provisional_row(&self, row: &Row) -> bool {
        self.columns().matches
            && matches!(row.detail(), ratings_rating::DetailRef::Match(m) if m.matches.last().is_some_and(|l| l.k().is_none()))
    }

    /// The player's rows in event order.
    pub fn rows_of(&self, player: PlayerId) -> impl Iterator<Item = &Row> {
        self.row_indices_of(player).map(|i| &self.history.rows[i])
    }

    /// Indices into `history.rows` of the player's rows, in event order.
    pub fn row_indices_of(&self, player: PlayerId) -> impl Iterator<Item = usize> + '_ {
        let p = player as usize;
        self.row_index[self.row_offsets[p] as usize..self.row_offsets[p + 1] as usize]
            .iter()
            .map(|&i| i as usize)
    }

    /// Whether some event has a value in this rating (Dip Pouch's).
    pub fn has_event_values(&self) -> bool {
        self.has_event_values
    }

    pub fn id(&self) -> &str {
        &self.config.id
    }

    /// A rating (or deviation) as this rating's pages show it: the
    /// system's decimals or the table's `decimals`.
    pub fn shown(&self, value: f64) -> Rounded {
        Rounded {
            value,
            places: self.config.decimals,
        }
    }

    /// A change as this rating's pages show it: "+19", "-3.10".
    pub fn change(&self, value: f64) -> RoundedChange {
        RoundedChange {
            value,
            places: self.config.decimals,
        }
    }

    /// The ranking's name: "International ranking" where the ranked
    /// players' nationalities name more than one country, else "Ranking"
    /// (a club's ranking is not international).
    pub fn ranking_name(&self) -> &'static str {
        if self.nations.len() > 1 {
            "International ranking"
        } else {
            "Ranking"
        }
    }

    /// What the system's pages show beside the rating.
    pub fn columns(&self) -> ratings_rating::Columns {
        self.config.system.columns()
    }

    /// Number of ranking pages (at least one, even when empty).
    pub fn ranking_pages(&self, page_size: usize) -> usize {
        self.ranking.len().div_ceil(page_size).max(1)
    }
}

/// By player id: the index of the player's entry in `entries`.
fn positions(players: usize, entries: &[RankEntry]) -> Vec<Option<u32>> {
    let mut position = vec![None; players];
    for (i, e) in entries.iter().enumerate() {
        position[e.player as usize] = Some(i as u32);
    }
    position
}

/// Each player's rows, in event order, as compressed sparse rows: the
/// offsets by player and the row indices.
fn rows_by_player(players: usize, rows: &[Row]) -> (Vec<u32>, Vec<u32>) {
    let mut offsets = vec![0u32; players + 1];
    for row in rows {
        offsets[row.player as usize + 1] += 1;
    }
    for i in 1..offsets.len() {
        offsets[i] += offsets[i - 1];
    }
    let mut fill = offsets.clone();
    let mut index = vec![0u32; rows.len()];
    for (i, row) in rows.iter().enumerate() {
        let slot = &mut fill[row.player as usize];
        index[*slot as usize] = i as u32;
        *slot += 1;
    }
    (offsets, index)
}

/// Nationalities that name one country (`NL`, `NLD`, `NED`) or differ only
/// in case or spacing (`us`, `US`) are one nation with one page. A known
/// country shows its name; any other code its most common spelling (ties:
/// byte order), so the result does not depend on which player comes first.
fn nations(site: &Site, ranking: &[RankEntry]) -> Vec<Nation> {
    let mut by_spelling: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
    for (i, e) in ranking.iter().enumerate() {
        let nat = site.model.player(e.player).nat.as_ref();
        if !nat.is_empty() {
            by_spelling.entry(nat).or_default().push(i as u32);
        }
    }
    // Per nation key: its spellings with their counts, and its members.
    type Spellings<'s> = Vec<(&'s str, usize)>;
    let mut by_key: BTreeMap<String, (Spellings, Vec<u32>)> = BTreeMap::new();
    for (nat, members) in by_spelling {
        let (spellings, all) = by_key.entry(country::nation_key(nat)).or_default();
        spellings.push((nat, members.len()));
        all.extend(members);
    }
    let mut nations: Vec<Nation> = by_key
        .into_iter()
        .map(|(key, (spellings, mut members))| {
            members.sort_unstable();
            let spelling = spellings
                .iter()
                .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(a.0)))
                .map(|(s, _)| *s)
                .unwrap_or_default();
            Nation {
                name: country::name_of(spelling).to_string(),
                code: spelling.to_string(),
                slug: site.nation_slug_of_key(&key),
                members,
            }
        })
        .collect();
    nations.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.slug.cmp(&b.slug)));
    nations
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use ratings_rating::testing::event;
    use ratings_rating::{Columns, Detail, RatingSystem, Standing};

    /// A system whose arithmetic gives `bad` as P01's rating after the
    /// second event, or as P00's deviation at the end.
    #[derive(Debug)]
    struct Faulty {
        bad: f64,
        in_standings: bool,
    }

    impl RatingSystem for Faulty {
        fn rate(&self, _site: &ratings_model::Site) -> History {
            let mut history = History::for_events(2, 3);
            let placed = |rank| Detail::Placement { rank, score: None };
            let (after, deviation) = if self.in_standings {
                (1490.0, self.bad)
            } else {
                (self.bad, 30.0)
            };
            for (event, rows) in [vec![(0, 1500.0, 1510.0)], vec![(0, 1510.0, 1520.0), (1, 1500.0, after)]]
                .into_iter()
                .enumerate()
            {
                let start = history.rows.len();
                for (rank, &(player, before, after)) in rows.iter().enumerate() {
                    let row = Row::new(event, player, before, after, true, None, placed(rank as u32 + 1));
                    history.rows.push(row);
                }
                ratings_rating::games::close_event(&mut history, start, None);
            }
            let standing = |rating, deviation| Standing {
                rating,
                events: 1,
                matches: 0,
                provisional: false,
                ranked: true,
                deviation: Some(deviation),
            };
            history.standings = vec![Some(standing(1520.0, deviation)), Some(standing(after, 30.0))];
            history
        }
        fn default_title(&self) -> String {
            "Faulty".to_string()
        }
        fn columns(&self) -> Columns {
            Columns::default()
        }
        fn method(&self) -> String {
            String::new()
        }
    }

    fn config(bad: f64, in_standings: bool) -> Rating {
        Rating {
            id: "faulty".to_string(),
            title: "Faulty".to_string(),
            system: Arc::new(Faulty { bad, in_standings }),
            active_years: None,
            decimals: 2,
            file: "site.toml".into(),
            position: (7, 1),
        }
    }

    /// The rate stage's guard: a value that is not a finite number is one
    /// error at the `[[rating]]` table, naming the player, the value and
    /// the event, and nothing is derived from it.
    #[test]
    fn a_value_that_is_not_finite_is_an_error_at_the_rating_table() {
        let model = ratings_rating::testing::site(
            2,
            vec![event("spring", 8, 2, Vec::new()), event("summer", 8, 2, Vec::new())],
        );
        let settings = "[[rating]]\nid = \"x\"\nsystem = \"elo\"\n";
        let site = Site {
            config: ratings_config::parse(std::path::Path::new("site.toml"), settings).unwrap(),
            ratings: Vec::new(),
            model,
            nation_slugs: Default::default(),
        };
        let error = |config: &Rating| Rated::new(&site, config).err().map(|e| e.to_string());
        assert_eq!(
            error(&config(f64::NAN, false)).as_deref(),
            Some(
                "site.toml:7:1: rating \"faulty\" cannot be published: P01's rating after the event \"summer\" \
                 (data/summer.toml) is NaN. Its parameters take the system beyond what it can compute; bring \
                 them nearer the defaults"
            )
        );
        let message = error(&config(f64::NEG_INFINITY, false)).unwrap();
        assert!(
            message.contains("P01's rating after the event \"summer\" (data/summer.toml) is -inf."),
            "{message}"
        );
        let message = error(&config(f64::INFINITY, true)).unwrap();
        assert!(message.contains(": P00's current deviation is inf."), "{message}");
        // The same system with finite numbers is rated.
        let good = config(1490.0, false);
        let rated = Rated::new(&site, &good).expect("finite");
        assert_eq!(
            rated.ranking.iter().map(|e| e.rating).collect::<Vec<_>>(),
            [1520.0, 1490.0]
        );
    }
}
