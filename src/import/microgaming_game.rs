//! One Microgaming `<Game>` element read into the facts of its hand ([`Game`]): its seats with
//! their balances before and after the hand, its actions in the order of their `seq`, the cards
//! each deals or shows, and the winners. Amounts are plain decimals (`0.01`); a card is a
//! `<Card value="10" suit="c"/>`.

use roxmltree::{Document, Node};

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
    /// The game's start tag's attributes by name.
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

/// A seat number as written (`1` to `99`).
fn seat(text: &str) -> Option<u32> {
    text.trim().parse::<u32>().ok().filter(|&s| (1..100).contains(&s))
}

/// Reads the hand's `<Game>` element (`text`, starting at `line`); what is wrong says its line
/// and what was expected.
pub(super) fn parse(text: &str, line: usize) -> Result<Game, String> {
    let doc = Document::parse(text).map_err(|e| {
        let pos = e.pos();
        let at = format!("line {}, column {}", line + pos.row as usize - 1, pos.col);
        let why = e.to_string();
        let why = why.strip_suffix(&format!(" at {}:{}", pos.row, pos.col)).unwrap_or(&why);
        format!("{at}: the `<Game>` element is not well-formed XML: {why}")
    })?;
    let ends: Vec<usize> = memchr::memchr_iter(b'\n', text.as_bytes()).collect();
    let at = |n: Node<'_, '_>| line + ends.partition_point(|&k| k < n.range().start);
    let root = doc.root_element();
    let fields = root.attributes().map(|a| (a.name().to_string(), a.value().to_string())).collect();
    let digits: String =
        root.attribute("date").unwrap_or_default().matches(char::is_numeric).collect();
    let mut game = Game {
        id: root.attribute("id").unwrap_or_default().to_string(),
        time: time14(&digits),
        fields,
        seats: Vec::new(),
        acts: Vec::new(),
        winners: Vec::new(),
    };
    let amount = |n: Node<'_, '_>, name: &str| -> Result<Option<Amount>, String> {
        let Some(v) = n.attribute(name).filter(|v| !v.trim().is_empty()) else { return Ok(None) };
        money(v).map(|a| Some(a.0)).ok_or_else(|| {
            format!(
                "line {}: `{name}=\"{v}\"` is not an amount (expected digits, as in `0.02`)",
                at(n)
            )
        })
    };
    let seat_of = |n: Node<'_, '_>, name: &str| -> Result<u32, String> {
        let v = n.attribute(name).unwrap_or_default();
        seat(v).ok_or_else(|| {
            format!("line {}: `{name}=\"{v}\"` is not a seat number (expected 1 to 99)", at(n))
        })
    };
    let mut ordered: Vec<(u64, Act)> = Vec::new();
    for n in root.descendants().filter(Node::is_element) {
        match n.tag_name().name() {
            "Seat" if n.parent().is_some_and(|p| p.tag_name().name() == "Seats") => {
                let num = seat_of(n, "num")?;
                if game.seats.iter().any(|s| s.num == num) {
                    return Err(format!("line {}: seat {num} is listed twice", at(n)));
                }
                let Some(balance) = amount(n, "balance")? else {
                    return Err(format!("line {}: seat {num} has no `balance`", at(n)));
                };
                game.seats.push(Seat {
                    num,
                    name: n.attribute("alias").unwrap_or_default().to_string(),
                    balance,
                    end: amount(n, "endbalance")?,
                    dealer: n.attribute("dealer").is_some_and(|d| d.trim() == "true"),
                    line: at(n),
                });
            }
            "Action" => {
                let kind = n.attribute("type").unwrap_or_default().to_string();
                if kind == "Win" {
                    for w in n.children().filter(|c| c.has_tag_name("Seat")) {
                        let Some(a) = amount(w, "amount")? else {
                            return Err(format!("line {}: a winner has no `amount`", at(w)));
                        };
                        let seat = seat_of(w, "num")?;
                        game.winners.push(Winner { seat, amount: a, line: at(w) });
                    }
                    continue;
                }
                let seat =
                    if n.attribute("seat").is_some() { Some(seat_of(n, "seat")?) } else { None };
                let value = if kind == "Disconnect" { None } else { amount(n, "value")? };
                let mut cards = Vec::new();
                for c in n.children().filter(|c| c.has_tag_name("Card")) {
                    let v = c.attribute("value").unwrap_or_default();
                    let s = c.attribute("suit").unwrap_or_default();
                    let one = card(&format!("{v}{s}")).map_err(|()| {
                        format!(
                            "line {}: `value=\"{v}\" suit=\"{s}\"` is not a card (expected a rank 2 to 10, J, Q, K or A and a suit c, d, h or s)",
                            at(c)
                        )
                    })?;
                    cards.push(one);
                }
                let seq = n.attribute("seq").and_then(|s| s.trim().parse::<u64>().ok());
                let order = seq.unwrap_or(u64::MAX);
                ordered.push((order, Act { kind, seat, value, cards, line: at(n) }));
            }
            _ => {}
        }
    }
    // In the order of `seq` (a stable sort keeps the written order of equal ones).
    ordered.sort_by_key(|(s, _)| *s);
    game.acts = ordered.into_iter().map(|(_, a)| a).collect();
    Ok(game)
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
