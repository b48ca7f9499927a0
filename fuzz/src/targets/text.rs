//! Card text, range notation and ranked hands.

use std::cmp::Ordering;

use feltkit::card::{format_cards, parse_cards, Card, CardError, CardSet, Deck};
use feltkit::equity::{Game, Holding, Query};
use feltkit::eval::{reference, standard, Ranking};
use feltkit::phh::action::cards_of;
use feltkit::range::{Range, RangeErrorKind, WEIGHT_UNIT};

use super::{as_text, key, lines, shape, Check, Data, Target};

const CARD_WORDS: &[&str] = &[
    "As", "Kd", "Qh", "Jc", "Ts", "10h", "9c", "7d", "2s", "ah", "KD", "??", "1", "10", "0h", "Xx",
    "A", "s", ", ", " ",
];

/// `cards`: `parse_cards` on both decks, `Card::from_str` and the PHH reader's `cards_of`.
pub const CARDS: Target = Target {
    name: "cards",
    about: "card lists (parse_cards, both decks), one card (Card::from_str), PHH card runs (cards_of): \
            what is read writes back and reads the same; errors point inside the text",
    text: true,
    words: CARD_WORDS,
    seeds: card_seeds,
    check: check_cards,
};

fn card_seeds(data: &Data) -> Vec<Vec<u8>> {
    let mut seeds = lines(&[
        "AsKd",
        "Ah Kh",
        "10h 9c",
        "As,Kd,Qh",
        "AhKhQhJhTh",
        "7c8d9h",
        "2c3d4h5s6c7d8h",
        "AcAc",
        "6c",
        "",
        "??",
        "????AsKd",
        "ah kd",
        "Kd\u{3000}Qs",
    ]);
    for (_, text) in data.phh.iter().take(40) {
        for w in text.split(|c: char| !c.is_ascii_alphanumeric() && c != '?') {
            if w.len() >= 2 && w.len() <= 16 && w.len() % 2 == 0 && cards_of(w).is_ok() {
                seeds.push(w.as_bytes().to_vec());
            }
        }
    }
    seeds.sort();
    seeds.dedup();
    seeds
}

fn check_cards(input: &[u8]) -> Check {
    let text = as_text(input);
    let text = text.as_ref();
    let chars = text.chars().count();
    let mut outcome = Vec::new();
    for deck in [Deck::Standard, Deck::Americana] {
        match parse_cards(text, deck) {
            Ok(cards) => {
                let mut seen = CardSet::EMPTY;
                for &c in &cards {
                    if !deck.contains(c) || !seen.insert(c) {
                        return Err(format!(
                            "parse_cards({text:?}, {deck}) gave {c} twice or outside the deck"
                        ));
                    }
                }
                let written = format_cards(&cards);
                if parse_cards(&written, deck).as_ref() != Ok(&cards) {
                    return Err(format!(
                        "parse_cards({text:?}) gave {written:?}, which does not read back"
                    ));
                }
                outcome.push(format!("ok{}", cards.len().min(8)));
            }
            Err(e) => {
                error_points_inside(&e, chars, text)?;
                outcome.push(shape(&e.kind.to_string()));
            }
        }
    }
    if let Ok(card) = text.parse::<Card>() {
        if card.to_string().parse::<Card>() != Ok(card) {
            return Err(format!("{text:?} reads as {card}, which does not read back"));
        }
    }
    match cards_of(text) {
        Ok(list) => {
            if list.len() * 2 != text.len() {
                return Err(format!("cards_of({text:?}) gave {} cards", list.len()));
            }
            let written: String = list
                .iter()
                .map(|c| c.map_or_else(|| "??".to_string(), |c| c.to_string()))
                .collect();
            if cards_of(&written).as_deref() != Ok(&list[..]) {
                return Err(format!(
                    "cards_of({text:?}) gave {written:?}, which does not read back"
                ));
            }
            outcome.push("run".into());
        }
        Err(e) => outcome.push(shape(&e.to_string())),
    }
    Ok(key(outcome))
}

