//! Synthetic sites for benchmarks and scaling checks (`ratings synth`).
//!
//! Writes a site folder in the contract format (site.toml, data/YEAR/*.toml)
//! with invented players and events of realistic shapes: field sizes 7–200,
//! ties, partial result lists, one World Championship a year, and match events
//! (Booster Draft / Sealed Deck) with Swiss rounds, byes and draws. The same
//! parameters and seed always give the same bytes: the generator has its own
//! PRNG (splitmix64) and never looks at the clock or the environment.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SynthParams {
    pub seed: u64,
    /// Placement events (with `[[results]]`).
    pub events: usize,
    pub players: usize,
    /// Result rows over all placement events (approximate).
    pub results: usize,
    /// Match events (with `[[round]]`).
    pub match_events: usize,
    /// Matches over all match events (approximate).
    pub matches: usize,
    /// Also publish Elo, Glicko-2 and TrueSkill (beside the two seed systems).
    pub all_systems: bool,
}

impl SynthParams {
    /// The named benchmark cases: `small`, `large`, `huge` (10× large).
    pub fn case(name: &str) -> Option<SynthParams> {
        let p = |events, players, results, match_events, matches| SynthParams {
            seed: 1,
            events,
            players,
            results,
            match_events,
            matches,
            all_systems: false,
        };
        match name {
            "small" => Some(p(300, 3_000, 12_000, 60, 3_000)),
            "large" => Some(p(5_000, 50_000, 300_000, 2_000, 200_000)),
            "huge" => Some(p(50_000, 500_000, 3_000_000, 20_000, 2_000_000)),
            _ => None,
        }
    }
}

/// What was written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SynthSummary {
    pub events: usize,
    pub match_events: usize,
    pub players: usize,
    pub results: usize,
    pub matches: usize,
    pub files: usize,
    pub bytes: u64,
}

/// splitmix64: tiny, fast, good enough for invented data, and stable.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * n as f64) as usize % n.max(1)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const FIRST: &[&str] = &[
    "Anna",
    "Björn",
    "Chloé",
    "Dmitri",
    "Élodie",
    "François",
    "Gábor",
    "Hélène",
    "Ingrid",
    "János",
    "Kévin",
    "Lars",
    "Małgorzata",
    "Núria",
    "Oğuz",
    "Pál",
    "Quentin",
    "Renée",
    "Søren",
    "Tomás",
    "Ulrike",
    "Václav",
    "Wojciech",
    "Xavier",
    "Yannick",
    "Zoë",
    "Åsa",
    "Émile",
    "Íñigo",
    "Jürgen",
    "Mario",
    "Doug",
    "Leif",
    "Cyrille",
    "Vincent",
    "Edi",
    "Toby",
    "Nicolas",
    "Laura",
    "Sarah",
    "Marco",
    "Giulia",
    "Jiří",
    "Ondřej",
    "Zsófia",
    "Agnès",
    "Benoît",
    "Cécile",
    "Dörte",
    "Eero",
    "Fátima",
    "Gustavo",
    "Hannah",
    "Ilse",
    "José",
    "Kristýna",
    "Luís",
    "Mónica",
    "Niels",
    "Olga",
    "Pierre",
    "Raúl",
    "Stéphane",
    "Thibault",
    "Uwe",
    "Vera",
    "Wiebke",
    "Yusuf",
    "Žaneta",
    "Ana",
    "Bruno",
    "Chris",
    "David",
    "Emma",
    "Fiona",
    "Greg",
    "Hugo",
    "Ivan",
    "Jens",
    "Katrin",
    "Lena",
    "Mark",
    "Nora",
    "Oscar",
    "Paul",
    "Rita",
    "Sven",
    "Tina",
    "Ugo",
    "Viktor",
    "Will",
    "Yuki",
];

/// Surname syllables: a surname spells the player's number in base
/// `SYLLABLES.len()`, so every invented player has a distinct name.
const SYLLABLES: &[&str] = &[
    "ber", "gman", "knor", "ring", "kob", "rin", "bor", "mül", "ler", "schä", "fer", "dvo", "řák", "nov", "ák", "gar",
    "cía", "lóp", "ez", "ros", "si", "ber", "tin", "dup", "ont", "lau", "rent", "ha", "ns", "sen", "ø", "strup", "kow",
    "ski", "wój", "cik", "san", "tos", "fer", "rei", "ra", "mo", "ore", "shi", "elds", "ka", "ta", "ya", "ma", "ño",
    "kel", "ly", "von", "dal", "öz", "türk", "ber", "ge", "var", "ga",
];

