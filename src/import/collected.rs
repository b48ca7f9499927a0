//! The `collected` lines of sites that count, in what a player collects, chips the player
//! never won: the part of a bet nobody matched, and what a raise over players all in adds
//! beyond the bet (Winamax, 888poker). The rules give those chips back before the showdown;
//! PokerStars' text, which the replay reads, shows them as `Uncalled bet (X) returned to NAME`.
//! So each collected line is held ([`Collected`]) until they are taken out of it
//! ([`give_back`]), then written in PokerStars' words ([`write`]).

use std::borrow::Cow;

use super::pokerstars::{cents_amount, Piece, StarsEvent, Summary, SummarySeat};

/// A line a reader writes in PokerStars' words: text, or a [`Piece`] (text, or an action's
/// event already read).
pub(super) trait Written<'t>: From<Cow<'t, str>> {
    /// Whether it is a line left empty (to be dropped).
    fn is_blank(&self) -> bool;
    /// Whether it is an action of the betting: a fold, check, call, bet, raise or post.
    fn is_betting(&self) -> bool;
    /// The line `piece` says, whose text is `text` (made only if the line is text).
    fn of_piece(piece: Piece<'static>, text: impl FnOnce() -> String) -> Self;
}

/// The words of the betting's actions, as [`said`] writes them.
const BETTING: [&str; 6] = [": folds", ": checks", ": calls ", ": bets ", ": raises ", ": posts "];

impl<'t> Written<'t> for Cow<'t, str> {
    fn is_blank(&self) -> bool {
        self.is_empty()
    }

    fn is_betting(&self) -> bool {
        BETTING.iter().any(|v| self.contains(v))
    }

    fn of_piece(_: Piece<'static>, text: impl FnOnce() -> String) -> Self {
        Cow::Owned(text())
    }
}

impl<'t> Written<'t> for Piece<'t> {
    fn is_blank(&self) -> bool {
        matches!(self, Piece::Text(t) if t.is_empty())
    }

    fn is_betting(&self) -> bool {
        match self {
            Piece::Text(t) => t.is_betting(),
            Piece::Total(_) | Piece::Seat(_) | Piece::Listed(_) => false,
            Piece::Event(e) => matches!(
                e,
                StarsEvent::Fold(_)
                    | StarsEvent::Check(_)
                    | StarsEvent::Call(..)
                    | StarsEvent::Bet(..)
                    | StarsEvent::RaiseTo(..)
                    | StarsEvent::Ante(..)
                    | StarsEvent::SmallBlind(..)
                    | StarsEvent::BigBlind(..)
                    | StarsEvent::SmallAndBig(..)
                    | StarsEvent::Straddle(..)
            ),
        }
    }

    fn of_piece(piece: Piece<'static>, _: impl FnOnce() -> String) -> Self {
        piece
    }
}

/// A `collected` line waiting for what was never won to be taken out of it.
pub(super) struct Collected {
    /// Where it goes among the lines read.
    pub at: usize,
    /// The seat (index) of the player who collected.
    pub seat: usize,
    /// The amount, in hundredths.
    pub cents: i64,
    /// The pot in PokerStars' words: `pot`, `main pot`, `side pot-1`.
    pub pot: Cow<'static, str>,
    /// The line of the text it is read from.
    pub line: usize,
}

/// What each seat has done in a hand's play, as a site's play is followed to find what it
/// counts in what a player collects but never won (a reader takes the fields apart:
/// `let Seats { mut put, .. } = Seats::new(k)`). Amounts are in hundredths:
/// - `put`: put in all the hand;
/// - `dead`: of that, the dead blinds: in the pot, but no bet to match (the uncalled bet is
///   counted without them);
/// - `surplus`: what a raise over players all in added beyond the bet: the site counts it in
///   what its player collects, where the rules make the raise a call;
/// - `street`: put in on the street being played;
/// - `folded`: has folded.
pub(super) struct Seats {
    pub put: Vec<i64>,
    pub dead: Vec<i64>,
    pub surplus: Vec<i64>,
    pub street: Vec<i64>,
    pub folded: Vec<bool>,
}

