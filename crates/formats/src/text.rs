//! Bytes to text: the encodings tournament files come in, and the line breaks
//! of three operating systems (TRF asks for CR alone, as old Macs wrote).

use crate::model::{Encoding, ImportError};

/// A decoded file: its lines joined with `\n`, whatever the file used.
pub(crate) struct Text {
    pub text: String,
    pub encoding: Encoding,
}

/// Windows-1252 for 0x80..=0x9F; the five bytes it leaves undefined keep their
/// Latin-1 (C1 control) meaning, as browsers do.
const CP1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}', '\u{2C6}', '\u{2030}',
    '\u{160}', '\u{2039}', '\u{152}', '\u{8D}', '\u{17D}', '\u{8F}', '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}',
    '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}', '\u{2DC}', '\u{2122}', '\u{161}', '\u{203A}', '\u{153}', '\u{9D}',
    '\u{17E}', '\u{178}',
];

pub(crate) fn windows_1252(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)],
            _ => char::from(b),
        })
        .collect()
}

/// One line (or tag value) as text: UTF-8 when it is valid UTF-8, else
/// Windows-1252. The flag says the second.
pub(crate) fn decode_fragment(bytes: &[u8]) -> (String, bool) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_owned(), false),
        Err(_) => (windows_1252(bytes), true),
    }
}

/// Splits at `\r\n`, `\n` or a lone `\r`; a final line break ends the last line
/// rather than starting an empty one.
pub(crate) fn split_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = bytes;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            None => Some(std::mem::take(&mut rest)),
            Some(at) => {
                let line = &rest[..at];
                let skip = if rest[at] == b'\r' && rest.get(at + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                rest = &rest[at + skip..];
                Some(line)
            }
        }
    })
}

/// A control character that no text file has: binary data, or UTF-16 read as bytes.
fn is_binary(c: char) -> bool {
    (c < ' ' && !matches!(c, '\t' | '\x0C')) || c == '\x7F'
}

fn binary_error(line: usize, column: usize, c: char) -> ImportError {
    let what = if c == '\0' {
        "a NUL byte".to_owned()
    } else {
        format!("control character 0x{:02X}", u32::from(c))
    };
    ImportError::new(
        line,
        Some(column),
        format!("{what}: this is binary data, not a text file (or UTF-16 without a byte-order mark)"),
    )
}

/// Cuts a DOS end-of-file mark (0x1A) and whatever blank follows it.
fn strip_dos_eof(bytes: &[u8]) -> &[u8] {
    match bytes.iter().position(|&b| b == 0x1A) {
        Some(at) if bytes[at..].iter().all(|b| matches!(b, 0x1A | b'\r' | b'\n')) => &bytes[..at],
        _ => bytes,
    }
}

pub(crate) fn decode(bytes: &[u8]) -> Result<Text, ImportError> {
    if let Some(text) = decode_utf16(bytes)? {
        return Ok(text);
    }
    let (body, mut encoding) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (rest, Encoding::Utf8WithBom),
        None => (bytes, Encoding::Utf8),
    };
    let body = strip_dos_eof(body);
    let mut text = String::with_capacity(body.len() + body.len() / 8);
    let mut lines = split_lines(body).enumerate().peekable();
    while let Some((index, line)) = lines.next() {
        if let Some(column) = line.iter().position(|&b| is_binary(char::from(b))) {
            return Err(binary_error(index + 1, column + 1, char::from(line[column])));
        }
        match std::str::from_utf8(line) {
            Ok(valid) => text.push_str(valid),
            // A file cut inside its last character: keep the rest as UTF-8.
            Err(e) if e.error_len().is_none() && lines.peek().is_none() => {
                text.push_str(std::str::from_utf8(&line[..e.valid_up_to()]).unwrap_or_default());
                text.push('\u{FFFD}');
            }
            Err(_) => {
                text.push_str(&windows_1252(line));
                encoding = Encoding::Windows1252;
            }
        }
        text.push('\n');
    }
    Ok(Text { text, encoding })
}

