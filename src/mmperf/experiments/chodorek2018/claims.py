"""The claims of Chodorek & Chodorek, as data: what the paper says and how the book judges it.

Each value function reads one run's :class:`~mmperf.results.Results`
(:func:`mmperf.experiments.chodorek2018.run`) through :func:`claim_values`,
which computes every quantity from a tidy table of Tables I and II; the same
function applied to the paper's own tables gives each claim's paper value.
The table is the **packet-level** grid committed for the run's seed and
calibration (``packet_summary``, :func:`~mmperf.experiments.chodorek2018.model.committed_grid`)
when there is one, else the fluid model's summary (:func:`packet_judged` says which).

Kinds (see :data:`mmperf.claims.KINDS`):

* ``construction``: the three s4 loss and throughput claims. The book's TFD
  reservation is an oracle: the sender announces exactly the bytes of its next
  300 ms and the router reserves exactly that, with a one-frame bucket, so the
  policer passes (almost) every packet into the reserved class, which never drops
  (only what the 2-ms signalling delay leaves outside the bucket is best effort),
  and the stream's throughput is what it sends. The largest s4 loss, the corner of nonzero s4 losses (there is none)
  and the required throughput follow from that input, not from the mechanism's
  dynamics. What the oracle leaves to TCP is a prediction: TCP has to follow a
  capacity that changes every 300 ms.
* ``calibrated``: the unloaded network's zero loss (the buffer is chosen on it)
  and the s1, K = 1, N = 1 utilization (the base RTT is chosen on it).
* ``prediction``: everything else (best effort, the static reservations, TCP).
"""

from __future__ import annotations

import weakref

import numpy as np
import pandas as pd

from mmperf.assumptions import Ablation, Assumption, Reading, Span
from mmperf.claims import ClaimSpec, Holds, Range, Tolerance
from mmperf.experiments.chodorek2018.model import grid, paper_tables
from mmperf.experiments.chodorek2018.params import SCENARIOS

__all__ = ["ABLATIONS", "ASSUMPTIONS", "CLAIMS", "PAPER_VALUES", "claim_values", "in_corner", "packet_judged"]


def in_corner(k, n):
    """The cells where the paper's s4 shows a nonzero PER: K = 10 or N = 10, or K = 9 with N > 5.

    Parameters
    ----------
    k : int or array_like of int
        Numbers of TCP flows K (0-10).
    n : int or array_like of int
        Numbers of video streams N (1-10), broadcast against ``k``.

    Returns
    -------
    bool or numpy.ndarray of bool
        True where the cell ``(k, n)`` is in the corner (element-wise for arrays or pandas objects).

    Examples
    --------
    >>> bool(in_corner(9, 6)), bool(in_corner(9, 5)), bool(in_corner(0, 10))
    (True, False, True)
    """
    return (k == 10) | (n == 10) | ((k == 9) & (n > 5))


