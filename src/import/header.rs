//! The header line of a PokerStars hand: its number, tournament, game, betting structure,
//! stakes, currency and date.

use super::lines::{amount, find, has, roman, Line};
use super::pokerstars::{cents_amount, err, GameName, Limit, StarsHand, TextError, Tournament};

/// The header: hand number, tournament, game, stakes, date.
pub(super) fn parse_header(l: &Line) -> Result<StarsHand, TextError> {
    let t = l.text;
    let room = if t.starts_with("PokerStars Zoom") {
        Some("Zoom")
    } else if t.starts_with("PokerStars Home Game") {
        Some("Home Game")
    } else {
        None
    };
    let hash = t.find('#').unwrap_or(0);
    let colon = t[hash..].find(':').map(|k| hash + k);
    let Some(colon) = colon else {
        return err(l.number, "expected `PokerStars Hand #NUMBER:` at the start of the hand");
    };
    let number = t[hash + 1..colon].trim().to_string();
    let mut rest = t[colon + 1..].trim();
    let mut tournament = None;
    if let Some(after) = rest.strip_prefix("Tournament #") {
        let end = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        let id = after[..end].to_string();
        rest = after[end..].trim_start_matches(',').trim();
        tournament = Some(Tournament { id, buy_in: None, level: None });
    }
    // Home games name their club in braces.
    if rest.starts_with('{')
        && let Some(k) = rest.find('}')
    {
        rest = rest[k + 1..].trim();
    }
    // The first place any game's name starts, in one pass (a byte that starts none is passed
    // over at once).
    const GAMES: [&str; 7] =
        ["Hold'em", "Omaha", "5 Card Omaha", "6 Card Omaha", "Mixed", "Razz", "7 Card"];
    let bytes = rest.as_bytes();
    let game_at = (0..bytes.len()).find(|&k| {
        matches!(bytes[k], b'H' | b'O' | b'5' | b'6' | b'M' | b'R' | b'7')
            && GAMES.iter().any(|g| bytes[k..].starts_with(g.as_bytes()))
    });
    let Some(game_at) = game_at else {
        return err(l.number, format!("expected a game name (Hold'em, Omaha, ...) in `{rest}`"));
    };
    if let Some(t) = tournament.as_mut() {
        let buy_in = rest[..game_at].trim();
        t.buy_in = (!buy_in.is_empty()).then(|| buy_in.to_string());
    }
    let mut desc = &rest[game_at..];
    // Mixed games name the game of the hand in parentheses: `Mixed Hold'em (Hold'em Limit)`,
    // `Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)`.
    if desc.starts_with("Mixed")
        && let Some(open) = desc.find('(')
    {
        desc = &desc[open + 1..];
    }
    // The game ends at its stakes `(`, a ` - ` before the level or date, or a `,` (`Pot Limit
    // Pre-Flop, No Limit Post-Flop`; a mixed game's stakes): a `-` inside a word is kept.
    let paren = desc
        .find(['(', ',', ')'])
        .unwrap_or(desc.len())
        .min(desc.find(" - ").unwrap_or(desc.len()));
    let game_text = desc[..paren].trim();
    let (game, limit) = game_and_limit(game_text, desc, l.number)?;
    if let Some(t) = tournament.as_mut()
        && let Some(k) = find(desc, "Level ")
    {
        let word: String = desc[k + 6..].chars().take_while(|c| c.is_alphanumeric()).collect();
        t.level = roman(&word).or_else(|| word.parse().ok()).filter(|l| (1..=100_000).contains(l));
    }
    // The stakes: the first `(A/B ...)` after the game.
    let mut stakes = None;
    let mut currency = None;
    let mut symbol = None;
    let mut search = &rest[game_at..];
    while let Some(open) = search.find('(') {
        let Some(close) = search[open..].find(')') else { break };
        let inside = &search[open + 1..open + close];
        if let Some((a, b)) = inside.split_once('/') {
            let (b, code) = match b.trim().split_once(' ') {
                Some((b, code)) => (b, Some(code.trim().to_string())),
                None => (b.trim(), None),
            };
            let a = a.trim().rsplit(' ').next().unwrap_or("");
            if let (Some(x), Some(y)) = (amount(a), amount(b)) {
                stakes = Some((x, y));
                currency = code.filter(|c| c.chars().all(|c| c.is_ascii_uppercase()));
                symbol = a.trim().chars().next().filter(|c| !c.is_ascii_digit());
                break;
            }
        }
        search = &search[open + close..];
    }
    let Some(stakes) = stakes else {
        return err(
            l.number,
            "expected the stakes in the header, as `($0.50/$1.00 USD)` or `(10/20)`",
        );
    };
    if currency.is_none() {
        currency = buy_in_currency(tournament.as_ref());
    }
    let play_money = has(desc, "Play Money");
    // Capped no limit: `($1/$2 - $40 Cap - USD)`.
    let cap = find(desc, " Cap").and_then(|k| desc[..k].rsplit(' ').next()).and_then(amount);
    Ok(StarsHand {
        room,
        tournament,
        currency,
        symbol,
        play_money,
        cap,
        time: date_time(t),
        ..StarsHand::new(Some(number), l.number, game, limit, stakes)
    })
}