impl Seats {
    /// `k` seats that have done nothing yet.
    pub fn new(k: usize) -> Seats {
        Seats {
            put: vec![0; k],
            dead: vec![0; k],
            surplus: vec![0; k],
            street: vec![0; k],
            folded: vec![false; k],
        }
    }
}

/// Holds a collected line of `seat`, read at `line`, at the end of `out` (as an empty line
/// that [`write`] fills).
pub(super) fn hold<'t, W: Written<'t>>(
    collected: &mut Vec<Collected>,
    out: &mut Vec<(usize, W)>,
    (seat, cents, pot): (usize, i64, Cow<'static, str>),
    line: usize,
) {
    collected.push(Collected { at: out.len(), seat, cents, pot, line });
    out.push((line, Cow::Borrowed("").into()));
}

/// What each of `seats` seats collected in all.
pub(super) fn totals(collected: &[Collected], seats: usize) -> Vec<i64> {
    let mut got = vec![0i64; seats];
    for c in collected {
        got[c.seat] = got[c.seat].saturating_add(c.cents);
    }
    got
}

/// The line of `seat`'s first collected line, or `or` when the seat collected nothing.
pub(super) fn line_of(collected: &[Collected], seat: usize, or: usize) -> usize {
    collected.iter().find(|c| c.seat == seat).map_or(or, |c| c.line)
}

/// The bet nobody matched: the seat with the most put in beyond its dead blind (`put[i] -
/// dead[i]`, what others had to match) and how much more than the next most that is, if any.
pub(super) fn uncalled(put: &[i64], dead: &[i64]) -> Option<(usize, i64)> {
    let live: Vec<i64> = put.iter().zip(dead).map(|(p, d)| p.saturating_sub(*d)).collect();
    let top = (0..live.len()).max_by_key(|&i| live[i])?;
    let second = (0..live.len()).filter(|&i| i != top).map(|i| live[i]).max().unwrap_or(0);
    let excess = live[top].saturating_sub(second);
    (excess > 0).then_some((top, excess))
}

/// Takes `amount` out of what `seat` collected (`got[seat]`, and its collected lines from the
/// last back). When the seat collected less than that, nothing is taken and the error is what
/// it collected.
fn take_back(
    collected: &mut [Collected],
    got: &mut [i64],
    seat: usize,
    amount: i64,
) -> Result<(), i64> {
    if got[seat] < amount {
        return Err(got[seat]);
    }
    got[seat] -= amount;
    let mut left = amount;
    for c in collected.iter_mut().rev().filter(|c| c.seat == seat) {
        let take = left.min(c.cents);
        c.cents -= take;
        left -= take;
    }
    Ok(())
}

/// Gives back what the rules never let into a pot and the site counts in what its players
/// collected: `uncalled` (a seat and the part of its bet nobody matched, see [`uncalled`]) and
/// each seat's `surplus` (what its raise over players all in added beyond the bet), taken out
/// of the collected lines and `got`. What is wrong when a seat collected less than that, in
/// words naming the player (`name` of a seat), the amounts (`written`) and the `site`.
pub(super) fn give_back<'t>(
    collected: &mut [Collected],
    got: &mut [i64],
    (uncalled, surplus): (Option<(usize, i64)>, &[i64]),
    site: &str,
    name: impl Fn(usize) -> &'t str,
    written: impl Fn(i64) -> String,
) -> Result<(), (usize, String)> {
    let back = uncalled.map(|(top, excess)| (top, excess, "put in", "more than anyone called"));
    let surplus = surplus.iter().enumerate().filter(|(_, m)| **m > 0);
    let over = surplus.map(|(i, &m)| (i, m, "raised", "over players all in"));
    for (i, amount, did, what) in back.into_iter().chain(over) {
        if let Err(only) = take_back(collected, got, i, amount) {
            let name = name(i);
            return Err((
                i,
                format!(
                    "{name} {did} {} {what}, which {site} counts in what the player collects, but the collected lines give {name} only {}",
                    written(amount),
                    written(only)
                ),
            ));
        }
    }
    Ok(())
}

