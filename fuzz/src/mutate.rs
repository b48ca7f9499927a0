//! The mutator: turns one input into a nearby one, the way a fuzzer's mutator does, without
//! coverage feedback: byte and character edits, words swapped for a target's own words or for
//! interesting values (huge and negative numbers, non-ASCII whitespace, quotes, invalid UTF-8),
//! lines moved, duplicated or dropped, pieces of another input spliced in, and now and then a
//! very long run.

use crate::rng::Rng;

/// Numbers at the edges of the integer types, the library's own limits (10^15 chips, 10^12
/// deals, 9 decimal places) and the forms a number reader may get wrong.
pub const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "7",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "1000000000000000",
    "1000000000000001",
    "999999999999999999",
    "1000000000000",
    "1000000000001",
    "99999999999999999999999999",
    "0.5",
    "0.50",
    "-0.5",
    "0.000000001",
    "0.0000000001",
    "0.9999999999",
    "1.000000000000000001",
    "1e308",
    "1e-308",
    "1e400",
    "NaN",
    "inf",
    "-inf",
    "+5",
    "1_000",
    "1__0",
    "_1",
    "0x10",
    "1.",
    ".5",
    "1.2.3",
    "007",
    "--1",
    "86400",
    "86401",
    "100",
    "101",
];

/// Texts that readers split on or trip over: every kind of whitespace `char::is_whitespace`
/// accepts (U+2028, U+3000, ...), characters that are not whitespace but look like it, quotes,
/// brackets, multi-byte characters and the replacement character.
pub const TEXTS: &[&str] = &[
    "",
    " ",
    "  ",
    "\t",
    "\r",
    "\n",
    "\r\n",
    "\u{0B}",
    "\u{0C}",
    "\u{85}",
    "\u{A0}",
    "\u{1680}",
    "\u{2000}",
    "\u{2009}",
    "\u{2028}",
    "\u{2029}",
    "\u{202F}",
    "\u{205F}",
    "\u{3000}",
    "\u{FEFF}",
    "\u{200B}",
    "\u{180E}",
    "é",
    "É",
    "ß",
    "\u{1D538}",
    "\u{FFFD}",
    "\u{0301}",
    "\0",
    "#",
    ",",
    ";",
    "'",
    "\"",
    "'''",
    "\"\"\"",
    "\\",
    "\\u0041",
    "\\x",
    "[",
    "]",
    "[[",
    "{",
    "}",
    "=",
    "%",
    ":",
    "+",
    "-",
    ".",
    "..",
    "??",
    "?",
    "/",
];

/// Byte sequences that are not UTF-8: for targets whose API takes bytes.
pub const INVALID_UTF8: &[&[u8]] = &[
    &[0xFF],
    &[0x80],
    &[0xC0, 0x80],
    &[0xC3],
    &[0xE2, 0x80],
    &[0xED, 0xA0, 0x80],
    &[0xF0, 0x9F, 0x98],
    &[0xF4, 0x90, 0x80, 0x80],
    &[0xEF, 0xBB],
];

/// What a target's inputs look like, for the mutator.
pub struct Shape<'a> {
    /// Inputs must stay UTF-8 (the API takes `&str`).
    pub text: bool,
    /// Words of the target's own language (`cbr`, `starting_stacks`, `QQ+`, ...).
    pub words: &'a [&'a str],
    /// The longest input to produce.
    pub max_len: usize,
}

/// Returns a mutation of `input`: one to eight edits, with `others` (the pool) as a source of
/// pieces to splice in.
pub fn mutate(rng: &mut Rng, input: &[u8], others: &[Vec<u8>], shape: &Shape) -> Vec<u8> {
    let mut out = input.to_vec();
    let edits = 1 + rng.below(4) + if rng.one_in(3) { rng.below(5) } else { 0 };
    for _ in 0..edits {
        edit(rng, &mut out, others, shape);
        if out.len() > shape.max_len {
            out.truncate(shape.max_len);
        }
    }
    if shape.text {
        if let Err(e) = std::str::from_utf8(&out) {
            // Keep the valid prefix and repair the rest: U+FFFD is an interesting character too.
            let valid = e.valid_up_to();
            let rest = String::from_utf8_lossy(&out[valid..]).into_owned();
            out.truncate(valid);
            out.extend_from_slice(rest.as_bytes());
            // U+FFFD takes three bytes: cut back to the limit on a character boundary.
            let text = String::from_utf8_lossy(&out).into_owned();
            let mut end = text.len().min(shape.max_len);
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            out.truncate(end);
        }
    }
    out
}

