"""Properties of the PS/2 video-conferencing model (mmperf.hosts.ps2)."""

import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mmperf.experiments import huynh1994 as E
from mmperf.hosts import ps2_laws
from mmperf.hosts.ps2 import COMPONENTS, Hardware, Workload, simulate, stage_wait_bound
from mmperf.seeds import rng

FRAMES = 120


def _run(system="386", mode="locate", f=30, mixing="distributed", seed=0, **kw):
    hw = E.hardware(system)
    wl = E.workload(mode, f, mixing, frames=FRAMES, **kw)
    return hw, wl, simulate(hw, wl, rng=rng("huynh1994", "test-ps2", seed))


@pytest.fixture(scope="module")
def locate386():
    return _run()


@pytest.fixture(scope="module")
def move386():
    return _run(mode="move")


@pytest.mark.parametrize("fixture", ["locate386", "move386"])
def test_flow_conservation_per_station(fixture, request):
    _, wl, rep = request.getfixturevalue(fixture)
    st = rep.stations.set_index("station")
    assert (st["in_system"] == 0).all(), st
    assert (st["arrivals"] > 0).loc[["channel", "ring", "disk"]].all()
    # every frame generated was completed
    assert (rep.frames["generated"] == rep.frames["completed"]).all()
    fr = rep.frames.set_index("chain")["generated"]
    assert fr["send"] == wl.frames and fr["receive"] == 2 * wl.frames
    assert fr["file"] == math.floor(wl.horizon * wl.file_frame_rate)


def test_ring_and_channel_follow_the_utilization_law(locate386, move386):
    # utilization = arrival rate x service demand, from the realised packets
    for hw, wl, rep in (locate386, move386):
        st = rep.stations.set_index("station")
        # packets: one per video frame, one per file frame (Locate) or per disk block (Move, pipelined)
        packets = st.loc["ring", "arrivals"]
        frames = 3 * wl.frames + math.floor(wl.horizon * wl.file_frame_rate)
        assert packets == 3 * wl.frames + st.loc["disk", "arrivals"]
        expect = (frames * wl.mean_frame_bytes + packets * hw.ring_frame_overhead_bytes) / wl.horizon * 8 / hw.ring_bit_rate
        assert st.loc["ring", "utilization"] == pytest.approx(expect, rel=0.15)
        # the channel: two transfers per packet in Locate mode, one in Move mode
        transfers = st.loc["channel", "arrivals"]
        per_frame = 2 if wl.mode == "locate" else 1
        assert transfers == per_frame * packets
        expect = per_frame * (frames * wl.mean_frame_bytes + packets * hw.control_block_bytes) / wl.horizon / hw.channel_rate
        assert st.loc["channel", "utilization"] == pytest.approx(expect, rel=0.15)


def test_host_utilization_is_demand_over_rate(locate386):
    # utilization law on the Locate-mode host: mean instructions per second / instruction rate
    hw, wl, rep = locate386
    host = rep.stations.set_index("station").loc["host"]
    n_req = ps2_laws.mean_requests_per_frame(wl.mean_frame_bytes, hw.disk_request_bytes)
    demand = (wl.frame_rate * 3 * (wl.vc_instructions + wl.network_instructions)
              + wl.file_frame_rate * (n_req * wl.file_system_instructions + wl.network_instructions))
    assert host["utilization"] == pytest.approx(demand / hw.host_instructions_per_s, rel=0.05)
    # and the split by workload adds up
    assert rep.host_by_workload["utilization"].sum() == pytest.approx(host["utilization"])


def test_move_mode_leaves_host_and_memory_idle(move386):
    hw, wl, rep = move386
    st = rep.stations.set_index("station")
    start = 4 * wl.stream_start_instructions / hw.host_instructions_per_s
    assert st.loc["host", "busy"] == pytest.approx(start)
    assert st.loc["memory", "utilization"] < 1e-3