const CITIES: &[&str] = &[
    "Zürich",
    "Kraków",
    "São Paulo",
    "Malmö",
    "Besançon",
    "Oxford",
    "Columbus",
    "Lyon",
    "Göteborg",
    "Brno",
    "Toruń",
    "Córdoba",
    "Reykjavík",
    "Łódź",
    "Århus",
    "Nîmes",
    "Genève",
    "Köln",
    "Porto",
    "Helsinki",
    "Dublin",
    "Chicago",
    "Sydney",
    "Montréal",
    "Wien",
    "Praha",
    "Paris",
    "Madrid",
    "Bologna",
    "Baltimore",
    "Seattle",
    "Québec",
    "Tromsø",
    "Plzeň",
    "Debrecen",
    "Cluj-Napoca",
    "Gdańsk",
    "Jyväskylä",
    "Kaunas",
    "Ljubljana",
];

const KINDS: &[&str] = &[
    "Open",
    "Cup",
    "Classic",
    "Masters",
    "Invitational",
    "Championship",
    "Weekend",
    "Con",
    "Trophy",
];

const NATS: &[&str] = &[
    "US", "GB", "FR", "DE", "SE", "NO", "DK", "FI", "NL", "BE", "CH", "AT", "IT", "ES", "PT", "PL", "CZ", "HU", "IE",
    "CA", "AU", "NZ", "BR", "AR", "JP", "IS", "SI", "LT", "RO", "GR",
];

fn surname(mut n: usize) -> String {
    let base = SYLLABLES.len();
    let mut s = String::new();
    // Two or more syllables, picked by the digits of n.
    for i in 0.. {
        let part = SYLLABLES[n % base];
        n /= base;
        if i == 0 {
            let mut c = part.chars();
            if let Some(f) = c.next() {
                s.extend(f.to_uppercase());
                s.push_str(c.as_str());
            }
        } else {
            s.push_str(part);
        }
        if n == 0 && i >= 1 {
            break;
        }
    }
    s
}

struct Person {
    /// The name as usually written.
    name: String,
    /// Upper-case surname, as some result lists write it (same name key).
    shouted: String,
    nat: &'static str,
}

fn people(rng: &mut Rng, n: usize) -> Vec<Person> {
    let mut keys = std::collections::HashSet::with_capacity(n);
    (0..n)
        .map(|i| {
            let first = *rng.pick(FIRST);
            let mut last = surname(i);
            // Syllables can spell one surname two ways: keep name keys distinct.
            let mut extra = 1;
            while !keys.insert(ratings_model::names::name_key(&format!("{first} {last}"))) {
                extra += 1;
                last = format!("{} {}", surname(i), surname(i + extra * 7919));
            }
            let nat = *rng.pick(NATS);
            Person {
                name: format!("{first} {last}"),
                shouted: format!("{first} {}", last.to_uppercase()),
                nat,
            }
        })
        .collect()
}

fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

fn slugify(s: &str) -> String {
    ratings_model::names::slug(&ratings_model::names::name_key(s)).replace("--", "-")
}

/// A player drawn with a skew: a few regulars play very often, most rarely.
fn regular(rng: &mut Rng, lo: usize, hi: usize) -> usize {
    let u = rng.unit();
    lo + ((hi - lo) as f64 * u * u) as usize
}

/// `k` distinct players from `lo..hi`.
fn field(rng: &mut Rng, k: usize, lo: usize, hi: usize, seen: &mut [u32], stamp: u32) -> Vec<usize> {
    let k = k.min(hi - lo);
    let mut out = Vec::with_capacity(k);
    while out.len() < k {
        let p = if rng.chance(0.7) {
            regular(rng, lo, hi)
        } else {
            lo + rng.below(hi - lo)
        };
        if seen[p] != stamp {
            seen[p] = stamp;
            out.push(p);
        }
    }
    out
}

