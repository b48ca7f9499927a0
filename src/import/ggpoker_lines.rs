//! GGPoker's lines put in PokerStars' words, for the PokerStars reader
//! ([`super::pokerstars::parse_after_header`]), and what GG writes that PokerStars does not:
//! the fees of its summary, and the features feltkit does not play, each found at its line.
//!
//! | GGPoker writes | read as |
//! |---|---|
//! | `PLO ($1/$2)`, `PLO-5`, `PLO-6` | `Omaha Pot Limit`, `5 Card Omaha Pot Limit`, `6 Card ...` |
//! | `Omaha (NL postflop)` | pot limit before the flop, no limit after (not played) |
//! | `Level10 (60/120)`, `Level18(1,250/2,500)` | `Level 10 (60/120)` |
//! | `NAME: straddle $0.10` | `NAME: posts straddle $0.10` (as the engine plays straddles) |
//! | `NAME: posts missed blind $0.02` | a dead small blind, when it is one |
//! | `*** SECOND TURN *** [Jh 9c 6h] [3s]` | `*** TURN *** [Jh 9c 6h] [3s]`: the runs' boards in turn |
//! | `Total pot 51,316` (no rake written) | `Total pot 51,316 \| Rake 0` |
//! | `Total pot $1 \| Rake $0.05 \| Jackpot $0.02 \| Bingo $0` | the rake, and the fees after it |

use std::borrow::Cow;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, MatchKind};

use super::ggpoker_outside::is_outside_line;
use super::ggpoker_straddles::Straddles;
use super::header::parse_header;
use super::lines::{amount, find, has, trim, Line};
use super::pokerstars::{err, parse_after_header, GameName, Refusal, StarsHand, TextError};
use super::runs::run_street;
use super::split::HandText;
use crate::record::Fee;

/// Reads one GGPoker hand: its header in PokerStars' words, the features feltkit does not play
/// refused at their line, and the rest read by the PokerStars reader.
///
/// Most lines GG writes as PokerStars does: they go to the PokerStars reader as they are. The
/// few it writes otherwise are told by their first bytes (`*** FIRST `, `Board [`, `Total pot
/// `) or by a word the whole hand is searched for once ([`Rare`]): a line is searched for a
/// straddle, a button blind, a missed blind, a bomb pot or money from outside the pot only
/// when the hand holds that word somewhere.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let rare = Rare::of(text.joined());
    let mut hand = parse_searching(text, rare)?;
    hand.marks = rare.marks();
    Ok(hand)
}

/// As [`parse_hand`], each line searched for the words of `rare` only.
fn parse_searching(text: &HandText, rare: Rare) -> Result<StarsHand, TextError> {
    let mut lines = text.lines();
    let Some(header) = lines.next() else {
        return err(text.line, "an empty hand");
    };
    let (words, name) = header_words(header.text);
    let mut hand = parse_header(&Line { number: header.number, text: &words })?;
    hand.uncancelled = !rare.cancel;
    if is_short_deck(header.text) {
        hand.game = GameName::ShortDeck;
    }
    let rest = lines;
    if let Some(t) = hand.tournament.as_mut() {
        t.buy_in = name;
        // A tournament's header may give the level about to start while the hand is played
        // at the one before: the blinds posted are the hand's stakes.
        let posted = |verb: &str| {
            rest.clone().find_map(|l| {
                let k = find(l.text, verb)?;
                let x = &l.text[k + verb.len()..];
                amount(x).filter(|_| !has(x, "all-in"))
            })
        };
        if let Some(small) = posted(": posts small blind ") {
            hand.stakes.0 = small;
        }
        if let Some(big) = posted(": posts big blind ") {
            hand.stakes.1 = big;
        }
    }
    if let Some(why) = not_played(&hand, rest.clone(), &rare) {
        hand.refusal = Some(Refusal::NotSupported(why));
        // A hand refused is its players and their stacks: the table line and the seat list.
        let seats = rest.take_while(|l| l.text.starts_with("Table ") || is_seat(l.text));
        return parse_after_header(hand, header.number, seats);
    }
    // The lines put in other words, by their place among the lines after the header.
    let mut flop: Option<Option<&str>> = None;
    let mut said: Vec<(usize, String)> = Vec::new();
    for (k, l) in rest.clone().enumerate() {
        let t = l.text;
        let dealt = if t.starts_with("Board [") {
            *flop.get_or_insert_with(|| flop_dealt(rest.clone()))
        } else {
            None
        };
        if let Cow::Owned(words) = stars_words(t, dealt, &rare) {
            said.push((k, words));
        }
    }
    let mut said = said.iter().peekable();
    let lines = rest.enumerate().filter_map(|(k, l)| {
        let words = said.next_if(|(at, _)| *at == k).map_or(l.text, |(_, w)| w.as_str());
        let outside = rare.outside && is_outside_line(l.text);
        (!outside).then_some(Line { number: l.number, text: words })
    });
    parse_after_header(hand, header.number, lines)
}

