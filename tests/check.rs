//! `ratings check`: errors, warnings, and nothing written.

use std::process::Command;

use crate::common::*;

/// An empty site with one Dip Pouch rating, for events written by a test.
fn dip_pouch_site() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("site.toml"),
        "[[rating]]\nid = \"dp\"\nsystem = \"dip-pouch\"\n",
    )
    .unwrap();
    std::fs::create_dir_all(tmp.path().join("data")).unwrap();
    tmp
}

fn check_cmd(site: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ratings"))
        .arg("check")
        .arg("--site")
        .arg(site)
        .output()
        .unwrap()
}

#[test]
fn warnings_for_duplicates_mis_decoded_names_and_tie_ranks() {
    let site = fixture("check");
    let shown = crate::common::check_warnings(&site);
    let all = shown.join("\n");
    assert_eq!(shown.len(), 5, "{all}");
    // Björn MEYER (2001) / Bjorn Meyer (2002): the accented spelling is kept.
    let bjorn = shown.iter().find(|w| w.contains("Bjorn Meyer")).expect(&all);
    assert!(
        bjorn.starts_with("data/2002/summer.toml:9: possible duplicate player"),
        "{bjorn}"
    );
    assert!(
        bjorn.contains("same name once accents and punctuation are stripped"),
        "{bjorn}"
    );
    assert!(
        bjorn.contains(&format!(
            "add to {}:\n    [[player]]\n    name = \"Björn MEYER\"\n    aliases = [\"Bjorn Meyer\"]\n",
            site.join("data/players.toml").display()
        )),
        "{bjorn}"
    );
    // Chruk (one event) / Chuck (two events) KRUEGER: Chuck is kept.
    let chruk = shown.iter().find(|w| w.contains("Chruk")).expect(&all);
    assert!(
        chruk.starts_with("data/2002/summer.toml:13: possible duplicate player"),
        "{chruk}"
    );
    assert!(
        chruk.contains("\n    [[player]]\n    name = \"Chuck KRUEGER\"\n    aliases = [\"Chruk KRUEGER\"]\n"),
        "{chruk}"
    );
    // Tom / Tim SMITH are both in players.toml: known to be two people.
    assert!(!all.contains("SMITH"), "{all}");
    // Mis-decoded names, at the line of their first appearance.
    assert!(
        shown.iter().any(|w| w
            .starts_with("data/2001/spring.toml:16: player name \"Le´ S──RLAINEN\" looks mis-decoded (box-drawing")),
        "{all}"
    );
    assert!(
        shown
            .iter()
            .any(|w| w.starts_with("data/2003/autumn.toml:13: player name \"GrÃ©gory MOSTYN\" looks mis-decoded")),
        "{all}"
    );
    // 1, 1, 2 in a full list; the partial list 1, 2, 2, 4 is fine.
    let ties: Vec<&String> = shown.iter().filter(|w| w.contains("tie ranks")).collect();
    assert_eq!(ties.len(), 1, "{all}");
    assert!(
        ties[0].starts_with("data/2002/summer.toml:17: inconsistent tie ranks: rank 2 has 2 rows ranked above it"),
        "{}",
        ties[0]
    );
}

#[test]
fn clean_fixtures_have_no_warnings() {
    // The shipped site has one, of its own data: see
    // an_event_without_rank_one_is_warned_about.
    for site in [fixture("basic"), fixture("ties")] {
        let warnings = ratings_site::check(&site).unwrap().warnings;
        assert!(warnings.is_empty(), "{}: {warnings:?}", site.display());
    }
}

#[test]
fn the_command_reports_every_error_writes_nothing_and_exits_non_zero() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let clean = check_cmd(&site);
    assert!(clean.status.success());
    assert!(String::from_utf8_lossy(&clean.stdout).contains("no errors, 0 warnings"));
    // Two broken files: both reported together.
    let bad = site.join("data/2000/world-champs.toml");
    std::fs::write(&bad, read(&bad).replace("rank = 4", "rank = 9")).unwrap();
    let cup = site.join("data/2005/a-cup.toml");
    std::fs::write(&cup, read(&cup).replace("rounds = 1", "rounds = 1\nplce = \"x\"")).unwrap();
    let out = check_cmd(&site);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("world-champs.toml:26:8: rank 9 is larger than the 8 players of the event"),
        "{stderr}"
    );
    assert!(stderr.contains("a-cup.toml:7:1: unknown field `plce`"), "{stderr}");
    assert!(stderr.ends_with("2 errors\n"), "{stderr}");
    // Nothing written: no output folder, no build folder.
    let entries: Vec<String> = std::fs::read_dir(&site)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut entries = entries;
    entries.sort();
    assert_eq!(entries, ["data", "site.toml"]);
    assert!(!tmp.path().join("site/public").exists());

    // Warnings only: exit 0, warnings on stderr.
    let out = check_cmd(&fixture("check"));
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("no errors, 5 warnings"));
    assert_eq!(String::from_utf8_lossy(&out.stderr).matches("warning: ").count(), 5);
}

#[test]
fn a_static_file_that_hides_a_generated_one_is_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let config = site.join("site.toml");
    std::fs::write(
        &config,
        format!("base_url = \"https://example.org/r/\"\n{}", read(&config)),
    )
    .unwrap();
    std::fs::create_dir_all(site.join("static")).unwrap();
    std::fs::write(site.join("static/feed.xml"), "<feed/>").unwrap();
    // robots.txt may be replaced on purpose.
    std::fs::write(site.join("static/robots.txt"), "User-agent: *\nDisallow: /\n").unwrap();
    let err = ratings_site::check(&site).unwrap_err().to_string();
    assert!(
        err.contains("static/feed.xml: static file would overwrite the generated file feed.xml"),
        "{err}"
    );
    assert!(!err.contains("robots.txt"), "{err}");
    assert!(err.ends_with("1 error"), "{err}");
}

