//! `ratings check`: warnings about data that loads but is probably wrong.
//!
//! Errors are the loader's (the site does not build); warnings are for a
//! human to look at: likely duplicate players, names that look mis-decoded,
//! and tie ranks that cannot be right. Every check is linear (or close to
//! it) in the number of players and rows, so it stays fast on 50,000+
//! players: duplicates are found through hash buckets, never by comparing
//! all pairs.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::Site;
use crate::load::registry;
use ratings_model::PlayerId;
use ratings_model::error::{Diagnostic, FirstShown};
use ratings_model::names::{ascii_fold, collapse_spaces, fnv1a, name_key};

/// Where each player first appears and how often.
struct Appearances {
    /// Index of the first event (in event order) of each player.
    first: Vec<Option<usize>>,
    /// Index of the latest event of each player.
    last: Vec<Option<usize>>,
    events: Vec<u32>,
}

fn appearances(site: &Site) -> Appearances {
    let n = site.model.players.len();
    let mut s = Appearances {
        first: vec![None; n],
        last: vec![None; n],
        events: vec![0; n],
    };
    for (i, e) in site.model.events.iter().enumerate() {
        let mut note = |p: PlayerId| {
            let p = p as usize;
            if s.last[p] != Some(i) {
                s.events[p] += 1;
            }
            s.first[p].get_or_insert(i);
            s.last[p] = Some(i);
        };
        for r in &e.results {
            note(r.player);
        }
        e.round
            .iter()
            .flat_map(ratings_model::Round::players)
            .for_each(&mut note);
    }
    s
}

/// An event file's lines, read once for line numbers: the name key of
/// each line that holds something, and the first line of each quoted
/// text's name key (so that finding a name is one look-up, however many
/// warnings a file has). Lines that hold nothing (blank, spaces, a comment)
/// cost nothing and every other line 8 bytes beside its key: the keys are
/// one text, each line where its key ends in it and its number (a `String`
/// a line took 24 bytes for each of the 63 million lines of a 60 MiB file
/// of blank lines, kept to the end).
#[derive(Default)]
struct FileLines {
    /// The name keys of the lines that hold something (neither blank nor a
    /// comment), one after another.
    keys: String,
    /// Each line that holds something: where its key ends in `keys`, and
    /// its number (from 1). A file is at most 64 MiB: both fit in 32 bits.
    lines: Vec<(u32, u32)>,
    first_quoted: HashMap<String, usize>,
    /// The first line of each `key = "text"` (key and text as name keys).
    first_field: HashMap<(String, String), usize>,
    /// Look-ups that fell back to a scan of every line.
    scans: usize,
}

impl FileLines {
    fn read(file: &Path) -> FileLines {
        let text = read_again(file);
        let mut lines = FileLines::default();
        if u32::try_from(text.len()).is_err() {
            return lines;
        }
        let mut within = Within::Code;
        let mut quoted = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let code = code_of(line, &mut within, &mut quoted);
            // Not even a key made for a line of no code (blank, a comment,
            // the inside of a multi-line string).
            if code.trim_start().is_empty() {
                continue;
            }
            // The line's code with its quoted texts emptied (what is looked
            // for in a line is its start: `key =`, `[[round]]`), and each
            // text short enough to be a name indexed by itself: a file of
            // texts of 2 KB each was kept twice and a half.
            let mut emptied = String::new();
            let mut from = 0;
            let mut texts = 0;
            let mut first_text = None;
            for range in quoted.drain(..) {
                emptied.push_str(&code[from..range.start]);
                from = range.end;
                texts += 1;
                let text = &code[range];
                if text.chars().nth(MAX_INDEXED_TEXT).is_none() {
                    let key = name_key(text);
                    if texts == 1 {
                        first_text = Some(key.clone());
                    }
                    lines.first_quoted.entry(key).or_insert(i);
                }
            }
            emptied.push_str(&code[from..]);
            // The start of a long line is what is looked for in it.
            if emptied.len() > MAX_KEYED_LINE {
                let mut end = MAX_KEYED_LINE;
                while !emptied.is_char_boundary(end) {
                    end -= 1;
                }
                emptied.truncate(end);
            }
            let key = name_key(&emptied);
            // `field = "text"`: its first line.
            if let (1, Some(text), Some((field, "\"\""))) =
                (texts, first_text, key.split_once('=').map(|(f, v)| (f, v.trim())))
            {
                lines.first_field.entry((field.trim().to_string(), text)).or_insert(i);
            }
            lines.keys.push_str(&key);
            // Both below the text's length, which fits (above).
            lines.lines.push((lines.keys.len() as u32, i as u32 + 1));
        }
        lines.keys.shrink_to_fit();
        lines.lines.shrink_to_fit();
        lines
    }

    /// The lines that hold something: their numbers (from 1) and name keys.
    fn keyed(&self) -> impl Iterator<Item = (usize, &str)> {
        let starts = std::iter::once(0).chain(self.lines.iter().map(|&(end, _)| end as usize));
        starts
            .zip(&self.lines)
            .map(|(start, &(end, number))| (number as usize, &self.keys[start..end as usize]))
    }
}

/// A file the build read, read again for line numbers: only a regular
/// file of at most the size a build reads (a file swapped meanwhile for a
/// FIFO hung `check`, for a link to `/dev/zero` filled the memory); empty
/// if it is not that, or not text.
fn read_again(file: &Path) -> String {
    ratings_model::files::read_text(file).unwrap_or_default()
}

/// The longest quoted text, as written, that the index keeps, in
/// characters: no name looked up is longer (names, places and event names
/// are at most 200). A one-line `report` of 2 MiB was kept three times,
/// as long again after Unicode normalization (100 such files: 2.2 GB).
const MAX_INDEXED_TEXT: usize = 256;

/// The most of a line's code the index keeps (its start): a number written
/// as long as the file (`win = 1.000…0`) was kept whole for each file with
/// a warning (200 files of 2 MiB: 489 MiB, against 29 without warnings).
const MAX_KEYED_LINE: usize = 4096;

/// Where a line of TOML starts: in code, or inside a multi-line string
/// (`"""` or `'''`) that an earlier line opened.
#[derive(Clone, Copy, PartialEq)]
enum Within {
    Code,
    Basic,
    Literal,
}

