"""RTP, TCP, SCTP and CMT-SCTP: conservation, reliability, ordering, paths, bad configurations."""

from dataclasses import replace

import numpy as np
import pytest

from mmperf.networks.packetsim import Network
from mmperf.transports import rtp, sctp, tcp


def stream(n=6000, rate_mbps=20.0, seed=0):
    """A two-layer packet stream: every 4th packet base, sizes 300-1460 bytes, at ~rate_mbps."""
    rng = np.random.default_rng(seed)
    sizes = rng.integers(300, 1461, n).astype(float)
    gen = np.cumsum(sizes * 8 / (rate_mbps * 1e6))
    layers = (np.arange(n) % 4 != 0).astype(np.int64)
    return gen, sizes, layers


LOSSY = Network(30.0, loss_rate=0.02, loss_start_s=(0.0, 0.0))
LOSSY1 = Network(30.0, loss_rate=0.02, loss_start_s=(0.0, 1e9))  # losses on link 1 only

RUNS = {
    "rtp": lambda g, s, l, net: rtp.run(g, s, l, net, rtp.RtpConfig((0, 1)), seed=1),
    "tcp": lambda g, s, l, net: tcp.run(g, s, net, seed=1),
    "sctp": lambda g, s, l, net: sctp.run(g, s, l, net, sctp.SctpConfig(), seed=1),
    "sctp-single": lambda g, s, l, net: sctp.run(g, s, l, net, sctp.SctpConfig(multi_stream=False), seed=1),
    "sctp-unrel": lambda g, s, l, net: sctp.run(
        g, s, l, net, sctp.SctpConfig(reliability=("unreliable", "unreliable")), seed=1),
    "sctp-mixed": lambda g, s, l, net: sctp.run(
        g, s, l, net, sctp.SctpConfig(reliability=("reliable", "unreliable")), seed=1),
    "cmt": lambda g, s, l, net: sctp.run(g, s, l, net, sctp.SctpConfig(cmt=True), seed=1),
    "cmt-unrel": lambda g, s, l, net: sctp.run(
        g, s, l, net, sctp.SctpConfig(cmt=True, reliability=("unreliable", "unreliable")), seed=1),
}


@pytest.fixture(scope="module")
def results():
    g, s, l = stream()
    return {k: f(g, s, l, LOSSY) for k, f in RUNS.items()}, (g, s, l)


@pytest.mark.parametrize("name", list(RUNS))
def test_packet_conservation_per_link(results, name):
    r = results[0][name]
    lc = r.link_counters
    assert (lc["offered"] == lc["queue_drops"] + lc["error_drops"] + lc["arrived"] + lc["in_flight"]).all()
    # every transmission is one offer to a link
    assert lc["offered"].sum() == r.transmissions.sum()


@pytest.mark.parametrize("name", list(RUNS))
def test_packet_conservation_per_transport(results, name):
    r = results[0][name]
    n = r.gen_time.size
    delivered = r.delivered.sum()
    lost = ((~r.delivered) & (r.abandoned | (r.transmissions >= 1))).sum()
    assert delivered + lost == n  # everything sent was delivered or given up
    assert not (r.delivered & r.abandoned).any()
    assert (r.delay() >= 0.005).all()  # at least the propagation delay


@pytest.mark.parametrize("name", ["tcp", "sctp", "sctp-single", "cmt"])
def test_reliable_transports_deliver_every_byte_under_loss(results, name):
    r = results[0][name]
    assert r.link_counters["error_drops"].sum() > 50  # there were losses to repair
    assert r.delivered.all()
    assert (r.transmissions > 1).sum() >= r.link_counters["error_drops"].sum() * 0.9


@pytest.mark.parametrize("name,streams", [("tcp", 1), ("sctp-single", 1), ("sctp", 2), ("cmt", 2),
                                          ("sctp-unrel", 2), ("sctp-mixed", 2)])
