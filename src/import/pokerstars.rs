//! Reading PokerStars hand-history text: one hand at a time, each line matched against the
//! forms the site writes, player names found by matching the seat list (names may hold spaces,
//! colons, slashes, brackets and parentheses).
//!
//! ```
//! use feltkit::import::pokerstars::{parse_hand, split_hands};
//! let text = "PokerStars Hand #7: Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 14:21:15 ET\n\
//! Table 'T' 6-max Seat #1 is the button\nSeat 1: A b ($1 in chips)\nSeat 2: C: d ($2 in chips)\n\
//! A b: posts small blind $0.01\nC: d: posts big blind $0.02\n*** HOLE CARDS ***\nA b: folds\n\
//! Uncalled bet ($0.01) returned to C: d\nC: d collected $0.02 from pot\n*** SUMMARY ***\n\
//! Total pot $0.02 | Rake $0\nSeat 1: A b (button) (small blind) folded before Flop\n\
//! Seat 2: C: d (big blind) collected ($0.02)\n";
//! let hands = split_hands(text);
//! let hand = parse_hand(&hands[0]).unwrap();
//! assert_eq!(hand.number.as_deref(), Some("7"));
//! assert_eq!(hand.seats[1].name, "C: d");
//! ```

use crate::phh::Amount;

use super::lines::{amount, find, has, rfind, split_once, trim, Line};
use crate::phh::table::MAX_SEAT;

pub use super::split::{split_hands, HandText};

/// The game of a hand, as its header names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameName {
    /// Texas hold'em.
    Holdem,
    /// An Omaha game (its name as written: `Omaha`, `Omaha Hi/Lo`, `5 Card Omaha`, ...).
    Omaha(String),
    /// Short-deck hold'em (GGPoker's `ShortDeck`): 36 cards, antes and a button blind.
    ShortDeck,
    /// Anything else, as written.
    Other(String),
}

/// The betting structure of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// No limit.
    NoLimit,
    /// Pot limit.
    PotLimit,
    /// Fixed limit.
    FixedLimit,
    /// Pot limit before the flop, no limit after (`Pot Limit Pre-Flop, No Limit Post-Flop`).
    Mixed,
}

/// A tournament hand's tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// The tournament's number.
    pub id: String,
    /// The buy-in as written (`$0.91+$0.09 USD`, `Freeroll`), when given.
    pub buy_in: Option<String>,
    /// The level (`Level XV` gives 15).
    pub level: Option<u32>,
}

/// A seat as the seat list gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The seat number.
    pub seat: u32,
    /// The player's name.
    pub name: String,
    /// Chips at the start of the hand.
    pub stack: Amount,
    /// The line it is on.
    pub line: usize,
}

/// What one line of the hand's play says. Players are indices into [`StarsHand::seats`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StarsEvent {
    /// `posts the ante X`.
    Ante(usize, Amount),
    /// `posts small blind X` (and whether all-in).
    SmallBlind(usize, Amount, bool),
    /// `posts big blind X` (and whether all-in).
    BigBlind(usize, Amount, bool),
    /// `posts small & big blinds X`: the total.
    SmallAndBig(usize, Amount),
    /// `posts straddle X`.
    Straddle(usize, Amount),
    /// `*** HOLE CARDS ***`.
    HoleCards,
    /// `Dealt to NAME [cards]`.
    Dealt(usize, String),
    /// `*** FLOP/TURN/RIVER ***`: the new board cards.
    Board(String),
    /// `folds`.
    Fold(usize),
    /// `checks`.
    Check(usize),
    /// `calls X`.
    Call(usize, Amount),
    /// `bets X`.
    Bet(usize, Amount),
    /// `raises X to Y`: Y, then X (the raise over the bet before it).
    RaiseTo(usize, Amount, Amount),
    /// `shows [cards]`.
    Shows(usize, String),
    /// `mucks hand`.
    Mucks(usize),
    /// `Uncalled bet (X) returned to NAME`.
    Uncalled(usize, Amount),
    /// `NAME collected X from pot` (the pot as written: `pot`, `main pot`, `side pot-1`).
    Collected(usize, Amount, String),
    /// `NAME re-buys and receives X chips for ...`: chips the player has for the next hand.
    Rebuy(usize, Amount),
}

impl StarsEvent {
    /// The amount the event names, if any: for a raise, the total it raises to.
    pub fn amount(&self) -> Option<Amount> {
        match self {
            StarsEvent::Ante(_, a)
            | StarsEvent::SmallBlind(_, a, _)
            | StarsEvent::BigBlind(_, a, _)
            | StarsEvent::SmallAndBig(_, a)
            | StarsEvent::Straddle(_, a)
            | StarsEvent::Call(_, a)
            | StarsEvent::Bet(_, a)
            | StarsEvent::RaiseTo(_, a, _)
            | StarsEvent::Uncalled(_, a)
            | StarsEvent::Rebuy(_, a)
            | StarsEvent::Collected(_, a, _) => Some(*a),
            _ => None,
        }
    }
}