/// The flop's cards as the play deals them (`Ad 7d 9d`).
fn flop_dealt<'t>(mut lines: impl Iterator<Item = Line<'t>>) -> Option<&'t str> {
    let flop = lines.find_map(|l| l.text.strip_prefix("*** FLOP *** ["))?;
    flop.strip_suffix(']')
}

/// Which of GG's rarer words a hand's text holds: each found by one search of the whole text
/// ([`HandText::joined`]), so that a line is searched for one only when the hand holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rare {
    /// `: straddle `.
    straddle: bool,
    /// `: posts button blind `.
    button_blind: bool,
    /// `: posts missed blind `.
    missed_blind: bool,
    /// `Bomb Pot` or `bomb pot` (searched as `omb `).
    bomb_pot: bool,
    /// The words of money from outside the pot ([`is_outside_line`]): `Cash Drop to Pot`,
    /// `Cashout` (`Chooses to EV Cashout`, `Pays Cashout Risk`, `Receives Cashout`),
    /// `insurance (`.
    outside: bool,
    /// The words of a board run more than once ([`super::runs`]): `*** SECOND `, `*** THIRD `,
    /// `Hand was run `.
    runs: bool,
    /// `cancelled` or `cashed out` ([`StarsHand::uncancelled`]).
    cancel: bool,
}

/// The words [`Rare`] searches a hand for, all at once ([`rare_words`]).
const RARE: [&str; 12] = [
    ": straddle ",
    ": posts button blind ",
    ": posts missed blind ",
    "omb ",
    "Cash Drop to Pot",
    "Cashout",
    "insurance (",
    "*** SECOND ",
    "*** THIRD ",
    "Hand was run ",
    "cancelled",
    "cashed out",
];

impl Rare {
    /// Every word, as if the hand held them all: every line is searched.
    #[cfg(test)]
    const ALL: Rare = Rare {
        straddle: true,
        button_blind: true,
        missed_blind: true,
        bomb_pot: true,
        outside: true,
        runs: true,
        cancel: true,
    };

    /// No word: no line is searched.
    #[cfg(test)]
    const NONE: Rare = Rare {
        straddle: false,
        button_blind: false,
        missed_blind: false,
        bomb_pot: false,
        outside: false,
        runs: false,
        cancel: false,
    };

    /// The rare words `text` holds, found in one pass over it (no two of them overlap).
    fn of(text: &str) -> Rare {
        let mut found = [false; RARE.len()];
        for m in rare_words().find_iter(text) {
            found[m.pattern().as_usize()] = true;
        }
        Rare {
            straddle: found[0],
            button_blind: found[1],
            missed_blind: found[2],
            bomb_pot: found[3],
            outside: found[4] || found[5] || found[6],
            runs: found[7] || found[8] || found[9],
            cancel: found[10] || found[11],
        }
    }

    /// The words the hand's finish needs ([`StarsHand::marks`]): money from outside the pot,
    /// and a board run more than once.
    fn marks(self) -> u8 {
        (u8::from(self.outside) * MAY_PAY_OUTSIDE) | (u8::from(self.runs) * MAY_RUN_TWICE)
    }
}

