//! Player identity and URL-safe names.
//!
//! The *name key* (docs/data-format.md) identifies a player: Unicode NFC, trimmed,
//! inner white space collapsed, lower-cased. *Slugs* turn keys and other
//! user text into file names that are safe on every file system and stable:
//! a slug depends only on the text it is made from, never on other players.

use unicode_normalization::UnicodeNormalization;

/// `s` as a message quotes a text from another place (a name already
/// taken, the event copied): at most [`EXCERPT`] characters, else its
/// first ones and `…`, so that a long name quoted by many messages does
/// not make each of them long.
pub fn excerpt(s: &str) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(EXCERPT) {
        None => std::borrow::Cow::Borrowed(s),
        Some((end, _)) => std::borrow::Cow::Owned(format!("{}…", &s[..end])),
    }
}

/// The problem with a text repeated on many pages longer than `max`
/// characters: "`key` is N characters long: at most MAX (`why`)".
pub fn too_long(key: &str, value: &str, max: usize, why: &str) -> Option<String> {
    let n = value.chars().count();
    (n > max).then(|| format!("`{key}` is {n} characters long: at most {max} ({why})"))
}

/// The most characters [`excerpt`] keeps.
pub const EXCERPT: usize = 64;

/// Trim and collapse inner white space to one space.
pub fn collapse_spaces(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The name key of a name as written: `Doug MOORE` and ` doug  moore` agree.
pub fn name_key(name: &str) -> String {
    // ASCII is already NFC, and its lower case is ASCII lower case.
    if name.is_ascii() {
        let mut key = collapse_spaces(name);
        key.make_ascii_lowercase();
        return key;
    }
    if unicode_normalization::is_nfc_quick(name.chars()) == unicode_normalization::IsNormalized::Yes {
        return collapse_spaces(name).to_lowercase();
    }
    let nfc: String = name.nfc().collect();
    collapse_spaces(&nfc).to_lowercase()
}

/// Lower-case ASCII approximation of a text: accents stripped (`Björn` →
/// `bjorn`), common ligatures spelled out. Used for slugs, sorting into
/// A–Z, search and duplicate detection.
pub fn ascii_fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.nfd() {
        if unicode_normalization::char::is_combining_mark(c) {
            continue;
        }
        let lower = c.to_lowercase();
        for c in lower {
            match c {
                'ß' => out.push_str("ss"),
                'æ' => out.push_str("ae"),
                'œ' => out.push_str("oe"),
                'ø' => out.push('o'),
                'đ' | 'ð' => out.push('d'),
                'ł' => out.push('l'),
                'þ' => out.push_str("th"),
                'ı' => out.push('i'),
                _ => out.push(c),
            }
        }
    }
    out
}

/// File names Windows refuses whatever the extension.
fn is_reserved(base: &str) -> bool {
    matches!(base, "con" | "prn" | "aux" | "nul")
        || ((base.starts_with("com") || base.starts_with("lpt"))
            && base.len() == 4
            && base.as_bytes()[3].is_ascii_digit())
}

const MAX_SLUG: usize = 60;

/// Ten hexadecimal digits: the slug of a key with nothing to fold into
/// letters (`王伟`). A plain key of that form (`fb3801f84f`) gets a hash
/// too, so that the two kinds of slug never meet.
fn looks_like_hash(key: &str) -> bool {
    key.len() == 10 && key.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A stable, collision-free slug for a key (a name key, a nationality ...).
///
/// A key made only of `a-z`, `0-9` and single spaces maps one-to-one to
/// `words-joined-by-hyphens`. Any other key (accents, punctuation, very long,
/// a Windows reserved name) gets its folded form plus `--` and a hash of the
/// whole key: `--` never occurs in a plain slug, so the two kinds cannot
/// collide (nor can a bare hash and a plain key, see [`looks_like_hash`]),
/// and the hash depends only on the key itself, so adding players
/// never moves an existing URL.
pub fn slug(key: &str) -> String {
    let plain = !key.is_empty()
        && key.len() <= MAX_SLUG
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b' ')
        && !key.starts_with(' ')
        && !key.ends_with(' ')
        && !key.contains("  ")
        && !looks_like_hash(key);
    if plain && !is_reserved(key) {
        return key.replace(' ', "-");
    }
    let mut base = String::new();
    for c in ascii_fold(key).chars() {
        if c.is_ascii_alphanumeric() {
            base.push(c);
        } else if !base.is_empty() && !base.ends_with('-') {
            base.push('-');
        }
        if base.len() >= MAX_SLUG {
            break;
        }
    }
    let base = base.trim_end_matches('-');
    let hash = format!("{:010x}", fnv1a(key.as_bytes()) >> 24);
    if base.is_empty() {
        hash
    } else {
        format!("{base}--{hash}")
    }
}

