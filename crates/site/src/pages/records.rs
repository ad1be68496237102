//! Records of a rating: most events played, highest peak ratings, longest
//! time at number one (all computed from the history).

use askama::Template;

use super::ranking::RatingNav;
use super::{Base, Context, Rated};
use ratings_model::PlayerId;
use ratings_rating::timeline::name_order;

/// Rows per record table.
pub const RECORD_ROWS: usize = 20;

pub struct RecordRow {
    pub rank: usize,
    pub name: String,
    pub href: String,
    pub value: String,
    /// When / where (date, event link).
    pub detail: String,
    pub detail_href: Option<String>,
    /// A date after the detail, kept on one line.
    pub detail_date: Option<String>,
}

pub struct Record {
    pub title: String,
    pub value_label: String,
    pub detail_label: String,
    pub explanation: String,
    pub rows: Vec<RecordRow>,
    /// Players left out although tied with the last row shown: "and 14
    /// more players with 7 events".
    pub more: Option<String>,
}

#[derive(Template)]
#[template(path = "records.html")]
pub struct RecordsPage<'a> {
    pub base: Base<'a>,
    pub nav: RatingNav,
    pub records: Vec<Record>,
}

/// Competition ranks over a list sorted best first, equal `key`s sharing one.
fn ranks<T, K: PartialEq>(items: &[T], key: impl Fn(&T) -> K) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(items.len());
    for i in 0..items.len() {
        out.push(if i > 0 && key(&items[i]) == key(&items[i - 1]) {
            out[i - 1]
        } else {
            i + 1
        });
    }
    out
}

/// How many of `all` (sorted best first) after the first `shown` tie with
/// the last one shown.
fn tied_beyond<T, K: PartialEq>(all: &[T], shown: usize, key: impl Fn(&T) -> K) -> usize {
    match shown.checked_sub(1).and_then(|i| all.get(i)) {
        Some(last) => all[shown..].iter().take_while(|x| key(x) == key(last)).count(),
        None => 0,
    }
}

/// "and 14 more players with 7 events", or nothing.
fn more(n: usize, with: String) -> Option<String> {
    (n > 0).then(|| format!("… and {n} more player{} {with}.", if n == 1 { "" } else { "s" }))
}

/// A player's (events played, Some((peak, row index of the first time
/// reached))).
type PlayedAndPeak = (u32, Option<(f64, usize)>);

/// Per player: events played and peak. Peaks count from the first event
/// that put the player in the ranking, and never a provisional rating.
pub fn played_and_peaks(view: &Rated, players: usize) -> Vec<PlayedAndPeak> {
    let mut out: Vec<PlayedAndPeak> = vec![(0, None); players];
    let mut ranked = vec![false; players];
    for (i, row) in view.history.rows.iter().enumerate() {
        let p = row.player as usize;
        out[p].0 += 1;
        ranked[p] |= row.counted;
        if ranked[p] && !view.provisional_row(row) && out[p].1.is_none_or(|(best, _)| row.after > best) {
            out[p].1 = Some((row.after, i));
        }
    }
    out
}

/// A rating's records page: most events played, highest peak ratings,
/// longest time at number one.
pub fn records<'a>(ctx: &'a Context, path: &str, rating: usize) -> RecordsPage<'a> {
    let view = &ctx.ratings[rating];
    let base = ctx.base(path, format!("{} – records", view.config.title));
    let root = base.root.clone();
    let stats = played_and_peaks(view, ctx.site.model.players.len());
    let order = name_order(&ctx.site.model);
    RecordsPage {
        nav: RatingNav::new(&root, view, "records"),
        records: vec![
            most_events(ctx, &root, view, &stats, &order),
            highest_peaks(ctx, &root, view, &stats, &order),
            longest_at_number_one(ctx, &root, view),
        ],
        base,
    }
}

/// Most events played (`stats` of [`played_and_peaks`]): the players with
/// the most rows, equal counts in name order (`order`, of `name_order`),
/// with the years they played.
fn most_events(ctx: &Context, root: &str, view: &Rated, stats: &[PlayedAndPeak], order: &[u32]) -> Record {
    let site = ctx.site;
    let mut played: Vec<PlayerId> = (0..site.model.players.len() as PlayerId)
        .filter(|&p| stats[p as usize].0 > 0)
        .collect();
    played.sort_by(|a, b| {
        stats[*b as usize]
            .0
            .cmp(&stats[*a as usize].0)
            .then_with(|| order[*a as usize].cmp(&order[*b as usize]))
    });
    let more_played = tied_beyond(&played, RECORD_ROWS, |p| stats[*p as usize].0);
    let more_played = more(more_played, {
        let n = played.get(RECORD_ROWS).map_or(0, |p| stats[*p as usize].0);
        format!("with {n} event{}", if n == 1 { "" } else { "s" })
    });
    played.truncate(RECORD_ROWS);
    let played_ranks = ranks(&played, |p| stats[*p as usize].0);
    let rows = played
        .iter()
        .zip(played_ranks)
        .map(|(&p, rank)| {
            let rows: Vec<usize> = view.row_indices_of(p).collect();
            let first = site.model.events[view.history.rows[rows[0]].event()].date;
            let last = site.model.events[view.history.rows[rows[rows.len() - 1]].event()].date;
            RecordRow {
                rank,
                name: site.model.player(p).display.to_string(),
                href: ctx.player_href(root, p),
                value: stats[p as usize].0.to_string(),
                detail: if first.year == last.year {
                    first.year.to_string()
                } else {
                    format!("{} – {}", first.year, last.year)
                },
                detail_href: None,
                detail_date: None,
            }
        })
        .collect();
    Record {
        title: "Most events played".into(),
        value_label: "Events".into(),
        detail_label: "Years".into(),
        explanation: match view.columns().played {
            "" => "Events of this rating in which the player was rated.",
            played => played,
        }
        .into(),
        rows,
        more: more_played,
    }
}

