"""ns-2.35 as the independent oracle of the book's transport engine (issue #18).

For each validation case this driver writes the book's exact packet schedule of one Ortiz
cell (:func:`mmperf.experiments.ortiz2013.prepare_video`: 204,090 packets, one send per
packet), replays it in ns-2 with ``replay.tcl`` (same topology, queue and error model, ns-2
set to the book's values) under a wall-clock guard, and reads per-packet delivery from the
traces: TCP's cumulative ACK number, SCTP's cumulative TSN in its SACKs (ns-2's SCTP never
calls the receiving application; with one stream the cumulative TSN is the in-order
delivery, restored offline because ns-2 delivers unordered -- its ordered delivery stalls
after 65,536 messages). It also runs the book's engine on the same cell.

For the Chodorek chapter (issue #20) it runs the packet-level shared bottleneck's cells
(``BOTTLENECK_CASES``: paced video and K TCP NewReno flows through one drop-tail link; for the
scenarios with reservations, s2-s4, the book's granted rates and buckets policed by ns-2's
diffserv TokenBucket into a strict-priority queue) in ns-2 with ``dumbbell.tcl`` and writes
``data/validation/chodorek-*.csv`` (one row per seed) and ``chodorek-params.json`` (with the
reservations); ``python validation/ns2.py chodorek`` runs only those.
:mod:`mmperf.experiments.chodorek2018.ns2` reads them for the book.

For the Ortiz chapter's claim that the receiver "stops receiving data ... approximately at the
middle of the simulation" (issue #18, item 4) it replays the same schedule in ns-2 with the
*paper's* SCTP configuration (``ORDERED_CASES``: ns-2's defaults, ordered delivery, PR-SCTP
with one retransmission, and controls) and reads delivery to the application from the
receiver's window trace; ``python validation/ns2.py ordered`` runs only those and writes
``data/validation/ortiz-ordered.csv``, ``ortiz-ordered-series.csv`` and ``ortiz-ordered-params.json``.

What each of ns-2's defaults moves (issue #18, item 3): ``DEFAULT_VARIANTS`` rerun a case with one
ns-2 default restored (``replay.tcl -set`` / ``-setsrc``) beside the same case with the book's settings;
``python validation/ns2.py defaults`` runs only those and writes ``data/validation/ns2-defaults.csv`` and
``ns2-defaults-params.json``.

``python validation/ns2.py [case ...]`` (``make validate``) writes ``data/validation/<case>.csv``
(one row per seed: delay mean / p99 / max [s], delivered fraction, queue and error drops,
retransmissions), ``<case>-quantiles.csv`` (the delay distribution, 0-100 % in 1 % steps)
and ``params.json`` (every setting that produced them). Nothing of the book imports this.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import numbers
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TCL = HERE / "replay.tcl"
OUT = ROOT / "data" / "validation"
TIMEOUT_S = 120.0
"""Wall-clock guard of one ns-2 run (a lossless Ortiz cell takes about 4 s)."""

QUANTILES = np.linspace(0.0, 1.0, 101)

NS2_SETTINGS = {
    "tcp": {
        "agent": "Agent/TCP/FullTcp", "segsize_": 1460, "window_": 44, "windowInit_": 2, "segsperack_": 1,
        "nodelay_": "true", "receiver segsize_": 1, "minrto_": 0.2, "maxrto_": 60, "rtxcur_init_": 3.0, "tcpTick_": 0.001,
        "path": "first link only",
        "note": "the book's TcpConfig: 64 KiB window (44 x 1460 bytes) advertised in full, initial window 2, "
                "an ACK per segment (segsperack_ 1 and a 1-byte receiver segment, since FullTcp "
                "ACKs per full segment of bytes), Nagle off; ns-2 defaults: window 20, 536-byte segments",
    },
    "sctp": {
        "agent": "Agent/SCTP", "mtu_": 1508, "dataChunkSize_": 1476, "initialRwnd_": 262144,
        "initialSsthresh_": 262144, "useDelayedSacks_": 0, "pathMaxRetrans_": 1, "changePrimaryThresh_": 1,
        "numOutStreams_": 1, "unordered_": 1, "reliability_": 0, "useMaxBurst_": 1,
        "path": "two interfaces, primary the first link",
        "note": "the book's SctpConfig (SCTPReliable): rwnd and ssthresh 256 KiB, a SACK per packet, "
                "pathMaxRetrans and changePrimaryThresh 1; MTU 1508 because 1500 cannot carry a 1460-byte "
                "message with its 48 header bytes; unordered delivery, reordered offline (one stream)",
    },
    "cmt": {
        "agent": "Agent/SCTP/CMT", "as sctp": "every setting of sctp above", "useCmtReordering_": 1,
        "useCmtCwnd_": 1, "useCmtDelAck_": 0, "eCmtRtxPolicy_": 4, "useCmtPF_": 0,
        "path": "two interfaces, new data on both",
        "note": "the book's CMTMultiReliable (SctpConfig cmt True): split fast retransmit, cwnd update for CMT, "
                "retransmissions to the path with the larger cwnd (RTX_CWND), PF off, and DAC off as the book's "
                "default (cmt_dac False); a case's ns2_set turns DAC on (useCmtDelAck_ 1, ns-2's default) where the "
                "book runs cmt_dac True",
    },
    "sctp_layers": {
        "for": "cases with layer_rtx (SCTPMultiUnreliable, SCTPMultiMixed)",
        "numUnrelStreams_": 1, "reliability_": "per message: 1 for an unreliable layer, 65535 for a reliable one",
        "note": "replay.tcl -layerrtx: ns-2.35's non-SCTP-aware application writes every message to stream 0 "
                "(sctp.cc, sendmsg), and reliability is a stream's mode with a limit per message copied from "
                "reliability_ when it is written; stream 0 is unreliable and each message carries its layer's limit; "
                "the layers' in-order delivery is read offline from arrivals and the cumulative TSN (layered_delivery)",
    },
    "network": {
        "links": "two duplex links between the interface nodes, DropTail",
        "error_model": "ErrorModel, unit pkt, RandomVariable/Uniform, on the forward link after transmission "
                       "(link-lossmodel), rate set at the loss onset",
        "trace": "trace-queue on every link; show_tcphdr_ (TCP) or show_sctphdr_ (SCTP)",
    },
}


@dataclass(frozen=True)
class Case:
    """One validation case: an Ortiz cell, the seeds, and the tolerance of the comparison."""

    name: str
    strategy: str          # key of ortiz2013.STRATEGIES
    transport: str         # "tcp", "sctp" or "cmt" (replay.tcl's)
    bandwidth_mbps: float
    error_rate: float
    seeds: tuple           # book root seeds = ns-2 RNG seeds
    tolerance: str         # human-readable
    mean_rel_tol: float | None = None   # lossless: |book / ns-2 - 1| on the mean delay
    median_factor: float | None = None  # lossy: median over seeds of the mean delay, within this factor
    max_factor: float | None = None     # lossy: largest max delay over seeds, within this factor
    discrepancy: str | None = None      # a known disagreement the engine does not yet resolve (the test expects it)
    ns2_set: tuple = ()                 # (variable, value) pairs set on both ns-2 agents (replay.tcl -set)
    book_config: tuple = ()             # (field, value) pairs of the book's transport configuration for this case
    layer_rtx: tuple = ()               # PR-SCTP per layer (base, enhancement): retransmissions before a chunk
    #                                     is abandoned, -1 reliable (replay.tcl -layerrtx); () one reliable stream
    undelivered_factor: float | None = None  # with layer_rtx: the undelivered packets of an unreliable layer,
    #                                          summed over seeds, within this factor (a reliable layer: none)


LAYERED_TOLERANCE = ("median over seeds of the mean delay of the delivered packets within a factor 1.5; largest max "
                     "delay within 2x; every packet of a reliable layer delivered in both, and the undelivered "
                     "packets of an unreliable layer (chunks lost twice: about 1e-4 of those sent after the "
                     "onsets, some tens a run), summed over the seeds, within a factor 2 (Poisson noise of counts "
                     "this small)")
"""The tolerance of the multi-stream unreliable and mixed cases (the paper's Figs. 6-7), set before they were run
on more than one seed: the lossy SCTP cases' delay criteria and a criterion on what is not delivered."""

OPEN_RWND = 1 << 26
"""Receive window and initial ssthresh [bytes] of the cases run with an open window in both (64 MiB: never
binding): :data:`OPEN_WINDOW_NS2` and :data:`OPEN_WINDOW_BOOK`."""

OPEN_WINDOW_NS2 = (("initialRwnd_", OPEN_RWND), ("initialSsthresh_", OPEN_RWND))
"""ns-2's side of an open window (``replay.tcl -set``)."""

OPEN_WINDOW_BOOK = (("receive_buffer", OPEN_RWND),)
"""The book's side of an open window (``SctpConfig.receive_buffer``, which also sets the initial ssthresh)."""

OPEN_WINDOW_REASON = (
    "ns-2's receiver here delivers unordered (replay.tcl, unordered_ 1; the order is restored offline) and an "
    "unordered chunk is passed up as it arrives: sctp.cc, SctpAgent::PassToStream calls PassToUpperLayer for a "
    "chunk flagged SCTP_DATA_FLAG_UNORDERED, which credits uiMyRwnd back at once, so ns-2's advertised window never "
    "falls (an ordered chunk waits in InsertInStreamBuffer, its bytes off the window, until UpdateAllStreams passes "
    "it up in order). The book's receiver delivers each stream in order and holds the chunks above a loss against "
    "its window; while a loss waits for a T3 timeout (1 s or more) its 256 KiB window fills and stalls the sender, "
    "in the book alone. At 30 Mb/s and 1e-2 that stall set the largest delay: SCTPMultiMixed 138.3 s (seed 2) "
    "against ns-2's 67.3 s with 256 KiB, 74.6 s with the open window; ns-2 gives the same run, count for count, "
    "with either. Both therefore run with an open window (the receive window is compared nowhere here)")
"""Why the lossy SCTP cases at 30 Mb/s and every lossy CMT case run with an open window in both
(:data:`OPEN_WINDOW_NS2`, :data:`OPEN_WINDOW_BOOK`; for CMT, :data:`CMT_T3_WINDOW_STALL`)."""

CMT_T3_WINDOW_STALL = (
    "The CMT delay after a T3 timeout, traced (validation/cmt_t3_trace.py, cmt60-1e-2, seed 1) in both to the first "
    "divergence: the timeouts themselves agree. In both a chunk is lost, fast-retransmitted 11-21 ms later to the path "
    "with the larger cwnd (RTX_CWND; sctp-cmt.cc SelectRtxDest), lost again, and the path's T3 timer, restarted by "
    "that retransmission as the path's earliest outstanding chunk, expires 1 s later with an RTO of 1 s (no backoff "
    "in force); the chunks outstanding on the path and not gap-acknowledged are marked (sctp.cc TimeoutRtx) and "
    "the earliest goes to the other path and arrives about 5 ms later: the hole lasts 1.02 s in both (ns-2 TSN "
    "146607, 40.066-41.088 s; the book TSN 154858, 46.630-47.649 s). What differs is the data behind the hole: in "
    "ns-2 every packet generated during it is at the receiver when the hole fills and all are delivered at once "
    "(41.088 s), since its unordered receiver (replay.tcl unordered_ 1) passes each chunk up on arrival and credits "
    "its window back (sctp.cc PassToStream, lines 3563-3565; PassToUpperLayer, line 3486), so its 256 KiB never "
    "binds. The book's receiver holds the chunks above the hole in its window, as ns-2's ordered receiver does "
    "(InsertInStreamBuffer): 196 packets (155,054 - 154,858) fill 256 KiB at 46.80 s and the sender sends no new "
    "data until the hole fills (pauses of 0.80-0.93 s), then drains the backlog over another 0.36-0.88 s, so the "
    "packets generated in the hole's last 0.5 s are late too. Per timeout the book left 0.0089 of the video later "
    "than 0.5 s against ns-2's 0.0038 (seed 1: 0.071 over 8 timeouts against 0.034 over 9); with the window open in "
    "the book, 0.0036 (0.014 over 4 timeouts), its pauses at most 10 ms; over seeds 1-3 of both CMT cases, "
    "0.0032-0.0039 against ns-2's 0.0033-0.0056. ns-2 gives the same runs, count for count, with 256 KiB or the open "
    "window (every CMT case and variant), so the CMT cases run with the open window in both. Before that the book "
    "was 2.09x ns-2 at 60 Mb/s and 2.05x at 30 Mb/s on the median of the mean delay, and 3.60x with delayed SACKs "
    "(the variant cmt-delayed-sack-no-dac, a strict xfail); with it, 0.82x, 1.22x and 1.19x (largest delay 0.74x, "
    "0.90x, 1.10x), and ns-2's sender (SctpConfig.ns2_sack_clock), 2.69x, 4.42x and 2.29x with 256 KiB, is 0.74x, "
    "1.54x and 1.21x: its cost too was the window. The next divergence: "
    "the book's open-window sender falls behind the application late in a hole (the packets generated in it are "
    "delivered within a median 0.10-0.23 s of its end over the six runs, ns-2's within 0.008-0.012 s), and it times "
    "out less often (30 against 44). The cause is fast recovery: RFC 4960 (sec. 7.2.1, 7.2.4), which the book "
    "follows, stops a path's cwnd growth until the cumulative TSN passes the recovery's exit point, which a hole holds "
    "for a second; ns-2.35 grows cwnd in fast recovery (sctp.cc SctpAgent::AdjustCwnd, line 2482, has no such test) "
    "and cuts it again for a loss above the path's uiRecover (sctp-cmt.cc SctpCMTAgent::FastRtx, lines 4164-4213). "
    "With ns-2's rule (SctpConfig.ns2_cmt_recovery) the drain is 0.005-0.009 s, 38 timeouts, and the book is 0.86x "
    "ns-2 at 60 Mb/s and 1.38x at 30 Mb/s (largest delay 0.89x and 0.99x), 1.46x with delayed SACKs; the RFC and "
    "ns-2 differ, so it is an option and the cases run the book's default")
"""The first divergence of the book's CMT from ns-2's after a T3 timeout (#33): the book's receive window, not the
timeout; why the CMT cases run with an open window in both."""

LAYER_RTX = {"reliable": -1, "unreliable": 1}
"""replay.tcl's -layerrtx per reliability of the book's SctpConfig (rtx_limit 1: "at least one retransmission
for each loss"; ns-2 abandons a chunk marked for retransmission after more than reliability_ transmissions)."""

CMT_TOLERANCE = ("median over seeds of the mean delay within a factor 3 (delays of tens of ms, set by a few "
                 "retransmissions); largest max delay within 2x")

DAC_COUNT_DISCREPANCY = (
    "ns-2's DAC with a SACK per packet: the receiver counts the data packets since its last SACK only with delayed "
    "SACKs (sctp-cmt.cc, SctpCMTAgent::ProcessChunk increments iDataPktCountSinceLastSack inside `if "
    "(eUseDelayedSacks == FALSE) ... else`), and GenChunk copies that count into the SACK's flags, so with "
    "useDelayedSacks_ 0 every SACK reports 0 packets; ProcessGapAckBlocks then adds uiNumPacketsSacked = 0 missing "
    "reports to a TSN unless the SACK also acks a lower TSN of its destination (uiLowestTsnInSackForDest < TSN): "
    "few losses reach three reports and most wait for the T3 timeout (about 1 s). The book's DAC as specified (a "
    "SACK per packet reports 1 packet) adds one report per SACK, as without DAC, and misses ns-2's delays")

CMT_ONE_STREAM = (("multi_stream", False),)
"""The book's CMT in the validation cases: CMTMultiReliable with its two layers in one stream, as ns-2's
agents (numOutStreams_ 1) and the reading (in-order delivery of every TSN from the cumulative TSN) run it;
with two streams the book delivers a layer's chunks past a loss of the other layer, which the reading
cannot see."""

TCP_NS2_SSTHRESH = (("ssthresh_whole_segments", True),)
"""The book's TCP with ns-2 FullTcp's ssthresh rule (#33): after a loss, half of ``min(cwnd_, wnd_)`` in whole
segments (ns-2.35 ``tcp/tcp.cc``, ``TcpAgent::slowdown``: ``ssthresh_ = (int) halfwin``, ``halfwin = windowd() / 2``;
called by ``FullTcpAgent::dupack_action`` and ``timeout_action``, ``tcp/tcp-full.cc``) where the book halves the
flight size (RFC 5681). ns-2 has no setting for it (``precision_reduce_`` only changes the rounding), so it is what
the paper's FullTcp did. With it the book meets ns-2's timeouts on the traced input (``validation/tcp_trace.py``,
30 Mb/s, 1 %, seed 1: 71 against ns-2's 72; 47 with the book's rule) and most of the TCP gap closes; the book's
default keeps RFC 5681's rule (``TcpConfig.ssthresh_whole_segments`` False)."""

CASES = {c.name: c for c in (
    Case("tcp30-lossless", "TCP", "tcp", 30.0, 0.0, (1,), "mean delay within 5 %", mean_rel_tol=0.05),
    Case("sctp30-lossless", "SCTPReliable", "sctp", 30.0, 0.0, (1,), "mean delay within 5 %", mean_rel_tol=0.05),
    Case("tcp60-1e-2", "TCP", "tcp", 60.0, 1e-2, (1, 2, 3),
         "median over seeds of the mean delay within a factor 1.5; largest max delay within 2x",
         median_factor=1.5, max_factor=2.0),
    Case("sctp60-1e-2", "SCTPReliable", "sctp", 60.0, 1e-2, (1, 2, 3),
         "median over seeds of the mean delay within a factor 1.5; largest max delay within 2x",
         median_factor=1.5, max_factor=2.0),
    # CMT: the open window in both (CMT_T3_WINDOW_STALL): the book's 256 KiB, holding the chunks above a loss while
    # it waits for its T3 timer, stopped the sender in the book alone
    Case("cmt60-1e-2", "CMTMultiReliable", "cmt", 60.0, 1e-2, (1, 2, 3), CMT_TOLERANCE, median_factor=3.0,
         max_factor=2.0, ns2_set=OPEN_WINDOW_NS2, book_config=CMT_ONE_STREAM + OPEN_WINDOW_BOOK),
    Case("tcp30-1e-2", "TCP", "tcp", 30.0, 1e-2, (1, 2, 3),
         "median over seeds of the mean delay within a factor 1.5; largest max delay within 2x",
         median_factor=1.5, max_factor=2.0),
    Case("cmt30-1e-2", "CMTMultiReliable", "cmt", 30.0, 1e-2, (1, 2, 3), CMT_TOLERANCE, median_factor=3.0,
         max_factor=2.0, ns2_set=OPEN_WINDOW_NS2, book_config=CMT_ONE_STREAM + OPEN_WINDOW_BOOK),
    # the paper's Figs. 6-7: SCTP with a stream per layer, both unreliable (PR-SCTP, one retransmission) or the
    # base reliable and the enhancement unreliable; ns-2 writes both layers to one stream with a limit per
    # message (replay.tcl -layerrtx) and the layers' in-order delivery is restored offline (layered_delivery).
    # These and the reliable single stream at 30 Mb/s run with an open window in both (OPEN_WINDOW_REASON)
    Case("sctpmu30-1e-2", "SCTPMultiUnreliable", "sctp", 30.0, 1e-2, (1, 2, 3), LAYERED_TOLERANCE,
         median_factor=1.5, max_factor=2.0, layer_rtx=(LAYER_RTX["unreliable"], LAYER_RTX["unreliable"]),
         undelivered_factor=2.0, ns2_set=OPEN_WINDOW_NS2, book_config=OPEN_WINDOW_BOOK),
    Case("sctpmm30-1e-2", "SCTPMultiMixed", "sctp", 30.0, 1e-2, (1, 2, 3), LAYERED_TOLERANCE,
         median_factor=1.5, max_factor=2.0, layer_rtx=(LAYER_RTX["reliable"], LAYER_RTX["unreliable"]),
         undelivered_factor=2.0, ns2_set=OPEN_WINDOW_NS2, book_config=OPEN_WINDOW_BOOK),
    Case("sctp30-1e-2", "SCTPReliable", "sctp", 30.0, 1e-2, (1, 2, 3),
         "median over seeds of the mean delay within a factor 1.5; largest max delay within 2x",
         median_factor=1.5, max_factor=2.0, ns2_set=OPEN_WINDOW_NS2, book_config=OPEN_WINDOW_BOOK),
    # DAC on in both: ns-2's default (useCmtDelAck_ 1) against the book's cmt_dac with the SACK's packet
    # count as ns-2 reports it without delayed SACKs (0); DAC_COUNT_DISCREPANCY: the count as specified (1).
    # Every loss then waits for a T3 timer, and the tail is the backlog the sender builds while a path's
    # cwnd waits for its lost chunk: CMT's cwnd update grows a path's cwnd only when its pseudo-cumack
    # advances (sctp-cmt.cc, SctpCMTAgent::ProcessSackChunk calls AdjustCwnd only with eNewPseudoCum), so a
    # path whose earliest chunk is lost stops growing until the chunk is retransmitted. The book grew cwnd on
    # every gap-acknowledged chunk until the engine gated it the same way; its largest delay was then 2.3-2.8 s
    # against ns-2's 6.2-6.8 s (outside 2x), and is now inside the tolerance.
    # The receive window (and the initial ssthresh, which the book sets to it) open in both (OPEN_WINDOW_REASON):
    # ns-2's receiver delivers unordered and frees its window at once, so 256 KiB never binds in ns-2 (the
    # same counts and delays with either), while the book's, holding each stream's chunks above a loss for the
    # T3 timeout, would fill and stall the sender
    Case("cmt60-1e-2-dac", "CMTMultiReliable", "cmt", 60.0, 1e-2, (1, 2, 3), CMT_TOLERANCE, median_factor=3.0,
         max_factor=2.0, ns2_set=(("useCmtDelAck_", 1),) + OPEN_WINDOW_NS2,
         book_config=CMT_ONE_STREAM + (("cmt_dac", True), ("ns2_dac_count_defect", True)) + OPEN_WINDOW_BOOK),
)}


def params():
    """The Ortiz chapter's parameters with the engine's generic TCP, RFC 5681's ssthresh rule: the cases compare
    the engine's own rule with ns-2, and ns-2 FullTcp's rule (the chapter's default) as the option
    :data:`TCP_NS2_SSTHRESH`."""
    from mmperf.experiments import ortiz2013 as ex
    return ex.Params(tcp_ssthresh="rfc5681")


@functools.lru_cache(maxsize=1)
def video():
    from mmperf.experiments import ortiz2013 as ex
    return ex.prepare_video(params())


def schedule(v=None):
    """The book's packet schedule of the Ortiz video: send times [s] and payload bytes."""
    v = video() if v is None else v
    return np.asarray(v.send_times(), dtype=float), v.packets["bytes"].to_numpy().astype(np.int64)


def layers(v=None) -> np.ndarray:
    """The layer of each packet of the schedule (0 base, 1 enhancement)."""
    v = video() if v is None else v
    return v.packets["layer"].to_numpy().astype(np.int64)


def schedule_text(gen, sizes, layer=None) -> str:
    """One line per packet: send time [s] and payload bytes, and its layer if ``layer`` is given
    (for replay.tcl's -layerrtx)."""
    if layer is None:
        return "".join(f"{t:.9f} {int(b)}\n" for t, b in zip(gen, sizes))
    return "".join(f"{t:.9f} {int(b)} {int(k)}\n" for t, b, k in zip(gen, sizes, layer))


def ns2_version() -> str:
    """The installed ns-2's package version (Debian's ``ns2``), or ``"absent"``."""
    if shutil.which("ns") is None:
        return "absent"
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}", "ns2"], capture_output=True,
                             text=True, timeout=10)
        return out.stdout.strip() or "ns (not a Debian package)"
    except (OSError, subprocess.TimeoutExpired):
        return "ns (version unknown)"


