"""The host mechanisms issue 32 adds: the FIFO ablation of the scheduler and the receiving application's own work."""

from dataclasses import replace

import numpy as np
import pytest

from mmperf.experiments.claypool1998 import Params, QualityParams
from mmperf.experiments.claypool1998 import params as M
from mmperf.hosts.cpu import Host, Scheduler, served
from mmperf.seeds import rng


def _fifo_closed_form(ready, work):
    done, t = np.empty_like(ready), -np.inf
    for i, (a, w) in enumerate(zip(ready, work)):
        t = max(t, a) + w
        done[i] = t
    return done


def test_fifo_discipline_is_a_fifo_server_without_counters():
    ready = np.cumsum(rng("test-fifo", "gaps").exponential(3_000.0, 400))
    fifo = Scheduler(ts_policy="svr4", discipline="fifo")
    a = served(ready, host=Host("IPX", 21.8, hogs=6), scheduler=fifo, rng=rng("test-fifo", "work"))
    b = served(ready, host=Host("IPX", 21.8, hogs=0, sched_class="real-time"), scheduler=fifo, rng=rng("test-fifo", "work"))
    np.testing.assert_allclose(a["done_us"], _fifo_closed_form(ready, a["work_us"]))
    np.testing.assert_array_equal(a["done_us"], b["done_us"])  # counters and class ignored
    assert (np.diff(a["done_us"]) >= 0).all()


def test_fifo_serves_other_sleepers_in_arrival_order():
    ready = np.array([0.0, 60.0])
    others = [np.array([10.0])]
    d = served(ready, host=Host("x", 1.0), scheduler=Scheduler(discipline="fifo", work_shape=1e9, work_spec_us=40.0),
               rng=rng("test-fifo", "others"), others=others)
    # jobs of 40 us at 0, at 10 (another sleeper's: waits until 40, done at 80) and at 60 (waits for it: done at 120)
    np.testing.assert_allclose(d["done_us"], [40.0, 120.0], rtol=1e-4)


def test_app_work_is_added_to_the_receivers_jobs_only():
    ready = np.arange(50) * 160_000.0
    sch = Scheduler(ts_policy="svr4", app_work_spec_us=86_000.0)
    host = Host("SLC", 8.6)
    plain = served(ready, host=host, scheduler=sch, rng=rng("test-app"))
    app = served(ready, host=host, scheduler=sch, rng=rng("test-app"), app=True)
    np.testing.assert_allclose(app["work_us"] - plain["work_us"], 10_000.0)
    # an idle host: each job is done its work after it came
    np.testing.assert_allclose(app["done_us"] - ready, app["work_us"], atol=1e-6)
    frame = served(ready, host=host, scheduler=sch, rng=rng("test-app"), app=True, work_spec_us=42_000.0)
    np.testing.assert_allclose(frame["work_us"], served(ready, host=host, scheduler=sch, rng=rng("test-app"),
                                                        work_spec_us=42_000.0)["work_us"])


def _late(app_work, hogs, policy="svr4"):
    ready = np.arange(300) * 160_000.0 + 1_000.0
    sch = Scheduler(ts_policy=policy, app_work_spec_us=app_work)
    d = served(ready, host=Host("SLC", 8.6, hogs=hogs), scheduler=sch, rng=rng("test-late", int(app_work), hogs), app=True)
    return float(np.mean(d["done_us"] - ready - d["work_us"]))


def test_a_light_receiver_outranks_the_counters_sec_5_1():
    # the paper's own Sec. 5.1: a process woken from I/O runs before every user-mode process
    assert max(_late(0.0, h) for h in (0, 2, 6)) < 1.0


def test_a_receiver_demoted_past_its_quantum_waits_behind_boosted_counters():
    # 35 ms per datagram on the SLC: past the 20 ms quantum of TS level 59, demoted to 49, below the counters
    # raised to 50 by ts_maxwait: the wait grows with their number
    waits = [_late(M.APP_WORK_FIG6, h) for h in (0, 2, 4, 6)]
    assert waits[0] < 1.0 < waits[1] < waits[2] < waits[3]


def test_ledger_readings_reach_the_mechanisms():
    p = Params().with_(scheduler__app_work_spec_us=1.0, sec4_policy="4.3bsd")
    assert p.scheduler.app_work_spec_us == 1.0 and p.scheduler.ts_policy == Params().scheduler.ts_policy
    assert M.ts_policies(p.sec4_policy)["SLC"] == "4.3bsd" and M.ts_policies()["SGI Challenge L"] == "4.3bsd"
    assert QualityParams().with_(scheduler__discipline="fifo").scheduler.discipline == "fifo"
    with pytest.raises(ValueError, match="discipline"):
        replace(Scheduler(), discipline="round-robin")
    with pytest.raises(ValueError, match="app_work_spec_us"):
        Scheduler(app_work_spec_us=float("nan"))
    with pytest.raises(ValueError, match="sec4_policy"):
        Params(sec4_policy="irix")
