//! FIDE Tournament Report File (TRF-2006, TRF16, TRF26 and the JaVaFo TRF(x)
//! extensions): the export of every chess pairing program and of lichess Swiss
//! events.
//!
//! Read for this (never copied): the FIDE handbook's TRF16/TRF26 description
//! (as transcribed in `echecsjs/trf` `SPEC.md`); bbpPairings
//! `src/fileformats/trf.cpp` (fixed columns counted in characters, `0000` or
//! blanks for no opponent, CR-only line ends, `XXR`/`142`, `240`, `162`);
//! lichess `lila` `modules/swiss/src/main/SwissTrf.scala` and its older fork
//! `DrNixx/line` (user names without comma, right-aligned names, blank
//! opponents with `U`/`H`/`-`, `May 29, 2020` dates, a trailing `0000 -` block
//! for the next round); `sklangen/TRF` `trf/__init__.py` and its test files
//! (the FIDE example with `28. 07. 2005`, rank 0 for withdrawn players,
//! `153 - -` forfeits); JaVaFo's advanced user manual and Vega's manual (`XXR`,
//! `XXC`, absent players written `0000 - -`).
//!
//! Choices of ours (documented with the import, issue 26):
//! - A `012` record after player lines starts a new tournament: concatenated
//!   files (and programs that write one section after another) come out as
//!   several tournaments, each `section: Some("1")`, `Some("2")`, … .
//! - Team records (`013`, `310`) are not imported; the players' individual games
//!   are, with one warning.
//! - `XXR`/`142` (rounds planned) is checked, not trusted: `rounds` is the number
//!   of rounds with results, and trailing rounds with no game and no bye that
//!   scores (the next round a program announces) are dropped.
//! - A starting rank that cannot be read is an error (no other line could refer
//!   to the player); any other oddity is a warning naming its line.
//! - Rank 0 or blank (withdrawn players) is no rank; `official` is `None` when
//!   nobody has one.

mod pairing;
mod player_line;
mod points;

use std::collections::{HashMap, HashSet, VecDeque};

use crate::date::parse_date;
use crate::model::{ByeKind, Encoding, Entrant, Import, ImportError, Tournament, Warning};
use crate::text;
use player_line::{Colour, Entry, MAX_ROUNDS, PlayerLine};
use points::Scoring;

/// One tournament of the file while its lines are read.
#[derive(Default)]
struct Section {
    tournament: Tournament,
    players: Vec<PlayerLine>,
    by_rank: HashMap<u32, usize>,
    planned_rounds: Option<(usize, u32)>,
    scoring: Scoring,
    bye_records: Vec<ByeRecord>,
    team_records_seen: bool,
    teams_numbered: bool,
    /// Warnings beyond [`MAX_WARNINGS`], counted, and the last one's line.
    more_warnings: (usize, usize),
}

impl Section {
    /// Notes a warning, holding at most [`MAX_WARNINGS`]: a `240` record
    /// naming one unknown player a million times is a million warnings.
    fn warn(&mut self, line: usize, message: String) {
        self.tournament.warn(line, message);
        cap_warnings(&mut self.tournament.warnings, MAX_WARNINGS, &mut self.more_warnings);
    }
}

/// The most warnings a file keeps, its sections together: a file of a
/// million junk lines gives 100 and, in each section with more, one that
/// counts the rest (each line's warning kept was 60 bytes held and 13
/// printed per byte of the file).
pub const MAX_WARNINGS: usize = 100;

/// Keep the first `limit` of `warnings`, counting the rest into `more`
/// (their number, the last one's line).
fn cap_warnings(warnings: &mut Vec<Warning>, limit: usize, more: &mut (usize, usize)) {
    if warnings.len() > limit {
        more.0 += warnings.len() - limit;
        let last = warnings[limit..].iter().map(|w| w.0.0).max().unwrap_or(0);
        more.1 = more.1.max(last);
        warnings.truncate(limit);
    }
}

/// The warning that stands for the `more` left out.
fn not_shown((more, last): (usize, usize)) -> Warning {
    let s = if more == 1 { "" } else { "s" };
    (
        (last, 0),
        format!("{more} more warning{s} up to this line not shown: fix the first {MAX_WARNINGS} and import again"),
    )
}

/// TRF26 `240`: byes listed apart from the player lines.
struct ByeRecord {
    line: usize,
    code: char,
    round: usize,
    players: Vec<u32>,
}

