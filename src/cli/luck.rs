//! `felt luck`: each player's results against their all-in expectation, over every hand that
//! `felt replay` reads ([`feltkit::luck`]).
//!
//! Hands are read and replayed as `felt replay --check` does (in parallel, in input order);
//! each hand where the betting ended with cards to come is settled by exact equity, and the
//! results are added up per player.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use feltkit::api::luck::{round, summary, Cashouts, Insured, LuckTotals, PrizeTally, MAX_PAYOUTS};
use feltkit::luck::graph::Unit;
use feltkit::luck::{hand_luck_in_prizes, not_counted, HandLuck, Ledger, PlayerLuck};
use feltkit::phh::stream::{ordered, Step};
use feltkit::replay_source::{read_paths, Chunk};
use feltkit::text::count;
use serde_json::json;

use super::luck_graph::Picker;

/// Arguments of `felt luck`.
#[derive(Args, Debug)]
#[command(after_help = AFTER_HELP)]
pub struct LuckArgs {
    /// Also write each hand settled by expectation: every player's result, expectation and
    /// luck, and each pot's equities.
    #[arg(long)]
    hands: bool,
    /// Write JSON (one object per hand with `--hands`, then the players and the counts)
    /// instead of a table.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Write CSV: one row per player (per hand and player with `--hands`).
    #[arg(long)]
    csv: bool,
    /// Count each player's hands per game (`game`, the variant code), per stake (`stake`: the
    /// blinds, or `tournament`) or per session (`session`: a run of hands with no gap longer
    /// than `--session-gap` between them), or any of them together (`--by game --by stake`): a
    /// row per player and group.
    #[arg(long, value_name = "GROUP", value_parser = ["game", "stake", "session"])]
    by: Vec<String>,
    /// With `--by session`: the longest gap between two hands of one session, in minutes, 1 to
    /// 100000 (default 30).
    #[arg(long, value_name = "MINUTES", value_parser = parse_gap)]
    session_gap: Option<u64>,
    /// Follow links to directories inside the directories given (see `felt replay --follow`).
    #[arg(long)]
    follow: bool,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
    /// The input's format, as `felt replay --format` takes it (default: told by each file's
    /// name and first line).
    #[arg(long, value_parser = super::convert::format_parser())]
    format: Option<feltkit::import::Format>,
    /// Draw one player's graph (cumulative won and all-in EV against hands played) as an SVG
    /// picture in this file (replaced only when complete).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Write the graph and the player's rows of the table as a self-contained HTML page to
    /// this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// The player whose graph `--svg` and `--html` draw (needed when the hands have more than
    /// one).
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Draw the graph in big blinds (hands without a big blind left out), not in the hands'
    /// units.
    #[arg(long)]
    bb: bool,
    /// Count tournament hands in prizes instead of chips: the prizes by finishing place, first
    /// place first, separated by commas (`50,30,20`, or in money, `5000,3000,2000`). Each
    /// hand's result is then what the stacks after it are worth by the Independent Chip Model
    /// less what they were worth before, and its all-in EV the expectation of that
    /// (docs/luck.md). The players at the table are taken as the whole field.
    #[arg(long, value_name = "PRIZES", value_parser = parse_payouts)]
    payouts: Option<Payouts>,
    /// PHH files and bundles, sites' hand-history texts, or directories of them; `-` reads
    /// standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

const AFTER_HELP: &str = "\
When the betting of a hand ends with cards still to come (every player left but at most one is
all in), each pot goes to its contenders by the cards alone. A player's all-in adjusted result
counts each such pot at the player's equity in it (exact enumeration of the cards to come, the
cards of every other player known then taken out of the deck) instead of what the cards gave;
luck is the difference. The rake is taken as the site took it. Hands that do not replay, and
all-ins whose cards are not known, are counted and listed, never guessed (docs/luck.md).

Exit status: 2 when a path is unreadable or holds no hand, or no hand was found; otherwise 0.";

/// The prizes of `--payouts`, first place first.
#[derive(Clone, Debug)]
pub struct Payouts(Vec<f64>);

