//! `data/players.toml`: display names, nationalities and aliases.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::pieces::{self, List, Listed};
use ratings_config::toml_error;
use ratings_model::error::{Diagnostic, FirstShown};
use ratings_model::names::{collapse_spaces, name_key};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryFile {
    #[serde(default)]
    player: Listed<RegistryEntry>,
}

/// The `[[player]]` tables of a big registry, read a thousand at a time.
const PLAYERS: List<RegistryFile, RegistryEntry> = List {
    name: "player",
    piece: |text| {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Piece {
            player: Vec<RegistryEntry>,
        }
        toml::from_str::<Piece>(text).ok().map(|p| p.player)
    },
    shift: |entry, by| RegistryEntry {
        name: pieces::shift(entry.name, by),
        aliases: entry.aliases.into_iter().map(|a| pieces::shift(a, by)).collect(),
        fide_id: entry.fide_id.map(|id| pieces::shift(id, by)),
        ..entry
    },
    of: |file| &mut file.player,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryEntry {
    name: Spanned<String>,
    #[serde(default)]
    aliases: Vec<Spanned<String>>,
    nat: Option<Spanned<String>>,
    loc: Option<Spanned<String>>,
    /// The player's FIDE id (`ratings import` of TRF files writes it): two
    /// entries with one id are an error.
    #[serde(default)]
    fide_id: Option<Spanned<u64>>,
}

/// What the registry says about one player.
#[derive(Debug, Clone)]
pub struct Entry {
    pub display: String,
    pub nat: String,
    pub loc: String,
}

#[derive(Debug, Default)]
pub struct Registry {
    /// Name key of an alias → name key of the registry name (shared by
    /// all of an entry's aliases: a copy for each cost 10 KB an alias for
    /// a 10,000-letter name).
    pub aliases: HashMap<String, std::sync::Arc<str>>,
    /// Name key of the registry name → details.
    pub entries: HashMap<String, Entry>,
}

/// An entry as written: `ratings import` matches FIDE ids and names to it.
#[derive(Debug)]
pub struct Written {
    pub name: String,
    pub aliases: Vec<String>,
    pub fide_id: Option<u64>,
}

pub fn parse(path: &Path, text: &str) -> Result<Registry, FirstShown> {
    parse_written(path, text).map(|(registry, _)| registry)
}

/// [`parse`], and every entry as written, in the file's order.
/// Its problems: the first 100 kept as they come, the rest counted.
pub fn parse_written(path: &Path, text: &str) -> Result<(Registry, Vec<Written>), FirstShown> {
    pieces::not_too_dense(path, text)?;
    let file = pieces::read(text, &PLAYERS).map_err(|e| vec![toml_error(path, text, &e)])?;
    let mut problems = FirstShown::default();
    let mut registry = Registry::default();
    let lines = ratings_model::error::LazyLineIndex::new(text);
    let at = |span: std::ops::Range<usize>, message: String| Diagnostic {
        path: path.to_path_buf(),
        position: Some(lines.line_column(span.start)),
        message,
    };
    // Every spelling (name or alias) → the entry that claims it, for
    // clashes between entries (not its display name: a copy for each alias
    // cost 10 KB each for a 10,000-letter name).
    let mut claimed: HashMap<String, usize> = HashMap::new();
    // An entry's display name for messages, made at its first clash (a
    // name of a million spaces between two words was collapsed again for
    // each clash).
    let mut displays: HashMap<usize, String> = HashMap::new();
    let entries = &file.player;
    let mut display_of = move |entry: usize| -> String {
        displays
            .entry(entry)
            .or_insert_with(|| {
                ratings_model::names::excerpt(&collapse_spaces(entries[entry].name.get_ref())).into_owned()
            })
            .clone()
    };
    // FIDE id → the display name of the entry that has it.
    let mut fide_ids: HashMap<u64, String> = HashMap::new();
    // `Some(key)` for a new spelling; `None` for an error (reported) or for a
    // spelling the same entry already claims (its own name written again as
    // an alias, or an alias twice): harmless, skipped.
    let mut claim =
        |spelling: &Spanned<String>, owner: usize, problems: &mut ratings_model::error::FirstShown| -> Option<String> {
            let written = collapse_spaces(spelling.get_ref());
            if let Some(bad) = ratings_model::names::control_character(&written, false) {
                let message = format!("name contains the control character U+{:04X}: remove it", bad as u32);
                problems.push(at(spelling.span(), message));
                return None;
            }
            if written.is_empty() {
                problems.push(at(spelling.span(), "name must not be empty".into()));
                return None;
            }
            let length = written.chars().count();
            if length > super::event::MAX_NAME_CHARS {
                let max = super::event::MAX_NAME_CHARS;
                let message = format!("player name is {length} characters long (at most {max})");
                problems.push(at(spelling.span(), message));
                return None;
            }
            let key = name_key(&written);
            if let Some(&entry) = claimed.get(&key) {
                if entry != owner {
                    problems.push(at(
                        spelling.span(),
                        format!(
                            "{written:?} is already a name or alias of the player {:?}",
                            display_of(entry)
                        ),
                    ));
                }
                return None;
            }
            claimed.insert(key.clone(), owner);
            Some(key)
        };
    for (index, entry) in file.player.iter().enumerate() {
        let display = collapse_spaces(entry.name.get_ref());
        let Some(key) = claim(&entry.name, index, &mut problems) else {
            continue;
        };
        if let Some(id) = &entry.fide_id {
            if let Some(previous) = fide_ids.get(id.get_ref()) {
                let message = format!(
                    "FIDE id {} is already the id of the player {:?}: one person is one entry (make the other spelling an alias)",
                    id.get_ref(),
                    ratings_model::names::excerpt(previous)
                );
                problems.push(at(id.span(), message));
            } else {
                fide_ids.insert(*id.get_ref(), display.clone());
            }
        }
        let limits = [ratings_model::country::MAX_CODE, ratings_model::country::MAX_PLACE];
        for ((field, written), limit) in [("nat", &entry.nat), ("loc", &entry.loc)].into_iter().zip(limits) {
            let value = written.as_ref().map_or("", |v| v.get_ref().as_str());
            if let Some(written) = written
                && let Some(problem) =
                    ratings_model::names::too_long(field, value, limit, "it is shown on every page the player is on")
            {
                problems.push(at(written.span(), problem));
            }
            if let Some(bad) = ratings_model::names::control_character(value, false) {
                let message = format!(
                    "`{field}` contains the control character U+{:04X}: remove it",
                    bad as u32
                );
                problems.push(at(entry.name.span(), message));
            }
        }
        let shared: std::sync::Arc<str> = key.as_str().into();
        for alias in &entry.aliases {
            if let Some(alias_key) = claim(alias, index, &mut problems) {
                registry.aliases.insert(alias_key, std::sync::Arc::clone(&shared));
            }
        }
        registry.entries.insert(
            key,
            Entry {
                display,
                nat: collapse_spaces(entry.nat.as_ref().map_or("", |v| v.get_ref())),
                loc: collapse_spaces(entry.loc.as_ref().map_or("", |v| v.get_ref())),
            },
        );
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let written = file
        .player
        .rows
        .into_iter()
        .map(|entry| Written {
            name: entry.name.into_inner(),
            aliases: entry.aliases.into_iter().map(Spanned::into_inner).collect(),
            fide_id: entry.fide_id.map(Spanned::into_inner),
        })
        .collect();
    Ok((registry, written))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_map_to_the_registry_name() {
        let r = parse(
            Path::new("players.toml"),
            "[[player]]\nname = \"Chuck Krueger\"\naliases = [\"Chruk  KRUEGER\"]\nnat = \"US\"\n",
        )
        .unwrap();
        assert_eq!(&*r.aliases["chruk krueger"], "chuck krueger");
        assert_eq!(r.entries["chuck krueger"].nat, "US");
    }

    #[test]
    fn an_alias_equal_to_the_own_name_is_skipped() {
        let r = parse(
            Path::new("players.toml"),
            "[[player]]\nname = \"Chuck Krueger\"\naliases = [\"Chuck KRUEGER\", \"Chruk Krueger\", \"chruk  krueger\"]\n",
        )
        .unwrap();
        // The own name is not an alias (it would map to itself); the repeated
        // alias is kept once.
        assert_eq!(r.aliases.len(), 1);
        assert_eq!(&*r.aliases["chruk krueger"], "chuck krueger");
        assert_eq!(r.entries["chuck krueger"].display, "Chuck Krueger");
    }

    #[test]
    fn a_registry_shows_its_first_100_errors_and_counts_the_rest() {
        // 250 aliases that are the other entry's name: one error each (all
        // 250,000 of such a file were held and printed: 25 MB).
        let text = format!(
            "[[player]]\nname = \"x\"\n[[player]]\nname = \"y\"\naliases = [\n{}]\n",
            "\"x\",\n".repeat(250)
        );
        let kept = parse(Path::new("players.toml"), &text).unwrap_err();
        assert_eq!(kept.len(), 250);
        let problems = kept.into_sorted("error");
        assert_eq!(problems.len(), 101);
        assert_eq!(
            problems[0].to_string(),
            "players.toml:6:1: \"x\" is already a name or alias of the player \"x\""
        );
        assert_eq!(problems[99].position, Some((105, 1)));
        assert_eq!(
            problems[100].to_string(),
            "players.toml:255:1: 150 more errors in this file, up to this line, not shown: fix the first 100 and try again"
        );
    }

    #[test]
    fn a_fide_id_belongs_to_one_player() {
        let ok = "[[player]]\nname = \"A B\"\nfide_id = 1503014\n[[player]]\nname = \"C D\"\nfide_id = 7\n";
        assert!(parse(Path::new("players.toml"), ok).is_ok());
        let e = parse(
            Path::new("players.toml"),
            "[[player]]\nname = \"A B\"\nfide_id = 1503014\n[[player]]\nname = \"C D\"\nfide_id = 1503014\n",
        )
        .unwrap_err()
        .into_sorted("error");
        assert_eq!(
            e[0].to_string(),
            "players.toml:6:11: FIDE id 1503014 is already the id of the player \"A B\": one person is one entry (make the other spelling an alias)"
        );
    }

    /// A registry of `n` players, every third with an alias and a FIDE id.
    fn registry(n: usize, extra: &str) -> String {
        let mut text = String::from("# Players\n\n");
        for i in 0..n {
            text.push_str(&format!("[[player]]\nname = \"Player {i}\"\nnat = \"NL\"\n"));
            if i % 3 == 0 {
                text.push_str(&format!(
                    "aliases = [\"Alias {i}\", \"Other {i}\"]\nfide_id = {}\n",
                    1000 + i
                ));
            }
            text.push('\n');
        }
        text.push_str(extra);
        text
    }

    #[test]
    fn a_big_registry_reads_in_pieces_as_it_reads_whole() {
        let text = registry(2 * pieces::PIECE_ROWS + 3, "");
        assert!(pieces::only_in_pieces(&text, &PLAYERS).is_some(), "read in pieces");
        let whole: RegistryFile = toml::from_str(&text).unwrap();
        let read = pieces::read(&text, &PLAYERS).unwrap();
        let spans = |f: &RegistryFile| -> Vec<_> {
            f.player
                .iter()
                .map(|p| {
                    (
                        (p.name.span(), p.name.get_ref().clone(), p.nat.clone()),
                        p.aliases
                            .iter()
                            .map(|a| (a.span(), a.get_ref().clone()))
                            .collect::<Vec<_>>(),
                        p.fide_id.as_ref().map(|id| (id.span(), *id.get_ref())),
                    )
                })
                .collect()
        };
        assert_eq!(spans(&read), spans(&whole));
        // A clash at the end is found at its line, as in a small file.
        let clash = "[[player]]\nname = \"Late\"\nfide_id = 1003\n";
        let e = parse(Path::new("players.toml"), &registry(2 * pieces::PIECE_ROWS + 3, clash))
            .unwrap_err()
            .into_sorted("error");
        let line = registry(2 * pieces::PIECE_ROWS + 3, "").lines().count() + 3;
        assert_eq!(
            e[0].to_string(),
            format!(
                "players.toml:{line}:11: FIDE id 1003 is already the id of the player \"Player 3\": one person is one entry (make the other spelling an alias)"
            )
        );
        // An error of the toml crate: the whole file's.
        let bad = registry(2 * pieces::PIECE_ROWS + 3, "[[player]]\nname = 5\n");
        let whole = toml::from_str::<RegistryFile>(&bad).err().unwrap();
        let read = pieces::read(&bad, &PLAYERS).err().unwrap();
        assert_eq!((read.message(), read.span()), (whole.message(), whole.span()));
    }

    #[test]
    fn a_spelling_belongs_to_one_player() {
        let e = parse(
            Path::new("players.toml"),
            "[[player]]\nname = \"A B\"\n[[player]]\nname = \"C D\"\naliases = [\"a b\"]\n",
        )
        .unwrap_err()
        .into_sorted("error");
        assert_eq!(
            e[0].to_string(),
            "players.toml:5:12: \"a b\" is already a name or alias of the player \"A B\""
        );
    }
}
