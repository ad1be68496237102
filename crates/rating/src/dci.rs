//! DCI Rating System (the DCI Universal Tournament Rules, section D.5;
//! docs/rating-systems.md, "DCI Rating System"): an Elo variant over the matches of match events,
//! with a provisional period.

use super::elo::MAX_K;
use super::games::{self, MatchRows};
use super::params::RATING_BOUND;
use super::{Columns, History, MatchLine, Parameter, Params, RatingSystem, Standing, System};
use ratings_model::{Event, Site};

pub const SYSTEM: System = System {
    name: "dci",
    keys: &[
        "category",
        "formats",
        "initial",
        "provisional_matches",
        "k_bands",
        "min_players",
        "half_k_below",
        "judge_level_for_full_k",
    ],
    configure,
};

/// docs/rating-systems.md, "DCI Rating System".
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

fn configure(t: &mut Params) -> Option<Box<dyn RatingSystem>> {
    let Some(category) = t.string("category") else {
        t.error("a `dci` rating needs `category` (Vintage, Extended, Limited or Standard)");
        return None;
    };
    let Some(mut p) = DciParams::new(category.get_ref()) else {
        t.error_at(
            category.span(),
            format!(
                "unknown DCI category {:?} (known categories: Vintage, Extended, Limited, Standard)",
                category.get_ref()
            ),
        );
        return None;
    };
    if let Some(formats) = t.formats() {
        p.formats = formats;
    }
    p.initial = t.between("initial", p.initial, 0.0..=RATING_BOUND);
    p.provisional_matches = t.count("provisional_matches", p.provisional_matches);
    p.min_players = t.count("min_players", p.min_players);
    p.half_k_below = t.count("half_k_below", p.half_k_below);
    p.judge_level_for_full_k = t.count("judge_level_for_full_k", p.judge_level_for_full_k);
    if let Some(bands) = t.take("k_bands") {
        let count = bands.get_ref().as_array().map_or(0, Vec::len);
        if count > MAX_K_BANDS {
            t.error_at(
                bands.span(),
                format!("`k_bands` lists {count} bands: at most {MAX_K_BANDS} (every rated match looks up its band)"),
            );
            return Some(Box::new(Dci(p)));
        }
        let list: Option<Vec<(f64, f64)>> = bands.get_ref().as_array().and_then(|rows| {
            rows.iter()
                .map(|row| match row.as_array().map(Vec::as_slice) {
                    Some([bound, k]) => Some((number(bound)?, number(k)?)),
                    _ => None,
                })
                .collect()
        });
        match list {
            Some(list) if valid_bands(&list) => p.k_bands = list,
            _ => t.error_at(
                bands.span(),
                "`k_bands` must be [[bound, K], ...] with increasing bounds from 0 to 1000000, K from 0 to 1000, \
                 and a last bound of inf",
            ),
        }
    }
    Some(Box::new(Dci(p)))
}

/// The most bands `k_bands` may list: a rated match side looks up its band
/// in the list (3,000,000 bands over 48,000 matches took `check` 47 s).
pub const MAX_K_BANDS: usize = 64;

/// K bands: bounds increasing on the rating scale but for the last, `inf`;
/// every K from 0 to Elo's largest.
fn valid_bands(list: &[(f64, f64)]) -> bool {
    let Some(((last, _), bounded)) = list.split_last() else {
        return false;
    };
    *last == f64::INFINITY
        && list.windows(2).all(|w| w[0].0 < w[1].0)
        && bounded.iter().all(|(bound, _)| (0.0..=RATING_BOUND).contains(bound))
        && list.iter().all(|(_, k)| (0.0..=MAX_K).contains(k))
}

/// An integer or float TOML value as a number.
fn number(v: &toml::Value) -> Option<f64> {
    v.as_float().or_else(|| v.as_integer().map(|i| i as f64))
}

#[derive(Debug)]
pub struct Dci(pub DciParams);