/// A hand read from its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarsHand {
    /// The hand number.
    pub number: Option<String>,
    /// The header's line.
    pub line: usize,
    /// `Zoom`, `Home Game` or nothing.
    pub room: Option<&'static str>,
    /// The game.
    pub game: GameName,
    /// The betting structure.
    pub limit: Limit,
    /// The tournament, for a tournament hand.
    pub tournament: Option<Tournament>,
    /// The stakes of the header: the blinds (no and pot limit) or the bets (fixed limit).
    pub stakes: (Amount, Amount),
    /// The currency code (`USD`, `EUR`), when written.
    pub currency: Option<String>,
    /// The currency symbol used in amounts (`$`, `€`), when any.
    pub symbol: Option<char>,
    /// Play money.
    pub play_money: bool,
    /// Capped no limit: the most each player may put in the hand.
    pub cap: Option<Amount>,
    /// Date and time: year, month, day, hour, minute, second, and the time zone as written.
    pub time: Option<([u32; 6], String)>,
    /// The table's name.
    pub table: String,
    /// `N-max`.
    pub max_seats: Option<u32>,
    /// The button's seat.
    pub button: u32,
    /// The seat list, in seat order.
    pub seats: Vec<Seat>,
    /// The play, with each line's number.
    pub events: Vec<(usize, StarsEvent)>,
    /// Players dealt in (indices into `seats`): those the summary lists.
    pub dealt: Vec<usize>,
    /// Cards each seat showed or mucked face up, from the play or the summary.
    pub known: Vec<Option<String>>,
    /// The summary's `Total pot`, `Rake`, the pots it lists (after rake), and its line.
    pub summary: Option<Summary>,
    /// The summary's `Board [...]`: every board card as written, and the line.
    pub board: Option<(Vec<String>, usize)>,
    /// What the summary says of each seat it lists, in its order.
    pub summary_seats: Vec<SummarySeat>,
    /// Why the hand cannot be replayed although the text is well formed (a cash-out,
    /// cancelled, a game not played); or cut off.
    pub refusal: Option<Refusal>,
    /// What a site's reading of the text found for the finish of its reader (`StarsForm`)
    /// (GGPoker: which of its rarer words the hand holds), 0 for none.
    pub marks: u8,
    /// Whether the hand's text was found to hold neither `cancelled` nor `cashed out`, so that
    /// its lines need not be searched for them (`false`: each line is searched).
    pub uncancelled: bool,
}

impl StarsHand {
    /// A hand with its number, the line of its header, its game, betting structure and stakes,
    /// and nothing else yet: the readers fill in the rest.
    pub(super) fn new(
        number: Option<String>,
        line: usize,
        game: GameName,
        limit: Limit,
        stakes: (Amount, Amount),
    ) -> StarsHand {
        StarsHand {
            number,
            line,
            room: None,
            game,
            limit,
            tournament: None,
            stakes,
            currency: None,
            symbol: None,
            play_money: false,
            cap: None,
            time: None,
            table: String::new(),
            max_seats: None,
            button: 0,
            seats: Vec::with_capacity(10),
            events: Vec::with_capacity(40),
            dealt: Vec::new(),
            known: Vec::new(),
            summary: None,
            board: None,
            summary_seats: Vec::new(),
            refusal: None,
            marks: 0,
            uncancelled: false,
        }
    }

    /// The hole cards each player gets: two in hold'em, four in Omaha, N in `N Card Omaha`.
    pub fn hole_cards(&self) -> usize {
        match &self.game {
            GameName::Omaha(name) => {
                name.split_once(" Card ").and_then(|(count, _)| count.parse().ok()).unwrap_or(4)
            }
            GameName::Holdem | GameName::ShortDeck | GameName::Other(_) => 2,
        }
    }
}

/// The summary's pot line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// `Total pot X`.
    pub total: Amount,
    /// `Rake Y`.
    pub rake: Amount,
    /// `Main pot X. Side pot-1 Y.`: the pots listed, main first (empty for one pot).
    pub pots: Vec<Amount>,
    /// The line.
    pub line: usize,
}

/// What the summary says of one seat (`Seat 3: NAME (button) showed [Ah Kd] and won ($5)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SummarySeat {
    /// The player (an index into [`StarsHand::seats`]).
    pub player: usize,
    /// The line.
    pub line: usize,
    /// Whether it says the player folded.
    pub folded: bool,
    /// The cards it says the player showed (`showed [...]`), without spaces.
    pub showed: Option<String>,
    /// What it says the player won or collected (`won (X)`, `collected (X)`, all added up),
    /// when it says any.
    pub won: Option<Amount>,
}

/// A hand the text allows but feltkit cannot replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A game or feature not played: the reason.
    NotSupported(String),
    /// The text stops before the hand's summary.
    CutOff(String),
}

/// Why a hand's text cannot be read: the line and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// The line in the file.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

pub(super) fn err<T>(line: usize, why: impl Into<String>) -> Result<T, TextError> {
    Err(TextError { line, why: why.into() })
}

/// Reads one hand.
pub fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let mut lines = text.lines();
    let Some(header) = lines.next() else {
        return err(text.line, "an empty hand");
    };
    let hand = super::header::parse_header(&header)?;
    parse_after_header(hand, header.number, lines)
}