/// The slugs of distinct `keys` given in byte order: each key's [`slug`],
/// except where the hashes of two keys agree (about one pair in a
/// million among a million names with nothing to fold into letters, or
/// two names made to agree): the later key in byte order then gets `--2`
/// after it, the next `--3` ... A slug of [`slug`] has no `--`, or ends
/// with `--` and ten hexadecimal digits, so these meet no other slug; and
/// they depend only on the keys whose hashes agree, so that no other
/// page moves.
pub fn distinct_slugs<'k>(keys: impl IntoIterator<Item = &'k str>) -> Vec<String> {
    let mut slugs: Vec<String> = keys.into_iter().map(slug).collect();
    let mut count: std::collections::HashMap<&str, u32> = std::collections::HashMap::with_capacity(slugs.len());
    let mut again = Vec::new();
    for (i, s) in slugs.iter().enumerate() {
        let n = count.entry(s).or_insert(0);
        *n += 1;
        if *n > 1 {
            again.push((i, *n));
        }
    }
    drop(count);
    for (i, n) in again {
        slugs[i] = format!("{}--{n}", slugs[i]);
    }
    slugs
}

/// A name as (surname, given names), for the A–Z index: the words written
/// in capitals when the name has some and others (WDD style: "Doug MOORE",
/// "Björn VON KNORRING"), else the last word ("Hélène Rinrentschä"). A
/// single word is all surname.
pub fn surname_split(display: &str) -> (String, String) {
    let words: Vec<&str> = display.split_whitespace().collect();
    let capital = |w: &str| w.chars().filter(|c| c.is_alphabetic()).count() >= 2 && !w.chars().any(char::is_lowercase);
    let caps: Vec<bool> = words.iter().map(|w| capital(w)).collect();
    let (surname, given): (Vec<&str>, Vec<&str>) = if caps.iter().any(|&c| c) && caps.iter().any(|&c| !c) {
        let s = words.iter().zip(&caps).filter(|(_, c)| **c).map(|(w, _)| *w).collect();
        let g = words.iter().zip(&caps).filter(|(_, c)| !**c).map(|(w, _)| *w).collect();
        (s, g)
    } else {
        match words.split_last() {
            Some((last, rest)) => (vec![*last], rest.to_vec()),
            None => (Vec::new(), Vec::new()),
        }
    };
    (surname.join(" "), given.join(" "))
}

/// FNV-1a, 64 bits: stable across runs, platforms and Rust versions.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Percent-encode a relative URL path (keeps `/` and unreserved characters).
pub fn url_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for &b in path.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Characters that show nothing: white space, zero-width and joiner
/// characters, bidi marks and controls, fillers, variation selectors,
/// tags. A name made only of them looks empty.
/// The first control character of `text` (C0, C1, DEL), line breaks and
/// tabs excepted when `lines_ok`: what no name, title or text may hold, as
/// a page, a feed or a terminal would act on it.
pub fn control_character(text: &str, lines_ok: bool) -> Option<char> {
    text.chars()
        .find(|&c| c.is_control() && !(lines_ok && matches!(c, '\n' | '\r' | '\t')))
}

