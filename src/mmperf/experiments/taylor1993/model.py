"""Taylor & Polyzos (1993): the experiment grid, the calibration and :func:`run`.

The paper sends a bit-plane coded 550x550 animation (264 packets per frame)
as a paced UDP stream over four testbeds and measures, at the receiver,
throughput and loss with the frames displayed (animation experiment) and with
the display switched off (maximum-throughput experiment): 12 tables in
section 3.

What the book fixes a priori (from the paper or the standards): link rates and
framing overheads, the 50 KB (40-packet) socket buffer, the 50-packet sending
interface queue, the packet sizes, the sender's group size g = 2, the cost
variability (CV 0.2 per packet, 0.1 per frame).

What the book calibrates, and on what (:func:`calibrate`):

1. per receiving host, two per-packet CPU costs -- ``kernel_ms`` (interrupt
   level, spent on every arriving packet) and ``app_ms`` (the application's
   read) -- by least squares on the throughput column of that host's
   **maximum-throughput tables only**, using the fluid limit of the model
   (:func:`mmperf.hosts.testbed.fluid_received_rate`);
2. one global display-work ratio ``kappa`` -- a frame's rebuild-and-display
   CPU time as a multiple of the application's CPU time to read the frame's 264
   packets, ``display_ms = kappa * 264 * app_ms`` -- on **one**
   animation table, ATM / DECstation 5000/200, using the fluid loss per frame
   ``max(0, display_wall / packet_time - buffer)``.

Every other animation table, and every loss statistic of every table, is a
prediction of the simulation.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd
from scipy import optimize

from mmperf import papers
from mmperf.coding import bitplane
from mmperf.hosts import testbed
from mmperf.networks import loss as lossmod
from mmperf.quality import image
from mmperf.seeds import rng

PAPER = "taylor1993"
PACKETS_PER_FRAME = 264
PACKET_BYTES = testbed.PACKET_BYTES + testbed.UDP_IP_BYTES  # 1256: counted in throughput
SOCKET_BUFFER_PACKETS = 40  # "approximately 50K bytes ... approximately 40 packets" (sec. 3.4)
N_FRAMES = 100  # the paper sent 100 or 200 frames; the book sends 100 (its shorter run) in every run
GROUP = 2  # "generally 2 or 3"

LINKS = {
    # 10 Mb/s; 14 B header + 4 B FCS + 8 B preamble + 12 B inter-frame gap
    "Ethernet": testbed.Link("Ethernet", rate_mbps=10.0, overhead_bytes=38),
    # 100 Mb/s; preamble 8, SD/FC/addresses 14, LLC/SNAP 8, FCS 4, ED/FS 2
    "FDDI": testbed.Link("FDDI", rate_mbps=100.0, overhead_bytes=36),
    # 100 Mb/s TAXI; AAL5 trailer 8 B, 1264 B -> 27 cells x 53 B = 1431 B
    "ATM": testbed.Link("ATM", rate_mbps=100.0, overhead_bytes=1431 - 1256),
    # T1 backbone, 1.536 Mb/s of payload, ~10 B HDLC framing, Berkeley - San Diego
    "Sequoia 2000 Net": testbed.Link("Sequoia 2000 Net", rate_mbps=1.536, overhead_bytes=10, propagation_ms=10.0),
}
"""The four networks (sec. 1.3, 2.3)."""

HOSTS = ("DECstation 5000/200", "DECstation 5000/240", "DEC 3000/500 Alpha AXP")
"""Receiving hosts, as the tables name them."""

HOST_SHORT = {"DECstation 5000/200": "DS5000/200", "DECstation 5000/240": "DS5000/240",
              "DEC 3000/500 Alpha AXP": "Alpha 3000/500"}


@dataclass(frozen=True)
class TableSpec:
    """One table of section 3: its testbed, receiving host, experiment and packet times."""

    name: str
    testbed: str
    host: str
    experiment: str  # "max_throughput" or "animation"
    packet_times_ms: tuple[float, ...]
    throughput_unit: str  # "Mb/s" or "Kb/s", as the paper's header says

    @property
    def display(self) -> bool:
        return self.experiment == "animation"


TABLES = (
    TableSpec("s2k_max", "Sequoia 2000 Net", "DECstation 5000/240", "max_throughput", (7.5,), "Mb/s"),
    TableSpec("s2k_anim", "Sequoia 2000 Net", "DECstation 5000/240", "animation", (23.435,), "Kb/s"),
    TableSpec("atm_max", "ATM", "DECstation 5000/200", "max_throughput", (1.95, 1.3, 0.975, 0.946, 0.887), "Mb/s"),
    TableSpec("atm_anim", "ATM", "DECstation 5000/200", "animation", (19.529, 17.576, 15.623, 13.67), "Kb/s"),
    TableSpec("eth_max_ds200", "Ethernet", "DECstation 5000/200", "max_throughput", (1.301, 1.065, 0.976), "Mb/s"),
    TableSpec("eth_max_alpha", "Ethernet", "DEC 3000/500 Alpha AXP", "max_throughput", (1.25, 1.05, 0.85), "Mb/s"),
    TableSpec("eth_anim_ds200", "Ethernet", "DECstation 5000/200", "animation", (22.459, 20.675, 19.53, 19.525), "Kb/s"),
    TableSpec("eth_anim_alpha", "Ethernet", "DEC 3000/500 Alpha AXP", "animation", (2.817, 2.48), "Mb/s"),
    TableSpec("fddi_max_ds240", "FDDI", "DECstation 5000/240", "max_throughput", (0.65, 0.53, 0.488, 0.473), "Mb/s"),
    TableSpec("fddi_max_alpha", "FDDI", "DEC 3000/500 Alpha AXP", "max_throughput", (0.3, 0.25, 0.2), "Mb/s"),
    TableSpec("fddi_anim_ds240", "FDDI", "DECstation 5000/240", "animation", (19.529, 15.623, 13.67), "Kb/s"),
    TableSpec("fddi_anim_alpha", "FDDI", "DEC 3000/500 Alpha AXP", "animation", (2.254, 2.066, 1.878), "Mb/s"),
)
"""The experiment grid: the 12 tables of section 3 and the sender's packet time of each row."""

