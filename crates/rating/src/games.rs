//! How events become games for the match systems (Elo, Glicko-2,
//! TrueSkill): which events a system rates, and the history rows of a
//! rated event. A placement event (`[[results]]`) is one free-for-all game
//! of its result rows; a match event (`[[round]]`) is its matches, round by
//! round.

use std::collections::HashMap;

use rayon::prelude::*;

use super::{Detail, DetailRef, History, MatchLine, Matches, Row, Standing};
use ratings_model::{Event, PlayerId, Site};

/// The parameters every match system (Elo, Glicko-2, TrueSkill) shares.
#[derive(Debug, Clone, PartialEq)]
pub struct Common {
    /// Only events of these formats are rated (`None`: every event).
    pub formats: Option<Vec<String>>,
    /// Rated events a player needs to be in the ranking.
    pub min_events: u32,
}

/// The keys of [`Common`].
pub const COMMON_KEYS: [&str; 2] = ["formats", "min_events"];

impl Common {
    pub fn read(t: &mut super::Params) -> Common {
        Common {
            formats: t.formats(),
            min_events: t.whole("min_events", 1, 1..=1_000_000, "a whole number from 1 to 1000000") as u32,
        }
    }

    /// Why the system does not rate `event`, if it does not (the note shown
    /// on the event page); `Ok` when it rates it.
    pub fn rates(&self, event: &Event) -> Result<(), String> {
        if !event.sanctioned {
            return Err("Not rated: the tournament was not sanctioned.".to_string());
        }
        match (&self.formats, &event.format) {
            (Some(formats), Some(f)) if !formats.contains(f) => Err(format!(
                "Not rated: the format {f:?} does not count in this rating (it counts {}).",
                formats.join(", ")
            )),
            (Some(formats), None) => Err(format!(
                "Not rated: the event names no format, and this rating counts only {}.",
                formats.join(", ")
            )),
            _ => Ok(()),
        }
    }

    /// The parameters as the method page states them.
    pub fn describe(&self) -> String {
        let formats = match &self.formats {
            Some(f) => format!("Only events of the formats {} are rated. ", f.join(", ")),
            None => String::new(),
        };
        format!(
            "{formats}Unsanctioned events (`sanctioned = false`) are not rated. The ranking lists players \
             with at least {} rated event{}.",
            self.min_events,
            if self.min_events == 1 { "" } else { "s" }
        )
    }
}

/// What one event is for a match system (Elo, Glicko-2, TrueSkill).
pub enum Games<'e> {
    /// Nothing to rate: no results and no matches.
    Nothing,
    /// A free-for-all of the result rows.
    Placement,
    /// Matches, round by round (byes are never rated).
    Matches(&'e [ratings_model::Round]),
}

impl<'e> Games<'e> {
    pub fn of(event: &'e Event) -> Games<'e> {
        if event.is_match_event() {
            Games::Matches(&event.round)
        } else if !event.results.is_empty() {
            Games::Placement
        } else {
            Games::Nothing
        }
    }
}

/// The rows of one match event, gathered match by match.
#[derive(Default)]
pub struct MatchRows {
    entries: Vec<Entry>,
    slot: HashMap<PlayerId, usize>,
}

struct Entry {
    player: PlayerId,
    before: f64,
    deviation_before: Option<f64>,
    matches: Vec<MatchLine>,
    deviations: Vec<f64>,
}

impl MatchRows {
    /// One rated match from one player's side; `before` and
    /// `deviation_before` count for the player's first match of the event
    /// (the deviation is kept for every match: predictions read it).
    pub fn record(&mut self, player: PlayerId, before: f64, deviation_before: Option<f64>, line: MatchLine) {
        let i = *self.slot.entry(player).or_insert_with(|| {
            self.entries.push(Entry {
                player,
                before,
                deviation_before,
                matches: Vec::new(),
                deviations: Vec::new(),
            });
            self.entries.len() - 1
        });
        self.entries[i].matches.push(line);
        self.entries[i].deviations.extend(deviation_before);
    }

