"""The jitter testbed (mmperf.quality.jitter_testbed): traces, their invariants, the run table and errors."""

import numpy as np
import pandas as pd
import pytest

from mmperf.hosts.cpu import Scheduler
from mmperf.media.periodic import TRACE_COLUMNS
from mmperf.metrics import jitter
from mmperf.quality.jitter_testbed import (
    Environment, StreamPoint, Testbed, example_traces, reported_load, run_points, trace, traces)
from mmperf.quality.playout import playout_summary

DAY, QUIET = Environment("day", 0.10), Environment("quiet", 0.0)
TB = Testbed(specint92={"SLC": 8.6, "IPX": 21.8, "SGI": 90.0}, environments={"day": DAY, "quiet": QUIET},
             seed_key="test-testbed", cpus={"SGI": 4}, ts_policy={"SGI": "4.3bsd"}, scheduler=Scheduler(ts_policy="svr4"))


def _p(**kw):
    return StreamPoint("test", **({"workstation": "IPX", "environment": "day"} | kw))


@pytest.mark.parametrize("kw", [dict(), dict(hogs=6, workstation="SLC"), dict(period_us=30_000.0, hogs=3),
                                dict(network="HIPPI", net_loaded=True, workstation="SGI", environment="quiet")])
def test_trace_invariants(kw):
    t = trace(_p(**kw), 0, testbed=TB)
    assert list(t.columns) == TRACE_COLUMNS
    assert (t["packet"].to_numpy() == np.arange(len(t))).all()  # every packet, in order, none lost
    assert (np.diff(t["recv_us"]) >= 0).all()  # timestamps never go back
    assert (np.diff(t["send_us"]) > 0).all()
    assert (t["recv_us"] > t["send_us"]).all()  # causality
    assert (t["arrive_us"] <= t["recv_us"]).all()


def test_rate_preserved_over_a_long_run():
    p = _p(hogs=4, n_packets=20_000)
    assert trace(p, 0, testbed=TB)["interarrival_us"].mean() == pytest.approx(p.period_us, rel=2e-3)


def test_traces_are_reproducible_and_reps_and_roots_differ():
    p = _p(hogs=2, n_packets=300)
    a, b = trace(p, 3, testbed=TB), trace(p, 3, testbed=TB)
    assert a.equals(b)
    assert not a.equals(trace(p, 4, testbed=TB))
    assert not a.equals(trace(p, 3, testbed=TB, root=7))


def test_the_testbed_maps_a_point_to_its_hosts_and_traffic():
    snd, rcv = TB.hosts(_p(workstation="SGI", hogs=3, sched_class="niced"))
    assert (snd.hogs, rcv.hogs, rcv.cpus, rcv.ts_policy, rcv.sched_class) == (0, 3, 4, "4.3bsd", "niced")
    assert TB.hosts(_p(), ts_policies={"IPX": "4.3bsd"})[1].ts_policy == "4.3bsd"
    assert TB.hosts(_p())[1].ts_policy is None  # the scheduler's own
    t = TB.traffic(_p(net_loaded=True))
    assert (t.utilization, t.burst_bytes, t.bulk) == (0.10, DAY.burst_bytes, True)
    assert TB.traffic(_p(net_loaded=True), waits=False).utilization == 0 and not TB.traffic(_p(), waits=False).bulk


def test_without_waits_an_idle_lan_adds_no_jitter_of_its_own():
    """With the LAN's waits removed the day environment is a dedicated network: the same trace as 'quiet'."""
    a = trace(_p(environment="day", n_packets=200), 0, testbed=TB, waits=False)
    b = trace(_p(environment="quiet", n_packets=200), 0, testbed=TB)
    assert jitter.variance(a["interarrival_us"]) <= jitter.variance(trace(_p(n_packets=200), 0, testbed=TB)["interarrival_us"])
    assert len(a) == len(b) == 200


def test_app_work_runs_only_on_the_named_hosts():
    sch = Scheduler(ts_policy="svr4", app_work_spec_us=300_000.0)
    p = _p(n_packets=200)
    with_app = trace(p, 0, testbed=TB, scheduler=sch)
    elsewhere = trace(p, 0, testbed=TB, scheduler=sch, app_hosts=("SLC",))
    plain = trace(p, 0, testbed=TB, scheduler=Scheduler(ts_policy="svr4"))
    assert elsewhere.equals(plain)
    assert (with_app["recv_us"] - with_app["arrive_us"]).mean() > (plain["recv_us"] - plain["arrive_us"]).mean()