def test_in_order_delivery_per_stream(results, name, streams):
    r = results[0][name]
    layers = results[1][2]
    for s in range(streams):
        sel = np.flatnonzero((layers == s) if streams == 2 else np.ones_like(layers, bool))
        d = r.deliver_time[sel]
        d = d[d >= 0]
        assert (np.diff(d) >= 0).all()


def test_multi_streaming_removes_cross_layer_blocking(results):
    """With one stream a late base packet holds back later enhancement packets; with two it does not."""
    g, s, l = results[1]
    one, two = results[0]["sctp-single"], results[0]["sctp"]
    assert two.delay()[l[two.delivered] == 1].mean() <= one.delay()[l[one.delivered] == 1].mean()


def test_pr_sctp_abandons_only_unreliable_chunks_after_one_retransmission():
    g, s, layers = stream()
    net = Network(30.0, loss_rate=0.1, loss_start_s=(0.0, 0.0))
    mixed = sctp.run(g, s, layers, net, sctp.SctpConfig(reliability=("reliable", "unreliable")), seed=5)
    unrel = sctp.run(g, s, layers, net, sctp.SctpConfig(reliability=("unreliable", "unreliable")), seed=5)
    assert unrel.abandoned.sum() > 10 and mixed.abandoned.sum() > 10
    assert not mixed.abandoned[layers == 0].any() and mixed.delivered[layers == 0].all()
    for r in (mixed, unrel):
        assert (r.transmissions[r.abandoned] == 2).all()
        assert (r.transmissions[layers == 1] <= 2).all()
        assert (r.delivered | r.abandoned).all()


def test_sctp_retransmits_on_the_alternate_path():
    g, s, l = stream()
    r = sctp.run(g, s, l, LOSSY1, sctp.SctpConfig(), seed=2)
    lc = r.link_counters.set_index("link")
    rtx = int((r.transmissions - 1).sum())
    assert lc.loc[1, "offered"] >= len(g)  # all new data on the primary path
    assert 0 < lc.loc[2, "offered"] <= rtx  # the second path carries only retransmissions
    assert r.delivered.all()


def test_cmt_uses_both_paths(results):
    lc = results[0]["cmt"].link_counters
    share = lc["offered"] / lc["offered"].sum()
    assert share.min() > 0.3


def test_rtp_sends_once_and_loses(results):
    r = results[0]["rtp"]
    assert (r.transmissions == 1).all()
    assert r.delivered.sum() == r.link_counters["arrived"].sum()
    assert 0.95 < r.delivered.mean() < 0.995


def test_ns2_defect_starves_the_receiver():
    g, s, l = stream(n=20000)
    net = Network(30.0, loss_rate=0.05, loss_start_s=(0.0, 0.0))
    cfg = sctp.SctpConfig(reliability=("unreliable", "unreliable"))
    spec = sctp.run(g, s, l, net, cfg, seed=3, t_end=60)
    bad = sctp.run(g, s, l, net, sctp.SctpConfig(reliability=("unreliable", "unreliable"), ns2_rwnd_defect=True),
                   seed=3, t_end=60)
    assert (spec.delivered | spec.abandoned).all()
    assert bad.receiver_window_drops > 0
    assert bad.delivered.mean() < 0.9 and bad.deliver_time.max() < g[-1]


def test_bad_configurations_raise_clear_errors():
    with pytest.raises(ValueError, match="one stream"):
        sctp.SctpConfig(multi_stream=False, reliability=("reliable", "unreliable"))
    with pytest.raises(ValueError, match="reliability"):
        sctp.SctpConfig(reliability=("reliable", "sometimes"))
    with pytest.raises(ValueError, match="rtx_limit"):
        sctp.SctpConfig(rtx_limit=-1)
    with pytest.raises(ValueError, match="rto"):
        sctp.SctpConfig(rto_min=5.0)
    with pytest.raises(ValueError, match="layer_paths"):
        rtp.RtpConfig(layer_paths=(0, 2))
    with pytest.raises(ValueError, match="receive_buffer"):
        tcp.TcpConfig(receive_buffer=10)
    g, s, l = stream(n=10)
    with pytest.raises(TypeError, match="SctpConfig"):
        sctp.run(g, s, l, LOSSY, tcp.TcpConfig())
    with pytest.raises(TypeError, match="Network"):
        tcp.run(g, s, "30 Mb/s")
    with pytest.raises(ValueError, match="layers"):
        rtp.run(g, s, l + 5, LOSSY)
    with pytest.raises(ValueError, match="sizes"):
        tcp.run(g, -s, LOSSY)


