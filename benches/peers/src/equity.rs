//! The equity rows: exact hold'em, Omaha and stud matchups (feltkit, OMPEval's
//! `EquityCalculator`, poker-eval's `enumExhaustive`) and Monte Carlo hold'em (feltkit,
//! OMPEval). Every tool runs on one thread. feltkit enumerates heads-up hold'em preflop too
//! (`calculate_by_enumeration`), as the peers do, instead of reading its preflop table.
//!
//! Exact answers must agree to the last deal: the deals counted, each player's deals won alone
//! and deals tied (in the high-low games, pots scooped), and the pot share to 1e-9 (poker-eval
//! adds its shares as floating-point fractions). Monte Carlo answers must each lie within four
//! of their own standard errors of the exact equity.

use feltkit::card::{parse_cards, Deck};
use feltkit::equity::{calculate, calculate_by_enumeration, Equity, Game, Method, Options, Query};
use rayon::ThreadPool;

use crate::{Answer, Row, Tool, Unit};

/// Deals per Monte Carlo run (OMPEval stops within a few thousand past it).
pub const DEALS: u64 = 10_000_000;

/// One exact matchup.
#[cfg_attr(not(all(peer_ompeval, peer_poker_eval)), allow(dead_code))]
struct Case {
    name: &'static str,
    game: Game,
    players: &'static [&'static str],
    board: &'static str,
    dead: &'static str,
    /// Hold'em: OMPEval computes it too, from these ranges when given (OMPEval has no
    /// `JJ-99`: it reads `JJ` and ignores the rest).
    ompeval: bool,
    omp_players: Option<&'static [&'static str]>,
    /// poker-eval's game number (`enum_game_t`), when poker-eval computes it.
    poker_eval: Option<i32>,
}

const HOLDEM: i32 = 0;
const OMAHA: i32 = 2;
const OMAHA8: i32 = 3;
const STUD: i32 = 4;
const STUD8: i32 = 5;
const RAZZ: i32 = 7;

