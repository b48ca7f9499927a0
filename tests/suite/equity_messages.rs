//! What the library says about plausible typos in ranges, cards and settings: the token, the
//! column of the wrong character, and what was expected. The expected columns are counted by
//! hand from the texts.

use feltkit::equity::{calculate, EquityError, Game, Method, Query};
use feltkit::range::{Range, RangeErrorKind};

fn range_error(text: &str) -> String {
    match Range::parse(text) {
        Ok(r) => panic!("{text:?} was accepted ({} combos)", r.len()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn range_typos_name_the_token_the_column_and_what_was_expected() {
    for (text, says) in [
        // Regression: a doubled suitedness was "exact cards: bad suit K".
        (
            "QQ+,AKss",
            "range token 2 (\"AKss\", column 5): 's' at column 8 repeats the suitedness: write AKs",
        ),
        // Regression: "bad suitedness '+'".
        ("QQ++", "range token 1 (\"QQ++\", column 1): '+' at column 4 repeats the '+': write QQ+"),
        (
            "AK+s",
            "range token 1 (\"AK+s\", column 1): 's' at column 4 comes after the '+': the \
             suitedness goes first, as in AKs+",
        ),
        (
            "AKo+s",
            "range token 1 (\"AKo+s\", column 1): 's' at column 5 after the '+': only a weight \
             (:0.5) may follow",
        ),
        (
            "A-K",
            "range token 1 (\"A-K\", column 1): '-' at column 2 where a second rank was expected: \
             a class names two ranks (AK, AKs, QQ), and a dash joins two classes (AK-AT, TT-77)",
        ),
        (
            "QQ-+",
            "range token 1 (\"QQ-+\", column 1): '+' at column 4 after '-': a token takes + or -, \
             not both",
        ),
        (
            "KK-QQ-JJ",
            "range token 1 (\"KK-QQ-JJ\", column 1): a second '-' at column 6: a dash range has \
             two ends, as in KK-JJ",
        ),
        (
            "22, QQ:",
            "range token 2 (\"QQ:\", column 5): nothing after the ':': expected a weight from 0 to \
             1, as in AKs:0.5",
        ),
        (
            "QQ:1.5",
            "range token 1 (\"QQ:1.5\", column 1): weight 1.5 is above 1: weights are fractions \
             from 0 to 1, such as 0.5 for half",
        ),
        (
            "QQ:-1",
            "range token 1 (\"QQ:-1\", column 1): weight -1 is below 0: expected a weight from 0 \
             to 1, such as 0.5",
        ),
        (
            "QQ:50%",
            "range token 1 (\"QQ:50%\", column 1): weight \"50%\" is a percentage: weights are \
             fractions from 0 to 1: write 0.5 for 50%",
        ),
        (
            "QQ:nan",
            "range token 1 (\"QQ:nan\", column 1): weight \"nan\" is not a number: expected a \
             weight from 0 to 1, such as 0.5",
        ),
        (
            "AKs:0.5:0.5",
            "range token 1 (\"AKs:0.5:0.5\", column 1): a second ':' at column 8: a token has one \
             weight, as in AKs:0.5",
        ),
        (
            "%",
            "range token 1 (\"%\", column 1): no number before the '%': expected a percentage \
             from 0 to 100, such as 15%",
        ),
        (
            "150%",
            "range token 1 (\"150%\", column 1): 150% is above 100%: expected a percentage from 0 \
             to 100, such as 15%",
        ),
        (
            "-5%",
            "range token 1 (\"-5%\", column 1): -5% is below 0%: expected a percentage from 0 to \
             100, such as 15%",
        ),
        (
            "15%x",
            "range token 1 (\"15%x\", column 1): the '%' at column 3 must end the hand: write 15% \
             (or 15%:0.5)",
        ),
        (
            "♠♥",
            "range token 1 (\"♠♥\", column 1): '♠' at column 1 is not a rank: expected one of \
             2-9, T (or 10), J, Q, K, A (this is a suit: a card is its rank, then its suit, as in \
             Ah)",
        ),
        (
            "1h2h",
            "range token 1 (\"1h2h\", column 1): '1' at column 1 is not a rank: expected one of \
             2-9, T (or 10), J, Q, K, A (write T or 10 for a ten)",
        ),
        (
            "Ax",
            "range token 1 (\"Ax\", column 1): 'x' at column 2 is not a rank: expected one of \
             2-9, T (or 10), J, Q, K, A (there is no wildcard rank: A2+ is every ace with a lower \
             card)",
        ),
        (
            "AhAh",
            "range token 1 (\"AhAh\", column 1): Ah appears twice: a hand is two different cards",
        ),
        (
            "10h",
            "range token 1 (\"10h\", column 1): 1 card: a hold'em hand is two cards, as in AhKh, \
             or a class such as AK (a hand written with a space is quoted: \"Ah Kh\")",
        ),
        (
            "AhKhQh",
            "range token 1 (\"AhKhQh\", column 1): 3 cards: a hold'em hand is two cards, as in \
             AhKh, or a class such as AK (a hand written with a space is quoted: \"Ah Kh\")",
        ),
        (
            "AhKx",
            "range token 1 (\"AhKx\", column 1): exact cards: card 2 (\"Kx\", column 3): bad suit \
             \"x\": expected one of c, d, h, s",
        ),
        (
            "AhKh+",
            "range token 1 (\"AhKh+\", column 1): '+' at column 5 after exact cards: + and - \
             extend hand classes (AKs+, TT-77), not exact cards",
        ),
        (
            "QQ+ AKs",
            "range token 1 (\"QQ+ AKs\", column 1): a space at column 4 inside a token: separate \
             hands with commas: write QQ+,AKs",
        ),
        (
            "Q Q",
            "range token 1 (\"Q Q\", column 1): a space at column 2 inside a token: separate hands \
             with commas, as in QQ+,AKs (only exact cards may be spaced: Ah Kh)",
        ),
        ("QQ,,KK", "range token 2 (\"\", column 4): nothing before this comma: remove the extra comma"),
        (",QQ", "range token 1 (\"\", column 1): nothing before this comma: remove the extra comma"),
        (
            "K",
            "range token 1 (\"K\", column 1): only one rank: a hand class names two ranks, as in \
             KK or AK",
        ),
        (
            "AAA",
            "range token 1 (\"AAA\", column 1): a third rank 'A' at column 3: a hand class names \
             two ranks, as in AA, AK or AKs",
        ),
        (
            "AKh",
            "range token 1 (\"AKh\", column 1): 'h' at column 3 after the two ranks: expected s \
             (suited), o (offsuit), +, - or :weight (this is a suit: a class is suited (AKs) or \
             offsuit (AKo); exact cards give each card its suit, as in AhKh)",
        ),
        (
            "AKso",
            "range token 1 (\"AKso\", column 1): 'o' at column 4: AKs is already suited; a class \
             is suited (s) or offsuit (o), and leaving both out means both, as in AK",
        ),
        ("QQs", "range token 1 (\"QQs\", column 1): a pair cannot be suited or offsuit: write QQ"),
        (
            "A2s-A2o",
            "range token 1 (\"A2s-A2o\", column 1): A2s is suited but A2o is offsuit: both ends \
             need the same suitedness, as in A5s-A2s, A5o-A2o or A5-A2",
        ),
        (
            "KK-AKs",
            "range token 1 (\"KK-AKs\", column 1): KK-AKs joins a pair and a non-pair: pairs go to \
             pairs (KK-88), other hands keep their high card (A5s-A2s) or their gap (KQs-T9s)",
        ),
        (
            "randm",
            "range token 1 (\"randm\", column 1): not a hand, range or percentage: expected forms \
             like AhKh, QQ+, TT-77, AKs, A2s+, A5s-A2s, random, 15%",
        ),
    ] {
        assert_eq!(range_error(text), says, "{text:?}");
    }
}

#[test]
fn lowercase_spaced_cards_suit_symbols_and_a_trailing_comma_mean_what_they_say() {
    let same = |a: &str, b: &str| assert_eq!(Range::parse(a).unwrap(), Range::parse(b).unwrap());
    same("aks", "AKs");
    same("10h10d", "ThTd");
    same("Ah Kh", "AhKh");
    same("A♠K♥", "AsKh");
    same("QQ+,AKs,", "QQ+,AKs");
    same("AKs - AQs", "AKs-AQs");
    same("22-", "22");
    // A dash range ends where it says: 22-AA is every pair.
    assert_eq!(Range::parse("22-AA").unwrap().len(), 13 * 6);
}

#[test]
fn a_range_for_a_stud_americana_or_turnover_player_says_they_take_known_cards() {
    for (game, spec, example) in [
        (Game::Stud7, "QQ+", "AhKd7c, or \"\" when none are known"),
        (Game::Americana, "random", "AhKd"),
        (Game::Turnover, "AK", "AhKd7c"),
    ] {
        let q = Query::new(game, [spec, "9s9h2c"]);
        let e = q.parse().unwrap_err();
        assert!(matches!(e, EquityError::RangeNotCards { player: 1, .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!(
                "player 1 (\"{spec}\"): {} takes each player's exact known cards (as in \
                 {example}), not a range: ranges are for holdem, shortdeck and the omaha games",
                game.name()
            )
        );
    }
    // Cards that are simply bad keep the card message.
    let e = Query::new(Game::Stud7, ["AhKx", "9s9h"]).parse().unwrap_err();
    assert!(e.to_string().contains("bad suit \"x\""), "{e}");
}

#[test]
fn a_stderr_target_must_be_above_0_and_at_most_1() {
    for bad in [0.0, -0.001, 1.5, f64::NAN, f64::INFINITY] {
        let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
        q.stderr = Some(bad);
        let e = calculate(&q).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "stderr target must be more than 0 and at most 1 (a fraction of the pot, such as \
                 0.001), got {bad}"
            )
        );
    }
    let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
    q.stderr = Some(1.0);
    q.method = Method::MonteCarlo;
    assert!(calculate(&q).is_ok());
}

#[test]
fn one_monte_carlo_deal_has_no_standard_error_and_two_identical_deals_have_zero() {
    // With five board cards and exact hands every deal is the same showdown, so the sample
    // standard error is exactly 0 from two deals on; from one deal it is unknown.
    let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
    q.board = "2c7d9hJs4h".into();
    q.method = Method::MonteCarlo;
    q.iterations = Some(1);
    let e = calculate(&q).unwrap();
    assert_eq!(e.deals, 1);
    assert!(e.players.iter().all(|p| p.stderr.is_none()), "{:?}", e.players);
    q.iterations = Some(2);
    let e = calculate(&q).unwrap();
    assert!(e.players.iter().all(|p| p.stderr == Some(0.0)), "{:?}", e.players);
    // Exhaustive results have none either.
    q.method = Method::Exhaustive;
    q.iterations = None;
    assert!(calculate(&q).unwrap().players.iter().all(|p| p.stderr.is_none()));
}

#[test]
fn a_refused_exhaustive_enumeration_says_how_long_it_would_take() {
    let mut q = Query::new(Game::Holdem, ["random"; 4]);
    q.method = Method::Exhaustive;
    let e = calculate(&q).unwrap_err();
    assert!(matches!(e, EquityError::TooLarge(_)), "{e:?}");
    let text = e.to_string();
    assert!(text.starts_with("exhaustive enumeration is estimated at "), "{text}");
    assert!(
        text.ends_with("and feltkit enumerates at most 28 hours: use Monte Carlo (--monte-carlo)"),
        "{text}"
    );
}

#[test]
fn exact_enumeration_too_large_for_memory_is_refused_before_gathering_matchups() {
    // 6 * 1326^3 / 24 suit permutations: about 5.8e8 classes at most (3.6e8 without shared
    // cards), 20 GB or more.
    let mut q = Query::new(Game::Holdem, ["AA", "random", "random", "random"]);
    q.method = Method::Exhaustive;
    let start = std::time::Instant::now();
    let e = calculate(&q).unwrap_err();
    assert!(matches!(e, EquityError::TooManyMatchups(c) if c > 5e8 && c < 6e8), "{e:?}");
    assert!(e.to_string().contains("use Monte Carlo"), "{e}");
    assert!(start.elapsed() < std::time::Duration::from_secs(10), "refused only after the work");
    // Within the bound, the same shape of query is still exact.
    let mut q = Query::new(Game::Holdem, ["AA", "KK", "QQ", "JJ"]);
    q.method = Method::Exhaustive;
    assert!(calculate(&q).is_ok());
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(3000))]

    /// Any text made of range characters is a range or an error that points inside the text.
    #[test]
    fn range_text_never_panics_and_errors_point_inside_it(
        text in "[AKQJT98765432akschdo10xX+\\-:,%. ♠♥é]{0,16}"
    ) {
        if let Err(e) = Range::parse(&text) {
            let len = text.chars().count();
            proptest::prop_assert!(e.column >= 1 && e.column <= len + 1, "{e}");
            proptest::prop_assert!(!e.to_string().is_empty());
            // The wrong character, where one is named, lies inside the token.
            let inner = match &e.kind {
                RangeErrorKind::BadRank { column, .. }
                | RangeErrorKind::BadSuitedness { column, .. }
                | RangeErrorKind::Misplaced { column, .. } => Some(*column),
                RangeErrorKind::Card(card) => Some(card.column),
                _ => None,
            };
            if let Some(c) = inner {
                let end = e.column + e.token.chars().count();
                proptest::prop_assert!(c >= e.column && c < end, "{e}");
            }
        }
    }
}
