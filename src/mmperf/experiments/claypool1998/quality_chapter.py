"""The quality chapter of Claypool, Habermann & Riedl (1998), Secs. 7-9: ``QualityParams``, ``run_quality``, ``QUALITY_CLAIMS``.

Every run's host delays come from the event-driven scheduler (:data:`.model.SCHEDULER`, as in the
jitter chapter): the jitter runs of Figs. 16-18 and Table 4 are the jitter chapter's; in the
conference predictions of Figs. 19-21 the stream's sender and decoder are sleepers doing a video
frame's work (225,000 us x SPECint92, calibrated) beside the conference's other stream processes
and the load's counters (:func:`mmperf.quality.planning.evaluate`); Fig. 22 runs the jitter
chapter's stream on hosts grown year by year.

Kinds (see :data:`mmperf.claims.KINDS`): properties of the quality metric, of
the paper's own regression equations and of its Table 4 against its own threshold are ``analytic``; the CPU time per video
frame is calibrated on Fig. 19's SPECint92 40, so Fig. 19's and Fig. 20's limits,
which follow from it, are ``calibrated``; the Fig. 16 run is pre-registered
(:data:`~mmperf.experiments.claypool1998.model.FIG16_CONFIG`, fixed before any
result was read, the same for every seed), so its claims are ``prediction``, as
are the regressions, Table 4, Figs. 21-22 and the bottleneck year.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

import numpy as np
import pandas as pd

from mmperf import _validate
from mmperf.assumptions import Ablation, Assumption, Reading
from mmperf.claims import ClaimSpec, Holds, Range, Tolerance
from mmperf.experiments._contract import prepare_run
from mmperf.experiments.claypool1998 import model as M
from mmperf.hosts.cpu import Scheduler
from mmperf.metrics import jitter
from mmperf.metrics.fits import line_fit
from mmperf.papers import table
from mmperf.quality import planning as P
from mmperf.results import Results, params_table
from mmperf.seeds import rng

_DOC = {
    "reps": ("runs", "assumed: replications per jitter experiment point for Figs. 16-18 (the jitter chapter runs ten; "
                     "the verdicts of Figs. 17-18 and the threshold are the same at ten, see the chapter)"),
    "quality_reps": ("runs", "assumed: replications per prediction of Figs. 19-21 (the jitter chapter's ten)"),
    "scheduler": ("-", "the jitter chapter's hosts (model.SCHEDULER); 'fifo' discipline: an ablation"),
    "frame_cpu_spec_us": ("us", "calibrated: CPU time per video frame x SPECint92 (five users acceptable at SPECint92 40 "
                                "on Ethernet, Fig. 19)"),
    "no_buffer": ("-", "assumed: 'tick' (the jitter at which the book's optimal buffer is one clock tick) or 'paper' "
                       "(the paper's 1e9 us^2) as the no-buffering threshold of Fig. 22"),
    "table4_reps": ("runs", "assumed: replications per Table 4 cell"),
    "sensitivity_reps": ("runs", "assumed: replications of the Fig. 22 load sensitivity"),
}


@dataclass(frozen=True)
class QualityParams:
    """Every knob of the quality chapter (the systems and the conference model are in :mod:`.model`).

    Raises
    ------
    ValueError, TypeError
        If a count is not a whole number >= 1.
    """

    reps: int = 3
    quality_reps: int = M.QUALITY_REPS
    table4_reps: int = M.TABLE4_REPS
    sensitivity_reps: int = 3
    scheduler: Scheduler = M.SCHEDULER
    no_buffer: str = "tick"
    frame_cpu_spec_us: float = M.CONFERENCE.frame_cpu_spec_us

    def __post_init__(self):
        for f in fields(self):
            if f.type in ("int", int):
                _validate.whole(getattr(self, f.name), f.name, minimum=1)
        if not isinstance(self.scheduler, Scheduler):
            raise TypeError(f"scheduler must be a mmperf.hosts.cpu.Scheduler, got {type(self.scheduler).__name__}")
        _validate.one_of(self.no_buffer, "no_buffer", ("tick", "paper"))
        _validate.positive(self.frame_cpu_spec_us, "frame_cpu_spec_us")

    def with_(self, **changes) -> "QualityParams":
        """A copy with ``changes``; ``scheduler__<field>`` changes a field of the scheduler."""
        return M.with_changes(self, changes)

    def table(self) -> pd.DataFrame:
        """Every knob with its value, unit and source (:func:`mmperf.results.params_table`)."""
        return params_table(self, _DOC)


def run_quality(params: QualityParams | None = None, *, seed: int, workers: int = 1) -> Results:
    """Every experiment of the quality chapter (Secs. 7-9) under one root seed.

    Parameters
    ----------
    params : QualityParams, optional
    seed : int
        Root seed, ``0 .. 2**63 - 1``.
    workers : int, default 1
        Accepted for the common contract.

    Returns
    -------
    mmperf.results.Results
        Tables ``runs`` (the jitter chapter's runs), ``fig16_curve`` (the pre-registered run's
        compensation curve), ``table4``, ``fig19``, ``fig20``, ``fig21``, ``projection``,
        ``projection_sensitivity`` and ``bottleneck``; value ``fig16_run`` (its summary row).

    References
    ----------
    Claypool, Habermann & Riedl (1998), Secs. 7-9.
    """
    params, seed, workers = prepare_run(QualityParams, params, seed=seed, workers=workers, paper="claypool1998 quality")
    sch = params.scheduler
    conf = replace(M.CONFERENCE, frame_cpu_spec_us=params.frame_cpu_spec_us)
    runs = M.run_points(M.grid(), reps=params.reps, root=seed, scheduler=sch)
    t16 = M.trace(M.FIG16_CONFIG, 0, root=seed, scheduler=sch)
    fig16_run = M.run_points([M.FIG16_CONFIG], reps=1, root=seed, scheduler=sch).iloc[0]
    sens = []
    for h in (2, 4):
        p = M.projection(hogs=h, reps=params.sensitivity_reps, root=seed, scheduler=sch)
        sens.append(p.assign(hogs=h))
    tables = {
        "runs": runs,
        "fig16_curve": jitter.compensation_curve(t16["recv_us"], t16["send_us"]),
        "table4": M.table4(reps=params.table4_reps, root=seed, scheduler=sch),
        "fig19": M.fig19(reps=params.quality_reps, root=seed, scheduler=sch, model=conf),
        "fig20": M.fig20(reps=params.quality_reps, root=seed, scheduler=sch, model=conf),
        "fig21": M.fig21(reps=params.quality_reps, root=seed, scheduler=sch, model=conf),
        "projection": M.projection(root=seed, scheduler=sch),
        "projection_sensitivity": pd.concat(sens, ignore_index=True),
        "bottleneck": M.bottleneck(root=seed, scheduler=sch, model=conf),
    }
    descriptions = {
        "runs": "the jitter chapter's runs (Secs. 3-6): measures, optimal buffer [us], dropped [%]",
        "fig16_curve": "Fig. 16: buffering [us] against frames dropped [%] for the pre-registered run",
        "table4": "Table 4: processor, network, predicted and actual jitter [ms^2] per network, paper beside book",
        "fig19": "Fig. 19: predicted quality for five users as processor power or bandwidth rises",
        "fig20": "Fig. 20: predicted quality against users for three systems",
        "fig21": "Fig. 21: predicted quality against processor load for four systems",
        "projection": "Fig. 22: jitter [us^2] against years, default and real-time priorities (six counters)",
        "projection_sensitivity": "Fig. 22 with two and four counters",
        "bottleneck": "users an IPX-class host grown for y years supports on Ethernet and on HIPPI",
    }
    return Results(M.PAPER, seed=seed, params=params, tables=tables, descriptions=descriptions,
                   values={"fig16_run": fig16_run})


# ---- the book's values of the claims, from one run's Results -------------------------------------

def _q(key: str) -> float:
    return float(table(M.PAPER, "quoted").set_index("quantity").loc[key, "value"])


def _convex(_r) -> float:
    g = rng("claypool1998", "convexity-check", root=0)
    pts = g.uniform(0, 1, size=(4000, 3)) * [230_000, 6, 0.9]
    a, b = pts[:2000], pts[2000:]
    both = P.acceptable(P.quality(*a.T)) & P.acceptable(P.quality(*b.T))
    return float(P.acceptable(P.quality(*((a + b) / 2)[both].T)).mean())


def fits(r):
    """Figs. 17 and 18: least-squares lines of optimal buffer on area, and of area on variance."""
    runs = r.table("runs")
    return line_fit(runs["area"], runs["buffer_us"]), line_fit(runs["variance"], runs["area"])


def paper_thresholds() -> pd.Series:
    """What the paper's own regression equations give at its thresholds (Sec. 9)."""
    return P.regression_thresholds(buf_slope=_q("eq_buf_area_slope"), buf_intercept=_q("eq_buf_area_intercept"),
                                   area_slope=_q("eq_area_jitter_slope"), area_intercept=_q("eq_area_jitter_intercept"),
                                   area_threshold=_q("threshold_area"), jitter_threshold=_q("threshold_jitter")).set_index(
        "quantity")["value"]


