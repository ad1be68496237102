//! Bad input never panics and never takes long: random bytes, every truncation
//! of the valid test files, bytes flipped in them, and a few shapes chosen to
//! provoke quadratic work.

use ratings_formats::{csv, detect, pgn, trf};

/// A small deterministic generator, so failures can be replayed.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn parse_all(bytes: &[u8]) {
    let _ = detect(bytes);
    for result in [trf::parse(bytes), pgn::parse(bytes), csv::parse(bytes)] {
        if let Err(error) = result {
            assert!(!error.message.is_empty());
        }
    }
}

const FILES: [&[u8]; 3] = [
    include_bytes!("data/club_open_cp1252.trf"),
    include_bytes!("data/lichess_swiss_bom.trf"),
    include_bytes!("data/london_1851_latin1.pgn"),
];

/// The characters the three formats give meaning to.
const ALPHABET: &[u8] = b"001 0123456789 wb-+=HFUZ[]\"{}();%.,\n\r\tEventWhite";

#[test]
fn random_bytes_do_not_panic() {
    let mut dice = Dice(0x2545_F491_4F6C_DD1D);
    for _ in 0..3000 {
        let len = (dice.next() % 600) as usize;
        // Half the time printable-ish text, which gets further into the parsers.
        let text = dice.next().is_multiple_of(2);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let b = dice.next() as u8;
                if text {
                    ALPHABET[usize::from(b) % ALPHABET.len()]
                } else {
                    b
                }
            })
            .collect();
        parse_all(&bytes);
    }
}

#[test]
fn every_truncation_of_the_test_files_is_handled() {
    for file in FILES {
        for end in 0..=file.len() {
            parse_all(&file[..end]);
        }
    }
}

#[test]
fn flipped_bytes_in_the_test_files_are_handled() {
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    for file in FILES {
        for _ in 0..400 {
            let mut bytes = file.to_vec();
            for _ in 0..1 + dice.next() % 8 {
                let at = (dice.next() % bytes.len() as u64) as usize;
                bytes[at] = dice.next() as u8;
            }
            parse_all(&bytes);
        }
    }
}

#[test]
fn huge_shapes_stay_linear() {
    let long_trf = format!("001    1      A{}\n", "    2 w 1 ".repeat(200_000));
    let t = trf::parse(long_trf.as_bytes()).unwrap();
    assert_eq!(t.tournaments[0].rounds, 999, "rounds are capped");
    // 3000 players absent in 39 rounds who declare 8 points more than they have.
    let many_absent: String = (1..=3000)
        .map(|i| {
            format!(
                "001 {i:>4}      P{i:<32} {:>31}  9.0     {}  0000 - U\n",
                "",
                "          ".repeat(39)
            )
        })
        .collect();
    let t = &trf::parse(many_absent.as_bytes()).unwrap().tournaments[0];
    assert_eq!(t.rounds, 40);
    assert_eq!(t.byes[15][2999], (2999, ratings_formats::ByeKind::Half));
    assert_eq!(t.byes[16][2999], (2999, ratings_formats::ByeKind::Zero));
    // One token of a million characters after the points: read once (its
    // characters were counted again for each one added).
    let long_token = format!("001    1      A{}{}\n", " ".repeat(76), "x".repeat(1_000_000));
    let t = &trf::parse(long_token.as_bytes()).unwrap().tournaments[0];
    assert_eq!(t.warnings[0].0, (1, 92));
    assert_eq!(t.warnings[1].0, (1, 92));
    assert!(
        t.warnings[1]
            .1
            .ends_with("` is not a round result; the rest of the line is ignored")
    );
    let nested = format!("[White \"A\"]\n[Black \"B\"]\n{} 1-0", "(".repeat(1_000_000));
    assert!(pgn::parse(nested.as_bytes()).is_ok());
    let open_comment = format!("[White \"A\"]\n{{{}", "x ".repeat(1_000_000));
    assert!(pgn::parse(open_comment.as_bytes()).is_ok());
    let long_tag = format!("[Event \"{}\"]\n[White \"A\"][Black \"B\"] 1-0", "\" ".repeat(500_000));
    assert!(pgn::parse(long_tag.as_bytes()).is_ok());
    let open_quote = format!("event,date,rank,player\nA,2024-01-01,1,\"{}", "x,".repeat(1_000_000));
    assert_eq!(csv::parse(open_quote.as_bytes()).unwrap_err().line, 2);
    let big_round = "event,date,round,first,second,result\nA,2024-01-01,4000000000,X,Y,1-0\n";
    assert!(
        csv::parse(big_round.as_bytes())
            .unwrap_err()
            .message
            .contains("1 to 9999")
    );
}

#[test]
fn a_section_keeps_its_first_hundred_warnings_and_counts_the_rest() {
    // One warning per junk line: 50,000 lines held 50,000 warnings.
    let mut file = String::from("001    1      Ann Lee\n001    2      Bo Berg\n");
    for _ in 0..50_000 {
        file.push_str("XXR x\n");
    }
    let import = trf::parse(file.as_bytes()).unwrap();
    let warnings = &import.tournaments[0].warnings;
    assert_eq!(warnings.len(), trf::MAX_WARNINGS + 1);
    assert_eq!(warnings[0].0, (3, 0));
    assert_eq!(
        warnings[trf::MAX_WARNINGS],
        (
            (50_002, 0),
            "49900 more warnings up to this line not shown: fix the first 100 and import again".to_string()
        )
    );
}
