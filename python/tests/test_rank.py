"""rank, rank_many and the card byte encoding, checked by hand and against `felt rank`."""

import numpy as np
import pytest

import feltkit


def test_rank_gives_value_category_and_cards_as_felt_rank_does(felt):
    hands = ["AhKhQhJhTh", "2c 3d 4h 5s 7c 8d 9h", "AsAdAcKsKd2h", "7h7d7s7c2c"]
    out = felt("rank", *hands)
    assert out.returncode == 0, out.stderr
    for hand, line in zip(hands, out.stdout.splitlines()):
        cards, category, value = line.split("\t")
        r = feltkit.rank(hand)
        assert (r.cards, r.category, r.value) == (cards, category, int(value))
    # Hand-computed: a royal flush is the best straight flush, class 9 of category 8.
    royal = feltkit.rank("AhKhQhJhTh")
    assert (royal.value, royal.category, royal.key, royal.category_index) == (
        8 << 12 | 9,
        "straight flush",
        "straight_flush",
        8,
    )
    assert feltkit.rank("2c3d4h5s7c").category == "high card"


def test_americana_ranks_a_flush_above_a_full_house():
    flush = feltkit.rank("AhJh9h8h7h", game="americana")
    full = feltkit.rank("AsAdAcKsKd", game="americana")
    assert flush.value > full.value
    assert (flush.category, full.category) == ("flush", "full house")


@pytest.mark.parametrize(
    "hand", ["AhKx", "AhKhQh", "AhAhKhQhJh", "AhKhQhJhTh9h8h7h", "1hKhQhJhTh", ""]
)
def test_a_bad_hand_raises_card_error_with_the_message_of_felt_rank(felt, hand):
    out = felt("rank", hand)
    assert out.returncode == 1
    expected = out.stderr.strip().removeprefix("felt rank: hand 1: ")
    with pytest.raises(feltkit.CardError) as e:
        feltkit.rank(hand)
    assert str(e.value) == expected
    assert isinstance(e.value, ValueError)


def test_an_unknown_ranking_is_refused():
    with pytest.raises(feltkit.CardError, match="expected standard, americana, short-deck"):
        feltkit.rank("AhKhQhJhTh", game="omaha9")


@pytest.mark.parametrize(
    "game, hands",
    [
        ("short-deck", ["6c7c8cTcQc", "AcAdAhKsKd", "Ac6d7h8s9c"]),
        ("omaha", ["AhKhQsJs/2c3c4d5d6s", "Ah3h Kc Kd / Qh 9h 2h 7c 7d"]),
        ("eight-or-better", ["5c4d3h2sAc", "9c4d3h2sAc", "AcKc2d3d/4h5h6s9s8s"]),
        ("razz", ["Ac2d3h4s5c", "AcAd2c2d3c3d4c"]),
        ("2-7", ["7c5d4h3s2c", "Ac5d4h3s2c", "6c5d4h3s2c"]),
        ("badugi", ["Ac2d3h4s", "2s3s4d7h", "AsAd3h3c", "KcKdKhKs"]),
    ],
)
def test_every_ranking_names_and_values_hands_as_felt_rank_does(felt, game, hands):
    out = felt("rank", "--game", game, *hands)
    assert out.returncode == 0, out.stderr
    for hand, line in zip(hands, out.stdout.splitlines()):
        cards, name, value = line.split("\t")
        r = feltkit.rank(hand, game=game)
        assert (r.cards, r.category, r.value) == (cards, name, int(value))
        assert feltkit.CLASS_KEYS[r.code] == r.key


def test_every_ranking_has_its_name_in_rankings():
    assert feltkit.RANKINGS == (
        "standard",
        "americana",
        "short-deck",
        "omaha",
        "eight-or-better",
        "ace-five",
        "deuce-seven",
        "badugi",
    )
    # Hand-worked: the wheel in razz, 7-5-4-3-2 in 2-7, no low, a three-card badugi.
    assert feltkit.rank("5c4d3h2sAc", game="ace-five").category == "5-4-3-2-A low"
    assert feltkit.rank("7c5d4h3s2c", game="deuce-seven").category == "7-5-4-3-2 low"
    no_low = feltkit.rank("9c4d3h2sAc", game="eight-or-better")
    assert (no_low.key, no_low.value, no_low.code) == ("no_low", 0, 10)
    assert feltkit.rank("2s3s4d7h", game="badugi").key == "three_card_badugi"
    with pytest.raises(feltkit.CardError, match="HOLE/BOARD"):
        feltkit.rank("AhKhQsJs2c3c4d5d6s", game="omaha")


