//! One `001` record: the player's fixed columns and their rounds.
//!
//! Columns are counted in characters, not bytes (bbpPairings decodes each line
//! before it cuts columns, `src/fileformats/trf.cpp`), so a UTF-8 name does not
//! shift the rating or the rounds.

use crate::model::{Entrant, ImportError, Warning};
use crate::names;
use crate::text::excerpt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Colour {
    White,
    Black,
    Unknown,
}

/// One round of one player line, as written. `code` is upper-cased (the
/// handbook makes letter codes case-insensitive); a blank result is `' '`.
/// Two entries are equal when they say the same, wherever written.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// Starting rank of the opponent; `None` for `0000` or four blanks.
    pub opponent: Option<u32>,
    pub colour: Colour,
    pub code: char,
    /// The result code's column (99, 109, …); 0 where not known.
    pub column: usize,
}

impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        (self.opponent, self.colour, self.code) == (other.opponent, other.colour, other.code)
    }
}

pub(crate) const BLANK: Entry = Entry {
    opponent: None,
    colour: Colour::Unknown,
    code: ' ',
    column: 0,
};

/// TRF26 gives rounds three digits; more is a typo, not a tournament.
pub(crate) const MAX_ROUNDS: usize = 999;

/// Every result code of TRF16/TRF26, upper-cased.
const CODES: &str = "10=+-WDLHFUZ ";

pub(crate) struct PlayerLine {
    pub line: usize,
    /// The column of the line's last character that is not blank.
    pub end: usize,
    pub entrant: Entrant,
    pub rank: Option<u32>,
    pub entries: Vec<Entry>,
}

/// Columns `from..=to` (1-based, as the handbook numbers them), trimmed.
fn columns(chars: &[char], from: usize, to: usize) -> String {
    let end = to.min(chars.len());
    if from > end {
        return String::new();
    }
    chars[from - 1..end].iter().collect::<String>().trim().to_owned()
}

/// Reads an `001` line. Only an unreadable starting rank is an error: without it
/// no other line can refer to the player. Other bad fields become warnings.
pub(crate) fn read(line: usize, text: &str, warnings: &mut Vec<Warning>) -> Result<PlayerLine, ImportError> {
    let chars: Vec<char> = text.chars().collect();
    let rank_text = columns(&chars, 5, 8);
    let start_rank = match rank_text.parse::<u32>() {
        Ok(rank) if rank > 0 => rank,
        _ => {
            return Err(ImportError::new(
                line,
                Some(5),
                format!("starting rank `{rank_text}` (columns 5-8) is not a number from 1 to 9999"),
            ));
        }
    };
    let raw_name = columns(&chars, 15, 47);
    let raw_name = if raw_name.is_empty() {
        warnings.push(((line, 15), format!("player {start_rank} has no name (columns 15-47)")));
        format!("Player {start_rank}")
    } else {
        raw_name
    };
    let parts = names::split(&raw_name);
    let mut number = |from, to, what: &str| optional_number(&chars, from, to, what, line, warnings);
    let rating = number(49, 52, "rating").map(|r| r as u32);
    let fide_id = number(58, 68, "FIDE id");
    let rank = number(86, 89, "rank").map(|r| r as u32);
    let entrant = Entrant {
        name: parts.display,
        surname_first: names::tidy(&raw_name),
        surname: parts.surname,
        given_names: parts.given_names,
        start_rank,
        title: columns(&chars, 11, 13),
        fide_id,
        federation: columns(&chars, 54, 56),
        rating,
        declared_points: points(&chars, line, warnings),
        at: (line, 15),
    };
    let entries = read_rounds(&chars, line, warnings);
    let end = chars.iter().rposition(|c| !c.is_whitespace()).map_or(0, |i| i + 1);
    Ok(PlayerLine {
        line,
        end,
        entrant,
        rank,
        entries,
    })
}

/// A number field where blank and 0 both mean "none" (an unrated player, no
/// FIDE id, no rank for a withdrawn player).
fn optional_number(
    chars: &[char],
    from: usize,
    to: usize,
    what: &str,
    line: usize,
    warnings: &mut Vec<Warning>,
) -> Option<u64> {
    let text = columns(chars, from, to);
    if text.is_empty() {
        return None;
    }
    match text.parse::<u64>() {
        Ok(0) => None,
        Ok(value) => Some(value),
        Err(_) => {
            warnings.push((
                (line, from),
                format!("{what} `{text}` (columns {from}-{to}) is not a number; ignored"),
            ));
            None
        }
    }
}

/// Points (columns 81-84): `4.5`, and `4,5` as some European programs write it.
fn points(chars: &[char], line: usize, warnings: &mut Vec<Warning>) -> Option<f64> {
    let text = columns(chars, 81, 84);
    if text.is_empty() {
        return None;
    }
    match text.replace(',', ".").parse::<f64>() {
        Ok(value) if value.is_finite() && value >= 0.0 => Some(value),
        _ => {
            warnings.push((
                (line, 81),
                format!("points `{text}` (columns 81-84) are not a number; not checked"),
            ));
            None
        }
    }
}

