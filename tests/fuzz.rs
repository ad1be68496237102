//! Property tests (proptest): random and half-valid event files never make
//! the loader panic, and what it accepts keeps the data-format invariants;
//! random event sequences under random parameters, anywhere in their
//! documented ranges and most of all at the ends of them, never make a
//! rating system panic or publish a NaN or an infinity, and Dip Pouch
//! ratings stay in [0, 100]. Case counts are bounded (512 event files, 512
//! site files, 256 short and 32 long rating runs) so `cargo test` stays
//! quick; `FUZZ_CASES=N` runs N of each for a longer session.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use proptest::prelude::*;
use ratings_config as config;
use ratings_model::{Date, Event, Match, Placement, Player, Round};
use ratings_rating as rating;
use ratings_site::Site;
use ratings_site::load::event::{self, Lookups};
use ratings_site::ratings::Rating;

fn cases(default: u32) -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

const FORMATS: [&str; 2] = ["Booster Draft", "Sealed Deck"];

/// A TOML basic string (Rust's `{:?}` escapes are not all TOML escapes).
fn q(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn known_formats() -> Vec<String> {
    FORMATS.iter().map(|s| s.to_string()).collect()
}

/// A TOML value of any kind, often of the wrong kind for its key.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        (-3i64..12).prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|x| format!("{x:?}")),
        "[a-zA-Z0-9 <>&'\\-]{0,12}".prop_map(|s| q(&s)),
        (1900i32..2100, 1u8..13, 1u8..29).prop_map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}")),
        Just("2017-07-07T10:00:00".to_string()),
        Just("true".to_string()),
        Just("[]".to_string()),
        Just("[\"Origins\", 3]".to_string()),
        Just("\"\\u0000\"".to_string()),
    ]
}

/// A player name: often one of a few (so duplicates happen), in varied case.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(vec!["Ann", "ann", "ANN ", "Bob", "Björn", "Bjo\u{308}rn", "Cy", "A. Ames"])
            .prop_map(str::to_string),
        1 => "[a-z <>\"\\\\/.?\u{202e}]{0,8}",
    ]
}

fn score() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u32..4, 0u32..4).prop_map(|(a, b)| format!("{a}-{b}")),
        (0u32..3, 0u32..3, 0u32..3).prop_map(|(a, b, d)| format!("{a}-{b}-{d}")),
        "[0-9\\- –a]{0,6}",
    ]
}

/// A top-level line of an event file.
fn top_line() -> impl Strategy<Value = String> {
    let keys = prop::sample::select(vec![
        "end_date",
        "players",
        "boards",
        "place",
        "country",
        "world_championship",
        "circuits",
        "report",
        "format",
        "sanctioned",
        "judge_level",
        "plce",
    ]);
    prop_oneof![
        3 => (keys, value()).prop_map(|(k, v)| format!("{k} = {v}")),
        2 => (0i64..8).prop_map(|p| format!("players = {p}")),
        1 => prop::sample::select(FORMATS.to_vec()).prop_map(|f| format!("format = {}", q(f))),
        1 => (1990i32..2030, 1u8..13, 1u8..29).prop_map(|(y, m, d)| format!("end_date = {y:04}-{m:02}-{d:02}")),
        1 => "[ -~]{0,20}",
        4 => Just(String::new()),
    ]
}

