//! A PGN collection written for these tests (never copied from elsewhere),
//! saved as Latin-1 with CRLF: an 1851 knockout with unknown date parts and
//! rounds, comments, variations, NAGs and escape lines, plus a lichess game.

use ratings_formats::{Date, Encoding, GameResult, Import, pgn};

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect(needle) + 1
}

fn date(year: i32, month: u8, day: u8) -> Option<Date> {
    Some(Date { year, month, day })
}

/// The test collection, as text for finding lines, and as imported.
fn collection() -> (String, Import) {
    let bytes = include_bytes!("data/london_1851_latin1.pgn");
    let text: String = bytes.iter().map(|&b| char::from(b)).collect();
    (text, pgn::parse(bytes).unwrap())
}

#[test]
fn games_group_by_event_site_and_year() {
    let (_, import) = collection();
    assert_eq!(import.encoding, Encoding::Windows1252);
    let names: Vec<&str> = import.tournaments.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["London International", "Casual Games", "Rated Blitz game"]);
    let london = &import.tournaments[0];
    assert_eq!(london.place, "London");
    let players: Vec<&str> = london.players.iter().map(|p| p.name.as_str()).collect();
    let expected = [
        "Adolf Anderssen",
        "Lionel Kieseritzky",
        "József Szén",
        "Johann Löwenthal",
        "Elijah Williams",
    ];
    assert_eq!(players, expected, "Staunton's only game is unfinished");
    assert_eq!(london.start, date(1851, 1, 1), "1851.??.?? is 1 January");
    assert_eq!(london.end, date(1851, 7, 1), "1851.07.?? is 1 July");
}

#[test]
fn knockout_games_and_unnumbered_games_get_rounds_of_their_own() {
    let (_, import) = collection();
    let london = &import.tournaments[0];
    // Game 1.2 of the match moves to round 2, pushing Anderssen's round-2 game
    // to 3; the game without a round comes after them.
    assert_eq!(london.rounds, 4);
    let round = |r: usize| -> Vec<(usize, usize, GameResult)> {
        london.round_results[r]
            .iter()
            .map(|g| (g.white, g.black, g.result.clone()))
            .collect()
    };
    assert_eq!(round(0), [(0, 1, GameResult::WhiteWins)]);
    assert_eq!(round(1), [(1, 0, GameResult::BlackWins)]);
    assert_eq!(round(2), [(0, 2, GameResult::Draw)]);
    assert_eq!(round(3), [(3, 4, GameResult::BlackWins)]);
    assert!(london.byes.iter().all(Vec::is_empty));
}

#[test]
fn each_kind_of_problem_is_one_warning_per_event() {
    let (text, import) = collection();
    let london = &import.tournaments[0];
    let warning = |words: &str| {
        let found = london.warnings.iter().find(|(_, w)| w.contains(words));
        found
            .unwrap_or_else(|| panic!("{words}: {:?}", london.warnings))
            .clone()
    };
    let unfinished = "1 unfinished game (`*` or no result) skipped (at this line)";
    assert_eq!(
        warning("unfinished game"),
        ((line_of(&text, "Staunton") - 4, 0), unfinished.to_owned())
    );
    assert!(warning("unknown date parts").1.starts_with("4 "));
    let unnumbered = warning("1 game without a round number gets a round of its own, after round 3 (at this line)");
    assert_eq!(unnumbered.0, (line_of(&text, "Round \"?\"") - 3, 0));
    let moved = warning("twice in one round");
    assert_eq!(moved.0, (line_of(&text, "Round \"1.2\"") - 3, 0));
    assert!(moved.1.starts_with("2 "), "{moved:?}");
    assert_eq!(london.warnings.len(), 4, "{:?}", london.warnings);
}

#[test]
fn ratings_and_fide_ids_come_from_the_tags() {
    let (_, import) = collection();
    let blitz = &import.tournaments[2];
    assert_eq!((blitz.players[0].rating, blitz.players[0].fide_id), (Some(1850), None));
    assert_eq!(
        (blitz.players[1].rating, blitz.players[1].fide_id),
        (Some(1500), Some(1_500_002))
    );
    assert_eq!(blitz.start, date(2024, 3, 2));
    assert_eq!(
        blitz.round_results[0][0].result,
        GameResult::BlackWins,
        "[%clk] comments hide nothing"
    );
}

#[test]
fn same_event_in_another_year_is_another_event() {
    let text = "[Event \"Club\"][Site \"X\"][Date \"2023.05.01\"][White \"A\"][Black \"B\"] 1-0\n\
                [Event \"Club\"][Site \"X\"][Date \"2024.05.01\"][White \"A\"][Black \"B\"] 0-1\n\
                [Event \"Club\"][Site \"X\"][Date \"2023.06.01\"][White \"B\"][Black \"A\"] 1/2-1/2\n";
    let import = pgn::parse(text.as_bytes()).unwrap();
    assert_eq!(import.tournaments.len(), 2);
    assert_eq!(
        import.tournaments[0].round_results.len(),
        2,
        "two games without round: two rounds"
    );
    assert_eq!(
        import.tournaments[0].end,
        Some(Date {
            year: 2023,
            month: 6,
            day: 1
        })
    );
    assert_eq!(import.encoding, Encoding::Utf8);
}

