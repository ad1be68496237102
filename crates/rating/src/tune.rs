//! `ratings tune` (predictions.md): fit a rating's numeric parameters to
//! the community's own results. The site's events, in date order, are cut
//! in two by whole event dates: the training games (the first
//! `1 − holdout` of the rating's games) and the held-out games (the rest).
//! A compass search looks for the parameters with the lowest log loss on
//! the training games; both sets of parameters are then scored on the
//! held-out games, which the search never saw.
//!
//! The search (deterministic, bounded): each parameter has a step, a
//! factor of 2 for a scale (K, a deviation, β, τ), 100 rating points (3
//! for TrueSkill's μ) for a starting rating. A sweep tries every parameter
//! one step up and one down from the best point so far, keeping each
//! improvement at once; a sweep without one halves every step. It stops
//! after [`HALVINGS`] halvings or [`MAX_EVALUATIONS`] ratings of the site.
//! Every value tried is rounded to 4 significant digits, so that the
//! printed table gives exactly the printed figures.

use ratings_config::RatingTable;
use ratings_model::Site;
use ratings_model::error::Diagnostic;
use toml::{Spanned, Value};

use crate::predictions::{Loss, event_losses};
use crate::{Parameter, ParameterKind, RatingSystem};

/// Sweeps without an improvement halve the steps; this many halvings end
/// the search.
pub const HALVINGS: u32 = 4;
/// Ratings of the whole site at most (the bound of the search's time).
pub const MAX_EVALUATIONS: usize = 80;

/// The log loss of one set of parameters on each part.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Split {
    pub training: Loss,
    pub held_out: Loss,
}

/// What `ratings tune` found for one rating.
#[derive(Debug, Clone)]
pub struct Tuned {
    pub id: String,
    pub current: Vec<Parameter>,
    pub best: Vec<Parameter>,
    pub current_loss: Split,
    pub best_loss: Split,
    /// The date the held-out games start (`None`: no held-out games).
    pub held_out_from: Option<ratings_model::Date>,
    /// Ratings of the site the search took.
    pub evaluations: usize,
    /// The `[[rating]]` table with the best parameters, to paste.
    pub table: String,
}

/// The first event of the held-out part: the events from it on hold at
/// most the last `holdout` share of the games (`games` by event), cut
/// between two dates. `site.events.len()` when nothing is held out.
pub fn first_held_out(site: &Site, games: &[u64], holdout: f64) -> usize {
    let total: u64 = games.iter().sum();
    let keep = ((1.0 - holdout) * total as f64).ceil() as u64;
    let mut sum = 0;
    for (e, g) in games.iter().enumerate() {
        sum += g;
        if sum >= keep {
            // Events of the same date stay together.
            let date = site.events[e].date;
            return (e + 1..site.events.len())
                .find(|&i| site.events[i].date > date)
                .unwrap_or(site.events.len());
        }
    }
    site.events.len()
}

/// The log loss of `system` on the events before `cut` and from it on.
pub fn evaluate(system: &dyn RatingSystem, site: &Site, cut: usize) -> Option<Split> {
    let history = system.rate(site);
    if history.first_non_finite().is_some() {
        return None;
    }
    let losses = event_losses(system, &history);
    let mut split = Split {
        training: Loss::default(),
        held_out: Loss::default(),
    };
    // Event after event, as the build sums them (the same figures, bit for bit).
    for (e, loss) in losses.iter().enumerate() {
        let part = if e < cut {
            &mut split.training
        } else {
            &mut split.held_out
        };
        part.games += loss.games;
        part.sum += loss.sum;
    }
    Some(split)
}

/// `x` to 4 significant digits.
fn round4(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let digits = 3 - x.abs().log10().floor() as i32;
    let scale = 10f64.powi(digits.abs());
    if digits >= 0 {
        (x * scale).round() / scale
    } else {
        (x / scale).round() * scale
    }
}

/// The table with `parameters` in it, configured; `None` when the system
/// refuses a value (out of its range).
fn configure(table: &RatingTable, parameters: &[Parameter]) -> Option<Box<dyn RatingSystem>> {
    let mut table = table.clone();
    let raw = table.table.get_mut();
    for p in parameters {
        let value = match p.kind {
            ParameterKind::Whole => Value::Integer(p.value as i64),
            _ => Value::Float(p.value),
        };
        raw.insert(Spanned::new(0..0, p.key.to_string()), Spanned::new(0..0, value));
    }
    crate::configure(&table).ok()
}