@pytest.mark.parametrize("run", [
    lambda g, s, l, net, t: sctp.run(g, s, l, net, sctp.SctpConfig(), seed=3, t_end=t),
    lambda g, s, l, net, t: tcp.run(g, s, net, seed=3, t_end=t),
], ids=["sctp", "tcp"])
def test_a_run_cut_at_t_end_keeps_its_books(run):
    """Stopping at t_end while packets are on the wire: the packet whose arrival lies beyond
    t_end is counted in flight, not lost from the books (a popped event was once dropped)."""
    g, s, l = stream(n=3000)
    for t_end in np.linspace(0.05, 0.6, 12):  # cuts at many points of the schedule
        res = run(g, s, l, LOSSY, float(t_end))  # TransportResult.check() raises on a broken law
        c = res.link_counters
        assert (c["offered"] == c["queue_drops"] + c["error_drops"] + c["arrived"] + c["in_flight"]).all()
        assert c["in_flight"].sum() >= 0


@pytest.mark.parametrize("bandwidth,root", [(45, 20261123), (45, 20261124), (60, 20261121), (60, 20261128)])
def test_tcp_retransmits_the_earliest_lost_segment_first_and_never_stalls(bandwidth, root):
    """On the Ortiz schedule at 1 % loss these seeds stalled TCP for 8-10 minutes (max delay 488-605 s)
    while the earliest lost segment waited behind later ones in the retransmission queue with its
    timer backing off to 60 s; retransmitting the earliest first (RFC 6298 sec. 5.4) bounds the delay
    by the backlog the losses cause (under 40 s at every judging seed)."""
    from mmperf.experiments.ortiz2013 import model as m

    params = m.Params()
    run = m.run_one(m.prepare_video(params), "TCP", bandwidth, 1e-2, params, seed=root)
    delay = run.result.delay()
    assert np.isfinite(delay).all() and run.result.delivered.all()
    assert float(np.max(delay)) < 60.0


# --- #18 defects 3-5: SCTP and CMT-SCTP on the Ortiz schedule (60 Mb/s, 1 % loss, the book's seed), read
# from the sender's trace

@pytest.fixture(scope="module")
def ortiz_traces():
    """The sender's trace of SCTPReliable and CMTMultiReliable on the issue's cell (60 Mb/s, 1e-2)."""
    from mmperf.experiments.ortiz2013 import model as m
    from mmperf.seeds import DEFAULT_ROOT_SEED

    params = m.Params()
    video = m.prepare_video(params)
    return {s: m.run_one(video, s, 60, 1e-2, params, seed=DEFAULT_ROOT_SEED, trace_events=2_000_000).result
            for s in ("SCTPReliable", "CMTMultiReliable")}


@pytest.mark.parametrize("strategy", ["SCTPReliable", "CMTMultiReliable"])
def test_a_chunk_is_fast_retransmitted_at_most_once(ortiz_traces, strategy):
    """RFC 4960 sec. 7.2.4 step 5: a fast-retransmitted chunk is ineligible for a subsequent fast
    retransmit (ns-2 sctp.cc: eIneligibleForFastRtx); if it is lost again the T3 timer recovers it.
    The old engine fast-retransmitted 11 (SCTP) and 6 (CMT) chunks twice on this cell."""
    r = ortiz_traces[strategy]
    tr = r.trace
    fast = tr[(tr.event == "send") & (tr.value == 1)]
    assert len(fast) > 300  # fast retransmit repaired many losses
    assert fast.tsn.value_counts().max() == 1
    assert r.delivered.all()


