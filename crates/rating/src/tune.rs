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
//! for TrueSkill's μ) for a starting rating or a DCI band's bound, a
//! factor of 2 or else one for a count (a judge level, which may be 0). A
//! table-valued key (DCI's `k_bands`) is one parameter a cell, written
//! back whole. A sweep tries every parameter one step up and one down
//! from the best point so far, keeping each improvement at once; a sweep
//! without one halves every step. It stops
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

/// The value of each key of `parameters`, in their order: a plain key's
/// parameter as `leaf` makes it, a table key's cells row by row, each row
/// and the rows as `list` makes them.
fn by_key<T>(
    parameters: &[Parameter],
    leaf: impl Fn(&Parameter) -> T,
    list: impl Fn(Vec<T>) -> T,
) -> Vec<(&'static str, T)> {
    let mut out = Vec::new();
    let mut rest = parameters;
    while let Some(first) = rest.first() {
        if first.cell.is_none() {
            out.push((first.key, leaf(first)));
            rest = &rest[1..];
            continue;
        }
        let end = rest
            .iter()
            .position(|p| p.key != first.key || p.cell.is_none())
            .unwrap_or(rest.len());
        let row = |p: &Parameter| p.cell.map(|c| c.row);
        let rows = rest[..end]
            .chunk_by(|a, b| row(a) == row(b))
            .map(|cells| list(cells.iter().map(&leaf).collect()))
            .collect();
        out.push((first.key, list(rows)));
        rest = &rest[end..];
    }
    out
}