fn error_points_inside(e: &CardError, chars: usize, text: &str) -> Result<(), String> {
    if e.position == 0 || e.column == 0 || e.column > chars + 1 {
        return Err(format!(
            "error {e:?} for {text:?} points outside the text of {chars} characters"
        ));
    }
    // The text quoted is the text at the column.
    let at: String = text.chars().skip(e.column - 1).collect();
    if !at.starts_with(&e.text) {
        return Err(format!("error {e:?} for {text:?}: column {} holds {at:?}", e.column));
    }
    let _ = e.to_string();
    Ok(())
}

const RANGE_WORDS: &[&str] = &[
    "QQ+", "AKs", "AKo", "AK", "TT-77", "A5s-A2s", "T9s-65s", "KQs+", "22+", "A2s+", "random",
    "15%", "0%", "100%", "100.1%", ":0.5", ":0", ":1", ":1.5", ":0.0004", "AhKh", "AsAs", "AA",
    "AAs", "K2o+", "-", ",", "+", "JJ-", "-99", "%", "x",
];

/// `range`: `Range::parse`, checked against what an equity query makes of the same text.
pub const RANGE: Target = Target {
    name: "range",
    about: "range notation (Range::parse): a range read has combos with weights 1..=1000; \
            an equity query reads the same text to the same range or cards, and refuses what it refuses",
    text: true,
    words: RANGE_WORDS,
    seeds: |data| {
        let mut seeds = lines(&[
            "QQ+,AKs",
            "JJ-99,AQs",
            "TT-77",
            "A5s-A2s",
            "T9s-65s",
            "KQs+, A2s+:0.5",
            "random",
            "15%",
            "AKo:0.25",
            "AhKh",
            "AhKh,AsKs",
            "22+",
            "K9o+,QTs",
            "7c4d",
            "QQ+:0.0004",
        ]);
        for f in &data.fixtures {
            if let Some(players) = f.split(" | ").nth(1) {
                seeds.extend(players.split(';').map(|p| p.as_bytes().to_vec()));
            }
        }
        seeds
    },
    check: check_range,
};

fn check_range(input: &[u8]) -> Check {
    let text = as_text(input);
    let text = text.as_ref();
    let parsed = Range::parse(text);
    let q = Query::new(Game::Holdem, [text, "random"]).parse();
    match &parsed {
        Ok(r) => {
            let combos: Vec<_> = r.combos().collect();
            if combos.is_empty() || combos.len() != r.len() || r.len() > 1326 {
                return Err(format!(
                    "Range::parse({text:?}) gave {} combos ({} counted)",
                    combos.len(),
                    r.len()
                ));
            }
            if let Some((c, w)) = combos.iter().find(|(_, w)| *w == 0 || *w > WEIGHT_UNIT) {
                return Err(format!("Range::parse({text:?}) gave {c} the weight {w}"));
            }
            let q = q.map_err(|e| {
                format!("Range::parse({text:?}) reads it, an equity query refuses it: {e}")
            })?;
            let same = match (&q.players[0], combos.as_slice()) {
                (Holding::Cards(cards), [(c, _)]) => {
                    let mut a = cards.clone();
                    let mut b = c.cards().to_vec();
                    a.sort();
                    b.sort();
                    a == b
                }
                (Holding::Range(qr), _) => qr == r,
                _ => false,
            };
            if !same {
                return Err(format!(
                    "an equity query reads {text:?} as {:?}, Range::parse as {} combos",
                    q.players[0],
                    r.len()
                ));
            }
            Ok(key(("ok", r.len().min(3), combos.iter().all(|c| c.1 == WEIGHT_UNIT))))
        }
        Err(e) => {
            let chars = text.chars().count();
            if e.position == 0 || e.column == 0 || e.column > chars + 1 {
                return Err(format!("error {e:?} for {text:?} points outside the text"));
            }
            let at: String = text.chars().skip(e.column - 1).collect();
            // The token quoted is the text at the column; one over the length limit is quoted
            // cut short, with an ellipsis.
            let quoted = match e.kind {
                RangeErrorKind::TooLong { .. } => e.token.strip_suffix('…').unwrap_or(&e.token),
                _ => e.token.as_str(),
            };
            if !at.starts_with(quoted) {
                return Err(format!("error {e:?} for {text:?}: column {} holds {at:?}", e.column));
            }
            if let Ok(q) = q {
                return Err(format!(
                    "Range::parse({text:?}) refuses it ({e}), an equity query reads {:?}",
                    q.players[0]
                ));
            }
            Ok(key(shape(&e.kind.to_string())))
        }
    }
}

