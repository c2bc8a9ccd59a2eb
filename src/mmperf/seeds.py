"""All randomness of the book flows from here.

Every simulation asks for its generator with :func:`rng`, naming what it is
for (a paper, an experiment, a replication). The stream depends only on
:data:`ROOT_SEED` and those names, so two builds give the same numbers, a
replication can be rerun alone, and adding a new experiment never shifts the
streams of the others.

The root seed is the book's default, :data:`DEFAULT_ROOT_SEED`, unless the
environment variable ``MMPERF_SEED`` names another (``MMPERF_SEED=7 make book``)
or a chapter's ``seed`` parameter does (:func:`use`). A seed is a whole number
in ``0 .. 2**63 - 1``; anything else is refused, so two seeds never alias.
"""

from __future__ import annotations

import hashlib
import math
import os

import numpy as np

__all__ = [
    "DEFAULT_ROOT_SEED", "MAX_SEED", "ENV_VAR", "check_seed", "parse_seed", "root_from_env",
    "ROOT_SEED", "JUDGING_SEEDS", "judging_seeds", "RootSeed", "use", "seed_sequence", "rng", "int_seed"
]

DEFAULT_ROOT_SEED = 20261121
"""The book's own root seed: the committed chapters ran with it."""

MAX_SEED = 2**63 - 1
"""The largest root seed accepted."""

ENV_VAR = "MMPERF_SEED"
"""Environment variable that sets the root seed of a build or a kernel."""


def check_seed(seed, *, name: str = "seed") -> int:
    """Validate a root seed: a whole number in ``0 .. 2**63 - 1``.

    Parameters
    ----------
    seed : int
        The seed (a Python or numpy integer; a float with an integral value is refused too,
        so ``7.5`` and ``7.0`` cannot stand for a seed).
    name : str, default "seed"
        The parameter's name, for the error message.

    Returns
    -------
    int
        ``seed`` as a Python int.

    Raises
    ------
    TypeError
        If ``seed`` is not an integer (``None``, a bool, a float, NaN or a string).
    ValueError
        If ``seed`` is outside ``0 .. 2**63 - 1``.

    Examples
    --------
    >>> check_seed(7)
    7
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    ValueError: seed must be a whole number in 0..9223372036854775807, got -1
    """
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        shown = "NaN" if isinstance(seed, float) and math.isnan(seed) else repr(seed)
        raise TypeError(f"{name} must be a whole number in 0..{MAX_SEED}, got {type(seed).__name__} {shown}")
    seed = int(seed)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{name} must be a whole number in 0..{MAX_SEED}, got {seed}")
    return seed


def parse_seed(text: str, *, name: str = ENV_VAR) -> int:
    """A root seed from text (an environment variable or a command-line option).

    Parameters
    ----------
    text : str
        The seed as decimal digits (surrounding whitespace is ignored).
    name : str, default "MMPERF_SEED"
        Where the text came from, for the error message.

    Returns
    -------
    int
        The root seed, a whole number in ``0 .. 2**63 - 1``.

    Raises
    ------
    ValueError
        If ``text`` is not a decimal whole number in ``0 .. 2**63 - 1``.
    """
    stripped = str(text).strip()
    if not stripped.isdigit():
        raise ValueError(f"{name} must be a whole number in 0..{MAX_SEED}, got {text!r}")
    try:
        return check_seed(int(stripped), name=name)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a whole number in 0..{MAX_SEED}, got {text!r}") from None


def root_from_env() -> int:
    """The root seed ``$MMPERF_SEED`` names, or :data:`DEFAULT_ROOT_SEED` when it is unset or empty.

    Returns
    -------
    int
        The root seed, a whole number in ``0 .. 2**63 - 1``.

    Raises
    ------
    ValueError
        If ``$MMPERF_SEED`` is not a whole number in ``0 .. 2**63 - 1``.
    """
    text = os.environ.get(ENV_VAR, "")
    return DEFAULT_ROOT_SEED if text.strip() == "" else parse_seed(text)


ROOT_SEED = root_from_env()
"""The root seed of this process: ``$MMPERF_SEED`` if set, else :data:`DEFAULT_ROOT_SEED`."""


JUDGING_SEEDS = 10
"""How many independent root seeds every stochastic verdict rests on."""


