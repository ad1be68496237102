//! Number formatting for display. Arithmetic is never rounded; only text is.

use std::fmt;

/// Two decimals, halves rounded away from zero (as PHP and the World
/// Diplomacy Database do): 0.125 → "0.13". Rust's `{:.2}` would round the
/// exact tie to even ("0.12").
pub fn fixed2(x: f64) -> String {
    Fixed2(x).to_string()
}

/// `Display` for a type with `write_to(&self, out: &mut (impl fmt::Write +
/// ?Sized))`, and the same writer for templates: askama prints a
/// [`askama::FastWritable`] value by calling it, where a `Display` one goes
/// through the formatting machinery (`fmt::write`), which costs more than
/// the digits on pages that print millions of ratings and dates. (The
/// crate using it needs `askama` as a dependency.)
#[macro_export]
macro_rules! fast_display {
    ($($t:ty),* $(,)?) => {$(
        impl ::std::fmt::Display for $t {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                self.write_to(f)
            }
        }

        impl ::askama::FastWritable for $t {
            fn write_into(
                &self,
                dest: &mut dyn ::std::fmt::Write,
                _: &dyn ::askama::Values,
            ) -> ::askama::Result<()> {
                Ok(self.write_to(dest)?)
            }
        }
    )*};
}
pub use crate::fast_display;

/// [`fixed2`] as a value that templates print without a `String` of its own.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fixed2(pub f64);

impl Fixed2 {
    fn write_to(&self, out: &mut (impl fmt::Write + ?Sized)) -> fmt::Result {
        write_decimals(out, self.0, 2)
    }

    /// Append what it prints.
    pub fn push_to(self, out: &mut String) {
        let _ = self.write_to(out);
    }
}

/// Digits, a point and a sign: nothing to escape.
impl askama::filters::HtmlSafe for Fixed2 {}

/// A rating change with its sign: "+5.02", "-3.10", "0.00".
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Signed2(pub f64);

/// A figure as a rating system shows it on pages: `places` decimals,
/// halves away from zero ("1524" for Elo, "24.73" for TrueSkill).
/// Downloads keep full precision ([`Fixed2`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rounded {
    pub value: f64,
    pub places: u8,
}

/// A change as a rating system shows it, with its sign: "+19", "-3.10", "0".
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoundedChange {
    pub value: f64,
    pub places: u8,
}

fast_display!(Fixed2, Signed2, Rounded, RoundedChange);

impl Signed2 {
    fn write_to(&self, f: &mut (impl fmt::Write + ?Sized)) -> fmt::Result {
        write_signed(f, self.0, 2)
    }
}

impl Rounded {
    fn write_to(&self, out: &mut (impl fmt::Write + ?Sized)) -> fmt::Result {
        write_decimals(out, self.value, usize::from(self.places))
    }
}

impl RoundedChange {
    fn write_to(&self, out: &mut (impl fmt::Write + ?Sized)) -> fmt::Result {
        write_signed(out, self.value, usize::from(self.places))
    }
}

/// `x` at `places` decimals, with a plus sign unless it shows as zero or
/// carries its own minus.
fn write_signed(f: &mut (impl fmt::Write + ?Sized), x: f64, places: usize) -> fmt::Result {
    if !shows_as_zero(x, places) && x > 0.0 {
        f.write_str("+")?;
    }
    write_decimals(f, x, places)
}

impl askama::filters::HtmlSafe for Signed2 {}
impl askama::filters::HtmlSafe for Rounded {}
impl askama::filters::HtmlSafe for RoundedChange {}

/// Whether `x` shows as "0.00" (or "-0.00") with two decimals.
pub fn shows_as_zero2(x: f64) -> bool {
    shows_as_zero(x, 2)
}

/// Whether `x` shows as zero ("0", "0.00", never "-0") at `places` decimals.
pub fn shows_as_zero(x: f64, places: usize) -> bool {
    match decimals_fast_parts(x, places) {
        Some((_, n)) => n == 0,
        None => decimals_exact(x, places)
            .bytes()
            .all(|b| matches!(b, b'0' | b'.' | b'-')),
    }
}

/// `decimals` places, halves away from zero.
pub fn decimals(x: f64, places: usize) -> String {
    let mut s = String::with_capacity(16);
    let _ = write_decimals(&mut s, x, places);
    s
}

