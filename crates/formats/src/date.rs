//! Dates as tournament files really write them: `2005/07/28` (the TRF standard),
//! `28. 07. 2005` (the FIDE example file), `25.02.2011`, `2005-07-28`,
//! `May 29, 2020` (lichess), `29 May 2020`, and two-digit years.

use crate::model::Date;
use crate::text::excerpt;

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Words that may stand beside a date without changing it.
const NOISE: [&str; 11] = ["st", "nd", "rd", "th", "mon", "tue", "wed", "thu", "fri", "sat", "sun"];

pub(crate) fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

pub(crate) fn make_date(year: i32, month: u32, day: u32) -> Result<Date, String> {
    if !(1..=12).contains(&month) {
        return Err(format!("month {month} is not 1-12"));
    }
    let month = month as u8;
    if day < 1 || day > u32::from(days_in_month(year, month)) {
        return Err(format!("day {day} does not exist in {year}-{month:02}"));
    }
    Ok(Date {
        year,
        month,
        day: day as u8,
    })
}

/// Two-digit years: 00-69 are 2000-2069, 70-99 are 1970-1999 (POSIX `%y`).
fn full_year(digits: &str, value: u32) -> i32 {
    match (digits.len(), value) {
        (1 | 2, 0..=69) => 2000 + value as i32,
        (1 | 2, _) => 1900 + value as i32,
        _ => value as i32,
    }
}

fn month_named(word: &str) -> Option<u32> {
    let word = word.to_ascii_lowercase();
    if word.len() < 3 {
        return None;
    }
    let word = word.trim_end_matches('.');
    MONTHS.iter().position(|m| m.starts_with(word)).map(|i| i as u32 + 1)
}

/// Reads one date. The error says what is wrong, for a warning naming the line.
///
/// Numbers only: a four-digit first number is the year (`Y M D`); otherwise the
/// day comes first (`D M Y`, as FIDE's European federations write) unless the
/// middle number cannot be a month (`05/29/2020` is read as the US writes it).
/// All three numbers of two digits: `/` means `YY/MM/DD` (the TRF `132` record's
/// own form), any other separator `DD.MM.YY`; a number above 31 is always the
/// year. With a month name the other two numbers are told apart by size.
pub fn parse_date(text: &str) -> Result<Date, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("no date".to_owned());
    }
    if text.chars().any(|c| c.is_ascii_alphabetic()) {
        return named_month_date(text);
    }
    let numbers: Vec<&str> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|part| !part.is_empty())
        .collect();
    match numbers.as_slice() {
        [compact] if compact.len() == 8 => {
            let (y, m, d) = (&compact[..4], &compact[4..6], &compact[6..]);
            make_date(number(y)? as i32, number(m)?, number(d)?)
        }
        [a, b, c] => {
            let slash = text.contains('/');
            numeric_date((a, number(a)?), number(b)?, (c, number(c)?), slash)
        }
        _ => Err(format!("`{}` is not a date", excerpt(text))),
    }
}

fn number(digits: &str) -> Result<u32, String> {
    if digits.len() > 4 {
        return Err(format!("`{}` is too long for a date part", excerpt(digits)));
    }
    digits.parse().map_err(|_| format!("`{digits}` is not a number"))
}

fn numeric_date((a_text, a): (&str, u32), b: u32, (c_text, c): (&str, u32), slash: bool) -> Result<Date, String> {
    if a_text.len() >= 3 || a > 31 {
        return make_date(full_year(a_text, a), b, c);
    }
    let day_first = |d: u32, m: u32| {
        if m > 12 && d <= 12 { (m, d) } else { (d, m) }
    };
    if c_text.len() >= 3 || c > 31 || !slash {
        let (day, month) = day_first(a, b);
        return make_date(full_year(c_text, c), month, day);
    }
    make_date(full_year(a_text, a), b, c)
}

fn named_month_date(text: &str) -> Result<Date, String> {
    let mut month = None;
    let mut numbers: Vec<(String, u32)> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_alphanumeric()) {
        rest = &rest[start..];
        let digits = rest.starts_with(|c: char| c.is_ascii_digit());
        let end = rest
            .find(|c: char| {
                !(if digits {
                    c.is_ascii_digit()
                } else {
                    c.is_ascii_alphabetic()
                })
            })
            .unwrap_or(rest.len());
        let word = &rest[..end];
        rest = &rest[end..];
        if digits {
            numbers.push((word.to_owned(), number(word)?));
        } else if let Some(m) = month_named(word) {
            if month.replace(m).is_some() {
                return Err(format!("`{}` names two months", excerpt(text)));
            }
        } else if !NOISE.iter().any(|n| word.eq_ignore_ascii_case(n)) {
            return Err(format!(
                "`{}` in `{}` is not an English month",
                excerpt(word),
                excerpt(text)
            ));
        }
    }
    let Some(month) = month else {
        return Err(format!("`{}` is not a date", excerpt(text)));
    };
    match numbers.as_slice() {
        [(_, x), (y_text, y)] | [(y_text, y), (_, x)] if y_text.len() >= 3 || *y > 31 => {
            make_date(full_year(y_text, *y), month, *x)
        }
        // Both small: day first, then a two-digit year ("29 May 20").
        [(_, day), (y_text, y)] => make_date(full_year(y_text, *y), month, *day),
        _ => Err(format!("`{}` needs a day and a year", excerpt(text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(text: &str) -> (i32, u8, u8) {
        let d = parse_date(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        (d.year, d.month, d.day)
    }

    #[test]
    fn forms_seen_in_real_trf_files() {
        assert_eq!(ymd("28. 07. 2005"), (2005, 7, 28));
        assert_eq!(ymd("25.02.2011"), (2011, 2, 25));
        assert_eq!(ymd("2005/07/28"), (2005, 7, 28));
        assert_eq!(ymd("2005-07-28"), (2005, 7, 28));
        assert_eq!(ymd("1969.12.06"), (1969, 12, 6));
        assert_eq!(ymd("May 29, 2020"), (2020, 5, 29));
        assert_eq!(ymd("Jun 26, 2020"), (2020, 6, 26));
        assert_eq!(ymd("29 May 2020"), (2020, 5, 29));
        assert_eq!(ymd("Sept. 3rd, 2019"), (2019, 9, 3));
        assert_eq!(ymd("20240105"), (2024, 1, 5));
    }

    #[test]
    fn two_digit_years() {
        assert_eq!(ymd("05.10.24"), (2024, 10, 5));
        assert_eq!(ymd("24/10/05"), (2024, 10, 5), "TRF 132 writes YY/MM/DD");
        assert_eq!(ymd("12.03.98"), (1998, 3, 12));
        assert_eq!(ymd("98/03/12"), (1998, 3, 12));
        assert_eq!(ymd("29 May 20"), (2020, 5, 29));
    }

    #[test]
    fn month_that_cannot_be_a_month_swaps_to_us_order() {
        assert_eq!(ymd("05/29/2020"), (2020, 5, 29));
        assert_eq!(ymd("04/05/2020"), (2020, 5, 4), "ambiguous: day first");
    }

    #[test]
    fn impossible_dates_are_errors() {
        assert!(parse_date("2021-02-29").unwrap_err().contains("does not exist"));
        assert_eq!(ymd("2020-02-29"), (2020, 2, 29));
        assert!(parse_date("2021-13-01").unwrap_err().contains("month 13"));
        assert!(parse_date("Smarch 3, 2020").is_err());
        assert!(parse_date("").is_err());
        assert!(parse_date("12345678901234567890.1.1").is_err());
    }
}