/// Each collected line written at its place in `out`: `NAME collected X from POT`, with
/// `name` of its seat and the amount `written`; empty when all of it was taken back (the
/// caller drops empty lines).
pub(super) fn write<'t, 'o, W: Written<'o>>(
    collected: &[Collected],
    name: impl Fn(usize) -> &'t str,
    written: impl Fn(i64) -> String,
    out: &mut [(usize, W)],
) {
    for c in collected {
        let text = || format!("{} collected {} from {}", name(c.seat), written(c.cents), c.pot);
        out[c.at].1 = match cents_amount(c.cents).filter(|_| c.cents > 0) {
            Some(a) => {
                W::of_piece(Piece::Event(StarsEvent::Collected(c.seat, a, c.pot.to_string())), text)
            }
            None if c.cents > 0 => Cow::<str>::Owned(text()).into(),
            None => Cow::<str>::Borrowed("").into(),
        };
    }
}

/// Hundredths written as an amount (`$12.50`, `3`), as the PokerStars reader reads them.
pub(super) fn written(c: i64, symbol: Option<char>) -> String {
    let mut out = String::with_capacity(16);
    push_written(&mut out, c, symbol);
    out
}

/// [`written`], onto the end of `out` (the readers write many amounts a hand: one string
/// each, no formatting machinery).
pub(super) fn push_written(out: &mut String, c: i64, symbol: Option<char>) {
    if c < 0 {
        out.push('-');
    }
    if let Some(s) = symbol {
        out.push(s);
    }
    let c = c.unsigned_abs();
    push_number(out, c / 100);
    let cents = (c % 100) as u8;
    if cents != 0 {
        out.push('.');
        out.push(char::from(b'0' + cents / 10));
        out.push(char::from(b'0' + cents % 10));
    }
}

/// `NAME: WORDS` as PokerStars writes an action, each `#` of `words` the next of `amounts`
/// written as [`written`] writes it: `said("Ann", "raises # to #", &[50, 75], Some('$'))` is
/// `Ann: raises $0.50 to $0.75`.
pub(super) fn said(name: &str, words: &str, amounts: &[i64], symbol: Option<char>) -> String {
    let mut out = String::with_capacity(name.len() + words.len() + 2 + 12 * amounts.len());
    out.push_str(name);
    out.push_str(": ");
    let mut pieces = words.split('#');
    if let Some(first) = pieces.next() {
        out.push_str(first);
    }
    for (piece, &c) in pieces.zip(amounts) {
        push_written(&mut out, c, symbol);
        out.push_str(piece);
    }
    out
}

/// A whole number in decimal digits onto the end of `out`.
pub(super) fn push_number(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    out.push_str(std::str::from_utf8(&digits[k..]).unwrap_or_default());
}

/// A seat of the seat list as PokerStars writes it: `Seat 3: NAME ($12.50 in chips)`, the
/// stack in hundredths written with `symbol`.
pub(super) fn seat_list_line(seat: u32, name: &str, stack: i64, symbol: Option<char>) -> String {
    let mut line = String::with_capacity(24 + name.len());
    line.push_str("Seat ");
    push_number(&mut line, u64::from(seat));
    line.push_str(": ");
    line.push_str(name);
    line.push_str(" (");
    push_written(&mut line, stack, symbol);
    line.push_str(" in chips)");
    line
}

/// A seat's line of a summary written from the play, as PokerStars writes it: `Seat 3: NAME`,
/// then ` folded`, ` showed [CARDS]` and ` and won (X)` where they hold (`won` already written).
pub(super) fn seat_line(
    (seat, name): (u32, &str),
    folded: bool,
    shown: Option<&str>,
    won: Option<String>,
) -> String {
    let mut l = String::with_capacity(48 + name.len());
    l.push_str("Seat ");
    push_number(&mut l, u64::from(seat));
    l.push_str(": ");
    l.push_str(name);
    if folded {
        l.push_str(" folded");
    }
    if let Some(cards) = shown {
        l.push_str(" showed ");
        l.push_str(cards);
    }
    if let Some(won) = won {
        l.push_str(" and won (");
        l.push_str(&won);
        l.push(')');
    }
    l
}