/// Reads the rest of a hand whose header gave `hand`: the table line, the seat list, the play
/// and the summary (from `lines`, the header's line being `header`).
pub(super) fn parse_after_header<'t>(
    hand: StarsHand,
    header: usize,
    lines: impl Iterator<Item = Line<'t>>,
) -> Result<StarsHand, TextError> {
    parse_items(hand, header, lines.map(Item::Text))
}

/// A line of a hand in PokerStars' words, as a site's reader hands it to [`parse_pieces`]:
/// its text, or, for an action of the play, the event it says, so that the action need not be
/// written as text and read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Piece<'t> {
    /// A line's text.
    Text(std::borrow::Cow<'t, str>),
    /// An action of the play (not `Shows` nor `Dealt`, whose cards are read from text).
    Event(StarsEvent),
    /// The summary's `Total pot X | Rake Y`.
    Total(Summary),
    /// A seat's line of the summary (the cards it says the seat showed are known).
    Seat(SummarySeat),
    /// A seat of the seat list.
    Listed(Seat),
}

impl Piece<'_> {
    /// `NAME: VERB` of seat `i`, with `amounts` in hundredths written with `symbol`: the event
    /// it says, read already ([`action`]), or its text ([`super::collected::said`]) where the
    /// event is not read so.
    pub(super) fn said(
        i: usize,
        name: &str,
        verb: &str,
        amounts: &[i64],
        symbol: Option<char>,
    ) -> Piece<'static> {
        match action(i, verb, amounts) {
            Some(e) => Piece::Event(e),
            None => Piece::Text(super::collected::said(name, verb, amounts, symbol).into()),
        }
    }

    /// As [`Piece::said`], with `all_in` (` and is all-in`, or nothing) after `verb`: the
    /// words are copied only when the player is all in.
    pub(super) fn said_all_in(
        i: usize,
        name: &str,
        (verb, all_in): (&str, &str),
        amounts: &[i64],
        symbol: Option<char>,
    ) -> Piece<'static> {
        match all_in {
            "" => Piece::said(i, name, verb, amounts, symbol),
            _ => Piece::said(i, name, &[verb, all_in].concat(), amounts, symbol),
        }
    }

    /// The line of an event with an amount of `c` hundredths: the event, or its `text` where
    /// the amount is not one the reader reads (below zero), for the reader's message.
    pub(super) fn with_amount(
        c: i64,
        event: impl FnOnce(Amount) -> StarsEvent,
        text: impl FnOnce() -> String,
    ) -> Piece<'static> {
        match cents_amount(c) {
            Some(a) => Piece::Event(event(a)),
            None => Piece::Text(text().into()),
        }
    }
}

impl<'t> From<std::borrow::Cow<'t, str>> for Piece<'t> {
    fn from(text: std::borrow::Cow<'t, str>) -> Piece<'t> {
        Piece::Text(text)
    }
}

impl From<String> for Piece<'_> {
    fn from(text: String) -> Self {
        Piece::Text(text.into())
    }
}

impl From<&'static str> for Piece<'_> {
    fn from(text: &'static str) -> Self {
        Piece::Text(text.into())
    }
}

/// The event of `NAME: VERB` with `amounts` in hundredths, as the PokerStars reader reads the
/// text [`super::collected::said`] writes for it (seat `i` being NAME): `None` for a verb it
/// does not read so, and for an amount the text would not hold (below zero), whose text is
/// then written and read as any other for the same message.
pub(super) fn action(i: usize, verb: &str, amounts: &[i64]) -> Option<StarsEvent> {
    let a = |k: usize| cents_amount(*amounts.get(k)?);
    let (verb, all_in) = match verb.strip_suffix(" and is all-in") {
        Some(v) => (v, true),
        None => (verb, false),
    };
    Some(match verb {
        "posts small blind #" => StarsEvent::SmallBlind(i, a(0)?, all_in),
        "posts big blind #" => StarsEvent::BigBlind(i, a(0)?, all_in),
        "posts straddle #" => StarsEvent::Straddle(i, a(0)?),
        "folds" => StarsEvent::Fold(i),
        "checks" => StarsEvent::Check(i),
        "mucks hand" => StarsEvent::Mucks(i),
        "calls #" => StarsEvent::Call(i, a(0)?),
        "bets #" => StarsEvent::Bet(i, a(0)?),
        "raises # to #" => StarsEvent::RaiseTo(i, a(1)?, a(0)?),
        "posts the ante #" => StarsEvent::Ante(i, a(0)?),
        "posts small & big blinds #" => StarsEvent::SmallAndBig(i, a(0)?),
        _ => return None,
    })
}

/// Hundredths as the PokerStars reader reads them once written ([`super::collected::written`]:
/// `150` is `1.50`, two places; `100` is `1`, none); `None` below zero.
pub(super) fn cents_amount(c: i64) -> Option<Amount> {
    match c {
        ..0 => None,
        _ if c % 100 == 0 => Some(Amount { units: c / 100, places: 0 }),
        _ => Some(Amount { units: c, places: 2 }),
    }
}

