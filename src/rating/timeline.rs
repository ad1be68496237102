//! The ranking through time, computed from a [`History`] in one pass:
//! each player's rank right after each event, the last event that changed
//! the ranking (for the movement arrows), year-end rankings, who was number
//! one when, and (with `active_years`) who is active.
//!
//! The ranking at a moment follows the ranking rule (rating-systems.md):
//! players with at least one counted event (and, with `active_years`, an event
//! in the window), rating descending, exact ties share a rank. A player's rank
//! is `1 + (number of ranked players with a strictly higher rating)`, so a
//! Fenwick tree of counts over the compressed rating values gives it in
//! O(log n); the whole pass is O(rows · log rows + players · years).

use rayon::prelude::*;
use std::cmp::Ordering;
use std::collections::VecDeque;

use super::fenwick::Fenwick;
use super::{History, RankEntry, assign_ranks};
use crate::model::{Date, PlayerId, Site};

/// The same calendar day `years` earlier (29 February becomes 28 February).
pub fn years_before(date: Date, years: u32) -> Date {
    let year = date.year - years as i32;
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let day = if date.month == 2 && date.day == 29 && !leap {
        28
    } else {
        date.day
    };
    Date {
        year,
        month: date.month,
        day,
    }
}

/// A player's movement in the current ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movement {
    /// Places gained (positive) or lost (negative).
    Places(i64),
    /// Not in the ranking before.
    New,
}

/// The ranking as it stood on 31 December of a year.
#[derive(Debug, Clone)]
pub struct YearEnd {
    pub year: i32,
    pub ranking: Vec<RankEntry>,
}

/// Time a player spent at number one.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberOne {
    pub player: PlayerId,
    /// Days between the event that made them number one and the next event
    /// after which they were not, summed over their spells.
    pub days: i64,
    pub spells: u32,
    /// Date of the first event after which they were number one.
    pub first: Date,
}

/// Everything the pass computes for one rating.
#[derive(Debug, Clone, Default)]
pub struct Timeline {
    /// By row of the history: the player's rank right after that event
    /// (`None`: not in the ranking then).
    pub rank_after: Vec<Option<u32>>,
    /// The last event that changed the ranking.
    pub last_change: Option<usize>,
    /// By player: movement since before `last_change` (`None` for players
    /// not in the current ranking, or when nothing ever changed).
    pub movement: Vec<Option<Movement>>,
    /// One per year with an event of this rating, in order.
    pub year_ends: Vec<YearEnd>,
    /// Longest time at number one first.
    pub number_one: Vec<NumberOne>,
    /// By player: in the current ranking's activity window (all `true`
    /// without `active_years`).
    pub active: Vec<bool>,
}

/// Per-player state during the pass.
#[derive(Clone, Copy)]
struct State {
    coord: u32,
    /// Has a counted event: eligible for the ranking.
    ranked: bool,
    /// Currently in the tree (ranked and active).
    listed: bool,
    last_played: i64,
    counted: u32,
}

const NO_COORD: u32 = u32::MAX;

/// Sort order of players within equal ratings: display name bytes, then key.
pub fn name_order(site: &Site) -> Vec<u32> {
    let mut ids: Vec<PlayerId> = (0..site.players.len() as PlayerId).collect();
    ids.sort_by(|&a, &b| {
        let (pa, pb) = (site.player(a), site.player(b));
        pa.display
            .as_bytes()
            .cmp(pb.display.as_bytes())
            .then_with(|| pa.key.cmp(&pb.key))
    });
    let mut order = vec![0u32; ids.len()];
    for (i, id) in ids.into_iter().enumerate() {
        order[id as usize] = i as u32;
    }
    order
}

