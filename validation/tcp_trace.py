"""Trace ns-2's FullTcp and the book's TCP on one schedule and one loss pattern to their first divergence (#33).

The Ortiz cells cannot be compared packet by packet: ns-2's FullTcp writes the video as a byte stream
and sends full-size segments where the book sends a segment per video packet, and the two draw their
losses from different generators. Here both get the same input: the video's bytes written as
1460-byte messages at the times the video's byte count reaches them (so FullTcp's segments are the
book's packets), and link 1 loses exactly the same transmissions, the k-th packet to leave the link's
queue for every listed k (ns-2's ``ErrorModel/List`` through ``replay.tcl -droplist``; the book's error
model fed draws of 0 at those k and 1 elsewhere), from the first transmission. The sequence of segments
each sender puts on the link is then compared: the first position where they differ, with the times and
the events around it, is printed.

``python validation/tcp_trace.py [bandwidth_mbps] [loss_rate] [seed] [field=value ...]`` (defaults 30, 0.01, 1;
the fields change the book's ``TcpConfig``, e.g. ``receive_buffer=66000`` or ``ssthresh_whole_segments=True``).
ns-2's run is kept in the system's temporary directory and reused for the same cell. Nothing of the book imports this; it writes nothing to ``data/``.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import ns2  # noqa: E402  (the validation driver: schedule, params, replay arguments)

SEG = 1460
HANDSHAKE = 2
"""Packets FullTcp puts on link 1 before its first data segment: the SYN and the handshake's ACK."""