DISPLAY_CALIBRATION_TABLE = "atm_anim"
"""The one animation table the display-work ratio is calibrated on."""

QUANTITIES = ["frame_time", "packet_time", "throughput", "loss", "max_lost_per_frame", "avg_lost_per_frame"]
QUANTITY_LABELS = {
    "frame_time": "frame time [ms]", "packet_time": "packet time [ms]", "throughput": "throughput",
    "loss": "loss [%]", "max_lost_per_frame": "max lost/frame [packets]",
    "avg_lost_per_frame": "avg lost/frame [packets]",
}


def spec(name: str) -> TableSpec:
    """Return the :class:`TableSpec` called ``name``.

    Raises
    ------
    ValueError
        If no table has that name.
    """
    for t in TABLES:
        if t.name == name:
            return t
    raise ValueError(f"no table {name!r}; tables are {[t.name for t in TABLES]}")


def paper_table(name: str) -> pd.DataFrame:
    """The paper's table in wide form: one row per run, one column per quantity."""
    t = papers.table(PAPER, name)
    wide = t.pivot(index="row", columns="quantity", values="value")[QUANTITIES]
    return wide.reset_index()


# ---------------------------------------------------------------- calibration
@dataclass(frozen=True)
class Calibration:
    """Calibrated host parameters and the display-work ratio.

    Attributes
    ----------
    hosts : pandas.DataFrame
        One row per host: ``kernel_ms``, ``app_ms``, ``knee_mbps`` (the fluid
        model's peak throughput), ``display_ms``, ``rows`` (max-throughput rows
        used) and ``rms_rel_error`` of the fit.
    kappa : float
        Display-work ratio (see the module docstring).
    """

    hosts: pd.DataFrame
    kappa: float
    buffer_packets: int = SOCKET_BUFFER_PACKETS
    overrides: dict = field(default_factory=dict)

    def host(self, name: str) -> testbed.Host:
        """The calibrated :class:`~mmperf.hosts.testbed.Host` called ``name``."""
        if name not in self.hosts.index:
            raise ValueError(f"host must be one of {list(self.hosts.index)}, got {name!r}")
        r = self.hosts.loc[name]
        h = testbed.Host(name, kernel_ms=float(r["kernel_ms"]), app_ms=float(r["app_ms"]),
                         display_ms=float(r["display_ms"]), buffer_packets=self.buffer_packets)
        return replace(h, **self.overrides.get(name, {}))


def _to_mbps(value, unit):
    return value / 1000.0 if unit == "Kb/s" else value


