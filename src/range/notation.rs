//! The range parser: splits the text into tokens and turns each into combos.
//!
//! Each token is read character by character, so an error can name the character and its
//! column (counting the whole range text from 1), and say what was expected there.

use super::{order, Combo, HandClass, Range, RangeError, RangeErrorKind, WEIGHT_UNIT};
use crate::card::{parse_cards, CardErrorKind, Deck, Rank, Suit};

/// The longest range text read, in characters: far more than any range needs (every one of
/// the 1,326 combos written out with a weight takes about 15,000), few enough that reading it
/// takes little memory. A CSV cell of `felt batch` has the same limit.
pub const MAX_RANGE_TEXT: usize = 65_536;

/// The longest token (the text between two commas, without the spaces around it) read, in
/// characters: a hand, class, span, weight or percentage takes a few.
pub const MAX_TOKEN: usize = 256;

/// How many characters of a too-long token an error quotes.
const QUOTED: usize = 24;

/// Refuses a range text longer than [`MAX_RANGE_TEXT`] or with a token longer than
/// [`MAX_TOKEN`], before anything is allocated for it; the error quotes the token cut short
/// and gives its column.
pub(crate) fn check_length(text: &str) -> Result<(), RangeError> {
    let too_long = |position, column, token: &str, what, length, limit| RangeError {
        position,
        column,
        token: crate::text::excerpt(token.trim_start(), QUOTED),
        kind: RangeErrorKind::TooLong { what, length, limit },
    };
    // Bytes first: a text within the limit in bytes is within it in characters.
    if text.len() > MAX_RANGE_TEXT {
        let length = text.chars().count();
        if length > MAX_RANGE_TEXT {
            return Err(too_long(1, 1, text, "a range text", length, MAX_RANGE_TEXT));
        }
    }
    let mut column = 1;
    for (index, raw) in text.split(',').enumerate() {
        let length = raw.chars().count();
        if length > MAX_TOKEN {
            let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
            let token = raw.trim();
            if token.chars().count() > MAX_TOKEN {
                let n = token.chars().count();
                return Err(too_long(index + 1, column + lead, token, "a token", n, MAX_TOKEN));
            }
        }
        column += length + 1;
    }
    Ok(())
}

/// Parses range text into a weighted range.
pub(super) fn parse(text: &str) -> Result<Range, RangeError> {
    check_length(text)?;
    let mut range = Range::empty();
    let mut column = 1;
    let mut any = false;
    // The last token that left hands out (weight 0, or a percentage too small to take any):
    // where to point if no combo ends up with a weight above zero.
    let mut emptied = None;
    let pieces: Vec<&str> = text.split(',').collect();
    for (index, raw) in pieces.iter().enumerate() {
        let position = index + 1;
        let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
        let token = raw.trim();
        let at = column + lead;
        let err = |kind| RangeError { position, column: at, token: token.to_string(), kind };
        column += raw.chars().count() + 1;
        if token.is_empty() {
            // A trailing comma (`QQ+,AKs,`, as some tools copy ranges) ends the list.
            if text.trim().is_empty() || (any && index + 1 == pieces.len()) {
                break;
            }
            return Err(err(RangeErrorKind::EmptyToken));
        }
        any = true;
        let chars: Vec<At> = token.chars().enumerate().map(|(i, c)| At(at + i, c)).collect();
        let (combos, weight) = token_combos(&chars).map_err(err)?;
        if weight == 0 || combos.is_empty() {
            emptied = Some(err(RangeErrorKind::NoWeight));
        }
        for combo in combos {
            range.set(combo, weight);
        }
    }
    if let (true, Some(e)) = (range.is_empty(), emptied) {
        return Err(e);
    }
    if !any {
        return Err(RangeError {
            position: 1,
            column: 1,
            token: String::new(),
            kind: RangeErrorKind::Empty,
        });
    }
    Ok(range)
}

/// A character of the range text and its column (counting from 1).
#[derive(Clone, Copy, Debug)]
struct At(usize, char);

fn text_of(chars: &[At]) -> String {
    chars.iter().map(|c| c.1).collect()
}

