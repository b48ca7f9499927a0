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

use std::fmt::Write as _;

use super::emit::{literal, quote};
use super::Converted;

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

    /// The bytes of text held besides the input's buffer.
    pub(super) fn held(&self) -> usize {
        self.lines.held() + self.held.iter().map(|(_, t)| t.capacity()).sum::<usize>()
    }
}

impl<R: std::io::BufRead> Iterator for HandLines<R> {
    type Item = std::io::Result<(usize, String, Limit)>;

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
        self.held.pop_front().map(|(n, t)| Ok((n, t, limit)))
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
fn cards(text: &str, what: &str) -> Result<Vec<String>, String> {
    let b = text.as_bytes();
    if !b.len().is_multiple_of(2) {
        return Err(format!("expected cards (`Ks4s`) in {what}, not `{text}`"));
    }
    b.chunks(2)
        .map(|c| {
            let rank = b"23456789TJQKA".contains(&c[0]);
            let suit = b"cdhs".contains(&c[1]);
            if rank && suit {
                Ok(String::from_utf8_lossy(c).into_owned())
            } else {
                Err(format!("expected cards (`Ks4s`) in {what}, not `{text}`"))
            }
        })
        .collect()
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

/// One hand line as a PHH document, or what is wrong with it.
fn hand(line: &str, number: usize, limit: Limit) -> Result<(String, String), String> {
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
        hole_cards.push(c.concat());
    }
    let boards: Vec<Vec<String>> = groups
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
    let mut actions: Vec<String> = Vec::new();
    for (k, c) in hole_cards.iter().enumerate() {
        let c = if c.is_empty() { "????" } else { c };
        actions.push(format!("d dh p{} {c}", k + 1));
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
            actions.push(format!("d db {}", board.concat()));
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
                actions.push(format!("p{} f", p + 1));
            }
            b'c' => {
                put[p] = top.min(STACK);
                all_in[p] = put[p] >= STACK;
                actions.push(format!("p{} cc", p + 1));
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
                        actions.push(format!("p{} cbr {}", p + 1, to - before_round));
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
                        actions.push(format!("p{} cbr {}", p + 1, put[p] - before_round));
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
        actions.push(format!("d db {}", board.concat()));
    }
    // The showdown: the dealer shows every hand still in, the last bettor of the last betting
    // round first, else the first player after the button.
    let live: Vec<usize> = (0..n).filter(|&p| !folded[p]).collect();
    if live.len() >= 2 {
        let first = match aggressor {
            Some((r, p)) if r == last_round => p,
            _ => 0,
        };
        for k in 0..n {
            let p = (first + k) % n;
            if !folded[p] && !hole_cards[p].is_empty() {
                actions.push(format!("p{} sm {}", p + 1, hole_cards[p]));
            }
        }
    }
    let mut o = String::with_capacity(1024);
    let variant = if limit == Limit::No { "NT" } else { "FT" };
    let _ = writeln!(
        o,
        "variant = '{variant}'\nhand = {}\n_log = \"ACPC\"\n_text_line = {number}",
        f.hand
    );
    let names: Vec<String> = players.iter().map(|p| literal(p)).collect();
    let _ = writeln!(o, "players = [{}]", names.join(", "));
    let mut blinds = vec![0i64; n];
    blinds[0] = small;
    blinds[1] = big;
    let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let _ =
        writeln!(o, "antes = [{}]\nblinds_or_straddles = [{}]", list(&vec![0; n]), list(&blinds));
    match limit {
        Limit::No => {
            let _ = writeln!(o, "min_bet = {big}");
        }
        Limit::Fixed => {
            let _ = writeln!(o, "small_bet = {}\nbig_bet = {}", LIMIT_BETS.0, LIMIT_BETS.1);
        }
    }
    let _ = writeln!(o, "starting_stacks = [{}]", list(&vec![STACK; n]));
    let quoted: Vec<String> = actions.iter().map(|a| literal(a)).collect();
    let _ = writeln!(o, "actions = [{}]", quoted.join(", "));
    let lines = vec![number.to_string(); actions.len()];
    let _ = writeln!(o, "_action_lines = [{}]", lines.join(", "));
    let finishing: Vec<i64> = results.iter().map(|r| STACK.saturating_add(*r)).collect();
    let _ = writeln!(o, "finishing_stacks = [{}]", list(&finishing));
    let _ = writeln!(o, "_results = [{}]\n_results_line = {number}", list(&results));
    Ok((f.hand.to_string(), o))
}

/// The hand lines of a log: each with its line number, its text, and the log's betting
/// structure.
pub(super) fn hand_lines(text: &str) -> Vec<(usize, String, Limit)> {
    let limit = limit_of(text).unwrap_or(Limit::No);
    text.lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim()))
        .filter(|(_, t)| !(t.is_empty() || t.starts_with('#') || t.starts_with("SCORE:")))
        .map(|(k, t)| (k, t.to_string(), limit))
        .collect()
}

/// One hand line converted: a line that cannot be read is a hand with `_unreadable` saying
/// where and why.
pub(super) fn convert_line(index: usize, number: usize, t: &str, limit: Limit) -> Converted {
    let (hand, phh) = match hand(t, number, limit) {
        Ok((hand, phh)) => (Some(hand), phh),
        Err(why) => {
            let hand = t.split(':').nth(1).filter(|h| {
                !h.is_empty() && h.len() <= 18 && h.bytes().all(|b| b.is_ascii_digit())
            });
            let field = hand.map(|h| format!("hand = {h}\n")).unwrap_or_default();
            let phh = format!(
                "variant = \"NT\"\n{field}_log = \"ACPC\"\n_text_line = {number}\n_unreadable = {}\nstarting_stacks = []\nactions = []\n",
                quote(&format!("line {number}: {why}"))
            );
            (hand.map(String::from), phh)
        }
    };
    Converted { index, number: hand, line: number, phh }
}

/// Converts an ACPC match log, one hand per line (see the module's documentation). A line that
/// cannot be read is a hand with `_unreadable` saying where and why.
pub fn convert(text: &str) -> Vec<Converted> {
    hand_lines(text)
        .into_iter()
        .enumerate()
        .map(|(k, (number, t, limit))| convert_line(k + 1, number, &t, limit))
        .collect()
}
