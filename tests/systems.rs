//! The match rating systems (Elo, Glicko-2, TrueSkill) end to end
//! on tests/fixtures/more-systems, the predictions, and the seed systems'
//! downloads unchanged by them. (`.ci/reference_check.py` compares every
//! history row of these systems with independent implementations, the
//! Python `trueskill` package among them.)

use crate::common::*;

// Hand computation for tests/fixtures/more-systems, Elo K = 32,
// E(a, b) = 1 / (1 + 10^((b − a)/400)):
//   Placement Open: three new players ranked 1, 2, 3, every E = ½:
//     change = 32/2 × (S − 1) with S = 2, 1, 0 → 1516, 1500, 1484.
//   Match Night, round 1 (ratings from before the round):
//     Ann 1516 beats Bob 1500: Ann + 32 (1 − E(1516, 1500)) = 1531.263693206478,
//       Bob 1484.736306793522; Cid 1484 draws Dan 1500: Cid 1484.736306793522,
//       Dan 1499.263693206478.
//   round 2: Ann draws Cid (1-1): Ann 1529.133745263401, Cid 1486.866254736599;
//     Bob beats Dan 2-0: Bob 1501.4049280472937, Dan 1482.5950719527063.
//   Friendly is not sanctioned: not rated. Solo: one player, no change.

fn close(got: &str, want: f64) {
    let x: f64 = got.parse().unwrap();
    assert!((x - want).abs() <= 1e-9 * want.abs().max(1.0), "{got} vs {want}");
}

#[test]
fn elo_history_equals_the_hand_computation() {
    let (_tmp, out) = build(&fixture("more-systems"));
    let rows = csv_rows(&read(&out.join("downloads/elo-history.csv")));
    assert_eq!(rows[0], ["date", "event", "player", "before", "after"]);
    let want = [
        ("a-placement", "Ann Able", 1500.0, 1516.0),
        ("a-placement", "Bob Baker", 1500.0, 1500.0),
        ("a-placement", "Cid Cole", 1500.0, 1484.0),
        ("b-matches", "Ann Able", 1516.0, 1529.133745263401),
        ("b-matches", "Bob Baker", 1500.0, 1501.4049280472937),
        ("b-matches", "Cid Cole", 1484.0, 1486.866254736599),
        ("b-matches", "Dan Dunn", 1500.0, 1482.5950719527063),
        ("d-alone", "Eve Evans", 1500.0, 1500.0),
    ];
    assert_eq!(rows.len(), want.len() + 1);
    for (row, (event, player, before, after)) in rows[1..].iter().zip(want) {
        assert_eq!((row[1].as_str(), row[2].as_str()), (event, player));
        close(&row[3], before);
        close(&row[4], after);
    }
    // The player page lists the matches with K; the event page the record.
    let ann = read(&out.join("player/ann-able.html"));
    // Mixed events: both placing columns, each event with its own.
    let elo = group_rows(&ann, "history", "Elo Rating", 2);
    // Elo is shown in whole numbers, as chess sites print it.
    assert_eq!(elo[0], ["2020-01-10", "Placement Open", "1516 +16", "1"]);
    assert_eq!(elo[1], ["2020-03-01", "Match Night", "1529 +13", "1"]);
    // The placing columns come last: rank / players, score, W-D-L.
    let history = table_rows_of(&ann, "history");
    let placing = |r: &[String]| r[r.len() - 3..].to_vec();
    assert_eq!(placing(&history[0]), ["1 / 3", "83.33", ""]);
    // A match event: the place in its standings, and the rated record.
    assert_eq!(placing(&history[1]), ["1 / 4", "", "1-1-0"]);
    // Its matches, each once, with each match rating's figures (Elo: the
    // opponent's rating, K and the change of the match).
    let matches = group_rows(&ann, "matches", "Elo Rating", 5);
    assert_eq!(
        matches[0],
        ["1", "White", "Bob Baker", "1-0", "Win", "1500", "32", "+15"]
    );
    assert_eq!(
        matches[1],
        ["2", "White", "Cid Cole", "1-1", "Draw", "1485", "32", "-2"]
    );
    // Glicko-2 rates the event's matches at once: no change per match.
    assert_eq!(group_range(&ann, "matches", "Glicko-2 Rating").len(), 1);
    let event = read(&out.join("events/b-matches.html"));
    // The rating changes follow the standings (place, name); W-D-L is in
    // the standings: 1 win, 1 drawn match ("1-1"), no loss: 1.5 points;
    // Buchholz cut 1: Bob and Cid scored 1 each, less the lowest.
    let rows = group_rows(&event, "results", "Elo Rating", 2);
    assert_eq!(rows[0], ["1", "Ann Able", "1529", "+13"]);
    assert_eq!(
        table_rows_of(&event, "standings")[0][..5],
        ["1", "Ann Able", "1.5", "1-1-0", "1"]
    );
}

