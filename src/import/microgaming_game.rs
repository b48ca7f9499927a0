//! One Microgaming `<Game>` element read into the facts of its hand ([`Game`]): its seats with
//! their balances before and after the hand, its actions in the order of their `seq`, the cards
//! each deals or shows, and the winners. Amounts are plain decimals (`0.01`); a card is a
//! `<Card value="10" suit="c"/>`.

use super::xml_pull::{read_element_fast, Item, Pull, Tag, Wrong};

use super::merge_game::{card, money, time14};
use crate::record::Amount;

/// A seat, as its `<Seat>` element gives it.
#[derive(Debug)]
pub(super) struct Seat {
    /// `num`.
    pub num: u32,
    /// `alias`.
    pub name: String,
    /// `balance`: the stack before the hand.
    pub balance: Amount,
    /// `endbalance`: the stack after it.
    pub end: Option<Amount>,
    /// `dealer="true"`.
    pub dealer: bool,
    /// The element's line.
    pub line: usize,
}

/// One `<Action>` (the winners apart).
#[derive(Debug)]
pub(super) struct Act {
    /// `type`: `SmallBlind`, `Call`, `Raise`, `DealFlop`, ...
    pub kind: String,
    /// `seat`, when written.
    pub seat: Option<u32>,
    /// `value`, when written.
    pub value: Option<Amount>,
    /// Its cards, in PHH's letters.
    pub cards: Vec<Option<String>>,
    /// The element's line.
    pub line: usize,
}

/// One winner (`<Action type="Win"><Seat num amount lowhandwin/></Action>`).
#[derive(Debug)]
pub(super) struct Winner {
    pub seat: u32,
    pub amount: Amount,
    pub line: usize,
}

/// A game (one hand) read from its element.
#[derive(Debug)]
pub(super) struct Game {
    pub id: String,
    /// `date`: year, month, day, hour, minute, second.
    pub time: Option<[u32; 6]>,
    /// The attributes of the game's start tag that are read (`FIELDS`), by name.
    pub fields: Vec<(String, String)>,
    pub seats: Vec<Seat>,
    /// The actions, in the order of their `seq`.
    pub acts: Vec<Act>,
    pub winners: Vec<Winner>,
}

impl Game {
    /// The start tag's attribute `name`, empty when it has none.
    pub fn field(&self, name: &str) -> &str {
        self.fields.iter().find(|(n, _)| n == name).map_or("", |(_, v)| v.as_str())
    }
}

/// The attributes of the game's start tag that the record reads.
const FIELDS: [&str; 6] = ["gametype", "betlimit", "istournament", "stakes", "rake", "tablename"];

/// A seat number as written (`1` to `99`).
fn seat(text: &str) -> Option<u32> {
    text.trim().parse::<u32>().ok().filter(|&s| (1..100).contains(&s))
}

/// Reads the hand's `<Game>` element (`text`, starting at `line`); what is wrong says its line
/// and what was expected.
pub(super) fn parse(text: &str, line: usize) -> Result<Game, String> {
    let (mut game, mut ordered) = read_element_fast(text, line, "`<Game>`", |pull| {
        let mut game = Game {
            id: String::new(),
            time: None,
            fields: Vec::new(),
            seats: Vec::with_capacity(10),
            acts: Vec::new(),
            winners: Vec::with_capacity(4),
        };
        let mut ordered: Vec<(u64, Act)> = Vec::with_capacity(32);
        read_game(pull, &mut game, &mut ordered)?;
        Ok((game, ordered))
    })?;
    // In the order of `seq` (a stable sort keeps the written order of equal ones).
    ordered.sort_by_key(|(s, _)| *s);
    game.acts = ordered.into_iter().map(|(_, a)| a).collect();
    Ok(game)
}

/// An amount attribute of a tag, when written and not blank.
fn amount(t: &Tag<'_>, name: &str) -> Result<Option<Amount>, String> {
    let Some(v) = t.attr(name).filter(|v| !v.trim().is_empty()) else { return Ok(None) };
    money(v).map(|a| Some(a.0)).ok_or_else(|| {
        format!(
            "line {}: `{name}=\"{v}\"` is not an amount (expected digits, as in `0.02`)",
            t.line
        )
    })
}

/// The seat attribute `name` of a tag.
fn seat_of(t: &Tag<'_>, name: &str) -> Result<u32, String> {
    let v = t.attr(name).unwrap_or_default();
    seat(v).ok_or_else(|| {
        format!("line {}: `{name}=\"{v}\"` is not a seat number (expected 1 to 99)", t.line)
    })
}