def test_compression_stage_queues_only_when_the_i750_has_no_dead_time():
    # central mixing: the i750 books 75 % of its cycles at 30 frames/s, frames are captured exactly
    # at the frame rate, so every frame spends exactly one frame time in the compression stage
    hw, wl, rep = _run(mixing="central")
    d = rep.delays.set_index(["chain", "component"])
    assert d.loc[("send", "compress/decompress"), "mean"] == pytest.approx(1 / wl.frame_rate)
    # decompression sees irregular arrivals: never less than a frame time, on average more
    assert d.loc[("receive", "compress/decompress"), "min"] >= 1 / wl.frame_rate - 1e-12
    assert d.loc[("receive", "compress/decompress"), "mean"] > 1 / wl.frame_rate
    # fully distributed mixing adds 8.33 ms of mixing: the one i750 is booked 99.96 %, so it has
    # no dead time to absorb a late frame and the compression stage can queue. Whether it does in
    # 120 frames depends on the draws (about one run in five), so judge it over 40 seeds: never
    # less than a frame time, and queueing in some run
    means = []
    for seed in range(40):
        hw, wl, rep = _run(seed=seed)
        d = rep.delays.set_index(["chain", "component"])
        means.append(d.loc[("send", "compress/decompress"), "mean"])
    assert min(means) >= 1 / wl.frame_rate - 1e-12
    assert max(means) > 1.05 / wl.frame_rate


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0.0, 0.5), min_size=1, max_size=60), st.floats(0.01, 1.0))
def test_stage_closed_form_is_the_fcfs_recursion(offsets, frame_time):
    # D_k = max(a_k, D_{k-1}) + T, the stage's departure recursion, against the closed form
    a = np.array([k * frame_time + d * frame_time for k, d in enumerate(offsets)])
    departure, sojourn = -math.inf, []
    for t in a:
        departure = max(t, departure) + frame_time
        sojourn.append(departure - t)
    assert np.allclose(stage_wait_bound(a, frame_time), sojourn, rtol=0, atol=1e-9 * frame_time)


def test_stage_closed_form_rejects_bad_input():
    with pytest.raises(ValueError, match="frame_time"):
        stage_wait_bound([0.0, 1.0], float("nan"))
    with pytest.raises(ValueError, match="arrivals"):
        stage_wait_bound([0.0, float("inf")], 1.0)


def test_warmup_cut_leaves_the_first_frames_out_of_the_delays():
    _, _, full = _run(mixing="central", phases="aligned")
    _, _, cut = _run(mixing="central", phases="aligned", warmup_frames=60)
    # utilizations cover the whole horizon either way; the delay means do not
    assert full.stations.equals(cut.stations)
    assert not np.allclose(full.delays["mean"], cut.delays["mean"])
    with pytest.raises(ValueError, match="warmup_frames"):
        E.workload("locate", 30, frames=FRAMES, warmup_frames=FRAMES)


def test_components_add_up_to_total(locate386, move386):
    for _, _, rep in (locate386, move386):
        d = rep.delays.pivot(index="chain", columns="component", values="mean")
        assert np.allclose(d[list(COMPONENTS)].sum(axis=1), d["total"])


def test_same_seed_same_result_different_seed_different():
    a = _run(seed=3)[2]
    b = _run(seed=3)[2]
    c = _run(seed=4)[2]
    assert a.delays.equals(b.delays) and a.stations.equals(b.stations)
    assert not np.allclose(a.delays["mean"], c.delays["mean"])


def test_replications_are_independent():
    # every replication draws its own stream: no two replications give the same receive delay
    p = E.Params(frames=60, sweep_frames=20, replications=6, run_lengths=(20, 40))
    d = E.run(p, seed=4).table("delays")
    x = d[(d.system == "386") & (d["mode"] == "locate") & (d.mixing == "central") & (d.frame_rate == 30)
          & (d.chain == "receive") & (d.component == "total")]["mean"].to_numpy()
    assert len(x) == 6 and len(np.unique(x)) == 6


