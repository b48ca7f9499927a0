//! One Merge `<game>` element read into the facts of its hand ([`Game`]): its players with
//! their balances, its events in the order written, the cards of each round and the winners
//! of each pot. Amounts are read exactly (`$269.96`, `1.00`); cards are written rank first and
//! comma-separated (`Kc,Th`). Every player is named by the seat number the site writes (from
//! 0).

use roxmltree::{Document, Node};

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
    Ok(Some(format!("{rank}{suit}")))
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
    let doc = Document::parse(text).map_err(|e| {
        let pos = e.pos();
        let at = format!("line {}, column {}", line + pos.row as usize - 1, pos.col);
        let why = e.to_string();
        let why = why.strip_suffix(&format!(" at {}:{}", pos.row, pos.col)).unwrap_or(&why);
        format!("{at}: the `<game>` element is not well-formed XML: {why}")
    })?;
    let ends: Vec<usize> = memchr::memchr_iter(b'\n', text.as_bytes()).collect();
    let at = |n: Node<'_, '_>| line + ends.partition_point(|&k| k < n.range().start);
    let root = doc.root_element();
    let mut game = Game {
        id: root.attribute("id").unwrap_or_default().to_string(),
        time: root.attribute("starttime").and_then(time14),
        hole: root.attribute("numholecards").and_then(|h| h.trim().parse().ok()),
        dealer: None,
        players: Vec::new(),
        events: Vec::new(),
        cards: Vec::new(),
        winners: Vec::new(),
        rounds: Vec::new(),
        symbol: None,
    };
    let amount = |n: Node<'_, '_>, name: &str| -> Result<Option<(Amount, Option<char>)>, String> {
        let Some(v) = n.attribute(name) else { return Ok(None) };
        if v.trim().is_empty() {
            return Ok(None);
        }
        money(v).map(Some).ok_or_else(|| {
            format!(
                "line {}: `{name}=\"{v}\"` is not an amount (expected digits with an optional currency mark, as in `$269.96` or `1.00`)",
                at(n)
            )
        })
    };
    let seat_of = |n: Node<'_, '_>, what: &str| -> Result<u32, String> {
        let v = n.attribute("player").unwrap_or_default();
        seat(v).ok_or_else(|| {
            format!(
                "line {}: the {what}'s `player=\"{v}\"` is not a seat number (expected `player=\"0\"` to `player=\"99\"`)",
                at(n)
            )
        })
    };
    let round_of = |n: Node<'_, '_>| {
        n.ancestors()
            .find(|a| a.tag_name().name() == "round")
            .and_then(|r| r.attribute("id"))
            .unwrap_or_default()
            .to_string()
    };
    for n in root.descendants().filter(Node::is_element) {
        match n.tag_name().name() {
            "players" => game.dealer = n.attribute("dealer").and_then(seat),
            "round" => game.rounds.push(n.attribute("id").unwrap_or_default().to_string()),
            "player" => {
                let Some(s) = n.attribute("seat").and_then(seat) else {
                    return Err(format!(
                        "line {}: `<player>` has no seat number (expected `seat=\"0\"` to `seat=\"99\"`)",
                        at(n)
                    ));
                };
                let name = n.attribute("nickname").unwrap_or_default().to_string();
                if game.players.iter().any(|p| p.seat == s) {
                    return Err(format!(
                        "line {}: seat {s} is listed twice (expected one `<player>` per seat)",
                        at(n)
                    ));
                }
                let Some((balance, symbol)) = amount(n, "balance")? else {
                    return Err(format!(
                        "line {}: `<player>` of seat {s} has no `balance` (expected an amount)",
                        at(n)
                    ));
                };
                game.symbol = game.symbol.or(symbol);
                let dealt_in = n.attribute("dealtin").is_some_and(|d| d.trim() == "true");
                game.players.push(Player { seat: s, name, balance, dealt_in, line: at(n) });
            }
            "event" => {
                let kind = n.attribute("type").unwrap_or_default().to_string();
                if kind == "CHAT" {
                    continue;
                }
                let seat =
                    if n.attribute("player").is_some() { Some(seat_of(n, "event")?) } else { None };
                let amount = amount(n, "amount")?.map(|a| a.0);
                game.events.push(Event { round: round_of(n), kind, seat, amount, line: at(n) });
            }
            "cards" => {
                let seat = match n.attribute("player").map(str::trim) {
                    None | Some("" | "-1") => None,
                    Some(_) => Some(seat_of(n, "cards")?),
                };
                let text = n.attribute("cards").unwrap_or_default();
                let cards = text
                    .split(',')
                    .filter(|c| !c.trim().is_empty())
                    .map(card)
                    .collect::<Result<Vec<_>, ()>>()
                    .map_err(|()| {
                        format!(
                            "line {}: `cards=\"{text}\"` is not a list of cards (expected ranks then suits, comma-separated, as in `Kc,Th`)",
                            at(n)
                        )
                    })?;
                let kind = n.attribute("type").unwrap_or_default().to_string();
                game.cards.push(Dealt { round: round_of(n), kind, seat, cards, line: at(n) });
            }
            "winner" => {
                let seat = seat_of(n, "winner")?;
                let Some((amount, _)) = amount(n, "amount")? else {
                    return Err(format!(
                        "line {}: `<winner>` has no `amount` (expected what the player won)",
                        at(n)
                    ));
                };
                let uncalled = n.attribute("uncalled").is_some_and(|u| u.trim() == "true");
                game.winners.push(Winner { seat, amount, uncalled, line: at(n) });
            }
            _ => {}
        }
    }
    Ok(game)
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