/// The code of one line of TOML, which the parser reads: the line without
/// its comment and without the inside of a multi-line string; its
/// one-line strings kept as written (escapes too), their texts' ranges in
/// the code put in `quoted`. `within` is where the line starts, then where
/// the next starts. A comment or a multi-line string costs the index
/// nothing: an 8 KB comment of short quoted texts after each line of a
/// 60 MiB file held 390 MiB of keys.
fn code_of(line: &str, within: &mut Within, quoted: &mut Vec<std::ops::Range<usize>>) -> String {
    let mut code = String::new();
    let mut rest = line;
    while !rest.is_empty() {
        if *within != Within::Code {
            let (delimiter, escapes) = if *within == Within::Basic {
                ("\"\"\"", true)
            } else {
                ("'''", false)
            };
            let Some(end) = string_end(rest, delimiter, escapes) else {
                break;
            };
            // Up to two more quotes are the string's own.
            let end = end
                + rest[end..]
                    .bytes()
                    .take(2)
                    .take_while(|&b| b == delimiter.as_bytes()[0])
                    .count();
            rest = &rest[end..];
            *within = Within::Code;
            continue;
        }
        let Some(at) = rest.find(['#', '"', '\'']) else {
            code.push_str(rest);
            break;
        };
        code.push_str(&rest[..at]);
        rest = &rest[at..];
        let quote = rest.as_bytes()[0];
        if quote == b'#' {
            break;
        }
        if rest.as_bytes().starts_with(&[quote; 3]) {
            *within = if quote == b'"' { Within::Basic } else { Within::Literal };
            rest = &rest[3..];
            continue;
        }
        let delimiter = if quote == b'"' { "\"" } else { "'" };
        let start = code.len() + 1;
        // An unclosed string (an error the parser reports) ends with the line.
        let (end, text_end) = match string_end(&rest[1..], delimiter, quote == b'"') {
            Some(e) => (1 + e, start + e - 1),
            None => (rest.len(), start + rest.len() - 1),
        };
        code.push_str(&rest[..end]);
        quoted.push(start..text_end);
        rest = &rest[end..];
    }
    code
}

/// Where `delimiter` closes a string in `text` (just past it), a
/// backslash escaping the next character where `escapes`.
fn string_end(text: &str, delimiter: &str, escapes: bool) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if escapes && bytes[i] == b'\\' {
            i += 2;
        } else if bytes[i..].starts_with(delimiter.as_bytes()) {
            return Some(i + delimiter.len());
        } else {
            i += 1;
        }
    }
    None
}

/// Scans of a file's lines for a name written in a way the quoted-text
/// index does not find (escapes): a few, so that warnings stay linear.
const MAX_SCANS: usize = 64;

type LineCache = HashMap<PathBuf, FileLines>;

fn lines_of<'c>(file: &Path, cache: &'c mut LineCache) -> &'c mut FileLines {
    cache.entry(file.to_path_buf()).or_insert_with(|| FileLines::read(file))
}

/// The first line of a file that holds `key` (a name key) as a quoted text,
/// else (a few times a file) the first line whose text contains it.
fn locate(file: &Path, key: &str, cache: &mut LineCache) -> Option<(usize, usize)> {
    let lines = lines_of(file, cache);
    if let Some(&i) = lines.first_quoted.get(key) {
        return Some((i + 1, 1));
    }
    if lines.scans >= MAX_SCANS {
        return None;
    }
    lines.scans += 1;
    lines
        .first_quoted
        .iter()
        .filter(|(text, _)| text.contains(key))
        .map(|(_, &i)| i)
        .min()
        .map(|i| (i + 1, 1))
}

/// The line numbers (from 1) of the lines of a file that `wanted` accepts,
/// given trimmed and lower-cased (as name keys), in one pass.
fn matching_lines(file: &Path, cache: &mut LineCache, wanted: impl Fn(&str) -> bool) -> Vec<usize> {
    let lines = lines_of(file, cache);
    lines.keyed().filter(|(_, l)| wanted(l)).map(|(line, _)| line).collect()
}

/// The first line `field = "text"` of a file (text compared as a name key).
fn field_line(file: &Path, field: &str, text: &str, cache: &mut LineCache) -> Option<(usize, usize)> {
    let lines = lines_of(file, cache);
    lines
        .first_field
        .get(&(field.to_string(), name_key(text)))
        .map(|&i| (i + 1, 1))
}

/// The first line `key = ...` of a file.
fn key_line(file: &Path, key: &str, cache: &mut LineCache) -> Option<(usize, usize)> {
    nth_line(file, 0, cache, |l| {
        l.strip_prefix(key).is_some_and(|r| r.trim_start().starts_with('='))
    })
}

/// The `n`-th (from 0) line of a file that `wanted` accepts.
fn nth_line(file: &Path, n: usize, cache: &mut LineCache, wanted: impl Fn(&str) -> bool) -> Option<(usize, usize)> {
    let lines = lines_of(file, cache);
    lines
        .keyed()
        .filter(|(_, l)| wanted(l))
        .nth(n)
        .map(|(line, _)| (line, 1))
}

/// Accents and punctuation stripped: the key two spellings of one name
/// usually share (`Björn VON KNORRING`, `Bjorn von-Knorring`).
pub fn folded_key(key: &str) -> String {
    let spaced: String = ascii_fold(key)
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    collapse_spaces(&spaced)
}

/// First names this long or longer may be two edits apart ("Chruk" /
/// "Chuck": a transposition and a substitution) and still be flagged.
const LONG_NAME: usize = 5;

