"""replay and Hand: the reports of `felt replay`, and hands written as PHH text."""

import json
import math
from decimal import Decimal
from pathlib import Path

import pytest

import feltkit

HAND = """variant = 'nlhe'
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
players = ['Ann', 'Bob', 'Cid']
actions = ['d dh p1 7c2d', 'd dh p2 AsAh', 'd dh p3 KsQs', 'p3 cbr 6', 'p1 f', 'p2 cc',
           'd db 9h5c2s', 'p2 cbr 10', 'p3 f']
finishing_stacks = [99, 107, 94]
"""


def test_a_report_carries_the_hands_results_by_hand():
    (r,) = feltkit.replay(HAND, check=True)
    assert (r.status, r.ok, r.checked, r.mismatches) == ("legal", True, True, [])
    # p3 raises to 6, p1 folds (1 in), p2 calls: the pot is 1 + 6 + 6 = 13, and p2's bet of 10
    # on the flop comes back.
    assert r.final_stacks == [99, 107, 94]
    assert r.pots[0]["amount"] == 13 and r.pots[0]["winners"] == ["p2"]
    assert r.uncalled == [0, 10, 0]
    assert r.names == {"p1": "Ann", "p2": "Bob", "p3": "Cid"}
    assert r.text.splitlines()[0] == "<text> (nlhe): legal, results match"
    assert "won by p2 (Bob)" in r.text


def test_reports_equal_felt_replay_json_and_text_on_the_corpus(felt, root):
    files = [
        "tests/data/corpus/pokerkit/NT/0.phh",
        "tests/data/corpus/pokerkit/F7S/7.phh",
        "tests/data/corpus/pokerkit/NS/hands.phhs",
        "tests/data/corpus/phh-real/data/wsop/2023/43/5/85.phh",
    ]
    for name in files:
        js = felt("replay", "--check", "--json", name)
        lines = [json.loads(line) for line in js.stdout.splitlines()]
        reports = feltkit.replay(root / name, check=True, label=name)
        assert [r.to_dict() for r in reports] == lines[:-1], name
        text = felt("replay", "--check", name).stdout
        body = "".join(r.text for r in reports)
        assert text.startswith(body), name


def test_cents_come_back_as_decimals():
    text = HAND.replace("[1, 2, 0]", "[0.50, 1.00, 0]").replace("'p3 cbr 6'", "'p3 cbr 3.25'")
    text = text.replace("'p2 cbr 10'", "'p2 cbr 5'").replace("finishing_stacks = [99, 107, 94]\n", "")
    (r,) = feltkit.replay(text)
    assert r.status == "legal"
    assert r.final_stacks == [Decimal("99.50"), Decimal("103.75"), Decimal("96.75")]


def test_bad_hands_are_reported_not_raised():
    (r,) = feltkit.replay(HAND.replace("'p1 f'", "'p1 cbr 1'"))
    assert r.status == "illegal" and not r.ok
    assert r.illegal_action["number"] == 5
    (m,) = feltkit.replay("variant = 'nlhe'\nstarting_stacks = 'x'\n")
    assert m.status == "malformed"
    assert m.reason


def test_a_path_is_read(tmp_path):
    path = tmp_path / "hand.phh"
    path.write_text(HAND)
    (r,) = feltkit.replay(path, check=True)
    assert r.ok and r.source == str(path)
    (r,) = feltkit.replay(str(path))
    assert r.ok


def test_a_hand_built_in_python_is_written_with_its_results():
    hand = feltkit.Hand(
        "NT",
        [100, 100, 100],
        antes=[0, 0, 0],
        blinds_or_straddles=[1, 2, 0],
        min_bet=2,
        players=["Ann", "Bob", "Cid"],
    )
    for a in ["d dh p1 7c2d", "d dh p2 AsAh", "d dh p3 KsQs", "p3 cbr 6", "p1 f", "p2 cc",
              "d db 9h5c2s", "p2 cbr 10", "p3 f"]:
        hand.act(a)
    text = hand.to_phh(results=True)
    assert "finishing_stacks = [99, 107, 94]" in text
    assert "players = ['Ann', 'Bob', 'Cid']" in text
    (r,) = feltkit.replay(text, check=True)
    assert r.ok and r.checked
    assert hand.replay().final_stacks == [99, 107, 94]
    assert "finishing_stacks" not in hand.to_phh()


