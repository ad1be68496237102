//! `ratings tune` end to end: what it prints is what a build with the
//! printed parameters gives.

use crate::common::*;

/// A site of six players of fixed strengths over two years, 20 events of
/// six matches each year, the results drawn with Elo's chances from the
/// strengths (a fixed seed).
fn two_years(dir: &std::path::Path, rating: &str) {
    std::fs::write(dir.join("site.toml"), format!("title = \"Tune\"\n{rating}")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let strength = [1800.0, 1700.0, 1600.0, 1500.0, 1400.0, 1300.0];
    let mut x: u64 = 2027;
    let mut next = || {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (x >> 11) as f64 / (1u64 << 53) as f64
    };
    for e in 0..40 {
        let mut text = format!(
            "name = \"Night {e}\"\ndate = {}-{:02}-01\nformat = \"Standard\"\n",
            2020 + e / 20,
            1 + e % 20 / 2
        );
        for round in [[(0, 5), (1, 4), (2, 3)], [(0, 3), (1, 2), (4, 5)]] {
            text.push_str("\n[[round]]\nmatches = [");
            for (a, b) in round {
                let p = 1.0 / (1.0 + 10f64.powf((strength[b] - strength[a]) / 400.0));
                let result = if next() < p { "1-0" } else { "0-1" };
                text.push_str(&format!("[\"Player {a}\", \"Player {b}\", \"{result}\"], "));
            }
            text.push_str("]\n");
        }
        std::fs::write(dir.join(format!("data/e{e:02}.toml")), text).unwrap();
    }
}

/// The log loss of `id` in `year` of a build's predictions.csv, as tune prints it.
fn build_loss(out: &std::path::Path, id: &str, year: &str) -> String {
    let csv = read(&out.join("downloads/predictions.csv"));
    let row = csv
        .lines()
        .find(|l| l.starts_with(&format!("{id},{year},")))
        .unwrap_or_else(|| panic!("{id} {year}: {csv}"));
    let loss: f64 = row.rsplit(',').next().unwrap().parse().unwrap();
    format!("{loss:.6}")
}

/// Run `ratings tune` on `site` for rating `id` and check that it prints
/// what builds give: the site as it is for the current parameters, the site
/// with the printed table in place of its ratings for the best. The
/// holdout must cut between two years, `years` (training, held out), and
/// `games` is the line of the games of each part. Returns the report.
fn printed_figures_are_built(site: &std::path::Path, id: &str, holdout: &str, years: [&str; 2], games: &str) -> String {
    let site_toml = read(&site.join("site.toml"));
    let tune = || {
        std::process::Command::new(BIN)
            .args(["tune", "--site"])
            .arg(site)
            .args(["--rating", id, "--holdout", holdout])
            .output()
            .unwrap()
    };
    let run = tune();
    let printed = String::from_utf8(run.stdout).unwrap();
    assert!(
        run.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // Deterministic: a second run prints the same.
    assert_eq!(String::from_utf8(tune().stdout).unwrap(), printed);
    assert!(printed.contains(games), "{printed}");
    let figures = |label: &str| -> (String, String) {
        let line = printed.lines().find(|l| l.trim_start().starts_with(label)).unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        (words[words.len() - 2].to_string(), words[words.len() - 1].to_string())
    };
    let (current_training, best_training) = figures("log loss, training");
    let (current_held, best_held) = figures("log loss, held out");
    // The current parameters: the site as it is.
    let (_a, out) = build(site);
    assert_eq!(build_loss(&out, id, years[0]), current_training);
    assert_eq!(build_loss(&out, id, years[1]), current_held);
    // The best: the printed table in site.toml, in place of the ratings.
    let table = &printed[printed.find("[[rating]]").expect("a table to paste")..];
    let tuned = site.parent().unwrap().join(format!("{id}-tuned"));
    copy_tree(site, &tuned);
    let settings = &site_toml[..site_toml.find("[[rating]]").unwrap()];
    std::fs::write(tuned.join("site.toml"), format!("{settings}{table}")).unwrap();
    let (_b, out) = build(&tuned);
    assert_eq!(build_loss(&out, id, years[0]), best_training);
    assert_eq!(build_loss(&out, id, years[1]), best_held);
    assert!(best_training <= current_training, "{printed}");
    // tune never changes site.toml.
    assert_eq!(read(&site.join("site.toml")), site_toml);
    printed
}

#[test]
fn the_printed_figures_are_what_a_build_with_the_printed_parameters_gives() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    std::fs::create_dir(&site).unwrap();
    two_years(&site, "[[rating]]\nid = \"elo\"\nsystem = \"elo\"\nk = 8\n");
    // Half the games held out: 2021, cut between two dates.
    let printed = printed_figures_are_built(
        &site,
        "elo",
        "0.5",
        ["2020", "2021"],
        "games: 120 for training, 120 held out (from 2021-01-01)",
    );
    assert!(printed.contains("\nk = "), "{printed}");
    assert!(
        !printed.contains("\nk = 8\n"),
        "K 8 is far from the strengths' spread: {printed}"
    );
    assert!(!printed.contains("Nothing better found"), "{printed}");
}

/// The same for a DCI rating, whose K bands are pasted back as a whole
/// `k_bands` table (its last bound `inf`): the DCI example's Limited
/// rating, 1997 to train on, 1998 held out.
#[test]
fn the_printed_figures_of_a_dci_rating_are_what_a_build_gives() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_tree(&repo().join("examples/dci-league"), &site);
    let printed = printed_figures_are_built(
        &site,
        "dci-limited",
        "0.6455",
        ["1997", "1998"],
        "games: 334 for training, 605 held out (from 1997-12-13)",
    );
    for name in [
        "initial",
        "provisional_matches",
        "k_bands 1 bound",
        "k_bands 3 K",
        "judge_level_for_full_k",
    ] {
        assert!(printed.contains(&format!("\n  {name} ")), "{name}: {printed}");
    }
    // min_players decides which events are rated: not searched.
    assert!(!printed.contains("min_players"), "{printed}");
    assert!(printed.contains("\nk_bands = [["), "{printed}");
    assert!(printed.contains(", [inf, "), "{printed}");
}

#[test]
fn tune_refuses_what_it_cannot_do() {
    let tmp = tempfile::tempdir().unwrap();
    two_years(tmp.path(), "[[rating]]\nid = \"elo\"\nsystem = \"elo\"\n");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(BIN)
            .args(["tune", "--site"])
            .arg(tmp.path())
            .args(args)
            .output()
            .unwrap();
        (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (ok, err) = run(&["--rating", "nope"]);
    assert!(!ok);
    assert!(
        err.contains("no rating \"nope\" in site.toml (its ratings: elo)"),
        "{err}"
    );
    let (ok, err) = run(&["--holdout", "1"]);
    assert!(!ok);
    assert!(err.contains("--holdout must be from 0 to below 1, not 1"), "{err}");
}
