//! The play and the summary of an Everest `<HAND>` in PokerStars' words
//! ([`super::everest_lines`]).
//!
//! | Everest writes | read as |
//! |---|---|
//! | `<ANTE position="0" amount="35000"/>` | `NAME: posts the ante 350` |
//! | `<BLIND position="2" amount="50" penalty="0"/>` | the small blind, the big blind (the larger posted), by amount: a hand may have no small blind |
//! | `<HOLE position="5">6s</HOLE>`, one card at a time, `--` for one not seen | `Dealt to NAME [6s Td]` when all of a seat's cards are seen |
//! | `<BET position="9" amount="250"/>` (the chips put in; `0` a check; `allin="1"`) | a check, a bet, a call or a raise, by what is in before it |
//! | `<FOLD position="5"/>` | `NAME: folds` |
//! | `<PUSH position="0" amount="500"/>` | `Uncalled bet ($5) returned to NAME` |
//! | `<SWEEP rake="0" tax="0">650</SWEEP>` (the pot after each street) | the last one is the `Total pot`, the rake and tax of all of them its `Rake` |
//! | `<COMMUNITY>10c, 2d, 2s</COMMUNITY>` (five cards at once after all-ins) | `*** FLOP *** [Tc 2d 2s]`, and the turn and river |
//! | `<SHOW position="9">5h, 5d</SHOW>` (perhaps twice), `<XSHOW position="0"/>` | `NAME: shows [5h 5d]` once, at the showdown; nothing |
//! | `<WIN position="3" amount="35000" pot="0" potAmount="35000"/>` | `NAME collected 350 from pot` |
//!
//! A blind with a `penalty` is refused with the reason: which part of it is live is not
//! written.

use super::everest_lines::{El, Hand};

use super::collected::written;
use super::pokerstars::{cents_amount, err, Piece, StarsEvent, Summary, SummarySeat, TextError};

/// The lines read, as the PokerStars reader takes them: each with its line in the text.
pub(super) type Out = Vec<(usize, Piece<'static>)>;

/// The table a hand is played at.
pub(super) struct Table<'a> {
    /// Each seat (counted from 1), its player, stack in hundredths and line.
    pub seats: &'a [(u32, String, i64, usize)],
    /// Fixed limit: the bets are the big blind and twice it.
    pub fixed: bool,
    /// The currency symbol amounts are written with (`None` in a tournament).
    pub symbol: Option<char>,
    /// The hand's `blinds` attribute (`$0.01/$0.02`).
    pub header_blinds: &'a str,
}

/// A card as PokerStars writes it: `10d` is `Td`; what is not a card is `None`.
fn card(t: &str) -> Option<[u8; 2]> {
    let t = t.trim();
    // The suit is the last letter, whatever its length in bytes (a letter of two bytes is no
    // suit, and is not cut in half).
    let last = t.chars().last()?;
    let (rank, suit) = t.split_at(t.len() - last.len_utf8());
    let rank = match rank.as_bytes() {
        b"10" | b"T" => b'T',
        &[r] if b"23456789JQKA".contains(&r) => r,
        _ => return None,
    };
    match suit.as_bytes() {
        &[s @ (b'c' | b'd' | b'h' | b's')] => Some([rank, s]),
        _ => None,
    }
}

/// Cards written as PokerStars writes them, a space between each two, onto `out`.
fn push_cards(out: &mut String, cards: impl IntoIterator<Item = [u8; 2]>) {
    for (k, [r, s]) in cards.into_iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push(char::from(r));
        out.push(char::from(s));
    }
}

/// The cards of a `<COMMUNITY>` or `<SHOW>` (`10c, 2d, 2s`) as PokerStars writes them
/// (`Tc 2d 2s`: three bytes a card, less one), and how many; or what is wrong.
fn cards(n: &El<'_>, line: usize) -> Result<(String, usize), TextError> {
    let text = n.text.as_deref().unwrap_or_default();
    let mut out = String::with_capacity(15);
    let mut count = 0;
    for c in text.split(',').filter(|c| !c.trim().is_empty()) {
        match card(c) {
            Some(c) if count < 5 => {
                if count > 0 {
                    out.push(' ');
                }
                push_cards(&mut out, [c]);
                count += 1;
            }
            Some(_) => return err(line, format!("more than five cards in `{}`", text.trim())),
            None => return err(line, format!("`{}` is not a card (expected a rank 2 to 10, J, Q, K or A and a suit c, d, h or s)", c.trim())),
        }
    }
    Ok((out, count))
}