def test_a_stack_not_known_at_the_start_is_not_known_at_the_end():
    # p2's stack is not known (`inf`, as the PHH spec writes it): p1 shoves 100 and p2 calls;
    # p2's aces hold, so p1 ends with nothing, p2 with a stack still not known, and p2 wins
    # the pot of 200.
    hand = feltkit.Hand(
        "NT", [100, math.inf],
        ["d dh p1 KsKh", "d dh p2 AsAh", "p2 cc", "p1 cbr 100", "p2 cc",
         "d db 2c7d9h", "d db Jc", "d db 3s"],
        antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
    )
    text = hand.to_phh(results=True)
    assert "finishing_stacks = [0, inf]" in text
    assert "winnings = [0, 200]" in text
    (r,) = feltkit.replay(text, check=True)
    assert r.ok and r.checked
    hand.starting_stacks[1] = "inf"
    assert hand.to_phh(results=True) == text
    hand.antes = [0, math.inf]
    with pytest.raises(feltkit.PhhError, match=r'field `antes\[1\]`: expected an amount'):
        hand.to_phh()


def test_a_five_card_omaha_hand_built_in_python_says_its_hole_cards():
    # Big O (five-card Omaha high-low, pot limit), blinds 1/2. p3 raises the pot to 7, both
    # call: 21. Checked down on 3c 6d 8h Kd Ks. p3's KhKc make four kings (high half, 11 with
    # the odd chip); p1 and p2 both make 8-6-3-2-A and share the low half, 5 each.
    hand = feltkit.Hand(
        "FO/8",
        [100, 100, 100],
        [
            "d dh p1 As2s9cTcJh", "d dh p2 Ad2d9dTdQc", "d dh p3 KhKcJsJcQh",
            "p3 cbr 7", "p1 cc", "p2 cc", "d db 3c6d8h", "p1 cc", "p2 cc", "p3 cc",
            "d db Kd", "p1 cc", "p2 cc", "p3 cc", "d db Ks", "p1 cc", "p2 cc", "p3 cc",
            "p1 sm As2s9cTcJh", "p2 sm Ad2d9dTdQc", "p3 sm KhKcJsJcQh",
        ],
        antes=[0, 0, 0],
        blinds_or_straddles=[1, 2, 0],
        min_bet=2,
        structure="pot-limit",
        hole_cards=5,
    )
    text = hand.to_phh(results=True)
    assert "_structure = 'pot-limit'\n_hole_cards = 5\n" in text
    assert "finishing_stacks = [98, 98, 104]" in text
    # Without the field, the five-card deal is refused at once, saying which field is missing.
    hand.hole_cards = None
    (r,) = feltkit.replay(hand.to_phh())
    assert r.status == "illegal"
    assert "`_hole_cards = 5`" in r.illegal_action["reason"]
    for bad in (3, 7, -1, 2**40, True, 5.0, "5"):
        hand.hole_cards = bad
        with pytest.raises(feltkit.PhhError, match=r"^field `_hole_cards`: expected 4, 5 or 6"):
            hand.to_phh()
    hand.hole_cards, hand.structure = 5, "pot limit"
    with pytest.raises(feltkit.PhhError, match=r"^field `_structure`: expected no-limit"):
        hand.to_phh()