    /// Push the rows of event `index` onto `history`: one per player with a
    /// rated match, ordered by the event's standings (if any), then name.
    /// `after` gives a player's rating and deviation after the event.
    pub fn finish(
        self,
        site: &Site,
        index: usize,
        history: &mut History,
        mut after: impl FnMut(PlayerId) -> (f64, Option<f64>),
    ) {
        let event = &site.events[index];
        let start = history.rows.len();
        // Byes are never rated, but the reader sees them.
        let mut byes: HashMap<PlayerId, Vec<u32>> = HashMap::new();
        for (r, round) in event.round.iter().enumerate() {
            for &b in &round.byes {
                byes.entry(b).or_default().push(r as u32 + 1);
            }
        }
        for entry in self.entries {
            let (rating, deviation) = after(entry.player);
            let count = |v: f64| entry.matches.iter().filter(|m| m.score() == v).count() as u32;
            history.rows.push(Row::new(
                index,
                entry.player,
                entry.before,
                rating,
                true,
                entry.deviation_before.zip(deviation).map(|(b, a)| [b, a]),
                Detail::Match(Box::new(Matches {
                    wins: count(1.0),
                    losses: count(0.0),
                    draws: count(0.5),
                    byes: byes.remove(&entry.player).unwrap_or_default(),
                    matches: entry.matches,
                    deviations: entry.deviations,
                })),
            ));
        }
        let rank: HashMap<PlayerId, u32> = event.results.iter().map(|r| (r.player, r.rank)).collect();
        history.rows[start..].sort_by(|a, b| {
            let (pa, pb) = (site.player(a.player), site.player(b.player));
            let ra = rank.get(&a.player).copied().unwrap_or(u32::MAX);
            let rb = rank.get(&b.player).copied().unwrap_or(u32::MAX);
            ra.cmp(&rb)
                .then_with(|| pa.display.as_bytes().cmp(pb.display.as_bytes()))
                .then_with(|| pa.key.cmp(&pb.key))
        });
    }
}

/// Rows of a placement event by rank, then by name, as result lists show them.
pub fn sort_placement_rows(site: &Site, rows: &mut [Row]) {
    rows.sort_by(|a, b| {
        let (pa, pb) = (site.player(a.player), site.player(b.player));
        a.rank()
            .cmp(&b.rank())
            .then_with(|| pa.display.as_bytes().cmp(pb.display.as_bytes()))
            .then_with(|| pa.key.cmp(&pb.key))
    });
}

/// Close the event `index` after its rows were pushed from `start`: record
/// the range, and whether the event is included (with the note to show).
pub fn close_event(history: &mut History, start: usize, note: Option<String>) {
    let included = history.rows.len() > start;
    history.event_rows.push(start..history.rows.len());
    history.events.push(super::EventRating {
        included,
        value: None,
        note: if included {
            note
        } else {
            Some("Not rated: no matches were played (byes are never rated).".to_string())
        },
    });
}

/// Per player: rated events and matches so far.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tally {
    pub events: u32,
    pub matches: u32,
}

/// The standings after the last event: every player with a row, ranked
/// with at least `min_events` rated events.
pub fn standings(
    history: &History,
    players: usize,
    min_events: u32,
    now: impl Fn(PlayerId) -> (f64, Option<f64>),
) -> Vec<Option<Standing>> {
    let mut tally = vec![Tally::default(); players];
    for row in &history.rows {
        let t = &mut tally[row.player as usize];
        t.events += 1;
        if let DetailRef::Match(m) = row.detail() {
            t.matches += m.matches.len() as u32;
        }
    }
    tally
        .iter()
        .enumerate()
        .map(|(p, t)| {
            (t.events > 0).then(|| {
                let (rating, deviation) = now(p as PlayerId);
                Standing {
                    rating,
                    events: t.events,
                    matches: t.matches,
                    provisional: false,
                    ranked: t.events >= min_events,
                    deviation,
                }
            })
        })
        .collect()
}

/// A system that rates every game as it comes (Elo, TrueSkill): a placement
/// event is one free-for-all, a match one duel.
pub trait Skill: Sync {
    type State: Copy + Send + Sync;
    /// A new player's state.
    fn start(&self) -> Self::State;
    /// The published rating of a state.
    fn published(&self, s: &Self::State) -> f64;
    fn deviation(&self, s: &Self::State) -> Option<f64>;
    /// One free-for-all game of two or more players (state, rank; equal
    /// ranks drawn): the new states, in order.
    fn free_for_all(&self, players: &[(Self::State, u32)]) -> Vec<Self::State>;
    /// One match; `score_a` is 1, ½ or 0 for `a`.
    fn duel(&self, a: &Self::State, b: &Self::State, score_a: f64) -> (Self::State, Self::State);
    /// The K of a duel, for systems that have one (shown in match tables).
    fn k(&self) -> Option<f64> {
        None
    }
}