/// One edit of `out`, in place.
fn edit(rng: &mut Rng, out: &mut Vec<u8>, others: &[Vec<u8>], shape: &Shape) {
    let len = out.len();
    match rng.below(20) {
        // Byte-level edits: flip a bit, set a byte, insert one, remove a run.
        0 if len > 0 => {
            let i = rng.below(len);
            out[i] ^= 1 << rng.below(8);
        }
        1 if len > 0 => {
            let i = rng.below(len);
            out[i] = random_byte(rng);
        }
        2 => {
            let i = rng.below(len + 1);
            out.insert(i, random_byte(rng));
        }
        3 | 4 if len > 0 => {
            let i = rng.below(len);
            let most = if rng.one_in(4) { 64 } else { 4 };
            let n = 1 + rng.below((len - i).min(most));
            out.drain(i..i + n);
        }
        // A word of the target's language or an interesting value, inserted or replacing a word.
        5 | 6 => {
            let piece = interesting(rng, shape);
            let i = boundary(rng, out);
            out.splice(i..i, piece);
        }
        7..=9 => {
            let piece = interesting(rng, shape);
            match word_at(rng, out) {
                Some((a, b)) => {
                    out.splice(a..b, piece);
                }
                None => out.extend_from_slice(&piece),
            }
        }
        // A number replaced by an edge value, or nudged by one.
        10 | 11 => {
            if let Some((a, b)) = number_at(rng, out) {
                let piece = if rng.one_in(3) {
                    nudge(&out[a..b])
                } else {
                    rng.pick(NUMBERS).as_bytes().to_vec()
                };
                out.splice(a..b, piece);
            }
        }
        // Whitespace replaced by other whitespace (non-ASCII included).
        12 => {
            let spaces: Vec<usize> = (0..len).filter(|&i| matches!(out[i], b' ' | b'\n')).collect();
            if !spaces.is_empty() {
                let i = *rng.pick(&spaces);
                let ws = *rng.pick(&[
                    "\u{2028}", "\u{3000}", "\u{A0}", "\u{85}", "\u{2009}", "\t", "\r", "\u{0B}",
                    "\u{0C}", "\u{1680}", "\u{FEFF}", "  ", "\r\n",
                ]);
                out.splice(i..i + 1, ws.bytes());
            }
        }
        // Lines: drop, duplicate or swap.
        13 => lines(rng, out),
        // A piece of another input spliced in, or the tail of this one replaced by another's.
        14 | 15 if !others.is_empty() => {
            let other = rng.pick(others);
            if other.is_empty() {
                return;
            }
            let a = rng.below(other.len());
            let b = a + 1 + rng.below((other.len() - a).min(256));
            let i = rng.below(len + 1);
            if rng.one_in(2) {
                out.splice(i..i, other[a..b].iter().copied());
            } else {
                out.truncate(i);
                out.extend_from_slice(&other[a..]);
            }
        }
        // A run of this input repeated: long words, long lines, deep nesting.
        16 if len > 0 && rng.one_in(4) => {
            let a = rng.below(len);
            let b = a + 1 + rng.below((len - a).min(16));
            let times = if rng.one_in(8) { 1 + rng.below(4000) } else { 1 + rng.below(40) };
            let piece: Vec<u8> = out[a..b].repeat(times);
            let room = shape.max_len.saturating_sub(len);
            out.splice(b..b, piece.into_iter().take(room));
        }
        // Letter case flipped.
        17 if len > 0 => {
            let i = rng.below(len);
            if out[i].is_ascii_alphabetic() {
                out[i] ^= 0x20;
            }
        }
        // Truncated.
        18 if len > 0 => out.truncate(rng.below(len)),
        // A copy of a run moved elsewhere.
        _ if len > 1 => {
            let a = rng.below(len);
            let b = a + 1 + rng.below((len - a).min(32));
            let piece = out[a..b].to_vec();
            let i = rng.below(len + 1);
            out.splice(i..i, piece);
        }
        _ => out.push(random_byte(rng)),
    }
}

fn random_byte(rng: &mut Rng) -> u8 {
    if rng.one_in(2) {
        *rng.pick(b" \n\t,'\"[]=#0123456789.-+pdAKQJTcdhs?_%:")
    } else {
        rng.next_u64() as u8
    }
}