/// Reads `--payouts`: decimals separated by commas, none negative, at least one above zero.
fn parse_payouts(text: &str) -> Result<Payouts, String> {
    let expected =
        "expected the prizes by place, first place first, separated by commas (50,30,20)";
    let mut prizes = Vec::new();
    for (k, field) in text.split(',').enumerate() {
        if k >= MAX_PAYOUTS {
            return Err(format!("more than {MAX_PAYOUTS} places: {expected}"));
        }
        let field = field.trim();
        let value: f64 = field
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite() && *v >= 0.0 && !field.is_empty())
            .ok_or_else(|| format!("place {}: `{field}` is not a prize: {expected}", k + 1))?;
        prizes.push(value);
    }
    if prizes.iter().all(|&p| p == 0.0) {
        return Err(format!("every prize is 0: {expected}"));
    }
    Ok(Payouts(prizes))
}

/// `prizes: 12 tournament hands in prize equity by ICM (payouts 50, 30, 20); 2 all-ins by
/// 20000 sampled runouts, standard error at most 0.08`.
fn write_prizes(out: &mut impl Write, t: &PrizeTally, payouts: &[f64]) -> std::io::Result<()> {
    let listed: Vec<String> = payouts.iter().map(|p| format!("{p}")).collect();
    write!(
        out,
        "prizes: {} in prize equity by ICM (payouts {})",
        count(t.hands as usize, "tournament hand", "tournament hands"),
        listed.join(", ")
    )?;
    if t.sampled > 0 {
        write!(
            out,
            "; {} by {} sampled runouts, standard error at most {:.4}",
            count(t.sampled as usize, "all-in", "all-ins"),
            feltkit::luck::SAMPLED_RUNOUTS,
            t.stderr
        )?;
    }
    writeln!(out)
}

/// What one chunk of input gave.
#[derive(Default)]
struct Out {
    /// Each hand: its label, and its luck or why it is not counted.
    hands: Vec<(String, Result<HandLuck, String>)>,
    files: usize,
    unreadable: Vec<String>,
    /// Links not followed and files that are not regular files, with why (said on stderr).
    skipped: Vec<String>,
}

