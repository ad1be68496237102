//! Player names as chess files write them ("Carlsen, Magnus") and as pages show
//! them ("Magnus Carlsen").

use crate::model::Entrant;

/// Collapses runs of white space and trims, so that one person written with two
/// spaces in one file and one in another is still one name.
pub(crate) fn tidy(raw: &str) -> String {
    raw.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The parts of a "Last, First" name.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct NameParts {
    pub display: String,
    pub surname: String,
    pub given_names: String,
}

/// "Last, First" → "First Last". A third comma-part (the FIDE example file has
/// "Kiese,Matthias,Dr.") is a suffix kept after the name: "Matthias Kiese, Dr.".
/// Without a comma the name cannot be split safely ("Van Wely Loek" or a lichess
/// user name), so it is kept as written.
pub(crate) fn split(raw: &str) -> NameParts {
    let written = tidy(raw);
    let mut parts = written.splitn(3, ',').map(str::trim);
    let surname = parts.next().unwrap_or_default().to_owned();
    let given_names = parts.next().unwrap_or_default().to_owned();
    let suffix = parts.next().unwrap_or_default();
    let display = match (given_names.is_empty(), suffix.is_empty()) {
        (true, true) => surname.clone(),
        (true, false) => format!("{surname}, {suffix}"),
        (false, true) => format!("{given_names} {surname}"),
        (false, false) => format!("{given_names} {surname}, {suffix}"),
    };
    NameParts {
        display,
        surname,
        given_names,
    }
}

/// An entrant known by name only (PGN, CSV).
pub(crate) fn entrant(raw: &str) -> Entrant {
    let parts = split(raw);
    Entrant {
        name: parts.display,
        surname_first: tidy(raw),
        surname: parts.surname,
        given_names: parts.given_names,
        start_rank: 0,
        title: String::new(),
        fide_id: None,
        federation: String::new(),
        rating: None,
        declared_points: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comma_names_turn_around() {
        let parts = split("Carlsen,  Magnus ");
        assert_eq!(parts.display, "Magnus Carlsen");
        assert_eq!(parts.surname, "Carlsen");
        assert_eq!(parts.given_names, "Magnus");
    }

    #[test]
    fn suffix_after_second_comma_follows_the_name() {
        assert_eq!(split("Kiese,Matthias,Dr.").display, "Matthias Kiese, Dr.");
        assert_eq!(split("Willems,Matthias,Prof.Dr.").given_names, "Matthias");
    }

    #[test]
    fn names_without_comma_are_kept() {
        let parts = split("Van Wely  Loek");
        assert_eq!(parts.display, "Van Wely Loek");
        assert_eq!(parts.surname, "Van Wely Loek");
        assert_eq!(parts.given_names, "");
    }
}
