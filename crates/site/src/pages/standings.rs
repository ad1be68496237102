//! A match event's standings and crosstable, as the event page shows them
//! (docs/data-format.md, "Standings"): place, name, points, W-D-L, the
//! tie-breaks and a rating before the event; then one column per round with
//! the opponent's place, the colour and the result, each a link to the
//! opponent's row.

use std::collections::HashMap;

use super::{Context, Link};
use crate::standings::EventStandings;
use ratings_model::format::Rounded;
use ratings_model::{Event, ForfeitResult, PlayerId};

/// Events of more rounds show no crosstable (the rounds list every pairing).
pub const MAX_CROSSTABLE_ROUNDS: usize = 16;

pub struct Standings<'a> {
    pub rows: Vec<StandingRow<'a>>,
    /// The tie-breaks' headings: (short, what it means).
    pub tiebreaks: Vec<(&'static str, &'static str)>,
    /// Columns shown only when some row has one.
    pub nat: bool,
    pub forfeits: bool,
    pub byes: bool,
    /// The rating whose rating before the event is shown, if one rates it.
    pub rating: Option<&'a str>,
    /// The places are the event's published ones.
    pub official: bool,
    /// The crosstable shows colours (w, b).
    pub colours: bool,
    /// "a win 1, a draw 0.5, a loss 0".
    pub points: String,
    /// The crosstable's rounds, 1 to n (empty: too many rounds for one).
    pub rounds: Vec<usize>,
    /// The event's rounds (said when there are too many for a crosstable).
    pub round_count: usize,
    /// Where the tie-breaks are explained.
    pub method: Option<String>,
}

pub struct StandingRow<'a> {
    pub place: u32,
    pub player: Link<'a>,
    pub nat: &'a str,
    pub points: String,
    /// Matches won, drawn and lost over the board: "3-1-1".
    pub record: String,
    pub forfeits: u32,
    pub byes: u32,
    pub tiebreaks: Vec<String>,
    pub rating: Option<Rounded>,
    /// One per round (empty without a crosstable).
    pub cross: Vec<Cross>,
}

/// One round of one player in the crosstable.
pub struct Cross {
    /// "+12w", "=5b", "-3", "+F", "bye", "½ bye", "–".
    pub text: String,
    /// The opponent's row (1-based), linked as `#x{n}`.
    pub opponent: Option<usize>,
}

/// A number of points or a tie-break: at most two decimals, none when whole.
pub fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// The standings of event `index`, or `None` for an event without rounds.
pub fn standings<'a>(
    ctx: &'a Context,
    root: &'a str,
    index: usize,
    nat: &dyn Fn(PlayerId) -> &'a str,
) -> Option<Standings<'a>> {
    let s = ctx.standings[index].as_ref()?;
    let e = &ctx.site.model.events[index];
    // The first rating (in site.toml's order) that rates the event's
    // matches gives the rating before it, else the first with rows for it.
    let rated = ctx
        .ratings
        .iter()
        .find(|view| {
            view.history
                .event(index)
                .first()
                .is_some_and(|r| matches!(r.detail(), ratings_rating::DetailRef::Match(_)))
        })
        .or_else(|| ctx.ratings.iter().find(|view| !view.history.event(index).is_empty()));
    // With the rating's decimals (Elo 1524, TrueSkill 24.73).
    let before: HashMap<PlayerId, Rounded> = rated
        .map(|view| {
            view.history
                .event(index)
                .iter()
                .map(|r| (r.player, view.shown(r.before)))
                .collect()
        })
        .unwrap_or_default();
    let crosstable = e.round.len() <= MAX_CROSSTABLE_ROUNDS;

    let mut cross = if crosstable { crosstable_cells(e, s) } else { Vec::new() };
    let rows: Vec<StandingRow> = s
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| StandingRow {
            place: row.place,
            player: ctx.player_link(root, row.player),
            nat: nat(row.player),
            points: number(row.points),
            record: format!("{}-{}-{}", row.wins, row.draws, row.losses),
            forfeits: row.forfeits,
            byes: row.byes,
            tiebreaks: s
                .tiebreaks
                .iter()
                .zip(&row.tiebreaks)
                .map(|(t, &v)| {
                    if t.is_percentage() {
                        format!("{:.2}", v * 100.0)
                    } else {
                        number(v)
                    }
                })
                .collect(),
            rating: before.get(&row.player).copied(),
            cross: cross.get_mut(i).map(std::mem::take).unwrap_or_default(),
        })
        .collect();
    let method = ctx
        .ratings
        .iter()
        .find(|view| view.config.system.formats().is_some())
        .or(ctx.ratings.first())
        .map(|view| format!("{root}rating/{}/method.html#standings", view.id()));
    Some(Standings {
        nat: rows.iter().any(|r| !r.nat.is_empty()),
        forfeits: rows.iter().any(|r| r.forfeits > 0),
        byes: rows.iter().any(|r| r.byes > 0),
        rating: rated
            .filter(|_| !before.is_empty())
            .map(|view| view.config.title.as_str()),
        official: s.official,
        colours: s.colours,
        points: s.points.describe(),
        round_count: e.round.len(),
        rounds: if crosstable {
            (1..=e.round.len()).collect()
        } else {
            Vec::new()
        },
        tiebreaks: s.tiebreaks.iter().map(|t| t.heading()).collect(),
        method,
        rows,
    })
}

/// A round in which the player appears nowhere (a late entry, a withdrawal).
fn absent() -> Cross {
    Cross {
        text: "–".into(),
        opponent: None,
    }
}

/// `[row][round]`: every participant's cell in every round.
fn crosstable_cells(e: &Event, s: &EventStandings) -> Vec<Vec<Cross>> {
    let mut cells: Vec<Vec<Cross>> = (0..s.rows.len())
        .map(|_| (0..e.round.len()).map(|_| absent()).collect())
        .collect();
    let letter = |first: bool| match (s.colours, first) {
        (false, _) => "",
        (true, true) => "w",
        (true, false) => "b",
    };
    let mut set = |p: PlayerId, round: usize, text: String, other: Option<PlayerId>| {
        if let Some(row) = s.index_of(p) {
            let opponent = other.and_then(|o| s.index_of(o)).map(|o| o + 1);
            cells[row][round] = Cross { text, opponent };
        }
    };
    for (round, r) in e.round.iter().enumerate() {
        for m in &r.matches {
            for (me, other, won, lost, first) in [
                (m.a, m.b, m.wins_a, m.wins_b, true),
                (m.b, m.a, m.wins_b, m.wins_a, false),
            ] {
                let sign = match won.cmp(&lost) {
                    std::cmp::Ordering::Greater => '+',
                    std::cmp::Ordering::Equal => '=',
                    std::cmp::Ordering::Less => '-',
                };
                let place = s.row(other).map_or(0, |o| o.place);
                set(me, round, format!("{sign}{place}{}", letter(first)), Some(other));
            }
        }
        for f in &r.forfeits {
            let (a, b) = match f.result {
                ForfeitResult::FirstWins => ("+F", "-F"),
                ForfeitResult::SecondWins => ("-F", "+F"),
                ForfeitResult::Double => ("-F", "-F"),
                ForfeitResult::UnratedDraw => ("=F", "=F"),
            };
            set(f.a, round, a.into(), Some(f.b));
            set(f.b, round, b.into(), Some(f.a));
        }
        for (list, text) in [(&r.byes, "bye"), (&r.half_byes, "½ bye"), (&r.zero_byes, "0 bye")] {
            for &p in list {
                set(p, round, text.into(), None);
            }
        }
    }
    cells
}
