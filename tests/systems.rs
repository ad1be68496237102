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
        ann.contains(&format!(
            "<dd>{:.0} <span class=\"nw spread\">± {:.0}</span>",
            r,
            2.0 * rd
        )),
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
    assert_eq!(rows[0], ["rating", "year", "games", "right", "log_loss"]);
    // Elo: Placement Open, three pairs of equal ratings: 1.5 of 3. Match
    // Night: Ann (1516) beat Bob (1500): right; Cid–Dan drawn: no game;
    // round 2 Ann–Cid drawn: no game; Bob (1484.74) beat Dan (1499.26):
    // wrong. 2.5 of 5.
    let row = |id: &str, year: &str| rows.iter().find(|r| r[0] == id && r[1] == year).unwrap().clone();
    assert_eq!(row("elo", "2020")[2..4], ["5", "2.5"]);
    assert_eq!(row("elo", "all")[2..4], ["5", "2.5"]);
    // Log loss, draws included (7 games): the three placement pairs at ½
    // each (ln 2), then −ln E(1516, 1500), the draw Cid–Dan
    // −½ ln[E(1484, 1500) (1 − E(1484, 1500))], the draw Ann–Cid at
    // 1531.26 against 1484.74, and −ln E(1484.74, 1499.26) (Python).
    close(&row("elo", "all")[4], 0.6942465456421058);
    assert_eq!(row("elo", "2020")[4], row("elo", "all")[4]);
    // Glicko-2: only the two decided matches, both from ratings of 1500
    // (ratings from before the event): half each.
    assert_eq!(row("glicko2", "all")[2..4], ["2", "1"]);
    // Dip Pouch: the placement pairs at 40 each (Solo has no pair); no
    // model, no log loss.
    assert_eq!(row("dp", "all")[2..], ["3", "1.5", ""]);
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
    // Seven games are too few to compare: no rating is named best.
    assert!(page.contains("<strong>No two ratings rate the same games (at least 100 of them)"));
    assert!(page.contains(
        "Not comparable (rated different games, or fewer than 100 of the same): Elo Rating and Glicko-2 Rating;"
    ));
    assert_eq!(
        read(&out.join("downloads/predictions-compared.csv")),
        "first,second,games,measure,difference,low,high\n"
    );
    // Calibration: ten bins per rating with a model, their games the games
    // of its log loss (Elo: 7).
    let calibration = csv_rows(&read(&out.join("downloads/calibration.csv")));
    assert_eq!(
        calibration[0],
        ["rating", "bin_low", "bin_high", "games", "mean_p", "observed"]
    );
    let elo: Vec<&Vec<String>> = calibration.iter().filter(|r| r[0] == "elo").collect();
    assert_eq!(elo.len(), 10);
    assert_eq!((elo[0][1].as_str(), elo[9][2].as_str()), ("0.50", "1.00"));
    assert_eq!(elo.iter().map(|r| r[3].parse::<u64>().unwrap()).sum::<u64>(), 7);
    assert!(calibration.iter().all(|r| r[0] != "dp"));
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

