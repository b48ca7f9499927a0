//! One iPoker `<game>` element read into the facts of its hand ([`Game`]): its players with
//! their chips and the site's `win` and `bet` for each, its actions in the order of their
//! numbers, and the cards of each round; and a session's `<general>` ([`Session`]). Amounts are
//! read exactly, whatever marks they carry (`$1,440.50`, `€0,02`, `RSD1`, `1 440`); cards are
//! written suit first (`H4 C10 SA`, `X` for a card not shown).

use super::xml_pull::{read_element_fast, Item, Pull, Tag, Wrong, XmlError};

use crate::record::Amount;

/// Nothing.
const ZERO: Amount = Amount { units: 0, places: 0 };

/// A session's `<general>`: its fields by name, and its line.
#[derive(Debug, Default)]
pub(super) struct Session {
    /// The line of the `<session>` element.
    pub line: usize,
    /// Its `sessioncode`.
    pub code: String,
    /// The line of its `<general>`, 0 when it has none.
    pub general_line: usize,
    /// Each field of its `<general>` (`gametype`, `currency`, `tablename`, ...) with its text.
    pub fields: Vec<(String, String)>,
    /// Why its `<general>` cannot be read, with the line.
    pub error: Option<String>,
}

impl Session {
    /// A session opened at `line` whose `<general>` is still to come.
    pub fn empty(line: usize, code: String) -> Session {
        Session { line, code, ..Session::default() }
    }

    /// Reads the session's `<general>` element (`text`, starting at `line`; `closed` when the
    /// text reaches its end tag).
    pub fn read_general(&mut self, text: &[u8], line: usize, closed: bool) {
        self.general_line = line;
        if !closed {
            self.error = Some(format!(
                "line {line}: the session's `<general>` element is never closed (`</general>`)"
            ));
            return;
        }
        let (text, _) = super::decode::decode_borrowed(text);
        if let Err(e) = self.read_fields(&text, line) {
            self.fields.clear();
            self.error = Some(format!(
                "{}: the session's `<general>` is not well-formed XML: {}",
                e.at(),
                e.why
            ));
        }
    }

    /// Each element inside `<general>` (`text`, starting at `line`) with its text.
    fn read_fields(&mut self, text: &str, line: usize) -> Result<(), XmlError> {
        let mut fast = Pull::fast(text, line);
        if self.read_fields_by(&mut fast).is_ok() && !fast.gave_up() {
            return Ok(());
        }
        // Read again by quick-xml, which tells what is wrong (see [`Pull::fast`]).
        self.fields.clear();
        self.read_fields_by(&mut Pull::new(text, line))
    }

    /// Each element inside `<general>` read by `pull`.
    fn read_fields_by(&mut self, pull: &mut Pull<'_>) -> Result<(), XmlError> {
        // Whether the field just opened takes the text that follows.
        let mut fresh = false;
        while let Some(item) = pull.next()? {
            match item {
                Item::Open(t) => {
                    fresh = t.depth == 2;
                    if fresh {
                        self.fields.push((t.name.to_string(), String::new()));
                    }
                }
                Item::Text(t) if fresh => {
                    if let Some(f) = self.fields.last_mut() {
                        f.1 = t.trim().to_string();
                    }
                    fresh = false;
                }
                _ => fresh = false,
            }
        }
        Ok(())
    }

    /// The text of field `name`, when the session has it and it is not empty nor `N/A`.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty() && *v != "N/A")
    }
}

/// A player of a game, as its `<player>` element gives it.
#[derive(Debug)]
pub(super) struct Player {
    /// `seat`.
    pub seat: u32,
    /// `name`.
    pub name: String,
    /// `chips`: the stack at the start of the hand.
    pub chips: Amount,
    /// `win`: what the site paid the player (after rake, the uncalled bet included).
    pub win: Option<Amount>,
    /// `bet`: what the player put in.
    pub bet: Option<Amount>,
    /// `rake`: the rake the site took from the player's winnings, when written.
    pub rake: Option<Amount>,
    /// The element's line.
    pub line: usize,
}