/// [`StarsHand::marks`]: the hand holds a word of money from outside the pot.
const MAY_PAY_OUTSIDE: u8 = 1;
/// [`StarsHand::marks`]: the hand holds a word of a board run more than once.
const MAY_RUN_TWICE: u8 = 2;

/// The searcher of every word of [`RARE`] at once, built once.
fn rare_words() -> &'static AhoCorasick {
    static WORDS: LazyLock<AhoCorasick> = LazyLock::new(|| {
        // Leftmost-first matching lets the searcher scan with its vectorised prefilter (a
        // standard one walks the automaton byte by byte). Ten short words: it cannot fail
        // to build.
        AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostFirst)
            .build(RARE)
            .unwrap_or_else(|e| unreachable!("{e}"))
    });
    &WORDS
}

/// Whether a hand's text may hold money from outside the pot (a Cash Drop, an EV Cashout,
/// insurance), as its reading found ([`StarsHand::marks`]): when it cannot,
/// [`super::ggpoker_outside::read_outside`] has nothing to read.
pub(super) fn may_pay_outside(hand: &StarsHand) -> bool {
    hand.marks & MAY_PAY_OUTSIDE != 0
}

/// Whether a hand's text may run its board more than once, as its reading found
/// ([`StarsHand::marks`]): when it cannot, [`super::runs::mark_runs`] has nothing to mark.
pub(super) fn may_run_twice(hand: &StarsHand) -> bool {
    hand.marks & MAY_RUN_TWICE != 0
}

/// Whether a line is a seat of the seat list (`Seat 3: NAME ($5 in chips)`).
fn is_seat(t: &str) -> bool {
    t.starts_with("Seat ") && has(t, " in chips")
}

/// Whether the header names GG's short deck hold'em (`ShortDeck No Limit ($0.02)`: its one
/// amount is the ante).
fn is_short_deck(header: &str) -> bool {
    has(header, ": ShortDeck ")
}

/// The header in PokerStars' words: GG's game names, its `Level10`, and short deck's one amount
/// read as both stakes (the hand is refused, see [`not_played`]); a tournament's name is cut out
/// (it may name a game: `WSOP #1: $5,000 No Limit Hold'em Main Event`) and given apart.
fn header_words(t: &str) -> (Cow<'_, str>, Option<String>) {
    const GAMES: [(&str, &str); 5] = [
        ("PLO-5 (", "5 Card Omaha Pot Limit ("),
        ("PLO-6 (", "6 Card Omaha Pot Limit ("),
        ("PLO (", "Omaha Pot Limit ("),
        ("Omaha (NL postflop)", "Omaha Pot Limit Pre-Flop, No Limit Post-Flop"),
        ("ShortDeck No Limit (", "Hold'em No Limit ("),
    ];
    let mut out = Cow::Borrowed(t);
    let mut name = None;
    // `Tournament #25942319, Omaholic Bounty $8.40 Omaha (NL postflop) - Level18(...)`: the
    // game is the last game name before the level.
    if let Some(k) = find(t, "Tournament #") {
        let digits = t[k + 12..].chars().take_while(char::is_ascii_digit).count();
        let id_end = k + 12 + digits;
        let before_level = find(t, " - Level").unwrap_or(t.len());
        let game_at = ["Hold'em", "Omaha", "PLO", "ShortDeck"]
            .iter()
            .filter_map(|g| t[..before_level].rfind(g))
            .max();
        if let Some(g) = game_at.filter(|&g| g > id_end) {
            let cut = t[id_end..g].trim_matches([',', ' ']);
            name = (!cut.is_empty()).then(|| cut.to_string());
            out = Cow::Owned(format!("{}, {}", &t[..id_end], &t[g..]));
        }
    }
    for (gg, stars) in GAMES {
        if has(&out, gg) {
            out = Cow::Owned(out.replacen(gg, stars, 1));
        }
    }
    if is_short_deck(t)
        && let Some(open) = out.find('(')
        && let Some(close) = out[open..].find(')').map(|k| open + k)
        && !out[open..close].contains('/')
    {
        let ante = out[open + 1..close].to_string();
        out = Cow::Owned(format!("{}({ante}/{ante}{}", &out[..open], &out[close..]));
    }
    // `Level10 (60/120)`, `Level18(1,250/2,500)`: `Level 10 (...)`.
    if let Some(k) = find(&out, "Level")
        && out[k + 5..].starts_with(|c: char| c.is_ascii_digit())
    {
        let digits = out[k + 5..].chars().take_while(char::is_ascii_digit).count();
        let after = &out[k + 5 + digits..];
        let space = if after.starts_with('(') { " " } else { "" };
        out =
            Cow::Owned(format!("{} {}{space}{after}", &out[..k + 5], &out[k + 5..k + 5 + digits]));
    }
    (out, name)
}

