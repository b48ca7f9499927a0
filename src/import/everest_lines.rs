//! An Everest `<HAND>` element and its `<SESSION>` put in PokerStars' words, for the
//! PokerStars reader ([`super::pokerstars::parse_pieces`]): the header, the table line
//! and the seat list here, the play and the summary by [`super::everest_play`].
//!
//! | Everest writes | read as |
//! |---|---|
//! | `<SESSION type="ring" money="$" game="hold-em" gametype="no-limit" tableName="Moroni-1"/>` | `Hold'em No Limit`, in dollars, at table `Moroni-1` |
//! | `<SESSION type="tournament" id="52919861" money="" .../>` | tournament `52919861`, in chips |
//! | `game="omaha"`, `game="omaha-hi-lo"`; `gametype="pot-limit"`, `"fixed-limit"` | Omaha, Omaha Hi/Lo; pot limit, fixed limit |
//! | `<HAND time="1331809153" id="7456671620" blinds="$0.50/$1">` | hand `7456671620` at `2012/03/15 10:59:13 UTC`; the blinds as posted |
//! | `<SEAT position="0" name="NAME" balance="11410"/>` | `Seat 1: NAME ($114.10 in chips)`: positions count from 0, seats from 1 |
//! | `<DEALER position="1"/>` | the button, seat 2 |
//!
//! A tournament's `blinds` may be a level behind the hand's (`blinds="5/10"` over blinds of
//! 10 and 20 posted): the blinds and a fixed-limit game's bets are read from what is posted.
//! Other games than hold'em and Omaha are refused with the reason.

use std::borrow::Cow;

use super::collected::written;
use super::everest_play::{play, Out, Table};
use super::header::parse_header;
use super::ipoker::attribute;
use super::lines::Line;
use super::pokerstars::Tournament;
use super::pokerstars::{err, parse_pieces, GameName, Refusal, StarsHand, TextError};
use super::split::HandText;
use super::xml_pull::{Item, Pull, XmlError};
use crate::phh::table::MAX_SEAT;

/// The hand number of a hand's first line (`<HAND time="..." id="7456671620" ...>`).
pub(super) fn hand_number(first: &str) -> Option<&str> {
    // The start tag only.
    let first = &first[..first.find('>').unwrap_or(first.len())];
    let k = first.find(" id=\"")? + 5;
    let id = &first[k..k + first[k..].find('"')?];
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(id)
}

/// Seconds since 1970 as PokerStars writes a date and time (`2012/03/15 10:59:13 UTC`).
fn date(secs: i64) -> String {
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = crate::record::table::civil_from_days(days);
    format!("{y}/{m:02}/{d:02} {:02}:{:02}:{:02} UTC", rest / 3600, rest / 60 % 60, rest % 60)
}

/// The game in PokerStars' words (`Omaha Hi/Lo Pot Limit`) and whether it is fixed limit, or
/// why it is not read.
fn game_name(game: &str, structure: &str) -> Result<(String, bool), String> {
    let (words, fixed) = match structure {
        "no-limit" => ("No Limit", false),
        "pot-limit" => ("Pot Limit", false),
        "fixed-limit" => ("Limit", true),
        other => {
            return Err(format!(
                "the session's `gametype=\"{other}\"`: a betting structure feltkit does not know (no-limit, pot-limit, fixed-limit)"
            ))
        }
    };
    let name = match game {
        "hold-em" | "holdem" => "Hold'em",
        "omaha" => "Omaha",
        g if g.starts_with("omaha") && ["hi-lo", "hilo", "8"].iter().any(|w| g.ends_with(w)) => {
            "Omaha Hi/Lo"
        }
        other => {
            return Err(format!("the session's `game=\"{other}\"`: feltkit reads Everest's hold'em and Omaha hands; its other games are not read"))
        }
    };
    Ok((format!("{name} {words}"), fixed))
}

/// The attributes of a hand's elements that are read, in the order of [`El::attrs`].
const KEYS: [&str; 8] =
    ["position", "amount", "penalty", "allin", "rake", "tax", "name", "balance"];

/// One element inside `<HAND>`: its name, line, the attributes read and its text.
#[derive(Debug)]
pub(super) struct El<'a> {
    /// `SEAT`, `BLIND`, `BET`, ...
    pub name: &'a str,
    /// The line its tag opens on.
    pub line: usize,
    /// The value of each of [`KEYS`], when written.
    attrs: [Option<Cow<'a, str>>; KEYS.len()],
    /// Its text, when it opens with one (`<HOLE position="0">Ah</HOLE>`).
    pub text: Option<Cow<'a, str>>,
}

