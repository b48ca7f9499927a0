//! `felt luck --svg` and `--html`: one player's graph of won and all-in adjusted won against
//! hands played ([`feltkit::luck::graph`]), the player chosen with `--player`.

use std::collections::HashMap;
use std::path::Path;

use anyhow::bail;
use feltkit::luck::graph::{self, Graph, Unit};
use feltkit::luck::{HandLuck, Ledger, PlayerLuck};
use feltkit::picture;
use feltkit::text::count;

/// The player of the graph and their hands so far, in the order read.
pub struct Picker {
    /// `--player`, when given.
    wanted: Option<String>,
    unit: Unit,
    /// Without `--player`: the first name met, and whether another was met since.
    first: Option<String>,
    others: bool,
    /// Whether the player was in a hand (with `--bb`, their hands without a big blind are not
    /// drawn).
    seen: bool,
    graph: Graph,
}

impl Picker {
    /// A graph of `player` (without one: the only player of the hands), in `unit`.
    pub fn new(player: Option<String>, unit: Unit) -> Picker {
        Picker {
            wanted: player,
            unit,
            first: None,
            others: false,
            seen: false,
            graph: Graph::default(),
        }
    }

    /// Adds the player's results in the next hand read, if they played it.
    pub fn add(&mut self, luck: &HandLuck) {
        for (i, name) in luck.players.iter().enumerate() {
            let ours = match &self.wanted {
                Some(w) => w == name,
                None => match &self.first {
                    None => {
                        self.first = Some(name.clone());
                        true
                    }
                    Some(f) if f == name => true,
                    Some(_) => {
                        self.others = true;
                        false
                    }
                },
            };
            if !ours {
                continue;
            }
            self.seen = true;
            let (won, expected) = (luck.net[i], luck.expected[i]);
            match self.unit {
                Unit::Chips => self.graph.add(won, expected),
                Unit::BigBlinds if luck.big_blind > 0.0 => {
                    self.graph.add(won / luck.big_blind, expected / luck.big_blind)
                }
                Unit::BigBlinds => {}
            }
        }
    }

    /// Writes the graph to the files asked for (each checked already), whole or not at all;
    /// an error when the hands do not say whose graph to draw.
    pub fn write(
        self,
        ledger: &Ledger,
        svg: Option<&Path>,
        html: Option<&Path>,
    ) -> anyhow::Result<()> {
        let player = match (&self.wanted, &self.first) {
            (Some(w), _) if !self.seen => bail!(
                "--player {w}: no hand has a player of that name; the players with the most \
                 hands: {}",
                most_hands(ledger)
            ),
            (Some(w), _) => w.clone(),
            (None, _) if self.others => bail!(
                "--svg and --html draw one player, and the hands have {}: name one with \
                 --player NAME; the players with the most hands: {}",
                count(players(ledger).len(), "player", "players"),
                most_hands(ledger)
            ),
            (None, Some(f)) => f.clone(),
            (None, None) => bail!("no hand was counted: there is no graph to draw"),
        };
        if self.graph.hands() == 0 {
            bail!(
                "--bb: no hand of {player} has a big blind: draw the graph in the hands' units \
                 (without --bb)"
            );
        }
        let picture = graph::svg(&self.graph, &player, self.unit);
        if let Some(path) = svg {
            super::range::write_atomic(path, "--svg", picture.as_bytes())?;
        }
        if let Some(path) = html {
            let title = format!("felt luck: {player}");
            let page = picture::html(&picture, &title, &table(ledger, &player));
            super::range::write_atomic(path, "--html", page.as_bytes())?;
        }
        Ok(())
    }
}

/// Each player's name and hands, in the order met, over every group.
fn players(ledger: &Ledger) -> Vec<(&str, u64)> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut out: Vec<(&str, u64)> = Vec::new();
    for p in &ledger.players {
        match index.get(p.name.as_str()) {
            Some(&k) => out[k].1 += p.hands,
            None => {
                index.insert(&p.name, out.len());
                out.push((&p.name, p.hands));
            }
        }
    }
    out
}

/// The five players with the most hands, most first: `Hero (1200 hands), Villain (300 hands)`.
fn most_hands(ledger: &Ledger) -> String {
    let mut all = players(ledger);
    all.sort_by_key(|p| std::cmp::Reverse(p.1));
    let mut listed: Vec<String> =
        all.iter().take(5).map(|(n, h)| format!("{n} ({})", count(*h, "hand", "hands"))).collect();
    if all.len() > 5 {
        listed.push(format!("and {} more", all.len() - 5));
    }
    listed.join(", ")
}

/// The player's rows of the table, as HTML.
fn table(ledger: &Ledger, player: &str) -> String {
    let bb = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:+.2}"));
    let group = |p: &PlayerLuck| {
        [&p.game, &p.stake, &p.session]
            .iter()
            .filter_map(|g| g.as_deref())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let rows: Vec<Vec<String>> = ledger
        .players
        .iter()
        .filter(|p| p.name == player)
        .map(|p| {
            vec![
                group(p),
                p.hands.to_string(),
                p.all_in.to_string(),
                format!("{:+.2}", p.net),
                format!("{:+.2}", p.expected),
                format!("{:+.2}", p.luck()),
                bb(p.net_bb_per_100()),
                bb(p.expected_bb_per_100()),
                bb(p.luck_bb_per_100()),
            ]
        })
        .collect();
    let head = [
        "group",
        "hands",
        "all-in",
        "won",
        "all-in EV",
        "luck",
        "won bb/100",
        "EV bb/100",
        "luck bb/100",
    ];
    let grouped = ledger.by_game || ledger.by_stake || ledger.by_session.is_some();
    let (head, rows): (&[&str], Vec<Vec<String>>) = if grouped {
        (&head, rows)
    } else {
        (&head[1..], rows.into_iter().map(|r| r[1..].to_vec()).collect())
    };
    picture::html_table(player, head, &rows)
}