/// Reads a TRF file, every section paired. See the module documentation
/// for the choices made.
pub fn parse(bytes: &[u8]) -> Result<Import, ImportError> {
    let mut sections = read(bytes)?;
    let mut warnings = std::mem::take(&mut sections.warnings);
    if sections.more_warnings.0 > 0 {
        warnings.push(not_shown(sections.more_warnings));
    }
    // Each tournament's count of the warnings left out, as a warning.
    let tournaments = sections
        .by_ref()
        .map(|mut t| {
            if t.more_warnings.0 > 0 {
                t.warnings.push(not_shown(t.more_warnings));
            }
            t
        })
        .collect();
    Ok(Import {
        encoding: sections.encoding,
        tournaments,
        warnings,
    })
}

/// A TRF file read and checked, its sections not yet paired: each is
/// paired into its games and byes only when the iterator reaches it, so
/// that a caller that converts and drops each tournament before taking the
/// next holds one section's rounds at a time, never every section's (a
/// file of 16 sections of absent players held 16 × 10 million byes).
pub struct Sections {
    pub encoding: Encoding,
    /// What was noted outside the sections (a header without player lines).
    pub warnings: Vec<Warning>,
    /// Those left out: how many, and the last one's line.
    pub more_warnings: (usize, usize),
    sections: VecDeque<Section>,
    /// The number the next section gets, when the file has several.
    next: usize,
    several: bool,
    /// Warnings the sections not yet paired may still keep.
    budget: usize,
}

impl Sections {
    /// From here on every warning, held or to come, is only counted (a
    /// caller that will show none of them holds no text for them).
    pub fn count_warnings_only(&mut self) {
        cap_warnings(&mut self.warnings, 0, &mut self.more_warnings);
        self.warnings = Vec::new();
        for section in &mut self.sections {
            cap_warnings(&mut section.tournament.warnings, 0, &mut section.more_warnings);
            section.tournament.warnings = Vec::new();
        }
        self.budget = 0;
    }

    /// The warnings noted so far, held or counted.
    pub fn warning_count(&self) -> usize {
        let sections = self
            .sections
            .iter()
            .map(|s| s.tournament.warnings.len() + s.more_warnings.0);
        self.warnings.len() + self.more_warnings.0 + sections.sum::<usize>()
    }

    /// Every section's players, in file order (known before pairing).
    pub fn players(&self) -> impl Iterator<Item = &Entrant> {
        self.sections.iter().flat_map(|s| s.players.iter().map(|p| &p.entrant))
    }

    /// The names (012) of the sections not yet paired, in file order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.sections.iter().map(|s| s.tournament.name.as_str())
    }

    /// The next section before it is paired: its players, and the fewest
    /// rounds its tournament will have (up to its last round in which a
    /// line or a `240` record writes a bye that scores, which pairing always
    /// keeps). Every round of a tournament lists every player once, in a
    /// game or a bye, so that a caller can tell from this alone that its
    /// event file would be too large, and [`Sections::skip_unpaired`] it
    /// unpaired.
    pub fn peek(&self) -> Option<(impl Iterator<Item = &Entrant>, usize)> {
        let section = self.sections.front()?;
        let rounds = section
            .players
            .iter()
            .map(|p| {
                let scoring_bye = |e: &Entry| pairing::is_scoring_bye(p, e);
                p.entries.iter().rposition(scoring_bye).map_or(0, |i| i + 1)
            })
            .max()
            .unwrap_or(0);
        let rounds = rounds.max(last_record_bye(section));
        Some((section.players.iter().map(|p| &p.entrant), rounds))
    }

    /// The next section unpaired: its name, dates, players and warnings,
    /// no rounds.
    pub fn skip_unpaired(&mut self) -> Option<Tournament> {
        let mut section = self.sections.pop_front()?;
        self.next += 1;
        let mut t = std::mem::take(&mut section.tournament);
        t.players = section.players.into_iter().map(|p| p.entrant).collect();
        Some(self.finish(t, section.more_warnings))
    }

    /// A section's tournament with its warnings within the file's budget
    /// and, in a file of several, its number.
    fn finish(&mut self, mut t: Tournament, mut more: (usize, usize)) -> Tournament {
        cap_warnings(&mut t.warnings, self.budget, &mut more);
        self.budget -= t.warnings.len();
        t.more_warnings = more;
        if self.several {
            t.section = Some(self.next.to_string());
        }
        t
    }
}

