//! Site hand histories: PokerStars text, ACPC match logs and every other site's text, converted
//! to PHH and replayed.

use feltkit::import::{convert_as, sniff, Format};
use feltkit::phh::read::hands;
use feltkit::phh::replay_record;

use super::{key, shape, Check, Data, Target};

/// Words of PokerStars text.
const STARS_WORDS: &[&str] = &[
    "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/01 12:00:00 ET\n",
    "PokerStars Hand #2: Tournament #7, $1+$0.10 USD Hold'em No Limit - Level II (10/20) - 2024/01/01 12:00:00 ET\n",
    "Table 'T' 6-max Seat #1 is the button\n",
    "Seat 1: Ann ($2 in chips)\n",
    "Seat 2: Bob (1500 in chips) is sitting out\n",
    "Ann: posts small blind $0.01\n",
    "Bob: posts big blind $0.02\n",
    "Ann: posts the ante 5\n",
    "Bob: posts small & big blinds $0.03\n",
    "*** HOLE CARDS ***\n",
    "Dealt to Ann [Ah Kh]\n",
    "Ann: raises $0.04 to $0.06\n",
    "Bob: calls $0.04\n",
    "Bob: checks \n",
    "Ann: bets $0.10\n",
    "Bob: folds \n",
    "Ann: raises 1480 to 1500 and is all-in\n",
    "Uncalled bet ($0.10) returned to Ann\n",
    "*** FLOP *** [2c 3d 4h]\n",
    "*** TURN *** [2c 3d 4h] [5s]\n",
    "*** RIVER *** [2c 3d 4h 5s] [6c]\n",
    "*** SHOW DOWN ***\n",
    "Ann: shows [Ah Kh] (a straight, Two to Six)\n",
    "Bob: mucks hand \n",
    "Bob: doesn't show hand \n",
    "Ann collected $0.12 from pot\n",
    "Ann collected 300 from side pot-1\n",
    "*** SUMMARY ***\n",
    "Total pot $0.12 | Rake $0\n",
    "Total pot 3000 Main pot 2000. Side pot 1000. | Rake 0\n",
    "Board [2c 3d 4h 5s 6c]\n",
    "Seat 1: Ann (button) showed [Ah Kh] and won ($0.12)\n",
    "Seat 2: Bob (big blind) folded before Flop\n",
    "€",
    "\r\n",
    "\u{feff}",
];

/// Words of ACPC logs.
const ACPC_WORDS: &[&str] = &[
    "STATE:0:r200c/cr400c/r1000c/f:Ks4s|QhJc/8dTh6d/3h:-400|400:Alice|Bob\n",
    "STATE:",
    ":",
    "|",
    "/",
    "r",
    "c",
    "f",
    "r20000",
    "Alice",
    "Bob",
    "# nolimit\n",
    "SCORE:100|-100:Alice|Bob\n",
];

