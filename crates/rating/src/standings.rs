//! Standings of one match event: each participant's points, W-D-L over
//! the board, forfeits, byes, tie-breaks (Buchholz, Buchholz cut 1,
//! Sonneborn-Berger, wins; Magic's OMW, GW, OGW) and place. Not yet shown on
//! pages nor in the downloads (issue 25). Pure computation over neutral types; players are `u32` ids.
//!
//! Choices of ours (a chess arbiter's or Magic
//! organiser's reading, documented here and on the method page):
//! - `½F-½F` (an unrated draw) counts in `forfeits` and is an unplayed round,
//!   like every result docs/data-format.md marks "not rated".
//! - A double forfeit counts in `forfeits` for both players.
//! - A round in the list whose pairings and byes are all empty is still a
//!   round of the event: everyone is absent in it (Buchholz gives each a
//!   virtual opponent).
//! - An opponent met twice counts twice in Buchholz, Sonneborn-Berger, omw and
//!   ogw (once per match).
//! - Values within 1e-9 of each other are equal when ranking (see
//!   [`EQUAL_WITHIN`]).
//! - With official standings, players the official list leaves out follow it,
//!   ranked among themselves as computed standings would rank them, with places
//!   counted on from the last official place.

use std::collections::HashMap;

use ratings_model::notation::Written;
pub use ratings_model::scoring::{Points, TieBreak};

/// Points and tie-break values closer than this are equal when ranking, so
/// that sums in different orders (0.1 + 0.2 against 0.3) tie as they should.
/// Equality chains: if a ≈ b and b ≈ c, all three tie.
pub const EQUAL_WITHIN: f64 = 1e-9;

/// The result of one pairing, as the standings need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Result_ {
    /// Games over the board; the match is won by whoever won more games.
    Played {
        first_wins: u32,
        second_wins: u32,
        draws: u32,
    },
    /// The first wins by forfeit.
    ForfeitFirst,
    /// The second wins by forfeit.
    ForfeitSecond,
    /// Both forfeited: a loss for both.
    DoubleForfeit,
    /// A draw that is not rated (`½F-½F`).
    UnratedDraw,
}

impl From<Written> for Result_ {
    fn from(written: Written) -> Self {
        match written {
            Written::Played {
                first_wins,
                second_wins,
                draws,
            } => Result_::Played {
                first_wins,
                second_wins,
                draws,
            },
            Written::DrawnGame => Result_::Played {
                first_wins: 0,
                second_wins: 0,
                draws: 1,
            },
            Written::ForfeitFirst => Result_::ForfeitFirst,
            Written::ForfeitSecond => Result_::ForfeitSecond,
            Written::DoubleForfeit => Result_::DoubleForfeit,
            Written::UnratedDraw => Result_::UnratedDraw,
        }
    }
}

/// One match of a round; `first` is White where colours exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    pub first: u32,
    pub second: u32,
    pub result: Result_,
}

/// One round: its matches and its three bye lists (`byes`,
/// `half_point_byes`, `zero_point_byes` in the event file).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Round {
    pub pairings: Vec<Pairing>,
    pub full_byes: Vec<u32>,
    pub half_byes: Vec<u32>,
    pub zero_byes: Vec<u32>,
}

/// One participant's line in the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub player: u32,
    pub place: u32,
    pub points: f64,
    /// Matches won, drawn and lost over the board (forfeits and byes apart).
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Forfeit results of every kind: won, lost, double, and `½F-½F`.
    pub forfeits: u32,
    /// Byes of every kind: full, half and zero.
    pub byes: u32,
    /// In the order asked; omw, gw and ogw as fractions from 0 to 1.
    pub tiebreaks: Vec<f64>,
}

