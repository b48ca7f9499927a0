//! Reading the match logs of the Annual Computer Poker Competition's dealer (the ACPC
//! protocol): one hand per line,
//!
//! ```text
//! STATE:0:r200c/cr400c/r1000c/f:Ks4s|QhJc/8dTh6d/3h:-400|400:Alice|Bob
//! ```
//!
//! the hand's number, the betting (`r` raise, `c` check or call, `f` fold, `/` between rounds;
//! in no limit `rN` raises to N chips put in over the whole hand), the cards (each player's
//! hole cards in order, `|` between them, then each round's board cards after a `/`), each
//! player's result in chips, and the players. The older form with the players first
//! (`Alice|Bob:0:betting:cards:results`) is read too, as PokerKit reads it. Lines starting `#`
//! (the dealer's header) and the final `SCORE:` line are not hands.
//!
//! The log does not state the game: hands are played as the competition's games were
//! (`holdem.nolimit.2p.reverse_blinds.game` and its kin): in no limit 20,000 chips each and
//! blinds of 50 and 100; in fixed limit blinds of 5 and 10 and bets of 10 and 20 (no stacks in
//! the game: 20,000 each, far more than four bets a round can take). Players are in the log's
//! order, which is PHH's: two players, the big blind first and the button second (the
//! competition's reversed blinds); three or more, the small blind first and the button last.
//! A log is no limit when its `#` header names a `nolimit` game or a raise states an amount,
//! fixed limit when the header names a `limit` game or its raises state none.
//!
//! ```
//! use feltkit::import::acpc::convert;
//! let hands = convert("STATE:0:r200c/cr400c/r1000f:Ks4s|QhJc/8dTh6d/3h:400|-400:Alice|Bob\n");
//! assert!(hands[0].phh.contains("finishing_stacks = [20400, 19600]"), "{}", hands[0].phh);
//! let report = feltkit::phh::replay_text(&hands[0].phh, "t", true).remove(0);
//! assert!(report.ok(), "{report:?}");
//! ```

use std::borrow::Cow;
use std::io::BufRead;
use std::sync::Arc;

use super::format::{FormatWords, HandSplit, SiteFormat, SiteHand};
use super::Converted;
use crate::card::{Card, Rank, Suit};
use crate::phh::record::RecordError;
use crate::phh::write::write_record as write_phh;
use crate::record::{
    Action, Amount, HandRecord, LogResults, RecordedAction, SiteText, Unreplayable, Value,
};
use crate::rules::CardList;

/// The starting stack of every player (the competition's no-limit games; fixed limit has none).
pub const STACK: i64 = 20_000;
/// No limit: the blinds.
pub const NO_LIMIT_BLINDS: (i64, i64) = (50, 100);
/// Fixed limit: the blinds, and the small and big bets.
pub const LIMIT_BLINDS: (i64, i64) = (5, 10);
/// Fixed limit: the small bet (before the flop and on it) and the big bet (turn and river).
pub const LIMIT_BETS: (i64, i64) = (10, 20);
/// The most players a hand may have (a deck holds 52 cards: 10 × 2 + 5).
const MAX_PLAYERS: usize = 10;

/// Whether a line is an ACPC hand line (`STATE:...`, or `NAMES:N:...` with five fields).
pub fn is_hand_line(line: &str) -> bool {
    let line = line.trim();
    if line.starts_with("STATE:") {
        return true;
    }
    let fields: Vec<&str> = line.split(':').collect();
    fields.len() == 5
        && fields[0].contains('|')
        && !fields[1].is_empty()
        && fields[1].bytes().all(|b| b.is_ascii_digit())
}

/// The betting structure of a log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Limit {
    No,
    Fixed,
}

/// What the log's `#` header or raises say of its game, if anything.
fn limit_of(text: &str) -> Option<Limit> {
    text.lines().find_map(limit_of_line)
}

/// What one line of a log says of its game, if anything: a `#` header naming a `nolimit` or
/// `limit` game, or a hand line's first raise (with an amount: no limit).
fn limit_of_line(line: &str) -> Option<Limit> {
    let t = line.trim();
    if t.starts_with('#') {
        if t.contains(".nolimit.") || t.contains(" nolimit") {
            return Some(Limit::No);
        }
        if t.contains(".limit.") {
            return Some(Limit::Fixed);
        }
        return None;
    }
    let f = fields(t).ok()?;
    let b = f.betting.as_bytes();
    let k = b.iter().position(|&c| c == b'r')?;
    let numbered = b.get(k + 1).is_some_and(u8::is_ascii_digit);
    Some(if numbered { Limit::No } else { Limit::Fixed })
}