/// Words of the other sites' texts (GGPoker, Winamax, PartyPoker, 888poker, Full Tilt, WPN, OnGame, Chico, Cake, KingsClub, Absolute, iPoker XML, Merge XML, Microgaming XML, Everest XML), each site's header
/// first: a text starting with one is read as that site's.
const SITE_WORDS: &[&str] = &[
    "Poker Hand #RC1: Hold'em No Limit ($0.02/$0.05) - 2025/08/08 23:42:24\n",
    "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.01€/0.02€) - 2024/01/01 12:00:00 UTC\n",
    "#Game No : 1\n***** 888poker Hand History for Game 1 *****\n",
    "Full Tilt Poker Game #1: Table T (6 max) - $0.05/$0.10 - No Limit Hold'em - 21:14:22 ET - 2010/06/12\n",
    "Ann posts the small blind of $0.05\n",
    "Hand #1 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC\nOak 9-max Seat #1 is the button\n",
    "Game Hand #2 - Tournament #3 - Omaha H/L(Pot Limit) - Level 1 (250.00/500.00)- 2019/07/25 02:31:33 UTC\n",
    "Game started at: 2014/3/8 22:22:19\nGame ID: 4 2/4 Braunite (Omaha)\n",
    "Ann raises $0.05 to $0.05\n",
    "Ann caps $0.55\n",
    "Ann straddle $0.04\n",
    "Main pot $1.19 | Rake $0.06\n",
    "Total pot $1.19 | Rake $0.04 | JP Fee $0.02\n",
    "Seat 7: Ann did not show and won $0.07\n",
    "Ann raises to $0.30, and is all in\n",
    "Uncalled bet of $0.20 returned to Ann\n",
    "Ann wins the pot ($0.20)\n",
    "The button is in seat #1\n",
    "Game #7 starts.\n#Game No : 7\n***** Hand History for Game 7 *****\n",
    "$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 08:24:17 EST 2014\n",
    "NL Texas Hold'em $11 USD Buy-in Trny: 5 Level: 7  Blinds-Antes(300/600 -50) - Friday, April 01, 11:44:00 CEST 2011\n",
    "Seat 3: 7Ann ( $2.06 USD )\n",
    "7Ann is all-In  [$1.50 USD]\n",
    "7Ann wins $0.65 USD from the side pot 1 with a pair of Aces.\n",
    "Ann posts big blind + dead [$0.15].\n",
    "<session sessioncode=\"1\"><general><gametype>Holdem NL $0.02/$0.05</gametype></general>\n",
    "<game gamecode=\"2\"><general><players><player seat=\"1\" name=\"A\" chips=\"$5\" dealer=\"1\" win=\"$0\" bet=\"$0.02\" />\n",
    "</players></general><round no=\"1\"><action no=\"1\" player=\"A\" sum=\"$0.02\" type=\"1\" /></round></game></session>\n",
    "Seat 1: Ann ($5 in chips)\n",
    "Seat 2: 3a9f01c2 (5€ in chips)\n",
    "Ann: posts small blind $0.02\n",
    "3a9f01c2: straddle $0.10\n",
    "Ann posts big blind [$0.05]\n",
    "*** FIRST FLOP *** [2c 3d 4h]\n",
    "*** SECOND FLOP *** [5c 6d 7h]\n",
    "Total pot $0.04 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0\n",
    "Hand was run twice\n",
    "Cash Drop to Pot : total $1\n",
    "Ann collected 0,10€ from pot\n",
    "Ann collected [ $0,10 ]\n",
    "***** History for hand R5-1-1 *****\nStart hand: Tue Jul 24 19:12:45 CEST 2012\nTable: Oslo [1] (NO_LIMIT TEXAS_HOLDEM $1/$2, Real money)\nButton: seat 1\n",
    "Seat 2: Ann ($5)\n",
    "Ann posts small blind ($1)\n",
    "Ann raises $5 to $6 [all in]\n",
    "--- Dealing flop [2c, 3d, 4h]\n",
    "Summary:\n",
    "Main pot: $4 won by Ann ($3.90 High), Bob ($0.10 Low)\n",
    "Rake taken: $0.10\n",
    "Seat 1: Ann ($102), net: +$2, [Ah, Kd] (PAIR ACE)\n",
    "<description type=\"Holdem\" stakes=\"No Limit ($1/$2)\"/>\n",
    "<game id=\"1-2\" starttime=\"20120529015906\" numholecards=\"2\"><players dealer=\"0\"><player seat=\"0\" nickname=\"A\" balance=\"$5\" dealtin=\"true\" />\n",
    "</players><round id=\"BLINDS\"><event type=\"RETURN_BLIND\" player=\"1\" amount=\"1.50\"/></round><round id=\"PREFLOP\">\n",
    "<event type=\"RAISE\" player=\"0\" amount=\"3.00\"/><event type=\"ALL_IN\" player=\"1\" amount=\"4.00\"/>\n",
    "<cards type=\"COMMUNITY\" cards=\"Js,Qh,Jd\"/></round><round id=\"END_OF_GAME\"><winner amount=\"2.00\" uncalled=\"true\" potnumber=\"2\" player=\"0\"/></round></game>\n",
    "----PRIMA.DAT----\n<Game hhversion=\"4\" id=\"5\" date=\"2013-09-23 14:29:32\" stakes=\"0.01|0.02\" betlimit=\"NL\" gametype=\"Hold&apos;em\" rake=\"10\">\n",
    "<Seats><Seat num=\"1\" alias=\"A\" balance=\"2.00\" endbalance=\"1.98\" dealer=\"true\"/></Seats><Gameplay>\n",
    "<Action seq=\"3\" type=\"Raise\" seat=\"2\" value=\"0.12\"/><Action seq=\"4\" type=\"MoneyReturned\" seat=\"2\" value=\"0.10\"/>\n",
    "<Action seq=\"5\" type=\"DealFlop\"><Card value=\"10\" suit=\"c\"/></Action><Action type=\"Win\"><Seat num=\"2\" amount=\"0.04\"/></Action></Gameplay></Game>\n",
    "BetOnline Poker Game #1: Hold'em No Limit ($0.25/0.50) - 2016/05/04 10:36:39 Eastern Daylight Time\nTable 'Oslo' 10-Max, Seat #0 is the button\n",
    "Seat 0: Ann (10.00 in chips) - Sitting out\n",
    "Ann: ante processed 0.00\n",
    "Ann: post dead 0.50\n",
    "Ann: raises 9.75 to 10.00 and is all in\n",
    "*** TURN *** [2c 3d 4h][10d]\n",
    "Ann shows Ac 10c\n",
    "Total pot 1.26 | Rake 0.22\n",
    "Seat 0: Ann showed [Ac 10c] and won (2.49)\n",
    "Hand#2701011985001689 - Paris (6-max) 11985 -- $0,05/$0,10 NL Hold'em -- 2011/08/28 - 00:53:30\nDealer: Seat 3\n",
    "Seat 3: Ann ($10 in chips) DEALER  (EUR €7,65)\n",
    "Ann: raises to $0.30\n",
    "Ann: is all in 2,375\n",
    "Ann: returns uncalled bet $0.30\n",
    "Dealt to Ann [7c,Th]\n",
    "***SHOW DOWN***\n",
    "Ann: mucks [4s,3h] (Pair) .\n",
    "Ann wins $0.56 with Two Pairs\n",
    "Stage #C1: Holdem  No Limit $0.02 - 2009-06-10 03:10:00 (ET)\nTable: OSLO (Real Money) Seat #1 is the dealer\n",
    "Seat 1 - ANN ($2.13 in chips)\n",
    "ANN - Posts dead $3 dead $1\n",
    "ANN - All-In(Raise) 565 to 1,085\n",
    "ANN - returned ($0.06) : not called\n",
    "ANN Collects $4.30 from side pot-1\n",
    "Total Pot($5,480:$3,750,$1,730) | Rake ($0.20) | Jackpot Rake ($0.50)\n",
    "Seat 1: ANN (dealer) won Total ($4.30) HI:($4.30) with Straight [Ac Ah - P:Ah,B:Ks]\n",
    "<SESSION time=\"1\" tableName=\"T-1\" id=\"9\" type=\"ring\" money=\"$\" game=\"hold-em\" gametype=\"no-limit\"/>\n<HAND time=\"2\" id=\"3\" blinds=\"$0.01/$0.02\">\n",
    "<SEAT position=\"0\" name=\"A\" balance=\"200\"/><DEALER position=\"0\"/><BLIND position=\"1\" amount=\"2\" penalty=\"0\"/>\n",
    "<HOLE position=\"0\">10d</HOLE><BET position=\"1\" amount=\"0\" allin=\"1\"/><PUSH position=\"0\" amount=\"2\"/>\n",
    "<SWEEP rake=\"1\" tax=\"0\">8</SWEEP><COMMUNITY>10c, 2d, 2s</COMMUNITY><SHOW position=\"0\">Jh, Jd</SHOW><XSHOW position=\"1\"/>\n",
    "<WIN position=\"0\" amount=\"8\" pot=\"0\" potAmount=\"8\"/></HAND>\n",
    "$1,289.63",
    "#39555673: Limit Holdem - 40/80\n2020-12-21 12:05:29\nTable 'HT' Seat 1 is the button\n",
    "Seat 2: Ann (1,200)\n",
    "Ann: posts the small blind 20\n",
    "Dealt to Ann: [X X Td]\n",
    "Ann calls 1,500, and is all in\n",
    "Ann raises to 80\n",
    "Ann brings in for 10\n",
    "Ann discards [Ts Jh] draws [3c 6c]\n",
    "Ann draws 2\n",
    "*** 1ST DRAW ***\n",
    "*** 3RD STREET ***\n",
    "*** BOARD 2 - RIVER *** [- - - Kh] [Ac]\n",
    "Run 1: Ann shows [5d 7h 8c Td 2h]\n",
    "Seat 2: Ann (2,453) +1,253\n",
    "Ann wins (3,075) from side pot 1\n",
    "Rake 3.50\n",
    "\r\n",
];