/// A `$0.01/$0.02` of the hand's `blinds`, in hundredths (`1 750/3 500` in a tournament).
fn header_big(t: &str) -> Option<i64> {
    let big = t.split('/').nth(1)?;
    let digits: String = big.chars().filter(|c| !c.is_whitespace() && *c != '$').collect();
    super::p888_lines::cents(&digits)
        .filter(|_| digits.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

/// The play and the summary in PokerStars' words, into `out`; the stakes (blinds, or a fixed
/// limit's bets) in hundredths, and the reason the hand is not replayed, if one is found.
pub(super) fn play(
    hand: &Hand<'_>,
    table: &Table<'_>,
    out: &mut Out,
) -> Result<((i64, i64), Option<String>), TextError> {
    let Table { seats, fixed, symbol: s, .. } = *table;
    let k = seats.len();
    let w = |c: i64| written(c, s);
    let index = |n: &El<'_>| -> Result<usize, TextError> {
        let v = n.attr("position").unwrap_or_default();
        let p = v.trim().parse::<u32>().ok().and_then(|p| p.checked_add(1));
        match p.and_then(|p| seats.iter().position(|x| x.0 == p)) {
            Some(i) => Ok(i),
            None => {
                err(n.line, format!("`position=\"{v}\"` is not a seat of the hand's `<SEAT>`s"))
            }
        }
    };
    let amount = |n: &El<'_>| -> Result<i64, TextError> {
        let v = n.attr("amount").unwrap_or_default();
        match v.trim().parse::<i64>() {
            Ok(c) if (0..=1_000_000_000_000_000).contains(&c) => Ok(c),
            _ => err(
                n.line,
                format!(
                    "`amount=\"{v}\"` is not an amount (expected whole hundredths, as in `250`)"
                ),
            ),
        }
    };
    let elements = &hand.els;
    // The big blind: the largest posted by a player not all in, else the hand's `blinds`.
    let mut big = None;
    for n in elements.iter().filter(|n| n.name == "BLIND") {
        let (i, c) = (index(n)?, amount(n)?);
        if c < seats[i].2 {
            big = big.max(Some(c));
        }
    }
    let Some(big) = big.or_else(|| header_big(table.header_blinds)).filter(|&b| b > 0) else {
        return err(
            hand.line,
            format!(
                "expected a big blind posted, or in the hand's `blinds` (not `{}`)",
                table.header_blinds
            ),
        );
    };
    // Each seat's cards as dealt, in order.
    let mut holes: Vec<Vec<Option<[u8; 2]>>> = vec![Vec::new(); k];
    for n in elements.iter().filter(|n| n.name == "HOLE") {
        let i = index(n)?;
        let t = n.text.as_deref().unwrap_or_default().trim();
        let c = if t == "--" || t.is_empty() { None } else { card(t) };
        if c.is_none() && !(t == "--" || t.is_empty()) {
            return err(n.line, format!("`{t}` is not a card (expected a rank 2 to 10, J, Q, K or A and a suit, or `--`)"));
        }
        if holes[i].len() >= 7 {
            return err(n.line, format!("{} is dealt more than seven cards", seats[i].1));
        }
        holes[i].push(c);
    }
    let mut small = None;
    let mut street = vec![0i64; k];
    let mut put = vec![0i64; k];
    let mut folded = vec![false; k];
    let mut acted = vec![false; k];
    let mut shown: Vec<Option<String>> = vec![None; k];
    let mut won: Vec<i64> = vec![0; k];
    // The board as PokerStars writes it (`Tc 2d 2s`), and how many cards.
    let mut board = String::with_capacity(14);
    let mut board_count = 0;
    let mut total = None;
    let mut rake = 0i64;
    let mut dealt = false;
    let mut refusal = None;
    let mut collects: Vec<(usize, usize, i64)> = Vec::with_capacity(2);
    let mut first_show = None;
    let mut show_order: Vec<usize> = Vec::with_capacity(k);
    for n in elements {
        let l = n.line;
        let name = n.name;
        if !dealt
            && matches!(
                name,
                "HOLE" | "BET" | "FOLD" | "PUSH" | "COMMUNITY" | "SHOW" | "XSHOW" | "WIN"
            )
        {
            dealt = true;
            out.push((l, "*** HOLE CARDS ***".into()));
            for (i, h) in holes.iter().enumerate() {
                if !h.is_empty() && h.iter().all(Option::is_some) {
                    let mut line = String::with_capacity(seats[i].1.len() + 12 + 3 * h.len());
                    line.push_str("Dealt to ");
                    line.push_str(&seats[i].1);
                    line.push_str(" [");
                    push_cards(&mut line, h.iter().flatten().copied());
                    line.push(']');
                    out.push((l, line.into()));
                }
            }
        }
        match name {
            "SEAT" | "DEALER" | "HOLE" => {}
            "ANTE" => {
                let (i, c) = (index(n)?, amount(n)?);
                acted[i] = true;
                put[i] = put[i].saturating_add(c);
                if c > 0 {
                    out.push((l, Piece::said(i, &seats[i].1, "posts the ante #", &[c], s)));
                }
            }
            "BLIND" => {
                let (i, c) = (index(n)?, amount(n)?);
                let penalty = n.attr("penalty").unwrap_or("0").trim();
                acted[i] = true;
                put[i] = put[i].saturating_add(c);
                street[i] = street[i].saturating_add(c);
                let all_in = if put[i] >= seats[i].2 { " and is all-in" } else { "" };
                let who = &seats[i].1;
                if !matches!(penalty, "0" | "") {
                    refusal.get_or_insert(format!("line {l}: {who} posts a blind of {} with a penalty (`penalty=\"{penalty}\"`): which part of it is live is not written", w(c)));
                } else if c < big && small.is_none() && all_in.is_empty() {
                    small = Some(c);
                    out.push((l, Piece::said(i, who, "posts small blind #", &[c], s)));
                } else {
                    let verb = ["posts big blind #", all_in].concat();
                    out.push((l, Piece::said(i, who, &verb, &[c], s)));
                }
            }
            "BET" => {
                let (i, c) = (index(n)?, amount(n)?);
                let who = &seats[i].1;
                acted[i] = true;
                let top = street.iter().copied().max().unwrap_or(0);
                let to = street[i].saturating_add(c);
                put[i] = put[i].saturating_add(c);
                street[i] = to;
                let all_in = n.attr("allin").is_some_and(|a| a.trim() == "1")
                    || (c > 0 && put[i] >= seats[i].2);
                let a = if all_in { " and is all-in" } else { "" };
                let said = if c == 0 {
                    if to < top {
                        return err(
                            l,
                            format!("{who} puts in nothing against a bet of {}", w(top)),
                        );
                    }
                    Piece::said(i, who, "checks", &[], s)
                } else if top == 0 {
                    Piece::said(i, who, &["bets #", a].concat(), &[c], s)
                } else if to <= top {
                    Piece::said(i, who, &["calls #", a].concat(), &[c], s)
                } else {
                    Piece::said(i, who, &["raises # to #", a].concat(), &[to - top, to], s)
                };
                out.push((l, said));
            }
            "FOLD" => {
                let i = index(n)?;
                acted[i] = true;
                folded[i] = true;
                out.push((l, Piece::Event(StarsEvent::Fold(i))));
            }
            "PUSH" => {
                let (i, c) = (index(n)?, amount(n)?);
                put[i] = put[i].saturating_sub(c);
                street[i] = street[i].saturating_sub(c);
                let text = || format!("Uncalled bet ({}) returned to {}", w(c), seats[i].1);
                out.push((l, Piece::with_amount(c, |a| StarsEvent::Uncalled(i, a), text)));
            }
            "SWEEP" => {
                let v = n.text.as_deref().unwrap_or_default().trim();
                let Ok(c) = v.parse::<i64>() else {
                    return err(l, format!("`<SWEEP>{v}</SWEEP>` is not an amount (expected the pot in whole hundredths)"));
                };
                total = Some((l, c));
                for what in ["rake", "tax"] {
                    let v = n.attr(what).unwrap_or("0").trim();
                    match v.parse::<i64>() {
                        Ok(r) if (0..=c).contains(&r) => rake = rake.saturating_add(r),
                        _ => return err(l, format!("`{what}=\"{v}\"` is not an amount of the pot (expected whole hundredths, 0 to {c})")),
                    }
                }
                street.iter_mut().for_each(|x| *x = 0);
            }
            "COMMUNITY" => {
                let (new, count) = cards(n, l)?;
                street.iter_mut().for_each(|x| *x = 0);
                let streets: &[(&str, usize)] = match (board_count, count) {
                    (0, 3) => &[("FLOP", 3)],
                    (0, 5) => &[("FLOP", 3), ("TURN", 1), ("RIVER", 1)],
                    (3, 1) => &[("TURN", 1)],
                    (3, 2) => &[("TURN", 1), ("RIVER", 1)],
                    (4, 1) => &[("RIVER", 1)],
                    (b, c) => return err(l, format!("{c} board cards dealt after {b} (expected the flop's three, then the turn's and the river's one)")),
                };
                let mut from = 0;
                for &(street_name, count) in streets {
                    // Card k of `new` is its bytes 3k and 3k + 1.
                    let added = &new[3 * from..3 * (from + count) - 1];
                    from += count;
                    let mut line = String::with_capacity(24 + board.len() + added.len());
                    line.push_str("*** ");
                    line.push_str(street_name);
                    line.push_str(" *** [");
                    if !board.is_empty() {
                        line.push_str(&board);
                        line.push_str("] [");
                        board.push(' ');
                    }
                    line.push_str(added);
                    line.push(']');
                    board.push_str(added);
                    board_count += count;
                    out.push((l, line.into()));
                }
            }
            "SHOW" => {
                let i = index(n)?;
                let (c, _) = cards(n, l)?;
                if shown[i].is_none() && !folded[i] {
                    shown[i] = Some(c);
                    first_show.get_or_insert(l);
                    show_order.push(i);
                }
            }
            "XSHOW" => {}
            "WIN" => {
                let (i, c) = (index(n)?, amount(n)?);
                won[i] = won[i].saturating_add(c);
                collects.push((l, i, c));
            }
            other => {
                return err(l, format!("`<{other}>` is not an element feltkit knows in a hand (expected SEAT, DEALER, ANTE, BLIND, HOLE, BET, FOLD, PUSH, SWEEP, COMMUNITY, SHOW, XSHOW or WIN)"));
            }
        }
    }
    let Some((total_at, total)) = total else {
        return err(hand.line, "expected a `<SWEEP>` giving the pot");
    };
    // The showdown: each hand shown once, after the board; a player in it who shows nothing
    // while another shows, and wins nothing, mucks.
    if let Some(l) = first_show {
        out.push((l, "*** SHOW DOWN ***".into()));
        for &i in &show_order {
            if let Some(c) = &shown[i] {
                out.push((l, format!("{}: shows [{c}]", seats[i].1).into()));
            }
        }
        for i in 0..k {
            if shown[i].is_none() && acted[i] && !folded[i] && won[i] == 0 {
                out.push((l, Piece::Event(StarsEvent::Mucks(i))));
            }
        }
    }
    for &(l, i, c) in &collects {
        let text = || format!("{} collected {} from pot", seats[i].1, w(c));
        out.push((l, Piece::with_amount(c, |a| StarsEvent::Collected(i, a, "pot".into()), text)));
    }
    let end = hand.line.max(total_at);
    out.push((end, "*** SUMMARY ***".into()));
    let pot = match (cents_amount(total), cents_amount(rake)) {
        (Some(total), Some(rake)) => {
            Piece::Total(Summary { total, rake, pots: Vec::new(), line: total_at })
        }
        _ => format!("Total pot {} | Rake {}", w(total), w(rake)).into(),
    };
    out.push((total_at, pot));
    if !board.is_empty() {
        out.push((total_at, ["Board [", &board, "]"].concat().into()));
    }
    for i in 0..k {
        if !acted[i] && won[i] == 0 {
            continue;
        }
        if folded[i] || shown[i].is_none() {
            // A seat that showed cards is written as text: the reader takes its cards from it.
            let won = if won[i] > 0 { cents_amount(won[i]) } else { None };
            let (player, line, folded) = (i, seats[i].3, folded[i]);
            out.push((line, Piece::Seat(SummarySeat { player, line, folded, showed: None, won })));
            continue;
        }
        let mut line = format!("Seat {}: {}", seats[i].0, seats[i].1);
        if folded[i] {
            line.push_str(" folded");
        } else if let Some(c) = &shown[i] {
            line.push_str(&format!(" showed [{c}]"));
        }
        if won[i] > 0 {
            line.push_str(&format!(" and won ({})", w(won[i])));
        }
        out.push((seats[i].3, line.into()));
    }
    let stakes = if fixed { (big, big.saturating_mul(2)) } else { (small.unwrap_or(big / 2), big) };
    Ok((stakes, refusal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_put_in_pokerstars_words() {
        assert_eq!(card("10d"), Some(*b"Td"));
        assert_eq!(card(" Qh"), Some(*b"Qh"));
        assert_eq!(card("1d"), None);
        assert_eq!(card("Qx"), None);
        assert_eq!(card(""), None);
        assert_eq!(card("í€"), None);
        assert_eq!(header_big("$0.01/$0.02"), Some(2));
        assert_eq!(header_big("1 750/3 500"), Some(350_000));
        assert_eq!(header_big("5"), None);
    }
}
