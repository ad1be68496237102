//! Match events' standings (docs/data-format.md, "Standings"): points,
//! W-D-L, forfeits, byes, tie-breaks, places, the crosstable, the player
//! page's place and points, `standings.csv`, and `check`'s warning for
//! published places that contradict the points. Every expected value is
//! worked out by hand in the comments.

use std::path::Path;

use crate::common::*;

const SITE: &str = r#"title = "Standings"

[[rating]]
id = "elo"
system = "elo"
"#;

/// A chess night of 4 rounds, 7 players (default points and tie-breaks):
/// forfeits of every kind, the three byes, a withdrawal (Fay after round
/// 2) and a late entry (Gus in round 4).
const CHESS: &str = r#"name = "Club Night"
date = 2024-03-01
format = "Rapid"

[[round]]
matches = [["Ann", "Bob", "1-0"], ["Cid", "Dee", "½-½"], ["Eve", "Fay", "+-"]]

[[round]]
matches = [["Ann", "Cid", "0-1"], ["Bob", "Eve", "1/2-1/2"]]
half_point_byes = ["Dee"]
zero_point_byes = ["Fay"]

[[round]]
matches = [["Cid", "Eve", "1-0"], ["Ann", "Dee", "-+"]]
byes = ["Bob"]

[[round]]
matches = [["Cid", "Bob", "1-0"], ["Dee", "Eve", "--"], ["Ann", "Gus", "1-0"]]
"#;

/// A Magic event: its own points and tie-breaks, no colours.
const MAGIC: &str = r#"name = "Draft"
date = 2024-04-01
format = "Draft"
points = { win = 3, draw = 1, loss = 0 }
tiebreaks = ["omw", "gw", "ogw"]
colours = false

[[round]]
matches = [["Pia", "Quy", "2-1"], ["Rex", "Sol", "1-1-1"]]

[[round]]
matches = [["Pia", "Rex", "2-0"], ["Quy", "Sol", "0-2"]]
"#;

/// Published places that contradict the points: Zed (1 point) is ranked
/// below Yan (0).
const OFFICIAL: &str = r#"name = "Cup"
date = 2024-05-01
format = "Rapid"

[[results]]
rank = 1
name = "Xia"

[[results]]
rank = 2
name = "Yan"

[[results]]
rank = 3
name = "Zed"

[[round]]
matches = [["Xia", "Yan", "1-0"], ["Zed", "Wu", "1-0"]]
"#;

/// 17 rounds: more than a crosstable shows.
fn long_event() -> String {
    let mut text = String::from("name = \"Marathon\"\ndate = 2024-06-01\nformat = \"Rapid\"\n");
    for _ in 0..17 {
        text.push_str("\n[[round]]\nmatches = [[\"Lon\", \"Mia\", \"1-0\"]]\n");
    }
    text
}

fn site(dir: &Path) {
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(dir.join("site.toml"), SITE).unwrap();
    std::fs::write(dir.join("data/a-chess.toml"), CHESS).unwrap();
    std::fs::write(dir.join("data/b-magic.toml"), MAGIC).unwrap();
    std::fs::write(dir.join("data/c-cup.toml"), OFFICIAL).unwrap();
    std::fs::write(dir.join("data/d-long.toml"), long_event()).unwrap();
}

