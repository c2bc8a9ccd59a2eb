"""Speed of the book's packet engine against SimPy and ns-2.35 on the same Ortiz cell.

The cell is the Ortiz chapter's RTP strategy at 30 Mb/s with a 1 % packet error rate
(from 20 s on the first link): the book's packet schedule of the test sequence
(204,090 packets in 84.64 s, both layers on the first interface, 40 header bytes each)
through a 50-packet drop-tail link of 30 Mb/s and 5 ms. Three implementations run it:

* the book's engine, :func:`mmperf.transports.rtp.run` (compiled);
* the same link written with SimPy processes (:func:`simpy_cell`), reading the same
  uniform draws in the same order, which must deliver the same packets at the same times;
* ns-2.35 (Debian's ``ns2``), ``validation/replay.tcl udp`` on the same schedule, with its own
  error-model draws and ns-2's queue semantics (the packet in transmission is not in the
  50-packet queue), so its counts agree with the book's closely but not packet for packet.

A *packet event* is an arrival at the queue or a delivery at the far end. The engine's
speed is reported as packet events per second and as ratios of wall time on the cell
(SimPy / engine, ns-2 / engine). ns-2's wall time includes starting ns and writing its
trace, which is how it is used to read deliveries. If ``ns`` is not installed
(``make ns2`` installs it), the ns-2 row says so and carries no numbers.
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd
import simpy

from mmperf._paths import repo_root
from mmperf.experiments import ortiz2013 as ex
from mmperf.experiments.ortiz2013.model import loss_seed
from mmperf.networks.packetsim import uniforms
from mmperf.transports import rtp

__all__ = ["STRATEGY", "BANDWIDTH_MBPS", "ERROR_RATE", "SEED", "simpy_cell", "ns2_cell", "run"]

STRATEGY = "RTP"
BANDWIDTH_MBPS = 30.0
ERROR_RATE = 1e-2
SEED = 1


def _cell():
    """The cell's inputs: schedule, payload bytes, layers, network, loss seed and the engine's draws."""
    params = ex.Params()
    video = ex.prepare_video(params)
    gen = np.asarray(video.send_times(), dtype=float)
    sizes = video.packets["bytes"].to_numpy()
    layers = video.packets["layer"].to_numpy()
    net = params.network(BANDWIDTH_MBPS, ERROR_RATE)
    seed = loss_seed(BANDWIDTH_MBPS, ERROR_RATE, root=SEED)
    return params, gen, sizes, layers, net, seed


def simpy_cell(gen, nbytes, path_of, net, unif):
    """The cell's links written with SimPy: a source, one server process per link, deliveries.

    Drop-tail as the book's engine counts it (the packet in transmission occupies one of the
    ``queue_limit`` places); the error model draws one uniform per accepted packet after the
    loss onset, in acceptance order, from ``unif[path]``.

    Parameters
    ----------
    gen : numpy.ndarray
        Send time of each packet [s], non-decreasing.
    nbytes : numpy.ndarray
        Bytes of each packet on the wire (payload and headers).
    path_of : numpy.ndarray of int
        The link (0 or 1) each packet takes.
    net : mmperf.networks.packetsim.Network
        The two links' rate, delay, queue limit, packet error rate and loss onset
        (its ``arrays()``).
    unif : numpy.ndarray
        Uniform draws of the error model, shape ``(2, k)``: row ``p`` for link ``p``, read in
        order (the book engine's, :func:`mmperf.networks.packetsim.uniforms`).

    Returns
    -------
    (numpy.ndarray, int)
        Delivery time of every packet (-1 if dropped or lost) and the packet events simulated.
    """
    rate, delay, qlim, per, start = net.arrays()
    env = simpy.Environment()
    links = [simpy.Store(env), simpy.Store(env)]
    n = len(gen)
    deliver = np.full(n, -1.0)
    state = {"in_system": [0, 0], "draw": [0, 0], "events": 0}

    def source():
        for i in range(n):
            yield env.timeout(gen[i] - env.now)
            state["events"] += 1
            p = int(path_of[i])
            if state["in_system"][p] >= qlim[p]:
                continue
            state["in_system"][p] += 1
            lost = False
            if per[p] > 0 and env.now >= start[p]:
                k = state["draw"][p]
                state["draw"][p] = k + 1
                lost = bool(unif[p, k] < per[p])
            links[p].put((i, lost))

    def arrive(i, p):
        yield env.timeout(delay[p])
        state["events"] += 1
        deliver[i] = env.now

    def server(p):
        while True:
            i, lost = yield links[p].get()
            yield env.timeout(nbytes[i] * 8.0 / rate[p])
            state["in_system"][p] -= 1
            if not lost:
                env.process(arrive(i, p))

    env.process(source())
    for p in (0, 1):
        env.process(server(p))
    env.run()
    return deliver, state["events"]


def ns2_cell(gen, sizes, params, *, workdir) -> dict:
    """ns-2.35 on the cell (``validation/replay.tcl udp``): wall time and trace counts.

    Parameters
    ----------
    gen : numpy.ndarray
        Send time of each packet [s].
    sizes : numpy.ndarray
        Payload bytes of each packet (the script adds the headers).
    params : mmperf.experiments.ortiz2013.Params
        The chapter's set-up: link delay, queue limit, loss onsets and end of the run.
    workdir : str or pathlib.Path
        A folder for the schedule and ns-2's trace (the caller removes it).

    Returns
    -------
    dict
        ``wall_s`` (ns-2's wall time, start-up and trace writing included), and from the trace
        ``offered``, ``delivered``, ``queue_drops``, ``error_drops`` and ``events`` (arrivals
        plus deliveries).

    Raises
    ------
    RuntimeError
        If ns-2 exits with an error.
    """
    script = repo_root() / "validation" / "replay.tcl"
    sched = Path(workdir) / "schedule.txt"
    trace = Path(workdir) / "out.tr"
    sched.write_text("".join(f"{t:.9f} {int(b)}\n" for t, b in zip(gen, sizes)))
    args = ["ns", str(script), "udp", str(sched), str(trace), f"{BANDWIDTH_MBPS:g}", f"{params.delay_s:g}",
            str(params.queue_limit), f"{ERROR_RATE:g}", f"{params.loss_start_s[0]:g}",
            f"{params.loss_start_s[1]:g}", str(SEED), f"{params.t_end_s:g}"]
    t0 = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, timeout=300, cwd=workdir)
    wall = time.perf_counter() - t0
    if out.returncode != 0:
        raise RuntimeError(f"ns-2 failed on the benchmark cell: {out.stderr[-2000:]}")
    ev = pd.read_csv(trace, sep=" ", header=None, usecols=[0], names=["ev"], dtype={"ev": "category"})["ev"]
    plus, minus, recv = int((ev == "+").sum()), int((ev == "-").sum()), int((ev == "r").sum())
    return {"wall_s": wall, "offered": plus, "delivered": recv, "queue_drops": plus - minus,
            "error_drops": minus - recv, "events": plus + recv}


def run(*, repeat: int = 5) -> list[dict]:
    """Time the three implementations on the cell.

    Parameters
    ----------
    repeat : int, default 5
        Timed runs of the book's engine (after one that compiles it); the median is reported.

    Returns
    -------
    list of dict
        Rows with columns target, kind, repeats, median_s, min_s, max_s, peak_rss_mb, metric, value, note.

    Raises
    ------
    RuntimeError
        If SimPy does not deliver exactly the book's packets at the book's times, or ns-2 fails.
    """
    params, gen, sizes, layers, net, seed = _cell()
    cfg = params.config(STRATEGY)
    rtp.run(gen[:10], sizes[:10], layers[:10], net, cfg, seed=seed)  # compile
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        res = rtp.run(gen, sizes, layers, net, cfg, seed=seed)
        times.append(time.perf_counter() - t0)
    engine_s = statistics.median(times)
    delivered = res.deliver_time >= 0
    lc = res.link_counters
    engine_events = int(gen.size + delivered.sum())

    path_of = np.asarray(cfg.layer_paths)[layers]
    unif = uniforms(seed, gen.size + 1)
    t0 = time.perf_counter()
    simpy_deliver, simpy_events = simpy_cell(gen, sizes + rtp.HEADER_BYTES, path_of, net, unif)
    simpy_s = time.perf_counter() - t0
    if not (np.array_equal(simpy_deliver >= 0, delivered)
            and np.allclose(simpy_deliver[delivered], res.deliver_time[delivered], rtol=0, atol=1e-9)):
        raise RuntimeError("SimPy and the book's engine disagree on the packets delivered in the benchmark cell")
    if simpy_events != engine_events:
        raise RuntimeError(f"packet-event counts differ: engine {engine_events}, SimPy {simpy_events}")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    cell = (f"Ortiz {STRATEGY}, {BANDWIDTH_MBPS:g} Mb/s, error rate {ERROR_RATE:g}, seed {SEED}: {gen.size} packets, "
            f"{engine_events} packet events")
    book_counts = (f"book: {int(delivered.sum())} delivered, {int(lc['queue_drops'].sum())} queue drops, "
                   f"{int(lc['error_drops'].sum())} losses")
    rows = [{
        "target": "ortiz2013 RTP cell: book engine vs SimPy", "kind": "extra", "repeats": repeat,
        "median_s": round(engine_s, 4), "min_s": round(min(times), 4), "max_s": round(max(times), 4),
        "peak_rss_mb": round(rss, 1), "metric": "wall time on the cell, SimPy / book engine",
        "value": round(simpy_s / engine_s, 0),
        "note": (f"{cell}; engine {engine_events / engine_s:,.0f} packet events/s, SimPy {simpy_s:.2f} s "
                 f"({simpy_events / simpy_s:,.0f} events/s); identical deliveries; {book_counts}"),
    }]
    if shutil.which("ns") is None:
        rows.append({"target": "ortiz2013 RTP cell: book engine vs ns-2.35", "kind": "extra",
                     "metric": "wall time on the cell, ns-2 / book engine", "value": float("nan"),
                     "note": "ns (ns-2) not installed: `make ns2` installs Debian's ns2"})
        return rows
    with tempfile.TemporaryDirectory(prefix="mmperf-bench-ns2-") as tmp:
        ns = ns2_cell(gen, sizes, params, workdir=tmp)
    rows.append({
        "target": "ortiz2013 RTP cell: book engine vs ns-2.35", "kind": "extra", "repeats": 1,
        "median_s": round(ns["wall_s"], 3), "min_s": round(ns["wall_s"], 3), "max_s": round(ns["wall_s"], 3),
        "metric": "wall time on the cell, ns-2 / book engine", "value": round(ns["wall_s"] / engine_s, 0),
        "note": (f"{cell}; ns-2 {ns['wall_s']:.2f} s incl. start-up and trace ({ns['events'] / ns['wall_s']:,.0f} "
                 f"packet events/s): {ns['delivered']} delivered, {ns['queue_drops']} queue drops, "
                 f"{ns['error_drops']} losses; {book_counts}"),
    })
    return rows
