//! The model: what `load` produces and every later stage reads (events,
//! players, dates), with what every stage shares: names and their keys,
//! countries, number formats, diagnostics, and the rule for what a site may
//! read. It knows no settings and no rating system.

pub mod country;
pub mod error;
pub mod files;
pub mod format;
pub mod names;
pub mod notation;
pub mod scoring;
pub mod tables;

use std::fmt;

/// A calendar date (TOML local date).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

impl Date {
    /// The month a word names, in any case: the whole name, its first
    /// three letters or "Sept", with or without a final dot (`July`,
    /// `jul.`, `Sept`).
    pub fn month_number(word: &str) -> Option<u8> {
        let w = word.trim_end_matches('.').to_ascii_lowercase();
        if w.len() < 3 {
            return None;
        }
        MONTHS
            .iter()
            .map(|m| m.to_ascii_lowercase())
            .position(|m| {
                m.starts_with(&w) && (w.len() == m.len() || w.len() == 3 || (m == "september" && w == "sept"))
            })
            .map(|i| i as u8 + 1)
    }

    pub fn month_name(self) -> &'static str {
        MONTHS[usize::from(self.month.clamp(1, 12)) - 1]
    }

    /// Days since 1970-01-01 (proleptic Gregorian), for charts and spans.
    pub fn days(self) -> i64 {
        let (y, m, d) = (i64::from(self.year), i64::from(self.month), i64::from(self.day));
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01: the inverse of [`Date::days`].
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date {
            year: year as i32,
            month,
            day,
        }
    }
}

impl Date {
    /// ISO 8601, `YYYY-MM-DD` (what `{:04}-{:02}-{:02}` prints).
    fn write_to(&self, f: &mut (impl fmt::Write + ?Sized)) -> fmt::Result {
        let (y, m, d) = (self.year, u32::from(self.month), u32::from(self.day));
        if !(0..=9999).contains(&y) || m > 99 || d > 99 {
            return write!(f, "{y:04}-{m:02}-{d:02}");
        }
        let y = y as u32;
        let digit = |n: u32| b'0' + n as u8;
        let text = [
            digit(y / 1000),
            digit(y / 100 % 10),
            digit(y / 10 % 10),
            digit(y % 10),
            b'-',
            digit(m / 10),
            digit(m % 10),
            b'-',
            digit(d / 10),
            digit(d % 10),
        ];
        f.write_str(std::str::from_utf8(&text).expect("ASCII digits"))
    }
}

crate::format::fast_display!(Date);

/// Digits and dashes: nothing to escape.
impl askama::filters::HtmlSafe for Date {}

/// "July 7-9, 2017", "June 1, 1996", "June 30 - July 2, 2017", as on the
/// World Diplomacy Database event pages.
pub fn date_range(start: Date, end: Option<Date>) -> String {
    let end = end.unwrap_or(start);
    if end == start {
        format!("{} {}, {}", start.month_name(), start.day, start.year)
    } else if start.year != end.year {
        format!(
            "{} {}, {} - {} {}, {}",
            start.month_name(),
            start.day,
            start.year,
            end.month_name(),
            end.day,
            end.year
        )
    } else if start.month != end.month {
        format!(
            "{} {} - {} {}, {}",
            start.month_name(),
            start.day,
            end.month_name(),
            end.day,
            end.year
        )
    } else {
        format!("{} {}-{}, {}", start.month_name(), start.day, end.day, start.year)
    }
}

/// Index of a player in [`Site::players`].
pub type PlayerId = u32;

/// A player. An archive holds half a million: the texts are boxed `str`s
/// (16 bytes each, not a `String`'s 24; they never grow after loading).
#[derive(Debug, Clone)]
pub struct Player {
    /// Name key (after merging aliases from the registry).
    pub key: Box<str>,
    pub display: Box<str>,
    pub nat: Box<str>,
    pub loc: Box<str>,
    /// File name (without `.html`) of the player page.
    pub slug: Box<str>,
}

/// One final placement (`[[results]]` row).
#[derive(Debug, Clone)]
pub struct Placement {
    pub rank: u32,
    pub player: PlayerId,
    /// The row's `nat` and `loc`, shared between the rows that give the
    /// same pair: an archive holds millions of rows and a few hundred
    /// pairs, so a row is 16 bytes.
    pub origin: std::sync::Arc<Origin>,
}