/// Two Elo ratings (K 32 and K 8) over the same 160 matches, and a
/// Glicko-2 rating of one format only: the first two compared on their
/// shared games, the third not comparable; the difference is that of the
/// two ratings' log losses (they rate the very same games), inside its
/// interval, the same on every build; the headline agrees with it.
#[test]
fn ratings_are_compared_on_the_games_both_rate() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path();
    std::fs::write(
        site.join("site.toml"),
        "title = \"Compared\"\n\
         [[rating]]\nid = \"fast\"\ntitle = \"fast\"\nsystem = \"elo\"\nk = 32\n\
         [[rating]]\nid = \"slow\"\ntitle = \"slow\"\nsystem = \"elo\"\nk = 8\n\
         [[rating]]\nid = \"blitz\"\ntitle = \"blitz\"\nsystem = \"glicko2\"\nformats = [\"Blitz\"]\n",
    )
    .unwrap();
    std::fs::create_dir(site.join("data")).unwrap();
    // Four players of fixed strength: A beats everyone, B beats C and D,
    // C and D draw; a Blitz event once in ten (two matches).
    let names = ["Ann Able", "Bob Baker", "Cid Cole", "Dan Dunn"];
    for e in 0..40 {
        let format = if e % 10 == 0 { "Blitz" } else { "Standard" };
        let mut text = format!(
            "name = \"Night {e}\"\ndate = 2020-{:02}-{:02}\nformat = \"{format}\"\n",
            1 + e / 4,
            1 + e % 4 * 7
        );
        for (a, b) in [(0, 1), (2, 3)].into_iter().chain([(0, 2), (1, 3)]) {
            let result = match (a, b) {
                (2, 3) => "0-0-1",
                _ => "1-0",
            };
            if (a, b) == (0, 2) || (a, b) == (0, 1) {
                text.push_str("\n[[round]]\nmatches = [");
            }
            text.push_str(&format!("[\"{}\", \"{}\", \"{result}\"],", names[a], names[b]));
            if (a, b) == (2, 3) || (a, b) == (1, 3) {
                text.push_str("]\n");
            }
        }
        std::fs::write(site.join(format!("data/e{e:02}.toml")), text).unwrap();
    }
    let (_tmp, out) = build(site);
    let predictions = csv_rows(&read(&out.join("downloads/predictions.csv")));
    let loss = |id: &str| -> f64 {
        predictions.iter().find(|r| r[0] == id && r[1] == "all").unwrap()[4]
            .parse()
            .unwrap()
    };
    let compared = read(&out.join("downloads/predictions-compared.csv"));
    let rows = csv_rows(&compared);
    assert_eq!(rows.len(), 2, "{compared}");
    assert_eq!(rows[1][..4], ["fast", "slow", "160", "log_loss"]);
    let [difference, low, high]: [f64; 3] = std::array::from_fn(|i| rows[1][4 + i].parse().unwrap());
    assert!((difference - (loss("fast") - loss("slow"))).abs() < 1e-12);
    assert!(low <= difference && difference <= high, "{low} {difference} {high}");
    // Deterministic: a second build gives the same bytes.
    let (_tmp2, again) = build(site);
    assert_eq!(read(&again.join("downloads/predictions-compared.csv")), compared);
    let page = read(&out.join("predictions.html"));
    assert!(
        page.contains(
            "Not comparable (rated different games, or fewer than 100 of the same): fast and blitz; slow and blitz."
        ),
        "{page}"
    );
    // The faster K learns the fixed strengths sooner: a clear difference,
    // and the headline names it.
    assert!(high < 0.0, "{low} {high}");
    assert!(page.contains("<strong>fast predicts these results best: on the games it shares with slow, its predictions were better by more than chance explains.</strong>"));
}

/// The shipped examples: the chess club's three ratings compared on the
/// same games, the headline agreeing with the intervals of the CSV; the
/// DCI league's ratings rate different games and none is compared.
#[test]
fn the_examples_compare_only_what_can_be_compared() {
    let (_tmp, out) = build(&repo().join("examples/chess-club"));
    let compared = read(&out.join("downloads/predictions-compared.csv"));
    let rows = csv_rows(&compared);
    assert_eq!(rows.len(), 4, "{compared}");
    let page = unescape(&read(&out.join("predictions.html")));
    let title = |id: &str| match id {
        "elo" => "Elo",
        "glicko2" => "Glicko-2",
        "trueskill" => "TrueSkill",
        other => panic!("{other}"),
    };
    let mut wins = std::collections::BTreeMap::<&str, (usize, usize)>::new();
    for r in &rows[1..] {
        assert_eq!(r[3], "log_loss");
        let (low, high): (f64, f64) = (r[5].parse().unwrap(), r[6].parse().unwrap());
        // Lower log loss is better: the first wins when high < 0.
        let first = if high < 0.0 {
            Some(true)
        } else if low > 0.0 {
            Some(false)
        } else {
            None
        };
        for (id, won) in [(r[0].as_str(), first), (r[1].as_str(), first.map(|f| !f))] {
            let e = wins.entry(id).or_default();
            e.1 += 1;
            e.0 += usize::from(won == Some(true));
        }
        if first.is_none() {
            let apart = format!("{} and {} cannot be told apart", title(&r[0]), title(&r[1]));
            assert!(page.contains(&apart), "{apart}");
        }
    }
    let best: Vec<&str> = wins.iter().filter(|(_, (w, n))| w == n).map(|(id, _)| *id).collect();
    match best.as_slice() {
        [one] => assert!(page.contains(&format!("<strong>{} predicts these results best", title(one)))),
        _ => assert!(page.contains("<strong>No rating is clearly best on this data")),
    }
    let (_tmp, out) = build(&repo().join("examples/dci-league"));
    assert_eq!(
        read(&out.join("downloads/predictions-compared.csv")),
        "first,second,games,measure,difference,low,high\n"
    );
    let page = unescape(&read(&out.join("predictions.html")));
    assert!(page.contains("DCI Limited and DCI Constructed (Standard); DCI Limited and League Standings Rating"));
    assert!(page.contains("<strong>No two ratings rate the same games"));
}