/// The game and betting structure of a header's `game_text` (`Omaha Hi/Lo Pot Limit`), with
/// `desc`, the header from the game on, for a structure written after the stakes.
fn game_and_limit(
    game_text: &str,
    desc: &str,
    line: usize,
) -> Result<(GameName, Limit), TextError> {
    let game = if game_text.starts_with("Hold'em") {
        GameName::Holdem
    } else if has(game_text, "Omaha") {
        let name = game_text
            .replace(" Pot Limit Pre-Flop", "")
            .replace(" No Limit", "")
            .replace(" Pot Limit", "")
            .replace(" Limit", "")
            .trim()
            .to_string();
        GameName::Omaha(name)
    } else {
        GameName::Other(game_text.to_string())
    };
    let limit = if has(desc, "Pot Limit Pre-Flop") {
        Limit::Mixed
    } else if has(game_text, "No Limit") {
        Limit::NoLimit
    } else if has(game_text, "Pot Limit") {
        Limit::PotLimit
    } else if has(game_text, "Limit") {
        Limit::FixedLimit
    } else {
        return err(line, format!("expected No Limit, Pot Limit or Limit in `{game_text}`"));
    };
    Ok((game, limit))
}

/// The hand a header would start, from its parts as a site gives them, without writing the
/// header and reading it back: what [`parse_header`] reads of `SITE Hand #NUMBER: GAME
/// (SMALL/BIG) - DATE`, the stakes in hundredths written as [`super::collected::written`]
/// writes them, no currency code, the date and time given (as [`date_time`] reads them).
/// `None` when the parts are not ones it reads so (a number of other than letters, digits
/// and `-`, stakes below zero): the header is then written and read. The game's text starts
/// with the name of a game (`Hold'em`, `Omaha`, `5 Card Omaha`, ...).
pub(super) fn headed(
    number: &str,
    line: usize,
    game_text: &str,
    stakes: (i64, i64),
    symbol: Option<char>,
    time: Option<([u32; 6], String)>,
) -> Option<Result<StarsHand, TextError>> {
    let odd_symbol = |c: char| c.is_ascii_digit() || c.is_whitespace() || matches!(c, '(' | '/');
    if number.is_empty()
        || !number.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        || symbol.is_some_and(odd_symbol)
    {
        return None;
    }
    let stakes = (cents_amount(stakes.0)?, cents_amount(stakes.1)?);
    let read = || game_and_limit(game_text, game_text, line);
    let (game, limit) = match plain_game_and_limit(game_text).map(Ok).unwrap_or_else(read) {
        Ok(g) => g,
        Err(e) => return Some(Err(e)),
    };
    Some(Ok(StarsHand {
        symbol,
        time,
        ..StarsHand::new(Some(number.to_string()), line, game, limit, stakes)
    }))
}

