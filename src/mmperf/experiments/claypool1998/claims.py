"""Claypool, Habermann & Riedl (1998): both chapters' claims, the assumptions where the paper is silent,
and the ablations of the mechanisms the verdicts lean on.

Jitter chapter (Secs. 3-6: :data:`CLAIMS`, :data:`ASSUMPTIONS`, :data:`ABLATIONS`). Kinds (see
:data:`mmperf.claims.KINDS`): the paper's arithmetic example and the check of Fig. 13's r on its own
Table 4 are ``analytic``; the environments' Ethernet traffic is assumed with Fig. 8's ordering in view,
so two Fig. 8 claims are ``calibrated``, and single- against multi-user mode is the same host by
construction; the correlations, slopes, orderings and reflections are ``prediction``.

Quality chapter (Secs. 7-9: :data:`QUALITY_CLAIMS`, :data:`QUALITY_ASSUMPTIONS`, :data:`QUALITY_ABLATIONS`).
Properties of the quality metric, of the paper's own regression equations and of its Table 4 against its
own threshold are ``analytic``; the CPU time per video frame is calibrated on Fig. 19's SPECint92 40, so
Fig. 19's and Fig. 20's limits, which follow from it, are ``calibrated``; the Fig. 16 run is
pre-registered (:data:`.model.FIG16_CONFIG`), so its claims are ``prediction``, as are the regressions,
Table 4, Figs. 21-22.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from mmperf.assumptions import Ablation, Assumption, Reading, Span
from mmperf.claims import ClaimSpec, Holds, Range, Tolerance
from mmperf.experiments.claypool1998.paper import NETWORKS, PAPER, PROJECTION_YEARS
from mmperf.experiments.claypool1998.params import APP_WORK_FIG6, APP_WORK_FIG10, NO_BUFFER_TICK_US, SPECINT92
from mmperf.experiments.claypool1998.model import paper_noise, table4_fig13_r
from mmperf.metrics import jitter
from mmperf.metrics.fits import grouped_fits, line_fit
from mmperf.metrics.trends import closest_approach, significantly_above
from mmperf.papers import table
from mmperf.quality import planning as P
from mmperf.quality.playout import buffer_threshold
from mmperf.seeds import rng

__all__ = ["CLAIMS", "ASSUMPTIONS", "ABLATIONS", "SGI_POLICY", "QUALITY_CLAIMS", "QUALITY_ASSUMPTIONS", "QUALITY_ABLATIONS"]


def _q(key: str) -> float:
    return float(table(PAPER, "quoted").set_index("quantity").loc[key, "value"])


def meet_load(summary: pd.DataFrame) -> float:
    """The load at which a family of fitted lines (``slope``, ``intercept``) is closest together (0 to 6)."""
    return closest_approach(summary["intercept"].to_numpy(), summary["slope"].to_numpy())


def no_buffer_threshold(run_table: pd.DataFrame, *, buffer_us: float = NO_BUFFER_TICK_US):
    """The jitter [us^2] at which the book's optimal buffer falls to ``buffer_us`` (one clock tick), and the
    log-log fit (:func:`mmperf.quality.playout.buffer_threshold`)."""
    return buffer_threshold(run_table["variance"].to_numpy(), run_table["buffer_us"].to_numpy(), target_us=buffer_us)


# ---- the jitter chapter (Secs. 3-6) ----

def _example() -> pd.DataFrame:
    a, b = [10, 15, 15, 15, 20], [10, 10, 15, 20, 20]
    return pd.DataFrame({m: [f(a), f(b)] for m, f in [("range", jitter.jitter_range), ("variance", jitter.variance),
                         ("stddev", jitter.std_dev), ("absdev", jitter.abs_deviation)]})


def _example_holds(_r) -> bool:
    e = _example()
    return bool(e["range"].iloc[0] == e["range"].iloc[1] and (e.iloc[0, 1:] < e.iloc[1, 1:]).all())


def pairs(r) -> pd.DataFrame:
    """Table 2's pairs (row < column) with a ``pair`` label and whether Range is involved."""
    t2 = r.table("table2")
    return t2[t2["row"] < t2["column"]].assign(pair=lambda d: d["row"] + "–" + d["column"],
                                               involves_range=lambda d: (d["row"] == "Range") | (d["column"] == "Range"))


def _core(r):
    p = pairs(r)
    return p[~p["involves_range"]]


def _gaps_absdev(r) -> float:
    """Book r of Gaps and Absdev; 0 where Gaps is the same in every run (no gaps: r undefined, no linear relation)."""
    v = float(pairs(r).loc[lambda p: p["pair"] == "Absdev–Gaps", "book"].iloc[0])
    return 0.0 if np.isnan(v) and r.table("runs")["gaps"].nunique() == 1 else v


def _refl(r, i: int, col: str) -> float:
    return float(r.table("reflection_runs").groupby("stream", sort=False)[col].mean().iloc[i])


def _rate_r(r, exp: str) -> float:
    d = r.table("runs")
    d = d[d["experiment"] == exp]
    return line_fit(d["period_us"] / 1000, d["reflection_free"]).r


def load_fits(r, experiment: str, by: str) -> pd.DataFrame:
    """Least-squares lines of variance on load per ``by`` group for one experiment of the run table."""
    d = r.table("runs")
    f, _ = grouped_fits(d[d["experiment"] == experiment], "load", "variance", by)
    if by == "workstation":
        f = f.assign(specint92=f["workstation"].map(SPECINT92)).sort_values("specint92")
    return f.set_index(by)


def _slc_r(r) -> float:
    d = r.table("runs")
    d = d[(d["experiment"] == "processor-load") & (d["workstation"] == "SLC")]
    return line_fit(d["load"], d["variance"]).r


def environment_variance(r) -> dict:
    """Mean variance of each Fig. 8 environment [us^2]."""
    d = r.table("runs")
    return d[d["experiment"] == "environment"].groupby("environment")["variance"].mean().to_dict()


