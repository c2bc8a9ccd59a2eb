"""Operational laws (mmperf.networks.operational), checked against the queueing simulator and
against each other."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmperf.networks import operational as op
from mmperf.networks import queueing
from mmperf.seeds import rng


@pytest.mark.parametrize("service", ["exponential", "deterministic"])
@pytest.mark.parametrize("load", [0.3, 0.6, 0.85])
def test_the_simulated_station_obeys_the_utilization_law(service, load):
    res = queueing.simulate_single_station(arrival_rate=load, mean_service=1.0, service=service,
                                           customers=20_000, rng=rng("test", "operational", service, f"{load}"))
    x = res.stats["departures"] / res.horizon  # measured throughput
    # the busy time of the jobs served inside the horizon is their number times the mean service
    assert res.utilization == pytest.approx(op.utilization(throughput=x, demand=1.0), abs=0.02)
    # Little's law on the queue: the time-average number waiting is throughput x mean wait
    queue_avg = res.stats["wait_total"] / res.horizon
    assert op.littles_law(throughput=x, response_time=res.mean_wait) == pytest.approx(queue_avg, rel=0.02)


demands = st.dictionaries(st.sampled_from(["host", "memory", "adapter", "ring", "disk", "i750"]),
                          st.floats(1e-6, 10.0), min_size=1, max_size=6)


@settings(max_examples=200, deadline=None)
@given(demands)
def test_at_the_bottleneck_throughput_the_bottleneck_is_full_and_no_station_is_overloaded(d):
    name, x_star = op.bottleneck(d)
    u = {k: op.utilization(throughput=x_star, demand=v) for k, v in d.items()}
    assert u[name] == pytest.approx(1.0)
    assert max(u.values()) <= 1.0 + 1e-12


@settings(max_examples=200, deadline=None)
@given(st.floats(1e-3, 1e3), st.floats(1e-9, 1.0), st.floats(0.0, 0.999))
def test_the_saturation_point_is_where_the_utilization_reaches_one(x, d, share):
    s_star = op.saturation_point(throughput=x, demand_per_unit=d)
    assert op.utilization(throughput=x, demand=d * s_star) == pytest.approx(1.0)
    assert op.utilization(throughput=x, demand=d * share * s_star) == pytest.approx(share, abs=1e-12)


@settings(max_examples=200, deadline=None)
@given(st.floats(1e-3, 1e3), st.floats(1e-9, 1.0), st.floats(0.0, 0.9))
def test_with_a_base_the_saturation_point_is_where_base_plus_load_reaches_one(x, d, base):
    s_star = op.saturation_point(throughput=x, demand_per_unit=d, base=base)
    assert base + op.utilization(throughput=x, demand=d * s_star) == pytest.approx(1.0)
    assert s_star == pytest.approx((1 - base) * op.saturation_point(throughput=x, demand_per_unit=d))


@settings(max_examples=100, deadline=None)
@given(st.floats(1e-4, 1e-1), st.floats(0.0, 0.5), st.integers(3, 8))
def test_a_sweep_on_an_exact_line_extrapolates_to_the_closed_form(slope, base, n):
    x = np.linspace(0.0, 0.75 * (1 - base) / slope, n)  # every point below 80 %
    s = op.saturation_from_sweep(x, base + slope * x)
    assert s == pytest.approx(op.saturation_point(throughput=1.0, demand_per_unit=slope, base=base), rel=1e-9)


def test_a_sweep_fits_only_its_unsaturated_points():
    x = [10, 20, 30, 40, 50]
    # the last point, 0.99, is a saturated run's underestimate: left out of the fit
    assert op.saturation_from_sweep(x, [0.2, 0.4, 0.6, 0.8, 0.99]) == pytest.approx(50.0)
    assert math.isnan(op.saturation_from_sweep([1, 2, 3], [0.5, 0.4, 0.3]))  # a falling line never saturates


@pytest.mark.parametrize("call,match", [
    (lambda: op.saturation_from_sweep([1, 2, 3], [0.9, 0.95, 0.99]), "at least two points below"),
    (lambda: op.saturation_from_sweep([1, 2], [0.1, 0.2, 0.3]), "same length"),
    (lambda: op.saturation_from_sweep([1, 2], [0.1, 0.2], below=1.5), "below must be a number in"),
    (lambda: op.saturation_point(throughput=1.0, demand_per_unit=1.0, base=math.nan), "base must be a finite number"),
    (lambda: op.utilization(throughput=math.nan, demand=1.0), "throughput must hold finite numbers"),
    (lambda: op.utilization(throughput=1.0, demand=-1.0), "demand must hold numbers >= 0"),
    (lambda: op.bottleneck({}), "demands must be a non-empty mapping"),
    (lambda: op.bottleneck({"a": 0.0, "b": 0.0}), "at least one positive demand"),
    (lambda: op.bottleneck({"a": math.inf}), "demands\\['a'\\] must be a finite number >= 0"),
    (lambda: op.saturation_point(throughput=0.0, demand_per_unit=1.0), "throughput must be a finite number > 0"),
    (lambda: op.littles_law(throughput=1.0, response_time=np.array([1.0, math.inf])), "response_time must hold finite"),
])
def test_bad_inputs_are_refused_by_name(call, match):
    with pytest.raises(ValueError, match=match):
        call()