def claim_values(tables: pd.DataFrame) -> dict:
    """The quantities the claims test, computed from a tidy table set (book summary or the paper's own).

    Parameters
    ----------
    tables : pandas.DataFrame
        ``scenario, K, N, metric, value`` with the four metrics of all four scenarios.

    Returns
    -------
    dict
        Claim id -> value (fractions in [0, 1], or numbers in the paper's units).
    """
    g = lambda s, m: grid(tables, s, m)  # noqa: E731
    per = {s: g(s, "per").round(2) for s in SCENARIOS}   # as the paper prints them
    loaded = lambda x: x.loc[x.index >= 1]  # noqa: E731
    tcp = {s: loaded(g(s, "tcp_throughput")) for s in SCENARIOS}
    util = {s: loaded(g(s, "link_utilization")) for s in SCENARIOS}
    video = {s: g(s, "video_throughput") for s in SCENARIOS}
    p1 = g("s1", "per")
    s4 = loaded(per["s4"])
    kk, nn = np.meshgrid(s4.index, s4.columns, indexing="ij")
    corner = in_corner(kk, nn)
    s4_nonzero = s4.to_numpy() > 0
    p3 = loaded(per["s3"])
    required = video["s1"].loc[0]
    reduction = {s: float((tcp["s1"] - tcp[s]).to_numpy().mean()) for s in ("s2", "s3", "s4")}
    lower_util = {s: float((util[s] < util["s1"]).to_numpy().mean()) for s in ("s2", "s3")}
    return {
        "s1-per-rises-with-k": float((np.diff(p1.to_numpy(), axis=0) > 0).mean()),
        "s1-per-falls-with-n": float((np.diff(p1.loc[p1.index >= 8].to_numpy(), axis=1) < 0).mean()),
        "s1-acceptable-k-le-6": float(p1.loc[p1.index <= 6].to_numpy().max()),
        "s1-unacceptable-k-ge-9": float(p1.loc[p1.index >= 9].to_numpy().min()),
        "s2-under-5": float(loaded(g("s2", "per")).to_numpy().max()),
        "s3-range": float(((p3 >= 0.02) & (p3 <= 0.49)).to_numpy().mean()),
        "s4-max": float(loaded(g("s4", "per")).to_numpy().max()),
        # the corner's nonzero cells judged on their own, and the zero cells outside it on their own
        "s4-nonzero-only-in-corner": float(min(s4_nonzero[corner].mean(), (~s4_nonzero[~corner]).mean())),
        "s4-required-throughput": float((video["s4"] - video["s4"].loc[0]).abs().to_numpy().max()),
        "s1-worst-case-throughput": float(100 * video["s1"].loc[10, 1] / required.loc[1]),
        "static-reduces-tcp": float(np.mean([reduction["s2"], reduction["s3"]])),
        "static-reduces-tcp-s2": reduction["s2"],
        "static-reduces-tcp-s3": reduction["s3"],
        "s4-smallest-tcp-reduction": float((tcp["s4"] >= np.maximum(tcp["s2"], tcp["s3"])).to_numpy().mean()),
        "s4-utilization-close-to-best-effort": float((util["s4"] - util["s1"]).abs().to_numpy().mean()),
        "tfd-loss-below-static": float((s4 < p3).to_numpy().mean()),
        "s3-zero-share": float((p3 == 0).to_numpy().mean()),
        "static-lowers-utilization": float(np.mean(list(lower_util.values()))),
        "static-lowers-utilization-s2": lower_util["s2"],
        "static-lowers-utilization-s3": lower_util["s3"],
        "s3-cuts-tcp-more-than-s2": float((tcp["s3"] < tcp["s2"]).to_numpy().mean()),
        "tfd-reduces-tcp": float((tcp["s4"] < tcp["s1"]).to_numpy().mean()),
        "tfd-reduces-tcp-s4": reduction["s4"],
        "s3-per-rises-with-n": float((np.diff(p3.to_numpy(), axis=1) > 0).mean()),
        "s1-k7-8-acceptable-only-for-large-n": float(np.mean([(p1.loc[k, 1] > 5.0) and (p1.loc[k, max(p1.columns)] < 5.0)
                                                              for k in (7, 8)])),
        "s1-k7-8-cells-over-5": float((p1.loc[[7, 8]] > 5.0).to_numpy().sum()),
        "s1-k7-8-largest": float(p1.loc[[7, 8]].to_numpy().max()),
        "unloaded-lossless": float(max(g(s, "per").loc[0].max() for s in SCENARIOS)),
        "s1-utilization-k1-n1": float(g("s1", "link_utilization").loc[1, 1]),
        "static-reduces-per": float(np.mean([(loaded(per[s]) < loaded(per["s1"])).to_numpy().mean() for s in ("s2", "s3")])),
        "static-reduces-per-s2": float((loaded(per["s2"]) < loaded(per["s1"])).to_numpy().mean()),
        "static-reduces-per-s3": float((p3 < loaded(per["s1"])).to_numpy().mean()),
        "s4-largest-utilization": float((util["s4"] >= np.maximum(util["s2"], util["s3"])).to_numpy().mean()),
        "s2-throughput-k10-n1": float(100 * video["s2"].loc[10, 1] / required.loc[1]),
        "s3-throughput-k10-n1": float(100 * video["s3"].loc[10, 1] / required.loc[1]),
        "s4-per-rises-with-n": float((np.diff(s4.to_numpy(), axis=1) > 0).mean()),
    }


_CACHE: dict = {}


def packet_judged(r) -> bool:
    """Whether a run's claims are judged on the packet-level grid (committed for its seed) rather than the fluid model.

    Parameters
    ----------
    r : mmperf.results.Results
        One run of :func:`mmperf.experiments.chodorek2018.run`.

    Returns
    -------
    bool
        True if the run holds a ``packet_summary`` table (the claims read it), False if they read the fluid
        ``summary``.
    """
    return "packet_summary" in r.names


def _values(r) -> dict:
    """:func:`claim_values` of one run's packet-level summary where it exists, else the fluid one; once per run."""
    summary = r.table("packet_summary" if packet_judged(r) else "summary")
    hit = _CACHE.get(id(summary))
    if hit is not None and hit[0]() is summary:
        return hit[1]
    vals = claim_values(summary)
    _CACHE[id(summary)] = (weakref.ref(summary), vals)
    for key in [k for k, (ref, _) in _CACHE.items() if ref() is None]:
        del _CACHE[key]
    return vals


PAPER_VALUES = claim_values(paper_tables())
"""Every claim's quantity computed from the paper's own Tables I and II (the yardstick, never an input)."""


def _v(claim_id: str):
    return lambda r: _values(r)[claim_id]


_PCT = "share as %"
"""Not a format string: writes a share in [0, 1] as a whole percentage (0.42 -> "42 %")."""


def _format(x: float, fmt: str) -> str:
    return f"{100 * x:.0f} %" if fmt == _PCT else fmt.format(x)


def _pv(claim_id: str, fmt: str = "{:.2f}") -> str:
    return _format(PAPER_VALUES[claim_id], fmt)


def _fmt(r, claim_id: str, fmt: str = "{:.2f}") -> str:
    return _format(_values(r)[claim_id], fmt)


_SPLIT = ("Under the five seeds whose calibration chose a 25-packet buffer the claim is partly, under the five with 100-400 "
          "packets not reproduced; a tie goes to the less favourable status.")

_BURST = ("The cause is the unexplained best-effort gap, and the sender is the lever the ledger found: with each frame "
          "written back to back at the line rate (the 'burst' reading; the buffer recalibrated to keep the unloaded network "
          "lossless), the book seed's s1 loses 5.0 % at K = 10, N = 1 (paced 0.71 %, the paper 26.9 %) and 2.9 % at N = 10, "
          "falling with N as in Fig. 3a, and s2 1.6-3.0 % at K = 10 (the paper 1.6-2.0 %; data/chodorek2018/readings.csv). "
          "The paper does not say how its VLC servers sent a frame.")

