"""mmperf: the package behind *Multimedia Networking Performance, Reproduced*.

One module per mechanism (coding, hosts, networks, transports, metrics,
quality), each paper's parameters and experiment grid in ``mmperf.experiments``,
and the book infrastructure: :mod:`mmperf.seeds` (all randomness),
:mod:`mmperf.papers` (the paper's own numbers, as data), :mod:`mmperf.claims`
(the claims scorecard) and :mod:`mmperf.charts` (offline Altair charts).
"""

__all__ = ["PAPERS"]

__version__ = "0.1.0"

PAPERS = {
    "taylor1993": "Taylor & Polyzos 1993, hierarchically coded image animation",
    "claypool1998": "Claypool, Habermann & Riedl 1998, jitter in a multimedia stream",
    "ortiz2013": "Ortiz, Martinez Gracia & Skarmeta 2013, SCTP as SVC transport",
    "huynh1994": "Huynh & Khoshgoftaar 1994, PCs in a video conferencing environment",
    "chodorek2018": "Chodorek & Chodorek, TFD-capable dynamic QoS for HD video",
}
"""The five papers, by the key used throughout the package and in ``data/papers``."""