fn trim(mut chars: &[At]) -> &[At] {
    while let [At(_, c), rest @ ..] = chars {
        if !c.is_whitespace() {
            break;
        }
        chars = rest;
    }
    while let [rest @ .., At(_, c)] = chars {
        if !c.is_whitespace() {
            break;
        }
        chars = rest;
    }
    chars
}

fn misplaced(column: usize, message: String) -> RangeErrorKind {
    RangeErrorKind::Misplaced { column, message }
}

/// One token (already trimmed, not empty): its combos and weight in thousandths.
fn token_combos(chars: &[At]) -> Result<(Vec<Combo>, u16), RangeErrorKind> {
    let mut colons = chars.iter().enumerate().filter(|(_, c)| c.1 == ':');
    let Some((k, colon)) = colons.next() else {
        return Ok((body_combos(chars)?, WEIGHT_UNIT));
    };
    if let Some((_, again)) = colons.next() {
        return Err(misplaced(
            again.0,
            format!("a second ':' at column {}: a token has one weight, as in AKs:0.5", again.0),
        ));
    }
    let weight = parse_weight(text_of(&chars[k + 1..]).trim())?;
    let body = trim(&chars[..k]);
    if body.is_empty() {
        return Err(misplaced(
            colon.0,
            format!(
                "nothing before the ':' at column {}: expected a hand and its weight, as in \
                 AKs:0.5",
                colon.0
            ),
        ));
    }
    Ok((body_combos(body)?, weight))
}

fn parse_weight(w: &str) -> Result<u16, RangeErrorKind> {
    match w.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok((x * WEIGHT_UNIT as f64).round() as u16),
        _ => Err(RangeErrorKind::BadWeight(w.to_string())),
    }
}

/// What is wrong with a weight's text (one that [`parse_weight`] refused).
pub(super) fn weight_message(w: &str) -> String {
    const EXPECTED: &str = "expected a weight from 0 to 1, such as 0.5";
    if w.is_empty() {
        return "nothing after the ':': expected a weight from 0 to 1, as in AKs:0.5".to_string();
    }
    if let Some(p) = w.strip_suffix('%') {
        let hint = match p.trim().parse::<f64>() {
            Ok(x) if (0.0..=100.0).contains(&x) => format!(": write {} for {w}", x / 100.0),
            _ => String::new(),
        };
        return format!("weight {w:?} is a percentage: weights are fractions from 0 to 1{hint}");
    }
    match w.parse::<f64>() {
        Ok(x) if x > 1.0 => {
            format!(
                "weight {w} is above 1: weights are fractions from 0 to 1, such as 0.5 for half"
            )
        }
        Ok(x) if x < 0.0 => format!("weight {w} is below 0: {EXPECTED}"),
        _ => format!("weight {w:?} is not a number: {EXPECTED}"),
    }
}

/// What is wrong with a percentage's text (the part before `%`).
pub(super) fn percent_message(p: &str) -> String {
    const EXPECTED: &str = "expected a percentage from 0 to 100, such as 15%";
    if p.is_empty() {
        return format!("no number before the '%': {EXPECTED}");
    }
    match p.parse::<f64>() {
        Ok(x) if x > 100.0 => format!("{p}% is above 100%: {EXPECTED}"),
        Ok(x) if x < 0.0 => format!("{p}% is below 0%: {EXPECTED}"),
        _ => format!("{p:?} is not a number: {EXPECTED}"),
    }
}