pub fn run(args: LuckArgs) -> anyhow::Result<ExitCode> {
    let drawn = args.svg.is_some() || args.html.is_some();
    if !drawn && (args.player.is_some() || args.bb) {
        anyhow::bail!(
            "--player and --bb choose what the graph shows: give --svg FILE or --html FILE too"
        );
    }
    let mut files = super::output::Files::new();
    for p in &args.paths {
        files.input(p);
    }
    files.stdout()?;
    for (flag, path) in [("--svg", &args.svg), ("--html", &args.html)] {
        if let Some(p) = path {
            files.output(p, &format!("{flag} {}", p.display()))?;
        }
    }
    let unit = if args.bb { Unit::BigBlinds } else { Unit::Chips };
    let mut picker = drawn.then(|| Picker::new(args.player.clone(), unit));
    let (threads, window) = super::replay::workers(&args.paths, args.threads)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let by = |group: &str| args.by.iter().any(|b| b == group);
    if args.session_gap.is_some() && !by("session") {
        anyhow::bail!("--session-gap says where --by session cuts: give --by session too");
    }
    let mut ledger = Ledger::new(by("game"), by("stake"));
    if by("session") {
        ledger.by_session = Some(60 * args.session_gap.unwrap_or(30) as i64);
    }
    let (mut files, mut unreadable) = (0, Vec::new());
    let mut csv_head = args.csv;
    // The room's EV Cashouts beside its rule: each hand's label, players and checks.
    let mut cashouts: Vec<Cashouts> = Vec::new();
    // The all-in insurances: each hand's label, players and checks.
    let mut insured: Vec<Insured> = Vec::new();
    // Tournament hands counted in prizes: how many, how many all-ins by sampled runouts, and
    // the largest standard error of those.
    let mut prizes = PrizeTally::default();
    ordered(
        threads,
        window,
        |emit| read_paths(&args.paths, args.follow, false, args.format, emit),
        |chunk| work(chunk, args.payouts.as_ref().map(|p| &p.0[..])),
        |step| -> std::io::Result<()> {
            let Step::Item(o) = step else { return out.flush() };
            files += o.files;
            unreadable.extend(o.unreadable);
            for s in o.skipped {
                super::diagnose(format_args!("felt luck: {s}"));
            }
            for (label, luck) in o.hands {
                match luck {
                    Ok(luck) => {
                        if args.hands && luck.all_in.is_some() {
                            write_hand(&mut out, &args, &mut csv_head, &label, &luck)?;
                        }
                        if let Some(p) = &mut picker {
                            p.add(&luck);
                        }
                        prizes.add(&luck);
                        ledger.add(&label, &luck);
                        if !luck.insurance.is_empty() {
                            insured.push((label.clone(), luck.players.clone(), luck.insurance));
                        }
                        if !luck.cashouts.is_empty() {
                            cashouts.push((label, luck.players, luck.cashouts));
                        }
                    }
                    Err(why) => ledger.skip(&label, &why),
                }
            }
            Ok(())
        },
    )?;
    for u in &unreadable {
        super::diagnose(format_args!("felt luck: {u}"));
    }
    ledger.finish();
    if let Some(p) = picker {
        p.write(&ledger, args.svg.as_deref(), args.html.as_deref())?;
    }
    if args.json {
        let totals = LuckTotals { ledger, files, cashouts, insured, prizes };
        writeln!(out, "{}", totals.json(args.payouts.as_ref().map(|p| &p.0[..])))?;
        out.flush()?;
        let hands = totals.ledger.hands as usize + totals.ledger.not_counted.len();
        return Ok(if hands == 0 || !unreadable.is_empty() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        });
    } else if args.csv {
        if !args.hands {
            writeln!(out, "player,{}hands,all_in,won,all_in_ev,luck,bb_hands,won_bb_per_100,all_in_ev_bb_per_100,luck_bb_per_100", group_head(&ledger, ","))?;
            for p in &ledger.players {
                let bb = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.2}"));
                writeln!(
                    out,
                    "{},{}{},{},{:.2},{:.2},{:.2},{},{},{},{}",
                    csv_field(&p.name),
                    group_csv(p),
                    p.hands,
                    p.all_in,
                    p.net,
                    p.expected,
                    p.luck(),
                    p.bb_hands,
                    bb(p.net_bb_per_100()),
                    bb(p.expected_bb_per_100()),
                    bb(p.luck_bb_per_100())
                )?;
            }
        }
    } else {
        write_table(&mut out, &ledger, files)?;
        write_cashouts(&mut out, &cashouts)?;
        write_insurance(&mut out, &insured)?;
        if let Some(p) = &args.payouts {
            write_prizes(&mut out, &prizes, &p.0)?;
        }
    }
    out.flush()?;
    let hands = ledger.hands as usize + ledger.not_counted.len();
    Ok(if hands == 0 || !unreadable.is_empty() { ExitCode::from(2) } else { ExitCode::SUCCESS })
}

/// Replays a chunk's hands and settles each one's luck.
fn work(chunk: Chunk, payouts: Option<&[f64]>) -> Out {
    let mut out = Out::default();
    let Some(reports) = chunk.replay(true) else {
        match &chunk {
            Chunk::Read(..) => out.files = 1,
            Chunk::Unreadable(..) | Chunk::NoHands(_) => {
                out.unreadable.push(chunk.note().map(|n| n.to_string()).unwrap_or_default())
            }
            Chunk::Skipped(path, why) => out.skipped.push(format!("{path}: {why}")),
            _ => {}
        }
        return out;
    };
    for r in reports {
        let luck = match hand_luck_in_prizes(&r, payouts) {
            Some(luck) => Ok(luck),
            None => Err(not_counted(&r)),
        };
        out.hands.push((r.label.clone(), luck));
    }
    out
}