/// A `[[results]]` or `[[round]]` table.
fn table() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (-1i64..8, name(), prop::option::of("[A-Z]{2}")).prop_map(|(rank, n, nat)| {
            let nat = nat.map(|n| format!("nat = {}\n", q(&n))).unwrap_or_default();
            format!("[[results]]\nrank = {rank}\nname = {}\n{nat}", q(&n))
        }),
        2 => (prop::collection::vec((name(), name(), score()), 0..3), prop::collection::vec(name(), 0..2))
            .prop_map(|(ms, byes)| {
                let ms: Vec<String> = ms.iter().map(|(a, b, s)| format!("[{}, {}, {}]", q(a), q(b), q(s))).collect();
                let byes: Vec<String> = byes.iter().map(|b| q(b)).collect();
                format!("[[round]]\nmatches = [{}]\nbyes = [{}]", ms.join(", "), byes.join(", "))
            }),
        // Well-formed standings: distinct players, ranks 1..=n with ties.
        4 => (prop::sample::subsequence(vec!["Ann", "Bob", "Björn", "Bjorn", "Cy", "Dee", "Eve"], 1..7), prop::collection::vec(any::<bool>(), 7))
            .prop_map(|(names, ties)| {
                let mut rank = 1;
                let mut out = String::new();
                for (k, n) in names.iter().enumerate() {
                    if k > 0 && !ties[k] {
                        rank = k + 1;
                    }
                    out.push_str(&format!("[[results]]\nrank = {rank}\nname = {}\n", q(n)));
                }
                out
            }),
        // A well-formed round: distinct players paired in order, last one a bye.
        3 => (prop::sample::subsequence(vec!["P0", "P1", "p2", "P3", "Q4", "Q5", "q6", "R7"], 1..8).prop_shuffle(), score())
            .prop_map(|(names, s)| {
                let ms: Vec<String> = names.chunks(2).filter(|c| c.len() == 2)
                    .map(|c| format!("[{}, {}, {}]", q(c[0]), q(c[1]), q(&s))).collect();
                let byes: Vec<&str> = if names.len() % 2 == 1 { vec![names[names.len() - 1]] } else { vec![] };
                format!("[[round]]\nmatches = [{}]\nbyes = {byes:?}", ms.join(", "))
            }),
    ]
}

/// Event files: mostly half-valid (name, date, rounds usually present, then
/// random keys and tables), sometimes arbitrary text.
fn event_text() -> impl Strategy<Value = String> {
    let structured = (
        prop::bool::weighted(0.95),
        prop::option::weighted(0.95, (1990i32..2030, 1u8..13, 1u8..29)),
        prop::option::weighted(0.8, prop_oneof![9 => 1i64..4, 1 => Just(0)]),
        prop::option::weighted(0.5, prop::sample::select(FORMATS.to_vec())),
        prop::collection::vec(top_line(), 0..3),
        prop::collection::vec(table(), 0..4),
    )
        .prop_map(|(named, date, rounds, format, top, tables)| {
            let mut text = String::new();
            if named {
                text.push_str("name = \"Cup\"\n");
            }
            if let Some((y, m, d)) = date {
                text.push_str(&format!("date = {y:04}-{m:02}-{d:02}\n"));
            }
            if let Some(r) = rounds {
                text.push_str(&format!("rounds = {r}\n"));
            }
            if let Some(f) = format {
                text.push_str(&format!("format = {}\n", q(f)));
            }
            for line in top {
                text.push_str(&line);
                text.push('\n');
            }
            for t in tables {
                text.push_str(&t);
                text.push('\n');
            }
            text
        });
    prop_oneof![
        6 => structured,
        1 => any::<String>(),
        1 => "[ -~\n\t]{0,200}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn event_files_never_panic_and_accepted_ones_are_valid(text in event_text()) {
        let aliases: HashMap<String, std::sync::Arc<str>> = [("a. ames".to_string(), "ann".into())].into();
        let formats = known_formats();
        let ctx = Lookups { aliases: &aliases, known_formats: &formats };
        let Ok(e) = event::parse(Path::new("data/x.toml"), "x".into(), &text, &ctx) else {
            return Ok(());
        };
        // docs/data-format.md: ranks in 1..=players, no more rows than players,
        // a player once per event, end_date >= date, rounds >= 1.
        prop_assert!(e.results.len() <= e.players as usize);
        let mut keys = HashSet::new();
        for r in &e.results {
            prop_assert!(r.rank >= 1 && r.rank <= e.players, "rank {} of {}", r.rank, e.players);
            prop_assert!(keys.insert(r.name.key.clone()), "{} twice", r.name.key);
            prop_assert!(!r.name.spelling.is_empty() && !r.name.spelling.contains(char::is_control));
        }
        prop_assert!(e.end_date.is_none_or(|end| end >= e.date));
        prop_assert!(e.rounds.is_none_or(|r| r >= 1));
        prop_assert!(e.round.is_empty() || e.format.is_some());
        for round in &e.round {
            let mut seated = HashSet::new();
            for m in &round.matches {
                prop_assert!(m.a.key != m.b.key);
                prop_assert!(seated.insert(m.a.key.clone()) && seated.insert(m.b.key.clone()));
            }
            for b in &round.byes {
                prop_assert!(seated.insert(b.key.clone()));
            }
        }
    }

    #[test]
    fn site_and_registry_files_never_panic(text in prop_oneof![
        prop::collection::vec(prop_oneof![
            (prop::sample::select(vec!["title", "page_size", "output_dir", "base_url", "allow_html", "id", "system",
                "initial", "max_value", "k_bands", "category", "formats", "rated_from", "name", "aliases"]), value())
                .prop_map(|(k, v)| format!("{k} = {v}")),
            Just("[[rating]]".to_string()),
            Just("[[player]]".to_string()),
            Just("system = \"dci\"".to_string()),
            Just("system = \"dip-pouch\"".to_string()),
        ], 0..10).prop_map(|p| p.join("\n") + "\n"),
        any::<String>(),
    ]) {
        let _ = config::parse(Path::new("site.toml"), &text);
        let _ = ratings_site::load::registry::parse(Path::new("data/players.toml"), &text);
    }
}