/// A word of the target's language, a number or text from the lists above, or (for byte targets)
/// a byte sequence that is not UTF-8.
fn interesting(rng: &mut Rng, shape: &Shape) -> Vec<u8> {
    match rng.below(10) {
        0..=4 if !shape.words.is_empty() => rng.pick(shape.words).as_bytes().to_vec(),
        5 | 6 => rng.pick(NUMBERS).as_bytes().to_vec(),
        7 if !shape.text => rng.pick(INVALID_UTF8).to_vec(),
        _ => rng.pick(TEXTS).as_bytes().to_vec(),
    }
}

/// A position between two words (or anywhere, now and then).
fn boundary(rng: &mut Rng, out: &[u8]) -> usize {
    let spots: Vec<usize> = (0..=out.len())
        .filter(|&i| i == 0 || i == out.len() || !is_word(out[i - 1]) || !is_word(out[i]))
        .collect();
    if spots.is_empty() || rng.one_in(5) {
        rng.below(out.len() + 1)
    } else {
        *rng.pick(&spots)
    }
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'+' | b'-' | b'?' | b'%')
}

/// The bounds of a random word of `out`.
fn word_at(rng: &mut Rng, out: &[u8]) -> Option<(usize, usize)> {
    run_at(rng, out, is_word)
}

/// The bounds of a random number (digits, perhaps a sign, a point, underscores) of `out`.
fn number_at(rng: &mut Rng, out: &[u8]) -> Option<(usize, usize)> {
    let (a, b) = run_at(rng, out, |c| c.is_ascii_digit() || matches!(c, b'.' | b'_' | b'-'))?;
    out[a..b].iter().any(u8::is_ascii_digit).then_some((a, b))
}

fn run_at(rng: &mut Rng, out: &[u8], member: impl Fn(u8) -> bool) -> Option<(usize, usize)> {
    let starts: Vec<usize> =
        (0..out.len()).filter(|&i| member(out[i]) && (i == 0 || !member(out[i - 1]))).collect();
    if starts.is_empty() {
        return None;
    }
    let a = *rng.pick(&starts);
    let b = a + out[a..].iter().take_while(|&&c| member(c)).count();
    Some((a, b))
}

/// A number one above or below (as text), or the number negated.
fn nudge(number: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(number);
    match text.parse::<i128>() {
        Ok(n) if n % 3 == 0 => (-n).to_string().into_bytes(),
        Ok(n) if n % 2 == 0 => n.saturating_add(1).to_string().into_bytes(),
        Ok(n) => n.saturating_sub(1).to_string().into_bytes(),
        Err(_) => format!("-{text}").into_bytes(),
    }
}

/// Drops, duplicates or swaps lines.
fn lines(rng: &mut Rng, out: &mut Vec<u8>) {
    let mut lines: Vec<Vec<u8>> = out.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let n = lines.len();
    match rng.below(3) {
        0 if n > 1 => {
            lines.remove(rng.below(n));
        }
        1 => {
            let l = lines[rng.below(n)].clone();
            lines.insert(rng.below(n + 1), l);
        }
        _ => {
            let (a, b) = (rng.below(n), rng.below(n));
            lines.swap(a, b);
        }
    }
    *out = lines.join(&b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_inputs_stay_utf8_and_within_the_length_limit() {
        let shape = Shape { text: true, words: &["cbr", "\u{3000}"], max_len: 300 };
        let mut rng = Rng::new(3);
        let mut input = b"actions = ['p1 cbr 30', 'p2 f']\n".to_vec();
        for _ in 0..5000 {
            input = mutate(&mut rng, &input, &[b"x = 1\n".to_vec()], &shape);
            assert!(std::str::from_utf8(&input).is_ok());
            assert!(input.len() <= 300);
            if input.is_empty() {
                input = b"p1 cc".to_vec();
            }
        }
    }

    #[test]
    fn byte_inputs_get_invalid_utf8_now_and_then() {
        let shape = Shape { text: false, words: &[], max_len: 1000 };
        let mut rng = Rng::new(5);
        let invalid = (0..2000)
            .filter(|_| {
                std::str::from_utf8(&mutate(&mut rng, b"p1,p2\nAhKh,QsQd\n", &[], &shape)).is_err()
            })
            .count();
        assert!(invalid > 50, "{invalid}");
    }

    #[test]
    fn nudge_moves_a_number_by_one_or_negates_it() {
        assert_eq!(nudge(b"7"), b"6");
        assert_eq!(nudge(b"8"), b"9");
        assert_eq!(nudge(b"9"), b"-9");
        assert_eq!(nudge(b"0.5"), b"-0.5");
    }
}
