//! Number formatting for display. Arithmetic is never rounded; only text is.

/// Two decimals, halves rounded away from zero (as PHP and the World
/// Diplomacy Database do): 0.125 → "0.13". Rust's `{:.2}` would round the
/// exact tie to even ("0.12").
pub fn fixed2(x: f64) -> String {
    decimals(x, 2)
}

/// `decimals` places, halves away from zero.
pub fn decimals(x: f64, places: usize) -> String {
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
    let s = fixed2(x);
    if s.starts_with('-') || s.bytes().all(|b| b == b'0' || b == b'.') {
        s
    } else {
        format!("+{s}")
    }
}

/// One CSV field per RFC 4180: quoted when it holds a comma, quote or line break.
pub fn csv_field(out: &mut String, s: &str) {
    if s.contains([',', '"', '\n', '\r']) {
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
    fn signed_changes() {
        assert_eq!(signed2(5.019), "+5.02");
        assert_eq!(signed2(-3.1), "-3.10");
        assert_eq!(signed2(0.0), "0.00");
        assert_eq!(signed2(-0.0001), "0.00");
    }

    #[test]
    fn csv_quoting() {
        let mut s = String::new();
        csv_field(&mut s, "O'Neill, Colin \"CJ\"");
        assert_eq!(s, "\"O'Neill, Colin \"\"CJ\"\"\"");
    }
}