/// The end of a hand of a site that prints no rake, no total pot and no uncalled bet, and
/// counts the uncalled bet in what its player collects (888poker, PartyPoker), once its play is
/// followed and what was never won given back ([`give_back`]).
pub(super) struct Ending<'a> {
    /// The collected lines, held in `out` ([`hold`]).
    pub collected: &'a [Collected],
    /// What each seat collected in all, after what was given back.
    pub got: &'a [i64],
    /// Each seat's number and name.
    pub seats: &'a [(u32, &'a str)],
    /// Whether each seat acted in the play.
    pub acted: &'a [bool],
    /// Whether each seat folded.
    pub folded: &'a [bool],
    /// The cards each seat showed.
    pub shown: &'a [Option<String>],
    /// The bet nobody matched ([`uncalled`]).
    pub uncalled: Option<(usize, i64)>,
    /// The pot: all put in, less what went back.
    pub total: i64,
    /// Whether the hand is a tournament's: no rake.
    pub tournament: bool,
    /// Whether the hole cards were dealt.
    pub dealt: bool,
    /// The line of the collected lines (for the uncalled bet of a seat that collected none).
    pub summary_line: usize,
    /// The line the summary's own lines are given.
    pub at: usize,
    /// Whether a seat that won without acting is listed in the summary.
    pub list_silent_winners: bool,
    /// The currency symbol amounts are written with.
    pub symbol: Option<char>,
}

/// Writes `e` after the play in `out`, in PokerStars' words: the collected lines, the uncalled
/// bet given back after the betting's last action, and a summary (`Total pot X | Rake Y` and a
/// line for each seat the play names). The rake written is the one the collected lines leave
/// when a card room could take it (at most a tenth of the pot, none in a tournament);
/// otherwise the nearest that is, and `--check` finds the difference at the summary. A hand
/// whose cards were never dealt is not played: the reason, at the summary's line.
pub(super) fn write_ending<'t, W: Written<'t>>(
    e: &Ending<'_>,
    out: &mut Vec<(usize, W)>,
) -> Option<String> {
    let (summary_line, s) = (e.summary_line, e.symbol);
    if !e.dealt {
        return Some(format!(
            "line {summary_line}: the hand ends before its cards are dealt (`** Dealing down cards **`): a hand cancelled, which a replay cannot play"
        ));
    }
    let paid: i64 = e.got.iter().sum();
    let most = if e.tournament { 0 } else { e.total.saturating_add(9) / 10 };
    let rake = (e.total - paid).clamp(0, most);
    write(e.collected, |i| e.seats[i].1, |c| written(c, s), out);
    if let Some((top, excess)) = e.uncalled {
        let at = line_of(e.collected, top, summary_line);
        let text =
            || format!("Uncalled bet ({}) returned to {}", written(excess, s), e.seats[top].1);
        let returned = match cents_amount(excess) {
            Some(a) => W::of_piece(Piece::Event(StarsEvent::Uncalled(top, a)), text),
            None => Cow::<str>::Owned(text()).into(),
        };
        // It goes back after the last action of the betting.
        let last = out.iter().rposition(|(_, t)| t.is_betting());
        out.insert(last.map_or(out.len(), |k| k + 1), (at, returned));
    }
    out.retain(|(_, t)| !t.is_blank());
    out.push((e.at, Cow::Borrowed("*** SUMMARY ***").into()));
    let text = || format!("Total pot {} | Rake {}", written(e.total, s), written(rake, s));
    let total = match (cents_amount(e.total), cents_amount(rake)) {
        (Some(total), Some(rake)) => {
            let summary = Summary { total, rake, pots: Vec::new(), line: e.at };
            W::of_piece(Piece::Total(summary), text)
        }
        _ => Cow::<str>::Owned(text()).into(),
    };
    out.push((e.at, total));
    for (i, &seat) in e.seats.iter().enumerate() {
        let won = e.got[i];
        let listed = e.acted[i] || (e.list_silent_winners && won != 0);
        if !listed {
            continue;
        }
        let shown = e.shown[i].as_deref();
        let text = || seat_line(seat, e.folded[i], shown, (won > 0).then(|| written(won, s)));
        // A seat that showed cards is written as text: the reader takes its cards from it.
        let line = match (shown, won) {
            (None, 0..) => {
                let folded = e.folded[i];
                let won = if won > 0 { cents_amount(won) } else { None };
                let said = SummarySeat { player: i, line: e.at, folded, showed: None, won };
                W::of_piece(Piece::Seat(said), text)
            }
            _ => Cow::<str>::Owned(text()).into(),
        };
        out.push((e.at, line));
    }
    None
}