/// What one player carries from match to match in one rating.
#[derive(Debug, Clone)]
struct PlayerState {
    rating: f64,
    /// Rated matches played so far.
    matches: u32,
    /// The provisional record (D.5.5), kept as running sums over the list of
    /// (opponent's rating at that match, result): summing in match order is
    /// what summing the list gives.
    opponent_sum: f64,
    wins: u32,
    losses: u32,
    /// Rated events with at least one rated match.
    events: u32,
}

/// Expected score of X against Y (D.5.6): `1 / (10^((R_Y - R_X) / 400) + 1)`.
///
/// The rule writes `1 / (10^D + 1)` with "D always a positive number": that
/// is the lower-rated player's expectation, and the higher-rated player's is
/// 1 minus it. The signed form gives both at once (docs/rating-systems.md, "DCI Rating System").
pub fn expected_score(r_x: f64, r_y: f64) -> f64 {
    1.0 / (10f64.powf((r_y - r_x) / 400.0) + 1.0)
}

/// Elo update (D.5.6): `R_X + K * (W - We)`.
pub fn elo(r_x: f64, r_y: f64, score: f64, k: f64) -> f64 {
    r_x + k * (score - expected_score(r_x, r_y))
}

/// Provisional rating (D.5.5): `Rc + 400 * (wins - losses) / n`, Rc the mean
/// of the recorded opponents' ratings; a draw counts in n only.
pub fn provisional(opponent_sum: f64, wins: u32, losses: u32, n: u32) -> f64 {
    let n = f64::from(n);
    opponent_sum / n + 400.0 * (f64::from(wins) - f64::from(losses)) / n
}

/// How a rating treats one event.
#[derive(Debug, Clone, PartialEq)]
pub enum Treatment {
    /// Not a match event: the rating does not look at it.
    Ignored,
    /// A match event this rating does not count, and why.
    Unrated(String),
    /// Rated; K is multiplied by `k_multiplier` (1, 1/2 or 1/4).
    Rated { k_multiplier: f64, note: String },
}

impl Dci {
    /// K of the band the rating falls in (D.5.6): the first band whose upper
    /// bound exceeds the rating (defaults: below 2100 → 32, below 2400 → 24,
    /// else 16).
    pub fn band_k(&self, rating: f64) -> f64 {
        self.0
            .k_bands
            .iter()
            .find(|(bound, _)| rating < *bound)
            .or(self.0.k_bands.last())
            .map_or(0.0, |(_, k)| *k)
    }

    /// Whether and how an event counts (D.5.2, D.5.7, D.5.8, D.5.9).
    pub fn treatment(&self, event: &Event) -> Treatment {
        let p = &self.0;
        let Some(format) = event.format.as_deref().filter(|_| event.is_match_event()) else {
            return Treatment::Ignored;
        };
        // D.5.2: each category counts its own formats.
        if !p.formats.iter().any(|f| f == format) {
            return Treatment::Unrated(format!(
                "Not rated: the format {format:?} does not count in this rating (it counts {}).",
                p.formats.join(", ")
            ));
        }
        // D.5.7: only sanctioned tournaments count.
        if !event.sanctioned {
            return Treatment::Unrated("Not rated: the tournament was not sanctioned (D.5.7).".to_string());
        }
        // D.5.8: fewer than 8 players do not count.
        if event.players < p.min_players {
            return Treatment::Unrated(format!(
                "Not rated: {} players, fewer than {} (D.5.8).",
                event.players, p.min_players
            ));
        }
        let mut k_multiplier = 1.0;
        let mut reasons = Vec::new();
        // D.5.8: 8 to 31 players use half K.
        if event.players < p.half_k_below {
            k_multiplier *= 0.5;
            reasons.push(format!(
                "{} players, fewer than {} (D.5.8)",
                event.players, p.half_k_below
            ));
        }
        // D.5.9: without a Level II judge, half K again (cumulative).
        if event.judge_level < p.judge_level_for_full_k {
            k_multiplier *= 0.5;
            reasons.push(format!(
                "judge level {}, below {} (D.5.9)",
                event.judge_level, p.judge_level_for_full_k
            ));
        }
        let note = match reasons.len() {
            0 => "Rated with full K.".to_string(),
            n => format!("Rated with K × 1/{}: {}.", 1u32 << n, reasons.join("; ")),
        };
        Treatment::Rated { k_multiplier, note }
    }
}