fn write_decimals(out: &mut (impl fmt::Write + ?Sized), x: f64, places: usize) -> fmt::Result {
    match decimals_fast_parts(x, places) {
        // One `write_str` of digits put together here: the formatting
        // machinery per part costs more than the digits on pages and
        // downloads that print millions of ratings.
        Some((negative, n)) => {
            let mut buf = [0u8; 32];
            let mut at = buf.len();
            if places > 0 {
                // The fraction with its leading zeros: the digits of
                // 10^places + fraction, whose leading 1 becomes the point.
                let scale = POW10[places];
                at = put_digits(&mut buf, at, scale + n % scale);
                buf[at] = b'.';
                at = put_digits(&mut buf, at, n / scale);
            } else {
                at = put_digits(&mut buf, at, n);
            }
            if negative {
                at -= 1;
                buf[at] = b'-';
            }
            out.write_str(std::str::from_utf8(&buf[at..]).expect("ASCII digits"))
        }
        None => out.write_str(&decimals_exact(x, places)),
    }
}

/// Append the decimal digits of `n` (what `{n}` prints, without the
/// formatting machinery: downloads print millions of ranks and counts).
pub fn push_uint(out: &mut String, n: u64) {
    let _ = write_uint(out, n);
}

/// [`push_uint`] into any writer.
pub fn write_uint(out: &mut (impl fmt::Write + ?Sized), n: u64) -> fmt::Result {
    let mut buf = [0u8; 20];
    let at = put_digits(&mut buf, 20, n);
    out.write_str(std::str::from_utf8(&buf[at..]).expect("ASCII digits"))
}

/// Write the decimal digits of `n` so that they end before `buf[end]`;
/// where they start.
fn put_digits(buf: &mut [u8], mut end: usize, mut n: u64) -> usize {
    loop {
        end -= 1;
        buf[end] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return end;
        }
    }
}

const POW10: [u64; 7] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

/// The common case without float formatting: scale, round, print integers.
/// `x * 10^places` is off by at most ~1e-7 below 1e9, so away from a tie
/// (fraction within 1e-6 of .5) the rounding direction is certain; near a
/// tie, or for large values, `None` hands over to the exact path. Returns
/// the sign (never negative zero) and the scaled, rounded magnitude.
pub fn decimals_fast_parts(x: f64, places: usize) -> Option<(bool, u64)> {
    let scale = *POW10.get(places)?;
    let y = x.abs() * scale as f64;
    if y.is_nan() || y >= 1e9 {
        return None;
    }
    let floor = y.floor();
    let frac = y - floor;
    if (frac - 0.5).abs() < 1e-6 {
        return None;
    }
    let n = floor as u64 + u64::from(frac > 0.5);
    Some((x < 0.0 && n > 0, n))
}

fn decimals_exact(x: f64, places: usize) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    // `{:.N}` is exact but rounds an exact decimal tie to even. A binary
    // float is an exact tie at N places only if x * 2^(N+1) is an odd
    // integer (the tie's fraction (2k+1)/(2*10^N) must be dyadic), and that
    // product is exact, so the test is exact too.
    let scaled = x * 2f64.powi(places as i32 + 1);
    if scaled.fract() == 0.0 && scaled.abs() < 9.0e15 && (scaled as i64) % 2 != 0 {
        let longer = format!("{:.*}", places + 1, x); // exact, ends in 5
        return increment_last_digit(longer[..longer.len() - 1].trim_end_matches('.'));
    }
    let s = format!("{:.*}", places, x);
    if s.starts_with('-') && s[1..].bytes().all(|b| b == b'0' || b == b'.') {
        s[1..].to_string()
    } else {
        s
    }
}

/// "12.34" → "12.35", "9.99" → "10.00", "-0.99" → "-1.00" (magnitude up).
fn increment_last_digit(s: &str) -> String {
    let (sign, digits) = if let Some(d) = s.strip_prefix('-') {
        ("-", d)
    } else {
        ("", s)
    };
    let mut bytes: Vec<u8> = digits.bytes().collect();
    let mut i = bytes.len();
    loop {
        if i == 0 {
            bytes.insert(0, b'1');
            break;
        }
        i -= 1;
        match bytes[i] {
            b'.' => continue,
            b'9' => bytes[i] = b'0',
            d => {
                bytes[i] = d + 1;
                break;
            }
        }
    }
    format!("{sign}{}", String::from_utf8(bytes).expect("ascii"))
}

/// A rating change with its sign: "+5.02", "-3.10", "0.00".
pub fn signed2(x: f64) -> String {
    Signed2(x).to_string()
}

/// Text escaped for XML and HTML (content and quoted attribute values),
/// written without a `String` of its own. Characters XML 1.0 does not allow
/// at all (control characters other than tab and line breaks) are dropped.
pub struct Xml<'a>(pub &'a str);