/// Many players: the duplicate search stays linear (buckets), and finds
/// exactly the planted pairs among names that are all far apart.
#[test]
fn duplicates_among_many_players() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    // 2,000 players in 20 events: first names "Q<number>x" and last names
    // "La<number>": numbers differ in at least one digit, and each first
    // name is paired with a distinct last name, so no two are close.
    let mut n = 0;
    for e in 0..20 {
        let mut text = format!(
            "name = \"E{e}\"\ndate = 2005-01-{:02}\nplayers = 100\nrounds = 1\n",
            e + 1
        );
        for r in 1..=100 {
            let name = format!("Q{}x La{}", n * 7919 % 100_003, n);
            text.push_str(&format!("[[results]]\nrank = {r}\nname = \"{name}\"\n"));
            n += 1;
        }
        std::fs::write(site.join(format!("data/e{e}.toml")), text).unwrap();
    }
    assert!(ratings_site::check(site).unwrap().warnings.is_empty());
    // Plant: the same last name with a misspelt first name, and an accent.
    std::fs::write(
        site.join("data/planted.toml"),
        "name = \"P\"\ndate = 2006-01-01\nplayers = 2\nrounds = 1\n[[results]]\nrank = 1\nname = \"Q7919y La1\"\n[[results]]\nrank = 2\nname = \"Q15838x L\u{e1}2\"\n",
    )
    .unwrap();
    let warnings = ratings_site::check(site).unwrap().warnings;
    let messages: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages
            .iter()
            .any(|m| m.contains("\"Q7919y La1\"") && m.contains("\"Q7919x La1\""))
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("\"Q15838x Lá2\"") && m.contains("\"Q15838x La2\""))
    );
}

#[test]
fn a_custom_domain_that_base_url_does_not_use_is_a_warning() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    std::fs::create_dir_all(site.join("static")).unwrap();
    std::fs::write(site.join("static/CNAME"), "ratings.example.org\n").unwrap();
    let messages = |site: &std::path::Path| -> Vec<String> {
        ratings_site::check(site)
            .unwrap()
            .warnings
            .iter()
            .map(|w| w.to_string())
            .collect()
    };
    let without = messages(&site);
    assert_eq!(without.len(), 1, "{without:?}");
    assert!(without[0].ends_with("static/CNAME:1:1: static/CNAME publishes the site at ratings.example.org but base_url is not set: set base_url = \"https://ratings.example.org/\" for the sitemap, feed and canonical links"), "{}", without[0]);
    let config = site.join("site.toml");
    let original = read(&config);
    std::fs::write(
        &config,
        format!("base_url = \"https://user.github.io/ratings/\"\n{original}"),
    )
    .unwrap();
    let other = messages(&site);
    assert_eq!(other.len(), 1, "{other:?}");
    assert!(
        other[0].contains("but base_url is \"https://user.github.io/ratings/\""),
        "{}",
        other[0]
    );
    std::fs::write(
        &config,
        format!("base_url = \"https://Ratings.Example.org/\"\n{original}"),
    )
    .unwrap();
    assert!(messages(&site).is_empty());
    // A CNAME of 8 MB on one line: one short warning, its first 4 KB read
    // (it was read whole and quoted twice: 16 MB of warning).
    std::fs::write(site.join("static/CNAME"), "a".repeat(8 << 20)).unwrap();
    let long = messages(&site);
    assert_eq!(long.len(), 1, "{long:?}");
    assert!(
        long[0].ends_with("static/CNAME:1:1: static/CNAME does not start with a domain name (its first line has more than 253 characters): GitHub Pages expects one domain name"),
        "{}",
        &long[0][..long[0].len().min(300)]
    );
}

/// The site-size guard: `check` estimates what `build` writes, and both
/// warn over `max_site_mb`, naming the largest kinds of file.
#[test]
fn check_estimates_the_size_and_both_warn_over_max_site_mb() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    // The shipped site's own files only: the repository also holds
    // `target/`, which other tests write to meanwhile.
    std::fs::create_dir(&site).unwrap();
    std::fs::copy(repo().join("site.toml"), site.join("site.toml")).unwrap();
    for dir in ["data", "static"] {
        copy_dir(&repo().join(dir), &site.join(dir));
    }
    let checked = ratings_site::check(&site).unwrap();
    assert_eq!(checked.size_warning, None, "the shipped site is far under 1000 MB");
    let options = crate::common::options(&site, &tmp.path().join("out"));
    let built = ratings_site::build(&options).unwrap();
    assert_eq!(built.size_warning, None);
    // The estimate: pages of small kinds rendered whole, generated files
    // exactly; the shipped site's kinds are all small, so it is exact.
    let estimate = checked.size.total();
    assert_eq!(estimate, built.bytes, "estimate {estimate} vs built {}", built.bytes);

    // A limit of 1 MB: over it.
    let toml = std::fs::read_to_string(site.join("site.toml")).unwrap();
    std::fs::write(site.join("site.toml"), format!("max_site_mb = 1\n{toml}")).unwrap();
    let w = ratings_site::check(&site)
        .unwrap()
        .size_warning
        .expect("a warning over 1 MB");
    assert!(w.contains("more than max_site_mb = 1 of site.toml"), "{w}");
    assert!(w.contains(": player pages "), "the largest kind first: {w}");
    let built = ratings_site::build(&crate::common::options(&site, &tmp.path().join("out2"))).unwrap();
    assert_eq!(built.size_warning.as_deref(), Some(w.as_str()));
    std::fs::write(site.join("site.toml"), format!("max_site_mb = 0\n{toml}")).unwrap();
    let err = ratings_site::check(&site).unwrap_err().to_string();
    assert!(
        err.contains("site.toml:1:15: `max_site_mb` must be a whole number of MB from 1, not 0"),
        "{err}"
    );
}

