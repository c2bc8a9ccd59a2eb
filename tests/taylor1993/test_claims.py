"""Each claim of Taylor & Polyzos (1993), checked against the package (PySDM-style)."""

import numpy as np
import pytest

from mmperf.experiments import taylor1993 as ex
from mmperf.media import animation


@pytest.fixture(scope="module")
def values():
    cal = ex.calibrate()
    comp = ex.compare_all(cal)
    frame = animation.satellite_sequence(1)
    curves = ex.quality_curves(frame)
    compress = ex.compressibility(ex.compressibility_images(frame[0]))
    return ex.claim_values(cal, comp, curves, compress, ex.loss_concentration(cal), ex.display_off_check(cal))


@pytest.fixture(scope="module")
def claims(values):
    return {c.claim_id: c for c in ex.register_claims(values)}


def test_every_claim_is_computed(claims):
    assert len(claims) == 11
    assert all(c.book_value is not None for c in claims.values())


@pytest.mark.parametrize("claim_id", [
    "tolerable-loss", "alpha-fddi-animation-rate", "alpha-fddi-max-throughput", "alpha-fddi-max-table-peak",
    "loss-at-buffer-capacity", "loss-bursty-not-random", "msb-compress-best", "max-exceeds-animation",
    "display-causes-loss", "priority-drop-tolerates-more",
])
def test_claim_reproduced(claims, claim_id):
    assert claims[claim_id].status == "reproduced", claims[claim_id].reason


@pytest.mark.xfail(strict=True, reason="the book predicts up to ~2.6 % loss in the Alpha/FDDI animation runs, "
                   "above the abstract's 0-1.3 % (the paper's own table has 3.2 %); only partly reproduced")
def test_alpha_animation_loss_within_abstract_range(claims):
    assert claims["alpha-fddi-animation-loss"].status == "reproduced"


def test_alpha_animation_loss_is_within_the_tables_range(claims):
    assert claims["alpha-fddi-animation-loss"].status == "partly"


def test_priority_dropping_is_far_more_tolerant(values):
    # LSB-first dropping loses only plane-7 bits below 12.5 % loss: far above the 2-3 % of burst loss
    assert values["tolerable_loss_pct"] < 5


def test_calibration_uses_only_max_tables_for_host_costs():
    cal = ex.calibrate()
    assert (cal.hosts["rows"] == [8, 5, 6]).all()  # max-throughput rows per host
    assert (cal.hosts["rms_rel_error"] < 0.05).all()
    assert 0 < cal.kappa < 20
    # the display ratio changes if calibrated on another animation table: it is fitted on one table only
    other = ex.calibrate(display_table="fddi_anim_alpha")
    assert other.kappa != pytest.approx(cal.kappa, rel=0.01)
    np.testing.assert_allclose(other.hosts["kernel_ms"], cal.hosts["kernel_ms"])
