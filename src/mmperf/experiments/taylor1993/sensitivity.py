"""Which of the Taylor & Polyzos (1993) verdicts depend on the book's unforced assumptions.

The paper fixes neither the sender's group size ("generally 2 or 3", larger at times on the
DECstations), nor the variability of the receiving host's costs, and sent 100 or 200 frames; the
book picks g = 2, a coefficient of variation of 0.2 per packet and 0.1 per frame, and 100 frames.
:func:`sensitivity` reruns the testbed part of the chapter with each choice changed and judges
every claim again under the same seed.
"""

from __future__ import annotations

import pandas as pd

from mmperf.experiments.taylor1993.claims import CLAIMS
from mmperf.experiments.taylor1993.model import DESCRIPTIONS, run, testbed_tables
from mmperf.results import Results
from mmperf.verdicts import variant_statuses

VARIANTS = {
    "group of 3": {"group": 3},
    "group of 8": {"group": 8},
    "no cost variability": {"cost_cv": 0.0, "display_cv": 0.0},
    "twice the variability": {"cost_cv": 0.4, "display_cv": 0.2},
    "200 frames": {"n_frames": 200},
}
"""The assumptions changed, one at a time: name -> changed :class:`Params` fields."""

REFERENCE = "as run"

_TESTBED_ONLY = {"n_frames", "group", "cost_cv", "display_cv", "band_points", "display_table"}


def sensitivity(results: Results, *, variants: dict = VARIANTS, claims=CLAIMS) -> pd.DataFrame:
    """Every claim judged again with one assumption changed at a time, under the run's own seed.

    Parameters
    ----------
    results : mmperf.results.Results
        The book's run (:func:`mmperf.experiments.taylor1993.run`); its seed and params are reused.
    variants : dict, default :data:`VARIANTS`
        Variant name -> the :class:`Params` fields it changes.
    claims : sequence of ClaimSpec, default :data:`CLAIMS`

    Returns
    -------
    pandas.DataFrame
        :func:`mmperf.verdicts.variant_statuses`: ``claim_id``, ``kind``, ``variant`` (``"as run"``
        first), ``value``, ``status``, ``changed``.

    Raises
    ------
    ValueError
        If a variant is named ``"as run"`` or changes an unknown field (from :meth:`Params.with_`).

    Examples
    --------
    >>> from mmperf.experiments import taylor1993 as ex
    >>> r = ex.run(ex.Params(n_frames=3, quality_draws=1, quality_rates=(0.0, 0.05), band_points=2), seed=1)
    >>> s = sensitivity(r, variants={"group of 3": {"group": 3}})
    >>> sorted(s["variant"].unique())
    ['as run', 'group of 3']
    """
    if REFERENCE in variants:
        raise ValueError(f"variants must not be named {REFERENCE!r} (that is the book's run)")
    runs = {REFERENCE: results}
    for name, changes in variants.items():
        params = results.params.with_(**changes)
        if set(changes) <= _TESTBED_ONLY:
            # the image tables (quality, compressibility) do not depend on these fields
            cal, tables = testbed_tables(params, seed=results.seed)
            runs[name] = Results(results.paper, seed=results.seed, params=params,
                                 tables={**results.tables, **tables}, descriptions=DESCRIPTIONS,
                                 values={"calibration": cal, "kappa": cal.kappa})
        else:
            runs[name] = run(params, seed=results.seed)
    return variant_statuses(claims, runs, reference=REFERENCE)
