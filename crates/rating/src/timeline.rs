//! The ranking through time, computed from a [`History`] in one pass:
//! each player's rank right after each event, the last event that changed
//! the ranking (for the movement arrows), year-end rankings, who was number
//! one when, and (with `active_years`) who is active.
//!
//! The ranking at a moment follows the ranking rule (docs/rating-systems.md):
//! players with at least one counted event (and, with `active_years`, an event
//! in the window), rating descending, exact ties share a rank. A player's rank
//! is `1 + (number of ranked players with a strictly higher rating)`, so a
//! Fenwick tree of counts over the compressed rating values gives it in
//! O(log n); the whole pass is O(rows · log rows + players), its year ends
//! at most [`YEAR_END_ENTRIES_PER_ROW`] entries a row.

use std::cmp::Ordering;
use std::collections::VecDeque;

use super::fenwick::Fenwick;
use super::{History, RankEntry, assign_ranks};
use ratings_model::{Date, PlayerId, Site};

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

/// Most year-end entries a rating's year-end rankings hold together, per
/// row of its history (result rows of the events it rates): the year pages,
/// the year selector and `downloads/ID-year-end.csv.gz` cover the years
/// from the newest back while the covered years' lists, each counted as
/// the players who had a row in the rating up to the end of that year
/// (known before rating, an upper bound of the list), hold together at
/// most this many entries a row; the newest year is always covered.
///
/// A year-end list holds every ranked player, so the lists of all years are
/// players × years: one placement event of 20,000 players followed by a
/// 2-row event a year for 4,000 years asked for 80 million entries (3.6 GB
/// with `page_size = 100000`, 23 s of `check`) from 28,000 rows. On real
/// sites the entries are about years/10 a row (a player plays some ten
/// events over the years they are listed), so this leaves out years only
/// beyond some 600 years of history.
pub const YEAR_END_ENTRIES_PER_ROW: usize = 64;

/// A player's movement in the current ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movement {
    /// Places gained (positive) or lost (negative); 4 bytes, as ranks
    /// count players (an `Option<Movement>` is 8 bytes a player).
    Places(i32),
    /// Not in the ranking before.
    New,
}

/// The ranking as it stood on 31 December of a year.
#[derive(Debug, Clone)]
pub struct YearEnd {
    pub year: i32,
    /// Its top (the year page), ranked.
    pub ranking: Vec<RankEntry>,
    /// Players in the whole of it. The whole lists (the year-end download;
    /// on an archive, millions of entries over the years) are not held:
    /// [`year_end_lists`] replays them.
    pub total: usize,
}

/// A line of a whole year-end ranking; ranks follow from the order
/// (equal ratings share the rank of the first of them).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct YearEntry {
    pub rating: f64,
    pub player: PlayerId,
    pub events: u32,
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
    /// (`None`: not in the ranking then); 4 bytes a row.
    pub rank_after: Vec<Option<std::num::NonZeroU32>>,
    /// The last event that changed the ranking.
    pub last_change: Option<usize>,
    /// By player: movement since before `last_change` (`None` for players
    /// not in the current ranking, or when nothing ever changed).
    pub movement: Vec<Option<Movement>>,
    /// One per year with an event of this rating, in order, from the
    /// oldest year covered (see [`YEAR_END_ENTRIES_PER_ROW`]).
    pub year_ends: Vec<YearEnd>,
    /// Years with an event of this rating, before the first of
    /// `year_ends`, whose year-end rankings are left out.
    pub years_left_out: usize,
    /// Longest time at number one first.
    pub number_one: Vec<NumberOne>,
    /// By player: in the current ranking's activity window (all `true`
    /// without `active_years`).
    pub active: Vec<bool>,
}

/// Per-player state during the pass.
#[derive(Clone, Copy)]
struct State {
    /// Coordinate of the current rating (the full pass only).
    coord: u32,
    /// History row of the current rating.
    row: u32,
    /// Has a counted event: eligible for the ranking.
    ranked: bool,
    /// Currently in the tree (ranked and active).
    listed: bool,
    last_played: i64,
    counted: u32,
}

const NO_COORD: u32 = u32::MAX;