impl RatingSystem for Dci {
    fn default_title(&self) -> String {
        format!("DCI Rating ({})", self.0.category)
    }

    /// Elo's expectation on the published ratings (D.5.8).
    fn chance(&self, a: crate::Belief, b: crate::Belief) -> Option<f64> {
        Some(crate::elo::chance(a.rating, b.rating))
    }

    /// Whole numbers, as rating bodies publish them: 1524, changes +19.
    fn decimals(&self) -> u8 {
        0
    }

    fn columns(&self) -> Columns {
        Columns {
            matches: true,
            event_value: "K",
            k: true,
            deviation: None,
            played: "Events of this rating in which the player was rated.",
            first_is_new: false,
            explained: None,
        }
    }

    fn event_facts(&self, event: &Event) -> Vec<(&'static str, String)> {
        match &event.format {
            Some(f) if self.0.formats.contains(f) => vec![("Judge level", event.judge_level.to_string())],
            _ => Vec::new(),
        }
    }

    fn formats(&self) -> Option<&[String]> {
        Some(&self.0.formats)
    }

    /// Every number of the table but `min_players`: it decides which
    /// events are rated at all, so two values would be scored on
    /// different games (as `formats`). A band's bound moves by 100 points
    /// (a value that would put the bounds out of order is refused), its
    /// K by factors; the last bound stays `inf`.
    fn parameters(&self) -> Vec<Parameter> {
        let p = &self.0;
        let mut out = vec![
            Parameter::shift("initial", p.initial, 100.0),
            Parameter::count("provisional_matches", f64::from(p.provisional_matches)),
        ];
        for (row, &(bound, k)) in p.k_bands.iter().enumerate() {
            let bound = if bound.is_finite() {
                Parameter::shift("k_bands", bound, 100.0)
            } else {
                Parameter::fixed("k_bands", bound)
            };
            out.push(bound.in_cell(row, 0, "bound"));
            out.push(Parameter::scale("k_bands", k).in_cell(row, 1, "K"));
        }
        out.push(Parameter::count("half_k_below", f64::from(p.half_k_below)));
        out.push(Parameter::count(
            "judge_level_for_full_k",
            f64::from(p.judge_level_for_full_k),
        ));
        out
    }

    fn method(&self) -> String {
        let p = &self.0;
        let bands: Vec<String> = p
            .k_bands
            .iter()
            .map(|(bound, k)| {
                if bound.is_infinite() {
                    format!("K = {k} above")
                } else {
                    format!("K = {k} below {bound}")
                }
            })
            .collect();
        format!(
            "The DCI Rating System (DCI Universal Tournament Rules, section D.5, 1997) is an Elo \
             rating over the matches of Magic: The Gathering tournaments. This rating counts the \
             {category} category: the formats {formats}.\n\n\
             - Every player starts at **{initial}**. Only sanctioned events count; byes are never rated.\n\
             - A match is won by the player with more game wins; equal game wins is a draw. All matches of \
             a round use the ratings from before the round.\n\
             - **Provisional** (the first {prov} rated matches): the rating is the mean of the opponents' \
             ratings plus 400 × (wins − losses) / matches.\n\
             - **Elo** afterwards: new = old + K × (S − E), with S = 1, ½ or 0 and \
             E = 1 / (1 + 10^((opponent − own) / 400)); {bands}.\n\
             - Events with fewer than {min} players are not rated; with fewer than {half} players K is \
             halved, and halved again without a judge of level {judge} or more.\n\n\
             The ranking lists every player with a rated match, best first; P marks a provisional rating.\n",
            category = p.category,
            formats = p.formats.join(", "),
            initial = p.initial,
            prov = p.provisional_matches,
            bands = bands.join(", "),
            min = p.min_players,
            half = p.half_k_below,
            judge = p.judge_level_for_full_k,
        )
    }

