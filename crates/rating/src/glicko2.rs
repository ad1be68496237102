//! Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013;
//! docs/rating-systems.md, `system = "glicko2"`): a rating r, a rating deviation
//! RD and a volatility σ per player. Every match event is one rating period
//! for the players in it: all their matches against the opponents' r and RD
//! from before the event, steps 1–8 of the paper (`skillratings::glicko2`).
//! Before a player's event, RD grows with the whole `period_days` periods
//! since their previous rated event: φ² ← φ² + k σ², capped at the initial
//! RD. Placement events are not rated: Glicko-2 is a two-player system.

use std::collections::HashMap;

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use super::games::{self, Common, Games, MatchRows};
use super::params::RATING_BOUND;
use super::{Belief, Columns, History, MatchLine, Parameter, Params, RatingSystem, System};
use ratings_model::format::fixed2;
use ratings_model::{PlayerId, Site};

pub const SYSTEM: System = System {
    name: "glicko2",
    keys: &[
        "initial",
        "initial_deviation",
        "initial_volatility",
        "tau",
        "period_days",
        games::COMMON_KEYS[0],
        games::COMMON_KEYS[1],
    ],
    configure,
};

/// The Glicko-2 scale factor (the paper's 173.7178).
const SCALE: f64 = 173.7178;

#[derive(Debug, Clone, PartialEq)]
pub struct Glicko2 {
    pub initial: f64,
    pub initial_deviation: f64,
    pub initial_volatility: f64,
    pub tau: f64,
    pub period_days: u32,
    pub common: Common,
}

fn configure(t: &mut Params) -> Option<Box<dyn RatingSystem>> {
    Some(Box::new(Glicko2 {
        initial: t.between("initial", 1500.0, -RATING_BOUND..=RATING_BOUND),
        // With an RD or a σ near 0 the deviation underflows to 0 (the fuzz
        // test found it at 5e-324); 1 and 0.0001 are floors no real use nears.
        initial_deviation: t.between("initial_deviation", 350.0, 1.0..=10_000.0),
        initial_volatility: t.between("initial_volatility", 0.06, 0.0001..=1.0),
        // A τ above 0 but below 0.001 can make the volatility's root search
        // loop for ever: its first step, σ² shrunk by τ, is lost in rounding.
        tau: t.number("tau", 0.5, |x| {
            (!(x == 0.0 || (0.001..=10.0).contains(&x))).then(|| "0 or a number from 0.001 to 10".to_string())
        }),
        period_days: t.whole(
            "period_days",
            30,
            1..=100_000,
            "a whole number of days from 1 to 100000",
        ) as u32,
        common: Common::read(t),
    }))
}

/// A player's state: the rating and the day of their last rated event.
#[derive(Debug, Clone, Copy)]
struct State {
    rating: Glicko2Rating,
    last: i64,
}

impl Glicko2 {
    fn start(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.initial,
            deviation: self.initial_deviation,
            volatility: self.initial_volatility,
        }
    }

    /// The rating at the start of an event on day `today`: RD grown by the
    /// whole periods since the last rated event (the paper's step 6, k
    /// times), at most the initial RD.
    pub fn grown(&self, rating: Glicko2Rating, last: i64, today: i64) -> Glicko2Rating {
        let periods = ((today - last).max(0) / i64::from(self.period_days)) as f64;
        let phi = rating.deviation / SCALE;
        let deviation =
            ((phi * phi + periods * rating.volatility * rating.volatility).sqrt() * SCALE).min(self.initial_deviation);
        Glicko2Rating { deviation, ..rating }
    }

    /// One rating period: steps 1–8 of the paper. The RD after it is capped
    /// at the initial RD too: it can exceed it only by a fraction when a
    /// player of near-initial RD meets opponents far away in rating.
    pub fn period(&self, player: &Glicko2Rating, games: &[(Glicko2Rating, Outcomes)]) -> Glicko2Rating {
        let config = Glicko2Config {
            tau: self.tau,
            convergence_tolerance: 1e-6,
        };
        let mut new = glicko2_rating_period(player, games, &config);
        new.deviation = new.deviation.min(self.initial_deviation);
        new
    }
}