def _fig8_order(r) -> float:
    d = r.table("runs")
    v = {e: g["variance"].to_numpy() for e, g in d[d["experiment"] == "environment"].groupby("environment")}
    sn = v["single-user, night"]
    return float(np.mean([significantly_above(sn, v["single-user, dedicated network"]),
                          significantly_above(v["multi-user, day"], sn), significantly_above(v["multi-user, night"], sn),
                          significantly_above(v["single-user, day"], sn)]))


def _fig9_r(r) -> float:
    d = r.table("runs")
    d = d[d["experiment"] == "isolated"]
    return line_fit(d["specint92"], 1 / d["variance"]).r


def _priority_mean(r, hogs: int) -> pd.Series:
    d = r.table("runs")
    d = d[(d["experiment"] == "priority") & (d["hogs"] == hogs)]
    return d.groupby("sched_class")["variance"].mean()


def network_variance(r) -> pd.DataFrame:
    """Mean variance per network (rows, in the paper's order) idle and loaded (columns False/True) [us^2]."""
    d = r.table("runs")
    return d[d["experiment"] == "network"].groupby(["network", "net_loaded"])["variance"].mean().unstack().reindex(
        list(NETWORKS))


def fig13_points(r) -> pd.DataFrame:
    """Fig. 13: one point per loaded network, 1 / mean variance against bandwidth."""
    d = r.table("runs")
    d = d[(d["experiment"] == "network") & d["net_loaded"]]
    return d.groupby("mbps", as_index=False)["variance"].mean().assign(inv_var=lambda x: 1 / x["variance"])


def loaded_runs(r) -> dict:
    """Variance of every run on a loaded network, per network [us^2]."""
    d = r.table("runs")
    d = d[(d["experiment"] == "network") & d["net_loaded"]]
    return {n: d.loc[d["network"] == n, "variance"].to_numpy() for n in NETWORKS}


def _hyp3(r) -> float:
    lv = loaded_runs(r)
    return float(np.mean([significantly_above(lv["Ethernet"], lv["Fibre Channel"]),
                          significantly_above(lv["Fibre Channel"], lv["HIPPI"])]))


NOISE = round(paper_noise(), 2)
"""The paper's own spread of a variance (1.18, :func:`~.model.paper_noise`): 'about the same' is a ratio within it."""

_LOAD_NOTE = ("A receiver that only takes its datagram in (a few per cent of the processor) returns from each sleep "
              "above every counter (SVR4 level 58, its kernel part in SYS) and preempts one at once, as the paper's own "
              "Sec. 5.1 says a process woken from I/O does: the counters do not change its delays, and a FIFO server "
              "without them gives the same value (ablation:scheduler). Only a receiver doing 30-40 ms of its own work "
              "per datagram waits behind them (ledger: receiver-app-work; issue 32).")
"""Why the load claims are not reproduced on the book's reading."""

_T2 = "The rest of the jitter measures correlate well (0.72) to to extremely well (0.99) with each other"

