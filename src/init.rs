//! `ratings init [DIR]`: a new site folder that builds at once: a
//! commented `site.toml`, one example event, a Markdown page, a GitHub
//! Pages workflow and a `.gitignore`. It never writes into a folder that
//! has anything in it but `.git`, and never leaves half a site: the files
//! are written into a hidden staging folder inside `DIR` and moved into
//! place only when all of them were written.

use ratings_model::error::Shown;
use std::fs;
use std::io::{self, Write};
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
# Before it can run (docs/publishing.md of the ratings tool, steps 2 and 3):
# - Settings > Pages > Build and deployment > Source: "GitHub Actions".
# - Settings > Secrets and variables > Actions > Variables: a variable
#   RATINGS_GIT, the git address of the ratings tool to install
#   (https://github.com/OWNER/ratings.git).
# The tool is compiled once per commit of it and then cached: later
# deploys take seconds.
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
    env:
      RATINGS_GIT: ${{ vars.RATINGS_GIT }}
    steps:
      - uses: actions/checkout@v5
      - name: Find the version of ratings to install
        id: tool
        run: |
          if [ -z "$RATINGS_GIT" ]; then
            echo "::error::Set the repository variable RATINGS_GIT to the git address of the ratings tool (Settings > Secrets and variables > Actions > Variables)"
            exit 1
          fi
          commit=$(git ls-remote "$RATINGS_GIT" HEAD | cut -f1)
          if [ -z "$commit" ]; then
            echo "::error::RATINGS_GIT ($RATINGS_GIT) is not a git repository this workflow can read"
            exit 1
          fi
          echo "commit=$commit" >> "$GITHUB_OUTPUT"
      - name: Cache ratings
        id: cache
        uses: actions/cache@v4
        with:
          path: ~/.cargo/bin/ratings
          key: ratings-${{ runner.os }}-${{ steps.tool.outputs.commit }}
      - name: Install ratings
        if: steps.cache.outputs.cache-hit != 'true'
        env:
          COMMIT: ${{ steps.tool.outputs.commit }}
        run: cargo install --locked --git "$RATINGS_GIT" --rev "$COMMIT" ratings
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

/// The one entry a folder may already have: a fresh `git init`, or a
/// clone of an empty repository (a folder, or a file in a worktree).
const ALLOWED: &str = ".git";

/// Create a new site in `dir` (created with its missing parents if
/// missing). Refuses a folder that has anything in it but `.git`, a path
/// that is not a folder and a link to a missing path. On any error,
/// nothing of the new site is left, and folders it created are removed.
pub fn init(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let created = prepare(dir)?;
    let result = write_site(dir);
    if result.is_err() {
        // remove_dir: only if still empty, so never anything of anyone else.
        for folder in created.iter().rev() {
            let _ = fs::remove_dir(folder);
        }
    }
    result
}

/// Check that `dir` may take a new site, or create it: the folders
/// created, outermost first.
fn prepare(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let refuse = |why: &str| format!("{}: refusing to create a site here: {why}", Shown(&dir));
    let meta = match fs::symlink_metadata(dir) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return create_missing(dir),
        Err(e) => return Err(format!("{}: {e}", Shown(&dir))),
    };
    if meta.file_type().is_symlink() {
        match fs::metadata(dir) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let target = fs::read_link(dir).map_err(|e| format!("{}: {e}", Shown(&dir)))?;
                let why = format!("it is a symbolic link to {}, which does not exist", Shown(&target));
                return Err(refuse(&why));
            }
            Err(e) => return Err(format!("{}: {e}", Shown(&dir))),
            Ok(_) => {}
        }
    }
    if !dir.is_dir() {
        return Err(refuse("it is not a folder"));
    }
    let mut others: Vec<String> = fs::read_dir(dir)
        .and_then(|entries| {
            entries
                .map(|e| Ok(e?.file_name().to_string_lossy().into_owned()))
                .collect()
        })
        .map_err(|e: io::Error| format!("{}: {e}", Shown(&dir)))?;
    others.retain(|name| name != ALLOWED);
    // The staging folder of an init that was killed (or stopped by a file
    // size limit) before it could clean up, more than a minute ago (not
    // one at work beside this one): removed, if the site is made here.
    let is_stale = |name: &str| {
        name.starts_with(".ratings-init-")
            && fs::symlink_metadata(dir.join(name))
                .and_then(|m| m.modified())
                .is_ok_and(|t| t.elapsed().is_ok_and(|age| age.as_secs() > 60))
    };
    let stale: Vec<String> = others.iter().filter(|n| is_stale(n)).cloned().collect();
    others.retain(|name| !stale.contains(name));
    if others.is_empty() {
        for name in &stale {
            let _ = fs::remove_dir_all(dir.join(name));
        }
    }
    if !others.is_empty() {
        others.sort();
        let names: Vec<String> = others.iter().map(|n| Shown(n.as_str()).to_string()).collect();
        let shown = if names.len() > 3 {
            format!("{} and {} more", names[..3].join(", "), names.len() - 3)
        } else {
            names.join(", ")
        };
        return Err(format!(
            "{}: refusing to create a site in a folder that is not empty (it holds {shown}; only {ALLOWED} may be there)",
            Shown(&dir)
        ));
    }
    Ok(Vec::new())
}