/// `build` gives `check`'s warnings too: the first three, then the count
/// and where to see them all; the site is still written.
#[test]
fn build_prints_the_warnings_of_check() {
    let site = fixture("check");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let built = ratings_site::build(&crate::common::options(&site, &out)).unwrap();
    let checked = ratings_site::check(&site).unwrap().warnings;
    assert_eq!(built.warnings, checked);
    assert_eq!(built.warnings.len(), 5);
    let run = Command::new(env!("CARGO_BIN_EXE_ratings"))
        .args(["build", "--full", "--site"])
        .arg(&site)
        .arg("--output")
        .arg(tmp.path().join("out2"))
        .output()
        .unwrap();
    assert!(run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(err.matches("warning: ").count(), 3, "{err}");
    assert!(err.contains("possible duplicate player"), "{err}");
    assert!(
        err.contains("5 warnings in all (2 more): run `ratings check` to see every one"),
        "{err}"
    );
    assert!(tmp.path().join("out2/index.html").is_file());
}

/// One event a name, for the duplicate checks.
fn events_of_names(site: &std::path::Path, events: &[(&str, &[&str])]) {
    for (file, names) in events {
        let mut t = format!("name = \"{file}\"\ndate = 2006-01-01\nrounds = 1\n");
        for (i, n) in names.iter().enumerate() {
            t.push_str(&format!("[[results]]\nrank = {}\nname = \"{n}\"\n", i + 1));
        }
        std::fs::write(site.join("data").join(file), t).unwrap();
    }
}

/// A surname typo and a swapped name order are warned about, naming both
/// spellings and files; the printed fix, pasted into data/players.toml as
/// it is, is valid and merges the two (the warning is gone).
#[test]
fn surname_typos_and_swapped_orders_are_warned_about_with_a_fix_to_paste() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    events_of_names(
        site,
        &[
            ("a.toml", &["Ivan Petrov", "Kenji Sato", "Anna Berg"]),
            ("b.toml", &["Ivan Petrow", "Sato Kenji", "Olga Lind"]),
            ("c.toml", &["Ivan Petrov", "Kenji Sato"]),
        ],
    );
    let shown = check_warnings(site);
    let all = shown.join("\n");
    assert_eq!(shown.len(), 2, "{all}");
    let petrow = shown.iter().find(|w| w.contains("Petrow")).expect(&all);
    assert!(
        petrow.starts_with("data/b.toml:6: possible duplicate player: \"Ivan Petrow\""),
        "{petrow}"
    );
    assert!(
        petrow.contains("a.toml) differ by a letter or two in the last name"),
        "{petrow}"
    );
    let sato = shown.iter().find(|w| w.contains("Sato Kenji")).expect(&all);
    assert!(
        sato.starts_with("data/b.toml:9: possible duplicate player: \"Sato Kenji\""),
        "{sato}"
    );
    assert!(sato.contains("are the same names in another order"), "{sato}");
    // Paste both fixes as printed.
    let fix = |w: &str| {
        let start = w.find("    [[player]]").unwrap();
        let end = w.find("  (if they").unwrap();
        w[start..end].to_string()
    };
    std::fs::write(site.join("data/players.toml"), fix(petrow) + &fix(sato)).unwrap();
    assert_eq!(check_warnings(site), Vec::<String>::new());
    // Another typo of a spelling with an entry now: its aliases line to
    // paste, with the alias it has (a second `[[player]]` of that name,
    // as printed before, is an error).
    events_of_names(site, &[("d.toml", &["Olga Lind", "Ivan Petrof"])]);
    let shown = check_warnings(site);
    assert_eq!(shown.len(), 1, "{}", shown.join("\n"));
    let line = "    aliases = [\"Ivan Petrow\", \"Ivan Petrof\"]";
    assert!(
        shown[0].contains(&format!(
            "if they are one person, in {}, give its entry `name = \"Ivan Petrov\"` this aliases line (in place of the one it has, if any):\n{line}\n",
            site.join("data/players.toml").display()
        )),
        "{}",
        shown[0]
    );
    let players = std::fs::read_to_string(site.join("data/players.toml")).unwrap();
    let pasted = players.replace("    aliases = [\"Ivan Petrow\"]", line);
    assert_ne!(pasted, players);
    std::fs::write(site.join("data/players.toml"), pasted).unwrap();
    assert_eq!(check_warnings(site), Vec::<String>::new());
}

/// The one warning `check` gives when "Ivan Petrof" (d.toml) joins "Ivan
/// Petrov" (a.toml), with `players` as data/players.toml.
fn petrof_warning(site: &std::path::Path, players: &str) -> String {
    std::fs::write(site.join("data/players.toml"), players).unwrap();
    events_of_names(
        site,
        &[
            ("a.toml", &["Ivan Petrov", "Anna Berg"]),
            ("d.toml", &["Olga Lind", "Ivan Petrof"]),
        ],
    );
    let mut shown = check_warnings(site);
    assert_eq!(shown.len(), 1, "{}", shown.join("\n"));
    shown.remove(0)
}

/// An entry of many aliases is not quoted whole in each warning about a
/// near spelling of it (10,000 aliases and many near spellings: each
/// warning held them all); the spelling to add is given instead.
#[test]
fn a_likely_duplicate_of_an_entry_of_many_aliases_names_the_spelling_to_add() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    let aliases: Vec<String> = (0..8).map(|i| format!("\"Ivan Petrov {i:04}\"")).collect();
    let shown = [petrof_warning(
        site,
        &format!(
            "[[player]]\nname = \"Ivan Petrov\"\naliases = [{}]\n",
            aliases.join(", ")
        ),
    )];
    assert!(
        shown[0].contains(&format!(
            "if they are one person, in {}, add \"Ivan Petrof\" to the aliases of its entry `name = \"Ivan Petrov\"` (8 aliases)\n",
            site.join("data/players.toml").display()
        )),
        "{}",
        shown[0]
    );
    assert!(!shown[0].contains("0007"), "{}", shown[0]);
    // Seven aliases: the line to paste, as before.
    let seven = format!("aliases = [{}]", aliases[..7].join(", "));
    std::fs::write(
        site.join("data/players.toml"),
        format!("[[player]]\nname = \"Ivan Petrov\"\n{seven}\n"),
    )
    .unwrap();
    let shown = check_warnings(site);
    let pasted = format!("aliases = [{}, \"Ivan Petrof\"]", aliases[..7].join(", "));
    assert!(shown[0].contains(&format!("\n    {pasted}\n")), "{}", shown[0]);
}

/// A first name of 190 letters (names have at most 200) beside a shared
/// surname is not compared letter by letter (at 9,000 letters, when names
/// could have 10,000, that took minutes); a real typo beside it still is.
#[test]
fn a_very_long_first_name_does_not_stall_the_duplicate_check() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    let long = format!("{} Moore", "a".repeat(190));
    let longer = format!("{}b Moore", "a".repeat(190));
    events_of_names(
        site,
        &[
            ("a.toml", &[long.as_str(), "Douglas Moore"]),
            ("b.toml", &[longer.as_str(), "Duoglas Moore"]),
        ],
    );
    let shown = check_warnings(site);
    assert_eq!(shown.len(), 1, "{}", shown.join("\n"));
    assert!(shown[0].contains("\"Duoglas Moore\""), "{}", shown[0]);
}

/// Two events of numbered names (`P0000001 X` ...) are no typos: hundreds
/// of thousands of warnings, each located by reading its file again, took
/// minutes. Names with more look-alikes than a typo has are not reported.
#[test]
fn numbered_names_give_no_flood_of_warnings() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    let a: Vec<String> = (0..1500).map(|i| format!("P{i:07} X")).collect();
    let b: Vec<String> = (1500..3000).map(|i| format!("P{i:07} X")).collect();
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let b: Vec<&str> = b.iter().map(String::as_str).collect();
    events_of_names(site, &[("a.toml", &a), ("b.toml", &b)]);
    let shown = check_warnings(site);
    assert!(
        shown.is_empty(),
        "{} warnings, the first: {:?}",
        shown.len(),
        shown.first()
    );
}