CLAIMS = (
    ClaimSpec("jitter-range-example",
              quote="{10, 15, 15, 15, 20} and {10, 10, 15, 20, 20} both have the same range but there is less dispersion in the first sample",
              where="Sec. 3", quantity="same range, smaller variance and absolute deviation for the first sample",
              paper_value="same range, less dispersion", value=_example_holds,
              criterion=Holds("equal range and smaller variance, stddev and absdev for the first"), kind="analytic",
              expected="reproduced", note="Arithmetic on the paper's two samples; no simulation."),
    ClaimSpec("jitter-table2-core", miss_cause="model-limitation", quote=_T2, where="Sec. 3, Table 2",
              quantity="mean |book r - paper r| over the 10 pairs not involving Range", paper_value="Table 2",
              value=lambda r: float(_core(r)["difference"].abs().mean()), criterion=Range(0, 0.05, partly=(0, 0.1)),
              kind="prediction", expected="partly",
              note="On the scheduler no run has a gap with a 250 ms buffer, so Gaps is constant and its pairs are undefined; "
                   "the mean is over the other pairs. On the SVR4 Suns it is 0.1003, just past the partly band's 0.1 "
                   "(0.0997 on 4.3BSD): a boundary case. The two policies differ in 8 of the 520 Sun runs, in their "
                   "first 15 datagrams, where 4.3BSD's start-up (counters without usage yet) holds the receiver longer. The verdict is "
                   "the seeds' majority: partly (the book's seed alone: not reproduced, 0.1003)."),
    ClaimSpec("jitter-table2-well", miss_cause="model-limitation", quote=_T2, where="Sec. 3",
              quantity="fraction of the 9 pairs other than Range and Gaps-Absdev with book r in [0.72, 0.99] (rounded)",
              paper_value="0.72-0.99",
              value=lambda r: float(_core(r).query("pair != 'Absdev–Gaps'")["book"].round(2).between(0.72, 0.99).mean()),
              criterion=Holds("every such pair has r in [0.72, 0.99]", required=1.0, partly=0.5), kind="prediction",
              expected="partly",
              note="The Gaps pairs are undefined on the scheduler (no run has a gap), so they count as outside the band."),
    ClaimSpec("jitter-table2-range", miss_cause="model-limitation", quote="Range does not correlate well with any of the other jitter measures",
              where="Sec. 3, Table 2", quantity="largest correlation of Range with another measure", paper_value="0.21-0.34",
              value=lambda r: float(pairs(r).loc[lambda p: p["involves_range"], "book"].max()),
              criterion=Range(-1, 0.5, partly=(-1, 0.7)), kind="prediction", expected="partly",
              note="On the scheduler the longest interarrival of a run comes from the network (a daytime burst, the netperf "
                   "backlog) and the work's own tail, as the variance does; the paper's weaker correlation suggests rare "
                   "stalls unrelated to load that the model does not contain."),
    ClaimSpec("jitter-table2-gaps-absdev", quote="Gaps does not correlate well with Absolute Deviation",
              where="Sec. 3, Table 2", quantity="book r of Gaps and Absdev", paper_value="0.66",
              value=_gaps_absdev, criterion=Range(-1, 0.72), kind="prediction", expected="reproduced",
              note="Re-judged (issue 16): the paper calls 0.72 'correlate well', so 'does not correlate well' is r below 0.72. "
                   "Reproduced only in a degenerate sense: on the scheduler almost no run has a gap with a 250 ms buffer (none "
                   "under the book's seed, where Gaps is constant and its r undefined, counted as 0; r of about 0.005 under "
                   "the other seeds), so Gaps carries no information about Absdev."),
    ClaimSpec("jitter-reflection-160",
              quote="When the packet first packet arrives late in the 160,000 stream, the subsequent packet arrives an equal amount early",
              where="Sec. 3, Fig. 3", quantity="mean fraction of a late excess given back by the next packet, 160 ms stream",
              paper_value="about 1 (an equal amount)", value=lambda r: _refl(r, 0, "reflection"),
              criterion=Range(0.8, 1.2, partly=(0.5, 1.5)), kind="prediction", expected="reproduced"),
    ClaimSpec("jitter-reflection-30", miss_cause="model-limitation",
              quote="when a packet arrives late in the 30,000 stream, the subsequent packet arrives almost immediately, being unable to reflect an equal amount",
              where="Sec. 3, Fig. 3", quantity="mean fraction given back, 30 ms stream", paper_value="well below 1",
              value=lambda r: _refl(r, 1, "reflection"), criterion=Range(0, 0.5, partly=(0, 0.8)), kind="prediction",
              expected="partly",
              note="On the scheduler the receiver is never held behind the counters, so its late datagrams are late by "
                   "the work's tail, shorter than 30 ms, and most of them can still be given back."),
    ClaimSpec("jitter-reflection-variance", quote="Mathematically, the top stream will have a larger variance",
              where="Sec. 3", quantity="variance of the 160 ms stream over that of the 30 ms stream", paper_value="> 1",
              value=lambda r: _refl(r, 0, "variance") / _refl(r, 1, "variance"),
              criterion=Range(1.0, 1e12, partly=(0.9, 1e12)), kind="prediction", expected="reproduced"),
    *[ClaimSpec(cid, quote=f"The correlation is {_q(key):g}", where=f"Sec. 3, {fig}",
                quantity="r of packet period and reflection-free variance over runs", paper_value=f"{_q(key):g}",
                value=(lambda exp: (lambda r: _rate_r(r, exp)))(exp), criterion=Range(-0.3, 0.3, partly=(-0.5, 0.5)),
                kind="prediction", expected="reproduced")
      for cid, key, fig, exp in [("jitter-fig4-r", "fig4_r", "Fig. 4", "size-rate"), ("jitter-fig5-r", "fig5_r", "Fig. 5", "rate")]],
    ClaimSpec("jitter-fig6-r", miss_cause="paper-inconsistent", quote="The correlation coefficient is 0.98", where="Fig. 6",
              quantity="r of load and variance, SLC", paper_value="0.98", value=_slc_r,
              criterion=Tolerance(0.98, abs=0.02), kind="prediction", expected="not_reproduced",
              note=_LOAD_NOTE),
    ClaimSpec("jitter-fig7-r-min", miss_cause="paper-inconsistent", quote="The correlation coefficients range from 0.97 to 0.99", where="Fig. 7",
              quantity="lowest r over the four workstations", paper_value="0.97",
              value=lambda r: float(load_fits(r, "processor-load", "workstation")["r"].min()),
              criterion=Range(0.96, 0.99, partly=(0.93, 1.0)), kind="prediction", expected="not_reproduced",
              note=_LOAD_NOTE),
    ClaimSpec("jitter-fig7-r-max", miss_cause="paper-inconsistent", quote="The correlation coefficients range from 0.97 to 0.99", where="Fig. 7",
              quantity="highest r over the four workstations", paper_value="0.99",
              value=lambda r: float(load_fits(r, "processor-load", "workstation")["r"].max()),
              criterion=Range(0.97, 1.0, partly=(0.93, 1.0)), kind="prediction", expected="not_reproduced",
              note=_LOAD_NOTE),
    ClaimSpec("jitter-fig7-slopes", miss_cause="paper-inconsistent", quote="The slopes of the least squares line fits decrease as the processors get more powerful",
              where="Sec. 4.2, Fig. 7", quantity="slopes strictly decreasing in SPECint92 order", paper_value="decreasing",
              value=lambda r: bool(np.all(np.diff(load_fits(r, "processor-load", "workstation")["slope"]) < 0)),
              criterion=Holds("slope(SLC) > slope(IPC) > slope(IPX) > slope(Sparc 5)"), kind="prediction",
              expected="not_reproduced",
              note="The slopes are zero within their intervals on every workstation (no load dependence on the scheduler), "
                   "so their order is noise."),
    ClaimSpec("jitter-hyp1-load", miss_cause="paper-inconsistent", quote="we conclude that jitter increases with processor load", where="Sec. 4.2",
              quantity="fraction of workstations whose slope's 95 % interval is above zero", paper_value="all",
              value=lambda r: float((load_fits(r, "processor-load", "workstation")["slope_low"] > 0).mean()),
              criterion=Holds("positive slope, interval excluding zero"), kind="prediction", expected="not_reproduced",
              note=_LOAD_NOTE),
    ClaimSpec("jitter-fig7-meet", miss_cause="paper-inconsistent", quote="In Figure 7, the lines come to nearly the same point at a processor load of 1",
              where="Sec. 4.3", quantity="load at which the four fitted lines are closest together", paper_value="about 1",
              value=lambda r: meet_load(load_fits(r, "processor-load", "workstation")),
              criterion=Range(0.5, 1.5, partly=(0.25, 2.0)), kind="prediction", expected="not_reproduced",
              note="Re-judged (issue 16): the former partly band (0-2) began at zero load, where lines with nearly equal "
                   "intercepts always meet, so it could not fail. On the scheduler the lines are flat and nearly "
                   "parallel, so they are closest at an end of the range."),
    ClaimSpec("jitter-fig8-order", miss_cause="paper-omits",
              quote="The amount of jitter in this case is noticeably less ... This nearly flat line represents a multimedia stream that is almost jitter-free",
              where="Sec. 4.3, Fig. 8",
              quantity="fraction of the orderings dedicated < single-night < {multi-day, multi-night, single-day} that hold (mean variance)",
              paper_value="all hold", value=_fig8_order, criterion=Holds("dedicated quietest, single-user night next"),
              kind="calibrated", expected="partly",
              note="Re-judged (issue 32): an ordering counts only when significant over the runs (one-sided Welch test, "
                   "5 %). Single-user and multi-user night are the same host (no daemons modelled) with the same traffic "
                   "(2 %), so their order was a coin flip (7 of 10 seeds); it is never significant, and three of the four "
                   "orderings hold. The environments' traffic is assumed with the paper's ordering in view: calibrated."),
    ClaimSpec("jitter-fig8-night", miss_cause="paper-omits", quote="The amount of jitter at night appears no better than the amount of jitter during the day",
              where="Sec. 4.3", quantity="variance multi-user night / multi-user day", paper_value="about 1 (no better)",
              value=lambda r: environment_variance(r)["multi-user, night"] / environment_variance(r)["multi-user, day"],
              criterion=Range(1 / NOISE, NOISE, partly=(1 / NOISE**2, NOISE**2)), kind="calibrated",
              expected="not_reproduced",
              note="Re-judged (issue 16): 'no better' is a ratio within the paper's own noise, 1.18 (partly: within 1.18²), "
                   "not the former 0.4-2.5. In the book the night's quieter Ethernet (2 % against 10 % utilization, assumed) "
                   "removes most of the jitter, which on the scheduler comes from the network."),
    ClaimSpec("jitter-fig8-single",
              quote="the amount of jitter in single-user mode appears no better than the amount of jitter in multi-user mode",
              where="Sec. 4.3", quantity="variance single-user day / multi-user day", paper_value="about 1 (no better)",
              value=lambda r: environment_variance(r)["single-user, day"] / environment_variance(r)["multi-user, day"],
              criterion=Range(1 / NOISE, NOISE, partly=(1 / NOISE**2, NOISE**2)), kind="construction",
              expected="reproduced", domain=(0.0, 1e6),
              note="Re-judged (issue 16): 'no better' is a ratio within the paper's own noise, 1.18 (partly: within 1.18²), "
                   "not the former 0.4-2.5. The hosts run no daemons, so single- and multi-user mode are the same host with "
                   "the same traffic: the ratio is 1 by construction (issue 32: kind construction, not calibrated)."),
    ClaimSpec("jitter-fig9-r", quote="The correlation coefficient is 0.98", where="Fig. 9",
              quantity="r of SPECint92 and 1/variance, isolated network, over runs", paper_value="0.98", value=_fig9_r,
              criterion=Tolerance(0.98, abs=0.02), kind="prediction", expected="reproduced"),
    ClaimSpec("jitter-rt-flat", quote="Real-time priority has nearly a flat slope", where="Sec. 5.2, Fig. 11",
              quantity="the real-time line's slope: its 95 % interval contains zero", paper_value="about 0",
              value=lambda r: bool(load_fits(r, "priority", "sched_class").loc["real-time", "slope_low"] <= 0
                                   <= load_fits(r, "priority", "sched_class").loc["real-time", "slope_high"]),
              criterion=Holds("the real-time slope's 95 % interval contains zero"), kind="prediction", expected="reproduced",
              kind_note="The kind stands: no seed, reading or ablation moves it because the real-time class runs before "
                        "every counter and the kernel (Sec. 5.1), so no reading can make the real-time receiver wait; it "
                        "holds on the FIFO server as well, so it is structural, not evidence for the scheduler.",
              note="Re-judged (issue 32): the former criterion, |real-time slope| / default slope, counted again what "
                   "jitter-gentler and jitter-hyp2 judge. The real-time line is flat; so are the default and niced lines "
                   "under the book's reading (jitter-gentler), so this is no evidence for priorities."),
    ClaimSpec("jitter-gentler", miss_cause="paper-inconsistent", quote="Both nice and real-time priorities have significantly gentler slopes than default priority",
              where="Sec. 5.2", quantity="both slopes' 95 % intervals below the default slope's interval", paper_value="yes",
              value=lambda r: bool(max(load_fits(r, "priority", "sched_class").loc[["niced", "real-time"], "slope_high"])
                                   < load_fits(r, "priority", "sched_class").loc["default", "slope_low"]),
              criterion=Holds("upper bounds of niced and real-time slopes < lower bound of default slope"),
              kind="prediction", expected="not_reproduced", note="On the scheduler every class's line is flat (the receiver never waits behind the counters), so the "
                   "real-time line is flat but no flatter than the default one."),
    ClaimSpec("jitter-default-zero", miss_cause="paper-inconsistent", quote="default priority which intersects the x-axis around a load of one", where="Sec. 5.2",
              quantity="x-intercept of the default line (load)", paper_value="about 1",
              value=lambda r: float(load_fits(r, "priority", "sched_class").loc["default", "x_intercept"]),
              criterion=Tolerance(1.0, abs=0.5), kind="prediction", expected="not_reproduced",
              note="A flat line has no meaningful x-intercept: on the scheduler the default line's slope is zero within its "
                   "interval."),
    ClaimSpec("jitter-niced-zero", miss_cause="paper-inconsistent", quote="the line for nice priority intersects the x-axis at about a load of two",
              where="Sec. 5.2", quantity="x-intercept of the niced line (load)", paper_value="about 2",
              value=lambda r: float(load_fits(r, "priority", "sched_class").loc["niced", "x_intercept"]),
              criterion=Tolerance(2.0, abs=0.5), kind="prediction", expected="not_reproduced",
              note="On the scheduler the niced line is flat like the others (a niced receiver never waits either), so "
                   "it has no meaningful x-intercept."),
    ClaimSpec("jitter-niced-light", miss_cause="paper-inconsistent",
              quote="even under light loads, nice priority processes reduce jitter as opposed to default priority processes",
              where="Sec. 5.2", quantity="mean variance, niced < default at one counter process", paper_value="yes",
              value=lambda r: bool(_priority_mean(r, 1)["niced"] < _priority_mean(r, 1)["default"]),
              criterion=Holds("niced below default at one counter"), kind="prediction", expected="not_reproduced",
              note="On the scheduler niced and default receivers are served alike (both preempt at once), so which mean is "
                   "lower at one counter is noise."),
    ClaimSpec("jitter-hyp2", miss_cause="paper-inconsistent", quote="Real-time priorities significantly reduce jitter as processor load increases",
              where="Sec. 5.3", quantity="default / real-time variance at six counter processes", paper_value="large",
              value=lambda r: float(_priority_mean(r, 6)["default"] / _priority_mean(r, 6)["real-time"]),
              criterion=Range(10, 1e12, partly=(3, 1e12)), kind="prediction", expected="not_reproduced",
              note="On the scheduler the default receiver does not wait behind six counters either, so the ratio is about "
                   "1. (Under the former per-datagram draw the work was calibrated on this default variance; the "
                   "scheduler does not reach it.)"),
    ClaimSpec("jitter-fig10-default-size", miss_cause="paper-inconsistent",
              quote="This graph is a close-up of Figure 10 by changing the upper bound on the vertical axis from 3.5e+10 to 8e+08",
              where="Fig. 11 caption (Fig. 10's axis)",
              quantity="mean default-class variance at six counter processes, SPARCclassic [us^2]",
              paper_value="up to about 3.5e10 (the axis's upper bound)",
              value=lambda r: float(_priority_mean(r, 6)["default"]),
              criterion=Range(1e10, 1.2e11, partly=(3.5e9, 3.5e11)), kind="prediction", expected="not_reproduced",
              domain=(0.0, 1e14),
              note="Registered by issue 32. Band: within a factor of about 3.5 of the axis's 3.5e10 (partly: 10). The "
                   "book's default receiver is a light sleeper that the SVR4 TS class wakes above every counter (the "
                   "paper's own Sec. 5.1), so its variance stays at the hosts' and LAN's own (about 1.5e8)."),
    ClaimSpec("jitter-niced-heavy", miss_cause="paper-inconsistent",
              quote="Under heavy loads, nice priority processes had much less jitter than did default priority processes",
              where="Sec. 5.3", quantity="default / niced mean variance at six counter processes, SPARCclassic",
              paper_value="much more than 1",
              value=lambda r: float(_priority_mean(r, 6)["default"] / _priority_mean(r, 6)["niced"]),
              criterion=Range(3, 1e12, partly=(1.5, 1e12)), kind="prediction", expected="not_reproduced",
              domain=(0.0, 1e12),
              note="Registered by issue 32. 'Much less' read as a factor of 3 or more (partly 1.5). On the book's reading "
                   "both classes wake above the counters, so the ratio is about 1."),
    ClaimSpec("jitter-fig12-idle", quote='The three "no load" lines are almost indistinguishable', where="Sec. 6.2, Fig. 12",
              quantity="largest / smallest idle-network variance over the three networks", paper_value="about 1",
              value=lambda r: float(network_variance(r)[False].max() / network_variance(r)[False].min()),
              criterion=Range(1, 1.5, partly=(1, 2)), kind="prediction", expected="reproduced"),
    ClaimSpec("jitter-hyp3", quote="under heavy network loads, high-speed networks significantly reduce jitter",
              where="Sec. 6.3",
              quantity="fraction of the orderings Ethernet > Fibre Channel > HIPPI of loaded variance that hold significantly "
                       "(one-sided Welch t-test over the runs, 5 %)",
              paper_value="both (Table 4: 411, 58, 29)", value=_hyp3,
              criterion=Holds("variance falls significantly with each step of bandwidth under load"),
              kind="prediction", expected="reproduced",
              note="Re-judged (issue 16): the paper's word is 'significantly', so an ordering counts only if significant "
                   "over the runs. On the four-processor SGI hosts of the scheduler both steps are."),
    ClaimSpec("jitter-fig13-r", miss_cause="model-limitation", quote="The correlation coefficient is 0.98", where="Sec. 6.2, Fig. 13",
              quantity="r of bandwidth and 1/(mean variance) on loaded networks, three points as in the paper",
              paper_value="0.98", value=lambda r: line_fit(fig13_points(r)["mbps"], fig13_points(r)["inv_var"]).r,
              criterion=Tolerance(0.98, abs=0.02), kind="prediction", expected="partly",
              note="In the book the loaded Fibre Channel and HIPPI runs come down towards the hosts' own jitter, so "
                   "1/variance rises less than in proportion to the bandwidth after 266 Mb/s (r 0.93-0.95 over the seeds: "
                   "the seeds' majority is partly, the book's seed, 0.929, not reproduced)."),
    ClaimSpec("jitter-fig13-table4-r",
              quote="The correlation coefficient is 0.98, indicating that there is a strong inverse relationship between jitter and network bandwidth",
              where="Sec. 6.2, Fig. 13; checked on Table 4 (Sec. 8.2)",
              quantity="r of nominal bandwidth (10, 266, 800 Mb/s) and 1 / Table 4's network column, the paper's own "
                       "loaded-network jitter of Sec. 6 (Fig. 13's series: the three 'load' runs)",
              paper_value="0.98", value=lambda _r: table4_fig13_r(), criterion=Tolerance(0.98, abs=0.02),
              kind="analytic", expected="reproduced",
              note="A finding the paper does not report: its Table 4 network column (411.37, 58.33, 28.62), which Sec. 8.2 "
                   "says comes from Sec. 6, gives r = 0.989 for Fig. 13's fit; the paper's 0.98 is consistent with its own "
                   "numbers. Arithmetic on the paper's data; no simulation."),
)

