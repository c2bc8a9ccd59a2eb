"""The periodic-stream generator, the host scheduler and the LAN: invariants and errors."""

import numpy as np
import pytest

from mmperf.experiments import claypool1998 as X
from mmperf.hosts.cpu import Host, Scheduler, handling_delays, load_average
from mmperf.media.periodic import TRACE_COLUMNS, PeriodicStream, fifo, simulate
from mmperf.networks.lan import NETWORKS, Traffic, network_delays
from mmperf.seeds import rng


def _trace(**kw):
    c = X.RunConfig("test", **kw)
    return X.trace(c, 0)


def test_fifo_recursion_matches_a_loop():
    g = rng("claypool1998", "test-fifo")
    ready = np.cumsum(g.exponential(10, 500))
    service = g.exponential(8, 500)
    out = fifo(ready, service)
    ref = np.empty(500)
    for i in range(500):
        ref[i] = ready[i] if i == 0 else max(ready[i], ref[i - 1] + service[i])
    np.testing.assert_allclose(out, ref)


@pytest.mark.parametrize("kw", [dict(), dict(hogs=6, workstation="SLC"), dict(period_us=30_000.0, hogs=3),
                                dict(network="HIPPI", net_loaded=True, workstation="SGI Challenge L")])
def test_trace_invariants(kw):
    t = _trace(**kw)
    assert list(t.columns) == TRACE_COLUMNS
    assert (t["packet"].to_numpy() == np.arange(len(t))).all()  # every packet, in order, none lost
    assert (np.diff(t["recv_us"]) >= 0).all()  # timestamps never go back
    assert (np.diff(t["send_us"]) > 0).all()
    assert (t["recv_us"] > t["send_us"]).all()  # causality
    assert (t["arrive_us"] <= t["recv_us"]).all()


def test_rate_preserved_over_a_long_run():
    c = X.RunConfig("test", hogs=4, n_packets=20_000)
    t = X.trace(c, 0)
    mean_ia = t["interarrival_us"].mean()
    assert mean_ia == pytest.approx(c.period_us, rel=2e-3)


def test_traces_are_reproducible_and_reps_differ():
    c = X.RunConfig("test", hogs=2)
    a, b, other = X.trace(c, 3), X.trace(c, 3), X.trace(c, 4)
    assert a.equals(b)
    assert not a.equals(other)


def test_real_time_ignores_load_and_default_does_not():
    g = rng("claypool1998", "test-classes")
    rt = handling_delays(5000, host=Host("x", 21.8, hogs=6, sched_class="real-time"), rng=g)
    assert (rt["delay_us"] == rt["work_us"]).all()
    d1 = handling_delays(5000, host=Host("x", 21.8, hogs=1), rng=g)["delay_us"].var()
    d6 = handling_delays(5000, host=Host("x", 21.8, hogs=6), rng=g)["delay_us"].var()
    assert d6 > 3 * d1


def test_faster_processor_is_demoted_less_often():
    slow = handling_delays(20_000, host=Host("SLC", 8.6, hogs=3), rng=rng("claypool1998", "t", 1))
    fast = handling_delays(20_000, host=Host("Sparc 5", 64.0, hogs=3), rng=rng("claypool1998", "t", 2))
    assert slow["demoted"].mean() > 3 * fast["demoted"].mean()


def test_no_competitors_no_waiting():
    d = handling_delays(1000, host=Host("x", 21.8, hogs=0, background=0.0), rng=rng("claypool1998", "t"))
    assert (d["ahead"] == 0).all() and (~d["demoted"]).all()


def test_load_average_approaches_the_counters():
    g = rng("claypool1998", "t-w")
    assert load_average(hogs=4, background=0, duration_s=160, rng=g) == pytest.approx(4 * (1 - np.exp(-160 / 60)), rel=0.02)
    assert load_average(hogs=4, background=0, duration_s=3600, rng=g) == pytest.approx(4, rel=1e-3)


def test_network_bulk_wait_scales_with_bandwidth():
    g = rng("claypool1998", "t-net")
    eth = network_delays(20_000, 1280, network=NETWORKS["Ethernet"], traffic=Traffic(bulk=True), rng=g)
    hip = network_delays(20_000, 1280, network=NETWORKS["HIPPI"], traffic=Traffic(bulk=True), rng=g)
    assert eth["wait_us"].mean() == pytest.approx(65_536 * 8 / 10 / 2, rel=0.02)
    assert eth["wait_us"].mean() / hip["wait_us"].mean() == pytest.approx(80, rel=0.05)
    idle = network_delays(10, 1280, network=NETWORKS["Ethernet"], rng=g)
    assert (idle["wait_us"] == 0).all()


