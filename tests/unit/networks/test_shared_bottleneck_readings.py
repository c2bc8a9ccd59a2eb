"""Readings of the packet-level bottleneck (issue #35): the reserved FIFO's limit (unbounded, its own
drop-tail limit, one port buffer shared with best effort) and CUBIC beside NewReno."""

import numpy as np
import pytest

from mmperf.networks import _shared_bottleneck as _core
from mmperf.networks.shared_bottleneck import Reservation, TcpOptions, simulate

C = 10e6
SIZE = 1000.0


def bursty(duration_s, burst=40, period=0.05):
    """A burst of ``burst`` packets back to back at twice the link rate every ``period`` s."""
    gap = SIZE * 8 / (2 * C)
    t = (np.arange(int(duration_s / period))[:, None] * period + np.arange(burst)[None, :] * gap).ravel()
    return t, np.full(t.size, SIZE)


def run(t, b, k=0, congestion_control="newreno", **kw):
    """``simulate`` with one stream reserving 6 Mb/s; the other keywords of :class:`Reservation` go to it."""
    resv = dict(video_streams=np.zeros(t.size, int), reserved_bps=[6e6], bucket_bytes=[60 * SIZE])
    resv.update({n: kw.pop(n) for n in Reservation.__dataclass_fields__ if n in kw})
    opts = dict(capacity_bps=C, buffer_packets=10, rtt_s=0.02, tcp_start_s=np.arange(k) * 0.0173, duration_s=10.0)
    opts.update(kw)
    return simulate(t, b, tcp=TcpOptions(congestion_control=congestion_control), reservation=Reservation(**resv), **opts)


def test_the_default_reserved_fifo_never_drops_and_the_bounded_one_drops_what_exceeds_its_limit():
    t, b = bursty(10.0)
    free = run(t, b, k=2)
    assert free.reserved_queue == "unbounded" and free.video_conforming_dropped == 0
    assert free.reserved_backlog_max_bytes > 10 * SIZE  # the burst piles up beyond 10 packets
    bounded = run(t, b, k=2, reserved_queue="bounded")
    assert bounded.video_conforming_dropped > 0
    roomy = run(t, b, k=2, reserved_queue="bounded", reserved_limit_packets=1000)
    assert roomy.video_conforming_dropped == 0 and roomy.video_dropped == free.video_dropped
    for r in (free, bounded, roomy):
        r.check()


def test_a_shared_buffer_makes_tcp_cost_the_reserved_video_packets():
    t, b = bursty(10.0, burst=8)
    alone = run(t, b, k=0, reserved_queue="shared")
    loaded = run(t, b, k=4, reserved_queue="shared")
    own = run(t, b, k=4)
    assert alone.video_dropped == 0 and own.video_conforming_dropped == 0
    assert loaded.video_conforming_dropped > 0  # TCP's backlog fills the port the reservation shares
    assert loaded.video_per_pct > own.video_per_pct


def test_without_a_reserved_class_every_reading_of_its_limit_is_the_same_run():
    """The reading is a field of ``Reservation``, so ``simulate`` without one runs ``'unbounded'``; the kernel
    agrees that it cannot matter: with no reserved class its three limits give the same run, bit for bit."""
    t, b = bursty(5.0, burst=8)

    def kernel(mode):
        cfg = _core.Config(t_end=5.0, tx_per_byte=8.0 / C, delay_s=0.01, ack_delay=0.01 + 8.0 * 40 / C, qlim=10,
                           res_mode=mode, res_limit=10, pkt_bytes=1500.0, rwnd=10_000, init_cwnd=2.0, rto_init=1.0,
                           rto_min=0.2, rto_max=60.0, cc=_core.CC_NEWRENO, ring=_core.ring_size(10_000),
                           fcap=_core.fifo_capacity(2, 10_000))
        no_policer = _core.Policer(np.zeros((0, 1)), np.zeros(0), 1.0, 0.0, False)
        return _core.run(_core.Video(t, b, np.zeros(t.size, np.int64)), no_policer, np.array([0.0, 0.01]), cfg)

    a = kernel(_core.RES_UNBOUNDED)
    assert a[1][:, _core.F_DROPS].sum() > 0 and (a[0] == _core.V_DROPPED).any()  # the limit is reached
    for mode in (_core.RES_BOUNDED, _core.RES_SHARED):
        assert all(np.array_equal(x, y) for x, y in zip(a, kernel(mode)))


def test_cubic_backs_off_less_and_fills_a_shallow_buffer_better_than_newreno():
    # one flow, a buffer of 0.1 BDP: NewReno's halving leaves the link idle, CUBIC's 0.7 much less
    opts = dict(capacity_bps=100e6, buffer_packets=10, rtt_s=0.012, tcp_start_s=[0.0], duration_s=20.0)
    reno = simulate(np.empty(0), np.empty(0), **opts)
    cubic = simulate(np.empty(0), np.empty(0), tcp=TcpOptions(congestion_control="cubic"), **opts)
    reno.check()
    cubic.check()
    assert cubic.utilization_pct > reno.utilization_pct + 3
    assert cubic.tcp_loss_pct > 0 and reno.tcp_loss_pct > 0


def test_bad_readings_are_refused():
    t, b = bursty(1.0)
    with pytest.raises(ValueError, match="reserved_queue"):
        run(t, b, reserved_queue="wfq")
    with pytest.raises(ValueError, match="congestion_control"):
        run(t, b, congestion_control="bbr")
    with pytest.raises(ValueError, match="reserved_limit_packets"):
        run(t, b, reserved_limit_packets=5)
    with pytest.raises(ValueError, match="reserved_limit_packets"):
        run(t, b, reserved_queue="bounded", reserved_limit_packets=0)