_LOAD_CLAIMS = ("jitter-fig6-r", "jitter-fig7-*", "jitter-hyp1-load", "jitter-rt-flat", "jitter-gentler",
                "jitter-default-zero", "jitter-niced-*", "jitter-hyp2", "jitter-fig10-default-size")
"""The claims about jitter under processor load and priorities (Secs. 4.2 and 5)."""

SGI_POLICY = Assumption("sgi-policy", choice="4.3BSD decay usage on the SGI Challenge L's four processors",
                        why="the paper names IRIX 5.3 (Sec. 6.1) but not its scheduler; IRIX's own (earnings-based, gang) "
                            "scheduling is not modelled, and its time-sharing priorities degrade with use as 4.3BSD's do",
                        alternatives=(Reading("svr4", source="IRIX 5 is System V Release 4 based (SGI, IRIX 5.3 release notes): "
                                                             "the SVR4 TS class of the book's Suns on the four processors",
                                              apply=lambda p: p.with_(sgi_policy="svr4")),),
                        parameter="sgi_policy")
"""The SGI's time-sharing policy, open in both chapters (Sec. 6.1 names IRIX 5.3 only)."""

ASSUMPTIONS = (
    Assumption("sec4-os", choice="SunOS 5 (the SVR4 TS class, default ts_dptbl) on the SLC, IPC, IPX and Sparc 5",
               why="the paper names SunOS 5.4 only for its SPARCclassics (Sec. 5.1) and nothing for the Sec. 4 Suns; "
                   "one operating system on every Sun",
               alternatives=(Reading("sunos4.1", source="SunOS 4.1.x, the release the SLC, IPC and IPX shipped with: the "
                                                        "4.3BSD decay-usage scheduler of the paper's [32]",
                                     apply=lambda p: p.with_(sec4_policy="4.3bsd")),),
               parameter="sec4_policy"),
    Assumption("receiver-app-work",
               choice="none: the receiving process takes each datagram in and time-stamps it (Sec. 3)",
               why="the paper's receive process only takes time stamps with gettimeofday(); a light sleeper",
               alternatives=(
                   Reading("300k-sunos4.1", source="the same work with the Sec. 4 Suns on SunOS 4.1; calibrated on Fig. 6 "
                                                   "(the SLC's r), Figs. 7 and 9 predicted",
                           apply=lambda p: p.with_(scheduler__app_work_spec_us=APP_WORK_FIG6, sec4_policy="4.3bsd")),
                   Reading("900k-classic", source="900,000 us x SPECint92 on the SPARCclassic alone (APP_WORK_FIG10), "
                                                  "calibrated on Fig. 10's axis (3.5e10 us^2 at six counters)",
                           apply=lambda p: p.with_(scheduler__app_work_spec_us=APP_WORK_FIG10, app_hosts="SPARCclassic")),
               ),
               span=Span(100_000.0, APP_WORK_FIG6, source="issue 32: the application's own decoding and display before the "
                         "time stamp, on every host under the book's SVR4: from the first point of the calibration grid "
                         "(100,000 us x SPECint92, 11.6 ms on an SLC) to the value Fig. 6 calibrates (APP_WORK_FIG6)",
                         set=lambda p, x: p.with_(scheduler__app_work_spec_us=x)),
               parameter="scheduler.app_work_spec_us"),
    Assumption("kernel-share", choice="30 % of the per-datagram work in the kernel at the sleep priority, the rest in user mode",
               why="the paper does not split the receive path; the UDP input and socket copy are kernel work",
               span=Span(0.0, 1.0, source="the whole range: all of the work in user mode at the receiver's TS level, "
                                          "to all of it kernel and interrupt work at the sleep priority (issue 32)",
                         set=lambda p, x: p.with_(scheduler__kernel_share=x)),
               parameter="scheduler.kernel_share"),
    Assumption("work-per-datagram", choice="42,000 us x SPECint92 per datagram, exponential (4.9 ms on an SLC)",
               why="calibrated under the former per-datagram host model (default-class variance at six counters of the "
                   "order of Fig. 10's axis) and kept: it sets the hosts' own spread (Fig. 9)",
               span=Span(21_000.0, 84_000.0, source="a factor of two either way: the paper gives no per-datagram cost",
                         set=lambda p, x: p.with_(scheduler__work_spec_us=x)),
               parameter="scheduler.work_spec_us"),
    SGI_POLICY,
)
"""The jitter chapter's open choices with their alternatives (:class:`mmperf.assumptions.Assumption`)."""

