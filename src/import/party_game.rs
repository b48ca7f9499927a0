//! A PartyPoker hand's game line read: the stakes (or a buy-in), the game and its betting
//! structure, a tournament's number, buy-in, level and blinds, and the date
//! (`$0.05/$0.10 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010`, `NL Texas
//! Hold'em $11 USD Buy-in Trny: 59658935 Level: 7  Blinds(300/600) - ...`).

use super::lines::{find, Line};
use super::p888_lines::cents;
use super::pokerstars::{err, TextError, Tournament};

/// A game as the game line names it.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Game {
    /// In PokerStars' words: `Hold'em`, `Omaha`, `Omaha Hi/Lo`.
    Read(&'static str),
    /// A game this reader does not read, as written.
    Other(String),
}

/// The game line, read.
#[derive(Debug)]
pub(super) struct GameLine {
    /// `$0.05/$0.10`: the blinds, or the bets in fixed limit (hundredths).
    pub stakes: Option<(i64, i64)>,
    pub symbol: Option<char>,
    /// `No Limit`, `Pot Limit`, `Limit`.
    pub limit: &'static str,
    pub game: Game,
    pub tournament: Option<Tournament>,
    /// A tournament's blinds (or bets, in fixed limit) and ante.
    pub blinds: Option<(i64, i64, i64)>,
    /// As PokerStars writes it: `2010/08/30 16:08:09`.
    pub date: Option<String>,
}

const WEEKDAYS: [&str; 7] =
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// `Monday, August 30, 16:08:09 EDT 2010` as `2010/08/30 16:08:09`.
fn date_of(t: &str) -> Option<String> {
    let words = date_words(t);
    let m = words.iter().find_map(|w| MONTHS.iter().position(|m| m == w))?;
    let day: u32 = words.iter().find_map(|w| w.parse().ok().filter(|d| (1..=31).contains(d)))?;
    let clock = words.iter().find(|w| w.len() == 8 && w.as_bytes()[2] == b':')?;
    let year =
        words.iter().rev().find(|w| w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()))?;
    // `{year}/{month:02}/{day:02} {clock}`, written without the formatting machinery: the
    // month is 1 to 12 and the day 1 to 31, two digits each.
    let mut out = String::with_capacity(20);
    out.push_str(year);
    for x in [m as u32 + 1, day] {
        out.push('/');
        out.push(char::from(b'0' + (x / 10) as u8));
        out.push(char::from(b'0' + (x % 10) as u8));
    }
    out.push(' ');
    out.push_str(clock);
    Some(out)
}

/// The words of a date, between spaces and commas: cut at those bytes (each a whole
/// character, so the cuts are where a split by the characters makes them).
fn date_words(t: &str) -> Vec<&str> {
    let b = t.as_bytes();
    let mut words: Vec<&str> = Vec::with_capacity(8);
    let mut from = 0;
    for end in 0..=b.len() {
        if end == b.len() || b[end] == b' ' || b[end] == b',' {
            if end > from {
                words.push(&t[from..end]);
            }
            from = end + 1;
        }
    }
    words
}

/// `Blinds(300/600)`, `Blinds-Antes(1,250/2,500 -250)`, `Stakes(200/400)`,
/// `Stakes-Antes(60/120-10)`: the two amounts and the ante.
pub(super) fn blinds_of(t: &str) -> Option<(i64, i64, i64)> {
    // A line without a `)` has none after its label (most lines: a quick test).
    memchr::memrchr(b')', t.as_bytes())?;
    let k = label_at(t)?;
    let open = k + t[k..].find('(')?;
    let close = open + t[open..].find(')')?;
    let inside = &t[open + 1..close];
    let (a, rest) = inside.split_once('/')?;
    let (b, ante) = match rest.split_once('-') {
        Some((b, ante)) => (b, cents(ante)?),
        None => (rest, 0),
    };
    Some((cents(a)?, cents(b)?, ante))
}