/// UTF-16 with a byte-order mark (some Windows programs save it so).
fn decode_utf16(bytes: &[u8]) -> Result<Option<Text>, ImportError> {
    let (little, encoding) = match bytes {
        [0xFF, 0xFE, ..] => (true, Encoding::Utf16Le),
        [0xFE, 0xFF, ..] => (false, Encoding::Utf16Be),
        _ => return Ok(None),
    };
    let units = bytes[2..].chunks_exact(2).map(|pair| {
        let pair = [pair[0], pair[1]];
        if little {
            u16::from_le_bytes(pair)
        } else {
            u16::from_be_bytes(pair)
        }
    });
    let decoded: String = char::decode_utf16(units)
        .map(|unit| unit.unwrap_or('\u{FFFD}'))
        .collect();
    let mut text = String::with_capacity(decoded.len());
    for (index, line) in split_lines(decoded.as_bytes()).enumerate() {
        // Lines of a `String` split at ASCII bytes are still valid UTF-8.
        let line = std::str::from_utf8(line).unwrap_or_default();
        if let Some((column, c)) = line.chars().enumerate().find(|&(_, c)| is_binary(c)) {
            return Err(binary_error(index + 1, column + 1, c));
        }
        text.push_str(line);
        text.push('\n');
    }
    Ok(Some(Text { text, encoding }))
}

/// `s` as a message quotes a text of the file: at most 64 characters,
/// else its first ones and `…` (a 32 MB TRF name spilling into the round
/// columns made a warning of 32 MB). The loader's `names::excerpt` does
/// the same; this crate depends on nothing.
pub(crate) fn excerpt(s: &str) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(64) {
        None => std::borrow::Cow::Borrowed(s),
        Some((end, _)) => std::borrow::Cow::Owned(format!("{}…", &s[..end])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_line_is_read_as_windows_1252_and_flagged() {
        let decoded = decode(b"012 Open\r\n022 M\xfcnchen \x80\r\n").unwrap();
        assert_eq!(decoded.text, "012 Open\n022 München €\n");
        assert_eq!(decoded.encoding, Encoding::Windows1252);
    }

    #[test]
    fn bom_is_dropped_and_reported() {
        let decoded = decode("\u{FEFF}012 Zürich\n".as_bytes()).unwrap();
        assert_eq!(decoded.text, "012 Zürich\n");
        assert_eq!(decoded.encoding, Encoding::Utf8WithBom);
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        let lines: Vec<&[u8]> = split_lines(b"a\rb\r\nc\n\nd").collect();
        assert_eq!(lines, vec![&b"a"[..], b"b", b"c", b"", b"d"]);
    }

    #[test]
    fn nul_byte_names_line_and_column() {
        let error = decode(b"012 Open\n022 Ri\0ga\n").err().unwrap();
        assert_eq!((error.line, error.column), (2, Some(7)));
        assert!(error.message.contains("NUL"), "{}", error.message);
    }

    #[test]
    fn utf16_with_bom_is_decoded() {
        let mut bytes = vec![0xFF, 0xFE];
        for unit in "012 Łódź\r\n".encode_utf16() {
            bytes.extend_from_slice(&unit.to_le_bytes());
        }
        let decoded = decode(&bytes).unwrap();
        assert_eq!(decoded.text, "012 Łódź\n");
        assert_eq!(decoded.encoding, Encoding::Utf16Le);
    }

    #[test]
    fn truncated_last_character_stays_utf8() {
        let decoded = decode("012 Gdańsk".as_bytes()[..8].as_ref()).unwrap();
        assert_eq!(decoded.text, "012 Gda\u{FFFD}\n");
        assert_eq!(decoded.encoding, Encoding::Utf8);
    }

    #[test]
    fn dos_end_of_file_mark_is_ignored() {
        let decoded = decode(b"012 Open\r\n\x1a").unwrap();
        assert_eq!(decoded.text, "012 Open\n");
    }
}