ABLATIONS = (
    Ablation("scheduler", removes="the time-sharing scheduler: a first-in first-out server at full speed, no counter "
                                  "processes, no classes (issue 32 item 2)",
             apply=lambda p: p.with_(scheduler__discipline="fifo"), meant_to_produce=_LOAD_CLAIMS),
    Ablation("work-draw", removes="the random per-datagram CPU work: every datagram takes its mean (gamma shape 1e9)",
             apply=lambda p: p.with_(scheduler__work_shape=1e9),
             meant_to_produce=("jitter-fig9-r", "jitter-fig4-r", "jitter-fig5-r", "jitter-reflection-*")),
    Ablation("lan-waits", removes="the LAN waits: no other users' traffic and no netperf transfer on any network",
             apply=lambda p: p.with_(lan_waits=False),
             meant_to_produce=("jitter-fig8-*", "jitter-fig12-idle", "jitter-hyp3", "jitter-fig13-r")),
)
"""The mechanisms the jitter verdicts lean on, each with its removal (:class:`mmperf.assumptions.Ablation`)."""


# ---- the quality chapter (Secs. 7-9) ----

def _convex(_r) -> float:
    g = rng("claypool1998", "convexity-check", root=0)
    pts = g.uniform(0, 1, size=(4000, 3)) * [230_000, 6, 0.9]
    a, b = pts[:2000], pts[2000:]
    both = P.acceptable(P.quality(*a.T)) & P.acceptable(P.quality(*b.T))
    return float(P.acceptable(P.quality(*((a + b) / 2)[both].T)).mean())