/// Hand lines held at most while a log has not said its betting structure (each line that
/// says nothing is kept until one does; past this many, the log is read as no limit).
const UNDECIDED_LINES: usize = 10_000;

/// The hand lines of a log as it is read: each with its line number, its text, and the log's
/// betting structure ([`limit_of_line`]: the first line that says it, which may come after
/// hand lines that do not; those are held until then, at most [`UNDECIDED_LINES`]).
pub(super) struct HandLines<R> {
    lines: super::split::TextLines<R>,
    limit: Option<Limit>,
    held: std::collections::VecDeque<(usize, String)>,
    done: bool,
}

impl<R: std::io::BufRead> HandLines<R> {
    pub(super) fn new(input: R) -> HandLines<R> {
        HandLines {
            lines: super::split::TextLines::new(input),
            limit: None,
            held: std::collections::VecDeque::new(),
            done: false,
        }
    }
}

impl<R: BufRead> HandSplit for HandLines<R> {
    fn held(&self) -> usize {
        self.lines.held() + self.held.iter().map(|(_, t)| t.capacity()).sum::<usize>()
    }
}

impl<R: BufRead> Iterator for HandLines<R> {
    type Item = std::io::Result<Arc<dyn SiteHand>>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done && (self.limit.is_none() || self.held.is_empty()) {
            match self.lines.next_line() {
                Ok(Some((number, text))) => {
                    if self.limit.is_none() {
                        self.limit = limit_of_line(text);
                        if self.held.len() >= UNDECIDED_LINES {
                            self.limit = Some(Limit::No);
                        }
                    }
                    let t = text.trim();
                    if !(t.is_empty() || t.starts_with('#') || t.starts_with("SCORE:")) {
                        self.held.push_back((number, t.to_string()));
                    }
                }
                Ok(None) => self.done = true,
                Err(e) => {
                    self.done = true;
                    self.held.clear();
                    return Some(Err(e));
                }
            }
        }
        let limit = self.limit.unwrap_or(Limit::No);
        let hand = |(line, text): (usize, String)| {
            Arc::new(HandLine::new(line, &text, limit)) as Arc<dyn SiteHand>
        };
        self.held.pop_front().map(|h| Ok(hand(h)))
    }
}

/// The five fields of a hand line.
struct Fields<'a> {
    hand: &'a str,
    betting: &'a str,
    cards: &'a str,
    results: &'a str,
    players: &'a str,
}

fn fields(line: &str) -> Result<Fields<'_>, String> {
    // DeepStack's logs add ` # TIMESTAMP`.
    let line = line.split(" #").next().unwrap_or(line).trim();
    let f: Vec<&str> = line.split(':').collect();
    let expected = "expected `STATE:HAND:BETTING:CARDS:RESULTS:PLAYERS` (or `PLAYERS:HAND:BETTING:CARDS:RESULTS`)";
    let out = match f.as_slice() {
        ["STATE", hand, betting, cards, results, players] => {
            Fields { hand, betting, cards, results, players }
        }
        [players, hand, betting, cards, results] if !line.starts_with("STATE:") => {
            Fields { hand, betting, cards, results, players }
        }
        _ => {
            let n = f.len();
            return Err(format!("{expected}: found {n} field{}", if n == 1 { "" } else { "s" }));
        }
    };
    if out.hand.is_empty() || out.hand.len() > 18 || !out.hand.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected the hand number (digits), not `{}`", out.hand));
    }
    Ok(out)
}

/// Cards as written (`Ks4s`): pairs of rank and suit.
fn cards(text: &str, what: &str) -> Result<CardList, String> {
    let b = text.as_bytes();
    let bad = || format!("expected cards (`Ks4s`) in {what}, not `{text}`");
    if !b.len().is_multiple_of(2) || b.len() > 16 {
        return Err(bad());
    }
    let mut list = CardList::default();
    for c in b.chunks(2) {
        let rank = b"23456789TJQKA".contains(&c[0]).then(|| Rank::from_char(c[0] as char));
        let suit = b"cdhs".contains(&c[1]).then(|| Suit::from_char(c[1] as char));
        let (Some(Some(rank)), Some(Some(suit))) = (rank, suit) else { return Err(bad()) };
        list.push(Some(Card::new(rank, suit)));
    }
    Ok(list)
}