def _max_rows(host: str) -> pd.DataFrame:
    rows = []
    for t in TABLES:
        if t.host == host and t.experiment == "max_throughput":
            p = paper_table(t.name)
            for r in p.itertuples():
                rows.append({"table": t.name, "testbed": t.testbed, "packet_time": r.packet_time,
                             "throughput_mbps": _to_mbps(r.throughput, t.throughput_unit)})
    return pd.DataFrame(rows)


def fit_host_costs(host: str) -> dict:
    """Fit one host's ``kernel_ms`` and ``app_ms`` on its maximum-throughput tables.

    Least squares on the relative throughput error of every row of the host's
    maximum-throughput tables, with the fluid livelock model
    :func:`mmperf.hosts.testbed.fluid_received_rate` and the links of :data:`LINKS`.

    Parameters
    ----------
    host : str
        One of :data:`HOSTS`.

    Returns
    -------
    dict
        ``kernel_ms``, ``app_ms``, ``rows``, ``rms_rel_error``.

    Raises
    ------
    ValueError
        If ``host`` is unknown.
    """
    if host not in HOSTS:
        raise ValueError(f"host must be one of {HOSTS}, got {host!r}")
    data = _max_rows(host)
    links = [LINKS[tb] for tb in data["testbed"]]
    p = data["packet_time"].to_numpy()
    y = data["throughput_mbps"].to_numpy()
    bits = PACKET_BYTES * 8 / 1000.0  # Mb per packet * (1/ms) -> Mb/s when multiplied by packets/ms

    def resid(theta):
        h = testbed.Host(host, kernel_ms=theta[0], app_ms=theta[1])
        return testbed.fluid_received_rate(p, links, h, packet_bytes=PACKET_BYTES) * bits / y - 1

    # the residuals are flat wherever every row is below the knee, so start the
    # local fit from the best point of a coarse grid over (total cost, kernel share)
    pmin = float(p.min())
    best = None
    for total in np.linspace(0.5 * pmin, 2.0 * pmin, 61):
        for share in np.linspace(0.0, 0.9, 19):
            theta = (share * total, (1 - share) * total)
            cost = float(np.sum(resid(theta) ** 2))
            if best is None or cost < best[0] - 1e-15:
                best = (cost, theta)
    fit = optimize.least_squares(resid, x0=list(best[1]), bounds=([0.0, 1e-4], [5 * pmin, 5 * pmin]),
                                 x_scale=[pmin, pmin], method="trf")
    r = resid(fit.x)
    return {"kernel_ms": float(fit.x[0]), "app_ms": float(fit.x[1]), "rows": int(len(y)),
            "rms_rel_error": float(np.sqrt(np.mean(r**2)))}


def fluid_display_loss(packet_time_ms, display_ms, kernel_ms, buffer_packets=SOCKET_BUFFER_PACKETS):
    """Fluid packets lost per frame: those arriving while a frame is displayed, beyond the buffer.

    ``max(0, display_wall / packet_time - buffer)``, where the display's wall
    time ``display_ms / (1 - kernel_ms / packet_time)`` includes the kernel's
    interrupt work on the packets arriving meanwhile.
    """
    p = np.asarray(packet_time_ms, dtype=float)
    wall = display_ms / np.clip(1 - kernel_ms / p, 1e-9, None)
    return np.maximum(0.0, wall / p - buffer_packets)


def calibrate(*, display_table: str = DISPLAY_CALIBRATION_TABLE, buffer_packets: int = SOCKET_BUFFER_PACKETS) -> Calibration:
    """Calibrate the hosts (on the maximum-throughput tables) and the display ratio (on one animation table).

    Parameters
    ----------
    display_table : str, default "atm_anim"
        The animation table on which the display-work ratio ``kappa`` is fitted.
    buffer_packets : int, default 40
        Socket buffer capacity [packets].

    Returns
    -------
    Calibration

    Raises
    ------
    ValueError
        If ``display_table`` is not an animation table.
    """
    t = spec(display_table)
    if not t.display:
        raise ValueError(f"display_table must be an animation table, got {display_table!r}")
    rows = {}
    for h in HOSTS:
        rows[h] = fit_host_costs(h)
    hosts = pd.DataFrame.from_dict(rows, orient="index")
    hosts["knee_mbps"] = PACKET_BYTES * 8 / (hosts["kernel_ms"] + hosts["app_ms"]) / 1000
    # display is user-level work like the application's reads; the kernel cost
    # measures the network driver's path and does not scale the display
    hosts["frame_read_ms"] = PACKETS_PER_FRAME * hosts["app_ms"]
    paper = paper_table(display_table)
    hk = hosts.loc[t.host]

    def sse(kappa):
        d = kappa * hk["frame_read_ms"]
        pred = fluid_display_loss(paper["packet_time"].to_numpy(), d, hk["kernel_ms"], buffer_packets)
        return float(np.sum((pred - paper["avg_lost_per_frame"].to_numpy()) ** 2))

    res = optimize.minimize_scalar(sse, bounds=(0.0, 20.0), method="bounded", options={"xatol": 1e-6})
    kappa = float(res.x)
    hosts["display_ms"] = kappa * hosts["frame_read_ms"]
    hosts.index.name = "host"
    return Calibration(hosts=hosts, kappa=kappa, buffer_packets=buffer_packets)