/// A raise by seat `i` to `to` over players who are all in: the rules make it a call of the
/// bet, and what it adds beyond the bet goes to `surplus` (sites count it in what the player
/// collects). `in_hand(j)`: whether seat `j` is in the hand (named in the play, not folded).
/// Returns the call, with `put` (the hand's) and `street` counted; `None`, counting nothing,
/// when it is a raise (someone else can still act, or it raises nothing).
pub(super) fn call_over_all_in(
    (i, to): (usize, i64),
    in_hand: impl Fn(usize) -> bool,
    stacks: &[i64],
    (put, street, surplus): (&mut [i64], &mut [i64], &mut [i64]),
) -> Option<i64> {
    let bet = street.iter().copied().max().unwrap_or(0);
    let mut others = (0..put.len()).filter(|&j| j != i && in_hand(j)).peekable();
    let all_in = others.peek().is_some()
        && others.all(|j| put[j] >= stacks.get(j).copied().unwrap_or(i64::MAX));
    if !all_in || to <= bet {
        return None;
    }
    let call = bet.saturating_sub(street[i]);
    put[i] = put[i].saturating_add(call);
    street[i] = bet;
    surplus[i] = surplus[i].saturating_add(to - bet);
    Some(call)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(at: usize, seat: usize, cents: i64) -> Collected {
        Collected { at, seat, cents, pot: "pot".into(), line: at + 10 }
    }

    #[test]
    fn the_uncalled_part_is_beyond_the_next_largest_live_bet() {
        assert_eq!(uncalled(&[100, 300, 50], &[0, 0, 0]), Some((1, 200)));
        // A dead blind is no bet to match.
        assert_eq!(uncalled(&[150, 100], &[50, 0]), None);
        assert_eq!(uncalled(&[200, 200], &[0, 0]), None);
        assert_eq!(uncalled(&[], &[]), None);
    }

    #[test]
    fn what_is_taken_back_comes_off_the_last_lines_first() {
        let mut c = vec![line(0, 1, 300), line(1, 0, 50), line(2, 1, 100)];
        let mut got = totals(&c, 2);
        assert_eq!(got, [50, 400]);
        assert_eq!(take_back(&mut c, &mut got, 1, 150), Ok(()));
        assert_eq!(got, [50, 250]);
        assert_eq!(c.iter().map(|c| c.cents).collect::<Vec<_>>(), [250, 50, 0]);
        // More than collected: nothing taken, what was collected said.
        assert_eq!(take_back(&mut c, &mut got, 0, 60), Err(50));
        assert_eq!(got, [50, 250]);
        assert_eq!(line_of(&c, 1, 99), 10);
        assert_eq!(line_of(&c, 2, 99), 99);
        let mut out = vec![(10, Cow::Borrowed("")), (11, Cow::Borrowed("")), (12, "x".into())];
        write(&c, |s| ["ann", "bo"][s], |c| format!("${c}"), &mut out);
        let texts: Vec<&str> = out.iter().map(|(_, t)| t.as_ref()).collect();
        assert_eq!(texts, ["bo collected $250 from pot", "ann collected $50 from pot", ""]);
    }

    #[test]
    fn what_goes_back_is_the_uncalled_bet_then_each_raise_over_players_all_in() {
        let mut c = vec![line(0, 0, 500), line(1, 1, 300)];
        let mut got = totals(&c, 2);
        let names = |s: usize| ["ann", "bo"][s];
        let back = (Some((0, 100)), &[0, 50][..]);
        assert_eq!(give_back(&mut c, &mut got, back, "X", names, |c| c.to_string()), Ok(()));
        assert_eq!(got, [400, 250]);
        let back = (None, &[0, 300][..]);
        assert_eq!(
            give_back(&mut c, &mut got, back, "X", names, |c| format!("${c}")),
            Err((1, "bo raised $300 over players all in, which X counts in what the player collects, but the collected lines give bo only $250".into()))
        );
    }
}
