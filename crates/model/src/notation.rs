//! How one match's result is written in an event file (docs/data-format.md,
//! "Results"), and which opponent names are really a bye.
//!
//! The parser is strict: a text is accepted only when it has one reading. Every
//! error is a sentence for the person editing the file, saying what to write.

/// One match's result as written, before any scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// Games played over the board, counted: `"2-1"`, `"1-1-1"` (wins of the
    /// first, wins of the second, drawn games), `"1-0"` (one game won).
    Played {
        first_wins: u32,
        second_wins: u32,
        draws: u32,
    },
    /// One game played over the board and drawn: `"½-½"`, `"1/2-1/2"`,
    /// `"0.5-0.5"`, `"="`. Kept apart from `Played { draws: 1, .. }` so that a
    /// crosstable can show it the way it was written; it scores the same.
    DrawnGame,
    /// `"+-"`, `"1F-0F"`: the first wins by forfeit (not rated).
    ForfeitFirst,
    /// `"-+"`, `"0F-1F"`: the second wins by forfeit (not rated).
    ForfeitSecond,
    /// `"--"`, `"0F-0F"`: both forfeited, both score a loss (not rated).
    DoubleForfeit,
    /// `"½F-½F"`: a draw that is not rated (agreed before a move; TRF `D`).
    UnratedDraw,
}

impl Written {
    /// Whether rating systems see this result: only games over the board.
    pub fn is_rated(self) -> bool {
        matches!(self, Written::Played { .. } | Written::DrawnGame)
    }
}

/// Every accepted form, for the error that lists them.
const ACCEPTED_FORMS: &str = "write the games won by each side as \"2-1\" \
(\"2-1-1\" with drawn games as the third number), \"1-0\" or \"0-1\" for one game won, \
\"½-½\" (or \"1/2-1/2\", \"0.5-0.5\", \"=\") for one drawn game, \
\"+-\" or \"-+\" (\"1F-0F\", \"0F-1F\") when one side won by forfeit, \
\"--\" (\"0F-0F\") when both forfeited, \
or \"½F-½F\" (\"1/2F-1/2F\") for a draw that is not rated";

/// Parses one match's result. Spaces around the text and around the dashes are
/// ignored; the dash may be typed as a hyphen `-`, an en dash `–` or a minus
/// sign `−`.
pub fn parse_result(text: &str) -> Result<Written, String> {
    let trimmed = text.trim();
    // Quoted in a message at most 64 characters long: a result cell of
    // 150,000 characters was quoted whole in each of 1,000 errors.
    let quoted = crate::names::excerpt(trimmed);
    let dashed: String = trimmed.chars().map(plain_dash).collect();
    // The symbol forms hold no digits, so dropping inner spaces ("+ -") cannot
    // merge two numbers into one.
    let symbols: String = dashed.chars().filter(|c| !c.is_whitespace()).collect();
    match symbols.as_str() {
        "=" => return Ok(Written::DrawnGame),
        "+-" => return Ok(Written::ForfeitFirst),
        "-+" => return Ok(Written::ForfeitSecond),
        "--" => return Ok(Written::DoubleForfeit),
        _ => {}
    }
    let sides: Vec<&str> = dashed.split('-').map(str::trim).collect();
    let forfeit_sides = sides.iter().filter(|side| is_forfeit_side(side)).count();
    let parsed = if forfeit_sides == sides.len() {
        parse_forfeit(&sides)
    } else if forfeit_sides > 0 {
        Err(format!(
            "\"{quoted}\" marks only some sides as forfeited (F): a forfeit is written \
             \"1F-0F\", \"0F-1F\", \"0F-0F\" or \"½F-½F\" (or \"+-\", \"-+\", \"--\"); \
             a game played over the board has no F"
        ))
    } else if sides.len() == 2 && sides.iter().all(|side| is_half(side)) {
        Ok(Written::DrawnGame)
    } else {
        parse_game_counts(&sides)
    };
    parsed.map_err(|problem| {
        if problem.is_empty() {
            format!("\"{quoted}\" is not a result: {ACCEPTED_FORMS}")
        } else {
            problem
        }
    })
}

fn plain_dash(c: char) -> char {
    match c {
        '–' | '−' => '-',
        other => other,
    }
}

fn is_forfeit_side(side: &str) -> bool {
    side.len() > 1 && (side.ends_with('F') || side.ends_with('f'))
}

fn is_half(side: &str) -> bool {
    matches!(side, "½" | "1/2" | "0.5")
}