/// A player named like the bare hash of another's slug (`王伟`: ten hex
/// digits) blocked the build with a clash that `check` did not see: the
/// two kinds of slug never meet now, and both players get their page.
#[test]
fn a_name_like_a_hash_does_not_clash_with_a_hashed_slug() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    let wang = ratings_model::names::slug(&ratings_model::names::name_key("王伟"));
    events_of_names(site, &[("a.toml", &["王伟", wang.as_str()])]);
    assert_eq!(check_warnings(site), Vec::<String>::new());
    let out = tempfile::tempdir().unwrap();
    let built = ratings_site::build(&options(site, &out.path().join("out"))).unwrap();
    assert_eq!(built.warnings, []);
    let players: Vec<String> = files(&out.path().join("out/player"));
    assert!(players.contains(&format!("{wang}.html")), "{players:?}");
    assert!(
        players.iter().any(|p| p.starts_with(&format!("{wang}--"))),
        "{players:?}"
    );
}

/// Two names whose hashes agree (`张梁杨龚` and `张邓薛黄`, found by a
/// search) as players, nationalities and circuits stopped the build ("would
/// share the page"): anyone who could add two rows could block the site.
/// Each now gets a page of its own, the later in byte order with `--2`,
/// and every link leads to the right one.
#[test]
fn names_whose_hashes_agree_get_pages_of_their_own() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    let (a, b) = ("张梁杨龚", "张邓薛黄");
    std::fs::write(
        site.join("data/e.toml"),
        format!(
            "name = \"E\"\ndate = 2006-01-01\nrounds = 1\ncircuits = [\"{a}\", \"{b}\"]\n\
             [[results]]\nrank = 1\nname = \"{a}\"\nnat = \"{b}\"\n\
             [[results]]\nrank = 2\nname = \"{b}\"\nnat = \"{a}\"\n"
        ),
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let out = out.path().join("out");
    ratings_site::build(&options(site, &out)).unwrap();
    let page = |path: &str| std::fs::read_to_string(out.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    // a < b in byte order: a keeps the bare hash.
    assert!(page("player/4bdd469d2b.html").contains(&format!("<h1>{a}")));
    assert!(page("player/4bdd469d2b--2.html").contains(&format!("<h1>{b}")));
    // The event page links each name to its own page.
    let event = page("events/e.html");
    assert!(
        event.contains(&format!("href=\"../player/4bdd469d2b.html\">{a}<")),
        "{event}"
    );
    assert!(
        event.contains(&format!("href=\"../player/4bdd469d2b--2.html\">{b}<")),
        "{event}"
    );
    // Nationalities: b is a's, a is b's; each player page links to its own.
    let nation_a = page("rating/dp/nation/4bdd469d2b.html");
    let nation_b = page("rating/dp/nation/4bdd469d2b--2.html");
    assert!(nation_a.contains(b) && nation_b.contains(a));
    assert!(page("player/4bdd469d2b.html").contains("nation/4bdd469d2b--2.html"));
    assert!(page("player/4bdd469d2b--2.html").contains("nation/4bdd469d2b.html"));
    // Circuits.
    assert!(page("circuits/4bdd469d2b.html").contains(a));
    assert!(page("circuits/4bdd469d2b--2.html").contains(b));
}

/// What a build could not write is an error of `check` already, naming the
/// event files: a page where another event's folder goes, a path too long.
#[test]
fn check_finds_the_paths_a_build_could_not_write() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    let event = "name = \"E\"\ndate = 2006-01-01\nrounds = 1\n[[results]]\nrank = 1\nname = \"Ann A\"\n";
    std::fs::create_dir_all(site.join("data/x.html")).unwrap();
    std::fs::write(site.join("data/x.toml"), event).unwrap();
    std::fs::write(site.join("data/x.html/y.toml"), event).unwrap();
    let deep: std::path::PathBuf = (0..13).map(|i| format!("{i}{}", "d".repeat(240))).collect();
    std::fs::create_dir_all(site.join("data").join(&deep)).unwrap();
    std::fs::write(site.join("data").join(&deep).join("e.toml"), event).unwrap();
    let err = ratings_site::check(site).unwrap_err().to_string();
    let data = site.join("data");
    let data = data.display();
    assert!(
        err.contains(&format!("events/x.html: the page of the event {data}/x.toml would be written to this file, which is also a folder of the site (the page of the event {data}/x.html/y.toml is in it): rename one")),
        "{err}"
    );
    let long = format!("events/{}/e.html", deep.display());
    assert!(
        err.contains(&format!(
            "{long}: the page of the event {data}/{}/e.toml would be written to a path of {} bytes: file systems take names of at most 255 bytes and paths of about 4,000",
            deep.display(),
            long.len()
        )),
        "{err}"
    );
}

/// An event file copied under a second name (rated twice) and an event
/// with results dated in the future (a year typo that becomes the site's
/// "Last update") are warnings; an announced event in the future is not.
#[test]
fn copied_events_and_results_from_the_future_are_warned_about() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    let event = |name: &str, date: &str, rows: &str| format!("name = \"{name}\"\ndate = {date}\nrounds = 1\n{rows}");
    let rows = "[[results]]\nrank = 1\nname = \"Ann A\"\n[[results]]\nrank = 2\nname = \"Bob B\"\n";
    let data = site.join("data");
    std::fs::write(data.join("spring.toml"), event("Spring", "2024-03-01", rows)).unwrap();
    std::fs::write(data.join("spring-copy.toml"), event("Summer", "2024-06-01", rows)).unwrap();
    std::fs::write(
        data.join("autumn.toml"),
        event("Autumn", "2035-10-01", "[[results]]\nrank = 1\nname = \"Bob B\"\n"),
    )
    .unwrap();
    std::fs::write(data.join("next.toml"), "name = \"Next\"\ndate = 2099-01-01\n").unwrap();
    let shown = check_warnings(site);
    let all = shown.join("\n");
    let copied: Vec<&String> = shown.iter().filter(|w| w.contains("same results")).collect();
    assert_eq!(
        copied,
        [&format!(
            "data/spring-copy.toml:1: event \"Summer\" has the same results as \"Spring\" ({}): an event file copied under a second name is rated twice; delete the copy, or enter this event's own results",
            data.join("spring.toml").display()
        )],
        "{all}"
    );
    let future: Vec<&String> = shown.iter().filter(|w| w.contains("after today")).collect();
    assert_eq!(future.len(), 1, "{all}");
    assert!(
        future[0]
            .starts_with("data/autumn.toml:2: event \"Autumn\" has results but is dated 2035-10-01, after today ("),
        "{all}"
    );
}