/// The order of the coordinates: by value (-0 and 0 equal, as in the
/// ranking), NaN after every number. A total order, so that every rating
/// of the history is found among the sorted values whatever they are: a
/// NaN once made the sort inconsistent, a rating was not found, and its
/// missing coordinate reached the Fenwick tree. (The rate stage refuses a
/// NaN now; the pass stays sound without that.)
fn value_order(a: &f64, b: &f64) -> Ordering {
    a.partial_cmp(b).unwrap_or_else(|| a.is_nan().cmp(&b.is_nan()))
}

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
/// Year-end rankings keep their top `keep` as ranked entries (the year
/// pages).
pub fn timeline(site: &Site, history: &History, active_years: Option<u32>, keep: usize) -> Timeline {
    let order = name_order(site);
    let mut top = |year: i32, all: &mut Vec<YearEntry>| YearEnd {
        year,
        total: all.len(),
        ranking: top_of(all, keep, &order),
    };
    let mut pass = Pass::new(site, history, active_years, &mut top, false);
    pass.run();
    pass.finish(&order)
}

/// Every whole year-end ranking of a rating, years in order, each sorted
/// best first (rating, then name order): `each(year, list)`. The same pass
/// as [`timeline`]'s, replayed so that the lists are never all held.
pub fn year_end_lists(
    site: &Site,
    history: &History,
    active_years: Option<u32>,
    mut each: impl FnMut(i32, &[YearEntry]),
) {
    let order = name_order(site);
    let mut lists = YearEndOrder::new(site.players.len());
    let mut sorted = |year: i32, all: &mut Vec<YearEntry>| {
        let total = all.len();
        each(year, lists.next(all, &order));
        YearEnd {
            year,
            total,
            ranking: Vec::new(),
        }
    };
    let mut pass = Pass::new(site, history, active_years, &mut sorted, true);
    pass.run();
}

/// Year-end lists in order, each made from the one before: a list differs
/// from last year's only in the players who played, joined or left since,
/// and the order is total, so the others keep their order and only the
/// players who moved are sorted and merged in (an archive's lists hold
/// every rated player, tens of thousands, each year: sorting each whole
/// took more time than writing them).
struct YearEndOrder {
    /// By player: (rating bits, events) in the last list, if listed.
    last: Vec<Option<(u64, u32)>>,
    /// By player: in this year's list as in the last (false between calls).
    stays: Vec<bool>,
    /// The last list, sorted.
    list: Vec<YearEntry>,
    /// Work lists, kept to spare their allocation each year.
    moved: Vec<YearEntry>,
    merged: Vec<YearEntry>,
}

impl YearEndOrder {
    fn new(players: usize) -> Self {
        YearEndOrder {
            last: vec![None; players],
            stays: vec![false; players],
            list: Vec::new(),
            moved: Vec::new(),
            merged: Vec::new(),
        }
    }

    /// The year's list `all` (any order, each player once) sorted best
    /// first: the same as [`sort_year_end`] of it.
    fn next(&mut self, all: &[YearEntry], order: &[u32]) -> &[YearEntry] {
        let key = |e: &YearEntry| Some((e.rating.to_bits(), e.events));
        self.moved.clear();
        for e in all {
            if self.last[e.player as usize] == key(e) {
                self.stays[e.player as usize] = true;
            } else {
                self.moved.push(*e);
            }
        }
        sort_year_end(&mut self.moved, order);
        self.merged.clear();
        self.merged.reserve(all.len());
        let mut moved = self.moved.iter().peekable();
        for e in &self.list {
            let p = e.player as usize;
            if !std::mem::take(&mut self.stays[p]) {
                // Moved or left: a moved player is entered from `moved`.
                self.last[p] = None;
                continue;
            }
            while let Some(m) = moved.next_if(|m| year_end_order(m, e, order) == Ordering::Less) {
                self.merged.push(*m);
            }
            self.merged.push(*e);
        }
        self.merged.extend(moved);
        for e in &self.moved {
            self.last[e.player as usize] = key(e);
        }
        std::mem::swap(&mut self.list, &mut self.merged);
        &self.list
    }
}

/// Year-end order: rating descending, then name order (players are
/// distinct, so the order is total and an unstable sort is deterministic).
fn sort_year_end(all: &mut [YearEntry], order: &[u32]) {
    all.sort_unstable_by(|a, b| year_end_order(a, b, order));
}

fn year_end_order(a: &YearEntry, b: &YearEntry, order: &[u32]) -> Ordering {
    b.rating
        .partial_cmp(&a.rating)
        .unwrap_or(Ordering::Equal)
        .then_with(|| order[a.player as usize].cmp(&order[b.player as usize]))
}

/// The first `keep` of a year-end ranking, ranked.
fn top_of(all: &mut [YearEntry], keep: usize, order: &[u32]) -> Vec<RankEntry> {
    let keep = keep.min(all.len());
    if keep == 0 {
        return Vec::new();
    }
    if keep < all.len() {
        all.select_nth_unstable_by(keep - 1, |a, b| year_end_order(a, b, order));
    }
    let head = &mut all[..keep];
    sort_year_end(head, order);
    let mut top: Vec<RankEntry> = head
        .iter()
        .map(|e| RankEntry {
            rank: 0,
            player: e.player,
            rating: e.rating,
            events: e.events,
            matches: 0,
            provisional: false,
        })
        .collect();
    assign_ranks(&mut top);
    top
}

