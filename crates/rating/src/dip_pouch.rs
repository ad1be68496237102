//! Dip Pouch Tournament Rating (docs/rating-systems.md, "Dip Pouch Tournament Rating").

use super::{Columns, Detail, EventRating, History, Params, RatingSystem, Row, Standing, System};
use ratings_model::{Event, Site};

pub const SYSTEM: System = System {
    name: "dip-pouch",
    keys: &[
        "initial",
        "world_championship_value",
        "one_round_divisor",
        "multi_round_divisor",
        "value_offset",
        "max_value",
        "rated_from",
    ],
    configure,
};

/// docs/rating-systems.md, "Dip Pouch Tournament Rating".
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

impl DipPouchParams {
    /// The tournament value of an event: the world championship's, 0 before
    /// `rated_from`, else players / divisor (one round or more) + offset, at
    /// most `max_value`.
    pub fn value(&self, world_championship: bool, year: i32, players: u32, one_round: bool) -> f64 {
        if world_championship {
            return self.world_championship_value;
        }
        if year < self.rated_from {
            return 0.0;
        }
        let divisor = if one_round {
            self.one_round_divisor
        } else {
            self.multi_round_divisor
        };
        (f64::from(players) / divisor + self.value_offset).min(self.max_value)
    }
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

/// The largest divisor: N / 1,000,000 is about 0 for any real field.
const MAX_DIVISOR: f64 = 1_000_000.0;

fn configure(t: &mut Params) -> Option<Box<dyn RatingSystem>> {
    let d = DipPouchParams::default();
    // Ratings are percentile scores, 0 to 100, and a tournament value is
    // the percent of the way a rating moves towards the score: above 100 it
    // would overshoot, so ratings could leave [0, 100]. Within these ranges
    // every rating stays in [0, 100].
    let p = DipPouchParams {
        initial: t.between("initial", d.initial, 0.0..=100.0),
        world_championship_value: t.between("world_championship_value", d.world_championship_value, 0.0..=100.0),
        one_round_divisor: t.above("one_round_divisor", d.one_round_divisor, 0.0, MAX_DIVISOR),
        multi_round_divisor: t.above("multi_round_divisor", d.multi_round_divisor, 0.0, MAX_DIVISOR),
        value_offset: t.between("value_offset", d.value_offset, 0.0..=100.0),
        max_value: t.between("max_value", d.max_value, 0.0..=100.0),
        rated_from: t.whole("rated_from", i64::from(d.rated_from), 0..=9999, "a year from 0 to 9999") as i32,
    };
    Some(Box::new(DipPouch(p)))
}

#[derive(Debug)]
pub struct DipPouch(pub DipPouchParams);

/// Percentile score of rank `rank` among `players`:
/// `(N + 0.5 - r) / N * 100`.
pub fn percentile(players: u32, rank: u32) -> f64 {
    let n = f64::from(players);
    (n + 0.5 - f64::from(rank)) / n * 100.0
}

impl DipPouch {
    /// Tournament value ("Coeff 1" on the seed pages): 20 for a World
    /// Championship whatever the year; 0 before `rated_from`; else
    /// `min(15, N / 7 + 2)` for one round, `min(15, N / 3.5 + 2)` for more.
    pub fn tournament_value(&self, event: &Event) -> f64 {
        self.0.value(
            event.world_championship,
            event.date.year,
            event.players,
            event.rounds == Some(1),
        )
    }
}

/// New rating: old + v / 100 * (p - old).
pub fn update(old: f64, value: f64, percentile: f64) -> f64 {
    old + value / 100.0 * (percentile - old)
}

impl RatingSystem for DipPouch {
    fn default_title(&self) -> String {
        "Dip Pouch Tournament Rating".to_string()
    }

    fn chart_span(&self) -> f64 {
        // Ratings are percentiles, 0 to 100, moving a few points an event.
        10.0
    }

    fn columns(&self) -> Columns {
        Columns {
            matches: false,
            event_value: "Value",
            k: false,
            deviation: None,
            played: "Events of this rating in which the player has a result row, including events of value 0.",
            first_is_new: false,
            explained: None,
        }
    }

