"""`python -m mmperf.book._kernels` (`make kernels`, run by `make test` beside the build): every engine's
compiled entry point is compiled (or loaded from numba's cache) by its group, and bad requests are refused."""

import pytest

from mmperf.book import _kernels
from mmperf.coding import svc
from mmperf.hosts import _ps2_core, _svr4_core, _testbed_core, _timesharing_core
from mmperf.networks import _shared_bottleneck, bottleneck
from mmperf.transports import _engine

# The kernels each group's engines call from Python (the rest are inlined into them or called from them).
ENTRY_POINTS = {
    "transports": (_engine.run_datagram, _engine.run_window),
    "networks": (_shared_bottleneck.run, bottleneck._best_effort_lanes, bottleneck._reserved_path,
                 bottleneck._max_backlog),
    "hosts": (_ps2_core._event_loop, _svr4_core.run_svr4, _timesharing_core.run_core, _testbed_core.fifo_link,
              _testbed_core.receiver),
    "coding": (svc._dct_all, svc._stats, svc._encode_all, svc._frozen_se, svc._slice_all),
}


def test_every_group_is_checked():
    assert set(ENTRY_POINTS) == set(_kernels.GROUPS)


@pytest.mark.parametrize("group", list(_kernels.GROUPS))
def test_a_group_compiles_its_engines_entry_points(group):
    table = _kernels.compile_kernels(groups=[group])
    assert list(table["group"]) == [group] and (table["seconds"] >= 0).all()
    uncompiled = [k.__name__ for k in ENTRY_POINTS[group] if not k.signatures]
    assert not uncompiled, f"{group}: no compiled signature for {uncompiled}"
    assert all(k._cache.__class__.__name__ == "FunctionCache" for k in ENTRY_POINTS[group])  # cache=True


@pytest.mark.parametrize("groups, jobs, match", [
    (["bogus"], 1, "groups must be names"),
    ([], 1, "groups must be names"),
    (None, 0, "jobs must be a whole number >= 1"),
    (None, True, "jobs must be a whole number >= 1"),
    (None, 1.5, "jobs must be a whole number >= 1"),
])
def test_bad_requests_are_refused(groups, jobs, match):
    with pytest.raises((TypeError, ValueError), match=match):
        _kernels.compile_kernels(groups, jobs=jobs)


def test_command_line_names_an_unknown_group():
    with pytest.raises(SystemExit, match="groups must be names"):
        _kernels.main(["bogus"])
