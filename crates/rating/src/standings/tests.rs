use super::*;
use ratings_model::notation::parse_result;

const ANN: u32 = 1;
const BOB: u32 = 2;
const CID: u32 = 3;
const DEE: u32 = 4;
const EVE: u32 = 5;
const FAY: u32 = 6;

/// A match as an event file writes it, through the real notation parser.
fn game(first: u32, second: u32, written: &str) -> Pairing {
    Pairing {
        first,
        second,
        result: parse_result(written).expect(written).into(),
    }
}

fn row_of(rows: &[Row], player: u32) -> &Row {
    rows.iter().find(|row| row.player == player).unwrap()
}

fn assert_close(actual: f64, expected: f64, what: &str) {
    assert!(
        (actual - expected).abs() < 1e-12,
        "{what}: got {actual}, expected {expected}"
    );
}

fn places(rows: &[Row]) -> Vec<(u32, u32)> {
    rows.iter().map(|row| (row.player, row.place)).collect()
}

// ---------------------------------------------------------------------------
// (a) A six-player, four-round Swiss, chess points 1 / ½ / 0.
//
// | round | matches                               | byes          | absent     |
// |-------|---------------------------------------|---------------|------------|
// | 1     | Ann–Bob 1-0, Cid–Dee ½-½              | Eve full      | Fay (late) |
// | 2     | Eve–Ann ½-½, Bob–Fay +- (forfeit)     | Cid half, Dee zero |       |
// | 3     | Cid–Ann 1-0, Dee–Eve -- (double), Fay–Bob ½-½ |       |            |
// | 4     | Ann–Dee 1-0, Bob–Cid 0-1              | Fay full      | Eve (withdrew) |
//
// Per player, round by round (v = unplayed round, virtual opponent):
//
// | player | R1        | R2         | R3        | R4       | points | W-D-L | forf | byes |
// |--------|-----------|------------|-----------|----------|--------|-------|------|------|
// | Ann    | +Bob 1    | =Eve ½     | -Cid 0    | +Dee 1   | 2.5    | 2-1-1 | 0    | 0    |
// | Bob    | -Ann 0    | +F Fay 1 v | =Fay ½    | -Cid 0   | 1.5    | 0-1-2 | 1    | 0    |
// | Cid    | =Dee ½    | half bye ½ v | +Ann 1  | +Bob 1   | 3      | 2-1-0 | 0    | 1    |
// | Dee    | =Cid ½    | zero bye 0 v | -- 0 v  | -Ann 0   | 0.5    | 0-1-1 | 1    | 1    |
// | Eve    | bye 1 v   | =Ann ½     | -- 0 v    | absent v | 1.5    | 0-1-0 | 1    | 1    |
// | Fay    | absent v  | -F Bob 0 v | =Bob ½    | bye 1 v  | 1.5    | 0-1-0 | 1    | 1    |
// Check: 2.5 + 1.5 + 3 + 0.5 + 1.5 + 1.5 = 10.5 = rounds 3 + 2.5 + 2 + 3.
//
// Buchholz terms (opponent's final points, or the player's own for v):
//
// | player | R1  | R2  | R3  | R4  | buchholz | cut1 (less lowest) | sonneborn-berger           | wins |
// |--------|-----|-----|-----|-----|----------|--------------------|----------------------------|------|
// | Ann    | 1.5 | 1.5 | 3   | 0.5 | 6.5      | 6.0 (−0.5)         | 1.5 + ½·1.5 + 0 + 0.5 = 2.75 | 2  |
// | Bob    | 2.5 | 1.5v| 1.5 | 3   | 8.5      | 7.0 (−1.5)         | 0 + ½·1.5 + 0 = 0.75       | 0    |
// | Cid    | 0.5 | 3v  | 2.5 | 1.5 | 7.5      | 7.0 (−0.5)         | ½·0.5 + 2.5 + 1.5 = 4.25   | 2    |
// | Dee    | 3   | 0.5v| 0.5v| 2.5 | 6.5      | 6.0 (−0.5)         | ½·3 + 0 = 1.5              | 0    |
// | Eve    | 1.5v| 2.5 | 1.5v| 1.5v| 7.0      | 5.5 (−1.5)         | ½·2.5 = 1.25               | 0    |
// | Fay    | 1.5v| 1.5v| 1.5 | 1.5v| 6.0      | 4.5 (−1.5)         | ½·1.5 = 0.75               | 0    |
//
// Places with ["buchholz-cut1", "buchholz", "sonneborn-berger", "wins"]:
// Cid 3 → 1; Ann 2.5 → 2; Bob, Eve, Fay on 1.5 split by cut1 7.0 > 5.5 > 4.5
// → 3, 4, 5; Dee 0.5 → 6.
fn swiss_event() -> Vec<Round> {
    vec![
        Round {
            pairings: vec![game(ANN, BOB, "1-0"), game(CID, DEE, "½-½")],
            full_byes: vec![EVE],
            ..Round::default()
        },
        Round {
            pairings: vec![game(EVE, ANN, "½-½"), game(BOB, FAY, "+-")],
            half_byes: vec![CID],
            zero_byes: vec![DEE],
            ..Round::default()
        },
        Round {
            pairings: vec![game(CID, ANN, "1-0"), game(DEE, EVE, "--"), game(FAY, BOB, "½-½")],
            ..Round::default()
        },
        Round {
            pairings: vec![game(ANN, DEE, "1-0"), game(BOB, CID, "0-1")],
            full_byes: vec![FAY],
            ..Round::default()
        },
    ]
}

