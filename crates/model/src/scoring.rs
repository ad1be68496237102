//! How a match event scores: what a win, a draw and a loss are worth
//! (`points`) and the tie-breaks that order equal points (`tiebreaks`), as
//! `site.toml` sets them for every event and an event file for itself. The
//! standings themselves are computed in `ratings_rating::standings`.

use std::fmt;
use std::str::FromStr;

/// `points = { win = 3, draw = 1, loss = 0 }` as written: checked by
/// [`WrittenPoints::points`].
#[derive(Debug, Clone, Copy, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrittenPoints {
    win: Option<f64>,
    draw: Option<f64>,
    loss: Option<f64>,
}

impl WrittenPoints {
    /// The points, or what is wrong in the user's words.
    pub fn points(&self) -> Result<Points, String> {
        let (Some(win), Some(draw), Some(loss)) = (self.win, self.draw, self.loss) else {
            let missing: Vec<&str> = [("win", self.win), ("draw", self.draw), ("loss", self.loss)]
                .iter()
                .filter(|(_, v)| v.is_none())
                .map(|(k, _)| *k)
                .collect();
            return Err(format!(
                "`points` needs all of win, draw and loss (missing: {}): write e.g. `points = {{ win = 3, draw = 1, loss = 0 }}`",
                missing.join(", ")
            ));
        };
        let points = Points { win, draw, loss };
        match points.problem() {
            Some(problem) => Err(problem),
            None => Ok(points),
        }
    }
}

/// What a match win, draw and loss are worth in the event's standings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Points {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
}

impl Default for Points {
    /// Chess: 1, ½, 0 (the default).
    fn default() -> Self {
        Points {
            win: 1.0,
            draw: 0.5,
            loss: 0.0,
        }
    }
}

/// A tie-break, named in `tiebreaks` as [`TieBreak::name`] gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    Buchholz,
    BuchholzCut1,
    SonnebornBerger,
    Wins,
    Omw,
    Gw,
    Ogw,
}

impl TieBreak {
    pub const ALL: [TieBreak; 7] = [
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
        TieBreak::Omw,
        TieBreak::Gw,
        TieBreak::Ogw,
    ];
    /// The default list for chess.
    pub const CHESS_DEFAULT: [TieBreak; 4] = [
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
    ];
    /// The list Magic organisers set (MTR 3.1).
    pub const MAGIC: [TieBreak; 3] = [TieBreak::Omw, TieBreak::Gw, TieBreak::Ogw];

    /// Magic's percentages (omw, gw, ogw): fractions from 0 to 1, shown
    /// and downloaded in percent.
    pub fn is_percentage(self) -> bool {
        matches!(self, TieBreak::Omw | TieBreak::Gw | TieBreak::Ogw)
    }

    /// The column heading of the standings, and what it means (its
    /// `title`).
    pub fn heading(self) -> (&'static str, &'static str) {
        match self {
            TieBreak::Buchholz => ("Buch", "Buchholz: the opponents' points"),
            TieBreak::BuchholzCut1 => ("Buch-1", "Buchholz cut 1: the opponents' points less the lowest"),
            TieBreak::SonnebornBerger => (
                "SB",
                "Sonneborn-Berger: the points of the opponents beaten, half of those drawn",
            ),
            TieBreak::Wins => ("Wins", "games won over the board"),
            TieBreak::Omw => ("OMW %", "opponents' match-win percentage"),
            TieBreak::Gw => ("GW %", "game-win percentage"),
            TieBreak::Ogw => ("OGW %", "opponents' game-win percentage"),
        }
    }

    /// How it is computed, in a reader's words (the method page; Markdown).
    pub fn explanation(self) -> &'static str {
        match self {
            TieBreak::Buchholz => {
                "the sum of the final points of every opponent the player met. For each round the player \
                 did not play over the board (a bye of any kind, a forfeit won or lost, a round missed), \
                 the sum counts a virtual opponent with the player's own final points, as FIDE's 2023 \
                 tie-break rules do."
            }
            TieBreak::BuchholzCut1 => "Buchholz less its single lowest term.",
            TieBreak::SonnebornBerger => {
                "over the games played over the board, the opponent's final points times the player's \
                 score in the game: all of a beaten opponent's points, half of a drawn one's, none of a \
                 winner's."
            }
            TieBreak::Wins => "matches won over the board (forfeit wins and byes do not count).",
            TieBreak::Omw => {
                "the mean of the match-win percentages of the opponents met over the board, each at least \
                 33.33 %. A match-win percentage is match points (3 a win, 1 a draw, 0 a loss, whatever \
                 the event's points; a full-point bye a win, a half-point bye a draw, a zero-point bye a \
                 loss) over 3 points per round with a result."
            }
            TieBreak::Gw => {
                "the player's game-win percentage: game points (3 a game won, 1 a game drawn) over 3 \
                 points per game played over the board (a `1-0` is one game, a `2-1` three); 0 without a \
                 game played."
            }
            TieBreak::Ogw => {
                "the mean of the game-win percentages of the opponents met over the board, each at least \
                 33.33 %."
            }
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "buchholz",
            TieBreak::BuchholzCut1 => "buchholz-cut1",
            TieBreak::SonnebornBerger => "sonneborn-berger",
            TieBreak::Wins => "wins",
            TieBreak::Omw => "omw",
            TieBreak::Gw => "gw",
            TieBreak::Ogw => "ogw",
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TieBreak {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim();
        TieBreak::ALL
            .into_iter()
            .find(|tiebreak| tiebreak.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| {
                let names: Vec<&str> = TieBreak::ALL.iter().map(|t| t.name()).collect();
                let wanted = crate::names::excerpt(wanted);
                format!("unknown tie-break \"{wanted}\": use one of {}", names.join(", "))
            })
    }
}

impl Points {
    /// "a win 1, a draw 0.5, a loss 0".
    pub fn describe(&self) -> String {
        format!("a win {}, a draw {}, a loss {}", self.win, self.draw, self.loss)
    }

    /// The largest worth a result may have: bounds every sum of points.
    pub const MAX: f64 = 1_000_000.0;

    /// A problem with the values, in the user's words: each a number within
    /// ±1,000,000, and a win worth at least a draw, a draw at least a loss.
    pub fn problem(&self) -> Option<String> {
        let values = [("win", self.win), ("draw", self.draw), ("loss", self.loss)];
        if let Some((key, value)) = values.iter().find(|(_, v)| !v.is_finite() || v.abs() > Self::MAX) {
            return Some(format!(
                "`points.{key}` is {value}: write a number between -1000000 and 1000000"
            ));
        }
        if self.win < self.draw || self.draw < self.loss {
            return Some(format!(
                "`points` gives win {}, draw {}, loss {}: a win must be worth at least a draw, and a draw at least a loss",
                self.win, self.draw, self.loss
            ));
        }
        None
    }
}

/// A `tiebreaks` list: known names (any case), each at most once.
pub fn tiebreak_list<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Vec<TieBreak>, String> {
    let mut list = Vec::new();
    for name in names {
        let tiebreak: TieBreak = name.parse()?;
        if list.contains(&tiebreak) {
            return Err(format!("`tiebreaks` names \"{tiebreak}\" twice"));
        }
        list.push(tiebreak);
    }
    Ok(list)
}