def full_segment_schedule():
    """Write times [s] and sizes of the video's bytes as 1460-byte messages (the last partial one dropped)."""
    gen, sizes = ns2.schedule()
    cum = np.cumsum(sizes)
    n = int(cum[-1] // SEG)
    k = np.searchsorted(cum, SEG * np.arange(1, n + 1), side="left")
    return gen[k], np.full(n, SEG, np.int64)


def drop_indices(n: int, loss_rate: float, seed: int) -> np.ndarray:
    """Transmission numbers (from 0) link 1 loses: each with probability ``loss_rate``."""
    return np.flatnonzero(np.random.default_rng(seed).random(n) < loss_rate)


def run_ns2(gen, sizes, drops, bandwidth_mbps: float, offset: int) -> pd.DataFrame:
    """ns-2's data transmissions on link 1, in order: time, segment number, and whether the link lost it.

    ``offset``: packets FullTcp puts on link 1 before its first data segment (the SYN), added to the
    drop numbers since ns-2 counts them and the book has no handshake."""
    p = ns2.params()
    with tempfile.TemporaryDirectory() as tmp:
        sched, trace, dl = Path(tmp) / "s.txt", Path(tmp) / "out.tr", Path(tmp) / "drops.txt"
        sched.write_text(ns2.schedule_text(gen, sizes))
        dl.write_text(" ".join(str(int(k) + offset) for k in drops) or "2147483000")  # ns-2 refuses an empty list: one number never reached
        args = ns2._replay_args(ns2.ns_executable(), "tcp", sched, trace, bandwidth_mbps, 0.0, 1,
                                (0.0, 0.0)) + ["-droplist", str(dl)]
        out = subprocess.run(args, capture_output=True, text=True, cwd=tmp, timeout=3000)
        if out.returncode:
            raise RuntimeError(out.stderr[-2000:])
        df = ns2._read(trace, "tcp")
        deliver, _ = ns2.parse_trace(trace, "tcp", sizes)
        counters = dict(zip(*[iter(out.stdout.split("tcp ", 1)[1].split())] * 2)) if "tcp " in out.stdout else {}
    fwd = df[(df["src"] == 0) & (df["dst"] == 2)]
    sent = fwd[fwd["ev"] == "+"]
    first_data = int(np.flatnonzero(sent["size"].to_numpy() > 40)[0])
    data = sent[sent["size"] > 40]
    n_lost = int(((fwd["ev"] == "d") & (fwd["size"] > 40)).sum())
    seg = (data["seq"].to_numpy(np.int64) - 1) // SEG
    return pd.DataFrame({"time": data["t"].to_numpy(), "segment": seg}), first_data, deliver - gen, n_lost, \
        counters


def run_book(gen, sizes, drops, bandwidth_mbps: float, **tcp_config) -> tuple[pd.DataFrame, object]:
    """The book's TCP on the same schedule with link 1 losing exactly ``drops``: its transmissions, in order."""
    from mmperf.networks.packetsim import Network
    from mmperf.transports import _common, tcp

    p = ns2.params()
    net = Network(bandwidth_mbps, p.delay_s, p.queue_limit, 0.5, (0.0, 0.0))
    n = gen.size
    real = _common.uniforms

    def uniforms(seed, n_draws):
        u = np.ones((2, n_draws))
        u[0, drops[drops < n_draws]] = 0.0
        return u

    _common.uniforms = uniforms
    try:
        r = _common.run_window_transport("tcp", gen, sizes, np.zeros(n, np.int64), np.zeros(n, bool), net,
                                         tcp._window_config(tcp.TcpConfig(**tcp_config)), seed=1, bin_s=1.0, t_end=p.t_end_s,
                                         max_transmissions=4, trace_events=20 * n)
    finally:
        _common.uniforms = real
    tr = r.trace
    return tr, r


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    bw = float(argv[0]) if argv else 30.0
    per = float(argv[1]) if len(argv) > 1 else 0.01
    seed = int(argv[2]) if len(argv) > 2 else 1
    tcp_config = {k: v == "True" if v in ("True", "False") else int(v) if v.isdigit() else float(v)
                  for k, v in (a.split("=") for a in argv[3:])}
    gen, sizes = full_segment_schedule()
    drops = drop_indices(4 * gen.size, per, seed)
    tr, r = run_book(gen, sizes, drops, bw, **tcp_config)
    book = tr[tr["event"] == "send"].reset_index(drop=True)
    offset = HANDSHAKE
    cache = Path(tempfile.gettempdir()) / f"mmperf-tcp-trace-{bw:g}-{per:g}-{seed}.pkl"
    if cache.exists():
        ns, first_data, d_ns, n_lost, counters = pd.read_pickle(cache)
    else:
        ns, first_data, d_ns, n_lost, counters = run_ns2(gen, sizes, drops, bw, offset)
        pd.to_pickle((ns, first_data, d_ns, n_lost, counters), cache)
    assert first_data == offset, f"ns-2 sent {first_data} packets before its first data segment, not {offset}"
    assert n_lost == int((drops < len(ns)).sum()), "ns-2 lost other packets than the listed ones"
    ns["lost"] = np.isin(np.arange(len(ns)), drops)
    book["lost"] = np.isin(np.arange(len(book)), drops)
    d_book = r.deliver_time - r.gen_time
    print(f"{gen.size} segments of {SEG} bytes; {bw:g} Mb/s; link 1 loses transmissions {drops[:8].tolist()}... "
          f"({per:g}); ns-2 handshake packets before data: {offset}")
    fast = int((book["value"] == 1).sum())
    print(f"book: {len(book)} transmissions ({len(book) - gen.size} retransmissions, {fast} fast, "
          f"{int((tr['event'] == 't3_expiry').sum())} timeouts), mean delay {d_book.mean():.4g} s, "
          f"max {d_book.max():.4g} s")
    print(f"ns-2: {len(ns)} transmissions ({len(ns) - gen.size} retransmissions, {counters.get('nrexmit_')} "
          f"timeouts, {counters.get('ncwndcuts_')} window cuts), mean delay {d_ns.mean():.4g} s, max {d_ns.max():.4g} s")
    a, b = book["tsn"].to_numpy(), ns["segment"].to_numpy()
    m = min(a.size, b.size)
    diff = np.flatnonzero(a[:m] != b[:m])
    if not diff.size:
        print("same transmissions in the same order" + ("" if a.size == b.size else f" up to {m}"))
        return 0
    i = int(diff[0])
    print(f"first divergence at transmission {i}: book segment {a[i]} at {book['time'][i]:.6f} s, "
          f"ns-2 segment {b[i]} at {ns['time'][i]:.6f} s")
    lo, hi = max(0, i - 12), i + 8
    side = pd.DataFrame({"book t": book["time"][lo:hi].round(6).to_numpy(), "book seg": a[lo:hi],
                         "ns-2 t": ns["time"][lo:hi].round(6).to_numpy(), "ns-2 seg": b[lo:hi],
                         "lost": ns["lost"][lo:hi].to_numpy()}, index=range(lo, hi))
    print(side.to_string())
    t0, t1 = book["time"][lo], book["time"][min(hi, len(book) - 1)]
    print(tr[(tr["time"] >= t0) & (tr["time"] <= t1) & (tr["event"] != "send")].to_string())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