/// `"1F-0F"` and friends; an empty error means "list the accepted forms".
fn parse_forfeit(sides: &[&str]) -> Result<Written, String> {
    let values: Vec<&str> = sides.iter().map(|side| &side[..side.len() - 1]).collect();
    match values.as_slice() {
        ["1", "0"] => Ok(Written::ForfeitFirst),
        ["0", "1"] => Ok(Written::ForfeitSecond),
        ["0", "0"] => Ok(Written::DoubleForfeit),
        [first, second] if is_half(first) && is_half(second) => Ok(Written::UnratedDraw),
        _ => Err(String::new()),
    }
}

/// `"W-L"` or `"W-L-D"` in whole numbers; an empty error means "list the
/// accepted forms".
fn parse_game_counts(sides: &[&str]) -> Result<Written, String> {
    if !(2..=3).contains(&sides.len()) {
        return Err(String::new());
    }
    let mut counts = [0u32; 3];
    for (count, side) in counts.iter_mut().zip(sides) {
        // Digits only: "+1", "1.0" or "2 1" are not game counts.
        if side.is_empty() || !side.chars().all(|c| c.is_ascii_digit()) {
            return Err(String::new());
        }
        *count = side.parse().map_err(|_| String::new())?;
    }
    let [first_wins, second_wins, draws] = counts;
    if counts == [0, 0, 0] {
        return Err(format!(
            "\"{}\" counts no game won, lost or drawn. If the match was not played, \
             write \"--\" for a double forfeit, or \"+-\" / \"-+\" when only one side \
             forfeited; a player who had no opponent goes in the round's byes, \
             half_point_byes or zero_point_byes",
            sides.join("-")
        ));
    }
    Ok(Written::Played {
        first_wins,
        second_wins,
        draws,
    })
}

/// Whether an opponent's name is a placeholder for "no opponent", which the
/// event file must write as a bye instead: `"BYE"`, `"(bye)"`, `"bye)"`,
/// `"-"`, `"—"`, whatever the case and surrounding spaces. A real name that
/// merely starts with "Bye" ("Bye Player") is not a bye name.
pub fn is_bye_name(name: &str) -> bool {
    let name = name.trim();
    if !name.is_empty() && name.chars().all(is_dash_like) {
        return true;
    }
    // Brackets, stars, dots and dashes around the word are decoration: "(bye)",
    // "BYE)", "*bye*", "-bye-".
    let word = name.trim_matches(|c: char| !c.is_alphanumeric());
    word.eq_ignore_ascii_case("bye")
}