    fn method(&self) -> String {
        let p = &self.0;
        format!(
            "The Dip Pouch Tournament Rating (as published on the World Diplomacy Database) rates \
             Diplomacy players on their final placements.\n\n\
             - Every player starts at **{initial}**.\n\
             - A placement becomes a **percentile score**: rank *r* of *N* players scores \
             (*N* + 0.5 − *r*) / *N* × 100 (so 1st of 65 scores 99.23, 8th of 65 scores 88.46). Tied \
             players share the best rank.\n\
             - Each event has a **tournament value** *v*: {wc} for a World Championship; 0 before {from}; \
             otherwise *N* / {one} + {offset} for a one-round event and *N* / {multi} + {offset} for more \
             rounds, at most {max}.\n\
             - The new rating moves *v* percent of the way to the score: \
             new = old + *v* / 100 × (score − old).\n\n\
             Worked example: rating 55, 8th of 65 players in a multi-round event. The score is 88.46; \
             the value 65 / 3.5 + 2 = 20.57 is capped at 15; the new rating is 55 + 0.15 × 33.46 = 60.02.\n\n\
             The ranking lists every player with at least one event of value above 0, best first; equal \
             ratings share a rank.\n",
            initial = p.initial,
            wc = p.world_championship_value,
            from = p.rated_from,
            one = p.one_round_divisor,
            multi = p.multi_round_divisor,
            offset = p.value_offset,
            max = p.max_value,
        )
    }

    fn rate(&self, site: &Site) -> History {
        let initial = self.0.initial;
        let mut rating: Vec<Option<f64>> = vec![None; site.players.len()];
        let mut counted: Vec<u32> = vec![0; site.players.len()];
        let mut history = History::for_events(site.events.len(), site.events.iter().map(|e| e.results.len()).sum());
        for (index, event) in site.events.iter().enumerate() {
            let start = history.rows.len();
            if event.results.is_empty() {
                history.push_not_included(None);
                continue;
            }
            let value = self.tournament_value(event);
            // A player appears once per event, so updating in place uses
            // every player's rating from before the event.
            for r in &event.results {
                let p = r.player as usize;
                let before = rating[p].unwrap_or(initial);
                let percentile = percentile(event.players, r.rank);
                let after = update(before, value, percentile);
                rating[p] = Some(after);
                if value > 0.0 {
                    counted[p] += 1;
                }
                history.rows.push(Row::new(
                    index,
                    r.player,
                    before,
                    after,
                    value > 0.0,
                    None,
                    Detail::Placement {
                        rank: r.rank,
                        score: Some(percentile),
                    },
                ));
            }
            // Rows of an event by rank, then by name, as the seed pages list them.
            history.rows[start..].sort_by(|a, b| {
                a.rank().cmp(&b.rank()).then_with(|| {
                    site.player(a.player)
                        .display
                        .as_bytes()
                        .cmp(site.player(b.player).display.as_bytes())
                })
            });
            history.event_rows.push(start..history.rows.len());
            let note = (value == 0.0).then(|| {
                if event.date.year < self.0.rated_from {
                    format!(
                        "Events before {} (except World Championships) have value 0.",
                        self.0.rated_from
                    )
                } else {
                    "Tournament value 0: ratings do not change.".to_string()
                }
            });
            history.events.push(EventRating {
                included: true,
                value: Some(value),
                note,
            });
        }
        history.standings = rating
            .iter()
            .zip(&counted)
            .map(|(r, &events)| {
                r.map(|rating| Standing {
                    rating,
                    events,
                    matches: 0,
                    provisional: false,
                    ranked: events > 0,
                    deviation: None,
                })
            })
            .collect();
        history
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round2(x: f64) -> String {
        ratings_model::format::fixed2(x)
    }

    #[test]
    fn worked_example_from_the_rules() {
        // 55 before, 8th of 65 in a multi-round event → 60.019.
        let p = percentile(65, 8);
        assert_eq!(round2(p), "88.46");
        let value = (65.0 / 3.5 + 2.0_f64).min(15.0);
        assert_eq!(value, 15.0);
        let after = update(55.0, value, p);
        assert!((after - 60.019_230_769).abs() < 1e-9, "{after}");
    }

    #[test]
    fn seed_scores() {
        assert_eq!(round2(percentile(84, 1)), "99.40");
        assert_eq!(round2(percentile(84, 52)), "38.69");
        assert_eq!(round2(percentile(45, 1)), "98.89");
        assert_eq!(round2(percentile(45, 40)), "12.22");
        assert_eq!(round2(percentile(88, 6)), "93.75");
        assert_eq!(round2(percentile(88, 73)), "17.61");
    }
}