/// Run the pass. `active_years`: the activity window, if the rating has one.
pub fn timeline(site: &Site, history: &History, active_years: Option<u32>) -> Timeline {
    let n_players = site.players.len();
    // Offline coordinate compression of every rating a player can hold.
    let mut values: Vec<f64> = history.rows.iter().map(|r| r.after).collect();
    values.sort_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal));
    values.dedup_by(|a, b| a == b);
    let coord_of = |x: f64| -> u32 {
        values
            .binary_search_by(|v| v.partial_cmp(&x).unwrap_or(Ordering::Equal))
            .map_or(NO_COORD, |i| i as u32)
    };
    let mut tree = Fenwick::new(values.len());
    // Players at each coordinate (for "who is number one"); usually one.
    let mut at: Vec<Vec<PlayerId>> = vec![Vec::new(); values.len()];
    let mut state = vec![
        State {
            coord: NO_COORD,
            ranked: false,
            listed: false,
            last_played: i64::MIN,
            counted: 0,
        };
        n_players
    ];
    let order = name_order(site);
    let mut out = Timeline {
        rank_after: vec![None; history.rows.len()],
        ..Timeline::default()
    };
    let moments: Vec<usize> = (0..site.events.len())
        .filter(|&e| !history.event_rows[e].is_empty())
        .collect();
    let mut played: VecDeque<(i64, PlayerId)> = VecDeque::new();
    // By player: (days at number one, spells, date first number one).
    let mut reign: Vec<(i64, u32, Option<Date>)> = vec![(0, 0, None); n_players];
    let mut holders: Vec<PlayerId> = Vec::new();
    let mut holders_since = 0i64;

    fn insert(tree: &mut Fenwick, at: &mut [Vec<PlayerId>], s: &mut State, p: PlayerId) {
        tree.add(s.coord, 1);
        at[s.coord as usize].push(p);
        s.listed = true;
    }
    fn remove(tree: &mut Fenwick, at: &mut [Vec<PlayerId>], s: &mut State, p: PlayerId) {
        tree.add(s.coord, -1);
        let list = &mut at[s.coord as usize];
        if let Some(i) = list.iter().position(|&q| q == p) {
            list.swap_remove(i);
        }
        s.listed = false;
    }

    for (m, &e) in moments.iter().enumerate() {
        let date = site.events[e].date;
        let today = date.days();
        let rows = history.event_rows[e].clone();
        let mut changed = false;
        // Players whose last event fell out of the window leave the ranking.
        if let Some(years) = active_years {
            let cutoff = years_before(date, years).days();
            while played.front().is_some_and(|&(d, _)| d < cutoff) {
                let (d, p) = played.pop_front().expect("non-empty");
                let s = &mut state[p as usize];
                if s.listed && s.last_played == d {
                    remove(&mut tree, &mut at, s, p);
                    changed = true;
                }
            }
        }
        // Participants: old rank, then out of the tree.
        let mut old: Vec<u32> = Vec::with_capacity(rows.len());
        let mut old_rank: Vec<Option<i32>> = Vec::with_capacity(rows.len());
        for row in &history.rows[rows.clone()] {
            let s = &mut state[row.player as usize];
            if s.listed {
                old_rank.push(Some(tree.above(s.coord)));
                old.push(s.coord);
                remove(&mut tree, &mut at, s, row.player);
            } else {
                old_rank.push(None);
            }
        }
        // New state of the participants.
        let mut new: Vec<u32> = Vec::with_capacity(rows.len());
        for row in &history.rows[rows.clone()] {
            let s = &mut state[row.player as usize];
            s.coord = coord_of(row.after);
            s.last_played = today;
            if row.counted {
                s.ranked = true;
                s.counted += 1;
            }
            if s.ranked {
                new.push(s.coord);
            }
            if active_years.is_some() {
                played.push_back((today, row.player));
            }
        }
        // Did a non-participant's rank change? Its rank counts participants
        // above it: f(c) = #new > c − #old > c is constant on [b_i, b_i+1)
        // between the sorted breakpoints b, and on (−∞, b_0).
        if !changed {
            old.sort_unstable();
            new.sort_unstable();
            let mut points: Vec<u32> = old.iter().chain(&new).copied().collect();
            points.sort_unstable();
            points.dedup();
            let count_above = |list: &[u32], c: u32| list.len() - list.partition_point(|&x| x <= c);
            if let Some(&first) = points.first()
                && new.len() != old.len()
                && tree.between(0, first) > 0
            {
                changed = true;
            }
            for (i, &b) in points.iter().enumerate() {
                if changed {
                    break;
                }
                let hi = points.get(i + 1).copied().unwrap_or(values.len() as u32);
                if count_above(&new, b) != count_above(&old, b) && tree.between(b, hi) > 0 {
                    changed = true;
                }
            }
        }
        for row in &history.rows[rows.clone()] {
            let s = &mut state[row.player as usize];
            if s.ranked {
                insert(&mut tree, &mut at, s, row.player);
            }
        }
        for (k, i) in rows.clone().enumerate() {
            let s = &state[history.rows[i].player as usize];
            let rank = s.listed.then(|| tree.above(s.coord));
            if rank != old_rank[k] {
                changed = true;
            }
            out.rank_after[i] = rank.map(|r| r as u32 + 1);
        }
        if changed {
            out.last_change = Some(e);
        }
        // Number one after this moment.
        let top: Vec<PlayerId> = match tree.max() {
            Some(c) => {
                let mut t = at[c as usize].clone();
                t.sort_unstable();
                t
            }
            None => Vec::new(),
        };
        if top != holders {
            for &p in &holders {
                reign[p as usize].0 += today - holders_since;
            }
            for &p in &top {
                if !holders.contains(&p) {
                    let r = &mut reign[p as usize];
                    r.1 += 1;
                    r.2.get_or_insert(date);
                }
            }
            holders = top;
            holders_since = today;
        }
        // Year end: after the last event of a year.
        let next_year = moments.get(m + 1).map(|&n| site.events[n].date.year);
        if next_year != Some(date.year) {
            let entries: Vec<RankEntry> = state
                .iter()
                .enumerate()
                .filter(|(_, s)| s.listed)
                .map(|(p, s)| RankEntry {
                    rank: 0,
                    player: p as PlayerId,
                    rating: values[s.coord as usize],
                    events: s.counted,
                    matches: 0,
                    provisional: false,
                })
                .collect();
            // Sorted and ranked after the pass, all years in parallel.
            out.year_ends.push(YearEnd {
                year: date.year,
                ranking: entries,
            });
        }
    }
    // Year-end rankings: rating, then name order (players are distinct,
    // so the order is total and an unstable sort is deterministic).
    out.year_ends.par_iter_mut().for_each(|y| {
        y.ranking.sort_unstable_by(|a, b| {
            b.rating
                .partial_cmp(&a.rating)
                .unwrap_or(Ordering::Equal)
                .then_with(|| order[a.player as usize].cmp(&order[b.player as usize]))
        });
        assign_ranks(&mut y.ranking);
    });
    // Current holders: their spell runs to the latest event date.
    if let Some(&last) = moments.last() {
        let end = site.events[last].date.days();
        for &p in &holders {
            reign[p as usize].0 += end - holders_since;
        }
    }
    out.active = state.iter().map(|s| s.listed || !s.ranked).collect();
    out.number_one = reign
        .iter()
        .enumerate()
        .filter_map(|(p, &(days, spells, first))| {
            Some(NumberOne {
                player: p as PlayerId,
                days,
                spells,
                first: first?,
            })
        })
        .collect();
    out.number_one.sort_by(|a, b| {
        b.days
            .cmp(&a.days)
            .then_with(|| a.first.cmp(&b.first))
            .then_with(|| order[a.player as usize].cmp(&order[b.player as usize]))
    });
    out.movement = movement(site, history, &moments, out.last_change, active_years, &state);
    out
}

