"""The 'half' fill rule restores the midpoint of the values the received bits allow, rounded half up
(bit-plane coding, Taylor & Polyzos 1993 sec. 2.2)."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra.numpy import arrays

from mmperf.coding import bitplane


@settings(max_examples=60, deadline=None)
@given(img=arrays(np.uint8, (6, 7)), lost_planes=st.sets(st.integers(0, 7), min_size=1))
def test_half_fill_is_the_rounded_midpoint_of_the_consistent_values(img, lost_planes):
    lay = bitplane.layout(img.shape, packet_bytes=16, header_bytes=8)
    packets = bitplane.packetize(img, packet_bytes=16, header_bytes=8)
    received = ~np.isin(lay.plane, sorted(lost_planes))
    out = bitplane.reassemble(packets, lay, received=received, fill="half").astype(int)
    missing = sum(1 << (7 - p) for p in lost_planes)  # weight of the lost bits (plane 0 = MSB)
    known = img.astype(int) & ~missing
    # consistent values: known .. known + missing; midpoint known + missing / 2, rounded half up
    assert np.array_equal(out, known + (missing + 1) // 2)


@pytest.mark.parametrize("lost,expected", [({7}, 1), ({6, 7}, 2), ({0}, 64), ({5, 6, 7}, 4)])
def test_half_fill_of_a_black_frame(lost, expected):
    img = np.zeros((4, 4), dtype=np.uint8)
    lay = bitplane.layout(img.shape, packet_bytes=12, header_bytes=8)
    packets = bitplane.packetize(img, packet_bytes=12, header_bytes=8)
    out = bitplane.reassemble(packets, lay, received=~np.isin(lay.plane, sorted(lost)), fill="half")
    assert (out == expected).all()  # e.g. only the LSB lost: {0, 1} -> 0.5, rounded half up to 1