/// One step of parameter `p` from `value`, up or down.
fn step(p: &Parameter, value: f64, size: f64, up: bool) -> Option<f64> {
    let sign = if up { 1.0 } else { -1.0 };
    let x = match p.kind {
        ParameterKind::Shift { step } => round4(value + sign * step * size),
        ParameterKind::Scale if value > 0.0 => round4(value * 2f64.powf(sign * size)),
        ParameterKind::Whole if value > 0.0 => (value * 2f64.powf(sign * size)).round(),
        _ => return None,
    };
    (x != value).then_some(x)
}

/// Tune the rating of `table` on `site`; `progress(done, most)` after each
/// rating of the site.
pub fn tune(
    table: &RatingTable,
    site: &Site,
    holdout: f64,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Tuned, Vec<Diagnostic>> {
    let system = crate::configure(table)?;
    let current = system.parameters();
    let history = system.rate(site);
    let games: Vec<u64> = event_losses(system.as_ref(), &history)
        .iter()
        .map(|l| l.games)
        .collect();
    let cut = first_held_out(site, &games, holdout);
    let fail = |what: &str| {
        vec![Diagnostic::new(
            table.file.clone(),
            format!("rating {:?}: {what}", table.id),
        )]
    };
    if current.is_empty() || system.chance(Default::default(), Default::default()).is_none() {
        return Err(fail(
            "its system has no probability model or no parameters to tune (tune fits Elo, Glicko-2 and TrueSkill)",
        ));
    }
    let mut evaluations = 1;
    progress(evaluations, MAX_EVALUATIONS);
    let current_loss = evaluate(system.as_ref(), site, cut).ok_or_else(|| fail("its history is not finite"))?;
    if current_loss.training.games == 0 {
        return Err(fail("it rates no games to learn from"));
    }
    let mut best = current.clone();
    let mut best_loss = current_loss;
    let mut size = 1.0;
    let mut halvings = 0;
    'search: while halvings < HALVINGS {
        let mut improved = false;
        for i in 0..best.len() {
            for up in [true, false] {
                let Some(value) = step(&best[i], best[i].value, size, up) else {
                    continue;
                };
                if evaluations >= MAX_EVALUATIONS {
                    break 'search;
                }
                let mut candidate = best.clone();
                candidate[i].value = value;
                evaluations += 1;
                progress(evaluations, MAX_EVALUATIONS);
                let Some(loss) = configure(table, &candidate).and_then(|s| evaluate(s.as_ref(), site, cut)) else {
                    continue;
                };
                if loss.training.sum < best_loss.training.sum - 1e-12 * best_loss.training.sum.abs() {
                    best = candidate;
                    best_loss = loss;
                    improved = true;
                    break;
                }
            }
        }
        if !improved {
            size /= 2.0;
            halvings += 1;
        }
    }
    Ok(Tuned {
        id: table.id.clone(),
        table: paste(table, &best),
        current,
        best,
        current_loss,
        best_loss,
        held_out_from: site.events.get(cut).map(|e| e.date),
        evaluations,
    })
}

/// The `[[rating]]` table as written, with `parameters` set.
fn paste(table: &RatingTable, parameters: &[Parameter]) -> String {
    let mut out = String::from("[[rating]]\n");
    let value_of = |p: &Parameter| match p.kind {
        ParameterKind::Whole => format!("{}", p.value as i64),
        _ => format!("{}", p.value),
    };
    for (key, value) in table.table.get_ref() {
        let key = key.get_ref();
        if parameters.iter().any(|p| p.key == key) {
            continue;
        }
        out.push_str(&format!("{key} = {}\n", value.get_ref()));
    }
    for p in parameters {
        out.push_str(&format!("{} = {}\n", p.key, value_of(p)));
    }
    out
}