fn is_dash_like(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '−')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(first_wins: u32, second_wins: u32, draws: u32) -> Written {
        Written::Played {
            first_wins,
            second_wins,
            draws,
        }
    }

    #[test]
    fn table_row_played_game_won() {
        // | "1-0", "0-1" | a played game won | yes | win, loss |
        assert_eq!(parse_result("1-0"), Ok(played(1, 0, 0)));
        assert_eq!(parse_result("0-1"), Ok(played(0, 1, 0)));
        assert!(parse_result("1-0").unwrap().is_rated());
    }

    #[test]
    fn table_row_played_game_drawn() {
        // | "½-½", "1/2-1/2", "0.5-0.5", "=" | a played game drawn | yes | draw, draw |
        for text in ["½-½", "1/2-1/2", "0.5-0.5", "="] {
            assert_eq!(parse_result(text), Ok(Written::DrawnGame), "{text}");
        }
        assert!(Written::DrawnGame.is_rated());
    }

    #[test]
    fn table_row_won_by_forfeit() {
        // | "+-", "-+" (also "1F-0F", "0F-1F") | won by forfeit | no | win, loss |
        assert_eq!(parse_result("+-"), Ok(Written::ForfeitFirst));
        assert_eq!(parse_result("1F-0F"), Ok(Written::ForfeitFirst));
        assert_eq!(parse_result("-+"), Ok(Written::ForfeitSecond));
        assert_eq!(parse_result("0F-1F"), Ok(Written::ForfeitSecond));
        assert!(!Written::ForfeitFirst.is_rated());
        assert!(!Written::ForfeitSecond.is_rated());
    }

    #[test]
    fn table_row_both_forfeited() {
        // | "--" (also "0F-0F") | both forfeited | no | loss, loss |
        assert_eq!(parse_result("--"), Ok(Written::DoubleForfeit));
        assert_eq!(parse_result("0F-0F"), Ok(Written::DoubleForfeit));
        assert!(!Written::DoubleForfeit.is_rated());
    }

    #[test]
    fn table_row_draw_not_rated() {
        // | "½F-½F" | a draw not rated | no | draw, draw |
        assert_eq!(parse_result("½F-½F"), Ok(Written::UnratedDraw));
        assert_eq!(parse_result("1/2F-1/2F"), Ok(Written::UnratedDraw));
        assert!(!Written::UnratedDraw.is_rated());
    }

    #[test]
    fn table_row_zero_zero_is_an_error_that_says_what_to_write() {
        // | "0-0" | an error: "unplayed? write `--` for a double forfeit" |
        let message = parse_result("0-0").unwrap_err();
        assert_eq!(
            message,
            "\"0-0\" counts no game won, lost or drawn. If the match was not played, \
             write \"--\" for a double forfeit, or \"+-\" / \"-+\" when only one side \
             forfeited; a player who had no opponent goes in the round's byes, \
             half_point_byes or zero_point_byes"
        );
        assert!(parse_result("0-0-0").unwrap_err().contains("write \"--\""));
        assert!(parse_result(" 0 – 0 ").unwrap_err().contains("double forfeit"));
    }

    #[test]
    fn game_counts_with_and_without_draws() {
        assert_eq!(parse_result("2-1"), Ok(played(2, 1, 0)));
        assert_eq!(parse_result("1-1-1"), Ok(played(1, 1, 1)));
        assert_eq!(parse_result("0-0-1"), Ok(played(0, 0, 1)));
        // Two games, one won by each side: a drawn match, valid as counts.
        assert_eq!(parse_result("1-1"), Ok(played(1, 1, 0)));
        assert_eq!(parse_result("0-2"), Ok(played(0, 2, 0)));
        assert_eq!(parse_result("10-12"), Ok(played(10, 12, 0)));
    }

    #[test]
    fn spaces_and_typed_dashes_are_accepted() {
        assert_eq!(parse_result("  2 - 1 "), Ok(played(2, 1, 0)));
        assert_eq!(parse_result("2–1"), Ok(played(2, 1, 0))); // en dash
        assert_eq!(parse_result("2−1"), Ok(played(2, 1, 0))); // minus sign
        assert_eq!(parse_result("½–½"), Ok(Written::DrawnGame));
        assert_eq!(parse_result(" = "), Ok(Written::DrawnGame));
        assert_eq!(parse_result("+ –"), Ok(Written::ForfeitFirst));
        assert_eq!(parse_result("−+"), Ok(Written::ForfeitSecond));
        assert_eq!(parse_result("–−"), Ok(Written::DoubleForfeit));
        assert_eq!(parse_result("1f-0f"), Ok(Written::ForfeitFirst));
        assert_eq!(parse_result("0.5F - 0.5F"), Ok(Written::UnratedDraw));
    }

    #[test]
    fn garbage_lists_every_accepted_form() {
        let message = parse_result("won").unwrap_err();
        assert_eq!(
            message,
            "\"won\" is not a result: write the games won by each side as \"2-1\" \
             (\"2-1-1\" with drawn games as the third number), \"1-0\" or \"0-1\" for one \
             game won, \"½-½\" (or \"1/2-1/2\", \"0.5-0.5\", \"=\") for one drawn game, \
             \"+-\" or \"-+\" (\"1F-0F\", \"0F-1F\") when one side won by forfeit, \"--\" \
             (\"0F-0F\") when both forfeited, or \"½F-½F\" (\"1/2F-1/2F\") for a draw that \
             is not rated"
        );
    }

    #[test]
    fn ambiguous_or_malformed_texts_are_errors() {
        for text in [
            "",
            "1",
            "1-",
            "-1",
            "2 1-0",
            "1-0-0-0",
            "+1-0",
            "1.0-0",
            "1-½",
            "½-1/2-0",
            "1:0",
            "1F-1F",
            "2F-0F",
            "++",
            "==",
            "1F-0",
            "½F-½",
            "99999999999-0",
            "1/2",
        ] {
            assert!(parse_result(text).is_err(), "{text:?} should be an error");
        }
        assert!(parse_result("1F-0").unwrap_err().contains("only some sides"));
        assert!(parse_result("1:0").unwrap_err().contains("is not a result"));
    }

    #[test]
    fn bye_names() {
        for name in [
            "BYE", "Bye", "bye", " bye ", "-", "(bye)", "—", "BYE)", "(BYE", "[Bye]", "–", "--",
        ] {
            assert!(is_bye_name(name), "{name:?} should be a bye name");
        }
        for name in ["Bye Player", "Byers", "Abye", "", "  ", "()", "Ann", "B-ye"] {
            assert!(!is_bye_name(name), "{name:?} should not be a bye name");
        }
    }
}