/// Optimal string alignment distance: insertions, deletions,
/// substitutions and transpositions of neighbours each cost 1.
pub fn edit_distance(a: &[char], b: &[char]) -> usize {
    let (n, m) = (a.len(), b.len());
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=n {
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[n][m]
}

/// Whether two (folded) first names look like one name misspelt: one edit
/// apart, or two edits when both have at least [`LONG_NAME`] letters and
/// the same first letter ("chruk" / "chuck").
pub fn misspelt(a: &[char], b: &[char]) -> bool {
    if a.len().abs_diff(b.len()) > 2 {
        return false;
    }
    match edit_distance_within(a, b, 2) {
        Some(1) => true,
        Some(2) => a.len() >= LONG_NAME && b.len() >= LONG_NAME && a.first() == b.first(),
        _ => false,
    }
}

/// [`edit_distance`] when it is at most `k`, else `None`, in O((n + m) k):
/// only the cells within `k` of the diagonal can hold such a distance, and
/// a row whose cells all exceed `k` ends the search (the check compares each
/// name with up to a hundred others: a full table of two 64-letter names
/// each time was 28 times a normal site's check).
pub fn edit_distance_within(a: &[char], b: &[char], k: usize) -> Option<usize> {
    let (n, m) = (a.len(), b.len());
    if n.abs_diff(m) > k {
        return None;
    }
    const FAR: usize = usize::MAX / 4;
    // Rows i - 2, i - 1 and i of the table; a cell outside the band is FAR.
    let mut rows = [vec![FAR; m + 2], vec![FAR; m + 2], vec![FAR; m + 2]];
    for (j, cell) in rows[1].iter_mut().enumerate().take(m.min(k) + 1) {
        *cell = j;
    }
    for i in 1..=n {
        let [before, prev, cur] = &mut rows;
        let (lo, hi) = (i.saturating_sub(k).max(1), (i + k).min(m));
        cur[lo - 1] = if lo == 1 && i <= k { i } else { FAR };
        let mut least = cur[lo - 1];
        for j in lo..=hi {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            cur[j] = best;
            least = least.min(best);
        }
        // The next row reads up to column hi + 1 of this one.
        cur[hi + 1] = FAR;
        if least > k {
            return None;
        }
        rows.rotate_left(1);
    }
    // After the last rotation the last row computed is rows[1].
    let d = rows[1][m];
    (d <= k).then_some(d)
}

/// Call `f` with `chars` and every string made from it by deleting up to
/// `max` characters (with repeats; callers deduplicate).
fn deletion_variants(chars: &[char], max: usize, f: &mut impl FnMut(&[char])) {
    f(chars);
    if max == 0 {
        return;
    }
    let mut shorter: Vec<char> = Vec::with_capacity(chars.len());
    for skip in 0..chars.len() {
        shorter.clear();
        shorter.extend_from_slice(&chars[..skip]);
        shorter.extend_from_slice(&chars[skip + 1..]);
        deletion_variants(&shorter.clone(), max - 1, f);
    }
}

/// Names compared letter by letter (a first name, or a last word) are
/// compared with two edits up to this many letters: their deletion
/// variants grow with the square of the length.
const TWO_EDITS_UP_TO: usize = 20;
/// ... and with one edit up to this many; longer ones are not compared
/// (a 10,000-letter first name would take minutes; no real name is that long).
const ONE_EDIT_UP_TO: usize = 64;
/// A deletion variant shared by more names than this (in one group of the
/// same last word, or the same first names) is too common to point at a
/// typo (`P0000001` ... `P0004000`): its names are not compared, being
/// among too many like them to tell a typo from a neighbour.
const MAX_SHARED_VARIANT: usize = 32;
/// A name compared letter by letter with more names than this (through
/// the variants it shares) is among too many like it, as above.
const MAX_COMPARED: u32 = 128;
/// A name with more look-alikes than this looks like a numbering scheme,
/// not a typo: none of its pairs are reported.
const MAX_LOOKALIKES: usize = 4;

/// Pairs of players whose `part` is misspelt (one or two edits, see
/// [`misspelt`]) among the players that share a `group` (`split` gives
/// both, or `None` to leave a player out). Two names within two edits
/// share a deletion variant (symmetric deletion), so only players that
/// share a hash of one are compared: a sort, not all pairs; linear in the
/// players for names of bounded length (see the limits above).
fn near_pairs<'f>(
    folded: &'f [String],
    split: impl Fn(&'f str) -> Option<(&'f str, &'f str)>,
) -> Vec<(PlayerId, PlayerId)> {
    // One group at a time, so that the deletion variants of an archive's
    // half a million names are never all held.
    let mut by_group: Vec<(&str, PlayerId)> = folded
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            let (group, part) = split(f)?;
            (part.chars().count() <= ONE_EDIT_UP_TO).then_some((group, i as PlayerId))
        })
        .collect();
    by_group.sort_unstable();
    let mut pairs: Vec<(PlayerId, PlayerId)> = Vec::new();
    let mut variants: Vec<(u64, u32)> = Vec::new();
    let mut parts: Vec<Vec<char>> = Vec::new();
    let mut mine: Vec<u64> = Vec::new();
    let mut done: HashSet<(PlayerId, PlayerId)> = HashSet::new();
    let mut crowded: HashSet<PlayerId> = HashSet::new();
    let mut compared: Vec<u32> = Vec::new();
    for group in by_group.chunk_by(|x, y| x.0 == y.0).filter(|g| g.len() > 1) {
        variants.clear();
        parts.clear();
        done.clear();
        compared.clear();
        compared.resize(group.len(), 0);
        for (k, &(_, i)) in group.iter().enumerate() {
            let part = split(&folded[i as usize]).map_or("", |x| x.1);
            let chars: Vec<char> = part.chars().collect();
            let deletions = match chars.len() {
                n if (LONG_NAME..=TWO_EDITS_UP_TO).contains(&n) => 2,
                _ => 1,
            };
            mine.clear();
            deletion_variants(&chars, deletions, &mut |v: &[char]| {
                let key: String = v.iter().collect();
                mine.push(fnv1a(key.as_bytes()));
            });
            mine.sort_unstable();
            mine.dedup();
            variants.extend(mine.iter().map(|&h| (h, k as u32)));
            parts.push(chars);
        }
        variants.sort_unstable();
        for run in variants.chunk_by(|x, y| x.0 == y.0) {
            if run.len() > MAX_SHARED_VARIANT {
                crowded.extend(run.iter().map(|&(_, k)| group[k as usize].1));
                continue;
            }
            for (x, &(_, ka)) in run.iter().enumerate() {
                for &(_, kb) in &run[x + 1..] {
                    let (a, b) = (group[ka as usize].1, group[kb as usize].1);
                    let pair = (a.min(b), a.max(b));
                    if folded[a as usize] == folded[b as usize] || !done.insert(pair) {
                        continue;
                    }
                    // A name compared with many others is among too many
                    // like it: this bounds the comparisons by the names.
                    let full = [ka, kb].map(|k| compared[k as usize] >= MAX_COMPARED);
                    if full[0] || full[1] {
                        for (k, full) in [ka, kb].into_iter().zip(full) {
                            if full {
                                crowded.insert(group[k as usize].1);
                            }
                        }
                        continue;
                    }
                    compared[ka as usize] += 1;
                    compared[kb as usize] += 1;
                    if misspelt(&parts[ka as usize], &parts[kb as usize]) {
                        pairs.push(pair);
                    }
                }
            }
        }
    }
    let mut lookalikes: HashMap<PlayerId, usize> = HashMap::new();
    for &(a, b) in &pairs {
        *lookalikes.entry(a).or_default() += 1;
        *lookalikes.entry(b).or_default() += 1;
    }
    let alone = |p: &PlayerId| lookalikes[p] <= MAX_LOOKALIKES && !crowded.contains(p);
    pairs.retain(|(a, b)| alone(a) && alone(b));
    pairs.sort();
    pairs
}

/// Why a text looks mis-decoded, if it does.
pub fn misdecoded(s: &str) -> Option<&'static str> {
    // Windows-1252 characters that UTF-8 continuation bytes 0x80-0x9F become.
    const CP1252: &str = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
    let chars: Vec<char> = s.chars().collect();
    if chars.iter().any(|c| ('\u{2500}'..='\u{257f}').contains(c)) {
        return Some("box-drawing characters, as a DOS code page shows accented letters");
    }
    if chars.contains(&'\u{fffd}') {
        return Some("the replacement character \u{fffd}, left where a letter could not be decoded");
    }
    for w in chars.windows(2) {
        if matches!(w[0], 'Ã' | 'Â' | 'ã' | 'â') && (('\u{80}'..='\u{bf}').contains(&w[1]) || CP1252.contains(w[1]))
        {
            return Some("\"Ã\"/\"Â\" sequences, as UTF-8 read as Latin-1 shows accented letters");
        }
    }
    if chars.iter().any(|c| matches!(c, '´' | '¨' | '¸')) {
        return Some("a spacing accent (´ ¨ ¸) where a letter should be");
    }
    if chars
        .windows(3)
        .any(|w| w[0].is_alphabetic() && w[1] == '?' && w[2].is_alphabetic())
    {
        return Some("a \"?\" inside a word, where a letter could not be decoded");
    }
    None
}