/// The `nat` and `loc` of a `[[results]]` row.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    pub nat: Box<str>,
    pub loc: Box<str>,
}

impl Placement {
    /// The row's `nat` (empty when not given).
    pub fn nat(&self) -> &str {
        &self.origin.nat
    }

    /// The row's `loc` (empty when not given).
    pub fn loc(&self) -> &str {
        &self.origin.loc
    }
}

/// The match score of a player who won `won` games and lost `lost`: 1 win,
/// 0.5 draw, 0 loss (equal game wins is a draw).
pub fn match_score(won: u16, lost: u16) -> f64 {
    match won.cmp(&lost) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }
}

/// A match: `wins_a`-`wins_b`[-`draws`] games between `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Match {
    pub a: PlayerId,
    pub b: PlayerId,
    pub wins_a: u16,
    pub wins_b: u16,
    pub draws: u16,
}

impl Match {
    /// Match score of `a`: 1 win, 0.5 draw, 0 loss (equal game wins is a draw).
    pub fn score_a(&self) -> f64 {
        match_score(self.wins_a, self.wins_b)
    }

    /// One side of the match: (player, opponent, the player's score), `a`'s
    /// side when `first`.
    pub fn side(&self, first: bool) -> (PlayerId, PlayerId, f64) {
        if first {
            (self.a, self.b, self.score_a())
        } else {
            (self.b, self.a, 1.0 - self.score_a())
        }
    }
}

/// One round of a match event. Every player of the round is in exactly
/// one of its lists.
#[derive(Debug, Clone, Default)]
pub struct Round {
    /// Matches played over the board: what rating systems rate.
    pub matches: Vec<Match>,
    /// Full-point byes (allocated by the pairing).
    pub byes: Vec<PlayerId>,
    /// Half-point byes (requested).
    pub half_byes: Vec<PlayerId>,
    /// Zero-point byes (absent, not paired, still in the event).
    pub zero_byes: Vec<PlayerId>,
    /// Matches not played over the board: never rated, they count in the
    /// standings.
    pub forfeits: Vec<Forfeit>,
}

impl Round {
    /// Everyone in the round: both players of each match and forfeit, then
    /// the three bye lists.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        let matches = self.matches.iter().flat_map(|m| [m.a, m.b]);
        let forfeits = self.forfeits.iter().flat_map(|f| [f.a, f.b]);
        let byes = self.byes.iter().chain(&self.half_byes).chain(&self.zero_byes).copied();
        matches.chain(forfeits).chain(byes)
    }

    /// Whether the round has anything in it.
    pub fn is_empty(&self) -> bool {
        self.matches.is_empty()
            && self.byes.is_empty()
            && self.half_byes.is_empty()
            && self.zero_byes.is_empty()
            && self.forfeits.is_empty()
    }
}

/// A pairing not played over the board (`"+-"`, `"-+"`, `"--"`,
/// `"½F-½F"`): never rated by any system, counted in the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Forfeit {
    pub a: PlayerId,
    pub b: PlayerId,
    pub result: ForfeitResult,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ForfeitResult {
    /// `a` wins by forfeit (`"+-"`, `"1F-0F"`).
    FirstWins,
    /// `b` wins by forfeit (`"-+"`, `"0F-1F"`).
    SecondWins,
    /// Both forfeited (`"--"`, `"0F-0F"`): a loss each.
    Double,
    /// A draw that is not rated (`"½F-½F"`, TRF `D`).
    UnratedDraw,
}

#[derive(Debug, Clone)]
pub struct Event {
    /// Path under `data/` without `.toml`, `/`-separated.
    pub id: String,
    /// The file it came from, relative to the site folder (for messages).
    pub file: String,
    pub name: String,
    pub date: Date,
    pub end_date: Option<Date>,
    pub place: String,
    pub country: String,
    /// Declared number of players, else derived (docs/data-format.md).
    pub players: u32,
    pub rounds: Option<u32>,
    pub boards: Option<u32>,
    pub world_championship: bool,
    pub circuits: Vec<String>,
    /// Markdown source of the event report.
    pub report: String,
    pub results: Vec<Placement>,
    /// Match events: format, sanctioning and the rounds played.
    pub format: Option<String>,
    pub sanctioned: bool,
    pub judge_level: u32,
    pub round: Vec<Round>,
    /// Match events' own `points`, `tiebreaks` and `colours` (`None`: the
    /// site's, from `site.toml`).
    pub points: Option<scoring::Points>,
    pub tiebreaks: Option<Vec<scoring::TieBreak>>,
    pub colours: Option<bool>,
}

