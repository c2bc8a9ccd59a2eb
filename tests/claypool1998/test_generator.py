"""The periodic-stream generator, the host scheduler and the LAN: invariants and errors."""

import numpy as np
import pytest

from mmperf.experiments import claypool1998 as X
from mmperf.experiments.claypool1998.params import TESTBED
from mmperf.hosts.cpu import Host, Scheduler, load_average, served
from mmperf.media.periodic import fifo
from mmperf.networks.lan import NETWORKS, Traffic, network_delays
from mmperf.seeds import rng


def test_fifo_recursion_matches_a_loop():
    g = rng("claypool1998", "test-fifo")
    ready = np.cumsum(g.exponential(10, 500))
    service = g.exponential(8, 500)
    out = fifo(ready, service)
    ref = np.empty(500)
    for i in range(500):
        ref[i] = ready[i] if i == 0 else max(ready[i], ref[i - 1] + service[i])
    np.testing.assert_allclose(out, ref)


def test_other_sleepers_on_the_host_delay_the_stream_and_share_the_processor():
    """A stream beside other sleepers with the same work: alone it waits for nothing but its work; with
    enough company to load the processor to 0.9 its jobs queue behind theirs, and every job is done."""
    h = Host("x", 21.8)
    ready = np.arange(300) * 33_333.0
    alone = served(ready, host=h, scheduler=Scheduler(ts_policy="svr4"), rng=rng("t", "alone"), work_spec_us=100_000.0)
    g = rng("t", "busy")
    company = [g.uniform(0, 33_333.0) + ready for _ in range(5)]  # 6 streams x 4.6 ms / 33.3 ms = 0.83
    busy = served(ready, host=h, scheduler=Scheduler(ts_policy="svr4"), rng=g, work_spec_us=100_000.0, others=company)
    wait_alone = alone["done_us"] - ready - alone["work_us"]
    wait_busy = busy["done_us"] - ready - busy["work_us"]
    assert np.all(np.isfinite(busy["done_us"]))
    assert wait_alone.max() < 1e-3  # first in, first out behind its own previous frame only: it never overlaps at 0.14
    assert wait_busy.mean() > 1_000.0  # behind the others' frames


def test_a_saturated_conference_sheds_the_other_streams_frames_to_a_full_processor():
    from mmperf.quality import planning as P

    model = P.ConferenceModel(frame_cpu_spec_us=225_000.0, n_frames=3000)
    sh = P.load_shares(P.System("x", 21.8, 10.0), 5, model=model)  # IPX, five users: utilisation 1.55
    streams = P.conference_streams(5, sh, period_us=33_333.3, n_frames=3000, rng=rng("t", "shed"))
    offered = (sum(len(s) for s in streams) + 3000) / 3000 * sh["cpu_utilization"] / 5
    assert sh["cpu_utilization"] > 1 and offered == pytest.approx(1.0, rel=0.03)
    light = P.load_shares(P.System("x", 300.0, 10.0), 5, model=model)
    assert all(len(s) == 3000 for s in P.conference_streams(5, light, period_us=33_333.3, n_frames=3000, rng=rng("t")))


def test_the_delay_overload_rule_queues_every_frame_and_makes_the_saturated_stream_later():
    from dataclasses import replace

    from mmperf.quality import planning as P

    model = P.ConferenceModel(frame_cpu_spec_us=225_000.0, n_frames=300)
    sh = P.load_shares(P.System("x", 21.8, 10.0), 5, model=model)  # utilisation 1.55: saturated
    kept = P.conference_streams(5, sh, period_us=33_333.3, n_frames=300, rng=rng("t", "delay"), overload="delay")
    assert [len(s) for s in kept] == [300] * 4  # nothing shed
    with pytest.raises(ValueError, match="overload"):
        P.conference_streams(5, sh, period_us=33_333.3, n_frames=300, rng=rng("t"), overload="drop")
    system = P.System("IPX", 21.8, 10.0)
    shed = P.evaluate(system, 5, model=model, root=3)
    delay = P.evaluate(system, 5, model=replace(model, overload="delay"), root=3)
    assert delay["loss"] == shed["loss"]  # Sec. 8.4's loss is counted under both rules
    assert delay["latency_us"] > shed["latency_us"]  # the processor carries every frame: a backlog builds
    light = P.System("fast", 300.0, 10.0)  # not saturated: the rule changes nothing
    assert P.evaluate(light, 5, model=model, root=3).equals(P.evaluate(light, 5, model=replace(model, overload="delay"), root=3))


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
                                    (dict(specint92=0), "specint92"), (dict(ts_policy="mach"), "ts_policy")])
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
    with pytest.raises(ValueError, match="reps"):
        X.run_points([], reps=0)


# ---- the host's delays from the event-driven scheduler -----------------------

TS = Scheduler()


def test_the_sgi_is_four_processors_and_the_suns_one():
    assert all(h.cpus == 4 for h in TESTBED.hosts(X.RunConfig("t", workstation="SGI Challenge L")))
    assert all(h.cpus == 1 for ws in X.WORKSTATIONS for h in TESTBED.hosts(X.RunConfig("t", workstation=ws)))


def test_timesharing_scheduler_parameters_are_checked():
    with pytest.raises(ValueError, match="ts_policy"):
        Scheduler(ts_policy="lottery")
    with pytest.raises(ValueError, match="whole ticks"):
        Scheduler(quantum_us=15_000.0)
    with pytest.raises(ValueError, match="kernel_share"):
        Scheduler(kernel_share=1.5)
    with pytest.raises(ValueError, match="cpus"):
        Host("x", 10.0, cpus=0)
    assert TS.policy().hz == 100 and TS.policy().quantum_ticks == 10
    import pickle

    assert pickle.loads(pickle.dumps(TS)) == TS