    fn rate(&self, site: &Site) -> History {
        let p = &self.0;
        let mut state: Vec<PlayerState> = vec![
            PlayerState {
                rating: p.initial,
                matches: 0,
                opponent_sum: 0.0,
                wins: 0,
                losses: 0,
                events: 0,
            };
            site.players.len()
        ];
        let mut history = History::for_events(site.events.len(), 0);
        for (index, event) in site.events.iter().enumerate() {
            let start = history.rows.len();
            let (k_multiplier, note) = match self.treatment(event) {
                Treatment::Ignored => {
                    history.push_not_included(None);
                    continue;
                }
                Treatment::Unrated(note) => {
                    history.push_not_included(Some(note));
                    continue;
                }
                Treatment::Rated { k_multiplier, note } => (k_multiplier, note),
            };

            let mut rows = MatchRows::default();
            for (r, round) in event.round.iter().enumerate() {
                // All matches of a round use the ratings from before the
                // round. A player plays at most once per round (checked when
                // loading), so the two players of a match have not been
                // updated yet in this round: updating in place is the same as
                // working from a copy, whatever the order of the matches.
                for m in &round.matches {
                    let (ra, rb) = (state[m.a as usize].rating, state[m.b as usize].rating);
                    for first in [true, false] {
                        let (x, _, score) = m.side(first);
                        let (r_x, r_y) = if first { (ra, rb) } else { (rb, ra) };
                        let s = &mut state[x as usize];
                        let k = if s.matches < p.provisional_matches {
                            // D.5.5: provisional, recomputed after each match
                            // from the opponents' ratings at the time.
                            s.opponent_sum += r_y;
                            if score == 1.0 {
                                s.wins += 1;
                            } else if score == 0.0 {
                                s.losses += 1;
                            }
                            s.rating = provisional(s.opponent_sum, s.wins, s.losses, s.matches + 1);
                            None
                        } else {
                            // D.5.6 with D.5.8/D.5.9 cuts of K.
                            let k = self.band_k(r_x) * k_multiplier;
                            s.rating = elo(r_x, r_y, score, k);
                            Some(k)
                        };
                        s.matches += 1;
                        let after = s.rating;
                        let line = MatchLine::side(m, r as u32 + 1, first, r_x, r_y, Some(after), k);
                        rows.record(x, r_x, None, line);
                    }
                }
            }

            rows.finish(site, index, &mut history, |p| {
                let s = &mut state[p as usize];
                s.events += 1;
                (s.rating, None)
            });
            games::close_event(&mut history, start, Some(note));
        }
        history.standings = state
            .iter()
            .map(|s| {
                (s.matches > 0).then_some(Standing {
                    rating: s.rating,
                    events: s.events,
                    matches: s.matches,
                    // D.5.4: fewer than 25 rated matches is provisional.
                    provisional: s.matches < p.provisional_matches,
                    ranked: true,
                    deviation: None,
                })
            })
            .collect();
        history
    }
}

#[cfg(test)]
mod tests {
    //! Expected values are worked out by hand from D.5 (docs/rating-systems.md,
    //! "DCI Rating System"); the comments show the arithmetic.

    use super::*;
    use crate::DetailRef;
    use crate::testing::{M, event, site};

    fn params() -> DciParams {
        DciParams::new("Limited").unwrap()
    }

    /// Elo from the first match, everyone at `initial`: K effects in isolation.
    fn elo_only(initial: f64) -> DciParams {
        DciParams {
            provisional_matches: 0,
            initial,
            ..params()
        }
    }

    fn rate(p: DciParams, site: &Site) -> History {
        Dci(p).rate(site)
    }

    fn rating(h: &History, player: u32) -> f64 {
        h.standings[player as usize].as_ref().unwrap().rating
    }