/// A signed whole number of chips (`-400`, `400`, `400.0`).
fn chips(text: &str) -> Option<i64> {
    let (sign, digits) = match text.strip_prefix('-') {
        Some(d) => (-1, d),
        None => (1, text),
    };
    let digits = digits.strip_suffix(".0").unwrap_or(digits);
    let digits = digits.trim_end_matches(".000000");
    if digits.is_empty() || digits.len() > 15 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<i64>().ok().map(|n| sign * n)
}

/// One hand line read: the hand's number, its players, each player's result, and the hand's
/// actions as PHH has them.
struct Hand<'l> {
    number: &'l str,
    players: Vec<&'l str>,
    results: Vec<i64>,
    actions: Vec<Action>,
}

/// Reads one hand line, or says what is wrong with it.
fn hand(line: &str, limit: Limit) -> Result<Hand<'_>, String> {
    let f = fields(line)?;
    let players: Vec<&str> = f.players.split('|').map(str::trim).collect();
    let n = players.len();
    if !(2..=MAX_PLAYERS).contains(&n) || players.iter().any(|p| p.is_empty()) {
        return Err(format!(
            "expected 2 to {MAX_PLAYERS} player names separated by `|`, not `{}`",
            f.players
        ));
    }
    let results: Vec<i64> =
        f.results.split('|').map(|r| chips(r.trim())).collect::<Option<_>>().ok_or_else(|| {
            format!("expected whole chips (`-400|400`) as results, not `{}`", f.results)
        })?;
    if results.len() != n {
        return Err(format!("expected {n} results (one per player), found {}", results.len()));
    }
    let mut groups = f.cards.split('/');
    let holes: Vec<&str> = groups.next().unwrap_or("").split('|').collect();
    if holes.len() != n {
        return Err(format!(
            "expected {n} players' hole cards separated by `|`, found {}",
            holes.len()
        ));
    }
    let mut hole_cards = Vec::with_capacity(n);
    for (k, h) in holes.iter().enumerate() {
        let c = cards(h, &format!("the hole cards of player {}", k + 1))?;
        if !(c.is_empty() || c.len() == 2) {
            return Err(format!("expected two hole cards for player {}, not `{h}`", k + 1));
        }
        hole_cards.push(c);
    }
    let boards: Vec<CardList> = groups
        .enumerate()
        .map(|(k, g)| cards(g, &format!("the board of round {}", k + 2)))
        .collect::<Result<_, _>>()?;
    for (k, (b, want)) in boards.iter().zip([3, 1, 1]).enumerate() {
        if b.len() != want {
            return Err(format!(
                "expected {want} board card{} for round {}, found {}",
                if want == 1 { "" } else { "s" },
                k + 2,
                b.len()
            ));
        }
    }
    if boards.len() > 3 {
        return Err(format!("expected at most 4 rounds of cards, found {}", boards.len() + 1));
    }
    let (small, big) = if limit == Limit::No { NO_LIMIT_BLINDS } else { LIMIT_BLINDS };
    // Chips each player has put in over the hand, and at the end of the previous round.
    let mut put = vec![0i64; n];
    let (sb, bb) = if n == 2 { (1, 0) } else { (0, 1) };
    put[sb] = small;
    put[bb] = big;
    let mut before_round = 0i64;
    let mut actions: Vec<Action> = Vec::with_capacity(n + 2 * f.betting.len() + 4);
    for (player, c) in hole_cards.iter().enumerate() {
        let cards = if c.is_empty() { CardList::from_slice(&[None, None]) } else { *c };
        actions.push(Action::DealHole { player, cards });
    }
    // Who acts: replayed just enough to name the player of each action (the rules are checked
    // by the replay itself).
    let mut folded = vec![false; n];
    let mut all_in = vec![false; n];
    let mut to_act = if n == 2 { 1 } else { 2 % n };
    let mut round = 0usize;
    // The last bet or raise (round, player), and the round of the last betting action.
    let mut aggressor: Option<(usize, usize)> = None;
    let mut last_round = 0;
    let bytes = f.betting.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        i += 1;
        if c == b'/' {
            round += 1;
            let Some(board) = boards.get(round - 1) else {
                return Err(format!(
                    "the betting goes to round {}, but the cards give no board for it",
                    round + 1
                ));
            };
            actions.push(Action::DealBoard { cards: *board });
            before_round = put.iter().copied().max().unwrap_or(0);
            to_act = 0;
            continue;
        }
        let mut guard = 0;
        while folded[to_act] || all_in[to_act] {
            to_act = (to_act + 1) % n;
            guard += 1;
            if guard > n {
                return Err(format!(
                    "the betting `{}`, character {i} (`{}`): nobody is left to act",
                    f.betting, c as char
                ));
            }
        }
        let p = to_act;
        last_round = round;
        let top = put.iter().copied().max().unwrap_or(0);
        match c {
            b'f' => {
                folded[p] = true;
                actions.push(Action::Fold(p));
            }
            b'c' => {
                put[p] = top.min(STACK);
                all_in[p] = put[p] >= STACK;
                actions.push(Action::CheckOrCall(p));
            }
            b'r' => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let digits = &f.betting[start..i];
                match limit {
                    Limit::No => {
                        if digits.is_empty() {
                            return Err(format!("the betting `{}`, character {start}: expected `rN` (a raise to N chips over the hand) in no limit", f.betting));
                        }
                        // A raise past the stack is refused as written, however many digits.
                        let to = digits.parse::<i64>().ok().filter(|&to| to <= STACK).ok_or_else(|| {
                            format!("the betting `{}`, character {start}: `r{digits}` raises to more than the stack of {STACK} chips", f.betting)
                        })?;
                        put[p] = to;
                        all_in[p] = to >= STACK;
                        aggressor = Some((round, p));
                        actions.push(Action::BetOrRaiseTo(p, Amount::whole(to - before_round)));
                    }
                    Limit::Fixed => {
                        if !digits.is_empty() {
                            return Err(format!(
                                "the betting `{}`, character {start}: `r{digits}` states an amount, but the log is fixed limit",
                                f.betting
                            ));
                        }
                        let size = if round < 2 { LIMIT_BETS.0 } else { LIMIT_BETS.1 };
                        put[p] = top + size;
                        aggressor = Some((round, p));
                        actions.push(Action::BetOrRaiseTo(p, Amount::whole(put[p] - before_round)));
                    }
                }
            }
            other => {
                return Err(format!(
                    "the betting `{}`, character {i}: expected `c`, `f`, `r` or `/`, not `{}`",
                    f.betting, other as char
                ))
            }
        }
        to_act = (p + 1) % n;
    }
    // Boards dealt after the betting ends (all-in players run the board out).
    for board in boards.iter().skip(round) {
        actions.push(Action::DealBoard { cards: *board });
    }
    // The showdown: the dealer shows every hand still in, the last bettor of the last betting
    // round first, else the first player after the button.
    let live = (0..n).filter(|&p| !folded[p]).count();
    if live >= 2 {
        let first = match aggressor {
            Some((r, p)) if r == last_round => p,
            _ => 0,
        };
        for k in 0..n {
            let p = (first + k) % n;
            if !folded[p] && !hole_cards[p].is_empty() {
                actions.push(Action::ShowOrMuck(p, Some(hole_cards[p])));
            }
        }
    }
    Ok(Hand { number: f.hand, players, results, actions })
}

