//! `ratings init [DIR]`: a new site folder that builds at once: a
//! commented `site.toml`, one example event, a Markdown page, a GitHub
//! Pages workflow and a `.gitignore`. It never writes into a folder that
//! has anything in it.

use std::fs;
use std::path::{Path, PathBuf};

/// The files of a new site: (path in the site folder, contents).
pub const FILES: [(&str, &str); 5] = [
    ("site.toml", SITE_TOML),
    ("data/2026/example-open.toml", EXAMPLE_EVENT),
    ("data/pages/about.md", ABOUT),
    (".github/workflows/pages.yml", WORKFLOW),
    (".gitignore", GITIGNORE),
];

const SITE_TOML: &str = r#"# The site's settings. Every key is described in docs/site-configuration.md
# of the ratings repository; unknown keys are errors.
title = "My Tournament Ratings"
author = ""
# Where `ratings build` writes the site (open public/index.html).
output_dir = "public"
# Ranking rows per page.
page_size = 50
# The published address, for the sitemap, the feed and the 404 page:
# base_url = "https://example.github.io/ratings/"

# One [[rating]] table per rating the site publishes, side by side.
# Systems: dip-pouch, dci, elo, glicko2, trueskill (each with its own
# parameters; see docs/rating-systems.md).
[[rating]]
id = "elo"
system = "elo"
title = "Elo"
# k = 32

[[rating]]
id = "trueskill"
system = "trueskill"
title = "TrueSkill"
"#;

const EXAMPLE_EVENT: &str = r#"# One file per event: replace this example with your first real event.
# Placement events list final ranks ([[results]]); match events list
# rounds of pairings ([[round]], see docs/data-format.md).
name = "Example Open"
date = 2026-01-10
place = "Springfield"
rounds = 3

[[results]]
rank = 1
name = "Ada LOVELACE"

[[results]]
rank = 2
name = "Alan TURING"

[[results]]
rank = 3
name = "Grace HOPPER"
"#;

const ABOUT: &str = "# About\n\nWho keeps these ratings, which events count, and how to send results.\n";

const WORKFLOW: &str = r#"# Build the site and publish it on GitHub Pages on every push to main.
# Repository settings > Pages > Build and deployment > Source: "GitHub Actions".
# Settings > Secrets and variables > Actions > Variables: set RATINGS_GIT to
# the git address of the ratings tool to install.
name: Publish site

on:
  push:
    branches: [main]
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

concurrency:
  group: pages
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - name: Install ratings
        run: cargo install --locked --git "${{ vars.RATINGS_GIT }}" ratings
      - name: Check the data
        run: ratings check
      - name: Build the site
        run: ratings build
      - uses: actions/upload-pages-artifact@v5
        with:
          path: public
  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - name: Deploy to GitHub Pages
        id: deployment
        uses: actions/deploy-pages@v5
"#;

const GITIGNORE: &str = "# Written by `ratings build` (and its working folders beside it).\n/public\n/.public.*\n";

/// Create a new site in `dir` (created if missing). Refuses a folder that
/// has anything in it, and a path that is not a folder.
pub fn init(dir: &Path) -> Result<Vec<PathBuf>, String> {
    match fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(format!(
                    "{}: refusing to create a site in a folder that is not empty",
                    dir.display()
                ));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    }
    let mut written = Vec::new();
    for (rel, text) in FILES {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        // create_new: never replace a file, even one that appeared meanwhile.
        fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}
