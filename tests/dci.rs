//! End-to-end tests of the DCI rating on a fixture site that publishes both
//! systems, and of the loader's checks of match events.

use std::path::Path;

use crate::common::*;

// Hand computation for tests/fixtures/dci (docs/rating-systems.md, "DCI Rating System"), with
// We(X) = 1 / (10^((R_Y − R_X)/400) + 1):
//
// limited (provisional_matches = 1: one provisional match, then Elo):
//   Draft Night (8 players → K/2, judge 2):
//     R1 Ann beats Bob: provisional, 1600 ± 400 → Ann 2000, Bob 1200;
//        Cat beats Dan → Cat 2000, Dan 1200.
//     R2 Ann (2000) beats Cat (2000): Elo, K = 32/2 = 16, We = ½ → 2008 / 1992;
//        Bob (1200) draws Dan (1200) 1-1-1: We = ½ → no change.
//   Sealed Open (40 players, judge 1 → K/2 = 16):
//     Bob (1200) beats Ann (2008): We(Bob) = 1/(10^(808/400) + 1) = 0.009446…
//        Bob 1200 + 16·(1 − 0.0094465…) = 1215.8486465999854, Ann 1992.1513534000146;
//     Cat (1992) beats Eve (new): We(Cat) = 1/(10^(−392/400) + 1) = 0.905212…
//        Cat 1992 + 16·0.094797… = 1993.5165983355712; Eve provisional: 1992 − 400 = 1592;
//     Dan has a bye: no row.
// standard (defaults): Standard Seven has 7 players and Standard Casual is
//   unsanctioned: not rated. Standard Cup (12): Ann beats Bob → 2000 / 1200,
//   both provisional.
// dp (Dip Pouch, rated_from 1990): only Draft Night has standings: value
//   8/3.5 + 2 = 4.2857…; Ann 93.75 → 40 + 0.042857·53.75 = 42.30357142857143;
//   Cat 81.25 → 41.767857142857146; Bob, Dan 62.5 → 41.232142857142854.

#[test]
fn downloads_equal_hand_computed_values() {
    let (_tmp, out) = build(&fixture("dci"));
    assert_eq!(
        read(&out.join("downloads/limited-history.csv")),
        "date,event,player,before,after\n\
         1998-01-10,1998/draft-night,Ann Archer,1600,2008\n\
         1998-01-10,1998/draft-night,Cat Cole,1600,1992\n\
         1998-01-10,1998/draft-night,Bob Baker,1600,1200\n\
         1998-01-10,1998/draft-night,Dan Dyer,1600,1200\n\
         1998-02-01,1998/sealed-open,Ann Archer,2008,1992.1513534000146\n\
         1998-02-01,1998/sealed-open,Bob Baker,1200,1215.8486465999854\n\
         1998-02-01,1998/sealed-open,Cat Cole,1992,1993.5165983355712\n\
         1998-02-01,1998/sealed-open,Eve Evans,1600,1592\n"
    );
    assert_eq!(
        read(&out.join("downloads/limited-ranking.csv")),
        "rank,player,nat,rating,events,matches,provisional\n\
         1,Cat Cole,NL,1993.5165983355712,2,3,false\n\
         2,Ann Archer,GB,1992.1513534000146,2,3,false\n\
         3,Eve Evans,,1592,1,1,false\n\
         4,Bob Baker,US,1215.8486465999854,2,3,false\n\
         5,Dan Dyer,,1200,1,2,false\n"
    );
    assert_eq!(
        read(&out.join("downloads/standard-history.csv")),
        "date,event,player,before,after\n\
         1998-04-01,1998/standard-cup,Ann Archer,1600,2000\n\
         1998-04-01,1998/standard-cup,Bob Baker,1600,1200\n"
    );
    assert_eq!(
        read(&out.join("downloads/standard-ranking.csv")),
        "rank,player,nat,rating,events,matches,provisional\n\
         1,Ann Archer,GB,2000,1,1,true\n\
         2,Bob Baker,US,1200,1,1,true\n"
    );
    assert_eq!(
        read(&out.join("downloads/dp-history.csv")),
        "date,event,player,before,after\n\
         1998-01-10,1998/draft-night,Ann Archer,40,42.30357142857143\n\
         1998-01-10,1998/draft-night,Cat Cole,40,41.767857142857146\n\
         1998-01-10,1998/draft-night,Bob Baker,40,41.232142857142854\n\
         1998-01-10,1998/draft-night,Dan Dyer,40,41.232142857142854\n"
    );
    assert_eq!(
        read(&out.join("downloads/dp-ranking.csv")),
        "rank,player,nat,rating,events\n\
         1,Ann Archer,GB,42.30357142857143,1\n\
         2,Cat Cole,NL,41.767857142857146,1\n\
         3,Bob Baker,US,41.232142857142854,1\n\
         3,Dan Dyer,,41.232142857142854,1\n"
    );
}