/// Each system shows its ratings with its own decimals (Elo, Glicko-2 and
/// DCI whole, TrueSkill and Dip Pouch two), a `[[rating]]`'s `decimals`
/// overrides it, and the downloads keep their precision either way.
#[test]
fn ratings_are_shown_with_their_systems_decimals_or_the_tables() {
    let (_tmp, out) = build(&fixture("more-systems"));
    let ranking = |out: &std::path::Path, id: &str| table_rows(&read(&out.join(format!("rating/{id}/index.html"))));
    assert_eq!(
        ranking(&out, "elo")[0][2..4],
        ["Ann Able".to_string(), "1529".to_string()]
    );
    let glicko = ranking(&out, "glicko2");
    assert!(
        glicko.iter().all(|r| !r[3].contains('.') && !r[4].contains('.')),
        "{glicko:?}"
    );
    let trueskill = ranking(&out, "trueskill");
    assert!(
        trueskill
            .iter()
            .all(|r| r[3].split('.').nth(1).map(str::len) == Some(2)),
        "{trueskill:?}"
    );
    let dp = ranking(&out, "dp");
    assert!(
        dp.iter().all(|r| r[3].split('.').nth(1).map(str::len) == Some(2)),
        "{dp:?}"
    );

    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_tree(&fixture("more-systems"), &site);
    let toml = read(&site.join("site.toml"));
    let toml = toml.replace("system = \"elo\"\n", "system = \"elo\"\ndecimals = 1\n");
    let toml = toml.replace("system = \"trueskill\"\n", "system = \"trueskill\"\ndecimals = 0\n");
    std::fs::write(site.join("site.toml"), toml).unwrap();
    let (_tmp2, out2) = build(&site);
    assert_eq!(ranking(&out2, "elo")[0][3], "1529.1");
    let ann = read(&out2.join("player/ann-able.html"));
    assert_eq!(group_rows(&ann, "history", "Elo Rating", 2)[1][2], "1529.1 +13.1");
    assert!(ranking(&out2, "trueskill").iter().all(|r| !r[3].contains('.')));
    for csv in [
        "elo-history.csv",
        "elo-ranking.csv",
        "trueskill-history.csv",
        "trueskill-ranking.csv",
    ] {
        assert_eq!(
            read(&out.join("downloads").join(csv)),
            read(&out2.join("downloads").join(csv)),
            "{csv}"
        );
    }
}

#[test]
fn glicko2_rates_match_events_only_with_deviations() {
    let (_tmp, out) = build(&fixture("more-systems"));
    let rows = csv_rows(&read(&out.join("downloads/glicko2-history.csv")));
    assert_eq!(
        rows[0],
        [
            "date",
            "event",
            "player",
            "before",
            "after",
            "deviation_before",
            "deviation_after"
        ]
    );
    // Only Match Night: four players, everyone new (r 1500, RD 350).
    assert_eq!(rows.len(), 5);
    for row in &rows[1..] {
        assert_eq!(row[1], "b-matches");
        assert_eq!((row[3].as_str(), row[5].as_str()), ("1500", "350"));
        let rd: f64 = row[6].parse().unwrap();
        assert!(rd > 0.0 && rd < 350.0, "{row:?}");
    }
    // Ann won and drew, Dan drew and lost: symmetric around 1500.
    let after = |name: &str| -> f64 { rows.iter().find(|r| r[2] == name).unwrap()[4].parse().unwrap() };
    assert!((after("Ann Able") + after("Dan Dunn") - 3000.0).abs() < 1e-9);
    assert!(after("Ann Able") > 1500.0);
    let ranking = csv_rows(&read(&out.join("downloads/glicko2-ranking.csv")));
    assert_eq!(ranking[0], ["rank", "player", "nat", "rating", "events", "deviation"]);
    assert_eq!(ranking[1][1], "Ann Able");
    // The placement event says why it is not rated.
    let placement = read(&out.join("events/a-placement.html"));
    assert!(placement.contains("Glicko-2 Rating</a>: Not rated: Glicko-2 rates matches only, not placements.</p>"));
    let included = read(&out.join("rating/glicko2/events.html"));
    assert_eq!(table_rows(&included).len(), 1, "only Match Night");
    // The player page states r ± 2 RD, in whole numbers.
    let ann = read(&out.join("player/ann-able.html"));
    let rd: f64 = ranking[1][5].parse().unwrap();
    let r: f64 = ranking[1][3].parse().unwrap();
    assert!(
        ann.contains(&format!("<dd>{:.0} <span class=nw>± {:.0}</span>", r, 2.0 * rd)),
        "spread on the player page"
    );
}