def test_a_bad_hand_raises_phh_error_saying_where():
    with pytest.raises(feltkit.PhhError, match=r'field `actions`: action 2 \("p1 raise 3"\): unknown action `raise`'):
        feltkit.Hand("NT", [100, 100], ["d dh p1 AsAh", "p1 raise 3"]).to_phh()
    with pytest.raises(feltkit.PhhError, match=r"field `starting_stacks\[1\]`: expected an amount"):
        feltkit.Hand("NT", [100, "lots"]).to_phh()
    with pytest.raises(feltkit.PhhError, match=r"field `min_bet`: expected an amount"):
        feltkit.Hand("NT", [100, 100], min_bet=[2]).to_phh()
    unfinished = feltkit.Hand(
        "NT", [100, 100], ["d dh p1 AsAh", "d dh p2 KsKh"], antes=[0, 0],
        blinds_or_straddles=[1, 2], min_bet=2,
    )
    with pytest.raises(feltkit.PhhError, match="the hand has no results: UNFINISHED"):
        unfinished.to_phh(results=True)


def cli_reports(felt, *args, input=None):
    """The hands' objects of `felt replay --json ARGS` (not the summary, nor the lines about
    inputs without hands)."""
    out = felt("replay", "--json", *args, input=input)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert "summary" in lines[-1], out
    return [x for x in lines[:-1] if x["status"] not in ("no_hands", "unreadable")]


def stars_text(root):
    return (root / "tests/data/pokerstars/heads_up.txt").read_text()


