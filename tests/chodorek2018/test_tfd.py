"""The TFD option as bytes: round trips and clear errors (Sec. III, Fig. 1)."""

import struct

import numpy as np
import pytest
from hypothesis import given, strategies as st

from mmperf.transports.tfd import FLAG_BITS, TFDOption, decode, encode

options = st.builds(
    TFDOption,
    next_data=st.integers(0, 2**32 - 1),
    next_time_ms=st.integers(0, 2**32 - 1),
    source=st.sampled_from(["encoder", "buffer", "forecast"]),
    maximum=st.booleans(), large=st.booleans(), stream=st.booleans(), elastic=st.booleans(),
)
float_options = st.builds(
    TFDOption,
    next_data=st.floats(0, width=32, allow_nan=False, allow_infinity=False),
    next_time_ms=st.integers(0, 2**32 - 1),
    source=st.sampled_from(["encoder", "buffer", "forecast"]),
    float_data=st.just(True),
)


@given(options, st.sampled_from([4, 6]), st.integers(0, 31))
def test_integer_round_trip(opt, version, number):
    raw = encode(opt, ip_version=version, option_number=number)
    assert len(raw) == 12
    assert decode(raw, ip_version=version, option_number=number) == opt


@given(float_options, st.sampled_from([4, 6]))
def test_float_round_trip(opt, version):
    raw = encode(opt, ip_version=version)
    back = decode(raw, ip_version=version)
    assert back == opt and back.float_data


def test_layout_ipv4_and_ipv6():
    opt = TFDOption(next_data=1000, next_time_ms=300, source="buffer", stream=True)
    v4, v6 = encode(opt, ip_version=4), encode(opt, ip_version=6)
    assert v4[0] == 0b1001_1110 and v4[1] == 12          # copied=1, class 00, number 30; Len incl. control
    assert v6[0] == 0b0001_1110 and v6[1] == 10          # three clear bits; Opt Data Len excl. control
    flags = struct.unpack(">H", v4[2:4])[0]
    assert flags == (1 << FLAG_BITS["B"]) | (1 << FLAG_BITS["S"])
    assert struct.unpack(">II", v4[4:]) == (1000, 300)
    assert v4[2:] == v6[2:]


def test_rate():
    assert TFDOption(next_data=2_362_500, next_time_ms=300).rate_bps() == pytest.approx(63e6)
    with pytest.raises(ValueError, match="next_time_ms is 0"):
        TFDOption(next_data=1, next_time_ms=0).rate_bps()


def _with_flags(raw, flags):
    return raw[:2] + struct.pack(">H", flags) + raw[4:]


def test_denied_b_and_f():
    raw = encode(TFDOption(next_data=5, next_time_ms=300))
    bad = _with_flags(raw, (1 << FLAG_BITS["B"]) | (1 << FLAG_BITS["F"]))
    with pytest.raises(ValueError, match="B and F"):
        decode(bad)


@pytest.mark.parametrize("version, length", [(4, 10), (4, 11), (6, 12), (6, 8)])
def test_wrong_length_field(version, length):
    raw = bytearray(encode(TFDOption(next_data=5, next_time_ms=300), ip_version=version))
    raw[1] = length
    with pytest.raises(ValueError, match="must be (12|10)"):
        decode(bytes(raw), ip_version=version)


def test_wrong_size_type_and_reserved_bits():
    raw = encode(TFDOption(next_data=5, next_time_ms=300))
    with pytest.raises(ValueError, match="12 bytes"):
        decode(raw[:11])
    with pytest.raises(ValueError, match="copied=1"):
        decode(bytes([0x1E]) + raw[1:])
    with pytest.raises(ValueError, match="three clear bits"):
        decode(encode(TFDOption(next_data=5, next_time_ms=300), ip_version=4)[:1] + bytes([10]) + raw[2:], ip_version=6)
    with pytest.raises(ValueError, match="reserved"):
        decode(_with_flags(raw, 1))
    with pytest.raises(ValueError, match="expected 7"):
        decode(raw, option_number=7)
    with pytest.raises(TypeError):
        decode("not bytes")


def test_bad_float_payload():
    raw = encode(TFDOption(next_data=1.0, next_time_ms=300, float_data=True))
    for bad in (float("nan"), float("inf"), -1.0):
        with pytest.raises(ValueError, match="float Next Data"):
            decode(raw[:4] + struct.pack(">f", bad) + raw[8:])


@pytest.mark.parametrize("kwargs, exc, match", [
    (dict(next_data=-1, next_time_ms=300), ValueError, "0..4294967295"),
    (dict(next_data=2**32, next_time_ms=300), ValueError, "unsigned"),
    (dict(next_data=1.5, next_time_ms=300), TypeError, "D flag"),
    (dict(next_data=1, next_time_ms=-1), ValueError, "next_time_ms"),
    (dict(next_data=1, next_time_ms=2**32), ValueError, "next_time_ms"),
    (dict(next_data=1, next_time_ms=0.3), TypeError, "next_time_ms"),
    (dict(next_data=1, next_time_ms=300, source="guess"), ValueError, "source"),
    (dict(next_data=float("nan"), next_time_ms=300, float_data=True), ValueError, "float32"),
    (dict(next_data=1e39, next_time_ms=300, float_data=True), ValueError, "float32"),
    (dict(next_data="10", next_time_ms=300), TypeError, "next_data"),
])
def test_invalid_options(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        TFDOption(**kwargs)


def test_bad_encode_arguments():
    opt = TFDOption(next_data=1, next_time_ms=300)
    with pytest.raises(ValueError, match="ip_version"):
        encode(opt, ip_version=5)
    with pytest.raises(ValueError, match="option_number"):
        encode(opt, option_number=32)
    with pytest.raises(TypeError, match="TFDOption"):
        encode({"next_data": 1})