/// Create `dir` and its missing parents: the folders created, outermost
/// first (none left if one fails).
fn create_missing(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut missing = vec![dir];
    while let Some(parent) = missing.last().and_then(|p| p.parent()) {
        let absent = matches!(fs::symlink_metadata(parent), Err(e) if e.kind() == io::ErrorKind::NotFound);
        if parent.as_os_str().is_empty() || !absent {
            break;
        }
        missing.push(parent);
    }
    let mut created = Vec::new();
    for folder in missing.into_iter().rev() {
        if let Err(e) = fs::create_dir(folder) {
            for c in created.iter().rev() {
                let _ = fs::remove_dir(c);
            }
            return Err(format!("{}: {e}", Shown(&folder)));
        }
        created.push(folder.to_path_buf());
    }
    Ok(created)
}

/// Write the files into a staging folder inside `dir`, then move them into
/// place; on an error, the staging folder and what it holds are removed.
fn write_site(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let staging = Staging::create(dir)?;
    for (rel, text) in FILES {
        // Named where it was going: the staging folder is gone after the error.
        staging
            .write(rel, text)
            .map_err(|e| format!("{}: {e}", Shown(&dir.join(rel))))?;
    }
    staging.move_into(dir)?;
    Ok(FILES.iter().map(|(rel, _)| dir.join(rel)).collect())
}

/// A hidden folder inside the new site's folder, created for this run
/// alone (`mkdir` of a random name that fails if anything is there), and
/// removed with whatever is left in it when dropped.
struct Staging {
    path: PathBuf,
}

impl Staging {
    fn create(dir: &Path) -> Result<Staging, String> {
        use std::hash::BuildHasher;
        for _ in 0..64 {
            // The standard library's random hash keys: no dependency for a name.
            let random = std::collections::hash_map::RandomState::new().hash_one(std::process::id());
            let path = dir.join(format!(".ratings-init-{random:016x}"));
            match fs::create_dir(&path) {
                Ok(()) => return Ok(Staging { path }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(format!("{}: {e}", Shown(&dir))),
            }
        }
        Err(format!("{}: no free name for a staging folder", Shown(&dir)))
    }

    /// Write one file, to the disk: a full disk shows here, not later.
    fn write(&self, rel: &str, text: &str) -> io::Result<()> {
        let path = self.path.join(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        let mut file = fs::OpenOptions::new().write(true).create_new(true).open(&path)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    }

    /// Move the staged files and folders into `dir`, never over anything
    /// that appeared there meanwhile; if one cannot move, those already
    /// moved go back.
    fn move_into(&self, dir: &Path) -> Result<(), String> {
        let mut names: Vec<&str> = Vec::new();
        for (rel, _) in FILES {
            let name = rel.split('/').next().unwrap_or(rel);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        for (i, name) in names.iter().enumerate() {
            if let Err(e) = rename_new(&self.path.join(name), &dir.join(name)) {
                for back in &names[..i] {
                    let _ = fs::rename(dir.join(back), self.path.join(back));
                }
                return Err(format!("{}: {e}", Shown(&dir.join(name))));
            }
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        // Empty after a success; after an error, the files written so far.
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// Rename `from` to `to` unless something is at `to` (Linux
/// `renameat2(RENAME_NOREPLACE)`; elsewhere, or on a file system without
/// it, a check just before the rename).
fn rename_new(from: &Path, to: &Path) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::ffi::CString;
        use std::os::unix::ffi::OsStrExt;
        let a = CString::new(from.as_os_str().as_bytes())?;
        let b = CString::new(to.as_os_str().as_bytes())?;
        // SAFETY: both are valid NUL-terminated paths that outlive the call.
        let r = unsafe {
            libc::renameat2(
                libc::AT_FDCWD,
                a.as_ptr(),
                libc::AT_FDCWD,
                b.as_ptr(),
                libc::RENAME_NOREPLACE,
            )
        };
        if r == 0 {
            return Ok(());
        }
        let e = io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::EINVAL) {
            return Err(e);
        }
    }
    if fs::symlink_metadata(to).is_ok() {
        return Err(io::Error::from(io::ErrorKind::AlreadyExists));
    }
    fs::rename(from, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name taken between the check and the move (here `.gitignore`,
    /// moved last) is not replaced, and the entries moved before it go
    /// back: the folder holds only what it held.
    #[test]
    fn a_name_taken_meanwhile_is_kept_and_nothing_is_left() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        fs::write(dir.join(".gitignore"), "mine\n").unwrap();
        let error = write_site(dir).unwrap_err();
        assert_eq!(
            error,
            format!("{}: File exists (os error 17)", dir.join(".gitignore").display())
        );
        let left: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, [".gitignore"]);
        assert_eq!(fs::read_to_string(dir.join(".gitignore")).unwrap(), "mine\n");
    }
}