def test_pokerstars_text_is_replayed_as_felt_replay_reports_it(felt, root, tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text(stars_text(root))
    (r,) = feltkit.replay(path, check=True)
    # Kai (20) and Lea (15.40) each put in 1.80 before the flop and 2 on it: the pot is 7.60,
    # Kai's river bet of 5 comes back; Kai ends on 20 - 3.80 + 7.60, Lea on 15.40 - 3.80 (the
    # site's rake of 0.38 is noted, not taken from the stacks).
    assert (r.status, r.ok, r.hand, r.source) == ("legal", True, "12001", f"{path} [1]")
    assert r.final_stacks == [Decimal("23.80"), Decimal("11.60")]
    assert r.pots[0]["amount"] == Decimal("7.60") and r.uncalled == [Decimal("5.00"), 0]
    assert [x.to_dict() for x in feltkit.replay(str(path), check=True)] == cli_reports(
        felt, "--check", str(path))
    assert r.text == felt("replay", "--check", str(path)).stdout.split("\n1 hand")[0] + "\n"
    # The same text given as a str is read as the command reads it from standard input.
    (t,) = feltkit.replay(stars_text(root), check=True)
    assert t.source == "<text> [1]" and t.final_stacks == r.final_stacks
    reports = feltkit.replay(stars_text(root), check=True, label="<stdin>")
    cli = cli_reports(felt, "--check", "-", input=stars_text(root))
    assert [x.to_dict() for x in reports] == cli and cli[0]["source"] == "<stdin> [1]"


def test_an_acpc_log_is_replayed_as_felt_replay_reports_it(felt, root):
    name = "tests/data/acpc/limit_2p.log"
    reports = feltkit.replay(root / name, check=True, label=name)
    assert [r.to_dict() for r in reports] == cli_reports(felt, "--check", name)
    # Stacks of 20000; the log's last column: Alice wins 60 in hand 0 (Alice is p1), Bob
    # loses 80 in hand 1 (Bob is p1).
    assert [r.final_stacks for r in reports] == [[20060, 19940], [19920, 20080]]
    assert [r.names["p1"] for r in reports] == ["Alice", "Bob"]
    assert all(r.ok and r.checked for r in reports)


def test_ggpoker_text_is_replayed_and_checked_as_felt_replay_reports_it(felt, root):
    name = "tests/data/ggpoker/cash_nl_side_pots.txt"
    (r,) = feltkit.replay(root / name, check=True, label=name)
    assert [r.to_dict()] == cli_reports(felt, "--check", name)
    # Main pot 3 x 1.10, side pot 2 x 2.10, both to Hero (p1), before rake; the site's rake
    # 0.25 and jackpot 0.10 are noted.
    assert r.ok and r.checked and r.final_stacks == [
        Decimal("7.50"), Decimal("0.00"), Decimal("3.24"), Decimal("5.00")
    ]
    assert any("Jackpot 0.10" in n for n in r.notes), r.notes
    (g,) = feltkit.replay((root / name).read_text(), format="ggpoker", check=True)
    assert g.final_stacks == r.final_stacks


def test_winamax_text_is_replayed_and_checked_as_felt_replay_reports_it(felt, root):
    name = "tests/data/winamax/cash_nl_side_pots.txt"
    (r,) = feltkit.replay(root / name, check=True, label=name)
    assert [r.to_dict()] == cli_reports(felt, "--check", name)
    # Main pot 3 x 8 to Zoe.L (p2), side pot 2 x 4 to tonton_42 (p4), before rake; the
    # site's rake of 1.20 is noted.
    assert r.ok and r.checked and r.final_stacks == [
        Decimal("38.50"), Decimal("24.00"), Decimal("30.00"), Decimal("8.00")
    ]
    assert any("rake 1.20" in n for n in r.notes), r.notes
    (w,) = feltkit.replay((root / name).read_text(), format="winamax", check=True)
    assert w.final_stacks == r.final_stacks


def test_a_directory_is_walked_as_felt_replay_walks_it(felt, root, tmp_path):
    (tmp_path / "a.phh").write_text(HAND)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub/stars.txt").write_text(stars_text(root))
    (tmp_path / "sub/match.log").write_text((root / "tests/data/acpc/limit_2p.log").read_text())
    (tmp_path / "notes.txt").write_text("not a hand history\n")
    (tmp_path / "empty").mkdir()
    reports = feltkit.replay(tmp_path, check=True)
    # In name order: a.phh, then sub/match.log (two hands), then sub/stars.txt; notes.txt is
    # not a hand file and empty/ holds none.
    assert [r.source for r in reports] == [
        str(tmp_path / "a.phh"),
        f"{tmp_path / 'sub/match.log'} [1]",
        f"{tmp_path / 'sub/match.log'} [2]",
        f"{tmp_path / 'sub/stars.txt'} [1]",
    ]
    assert all(r.ok for r in reports)
    assert [r.to_dict() for r in reports] == cli_reports(felt, "--check", str(tmp_path))
    # A label stands for the directory given.
    labelled = feltkit.replay(tmp_path, label="hands")
    assert [r.source for r in labelled][:2] == ["hands/a.phh", "hands/sub/match.log [1]"]
    # A directory of the repository, as the command reads it from the repository's root.
    name = "tests/data/acpc"
    reports = feltkit.replay(root / name, label=name)
    assert [r.to_dict() for r in reports] == cli_reports(felt, name)


def test_a_path_that_cannot_be_read_raises_the_line_of_felt_replay(felt, tmp_path):
    missing = str(tmp_path / "missing.txt")
    line = felt("replay", missing).stdout.splitlines()[0]
    assert line.startswith(f"{missing}: UNREADABLE: ")
    for given in (missing, tmp_path / "missing.txt"):
        with pytest.raises(feltkit.PhhError) as e:
            feltkit.replay(given)
        assert str(e.value) == line
    assert isinstance(e.value, ValueError)


def test_the_format_is_the_one_felt_replay_format_names(felt, root, tmp_path):
    # PokerStars text in a .phh file is read as PHH unless the format says otherwise.
    path = tmp_path / "stars.phh"
    path.write_text(stars_text(root))
    as_phh = feltkit.replay(path)
    assert [r.status for r in as_phh] != ["legal"]
    (r,) = feltkit.replay(path, format="pokerstars", check=True)
    assert r.ok and r.final_stacks == [Decimal("23.80"), Decimal("11.60")]
    assert [r.to_dict()] == cli_reports(felt, "--check", "--format", "pokerstars", str(path))
    assert [x.to_dict() for x in as_phh] == cli_reports(felt, str(path))
    # Every value the command lists is taken, and auto; anything else is refused.
    usage = felt("replay", "--format", "xml", "x").stderr
    values = usage.split("[possible values: ")[1].split("]")[0].split(", ")
    assert values == ["phh", "pokerstars", "ggpoker", "winamax", "partypoker", "party", "888poker", "888", "pacific", "fulltilt", "full-tilt", "ftp", "wpn", "acr", "bovada", "ignition", "bodog", "ongame", "bwin", "betfair", "chico", "betonline", "cake", "kingsclub", "kings-club", "ipoker", "ipoker-xml", "ipn", "merge", "merge-xml", "microgaming", "mpn", "absolute", "ub", "ultimatebet", "everest", "acpc"]
    for value in ["phh", "auto"]:
        assert [r.status for r in feltkit.replay(HAND, format=value)] == ["legal"]
    # PHH read as site text: the format is taken, the text refused as not of that format.
    with pytest.raises(feltkit.PhhError) as e:
        feltkit.replay(HAND, format="pokerstars")
    assert "not PokerStars text" in str(e.value) and "looks like PHH" in str(e.value), str(e.value)
    assert {r.status for r in feltkit.replay(HAND, format="acpc")} == {"malformed"}
    with pytest.raises(feltkit.PhhError) as e:
        feltkit.replay(path, format="xml")
    assert (
        str(e.value)
        == "format: invalid value 'xml' [possible values: auto, phh, pokerstars, ggpoker, winamax, partypoker, party, 888poker, 888, pacific, fulltilt, full-tilt, ftp, wpn, acr, bovada, ignition, bodog, ongame, bwin, betfair, chico, betonline, cake, kingsclub, kings-club, ipoker, ipoker-xml, ipn, merge, merge-xml, microgaming, mpn, absolute, ub, ultimatebet, everest, acpc]"
    )
    with pytest.raises(feltkit.PhhError):
        feltkit.replay(HAND, format="stars")


def test_a_long_text_is_replayed_on_every_core_in_input_order(felt, root):
    # 200 KiB: replayed by the workers, as the command replays it; the reports come in the
    # bundle's order, each as the command writes it for the same text on standard input.
    name = "tests/data/corpus/pokerkit/NS/hands.phhs"
    text = (root / name).read_text()
    assert len(text) > 64 << 10
    reports = feltkit.replay(text, check=True, label="<stdin>")
    cli = cli_reports(felt, "--check", "-", input=text)
    assert len(reports) == len(cli) > 100
    assert [r.to_dict() for r in reports] == cli
    assert [r.line for r in reports] == sorted(r.line for r in reports)


def test_text_or_path_of_another_type_is_refused_saying_what_is_taken():
    for bad, name in ((b"hands.phh", "bytes"), (5, "int"), (None, "NoneType")):
        with pytest.raises(TypeError, match=rf"^text_or_path: expected text \(str\) or a path .*{name}"):
            feltkit.replay(bad)


# p2 folds the big blind heads-up: p1 ends with 101, p2 with 99. No results recorded.
FOLDED = """variant = 'nlhe'
blinds_or_straddles = [1, 2]
starting_stacks = [100, 100]
actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']
"""


def test_check_of_a_hand_without_results_says_nothing_was_recorded():
    r = feltkit.replay(FOLDED, check=True)[0]
    assert (r.status, r.ok, r.checked, r.nothing_recorded) == ("legal", True, False, True)
    assert r.text.splitlines()[0] == "<text> (nlhe): legal, nothing recorded to compare"
    r = feltkit.replay(FOLDED + "finishing_stacks = [101, 99]\n", check=True)[0]
    assert (r.checked, r.nothing_recorded) == (True, False)
    assert not feltkit.replay(FOLDED)[0].nothing_recorded