/// Where the first `Blinds` of `t` starts, else its first `Stakes`: found in one pass over
/// the places of a `B` or an `S` (most lines of a hand have neither word, and each was a
/// search of its own).
fn label_at(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    let mut stakes = None;
    for k in memchr::memchr2_iter(b'B', b'S', b) {
        if b[k..].starts_with(b"Blinds") {
            return Some(k);
        }
        if stakes.is_none() && b[k..].starts_with(b"Stakes") {
            stakes = Some(k);
        }
    }
    stakes
}

/// Where the first weekday's name of `t` starts (as the least of a search for each): found in
/// one pass over the places of a weekday's first letter.
fn weekday_at(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    memchr::memchr3_iter(b'M', b'T', b'W', b)
        .chain(memchr::memchr2_iter(b'F', b'S', b))
        .filter(|&k| WEEKDAYS.iter().any(|d| b[k..].starts_with(d.as_bytes())))
        .min()
}

/// A word after `Trny:` or `Level:` (with or without a space).
fn word_after<'t>(t: &'t str, label: &str) -> Option<&'t str> {
    let k = find(t, label)?;
    t[k + label.len()..].split_whitespace().next()
}

pub(super) fn game_line(l: &Line<'_>) -> Result<GameLine, TextError> {
    let t = l.text;
    // The date starts at its weekday (`- Monday, ...`, `Hi-Saturday,February 18`).
    let day_at = weekday_at(t);
    let (desc, date) = match day_at {
        Some(k) => (t[..k].trim_end().trim_end_matches('-').trim(), date_of(&t[k..])),
        None => match find(t, " - ") {
            Some(k) => (t[..k].trim(), date_of(&t[k + 3..])),
            None => (t.trim(), None),
        },
    };
    let words: Vec<&str> = desc.split_whitespace().collect();
    let limit = if words.contains(&"NL") {
        "No Limit"
    } else if words.contains(&"PL") {
        "Pot Limit"
    } else {
        "Limit"
    };
    let game = if find(desc, "Double Hold'em").is_some() {
        Game::Other("Double Hold'em".into())
    } else if find(desc, "Texas Hold'em").is_some() {
        Game::Read("Hold'em")
    } else if find(desc, "Omaha Hi-Lo").is_some() || find(desc, "Omaha Hi/Lo").is_some() {
        Game::Read("Omaha Hi/Lo")
    } else if find(desc, "Omaha").is_some() {
        Game::Read("Omaha")
    } else {
        // The game's name: the words before a tournament's buy-in and number.
        let end = words.iter().position(|w| w.starts_with("Trny") || *w == "Buy-in");
        let end =
            end.map_or(
                words.len(),
                |e| if e > 0 && words[e - 1].starts_with('$') { e - 1 } else { e },
            );
        let name = words[..end]
            .iter()
            .filter(|w| !w.contains(['$', '€', '£', '/']) && !matches!(**w, "USD" | "EUR" | "GBP"))
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        Game::Other(name)
    };
    let symbol = desc.chars().find(|c| matches!(c, '$' | '€' | '£'));
    let tournament = find(desc, "Trny").map(|k| {
        let id = word_after(desc, "Trny:").unwrap_or("").to_string();
        let name_end = ["Hold'em", "Omaha", "Stud"]
            .iter()
            .filter_map(|g| find(&desc[..k], g).map(|e| e + g.len()))
            .max()
            .unwrap_or(0);
        let buy_in = desc[name_end..k].trim();
        let level = word_after(desc, "Level:").and_then(|w| w.parse().ok());
        Tournament { id, buy_in: (!buy_in.is_empty()).then(|| buy_in.to_string()), level }
    });
    let stakes = if tournament.is_some() {
        None
    } else {
        words
            .first()
            .and_then(|w| w.split_once('/'))
            .and_then(|(a, b)| Some((cents(a)?, cents(b)?)))
    };
    let blinds = blinds_of(desc);
    if tournament.is_some() && blinds.is_none() {
        return err(
            l.number,
            format!("expected the tournament's blinds (`Blinds(300/600)`) in `{t}`"),
        );
    }
    Ok(GameLine { stakes, symbol, limit, game, tournament, blinds, date })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass searches find what a search for each word finds.
    #[test]
    fn labels_and_weekdays_are_found_as_by_search() {
        let texts = [
            "Blinds(300/600)",
            "Stakes(200/400)",
            "Stakes Blinds(1/2)",
            "Blinds Stakes",
            "SSBBStakesBlind Blinds",
            "Seat 1: Bob ( $3 USD )",
            "Seat 2: Stakes ( 1,000 )",
            "BlindStake",
            "",
            "B",
            "NL Texas Hold'em $11 USD Buy-in Trny: 5 Level: 7  Blinds(300/600) - Monday, May 3",
            "PL Omaha Hi-Saturday,February 18, 01:10:59 EST 2012",
            "TueTuesday Monday Sunday",
            "Sun Mon Tue Wed Thu Fri Sat",
            "FridaySaturday",
            "Wednesday, Thursday",
            "é Monday ü",
        ];
        for t in texts {
            let rule = find(t, "Blinds").or_else(|| find(t, "Stakes"));
            assert_eq!(label_at(t), rule, "{t:?}");
            let rule = WEEKDAYS.iter().filter_map(|d| find(t, d)).min();
            assert_eq!(weekday_at(t), rule, "{t:?}");
        }
    }

    /// A date's words are cut where a split by the characters cuts them.
    #[test]
    fn date_words_are_cut_as_by_split() {
        for t in ["Monday, August 30, 16:08:09 EDT 2010", ",, a,b  c,", "", " ", "é,ü ß"] {
            let rule: Vec<&str> = t.split([' ', ',']).filter(|w| !w.is_empty()).collect();
            assert_eq!(date_words(t), rule, "{t:?}");
        }
    }

    /// The date is written as the formatting machinery wrote it.
    #[test]
    fn dates_are_written_as_formatted() {
        for m in 0..12 {
            for day in [1, 9, 10, 31] {
                let t = format!("Monday, {} {day}, 16:08:09 EDT 2010", MONTHS[m]);
                let want = format!("2010/{:02}/{day:02} 16:08:09", m + 1);
                assert_eq!(date_of(&t).as_deref(), Some(want.as_str()), "{t}");
            }
        }
    }

    #[test]
    fn the_game_line_gives_the_stakes_the_game_and_the_date() {
        let l = Line {
            number: 3,
            text: "$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 08:24:17 EST 2014",
        };
        let g = game_line(&l).unwrap();
        assert_eq!((g.stakes, g.limit, g.game), (Some((5, 10)), "No Limit", Game::Read("Hold'em")));
        assert_eq!(g.date.as_deref(), Some("2014/01/06 08:24:17"));
        let l = Line {
            number: 3,
            text: "$1,000 USD PL  Omaha Hi-Saturday,February 18, 01:10:59 EST 2012",
        };
        let g = game_line(&l).unwrap();
        assert_eq!((g.stakes, g.limit, g.game), (None, "Pot Limit", Game::Read("Omaha")));
        assert_eq!(g.date.as_deref(), Some("2012/02/18 01:10:59"));
        let l = Line {
            number: 3,
            text: "$15/$30 USD Texas Hold'em - Monday, April 25, 09:42:13 BST 2011",
        };
        assert_eq!(game_line(&l).unwrap().limit, "Limit");
        let l = Line { number: 3, text: "NL Texas Hold'em $ 530 USD Buy-in Trny:3282980 Level:18  Blinds-Antes(1,250/2,500 -250) - Sunday, July 28, 21:01:39  2013" };
        let g = game_line(&l).unwrap();
        let t = g.tournament.unwrap();
        assert_eq!(
            (t.id.as_str(), t.buy_in.as_deref(), t.level),
            ("3282980", Some("$ 530 USD Buy-in"), Some(18))
        );
        assert_eq!(g.blinds, Some((125_000, 250_000, 25_000)));
        let l = Line {
            number: 3,
            text: "$0.50/$1 USD 7 Card Stud Hi-Lo - Monday, August 30, 20:20:17 EEST 2010",
        };
        assert!(matches!(game_line(&l).unwrap().game, Game::Other(_)));
    }
}