#[test]
fn result_tag_serves_when_the_moves_are_cut_off() {
    let text = "[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3";
    let import = pgn::parse(text.as_bytes()).unwrap();
    let t = &import.tournaments[0];
    assert_eq!(t.round_results[0][0].result, GameResult::BlackWins);
    assert_eq!(t.warnings[0].0, (1, 0));
    assert!(
        t.warnings[0]
            .1
            .starts_with("1 game whose moves end without a result takes its Result tag (at this line)"),
        "{:?}",
        t.warnings
    );
}

#[test]
fn event_with_only_unfinished_games_is_reported_not_returned() {
    let text = "[Event \"Live\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n\n[Event \"Done\"]\n[White \"A\"]\n[Black \"B\"]\n1-0\n";
    let import = pgn::parse(text.as_bytes()).unwrap();
    assert_eq!(import.tournaments.len(), 1);
    assert_eq!(import.tournaments[0].name, "Done");
    assert_eq!(
        import.warnings[0],
        ((0, 0), "event `Live`: no game could be imported".to_owned())
    );
    assert_eq!(import.warnings[1].0, (1, 0));
}

#[test]
fn binary_and_empty_input_are_errors() {
    let error = pgn::parse(b"[Event \"A\"]\n[Whi\0te \"B\"]").unwrap_err();
    assert_eq!((error.line, error.column), (2, Some(5)));
    assert!(pgn::parse(b"").unwrap_err().message.contains("no games"));
}

#[test]
fn reading_from_a_reader_in_small_pieces_gives_the_same_events() {
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(1);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let bytes = include_bytes!("data/london_1851_latin1.pgn");
    assert_eq!(pgn::parse_reader(Trickle(bytes)).unwrap(), pgn::parse(bytes).unwrap());
    let mut utf16 = vec![0xFE, 0xFF];
    for unit in "[White \"Łukasz\"]\n[Black \"Ann\"]\n1-0\n".encode_utf16() {
        utf16.extend_from_slice(&unit.to_be_bytes());
    }
    let import = pgn::parse_reader(Trickle(&utf16)).unwrap();
    assert_eq!(import.encoding, Encoding::Utf16Be);
    assert_eq!(import.tournaments[0].players[0].name, "Łukasz");
    // UTF-16LE decoded a byte at a time (a surrogate pair split across
    // reads, a lone surrogate): what the UTF-8 text gives.
    let text = "[White \"Ann 𝄞\"]\r\n[Black \"Bo\u{FFFD}\"]\r\n1-0\r\n";
    let mut units: Vec<u16> = text.encode_utf16().collect();
    let lone = units.iter().position(|&u| u == 0xFFFD).unwrap();
    units[lone] = 0xDC00;
    let mut utf16le = vec![0xFF, 0xFE];
    for unit in units {
        utf16le.extend_from_slice(&unit.to_le_bytes());
    }
    let mut import = pgn::parse_reader(Trickle(&utf16le)).unwrap();
    assert_eq!(import.encoding, Encoding::Utf16Le);
    let mut utf8 = pgn::parse(text.as_bytes()).unwrap();
    assert_eq!(utf8.tournaments[0].players[0].name, "Ann 𝄞");
    utf8.encoding = import.encoding;
    import.warnings.clear();
    utf8.warnings.clear();
    assert_eq!(import, utf8);
}

#[test]
fn numbered_rounds_keep_their_numbers_and_gaps_are_reported() {
    let text = "[White \"A\"][Black \"B\"][Round \"1\"] 1-0\n\
                [White \"C\"][Black \"D\"][Round \"4.2\"] ½-½\n";
    let t = &pgn::parse(text.as_bytes()).unwrap().tournaments[0];
    assert_eq!(t.rounds, 4);
    assert_eq!(t.round_results[3][0].result, GameResult::Draw, "½-½ is a draw");
    assert_eq!(
        t.warnings,
        vec![((0, 0), "rounds 2, 3 have no game in this file".to_owned())]
    );
}