def _assert_same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for k in a:
        if isinstance(a[k], dict):
            _assert_same(a[k], b[k])
        elif hasattr(a[k], "equals"):
            assert a[k].equals(b[k]), k  # bit-identical values, same order and dtypes
        else:
            assert a[k] == b[k]


def test_results_do_not_depend_on_workers():
    # replications carry their own random streams: a process pool gives bit-identical results
    p = E.Params(frames=24, sweep_frames=20, replications=2, run_lengths=(20, 24))
    one, two = E.run(p, seed=5, workers=1), E.run(p, seed=5, workers=2)
    assert one.tables.keys() == two.tables.keys()
    for name in one.tables:
        assert one.table(name).equals(two.table(name)), name  # bit-identical values, same order and dtypes
    assert len(one.table("stations").groupby(E.CONFIG)) == 24
    other = E.run(p, seed=6)
    assert not one.table("delays")["mean"].equals(other.table("delays")["mean"])


def test_warmup_table_pairs_the_same_replications():
    # the run-length experiment at the grid's length and the uncut run share their draws: with the
    # cut set to zero they are the same replications
    p = E.Params(frames=24, sweep_frames=20, replications=2, run_lengths=(20, 24), warmup_share=0.0)
    w = E.run(p, seed=2).table("warmup").set_index(["chain", "component", "warmup"])["mean"]
    assert np.allclose(w.xs("none", level="warmup"), w.xs("cut", level="warmup"))


def test_params_are_checked():
    for bad in (dict(frames=10), dict(replications=1), dict(phases="in phase"), dict(warmup_share=float("nan")),
                dict(warmup_share=0.5), dict(run_lengths=(100,)), dict(host_path_lengths=(2e4, 1e4))):
        with pytest.raises(ValueError, match=next(iter(bad))):
            E.Params(**bad)
    with pytest.raises(TypeError, match="params"):
        E.run(object(), seed=1)


def test_calibration_reproduces_its_targets():
    cal = E.calibrate()
    hw = E.hardware("386")
    n_req = ps2_laws.mean_requests_per_frame(8192, 4096)
    demand60 = 30 * 3 * (60_000 + 5_000) + 30 * (n_req * 5_000 + 5_000)
    assert demand60 / hw.host_instructions_per_s == pytest.approx(1.0)
    disk = 30 * (n_req * cal["disk_request_overhead"] + 8192 / hw.disk_media_rate)
    assert disk == pytest.approx(0.24)
    assert E.hardware("486").host_instructions_per_s == pytest.approx(4 * hw.host_instructions_per_s)


