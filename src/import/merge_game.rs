//! One Merge `<game>` element read into the facts of its hand ([`Game`]): its players with
//! their balances, its events in the order written, the cards of each round and the winners
//! of each pot. Amounts are read exactly (`$269.96`, `1.00`); cards are written rank first and
//! comma-separated (`Kc,Th`). Every player is named by the seat number the site writes (from
//! 0).

use super::xml_pull::{read_element_fast, Item, Pull, Tag, Wrong};

use crate::record::Amount;

/// A player of a game, as its `<player>` element gives it.
#[derive(Debug)]
pub(super) struct Player {
    /// `seat`, as written (from 0).
    pub seat: u32,
    /// `nickname`.
    pub name: String,
    /// `balance`: the stack the site gives (before or after the blinds: docs/import.md).
    pub balance: Amount,
    /// `dealtin="true"`.
    pub dealt_in: bool,
    /// The element's line.
    pub line: usize,
}

/// One `<event>` (chat left out).
#[derive(Debug)]
pub(super) struct Event {
    /// The `id` of the `<round>` it is in (`BLINDS`, `PREFLOP`, ...).
    pub round: String,
    /// `type`: `SMALL_BLIND`, `CALL`, `RAISE`, ...
    pub kind: String,
    /// The seat of its player, when it names one.
    pub seat: Option<u32>,
    /// `amount`, when written.
    pub amount: Option<Amount>,
    /// A `DRAW`'s `text`: the number of cards the player changes (0 to 5).
    pub count: Option<u32>,
    /// The element's line.
    pub line: usize,
}

/// One `<cards>` element: the board so far, or one player's cards.
#[derive(Debug)]
pub(super) struct Dealt {
    /// The `id` of its `<round>`.
    pub round: String,
    /// `type`: `HOLE`, `SHOWN`, `MUCKED`, `COMMUNITY`.
    pub kind: String,
    /// The seat of the player, for a player's cards.
    pub seat: Option<u32>,
    /// The cards in PHH's letters (`Kc`), `None` for one not shown.
    pub cards: Vec<Option<String>>,
    /// The element's line.
    pub line: usize,
}

/// One `<winner>`: what the site paid a player from a pot.
#[derive(Debug)]
pub(super) struct Winner {
    /// The seat of the player.
    pub seat: u32,
    /// `amount`.
    pub amount: Amount,
    /// `uncalled="true"`: the player's own bet nobody called, handed back.
    pub uncalled: bool,
    /// The element's line.
    pub line: usize,
}

/// A game (one hand) read from its element.
#[derive(Debug)]
pub(super) struct Game {
    /// `id`.
    pub id: String,
    /// `starttime`: year, month, day, hour, minute, second.
    pub time: Option<[u32; 6]>,
    /// `numholecards`.
    pub hole: Option<usize>,
    /// The dealer's seat (`<players dealer="...">`).
    pub dealer: Option<u32>,
    /// The players, as listed.
    pub players: Vec<Player>,
    /// The events, in the order written.
    pub events: Vec<Event>,
    /// The cards, in the order written.
    pub cards: Vec<Dealt>,
    /// The winners, in the order written.
    pub winners: Vec<Winner>,
    /// The rounds' `id`s, in the order written.
    pub rounds: Vec<String>,
    /// The line of each round's element, as [`Game::rounds`] lists them.
    pub round_lines: Vec<usize>,
    /// `multigametype`: the game of a mixed game's hand, as a number.
    pub multigame: Option<u32>,
    /// The currency symbol the balances are written with, if any.
    pub symbol: Option<char>,
}

/// An amount as Merge writes it: digits with an optional decimal point and thousands marked by
/// commas, after an optional currency symbol (`$269.96`, `1.00`, `4460.00`); the symbol, if
/// any, comes back too.
pub(super) fn money(text: &str) -> Option<(Amount, Option<char>)> {
    let t = text.trim();
    let first = t.chars().next()?;
    let (symbol, body) = if first.is_ascii_digit() {
        (None, t)
    } else if !first.is_alphanumeric() && first != '-' && first != '.' {
        (Some(first), &t[first.len_utf8()..])
    } else {
        return None;
    };
    Amount::parse_grouped(body.as_bytes()).map(|a| (a, symbol))
}

/// A card as Merge writes it (`Kc`, `Th`, `10h`; `null` or `xx` not shown) in PHH's letters.
pub(super) fn card(text: &str) -> Result<Option<String>, ()> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("null") || t.eq_ignore_ascii_case("xx") || t == "?" {
        return Ok(None);
    }
    let mut chars = t.chars();
    let suit = chars.next_back().ok_or(())?;
    let rank = match chars.as_str().to_ascii_uppercase().as_str() {
        "10" | "T" => 'T',
        r @ ("2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "J" | "Q" | "K" | "A") => {
            r.chars().next().ok_or(())?
        }
        _ => return Err(()),
    };
    let suit = match suit.to_ascii_lowercase() {
        s @ ('c' | 'd' | 'h' | 's') => s,
        _ => return Err(()),
    };
    Ok(Some([rank, suit].into_iter().collect()))
}