_S1_HIGH = PAPER_VALUES["s1-acceptable-k-le-6"]
_S2_HIGH = PAPER_VALUES["s2-under-5"]
_REDUCTION = PAPER_VALUES["static-reduces-tcp"]

CLAIMS = (
    ClaimSpec(
        "s1-per-rises-with-k",
        quote="for a given number of HD video streams N, the greater the number of TCP flows K in the shared link, the greater the PER",
        where="Sec. V.A", quantity="share of K -> K+1 steps (all N) in which s1 PER rises", paper_value=_pv("s1-per-rises-with-k"),
        value=_v("s1-per-rises-with-k"), criterion=Holds("s1 PER rises from K to K+1", required=0.9, partly=0.6),
        kind="prediction", expected="reproduced",
        note="Predicted by the drop-tail FIFO and TCP; no parameter was set from this trend. Reproduced under 9 of the 10 seeds "
             "(partly under the seed whose calibration chose 400 packets, where the losses are smallest and a noisy step from K "
             "to K + 1 falls more often in one 15.2-s run per cell).",
    ),
    ClaimSpec(
        "s1-per-falls-with-n",
        quote="For a given K, an increase of N causes a reduction of the PER ... particularly evident if the number of TCP flows ... is larger than 7",
        where="Sec. V.B, Fig. 3a", quantity="share of N -> N+1 steps with K >= 8 in which s1 PER falls", paper_value=_pv("s1-per-falls-with-n"),
        value=_v("s1-per-falls-with-n"), criterion=Holds("s1 PER falls from N to N+1 when K >= 8", required=0.8, partly=0.5),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"The book's s1 PER falls in {_fmt(r, 's1-per-falls-with-n', _PCT)} of these steps. On the packet level paced "
                        "video loses several times TCP's rate at small N (it sees the share of time the buffer is full, as in ns-2), "
                        "but that ratio only shrinks as N grows, and more video leaves TCP less room and a higher loss rate: "
                        "at larger N the PER rises with N. The paper's 27 % at K = 10, N = 1 is about 30 times the packet model's." + " " + _SPLIT + " " + _BURST),
    ),
    ClaimSpec(
        "s1-acceptable-k-le-6",
        quote="If K <= 6, the PERs of the HD video traffic are under the 5-percent limit of user acceptability",
        where="Sec. V.A", quantity="largest s1 PER with K <= 6 [%]", paper_value=_pv("s1-acceptable-k-le-6", "{:.2f} %"),
        value=_v("s1-acceptable-k-le-6"),
        criterion=Range(round(_S1_HIGH / 2, 2), 5.0, partly=(round(_S1_HIGH / 4, 2), 5.0)),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"Two-sided: under the 5 % limit and at least half the paper's own largest value ({_S1_HIGH:.2f} %), "
                        f"so that a model whose losses are far too small does not pass. The book's largest is "
                        f"{_fmt(r, 's1-acceptable-k-le-6')} %: its best-effort losses are up to about 30 times below the paper's." + " " + _SPLIT + " " + _BURST),
    ),
    ClaimSpec(
        "s1-unacceptable-k-ge-9",
        quote="If K >= 9, the PERs of HD videos are above that limit",
        where="Sec. V.A", quantity="smallest s1 PER with K >= 9 [%]", paper_value=_pv("s1-unacceptable-k-ge-9", "{:.2f} %"),
        value=_v("s1-unacceptable-k-ge-9"), criterion=Range(5.0, np.inf, partly=(1.0, np.inf)),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"The book's smallest is {_fmt(r, 's1-unacceptable-k-ge-9')} %: NewReno over the calibrated "
                        f"{r.value('buffer_packets')}-packet drop-tail buffer, packet by packet, costs the paced video a few tenths "
                        "of a per cent to about one per cent of its packets over the loaded grid, as ns-2 does on the checked "
                        "cells, not the paper's 5-27 %." + " " + _SPLIT + " " + _BURST),
    ),
    ClaimSpec(
        "s2-under-5",
        quote="Medium dimensioned reservations (s2) put the HD video PERs under the limit of 5%",
        where="Sec. V.A", quantity="largest s2 PER, K >= 1 [%]", paper_value=_pv("s2-under-5", "{:.2f} %"),
        value=_v("s2-under-5"), criterion=Range(round(_S2_HIGH / 2, 2), 5.0, partly=(round(_S2_HIGH / 4, 3), 5.0)),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"Two-sided: under 5 % and at least half the paper's own largest s2 PER ({_S2_HIGH:.2f} %). The book's largest is "
                        f"{_fmt(r, 's2-under-5')} %: its s2 losses are as much too small as its best-effort ones." + " " + _BURST),
    ),
    ClaimSpec(
        "s3-range",
        quote="even the overestimated reservations (s3) are still not able to assure lossless transmissions. PERs range from 0.02 to 0.49 percent",
        where="Sec. V.A", quantity="share of loaded s3 cells with PER (2 decimals) in [0.02, 0.49] %", paper_value=_pv("s3-range"),
        value=_v("s3-range"), criterion=Holds("s3 PER in [0.02, 0.49] %", required=0.9, partly=0.5),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"In the book a reservation at the peak 1-s rate with a one-frame bucket leaves almost no excess: s3 prints "
                        f"0.00 % in {_fmt(r, 's3-zero-share', _PCT)} of the loaded cells; its few excess packets are best effort "
                        "and rarely meet a full buffer."),
    ),
    ClaimSpec(
        "s4-max",
        quote="The minimum observed nonzero PER was 0.01% and the maximum was 0.07%",
        where="Sec. V.A", quantity="largest s4 PER, K >= 1 [%]", paper_value=_pv("s4-max", "{:.2f} %"),
        value=_v("s4-max"), criterion=Range(0.0, 0.07),
        kind="construction", expected="reproduced",
        note="By construction: the book's TFD reservation announces exactly the next 300 ms of bytes, so the policer passes almost "
             "every packet into the reserved class, which never drops, and s4's PER prints 0.00 % in every cell; the criterion "
             "cannot fail for this model.",
    ),
    ClaimSpec(
        "s4-nonzero-only-in-corner",
        quote="Only in extreme cases of K = 10 or N = 10, and if K = 9 and N > 5, nonzero PERs were achieved",
        where="Sec. V.A",
        quantity="the smaller of: share of the corner's loaded cells with s4 PER > 0.00 %, share of the other loaded cells with 0.00 %",
        paper_value=_pv("s4-nonzero-only-in-corner"),
        value=_v("s4-nonzero-only-in-corner"), criterion=Holds("s4 PER is nonzero in the corner and zero elsewhere", required=0.9, partly=0.5),
        kind="construction", expected="not_reproduced", miss_cause="paper-omits",
        note="By construction, and so not reproduced: the book's TFD reservation announces exactly the next 300 ms of bytes and the "
             "reserved class never drops, so no cell prints above 0.00 %. The corner's nonzero cells are judged on their own (a model "
             "that is zero everywhere scores 0, not 'partly' for the zero cells outside the corner). The paper's 0.01-0.07 % in the "
             "most loaded corner has no counterpart in the model (the paper gives no TSpec: with a bucket one frame interval of the reserved rate deep, the 'tspec' reading, excess video rides best effort and s4 loses 0.01-0.04 % in the corner, the paper's size; data/chodorek2018/readings.csv).",
    ),
    ClaimSpec(
        "s4-required-throughput",
        quote="The s4 scenario allows the same throughput to be achieved (with an accuracy of 1 Mbps) for HD video traffic, compared to what is required",
        where="Sec. V.C", quantity="largest |video throughput(K) - video throughput(K = 0)| under s4 [Mb/s]",
        paper_value=_pv("s4-required-throughput", "{:.0f} Mb/s"),
        value=_v("s4-required-throughput"), criterion=Range(0.0, 1.0),
        kind="construction", expected="reproduced",
        note="By construction: the TFD reservation announces exactly the next 300 ms of bytes and the reserved class never drops, "
             "so the stream delivers what it sends whatever K; the criterion cannot fail for this model.",
    ),
    ClaimSpec(
        "s1-worst-case-throughput",
        quote="In the worst case (one HD video stream competes for bandwidth with 10 TCP flows, K = 1, N = 10), the HD video transmission achieved only 54 percent of the required throughput",
        where="Sec. V.C", quantity="s1 video throughput at K = 10, N = 1 as % of the K = 0 throughput",
        paper_value=_pv("s1-worst-case-throughput", "{:.0f} %"),
        value=_v("s1-worst-case-throughput"), criterion=Tolerance(54.0, abs=10.0),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: f"The book's best effort delivers {_fmt(r, 's1-worst-case-throughput', '{:.1f}')} % of the stream there, not 54 %.",
    ),
    ClaimSpec(
        "static-reduces-tcp",
        quote="Static reservations that are based on RSVP signalling (s2 and s3 scenarios) reduce excessive TCP throughput",
        where="Sec. V.D",
        quantity="mean TCP throughput reduction against s1 over the loaded cells, averaged over s2 and s3 [Mb/s]",
        paper_value=f"{_REDUCTION:.0f} Mb/s (s2 {PAPER_VALUES['static-reduces-tcp-s2']:.0f}, s3 {PAPER_VALUES['static-reduces-tcp-s3']:.0f})",
        value=_v("static-reduces-tcp"),
        criterion=Range(round(_REDUCTION / 2), round(2 * _REDUCTION), partly=(round(_REDUCTION / 4), round(4 * _REDUCTION))),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"The size of the reduction is judged (within a factor 2 of the paper's; 4 for partly). The book's is "
                        f"{_fmt(r, 'static-reduces-tcp-s2', '{:.1f}')} Mb/s under s2 and {_fmt(r, 'static-reduces-tcp-s3', '{:.1f}')} Mb/s "
                        "under s3: its reservations are work-conserving (capacity a stream leaves unused goes to best effort), so they "
                        "cost TCP only the video they no longer let TCP take."),
    ),
    ClaimSpec(
        "s4-smallest-tcp-reduction",
        quote="Applying dynamic reservations allow TFD-capable networks to have the smallest reduction of the TCP throughput (when compared to the best effort service) of all tested methods of QoS assurance",
        where="Sec. V.D", quantity="share of loaded cells where s4 TCP throughput >= both static scenarios'",
        paper_value=_pv("s4-smallest-tcp-reduction"),
        value=_v("s4-smallest-tcp-reduction"), criterion=Holds("s4 TCP throughput >= s2's and s3's", required=0.8, partly=0.5),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"s4 gives TCP at least what both static reservations give it in {_fmt(r, 's4-smallest-tcp-reduction', _PCT)} "
                        "of the loaded cells. Strict priority serves every conforming packet at once, so the TCP flows see the same "
                        "video under s3 and s4 (both pass almost every packet) and the difference between them is noise of a "
                        "few Mb/s either way. The paper's own table fails the claim in 15 of 100 cells."),
    ),
    ClaimSpec(
        "s4-utilization-close-to-best-effort",
        quote="It results in the largest link utilization from the applied methods of QoS assurance, comparable with the one obtained for the best effort",
        where="Sec. V.D", quantity="mean |utilization s4 - utilization s1| over loaded cells [points]",
        paper_value=_pv("s4-utilization-close-to-best-effort", "{:.1f} points"),
        value=_v("s4-utilization-close-to-best-effort"), criterion=Range(0.0, 3.0, partly=(0.0, 6.0)),
        kind="prediction", expected="reproduced",
        note="Predicted by TCP filling what the reservation leaves; the RTT was calibrated on one s1 cell only.",
    ),
    ClaimSpec(
        "tfd-loss-below-static",
        quote="Packet error rate was an order of magnitude smaller than what was measured for RSVP-based reservations made according to the peak bit rate",
        where="Sec. VI; Sec. V.A (zero PERs only with TFD)", quantity="share of loaded cells where s4 PER is below s3 PER (two decimals)",
        paper_value=_pv("tfd-loss-below-static"),
        value=_v("tfd-loss-below-static"), criterion=Holds("s4 PER below s3 PER", required=0.9, partly=0.5),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: ("The paper's headline, with its Sec. V.A 'zero PERs ... only when dynamic reservations ... were used'. In the "
                        f"book the peak-rate reservation (s3) is itself lossless at two decimals: s3 prints 0.00 % in {_fmt(r, 's3-zero-share', _PCT)} of the loaded cells (the paper: "
                        f"{_pv('s3-zero-share', _PCT)}), so s4 is below it in only {_fmt(r, 'tfd-loss-below-static', _PCT)} "
                        f"(the paper: {_pv('tfd-loss-below-static', _PCT)}). The model contradicts the headline."),
    ),
    ClaimSpec(
        "static-lowers-utilization",
        quote="However, the percentage utilization of the shared link is smaller than what is observed when the best effort service was used",
        where="Sec. V.D", quantity="share of loaded cells where s2 (and s3) utilization is below s1's (mean of the two)",
        paper_value=_pv("static-lowers-utilization"),
        value=_v("static-lowers-utilization"), criterion=Holds("static reservations lower the link utilization", required=0.9, partly=0.5),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"The book's utilization is below best effort's in {_fmt(r, 'static-lowers-utilization-s2', _PCT)} of the "
                        f"loaded cells under s2 and {_fmt(r, 'static-lowers-utilization-s3', _PCT)} under s3 (the paper: "
                        f"{_pv('static-lowers-utilization-s2', _PCT)} and {_pv('static-lowers-utilization-s3', _PCT)}). Its "
                        "reservations are work-conserving: capacity a reservation leaves unused goes to best effort, so TCP fills "
                        "the link about as well as without them, and which side of s1 a cell falls on is largely noise."),
    ),
    ClaimSpec(
        "s3-cuts-tcp-more-than-s2",
        quote="This reduction is larger (and sometimes much larger) if overestimated reservations, based on peak bit rate (s3 scenario), were applied",
        where="Sec. V.D", quantity="share of loaded cells where s3 TCP throughput is below s2's", paper_value=_pv("s3-cuts-tcp-more-than-s2"),
        value=_v("s3-cuts-tcp-more-than-s2"), criterion=Holds("s3 leaves TCP less than s2", required=0.9, partly=0.5),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"The book's s3 leaves TCP less than s2 in {_fmt(r, 's3-cuts-tcp-more-than-s2', _PCT)} of the loaded cells "
                        f"(the paper: {_pv('s3-cuts-tcp-more-than-s2', _PCT)}); on average s3 costs TCP "
                        f"{_fmt(r, 'static-reduces-tcp-s3', '{:.1f}')} Mb/s and s2 {_fmt(r, 'static-reduces-tcp-s2', '{:.1f}')} "
                        f"(the paper: {_pv('static-reduces-tcp-s3', '{:.0f}')} and {_pv('static-reduces-tcp-s2', '{:.0f}')}). A "
                        "work-conserving peak reservation lends what the stream does not use, so holding the peak costs TCP "
                        "nothing; s2's 60 Mb/s, below the stream's mean, pushes the excess video into TCP's FIFO instead."),
    ),
    ClaimSpec(
        "tfd-reduces-tcp",
        quote="Applying dynamic reservations allow TFD-capable networks to have the smallest reduction of the TCP throughput (when compared to the best effort service)",
        where="Sec. V.D", quantity="share of loaded cells where s4 TCP throughput is below s1's (a reduction exists)",
        paper_value=_pv("tfd-reduces-tcp"),
        value=_v("tfd-reduces-tcp"), criterion=Holds("s4 leaves TCP less than best effort", required=0.9, partly=0.5),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"The book's s4 leaves TCP less than best effort in {_fmt(r, 'tfd-reduces-tcp', _PCT)} of the loaded cells "
                        f"(the paper: {_pv('tfd-reduces-tcp', _PCT)}); its mean reduction is {_fmt(r, 'tfd-reduces-tcp-s4', '{:+.1f}')} Mb/s "
                        f"(the paper: {_pv('tfd-reduces-tcp-s4', '{:+.0f}')}; negative: TCP gets more than under best effort). "
                        "Best-effort video in the book loses little, so there is almost nothing for the reservation to take back "
                        "from TCP, and protected video no longer triggers TCP's losses: the sign changes from cell to cell."),
    ),
    ClaimSpec(
        "s3-per-rises-with-n",
        quote="for a given number of TCP flows K, an increase of N causes an increase in the PER, when static resource reservations (here: according to peak bit rate) are used",
        where="Sec. V.B, Fig. 3b", quantity="share of N -> N+1 steps (K >= 1) in which s3 PER (two decimals) rises",
        paper_value=_pv("s3-per-rises-with-n"),
        value=_v("s3-per-rises-with-n"), criterion=Holds("s3 PER rises with N", required=0.8, partly=0.5),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: ("The same trend criterion as s1-per-falls-with-n; the paper's own Table I gives "
                        f"{_pv('s3-per-rises-with-n')}, partly by this criterion. The book's s3 prints 0.00 % in "
                        f"{_fmt(r, 's3-zero-share', _PCT)} of the loaded cells, so there is no trend in N to rise: its "
                        "peak-rate reservation with a one-frame bucket carries the paced stream whole."),
    ),
    ClaimSpec(
        "s1-k7-8-acceptable-only-for-large-n",
        quote="If K = 7 and K = 8, the video transmission is acceptable only for larger values of N",
        where="Sec. V.A", quantity="share of K in {7, 8} where s1 PER exceeds 5 % at N = 1 and is below it at N = 10",
        paper_value=_pv("s1-k7-8-acceptable-only-for-large-n"),
        value=_v("s1-k7-8-acceptable-only-for-large-n"),
        criterion=Holds("unacceptable at small N, acceptable at large N, for K = 7 and 8"),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        kind_note="A prediction still: the value is the model's own best-effort loss at K = 7-8 against the 5 % limit, not an "
                  "input or a fit. It is 0 under every seed, reading and ablation because no variant raises a cell at K = 7-8 "
                  "above 5 % (the frame-burst sender and the 25-packet buffer come closest, at 1-2 %).",
        note=lambda r: (f"{_fmt(r, 's1-k7-8-cells-over-5', '{:.0f}')} of the 20 cells with K = 7 or 8 are above 5 % in the book, "
                        f"{_pv('s1-k7-8-cells-over-5', '{:.0f}')} in the paper: the book's best-effort losses stay far below 5 % "
                        f"there (largest {_fmt(r, 's1-k7-8-largest')} %; the paper's {_pv('s1-k7-8-largest')} %)." + " " + _BURST),
    ),
    ClaimSpec(
        "unloaded-lossless",
        quote="If number of competing TCP streams K = 0, video transmission is lossless (PER = 0), what confirms that the test network is well-dimensioned for HD video transmission.",
        where="Sec. V.A; Sec. IV.E; Table I (K = 0 row)", quantity="largest mean PER with K = 0 over every scenario and N [%]",
        paper_value=_pv("unloaded-lossless", "{:.2f} %"),
        value=_v("unloaded-lossless"), criterion=Range(0.0, 0.005),
        kind="calibrated", expected="reproduced",
        note=lambda r: (f"Calibrated: the buffer ({r.value('buffer_packets')} packets under this seed) is the smallest candidate for "
                        "which the unloaded s1 runs of the packet model (K = 0, every N, the mean of 5 replications of the grid's "
                        "15.2 s) print 0.00 %; the grid's own runs (replication 0, every scenario) are judged here."),
    ),
    ClaimSpec(
        "s1-utilization-k1-n1",
        quote="Table I, s1, K = 1, N = 1: link utilization 83.4 %",
        where="Table I", quantity="s1 link utilization at K = 1, N = 1, mean of all replications [%]",
        paper_value=_pv("s1-utilization-k1-n1", "{:.1f} %"),
        value=_v("s1-utilization-k1-n1"), criterion=Tolerance(83.4, abs=1.0),
        kind="calibrated", expected="reproduced",
        note=lambda r: (f"Calibrated: the base RTT ({r.value('rtt_ms'):g} ms under this seed) is the candidate (2-12 ms in steps of "
                        "2 ms) whose packet-model utilization, the mean of 5 replications of the grid's 15.2 s, is nearest this cell. "
                        "The grid judged here is replication 0 alone, and the 2-ms steps move the utilization by 6-11 points, so a "
                        "seed can miss the 1-point tolerance on either side: the calibration's resolution, not a model error."),
    ),
)
"""The paper's claims (see the module docstring for their kinds)."""