impl El<'_> {
    /// The value of attribute `key` (one of [`KEYS`]), when written.
    pub fn attr(&self, key: &str) -> Option<&str> {
        self.attrs[key_index(key)?].as_deref()
    }
}

/// Where attribute `key` is in [`KEYS`], if it is one of them.
fn key_index(key: &str) -> Option<usize> {
    Some(match key {
        "position" => 0,
        "amount" => 1,
        "penalty" => 2,
        "allin" => 3,
        "rake" => 4,
        "tax" => 5,
        "name" => 6,
        "balance" => 7,
        _ => return None,
    })
}

/// A `<HAND>` element: its own attributes and line, and the elements inside it in order.
#[derive(Debug)]
pub(super) struct Hand<'a> {
    /// The line of its start tag.
    pub line: usize,
    pub id: Cow<'a, str>,
    pub time: Option<Cow<'a, str>>,
    pub blinds: Cow<'a, str>,
    /// The elements directly inside it.
    pub els: Vec<El<'a>>,
}

/// Reads the `<HAND>` element `text` (its first line `line`) tag by tag, or says what is not
/// well-formed and where.
fn read_hand(text: &str, line: usize) -> Result<Hand<'_>, TextError> {
    // The plain tags are scanned directly; anything else (a comment, an entity in a text, a tag
    // not well-formed) has quick-xml read the hand again, which tells what is wrong and where
    // (see [`Pull::fast`]).
    let mut fast = Pull::fast(text, line);
    if let Ok(hand) = read_hand_by(&mut fast, line)
        && !fast.gave_up()
    {
        return Ok(hand);
    }
    read_hand_by(&mut Pull::new(text, line), line).map_err(|e| TextError {
        line: e.line,
        why: format!("the `<HAND>` element is not well-formed XML: {}", e.why),
    })
}

/// The `<HAND>` element read by `pull` (its first line `line`).
fn read_hand_by<'a>(pull: &mut Pull<'a>, line: usize) -> Result<Hand<'a>, XmlError> {
    let mut hand = Hand {
        line,
        id: Cow::Borrowed(""),
        time: None,
        blinds: Cow::Borrowed(""),
        els: Vec::with_capacity(40),
    };
    // Whether the element just opened inside the hand takes the text that follows.
    let mut fresh = false;
    while let Some(item) = pull.next()? {
        match item {
            Item::Open(t) if t.depth == 1 => {
                hand.line = t.line;
                let value = |k: &str| t.attrs.iter().find(|a| a.0 == k).map(|a| a.1.clone());
                hand.id = value("id").unwrap_or_default();
                hand.time = value("time");
                hand.blinds = value("blinds").unwrap_or_default();
                fresh = false;
            }
            Item::Open(t) if t.depth == 2 => {
                let mut attrs: [Option<Cow<'_, str>>; KEYS.len()] = Default::default();
                for (k, v) in &t.attrs {
                    if let Some(i) = key_index(k) {
                        attrs[i] = Some(v.clone());
                    }
                }
                hand.els.push(El { name: t.name, line: t.line, attrs, text: None });
                fresh = true;
            }
            Item::Text(t) if fresh => {
                if let Some(el) = hand.els.last_mut() {
                    el.text = Some(t);
                }
                fresh = false;
            }
            _ => fresh = false,
        }
    }
    Ok(hand)
}

