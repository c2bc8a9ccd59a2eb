"""The experiment grid, calibration and comparison helpers of mmperf.experiments.taylor1993."""

import numpy as np
import pandas as pd
import pytest

from mmperf.coding import bitplane
from mmperf.experiments import taylor1993 as ex
from mmperf.hosts.cost_fit import fluid_display_loss
from mmperf.quality import bitplane_loss


@pytest.fixture(scope="module")
def cal():
    return ex.calibrate()


def test_calibration_is_deterministic_and_physical(cal):
    again = ex.calibrate()
    pd.testing.assert_frame_equal(cal.hosts, again.hosts)
    assert cal.kappa == again.kappa
    assert (cal.hosts["kernel_ms"] >= 0).all() and (cal.hosts["app_ms"] > 0).all()
    # faster machines read faster: the Alpha's knee is the highest
    assert cal.hosts["knee_mbps"].idxmax() == "DEC 3000/500 Alpha AXP"


def test_fitted_display_reproduces_its_calibration_table_in_the_fluid_limit(cal):
    h = cal.hosts.loc["DECstation 5000/200"]
    paper = ex.paper_table("atm_anim")
    pred = fluid_display_loss(paper["packet_time"], display_ms=h["display_ms"], kernel_ms=h["kernel_ms"], buffer_packets=40)
    assert np.abs(pred - paper["avg_lost_per_frame"]).max() < 1.0


def test_every_table_row_has_paper_book_and_difference(cal):
    comp = ex.compare_all(cal, n_frames=20)
    assert len(comp) == 36 * 6
    assert comp[["paper", "book", "difference"]].notna().all().all()
    np.testing.assert_allclose(comp["difference"], comp["book"] - comp["paper"])
    # packet time is the sender's setting, so it matches exactly
    assert (comp.loc[comp["quantity"] == "packet_time", "difference"].abs() < 1e-9).all()
    wide = ex.side_by_side(comp, "atm_max")
    assert wide.shape == (5, 10)  # five quantities x (paper, book); the packet time is the index
    assert ex.side_by_side(comp, "atm_max", difference=True).shape == (5, 15)
    assert list(wide.index.get_level_values("packet [ms]")) == list(ex.spec("atm_max").packet_times_ms)
    # cells used by the calibration are flagged, and only those
    flagged = comp[comp["calibrated"]]
    assert set(flagged["quantity"]) == {"throughput", "avg_lost_per_frame", "loss"}
    for q in ("avg_lost_per_frame", "loss"):  # loss [%] is the fitted average per frame / 2.64
        assert set(flagged.loc[flagged["quantity"] == q, "table"]) == {"atm_anim"}
    atm = comp[(comp["table"] == "atm_anim")].pivot(index="row", columns="quantity", values="paper")
    # equal to the printed precision: loss to 0.05 %, the average to 0.05 packets (0.019 %)
    np.testing.assert_allclose(atm["loss"], 100 * atm["avg_lost_per_frame"] / 264, atol=0.07)


def test_loss_masks_have_the_requested_rate_and_structure():
    # the chapter's frame (550x550) and socket buffer (40 packets) through the mechanism
    lay_planes = np.repeat(np.arange(8), 33)
    layout = bitplane.layout(ex.FRAME_SHAPE)

    def mask(pattern, rate):
        return bitplane_loss.loss_mask(pattern, rate, layout=layout, start=ex.SOCKET_BUFFER_PACKETS,
                                       streams=(ex.PAPER, "quality"))

    for rate in (0.01, 0.05, 0.2):
        for pat in ("random", "burst", "priority"):
            m = mask(pat, rate)
            assert m.sum() == round(rate * 264 + 1e-9) or abs(m.sum() - rate * 264) <= 0.5
        assert mask("burst", rate).argmax() == 40
        assert lay_planes[mask("priority", rate)].min() >= 8 - int(np.ceil(rate * 8))


def test_bad_names_are_rejected(cal):
    with pytest.raises(ValueError, match="no table"):
        ex.spec("table13")
    with pytest.raises(ValueError, match="animation table"):
        ex.calibrate(display_table="atm_max")
    with pytest.raises(ValueError, match="host"):
        ex.identification().costs("SPARCstation 2")
    with pytest.raises(ValueError, match="row"):
        ex.simulate_row("atm_max", 6, cal)