/// One line of the play or the summary in PokerStars' words; `flop` is the flop's cards as
/// the play deals them (`Ad 7d 9d`), which the summary's board may give in another order, and
/// `rare` the words the hand holds (a line is searched only for those).
fn stars_words<'t>(t: &'t str, flop: Option<&str>, rare: &Rare) -> Cow<'t, str> {
    if let Some(cards) = t.strip_prefix("Board [").and_then(|b| b.strip_suffix(']'))
        && let Some(flop) = flop
    {
        // The board's first cards are the flop's, in another order: the flop's order is kept.
        let dealt = flop.split(' ').count();
        let mut first = cards.split(' ').take(dealt);
        if cards.split(' ').count() >= dealt
            && !cards.split(' ').take(dealt).eq(flop.split(' '))
            && first.all(|c| flop.split(' ').any(|d| d == c))
        {
            let rest = cards.split(' ').skip(dealt).map(|c| format!(" {c}")).collect::<String>();
            return Cow::Owned(format!("Board [{flop}{rest}]"));
        }
    }
    // `*** SECOND TURN *** [..] [..]`: the runs' boards follow one another (the runs are put
    // in the record by [`super::runs`]).
    if let Some((_, street)) = run_street(t) {
        return Cow::Owned(format!("*** {street}"));
    }
    if rare.straddle
        && let Some(k) = find(t, ": straddle ")
    {
        return Cow::Owned(format!("{}: posts straddle {}", &t[..k], &t[k + 11..]));
    }
    // Short deck's button blind: the button's blind, which its straddles then raise.
    if rare.button_blind
        && let Some(k) = find(t, ": posts button blind ")
    {
        return Cow::Owned(format!("{}: posts straddle {}", &t[..k], &t[k + 21..]));
    }
    // A missed small blind is posted dead: a second small blind, as PokerStars reads one
    // ([`not_played`] refuses any other).
    if rare.missed_blind
        && let Some(k) = find(t, ": posts missed blind ")
    {
        return Cow::Owned(format!("{}: posts small blind {}", &t[..k], &t[k + 20..]));
    }
    if t.starts_with("Total pot ") && !t.contains('|') {
        return Cow::Owned(format!("{t} | Rake 0"));
    }
    Cow::Borrowed(t)
}

/// The player names of the seat list, with their seats, in seat order.
fn seat_names<'t>(lines: impl Iterator<Item = Line<'t>>) -> Vec<(u32, &'t str)> {
    lines
        .skip_while(|l| l.text.starts_with("Table "))
        .take_while(|l| is_seat(l.text))
        .filter_map(|l| {
            let rest = l.text.strip_prefix("Seat ")?;
            let (seat, body) = super::lines::split_once(rest, ": ")?;
            let name = body[..body.rfind(" (")?].trim();
            Some((seat.parse().ok()?, name))
        })
        .collect()
}