CLAIMS = CLAIMS + (
    ClaimSpec(
        "static-reduces-per",
        quote="The use of static reservations significantly reduced the PERs",
        where="Sec. V.A", quantity="share of loaded cells where the static scenario's PER (two decimals) is below s1's, mean of s2 and s3",
        paper_value=_pv("static-reduces-per", _PCT), value=_v("static-reduces-per"), domain=(0.0, 1.0),
        criterion=Holds("s2 and s3 PER below best effort's", required=0.9, partly=0.5),
        kind="prediction", expected="reproduced",
        note=lambda r: (f"s2 is below s1 in {_fmt(r, 'static-reduces-per-s2', _PCT)} of the loaded cells and s3 in "
                        f"{_fmt(r, 'static-reduces-per-s3', _PCT)} (the paper: {_pv('static-reduces-per-s2', _PCT)} and "
                        f"{_pv('static-reduces-per-s3', _PCT)}). It follows from the reserved FIFO: a conforming packet cannot be lost "
                        "there (unbounded), so any reservation that passes most packets lowers the PER; without reservations (the "
                        "ablation) it cannot hold."),
    ),
    ClaimSpec(
        "s4-largest-utilization",
        quote="It results in the largest link utilization from the applied methods of QoS assurance",
        where="Sec. V.D", quantity="share of loaded cells where s4 link utilization >= both static scenarios'",
        paper_value=_pv("s4-largest-utilization", _PCT), value=_v("s4-largest-utilization"), domain=(0.0, 1.0),
        criterion=Holds("s4 utilization >= s2's and s3's", required=0.8, partly=0.5),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"s4 has the largest utilization of the three reservations in {_fmt(r, 's4-largest-utilization', _PCT)} of the "
                        f"loaded cells (the paper: {_pv('s4-largest-utilization', _PCT)}). The book's reservations are work-conserving, "
                        "so every scenario leaves TCP the same idle capacity and the order between them is seed-to-seed noise."),
    ),
    ClaimSpec(
        "s2-throughput-k10-n1",
        quote="if N = 1 and K = 10, the throughput of the video stream achieves 81 percent of the required value when s2 scenario was used",
        where="Sec. V.C", quantity="s2 video throughput at K = 10, N = 1 as % of the K = 0 throughput",
        paper_value="81 % (Table II: 79 %)", value=_v("s2-throughput-k10-n1"), domain=(0.0, 100.0),
        criterion=Tolerance(81.0, abs=9.5, partly=1.0),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"The book's s2 delivers {_fmt(r, 's2-throughput-k10-n1', '{:.1f}')} %. The tolerance is half the way from "
                        "81 % to a lossless 100 %, with no partly band, so that a stream that loses nothing does not pass. The paper's own Table II gives "
                        "50/63 = 79 %, not the text's 81 %."),
    ),
    ClaimSpec(
        "s3-throughput-k10-n1",
        quote="if N = 1 and K = 10, the throughput of the video stream achieves ... 95 percent when s3 scenario was used",
        where="Sec. V.C", quantity="s3 video throughput at K = 10, N = 1 as % of the K = 0 throughput",
        paper_value=_pv("s3-throughput-k10-n1", "{:.0f} %"), value=_v("s3-throughput-k10-n1"), domain=(0.0, 100.0),
        criterion=Tolerance(95.0, abs=2.5, partly=1.0),
        kind="prediction", expected="not_reproduced", miss_cause="paper-omits",
        note=lambda r: (f"The book's s3 delivers {_fmt(r, 's3-throughput-k10-n1', '{:.1f}')} %: a peak-rate reservation whose "
                        "reserved FIFO never drops loses nothing. The tolerance is half the way from 95 % to 100 %."),
    ),
    ClaimSpec(
        "s4-per-rises-with-n",
        quote="Dynamic bandwidth allocation (Fig. 3c) deepens this trend [an increase of N causes an increase in the PER]",
        where="Sec. V.B, Fig. 3c", quantity="share of N -> N+1 steps (K >= 1) in which s4 PER (two decimals) rises",
        paper_value=_pv("s4-per-rises-with-n", _PCT), value=_v("s4-per-rises-with-n"), domain=(0.0, 1.0),
        criterion=Holds("s4 PER rises with N", required=0.8, partly=0.5),
        kind="prediction", expected="not_reproduced", miss_cause="paper-inconsistent",
        note=lambda r: (f"The book's s4 PER rises in {_fmt(r, 's4-per-rises-with-n', _PCT)} of the steps (the paper's own tables: "
                        f"{_pv('s4-per-rises-with-n', _PCT)}, mostly zeros, so by this criterion the paper's tables do not show the "
                        "trend its Fig. 3c is said to show)."),
    ),
)

