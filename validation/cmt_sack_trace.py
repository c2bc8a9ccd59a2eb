"""Trace ns-2's CMT and the book's on the validation case cmt60-1e-2, with a SACK per packet and with delayed SACKs
(DAC off in both), to see where delayed SACKs move them (#33, the variant ``cmt-delayed-sack-no-dac``, a strict xfail
until the CMT cases ran with the open window in both: ``ns2.CMT_T3_WINDOW_STALL``, traced by ``cmt_t3_trace.py``).

Both run the case's schedule and root seed (each with its own loss draws: the losses are not the same packets).
For each run (ns-2 with the book's settings and with delayed SACKs; the book with a SACK per packet and with
delayed SACKs, each with its own sender and with ns-2's, ``SctpConfig.ns2_sack_clock``) it prints the mean delay, the share of packets later than 0.5 s, the T3 timeouts (the
book's ``t3_expiry`` events; ns-2's: bursts of retransmissions sent more than 0.5 s after the chunk's first
transmission, more than 0.1 s apart), the SACKs per data packet (ns-2: counted on the reverse links; the book: its
RTT samples, one per SACK that newly acknowledges a chunk sent once, a lower bound), and, before the first loss
(t < 20 s), the share of new transmissions sent at the same instant as the previous one (a burst: the sender was
cwnd-limited) and, for ns-2, the share of arrivals below a TSN that arrived earlier (reordering at the receiver).

``python validation/cmt_sack_trace.py [seed ...]`` (default: the case's seeds). Nothing of the book imports this;
it writes nothing to ``data/``.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import ns2  # noqa: E402  (the validation driver: schedule, params, replay arguments)

CASE = "cmt60-1e-2"
VARIANT = "cmt-delayed-sack-no-dac"
LOSS_FREE_S = 20.0
"""Before this time neither link loses anything (the case's loss onsets are 20 and 40 s)."""


def _t3_bursts(times: np.ndarray) -> int:
    times = np.sort(times)
    return int((np.diff(times) > 0.1).sum() + (times.size > 0))


def ns2_summary(seed: int, variant: str | None, gen, sizes) -> dict:
    """ns-2 on the case and seed (``variant``: the restored default, None the book's settings)."""
    case = ns2.CASES[CASE]
    v = None if variant is None else ns2.DEFAULT_VARIANTS[variant]
    with tempfile.TemporaryDirectory() as tmp:
        sched, trace = Path(tmp) / "s.txt", Path(tmp) / "out.tr"
        sched.write_text(ns2.schedule_text(gen, sizes))
        args = ns2._replay_args(ns2.ns_executable(), case.transport, sched, trace, case.bandwidth_mbps,
                                case.error_rate, seed) + ns2._set_args(case.ns2_set)
        if v is not None:
            args += ns2._set_args(v.both)
        subprocess.run(args, capture_output=True, text=True, cwd=tmp, timeout=ns2.TIMEOUT_S, check=True)
        df = ns2._read(trace, "sctp")
        delay = ns2.arrival_delivery(trace, len(sizes)) - gen
    fwd = df["src"].isin([0, 1]) & df["dst"].isin([2, 3]) & (df["flags"] == "-------D")
    rev = df["src"].isin([2, 3]) & df["dst"].isin([0, 1]) & (df["flags"] == "-------S") & (df["ev"] == "+")
    data = df[fwd & (df["ev"] == "+")]
    tsn = data["seq"].to_numpy()
    first = ~pd.Series(tsn).duplicated().to_numpy()
    t_first = pd.Series(data["t"].to_numpy()[first], index=tsn[first])
    rtx = data[~first]
    lag = rtx["t"].to_numpy() - t_first.loc[rtx["seq"].to_numpy()].to_numpy()
    early = data[first & (data["t"] < LOSS_FREE_S).to_numpy()]
    arr = df[fwd & (df["ev"] == "r") & (df["t"] < LOSS_FREE_S)]["seq"].to_numpy()
    return {"run": f"ns-2 {variant or 'book settings'}", "mean_s": float(np.mean(delay)),
            "late_frac": float(np.mean(delay > 0.5)), "t3": _t3_bursts(rtx["t"].to_numpy()[lag > 0.5]),
            "sacks_per_data": int(rev.sum()) / len(data), "burst_frac": _burst(early["t"].to_numpy()),
            "reordered_frac": float(np.mean(arr[1:] < np.maximum.accumulate(arr)[:-1]))}


def _burst(t: np.ndarray) -> float:
    return float(np.mean(np.diff(t) < 1e-6))


def book_summary(seed: int, sack_delay: float, video, *, ns2_sack_clock: bool = False) -> dict:
    """The book's engine on the case and seed, with ``sack_delay`` (0: a SACK per packet) and, if
    ``ns2_sack_clock``, ns-2's sender (``SctpConfig.ns2_sack_clock``)."""
    from mmperf.experiments import ortiz2013 as ex

    case = ns2.CASES[CASE]
    cfg = dict(case.book_config) | ({"sack_delay": sack_delay} if sack_delay else {}) | \
        ({"ns2_sack_clock": True} if ns2_sack_clock else {})
    r = ex.run_one(video, case.strategy, case.bandwidth_mbps, case.error_rate, ns2.params(), seed=int(seed),
                   trace_events=3_000_000, **cfg).result
    tr = r.trace
    delay = r.deliver_time - r.gen_time
    sends = tr[tr["event"] == "send"]
    new = sends[~sends["tsn"].duplicated()]
    return {"run": f"book sack_delay={sack_delay:g}" + (" ns2_sack_clock" if ns2_sack_clock else ""), "mean_s": float(delay.mean()),
            "late_frac": float(np.mean(delay > 0.5)), "t3": int((tr["event"] == "t3_expiry").sum()),
            "sacks_per_data": int((tr["event"] == "rtt_data").sum()) / len(sends),
            "burst_frac": _burst(new[new["time"] < LOSS_FREE_S]["time"].to_numpy()), "reordered_frac": np.nan}


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    seeds = [int(a) for a in argv] or list(ns2.CASES[CASE].seeds)
    gen, sizes = ns2.schedule()
    video = ns2.video()
    rows = []
    for seed in seeds:
        for row in (ns2_summary(seed, None, gen, sizes), ns2_summary(seed, VARIANT, gen, sizes),
                    book_summary(seed, 0.0, video), book_summary(seed, ns2.NS2_SACK_DELAY_S, video),
                    book_summary(seed, 0.0, video, ns2_sack_clock=True),
                    book_summary(seed, ns2.NS2_SACK_DELAY_S, video, ns2_sack_clock=True)):
            rows.append({"seed": seed, **row})
            print(pd.DataFrame([rows[-1]]).to_string(index=False, header=len(rows) == 1,
                                                     float_format=lambda x: f"{x:.4g}"), flush=True)
    d = pd.DataFrame(rows)
    d["late_per_t3"] = d["late_frac"] / d["t3"]
    print(d.groupby("run")[["mean_s", "late_frac", "t3", "late_per_t3", "sacks_per_data", "burst_frac",
                            "reordered_frac"]].median().to_string(float_format=lambda x: f"{x:.4g}"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