impl Iterator for Sections {
    type Item = Tournament;

    /// Pairs the next section.
    fn next(&mut self) -> Option<Tournament> {
        let section = self.sections.pop_front()?;
        self.next += 1;
        let (t, more) = build(section);
        Some(self.finish(t, more))
    }
}

/// Reads a TRF file's records and checks its lines (an error stops here),
/// without pairing any section: see [`Sections`].
pub fn read(bytes: &[u8]) -> Result<Sections, ImportError> {
    let decoded = text::decode(bytes)?;
    let mut sections = vec![Section::default()];
    // Warnings kept by the sections before the last.
    let mut earlier = (1, 0);
    for (index, line) in decoded.text.split('\n').enumerate() {
        read_record(&mut sections, index + 1, line)?;
        // Sections only grow: each one's warnings are added once.
        while earlier.0 < sections.len() {
            earlier.1 += sections[earlier.0 - 1].tournament.warnings.len();
            earlier.0 += 1;
        }
        if let Some(s) = sections.last_mut() {
            let limit = MAX_WARNINGS.saturating_sub(earlier.1);
            cap_warnings(&mut s.tournament.warnings, limit, &mut s.more_warnings);
        }
    }
    // A header without player lines (a stray `012` at the end) is no tournament;
    // what it noted is kept at file level.
    let (sections, empty): (Vec<Section>, Vec<Section>) = sections.into_iter().partition(|s| !s.players.is_empty());
    if sections.is_empty() {
        return Err(ImportError::new(
            0,
            None,
            "no player lines (records starting `001`): not a TRF file",
        ));
    }
    let mut warnings = Vec::new();
    let mut more_warnings = (0, 0);
    for section in empty {
        let (more, section) = (section.more_warnings, section.tournament);
        if !section.name.is_empty() {
            let message = format!(
                "tournament `{}` has no player lines; ignored",
                text::excerpt(&section.name)
            );
            warnings.push(((0, 0), message));
        }
        warnings.extend(section.warnings);
        more_warnings = (more_warnings.0 + more.0, more_warnings.1.max(more.1));
    }
    for section in &sections {
        refuse_cut_lines(section)?;
    }
    Ok(Sections {
        encoding: decoded.encoding,
        budget: MAX_WARNINGS.saturating_sub(warnings.len()),
        warnings,
        more_warnings,
        several: sections.len() > 1,
        sections: sections.into(),
        next: 0,
    })
}

/// A record code: three digits, or three capitals for program extensions
/// (`XXR`, `XXC`, `BBW`, `DAT`) and national rating records (`GER`).
fn is_record_code(code: &str) -> bool {
    code.len() == 3 && (code.bytes().all(|b| b.is_ascii_digit()) || code.bytes().all(|b| b.is_ascii_uppercase()))
}

fn read_record(sections: &mut Vec<Section>, line: usize, text: &str) -> Result<(), ImportError> {
    let code: String = text.chars().take(3).collect();
    let value: String = text.chars().skip(3).collect();
    let value = value.trim();
    if code == "012" && !sections.last().is_some_and(|s| s.players.is_empty()) {
        sections.push(Section::default());
    }
    let Some(section) = sections.last_mut() else {
        return Ok(());
    };
    let t = &mut section.tournament;
    if t.at == (0, 0) {
        t.at = (line, 1);
    }
    match code.as_str() {
        "" | "###" => {}
        _ if text.trim().is_empty() => {}
        "012" => set_header(t, line, "tournament name (012)", value, |t| &mut t.name),
        "022" => set_header(t, line, "place (022)", value, |t| &mut t.place),
        "032" => set_header(t, line, "federation (032)", value, |t| &mut t.federation),
        "092" => set_header(t, line, "type (092)", value, |t| &mut t.kind),
        "042" | "052" => read_date(t, line, &code, value),
        "062" => t.declared_players = read_count(t, line, "number of players (062)", value),
        "142" | "XXR" => {
            let planned = read_count(t, line, "number of rounds", value);
            section.planned_rounds = planned.map(|n| (line, n));
        }
        "162" => read_scoring(section, line, value),
        "240" => read_bye_record(section, line, value),
        "001" => read_player(section, line, text)?,
        "013" | "310" => {
            // TRF26 `310` teams number the teams that `240` byes name.
            section.teams_numbered |= code == "310";
            if !section.team_records_seen {
                section.team_records_seen = true;
                t.warn(line, "team records are not imported; the players' own games are");
            }
        }
        _ if is_record_code(&code) => {} // other records carry nothing an event file holds
        _ => t.warn(line, "not a TRF record (no three-character code); ignored"),
    }
    Ok(())
}

