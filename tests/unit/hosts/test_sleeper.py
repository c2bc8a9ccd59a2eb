"""hosts.sleeper: a receiving process beside counters, on the full schedule (Claypool et al. 1998, Sec. 5)."""

import numpy as np
import pytest

from mmperf.hosts.cpu import Scheduler
from mmperf.hosts.sleeper import sleeper_schedule

ARR = np.arange(40) * 160_000.0 + 1_000.0


def test_an_idle_host_serves_every_job_at_once():
    work = np.full(ARR.size, 2_000.0)
    sch, late = sleeper_schedule(ARR, work, hogs=0)
    assert np.allclose(late, 0.0, atol=1e-6)
    assert np.allclose(sch.jobs["finish_us"] - ARR, work)


@pytest.mark.parametrize("cls", ["default", "niced", "real-time"])
def test_work_is_conserved_and_no_job_ends_before_its_work(cls):
    work = np.random.default_rng(1).exponential(3_000.0, ARR.size)
    sch, late = sleeper_schedule(ARR, work, hogs=3, sched_class=cls, extra_user_us=500.0)
    assert (late >= -1e-6).all()
    rx = float(sch.cpu.set_index("process").loc["receiver", "cpu_us"])
    assert rx == pytest.approx(work.sum() + 500.0 * ARR.size, rel=1e-9)


def test_a_real_time_receiver_never_waits_behind_counters():
    work = np.full(ARR.size, 40_000.0)  # heavy enough to use up a time-sharing quantum
    _, late = sleeper_schedule(ARR, work, hogs=6, sched_class="real-time", scheduler=Scheduler(ts_policy="svr4"))
    assert float(late.max()) == pytest.approx(0.0, abs=1e-6)


def test_sleeper_schedule_refuses_mismatched_work():
    with pytest.raises(ValueError, match="work_us"):
        sleeper_schedule(ARR, np.ones(3), hogs=0)
