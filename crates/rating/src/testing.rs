//! Small events and sites for tests, here and in the crates above
//! (feature `testing`): the DCI tests' events of matches and byes.

use ratings_model::{Date, Event, Match, Player, Round, Site};

/// (first, second, games won by first, by second, drawn games)
pub type M = (u32, u32, u16, u16, u16);

pub fn event(id: &str, players: u32, judge_level: u32, rounds: Vec<(Vec<M>, Vec<u32>)>) -> Event {
    Event {
        id: id.to_string(),
        file: format!("data/{id}.toml"),
        name: id.to_string(),
        date: Date {
            year: 1998,
            month: 1,
            day: 1,
        },
        end_date: None,
        place: String::new(),
        country: String::new(),
        players,
        rounds: None,
        boards: None,
        world_championship: false,
        circuits: Vec::new(),
        report: String::new(),
        results: Vec::new(),
        format: Some("Booster Draft".to_string()),
        sanctioned: true,
        judge_level,
        points: None,
        tiebreaks: None,
        colours: None,
        round: rounds
            .into_iter()
            .map(|(matches, byes)| Round {
                matches: matches
                    .into_iter()
                    .map(|(a, b, wins_a, wins_b, draws)| Match {
                        a,
                        b,
                        wins_a,
                        wins_b,
                        draws,
                    })
                    .collect(),
                byes,
                ..Round::default()
            })
            .collect(),
    }
}

/// A site of `n` players "P00", "P01", ... and the given events in order.
pub fn site(n: u32, events: Vec<Event>) -> Site {
    Site {
        events,
        players: (0..n)
            .map(|i| Player {
                key: format!("p{i:02}").into(),
                display: format!("P{i:02}").into(),
                nat: "".into(),
                loc: "".into(),
                slug: format!("p{i:02}").into(),
            })
            .collect(),
        pages: Vec::new(),
    }
}