# ---------------------------------------------------------------- experiments
def simulate_row(name: str, row: int, calibration: Calibration, *, n_frames: int = N_FRAMES,
                 group: int = GROUP, seed: int | None = None) -> testbed.Run:
    """Simulate one row (1-based) of one table with the calibrated host (stream ``testbed, name, row``
    of root ``seed``; default the process's root seed)."""
    t = spec(name)
    if not 1 <= row <= len(t.packet_times_ms):
        raise ValueError(f"row must be in 1..{len(t.packet_times_ms)} for {name}, got {row!r}")
    stream = testbed.Stream(packet_time_ms=t.packet_times_ms[row - 1], group=group, n_frames=n_frames)
    return testbed.simulate(stream, LINKS[t.testbed], calibration.host(t.host), display=t.display,
                            rng=rng(PAPER, "testbed", name, row, root=seed))


def simulate_all(calibration: Calibration, *, n_frames: int = N_FRAMES, group: int = GROUP,
                 seed: int | None = None) -> dict:
    """Simulate every row of every table once: ``{(table, row): Run}``."""
    return {(t.name, i): simulate_row(t.name, i, calibration, n_frames=n_frames, group=group, seed=seed)
            for t in TABLES for i in range(1, len(t.packet_times_ms) + 1)}


def _run(name, row, calibration, n_frames, runs):
    if runs is not None and (name, row) in runs:
        return runs[(name, row)]
    return simulate_row(name, row, calibration, n_frames=n_frames)


def run_table(name: str, calibration: Calibration, *, n_frames: int = N_FRAMES, runs: dict | None = None) -> pd.DataFrame:
    """The book's version of one table: one row per run, the paper's columns and units.

    ``runs`` may hold the output of :func:`simulate_all`, to reuse its simulations.
    """
    t = spec(name)
    out = []
    for i in range(1, len(t.packet_times_ms) + 1):
        s = _run(name, i, calibration, n_frames, runs).summary()
        thr = s["throughput_mbps"] * (1000 if t.throughput_unit == "Kb/s" else 1)
        out.append({"row": i, "frame_time": s["frame_time_ms"], "packet_time": s["packet_time_ms"],
                    "throughput": thr, "loss": s["loss_pct"], "max_lost_per_frame": s["max_lost_per_frame"],
                    "avg_lost_per_frame": s["avg_lost_per_frame"]})
    return pd.DataFrame(out)


def compare_table(name: str, calibration: Calibration, *, n_frames: int = N_FRAMES, runs: dict | None = None) -> pd.DataFrame:
    """Paper, book and difference (book - paper) for every cell of one table, in long form.

    Column ``calibrated`` marks the cells the calibration was fitted on.
    """
    t = spec(name)
    paper = paper_table(name).melt(id_vars="row", var_name="quantity", value_name="paper")
    book = run_table(name, calibration, n_frames=n_frames, runs=runs).melt(id_vars="row", var_name="quantity", value_name="book")
    out = paper.merge(book, on=["row", "quantity"])
    out["difference"] = out["book"] - out["paper"]
    out.insert(0, "table", name)
    out.insert(1, "testbed", t.testbed)
    out.insert(2, "host", t.host)
    out.insert(3, "experiment", t.experiment)
    out["unit"] = [t.throughput_unit if q == "throughput" else
                   {"frame_time": "ms", "packet_time": "ms", "loss": "%"}.get(q, "packets") for q in out["quantity"]]
    out["calibrated"] = (t.experiment == "max_throughput") & (out["quantity"] == "throughput")
    if name == DISPLAY_CALIBRATION_TABLE:
        out["calibrated"] = out["quantity"] == "avg_lost_per_frame"
    order = {q: i for i, q in enumerate(QUANTITIES)}
    return out.sort_values(["row", "quantity"], key=lambda s: s.map(order) if s.name == "quantity" else s,
                           ignore_index=True)


