//! TRF files written for these tests (never copied from elsewhere): a German
//! club open saved as Windows-1252 with CRLF, a lichess Swiss export with a BOM,
//! and small files built column by column below.

use ratings_formats::{ByeKind, Date, Encoding, Game, GameResult, Tournament, trf};

fn game(white: usize, black: usize, result: GameResult) -> Game {
    Game {
        white,
        black,
        result,
        colours_known: true,
        at: [(0, 0); 3],
    }
}

fn only(import: ratings_formats::Import) -> Tournament {
    assert_eq!(import.tournaments.len(), 1);
    import.tournaments.into_iter().next().unwrap()
}

fn has_warning(t: &Tournament, line: usize, words: &str) -> bool {
    t.warnings.iter().any(|((l, _), m)| *l == line && m.contains(words))
}

#[test]
fn club_open_in_windows_1252() {
    let import = trf::parse(include_bytes!("data/club_open_cp1252.trf")).unwrap();
    assert_eq!(import.encoding, Encoding::Windows1252);
    let t = only(import);
    assert_eq!(t.name, "Herbstopen Köln 2024");
    assert_eq!((t.place.as_str(), t.federation.as_str()), ("Köln", "GER"));
    assert_eq!(
        t.start,
        Some(Date {
            year: 2024,
            month: 9,
            day: 28
        })
    );
    assert_eq!(
        t.end,
        Some(Date {
            year: 2024,
            month: 10,
            day: 2
        })
    );
    assert_eq!((t.rounds, t.declared_players), (5, Some(8)));

    let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names[..3], ["Jürgen Müller", "Åse Ødegård", "François Dubois"]);
    assert_eq!(t.players[7].name, "Lee Ann", "no comma: kept as written");
    assert_eq!(t.players[1].surname_first, "Ødegård, Åse");
    assert_eq!((t.players[1].title.as_str(), t.players[1].rating), ("WFM", Some(2150)));
    assert_eq!(t.players[4].fide_id, Some(2_200_005));
    assert_eq!((t.players[7].rating, t.players[7].fide_id), (None, None));

    use GameResult::*;
    assert_eq!(
        t.round_results[0],
        vec![
            game(0, 4, WhiteWins),
            game(5, 1, Draw),
            game(2, 6, WhiteWins),
            game(7, 3, BlackWinsForfeit)
        ]
    );
    assert_eq!(
        t.byes[1],
        vec![(5, ByeKind::Half), (7, ByeKind::Zero)],
        "H, and a blank round"
    );
    assert_eq!(
        t.round_results[2],
        vec![
            game(1, 0, BlackWins),
            game(2, 5, WhiteWinsForfeit),
            game(3, 4, UnratedDraw),
            game(6, 7, WhiteWins)
        ],
        "W/L scored as a forfeit, D as an unrated draw"
    );
    assert_eq!(t.round_results[3][2], game(4, 5, DoubleForfeit));
    assert_eq!(t.byes[3], vec![(6, ByeKind::Full), (7, ByeKind::Zero)], "U and Z");
    // Round 5: Dubois' line says he lost to Novák, Novák's says draw: the first line wins.
    assert_eq!(t.round_results[4][2], game(2, 3, BlackWins));
    assert!(has_warning(&t, 19, "line 20 has `=`"), "{:?}", t.warnings);
    // Warnings point at the cell: round 5's result is in column 139, the
    // declared points in 81.
    let at = |words: &str| t.warnings.iter().find(|(_, m)| m.contains(words)).map(|w| w.0);
    assert_eq!(at("line 20 has `=`"), Some((19, 139)));
    assert_eq!(at("declares 2.5 points"), Some((20, 81)));
    // Smith declares 1.5 with 1.0 from the rounds and round 5 blank: a forgotten half-point bye.
    assert_eq!(t.byes[4], vec![(5, ByeKind::Half), (7, ByeKind::Full)]);
    assert!(has_warning(&t, 22, "round 5 (half-point)"), "{:?}", t.warnings);
    // Novák declares 2.5 but the kept result gives him 3: only a warning.
    assert!(
        has_warning(&t, 20, "declares 2.5 points but the rounds give 3"),
        "{:?}",
        t.warnings
    );
    assert_eq!(t.warnings.len(), 3, "{:?}", t.warnings);

    let official = t.official.unwrap();
    assert_eq!(official[..3], [(0, 1), (1, 4), (2, 2)]);
}