def ns_executable() -> str:
    """The path of ``ns``; RuntimeError if ns-2 is not installed."""
    exe = shutil.which("ns")
    if exe is None:
        raise RuntimeError("ns (ns-2) is not on PATH; `make ns2` installs Debian's ns2")
    return exe


def run_ns2(case: Case, seed: int, gen, sizes, *, timeout_s: float = TIMEOUT_S, workdir=None) -> dict:
    """Run ns-2 on one case and seed; return the metrics (see :func:`metrics`).

    Raises
    ------
    RuntimeError
        If ``ns`` is missing, fails, or runs longer than ``timeout_s`` (wall clock).
    """
    exe = ns_executable()
    p = params()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        sched = Path(tmp) / "schedule.txt"
        trace = Path(tmp) / "out.tr"
        layer = layers() if case.layer_rtx else None
        sched.write_text(schedule_text(gen, sizes, layer))
        args = _replay_args(exe, case.transport, sched, trace, case.bandwidth_mbps, case.error_rate, seed) + \
            _set_args(case.ns2_set) + (["-layerrtx", " ".join(map(str, case.layer_rtx))] if case.layer_rtx else [])
        wall = _run_guarded(args, tmp, timeout_s, f"{case.name}, seed {seed}")
        deliver, counts = parse_trace(trace, case.transport, sizes)
        if case.layer_rtx:
            deliver = layered_delivery(trace, layer)
    m = metrics(gen, deliver)
    if case.layer_rtx:
        m.update(undelivered_by_layer(deliver, layer))
    return {**m, **counts, "wall_s": wall}