def compare_all(calibration: Calibration, *, n_frames: int = N_FRAMES, runs: dict | None = None) -> pd.DataFrame:
    """:func:`compare_table` for all 12 tables, concatenated."""
    return pd.concat([compare_table(t.name, calibration, n_frames=n_frames, runs=runs) for t in TABLES],
                     ignore_index=True)


def side_by_side(comparison: pd.DataFrame, name: str) -> pd.DataFrame:
    """One table in the paper's layout: a row per run, (paper, book, difference) per quantity."""
    c = comparison[comparison["table"] == name]
    wide = c.pivot(index="row", columns="quantity", values=["paper", "book", "difference"])
    wide = wide.swaplevel(axis=1)
    cols = [(q, k) for q in QUANTITIES for k in ("paper", "book", "difference")]
    wide = wide[cols]
    wide.columns = pd.MultiIndex.from_tuples([(QUANTITY_LABELS[q], k) for q, k in cols])
    return wide


def loss_positions(name: str, row: int, calibration: Calibration, *, n_frames: int = N_FRAMES,
                   runs: dict | None = None) -> pd.DataFrame:
    """Where in the frame packets are lost: per packet index 0..263, the share of frames that lost it."""
    run = _run(name, row, calibration, n_frames, runs)
    p = run.packets
    lost = (~p["received"]).groupby(p["index"]).sum()
    out = pd.DataFrame({"index": lost.index, "lost": lost.to_numpy()})
    out["share_of_frames"] = out["lost"] / run.stream.n_frames
    out["plane"] = out["index"] // (PACKETS_PER_FRAME // bitplane.N_PLANES)
    return out


def observed_frame_loss(name: str, row: int, calibration: Calibration, *, n_frames: int = N_FRAMES,
                        runs: dict | None = None) -> np.ndarray:
    """The loss mask (264 packets) of one simulated frame: the first frame after the first that
    loses the run's median number of packets among frames with loss."""
    run = _run(name, row, calibration, n_frames, runs)
    lost = ~run.packets["received"].to_numpy().reshape(run.stream.n_frames, PACKETS_PER_FRAME)
    counts = lost.sum(axis=1)
    if not counts[1:].any():
        raise ValueError(f"run {name} row {row} loses no packets")
    target = int(np.median(counts[1:][counts[1:] > 0]))
    frame = 1 + int(np.flatnonzero(counts[1:] == target)[0]) if (counts[1:] == target).any() else 1 + int(np.argmax(counts[1:]))
    return lost[frame]


def frame_packet_ratio() -> pd.DataFrame:
    """The paper's frame time divided by its packet time, row by row (a check of sec. 2.1's formula)."""
    rows = []
    for t in TABLES:
        p = paper_table(t.name)
        for r in p.itertuples():
            rows.append({"table": t.name, "experiment": t.experiment, "row": r.row,
                         "frame_time": r.frame_time, "packet_time": r.packet_time,
                         "ratio": r.frame_time / r.packet_time})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------- image quality
QUALITY_RATES = (0.0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15, 0.25)
"""Loss rates of the quality-versus-loss curves (fractions)."""

SSIM_VISIBLE = 0.90
"""Mean SSIM below which the book calls a frame visibly degraded."""


def degrade(frame, lost, *, fill: str = "half", packets=None) -> np.ndarray:
    """Send one frame through bit-plane coding with the given packets lost, and rebuild it.

    ``packets`` may hold the frame's :func:`~mmperf.coding.bitplane.packetize` output, to save recomputing it.
    """
    lay = bitplane.layout(np.shape(frame))
    lost = np.asarray(lost, dtype=bool)
    if packets is None:
        packets = bitplane.packetize(frame)
    return bitplane.reassemble(packets, lay, received=~lost, fill=fill)


def loss_mask(pattern: str, rate: float, *, frame_index: int = 0, draw: int = 0,
              start: int = SOCKET_BUFFER_PACKETS, seed: int | None = None) -> np.ndarray:
    """One frame's loss mask (264 packets) under a named pattern at a loss rate.

    Random loss loses exactly ``round(rate * 264)`` packets at random positions
    (stream ``rng("taylor1993", "quality", pattern, frame_index, draw, rate)``).
    """
    lay = bitplane.layout((550, 550))
    gen = rng(PAPER, "quality", pattern, frame_index, draw, f"{rate:.6f}", root=seed)
    return lossmod.pattern(pattern, 1, PACKETS_PER_FRAME, rate, rng=gen, priority=lay.plane, start=start)[0]


