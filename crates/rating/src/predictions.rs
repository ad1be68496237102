//! How well a rating predicts results (docs/rating-systems.md, "Which
//! rating predicts best"; contract: predictions.md). A *game* is every pair
//! of result rows of a placement event (ratings from before the event) and
//! every rated match (ratings from before the round); byes and forfeits are
//! no games. Three measures:
//!
//! - share right: the player with the higher published rating finished
//!   better; exactly equal ratings are half right; drawn matches and tied
//!   placements are left out;
//! - log loss: the mean of −[s ln p + (1 − s) ln(1 − p)] over the games,
//!   draws included (s = ½), where p is the system's chance for the first
//!   player ([`RatingSystem::chance`]); only for systems with a model;
//! - calibration: the games by the favourite's p in ten bins.
//!
//! [`evaluate`] scores every rating and sets every two side by side on the
//! games both rate, with a paired bootstrap over events.

#[cfg(test)]
use super::Matches;
use std::collections::HashMap;

use rayon::prelude::*;

use super::{Belief, DetailRef, History, RatingSystem, Row};
use ratings_model::{PlayerId, Site};

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

/// The log loss of a game: −[s ln p + (1 − s) ln(1 − p)], p kept within
/// [1e-15, 1 − 1e-15] (a certain prediction that fails is not infinitely
/// wrong).
pub fn log_loss(p: f64, s: f64) -> f64 {
    let p = p.clamp(1e-15, 1.0 - 1e-15);
    -(s * p.ln() + (1.0 - s) * (1.0 - p).ln())
}

/// One game as a rating saw it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Game {
    /// The round (0 in a placement event) and the two players, the lower
    /// id first: the same game in every rating that rates it.
    pub key: (u32, PlayerId, PlayerId),
    /// The first player's result, doubled: 2 finished better, 1 level, 0 worse.
    pub score2: u8,
    /// Share right, doubled (see [`Game::right2`]); `NO_RIGHT` for a draw.
    right2: u8,
    /// The first player's chance of finishing better (NaN: no model).
    pub chance: f64,
    /// The log loss of the game (NaN: no model), computed once.
    pub loss: f64,
}

/// [`Game::right2`] of a draw.
const NO_RIGHT: u8 = u8::MAX;

impl Game {
    /// The game `key` with the first player's result `score2`, both
    /// published ratings before it and the first player's chance.
    pub fn new(key: (u32, PlayerId, PlayerId), score2: u8, ratings: (f64, f64), chance: f64) -> Game {
        let (a, b) = ratings;
        Game {
            key,
            score2,
            right2: match score2 {
                1 => NO_RIGHT,
                _ if a == b => 1,
                s if (a > b) == (s == 2) => 2,
                _ => 0,
            },
            chance,
            loss: if chance.is_nan() {
                f64::NAN
            } else {
                // The terms of s ln p + (1 − s) ln(1 − p) that are not 0.
                let p = chance.clamp(1e-15, 1.0 - 1e-15);
                match score2 {
                    2 => -p.ln(),
                    0 => -(1.0 - p).ln(),
                    _ => -0.5 * (p.ln() + (1.0 - p).ln()),
                }
            },
        }
    }

    /// The result for the first player: 1, ½ or 0.
    pub fn score(&self) -> f64 {
        f64::from(self.score2) / 2.0
    }

    /// Twice the share right (2 right, 1 equal ratings, 0 wrong); `None`
    /// for a draw, which share right leaves out.
    pub fn right2(&self) -> Option<u64> {
        (self.right2 != NO_RIGHT).then_some(u64::from(self.right2))
    }

    /// The favourite's chance (at least ½) and how the favourite did (1, ½, 0).
    pub fn favourite(&self) -> (f64, f64) {
        if self.chance >= 0.5 {
            (self.chance, self.score())
        } else {
            (1.0 - self.chance, 1.0 - self.score())
        }
    }
}

/// The games of one event's rows, in the order of the rows (the same
/// order in two ratings that have the same rows): what the tests compare
/// the scores with.
#[cfg(test)]
pub fn games(system: &dyn RatingSystem, rows: &[Row]) -> Vec<Game> {
    let mut out = Vec::new();
    games_into(system, rows, &mut out);
    out
}

/// [`games`] into `out` (cleared first), and their [`Score`], summed as
/// the games are made (in their order, as [`Score::of`] sums them): a
/// buffer kept from event to event saves allocating and zeroing memory for
/// every event, and the score a second pass over the games. The builds
/// call it for match rows only (as many games as matches); a placement
/// event's games are never held there ([`placement_event`]), only in the
/// tests, which check the two agree.
fn games_into(system: &dyn RatingSystem, rows: &[Row], out: &mut Vec<Game>) -> Score {
    out.clear();
    let mut score = Score::default();
    let belief = |rating, deviation| Belief { rating, deviation };
    let chance = |a: Belief, b: Belief| system.chance(a, b).unwrap_or(f64::NAN);
    match rows.first().map(|r| r.detail()) {
        None => {}
        Some(DetailRef::Placement { .. }) => {
            let placed = placed(rows);
            out.reserve(placed.len() * placed.len().saturating_sub(1) / 2);
            let mut chances = Chances::new(system, &placed);
            for i in 0..placed.len() {
                for j in i + 1..placed.len() {
                    let game = placement_game(&placed, i, j, &mut chances);
                    score.add_game(&game);
                    out.push(game);
                }
            }
        }
        Some(DetailRef::Match(_)) => {
            // Each player's deviation before each round, for the opponents'.
            let mut deviation: HashMap<(PlayerId, u32), f64> = HashMap::new();
            for row in rows {
                if let DetailRef::Match(m) = row.detail() {
                    for (line, d) in m.matches.iter().zip(&m.deviations) {
                        deviation.insert((row.player, line.round), *d);
                    }
                }
            }
            for row in rows {
                let DetailRef::Match(m) = row.detail() else {
                    continue;
                };
                for (i, line) in m.matches.iter().enumerate() {
                    if row.player > line.opponent {
                        continue;
                    }
                    let own = m.deviations.get(i).copied();
                    let other = deviation.get(&(line.opponent, line.round)).copied();
                    let game = Game::new(
                        (line.round, row.player, line.opponent),
                        (line.score() * 2.0) as u8,
                        (line.before, line.opponent_before),
                        chance(belief(line.before, own), belief(line.opponent_before, other)),
                    );
                    score.add_game(&game);
                    out.push(game);
                }
            }
        }
    }
    score
}