/// The standings of one event. `participants` are everyone in it (each once);
/// `rounds` in order; `official` the `(player, rank)` pairs of `[[results]]`,
/// whose ranks become the places as given. Errors, one per line, name the
/// round and the player.
pub fn standings(
    participants: &[u32],
    rounds: &[Round],
    points: &Points,
    tiebreaks: &[TieBreak],
    official: Option<&[(u32, u32)]>,
) -> Result<Vec<Row>, String> {
    let mut problems = Vec::new();
    if ![points.win, points.draw, points.loss]
        .iter()
        .all(|value| value.is_finite())
    {
        problems.push(format!("points: win, draw and loss must be numbers, got {points:?}"));
    }
    let index = participant_index(participants, &mut problems);
    let slots = Slots::of(participants.len(), rounds, &index, &mut problems);
    if let Some(official) = official {
        check_official(official, &index, &mut problems);
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    let tallies: Vec<Tally> = (0..participants.len())
        .map(|p| tally(slots.player(p), points))
        .collect();
    let event = EventView::new(&slots, &tallies);
    let mut rows: Vec<Row> = participants
        .iter()
        .zip(&tallies)
        .enumerate()
        .map(|(player_index, (&player, tally))| Row {
            player,
            place: 0,
            // `+ 0.0`: an empty f64 sum is -0.0, which would print as "-0".
            points: tally.points + 0.0,
            wins: tally.wins,
            draws: tally.draws,
            losses: tally.losses,
            forfeits: tally.forfeits,
            byes: tally.byes,
            tiebreaks: tiebreaks
                .iter()
                .map(|&tiebreak| event.tiebreak(tiebreak, player_index) + 0.0)
                .collect(),
        })
        .collect();
    match official {
        Some(official) => order_officially(&mut rows, official),
        None => order_by_computation(&mut rows, 0),
    }
    Ok(rows)
}

/// Player id → position in `participants`; a participant listed twice is a problem.
fn participant_index(participants: &[u32], problems: &mut Vec<String>) -> HashMap<u32, usize> {
    let mut index = HashMap::with_capacity(participants.len());
    for (position, &player) in participants.iter().enumerate() {
        if index.insert(player, position).is_some() {
            problems.push(format!("participants: player {player} is listed twice"));
        }
    }
    index
}

fn check_official(official: &[(u32, u32)], index: &HashMap<u32, usize>, problems: &mut Vec<String>) {
    let mut seen = HashMap::new();
    for &(player, rank) in official {
        if !index.contains_key(&player) {
            problems.push(format!("official standings: player {player} is not a participant"));
        }
        if seen.insert(player, rank).is_some() {
            problems.push(format!("official standings: player {player} is ranked twice"));
        }
        if rank == 0 {
            problems.push(format!(
                "official standings: player {player} has rank 0; ranks start at 1"
            ));
        }
    }
}

// ---------------------------------------------------------------------------
// One participant's rounds

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// A multi-game match is won by whoever won more games (MTR 2.1).
    fn of_games(won: u32, lost: u32) -> Outcome {
        match won.cmp(&lost) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::Loss,
        }
    }

    fn points(self, points: &Points) -> f64 {
        match self {
            Outcome::Win => points.win,
            Outcome::Draw => points.draw,
            Outcome::Loss => points.loss,
        }
    }

    /// MTR appendix C: 3 for a match won, 1 drawn, 0 lost, whatever `Points`.
    fn match_points(self) -> u32 {
        match self {
            Outcome::Win => 3,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }

    /// Sonneborn-Berger weight of the opponent's points.
    fn score_fraction(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// What one participant had in one round: exactly one of these (docs/data-format.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// Appears nowhere in the round: a late entry, a withdrawal.
    Absent,
    /// A match over the board; games counted from this player's side.
    OverTheBoard {
        opponent: usize,
        won: u32,
        lost: u32,
        drawn: u32,
    },
    /// Any forfeit result; a double forfeit is a loss for this player.
    Forfeit(Outcome),
    FullBye,
    HalfBye,
    ZeroBye,
}

impl Slot {
    /// The result the round scores as; `None` when it scores nothing at all.
    fn outcome(self) -> Option<Outcome> {
        match self {
            Slot::OverTheBoard { won, lost, .. } => Some(Outcome::of_games(won, lost)),
            Slot::Forfeit(outcome) => Some(outcome),
            Slot::FullBye => Some(Outcome::Win),
            Slot::HalfBye => Some(Outcome::Draw),
            Slot::ZeroBye | Slot::Absent => None,
        }
    }

    fn points(self, points: &Points) -> f64 {
        self.outcome().map_or(0.0, |outcome| outcome.points(points))
    }

    /// Match points of a round with a result (games, forfeits and byes; a
    /// zero-point bye is a loss); `None` for an absent round, which the
    /// match-win % leaves out.
    fn match_points(self) -> Option<u32> {
        match self {
            Slot::Absent => None,
            Slot::ZeroBye => Some(0),
            other => other.outcome().map(Outcome::match_points),
        }
    }

    /// The opponent, for a match over the board only.
    fn board_opponent(self) -> Option<usize> {
        match self {
            Slot::OverTheBoard { opponent, .. } => Some(opponent),
            _ => None,
        }
    }
}

/// Every participant's slots in round order, absent rounds left out (a
/// table of every participant in every round cost participants × rounds:
/// gigabytes for an event of many players and many short rounds).
struct Slots {
    /// `slots[at[p]..at[p + 1]]`: participant `p`'s (round index, slot).
    at: Vec<usize>,
    slots: Vec<(u32, Slot)>,
    /// Rounds of the event.
    rounds: u32,
}

impl Slots {
    /// Records each problem (a player twice in a round, an unknown player,
    /// a match without games) and leaves the players of a faulty match
    /// absent.
    fn of(
        participant_count: usize,
        rounds: &[Round],
        index: &HashMap<u32, usize>,
        problems: &mut Vec<String>,
    ) -> Slots {
        // (participant, round, slot) in round order.
        let mut seated: Vec<(usize, u32, Slot)> = Vec::new();
        for (round_index, round) in rounds.iter().enumerate() {
            let mut seats = RoundSeats {
                round_index,
                index,
                seen: HashMap::new(),
                seated: &mut seated,
            };
            for (match_index, pairing) in round.pairings.iter().enumerate() {
                let where_ = format!("match {}", match_index + 1);
                let (first_slot, second_slot) = match (index.get(&pairing.first), index.get(&pairing.second)) {
                    (Some(&first), Some(&second)) => {
                        pairing_slots(pairing.result, first, second).unwrap_or_else(|problem| {
                            problems.push(format!("round {}, {where_}: {problem}", round_index + 1));
                            (Slot::Absent, Slot::Absent)
                        })
                    }
                    // Seated as absent only to report the unknown id below.
                    _ => (Slot::Absent, Slot::Absent),
                };
                // Seated even when the result is wrong, so that a second
                // appearance in the round is still reported.
                problems.extend(seats.seat(pairing.first, first_slot, &where_));
                problems.extend(seats.seat(pairing.second, second_slot, &where_));
            }
            let bye_lists = [
                (&round.full_byes, Slot::FullBye, "byes"),
                (&round.half_byes, Slot::HalfBye, "half_point_byes"),
                (&round.zero_byes, Slot::ZeroBye, "zero_point_byes"),
            ];
            for (players, slot, list_name) in bye_lists {
                for &player in players {
                    problems.extend(seats.seat(player, slot, list_name));
                }
            }
        }
        // By participant, each in round order (a counting sort, stable).
        let mut at = vec![0usize; participant_count + 1];
        for &(p, _, _) in &seated {
            at[p + 1] += 1;
        }
        for p in 0..participant_count {
            at[p + 1] += at[p];
        }
        let mut next = at.clone();
        let mut slots = vec![(0, Slot::Absent); seated.len()];
        for (p, round, slot) in seated {
            slots[next[p]] = (round, slot);
            next[p] += 1;
        }
        Slots {
            at,
            slots,
            rounds: rounds.len() as u32,
        }
    }

    /// Participant `p`'s (round index, slot) pairs, in round order.
    fn player(&self, p: usize) -> &[(u32, Slot)] {
        &self.slots[self.at[p]..self.at[p + 1]]
    }
}

/// Seats players in one round, checking that each is a participant and
/// appears once (docs/data-format.md: "a player appears at most once per round across
/// matches and the three bye lists").
struct RoundSeats<'a> {
    round_index: usize,
    index: &'a HashMap<u32, usize>,
    /// Where each player was first seen in this round, for the error text.
    seen: HashMap<u32, String>,
    seated: &'a mut Vec<(usize, u32, Slot)>,
}

