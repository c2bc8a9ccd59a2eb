"""Two Chodorek readings against ns-2.35 (issue #35 item 3): one best-effort cell of the frame-burst
sender and one s4 cell of the TSpec bucket, each on the book's packet model and in ns-2.

``python validation/chodorek_readings_ns2.py [out.csv]`` (ns-2.35 ``ns`` on the PATH) runs, per case and
seed, ``validation/dumbbell.tcl`` (a temporary copy on ns-2's Heap scheduler, the Calendar one stalls on
these cells) and :func:`mmperf.experiments.chodorek2018.packet.run_packet_cell` with the reading's
``Params``, and writes one row per case, seed and simulator to ``data/validation/chodorek-readings-ns2.csv``
with a ``.json`` beside it. The s4 bucket is full at every window's start in both (ns-2 cannot change a
TokenBucket's rate: ``bucket_renewal='full'``). Opt-in; the chapter reads the committed file.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import ns2 as v  # noqa: E402  validation/ns2.py

from mmperf.experiments.chodorek2018 import Params, packet  # noqa: E402

SEEDS = (1, 2)
DURATION_S = 10.0
CASES = (  # (name, reading, case)
    ("burst-s1-k10-n1", {"sender": "burst"}, v.BottleneckCase("burst-s1-k10-n1", 1, 10, SEEDS, duration_s=DURATION_S)),
    ("tspec-s4-k10-n10", {"bucket": "tspec"}, v.BottleneckCase("tspec-s4-k10-n10", 10, 10, SEEDS, scenario="s4",
                                                               duration_s=DURATION_S)),
)


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[0]) if args else HERE.parent / "data" / "validation" / "chodorek-readings-ns2.csv"
    rows, meta_cases = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        tcl = Path(tmp) / "dumbbell.tcl"
        text = v.DUMBBELL_TCL.read_text()
        if "use-scheduler Heap" not in text:
            text = text.replace("set ns [new Simulator]", "set ns [new Simulator]\n$ns use-scheduler Heap", 1)
        tcl.write_text(text)
        v.DUMBBELL_TCL = tcl
        for name, reading, case in CASES:
            params = Params(**reading)
            v.chodorek_params = lambda p=params: p  # the reading's schedule and reservations for ns-2 and the book
            for seed in case.seeds:
                c = case
                if params.sender == "burst":  # the chapter's buffer rule on the packet model (unloaded PER 0.00 %)
                    c = replace(case, buffer_packets=packet.calibrate_burst_buffer(params, seed=seed))
                t0 = time.perf_counter()
                ns = v.run_ns2_bottleneck(c, seed)
                book = packet.run_packet_cell(params, n_videos=c.n_videos, k_flows=c.k_flows, replication=0, seed=seed,
                                              buffer_packets=c.buffer_packets, rtt_s=c.rtt_s, duration_s=c.duration_s,
                                              scenario=c.scenario, bucket_renewal="full")
                for sim, r in (("ns-2", ns), ("book", book)):
                    rows.append({"case": name, "seed": seed, "simulator": sim, "buffer_packets": c.buffer_packets,
                                 **{k: r[k] for k in ("video_sent", "video_dropped", "video_per_pct", "tcp_loss_pct",
                                                      "tcp_throughput_mbps", "utilization_pct", "video_conforming")
                                    if k in r}})
                print(name, seed, f"{time.perf_counter() - t0:.0f} s", {k: round(ns[k], 3) for k in ("video_per_pct", "tcp_loss_pct", "utilization_pct")},
                      {k: round(book[k], 3) for k in ("video_per_pct", "tcp_loss_pct", "utilization_pct")}, flush=True)
            meta_cases[name] = {"reading": reading, "scenario": case.scenario, "N": case.n_videos, "K": case.k_flows,
                                "seeds": list(case.seeds), "duration_s": case.duration_s, "rtt_s": case.rtt_s}
    df = pd.DataFrame(rows)
    out.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(out, index=False, float_format="%.6g")
    out.with_suffix(".json").write_text(json.dumps({"script": "validation/chodorek_readings_ns2.py", "ns2": v.ns2_version(),
                                                    "scheduler": "Heap", "cases": meta_cases}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