/// The combos of one token body (trimmed, without its weight).
fn body_combos(body: &[At]) -> Result<Vec<Combo>, RangeErrorKind> {
    // A percentage is a number, not ranks: read it before `10` is taken for a ten.
    if let Some(i) = body.iter().position(|c| c.1 == '%') {
        if i + 1 != body.len() {
            let col = body[i].0;
            return Err(misplaced(
                col,
                format!("the '%' at column {col} must end the hand: write 15% (or 15%:0.5)"),
            ));
        }
        let p = text_of(&body[..i]);
        let p = p.trim();
        return match p.parse::<f64>() {
            Ok(x) if (0.0..=100.0).contains(&x) => Ok(order::top_percent(x)),
            _ => Err(RangeErrorKind::BadPercent(p.to_string())),
        };
    }
    let text = text_of(body);
    if matches!(text.to_ascii_lowercase().as_str(), "random" | "xx" | "any" | "xxxx") {
        return Ok(Combo::all().collect());
    }
    if looks_like_cards(body) {
        return exact(body);
    }
    // Spaces may stand beside a dash (`AKs - AQs`); anywhere else they split two hands.
    let solid: Vec<At> = body.iter().copied().filter(|c| !c.1.is_whitespace()).collect();
    for (i, c) in body.iter().enumerate() {
        let dash = |c: Option<&At>| c.is_some_and(|c| c.1 == '-');
        let solid_char = |c: &&At| !c.1.is_whitespace();
        if c.1.is_whitespace()
            && !dash(body[..i].iter().rev().find(solid_char))
            && !dash(body[i..].iter().find(solid_char))
        {
            let commas = text.split_whitespace().collect::<Vec<_>>().join(",");
            let hint = match Range::parse(&commas) {
                Ok(_) => format!(": write {commas}"),
                Err(_) => ", as in QQ+,AKs (only exact cards may be spaced: Ah Kh)".to_string(),
            };
            return Err(misplaced(
                c.0,
                format!(
                    "a space at column {} inside a token: separate hands with commas{hint}",
                    c.0
                ),
            ));
        }
    }
    class_expr(&solid)
}

/// Whether a body is exact cards: a rank followed by a suit (`Ah`, `10h`, `A♠`).
fn looks_like_cards(body: &[At]) -> bool {
    match rank_at(body, 0) {
        Some((_, i)) => body.get(i).is_some_and(|c| Suit::from_char(c.1).is_some()),
        None => false,
    }
}

/// Exact cards: exactly two, distinct.
fn exact(body: &[At]) -> Result<Vec<Combo>, RangeErrorKind> {
    if let Some(c) = body.iter().find(|c| matches!(c.1, '+' | '-')) {
        return Err(misplaced(
            c.0,
            format!(
                "'{}' at column {} after exact cards: + and - extend hand classes (AKs+, \
                 TT-77), not exact cards",
                c.1, c.0
            ),
        ));
    }
    let start = body[0].0;
    let cards = parse_cards(&text_of(body), Deck::Standard).map_err(|mut e| {
        if let CardErrorKind::Duplicate(c) = e.kind {
            return RangeErrorKind::Impossible(format!(
                "{c} appears twice: a hand is two different cards"
            ));
        }
        e.column += start - 1;
        RangeErrorKind::Card(Box::new(e))
    })?;
    match cards.as_slice() {
        [a, b] => Ok(Combo::new(*a, *b).into_iter().collect()),
        _ => Err(RangeErrorKind::CardCount(cards.len())),
    }
}

/// The rank starting at `chars[i]` (`10` is a ten) and the index after it.
fn rank_at(chars: &[At], i: usize) -> Option<(u8, usize)> {
    let c = chars.get(i)?.1;
    if c == '1' && chars.get(i + 1).is_some_and(|c| c.1 == '0') {
        return Some((Rank::TEN.index(), i + 2));
    }
    Some((Rank::from_char(c)?.index(), i + 1))
}

/// What a class token says about suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Pair,
    Suited,
    Offsuit,
    Both,
}

/// A class token such as `AKs`, `QQ` or `KT`.
#[derive(Clone, Copy, Debug)]
struct Class {
    high: u8,
    low: u8,
    kind: Kind,
}

impl Class {
    fn combos(self) -> Vec<Combo> {
        let rank = |i| Rank::new(i).unwrap_or(Rank::TWO);
        let (high, low) = (rank(self.high), rank(self.low));
        match self.kind {
            Kind::Pair => HandClass { high, low, suited: false }.combos(),
            Kind::Suited => HandClass { high, low, suited: true }.combos(),
            Kind::Offsuit => HandClass { high, low, suited: false }.combos(),
            Kind::Both => {
                let mut v = HandClass { high, low, suited: true }.combos();
                v.extend(HandClass { high, low, suited: false }.combos());
                v
            }
        }
    }

    fn with(self, high: u8, low: u8) -> Class {
        Class { high, low, ..self }
    }

