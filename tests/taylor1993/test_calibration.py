"""Taylor & Polyzos (1993): what the calibration may and may not use. (The claims are checked in
tests/papers/test_claims.py, generated from the paper's CLAIMS.)"""

import numpy as np
import pytest

from mmperf.experiments import taylor1993 as ex


def test_calibration_uses_only_max_tables_for_host_costs():
    cal = ex.calibrate()
    # max-throughput rows per host, and the abstract's run for the Alpha (7 rows); without it 6
    assert (cal.hosts["rows"] == [8, 5, 7]).all()
    assert (ex.calibrate(abstract=False).hosts["rows"] == [8, 5, 6]).all()
    assert (cal.hosts["rms_rel_error"] < 0.05).all()
    assert 0 < cal.kappa < 20
    # the display ratio changes if calibrated on another animation table: it is fitted on one table only
    other = ex.calibrate(display_table="fddi_anim_alpha")
    assert other.kappa != pytest.approx(cal.kappa, rel=0.01)
    np.testing.assert_allclose(other.hosts["kernel_ms"], cal.hosts["kernel_ms"])