/// Why feltkit cannot play the hand, at the first line that shows it: a bomb pot, a button
/// blind, a straddle the engine does not play ([`Straddles`]), a missed blind other than a dead
/// small blind. The lines are searched only for the words the hand holds (`rare`): most hands
/// hold none, and are not searched at all.
fn not_played<'t>(
    hand: &StarsHand,
    lines: impl Iterator<Item = Line<'t>> + Clone,
    rare: &Rare,
) -> Option<String> {
    if !(rare.bomb_pot || rare.button_blind || rare.missed_blind || rare.straddle) {
        return None;
    }
    let seats = if rare.straddle { seat_names(lines.clone()) } else { Vec::new() };
    let mut small_posted = false;
    let mut straddles = Straddles::new(&seats, hand.stakes.1);
    // Short deck's button blind and the straddles after it are played under its PHH code,
    // which takes any blinds and straddles.
    let short_deck = hand.game == GameName::ShortDeck;
    for l in lines {
        let (t, n) = (l.text, l.number);
        // A Cash Drop, an EV Cashout and insurance are read ([`super::ggpoker_outside`]).
        if rare.bomb_pot && (has(t, "Bomb Pot") || has(t, "bomb pot")) {
            return Some(format!(
                "line {n}: a bomb pot (`{t}`): every player antes and the hand starts on the flop"
            ));
        }
        if rare.button_blind && !short_deck && has(t, ": posts button blind ") {
            return Some(format!(
                "line {n}: a button blind (`{t}`): feltkit plays a button blind in short deck only"
            ));
        }
        if rare.missed_blind {
            if has(t, ": posts small blind ") {
                small_posted = true;
            }
            if let Some(k) = find(t, ": posts missed blind ") {
                let dead_small = small_posted && amount(&t[k + 20..]) == Some(hand.stakes.0);
                if !dead_small {
                    return Some(format!(
                        "line {n}: a missed blind other than a dead small blind (`{t}`): feltkit plays a missed small blind posted dead only"
                    ));
                }
            }
        }
        if rare.straddle
            && let Some(why) = straddles.refused(t, n).filter(|_| !short_deck)
        {
            return Some(why);
        }
    }
    None
}