/// Whether `moments[m]` is the last event of its year: a year end follows.
fn ends_a_year(site: &Site, moments: &[usize], m: usize) -> bool {
    let year = site.events[moments[m]].date.year;
    moments.get(m + 1).map(|&n| site.events[n].date.year) != Some(year)
}

/// Which year ends a pass makes, decided before it (see
/// [`YEAR_END_ENTRIES_PER_ROW`]).
struct YearEndPlan {
    /// Players with a row in the rating, in the order of their first row:
    /// a year end looks at the first `bounds[year]` of them only.
    members: Vec<PlayerId>,
    /// By year with an event, oldest first: the players in `members` by its
    /// end (an upper bound of its year-end list).
    bounds: Vec<usize>,
    /// Years left out: the first `skip` of `bounds`.
    skip: usize,
}

impl YearEndPlan {
    /// O(rows + players): the years covered are the newest ones whose
    /// bounds sum to at most [`YEAR_END_ENTRIES_PER_ROW`] a row, and always
    /// the newest.
    fn new(site: &Site, history: &History, moments: &[usize]) -> Self {
        let mut seen = vec![false; site.players.len()];
        let mut members = Vec::new();
        let mut bounds = Vec::new();
        for (m, &e) in moments.iter().enumerate() {
            for row in history.event(e) {
                if !std::mem::replace(&mut seen[row.player as usize], true) {
                    members.push(row.player);
                }
            }
            if ends_a_year(site, moments, m) {
                bounds.push(members.len());
            }
        }
        let budget = (YEAR_END_ENTRIES_PER_ROW as u64).saturating_mul(history.rows.len() as u64);
        let mut total = 0u64;
        let mut skip = bounds.len();
        while skip > 0 {
            total = total.saturating_add(bounds[skip - 1] as u64);
            if total > budget && skip < bounds.len() {
                break;
            }
            skip -= 1;
        }
        YearEndPlan { members, bounds, skip }
    }
}

impl Pass<'_> {
    /// Every event of the rating in order, with the year ends covered.
    fn run(&mut self) {
        let (site, history) = (self.site, self.history);
        self.moments = (0..site.events.len())
            .filter(|&e| !history.event_rows[e].is_empty())
            .collect();
        let plan = YearEndPlan::new(site, history, &self.moments);
        self.out.years_left_out = plan.skip;
        let mut year_index = 0;
        for m in 0..self.moments.len() {
            let e = self.moments[m];
            let date = site.events[e].date;
            let mut changed = self.expire(date);
            changed |= self.event(e, changed);
            if changed {
                self.out.last_change = Some(e);
            }
            if !self.lists_only {
                self.number_one(date);
            }
            if ends_a_year(site, &self.moments, m) {
                if year_index >= plan.skip {
                    self.year_end(date.year, &plan.members[..plan.bounds[year_index]]);
                }
                year_index += 1;
            }
        }
    }
}

/// What becomes of a year-end ranking (all its players, unsorted).
type YearEndFn<'f> = dyn FnMut(i32, &mut Vec<YearEntry>) -> YearEnd + 'f;

/// [`Pass::holding`] of a player who is not number one.
const NOT_HOLDING: u32 = u32::MAX;

/// The most players who can be number one together: when more share the
/// top rating, none of them is (a list of thousands of co-number-ones
/// says nothing, and a top that went back and forth between one player
/// and 100,000 tied ones gave each of them a spell every time: 47 s of
/// `check`).
pub const MAX_NUMBER_ONES: usize = 64;

/// The state of the pass over one rating's events.
struct Pass<'s> {
    site: &'s Site,
    /// Events with rows in this rating, in order.
    moments: Vec<usize>,
    year_end_of: &'s mut YearEndFn<'s>,
    history: &'s History,
    active_years: Option<u32>,
    /// Every rating a player can hold, sorted: coordinates index it.
    values: Vec<f64>,
    tree: Fenwick,
    /// The listed players by (coordinate, player), for "who is number
    /// one": as many entries as players, where a list per coordinate
    /// would take 24 bytes for each of the millions of coordinates.
    at: std::collections::BTreeSet<(u32, PlayerId)>,
    state: Vec<State>,
    /// (day, player) of every rated appearance, for the activity window.
    played: VecDeque<(i64, PlayerId)>,
    /// By player: (days at number one, spells, date first number one).
    reign: Vec<(i64, u32, Option<Date>)>,
    /// The players at number one (in no order), the coordinate they share,
    /// and by player: its place in `holders` ([`NOT_HOLDING`]: none), the
    /// day it became number one, a mark of the new holders when the top
    /// rating changes.
    holders: Vec<PlayerId>,
    holders_at: Option<u32>,
    holding: Vec<u32>,
    since: Vec<i64>,
    mark: Vec<u32>,
    marks: u32,
    /// Players inserted in or removed from the ranking since the last
    /// look at number one.
    touched: Vec<PlayerId>,
    /// A replay for the year-end lists only (see [`year_end_lists`]): no
    /// rank after each row, no number one (`at`, `reign` stay empty).
    lists_only: bool,
    out: Timeline,
}