/// Rounds at columns 92, 102, 112, …: opponent (4), blank, colour, blank,
/// result, and two blanks. A line whose blocks do not line up is read again
/// result by result, with a warning.
fn read_rounds(chars: &[char], line: usize, warnings: &mut Vec<Warning>) -> Vec<Entry> {
    let mut entries = Vec::new();
    let mut start = 91;
    while start < chars.len() {
        if entries.len() == MAX_ROUNDS {
            warnings.push((
                (line, start + 1),
                format!("more than {MAX_ROUNDS} rounds; the rest of the line is ignored"),
            ));
            break;
        }
        let block: Vec<char> = (start..start + 10)
            .map(|i| chars.get(i).copied().unwrap_or(' '))
            .collect();
        match read_block(&block) {
            Some(mut entry) if block[8] == ' ' && block[9] == ' ' => {
                entry.column = start + 8;
                if !CODES.contains(entry.code) {
                    let round = entries.len() + 1;
                    let message = format!("round {round}: unknown result code `{}`; no result", block[7]);
                    warnings.push(((line, start + 8), message));
                    entry.code = ' ';
                }
                entries.push(entry);
            }
            _ => return read_tokens(chars, line, warnings),
        }
        start += 10;
    }
    while entries.last() == Some(&BLANK) {
        entries.pop();
    }
    entries
}

fn read_block(block: &[char]) -> Option<Entry> {
    let opponent_text: String = block[..4].iter().collect();
    let opponent_text = opponent_text.trim();
    let opponent = if opponent_text.is_empty() {
        None
    } else if opponent_text.chars().all(|c| c.is_ascii_digit()) {
        opponent_text.parse::<u32>().ok().filter(|&o| o > 0)
    } else {
        return None;
    };
    if block[4] != ' ' || block[6] != ' ' {
        return None;
    }
    let colour = colour_of(block[5])?;
    // An unknown result letter is the caller's to report: the columns line up.
    let code = block[7].to_ascii_uppercase();
    Some(Entry {
        opponent,
        colour,
        code,
        column: 0,
    })
}

fn colour_of(c: char) -> Option<Colour> {
    match c {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        '-' | ' ' => Some(Colour::Unknown),
        _ => None,
    }
}

fn single_code(token: &str) -> Option<char> {
    let mut chars = token.chars();
    let c = chars.next()?.to_ascii_uppercase();
    (chars.next().is_none() && c != ' ' && CODES.contains(c)).then_some(c)
}

/// Fallback for shifted columns: `opponent [colour] result` groups and lone
/// bye codes, in order. Blank rounds leave no token, so they cannot be placed;
/// the warning says so.
fn read_tokens(chars: &[char], line: usize, warnings: &mut Vec<Warning>) -> Vec<Entry> {
    warnings.push((
        (line, 92),
        "round results do not line up with the TRF columns (92, 102, 112, …); read result by \
         result, so a round left blank in the middle cannot be placed"
            .to_owned(),
    ));
    // Each token with its 1-based column (from column 90 on): a run of
    // characters that are not blank (a token's characters were counted
    // again for each one added: a token of 1.6 million took 47 s).
    let mut tokens: Vec<(usize, String)> = Vec::new();
    let mut in_token = false;
    for (i, &c) in chars.iter().enumerate().skip(89) {
        if c.is_whitespace() {
            in_token = false;
            continue;
        }
        match tokens.last_mut() {
            Some((_, token)) if in_token => token.push(c),
            _ => tokens.push((i + 1, c.to_string())),
        }
        in_token = true;
    }
    let tokens: Vec<(usize, &str)> = tokens.iter().map(|(c, t)| (*c, t.as_str())).collect();
    let mut entries = Vec::new();
    let mut i = 0;
    while i < tokens.len() && entries.len() < MAX_ROUNDS {
        let (column, token) = tokens[i];
        i += 1;
        if let Some(code) = single_code(token) {
            entries.push(Entry {
                opponent: None,
                colour: Colour::Unknown,
                code,
                column,
            });
            continue;
        }
        let Ok(opponent) = token.parse::<u32>() else {
            warnings.push((
                (line, column),
                format!(
                    "`{}` is not a round result; the rest of the line is ignored",
                    excerpt(token)
                ),
            ));
            break;
        };
        let token_at = |k: usize| tokens.get(k).map(|&(_, t)| t);
        let (colour, code, used) = colour_and_code(token_at(i), token_at(i + 1));
        // The result code is the last token read for the round.
        let column = if used == 0 { column } else { tokens[i + used - 1].0 };
        i += used;
        entries.push(Entry {
            opponent: Some(opponent).filter(|&o| o > 0),
            colour,
            code,
            column,
        });
    }
    entries
}