/// `YYYYMMDDHHMMSS`.
pub(super) fn time14(text: &str) -> Option<[u32; 6]> {
    let t = text.trim();
    if t.len() != 14 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let part = |a: usize, b: usize| t[a..b].parse::<u32>().ok();
    let n = [part(0, 4)?, part(4, 6)?, part(6, 8)?, part(8, 10)?, part(10, 12)?, part(12, 14)?];
    let [y, mo, d, h, mi, s] = n;
    ((1990..=2100).contains(&y)
        && (1..=12).contains(&mo)
        && (1..=31).contains(&d)
        && h < 24
        && mi < 60
        && s < 61)
        .then_some(n)
}

/// A seat number as written (`0` to `99`).
fn seat(text: &str) -> Option<u32> {
    text.trim().parse::<u32>().ok().filter(|&s| s < 100)
}

/// Reads the hand's `<game>` element (`text`, starting at `line`); what is wrong says its line
/// and what was expected.
pub(super) fn parse(text: &str, line: usize) -> Result<Game, String> {
    read_element_fast(text, line, "`<game>`", |pull| {
        let mut game = fresh();
        read_game(pull, &mut game)?;
        Ok(game)
    })
}

/// A game before its element is read.
fn fresh() -> Game {
    Game {
        id: String::new(),
        time: None,
        hole: None,
        dealer: None,
        players: Vec::with_capacity(10),
        events: Vec::with_capacity(32),
        cards: Vec::with_capacity(12),
        winners: Vec::with_capacity(4),
        rounds: Vec::with_capacity(8),
        round_lines: Vec::with_capacity(8),
        multigame: None,
        symbol: None,
    }
}

/// An amount attribute of a tag, when written and not blank.
fn amount(t: &Tag<'_>, name: &str) -> Result<Option<(Amount, Option<char>)>, String> {
    let Some(v) = t.attr(name) else { return Ok(None) };
    if v.trim().is_empty() {
        return Ok(None);
    }
    money(v).map(Some).ok_or_else(|| {
        format!(
            "line {}: `{name}=\"{v}\"` is not an amount (expected digits with an optional currency mark, as in `$269.96` or `1.00`)",
            t.line
        )
    })
}

/// The seat a tag's `player` names.
fn seat_of(t: &Tag<'_>, what: &str) -> Result<u32, String> {
    let v = t.attr("player").unwrap_or_default();
    seat(v).ok_or_else(|| {
        format!(
            "line {}: the {what}'s `player=\"{v}\"` is not a seat number (expected `player=\"0\"` to `player=\"99\"`)",
            t.line
        )
    })
}