fn toml_str(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// Every warning about a loaded site, as shown, and how many there are in
/// all: a file shows its first 100 warnings (`MAX_SHOWN`), then one line at the
/// last of the others counting them (an event of 100,000 unknown `nat`
/// codes is 101 lines to read, not 100,000). `site_dir` is where `data/`
/// is (to read `data/players.toml` and to give line numbers).
pub fn warnings(site: &Site, site_dir: &Path) -> (Vec<Diagnostic>, usize) {
    let mut w = Warnings::new(site, site_dir);
    let folded: Vec<String> = site.model.players.iter().map(|p| folded_key(&p.key)).collect();
    w.same_folded_names(&folded);
    w.look_alike_names(&folded);
    w.near_spellings(&folded);
    w.misdecoded_names();
    w.tie_ranks();
    w.official_order();
    w.empty_events();
    w.copied_events();
    w.future_events(today());
    w.custom_domain(site_dir);
    w.unknown_country_codes();
    let all = w.out.len();
    (w.out.into_sorted("warning"), all)
}

/// Today's date (UTC), for events dated in the future.
fn today() -> ratings_model::Date {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    ratings_model::Date::from_days((secs / 86_400) as i64)
}

/// A hash of what an event rates: its result rows (player and rank, in any
/// order) and its rounds (matches, forfeits and byes, as written).
fn results_hash(e: &ratings_model::Event) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    let mut rows: Vec<(PlayerId, u32)> = e.results.iter().map(|r| (r.player, r.rank)).collect();
    rows.sort_unstable();
    rows.hash(&mut h);
    for round in &e.round {
        for m in &round.matches {
            (m.a, m.b, m.wins_a, m.wins_b, m.draws).hash(&mut h);
        }
        for f in &round.forfeits {
            (f.a, f.b, format!("{:?}", f.result)).hash(&mut h);
        }
        (&round.byes, &round.half_byes, &round.zero_byes).hash(&mut h);
        u8::MAX.hash(&mut h); // end of the round
    }
    h.finish()
}

/// Ratings that rate none of the site's events (a Glicko-2 rating on a
/// site of placements, a format that no event has): their ranking and
/// downloads are empty, which the pages alone leave a newcomer to puzzle
/// out. Warned at the rating's `[[rating]]` table, with the reason the
/// first event's page gives.
pub fn idle_ratings(site: &Site, site_dir: &Path, ratings: &[crate::rated::Rated]) -> Vec<Diagnostic> {
    let file = site_dir.join("site.toml");
    let mut cache = HashMap::new();
    let mut out = Vec::new();
    let rating_lines = matching_lines(&file, &mut cache, |l| l.trim_start().starts_with("[[rating]]"));
    for (i, rated) in ratings.iter().enumerate() {
        if site.model.events.is_empty() || rated.history.events.iter().any(|e| e.included) {
            continue;
        }
        let reason = rated
            .history
            .events
            .iter()
            .find_map(|e| e.note.as_deref())
            .map(|note| format!("; the event pages say why, the first: {note:?}"))
            .unwrap_or_default();
        out.push(Diagnostic {
            position: rating_lines.get(i).map(|&line| (line, 1)),
            path: file.clone(),
            message: format!(
                "rating {:?} ({}) rates none of the site's {} event{}, so its ranking and downloads are empty{reason} (its method page says which events it rates)",
                rated.id(),
                rated.config.title,
                site.model.events.len(),
                if site.model.events.len() == 1 { "" } else { "s" },
            ),
        });
    }
    out
}

/// The most aliases of an entry a duplicate warning quotes as the line to
/// paste; an entry with more is named, and the spelling to add given.
const MAX_ALIASES_QUOTED: usize = 8;

/// The checks' shared state and the warnings found so far.
struct Warnings<'a> {
    site: &'a Site,
    seen: Appearances,
    /// Event files read for line numbers.
    cache: LineCache,
    /// Registry names, each with its aliases as written: two players both
    /// listed there are known to be different, and a likely duplicate of a
    /// listed one is its alias to add.
    registered: HashMap<String, Vec<String>>,
    /// The registry's `nat` codes, one per entry that has one.
    registered_nats: Vec<String>,
    players_toml: PathBuf,
    /// Pairs of players already reported as likely duplicates.
    reported: HashSet<(PlayerId, PlayerId)>,
    /// Warnings, at most the first 100 of each file held.
    out: FirstShown,
}

impl<'a> Warnings<'a> {
    fn new(site: &'a Site, site_dir: &Path) -> Self {
        let players = read_again(&site_dir.join("data/players.toml"));
        let (registered, registered_nats) = Some(players)
            .filter(|text| !text.is_empty())
            .and_then(|t| registry::parse_written(Path::new("data/players.toml"), &t).ok())
            .map(|(r, written)| {
                let mut nats: Vec<String> = r
                    .entries
                    .into_values()
                    .map(|entry| entry.nat)
                    .filter(|nat| !nat.is_empty())
                    .collect();
                nats.sort_unstable();
                // Aliases collapsed, as the warnings quote them (written with
                // a million spaces inside, each warning copied them whole).
                let names = written
                    .into_iter()
                    .map(|w| {
                        let aliases = w
                            .aliases
                            .iter()
                            .map(|a| ratings_model::names::collapse_spaces(a))
                            .collect();
                        (name_key(&w.name), aliases)
                    })
                    .collect();
                (names, nats)
            })
            .unwrap_or_default();
        let players_toml = if site_dir == Path::new(".") {
            PathBuf::from("data/players.toml")
        } else {
            site_dir.join("data/players.toml")
        };
        Warnings {
            site,
            seen: appearances(site),
            cache: HashMap::new(),
            registered,
            registered_nats,
            players_toml,
            reported: HashSet::new(),
            out: FirstShown::default(),
        }
    }

    /// A warning at the player's first appearance.
    fn at_first(&mut self, p: PlayerId, message: String) {
        let player = self.site.model.player(p);
        let d = match self.seen.first[p as usize] {
            Some(e) => {
                let file = PathBuf::from(&self.site.model.events[e].file);
                Diagnostic {
                    position: locate(&file, &player.key, &mut self.cache),
                    path: file,
                    message,
                }
            }
            None => Diagnostic::new(&self.players_toml, message),
        };
        self.out.push(d);
    }

    fn where_of(&self, p: PlayerId) -> String {
        self.seen.first[p as usize].map_or_else(
            || self.players_toml.display().to_string(),
            |e| self.site.model.events[e].file.clone(),
        )
    }

    /// The spelling to keep: the one with more events, then the one with
    /// accents (more information), then the more recent, then by name.
    fn preferred(&self, a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId) {
        let score = |p: PlayerId| {
            let pl = self.site.model.player(p);
            (
                self.seen.events[p as usize],
                pl.display.chars().filter(|c| !c.is_ascii()).count(),
                self.seen.last[p as usize],
                std::cmp::Reverse(pl.display.clone()),
            )
        };
        if score(a) >= score(b) { (a, b) } else { (b, a) }
    }