/// Why a game is left out when the system's arithmetic fails on it (the
/// reference implementations raise an error there).
const UNCOMPUTABLE: &str = "Not rated: this result is too unlikely under the rating's parameters to be computed \
     in double precision (for TrueSkill, a `draw_probability` near 1 does this to large fields).";

fn finite<S: Skill>(skill: &S, s: &S::State) -> bool {
    skill.published(s).is_finite() && skill.deviation(s).is_none_or(f64::is_finite)
}

/// Events rated ahead together at most (see [`Ahead`]).
const AHEAD: usize = 64;

/// The free-for-alls of a run of events that share no player, computed in
/// parallel before the run is recorded in order. An event's game reads only
/// its own players' states, which no other event of the run changes: the
/// results are those of rating one event after the other. (A free-for-all
/// of many players is most of the time of TrueSkill's factor graph.)
struct Ahead<S: Skill> {
    /// The first event of the run, and a game per event of it (`None`:
    /// not a free-for-all the system rates).
    first: usize,
    games: Vec<Option<Vec<S::State>>>,
    /// By player: the last run that had them (0: none yet).
    run_of: Vec<u32>,
    run: u32,
}

impl<S: Skill> Ahead<S> {
    fn new(players: usize) -> Self {
        Ahead {
            first: 0,
            games: Vec::new(),
            run_of: vec![0; players],
            run: 0,
        }
    }

    /// The game of placement event `index`, computed with the next run when
    /// `index` is past the current one.
    fn take(
        &mut self,
        skill: &S,
        common: &Common,
        site: &Site,
        state: &[Option<S::State>],
        index: usize,
    ) -> Option<Vec<S::State>> {
        if index >= self.first + self.games.len() {
            self.plan(skill, common, site, state, index);
        }
        self.games[index - self.first].take()
    }

    /// Start a run at event `first`: it ends before the first event that
    /// has a player of an earlier event of the run.
    fn plan(&mut self, skill: &S, common: &Common, site: &Site, state: &[Option<S::State>], first: usize) {
        self.run += 1;
        let mut end = first;
        'events: while end < site.events.len() && end - first < AHEAD {
            let event = &site.events[end];
            let players = event.results.iter().map(|r| r.player).chain(
                event
                    .round
                    .iter()
                    .flat_map(|r| r.matches.iter().flat_map(|m| [m.a, m.b])),
            );
            for p in players.clone() {
                if self.run_of[p as usize] == self.run {
                    break 'events;
                }
            }
            for p in players {
                self.run_of[p as usize] = self.run;
            }
            end += 1;
        }
        // The first event always joins: none of its players is in the run yet.
        self.first = first;
        self.games = (first..end)
            .into_par_iter()
            .map(|index| {
                let event = &site.events[index];
                if !matches!(Games::of(event), Games::Placement)
                    || common.rates(event).is_err()
                    || event.results.len() < 2
                {
                    return None;
                }
                Some(skill.free_for_all(&placement(skill, state, event)))
            })
            .collect();
    }
}

/// The players of a placement event: (state, rank).
fn placement<S: Skill>(skill: &S, state: &[Option<S::State>], event: &Event) -> Vec<(S::State, u32)> {
    event
        .results
        .iter()
        .map(|r| (state[r.player as usize].unwrap_or_else(|| skill.start()), r.rank))
        .collect()
}

