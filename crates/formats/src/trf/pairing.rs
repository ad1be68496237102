//! From the player lines' rounds to games and byes: each game is written on
//! both players' lines, so it is paired once and the two lines are compared.

use std::collections::HashMap;

use super::player_line::{BLANK, Colour, Entry, PlayerLine};
use crate::model::{ByeKind, Game, GameResult, Tournament, Warning};

/// One side's result, as its own line writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Score {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
    /// TRF `W D L`: a game of less than one move; scored, not rated.
    ShortWin,
    ShortDraw,
    ShortLoss,
}

impl Score {
    fn of(code: char) -> Option<Score> {
        Some(match code {
            '1' => Score::Win,
            '=' => Score::Draw,
            '0' => Score::Loss,
            '+' => Score::ForfeitWin,
            '-' => Score::ForfeitLoss,
            'W' => Score::ShortWin,
            'D' => Score::ShortDraw,
            'L' => Score::ShortLoss,
            _ => return None,
        })
    }

    /// What the opponent's line should say.
    fn opposite(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Loss => Score::Win,
            Score::Draw => Score::Draw,
            Score::ForfeitWin => Score::ForfeitLoss,
            Score::ForfeitLoss => Score::ForfeitWin,
            Score::ShortWin => Score::ShortLoss,
            Score::ShortLoss => Score::ShortWin,
            Score::ShortDraw => Score::ShortDraw,
        }
    }

    /// The game's result when this is White's score. `W`/`L` are scored as
    /// forfeits and `D` as an unrated draw (spec: `+-`, `-+`, `½F-½F`).
    fn for_white(self) -> GameResult {
        match self {
            Score::Win => GameResult::WhiteWins,
            Score::Loss => GameResult::BlackWins,
            Score::Draw => GameResult::Draw,
            Score::ForfeitWin | Score::ShortWin => GameResult::WhiteWinsForfeit,
            Score::ForfeitLoss | Score::ShortLoss => GameResult::BlackWinsForfeit,
            Score::ShortDraw => GameResult::UnratedDraw,
        }
    }
}

/// What one player's line says about one round, in entrant indexes.
#[derive(Clone, Copy, Debug)]
enum Claim {
    Game {
        opponent: usize,
        colour: Colour,
        score: Score,
        code: char,
        column: usize,
    },
    Bye(ByeKind),
}

/// A bye written without an opponent. `H` half, `F`/`U` full, `Z` and blank
/// zero; with `0000` (older files, lichess) `+` full, `=` half, `-` absent. The
/// codes of a game are read by what they score, with a warning.
pub(crate) fn bye_kind(code: char) -> (ByeKind, bool) {
    match code {
        'H' | '=' => (ByeKind::Half, false),
        'F' | 'U' | '+' => (ByeKind::Full, false),
        'Z' | ' ' | '-' => (ByeKind::Zero, false),
        '1' | 'W' => (ByeKind::Full, true),
        'D' => (ByeKind::Half, true),
        _ => (ByeKind::Zero, true),
    }
}

struct Round<'a> {
    number: usize,
    lines: &'a [PlayerLine],
    claims: Vec<Claim>,
}

fn claim_of(
    player: &PlayerLine,
    entry: Entry,
    round: usize,
    by_rank: &HashMap<u32, usize>,
    warnings: &mut Vec<Warning>,
) -> Claim {
    let line = player.line;
    let opponent = entry.opponent.filter(|&o| o != player.entrant.start_rank);
    let bye = |warnings: &mut Vec<Warning>, why: &str| {
        let (kind, odd) = bye_kind(entry.code);
        if odd || !why.is_empty() {
            warnings.push((
                (line, entry.column),
                format!(
                    "round {round}: result `{}`{why}; taken as a {} bye",
                    entry.code,
                    bye_name(kind)
                ),
            ));
        }
        Claim::Bye(kind)
    };
    let Some(rank) = opponent else {
        return bye(warnings, "");
    };
    let Some(&index) = by_rank.get(&rank) else {
        return bye(warnings, &format!(" against player {rank}, who has no 001 line"));
    };
    match Score::of(entry.code) {
        Some(score) => Claim::Game {
            opponent: index,
            colour: entry.colour,
            score,
            code: entry.code,
            column: entry.column,
        },
        // Paired but not played yet (an export during the round).
        None if entry.code == ' ' => {
            let message = format!("round {round}: paired with player {rank} but no result; not counted");
            warnings.push(((line, entry.column), message));
            Claim::Bye(ByeKind::Zero)
        }
        None => bye(warnings, &format!(" with opponent {rank}; the opponent is ignored and")),
    }
}

pub(crate) fn bye_name(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::Full => "full-point",
        ByeKind::Half => "half-point",
        ByeKind::Zero => "zero-point",
    }
}

/// Whether a line's entry is a bye that scores (written without an
/// opponent, or against the player himself).
pub(crate) fn is_scoring_bye(player: &PlayerLine, entry: &Entry) -> bool {
    entry.opponent.is_none_or(|o| o == player.entrant.start_rank) && bye_kind(entry.code).0 != ByeKind::Zero
}