def quality_curves(frames, *, rates=QUALITY_RATES, patterns=lossmod.PATTERNS, draws: int = 3,
                   fill: str = "half", start: int = SOCKET_BUFFER_PACKETS, seed: int | None = None) -> pd.DataFrame:
    """PSNR and SSIM of the animation's frames versus loss rate, for each loss pattern.

    Parameters
    ----------
    frames : numpy.ndarray
        One frame (2-D) or several (3-D), uint8.
    rates : sequence of float
        Loss rates (fractions).
    patterns : sequence of str
        Names from :data:`mmperf.networks.loss.PATTERNS`.
    draws : int, default 3
        Random draws per frame and rate for the random pattern (the others are deterministic).
    fill : str, default "half"
        Missing-bit rule (:func:`mmperf.coding.bitplane.reassemble`).
    start : int, default 40
        First packet of a burst (the socket buffer's capacity).
    seed : int, optional
        Root seed of the random pattern's draws (default: the process's).

    Returns
    -------
    pandas.DataFrame
        Columns ``pattern``, ``rate_pct``, ``frame``, ``draw``, ``lost_packets``, ``psnr_db``, ``ssim``.
    """
    frames = np.asarray(frames)
    if frames.ndim == 2:
        frames = frames[None]
    rows = []
    for fi, f in enumerate(frames):
        packets = bitplane.packetize(f)
        for pat in patterns:
            for r in rates:
                for d in range(draws if pat == "random" and r > 0 else 1):
                    m = loss_mask(pat, r, frame_index=fi, draw=d, start=start, seed=seed)
                    img = degrade(f, m, fill=fill, packets=packets) if m.any() else f
                    rows.append({"pattern": pat, "rate_pct": 100 * r, "frame": fi, "draw": d,
                                 "lost_packets": int(m.sum()), "psnr_db": image.psnr(f, img),
                                 "ssim": image.ssim(f, img)})
    return pd.DataFrame(rows)


def threshold(curves: pd.DataFrame, *, metric: str = "ssim", level: float = SSIM_VISIBLE) -> pd.DataFrame:
    """Loss rate [%] at which each pattern's mean quality first falls below ``level`` (linear interpolation).

    Returns NaN for a pattern that never falls below ``level`` on the grid.
    """
    out = []
    for pat, g in curves.groupby("pattern", sort=False):
        m = g.groupby("rate_pct")[metric].mean().sort_index()
        x, y = m.index.to_numpy(), m.to_numpy()
        below = np.flatnonzero(y < level)
        if below.size == 0:
            val = np.nan
        else:
            i = below[0]
            val = x[0] if i == 0 else x[i - 1] + (y[i - 1] - level) * (x[i] - x[i - 1]) / (y[i - 1] - y[i])
        out.append({"pattern": pat, "metric": metric, "level": level, "threshold_pct": float(val)})
    return pd.DataFrame(out)


# ---------------------------------------------------------------- compressibility
def compressibility_images(frame) -> dict:
    """The images whose bit planes are compressed: the test animation's frame and three scikit-image photographs."""
    from skimage import data

    return {"test animation frame": np.asarray(frame), "camera (skimage)": data.camera(),
            "moon (skimage)": data.moon(), "coins (skimage)": data.coins()}


def compressibility(images: dict, *, level: int = 6) -> pd.DataFrame:
    """Deflate ratio of every bit plane of every image (zlib ``level``, default 6, zlib's own default):
    columns ``image`` plus those of :func:`mmperf.quality.image.plane_compressibility`."""
    frames = [image.plane_compressibility(img, level=level).assign(image=name) for name, img in images.items()]
    out = pd.concat(frames, ignore_index=True)
    return out[["image", "plane", "bit", "raw_bytes", "deflate_bytes", "ratio"]]