@pytest.mark.parametrize(
    "game, hole, hands",
    [
        ("razz", None, ["Ac2d3h4s5c", "AcAd2c2d3c", "Kc9d7h4s2c"]),
        ("badugi", None, ["Ac2d3h4s", "2s3s4d7h", "KcKdKhKs"]),
        ("americana", None, ["AhJh9h8h7h", "AsAdAcKsKd"]),
        ("omaha", 4, ["AhKhQsJs2c3c4d5d6s", "Ah3hKcKdQh9h2h7c7d"]),
        ("eight-or-better", 4, ["AcKc2d3d4h5h6s9s8s", "AcKc2d3d9h9sTsJsQs"]),
    ],
)
def test_rank_many_ranks_every_ranking_as_rank_does(game, hole, hands):
    a = feltkit.cards_array(hands)
    values, codes = feltkit.rank_many(a, game=game, hole=hole)
    assert values.dtype == np.uint32 and codes.dtype == np.uint8
    for i, hand in enumerate(hands):
        text = hand if hole is None else hand[: 2 * hole] + "/" + hand[2 * hole :]
        r = feltkit.rank(text, game=game)
        assert (int(values[i]), int(codes[i])) == (r.value, r.code)


def test_rank_many_of_another_ranking_names_the_bad_row():
    a = feltkit.cards_array(["AhKhQsJs2c3c4d5d6s", "AhKhQsJs2c3c4d5d6s"])
    with pytest.raises(feltkit.CardError, match="hole=N"):
        feltkit.rank_many(a, game="omaha")
    a = np.array([[48, 1, 6, 11], [48, 1, 6, 6]], dtype=np.uint8)  # Ac 2d 3h 4s; Ac 2d 3h 3h
    with pytest.raises(feltkit.CardError, match="row 1: 3h appears twice"):
        feltkit.rank_many(a, game="badugi")


def test_card_bytes_are_rank_times_four_plus_suit():
    assert feltkit.card_bytes("2c2d2h2s") == bytes([0, 1, 2, 3])
    assert feltkit.card_bytes("AhAs Td") == bytes([50, 51, 33])
    a = feltkit.cards_array(["AhKhQhJhTh", "2c3c4c5c7d"])
    assert a.dtype == np.uint8 and a.shape == (2, 5)
    assert a[1].tolist() == [0, 4, 8, 12, 21]
    assert feltkit.cards_array([]).shape == (0, 7)


def test_cards_array_names_the_bad_hand():
    with pytest.raises(feltkit.CardError, match=r"hand 1 \('AhKz'\): card 2"):
        feltkit.cards_array(["AhKh", "AhKz"])
    with pytest.raises(feltkit.CardError, match="hand 1 .*: 3 cards, but hand 0 has 2"):
        feltkit.cards_array(["AhKh", "AhKhQh"])