/// One `<action>`.
#[derive(Debug)]
pub(super) struct Act {
    /// `no`: the order of the hand's actions.
    pub no: u32,
    /// The round it is in.
    pub round: u32,
    /// The player (an index into [`Game::players`]).
    pub player: usize,
    /// `type` (1 small blind, 2 big blind, 3 call, ...: docs/import.md).
    pub kind: u32,
    /// `sum`.
    pub sum: Amount,
    /// `sum="DP"` (type 7): the player was disconnected and is protected all in.
    pub protected: bool,
    /// The element's line.
    pub line: usize,
}

/// One `<cards>` element: board cards, or one player's.
#[derive(Debug)]
pub(super) struct Dealt {
    /// The round it is in.
    pub round: u32,
    /// `type`: `Pocket`, `Flop`, `Turn`, `River`, `Third Street`, ...
    pub kind: String,
    /// The player, for a player's cards.
    pub player: Option<usize>,
    /// The cards in PHH's letters (`Ah`), `None` for one not shown.
    pub cards: Vec<Option<String>>,
    /// The element's line.
    pub line: usize,
}

/// A game (one hand) read from its element.
#[derive(Debug)]
pub(super) struct Game {
    /// `gamecode`.
    pub code: String,
    /// `<startdate>`: year, month, day, hour, minute, second.
    pub time: Option<[u32; 6]>,
    /// The players, as listed.
    pub players: Vec<Player>,
    /// The actions, in the order of their numbers.
    pub acts: Vec<Act>,
    /// The cards, as written.
    pub cards: Vec<Dealt>,
    /// The currency symbol the amounts are written with, if any.
    pub symbol: Option<char>,
    /// The seat of the player marked `dealer="1"` (an empty seat may be).
    pub button: Option<u32>,
}

/// Reads an amount as iPoker writes it: an optional currency mark before or after (`$`, `€`,
/// `£`, `RSD`), digits with thousands marked by commas, points or spaces, and a decimal point
/// or comma (a comma followed by exactly three digits marks thousands). The mark, if a
/// one-character symbol, comes back too.
pub(super) fn money(text: &str) -> Option<(Amount, Option<char>)> {
    let t = text.trim();
    // Most amounts: digits, perhaps a point and one or two digits of cents, perhaps a sign of
    // one character before them (`$0.25`).
    let sign = t.chars().next().filter(|&c| {
        // The usual marks first: no lookup in Unicode's tables for them.
        matches!(c, '$' | '€' | '£') || (!c.is_alphanumeric() && !matches!(c, '-' | '.' | ','))
    });
    let digits = sign.map_or(t, |c| &t[c.len_utf8()..]);
    let b = digits.as_bytes();
    let point = b.iter().position(|c| !c.is_ascii_digit()).unwrap_or(b.len());
    let cents = b.len().saturating_sub(point + 1);
    let plain = point > 0
        && (point == b.len() || (b[point] == b'.' && (cents == 1 || cents == 2)))
        && b[point.saturating_add(1).min(b.len())..].iter().all(u8::is_ascii_digit);
    if plain {
        return Amount::parse(digits).map(|a| (a, sign));
    }
    let start = t.find(|c: char| c.is_ascii_digit() || c == '-')?;
    let end = t.rfind(|c: char| c.is_ascii_digit())? + 1;
    let (mark, body, after) = (&t[..start], &t[start..end], &t[end..]);
    let markword = |m: &str| m.trim().chars().all(|c| !c.is_ascii_digit() && c != '.' && c != ',');
    if !markword(mark) || !markword(after) {
        return None;
    }
    let symbol = {
        let m = if mark.trim().is_empty() { after.trim() } else { mark.trim() };
        let mut chars = m.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_alphanumeric() => Some(c),
            _ => None,
        }
    };
    let mut digits = String::with_capacity(body.len());
    let last_point = body.rfind('.');
    let last_comma = body.rfind(',');
    let decimal = match (last_point, last_comma) {
        (Some(p), Some(c)) => Some(p.max(c)),
        (Some(k), None) | (None, Some(k)) => {
            // One mark: a decimal mark, unless followed by exactly three digits after a whole
            // number that is not zero (`1,440`, `60.000`: thousands).
            let mark = &body[k..=k];
            let thousands =
                body.len() - k - 1 == 3 && !body[..k].trim_start_matches(['-', '0']).is_empty();
            (body.matches(mark).count() == 1 && !thousands).then_some(k)
        }
        (None, None) => None,
    };
    for (k, ch) in body.char_indices() {
        match ch {
            '0'..='9' | '-' => digits.push(ch),
            '.' | ',' if Some(k) == decimal => digits.push('.'),
            '.' | ',' | ' ' | '\u{a0}' | '\'' => {}
            _ => return None,
        }
    }
    Amount::parse(&digits).map(|a| (a, symbol))
}