impl RoundSeats<'_> {
    fn seat(&mut self, player: u32, slot: Slot, place_name: &str) -> Option<String> {
        let number = self.round_index + 1;
        let Some(&position) = self.index.get(&player) else {
            return Some(format!(
                "round {number}: player {player} ({place_name}) is not a participant"
            ));
        };
        if let Some(first_seen) = self.seen.get(&player) {
            return Some(format!(
                "round {number}: player {player} appears in {first_seen} and again in \
                 {place_name}; a player appears at most once per round"
            ));
        }
        self.seen.insert(player, place_name.to_string());
        if slot != Slot::Absent {
            self.seated.push((position, self.round_index as u32, slot));
        }
        None
    }
}

/// The two sides' slots of one pairing.
fn pairing_slots(result: Result_, first: usize, second: usize) -> Result<(Slot, Slot), String> {
    Ok(match result {
        Result_::Played {
            first_wins: 0,
            second_wins: 0,
            draws: 0,
        } => {
            return Err("a match without games; write \"--\" for a double forfeit".to_string());
        }
        Result_::Played {
            first_wins,
            second_wins,
            draws,
        } => (
            Slot::OverTheBoard {
                opponent: second,
                won: first_wins,
                lost: second_wins,
                drawn: draws,
            },
            Slot::OverTheBoard {
                opponent: first,
                won: second_wins,
                lost: first_wins,
                drawn: draws,
            },
        ),
        Result_::ForfeitFirst => (Slot::Forfeit(Outcome::Win), Slot::Forfeit(Outcome::Loss)),
        Result_::ForfeitSecond => (Slot::Forfeit(Outcome::Loss), Slot::Forfeit(Outcome::Win)),
        Result_::DoubleForfeit => (Slot::Forfeit(Outcome::Loss), Slot::Forfeit(Outcome::Loss)),
        Result_::UnratedDraw => (Slot::Forfeit(Outcome::Draw), Slot::Forfeit(Outcome::Draw)),
    })
}