impl<'s> Pass<'s> {
    fn new(
        site: &'s Site,
        history: &'s History,
        active_years: Option<u32>,
        year_end_of: &'s mut YearEndFn<'s>,
        lists_only: bool,
    ) -> Self {
        let n_players = site.players.len();
        // Offline coordinate compression of every rating a player can hold
        // (ranks need it; the lists replay reads ratings from the rows).
        let mut values: Vec<f64> = Vec::new();
        if !lists_only {
            values = history.rows.iter().map(|r| r.after).collect();
            values.sort_by(value_order);
            values.dedup_by(|a, b| value_order(a, b) == Ordering::Equal);
            values.shrink_to_fit();
        }
        let state = State {
            coord: NO_COORD,
            row: 0,
            ranked: false,
            listed: false,
            last_played: i64::MIN,
            counted: 0,
        };
        Pass {
            site,
            moments: Vec::new(),
            year_end_of,
            history,
            active_years,
            tree: Fenwick::new(values.len()),
            at: std::collections::BTreeSet::new(),
            values,
            state: vec![state; n_players],
            played: VecDeque::new(),
            reign: if lists_only {
                Vec::new()
            } else {
                vec![(0, 0, None); n_players]
            },
            holders: Vec::new(),
            holders_at: None,
            holding: if lists_only {
                Vec::new()
            } else {
                vec![NOT_HOLDING; n_players]
            },
            since: if lists_only { Vec::new() } else { vec![0; n_players] },
            mark: if lists_only { Vec::new() } else { vec![0; n_players] },
            marks: 0,
            touched: Vec::new(),
            lists_only,
            out: Timeline {
                rank_after: if lists_only {
                    Vec::new()
                } else {
                    vec![None; history.rows.len()]
                },
                ..Timeline::default()
            },
        }
    }

    fn coord_of(&self, x: f64) -> u32 {
        self.values
            .binary_search_by(|v| value_order(v, &x))
            .map_or(NO_COORD, |i| i as u32)
    }

    fn insert(&mut self, p: PlayerId) {
        let s = &mut self.state[p as usize];
        if !self.lists_only {
            self.tree.add(s.coord, 1);
            self.at.insert((s.coord, p));
            self.touched.push(p);
        }
        s.listed = true;
    }

    fn remove(&mut self, p: PlayerId) {
        let s = &mut self.state[p as usize];
        if !self.lists_only {
            self.tree.add(s.coord, -1);
            self.at.remove(&(s.coord, p));
            self.touched.push(p);
        }
        s.listed = false;
    }

    /// Players whose last event fell out of the activity window leave the
    /// ranking. Whether anyone left.
    fn expire(&mut self, date: Date) -> bool {
        let Some(years) = self.active_years else {
            return false;
        };
        let cutoff = years_before(date, years).days();
        let mut changed = false;
        while self.played.front().is_some_and(|&(d, _)| d < cutoff) {
            let (d, p) = self.played.pop_front().expect("non-empty");
            let s = &self.state[p as usize];
            if s.listed && s.last_played == d {
                self.remove(p);
                changed = true;
            }
        }
        changed
    }

