//! Country names for nationality and country codes.
//!
//! Data files write a nationality as a code: ISO 3166-1 alpha-2 (`NL`),
//! alpha-3 (`NLD`) or the IOC code sports federations use (`NED`). The table
//! is the `keshvar` crate's (ISO 3166 with IOC codes and English names), not a
//! list kept here. Codes are tried in that order, so `BRN` is Brunei (its
//! alpha-3) rather than Bahrain (its IOC code). Then the federation codes
//! FIDE uses where they are neither ([`FIDE`]: `ENG` England, `SCO`
//! Scotland, `JCI` Jersey, …), so that a TRF file's federations are
//! countries too. Anything else, say an old `YUG`, stays as written.

use std::collections::HashMap;
use std::sync::LazyLock;

/// The most characters of a nationality or country code (`nat`,
/// `country`): a player's are repeated on every event page they appear on
/// (a 1,000,000-letter `nat` of a player of 1,000 events made 1 GB of
/// pages).
pub const MAX_CODE: usize = 64;

/// The most characters of a location (`loc`), repeated as a code is: a
/// place may be written out (`Palais des Congrès, Paris, France`).
pub const MAX_PLACE: usize = 200;

use keshvar::CountryIterator;

/// FIDE federation codes that are neither ISO 3166 nor IOC codes (FIDE's
/// rating list and TRF files write them): code, the nation's key, its name.
/// Each is a nation of its own, as FIDE lists it: England, Scotland and
/// Wales are three federations (their key is the ISO 3166-2 code,
/// `GB-ENG`), not the United Kingdom; Jersey's `JCI` and `JEY` are one.
/// `NIR` is not a FIDE federation (Ireland's covers the island) but the
/// code the Commonwealth Games give Northern Ireland, beside the other three.
/// `FID`: players under the FIDE flag.
pub const FIDE: [(&str, &str, &str); 14] = [
    ("ENG", "GB-ENG", "England"),
    ("SCO", "GB-SCT", "Scotland"),
    ("WLS", "GB-WLS", "Wales"),
    ("NIR", "GB-NIR", "Northern Ireland"),
    ("JCI", "JE", "Jersey"),
    ("GCI", "GG", "Guernsey"),
    ("IOM", "IM", "Isle of Man"),
    ("FAI", "FO", "Faroe Islands"),
    ("MNC", "MC", "Monaco"),
    ("LIB", "LB", "Lebanon"),
    ("SIN", "SG", "Singapore"),
    ("KOS", "XK", "Kosovo"),
    ("AHO", "AN", "Netherlands Antilles"),
    ("FID", "FID", "FIDE"),
];

/// A known country.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Country {
    /// ISO 3166-1 alpha-2 code, upper case: the same for all of a country's
    /// codes, so `NL`, `NLD` and `NED` are one nation. For a nation of
    /// [`FIDE`] without one: its ISO 3166-2 code (`GB-ENG`) or FIDE's own.
    pub alpha2: String,
    /// Short English name ("Netherlands", "United Kingdom", "South Korea").
    pub name: String,
}

/// Every code, upper case, to its country. Built once (a few milliseconds):
/// `keshvar` builds a country's whole record on each lookup.
static TABLE: LazyLock<HashMap<String, Country>> = LazyLock::new(|| {
    let mut table = HashMap::new();
    let mut ioc = Vec::new();
    for data in CountryIterator::new() {
        let country = Country {
            alpha2: data.alpha2().to_string().to_ascii_uppercase(),
            name: data
                .translations()
                .get("en")
                .copied()
                .unwrap_or_else(|| data.iso_short_name())
                .to_string(),
        };
        table.insert(data.alpha3().to_string().to_ascii_uppercase(), country.clone());
        if let Some(code) = data.maybe_ioc() {
            ioc.push((code.to_string().to_ascii_uppercase(), country.clone()));
        }
        table.insert(country.alpha2.clone(), country);
    }
    // IOC codes last: an ISO code wins where the two clash.
    for (code, country) in ioc {
        table.entry(code).or_insert(country);
    }
    // FIDE's own codes, and the ISO 3166-2 codes of the UK's nations.
    for (code, key, name) in FIDE {
        let country = table.get(key).cloned().unwrap_or_else(|| Country {
            alpha2: key.to_string(),
            name: name.to_string(),
        });
        if key.contains('-') {
            table.entry(key.to_string()).or_insert_with(|| country.clone());
        }
        table.entry(code.to_string()).or_insert(country);
    }
    table
});

