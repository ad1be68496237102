//! The neutral result of every importer: what a tournament file says, in the
//! project's terms, before the integrator turns it into event files.

use std::fmt;

/// A calendar date as tournament files write it (no time zone, no time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// How the bytes of the file were read. Lines are decoded one by one: a line that
/// is valid UTF-8 is UTF-8, any other line is Windows-1252 (a superset of the
/// printable Latin-1), so `Windows1252` means "at least one line needed it".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf8WithBom,
    Utf16Le,
    Utf16Be,
    Windows1252,
}

/// One game's result, White (the first player) first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// Not played (TRF `+`/`-`, or `W`/`L` for a game of less than one move):
    /// scored, never rated. Spec notation `+-`.
    WhiteWinsForfeit,
    /// Spec notation `-+`.
    BlackWinsForfeit,
    /// Both lost by forfeit (TRF `-` on both lines). Spec notation `--`.
    DoubleForfeit,
    /// A draw that is not rated: TRF `D` (less than one move). Spec `½F-½F`.
    UnratedDraw,
    /// CSV only: the result exactly as the file writes it (`"2-1"`, `"½-½"`, …),
    /// left for the integrator to read with the results notation of docs/data-format.md.
    Written(String),
}

/// Where a file writes something: 1-based line and character column; 0 where
/// it is not known.
pub type Position = (usize, usize);

/// What an import noticed but did not stop for: where (line 0: the file as
/// a whole; column 0: the line as a whole) and what.
pub type Warning = (Position, String);

/// A game (one match) between two entrants, by index into `Tournament::players`.
#[derive(Clone, Debug)]
pub struct Game {
    /// The first player: White where colours exist.
    pub white: usize,
    pub black: usize,
    pub result: GameResult,
    /// False where the file gives no colours (a TRF forfeit written with `-`,
    /// every CSV match): `white` is then only the first of the two.
    pub colours_known: bool,
    /// Where the file writes the first player, the second and the result
    /// (TRF: the two 001 lines' names, the result code), so that a problem of
    /// the event file it becomes is told at the file's own line and column.
    pub at: [Position; 3],
}

/// One game is the same game wherever the file writes it.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        (self.white, self.black, &self.result, self.colours_known)
            == (other.white, other.black, &other.result, other.colours_known)
    }
}

impl Eq for Game {}

/// The three bye lists of docs/data-format.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeKind {
    /// `byes`: a pairing-allocated or full-point bye, scored as a win.
    Full,
    /// `half_point_byes`: scored as a draw.
    Half,
    /// `zero_point_byes`: absent or not paired, scores nothing.
    Zero,
}

/// One participant of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// Display form, given names first: "Magnus Carlsen" for "Carlsen, Magnus".
    /// A name without a comma is kept as written.
    pub name: String,
    /// The name exactly as the file writes it (spaces collapsed): TRF and PGN
    /// write "Last, First".
    pub surname_first: String,
    /// The part before the first comma ("Carlsen"), or the whole name.
    pub surname: String,
    /// The part after the first comma ("Magnus"), or empty.
    pub given_names: String,
    /// TRF starting-rank number (columns 5-8); 0 for PGN and CSV.
    pub start_rank: u32,
    /// Title as written (`GM`, `g`, `WFM`, …); empty where unknown.
    pub title: String,
    pub fide_id: Option<u64>,
    /// Three-letter federation (TRF) or the CSV `nat` column; empty where unknown.
    pub federation: String,
    pub rating: Option<u32>,
    /// Points the file declares for the player (TRF columns 81-84).
    pub declared_points: Option<f64>,
    /// Where the file first names the player (TRF: the 001 line's name).
    pub at: Position,
}

/// One tournament (one section of one) as a file describes it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Tournament {
    pub name: String,
    /// Where the file starts the tournament (its first record, tag or row).
    pub at: Position,
    pub place: String,
    pub start: Option<Date>,
    pub end: Option<Date>,
    /// Rounds with results; `round_results` and `byes` have this length.
    pub rounds: u32,
    pub players: Vec<Entrant>,
    /// Games per round, round 1 first.
    pub round_results: Vec<Vec<Game>>,
    /// Byes per round: (entrant index, kind).
    pub byes: Vec<Vec<(usize, ByeKind)>>,
    /// Final ranks the file gives (TRF columns 86-89, CSV placements): the
    /// event file's `[[results]]`. `None` when the file gives none.
    pub official: Option<Vec<(usize, u32)>>,
    /// What the import noticed but did not stop for.
    pub warnings: Vec<Warning>,
    /// Warnings left out (a TRF file keeps its first 100): how many, and
    /// the last one's line.
    pub more_warnings: (usize, usize),
    /// Set when one file holds several tournaments or sections.
    pub section: Option<String>,
    /// TRF 032 (host federation); empty elsewhere.
    pub federation: String,
    /// TRF 062 (number of players) where given.
    pub declared_players: Option<u32>,
    /// TRF 092 (type of tournament), as written.
    pub kind: String,
    /// Points for a win, a draw and a loss where the file sets other than
    /// 1, ½, 0 (TRF 162).
    pub points: Option<(f64, f64, f64)>,
}

impl Tournament {
    pub(crate) fn warn(&mut self, line: usize, message: impl Into<String>) {
        self.warnings.push(((line, 0), message.into()));
    }

    pub(crate) fn warn_at(&mut self, at: Position, message: impl Into<String>) {
        self.warnings.push((at, message.into()));
    }
}

/// What one file gives: its tournaments and how its text was decoded.
#[derive(Clone, Debug, PartialEq)]
pub struct Import {
    pub encoding: Encoding,
    pub tournaments: Vec<Tournament>,
    /// What was skipped outside any returned tournament (e.g. a PGN event none
    /// of whose games could be imported): (1-based line or 0, message).
    pub warnings: Vec<Warning>,
}

/// A file that cannot be imported. `line` is 1-based; 0 means the file as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

impl ImportError {
    pub(crate) fn new(line: usize, column: Option<usize>, message: impl Into<String>) -> Self {
        ImportError {
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}", self.message),
            (line, None) => write!(f, "line {line}: {}", self.message),
            (line, Some(column)) => write!(f, "line {line}, column {column}: {}", self.message),
        }
    }
}

impl std::error::Error for ImportError {}