fn set_header(
    t: &mut Tournament,
    line: usize,
    what: &str,
    value: &str,
    field: impl Fn(&mut Tournament) -> &mut String,
) {
    let current = field(t);
    if current.is_empty() {
        *current = value.to_owned();
    } else if current != value && !value.is_empty() {
        // The kept value is quoted by every later line: the first few
        // characters (a long one in each warning was quadratic).
        let (value, kept) = (text::excerpt(value), text::excerpt(current));
        let message = format!("a second {what} `{value}`; the first, `{kept}`, is kept");
        t.warn(line, message);
    }
}

fn read_date(t: &mut Tournament, line: usize, code: &str, value: &str) {
    if value.is_empty() {
        return;
    }
    let what = if code == "042" { "start date" } else { "end date" };
    match parse_date(value) {
        Ok(date) if code == "042" => t.start = Some(date),
        Ok(date) => t.end = Some(date),
        Err(why) => t.warn(line, format!("{what} `{}` not read: {why}", text::excerpt(value))),
    }
    if let (Some(start), Some(end)) = (t.start, t.end)
        && end < start
    {
        t.warn(line, format!("the end date {end} is before the start date {start}"));
    }
}

fn read_count(t: &mut Tournament, line: usize, what: &str, value: &str) -> Option<u32> {
    let first = value.split_whitespace().next()?;
    match first.parse::<u32>() {
        Ok(n) => Some(n),
        Err(_) => {
            t.warn(
                line,
                format!("{what} `{}` is not a number; ignored", text::excerpt(value)),
            );
            None
        }
    }
}

/// `162`: `W 3.0    D 1.0` (a letter, then its points); letters glued to
/// their number (`W3.0`) are read too.
fn read_scoring(section: &mut Section, line: usize, value: &str) {
    let tokens: Vec<&str> = value.split_whitespace().collect();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        let (letter, number) = match token.split_at_checked(1) {
            Some((letter, "")) => {
                i += 1;
                (letter, tokens.get(i).copied().unwrap_or(""))
            }
            Some((letter, glued)) => (letter, glued),
            None => break,
        };
        i += 1;
        let Ok(points) = number.replace(',', ".").parse::<f64>() else {
            section.tournament.warn(
                line,
                format!(
                    "scoring (162) `{}` not understood; default points used",
                    text::excerpt(value)
                ),
            );
            return;
        };
        let scoring = &mut section.scoring;
        match letter {
            "W" => scoring.win = points,
            "D" => scoring.draw = points,
            "L" => scoring.loss = points,
            "A" => scoring.absence = points,
            _ => {} // P and X: pairing-allocated byes and unknown results, not checked here
        }
    }
}

/// `240 H 003  0026  0047`: bye type, round, starting ranks.
fn read_bye_record(section: &mut Section, line: usize, value: &str) {
    let mut tokens = value.split_whitespace();
    let code = tokens
        .next()
        .and_then(|t| t.chars().next())
        .map(|c| c.to_ascii_uppercase());
    let round = tokens
        .next()
        .and_then(|t| t.parse::<usize>().ok())
        .filter(|r| (1..=MAX_ROUNDS).contains(r));
    let players: Option<Vec<u32>> = tokens.map(|t| t.parse().ok()).collect();
    match (code, round, players) {
        (Some(code @ ('F' | 'H' | 'Z')), Some(round), Some(players)) => {
            section.bye_records.push(ByeRecord {
                line,
                code,
                round,
                players,
            });
        }
        _ => section.tournament.warn(
            line,
            format!("bye record (240) `{}` not understood; ignored", text::excerpt(value)),
        ),
    }
}

fn read_player(section: &mut Section, line: usize, text: &str) -> Result<(), ImportError> {
    let player = player_line::read(line, text, &mut section.tournament.warnings)?;
    let rank = player.entrant.start_rank;
    if let Some(&earlier) = section.by_rank.get(&rank) {
        return Err(ImportError::new(
            line,
            Some(5),
            format!(
                "starting rank {rank} is already used on line {}",
                section.players[earlier].line
            ),
        ));
    }
    section.by_rank.insert(rank, section.players.len());
    section.players.push(player);
    Ok(())
}