def _substitution(_r) -> bool:
    t = paper_thresholds()
    return bool(np.isclose(t["Buf-Jitter slope (substituted)"], _q("eq_buf_jitter_slope"), rtol=0.01)
                and np.isclose(t["Buf-Jitter intercept (substituted)"], _q("eq_buf_jitter_intercept"), rtol=0.01))


def table4_wide(r) -> pd.DataFrame:
    """Table 4 as the paper lays it out, paper and book side by side [ms^2]."""
    t4 = r.table("table4")
    w = t4.pivot(index="network", columns="column", values=["paper", "book"]).reindex(list(M.NETWORKS))
    return w.reindex(columns=pd.MultiIndex.from_product([["paper", "book"], ["processor", "network", "predicted", "actual"]]))


def _t4_book(r, network: str, column: str) -> float:
    return float(table4_wide(r).loc[network, ("book", column)])


def _t4_err(r) -> float:
    b = table4_wide(r)["book"]
    return float(((b["predicted"] - b["actual"]).abs() / b["actual"]).max())


def fig19_means(r) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Fig. 19's mean quality per point: the processor scenario and the network scenario."""
    m = r.table("fig19").groupby(["scenario", "x"], as_index=False)["quality"].mean()
    return m[m["scenario"].str.startswith("processor")], m[m["scenario"].str.startswith("bandwidth")]