/// The hand of a site's header in PokerStars' words, `SITE Hand #NUMBER: GAME (SMALL/BIG) -
/// DATE` ([`site_header_text`]; the game with its structure, the stakes in hundredths written
/// with `symbol`): made from its parts ([`headed`]) where they are ones it makes so (a site's
/// name without `#` nor PokerStars', a game of [`PLAIN_GAMES`] with its structure, a date of
/// [`plain_date`]'s form), else written and
/// read ([`parse_header`]). A date is read alike in the header and alone: what comes before it
/// (a number of letters and digits, a game, the stakes in parentheses and ` - `) holds no
/// date.
pub(super) fn site_header(
    site: &str,
    number: &str,
    line: usize,
    game: &str,
    stakes: (i64, i64),
    symbol: Option<char>,
    date: &str,
) -> Result<StarsHand, TextError> {
    // A site's name with a `#` would move the number; one of PokerStars' names a room.
    let plain_site = !site.contains('#') && !site.starts_with("PokerStars");
    let plain =
        plain_site && plain_game(game) && plain_date(date) && symbol.is_none_or(|c| c != '[');
    if plain && let Some(hand) = headed(number, line, game, stakes, symbol, plain_date_time(date)) {
        return hand;
    }
    let text = site_header_text(site, number, game, stakes, symbol, date);
    parse_header(&Line { number: line, text: &text })
}

/// The games [`site_header`] makes a header of, each followed by ` No Limit`, ` Pot Limit` or
/// ` Limit`.
const PLAIN_GAMES: [&str; 5] = ["Hold'em", "Omaha", "Omaha Hi/Lo", "5 Card Omaha", "6 Card Omaha"];

/// Whether `game` is one of [`PLAIN_GAMES`] with its structure.
fn plain_game(game: &str) -> bool {
    [" No Limit", " Pot Limit", " Limit"]
        .iter()
        .filter_map(|l| game.strip_suffix(l))
        .any(|name| PLAIN_GAMES.contains(&name))
}

/// The game and structure of a game of [`PLAIN_GAMES`] with its structure, as
/// [`game_and_limit`] reads it, without its searches and copies: `None` for any other game.
fn plain_game_and_limit(game: &str) -> Option<(GameName, Limit)> {
    let limits = [
        (" No Limit", Limit::NoLimit),
        (" Pot Limit", Limit::PotLimit),
        (" Limit", Limit::FixedLimit),
    ];
    limits.into_iter().find_map(|(words, limit)| {
        let name = game.strip_suffix(words).filter(|name| PLAIN_GAMES.contains(name))?;
        let game = match name {
            "Hold'em" => GameName::Holdem,
            _ => GameName::Omaha(name.to_string()),
        };
        Some((game, limit))
    })
}

/// The date and time of a date of [`plain_date`]'s form, as [`date_time`] reads it, from the
/// digits' places.
fn plain_date_time(date: &str) -> Option<([u32; 6], String)> {
    let b = date.as_bytes().get(..19)?;
    let number = |at: usize, len: usize| {
        b[at..at + len].iter().fold(0u32, |n, &d| n * 10 + u32::from(d.wrapping_sub(b'0')))
    };
    let d = [number(0, 4), number(5, 2), number(8, 2)];
    let c = [number(11, 2), number(14, 2), number(17, 2)];
    let valid = (1..=9999).contains(&d[0])
        && (1..=12).contains(&d[1])
        && (1..=31).contains(&d[2])
        && c[0] < 24
        && c[1] < 60
        && c[2] < 60;
    let zone = date.get(20..).unwrap_or("");
    valid.then(|| ([d[0], d[1], d[2], c[0], c[1], c[2]], zone.to_string()))
}

/// Whether `date` is `YYYY/MM/DD HH:MM:SS`, perhaps with a zone of one to five letters after a
/// space (the numbers' values are not checked: [`date_time`] checks them alike in a header
/// and alone).
fn plain_date(date: &str) -> bool {
    let b = date.as_bytes();
    let shape = b"dddd/dd/dd dd:dd:dd";
    let Some((head, zone)) = b.split_at_checked(shape.len()) else { return false };
    let head_ok = head.iter().zip(shape).all(|(&c, &s)| match s {
        b'd' => c.is_ascii_digit(),
        _ => c == s,
    });
    let zone_ok = zone.is_empty()
        || (zone[0] == b' '
            && (2..=6).contains(&zone.len())
            && zone[1..].iter().all(u8::is_ascii_alphabetic));
    head_ok && zone_ok
}

