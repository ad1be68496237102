//! `ratings import` of FIDE TRF, PGN and CSV: real public TRF files
//! (tests/fixtures/import-real/, see its README) imported and built, the
//! standings of the built site (downloads/standings.csv) compared with the
//! files' own points and ranks; the round trip
//! against `.ci/reference_check.py`; players.toml merged; --check and
//! --force; bad input.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::*;

const SITE_TOML: &str = "title = \"Imported\"\n\n[[rating]]\nid = \"elo\"\nsystem = \"elo\"\ntitle = \"Elo\"\n\n[[rating]]\nid = \"glicko2\"\nsystem = \"glicko2\"\ntitle = \"Glicko-2\"\n\n[[rating]]\nid = \"trueskill\"\nsystem = \"trueskill\"\ntitle = \"TrueSkill\"\n";

fn ratings_cmd() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ratings"))
}

fn run(args: &[&std::ffi::OsStr]) -> Output {
    ratings_cmd().arg("import").args(args).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn real(name: &str) -> PathBuf {
    fixture("import-real").join(name)
}

fn formats_data(name: &str) -> PathBuf {
    repo().join("crates/formats/tests/data").join(name)
}

/// A new site folder (three match ratings) with the given files imported.
fn imported_site(files: &[PathBuf]) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("site.toml"), SITE_TOML).unwrap();
    let data = tmp.path().join("data");
    let out = ratings_cmd()
        .arg("import")
        .args(files)
        .arg("-o")
        .arg(&data)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    tmp
}

/// A TRF `001` line as the FIDE handbook lays it out, read here on its own
/// (not with the importer's reader): name (columns 15-47), points (81-84),
/// rank (86-89), the name shown "First Last".
struct Declared {
    name: String,
    points: f64,
    rank: u32,
}

fn declared(path: &Path) -> Vec<Declared> {
    // Windows-1252 where not UTF-8 (only names carry such bytes).
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap_or_else(|_| bytes.iter().map(|&b| char::from(b)).collect());
    let text = text.trim_start_matches('\u{FEFF}');
    text.lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            let chars: Vec<char> = l.chars().collect();
            let field = |from: usize, to: usize| -> String { chars[from - 1..to.min(chars.len())].iter().collect() };
            let written = field(15, 47).split_whitespace().collect::<Vec<_>>().join(" ");
            let name = match written.split_once(',') {
                Some((last, first)) => format!("{} {}", first.trim(), last.trim()),
                None => written,
            };
            Declared {
                name,
                points: field(81, 84).trim().parse().unwrap(),
                // Blank (lichess exports) or 0 (withdrawn): no rank.
                rank: field(86, 89).trim().parse().unwrap_or(0),
            }
        })
        .collect()
}

/// One CSV line's fields (RFC 4180 quotes).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            (c, _) => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

/// Points and place of every player of the built site's only match event, by
/// name, from `downloads/standings.csv`.
fn built_standings(out: &Path) -> HashMap<String, (f64, u32)> {
    let csv = read(&out.join("downloads/standings.csv"));
    let mut lines = csv.lines();
    let header = csv_fields(lines.next().unwrap());
    assert_eq!(header[..5], ["event", "date", "place", "player", "points"]);
    lines
        .map(|line| {
            let f = csv_fields(line);
            (f[3].clone(), (f[4].parse().unwrap(), f[2].parse().unwrap()))
        })
        .collect()
}

#[test]
fn real_trf_files_keep_their_points_and_ranks_through_import_and_build() {
    // (file, players whose declared points the rounds do not give, and why)
    let cases: [(&str, &[&str]); 4] = [
        // Round 5 of the JaVaFo sample is not paired yet: only Gautier Gallas's
        // half-point bye is recorded (his 1.0 counts it), so the round is kept.
        ("javafo_sample2.trf", &[]),
        ("grandmommyscup.trf", &[]),
        ("club_open_cp1252.trf", &["Petr Novák"]),
        ("lichess_swiss_bom.trf", &[]),
    ];
    for (file, mismatched) in cases {
        let path = if real(file).exists() {
            real(file)
        } else {
            formats_data(file)
        };
        let site_dir = imported_site(std::slice::from_ref(&path));
        let (_out_guard, out) = build(site_dir.path());
        assert!(out.join("index.html").is_file(), "{file}: no site");
        let loaded = ratings_site::load::load(site_dir.path()).unwrap();
        let site = &loaded.model;
        let [event] = &site.events[..] else {
            panic!("{file}: one event expected, got {}", site.events.len())
        };
        let computed = built_standings(&out);
        let lines = declared(&path);
        assert_eq!(computed.len(), lines.len(), "{file}: every 001 line is a player");
        let mut checked = 0;
        for line in &lines {
            let (points, place) = computed[&line.name];
            if line.rank > 0 {
                assert_eq!(place, line.rank, "{file}: {}'s place", line.name);
            }
            if mismatched.contains(&line.name.as_str()) {
                assert_ne!(points, line.points, "{file}: {} was expected to differ", line.name);
            } else {
                assert_eq!(points, line.points, "{file}: {}'s points", line.name);
                checked += 1;
            }
        }
        assert_eq!(checked, lines.len() - mismatched.len());
        // The ranks the file gives are the event's [[results]].
        let ranked = lines.iter().filter(|l| l.rank > 0).count();
        assert_eq!(event.results.len(), ranked, "{file}");
    }
}