/// Highest peak ratings (`stats` of [`played_and_peaks`]): equal peaks by
/// the first reached, then in name order (`order`, of `name_order`), each
/// with the event where it was first reached.
fn highest_peaks(ctx: &Context, root: &str, view: &Rated, stats: &[PlayedAndPeak], order: &[u32]) -> Record {
    let site = ctx.site;
    let mut peaks: Vec<(PlayerId, f64, usize)> = stats
        .iter()
        .enumerate()
        .filter_map(|(p, s)| s.1.map(|(r, i)| (p as PlayerId, r, i)))
        .collect();
    peaks.sort_by(|a, b| {
        b.1.partial_cmp(&a.1)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then_with(|| a.2.cmp(&b.2))
            .then_with(|| order[a.0 as usize].cmp(&order[b.0 as usize]))
    });
    let more_peaks = more(
        tied_beyond(&peaks, RECORD_ROWS, |p| p.1),
        format!(
            "with a peak of {}",
            peaks
                .get(RECORD_ROWS)
                .map_or(String::new(), |p| view.shown(p.1).to_string())
        ),
    );
    peaks.truncate(RECORD_ROWS);
    let peak_ranks = ranks(&peaks, |p| p.1);
    let rows = peaks
        .iter()
        .zip(peak_ranks)
        .map(|(&(p, r, i), rank)| {
            let e = view.history.rows[i].event();
            RecordRow {
                rank,
                name: site.model.player(p).display.to_string(),
                href: ctx.player_href(root, p),
                value: view.shown(r).to_string(),
                detail: site.model.events[e].name.clone(),
                detail_href: Some(ctx.event_href(root, e)),
                detail_date: Some(format!("({})", site.model.events[e].date)),
            }
        })
        .collect();
    Record {
        title: "Highest peak ratings".into(),
        value_label: "Peak".into(),
        detail_label: "Reached at".into(),
        explanation: "The highest rating each player held after an event, once in the ranking \
                      and not provisional; the first event at which it was reached."
            .into(),
        rows,
        more: more_peaks,
    }
}

/// Longest time at number one (the timeline's spells), with the number of
/// spells and the first day.
fn longest_at_number_one(ctx: &Context, root: &str, view: &Rated) -> Record {
    let all_ones = &view.timeline.number_one;
    let more_ones = more(
        tied_beyond(all_ones, RECORD_ROWS, |n| n.days),
        format!("with {} days", all_ones.get(RECORD_ROWS).map_or(0, |n| n.days)),
    );
    let ones = &all_ones[..all_ones.len().min(RECORD_ROWS)];
    let one_ranks = ranks(ones, |n| n.days);
    let rows = ones
        .iter()
        .zip(one_ranks)
        .map(|(n, rank)| RecordRow {
            rank,
            name: ctx.site.model.player(n.player).display.to_string(),
            href: ctx.player_href(root, n.player),
            value: n.days.to_string(),
            detail: format!("{} spell{}, first on", n.spells, if n.spells == 1 { "" } else { "s" }),
            detail_href: None,
            detail_date: Some(n.first.to_string()),
        })
        .collect();
    Record {
        title: "Longest time at number one".into(),
        value_label: "Days".into(),
        detail_label: "Spells".into(),
        explanation: "Days from the event after which the player was first in the ranking (ties \
                      included) to the next event after which they were not, summed over their spells; \
                      a current number one counts up to the latest event."
            .into(),
        rows,
        more: more_ones,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_beyond_the_table_are_counted() {
        // 20 shown of [9, 8, 7 x 30]: the last shown has 7, and 12 more
        // players have 7 too.
        let values: Vec<u32> = [9, 8].into_iter().chain(std::iter::repeat_n(7, 30)).collect();
        assert_eq!(tied_beyond(&values, 20, |v| *v), 12);
        assert_eq!(
            more(12, "with 7 events".into()).as_deref(),
            Some("… and 12 more players with 7 events.")
        );
        assert_eq!(
            more(1, "with 7 events".into()).as_deref(),
            Some("… and 1 more player with 7 events.")
        );
        assert_eq!(more(0, String::new()), None);
        // Shorter than the table, or no tie at the cut: none.
        assert_eq!(tied_beyond(&values[..10], 20, |v| *v), 0);
        let distinct: Vec<u32> = (0..30).rev().collect();
        assert_eq!(tied_beyond(&distinct, 20, |v| *v), 0);
    }
}