/// A player line that ends before the points (columns 81-84) where other
/// lines of its tournament give points was cut (a copy, a mail program):
/// read as it is, its byes would become absences and its rank would be
/// lost, so it is an error at the column where it ends.
fn refuse_cut_lines(section: &Section) -> Result<(), ImportError> {
    let Some(full) = section.players.iter().find(|p| p.entrant.declared_points.is_some()) else {
        return Ok(());
    };
    match section.players.iter().find(|p| p.end < 81) {
        Some(cut) => Err(ImportError::new(
            cut.line,
            Some(cut.end + 1),
            format!(
                "the line of player {} ends at column {}, before the points (columns 81-84), rank \
                 (86-89) and rounds (92 on) that the other lines give (line {}): the line is cut",
                cut.entrant.start_rank, cut.end, full.line
            ),
        )),
        None => Ok(()),
    }
}

/// The last round in which a `240` record gives a bye that scores, as
/// [`apply_bye_records`] will: the first record to name a player in a round
/// his line leaves blank gives him that round's bye. Rounds are taken
/// last first, each record's players once: linear in the records.
fn last_record_bye(section: &Section) -> usize {
    if section.teams_numbered {
        return 0;
    }
    let mut records: Vec<&ByeRecord> = section.bye_records.iter().collect();
    // Stable: records of one round stay in file order.
    records.sort_by_key(|r| std::cmp::Reverse(r.round));
    let mut named = HashSet::new();
    for same_round in records.chunk_by(|a, b| a.round == b.round) {
        let round = same_round[0].round;
        named.clear();
        for record in same_round {
            let scores = pairing::bye_kind(record.code).0 != ByeKind::Zero;
            for rank in &record.players {
                let Some(&index) = section.by_rank.get(rank) else {
                    continue;
                };
                let entries = &section.players[index].entries;
                let blank = entries.get(round - 1).is_none_or(|e| *e == player_line::BLANK);
                if blank && named.insert(index) && scores {
                    return round;
                }
            }
        }
    }
    0
}

/// Writes the `240` byes into the rounds they name, where the player line
/// leaves that round blank. A zero-point bye beyond a line's last round
/// is what that line already says (blank rounds are zero-point byes): it
/// does not lengthen the line (one record naming 9,999 players in round
/// 999 made 10 million entries).
fn apply_bye_records(section: &mut Section) {
    // In a TRF26 team tournament the `240` record lists teams (the `310`
    // numbers), not players: the players' own lines say their byes.
    if section.teams_numbered {
        if let Some(first) = section.bye_records.first() {
            let line = first.line;
            section
                .tournament
                .warn(line, "bye records (240) of a team tournament list teams: not imported");
        }
        return;
    }
    let records = std::mem::take(&mut section.bye_records);
    for record in &records {
        for rank in &record.players {
            let Some(&index) = section.by_rank.get(rank) else {
                let message = format!("bye for player {rank}, who has no 001 line");
                section.warn(record.line, message);
                continue;
            };
            let entries = &mut section.players[index].entries;
            if entries.len() < record.round {
                if pairing::bye_kind(record.code).0 == ByeKind::Zero {
                    continue;
                }
                entries.resize(record.round, player_line::BLANK);
            }
            let slot = &mut entries[record.round - 1];
            let bye = Entry {
                opponent: None,
                colour: Colour::Unknown,
                code: record.code,
                column: 0,
            };
            if *slot == player_line::BLANK {
                *slot = bye;
            } else if *slot != bye {
                let message = format!(
                    "bye for player {rank} in round {}, whose line records that round; the line is kept",
                    record.round
                );
                section.warn(record.line, message);
            }
        }
    }
}