#[test]
fn the_javafo_sample_imports_as_written() {
    let path = real("javafo_sample2.trf");
    let out = run(&[path.as_os_str()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let toml = String::from_utf8(out.stdout.clone()).unwrap();
    for expected in [
        "name = \"XX Open Internacional de Gros\"\ndate = 2010-09-24\nend_date = 2010-10-02\nplace = \"Donostia\"\nformat = \"Chess\"\nplayers = 52\nrounds = 5\n",
        // Round 1: `13 w +` against 39 is a forfeit win.
        "[[round]]\nmatches = [\n  [\"Mirzoev Azer\", \"Orube Bona Andoni\", \"1-0\"],",
        "[\"Rodriguez Cabrera Fco. Javier\", \"Portugal Sarasola Martin\", \"+-\"],",
        // A name with a comma is shown given names first.
        "[[results]]\nrank = 4\nname = \"Eugenio Gorrochategui Torres\"\nnat = \"ESP\"\n",
        // Round 5 is not paired yet: its one bye asked for ahead, and no
        // zero-point bye for the 51 others (each showed `0 bye`).
        "[[round]]\nmatches = []\nhalf_point_byes = [\"Gallas Gautier\"]\n\n[[results]]",
    ] {
        assert!(toml.contains(expected), "missing {expected:?} in\n{toml}");
    }
    let err = stderr(&out);
    assert!(
        err.contains("suggested file: data/2010/2010-09-24-xx-open-internacional-de-gros.toml"),
        "{err}"
    );
    assert!(err.contains("the file plans 9 rounds; 5 have results"), "{err}");
    assert!(
        err.contains("javafo_sample2.trf:35:1: round 5 has no game, only byes asked for ahead (not paired yet?): the other players are absent from it, not given zero-point byes"),
        "{err}"
    );
    // Moreno Romero Ernesto's absences in rounds 1-4 only.
    assert_eq!(
        toml.matches("zero_point_byes = [\"Moreno Romero Ernesto\"]").count(),
        4,
        "{toml}"
    );
    assert_eq!(toml.matches("zero_point_byes").count(), 4, "{toml}");
}

#[test]
fn the_round_trip_gives_the_ratings_of_the_reference_implementation() {
    // Python 3.11 and PyPI's trueskill (what .ci/run installs) are needed.
    let has_reference = Command::new("python3")
        .args(["-c", "import tomllib, trueskill"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_reference {
        eprintln!("SKIPPED: python3 with tomllib and trueskill is not installed (.ci/run installs it)");
        return;
    }
    let files = [
        real("javafo_sample2.trf"),
        real("grandmommyscup.trf"),
        formats_data("club_open_cp1252.trf"),
        formats_data("lichess_swiss_bom.trf"),
        formats_data("london_1851_latin1.pgn"),
        real("FWWRC.pgn"),
    ];
    let site_dir = imported_site(&files);
    let (_guard, out) = build(site_dir.path());
    let check = Command::new("python3")
        .arg(repo().join(".ci/reference_check.py"))
        .arg(site_dir.path())
        .arg(&out)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(
        check.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(
        said.contains("history rows of Elo/Glicko-2/TrueSkill equal the reference"),
        "{said}"
    );
}

#[test]
fn players_toml_is_merged_and_a_fide_id_keeps_one_name() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("site.toml"), SITE_TOML).unwrap();
    let data = tmp.path().join("data");
    std::fs::create_dir(&data).unwrap();
    // A hand-written registry: Müller's FIDE id under another spelling, and an
    // unrelated entry with a comment. It must survive byte for byte.
    let before = "# our members\n[[player]]\nname = \"Jürgen MÜLLER\"\nfide_id = 4600001 # checked\n\n[[player]]\nname = \"Some One\"\naliases = [\"S. One\"]\n";
    std::fs::write(data.join("players.toml"), before).unwrap();
    let club = formats_data("club_open_cp1252.trf");
    let out = run(&[club.as_os_str(), "-o".as_ref(), data.as_os_str()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let after = read(&data.join("players.toml"));
    assert!(after.starts_with(before), "{after}");
    // Six new ids (Lee Ann has none; Müller's is known).
    assert_eq!(after.matches("[[player]]").count(), 2 + 6, "{after}");
    assert!(
        after.contains("\n[[player]]\nname = \"Åse Ødegård\"\nnat = \"NOR\"\nfide_id = 1500002\n"),
        "{after}"
    );
    assert!(!after.contains("fide_id = 4600001\n"), "Müller added twice: {after}");
    assert!(
        stderr(&out).contains("players.toml: 6 players with a FIDE id added"),
        "{}",
        stderr(&out)
    );
    // The event names him as the registry does.
    let event = read(&data.join("2024/2024-09-28-herbstopen-koln-2024.toml"));
    assert!(
        event.contains("[\"Jürgen MÜLLER\", \"José García López\", \"1-0\"]"),
        "{event}"
    );
    assert!(!event.contains("Jürgen Müller"), "{event}");
    // The site loads players.toml with the new key; one id twice is an error.
    let site = ratings_site::load::load(tmp.path()).unwrap();
    assert_eq!(site.model.events.len(), 1);
    std::fs::write(
        data.join("players.toml"),
        format!("{after}\n[[player]]\nname = \"Someone Else\"\nfide_id = 4600001\n"),
    )
    .unwrap();
    let errors = ratings_site::load::load(tmp.path()).unwrap_err().to_string();
    assert!(
        errors.contains("FIDE id 4600001 is already the id of the player \"Jürgen MÜLLER\""),
        "{errors}"
    );
}

#[test]
fn check_writes_nothing_and_existing_files_are_replaced_only_with_force() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let trf = formats_data("lichess_swiss_bom.trf");
    let pgn = formats_data("london_1851_latin1.pgn");
    let files = [trf.as_os_str(), pgn.as_os_str()];
    let with = |extra: &[&str]| -> Output {
        let mut args: Vec<&std::ffi::OsStr> = files.to_vec();
        args.extend(["-o".as_ref(), data.as_os_str()]);
        args.extend(extra.iter().map(std::ffi::OsStr::new));
        run(&args)
    };
    let checked = with(&["--check"]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    assert!(!data.exists(), "--check wrote something");
    let said = stderr(&checked);
    assert!(said.contains("Checked: 4 events from 2 files"), "{said}");
    assert!(
        said.contains(
            "Sunday Blitz Swiss (5 players, 4 rounds, 8 games, 4 byes) → data/2020/2020-05-29-sunday-blitz-swiss.toml"
        ),
        "{said}"
    );
    // PGN: the unfinished game is a warning with its line.
    assert!(
        said.contains("london_1851_latin1.pgn:44:1: 1 unfinished game (`*` or no result) skipped (at this line)"),
        "{said}"
    );

    let first = with(&[]);
    assert!(first.status.success(), "{}", stderr(&first));
    let swiss = data.join("2020/2020-05-29-sunday-blitz-swiss.toml");
    let london = data.join("1851/1851-01-01-london-international.toml");
    let written = read(&london);
    // Again: refused as a whole, nothing touched.
    std::fs::write(&swiss, "keep me").unwrap();
    let again = with(&[]);
    assert!(!again.status.success());
    let said = stderr(&again);
    assert!(
        said.contains("2020-05-29-sunday-blitz-swiss.toml: the file exists; use --force"),
        "{said}"
    );
    assert_eq!(read(&swiss), "keep me");
    assert_eq!(read(&london), written);
    // --check names the file that would stop the import.
    let checked = with(&["--check"]);
    assert!(checked.status.success());
    assert!(
        stderr(&checked).contains(
            "2020-05-29-sunday-blitz-swiss.toml: the file exists; the import would stop: --force replaces it"
        ),
        "{}",
        stderr(&checked)
    );
    assert_eq!(read(&swiss), "keep me");
    let forced = with(&["--force"]);
    assert!(forced.status.success(), "{}", stderr(&forced));
    assert!(read(&swiss).contains("name = \"Sunday Blitz Swiss\""));
    // Several events into one .toml file: refused.
    let one = run(&[
        trf.as_os_str(),
        pgn.as_os_str(),
        "-o".as_ref(),
        tmp.path().join("x.toml").as_os_str(),
    ]);
    assert!(!one.status.success());
    assert!(
        stderr(&one).contains("4 events to write into one file"),
        "{}",
        stderr(&one)
    );
}

#[test]
fn csv_placements_and_matches_import_and_load() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("site.toml"), SITE_TOML).unwrap();
    let csv = tmp.path().join("league.csv");
    // As a spreadsheet saves it: BOM, semicolons, quotes around a field with
    // the separator, CRLF; two events in one file.
    std::fs::write(
        &csv,
        "\u{FEFF}event;date;round;first;second;result\r\nSpring League;2024-03-02;1;Ann Lee;\"Bo; Beta\";2-1\r\nSpring League;2024-03-02;1;Cy Gamma;Di Delta;1-1-1\r\nSpring League;2024-03-02;2;Ann Lee;Cy Gamma;0-2\r\nSummer Cup;2024-06-01;1;Ann Lee;Di Delta;+-\r\n",
    )
    .unwrap();
    let places = tmp.path().join("places.csv");
    std::fs::write(
        &places,
        "event,date,rank,player,nat\nAutumn Open,2024-09-07,1,Ann Lee,GB\nAutumn Open,2024-09-07,2,Cy Gamma,\n",
    )
    .unwrap();
    let data = tmp.path().join("data");
    let out = run(&[
        csv.as_os_str(),
        places.as_os_str(),
        "--format".as_ref(),
        "Board game".as_ref(),
        "-o".as_ref(),
        data.as_os_str(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // The summary counts what the files say (placements: the `rounds = 1` written).
    let said = stderr(&out);
    assert!(
        said.contains("Imported Autumn Open (2 players, 1 round, 2 final ranks)"),
        "{said}"
    );
    assert!(
        said.contains("Imported Summer Cup (2 players, 1 round, 1 game)"),
        "{said}"
    );
    let spring = read(&data.join("2024/2024-03-02-spring-league.toml"));
    assert!(
        spring.contains("format = \"Board game\"\ncolours = false\nplayers = 4\n\n[[round]]\nmatches = [\n  [\"Ann Lee\", \"Bo; Beta\", \"2-1\"],\n  [\"Cy Gamma\", \"Di Delta\", \"1-1-1\"],\n]\n"),
        "{spring}"
    );
    let autumn = read(&data.join("2024/2024-09-07-autumn-open.toml"));
    assert!(
        autumn.contains("players = 2\nrounds = 1\n\n[[results]]\nrank = 1\nname = \"Ann Lee\"\nnat = \"GB\"\n\n[[results]]\nrank = 2\nname = \"Cy Gamma\"\n"),
        "{autumn}"
    );
    let site = ratings_site::load::load(tmp.path()).unwrap();
    assert_eq!(site.model.events.len(), 3);
}

#[test]
fn bad_input_is_refused_with_its_line_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let good = formats_data("lichess_swiss_bom.trf");
    let refuse = |name: &str, bytes: &[u8], why: &str| {
        let bad = tmp.path().join(name);
        std::fs::write(&bad, bytes).unwrap();
        let out = run(&[good.as_os_str(), bad.as_os_str(), "-o".as_ref(), data.as_os_str()]);
        assert!(!out.status.success(), "{name} accepted");
        assert!(stderr(&out).contains(why), "{name}: {}", stderr(&out));
        assert!(!data.exists(), "{name}: the good file was written");
    };
    refuse(
        "garbage.bin",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0",
        "garbage.bin: binary data: not a TRF, PGN or CSV file",
    );
    refuse(
        "notes.txt",
        b"Results of the club night\nAnn won\n",
        "notes.txt: not a FIDE TRF file (`001` player lines), a PGN file",
    );
    // A player line cut inside its starting rank.
    refuse("cut.trf", b"012 Open\n001    1      Lee, Ann\n001    ", "cut.trf:3");
    refuse(
        "bad.csv",
        b"event,date,round,first,second,result\nOpen,2024-13-01,1,A,B,1-0\n",
        "bad.csv:2:",
    );
    // What a build would refuse in an event is the source's error, at the
    // cell: the whole import stops, the good events of the file included.
    let mix = "event,date,round,first,second,result\nGood Cup,2024-03-01,1,Ann,Bob,1-0\n\
               Bad Cup,2024-03-02,1,Ann,Bob,0-0\nBad Cup,2024-03-02,1,Cid,Dan,2:1\n\
               Bye Cup,2024-03-03,1,Ann,BYE,1-0\n";
    refuse(
        "mix.csv",
        mix.as_bytes(),
        "mix.csv:3:30: Bad Cup: \"0-0\" counts no game",
    );
    refuse(
        "mix.csv",
        mix.as_bytes(),
        "mix.csv:4:30: Bad Cup: \"2:1\" is not a result",
    );
    refuse(
        "mix.csv",
        mix.as_bytes(),
        "mix.csv:5:26: Bye Cup: \"BYE\" is not an opponent",
    );
    // A column name the import does not know: named, with its place.
    refuse(
        "colour.csv",
        b"event,date,round,first,second,colour\nOpen,2024-03-01,1,A,B,1-0\n",
        "colour.csv:1:31: unknown column `colour` (column 6 of the header): the columns are",
    );
    // A TRF player named like a bye: their 001 line's name column.
    let player = |rank: u32, name: &str, points: &str, round: &str| {
        format!(
            "{:<80}{points:>4} {rank:>4}  {round}\n",
            format!("001 {rank:>4}      {name}")
        )
    };
    let bye_named = format!(
        "012 Open\n042 2024/03/01\n{}{}",
        player(1, "Lee, Ann", "1.0", "   2 w 1"),
        player(2, "BYE", "0.0", "   1 b 0")
    );
    refuse(
        "bye.trf",
        bye_named.as_bytes(),
        "bye.trf:4:15: Open: \"BYE\" is not an opponent",
    );
    // A 001 line cut after the name, where the others give points, rank and
    // rounds: an error where it ends (its `H` bye and rank would be lost).
    let cut = format!(
        "012 Open\n042 2024/03/01\n{}{}{}\n",
        player(1, "Lee, Ann", "1.5", "   2 w 1  0000 - H"),
        player(2, "Roe, Bo", "0.5", "   1 b 0  0000 - H"),
        &player(3, "Cut, Cy", "1.5", "0000 - +  0000 - H")[..30]
    );
    refuse(
        "cut-name.trf",
        cut.as_bytes(),
        "cut-name.trf:5:22: the line of player 3 ends at column 21, before the points (columns 81-84)",
    );
    // A PGN game with such a player: the game's line.
    let pgn =
        "[Event \"Open\"]\n[Date \"2024.03.01\"]\n[White \"Lee, Ann\"]\n[Black \"BYE\"]\n[Result \"1-0\"]\n\n1-0\n";
    refuse(
        "bye.pgn",
        pgn.as_bytes(),
        "bye.pgn:1:1: Open: \"BYE\" is not an opponent",
    );
    // Files larger than any tournament file (sparse: no disk used) are refused
    // before they are read: 1 GiB of anything, 100 MiB that is not PGN.
    for (name, size) in [("huge.pgn", 1u64 << 30), ("big.trf", 100 << 20)] {
        let huge = tmp.path().join(name);
        std::fs::File::create(&huge).unwrap().set_len(size).unwrap();
        let out = run(&[huge.as_os_str(), "-o".as_ref(), data.as_os_str()]);
        assert!(!out.status.success());
        let expected = format!(
            "{name}: the file is {} MiB; an import reads PGN files up to 512 MiB and other files up to 64 MiB",
            size >> 20
        );
        assert!(stderr(&out).contains(&expected), "{}", stderr(&out));
        assert!(!data.exists());
    }
}

#[test]
fn two_players_of_one_name_are_told_apart_by_a_name_nobody_has() {
    // #29 (attack 7): `ann lee` was written `ann lee (2)`, the name of the
    // third row, and the import refused this valid file ("appears twice").
    let tmp = tempfile::tempdir().unwrap();
    let csv = tmp.path().join("dupname.csv");
    std::fs::write(
        &csv,
        "event,date,rank,player\nCup,2024-01-01,1,Ann Lee\nCup,2024-01-01,2,ann lee\nCup,2024-01-01,3,Ann Lee (2)\n",
    )
    .unwrap();
    let out = run(&[csv.as_os_str()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let toml = String::from_utf8_lossy(&out.stdout);
    let names: Vec<&str> = toml
        .lines()
        .filter(|l| l.starts_with("name = \"") && !l.contains("Cup"))
        .collect();
    assert_eq!(
        names,
        ["name = \"Ann Lee\"", "name = \"ann lee (3)\"", "name = \"Ann Lee (2)\""],
        "{toml}"
    );
}

#[test]
fn a_trf_section_too_large_for_its_event_file_is_refused_before_it_is_paired() {
    // #29 (attack 7): such a section was paired whole (10 million byes: 490
    // MiB) and only then refused. Each round lists all 2,100 players (32
    // letters each) and one line scores a bye in round 999: the names alone
    // pass 64 MiB, so the section is refused unpaired; the next one is
    // paired and converted without an error.
    let tmp = tempfile::tempdir().unwrap();
    let trf = tmp.path().join("sections.trf");
    let player = |i: usize, rounds: &str| {
        format!(
            "001 {i:4} m    {:<33} 2000 ENG {:11} 1990/01/01  0.0{rounds}\n",
            format!("Longsurname{i:05}, Annabelle-Marie"),
            100_000 + i
        )
    };
    let mut text = String::from("012 Byes Open\n042 2024/01/01\n");
    text.push_str(&player(1, &format!("{:5}{}", 1, "  0000 - +".repeat(999))));
    for i in 2..=2_100 {
        text.push_str(&player(i, ""));
    }
    // The same byes as one `240` record (attack 12: a record was found
    // only in pairing, 0.8 s and 688 MiB a section).
    text.push_str("012 Records Open\n042 2024/01/01\n");
    for i in 1..=2_100 {
        text.push_str(&player(i, ""));
    }
    let all: Vec<String> = (1..=2_100).map(|i| i.to_string()).collect();
    text.push_str(&format!("240 F 999 {}\n", all.join(" ")));
    text.push_str("012 Small Open\n042 2024/02/01\n");
    text.push_str(&player(1, &format!("{:5}  0000 - +", 1)));
    std::fs::write(&trf, text).unwrap();
    let out = run(&[trf.as_os_str(), "--check".as_ref()]);
    let said = stderr(&out);
    assert!(!out.status.success(), "{said}");
    assert!(
        said.contains(
            "sections.trf:1:1: Byes Open: its event file would be more than the 67108864 bytes a site reads in one \
             file (a build would refuse it): 2100 players, at least 999 rounds, each round listing every player by \
             name (not paired); not imported"
        ),
        "{said}"
    );
    assert!(
        said.contains(
            "sections.trf:2103:1: Records Open: its event file would be more than the 67108864 bytes a site reads \
             in one file (a build would refuse it): 2100 players, at least 999 rounds,"
        ),
        "{said}"
    );
    assert_eq!(said.matches("error:").count(), 2, "{said}");
}

#[test]
fn two_events_with_one_name_and_date_get_two_files() {
    let trf = formats_data("lichess_swiss_bom.trf");
    let out = run(&[trf.as_os_str(), trf.as_os_str(), "--check".as_ref()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stderr(&out);
    for target in [
        "→ data/2020/2020-05-29-sunday-blitz-swiss.toml\n",
        "→ data/2020/2020-05-29-sunday-blitz-swiss-2.toml\n",
    ] {
        assert!(said.contains(target), "{target}: {said}");
    }
}

#[test]
fn a_trf_scoring_record_becomes_the_events_points() {
    // 3 points a win, 1 a draw (162): the half-point bye is worth 1, the
    // full-point bye 3, as the file's points say.
    let tmp = tempfile::tempdir().unwrap();
    let trf = tmp.path().join("three.trf");
    std::fs::write(&trf, "012 Three Point Cup\n042 2024/05/04\n162 W 3.0    D 1.0    L 0.0\n001    1      Lee, Ann                                                           6.0    1     2 w 1     3 b 1\n001    2      Berg, Bo                                                           1.0    3     1 b 0  0000 - H\n001    3      Chen, Cy                                                           3.0    2  0000 - U     1 w 0\n").unwrap();
    let site_dir = imported_site(&[trf]);
    let event = read(&site_dir.path().join("data/2024/2024-05-04-three-point-cup.toml"));
    assert!(
        event.contains("\npoints = { win = 3, draw = 1, loss = 0 }\n"),
        "{event}"
    );
    let (_guard, out) = build(site_dir.path());
    let standings = built_standings(&out);
    assert_eq!(standings["Ann Lee"], (6.0, 1));
    assert_eq!(standings["Cy Chen"], (3.0, 2));
    assert_eq!(standings["Bo Berg"], (1.0, 3));
}

#[test]
fn a_real_pgn_broadcast_imports_as_one_event_with_its_winner() {
    // The 2024 Women's World Rapid: its games name two venues (`Site`), and
    // have no moves. Koneru Humpy won with 8.5 of 11.
    let site_dir = imported_site(&[real("FWWRC.pgn")]);
    let (_guard, out) = build(site_dir.path());
    let standings = built_standings(&out);
    assert_eq!(standings.len(), 110);
    assert_eq!(standings["Humpy Koneru"], (8.5, 1));
    // Every game gives one point between its two players: 605 games.
    let total: f64 = standings.values().map(|(points, _)| points).sum();
    assert_eq!(total, 605.0);
    let events = read(&out.join("downloads/standings.csv"));
    assert!(
        events
            .lines()
            .skip(1)
            .all(|l| l.starts_with("2024/2024-12-26-fide-women-s-world-rapid-championships-2024,2024-12-26,"))
    );
}

#[test]
fn terminal_controls_in_a_file_are_refused_with_their_place_and_never_reach_the_terminal_raw() {
    let tmp = tempfile::tempdir().unwrap();
    let trf = tmp.path().join("evil.trf");
    let line =
        |rank: u32, name: &str, round: &str| format!("001 {rank:>4}      {name:<33}{:>37}1.0 {rank:>4}  {round}", "");
    std::fs::write(
        &trf,
        [
            "012 Evil \u{1b}]0;pwned\u{7} Open".to_string(),
            "042 2024/01/06".to_string(),
            line(1, "Lee, Ann\u{1b}[2J", "   2 w 1"),
            line(2, "Berg, Bo", "   1 b 0"),
        ]
        .join("\n"),
    )
    .unwrap();
    let data = tmp.path().join("data");
    let out = run(&[trf.as_os_str(), "-o".as_ref(), data.as_os_str()]);
    let said = stderr(&out);
    assert!(!out.status.success(), "{said}");
    assert!(!said.contains('\u{1b}') && !said.contains('\u{7}'), "{said:?}");
    assert!(
        said.contains("evil.trf:1:10: control character 0x1B: this is binary data, not a text file"),
        "{said}"
    );
    assert!(!data.exists());
}

/// docs/commands.md's walkthrough: `init`, delete its example event,
/// `import`, `build`: the site is the imported season's alone.
#[test]
fn the_walkthrough_gives_a_site_of_the_imported_season_only() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("club-site");
    let ok = |out: Output| assert!(out.status.success(), "{}", stderr(&out));
    ok(ratings_cmd().arg("init").arg(&site).output().unwrap());
    std::fs::remove_file(site.join("data/2026/example-open.toml")).unwrap();
    let trf = real("javafo_sample2.trf");
    ok(ratings_cmd()
        .current_dir(&site)
        .args(["import".as_ref(), trf.as_os_str(), "-o".as_ref(), "data".as_ref()])
        .output()
        .unwrap());
    ok(ratings_cmd().current_dir(&site).arg("build").output().unwrap());
    let index = std::fs::read_to_string(site.join("public/index.html")).unwrap();
    assert!(index.contains("Last update: <strong class=nw>2010-09-24<"), "{index}");
    let events = std::fs::read_to_string(site.join("public/events.html")).unwrap();
    assert!(events.contains("XX Open Internacional de Gros"), "{events}");
    assert!(!events.contains("Example Open"), "{events}");
}

/// #29: players absent from every round of a tournament of many rounds
/// (a TRF of 2,000 short lines and one line of 999 byes, the most rounds a
/// TRF has) made a 74 MB event file (37 KB a player), which `check` then
/// refused ("more than the 67108864 a site's file may have"). The import
/// refuses it before writing anything, saying why. Two players meet in
/// every round here: games are known only once paired (a line of byes is
/// refused before it: see
/// `a_trf_section_too_large_for_its_event_file_is_refused_before_it_is_paired`).
#[test]
fn an_event_file_larger_than_a_site_reads_is_refused_before_anything_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let (players, rounds) = (2_000, 999);
    let line = |i: usize, points: usize| {
        let name = format!("Player{i:05}, Annabelle Maximiliana");
        format!(
            "001 {i:4} m    {name:<33} 2000 ENG {:11} 1990/01/01 {points:4}",
            100_000 + i
        )
    };
    let mut trf = String::from("012 Byes Open\n042 2024/01/01\n");
    trf.push_str(&line(1, rounds));
    trf.push_str(&format!("     {}\n", "  0002 w 1".repeat(rounds)));
    trf.push_str(&line(2, 0));
    trf.push_str(&format!("     {}\n", "  0001 b 0".repeat(rounds)));
    for i in 3..=players {
        trf.push_str(&line(i, 0));
        trf.push('\n');
    }
    let path = tmp.path().join("byes.trf");
    std::fs::write(&path, trf).unwrap();
    let data = tmp.path().join("data");
    let out = run(&[path.as_os_str(), "-o".as_ref(), data.as_os_str()]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains(
            "byes.trf:1:1: Byes Open: its event file would be more than the 67108864 bytes a site reads in one file \
             (a build would refuse it): 2000 players, 999 rounds, 999 games, 1996002 byes (1996002 zero-point"
        ),
        "{err}"
    );
    assert!(!data.exists());
}

/// An event of more than 10,000 rounds is not written: a PGN of one
/// pair's games all in round 1 made an event of 385,683 `[[round]]`
/// tables (each game a round of its own), which `check` accepted. 10,000
/// rounds are imported.
#[test]
fn an_event_of_more_than_10000_rounds_is_not_imported() {
    let tmp = tempfile::tempdir().unwrap();
    let games = |n: usize| {
        "[Event \"Pair\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"Ann Ames\"]\n[Black \"Bob Baker\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
            .repeat(n)
    };
    let pgn = tmp.path().join("pair.pgn");
    std::fs::write(&pgn, games(10_001)).unwrap();
    let out = run(&[pgn.as_os_str(), "--check".as_ref()]);
    assert_eq!(out.status.code(), Some(1));
    let expected = format!(
        "error: {}:1:1: Pair: its event file would have 10001 [[round]] tables, more than the 10000 rounds an event may have \
         (a build would refuse it; in a PGN file a game that would put a player twice in a round, or has no round number, \
         takes a round of its own): split it into several events; not imported\n1 error\n",
        pgn.display()
    );
    assert_eq!(stderr(&out), expected);
    std::fs::write(&pgn, games(10_000)).unwrap();
    let out = run(&[pgn.as_os_str(), "--check".as_ref()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("Pair (2 players, 10000 rounds, 10000 games)"),
        "{}",
        stderr(&out)
    );
}

/// Attack 12: a year folder that is a link out of `data/` was written
/// through (and with `--force` a file there replaced). Refused, nothing
/// written; a link that stays inside `data/` is followed.
#[test]
fn an_import_does_not_write_through_a_link_out_of_its_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, outside) = (tmp.path().join("data"), tmp.path().join("outside"));
    std::fs::create_dir_all(&data).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("2024-club-night.toml"), "mine").unwrap();
    std::os::unix::fs::symlink(&outside, data.join("2024")).unwrap();
    let csv = tmp.path().join("night.csv");
    std::fs::write(
        &csv,
        "event,date,rank,player\nClub Night,2024-03-01,1,Ann Lee\nClub Night,2024-03-01,2,Bo Berg\n",
    )
    .unwrap();
    for force in [false, true] {
        let mut args = vec![csv.as_os_str(), "-o".as_ref(), data.as_os_str()];
        if force {
            args.push("--force".as_ref());
        }
        let out = run(&args);
        assert!(!out.status.success());
        let said = stderr(&out);
        assert!(said.contains("data/2024: a link out of "), "{said}");
        assert!(said.contains("data: import writes only inside it"), "{said}");
        let names: Vec<_> = std::fs::read_dir(&outside)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["2024-club-night.toml"]);
        assert_eq!(
            std::fs::read_to_string(outside.join("2024-club-night.toml")).unwrap(),
            "mine"
        );
    }
    // Inside data/: followed.
    std::fs::remove_file(data.join("2024")).unwrap();
    std::fs::create_dir(data.join("years")).unwrap();
    std::os::unix::fs::symlink(data.join("years"), data.join("2024")).unwrap();
    let out = run(&[csv.as_os_str(), "-o".as_ref(), data.as_os_str()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let written: Vec<_> = std::fs::read_dir(data.join("years"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(written.len(), 1, "{written:?}");
}

/// A TRF file of two players and `junk` lines the reader skips with a
/// warning each.
fn junk_trf(name: &str, junk: usize) -> String {
    let mut text = format!(
        "012 {name}\n042 2024/01/01\n001    1 m    Alpha, Ann                        1500 ENG    12345678 1990/01/01  1.0    1     2 w 1\n001    2 m    Beta, Bob                         1500 ENG    12345679 1990/01/01  0.0    2     1 b 0\n"
    );
    text.push_str(&"aaa\n".repeat(junk));
    text
}

#[test]
fn a_files_warnings_past_the_first_100_are_counted_once() {
    // The reader keeps 100 and counts the rest; the import counted that
    // count as one more warning ("1 more warning").
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("junk.trf");
    std::fs::write(&file, junk_trf("Open", 300)).unwrap();
    let out = run(&["--check".as_ref(), file.as_os_str()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning: ")).collect();
    assert_eq!(warnings.len(), 101, "{err}");
    assert!(
        warnings[100].ends_with(
            "junk.trf:304:1: 200 more warnings in this file, up to this line, not shown: fix the first 100 and try again"
        ),
        "{}",
        warnings[100]
    );
}

#[test]
fn an_import_shows_about_1000_warnings_in_all() {
    // 30 files of 100 warnings each: the first files' warnings, about
    // 1,000, then one line counting the rest (20,000 such files printed
    // 155 MB and held 536 MiB).
    let tmp = tempfile::tempdir().unwrap();
    let mut args: Vec<std::ffi::OsString> = vec!["--check".into()];
    for f in 0..30 {
        let file = tmp.path().join(format!("f{f:02}.trf"));
        std::fs::write(&file, junk_trf(&format!("Open {f}"), 100)).unwrap();
        args.push(file.into_os_string());
    }
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let shown = |f: usize| {
        let at = format!("f{f:02}.trf:");
        err.lines()
            .filter(|l| l.contains(&at) && l.ends_with("not a TRF record (no three-character code); ignored"))
            .count()
    };
    assert_eq!((shown(0), shown(9), shown(10)), (100, 100, 0), "{err}");
    assert!(
        err.lines().any(|l| l.ends_with(
            "f10.trf: 2000 more warnings in 20 more files (this one and those after it) not shown: fix those above and import again"
        )),
        "{err}"
    );
    assert!(err.contains("Checked: 30 events from 30 files, 3000 warnings"), "{err}");
}

#[test]
fn an_imports_errors_are_cut_per_file_and_in_all() {
    // 12 CSV files of one event of 150 rows whose `nat` is too long (an
    // error each): each file shows its first 100 and a line counting the
    // rest, and after ten files one line counts the other files (200,000
    // such rows at a 3.8 KB path held 2.4 GB and printed 785 MB).
    let tmp = tempfile::tempdir().unwrap();
    let mut args: Vec<std::ffi::OsString> = vec!["--check".into()];
    for f in 0..12 {
        let mut text = String::from("event,date,rank,player,nat\n");
        for i in 0..150 {
            text.push_str(&format!("E{f},2024-01-01,{},P{i},{}\n", i + 1, "N".repeat(65)));
        }
        let file = tmp.path().join(format!("f{f:02}.csv"));
        std::fs::write(&file, text).unwrap();
        args.push(file.into_os_string());
    }
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let out = run(&args);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error: ")).collect();
    let of = |f: usize| {
        let at = format!("f{f:02}.csv:");
        errors
            .iter()
            .filter(|l| l.contains(&at) && !l.contains("more files"))
            .count()
    };
    assert_eq!((of(0), of(9), of(10)), (101, 101, 0), "{err}");
    assert!(
        errors[100].ends_with(
            ":151:1: 50 more errors in this file, up to this line, not shown: fix the first 100 and try again"
        ),
        "{}",
        errors[100]
    );
    assert!(
        errors.last().unwrap().ends_with(
            "f10.csv: 300 more errors in 2 more files (this one and those after it) not shown: fix those above and try again"
        ),
        "{err}"
    );
    assert!(err.ends_with("1800 errors\n"), "{}", &err[err.len() - 100..]);
}

#[test]
fn an_import_over_its_own_files_shows_about_1000_and_counts_the_rest() {
    // 1,100 one-row events imported, then imported again without
    // --force: about 1,000 files named, one line counting the rest (50,000
    // events at a 3.5 KB path printed 180 MB, all held at once).
    let tmp = tempfile::tempdir().unwrap();
    let mut text = String::from("event,date,rank,player\n");
    for i in 0..1100 {
        text.push_str(&format!("E{i:04},2024-01-01,1,P{i}\n"));
    }
    let csv = tmp.path().join("events.csv");
    std::fs::write(&csv, text).unwrap();
    let data = tmp.path().join("data");
    let args = [csv.as_os_str(), "-o".as_ref(), data.as_os_str()];
    let first = run(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    let again = run(&args);
    assert_eq!(again.status.code(), Some(1));
    let err = stderr(&again);
    let exists = err
        .lines()
        .filter(|l| l.ends_with(": the file exists; use --force to replace it"))
        .count();
    assert_eq!(exists, 1000, "{}", &err[err.len().saturating_sub(400)..]);
    assert!(
        err.contains("-e1000.toml: 100 more errors in 100 more files (this one and those after it) not shown"),
        "{}",
        &err[err.len().saturating_sub(400)..]
    );
    assert!(
        err.ends_with("1100 errors\n"),
        "{}",
        &err[err.len().saturating_sub(200)..]
    );
}
