//! Small readers shared by the importers: lines with their numbers, amounts as the sites
//! write them, roman numerals.
//!
//! ```
//! use feltkit::import::lines::{amount, roman};
//! assert_eq!(amount("$1.50").unwrap().to_string(), "1.50");
//! assert_eq!(amount("€0.05").unwrap().to_string(), "0.05");
//! assert_eq!(amount("1,500").unwrap().to_string(), "1500");
//! assert_eq!(amount("$.25").unwrap().to_string(), "0.25");
//! assert_eq!(roman("XIV"), Some(14));
//! ```

use crate::phh::Amount;

/// One line of a text, trimmed, with its number in the file (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'t> {
    /// The line's number in the file.
    pub number: usize,
    /// Its text, without surrounding spaces.
    pub text: &'t str,
}

/// An amount as the site writes it: a currency sign before it (`$`, `€`, `£`, `₹`, ...), a
/// currency code after it, thousands separated by commas; kept exact. `None` for anything
/// else.
pub fn amount(text: &str) -> Option<Amount> {
    let t = trim(text);
    // The first word (a search for a byte, where `split(' ')` builds a searcher).
    let t = t.as_bytes().iter().position(|&b| b == b' ').map_or(t, |k| &t[..k]);
    // Bytes of other characters are never ASCII digits nor `-`: the trims below, byte by
    // byte, cut where trimming character by character would.
    let bytes = t.as_bytes();
    let mut start =
        bytes.iter().position(|&b| b.is_ascii_digit() || b == b'-').unwrap_or(bytes.len());
    let end = bytes.iter().rposition(u8::is_ascii_digit).map_or(start, |k| (k + 1).max(start));
    // `$.25`, `.5`: a point before the first digit, alone or after a currency sign, starts
    // the amount (the site writes cents so at micro stakes).
    let leading_point = start > 0
        && bytes[start - 1] == b'.'
        && (start == 1 || !matches!(bytes[start - 2], b'.' | b',' | b'0'..=b'9'));
    if leading_point {
        start -= 1;
    } else if start > 0 && bytes[start - 1] == b'.' {
        // `..5`: no amount.
        return None;
    }
    let t = t.get(start..end)?;
    if t.is_empty() || t.starts_with('-') {
        return None;
    }
    if leading_point {
        let plain: String = std::iter::once('0').chain(t.chars().filter(|&c| c != ',')).collect();
        if !t[1..].bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        return Amount::parse(&plain);
    }
    // Digits, commas and a point, read in one pass.
    Amount::parse_grouped(t.as_bytes())
}

/// The currency code of a sign the sites that write no code put before amounts: `$` USD, `£`
/// GBP, any other (`€`) EUR.
pub(super) fn currency_of(symbol: char) -> String {
    match symbol {
        '$' => "USD",
        '£' => "GBP",
        _ => "EUR",
    }
    .to_string()
}

/// `text` without surrounding white space, as [`str::trim`] gives it; quicker on the lines of
/// a hand history, which mostly start and end with a printable ASCII character and are then
/// returned as they are.
pub fn trim(text: &str) -> &str {
    let b = text.as_bytes();
    // A byte from `!` to `~` is a whole character and no white space.
    let plain = |c: u8| (b'!'..=b'~').contains(&c);
    match (b.first(), b.last()) {
        (Some(&first), Some(&last)) if plain(first) && plain(last) => text,
        _ => text.trim(),
    }
}

/// Where `needle` first occurs in `hay`: a plain search, quicker than the standard library's
/// on the short lines of a hand history, where building its searcher costs more than the
/// search.
pub fn find(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    if n.is_empty() {
        return Some(0);
    }
    let last = h.len().checked_sub(n.len())?;
    // The places of one byte of the needle (found a vector at a time), then the whole needle
    // compared byte by byte there (the needles are a few bytes: a call to compare memory costs
    // more). The byte is the needle's first that is not a space: spaces are everywhere in a
    // line, so a needle such as ` : ` is looked for by its colon.
    let j = n.iter().position(|&b| b != b' ').unwrap_or(0);
    let mut from = j;
    while let Some(p) = memchr::memchr(n[j], &h[from..=last + j]) {
        let k = from + p - j;
        if h[k..k + n.len()].iter().zip(n).all(|(a, b)| a == b) {
            return Some(k);
        }
        from = k + j + 1;
    }
    None
}

/// Where `needle` last occurs in `hay` (as [`find`], from the end).
pub fn rfind(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let Some((&first, rest)) = n.split_first() else {
        return Some(h.len());
    };
    let last = h.len().checked_sub(n.len())?;
    (0..=last).rev().find(|&k| h[k] == first && h[k + 1..k + n.len()] == *rest)
}

/// Whether `needle` occurs in `hay` (see [`find`]).
pub fn has(hay: &str, needle: &str) -> bool {
    find(hay, needle).is_some()
}