    /// The class as written: `AKs`, `AK`, `QQ`.
    fn name(self) -> String {
        let rank = |i| Rank::new(i).map_or('?', Rank::to_char);
        let mark = match self.kind {
            Kind::Suited => "s",
            Kind::Offsuit => "o",
            _ => "",
        };
        format!("{}{}{mark}", rank(self.high), rank(self.low))
    }
}

fn bad_rank(c: At) -> RangeErrorKind {
    RangeErrorKind::BadRank { found: c.1, column: c.0 }
}

/// Reads a class (`AKs`, `AKo`, `AK`, `QQ`, ranks in either order) at the start of `chars`;
/// returns it and the characters after it.
fn class(chars: &[At]) -> Result<(Class, &[At]), RangeErrorKind> {
    let Some(&first) = chars.first() else {
        return Err(RangeErrorKind::Unknown);
    };
    if matches!(first.1, '+' | '-') {
        return Err(misplaced(
            first.0,
            format!(
                "'{}' at column {} where a hand was expected, as in QQ+ or TT-77",
                first.1, first.0
            ),
        ));
    }
    let (a, i) = rank_at(chars, 0).ok_or_else(|| {
        // A word that is no form at all (`randm`) gets the list of forms.
        if chars.len() > 3 && chars.iter().all(|c| c.1.is_alphabetic()) {
            RangeErrorKind::Unknown
        } else {
            bad_rank(first)
        }
    })?;
    let (b, j) = match chars.get(i) {
        None => {
            let r = Rank::new(a).map_or('?', Rank::to_char);
            let other = if r == 'A' { "AK".to_string() } else { format!("A{r}") };
            return Err(misplaced(
                first.0,
                format!("only one rank: a hand class names two ranks, as in {r}{r} or {other}"),
            ));
        }
        Some(&c) if matches!(c.1, '+' | '-') => {
            return Err(misplaced(
                c.0,
                format!(
                    "'{}' at column {} where a second rank was expected: a class names two \
                     ranks (AK, AKs, QQ), and a dash joins two classes (AK-AT, TT-77)",
                    c.1, c.0
                ),
            ))
        }
        Some(&c) => rank_at(chars, i).ok_or(bad_rank(c))?,
    };
    let (high, low) = (a.max(b), a.min(b));
    let mut class = Class { high, low, kind: if a == b { Kind::Pair } else { Kind::Both } };
    let mut k = j;
    if let Some(&c) = chars.get(k) {
        let lower = c.1.to_ascii_lowercase();
        if matches!(lower, 's' | 'o') {
            if class.kind == Kind::Pair {
                return Err(RangeErrorKind::Impossible(format!(
                    "a pair cannot be suited or offsuit: write {}",
                    class.name()
                )));
            }
            class.kind = if lower == 's' { Kind::Suited } else { Kind::Offsuit };
            k += 1;
        } else if rank_at(chars, k).is_some() {
            return Err(misplaced(
                c.0,
                format!(
                    "a third rank '{}' at column {}: a hand class names two ranks, as in AA, AK \
                     or AKs",
                    c.1, c.0
                ),
            ));
        } else if !matches!(c.1, '+' | '-') {
            return Err(RangeErrorKind::BadSuitedness { found: c.1, column: c.0 });
        }
    }
    if let (Some(&c), Kind::Suited | Kind::Offsuit) = (chars.get(k), class.kind) {
        let lower = c.1.to_ascii_lowercase();
        if matches!(lower, 's' | 'o') {
            let message = if (lower == 's') == (class.kind == Kind::Suited) {
                format!(
                    "'{}' at column {} repeats the suitedness: write {}",
                    c.1,
                    c.0,
                    class.name()
                )
            } else {
                format!(
                    "'{}' at column {}: {} is already {}; a class is suited (s) or offsuit (o), \
                     and leaving both out means both, as in {}",
                    c.1,
                    c.0,
                    class.name(),
                    if class.kind == Kind::Suited { "suited" } else { "offsuit" },
                    Class { kind: Kind::Both, ..class }.name()
                )
            };
            return Err(misplaced(c.0, message));
        }
    }
    Ok((class, &chars[k..]))
}