#[test]
fn event_pages_show_standings_rounds_and_ratings() {
    let (_tmp, out) = build(&fixture("dci"));
    let html = read(&out.join("events/1998/draft-night.html"));
    assert!(html.contains("<dt>Format</dt><dd>Booster Draft</dd>"));
    assert!(html.contains("<dt>Number of rounds</dt><dd>2</dd>"));
    assert!(html.contains("Rated with K × 1/2: 8 players, fewer than 32 (D.5.8)."));
    // The standings first: the published places, the points computed from
    // the rounds (chess points: 1, 0.5, 0; a "1-1-1" match is drawn), W-D-L,
    // then the default tie-breaks: Buchholz cut 1, Buchholz (Ann met Bob,
    // 0.5 points, and Cat, 1), Sonneborn-Berger (all of a beaten opponent's
    // points), wins; and the first match rating's rating before.
    let standings = table_rows_of(&html, "standings");
    assert_eq!(
        standings,
        [
            ["1", "Ann Archer", "GB", "2", "2-0-0", "1", "1.5", "1.5", "2", "1600"],
            ["2", "Cat Cole", "NL", "1", "1-0-1", "2", "2.5", "0.5", "1", "1600"],
            ["3", "Bob Baker", "US", "0.5", "0-1-1", "2", "2.5", "0.25", "0", "1600"],
            ["3", "Dan Dyer", "", "0.5", "0-1-1", "1", "1.5", "0.25", "0", "1600"],
        ]
    );
    // The crosstable: per round the result, the opponent's place and the
    // colour (the first player of a match is White), linked to their row.
    let crosstable = table_rows_of(&html, "crosstable");
    assert_eq!(crosstable[0], ["1", "Ann Archer", "+3w", "+2b", "2"]);
    assert_eq!(crosstable[3], ["3", "Dan Dyer", "-2b", "=3b", "0.5"]);
    assert!(html.contains("<tr id=x4><td>3<td>Dan Dyer<td>"));
    assert!(html.contains("<td><a href=#x2>+2b</a>"));
    // Then the rating changes: the standings' places, the Dip Pouch score,
    // per rating in site.toml order (Dip Pouch, limited) after and change.
    let rows = table_rows_of(&html, "results");
    assert_eq!(
        rows[0],
        ["1", "Ann Archer", "GB", "93.75", "42.30", "+2.30", "2008", "+408"]
    );
    assert_eq!(
        rows[3],
        ["3", "Dan Dyer", "", "68.75", "41.23", "+1.23", "1200", "-400"]
    );
    // Pairings: the winner is in bold, a draw has none.
    let rows = table_rows_of(&html, "pairings");
    assert_eq!(rows[0], ["Ann Archer", "2-1", "Bob Baker"]);
    assert_eq!(rows[2], ["Cat Cole", "1-2", "Ann Archer"]);
    assert_eq!(rows[3], ["Bob Baker", "1-1-1", "Dan Dyer"]);
    assert_eq!(rows.len(), 4);
    // Names lead to their line in the standings (which links the player).
    assert!(html.contains("<a href=#s1><strong>Ann Archer</strong></a><td>2-1<td><a href=#s3>Bob Baker</a>"));
    assert!(html.contains("<tr id=s1><td>1<td><a href=\"../../player/ann-archer.html\">Ann Archer</a>"));
    assert!(html.contains("<td>1-1-1<td><a href=#s4>Dan Dyer</a>"));
    // Jump links to the rounds.
    assert!(html.contains("<a href=\"#round-2\">2</a>") && html.contains("<tbody id=\"round-2\">"));
    // The standard rating does not count Booster Draft: not mentioned here.
    assert!(html.contains("<th scope=colgroup colspan=\"2\"><a href=\"../../rating/limited/index.html\">"));
    assert!(!html.contains("\"><a href=\"../../rating/standard/index.html\">"));
    // A judge level for the DCI ratings' formats; no "Sanctioned: Yes".
    assert!(html.contains("<dt>Judge level</dt>"));
    assert!(!html.contains("<dt>Sanctioned</dt>"));
    // Events in order: the one before and the one after.
    assert!(html.contains("<a rel=\"next\" href=\"../../events/1998/sealed-open.html\">Sealed Open →</a>"));

    let sealed = read(&out.join("events/1998/sealed-open.html"));
    assert!(sealed.contains("Rated with K × 1/2: judge level 1, below 2 (D.5.9)."));
    assert!(sealed.contains("Full-point bye (not rated): <a href=\"../../player/dan-dyer.html\">Dan Dyer</a>"));
    // A full-point bye scores a win and is an unplayed round: Buchholz
    // counts Dan's own points for it (1), more than Bob's and Cat's
    // opponents scored (0).
    let standings = table_rows_of(&sealed, "standings");
    assert_eq!(
        standings[0],
        ["1", "Dan Dyer", "", "1", "0-0-0", "1", "0", "1", "0", "0", ""]
    );
    assert_eq!(
        standings[1],
        ["2", "Bob Baker", "US", "1", "1-0-0", "0", "0", "0", "0", "1", "1200"]
    );
    assert_eq!(table_rows_of(&sealed, "crosstable")[0], ["1", "Dan Dyer", "bye", "1"]);
    // The rating changes list only whom a rating rates (not Dan's bye).
    let rows = table_rows_of(&sealed, "results");
    assert_eq!(rows[0], ["2", "Bob Baker", "US", "1216", "+16"]);
    assert_eq!(rows[2], ["4", "Ann Archer", "GB", "1992", "-16"]);
    assert_eq!(rows.len(), 4);

    let seven = read(&out.join("events/1998/standard-seven.html"));
    assert!(seven.contains("Not rated: 7 players, fewer than 8 (D.5.8)."));
    assert!(!seven.contains("does not count in this rating"));
    let casual = read(&out.join("events/1998/standard-casual.html"));
    assert!(casual.contains("Not rated: the tournament was not sanctioned (D.5.7)."));
    assert!(casual.contains("<dt>Sanctioned</dt><dd>No</dd>"));
}

