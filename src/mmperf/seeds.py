"""All randomness of the book flows from here.

Every simulation asks for its generator with :func:`rng`, naming what it is
for (a paper, an experiment, a replication). The stream depends only on
:data:`ROOT_SEED` and those names, so two builds give the same numbers, a
replication can be rerun alone, and adding a new experiment never shifts the
streams of the others.
"""

from __future__ import annotations

import hashlib

import numpy as np

ROOT_SEED = 20261121
"""The one seed of the whole book. Change it to draw a fresh set of replications."""


def _key_words(key: object) -> list[int]:
    if isinstance(key, (bool, np.bool_)) or not isinstance(key, (str, int, np.integer)):
        raise TypeError(
            f"rng key must be a str or a non-negative int, got {type(key).__name__}: {key!r}"
        )
    if isinstance(key, (int, np.integer)):
        if key < 0:
            raise ValueError(f"rng key must be a non-negative int, got {key}")
        return [int(key) & 0xFFFFFFFF, int(key) >> 32 & 0xFFFFFFFF]
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return [int.from_bytes(digest[i : i + 4], "little") for i in range(0, 16, 4)]


def seed_sequence(*keys: str | int, root: int | None = None) -> np.random.SeedSequence:
    """Return the :class:`numpy.random.SeedSequence` for a named stream.

    Parameters
    ----------
    *keys : str or int
        Names of the stream, most general first, e.g. ``("taylor1993",
        "random-loss", 3)``. Strings are hashed with SHA-256 (not Python's
        salted ``hash``), so the stream is the same in every process.
    root : int, optional
        Overrides :data:`ROOT_SEED` (for a researcher drawing fresh streams).

    Returns
    -------
    numpy.random.SeedSequence

    Raises
    ------
    TypeError
        If a key is not a str or an int.
    ValueError
        If no key is given or an int key is negative.
    """
    if not keys:
        raise ValueError("rng needs at least one key naming the stream, e.g. rng('taylor1993')")
    words: list[int] = []
    for key in keys:
        words.extend(_key_words(key))
        words.append(0x9E3779B9)  # separator: ("ab",) and ("a", "b") differ
    return np.random.SeedSequence(ROOT_SEED if root is None else root, spawn_key=tuple(words))


def rng(*keys: str | int, root: int | None = None) -> np.random.Generator:
    """Return a fresh, independent :class:`numpy.random.Generator` for a named stream.

    Examples
    --------
    >>> from mmperf.seeds import rng
    >>> a = rng("example", 1).integers(0, 100, 3)
    >>> b = rng("example", 1).integers(0, 100, 3)
    >>> bool((a == b).all())
    True
    """
    return np.random.default_rng(seed_sequence(*keys, root=root))


def int_seed(*keys: str | int, root: int | None = None) -> int:
    """Return a 32-bit integer seed for a named stream (for SimPy or numba code
    that wants a plain integer)."""
    return int(seed_sequence(*keys, root=root).generate_state(1)[0])