/// A class, `class+`, `class-` or `class-class`.
fn class_expr(chars: &[At]) -> Result<Vec<Combo>, RangeErrorKind> {
    let (c, rest) = class(chars)?;
    let span_of = |classes: Vec<Class>| classes.into_iter().flat_map(Class::combos).collect();
    match rest {
        [] => Ok(c.combos()),
        [At(_, '+'), after @ ..] => {
            nothing_after(c, '+', after)?;
            Ok(span_of(if c.kind == Kind::Pair {
                (c.high..=12).map(|r| c.with(r, r)).collect()
            } else {
                (c.low..c.high).map(|l| c.with(c.high, l)).collect()
            }))
        }
        [At(_, '-')] => Ok(span_of(if c.kind == Kind::Pair {
            (0..=c.high).map(|r| c.with(r, r)).collect()
        } else {
            (0..=c.low).map(|l| c.with(c.high, l)).collect()
        })),
        [At(_, '-'), At(col, '+'), ..] => Err(misplaced(
            *col,
            format!("'+' at column {col} after '-': a token takes + or -, not both"),
        )),
        [At(_, '-'), second @ ..] => {
            let (d, after) = class(second)?;
            match after {
                [] => span(c, d),
                [At(col, '-'), third @ ..] => {
                    // Suggest the outer ends: `KK-QQ-JJ` means KK-JJ.
                    let end = match class(third) {
                        Ok((e, [])) => e,
                        _ => d,
                    };
                    Err(misplaced(
                        *col,
                        format!(
                            "a second '-' at column {col}: a dash range has two ends, as in {}-{}",
                            c.name(),
                            end.name()
                        ),
                    ))
                }
                [At(col, ch), ..] => Err(misplaced(
                    *col,
                    format!(
                        "'{ch}' at column {col} after the dash range {}-{}: only a weight \
                         (:0.5) may follow",
                        c.name(),
                        d.name()
                    ),
                )),
            }
        }
        // `class` stops only at the end, `+`, `-`, or after its suitedness letter.
        [At(col, ch), ..] => Err(misplaced(
            *col,
            format!("'{ch}' at column {col} after {}: expected +, - or :weight", c.name()),
        )),
    }
}

/// Checks that nothing but the end follows a `+` or `-` suffix.
fn nothing_after(c: Class, suffix: char, after: &[At]) -> Result<(), RangeErrorKind> {
    let Some(&At(col, ch)) = after.first() else {
        return Ok(());
    };
    let lower = ch.to_ascii_lowercase();
    let message = if ch == suffix {
        format!("'{ch}' at column {col} repeats the '{suffix}': write {}{suffix}", c.name())
    } else if matches!(ch, '+' | '-') {
        format!("'{ch}' at column {col} after '{suffix}': a token takes + or -, not both")
    } else if matches!(lower, 's' | 'o') && c.kind == Kind::Both {
        let kind = if lower == 's' { Kind::Suited } else { Kind::Offsuit };
        format!(
            "'{ch}' at column {col} comes after the '{suffix}': the suitedness goes first, as in \
             {}{suffix}",
            Class { kind, ..c }.name()
        )
    } else {
        format!("'{ch}' at column {col} after the '{suffix}': only a weight (:0.5) may follow")
    };
    Err(misplaced(col, message))
}

