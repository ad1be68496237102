//! Declared points (columns 81-84) against what the rounds score. Real exports
//! often leave byes unrecorded; the import recovers them as below.

use super::pairing::bye_name;
use super::player_line::PlayerLine;
use crate::model::{ByeKind, GameResult, Tournament};

/// Points per outcome: TRF26 record `162` (W win or full bye, D draw or half
/// bye, L loss, A absence or forfeit loss), FIDE's defaults otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Scoring {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
    pub absence: f64,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            win: 1.0,
            draw: 0.5,
            loss: 0.0,
            absence: 0.0,
        }
    }
}

const EPSILON: f64 = 1e-6;

impl Scoring {
    fn bye(&self, kind: ByeKind) -> f64 {
        match kind {
            ByeKind::Full => self.win,
            ByeKind::Half => self.draw,
            ByeKind::Zero => self.absence,
        }
    }

    /// (White's points, Black's points).
    fn game(&self, result: &GameResult) -> (f64, f64) {
        match result {
            GameResult::WhiteWins => (self.win, self.loss),
            GameResult::BlackWins => (self.loss, self.win),
            GameResult::Draw | GameResult::UnratedDraw => (self.draw, self.draw),
            GameResult::WhiteWinsForfeit => (self.win, self.absence),
            GameResult::BlackWinsForfeit => (self.absence, self.win),
            GameResult::DoubleForfeit => (self.absence, self.absence),
            GameResult::Written(_) => (0.0, 0.0),
        }
    }
}

fn points_of(t: &Tournament, scoring: &Scoring) -> Vec<f64> {
    let mut points = vec![0.0; t.players.len()];
    for game in t.round_results.iter().flatten() {
        let (white, black) = scoring.game(&game.result);
        points[game.white] += white;
        points[game.black] += black;
    }
    for &(player, kind) in t.byes.iter().flatten() {
        points[player] += scoring.bye(kind);
    }
    points
}

/// The fewest full-point byes, then the fewest half-point byes, that make up
/// `missing` within `absent` rounds. Rounds are few, so trying all is cheap.
fn byes_for(missing: f64, absent: usize, scoring: &Scoring) -> Option<(usize, usize)> {
    let absent = absent.min(200);
    let half = scoring.draw - scoring.absence;
    let full = scoring.win - scoring.absence;
    (0..=absent).find_map(|fulls| {
        (0..=absent - fulls)
            .find(|&halves| (halves as f64 * half + fulls as f64 * full - missing).abs() < EPSILON)
            .map(|halves| (halves, fulls))
    })
}

/// Checks every declared score. Where the player's absent rounds (zero-point
/// byes, blank or `Z`) explain a shortfall, the earliest of them become
/// half-point byes (then full-point where halves are not enough): late entries,
/// whose byes programs forget to write, miss the first rounds.
pub(crate) fn check(t: &mut Tournament, lines: &[PlayerLine], scoring: &Scoring) {
    let computed = points_of(t, scoring);
    // Each player's zero-point byes as (round, place in that round's list), found
    // in one pass so that a file of many absent players stays linear.
    let mut absent: Vec<Vec<(usize, usize)>> = vec![Vec::new(); t.players.len()];
    for (round, byes) in t.byes.iter().enumerate() {
        for (place, &(player, kind)) in byes.iter().enumerate() {
            if kind == ByeKind::Zero {
                absent[player].push((round, place));
            }
        }
    }
    for (player, line) in lines.iter().enumerate() {
        let Some(declared) = line.entrant.declared_points else {
            continue;
        };
        let missing = declared - computed[player];
        if missing.abs() < EPSILON {
            continue;
        }
        let name = &line.entrant.name;
        let plan = if missing > 0.0 {
            byes_for(missing, absent[player].len(), scoring)
        } else {
            None
        };
        let Some((halves, fulls)) = plan else {
            // At the points, columns 81-84.
            t.warn_at(
                (line.line, 81),
                format!(
                    "{name} declares {declared} points but the rounds give {}",
                    computed[player]
                ),
            );
            continue;
        };
        let mut changed = Vec::new();
        for (i, &(round, place)) in absent[player].iter().take(halves + fulls).enumerate() {
            let kind = if i < halves { ByeKind::Half } else { ByeKind::Full };
            t.byes[round][place].1 = kind;
            changed.push(format!("{} ({})", round + 1, bye_name(kind)));
        }
        t.warn_at(
            (line.line, 81),
            format!(
                "{name} declares {declared} points but the rounds give {}; unrecorded byes assumed in round {}",
                computed[player],
                changed.join(", ")
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_are_preferred_to_full_points() {
        let scoring = Scoring::default();
        assert_eq!(byes_for(1.0, 2, &scoring), Some((2, 0)));
        assert_eq!(byes_for(1.0, 1, &scoring), Some((0, 1)));
        assert_eq!(byes_for(1.5, 2, &scoring), Some((1, 1)));
        assert_eq!(byes_for(0.5, 3, &scoring), Some((1, 0)));
        assert_eq!(byes_for(2.5, 2, &scoring), None);
        assert_eq!(byes_for(0.25, 4, &scoring), None);
    }

    #[test]
    fn three_point_wins_use_the_declared_scoring() {
        let scoring = Scoring {
            win: 3.0,
            draw: 1.0,
            loss: 0.0,
            absence: 0.0,
        };
        assert_eq!(byes_for(4.0, 2, &scoring), Some((1, 1)));
        assert_eq!(byes_for(2.0, 3, &scoring), Some((2, 0)));
    }
}
