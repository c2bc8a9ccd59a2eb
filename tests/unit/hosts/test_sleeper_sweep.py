"""A periodic sleeper swept over classes and counter loads on the full schedule (mmperf.hosts.sleeper_sweep)."""

import numpy as np
import pytest

from mmperf.hosts.cpu import Scheduler
from mmperf.hosts.sleeper import sleeper_schedule
from mmperf.hosts.sleeper_sweep import FIRST_ARRIVAL_US, sleeper_sweep
from mmperf.metrics import jitter
from mmperf.seeds import rng

SPARCCLASSIC = 26.4  # SPECint92 of the host of Claypool et al.'s Sec. 5


@pytest.mark.parametrize("policy", ["4.3bsd", "svr4"])
def test_on_either_time_sharing_policy_the_light_receiver_never_waits(policy):
    """Sec. 5 on mmperf.hosts.timesharing: under 4.3BSD the receiver's ~1 % duty keeps its decayed usage
    far below the counters'; under SunOS 5's SVR4 TS class it returns from each sleep at ts_slpret 58, above
    every counter (sunk by ts_tqexp, boosted to ts_lwait 50-55). Either way every wake-up preempts at once
    and the jitter does not grow with load."""
    check, trace = sleeper_sweep(SPARCCLASSIC, seed=5, key=("claypool1998", "timesharing"), n_packets=200,
                                 hogs=(0, 6), scheduler=Scheduler(ts_policy=policy))
    assert (check["late_max_us"] == 0).all()
    v = check.set_index(["sched_class", "hogs"])["variance"]
    for cls in ("default", "niced", "real-time"):
        assert 0.5 < v[(cls, 6)] / v[(cls, 0)] < 2.0  # no load dependence beyond the work's own spread
    assert set(trace["process"]) >= {"receiver", "counter 1"}


def test_each_row_is_the_schedule_of_its_own_draw():
    """A row is sleeper_schedule on the stream (*key, class, hogs): the sweep adds no randomness of its own."""
    sch = Scheduler(ts_policy="svr4", app_work_spec_us=50_000.0)
    summary, trace = sleeper_sweep(SPARCCLASSIC, seed=3, key=("t",), classes=("niced",), hogs=(2,), n_packets=50,
                                   period_us=40_000.0, scheduler=sch, trace_class="niced", window_us=100_000.0)
    arrivals = np.arange(50) * 40_000.0 + FIRST_ARRIVAL_US
    work = rng("t", "niced", 2, root=3).exponential(sch.work_spec_us / SPARCCLASSIC, 50)
    s, late = sleeper_schedule(arrivals, work, hogs=2, sched_class="niced", scheduler=sch,
                               extra_user_us=sch.app_work_spec_us / SPARCCLASSIC)
    assert summary["variance"].iloc[0] == jitter.variance(np.diff(s.jobs["finish_us"]))
    assert summary["late_max_us"].iloc[0] == round(float(late.clip(lower=0).max()), 3)
    assert ((trace["end_ms"] > -100.0) & (trace["start_ms"] < 100.0)).all()  # only the window


@pytest.mark.parametrize("kw,msg", [(dict(specint92=0.0), "specint92"), (dict(key=()), "key"),
                                    (dict(classes=("fifo",)), "classes"), (dict(hogs=()), "hogs"),
                                    (dict(hogs=(1.5,)), "hogs"), (dict(n_packets=2), "n_packets"), (dict(specint92=1e-9), "specint92"),
                                    (dict(trace_class="real-time", classes=("default",)), "trace_class"),
                                    (dict(window_us=0.0), "window_us")])
def test_bad_input_is_refused_by_name(kw, msg):
    args = dict(specint92=SPARCCLASSIC, seed=1, key=("t",), n_packets=10) | kw
    with pytest.raises((ValueError, TypeError), match=msg):
        sleeper_sweep(args.pop("specint92"), **args)