def layered_delivery(trace: Path, layer) -> np.ndarray:
    """Per packet (TSN 1..n), delivery time in its layer's stream from an SCTP packet trace (-1 if never).

    Packet i of layer l is delivered when it has arrived and so has, or has been skipped, every earlier
    packet of layer l: the latest over them of the first arrival at the receiver, or, for a packet that
    never arrived (abandoned), the receiver's first SACK whose cumulative TSN covers it (sent as it
    processes the FORWARD-TSN). A packet that never arrived is not delivered. With one reliable layer this
    is :func:`arrival_delivery`.
    """
    layer = np.asarray(layer)
    n = layer.size
    df = _read(trace, "sctp")
    first = first_arrivals(df)
    arrive = np.full(n, np.nan)
    arrive[:min(n, first.size)] = first[:n]
    sacks = df["src"].isin([2, 3]) & df["dst"].isin([0, 1]) & (df["ev"] == "+") & (df["flags"] == "-------S")
    at = df.loc[sacks, "t"].to_numpy(float)
    cum = np.maximum.accumulate(df.loc[sacks, "seq"].to_numpy(np.int64))
    k = np.searchsorted(cum, np.arange(1, n + 1), side="left")
    skipped = np.where(k < cum.size, at[np.minimum(k, max(cum.size - 1, 0))], np.inf) if cum.size else \
        np.full(n, np.inf)
    ready = np.where(np.isnan(arrive), skipped, arrive)
    out = np.full(n, -1.0)
    for lv in np.unique(layer):
        m = layer == lv
        r = np.maximum.accumulate(ready[m])
        out[m] = np.where(np.isnan(arrive[m]) | ~np.isfinite(r), -1.0, r)
    return out


def undelivered_by_layer(deliver, layer) -> dict:
    """Packets never delivered, per layer: ``undelivered_base`` and ``undelivered_enh``."""
    miss = np.asarray(deliver) < 0
    layer = np.asarray(layer)
    return {"undelivered_base": int((miss & (layer == 0)).sum()), "undelivered_enh": int((miss & (layer == 1)).sum())}


def _replay_args(exe: str, transport: str, sched: Path, trace: Path, bandwidth_mbps: float, error_rate: float,
                 seed: int, loss_start_s=None) -> list[str]:
    """The command line of ``replay.tcl`` for one cell on the book's network (Ortiz ``Params``;
    ``loss_start_s`` replaces the two links' loss onsets [s])."""
    p = params()
    start = p.loss_start_s if loss_start_s is None else loss_start_s
    return [exe, str(TCL), transport, str(sched), str(trace), f"{bandwidth_mbps:g}", f"{p.delay_s:g}",
            str(p.queue_limit), f"{error_rate:g}", f"{start[0]:g}", f"{start[1]:g}", str(int(seed)), f"{p.t_end_s:g}"]


def _set_args(pairs, option="-set") -> list[str]:
    """``replay.tcl``'s option setting agent variables (``-set`` or ``-setsrc``), or nothing for no pairs."""
    return [option, " ".join(f"{k} {v}" for k, v in pairs)] if pairs else []


def _run_guarded(args: list[str], cwd, timeout_s: float, what: str) -> float:
    """Run ns-2 under the wall-clock guard; return its wall time [s] or raise RuntimeError."""
    t0 = time.perf_counter()
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=timeout_s, cwd=cwd)
    except subprocess.TimeoutExpired as e:
        raise RuntimeError(f"ns-2 ran longer than {timeout_s:g} s on {what}") from e
    if out.returncode != 0:
        raise RuntimeError(f"ns-2 failed on {what}: {out.stderr[-2000:]}")
    return time.perf_counter() - t0


def _read(trace: Path, transport: str) -> pd.DataFrame:
    # columns: event time from to type size flags fid src dst, then for TCP seqno uid ackno ...,
    # for SCTP chunks tsn-or-cumtsn uid ssn stream
    cols = [0, 1, 2, 3, 4, 5, 6, 10, 12] if transport == "tcp" else [0, 1, 2, 3, 4, 5, 6, 11]
    names = ["ev", "t", "src", "dst", "type", "size", "flags", "seq", "ack"] if transport == "tcp" else \
        ["ev", "t", "src", "dst", "type", "size", "flags", "seq"]
    return pd.read_csv(trace, sep=" ", header=None, usecols=cols, names=names, engine="c",
                       dtype={"ev": "category", "type": "category", "flags": "category"})


