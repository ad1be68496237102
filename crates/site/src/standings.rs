//! Every match event's standings (docs/data-format.md, "Standings"): its
//! rounds scored by its `points` and ordered by its `tiebreaks` (the event's
//! own, else `site.toml`'s), with the official places of `[[results]]` where
//! given. Computed once per build, for the event pages, the player pages,
//! `standings.csv` and `check`; the arithmetic is `ratings_rating::standings`.

use rayon::prelude::*;

use crate::Site;
use ratings_model::scoring::{Points, TieBreak};
use ratings_model::{Event, ForfeitResult, PlayerId};
use ratings_rating::standings::{self, Pairing, Result_, Round, Row};

/// One match event's standings.
#[derive(Debug)]
pub struct EventStandings {
    pub points: Points,
    pub tiebreaks: Vec<TieBreak>,
    /// The first player of a match is White (the crosstable shows colours).
    pub colours: bool,
    /// The places are the event's `[[results]]` ranks.
    pub official: bool,
    /// In place order, equal places by display name; `Row::player` is a
    /// `PlayerId`.
    pub rows: Vec<Row>,
    /// (player, index in `rows`), by player: a player's row in log time.
    by_player: Vec<(PlayerId, u32)>,
}

impl EventStandings {
    /// The index in `rows` of the player's row, if they took part.
    pub fn index_of(&self, player: PlayerId) -> Option<usize> {
        let at = self.by_player.binary_search_by_key(&player, |&(p, _)| p).ok()?;
        Some(self.by_player[at].1 as usize)
    }

    /// The player's row, if they took part.
    pub fn row(&self, player: PlayerId) -> Option<&Row> {
        self.index_of(player).map(|i| &self.rows[i])
    }
}

/// By event index: the standings of every match event (`None` for the
/// others).
pub fn all(site: &Site) -> Vec<Option<EventStandings>> {
    site.model
        .events
        .par_iter()
        .map(|e| e.is_match_event().then(|| of(site, e)))
        .collect()
}

/// The standings of one match event.
pub fn of(site: &Site, e: &Event) -> EventStandings {
    let points = e.points.unwrap_or(site.config.points);
    let tiebreaks = e.tiebreaks.clone().unwrap_or_else(|| site.config.tiebreaks.clone());
    let official: Vec<(u32, u32)> = e.results.iter().map(|r| (r.player, r.rank)).collect();
    let rounds: Vec<Round> = e.round.iter().map(round).collect();
    let mut rows = standings::standings(
        &participants(e),
        &rounds,
        &points,
        &tiebreaks,
        (!official.is_empty()).then_some(&official[..]),
    )
    // The loader refuses what the standings would: a player twice in a
    // round or in [[results]], a rank 0, a match without games.
    .unwrap_or_else(|problem| panic!("{}: standings of a checked event: {problem}", e.file));
    // Equal places by display name (the computation orders them by id).
    let display = |row: &Row| site.model.player(row.player).display.as_bytes();
    rows.sort_by(|a, b| a.place.cmp(&b.place).then_with(|| display(a).cmp(display(b))));
    let mut by_player: Vec<(PlayerId, u32)> = rows.iter().enumerate().map(|(i, r)| (r.player, i as u32)).collect();
    by_player.sort_unstable();
    EventStandings {
        by_player,
        points,
        tiebreaks,
        colours: e.colours.unwrap_or(site.config.colours),
        official: !official.is_empty(),
        rows,
    }
}

/// Everyone in a match, a forfeit or a bye list of any round, or in the
/// `[[results]]`, each once, in order of appearance.
fn participants(e: &Event) -> Vec<PlayerId> {
    let mut seen = std::collections::HashSet::new();
    let mut list = Vec::new();
    let mut add = |p: PlayerId| {
        if seen.insert(p) {
            list.push(p);
        }
    };
    e.round
        .iter()
        .flat_map(ratings_model::Round::players)
        .for_each(&mut add);
    e.results.iter().for_each(|r| add(r.player));
    list
}

/// A round of the model as the standings read it.
fn round(r: &ratings_model::Round) -> Round {
    let played = r.matches.iter().map(|m| Pairing {
        first: m.a,
        second: m.b,
        result: Result_::Played {
            first_wins: u32::from(m.wins_a),
            second_wins: u32::from(m.wins_b),
            draws: u32::from(m.draws),
        },
    });
    let forfeits = r.forfeits.iter().map(|f| Pairing {
        first: f.a,
        second: f.b,
        result: match f.result {
            ForfeitResult::FirstWins => Result_::ForfeitFirst,
            ForfeitResult::SecondWins => Result_::ForfeitSecond,
            ForfeitResult::Double => Result_::DoubleForfeit,
            ForfeitResult::UnratedDraw => Result_::UnratedDraw,
        },
    });
    Round {
        pairings: played.chain(forfeits).collect(),
        full_byes: r.byes.clone(),
        half_byes: r.half_byes.clone(),
        zero_byes: r.zero_byes.clone(),
    }
}