impl Event {
    pub fn is_match_event(&self) -> bool {
        !self.round.is_empty()
    }

    /// Whether the event has anything published: a result row, a match or a
    /// bye. An event without (announced, or its standings unpublished) is
    /// valid; no rating includes it.
    pub fn has_results(&self) -> bool {
        !self.results.is_empty() || self.round.iter().any(|r| !r.is_empty())
    }
}

/// A Markdown page from `data/pages/`.
#[derive(Debug, Clone)]
pub struct MarkdownPage {
    /// File stem; the page is written to `pages/<slug>.html`.
    pub slug: String,
    pub title: String,
    pub source: String,
}

/// Everything `data/` holds after loading: validated, identities resolved,
/// events in rating order (`date`, then id in byte order).
#[derive(Debug)]
pub struct Site {
    pub events: Vec<Event>,
    pub players: Vec<Player>,
    pub pages: Vec<MarkdownPage>,
}

impl Site {
    pub fn player(&self, id: PlayerId) -> &Player {
        &self.players[id as usize]
    }

    /// The (start) date of the latest event with results: the site's "last
    /// update" (an announced event, possibly in the future, changes no
    /// rating); of the latest event when none has results. Never the wall
    /// clock, so that a rebuild gives the same bytes.
    pub fn last_update(&self) -> Option<Date> {
        let with_results = self.events.iter().filter(|e| e.has_results()).map(|e| e.date).max();
        with_results.or_else(|| self.events.iter().map(|e| e.date).max())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_are_read_by_name_or_abbreviation() {
        for (word, month) in [("July", 7), ("jul.", 7), ("SEPT", 9), ("sep", 9), ("december", 12)] {
            assert_eq!(Date::month_number(word), Some(month), "{word}");
        }
        for word in ["ju", "julyy", "septe", "Place", ""] {
            assert_eq!(Date::month_number(word), None, "{word}");
        }
    }

    #[test]
    fn dates_print_as_padded_formatting_does() {
        let padded = |d: Date| format!("{:04}-{:02}-{:02}", d.year, d.month, d.day);
        for (year, month, day) in [
            (2017, 7, 9),
            (1, 1, 1),
            (999, 12, 31),
            (0, 2, 29),
            (9999, 10, 10),
            (10000, 1, 2),
            (-5, 3, 4),
        ] {
            let date = Date { year, month, day };
            assert_eq!(date.to_string(), padded(date));
        }
        let mut day = Date {
            year: 1899,
            month: 12,
            day: 25,
        }
        .days();
        let end = Date {
            year: 2101,
            month: 1,
            day: 1,
        }
        .days();
        while day < end {
            let date = Date::from_days(day);
            assert_eq!(date.to_string(), padded(date));
            day += 13;
        }
    }

    fn d(year: i32, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }

    #[test]
    fn date_ranges_read_like_the_seed_pages() {
        assert_eq!(date_range(d(2017, 7, 7), Some(d(2017, 7, 9))), "July 7-9, 2017");
        assert_eq!(date_range(d(1996, 6, 1), None), "June 1, 1996");
        assert_eq!(
            date_range(d(2017, 6, 30), Some(d(2017, 7, 2))),
            "June 30 - July 2, 2017"
        );
        assert_eq!(
            date_range(d(2017, 12, 30), Some(d(2018, 1, 1))),
            "December 30, 2017 - January 1, 2018"
        );
    }

    #[test]
    fn day_numbers() {
        assert_eq!(d(1970, 1, 1).days(), 0);
        assert_eq!(d(2000, 3, 1).days() - d(2000, 2, 28).days(), 2);
        assert_eq!(d(2017, 7, 7).to_string(), "2017-07-07");
    }
}