impl Tuned {
    /// The report `ratings tune` prints.
    pub fn report(&self) -> String {
        let mean = |l: &Loss| l.mean().map_or_else(|| "–".to_string(), |m| format!("{m:.6}"));
        let mut out = format!("Rating {:?}\n", self.id);
        let held = match self.held_out_from {
            Some(d) => format!("from {d}"),
            None => "none".to_string(),
        };
        out.push_str(&format!(
            "  games: {} for training, {} held out ({held})\n",
            self.current_loss.training.games, self.current_loss.held_out.games
        ));
        out.push_str(&format!("  {:<20} {:>20} {:>20}\n", "parameter", "current", "best"));
        for (c, b) in self.current.iter().zip(&self.best) {
            out.push_str(&format!("  {:<20} {:>20} {:>20}\n", c.key, c.value, b.value));
        }
        out.push_str(&format!(
            "  {:<20} {:>20} {:>20}\n",
            "log loss, training",
            mean(&self.current_loss.training),
            mean(&self.best_loss.training)
        ));
        out.push_str(&format!(
            "  {:<20} {:>20} {:>20}\n",
            "log loss, held out",
            mean(&self.current_loss.held_out),
            mean(&self.best_loss.held_out)
        ));
        out.push_str(&format!("  ({} ratings of the site searched)\n", self.evaluations));
        let verdict = match (self.current_loss.held_out.mean(), self.best_loss.held_out.mean()) {
            _ if self.best == self.current => {
                "Nothing better found: the current parameters fit the training games best of all tried.".to_string()
            }
            (Some(now), Some(then)) if then < now => format!(
                "The best parameters predict the held-out games better (log loss {then:.6} against {now:.6}). To use \
                 them, put this table in site.toml in place of the rating's:"
            ),
            (Some(_), Some(_)) => "The best parameters on the training games do not predict the held-out games \
                                   better than the current ones: keep the current parameters. The best table, for \
                                   reference:"
                .to_string(),
            _ => "No games are held out: the best parameters could not be checked on games they were not fitted \
                  to. Their table:"
                .to_string(),
        };
        out.push_str(&format!("  {verdict}\n\n{}", self.table));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A site whose results come from Elo itself with K = 80: 40
    /// players, 400 events of one round of 20 matches, each won with the
    /// chance Elo gives from the ratings K = 80 makes of the results so
    /// far. Tune, starting from K = 32, finds K within 20 % of 80.
    #[test]
    fn tune_finds_the_k_that_made_the_results() {
        const K: f64 = 80.0;
        let mut x: u64 = 27;
        let mut next = || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut rating = [1500.0f64; 40];
        let mut events = Vec::new();
        for e in 0..400 {
            let mut order: Vec<u32> = (0..40).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, (next() * (i + 1) as f64) as usize);
            }
            let mut matches = Vec::new();
            for pair in order.chunks(2) {
                let (a, b) = (pair[0] as usize, pair[1] as usize);
                let p = crate::elo::chance(rating[a], rating[b]);
                let won = next() < p;
                let s = if won { 1.0 } else { 0.0 };
                rating[a] += K * (s - p);
                rating[b] += K * ((1.0 - s) - (1.0 - p));
                matches.push((pair[0], pair[1], u16::from(won), u16::from(!won), 0));
            }
            let mut event = crate::testing::event(&format!("e{e}"), 40, 0, vec![(matches, Vec::new())]);
            event.date = ratings_model::Date {
                year: 1900 + e / 12,
                month: 1 + (e % 12) as u8,
                day: 1,
            };
            events.push(event);
        }
        let site = crate::testing::site(40, events);
        let config = ratings_config::parse(
            std::path::Path::new("site.toml"),
            "title = \"t\"\n[[rating]]\nid = \"elo\"\nsystem = \"elo\"\n",
        )
        .expect("a valid site.toml");
        let tuned = tune(&config.ratings[0], &site, 0.2, &|_, _| {}).expect("tuned");
        let k = |ps: &[Parameter]| ps.iter().find(|p| p.key == "k").unwrap().value;
        assert_eq!(k(&tuned.current), 32.0);
        let found = k(&tuned.best);
        assert!((found - K).abs() <= 0.2 * K, "K {found}\n{}", tuned.report());
        // It fits the training games better, and the held-out ones too.
        assert!(tuned.best_loss.training.sum < tuned.current_loss.training.sum);
        assert!(tuned.best_loss.held_out.mean() < tuned.current_loss.held_out.mean());
        // 20 % of 8,000 games held out, whole events (by date).
        assert_eq!(
            tuned.current_loss.training.games + tuned.current_loss.held_out.games,
            8000
        );
        assert_eq!(tuned.current_loss.held_out.games, 1600);
        assert!(tuned.evaluations <= MAX_EVALUATIONS);
        assert!(tuned.table.contains(&format!("k = {found}\n")), "{}", tuned.table);
    }

    #[test]
    fn values_are_rounded_to_four_digits() {
        assert_eq!(round4(45.254), 45.25);
        assert_eq!(round4(0.0600049), 0.06);
        assert_eq!(round4(123456.0), 123500.0);
        assert_eq!(round4(-1234.56), -1235.0);
        assert_eq!(round4(0.0), 0.0);
    }
}