@pytest.mark.parametrize("strategy", ["SCTPReliable", "CMTMultiReliable"])
def test_t3_restarts_only_when_the_earliest_outstanding_chunk_is_acknowledged(ortiz_traces, strategy):
    """RFC 4960 sec. 6.3.2 R3: a SACK restarts a path's T3 timer only if it acknowledges the earliest
    outstanding chunk sent on that path. The old engine restarted it on any SACK that acknowledged
    something on the path (3,902 of its restarts on this SCTP cell, 10,835 with CMT), so a lost
    retransmission waited while later chunks were acknowledged."""
    tr = ortiz_traces[strategy].trace
    restarts = tr[tr.event == "t3_restart"]
    assert len(restarts) > 10_000
    assert (restarts.value == 1).all()


def test_an_idle_secondary_path_is_heartbeaten_and_its_rto_measured(ortiz_traces):
    """RFC 4960 sec. 8.3: an idle path (no new data, whose RTT data cannot measure) gets a HEARTBEAT
    every HB.interval + RTO, and its HEARTBEAT-ACK updates the path's RTO (ns-2 sctp.cc
    ProcessHeartbeatAckChunk). With SCTP the second path carries only retransmissions, which Karn's
    rule never measures: on the old engine its RTO stayed 3 s and doubled with every expiry."""
    r = ortiz_traces["SCTPReliable"]
    tr = r.trace
    hb = tr[tr.event == "rtt_heartbeat"]
    assert not hb.empty, "no heartbeat measured the idle path"
    assert (hb.path == 1).all()  # the primary always has new data: never idle
    cfg = sctp.SctpConfig()
    # the first at HB.interval + the initial RTO, then one every HB.interval + the measured RTO
    assert hb.time.iloc[0] == pytest.approx(cfg.hb_interval + cfg.rto_init, abs=0.05)
    assert len(hb) >= int((r.gen_time[-1] - hb.time.iloc[0]) / (cfg.hb_interval + 2 * cfg.rto_min))
    # an RTT of about 10 ms: the RTO is rto_min
    assert np.allclose(hb.value, cfg.rto_min)
    # after the first heartbeat the second path's timer runs with its measured RTO (doubled by consecutive
    # expiries), never with the unmeasured 3 s or more
    t3 = tr[(tr.event == "t3_expiry") & (tr.path == 1) & (tr.time > hb.time.iloc[0])]
    assert len(t3) > 0 and t3.value.median() < cfg.rto_init


def test_a_t3_timer_expires_when_it_was_last_set_to():
    """A T3 timer restarted with an RTO shorter than the one it was started with expires at its new time.
    The old engine kept one heap event per path and moved it only later, so after an RTT measurement
    shrank the RTO from 2 s to 1 s its timers fired up to a second late (here every 2 s instead of 1 s
    while the primary repaired losses of its own retransmissions). The trace's ``timer`` column holds
    each path's expiry after every event."""
    g, s, l = stream(n=20000)
    net = Network(30.0, loss_rate=0.05, loss_start_s=(0.0, 0.0))
    cfg = sctp.SctpConfig(reliability=("unreliable", "unreliable"))
    tr = sctp.run(g, s, l, net, cfg, seed=3, t_end=60, trace_events=200_000).trace
    for q in (0, 1):
        tq = tr[tr.path == q]
        expiry = (tq.event == "t3_expiry").to_numpy()
        assert expiry.sum() >= 2
        set_to = tq.timer.shift(1).to_numpy()  # the expiry the path's timer was set to before it fired
        np.testing.assert_array_equal(tq.time.to_numpy()[expiry], set_to[expiry])