/// A card as iPoker writes it (`H4`, `C10`, `SA`; `X` not shown) in PHH's letters (`4h`,
/// `Tc`, `As`; `None`), or `Err` when it is none.
fn card(text: &str) -> Result<Option<String>, ()> {
    if text.eq_ignore_ascii_case("x") {
        return Ok(None);
    }
    let mut chars = text.chars();
    let suit = match chars.next().map(|c| c.to_ascii_uppercase()) {
        Some('H') => 'h',
        Some('D') => 'd',
        Some('C') => 'c',
        Some('S') => 's',
        _ => return Err(()),
    };
    let rank = match chars.as_str().to_ascii_uppercase().as_str() {
        "10" | "T" => 'T',
        r @ ("2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "J" | "Q" | "K" | "A") => {
            r.chars().next().ok_or(())?
        }
        _ => return Err(()),
    };
    Ok(Some([rank, suit].into_iter().collect()))
}

/// `YYYY-MM-DD HH:MM:SS` (or `DD-MM-YYYY`, any of `-`, `/`, `.` between the date's parts).
fn time(text: &str) -> Option<[u32; 6]> {
    let mut parts = text.split(|c: char| !c.is_ascii_digit()).filter(|p| !p.is_empty());
    let mut n = [0u32; 6];
    for (k, slot) in n.iter_mut().enumerate() {
        let p = parts.next()?;
        if p.len() > 4 || (k > 2 && p.len() > 2) {
            return None;
        }
        *slot = p.parse().ok()?;
    }
    if n[0] < 100 && n[2] >= 1000 {
        n.swap(0, 2);
    }
    let [y, mo, d, h, mi, s] = n;
    ((1990..=2100).contains(&y)
        && (1..=12).contains(&mo)
        && (1..=31).contains(&d)
        && h < 24
        && mi < 60
        && s < 61)
        .then_some(n)
}

/// Reads the hand's `<game>` element (`text`, starting at `line`); what is wrong says its line
/// and what was expected.
pub(super) fn parse(text: &str, line: usize) -> Result<Game, String> {
    let mut game = read_element_fast(text, line, "`<game>`", |pull| {
        let mut game = Game {
            code: String::new(),
            time: None,
            players: Vec::with_capacity(10),
            acts: Vec::with_capacity(32),
            cards: Vec::with_capacity(12),
            symbol: None,
            button: None,
        };
        read_game(pull, &mut game)?;
        Ok(game)
    })?;
    game.acts.sort_by_key(|a| (a.no, a.round));
    Ok(game)
}

