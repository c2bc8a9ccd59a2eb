"""The generic SimPy stations against closed forms (M/M/1, M/D/1, M/M/1-PS)."""

import math

import numpy as np
import pytest
import simpy

from mmperf.metrics.replications import confidence_interval, summarize_replications
from mmperf.networks.queueing import (
    FCFSStation,
    PSStation,
    md1_mean_wait,
    mg1_mean_wait,
    mm1_mean_wait,
    simulate_single_station,
)
from mmperf.seeds import rng

REPS = 5
N = 10_000


def _replicate(**kw):
    return [simulate_single_station(customers=N, rng=rng("huynh1994", "test", kw["service"], kw["discipline"], r), **kw)
            for r in range(REPS)]


@pytest.mark.parametrize("service,closed", [("exponential", mm1_mean_wait), ("deterministic", md1_mean_wait)])
def test_fcfs_mean_wait_matches_closed_form(service, closed):
    lam, s = 0.5, 1.0
    runs = _replicate(arrival_rate=lam, mean_service=s, service=service, discipline="fcfs")
    mean, lo, hi = confidence_interval([r.mean_wait for r in runs], level=0.99)
    assert lo <= closed(lam, s) <= hi, (mean, lo, hi, closed(lam, s))


def test_ps_mean_sojourn_matches_closed_form():
    # M/M/1-PS: mean sojourn S / (1 - rho), the same as M/M/1 FCFS
    lam, s = 0.5, 1.0
    runs = _replicate(arrival_rate=lam, mean_service=s, service="exponential", discipline="ps")
    mean, lo, hi = confidence_interval([r.customers["sojourn"].mean() for r in runs], level=0.99)
    assert lo <= s / (1 - lam * s) <= hi


def test_ps_deterministic_sojourn_is_insensitive():
    # M/G/1-PS mean sojourn depends on the service distribution only through its mean
    lam, s = 0.5, 1.0
    runs = _replicate(arrival_rate=lam, mean_service=s, service="deterministic", discipline="ps")
    mean, lo, hi = confidence_interval([r.customers["sojourn"].mean() for r in runs], level=0.99)
    assert lo <= s / (1 - lam * s) <= hi


@pytest.mark.parametrize("discipline", ["fcfs", "ps"])
def test_utilization_is_arrival_rate_times_service(discipline):
    lam, s = 0.3, 2.0
    runs = _replicate(arrival_rate=lam, mean_service=s, service="deterministic", discipline=discipline)
    for r in runs:
        n = len(r.customers)
        # utilization law on the realised arrivals: busy time inside the horizon
        assert r.utilization == pytest.approx(n / r.horizon * s, abs=0.02)
        assert r.stats["arrivals"] == r.stats["departures"] == n


def test_replications_are_independent_and_reproducible():
    kw = dict(arrival_rate=0.5, mean_service=1.0, customers=500)
    a = simulate_single_station(rng=rng("huynh1994", "indep", 0), **kw)
    b = simulate_single_station(rng=rng("huynh1994", "indep", 0), **kw)
    c = simulate_single_station(rng=rng("huynh1994", "indep", 1), **kw)
    assert a.customers.equals(b.customers)
    assert not np.allclose(a.customers["arrival"], c.customers["arrival"])
    corr = np.corrcoef(a.customers["wait"], c.customers["wait"])[0, 1]
    assert abs(corr) < 0.2


def test_fcfs_lindley_order_and_waits():
    env = simpy.Environment()
    st = FCFSStation(env, "x", horizon=10)
    waits = []

    def job(t, s):
        yield env.timeout(t)
        w = yield from st.serve(s)
        waits.append((t, w, env.now))

    for t, s in [(0, 2.0), (0.5, 1.0), (5, 1.0)]:
        env.process(job(t, s))
    env.run()
    assert waits == [(0, 0.0, 2.0), (0.5, 1.5, 3.0), (5, 0.0, 6.0)]
    assert st.stats()["busy"] == pytest.approx(4.0)
    assert st.stats()["utilization"] == pytest.approx(0.4)


def test_ps_two_jobs_share_the_server():
    env = simpy.Environment()
    st = PSStation(env, "bus", rate=1.0)
    done = {}

    def job(name, t, w):
        yield env.timeout(t)
        yield from st.serve(w)
        done[name] = env.now

    env.process(job("a", 0, 2.0))
    env.process(job("b", 1, 0.5))
    env.run()
    # a alone for 1 s (1 left), then both at 1/2: b done at 2, a has 0.5 left -> done at 2.5
    assert done == {"b": pytest.approx(2.0), "a": pytest.approx(2.5)}
    assert st.stats()["in_system"] == 0


def test_closed_forms():
    assert mm1_mean_wait(0.5, 1.0) == pytest.approx(1.0)
    assert md1_mean_wait(0.5, 1.0) == pytest.approx(0.5)
    assert mg1_mean_wait(0.5, 1.0, 0.5) == pytest.approx(0.75)


