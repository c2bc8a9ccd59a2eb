"""Params: every knob with its source, and clear errors naming the parameter."""

import math

import pytest

from mmperf.experiments.chodorek2018 import Params


def test_table_names_every_knob_with_a_source():
    t = Params().table()
    assert {"parameter", "value", "unit", "source", "description"} <= set(t.columns)
    assert (t["source"].str.len() > 0).all()
    assert set(t["parameter"]) >= {"capacity_bps", "buffer_candidates_packets", "rtt_candidates_s", "scenarios", "n_values",
                                   "k_values", "replications", "duration_s", "next_time_s"}


@pytest.mark.parametrize("changes, name", [
    ({"n_values": ()}, "n_values"),
    ({"k_values": (0, 0)}, "k_values"),
    ({"rtt_candidates_s": (0.004, math.nan)}, "rtt_candidates_s"),
    ({"buffer_candidates_packets": (0,)}, "buffer_candidates_packets"),
    ({"capacity_bps": math.inf}, "capacity_bps"),
    ({"replications": 0}, "replications"),
    ({"next_time_s": 0.301}, "next_time_s"),
    ({"reservable_fraction": 1.5}, "reservable_fraction"),
    ({"scenarios": ("s5",)}, "scenarios"),
    ({"rtt_calibration_replications": 30}, "rtt_calibration_replications"),
])
def test_errors_name_the_parameter(changes, name):
    with pytest.raises(ValueError, match=name):
        Params(**changes)