def parse_trace(trace: Path, transport: str, sizes) -> tuple[np.ndarray, dict]:
    """Per-packet delivery time (-1 if never) and the forward links' data counters.

    Delivery of packet i is the first acknowledgement leaving the receiver that covers it:
    TCP's ACK number past its last byte (byte 0 is the SYN), SCTP's cumulative TSN at least
    i + 1 (one stream: in-order delivery). ``queue_drops`` = data packets enqueued and never
    sent, ``error_drops`` = sent and not received, ``retransmissions`` = data transmissions
    less the distinct data (TCP: distinct sequence numbers; SCTP: TSNs).
    """
    df = _read(trace, transport)
    fwd = df["src"].isin([0, 1]) & df["dst"].isin([2, 3])
    rev = df["src"].isin([2, 3]) & df["dst"].isin([0, 1])
    if transport == "tcp":
        data = fwd & (df["type"] == "tcp") & (df["size"] > 40)
        acks = rev & (df["ev"] == "+") & (df["type"] == "ack")
        ends = 1 + np.cumsum(np.asarray(sizes, dtype=np.int64))
        cum = df.loc[acks, "ack"].to_numpy(np.int64)
    else:
        data = fwd & (df["flags"] == "-------D")
        acks = rev & (df["ev"] == "+") & (df["flags"] == "-------S")
        ends = np.arange(1, len(sizes) + 1, dtype=np.int64)
        cum = df.loc[acks, "seq"].to_numpy(np.int64)
    at = df.loc[acks, "t"].to_numpy(float)
    cum = np.maximum.accumulate(cum) if cum.size else cum
    k = np.searchsorted(cum, ends, side="left")
    deliver = np.full(ends.size, -1.0)
    hit = k < cum.size
    deliver[hit] = at[k[hit]]
    ev = df.loc[data, "ev"]
    n_plus, n_minus, n_r = int((ev == "+").sum()), int((ev == "-").sum()), int((ev == "r").sum())
    distinct = df.loc[data & (df["ev"] == "+"), "seq"].nunique()
    return deliver, {"transmissions": n_plus, "queue_drops": n_plus - n_minus, "error_drops": n_minus - n_r,
                     "retransmissions": n_plus - int(distinct)}


def metrics(gen, deliver) -> dict:
    ok = deliver >= 0
    d = deliver[ok] - np.asarray(gen)[ok]
    return {"delivered_frac": float(ok.mean()), "delay_mean_s": float(d.mean()) if d.size else np.nan,
            "delay_p99_s": float(np.quantile(d, 0.99)) if d.size else np.nan,
            "delay_max_s": float(d.max()) if d.size else np.nan, "_delays": d}


def run_book(case: Case, seed: int, v=None) -> dict:
    """The book's engine on the same cell and root seed (ortiz2013.run_one)."""
    from mmperf.experiments import ortiz2013 as ex
    v = video() if v is None else v
    r = ex.run_one(v, case.strategy, case.bandwidth_mbps, case.error_rate, params(), seed=int(seed),
                   **dict(case.book_config)).result
    lc = r.link_counters
    m = metrics(r.gen_time, r.deliver_time)
    if case.layer_rtx:
        m.update(undelivered_by_layer(r.deliver_time, layers(v)))
    return {**m, "transmissions": int(r.transmissions.sum()), "queue_drops": int(lc["queue_drops"].sum()),
            "error_drops": int(lc["error_drops"].sum()),
            "retransmissions": int((r.transmissions - 1).clip(min=0).sum())}


COLUMNS = ["case", "seed", "delivered_frac", "delay_mean_s", "delay_p99_s", "delay_max_s", "queue_drops",
           "error_drops", "retransmissions", "transmissions"]
LAYERED_COLUMNS = COLUMNS + ["undelivered_base", "undelivered_enh"]
"""The columns of a case with PR-SCTP per layer (``Case.layer_rtx``)."""


def run_case(case: Case, gen, sizes, **kw) -> tuple[pd.DataFrame, pd.DataFrame]:
    """ns-2 on every seed of a case: the per-seed rows and the delay quantiles."""
    rows, qs = [], []
    for seed in case.seeds:
        m = run_ns2(case, seed, gen, sizes, **kw)
        d = m.pop("_delays")
        m.pop("wall_s")
        rows.append({"case": case.name, "seed": seed, **m})
        qs.append(pd.DataFrame({"case": case.name, "seed": seed, "quantile": QUANTILES,
                                "delay_s": np.quantile(d, QUANTILES)}))
    return pd.DataFrame(rows)[LAYERED_COLUMNS if case.layer_rtx else COLUMNS], pd.concat(qs, ignore_index=True)


def schedule_sha256(gen, sizes) -> str:
    return hashlib.sha256(schedule_text(gen, sizes).encode()).hexdigest()


# ---------------------------------------------------------------------------------------------
# Chodorek cells (issue #20): the packet-level shared bottleneck against ns-2's dumbbell
# ---------------------------------------------------------------------------------------------

DUMBBELL_TCL = HERE / "dumbbell.tcl"
BOTTLENECK_TIMEOUT_S = 600.0
"""Wall-clock guard of one ns-2 Chodorek run (30 s of K = 10, N = 10 takes about 18 s of CPU): a run past it
raises a RuntimeError naming the case and seed."""

NS2_BOTTLENECK_SETTINGS = {
    "scheduler": "Heap (`$ns use-scheduler Heap`; the default Calendar stalled on s1, K = 5, N = 5)",
    "topology": "two nodes r1 -> r2, one duplex link of capacity_bps and rtt_s / 2, DropTail, queue-limit "
                "buffer_packets both ways; every agent on r1, every sink on r2; a flow monitor (Fid) on r1 -> r2",
    "video": "one Agent/UDP (fid 0, packetSize_ 2000: one packet per send) replaying the merged schedule with "
             "`$ns at t \"$udp send bytes\"`, scheduled 0.1-0.2 s ahead by a loader (every send up to 0.3 s or the "
             "last TCP start at time 0, before the starts): the events and their order of all sends scheduled at "
             "time 0 (dumbbell.tcl's header says why), 10x faster; an Agent/Null sink",
    "tcp": {"agent": "Agent/TCP/Newreno", "sink": "Agent/TCPSink (an ACK per segment)", "app": "Application/FTP",
            "packetSize_": 1460, "window_": "rwnd_packets", "ssthresh_": "rwnd_packets", "windowInit_": 2,
            "maxburst_": 0, "syn_": "false", "delay_growth_": "false", "minrto_": 0.2, "maxrto_": 60,
            "rtxcur_init_": 1.0, "tcpTick_": 0.001,
            "note": "ns-2's NewReno defaults otherwise (newreno_changes1_ 1, partial_window_deflation_ 1, singledup_ 1); "
                    "1460 + 40 header bytes = the model's 1500-byte packets; no SYN, an initial RTO of 1 s and a "
                    "1-ms timer clock as the model (RFC 6298)"},
    "measures": "flow monitor counters at t_end: arrivals, drops, departures (packets; a departure is counted "
                "when transmission starts, the model's when it ends); TCP agents' ncwndcuts_ and nrexmit_",
}


NS2_RESERVATION_SETTINGS = {
    "edge": "one node per policed source (a stream; for s4 a stream and rate window), a simplex link of 1e15 bit/s "
            "and no delay to r1 with a Queue/dsRED/edge: addPolicyEntry <source> <r2> TokenBucket 10 <CIR bit/s> "
            "<CBS bytes>, addPolicerEntry TokenBucket 10 11 (a packet finding its size in tokens keeps code point 10, "
            "else 11); one physical queue, DROP mode, limit 1e6",
    "core": "r1 -> r2 a Queue/dsRED/core, numQueues_ 2, setNumPrec 1, setSchedularMode PRI (queue 0 first, "
            "non-preemptive), setMREDMode DROP; addPHBEntry 10 0 0 (reserved), 11 1 0 (excess video), 0 1 0 (TCP); "
            "configQ 0 0 1e6 (reserved: unbounded as the book's), configQ 1 0 buffer_packets - 1 (best effort: dropped "
            "when buffer_packets - 1 wait, i.e. buffer_packets in the system with one in transmission, as DropTail; "
            "the book counts the packet in transmission only when it is best effort, so while a reserved packet is "
            "sent it lets one more best-effort packet wait); queue-limit 1e6; r2 -> r1 DropTail, buffer_packets",
    "tfd": "ns-2.35 cannot change a TokenBucket's CIR at run time: dsPolicy.cc addPolicyEntry appends an entry "
           "(at most MAX_POLICIES = 20 per queue) and getPolicyTableEntry returns the first that matches the "
           "(source, destination) pair, so a second entry is never used; no command sets cir. A renewed reservation is "
           "therefore one source per stream and window (its packets sent from that source's node), each with its "
           "own bucket, full at the window's start, where the book's bucket carries its tokens across windows",
    "measures": "as s1, and the core queue's getStat pkts / drops per code point (10: conforming video)",
}


@dataclass(frozen=True)
class BottleneckCase:
    """One Chodorek cell for the packet model against ns-2, and its tolerance.

    ``scenario`` "s1" is best effort (``dumbbell.tcl``'s DropTail link); "s2"-"s4" police the video
    with the reservations the book grants (:func:`bottleneck_reservations`) in ns-2's diffserv queues.
    """

    name: str
    n_videos: int
    k_flows: int
    seeds: tuple           # root seeds of the book (video replication 0, TCP start times)
    scenario: str = "s1"
    duration_s: float = 30.0
    buffer_packets: int = 50
    rtt_s: float = 0.004
    rwnd_packets: int = 10_000
    utilization_points: float = 1.0   # |book - ns-2| of the mean over seeds [points]
    tcp_throughput_rel: float = 0.03  # |book / ns-2 - 1| of the mean over seeds
    loss_factor: float = 1.5          # video PER and TCP loss (means over seeds) within this factor
    discrepant: tuple = ()            # metrics of the comparison table outside the tolerance for a known cause
    discrepancy: str | None = None    # that cause (the test expects the disagreement: a strict xfail)


TOLERANCE = ("means over the seeds: link utilization within 1 point, TCP throughput within 3 %, video PER and "
             "TCP loss within a factor 1.5. Measured (30 s, seeds 1-3): at most 0.5 points, 0.6 % and 7 %; the "
             "margins leave room for timing details (a departure counted when its transmission starts in ns-2 and "
             "ends in the model; event order at equal times): which packets meet a full buffer moves with them, "
             "per seed by up to 30 % at K = 10, N = 1 (a few hundred to a few thousand drops a run), while the "
             "fluid model is 7x off on video PER at K = 1, N = 1")