/// A section paired, and its warnings beyond [`MAX_WARNINGS`] counted.
fn build(mut section: Section) -> (Tournament, (usize, usize)) {
    apply_bye_records(&mut section);
    let mut more = section.more_warnings;
    let mut t = std::mem::take(&mut section.tournament);
    t.players = section.players.iter().map(|p| p.entrant.clone()).collect();
    let unpaired = pairing::pair_rounds(&section.players, &section.by_rank, &mut t, &mut more);
    drop_unplayed_rounds(&mut t, &section.players, &unpaired);
    points::check(&mut t, &section.players, &section.scoring);
    unpaired_round_absent(&mut t, &section.players);
    let s = section.scoring;
    if s != Scoring::default() {
        t.points = Some((s.win, s.draw, s.loss));
    }
    t.rounds = t.round_results.len() as u32;
    if let Some((line, planned)) = section.planned_rounds.filter(|&(_, n)| n != t.rounds) {
        t.warn(
            line,
            format!("the file plans {planned} rounds; {} have results", t.rounds),
        );
    }
    let ranks: Vec<(usize, u32)> = section
        .players
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.rank.map(|r| (i, r)))
        .collect();
    t.official = (!ranks.is_empty()).then_some(ranks);
    cap_warnings(&mut t.warnings, MAX_WARNINGS, &mut more);
    (t, more)
}

/// Trailing rounds in which nobody played and no bye scored: a program's note
/// about the round to be paired next, not a round of the event. `unpaired`:
/// such rounds after the paired ones, each with the first line that writes
/// it (see [`pairing::pair_rounds`]). Each dropped round a line writes is
/// noted at that line, the last round first.
fn drop_unplayed_rounds(t: &mut Tournament, players: &[PlayerLine], unpaired: &[(usize, usize)]) {
    let dropped = |t: &mut Tournament, line: usize, round: usize| {
        t.warn(
            line,
            format!("round {round} has no game and no bye that scores; dropped"),
        );
    };
    for &(round, line) in unpaired.iter().rev() {
        dropped(t, line, round);
    }
    while let (Some(games), Some(byes)) = (t.round_results.last(), t.byes.last()) {
        if !games.is_empty() || byes.iter().any(|&(_, kind)| kind != ByeKind::Zero) {
            break;
        }
        let round = t.round_results.len();
        if let Some(p) = players
            .iter()
            .find(|p| p.entries.get(round - 1).is_some_and(|e| *e != player_line::BLANK))
        {
            dropped(t, p.line, round);
        }
        t.round_results.pop();
        t.byes.pop();
    }
}