const YEARS: (i32, i32) = (1990, 2025);

fn date_in(rng: &mut Rng) -> (u32, u32) {
    (1 + rng.below(12) as u32, 1 + rng.below(28) as u32)
}

/// The synthetic site's `site.toml`: Dip Pouch and DCI Limited, and with
/// `all_systems` Elo, Glicko-2 and TrueSkill too; its match events scored
/// as a Magic site would set them (3/1/0, omw/gw/ogw, no colours).
fn site_toml(all_systems: bool) -> String {
    let site = "# Synthetic site written by `ratings synth` (invented players and events).\n\
        title = \"Synthetic Ratings\"\n\
        author = \"ratings synth\"\n\
        page_size = 50\n\
        # Magic events: match points, the Magic tie-breaks, no colours.\n\
        points = { win = 3, draw = 1, loss = 0 }\n\
        tiebreaks = [\"omw\", \"gw\", \"ogw\"]\n\
        colours = false\n\n\
        [[rating]]\n\
        id = \"dip-pouch\"\n\
        system = \"dip-pouch\"\n\
        title = \"Dip Pouch Tournament Rating\"\n\n\
        [[rating]]\n\
        id = \"dci-limited\"\n\
        system = \"dci\"\n\
        category = \"Limited\"\n";
    let more = "\n[[rating]]\nid = \"elo\"\nsystem = \"elo\"\n\n\
        [[rating]]\nid = \"glicko2\"\nsystem = \"glicko2\"\n\n\
        [[rating]]\nid = \"trueskill\"\nsystem = \"trueskill\"\n";
    if all_systems {
        format!("{site}{more}")
    } else {
        site.to_string()
    }
}

/// Generate the site into `out` (created; must not exist or be empty).
pub fn generate(out: &Path, p: &SynthParams) -> io::Result<SynthSummary> {
    if out.exists() && fs::read_dir(out)?.next().is_some() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} exists and is not empty", out.display()),
        ));
    }
    let mut rng = Rng::new(p.seed);
    let persons = people(&mut rng, p.players.max(8));
    let mut sum = SynthSummary::default();
    fs::create_dir_all(out.join("data"))?;
    let write = |rel: &str, text: &str, sum: &mut SynthSummary| -> io::Result<()> {
        let path = out.join(rel);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        fs::write(&path, text)?;
        sum.files += 1;
        sum.bytes += text.len() as u64;
        Ok(())
    };
    let site = site_toml(p.all_systems);
    write("site.toml", &site, &mut sum)?;
    write(
        "data/pages/about.md",
        "# About\n\nInvented players and events, generated by `ratings synth` for benchmarks.\n",
        &mut sum,
    )?;

    let n_years = (YEARS.1 - YEARS.0 + 1) as usize;
    let mut seen = vec![u32::MAX; persons.len()];
    let mut stamp = 0u32;
    // Placement players: the first 80 % of the pool; match players: the last
    // 30 % (some people play both games).
    let place_hi = (persons.len() * 4 / 5).max(8);
    let match_lo = persons.len() * 7 / 10;
    let mean_rows = if p.events == 0 {
        0.0
    } else {
        p.results as f64 / p.events as f64
    };
    // One World Championship a year (fields of 120–200); the other fields
    // make up the rest. Listed rows average ~0.9 of the field (partial lists).
    let wc_every = (p.events / n_years).max(1);
    let n_wc = p.events.div_ceil(wc_every);
    let other_rows = (p.results as f64 - n_wc as f64 * 160.0 * 0.9).max(0.0);
    let mean_field = (other_rows / (p.events - n_wc).max(1) as f64 / 0.9).clamp(7.0, 100.0);
    let _ = mean_rows;

    for e in 0..p.events {
        let year = YEARS.0 + (e * n_years / p.events.max(1)) as i32;
        let wc = e % wc_every == 0;
        stamp = stamp.wrapping_add(1);
        let (rel, t) = placement_event(
            &mut rng,
            &persons,
            e,
            year,
            wc,
            mean_field,
            (place_hi, &mut seen, stamp),
            &mut sum,
        );
        write(&rel, &t, &mut sum)?;
        sum.events += 1;
    }

    let mean_matches = if p.match_events == 0 {
        0.0
    } else {
        p.matches as f64 / p.match_events as f64
    };
    for e in 0..p.match_events {
        let year = YEARS.0 + 4 + (e * (n_years - 4) / p.match_events.max(1)) as i32;
        stamp = stamp.wrapping_add(1);
        let (rel, t) = match_event(
            &mut rng,
            &persons,
            e,
            year,
            mean_matches,
            (match_lo, &mut seen, stamp),
            &mut sum,
        );
        write(&rel, &t, &mut sum)?;
        sum.match_events += 1;
    }
    sum.players = persons.len();
    Ok(sum)
}