    /// The warning for a likely duplicate: `why` says how the names match.
    /// A pair is reported once, by the first check that finds it.
    fn duplicate(&mut self, keep: PlayerId, alias: PlayerId, why: &str) {
        if !self.reported.insert((keep.min(alias), keep.max(alias))) {
            return;
        }
        let site = self.site;
        let key = |p: PlayerId| &*site.model.player(p).key;
        // A spelling with an entry in players.toml is the one to keep: the
        // other becomes its alias (a second entry of its name is an error).
        let (keep, alias) = match (
            self.registered.contains_key(key(keep)),
            self.registered.contains_key(key(alias)),
        ) {
            (false, true) => (alias, keep),
            _ => (keep, alias),
        };
        let (kept, other) = (&site.model.player(keep).display, &site.model.player(alias).display);
        let players_toml = self.players_toml.display();
        let fix = match self.registered.get(key(keep)) {
            // A long list is not copied into each warning (an entry of
            // 10,000 aliases and many near spellings of it: each warning
            // held them all).
            Some(aliases) if aliases.len() >= MAX_ALIASES_QUOTED => format!(
                "in {players_toml}, add {} to the aliases of its entry `name = {}` ({} aliases)",
                toml_str(other),
                toml_str(kept),
                aliases.len()
            ),
            Some(aliases) => {
                let listed: Vec<String> = aliases.iter().map(|a| toml_str(a)).chain([toml_str(other)]).collect();
                format!(
                    "in {players_toml}, give its entry `name = {}` this aliases line (in place of the one it has, if any):\n    aliases = [{}]",
                    toml_str(kept),
                    listed.join(", ")
                )
            }
            None => format!(
                "add to {players_toml}:\n    [[player]]\n    name = {}\n    aliases = [{}]",
                toml_str(kept),
                toml_str(other)
            ),
        };
        let message = format!(
            "possible duplicate player: {other:?} ({}) and {kept:?} ({}) {why}; if they are one person, {fix}\n  (if they are two people, give each a [[player]] entry there to silence this warning)",
            self.where_of(alias),
            self.where_of(keep),
        );
        self.at_first(alias, message);
    }

    fn known_distinct(&self, a: PlayerId, b: PlayerId) -> bool {
        self.registered.contains_key(&*self.site.model.player(a).key)
            && self.registered.contains_key(&*self.site.model.player(b).key)
    }

    /// Players grouped by `key` (groups of one left out), in a fixed order.
    fn groups(keys: impl Iterator<Item = String>) -> Vec<Vec<PlayerId>> {
        let mut by_key: HashMap<String, Vec<PlayerId>> = HashMap::new();
        for (i, k) in keys.enumerate() {
            by_key.entry(k).or_default().push(i as PlayerId);
        }
        let mut groups: Vec<Vec<PlayerId>> = by_key.into_values().filter(|g| g.len() > 1).collect();
        groups.sort();
        groups
    }

    /// Each group's players against the one to keep, `why` they look like
    /// one person; pairs known to be different, or `skip`ped, are not.
    fn report_groups(&mut self, groups: Vec<Vec<PlayerId>>, why: &str, skip: impl Fn(PlayerId, PlayerId) -> bool) {
        for group in groups {
            let keep = group
                .iter()
                .copied()
                .reduce(|a, b| self.preferred(a, b).0)
                .expect("non-empty");
            for &other in group.iter().filter(|&&p| p != keep) {
                if !skip(keep, other) && !self.known_distinct(keep, other) {
                    self.duplicate(keep, other, why);
                }
            }
        }
    }

    /// Check 1: the same name once accents and punctuation are stripped.
    fn same_folded_names(&mut self, folded: &[String]) {
        let groups = Self::groups(folded.iter().cloned());
        self.report_groups(
            groups,
            "are the same name once accents and punctuation are stripped",
            |_, _| false,
        );
    }

    /// Check 1b: names that look the same once confusable characters are
    /// mapped to one prototype (Unicode TR39 skeletons: `l` and `I`,
    /// Cyrillic `а` and Latin `a`, `rn` and `m`), but differ once folded
    /// (those are check 1's).
    fn look_alike_names(&mut self, folded: &[String]) {
        let skeletons = self.site.model.players.iter().map(|p| {
            let skeleton: String = unicode_security::confusable_detection::skeleton(&p.display).collect();
            folded_key(&skeleton)
        });
        let groups = Self::groups(skeletons);
        self.report_groups(
            groups,
            "look the same: they differ only in characters that are easily confused (such as l and I, or a Cyrillic and a Latin a)",
            |a, b| folded[a as usize] == folded[b as usize],
        );
    }

    /// Check 2: misspelt first names with the same last word (`Chruk` /
    /// `Chuck KRUEGER`), misspelt last words with the same first names
    /// (`Ivan Petrow` / `Ivan Petrov`), and the same words in another order
    /// (`Sato Kenji` / `Kenji Sato`).
    fn near_spellings(&mut self, folded: &[String]) {
        let first = near_pairs(folded, |f| f.rsplit_once(' ').map(|(rest, last)| (last, rest)));
        self.report_pairs(
            first,
            "differ by a letter or two in the first name with the same last name",
        );
        let last = near_pairs(folded, |f| f.rsplit_once(' '));
        self.report_pairs(
            last,
            "differ by a letter or two in the last name with the same first name",
        );
        let orders = folded.iter().map(|f| {
            let mut words: Vec<&str> = f.split(' ').collect();
            words.sort_unstable();
            words.join(" ")
        });
        let groups = Self::groups(orders);
        self.report_groups(groups, "are the same names in another order", |a, b| {
            folded[a as usize] == folded[b as usize]
        });
    }

    fn report_pairs(&mut self, pairs: Vec<(PlayerId, PlayerId)>, why: &str) {
        for (a, b) in pairs {
            if self.known_distinct(a, b) {
                continue;
            }
            let (keep, other) = self.preferred(a, b);
            self.duplicate(keep, other, why);
        }
    }

    /// Check 3: names that look mis-decoded.
    fn misdecoded_names(&mut self) {
        let site = self.site;
        for (i, p) in site.model.players.iter().enumerate() {
            if let Some(why) = misdecoded(&p.display) {
                let message = format!(
                    "player name {:?} looks mis-decoded ({why}); correct it in the event file, or keep the file as published and add to data/players.toml: [[player]] name = \"CORRECT SPELLING\" aliases = [{}]",
                    p.display,
                    toml_str(&p.display)
                );
                self.at_first(i as PlayerId, message);
            }
        }
        for e in &site.model.events {
            for (what, text) in [("event name", &e.name), ("place", &e.place)] {
                if let Some(why) = misdecoded(text) {
                    let file = PathBuf::from(&e.file);
                    self.out.push(Diagnostic {
                        position: locate(&file, &name_key(text), &mut self.cache),
                        path: file,
                        message: format!("{what} {text:?} looks mis-decoded ({why})"),
                    });
                }
            }
        }
    }