/// Reads the rest of a hand whose header gave `hand`, from `pieces` (each with its line): as
/// [`parse_after_header`] reads lines, each event taken as the line it stands for.
pub(super) fn parse_pieces(
    hand: StarsHand,
    header: usize,
    pieces: &[(usize, Piece<'_>)],
) -> Result<StarsHand, TextError> {
    parse_items(
        hand,
        header,
        pieces.iter().map(|(n, p)| match p {
            Piece::Text(t) => Item::Text(Line { number: *n, text: t }),
            Piece::Event(e) => Item::Event(*n, e),
            Piece::Total(t) => Item::Total(t),
            Piece::Seat(seat) => Item::Seat(seat),
            Piece::Listed(seat) => Item::Listed(seat),
        }),
    )
}

/// A line of a hand, or an event already read from one.
enum Item<'a> {
    Text(Line<'a>),
    Event(usize, &'a StarsEvent),
    Total(&'a Summary),
    Seat(&'a SummarySeat),
    Listed(&'a Seat),
}

/// [`parse_after_header`] of lines and events.
fn parse_items<'a>(
    mut hand: StarsHand,
    header: usize,
    items: impl Iterator<Item = Item<'a>>,
) -> Result<StarsHand, TextError> {
    let mut items = items.peekable();
    let table = match items.next() {
        Some(Item::Text(table)) => table,
        Some(Item::Event(n, _)) => {
            return err(n, "expected `Table 'NAME' 9-max Seat #N is the button`");
        }
        Some(
            Item::Total(Summary { line, .. })
            | Item::Seat(SummarySeat { line, .. })
            | Item::Listed(Seat { line, .. }),
        ) => {
            return err(*line, "expected `Table 'NAME' 9-max Seat #N is the button`");
        }
        None => {
            hand.refusal = Some(Refusal::CutOff(format!(
                "the text ends after the header (line {header}): the hand is cut off"
            )));
            return Ok(hand);
        }
    };
    parse_table(&mut hand, &table)?;
    loop {
        match items.peek() {
            Some(Item::Text(l)) => match parse_seat(l.text, l.number) {
                Some(seat) => hand.seats.push(seat?),
                None => break,
            },
            Some(Item::Listed(seat)) => hand.seats.push((*seat).clone()),
            _ => break,
        }
        items.next();
    }
    if hand.seats.is_empty() {
        return err(table.number + 1, "expected the seat list (`Seat 1: NAME (X in chips)`)");
    }
    super::consistency::seat_list(&hand)?;
    hand.known = vec![None; hand.seats.len()];
    let mut in_summary = false;
    let mut summary_seen: Vec<bool> = vec![false; hand.seats.len()];
    let mut last_line = header;
    for item in items {
        let l = match item {
            Item::Text(l) => l,
            Item::Total(t) if in_summary => {
                last_line = t.line;
                hand.summary = Some(t.clone());
                continue;
            }
            Item::Seat(seat) if in_summary && seat.player < hand.seats.len() => {
                last_line = seat.line;
                let i = seat.player;
                summary_seen[i] = true;
                if let Some(c) = seat.showed.as_ref().filter(|c| c.len() == 2 * hand.hole_cards()) {
                    hand.known[i].get_or_insert_with(|| c.clone());
                }
                hand.summary_seats.push(seat.clone());
                continue;
            }
            Item::Total(Summary { line, .. }) | Item::Seat(SummarySeat { line, .. }) => {
                return err(
                    *line,
                    "a line of the summary before `*** SUMMARY ***`, or of a seat not listed",
                );
            }
            Item::Listed(Seat { line, .. }) => {
                return err(*line, "a seat of the seat list after the seat list");
            }
            Item::Event(n, e) => {
                last_line = n;
                let (StarsEvent::Fold(i)
                | StarsEvent::Check(i)
                | StarsEvent::Mucks(i)
                | StarsEvent::Call(i, _)
                | StarsEvent::Bet(i, _)
                | StarsEvent::RaiseTo(i, ..)
                | StarsEvent::Ante(i, _)
                | StarsEvent::SmallBlind(i, ..)
                | StarsEvent::BigBlind(i, ..)
                | StarsEvent::SmallAndBig(i, _)
                | StarsEvent::Straddle(i, _)
                | StarsEvent::Uncalled(i, _)
                | StarsEvent::Collected(i, ..)
                | StarsEvent::Rebuy(i, _)
                | StarsEvent::Dealt(i, _)
                | StarsEvent::Shows(i, _)) = *e
                else {
                    hand.events.push((n, e.clone()));
                    continue;
                };
                if in_summary || i >= hand.seats.len() {
                    return err(n, "an action after the summary, or of a seat not listed");
                }
                hand.events.push((n, e.clone()));
                continue;
            }
        };
        last_line = l.number;
        let t = l.text;
        if t == "*** SUMMARY ***" {
            in_summary = true;
            continue;
        }
        if in_summary {
            summary_line(&mut hand, &l, &mut summary_seen)?;
        } else {
            play_line(&mut hand, &l)?;
        }
    }
    if !in_summary || hand.summary.is_none() {
        if hand.refusal.is_none() {
            hand.refusal = Some(Refusal::CutOff(format!(
                "the text stops at line {last_line}, before the hand's summary: the hand is cut off"
            )));
        }
        return Ok(hand);
    }
    hand.dealt = (0..hand.seats.len()).filter(|&i| summary_seen[i]).collect();
    fill_missing_board_cards(&mut hand)?;
    super::consistency::check(&hand)?;
    Ok(hand)
}

/// A street line whose new cards are missing (`*** TURN *** [3c Jd 6d] []`, as some real texts
/// have it) takes them from the summary's `Board [...]`, which the site writes whole: the flop's
/// three cards, or the one card after those dealt before. The summary's board must begin with
/// the cards dealt before, and what it gives must be cards; otherwise the hand is unreadable at
/// the summary's line.
fn fill_missing_board_cards(hand: &mut StarsHand) -> Result<(), TextError> {
    // Most hands miss none: nothing to do.
    if !hand.events.iter().any(|(_, e)| matches!(e, StarsEvent::Board(c) if c.is_empty())) {
        return Ok(());
    }
    let mut dealt: Vec<String> = Vec::new();
    for (line, event) in &mut hand.events {
        let StarsEvent::Board(cards) = event else { continue };
        if cards.is_empty() {
            let want = if dealt.is_empty() { 3 } else { 1 };
            let Some((board, at)) = &hand.board else {
                return err(*line, format!("the street's new {} missing (`[]`), and the summary has no `Board [...]` to take {} from", if want == 1 { "card is" } else { "cards are" }, if want == 1 { "it" } else { "them" }));
            };
            if board.len() < dealt.len() + want {
                return err(*at, format!("the summary's `Board [{}]` does not give the card{} missing at line {line}", board.join(" "), if want == 1 { "" } else { "s" }));
            }
            if board[..dealt.len()] != dealt[..] {
                return err(*at, format!("the summary's `Board [{}]` does not begin with the cards dealt before line {line} ({})", board.join(" "), dealt.join(" ")));
            }
            let taken = &board[dealt.len()..dealt.len() + want];
            if let Some(bad) = taken.iter().find(|c| c.parse::<crate::card::Card>().is_err()) {
                return err(*at, format!("`{bad}` in the summary's `Board [...]` is not a card (the card missing at line {line})"));
            }
            *cards = taken.concat();
        }
        let mut rest = cards.as_str();
        while let Some(card) = rest.get(..2) {
            dealt.push(card.to_string());
            rest = &rest[2..];
        }
    }
    Ok(())
}

/// `Table 'NAME' 9-max Seat #3 is the button`.
fn parse_table(hand: &mut StarsHand, l: &Line) -> Result<(), TextError> {
    let t = l.text;
    let expected = "expected `Table 'NAME' 9-max Seat #N is the button`";
    let Some(rest) = t.strip_prefix("Table '") else {
        return err(l.number, expected);
    };
    let Some(end) = rfind(rest, "' ") else {
        return err(l.number, expected);
    };
    hand.table = rest[..end].to_string();
    let after = &rest[end + 1..];
    if let Some(k) = find(after, "-max") {
        let digits: String = after[..k]
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        hand.max_seats = digits.parse().ok().filter(|m| (1..=MAX_SEAT).contains(m));
    }
    hand.play_money |= has(after, "Play Money");
    let Some(k) = find(after, "Seat #") else {
        return err(l.number, expected);
    };
    let digits: String = after[k + 6..].chars().take_while(char::is_ascii_digit).collect();
    hand.button = match digits.parse() {
        Ok(b) if (1..=MAX_SEAT).contains(&b) => b,
        _ => return err(l.number, expected),
    };
    Ok(())
}

/// `Seat 3: NAME (X in chips)` (perhaps `, $5 bounty)`, `is sitting out`, `out of hand`);
/// `None` when the line is not a seat line of the seat list.
fn parse_seat(t: &str, line: usize) -> Option<Result<Seat, TextError>> {
    let rest = t.strip_prefix("Seat ")?;
    let colon = find(rest, ": ")?;
    let seat: u32 = rest[..colon].parse().ok()?;
    if !(1..=MAX_SEAT).contains(&seat) {
        return Some(err(line, format!("expected a seat number from 1 to {MAX_SEAT}, not {seat}")));
    }
    let body = &rest[colon + 2..];
    let chips = rfind(body, " in chips")?;
    let open = body[..chips].rfind('(')?;
    let stack = match amount(&body[open + 1..chips]) {
        Some(a) => a,
        None => {
            return Some(err(line, format!("expected a stack in `{}`", &body[open..])));
        }
    };
    let name = body[..open].trim_end().to_string();
    if name.is_empty() {
        return Some(err(line, format!("expected a player's name after `Seat {seat}:`")));
    }
    Some(Ok(Seat { seat, name, stack, line }))
}

/// The seat whose player's name begins `t` followed by `sep`, the longest such name.
pub(super) fn who<'t>(hand: &StarsHand, t: &'t str, sep: &str) -> Option<(usize, &'t str)> {
    let first = *t.as_bytes().first()?;
    hand.seats
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            // The first byte alone sets most names aside.
            s.name.as_bytes().first().is_none_or(|&b| b == first)
                && t.len() > s.name.len()
                && t.starts_with(&s.name)
                && t[s.name.len()..].starts_with(sep)
        })
        .max_by_key(|(_, s)| s.name.len())
        .map(|(i, s)| (i, &t[s.name.len() + sep.len()..]))
}

/// The seats whose player's name begins `t` with more text after it, found once for a line
/// that is asked for several separators ([`Prefixed::who`]); at most eight (more fall back to
/// [`who`]).
pub(super) struct Prefixed<'t> {
    t: &'t str,
    seats: [usize; 8],
    count: usize,
    overflow: bool,
    /// Whether a space follows one of the names (`NAME collected ...`): a separator starting
    /// with a space is looked for only then.
    spaced: bool,
}

impl<'t> Prefixed<'t> {
    /// The seats whose player's name begins `t`.
    pub(super) fn of(hand: &StarsHand, t: &'t str) -> Self {
        let mut p = Prefixed { t, seats: [0; 8], count: 0, overflow: false, spaced: false };
        let Some(&first) = t.as_bytes().first() else { return p };
        for (i, s) in hand.seats.iter().enumerate() {
            // The first byte alone sets most names aside.
            if s.name.as_bytes().first().is_none_or(|&b| b == first)
                && t.len() > s.name.len()
                && t.starts_with(&s.name)
            {
                if p.count == p.seats.len() {
                    p.overflow = true;
                    break;
                }
                p.seats[p.count] = i;
                p.count += 1;
                p.spaced |= t.as_bytes()[s.name.len()] == b' ';
            }
        }
        p
    }

    /// As [`who`] for the same text: the seat whose player's name begins the text followed by
    /// `sep`, the longest such name.
    pub(super) fn who(&self, hand: &StarsHand, sep: &str) -> Option<(usize, &'t str)> {
        if self.overflow {
            return who(hand, self.t, sep);
        }
        if !self.spaced && sep.starts_with(' ') {
            return None;
        }
        let t = self.t;
        self.seats[..self.count]
            .iter()
            .map(|&i| (i, &hand.seats[i]))
            .filter(|(_, s)| t[s.name.len()..].starts_with(sep))
            .max_by_key(|(_, s)| s.name.len())
            .map(|(i, s)| (i, &t[s.name.len() + sep.len()..]))
    }
}

/// The seat whose player's name ends `t`, after `prefix`.
fn named(hand: &StarsHand, t: &str) -> Option<usize> {
    hand.seats.iter().position(|s| s.name == trim(t))
}

/// The cards in the last `[...]` of `t`, without spaces.
fn cards_of(t: &str) -> Option<String> {
    // Searched for as bytes: `[` and `]` are never part of another character.
    let b = t.as_bytes();
    let open = b.iter().rposition(|&c| c == b'[')?;
    let close = b[open..].iter().position(|&c| c == b']')? + open;
    let inside = &t[open + 1..close];
    // Cards are letters and digits between single spaces: those bytes alone are kept.
    if inside.bytes().all(|b| b.is_ascii_alphanumeric() || b == b' ') {
        let mut cards = String::with_capacity(inside.len());
        cards.extend(inside.bytes().filter(|&b| b != b' ').map(char::from));
        return Some(cards);
    }
    Some(inside.split_whitespace().collect())
}

/// Whether `t` holds `Hand was cancelled`, and whether it holds `cashed out`: one pass over
/// the line (every line of the play is asked both).
fn cancelled_and_cashed_out(t: &str) -> (bool, bool) {
    let b = t.as_bytes();
    let (mut cancelled, mut cashed) = (false, false);
    for (k, &c) in b.iter().enumerate() {
        if c == b'H' && !cancelled {
            cancelled = b[k..].starts_with(b"Hand was cancelled");
        } else if c == b'c' && !cashed {
            cashed = b[k..].starts_with(b"cashed out");
        }
    }
    (cancelled, cashed)
}

/// One line of the play (before the summary).
fn play_line(hand: &mut StarsHand, l: &Line) -> Result<(), TextError> {
    let t = l.text;
    let n = l.number;
    let push = |hand: &mut StarsHand, e: StarsEvent| hand.events.push((n, e));
    if let Some(street) = t.strip_prefix("*** ") {
        // A board run twice names each street of its runs (`*** SECOND FLOP *** [..]`): the
        // runs' boards follow one another, and the record gets the runs
        // ([`super::runs::mark_runs`]).
        let street = super::runs::run_street(t).map_or(street, |(_, rest)| rest);
        if street.starts_with("HOLE CARDS") {
            push(hand, StarsEvent::HoleCards);
        } else if street.starts_with("FLOP")
            || street.starts_with("TURN")
            || street.starts_with("RIVER")
        {
            let cards = cards_of(t).ok_or_else(|| TextError {
                line: n,
                why: "expected the board cards in `[...]`".into(),
            })?;
            push(hand, StarsEvent::Board(cards));
        }
        return Ok(());
    }
    let (cancelled, cashed_out) =
        if hand.uncancelled { (false, false) } else { cancelled_and_cashed_out(t) };
    if t.starts_with("Hand cancelled") || cancelled {
        hand.refusal = Some(Refusal::NotSupported(format!("the hand was cancelled (line {n})")));
        return Ok(());
    }
    if cashed_out && (has(t, "cashed out the hand") || has(t, "pot not awarded")) {
        hand.refusal = Some(Refusal::NotSupported(format!(
            "a player cashed out (line {n}): the site paid outside the pot, which a replay cannot check"
        )));
        return Ok(());
    }
    if let Some(rest) = t.strip_prefix("Dealt to ") {
        let open = rfind(rest, " [");
        if let Some((i, _)) = open.and_then(|k| named(hand, &rest[..k]).map(|i| (i, k)))
            && let Some(cards) = cards_of(rest)
        {
            push(hand, StarsEvent::Dealt(i, cards));
        }
        return Ok(());
    }
    if let Some(rest) = t.strip_prefix("Uncalled bet (") {
        let close = find(rest, ") returned to ");
        if let Some(k) = close
            && let (Some(a), Some(i)) = (amount(&rest[..k]), named(hand, &rest[k + 14..]))
        {
            push(hand, StarsEvent::Uncalled(i, a));
            return Ok(());
        }
        return err(n, "expected `Uncalled bet (X) returned to NAME` with a seated player");
    }
    let named_at = Prefixed::of(hand, t);
    if let Some((i, rest)) = named_at.who(hand, " re-buys and receives ") {
        let Some(a) = amount(find(rest, " chips").map_or(rest, |k| &rest[..k])) else {
            return err(n, format!("expected `re-buys and receives X chips` in `{t}`"));
        };
        push(hand, StarsEvent::Rebuy(i, a));
        return Ok(());
    }
    if let Some((i, rest)) = named_at.who(hand, " collected ") {
        let (amt, pot) = match split_once(rest, " from ") {
            Some((a, pot)) => (a, trim(pot)),
            None => (rest, "pot"),
        };
        let Some(a) = amount(amt) else {
            return err(n, format!("expected an amount in `{t}`"));
        };
        push(hand, StarsEvent::Collected(i, a, pot.to_string()));
        return Ok(());
    }
    let Some((i, verb)) = named_at.who(hand, ": ") else {
        // Chat, players joining, leaving, timing out, sitting out or coming back, tournament
        // places and re-buys: nothing that moves chips in this hand. An action by a name the
        // seat list does not hold is a contradiction.
        return super::consistency::unseated(hand, t, n);
    };
    let verb = trim(verb);
    let (verb, all_in) = match verb.strip_suffix(" and is all-in") {
        Some(v) => (v, true),
        None => (verb, false),
    };
    let num = |text: &str| {
        amount(text)
            .ok_or_else(|| TextError { line: n, why: format!("expected an amount in `{t}`") })
    };
    let e = if let Some(x) = verb.strip_prefix("posts the ante ") {
        StarsEvent::Ante(i, num(x)?)
    } else if let Some(x) = verb.strip_prefix("posts small & big blinds ") {
        StarsEvent::SmallAndBig(i, num(x)?)
    } else if let Some(x) = verb.strip_prefix("posts small blind ") {
        StarsEvent::SmallBlind(i, num(x)?, all_in)
    } else if let Some(x) = verb.strip_prefix("posts big blind ") {
        StarsEvent::BigBlind(i, num(x)?, all_in)
    } else if let Some(x) = verb.strip_prefix("posts straddle ") {
        StarsEvent::Straddle(i, num(x)?)
    } else if verb == "folds" || verb.starts_with("folds [") {
        if let Some(c) = cards_of(verb).filter(|c| c.len() == 2 * hand.hole_cards()) {
            hand.known[i].get_or_insert(c);
        }
        StarsEvent::Fold(i)
    } else if verb == "checks" {
        StarsEvent::Check(i)
    } else if let Some(x) = verb.strip_prefix("calls ") {
        StarsEvent::Call(i, num(x)?)
    } else if let Some(x) = verb.strip_prefix("bets ") {
        StarsEvent::Bet(i, num(x)?)
    } else if let Some(x) = verb.strip_prefix("raises ") {
        let Some((by, to)) = split_once(x, " to ") else {
            return err(n, format!("expected `raises X to Y` in `{t}`"));
        };
        StarsEvent::RaiseTo(i, num(to)?, num(by)?)
    } else if verb.starts_with("shows [") {
        let cards = cards_of(verb).unwrap_or_default();
        if cards.len() == 2 * hand.hole_cards() || cards.len() >= 8 {
            hand.known[i] = Some(cards.clone());
        }
        StarsEvent::Shows(i, cards)
    } else if verb == "mucks hand" || verb.starts_with("mucks hand") {
        StarsEvent::Mucks(i)
    } else {
        // `doesn't show hand`, `sits out`, `is sitting out`, `has timed out`, `said, "..."`,
        // `leaves the table`: nothing that moves chips.
        return Ok(());
    };
    push(hand, e);
    Ok(())
}

/// One line of the summary.
fn summary_line(hand: &mut StarsHand, l: &Line, seen: &mut [bool]) -> Result<(), TextError> {
    let t = l.text;
    if let Some(rest) = t.strip_prefix("Total pot ") {
        let (pots, rake) = match split_once(rest, "| Rake ") {
            Some((p, r)) => (p, r),
            None => return err(l.number, "expected `Total pot X | Rake Y`"),
        };
        let rake_text = rake.split('|').next().unwrap_or("").trim();
        let mut words = pots.split_whitespace();
        let total = words.next().and_then(amount);
        let rake = amount(rake_text);
        let (Some(total), Some(rake)) = (total, rake) else {
            return err(l.number, "expected amounts in `Total pot X | Rake Y`");
        };
        // `Main pot X. Side pot-1 Y. Side pot-2 Z.`
        let mut listed = Vec::new();
        let mut prev = "";
        for w in pots.split_whitespace() {
            if (prev == "pot" || prev.starts_with("pot-"))
                && let Some(a) = amount(w.trim_end_matches('.'))
            {
                listed.push(a);
            }
            prev = w;
        }
        hand.summary = Some(Summary { total, rake, pots: listed, line: l.number });
        return Ok(());
    }
    if let Some(rest) = t.strip_prefix("Board [") {
        let inside = rest.split(']').next().unwrap_or_default();
        hand.board = Some((inside.split_whitespace().map(str::to_string).collect(), l.number));
        return Ok(());
    }
    if let Some(rest) = t.strip_prefix("Seat ")
        && let Some(colon) = find(rest, ": ")
    {
        let body = &rest[colon + 2..];
        if let Some((i, after)) = who(hand, body, " ")
            .or_else(|| hand.seats.iter().position(|s| s.name == body).map(|i| (i, "")))
        {
            seen[i] = true;
            hand.summary_seats.push(super::consistency::summary_seat(i, l.number, after)?);
            // Most seats of the summary show no cards: no `[` at all.
            if after.as_bytes().contains(&b'[')
                && (has(after, "showed [") || has(after, "mucked ["))
                && let Some(open) = after.find('[')
                && let Some(c) = cards_of(
                    &after[..after[open..].find(']').map_or(after.len(), |k| open + k + 1)],
                )
                && c.len() == 2 * hand.hole_cards()
            {
                hand.known[i].get_or_insert(c);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An action's event is what the reader reads from the text `said` writes for it; an
    /// amount below zero gives no event (its text is read, and refused, as before).
    #[test]
    fn actions_given_as_events_are_read_as_their_text() {
        use super::super::collected::{said, written};
        let text = "PokerStars Hand #1: Hold'em No Limit (1/2) - 2020/01/01 1:00:00 ET\nTable 'a' 6-max Seat #1 is the button\nSeat 1: a (5 in chips)\nSeat 2: a: b (5 in chips)\n";
        let mut hand = parse_hand(&split_hands(text)[0]).unwrap();
        hand.known = vec![None; 2];
        let verbs = [
            "folds",
            "checks",
            "mucks hand",
            "calls #",
            "calls # and is all-in",
            "bets #",
            "bets # and is all-in",
            "raises # to #",
            "raises # to # and is all-in",
            "posts the ante #",
            "posts small blind #",
            "posts big blind #",
            "posts small blind # and is all-in",
            "posts big blind # and is all-in",
            "posts small & big blinds #",
            "posts straddle #",
        ];
        let amounts = [0, 1, 5, 10, 99, 100, 150, 1_000_000, 123_456_789_012, i64::MAX / 2];
        for (i, name) in ["a", "a: b"].into_iter().enumerate() {
            for verb in verbs {
                for (k, &x) in amounts.iter().enumerate() {
                    let pair = [x, amounts[(k + 3) % amounts.len()]];
                    for symbol in [None, Some('$'), Some('€')] {
                        let line = said(name, verb, &pair, symbol);
                        hand.events.clear();
                        play_line(&mut hand, &Line { number: 7, text: &line }).unwrap();
                        let read = hand.events.first().map(|e| e.1.clone());
                        assert_eq!(action(i, verb, &pair), read, "{line}");
                    }
                }
                assert_eq!(action(i, verb, &[-5, 10]).is_some(), !verb.contains('#'), "{verb}");
            }
        }
        for c in [0, 1, 7, 10, 50, 99, 100, 101, 250, 1_000, 1_005, i64::MAX] {
            assert_eq!(cents_amount(c), amount(&written(c, Some('$'))), "{c}");
        }
        assert_eq!(cents_amount(-1), None);
    }

    #[test]
    fn names_are_matched_against_the_seat_list_longest_first() {
        let text = "PokerStars Hand #1: Hold'em No Limit (1/2) - 2020/01/01 1:00:00 ET\nTable 'a' 6-max Seat #1 is the button\nSeat 1: a (5 in chips)\nSeat 2: a: b (c) [d] (5 in chips)\n";
        let hands = split_hands(text);
        let h = parse_hand(&hands[0]).unwrap();
        assert_eq!(h.seats[1].name, "a: b (c) [d]");
        assert_eq!(who(&h, "a: b (c) [d]: folds", ": ").map(|x| x.0), Some(1));
        assert_eq!(who(&h, "a: folds", ": ").map(|x| x.0), Some(0));
        let mut h = h;
        h.known = vec![None; 2];
        play_line(&mut h, &Line { number: 9, text: "Dealt to a: b (c) [d] [Ah Kd]" }).unwrap();
        assert_eq!(h.events, [(9, StarsEvent::Dealt(1, "AhKd".into()))]);
    }
}