/// `hay` around the first `needle` in it (see [`find`]).
pub fn split_once<'t>(hay: &'t str, needle: &str) -> Option<(&'t str, &'t str)> {
    find(hay, needle).map(|k| (&hay[..k], &hay[k + needle.len()..]))
}

/// A roman numeral from 1 to 3999 (`Level XIV`).
pub fn roman(text: &str) -> Option<u32> {
    if text.is_empty() {
        return None;
    }
    let value = |c: char| match c {
        'I' => Some(1),
        'V' => Some(5),
        'X' => Some(10),
        'L' => Some(50),
        'C' => Some(100),
        'D' => Some(500),
        'M' => Some(1000),
        _ => None,
    };
    let digits: Vec<u32> = text.chars().map(value).collect::<Option<_>>()?;
    let mut total = 0;
    for (k, &d) in digits.iter().enumerate() {
        if digits.get(k + 1).is_some_and(|&next| next > d) {
            total -= d as i64;
        } else {
            total += d as i64;
        }
    }
    u32::try_from(total).ok().filter(|&t| (1..4000).contains(&t))
}

/// The seat whose player's name begins `t`, followed by a space: the longest such name, and
/// what follows the space.
pub(super) fn who<'t>(seats: &[(u32, &str)], t: &'t str) -> Option<(usize, &'t str)> {
    longest(seats, t, " ", 0)
}

/// The seat whose player's name begins `t`, followed by `sep` (`": "`, `" - "`): the longest
/// such name, and what follows `sep` (something must).
pub(super) fn who_then<'t>(
    seats: &[(u32, &str)],
    t: &'t str,
    sep: &str,
) -> Option<(usize, &'t str)> {
    longest(seats, t, sep, 1)
}

