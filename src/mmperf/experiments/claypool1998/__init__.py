"""Claypool, Habermann & Riedl (1998): jitter under processor load, priorities and network load (two chapters).

The jitter chapter (Secs. 3-6) is on the paper's common contract:

* :class:`Params`: every knob of the jitter experiments (``Params().table()``);
* :func:`run` ``(params, *, seed, workers=1) -> Results``: every jitter experiment under one root seed;
* :data:`CLAIMS`: its claims as data, judged over seeds by :func:`mmperf.verdicts.judge`.

The quality chapter (Secs. 7-9) has its own: :class:`QualityParams`, :func:`run_quality` and
:data:`QUALITY_CLAIMS`; :data:`CONTRACTS` lists both for the generated claim tests. The grid,
the configurations and the analyses both chapters share are in :mod:`.model`.
"""

from mmperf.experiments.claypool1998.model import *  # noqa: F401,F403  (the shared grid and analyses)
from mmperf.experiments.claypool1998.model import _cached_runs  # noqa: F401
from mmperf.experiments.claypool1998.jitter_chapter import CLAIMS, Params, run  # noqa: F401
from mmperf.experiments.claypool1998.quality_chapter import QUALITY_CLAIMS, QualityParams, run_quality  # noqa: F401

CONTRACTS = ((Params, run, CLAIMS), (QualityParams, run_quality, QUALITY_CLAIMS))
"""The paper's two chapters, each as (Params, run, CLAIMS)."""