/// Movement since before the last event that changed the ranking: replay the
/// ratings up to the moment before it and rank everyone then.
fn movement(
    site: &Site,
    history: &History,
    moments: &[usize],
    last_change: Option<usize>,
    active_years: Option<u32>,
    now: &[State],
) -> Vec<Option<Movement>> {
    let n = site.players.len();
    let Some(change) = last_change else {
        return vec![None; n];
    };
    let mut rating: Vec<Option<f64>> = vec![None; n];
    let mut ranked = vec![false; n];
    let mut last: Vec<i64> = vec![i64::MIN; n];
    let mut prev_date = None;
    for &e in moments.iter().take_while(|&&e| e != change) {
        for row in history.event(e) {
            let p = row.player as usize;
            rating[p] = Some(row.after);
            ranked[p] |= row.counted;
            last[p] = site.events[e].date.days();
        }
        prev_date = Some(site.events[e].date);
    }
    let cutoff = match (active_years, prev_date) {
        (Some(y), Some(d)) => years_before(d, y).days(),
        _ => i64::MIN,
    };
    let mut before: Vec<(f64, usize)> = (0..n)
        .filter(|&p| ranked[p] && last[p] >= cutoff)
        .filter_map(|p| Some((rating[p]?, p)))
        .collect();
    before.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(Ordering::Equal));
    let mut rank_before: Vec<Option<i64>> = vec![None; n];
    for i in 0..before.len() {
        let r = if i > 0 && before[i].0 == before[i - 1].0 {
            rank_before[before[i - 1].1].expect("set")
        } else {
            i as i64 + 1
        };
        rank_before[before[i].1] = Some(r);
    }
    // Current ranks, the same way.
    let mut current: Vec<(u32, usize)> = (0..n).filter(|&p| now[p].listed).map(|p| (now[p].coord, p)).collect();
    current.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
    let mut result = vec![None; n];
    let mut rank_now = 0i64;
    for i in 0..current.len() {
        if i == 0 || current[i].0 != current[i - 1].0 {
            rank_now = i as i64 + 1;
        }
        let p = current[i].1;
        result[p] = Some(match rank_before[p] {
            Some(r) => Movement::Places(r - rank_now),
            None => Movement::New,
        });
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_before_keeps_the_calendar_day() {
        let d = |year, month, day| Date { year, month, day };
        assert_eq!(years_before(d(2017, 7, 7), 2), d(2015, 7, 7));
        assert_eq!(years_before(d(2016, 2, 29), 1), d(2015, 2, 28));
        assert_eq!(years_before(d(2016, 2, 29), 4), d(2012, 2, 29));
    }
}
