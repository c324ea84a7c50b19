"""The provably fair dice (`FairRng`) and the choice of derivation per table (`table_rng`)."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

from bot.games.rng import FairRng, SeededRng, commitment, table_rng


def rolls(rng, n=60, high=6):
    return [rng.randint(1, high) for _ in range(n)]


def test_the_same_seeds_give_the_same_dice_and_each_seed_matters():
    base = rolls(FairRng("secret", ["alice-seed", "bob-seed"], 3))
    assert base == rolls(FairRng("secret", ["alice-seed", "bob-seed"], 3))
    assert base != rolls(FairRng("secret", ["alice-seed", "bob-other"], 3)), "a client seed changes the dice"
    assert base != rolls(FairRng("secret", ["bob-seed", "alice-seed"], 3))
    assert base != rolls(FairRng("other", ["alice-seed", "bob-seed"], 3)), "the secret seed changes the dice"
    assert base != rolls(FairRng("secret", ["alice-seed", "bob-seed"], 4)), "every move has its own dice"


def test_each_die_is_hmac_sha256_with_rejection_of_the_biased_tail():
    digest = hmac.new(b"k", b"c1:c2:7:0", hashlib.sha256).digest()
    words = [int.from_bytes(digest[i:i + 4], "big") for i in range(0, 32, 4)]
    rng = FairRng("k", ["c1", "c2"], 7)
    assert [rng.randint(1, 6) for _ in range(8)] == [1 + w % 6 for w in words]  # 2**32 // 6 * 6: rarely hit
    limit = (1 << 32) // 7 * 7
    assert limit < 1 << 32  # values from `limit` up would favour low results: they are drawn again


def test_the_dice_are_uniform():
    counts = Counter(rolls(FairRng("u", ["a"], 0), n=60_000))
    assert set(counts) == set(range(1, 7))
    assert all(abs(c - 10_000) < 400 for c in counts.values()), counts  # about 4 standard deviations


def test_tables_without_client_seeds_keep_the_old_dice():
    assert rolls(table_rng("seed", None, 5)) == rolls(SeededRng("seed", 5))
    assert rolls(table_rng("seed", ["x"], 5)) == rolls(FairRng("seed", ["x"], 5))


def test_the_commitment_is_the_sha256_of_the_seed():
    assert commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