/// One placement event (a World Championship when `wc`), as (path, text).
/// `pool`: the players it draws from (below the index), and the draw's
/// bookkeeping (see [`field`]).
#[allow(clippy::too_many_arguments)]
fn placement_event(
    rng: &mut Rng,
    persons: &[Person],
    e: usize,
    year: i32,
    wc: bool,
    mean_field: f64,
    pool: (usize, &mut [u32], u32),
    sum: &mut SynthSummary,
) -> (String, String) {
    let (month, day) = date_in(rng);
    let city = *rng.pick(CITIES);
    let kind = if wc { "World Championship" } else { *rng.pick(KINDS) };
    let name = format!("{city} {kind} {}", e + 1);
    let n = if wc {
        120 + rng.below(81)
    } else {
        // Uniform around the mean, within 7..=200.
        let lo = 7.0;
        let hi = (2.0 * mean_field - lo).min(200.0);
        (lo + rng.unit() * (hi - lo + 1.0)) as usize
    }
    .clamp(7, 200);
    let rounds = if rng.chance(0.15) { 1 } else { 2 + rng.below(6) };
    let partial = rng.chance(0.3);
    let listed = if partial {
        ((n as f64) * (0.5 + 0.45 * rng.unit())).ceil() as usize
    } else {
        n
    }
    .clamp(1, n);
    let (place_hi, seen, stamp) = pool;
    let players = field(rng, n, 0, place_hi, seen, stamp);
    let mut t = String::with_capacity(64 * listed + 256);
    let _ = writeln!(t, "name = {}", quote(&name));
    let _ = writeln!(t, "date = {year}-{month:02}-{day:02}");
    if rng.chance(0.5) {
        let _ = writeln!(t, "end_date = {year}-{month:02}-{:02}", (day + 2).min(28));
    }
    let _ = writeln!(t, "place = {}", quote(city));
    let _ = writeln!(t, "country = {}", quote(rng.pick::<&str>(NATS)));
    let _ = writeln!(t, "players = {n}");
    let _ = writeln!(t, "rounds = {rounds}");
    let _ = writeln!(t, "boards = {}", n.div_ceil(7));
    if wc {
        let _ = writeln!(t, "world_championship = true");
    }
    if rng.chance(0.2) {
        let _ = writeln!(
            t,
            "report = \"\"\"\nA *fine* weekend in {city}: {n} players, {rounds} rounds.\n\"\"\""
        );
    }
    // Ranks with ties (1, 2, 2, 4 ...); partial lists keep the top rows
    // and leave a few out.
    let mut rank = 1;
    for (i, &who) in players.iter().enumerate().take(listed) {
        if i > 0 && !rng.chance(0.06) {
            rank = i + 1;
        }
        if partial && i > 0 && rng.chance(0.05) {
            continue;
        }
        let person = &persons[who];
        let written = if rng.chance(0.1) { &person.shouted } else { &person.name };
        let _ = write!(t, "\n[[results]]\nrank = {rank}\nname = {}\n", quote(written));
        if rng.chance(0.8) {
            let _ = writeln!(t, "nat = {}", quote(person.nat));
        }
        sum.results += 1;
    }
    (format!("data/{year}/{}.toml", slugify(&name)), t)
}