#[test]
fn rounds_far_beyond_an_events_games_are_numbered_from_one() {
    // #29 (attack 7): one game in `Round "1000"` was an event of 999 empty
    // rounds (a 23.5 KB event file from 126 bytes, every such event held).
    let text = "[Event \"Late\"][White \"A\"][Black \"B\"][Round \"1000\"] 1-0\n\
                [Event \"Tail\"][White \"A\"][Black \"B\"][Round \"40\"] 1-0\n\
                [Event \"Tail\"][White \"C\"][Black \"D\"][Round \"40\"] 0-1\n\
                [Event \"Tail\"][White \"A\"][Black \"C\"][Round \"38\"] ½-½\n\
                [Event \"Near\"][White \"A\"][Black \"B\"][Round \"17\"] 1-0\n";
    let import = pgn::parse(text.as_bytes()).unwrap();
    let by_name = |name: &str| import.tournaments.iter().find(|t| t.name == name).unwrap();
    let late = by_name("Late");
    assert_eq!((late.rounds, late.round_results.len(), late.byes.len()), (1, 1, 1));
    assert_eq!(
        late.warnings,
        vec![(
            (1, 0),
            "Round 1000 in an event of 1 game: more than 16 rounds beyond its games, so taken as part of a \
             longer event; its round is numbered 1"
                .to_owned()
        )]
    );
    // Order kept: Round 38 is round 1, Round 40 (two games) round 2; the
    // empty rounds between them are gone.
    let tail = by_name("Tail");
    assert_eq!(tail.rounds, 2);
    let sizes: Vec<usize> = tail.round_results.iter().map(Vec::len).collect();
    assert_eq!(sizes, [1, 2]);
    assert_eq!(tail.round_results[0][0].result, GameResult::Draw);
    assert_eq!(
        tail.warnings[0].1,
        "Round 38 to 40 in an event of 3 games: more than 16 rounds beyond its games, so taken as part of a \
         longer event; its 2 rounds are numbered 1 to 2 in their order"
    );
    // 16 beyond its one game: kept as written, the empty rounds reported.
    let near = by_name("Near");
    assert_eq!(near.rounds, 17);
    assert_eq!(near.warnings.len(), 1);
    assert!(near.warnings[0].1.starts_with("rounds 1, 2, 3,"), "{:?}", near.warnings);
}

/// A game of tags only, as lichess broadcasts export them (no movetext).
fn tags_only(event: &str, site: &str, round: &str, white: &str, black: &str, result: &str) -> String {
    format!(
        "[Event \"{event}\"]\n[Site \"{site}\"]\n[Date \"2024.12.26\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n"
    )
}

#[test]
fn games_of_tags_only_are_games_and_one_event_at_two_sites_is_one_event() {
    let file = [
        tags_only("Rapid", "New York", "1.1", "Ju, Wenjun", "Lei, Tingjie", "1-0"),
        tags_only(
            "Rapid",
            "48 Wall Street",
            "1.2",
            "Koneru, Humpy",
            "Tan, Zhongyi",
            "1/2-1/2",
        ),
        tags_only("Rapid", "48 Wall Street", "2.1", "Koneru, Humpy", "Ju, Wenjun", "1-0"),
        // Another tournament of that name: no player in common, kept apart.
        tags_only("Rapid", "Oslo", "1.1", "Berg, Bo", "Dahl, Di", "0-1"),
    ]
    .concat();
    let import = pgn::parse(file.as_bytes()).unwrap();
    let [ny, oslo] = &import.tournaments[..] else {
        panic!("two events expected: {:?}", import.tournaments)
    };
    assert_eq!((ny.place.as_str(), oslo.place.as_str()), ("New York", "Oslo"));
    assert_eq!(ny.players.len(), 4);
    let games: Vec<usize> = ny.round_results.iter().map(Vec::len).collect();
    assert_eq!(games, [2, 1], "3 games in 2 rounds");
    assert_eq!(ny.round_results[1][0].result, GameResult::WhiteWins);
    assert!(
        ny.warnings.iter().any(|((line, _), w)| *line == 9
            && w == "the games under Site `48 Wall Street` have players of those under Site `New York`: one event"),
        "{:?}",
        ny.warnings
    );
    assert!(
        ny.warnings.iter().any(|((line, _), w)| *line == 1
            && w.starts_with("3 games whose moves end without a result take their Result tag")),
        "{:?}",
        ny.warnings
    );
}

#[test]
fn a_game_without_date_takes_event_date_then_utc_date() {
    let file = "[Event \"A\"]\n[UTCDate \"2025.06.18\"]\n[White \"X\"]\n[Black \"Y\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
                [Event \"B\"]\n[EventDate \"2025.06.01\"]\n[UTCDate \"2025.06.18\"]\n[White \"X\"]\n[Black \"Y\"]\n\n1. e4 0-1\n";
    let import = pgn::parse(file.as_bytes()).unwrap();
    let starts: Vec<Option<Date>> = import.tournaments.iter().map(|t| t.start).collect();
    assert_eq!(starts, [date(2025, 6, 18), date(2025, 6, 1)]);
}

#[test]
fn a_game_of_unknown_day_does_not_date_an_event_of_known_days() {
    let game =
        |date: &str| format!("[Event \"Autumn\"]\n[Date \"{date}\"]\n[White \"X\"]\n[Black \"Y\"]\n\n1. e4 1-0\n\n");
    let file = [
        game("2024.10.01"),
        game("2024.??.??"),
        game("2024.10.15"),
        game("2024.10.??"),
    ]
    .concat();
    let t = &pgn::parse(file.as_bytes()).unwrap().tournaments[0];
    assert_eq!((t.start, t.end), (date(2024, 10, 1), date(2024, 10, 15)));
    // Only when no game has a full date: the first day of what is known.
    let file = [game("2024.??.??"), game("2024.10.??")].concat();
    let t = &pgn::parse(file.as_bytes()).unwrap().tournaments[0];
    assert_eq!((t.start, t.end), (date(2024, 1, 1), date(2024, 10, 1)));
}