/// The facts of the game, read into `game` and `ordered` (each action with its `seq`) tag by
/// tag.
fn read_game(
    pull: &mut Pull<'_>,
    game: &mut Game,
    ordered: &mut Vec<(u64, Act)>,
) -> Result<(), Wrong> {
    // The `<Action>`s open, innermost last: the index of each in `ordered`, `None` for the
    // winners'.
    let mut actions: Vec<Option<usize>> = Vec::with_capacity(2);
    while let Some(item) = pull.next()? {
        let t = match item {
            Item::Open(t) => t,
            Item::Close(name) => {
                // Elements close in the order opened: this is the innermost action's end.
                if name == "Action" {
                    actions.pop();
                }
                continue;
            }
            Item::Text(_) => continue,
        };
        if t.depth == 1 {
            game.fields = t
                .attrs
                .iter()
                .filter(|(k, _)| FIELDS.contains(k))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            game.id = t.attr("id").unwrap_or_default().to_string();
            let digits: String =
                t.attr("date").unwrap_or_default().matches(char::is_numeric).collect();
            game.time = time14(&digits);
        }
        match t.name {
            "Seat" if t.parent == "Seats" => {
                let num = seat_of(t, "num")?;
                if game.seats.iter().any(|s| s.num == num) {
                    return Err(Wrong::Fact(format!(
                        "line {}: seat {num} is listed twice",
                        t.line
                    )));
                }
                let Some(balance) = amount(t, "balance")? else {
                    return Err(Wrong::Fact(format!(
                        "line {}: seat {num} has no `balance`",
                        t.line
                    )));
                };
                game.seats.push(Seat {
                    num,
                    name: t.attr("alias").unwrap_or_default().to_string(),
                    balance,
                    end: amount(t, "endbalance")?,
                    dealer: t.attr("dealer").is_some_and(|d| d.trim() == "true"),
                    line: t.line,
                });
            }
            // A winner: a `<Seat>` in the winners' `<Action>`.
            "Seat" if t.parent == "Action" && actions.last() == Some(&None) => {
                let Some(a) = amount(t, "amount")? else {
                    return Err(Wrong::Fact(format!("line {}: a winner has no `amount`", t.line)));
                };
                let seat = seat_of(t, "num")?;
                game.winners.push(Winner { seat, amount: a, line: t.line });
            }
            "Card" if t.parent == "Action" => {
                let Some(Some(k)) = actions.last().copied() else { continue };
                let v = t.attr("value").unwrap_or_default();
                let s = t.attr("suit").unwrap_or_default();
                let one = card(&format!("{v}{s}")).map_err(|()| {
                    format!(
                        "line {}: `value=\"{v}\" suit=\"{s}\"` is not a card (expected a rank 2 to 10, J, Q, K or A and a suit c, d, h or s)",
                        t.line
                    )
                })?;
                ordered[k].1.cards.push(one);
            }
            "Action" => {
                let kind = t.attr("type").unwrap_or_default();
                if kind == "Win" {
                    actions.push(None);
                    continue;
                }
                let seat = if t.attr("seat").is_some() { Some(seat_of(t, "seat")?) } else { None };
                let value = if kind == "Disconnect" { None } else { amount(t, "value")? };
                let seq = t.attr("seq").and_then(|s| s.trim().parse::<u64>().ok());
                let order = seq.unwrap_or(u64::MAX);
                let kind = kind.to_string();
                ordered.push((order, Act { kind, seat, value, cards: Vec::new(), line: t.line }));
                actions.push(Some(ordered.len() - 1));
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
    fn actions_are_taken_in_the_order_of_their_seq_and_cards_read_rank_then_suit() {
        let text = "<Game id=\"9\" date=\"2013-09-23 14:29:32\">\n<Seats><Seat num=\"1\" alias=\"A\" balance=\"2.00\" endbalance=\"1.98\"/></Seats>\n<Gameplay>\n<Action seq=\"2\" type=\"BigBlind\" seat=\"1\" value=\"0.02\"/>\n<Action seq=\"1\" type=\"DealFlop\"><Card value=\"10\" suit=\"c\"/><Card value=\"A\" suit=\"h\"/><Card value=\"2\" suit=\"s\"/></Action>\n</Gameplay></Game>";
        let g = parse(text, 1).unwrap();
        assert_eq!(g.time, Some([2013, 9, 23, 14, 29, 32]));
        let kinds: Vec<&str> = g.acts.iter().map(|a| a.kind.as_str()).collect();
        assert_eq!(kinds, ["DealFlop", "BigBlind"]);
        assert_eq!(g.acts[0].cards, [Some("Tc".into()), Some("Ah".into()), Some("2s".into())]);
        assert_eq!(g.acts[0].line, 5);
        assert_eq!(g.seats[0].end.map(|a| a.units), Some(198));
    }

    #[test]
    fn what_is_wrong_says_its_line() {
        let bad = |t: &str| parse(t, 10).unwrap_err();
        let why = bad("<Game>\n<Seats><Seat num=\"0\" alias=\"A\" balance=\"1\"/></Seats></Game>");
        assert!(why.starts_with("line 11: `num=\"0\"` is not a seat number"), "{why}");
        let why =
            bad("<Game>\n<Seats><Seat num=\"1\" alias=\"A\" balance=\"1.0.0\"/></Seats></Game>");
        assert!(why.starts_with("line 11: `balance=\"1.0.0\"` is not an amount"), "{why}");
        let why = bad("<Game>\n<Gameplay>\n<Action seq=\"1\" type=\"DealFlop\"><Card value=\"1\" suit=\"c\"/></Action></Gameplay></Game>");
        assert!(why.starts_with("line 12: `value=\"1\" suit=\"c\"` is not a card"), "{why}");
        let why = bad("<Game>\n<Seats>");
        assert!(why.contains("the `<Game>` element is not well-formed XML"), "{why}");
    }
}