@pytest.mark.parametrize(
    "call,match",
    [
        (lambda: mm1_mean_wait(1.0, 1.0), "unstable"),
        (lambda: mm1_mean_wait(-1.0, 1.0), "arrival_rate"),
        (lambda: md1_mean_wait(0.5, 0.0), "mean_service"),
        (lambda: mg1_mean_wait(0.5, 1.0, -1), "scv"),
        (lambda: simulate_single_station(arrival_rate=0.5, mean_service=1, service="pareto", rng=rng("x")), "service"),
        (lambda: simulate_single_station(arrival_rate=0.5, mean_service=1, discipline="lifo", rng=rng("x")), "discipline"),
        (lambda: simulate_single_station(arrival_rate=0.5, mean_service=1, customers=0, rng=rng("x")), "customers"),
        (lambda: PSStation(simpy.Environment(), "b", rate=0), "rate"),
        (lambda: FCFSStation(simpy.Environment(), "", horizon=1), "name"),
        (lambda: FCFSStation(simpy.Environment(), "a", horizon=-1), "horizon"),
        (lambda: FCFSStation(simpy.Environment(), "a").book(-1.0), "service"),
        (lambda: confidence_interval([1.0]), "at least 2"),
        (lambda: confidence_interval([1.0, 2.0], level=1.5), "level"),
    ],
)
def test_bad_parameters_raise_clear_errors(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()


def test_summarize_replications():
    import pandas as pd

    df = pd.DataFrame({"g": ["a"] * 3 + ["b"] * 3, "value": [1.0, 2.0, 3.0, 5.0, 5.0, 5.0]})
    s = summarize_replications(df, by=["g"], value="value", level=0.9).set_index("g")
    assert s.loc["a", "mean"] == 2.0 and s.loc["a", "ci_low"] < 2.0 < s.loc["a", "ci_high"]
    assert s.loc["b", "half_width"] == 0.0
    assert math.isclose(s.loc["a", "half_width"], 1.6859, rel_tol=1e-4)


from hypothesis import given, settings
from hypothesis import strategies as st

_jobs = st.lists(st.tuples(st.floats(0, 5), st.floats(0.01, 3)), min_size=1, max_size=25)


def _drive(station_factory, jobs):
    env = simpy.Environment()
    station = station_factory(env)
    finished = []

    def job(i, t, w):
        yield env.timeout(t)
        t0 = env.now
        yield from station.serve(w)
        finished.append((i, t0, env.now))

    for i, (t, w) in enumerate(jobs):
        env.process(job(i, t, w))
    env.run()
    return station, finished


@settings(max_examples=40, deadline=None)
@given(_jobs)
def test_fcfs_conserves_work_and_order(jobs):
    station, finished = _drive(lambda env: FCFSStation(env, "s"), jobs)
    assert station.stats()["in_system"] == 0
    assert station.busy == pytest.approx(sum(w for _, w in jobs))
    # first come, first served: completion order follows arrival order
    arrivals = sorted(range(len(jobs)), key=lambda i: (jobs[i][0], i))
    done = [i for i, _, _ in sorted(finished, key=lambda r: (r[2], arrivals.index(r[0])))]
    assert done == arrivals
    # departures follow the Lindley recursion D_n = max(A_n, D_{n-1}) + S_n, computed independently
    d, expected = 0.0, {}
    for i in arrivals:
        d = max(jobs[i][0], d) + jobs[i][1]
        expected[i] = d
    for i, _, end in finished:
        assert end == pytest.approx(expected[i])


@settings(max_examples=40, deadline=None)
@given(_jobs, st.floats(0.5, 4))
def test_ps_conserves_work(jobs, rate):
    station, finished = _drive(lambda env: PSStation(env, "bus", rate=rate), jobs)
    assert station.stats()["in_system"] == 0
    assert station.busy == pytest.approx(sum(w for _, w in jobs) / rate, rel=1e-6)
    for i, t0, end in finished:
        assert end - t0 >= jobs[i][1] / rate - 1e-9  # nobody is served faster than alone


def test_batch_means_finds_a_steady_state_only_where_there_is_one():
    from mmperf.metrics.replications import batch_means
    g = np.random.default_rng(7)
    # an AR(1) process with a known mean: steady, and its interval covers the mean
    x = np.empty(40_000)
    x[0] = 0.0
    e = g.normal(0, 1, x.size)
    for i in range(1, x.size):
        x[i] = 0.8 * x[i - 1] + e[i]
    r = batch_means(5.0 + x)
    assert r["steady"] and abs(r["mean"] - 5.0) <= 2 * r["half_width"]
    # a clocked stage's wait: the running maximum of the jitter, with no steady state
    jitter = g.exponential(1.0, 40_000)
    assert not batch_means(np.maximum.accumulate(jitter) - jitter)["steady"]
    with pytest.raises(ValueError, match="batches"):
        batch_means(x, batches=2)
    with pytest.raises(ValueError, match="series"):
        batch_means([1.0, np.nan] * 40)