/// The data's texts with this extension; without data, one text made of the words.
fn seeds(data: &Data, extension: &str, words: &[&str]) -> Vec<Vec<u8>> {
    let found: Vec<Vec<u8>> = data
        .site_texts
        .iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == extension))
        .map(|(_, b)| b.clone())
        .collect();
    if found.is_empty() {
        return vec![words.concat().into_bytes()];
    }
    found
}

/// PokerStars text.
pub const POKERSTARS: Target = Target {
    name: "import_pokerstars",
    about: "PokerStars text (import::convert_as): every hand converts to PHH that reads as a \
            record (a text never yields a PHH error), and replays by the engine's invariants \
            (chips conserved, pots paid out)",
    text: false,
    words: STARS_WORDS,
    seeds: |d| seeds(d, "txt", STARS_WORDS),
    check: |input| check(Format::PokerStars, input),
};

/// ACPC match logs.
pub const ACPC: Target = Target {
    name: "import_acpc",
    about: "ACPC match logs (import::convert_as): every line converts to PHH that reads as a \
            record, and replays by the engine's invariants",
    text: false,
    words: ACPC_WORDS,
    seeds: |d| seeds(d, "log", ACPC_WORDS),
    check: |input| check(Format::Acpc, input),
};

/// Every other site's text, read as the format it is detected as.
pub const SITES: Target = Target {
    name: "import_sites",
    about:
        "GGPoker, Winamax, PartyPoker, 888poker, Full Tilt, WPN, OnGame, Chico, Cake, KingsClub, Absolute, iPoker, Merge, Microgaming and Everest texts, each read as the format detected from its \
            content (import::sniff, import::convert_as): every hand converts to PHH that reads as \
            a record, and replays by the engine's invariants",
    text: false,
    words: SITE_WORDS,
    seeds: |d| {
        let found: Vec<Vec<u8>> = d
            .site_texts
            .iter()
            .filter(|(_, b)| sniff(b).is_some_and(|f| f != Format::PokerStars && f != Format::Acpc))
            .map(|(_, b)| b.clone())
            .collect();
        if found.is_empty() {
            vec![SITE_WORDS.concat().into_bytes()]
        } else {
            found
        }
    },
    check: |input| match sniff(input) {
        Some(format) => check(format, input),
        // A text no format is detected in: read as GGPoker's, whose header the words start with.
        None => check(Format::named("ggpoker").unwrap_or(Format::PokerStars), input),
    },
};

fn check(format: Format, input: &[u8]) -> Check {
    let mut statuses = Vec::new();
    for hand in convert_as(format, input) {
        for read in hands(&hand.phh) {
            let read = read.map_err(|e| format!("hand {}: PHH not read: {e}", hand.index))?;
            let record = read.record.map_err(|e| {
                format!("hand {}: PHH field refused: {e}\n{}", hand.index, hand.phh)
            })?;
            let report = replay_record(&record, format!("fuzz [{}]", hand.index), true);
            super::phh::invariants(&record, &report)
                .map_err(|e| format!("hand {}: {e}\n{}", hand.index, hand.phh))?;
            statuses.push(shape(&format!("{:?}", report.status)));
        }
    }
    Ok(key(statuses))
}