/// (a, b, wins_a, wins_b, draws)
type PlannedMatch = (u32, u32, u16, u16, u16);

/// A random but valid sequence of events (as the loader would produce).
#[derive(Debug, Clone)]
struct EventPlan {
    year: i32,
    world_championship: bool,
    rounds: u32,
    extra_players: u32,
    /// Players (indices into the pool), deduplicated when built.
    placed: Vec<u32>,
    ties: Vec<bool>,
    /// Match rounds: (a, b, wins_a, wins_b, draws).
    matches: Vec<Vec<PlannedMatch>>,
    format: usize,
    sanctioned: bool,
    judge_level: u32,
}

fn event_plan(pool: u32) -> impl Strategy<Value = EventPlan> {
    (
        (1990i32..2030, prop::bool::weighted(0.1), 1u32..8, 0u32..100),
        prop::collection::vec(0..pool, 0..30),
        prop::collection::vec(any::<bool>(), 30),
        prop::collection::vec(
            prop::collection::vec((0..pool, 0..pool, 0u16..3, 0u16..3, 0u16..2), 0..8),
            0..4,
        ),
        (0usize..2, any::<bool>(), 0u32..4),
    )
        .prop_map(
            |((year, wc, rounds, extra), placed, ties, matches, (format, sanctioned, judge_level))| EventPlan {
                year,
                world_championship: wc,
                rounds,
                extra_players: extra,
                placed,
                ties,
                matches,
                format,
                sanctioned,
                judge_level,
            },
        )
}

fn site_of((config, ratings): (config::SiteConfig, Vec<Rating>), plans: &[EventPlan], pool: u32) -> Site {
    let mut events = Vec::new();
    for (i, p) in plans.iter().enumerate() {
        let mut seen = HashSet::new();
        let placed: Vec<u32> = p.placed.iter().copied().filter(|x| seen.insert(*x)).collect();
        let mut results = Vec::new();
        let mut rank = 1;
        for (k, &player) in placed.iter().enumerate() {
            if k > 0 && !p.ties[k] {
                rank = k as u32 + 1;
            }
            results.push(Placement {
                rank,
                player,
                origin: Default::default(),
            });
        }
        let mut round = Vec::new();
        for ms in &p.matches {
            let mut seated = HashSet::new();
            let mut matches = Vec::new();
            for &(a, b, wins_a, wins_b, draws) in ms {
                if a != b && !seated.contains(&a) && !seated.contains(&b) {
                    seated.insert(a);
                    seated.insert(b);
                    matches.push(Match {
                        a,
                        b,
                        wins_a,
                        wins_b,
                        draws,
                    });
                }
            }
            // Empty rounds and events without results are valid too.
            round.push(Round {
                matches,
                ..Round::default()
            });
        }
        let mut participants: HashSet<u32> = placed.iter().copied().collect();
        for r in &round {
            for m in &r.matches {
                participants.insert(m.a);
                participants.insert(m.b);
            }
        }
        events.push(Event {
            id: format!("e{i:03}"),
            file: format!("data/e{i:03}.toml"),
            name: format!("Event {i}"),
            date: Date {
                year: p.year,
                month: 1 + (i % 12) as u8,
                day: 1 + (i % 28) as u8,
            },
            end_date: None,
            place: String::new(),
            country: String::new(),
            players: participants.len() as u32 + p.extra_players,
            rounds: Some(p.rounds),
            boards: None,
            world_championship: p.world_championship,
            circuits: Vec::new(),
            report: String::new(),
            results,
            format: (!round.is_empty()).then(|| FORMATS[p.format].to_string()),
            sanctioned: p.sanctioned,
            judge_level: p.judge_level,
            round,
            points: None,
            tiebreaks: None,
            colours: None,
        });
    }
    events.sort_by(|a, b| (a.date, a.id.as_bytes()).cmp(&(b.date, b.id.as_bytes())));
    let players = (0..pool)
        .map(|i| Player {
            key: format!("player {i}").into(),
            display: format!("Player {i}").into(),
            nat: "".into(),
            loc: "".into(),
            slug: format!("player-{i}").into(),
        })
        .collect();
    Site {
        config,
        ratings,
        nation_slugs: Default::default(),
        model: ratings_model::Site {
            events,
            players,
            pages: Vec::new(),
        },
    }
}

