//! TrueSkill (Herbrich, Minka, Graepel 2006; docs/rating-systems.md,
//! `system = "trueskill"`): each player's skill is a normal distribution
//! N(μ, σ²); a placement event is one free-for-all game of its result rows
//! (every player a team of one, equal ranks drawn), a match one two-player
//! game. Before every game σ² grows by τ². The published rating is the
//! conservative μ − 3σ. The update is `skillratings::trueskill`'s, which
//! equals the Python `trueskill` package's `rate`.

use skillratings::MultiTeamOutcome;
use skillratings::trueskill::{TrueSkillConfig, TrueSkillRating, trueskill, trueskill_multi_team};

use super::games::{self, Common, Skill};
use super::params::RATING_BOUND;
use super::{Belief, Columns, History, Parameter, Params, RatingSystem, System};
use ratings_model::Site;
use ratings_model::format::fixed2;

pub const SYSTEM: System = System {
    name: "trueskill",
    keys: &[
        "initial",
        "initial_deviation",
        "beta",
        "tau",
        "draw_probability",
        games::COMMON_KEYS[0],
        games::COMMON_KEYS[1],
    ],
    configure,
};

#[derive(Debug, Clone, PartialEq)]
pub struct TrueSkill {
    /// Starting μ.
    pub initial: f64,
    /// Starting σ.
    pub initial_deviation: f64,
    pub beta: f64,
    pub tau: f64,
    pub draw_probability: f64,
    pub common: Common,
}

fn configure(t: &mut Params) -> Option<Box<dyn RatingSystem>> {
    Some(Box::new(TrueSkill {
        initial: t.between("initial", 25.0, -RATING_BOUND..=RATING_BOUND),
        // A σ or β near 0 makes the factor graph's Gaussians degenerate
        // (skillratings panics on a σ of 0): 0.001 is the floor.
        initial_deviation: t.between("initial_deviation", 25.0 / 3.0, 0.001..=RATING_BOUND),
        beta: t.between("beta", 25.0 / 6.0, 0.001..=RATING_BOUND),
        tau: t.between("tau", 25.0 / 300.0, 0.0..=RATING_BOUND),
        draw_probability: t.number("draw_probability", 0.1, |x| {
            (!(x > 0.0 && x < 1.0)).then(|| "a probability above 0 and below 1".to_string())
        }),
        common: Common::read(t),
    }))
}

impl TrueSkill {
    fn config(&self) -> TrueSkillConfig {
        TrueSkillConfig {
            draw_probability: self.draw_probability,
            beta: self.beta,
            dynamics_factor: self.tau,
        }
    }