    fn lines(h: &History, event: usize, player: u32) -> Vec<MatchLine> {
        let row = h.event(event).iter().find(|r| r.player == player).unwrap();
        match row.detail() {
            DetailRef::Match(m) => m.matches.clone(),
            DetailRef::Placement { .. } => panic!("not a match row"),
        }
    }

    /// One match X (0) vs Y (1), X wins 2-0, in an event of `players`
    /// players with judge level `judge`; returns X's and Y's change.
    fn one_win(p: DciParams, players: u32, judge: u32) -> (History, f64, f64) {
        let initial = p.initial;
        let s = site(
            2,
            vec![event("e", players, judge, vec![(vec![(0, 1, 2, 0, 0)], vec![])])],
        );
        let h = rate(p, &s);
        if h.rows.is_empty() {
            return (h, 0.0, 0.0);
        }
        let (x, y) = (rating(&h, 0) - initial, rating(&h, 1) - initial);
        (h, x, y)
    }

    #[test]
    fn provisional_sequence_with_a_draw() {
        // X = 0, A = 1, B = 2, C = 3, D = 4; 8 players declared, judge 2.
        let s = site(
            5,
            vec![event(
                "e",
                8,
                2,
                vec![
                    (vec![(0, 1, 2, 0, 0), (3, 4, 2, 1, 0)], vec![2]),
                    (vec![(0, 2, 1, 1, 1), (1, 4, 2, 0, 0)], vec![3]),
                    (vec![(3, 0, 2, 1, 0)], vec![]),
                ],
            )],
        );
        let h = rate(params(), &s);
        // Round 1: X beats A (1600): 1600 + 400·1/1 = 2000; A: 1600 − 400 = 1200.
        // Round 2: X (2000) draws B (1600): Rc = (1600 + 1600)/2, W−L = 1, n = 2
        //   → 1600 + 200 = 1800; B: 2000 + 0 = 2000 (draw counts in n only).
        // Round 3: X (1800) loses to C (2000 after round 1):
        //   Rc = (1600 + 1600 + 2000)/3 = 1733.33…, W−L = 0 → 1733.33…
        let x: Vec<f64> = lines(&h, 0, 0).iter().map(|m| m.after().unwrap()).collect();
        assert_eq!(x, [2000.0, 1800.0, 5200.0 / 3.0]);
        assert!((rating(&h, 0) - 1_733.333_333_333).abs() < 1e-9);
        assert_eq!(rating(&h, 2), 2000.0);
        // A: (1600, loss), (1200 = D after round 1, win) → Rc 1400, W−L 0 → 1400.
        assert_eq!(rating(&h, 1), 1400.0);
        // D: (1600 = C before round 1, loss), (1200 = A before round 2, loss)
        //   → Rc = 1400, W−L = −2, n = 2 → 1400 − 400 = 1000.
        assert_eq!(rating(&h, 4), 1000.0);
        // C: (1600, win), (1800, win) → 1700 + 400 = 2100.
        assert_eq!(rating(&h, 3), 2100.0);
        let sx = h.standings[0].as_ref().unwrap();
        assert_eq!((sx.matches, sx.events, sx.provisional, sx.ranked), (3, 1, true, true));
        // Provisional matches have no K.
        assert!(lines(&h, 0, 0).iter().all(|m| m.k().is_none()));
        // History row: before the first round → after the last.
        let row = h.event(0).iter().find(|r| r.player == 0).unwrap();
        assert_eq!((row.before, row.after), (1600.0, 5200.0 / 3.0));
        // X's record and B's bye.
        let DetailRef::Match(m) = row.detail() else { panic!() };
        assert_eq!((m.wins, m.losses, m.draws), (1, 1, 1));
        let b = h.event(0).iter().find(|r| r.player == 2).unwrap();
        let DetailRef::Match(m) = b.detail() else { panic!() };
        assert_eq!(m.byes, [1]);
    }