/// Pairs every round up to the last in which a line writes an opponent or a
/// bye that scores: games first (a line that records a game wins over its
/// opponent's silence), then byes for everyone left. The rounds after it
/// hold zero-point byes only: they are not paired (a line of 999 absent
/// rounds beside 9,999 players made 10 million byes, all dropped), but their
/// entries' warnings are given as pairing would. Returns each of those
/// rounds that a line writes, with the first such line, first round first:
/// they are dropped (see `drop_unplayed_rounds`).
pub(crate) fn pair_rounds(
    lines: &[PlayerLine],
    by_rank: &HashMap<u32, usize>,
    t: &mut Tournament,
    more: &mut (usize, usize),
) -> Vec<(usize, usize)> {
    let live = lines
        .iter()
        .map(|p| {
            let live = |e: &Entry| e.opponent.is_some_and(|o| o != p.entrant.start_rank) || is_scoring_bye(p, e);
            p.entries.iter().rposition(live).map_or(0, |i| i + 1)
        })
        .max()
        .unwrap_or(0);
    for number in 1..=live {
        let claims = lines
            .iter()
            .map(|p| {
                let entry = p.entries.get(number - 1).copied().unwrap_or(BLANK);
                claim_of(p, entry, number, by_rank, &mut t.warnings)
            })
            .collect();
        let round = Round { number, lines, claims };
        let (games, byes) = pair_round(&round, &mut t.warnings);
        t.round_results.push(games);
        t.byes.push(byes);
        super::cap_warnings(&mut t.warnings, super::MAX_WARNINGS, more);
    }
    // The later rounds' written entries, round by round, lines in file order.
    let mut written: Vec<(usize, usize)> = lines
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            let entries = p.entries.iter().enumerate().skip(live);
            entries.filter(|&(_, e)| *e != BLANK).map(move |(r, _)| (r + 1, i))
        })
        .collect();
    written.sort_by_key(|&(round, _)| round);
    for &(round, i) in &written {
        claim_of(&lines[i], lines[i].entries[round - 1], round, by_rank, &mut t.warnings);
        super::cap_warnings(&mut t.warnings, super::MAX_WARNINGS, more);
    }
    written.dedup_by_key(|&mut (round, _)| round);
    written.into_iter().map(|(round, i)| (round, lines[i].line)).collect()
}

fn pair_round(round: &Round, warnings: &mut Vec<Warning>) -> (Vec<Game>, Vec<(usize, ByeKind)>) {
    let mut done = vec![false; round.claims.len()];
    let mut games = Vec::new();
    for (player, claim) in round.claims.iter().enumerate() {
        let Claim::Game { opponent, column, .. } = *claim else {
            continue;
        };
        if done[player] {
            continue;
        }
        let opponent_claim = round.claims[opponent];
        let answered = matches!(opponent_claim, Claim::Game { opponent: o, .. } if o == player);
        let silent = matches!(opponent_claim, Claim::Bye(ByeKind::Zero));
        if done[opponent] || !(answered || silent) {
            warnings.push((
                (round.lines[player].line, column),
                format!(
                    "round {}: the game against player {} is not on line {}, which gives that \
                     round to another game or a bye; ignored",
                    round.number, round.lines[opponent].entrant.start_rank, round.lines[opponent].line
                ),
            ));
            continue;
        }
        games.push(make_game(round, player, answered.then_some(opponent_claim), warnings));
        done[player] = true;
        done[opponent] = true;
    }
    let byes = round
        .claims
        .iter()
        .enumerate()
        .filter(|&(player, _)| !done[player])
        .map(|(player, claim)| match *claim {
            Claim::Bye(kind) => (player, kind),
            // A game its opponent's line contradicts: the player was not paired.
            Claim::Game { .. } => (player, ByeKind::Zero),
        })
        .collect();
    (games, byes)
}

/// One game from the line that is first in the file, checked against the
/// opponent's line when that records it too.
fn make_game(round: &Round, player: usize, answer: Option<Claim>, warnings: &mut Vec<Warning>) -> Game {
    let Claim::Game {
        opponent,
        colour,
        score,
        code,
        column,
    } = round.claims[player]
    else {
        unreachable!("make_game is called for game claims only")
    };
    let (here, there) = (&round.lines[player], &round.lines[opponent]);
    let (other_colour, double) = match answer {
        Some(Claim::Game {
            colour: other_colour,
            score: other_score,
            code: other_code,
            ..
        }) => {
            let double = score == Score::ForfeitLoss && other_score == Score::ForfeitLoss;
            if other_score != score.opposite() && !double {
                let message = format!(
                    "round {}: this line has `{code}` against player {} but line {} has \
                     `{other_code}`; this line's result is kept",
                    round.number, there.entrant.start_rank, there.line
                );
                warnings.push(((here.line, column), message));
            }
            if other_colour == colour && colour != Colour::Unknown {
                let message = format!(
                    "round {}: line {} gives player {} the same colour as this line; this \
                     line's is kept",
                    round.number, there.line, there.entrant.start_rank
                );
                // The colour is two columns before the result.
                warnings.push(((here.line, column.saturating_sub(2)), message));
            }
            (other_colour, double)
        }
        _ => {
            let message = format!(
                "round {}: the game against player {} is missing from line {}; taken from this line",
                round.number, there.entrant.start_rank, there.line
            );
            warnings.push(((here.line, column), message));
            (Colour::Unknown, false)
        }
    };
    let player_is_white = match (colour, other_colour) {
        (Colour::White, _) => true,
        (Colour::Black, _) => false,
        (Colour::Unknown, Colour::White) => false,
        // No colours (a forfeit written `-`): the player first in the file leads.
        (Colour::Unknown, _) => true,
    };
    let (white, black, white_score) = if player_is_white {
        (player, opponent, score)
    } else {
        (opponent, player, score.opposite())
    };
    let result = if double {
        GameResult::DoubleForfeit
    } else {
        white_score.for_white()
    };
    let colours_known = colour != Colour::Unknown || other_colour != Colour::Unknown;
    let name_at = |i: usize| round.lines[i].entrant.at;
    Game {
        white,
        black,
        result,
        colours_known,
        at: [name_at(white), name_at(black), (here.line, column)],
    }
}