/// What a pair of a placement event needs of each row, read once a row
/// rather than once a pair (the deviation is behind a pointer).
struct Placed {
    player: PlayerId,
    rank: u32,
    before: Belief,
}

/// The ranked rows of a placement event, in their order.
fn placed(rows: &[Row]) -> Vec<Placed> {
    rows.iter()
        .filter_map(|r| {
            Some(Placed {
                player: r.player,
                rank: r.rank()?,
                before: Belief {
                    rating: r.before,
                    deviation: r.deviation().map(|d| d[0]),
                },
            })
        })
        .collect()
}

/// A rating's chances between the placed rows of an event. Rows of equal
/// belief (newcomers at the starting rating, a quarter of the rows of the
/// benchmark's events) have equal chances against the same opponent: the
/// chance of a pair that repeats (a row in a class of equal beliefs on
/// either side, [`Classes::slot`]) is computed once (NaN: not yet), the
/// same value bit for bit, while the slots are at most [`MAX_SLOTS`].
struct Chances<'s> {
    system: &'s dyn RatingSystem,
    classes: Option<Classes>,
    known: Vec<f64>,
}

/// The most chances kept ([`Classes::slots`]: 8 MB).
const MAX_SLOTS: usize = 1 << 20;

impl<'s> Chances<'s> {
    fn new(system: &'s dyn RatingSystem, placed: &[Placed]) -> Chances<'s> {
        let modelled = system.chance(Belief::default(), Belief::default()).is_some();
        let classes = Classes::of(placed, |r| r.before).filter(|c| modelled && c.slots() <= MAX_SLOTS);
        let known = classes.as_ref().map_or_else(Vec::new, |c| vec![f64::NAN; c.slots()]);
        Chances { system, classes, known }
    }

    /// The chance of `placed[a]` against `placed[b]` (NaN: no model).
    fn of(&mut self, placed: &[Placed], a: usize, b: usize) -> f64 {
        let chance = |a: &Placed, b: &Placed| self.system.chance(a.before, b.before).unwrap_or(f64::NAN);
        match self.classes.as_ref().and_then(|c| c.slot(a, b)) {
            Some(slot) => {
                let slot = &mut self.known[slot];
                if slot.is_nan() {
                    *slot = chance(&placed[a], &placed[b]);
                }
                *slot
            }
            None => chance(&placed[a], &placed[b]),
        }
    }
}

/// The game of placed rows `i` < `j`: the lower player id first.
fn placement_game(placed: &[Placed], i: usize, j: usize, chances: &mut Chances) -> Game {
    let (ia, ib) = if placed[i].player < placed[j].player {
        (i, j)
    } else {
        (j, i)
    };
    let (a, b) = (&placed[ia], &placed[ib]);
    let score2 = match a.rank.cmp(&b.rank) {
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 0,
    };
    let p = chances.of(placed, ia, ib);
    Game::new((0, a.player, b.player), score2, (a.before.rating, b.before.rating), p)
}

/// The most ranked rows of a placement event the predictions score: an
/// event of n rows is n(n − 1)/2 games (12.5 million at 5,000 rows), each
/// with a chance and a log loss for every rating. Larger events are left
/// out of the predictions (and said so on the page).
pub const MAX_PLACED: usize = 5000;

/// One placement event: each rating's score and each pair's shared games,
/// the games made pair by pair and never held (an event of n rows holds
/// n(n − 1)/2 of them). `rows[r]`: rating r's rows of the event, if it
/// rates it. Ratings with the same rows (the usual case) share one pass
/// over the pairs, in the order [`games`] makes them, so that the sums are
/// the same bit for bit; two ratings with different rows are compared on
/// the pairs of players both rank. `None` for an event of more than
/// [`MAX_PLACED`] ranked rows.
fn placement_event(
    systems: &[&dyn RatingSystem],
    rows: &[Option<&[Row]>],
    pairs: &[(usize, usize)],
    measure: &dyn Fn((usize, usize)) -> Measure,
) -> Option<EventScores> {
    let placed: Vec<Option<Vec<Placed>>> = rows.iter().map(|r| r.map(placed)).collect();
    if placed.iter().flatten().any(|p| p.len() > MAX_PLACED) {
        return None;
    }
    let mut scores = vec![Score::default(); systems.len()];
    let mut shared = vec![(0u64, 0.0f64); pairs.len()];
    // Ratings with the same players in the same order and ranks.
    let same = |a: &[Placed], b: &[Placed]| {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.player == y.player && x.rank == y.rank)
    };
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (r, p) in placed.iter().enumerate() {
        let Some(p) = p else { continue };
        match groups
            .iter_mut()
            .find(|g| same(placed[g[0]].as_ref().expect("rated"), p))
        {
            Some(g) => g.push(r),
            None => groups.push(vec![r]),
        }
    }
    let group_of = |r: usize| groups.iter().position(|g| g.contains(&r));
    for group in &groups {
        let rows = placed[group[0]].as_ref().expect("rated");
        let mut chances: Vec<Chances> = group
            .iter()
            .map(|&r| Chances::new(systems[r], placed[r].as_ref().expect("rated")))
            .collect();
        // The pairs of ratings within the group: (pair index, members).
        let inner: Vec<(usize, usize, usize)> = pairs
            .iter()
            .enumerate()
            .filter_map(|(k, &(a, b))| {
                Some((
                    k,
                    group.iter().position(|&r| r == a)?,
                    group.iter().position(|&r| r == b)?,
                ))
            })
            .collect();
        let mut games: Vec<Game> = Vec::with_capacity(group.len());
        for i in 0..rows.len() {
            for j in i + 1..rows.len() {
                games.clear();
                for (m, &r) in group.iter().enumerate() {
                    let game = placement_game(placed[r].as_ref().expect("rated"), i, j, &mut chances[m]);
                    scores[r].add_game(&game);
                    games.push(game);
                }
                for &(k, ma, mb) in &inner {
                    add_shared(&mut shared[k], &games[ma], &games[mb], measure(pairs[k]));
                }
            }
        }
    }
    // Two ratings with different rows: the pairs of players both rank.
    for (k, &(a, b)) in pairs.iter().enumerate() {
        let (Some(pa), Some(pb)) = (&placed[a], &placed[b]) else {
            continue;
        };
        if group_of(a) == group_of(b) {
            continue;
        }
        let in_b: HashMap<PlayerId, usize> = pb.iter().enumerate().map(|(i, p)| (p.player, i)).collect();
        let both: Vec<(usize, usize)> = pa
            .iter()
            .enumerate()
            .filter_map(|(i, p)| Some((i, *in_b.get(&p.player)?)))
            .collect();
        let (mut ca, mut cb) = (Chances::new(systems[a], pa), Chances::new(systems[b], pb));
        for x in 0..both.len() {
            for y in x + 1..both.len() {
                let ga = placement_game(pa, both[x].0, both[y].0, &mut ca);
                let gb = placement_game(pb, both[x].1, both[y].1, &mut cb);
                add_shared(&mut shared[k], &ga, &gb, measure((a, b)));
            }
        }
    }
    Some((scores, shared))
}

