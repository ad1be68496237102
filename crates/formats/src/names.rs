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
/// Without a comma, a surname written in capitals before the given names
/// ("VAN WELY Loek", as Chess-Results and many federations write) is the
/// surname: "Loek VAN WELY", which the site indexes under V. Any other name
/// without a comma cannot be split safely ("Van Wely Loek" or a lichess user
/// name), so it is kept as written.
pub(crate) fn split(raw: &str) -> NameParts {
    let written = tidy(raw);
    if !written.contains(',')
        && let Some(parts) = capital_surname_first(&written)
    {
        return parts;
    }
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

/// "VAN WELY Loek" → surname "VAN WELY", given names "Loek": the leading words
/// in capitals (two letters or more, no lower case, not a title such as `GM`),
/// then words that all have lower case.
fn capital_surname_first(written: &str) -> Option<NameParts> {
    let words: Vec<&str> = written.split(' ').collect();
    const TITLES: [&str; 8] = ["GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"];
    let capitals = |w: &str| {
        w.chars().filter(|c| c.is_alphabetic()).count() >= 2
            && !w.chars().any(char::is_lowercase)
            && !TITLES.contains(&w)
    };
    let leading = words.iter().take_while(|w| capitals(w)).count();
    let rest = &words[leading..];
    if leading == 0 || rest.is_empty() || !rest.iter().all(|w| w.chars().any(char::is_lowercase)) {
        return None;
    }
    let surname = words[..leading].join(" ");
    let given_names = rest.join(" ");
    Some(NameParts {
        display: format!("{given_names} {surname}"),
        surname,
        given_names,
    })
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
    fn a_surname_in_capitals_first_goes_last() {
        let parts = split("VAN WELY  Loek");
        assert_eq!(parts.display, "Loek VAN WELY");
        assert_eq!(parts.surname, "VAN WELY");
        assert_eq!(parts.given_names, "Loek");
        assert_eq!(split("DE LA CRUZ Ana María").display, "Ana María DE LA CRUZ");
        assert_eq!(split("ÖZTÜRK Ümit").display, "Ümit ÖZTÜRK");
        // Not a surname in capitals: kept as written.
        for kept in [
            "J. Smith",
            "CARLSEN",
            "Carlsen MAGNUS",
            "GM Carlsen x2",
            "USER_42",
            "Mirzoev Azer",
        ] {
            assert_eq!(split(kept).display, kept, "{kept}");
        }
    }

    #[test]
    fn names_without_comma_are_kept() {
        let parts = split("Van Wely  Loek");
        assert_eq!(parts.display, "Van Wely Loek");
        assert_eq!(parts.surname, "Van Wely Loek");
        assert_eq!(parts.given_names, "");
    }
}