fn csv(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

#[test]
fn standings_csv_has_every_rule_worked_out_by_hand() {
    let tmp = tempfile::tempdir().unwrap();
    site(tmp.path());
    let (_out_dir, out) = build(tmp.path());
    let rows = csv(&read(&out.join("downloads/standings.csv")));
    // The chess list, then Magic's (the union, in order of first use).
    assert_eq!(
        rows[0],
        [
            "event",
            "date",
            "place",
            "player",
            "points",
            "wins",
            "draws",
            "losses",
            "forfeits",
            "byes",
            "buchholz-cut1",
            "buchholz",
            "sonneborn-berger",
            "wins",
            "omw",
            "gw",
            "ogw"
        ]
    );
    // Points: Cid ½+1+1+1 = 3.5; Ann 1+0+0 (forfeit lost)+1 = 2; Dee ½ +
    // ½ (half bye) + 1 (forfeit won) + 0 (double forfeit) = 2; Bob 0+½+1
    // (full bye)+0 = 1.5; Eve 1 (forfeit won)+½+0+0 = 1.5; Fay and Gus 0.
    // Buchholz: opponents' final points, and the player's own points for
    // each unplayed round (byes, forfeits, absences): Ann 1.5+3.5+2+0 = 7,
    // Dee 3.5+2+2+2 = 9.5, Bob 2+1.5+1.5+3.5 = 8.5, Eve 1.5+1.5+3.5+1.5 = 8,
    // Cid 2+2+1.5+1.5 = 7, Gus 0+0+0+2 = 2, Fay 0. Cut 1 less the lowest.
    // Sonneborn-Berger over the board: Cid ½×2 + 2 + 1.5 + 1.5 = 6, Ann
    // 1.5 (Bob), Dee ½×3.5, Bob ½×1.5, Eve ½×1.5.
    // Order: Cid; Dee before Ann (cut 1: 7.5 > 7); Bob before Eve (7 >
    // 6.5); Gus before Fay (2 > 0).
    let chess: Vec<Vec<&str>> = rows[1..8]
        .iter()
        .map(|r| r.iter().map(String::as_str).collect())
        .collect();
    assert_eq!(
        chess,
        [
            [
                "a-chess",
                "2024-03-01",
                "1",
                "Cid",
                "3.5",
                "3",
                "1",
                "0",
                "0",
                "0",
                "5.5",
                "7",
                "6",
                "3",
                "",
                "",
                ""
            ],
            [
                "a-chess",
                "2024-03-01",
                "2",
                "Dee",
                "2",
                "0",
                "1",
                "0",
                "2",
                "1",
                "7.5",
                "9.5",
                "1.75",
                "0",
                "",
                "",
                ""
            ],
            [
                "a-chess",
                "2024-03-01",
                "3",
                "Ann",
                "2",
                "2",
                "0",
                "1",
                "1",
                "0",
                "7",
                "7",
                "1.5",
                "2",
                "",
                "",
                ""
            ],
            [
                "a-chess",
                "2024-03-01",
                "4",
                "Bob",
                "1.5",
                "0",
                "1",
                "2",
                "0",
                "1",
                "7",
                "8.5",
                "0.75",
                "0",
                "",
                "",
                ""
            ],
            [
                "a-chess",
                "2024-03-01",
                "5",
                "Eve",
                "1.5",
                "0",
                "1",
                "1",
                "2",
                "0",
                "6.5",
                "8",
                "0.75",
                "0",
                "",
                "",
                ""
            ],
            [
                "a-chess",
                "2024-03-01",
                "6",
                "Gus",
                "0",
                "0",
                "0",
                "1",
                "0",
                "0",
                "2",
                "2",
                "0",
                "0",
                "",
                "",
                ""
            ],
            [
                "a-chess",
                "2024-03-01",
                "7",
                "Fay",
                "0",
                "0",
                "0",
                "0",
                "1",
                "1",
                "0",
                "0",
                "0",
                "0",
                "",
                "",
                ""
            ],
        ]
    );
    // Magic: match points 3/1/0: Pia 6, Sol 4, Rex 1, Quy 0. Match-win %:
    // Pia 1, Sol 4/6, Rex 1/6 and Quy 0 (both floored to 1/3 in omw).
    // Game-win %: game points over 3 × games: Pia (2-1, 2-0) 12/15, Quy
    // (1-2, 0-2) 3/15, Rex (1-1-1, 0-2) 4/15, Sol (1-1-1, 2-0) 10/15.
    // omw: Pia (Quy, Rex) 1/3; Sol (Rex, Quy) 1/3; Rex (Sol 2/3, Pia 1)
    // 5/6; Quy (Pia 1, Sol 2/3) 5/6. ogw: Pia (0.2 → 1/3, 4/15 → 1/3) 1/3;
    // Sol the same; Rex (10/15, 12/15) 11/15; Quy (12/15, 10/15) 11/15.
    let magic = &rows[8..12];
    let names: Vec<&str> = magic.iter().map(|r| r[3].as_str()).collect();
    assert_eq!(names, ["Pia", "Sol", "Rex", "Quy"]);
    let points: Vec<&str> = magic.iter().map(|r| r[4].as_str()).collect();
    assert_eq!(points, ["6", "4", "1", "0"]);
    let expected = [
        [100.0 / 3.0, 80.0, 100.0 / 3.0],
        [100.0 / 3.0, 200.0 / 3.0, 100.0 / 3.0],
        [250.0 / 3.0, 80.0 / 3.0, 220.0 / 3.0],
        [250.0 / 3.0, 20.0, 220.0 / 3.0],
    ];
    for (row, want) in magic.iter().zip(expected) {
        assert!(row[10..14].iter().all(String::is_empty), "{row:?}");
        for (cell, want) in row[14..].iter().zip(want) {
            let got: f64 = cell.parse().unwrap();
            assert!((got - want).abs() < 1e-9, "{row:?}: {got} against {want}");
        }
    }
    // Official places as published, points computed beside them.
    let cup: Vec<(&str, &str, &str)> = rows[12..16]
        .iter()
        .map(|r| (r[2].as_str(), r[3].as_str(), r[4].as_str()))
        .collect();
    assert_eq!(
        cup,
        [
            ("1", "Xia", "1"),
            ("2", "Yan", "0"),
            ("3", "Zed", "1"),
            ("4", "Wu", "0")
        ]
    );
}

#[test]
fn event_and_player_pages_show_standings_crosstable_place_and_points() {
    let tmp = tempfile::tempdir().unwrap();
    site(tmp.path());
    let (_out_dir, out) = build(tmp.path());
    let html = read(&out.join("events/a-chess.html"));
    // Standings first, then the crosstable, the rating changes, the rounds.
    let at = |needle: &str| html.find(needle).unwrap_or_else(|| panic!("{needle}"));
    assert!(at("<h2>Standings</h2>") < at("<h2>Crosstable</h2>"));
    assert!(at("<h2>Crosstable</h2>") < at("<h2>Rating changes</h2>"));
    assert!(at("<h2>Rating changes</h2>") < at("<h2>Rounds</h2>"));
    let standings = table_rows_of(&html, "standings");
    // Place, name, points, W-D-L, F(orfeits), byes, four tie-breaks, Elo
    // before (a whole number, as Elo is shown).
    assert_eq!(
        standings[1],
        ["2", "Dee", "2", "0-1-0", "2", "1", "7.5", "9.5", "1.75", "0", "1500"]
    );
    assert_eq!(standings[6][..6], ["7", "Fay", "0", "0-0-0", "1", "1"]);
    // The crosstable: + won, = drawn, - lost, the opponent's place, w/b;
    // forfeits F, byes by kind, – where a player is in no list.
    let crosstable = table_rows_of(&html, "crosstable");
    assert_eq!(crosstable[0], ["1", "Cid", "=2w", "+3b", "+5w", "+4w", "3.5"]);
    assert_eq!(crosstable[1], ["2", "Dee", "=1b", "½ bye", "+F", "-F", "2"]);
    assert_eq!(crosstable[2], ["3", "Ann", "+4w", "-1w", "-F", "+6w", "2"]);
    assert_eq!(crosstable[3], ["4", "Bob", "-3b", "=5w", "bye", "-1b", "1.5"]);
    assert_eq!(crosstable[6], ["7", "Fay", "-F", "0 bye", "–", "–", "0"]);
    assert_eq!(crosstable[5], ["6", "Gus", "–", "–", "–", "-3b", "0"]);
    // Each opponent links to their row.
    assert!(html.contains("<tr id=x3><td>3<td>Ann<td>"));
    assert!(html.contains("<td><a href=#x3>+F</a>"));
    // The rounds show one drawn game and forfeits as chess writes them,
    // and every kind of bye.
    let pairings = table_rows_of(&html, "pairings");
    assert_eq!(pairings[1], ["Cid", "½-½", "Dee"]);
    assert_eq!(pairings[2], ["Eve", "+-", "Fay"]);
    assert!(html.contains("<td>--<td>"));
    assert!(html.contains("Half-point bye (not rated): <a href=\"../player/dee.html\">Dee</a>"));
    assert!(html.contains("Zero-point bye (not rated): <a href=\"../player/fay.html\">Fay</a>"));
    // The rating changes list only who was rated (Fay had no game).
    let changes = table_rows_of(&html, "results");
    let names: Vec<&str> = changes.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(names, ["Cid", "Dee", "Ann", "Bob", "Eve", "Gus"]);

    // Magic: its own points and tie-breaks, percentages, no colours.
    let magic = read(&out.join("events/b-magic.html"));
    assert!(magic.contains("Points: a win 3, a draw 1, a loss 0; equal points are ordered by"));
    assert_eq!(
        table_rows_of(&magic, "standings")[2],
        ["3", "Rex", "1", "0-1-1", "83.33", "26.67", "73.33", "1500"]
    );
    assert_eq!(table_rows_of(&magic, "crosstable")[0], ["1", "Pia", "+4", "+3", "6"]);

    // Ann's page: place and points per event, colours, the forfeit (not rated).
    let ann = read(&out.join("player/ann.html"));
    // Elo has no provisional ratings: the K is explained without a P.
    assert!(ann.contains("the K of the update and the change"));
    assert!(ann.contains("Club Night</a> · place 3 of 7, 2 points</th>"));
    let matches = table_rows_of(&ann, "matches");
    assert_eq!(
        matches[2][..5],
        ["3", "White", "Dee", "", "Lost by forfeit (not rated)"]
    );
    assert_eq!(matches[1][..5], ["2", "White", "Cid", "0-1", "Loss"]);
    let dee = read(&out.join("player/dee.html"));
    assert!(dee.contains("half-point bye in round 2 (not rated)"));
    // Fay played no rated game (a forfeit, a zero-point bye, then she
    // withdrew): her page still gives her place, points and rounds.
    let fay = read(&out.join("player/fay.html"));
    assert!(fay.contains("Club Night</a> · place 7 of 7, 0 points · zero-point bye in round 2 (not rated)</th>"));
    assert_eq!(
        table_rows_of(&fay, "matches"),
        [["1", "Black", "Eve", "", "Lost by forfeit (not rated)"]]
    );
    assert!(fay.contains("No rated match: byes and forfeits are never rated"));
    // 17 rounds: no crosstable, and the page says why.
    let long = read(&out.join("events/d-long.html"));
    assert!(!long.contains("<table class=\"crosstable"));
    assert!(long.contains("No crosstable: 17 rounds are more than one table shows (at most 16)"));
    // The method page explains the tie-breaks the site uses.
    let method = read(&out.join("rating/elo/method.html"));
    assert!(method.contains("<h2>How standings are computed</h2>"));
    for name in [
        "Buchholz cut 1",
        "Sonneborn-Berger",
        "(opponents' match-win percentage)",
        "game-win percentage",
    ] {
        assert!(method.contains(name), "{name}");
    }
}

#[test]
fn check_warns_when_published_places_contradict_the_points() {
    let tmp = tempfile::tempdir().unwrap();
    site(tmp.path());
    let warnings = check_warnings(tmp.path());
    let official: Vec<&String> = warnings.iter().filter(|w| w.contains("published places")).collect();
    assert_eq!(
        official,
        [
            "data/c-cup.toml:15: the published places contradict the points: Zed is ranked 3 with 1 points, \
          below Yan ranked 2 with 0; check the [[results]] ranks and the rounds (points: a win 1, a draw 0.5, a loss 0)"
        ]
    );
    // In order, no warning.
    let fixed = OFFICIAL
        .replace("rank = 2\nname = \"Yan\"", "rank = 2\nname = \"Zed\"")
        .replacen("rank = 3\nname = \"Zed\"", "rank = 3\nname = \"Yan\"", 1);
    std::fs::write(tmp.path().join("data/c-cup.toml"), fixed).unwrap();
    assert!(
        !check_warnings(tmp.path())
            .iter()
            .any(|w| w.contains("published places"))
    );
}