/// `rank`: what `felt rank` does with a line, checked against the slow reference evaluator.
pub const RANK: Target = Target {
    name: "rank",
    about: "rank lines (parse_cards then Ranking::evaluate, both rankings; rank7_indices): \
            category and order agree with the reference evaluator for two hands",
    text: true,
    words: CARD_WORDS,
    seeds: |_| {
        lines(&[
            "AhKhQhJhTh\n2c3d4h5s7c",
            "As Ks Qs Js Ts 2c 3d\n9h9d9c2s2d",
            "AsKsQsJs9s\n7h8h9hThJh",
            "Ah7c8d9hTs\nAsKdQcJhTd",
            "2c2d2h2s3c4d5h\nAcAdAhKcKd",
            "7c7d8h8s9c\nAhAdKhKd7s",
            "5h4h3h2hAh6c\n9s8s7s6s5s",
        ])
    },
    check: check_rank,
};

fn check_rank(input: &[u8]) -> Check {
    let text = as_text(input);
    let mut outcome = Vec::new();
    type Five = fn(&[feltkit::card::Card; 5]) -> u32;
    type CategoryOf = fn(u32) -> feltkit::eval::Category;
    let rankings: [(Ranking, Five, CategoryOf); 2] = [
        (Ranking::Standard, reference::standard5, reference::standard_category_of),
        (Ranking::Americana, reference::americana5, reference::americana_category_of),
    ];
    for (ranking, five, category_of) in rankings {
        let mut ranked: Vec<(u32, u32, String)> = Vec::new();
        for line in text.lines().take(2) {
            let line = line.trim();
            let Ok(cards) = parse_cards(line, ranking.deck()) else {
                outcome.push(0);
                continue;
            };
            let e = match ranking.evaluate(&cards) {
                Ok(e) => e,
                Err(err) if !(5..=7).contains(&cards.len()) => {
                    outcome.push(1);
                    let _ = err.to_string();
                    continue;
                }
                Err(err) => return Err(format!("{ranking:?} refuses {line:?}: {err}")),
            };
            let slow = reference::best_of(&cards, five);
            if category_of(slow) != e.category {
                return Err(format!(
                    "{ranking:?} ranks {line:?} a {}, the reference a {}",
                    e.category,
                    category_of(slow)
                ));
            }
            if ranking == Ranking::Standard && cards.len() == 7 {
                let idx: [u8; 7] = std::array::from_fn(|i| cards[i].index());
                let fast = standard::rank7_indices(&idx).value() as u32;
                if fast != e.value {
                    return Err(format!(
                        "rank7_indices gives {fast} for {line:?}, evaluate {}",
                        e.value
                    ));
                }
            }
            outcome.push(2 + e.category as u8);
            ranked.push((e.value, slow, format_cards(&cards)));
        }
        if let [(v1, s1, h1), (v2, s2, h2)] = ranked.as_slice() {
            if v1.cmp(v2) != s1.cmp(s2) {
                let word = |o: Ordering| ["loses to", "ties", "beats"][(o as i8 + 1) as usize];
                return Err(format!(
                    "{ranking:?}: {h1} {} {h2}, but the reference says it {}",
                    word(v1.cmp(v2)),
                    word(s1.cmp(s2))
                ));
            }
        }
    }
    // Any byte is documented as safe for rank7_indices.
    let mut raw = [0u8; 7];
    for (r, b) in raw.iter_mut().zip(input.iter().rev()) {
        *r = *b;
    }
    let _ = standard::rank7_indices(&raw);
    Ok(key(outcome))
}
