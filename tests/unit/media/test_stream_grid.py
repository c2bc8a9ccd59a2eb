"""The coded test video and a grid of streaming runs over it: what a fresh run of each cell gives."""

import numpy as np
import pandas as pd
import pytest

from mmperf.coding import svc
from mmperf.media import scenes, stream_grid, streaming
from mmperf.networks.packetsim import Network
from mmperf.transports import rtp, sctp, tcp

CONFIGS = {"RTP": rtp.RtpConfig(layer_paths=(0, 1)), "TCP": tcp.TcpConfig(),
           "SCTP": sctp.SctpConfig(reliability=("reliable", "unreliable"))}


def _network(bw, e):
    return Network(bw, loss_rate=e, loss_start_s=(0.0, 0.0))


@pytest.fixture(scope="module")
def video():
    return stream_grid.coded_four_scenes(frames_per_scene=(5, 5, 5, 5), height=32, width=48)


def test_the_coded_video_is_the_coders_and_is_kept_per_process(video):
    again = stream_grid.coded_four_scenes(frames_per_scene=[5, 5, 5, 5], height=32, width=48, frame_rate=25)
    assert again is video
    fresh = svc.encode(scenes.four_scenes(frames_per_scene=(5, 5, 5, 5), height=32, width=48).frames(), frame_rate=25.0)
    assert np.array_equal(fresh.psnr_full(), video.psnr_full()) and fresh.packets.equals(video.packets)


def test_the_video_tables_add_up(video):
    summary, rates = stream_grid.video_tables(video)
    q = summary.set_index("quantity")["value"]
    per_s = rates.pivot(index="time_s", columns="layer", values="rate_mbps")
    total = per_s.sum(axis=1)
    assert q["base_rate_mbps"] < q["total_rate_mbps"] <= q["peak_rate_mbps"] == pytest.approx(total.max())
    assert q["packets"] == video.n_packets and q["duration_s"] == pytest.approx(20 / 25.0)
    assert q["psnr_base_db"] < q["psnr_full_db"] == pytest.approx(video.psnr_full().mean())
    # the rates carry every byte of the coded video
    assert total.sum() * 1e6 / 8 * 1.0 == pytest.approx(video.packets["bytes"].sum(), rel=1e-9)


def test_each_row_is_a_fresh_run_of_its_cell_and_kept_runs_are_whole(video):
    keep = lambda s, bw, e: s == "SCTP" and e > 0  # noqa: E731
    rows, kept = stream_grid.stream_grid(video, strategies=list(CONFIGS), bandwidths_mbps=(2.0, 4.0),
                                         error_rates=(0.0, 0.05), config_of=CONFIGS.get, network_of=_network,
                                         seed_of=lambda bw, e: int(bw), keep=keep, t_end=60.0)
    assert rows[["error_rate", "bandwidth_mbps", "strategy"]].values.tolist() == [
        [e, bw, s] for e in (0.0, 0.05) for bw in (2.0, 4.0) for s in CONFIGS]
    assert sorted(kept) == [("SCTP", 2.0, 0.05), ("SCTP", 4.0, 0.05)]
    for _, r in rows.iterrows():
        fresh = streaming.stream(video, CONFIGS[r["strategy"]], _network(r["bandwidth_mbps"], r["error_rate"]),
                                 seed=int(r["bandwidth_mbps"]), t_end=60.0).summary()
        assert {k: r[k] for k in fresh} == pytest.approx(fresh, nan_ok=True)
    k = kept[("SCTP", 4.0, 0.05)]
    assert isinstance(k, streaming.Stream)
    assert rows.iloc[-1][list(k.summary())].to_dict() == pytest.approx(k.summary(), nan_ok=True)


def test_a_loss_free_cell_is_the_same_under_every_seed_and_is_reused(video):
    """What the grid's reuse rests on: without errors no run draws from the seed."""
    kw = dict(strategies=list(CONFIGS), bandwidths_mbps=(2.0,), error_rates=(0.0, 0.05), config_of=CONFIGS.get,
              network_of=_network, t_end=60.0)
    streaming._memo(video).clear()
    first, _ = stream_grid.stream_grid(video, seed_of=lambda bw, e: 1, **kw)
    memo = streaming._memo(video)
    assert sum(1 for k in memo if k[0] == "summary" and k[4] is None) == len(CONFIGS)
    reused, _ = stream_grid.stream_grid(video, seed_of=lambda bw, e: 2, **kw)
    memo.clear()
    fresh, _ = stream_grid.stream_grid(video, seed_of=lambda bw, e: 2, **kw)
    pd.testing.assert_frame_equal(reused, fresh)
    lossless = fresh["error_rate"] == 0.0
    pd.testing.assert_frame_equal(first[lossless], fresh[lossless])
    assert not first[~lossless].equals(fresh[~lossless])


@pytest.mark.parametrize("kw, exc, name", [
    ({"strategies": ()}, ValueError, "strategies"), ({"bandwidths_mbps": (float("nan"),)}, ValueError, "bandwidths_mbps"),
    ({"error_rates": "0"}, ValueError, "error_rates"), ({"config_of": CONFIGS}, TypeError, "config_of"),
    ({"keep": True}, TypeError, "keep"), ({"video": "abc"}, TypeError, "video")])
def test_bad_grids_are_refused_by_name(video, kw, exc, name):
    args = dict(video=video, strategies=["RTP"], bandwidths_mbps=(2.0,), error_rates=(0.0,), config_of=CONFIGS.get,
                network_of=_network, seed_of=lambda bw, e: 1)
    with pytest.raises(exc, match=name):
        stream_grid.stream_grid(**{**args, **kw})
    with pytest.raises(ValueError, match="height"):
        stream_grid.coded_four_scenes(height=12)