    /// The participants of event `e` take their new ratings; each gets
    /// their rank right after it. Whether the ranking changed (`known`:
    /// already known to have changed).
    fn event(&mut self, e: usize, known: bool) -> bool {
        if self.lists_only {
            self.lists_event(e);
            return known;
        }
        let today = self.site.events[e].date.days();
        let rows = self.history.event_rows[e].clone();
        let history = self.history;
        // Participants: old rank, then out of the tree.
        let mut old: Vec<u32> = Vec::with_capacity(rows.len());
        let mut old_rank: Vec<Option<i32>> = Vec::with_capacity(rows.len());
        for row in &history.rows[rows.clone()] {
            let s = self.state[row.player as usize];
            if s.listed {
                old_rank.push(Some(self.tree.above(s.coord)));
                old.push(s.coord);
                self.remove(row.player);
            } else {
                old_rank.push(None);
            }
        }
        let mut new: Vec<u32> = Vec::with_capacity(rows.len());
        for i in rows.clone() {
            let row = &history.rows[i];
            let coord = self.coord_of(row.after);
            self.state[row.player as usize].coord = coord;
            if self.take_part(i, today) {
                new.push(coord);
            }
        }
        let mut changed = known || self.others_moved(&mut old, &mut new);
        for row in &history.rows[rows.clone()] {
            if self.state[row.player as usize].ranked {
                self.insert(row.player);
            }
        }
        for (k, i) in rows.enumerate() {
            let s = &self.state[history.rows[i].player as usize];
            let rank = s.listed.then(|| self.tree.above(s.coord));
            if rank != old_rank[k] {
                changed = true;
            }
            if let Some(slot) = self.out.rank_after.get_mut(i) {
                *slot = rank.and_then(|r| std::num::NonZeroU32::new(r as u32 + 1));
            }
        }
        changed
    }

    /// [`Pass::event`] for the lists replay: no coordinates, no ranks.
    fn lists_event(&mut self, e: usize) {
        let today = self.site.events[e].date.days();
        let rows = self.history.event_rows[e].clone();
        for i in rows.clone() {
            let p = self.history.rows[i].player;
            if self.state[p as usize].listed {
                self.remove(p);
            }
        }
        for i in rows.clone() {
            self.take_part(i, today);
        }
        for i in rows {
            let p = self.history.rows[i].player;
            if self.state[p as usize].ranked {
                self.insert(p);
            }
        }
    }

    /// The player of history row `i` takes its rating on day `today`;
    /// whether they are ranked now.
    fn take_part(&mut self, i: usize, today: i64) -> bool {
        let row = &self.history.rows[i];
        let s = &mut self.state[row.player as usize];
        s.row = i as u32;
        s.last_played = today;
        if row.counted {
            s.ranked = true;
            s.counted += 1;
        }
        if self.active_years.is_some() {
            self.played.push_back((today, row.player));
        }
        s.ranked
    }

    /// Did a non-participant's rank change? Its rank counts participants
    /// above it: f(c) = #new > c − #old > c is constant on [b_i, b_i+1)
    /// between the sorted breakpoints b, and on (−∞, b_0).
    fn others_moved(&self, old: &mut [u32], new: &mut [u32]) -> bool {
        old.sort_unstable();
        new.sort_unstable();
        let mut points: Vec<u32> = old.iter().chain(new.iter()).copied().collect();
        points.sort_unstable();
        points.dedup();
        let count_above = |list: &[u32], c: u32| list.len() - list.partition_point(|&x| x <= c);
        if let Some(&first) = points.first()
            && new.len() != old.len()
            && self.tree.between(0, first) > 0
        {
            return true;
        }
        points.iter().enumerate().any(|(i, &b)| {
            let hi = points.get(i + 1).copied().unwrap_or(self.values.len() as u32);
            count_above(new, b) != count_above(old, b) && self.tree.between(b, hi) > 0
        })
    }

    /// Who is number one after the event of `date`, and since when.
    fn number_one(&mut self, date: Date) {
        let today = date.days();
        // The top rating, unless more than MAX_NUMBER_ONES share it.
        let top = self
            .tree
            .max()
            .filter(|&c| self.tree.between(c, c + 1) as usize <= MAX_NUMBER_ONES);
        let touched = std::mem::take(&mut self.touched);
        if top != self.holders_at {
            // A new top rating: its players are number one, the others of
            // the old top not any more (a player whose rating rose alone at
            // the top stays number one: one spell).
            self.marks += 1;
            let new: Vec<PlayerId> = match top {
                Some(c) => self.at.range((c, 0)..=(c, PlayerId::MAX)).map(|&(_, p)| p).collect(),
                None => Vec::new(),
            };
            for &p in &new {
                self.mark[p as usize] = self.marks;
            }
            let old = std::mem::take(&mut self.holders);
            for &p in &old {
                self.holding[p as usize] = NOT_HOLDING;
            }
            for &p in &old {
                if self.mark[p as usize] == self.marks {
                    self.hold(p);
                } else {
                    self.reign[p as usize].0 += today - self.since[p as usize];
                }
            }
            for &p in &new {
                if self.holding[p as usize] == NOT_HOLDING {
                    self.enter(p, date);
                }
            }
            self.holders_at = top;
        } else if let Some(c) = top {
            // The same top rating: only the players the event moved can
            // have come or gone (each player's key checked once, in
            // O(log n): all the tied players are never gathered again).
            for p in touched {
                let now = self.at.contains(&(c, p));
                match (self.holding[p as usize] != NOT_HOLDING, now) {
                    (true, false) => {
                        self.leave(p);
                        self.reign[p as usize].0 += today - self.since[p as usize];
                    }
                    (false, true) => self.enter(p, date),
                    _ => {}
                }
            }
        }
    }