/// A round after the last game with byes that score is one not paired yet,
/// whose byes were asked for ahead (JaVaFo writes round 5's `H` before
/// pairing it): the players without such a bye are absent from it (`–` on
/// the event page), not given a zero-point bye each, with a warning at the
/// first line that writes the round.
fn unpaired_round_absent(t: &mut Tournament, players: &[PlayerLine]) {
    let played = t
        .round_results
        .iter()
        .rposition(|games| !games.is_empty())
        .map_or(0, |r| r + 1);
    for round in played..t.byes.len() {
        let byes = &t.byes[round];
        if !byes.iter().any(|&(_, kind)| kind == ByeKind::Zero) || !byes.iter().any(|&(_, kind)| kind != ByeKind::Zero)
        {
            continue;
        }
        t.byes[round].retain(|&(_, kind)| kind != ByeKind::Zero);
        if let Some(p) = players
            .iter()
            .find(|p| p.entries.get(round).is_some_and(|e| *e != player_line::BLANK))
        {
            t.warn(
                p.line,
                format!(
                    "round {} has no game, only byes asked for ahead (not paired yet?): the other players are absent from it, not given zero-point byes",
                    round + 1
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `players` lines who played round 1 (1 v 2, 3 v 4, …), player 1's line
    /// then writing `more` (whole rounds of ten columns), then `records`.
    fn file(players: u32, more: &str, records: &str) -> String {
        let mut text = String::from("012 Open\n042 2024/01/01\n");
        for rank in 1..=players {
            let (opponent, colour, score) = if rank % 2 == 1 {
                (rank + 1, 'w', '1')
            } else {
                (rank - 1, 'b', '0')
            };
            let name = format!("Player{rank:05}, Ann");
            text.push_str(&format!(
                "001 {rank:>4} m    {name:<33} 2000 ENG {:>11} 1990/01/01 {:>4.1} {rank:>4}  {opponent:>4} {colour} {score}",
                100_000 + rank,
                f64::from(rank % 2)
            ));
            if rank == 1 {
                text.push_str(more);
            }
            text.push('\n');
        }
        text + records
    }

    #[test]
    fn a_240_bye_that_scores_counts_in_the_peek() {
        let ranks: Vec<String> = (1..=6).map(|r| r.to_string()).collect();
        let all = ranks.join(" ");
        let peek = |text: &str| read(text.as_bytes()).unwrap().peek().map(|(_, rounds)| rounds);
        // Games alone are no lower bound (a line may contradict another).
        assert_eq!(peek(&file(6, "", "")), Some(0));
        // One record of 12 bytes gives every player a full point in round 999.
        assert_eq!(peek(&file(6, "", &format!("240 F 999 {all}\n"))), Some(999));
        assert_eq!(peek(&file(6, "", &format!("240 H 500 {all}\n"))), Some(500));
        // Zero-point byes, unknown players, and players whose line (or an
        // earlier record) already gives the round do not make it.
        assert_eq!(peek(&file(6, "", &format!("240 Z 999 {all}\n"))), Some(0));
        assert_eq!(peek(&file(6, "", "240 F 999 7 8 9\n")), Some(0));
        assert_eq!(peek(&file(6, "", "240 Z 999 3\n240 F 999 3\n")), Some(0));
        assert_eq!(peek(&file(6, "", "240 Z 999 3\n240 F 999 4\n")), Some(999));
        assert_eq!(peek(&file(6, "", "240 F 1 1\n")), Some(0));
        // The records' rounds agree with what pairing keeps.
        let t = read(file(6, "", "240 Z 999 3\n240 F 800 4\n").as_bytes())
            .unwrap()
            .next()
            .unwrap();
        assert_eq!(t.rounds, 800);
        // Round 800 is after the last game: the players without its bye are
        // absent from it (a round not paired yet), those of round 799 given
        // a zero-point bye as written.
        assert_eq!(t.byes[799], vec![(3, ByeKind::Full)]);
        assert_eq!(t.byes[798], (0..6).map(|p| (p, ByeKind::Zero)).collect::<Vec<_>>());
    }

    #[test]
    fn a_240_zero_bye_does_not_lengthen_a_line_and_its_warnings_are_capped() {
        let mut records = String::from("240 Z 999 1 2 3 4\n240 F 2 ");
        records.push_str(&"7 ".repeat(10_000));
        records.push('\n');
        let mut section = read(file(4, "", &records).as_bytes())
            .unwrap()
            .sections
            .pop_front()
            .unwrap();
        apply_bye_records(&mut section);
        let lengths: Vec<usize> = section.players.iter().map(|p| p.entries.len()).collect();
        assert_eq!(lengths, [1, 1, 1, 1]);
        let warnings = &section.tournament.warnings;
        assert_eq!(warnings.len(), MAX_WARNINGS);
        assert_eq!(
            warnings[0],
            ((8, 0), "bye for player 7, who has no 001 line".to_string())
        );
        assert_eq!(section.more_warnings, (10_000 - MAX_WARNINGS, 8));
    }

    #[test]
    fn rounds_of_zero_byes_after_the_last_game_are_not_paired() {
        // Player 1's line: round 2 a code of a game without an opponent (a
        // warning), then absent to round 999; rounds 2 to 999 are dropped,
        // as they were when they were paired.
        let more = format!("  0000 - L{}  0000 - Z", "  0000 - -".repeat(996));
        let text = file(2_000, &more, "");
        let section = read(text.as_bytes()).unwrap().sections.pop_front().unwrap();
        assert_eq!(section.players[0].entries.len(), 999);
        let mut t = Tournament::default();
        let unpaired = pairing::pair_rounds(&section.players, &section.by_rank, &mut t, &mut (0, 0));
        assert_eq!((t.round_results.len(), t.byes.len()), (1, 1));
        assert_eq!(unpaired.len(), 998);
        assert_eq!((unpaired[0], unpaired[997]), ((2, 3), (999, 3)));
        assert_eq!(
            t.warnings,
            [((3, 109), "round 2: result `L`; taken as a zero-point bye".to_string())]
        );
        // The warnings of the 998 dropped rounds, last round first, 100 kept.
        let (t, more) = build(read(text.as_bytes()).unwrap().sections.pop_front().unwrap());
        assert_eq!((t.rounds, t.warnings.len(), more), (1, MAX_WARNINGS, (899, 3)));
        assert_eq!(
            t.warnings[1],
            (
                (3, 0),
                "round 999 has no game and no bye that scores; dropped".to_string()
            )
        );
        assert_eq!(
            t.warnings[99].1,
            "round 901 has no game and no bye that scores; dropped"
        );
    }
}
