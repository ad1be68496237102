//! Elo (docs/rating-systems.md, `system = "elo"`): every match is one game,
//! new = old + K (S − E) with E = 1 / (1 + 10^((Rb − Ra) / 400)); a placement
//! event of n players is "all-pairs Elo": each player's change is
//! K / (n − 1) × Σ_j (S_ij − E_ij) over the other players, all from the
//! ratings before the event. The formulas are `skillratings::elo`'s.

use skillratings::Outcomes;
use skillratings::elo::{EloConfig, EloRating, elo, expected_score};

use super::games::{self, Common, Skill};
use super::params::RATING_BOUND;
use super::{Belief, Columns, History, Parameter, Params, RatingSystem, System};
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

/// Elo's expectation: the chance that a player rated `a` finishes better
/// than one rated `b`, 1 / (1 + 10^((b − a) / 400)).
pub fn chance(a: f64, b: f64) -> f64 {
    // 10^x as e^(x ln 10): the same to a few units in the last place, and
    // quicker (the predictions page takes a chance per pair of players).
    1.0 / (1.0 + ((b - a) * (std::f64::consts::LN_10 / 400.0)).exp())
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

    /// All-pairs Elo in O(n log n): S_i counts the players ranked below (1)
    /// and level (½); E_i sums the expectations against each distinct rating
    /// ([`expected_sums`]).
    fn free_for_all(&self, players: &[(f64, u32)]) -> Vec<f64> {
        let n = players.len();
        let mut ranks: Vec<u32> = players.iter().map(|p| p.1).collect();
        ranks.sort_unstable();
        let distinct = distinct_ratings(players.iter().map(|p| p.0).collect());
        // Against everyone of every rating, less oneself (E = ½).
        let expected: Vec<f64> = expected_sums(&distinct).into_iter().map(|e| e - 0.5).collect();
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

/// The distinct values of `ratings`, sorted, each with its count.
pub fn distinct_ratings(mut ratings: Vec<f64>) -> Vec<(f64, f64)> {
    ratings.sort_by(f64::total_cmp);
    let mut distinct: Vec<(f64, f64)> = Vec::new();
    for r in ratings {
        match distinct.last_mut() {
            Some((v, count)) if *v == r => *count += 1.0,
            _ => distinct.push((r, 1.0)),
        }
    }
    distinct
}

/// Above this many distinct ratings an event's expectations are summed by
/// [`binned_sums`] instead of pair by pair.
const EXACT_UP_TO: usize = 2048;

/// For each distinct rating `x_i` (sorted, with its count `c_i`), the
/// expected score against everyone at every rating, oneself included:
/// Σ_j c_j E(x_i, x_j). Pair by pair for up to [`EXACT_UP_TO`] distinct
/// ratings (one call per pair gives both sides, E_ba = 1 − E_ab, as in a
/// match), else [`binned_sums`], which agrees to 1e-9 (tested).
pub fn expected_sums(distinct: &[(f64, f64)]) -> Vec<f64> {
    if distinct.len() > EXACT_UP_TO {
        return binned_sums(distinct);
    }
    let mut expected: Vec<f64> = distinct.iter().map(|&(_, count)| 0.5 * count).collect();
    for (i, &(a, count_a)) in distinct.iter().enumerate() {
        let a = EloRating { rating: a };
        for (j, &(b, count_b)) in distinct.iter().enumerate().skip(i + 1) {
            let (e_ab, e_ba) = expected_score(&a, &EloRating { rating: b });
            expected[i] += count_b * e_ab;
            expected[j] += count_a * e_ba;
        }
    }
    expected
}

/// Width of a bin of [`binned_sums`], in rating points.
const BIN: f64 = 4.0;
/// Order of its Taylor expansion: the first term left out is below
/// (ln 10 / 400 × BIN)^6 / 6! ≈ 2e-13 per pair.
const ORDER: usize = 5;
/// Rating differences beyond which E is 1 or 0 to the last bit of an f64
/// (10^(-7000/400) = 3e-18).
const FAR: f64 = 7000.0 + BIN;

/// [`expected_sums`] in O(d log d + d × FAR / BIN) for d distinct ratings:
/// linear in the players, however many distinct ratings an event has.
///
/// E(x, y) = σ(a (x − y)) with σ the logistic function and a = ln 10 / 400.
/// Ratings fall into bins of [`BIN`] points; with x = c_A + δ and
/// y = c_B + ε around the bins' centres, σ(a (D + δ − ε)) for D = c_A − c_B
/// is its Taylor series in δ − ε to [`ORDER`], so a pair of bins needs
/// only the bins' moments Σ c ε^m, and each rating a polynomial in its δ.
/// Bins further apart than [`FAR`] count 1 (below) or 0 (above) exactly.
pub fn binned_sums(distinct: &[(f64, f64)]) -> Vec<f64> {
    let a = std::f64::consts::LN_10 / 400.0;
    // σ^(k) as a polynomial in s = σ: σ' = s (1 − s), so
    // p_{k+1}(s) = p_k'(s) × (s − s²).
    let mut derivative = [[0.0f64; ORDER + 2]; ORDER + 1];
    derivative[0][1] = 1.0;
    for k in 0..ORDER {
        let p = derivative[k];
        for (m, &coef) in p.iter().enumerate().skip(1) {
            let d = coef * m as f64; // d/ds of coef × s^m is m coef s^(m−1)
            derivative[k + 1][m] += d;
            if m + 1 < ORDER + 2 {
                derivative[k + 1][m + 1] -= d;
            }
        }
    }
    let mut scale = [1.0f64; ORDER + 1]; // a^k / k!
    for k in 1..=ORDER {
        scale[k] = scale[k - 1] * a / k as f64;
    }
    let mut binomial = [[0.0f64; ORDER + 1]; ORDER + 1];
    for k in 0..=ORDER {
        binomial[k][0] = 1.0;
        for m in 1..=k {
            binomial[k][m] = binomial[k - 1][m - 1] + if m < k { binomial[k - 1][m] } else { 0.0 };
        }
    }
    // The non-empty bins in rating order, with each one's moments.
    let bin_of = |x: f64| (x / BIN).floor();
    let mut bins: Vec<(f64, [f64; ORDER + 1], std::ops::Range<usize>)> = Vec::new();
    for (i, &(x, count)) in distinct.iter().enumerate() {
        let key = bin_of(x);
        if bins.last().is_none_or(|b| b.0 != key) {
            bins.push((key, [0.0; ORDER + 1], i..i));
        }
        let bin = bins.last_mut().expect("pushed");
        let eps = x - (key + 0.5) * BIN;
        let mut power = count;
        for moment in &mut bin.1 {
            *moment += power;
            power *= eps;
        }
        bin.2.end = i + 1;
    }
    let mut below = 0.0; // players in bins more than FAR under this one
    let (mut lo, mut hi) = (0, 0);
    let mut out = vec![0.0; distinct.len()];
    for (key_a, _, members) in &bins {
        let centre_a = (key_a + 0.5) * BIN;
        while (bins[lo].0 + 0.5) * BIN < centre_a - FAR {
            below += bins[lo].1[0];
            lo += 1;
        }
        while hi < bins.len() && (bins[hi].0 + 0.5) * BIN <= centre_a + FAR {
            hi += 1;
        }
        // The polynomial in δ of this bin's ratings.
        let mut poly = [0.0f64; ORDER + 1];
        poly[0] = below;
        for (key_b, moments, _) in &bins[lo..hi] {
            let d = centre_a - (key_b + 0.5) * BIN;
            let s = 1.0 / (1.0 + 10f64.powf(-d / 400.0));
            for k in 0..=ORDER {
                let mut value = 0.0;
                for &coef in derivative[k].iter().rev() {
                    value = value * s + coef;
                }
                let t = value * scale[k];
                // (δ − ε)^k = Σ_m C(k, m) δ^m (−ε)^(k−m)
                for m in 0..=k {
                    let sign = if (k - m) % 2 == 0 { 1.0 } else { -1.0 };
                    poly[m] += t * binomial[k][m] * sign * moments[k - m];
                }
            }
        }
        for i in members.clone() {
            let delta = distinct[i].0 - (key_a + 0.5) * BIN;
            out[i] = poly.iter().rev().fold(0.0, |acc, &c| acc * delta + c);
        }
    }
    out
}

impl RatingSystem for Elo {
    fn rate(&self, site: &Site) -> History {
        games::rate_games(self, &self.common, site)
    }

    fn default_title(&self) -> String {
        "Elo Rating".to_string()
    }

    fn chance(&self, a: Belief, b: Belief) -> Option<f64> {
        Some(chance(a.rating, b.rating))
    }

    fn parameters(&self) -> Vec<Parameter> {
        vec![
            Parameter::shift("initial", self.initial, 100.0),
            Parameter::scale("k", self.k),
        ]
    }

    /// An all-pairs placement event takes an expectation per pair of
    /// distinct ratings, or per pair of nearby bins for large fields.
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

    /// Distinct ratings with counts, from a fixed pseudo-random sequence.
    fn field(n: usize, spread: f64, seed: u64) -> Vec<(f64, f64)> {
        let mut x = seed;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut ratings: Vec<f64> = (0..n).map(|_| 1500.0 + (next() - 0.5) * spread).collect();
        // Outliers far apart (the far field counts them as 1 or 0) and a
        // repeated rating.
        ratings.extend([-250_000.0, 9_400.0, 1_000_000.0, 1500.0, 1500.0]);
        distinct_ratings(ratings)
    }

    #[test]
    fn binned_expectations_agree_with_the_pairwise_sums() {
        for (n, spread, seed) in [(300, 400.0, 1), (1500, 3000.0, 7), (900, 30_000.0, 11), (50, 3.0, 5)] {
            let distinct = field(n, spread, seed);
            let binned = binned_sums(&distinct);
            let mut exact: Vec<f64> = distinct.iter().map(|&(_, c)| 0.5 * c).collect();
            for (i, &(a, _)) in distinct.iter().enumerate() {
                for (j, &(b, c)) in distinct.iter().enumerate() {
                    if i != j {
                        exact[i] += c / (1.0 + 10f64.powf((b - a) / 400.0));
                    }
                }
            }
            for (i, (b, e)) in binned.iter().zip(&exact).enumerate() {
                assert!(
                    (b - e).abs() < 1e-9,
                    "n {n} spread {spread}: rating {} binned {b} exact {e}",
                    distinct[i].0
                );
            }
        }
    }

    #[test]
    fn a_large_field_rates_as_pair_by_pair() {
        // More distinct ratings than EXACT_UP_TO: the binned sums are used.
        let distinct = field(EXACT_UP_TO + 500, 2400.0, 3);
        let players: Vec<(f64, u32)> = distinct
            .iter()
            .enumerate()
            .map(|(i, &(r, _))| (r, (i * 7919 % 101) as u32 + 1))
            .collect();
        let fast = elo_k(1000.0).free_for_all(&players);
        let slow = by_pairs(1000.0, &players);
        for (f, s) in fast.iter().zip(&slow) {
            assert!((f - s).abs() < 1e-6, "{f} vs {s}");
        }
    }
}