#[test]
fn player_pages_list_matches_and_head_to_head() {
    let (_tmp, out) = build(&fixture("dci"));
    let html = read(&out.join("player/ann-archer.html"));
    // A section per rating the player has.
    for title in [
        "Dip Pouch Tournament Rating",
        "DCI Rating (Limited)",
        "DCI Rating (Standard)",
    ] {
        assert!(html.contains(&format!("<h2>{title}</h2>")), "{title}");
    }
    assert!(html.contains("<dd>2000 (provisional)</dd>"));
    // One caption for the three charts (a caption each was 100 bytes a
    // rating a player on an archive's pages).
    assert_eq!(html.matches("<figcaption>").count(), 1);
    assert!(html.contains("<figcaption>Each chart: the rating after each event, from the starting rating (dotted)"));
    assert!(html.contains("<dt>Rated matches</dt><dd>3 (2-0-1)</dd>"));
    // A provisional rating is no peak: the standard rating (one match, all
    // provisional) has none, and its chart marks none.
    let standard = section(&html, "DCI Rating (Standard)");
    assert!(!standard.contains("<dt>Peak</dt>"), "{standard}");
    assert!(!standard.contains("class=\"peak\" cx"), "{standard}");
    let records = read(&out.join("rating/standard/records.html"));
    let peaks = records.split("<h2>Highest peak ratings</h2>").nth(1).unwrap();
    assert!(
        peaks
            .split("</section>")
            .next()
            .unwrap()
            .contains("<p>Nothing yet.</p>")
    );
    // One history table: per event per rating (Dip Pouch, limited,
    // standard) after with its change, value and the rank right after the
    // event (Draft Night: Ann 2008 ahead of Cat 1992; Sealed Open: Cat
    // 1993.52, Ann 1992.15), then the placing once (Draft Night is also a
    // Dip Pouch placement, from its standings).
    let history = table_rows_of(&html, "history");
    assert_eq!(
        history[0],
        [
            "1998-01-10",
            "Draft Night",
            "42.30 +2.30",
            "4.29",
            "1",
            "2008 +408",
            "1",
            "",
            "",
            "1 / 8",
            "93.75",
            "2-0-0"
        ]
    );
    assert_eq!(
        history[1],
        [
            "1998-02-01",
            "Sealed Open",
            "",
            "",
            "",
            "1992 -16",
            "2",
            "",
            "",
            "4 / 5",
            "",
            "0-0-1"
        ]
    );
    // Standard Cup: Ann's first standard match, a provisional rating (P).
    assert_eq!(history[2][7..9], ["2000 +400", "1"]);
    assert!(html.contains("the K of the update (P: provisional) and the change"));
    assert!(html.contains("<td class=p>2000 <span class=up>+400</span><td") && html.contains("P: provisional rating."));
    assert_eq!(html.matches("<td class=p>").count(), 1);
    // Matches, each once: round, colour (none in the Sealed Open, whose
    // file sets `colours = false`), opponent, games, result, then per match
    // rating (limited, standard) the opponent's rating, K and change.
    let matches = table_rows_of(&html, "matches");
    assert_eq!(
        matches[0],
        ["1", "White", "Bob Baker", "2-1", "Win", "1600", "P", "+400", "", "", ""]
    );
    assert_eq!(
        matches[1],
        ["2", "Black", "Cat Cole", "2-1", "Win", "2000", "16", "+8", "", "", ""]
    );
    assert_eq!(
        matches[2],
        ["1", "", "Bob Baker", "0-2", "Loss", "1200", "16", "-16", "", "", ""]
    );
    assert_eq!(
        matches[3],
        ["1", "White", "Bob Baker", "2-0", "Win", "", "", "", "1600", "P", "+400"]
    );
    assert_eq!(matches.len(), 4);
    // Head to head: opponents met more than once (Cat, met once, is in the
    // list above); links to other players stay in player/.
    assert_eq!(table_rows_of(&html, "head-to-head"), [["Bob Baker", "3", "2-0-1"]]);
    assert!(html.contains("the 1 met once are in the list above"));
    assert!(html.contains("<a href=\"bob-baker.html\">Bob Baker</a><td>2-1<td class=t>Win<td>1600"));

    // Dan: a bye in the Sealed Open, which is not a rated event for him:
    // no rating row, but the event is in his matches with his place and
    // points (the bye scores a win: first, on Buchholz).
    let dan = read(&out.join("player/dan-dyer.html"));
    assert!(dan.contains("<dt>Rated matches</dt><dd>2 (0-1-1)</dd>"));
    assert!(!table_rows_of(&dan, "history").iter().any(|r| r[1] == "Sealed Open"));
    assert!(dan.contains("Sealed Open</a> · place 1 of 5, 1 point · full-point bye in round 1 (not rated)</th>"));
    // Eve has no rating in the standard rating: no section.
    let eve = read(&out.join("player/eve-evans.html"));
    assert!(eve.contains("<h2>DCI Rating (Limited)</h2>"));
    assert!(!eve.contains("<h2>DCI Rating (Standard)</h2>"));
    assert!(!eve.contains(">DCI Rating (Standard)</th>"));
}