/// The facts of the game, read into `game` tag by tag.
fn read_game(pull: &mut Pull<'_>, game: &mut Game) -> Result<(), Wrong> {
    let mut symbol = None;
    let mut amount = |t: &Tag<'_>, name: &str, needed: bool| -> Result<Option<Amount>, String> {
        let Some(v) = t.attr(name) else {
            return if needed {
                Err(format!("line {}: `<{}>` has no `{name}` (expected an amount)", t.line, t.name))
            } else {
                Ok(None)
            };
        };
        match money(v) {
            Some((a, s)) => {
                symbol = symbol.or(s);
                Ok(Some(a))
            }
            None => Err(format!(
                "line {}: `{name}=\"{v}\"` is not an amount (expected digits with an optional currency mark, as in `$1,440.50` or `€0,02`)",
                t.line
            )),
        }
    };
    // The numbers of the rounds open, innermost last.
    let mut rounds: Vec<u32> = Vec::with_capacity(2);
    // What the text that follows a tag just opened is: the start date, or cards.
    let mut fresh = Fresh::None;
    while let Some(item) = pull.next()? {
        let t = match item {
            Item::Open(t) => t,
            Item::Text(text) => {
                match std::mem::replace(&mut fresh, Fresh::None) {
                    Fresh::None => {}
                    Fresh::Date => game.time = time(&text),
                    Fresh::Cards(k) => read_cards(&mut game.cards[k], &text)?,
                }
                continue;
            }
            Item::Close(name) => {
                fresh = Fresh::None;
                // Elements close in the order opened: this is the innermost round's end.
                if name == "round" {
                    rounds.pop();
                }
                continue;
            }
        };
        fresh = Fresh::None;
        let round = rounds.last().copied().unwrap_or(0);
        if t.depth == 1 {
            t.attr("gamecode").unwrap_or_default().clone_into(&mut game.code);
        }
        match t.name {
            "round" => {
                let no = t.attr("no").and_then(|v| v.trim().parse().ok()).unwrap_or(0);
                rounds.push(no);
            }
            "startdate" if t.parent == "general" => fresh = Fresh::Date,
            "player" => {
                let seat = t.attr("seat").and_then(|s| s.trim().parse::<u32>().ok());
                let Some(seat) = seat.filter(|s| (1..=100).contains(s)) else {
                    return Err(Wrong::Fact(format!(
                        "line {}: `<player>` has no seat number (expected `seat=\"1\"` to `seat=\"100\"`)",
                        t.line
                    )));
                };
                let name = t.attr("name").unwrap_or_default();
                let dealer = t.attr("dealer").is_some_and(|d| d.trim() == "1");
                if dealer {
                    game.button = Some(seat);
                }
                // An empty seat: no name (and no chips).
                if name.is_empty() {
                    continue;
                }
                if game.players.iter().any(|p| p.name == name) {
                    return Err(Wrong::Fact(format!(
                        "line {}: the player of seat {seat} has the name of another player (expected a `name` of its own)",
                        t.line
                    )));
                }
                game.players.push(Player {
                    seat,
                    chips: amount(t, "chips", true)?.unwrap_or(ZERO),
                    win: amount(t, "win", false)?,
                    bet: amount(t, "bet", false)?,
                    rake: amount(t, "rake", false)?,
                    line: t.line,
                    name: name.to_string(),
                });
            }
            "action" => {
                let who = t.attr("player").unwrap_or_default();
                let Some(player) = game.players.iter().position(|p| p.name == who) else {
                    return Err(Wrong::Fact(format!(
                        "line {}: the action is by `{who}`, who has no `<player>` in the game (expected one of its players)",
                        t.line
                    )));
                };
                let number = |name: &str| t.attr(name).and_then(|v| v.trim().parse::<u32>().ok());
                let (Some(no), Some(kind)) = (number("no"), number("type")) else {
                    return Err(Wrong::Fact(format!(
                        "line {}: the action has no number or no type (expected `no=\"N\"` and `type=\"N\"`)",
                        t.line
                    )));
                };
                let protected = t.attr("sum").is_some_and(|s| s.trim() == "DP");
                let sum = if protected { ZERO } else { amount(t, "sum", false)?.unwrap_or(ZERO) };
                game.acts.push(Act { no, round, player, kind, sum, protected, line: t.line });
            }
            "cards" => {
                let who = t.attr("player").unwrap_or_default();
                let player = if who.is_empty() {
                    None
                } else {
                    Some(game.players.iter().position(|p| p.name == who).ok_or_else(|| {
                        format!(
                            "line {}: the cards are dealt to `{who}`, who has no `<player>` in the game",
                            t.line
                        )
                    })?)
                };
                let kind = t.attr("type").unwrap_or_default().to_string();
                game.cards.push(Dealt { round, kind, player, cards: Vec::new(), line: t.line });
                fresh = Fresh::Cards(game.cards.len() - 1);
            }
            _ => {}
        }
    }
    game.symbol = symbol;
    Ok(())
}

