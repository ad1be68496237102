//! A synthetic PGN collection for the import benchmark (`bench/import-pgn`):
//! round-robin events of 10 players (9 rounds, 45 games), games of some 40
//! moves with what real databases carry: seven-tag roster plus Elo and ECO,
//! clock comments, a NAG, a variation now and then, an escape line, a game
//! left unfinished (`*`) in some events. Deterministic for a seed.

use std::io::Write;

use crate::synth::Rng;

const SURNAMES: &[&str] = &[
    "Andersen",
    "Barros",
    "Castro",
    "Dubois",
    "Eriksen",
    "Fischer",
    "García López",
    "Horvath",
    "Ivanov",
    "Jansen",
    "Kowalski",
    "Larsen",
    "Müller",
    "Novák",
    "Okafor",
    "Petrov",
    "Quist",
    "Rossi",
    "Schmidt",
    "Tanaka",
];
const GIVEN: &[&str] = &[
    "Ana", "Bo", "Chen", "Dmitri", "Eva", "Farid", "Greta", "Hugo", "Ines", "Jürgen", "Kaja", "Lukas", "Mei", "Nils",
    "Olga", "Pavel", "Rhea", "Sami", "Tove", "Ümit",
];
const MOVES: &[&str] = &[
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3",
    "Nb8", "d4", "Nbd7", "c4", "c6", "Nc3", "d5", "Bg5", "Qxd5", "exd5", "Rxe8+", "Kh1", "g6",
];

/// Writes `games` games into `out`; returns the bytes written.
pub fn write(out: &mut impl Write, games: usize, seed: u64) -> std::io::Result<u64> {
    let mut rng = Rng::new(seed);
    let mut written = 0u64;
    let mut game = 0;
    let mut event = 0;
    while game < games {
        event += 1;
        let players: Vec<String> = (0..10)
            .map(|_| format!("{}, {}", rng.pick(SURNAMES), rng.pick(GIVEN)))
            .enumerate()
            .map(|(i, name)| format!("{name} {event}-{i}"))
            .collect();
        let year = 1990 + event % 35;
        // Circle method: 9 rounds of 5 boards.
        let mut order: Vec<usize> = (0..10).collect();
        for round in 1..=9 {
            for board in 0..5 {
                if game == games {
                    break;
                }
                game += 1;
                let (white, black) = (order[board], order[9 - board]);
                let result = match rng.below(100) {
                    0 if event % 7 == 0 => "*",
                    0..=37 => "1-0",
                    38..=69 => "1/2-1/2",
                    _ => "0-1",
                };
                let mut text = format!(
                    "[Event \"Synthetic Round Robin {event}\"]\n[Site \"Town {}\"]\n[Date \"{year}.{:02}.{:02}\"]\n[Round \"{round}.{}\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result \"{result}\"]\n[WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n[ECO \"C{:02}\"]\n\n",
                    event % 50,
                    1 + event % 12,
                    1 + round,
                    board + 1,
                    players[white],
                    players[black],
                    1500 + rng.below(1000),
                    1500 + rng.below(1000),
                    rng.below(100),
                );
                if rng.chance(0.05) {
                    text.insert_str(0, "% exported by a database program\n");
                }
                let moves = 30 + rng.below(25);
                for m in 1..=moves {
                    text.push_str(&format!(
                        "{m}. {} {{[%clk 1:{:02}:00]}} {} ",
                        rng.pick(MOVES),
                        59 - m % 60,
                        rng.pick(MOVES)
                    ));
                    if rng.chance(0.02) {
                        text.push_str("$1 ");
                    }
                    if rng.chance(0.01) {
                        text.push_str(&format!("({m}... {} {{a line}}) ", rng.pick(MOVES)));
                    }
                    if m % 8 == 0 {
                        text.push('\n');
                    }
                }
                text.push_str(result);
                text.push_str("\n\n");
                out.write_all(text.as_bytes())?;
                written += text.len() as u64;
            }
            order[1..].rotate_right(1);
        }
    }
    Ok(written)
}