/// A result list without rank 1 (the shipped World DipCon VI page lacks its
/// winner's row) is a warning at its best row.
#[test]
fn an_event_without_rank_one_is_warned_about() {
    assert_eq!(
        check_warnings(&repo()),
        [
            "data/1996/world-dipcon-vi.toml:16: event \"World DipCon VI\" has no rank 1: its best row is rank 2; was the winner's row left out when the page was copied?"
        ]
    );
}

/// `[rating]` (one table) where `[[rating]]` belongs: said plainly, at its line.
#[test]
fn a_single_rating_table_says_to_write_two_brackets() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let toml = std::fs::read_to_string(site.join("site.toml")).unwrap();
    std::fs::write(site.join("site.toml"), toml.replace("[[rating]]", "[rating]")).unwrap();
    let err = ratings_site::check(&site).unwrap_err().to_string();
    let line = toml.lines().position(|l| l == "[[rating]]").unwrap() + 1;
    assert!(
        err.contains(&format!("site.toml:{line}:1: `[rating]` is one table, but ratings are a list of tables: write `[[rating]]` (two brackets)")),
        "{err}"
    );
}

/// Look-alike names (Unicode TR39 skeletons): a lower-case l for an I, a
/// Cyrillic letter for a Latin one.
#[test]
fn look_alike_names_are_warned_about() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    let event = |names: [&str; 3]| {
        let mut t = String::from("name = \"E\"\ndate = 2006-01-01\nplayers = 3\nrounds = 1\n");
        for (i, n) in names.iter().enumerate() {
            t.push_str(&format!("[[results]]\nrank = {}\nname = \"{n}\"\n", i + 1));
        }
        t
    };
    std::fs::write(
        site.join("data/a.toml"),
        event(["Conrad WOODRING", "Anna SMITH", "Tom Tailor"]),
    )
    .unwrap();
    std::fs::write(
        site.join("data/b.toml"),
        event(["Conrad WOODRlNG", "\u{410}nna SMITH", "Tim Taylor"]),
    )
    .unwrap();
    let warnings: Vec<String> = ratings_site::check(site)
        .unwrap()
        .warnings
        .iter()
        .map(|w| w.to_string())
        .collect();
    let all = warnings.join("\n");
    let look_alike: Vec<&String> = warnings.iter().filter(|w| w.contains("look the same")).collect();
    assert_eq!(look_alike.len(), 2, "{all}");
    assert!(
        look_alike
            .iter()
            .any(|w| w.contains("Conrad WOODRlNG") && w.contains("Conrad WOODRING")),
        "{all}"
    );
    assert!(
        look_alike
            .iter()
            .any(|w| w.contains("\u{410}nna SMITH") && w.contains("Anna SMITH")),
        "{all}"
    );
    // Different names that only share letters are not look-alikes.
    assert!(!all.contains("Tim Taylor\" look"), "{all}");
}

#[test]
fn unknown_country_codes_are_warnings_at_their_first_use() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    std::fs::write(
        site.join("data/a.toml"),
        "name = \"A\"\ndate = 2010-01-01\ncountry = \"NED\"\nrounds = 1\n\
         [[results]]\nrank = 1\nname = \"Ann\"\nnat = \"UK\"\n\
         [[results]]\nrank = 2\nname = \"Bob\"\nnat = \"GBR\"\n\
         [[results]]\nrank = 3\nname = \"Cat\"\nnat = \"uk\"\n\
         [[results]]\nrank = 4\nname = \"Dan\"\nnat = \"ENG\"\n\
         [[results]]\nrank = 5\nname = \"Eve\"\nnat = \"wls\"\n",
    )
    .unwrap();
    std::fs::write(
        site.join("data/b.toml"),
        "name = \"B\"\ndate = 2011-01-01\ncountry = \"Holland\"\nrounds = 1\n\
         [[results]]\nrank = 1\nname = \"Ann\"\nnat = \"UK\"\n",
    )
    .unwrap();
    // players.toml's codes too: "Zeta" (twice, one warning at its first
    // line), "uk" counted with the events' "UK"; "NL" is known.
    std::fs::write(
        site.join("data/players.toml"),
        "[[player]]\nname = \"Fay\"\nnat = \"NL\"\n\n[[player]]\nname = \"Gus\"\nnat = \"Zeta\"\n\n\
         [[player]]\nname = \"Hal\"\nnat = \"zeta\"\n\n[[player]]\nname = \"Ida\"\nnat = \"uk\"\n",
    )
    .unwrap();
    let mut shown = crate::common::check_warnings(site);
    shown.retain(|w| w.contains("federation code"));
    // "UK" in either case three times (one warning, at its first line),
    // "Holland" once; GBR (alpha-3), NED (IOC), ENG and WLS (FIDE) are known.
    assert_eq!(
        shown,
        [
            "data/a.toml:8: nat \"UK\" is not an ISO 3166 (alpha-2 or alpha-3), IOC or FIDE federation code (4 uses): pages show it as written instead of a country name",
            "data/b.toml:3: country \"Holland\" is not an ISO 3166 (alpha-2 or alpha-3), IOC or FIDE federation code (1 use): pages show it as written instead of a country name",
            "data/players.toml:7: nat \"Zeta\" is not an ISO 3166 (alpha-2 or alpha-3), IOC or FIDE federation code (2 uses): pages show it as written instead of a country name",
        ]
    );
}