# ---------------------------------------------------------------- claims
def loss_concentration(calibration: Calibration, *, n_frames: int = N_FRAMES, top: int = 20,
                       runs: dict | None = None) -> pd.DataFrame:
    """For every animation row with loss: where the losses fall in the frame.

    Columns: ``table``, ``row``, ``lost``, ``first_lost_index`` (the most
    often lost position's smallest index), ``share_in_top`` (share of the
    losses in the ``top`` most often lost positions; random loss would put
    ``top/264`` there), ``share_after_buffer`` (share at positions
    ``buffer .. buffer + max lost per frame``).
    """
    rows = []
    for t in TABLES:
        if not t.display:
            continue
        for i in range(1, len(t.packet_times_ms) + 1):
            run = _run(t.name, i, calibration, n_frames, runs)
            p = run.packets
            lost_idx = p.loc[~p["received"], "index"].to_numpy()
            if lost_idx.size == 0:
                continue
            counts = np.bincount(lost_idx, minlength=PACKETS_PER_FRAME)
            maxlost = int(run.per_frame()["lost"].max())
            b = calibration.buffer_packets
            rows.append({"table": t.name, "row": i, "lost": int(lost_idx.size),
                         "first_lost_index": int(np.flatnonzero(counts)[0]),
                         "share_in_top": float(np.sort(counts)[::-1][:top].sum() / lost_idx.size),
                         "share_after_buffer": float(counts[b : b + maxlost].sum() / lost_idx.size)})
    return pd.DataFrame(rows)


def display_off_check(calibration: Calibration, *, n_frames: int = N_FRAMES, runs: dict | None = None,
                      group: int = GROUP, seed: int | None = None) -> pd.DataFrame:
    """Every animation row run again with the display switched off: loss and throughput with and without display."""
    rows = []
    for t in TABLES:
        if not t.display:
            continue
        for i, pt in enumerate(t.packet_times_ms, start=1):
            stream = testbed.Stream(packet_time_ms=pt, group=group, n_frames=n_frames)
            host = calibration.host(t.host)
            on = _run(t.name, i, calibration, n_frames, runs).summary()
            off = testbed.simulate(stream, LINKS[t.testbed], host, display=False,
                                   rng=rng(PAPER, "testbed", t.name, i, root=seed)).summary()
            rows.append({"table": t.name, "row": i, "loss_pct_display": on["loss_pct"],
                         "loss_pct_no_display": off["loss_pct"]})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------- diagnostics for the chapter
def fluid_curves(calibration: Calibration, *, points: int = 60) -> pd.DataFrame:
    """The calibrated fluid throughput [Mb/s] of each maximum-throughput table over a range of packet times."""
    rows = []
    for t in TABLES:
        if t.display:
            continue
        lo, hi = 0.8 * min(t.packet_times_ms), 1.1 * max(t.packet_times_ms)
        p = np.linspace(lo, hi, points)
        r = testbed.fluid_received_rate(p, LINKS[t.testbed], calibration.host(t.host))
        rows.append(pd.DataFrame({"table": t.name, "testbed": t.testbed, "host": t.host, "packet_time": p,
                                  "throughput_mbps": r * PACKET_BYTES * 8 / 1000}))
    return pd.concat(rows, ignore_index=True)


def implied_display(calibration: Calibration, comparison: pd.DataFrame) -> pd.DataFrame:
    """Display wall time per frame [ms] that each lossy animation row of the paper implies, beside the book's.

    If a display of wall time ``W`` loses ``x = W / p - B`` packets per frame, the paper's
    average loss implies ``W = (B + x) p``; the book's is ``display_ms / (1 - kernel_ms / p)``.
    A diagnostic read from the paper's numbers, never used by the model.
    """
    rows = []
    b = calibration.buffer_packets
    for t in TABLES:
        if not t.display:
            continue
        c = comparison[(comparison["table"] == t.name)]
        h = calibration.hosts.loc[t.host]
        for i, p in enumerate(t.packet_times_ms, start=1):
            x = float(c[(c["row"] == i) & (c["quantity"] == "avg_lost_per_frame")]["paper"].iloc[0])
            if x <= 0:
                continue
            rows.append({"table": t.name, "testbed": t.testbed, "host": t.host, "row": i, "packet_time": p,
                         "paper_avg_lost": x, "implied_display_wall_ms": (b + x) * p,
                         "book_display_wall_ms": h["display_ms"] / (1 - h["kernel_ms"] / p)})
    out = pd.DataFrame(rows)
    out["ratio"] = out["implied_display_wall_ms"] / out["book_display_wall_ms"]
    return out


# ---------------------------------------------------------------- the contract: one run, one seed
def _loss_positions_all(runs: dict) -> pd.DataFrame:
    frames = []
    for (name, row), run_ in runs.items():
        p = run_.packets
        lost = (~p["received"]).groupby(p["index"]).sum()
        frames.append(pd.DataFrame({"table": name, "row": row, "index": lost.index.to_numpy(),
                                    "lost": lost.to_numpy(), "share_of_frames": lost.to_numpy() / run_.stream.n_frames}))
    out = pd.concat(frames, ignore_index=True)
    out["plane"] = out["index"] // (PACKETS_PER_FRAME // bitplane.N_PLANES)
    return out