def users_ok(r) -> pd.Series:
    """Fig. 20: the largest acceptable user count per system."""
    return P.max_acceptable_users(r.table("fig20"))


def fig21_wide(r) -> pd.DataFrame:
    """Fig. 21's mean quality per load (rows) and system (columns)."""
    m = r.table("fig21").groupby(["system", "load"], as_index=False)["quality"].mean()
    return m.pivot(index="load", columns="system", values="quality")


_THREE = ["IPX + Ethernet", "Sparc 5 + Fibre Channel", "DEC Alpha + HIPPI"]


def _coincide(r) -> float:
    three = fig21_wide(r)[_THREE]
    return float(((three.max(axis=1) - three.min(axis=1)) / three.mean(axis=1)).max())


def _rt_flat(r) -> float:
    rt = fig21_wide(r)["IPX + Ethernet, real-time"]
    return float((rt.max() - rt.min()) / rt.mean())


def _rt_best(r) -> float:
    w = fig21_wide(r)
    return float((w["IPX + Ethernet, real-time"].loc[1:] < w[_THREE].loc[1:].min(axis=1)).mean())


def book_threshold(r) -> float:
    """The jitter [us^2] at which the book's optimal buffer falls to one clock tick."""
    return M.no_buffer_threshold(r.table("runs"))[0]


def crossing_years(r) -> dict:
    """Years until each class's jitter reaches the paper's and the book's no-buffering thresholds."""
    proj = r.table("projection")
    return {(c, name): P.crossing_year(proj[proj["sched_class"] == c], thr)
            for c in ("default", "real-time") for name, thr in [("paper", _q("threshold_jitter")), ("book", book_threshold(r))]}


def _judged(r) -> str:
    """Which no-buffering threshold Fig. 22's claims are judged against: the run's ``no_buffer``."""
    return "book" if r.params.no_buffer == "tick" else "paper"