/// Rate a site's events in order with a [`Skill`] system.
pub fn rate_games<S: Skill>(skill: &S, common: &Common, site: &Site) -> History {
    let n = site.players.len();
    let mut state: Vec<Option<S::State>> = vec![None; n];
    let mut history = History::for_events(site.events.len(), 0);
    let view = |s: &S::State| (skill.published(s), skill.deviation(s));
    let mut ahead = Ahead::<S>::new(n);
    for (index, event) in site.events.iter().enumerate() {
        let games = Games::of(event);
        if let Games::Nothing = games {
            history.push_not_included(None);
            continue;
        }
        if let Err(note) = common.rates(event) {
            history.push_not_included(Some(note));
            continue;
        }
        let start = history.rows.len();
        match games {
            Games::Nothing => unreachable!("handled above"),
            Games::Placement => {
                let players = placement(skill, &state, event);
                // A player alone has nobody to be compared with: no change.
                let new = if players.len() < 2 {
                    players.iter().map(|p| p.0).collect()
                } else {
                    ahead
                        .take(skill, common, site, &state, index)
                        .expect("a rated free-for-all of two or more players")
                };
                if !new.iter().all(|s| finite(skill, s)) {
                    history.push_not_included(Some(UNCOMPUTABLE.to_string()));
                    continue;
                }
                for ((r, (old, _)), new) in event.results.iter().zip(&players).zip(new) {
                    let (before, deviation_before) = view(old);
                    let (after, deviation_after) = view(&new);
                    history.rows.push(Row::new(
                        index,
                        r.player,
                        before,
                        after,
                        true,
                        deviation_before.zip(deviation_after).map(|(b, a)| [b, a]),
                        Detail::Placement {
                            rank: r.rank,
                            score: None,
                        },
                    ));
                    state[r.player as usize] = Some(new);
                }
                sort_placement_rows(site, &mut history.rows[start..]);
            }
            Games::Matches(rounds) => {
                let mut rows = MatchRows::default();
                // A player plays at most once a round (checked when loading):
                // updating in place uses the ratings from before the round.
                for (r, round) in rounds.iter().enumerate() {
                    for m in &round.matches {
                        let a = state[m.a as usize].unwrap_or_else(|| skill.start());
                        let b = state[m.b as usize].unwrap_or_else(|| skill.start());
                        let score = m.score_a();
                        let (a2, b2) = skill.duel(&a, &b, score);
                        if !finite(skill, &a2) || !finite(skill, &b2) {
                            // Left out, as the reference implementations refuse it.
                            continue;
                        }
                        for (first, old, other, new) in [(true, &a, &b, &a2), (false, &b, &a, &b2)] {
                            let (before, deviation_before) = view(old);
                            let line = MatchLine::side(
                                m,
                                r as u32 + 1,
                                first,
                                before,
                                skill.published(other),
                                Some(skill.published(new)),
                                skill.k(),
                            );
                            rows.record(m.side(first).0, before, deviation_before, line);
                        }
                        state[m.a as usize] = Some(a2);
                        state[m.b as usize] = Some(b2);
                    }
                }
                rows.finish(site, index, &mut history, |p| {
                    view(&state[p as usize].expect("rated in this event"))
                });
            }
        }
        close_event(&mut history, start, None);
    }
    history.standings = standings(&history, n, common.min_events, |p| {
        view(&state[p as usize].expect("has rows"))
    });
    history
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{event, site};
    use crate::trueskill::TrueSkill;
    use crate::trueskill::tests::defaults;
    use ratings_model::Placement;

    /// Free-for-alls rated ahead in parallel ([`Ahead`]) give what rating
    /// the events one after the other gives, with runs cut wherever an
    /// event shares a player with an earlier one of the run.
    #[test]
    fn rating_ahead_gives_what_rating_in_order_gives() {
        let mut x: u64 = 7;
        let mut next = |m: u64| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        let mut events = Vec::new();
        for e in 0..300 {
            let size = 2 + next(6) as usize;
            let mut players: Vec<u32> = Vec::new();
            while players.len() < size {
                let p = next(40) as u32;
                if !players.contains(&p) {
                    players.push(p);
                }
            }
            let mut ev = event(&format!("e{e}"), 0, 0, Vec::new());
            ev.results = players
                .iter()
                .enumerate()
                // Every second pair tied.
                .map(|(i, &player)| Placement {
                    rank: if i % 4 == 1 { i as u32 } else { i as u32 + 1 },
                    player,
                    origin: Default::default(),
                })
                .collect();
            events.push(ev);
        }
        let site = site(40, events);
        let disjoint_neighbours = site
            .events
            .windows(2)
            .filter(|w| {
                w[0].results
                    .iter()
                    .all(|a| w[1].results.iter().all(|b| a.player != b.player))
            })
            .count();
        assert!(
            disjoint_neighbours > 50,
            "{disjoint_neighbours}: runs of one event only"
        );
        let skill = defaults();
        let history = rate_games(&skill, &skill.common, &site);
        let mut state: Vec<Option<<TrueSkill as Skill>::State>> = vec![None; 40];
        let mut rows = 0;
        for (i, ev) in site.events.iter().enumerate() {
            let new = skill.free_for_all(&placement(&skill, &state, ev));
            for (r, s) in ev.results.iter().zip(new) {
                state[r.player as usize] = Some(s);
            }
            for row in history.event(i) {
                let s = state[row.player as usize].expect("played");
                assert_eq!(row.after, skill.published(&s), "event {i}");
                assert_eq!(row.deviation().map(|d| d[1]), skill.deviation(&s), "event {i}");
                rows += 1;
            }
        }
        assert_eq!(rows, site.events.iter().map(|e| e.results.len()).sum::<usize>());
    }
}