/// One participant's counts over the event.
#[derive(Debug, Clone, Default, PartialEq)]
struct Tally {
    points: f64,
    wins: u32,
    draws: u32,
    losses: u32,
    forfeits: u32,
    byes: u32,
    /// MTR match points (3/1/0) and the rounds they were scored in.
    match_points: u32,
    rounds_with_result: u32,
    /// MTR game points (3 per game won, 1 per game drawn) and games over the board.
    game_points: u32,
    games: u32,
}

fn tally(own: &[(u32, Slot)], points: &Points) -> Tally {
    let mut tally = Tally::default();
    // Summed in round order, so that equal records give bit-equal sums
    // (an absent round adds nothing).
    for &(_, slot) in own {
        tally.points += slot.points(points);
        if let Some(match_points) = slot.match_points() {
            tally.match_points += match_points;
            tally.rounds_with_result += 1;
        }
        match slot {
            Slot::OverTheBoard { won, lost, drawn, .. } => {
                match Outcome::of_games(won, lost) {
                    Outcome::Win => tally.wins += 1,
                    Outcome::Draw => tally.draws += 1,
                    Outcome::Loss => tally.losses += 1,
                }
                tally.game_points += 3 * won + drawn;
                tally.games += won + lost + drawn;
            }
            Slot::Forfeit(_) => tally.forfeits += 1,
            Slot::FullBye | Slot::HalfBye | Slot::ZeroBye => tally.byes += 1,
            Slot::Absent => {}
        }
    }
    tally
}

// ---------------------------------------------------------------------------
// Tie-breaks

/// The whole event as the tie-breaks read it: everyone's rounds, final points
/// and MTR percentages.
struct EventView<'a> {
    slots: &'a Slots,
    final_points: Vec<f64>,
    match_win: Vec<f64>,
    game_win: Vec<f64>,
}

/// MTR appendix C: an opponent's match-win and game-win % count as at least
/// 1/3 in omw and ogw (the MTR prints it as 0.33; we use 1/3).
const OPPONENT_FLOOR: f64 = 1.0 / 3.0;