/// A parameter of a system and its range, as docs/site-configuration.md
/// documents it: from `low` to `high`, each end excluded when `open` says
/// so; `zero`: 0 is accepted too; `whole`: whole numbers only.
#[derive(Clone, Copy)]
struct Range {
    system: &'static str,
    key: &'static str,
    low: f64,
    high: f64,
    open: (bool, bool),
    zero: bool,
    whole: bool,
}

const fn from_to(system: &'static str, key: &'static str, low: f64, high: f64) -> Range {
    Range {
        system,
        key,
        low,
        high,
        open: (false, false),
        zero: false,
        whole: false,
    }
}

/// Above `low` (excluded), at most `high`.
const fn above(system: &'static str, key: &'static str, low: f64, high: f64) -> Range {
    Range {
        open: (true, false),
        ..from_to(system, key, low, high)
    }
}

const fn whole(system: &'static str, key: &'static str, low: f64, high: f64) -> Range {
    Range {
        whole: true,
        ..from_to(system, key, low, high)
    }
}

const MILLION: f64 = 1_000_000.0;

/// Every parameter of every system but the lists (`formats`, DCI's
/// `category` and `k_bands`, which have their own strategy).
const RANGES: &[Range] = &[
    from_to("dip-pouch", "initial", 0.0, 100.0),
    from_to("dip-pouch", "world_championship_value", 0.0, 100.0),
    above("dip-pouch", "one_round_divisor", 0.0, MILLION),
    above("dip-pouch", "multi_round_divisor", 0.0, MILLION),
    from_to("dip-pouch", "value_offset", 0.0, 100.0),
    from_to("dip-pouch", "max_value", 0.0, 100.0),
    whole("dip-pouch", "rated_from", 0.0, 9999.0),
    from_to("dci", "initial", 0.0, MILLION),
    whole("dci", "provisional_matches", 0.0, MILLION),
    whole("dci", "min_players", 0.0, MILLION),
    whole("dci", "half_k_below", 0.0, MILLION),
    whole("dci", "judge_level_for_full_k", 0.0, MILLION),
    from_to("elo", "initial", -MILLION, MILLION),
    above("elo", "k", 0.0, 1000.0),
    whole("elo", "min_events", 1.0, MILLION),
    from_to("glicko2", "initial", -MILLION, MILLION),
    from_to("glicko2", "initial_deviation", 1.0, 10_000.0),
    from_to("glicko2", "initial_volatility", 0.0001, 1.0),
    Range {
        zero: true,
        ..from_to("glicko2", "tau", 0.001, 10.0)
    },
    whole("glicko2", "period_days", 1.0, 100_000.0),
    whole("glicko2", "min_events", 1.0, MILLION),
    from_to("trueskill", "initial", -MILLION, MILLION),
    from_to("trueskill", "initial_deviation", 0.001, MILLION),
    from_to("trueskill", "beta", 0.001, MILLION),
    from_to("trueskill", "tau", 0.0, MILLION),
    Range {
        open: (true, true),
        ..from_to("trueskill", "draw_probability", 0.0, 1.0)
    },
    whole("trueskill", "min_events", 1.0, MILLION),
];