/// One hand settled by expectation, in the format asked for.
fn write_hand(
    out: &mut impl Write,
    args: &LuckArgs,
    csv_head: &mut bool,
    label: &str,
    luck: &HandLuck,
) -> std::io::Result<()> {
    let Some(all_in) = &luck.all_in else { return Ok(()) };
    let luck_of = luck.luck();
    if args.json {
        let players: Vec<_> = (0..luck.players.len())
            .map(|i| {
                json!({"player": luck.players[i], "won": round(luck.net[i]),
                    "all_in_ev": round(luck.expected[i]), "luck": round(luck_of[i])})
            })
            .collect();
        let pots: Vec<_> = all_in
            .pots
            .iter()
            .map(|p| {
                let shares: Vec<_> = p
                    .shares
                    .iter()
                    .map(|&(i, s)| json!({"player": luck.players[i], "equity": s}))
                    .collect();
                json!({"amount": round(p.amount), "exact": p.exact, "stderr": p.stderr, "equities": shares})
            })
            .collect();
        let mut v =
            json!({"hand": label, "street": all_in.street, "players": players, "pots": pots});
        if let Some(p) = luck.prizes {
            v["prizes"] = json!({"exact": p.exact, "stderr": p.stderr});
        }
        return writeln!(out, "{v}");
    }
    if args.csv {
        if std::mem::take(csv_head) {
            writeln!(out, "hand,street,player,won,all_in_ev,luck,equity")?;
        }
        for (i, lucky) in luck_of.iter().enumerate() {
            let main = all_in.pots.first().and_then(|p| p.shares.iter().find(|s| s.0 == i));
            writeln!(
                out,
                "{},{},{},{:.2},{:.2},{:.2},{}",
                csv_field(label),
                all_in.street,
                csv_field(&luck.players[i]),
                luck.net[i],
                luck.expected[i],
                lucky,
                main.map_or(String::new(), |s| format!("{:.6}", s.1))
            )?;
        }
        return Ok(());
    }
    let prizes = match luck.prizes {
        Some(p) if p.exact => ", counted in prizes by ICM".to_string(),
        Some(p) => format!(
            ", counted in prizes by ICM over {} sampled runouts (standard error {:.4})",
            feltkit::luck::SAMPLED_RUNOUTS,
            p.stderr.unwrap_or(0.0)
        ),
        None => String::new(),
    };
    match all_in.street.as_str() {
        "preflop" => writeln!(out, "{label}: all in preflop{prizes}")?,
        street => writeln!(out, "{label}: all in on the {street}{prizes}")?,
    }
    for (k, p) in all_in.pots.iter().enumerate() {
        let name = if all_in.pots.len() == 1 {
            "pot".to_string()
        } else if k == 0 {
            "main pot".to_string()
        } else {
            format!("side pot {k}")
        };
        let shares: Vec<String> = p
            .shares
            .iter()
            .map(|&(i, s)| format!("{} {:.2}%", luck.players[i], 100.0 * s))
            .collect();
        let how = match (p.exact, p.stderr) {
            (true, _) => String::new(),
            (false, Some(e)) => format!(" (Monte Carlo, standard error {:.2}%)", 100.0 * e),
            (false, None) => " (Monte Carlo)".into(),
        };
        writeln!(out, "  {name} {:.2}: {}{how}", p.amount, shares.join(", "))?;
    }
    for (i, lucky) in luck_of.iter().enumerate() {
        if luck.net[i] != 0.0 || luck.expected[i] != 0.0 {
            writeln!(
                out,
                "  {}: won {:+.2}, all-in EV {:+.2}, luck {lucky:+.2}",
                luck.players[i], luck.net[i], luck.expected[i]
            )?;
        }
    }
    Ok(())
}

/// The names of the group columns, each followed by `sep`.
fn group_head(ledger: &Ledger, sep: &str) -> String {
    let mut s = String::new();
    if ledger.by_game {
        s.push_str("game");
        s.push_str(sep);
    }
    if ledger.by_stake {
        s.push_str("stake");
        s.push_str(sep);
    }
    if ledger.by_session.is_some() {
        s.push_str("session");
        s.push_str(sep);
    }
    s
}

/// Reads `--session-gap`: whole minutes from 1 to 100,000.
fn parse_gap(text: &str) -> Result<u64, String> {
    super::parse_in_range(text, 1, 100_000)
}

/// A row's group fields for CSV, each followed by a comma.
fn group_csv(p: &PlayerLuck) -> String {
    [&p.game, &p.stake, &p.session]
        .iter()
        .filter_map(|g| g.as_ref())
        .map(|g| format!("{},", csv_field(g)))
        .collect()
}