    /// One game of teams of one: the new ratings, in order.
    fn game(&self, players: &[(TrueSkillRating, u32)]) -> Vec<TrueSkillRating> {
        let teams: Vec<[TrueSkillRating; 1]> = players.iter().map(|p| [p.0]).collect();
        let ranked: Vec<(&[TrueSkillRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(players)
            .map(|(team, p)| (&team[..], MultiTeamOutcome::new(p.1 as usize)))
            .collect();
        trueskill_multi_team(&ranked, &self.config(), None)
            .expect("no weights given")
            .into_iter()
            .map(|team| team[0])
            .collect()
    }
}

impl Skill for TrueSkill {
    type State = TrueSkillRating;

    fn start(&self) -> TrueSkillRating {
        TrueSkillRating {
            rating: self.initial,
            uncertainty: self.initial_deviation,
        }
    }

    fn published(&self, s: &TrueSkillRating) -> f64 {
        s.rating - 3.0 * s.uncertainty
    }

    fn deviation(&self, s: &TrueSkillRating) -> Option<f64> {
        Some(s.uncertainty)
    }

    fn free_for_all(&self, players: &[(TrueSkillRating, u32)]) -> Vec<TrueSkillRating> {
        self.game(players)
    }

    /// The two-player update in closed form (`skillratings::trueskill`),
    /// which the factor graph of a two-team game reduces to.
    fn duel(&self, a: &TrueSkillRating, b: &TrueSkillRating, score_a: f64) -> (TrueSkillRating, TrueSkillRating) {
        trueskill(a, b, &super::elo::outcome(score_a), &self.config())
    }
}

impl RatingSystem for TrueSkill {
    fn rate(&self, site: &Site) -> History {
        games::rate_games(self, &self.common, site)
    }

    fn default_title(&self) -> String {
        "TrueSkill".to_string()
    }

    /// Φ((μa − μb) / √(2β² + σa² + σb²)), with μ = published + 3σ and σ
    /// from before the game, before τ is added (Herbrich et al. 2006, the
    /// chance of a win with no draw margin).
    fn chance(&self, a: Belief, b: Belief) -> Option<f64> {
        let (sa, sb) = (a.deviation.unwrap_or(0.0), b.deviation.unwrap_or(0.0));
        let (mu_a, mu_b) = (a.rating + 3.0 * sa, b.rating + 3.0 * sb);
        let c = (2.0 * self.beta * self.beta + sa * sa + sb * sb).sqrt();
        // Φ(x) = erfc(−x / √2) / 2.
        Some(0.5 * libm::erfc(-(mu_a - mu_b) / c / std::f64::consts::SQRT_2))
    }

    fn parameters(&self) -> Vec<Parameter> {
        vec![
            Parameter::shift("initial", self.initial, 3.0),
            Parameter::scale("initial_deviation", self.initial_deviation),
            Parameter::scale("beta", self.beta),
            Parameter::scale("tau", self.tau),
            Parameter::scale("draw_probability", self.draw_probability),
        ]
    }

    /// Its factor graph for each free-for-all takes a few times what the
    /// other systems spend on an event: rating the five-rating benchmark
    /// site (large-all) takes TrueSkill about 0.9 s, all-pairs Elo 0.2–0.3 s
    /// and the others at most 0.1 s each (wall time of `rate`, of which
    /// the factor graph is 0.62 s of processor time).
    fn relative_cost(&self) -> u32 {
        3
    }

    fn chart_span(&self) -> f64 {
        // μ − 3σ runs from 0 to about 50 with the default μ 25, σ 8.33.
        5.0
    }

    fn columns(&self) -> Columns {
        Columns {
            matches: false,
            event_value: "",
            k: false,
            deviation: Some("σ"),
            played: "Events of this rating in which the player was rated.",
            first_is_new: true,
            explained: Some(
                "the rating is μ − 3σ, the skill TrueSkill is almost sure the player has: it starts at 0, \
                 and as the uncertainty σ shrinks it can rise even after a poor result",
            ),
        }
    }

    fn formats(&self) -> Option<&[String]> {
        self.common.formats.as_deref()
    }

    /// "(μ 29.80, σ 4.70)" (the published rating is μ − 3σ).
    fn spread(&self, rating: f64, sigma: f64, places: u8) -> String {
        let at = |x| ratings_model::format::decimals(x, places.into());
        format!("(μ {}, σ {})", at(rating + 3.0 * sigma), at(sigma))
    }

    fn method(&self) -> String {
        format!(
            "TrueSkill (Herbrich, Minka and Graepel, Microsoft Research, 2006) models each player's skill \
             as a bell curve: a mean μ and an uncertainty σ. Results move μ, and every game makes the system \
             surer (σ shrinks).\n\n\
             - Every player starts at μ = **{mu}**, σ = **{sigma}**.\n\
             - **A placement event** is one game of all its listed players, each a team of one, in the \
             order of their ranks; equal ranks are a draw. **A match** is one game of two players. Byes \
             are not rated.\n\
             - Performance in a game varies around skill by β = **{beta}**; the chance of a draw between \
             equal players is **{draw}**; before every game σ² grows by τ² (τ = **{tau}**), so that \
             skills can change over time.\n\
             - The **published rating** is the conservative μ − 3σ: the system is 99.9 % sure the \
             player's skill is at least that. A new player's is {start}; it rises both when they do well \
             and as σ shrinks. Rankings are ordered by it.\n\n\
             Player pages show μ and σ beside it; the downloads have σ before and after every event \
             (`deviation_before`, `deviation_after`; before is σ before τ is first added in the event).\n\n{common}\n",
            mu = fixed2(self.initial),
            sigma = fixed2(self.initial_deviation),
            beta = fixed2(self.beta),
            draw = self.draw_probability,
            tau = fixed2(self.tau),
            start = fixed2(self.initial - 3.0 * self.initial_deviation),
            common = self.common.describe(),
        )
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn defaults() -> TrueSkill {
        TrueSkill {
            initial: 25.0,
            initial_deviation: 25.0 / 3.0,
            beta: 25.0 / 6.0,
            tau: 25.0 / 300.0,
            draw_probability: 0.1,
            common: Common {
                formats: None,
                min_events: 1,
            },
        }
    }

    fn close(x: f64, y: f64) {
        assert!((x - y).abs() <= 1e-6 * y.abs().max(1.0), "{x} vs {y}");
    }

    #[test]
    fn a_free_for_all_with_a_tie_matches_the_reference() {
        // Python `trueskill` 0.4.5: env = TrueSkill() (the defaults);
        // env.rate([(Rating(),), (Rating(),), (Rating(),), (Rating(),)], ranks=[0, 1, 1, 2])
        // → μ 31.5640, 24.9931, 25.0069, 18.4360; σ 6.4047, 5.5594, 5.5594, 6.4047
        // (printed with 4 decimals). The tied pair is not exactly level: the
        // message passing of the reference stops after its tolerance.
        let t = defaults();
        let s = t.start();
        let new = t.free_for_all(&[(s, 1), (s, 2), (s, 2), (s, 4)]);
        let mu: Vec<f64> = new.iter().map(|r| (r.rating * 1e4).round() / 1e4).collect();
        let sigma: Vec<f64> = new.iter().map(|r| (r.uncertainty * 1e4).round() / 1e4).collect();
        assert_eq!(mu, [31.5640, 24.9931, 25.0069, 18.4360]);
        assert_eq!(sigma, [6.4047, 5.5594, 5.5594, 6.4047]);
        // The published rating is μ − 3σ.
        close(t.published(&new[0]), new[0].rating - 3.0 * new[0].uncertainty);
        assert!(t.published(&new[0]) > t.published(&new[1]));
    }

    #[test]
    fn a_duel_between_newcomers() {
        // Python `trueskill`: rate_1vs1(Rating(), Rating()) → (29.396, 7.171), (20.604, 7.171).
        let t = defaults();
        let (a, b) = t.duel(&t.start(), &t.start(), 1.0);
        assert_eq!(
            ((a.rating * 1e3).round() / 1e3, (a.uncertainty * 1e3).round() / 1e3),
            (29.396, 7.171)
        );
        assert_eq!(
            ((b.rating * 1e3).round() / 1e3, (b.uncertainty * 1e3).round() / 1e3),
            (20.604, 7.171)
        );
        // A draw between equals leaves μ and shrinks σ.
        let (a, b) = t.duel(&t.start(), &t.start(), 0.5);
        close(a.rating, 25.0);
        close(b.rating, 25.0);
        assert!(a.uncertainty < 25.0 / 3.0);
    }
}