#[test]
fn lichess_export_with_bom_and_0000_byes() {
    let import = trf::parse(include_bytes!("data/lichess_swiss_bom.trf")).unwrap();
    assert_eq!(import.encoding, Encoding::Utf8WithBom);
    let t = only(import);
    assert_eq!(t.name, "Sunday Blitz Swiss");
    assert_eq!(
        t.start,
        Some(Date {
            year: 2020,
            month: 5,
            day: 29
        })
    );
    assert_eq!(t.players[1].name, "jörg_ß");
    assert_eq!(t.players[1].rating, Some(1720), "columns count characters, not bytes");
    assert_eq!(t.players[3].name, "Łukasz_2009");

    use GameResult::*;
    assert_eq!(t.round_results[0], vec![game(0, 2, WhiteWins), game(1, 3, BlackWins)]);
    assert_eq!(t.byes[0], vec![(4, ByeKind::Full)], "blank opponent with U");
    assert_eq!(t.byes[1], vec![(3, ByeKind::Full)], "0000 with +");
    assert_eq!(t.byes[2], vec![(2, ByeKind::Half)], "0000 with =");
    assert_eq!(t.round_results[3], vec![game(1, 2, BlackWins), game(3, 4, WhiteWins)]);
    // Round 5 is only kiwi's `0000 -` note for the next pairing: dropped.
    assert_eq!(t.rounds, 4);
    assert!(has_warning(&t, 15, "round 5 has no game"), "{:?}", t.warnings);
    assert!(has_warning(&t, 9, "plans 5 rounds; 4 have results"), "{:?}", t.warnings);
    assert_eq!(t.warnings.len(), 2, "points all agree: {:?}", t.warnings);
    assert_eq!(t.official, None, "lichess writes no ranks");
}

/// One `001` line, column by column as the handbook lays it out.
fn line(rank: u32, name: &str, points: &str, final_rank: &str, rounds: &[&str]) -> String {
    let mut s = format!(
        "001 {rank:>4}      {name:<33} {:>4} {:>3} {:>11} {:>10} {points:>4} {final_rank:>4}",
        "", "", "", ""
    );
    for r in rounds {
        s.push_str("  ");
        s.push_str(r);
    }
    s
}

#[test]
fn forfeits_without_colours_lead_with_the_first_line() {
    let file = [
        "012 Forfeits".to_owned(),
        line(1, "Alpha, Ann", "0.0", "2", &["   2 - -"]),
        line(2, "Beta, Bo", "1.0", "1", &["   1 - +"]),
    ]
    .join("\n");
    let t = only(trf::parse(file.as_bytes()).unwrap());
    let expected = Game {
        white: 0,
        black: 1,
        result: GameResult::BlackWinsForfeit,
        colours_known: false,
        at: [(0, 0); 3],
    };
    assert_eq!(t.round_results[0], vec![expected]);
    assert!(t.warnings.is_empty(), "{:?}", t.warnings);
}

#[test]
fn one_sided_game_is_kept_with_a_warning() {
    let file = [
        line(1, "Alpha, Ann", "1.0", "1", &["   2 b 1"]),
        line(2, "Beta, Bo", "0.0", "2", &[]),
    ]
    .join("\r\n");
    let t = only(trf::parse(file.as_bytes()).unwrap());
    assert_eq!(t.round_results[0], vec![game(1, 0, GameResult::BlackWins)]);
    assert!(has_warning(&t, 1, "missing from line 2"), "{:?}", t.warnings);
    assert_eq!(t.warnings[0].0, (1, 99), "round 1's result column");
}

#[test]
fn points_mismatch_beyond_absent_rounds_is_only_a_warning() {
    let file = [
        line(1, "Alpha, Ann", "3.0", "1", &["   2 w 1", "        "]),
        line(2, "Beta, Bo", "0.0", "2", &["   1 b 0", "0000 - U"]),
    ]
    .join("\n");
    let t = only(trf::parse(file.as_bytes()).unwrap());
    // Round 2 has no game: Alpha, blank in it, is absent (no byes assumed:
    // 1.0 + at most one point is not 3.0).
    assert_eq!(t.byes[1], vec![(1, ByeKind::Full)]);
    assert!(
        has_warning(&t, 2, "round 2 has no game, only byes asked for ahead"),
        "{:?}",
        t.warnings
    );
    assert!(
        has_warning(&t, 1, "declares 3 points but the rounds give 1"),
        "{:?}",
        t.warnings
    );
    assert!(
        has_warning(&t, 2, "declares 0 points but the rounds give 1"),
        "{:?}",
        t.warnings
    );
}

