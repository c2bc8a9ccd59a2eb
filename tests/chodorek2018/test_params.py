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


def test_the_stated_set_up_is_what_the_params_and_the_video_use():
    from mmperf.experiments.chodorek2018 import paper

    p = Params()
    assert (p.capacity_bps, p.n_values, p.k_values, tuple(p.scenarios), p.replications, p.duration_s, p.next_time_s,
            p.s2_fraction) == (paper.CAPACITY_BPS, paper.N_VALUES, paper.K_VALUES, tuple(paper.SCENARIOS), paper.REPLICATIONS,
                               paper.DURATION_S, paper.NEXT_TIME_S, paper.S2_FRACTION)
    v = p.video
    assert (v.frame_rate, v.clip_s, len(v.clips), v.target_rate_bps, v.duration_s) == (
        paper.FRAME_RATE, paper.CLIP_S, paper.CLIPS, paper.TARGET_RATE_BPS, paper.DURATION_S)
    # the grid's excerpt is a whole number of frames of every clip
    keep = p.grid_duration_s * v.frame_rate / len(v.clips)
    assert keep == round(keep)