#[test]
fn ranking_pages_mark_provisional_ratings_and_every_page_links_every_rating() {
    let (_tmp, out) = build(&fixture("dci"));
    let standard = read(&out.join("rating/standard/index.html"));
    let rows = table_rows(&standard);
    // One event so far: everyone is new since it.
    assert_eq!(rows[0], ["1", "new", "Ann Archer P", "GB", "2000", "1", "1"]);
    assert!(standard.contains("<abbr class=prov title=provisional>P</abbr>"));
    let limited = table_rows(&read(&out.join("rating/limited/index.html")));
    // Cat was second after Draft Night, first after Sealed Open.
    assert_eq!(limited[0], ["1", "▲1", "Cat Cole", "NL", "1994", "3", "2"]);
    // Included tournaments of a match rating: the K cut of each.
    let included = table_rows(&read(&out.join("rating/limited/events.html")));
    assert_eq!(included.len(), 2);
    assert_eq!(included[0][1], "Sealed Open");
    assert_eq!(included[0][5], "Rated with K × 1/2: judge level 1, below 2 (D.5.9).");
    for page in ["index.html", "events/1998/draft-night.html", "player/ann-archer.html"] {
        let html = read(&out.join(page));
        let root = "../".repeat(page.matches('/').count());
        for id in ["dp", "limited", "standard"] {
            assert!(
                html.contains(&format!("<a href=\"{root}rating/{id}/index.html\">")),
                "{page}: {id}"
            );
        }
    }
}