/// After an opponent: `w 1`, `- +`, `1` alone, `w` alone (a game not yet played).
fn colour_and_code(first: Option<&str>, second: Option<&str>) -> (Colour, char, usize) {
    let first_colour = first
        .filter(|t| t.len() == 1)
        .and_then(|t| colour_of(t.chars().next()?));
    match (first_colour, second.and_then(single_code)) {
        (Some(colour), Some(code)) => (colour, code, 2),
        _ => match first {
            Some("w") => (Colour::White, ' ', 1),
            Some("b") => (Colour::Black, ' ', 1),
            Some(token) => match single_code(token) {
                Some(code) => (Colour::Unknown, code, 1),
                None => (Colour::Unknown, ' ', 0),
            },
            None => (Colour::Unknown, ' ', 0),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIDE_STYLE: &str = "001    1    g Vasquez,Rodrigo                   2558 CHI     3400042 1969.12.06  6.0    4   141 w 1    78 b =  0000 - H";

    #[test]
    fn a_name_spilling_into_the_rounds_is_quoted_cut() {
        // A name of 100,000 letters runs over every later column: each
        // warning quotes at most 64 characters of it (the round columns'
        // warning quoted the whole rest of the line).
        let line = format!(
            "001    1 m    {} 1500 ENG    12345678 1990/01/01  1.0    1     2 w 1",
            "A".repeat(100_000)
        );
        let mut warnings = Vec::new();
        read(3, &line, &mut warnings).unwrap();
        assert!(warnings.len() >= 4, "{warnings:?}");
        for (_, w) in &warnings {
            assert!(w.len() < 300, "{}", &w[..300]);
        }
        let round = warnings
            .iter()
            .find(|(_, w)| w.ends_with("is not a round result; the rest of the line is ignored"));
        assert_eq!(
            round.map(|(_, w)| w.as_str()),
            Some(
                format!(
                    "`{}…` is not a round result; the rest of the line is ignored",
                    "A".repeat(64)
                )
                .as_str()
            )
        );
    }

    #[test]
    fn fixed_columns_are_read() {
        let mut warnings = Vec::new();
        let player = read(7, FIDE_STYLE, &mut warnings).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        let e = &player.entrant;
        assert_eq!((e.start_rank, e.title.as_str()), (1, "g"));
        assert_eq!(e.name, "Rodrigo Vasquez");
        assert_eq!((e.rating, e.federation.as_str()), (Some(2558), "CHI"));
        assert_eq!((e.fide_id, e.declared_points), (Some(3_400_042), Some(6.0)));
        assert_eq!(player.rank, Some(4));
        assert_eq!(
            player.entries,
            vec![
                Entry {
                    opponent: Some(141),
                    colour: Colour::White,
                    code: '1',
                    column: 99
                },
                Entry {
                    opponent: Some(78),
                    colour: Colour::Black,
                    code: '=',
                    column: 109
                },
                Entry {
                    opponent: None,
                    colour: Colour::Unknown,
                    code: 'H',
                    column: 119
                },
            ]
        );
    }

    #[test]
    fn shifted_rounds_fall_back_to_tokens_with_a_warning() {
        let mut warnings = Vec::new();
        let shifted = FIDE_STYLE.replacen("   141 w 1", "  141 w 1 ", 1);
        let player = read(3, &shifted, &mut warnings).unwrap();
        assert_eq!(player.entries.len(), 3);
        assert_eq!(player.entries[2].code, 'H');
        // The columns where the codes are, not where they should be.
        let columns: Vec<usize> = player.entries.iter().map(|e| e.column).collect();
        assert_eq!(columns, [98, 109, 119]);
        assert_eq!(warnings.len(), 1);
        assert_eq!(warnings[0].0, (3, 92));
    }

    #[test]
    fn unknown_result_code_is_no_result_not_a_misaligned_line() {
        let mut warnings = Vec::new();
        let odd = FIDE_STYLE.replace("78 b =", "78 b X");
        let player = read(4, &odd, &mut warnings).unwrap();
        assert_eq!(
            player.entries[1],
            Entry {
                opponent: Some(78),
                colour: Colour::Black,
                code: ' ',
                column: 109
            }
        );
        assert_eq!(player.entries[2].code, 'H');
        assert_eq!(
            warnings,
            vec![((4, 109), "round 2: unknown result code `X`; no result".to_owned())]
        );
    }

    #[test]
    fn bad_starting_rank_is_an_error_naming_the_column() {
        let error = read(9, "001   x1      Name", &mut Vec::new()).err().unwrap();
        assert_eq!((error.line, error.column), (9, Some(5)));
    }

    #[test]
    fn short_line_has_no_rounds_and_no_points() {
        let player = read(1, "001    4      Lee, Ann", &mut Vec::new()).unwrap();
        assert_eq!(player.entrant.name, "Ann Lee");
        assert_eq!(player.entrant.declared_points, None);
        assert!(player.entries.is_empty());
    }
}