/// The per-player table, then what was counted and what was not.
fn write_table(out: &mut impl Write, ledger: &Ledger, files: usize) -> std::io::Result<()> {
    let width = super::column_width(ledger.players.iter().map(|p| p.name.chars().count()), 6);
    let group = |p: &PlayerLuck| {
        [&p.game, &p.stake, &p.session]
            .iter()
            .filter_map(|g| g.as_deref())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let head = group_head(ledger, " ");
    let head = head.trim_end();
    let gw =
        super::column_width(ledger.players.iter().map(|p| group(p).chars().count()), head.len());
    let gw = if head.is_empty() { 0 } else { gw + 2 };
    writeln!(
        out,
        "{:<width$}  {head:<gw$}{:>7}  {:>6}  {:>12}  {:>12}  {:>12}  {:>10}  {:>10}  {:>10}",
        "player",
        "hands",
        "all-in",
        "won",
        "all-in EV",
        "luck",
        "won bb/100",
        "EV bb/100",
        "luck bb/100"
    )?;
    let bb = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:+.2}"));
    for p in &ledger.players {
        writeln!(
            out,
            "{:<width$}  {:<gw$}{:>7}  {:>6}  {:>+12.2}  {:>+12.2}  {:>+12.2}  {:>10}  {:>10}  {:>10}",
            p.name,
            group(p),
            p.hands,
            p.all_in,
            p.net,
            p.expected,
            p.luck(),
            bb(p.net_bb_per_100()),
            bb(p.expected_bb_per_100()),
            bb(p.luck_bb_per_100())
        )?;
    }
    for (label, why) in &ledger.unsettled {
        writeln!(out, "not settled: {label}: {why} (counted as dealt)")?;
    }
    for (label, why) in &ledger.not_counted {
        writeln!(out, "not counted: {label}: {why}")?;
    }
    writeln!(out, "{}", summary(ledger, files))
}

/// The room's EV Cashouts beside its rule, after the table: one line each, then how many
/// agree to the cent.
fn write_cashouts(out: &mut impl Write, all: &[Cashouts]) -> std::io::Result<()> {
    let checks =
        || all.iter().flat_map(|(label, names, c)| c.iter().map(move |c| (label, names, c)));
    let total = checks().count();
    if total == 0 {
        return Ok(());
    }
    writeln!(
        out,
        "\nEV Cashout: what the room paid, and its rule counted with exact equity (the pots after rake and fees x the player's equity on the board then, from the cards shown, less the room's fee):"
    )?;
    for (label, names, c) in checks() {
        let name = names.get(c.player).map_or("?", String::as_str);
        let when = match c.street.as_str() {
            "preflop" => "before the flop".to_string(),
            street => format!("on the {street}"),
        };
        let head = format!("{label} line {}: {name} {when}: the room paid {:.2}", c.line, c.room);
        match &c.not_compared {
            Some(why) => writeln!(out, "  {head}; not compared: {why}")?,
            None => writeln!(
                out,
                "  {head}, the rule gives {:.4} (equity {:.4}%, fee {}%): {}",
                c.rule,
                c.equity * 100.0,
                c.fee * 100.0,
                if c.agrees() {
                    "agrees".to_string()
                } else {
                    format!("differs by {:+.4}", c.room - c.rule)
                }
            )?,
        }
    }
    let agree = checks().filter(|(_, _, c)| c.agrees()).count();
    let compared = checks().filter(|(_, _, c)| c.not_compared.is_none()).count();
    writeln!(
        out,
        "{}: {compared} compared, {agree} agree to the cent",
        count(total, "EV Cashout", "EV Cashouts")
    )
}

/// The all-in insurances: what the room charged beside the chance of losing, after the table.
fn write_insurance(out: &mut impl Write, all: &[Insured]) -> std::io::Result<()> {
    let checks =
        || all.iter().flat_map(|(label, names, c)| c.iter().map(move |c| (label, names, c)));
    if checks().next().is_none() {
        return Ok(());
    }
    writeln!(
        out,
        "\nAll-in insurance: the premium over the cover (the chance of losing the room charged for) beside the chance of losing the insured pot counted with exact equity on the board then, from the cards shown:"
    )?;
    for (label, names, c) in checks() {
        let name = names.get(c.player).map_or("?", String::as_str);
        let head = format!(
            "{label} line {}: {name} on the {}: a premium of {:.2} for a cover of {:.2} ({:.2}%)",
            c.line,
            c.street,
            c.premium,
            c.cover,
            c.price() * 100.0
        );
        match &c.not_compared {
            Some(why) => writeln!(out, "  {head}; not compared: {why}")?,
            None if c.fair > 0.0 => writeln!(
                out,
                "  {head}; the chance of losing {:.4}%, a fair premium of {:.4}: the room charged {:.2} times it",
                c.loss * 100.0,
                c.fair,
                c.premium / c.fair
            )?,
            None => writeln!(out, "  {head}; the player could not lose the insured pot")?,
        }
    }
    Ok(())
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
