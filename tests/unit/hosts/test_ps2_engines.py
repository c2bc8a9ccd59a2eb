"""The PS/2 model's compiled engine (mmperf.hosts._ps2_core) against its SimPy reference.

Both engines draw the same inputs and take simultaneous events in the same order (SimPy's
event id against the compiled heap's sequence number), so they must agree replication by
replication: every station counter and busy time, the host's split by workload and every delay
mean and minimum, not only in distribution."""

from dataclasses import replace
from itertools import product

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmperf.experiments import huynh1994 as E
from mmperf.hosts import ps2
from mmperf.seeds import rng

FRAMES = 90


def _both(hw, wl, *key):
    return tuple(ps2.simulate(hw, wl, rng=rng("test", "ps2-engines", *key), engine=engine)
                 for engine in ("simpy", "compiled"))


def _assert_same(ref: ps2.Replication, rep: ps2.Replication) -> None:
    counts = ["station", "arrivals", "departures", "in_system"]
    pd.testing.assert_frame_equal(ref.stations[counts], rep.stations[counts])
    for col in ("busy", "utilization"):
        np.testing.assert_allclose(rep.stations[col], ref.stations[col], rtol=1e-9, atol=1e-15, err_msg=col)
    assert list(rep.host_by_workload["workload"]) == list(ref.host_by_workload["workload"])
    np.testing.assert_allclose(rep.host_by_workload["utilization"], ref.host_by_workload["utilization"],
                               rtol=1e-9, atol=1e-15)
    pd.testing.assert_frame_equal(ref.frames, rep.frames)
    assert list(zip(rep.delays["chain"], rep.delays["component"])) == \
        list(zip(ref.delays["chain"], ref.delays["component"]))
    for col in ("mean", "min"):
        np.testing.assert_allclose(rep.delays[col], ref.delays[col], rtol=1e-9, atol=1e-15, err_msg=col)


GRID = list(product(E.SYSTEMS, E.MODES, ("central", "distributed"), (8, 15, 30), (True, False),
                    ("aligned", "random")))


@pytest.mark.parametrize("system, mode, mixing, frame_rate, file_transfer, phases", GRID)
def test_compiled_engine_replicates_the_simpy_model(system, mode, mixing, frame_rate, file_transfer, phases):
    hw = E.hardware(system)
    wl = E.workload(mode, frame_rate, mixing, frames=FRAMES, file_transfer=file_transfer, phases=phases)
    ref, rep = _both(hw, wl, system, mode, mixing, frame_rate, str(file_transfer), phases)
    _assert_same(ref, rep)


@pytest.mark.parametrize("mixing", ["send-only", "receive-only", "file-only"])
@pytest.mark.parametrize("mode", E.MODES)
def test_engines_agree_on_single_streams(mode, mixing):
    hw, wl = E.hardware("486"), E.workload(mode, 30, mixing, frames=FRAMES, phases="random")
    _assert_same(*_both(hw, wl, mode, mixing))


@pytest.mark.parametrize("streams", [3, 5])
def test_engines_agree_when_several_streams_wait_for_the_mix(streams):
    # with more than two incoming streams several frames wait for the same mix and wake in order
    wl = replace(E.workload("locate", 15, "distributed", frames=FRAMES, phases="random"), incoming_streams=streams)
    ref, rep = _both(E.hardware("386"), wl, streams)
    _assert_same(ref, rep)
    assert rep.frames.set_index("chain").loc["receive", "generated"] == streams * FRAMES


def test_engines_agree_on_a_long_heavy_run():
    # the chapter's heaviest configuration, 2000 frames: the i750 booked ~100 %, the stages queue
    wl = E.workload("locate", 30, "distributed", frames=2000, warmup_frames=200, phases="random")
    _assert_same(*_both(E.hardware("386"), wl, "long"))


@pytest.mark.parametrize("mode", E.MODES)
def test_compiled_engine_conserves_flow(mode):
    wl = E.workload(mode, 30, "distributed", frames=600, phases="random")
    rep = ps2.simulate(E.hardware("386"), wl, rng=rng("test", "ps2-engines", "flow", mode))
    st_ = rep.stations.set_index("station")
    assert (st_["departures"] + st_["in_system"] == st_["arrivals"]).all()
    assert (st_["in_system"] == 0).all(), st_
    assert (rep.frames["generated"] == rep.frames["completed"]).all()
    assert (st_["utilization"] <= 1 + 1e-12).all() and (st_["busy"] >= 0).all()
    # every video frame visits the ring once, and the file transfer sends one packet per disk read:
    # one per frame in Locate mode, one per block in Move mode (pipelined by block)
    n_file = int(np.floor(wl.horizon * wl.file_frame_rate))
    assert st_.loc["ring", "arrivals"] == 3 * wl.frames + st_.loc["disk", "arrivals"]
    assert (st_.loc["disk", "arrivals"] == n_file) == (mode == "locate")


@pytest.mark.parametrize("file_transfer", ["pipelined", "serial"])
@pytest.mark.parametrize("phases", ["aligned", "random"])
def test_engines_agree_on_both_move_file_transfers(file_transfer, phases):
    wl = E.workload("move", 30, "distributed", frames=FRAMES, phases=phases, move_file_transfer=file_transfer)
    _assert_same(*_both(E.hardware("386"), wl, file_transfer, phases))


def test_engine_is_checked():
    wl = E.workload("move", 30, frames=10)
    with pytest.raises(ValueError, match="engine"):
        ps2.simulate(E.hardware("486"), wl, rng=rng("test", "ps2-engines"), engine="numba")


@settings(max_examples=25, deadline=None)
@given(system=st.sampled_from(E.SYSTEMS), mode=st.sampled_from(E.MODES), frame_rate=st.floats(4.0, 40.0),
       outgoing=st.booleans(), streams=st.integers(0, 3), file_transfer=st.booleans(),
       phases=st.sampled_from(["aligned", "random"]), frames=st.integers(2, 40), seed=st.integers(0, 2**16))
def test_engines_agree_on_any_workload(system, mode, frame_rate, outgoing, streams, file_transfer, phases, frames,
                                       seed):
    if not (outgoing or streams or file_transfer):
        streams = 1
    wl = ps2.Workload(mode=mode, frame_rate=frame_rate, outgoing=outgoing, incoming_streams=streams,
                      file_transfer=file_transfer, phases=phases, frames=frames)
    _assert_same(*_both(E.hardware(system), wl, seed))


@pytest.mark.parametrize("i750, hold, infinite", [("priority", 1.0, ()), ("priority", 0.5, ()), ("fcfs", 0.0, ()),
                                                  ("fcfs", 1.0, ("i750",)), ("priority", 1.0, ("i750", "ring")),
                                                  ("fcfs", 1.0, ("disk", "host", "video-adapter"))])
@pytest.mark.parametrize("mode", E.MODES)
def test_engines_agree_on_the_i750_and_stage_readings_and_ablations(mode, i750, hold, infinite):
    wl = E.workload(mode, 30, "distributed", frames=FRAMES, phases="random", i750=i750, decompress_hold=hold,
                    infinite_servers=infinite)
    _assert_same(*_both(E.hardware("386"), wl, mode, i750, str(hold), *infinite))