    /// X (0) against a fresh opponent (1..=n) in each of n rounds; `result(i)`
    /// is X's games in round i (1-based).
    fn marathon(rounds: u32, result: impl Fn(u32) -> (u16, u16)) -> Site {
        let rs = (1..=rounds)
            .map(|i| {
                let (w, l) = result(i);
                (vec![(0, i, w, l, 0)], vec![])
            })
            .collect();
        site(rounds + 1, vec![event("e", 64, 2, rs)])
    }

    #[test]
    fn twenty_fifth_match_is_provisional_and_twenty_sixth_is_elo() {
        let result = |i| match i {
            25 => (0, 2),
            _ => (2, 0),
        };
        // After 24 wins against 1600s: 1600 + 400 = 2000, still provisional.
        let h = rate(params(), &marathon(24, result));
        assert_eq!(rating(&h, 0), 2000.0);
        assert!(h.standings[0].as_ref().unwrap().provisional);
        // 25th match, a loss to a 1600: 1600 + 400·(24 − 1)/25 = 1968; no
        // longer provisional after it.
        let h = rate(params(), &marathon(25, result));
        assert_eq!(rating(&h, 0), 1968.0);
        let s = h.standings[0].as_ref().unwrap();
        assert_eq!((s.matches, s.provisional), (25, false));
        assert_eq!(lines(&h, 0, 0)[24].k(), None);
        // 26th, a win against a fresh 1600: Elo with K 32 (64 players, judge 2):
        // We = 1/(10^((1600 − 1968)/400) + 1) = 0.892676660006154…
        // 1968 + 32 · (1 − We) = 1971.434346879803…
        let h = rate(params(), &marathon(26, result));
        assert!(
            (rating(&h, 0) - 1_971.434_346_879_803).abs() < 1e-9,
            "{}",
            rating(&h, 0)
        );
        assert_eq!(lines(&h, 0, 0)[25].k(), Some(32.0));
        // The opponent is provisional: one loss to a 1968 → 1968 − 400.
        assert_eq!(rating(&h, 26), 1568.0);
    }

    #[test]
    fn k_bands_and_their_boundaries() {
        let dci = Dci(params());
        for (r, k) in [
            (0.0, 32.0),
            (2099.9, 32.0),
            (2100.0, 24.0),
            (2399.9, 24.0),
            (2400.0, 16.0),
            (3000.0, 16.0),
        ] {
            assert_eq!(dci.band_k(r), k, "{r}");
        }
        // Through a whole event: equal ratings expect ½, so the winner gains
        // K/2 and the loser gives K/2 (64 players, judge 2: full K).
        for (initial, k) in [(2099.9, 32.0), (2100.0, 24.0), (2399.9, 24.0), (2400.0, 16.0)] {
            let (h, x, y) = one_win(elo_only(initial), 64, 2);
            assert_eq!(rating(&h, 0), initial + k / 2.0, "{initial}");
            assert_eq!(rating(&h, 1), initial - k / 2.0, "{initial}");
            assert_eq!(x, -y);
        }
    }

    #[test]
    fn event_size_and_judge_level_cut_k() {
        // 7 players: not rated at all (D.5.8).
        let (h, _, _) = one_win(elo_only(1600.0), 7, 2);
        assert!(h.rows.is_empty() && h.standings.iter().all(Option::is_none));
        assert!(!h.events[0].included);
        assert_eq!(
            h.events[0].note.as_deref(),
            Some("Not rated: 7 players, fewer than 8 (D.5.8).")
        );
        // 8 and 31 players: K/2 = 16, winner gains 16 · ½ = 8.
        for players in [8, 31] {
            let (h, x, y) = one_win(elo_only(1600.0), players, 2);
            assert_eq!((x, y), (8.0, -8.0), "{players}");
            assert!(h.events[0].note.as_deref().unwrap().contains("K × 1/2"));
        }
        // 32 players: full K 32 → +16.
        let (h, x, _) = one_win(elo_only(1600.0), 32, 2);
        assert_eq!(x, 16.0);
        assert_eq!(h.events[0].note.as_deref(), Some("Rated with full K."));
        // Judge level 1 (< 2) with 32 players: K/2 → +8 (D.5.9).
        let (_, x, _) = one_win(elo_only(1600.0), 32, 1);
        assert_eq!(x, 8.0);
        // Judge level 0 and 20 players: K/4 = 8 → +4 (cumulative).
        let (h, x, y) = one_win(elo_only(1600.0), 20, 0);
        assert_eq!((x, y), (4.0, -4.0));
        assert_eq!(
            h.events[0].note.as_deref(),
            Some("Rated with K × 1/4: 20 players, fewer than 32 (D.5.8); judge level 0, below 2 (D.5.9).")
        );
        assert_eq!(lines(&h, 0, 0)[0].k(), Some(8.0));
    }