const SWISS_PLAYERS: [u32; 6] = [ANN, BOB, CID, DEE, EVE, FAY];

fn swiss_standings(tiebreaks: &[TieBreak], official: Option<&[(u32, u32)]>) -> Vec<Row> {
    standings(&SWISS_PLAYERS, &swiss_event(), &Points::default(), tiebreaks, official).unwrap()
}

#[test]
fn swiss_event_every_figure_by_hand() {
    let rows = swiss_standings(&TieBreak::CHESS_DEFAULT, None);
    // (player, place, points, W, D, L, forfeits, byes, [cut1, buchholz, SB, wins])
    let expected = [
        (CID, 1, 3.0, 2, 1, 0, 0, 1, [7.0, 7.5, 4.25, 2.0]),
        (ANN, 2, 2.5, 2, 1, 1, 0, 0, [6.0, 6.5, 2.75, 2.0]),
        (BOB, 3, 1.5, 0, 1, 2, 1, 0, [7.0, 8.5, 0.75, 0.0]),
        (EVE, 4, 1.5, 0, 1, 0, 1, 1, [5.5, 7.0, 1.25, 0.0]),
        (FAY, 5, 1.5, 0, 1, 0, 1, 1, [4.5, 6.0, 0.75, 0.0]),
        (DEE, 6, 0.5, 0, 1, 1, 1, 1, [6.0, 6.5, 1.5, 0.0]),
    ];
    assert_eq!(rows.len(), expected.len());
    for (row, (player, place, points, wins, draws, losses, forfeits, byes, tiebreaks)) in rows.iter().zip(expected) {
        assert_eq!(row.player, player);
        assert_eq!(row.place, place, "place of {player}");
        assert_eq!(row.points, points, "points of {player}");
        assert_eq!(
            (row.wins, row.draws, row.losses, row.forfeits, row.byes),
            (wins, draws, losses, forfeits, byes),
            "W-D-L, forfeits, byes of {player}"
        );
        assert_eq!(row.tiebreaks, tiebreaks.to_vec(), "tie-breaks of {player}");
    }
}

#[test]
fn swiss_event_equal_players_share_the_place() {
    // By wins alone, Bob, Eve and Fay (1.5 points, no win) stay equal: 1, 2, 3, 3, 3, 6,
    // equal players by id.
    let rows = swiss_standings(&[TieBreak::Wins], None);
    assert_eq!(
        places(&rows),
        [(CID, 1), (ANN, 2), (BOB, 3), (EVE, 3), (FAY, 3), (DEE, 6)]
    );
    // Wins ties them, Sonneborn-Berger then puts Eve (1.25) above Bob and Fay (0.75 each).
    let rows = swiss_standings(&[TieBreak::Wins, TieBreak::SonnebornBerger], None);
    assert_eq!(
        places(&rows),
        [(CID, 1), (ANN, 2), (EVE, 3), (BOB, 4), (FAY, 4), (DEE, 6)]
    );
    // The tie-break list decides: by Buchholz alone Bob 8.5 > Eve 7.0 > Fay 6.0.
    let rows = swiss_standings(&[TieBreak::Buchholz], None);
    assert_eq!(
        places(&rows),
        [(CID, 1), (ANN, 2), (BOB, 3), (EVE, 4), (FAY, 5), (DEE, 6)]
    );
}

// Cross-check of (a) against FIDE's 2023 tie-break regulations, art. 16, as
// FIDE's reference implementation reads them (OttoMilvang/TieBreakServer,
// tiebreak.py: `compute_buchholz_sonneborn_berger_ver`, `is_vur`), worked by
// hand:
// - own unplayed rounds: a dummy opponent with the player's own final points:
//   the same as the contract;
// - an opponent's points are adjusted: their rounds without an opponent after
//   their last played round (or full-point win) count as draws. Only Eve is
//   affected (withdrew in R4; R3's double forfeit has an opponent, so it stays
//   0): Eve 1 + ½ + 0 + ½ = 2.0 instead of 1.5. The contract uses 1.5;
// - cut-1 cuts a voluntarily unplayed round first (forfeit loss, half or zero
//   bye, absence; not a forfeit win or full bye) when there is one.
//
// | player | FIDE buchholz              | FIDE cut1                           | ours      |
// |--------|----------------------------|-------------------------------------|-----------|
// | Ann    | 1.5 + 2.0 + 3 + 0.5 = 7.0  | no VUR, cut 0.5 → 6.5               | 6.5 / 6.0 |
// | Bob    | 2.5 + 1.5 + 1.5 + 3 = 8.5  | forfeit win is no VUR, cut 1.5 → 7.0 | 8.5 / 7.0 |
// | Cid    | 0.5 + 3 + 2.5 + 1.5 = 7.5  | half bye is a VUR: cut 3 → 4.5      | 7.5 / 7.0 |
// | Dee    | 3 + 0.5 + 0.5 + 2.5 = 6.5  | VUR 0.5 → 6.0                       | 6.5 / 6.0 |
// | Eve    | 1.5 + 2.5 + 1.5 + 1.5 = 7.0 | VUR 1.5 → 5.5                      | 7.0 / 5.5 |
// | Fay    | 1.5 + 1.5 + 1.5 + 1.5 = 6.0 | VUR 1.5 → 4.5                      | 6.0 / 4.5 |
//
// The places agree (Cid, Ann, Bob, Eve, Fay, Dee) in this event.
#[test]
fn swiss_event_buchholz_against_fide_2023() {
    let rows = swiss_standings(&[TieBreak::Buchholz, TieBreak::BuchholzCut1], None);
    let fide = [
        (ANN, 7.0, 6.5),
        (BOB, 8.5, 7.0),
        (CID, 7.5, 4.5),
        (DEE, 6.5, 6.0),
        (EVE, 7.0, 5.5),
        (FAY, 6.0, 4.5),
    ];
    for (player, fide_buchholz, fide_cut1) in fide {
        let ours = &row_of(&rows, player).tiebreaks;
        // Where the two readings differ, by exactly the documented amount.
        let (buchholz_gap, cut1_gap) = match player {
            // Eve's withdrawal round: FIDE ½, the contract 0.
            ANN => (-0.5, -0.5),
            // FIDE cuts the half-point bye's virtual 3, we cut Dee's 0.5.
            CID => (0.0, 3.0 - 0.5),
            _ => (0.0, 0.0),
        };
        assert_eq!(ours[0], fide_buchholz + buchholz_gap, "buchholz of {player}");
        assert_eq!(ours[1], fide_cut1 + cut1_gap, "cut1 of {player}");
    }
    let order: Vec<u32> = swiss_standings(&TieBreak::CHESS_DEFAULT, None)
        .iter()
        .map(|row| row.player)
        .collect();
    assert_eq!(order, [CID, ANN, BOB, EVE, FAY, DEE]);
}