/// The table with `parameters` in it, configured; `None` when the system
/// refuses a value (out of its range, bands out of order).
fn configure(table: &RatingTable, parameters: &[Parameter]) -> Option<Box<dyn RatingSystem>> {
    let mut table = table.clone();
    let raw = table.table.get_mut();
    let leaf = |p: &Parameter| match p.kind {
        ParameterKind::Whole | ParameterKind::Count => Value::Integer(p.value as i64),
        _ => Value::Float(p.value),
    };
    for (key, value) in by_key(parameters, leaf, Value::Array) {
        raw.insert(Spanned::new(0..0, key.to_string()), Spanned::new(0..0, value));
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
        ParameterKind::Count => {
            let x = (value * 2f64.powf(sign * size)).round();
            // By one where the factor leaves it as it is (0, or 1 down).
            let x = if x == value { value + sign } else { x };
            if x < 0.0 {
                return None;
            }
            x
        }
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
    // The site loaded first: its ratings were configured there.
    let system = crate::configure(table).map_err(|kept| kept.into_sorted("error"))?;
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
            "its system has no probability model or no parameters to tune (tune fits Elo, Glicko-2, TrueSkill and DCI)",
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
        ParameterKind::Whole | ParameterKind::Count => format!("{}", p.value as i64),
        // `inf` for the last K band's bound, as site.toml writes it.
        _ => format!("{}", p.value),
    };
    for (key, value) in table.table.get_ref() {
        let key = key.get_ref();
        if parameters.iter().any(|p| p.key == key) {
            continue;
        }
        out.push_str(&format!("{key} = {}\n", value.get_ref()));
    }
    let list = |items: Vec<String>| format!("[{}]", items.join(", "));
    for (key, value) in by_key(parameters, value_of, list) {
        out.push_str(&format!("{key} = {value}\n"));
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
        // The names' column: 20 wide, or as the longest name.
        let w = self.current.iter().map(|p| p.name().len()).max().unwrap_or(0).max(20);
        out.push_str(&format!("  {:<w$} {:>20} {:>20}\n", "parameter", "current", "best"));
        for (c, b) in self.current.iter().zip(&self.best) {
            if c.kind != ParameterKind::Fixed {
                out.push_str(&format!("  {:<w$} {:>20} {:>20}\n", c.name(), c.value, b.value));
            }
        }
        out.push_str(&format!(
            "  {:<w$} {:>20} {:>20}\n",
            "log loss, training",
            mean(&self.current_loss.training),
            mean(&self.best_loss.training)
        ));
        out.push_str(&format!(
            "  {:<w$} {:>20} {:>20}\n",
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

    /// 40 players, 400 monthly events of one round of 20 matches (full
    /// K in DCI: 40 players, a level 2 judge); `play(a, b, coin)` says
    /// whether a beat b, from the uniform draw `coin`, and moves its own
    /// ratings.
    fn made_by(mut play: impl FnMut(usize, usize, f64) -> bool) -> Site {
        let mut x: u64 = 27;
        let mut next = || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut events = Vec::new();
        for e in 0..400 {
            let mut order: Vec<u32> = (0..40).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, (next() * (i + 1) as f64) as usize);
            }
            let mut matches = Vec::new();
            for pair in order.chunks(2) {
                let won = play(pair[0] as usize, pair[1] as usize, next());
                matches.push((pair[0], pair[1], u16::from(won), u16::from(!won), 0));
            }
            let mut event = crate::testing::event(&format!("e{e}"), 40, 2, vec![(matches, Vec::new())]);
            event.date = ratings_model::Date {
                year: 1900 + e / 12,
                month: 1 + (e % 12) as u8,
                day: 1,
            };
            events.push(event);
        }
        crate::testing::site(40, events)
    }

    fn table_of(id: &str, system: &str, rest: &str) -> RatingTable {
        let text = format!("title = \"t\"\n[[rating]]\nid = \"{id}\"\nsystem = \"{system}\"\n{rest}");
        let config = ratings_config::parse(std::path::Path::new("site.toml"), &text).expect("a valid site.toml");
        config.ratings[0].clone()
    }

    /// A site whose results come from Elo itself with K = 80: each match
    /// won with the chance Elo gives from the ratings K = 80 makes of the
    /// results so far. Tune, starting from K = 32, finds K within 20 % of 80.
    #[test]
    fn tune_finds_the_k_that_made_the_results() {
        const K: f64 = 80.0;
        let mut rating = [1500.0f64; 40];
        let site = made_by(|a, b, coin| {
            let p = crate::elo::chance(rating[a], rating[b]);
            let won = coin < p;
            let s = if won { 1.0 } else { 0.0 };
            rating[a] += K * (s - p);
            rating[b] += K * ((1.0 - s) - (1.0 - p));
            won
        });
        let table = table_of("elo", "elo", "");
        let tuned = tune(&table, &site, 0.2, &|_, _| {}).expect("tuned");
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

    /// A site whose results come from the DCI rules with K = 100 (a
    /// provisional period of 25 matches, then Elo): tune, starting from a
    /// table of one K band, K = 32, finds that K within 20 % of 100, and
    /// pastes the band as site.toml writes it. (With the rules' three
    /// bands the search has nine numbers to move and reaches its bound of
    /// ratings before it settles.)
    #[test]
    fn tune_finds_the_k_of_a_dci_rating() {
        use crate::dci;
        const K: f64 = 100.0;
        #[derive(Clone, Copy, Default)]
        struct Player {
            rating: f64,
            matches: u32,
            opponents: f64,
            wins: u32,
            losses: u32,
        }
        let mut players = [Player {
            rating: 1600.0,
            ..Player::default()
        }; 40];
        let site = made_by(|a, b, coin| {
            let (ra, rb) = (players[a].rating, players[b].rating);
            let won = coin < crate::elo::chance(ra, rb);
            for (x, r_y, s) in [(a, rb, f64::from(u8::from(won))), (b, ra, f64::from(u8::from(!won)))] {
                let p = &mut players[x];
                let r_x = p.rating;
                p.rating = if p.matches < 25 {
                    p.opponents += r_y;
                    p.wins += u32::from(s == 1.0);
                    p.losses += u32::from(s == 0.0);
                    dci::provisional(p.opponents, p.wins, p.losses, p.matches + 1)
                } else {
                    dci::elo(r_x, r_y, s, K)
                };
                p.matches += 1;
            }
            won
        });
        let table = table_of("dci", "dci", "category = \"Limited\"\nk_bands = [[inf, 32]]\n");
        let tuned = tune(&table, &site, 0.2, &|_, _| {}).expect("tuned");
        let k = |ps: &[Parameter]| ps.iter().find(|p| p.name() == "k_bands 1 K").unwrap().value;
        // initial, provisional_matches, the band (bound and K), half_k_below, judge_level_for_full_k.
        assert_eq!(tuned.best.len(), 6);
        assert_eq!(k(&tuned.current), 32.0);
        let found = k(&tuned.best);
        assert!((found - K).abs() <= 0.2 * K, "K {found}\n{}", tuned.report());
        assert!(tuned.best_loss.training.sum < tuned.current_loss.training.sum);
        assert!(tuned.best_loss.held_out.mean() < tuned.current_loss.held_out.mean());
        assert!(tuned.evaluations <= MAX_EVALUATIONS);
        // The bands written back whole, the last bound `inf`; `min_players`
        // is not searched.
        assert!(tuned.best.iter().all(|p| p.key != "min_players"));
        assert!(
            tuned.table.contains(&format!("k_bands = [[inf, {found}]]\n")),
            "{}",
            tuned.table
        );
        // The pasted table configures the system with the best parameters.
        let pasted = ratings_config::parse(
            std::path::Path::new("site.toml"),
            &format!("title = \"t\"\n{}", tuned.table),
        )
        .expect("a valid site.toml");
        let system = crate::configure(&pasted.ratings[0]).expect("a valid rating");
        assert_eq!(system.parameters(), tuned.best);
    }

    #[test]
    fn counts_move_from_zero_and_to_it() {
        let judge = Parameter::count("judge_level_for_full_k", 0.0);
        assert_eq!(step(&judge, 0.0, 1.0, true), Some(1.0));
        assert_eq!(step(&judge, 0.0, 1.0, false), None);
        assert_eq!(step(&judge, 1.0, 1.0, false), Some(0.0));
        assert_eq!(step(&judge, 2.0, 1.0, true), Some(4.0));
        assert_eq!(step(&judge, 2.0, 0.25, true), Some(3.0));
        assert_eq!(step(&judge, 2.0, 0.25, false), Some(1.0));
        // Days stay at 1 or more; a fixed cell never moves.
        assert_eq!(step(&Parameter::whole("period_days", 1.0), 1.0, 1.0, false), None);
        assert_eq!(
            step(&Parameter::fixed("k_bands", f64::INFINITY), f64::INFINITY, 1.0, true),
            None
        );
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