def _bottleneck_year(r) -> float:
    bn = r.table("bottleneck")
    return float(bn.loc[bn["ethernet_users"] < bn["hippi_users"], "year"].min())


def _like16(r) -> pd.DataFrame:
    runs = r.table("runs")
    return runs[runs["dropped_100ms_pct"].between(1, 3)]


QUALITY_CLAIMS = (
    ClaimSpec("quality-region-convex", quote="the metric produces a convex region of acceptable quality", where="Sec. 7",
              quantity="fraction of midpoints of two acceptable points that are acceptable (random pairs)", paper_value="all",
              value=_convex, criterion=Holds("every midpoint acceptable"), kind="analytic", expected="reproduced",
              note="A property of the quality formula, checked on 2,000 random pairs; no simulation."),
    ClaimSpec("quality-fig16-100ms",
              quote="if we wish to restrict the amount of buffering to 100 milliseconds, then we must drop about 2% of the frames",
              where="Sec. 8.1, Fig. 16",
              quantity="frames dropped with a 100 ms buffer, the pre-registered run (IPX, two counters, default) [%]",
              paper_value="about 2", value=lambda r: float(r.value("fig16_run")["dropped_100ms_pct"]),
              criterion=Range(1, 3, partly=(0.5, 4)), kind="prediction", expected="not_reproduced",
              note="The run is fixed before any result is read (the Fig. 3 host and load), the same for every seed; "
                   "the partly band is the paper's 'about' read as a factor of two."),
    ClaimSpec("quality-fig16-none", quote="if we wish to not drop any frames, we have to buffer for over 200 milliseconds",
              where="Sec. 8.1, Fig. 16",
              quantity="buffer that drops no frame, the pre-registered run (IPX, two counters, default) [ms]",
              paper_value="over 200 (within Fig. 16's 250 ms)",
              value=lambda r: float(r.value("fig16_run")["no_drop_buffer_us"] / 1000),
              criterion=Range(200, 250, partly=(150, 250)), kind="prediction", expected="not_reproduced",
              note=lambda r: "Re-judged (issue 16) on the pre-registered run, not on runs selected for dropping 1-3 % at "
                             "100 ms (a selection on the paper's number). On the scheduler that run's latest frame is "
                             f"{r.value('fig16_run')['no_drop_buffer_us'] / 1000:.0f} ms late: a light receiver never waits "
                             f"behind its two counters; {len(_like16(r))} of the {len(r.table('runs'))} runs drop 1-3 % at 100 ms."),
    ClaimSpec("quality-fig17-r", quote="There is a high correlation between jitter compensation area and buffer size",
              where="Fig. 17", quantity="r of area and optimal buffer over all runs", paper_value="0.96",
              value=lambda r: fits(r)[0].r, criterion=Tolerance(0.96, abs=0.02), kind="prediction", expected="not_reproduced",
              note=lambda r: "On the scheduler every run's optimal buffer lies between "
                             f"{r.table('runs')['buffer_us'].min() / 1000:.0f} and {r.table('runs')['buffer_us'].max() / 1000:.0f} ms "
                             "(no run reaches the 250 ms end of the curve): the load-dependent jitter the paper regressed is absent."),
    ClaimSpec("quality-fig18-r", quote="There is a high correlation between jitter and compensation curve area",
              where="Fig. 18", quantity="r of variance and area over all runs", paper_value="0.95",
              value=lambda r: fits(r)[1].r, criterion=Tolerance(0.95, abs=0.02), kind="prediction", expected="not_reproduced",
              note="Partly on the former per-datagram host model; not reproduced on the scheduler (issue 16)."),
    ClaimSpec("quality-eq-substitution",
              quote="Substituting the equation for Area into the equation for Buffer, we have: Buf. = 0.00525 x Jitter + 41,500,000",
              where="Sec. 8.1", quantity="the third equation follows from the first two (within 1 %)", paper_value="yes",
              value=_substitution, criterion=Holds("slope and intercept agree"), kind="analytic", expected="reproduced",
              note="Arithmetic on the paper's own equations."),
    ClaimSpec("quality-threshold-area",
              quote="if we had an area of 75,000 square microseconds or less, we would require virtually no buffering",
              where="Sec. 9", quantity="buffer the paper's own Fig. 17 equation gives at area 75,000 [us]",
              paper_value="virtually none", value=lambda r: float(paper_thresholds()["buffer at the area threshold"]),
              criterion=Range(0, 10_000, partly=(0, 50_000)), kind="analytic", expected="not_reproduced",
              note="The paper's equation gives 1.36 s at area 75,000; its buffer is zero only at area 23,500."),
    ClaimSpec("quality-threshold-jitter", quote="we can predict that this will happen if jitter is 10^9 square microseconds or less",
              where="Sec. 9", quantity="area the paper's own Fig. 18 equation gives at jitter 1e9", paper_value="75,000 or less",
              value=lambda r: float(paper_thresholds()["area at the jitter threshold"]),
              criterion=Range(0, 75_000, partly=(0, 150_000)), kind="analytic", expected="not_reproduced",
              note="The equation's intercept alone (1,590,000) exceeds 75,000: no jitter reaches that area."),
    ClaimSpec("quality-table4-within", quote="The predicted jitter values are within 7% of the actual jitter values",
              where="Sec. 8.2, Table 4", quantity="largest |predicted - actual| / actual over the three networks",
              paper_value="7 %", value=_t4_err, criterion=Range(0, 0.07, partly=(0, 0.14)), kind="prediction",
              expected="not_reproduced",
              note="On the scheduler the processor column is the idle SGI's own work spread (about 0.9 ms²: a light "
                   "receiver on four processors waits behind no counter), and with the network loaded as well the actual "
                   "jitter is the network column's alone, so on Fibre Channel and HIPPI, whose network column is as "
                   "small, the sum overshoots by the processor column."),
    ClaimSpec("quality-table4-ethernet-network", quote="Table 4: Ethernet, Network 411.37", where="Table 4",
              quantity="variance with netperf on Ethernet [ms²] (64 KB TCP window, not calibrated)", paper_value="411.37",
              value=lambda r: float(table4_wide(r).loc["Ethernet", ("book", "network")]),
              criterion=Tolerance(411.37, rel=0.25), kind="prediction", expected="reproduced"),
    ClaimSpec("quality-table4-processor", quote="Table 4: Processor 564.63, 590.60, 501.15", where="Table 4",
              quantity="mean variance with one counter process, three networks [ms²]", paper_value="552 (mean)",
              value=lambda r: float(table4_wide(r)["book"]["processor"].mean()), criterion=Tolerance(552.127, rel=0.25),
              kind="prediction", expected="not_reproduced",
              note="The SGI's SPECint92 (90) and the single counter process are the book's assumptions. On the scheduler "
                   "the four processors absorb the counter and the light receiver preempts it: the column is the idle "
                   "host's, about 0.9 ms², for 0 to 6 counters (reproduced on the former per-datagram model)."),
    *[ClaimSpec(f"quality-table4-{key}-network", quote=f"Table 4: {net}, Network {val}", where="Table 4",
                quantity=f"variance with netperf on {net} [ms²] (64 KB TCP window, not calibrated)", paper_value=f"{val}",
                value=(lambda n: (lambda r: _t4_book(r, n, "network")))(net), criterion=Tolerance(val, rel=0.25),
                kind="prediction", expected="not_reproduced", domain=(0.0, 1e9),
                note="Registered by issue 32. The netperf-loaded network's variance is a closed form of the lan model, "
                     "2 (W/bw)² / 12 for a 64 KB window: it falls with the square of the bandwidth (Ethernet 458, Fibre "
                     "Channel 0.6, HIPPI 0.07 ms² before the hosts' own), while the paper's falls about with the bandwidth.")
      for key, net, val in [("fc", "Fibre Channel", 58.33), ("hippi", "HIPPI", 28.62)]],
    ClaimSpec("quality-table4-actual", quote="Table 4: Actual 913.72, 641.14, 538.41", where="Table 4",
              quantity="mean 'actual' variance (processor and network loaded) over the three networks [ms²]",
              paper_value="697.76 (mean)", value=lambda r: float(table4_wide(r)["book"]["actual"].mean()),
              criterion=Tolerance(697.76, rel=0.25), kind="prediction", expected="not_reproduced", domain=(0.0, 1e9),
              note="Registered by issue 32. With the receiver never held behind the counter the actual column is the "
                   "network column's plus the SGI's own spread: Ethernet's alone is of the paper's order."),
    ClaimSpec("quality-fig19-spec40",
              quote="For five users, increasing the processor power to a SPECint92 of 40 or greater results in acceptable videoconference quality",
              where="Sec. 8.5.2, Fig. 19", quantity="smallest SPECint92 of the grid with acceptable quality for five users on Ethernet",
              paper_value="40", value=lambda r: float(fig19_means(r)[0].query("quality <= 1")["x"].min()),
              criterion=Tolerance(40, abs=5), kind="calibrated", expected="reproduced",
              note="Calibrated: the CPU time per video frame was set on this statement (under the former per-datagram "
                   "host model, and kept on the scheduler, where five users become acceptable at 45)."),
    ClaimSpec("quality-fig19-network-never",
              quote="At no time does increasing the network bandwidth result in an acceptable quality", where="Sec. 8.5.2",
              quantity="every bandwidth from 10 to 1600 Mb/s unacceptable for five IPX users", paper_value="never acceptable",
              value=lambda r: bool((fig19_means(r)[1]["quality"] > 1).all()),
              criterion=Holds("quality > 1 at every bandwidth"), kind="calibrated", expected="reproduced",
              note="Follows from the calibrated CPU time per frame: the IPX itself is saturated."),
    ClaimSpec("quality-fig19-processor-more",
              quote="processor power influences videoconference quality more than does network bandwidth", where="Sec. 8.5.2",
              quantity="best quality reached by raising the processor better than by raising the network", paper_value="yes",
              value=lambda r: bool(fig19_means(r)[0]["quality"].min() < fig19_means(r)[1]["quality"].min()),
              criterion=Holds("min quality (processor scenario) < min quality (network scenario)"), kind="calibrated",
              expected="reproduced", note="Follows from the calibrated CPU time per frame."),
    ClaimSpec("quality-fig20-ipx",
              quote="today's typical workstations and networks cannot support even five videoconference participants",
              where="Sec. 8.5.3, Fig. 20", quantity="largest acceptable user count, IPX + Ethernet", paper_value="fewer than 5",
              value=lambda r: float(users_ok(r)["IPX + Ethernet"]), criterion=Range(0, 4), kind="calibrated",
              expected="reproduced", note="A rescaling of the Fig. 19 calibration (five users fail below SPECint92 40)."),
    ClaimSpec("quality-fig20-sparc5",
              quote="powerful workstations such as Sun Sparc 5s connected by fast networks such as a Fibre Channel can support up to 10 users",
              where="Sec. 8.5.3", quantity="largest acceptable user count, Sparc 5 + Fibre Channel", paper_value="up to 10",
              value=lambda r: float(users_ok(r)["Sparc 5 + Fibre Channel"]), criterion=Range(8, 12, partly=(6, 15)),
              kind="calibrated", expected="partly", domain=(0.0, 1e6),
              note="Scales with the calibrated CPU time per frame. Re-judged (issue 32) at ten runs per point (was three: "
                   "8 users): 7 users under the book's seed and the seeds' majority, inside the partly band."),
    ClaimSpec("quality-fig20-alpha",
              quote="Very high-performance workstations such as a DEC Alpha connected by high-speed networks such as a HIPPI can support over 50 users",
              where="Sec. 8.5.3", quantity="largest acceptable user count, DEC Alpha + HIPPI (grid up to 80)",
              paper_value="over 50", value=lambda r: float(users_ok(r)["DEC Alpha + HIPPI"]),
              criterion=Range(51, 1e6, partly=(40, 1e6)), kind="calibrated", expected="partly",
              note="Depends on the Alpha's SPECint92, which the paper does not give (book: 300), and on the calibrated "
                   "CPU time per frame; the limit scales with both. On the scheduler the conference's own processes "
                   "queue behind each other as the processor fills (45 users load it to 1.0), so the limit falls "
                   "to about 40 (over 50 on the former per-datagram model)."),
    ClaimSpec("quality-fig21-coincide", quote="The predictions for videoconference quality are almost identical for the three systems",
              where="Sec. 8.5.4, Fig. 21", quantity="largest (max - min) / mean quality of the three systems over loads",
              paper_value="about 0", value=_coincide, criterion=Range(0, 0.2, partly=(0, 0.4)), kind="prediction",
              expected="not_reproduced",
              note="In the book's scheduler processor power sets how often the conference is caught behind the counters."),
    ClaimSpec("quality-fig21-rt-flat",
              quote="With real-time priorities, videoconference quality does not suffer from increased jitter from the processor as processor load increases",
              where="Sec. 8.5.4", quantity="(max - min) / mean of the real-time IPX's quality over loads 0-6", paper_value="about 0",
              value=_rt_flat, criterion=Range(0, 0.1, partly=(0, 0.25)), kind="prediction", expected="reproduced",
              domain=(0.0, 1e6),
              note="Re-judged (issue 32) at ten runs per load (was three: 0.170, partly): the counters cannot touch a "
                   "real-time conference, so what varies is the conference's own queueing. Structural: it holds as well "
                   "on a FIFO server without counters (see the audit)."),
    ClaimSpec("quality-fig21-rt-best",
              quote="For conditions of increasing load, real-time priorities have a greater effect on improving quality than do faster processors and faster networks",
              where="Sec. 8.5.4", quantity="fraction of loads 1-6 at which the real-time IPX beats all three default-class systems",
              paper_value="all", value=_rt_best, criterion=Holds("real-time IPX best at every load > 0"), kind="prediction",
              expected="not_reproduced",
              note="On the scheduler the real-time IPX does beat the default-class IPX, whose conference (62 % of the "
                   "processor, 10 ms per frame) uses up its quanta and competes with the counters from two on; but the "
                   "Sparc 5's and the Alpha's conferences are light (21 % and 5 %), return above the counters after each "
                   "frame and stay better than the real-time IPX at every load."),
    ClaimSpec("quality-fig22-no-rt",
              quote="For the next five years, hardware improvements alone will not reduce the effects of jitter enough to eliminate the need for application buffering techniques",
              where="Sec. 9, Fig. 22",
              quantity="years until default-priority jitter reaches the book's own no-buffering threshold (six counters; "
                       "10 = not within the ten years projected)",
              paper_value="more than 5", value=lambda r: min(crossing_years(r)[("default", _judged(r))], float(M.PROJECTION_YEARS.max())),
              criterion=Range(5, 1e6, partly=(4, 1e6)), kind="prediction", expected="not_reproduced",
              note=lambda r: "Re-judged (issue 16) against the threshold the chapter derives, as quality-fig22-rt is: the "
                             "paper's 1e9 does not follow from its own equations, and its own Table 4 is below it "
                             f"(quality-fiveyears-table4). Against the paper's 1e9: {crossing_years(r)[('default', 'paper')]:.1f} years."),
    ClaimSpec("quality-fiveyears-fig10",
              quote="For the next five years, hardware improvements alone will not reduce the effects of jitter enough to eliminate the need for application buffering techniques",
              where="Sec. 9, against Fig. 10's axis (3.5e10 us^2), Fig. 9 (1/variance proportional to SPECint92) and 10^9",
              quantity="years, at one doubling of processor power a year, for Fig. 10's heaviest default-class jitter "
                       "(3.5e10 us^2) to fall to the paper's 1e9 us^2: log2(3.5e10 / 1e9)",
              paper_value="more than 5",
              value=lambda _r: float(np.log2(_q("fig10_ymax") / _q("threshold_jitter"))),
              criterion=Range(5, 100), kind="analytic", expected="reproduced", domain=(0.0, 1e6),
              note="Re-framed (issue 32): the five years agree with the paper's own numbers, 5.1 doublings. The former "
                   "check against Table 4 (9.1e8 at most, read in ms²) compared the threshold with a four-processor SGI "
                   "at light load, not with the heavily loaded host the projection starts from. The genuine inconsistency "
                   "is the threshold itself (quality-threshold-area, quality-threshold-jitter). Arithmetic on the paper's data."),
    ClaimSpec("quality-fig22-rt",
              quote="if we implement real-time priorities in scheduling our multimedia stream, we can reduce jitter enough to eliminate the need for application buffering today",
              where="Sec. 9, Fig. 22",
              quantity="years until real-time jitter reaches the book's own no-buffering threshold (jitter at a one-tick optimal buffer)",
              paper_value="0 (today)", value=lambda r: crossing_years(r)[("real-time", _judged(r))],
              criterion=Range(0, 0.5, partly=(0, 1.5)), kind="prediction", expected="not_reproduced",
              note=lambda r: "Judged against the threshold the chapter derives (the paper's 1e9 does not follow from its own "
                             f"equations); against the paper's 1e9: {crossing_years(r)[('real-time', 'paper')]:.1f} years. On the "
                             "scheduler the default and real-time streams behave alike (a light receiver never waits "
                             "behind the counters), so both cross at about the same year."),
    ClaimSpec("quality-ethernet-bottleneck",
              quote="The traditional Ethernet network will become the bottleneck in approximately a year when workstation performance has doubled",
              where="Sec. 9", quantity="first year (half-year grid) at which IPX-class hosts support fewer users on Ethernet than on HIPPI",
              paper_value="about 1", value=_bottleneck_year, criterion=Tolerance(1.0, abs=0.5), kind="calibrated",
              expected="reproduced", domain=(0.0, 3.0),
              note="Follows from the calibration (issue 32): the CPU time per frame is set so that five users become "
                   "acceptable at SPECint92 40 on Ethernet, close to Ethernet's own limit of about six users, so one "
                   "doubling of the IPX (21.8 to 43.6) reaches it: calibrated, not a prediction."),
)