def test_a_run_that_overflows_the_small_event_queues_is_run_again_with_larger_ones(monkeypatch):
    from mmperf.transports import _engine

    g, s, l = stream(3000)
    net = Network(30.0, delay_s=0.2, loss_rate=0.02, loss_start_s=(0.0, 0.0))  # hundreds of packets on the wire
    run = lambda: sctp.run(g, s, l, net, sctp.SctpConfig(cmt=True), seed=1)  # noqa: E731
    monkeypatch.setattr(_engine, "FIFO_CAPS", (1 << 18,))
    big = run()
    monkeypatch.setattr(_engine, "FIFO_CAPS", (16, 1 << 18))
    retried = run()
    assert np.array_equal(big.deliver_time, retried.deliver_time) and np.array_equal(big.link_stats, retried.link_stats)
    monkeypatch.setattr(_engine, "FIFO_CAPS", (16,))
    with pytest.raises(RuntimeError, match="FIFO event queue overflow"):
        run()


# ---- CMT's delayed-ack rule (DAC): how a SACK's miss indications are counted ----

class _SlowSecondPath(Network):
    """The two links with path 2's one-way delay 20 ms instead of 5 ms (data of the two paths then reach
    the receiver far out of TSN order)."""

    def arrays(self):
        rate, delay, qlim, per, start = super().arrays()
        delay = delay.copy()
        delay[1] = 0.020
        return rate, delay, qlim, per, start


def _cmt_run(net, dac_count, *, seed=1, trace=0, rbuf=1 << 26):
    """CMT-SCTP (reliable, two streams) on the test stream with the DAC count ``dac_count`` (-1: no DAC),
    through the engine's entry point (a SACK reporting any count can be tried there); a receive buffer
    that never fills (64 MiB) unless ``rbuf`` says otherwise."""
    from mmperf.transports._common import WindowConfig, run_window_transport
    from mmperf.transports._engine import MODE_CMT

    g, s, l = stream()
    cfg = sctp.SctpConfig(cmt=True)
    window = WindowConfig(
        mode=MODE_CMT, n_paths=2, n_streams=2, header=sctp.HEADER_BYTES, mtu=cfg.mtu, rbuf=rbuf,
        init_cwnd=cfg.init_cwnd, rto_init=cfg.rto_init, rto_min=cfg.rto_min, rto_max=cfg.rto_max,
        path_max_retrans=cfg.path_max_retrans, hb_interval=cfg.hb_interval, rtx_limit=cfg.rtx_limit,
        ns2_rwnd_defect=False, dac_count=dac_count)
    return run_window_transport("cmt-sctp", g, s, l, np.zeros(len(g), bool), net, window, seed=seed, bin_s=1.0,
                                t_end=1000.0, max_transmissions=4, trace_events=trace)


def _fast(r):
    tr = r.trace
    return tr[(tr.event == "send") & (tr.value == 1)]


def test_dac_with_a_sack_per_packet_counts_as_without_it():
    """Each SACK reports the one packet that sent it, so DAC adds one miss indication per SACK, as
    without DAC: the configured rule (cmt_dac) gives the very same run, packet for packet."""
    g, s, l = stream()
    for net in (LOSSY, _SlowSecondPath(30.0, loss_rate=0.02, loss_start_s=(0.0, 0.0))):
        off = sctp.run(g, s, l, net, sctp.SctpConfig(cmt=True), seed=1)
        on = sctp.run(g, s, l, net, sctp.SctpConfig(cmt=True, cmt_dac=True), seed=1)
        np.testing.assert_array_equal(on.deliver_time, off.deliver_time)
        np.testing.assert_array_equal(on.transmissions, off.transmissions)
        assert on.link_counters.equals(off.link_counters)
        assert (off.transmissions > 1).sum() > 50  # losses were repaired: the rule had work to do