/// Reads one Everest hand: its elements in PokerStars' words, read by the PokerStars reader.
/// The hand's text is its `<HAND>` element as written (one "line" holding all its lines), then
/// the `<SESSION>` tag before it.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let mut lines = text.lines();
    let Some(first) = lines.next() else {
        return err(text.line, "an empty hand");
    };
    let session = lines.next().filter(|l| l.text.starts_with("<SESSION"));
    let hand = read_hand(first.text, first.number)?;
    let first = Line { number: hand.line, text: first.text };
    let s = |name: &[u8]| session.map(|l| attribute(l.text.as_bytes(), name)).unwrap_or_default();
    let tournament = s(b"type") == "tournament";
    let number = &*hand.id;
    let secs = hand.time.as_deref().and_then(|t| t.trim().parse::<i64>().ok());
    let Some(secs) = secs.filter(|s| (0..=253_402_300_799).contains(s)) else {
        return err(
            first.number,
            format!(
                "expected the hand's `time` in seconds since 1970, not `{}`",
                hand.time.as_deref().unwrap_or_default()
            ),
        );
    };
    let when = date(secs);
    let game = if session.is_none() {
        Err("no `<SESSION>` element before the hand names its game".to_string())
    } else {
        game_name(&s(b"game"), &s(b"gametype"))
    };
    let (name, fixed) = match game {
        Ok(g) => g,
        Err(why) => {
            let stars = format!("Everest Hand #{number}: Hold'em No Limit (1/2) - {when}");
            let mut hand = parse_header(&Line { number: first.number, text: &stars })?;
            hand.game = GameName::Other(format!("{} {}", s(b"game"), s(b"gametype")));
            let l = session.map_or(first.number, |l| l.number);
            hand.refusal = Some(Refusal::NotSupported(format!("line {l}: {why}")));
            return Ok(hand);
        }
    };
    let symbol = if tournament {
        None
    } else {
        s(b"money").chars().find(|c| matches!(c, '$' | '€' | '£')).or(Some('$'))
    };
    // The seats, counted from 1.
    let mut seats: Vec<(u32, String, i64, usize)> = Vec::with_capacity(10);
    let mut button = None;
    let number_of = |n: &El<'_>, what: &str| -> Result<i64, TextError> {
        let v = n.attr(what).unwrap_or_default();
        match v.trim().parse::<i64>() {
            Ok(c) if (0..=1_000_000_000_000_000).contains(&c) => Ok(c),
            _ => err(
                n.line,
                format!(
                    "`{what}=\"{v}\"` is not an amount (expected whole hundredths, as in `11410`)"
                ),
            ),
        }
    };
    let position = |n: &El<'_>| -> Result<u32, TextError> {
        let v = n.attr("position").unwrap_or_default();
        match v.trim().parse::<u32>() {
            Ok(p) if p < MAX_SEAT => Ok(p + 1),
            _ => err(
                n.line,
                format!("`position=\"{v}\"` is not a seat (expected 0 to {})", MAX_SEAT - 1),
            ),
        }
    };
    for n in &hand.els {
        match n.name {
            "SEAT" => {
                let seat = position(n)?;
                let name = n.attr("name").unwrap_or_default().trim().to_string();
                if name.is_empty() {
                    return err(n.line, format!("seat {seat} has no `name`"));
                }
                seats.push((seat, name, number_of(n, "balance")?, n.line));
            }
            "DEALER" => button = Some(position(n)?),
            _ => {}
        }
    }
    let Some(button) = button else {
        return err(first.number, "expected a `<DEALER position=\"N\"/>` in the hand");
    };
    let table = s(b"tableName");
    let mut out: Out = Vec::with_capacity(hand.els.len() + 8);
    let line = format!("Table '{}' Seat #{button} is the button", table.trim());
    out.push((first.number, line.into()));
    for (seat, name, c, l) in &seats {
        out.push((*l, format!("Seat {seat}: {name} ({} in chips)", written(*c, symbol)).into()));
    }
    let t = Table { seats: &seats, fixed, symbol, header_blinds: &hand.blinds };
    let ((small, big), refusal) = play(&hand, &t, &mut out)?;
    // The stakes as the play posts them.
    let stars = format!(
        "Everest Hand #{number}: {name} ({}/{}) - {when}",
        written(small, symbol),
        written(big, symbol)
    );
    let mut hand = parse_header(&Line { number: first.number, text: &stars })?;
    hand.symbol = symbol;
    hand.currency = symbol.map(super::lines::currency_of);
    hand.tournament = tournament.then(|| Tournament {
        id: s(b"id").trim().to_string(),
        buy_in: None,
        level: None,
    });
    hand.refusal = refusal.map(Refusal::NotSupported);
    parse_pieces(hand, first.number, &out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_read_from_seconds_since_1970() {
        assert_eq!(date(0), "1970/01/01 00:00:00 UTC");
        assert_eq!(date(1_331_809_153), "2012/03/15 10:59:13 UTC");
        assert_eq!(date(951_782_400), "2000/02/29 00:00:00 UTC");
    }

    #[test]
    fn games_are_named_in_pokerstars_words() {
        assert_eq!(game_name("hold-em", "fixed-limit"), Ok(("Hold'em Limit".into(), true)));
        assert_eq!(game_name("omaha", "pot-limit"), Ok(("Omaha Pot Limit".into(), false)));
        assert_eq!(game_name("omaha-hi-lo", "pot-limit").unwrap().0, "Omaha Hi/Lo Pot Limit");
        assert!(game_name("stud", "fixed-limit").unwrap_err().contains("not read"));
        assert!(game_name("hold-em", "spread").unwrap_err().contains("does not know"));
        assert_eq!(hand_number("<HAND time=\"1\" id=\"745\" index=\"0\">"), Some("745"));
        assert_eq!(hand_number("<HAND time=\"1\">"), None);
    }
}
