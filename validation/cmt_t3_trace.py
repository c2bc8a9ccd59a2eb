"""Trace CMT's T3 timeouts in ns-2 and in the book on one validation case and seed, to the first divergence (#33).

Each simulator runs the case's schedule and root seed (each with its own loss draws: the losses are not the same
packets, so the timeouts are compared as stories, not one by one). For every T3 timeout (ns-2: the sender's
``DataTimeout`` lines, written by ``sctp-cmt.cc`` ``SctpCMTAgent::Timeout`` to ``replay.tcl -agenttrace``; the
book: its ``t3_expiry`` events) it reads from the data transmissions and the deliveries:

- the chunk that made the hole: the lowest TSN retransmitted within 50 ms after the expiry, and each of its
  transmissions (time and path: which path the fast retransmission and the timeout's retransmission took);
- the hole: from the chunk's first transmission to its in-order delivery;
- the sender's longest pause in new data during the hole (a sender stopped by the receiver's window);
- how long after the hole's end the packets generated during it were delivered (the backlog the sender
  built), and how many of them ended later than 0.5 s.

and per run the mean delay, the share of packets later than 0.5 s, the T3 timeouts and that share per timeout.
The runs: ns-2 and the book with the case's settings (``CASE``: the open window in both, see
``ns2.CMT_T3_WINDOW_STALL``) and with the 256 KiB window of the book's other cases (``closed``).

``python validation/cmt_t3_trace.py [seed] [case]`` (defaults 1, cmt60-1e-2). Nothing of the book imports this;
it writes nothing to ``data/``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import ns2  # noqa: E402  (the validation driver: cases, schedule, replay arguments)

CASE = "cmt60-1e-2"
LATE_S = 0.5
"""A packet is late when it is delivered more than this after it was generated [s]."""
RTX_WINDOW_S = 0.05
"""A timeout's retransmissions are those sent within this time after the expiry [s] (ns-2 sends the first one
when the next SACK arrives, about a millisecond later)."""

_TIMEOUT = re.compile(rb"time: ([\d.]+)\s+saddr: (\d+)\s+sport: \d+\s+daddr: \d+\s+dport: \d+\s+DataTimeout, "
                      rb"peerRwnd: \d+ rto: ([\d.]+)")


def closed(case: ns2.Case) -> ns2.Case:
    """The case with the 256 KiB window of the book's other cases: without the open window in either simulator."""
    return replace(case, ns2_set=tuple(kv for kv in case.ns2_set if kv not in ns2.OPEN_WINDOW_NS2),
                   book_config=tuple(kv for kv in case.book_config if kv not in ns2.OPEN_WINDOW_BOOK))


def ns2_run(case: ns2.Case, seed: int, gen, sizes) -> dict:
    """ns-2 on the case and seed: its data transmissions (time, path, TSN from 0), each packet's in-order delivery
    time (from the data's arrivals, :func:`ns2.arrival_delivery`) and its T3 timeouts (time, path, RTO)."""
    with tempfile.TemporaryDirectory() as tmp:
        sched, trace, agent = Path(tmp) / "s.txt", Path(tmp) / "out.tr", Path(tmp) / "agent.tr"
        sched.write_text(ns2.schedule_text(gen, sizes))
        args = ns2._replay_args(ns2.ns_executable(), case.transport, sched, trace, case.bandwidth_mbps,
                                case.error_rate, seed) + ns2._set_args(case.ns2_set) + ["-agenttrace", str(agent)]
        subprocess.run(args, capture_output=True, text=True, cwd=tmp, timeout=ns2.TIMEOUT_S, check=True)
        df = ns2._read(trace, "sctp")
        deliver = ns2.arrival_delivery(trace, len(sizes))
        # the agent trace carries some unprinted bytes between its lines: read it as bytes
        timeouts = [(float(t), int(p), float(r)) for t, p, r in _TIMEOUT.findall(agent.read_bytes())]
    data = df[df["src"].isin([0, 1]) & df["dst"].isin([2, 3]) & (df["flags"] == "-------D") & (df["ev"] == "+")]
    sends = pd.DataFrame({"time": data["t"].to_numpy(float), "path": data["src"].to_numpy(np.int64),
                          "tsn": data["seq"].to_numpy(np.int64) - 1})
    return {"sends": sends, "deliver": deliver, "timeouts": pd.DataFrame(timeouts, columns=["time", "path", "rto"])}