/// The record of one hand line (on line `line` of the log): the
/// competition's game, the hand read, and the log's own results (`_results`, checked by `felt
/// replay --check`); a line that cannot be read is a record saying where and why
/// (`_unreadable`). Every field is as reading [`write_phh`]'s text gives it.
fn record(text: &str, line: usize, limit: Limit) -> HandRecord<'_> {
    let mut r = HandRecord {
        site_text: SiteText { converted: true, ..SiteText::default() },
        ..HandRecord::default()
    };
    let hand = match hand(text, limit) {
        Ok(hand) => hand,
        Err(why) => {
            let why = format!("line {line}: {why}");
            r.variant = "NT".into();
            r.hand = hand_number(text).map(str::to_string);
            r.site_text.line = Some(line);
            r.other = vec![(Cow::Borrowed("_log"), Value::Str(Cow::Borrowed("ACPC")))];
            r.unreplayable = Some(Unreplayable::Unreadable(why));
            return r;
        }
    };
    let n = hand.players.len();
    let (small, big) = if limit == Limit::No { NO_LIMIT_BLINDS } else { LIMIT_BLINDS };
    r.variant = if limit == Limit::No { "NT" } else { "FT" }.into();
    r.hand = Some(hand.number.to_string());
    r.players = Some(hand.players.iter().map(|&p| Cow::Borrowed(p)).collect());
    r.antes = vec![Amount::whole(0); n];
    let mut blinds = vec![Amount::whole(0); n];
    blinds[0] = Amount::whole(small);
    blinds[1] = Amount::whole(big);
    r.blinds_or_straddles = blinds;
    match limit {
        Limit::No => r.min_bet = Some(Amount::whole(big)),
        Limit::Fixed => {
            r.small_bet = Some(Amount::whole(LIMIT_BETS.0));
            r.big_bet = Some(Amount::whole(LIMIT_BETS.1));
        }
    }
    r.starting_stacks = vec![Amount::whole(STACK); n];
    r.site_text.line = Some(line);
    r.site_text.action_lines = vec![u64::try_from(line).ok(); hand.actions.len()];
    r.actions = hand.actions.into_iter().map(RecordedAction::built).collect();
    r.finishing_stacks =
        Some(hand.results.iter().map(|&x| Amount::whole(STACK.saturating_add(x))).collect());
    r.log_results = Some(LogResults {
        results: hand.results.iter().map(|&x| Amount::whole(x)).collect(),
        line,
    });
    r.other = vec![(Cow::Borrowed("_log"), Value::Str(Cow::Borrowed("ACPC")))];
    r
}