/// The combos of a dash range between two classes.
fn span(a: Class, b: Class) -> Result<Vec<Combo>, RangeErrorKind> {
    let (an, bn) = (a.name(), b.name());
    if (a.kind == Kind::Pair) != (b.kind == Kind::Pair) {
        return Err(RangeErrorKind::BadSpan(format!(
            "{an}-{bn} joins a pair and a non-pair: pairs go to pairs (KK-88), other hands keep \
             their high card (A5s-A2s) or their gap (KQs-T9s)"
        )));
    }
    if a.kind != b.kind {
        let says = |k: Kind| match k {
            Kind::Suited => "suited",
            Kind::Offsuit => "offsuit",
            _ => "suited and offsuit",
        };
        return Err(RangeErrorKind::BadSpan(format!(
            "{an} is {} but {bn} is {}: both ends need the same suitedness, as in A5s-A2s, \
             A5o-A2o or A5-A2",
            says(a.kind),
            says(b.kind)
        )));
    }
    let (lo, hi) = if (a.high, a.low) <= (b.high, b.low) { (a, b) } else { (b, a) };
    let classes: Vec<Class> = if a.kind == Kind::Pair {
        (lo.high..=hi.high).map(|r| a.with(r, r)).collect()
    } else if lo.high == hi.high {
        (lo.low..=hi.low).map(|l| a.with(lo.high, l)).collect()
    } else if hi.high - hi.low == lo.high - lo.low {
        (0..=hi.high - lo.high).map(|d| a.with(lo.high + d, lo.low + d)).collect()
    } else {
        return Err(RangeErrorKind::BadSpan(format!(
            "{an} and {bn} share neither the high card (as in A5s-A2s) nor the gap between \
             their ranks (as in KQs-T9s)"
        )));
    };
    Ok(classes.into_iter().flat_map(Class::combos).collect())
}

#[cfg(test)]
mod tests {
    use super::super::Range;
    use super::*;

    fn n(text: &str) -> usize {
        Range::parse(text).unwrap().len()
    }

    fn names(text: &str) -> Vec<String> {
        let mut classes: Vec<HandClass> =
            Range::parse(text).unwrap().combos().map(|(c, _)| c.class()).collect();
        classes.sort();
        classes.dedup();
        classes.iter().rev().map(|c| c.to_string()).collect()
    }

    #[test]
    fn every_documented_form_has_its_combo_count() {
        assert_eq!(n("AhKh"), 1);
        assert_eq!(n("QQ"), 6);
        assert_eq!(n("AKs"), 4);
        assert_eq!(n("AKo"), 12);
        assert_eq!(n("AK"), 16);
        assert_eq!(n("QQ+"), 18);
        assert_eq!(n("QQ-"), 66);
        assert_eq!(n("TT-77"), 24);
        assert_eq!(n("77-TT"), 24);
        assert_eq!(n("A2s+"), 48);
        assert_eq!(n("KTo+"), 36);
        assert_eq!(n("KT+"), 48);
        assert_eq!(n("A5s-A2s"), 16);
        assert_eq!(n("T9s-65s"), 20);
        assert_eq!(n("random"), 1326);
        assert_eq!(n("XX"), 1326);
        assert_eq!(n("10h10d"), 1);
        assert_eq!(n("AK-"), 192);
        assert_eq!(n("A5s-"), 16);
    }

    #[test]
    fn percentages_with_a_ten_in_them_are_numbers() {
        // Regression: "10" was read as the rank T before the percentage was parsed.
        assert_eq!(n("100%"), 1326);
        assert!(n("10%") > 100 && n("10%") < 160, "10% is about 133 combos");
        assert!(n("10.5%") >= n("10%"));
        assert_eq!(n("10%:0.5"), n("10%"));
        let e = Range::parse("110%").unwrap_err();
        assert_eq!(e.kind, RangeErrorKind::BadPercent("110".into()));
    }

    #[test]
    fn plus_raises_the_low_card_so_t9s_plus_is_only_t9s() {
        assert_eq!(names("T9s+"), ["T9s"]);
        assert_eq!(names("KTo+"), ["KQo", "KJo", "KTo"]);
        assert_eq!(names("KQs-T9s"), ["KQs", "QJs", "JTs", "T9s"]);
    }

    #[test]
    fn weights_apply_per_token_and_the_last_token_wins() {
        let r = Range::parse("AA:0.5, KK").unwrap();
        let aa = HandClass::of("Ah".parse().unwrap(), "As".parse().unwrap()).combos()[0];
        let kk = HandClass::of("Kh".parse().unwrap(), "Ks".parse().unwrap()).combos()[0];
        assert_eq!((r.weight(aa), r.weight(kk)), (500, 1000));
        let r = Range::parse("AA,AhAs:0.25").unwrap();
        let ahas = Combo::new("Ah".parse().unwrap(), "As".parse().unwrap()).unwrap();
        assert_eq!(r.weight(ahas), 250);
        assert_eq!(r.len(), 6);
        assert_eq!(n("AA,AhAs:0"), 5);
    }