const fn case(name: &'static str, game: Game, players: &'static [&'static str]) -> Case {
    Case {
        name,
        game,
        players,
        board: "",
        dead: "",
        ompeval: false,
        omp_players: None,
        poker_eval: None,
    }
}

/// Fifth-street stud: three-handed, the cards of five folded players lie dead.
const STUD3_5: [&str; 3] = ["AhKd7c5s5d", "9s9h2cTd8c", "QcJc6h4d3s"];
const STUD3_5_DEAD: &str = "4h5h2s7s8dTsJh9c3c6c";
/// Sixth street, the same three players one card on.
const STUD3_6: [&str; 3] = ["AhKd7c5s5dKs", "9s9h2cTd8cQh", "QcJc6h4d3sAd"];

fn cases() -> Vec<Case> {
    let holdem = |name, players, ompeval, poker_eval: bool| Case {
        ompeval,
        poker_eval: poker_eval.then_some(HOLDEM),
        ..case(name, Game::Holdem, players)
    };
    let stud = |name, game, pe: i32, players, dead| Case {
        dead,
        poker_eval: Some(pe),
        ..case(name, game, players)
    };
    let mut all = vec![
        holdem("hold'em AhKh vs QsQd preflop, exact", &["AhKh", "QsQd"], true, true),
        holdem(
            "hold'em AsAh vs KsKh vs QsQh preflop, exact",
            &["AsAh", "KsKh", "QsQh"],
            true,
            true,
        ),
        holdem(
            "hold'em AsKs vs QhQd vs JcTc vs 2h2d preflop, exact",
            &["AsKs", "QhQd", "JcTc", "2h2d"],
            true,
            true,
        ),
        holdem("hold'em AA vs KK vs QQ preflop (ranges), exact", &["AA", "KK", "QQ"], true, false),
        holdem(
            "hold'em AKs vs QQ vs JTs vs 22 preflop (ranges), exact",
            &["AKs", "QQ", "JTs", "22"],
            true,
            false,
        ),
        Case {
            omp_players: Some(&["QQ+,AKs", "JJ,TT,99,AQs"]),
            ..holdem(
                "hold'em QQ+,AKs vs JJ-99,AQs preflop, exact",
                &["QQ+,AKs", "JJ-99,AQs"],
                true,
                false,
            )
        },
        Case {
            board: "2c3d7h",
            poker_eval: Some(OMAHA),
            ..case(
                "PLO AsAhKsKh vs JdTd9c8c on 2c3d7h, exact",
                Game::Omaha,
                &["AsAhKsKh", "JdTd9c8c"],
            )
        },
        Case {
            board: "2c7h4d",
            poker_eval: Some(OMAHA8),
            ..case(
                "PLO8 AsAh2s3h vs JdTd9c8c on 2c7h4d, exact",
                Game::Omaha8,
                &["AsAh2s3h", "JdTd9c8c"],
            )
        },
        Case {
            poker_eval: Some(OMAHA),
            ..case(
                "PLO AsAhKsKh vs JdTd9c8c preflop, exact",
                Game::Omaha,
                &["AsAhKsKh", "JdTd9c8c"],
            )
        },
        Case {
            poker_eval: Some(OMAHA8),
            ..case(
                "PLO8 AsAh2s3h vs JdTd9c8c preflop, exact",
                Game::Omaha8,
                &["AsAh2s3h", "JdTd9c8c"],
            )
        },
    ];
    for (game, pe, name) in
        [(Game::Stud7, STUD, "stud"), (Game::Stud8, STUD8, "stud8"), (Game::Razz, RAZZ, "razz")]
    {
        let low = matches!(game, Game::Razz | Game::Stud8);
        // Heads-up hands: in the low games the first player holds a wheel draw.
        let (a5, a6): (&'static str, &'static str) =
            if low { ("Ah2d3c5s9d", "Ah2d3c5s9dKs") } else { ("AhKd7c5s5d", "AhKd7c5s5dKs") };
        let rows: [(&'static str, Vec<&'static str>, &'static str); 4] = [
            ("5th street heads-up", vec![a5, "9s9h2cTd8c"], "4h5h"),
            ("6th street heads-up", vec![a6, "9s9h2cTd8cQh"], "4h5h"),
            ("5th street 3-way, 10 dead", STUD3_5.to_vec(), STUD3_5_DEAD),
            ("6th street 3-way, 10 dead", STUD3_6.to_vec(), STUD3_5_DEAD),
        ];
        for (street, players, dead) in rows {
            let label: &'static str = Box::leak(format!("{name} {street}, exact").into_boxed_str());
            all.push(stud(label, game, pe, Box::leak(players.into_boxed_slice()), dead));
        }
    }
    all
}

fn query(game: Game, players: &[&str], board: &str, dead: &str, method: Method) -> Query {
    let mut q = Query::new(game, players.iter().copied());
    q.board = board.into();
    q.dead = dead.into();
    q.method = method;
    q
}

/// feltkit's exact answer: deals, wins alone (scoops in high-low games), ties, pot shares.
fn feltkit_exact(e: &Equity, hilo: bool) -> Answer {
    let n = |x: u128| u64::try_from(x).unwrap_or(u64::MAX);
    Answer::Exact {
        deals: n(e.total),
        wins: e.players.iter().map(|p| n(p.wins)).collect(),
        ties: (!hilo).then(|| e.players.iter().map(|p| n(p.ties)).collect()),
        ev: e.players.iter().map(|p| p.equity).collect(),
    }
}

/// OMPEval's deals by set of winners as an exact answer.
#[cfg_attr(not(peer_ompeval), allow(dead_code))]
fn omp_exact(by_winners: &[u64], players: usize) -> Answer {
    let deals: u64 = by_winners.iter().sum();
    let mut wins = vec![0u64; players];
    let mut ties = vec![0u64; players];
    let mut share = vec![0f64; players];
    for (mask, &n) in by_winners.iter().enumerate() {
        let k = mask.count_ones();
        for p in (0..players).filter(|p| mask >> p & 1 == 1) {
            if k == 1 {
                wins[p] += n;
            } else {
                ties[p] += n;
            }
            share[p] += n as f64 / f64::from(k);
        }
    }
    let ev = share.iter().map(|s| s / deals.max(1) as f64).collect();
    Answer::Exact { deals, wins, ties: Some(ties), ev }
}

/// OMPEval's Monte Carlo deals by set of winners as equities with their standard errors.
#[cfg_attr(not(peer_ompeval), allow(dead_code))]
fn omp_sample(by_winners: &[u64], players: usize) -> Answer {
    let deals: u64 = by_winners.iter().sum();
    let n = deals.max(2) as f64;
    let (mut sum, mut squares) = (vec![0f64; players], vec![0f64; players]);
    for (mask, &count) in by_winners.iter().enumerate() {
        let x = 1.0 / f64::from(mask.count_ones().max(1));
        for p in (0..players).filter(|p| mask >> p & 1 == 1) {
            sum[p] += count as f64 * x;
            squares[p] += count as f64 * x * x;
        }
    }
    let equity: Vec<f64> = sum.iter().map(|s| s / n).collect();
    let stderr = equity
        .iter()
        .zip(&squares)
        .map(|(m, s)| ((s / n - m * m).max(0.0) / (n - 1.0)).sqrt())
        .collect();
    Answer::Sample { deals, equity, stderr }
}

/// poker-eval's counts as an exact answer for `game`.
#[cfg(peer_poker_eval)]
fn pokenum_exact(counts: &[crate::ffi::poker_eval::PlayerCounts], deals: u64, game: i32) -> Answer {
    let hilo = matches!(game, OMAHA8 | STUD8);
    let wins = counts
        .iter()
        .map(|c| match game {
            OMAHA8 | STUD8 => c.scoop,
            RAZZ => c.win_lo,
            _ => c.win_hi,
        })
        .collect();
    let ties = (!hilo)
        .then(|| counts.iter().map(|c| if game == RAZZ { c.tie_lo } else { c.tie_hi }).collect());
    Answer::Exact { deals, wins, ties, ev: counts.iter().map(|c| c.ev).collect() }
}

/// Every player's cards, the board and the dead cards as feltkit card indices.
#[cfg_attr(not(peer_poker_eval), allow(dead_code))]
fn indices(c: &Case) -> (Vec<Vec<u8>>, Vec<u8>, Vec<u8>) {
    let cards = |t: &str| -> Vec<u8> {
        parse_cards(t, Deck::Standard)
            .expect("the cases' cards")
            .iter()
            .map(|c| c.index())
            .collect()
    };
    (c.players.iter().map(|p| cards(p)).collect(), cards(c.board), cards(c.dead))
}

/// The exact rows.
pub fn exact_rows(pool: &'static ThreadPool) -> Vec<Row> {
    let mut rows = Vec::new();
    for c in cases() {
        let hilo = matches!(c.game, Game::Omaha8 | Game::Stud8);
        let q = query(c.game, c.players, c.board, c.dead, Method::Exhaustive);
        #[allow(unused_mut)]
        let mut tools = vec![Tool::new("feltkit", move || {
            let e = pool
                .install(|| calculate_by_enumeration(&q, &Options::default()))
                .map_err(|e| e.to_string())?;
            Ok((e.deals, feltkit_exact(&e, hilo)))
        })];
        #[cfg(peer_ompeval)]
        if c.ompeval {
            let (players, board, dead) = (c.omp_players.unwrap_or(c.players), c.board, c.dead);
            tools.push(Tool::new("OMPEval", move || {
                let (by_winners, counted) =
                    crate::ffi::ompeval::equity(players, board, dead, true, 0, 1)?;
                Ok((counted, omp_exact(&by_winners, players.len())))
            }));
        }
        #[cfg(peer_poker_eval)]
        if let Some(game) = c.poker_eval {
            let (players, board, dead) = indices(&c);
            tools.push(Tool::new("poker-eval", move || {
                let (counts, deals) =
                    crate::ffi::poker_eval::exhaustive(game, &players, &board, &dead)?;
                Ok((deals, pokenum_exact(&counts, deals, game)))
            }));
        }
        rows.push(Row::new(c.name, Unit::Millis, tools));
    }
    rows
}

/// The Monte Carlo rows, each with its exact equities (feltkit's, which the exact rows check
/// against the peers).
pub fn monte_carlo_rows(pool: &'static ThreadPool) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for (name, players) in [
        ("hold'em Monte Carlo AhKh vs QsQd, 10M deals", &["AhKh", "QsQd"][..]),
        ("hold'em Monte Carlo AsAh vs KsKh vs QsQh, 10M deals", &["AsAh", "KsKh", "QsQh"][..]),
    ] {
        let exact = pool
            .install(|| calculate(&query(Game::Holdem, players, "", "", Method::Exhaustive)))
            .map_err(|e| e.to_string())?;
        let mut q = query(Game::Holdem, players, "", "", Method::MonteCarlo);
        q.iterations = Some(DEALS);
        let mut seed = 0u64;
        #[allow(unused_mut)]
        let mut tools = vec![Tool::new("feltkit", move || {
            seed += 1;
            q.seed = seed;
            let e = pool.install(|| calculate(&q)).map_err(|e| e.to_string())?;
            let equity = e.players.iter().map(|p| p.equity).collect();
            let stderr = e.players.iter().map(|p| p.stderr.unwrap_or(0.0)).collect();
            Ok((e.deals, Answer::Sample { deals: e.deals, equity, stderr }))
        })];
        #[cfg(peer_ompeval)]
        tools.push(Tool::new("OMPEval", move || {
            let (by_winners, counted) =
                crate::ffi::ompeval::equity(players, "", "", false, DEALS, 1)?;
            Ok((counted, omp_sample(&by_winners, players.len())))
        }));
        let mut row = Row::new(name, Unit::MillionPerSecond, tools);
        row.reference = Some(exact.players.iter().map(|p| p.equity).collect());
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::{omp_exact, omp_sample};
    use crate::Answer;

    /// Three players, 12 deals: player 1 alone wins 5, player 2 alone 1, players 1 and 2 split
    /// 3, all three split 3.
    const BY_WINNERS: [u64; 8] = [0, 5, 1, 3, 0, 0, 0, 3];

    #[test]
    fn winner_sets_become_wins_ties_and_shares() {
        let Answer::Exact { deals, wins, ties, ev } = omp_exact(&BY_WINNERS, 3) else {
            panic!("an exact answer")
        };
        assert_eq!((deals, wins, ties), (12, vec![5, 1, 0], Some(vec![6, 6, 3])));
        let expected = [(5.0 + 1.5 + 1.0) / 12.0, (1.0 + 1.5 + 1.0) / 12.0, 1.0 / 12.0];
        assert!(ev.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-15), "{ev:?}");
    }

    #[test]
    fn winner_sets_give_the_sample_standard_error() {
        let Answer::Sample { deals, equity, stderr } = omp_sample(&BY_WINNERS, 3) else {
            panic!("a sample")
        };
        assert_eq!(deals, 12);
        // Player 3: 3 deals of 1/3, 9 of 0: mean 1/12, mean square 1/36.
        let (m, sq) = (1.0 / 12.0, 1.0 / 36.0);
        assert!((equity[2] - m).abs() < 1e-15);
        assert!((stderr[2] - ((sq - m * m) / 11.0).sqrt()).abs() < 1e-15);
    }
}