@pytest.mark.parametrize(
    "call,match",
    [
        (lambda: E.hardware("286"), "system"),
        (lambda: E.hardware("386", warp=1), "unknown Hardware fields"),
        (lambda: E.workload("peer", 30), "mode"),
        (lambda: E.workload("move", 30, "hierarchical"), "mixing"),
        (lambda: E.workload("move", 0), "frame_rate"),
        (lambda: E.workload("move", 30, frames=1), "frames"),
        (lambda: E.workload("move", 30, vc_instructions=-5), "vc_instructions"),
        (lambda: Workload(mode="move", frame_rate=30, outgoing=False, incoming_streams=0, file_transfer=False), "at least one"),
        (lambda: Workload(mode="move", frame_rate=30, phases="sometimes"), "phases"),
        (lambda: replace(E.hardware("386"), channel_rate=0), "channel_rate"),
        (lambda: replace(E.hardware("386"), memory_burst_factor=2), "memory_burst_factor"),
        (lambda: replace(E.hardware("386"), host_clock_hz="fast"), "host_clock_hz"),
        (lambda: simulate(E.hardware("386"), "30 fps", rng=rng("x")), "workload"),
        (lambda: simulate(E.hardware("386"), E.workload("move", 30), rng=1), "rng"),
        (lambda: E.run(E.Params(), seed=1, workers=0), "workers"),
        (lambda: E.run(E.Params(), seed=1, workers=1.5), "workers"),
        (lambda: E.run(E.Params(), seed=float("nan")), "seed"),
    ],
)
def test_bad_parameters_raise_clear_errors(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()


def _file_alone(hw, wl, size):
    """Move mode, the file transfer alone, every frame ``size`` bytes, one frame per 100 ms (no
    frame waits for another): the mean file-transfer delay [s] from the compiled engine."""
    from mmperf.hosts import _ps2_core
    n = int(wl.horizon * wl.file_frame_rate)
    raw = _ps2_core.run_model(hw, wl, np.empty(0), np.empty((0, wl.frames)), np.full(n, float(size)),
                              np.zeros(1))
    rec = raw["records"]["file"]
    assert rec.shape[0] == n and np.isfinite(rec[:, -2]).all()
    np.testing.assert_allclose(rec[:, :-2].sum(axis=1), rec[:, -2], rtol=1e-9)
    return float(rec[:, -2].mean())


@pytest.mark.parametrize("system", ["386", "486"])
def test_move_file_transfer_pipelined_takes_the_larger_stage(system):
    # 16 kB frames: four 4-kB blocks. Serial: disk, then channel, then ring. Pipelined by block:
    # the ring sends block b while the disk reads block b + 1, so the transfer takes the disk's
    # time plus the last block's channel and ring time, near the larger stage, not the sum.
    hw = E.hardware(system)
    size, blocks = 16 * 1024, 4
    block = size / blocks
    scb = (blocks + 1) * hw.adapter_scb_instructions / hw.adapter_instructions_per_s  # the two 80C186s
    disk = blocks * (hw.disk_request_overhead + block / hw.disk_media_rate)
    channel = lambda b: (b + hw.control_block_bytes) / hw.channel_rate  # noqa: E731
    ring = lambda b: 8 * (b + hw.ring_frame_overhead_bytes) / hw.ring_bit_rate  # noqa: E731
    assert disk > blocks * (channel(block) + ring(block))  # the disk is the slower stage here
    kw = dict(outgoing=False, incoming_streams=0, file_transfer=True, file_frame_rate=10.0, frames=20)
    serial = _file_alone(hw, Workload(mode="move", frame_rate=10, move_file_transfer="serial", **kw), size)
    piped = _file_alone(hw, Workload(mode="move", frame_rate=10, **kw), size)
    assert serial == pytest.approx(scb + disk + channel(size) + ring(size), rel=1e-9)
    assert piped == pytest.approx(scb + disk + channel(block) + ring(block), rel=1e-9)
    larger = max(disk, blocks * (channel(block) + ring(block)))
    assert larger + scb < piped <= larger + scb + (channel(block) + ring(block)) + 1e-12
    assert piped < serial - 0.5 * min(disk, ring(size))


def test_move_file_transfer_pipelined_when_the_ring_is_slower():
    # a fast disk: the ring is the larger stage and the pipelined transfer takes the ring's time plus
    # the first block's read
    hw = replace(E.hardware("386"), disk_media_rate=40e6, disk_request_overhead=1e-4)
    size, blocks = 16 * 1024, 4
    block = size / blocks
    scb = (blocks + 1) * hw.adapter_scb_instructions / hw.adapter_instructions_per_s
    read = hw.disk_request_overhead + block / hw.disk_media_rate
    hop = (block + hw.control_block_bytes) / hw.channel_rate + 8 * (block + hw.ring_frame_overhead_bytes) / hw.ring_bit_rate
    assert hop > read
    kw = dict(outgoing=False, incoming_streams=0, file_transfer=True, file_frame_rate=10.0, frames=20)
    piped = _file_alone(hw, Workload(mode="move", frame_rate=10, **kw), size)
    assert piped == pytest.approx(scb + read + blocks * hop, rel=1e-9)


def test_move_file_transfer_is_checked():
    with pytest.raises(ValueError, match="move_file_transfer"):
        Workload(mode="move", frame_rate=30, move_file_transfer="parallel")


@settings(max_examples=60, deadline=None)
@given(start=st.floats(0, 5), work=st.floats(0, 3), phase=st.floats(0, 1), busy=st.floats(0, 0.9), n=st.integers(0, 8))
def test_preempted_end_leaves_exactly_the_work_outside_the_busy_intervals(start, work, phase, busy, n):
    from mmperf.hosts._ps2_core import preempted_end
    end = preempted_end(start, work, phase, 1.0, busy, n)
    # the free time in [start, end] is the work: integrate on the intervals' own grid
    taken = sum(max(0.0, min(end, phase + k + busy) - max(start, phase + k)) for k in range(n))
    assert end - start - taken == pytest.approx(work, abs=1e-9)
    assert end >= start + work - 1e-12
    if work > 0:  # the job ends in free time, not inside a busy interval
        assert not any(phase + k < end - 1e-9 < end <= phase + k + busy - 1e-9 for k in range(n))


def test_priority_i750_removes_the_compression_queue_and_keeps_the_i750_work():
    fcfs = _run(f=30, mixing="distributed", phases="random")
    prio = _run(f=30, mixing="distributed", phases="random", i750="priority")
    send = lambda rep: rep[2].delays.set_index(["chain", "component"]).loc[("send", "compress/decompress")]  # noqa: E731
    assert send(prio)["mean"] == pytest.approx(1 / 30, rel=1e-9)  # no compression frame waits
    assert send(fcfs)["mean"] > 1 / 30 * 1.02
    u = [r[2].stations.set_index("station").loc["i750", "busy"] for r in (fcfs, prio)]
    assert u[1] == pytest.approx(u[0], rel=1e-3)  # the same work, in another order
    with pytest.raises(ValueError, match="fits in a frame time"):
        simulate(replace(E.hardware("386"), compress_work=0.05), E.workload("move", 30, i750="priority", frames=20),
                 rng=rng("huynh1994", "test-ps2"))


def test_decompression_stage_has_dead_time_once_it_is_not_clocked_at_the_frame_rate():
    book = _run(f=30, mixing="central", phases="random")
    half = _run(f=30, mixing="central", phases="random", decompress_hold=0.5)
    util = lambda rep: rep[2].stations.set_index("station").loc["decompress-stage", "utilization"]  # noqa: E731
    assert util(book) == pytest.approx(1.0, abs=0.05)  # one frame time per frame (less the run's edges)
    # max(T/2, end of the i750's work) per frame: the work waits behind compressions at times
    assert 0.5 <= util(half) / util(book) < 0.6
    d = half[2].delays.set_index(["chain", "component"]).loc[("receive", "compress/decompress"), "min"]
    assert d == pytest.approx(0.5 / 30, rel=1e-9)


def test_infinite_servers_remove_the_queue_not_the_work():
    base = _run(mode="locate")
    inf = _run(mode="locate", infinite_servers=("ring", "disk"))
    for st_name in ("ring", "disk"):
        b, i = (r[2].stations.set_index("station").loc[st_name, "busy"] for r in (base, inf))
        assert i == pytest.approx(b, rel=1e-9)
    with pytest.raises(ValueError, match="infinite_servers"):
        Workload(mode="move", frame_rate=30, infinite_servers=("channel",))


def test_steady_state_exists_once_the_decompression_stage_has_dead_time():
    book = E.Params(steady_frames=8000)
    rows = lambda p: E.steady_state(p, seed=5).set_index(["system", "mode", "mixing", "chain", "component"])  # noqa: E731
    b, h = rows(book), rows(book.with_(decompress_hold=0.5))
    key = ("386", "move", "central", "receive", "compress/decompress")
    assert b.loc[key, "stage_utilization"] == pytest.approx(1.0, abs=1e-3)  # clocked at the frame rate: busy 100 %
    assert h.loc[key, "stage_utilization"] < 0.7 and bool(h.loc[key, "steady"])
    # without a steady state the delay grows with the run: the long run's mean lies above the 2000-frame window
    locate = ("386", "locate", "distributed", "receive", "compress/decompress")
    assert not bool(b.loc[locate, "steady"]) and b.loc[locate, "mean"] > b.loc[locate, "window"]