#[test]
fn the_example_league_builds_and_players_leave_the_provisional_state() {
    let (_tmp, out) = build(&repo().join("examples/dci-league"));
    for id in ["dci-limited", "dci-constructed"] {
        let ranking = read(&out.join(format!("downloads/{id}-ranking.csv")));
        let established = ranking.lines().skip(1).filter(|l| l.ends_with(",false")).count();
        assert!(established >= 5, "{id}: {established} players past 25 matches");
    }
    let home = read(&out.join("index.html"));
    assert!(home.contains("fictional"));
}

/// Build a one-event site from text; returns the error report.
fn build_error(event: &str) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    std::fs::create_dir_all(site.join("data")).unwrap();
    std::fs::write(
        site.join("site.toml"),
        "[[rating]]\nid = \"l\"\nsystem = \"dci\"\ncategory = \"Limited\"\nformats = [\"Sealed Deck\", \"Cube Draft\"]\n",
    )
    .unwrap();
    std::fs::write(site.join("data/e.toml"), event).unwrap();
    let options = crate::common::options(&site, &tmp.path().join("out"));
    let err = ratings_site::build(&options).expect_err("the build must fail");
    assert!(!Path::new(&tmp.path().join("out")).exists(), "no output on error");
    err.to_string()
}

const HEAD: &str = "name = \"E\"\ndate = 1998-01-01\nformat = \"Sealed Deck\"\n";