S4_BUCKET_DISCREPANCY = (
    "s4 at K = 10, N = 10: the book loses 13, 9 and 0 video packets of 1.7-1.8 million (seeds 1-3), ns-2 none. The "
    "cause is the set-up, not the bottleneck: ns-2.35 cannot renew a TokenBucket's rate, so each stream and window "
    "has a bucket of its own, full when the window starts, and every video packet conforms; the book's bucket "
    "carries its tokens over and runs short for 655, 672 and 15 packets, which join best effort, where a few meet "
    "a full buffer. Every other metric, the conforming count (ns-2 above the book, as it must be) included, is "
    "within the tolerance")

BOTTLENECK_CASES = {c.name: c for c in (
    BottleneckCase("chodorek-k1-n1", 1, 1, (1, 2, 3)),
    BottleneckCase("chodorek-k10-n1", 1, 10, (1, 2, 3)),
    BottleneckCase("chodorek-k10-n10", 10, 10, (1, 2, 3)),
    BottleneckCase("chodorek-s2-k10-n1", 1, 10, (1, 2, 3), scenario="s2"),
    BottleneckCase("chodorek-s3-k10-n1", 1, 10, (1, 2, 3), scenario="s3"),
    BottleneckCase("chodorek-s4-k10-n1", 1, 10, (1, 2, 3), scenario="s4"),
    BottleneckCase("chodorek-s2-k10-n10", 10, 10, (1, 2, 3), scenario="s2"),
    BottleneckCase("chodorek-s4-k10-n10", 10, 10, (1, 2, 3), scenario="s4", discrepant=("video PER",),
                   discrepancy=S4_BUCKET_DISCREPANCY),
)}

BOTTLENECK_COLUMNS = ["case", "seed", "video_sent", "video_dropped", "video_per_pct", "tcp_sent", "tcp_dropped",
                      "tcp_loss_pct", "video_throughput_mbps", "tcp_throughput_mbps", "utilization_pct", "jain_index",
                      "tcp_fast_retransmits", "tcp_timeouts"]
RESERVATION_COLUMNS = BOTTLENECK_COLUMNS + ["video_conforming", "conforming_dropped"]
"""Columns of a case with reservations: also the video packets the policer let into the reserved
queue (ns-2: those arriving at the core queue with code point 10) and how many of them were dropped."""

RESERVATION_TOLERANCE = (
    "as s1 (means over the seeds: utilization within 1 point, TCP throughput within 3 %, video PER and TCP loss "
    "within a factor 1.5, a PER of zero in both counting as agreement), and the policer's split: the conforming "
    "video packets equal within 0.1 % (the same packets at the same times meet the same token bucket; the "
    "0.01-ns edge link and the schedule's 1-ns print are the only differences), none of them dropped. For s4 "
    "ns-2 gives each stream and window a bucket of its own, full when the window starts, where the book carries "
    "the tokens over: ns-2 may let more packets conform, never fewer, and does so only where the book's bucket "
    "runs short at a window's start")


def chodorek_params():
    """The Chodorek chapter's parameters ns-2 is given: :data:`mmperf.experiments.chodorek2018.ns2.NS2_PARAMS`
    (each case's reservations from the statistics of its own 30-s run, ``tspec_span='run'``; the chapter's
    default declares the whole 152-s stream's TSpec, which changes the rates and buckets, not the policer or
    the queues the cross-check validates)."""
    from mmperf.experiments.chodorek2018 import ns2 as chodorek_ns2
    return chodorek_ns2.NS2_PARAMS


def bottleneck_inputs(case: BottleneckCase, seed: int):
    """The book's video packet schedule (times, sizes) and TCP start times of a case and seed."""
    from mmperf.experiments.chodorek2018 import packet
    vt, vb = packet.video_packets(chodorek_params(), 0, case.n_videos, seed=seed, duration_s=case.duration_s)
    return vt, vb, packet.tcp_starts(0, case.k_flows, seed=seed)


def bottleneck_reservations(case: BottleneckCase, seed: int) -> dict:
    """The reservations the book grants in a case and seed (:func:`packet.packet_reservations`; empty for s1)."""
    from mmperf.experiments.chodorek2018 import packet
    return packet.packet_reservations(chodorek_params(), case.scenario, 0, case.n_videos, seed=seed,
                                      duration_s=case.duration_s)


def ns2_sources(resv: dict, streams: np.ndarray, times: np.ndarray) -> tuple[np.ndarray, list]:
    """ns-2's policed sources for the reservations ``resv`` (:func:`bottleneck_reservations`).

    A static reservation (s2, s3) is one source per stream. ns-2's TokenBucket cannot change its
    rate, so a renewed one (s4) is one source per stream and rate window: window ``u`` of stream
    ``i`` takes the packets sent in ``[u P + d, (u + 1) P + d)`` (``u = -1`` before ``d``, rate 0;
    the last window's after the last), as the book's policer applies the rates.

    Returns
    -------
    source : numpy.ndarray of int
        Each video packet's source.
    table : list of (int, float, float)
        ``(source, CIR [bit/s], CBS [bytes])`` of every source that sends a packet.
    """
    rates = np.asarray(resv["reserved_bps"], float)
    depth = np.asarray(resv["bucket_bytes"], float)
    if rates.ndim == 1:
        return streams.astype(np.int64), [(int(i), float(rates[i]), float(depth[i])) for i in np.unique(streams)]
    P, d = float(resv["reservation_period_s"]), float(resv["signalling_delay_s"])
    W = rates.shape[1]
    u = np.where(times >= d, np.floor((times - d) / P), -1).astype(np.int64)
    u = np.minimum(u, W - 1)
    source = streams.astype(np.int64) * (W + 1) + u + 1
    table = []
    for j in np.unique(source):
        i, w = divmod(int(j), W + 1)
        table.append((int(j), 0.0 if w == 0 else float(rates[i, w - 1]), float(depth[i])))
    return source, table


def _unwrap32(value: int, expected: float) -> int:
    """ns-2 keeps byte counters in 32-bit ints: the count nearest ``expected`` congruent to ``value``."""
    v = value % 2**32
    return int(v + 2**32 * round((expected - v) / 2**32))


def run_ns2_bottleneck(case: BottleneckCase, seed: int, *, timeout_s: float = BOTTLENECK_TIMEOUT_S, workdir=None,
                       reservations: dict | None = None, lookahead_s: float | None = None) -> dict:
    """ns-2 on one Chodorek case and seed: the metrics of :data:`BOTTLENECK_COLUMNS` and ``wall_s``
    (with reservations also those of :data:`RESERVATION_COLUMNS`).

    ``reservations`` (the keys of :func:`bottleneck_reservations`) replaces the book's grants and
    runs the diffserv set-up even for s1: with a rate and bucket of 0 every video packet is excess,
    which checks that the diffserv queues reproduce the DropTail link.

    ``lookahead_s`` sets how far ahead ``dumbbell.tcl`` schedules the video sends (its
    ``DUMBBELL_LOOKAHEAD_S``; None: the script's 0.1 s; ``case.duration_s`` or more: every send at
    time 0). The run must not depend on it (the script's header says why).

    Raises RuntimeError as :func:`run_ns2` does (no ns-2, a failure, or longer than ``timeout_s``), and
    TypeError or ValueError for a ``lookahead_s`` that is not a finite number of seconds above 0.
    """
    env = None
    if lookahead_s is not None:
        if isinstance(lookahead_s, bool) or not isinstance(lookahead_s, numbers.Real):
            raise TypeError(f"lookahead_s must be a number of seconds or None, not {type(lookahead_s).__name__}")
        if not (math.isfinite(lookahead_s) and lookahead_s > 0):
            raise ValueError(f"lookahead_s must be a finite number of seconds above 0, not {lookahead_s!r}")
        env = {**os.environ, "DUMBBELL_LOOKAHEAD_S": repr(float(lookahead_s))}
    exe = ns_executable()
    vt, vb, starts = bottleneck_inputs(case, seed)
    cap = chodorek_params().capacity_bps
    pkt = chodorek_params().packet_bytes
    if reservations is None and case.scenario != "s1":
        reservations = bottleneck_reservations(case, seed)
    resv = reservations is not None
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        vfile, sfile, out = Path(tmp) / "video.txt", Path(tmp) / "starts.txt", Path(tmp) / "out.txt"
        sfile.write_text("".join(f"{t:.9f}\n" for t in starts))
        args = [exe, str(DUMBBELL_TCL), str(vfile), str(sfile), str(out), f"{cap:.0f}", f"{case.rtt_s / 2:g}",
                str(case.buffer_packets), f"{case.duration_s:g}", str(case.rwnd_packets)]
        if resv:
            from mmperf.experiments.chodorek2018 import packet
            _, _, streams = packet.video_packets(chodorek_params(), 0, case.n_videos, seed=seed,
                                                 duration_s=case.duration_s, streams=True)
            source, table = ns2_sources(reservations, streams, vt)
            vfile.write_text("".join(f"{t:.9f} {int(b)} {j}\n" for t, b, j in zip(vt, vb, source)))
            rfile = Path(tmp) / "reservations.txt"
            rfile.write_text("".join(f"{j} {r:.17g} {b:.17g}\n" for j, r, b in table))
            args.append(str(rfile))
        else:
            vfile.write_text(schedule_text(vt, vb))
        t0 = time.perf_counter()
        try:
            run = subprocess.run(args, capture_output=True, text=True, timeout=timeout_s, cwd=tmp, env=env)
        except subprocess.TimeoutExpired as e:
            raise RuntimeError(f"ns-2 ran longer than {timeout_s:g} s on {case.name}, seed {seed}") from e
        if run.returncode != 0 or not out.exists():
            raise RuntimeError(f"ns-2 failed on {case.name}, seed {seed}: {run.stderr[-2000:]}")
        wall = time.perf_counter() - t0
        lines = [ln.split() for ln in out.read_text().splitlines() if ln.strip()]
    flows = {int(r[0]): [int(x) for x in r[1:]] for r in lines if r[0] not in ("tcp", "cp")}
    cps = {int(r[1]): (int(r[2]), int(r[3])) for r in lines if r[0] == "cp"}
    agents = np.array([[int(x) for x in r[2:]] for r in lines if r[0] == "tcp"], dtype=np.int64).reshape(-1, 4)
    # flow rows: parrivals pdrops pdepartures barrivals bdrops bdepartures
    v = flows.get(0, [0] * 6)
    tcp = np.array([flows.get(k + 1, [0] * 6) for k in range(case.k_flows)], dtype=np.int64).reshape(-1, 6)
    video_bytes = _unwrap32(v[5], float(vb.sum()) - v[4])
    tcp_link = tcp[:, 2].astype(float) * pkt
    dur = case.duration_s
    extra = {"video_conforming": cps.get(10, (0, 0))[0], "conforming_dropped": cps.get(10, (0, 0))[1]} if resv else {}
    return {**extra, "video_sent": v[0], "video_dropped": v[1], "video_per_pct": 100 * v[1] / v[0] if v[0] else 0.0,
            "tcp_sent": int(tcp[:, 0].sum()), "tcp_dropped": int(tcp[:, 1].sum()),
            "tcp_loss_pct": 100 * tcp[:, 1].sum() / tcp[:, 0].sum() if tcp.size else 0.0,
            "video_throughput_mbps": video_bytes * 8 / dur / 1e6, "tcp_throughput_mbps": tcp_link.sum() * 8 / dur / 1e6,
            "utilization_pct": 100 * (video_bytes + tcp_link.sum()) * 8 / (cap * dur),
            "jain_index": float(tcp_link.sum() ** 2 / (tcp_link.size * (tcp_link ** 2).sum())) if tcp.size else np.nan,
            "tcp_fast_retransmits": int(agents[:, 2].sum()), "tcp_timeouts": int(agents[:, 3].sum()), "wall_s": wall}


