import numpy as np
import pytest

from mmperf import seeds


def test_same_names_give_the_same_stream():
    a = seeds.rng("taylor1993", "loss", 3).random(5)
    b = seeds.rng("taylor1993", "loss", 3).random(5)
    assert np.array_equal(a, b)


def test_different_names_give_independent_streams():
    a = seeds.rng("taylor1993", "loss", 3).random(1000)
    b = seeds.rng("taylor1993", "loss", 4).random(1000)
    c = seeds.rng("taylor1993loss", 3).random(1000)
    assert not np.array_equal(a, b)
    assert not np.array_equal(a, c)
    # independent streams: correlation near zero
    assert abs(np.corrcoef(a, b)[0, 1]) < 0.1


def test_root_seed_changes_every_stream():
    a = seeds.rng("x", root=1).random(3)
    b = seeds.rng("x", root=2).random(3)
    assert not np.array_equal(a, b)


def test_int_seed_is_stable_and_32_bit():
    s = seeds.int_seed("huynh1994", 0)
    assert s == seeds.int_seed("huynh1994", 0)
    assert 0 <= s < 2**32


@pytest.mark.parametrize("bad", [1.5, None, -1, True, ("a",)])
def test_bad_keys_are_rejected_with_a_clear_error(bad):
    with pytest.raises((TypeError, ValueError), match="key"):
        seeds.rng("paper", bad)


def test_no_key_is_an_error():
    with pytest.raises(ValueError, match="at least one key"):
        seeds.rng()


@pytest.mark.parametrize("bad", [-1, 2**63, 2**64])
def test_root_seeds_outside_the_range_are_refused(bad):
    with pytest.raises(ValueError, match=r"seed must be a whole number in 0\.\.9223372036854775807"):
        seeds.check_seed(bad)
    with pytest.raises(ValueError, match="root must be"):
        seeds.rng("x", root=bad)


@pytest.mark.parametrize("bad", [None, 1.0, float("nan"), float("inf"), True, "7"])
def test_root_seeds_of_the_wrong_type_are_refused(bad):
    with pytest.raises(TypeError, match="seed must be a whole number"):
        seeds.check_seed(bad)


def test_the_largest_seed_is_accepted_and_does_not_alias():
    top = seeds.rng("x", root=seeds.MAX_SEED).random(3)
    assert not np.array_equal(top, seeds.rng("x", root=0).random(3))
    assert seeds.check_seed(np.int64(7)) == 7


@pytest.mark.parametrize("text", ["", "  "])
def test_an_empty_environment_variable_means_the_default(monkeypatch, text):
    monkeypatch.setenv(seeds.ENV_VAR, text)
    assert seeds.root_from_env() == seeds.DEFAULT_ROOT_SEED


@pytest.mark.parametrize("text", ["-1", "1e3", "seven", "9223372036854775808", "nan"])
def test_a_bad_environment_variable_is_refused_by_name(monkeypatch, text):
    monkeypatch.setenv(seeds.ENV_VAR, text)
    with pytest.raises(ValueError, match="MMPERF_SEED must be a whole number"):
        seeds.root_from_env()


def test_use_sets_the_root_of_every_stream_and_says_so(monkeypatch):
    monkeypatch.setattr(seeds, "ROOT_SEED", seeds.DEFAULT_ROOT_SEED)
    monkeypatch.setenv(seeds.ENV_VAR, "")  # recorded, so use() below cannot leak into later tests
    default = seeds.rng("x").random(3)
    assert "the book's default" in seeds.use(None)._repr_markdown_()
    stated = seeds.use(7)
    assert int(stated) == 7 and "root seed **7**" in stated._repr_markdown_()
    assert np.array_equal(seeds.rng("x").random(3), seeds.rng("x", root=7).random(3))
    assert not np.array_equal(seeds.rng("x").random(3), default)
    import os

    assert os.environ[seeds.ENV_VAR] == "7"  # worker processes inherit it
