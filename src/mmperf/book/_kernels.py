"""Compile every numba kernel of the book once, into numba's on-disk cache.

A fresh clone has no compiled kernels: the first call of each engine compiles it
(the transport engine's ``run_window`` alone takes about 20 s of one core), and
two test workers that reach the same engine at the same moment both compile it.
``make test`` runs :func:`compile_kernels` beside the site's build, so every
worker starts with the kernels cached (``@njit(cache=True)`` writes them beside
their modules; :mod:`mmperf._numba_cache` drops them when a file they depend
on changes). Each group drives its engines through their public functions on a
few packets, frames or processes, with the argument types the chapters use, so
the cached specializations are the chapters' own.

From the command line: ``python -m mmperf.book._kernels --jobs 2`` (``make kernels``). It is a command of
its own, not one of ``python -m mmperf.book``'s, because importing the engines takes 0.45 s that every
other book command would pay.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.coding import svc
from mmperf.experiments.huynh1994.model import hardware
from mmperf.hosts import ps2, testbed, timesharing
from mmperf.networks import bottleneck, shared_bottleneck
from mmperf.networks.packetsim import Network
from mmperf.seeds import rng
from mmperf.transports import rtp, sctp, tcp

__all__ = ["GROUPS", "compile_kernels"]


def _transports() -> None:
    """RTP's datagram loop and the window engine under TCP, SCTP and CMT-SCTP (:mod:`mmperf.transports`)."""
    sizes = rng("kernels", "transports").integers(300, 1461, 200).astype(float)
    gen = np.cumsum(sizes * 8 / 20e6)
    layers = (np.arange(sizes.size) % 4 != 0).astype(np.int64)
    net = Network(30.0, loss_rate=0.02, loss_start_s=(0.0, 0.0))
    rtp.run(gen, sizes, layers, net, rtp.RtpConfig((0, 1)), seed=1)
    tcp.run(gen, sizes, net, seed=1)
    sctp.run(gen, sizes, layers, net, sctp.SctpConfig(cmt=True), seed=1)


def _networks() -> None:
    """The packet-level shared bottleneck and the fluid bottleneck's lanes (:mod:`mmperf.networks`)."""
    times = np.arange(50) * 1e-3
    shared_bottleneck.simulate(times, np.full(50, 1500.0), capacity_bps=100e6, buffer_packets=50, rtt_s=0.004,
                               tcp_start_s=[0.0], duration_s=0.5)
    link = bottleneck.Link()
    slots = 500
    bottleneck.simulate_best_effort(np.zeros(slots), np.full(slots, link.slot_capacity), link=link, k_flows=1, seed=1)
    arrivals = np.full((1, slots), 100.0)
    bottleneck.reserved_path(arrivals, np.full((1, 1), 1e6), slots_per_period=slots, depth_bytes=np.full(1, 1e4),
                             slot_s=link.slot_s)
    bottleneck.max_backlog(arrivals[0], capacity_bytes=50.0)


def _hosts() -> None:
    """The PS/2 queueing network, the 4.3BSD and SVR4 schedulers and the paced testbed (:mod:`mmperf.hosts`)."""
    hw = hardware("486")  # the Huynh chapter's own
    for mode in ("move", "locate"):
        ps2.simulate(hw, ps2.Workload(mode=mode, frame_rate=30, frames=20), rng=rng("kernels", "ps2", mode))
    rx = timesharing.Process("rx", "sleeper", arrivals_us=(1e6 + 7,), kernel_us=(100.0,), user_us=(0.0,))
    for kind in ("4.3bsd", "svr4"):
        timesharing.simulate([timesharing.Process("hog", "hog"), rx], duration_us=2e6,
                             policy=timesharing.Policy(kind=kind))
    timesharing.serve([1e6 + 7, 2e6], [100.0, 100.0], [0.0, 50.0], hogs=2)
    link = testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36)
    host = testbed.Host("kernels", kernel_ms=0.1, app_ms=0.15, display_ms=90.0)
    testbed.simulate(testbed.Stream(packet_time_ms=0.3, n_frames=3), link, host, display=False,
                     rng=rng("kernels", "testbed"))


def _coding() -> None:
    """The layered video coder's transform, calibration, slicing and decoding (:mod:`mmperf.coding.svc`)."""
    frames = rng("kernels", "coding").integers(0, 256, (4, 16, 16), dtype=np.uint8)
    video = svc.encode(frames, calibration=svc.calibrate(frames, step=1))
    delivered = np.ones(video.n_packets, bool)
    delivered[::3] = False
    for rule in ("freeze", "black"):
        video.decode(delivered, base_loss=rule)


GROUPS = {"transports": _transports, "networks": _networks, "hosts": _hosts, "coding": _coding}
"""The kernels by package, each compiled by one call (transports first: the longest)."""


def _timed(name: str) -> tuple[str, float]:
    start = time.perf_counter()
    GROUPS[name]()
    return name, time.perf_counter() - start


def compile_kernels(groups=None, *, jobs: int = 1) -> pd.DataFrame:
    """Compile the book's numba kernels into numba's on-disk cache.

    Parameters
    ----------
    groups : iterable of str, optional
        Names in :data:`GROUPS` (all by default).
    jobs : int, default 1
        Processes to compile in; with 1, this process compiles every group.

    Returns
    -------
    pandas.DataFrame
        ``group, seconds``: each group's wall time (a few milliseconds when its kernels were cached).

    Raises
    ------
    ValueError
        If a group is unknown or ``jobs`` is below 1.
    TypeError
        If ``jobs`` is not a whole number.

    Examples
    --------
    >>> from mmperf.book._kernels import compile_kernels
    >>> list(compile_kernels(groups=["coding"])["group"])
    ['coding']
    """
    names = list(GROUPS) if groups is None else list(groups)
    unknown = [g for g in names if g not in GROUPS]
    if unknown or not names:
        raise ValueError(f"groups must be names from {sorted(GROUPS)}, got {names!r}")
    jobs = _validate.whole(jobs, "jobs", minimum=1)
    if jobs == 1:
        rows = [_timed(g) for g in names]
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(names))) as pool:
            rows = list(pool.map(_timed, names))
    return pd.DataFrame(rows, columns=["group", "seconds"])


def main(argv=None) -> int:
    """``python -m mmperf.book._kernels [GROUP ...] [--jobs N]``: compile, print each group's time."""
    p = argparse.ArgumentParser(prog="python -m mmperf.book._kernels",
                                description="compile every numba kernel once into numba's on-disk cache")
    p.add_argument("groups", nargs="*", metavar="GROUP", help=f"kernel groups (default all: {', '.join(GROUPS)})")
    p.add_argument("--jobs", type=int, default=2, help="processes to compile in (default 2)")
    args = p.parse_args(argv)
    try:
        table = compile_kernels(args.groups or None, jobs=args.jobs)
    except (TypeError, ValueError) as err:
        raise SystemExit(f"error: {err}") from None
    for row in table.itertuples():
        print(f"compiled  {row.group} kernels in {row.seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