#[test]
fn match_event_errors_name_file_line_and_column() {
    let e = build_error(&format!("{HEAD}[[round]]\nmatches = [[\"A\", \"B\", \"2:1\"]]\n"));
    assert!(
        e.contains("e.toml:5:23: \"2:1\" is not a result: write the games won by each side as \"2-1\""),
        "{e}"
    );
    let e = build_error(&format!(
        "{HEAD}[[round]]\nmatches = [[\"A\", \"B\", \"2-1\"], [\"C\", \"a\", \"0-2\"]]\n"
    ));
    assert!(e.contains("e.toml:5:37: player \"a\" appears twice in round 1"), "{e}");
    let e = build_error(&format!(
        "{HEAD}[[round]]\nmatches = [[\"A\", \"B\", \"2-1\"]]\nbyes = [\"B\"]\n"
    ));
    assert!(e.contains("e.toml:6:9: player \"B\" appears twice in round 1"), "{e}");
    let e = build_error(&format!("{HEAD}[[round]]\nmatches = [[\"Ann\", \"ANN\", \"2-1\"]]\n"));
    assert!(
        e.contains("e.toml:5:20: player \"Ann\" is paired against themself"),
        "{e}"
    );
    let e = build_error("name = \"E\"\ndate = 1998-01-01\nformat = \"Sealed\"\n[[round]]\nbyes = [\"A\"]\n");
    assert!(
        e.contains(
            "e.toml:3:10: unknown format \"Sealed\" (known formats: Booster Draft, Cube Draft, Extended, \
             Extended Block Constructed, Sealed Deck, Standard, Standard Block Constructed, Type 1, Type 1.5)"
        ),
        "{e}"
    );
    let e = build_error("name = \"E\"\ndate = 1998-01-01\n[[round]]\nbyes = [\"A\"]\n");
    assert!(e.contains("an event with [[round]] tables needs `format`"), "{e}");
}

/// `k_bands` holds at most 64 bands (every rated match looks up its band):
/// 64 are rated, 65 refused at the list (tests/fixtures/invalid/dci-k-bands-too-many).
#[test]
fn k_bands_hold_at_most_64_bands() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path();
    std::fs::create_dir_all(site.join("data")).unwrap();
    let bands = |n: usize| (1..n).map(|i| format!("[{}, 16], ", i * 10)).collect::<String>();
    let table = |n: usize| {
        format!(
            "[[rating]]\nid = \"l\"\nsystem = \"dci\"\ncategory = \"Limited\"\nk_bands = [{}[inf, 16]]\n",
            bands(n)
        )
    };
    std::fs::write(
        site.join("data/e.toml"),
        format!("{HEAD}[[round]]\nmatches = [[\"A\", \"B\", \"2-1\"]]\n"),
    )
    .unwrap();
    std::fs::write(site.join("site.toml"), table(64)).unwrap();
    assert!(ratings_site::check(site).is_ok());
    std::fs::write(site.join("site.toml"), table(65)).unwrap();
    let e = ratings_site::check(site).expect_err("65 bands are refused").to_string();
    assert!(
        e.contains("site.toml:5:11: `k_bands` lists 65 bands: at most 64"),
        "{e}"
    );
}

/// site.toml has at most 4 MiB: 3,000,000 bands (48 MB) took 1.96 GB to
/// parse before the band limit could refuse them.
#[test]
fn site_toml_holds_at_most_4_mib() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path();
    std::fs::create_dir_all(site.join("data")).unwrap();
    let head = "[[rating]]\nid = \"l\"\nsystem = \"dci\"\ncategory = \"Limited\"\nk_bands = [";
    let fill = |bytes: usize| {
        let band = "[1, 16], ";
        let tail = "[inf, 16]]\n";
        let n = (bytes - head.len() - tail.len()) / band.len();
        let text = format!("{head}{}{tail}", band.repeat(n));
        format!("{text}{}", " ".repeat(bytes - text.len()))
    };
    std::fs::write(site.join("site.toml"), fill(4 << 20)).unwrap();
    let e = ratings_site::check(site).expect_err("bands out of order").to_string();
    assert!(e.contains("`k_bands` lists"), "parsed at 4 MiB: {e}");
    std::fs::write(site.join("site.toml"), fill((4 << 20) + 1)).unwrap();
    let e = ratings_site::check(site).expect_err("too big").to_string();
    assert!(
        e.contains("site.toml: the file is 4194305 bytes, more than the 4194304 a site.toml may have (its longest text, `notice`, has at most 2097152 bytes)"),
        "{e}"
    );
}