/// The seat whose player's name begins `t` followed by `sep` and at least `after` bytes more:
/// the longest such name (the last of those as long), and what follows `sep`. A loop over the
/// seats, each set aside by its first byte before its name is compared.
fn longest<'t>(
    seats: &[(u32, &str)],
    t: &'t str,
    sep: &str,
    after: usize,
) -> Option<(usize, &'t str)> {
    let (b, sep) = (t.as_bytes(), sep.as_bytes());
    let mut best: Option<(usize, usize)> = None;
    for (i, (_, name)) in seats.iter().enumerate() {
        let n = name.as_bytes();
        if n.first().is_some_and(|c| b.first() != Some(c)) {
            continue;
        }
        if b.len() >= n.len() + sep.len() + after
            && b.starts_with(n)
            && b[n.len()..].starts_with(sep)
            && best.is_none_or(|(_, most)| n.len() >= most)
        {
            best = Some((i, n.len()));
        }
    }
    // `t` begins with the name and the separator: where they end is a character's start.
    best.map(|(i, n)| (i, &t[n + sep.len()..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_name_then_the_separator_is_found_as_by_a_search_of_every_seat() {
        let by_search = |seats: &[(u32, &str)], t: &str, sep: &str| {
            seats
                .iter()
                .enumerate()
                .filter(|(_, (_, name))| {
                    t.len() > name.len() + sep.len()
                        && t.starts_with(name)
                        && t[name.len()..].starts_with(sep)
                })
                .max_by_key(|(_, (_, name))| name.len())
                .map(|(i, (_, name))| (i, t[name.len() + sep.len()..].to_string()))
        };
        let seats = [(1, "a"), (2, "a: b"), (3, ""), (4, "a"), (5, "é"), (6, "éa"), (7, "b - c")];
        for t in [
            "a: b: folds",
            "a: folds",
            ": folds",
            "a: ",
            "a:",
            "",
            "é: x",
            "éa: x",
            "b - c - d",
            "b - c: x",
            "a - x",
            "x: y",
            "a: b",
            "a ",
            "a b",
            "a:  ",
            "é ",
            "éa b",
            " ",
            "b - c ",
        ] {
            for sep in [": ", " - ", " Collects ", ""] {
                let found = who_then(&seats, t, sep).map(|(i, r)| (i, r.to_string()));
                assert_eq!(found, by_search(&seats, t, sep), "{t:?} {sep:?}");
                let spaced = who(&seats, t).map(|(i, r)| (i, r.to_string()));
                let by_space = seats
                    .iter()
                    .enumerate()
                    .filter(|(_, (_, name))| {
                        t.len() > name.len()
                            && t.starts_with(name)
                            && t.as_bytes()[name.len()] == b' '
                    })
                    .max_by_key(|(_, (_, name))| name.len())
                    .map(|(i, (_, name))| (i, t[name.len() + 1..].to_string()));
                assert_eq!(spaced, by_space, "{t:?}");
                let some = &seats[..3];
                let found = who_then(some, t, sep).map(|(i, r)| (i, r.to_string()));
                assert_eq!(found, by_search(some, t, sep), "{t:?} {sep:?}");
            }
        }
    }

    #[test]
    fn amounts_keep_their_decimals_and_refuse_words() {
        assert_eq!(amount("$0.10"), Amount::parse("0.10"));
        assert_eq!(amount("(€7.18"), Amount::parse("7.18"));
        assert_eq!(amount("10 USD"), Amount::parse("10"));
        assert_eq!(amount("pot"), None);
    }

    #[test]
    fn amounts_written_with_a_leading_point_are_read_as_fractions() {
        // PokerStars writes micro stakes `$.25`: a quarter, not 25.
        let exact = |t: &str| amount(t).map(|a| (a.units, a.places));
        assert_eq!(exact("$.25"), Some((25, 2)));
        assert_eq!(exact(".5"), Some((5, 1)));
        assert_eq!(exact("$.05"), Some((5, 2)));
        assert_eq!(exact("($.05)"), Some((5, 2)));
        assert_eq!(exact("€.10 EUR"), Some((10, 2)));
        assert_eq!(exact("0.25"), Some((25, 2)));
        assert_eq!(exact("$1,234.50"), Some((123450, 2)));
        assert_eq!(exact("$25"), Some((25, 0)));
        assert_eq!(exact("$..5"), None);
        assert_eq!(exact(".5.5"), None);
        assert_eq!(roman("XIX"), Some(19));
        assert_eq!(roman("Q"), None);
    }

    #[test]
    fn the_quick_trim_trims_as_the_standard_trim() {
        for t in [
            "",
            " ",
            "a",
            " a b ",
            "\u{a0}a\u{a0}",
            "a\u{3000}",
            "\u{b}x\u{b}",
            "\u{7f}",
            "é",
            "x\t",
            "\u{85}y",
        ] {
            assert_eq!(trim(t), t.trim(), "{t:?}");
        }
    }

    #[test]
    fn plain_search_finds_what_the_standard_search_finds() {
        for (hay, needle) in [
            ("Hand was cancelled", "cancelled"),
            ("ab", "abc"),
            ("", ""),
            ("x", ""),
            ("aab", "ab"),
            ("abab", "ab"),
            ("é: a: b", ": "),
        ] {
            assert_eq!(has(hay, needle), hay.contains(needle), "{hay} {needle}");
            assert_eq!(find(hay, needle), hay.find(needle), "{hay} {needle}");
            assert_eq!(rfind(hay, needle), hay.rfind(needle), "{hay} {needle}");
        }
        assert!(!has("cashed ou", "cashed out"));
    }

    /// The amount as read character by character (the reading before the one by bytes).
    fn amount_by_chars(text: &str) -> Option<Amount> {
        let t = text.trim().split(' ').next()?;
        let lead = t.trim_start_matches(|c: char| !c.is_ascii_digit() && c != '-');
        let t = lead.trim_end_matches(|c: char| !c.is_ascii_digit());
        if t.is_empty() || t.starts_with('-') {
            return None;
        }
        // A point just before the first digit: a decimal point after a sign or nothing (`$.25`
        // is 0.25), else no amount.
        let word = text.trim().split(' ').next()?;
        let k = word.len() - lead.len();
        if word[..k].ends_with('.') {
            let sign = &word[..k - 1];
            let ok = !sign.ends_with(|c: char| c.is_ascii_digit() || c == '.' || c == ',');
            return (ok && t.chars().all(|c| c.is_ascii_digit()))
                .then(|| Amount::parse(&format!("0.{t}")))?;
        }
        let plain: String = t.chars().filter(|&c| c != ',').collect();
        if !plain.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return None;
        }
        Amount::parse(&plain)
    }

    #[test]
    fn an_amount_reads_the_same_by_bytes_as_by_characters() {
        let texts = [
            "$0.25",
            "€1,500.50 EUR",
            "($0.25)",
            "-5",
            "$-5",
            "abc",
            "",
            " ",
            "1.",
            ".5",
            "5x",
            "₹1,00,000",
            "£3.5£",
            "$1.2.3",
            "€€7",
            "12 chips",
            "x-1",
            "0",
            "$",
            "é9é",
            "9,",
            "$.25",
            "$.05",
            "..5",
            ".5.5",
            "€.10",
            "1,.5",
        ];
        for t in texts {
            assert_eq!(amount(t), amount_by_chars(t), "{t:?}");
        }
        // And every short text of the bytes that matter, at random.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        let alphabet = ["0", "1", "5", "9", ".", ",", "-", "+", "_", "$", "€", " ", "x"];
        for _ in 0..200_000 {
            let n = rng.random_range(0..9);
            let t: String = (0..n).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
            assert_eq!(amount(&t), amount_by_chars(&t), "{t:?}");
        }
        assert_eq!(amount("$99,999,999,999,999,999,999"), None, "too large");
    }
}