/// The classes of equal beliefs among some rows ([`games_into`]).
struct Classes {
    /// By row, its class (from 0).
    of: Vec<u32>,
    count: usize,
    /// By class, its index among the classes of two rows or more
    /// ([`Classes::ALONE`]: a class of one row).
    shared: Vec<u32>,
    shared_count: usize,
}

impl Classes {
    const ALONE: u32 = u32::MAX;

    /// Where [`Classes::slot`]s go: two per class and shared class.
    fn slots(&self) -> usize {
        2 * self.count * self.shared_count
    }

    /// The slot of the ordered pair of the rows `a` and `b` when either is
    /// in a class of two rows or more: only those pairs repeat (a pair of
    /// rows alone in their classes is met once), and their slots are few
    /// (most events have one such class, the newcomers), so that the
    /// cache stays small on large events.
    fn slot(&self, a: usize, b: usize) -> Option<usize> {
        let (ca, cb) = (self.of[a] as usize, self.of[b] as usize);
        let n = self.shared_count;
        if self.shared[cb] != Self::ALONE {
            Some(ca * n + self.shared[cb] as usize)
        } else if self.shared[ca] != Self::ALONE {
            Some((self.count + cb) * n + self.shared[ca] as usize)
        } else {
            None
        }
    }

    /// `None` when every row's belief differs from every other's.
    fn of<T>(rows: &[T], belief: impl Fn(&T) -> Belief) -> Option<Classes> {
        let bits = |b: Belief| (b.rating.to_bits(), b.deviation.map(f64::to_bits));
        let mut sorted: Vec<(_, u32)> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| (bits(belief(r)), i as u32))
            .collect();
        sorted.sort_unstable();
        if sorted.windows(2).all(|w| w[0].0 != w[1].0) {
            return None;
        }
        let mut of = vec![0; rows.len()];
        let mut shared = Vec::new();
        let mut shared_count = 0;
        for (k, (key, row)) in sorted.iter().enumerate() {
            if k == 0 || sorted[k - 1].0 != *key {
                let more = sorted.get(k + 1).is_some_and(|next| next.0 == *key);
                shared.push(if more { Self::ALONE - 1 } else { Self::ALONE });
            }
            of[*row as usize] = shared.len() as u32 - 1;
        }
        for class in shared.iter_mut().filter(|c| **c != Self::ALONE) {
            *class = shared_count;
            shared_count += 1;
        }
        Some(Classes {
            of,
            count: shared.len(),
            shared,
            shared_count: shared_count as usize,
        })
    }
}

/// The sum of the log losses of some games, and how many (draws included).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Loss {
    pub games: u64,
    pub sum: f64,
}

impl Loss {
    fn add(&mut self, other: Loss) {
        self.games += other.games;
        self.sum += other.sum;
    }

    /// The mean log loss (`None`: no games).
    pub fn mean(&self) -> Option<f64> {
        (self.games > 0).then(|| self.sum / self.games as f64)
    }
}

/// One bin of a calibration chart: the games whose favourite had a chance
/// in `[low, high)` (the last bin up to and with 1).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Bin {
    pub games: u64,
    /// Sum of the favourite's chances.
    pub chance: f64,
    /// How the favourites did, summed (a draw is ½).
    pub won: f64,
}

/// The bins of a calibration chart: [0.5, 0.55), …, [0.95, 1.0].
pub const BINS: usize = 10;