impl RatingSystem for Glicko2 {
    fn rate(&self, site: &Site) -> History {
        let n = site.players.len();
        let mut state: Vec<Option<State>> = vec![None; n];
        let mut history = History::for_events(site.events.len(), 0);
        for (index, event) in site.events.iter().enumerate() {
            let rounds = match Games::of(event) {
                Games::Nothing => {
                    history.push_not_included(None);
                    continue;
                }
                Games::Placement => {
                    history.push_not_included(Some(
                        "Not rated: Glicko-2 rates matches only, not placements.".to_string(),
                    ));
                    continue;
                }
                Games::Matches(rounds) => rounds,
            };
            if let Err(note) = self.common.rates(event) {
                history.push_not_included(Some(note));
                continue;
            }
            let today = event.date.days();
            // Everyone's rating at the start of the event (after growth).
            let mut before: HashMap<PlayerId, Glicko2Rating> = HashMap::new();
            let mut games: HashMap<PlayerId, Vec<(Glicko2Rating, Outcomes)>> = HashMap::new();
            let mut rows = MatchRows::default();
            for (r, round) in rounds.iter().enumerate() {
                for m in &round.matches {
                    let mut at_start = |p: PlayerId| {
                        *before.entry(p).or_insert_with(|| match state[p as usize] {
                            Some(s) => self.grown(s.rating, s.last, today),
                            None => self.start(),
                        })
                    };
                    let (a, b) = (at_start(m.a), at_start(m.b));
                    for (first, own, other) in [(true, a, b), (false, b, a)] {
                        let (x, _, score) = m.side(first);
                        games.entry(x).or_default().push((other, super::elo::outcome(score)));
                        let line = MatchLine::side(m, r as u32 + 1, first, own.rating, other.rating, None, None);
                        rows.record(x, own.rating, Some(own.deviation), line);
                    }
                }
            }
            for (&p, results) in &games {
                let rating = self.period(&before[&p], results);
                state[p as usize] = Some(State { rating, last: today });
            }
            let start = history.rows.len();
            rows.finish(site, index, &mut history, |p| {
                let s = state[p as usize].expect("rated in this event");
                (s.rating.rating, Some(s.rating.deviation))
            });
            games::close_event(&mut history, start, None);
        }
        history.standings = games::standings(&history, n, self.common.min_events, |p| {
            let s = state[p as usize].expect("has rows");
            (s.rating.rating, Some(s.rating.deviation))
        });
        history
    }

    fn default_title(&self) -> String {
        "Glicko-2 Rating".to_string()
    }

    /// 1 / (1 + 10^(−g(√(RDa² + RDb²)) (ra − rb) / 400)), g(x) = 1 / √(1 +
    /// 3 q² x² / π²), q = ln 10 / 400 (Glickman's expected score with both
    /// players' RD; the RDs after inactivity growth, as the rows hold them).
    fn chance(&self, a: Belief, b: Belief) -> Option<f64> {
        let q = std::f64::consts::LN_10 / 400.0;
        let (da, db) = (a.deviation.unwrap_or(0.0), b.deviation.unwrap_or(0.0));
        let x2 = da * da + db * db;
        let g = 1.0 / (1.0 + 3.0 * q * q * x2 / (std::f64::consts::PI * std::f64::consts::PI)).sqrt();
        Some(1.0 / (1.0 + 10f64.powf(-g * (a.rating - b.rating) / 400.0)))
    }

    fn parameters(&self) -> Vec<Parameter> {
        vec![
            Parameter::shift("initial", self.initial, 100.0),
            Parameter::scale("initial_deviation", self.initial_deviation),
            Parameter::scale("initial_volatility", self.initial_volatility),
            Parameter::scale("tau", self.tau),
            Parameter::whole("period_days", f64::from(self.period_days)),
        ]
    }

    fn columns(&self) -> Columns {
        Columns {
            matches: false,
            event_value: "",
            k: false,
            deviation: Some("RD"),
            played: "Events of this rating in which the player was rated.",
            first_is_new: false,
            explained: None,
        }
    }