/// The facts of the game, read into `game` tag by tag.
fn read_game(pull: &mut Pull<'_>, game: &mut Game) -> Result<(), Wrong> {
    // The `id`s of the rounds open, innermost last.
    let mut rounds: Vec<String> = Vec::with_capacity(2);
    let round_of = |rounds: &[String]| rounds.last().cloned().unwrap_or_default();
    while let Some(item) = pull.next()? {
        let t = match item {
            Item::Open(t) => t,
            Item::Close(name) => {
                // Elements close in the order opened: this is the innermost round's end.
                if name == "round" {
                    rounds.pop();
                }
                continue;
            }
            Item::Text(_) => continue,
        };
        if t.depth == 1 {
            t.attr("id").unwrap_or_default().clone_into(&mut game.id);
            game.time = t.attr("starttime").and_then(time14);
            game.hole = t.attr("numholecards").and_then(|h| h.trim().parse().ok());
            game.multigame = t.attr("multigametype").and_then(|m| m.trim().parse().ok());
        }
        match t.name {
            "players" => game.dealer = t.attr("dealer").and_then(seat),
            "round" => {
                let id = t.attr("id").unwrap_or_default().to_string();
                game.rounds.push(id.clone());
                game.round_lines.push(t.line);
                rounds.push(id);
            }
            "player" => {
                let Some(s) = t.attr("seat").and_then(seat) else {
                    return Err(Wrong::Fact(format!(
                        "line {}: `<player>` has no seat number (expected `seat=\"0\"` to `seat=\"99\"`)",
                        t.line
                    )));
                };
                let name = t.attr("nickname").unwrap_or_default().to_string();
                if game.players.iter().any(|p| p.seat == s) {
                    return Err(Wrong::Fact(format!(
                        "line {}: seat {s} is listed twice (expected one `<player>` per seat)",
                        t.line
                    )));
                }
                let Some((balance, symbol)) = amount(t, "balance")? else {
                    return Err(Wrong::Fact(format!(
                        "line {}: `<player>` of seat {s} has no `balance` (expected an amount)",
                        t.line
                    )));
                };
                game.symbol = game.symbol.or(symbol);
                let dealt_in = t.attr("dealtin").is_some_and(|d| d.trim() == "true");
                game.players.push(Player { seat: s, name, balance, dealt_in, line: t.line });
            }
            "event" => {
                let kind = t.attr("type").unwrap_or_default();
                if kind == "CHAT" {
                    continue;
                }
                let seat =
                    if t.attr("player").is_some() { Some(seat_of(t, "event")?) } else { None };
                let amount = amount(t, "amount")?.map(|a| a.0);
                let count = if kind == "DRAW" {
                    let v = t.attr("text").unwrap_or_default();
                    let Some(c) = v.trim().parse::<u32>().ok().filter(|&c| c <= 5) else {
                        return Err(Wrong::Fact(format!(
                            "line {}: the draw's `text=\"{v}\"` is not a number of cards (expected `text=\"0\"` to `text=\"5\"`)",
                            t.line
                        )));
                    };
                    Some(c)
                } else {
                    None
                };
                game.events.push(Event {
                    round: round_of(&rounds),
                    kind: kind.to_string(),
                    seat,
                    amount,
                    count,
                    line: t.line,
                });
            }
            "cards" => {
                let seat = match t.attr("player").map(str::trim) {
                    None | Some("" | "-1") => None,
                    Some(_) => Some(seat_of(t, "cards")?),
                };
                let text = t.attr("cards").unwrap_or_default();
                let cards = text
                    .split(',')
                    .filter(|c| !c.trim().is_empty())
                    .map(card)
                    .collect::<Result<Vec<_>, ()>>()
                    .map_err(|()| {
                        format!(
                            "line {}: `cards=\"{text}\"` is not a list of cards (expected ranks then suits, comma-separated, as in `Kc,Th`)",
                            t.line
                        )
                    })?;
                let kind = t.attr("type").unwrap_or_default().to_string();
                game.cards.push(Dealt {
                    round: round_of(&rounds),
                    kind,
                    seat,
                    cards,
                    line: t.line,
                });
            }
            "winner" => {
                let seat = seat_of(t, "winner")?;
                let Some((amount, _)) = amount(t, "amount")? else {
                    return Err(Wrong::Fact(format!(
                        "line {}: `<winner>` has no `amount` (expected what the player won)",
                        t.line
                    )));
                };
                let uncalled = t.attr("uncalled").is_some_and(|u| u.trim() == "true");
                game.winners.push(Winner { seat, amount, uncalled, line: t.line });
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_exactly_with_their_symbol() {
        let m = |t: &str| money(t).map(|(a, s)| (a.units, a.places, s));
        assert_eq!(m("$269.96"), Some((26996, 2, Some('$'))));
        assert_eq!(m("1.00"), Some((100, 2, None)));
        assert_eq!(m("4460.00"), Some((446000, 2, None)));
        assert_eq!(m("€1,440.5"), Some((14405, 1, Some('€'))));
        assert_eq!(m("1.2.3x"), None);
        assert_eq!(m("-5"), None);
        assert_eq!(m("$"), None);
        assert_eq!(m(""), None);
    }

    #[test]
    fn cards_are_read_rank_first() {
        assert_eq!(card("Kc"), Ok(Some("Kc".into())));
        assert_eq!(card("10h"), Ok(Some("Th".into())));
        assert_eq!(card("ts"), Ok(Some("Ts".into())));
        assert_eq!(card("null"), Ok(None));
        assert_eq!(card("Kx"), Err(()));
        assert_eq!(card("1c"), Err(()));
        assert_eq!(card(""), Err(()));
        assert_eq!(card("ß"), Err(()));
        assert_eq!(card("Aß"), Err(()));
    }

    #[test]
    fn a_start_time_is_fourteen_digits() {
        assert_eq!(time14("20120529015906"), Some([2012, 5, 29, 1, 59, 6]));
        assert_eq!(time14("20121329015906"), None);
        assert_eq!(time14("2012052901590"), None);
    }

    #[test]
    fn what_is_wrong_says_its_line() {
        let text = "<game id=\"1\">\n<players dealer=\"0\">\n<player seat=\"x\" nickname=\"A\" balance=\"$1\"/>\n</players></game>";
        let why = parse(text, 10).unwrap_err();
        assert!(why.starts_with("line 12: `<player>` has no seat number"), "{why}");
        let text = "<game id=\"1\">\n<round id=\"BLINDS\">\n<event type=\"BET\" player=\"0\" amount=\"1.2.3x\"/>\n</round></game>";
        let why = parse(text, 1).unwrap_err();
        assert!(why.starts_with("line 3: `amount=\"1.2.3x\"` is not an amount"), "{why}");
        let why = parse("<game id=\"1\">\n<players dealer=>", 5).unwrap_err();
        assert!(
            why.starts_with("line 6, column 17: the `<game>` element is not well-formed"),
            "{why}"
        );
    }
}
