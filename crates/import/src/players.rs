//! FIDE ids → `data/players.toml`, so that one person is one player across
//! files and spellings.
//!
//! An existing players.toml is merged, never rewritten: its text is kept byte
//! for byte and new `[[player]]` tables are added at its end. A FIDE id that
//! an entry already has (`fide_id = N`) names the player in every imported
//! event file with that entry's `name`, whatever the spelling of the file; a
//! new id gets an entry `name`, `nat`, `fide_id`. A new id whose name is
//! already an entry's name or alias gets no entry (that entry already holds
//! the name) and a note saying to add `fide_id` to it.

use std::collections::HashMap;
use std::path::Path;

use ratings_model::error::{Diagnostic, FirstShown, MAX_SHOWN, Shown, not_shown};
use ratings_model::names::name_key;

use crate::quoted;
use crate::tournament::FidePlayer;

/// What an existing players.toml says, as far as the import needs it.
#[derive(Debug, Default)]
pub struct Known {
    /// FIDE id → the entry's `name`.
    pub by_id: HashMap<u64, String>,
    /// Name key of every name and alias → (entry `name`, its `fide_id`).
    pub by_name: HashMap<String, (String, Option<u64>)>,
}

/// Reads players.toml with the loader of a build (its errors are the build's),
/// then its FIDE ids.
pub fn read_known(path: &Path, text: &str) -> Result<Known, FirstShown> {
    // The entries as the loader read them (a copy of the file as a generic
    // table cost 3 KB an entry: 2 GB for the largest players.toml).
    let (_, entries) = ratings_site::load::registry::parse_written(path, text)?;
    let mut known = Known::default();
    for entry in entries {
        // Collapsed once: as written it may hold a million spaces, copied
        // for each alias (900 MiB for a players.toml of 200 KB).
        let (name, id) = (ratings_model::names::collapse_spaces(&entry.name), entry.fide_id);
        if let Some(id) = id {
            known.by_id.insert(id, name.clone());
        }
        known.by_name.insert(name_key(&name), (name.clone(), id));
        for alias in &entry.aliases {
            known.by_name.insert(name_key(alias), (name.clone(), id));
        }
    }
    Ok(known)
}

/// The `[[player]]` tables to add for `players` (in order, one per id), and a
/// note for each id that could not get one.
pub fn additions(known: &Known, players: &[FidePlayer], path: &Path) -> (String, usize, Vec<Diagnostic>) {
    let mut out = String::new();
    let mut added: HashMap<u64, ()> = HashMap::new();
    let mut claimed: HashMap<String, u64> = HashMap::new();
    // The first MAX_SHOWN notes, then a count (one a player of the files).
    let mut notes = Notes::default();
    for p in players {
        if known.by_id.contains_key(&p.id) || added.contains_key(&p.id) {
            continue;
        }
        added.insert(p.id, ());
        let key = name_key(&p.name);
        if let Some((entry, other)) = known.by_name.get(&key) {
            let note = match other {
                None => format!(
                    "\"{}\" (FIDE id {}) is the entry \"{}\", which has no fide_id: add `fide_id = {}` to it",
                    Shown(p.name.as_str()),
                    p.id,
                    Shown(&*ratings_model::names::excerpt(entry)),
                    p.id
                ),
                Some(other) => format!(
                    "\"{}\" has FIDE id {} here but {other} in the entry \"{}\": not added (check which is right)",
                    Shown(p.name.as_str()),
                    p.id,
                    Shown(&*ratings_model::names::excerpt(entry))
                ),
            };
            notes.push(note);
            continue;
        }
        if let Some(other) = claimed.get(&key) {
            notes.push(format!(
                "\"{}\" has the FIDE ids {other} and {} in the imported files: only {other} added",
                Shown(p.name.as_str()),
                p.id
            ));
            continue;
        }
        claimed.insert(key, p.id);
        out.push_str(&format!("\n[[player]]\nname = {}\n", quoted(&p.name)));
        if !p.nat.is_empty() {
            out.push_str(&format!("nat = {}\n", quoted(&p.nat)));
        }
        out.push_str(&format!("fide_id = {}\n", p.id));
    }
    (out, claimed.len(), notes.into_diagnostics(path))
}

/// Notes kept to the first [`MAX_SHOWN`], the rest counted.
#[derive(Default)]
struct Notes {
    first: Vec<String>,
    more: usize,
}