    fn formats(&self) -> Option<&[String]> {
        self.common.formats.as_deref()
    }

    /// Whole numbers, as lichess shows them: 1464, changes +19.
    fn decimals(&self) -> u8 {
        0
    }

    /// "± 303" after "1464": twice the RD, a 95 % interval.
    fn spread(&self, _rating: f64, rd: f64, places: u8) -> String {
        format!("± {}", ratings_model::format::decimals(2.0 * rd, places.into()))
    }

    fn method(&self) -> String {
        format!(
            "Glicko-2 (Mark Glickman, 2001; used by lichess and many online games) rates a player with \
             three numbers: the rating r, the rating deviation RD (how uncertain r is) and the volatility σ \
             (how erratic the player's results are).\n\n\
             - Every player starts at r = **{r}**, RD = **{rd}**, σ = **{sigma}**.\n\
             - **Every match event is one rating period**: all of a player's matches in the event count \
             together, against the opponents' r and RD from before the event (the paper's steps 1–8, \
             system constant τ = **{tau}**). A match is won by the player with more game wins; equal game \
             wins is a draw. Byes are not rated. Placement events are not rated: Glicko-2 compares two \
             players at a time.\n\
             - **Inactivity**: before a player's event, RD grows with each whole period of **{days}** days \
             since their previous rated event (φ² ← φ² + σ² per period, in the Glicko-2 scale φ = RD / \
             173.7178), up to the starting RD. RD after a period is capped there too.\n\
             - Pages show r and RD; a player page states r ± 2 RD, the range the true strength lies in with \
             95 % confidence. A small RD means a well-known rating.\n\n\
             The paper's example: r 1500, RD 200, σ 0.06 beating a 1400 (RD 30) and losing to a 1550 \
             (RD 100) and a 1700 (RD 300) ends at r 1464.06, RD 151.52, σ 0.05999.\n\n{common}\n",
            r = fixed2(self.initial),
            rd = fixed2(self.initial_deviation),
            sigma = self.initial_volatility,
            tau = self.tau,
            days = self.period_days,
            common = self.common.describe(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn system() -> Glicko2 {
        Glicko2 {
            initial: 1500.0,
            initial_deviation: 350.0,
            initial_volatility: 0.06,
            tau: 0.5,
            period_days: 30,
            common: Common {
                formats: None,
                min_events: 1,
            },
        }
    }

    fn rating(rating: f64, deviation: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn the_papers_worked_example() {
        let new = system().period(
            &rating(1500.0, 200.0),
            &[
                (rating(1400.0, 30.0), Outcomes::WIN),
                (rating(1550.0, 100.0), Outcomes::LOSS),
                (rating(1700.0, 300.0), Outcomes::LOSS),
            ],
        );
        // The paper rounds its intermediate values and prints 1464.06.
        assert!((new.rating - 1464.050670539301).abs() < 1e-9, "{}", new.rating);
        assert!((new.rating - 1464.06).abs() < 0.01);
        assert_eq!(format!("{:.2}", new.deviation), "151.52");
        // The paper prints σ' as 0.05999 (0.059995984...).
        assert!((new.volatility - 0.059995984286).abs() < 1e-9, "{}", new.volatility);
    }

    #[test]
    fn inactivity_grows_rd_by_whole_periods_up_to_the_start() {
        let g = system();
        let r = rating(1500.0, 50.0);
        // 29 days: no whole period, no growth.
        assert_eq!(g.grown(r, 0, 29).deviation, 50.0);
        // 3 periods: φ² + 3σ² = (50/173.7178)² + 3 × 0.06² → RD 53.1594.
        let phi: f64 = 50.0 / SCALE;
        let expected = (phi * phi + 3.0 * 0.0036).sqrt() * SCALE;
        assert!((g.grown(r, 0, 95).deviation - expected).abs() < 1e-9);
        assert!((expected - 53.1594).abs() < 1e-4, "{expected}");
        // Years away: capped at the initial RD.
        assert_eq!(g.grown(r, 0, 365 * 400).deviation, 350.0);
    }
}