pub fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// Whether every bidi embedding, override and isolate the text opens
/// (U+202A/B/D/E, U+2066–2068) is closed inside it (U+202C, U+2069), and
/// none is closed that it did not open: then the text cannot reorder what
/// is written after it, in a `<title>`, a feed or a CSV file alike.
pub fn bidi_balanced(s: &str) -> bool {
    let mut open: Vec<bool> = Vec::new(); // true: an isolate
    for c in s.chars() {
        match c {
            '\u{202A}' | '\u{202B}' | '\u{202D}' | '\u{202E}' => open.push(false),
            '\u{2066}' | '\u{2067}' | '\u{2068}' => open.push(true),
            '\u{202C}' if open.last() == Some(&false) => {
                open.pop();
            }
            '\u{2069}' if open.last() == Some(&true) => {
                open.pop();
            }
            '\u{202C}' | '\u{2069}' => return false,
            _ => {}
        }
    }
    open.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_keys_merge_case_and_spacing() {
        assert_eq!(name_key("  Doug   MOORE "), "doug moore");
        assert_eq!(name_key("Doug Moore"), name_key("doug moore"));
        // NFC: a decomposed ö is the same player as a composed one.
        assert_eq!(name_key("Bjo\u{308}rn"), name_key("Björn"));
        assert_ne!(name_key("Björn"), name_key("Bjorn"));
    }

    #[test]
    fn plain_keys_give_readable_slugs() {
        assert_eq!(slug("doug moore"), "doug-moore");
        assert_eq!(slug("ry4an brase"), "ry4an-brase");
    }

    #[test]
    fn other_keys_get_a_stable_hash() {
        let a = slug("björn meyer");
        let b = slug("bjorn meyer");
        assert_eq!(b, "bjorn-meyer");
        assert!(a.starts_with("bjorn-meyer--"), "{a}");
        assert_ne!(a, b);
        assert_eq!(a, slug("björn meyer"));
        assert!(slug("con").starts_with("con--"));
        assert!(slug("com1").starts_with("com1--"));
        assert_eq!(slug("???").len(), 10);
        assert!(slug("../etc/passwd").starts_with("etc-passwd--"));
        assert!(slug(&"a".repeat(10_000)).len() <= MAX_SLUG + 12);
    }

    /// Two names whose hashes agree (found by a search over four-letter
    /// Chinese names) get pages of their own, the later one in byte order
    /// with `--2`; and no key's slug can be that.
    #[test]
    fn keys_whose_hashes_agree_get_distinct_slugs() {
        let (a, b) = ("张梁杨龚", "张邓薛黄");
        assert_eq!(slug(a), "4bdd469d2b");
        assert_eq!(slug(b), "4bdd469d2b");
        let mut keys = [b, "doug moore", a, "4bdd469d2b 2"];
        keys.sort_unstable();
        let slugs = distinct_slugs(keys);
        let of = |k: &str| slugs[keys.iter().position(|x| *x == k).unwrap()].as_str();
        assert!(a < b);
        assert_eq!(of(a), "4bdd469d2b");
        assert_eq!(of(b), "4bdd469d2b--2");
        assert_eq!(of("4bdd469d2b 2"), "4bdd469d2b-2");
        assert_eq!(of("doug moore"), "doug-moore");
        // A key that would look like the suffixed slug gets a hash.
        assert!(
            slug("4bdd469d2b--2").starts_with("4bdd469d2b-2--"),
            "{}",
            slug("4bdd469d2b--2")
        );
    }

    /// A long name quoted by another place's message is cut to 64
    /// characters and `…` (a 10,000-letter name in each of 80,000 alias
    /// errors took 4.19 GB).
    #[test]
    fn a_quoted_name_is_an_excerpt() {
        assert_eq!(excerpt("Ann Lee"), "Ann Lee");
        let long = "é".repeat(10_000);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), EXCERPT + 1);
        assert!(cut.ends_with("é…"));
        assert_eq!(excerpt(&"a".repeat(EXCERPT)), "a".repeat(EXCERPT));
    }

    #[test]
    fn a_plain_key_never_meets_a_bare_hash() {
        let wang = slug(&name_key("王伟"));
        assert_eq!(wang.len(), 10);
        let named = slug(&wang);
        assert_ne!(named, wang);
        assert!(named.starts_with(&format!("{wang}--")), "{named}");
        // Other ten-letter keys stay plain.
        assert_eq!(slug("fb3801f84g"), "fb3801f84g");
        assert_eq!(slug("abcdef0123 x"), "abcdef0123-x");
    }

    #[test]
    fn surnames_are_the_capitals_or_the_last_word() {
        let split = |s: &str| {
            let (a, b) = surname_split(s);
            (a, b)
        };
        assert_eq!(split("Doug MOORE"), ("MOORE".into(), "Doug".into()));
        assert_eq!(split("Björn VON KNORRING"), ("VON KNORRING".into(), "Björn".into()));
        assert_eq!(split("Hélène Rinrentschä"), ("Rinrentschä".into(), "Hélène".into()));
        assert_eq!(
            split("Jean-Marie de la Tour"),
            ("Tour".into(), "Jean-Marie de la".into())
        );
        assert_eq!(split("TOM KOBRIN"), ("KOBRIN".into(), "TOM".into()));
        assert_eq!(split("Cher"), ("Cher".into(), String::new()));
        assert_eq!(split("O'BRIEN Pat"), ("O'BRIEN".into(), "Pat".into()));
        // An initial is not a surname: "J. R. SMITH", "A B".
        assert_eq!(split("J. R. SMITH"), ("SMITH".into(), "J. R.".into()));
    }

    #[test]
    fn folding_strips_accents() {
        assert_eq!(
            ascii_fold("Björn Grégory ØSTERGÅRD Straße"),
            "bjorn gregory ostergard strasse"
        );
    }

    #[test]
    fn invisible_and_bidi() {
        assert!("\u{200B}\u{202E}\u{200F}\u{FEFF}".chars().all(is_invisible));
        assert!(!"\u{200B}a".chars().all(is_invisible));
        assert!(bidi_balanced("\u{202E}evil\u{202C} RLO"));
        assert!(bidi_balanced("\u{200F}RLM mark"));
        assert!(bidi_balanced("\u{2067}a\u{202B}b\u{202C}\u{2069}"));
        assert!(!bidi_balanced("\u{202E}evil"));
        assert!(!bidi_balanced("x\u{202C}"));
        assert!(!bidi_balanced("\u{2066}a\u{202C}\u{2069}"));
    }

    #[test]
    fn url_paths_are_encoded() {
        assert_eq!(url_path("2017/world dipcon#1"), "2017/world%20dipcon%231");
        assert_eq!(url_path("é"), "%C3%A9");
    }
}
