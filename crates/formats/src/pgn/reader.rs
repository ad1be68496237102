//! A byte-at-a-time state machine over PGN text. It keeps the tags of the game
//! being read and nothing of its movetext but the token being read (at most a
//! few bytes), so memory does not grow with the file.

use crate::model::ImportError;
use crate::text::decode_fragment;

/// The tags an event file can use, of one game, and where the game starts.
#[derive(Clone, Debug, Default)]
pub(crate) struct GameTags {
    pub line: usize,
    pub event: Option<String>,
    pub site: Option<String>,
    pub date: Option<String>,
    pub event_date: Option<String>,
    /// `UTCDate`, which lichess writes where `Date` may be missing.
    pub utc_date: Option<String>,
    pub round: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
    pub result: Option<String>,
    pub white_elo: Option<String>,
    pub black_elo: Option<String>,
    pub white_fide_id: Option<String>,
    pub black_fide_id: Option<String>,
    pub white_title: Option<String>,
    pub black_title: Option<String>,
}

impl GameTags {
    fn slot(&mut self, name: &[u8]) -> Option<&mut Option<String>> {
        let name = std::str::from_utf8(name).ok()?.to_ascii_lowercase();
        Some(match name.as_str() {
            "event" => &mut self.event,
            "site" => &mut self.site,
            "date" => &mut self.date,
            "eventdate" => &mut self.event_date,
            "utcdate" => &mut self.utc_date,
            "round" => &mut self.round,
            "white" => &mut self.white,
            "black" => &mut self.black,
            "result" => &mut self.result,
            "whiteelo" => &mut self.white_elo,
            "blackelo" => &mut self.black_elo,
            "whitefideid" => &mut self.white_fide_id,
            "blackfideid" => &mut self.black_fide_id,
            "whitetitle" => &mut self.white_title,
            "blacktitle" => &mut self.black_title,
            _ => return None,
        })
    }
}

/// How a game ended in the movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Termination {
    WhiteWins,
    BlackWins,
    Draw,
    Unfinished,
    /// The movetext stopped (next game's tags, end of file) without a result.
    Missing,
}