// ---------------------------------------------------------------------------
// (b) A Magic event: points 3 / 1 / 0, tie-breaks omw, gw, ogw (MTR appendix C).
//
// | round | matches                    | bye |
// |-------|----------------------------|-----|
// | 1     | Ann–Bob 2-0, Cid–Dee 2-1   | Eve |
// | 2     | Ann–Cid 2-1, Eve–Bob 1-1-1 | Dee |
// | 3     | Eve–Cid 0-2, Dee–Bob 2-0   | Ann |
//
// | player | record (R1 R2 R3)   | match pts | MW%         | games W/L/D | game pts | GW%           |
// |--------|---------------------|-----------|-------------|-------------|----------|---------------|
// | Ann    | W W bye             | 9         | 9/9 = 1     | 4/1/0 (5)   | 12       | 12/15 = 0.8   |
// | Bob    | L D L               | 1         | 1/9 → ⅓ *   | 1/5/1 (7)   | 4        | 4/21 → ⅓ *    |
// | Cid    | W L W               | 6         | 6/9 = ⅔     | 5/3/0 (8)   | 15       | 15/24 = 0.625 |
// | Dee    | L bye W             | 6         | 6/9 = ⅔     | 3/2/0 (5)   | 9        | 9/15 = 0.6    |
// | Eve    | bye D L             | 4         | 4/9         | 1/3/1 (5)   | 4        | 4/15 → ⅓ *    |
// (* floored at 1/3 when used as an opponent's figure)
//
// | player | opponents     | omw                          | gw     | ogw                              |
// |--------|---------------|------------------------------|--------|----------------------------------|
// | Ann    | Bob, Cid      | (⅓ + ⅔) / 2 = 1/2            | 4/5    | (⅓ + 5/8) / 2 = 23/48            |
// | Bob    | Ann, Eve, Dee | (1 + 4/9 + ⅔) / 3 = 19/27    | 4/21   | (4/5 + ⅓ + 3/5) / 3 = 26/45      |
// | Cid    | Dee, Ann, Eve | (⅔ + 1 + 4/9) / 3 = 19/27    | 5/8    | (3/5 + 4/5 + ⅓) / 3 = 26/45      |
// | Dee    | Cid, Bob      | (⅔ + ⅓) / 2 = 1/2            | 3/5    | (5/8 + ⅓) / 2 = 23/48            |
// | Eve    | Bob, Cid      | (⅓ + ⅔) / 2 = 1/2            | 4/15   | (⅓ + 5/8) / 2 = 23/48            |
// Without the floors Ann's omw would be (1/9 + 2/3) / 2 = 7/18.
//
// Places: Ann 9 → 1; Cid and Dee on 6, omw 19/27 > 1/2 → Cid 2, Dee 3; Eve 4 → 4; Bob 1 → 5.
fn magic_event() -> Vec<Round> {
    vec![
        Round {
            pairings: vec![game(ANN, BOB, "2-0"), game(CID, DEE, "2-1")],
            full_byes: vec![EVE],
            ..Round::default()
        },
        Round {
            pairings: vec![game(ANN, CID, "2-1"), game(EVE, BOB, "1-1-1")],
            full_byes: vec![DEE],
            ..Round::default()
        },
        Round {
            pairings: vec![game(EVE, CID, "0-2"), game(DEE, BOB, "2-0")],
            full_byes: vec![ANN],
            ..Round::default()
        },
    ]
}

const MAGIC_POINTS: Points = Points {
    win: 3.0,
    draw: 1.0,
    loss: 0.0,
};