impl<'a> EventView<'a> {
    fn new(slots: &'a Slots, tallies: &[Tally]) -> Self {
        let fraction = |scored: u32, possible: u32| {
            if possible == 0 {
                0.0
            } else {
                f64::from(scored) / f64::from(possible)
            }
        };
        EventView {
            slots,
            final_points: tallies.iter().map(|tally| tally.points).collect(),
            match_win: tallies
                .iter()
                .map(|t| fraction(t.match_points, 3 * t.rounds_with_result))
                .collect(),
            game_win: tallies.iter().map(|t| fraction(t.game_points, 3 * t.games)).collect(),
        }
    }

    fn tiebreak(&self, tiebreak: TieBreak, player: usize) -> f64 {
        match tiebreak {
            TieBreak::Buchholz => self.buchholz(player).0,
            TieBreak::BuchholzCut1 => match self.buchholz(player) {
                (_, None) => 0.0,
                (sum, Some(lowest)) => sum - lowest,
            },
            TieBreak::SonnebornBerger => self.sonneborn_berger(player),
            TieBreak::Wins => self
                .slots
                .player(player)
                .iter()
                .filter(|(_, slot)| matches!(slot, Slot::OverTheBoard { won, lost, .. } if won > lost))
                .count() as f64,
            TieBreak::Omw => self.opponents_mean(player, &self.match_win),
            TieBreak::Gw => self.game_win[player],
            TieBreak::Ogw => self.opponents_mean(player, &self.game_win),
        }
    }

    /// One term per round of the event: the opponent's final points over the
    /// board, else (byes, forfeits won or lost, absence) a virtual opponent
    /// with the player's own final points.
    ///
    /// This is our rule. FIDE's 2023 tie-break regulations (art. 16,
    /// as read in FIDE's reference implementation, OttoMilvang/TieBreakServer,
    /// `tiebreak.py`) agree on the virtual opponent for the player's own
    /// unplayed rounds but differ in two places:
    /// - an opponent's points are *adjusted*: the opponent's unplayed rounds
    ///   without an opponent (half/zero byes, absence) after their last played
    ///   round or full-point win count as draws, so a withdrawn opponent is
    ///   worth more; we take final points as scored;
    /// - Buchholz cut-1 first cuts a "voluntarily unplayed round" (a forfeit
    ///   loss, half or zero bye, absence) if there is one, even when a played
    ///   opponent scored less; we cut the lowest term.
    ///
    /// The 2026 amendment (the dummy's points capped at the opponent's, or at
    /// all-draws for a bye) is not applied either.
    ///
    /// The sum of the terms in round order and the lowest term (`None`
    /// for an event without rounds). A run of more than a few absent
    /// rounds adds the player's points times their number at once: the
    /// same sum for points that are multiples of ½ (exact in binary), and
    /// linear in the event's size however many rounds a player misses.
    fn buchholz(&self, player: usize) -> (f64, Option<f64>) {
        let own = self.final_points[player];
        let mut sum = 0.0;
        let mut lowest = None::<f64>;
        let mut term = |sum: &mut f64, value: f64, times: u32| {
            if times == 0 {
                return;
            }
            if times <= 4 {
                for _ in 0..times {
                    *sum += value;
                }
            } else {
                *sum += value * f64::from(times);
            }
            lowest = Some(lowest.map_or(value, |l| l.min(value)));
        };
        let mut next = 0;
        for &(round, slot) in self.slots.player(player) {
            term(&mut sum, own, round - next);
            term(&mut sum, slot.board_opponent().map_or(own, |o| self.final_points[o]), 1);
            next = round + 1;
        }
        term(&mut sum, own, self.slots.rounds - next);
        (sum, lowest)
    }

    /// Over matches over the board: opponent's final points × 1, ½ or 0 by
    /// the match result.
    fn sonneborn_berger(&self, player: usize) -> f64 {
        self.slots
            .player(player)
            .iter()
            .filter_map(|&(_, slot)| match slot {
                Slot::OverTheBoard {
                    opponent, won, lost, ..
                } => Some(self.final_points[opponent] * Outcome::of_games(won, lost).score_fraction()),
                _ => None,
            })
            .sum()
    }