impl Bin {
    /// The bounds of bin `i`.
    pub fn bounds(i: usize) -> (f64, f64) {
        (0.5 + 0.05 * i as f64, 0.55 + 0.05 * i as f64)
    }

    /// Which bin a favourite's chance (½ to 1) falls in.
    pub fn of(chance: f64) -> usize {
        // A chance of ½ or more: the cast truncates, as floor would.
        (((chance - 0.5) * 20.0).max(0.0) as usize).min(BINS - 1)
    }

    pub fn mean_chance(&self) -> Option<f64> {
        (self.games > 0).then(|| self.chance / self.games as f64)
    }

    pub fn observed(&self) -> Option<f64> {
        (self.games > 0).then(|| self.won / self.games as f64)
    }
}

/// What one event's games give.
#[derive(Debug, Clone, Default, PartialEq)]
struct Score {
    tally: Tally,
    loss: Loss,
    bins: [Bin; BINS],
}

impl Score {
    #[cfg(test)]
    fn of(games: &[Game]) -> Score {
        let mut score = Score::default();
        for g in games {
            score.add_game(g);
        }
        score
    }

    /// Count one more game.
    #[inline]
    fn add_game(&mut self, g: &Game) {
        if let Some(right2) = g.right2() {
            self.tally.games += 1;
            self.tally.right2 += right2;
            // Half right only between equal ratings.
            self.tally.equal += u64::from(right2 == 1);
        }
        if !g.chance.is_nan() {
            self.loss.games += 1;
            self.loss.sum += g.loss;
            let (p, won) = g.favourite();
            let bin = &mut self.bins[Bin::of(p)];
            bin.games += 1;
            bin.chance += p;
            bin.won += won;
        }
    }

    fn add(&mut self, other: &Score) {
        self.tally.add(other.tally);
        self.loss.add(other.loss);
        for (a, b) in self.bins.iter_mut().zip(&other.bins) {
            a.games += b.games;
            a.chance += b.chance;
            a.won += b.won;
        }
    }
}

/// A rating's predictions: by calendar year (years with games, in order)
/// and over all years; the log loss and the calibration where the system
/// has a probability model.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Predictions {
    pub years: Vec<(i32, Tally)>,
    pub all: Tally,
    /// By year, as `years` (log loss of the system with a model).
    pub year_loss: Vec<Loss>,
    pub loss: Loss,
    pub calibration: [Bin; BINS],
    /// The system gives chances (log loss and calibration mean something).
    pub modelled: bool,
}

impl Predictions {
    /// Event after event (`scores` by event index), summed by year and
    /// over all.
    fn of(site: &Site, modelled: bool, scores: impl Iterator<Item = Score>) -> Predictions {
        let mut out = Predictions {
            modelled,
            ..Predictions::default()
        };
        let mut total = Score::default();
        for (e, score) in scores.enumerate() {
            if score.tally.games == 0 && score.loss.games == 0 {
                continue;
            }
            let year = site.events[e].date.year;
            match out.years.last_mut() {
                Some((y, t)) if *y == year => {
                    t.add(score.tally);
                    out.year_loss.last_mut().expect("one per year").add(score.loss);
                }
                _ => {
                    out.years.push((year, score.tally));
                    out.year_loss.push(score.loss);
                }
            }
            total.add(&score);
        }
        out.all = total.tally;
        out.loss = total.loss;
        out.calibration = total.bins;
        out
    }
}

fn modelled(system: &dyn RatingSystem) -> bool {
    system.chance(Belief::default(), Belief::default()).is_some()
}

/// One rating's predictions ([`evaluate`] of it alone).
pub fn predictions(site: &Site, system: &dyn RatingSystem, history: &History) -> Predictions {
    evaluate(site, &[(system, history)]).predictions.remove(0)
}

/// One event: each rating's score, and by pair of ratings the games both
/// rate and the sum of their differences.
type EventScores = (Vec<Score>, Vec<(u64, f64)>);

/// [`EventScores`], and whether the event was left out for its size.
type EventOutcome = (Vec<Score>, Vec<(u64, f64)>, bool);

/// Every rating's predictions, and every pair of ratings compared.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Evaluation {
    /// By rating, in the order given.
    pub predictions: Vec<Predictions>,
    /// Every pair, first before second in the order given.
    pub comparisons: Vec<Comparison>,
    /// Placement events left out for their size (more than [`MAX_PLACED`]
    /// ranked rows).
    pub left_out: usize,
}