    /// `p` becomes number one on `date`: one more spell.
    fn enter(&mut self, p: PlayerId, date: Date) {
        self.hold(p);
        self.since[p as usize] = date.days();
        let r = &mut self.reign[p as usize];
        r.1 += 1;
        r.2.get_or_insert(date);
    }

    /// `p` is in `holders`.
    fn hold(&mut self, p: PlayerId) {
        self.holding[p as usize] = self.holders.len() as u32;
        self.holders.push(p);
    }

    /// `p` is not in `holders` any more.
    fn leave(&mut self, p: PlayerId) {
        let at = std::mem::replace(&mut self.holding[p as usize], NOT_HOLDING) as usize;
        self.holders.swap_remove(at);
        if let Some(&moved) = self.holders.get(at) {
            self.holding[moved as usize] = at as u32;
        }
    }

    /// The ranking on 31 December `year`: every listed player among
    /// `members` (those who have had a row by then), unsorted, handed to the
    /// pass's year-end function.
    fn year_end(&mut self, year: i32, members: &[PlayerId]) {
        let mut all: Vec<YearEntry> = members
            .iter()
            .filter_map(|&p| {
                let s = &self.state[p as usize];
                s.listed.then(|| YearEntry {
                    rating: self.history.rows[s.row as usize].after,
                    player: p,
                    events: s.counted,
                })
            })
            .collect();
        let year_end = (self.year_end_of)(year, &mut all);
        self.out.year_ends.push(year_end);
    }