impl fmt::Display for Xml<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(i) = rest.find(|c: char| matches!(c, '&' | '<' | '>' | '"' | '\'') || forbidden_in_xml(c)) {
            f.write_str(&rest[..i])?;
            let c = rest[i..].chars().next().expect("found");
            f.write_str(match c {
                '&' => "&amp;",
                '<' => "&lt;",
                '>' => "&gt;",
                '"' => "&quot;",
                '\'' => "&#39;",
                _ => "",
            })?;
            rest = &rest[i + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

fn forbidden_in_xml(c: char) -> bool {
    ((c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{fffe}' || c == '\u{ffff}'
}

/// One CSV field per RFC 4180: quoted when it holds a comma, quote or line break.
pub fn csv_field(out: &mut String, s: &str) {
    // Bytes, not chars: the four are ASCII, and names are scanned by the
    // million in an archive's downloads.
    if s.bytes().any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r')) {
        out.push('"');
        out.push_str(&s.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_decimals_round_half_away_from_zero() {
        assert_eq!(fixed2(0.125), "0.13");
        assert_eq!(fixed2(0.375), "0.38");
        assert_eq!(fixed2(96.875), "96.88");
        assert_eq!(fixed2(-0.125), "-0.13");
        assert_eq!(fixed2(99.995), "100.00"); // not a tie in binary: 99.99500000000000455...
        assert_eq!(fixed2(99.996), "100.00");
        assert_eq!(fixed2(0.995), "0.99");
        assert_eq!(fixed2(2.5), "2.50");
        assert_eq!(decimals(2.5, 0), "3");
        assert_eq!(decimals(-0.25, 1), "-0.3");
        assert_eq!(fixed2(9.875), "9.88");
        assert_eq!(fixed2(9.625), "9.63");
        assert_eq!(fixed2(9.995), "9.99"); // 9.99499999999999957367...
        assert_eq!(fixed2(14.857142857142858), "14.86");
        assert_eq!(fixed2(60.019_230_769_230_77), "60.02");
        assert_eq!(fixed2(-0.001), "0.00");
        assert_eq!(fixed2(1.0), "1.00");
    }

    #[test]
    fn fast_path_agrees_with_exact_formatting() {
        // A deterministic spread of values: ties, near-ties, negatives, large.
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for i in 0..200_000u64 {
            let r = next();
            let x = match i % 4 {
                0 => (r % 2_000_000) as f64 / 1000.0 - 1000.0,
                1 => (r % 100_000) as f64 / 8.0 - 5000.0,
                2 => f64::from_bits(r) % 1e10,
                _ => (r as f64 / u64::MAX as f64) * 200.0 - 100.0,
            };
            if !x.is_finite() {
                continue;
            }
            for places in [0, 1, 2, 3] {
                assert_eq!(decimals(x, places), decimals_exact(x, places), "{x:e} at {places}");
            }
        }
    }

    #[test]
    fn unsigned_integers_print_as_display_does() {
        for n in [0, 7, 10, 99, 1_000, 65_535, 4_294_967_296, u64::MAX] {
            let mut s = String::from("x");
            push_uint(&mut s, n);
            assert_eq!(s, format!("x{n}"));
        }
    }

    #[test]
    fn signed_changes() {
        assert_eq!(signed2(5.019), "+5.02");
        assert_eq!(signed2(-3.1), "-3.10");
        assert_eq!(signed2(0.0), "0.00");
        assert_eq!(signed2(-0.0001), "0.00");
    }

    #[test]
    fn shown_at_a_systems_places() {
        let at = |value, places| Rounded { value, places }.to_string();
        let change = |value, places| RoundedChange { value, places }.to_string();
        assert_eq!(at(1523.5, 0), "1524");
        assert_eq!(at(1641.61, 0), "1642");
        assert_eq!(at(-0.4, 0), "0");
        assert_eq!(at(24.734, 2), "24.73");
        assert_eq!(at(1500.0, 1), "1500.0");
        assert_eq!(change(18.7, 0), "+19");
        assert_eq!(change(-18.5, 0), "-19");
        assert_eq!(change(0.4, 0), "0");
        assert_eq!(change(-0.4, 0), "0");
        assert_eq!(change(0.1, 2), "+0.10");
        assert!(shows_as_zero(0.49, 0) && !shows_as_zero(0.5, 0));
    }

    #[test]
    fn csv_quoting() {
        let mut s = String::new();
        csv_field(&mut s, "O'Neill, Colin \"CJ\"");
        assert_eq!(s, "\"O'Neill, Colin \"\"CJ\"\"\"");
    }
}