    #[test]
    fn parameters_from_site_toml_are_used() {
        // 4 players rated, full K from 4 players and any judge level, K bands
        // of our own, a format of our own.
        let p = DciParams {
            formats: vec!["Booster Draft".into()],
            min_players: 4,
            half_k_below: 4,
            judge_level_for_full_k: 0,
            k_bands: vec![(f64::INFINITY, 10.0)],
            ..elo_only(1500.0)
        };
        let (h, x, y) = one_win(p.clone(), 4, 0);
        assert_eq!((x, y), (5.0, -5.0));
        assert_eq!(h.events[0].note.as_deref(), Some("Rated with full K."));
        let (h, _, _) = one_win(p, 3, 0);
        assert_eq!(
            h.events[0].note.as_deref(),
            Some("Not rated: 3 players, fewer than 4 (D.5.8).")
        );
    }

    #[test]
    fn unsanctioned_and_uncounted_events_are_not_rated() {
        let mut e = event("e", 64, 2, vec![(vec![(0, 1, 2, 0, 0)], vec![])]);
        e.sanctioned = false;
        let h = rate(params(), &site(2, vec![e.clone()]));
        assert!(h.rows.is_empty() && h.standings.iter().all(Option::is_none));
        assert_eq!(
            h.events[0].note.as_deref(),
            Some("Not rated: the tournament was not sanctioned (D.5.7).")
        );
        e.sanctioned = true;
        e.format = Some("Standard".into());
        let h = rate(params(), &site(2, vec![e.clone()]));
        assert!(h.rows.is_empty());
        assert_eq!(
            h.events[0].note.as_deref(),
            Some(
                "Not rated: the format \"Standard\" does not count in this rating (it counts Sealed Deck, Booster Draft)."
            )
        );
        // An event without rounds (placements only) is ignored silently.
        e.round.clear();
        let h = rate(params(), &site(2, vec![e]));
        assert_eq!(h.events[0].note, None);
    }

    #[test]
    fn byes_are_never_rated() {
        // Player 2 has only byes: no row, no rating. Player 0's bye changes nothing.
        let s = site(
            3,
            vec![event(
                "e",
                8,
                2,
                vec![(vec![(0, 1, 2, 1, 0)], vec![2]), (vec![], vec![0, 2])],
            )],
        );
        let h = rate(params(), &s);
        assert_eq!(h.rows.len(), 2);
        assert!(h.standings[2].is_none());
        assert_eq!(rating(&h, 0), 2000.0);
        let s0 = h.standings[0].as_ref().unwrap();
        assert_eq!(s0.matches, 1);
        let DetailRef::Match(m) = h.event(0).iter().find(|r| r.player == 0).unwrap().detail() else {
            panic!()
        };
        assert_eq!(m.byes, [2]);
    }

    /// X (0) beats Y (1) in a first event (full K, Elo from the start):
    /// X 1616, Y 1584; then `second` in a second event.
    fn after_first(second: M) -> History {
        let s = site(
            2,
            vec![
                event("a", 32, 2, vec![(vec![(0, 1, 2, 0, 0)], vec![])]),
                event("b", 32, 2, vec![(vec![second], vec![])]),
            ],
        );
        rate(elo_only(1600.0), &s)
    }