    /// Check 4, tie ranks: tied players share the best rank (1, 2, 2, 4), so rank
    /// r has at most r - 1 rows above it; in a full list, exactly r - 1.
    fn tie_ranks(&mut self) {
        let site = self.site;
        for e in &site.model.events {
            if e.results.is_empty() {
                continue;
            }
            let mut ranks: Vec<u32> = e.results.iter().map(|r| r.rank).collect();
            ranks.sort_unstable();
            if ranks[0] > 1 {
                // A partial list may leave out rows, but hardly the winner.
                let file = PathBuf::from(&e.file);
                let first_row = e.results.iter().find(|x| x.rank == ranks[0]).expect("rank present");
                self.out.push(Diagnostic {
                    position: locate(&file, &site.model.player(first_row.player).key, &mut self.cache),
                    path: file,
                    message: format!(
                        "event {:?} has no rank 1: its best row is rank {}; was the winner's row left out when the page was copied?",
                        e.name, ranks[0]
                    ),
                });
                continue;
            }
            let full = ranks.len() == e.players as usize;
            let mut bad: Vec<(u32, usize)> = Vec::new();
            let mut i = 0;
            while i < ranks.len() {
                let r = ranks[i];
                let above = i;
                if above > r as usize - 1 || (full && above < r as usize - 1) {
                    bad.push((r, above));
                }
                while i < ranks.len() && ranks[i] == r {
                    i += 1;
                }
            }
            if let Some(&(r, above)) = bad.first() {
                let file = PathBuf::from(&e.file);
                let first_row = e.results.iter().find(|x| x.rank == r).expect("rank present");
                let what = if above > r as usize - 1 {
                    format!(
                        "rank {r} has {above} rows ranked above it, but tied players share the best rank (1, 2, 2, 4), so at most {} can be; was the list ranked 1, 1, 2 instead of 1, 1, 3?",
                        r - 1
                    )
                } else {
                    format!(
                        "rank {r} has only {above} rows ranked above it in a full list ({} of {} players), so rank {} is missing",
                        ranks.len(),
                        e.players,
                        above + 1
                    )
                };
                let more = if bad.len() > 1 {
                    format!(" ({} inconsistent ranks in this event)", bad.len())
                } else {
                    String::new()
                };
                self.out.push(Diagnostic {
                    position: locate(&file, &site.model.player(first_row.player).key, &mut self.cache),
                    path: file,
                    message: format!("inconsistent tie ranks: {what}{more}"),
                });
            }
        }
    }

    /// A match event's published places that contradict its points: a
    /// player with more points ranked below one with fewer (a rank typed
    /// wrong, or a round missing). One warning per event, at the first such
    /// player, with the number of others.
    fn official_order(&mut self) {
        let site = self.site;
        for e in site
            .model
            .events
            .iter()
            .filter(|e| e.is_match_event() && !e.results.is_empty())
        {
            let standings = crate::standings::of(site, e);
            let official = &standings.rows[..e.results.len().min(standings.rows.len())];
            // The row with the fewest points so far, in place order.
            let mut fewest: Option<&ratings_rating::standings::Row> = None;
            let mut contradictions = Vec::new();
            for row in official {
                if let Some(low) = fewest
                    && row.place > low.place
                    && row.points > low.points + ratings_rating::standings::EQUAL_WITHIN
                {
                    contradictions.push((row, low));
                }
                if fewest.is_none_or(|low| row.points < low.points) {
                    fewest = Some(row);
                }
            }
            let Some(&(row, low)) = contradictions.first() else {
                continue;
            };
            let name = |p: u32| &site.model.player(p).display;
            let points = crate::pages::points_text;
            let more = match contradictions.len() {
                1 => String::new(),
                n => format!(" ({} players in all are ranked below fewer points)", n),
            };
            let file = PathBuf::from(&e.file);
            self.out.push(Diagnostic {
                position: locate(&file, &site.model.player(row.player).key, &mut self.cache),
                path: file,
                message: format!(
                    "the published places contradict the points: {} is ranked {} with {} points, below {} ranked {} with {}; \
                     check the [[results]] ranks and the rounds (points: {}){more}",
                    name(row.player),
                    row.place,
                    points(row.points),
                    name(low.player),
                    low.place,
                    points(low.points),
                    standings.points.describe(),
                ),
            });
        }
    }

