//! The catalog's own checks: names, equity player limits, codes.

use super::*;
use crate::equity::{calculate, EquityError, Method, Query};

#[test]
fn every_entry_sits_at_its_games_place() {
    for (i, e) in CATALOG.iter().enumerate() {
        assert_eq!(e.game as usize, i, "{}", e.name);
        assert_eq!(e.game.entry(), e);
    }
    // Badugi is the last game of the enum: every game has an entry.
    assert_eq!(CATALOG.len(), Game::Badugi as usize + 1);
}

#[test]
fn every_name_and_alias_resolves_to_its_one_entry() {
    for e in CATALOG {
        for name in e.names() {
            let owners: Vec<&str> = CATALOG
                .iter()
                .filter(|o| o.names().any(|n| folded(n) == folded(name)))
                .map(|o| o.name)
                .collect();
            assert_eq!(owners, [e.name], "{name} is a name of more than one game");
            assert_eq!(Game::by_name(name), Some(e.game), "{name}");
            assert_eq!(Game::by_name(&name.to_ascii_uppercase()), Some(e.game), "{name}");
            // `felt equity` reads the names of the games it counts, and only those.
            let parsed = name.parse::<Game>();
            match e.equity {
                Some(_) => assert_eq!(parsed, Ok(e.game), "{name}"),
                None => assert_eq!(parsed, Err(EquityError::UnknownGame(name.into())), "{name}"),
            }
        }
    }
    assert_eq!(Game::by_name("Hold'em"), Some(Game::Holdem));
    assert_eq!(Game::by_name("omaha58"), Some(Game::Omaha85));
    assert_eq!(Game::by_name("omaha9"), None);
}

#[test]
fn a_name_that_is_also_a_code_names_the_game_the_code_plays() {
    for code in VARIANTS {
        if let Some(game) = Game::by_name(code.code) {
            assert_eq!(game, code.game, "{}", code.code);
        }
    }
}

#[test]
fn equity_names_are_the_catalogs_in_its_order() {
    let names: Vec<&str> = crate::equity::GAME_NAMES.iter().map(|(g, _)| g.name()).collect();
    let expected: Vec<&str> = equity_games().map(|e| e.name).collect();
    assert_eq!(names, expected);
    for (g, aliases) in crate::equity::GAME_NAMES {
        assert_eq!(*aliases, g.entry().aliases);
    }
    assert_eq!(
        crate::equity::Game::name_list(),
        "holdem, shortdeck, omaha, omaha5, omaha6, omaha8, omaha5-8, omaha6-8, turnover, stud7, \
         stud8, razz or americana"
    );
}

/// The cards `n` players and the board take: each player's hole cards and the board, or in
/// seven-card stud, when those run out, one up card shared as a community card.
fn cards_needed(e: &Entry, n: usize) -> usize {
    let (hole, board) = (e.hole_cards(), e.board_cards());
    let seven_card_stud = e.equity_method() == Some(EquityMethod::Stud) && hole == 7;
    if seven_card_stud && n * hole > e.deck.len() {
        n * (hole - 1) + 1
    } else {
        n * hole + board
    }
}

/// `n` players, each with all their cards known (none in the stud games).
fn query(e: &Entry, n: usize) -> Query {
    let cards: Vec<String> = e.deck.cards().iter().map(|c| c.to_string()).collect();
    let hole = e.hole_cards();
    let players = (0..n).map(|p| match e.equity_method() {
        Some(EquityMethod::Stud) => String::new(),
        _ => cards[p * hole..(p + 1) * hole].concat(),
    });
    let mut q = Query::new(e.game, players);
    q.method = Method::MonteCarlo;
    q.iterations = Some(20);
    q
}

#[test]
fn every_equity_player_limit_fits_the_deck_and_is_enforced() {
    for e in equity_games() {
        let (min, max) = e.equity.map(|q| q.players).unwrap_or_default();
        assert!(2 <= min && min <= max, "{}", e.name);
        assert!(cards_needed(e, max) <= e.deck.len(), "{}: {max} players", e.name);
        // The Omaha games with five and six hole cards take as many players as fit.
        if e.equity_method() == Some(EquityMethod::Hands) && e.hole_cards() > 4 {
            assert!(cards_needed(e, max + 1) > e.deck.len(), "{}", e.name);
        }
        let Ok(answer) = calculate(&query(e, max)) else { panic!("{}: {max} players", e.name) };
        assert_eq!(answer.players.len(), max);
        for n in [min - 1, max + 1] {
            let e2 = calculate(&query(e, n)).unwrap_err();
            assert!(matches!(e2, EquityError::PlayerCount { .. }), "{}: {e2}", e.name);
        }
    }
}