#[test]
fn two_absent_rounds_make_up_one_point_as_two_half_point_byes() {
    let file = [
        line(1, "Late, Lea", "2.0", "1", &["        ", "        ", "   2 w 1"]),
        line(2, "Early, Eli", "2.0", "2", &["0000 - U", "0000 - F", "   1 b 0"]),
    ]
    .join("\n");
    let t = only(trf::parse(file.as_bytes()).unwrap());
    assert_eq!(t.byes[0], vec![(0, ByeKind::Half), (1, ByeKind::Full)]);
    assert_eq!(t.byes[1], vec![(0, ByeKind::Half), (1, ByeKind::Full)]);
    assert!(
        has_warning(&t, 1, "round 1 (half-point), 2 (half-point)"),
        "{:?}",
        t.warnings
    );
}

#[test]
fn bye_records_of_a_team_tournament_name_teams_not_players() {
    // TRF26 team tournament (as grandmommyscup.trf of echecsjs/trf): `240 F 1 3`
    // gives team 3 a bye; player 3 played in round 1.
    let file = [
        "012 Team Swiss".to_owned(),
        line(1, "Alpha, Ann", "1.0", "1", &["   3 w 1"]),
        line(2, "Beta, Bo", "0.0", "3", &["0000 - -"]),
        line(3, "Gamma, Cy", "0.0", "2", &["   1 b 0"]),
        "310   3 Rooks                            FID     2000    2      1.0   1     2".to_owned(),
        "240 F   1    3".to_owned(),
    ]
    .join("\n");
    let t = only(trf::parse(file.as_bytes()).unwrap());
    assert_eq!(t.round_results[0], vec![game(0, 2, GameResult::WhiteWins)]);
    assert_eq!(t.byes[0], vec![(1, ByeKind::Zero)], "player 3 gets no bye");
    assert!(has_warning(&t, 6, "list teams: not imported"), "{:?}", t.warnings);
}

#[test]
fn several_012_records_are_several_tournaments_and_cr_alone_ends_lines() {
    let file = [
        "012 Open A".to_owned(),
        "XXR 1".to_owned(),
        line(1, "Alpha, Ann", "1.0", "1", &["   2 w 1"]),
        line(2, "Beta, Bo", "0.0", "2", &["   1 b 0"]),
        "012 Open B".to_owned(),
        "013 Team Rooks                        1    2".to_owned(),
        line(1, "Gamma, Cy", "1.0", "1", &["   2 b ="]),
        line(2, "Delta, Di", "0.5", "1", &["   1 w ="]),
        "240 H 002  0001".to_owned(),
        "012 Open C".to_owned(),
    ]
    .join("\r");
    let import = trf::parse(file.as_bytes()).unwrap();
    let note = ((0, 0), "tournament `Open C` has no player lines; ignored".to_owned());
    assert_eq!(import.warnings, vec![note]);
    let [a, b] = &import.tournaments[..] else {
        panic!("two sections expected")
    };
    assert_eq!((a.name.as_str(), a.section.as_deref()), ("Open A", Some("1")));
    assert_eq!((b.name.as_str(), b.section.as_deref()), ("Open B", Some("2")));
    assert_eq!(b.round_results[0], vec![game(1, 0, GameResult::Draw)]);
    assert_eq!(b.rounds, 2, "the 240 record adds Gamma's half-point bye in round 2");
    // Round 2 has no game, only the bye the record gives: Delta is absent
    // from it (a round not paired yet), not given a zero-point bye.
    assert_eq!(b.byes[1], vec![(0, ByeKind::Half)]);
    assert!(has_warning(b, 6, "team records are not imported"), "{:?}", b.warnings);
    assert!(
        has_warning(b, 7, "round 2 has no game, only byes asked for ahead (not paired yet?)"),
        "{:?}",
        b.warnings
    );
    assert_eq!(
        b.warnings.len(),
        2,
        "the 240 bye explains Gamma's point: {:?}",
        b.warnings
    );
}