QUALITY_ASSUMPTIONS = (
    Assumption("frame-cpu", choice="225,000 us x SPECint92 of CPU time per video frame (10.3 ms on an IPX)",
               why="calibrated on Fig. 19 (five users acceptable at SPECint92 40 on Ethernet); the paper's value is in its [9]",
               alternatives=(Reading("180000", source="20 % less: the calibration's resolution (Fig. 19's grid steps of "
                                                      "5 SPECint92 at 40)",
                                     apply=lambda p: replace(p, frame_cpu_spec_us=180_000.0)),
                             Reading("270000", source="20 % more",
                                     apply=lambda p: replace(p, frame_cpu_spec_us=270_000.0))),
               parameter="frame_cpu_spec_us"),
    Assumption("no-buffer-threshold",
               choice="the jitter at which the book's optimal buffer falls to one clock tick (10 ms)",
               why="the paper's 1e9 us^2 does not follow from its own equations (quality-threshold-area, "
                   "quality-threshold-jitter); the book derives its own from its runs",
               alternatives=(Reading("paper-1e9", source="the paper's 10^9 square microseconds (Sec. 9), 250 times the "
                                                         "book's",
                                     apply=lambda p: replace(p, no_buffer="paper")),),
               parameter="no_buffer"),
)
"""The quality chapter's open choices with their alternatives (:class:`mmperf.assumptions.Assumption`)."""

QUALITY_ABLATIONS = (
    Ablation("scheduler", removes="the time-sharing scheduler: a first-in first-out server at full speed, no counter "
                                  "processes, no classes (issue 32 item 2)",
             apply=lambda p: p.with_(scheduler__discipline="fifo"),
             meant_to_produce=("quality-fig16-*", "quality-fig17-r", "quality-fig18-r", "quality-table4-within",
                               "quality-table4-processor", "quality-table4-actual", "quality-fig20-alpha",
                               "quality-fig21-*", "quality-fig22-*")),
    Ablation("work-draw", removes="the random CPU work per datagram and per frame: every job takes its mean (gamma shape 1e9)",
             apply=lambda p: p.with_(scheduler__work_shape=1e9),
             meant_to_produce=("quality-fig17-r", "quality-fig18-r", "quality-table4-processor")),
)
"""The mechanisms the quality verdicts lean on, each with its removal (:class:`mmperf.assumptions.Ablation`)."""
