//! Hand-history text as the sites write it, to Rust text: a UTF-8 byte-order mark dropped,
//! UTF-8 read as such, anything else read as Windows-1252 (where `€` is the byte 0x80), and
//! line ends (CRLF, LF, a lone CR) made `\n`.
//!
//! ```
//! use feltkit::import::decode::decode;
//! assert_eq!(decode(b"\xef\xbb\xbfA\r\nB\r\n"), ("A\nB\n".to_string(), "UTF-8"));
//! assert_eq!(decode(b"\x80 5\n"), ("€ 5\n".to_string(), "Windows-1252"));
//! ```

use std::borrow::Cow;

/// Windows-1252's characters for the bytes 0x80 to 0x9F (the five unassigned bytes are kept as
/// the C1 control characters of the same number, as the WHATWG decoder does).
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// The text of `bytes`, and the encoding it was read in (`UTF-8` or `Windows-1252`).
pub fn decode(bytes: &[u8]) -> (String, &'static str) {
    let (text, encoding) = decode_borrowed(bytes);
    (text.into_owned(), encoding)
}

/// As [`decode`], without copying a text that is already UTF-8 with `\n` line ends (as most
/// are): that text is given back as it is, less its byte-order mark.
pub fn decode_borrowed(bytes: &[u8]) -> (Cow<'_, str>, &'static str) {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let (text, encoding): (Cow<'_, str>, _) = match std::str::from_utf8(bytes) {
        Ok(s) => (Cow::Borrowed(s), "UTF-8"),
        Err(_) => (Cow::Owned(from_windows_1252(bytes)), "Windows-1252"),
    };
    // Windows-1252 has no U+FEFF, and its line ends were made `\n` as it was read.
    let Cow::Borrowed(s) = text else { return (text, encoding) };
    let s = s.strip_prefix('\u{feff}').unwrap_or(s);
    match memchr::memchr(b'\r', s.as_bytes()) {
        None => (Cow::Borrowed(s), encoding),
        Some(at) => (Cow::Owned(unix_line_ends(s, at)), encoding),
    }
}

/// `s` with each CRLF and each lone CR made `\n`, in one pass from its first CR at byte `at`.
fn unix_line_ends(s: &str, at: usize) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let (mut from, mut at) = (0, at);
    loop {
        out.push_str(&s[from..at]);
        out.push('\n');
        from = if b.get(at + 1) == Some(&b'\n') { at + 2 } else { at + 1 };
        match memchr::memchr(b'\r', &b[from..]) {
            Some(k) => at = from + k,
            None => break,
        }
    }
    out.push_str(&s[from..]);
    out
}

/// Windows-1252 bytes as text, line ends made `\n`: each run of ASCII bytes but CR copied
/// whole (they are UTF-8 as they stand), each CR made `\n` (none before a `\n`), each byte
/// above 0x7f decoded on its own.
fn from_windows_1252(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 8);
    let mut rest = bytes;
    while !rest.is_empty() {
        let ascii = ascii_prefix(rest);
        let (run, high) = rest.split_at(ascii);
        match std::str::from_utf8(run) {
            Ok(run) => out.push_str(run),
            Err(_) => out.extend(run.iter().map(|&b| char::from(b))),
        }
        let Some((&b, after)) = high.split_first() else { break };
        match b {
            b'\r' if after.first() == Some(&b'\n') => {}
            b'\r' => out.push('\n'),
            0x80..=0x9f => out.push(CP1252_HIGH[usize::from(b - 0x80)]),
            _ => out.push(char::from(b)),
        }
        rest = after;
    }
    out
}

/// How many bytes `bytes` starts with below 0x80 and other than CR, counted eight at a time
/// (a word holds a CR when one of its bytes is zero once CR is taken away by exclusive or).
fn ascii_prefix(bytes: &[u8]) -> usize {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut k = 0;
    for chunk in bytes.chunks_exact(8) {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else { break };
        let w = u64::from_le_bytes(word);
        let x = w ^ 0x0d0d_0d0d_0d0d_0d0d;
        let cr = !(((x & LOW) + LOW) | x) & !LOW;
        if (w & !LOW) | cr != 0 {
            break;
        }
        k += 8;
    }
    k + bytes[k..].iter().position(|&b| b >= 0x80 || b == b'\r').unwrap_or(bytes.len() - k)
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn every_line_end_is_made_a_new_line_in_one_pass() {
        let texts: [&[u8]; 6] = [
            b"a\r\nb\rc\n\r\r\nd\r",
            b"\r\r\r\n\n\r",
            b"0123456789abcdef\r\n0123456\r0123456789\r\n",
            b"\x80\r\n\x80\r\x80\n12345678\r\r\n",
            "\u{feff}é\r\nü\r".as_bytes(),
            b"\xef\xbb\xbfno line end",
        ];
        for t in texts {
            let (got, _) = decode(t);
            let slow = match std::str::from_utf8(t.strip_prefix(b"\xef\xbb\xbf").unwrap_or(t)) {
                Ok(s) => s.strip_prefix('\u{feff}').unwrap_or(s).to_string(),
                // Each byte on its own (a CR kept, to be replaced below).
                Err(_) => t
                    .iter()
                    .map(|&b| {
                        if b == b'\r' {
                            '\r'
                        } else {
                            decode(&[b, 0xff]).0.chars().next().unwrap()
                        }
                    })
                    .collect(),
            };
            assert_eq!(got, slow.replace("\r\n", "\n").replace('\r', "\n"), "{t:?}");
        }
    }

    #[test]
    fn windows_1252_euro_and_latin_letters_are_read_as_written() {
        assert_eq!(decode(b"\x80\xe9\r\n").0, "€é\n");
        assert_eq!(decode("€é\n".as_bytes()).0, "€é\n");
        assert_eq!(decode(b"a\rb").0, "a\nb");
    }

    #[test]
    fn every_windows_1252_byte_is_the_character_it_stands_for() {
        // Each byte alone, then among ASCII runs: the same character either way.
        let all: Vec<u8> = (0u8..=255).collect();
        let one_by_one: String = all
            .iter()
            .map(|&b| {
                let (text, _) = decode(&[b, 0xff]);
                text.chars().next().unwrap()
            })
            .collect();
        let (whole, encoding) = decode(&all);
        assert_eq!(encoding, "Windows-1252");
        // Carriage returns become line ends: compare without them.
        let expected: String = one_by_one.chars().filter(|&c| c != '\r').collect();
        assert_eq!(whole.replace('\n', ""), expected.replace('\n', ""));
        assert_eq!(decode(b"Ren\xe9e \x80 5 \x96 ok").0, "Renée € 5 – ok");
    }
}
