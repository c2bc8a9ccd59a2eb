"""Bit-plane coding: round trips, packet layout, fill rules, bad input."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from mmperf.coding import bitplane


@st.composite
def images(draw):
    h = draw(st.integers(1, 40))
    w = draw(st.integers(1, 40))
    return draw(arrays(np.uint8, (h, w)))


@settings(max_examples=60, deadline=None)
@given(img=images(), payload=st.integers(1, 300), header=st.integers(0, 100))
def test_round_trip_with_all_packets_is_exact(img, payload, header):
    lay = bitplane.layout(img.shape, packet_bytes=payload + header, header_bytes=header)
    packets = bitplane.packetize(img, packet_bytes=payload + header, header_bytes=header)
    assert packets.shape == (lay.n_packets, lay.payload_bytes)
    for fill in ("half", "zero"):
        assert np.array_equal(bitplane.reassemble(packets, lay, fill=fill), img)


@settings(max_examples=40, deadline=None)
@given(img=images())
def test_planes_round_trip(img):
    planes = bitplane.to_planes(img)
    assert planes.shape == (8,) + img.shape
    assert np.array_equal(bitplane.from_planes(planes), img)
    # plane 0 is the most significant bit
    assert np.array_equal(planes[0], img >> 7)


def test_paper_frame_makes_264_packets_33_per_plane_msb_first():
    lay = bitplane.layout((550, 550))
    assert (lay.n_packets, lay.packets_per_plane, lay.payload_bytes + bitplane.HEADER_BYTES) == (264, 33, 1224)
    assert lay.plane[:33].tolist() == [0] * 33 and lay.plane[-1] == 7
    d = lay.describe()
    assert d["bytes"].groupby(d["plane"]).sum().eq(lay.plane_bytes).all()


@settings(max_examples=40, deadline=None)
@given(img=images(), seed=st.integers(0, 2**32 - 1))
def test_missing_bits_errors_are_bounded_by_the_fill_rule(img, seed):
    lay = bitplane.layout(img.shape, packet_bytes=20, header_bytes=10)
    packets = bitplane.packetize(img, packet_bytes=20, header_bytes=10)
    rec = np.random.default_rng(seed).random(lay.n_packets) < 0.6
    mask = bitplane.received_bits(rec, lay)
    weights = (1 << np.arange(7, -1, -1))[:, None, None]
    missing_weight = ((~mask) * weights).sum(axis=0)
    zero = bitplane.reassemble(packets, lay, received=rec, fill="zero").astype(int)
    half = bitplane.reassemble(packets, lay, received=rec, fill="half").astype(int)
    prev = bitplane.reassemble(packets, lay, received=rec, fill="previous", previous=img).astype(int)
    assert np.array_equal(prev, img)  # filling from the same frame restores it
    assert np.all((img - zero >= 0) & (img - zero <= missing_weight))
    # "half" sits in the middle of the uncertainty interval (within rounding)
    assert np.all(np.abs(half - (zero + missing_weight / 2)) <= 0.5)
    assert np.all(zero[missing_weight == 0] == img[missing_weight == 0])


def test_losing_a_packet_damages_only_its_plane_and_rows():
    img = np.random.default_rng(0).integers(0, 256, (550, 550), dtype=np.uint8)
    lay = bitplane.layout(img.shape)
    rec = np.ones(264, bool)
    rec[40] = False  # plane 1 (bit 6), packet 7 of that plane
    out = bitplane.reassemble(bitplane.packetize(img), lay, received=rec, fill="zero")
    diff = out.astype(int) - img
    assert set(np.unique(diff)) <= {0, -64}
    rows = np.flatnonzero(diff.any(axis=1))
    d = lay.describe().iloc[40]
    assert rows.min() >= d["first_row"] and rows.max() <= d["last_row"]


@pytest.mark.parametrize("bad, exc, word", [
    (np.zeros((4, 4), dtype=np.uint16), TypeError, "uint8"),
    (np.zeros((4, 4, 3), dtype=np.uint8), ValueError, "2-D"),
    (np.zeros((0, 4), dtype=np.uint8), ValueError, "empty"),
    ([[1.5, 2.0]], TypeError, "uint8"),
])
def test_bad_images_are_rejected(bad, exc, word):
    with pytest.raises(exc, match=word):
        bitplane.packetize(bad)


def test_packet_too_small_and_bad_fill_are_rejected():
    img = np.zeros((8, 8), np.uint8)
    with pytest.raises(ValueError, match="packet_bytes"):
        bitplane.packetize(img, packet_bytes=78, header_bytes=78)
    lay = bitplane.layout(img.shape)
    pk = bitplane.packetize(img)
    with pytest.raises(ValueError, match="fill"):
        bitplane.reassemble(pk, lay, fill="mean")
    with pytest.raises(ValueError, match="previous"):
        bitplane.reassemble(pk, lay, received=np.zeros(lay.n_packets, bool), fill="previous")
    with pytest.raises(ValueError, match="received"):
        bitplane.reassemble(pk, lay, received=np.ones(3, bool))
    with pytest.raises(ValueError, match="shape"):
        bitplane.layout((0, 5))
