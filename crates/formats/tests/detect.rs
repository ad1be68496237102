//! `detect` on the test files, and on the same content under a misleading start.

use ratings_formats::{Format, detect};

#[test]
fn test_files_are_recognised_by_content() {
    assert_eq!(detect(include_bytes!("data/club_open_cp1252.trf")), Format::Trf);
    assert_eq!(detect(include_bytes!("data/lichess_swiss_bom.trf")), Format::Trf);
    assert_eq!(detect(include_bytes!("data/london_1851_latin1.pgn")), Format::Pgn);
}

#[test]
fn utf16_csv_is_csv() {
    let mut bytes = vec![0xFF, 0xFE];
    for unit in "event,date,rank,player\r\nOpen,2024-01-01,1,Ann\r\n".encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    assert_eq!(detect(&bytes), Format::Csv);
    let import = ratings_formats::csv::parse(&bytes).unwrap();
    assert_eq!(import.tournaments[0].players[0].name, "Ann");
    assert_eq!(import.encoding, ratings_formats::Encoding::Utf16Le);
}