    #[test]
    fn a_draw_between_unequal_ratings_moves_both_towards_each_other() {
        let h = after_first((0, 1, 1, 1, 0));
        // We(X) = 1/(10^((1584 − 1616)/400) + 1) = 0.545921922780483…
        // X: 1616 + 32 · (0.5 − We) = 1614.530498471024…; Y: 1585.469501528975…
        let (x, y) = (rating(&h, 0), rating(&h, 1));
        assert!((x - 1_614.530_498_471_024).abs() < 1e-9, "{x}");
        assert!((y - 1_585.469_501_528_975).abs() < 1e-9, "{y}");
        assert!(x < 1616.0 && y > 1584.0 && x > y);
    }

    #[test]
    fn a_favourite_winning_gains_less_than_an_underdog_winning() {
        let favourite = rating(&after_first((0, 1, 2, 0, 0)), 0) - 1616.0;
        let underdog = rating(&after_first((0, 1, 0, 2, 0)), 1) - 1584.0;
        // 32 · (1 − 0.5459…) = 14.5304… and 32 · (1 − 0.4540…) = 17.4695…
        assert!((favourite - 14.530_498_471_024).abs() < 1e-9, "{favourite}");
        assert!((underdog - 17.469_501_528_975).abs() < 1e-9, "{underdog}");
        assert!(favourite < underdog);
    }

    /// A small deterministic generator (LCG), for the invariant tests.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) % n
        }
    }

    #[test]
    fn equal_k_players_exchange_the_same_points() {
        let mut rng = Lcg(7);
        for _ in 0..1000 {
            let r_x = 1000.0 + rng.next(2000) as f64 + rng.next(1000) as f64 / 1000.0;
            let r_y = 1000.0 + rng.next(2000) as f64 + rng.next(1000) as f64 / 1000.0;
            let s = [0.0, 0.5, 1.0][rng.next(3) as usize];
            let k = [32.0, 16.0, 8.0, 4.0][rng.next(4) as usize];
            let gain = elo(r_x, r_y, s, k) - r_x;
            let loss = elo(r_y, r_x, 1.0 - s, k) - r_y;
            // Exactly opposite up to floating-point rounding.
            assert!((gain + loss).abs() < 1e-9, "{r_x} {r_y} {s} {k}");
            // "D is always positive": the favourite expects 1 minus the underdog's.
            let d = (r_x - r_y).abs() / 400.0;
            let low = 1.0 / (10f64.powf(d) + 1.0);
            let (fav, und) = if r_x >= r_y { (r_x, r_y) } else { (r_y, r_x) };
            assert!((expected_score(und, fav) - low).abs() < 1e-12);
            assert!((expected_score(fav, und) - (1.0 - low)).abs() < 1e-12);
        }
    }

    #[test]
    fn the_order_of_matches_in_a_round_does_not_matter() {
        let mut rng = Lcg(42);
        let players = 12u32;
        let mut rounds: Vec<(Vec<M>, Vec<u32>)> = Vec::new();
        for _ in 0..40 {
            let mut order: Vec<u32> = (0..players).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.next(i as u64 + 1) as usize);
            }
            let matches = order
                .chunks(2)
                .map(|c| (c[0], c[1], rng.next(3) as u16, rng.next(3) as u16, rng.next(2) as u16))
                .collect();
            rounds.push((matches, vec![]));
        }
        let forward = rate(params(), &site(players, vec![event("e", 40, 1, rounds.clone())]));
        // Reverse every round and swap the sides of every match.
        let backward_rounds = rounds
            .into_iter()
            .map(|(ms, byes)| {
                (
                    ms.into_iter()
                        .rev()
                        .map(|(a, b, wa, wb, d)| (b, a, wb, wa, d))
                        .collect(),
                    byes,
                )
            })
            .collect();
        let backward = rate(params(), &site(players, vec![event("e", 40, 1, backward_rounds)]));
        assert_eq!(forward.rows, backward.rows);
        assert_eq!(forward.standings, backward.standings);
        // Everyone left the provisional state (40 matches ≥ 25).
        assert!(forward.standings.iter().all(|s| !s.as_ref().unwrap().provisional));
    }
}
