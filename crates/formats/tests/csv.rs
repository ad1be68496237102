//! CSV as spreadsheets save it: BOM, CRLF, quoted fields, `;` where the comma
//! is the decimal mark, Windows-1252.

use ratings_formats::{Date, Encoding, GameResult, csv};

#[test]
fn placements_from_a_spreadsheet() {
    let text = "\u{FEFF}Event,Date,Rank,Player,Nat\r\n\
                World DipCon XXVII,2017-07-07,1,Doug Moore,US\r\n\
                World DipCon XXVII,2017-07-07,2,\"Smith, Jr., Bob\",GB\r\n\
                \"The \"\"Big\"\" One\",07.07.2017,1,Ann Lee,\r\n\
                ,,,,\r\n\
                World DipCon XXVII,2017-07-07,2,Cy Young,CA\r\n";
    let import = csv::parse(text.as_bytes()).unwrap();
    assert_eq!(import.encoding, Encoding::Utf8WithBom);
    let [dipcon, big] = &import.tournaments[..] else {
        panic!("two events")
    };
    assert_eq!(dipcon.name, "World DipCon XXVII");
    assert_eq!(
        dipcon.start,
        Some(Date {
            year: 2017,
            month: 7,
            day: 7
        })
    );
    let names: Vec<&str> = dipcon.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["Doug Moore", "Smith, Jr., Bob", "Cy Young"],
        "CSV names are kept as written"
    );
    assert_eq!(dipcon.players[1].federation, "GB");
    assert_eq!(dipcon.official, Some(vec![(0, 1), (1, 2), (2, 2)]));
    assert_eq!(big.name, "The \"Big\" One");
    assert_eq!(big.players[0].federation, "");
    assert_eq!(dipcon.rounds, 0);
}

#[test]
fn matches_with_semicolons_in_windows_1252() {
    let mut bytes = b"event;date;round;first;second;result\n".to_vec();
    bytes.extend_from_slice(b"GP Lyon;1998-03-01;1;J\xfcrgen;\"Ann\nLee\";2-1\n");
    bytes.extend_from_slice(b"GP Lyon;1998-03-01;2;Bo;J\xfcrgen;\xbd-\xbd\n");
    bytes.extend_from_slice(b"GP Lyon;1998-03-01;2;Ann Lee;Zoe;1-0\n");
    let import = csv::parse(&bytes).unwrap();
    assert_eq!(import.encoding, Encoding::Windows1252);
    let t = &import.tournaments[0];
    assert_eq!(t.rounds, 2);
    let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["Jürgen", "Ann Lee", "Bo", "Zoe"],
        "a line break inside quotes is a space in a name"
    );
    assert_eq!(t.round_results[0][0].result, GameResult::Written("2-1".to_owned()));
    assert_eq!(t.round_results[1][0].result, GameResult::Written("½-½".to_owned()));
    assert!(!t.round_results[0][0].colours_known);
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
    // A player twice in one round is an error at the second match; line 5
    // holds it (the quoted line break was counted).
    bytes.extend_from_slice(b"GP Lyon;1998-03-01;2;Ann Lee;Bo;1-0\n");
    let e = csv::parse(&bytes).unwrap_err();
    assert_eq!((e.line, e.column), (6, Some(22)));
    assert_eq!(
        e.message,
        "`Ann Lee` already plays in round 2 (line 5): one match per player and round"
    );
}

fn error(text: &str) -> (usize, Option<usize>, String) {
    let e = csv::parse(text.as_bytes()).unwrap_err();
    (e.line, e.column, e.message)
}

#[test]
fn errors_name_line_and_column() {
    let head = "event,date,rank,player\n";
    let (line, column, message) = error(&format!("{head}Open,2024-01-01,first,Ann\n"));
    assert_eq!((line, column), (2, Some(17)));
    assert!(message.contains("rank `first`"), "{message}");

    let (line, column, message) = error(&format!("{head}Open,2024-01-01,1,\"Ann\n"));
    assert_eq!((line, column), (2, Some(19)));
    assert!(message.contains("never closed"), "{message}");

    let (line, column, message) = error(&format!("{head}Open,2024-01-01,1,\"Ann\" Lee\n"));
    assert_eq!((line, column), (2, Some(25)));
    assert!(message.contains("after a closing quote"), "{message}");

    let (line, column, _) = error(&format!("{head}Open,2024-02-30,1,Ann\n"));
    assert_eq!((line, column), (2, Some(6)));

    let (line, column, _) = error(&format!("{head}Open,2024-01-01,1,Ann,US\n"));
    assert_eq!((line, column), (2, Some(23)));

    let (line, _, message) = error(&format!("{head}Open,2024-01-01,1,Ann\nOpen,2024-01-01,2,Ann\n"));
    assert_eq!(line, 3);
    assert!(message.contains("already placed in this event on line 2"), "{message}");

    // A typo in a column name is named, with where it is and what is accepted.
    let (line, column, message) = error("event,date,rnak,player\n");
    assert_eq!((line, column), (1, Some(12)));
    assert!(
        message.starts_with(
            "unknown column `rnak` (column 3 of the header): the columns are `event,date,rank,player[,nat]`"
        ),
        "{message}"
    );
    let (line, column, message) = error("event;date;round;first;second;colour\nA;2024-01-01;1;X;Y;1-0\n");
    assert_eq!((line, column), (1, Some(31)));
    assert!(
        message.starts_with("unknown column `colour` (column 6 of the header)"),
        "{message}"
    );
    assert_eq!(
        ratings_formats::detect(b"event,date,round,first,second,colour\n"),
        ratings_formats::Format::Csv
    );

    let (line, column, message) = error("name,when,score\n");
    assert_eq!((line, column), (1, Some(1)));
    assert!(message.contains("first line must name the columns"), "{message}");

    let (_, _, message) = error("event,date,round,player\n");
    assert!(message.contains("neither placements"), "{message}");
    assert!(error("event,date,rank,player\n").2.contains("no rows"));
}

#[test]
fn a_round_far_beyond_the_games_is_refused() {
    let head = "event,date,round,first,second,result\n";
    // Round 9999 of an event of one game would write 9,998 empty rounds.
    let (line, column, message) = error(&format!("{head}Night,2024-01-01,9999,A,B,1-0\n"));
    assert_eq!((line, column), (2, Some(18)));
    assert_eq!(
        message,
        "round 9999 in an event of 1 game: rounds are numbered 1, 2, … and an event has at most 16 more rounds than games"
    );
    // The highest round is the one named, wherever it is in the file.
    let text = format!("{head}N,2024-01-01,1,A,B,1-0\nN,2024-01-01,30,C,D,0-1\nN,2024-01-01,2,A,D,0-1\n");
    assert_eq!(error(&text).0, 3);
    // 16 more rounds than games is allowed: a file of an event's last rounds.
    let import = csv::parse(format!("{head}N,2024-01-01,3,C,D,0-1\nN,2024-01-01,18,A,B,1-0\n").as_bytes()).unwrap();
    let t = &import.tournaments[0];
    assert_eq!((t.rounds, t.round_results.len(), t.byes.len()), (18, 18, 18));
    assert_eq!((t.round_results[2].len(), t.round_results[17].len()), (1, 1));
    assert_eq!(t.round_results.iter().map(Vec::len).sum::<usize>(), 2);
}
