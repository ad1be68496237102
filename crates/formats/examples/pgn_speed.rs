//! Times the PGN importer on a generated collection of 100,000 games (about
//! 80 MB): `cargo run --release --example pgn_speed [games]`.
//! A benchmark, not a test: it prints figures and asserts only that every game
//! came through.

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Instant;

/// A small deterministic generator (xorshift), so runs are comparable.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, sides: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % sides
    }
}

const MOVES: [&str; 12] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
];

fn game(out: &mut String, dice: &mut Dice, number: u64) {
    let event = number / 50;
    let round = number % 50 / 5 + 1;
    let white = event * 10 + dice.roll(10);
    let black = event * 10 + (white % 10 + 1 + dice.roll(9)) % 10;
    let result = ["1-0", "0-1", "1/2-1/2"][dice.roll(3) as usize];
    let _ = write!(
        out,
        "[Event \"Weekend Open {event}\"]\n[Site \"Town {site}\"]\n[Date \"20{year:02}.{month:02}.{day:02}\"]\n\
         [Round \"{round}.{board}\"]\n[White \"Player{white}, Given\"]\n[Black \"Player{black}, Given\"]\n\
         [Result \"{result}\"]\n[WhiteElo \"{we}\"]\n[BlackElo \"{be}\"]\n[ECO \"C{eco:02}\"]\n\n",
        site = event % 97,
        year = 10 + event % 15,
        month = 1 + event % 12,
        day = 1 + event % 28,
        board = number % 5 + 1,
        we = 1400 + dice.roll(1200),
        be = 1400 + dice.roll(1200),
        eco = dice.roll(100),
    );
    let plies = 40 + dice.roll(40);
    for ply in 0..plies {
        if ply % 2 == 0 {
            let _ = write!(out, "{}. ", ply / 2 + 1);
        }
        out.push_str(MOVES[dice.roll(12) as usize]);
        match dice.roll(20) {
            0 => out.push_str(" { [%clk 0:14:57] a comment (with brackets) }"),
            1 => out.push_str(" (5. d4 exd4 {sideline} (5... Nxd4 $2) 6. Nxd4) $1"),
            _ => {}
        }
        out.push(if ply % 12 == 11 { '\n' } else { ' ' });
    }
    out.push_str(result);
    out.push_str("\n\n");
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let path = std::env::temp_dir().join("importers-pgn-speed.pgn");
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).expect("temp file"));
    let mut text = String::new();
    for number in 0..games {
        text.clear();
        game(&mut text, &mut dice, number);
        file.write_all(text.as_bytes()).expect("write");
    }
    file.flush().expect("flush");
    drop(file);
    let size = std::fs::metadata(&path).expect("size").len();

    let start = Instant::now();
    let reader = std::io::BufReader::new(std::fs::File::open(&path).expect("open"));
    let streamed = ratings_formats::pgn::parse_reader(reader).expect("parse");
    let streamed_time = start.elapsed();
    // Linux: the peak resident memory so far, i.e. of the streamed import.
    let peak = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| status.lines().find(|l| l.starts_with("VmHWM:")).map(str::to_owned))
        .unwrap_or_default();

    let bytes = std::fs::read(&path).expect("read");
    let start = Instant::now();
    let in_memory = ratings_formats::pgn::parse(&bytes).expect("parse");
    let memory_time = start.elapsed();

    let count: usize = streamed
        .tournaments
        .iter()
        .flat_map(|t| &t.round_results)
        .map(Vec::len)
        .sum();
    assert_eq!(count as u64, games, "every game imported");
    assert_eq!(streamed, in_memory);
    let mb = size as f64 / 1e6;
    println!(
        "{games} games, {mb:.1} MB, {} events: streamed from the file {:.2} s ({:.0} MB/s), from memory {:.2} s",
        streamed.tournaments.len(),
        streamed_time.as_secs_f64(),
        mb / streamed_time.as_secs_f64(),
        memory_time.as_secs_f64(),
    );
    println!(
        "peak memory while streaming: {}",
        peak.trim_start_matches("VmHWM:").trim()
    );
    let _ = std::fs::remove_file(&path);
}