/// Score the ratings given (system and history) and compare every pair on
/// the games both rate: same event, same round, same pair of players. One
/// pass over the events (in parallel): each rating's games of an event are
/// made once, for its own scores and for every pair it is in.
pub fn evaluate(site: &Site, ratings: &[(&dyn RatingSystem, &History)]) -> Evaluation {
    let modelled: Vec<bool> = ratings.iter().map(|(s, _)| modelled(*s)).collect();
    let pairs: Vec<(usize, usize)> = (0..ratings.len())
        .flat_map(|i| (i + 1..ratings.len()).map(move |j| (i, j)))
        .collect();
    let measure = |(i, j): (usize, usize)| {
        if modelled[i] && modelled[j] {
            Measure::LogLoss
        } else {
            Measure::RightShare
        }
    };
    // By event: each rating's score, and by pair the shared games and the
    // sum of the differences.
    let per_event: Vec<EventOutcome> = (0..site.events.len())
        .into_par_iter()
        .map_init(
            || vec![Vec::new(); ratings.len()],
            |games: &mut Vec<Vec<Game>>, e| {
                // Each rating's rows of the event: placements (scored as
                // their pairs are made) or matches (games made and held:
                // as many as the matches). An event can be both: one
                // rating's standings, another's matches.
                let rows: Vec<Option<&[Row]>> = ratings
                    .iter()
                    .map(|(_, history)| match history.event_rows.get(e) {
                        Some(range) if !range.is_empty() => Some(&history.rows[range.clone()]),
                        _ => None,
                    })
                    .collect();
                let is_placement = |r: &[Row]| matches!(r[0].detail(), DetailRef::Placement { .. });
                let placements: Vec<Option<&[Row]>> = rows.iter().map(|r| r.filter(|r| is_placement(r))).collect();
                let systems: Vec<&dyn RatingSystem> = ratings.iter().map(|(s, _)| *s).collect();
                let (mut scores, mut together, left_out) = if placements.iter().any(Option::is_some) {
                    match placement_event(&systems, &placements, &pairs, &measure) {
                        Some((scores, shared)) => (scores, shared, false),
                        None => (vec![Score::default(); ratings.len()], vec![(0, 0.0); pairs.len()], true),
                    }
                } else {
                    (
                        vec![Score::default(); ratings.len()],
                        vec![(0, 0.0); pairs.len()],
                        false,
                    )
                };
                for (r, out) in games.iter_mut().enumerate() {
                    match rows[r] {
                        Some(rows) if !is_placement(rows) => scores[r] = games_into(systems[r], rows, out),
                        _ => out.clear(),
                    }
                }
                for (k, &(i, j)) in pairs.iter().enumerate() {
                    if !games[i].is_empty() && !games[j].is_empty() {
                        together[k] = shared(&games[i], &games[j], measure((i, j)));
                    }
                }
                (scores, together, left_out)
            },
        )
        .collect();
    let left_out = per_event.iter().filter(|p| p.2).count();
    // Each rating's sums and each pair's bootstrap on their own, in
    // parallel (each bootstrap has its own fixed seed; the order is kept).
    let predictions = (0..ratings.len())
        .into_par_iter()
        .map(|r| Predictions::of(site, modelled[r], per_event.iter().map(|p| p.0[r].clone())))
        .collect();
    let comparisons = pairs
        .par_iter()
        .enumerate()
        .map(|(k, &(first, second))| {
            let events: Vec<(u64, f64)> = per_event.iter().map(|p| p.1[k]).filter(|p| p.0 > 0).collect();
            let games = events.iter().map(|p| p.0).sum();
            Comparison {
                first,
                second,
                measure: measure((first, second)),
                games,
                difference: (games >= MIN_SHARED).then(|| bootstrap(&events)),
            }
        })
        .collect();
    Evaluation {
        predictions,
        comparisons,
        left_out,
    }
}

/// The log loss of each event's games (by event index; empty for an
/// event the rating does not include), as [`predictions`] sums them.
pub fn event_losses(system: &dyn RatingSystem, history: &History) -> Vec<Loss> {
    history
        .event_rows
        .par_iter()
        .map_init(Vec::new, |games, range| {
            let rows = &history.rows[range.clone()];
            match rows.first().map(|r| r.detail()) {
                Some(DetailRef::Placement { .. }) => {
                    placement_event(&[system], &[Some(rows)], &[], &|_| Measure::LogLoss)
                        .map_or_else(Loss::default, |(scores, _)| scores[0].loss)
                }
                _ => games_into(system, rows, games).loss,
            }
        })
        .collect()
}

/// How two ratings are compared: by log loss when both have a model,
/// else by share right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    LogLoss,
    RightShare,
}

impl Measure {
    /// The name in `predictions-compared.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Measure::LogLoss => "log_loss",
            Measure::RightShare => "right_share",
        }
    }
}

/// Two ratings on the games both rate ([`compare`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// Indices into the ratings given, first < second.
    pub first: usize,
    pub second: usize,
    pub measure: Measure,
    /// The shared games (draws included for log loss, left out for share right).
    pub games: u64,
    /// First − second, on the shared games; `None` below [`MIN_SHARED`] games.
    pub difference: Option<Interval>,
}

/// A difference and its 95 % bootstrap interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    pub difference: f64,
    pub low: f64,
    pub high: f64,
}

impl Interval {
    /// The interval leaves out zero: the data tell the two apart.
    pub fn clear(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

/// Ratings that share fewer games are not compared.
pub const MIN_SHARED: u64 = 100;
/// Resamples of the bootstrap.
pub const RESAMPLES: usize = 1000;

/// The games two lists share, and the sum of first − second over them:
/// log losses, or the share right (draws left out). Two ratings with the
/// same rows give their games in the same order (the usual case, taken as
/// it is); otherwise both lists are sorted by key and merged.
fn shared(a: &[Game], b: &[Game], measure: Measure) -> (u64, f64) {
    if a.is_empty() || b.is_empty() {
        return (0, 0.0);
    }
    let both = |total: &mut (u64, f64), x: &Game, y: &Game| add_shared(total, x, y, measure);
    // One pass while the keys agree; the merge below starts over if they
    // part (the sums are kept in game order either way).
    if a.len() == b.len() {
        let mut total = (0, 0.0);
        let mut same = 0;
        for (x, y) in a.iter().zip(b) {
            if x.key != y.key {
                break;
            }
            both(&mut total, x, y);
            same += 1;
        }
        if same == a.len() {
            return total;
        }
    }
    let mut total = (0, 0.0);
    let sorted = |games: &[Game]| {
        let mut games = games.to_vec();
        games.sort_unstable_by_key(|g| g.key);
        games
    };
    let (a, b) = (sorted(a), sorted(b));
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].key.cmp(&b[j].key) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                both(&mut total, &a[i], &b[j]);
                i += 1;
                j += 1;
            }
        }
    }
    total
}