impl Range {
    /// The least and the greatest value accepted.
    fn ends(&self) -> (f64, f64) {
        let low = if self.open.0 { self.low.next_up() } else { self.low };
        let high = if self.open.1 { self.high.next_down() } else { self.high };
        (low, high)
    }

    /// The value as site.toml writes it.
    fn toml(&self, x: f64) -> String {
        if self.whole {
            format!("{}", x as i64)
        } else {
            format!("{x:?}")
        }
    }

    /// Values across the range, half of them its ends: the ends of every
    /// range combine, case after case, with every end of the others.
    fn values(&self) -> BoxedStrategy<f64> {
        let (low, high) = self.ends();
        let mut options = vec![Just(low).boxed(), Just(high).boxed(), (low..=high).boxed()];
        if low > 0.0 {
            // Spread over the orders of magnitude too.
            let (a, b) = (low.ln(), high.ln());
            options.push((a..=b).prop_map(move |x| x.exp().clamp(low, high)).boxed());
        }
        if self.zero {
            options.push(Just(0.0).boxed());
        }
        let whole = self.whole;
        prop::strategy::Union::new(options)
            .prop_map(move |x| if whole { x.round() } else { x })
            .boxed()
    }
}

/// DCI's `k_bands`: up to three bands with bounds anywhere in [0, 1000000]
/// and the last `inf`, every K in [0, 1000], ends half of the time.
fn k_bands() -> impl Strategy<Value = String> {
    let bound = from_to("dci", "k_bands", 0.0, MILLION).values();
    let k = || from_to("dci", "k_bands", 0.0, 1000.0).values();
    (prop::collection::vec((bound, k()), 0..3), k()).prop_map(|(mut bands, last)| {
        bands.sort_by(|a, b| a.0.total_cmp(&b.0));
        bands.dedup_by(|a, b| a.0 == b.0);
        let mut list: Vec<String> = bands.iter().map(|(b, k)| format!("[{b:?}, {k:?}]")).collect();
        list.push(format!("[inf, {last:?}]"));
        format!("k_bands = [{}]\n", list.join(", "))
    })
}

/// A `[[rating]]` table of every system with every parameter drawn from
/// its range (id = the system's name).
fn all_tables() -> impl Strategy<Value = String> {
    let values: Vec<BoxedStrategy<f64>> = RANGES.iter().map(Range::values).collect();
    (values, k_bands()).prop_map(|(values, bands)| {
        let mut text = String::new();
        for system in rating::SYSTEMS.iter().map(|s| s.name) {
            text.push_str(&format!("[[rating]]\nid = \"{system}\"\nsystem = \"{system}\"\n"));
            if system == "dci" {
                text.push_str("category = \"Limited\"\n");
                text.push_str(&bands);
            }
            for (r, x) in RANGES.iter().zip(&values).filter(|(r, _)| r.system == system) {
                text.push_str(&format!("{} = {}\n", r.key, r.toml(*x)));
            }
        }
        text
    })
}

/// `site.toml` read and its ratings configured, as the load does.
fn parse(text: &str) -> Result<(config::SiteConfig, Vec<Rating>), Vec<String>> {
    let shown = |e: Vec<ratings_model::error::Diagnostic>| -> Vec<String> {
        ratings_model::error::Errors::sorted(e)
            .shown()
            .iter()
            .map(|d| d.to_string())
            .collect()
    };
    let settings = config::parse(Path::new("site.toml"), text).map_err(|e| shown(e.problems))?;
    let ratings =
        ratings_site::ratings::configure(&settings.ratings).map_err(|kept| shown(kept.into_sorted("error")))?;
    Ok((settings, ratings))
}