#[test]
fn magic_event_every_figure_by_hand() {
    let rows = standings(
        &[ANN, BOB, CID, DEE, EVE],
        &magic_event(),
        &MAGIC_POINTS,
        &TieBreak::MAGIC,
        None,
    )
    .unwrap();
    // (player, place, points, W-D-L, byes, [omw, gw, ogw])
    let expected = [
        (ANN, 1, 9.0, (2, 0, 0), 1, [1.0 / 2.0, 4.0 / 5.0, 23.0 / 48.0]),
        (CID, 2, 6.0, (2, 0, 1), 0, [19.0 / 27.0, 5.0 / 8.0, 26.0 / 45.0]),
        (DEE, 3, 6.0, (1, 0, 1), 1, [1.0 / 2.0, 3.0 / 5.0, 23.0 / 48.0]),
        (EVE, 4, 4.0, (0, 1, 1), 1, [1.0 / 2.0, 4.0 / 15.0, 23.0 / 48.0]),
        (BOB, 5, 1.0, (0, 1, 2), 0, [19.0 / 27.0, 4.0 / 21.0, 26.0 / 45.0]),
    ];
    assert_eq!(rows.len(), expected.len());
    for (row, (player, place, points, record, byes, tiebreaks)) in rows.iter().zip(expected) {
        assert_eq!((row.player, row.place), (player, place));
        assert_eq!(row.points, points, "points of {player}");
        assert_eq!((row.wins, row.draws, row.losses), record, "W-D-L of {player}");
        assert_eq!((row.forfeits, row.byes), (0, byes), "forfeits, byes of {player}");
        for (name, (&actual, wanted)) in ["omw", "gw", "ogw"].iter().zip(row.tiebreaks.iter().zip(tiebreaks)) {
            assert_close(actual, wanted, &format!("{name} of {player}"));
        }
    }
}

// Rounds with a result for the match-win %: a zero-point bye is a loss, a
// forfeit counts, an absent round does not. Chess points, tie-breaks as Magic.
//
// | round | Ann          | Bob              | Cid             |
// |-------|--------------|------------------|-----------------|
// | 1     | beats Bob 2-0 | loses 0-2       | half bye (1)    |
// | 2     | zero bye (0) | forfeit win (3)  | forfeit loss (0) |
// | 3     | absent       | absent           | full bye (3)    |
//
// MW%: Ann 3/6 = ½, Bob 3/6 = ½, Cid 4/9. GW%: Ann 6/6 = 1, Bob 0, Cid 0 (no game).
// omw: Ann ½ (Bob), Bob ½ (Ann), Cid 0 (no opponent over the board).
// ogw: Ann ⅓ (Bob's 0 floored), Bob 1 (Ann), Cid 0.
#[test]
fn match_win_counts_forfeits_and_byes_but_not_absence() {
    let rounds = vec![
        Round {
            pairings: vec![game(ANN, BOB, "2-0")],
            half_byes: vec![CID],
            ..Round::default()
        },
        Round {
            pairings: vec![game(BOB, CID, "+-")],
            zero_byes: vec![ANN],
            ..Round::default()
        },
        Round {
            full_byes: vec![CID],
            ..Round::default()
        },
    ];
    let rows = standings(&[ANN, BOB, CID], &rounds, &Points::default(), &TieBreak::MAGIC, None).unwrap();
    let expected = [
        (ANN, [0.5, 1.0, 1.0 / 3.0]),
        (BOB, [0.5, 0.0, 1.0]),
        (CID, [0.0, 0.0, 0.0]),
    ];
    for (player, tiebreaks) in expected {
        let row = row_of(&rows, player);
        for (&actual, wanted) in row.tiebreaks.iter().zip(tiebreaks) {
            assert_close(actual, wanted, &format!("omw/gw/ogw of {player}"));
        }
    }
    // Chess points: Cid ½ + 0 + 1 = 1.5 with 1 forfeit and 2 byes; Ann 1 + 0 = 1; Bob 0 + 1 = 1.
    let cid = row_of(&rows, CID);
    assert_eq!((cid.points, cid.forfeits, cid.byes), (1.5, 1, 2));
    assert_eq!(row_of(&rows, ANN).points, 1.0);
    assert_eq!(row_of(&rows, BOB).points, 1.0);
}

// ---------------------------------------------------------------------------
// (c) Official standings: ranks shown as given, points still computed.

#[test]
fn official_ranks_are_the_places_and_unlisted_players_follow() {
    // The official list ranks Eve above Bob and shares 3rd between Bob and Fay;
    // it leaves out Ann and Dee, who follow from place 5 by points (2.5, 0.5),
    // even though Ann has more points than the listed Eve, Bob and Fay.
    let official = [(CID, 1), (EVE, 2), (FAY, 3), (BOB, 3)];
    let rows = swiss_standings(&TieBreak::CHESS_DEFAULT, Some(&official));
    assert_eq!(
        places(&rows),
        [(CID, 1), (EVE, 2), (BOB, 3), (FAY, 3), (ANN, 5), (DEE, 6)]
    );
    // Points and tie-breaks are the computed ones, not the official order's.
    assert_eq!(row_of(&rows, EVE).points, 1.5);
    assert_eq!(row_of(&rows, ANN).points, 2.5);
    assert_eq!(row_of(&rows, EVE).tiebreaks, [5.5, 7.0, 1.25, 0.0]);
}

#[test]
fn official_ranks_with_gaps_keep_later_places_after_them() {
    // A file that keeps only the top of a larger section: ranks 1 and 4.
    let official = [(ANN, 4), (FAY, 1)];
    let rows = swiss_standings(&[], Some(&official));
    assert_eq!(
        places(&rows),
        [(FAY, 1), (ANN, 4), (CID, 5), (BOB, 6), (EVE, 6), (DEE, 8)]
    );
}

#[test]
fn official_standings_must_name_participants_once() {
    let official = [(CID, 1), (CID, 2), (99, 3), (ANN, 0)];
    let error = standings(&SWISS_PLAYERS, &swiss_event(), &Points::default(), &[], Some(&official)).unwrap_err();
    assert_eq!(
        error,
        "official standings: player 3 is ranked twice\n\
         official standings: player 99 is not a participant\n\
         official standings: player 1 has rank 0; ranks start at 1"
    );
}