/// One game both ratings rate into their shared games and the sum of the
/// differences (first − second): log losses, or the share right (draws
/// left out).
fn add_shared((games, sum): &mut (u64, f64), x: &Game, y: &Game, measure: Measure) {
    match measure {
        Measure::LogLoss => {
            *games += 1;
            *sum += x.loss - y.loss;
        }
        Measure::RightShare => {
            if let (Some(x), Some(y)) = (x.right2(), y.right2()) {
                *games += 1;
                *sum += (x as f64 - y as f64) / 2.0;
            }
        }
    }
}

/// The difference over all games (Σ sums / Σ games) and its 95 % interval
/// from a paired bootstrap over events: [`RESAMPLES`] draws of as many
/// events, with replacement, by a fixed-seed generator (the same output on
/// every build); the interval runs from the 25th to the 976th of the sorted
/// resampled differences.
pub fn bootstrap(events: &[(u64, f64)]) -> Interval {
    // Generic, not `dyn`: a resample's sum is inlined (a million draws).
    fn total(it: impl Iterator<Item = (u64, f64)>) -> f64 {
        let (n, s) = it.fold((0u64, 0.0), |(n, s), (m, t)| (n + m, s + t));
        s / n as f64
    }
    let difference = total(events.iter().copied());
    let mut seed: u64 = 0x5eed_2700_0000_0001;
    let mut next = move || {
        // SplitMix64.
        seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let n = events.len() as u64;
    let mut resampled: Vec<f64> = (0..RESAMPLES)
        // An index below n from the high bits (Lemire's multiply-shift).
        .map(|_| total((0..n).map(|_| events[(((next() >> 32) * n) >> 32) as usize])))
        .collect();
    resampled.sort_by(f64::total_cmp);
    Interval {
        difference,
        low: resampled[RESAMPLES / 40 - 1],
        high: resampled[RESAMPLES - RESAMPLES / 40],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dip_pouch::DipPouch;
    use crate::elo::Elo;
    use crate::games::Common;
    use crate::glicko2::Glicko2;
    use crate::{Detail, MatchLine};

    fn elo() -> Elo {
        Elo {
            initial: 1500.0,
            k: 32.0,
            common: Common {
                formats: None,
                min_events: 1,
            },
        }
    }

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

    fn belief(rating: f64, deviation: Option<f64>) -> Belief {
        Belief { rating, deviation }
    }

    /// Each system's formula (predictions.md) against values computed by
    /// hand (Python's math module).
    #[test]
    fn each_systems_chance_by_hand() {
        let close = |x: Option<f64>, y: f64| assert!((x.unwrap() - y).abs() < 1e-12, "{x:?} against {y}");
        // Elo: 1 / (1 + 10^(−100/400)).
        close(
            elo().chance(belief(1600.0, None), belief(1500.0, None)),
            0.6400649998028851,
        );
        // Glicko-2: 1500 (RD 200) against 1400 (RD 30): g(√(200² + 30²)).
        let glicko = Glicko2 {
            initial: 1500.0,
            initial_deviation: 350.0,
            initial_volatility: 0.06,
            tau: 0.5,
            period_days: 30,
            common: elo().common,
        };
        close(
            glicko.chance(belief(1500.0, Some(200.0)), belief(1400.0, Some(30.0))),
            0.6187969073387525,
        );
        // TrueSkill: μ 30, σ 5 (published 15) against μ 25, σ 25/3
        // (published 0), β 25/6: Φ(5 / √(2β² + 25 + 625/9)).
        let trueskill = crate::trueskill::tests::defaults();
        let p = trueskill.chance(belief(15.0, Some(5.0)), belief(0.0, Some(25.0 / 3.0)));
        close(p, 0.6700102050669908);
        // The chances of the two sides add up to 1.
        let q = trueskill.chance(belief(0.0, Some(25.0 / 3.0)), belief(15.0, Some(5.0)));
        close(q, 1.0 - p.unwrap());
        assert_eq!(
            DipPouch(Default::default()).chance(belief(1.0, None), belief(0.0, None)),
            None
        );
    }

    /// Rows of equal belief share their chances ([`Classes`]): every game
    /// still has exactly the chance, loss and score the formula gives its
    /// pair, whichever side the equal rows are on, and the event's sums
    /// are those of the games in order.
    #[test]
    fn equal_beliefs_share_chances_bit_for_bit() {
        let ts = crate::trueskill::tests::defaults();
        let placed_with = |player: u32, rank: u32, before: f64, deviation: f64| {
            Row::new(
                0,
                player,
                before,
                before,
                true,
                Some([deviation, deviation]),
                Detail::Placement { rank, score: None },
            )
        };
        // Newcomers (0, 25/3) among rated players, one rated player equal
        // in rating to a newcomer but not in deviation, a tie in ranks.
        let newcomer = 25.0 / 3.0;
        let rows = [
            placed_with(4, 1, 3.0, 2.0),
            placed_with(0, 2, 0.0, newcomer),
            placed_with(7, 3, 0.0, 2.0),
            placed_with(2, 3, 0.0, newcomer),
            placed_with(9, 5, 1.5, 1.0),
            // Above player 4's id: the pair (4, 8) has the rated side
            // first, (4, 0) the newcomer's.
            placed_with(8, 6, 0.0, newcomer),
            placed_with(3, 7, 3.0, 2.0),
        ];
        let classes = Classes::of(&rows, |r| belief(r.before, r.deviation().map(|d| d[0]))).unwrap();
        assert_eq!(classes.count, 4);
        assert_eq!(classes.of[1], classes.of[3]);
        assert_ne!(classes.of[1], classes.of[2]);
        // Two classes of more than one row: the newcomers, players 4 and 3.
        assert_eq!(classes.shared_count, 2);
        assert_eq!(classes.slot(2, 4), None);
        assert!(classes.slot(0, 1).is_some() && classes.slot(1, 0) != classes.slot(0, 1));
        let mut out = Vec::new();
        let score = games_into(&ts, &rows, &mut out);
        assert_eq!(out.len(), 21);
        assert_eq!(score, Score::of(&out));
        let row = |p: u32| rows.iter().find(|r| r.player == p).unwrap();
        for g in &out {
            let (a, b) = (row(g.key.1), row(g.key.2));
            let p = ts
                .chance(
                    belief(a.before, a.deviation().map(|d| d[0])),
                    belief(b.before, b.deviation().map(|d| d[0])),
                )
                .unwrap();
            let fresh = Game::new(g.key, g.score2, (a.before, b.before), p);
            assert_eq!(g.chance.to_bits(), fresh.chance.to_bits(), "{g:?}");
            assert_eq!(g.loss.to_bits(), fresh.loss.to_bits(), "{g:?}");
            assert_eq!(g.score2, fresh.score2);
        }
        // Every belief different: no classes.
        assert!(Classes::of(&rows[..3], |r| belief(r.before, r.deviation().map(|d| d[0]))).is_none());
    }

    /// A placement event's scores and shared games, made pair by pair
    /// without holding the games (an event of 40,000 rows held 25.6 GB of
    /// them), equal those of the games made and held: bit for bit where
    /// two ratings have the same rows; ratings with different rows are
    /// compared on the pairs of players both rank. An event of more than
    /// [`MAX_PLACED`] ranked rows is left out.
    #[test]
    fn placement_events_are_scored_without_holding_their_games() {
        let a: Vec<Row> = (0..40u32)
            .map(|i| placed(i * 7 % 40, 1 + i / 3, 1500.0 + f64::from((i * 37) % 11) * 10.0))
            .collect();
        let b: Vec<Row> = a
            .iter()
            .map(|r| placed(r.player, r.rank().unwrap(), r.before * 0.9))
            .collect();
        let c: Vec<Row> = a
            .iter()
            .filter(|r| r.player % 13 != 0)
            .map(|r| placed(r.player, r.rank().unwrap(), r.before + 5.0))
            .collect();
        let (elo, dip) = (elo(), DipPouch(Default::default()));
        let systems: [&dyn RatingSystem; 3] = [&elo, &elo, &dip];
        let rows = [Some(&a[..]), Some(&b[..]), Some(&c[..])];
        let pairs = [(0, 1), (0, 2), (1, 2)];
        let measure = |(i, j): (usize, usize)| {
            if j < 2 && i < 2 {
                Measure::LogLoss
            } else {
                Measure::RightShare
            }
        };
        let (scores, together) = placement_event(&systems, &rows, &pairs, &measure).unwrap();
        let held = [games(&elo, &a), games(&elo, &b), games(&dip, &c)];
        assert_eq!(held[0].len(), 780);
        for r in 0..3 {
            assert_eq!(scores[r], Score::of(&held[r]), "rating {r}");
        }
        assert_eq!(together[0], shared(&held[0], &held[1], Measure::LogLoss));
        assert!(together[0].0 == 780 && together[0].1 != 0.0);
        for (k, (i, j)) in [(1, (0, 2)), (2, (1, 2))] {
            let want = shared(&held[i], &held[j], Measure::RightShare);
            assert_eq!(together[k], want, "pair {i} {j}");
            assert!(want.0 > 0 && want.0 < 780, "{want:?}");
        }
        let big: Vec<Row> = (0..MAX_PLACED as u32 + 1).map(|i| placed(i, i + 1, 1500.0)).collect();
        assert!(placement_event(&[&elo], &[Some(&big[..])], &[], &measure).is_none());
    }

    /// A placement event of n players is n(n − 1)/2 games: a game is a
    /// budget.
    #[test]
    fn a_game_stays_small() {
        assert_eq!(std::mem::size_of::<Game>(), 32);
    }

    #[test]
    fn log_loss_by_hand() {
        assert!((log_loss(0.8, 1.0) - 0.2231435513142097).abs() < 1e-15);
        assert!((log_loss(0.8, 0.0) - 1.6094379124341003).abs() < 1e-15);
        // A draw: −(½ ln 0.8 + ½ ln 0.2).
        assert!((log_loss(0.8, 0.5) - 0.916290731874155).abs() < 1e-15);
        // A certain prediction that fails costs ln 1e15, not infinity.
        assert_eq!(log_loss(1.0, 0.0), -(1.0 - (1.0 - 1e-15f64)).ln());
        assert!(log_loss(1.0, 0.0) < 35.0);
    }

    #[test]
    fn placement_pairs_by_hand() {
        // Ranks 1, 2, 2, 4 with ratings 50, 60, 40, 40.
        // Pairs with different ranks: (1,2a) 50<60 wrong; (1,2b) 50>40 right;
        // (1,4) 50>40 right; (2a,4) 60>40 right; (2b,4) 40=40 half.
        // 5 games, 3.5 right; the tied pair (2a, 2b) is no game for share
        // right, but a draw for the log loss (6 games).
        let rows = [
            placed(0, 1, 50.0),
            placed(1, 2, 60.0),
            placed(2, 2, 40.0),
            placed(3, 4, 40.0),
        ];
        let games = games(&elo(), &rows);
        let score = Score::of(&games);
        let t = score.tally;
        assert_eq!((t.games, t.right2, t.equal), (5, 7, 1));
        assert_eq!(t.right(), "3.5");
        assert_eq!(t.share(), Some(0.7));
        // Without the equal pair: 3 right of 4.
        assert_eq!(t.decided_share(), Some(0.75));
        assert_eq!(games.len(), 6);
        // Player 0 (50) finished ahead of player 1 (60): s = 1, p = E(50 − 60).
        let first = games[0];
        assert_eq!((first.key, first.score2), ((0, 0, 1), 2));
        assert_eq!(first.chance, crate::elo::chance(50.0, 60.0));
        let by_hand: f64 = [
            log_loss(crate::elo::chance(50.0, 60.0), 1.0),
            log_loss(crate::elo::chance(50.0, 40.0), 1.0),
            log_loss(crate::elo::chance(50.0, 40.0), 1.0),
            log_loss(crate::elo::chance(60.0, 40.0), 0.5),
            log_loss(crate::elo::chance(60.0, 40.0), 1.0),
            log_loss(0.5, 1.0),
        ]
        .iter()
        .sum();
        assert_eq!(score.loss.games, 6);
        assert!((score.loss.sum - by_hand).abs() < 1e-12);
        // The calibration bins hold every game with a chance once.
        assert_eq!(score.bins.iter().map(|b| b.games).sum::<u64>(), 6);
        // Differences of at most 20 points give the favourite at most
        // 53 %: all in the first bin. The favourites: 60 lost to 50 (0),
        // 50 beat the two 40s (2), 60 tied with a 40 (½) and beat the
        // other (1); of the two 40s the first player (p ½) won (1): 4.5.
        assert_eq!(score.bins[0].games, 6);
        assert_eq!(score.bins[0].won, 4.5);
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
                deviations: Vec::new(),
                wins: 0,
                losses: 0,
                draws: 0,
            });
            Row::new(0, player, 0.0, 0.0, true, None, Detail::Match(matches))
        };
        // 0 (1600) beats 1 (1500): right. 0 draws 2: no game for share
        // right, a draw for log loss. 3 (1500) beats 1 (1500): half.
        // Each seen from both sides.
        let rows = [
            row(0, vec![line(1, 1.0, 1600.0, 1500.0), line(2, 0.5, 1600.0, 1700.0)]),
            row(1, vec![line(0, 0.0, 1500.0, 1600.0), line(3, 0.0, 1500.0, 1500.0)]),
            row(2, vec![line(0, 0.5, 1700.0, 1600.0)]),
            row(3, vec![line(1, 1.0, 1500.0, 1500.0)]),
        ];
        let games = games(&elo(), &rows);
        assert_eq!(
            Score::of(&games).tally,
            Tally {
                games: 2,
                right2: 3,
                equal: 1
            }
        );
        let keys: Vec<_> = games.iter().map(|g| (g.key, g.score2)).collect();
        assert_eq!(keys, [((1, 0, 1), 2), ((1, 0, 2), 1), ((1, 1, 3), 0)]);
        let loss = log_loss(0.6400649998028851, 1.0) + log_loss(1.0 - 0.6400649998028851, 0.5) + log_loss(0.5, 0.0);
        assert!((Score::of(&games).loss.sum - loss).abs() < 1e-12);
    }

    /// Two ratings with different rows of an event share the games of the
    /// players both have, whatever the order of their rows.
    #[test]
    fn shared_games_are_found_in_any_order() {
        let all = [
            placed(0, 1, 50.0),
            placed(1, 2, 60.0),
            placed(2, 3, 40.0),
            placed(3, 4, 40.0),
        ];
        let some = [placed(3, 4, 10.0), placed(1, 2, 30.0), placed(0, 1, 20.0)];
        let (a, b) = (games(&elo(), &all), games(&elo(), &some));
        let (n, sum) = shared(&a, &b, Measure::LogLoss);
        // The pairs of players 0, 1 and 3.
        let pairs = [
            ((0, 1), (50.0, 60.0), (20.0, 30.0)),
            ((0, 3), (50.0, 40.0), (20.0, 10.0)),
            ((1, 3), (60.0, 40.0), (30.0, 10.0)),
        ];
        let by_hand: f64 = pairs
            .iter()
            .map(|(_, x, y)| log_loss(crate::elo::chance(x.0, x.1), 1.0) - log_loss(crate::elo::chance(y.0, y.1), 1.0))
            .sum();
        assert_eq!(n, 3);
        assert!((sum - by_hand).abs() < 1e-12);
        // Share right: 60 > 50 wrong in the first, 30 > 20 wrong in the
        // second; the others right in both: no difference.
        assert_eq!(shared(&a, &b, Measure::RightShare), (3, 0.0));
        assert_eq!(shared(&a, &a, Measure::LogLoss), (6, 0.0));
    }

    /// A deterministic bootstrap: the same interval every time, around the
    /// difference over all games; one event repeated gives no spread.
    #[test]
    fn the_bootstrap_is_deterministic_and_brackets_the_difference() {
        let events: Vec<(u64, f64)> = (0..50).map(|i| (10, if i % 2 == 0 { 1.0 } else { -0.9 })).collect();
        let a = bootstrap(&events);
        assert_eq!(a, bootstrap(&events));
        // Σ = 25 × 1 − 25 × 0.9 = 2.5 over 500 games; the events' sums
        // spread ±0.95 around it: about ±0.026 of interval.
        assert!((a.difference - 0.005).abs() < 1e-15);
        assert!(a.low < a.difference && a.difference < a.high, "{a:?}");
        assert!(a.low < 0.0 && !a.clear(), "{a:?}");
        let same = bootstrap(&[(10, 1.0); 30]);
        assert_eq!((same.low, same.high), (0.1, 0.1));
        assert!(same.clear());
    }
}