/// The country `code` stands for, ignoring case and surrounding spaces.
pub fn lookup(code: &str) -> Option<&'static Country> {
    let code = code.trim();
    if !(2..=6).contains(&code.len()) {
        return None;
    }
    TABLE.get(&code.to_ascii_uppercase())
}

/// The name to show for `code`: the country's name, or the code as written.
pub fn name_of(code: &str) -> &str {
    lookup(code).map_or(code, |c| c.name.as_str())
}

/// The key that groups nationalities into nations: the alpha-2 code, lower
/// case, for a known country, else the code's name key (case and spacing
/// ignored). Its slug names the nation's ranking page.
pub fn nation_key(code: &str) -> String {
    lookup(code).map_or_else(|| crate::names::name_key(code), |c| c.alpha2.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(code: &str) -> Option<String> {
        lookup(code).map(|c| c.name.clone())
    }

    #[test]
    fn alpha2_alpha3_and_ioc_codes() {
        assert_eq!(name("NL").as_deref(), Some("Netherlands"));
        assert_eq!(name("nld").as_deref(), Some("Netherlands"));
        assert_eq!(name(" NED ").as_deref(), Some("Netherlands"));
        assert_eq!(name("GER").as_deref(), Some("Germany"));
        assert_eq!(name("SUI").as_deref(), Some("Switzerland"));
        assert_eq!(name("GB").as_deref(), Some("United Kingdom"));
        assert_eq!(name("USA").as_deref(), Some("United States"));
        assert_eq!(name("KOR").as_deref(), Some("South Korea"));
        assert_eq!(lookup("NED").map(|c| c.alpha2.as_str()), Some("NL"));
    }

    #[test]
    fn alpha3_before_ioc() {
        // BRN: Brunei's alpha-3, Bahrain's IOC code.
        assert_eq!(lookup("BRN").map(|c| c.alpha2.as_str()), Some("BN"));
        assert_eq!(lookup("BRU").map(|c| c.alpha2.as_str()), Some("BN"));
        assert_eq!(lookup("BHR").map(|c| c.alpha2.as_str()), Some("BH"));
    }

    #[test]
    fn fide_federations_are_nations_of_their_own() {
        assert_eq!(name("ENG").as_deref(), Some("England"));
        assert_eq!(name("sco").as_deref(), Some("Scotland"));
        assert_eq!(name("WLS").as_deref(), Some("Wales"));
        assert_eq!(name("NIR").as_deref(), Some("Northern Ireland"));
        assert_eq!(name("GB-ENG").as_deref(), Some("England"));
        assert_eq!(name("FID").as_deref(), Some("FIDE"));
        // Four nations, none of them the United Kingdom.
        let keys: Vec<String> = ["ENG", "SCO", "WLS", "NIR", "GBR"].map(nation_key).into();
        assert_eq!(keys, ["gb-eng", "gb-sct", "gb-wls", "gb-nir", "gb"]);
        // FIDE's code for a territory ISO knows is that territory.
        assert_eq!(nation_key("JCI"), nation_key("JEY"));
        assert_eq!(name("JCI").as_deref(), Some("Jersey"));
        assert_eq!(nation_key("MNC"), nation_key("MON"));
        assert_eq!(nation_key("FAI"), "fo");
        assert_eq!(name("KOS").as_deref(), Some("Kosovo"));
        assert_eq!(nation_key("SIN"), nation_key("SG"));
        assert_eq!(nation_key("LIB"), nation_key("LBN"));
    }

    #[test]
    fn unknown_codes_stay_as_written() {
        assert_eq!(lookup("YUG"), None);
        assert_eq!(lookup("UK"), None);
        assert_eq!(lookup("Holland"), None);
        assert_eq!(lookup(""), None);
        assert_eq!(name_of("YUG"), "YUG");
        assert_eq!(name_of("NL"), "Netherlands");
    }
}
