//! How events become games for the systems of contract v2 (Elo, Glicko-2,
//! TrueSkill): which events a system rates, and the history rows of a
//! rated event. A placement event (`[[results]]`) is one free-for-all game
//! of its result rows; a match event (`[[round]]`) is its matches, round by
//! round.

use std::collections::HashMap;

use super::{Detail, DetailRef, History, MatchLine, Matches, Row, Standing};
use crate::model::{Event, PlayerId, Site};

/// The parameters every system of contract v2 shares.
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

/// What one event is for a system of contract v2.
pub enum Games<'e> {
    /// Nothing to rate: no results and no matches.
    Nothing,
    /// A free-for-all of the result rows.
    Placement,
    /// Matches, round by round (byes are never rated).
    Matches(&'e [crate::model::Round]),
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
}

impl MatchRows {
    /// One rated match from one player's side; `before` and
    /// `deviation_before` count for the player's first match of the event.
    pub fn record(&mut self, player: PlayerId, before: f64, deviation_before: Option<f64>, line: MatchLine) {
        let i = *self.slot.entry(player).or_insert_with(|| {
            self.entries.push(Entry {
                player,
                before,
                deviation_before,
                matches: Vec::new(),
            });
            self.entries.len() - 1
        });
        self.entries[i].matches.push(line);
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
pub trait Skill {
    type State: Copy;
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

/// Rate a site's events in order with a [`Skill`] system.
pub fn rate_games<S: Skill>(skill: &S, common: &Common, site: &Site) -> History {
    let n = site.players.len();
    let mut state: Vec<Option<S::State>> = vec![None; n];
    let mut history = History::for_events(site.events.len(), 0);
    let view = |s: &S::State| (skill.published(s), skill.deviation(s));
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
                let players: Vec<(S::State, u32)> = event
                    .results
                    .iter()
                    .map(|r| (state[r.player as usize].unwrap_or_else(|| skill.start()), r.rank))
                    .collect();
                // A player alone has nobody to be compared with: no change.
                let new = if players.len() < 2 {
                    players.iter().map(|p| p.0).collect()
                } else {
                    skill.free_for_all(&players)
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