def buffer_fits(r):
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
    w = t4.pivot(index="network", columns="column", values=["paper", "book"]).reindex(list(NETWORKS))
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
    return no_buffer_threshold(r.table("runs"))[0]


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
    ClaimSpec("quality-fig16-100ms", miss_cause="paper-inconsistent",
              quote="if we wish to restrict the amount of buffering to 100 milliseconds, then we must drop about 2% of the frames",
              where="Sec. 8.1, Fig. 16",
              quantity="frames dropped with a 100 ms buffer, the pre-registered run (IPX, two counters, default) [%]",
              paper_value="about 2", value=lambda r: float(r.value("fig16_run")["dropped_100ms_pct"]),
              criterion=Range(1, 3, partly=(0.5, 4)), kind="prediction", expected="not_reproduced",
              note="The run is fixed before any result is read (the Fig. 3 host and load), the same for every seed; "
                   "the partly band is the paper's 'about' read as a factor of two."),
    ClaimSpec("quality-fig16-none", miss_cause="paper-inconsistent", quote="if we wish to not drop any frames, we have to buffer for over 200 milliseconds",
              where="Sec. 8.1, Fig. 16",
              quantity="buffer that drops no frame, the pre-registered run (IPX, two counters, default) [ms]",
              paper_value="over 200 (within Fig. 16's 250 ms)",
              value=lambda r: float(r.value("fig16_run")["no_drop_buffer_us"] / 1000),
              criterion=Range(200, 250, partly=(150, 250)), kind="prediction", expected="not_reproduced",
              note=lambda r: "Re-judged (issue 16) on the pre-registered run, not on runs selected for dropping 1-3 % at "
                             "100 ms (a selection on the paper's number). On the scheduler that run's latest frame is "
                             f"{r.value('fig16_run')['no_drop_buffer_us'] / 1000:.0f} ms late: a light receiver never waits "
                             f"behind its two counters; {len(_like16(r))} of the {len(r.table('runs'))} runs drop 1-3 % at 100 ms."),
    ClaimSpec("quality-fig17-r", miss_cause="paper-inconsistent", quote="There is a high correlation between jitter compensation area and buffer size",
              where="Fig. 17", quantity="r of area and optimal buffer over all runs", paper_value="0.96",
              value=lambda r: buffer_fits(r)[0].r, criterion=Tolerance(0.96, abs=0.02), kind="prediction", expected="not_reproduced",
              note=lambda r: "On the scheduler every run's optimal buffer lies between "
                             f"{r.table('runs')['buffer_us'].min() / 1000:.0f} and {r.table('runs')['buffer_us'].max() / 1000:.0f} ms "
                             "(no run reaches the 250 ms end of the curve): the load-dependent jitter the paper regressed is absent."),
    ClaimSpec("quality-fig18-r", miss_cause="paper-inconsistent", quote="There is a high correlation between jitter and compensation curve area",
              where="Fig. 18", quantity="r of variance and area over all runs", paper_value="0.95",
              value=lambda r: buffer_fits(r)[1].r, criterion=Tolerance(0.95, abs=0.02), kind="prediction", expected="not_reproduced",
              note="Partly on the former per-datagram host model; not reproduced on the scheduler (issue 16)."),
    ClaimSpec("quality-eq-substitution",
              quote="Substituting the equation for Area into the equation for Buffer, we have: Buf. = 0.00525 x Jitter + 41,500,000",
              where="Sec. 8.1", quantity="the third equation follows from the first two (within 1 %)", paper_value="yes",
              value=_substitution, criterion=Holds("slope and intercept agree"), kind="analytic", expected="reproduced",
              note="Arithmetic on the paper's own equations."),
    ClaimSpec("quality-threshold-area", miss_cause="paper-inconsistent",
              quote="if we had an area of 75,000 square microseconds or less, we would require virtually no buffering",
              where="Sec. 9", quantity="buffer the paper's own Fig. 17 equation gives at area 75,000 [us]",
              paper_value="virtually none", value=lambda r: float(paper_thresholds()["buffer at the area threshold"]),
              criterion=Range(0, 10_000, partly=(0, 50_000)), kind="analytic", expected="not_reproduced",
              note="The paper's equation gives 1.36 s at area 75,000; its buffer is zero only at area 23,500."),
    ClaimSpec("quality-threshold-jitter", miss_cause="paper-inconsistent", quote="we can predict that this will happen if jitter is 10^9 square microseconds or less",
              where="Sec. 9", quantity="area the paper's own Fig. 18 equation gives at jitter 1e9", paper_value="75,000 or less",
              value=lambda r: float(paper_thresholds()["area at the jitter threshold"]),
              criterion=Range(0, 75_000, partly=(0, 150_000)), kind="analytic", expected="not_reproduced",
              note="The equation's intercept alone (1,590,000) exceeds 75,000: no jitter reaches that area."),
    ClaimSpec("quality-table4-within", miss_cause="paper-inconsistent", quote="The predicted jitter values are within 7% of the actual jitter values",
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
    ClaimSpec("quality-table4-processor", miss_cause="paper-inconsistent", quote="Table 4: Processor 564.63, 590.60, 501.15", where="Table 4",
              quantity="mean variance with one counter process, three networks [ms²]", paper_value="552 (mean)",
              value=lambda r: float(table4_wide(r)["book"]["processor"].mean()), criterion=Tolerance(552.127, rel=0.25),
              kind="prediction", expected="not_reproduced",
              note="The SGI's SPECint92 (90) and the single counter process are the book's assumptions. On the scheduler "
                   "the four processors absorb the counter and the light receiver preempts it: the column is the idle "
                   "host's, about 0.9 ms², for 0 to 6 counters (reproduced on the former per-datagram model)."),
    *[ClaimSpec(f"quality-table4-{key}-network", miss_cause="model-limitation", quote=f"Table 4: {net}, Network {val}", where="Table 4",
                quantity=f"variance with netperf on {net} [ms²] (64 KB TCP window, not calibrated)", paper_value=f"{val}",
                value=(lambda n: (lambda r: _t4_book(r, n, "network")))(net), criterion=Tolerance(val, rel=0.25),
                kind="prediction", expected="not_reproduced", domain=(0.0, 1e9),
                note="Registered by issue 32. The netperf-loaded network's variance is a closed form of the lan model, "
                     "2 (W/bw)² / 12 for a 64 KB window: it falls with the square of the bandwidth (Ethernet 458, Fibre "
                     "Channel 0.6, HIPPI 0.07 ms² before the hosts' own), while the paper's falls about with the bandwidth.")
      for key, net, val in [("fc", "Fibre Channel", 58.33), ("hippi", "HIPPI", 28.62)]],
    ClaimSpec("quality-table4-actual", miss_cause="paper-inconsistent", quote="Table 4: Actual 913.72, 641.14, 538.41", where="Table 4",
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
    ClaimSpec("quality-fig20-sparc5", miss_cause="model-limitation",
              quote="powerful workstations such as Sun Sparc 5s connected by fast networks such as a Fibre Channel can support up to 10 users",
              where="Sec. 8.5.3", quantity="largest acceptable user count, Sparc 5 + Fibre Channel", paper_value="up to 10",
              value=lambda r: float(users_ok(r)["Sparc 5 + Fibre Channel"]), criterion=Range(8, 12, partly=(6, 15)),
              kind="calibrated", expected="partly", domain=(0.0, 1e6),
              note="Scales with the calibrated CPU time per frame. Re-judged (issue 32) at ten runs per point (was three: "
                   "8 users): 7 users under the book's seed and the seeds' majority, inside the partly band."),
    ClaimSpec("quality-fig20-alpha", miss_cause="paper-omits",
              quote="Very high-performance workstations such as a DEC Alpha connected by high-speed networks such as a HIPPI can support over 50 users",
              where="Sec. 8.5.3", quantity="largest acceptable user count, DEC Alpha + HIPPI (grid up to 80)",
              paper_value="over 50", value=lambda r: float(users_ok(r)["DEC Alpha + HIPPI"]),
              criterion=Range(51, 1e6, partly=(40, 1e6)), kind="calibrated", expected="partly",
              note="Depends on the Alpha's SPECint92, which the paper does not give (book: 300), and on the calibrated "
                   "CPU time per frame; the limit scales with both. On the scheduler the conference's own processes "
                   "queue behind each other as the processor fills (45 users load it to 1.0), so the limit falls "
                   "to about 40 (over 50 on the former per-datagram model)."),
    ClaimSpec("quality-fig21-coincide", miss_cause="model-limitation", quote="The predictions for videoconference quality are almost identical for the three systems",
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
    ClaimSpec("quality-fig21-rt-best", miss_cause="contradiction",
              quote="For conditions of increasing load, real-time priorities have a greater effect on improving quality than do faster processors and faster networks",
              where="Sec. 8.5.4", quantity="fraction of loads 1-6 at which the real-time IPX beats all three default-class systems",
              paper_value="all", value=_rt_best, criterion=Holds("real-time IPX best at every load > 0"), kind="prediction",
              expected="not_reproduced",
              kind_note="The kind stands: the value, 0, moves under no seed, reading or ablation because the Sparc 5's and "
                        "the Alpha's conferences are light at every load the book tries; a robust prediction against the "
                        "paper, not a restated input.",
              note="On the scheduler the real-time IPX does beat the default-class IPX, whose conference (62 % of the "
                   "processor, 10 ms per frame) uses up its quanta and competes with the counters from two on; but the "
                   "Sparc 5's and the Alpha's conferences are light (21 % and 5 %), return above the counters after each "
                   "frame and stay better than the real-time IPX at every load."),
    ClaimSpec("quality-fig22-no-rt", miss_cause="paper-inconsistent",
              quote="For the next five years, hardware improvements alone will not reduce the effects of jitter enough to eliminate the need for application buffering techniques",
              where="Sec. 9, Fig. 22",
              quantity="years until default-priority jitter reaches the book's own no-buffering threshold (six counters; "
                       "10 = not within the ten years projected)",
              paper_value="more than 5", value=lambda r: min(crossing_years(r)[("default", _judged(r))], float(PROJECTION_YEARS.max())),
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
    ClaimSpec("quality-fig22-rt", miss_cause="paper-inconsistent",
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
               span=Span(180_000.0, 270_000.0, source="20 % either way: the calibration's resolution (Fig. 19's grid "
                                                     "steps of 5 SPECint92 at 40)",
                         set=lambda p, x: replace(p, frame_cpu_spec_us=x)),
               parameter="frame_cpu_spec_us"),
    Assumption("no-buffer-threshold",
               choice="the jitter at which the book's optimal buffer falls to one clock tick (10 ms)",
               why="the paper's 1e9 us^2 does not follow from its own equations (quality-threshold-area, "
                   "quality-threshold-jitter); the book derives its own from its runs",
               alternatives=(Reading("paper-1e9", source="the paper's 10^9 square microseconds (Sec. 9), 250 times the "
                                                         "book's",
                                     apply=lambda p: replace(p, no_buffer="paper")),),
               parameter="no_buffer"),
    Assumption("fig21-users", choice="two participants in Fig. 21's load scenario",
               why="Sec. 8.5.4 and Fig. 21 do not say how many users the load scenario has; a two-party conference",
               alternatives=(Reading("5", source="Fig. 19's five users (Sec. 8.5.2), the paper's other fixed-users scenario",
                                     apply=lambda p: replace(p, fig21_users=5)),),
               parameter="fig21_users"),
    SGI_POLICY,
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