/// The fees the summary's `Total pot` line lists after the rake (`| Jackpot $0.02 | Bingo
/// $0`), each with its name and the line.
pub(super) fn fees(h: &HandText) -> Vec<Fee> {
    // The summary is the hand's last few lines: read from the end.
    let mut summary = h.lines().rev().take_while(|l| l.text != "*** SUMMARY ***");
    let Some(l) = summary.find(|l| l.text.starts_with("Total pot ")) else {
        return Vec::new();
    };
    // The parts after the rake's, each `NAME AMOUNT` (GG writes four: room for them at once).
    let mut out = Vec::with_capacity(4);
    let parts = l.text.split('|').map(trim);
    for part in parts.skip_while(|part| !part.starts_with("Rake ")).skip(1) {
        let Some(space) = part.rfind(' ') else { continue };
        let Some(amount) = amount(&part[space + 1..]) else { continue };
        let name = trim(&part[..space]);
        // GG's fees are these four: their names are not copied.
        let name = match name {
            "Jackpot" => Cow::Borrowed("Jackpot"),
            "Bingo" => Cow::Borrowed("Bingo"),
            "Fortune" => Cow::Borrowed("Fortune"),
            "Tax" => Cow::Borrowed("Tax"),
            _ => Cow::Owned(name.to_string()),
        };
        out.push(Fee { name, amount, line: l.number });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gg_game_names_and_levels_are_put_in_pokerstars_words() {
        let cases = [
            ("Poker Hand #OM1: PLO-5 ($2/$5) - 2021/04/03 00:00:47", "Poker Hand #OM1: 5 Card Omaha Pot Limit ($2/$5) - 2021/04/03 00:00:47", None),
            ("Poker Hand #OM1: PLO ($2/$5) - x", "Poker Hand #OM1: Omaha Pot Limit ($2/$5) - x", None),
            ("Poker Hand #TM1: Tournament #9, Daily $5 Hold'em No Limit - Level10 (60/120) - x", "Poker Hand #TM1: Tournament #9, Hold'em No Limit - Level 10 (60/120) - x", Some("Daily $5")),
            ("Poker Hand #TM2: Tournament #9, B Omaha (NL postflop) - Level18(1,250/2,500) - x", "Poker Hand #TM2: Tournament #9, Omaha Pot Limit Pre-Flop, No Limit Post-Flop - Level 18 (1,250/2,500) - x", Some("B")),
            ("Poker Hand #TM3: Tournament #9 WSOP #1: $5 No Limit Hold'em Main Event [Day 1] Hold'em No Limit - Level2 (5/10) - x", "Poker Hand #TM3: Tournament #9, Hold'em No Limit - Level 2 (5/10) - x", Some("WSOP #1: $5 No Limit Hold'em Main Event [Day 1]")),
            ("Poker Hand #SD1: ShortDeck No Limit ($0.02) - x", "Poker Hand #SD1: Hold'em No Limit ($0.02/$0.02) - x", None),
            ("Poker Hand #RC1: Hold'em No Limit ($0.02/$0.05) - x", "Poker Hand #RC1: Hold'em No Limit ($0.02/$0.05) - x", None),
        ];
        for (gg, stars, name) in cases {
            assert_eq!(header_words(gg), (Cow::Borrowed(stars), name.map(String::from)), "{gg}");
        }
    }

    #[test]
    fn a_summary_without_rake_states_none() {
        assert_eq!(stars_words("Total pot 51,316", None, &Rare::ALL), "Total pot 51,316 | Rake 0");
        let line = "Total pot $1 | Rake $0";
        assert_eq!(stars_words(line, None, &Rare::ALL), line);
    }

    /// The first hand of a GG text, read.
    fn read(text: &str) -> Result<StarsHand, TextError> {
        parse_hand(&hands_of(text)[0])
    }

    /// A hand of three at $0.25/$0.50, with `extra` after the blinds.
    fn hand_with(extra: &str) -> String {
        format!(
            "Poker Hand #RC1: Hold'em No Limit ($0.25/$0.5) - 2025/10/06 15:30:00\n\
             Table 'T' 6-max Seat #1 is the button\nSeat 1: a1 ($50 in chips)\n\
             Seat 2: b2 ($50 in chips)\nSeat 3: c3 ($50 in chips)\n\
             b2: posts small blind $0.25\nc3: posts big blind $0.5\n{extra}\n\
             *** HOLE CARDS ***\na1: folds\nb2: folds\n\
             Uncalled bet ($0.25) returned to c3\n*** SHOWDOWN ***\nc3 collected $0.5 from pot\n\
             *** SUMMARY ***\nTotal pot $0.5 | Rake $0 | Jackpot $0\n\
             Seat 1: a1 (button) folded before Flop (didn't bet)\n\
             Seat 2: b2 (small blind) folded before Flop\nSeat 3: c3 (big blind) collected ($0.5)\n"
        )
    }

    #[test]
    fn what_is_not_played_is_refused_at_its_line_and_the_rest_is_read() {
        let refused = |extra: &str| match read(&hand_with(extra)).unwrap().refusal {
            Some(Refusal::NotSupported(why)) => why,
            other => panic!("{extra}: {other:?}"),
        };
        assert!(refused("Bomb Pot: every player posts $1").starts_with("line 8: a bomb pot"));
        // A missed blind of the big blind's size is not a dead small blind.
        let why = refused("a1: posts missed blind $0.5");
        assert!(why.starts_with("line 8: a missed blind other than a dead small blind"), "{why}");
        // A straddle by the button (after the big blind, at a table of three) is played; one
        // by a blind, or of less than twice the big blind, is not.
        assert!(read(&hand_with("a1: straddle $1")).unwrap().refusal.is_none());
        let why = refused("b2: straddle $1");
        assert!(why.starts_with("line 8: a straddle the engine does not play"), "{why}");
        let why = refused("a1: straddle $0.75");
        assert!(why.starts_with("line 8: a straddle the engine does not play"), "{why}");
        // Chat and a plain hand: read, nothing refused.
        assert!(read(&hand_with("a1: says hello")).unwrap().refusal.is_none());
    }

    /// The hands of a GG text, cut.
    fn hands_of(text: &str) -> Vec<HandText> {
        crate::import::split::StarsHands::with_header(text.as_bytes(), "Poker Hand #")
            .map(Result::unwrap)
            .collect()
    }

    #[test]
    fn a_hand_reads_the_same_as_when_every_line_is_searched_for_every_rare_word() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ggpoker");
        // Every sample, the malformed ones of the folder below included.
        let mut texts: Vec<String> = [dir.clone(), dir.join("malformed")]
            .iter()
            .flat_map(|d| std::fs::read_dir(d).unwrap())
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect();
        let extras = [
            "Bomb Pot: every player posts $1",
            "a1: posts missed blind $0.5",
            "a1: posts missed blind $0.25",
            "a1: straddle $1",
            "b2: straddle $1",
            "a1: posts button blind $0.25",
            "Cash Drop to Pot : total $0.5",
            "a1: Chooses to EV Cashout",
            "a1: says bomb pot: straddle $1",
            "Hand was cancelled",
            "a1: cashed out the hand",
        ];
        texts.extend(extras.iter().map(|x| hand_with(x)));
        let mut plain = 0;
        for text in &texts {
            for h in hands_of(text) {
                let rare = Rare::of(h.joined());
                // The runs' words ask nothing of the lines: a hand holding them only is searched no more.
                plain += usize::from(Rare { runs: false, ..rare } == Rare::NONE);
                // Read alike, whether the lines were searched for a cancel or not.
                let read =
                    |rare| parse_searching(&h, rare).map(|h| StarsHand { uncancelled: false, ..h });
                assert_eq!(read(rare), read(Rare::ALL), "{text}");
            }
        }
        // Most hands hold none of the words: their lines are not searched for them.
        assert!(plain >= 15, "{plain}");
        let chat = &hands_of(&hand_with("a1: says hello"))[0];
        assert_eq!(Rare::of(chat.joined()), Rare::NONE);
        let read = |h: &HandText| parse_hand(h).unwrap();
        assert!(!may_pay_outside(&read(chat)) && !may_run_twice(&read(chat)));
        for (extra, word) in [
            ("Bomb Pot: x", Rare { bomb_pot: true, ..Rare::NONE }),
            ("a1: straddle $1", Rare { straddle: true, ..Rare::NONE }),
            ("a1: posts button blind $1", Rare { button_blind: true, ..Rare::NONE }),
            ("a1: posts missed blind $1", Rare { missed_blind: true, ..Rare::NONE }),
            ("a1: pay premium of all-in insurance ($4)", Rare { outside: true, ..Rare::NONE }),
            ("Hand was run twice", Rare { runs: true, ..Rare::NONE }),
            ("*** SECOND RIVER *** [2c 3d 4h 5s] [6c]", Rare { runs: true, ..Rare::NONE }),
            ("*** THIRD RIVER *** [2c 3d 4h 5s] [6c]", Rare { runs: true, ..Rare::NONE }),
            ("Hand was cancelled", Rare { cancel: true, ..Rare::NONE }),
            ("Player1: cashed out the hand", Rare { cancel: true, ..Rare::NONE }),
        ] {
            let h = &hands_of(&hand_with(extra))[0];
            assert_eq!(Rare::of(h.joined()), word, "{extra}");
            let marks = Rare::of(h.joined()).marks();
            assert_eq!(marks & MAY_PAY_OUTSIDE != 0, word.outside, "{extra}");
            assert_eq!(marks & MAY_RUN_TWICE != 0, word.runs, "{extra}");
        }
    }

    #[test]
    fn a_plain_straddle_is_posted() {
        assert_eq!(stars_words("a1: straddle $0.1", None, &Rare::ALL), "a1: posts straddle $0.1");
    }

    #[test]
    fn the_summary_board_takes_the_flop_in_the_order_it_was_dealt() {
        let flop = Some("Ad 7d 9d");
        assert_eq!(
            stars_words("Board [7d 9d Ad 2s 4h]", flop, &Rare::ALL),
            "Board [Ad 7d 9d 2s 4h]"
        );
        assert_eq!(stars_words("Board [Ad 7d 9d 2s]", flop, &Rare::ALL), "Board [Ad 7d 9d 2s]");
        // Another flop is left as written, for the check to find.
        assert_eq!(stars_words("Board [7d 9d Ac 2s]", flop, &Rare::ALL), "Board [7d 9d Ac 2s]");
    }
}