/// `SITE Hand #NUMBER: GAME (SMALL/BIG) - DATE`, the stakes in hundredths written with
/// `symbol` as [`super::collected::written`] writes them.
pub(super) fn site_header_text(
    site: &str,
    number: &str,
    game: &str,
    (small, big): (i64, i64),
    symbol: Option<char>,
    date: &str,
) -> String {
    let mut t = String::with_capacity(48 + site.len() + number.len() + game.len() + date.len());
    for w in [site, " Hand #", number, ": ", game, " ("] {
        t.push_str(w);
    }
    super::collected::push_written(&mut t, small, symbol);
    t.push('/');
    super::collected::push_written(&mut t, big, symbol);
    t.push_str(") - ");
    t.push_str(date);
    t
}

/// The currency code at the end of a tournament's buy-in (`$0.91+$0.09 USD`).
fn buy_in_currency(t: Option<&Tournament>) -> Option<String> {
    let word = t?.buy_in.as_deref()?.rsplit(' ').next()?;
    (word.len() == 3 && word.chars().all(|c| c.is_ascii_uppercase())).then(|| word.to_string())
}

/// The hand's date and time: the one in brackets (the site's own, ET) when given, else the
/// first.
pub(super) fn date_time(header: &str) -> Option<([u32; 6], String)> {
    let from = header.rfind('[').unwrap_or(0);
    read_date(&header[from..]).or_else(|| read_date(header))
}

/// The first date and time of `text` (`2025/08/08 23:42:24 ET`): tried where four bytes
/// before a `/` start with a digit (a header has few slashes: they are found with `memchr`).
fn read_date(text: &str) -> Option<([u32; 6], String)> {
    let bytes = text.as_bytes();
    let last = bytes.len().saturating_sub(10);
    for slash in memchr::memchr_iter(b'/', bytes) {
        let Some(k) = slash.checked_sub(4) else { continue };
        if k >= last {
            break;
        }
        if !bytes[k].is_ascii_digit() {
            continue;
        }
        let rest = &text[k..];
        let mut words = rest.split(' ').filter(|w| !w.is_empty() && *w != "-");
        let date = words.next()?;
        let clock = words.next()?;
        let zone: String =
            words.next().unwrap_or("").chars().filter(|c| c.is_ascii_alphabetic()).collect();
        let (d, d_len) = three(date, '/');
        let (c, c_len) = three(clock, ':');
        let valid = d_len == 3
            && c_len == 3
            && (1..=9999).contains(&d[0])
            && (1..=12).contains(&d[1])
            && (1..=31).contains(&d[2])
            && c[0] < 24
            && c[1] < 60
            && c[2] < 60;
        if valid {
            return Some(([d[0], d[1], d[2], c[0], c[1], c[2]], zone));
        }
    }
    None
}