#[test]
fn trueskill_publishes_mu_minus_three_sigma() {
    let (_tmp, out) = build(&fixture("more-systems"));
    let rows = csv_rows(&read(&out.join("downloads/trueskill-history.csv")));
    for row in &rows[1..] {
        let (before, after): (f64, f64) = (row[3].parse().unwrap(), row[4].parse().unwrap());
        let (sb, sa): (f64, f64) = (row[5].parse().unwrap(), row[6].parse().unwrap());
        // A first event starts from μ 25, σ 25/3: published 25 − 3 × 25/3 = 0.
        if row[2] == "Dan Dunn" || row[2] == "Eve Evans" || row[1] == "a-placement" {
            assert!(before.abs() < 1e-12 && (sb - 25.0 / 3.0).abs() < 1e-12, "{row:?}");
        }
        assert!(after.is_finite() && sa > 0.0);
    }
    // Eve alone in Solo: before = after.
    let eve = rows.iter().find(|r| r[2] == "Eve Evans").unwrap();
    assert_eq!((eve[3].as_str(), eve[5].as_str()), (eve[4].as_str(), eve[6].as_str()));
    // The first of a free-for-all gains most; the ranking is by μ − 3σ.
    let ranking = csv_rows(&read(&out.join("downloads/trueskill-ranking.csv")));
    let ratings: Vec<f64> = ranking[1..].iter().map(|r| r[3].parse().unwrap()).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]));
    let page = read(&out.join("rating/trueskill/index.html"));
    assert!(page.contains("<th scope=col class=num>σ</th>"));
    // What the number is, said where it is shown; a first event is "new",
    // not a gain from the start at 0 (Elo's first event keeps its change).
    assert!(page.contains("The rating is μ − 3σ"));
    let ann = read(&out.join("player/ann-able.html"));
    assert!(ann.contains("<p class=\"meta explained\">TrueSkill: the rating is μ − 3σ"));
    let history = group_rows(&ann, "history", "TrueSkill", 2);
    assert!(history[0][2].ends_with(" new"), "{:?}", history[0]);
    assert!(
        history[1][2].contains(" +") || history[1][2].contains(" -"),
        "{:?}",
        history[1]
    );
    assert_eq!(group_rows(&ann, "history", "Elo Rating", 2)[0][2], "1516 +16");
    let event = read(&out.join("events/a-placement.html"));
    let first = group_rows(&event, "results", "TrueSkill", 2);
    assert!(first.iter().all(|r| r.last().unwrap() == "new"), "{first:?}");
}

#[test]
fn unsanctioned_events_are_rated_by_no_match_system() {
    let (_tmp, out) = build(&fixture("more-systems"));
    for id in ["elo", "glicko2", "trueskill"] {
        let history = read(&out.join(format!("downloads/{id}-history.csv")));
        assert!(!history.contains("c-friendly"), "{id}");
    }
    // The event page says why, once per rating.
    let event = read(&out.join("events/c-friendly.html"));
    assert_eq!(
        event
            .matches("</a>: Not rated: the tournament was not sanctioned.</p>")
            .count(),
        3
    );
}

#[test]
fn predictions_count_pairs_and_matches() {
    let (_tmp, out) = build(&fixture("more-systems"));
    let csv = read(&out.join("downloads/predictions.csv"));
    let rows = csv_rows(&csv);
    assert_eq!(rows[0], ["rating", "year", "games", "right"]);
    // Elo: Placement Open, three pairs of equal ratings: 1.5 of 3. Match
    // Night: Ann (1516) beat Bob (1500): right; Cid–Dan drawn: no game;
    // round 2 Ann–Cid drawn: no game; Bob (1484.74) beat Dan (1499.26):
    // wrong. 2.5 of 5.
    assert!(rows.contains(&vec!["elo".into(), "2020".into(), "5".into(), "2.5".into()]));
    assert!(rows.contains(&vec!["elo".into(), "all".into(), "5".into(), "2.5".into()]));
    // Glicko-2: only the two decided matches, both from ratings of 1500
    // (ratings from before the event): half each.
    assert!(rows.contains(&vec!["glicko2".into(), "all".into(), "2".into(), "1".into()]));
    // Dip Pouch: the placement pairs at 40 each (Solo has no pair).
    assert!(rows.contains(&vec!["dp".into(), "all".into(), "3".into(), "1.5".into()]));
    let page = read(&out.join("predictions.html"));
    assert!(page.contains("<th scope=\"row\">All years</th>"));
    // Cells by rating, in site.toml order: Elo 2.5 of 5; Glicko-2 1 of 2;
    // TrueSkill (see its CSV); Dip Pouch 1.5 of 3.
    let table = table_rows(&page);
    assert_eq!(table[0][0], "50.0 % of 5");
    assert_eq!(table[0][1], "50.0 % of 2");
    assert_eq!(table[0][3], "50.0 % of 3");
    // Without the games between equal ratings: Elo 1 of 2 (Ann–Bob right,
    // Bob–Dan wrong); Glicko-2 and Dip Pouch have none left.
    assert_eq!(table[1][0], "50.0 % of 2");
    assert_eq!(table[1][1], "");
    assert_eq!(table[1][3], "");
    // The page says which rating predicted best.
    assert!(page.contains("<strong>TrueSkill named the better finisher most often: 70.0 % (Elo Rating 50.0 %, Glicko-2 Rating 50.0 %, Dip Pouch Tournament Rating 50.0 %).</strong>"));
    let home = read(&out.join("index.html"));
    assert!(home.contains("href=\"predictions.html\""));
}