/// Warnings are cut like errors: a file shows its first 100, then one
/// line at the last of the others counting them (an event of 100,000
/// unknown codes printed 100,001 lines). The summary lines of `check` and
/// `build` still count every warning.
#[test]
fn a_file_shows_its_first_100_warnings_and_counts_the_rest() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    // 150 rows, each its own unknown code: row i's `nat` on line 4i + 7.
    let mut event = String::from("name = \"E\"\ndate = 2010-01-01\nrounds = 1\n");
    for i in 0..150 {
        event.push_str(&format!(
            "[[results]]\nrank = {}\nname = \"P{i} Q\"\nnat = \"Q{i:07}\"\n",
            i + 1
        ));
    }
    std::fs::write(site.join("data/e.toml"), event).unwrap();
    // 120 players.toml entries, each its own code: entry i's on line 3i + 3.
    let registry: String = (0..120)
        .map(|i| format!("[[player]]\nname = \"R{i} R\"\nnat = \"R{i:07}\"\n"))
        .collect();
    std::fs::write(site.join("data/players.toml"), registry).unwrap();
    let shown = crate::common::check_warnings(site);
    let code = |file: &str, line: usize, code: String| {
        format!(
            "data/{file}:{line}: nat {code:?} is not an ISO 3166 (alpha-2 or alpha-3), IOC or FIDE federation code (1 use): pages show it as written instead of a country name"
        )
    };
    assert_eq!(shown.len(), 101 + 101, "{:#?}", &shown[..shown.len().min(3)]);
    assert_eq!(shown[0], code("e.toml", 7, "Q0000000".into()));
    assert_eq!(shown[99], code("e.toml", 4 * 99 + 7, format!("Q{:07}", 99)));
    assert_eq!(
        shown[100],
        "data/e.toml:603: 50 more warnings in this file, up to this line, not shown: fix the first 100 and try again"
    );
    assert_eq!(shown[101], code("players.toml", 3, "R0000000".into()));
    assert_eq!(shown[200], code("players.toml", 3 * 99 + 3, format!("R{:07}", 99)));
    assert_eq!(
        shown[201],
        "data/players.toml:360: 20 more warnings in this file, up to this line, not shown: fix the first 100 and try again"
    );
    assert_eq!(ratings_site::check(site).unwrap().warning_count, 270);

    let run = check_cmd(site);
    assert!(run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(
        err.lines().filter(|l| l.starts_with("warning: ")).count(),
        202,
        "{err:.500}"
    );
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        out.contains(": no errors, 270 warnings; the site will be about"),
        "{out}"
    );
    let run = Command::new(env!("CARGO_BIN_EXE_ratings"))
        .args(["build", "--site"])
        .arg(site)
        .arg("--output")
        .arg(site.join("out"))
        .output()
        .unwrap();
    assert!(run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(err.matches("warning: ").count(), 3, "{err}");
    assert!(
        err.contains("270 warnings in all (267 more): run `ratings check` to see every one"),
        "{err}"
    );
}

/// A rating that rates none of the site's events (Glicko-2 on a site of
/// placements) is a warning at its `[[rating]]` table, with the reason the
/// event pages give; `build` prints it too.
#[test]
fn a_rating_that_rates_no_event_is_a_warning() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&repo().join("data"), &site.join("data"));
    let config = read(&repo().join("site.toml"));
    std::fs::write(
        site.join("site.toml"),
        format!("{config}\n[[rating]]\nid = \"g2\"\nsystem = \"glicko2\"\n"),
    )
    .unwrap();
    let line = config.lines().count() + 2;
    let mut shown = check_warnings(&site);
    shown.retain(|w| !w.contains("has no rank 1"));
    assert_eq!(
        shown,
        [format!(
            "site.toml:{line}: rating \"g2\" (Glicko-2 Rating) rates none of the site's 3 events, so its ranking and downloads are empty; the event pages say why, the first: \"Not rated: Glicko-2 rates matches only, not placements.\" (its method page says which events it rates)"
        )]
    );
    let out = Command::new(env!("CARGO_BIN_EXE_ratings"))
        .args(["build", "--site"])
        .arg(&site)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("rating \"g2\" (Glicko-2 Rating) rates none of the site's 3 events"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A site where each rating rates something: no such warning (the
    // fixture's Glicko-2 rates its match event).
    assert!(
        check_warnings(&fixture("more-systems"))
            .iter()
            .all(|w| !w.contains("rates none")),
        "{:?}",
        check_warnings(&fixture("more-systems"))
    );
}

#[test]
fn a_file_too_dense_for_the_toml_reader_is_refused_before_it_is_read() {
    // 1,600,000 empty rounds written inline (4.8 MB): the parser's tree
    // took 693 MiB before the round limit was checked. Refused at the
    // line where the estimate passes 96 times the file's size, as a
    // `players.toml` of dotted keys is.
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let rounds = format!(
        "name = \"Dense\"\ndate = 2005-06-01\nformat = \"Swiss\"\nround = [\n{}]\n",
        "{},".repeat(1_600_000)
    );
    std::fs::write(site.join("data/2005/dense.toml"), rounds).unwrap();
    let players = site.join("data/players.toml");
    let dotted: String = (0..300_000).map(|i| format!("k{i}.a.b = 1\n")).collect();
    std::fs::write(&players, format!("{}\n{dotted}", read(&players))).unwrap();
    let out = check_cmd(&site);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    let dense = lines.iter().find(|l| l.contains("dense.toml")).expect("the event");
    assert!(
        dense.contains("data/2005/dense.toml:5:")
            && dense.contains(": too many small values and tables from here on to read this file: about "),
        "{dense}"
    );
    assert!(
        dense.ends_with("write rows as `[[results]]` or `[[round]]` tables"),
        "{dense}"
    );
    let registry = lines.iter().find(|l| l.contains("players.toml")).expect("the registry");
    assert!(
        registry.contains("data/players.toml:") && registry.contains("too many small values"),
        "{registry}"
    );
    assert_eq!(lines[2], "2 errors");
}

#[test]
fn tables_whose_rows_are_short_of_their_header_are_refused_before_they_are_rendered() {
    // A header of 362 one-letter columns over 724 rows of one cell (2.9
    // KB) rendered 262,144 cells: 67 MiB for a 3 KB page, 1.6 GB for a
    // 200 KB event report. The same text in a page and in a report.
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let table = format!(
        "{}\n{}\n{}",
        ["a"; 362].join("|"),
        ["-"; 362].join("|"),
        "a\n".repeat(724)
    );
    std::fs::write(site.join("data/pages/wide.md"), format!("# Wide\n\n{table}")).unwrap();
    let cup = site.join("data/2005/a-cup.toml");
    std::fs::write(&cup, format!("report = '''\n{table}'''\n{}", read(&cup))).unwrap();
    let out = check_cmd(&site);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    let message = |limit: usize| {
        format!(
            "the tables of this text would have more than {limit} cells, the most a text of its size may have: every row of a table gets as many cells as its header has columns (362 here), written or not; give a header only the columns its rows use, or split the table"
        )
    };
    let page = 8 + table.len();
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with(&format!("data/pages/wide.md:3:1: {}", message(page + 65_536)))),
        "{stderr}"
    );
    assert!(
        lines.iter().any(|l| l.ends_with(&format!(
            "data/2005/a-cup.toml:1:1: `report`: {}",
            message(table.len() + 65_536)
        ))),
        "{stderr}"
    );
    // With every row's cells written, they are text, not padding: accepted.
    let row = ["a"; 362].join("|");
    let full = format!("{row}\n{}\n{}", ["-"; 362].join("|"), format!("{row}\n").repeat(724));
    std::fs::write(site.join("data/pages/wide.md"), format!("# Wide\n\n{full}")).unwrap();
    std::fs::write(&cup, read(&cup).replace(&table, "A short report.\n")).unwrap();
    assert!(check_cmd(&site).status.success());
}

