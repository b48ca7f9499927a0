//! The range parser: splits the text into tokens and turns each into combos.

use super::{order, Combo, HandClass, Range, RangeError, RangeErrorKind, WEIGHT_UNIT};
use crate::card::{parse_cards, Deck, Rank};

/// Parses range text into a weighted range.
pub(super) fn parse(text: &str) -> Result<Range, RangeError> {
    let mut range = Range::empty();
    let mut column = 1;
    let mut any = false;
    // The last token that left hands out (weight 0, or a percentage too small to take any):
    // where to point if no combo ends up with a weight above zero.
    let mut emptied = None;
    for (index, raw) in text.split(',').enumerate() {
        let position = index + 1;
        let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
        let token = raw.trim();
        let at = column + lead;
        let err = |kind| RangeError { position, column: at, token: token.to_string(), kind };
        column += raw.chars().count() + 1;
        if token.is_empty() {
            if text.trim().is_empty() {
                break;
            }
            return Err(err(RangeErrorKind::EmptyToken));
        }
        any = true;
        let (body, weight) = match token.rsplit_once(':') {
            Some((body, w)) => (body.trim(), parse_weight(w.trim()).map_err(err)?),
            None => (token, WEIGHT_UNIT),
        };
        let combos = combos_of(body).map_err(err)?;
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

fn parse_weight(w: &str) -> Result<u16, RangeErrorKind> {
    match w.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok((x * WEIGHT_UNIT as f64).round() as u16),
        _ => Err(RangeErrorKind::BadWeight(w.to_string())),
    }
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
}

fn rank_of(c: char) -> Result<u8, RangeErrorKind> {
    Rank::from_char(c).map(Rank::index).ok_or(RangeErrorKind::BadRank(c))
}

/// Parses `AKs`, `AKo`, `AK`, `QQ` (ranks in either order).
fn class(text: &str) -> Result<Class, RangeErrorKind> {
    let chars: Vec<char> = text.chars().collect();
    if !(2..=3).contains(&chars.len()) {
        return Err(RangeErrorKind::Unknown);
    }
    let (a, b) = (rank_of(chars[0])?, rank_of(chars[1])?);
    let (high, low) = (a.max(b), a.min(b));
    let kind = match (chars.get(2).map(|c| c.to_ascii_lowercase()), high == low) {
        (None, true) => Kind::Pair,
        (None, false) => Kind::Both,
        (Some('s'), false) => Kind::Suited,
        (Some('o'), false) => Kind::Offsuit,
        (Some('s' | 'o'), true) => {
            return Err(RangeErrorKind::Impossible(format!(
                "a pair cannot be suited or offsuit: write {}{}",
                chars[0], chars[1]
            )))
        }
        (Some(c), _) => return Err(RangeErrorKind::BadSuitedness(c)),
    };
    Ok(Class { high, low, kind })
}

/// The combos of one token body (without its weight).
fn combos_of(body: &str) -> Result<Vec<Combo>, RangeErrorKind> {
    // A percentage is a number, not ranks: read it before `10` is taken for a ten.
    if let Some(p) = body.strip_suffix('%') {
        return match p.trim().parse::<f64>() {
            Ok(x) if (0.0..=100.0).contains(&x) => Ok(order::top_percent(x)),
            _ => Err(RangeErrorKind::BadPercent(p.to_string())),
        };
    }
    let body = body.replace("10", "T");
    let lower = body.to_ascii_lowercase();
    if matches!(lower.as_str(), "random" | "xx" | "any" | "xxxx") {
        return Ok(Combo::all().collect());
    }
    if let Some(c) = body.strip_suffix('+') {
        let c = class(c)?;
        let span: Vec<Class> = if c.kind == Kind::Pair {
            (c.high..=12).map(|r| c.with(r, r)).collect()
        } else {
            (c.low..c.high).map(|l| c.with(c.high, l)).collect()
        };
        return Ok(span.into_iter().flat_map(Class::combos).collect());
    }
    if let Some(c) = body.strip_suffix('-') {
        let c = class(c)?;
        let span: Vec<Class> = if c.kind == Kind::Pair {
            (0..=c.high).map(|r| c.with(r, r)).collect()
        } else {
            (0..=c.low).map(|l| c.with(c.high, l)).collect()
        };
        return Ok(span.into_iter().flat_map(Class::combos).collect());
    }
    if let Some((a, b)) = body.split_once('-') {
        return span(class(a.trim())?, class(b.trim())?);
    }
    if body.chars().count() == 4 && body.chars().nth(1).is_some_and(|c| c.is_alphabetic()) {
        let cards = parse_cards(&body, Deck::Standard).map_err(|e| match e.kind {
            crate::card::CardErrorKind::Duplicate(c) => {
                RangeErrorKind::Impossible(format!("{c} appears twice"))
            }
            _ => RangeErrorKind::Impossible(format!("exact cards: {}", e.kind)),
        })?;
        return match cards.as_slice() {
            [a, b] => Ok(Combo::new(*a, *b).into_iter().collect()),
            _ => Err(RangeErrorKind::Unknown),
        };
    }
    Ok(class(&body)?.combos())
}

/// The combos of a dash range between two classes.
fn span(a: Class, b: Class) -> Result<Vec<Combo>, RangeErrorKind> {
    if a.kind != b.kind {
        return Err(RangeErrorKind::BadSpan);
    }
    let (lo, hi) = if (a.high, a.low) <= (b.high, b.low) { (a, b) } else { (b, a) };
    let classes: Vec<Class> = if a.kind == Kind::Pair {
        (lo.high..=hi.high).map(|r| a.with(r, r)).collect()
    } else if lo.high == hi.high {
        (lo.low..=hi.low).map(|l| a.with(lo.high, l)).collect()
    } else if hi.high - hi.low == lo.high - lo.low {
        (0..=hi.high - lo.high).map(|d| a.with(lo.high + d, lo.low + d)).collect()
    } else {
        return Err(RangeErrorKind::BadSpan);
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
        assert_eq!(e.kind, RangeErrorKind::BadSuitedness('x'));
        let e = Range::parse("QQ,,AK").unwrap_err();
        assert_eq!((e.position, e.kind), (2, RangeErrorKind::EmptyToken));
        assert_eq!(Range::parse("").unwrap_err().kind, RangeErrorKind::Empty);
        assert!(matches!(Range::parse("QQs").unwrap_err().kind, RangeErrorKind::Impossible(_)));
        assert!(matches!(Range::parse("AhAh").unwrap_err().kind, RangeErrorKind::Impossible(_)));
        assert_eq!(Range::parse("A5s-K2s").unwrap_err().kind, RangeErrorKind::BadSpan);
        assert_eq!(Range::parse("AKs-AQo").unwrap_err().kind, RangeErrorKind::BadSpan);
        assert!(matches!(Range::parse("AA:2").unwrap_err().kind, RangeErrorKind::BadWeight(_)));
        assert!(matches!(Range::parse("101%").unwrap_err().kind, RangeErrorKind::BadPercent(_)));
        assert_eq!(Range::parse("Z9").unwrap_err().kind, RangeErrorKind::BadRank('Z'));
        assert_eq!(Range::parse("AKQJ").unwrap_err().token, "AKQJ");
        assert_eq!(
            Range::parse("QQ+,AKx").unwrap_err().to_string(),
            "range token 2 (\"AKx\", column 5): bad suitedness 'x': expected `s` (suited) or `o` (offsuit)"
        );
    }
}