/// The ranges above are those site.toml accepts: their ends are accepted,
/// the nearest values beyond them, NaN and the infinities refused; and
/// every parameter of every system is among them.
#[test]
fn the_fuzzed_ranges_are_those_site_toml_accepts() {
    for system in rating::SYSTEMS {
        for key in system
            .keys
            .iter()
            .filter(|k| !["formats", "category", "k_bands"].contains(k))
        {
            let fuzzed = RANGES.iter().any(|r| r.system == system.name && r.key == *key);
            assert!(fuzzed, "{}: `{key}` has no range in RANGES", system.name);
        }
    }
    let table = |r: &Range, value: &str| {
        let category = if r.system == "dci" {
            "category = \"Limited\"\n"
        } else {
            ""
        };
        format!(
            "[[rating]]\nid = \"x\"\nsystem = \"{}\"\n{category}{} = {value}\n",
            r.system, r.key
        )
    };
    for r in RANGES {
        let (low, high) = r.ends();
        let mut accepted = vec![low, high];
        let mut refused = vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        let step = |x: f64, up: bool| match (r.whole, up) {
            (true, true) => x + 1.0,
            (true, false) => x - 1.0,
            (false, true) => x.next_up(),
            (false, false) => x.next_down(),
        };
        refused.extend([step(low, false), step(high, true)]);
        if r.zero {
            accepted.push(0.0);
            refused.push(step(0.0, false));
        }
        for x in accepted {
            let text = table(r, &r.toml(x));
            assert!(
                parse(&text).is_ok(),
                "{}.{} = {x:?} refused: {:?}",
                r.system,
                r.key,
                parse(&text)
            );
        }
        for x in refused {
            let value = if x.is_finite() {
                r.toml(x)
            } else {
                format!("{x:?}").replace("NaN", "nan")
            };
            let errors = parse(&table(r, &value)).err().unwrap_or_default();
            assert!(
                errors.len() == 1 && errors[0].contains(&format!("`{}` must be", r.key)),
                "{}.{} = {value} accepted or refused otherwise: {errors:?}",
                r.system,
                r.key
            );
        }
    }
    let bands = |list: &str| {
        parse(&format!(
            "[[rating]]\nid = \"x\"\nsystem = \"dci\"\ncategory = \"Limited\"\nk_bands = {list}\n"
        ))
    };
    assert!(bands("[[0, 0], [1000000, 1000], [inf, 1000]]").is_ok());
    for list in [
        "[[inf, 1000.0001]]",
        "[[inf, 1e308]]",
        "[[-0.5, 16], [inf, 16]]",
        "[[1000001, 16], [inf, 16]]",
        "[[2400, 16]]",
    ] {
        assert!(
            bands(list).is_err_and(|e| e.len() == 1 && e[0].contains("`k_bands` must be")),
            "{list}"
        );
    }
}

/// Every value of a history a page, download or chart shows is finite.
fn assert_finite(history: &rating::History, id: &str) -> Result<(), TestCaseError> {
    for row in &history.rows {
        let deviation = row.deviation().unwrap_or_default();
        let values = [row.before, row.after, deviation[0], deviation[1]];
        prop_assert!(values.iter().all(|v| v.is_finite()), "{id}: {row:?}");
    }
    for s in history.standings.iter().flatten() {
        prop_assert!(
            s.rating.is_finite() && s.deviation.is_none_or(f64::is_finite),
            "{id}: {s:?}"
        );
    }
    prop_assert_eq!(history.first_non_finite(), None, "{}", id);
    Ok(())
}

