"""Speed of the compiled packet simulator against SimPy on the same drop-tail link.

Both implementations run one link (30 Mb/s, 5 ms, 50-packet drop-tail queue,
1 % uniform loss) fed by the same Poisson packet stream at 110 % load, and
must agree packet for packet (same arrivals, queue drops and losses, since the
error model reads the same uniform draws in the same order). A *packet event*
is an arrival at the queue or a delivery at the far end. The ratio of packet
events per second (compiled / SimPy) is measured in one run.
"""

from __future__ import annotations

import resource
import statistics
import time

import numpy as np

from mmperf.networks.packetsim import simulate_link
from mmperf.seeds import rng

RATE_MBPS = 30.0
DELAY_S = 0.005
QUEUE_LIMIT = 50
LOSS = 0.01


def _workload(n: int):
    g = rng("ortiz2013", "benchmark-link")
    sizes = g.integers(200, 1501, n).astype(float)
    mean_gap = sizes.mean() * 8 / (RATE_MBPS * 1e6) / 1.1
    times = np.cumsum(g.exponential(mean_gap, n))
    unif_seed = int(g.integers(2**31))
    return times, sizes, unif_seed


def simpy_link(times, sizes, unif):
    """The same drop-tail link written with SimPy processes; returns (arrive, packet events)."""
    import simpy

    env = simpy.Environment()
    store = simpy.Store(env)
    n = len(times)
    arrive = np.full(n, -1.0)
    state = {"in_system": 0, "draw": 0, "events": 0}

    def source():
        for i in range(n):
            yield env.timeout(times[i] - env.now)
            state["events"] += 1
            if state["in_system"] >= QUEUE_LIMIT:
                continue
            state["in_system"] += 1
            store.put(i)

    def deliver(i):
        yield env.timeout(DELAY_S)
        state["events"] += 1
        arrive[i] = env.now

    def server():
        while True:
            i = yield store.get()
            yield env.timeout(sizes[i] * 8 / (RATE_MBPS * 1e6))
            state["in_system"] -= 1
            k = state["draw"]
            state["draw"] = k + 1
            if unif[k] < LOSS:
                continue
            env.process(deliver(i))

    env.process(source())
    env.process(server())
    env.run()
    return arrive, state["events"]


def run(*, n_packets: int = 60000, repeat: int = 5) -> list[dict]:
    """Measure packet events per second of both implementations.

    Returns
    -------
    list of dict
        Rows with columns target, median_s, min_s, max_s, peak_rss_mb, metric, value, note.
    """
    times, sizes, seed = _workload(n_packets)
    unif = np.random.default_rng(seed).random((2, n_packets))
    simulate_link(times[:10], sizes[:10], bandwidth_mbps=RATE_MBPS, loss_rate=LOSS, seed=seed)  # compile
    fast = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        res = simulate_link(times, sizes, bandwidth_mbps=RATE_MBPS, delay_s=DELAY_S, queue_limit=QUEUE_LIMIT,
                            loss_rate=LOSS, seed=seed)
        fast.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    arrive_simpy, events_simpy = simpy_link(times, sizes, unif[0])
    slow = time.perf_counter() - t0
    agree = bool(np.array_equal(arrive_simpy >= 0, res.arrive >= 0) and np.allclose(
        arrive_simpy[arrive_simpy >= 0], res.arrive[res.arrive >= 0]))
    if not agree:
        raise RuntimeError("the compiled link and the SimPy link disagree on the packets delivered")
    events_fast = res.events
    if events_fast != events_simpy:
        raise RuntimeError(f"packet-event counts differ: compiled {events_fast}, SimPy {events_simpy}")
    rate_fast = events_fast / statistics.median(fast)
    rate_slow = events_simpy / slow
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    note = (f"{n_packets} packets, {events_fast} packet events, {res.queue_drops} queue drops, "
            f"{res.error_drops} losses; SimPy {rate_slow:,.0f} events/s, compiled {rate_fast:,.0f} events/s; "
            "identical deliveries")
    return [{
        "target": "ortiz2013 packet simulator vs SimPy (one drop-tail link)",
        "kind": "extra",
        "repeats": repeat,
        "median_s": round(statistics.median(fast), 4),
        "min_s": round(min(fast), 4),
        "max_s": round(max(fast), 4),
        "peak_rss_mb": round(rss, 1),
        "metric": "packet events per second, compiled / SimPy",
        "value": round(rate_fast / rate_slow, 1),
        "note": note,
    }]
