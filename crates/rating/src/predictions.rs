//! How well a rating predicts results (docs/rating-systems.md): over every game it
//! rates, in order, predict that the player with the higher published
//! rating before the game finishes better. A placement event is every pair
//! of its result rows with different ranks (ratings from before the event);
//! a match is one game (ratings from before the round); a drawn match and
//! a tied placement are not games. Exactly equal ratings are half right.

#[cfg(test)]
use super::Matches;
use super::fenwick::Fenwick;
use super::{DetailRef, History, Row};
use ratings_model::Site;

/// Games predicted, and how many right.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    /// Twice the games predicted right (an equal rating counts one half).
    pub right2: u64,
    /// Games between exactly equal ratings (each counted half right):
    /// newcomers' first games, mostly.
    pub equal: u64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.games += other.games;
        self.right2 += other.right2;
        self.equal += other.equal;
    }

    /// The share right among the games between different ratings, where
    /// the rating did name a favourite (`None`: no such games).
    pub fn decided_share(&self) -> Option<f64> {
        let games = self.games - self.equal;
        (games > 0).then(|| (self.right2 - self.equal) as f64 / 2.0 / games as f64)
    }

    /// The share of games predicted right, 0 to 1 (`None`: no games).
    pub fn share(&self) -> Option<f64> {
        (self.games > 0).then(|| self.right2 as f64 / 2.0 / self.games as f64)
    }

    /// Games right as the CSV writes them: a whole number, or one ending in .5.
    pub fn right(&self) -> String {
        if self.right2.is_multiple_of(2) {
            (self.right2 / 2).to_string()
        } else {
            format!("{}.5", self.right2 / 2)
        }
    }
}

/// A rating's predictions: by calendar year (years with games, in order)
/// and over all years.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Predictions {
    pub years: Vec<(i32, Tally)>,
    pub all: Tally,
}

pub fn predictions(site: &Site, history: &History) -> Predictions {
    let mut out = Predictions::default();
    for (e, range) in history.event_rows.iter().enumerate() {
        let rows = &history.rows[range.clone()];
        let tally = match rows.first().map(|r| r.detail()) {
            None => continue,
            Some(DetailRef::Placement { .. }) => placement(rows),
            Some(DetailRef::Match(_)) => matches(rows),
        };
        if tally.games == 0 {
            continue;
        }
        let year = site.events[e].date.year;
        match out.years.last_mut() {
            Some((y, t)) if *y == year => t.add(tally),
            _ => out.years.push((year, tally)),
        }
        out.all.add(tally);
    }
    out
}

/// Every pair of rows with different ranks: right when the better-ranked
/// player had the higher rating before the event. O(n log n): rows by rank,
/// each compared with the better-ranked ones through counts over ratings.
fn placement(rows: &[Row]) -> Tally {
    let mut ranked: Vec<(u32, f64)> = rows.iter().filter_map(|r| Some((r.rank()?, r.before))).collect();
    ranked.sort_by_key(|r| r.0);
    let mut values: Vec<f64> = ranked.iter().map(|r| r.1).collect();
    values.sort_by(f64::total_cmp);
    values.dedup();
    let coord = |x: f64| values.partition_point(|&v| v < x) as u32;
    let mut better = Fenwick::new(values.len());
    let mut tally = Tally::default();
    let mut i = 0;
    while i < ranked.len() {
        let end = i + ranked[i..].iter().take_while(|r| r.0 == ranked[i].0).count();
        for &(_, rating) in &ranked[i..end] {
            let c = coord(rating);
            let higher = better.above(c) as u64;
            let equal = better.between(c, c + 1) as u64;
            tally.games += better.between(0, values.len() as u32) as u64;
            tally.right2 += 2 * higher + equal;
            tally.equal += equal;
        }
        for &(_, rating) in &ranked[i..end] {
            better.add(coord(rating), 1);
        }
        i = end;
    }
    tally
}