    /// Mean of the opponents' (over the board) percentages, each floored at
    /// 1/3; 0 without such opponents.
    fn opponents_mean(&self, player: usize, percentages: &[f64]) -> f64 {
        let floored: Vec<f64> = self
            .slots
            .player(player)
            .iter()
            .filter_map(|(_, slot)| slot.board_opponent())
            .map(|opponent| percentages[opponent].max(OPPONENT_FLOOR))
            .collect();
        if floored.is_empty() {
            0.0
        } else {
            floored.iter().sum::<f64>() / floored.len() as f64
        }
    }
}

// ---------------------------------------------------------------------------
// Places

/// Sorts by points, then the tie-breaks in order (best first), equal rows by
/// player id, and gives equal rows one place (1, 2, 2, 4); places start
/// after `places_before`.
fn order_by_computation(rows: &mut [Row], places_before: u32) {
    let keys = ranking_keys(rows);
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        let by_keys = keys[a]
            .iter()
            .zip(&keys[b])
            .map(|(x, y)| y.total_cmp(x))
            .find(|ordering| ordering.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal);
        by_keys.then(rows[a].player.cmp(&rows[b].player))
    });
    let mut places = vec![0; rows.len()];
    for (position, &row) in order.iter().enumerate() {
        places[row] = match position {
            0 => places_before + 1,
            _ if keys[row] == keys[order[position - 1]] => places[order[position - 1]],
            _ => places_before + position as u32 + 1,
        };
    }
    for (row, place) in places.into_iter().enumerate() {
        rows[row].place = place;
    }
    permute(rows, &order);
}

/// Each row's points and tie-breaks, with values within [`EQUAL_WITHIN`]
/// made identical column by column, so that exact comparison ties them and
/// stays a total order (a tolerance inside the sort comparator would not be
/// transitive).
fn ranking_keys(rows: &[Row]) -> Vec<Vec<f64>> {
    let columns = 1 + rows.first().map_or(0, |row| row.tiebreaks.len());
    let snapped_columns: Vec<Vec<f64>> = (0..columns)
        .map(|column| {
            snapped(
                &rows
                    .iter()
                    .map(|row| match column {
                        0 => row.points,
                        _ => row.tiebreaks[column - 1],
                    })
                    .collect::<Vec<f64>>(),
            )
        })
        .collect();
    (0..rows.len())
        .map(|row| snapped_columns.iter().map(|values| values[row]).collect())
        .collect()
}

/// Replaces each run of values whose neighbours (in sorted order) are within
/// [`EQUAL_WITHIN`] by the run's lowest value.
fn snapped(values: &[f64]) -> Vec<f64> {
    let mut by_value: Vec<usize> = (0..values.len()).collect();
    by_value.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut snapped = values.to_vec();
    let mut run: Option<(f64, f64)> = None; // (representative, previous value)
    for &i in &by_value {
        let value = values[i];
        // Compared with the previous value, not the representative: ties chain.
        let representative = match run {
            Some((representative, previous)) if value - previous <= EQUAL_WITHIN => representative,
            _ => value,
        };
        run = Some((representative, value));
        snapped[i] = representative;
    }
    snapped
}

/// Official ranks as places, in rank order (equal ranks by player id); the
/// players they leave out follow in computed order.
fn order_officially(rows: &mut Vec<Row>, official: &[(u32, u32)]) {
    let ranks: HashMap<u32, u32> = official.iter().copied().collect();
    let (mut listed, mut unlisted): (Vec<Row>, Vec<Row>) =
        rows.drain(..).partition(|row| ranks.contains_key(&row.player));
    for row in &mut listed {
        row.place = ranks[&row.player];
    }
    listed.sort_by_key(|row| (row.place, row.player));
    let last_official = listed.iter().map(|row| row.place).max().unwrap_or(0);
    order_by_computation(&mut unlisted, last_official.max(listed.len() as u32));
    rows.extend(listed);
    rows.extend(unlisted);
}

/// Reorders `rows` so that `rows[i]` becomes the old `rows[order[i]]`.
fn permute(rows: &mut [Row], order: &[usize]) {
    let sorted: Vec<Row> = order.iter().map(|&i| rows[i].clone()).collect();
    rows.clone_from_slice(&sorted);
}

#[cfg(test)]
mod tests;
