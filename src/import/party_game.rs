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
    let words: Vec<&str> = t.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let m = words.iter().find_map(|w| MONTHS.iter().position(|m| m == w))?;
    let day: u32 = words.iter().find_map(|w| w.parse().ok().filter(|d| (1..=31).contains(d)))?;
    let clock = words.iter().find(|w| w.len() == 8 && w.as_bytes()[2] == b':')?;
    let year =
        words.iter().rev().find(|w| w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()))?;
    Some(format!("{year}/{:02}/{day:02} {clock}", m + 1))
}

/// `Blinds(300/600)`, `Blinds-Antes(1,250/2,500 -250)`, `Stakes(200/400)`,
/// `Stakes-Antes(60/120-10)`: the two amounts and the ante.
pub(super) fn blinds_of(t: &str) -> Option<(i64, i64, i64)> {
    let k = find(t, "Blinds").or_else(|| find(t, "Stakes"))?;
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

/// A word after `Trny:` or `Level:` (with or without a space).
fn word_after<'t>(t: &'t str, label: &str) -> Option<&'t str> {
    let k = find(t, label)?;
    t[k + label.len()..].split_whitespace().next()
}

pub(super) fn game_line(l: &Line<'_>) -> Result<GameLine, TextError> {
    let t = l.text;
    // The date starts at its weekday (`- Monday, ...`, `Hi-Saturday,February 18`).
    let day_at = WEEKDAYS.iter().filter_map(|d| find(t, d)).min();
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