def _observed_masks(runs: dict, calibration: Calibration, n_frames: int) -> pd.DataFrame:
    frames = []
    for t in TABLES:
        if not t.display:
            continue
        for i in range(1, len(t.packet_times_ms) + 1):
            try:
                mask = observed_frame_loss(t.name, i, calibration, n_frames=n_frames, runs=runs)
            except ValueError:
                continue  # a run that loses nothing has no observed frame
            frames.append(pd.DataFrame({"table": t.name, "row": i, "index": np.arange(PACKETS_PER_FRAME), "lost": mask}))
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=["table", "row", "index", "lost"])


def run(params=None, *, seed: int, workers: int = 1):
    """Run every experiment of the chapter under one root seed.

    The calibration (host costs on the maximum-throughput tables, the display
    ratio on ``params.display_table``) is deterministic; the testbed
    simulations (per-packet and per-frame cost variability) and the random
    loss draws of the quality curves draw from ``seed``.

    Parameters
    ----------
    params : Params, optional
        The configuration (default ``Params()``, the paper's set-up).
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    workers : int, default 1
        Accepted for the common contract; one run is small enough for one process
        (seeds are spread over processes by :func:`mmperf.verdicts.run_seeds`).

    Returns
    -------
    mmperf.results.Results
        Tables ``hosts``, ``comparison``, ``loss_positions``, ``observed_masks``, ``quality``,
        ``compressibility``, ``loss_concentration``, ``display_off``; values ``calibration``
        and ``kappa``.

    References
    ----------
    Taylor & Polyzos (1993), sec. 2-3 (the testbeds and the 12 tables), sec. 3.4 (loss and quality).

    Examples
    --------
    >>> from mmperf.experiments import taylor1993 as ex
    >>> r = ex.run(ex.Params(n_frames=5, quality_draws=1, quality_rates=(0.0, 0.05)), seed=1)
    >>> sorted(r.table("comparison")["table"].unique())[:2]
    ['atm_anim', 'atm_max']
    """
    from mmperf.experiments.taylor1993.params import Params
    from mmperf.media import animation
    from mmperf.results import Results
    from mmperf.seeds import check_seed

    params = Params() if params is None else params
    if not isinstance(params, Params):
        raise TypeError(f"params must be a taylor1993 Params, got {type(params).__name__}")
    seed = check_seed(seed)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    cal = calibrate(display_table=params.display_table, buffer_packets=params.socket_buffer_packets)
    runs = simulate_all(cal, n_frames=params.n_frames, group=params.group, seed=seed)
    frames = animation.satellite_sequence(params.quality_frames)
    tables = {
        "hosts": cal.hosts.reset_index(),
        "comparison": compare_all(cal, n_frames=params.n_frames, runs=runs),
        "loss_positions": _loss_positions_all(runs),
        "observed_masks": _observed_masks(runs, cal, params.n_frames),
        "quality": quality_curves(frames, rates=params.quality_rates, draws=params.quality_draws,
                                  start=params.socket_buffer_packets, seed=seed),
        "compressibility": compressibility(compressibility_images(frames[0]), level=params.compress_level),
        "loss_concentration": loss_concentration(cal, n_frames=params.n_frames, runs=runs),
        "display_off": display_off_check(cal, n_frames=params.n_frames, runs=runs, group=params.group, seed=seed),
    }
    descriptions = {
        "hosts": "calibrated per-packet costs c_k, c_a [ms], fluid peak [Mb/s], display D [ms/frame] per receiving host",
        "comparison": "paper, book and difference per cell of the 12 tables (long form; units in `unit`)",
        "loss_positions": "per run and packet position 0..263: frames that lost it and their share",
        "observed_masks": "per lossy animation run: the packets lost in its typical frame (bool per position)",
        "quality": "PSNR [dB] and SSIM of the test frame per loss pattern, loss rate [%] and draw",
        "compressibility": "deflate ratio (raw / compressed) of every bit plane of four images",
        "loss_concentration": "per lossy animation run: where its losses fall (shares of the lost packets)",
        "display_off": "loss [%] of every animation run with and without the display",
    }
    return Results("taylor1993", seed=seed, params=params, tables=tables, descriptions=descriptions,
                   values={"calibration": cal, "kappa": cal.kappa})