def run_book_bottleneck(case: BottleneckCase, seed: int, *, bucket_renewal: str = "carry") -> dict:
    """The book's packet model (:func:`mmperf.experiments.chodorek2018.packet.run_packet_cell`) on the case
    (``bucket_renewal='full'``: a renewed reservation's bucket full at every window's start, as ns-2's)."""
    from mmperf.experiments.chodorek2018 import packet
    return packet.run_packet_cell(chodorek_params(), n_videos=case.n_videos, k_flows=case.k_flows, replication=0,
                                  seed=seed, buffer_packets=case.buffer_packets, rtt_s=case.rtt_s,
                                  duration_s=case.duration_s, scenario=case.scenario, bucket_renewal=bucket_renewal)


def run_bottleneck_case(case: BottleneckCase, **kw) -> pd.DataFrame:
    """ns-2 on every seed of a Chodorek case: one row per seed."""
    rows = []
    for seed in case.seeds:
        m = run_ns2_bottleneck(case, seed, **kw)
        print(f"  {case.name} seed {seed}: ns-2 {m['wall_s']:.1f} s", flush=True)
        rows.append({"case": case.name, "seed": seed, **m})
    return pd.DataFrame(rows)[BOTTLENECK_COLUMNS if case.scenario == "s1" else RESERVATION_COLUMNS]


def bottleneck_meta() -> dict:
    """Everything that produced ``data/validation/chodorek-*.csv`` (written to ``chodorek-params.json``)."""
    sched = {}
    for name, case in BOTTLENECK_CASES.items():
        for seed in case.seeds:
            vt, vb, st = bottleneck_inputs(case, seed)
            sched[f"{name}/{seed}"] = {"video_packets": int(vt.size), "video_sha256": schedule_sha256(vt, vb),
                                       "tcp_start_s": [float(x) for x in st]}
            if case.scenario != "s1":
                sched[f"{name}/{seed}"]["reservations"] = reservation_record(bottleneck_reservations(case, seed))
    return {"ns2": ns2_version(), "script": "validation/dumbbell.tcl", "driver": "validation/ns2.py",
            "model": "mmperf.networks.shared_bottleneck via mmperf.experiments.chodorek2018.packet.run_packet_cell",
            "video": "chodorek2018 Params() streams 0..N-1 of replication 0 under the root seed, paced packets "
                     "(mmperf.media.hdvideo.packet_schedule), merged in time order",
            "scenarios": {"s1": "best effort (DropTail)",
                          "s2-s4": "the book's granted reservations (mmperf.experiments.chodorek2018.packet."
                                   "packet_reservations: s2 150 % of the target rate, s3 the largest 1-s mean rate, s4 "
                                   "each 300-ms window's announced bytes, in force after the signalling delay), policed "
                                   "per stream by ns-2's diffserv TokenBucket into a strict-priority queue"},
            "capacity_bps": chodorek_params().capacity_bps,
            "ns2_settings": NS2_BOTTLENECK_SETTINGS, "ns2_reservation_settings": NS2_RESERVATION_SETTINGS,
            "timeout_s": BOTTLENECK_TIMEOUT_S, "tolerance": TOLERANCE, "reservation_tolerance": RESERVATION_TOLERANCE,
            "cases": {n: {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(c).items()}
                      for n, c in BOTTLENECK_CASES.items()},
            "schedules": sched}


def reservation_record(resv: dict) -> dict:
    """The reservations of one case and seed as committed in ``chodorek-params.json`` (rates [bit/s], buckets [bytes])."""
    rates = np.asarray(resv["reserved_bps"], float)
    out = {"reserved_bps": rates.tolist(), "bucket_bytes": np.asarray(resv["bucket_bytes"], float).tolist()}
    if rates.ndim == 2:
        out.update(reservation_period_s=float(resv["reservation_period_s"]),
                   signalling_delay_s=float(resv["signalling_delay_s"]))
    return out



# ---------------------------------------------------------------------------------------------
# The Ortiz paper's own configuration (issue #18, item 4): does ns-2's receiver stop delivering?
# ---------------------------------------------------------------------------------------------

SSN_WRAP = 65_536
"""ns-2's stream sequence numbers are 16-bit (``u_short`` in sctp.h)."""

ORDERED_OUT = "ortiz-ordered"
SERIES_STEP_S = 0.5
SERIES_END_S = 200.0
"""Time step and end [s] of the committed in-order delivery series (``ortiz-ordered-series.csv``); every
run lasts to ``Params.t_end_s`` (1000 s) and the last delivery of any case comes before 200 s."""

NS2_PAPER_SETTINGS = {
    "agent": "Agent/SCTP (both ends), two interfaces each, primary the first link",
    "stated_by_the_paper": {
        "pathMaxRetrans_": 1, "changePrimaryThresh_": 1,
        "unreliable": "numUnrelStreams_ 1, reliability_ 1: PR-SCTP abandoning a chunk after one retransmission. "
                      "The paper sets 'the Reliability parameter to 0' yet 'configured the SCTP protocol to send at "
                      "least one retransmission for each loss'; in ns-2 reliability_ is the number of "
                      "retransmissions of an unreliable stream's chunk (sctp.cc MarkChunkForRtx abandons a chunk "
                      "once its transmissions exceed it), so 0 would retransmit nothing: 1 is the stated behaviour "
                      "(and the book's rtx_limit). reliability_ 0 is run as a variant.",
    },
    "ns2_defaults_kept": {
        "unordered_": "0 (ordered delivery)", "numOutStreams_": 1, "initialRwnd_": 65536, "initialSsthresh_": 65536,
        "useDelayedSacks_": "1 (sackDelay_ 0.2 s)", "initialCwnd_": "2 MTU", "initialRto_": 3.0, "minRto_": 1.0,
        "maxRto_": 60.0, "associationMaxRetrans_": 10, "heartbeatInterval_": 30, "rtxToAlt_": 1, "useMaxBurst_": 1,
    },
    "departure": {"mtu_": 1508, "dataChunkSize_": 1476,
                  "why": "ns-2's default MTU 1500 (dataChunkSize_ 1468) cannot carry the paper's 1460-byte messages "
                         "with 16 chunk, 12 common and 20 IP header bytes, and ns-2's SCTP does not fragment"},
    "controls": "the same with a reliable stream (numUnrelStreams_ 0), and with unordered delivery (unordered_ 1)",
    "reading": "the receiver's rwnd_ trace: its window falls by a chunk's length when the chunk is accepted and rises "
               "by it when the chunk is passed to the application (sctp.cc PassToUpperLayer), so each rise is one "
               "message delivered to the application; buffer - window = bytes held undelivered. The cumulative TSN "
               "of the receiver's SACKs (packet trace) is recorded beside it: with ordered delivery it can run ahead "
               "of what the application got",
}


@dataclass(frozen=True)
class OrderedCase:
    """One run of the paper's SCTP configuration in ns-2: a cell, the delivery mode, the seeds."""

    name: str
    role: str              # "paper", "control" or "variant"
    bandwidth_mbps: float
    error_rate: float
    ordered: bool
    unrel_rtx: int | None  # retransmissions of a PR-SCTP chunk before it is abandoned; None: reliable stream
    seeds: tuple
    loss_start_s: tuple | None = None  # loss onsets on links 1 and 2 [s]; None: the paper's 20 and 40 s

    @property
    def strategy(self) -> str:
        return "SCTPReliable" if self.unrel_rtx is None else "SCTPUnreliable"


ORDERED_CASES = {c.name: c for c in (
    OrderedCase("unrel-ordered-30", "paper", 30.0, 1e-2, True, 1, (1, 2, 3)),
    OrderedCase("unrel-ordered-60", "paper", 60.0, 1e-2, True, 1, (1, 2, 3)),
    OrderedCase("rel-ordered-30", "control", 30.0, 1e-2, True, None, (1, 2, 3)),
    OrderedCase("rel-ordered-60", "control", 60.0, 1e-2, True, None, (1, 2, 3)),
    OrderedCase("unrel-unordered-30", "control", 30.0, 1e-2, False, 1, (1, 2, 3)),
    OrderedCase("unrel-unordered-60", "control", 60.0, 1e-2, False, 1, (1, 2, 3)),
    OrderedCase("rel-ordered-lossless-30", "control", 30.0, 0.0, True, None, (1,)),
    OrderedCase("unrel0-ordered-30", "variant", 30.0, 1e-2, True, 0, (1, 2, 3)),
    # the cause: no loss on link 2 (where retransmissions go, so none is lost and none abandoned),
    # and losses from 10 / 12 s (the stall then comes before the 65,536th message)
    OrderedCase("unrel-ordered-30-no-loss2", "variant", 30.0, 1e-2, True, 1, (1, 2, 3), (20.0, 1000.0)),
    OrderedCase("unrel-ordered-30-early-loss", "variant", 30.0, 1e-2, True, 1, (1, 2, 3), (10.0, 12.0)),
)}

