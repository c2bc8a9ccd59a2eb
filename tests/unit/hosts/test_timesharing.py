"""The time-sharing scheduler against closed forms and its own laws (mmperf.hosts.timesharing)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmperf.hosts.timesharing import Policy, Process, simulate

LONG = 300e6  # 300 s: 3,000 quanta


def _hogs(k, **kw):
    return [Process(f"hog{i}", "hog", **kw) for i in range(k)]


def _sleeper(name, arrivals, kernel, user, **kw):
    n = len(arrivals)
    return Process(name, "sleeper", arrivals_us=tuple(arrivals), kernel_us=tuple(np.broadcast_to(kernel, n)),
                   user_us=tuple(np.broadcast_to(user, n)), **kw)


@pytest.mark.parametrize("k", [1, 2, 3, 5, 8])
def test_k_cpu_bound_processes_share_one_processor_equally(k):
    share = simulate(_hogs(k), duration_us=LONG).cpu["share"].to_numpy()
    assert share.sum() == pytest.approx(1.0, abs=1e-9)
    assert np.abs(share - 1 / k).max() < 0.01


@pytest.mark.parametrize("cpus,k", [(4, 2), (4, 4), (4, 8), (2, 5)])
def test_processors_share_one_run_queue(cpus, k):
    share = simulate(_hogs(k), duration_us=LONG, cpus=cpus).cpu["cpu_us"].to_numpy() / LONG
    assert np.abs(share - min(1.0, cpus / k)).max() < 0.02  # decay-usage fairness, to a few ticks a second


def test_a_better_nice_value_gets_more_of_the_processor_and_real_time_starves_the_rest():
    cpu = simulate([Process("niced", "hog", nice=-10), *_hogs(2)], duration_us=LONG).cpu.set_index("process")["share"]
    assert cpu["niced"] > 0.4 > 1 / 3 > cpu["hog0"]
    rt = simulate([Process("rt", "hog", realtime=True), *_hogs(3)], duration_us=30e6).cpu.set_index("process")["share"]
    assert rt["rt"] == pytest.approx(1.0) and rt.drop("rt").sum() == pytest.approx(0.0)  # the paper's Sec. 5.1 anecdote


@pytest.mark.parametrize("k", [0, 1, 6])
def test_a_woken_kernel_part_preempts_at_once(k):
    arrivals = np.arange(1, 200) * 97_000.0 + 13.0
    jobs = simulate([_sleeper("rx", arrivals, 150.0, 0.0), *_hogs(k)], duration_us=25e6).jobs
    assert np.allclose(jobs["delay_us"], 150.0)
    assert np.allclose(jobs["start_us"], jobs["arrival_us"])


def test_a_light_sleeper_under_decay_usage_is_served_within_one_quantum():
    arrivals = np.arange(1, 600) * 100_000.0 + 7.0
    s = simulate([_sleeper("rx", arrivals, 50.0, 1_000.0), *_hogs(4)], duration_us=61e6)
    assert s.jobs["delay_us"].max() <= 1_050.0 + Policy().quantum_us


def test_real_time_and_niced_receivers_see_less_delay_than_default_under_load():
    rng = np.random.default_rng(5)
    arrivals = np.arange(1, 1000) * 33_000.0
    user = rng.exponential(4_000.0, arrivals.size)
    spread = {}
    for cls, kw in {"default": {}, "niced": {"nice": -19}, "real-time": {"realtime": True}}.items():
        jobs = simulate([_sleeper("rx", arrivals, 1_000.0, user, **kw), *_hogs(6)], duration_us=36e6).jobs
        spread[cls] = float(np.var(np.diff(jobs["finish_us"].to_numpy())))
    assert spread["real-time"] < spread["niced"] < spread["default"]


def test_a_single_sleeper_is_an_m_d_1_queue():
    """Poisson jobs of deterministic work D on an otherwise idle processor: the mean delay is
    D + rho D / (2 (1 - rho)) (Pollaczek-Khinchine)."""
    rng = np.random.default_rng(11)
    d, rho = 2_000.0, 0.6
    arrivals = np.cumsum(rng.exponential(d / rho, 200_000))
    jobs = simulate([_sleeper("rx", arrivals, 0.0, d)], duration_us=float(arrivals[-1] + 1e6)).jobs
    expected = d + rho * d / (2 * (1 - rho))
    assert jobs["delay_us"].mean() == pytest.approx(expected, rel=0.03)


def test_the_run_is_deterministic_and_the_trace_accounts_for_every_microsecond():
    arrivals = np.arange(1, 300) * 40_000.0
    procs = [_sleeper("rx", arrivals, 200.0, np.linspace(500, 9_000, arrivals.size)), *_hogs(3)]
    a, b = simulate(procs, duration_us=13e6, cpus=2), simulate(procs, duration_us=13e6, cpus=2)
    assert a.jobs.equals(b.jobs) and a.trace.equals(b.trace)
    per = a.trace.assign(d=a.trace["end_us"] - a.trace["start_us"]).groupby("process")["d"].sum()
    assert np.allclose(per.reindex(a.cpu["process"]).to_numpy(), a.cpu["cpu_us"].to_numpy())
    assert a.cpu["cpu_us"].sum() <= 2 * 13e6 + 1e-6


@settings(max_examples=40, deadline=None)
@given(k=st.integers(0, 5), cpus=st.integers(1, 4), nice=st.integers(-20, 19), rt=st.booleans(),
       period=st.floats(5_000, 200_000), work=st.floats(10, 50_000), seed=st.integers(0, 2**32 - 1))
def test_laws_hold_for_random_configurations(k, cpus, nice, rt, period, work, seed):
    rng = np.random.default_rng(seed)
    arrivals = np.cumsum(rng.exponential(period, 150))
    procs = [_sleeper("rx", arrivals, 0.1 * work, rng.exponential(0.9 * work, arrivals.size), nice=nice, realtime=rt),
             *_hogs(k)]
    s = simulate(procs, duration_us=float(arrivals[-1] + 5e6), cpus=cpus)  # the simulator checks its books
    done = s.jobs.dropna()
    assert (done["delay_us"] >= 0.1 * work + 0 - 1e-6).all()  # never faster than the work itself
    assert (s.cpu["share"] <= 1 + 1e-9).all()
    if k < cpus or rt:  # a processor is always free for it: no wait beyond its own backlog
        assert (done["start_us"] - done["arrival_us"] >= -1e-6).all()


@pytest.mark.parametrize("bad,match", [
    (dict(kind="daemon"), "kind"), (dict(nice=25), "nice"), (dict(nice=-21), "nice"),
    (dict(kind="hog", arrivals_us=(1.0,), kernel_us=(1.0,), user_us=(1.0,)), "hog has no jobs"),
    (dict(arrivals_us=(1.0, np.nan), kernel_us=(1.0, 1.0), user_us=(1.0, 1.0)), "arrivals_us"),
    (dict(arrivals_us=(2.0, 1.0), kernel_us=(1.0, 1.0), user_us=(1.0, 1.0)), "non-decreasing"),
    (dict(arrivals_us=(1.0,), kernel_us=(1.0, 1.0), user_us=(1.0,)), "one entry per job"),
    (dict(arrivals_us=(1.0,), kernel_us=(0.0,), user_us=(0.0,)), "positive sum"),
])
def test_bad_processes_are_refused_by_name(bad, match):
    kw = dict(name="p", kind="sleeper") | bad
    with pytest.raises((ValueError, TypeError), match=match):
        Process(**kw)


def test_bad_runs_are_refused_by_name():
    with pytest.raises(ValueError, match="duration_us"):
        simulate(_hogs(1), duration_us=float("nan"))
    with pytest.raises(ValueError, match="cpus"):
        simulate(_hogs(1), duration_us=1e6, cpus=0)
    with pytest.raises(ValueError, match="unique"):
        simulate(_hogs(1) + _hogs(1), duration_us=1e6)
    with pytest.raises(ValueError, match="wake_pri"):
        Policy(wake_pri=60)


# ---- the fast path for one stream (serve), and what a stream sees on the schedule --------------------------

from mmperf.hosts.timesharing import serve  # noqa: E402

WARM = 20e6  # the counters run 20 s before the stream starts: their decayed usage is at its level


def _stream(mean_work, *, n=600, period=33_000.0, seed=3):
    arrivals = WARM + np.arange(1, n + 1) * period
    work = np.random.default_rng(seed).exponential(mean_work, n)
    return arrivals, work


@pytest.mark.parametrize("hogs,cpus,nice,rt", [(0, 1, 0, False), (3, 1, 0, False), (3, 1, -19, False), (2, 4, 0, True),
                                               (6, 2, 5, False)])
def test_serve_is_simulate_without_the_tables(hogs, cpus, nice, rt):
    arrivals, work = _stream(8_000.0, n=300)
    start, finish = serve(arrivals, 0.3 * work, 0.7 * work, hogs=hogs, cpus=cpus, nice=nice, realtime=rt)
    s = simulate([_sleeper("rx", arrivals, 0.3 * work, 0.7 * work, nice=nice, realtime=rt), *_hogs(hogs)],
                 duration_us=float(arrivals[-1] + 1e6), cpus=cpus)
    assert np.array_equal(finish, s.jobs["finish_us"].to_numpy(), equal_nan=True)
    assert np.array_equal(start, s.jobs["start_us"].to_numpy(), equal_nan=True)


def test_consecutive_delays_are_correlated_under_load():
    """A receiver that needs a quarter of the processor, beside three counters: once its decayed usage
    reaches theirs it waits behind their quanta, and the wait carries over to the datagrams queued
    behind it -- the delays are correlated from one datagram to the next, unlike independent draws."""
    arrivals, work = _stream(8_000.0)
    _, idle = serve(arrivals, 0.3 * work, 0.7 * work)
    _, loaded = serve(arrivals, 0.3 * work, 0.7 * work, hogs=3)
    lag1 = lambda d: float(np.corrcoef(d[:-1], d[1:])[0, 1])  # noqa: E731
    assert lag1(loaded - arrivals) > 0.5 > 0.2 > lag1(idle - arrivals)
    assert np.var(np.diff(loaded)) > 3 * np.var(np.diff(idle))  # the jitter grows with the load


@pytest.mark.parametrize("mean_work", [1_600.0, 8_000.0])
def test_a_real_time_receiver_does_not_wait_longer_with_more_counters(mean_work):
    arrivals, work = _stream(mean_work)
    finish = {h: serve(arrivals, 0.3 * work, 0.7 * work, hogs=h, realtime=True)[1] for h in (0, 1, 3, 6)}
    for h in (1, 3, 6):
        assert np.array_equal(finish[h], finish[0])


def test_four_processors_absorb_three_counters():
    """The SGI Challenge L of Sec. 6 has four processors: three counters leave one free for the receiver,
    which then is served as on an idle host; on one processor the same receiver waits."""
    arrivals, work = _stream(8_000.0)
    _, idle = serve(arrivals, 0.3 * work, 0.7 * work, cpus=4)
    _, four = serve(arrivals, 0.3 * work, 0.7 * work, hogs=3, cpus=4)
    _, one = serve(arrivals, 0.3 * work, 0.7 * work, hogs=3, cpus=1)
    assert np.array_equal(four, idle)
    assert np.nanmax(one - idle) > Policy().quantum_us


def test_a_light_receiver_never_waits_in_the_steady_state():
    """Under decay usage a receiver needing ~5 % of the processor keeps a better priority than any counter,
    whatever their number: its wake-ups preempt at once (the Sec. 5 finding of the jitter chapter)."""
    arrivals, work = _stream(1_600.0)
    _, idle = serve(arrivals, 0.3 * work, 0.7 * work)
    for h in (1, 3, 6):
        assert np.array_equal(serve(arrivals, 0.3 * work, 0.7 * work, hogs=h)[1], idle)


def test_serve_refuses_bad_streams_by_name():
    with pytest.raises(ValueError, match="one entry per job"):
        serve([1.0, 2.0], [1.0], [1.0, 1.0])
    with pytest.raises(ValueError, match="non-decreasing"):
        serve([2.0, 1.0], [1.0, 1.0], [1.0, 1.0])
    with pytest.raises(ValueError, match="positive sum"):
        serve([1.0], [0.0], [0.0])
    with pytest.raises(ValueError, match="hogs"):
        serve([1.0], [1.0], [1.0], hogs=-1)
    with pytest.raises(ValueError, match="nice"):
        serve([1.0], [1.0], [1.0], nice=20)
    with pytest.raises(TypeError, match="policy"):
        serve([1.0], [1.0], [1.0], policy=None)


# ---- the SVR4 time-sharing class (SunOS 5), Policy(kind="svr4") ----

from mmperf.hosts.timesharing import TS_DPTBL, serve  # noqa: E402

SVR4 = Policy(kind="svr4")


def test_the_default_dispatch_table_is_the_solaris_one():
    assert len(TS_DPTBL) == 60
    assert TS_DPTBL[0] == (200, 0, 50, 0, 50) and TS_DPTBL[59] == (20, 49, 59, 32000, 59)
    assert [TS_DPTBL[lv][0] for lv in (9, 10, 20, 30, 40, 58)] == [200, 160, 120, 80, 40, 40]
    assert all(TS_DPTBL[lv][1] == max(0, lv - 10) for lv in range(59))
    quantum, *_ = SVR4.ts_arrays()
    assert quantum[0] == 20 and quantum[59] == 2  # ticks of 10 ms


def test_a_cpu_hog_sinks_to_the_bottom_level():
    level = simulate([Process("hog", "hog")], duration_us=3e6, policy=SVR4).cpu["ts_level"]
    assert int(level.iloc[0]) == 0  # 29 -> 19 -> 9 -> 0 after 120 + 160 + 200 ms
    s = simulate(_hogs(3), duration_us=60e6 + 5e5, policy=SVR4)  # half a second after a ts_update
    assert (s.cpu["ts_level"] < 50).all()


def test_a_sleeper_returns_at_ts_slpret():
    arrivals = np.arange(1, 4) * 100_000.0
    for n_jobs, level in [(1, 52), (2, 58), (3, 58)]:  # 29 -> slpret 52 -> slpret 58 -> 58
        s = simulate([_sleeper("rx", arrivals[:n_jobs], 50.0, 500.0), *_hogs(2)], duration_us=350e3, policy=SVR4)
        assert int(s.cpu.set_index("process").loc["rx", "ts_level"]) == level
    # a sleeper whose user part uses a full quantum (40 ms at 58) drops to ts_tqexp[58] = 48 before it sleeps
    s = simulate([_sleeper("rx", arrivals[:2], 50.0, [500.0, 45_000.0]), *_hogs(1)], duration_us=400e3, policy=SVR4)
    assert int(s.cpu.set_index("process").loc["rx", "ts_level"]) == 48


def test_a_starved_process_is_raised_after_ts_maxwait():
    procs = [Process("high", "hog", nice=-19), Process("low", "hog")]  # high: ts_upri +19, always above low's level
    boosted = simulate(procs, duration_us=30e6, policy=SVR4)
    share = boosted.cpu.set_index("process")["share"]
    assert share["low"] > 0.1  # raised to ts_lwait (50..) about once a second
    runs = boosted.trace[boosted.trace["process"] == "low"]
    assert float((runs["start_us"].iloc[1:].to_numpy() - runs["end_us"].iloc[:-1].to_numpy()).max()) < 1.5e6
    never = tuple((q, tq, sl, 32000, lw) for q, tq, sl, _, lw in TS_DPTBL)
    starved = simulate(procs, duration_us=30e6, policy=Policy(kind="svr4", ts_dptbl=never))
    low = starved.trace[starved.trace["process"] == "low"]
    assert low["end_us"].max() < 2e6  # it runs only while high sinks below its level (umdpri 29 + 19 -> 19), then never
    assert starved.cpu.set_index("process").loc["low", "cpu_us"] < 0.3e6


def test_real_time_runs_above_every_time_sharing_and_system_priority():
    rt = simulate([Process("rt", "hog", realtime=True), *_hogs(3)], duration_us=10e6, policy=SVR4).cpu
    assert rt.set_index("process").loc["rt", "share"] == pytest.approx(1.0)
    arrivals = np.arange(1, 50) * 97_000.0
    jobs = simulate([_sleeper("rx", arrivals, 150.0, 0.0), Process("rt", "hog", realtime=True)],
                    duration_us=6e6, policy=SVR4).jobs
    assert jobs["finish_us"].isna().all()  # its kernel part (SYS) never runs under a real-time hog
    jobs = simulate([_sleeper("rx", arrivals, 150.0, 300.0, realtime=True), *_hogs(6)], duration_us=6e6, policy=SVR4).jobs
    assert np.allclose(jobs["delay_us"], 450.0)


@pytest.mark.parametrize("k", [0, 1, 6])
def test_svr4_a_woken_kernel_part_preempts_at_once(k):
    arrivals = np.arange(1, 200) * 97_000.0 + 13.0
    jobs = simulate([_sleeper("rx", arrivals, 150.0, 0.0), *_hogs(k)], duration_us=25e6, policy=SVR4).jobs
    assert np.allclose(jobs["delay_us"], 150.0)


def test_svr4_is_deterministic_and_serve_is_simulate():
    rng = np.random.default_rng(7)
    arrivals = np.sort(rng.uniform(0, 20e6, 400))
    work = rng.exponential(3_000.0, arrivals.size)
    procs = [_sleeper("stream", arrivals, 0.3 * work, 0.7 * work), *_hogs(4)]
    a = simulate(procs, duration_us=arrivals[-1] + 1e6, policy=SVR4)
    b = simulate(procs, duration_us=arrivals[-1] + 1e6, policy=SVR4)
    for x, y in ((a.jobs, b.jobs), (a.cpu, b.cpu), (a.trace, b.trace)):
        assert x.equals(y)
    _, finish = serve(arrivals, 0.3 * work, 0.7 * work, hogs=4, policy=SVR4)
    assert np.array_equal(finish, a.jobs["finish_us"].to_numpy())


def test_bad_svr4_policies_are_refused_by_name():
    with pytest.raises(ValueError, match="kind"):
        Policy(kind="svr5")
    with pytest.raises(ValueError, match="ts_dptbl"):
        Policy(kind="svr4", ts_dptbl=((200, 0, 50, 0),))
    with pytest.raises(ValueError, match="ts_dptbl level 0"):
        Policy(kind="svr4", ts_dptbl=((200, 3, 0, 0, 0),))
    with pytest.raises(ValueError, match="ts_start_level"):
        Policy(kind="svr4", ts_start_level=60)
