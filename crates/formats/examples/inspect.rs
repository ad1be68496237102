//! Shows what the importers make of files: `cargo run --example inspect -- FILE...`.

use ratings_formats::{Format, csv, detect, pgn, trf};

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let format = detect(&bytes);
        let import = match format {
            Format::Trf => trf::parse(&bytes),
            Format::Pgn => pgn::parse(&bytes),
            Format::Csv => csv::parse(&bytes),
            Format::Unknown => {
                eprintln!("{path}: not a TRF, PGN or CSV file");
                continue;
            }
        };
        match import {
            Err(e) => eprintln!("{path}: {e}"),
            Ok(import) => {
                println!("{path}: {format:?}, {:?}", import.encoding);
                for t in &import.tournaments {
                    let games: usize = t.round_results.iter().map(Vec::len).sum();
                    println!(
                        "  {} ({}) {:?}: {} players, {} rounds, {games} games, section {:?}",
                        t.name,
                        t.place,
                        t.start,
                        t.players.len(),
                        t.rounds,
                        t.section
                    );
                    for ((line, column), warning) in &t.warnings {
                        println!("    line {line}, column {column}: {warning}");
                    }
                }
                for ((line, column), warning) in &import.warnings {
                    println!("  line {line}, column {column}: {warning}");
                }
            }
        }
    }
}