#[test]
fn event_files_show_about_1000_problems_in_all() {
    // 30 event files of 100 errors each (`rank = 0`): the first files'
    // problems, about 1,000, then one line counting the rest (2,000 such
    // files at a long path printed 568 MB and held 1.7 GB).
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let rows: String = (0..100)
        .map(|i| format!("[[results]]\nrank = 0\nname = \"P{i}\"\n"))
        .collect();
    for f in 0..30 {
        let text = format!("name = \"E{f}\"\ndate = 2001-01-{:02}\nrounds = 1\n{rows}", f % 28 + 1);
        std::fs::write(site.join(format!("data/2000/e{f:02}.toml")), text).unwrap();
    }
    let out = check_cmd(&site);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.iter().filter(|l| l.contains("/e00.toml:")).count(), 100);
    assert_eq!(lines.iter().filter(|l| l.contains("/e09.toml:")).count(), 100);
    assert_eq!(lines.iter().filter(|l| l.contains("/e10.toml:")).count(), 1);
    assert!(
        lines[lines.len() - 2].ends_with(
            "/e10.toml: 2000 more errors in 20 more files (this one and those after it) not shown: fix those above and try again"
        ),
        "{}",
        &stderr[stderr.len().saturating_sub(500)..]
    );
    // The summary counts them all.
    assert_eq!(lines.last(), Some(&"3000 errors"));
}

#[test]
fn the_summary_counts_every_error_shown_or_not() {
    // One file of 150 errors: 100 shown and a line counting 50; then 1,500
    // files of one error: about 1,000 shown and a line counting the rest.
    // The summary counted the lines shown (`101 errors`, `1001 errors`),
    // and a second cut hid one more error behind a line of its own.
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let event = |f: usize, errors: usize| {
        let rows: String = (0..errors)
            .map(|i| format!("[[results]]\nrank = 0\nname = \"P{i}\"\n"))
            .collect();
        let text = format!("name = \"E{f}\"\ndate = 2001-01-{:02}\nrounds = 1\n{rows}", f % 28 + 1);
        std::fs::write(site.join(format!("data/2000/e{f:04}.toml")), text).unwrap();
    };
    event(0, 150);
    let stderr = String::from_utf8(check_cmd(&site).stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 102, "{stderr}");
    assert!(lines[100].ends_with(
        "/e0000.toml:452:1: 50 more errors in this file, up to this line, not shown: fix the first 100 and try again"
    ));
    assert_eq!(lines[101], "150 errors");
    for f in 1..=1500 {
        event(f, 1);
    }
    let stderr = String::from_utf8(check_cmd(&site).stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    let shown = lines
        .iter()
        .filter(|l| l.ends_with("`rank` must be at least 1, not 0"))
        .count();
    let counted = lines
        .iter()
        .filter(|l| l.contains(" more errors in "))
        .collect::<Vec<_>>();
    assert_eq!(counted.len(), 2, "{counted:?}");
    assert!(
        counted[0]
            .ends_with("50 more errors in this file, up to this line, not shown: fix the first 100 and try again")
    );
    // The files in order to about 1,000 shown, then one line for the rest.
    assert!(
        counted[1].ends_with(&format!(
            "/e{:04}.toml: {} more errors in {} more files (this one and those after it) not shown: fix those above and try again",
            shown - 100 + 1,
            1500 - (shown - 100),
            1500 - (shown - 100)
        )),
        "{}: {}",
        shown,
        counted[1]
    );
    assert!((1000..1100).contains(&shown), "{shown}");
    assert_eq!(lines.last(), Some(&"1650 errors"));
}

#[test]
fn warnings_show_about_1000_in_all() {
    // 30 event files of 100 unknown `nat` codes each, all different: the
    // first files' warnings, about 1,000, then one line counting the rest
    // (4,000 such files at a 2.8 KB path: 1.2 GB printed, 1.77 GB held).
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    for f in 0..30 {
        let rows: String = (0..100)
            .map(|i| {
                format!(
                    "[[results]]\nrank = {}\nname = \"P{i}\"\nnat = \"Q{f}X{i}\"\n",
                    (i + f) % 100 + 1
                )
            })
            .collect();
        let text = format!("name = \"E{f}\"\ndate = 2001-01-{:02}\nrounds = 1\n{rows}", f % 28 + 1);
        std::fs::write(site.join(format!("data/2000/e{f:02}.toml")), text).unwrap();
    }
    let out = check_cmd(&site);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", &stderr[..500.min(stderr.len())]);
    let lines: Vec<&str> = stderr.lines().collect();
    let unknown = |f: usize| {
        lines
            .iter()
            .filter(|l| l.contains(&format!("/e{f:02}.toml:")) && l.contains("is not an ISO 3166"))
            .count()
    };
    assert_eq!((unknown(0), unknown(9), unknown(10)), (100, 100, 0));
    assert!(
        lines.iter().any(|l| l.ends_with(
            "/e10.toml: 2000 more warnings in 20 more files (this one and those after it) not shown: fix those above and try again"
        )),
        "{}",
        &stderr[stderr.len().saturating_sub(500)..]
    );
}

#[test]
fn errors_of_every_kind_show_about_1000_in_all() {
    // 1,200 static files under a folder named like a generated page, an
    // error each in its own file: the first 1,000, then one line counting
    // the rest (80,000 such files printed 9.4 MB).
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let clash = site.join("static/index.html");
    std::fs::create_dir_all(&clash).unwrap();
    for i in 0..1200 {
        std::fs::write(clash.join(format!("f{i:04}")), "").unwrap();
    }
    let out = check_cmd(&site);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<&str> = stderr.lines().collect();
    let shown = lines
        .iter()
        .filter(|l| l.ends_with("static folder would take the place of the generated file index.html"))
        .count();
    assert_eq!(shown, 1000, "{}", &stderr[stderr.len().saturating_sub(500)..]);
    assert!(
        lines[lines.len() - 2].ends_with(
            "/static/index.html/f1000: 200 more errors in 200 more files (this one and those after it) not shown: fix those above and try again"
        ),
        "{}",
        &stderr[stderr.len().saturating_sub(500)..]
    );
    assert_eq!(lines.last(), Some(&"1200 errors"));
}

/// Errors quote a text of the input at most 64 characters long (an unknown
/// key, which the TOML parser quotes whole, at most 16 KB): an unknown
/// `format`, a result, a tie-break or a key of 100,000 characters was
/// quoted whole in each error, about 1,000 of them held and printed (64
/// files: 1.2 GB held, 320 MB printed).
#[test]
fn errors_quote_long_texts_of_the_input_cut() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path();
    std::fs::write(
        site.join("site.toml"),
        "[[rating]]\nid = \"elo\"\nsystem = \"elo\"\nformats = [\"Rapid\"]\n",
    )
    .unwrap();
    std::fs::create_dir_all(site.join("data")).unwrap();
    let x = "x".repeat(100_000);
    let events = [
        (
            "a.toml",
            format!("format = \"{x}\"\nrounds = 1\n[[results]]\nrank = 1\nname = \"Ann\"\n"),
        ),
        (
            "b.toml",
            format!("format = \"Rapid\"\n[[round]]\nmatches = [[\"Ann\", \"Bob\", \"{x}\"]]\n"),
        ),
        (
            "c.toml",
            format!(
                "\"{}\" = 1\nrounds = 1\n[[results]]\nrank = 1\nname = \"Ann\"\n",
                "á".repeat(50_000)
            ),
        ),
        (
            "d.toml",
            format!("format = \"Rapid\"\ntiebreaks = [\"{x}\"]\n[[round]]\nmatches = [[\"Ann\", \"Bob\", \"1-0\"]]\n"),
        ),
    ];
    for (i, (file, rest)) in events.iter().enumerate() {
        std::fs::write(
            site.join("data").join(file),
            format!("name = \"E{i}\"\ndate = 2020-01-0{}\n{rest}", i + 1),
        )
        .unwrap();
    }
    let out = check_cmd(site);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    let cut = format!("\"{}…\"", "x".repeat(64));
    for expected in [
        format!("data/a.toml:3:10: unknown format {cut} (known formats: "),
        format!("data/b.toml:5:27: {cut} is not a result: "),
        format!("data/d.toml:4:13: unknown tie-break {cut}: use one of "),
        "data/c.toml:3:1: unknown field `ááá".to_string(),
    ] {
        assert!(err.contains(&expected), "{expected} in {}", &err[..err.len().min(2000)]);
    }
    assert!(err.contains("… (message cut: "), "{}", &err[..err.len().min(2000)]);
    assert!(err.len() < 20_000, "{} bytes printed", err.len());
}