def test_dac_with_ns2s_count_of_zero_stops_fast_retransmit():
    """ns-2.35's SACK without delayed SACKs reports 0 packets: a missing chunk then gets a miss indication
    only from a SACK that also newly acknowledges a lower TSN of its path. Here each path's SACKs come back
    in the order its packets arrived, so a SACK newly acknowledges only the chunk that sent it (its
    cumulative part was acknowledged by earlier SACKs of the same path) and never acks across a hole: no
    chunk is fast-retransmitted, every loss waits for a T3 timer, while without DAC fast retransmit
    repairs most of them. Unequal path delays change nothing to that."""
    off = _cmt_run(LOSSY, -1, trace=400_000)
    assert len(_fast(off)) > 50
    for net in (LOSSY, _SlowSecondPath(30.0, loss_rate=0.02, loss_start_s=(0.0, 0.0))):
        ns2 = _cmt_run(net, 0, trace=400_000)
        assert len(_fast(ns2)) == 0
        assert (ns2.trace.event == "t3_expiry").sum() > (off.trace.event == "t3_expiry").sum()
        assert ns2.delivered.all()
        assert ns2.receiver_window_drops == 0
    assert off.delivered.all()
    # 1.71 s against 0.89 s (1.63 against 0.37 s before CMT's cwnd update waited for a new pseudo-cumack,
    # which slows the run without DAC more than the one with it)
    assert np.mean(_cmt_run(LOSSY, 0).delay()) > 1.5 * np.mean(off.delay())


def test_dac_counts_the_packets_a_sack_reports():
    """A SACK reporting 3 packets gives a missing chunk below the chunk it gap-acknowledges 3 miss
    indications at once: the run is the count-1 run until the first loss, which is then fast-retransmitted
    on the first such SACK instead of the third, earlier."""
    one = _cmt_run(LOSSY, 1, trace=400_000)
    three = _cmt_run(LOSSY, 3, trace=400_000)
    f1, f3 = _fast(one).iloc[0], _fast(three).iloc[0]
    assert f3.tsn == f1.tsn
    assert f3.time < f1.time
    before = one.trace[one.trace.time < f3.time]
    assert before.reset_index(drop=True).equals(three.trace[three.trace.time < f3.time].reset_index(drop=True))


def test_dac_options_are_checked():
    with pytest.raises(ValueError, match="cmt_dac=True needs cmt=True"):
        sctp.SctpConfig(cmt_dac=True)
    with pytest.raises(ValueError, match="ns2_dac_count_defect=True needs cmt_dac=True"):
        sctp.SctpConfig(cmt=True, ns2_dac_count_defect=True)
    with pytest.raises(TypeError, match="cmt_dac"):
        sctp.SctpConfig(cmt=True, cmt_dac=1)


@pytest.mark.parametrize("cmt", [False, True])
def test_delayed_sacks_acknowledge_every_second_packet_or_after_the_delay(cmt):
    """ns-2's delayed SACKs on an idle lossless link, in closed form: the first TSN is acknowledged at once,
    a packet alone ``sack_delay`` after it arrives, and of two back-to-back packets the second's arrival
    sends the SACK for both (with CMT, on two paths of equal delay, they arrive together). The sender sees each SACK as an RTT measurement when it arrives."""
    net = Network(10.0)
    rate, delay = net.arrays()[:2]
    size = 1000.0
    gen = np.array([0.25, 5.25, 10.25, 10.25])
    layers = np.zeros(4, np.int64)
    hdr = sctp.HEADER_BYTES
    tx = (size + hdr) * 8.0 / rate[0]
    # CMT sends the two back-to-back packets on the two paths at once (round robin), SCTP one after the other
    arrive = np.array([0.25 + tx, 5.25 + tx, 10.25 + tx, 10.25 + (1 if cmt else 2) * tx]) + delay[0]
    back = delay[0] + 8.0 * 60 / rate[0]  # a SACK's way back: propagation and its 60 bytes
    cfg = sctp.SctpConfig(cmt=cmt, multi_stream=False)
    for sack_delay, expect in ((0.0, arrive + back),
                               (0.2, [arrive[0] + back, arrive[1] + 0.2 + back, arrive[3] + back])):
        r = sctp.run(gen, np.full(4, size), layers, net, replace(cfg, sack_delay=sack_delay), seed=1,
                     trace_events=200)
        np.testing.assert_allclose(r.deliver_time, arrive, rtol=0, atol=1e-12)  # delivery does not wait
        sacks = r.trace[r.trace["event"] == "rtt_data"]["time"].to_numpy()
        np.testing.assert_allclose(sacks, expect, rtol=0, atol=1e-12)