#[test]
fn sections_are_paired_one_at_a_time() {
    // #29 (attack 7): every section was paired before the first was
    // converted, so a file of 16 sections of absent players held 16 × 10
    // million byes (4.6 GB). `read` pairs none; each `next` pairs one.
    let file = [
        "012 Open A".to_owned(),
        line(1, "Alpha, Ann", "1.0", "1", &["   2 w 1"]),
        line(2, "Beta, Bo", "0.0", "2", &["   1 b 0"]),
        "012 Open B".to_owned(),
        line(1, "Gamma, Cy", "0.5", "1", &["   2 b ="]),
        line(2, "Delta, Di", "0.5", "1", &["   1 w ="]),
    ]
    .join("\n");
    let mut sections = trf::read(file.as_bytes()).unwrap();
    let names: Vec<&str> = sections.names().collect();
    assert_eq!(names, ["Open A", "Open B"]);
    let players: Vec<&str> = sections.players().map(|p| p.name.as_str()).collect();
    assert_eq!(players, ["Ann Alpha", "Bo Beta", "Cy Gamma", "Di Delta"]);
    let a = sections.next().unwrap();
    assert_eq!((a.name.as_str(), a.section.as_deref()), ("Open A", Some("1")));
    assert_eq!(a.round_results[0], vec![game(0, 1, GameResult::WhiteWins)]);
    // Open B is still unpaired: only its name and players are held.
    let names: Vec<&str> = sections.names().collect();
    assert_eq!(names, ["Open B"]);
    let b = sections.next().unwrap();
    assert_eq!((b.name.as_str(), b.section.as_deref()), ("Open B", Some("2")));
    assert_eq!(b.round_results[0], vec![game(1, 0, GameResult::Draw)]);
    assert!(sections.next().is_none());
    // `parse` is `read` with every section paired.
    let parsed = trf::parse(file.as_bytes()).unwrap();
    assert_eq!(parsed.tournaments, [a, b]);
}

#[test]
fn duplicate_starting_rank_is_an_error_naming_both_lines() {
    let file = [line(1, "Alpha, Ann", "", "", &[]), line(1, "Beta, Bo", "", "", &[])].join("\n");
    let error = trf::parse(file.as_bytes()).unwrap_err();
    assert_eq!((error.line, error.column), (2, Some(5)));
    assert!(error.message.contains("line 1"), "{error}");
}

#[test]
fn file_without_player_lines_is_refused() {
    let error = trf::parse(b"012 Nothing here\n022 Nowhere\n").unwrap_err();
    assert!(error.message.contains("no player lines"), "{error}");
    let error = trf::parse(b"012 Open\n001    1      A\x00B\n").unwrap_err();
    assert_eq!(error.line, 2);
}

#[test]
fn header_oddities_are_warnings_naming_their_line() {
    let file = [
        "012 Open".to_owned(),
        "042 31.02.2024".to_owned(),
        "062 many".to_owned(),
        "052 2024/01/05".to_owned(),
        "042 2024/01/07".to_owned(),
        "hello there".to_owned(),
        line(1, "Alpha, Ann", "", "", &[]),
    ]
    .join("\n");
    let t = only(trf::parse(file.as_bytes()).unwrap());
    assert_eq!(
        t.start,
        Some(Date {
            year: 2024,
            month: 1,
            day: 7
        }),
        "line 5's date"
    );
    assert!(
        has_warning(&t, 2, "start date `31.02.2024` not read"),
        "{:?}",
        t.warnings
    );
    assert!(has_warning(&t, 3, "not a number"), "{:?}", t.warnings);
    let order = "the end date 2024-01-05 is before the start date 2024-01-07";
    assert!(has_warning(&t, 5, order), "{:?}", t.warnings);
    assert!(has_warning(&t, 6, "not a TRF record"), "{:?}", t.warnings);
}

#[test]
fn a_line_cut_before_its_points_is_an_error_at_its_end() {
    let cut: String = line(3, "Cut, Cy", "1.5", "2", &["0000 - +", "0000 - H"])
        .chars()
        .take(47)
        .collect();
    let file = [
        "012 Cut".to_owned(),
        line(1, "Alpha, Ann", "1.5", "1", &["   2 w 1", "0000 - H"]),
        line(2, "Beta, Bo", "0.5", "3", &["   1 b 0", "0000 - H"]),
        cut,
    ]
    .join("\n");
    let error = trf::parse(file.as_bytes()).unwrap_err();
    assert_eq!((error.line, error.column), (4, Some(22)));
    assert!(
        error
            .message
            .starts_with("the line of player 3 ends at column 21, before the points"),
        "{}",
        error.message
    );
    // A line that ends after its points (no rank, no rounds) is whole; so is
    // every line of a file that gives no points.
    let short = [
        "012 Short".to_owned(),
        line(1, "Alpha, Ann", "1.0", "1", &["0000 - F"]),
        line(2, "Beta, Bo", "0.0", "", &[]),
    ]
    .join("\n");
    assert!(trf::parse(short.as_bytes()).is_ok());
    let bare = "012 Bare\n001    1      Alpha, Ann\n001    2      Beta, Bo\n";
    assert!(trf::parse(bare.as_bytes()).is_ok());
}