/// What the text after a tag just opened is.
enum Fresh {
    None,
    /// The game's `<startdate>`.
    Date,
    /// The cards of `game.cards[k]`.
    Cards(usize),
}

/// The cards of a `<cards>` element's text (`H4 C10 SA`) into `dealt`.
fn read_cards(dealt: &mut Dealt, text: &str) -> Result<(), String> {
    dealt.cards = text.split_whitespace().map(card).collect::<Result<Vec<_>, ()>>().map_err(|()| {
        format!(
            "line {}: `{}` is not a list of cards (expected a suit then a rank, as in `H4 C10 SA`, or `X`)",
            dealt.line,
            text.trim()
        )
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(text: &str) -> Option<String> {
        money(text).map(|(a, _)| format!("{}/{}", a.units, a.places))
    }

    #[test]
    fn amounts_are_read_exactly_whatever_their_marks() {
        assert_eq!(m("$5,753.50").as_deref(), Some("575350/2"));
        assert_eq!(m("1,440").as_deref(), Some("1440/0"));
        assert_eq!(m("€0,02").as_deref(), Some("2/2"));
        assert_eq!(m("60.000").as_deref(), Some("60000/0"));
        assert_eq!(m("0.125").as_deref(), Some("125/3"));
        assert_eq!(m("1.234,5 €").as_deref(), Some("12345/1"));
        assert_eq!(m("RSD1").as_deref(), Some("1/0"));
        assert_eq!(m("10 000").as_deref(), Some("10000/0"));
        assert_eq!(m("£0").as_deref(), Some("0/0"));
        assert_eq!(money("€0,02").map(|x| x.1), Some(Some('€')));
        assert_eq!(m(" 0.50 ").as_deref(), Some("50/2"));
        assert_eq!(m("12").as_deref(), Some("12/0"));
        assert_eq!(m("3.5").as_deref(), Some("35/1"));
        assert_eq!(money("$0.25").map(|x| x.1), Some(Some('$')));
        assert_eq!(m("$0.25").as_deref(), Some("25/2"));
        assert_eq!(m("€7").as_deref(), Some("7/0"));
        assert_eq!(m("€ 7").as_deref(), Some("7/0"));
        assert_eq!(m(".5"), None);
        assert_eq!(m("abc"), None);
        assert_eq!(m("1$2"), None);
        assert_eq!(m(""), None);
    }

    #[test]
    fn cards_are_read_suit_first() {
        assert_eq!(card("H4"), Ok(Some("4h".into())));
        assert_eq!(card("C10"), Ok(Some("Tc".into())));
        assert_eq!(card("SA"), Ok(Some("As".into())));
        assert_eq!(card("x"), Ok(None));
        assert_eq!(card("A4"), Err(()));
        assert_eq!(card("H1"), Err(()));
    }

    #[test]
    fn dates_are_read_either_way_round() {
        assert_eq!(time("2013-07-30 18:26:02"), Some([2013, 7, 30, 18, 26, 2]));
        assert_eq!(time("30-07-2013 18:26:02"), Some([2013, 7, 30, 18, 26, 2]));
        assert_eq!(time("N/A"), None);
    }
}