impl Termination {
    pub(crate) fn of(token: &[u8]) -> Option<Termination> {
        match token {
            b"1-0" => Some(Termination::WhiteWins),
            b"0-1" => Some(Termination::BlackWins),
            // `½-½` in UTF-8, as some databases export draws.
            b"1/2-1/2" | b"\xC2\xBD-\xC2\xBD" => Some(Termination::Draw),
            b"*" => Some(Termination::Unfinished),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before a game's movetext: tags, blank lines, comments.
    Tags,
    TagLine,
    Movetext,
    BraceComment,
    LineComment,
}

/// Longest tag line kept; longer ones are cut (no real tag comes near it).
const TAG_LINE_LIMIT: usize = 64 * 1024;
/// Longest token kept: results are at most 7 bytes.
const TOKEN_LIMIT: usize = 8;

pub(crate) struct Reader {
    state: State,
    /// Where a comment returns to.
    resume: State,
    line: usize,
    column: usize,
    at_line_start: bool,
    depth: u32,
    token: [u8; TOKEN_LIMIT],
    token_len: usize,
    tag_line: Vec<u8>,
    game: GameTags,
    has_tags: bool,
    /// A blank line came after this game's tags: a tag now starts the next
    /// game (files of tags only, as lichess broadcasts export, have no
    /// movetext between games).
    blank_after_tags: bool,
    started: bool,
    /// The last byte was a CR: a LF now is the rest of its line end.
    after_cr: bool,
    pub used_windows_1252: bool,
}

impl Reader {
    pub(crate) fn new() -> Reader {
        Reader {
            state: State::Tags,
            resume: State::Tags,
            line: 1,
            column: 0,
            at_line_start: true,
            depth: 0,
            token: [0; TOKEN_LIMIT],
            token_len: 0,
            tag_line: Vec::new(),
            game: GameTags::default(),
            has_tags: false,
            blank_after_tags: false,
            started: false,
            after_cr: false,
            used_windows_1252: false,
        }
    }

    /// Feeds the next bytes; `done` receives every game completed by them.
    pub(crate) fn feed(
        &mut self,
        mut bytes: &[u8],
        done: &mut impl FnMut(GameTags, Termination),
    ) -> Result<(), ImportError> {
        if !self.started {
            self.started = !bytes.is_empty();
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        for &b in bytes {
            // A line ends at LF, CRLF or a CR alone (old Mac files): a `;`
            // comment or a `%` line read to the next LF took every game
            // after it in a file of CR line ends.
            let b = match (b, self.after_cr) {
                (b'\n', true) => {
                    self.after_cr = false;
                    continue;
                }
                (b'\r', _) => {
                    self.after_cr = true;
                    b'\n'
                }
                _ => {
                    self.after_cr = false;
                    b
                }
            };
            self.column += 1;
            if b == 0 {
                return Err(ImportError::new(
                    self.line,
                    Some(self.column),
                    "a NUL byte: binary data, not a PGN text file",
                ));
            }
            let line_start = self.at_line_start;
            if b == b'\n' {
                self.line += 1;
                self.column = 0;
                self.at_line_start = true;
            } else {
                self.at_line_start = false;
            }
            self.byte(b, line_start, done);
        }
        Ok(())
    }

    /// The end of the input: a game still open ends here.
    pub(crate) fn finish(mut self, done: &mut impl FnMut(GameTags, Termination)) {
        if self.state == State::TagLine {
            self.state = State::Tags;
            self.end_tag_line(done);
        }
        if self.state == State::Movetext {
            self.end_token(done);
        }
        if self.has_tags {
            self.end_game(Termination::Missing, done);
        }
    }

    fn byte(&mut self, b: u8, line_start: bool, done: &mut impl FnMut(GameTags, Termination)) {
        match self.state {
            State::LineComment => {
                if b == b'\n' {
                    self.state = self.resume;
                }
            }
            State::BraceComment => {
                if b == b'}' {
                    self.state = self.resume;
                }
            }
            State::TagLine => {
                if b == b'\n' || b == b'\r' {
                    self.state = State::Tags;
                    self.end_tag_line(done);
                    self.byte(b, false, done);
                } else if self.tag_line.len() < TAG_LINE_LIMIT {
                    self.tag_line.push(b);
                }
            }
            State::Tags => self.tags_byte(b, line_start, done),
            State::Movetext => self.movetext_byte(b, line_start, done),
        }
    }

    fn comment(&mut self, kind: State) {
        self.resume = self.state;
        self.state = kind;
    }

    fn tags_byte(&mut self, b: u8, line_start: bool, done: &mut impl FnMut(GameTags, Termination)) {
        match b {
            b'%' if line_start => self.comment(State::LineComment),
            b';' => self.comment(State::LineComment),
            b'{' => self.comment(State::BraceComment),
            b'[' => {
                if self.has_tags && self.blank_after_tags {
                    self.end_game(Termination::Missing, done);
                }
                self.start_tag_line();
            }
            b'\n' if line_start && self.has_tags => self.blank_after_tags = true,
            _ if b.is_ascii_whitespace() => {}
            _ => {
                self.state = State::Movetext;
                self.depth = 0;
                self.movetext_byte(b, line_start, done);
            }
        }
    }

    fn start_tag_line(&mut self) {
        self.blank_after_tags = false;
        if !self.has_tags {
            self.game.line = self.line;
            self.has_tags = true;
        }
        self.tag_line.clear();
        self.tag_line.push(b'[');
        self.state = State::TagLine;
    }

    fn movetext_byte(&mut self, b: u8, line_start: bool, done: &mut impl FnMut(GameTags, Termination)) {
        let delimiter = b.is_ascii_whitespace() || b"{}();[]".contains(&b) || (b == b'%' && line_start);
        if !delimiter {
            if self.token_len < TOKEN_LIMIT {
                self.token[self.token_len] = b;
            }
            self.token_len += 1;
            return;
        }
        self.end_token(done);
        if self.state != State::Movetext {
            // The token was the result: this byte belongs to what follows the game.
            return self.tags_byte(b, line_start, done);
        }
        match b {
            b'%' | b';' => self.comment(State::LineComment),
            b'{' => self.comment(State::BraceComment),
            b'(' => self.depth += 1,
            b')' => self.depth = self.depth.saturating_sub(1),
            // A tag in the movetext: the game ended without a result token.
            b'[' if self.depth == 0 || line_start => {
                self.end_game(Termination::Missing, done);
                self.start_tag_line();
            }
            _ => {}
        }
    }

    fn end_token(&mut self, done: &mut impl FnMut(GameTags, Termination)) {
        let len = std::mem::take(&mut self.token_len);
        if self.depth > 0 || len > TOKEN_LIMIT {
            return;
        }
        if let Some(termination) = Termination::of(&self.token[..len]) {
            self.end_game(termination, done);
        }
    }

    fn end_game(&mut self, termination: Termination, done: &mut impl FnMut(GameTags, Termination)) {
        let mut game = std::mem::take(&mut self.game);
        if !self.has_tags {
            game.line = self.line;
        }
        self.has_tags = false;
        self.state = State::Tags;
        self.depth = 0;
        done(game, termination);
    }

    /// Stores the tags of the line just read and reads what follows them on
    /// their line (`[White "A"] 1-0`) as if on a line of its own. A tag there
    /// (`[a ""] x [b ""]`: `x` is movetext, `[` ends that game) starts a tag
    /// line that is the rest of this one: it is read in place, so a line costs
    /// time linear in its length however many tag lines it restarts.
    fn end_tag_line(&mut self, done: &mut impl FnMut(GameTags, Termination)) {
        let line = std::mem::take(&mut self.tag_line);
        let mut start = 0;
        'tag_lines: loop {
            let (pairs, rest) = tag_pairs(&line[start..]);
            for (name, value) in pairs {
                if let Some(slot) = self.game.slot(name) {
                    let (text, windows_1252) = decode_fragment(&value);
                    self.used_windows_1252 |= windows_1252;
                    *slot = Some(text.trim().to_owned());
                }
            }
            // A malformed tag (`[Event]`) is dropped with the rest of its line;
            // reading it again would only start the same tag line again.
            let mut i = start + rest;
            if line[i..].starts_with(b"[") {
                break;
            }
            while i < line.len() {
                self.byte(line[i], false, done);
                if self.state == State::TagLine {
                    // The `[` at `i` started a tag line: the rest of this one.
                    self.state = State::Tags;
                    start = i;
                    continue 'tag_lines;
                }
                i += 1;
            }
            break;
        }
        self.tag_line = line;
        self.tag_line.clear();
    }
}

/// A tag's name as written and its value, unescaped, not yet decoded.
type Tag<'a> = (&'a [u8], Vec<u8>);

/// `[Name "value"]` pairs of one line, several allowed. `\"` and `\\` are
/// escapes; a quote not followed by `]` is taken as part of the value, as
/// hand-edited files write `[Event "The "Big" Open"]`. Also returns where the
/// tags stop.
fn tag_pairs(line: &[u8]) -> (Vec<Tag<'_>>, usize) {
    let mut pairs = Vec::new();
    let mut i = 0;
    let skip_space = |i: &mut usize| {
        while *i < line.len() && line[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    loop {
        skip_space(&mut i);
        let tag_start = i;
        if line.get(i) != Some(&b'[') {
            return (pairs, i);
        }
        i += 1;
        skip_space(&mut i);
        let start = i;
        while i < line.len() && (line[i].is_ascii_alphanumeric() || line[i] == b'_') {
            i += 1;
        }
        let name = &line[start..i];
        skip_space(&mut i);
        if line.get(i) != Some(&b'"') {
            return (pairs, tag_start);
        }
        i += 1;
        let mut value = Vec::new();
        while i < line.len() {
            match line[i] {
                b'\\' if matches!(line.get(i + 1), Some(b'"' | b'\\')) => {
                    value.push(line[i + 1]);
                    i += 2;
                    continue;
                }
                b'"' => {
                    let mut next = i + 1;
                    skip_space(&mut next);
                    if next >= line.len() || line[next] == b']' {
                        i = (next + 1).min(line.len());
                        break;
                    }
                    value.push(b'"');
                }
                other => value.push(other),
            }
            i += 1;
        }
        pairs.push((name, value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<(GameTags, Termination)> {
        let mut games = Vec::new();
        let mut reader = Reader::new();
        let mut done = |g, t| games.push((g, t));
        reader.feed(text.as_bytes(), &mut done).unwrap();
        reader.finish(&mut done);
        games
    }

    #[test]
    fn comments_variations_nags_and_escapes_hide_results() {
        let games = read(
            "[Event \"A\"]\n[White \"X\"]\n\n1. e4 {1-0 is not here} e5 (1... c5 2. Nf3 (2. c3 0-1) *) \
             $1 ; 0-1 neither\n%1/2-1/2 nor here\n2. Nf3 1/2-1/2\n[Event \"B\"]\n*",
        );
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].0.event.as_deref(), Some("A"));
        assert_eq!(games[0].1, Termination::Draw);
        assert_eq!((games[1].0.line, games[1].1), (7, Termination::Unfinished));
    }

    /// LF, CRLF and CR alone (old Mac files) end lines alike: a `;`
    /// comment or a `%` line ends there, and lines are counted (with CR
    /// alone a comment ran to the end of the file and took every game
    /// after it).
    #[test]
    fn every_line_end_ends_comments_and_lines() {
        let lf = "% exported\n[Event \"A\"]\n\n1. e4 ; a comment\n1-0\n\n[Event \"B\"]\n\n1. d4 0-1\n\n[Event \"C\"]\n\n1. c4 *\n";
        for end in ["\n", "\r\n", "\r"] {
            let games = read(&lf.replace('\n', end));
            let got: Vec<_> = games
                .iter()
                .map(|(g, t)| (g.event.clone().unwrap_or_default(), g.line, *t))
                .collect();
            assert_eq!(
                got,
                [
                    ("A".to_string(), 2, Termination::WhiteWins),
                    ("B".to_string(), 7, Termination::BlackWins),
                    ("C".to_string(), 11, Termination::Unfinished)
                ],
                "{end:?}"
            );
        }
        // A CRLF cut between two pieces is one line end.
        let mut games = Vec::new();
        let mut reader = Reader::new();
        let mut done = |g, t| games.push((g, t));
        reader.feed(b"[Event \"A\"]\r", &mut done).unwrap();
        reader.feed(b"\n\r\n1. e4 ; x\r", &mut done).unwrap();
        reader.feed(b"\n1-0\r\n[Event \"B\"]\r\n", &mut done).unwrap();
        reader.finish(&mut done);
        assert_eq!(games[0].1, Termination::WhiteWins);
        assert_eq!(games[1].0.line, 5);
    }

    #[test]
    fn quotes_inside_values() {
        let line = br#"[Event "The "Big" Open"] [Site "A \"B\" \\ C"] 1-0"#;
        let (pairs, end) = tag_pairs(line);
        assert_eq!(&line[end..], b"1-0");
        assert_eq!(pairs[0].1, b"The \"Big\" Open");
        assert_eq!(pairs[1].0, b"Site");
        assert_eq!(pairs[1].1, b"A \"B\" \\ C");
    }

    #[test]
    fn game_without_result_token_ends_at_next_tags() {
        let games = read("[White \"X\"]\n1. e4 e5\n[White \"Y\"]\n1. d4 1-0");
        assert_eq!(games[0].1, Termination::Missing);
        assert_eq!(games[1].0.white.as_deref(), Some("Y"));
        assert_eq!(games[1].1, Termination::WhiteWins);
    }

    #[test]
    fn tags_restarted_on_one_line_are_read_in_place() {
        // `[a ""] x [Round "n"] x ...`: every `x [` ends a game and starts a
        // tag line of the rest of the line. Copying that rest per restart cost
        // time quadratic in the line: these 40 lines of 64 KB took 44 s.
        let segment = "[a\"\"]x";
        let line = segment.repeat(64_000 / segment.len());
        let mut text = String::from("[Round \"7\"] x [White \"W\"]\n");
        for _ in 0..40 {
            text.push_str(&line);
            text.push('\n');
        }
        let games = read(&text);
        // The first line's game, then one per `x [` of each line (the last
        // segment of a line ends its game at the next line's first `[`).
        assert_eq!(games.len(), 1 + 40 * (64_000 / segment.len()));
        assert_eq!(games[0].0.round.as_deref(), Some("7"));
        assert_eq!(games[1].0.white.as_deref(), Some("W"));
        assert!(games.iter().all(|(_, t)| *t == Termination::Missing));
    }

    #[test]
    fn chunk_boundaries_do_not_matter() {
        let text = "[White \"Ann\"]\n[Black \"Bob\"]\n1. e4 {c} 1-0\n\n[White \"Cy\"]\n1/2-1/2";
        let mut games = Vec::new();
        let mut reader = Reader::new();
        let mut done = |g: GameTags, t| games.push((g.white, t));
        for byte in text.as_bytes().chunks(1) {
            reader.feed(byte, &mut done).unwrap();
        }
        reader.finish(&mut done);
        assert_eq!(
            games,
            vec![
                (Some("Ann".to_owned()), Termination::WhiteWins),
                (Some("Cy".to_owned()), Termination::Draw)
            ]
        );
    }
}