    #[test]
    fn a_range_with_every_weight_zero_is_refused_at_the_token_that_emptied_it() {
        let e = Range::parse("AA:0").unwrap_err();
        assert_eq!((e.position, e.column, e.token.as_str()), (1, 1, "AA:0"));
        assert_eq!(e.kind, RangeErrorKind::NoWeight);
        assert!(e.to_string().contains("no combo with a weight above zero"), "{e}");
        let e = Range::parse("KK, AA:0.0004, KK:0").unwrap_err();
        assert_eq!((e.position, e.token.as_str(), e.kind), (3, "KK:0", RangeErrorKind::NoWeight));
        assert_eq!(Range::parse("0%").unwrap_err().kind, RangeErrorKind::NoWeight);
        // Some weight left: fine.
        assert_eq!(n("AA:0,KK"), 6);
    }

    #[test]
    fn bad_tokens_are_errors_that_point_at_them() {
        let e = Range::parse("QQ+, AKx").unwrap_err();
        assert_eq!((e.position, e.column, e.token.as_str()), (2, 6, "AKx"));
        assert_eq!(e.kind, RangeErrorKind::BadSuitedness { found: 'x', column: 8 });
        let e = Range::parse("QQ,,AK").unwrap_err();
        assert_eq!((e.position, e.column, e.kind), (2, 4, RangeErrorKind::EmptyToken));
        assert_eq!(Range::parse("").unwrap_err().kind, RangeErrorKind::Empty);
        assert!(matches!(Range::parse("QQs").unwrap_err().kind, RangeErrorKind::Impossible(_)));
        assert!(matches!(Range::parse("AhAh").unwrap_err().kind, RangeErrorKind::Impossible(_)));
        assert!(matches!(Range::parse("A5s-K2s").unwrap_err().kind, RangeErrorKind::BadSpan(_)));
        assert!(matches!(Range::parse("AKs-AQo").unwrap_err().kind, RangeErrorKind::BadSpan(_)));
        assert!(matches!(Range::parse("AA:2").unwrap_err().kind, RangeErrorKind::BadWeight(_)));
        assert!(matches!(Range::parse("101%").unwrap_err().kind, RangeErrorKind::BadPercent(_)));
        assert_eq!(
            Range::parse("Z9").unwrap_err().kind,
            RangeErrorKind::BadRank { found: 'Z', column: 1 }
        );
        assert_eq!(Range::parse("AKQJ").unwrap_err().token, "AKQJ");
        assert_eq!(
            Range::parse("QQ+,AKx").unwrap_err().to_string(),
            "range token 2 (\"AKx\", column 5): 'x' at column 7 after the two ranks: expected s \
             (suited), o (offsuit), +, - or :weight"
        );
    }

    #[test]
    fn columns_count_characters_of_the_whole_text_past_tens_and_suit_symbols() {
        // `10` is two characters and `♠` one: the bad character's column counts characters.
        let e = Range::parse("A♠K♠, 1010x").unwrap_err();
        assert_eq!(e.kind, RangeErrorKind::BadSuitedness { found: 'x', column: 11 });
        let e = Range::parse("AKs, 10h9hX").unwrap_err();
        let RangeErrorKind::Card(card) = e.kind else { panic!("{e}") };
        assert_eq!((card.position, card.column), (3, 11));
    }

    #[test]
    fn spaced_exact_cards_a_trailing_comma_and_suit_symbols_are_accepted() {
        assert_eq!(Range::parse("Ah Kh").unwrap(), Range::parse("AhKh").unwrap());
        assert_eq!(Range::parse("A♥K♥").unwrap(), Range::parse("AhKh").unwrap());
        assert_eq!(Range::parse("QQ+,AKs,").unwrap(), Range::parse("QQ+,AKs").unwrap());
        assert_eq!(Range::parse("AKs - AQs").unwrap(), Range::parse("AKs-AQs").unwrap());
        assert_eq!(Range::parse("QQ : 0.5").unwrap(), Range::parse("QQ:0.5").unwrap());
    }
}