#[test]
fn every_rating_has_a_method_page_with_its_parameters() {
    let (_tmp, out) = build(&fixture("more-systems"));
    for (id, words) in [
        ("elo", "K = <strong>32</strong>"),
        ("glicko2", "RD = <strong>350.00</strong>"),
        ("trueskill", "σ = <strong>8.33</strong>"),
        ("dp", "starts at <strong>40</strong>"),
    ] {
        let page = read(&out.join(format!("rating/{id}/method.html")));
        assert!(page.contains(words), "{id}: {words}");
        assert!(page.contains("aria-current=\"page\">Method</a>"), "{id}");
    }
}

/// The seed systems' downloads on the shipped site and the DCI example are
/// byte for byte those of the build before Elo, Glicko-2 and TrueSkill were
/// added (tests/golden/, written by that build). After a change that is
/// meant to change them, `UPDATE_GOLDEN=1 cargo test --test integration
/// seed_system_downloads` writes the new files (review the diff before
/// committing it).
#[test]
fn seed_system_downloads_are_unchanged() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for (site, golden) in [(repo(), "shipped"), (repo().join("examples/dci-league"), "dci-league")] {
        let (_tmp, out) = build(&site);
        let dir = repo().join("tests/golden").join(golden);
        let mut compared = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap();
            let now = read(&out.join("downloads").join(name));
            if update {
                std::fs::write(&path, &now).unwrap();
            } else {
                assert_eq!(now, read(&path), "{golden}/{name}");
            }
            compared += 1;
        }
        assert!(compared >= 2, "{golden}");
    }
}

/// Forfeits (won, lost, double, the unrated draw) and byes of every kind
/// are rated by no system: only games over the board are. Draws written
/// the ways players write them are one drawn game.
#[test]
fn forfeits_and_byes_are_never_rated_and_draws_are_written_as_players_write_them() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("club");
    std::fs::create_dir_all(site.join("data")).unwrap();
    let mut settings = String::from("title = \"Club\"\n");
    for system in ["elo", "glicko2", "trueskill"] {
        settings.push_str(&format!("\n[[rating]]\nid = \"{system}\"\nsystem = \"{system}\"\n"));
    }
    settings.push_str("\n[[rating]]\nid = \"dci\"\nsystem = \"dci\"\ncategory = \"Limited\"\nformats = [\"Rapid\"]\n");
    std::fs::write(site.join("site.toml"), settings).unwrap();
    std::fs::write(
        site.join("data/night.toml"),
        r#"name = "Club night"
date = 2025-03-11
format = "Rapid"

[[round]]
matches = [["Ann Archer", "Bob Baker", "½-½"], ["Cid Cole", "Dee Dunn", "+-"], ["Eve Egan", "Fay Ford", "--"]]
half_point_byes = ["Gus Gray"]
zero_point_byes = ["Hal Hill"]

[[round]]
matches = [["Ann Archer", "Cid Cole", "="], ["Bob Baker", "Dee Dunn", "-+"], ["Eve Egan", "Gus Gray", "½F-½F"]]
byes = ["Fay Ford"]

[[round]]
matches = [["Ann Archer", "Dee Dunn", "1/2-1/2"], ["Bob Baker", "Cid Cole", "0F-1F"]]
"#,
    )
    .unwrap();
    let (_tmp, out) = build(&site);
    for rating in ["elo", "glicko2", "trueskill", "dci"] {
        let history = read(&out.join(format!("downloads/{rating}-history.csv")));
        let mut rated: Vec<String> = csv_rows(&history)
            .into_iter()
            .skip(1)
            .map(|row| row[2].clone())
            .collect();
        rated.sort();
        // Ann drew three games over the board; Bob, Cid and Dee played one
        // each against her; nobody else played a game.
        assert_eq!(rated, ["Ann Archer", "Bob Baker", "Cid Cole", "Dee Dunn"], "{rating}");
    }
    // Three drawn games for Ann, written three ways: Elo moves her not at all.
    let history = read(&out.join("downloads/elo-history.csv"));
    let ann = csv_rows(&history).into_iter().find(|r| r[2] == "Ann Archer").unwrap();
    close(&ann[3], 1500.0);
    close(&ann[4], 1500.0);
}