/// The hand number a line gives in its second field, when it is one (digits, at most 18),
/// whether or not the rest of the line can be read.
fn hand_number(text: &str) -> Option<&str> {
    text.split(':')
        .nth(1)
        .filter(|h| !h.is_empty() && h.len() <= 18 && h.bytes().all(|b| b.is_ascii_digit()))
}

/// The hand lines of a log: each with its line number, its text, and the log's betting
/// structure.
pub(super) fn hand_lines(text: &str) -> Vec<HandLine> {
    let limit = limit_of(text).unwrap_or(Limit::No);
    text.lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim()))
        .filter(|(_, t)| !(t.is_empty() || t.starts_with('#') || t.starts_with("SCORE:")))
        .map(|(line, t)| HandLine::new(line, t, limit))
        .collect()
}

/// Converts an ACPC match log, one hand per line (see the module's documentation). A line that
/// cannot be read is a hand with `_unreadable` saying where and why.
pub fn convert(text: &str) -> Vec<Converted> {
    hand_lines(text)
        .into_iter()
        .enumerate()
        .map(|(k, h)| Converted { index: k + 1, number: h.number(), line: h.line, phh: h.phh() })
        .collect()
}

/// An ACPC match log as a [`SiteFormat`].
pub struct AcpcLog;

static WORDS: FormatWords = FormatWords {
    names: &["acpc"],
    text: "an ACPC match log",
    texts: "ACPC match logs",
    short: "an ACPC log",
    shorts: "ACPC logs",
    help: "ACPC match logs (`STATE:0:r200c/cr400c/...`, one hand per line)",
    no_hand: "no hand line (`STATE:...`)",
    not_detected: "no `STATE:` line first",
};

impl SiteFormat for AcpcLog {
    fn words(&self) -> &'static FormatWords {
        &WORDS
    }

    /// The first line that is not blank nor a `#` comment is a hand line (`STATE:...`, or
    /// `NAME|NAME:HAND:...`).
    fn detect(&self, head: &[u8]) -> bool {
        let hand = head
            .split(|&b| b == b'\n' || b == b'\r')
            .map(<[u8]>::trim_ascii)
            .find(|l| !l.is_empty() && !l.starts_with(b"#"));
        hand.and_then(|h| std::str::from_utf8(h).ok()).is_some_and(is_hand_line)
    }

    fn split<'r>(&self, input: Box<dyn BufRead + 'r>) -> Box<dyn HandSplit + 'r> {
        Box::new(HandLines::new(input))
    }
}