/// A name written with many spaces between its words (one name, collapsed)
/// is collapsed once, not again for each later error that names it (a
/// million spaces and 50,000 duplicates: 117 s, and 101 s for aliases
/// clashing with a players.toml entry so written); the errors name it as
/// collapsed.
#[test]
fn a_name_of_many_spaces_is_named_collapsed_in_each_error_against_it() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    let spaced = format!("Ann{}Lee", " ".repeat(100_000));
    let mut event =
        format!("name = \"E\"\ndate = 2020-01-01\nrounds = 1\n[[results]]\nrank = 1\nname = \"{spaced}\"\n");
    for rank in 2..=4 {
        event.push_str(&format!("[[results]]\nrank = {rank}\nname = \"Ann Lee\"\n"));
    }
    std::fs::write(site.join("data/e.toml"), event).unwrap();
    std::fs::write(
        site.join("data/players.toml"),
        format!(
            "[[player]]\nname = \"{spaced}\"\n[[player]]\nname = \"Bob Ray\"\naliases = [\"Ann Lee\", \"ann lee\"]\n"
        ),
    )
    .unwrap();
    let err = String::from_utf8(check_cmd(site).stderr).unwrap();
    let twice: Vec<&str> = err.lines().filter(|l| l.contains("appears twice")).collect();
    assert_eq!(twice.len(), 3, "{err}");
    assert!(
        twice[2].ends_with("player \"Ann Lee\" appears twice in this event (first as \"Ann Lee\" at line 6, column 8)"),
        "{err}"
    );
    let clashes: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("is already a name or alias"))
        .collect();
    assert_eq!(clashes.len(), 2, "{err}");
    assert!(
        clashes[1].ends_with("\"ann lee\" is already a name or alias of the player \"Ann Lee\""),
        "{err}"
    );
}

/// Many `circuits` entries with a control character are one error (each
/// was placed by a look from the top of the file: 40,000 after 1 MB of
/// comments took minutes); an alias written with many spaces is quoted
/// collapsed in a duplicate warning's aliases line (it was copied whole
/// into each warning).
#[test]
fn repeated_bad_circuits_are_one_error_and_aliases_are_quoted_collapsed() {
    let tmp = dip_pouch_site();
    let site = tmp.path();
    let circuits = ["\"\\u0001\""; 3].join(", ");
    std::fs::write(
        site.join("data/c.toml"),
        format!("name = \"C\"\ndate = 2020-01-01\nrounds = 1\ncircuits = [{circuits}]\n[[results]]\nrank = 1\nname = \"Ann\"\n"),
    )
    .unwrap();
    let err = String::from_utf8(check_cmd(site).stderr).unwrap();
    let bad: Vec<&str> = err.lines().filter(|l| l.contains("control character")).collect();
    assert_eq!(bad.len(), 1, "{err}");
    assert!(
        bad[0].ends_with("data/c.toml:4:1: `circuits` contains the control character U+0001: remove it (a page or a terminal would act on it)"),
        "{err}"
    );
    std::fs::remove_file(site.join("data/c.toml")).unwrap();
    let shown = [petrof_warning(
        site,
        &format!(
            "[[player]]\nname = \"Ivan Petrov\"\naliases = [\"Ivan{}Petrow\"]\n",
            " ".repeat(10_000)
        ),
    )];
    assert!(
        shown[0].contains("\n    aliases = [\"Ivan Petrow\", \"Ivan Petrof\"]\n"),
        "{}",
        shown[0]
    );
}
