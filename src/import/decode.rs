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
    let text = match text {
        Cow::Borrowed(s) => Cow::Borrowed(s.strip_prefix('\u{feff}').unwrap_or(s)),
        Cow::Owned(s) => match s.strip_prefix('\u{feff}') {
            Some(rest) => Cow::Owned(rest.to_string()),
            None => Cow::Owned(s),
        },
    };
    if !text.contains('\r') {
        return (text, encoding);
    }
    (Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n")), encoding)
}

/// Windows-1252 bytes as text: each run of ASCII bytes copied whole (they are UTF-8 as they
/// stand), each byte above 0x7f decoded on its own.
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
        out.push(match b {
            0x80..=0x9f => CP1252_HIGH[usize::from(b - 0x80)],
            _ => char::from(b),
        });
        rest = after;
    }
    out
}

/// How many bytes `bytes` starts with below 0x80, counted eight at a time.
fn ascii_prefix(bytes: &[u8]) -> usize {
    let mut k = 0;
    for chunk in bytes.chunks_exact(8) {
        match <[u8; 8]>::try_from(chunk) {
            Ok(word) if u64::from_le_bytes(word) & 0x8080_8080_8080_8080 == 0 => k += 8,
            _ => break,
        }
    }
    k + bytes[k..].iter().position(|&b| b >= 0x80).unwrap_or(bytes.len() - k)
}

#[cfg(test)]
mod tests {
    use super::decode;

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