impl Notes {
    fn push(&mut self, note: String) {
        if self.first.len() < MAX_SHOWN {
            self.first.push(note);
        } else {
            self.more += 1;
        }
    }

    fn into_diagnostics(self, path: &Path) -> Vec<Diagnostic> {
        let mut out: Vec<Diagnostic> = self.first.into_iter().map(|n| Diagnostic::new(path, n)).collect();
        if self.more > 0 {
            out.push(not_shown(path, "note", self.more, None));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: u64, name: &str) -> FidePlayer {
        FidePlayer {
            id,
            name: name.into(),
            nat: "GER".into(),
        }
    }

    #[test]
    fn new_ids_become_entries_and_clashes_become_notes() {
        let path = Path::new("data/players.toml");
        let known = read_known(
            path,
            "[[player]]\nname = \"Ann Lee\"\n\n[[player]]\nname = \"Bo Berg\"\naliases = [\"B. Berg\"]\nfide_id = 7\n",
        )
        .unwrap();
        assert_eq!(known.by_id[&7], "Bo Berg");
        let (text, added, notes) = additions(
            &known,
            &[
                player(1, "Cy Chen"),
                player(1, "Cy Chen"), // the same id again: once
                player(7, "Bo Berg"), // known
                player(2, "Ann Lee"), // an entry without an id has the name
                player(3, "B. Berg"), // another id's alias
                player(4, "Di Dorn"),
                player(5, "Di Dorn"), // a second id for a name just added
            ],
            path,
        );
        assert_eq!(
            text,
            "\n[[player]]\nname = \"Cy Chen\"\nnat = \"GER\"\nfide_id = 1\n\n[[player]]\nname = \"Di Dorn\"\nnat = \"GER\"\nfide_id = 4\n"
        );
        assert_eq!(added, 2);
        let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
        assert_eq!(
            notes,
            [
                "data/players.toml: \"Ann Lee\" (FIDE id 2) is the entry \"Ann Lee\", which has no fide_id: add `fide_id = 2` to it",
                "data/players.toml: \"B. Berg\" has FIDE id 3 here but 7 in the entry \"Bo Berg\": not added (check which is right)",
                "data/players.toml: \"Di Dorn\" has the FIDE ids 4 and 5 in the imported files: only 4 added",
            ]
        );
    }

    #[test]
    fn notes_are_cut_to_the_first_100() {
        // 250 players whose names are an entry without an id: 100 notes
        // and one line counting the other 150.
        let path = Path::new("data/players.toml");
        let entries: String = (0..250).map(|i| format!("[[player]]\nname = \"P{i}\"\n")).collect();
        let known = read_known(path, &entries).unwrap();
        let players: Vec<FidePlayer> = (0..250).map(|i| player(1000 + i, &format!("P{i}"))).collect();
        let (_, added, notes) = additions(&known, &players, path);
        assert_eq!(added, 0);
        assert_eq!(notes.len(), 101);
        assert_eq!(
            notes[99].to_string(),
            "data/players.toml: \"P99\" (FIDE id 1099) is the entry \"P99\", which has no fide_id: add `fide_id = 1099` to it"
        );
        assert_eq!(
            notes[100].to_string(),
            "data/players.toml: 150 more notes in this file not shown: fix the first 100 and try again"
        );
    }

    #[test]
    fn a_long_entry_name_is_quoted_cut_in_every_note() {
        // 10,000 letters (when names could have so many) quoted whole by
        // 40,000 notes took 1.29 GB; names have at most 200 now.
        let path = Path::new("data/players.toml");
        let long = "L".repeat(200);
        let known = read_known(
            path,
            &format!("[[player]]\nname = \"{long}\"\naliases = [\"A1\", \"A2\"]\nfide_id = 9\n"),
        )
        .unwrap();
        let (_, added, notes) = additions(&known, &[player(1, "A1"), player(2, "A2")], path);
        assert_eq!(added, 0);
        let cut = format!("{}…", "L".repeat(64));
        let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
        assert_eq!(
            notes,
            [
                format!(
                    "data/players.toml: \"A1\" has FIDE id 1 here but 9 in the entry \"{cut}\": not added (check which is right)"
                ),
                format!(
                    "data/players.toml: \"A2\" has FIDE id 2 here but 9 in the entry \"{cut}\": not added (check which is right)"
                ),
            ]
        );
    }
}
