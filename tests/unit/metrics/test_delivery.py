"""Per-second delivery measures: conservation of delay and lost bytes, the two averages, binned means."""

import numpy as np
import pandas as pd
import pytest

from mmperf.metrics import delivery


def _trace(seed=3, n=500):
    rng = np.random.default_rng(seed)
    gen = np.sort(rng.uniform(0, 10, n))
    delay = rng.exponential(0.3, n)
    dlv = np.where(rng.random(n) < 0.1, -1.0, gen + delay)
    return gen, dlv, rng.integers(100, 1500, n).astype(float)


def test_per_second_delivery_conserves_delays_and_lost_bytes():
    gen, dlv, size = _trace()
    ps = delivery.per_second_delivery(gen, dlv, size, bin_s=0.5)
    ok = dlv >= 0
    b = (gen // 0.5).astype(int)
    counts = np.bincount(b[ok], minlength=len(ps))
    assert np.nansum(ps["delay_s"].to_numpy() * counts) == pytest.approx((dlv - gen)[ok].sum())
    assert ps["loss_mbps"].sum() * 1e6 / 8 * 0.5 == pytest.approx(size[~ok].sum())
    assert list(ps["time_s"]) == list(np.arange(len(ps)) * 0.5)


def test_the_two_averages_weigh_packets_and_seconds():
    gen = np.array([0.0, 0.1, 0.2, 1.5])
    dlv = np.array([0.1, 0.2, 0.3, 2.5])
    assert delivery.average_delay(gen, dlv) == pytest.approx((0.1 * 3 + 1.0) / 4)
    assert delivery.average_delay(gen, dlv, how="second") == pytest.approx((0.1 + 1.0) / 2)
    assert np.isnan(delivery.average_delay(gen, -np.ones(4)))
    assert np.isnan(delivery.average_delay(gen, -np.ones(4), how="second"))


def test_interface_series_sums_to_the_bytes_sent():
    stats = np.random.default_rng(1).integers(0, 1000, (2, 5, 3)).astype(float)
    s = delivery.interface_series(stats, bin_s=2.0, n_bins=3)
    assert len(s) == 6 and list(s["interface"].unique()) == ["eth0", "eth1"]
    assert s["bandwidth_mbps"].sum() * 1e6 / 8 * 2.0 == pytest.approx(stats[:, :3, 0].sum())
    assert len(delivery.interface_series(stats, n_bins=99)) == 10


def test_binned_mean_equals_a_groupby():
    t = np.arange(100) / 25
    v = np.random.default_rng(2).normal(30, 2, 100)
    got = delivery.binned_mean(t, v, name="psnr_db")
    want = pd.Series(v).groupby(t // 1.0).mean()
    assert np.allclose(got["psnr_db"], want.to_numpy()) and list(got.columns) == ["time_s", "psnr_db"]


@pytest.mark.parametrize("call, name", [
    (lambda: delivery.per_second_delivery([0.0, 1.0], [0.5], [1, 1]), "deliver_time"),
    (lambda: delivery.per_second_delivery([1.0], [0.5], [1]), "deliver_time"),
    (lambda: delivery.per_second_delivery([0.0], [0.5], [1], bin_s=0.0), "bin_s"),
    (lambda: delivery.average_delay([0.0], [0.5], how="frame"), "how"),
    (lambda: delivery.interface_series(np.zeros((2, 3)), n_bins=1), "link_stats"),
    (lambda: delivery.interface_series(np.zeros((2, 3, 3)), names=("a",)), "names"),
    (lambda: delivery.binned_mean([0.0, np.nan], [1.0, 2.0]), "times"),
])
def test_bad_input_is_named(call, name):
    with pytest.raises(ValueError, match=name):
        call()