ORDERED_COLUMNS = ["case", "seed", "role", "strategy", "bandwidth_mbps", "error_rate", "loss_start_2_s", "ordered",
                   "unrel_rtx",
                   "last_delivery_s", "last_delivery_share", "delivered_frac", "messages_delivered",
                   "wrap_reached", "stalled", "held_bytes", "cum_tsn", "last_data_sent_s", "reading_check_max_s"]


def sequence_duration() -> float:
    """The test sequence's duration [s]: frames / frame rate (84.64 s)."""
    v = video()
    return v.n_frames / v.frame_rate


def read_rwnd_trace(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """The receiver's ``rwnd_`` trace: times [s] and window values [bytes], in trace order."""
    t, w = [], []
    with open(path) as fh:
        for line in fh:
            f = line.split()
            if len(f) >= 4 and f[0] == "time:" and f[2] == "rwnd:":
                t.append(float(f[1]))
                w.append(int(f[3]))
    if not t:
        raise RuntimeError(f"no rwnd_ lines in {path}")
    return np.asarray(t), np.asarray(w, dtype=np.int64)


def deliveries(t: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Times [s] of the messages passed to the application: the rises of the receiver's window.

    ns-2 traces the window at every change, once per chunk: it falls by the chunk's length
    when the chunk is accepted and rises by it when the chunk is passed up.
    """
    rise = np.diff(w) > 0
    return t[1:][rise]


def first_arrivals(df: pd.DataFrame) -> np.ndarray:
    """Per TSN (1, 2, ...), the first time a data chunk reaches the receiver (``r`` events of an SCTP
    packet trace read by ``_read``); NaN if never."""
    arr = df[(df["ev"] == "r") & (df["flags"] == "-------D") & df["dst"].isin([2, 3])]
    first = arr.groupby("seq")["t"].min()
    out = np.full(int(first.index.max()) if len(first) else 0, np.nan)
    out[first.index.to_numpy(np.int64) - 1] = first.to_numpy(float)
    return out


def run_ns2_ordered(case: OrderedCase, seed: int, gen, sizes, *, timeout_s: float = TIMEOUT_S, workdir=None,
                    step_s: float = SERIES_STEP_S) -> tuple[dict, pd.DataFrame]:
    """ns-2 with the paper's configuration on one case and seed: the metrics and the delivery series.

    Returns
    -------
    row : dict
        :data:`ORDERED_COLUMNS`. ``last_delivery_s``: the last message passed to the application;
        ``last_delivery_share``: that over the sequence's duration (frames / frame rate);
        ``wrap_reached``: the receiver got message 65,537 (whose 16-bit stream sequence number
        wraps to 0) before the last delivery; ``stalled``: fewer messages delivered than sent and bytes still held in the
        receiver's buffer at the end; ``held_bytes``: buffer - final window; ``cum_tsn``: the last
        cumulative TSN the receiver acknowledged; ``last_data_sent_s``: the sender's last DATA
        packet; ``reading_check_max_s``: if nothing was lost,
        the largest gap between the k-th delivery and the first arrival of TSN k (0 up to the
        trace's 10 µs resolution when the reading is right), else NaN.
    series : DataFrame
        ``time_s`` on a ``step_s`` grid from 0 to :data:`SERIES_END_S`, ``messages_delivered`` by then.

    Raises
    ------
    RuntimeError
        As :func:`run_ns2` (no ns-2, a failure, or longer than ``timeout_s``).
    """
    exe = ns_executable()
    duration = sequence_duration()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        sched, trace, rwnd = Path(tmp) / "schedule.txt", Path(tmp) / "out.tr", Path(tmp) / "rwnd.tr"
        sched.write_text(schedule_text(gen, sizes))
        args = _replay_args(exe, "ortiz", sched, trace, case.bandwidth_mbps, case.error_rate, seed,
                            case.loss_start_s) + [
            str(int(not case.ordered)), str(-1 if case.unrel_rtx is None else int(case.unrel_rtx)), str(rwnd)]
        _run_guarded(args, tmp, timeout_s, f"{case.name}, seed {seed}")
        t, w = read_rwnd_trace(rwnd)
        done = deliveries(t, w)
        df = _read(trace, "sctp")
        sacks = df[df["src"].isin([2, 3]) & (df["ev"] == "+") & (df["flags"] == "-------S")]
        cum_tsn = int(sacks["seq"].max()) if len(sacks) else 0
        data = df[df["src"].isin([0, 1]) & (df["ev"] == "+") & (df["flags"] == "-------D")]
        last_sent = float(data["t"].max()) if len(data) else np.nan
        arrive = first_arrivals(df)
        check = np.nan
        if case.ordered and case.unrel_rtx is None:
            # a reliable ordered stream passes TSN k up once TSNs 1..k have all arrived
            ready = np.fmax.accumulate(arrive)
            k = min(done.size, ready.size)
            check = float(np.max(np.abs(done[:k] - ready[:k]))) if k else np.nan
    n = int(done.size)
    buffer = int(w[0])
    last = float(done[-1]) if n else np.nan
    row = {"case": case.name, "seed": int(seed), "role": case.role, "strategy": case.strategy,
           "bandwidth_mbps": case.bandwidth_mbps, "error_rate": case.error_rate,
           "loss_start_2_s": (params().loss_start_s if case.loss_start_s is None else case.loss_start_s)[1],
           "ordered": case.ordered,
           "unrel_rtx": -1 if case.unrel_rtx is None else case.unrel_rtx, "last_delivery_s": last,
           "last_delivery_share": last / duration, "delivered_frac": n / len(sizes), "messages_delivered": n,
           "wrap_reached": bool(arrive.size > SSN_WRAP and arrive[SSN_WRAP] <= last),
           "stalled": bool(n < len(sizes) and buffer - int(w[-1]) > 0),
           "held_bytes": buffer - int(w[-1]), "cum_tsn": cum_tsn, "last_data_sent_s": last_sent,
           "reading_check_max_s": check}
    grid = np.arange(0.0, SERIES_END_S + step_s / 2, step_s)
    series = pd.DataFrame({"case": case.name, "seed": int(seed), "time_s": grid,
                           "messages_delivered": np.searchsorted(done, grid, side="right")})
    return row, series


def run_ordered(cases=None, **kw) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every seed of the given ordered cases (all by default): the rows and the delivery series."""
    gen, sizes = schedule()
    rows, series = [], []
    for case in (cases or ORDERED_CASES.values()):
        for seed in case.seeds:
            t0 = time.perf_counter()
            r, ser = run_ns2_ordered(case, seed, gen, sizes, **kw)
            print(f"  {case.name} seed {seed}: last delivery {r['last_delivery_s']:.2f} s, "
                  f"{r['messages_delivered']} messages ({time.perf_counter() - t0:.1f} s)", flush=True)
            rows.append(r)
            series.append(ser)
    return pd.DataFrame(rows)[ORDERED_COLUMNS], pd.concat(series, ignore_index=True)


def ordered_meta(gen, sizes) -> dict:
    """Everything that produced ``ortiz-ordered*.csv`` (written to ``ortiz-ordered-params.json``)."""
    p = params()
    return {"ns2": ns2_version(), "script": "validation/replay.tcl (transport ortiz)", "driver": "validation/ns2.py",
            "schedule": {"packets": int(gen.size), "sha256": schedule_sha256(gen, sizes),
                         "duration_s": sequence_duration()},
            "network": {"delay_s": p.delay_s, "queue_limit": p.queue_limit, "loss_start_s": list(p.loss_start_s),
                        "t_end_s": p.t_end_s, "links": NS2_SETTINGS["network"]},
            "ns2_settings": NS2_PAPER_SETTINGS, "timeout_s": TIMEOUT_S, "series_step_s": SERIES_STEP_S,
            "series_end_s": SERIES_END_S,
            "ssn_wrap": SSN_WRAP,
            "cases": {n: {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(c).items()}
                      for n, c in ORDERED_CASES.items()}}


# ---------------------------------------------------------------------------------------------
# What each ns-2 default moves (issue #18, item 3): one default restored at a time
# ---------------------------------------------------------------------------------------------

DEFAULTS_OUT = "ns2-defaults"
BOOK_VARIANT = "book"
"""The variant name of the rows run with the book's settings (nothing restored)."""


@dataclass(frozen=True)
class DefaultVariant:
    """One of ns-2's defaults restored on a validation case, everything else the book's.

    ``both`` is set on sender and receiver, ``sender`` on the sender only, as ``(variable, value)``
    pairs (``replay.tcl``'s ``-set`` and ``-setsrc``).
    """

    name: str
    case: str              # key of CASES: the cell, transport and seeds
    book_setting: str
    ns2_default: str
    both: tuple = ()
    sender: tuple = ()

    @property
    def setting(self) -> str:
        """The restored variables as ``replay.tcl`` gets them (``-set {..} -setsrc {..}``)."""
        return " ".join(f"{opt} {{{' '.join(f'{k} {v}' for k, v in pairs)}}}"
                        for opt, pairs in (("-set", self.both), ("-setsrc", self.sender)) if pairs)


DEFAULT_VARIANTS = {v.name: v for v in (
    DefaultVariant("sctp-rwnd-64k", "sctp30-lossless", "rwnd 256 KiB", "rwnd 64 KiB", both=(("initialRwnd_", 65536),)),
    DefaultVariant("tcp-window-20", "tcp30-lossless", "window 44 segments (64 KiB)", "window 20 segments (29 KiB)",
                   both=(("window_", 20),)),
    DefaultVariant("tcp-segsize-536", "tcp30-lossless", "1460-byte segments", "536-byte segments (window 44 x 536 B)",
                   sender=(("segsize_", 536),)),
    # a control: 536-byte segments with the window kept at 64 KiB in bytes (122 x 536 B), to tell the
    # window's share (window_ counts segments) from the segments' own
    DefaultVariant("tcp-segsize-536-window-64k", "tcp30-lossless", "1460-byte segments",
                   "control: 536-byte segments, window 122 (64 KiB)", sender=(("segsize_", 536), ("window_", 122))),
    DefaultVariant("sctp-delayed-sack", "sctp60-1e-2", "a SACK per packet", "delayed SACKs (0.2 s)",
                   both=(("useDelayedSacks_", 1),)),
    # DAC (useCmtDelAck_ 1) is ns-2's default; the book's CMT has none. With a SACK per packet ns-2's DAC reads a
    # packet count of 0 from every SACK (DAC_COUNT_DISCREPANCY) and leaves losses to the T3 timer
    DefaultVariant("cmt-dac", "cmt60-1e-2", "DAC off", "DAC on (a SACK per packet)", both=(("useCmtDelAck_", 1),)),
    DefaultVariant("cmt-delayed-sack-dac", "cmt60-1e-2", "a SACK per packet, DAC off",
                   "delayed SACKs (0.2 s), DAC on", both=(("useDelayedSacks_", 1), ("useCmtDelAck_", 1))),
    DefaultVariant("cmt-delayed-sack-no-dac", "cmt60-1e-2", "a SACK per packet, DAC off",
                   "control: delayed SACKs (0.2 s), DAC off", both=(("useDelayedSacks_", 1),)),
    DefaultVariant("cmt-pf", "cmt60-1e-2", "PF off", "PF on (cmtPFCwnd_ 2)", both=(("useCmtPF_", 1),)),
)}

NS2_SACK_DELAY_S = 0.2
"""ns-2.35's delayed-SACK timer (``Agent/SCTP set sackDelay_ 0.200`` in ``tcl/lib/ns-default.tcl``)."""

BOOK_OPTION_OF_VARIANT = {
    "sctp-delayed-sack": (("sack_delay", NS2_SACK_DELAY_S),),
    "cmt-delayed-sack-no-dac": (("sack_delay", NS2_SACK_DELAY_S),),
}
"""The book's transport option (``SctpConfig`` fields) that runs a variant's restored ns-2 default, where it has
one: delayed SACKs (``SctpConfig.sack_delay``). Delayed SACKs with DAC are not modelled (``cmt-delayed-sack-dac``)."""

BOOK_OPTION_DISCREPANCY: dict = {}
"""The variants of :data:`BOOK_OPTION_OF_VARIANT` on which the book misses ns-2 for a known or open reason (a strict
xfail)."""

DEFAULTS_COLUMNS = ["variant", "setting", "case", "seed", "delay_mean_s", "delay_p99_s", "delay_max_s",
                    "delivered_frac", "queue_drops", "error_drops", "retransmissions", "transmissions"]


def arrival_delivery(trace: Path, n: int) -> np.ndarray:
    """Per packet (TSN 1..n), in-order delivery time from an SCTP packet trace: the latest first
    arrival at the receiver of TSNs 1..i (-1 if one never arrived).

    Unlike the SACK reading of :func:`parse_trace` this does not wait for the receiver's SACK, so
    it stays the delivery time when SACKs are delayed; with a SACK per packet the two agree.
    """
    first = first_arrivals(_read(trace, "sctp"))
    out = np.full(n, np.nan)
    out[:min(n, first.size)] = first[:n]
    ready = np.fmax.accumulate(np.where(np.isnan(out), np.inf, out))
    return np.where(np.isfinite(ready), ready, -1.0)


def run_ns2_variant(variant: DefaultVariant | None, case: Case, seed: int, gen, sizes, *,
                    timeout_s: float = TIMEOUT_S, workdir=None) -> dict:
    """ns-2 on one case and seed with one default restored (``variant``; None: the book's settings).

    Returns the :data:`DEFAULTS_COLUMNS` row. Delivery is read from the ACKs for TCP (one per
    segment in every variant) and from the data's arrivals for SCTP and CMT
    (:func:`arrival_delivery`: delayed SACKs would otherwise add their delay to the reading).

    Raises
    ------
    RuntimeError
        As :func:`run_ns2` (no ns-2, a failure, or longer than ``timeout_s``).
    """
    exe = ns_executable()
    v = variant
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        sched, trace = Path(tmp) / "schedule.txt", Path(tmp) / "out.tr"
        sched.write_text(schedule_text(gen, sizes))
        args = _replay_args(exe, case.transport, sched, trace, case.bandwidth_mbps, case.error_rate, seed) + \
            _set_args(case.ns2_set)
        if v is not None:
            args += _set_args(v.both) + _set_args(v.sender, "-setsrc")
        what = f"{case.name} ({BOOK_VARIANT if v is None else v.name}), seed {seed}"
        _run_guarded(args, tmp, timeout_s, what)
        deliver, counts = parse_trace(trace, case.transport, sizes)
        if case.transport != "tcp":
            deliver = arrival_delivery(trace, len(sizes))
    m = metrics(gen, deliver)
    m.pop("_delays")
    return {"variant": BOOK_VARIANT if v is None else v.name, "setting": "" if v is None else v.setting,
            "case": case.name, "seed": int(seed), **m, **counts}


def run_defaults(variants=None, **kw) -> pd.DataFrame:
    """The given variants (all by default) and, once per case they use, the book's settings: every seed."""
    variants = list(variants or DEFAULT_VARIANTS.values())
    gen, sizes = schedule()
    runs = [(None, c) for c in dict.fromkeys(v.case for v in variants)] + [(v, v.case) for v in variants]
    rows = []
    for v, c in runs:
        case = CASES[c]
        for seed in case.seeds:
            t0 = time.perf_counter()
            r = run_ns2_variant(v, case, seed, gen, sizes, **kw)
            print(f"  {r['variant']} on {c} seed {seed}: mean delay {r['delay_mean_s']:.4g} s "
                  f"({time.perf_counter() - t0:.1f} s)", flush=True)
            rows.append(r)
    return pd.DataFrame(rows)[DEFAULTS_COLUMNS]


def defaults_meta(gen, sizes) -> dict:
    """Everything that produced ``ns2-defaults.csv`` (written to ``ns2-defaults-params.json``)."""
    return {"ns2": ns2_version(), "script": "validation/replay.tcl (-set, -setsrc)", "driver": "validation/ns2.py",
            "schedule": {"packets": int(gen.size), "sha256": schedule_sha256(gen, sizes)},
            "reading": "TCP: the receiver's ACKs; SCTP and CMT: first arrival of each TSN at the receiver, "
                       "in order (arrival_delivery)",
            "book_settings": NS2_SETTINGS, "timeout_s": TIMEOUT_S,
            "variants": {n: {**{k: (list(map(list, val)) if isinstance(val, tuple) else val)
                                for k, val in asdict(v).items()}, "setting": v.setting}
                         for n, v in DEFAULT_VARIANTS.items()},
            "cases": {c: {"transport": CASES[c].transport, "bandwidth_mbps": CASES[c].bandwidth_mbps,
                          "error_rate": CASES[c].error_rate, "seeds": list(CASES[c].seeds)}
                      for c in dict.fromkeys(v.case for v in DEFAULT_VARIANTS.values())}}


def main(argv=None) -> int:
    names = list(argv if argv is not None else sys.argv[1:]) or \
        list(CASES) + list(BOTTLENECK_CASES) + ["ordered", "defaults"]
    if names == ["chodorek"]:
        names = list(BOTTLENECK_CASES)
    unknown = [n for n in names if n not in CASES and n not in BOTTLENECK_CASES and n not in ("ordered", "defaults")]
    if unknown:
        print(f"unknown case(s) {unknown}; known: {list(CASES) + list(BOTTLENECK_CASES)} "
              "(or `chodorek`, `ordered`, `defaults`)", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    if "defaults" in names:
        t0 = time.perf_counter()
        rows = run_defaults()
        rows.to_csv(OUT / f"{DEFAULTS_OUT}.csv", index=False, float_format="%.9g")
        (OUT / f"{DEFAULTS_OUT}-params.json").write_text(json.dumps(defaults_meta(*schedule()), indent=1) + "\n")
        print(f"defaults: {time.perf_counter() - t0:.1f} s\n{rows.to_string(index=False)}")
        names = [n for n in names if n != "defaults"]
    if "ordered" in names:
        t0 = time.perf_counter()
        rows, series = run_ordered()
        rows.to_csv(OUT / f"{ORDERED_OUT}.csv", index=False, float_format="%.9g")
        series.to_csv(OUT / f"{ORDERED_OUT}-series.csv", index=False, float_format="%.9g")
        (OUT / f"{ORDERED_OUT}-params.json").write_text(json.dumps(ordered_meta(*schedule()), indent=1) + "\n")
        print(f"ordered: {time.perf_counter() - t0:.1f} s\n{rows.to_string(index=False)}")
        names = [n for n in names if n != "ordered"]
    chodorek = [n for n in names if n in BOTTLENECK_CASES]
    for name in chodorek:
        t0 = time.perf_counter()
        rows = run_bottleneck_case(BOTTLENECK_CASES[name])
        rows.to_csv(OUT / f"{name}.csv", index=False, float_format="%.9g")
        print(f"{name}: {time.perf_counter() - t0:.1f} s\n{rows.to_string(index=False)}")
    if chodorek:
        (OUT / "chodorek-params.json").write_text(json.dumps(bottleneck_meta(), indent=1) + "\n")
    names = [n for n in names if n in CASES]
    if not names:
        return 0
    gen, sizes = schedule()
    for name in names:
        t0 = time.perf_counter()
        rows, qs = run_case(CASES[name], gen, sizes)
        rows.to_csv(OUT / f"{name}.csv", index=False, float_format="%.9g")
        qs.to_csv(OUT / f"{name}-quantiles.csv", index=False, float_format="%.9g")
        print(f"{name}: {time.perf_counter() - t0:.1f} s\n{rows.to_string(index=False)}")
    (OUT / "params.json").write_text(json.dumps(cases_meta(gen, sizes), indent=1) + "\n")
    return 0


def cases_meta(gen, sizes) -> dict:
    """Everything that produced the validation cases' results (written to ``params.json``)."""
    p = params()
    return {
        "ns2": ns2_version(), "script": "validation/replay.tcl", "driver": "validation/ns2.py",
        "schedule": {"source": "mmperf.experiments.ortiz2013.prepare_video(Params()).send_times() and packet bytes",
                     "packets": int(gen.size), "sha256": schedule_sha256(gen, sizes)},
        "network": {"delay_s": p.delay_s, "queue_limit": p.queue_limit, "loss_start_s": list(p.loss_start_s),
                    "t_end_s": p.t_end_s},
        "ns2_settings": NS2_SETTINGS, "timeout_s": TIMEOUT_S,
        "cases": {n: {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(c).items()}
                  for n, c in CASES.items()},
    }


if __name__ == "__main__":
    raise SystemExit(main())