def test_delayed_sacks_are_checked():
    for bad in (-0.1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="sack_delay"):
            sctp.SctpConfig(sack_delay=bad)
    with pytest.raises(ValueError, match="sack_delay > 0 with cmt_dac"):
        sctp.SctpConfig(cmt=True, cmt_dac=True, sack_delay=0.2)


def test_ns2s_sack_clock_holds_the_data_for_the_next_sack_and_fills_one_path_first():
    """ns-2.35's sender (``ns2_sack_clock``), in closed form on an idle lossless link: the first chunk leaves at
    once (nothing is outstanding); the three the application hands over while it is outstanding wait for its SACK
    and then all leave on one path, the one after the path last sent to, its cwnd having room for them
    (``SendMuch``). The book's sender sends each when it is handed over, alternating the paths."""
    net = Network(10.0)
    rate, delay = net.arrays()[:2]
    size = 1000.0
    gen = np.array([0.25, 0.2501, 0.2502, 0.2503])
    tx = (size + sctp.HEADER_BYTES) * 8.0 / rate[0]
    sack_back = 0.25 + tx + delay[0] + delay[0] + 8.0 * 60 / rate[0]  # the first chunk's SACK reaches the sender
    cfg = sctp.SctpConfig(cmt=True, multi_stream=False)
    for clock, times, paths in ((False, gen, [0, 1, 0, 1]), (True, [0.25] + 3 * [sack_back], [0, 1, 1, 1])):
        r = sctp.run(gen, np.full(4, size), np.zeros(4, np.int64), net, replace(cfg, ns2_sack_clock=clock), seed=1,
                     trace_events=200)
        sends = r.trace[r.trace["event"] == "send"]
        assert sends["tsn"].tolist() == [0, 1, 2, 3]
        np.testing.assert_allclose(sends["time"], times, rtol=0, atol=1e-12)
        assert sends["path"].tolist() == paths
        assert (r.transmissions == 1).all() and (r.deliver_time > 0).all()
    with pytest.raises(TypeError, match="ns2_sack_clock"):
        sctp.SctpConfig(ns2_sack_clock=1)


def test_ns2s_cmt_recovery_is_checked_and_idle_without_loss():
    """``ns2_cmt_recovery`` changes only what a fast retransmission starts: on a lossless run it is the book's CMT
    to the bit; it is a flag, and CMT's."""
    net = Network(10.0)
    gen = np.arange(400) * 0.002
    size = np.full(400, 1200.0)
    layers = np.zeros(400, np.int64)
    cfg = sctp.SctpConfig(cmt=True, multi_stream=False)
    a = sctp.run(gen, size, layers, net, cfg, seed=1)
    b = sctp.run(gen, size, layers, net, replace(cfg, ns2_cmt_recovery=True), seed=1)
    np.testing.assert_array_equal(a.deliver_time, b.deliver_time)
    with pytest.raises(TypeError, match="ns2_cmt_recovery"):
        sctp.SctpConfig(cmt=True, ns2_cmt_recovery=1)
    with pytest.raises(ValueError, match="ns2_cmt_recovery=True needs cmt=True"):
        sctp.SctpConfig(ns2_cmt_recovery=True)