/// Every rated match once (from the side of the player with the lower id),
/// draws left out: right when the winner had the higher rating before the
/// round.
fn matches(rows: &[Row]) -> Tally {
    let mut tally = Tally::default();
    for row in rows {
        let DetailRef::Match(m) = row.detail() else {
            continue;
        };
        let matches = &m.matches;
        for m in matches.iter().filter(|m| row.player < m.opponent && m.score() != 0.5) {
            tally.games += 1;
            tally.equal += u64::from(m.before == m.opponent_before);
            tally.right2 += if m.before == m.opponent_before {
                1
            } else if (m.before > m.opponent_before) == (m.score() == 1.0) {
                2
            } else {
                0
            };
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Detail, MatchLine};

    fn placed(player: u32, rank: u32, before: f64) -> Row {
        Row::new(
            0,
            player,
            before,
            before,
            true,
            None,
            Detail::Placement { rank, score: None },
        )
    }

    #[test]
    fn placement_pairs_by_hand() {
        // Ranks 1, 2, 2, 4 with ratings 50, 60, 40, 40.
        // Pairs with different ranks: (1,2a) 50<60 wrong; (1,2b) 50>40 right;
        // (1,4) 50>40 right; (2a,4) 60>40 right; (2b,4) 40=40 half.
        // 5 games, 3.5 right; the tied pair (2a, 2b) is no game.
        let rows = [
            placed(0, 1, 50.0),
            placed(1, 2, 60.0),
            placed(2, 2, 40.0),
            placed(3, 4, 40.0),
        ];
        let t = placement(&rows);
        assert_eq!((t.games, t.right2, t.equal), (5, 7, 1));
        assert_eq!(t.right(), "3.5");
        assert_eq!(t.share(), Some(0.7));
        // Without the equal pair: 3 right of 4.
        assert_eq!(t.decided_share(), Some(0.75));
    }

    #[test]
    fn placement_equals_the_pairwise_count() {
        let ratings = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0, 5.0, 3.0, 5.0];
        let ranks = [1, 2, 2, 4, 5, 6, 6, 6, 9, 10, 11];
        let rows: Vec<Row> = (0..11)
            .map(|i| placed(i, ranks[i as usize], ratings[i as usize]))
            .collect();
        let mut slow = Tally::default();
        for a in &rows {
            for b in &rows {
                let (ra, rb) = (a.rank().unwrap(), b.rank().unwrap());
                if ra < rb {
                    slow.games += 1;
                    slow.equal += u64::from(a.before == b.before);
                    slow.right2 += if a.before > b.before {
                        2
                    } else if a.before == b.before {
                        1
                    } else {
                        0
                    };
                }
            }
        }
        assert_eq!(placement(&rows), slow);
    }

    #[test]
    fn matches_count_once_and_skip_draws() {
        // A one-game match: won (score 1), drawn (0.5) or lost (0).
        let line = |opponent, score: f64, before, opponent_before| {
            let (wins_a, wins_b) = if score == 0.5 {
                (0, 0)
            } else {
                (score as u16, 1 - score as u16)
            };
            let m = ratings_model::Match {
                a: u32::MAX,
                b: opponent,
                wins_a,
                wins_b,
                draws: (score == 0.5).into(),
            };
            MatchLine::side(&m, 1, true, before, opponent_before, None, None)
        };
        let row = |player, matches| {
            let matches = Box::new(Matches {
                matches,
                byes: Vec::new(),
                wins: 0,
                losses: 0,
                draws: 0,
            });
            Row::new(0, player, 0.0, 0.0, true, None, Detail::Match(matches))
        };
        // 0 (1600) beats 1 (1500): right. 0 draws 2: no game. 3 (1500)
        // beats 1 (1500): half. Each seen from both sides.
        let rows = [
            row(0, vec![line(1, 1.0, 1600.0, 1500.0), line(2, 0.5, 1600.0, 1700.0)]),
            row(1, vec![line(0, 0.0, 1500.0, 1600.0), line(3, 0.0, 1500.0, 1500.0)]),
            row(2, vec![line(0, 0.5, 1700.0, 1600.0)]),
            row(3, vec![line(1, 1.0, 1500.0, 1500.0)]),
        ];
        assert_eq!(
            matches(&rows),
            Tally {
                games: 2,
                right2: 3,
                equal: 1
            }
        );
    }
}
