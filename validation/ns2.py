"""ns-2.35 as the independent oracle of the book's transport engine (issue #18).

For each validation case this driver writes the book's exact packet schedule of one Ortiz
cell (:func:`mmperf.experiments.ortiz2013.prepare_video`: 204,090 packets, one send per
packet), replays it in ns-2 with ``replay.tcl`` (same topology, queue and error model, ns-2
set to the book's values) under a wall-clock guard, and reads per-packet delivery from the
traces: TCP's cumulative ACK number, SCTP's cumulative TSN in its SACKs (ns-2's SCTP never
calls the receiving application; with one stream the cumulative TSN is the in-order
delivery, restored offline because ns-2 delivers unordered -- its ordered delivery stalls
after 65,536 messages). It also runs the book's engine on the same cell.

``python validation/ns2.py [case ...]`` (``make validate``) writes ``data/validation/<case>.csv``
(one row per seed: delay mean / p99 / max [s], delivered fraction, queue and error drops,
retransmissions), ``<case>-quantiles.csv`` (the delay distribution, 0-100 % in 1 % steps)
and ``params.json`` (every setting that produced them). Nothing of the book imports this.
"""

from __future__ import annotations

import hashlib
import json
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


CASES = {c.name: c for c in (
    Case("tcp30-lossless", "TCP", "tcp", 30.0, 0.0, (1,), "mean delay within 5 %", mean_rel_tol=0.05),
    Case("sctp30-lossless", "SCTPReliable", "sctp", 30.0, 0.0, (1,), "mean delay within 5 %", mean_rel_tol=0.05),
    Case("tcp60-1e-2", "TCP", "tcp", 60.0, 1e-2, (1, 2, 3),
         "median over seeds of the mean delay within a factor 1.5; largest max delay within 2x",
         median_factor=1.5, max_factor=2.0),
    Case("sctp60-1e-2", "SCTPReliable", "sctp", 60.0, 1e-2, (1, 2, 3),
         "median over seeds of the mean delay within a factor 1.5; largest max delay within 2x",
         median_factor=1.5, max_factor=2.0),
    Case("cmt60-1e-2", "CMTMultiReliable", "cmt", 60.0, 1e-2, (1, 2, 3),
         "median over seeds of the mean delay within a factor 3 (delays of tens of ms, set by a few "
         "retransmissions); largest max delay within 2x", median_factor=3.0, max_factor=2.0,
         discrepancy=("ns-2's CMT-SCTP (SFR, CUC, RTX_CWND, PF off) delivers with a mean delay of about 1 s and "
                      "a largest of 6-7 s, the book's engine 0.03-0.05 s and about 1 s: delays of the order of "
                      "ns-2's 1 s minimum RTO suggest that ns-2 recovers by timeouts what the book recovers by "
                      "fast retransmit. Not yet explained (issue #18)")),
)}


def params():
    from mmperf.experiments import ortiz2013 as ex
    return ex.Params()


def video():
    from mmperf.experiments import ortiz2013 as ex
    return ex.prepare_video(params())


def schedule(v=None):
    """The book's packet schedule of the Ortiz video: send times [s] and payload bytes."""
    v = video() if v is None else v
    return np.asarray(v.send_times(), dtype=float), v.packets["bytes"].to_numpy().astype(np.int64)


def schedule_text(gen, sizes) -> str:
    return "".join(f"{t:.9f} {int(b)}\n" for t, b in zip(gen, sizes))


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


def run_ns2(case: Case, seed: int, gen, sizes, *, timeout_s: float = TIMEOUT_S, workdir=None) -> dict:
    """Run ns-2 on one case and seed; return the metrics (see :func:`metrics`).

    Raises
    ------
    RuntimeError
        If ``ns`` is missing, fails, or runs longer than ``timeout_s`` (wall clock).
    """
    exe = shutil.which("ns")
    if exe is None:
        raise RuntimeError("ns (ns-2) is not on PATH; `make ns2` installs Debian's ns2")
    p = params()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        sched = Path(tmp) / "schedule.txt"
        trace = Path(tmp) / "out.tr"
        sched.write_text(schedule_text(gen, sizes))
        args = [exe, str(TCL), case.transport, str(sched), str(trace), f"{case.bandwidth_mbps:g}",
                f"{p.delay_s:g}", str(p.queue_limit), f"{case.error_rate:g}", f"{p.loss_start_s[0]:g}",
                f"{p.loss_start_s[1]:g}", str(int(seed)), f"{p.t_end_s:g}"]
        t0 = time.perf_counter()
        try:
            out = subprocess.run(args, capture_output=True, text=True, timeout=timeout_s, cwd=tmp)
        except subprocess.TimeoutExpired as e:
            raise RuntimeError(f"ns-2 ran longer than {timeout_s:g} s on {case.name}, seed {seed}") from e
        if out.returncode != 0:
            raise RuntimeError(f"ns-2 failed on {case.name}, seed {seed}: {out.stderr[-2000:]}")
        wall = time.perf_counter() - t0
        deliver, counts = parse_trace(trace, case.transport, sizes)
    m = metrics(gen, deliver)
    return {**m, **counts, "wall_s": wall}


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
    r = ex.run_one(v, case.strategy, case.bandwidth_mbps, case.error_rate, params(), seed=int(seed)).result
    lc = r.link_counters
    m = metrics(r.gen_time, r.deliver_time)
    return {**m, "transmissions": int(r.transmissions.sum()), "queue_drops": int(lc["queue_drops"].sum()),
            "error_drops": int(lc["error_drops"].sum()),
            "retransmissions": int((r.transmissions - 1).clip(min=0).sum())}


COLUMNS = ["case", "seed", "delivered_frac", "delay_mean_s", "delay_p99_s", "delay_max_s", "queue_drops",
           "error_drops", "retransmissions", "transmissions"]


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
    return pd.DataFrame(rows)[COLUMNS], pd.concat(qs, ignore_index=True)


def schedule_sha256(gen, sizes) -> str:
    return hashlib.sha256(schedule_text(gen, sizes).encode()).hexdigest()


def main(argv=None) -> int:
    names = list(argv if argv is not None else sys.argv[1:]) or list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown:
        print(f"unknown case(s) {unknown}; known: {list(CASES)}", file=sys.stderr)
        return 2
    gen, sizes = schedule()
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names:
        t0 = time.perf_counter()
        rows, qs = run_case(CASES[name], gen, sizes)
        rows.to_csv(OUT / f"{name}.csv", index=False, float_format="%.9g")
        qs.to_csv(OUT / f"{name}-quantiles.csv", index=False, float_format="%.9g")
        print(f"{name}: {time.perf_counter() - t0:.1f} s\n{rows.to_string(index=False)}")
    p = params()
    meta = {
        "ns2": ns2_version(), "script": "validation/replay.tcl", "driver": "validation/ns2.py",
        "schedule": {"source": "mmperf.experiments.ortiz2013.prepare_video(Params()).send_times() and packet bytes",
                     "packets": int(gen.size), "sha256": schedule_sha256(gen, sizes)},
        "network": {"delay_s": p.delay_s, "queue_limit": p.queue_limit, "loss_start_s": list(p.loss_start_s),
                    "t_end_s": p.t_end_s},
        "ns2_settings": NS2_SETTINGS, "timeout_s": TIMEOUT_S,
        "cases": {n: {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(c).items()}
                  for n, c in CASES.items()},
    }
    (OUT / "params.json").write_text(json.dumps(meta, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