// ---------------------------------------------------------------------------
// (d) Invalid events.

#[test]
fn a_player_twice_in_one_round_is_an_error() {
    let mut rounds = swiss_event();
    // Bob already plays match 2 of round 2; a half-point bye as well is a mistake.
    rounds[1].half_byes.push(BOB);
    let error = standings(&SWISS_PLAYERS, &rounds, &Points::default(), &[], None).unwrap_err();
    assert_eq!(
        error,
        "round 2: player 2 appears in match 2 and again in half_point_byes; \
         a player appears at most once per round"
    );
}

#[test]
fn every_problem_is_reported_at_once() {
    let rounds = vec![
        Round {
            pairings: vec![game(ANN, ANN, "1-0"), game(BOB, 7, "0-1")],
            ..Round::default()
        },
        Round {
            pairings: vec![Pairing {
                first: CID,
                second: DEE,
                result: Result_::Played {
                    first_wins: 0,
                    second_wins: 0,
                    draws: 0,
                },
            }],
            zero_byes: vec![EVE, EVE],
            half_byes: vec![DEE],
            ..Round::default()
        },
    ];
    let error = standings(&[ANN, BOB, CID, DEE, EVE, ANN], &rounds, &Points::default(), &[], None).unwrap_err();
    assert_eq!(
        error.lines().collect::<Vec<_>>(),
        [
            "participants: player 1 is listed twice",
            "round 1: player 1 appears in match 1 and again in match 1; \
             a player appears at most once per round",
            "round 1: player 7 (match 2) is not a participant",
            "round 2, match 1: a match without games; write \"--\" for a double forfeit",
            "round 2: player 4 appears in match 1 and again in half_point_byes; \
             a player appears at most once per round",
            "round 2: player 5 appears in zero_point_byes and again in zero_point_byes; \
             a player appears at most once per round",
        ]
    );
}

#[test]
fn points_must_be_numbers() {
    let points = Points {
        win: f64::NAN,
        ..Points::default()
    };
    let error = standings(&SWISS_PLAYERS, &swiss_event(), &points, &[], None).unwrap_err();
    assert!(error.starts_with("points: win, draw and loss must be numbers"));
}

// ---------------------------------------------------------------------------
// Smaller rules.

#[test]
fn a_multi_game_match_scores_the_match() {
    // 2-1 is one match won (1 point), not 2 points; 1-1 and 0-0-1 are drawn matches.
    let rounds = vec![
        Round {
            pairings: vec![game(ANN, BOB, "2-1"), game(CID, DEE, "1-1")],
            ..Round::default()
        },
        Round {
            pairings: vec![game(ANN, CID, "0-0-1"), game(BOB, DEE, "1-2-5")],
            ..Round::default()
        },
    ];
    let rows = standings(&[ANN, BOB, CID, DEE], &rounds, &Points::default(), &[], None).unwrap();
    let summary: Vec<(u32, f64, u32, u32, u32)> = rows
        .iter()
        .map(|r| (r.player, r.points, r.wins, r.draws, r.losses))
        .collect();
    assert_eq!(
        summary,
        [
            (ANN, 1.5, 1, 1, 0),
            (DEE, 1.5, 1, 1, 0),
            (CID, 1.0, 0, 2, 0),
            (BOB, 0.0, 0, 0, 2),
        ]
    );
}

#[test]
fn forfeits_score_but_count_apart_from_games() {
    // Chess points with a loss worth something, to tell "loss" from "nothing":
    // a double forfeit scores the loss, a zero bye and absence score nothing.
    let points = Points {
        win: 2.0,
        draw: 1.0,
        loss: 0.25,
    };
    let rounds = vec![
        Round {
            pairings: vec![game(ANN, BOB, "--"), game(CID, DEE, "½F-½F")],
            zero_byes: vec![EVE],
            ..Round::default()
        },
        Round {
            pairings: vec![game(ANN, CID, "0F-1F"), game(BOB, DEE, "1F-0F")],
            ..Round::default()
        },
    ];
    let rows = standings(&[ANN, BOB, CID, DEE, EVE, FAY], &rounds, &points, &[], None).unwrap();
    // (points, W, D, L, forfeits, byes)
    let expected = [
        (ANN, 0.5, 2),  // 0.25 + 0.25
        (BOB, 2.25, 2), // 0.25 + 2
        (CID, 3.0, 2),  // 1 + 2
        (DEE, 1.25, 2), // 1 + 0.25
        (EVE, 0.0, 0),  // zero bye
        (FAY, 0.0, 0),  // absent
    ];
    for (player, points, forfeits) in expected {
        let row = row_of(&rows, player);
        assert_eq!(row.points, points, "points of {player}");
        assert_eq!((row.wins, row.draws, row.losses), (0, 0, 0));
        assert_eq!(row.forfeits, forfeits, "forfeits of {player}");
    }
    assert_eq!(row_of(&rows, EVE).byes, 1);
}

#[test]
fn sums_in_different_orders_tie_within_the_tolerance() {
    // Ann wins once (0.3); Bob and Dee draw three times (0.1 + 0.1 + 0.1 =
    // 0.30000000000000004). They are equal on points and share first place.
    let points = Points {
        win: 0.3,
        draw: 0.1,
        loss: 0.0,
    };
    let draw_round = || Round {
        pairings: vec![game(BOB, DEE, "½-½")],
        ..Round::default()
    };
    let mut rounds = vec![draw_round(), draw_round(), draw_round()];
    rounds[0].pairings.push(game(ANN, CID, "1-0"));
    let rows = standings(&[ANN, BOB, CID, DEE], &rounds, &points, &[], None).unwrap();
    assert_ne!(row_of(&rows, BOB).points, row_of(&rows, ANN).points);
    assert_eq!(places(&rows), [(ANN, 1), (BOB, 1), (DEE, 1), (CID, 4)]);
}

