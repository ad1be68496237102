//! Stage 2, rate: ordered events in, history out. Pure computation.
//!
//! Each rating system implements [`RatingSystem`]; pages, downloads and the
//! ranking are written once, over any [`History`].

pub mod dci;
pub mod dip_pouch;
pub mod timeline;

use std::cmp::Ordering;
use std::ops::Range;

use crate::config::{RatingConfig, SystemConfig};
use crate::model::{PlayerId, Site};

/// A rating system: given the site's events in order, the full history.
pub trait RatingSystem: Send + Sync {
    fn rate(&self, site: &Site) -> History;
}

/// What one player did in one event, as the system saw it.
#[derive(Debug, Clone, PartialEq)]
pub enum Detail {
    /// A final placement and its percentile score (Dip Pouch).
    Placement { rank: u32, percentile: f64 },
    /// The rated matches of one event and the rounds with a bye (match
    /// systems such as DCI). `wins`-`losses`-`draws` count the matches.
    Match {
        matches: Vec<MatchLine>,
        byes: Vec<u32>,
        wins: u32,
        losses: u32,
        draws: u32,
    },
}

impl Detail {
    /// The final placement, for placement systems.
    pub fn rank(&self) -> Option<u32> {
        match self {
            Detail::Placement { rank, .. } => Some(*rank),
            Detail::Match { .. } => None,
        }
    }
}

/// One rated match seen from one player's side.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchLine {
    /// 1-based round number in the event.
    pub round: u32,
    pub opponent: PlayerId,
    /// Games won, lost and drawn by this player.
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
    /// Match result: 1 win, 0.5 draw, 0 loss.
    pub score: f64,
    /// Both ratings from before the round.
    pub before: f64,
    pub opponent_before: f64,
    /// This player's rating after the match.
    pub after: f64,
    /// K used; `None` while the player was provisional.
    pub k: Option<f64>,
}

/// One player in one event: a row of `ID-history.csv`.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Index into `Site::events`.
    pub event: usize,
    pub player: PlayerId,
    pub before: f64,
    pub after: f64,
    /// Whether the event counted for the player (value > 0 / rated).
    pub counted: bool,
    pub detail: Detail,
}

/// How a system treated one event.
#[derive(Debug, Clone, PartialEq)]
pub struct EventRating {
    /// The event has rows in this rating (it is "included").
    pub included: bool,
    /// Tournament value (Dip Pouch `Coeff`), where the system has one.
    pub value: Option<f64>,
    /// For the reader: why the event does not change ratings, or how a
    /// rated event counts (DCI: its K cut).
    pub note: Option<String>,
}

/// A player's state after the last event.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub rating: f64,
    /// Events that counted (value > 0 / rated).
    pub events: u32,
    /// Rated matches played (match systems).
    pub matches: u32,
    pub provisional: bool,
    /// Whether the player appears in the ranking.
    pub ranked: bool,
}

/// The output of a rating system.
#[derive(Debug, Clone, Default)]
pub struct History {
    /// In event order; the rows of one event are contiguous.
    pub rows: Vec<Row>,
    /// By event index: the range of `rows` for that event.
    pub event_rows: Vec<Range<usize>>,
    /// By event index.
    pub events: Vec<EventRating>,
    /// By player id; `None` for players this rating never saw.
    pub standings: Vec<Option<Standing>>,
}

impl History {
    /// Record the next event as one this rating does not include (no rows),
    /// with the reason shown to readers, if any.
    pub fn push_not_included(&mut self, note: Option<String>) {
        let start = self.rows.len();
        self.event_rows.push(start..start);
        self.events.push(EventRating {
            included: false,
            value: None,
            note,
        });
    }

    /// Rows of one event.
    pub fn event(&self, event: usize) -> &[Row] {
        &self.rows[self.event_rows[event].clone()]
    }
}

/// One line of a ranking.
#[derive(Debug, Clone, PartialEq)]
pub struct RankEntry {
    pub rank: u32,
    pub player: PlayerId,
    pub rating: f64,
    pub events: u32,
    pub matches: u32,
    pub provisional: bool,
}

/// The ranking (rating-systems.md): ranked players by rating descending;
/// exactly equal ratings share a rank (1, 2, 2, 4) and are listed by display
/// name in byte order (then by name key, so the order is total).
pub fn ranking(site: &Site, history: &History) -> Vec<RankEntry> {
    let mut entries: Vec<RankEntry> = history
        .standings
        .iter()
        .enumerate()
        .filter_map(|(id, s)| {
            let s = s.as_ref().filter(|s| s.ranked)?;
            Some(RankEntry {
                rank: 0,
                player: id as PlayerId,
                rating: s.rating,
                events: s.events,
                matches: s.matches,
                provisional: s.provisional,
            })
        })
        .collect();
    entries.sort_by(|a, b| {
        let (pa, pb) = (site.player(a.player), site.player(b.player));
        b.rating
            .partial_cmp(&a.rating)
            .unwrap_or(Ordering::Equal)
            .then_with(|| pa.display.as_bytes().cmp(pb.display.as_bytes()))
            .then_with(|| pa.key.cmp(&pb.key))
    });
    assign_ranks(&mut entries);
    entries
}

/// Competition ranks (1, 2, 2, 4) on exact rating equality.
pub fn assign_ranks(entries: &mut [RankEntry]) {
    for i in 0..entries.len() {
        entries[i].rank = if i > 0 && entries[i].rating == entries[i - 1].rating {
            entries[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
}

/// The system a `[[rating]]` table asks for.
pub fn system(config: &RatingConfig) -> Box<dyn RatingSystem> {
    match &config.system {
        SystemConfig::DipPouch(p) => Box::new(dip_pouch::DipPouch(p.clone())),
        SystemConfig::Dci(p) => Box::new(dci::Dci(p.clone())),
    }
}