@pytest.mark.parametrize("mode", ["tcp", "sctp", "cmt"])
def test_the_window_kernel_on_its_named_structures_delivers_an_idle_link_in_closed_form(mode):
    """``run_window`` called directly with its named structures (Chunks, Config, Net, Trace): packets one
    second apart on a lossless link are each sent once, on arrival, and delivered after their transmission
    time plus the propagation delay -- (size + header) * 8 / rate + delay, to the last bit."""
    from mmperf.transports import _engine

    n, hdr = 12, 48.0
    gen = np.arange(n, dtype=float) + 0.25
    sizes = np.linspace(200.0, 1400.0, n)
    rate, delay, qlim, per, start = Network(10.0).arrays()
    chunks = _engine.Chunks(gen, sizes, np.zeros(n, np.int64), np.zeros(n, np.bool_))
    m = {"tcp": _engine.MODE_TCP, "sctp": _engine.MODE_SCTP, "cmt": _engine.MODE_CMT}[mode]
    cfg = _engine.Config(mode=m, n_paths=1 if mode == "tcp" else 2, n_streams=1, hdr=hdr, mtu=1500.0,
                         rbuf=65536.0, init_cwnd=4500.0, rto_init=3.0, rto_min=1.0, rto_max=60.0,
                         path_max_retrans=5, hb_interval=30.0, rtx_limit=1, ns2_rwnd_defect=False, dac_count=-1,
                         sack_delay=0.0, t_end=100.0)
    net = _engine.Net(rate, delay, qlim, per, start, np.zeros((2, 4 * n)), 1.0, 102)
    tr = _engine.Trace(np.zeros((1000, 6)), np.zeros(1, np.int64))
    deliver, txc, st, counters, stats, in_flight, drops, end = _engine.run_window(chunks, cfg, net, tr, 1 << 10)
    path = 0 if mode != "cmt" else np.arange(n) % 2  # CMT: round robin over the two idle paths
    np.testing.assert_array_equal(deliver, gen + (sizes + hdr) * 8.0 / rate[path] + delay[path])
    assert (txc == 1).all() and (st == _engine.ACKED).all() and drops == 0 and (in_flight == 0).all()
    np.testing.assert_array_equal(counters[:, 0], counters[:, 3])
    assert counters[:, 0].sum() == n and stats[:, :, 0].sum() == (sizes + hdr).sum()
    sends = tr.rows[:tr.count[0]][tr.rows[:tr.count[0], 1] == _engine.TR_SEND]
    np.testing.assert_array_equal(sends[:, 0], gen)  # each sent when the application hands it over


@pytest.mark.parametrize("law,message", [
    ("conservation", "link conservation broken"), ("negative", "link conservation broken"),
    ("early", "delivered before it was generated"), ("abandoned", "both delivered and abandoned"),
    ("untransmitted", "never transmitted"), ("negative_count", "never transmitted"),
])
def test_a_result_whose_books_are_broken_is_refused(law, message):
    """``TransportResult.check`` on a real run's books, each law broken in turn: the run itself passes,
    and each broken copy raises RuntimeError naming the law."""
    from dataclasses import fields
    g, s, l = stream(n=200)
    res = tcp.run(g, s, LOSSY, seed=3, t_end=60.0)
    res.check()
    kw = {f.name: getattr(res, f.name) for f in fields(res)}
    kw = {k: v.copy() if hasattr(v, "copy") else v for k, v in kw.items()}
    first = int(np.flatnonzero(res.delivered)[-1])  # generated after 0 s
    if law == "conservation":
        kw["link_counters"].loc[0, "arrived"] += 1
    elif law == "negative":  # the sum still balances, but a count is negative
        c = kw["link_counters"]
        c.loc[0, "arrived"] += c.loc[0, "queue_drops"] + 1
        c.loc[0, "queue_drops"] = -1
    elif law == "early":
        kw["deliver_time"][first] = kw["gen_time"][first] / 2
    elif law == "abandoned":
        kw["abandoned"][first] = True
    elif law == "untransmitted":
        kw["transmissions"][first] = 0
    else:  # an undelivered packet with a negative count
        kw["deliver_time"][first] = -1.0
        kw["transmissions"][first] = -1
    with pytest.raises(RuntimeError, match=f"^tcp: (a packet was |a delivered packet was )?{message}"):
        type(res)(**kw)
