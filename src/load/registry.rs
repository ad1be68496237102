//! `data/players.toml`: display names, nationalities and aliases.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::config::toml_error;
use crate::error::Diagnostic;
use crate::names::{collapse_spaces, name_key};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryFile {
    #[serde(default)]
    player: Vec<RegistryEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryEntry {
    name: Spanned<String>,
    #[serde(default)]
    aliases: Vec<Spanned<String>>,
    #[serde(default)]
    nat: String,
    #[serde(default)]
    loc: String,
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
    /// Name key of an alias → name key of the registry name.
    pub aliases: HashMap<String, String>,
    /// Name key of the registry name → details.
    pub entries: HashMap<String, Entry>,
}

pub fn parse(path: &Path, text: &str) -> Result<Registry, Vec<Diagnostic>> {
    let file: RegistryFile = toml::from_str(text).map_err(|e| vec![toml_error(path, text, &e)])?;
    let mut problems = Vec::new();
    let mut registry = Registry::default();
    // Every spelling (name or alias) → the entry that claims it, for clashes.
    let mut claimed: HashMap<String, String> = HashMap::new();
    let mut claim = |spelling: &Spanned<String>, owner: &str, problems: &mut Vec<Diagnostic>| -> Option<String> {
        let written = collapse_spaces(spelling.get_ref());
        if written.is_empty() {
            problems.push(Diagnostic::at(path, text, spelling.span(), "name must not be empty"));
            return None;
        }
        let key = name_key(&written);
        if let Some(previous) = claimed.get(&key) {
            problems.push(Diagnostic::at(
                path,
                text,
                spelling.span(),
                format!("{written:?} is already a name or alias of the player {previous:?}"),
            ));
            return None;
        }
        claimed.insert(key.clone(), owner.to_string());
        Some(key)
    };
    for entry in &file.player {
        let display = collapse_spaces(entry.name.get_ref());
        let Some(key) = claim(&entry.name, &display, &mut problems) else {
            continue;
        };
        for alias in &entry.aliases {
            if let Some(alias_key) = claim(alias, &display, &mut problems) {
                registry.aliases.insert(alias_key, key.clone());
            }
        }
        registry.entries.insert(
            key,
            Entry {
                display,
                nat: collapse_spaces(&entry.nat),
                loc: collapse_spaces(&entry.loc),
            },
        );
    }
    if problems.is_empty() {
        Ok(registry)
    } else {
        Err(problems)
    }
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
        assert_eq!(r.aliases["chruk krueger"], "chuck krueger");
        assert_eq!(r.entries["chuck krueger"].nat, "US");
    }

    #[test]
    fn a_spelling_belongs_to_one_player() {
        let e = parse(
            Path::new("players.toml"),
            "[[player]]\nname = \"A B\"\n[[player]]\nname = \"C D\"\naliases = [\"a b\"]\n",
        )
        .unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "players.toml:5:12: \"a b\" is already a name or alias of the player \"A B\""
        );
    }
}
