//! Elo (docs/rating-systems.md, `system = "elo"`): every match is one game,
//! new = old + K (S − E) with E = 1 / (1 + 10^((Rb − Ra) / 400)); a placement
//! event of n players is "all-pairs Elo": each player's change is
//! K / (n − 1) × Σ_j (S_ij − E_ij) over the other players, all from the
//! ratings before the event. The formulas are `skillratings::elo`'s.

use skillratings::Outcomes;
use skillratings::elo::{EloConfig, EloRating, elo, expected_score};

use super::games::{self, Common, Skill};
use super::params::RATING_BOUND;
use super::{Columns, History, Params, RatingSystem, System};
use ratings_model::Site;

pub const SYSTEM: System = System {
    name: "elo",
    keys: &["initial", "k", games::COMMON_KEYS[0], games::COMMON_KEYS[1]],
    configure,
};

#[derive(Debug, Clone, PartialEq)]
pub struct Elo {
    pub initial: f64,
    pub k: f64,
    pub common: Common,
}

/// The largest K: a thousand points for one game, thirty times chess's.
pub const MAX_K: f64 = 1000.0;

fn configure(t: &mut Params) -> Option<Box<dyn RatingSystem>> {
    Some(Box::new(Elo {
        initial: t.between("initial", 1500.0, -RATING_BOUND..=RATING_BOUND),
        k: t.above("k", 32.0, 0.0, MAX_K),
        common: Common::read(t),
    }))
}

/// The outcome of a match for its first player.
pub fn outcome(score: f64) -> Outcomes {
    if score == 1.0 {
        Outcomes::WIN
    } else if score == 0.0 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    }
}

impl Skill for Elo {
    type State = f64;

    fn start(&self) -> f64 {
        self.initial
    }

    fn published(&self, s: &f64) -> f64 {
        *s
    }

    fn deviation(&self, _: &f64) -> Option<f64> {
        None
    }

    fn duel(&self, a: &f64, b: &f64, score_a: f64) -> (f64, f64) {
        let (a, b) = elo(
            &EloRating { rating: *a },
            &EloRating { rating: *b },
            &outcome(score_a),
            &EloConfig { k: self.k },
        );
        (a.rating, b.rating)
    }

    fn k(&self) -> Option<f64> {
        Some(self.k)
    }

    /// All-pairs Elo in O(n log n + d²) for d distinct ratings (a field is
    /// mostly new players at the initial rating): S_i counts the players
    /// ranked below (1) and level (½); E_i sums the expectations against
    /// each distinct rating once.
    fn free_for_all(&self, players: &[(f64, u32)]) -> Vec<f64> {
        let n = players.len();
        let mut ranks: Vec<u32> = players.iter().map(|p| p.1).collect();
        ranks.sort_unstable();
        let mut ratings: Vec<f64> = players.iter().map(|p| p.0).collect();
        ratings.sort_by(f64::total_cmp);
        let mut distinct: Vec<(f64, f64)> = Vec::new();
        for r in ratings {
            match distinct.last_mut() {
                Some((v, count)) if *v == r => *count += 1.0,
                _ => distinct.push((r, 1.0)),
            }
        }
        // Against everyone of every rating, less oneself (E = ½). One call
        // per pair of distinct ratings gives both sides' expectations, as
        // in a match (E_ba = 1 − E_ab).
        let mut expected: Vec<f64> = distinct.iter().map(|&(_, count)| 0.5 * count - 0.5).collect();
        for (i, &(a, count_a)) in distinct.iter().enumerate() {
            let a = EloRating { rating: a };
            for (j, &(b, count_b)) in distinct.iter().enumerate().skip(i + 1) {
                let (e_ab, e_ba) = expected_score(&a, &EloRating { rating: b });
                expected[i] += count_b * e_ab;
                expected[j] += count_a * e_ba;
            }
        }
        players
            .iter()
            .map(|&(rating, rank)| {
                let better = ranks.partition_point(|&r| r < rank) as f64;
                let level = ranks.partition_point(|&r| r <= rank) as f64 - better - 1.0;
                let score = n as f64 - 1.0 - better - level + 0.5 * level;
                let i = distinct.partition_point(|d| d.0 < rating);
                rating + self.k / (n as f64 - 1.0) * (score - expected[i])
            })
            .collect()
    }
}

impl RatingSystem for Elo {
    fn rate(&self, site: &Site) -> History {
        games::rate_games(self, &self.common, site)
    }

    fn default_title(&self) -> String {
        "Elo Rating".to_string()
    }

    /// An all-pairs placement event takes an expectation per pair of
    /// distinct ratings: about n²/2 for n players.
    fn relative_cost(&self) -> u32 {
        2
    }

    /// Whole numbers, as rating bodies publish them: 1524, changes +19.
    fn decimals(&self) -> u8 {
        0
    }