    fn finish(mut self, order: &[u32]) -> Timeline {
        let site = self.site;
        let moments = &self.moments;
        // Current holders: their spell runs to the latest event date.
        if let Some(&last) = moments.last() {
            let end = site.events[last].date.days();
            for &p in &self.holders {
                self.reign[p as usize].0 += end - self.since[p as usize];
            }
        }
        let mut out = self.out;
        out.active = self.state.iter().map(|s| s.listed || !s.ranked).collect();
        out.number_one = self
            .reign
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
        out.movement = movement(
            site,
            self.history,
            &self.moments,
            out.last_change,
            self.active_years,
            &self.state,
        );
        out
    }
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
            Some(r) => Movement::Places((r - rank_now) as i32),
            None => Movement::New,
        });
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rating, NaN included, has its own place in the coordinates'
    /// order: a sort and a binary search by it find each one.
    #[test]
    fn the_value_order_is_total() {
        let mut values = vec![3.0, f64::NAN, -0.0, 1.5, f64::NAN, 0.0, f64::NEG_INFINITY, 3.0];
        values.sort_by(value_order);
        values.dedup_by(|a, b| value_order(a, b) == Ordering::Equal);
        assert_eq!(values.len(), 5, "{values:?}");
        assert!(values[4].is_nan());
        for x in [3.0, f64::NAN, 0.0, -0.0, 1.5, f64::NEG_INFINITY] {
            let found = values.binary_search_by(|v| value_order(v, &x));
            assert!(
                found.is_ok_and(|i| value_order(&values[i], &x) == Ordering::Equal),
                "{x}"
            );
        }
    }

    #[test]
    fn years_before_keeps_the_calendar_day() {
        let d = |year, month, day| Date { year, month, day };
        assert_eq!(years_before(d(2017, 7, 7), 2), d(2015, 7, 7));
        assert_eq!(years_before(d(2016, 2, 29), 1), d(2015, 2, 28));
        assert_eq!(years_before(d(2016, 2, 29), 4), d(2012, 2, 29));
    }

    /// `site` rated by Elo with its default parameters.
    fn elo(site: &Site) -> History {
        let config = ratings_config::parse(
            std::path::Path::new("site.toml"),
            "title = \"t\"\n[[rating]]\nid = \"elo\"\nsystem = \"elo\"\n",
        )
        .unwrap();
        crate::configure(&config.ratings[0]).unwrap().rate(site)
    }

    /// A small deterministic generator: `next(n)` is below `n`.
    fn xorshift(mut state: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        }
    }

    /// Time at number one, against a tally made the slow way (after every
    /// event, every player at the top rating gathered and compared with
    /// the last holders) on Elo events full of draws, where many players
    /// tie at the top: the pass looks only at the players an event moved
    /// (gathering every tied player after every event was cubic: 8,000
    /// one-game events took 38 s to check).
    #[test]
    fn number_ones_match_the_slow_tally() {
        use ratings_model::Event;
        let mut next = xorshift(7);
        let players = 30u32;
        // First by hand: 0 and 1 tie at the top, 2 and 3 join them; 4
        // alone above them; 6 ties with 4; 4 loses to 5 and leaves the
        // top while 6 holds it; then at random.
        let fixed = [
            (0, 1, 0, 0, 1),
            (2, 3, 0, 0, 1),
            (4, 5, 1, 0, 0),
            (6, 7, 1, 0, 0),
            (5, 4, 1, 0, 0),
            (8, 9, 0, 0, 1),
        ];
        let events: Vec<Event> = (0..200)
            .map(|e| {
                let (a, b) = (next(players as u64) as u32, next(players as u64) as u32);
                let b = if a == b { (b + 1) % players } else { b };
                // Mostly draws: ties at the top stay.
                let (wa, wb, d) = match next(5) {
                    0 => (1, 0, 0),
                    1 => (0, 1, 0),
                    _ => (0, 0, 1),
                };
                let (a, b, wa, wb, d) = fixed.get(e as usize).copied().unwrap_or((a, b, wa, wb, d));
                let mut event =
                    crate::testing::event(&format!("e{e}"), 2, 2, vec![(vec![(a, b, wa, wb, d)], Vec::new())]);
                event.format = Some("Rapid".into());
                // In order: one event a day.
                event.date = Date {
                    year: 2000 + e / 336,
                    month: 1 + (e / 28 % 12) as u8,
                    day: 1 + (e % 28) as u8,
                };
                event
            })
            .collect();
        let site = crate::testing::site(players, events);
        let history = elo(&site);
        let timeline = timeline(&site, &history, None, 10);
        // The slow tally.
        let mut rating: Vec<Option<f64>> = vec![None; players as usize];
        let mut reign: Vec<(i64, u32, Option<Date>)> = vec![(0, 0, None); players as usize];
        let (mut holders, mut since): (Vec<u32>, i64) = (Vec::new(), 0);
        let mut last_day = 0;
        for (e, range) in history.event_rows.iter().enumerate() {
            if range.is_empty() {
                continue;
            }
            let date = site.events[e].date;
            for row in &history.rows[range.clone()] {
                if row.counted || rating[row.player as usize].is_some() {
                    rating[row.player as usize] = Some(row.after);
                }
            }
            let best = rating.iter().flatten().fold(f64::NEG_INFINITY, |m, &r| m.max(r));
            let mut top: Vec<u32> = (0..players).filter(|&p| rating[p as usize] == Some(best)).collect();
            if top.len() > MAX_NUMBER_ONES {
                top.clear();
            }
            if top != holders {
                for &p in &holders {
                    reign[p as usize].0 += date.days() - since;
                }
                for &p in &top {
                    if !holders.contains(&p) {
                        reign[p as usize].1 += 1;
                        reign[p as usize].2.get_or_insert(date);
                    }
                }
                holders = top;
                since = date.days();
            }
            last_day = date.days();
        }
        for &p in &holders {
            reign[p as usize].0 += last_day - since;
        }
        let mut want: Vec<(u32, i64, u32, Date)> = reign
            .iter()
            .enumerate()
            .filter_map(|(p, r)| Some((p as u32, r.0, r.1, r.2?)))
            .collect();
        let mut got: Vec<(u32, i64, u32, Date)> = timeline
            .number_one
            .iter()
            .map(|n| (n.player, n.days, n.spells, n.first))
            .collect();
        want.sort_by_key(|w| w.0);
        got.sort_by_key(|g| g.0);
        assert!(
            want.iter().filter(|w| w.2 > 1).count() > 3,
            "ties come and go: {want:?}"
        );
        assert_eq!(got, want);
    }

    /// 80 players tied at the top are nobody's number one (more than
    /// MAX_NUMBER_ONES); a player alone above them is, and so is the next.
    #[test]
    fn a_crowd_at_the_top_has_no_number_one() {
        let day = |d: u8, mut event: ratings_model::Event| {
            event.format = Some("Rapid".into());
            event.date = Date {
                year: 2000,
                month: 1,
                day: d,
            };
            event
        };
        let draws: Vec<(u32, u32, u16, u16, u16)> = (0..40).map(|i| (2 * i, 2 * i + 1, 0, 0, 1)).collect();
        let events = vec![
            day(1, crate::testing::event("draws", 80, 2, vec![(draws, Vec::new())])),
            day(
                2,
                crate::testing::event("win", 2, 2, vec![(vec![(80, 81, 1, 0, 0)], Vec::new())]),
            ),
            day(
                9,
                crate::testing::event("loss", 2, 2, vec![(vec![(82, 80, 1, 0, 0)], Vec::new())]),
            ),
        ];
        let site = crate::testing::site(83, events);
        let history = elo(&site);
        let timeline = timeline(&site, &history, None, 10);
        let mut got: Vec<(u32, i64, u32)> = timeline
            .number_one
            .iter()
            .map(|n| (n.player, n.days, n.spells))
            .collect();
        got.sort();
        // 80 from 2 to 9 January, 82 from 9 January to the end (0 days).
        assert_eq!(got, [(80, 7, 1), (82, 0, 1)]);
    }

    /// One event of 200 players in year 1000, then one game of 2 new
    /// players a year for 300 years: 800 rows allow 51,200 year-end
    /// entries; a year's list holds everyone so far (200 + 2 a year), so
    /// the newest 70 years (1231-1300: 51,170 entries) are covered, the 231
    /// before left out; the pages' pass and the download's replay agree,
    /// and neither makes a list of a year left out.
    #[test]
    fn year_ends_cover_the_newest_years_within_the_budget() {
        use ratings_model::Event;
        let at = |year: i32, mut event: Event| {
            event.format = Some("Rapid".into());
            event.date = Date { year, month: 6, day: 1 };
            event
        };
        let big: Vec<(u32, u32, u16, u16, u16)> = (0..100).map(|i| (2 * i, 2 * i + 1, 1, 0, 0)).collect();
        let mut events = vec![at(1000, crate::testing::event("big", 200, 2, vec![(big, Vec::new())]))];
        for y in 1..=300u32 {
            let game = vec![(198 + 2 * y, 199 + 2 * y, 0, 0, 1)];
            events.push(at(
                1000 + y as i32,
                crate::testing::event(&format!("y{y}"), 2, 2, vec![(game, Vec::new())]),
            ));
        }
        let site = crate::testing::site(800, events);
        let history = elo(&site);
        assert_eq!(history.rows.len(), 800);
        let pass = timeline(&site, &history, None, 100_000);
        assert_eq!(pass.years_left_out, 231);
        let years: Vec<i32> = pass.year_ends.iter().map(|y| y.year).collect();
        assert_eq!(years, (1231..=1300).collect::<Vec<_>>());
        assert_eq!(pass.year_ends[0].total, 662);
        assert_eq!(pass.year_ends[69].total, 800);
        let kept: usize = pass.year_ends.iter().map(|y| y.ranking.len()).sum();
        assert_eq!(kept, 51_170);
        let mut replayed = Vec::new();
        year_end_lists(&site, &history, None, |year, all| replayed.push((year, all.len())));
        let want: Vec<(i32, usize)> = pass.year_ends.iter().map(|y| (y.year, y.total)).collect();
        assert_eq!(replayed, want);
        // 50 years (300 rows, lists of 12,750 entries in all): every year.
        let mut site = site;
        site.events.truncate(51);
        let history = elo(&site);
        let pass = timeline(&site, &history, None, 10);
        assert_eq!((pass.years_left_out, pass.year_ends.len()), (0, 51));
    }

    /// Each list made from the last is the whole list sorted, year after
    /// year, while players join, leave (and come back), move, keep their
    /// rating with more events, and tie.
    #[test]
    fn year_end_lists_made_from_the_last_are_sorted_lists() {
        let players = 60u32;
        // Name order unrelated to player ids.
        let order: Vec<u32> = (0..players).map(|p| (p * 37) % players).collect();
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut now: Vec<Option<YearEntry>> = vec![None; players as usize];
        let mut lists = YearEndOrder::new(players as usize);
        let mut merged_any = false;
        for year in 0..40 {
            for p in 0..players {
                let slot = &mut now[p as usize];
                match (next(6), slot.as_mut()) {
                    (0, _) => *slot = None,
                    // Few distinct ratings: many ties.
                    (1 | 2, _) => {
                        *slot = Some(YearEntry {
                            rating: (next(8) * 25) as f64 + 0.5,
                            player: p,
                            events: slot.map_or(1, |e| e.events + 1),
                        })
                    }
                    (3, Some(e)) => e.events += 1,
                    _ => {}
                }
            }
            let all: Vec<YearEntry> = now.iter().flatten().copied().collect();
            let mut want = all.clone();
            sort_year_end(&mut want, &order);
            let got = lists.next(&all, &order).to_vec();
            let key = |l: &[YearEntry]| l.iter().map(|e| (e.player, e.rating, e.events)).collect::<Vec<_>>();
            assert_eq!(key(&got), key(&want), "year {year}");
            merged_any |= all.len() > 10;
        }
        assert!(merged_any);
    }
}