#[test]
fn written_results_convert_to_standings_results() {
    let cases = [
        (
            "2-1",
            Result_::Played {
                first_wins: 2,
                second_wins: 1,
                draws: 0,
            },
        ),
        (
            "=",
            Result_::Played {
                first_wins: 0,
                second_wins: 0,
                draws: 1,
            },
        ),
        ("+-", Result_::ForfeitFirst),
        ("0F-1F", Result_::ForfeitSecond),
        ("--", Result_::DoubleForfeit),
        ("½F-½F", Result_::UnratedDraw),
    ];
    for (written, result) in cases {
        assert_eq!(Result_::from(parse_result(written).unwrap()), result, "{written}");
    }
}

#[test]
fn tiebreak_names_round_trip() {
    let names = [
        "buchholz",
        "buchholz-cut1",
        "sonneborn-berger",
        "wins",
        "omw",
        "gw",
        "ogw",
    ];
    for (tiebreak, name) in TieBreak::ALL.into_iter().zip(names) {
        assert_eq!(name.parse::<TieBreak>(), Ok(tiebreak));
        assert_eq!(tiebreak.to_string(), name);
    }
    assert_eq!(" Buchholz-Cut1 ".parse(), Ok(TieBreak::BuchholzCut1));
    assert_eq!(
        "median".parse::<TieBreak>(),
        Err("unknown tie-break \"median\": use one of buchholz, buchholz-cut1, \
             sonneborn-berger, wins, omw, gw, ogw"
            .to_string())
    );
}

#[test]
fn an_event_without_rounds_ranks_everyone_equal() {
    let rows = standings(&[EVE, ANN], &[], &Points::default(), &TieBreak::ALL, None).unwrap();
    assert_eq!(places(&rows), [(ANN, 1), (EVE, 1)]);
    assert!(rows.iter().all(|row| row.tiebreaks == [0.0; 7]));
}

// ---------------------------------------------------------------------------
// (f) Properties over random events.

/// SplitMix64: a small deterministic generator, so failures replay exactly.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i as u64 + 1) as usize);
        }
    }
}

fn random_result(dice: &mut Dice) -> Result_ {
    match dice.below(10) {
        0 => Result_::ForfeitFirst,
        1 => Result_::ForfeitSecond,
        2 => Result_::DoubleForfeit,
        3 => Result_::UnratedDraw,
        _ => loop {
            let counts = [dice.below(3), dice.below(3), dice.below(2)];
            if counts != [0, 0, 0] {
                break Result_::Played {
                    first_wins: counts[0] as u32,
                    second_wins: counts[1] as u32,
                    draws: counts[2] as u32,
                };
            }
        },
    }
}

fn random_round(players: &[u32], dice: &mut Dice) -> Round {
    let mut order = players.to_vec();
    dice.shuffle(&mut order);
    let mut round = Round::default();
    let mut waiting = None;
    for player in order {
        match dice.below(12) {
            0 => round.full_byes.push(player),
            1 => round.half_byes.push(player),
            2 => round.zero_byes.push(player),
            3 => {} // absent
            _ => match waiting.take() {
                None => waiting = Some(player),
                Some(first) => round.pairings.push(Pairing {
                    first,
                    second: player,
                    result: random_result(dice),
                }),
            },
        }
    }
    round
}

/// The points one round gives a player, read straight from the round (not
/// through the module's own slots).
fn round_points(round: &Round, player: u32, points: &Points) -> f64 {
    if round.full_byes.contains(&player) {
        return points.win;
    }
    if round.half_byes.contains(&player) {
        return points.draw;
    }
    let Some(pairing) = round.pairings.iter().find(|p| p.first == player || p.second == player) else {
        return 0.0; // zero bye or absent
    };
    let is_first = pairing.first == player;
    let (mine, theirs) = match pairing.result {
        Result_::Played {
            first_wins,
            second_wins,
            ..
        } if is_first => (first_wins, second_wins),
        Result_::Played {
            first_wins,
            second_wins,
            ..
        } => (second_wins, first_wins),
        Result_::ForfeitFirst if is_first => (1, 0),
        Result_::ForfeitFirst => (0, 1),
        Result_::ForfeitSecond if is_first => (0, 1),
        Result_::ForfeitSecond => (1, 0),
        Result_::DoubleForfeit => (0, 1),
        Result_::UnratedDraw => (0, 0),
    };
    if mine > theirs {
        points.win
    } else if mine == theirs {
        points.draw
    } else {
        points.loss
    }
}

/// Lexicographic comparison of (points, tie-breaks) with the module's tolerance.
fn compare_keys(a: &Row, b: &Row) -> std::cmp::Ordering {
    let keys = |row: &Row| {
        std::iter::once(row.points)
            .chain(row.tiebreaks.clone())
            .collect::<Vec<_>>()
    };
    for (x, y) in keys(a).into_iter().zip(keys(b)) {
        if (x - y).abs() > EQUAL_WITHIN {
            return x.total_cmp(&y);
        }
    }
    std::cmp::Ordering::Equal
}

