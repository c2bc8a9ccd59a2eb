"""Conference capacity: the user sweep that stops past the limit, and the limit as processors grow."""

import pandas as pd
import pytest

from mmperf.quality import planning
from mmperf.quality.conference_capacity import capacity_growth, users_until_unacceptable

M = planning.ConferenceModel(frame_cpu_spec_us=225_000.0, n_frames=60)
SLOW, FAST = planning.System("slow", 8.6, 10.0), planning.System("fast", 300.0, 800.0)


def test_the_sweep_is_the_full_sweep_cut_after_the_stop():
    """Row for row the rows of planning.sweep, up to the first run of ``stop_after`` unacceptable sizes."""
    users = [1, 2, 3, 4, 5, 6]
    full = planning.sweep([SLOW], users=users, reps=2, model=M, root=4)
    cut = users_until_unacceptable([SLOW], users=users, stop_after=2, reps=2, model=M, root=4)
    bad = full.groupby("users")["quality"].mean().gt(1.0)
    run, last = 0, None
    for n, b in bad.items():
        run = run + 1 if b else 0
        last = n
        if run >= 2:
            break
    pd.testing.assert_frame_equal(cut, full[full["users"] <= last].reset_index(drop=True), check_exact=True)


def test_without_a_stop_every_size_of_every_system_is_run():
    out = users_until_unacceptable([SLOW, FAST], users=[1, 3], stop_after=None, reps=1, model=M, root=2)
    assert out[["system", "users"]].values.tolist() == [["slow", 1], ["slow", 3], ["fast", 1], ["fast", 3]]


def test_capacity_grows_with_the_processor_and_names_its_systems():
    g = capacity_growth("SLC", 8.6, {"Ethernet": 10.0, "Fibre Channel": 266.0}, years=[0.0, 2.0, 4.0], users=range(1, 8),
                        model=M, root=3)
    assert g.columns.tolist() == ["year", "specint92", "ethernet_users", "fibre_channel_users"]
    assert g["specint92"].tolist() == [8.6, 8.6 * 4, 8.6 * 16]
    assert g["fibre_channel_users"].is_monotonic_increasing and g["fibre_channel_users"].iloc[-1] > 0
    one = planning.sweep([planning.System("SLC x2^2 + Ethernet", 8.6 * 4, 10.0)], users=range(1, 8), model=M, root=3)
    assert g["ethernet_users"].iloc[1] == planning.max_acceptable_users(one).iloc[0]  # the same runs, by name
    half = capacity_growth("SLC", 8.6, {"Ethernet": 10.0}, years=[1.0], doubling_years=0.5, users=[1], model=M, root=3)
    assert half["specint92"].iloc[0] == 8.6 * 4


@pytest.mark.parametrize("call,msg", [
    (lambda: users_until_unacceptable([SLOW], users=[2, 1], stop_after=1, reps=1), "users"),
    (lambda: users_until_unacceptable([SLOW], users=[1], stop_after=0, reps=1), "stop_after"),
    (lambda: users_until_unacceptable(["x"], users=[1], stop_after=1, reps=1), "systems"),
    (lambda: capacity_growth("x", 1.0, {}, years=[0.0], users=[1]), "networks"),
    (lambda: capacity_growth("x", 1.0, {"e": 10.0}, years=[-1.0], users=[1]), "years"),
    (lambda: capacity_growth("x", 1.0, {"e": 10.0}, years=[0.0], doubling_years=0.0, users=[1]), "doubling_years"),
])
def test_bad_input_is_refused_by_name(call, msg):
    with pytest.raises((ValueError, TypeError), match=msg):
        call()