_BOOK_GRID = "audit-grid"


def _reading(field: str, value):
    return lambda p: p.with_(**{field: value})


ASSUMPTIONS = (
    Assumption(
        "reserved_queue", choice="unbounded: a strict-priority reserved FIFO with no limit of its own (the policer bounds it)",
        why="The paper names no scheduler. Strict priority with a policer gives a conforming stream what WFQ/CBQ would "
            "(no loss, about one packet of delay) and matches the fluid model's bucket definition.",
        alternatives=(
            Reading("bounded", source="ns-2.35's Queue/dsRED, the paper's emulator (Sec. IV.B): each physical queue gets the "
                                      "link's queue limit unless set (dsred.cc, phisQueueLimit = limit())",
                    apply=_reading("reserved_queue", "bounded")),
            Reading("shared", source="issue #35: the paper's s3/s4 losses grow with K, so reserved traffic shared something "
                                     "with TCP; one port buffer for both classes (a router's interface buffer)",
                    apply=_reading("reserved_queue", "shared")),
        ), parameter="reserved_queue"),
    Assumption(
        "bucket", choice="burst: each bucket as deep as the stream's largest one-frame burst (about 800 packets)",
        why="The TSpec the reservation carries is not given; the deepest burst is the depth a sender that knows its "
            "frames (as TFD's does) would declare, so a peak-rate reservation passes every packet.",
        alternatives=(
            Reading("tspec", source="RFC 2210 / RFC 2212 TSpec (r, b): a sender that knows only its rate declares one frame "
                                    "interval at that rate as its depth b (r / 30 s)",
                    apply=_reading("bucket", "tspec")),
        ), parameter="bucket"),
    Assumption(
        "tspec_span", choice="stream: s3's peak rate, every bucket depth and admission control from each whole 152-s stream",
        why="RSVP's sender TSpec describes the flow the sender will send (RFC 2205 Sec. 3.1, RFC 2210), not the part of it a "
            "run simulates: the committed grids send a tenth of every clip, whose 1-s peaks and one-frame bursts are lower "
            "than the whole stream's, so reserving from them would let admission control pass N = 10 where the paper's "
            "152-s runs meet it. s4 announces each 300-ms window it sends under both readings.",
        alternatives=(
            Reading("run", source="the statistics of what a run sends (the book before issue #35's last item): s3's peaks "
                                  "and the buckets of the 15.2-s excerpt",
                    apply=_reading("tspec_span", "run")),
        ), parameter="tspec_span"),
    Assumption(
        "sender", choice="paced: each frame's packets spread over its 33-ms interval",
        why="The fluid model's pacing, kept at the packet level so that the two models see the same video; the paper does "
            "not describe how VLC sends a frame.",
        alternatives=(
            Reading("burst", source="VLC (Sec. IV.C) hands a frame to the socket at once and the Gigabit NIC sends it back to "
                                    "back at the line rate (issue #35's probe); the buffer is recalibrated on the packet model "
                                    "by the chapter's rule (unloaded PER 0.00 %)",
                    apply=_reading("sender", "burst")),
        ), parameter="sender"),
    Assumption(
        "congestion_control", choice="newreno (RFC 6582, as ns-2's Agent/TCP/Newreno of the cross-check)",
        why="The cross-check with ns-2.35's NewReno agent validates the code; the paper does not name its TCP.",
        alternatives=(
            Reading("cubic", source="the paper's iPerf hosts ran Linux (Sec. IV.C), whose default since 2.6.19 is CUBIC "
                                    "(RFC 8312: C = 0.4, beta = 0.7, fast convergence, TCP-friendly region; no HyStart here)",
                    apply=_reading("congestion_control", "cubic")),
        ), parameter="congestion_control"),
    Assumption(
        "buffer", choice="calibrated per seed on the packet model: the smallest of 25-500 packets whose unloaded runs print PER 0.00 %",
        why="The paper gives no buffer; its routers are ns-2 in emulation mode (Sec. IV.B), whose DropTail default is 50 packets. "
            "The span runs the audit grid at a fixed buffer instead of the seed's calibration.",
        span=Span(25, 400, source="the buffers the packet calibration chose over the ten judging seeds (25-400 packets: five "
                                  "seeds 25, three 150, one 100, one 400), about ns-2's default DropTail limit_ of 50 packets (the "
                                  "paper's emulated routers, Sec. IV.B)",
                  set=lambda p, x: p.with_(buffer_packets=int(round(x)))),
        parameter="buffer_packets"),
    Assumption(
        "rtt", choice="calibrated per seed on the packet model: the 2-12 ms base round trip nearest Table I's 83.4 % (s1, K = 1, N = 1)",
        why="The paper gives no delay: a Gigabit LAN through the emulation server (Sec. IV.A-B). The span runs the audit grid at a "
            "fixed round trip instead of the seed's calibration.",
        span=Span(0.002, 0.012, source="the calibration's candidates (the ten judging seeds' calibrations chose 2-8 ms); a "
                                       "switched LAN plus one emulator hop is a few ms",
                  set=lambda p, x: p.with_(rtt_s=float(x))),
        parameter="rtt_s"),
    Assumption(
        "packet_grid", choice="the committed grid: every cell, one 15.2-s run (a tenth of every clip) under each of the ten seeds",
        why="The paper's 152 s x 20 over 440 cells is about 200 times one seed's grid; every other reading and ablation "
            "runs on the audit grid, so this reading is their control: a claim that moves here moves with the grid, not "
            "the mechanism.",
        alternatives=(
            Reading(_BOOK_GRID, source="the audit's budget: the 21 cells the claims read (K = 0, 1, 4, 7-10 x N = 1, 5, 10), "
                                       "1 x 4 s, every scenario, the book's readings",
                    apply=_reading("audit_grid", True)),
        ), parameter="audit_grid"),
)
"""The chapter's open choices with their alternatives (:class:`mmperf.assumptions.Assumption`)."""

ABLATIONS = (
    Ablation("reservations", removes="every reservation: s2-s4 run as best effort (no policer, no reserved FIFO)",
             apply=_reading("qos", False),
             meant_to_produce=("s2-*", "s3-*", "s4-*", "static-*", "tfd-*")),
    Ablation("tfd_renewal", removes="the TFD renewal: s4 holds one static rate per stream (the mean of its announcements)",
             apply=_reading("tfd_renewal", False),
             meant_to_produce=("s4-*", "tfd-*")),
)
"""The mechanisms the verdicts lean on, each with its removal (:class:`mmperf.assumptions.Ablation`). Both run on
the audit grid: compare them with the ``packet_grid=audit-grid`` reading, not with the book's column."""