fn check_competition_ranking(rows: &[Row], first_place: u32, seed: u64) {
    for (position, row) in rows.iter().enumerate() {
        let expected_place = first_place + position as u32;
        if position == 0 {
            assert_eq!(row.place, expected_place, "seed {seed}");
            continue;
        }
        let above = &rows[position - 1];
        match compare_keys(above, row) {
            std::cmp::Ordering::Equal => {
                assert_eq!(row.place, above.place, "seed {seed}: equal rows share");
                assert!(above.player < row.player, "seed {seed}: equal rows by id");
            }
            std::cmp::Ordering::Greater => {
                assert_eq!(row.place, expected_place, "seed {seed}: place after a gap")
            }
            std::cmp::Ordering::Less => panic!("seed {seed}: {above:?} ranked above {row:?}"),
        }
    }
}

const POINT_SYSTEMS: [Points; 4] = [
    Points {
        win: 1.0,
        draw: 0.5,
        loss: 0.0,
    },
    MAGIC_POINTS,
    Points {
        win: 0.3,
        draw: 0.1,
        loss: 0.0,
    },
    Points {
        win: 2.0,
        draw: 1.0,
        loss: 0.25,
    },
];

#[test]
fn random_events_points_add_up_and_places_rank() {
    for seed in 0..3000 {
        let mut dice = Dice(seed);
        let mut players: Vec<u32> = (1..=40).collect();
        dice.shuffle(&mut players);
        players.truncate(1 + dice.below(9) as usize);
        let rounds: Vec<Round> = (0..dice.below(7)).map(|_| random_round(&players, &mut dice)).collect();
        let points = POINT_SYSTEMS[dice.below(4) as usize];
        let mut tiebreaks = TieBreak::ALL.to_vec();
        dice.shuffle(&mut tiebreaks);
        tiebreaks.truncate(dice.below(8) as usize);

        let rows = standings(&players, &rounds, &points, &tiebreaks, None).unwrap();
        assert_eq!(rows.len(), players.len(), "seed {seed}");
        for row in &rows {
            let by_rounds = rounds
                .iter()
                .fold(0.0, |sum, round| sum + round_points(round, row.player, &points));
            assert_eq!(row.points, by_rounds, "seed {seed}: points of {}", row.player);
            let counted = row.wins + row.draws + row.losses + row.forfeits + row.byes;
            assert!(counted as usize <= rounds.len(), "seed {seed}");
            assert_eq!(row.tiebreaks.len(), tiebreaks.len());
        }
        check_competition_ranking(&rows, 1, seed);
        check_official_ranking(&players, &rounds, &points, &mut dice, seed);
    }
}

/// Random official ranks for a random part of the field: those rows keep
/// their ranks in order; the others follow as a competition ranking.
fn check_official_ranking(players: &[u32], rounds: &[Round], points: &Points, dice: &mut Dice, seed: u64) {
    let mut listed = players.to_vec();
    dice.shuffle(&mut listed);
    listed.truncate(dice.below(players.len() as u64 + 1) as usize);
    let official: Vec<(u32, u32)> = listed
        .iter()
        .map(|&player| (player, 1 + dice.below(players.len() as u64) as u32))
        .collect();
    let rows = standings(players, rounds, points, &[TieBreak::Buchholz], Some(&official)).unwrap();
    let (head, tail) = rows.split_at(official.len());
    for row in head {
        let rank = official.iter().find(|(p, _)| *p == row.player).unwrap().1;
        assert_eq!(row.place, rank, "seed {seed}");
    }
    assert!(head.windows(2).all(|w| w[0].place <= w[1].place), "seed {seed}");
    let after = official.iter().map(|&(_, rank)| rank).max().unwrap_or(0);
    check_competition_ranking(tail, after.max(official.len() as u32) + 1, seed);
}

// ---------------------------------------------------------------------------
// Properties over random events: what each round gives, summed
// independently of the standings' own code, and the places' rules.

/// One participant's round, as the property test draws it.
#[derive(Debug, Clone, Copy)]
enum Drawn {
    Game(u32, u32, u32),
    Forfeit(u8),
    Bye(u8),
    Absent,
}

fn random_event() -> impl proptest::strategy::Strategy<Value = (usize, Vec<Vec<Drawn>>)> {
    use proptest::prelude::*;
    let slot = prop_oneof![
        4 => (0u32..3, 0u32..3, 0u32..2).prop_map(|(w, l, d)| Drawn::Game(w, l, d)),
        1 => (0u8..4).prop_map(Drawn::Forfeit),
        1 => (0u8..3).prop_map(Drawn::Bye),
        1 => Just(Drawn::Absent),
    ];
    (2usize..12, 1usize..7).prop_flat_map(move |(players, rounds)| {
        (
            Just(players),
            proptest::collection::vec(proptest::collection::vec(slot.clone(), players), rounds),
        )
    })
}

/// The rounds of a drawn event: players paired in order, a player whose
/// partner is not free gets a bye instead.
fn rounds_of(players: usize, drawn: &[Vec<Drawn>]) -> Vec<Round> {
    drawn
        .iter()
        .map(|slots| {
            let mut round = Round::default();
            let mut i = 0;
            while i < players {
                let p = i as u32 + 1;
                match slots[i] {
                    Drawn::Game(w, l, d) if i + 1 < players && w + l + d > 0 => {
                        round.pairings.push(Pairing {
                            first: p,
                            second: p + 1,
                            result: Result_::Played {
                                first_wins: w,
                                second_wins: l,
                                draws: d,
                            },
                        });
                        i += 2;
                        continue;
                    }
                    Drawn::Forfeit(kind) if i + 1 < players => {
                        let result = [
                            Result_::ForfeitFirst,
                            Result_::ForfeitSecond,
                            Result_::DoubleForfeit,
                            Result_::UnratedDraw,
                        ][kind as usize];
                        round.pairings.push(Pairing {
                            first: p,
                            second: p + 1,
                            result,
                        });
                        i += 2;
                        continue;
                    }
                    Drawn::Bye(1) => round.half_byes.push(p),
                    Drawn::Bye(2) => round.zero_byes.push(p),
                    Drawn::Absent => {}
                    _ => round.full_byes.push(p),
                }
                i += 1;
            }
            round
        })
        .collect()
}

