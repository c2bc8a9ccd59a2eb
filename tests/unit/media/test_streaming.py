"""A coded video over a transport: the shared work gives what a fresh run gives."""

import numpy as np
import pytest

from mmperf.coding import svc
from mmperf.media import scenes, streaming
from mmperf.networks.packetsim import Network
from mmperf.transports import rtp, sctp, tcp


@pytest.fixture(scope="module")
def video():
    seq = scenes.four_scenes(frames_per_scene=(5, 5, 5, 5), height=32, width=48)
    return svc.encode(seq.frames(), frame_rate=25.0)


def test_a_complete_delivery_decodes_once_and_as_the_decoder_does(video):
    mask = np.ones(video.n_packets, bool)
    a = streaming.decode_delivered(video, mask, lost_slice_rule="black")
    assert a is streaming.decode_delivered(video, mask.copy(), lost_slice_rule="black")
    fresh = video.decode(mask, base_loss="black")
    assert np.array_equal(a.psnr, fresh.psnr) and np.array_equal(a.status, fresh.status)
    lossy = mask.copy()
    lossy[0] = False
    assert streaming.decode_delivered(video, lossy) is not streaming.decode_delivered(video, lossy)


@pytest.mark.parametrize("config", [rtp.RtpConfig(layer_paths=(0, 1)), tcp.TcpConfig(),
                                    sctp.SctpConfig(cmt=True, reliability=("reliable", "unreliable"))])
def test_the_summary_cache_gives_a_fresh_runs_summary(video, config):
    lossy = Network(2.0, loss_rate=0.05, loss_start_s=(0.0, 0.0))
    clean = Network(2.0)
    for net, seeds in ((lossy, (1, 2)), (clean, (1, 2))):
        got = [streaming.stream_summary(video, config, net, seed=s, t_end=60.0) for s in seeds]
        fresh = [streaming.stream(video, config, net, seed=s, t_end=60.0).summary() for s in seeds]
        assert got == fresh
    a, b = (streaming.stream(video, config, lossy, seed=s, t_end=60.0).result.deliver_time for s in (1, 2))
    assert not np.array_equal(a, b)  # the seed matters on a lossy network, so it is part of the key


def test_a_stream_conserves_packets_and_its_series_its_bytes(video):
    s = streaming.stream(video, sctp.SctpConfig(cmt=True), Network(3.0, loss_rate=0.02, loss_start_s=(0.0, 0.0)),
                         seed=4, t_end=60.0)
    summ = s.summary()
    assert summ["delivered_frac"] == pytest.approx(s.result.delivered.mean())
    ps = s.per_second()
    assert ps["links"]["bandwidth_mbps"].sum() * 1e6 / 8 == pytest.approx(s.result.link_stats[:, :, 0].sum())
    assert set(ps) == {"links", "sink", "psnr"}


@pytest.mark.parametrize("kw, exc, name", [({"config": object()}, TypeError, "config"),
                                           ({"network": 30.0}, TypeError, "network"),
                                           ({"lost_slice_rule": "grey"}, ValueError, "lost_slice_rule"),
                                           ({"delay_average": "frame"}, ValueError, "delay_average")])
def test_bad_input_is_named(video, kw, exc, name):
    args = dict(config=rtp.RtpConfig(), network=Network(30.0), seed=1) | kw
    with pytest.raises(exc, match=name):
        streaming.stream(video, **args)
