//! Importers for the files a game community already has: FIDE Tournament
//! Report Files ([`trf`]), PGN game collections ([`pgn`]) and plain CSV
//! ([`csv`]). Each is pure: bytes in, neutral [`Tournament`]s out, warnings
//! naming their line; the integrator turns those into event files.
//! [`detect`] tells the three apart by content.

pub mod csv;
mod date;
mod model;
mod names;
pub mod pgn;
mod text;
pub mod trf;

pub use date::parse_date;
pub use model::{
    ByeKind, Date, Encoding, Entrant, Game, GameResult, Import, ImportError, Position, Tournament, Warning,
};

/// What a file holds, judged by its content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Trf,
    Pgn,
    Csv,
    Unknown,
}

/// How much of the file [`detect`] looks at: the head says it all.
const DETECT_WINDOW: usize = 64 * 1024;

/// Tells TRF, PGN and CSV apart from the first 64 KiB, whatever the file's
/// name: a PGN file starts (after comments) with a `[Tag "value"]`; a TRF has
/// `001` player lines and mostly three-character record codes; a CSV starts with
/// one of the two headers. Binary data (NUL bytes) is `Unknown`.
pub fn detect(bytes: &[u8]) -> Format {
    let head = &bytes[..bytes.len().min(DETECT_WINDOW)];
    let text = match head {
        [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..] => match text::decode(head) {
            Ok(decoded) => decoded.text,
            Err(_) => return Format::Unknown,
        },
        _ if head.contains(&0) => return Format::Unknown,
        _ => String::from_utf8_lossy(head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head)).into_owned(),
    };
    let lines: Vec<&str> = text.split(['\n', '\r']).filter(|l| !l.trim().is_empty()).collect();
    let Some(first) = lines
        .iter()
        .find(|l| !l.starts_with('%') && !l.trim_start().starts_with(';'))
    else {
        return Format::Unknown;
    };
    if looks_like_tag(first.trim_start()) {
        return Format::Pgn;
    }
    if looks_like_trf(&lines) {
        return Format::Trf;
    }
    if csv::separator_of(first.trim_start_matches('\u{FEFF}')).is_ok() {
        return Format::Csv;
    }
    Format::Unknown
}

/// `[Event "…"]`: a bracket, a name, a quote.
fn looks_like_tag(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('[') else {
        return false;
    };
    let name_end = rest
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .unwrap_or(rest.len());
    name_end > 0 && rest[name_end..].trim_start().starts_with('"')
}

fn looks_like_trf(lines: &[&str]) -> bool {
    let coded = |line: &&&str| {
        let code = line.get(..3).unwrap_or("");
        let after = line[code.len()..].chars().next();
        code.len() == 3
            && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '#')
            && matches!(after, None | Some(' '))
    };
    let player = |line: &&&str| {
        line.starts_with("001 ")
            && line.get(4..8).is_some_and(|rank| {
                let rank = rank.trim();
                !rank.is_empty() && rank.chars().all(|c| c.is_ascii_digit())
            })
    };
    lines.iter().any(|l| player(&l)) && lines.iter().filter(|l| coded(l)).count() * 2 >= lines.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_apart_by_content() {
        let trf = "012 Open\n042 2024/01/02\n001    1      Lee, Ann\n";
        assert_eq!(detect(trf.as_bytes()), Format::Trf);
        let pgn = "% exported\n\n[Event \"Open\"]\n[Site \"X\"]\n1. e4 1-0\n";
        assert_eq!(detect(pgn.as_bytes()), Format::Pgn);
        assert_eq!(
            detect("\u{FEFF}event;date;rank;player\nA;2024-01-01;1;Ann\n".as_bytes()),
            Format::Csv
        );
        assert_eq!(detect(b"Event,Date,Round,First,Second,Result\n"), Format::Csv);
        assert_eq!(detect(b"name,score\nAnn,3\n"), Format::Unknown);
        assert_eq!(detect(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Format::Unknown);
        assert_eq!(detect(b""), Format::Unknown);
    }

    #[test]
    fn a_csv_that_mentions_001_is_still_csv() {
        let csv = "event,date,rank,player\n001 Open,2024-01-01,1,Ann\n";
        assert_eq!(detect(csv.as_bytes()), Format::Csv);
    }
}
