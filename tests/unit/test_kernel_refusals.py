"""The refusals of the core kernel's allocators (``mmperf._kernel``), which the bad-input harness
(``test_bad_input_harness.py``) does not reach: it covers public modules only, and the heap and the
link state moved from ``networks.packetsim`` into this private module. The same cases as the
harness's (:class:`mmperf._domains.Int`): each bad value refused with a ``ValueError``/``TypeError``
naming the parameter and what it accepts, each edge value refused that way or a valid result, before
anything is allocated."""

from __future__ import annotations

import numpy as np
import pytest

from mmperf import _kernel
from mmperf._domains import Int

SIZE = Int(lo=1)


@pytest.mark.parametrize("value", SIZE.bad(), ids=repr)
@pytest.mark.parametrize("fn,param", [(_kernel.new_heap, "capacity"), (_kernel.link_state, "queue_limit")])
def test_a_bad_size_is_refused_by_name(fn, param, value):
    with pytest.raises((ValueError, TypeError), match=rf"{param}.*(must|at most)"):
        fn(**{param: value})


def test_the_smallest_heap_is_empty_and_a_huge_one_is_refused_before_allocating():
    *slots, counters = _kernel.new_heap(capacity=1)
    assert len(slots) == 6 and all(s.shape == (1,) for s in slots)
    assert counters.tolist() == [0, 0]
    with pytest.raises(ValueError, match="capacity.*at most"):
        _kernel.new_heap(capacity=SIZE.edge()[-1])  # 10**12 slots: refused by size, nothing allocated


def test_the_smallest_link_state_has_one_ring_slot_more_than_its_queue_and_a_huge_one_is_refused():
    fstate, ring = _kernel.link_state(queue_limit=1)
    assert fstate.shape == (2, 4) and ring.shape == (2, 2)
    assert not np.any(fstate) and not np.any(ring)
    with pytest.raises(ValueError, match="queue_limit.*at most"):
        _kernel.link_state(queue_limit=SIZE.edge()[-1])