def book_run(case: ns2.Case, seed: int, video) -> dict:
    """The book on the case and seed: as :func:`ns2_run`, from the engine's trace."""
    from mmperf.experiments import ortiz2013 as ex

    r = ex.run_one(video, case.strategy, case.bandwidth_mbps, case.error_rate, ns2.params(), seed=int(seed),
                   trace_events=4_000_000, **dict(case.book_config)).result
    tr = r.trace
    if len(tr) >= 4_000_000:
        raise RuntimeError("the engine's trace is full: raise trace_events")
    s = tr[tr["event"] == "send"]
    t3 = tr[tr["event"] == "t3_expiry"]
    return {"sends": pd.DataFrame({"time": s["time"].to_numpy(float), "path": s["path"].to_numpy(np.int64),
                                   "tsn": s["tsn"].to_numpy(np.int64)}),
            "deliver": np.asarray(r.deliver_time, float),
            "timeouts": pd.DataFrame({"time": t3["time"].to_numpy(float), "path": t3["path"].to_numpy(np.int64),
                                      "rto": t3["value"].to_numpy(float)})}


def stories(run: dict, gen) -> pd.DataFrame:
    """One row per T3 timeout of a run (:func:`ns2_run`, :func:`book_run`): see the module's docstring."""
    sends, deliver = run["sends"], run["deliver"]
    first = sends.drop_duplicates("tsn").set_index("tsn")["time"]
    new_t = first.sort_values().to_numpy()
    delay = deliver - gen
    rows = []
    for T, p, rto in run["timeouts"].itertuples(index=False):
        near = sends[(sends["time"] >= T - 1e-5) & (sends["time"] <= T + RTX_WINDOW_S)]
        rtx = near[near["tsn"].map(first).to_numpy() < near["time"].to_numpy() - 1e-9]
        if rtx.empty:
            continue
        lost = int(rtx["tsn"].min())
        tx = sends[sends["tsn"] == lost]
        start, end = float(first.loc[lost]), float(deliver[lost])
        inside = new_t[(new_t >= start) & (new_t <= end)]
        pause = float(np.max(np.diff(np.concatenate(([start], inside, [end]))))) if end > start else np.nan
        made = (gen >= gen[lost]) & (gen < end)
        rows.append({"t3_s": T, "path": int(p), "rto_s": rto, "tsn": lost,
                     "transmissions": "; ".join(f"{t:.4f} s path {q}" for t, q in zip(tx["time"], tx["path"])),
                     "hole_s": end - start, "new_data_pause_s": pause,
                     "backlog_drain_s": float(deliver[made].max() - end) if made.any() else np.nan,
                     "late_in_hole": int((delay[made] > LATE_S).sum())})
    return pd.DataFrame(rows)


def summary(run: dict, gen) -> dict:
    """A run's mean delay [s], share of packets later than :data:`LATE_S`, T3 timeouts and that share per timeout."""
    delay = run["deliver"] - gen
    late = float(np.mean(delay > LATE_S))
    t3 = len(run["timeouts"])
    return {"mean_s": float(delay.mean()), "late_frac": late, "t3": t3, "late_per_t3": late / t3 if t3 else np.nan}


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    seed = int(argv[0]) if argv else 1
    case = ns2.CASES[argv[1] if len(argv) > 1 else CASE]
    gen, sizes = ns2.schedule()
    video = ns2.video()
    pd.set_option("display.width", 250)
    rows = []
    for window, c in (("case", case), ("closed", closed(case))):
        for who, run in (("ns-2", ns2_run(c, seed, gen, sizes)), ("book", book_run(c, seed, video))):
            st = stories(run, gen)
            rows.append({"run": f"{who}, {window} window", **summary(run, gen),
                         "median_new_data_pause_s": st["new_data_pause_s"].median() if len(st) else np.nan,
                         "median_backlog_drain_s": st["backlog_drain_s"].median() if len(st) else np.nan})
            print(f"\n{who}, {case.name} seed {seed}, {window} window: {rows[-1]}")
            print(st.to_string(index=False, float_format=lambda x: f"{x:.4f}"))
    print("\n" + pd.DataFrame(rows).to_string(index=False, float_format=lambda x: f"{x:.4g}"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