/// The invariants of one rating of a fuzzed site.
fn check_rating(site: &Site, r: &Rating) -> Result<(), TestCaseError> {
    let history = r.system.rate(&site.model);
    prop_assert_eq!(history.event_rows.len(), site.model.events.len());
    prop_assert_eq!(history.events.len(), site.model.events.len());
    prop_assert_eq!(history.standings.len(), site.model.players.len());
    // "Included" means the event has rows in this rating.
    for (e, rows) in history.events.iter().zip(&history.event_rows) {
        prop_assert_eq!(e.included, !rows.is_empty(), "{}", r.id);
    }
    assert_finite(&history, &r.id)?;
    let cap = match r.id.as_str() {
        // Ratings are percentiles.
        "dip-pouch" => {
            let percent = |x: f64| (0.0..=100.0).contains(&x);
            prop_assert!(history.rows.iter().all(|row| percent(row.after)));
            prop_assert!(history.standings.iter().flatten().all(|s| percent(s.rating)));
            f64::INFINITY
        }
        // Glicko-2's RD never above the initial RD.
        "glicko2" => {
            let debug = format!("{:?}", r.system);
            let rd = debug
                .split("initial_deviation: ")
                .nth(1)
                .unwrap()
                .split(',')
                .next()
                .unwrap();
            rd.parse::<f64>().unwrap()
        }
        _ => f64::INFINITY,
    };
    for row in &history.rows {
        if let Some([before, after]) = row.deviation() {
            prop_assert!(before > 0.0 && after > 0.0, "{}: {row:?}", r.id);
            prop_assert!(before <= cap && after <= cap, "{}: {row:?} above {cap}", r.id);
        }
        prop_assert_eq!(
            row.deviation().is_some(),
            ["glicko2", "trueskill"].contains(&r.id.as_str())
        );
    }
    let ranking = rating::ranking(&site.model, &history);
    prop_assert!(
        ranking
            .windows(2)
            .all(|w| w[0].rating >= w[1].rating && w[0].rank <= w[1].rank)
    );
    let p = &rating::predictions::predictions(&site.model, r.system.as_ref(), &history);
    let _view = ratings_site::rated::Rated::from_history(site, r, history);
    prop_assert!(p.all.right2 <= 2 * p.all.games);
    prop_assert_eq!(p.years.iter().map(|(_, t)| t.games).sum::<u64>(), p.all.games);
    // The calibration bins hold every game of the log loss once; the log
    // loss is finite (chances are kept off 0 and 1).
    prop_assert_eq!(p.calibration.iter().map(|b| b.games).sum::<u64>(), p.loss.games);
    prop_assert_eq!(p.year_loss.iter().map(|l| l.games).sum::<u64>(), p.loss.games);
    prop_assert!(p.loss.sum.is_finite() && p.loss.sum >= 0.0);
    prop_assert!(p.modelled || p.loss.games == 0);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    /// Every system on random sites with every parameter anywhere in its
    /// documented range, the ends most of all: every published value
    /// finite (what the rate stage would otherwise refuse), Dip Pouch
    /// ratings in [0, 100], deviations positive, Glicko-2's never above
    /// its initial RD, the ranking ordered, the predictions never
    /// counting more right than games, and the calibration bins summing
    /// to the games of the log loss.
    #[test]
    fn every_system_stays_finite_over_its_parameter_ranges(
        tables in all_tables(),
        plans in prop::collection::vec(event_plan(40), 0..25),
    ) {
        let config = parse(&tables).expect("valid parameters");
        let site = site_of(config, &plans, 40);
        for r in &site.ratings {
            check_rating(&site, r)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(32)))]

    /// The same over long histories of a few players, where ratings drift
    /// furthest from the start.
    #[test]
    fn long_histories_stay_finite_over_the_parameter_ranges(
        tables in all_tables(),
        plans in prop::collection::vec(event_plan(8), 60..150),
    ) {
        let config = parse(&tables).expect("valid parameters");
        let site = site_of(config, &plans, 8);
        for r in &site.ratings {
            check_rating(&site, r)?;
        }
    }
}

/// Unknown keys in a `[[rating]]` table: the first 100 errors, at their
/// lines, and one counting the rest (each counted its line from the start
/// of the file: 160,000 keys took 93 s).
#[test]
fn many_unknown_rating_keys_give_the_first_100_errors() {
    let keys: String = (0..1000).map(|i| format!("k{i:04} = 1\n")).collect();
    let text = format!("title = \"T\"\n\n[[rating]]\nid = \"elo\"\nsystem = \"elo\"\ntitle = \"Elo\"\n{keys}");
    let Err(errors) = parse(&text) else { panic!("accepted") };
    assert_eq!(errors.len(), 101);
    assert!(
        errors[0].starts_with("site.toml:7:1: unknown key `k0000` for system \"elo\" (its parameters: "),
        "{}",
        errors[0]
    );
    assert!(
        errors[99].starts_with("site.toml:106:1: unknown key `k0099`"),
        "{}",
        errors[99]
    );
    assert_eq!(
        errors[100],
        "site.toml:1006:1: 900 more errors in this file, up to this line, not shown: fix the first 100 and try again"
    );
}