def test_run_table_is_each_runs_measures_and_buffers():
    pts = [_p(hogs=1, n_packets=100), _p(hogs=2, workstation="SLC", n_packets=100)]
    r = run_points(pts, testbed=TB, reps=2, root=5)
    assert len(r) == 4 and r["rep"].tolist() == [0, 1, 0, 1]
    row = r.iloc[3]
    t = trace(pts[1], 1, testbed=TB, root=5)
    for m, v in jitter.measures(t).items():
        assert row[m] == v or (np.isnan(row[m]) and np.isnan(v))
    s = playout_summary(t["recv_us"], t["send_us"])
    assert (row["buffer_us"], row["no_drop_buffer_us"], row["dropped_100ms_pct"]) == (
        s["buffer_us"], s["no_drop_buffer_us"], s["dropped_limit_pct"])
    assert row["specint92"] == 8.6 and row["load"] == reported_load(pts[1], 1, testbed=TB, root=5)


def test_reported_load_approaches_the_counters_over_a_long_run():
    assert reported_load(_p(hogs=4, n_packets=3600), 0, testbed=TB) == pytest.approx(4.0, rel=0.05)
    assert reported_load(_p(hogs=0), 0, testbed=TB) == pytest.approx(0.0, abs=1e-9)


def test_traces_table_is_the_runs_stacked():
    pts = [_p(hogs=1, n_packets=50), _p(hogs=2, n_packets=50)]
    t = traces(pts, testbed=TB, reps=2)
    assert len(t) == 4 * 50
    one = t[(t["point"] == pts[1].point) & (t["rep"] == 1)].reset_index(drop=True)[TRACE_COLUMNS]
    assert one.equals(trace(pts[1], 1, testbed=TB)[TRACE_COLUMNS])


def test_example_traces_offset_each_stream_above_the_next():
    pts = {"a": _p(n_packets=30), "b": _p(hogs=2, n_packets=30)}
    e = example_traces(pts, testbed=TB, packets=10, offset_us=500.0)
    assert e.groupby("stream", sort=False).size().tolist() == [10, 10]
    off = (e["plotted_us"] - e["interarrival_us"]).groupby(e["stream"], sort=False).first()
    assert off.tolist() == [500.0, 0.0]
    assert e.loc[e["stream"] == "b", "interarrival_us"].tolist() == trace(pts["b"], 0, testbed=TB)[
        "interarrival_us"].iloc[1:11].tolist()


@pytest.mark.parametrize("make,msg", [
    (lambda: StreamPoint("t", workstation="IPX", environment="day", network="ATM"), "network"),
    (lambda: StreamPoint("t", workstation="IPX", environment="day", hogs=-1), "hogs"),
    (lambda: StreamPoint("t", workstation="IPX", environment="day", sched_class="rt"), "sched_class"),
    (lambda: StreamPoint("t", workstation="IPX", environment="day", n_packets=2), "n_packets"),
    (lambda: TB.check(_p(workstation="Cray")), "workstation"),
    (lambda: TB.check(_p(environment="moon")), "environment"),
    (lambda: Environment("x", 1.0), "utilization"),
    (lambda: Testbed(specint92={"a": 0.0}, environments={}, seed_key="k"), "specint92"),
    (lambda: Testbed(specint92={"a": 1.0}, environments={"e": 0.1}, seed_key="k"), "environments"),
    (lambda: Testbed(specint92={"a": 1.0}, environments={}, seed_key="k", ts_policy={"a": "mach"}), "ts_policy"),
    (lambda: run_points([], testbed=TB, reps=0), "reps"),
    (lambda: run_points(["x"], testbed=TB, reps=1), "points"),
    (lambda: example_traces({}, testbed=TB), "points"),
])
def test_bad_input_is_refused_by_name(make, msg):
    with pytest.raises((ValueError, TypeError), match=msg):
        make()


def test_an_empty_point_list_gives_an_empty_run_table():
    assert run_points([], testbed=TB, reps=1).equals(pd.DataFrame([]))