/// One hand line of a log, with the log's betting structure.
#[derive(Clone, Debug)]
pub(super) struct HandLine {
    line: usize,
    text: String,
    limit: Limit,
}

impl HandLine {
    fn new(line: usize, text: &str, limit: Limit) -> HandLine {
        HandLine { line, text: text.to_string(), limit }
    }

    fn record(&self) -> HandRecord<'_> {
        record(&self.text, self.line, self.limit)
    }
}

impl SiteHand for HandLine {
    fn line(&self) -> usize {
        self.line
    }

    fn weight(&self) -> usize {
        self.text.len()
    }

    fn number(&self) -> Option<String> {
        hand_number(&self.text).map(str::to_string)
    }

    fn read(&self, take: &mut dyn FnMut(Result<HandRecord<'_>, RecordError>)) {
        take(Ok(self.record()));
    }

    fn phh(&self) -> String {
        write_phh(&self.record())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phh::read::hands_at;

    /// Lines that read well, and lines that do not, in every shape the reader takes.
    const LINES: [&str; 9] = [
        "STATE:0:r200c/cr400c/r1000f:Ks4s|QhJc/8dTh6d/3h:400|-400:Alice|Bob",
        "STATE:1:r20000c///:Ks4s|QhJc/8dTh6d/3h/2c:20000|-20000:Alice|Bob # 2017-01-01",
        "Bob|Alice:2:cc/r250f:|QhJc/8dTh6d:-100|100",
        "STATE:3:rc/crrc/cc/rc:5d5c|9hQd|2c2d/8dAs8s/4h/6d:60|-60|0:A'x|B \"y\"|C",
        "STATE:4:ff:Ks4s|QhJc|2c2d:-5|-10|15:A|B|C",
        "STATE:5:r99999c:Ks4s|QhJc:0|0:A|B",
        "STATE:x:cc:Ks4s|QhJc:0|0:A|B",
        "STATE:7:cc:Ks4x|QhJc:0|0:A|B",
        "junk",
    ];

    #[test]
    fn a_line_built_into_its_record_gives_the_record_read_from_its_text() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/acpc");
        let mut logs: Vec<String> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| std::fs::read_to_string(e.path()).ok())
            .collect();
        logs.push(LINES.join("\n"));
        logs.push(format!("# holdem.limit.3p\n{}", LINES.join("\n")));
        let mut count = 0;
        for log in &logs {
            for h in hand_lines(log) {
                let built = h.record();
                // The text read back as a PHH section (its header on the line before).
                let phh = format!("[1]\n{}", write_phh(&built));
                let read = hands_at(&phh, h.line).nth(1).map(|r| r.map(|r| r.record));
                let Some(Ok(Ok(mut read))) = read else { panic!("{phh}: {read:?}") };
                for a in &mut read.actions {
                    if let RecordedAction::Read { action: Ok(action), .. } = a {
                        *a = RecordedAction::Built(action.clone());
                    }
                }
                assert_eq!(read, built, "line {}: {}", h.line, h.text);
                count += 1;
            }
        }
        assert!(count >= 30, "{count}");
    }

    #[test]
    fn a_line_that_cannot_be_read_says_where_and_why() {
        let r = record("STATE:7:cc:Ks4x|QhJc:0|0:A|B", 12, Limit::No);
        let why = "line 12: expected cards (`Ks4s`) in the hole cards of player 1, not `Ks4x`";
        assert_eq!(r.unreplayable, Some(Unreplayable::Unreadable(why.into())));
        assert_eq!(r.hand.as_deref(), Some("7"));
        assert!(r.actions.is_empty());
    }

    #[test]
    fn the_actions_are_built_typed() {
        let r = record(LINES[0], 3, Limit::No);
        assert_eq!(r.unreplayable, None);
        let texts: Vec<String> = r.actions().map(Action::to_string).collect();
        assert_eq!(
            texts[..6],
            ["d dh p1 Ks4s", "d dh p2 QhJc", "p2 cbr 200", "p1 cc", "d db 8dTh6d", "p1 cc"]
        );
        assert_eq!(r.site_text.action_lines, vec![Some(3); r.actions.len()]);
        assert_eq!(r.players, Some(vec![Cow::Borrowed("Alice"), Cow::Borrowed("Bob")]));
    }
}