def random_hands(n, k, seed=7):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_rank_many_equals_rank_row_by_row(k):
    cards = random_hands(2000, k)
    values, cats = feltkit.rank_many(cards)
    assert values.dtype == np.uint16 and cats.dtype == np.uint8
    assert values.shape == cats.shape == (2000,)
    for i in range(0, 2000, 97):
        text = "".join(
            "23456789TJQKA"[b // 4] + "cdhs"[b % 4] for b in cards[i].tolist()
        )
        r = feltkit.rank(text)
        assert (values[i], feltkit.CATEGORIES[cats[i]]) == (r.value, r.category)
    assert (values >> 12 == cats).all()


@pytest.mark.parametrize("k", [5, 6, 7])
def test_rank_many_without_the_check_gives_the_same_values_for_good_rows(k):
    cards = random_hands(3000, k, seed=k)
    checked = feltkit.rank_many(cards)
    trusted = feltkit.rank_many(cards, check=False)
    assert (checked[0] == trusted[0]).all() and (checked[1] == trusted[1]).all()
    # A bad row is not refused, and nothing breaks: any byte is safe.
    cards[0, :] = 255
    feltkit.rank_many(cards, check=False)


def test_rank_many_writes_into_given_arrays():
    cards = random_hands(1000, 7)
    values = np.full(1000, 7, dtype=np.uint16)
    cats = np.full(1000, 7, dtype=np.uint8)
    got = feltkit.rank_many(cards, out=(values, cats))
    expected = feltkit.rank_many(cards)
    assert got[0] is values and got[1] is cats
    assert (values == expected[0]).all() and (cats == expected[1]).all()
    with pytest.raises(feltkit.CardError, match="out: arrays of 999 and 1000 slots, expected 1000"):
        feltkit.rank_many(cards, out=(values[:999], cats))
    with pytest.raises(feltkit.CardError, match="out: the arrays must be contiguous"):
        feltkit.rank_many(cards[:500], out=(np.zeros(1000, dtype=np.uint16)[::2], cats[:500]))


def test_rank_many_takes_non_contiguous_arrays_and_any_thread_count():
    cards = random_hands(500, 7)
    wide = np.zeros((500, 14), dtype=np.uint8)
    wide[:, ::2] = cards
    strided = wide[:, ::2]
    assert not strided.flags["C_CONTIGUOUS"]
    expected = feltkit.rank_many(cards)
    # Column order (Fortran): one block of memory, but its bytes are columns, not rows.
    fortran = np.asfortranarray(cards)
    assert fortran.flags["F_CONTIGUOUS"] and not fortran.flags["C_CONTIGUOUS"]
    for got in (
        feltkit.rank_many(strided),
        feltkit.rank_many(cards, threads=1),
        feltkit.rank_many(fortran),
        feltkit.rank_many(fortran, check=False),
        feltkit.rank_many(np.ascontiguousarray(cards.T).T),
    ):
        assert (got[0] == expected[0]).all() and (got[1] == expected[1]).all()
    # A royal flush in a column-ordered array is still a royal flush.
    royal = np.asfortranarray(np.array([[48, 44, 40, 36, 32, 0, 1], [2, 3, 5, 6, 9, 13, 17]], np.uint8))
    values, categories = feltkit.rank_many(royal)
    assert feltkit.CATEGORIES[categories[0]] == "straight flush"
    assert values[1] == feltkit.rank("2h2s3d3h4d5d6d").value


def test_rank_many_category_counts_over_all_seven_card_hands_match_the_known_frequencies():
    # Frequencies of the 133,784,560 seven-card hands scaled by a random sample would be
    # noisy; instead check a fixed hand of each category.
    hands = [
        "2c3d4h5s7c9dJh", "2c2d4h5s7c9dJh", "2c2d4h4s7c9dJh", "2c2d2h5s7c9dJh",
        "2c3d4h5s6c9dJh", "2h4h6h8hTh3cKd", "2c2d2h5s5c9dJh", "2c2d2h2s7c9dJh",
        "2h3h4h5h6h9dJc",
    ]
    _, cats = feltkit.rank_many(feltkit.cards_array(hands))
    assert cats.tolist() == list(range(9))


def test_rank_many_reports_the_first_bad_row_and_column():
    cards = random_hands(10, 7)
    cards[4, 2] = 52
    cards[6, 1] = cards[6, 0]
    with pytest.raises(feltkit.CardError, match=r"row 4, column 2: byte 52 is not a card"):
        feltkit.rank_many(cards)
    cards[4, 2] = cards[4, 3]
    with pytest.raises(feltkit.CardError, match=r"row 4, column 3: .. appears twice"):
        feltkit.rank_many(cards)
    with pytest.raises(feltkit.CardError, match="4 columns: expected 5, 6 or 7"):
        feltkit.rank_many(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(TypeError, match=r"expected a NumPy uint8 array .* got an array of int64 of shape \(3, 7\)"):
        feltkit.rank_many(np.zeros((3, 7), dtype=np.int64))
    with pytest.raises(TypeError, match=r"got a list$"):
        feltkit.rank_many([[0, 1, 2, 3, 4]])
    with pytest.raises(feltkit.CardError, match="threads: 0 is out of range"):
        feltkit.rank_many(random_hands(3, 7), threads=0)


def test_negative_threads_raise_value_error_naming_the_argument_and_range():
    # Once a bare OverflowError naming nothing.
    with pytest.raises(feltkit.CardError) as e:
        feltkit.rank_many(random_hands(3, 7), threads=-1)
    assert str(e.value) == "threads: -1 is out of range: expected a whole number from 1 to 256"
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("width", [5, 6, 7])
def test_every_bad_row_is_found_wherever_it_lies_in_the_array(width):
    # The seven-card check compares sixteen rows at a time in vector lanes, and the rows near
    # the end of each block of 4,096 one by one: a duplicate card of every pair of columns, and
    # a byte above 51 in every column, at every place of a sixteen-row run, of a block's end and
    # of the array's end, must be found and named (the oracle: a plain check of the row).
    n = 4096 + 70
    good = random_hands(n, width)
    assert feltkit.rank_many(good)[0].shape == (n,)
    rows = sorted(set(range(0, 40)) | set(range(4080, 4110)) | set(range(n - 20, n)))
    pairs = [(i, j) for i in range(width) for j in range(i + 1, width)]
    for k, row in enumerate(rows):
        i, j = pairs[k % len(pairs)]
        cards = good.copy()
        cards[row, j] = cards[row, i]
        with pytest.raises(feltkit.CardError, match=rf"^row {row}, column {j}: .. appears twice$"):
            feltkit.rank_many(cards)
        cards = good.copy()
        col = k % width
        cards[row, col] = 52 + (k * 37) % 204
        with pytest.raises(feltkit.CardError, match=rf"^row {row}, column {col}: byte {cards[row, col]} "):
            feltkit.rank_many(cards)
    # Every pair of columns at every place of a sixteen-row run, and in rows checked alone.
    for row in list(range(32, 48)) + [4095, n - 3]:
        for i, j in pairs:
            cards = good.copy()
            cards[row, i] = cards[row, j]
            with pytest.raises(feltkit.CardError, match=rf"^row {row}, column {j}: .. appears twice$"):
                feltkit.rank_many(cards)