/// One match event of Swiss rounds, as (path, text). `pool`: the players
/// it draws from (from the index), and the draw's bookkeeping.
fn match_event(
    rng: &mut Rng,
    persons: &[Person],
    e: usize,
    year: i32,
    mean_matches: f64,
    pool: (usize, &mut [u32], u32),
    sum: &mut SynthSummary,
) -> (String, String) {
    let (month, day) = date_in(rng);
    let city = *rng.pick(CITIES);
    let format = if rng.chance(0.5) {
        "Booster Draft"
    } else {
        "Sealed Deck"
    };
    let kind = if format == "Booster Draft" { "Draft" } else { "Sealed" };
    let name = format!("Grand Prix {city} {kind} {}", e + 1);
    // Swiss: rounds ~ log2(players) + 1; matches ~ rounds * players / 2.
    let target = (mean_matches * (0.5 + rng.unit())).max(4.0);
    let mut n = 8usize;
    while (n as f64 / 2.0) * ((n as f64).log2().ceil() + 1.0) < target && n < 2000 {
        n += 1;
    }
    let rounds = (n as f64).log2().ceil() as usize + 1;
    let (match_lo, seen, stamp) = pool;
    let players = field(rng, n, match_lo, persons.len(), seen, stamp);
    let mut points = vec![0u32; n];
    let mut t = String::with_capacity(60 * rounds * n / 2 + 256);
    let _ = writeln!(t, "name = {}", quote(&name));
    let _ = writeln!(t, "date = {year}-{month:02}-{day:02}");
    let _ = writeln!(t, "place = {}", quote(city));
    let _ = writeln!(t, "format = {}", quote(format));
    if rng.chance(0.05) {
        let _ = writeln!(t, "sanctioned = false");
    }
    let _ = writeln!(t, "judge_level = {}", rng.below(4));
    let mut order: Vec<usize> = (0..n).collect();
    for _ in 0..rounds {
        // Pair by points (Swiss), random among equals; the last one of an
        // odd field gets the bye.
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        order.sort_by_key(|&i| std::cmp::Reverse(points[i]));
        let dropped = if rng.chance(0.1) { 1 } else { 0 };
        let active = &order[..n - dropped.min(n - 2)];
        t.push_str("\n[[round]]\nmatches = [\n");
        for pair in active.chunks_exact(2) {
            let (a, b) = (pair[0], pair[1]);
            let score = match rng.below(20) {
                0 => "1-1",
                1 => "1-1-1",
                2..=6 => "2-1",
                7..=11 => "1-2",
                12..=15 => "2-0",
                _ => "0-2",
            };
            match score {
                "2-1" | "2-0" => points[a] += 3,
                "1-2" | "0-2" => points[b] += 3,
                _ => {
                    points[a] += 1;
                    points[b] += 1;
                }
            }
            let _ = writeln!(
                t,
                "  [{}, {}, \"{score}\"],",
                quote(&persons[players[a]].name),
                quote(&persons[players[b]].name)
            );
            sum.matches += 1;
        }
        t.push_str("]\n");
        if active.len() % 2 == 1 {
            let bye = active[active.len() - 1];
            points[bye] += 3;
            let _ = writeln!(t, "byes = [{}]", quote(&persons[players[bye]].name));
        }
    }
    (format!("data/{year}/{}.toml", slugify(&name)), t)
}

/// One more placement event, dated early in the last year of the generated
/// data (so the site's "last update" most likely stays): what a benchmark adds for an incremental
/// rebuild. Returns its path relative to the site folder.
pub fn extra_event(site: &Path, p: &SynthParams, seed: u64) -> io::Result<String> {
    let mut rng = Rng::new(p.seed ^ seed.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let persons = people(&mut Rng::new(p.seed), p.players.max(8));
    let year = YEARS.1;
    let rel = format!("data/{year}/added-event-{seed}.toml");
    let n = 40;
    let mut seen = vec![u32::MAX; persons.len()];
    let players = field(&mut rng, n, 0, (persons.len() * 4 / 5).max(8), &mut seen, 0);
    let mut t = format!("name = \"Added Open {seed}\"\ndate = {year}-01-01\nplayers = {n}\nrounds = 3\n");
    for (i, &who) in players.iter().enumerate() {
        let _ = write!(
            t,
            "\n[[results]]\nrank = {}\nname = {}\n",
            i + 1,
            quote(&persons[who].name)
        );
    }
    fs::write(site.join(&rel), t)?;
    Ok(rel)
}