    fn columns(&self) -> Columns {
        Columns {
            matches: false,
            event_value: "",
            k: true,
            deviation: None,
            played: "Events of this rating in which the player was rated.",
            first_is_new: false,
            explained: None,
        }
    }

    fn formats(&self) -> Option<&[String]> {
        self.common.formats.as_deref()
    }

    fn method(&self) -> String {
        format!(
            "The Elo rating (Arpad Elo, 1960s; the rating of chess federations) moves a rating by how much \
             better or worse a player did than expected.\n\n\
             - Every player starts at **{initial}**.\n\
             - **A match** is one game. The expected score of A against B is \
             E = 1 / (1 + 10^((B − A) / 400)); the new rating is A + K × (S − E), with S = 1 for a win, ½ for a \
             draw, 0 for a loss, and K = **{k}**. All matches of a round use the ratings from before the round; \
             byes are not rated.\n\
             - **A placement event** of n players is \"all-pairs Elo\": each player meets every other player \
             once, winning against those ranked below, drawing with those ranked level, and the change is \
             K / (n − 1) × Σ (S − E) over the other players, all with the ratings from before the event. \
             A player alone in an event does not change.\n\n\
             A player 200 points above an opponent is expected to score 0.76; winning gains K × 0.24 = {gain:.2}.\n\n{common}\n",
            initial = self.initial,
            k = self.k,
            gain = self.k * (1.0 - 1.0 / (1.0 + 10f64.powf(-0.5))),
            common = self.common.describe(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elo_k(k: f64) -> Elo {
        Elo {
            initial: 1500.0,
            k,
            common: Common {
                formats: None,
                min_events: 1,
            },
        }
    }

    /// The all-pairs formula written out pair by pair.
    fn by_pairs(k: f64, players: &[(f64, u32)]) -> Vec<f64> {
        let n = players.len() as f64;
        players
            .iter()
            .enumerate()
            .map(|(i, &(r, rank))| {
                let mut sum = 0.0;
                for (j, &(o, other)) in players.iter().enumerate() {
                    if i != j {
                        let s = if rank < other {
                            1.0
                        } else if rank == other {
                            0.5
                        } else {
                            0.0
                        };
                        sum += s - 1.0 / (1.0 + 10f64.powf((o - r) / 400.0));
                    }
                }
                r + k / (n - 1.0) * sum
            })
            .collect()
    }

    #[test]
    fn a_match_moves_by_k_times_the_surprise() {
        // Equal ratings: E = ½, a win gains K/2 = 16.
        assert_eq!(elo_k(32.0).duel(&1500.0, &1500.0, 1.0), (1516.0, 1484.0));
        // 1700 vs 1500: E = 1/(1+10^-0.5) = 0.759746926647958; the underdog's
        // win gains 32 × 0.759746926647958 = 24.31190165273466.
        let (a, b) = elo_k(32.0).duel(&1500.0, &1700.0, 1.0);
        assert!((a - 1524.311901652735).abs() < 1e-9, "{a}");
        assert!((b - 1675.688098347265).abs() < 1e-9, "{b}");
        // A draw between them moves both towards each other by the same.
        let (a, b) = elo_k(32.0).duel(&1500.0, &1700.0, 0.5);
        assert!((a - 1508.311901652735).abs() < 1e-9 && (b - 1691.688098347265).abs() < 1e-9);
    }

    #[test]
    fn all_pairs_elo_by_hand() {
        // Three new players, ranks 1, 2, 3: every E is ½; S = 2, 1, 0 over
        // two opponents; change = 32/2 × (S − 1) = +16, 0, −16.
        let e = elo_k(32.0);
        assert_eq!(
            e.free_for_all(&[(1500.0, 1), (1500.0, 2), (1500.0, 3)]),
            [1516.0, 1500.0, 1484.0]
        );
        // A tie for first: S = 1.5, 1.5, 0 → +8, +8, −16.
        assert_eq!(
            e.free_for_all(&[(1500.0, 1), (1500.0, 1), (1500.0, 3)]),
            [1508.0, 1508.0, 1484.0]
        );
    }

    #[test]
    fn all_pairs_elo_equals_the_pairwise_sum() {
        let players = [
            (1612.5, 3),
            (1500.0, 1),
            (1500.0, 2),
            (1733.25, 2),
            (1401.0, 5),
            (1500.0, 5),
            (1612.5, 7),
        ];
        let fast = elo_k(24.0).free_for_all(&players);
        let slow = by_pairs(24.0, &players);
        for (f, s) in fast.iter().zip(&slow) {
            assert!((f - s).abs() < 1e-9, "{fast:?} vs {slow:?}");
        }
        // The changes sum to zero: points move between players.
        let total: f64 = fast.iter().zip(&players).map(|(f, p)| f - p.0).sum();
        assert!(total.abs() < 1e-9);
    }
}