proptest::proptest! {
    #[test]
    fn points_and_counts_are_the_sum_of_the_rounds((players, drawn) in random_event()) {
        let rounds = rounds_of(players, &drawn);
        let participants: Vec<u32> = (1..=players as u32).collect();
        let points = Points { win: 3.0, draw: 1.0, loss: 0.0 };
        let rows = standings(&participants, &rounds, &points, &TieBreak::ALL, None).unwrap();
        // Each player's tally, from the rounds alone.
        let mut want = vec![(0.0f64, [0u32; 5]); players + 1]; // points, [w, d, l, forfeits, byes]
        let score = |mine: u32, theirs: u32| match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => (3.0, 0),
            std::cmp::Ordering::Equal => (1.0, 1),
            std::cmp::Ordering::Less => (0.0, 2),
        };
        for round in &rounds {
            for p in &round.pairings {
                let (a, b) = (p.first as usize, p.second as usize);
                match p.result {
                    Result_::Played { first_wins, second_wins, .. } => {
                        let (pa, ka) = score(first_wins, second_wins);
                        let (pb, kb) = score(second_wins, first_wins);
                        want[a].0 += pa;
                        want[a].1[ka] += 1;
                        want[b].0 += pb;
                        want[b].1[kb] += 1;
                    }
                    forfeit => {
                        let (pa, pb) = match forfeit {
                            Result_::ForfeitFirst => (3.0, 0.0),
                            Result_::ForfeitSecond => (0.0, 3.0),
                            Result_::UnratedDraw => (1.0, 1.0),
                            _ => (0.0, 0.0),
                        };
                        want[a].0 += pa;
                        want[b].0 += pb;
                        want[a].1[3] += 1;
                        want[b].1[3] += 1;
                    }
                }
            }
            for (list, worth) in [(&round.full_byes, 3.0), (&round.half_byes, 1.0), (&round.zero_byes, 0.0)] {
                for &p in list {
                    want[p as usize].0 += worth;
                    want[p as usize].1[4] += 1;
                }
            }
        }
        for row in &rows {
            let (points, [w, d, l, f, b]) = want[row.player as usize];
            proptest::prop_assert_eq!(row.points, points);
            proptest::prop_assert_eq!([row.wins, row.draws, row.losses, row.forfeits, row.byes], [w, d, l, f, b]);
            proptest::prop_assert!(row.tiebreaks.iter().all(|t| t.is_finite() && t.is_sign_positive()));
            // omw, gw, ogw are fractions.
            proptest::prop_assert!(row.tiebreaks[4..].iter().all(|t| (0.0..=1.0).contains(t)));
        }
        // Places: 1 first, never decreasing, a new place after a tie
        // skips the shared ones (1, 2, 2, 4), equal keys share it.
        proptest::prop_assert_eq!(rows[0].place, 1);
        for (i, pair) in rows.windows(2).enumerate() {
            let (a, b) = (&pair[0], &pair[1]);
            let near = |x: f64, y: f64| (x - y).abs() <= EQUAL_WITHIN;
            let same = near(a.points, b.points) && a.tiebreaks.iter().zip(&b.tiebreaks).all(|(x, y)| near(*x, *y));
            proptest::prop_assert!(a.points >= b.points);
            if same {
                proptest::prop_assert_eq!(a.place, b.place);
            } else {
                proptest::prop_assert_eq!(b.place, i as u32 + 2);
            }
        }
    }
}

/// Long runs of absent rounds (a player in round 1 and round 10 only):
/// Buchholz gives a virtual opponent with the player's own points for
/// each, worked out by hand. Absent rounds are not stored (a table of
/// every player in every round cost gigabytes for an event of 14,000
/// players and 7,000 short rounds).
#[test]
fn long_runs_of_absent_rounds_count_in_buchholz() {
    let mut rounds = vec![Round::default(); 10];
    rounds[0].pairings.push(game(ANN, BOB, "1-0"));
    rounds[9].pairings.push(game(ANN, BOB, "½-½"));
    rounds[4].full_byes.push(CID);
    let tiebreaks = [TieBreak::Buchholz, TieBreak::BuchholzCut1, TieBreak::SonnebornBerger];
    let rows = standings(&[ANN, BOB, CID], &rounds, &Points::default(), &tiebreaks, None).unwrap();
    let table: Vec<(u32, f64, Vec<f64>)> = rows.iter().map(|r| (r.player, r.points, r.tiebreaks.clone())).collect();
    assert_eq!(
        table,
        [
            // Ann 1.5: Bob 0.5 + 8 × 1.5 + Bob 0.5 = 13; cut 0.5; SB 0.5 + 0.25.
            (ANN, 1.5, vec![13.0, 12.5, 0.75]),
            // Cid 1 (a bye in round 5): 10 × 1 = 10; cut 1.
            (CID, 1.0, vec![10.0, 9.0, 0.0]),
            // Bob 0.5: Ann 1.5 + 8 × 0.5 + Ann 1.5 = 7; cut 0.5; SB 0.75.
            (BOB, 0.5, vec![7.0, 6.5, 0.75]),
        ]
    );
}