def judging_seeds(n: int = JUDGING_SEEDS, *, root: int | None = None) -> tuple[int, ...]:
    """The root seeds a chapter's claims are judged under: the chapter's own root seed first.

    Parameters
    ----------
    n : int, default :data:`JUDGING_SEEDS`
        How many seeds (at least 1).
    root : int, optional
        The first seed (default :data:`ROOT_SEED`); the others follow it, ``root + 1, root + 2, ...``
        (each a different entropy for :class:`numpy.random.SeedSequence`, so independent streams).

    Returns
    -------
    tuple of int
        ``n`` root seeds, ``root`` first, then ``root + 1, root + 2, ...`` (modulo ``2**63``).

    Raises
    ------
    ValueError
        If ``n`` is not a whole number from 1 to 10,000,000, or ``root`` is not a valid seed.

    Examples
    --------
    >>> judging_seeds(3, root=7)
    (7, 8, 9)
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n must be a whole number >= 1, got {n!r}")
    root = ROOT_SEED if root is None else check_seed(root, name="root")
    if n > 10**7:
        raise ValueError(f"n must be at most 10,000,000 seeds (a tuple of them must fit in memory), got {n!r}")
    return tuple((root + i) % (MAX_SEED + 1) for i in range(int(n)))


class RootSeed(int):
    """The root seed a chapter runs with; displays as a sentence saying so."""

    def _repr_markdown_(self) -> str:
        which = "the book's default" if self == DEFAULT_ROOT_SEED else f"the book's default is {DEFAULT_ROOT_SEED}"
        return f"This chapter ran with root seed **{int(self)}** ({which})."

    def __repr__(self) -> str:
        return f"root seed {int(self)}"


def use(seed=None) -> RootSeed:
    """Set the root seed of this process (a chapter's ``seed`` parameter) and return it.

    Parameters
    ----------
    seed : int, optional
        The root seed; ``None`` keeps the current one (``$MMPERF_SEED`` or the default).

    Returns
    -------
    RootSeed
        The root seed now in force; as a cell's last expression it states it.

    Raises
    ------
    TypeError, ValueError
        As :func:`check_seed`.

    Examples
    --------
    >>> import mmperf.seeds as seeds
    >>> int(seeds.use(None)) == seeds.ROOT_SEED
    True
    """
    global ROOT_SEED
    if seed is not None:
        ROOT_SEED = check_seed(seed)
        os.environ[ENV_VAR] = str(ROOT_SEED)  # worker processes started later draw the same streams
    return RootSeed(ROOT_SEED)


def _key_words(key: object) -> list[int]:
    if isinstance(key, (bool, np.bool_)) or not isinstance(key, (str, int, np.integer)):
        raise TypeError(
            f"rng key must be a str or a non-negative int, got {type(key).__name__}: {key!r}"
        )
    if isinstance(key, (int, np.integer)):
        if not 0 <= key < 2**64:
            # a key is two 32-bit words: a larger int would alias a smaller one (2**64 is 0)
            raise ValueError(f"rng key must be a whole number in 0..2**64 - 1, got {key}")
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
        Overrides :data:`ROOT_SEED` (for a researcher drawing fresh streams);
        a whole number in ``0 .. 2**63 - 1``.

    Returns
    -------
    numpy.random.SeedSequence
        Entropy ``root``, spawn key made of the keys' words: the same keys and root give the same stream in every process.

    Raises
    ------
    TypeError
        If a key is not a str or an int.
    ValueError
        If no key is given, an int key is outside ``0 .. 2**64 - 1`` or ``root`` is out of range.
    """
    if not keys:
        raise ValueError("rng needs at least one key naming the stream, e.g. rng('taylor1993')")
    words: list[int] = []
    for key in keys:
        words.extend(_key_words(key))
        words.append(0x9E3779B9)  # separator: ("ab",) and ("a", "b") differ
    root = ROOT_SEED if root is None else check_seed(root, name="root")
    return np.random.SeedSequence(root, spawn_key=tuple(words))


def rng(*keys: str | int, root: int | None = None) -> np.random.Generator:
    """Return a fresh, independent :class:`numpy.random.Generator` for a named stream.

    Parameters
    ----------
    *keys : str or int
        Names of the stream, most general first (as :func:`seed_sequence`).
    root : int, optional
        Overrides :data:`ROOT_SEED`; a whole number in ``0 .. 2**63 - 1``.

    Returns
    -------
    numpy.random.Generator
        A PCG64 generator seeded with :func:`seed_sequence` of ``keys`` and ``root``: the same
        keys and root give the same draws in every process.

    Raises
    ------
    TypeError, ValueError
        As :func:`seed_sequence`.

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
    """Return a 32-bit integer seed for a named stream.

    For SimPy or numba code that wants a plain integer rather than a generator.

    Parameters
    ----------
    *keys : str or int
        Names of the stream, most general first (as :func:`seed_sequence`).
    root : int, optional
        Overrides :data:`ROOT_SEED`; a whole number in ``0 .. 2**63 - 1``.

    Returns
    -------
    int
        The first 32-bit word of the stream's :class:`numpy.random.SeedSequence` state
        (``0 .. 2**32 - 1``).

    Raises
    ------
    TypeError, ValueError
        As :func:`seed_sequence`.
    """
    return int(seed_sequence(*keys, root=root).generate_state(1)[0])