@pytest.mark.parametrize("kw,msg", [(dict(hogs=-1), "hogs"), (dict(hogs=1.5), "hogs"), (dict(sched_class="fifo"), "sched_class"),
                                    (dict(specint92=0), "specint92"), (dict(background=-0.1), "background")])
def test_host_errors(kw, msg):
    args = dict(name="x", specint92=21.8) | kw
    with pytest.raises((ValueError, TypeError), match=msg):
        Host(**args)


@pytest.mark.parametrize("kw,msg", [(dict(hogs=-2), "hogs"), (dict(sched_class="rt"), "sched_class"),
                                    (dict(workstation="Cray"), "workstation"), (dict(network="ATM"), "network"),
                                    (dict(period_us=-1.0), "period_us"), (dict(n_packets=2), "n_packets")])
def test_run_config_errors(kw, msg):
    with pytest.raises(ValueError, match=msg):
        X.RunConfig("test", **kw)


def test_other_errors():
    with pytest.raises(ValueError, match="hogs"):
        load_average(hogs=-1, background=0, duration_s=10, rng=rng("x"))
    with pytest.raises(ValueError, match="utilization"):
        Traffic(utilization=1.0)
    with pytest.raises(ValueError, match="ahead"):
        Scheduler(ahead={"default": 0.5})
    with pytest.raises(ValueError, match="reps"):
        X.run_points([], reps=0)


def test_traces_table_is_the_runs_stacked():
    pts = [X.RunConfig("test", hogs=1, n_packets=50), X.RunConfig("test", hogs=2, n_packets=50)]
    t = X.traces(pts, reps=2)
    assert len(t) == 4 * 50
    assert set(t.columns) >= {"experiment", "point", "rep", *TRACE_COLUMNS}
    one = t[(t["point"] == pts[1].point) & (t["rep"] == 1)].reset_index(drop=True)[TRACE_COLUMNS]
    pd_equal = X.trace(pts[1], 1)[TRACE_COLUMNS]
    assert one.equals(pd_equal)


# ---- the timesharing mechanism: the host's delays from the event-driven scheduler -----------------------

TS = Scheduler(mechanism="timesharing")


def test_the_sgi_is_four_processors_and_the_suns_one():
    assert all(h.cpus == 4 for h in X.RunConfig("t", workstation="SGI Challenge L").hosts())
    assert all(h.cpus == 1 for ws in X.WORKSTATIONS for h in X.RunConfig("t", workstation=ws).hosts())


def test_timesharing_traces_are_deterministic_and_fifo():
    c = X.RunConfig("test", workstation="SLC", hogs=3, n_packets=200)
    a, b = X.trace(c, 1, scheduler=TS), X.trace(c, 1, scheduler=TS)
    assert a.equals(b)
    assert (np.diff(a["recv_us"]) > 0).all() and (a["recv_us"] > a["arrive_us"]).all()
    assert not a.equals(X.trace(c, 1))  # not the binomial draw


def test_on_timesharing_a_real_time_receiver_is_untouched_by_counters():
    base = X.trace(X.RunConfig("test", workstation="SPARCclassic", sched_class="real-time", hogs=1, n_packets=300), 0,
                   scheduler=TS)
    six = X.trace(X.RunConfig("test", workstation="SPARCclassic", sched_class="real-time", hogs=6, n_packets=300), 0,
                  scheduler=TS)
    assert np.var(np.diff(six["recv_us"] - six["arrive_us"])) == pytest.approx(
        np.var(np.diff(base["recv_us"] - base["arrive_us"])), rel=0.5)


def test_timesharing_scheduler_parameters_are_checked():
    with pytest.raises(ValueError, match="mechanism"):
        Scheduler(mechanism="lottery")
    with pytest.raises(ValueError, match="whole ticks"):
        Scheduler(mechanism="timesharing", quantum_us=15_000.0)
    with pytest.raises(ValueError, match="kernel_share"):
        Scheduler(kernel_share=1.5)
    with pytest.raises(ValueError, match="cpus"):
        Host("x", 10.0, cpus=0)
    assert TS.policy().hz == 100 and TS.policy().quantum_ticks == 10
    import pickle

    assert pickle.loads(pickle.dumps(TS)) == TS