#[test]
fn a_game_without_equity_is_refused_by_name() {
    for e in CATALOG.iter().filter(|e| e.equity.is_none()) {
        let q = Query::new(e.game, ["", ""]);
        assert_eq!(q.parse().unwrap_err(), EquityError::UnknownGame(e.name.into()));
        assert!(e.codes().next().is_some(), "{}: replayed, so it has a code", e.name);
    }
}

#[test]
fn every_code_round_trips_and_plays_its_entrys_cards() {
    let mut seen = 0;
    for e in CATALOG {
        for code in e.codes() {
            seen += 1;
            assert_eq!(crate::rules::Variant::by_code(code.code).as_ref(), Some(code));
            assert_eq!(code.entry(), e);
            assert_eq!((code.deck, code.scoring), (e.deck, e.scoring));
            assert_eq!(code.streets, e.streets, "{}", code.code);
            assert_eq!(code.hole_cards(), e.hole_cards(), "{}", code.code);
        }
    }
    assert_eq!(seen, VARIANTS.len(), "every code plays one entry");
}

#[test]
fn every_game_is_dealt_by_name_as_its_entry_says() {
    for e in CATALOG {
        let Some(dealt) = e.dealt() else { panic!("{}: no game to deal", e.name) };
        assert!(dealt.supported, "{}", e.name);
        assert_eq!(dealt.game, e.game, "{}", e.name);
        assert_eq!(dealt.hole_cards(), e.hole_cards(), "{}", e.name);
    }
    let big_o = Game::Omaha85.entry().dealt().unwrap();
    assert_eq!((big_o.code, big_o.structure), ("FO/8", crate::rules::Structure::PotLimit));
    assert_eq!(Game::Holdem.entry().dealt().map(|g| g.code), Some("nlhe"));
}

#[test]
fn splits_follow_the_scoring() {
    assert_eq!(Game::Holdem.entry().scoring.split(), Split::High);
    assert_eq!(Game::Razz.entry().scoring.split(), Split::Low);
    assert_eq!(Game::Stud8.entry().scoring.split(), Split::HighLow { low_qualifier: 8 });
    let hilo: Vec<&str> = CATALOG.iter().filter(|e| e.scoring.high_low()).map(|e| e.name).collect();
    assert_eq!(hilo, ["omaha8", "omaha5-8", "omaha6-8", "stud8"]);
}

#[test]
fn the_games_page_lists_every_name_and_code() {
    let page = include_str!("../../docs/games.md");
    let table: Vec<&str> = page.lines().filter(|l| l.starts_with("| ")).collect();
    for e in CATALOG {
        let row = table.iter().find(|l| l.contains(&format!("| `{}`", e.name)));
        let Some(row) = row else { panic!("docs/games.md: no row for {}", e.name) };
        for name in e.names() {
            assert!(row.contains(&format!("`{name}`")), "docs/games.md: {name} in {row}");
        }
        for code in e.codes() {
            assert!(row.contains(&format!("`{}`", code.code)), "docs/games.md: {}", code.code);
        }
        if let Some(q) = e.equity {
            let players = format!("| {} to {} |", q.players.0, q.players.1);
            assert!(row.contains(&players), "docs/games.md: {} players in {row}", e.name);
        }
        assert!(row.contains(&format!("| {} |", e.deck.len())), "{row}");
    }
}

#[test]
fn a_dealt_game_is_read_back_from_its_code_and_the_fields_a_hand_writes() {
    for e in CATALOG {
        let Some(dealt) = e.dealt() else { panic!("{}: no game to deal", e.name) };
        let mut back = crate::rules::Variant::by_code(dealt.code).unwrap();
        if let Some(k) = dealt.chosen_hole_cards() {
            back = back.with_hole_cards(u32::try_from(k).unwrap()).unwrap();
        }
        if let Some(s) = e.deal.structure {
            back = back.with_structure(s).unwrap();
        }
        assert_eq!(back, dealt, "{}", e.name);
    }
}
