//! One column group per rating: the tables that show every rating side by
//! side, an event's results (a row per player) and a player's history (a
//! row per event), give each rating the same group of columns, the rating
//! after the event, its deviation and the change (and on a player page the
//! event's value and the rank after it). A [`RatingGroup`] heads a rating's
//! columns, a [`RatingCell`] fills them in one row; the macros of
//! `templates/columns.html` draw both, for either table.

use super::Rated;
use ratings_model::format::{Fixed2, Rounded, RoundedChange, shows_as_zero};
use ratings_rating::Row;

/// The head of one rating's column group.
pub struct RatingGroup<'a> {
    pub title: &'a str,
    /// A link on the title (an event's results link each rating's ranking).
    pub href: Option<String>,
    /// The event's value column (Dip Pouch), when some row has one.
    pub values: bool,
    /// Heading of the deviation column ("RD", "σ"), for systems with one.
    pub deviation: Option<&'static str>,
    /// The column of the rank right after the event (a player's history).
    pub rank: bool,
    /// The change beside the rating in one column, and no deviation
    /// column: a player's history, where every rating's group must fit
    /// a desktop screen beside the event's name and placing.
    pub compact: bool,
}

impl<'a> RatingGroup<'a> {
    /// The group of a rating: its title and its deviation column, if it
    /// has one; no link, no value column, no rank column.
    pub fn of(view: &'a Rated) -> Self {
        RatingGroup {
            title: &view.config.title,
            href: None,
            values: false,
            deviation: view.columns().deviation,
            rank: false,
            compact: false,
        }
    }

    /// Columns of the group: after, value, deviation, change, rank after
    /// (compact: after with its change, value, rank after).
    pub fn span(&self) -> usize {
        if self.compact {
            return 1 + usize::from(self.values) + usize::from(self.rank);
        }
        2 + usize::from(self.values) + usize::from(self.deviation.is_some()) + usize::from(self.rank)
    }
}

/// One rating's figures in one row: a player in one event.
pub struct RatingCell {
    pub after: Rounded,
    /// The event's tournament value, for systems with one.
    pub value: Option<Fixed2>,
    /// Systems with a deviation: the one after the event.
    pub deviation: Option<Rounded>,
    /// `None`: the player's first event in a rating whose start is no
    /// rating ([`ratings_rating::Columns::first_is_new`]), shown as "new".
    pub change: Option<RoundedChange>,
    /// ` class=up`, ` class=down` or nothing, for styling.
    pub direction: &'static str,
    /// Rank in this rating right after the event (`None`: not ranked then).
    pub rank: Option<u32>,
    /// A provisional rating after the event (not a peak, marked P).
    pub provisional: bool,
}

impl RatingCell {
    /// The rating after the event, the change and the deviation
    /// (`deviation` is `row.deviation()`, which a player page reads
    /// beforehand; `first`: the player's first row in the rating); no
    /// value, no rank, not provisional.
    pub fn of(view: &Rated, row: &Row, deviation: Option<[f64; 2]>, first: bool) -> Self {
        let new = first && view.columns().first_is_new;
        RatingCell {
            after: view.shown(row.after),
            value: None,
            deviation: deviation.map(|d| view.shown(d[1])),
            change: (!new).then(|| view.change(row.after - row.before)),
            direction: if new {
                ""
            } else {
                direction(row.after - row.before, view.config.decimals)
            },
            rank: None,
            provisional: false,
        }
    }
}

/// The class attribute of a change cell: ` class=up`, ` class=down`, or
/// nothing when the change shows as zero at `places` decimals.
pub fn direction(change: f64, places: u8) -> &'static str {
    if shows_as_zero(change, places.into()) {
        ""
    } else if change > 0.0 {
        " class=up"
    } else {
        " class=down"
    }
}