/// The numbers of `text` between `sep`s that read as numbers (the others left out), the first
/// three, and how many there are.
fn three(text: &str, sep: char) -> ([u32; 3], usize) {
    let mut out = [0; 3];
    let mut n = 0;
    for x in text.split(sep).filter_map(|x| x.parse::<u32>().ok()) {
        if let Some(slot) = out.get_mut(n) {
            *slot = x;
        }
        n += 1;
    }
    (out, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain game's quick reading is the full one's, for every plain game and structure,
    /// and it reads no other game.
    #[test]
    fn plain_games_are_read_as_the_header_reads_them() {
        for name in PLAIN_GAMES {
            for limit in [" No Limit", " Pot Limit", " Limit"] {
                let game = [name, limit].concat();
                let full = game_and_limit(&game, &game, 1).unwrap();
                assert_eq!(plain_game_and_limit(&game), Some(full), "{game}");
            }
        }
        for game in ["Hold'em", "Hold'em Spread", "Omaha No", "7 Card Stud Limit", "Razz Limit"] {
            assert_eq!(plain_game_and_limit(game), None, "{game}");
        }
        let mixed = "Omaha Pot Limit Pre-Flop";
        assert_eq!(plain_game_and_limit(mixed), None);
    }

    /// A plain date's quick reading is [`date_time`]'s, valid or not: every field at, just
    /// inside and just outside its bounds, with and without a zone.
    #[test]
    fn plain_dates_are_read_as_the_header_reads_them() {
        let years = ["0000", "0001", "1999", "2025", "9999"];
        let months = ["00", "01", "09", "10", "12", "13", "99"];
        let days = ["00", "01", "28", "31", "32", "99"];
        let hours = ["00", "09", "23", "24", "99"];
        let sixty = ["00", "30", "59", "60", "99"];
        let zones = ["", " ET", " CET", " UTC", " a", " ABCDE"];
        let mut seen = 0;
        for y in years {
            for mo in months {
                for d in days {
                    for h in hours {
                        for (k, m) in sixty.iter().enumerate() {
                            let s = sixty[(k + 2) % sixty.len()];
                            let zone = zones[seen % zones.len()];
                            let date = format!("{y}/{mo}/{d} {h}:{m}:{s}{zone}");
                            assert!(plain_date(&date), "{date}");
                            assert_eq!(plain_date_time(&date), date_time(&date), "{date}");
                            seen += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(seen, 5 * 7 * 6 * 5 * 5);
    }

    /// The usual games and dates are made, not read.
    #[test]
    fn the_usual_games_and_dates_are_plain() {
        for game in ["Hold'em No Limit", "Omaha Hi/Lo Pot Limit", "5 Card Omaha Limit"] {
            assert!(plain_game(game), "{game}");
        }
        for game in ["Hold'em", "Hold'em Spread", "Texas Hold'em No Limit", ""] {
            assert!(!plain_game(game), "{game}");
        }
        for date in ["2011/08/28 00:53:30", "2011/08/07 16:02:00 ET", "2020/01/01 10:00:00 CEST"] {
            assert!(plain_date(date), "{date}");
        }
        for date in ["2011/08/28", "2011-08-28 00:53:30", "2011/08/28 00:53:30 [x]", "1/2/3 4:5:6"]
        {
            assert!(!plain_date(date), "{date}");
        }
    }

    /// A site's header made from its parts is the header written and read, over games,
    /// structures, stakes, currencies, hand numbers and dates (odd ones too).
    #[test]
    fn site_headers_are_made_as_they_are_read() {
        let dates = [
            "2011/08/28 00:53:30",
            "2011/08/07 16:02:00 ET",
            "2016/04/05 08:08:59 PT",
            "1/2/3 4:5:6",
            "2016/04 08:08:59:00",
            "2011/13/28 00:53:30",
            "99999/01/01 00:00:00",
            "2011/08/28 25:00:00",
            "2011/08/28",
            "",
            "[2011/08/28 00:53:30]",
            "2011/08/28 00:53:30 [2012/01/01 00:00:00]",
            "2011/08/28 00:53:30 ET",
            "2011/08/28 00:53:30 CEST",
            "2011/08/28 00:53:30 (x)",
            "2011/08/28 00:53:30 ET 2012/01/01 00:00:00",
            "0000/00/00 00:00:00",
            "2011/02/31 23:59:59",
        ];
        const SITES: [&str; 4] = ["Cake", "Bovada", "Si#te", "PokerStars Zoom"];
        let games = PLAIN_GAMES.iter().copied().chain(["Texas Hold'em", "Razz", "Omaha (x)"]);
        for game in games {
            for limit in ["No Limit", "Pot Limit", "Limit", "Spread"] {
                let game = [game, " ", limit].concat();
                for stakes in [(1, 2), (5, 10), (1000, 2000), (25, 50), (100_000, 200_000), (0, 0)]
                {
                    for s in [None, Some('$'), Some('€'), Some('£')] {
                        for date in dates {
                            for number in ["12345678", "1", "12-3", "1.5", "a b", ""] {
                                for site in SITES {
                                    let text =
                                        site_header_text(site, number, &game, stakes, s, date);
                                    let read = parse_header(&Line { number: 4, text: &text });
                                    let made = site_header(site, number, 4, &game, stakes, s, date);
                                    assert_eq!(format!("{made:?}"), format!("{read:?}"), "{text}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
