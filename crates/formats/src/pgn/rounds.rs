//! Rounds for the games of one PGN event, as the import is to make them: numbered games in
//! their round (a game that would put a player twice in a round, as the games
//! of a knockout match do, moves to the next round where both are free), then
//! every game without a round in a round of its own, in file order.
//!
//! Numbered games are placed in round order (file order within a round), so a
//! match's later games land before the next numbered round's games of the same
//! players, which move along: the order in which the games were played stays.

use std::collections::{HashMap, HashSet};

/// One game as far as rounds go.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seat {
    pub round: Option<u32>,
    pub white: usize,
    pub black: usize,
}

#[derive(Debug, Default)]
pub(crate) struct Placement {
    /// The 1-based round of every game, in the order given.
    pub rounds: Vec<u32>,
    /// Games moved to a later round, in the order they were moved.
    pub moved: Vec<usize>,
    /// The last round used by numbered games; unnumbered ones follow it.
    pub last_numbered: u32,
}

/// How far to look for a round where both players are free before going past
/// both players' last round (always free). It keeps a pathological file (one
/// pair meeting in thousands of games) linear.
const SEARCH_LIMIT: u32 = 64;

pub(crate) fn place(games: &[Seat]) -> Placement {
    let mut rounds = vec![0; games.len()];
    let mut numbered: Vec<usize> = (0..games.len()).filter(|&i| games[i].round.is_some()).collect();
    // Stable: round order first, file order within a round.
    numbered.sort_by_key(|&i| games[i].round);
    let mut busy: HashSet<(usize, u32)> = HashSet::new();
    let mut last: HashMap<usize, u32> = HashMap::new();
    let mut moved = Vec::new();
    for i in numbered {
        let Seat { round, white, black } = games[i];
        let wanted = round.unwrap_or(1);
        let free = |r: u32, busy: &HashSet<(usize, u32)>| !busy.contains(&(white, r)) && !busy.contains(&(black, r));
        let round = if free(wanted, &busy) {
            wanted
        } else {
            moved.push(i);
            (wanted + 1..=wanted + SEARCH_LIMIT)
                .find(|&r| free(r, &busy))
                // Past both players' last rounds (a player not placed yet has
                // none: a simul's 66th opponent).
                .unwrap_or_else(|| {
                    let last_of = |p: usize| last.get(&p).copied().unwrap_or(0);
                    last_of(white).max(last_of(black)).max(wanted) + 1
                })
        };
        busy.insert((white, round));
        busy.insert((black, round));
        for player in [white, black] {
            let entry = last.entry(player).or_insert(0);
            *entry = (*entry).max(round);
        }
        rounds[i] = round;
    }
    let last_numbered = rounds.iter().copied().max().unwrap_or(0);
    let mut next = last_numbered;
    for (i, game) in games.iter().enumerate() {
        if game.round.is_none() {
            next += 1;
            rounds[i] = next;
        }
    }
    Placement {
        rounds,
        moved,
        last_numbered,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(round: Option<u32>, white: usize, black: usize) -> Seat {
        Seat { round, white, black }
    }

    /// A simul exported with one round number: player 0 meets 100 opponents
    /// in "round 1". Each game gets a round of its own for player 0 (no
    /// panic when the search runs past its limit for an opponent not yet
    /// placed).
    #[test]
    fn one_player_in_a_hundred_games_of_one_round_gets_a_round_each() {
        let games: Vec<Seat> = (1..=100).map(|o| seat(Some(1), 0, o)).collect();
        let placed = place(&games);
        let mut rounds = placed.rounds.clone();
        rounds.sort_unstable();
        rounds.dedup();
        assert_eq!(rounds.len(), 100, "player 0 is once per round");
        assert_eq!(placed.moved.len(), 99);
        assert_eq!(placed.last_numbered, 100);
    }

    #[test]
    fn knockout_games_move_to_the_next_free_round() {
        // A two-game match in round 1; player 0 also plays in round 2, and that
        // game moves along behind the match's second game.
        let games = [
            seat(Some(1), 0, 1),
            seat(Some(1), 1, 0),
            seat(Some(2), 0, 2),
            seat(Some(2), 3, 4),
            seat(None, 3, 4),
        ];
        let placement = place(&games);
        assert_eq!(placement.rounds, vec![1, 2, 3, 2, 4]);
        assert_eq!(placement.moved, vec![1, 2]);
        assert_eq!(placement.last_numbered, 3);
    }

    #[test]
    fn file_order_does_not_matter_for_numbered_rounds() {
        let games = [seat(Some(2), 0, 1), seat(Some(1), 0, 1)];
        assert_eq!(place(&games).rounds, vec![2, 1]);
        // A round-2 game listed before a two-game round-1 match still moves
        // behind the match.
        let games = [seat(Some(2), 0, 2), seat(Some(1), 0, 1), seat(Some(1), 1, 0)];
        assert_eq!(place(&games).rounds, vec![3, 1, 2]);
    }

    #[test]
    fn many_games_of_one_pair_stay_linear() {
        let games: Vec<Seat> = (0..20_000).map(|i| seat(Some(1), i % 2, 1 - i % 2)).collect();
        let placement = place(&games);
        assert_eq!(placement.rounds[19_999], 20_000);
        assert_eq!(placement.moved.len(), 19_999);
    }
}