    /// Check 5: events with nothing published (valid: announced, or standings not
    /// published; no rating includes them) and rounds without a match or bye.
    fn empty_events(&mut self) {
        let site = self.site;
        for e in &site.model.events {
            let file = PathBuf::from(&e.file);
            if !e.has_results() {
                let what = if e.round.is_empty() {
                    "has no [[results]] and no [[round]]"
                } else {
                    "has no [[results]] and its rounds have no matches and no byes"
                };
                self.out.push(Diagnostic {
                    position: key_line(&file, "name", &mut self.cache),
                    path: file,
                    message: format!(
                        "event {:?} {what}: it is listed, but no rating includes it (fine for an announced event or unpublished standings)",
                        e.name
                    ),
                });
                continue;
            }
            if !e.round.iter().any(|r| r.is_empty()) {
                continue;
            }
            // One warning an event, at its first empty round: the runs of
            // empty rounds (a file of 9,999 empty rounds gave 9,999 warnings).
            let mut runs: Vec<(usize, usize)> = Vec::new();
            for (i, _) in e.round.iter().enumerate().filter(|(_, r)| r.is_empty()) {
                match runs.last_mut() {
                    Some(run) if run.1 + 1 == i => run.1 = i,
                    _ => runs.push((i, i)),
                }
            }
            const SHOWN: usize = 5;
            let mut named: Vec<String> = runs
                .iter()
                .take(SHOWN)
                .map(|&(a, b)| {
                    if a == b {
                        format!("{}", a + 1)
                    } else {
                        format!("{}–{}", a + 1, b + 1)
                    }
                })
                .collect();
            if runs.len() > SHOWN {
                named.push(format!("{} more", runs.len() - SHOWN));
            }
            let single = runs.len() == 1 && runs[0].0 == runs[0].1;
            let list = match named.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => named.join(""),
            };
            let round_lines = matching_lines(&file, &mut self.cache, |l| l.starts_with("[[round]]"));
            self.out.push(Diagnostic {
                position: round_lines.get(runs[0].0).map(|&line| (line, 1)),
                path: file.clone(),
                message: if single {
                    format!(
                        "round {list} has no matches and no byes: it rates nothing (it still counts in the round numbers)"
                    )
                } else {
                    format!(
                        "rounds {list} have no matches and no byes: they rate nothing (they still count in the round numbers)"
                    )
                },
            });
        }
    }

    /// Check 8: an event file copied under a second name: the same result
    /// rows and rounds as an earlier event (by date, then file), rated twice.
    fn copied_events(&mut self) {
        let site = self.site;
        let mut first: HashMap<u64, usize> = HashMap::new();
        for (i, e) in site.model.events.iter().enumerate() {
            if !e.has_results() {
                continue;
            }
            let earlier = *first.entry(results_hash(e)).or_insert(i);
            if earlier != i {
                let file = PathBuf::from(&e.file);
                self.out.push(Diagnostic {
                    position: Some((1, 1)),
                    path: file,
                    message: format!(
                        "event {:?} has the same results as {:?} ({}): an event file copied under a second name is rated twice; delete the copy, or enter this event's own results",
                        e.name,
                        ratings_model::names::excerpt(&site.model.events[earlier].name),
                        site.model.events[earlier].file
                    ),
                });
            }
        }
    }

    /// Check 9: an event with results dated after today (a year typo,
    /// 2035 for 2025): it would be the site's "Last update" and come last
    /// in every rating.
    fn future_events(&mut self, today: ratings_model::Date) {
        let site = self.site;
        for e in &site.model.events {
            if e.date <= today || !e.has_results() {
                continue;
            }
            let file = PathBuf::from(&e.file);
            self.out.push(Diagnostic {
                position: key_line(&file, "date", &mut self.cache),
                path: file,
                message: format!(
                    "event {:?} has results but is dated {}, after today ({today}): it would be the site's \"Last update\" and the last event of every rating; a typo in the year?",
                    e.name, e.date
                ),
            });
        }
    }

    /// Check 7: nationality and country codes that are no ISO 3166 or IOC
    /// code (pages show them as written, with a national ranking of their
    /// own); one warning per code (case and spacing ignored), at its first
    /// use: in the events, else in `data/players.toml`.
    fn unknown_country_codes(&mut self) {
        let site = self.site;
        let mut seen: HashMap<String, usize> = HashMap::new();
        // Each code where first seen: its event (`None`: players.toml), not
        // the file's path (up to 3 KB, for each of 400,000 codes).
        let mut first: Vec<(String, Option<usize>, &str)> = Vec::new();
        let events = site.model.events.iter().enumerate().flat_map(|(i, e)| {
            std::iter::once(("country", e.country.as_str()))
                .chain(e.results.iter().map(|r| ("nat", r.nat())))
                .map(move |(field, code)| (field, code, Some(i)))
        });
        let registry = self.registered_nats.iter().map(|code| ("nat", code.as_str(), None));
        let codes = events
            .chain(registry)
            .filter(|(_, c, _)| !c.is_empty() && ratings_model::country::lookup(c).is_none());
        for (field, code, file) in codes {
            let n = seen.entry(name_key(code)).or_default();
            if *n == 0 {
                first.push((code.to_string(), file, field));
            }
            *n += 1;
        }
        for (code, event, field) in first {
            let uses = seen[&name_key(&code)];
            let file = event.map_or_else(
                || self.players_toml.clone(),
                |e| PathBuf::from(&site.model.events[e].file),
            );
            self.out.push(Diagnostic {
                position: field_line(&file, field, &code, &mut self.cache),
                path: file,
                message: format!(
                    "{field} {code:?} is not an ISO 3166 (alpha-2 or alpha-3), IOC or FIDE federation code ({uses} use{}): pages show it as written instead of a country name",
                    if uses == 1 { "" } else { "s" }
                ),
            });
        }
    }

    /// Check 6: a custom domain (static/CNAME) that base_url does not use.
    fn custom_domain(&mut self, site_dir: &Path) {
        let site = self.site;
        let cname_rel = Path::new("static/CNAME");
        // Its first 4 KB: a domain name has at most 253 characters (the
        // whole file was read, and its first line quoted twice, however long).
        if let Ok(bytes) = ratings_model::files::read_regular_start(&site_dir.join(cname_rel), 4096) {
            let text = String::from_utf8_lossy(&bytes);
            let domain = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
            let path = if site_dir == Path::new(".") {
                cname_rel.to_path_buf()
            } else {
                site_dir.join(cname_rel)
            };
            let host = |url: &str| -> String {
                let rest = url.split_once("://").map_or(url, |(_, r)| r);
                rest.split(['/', '?', '#']).next().unwrap_or("").to_ascii_lowercase()
            };
            let message = match site.config.base_url.as_deref() {
                _ if domain.is_empty() => {
                    Some("static/CNAME is empty: GitHub Pages expects one domain name".to_string())
                }
                _ if domain.chars().count() > 253 => Some(
                    "static/CNAME does not start with a domain name (its first line has more than 253 characters): GitHub Pages expects one domain name".to_string(),
                ),
                Some(url) if host(url) != domain.to_ascii_lowercase() => Some(format!(
                    "static/CNAME publishes the site at {domain} but base_url is {url:?}: the sitemap, feed, canonical links and 404 page would point elsewhere; set base_url = \"https://{domain}/\""
                )),
                None => Some(format!(
                    "static/CNAME publishes the site at {domain} but base_url is not set: set base_url = \"https://{domain}/\" for the sitemap, feed and canonical links"
                )),
                _ => None,
            };
            if let Some(message) = message {
                self.out.push(Diagnostic {
                    path,
                    position: Some((1, 1)),
                    message,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_lines_cost_the_line_index_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("e.toml");
        let text = format!(
            "name = \"Événement\"\n{}date = 2024-01-01 # \"Bo Berg\"\n{}  # \"Ann  LEE\"\n[[round]]\nname = \"Ann Lee\"",
            "\n".repeat(100_000),
            " \t\r\n".repeat(100_000)
        );
        std::fs::write(&file, text).unwrap();
        let lines = FileLines::read(&file);
        // Three lines and a header hold something: only their keys are kept.
        assert_eq!(lines.keys, "name = \"\"date = 2024-01-01[[round]]name = \"\"");
        assert_eq!(lines.lines, [(9, 1), (26, 100_002), (35, 200_004), (44, 200_005)]);
        let mut cache = LineCache::new();
        assert_eq!(key_line(&file, "date", &mut cache), Some((100_002, 1)));
        assert_eq!(locate(&file, "événement", &mut cache), Some((1, 1)));
        // The row, not the comment before it.
        assert_eq!(locate(&file, "ann lee", &mut cache), Some((200_005, 1)));
        // Nor a comment after code.
        assert_eq!(locate(&file, "bo berg", &mut cache), None);
        assert_eq!(
            matching_lines(&file, &mut cache, |l| l.starts_with("[[round]]")),
            [200_004]
        );
    }

    /// A quoted text longer than any name looked up is not kept (a one-line
    /// `report` of 2 MiB was kept three times); the names around it are.
    #[test]
    fn long_quoted_texts_are_not_indexed() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("e.toml");
        let long = "Ann Lee 𝅘𝅥 ".repeat(1000);
        std::fs::write(
            &file,
            format!("report = \"{long}\", name = \"Bo Berg\"\n[[results]]\nname = \"Ann Lee\"\n"),
        )
        .unwrap();
        let lines = FileLines::read(&file);
        // Texts are indexed by themselves, not in their lines.
        assert_eq!(lines.keys, "report = \"\", name = \"\"[[results]]name = \"\"");
        assert_eq!(lines.first_quoted.len(), 2);
        let mut cache = LineCache::new();
        assert_eq!(locate(&file, "bo berg", &mut cache), Some((1, 1)));
        // The row, not the report that names the player first.
        assert_eq!(locate(&file, "ann lee", &mut cache), Some((3, 1)));
        // A name inside a text (no text of its own) is found in the texts.
        assert_eq!(locate(&file, "berg", &mut cache), Some((1, 1)));
        assert_eq!(field_line(&file, "name", "Bo Berg", &mut cache), None);
        assert_eq!(field_line(&file, "name", "Ann Lee", &mut cache), Some((3, 1)));
        // Of a long line of code, its start (a name in it by its text).
        std::fs::write(
            &file,
            format!(
                "points = {{ win = 1.{}, draw = 0.5 }}, x = \"Cy Dee\"\n",
                "0".repeat(10_000)
            ),
        )
        .unwrap();
        let lines = FileLines::read(&file);
        assert_eq!(lines.keys.len(), MAX_KEYED_LINE);
        assert!(lines.keys.starts_with("points = { win = 1.000"));
        assert_eq!(lines.first_quoted.get("cy dee"), Some(&0));
        // Texts up to the longest kept are kept, in characters.
        let kept = "é".repeat(MAX_INDEXED_TEXT);
        std::fs::write(&file, format!("a = \"{kept}\"\nb = \"{kept}x\"\n")).unwrap();
        let lines = FileLines::read(&file);
        assert_eq!(lines.first_quoted.len(), 1);
        assert_eq!(lines.first_quoted.get(&kept), Some(&0));
        assert_eq!(lines.first_field.get(&("a".to_string(), kept)), Some(&0));
    }

    /// A file replaced by a FIFO after the build read it is not waited on.
    #[test]
    fn the_index_reads_only_regular_files() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("e.toml");
        let name = std::ffi::CString::new(fifo.clone().into_os_string().into_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
        assert!(FileLines::read(&fifo).lines.is_empty());
    }

    #[test]
    fn the_index_reads_code_not_comments_or_multi_line_strings() {
        let lines = [
            r#"player = "Sean O'Brien"  # was "Shaun" 'x'"#,
            r#"name = "Cup #3 \"A\"" # comment"#,
            r#"place = 'C:\dir' "#,
            r#"report = """ "1a" # "1b""#,
            r#"# "2a" '2b' ''' "#,
            r#"" "3a" """"" , x = "after""#,
            r#"notes = ''' "4a" '''' # "4b""#,
            r#"p = "unclosed"#,
        ];
        let want: [(&str, &[&str]); 8] = [
            (r#"player = "Sean O'Brien"  "#, &["Sean O'Brien"]),
            (r#"name = "Cup #3 \"A\"" "#, &[r#"Cup #3 \"A\""#]),
            (r#"place = 'C:\dir' "#, &[r#"C:\dir"#]),
            ("report = ", &[]),
            ("", &[]),
            (r#" , x = "after""#, &["after"]),
            ("notes =  ", &[]),
            (r#"p = "unclosed"#, &["unclosed"]),
        ];
        let mut within = Within::Code;
        for (i, (line, (want_code, want_texts))) in lines.iter().zip(want).enumerate() {
            let mut quoted = Vec::new();
            let code = code_of(line, &mut within, &mut quoted);
            let texts: Vec<&str> = quoted.into_iter().map(|r| &code[r]).collect();
            assert_eq!(
                (code.as_str(), texts.as_slice()),
                (want_code, want_texts),
                "line {}",
                i + 1
            );
        }
        assert!(within == Within::Code);
    }

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn the_banded_distance_agrees_with_the_full_table() {
        // Small alphabet, lengths 0 to 9: many pairs within 2, some beyond.
        let mut seed = 7u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        let word = |next: &mut dyn FnMut() -> usize| -> Vec<char> {
            let len = next() % 10;
            (0..len).map(|_| ['a', 'b', 'c'][next() % 3]).collect()
        };
        let mut within = 0;
        for _ in 0..20_000 {
            let (a, b) = (word(&mut next), word(&mut next));
            for k in 0..=3 {
                let full = edit_distance(&a, &b);
                let want = (full <= k).then_some(full);
                assert_eq!(edit_distance_within(&a, &b, k), want, "{a:?} {b:?} k={k}");
                within += usize::from(want.is_some());
            }
        }
        assert!(within > 10_000, "{within}");
        // Long names one and three letters apart.
        let long: Vec<char> = "a".repeat(64).chars().collect();
        let mut one = long.clone();
        one[30] = 'b';
        assert_eq!(edit_distance_within(&long, &one, 2), Some(1));
        let mut three = one.clone();
        three[5] = 'c';
        three[60] = 'c';
        assert_eq!(edit_distance_within(&long, &three, 2), None);
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance(&chars("chruk"), &chars("chuck")), 2);
        assert_eq!(edit_distance(&chars("chuck"), &chars("chunk")), 1);
        assert_eq!(edit_distance(&chars("chuck"), &chars("chuk")), 1);
        assert_eq!(edit_distance(&chars("brian"), &chars("brain")), 1); // transposition
        assert_eq!(edit_distance(&chars("jim"), &chars("tom")), 2);
        assert_eq!(edit_distance(&chars(""), &chars("ab")), 2);
        assert!(misspelt(&chars("chruk"), &chars("chuck")));
        assert!(misspelt(&chars("bjorn"), &chars("bjoern")));
        assert!(misspelt(&chars("tim"), &chars("tom")));
        assert!(!misspelt(&chars("jim"), &chars("tom")));
        assert!(!misspelt(&chars("chuck"), &chars("chuck")));
        assert!(!misspelt(&chars("steve"), &chars("chuck")));
        assert!(!misspelt(&chars("chris"), &chars("kris j"))); // two edits, other first letter
    }

    #[test]
    fn deletion_variants_cover_two_edits() {
        let mut seen = Vec::new();
        deletion_variants(&chars("abc"), 2, &mut |v: &[char]| {
            seen.push(v.iter().collect::<String>())
        });
        seen.sort();
        seen.dedup();
        assert_eq!(seen, ["a", "ab", "abc", "ac", "b", "bc", "c"]);
    }

    #[test]
    fn folding_merges_accents_and_punctuation() {
        assert_eq!(folded_key("björn von knorring"), "bjorn von knorring");
        assert_eq!(folded_key("bruno-andré giraudon"), "bruno andre giraudon");
        assert_eq!(folded_key("colin o'neill"), "colin o neill");
    }

    #[test]
    fn mis_decoded_names() {
        assert!(misdecoded("Le´ S──RLAINEN").is_some());
        assert!(misdecoded("SÃ¶rlainen").is_some());
        assert!(misdecoded("GrÃ©gory").is_some());
        assert!(misdecoded("RenÃ‰").is_some());
        assert!(misdecoded("Bj\u{fffd}rn").is_some());
        assert!(misdecoded("Bj?rn").is_some());
        for fine in [
            "Björn VON KNORRING",
            "Grégory MOSTYN",
            "São Paulo",
            "Colin O'NEILL",
            "Ry4an BRASE",
            "Ângela",
        ] {
            assert_eq!(misdecoded(fine), None, "{fine}");
        }
    }
}
