"""The IP Traffic Flow Description (TFD) option, as bytes.

The TFD option (Chodorek & Chodorek, Sec. III; IETF draft
draft-chodorek-traffic-flow-option) tells every router on a path how much
data a flow will send in the near future: *Next Data* bytes within the next
*Next Time* milliseconds. A TFD-capable router divides the two and reserves
that bit rate for the flow.

Layout (all fields big-endian)::

    IPv4:  Type(8) | Len(8)=12          | Flags(16) | Next Data(32) | Next Time(32)
    IPv6:  Type(8) | Opt Data Len(8)=10 | Flags(16) | Next Data(32) | Next Time(32)

* IPv4 Type: copied bit set (every fragment carries the option), class 00
  (control), then the 5-bit option number.
* IPv6 Type: the first three bits clear (skip the option if unrecognised; it
  may not change en route), then the 5-bit option number.
* Len counts the two control bytes (12); Opt Data Len does not (10).
* Flags: B (knowledge from the sending buffer), F (from a forecast), D (Next
  Data is an IEEE-754 float32, else an unsigned integer), M (Next Data is the
  maximum of the transmission), L (large amount of data), S (stream,
  inelastic), E (elastic). B and F together are denied; B and F both clear
  mean the knowledge came from the encoder. Other bits are reserved (zero).

The option number is not yet allocated by IANA; this module uses 30 by
default, the experimental number of RFC 4727. The bit positions of the flags
are lost with the paper's Fig. 1c; the book puts B, F, D, M, L, S, E in the
seven most significant bits of the Flags field, in that order.

Examples
--------
>>> from mmperf.transports.tfd import TFDOption, encode, decode
>>> opt = TFDOption(next_data=2_362_500, next_time_ms=300, source="buffer", stream=True, large=True)
>>> raw = encode(opt)
>>> len(raw), raw[0] == 0x80 | 30, raw[1]
(12, True, 12)
>>> decode(raw) == opt
True
>>> round(opt.rate_bps() / 1e6, 1)
63.0
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass

from mmperf import _validate

__all__ = [
    "FLAG_BITS",
    "LENGTH_FIELD",
    "OPTION_SIZE",
    "SOURCES",
    "TFDOption",
    "decode",
    "encode",
]

FLAG_BITS = {"B": 15, "F": 14, "D": 13, "M": 12, "L": 11, "S": 10, "E": 9}
"""Bit position (15 = most significant) of each flag in the 16-bit Flags field."""

SOURCES = ("encoder", "buffer", "forecast")
"""Where the knowledge came from: B and F clear, B set, F set (Sec. III.C)."""

LENGTH_FIELD = {4: 12, 6: 10}
"""Value of the Len (IPv4) / Opt Data Len (IPv6) field."""

OPTION_SIZE = {4: 12, 6: 12}
"""Bytes the option occupies on the wire (IPv6 excludes the 2 control bytes from its length field)."""

_RESERVED_MASK = 0xFFFF & ~sum(1 << b for b in FLAG_BITS.values())
_UINT32_MAX = 2**32 - 1
_FLOAT32_MAX = struct.unpack(">f", b"\x7f\x7f\xff\xff")[0]


@dataclass(frozen=True)
class TFDOption:
    """Contents of one TFD option.

    Parameters
    ----------
    next_data : int or float
        Bytes the flow will send within the next ``next_time_ms``. An int
        (0 .. 2**32-1) is carried as an unsigned integer; with
        ``float_data=True`` it is carried as an IEEE-754 float32 (D flag).
    next_time_ms : int
        The planning horizon in milliseconds, 0 .. 2**32-1 (300 in the paper).
    source : {"encoder", "buffer", "forecast"}
        Source of the knowledge (B, F flags).
    float_data, maximum, large, stream, elastic : bool
        The D, M, L, S and E flags.

    Raises
    ------
    ValueError
        On a value out of range or an unknown ``source``.
    TypeError
        If ``next_data`` is not a number or an integer is required and not given.
    """

    next_data: int | float
    next_time_ms: int
    source: str = "encoder"
    float_data: bool = False
    maximum: bool = False
    large: bool = False
    stream: bool = False
    elastic: bool = False

    def __post_init__(self):
        for name in ("float_data", "maximum", "large", "stream", "elastic"):
            _validate.flag(getattr(self, name), name)
        if self.source not in SOURCES:
            raise ValueError(f"source must be one of {SOURCES}, got {self.source!r}")
        if isinstance(self.next_time_ms, bool) or not isinstance(self.next_time_ms, int):
            raise TypeError(f"next_time_ms must be an int number of milliseconds, got {self.next_time_ms!r}")
        if not 0 <= self.next_time_ms <= _UINT32_MAX:
            raise ValueError(f"next_time_ms must be in 0..{_UINT32_MAX} ms, got {self.next_time_ms}")
        nd = self.next_data
        if isinstance(nd, bool) or not isinstance(nd, (int, float)):
            raise TypeError(f"next_data must be an int or float number of bytes, got {nd!r}")
        if self.float_data:
            if not math.isfinite(nd) or nd < 0 or nd > _FLOAT32_MAX:
                raise ValueError(f"next_data as float32 (D flag) must be finite, >= 0 and <= {_FLOAT32_MAX:.3e}, got {nd}")
        else:
            if not isinstance(nd, int):
                raise TypeError(f"next_data must be an int when float_data is False (D flag clear), got {nd!r}")
            if not 0 <= nd <= _UINT32_MAX:
                raise ValueError(f"next_data as unsigned integer must be in 0..{_UINT32_MAX} bytes, got {nd}")

    @property
    def flags(self) -> int:
        """The 16-bit Flags field."""
        bits = {
            "B": self.source == "buffer",
            "F": self.source == "forecast",
            "D": self.float_data,
            "M": self.maximum,
            "L": self.large,
            "S": self.stream,
            "E": self.elastic,
        }
        return sum(1 << FLAG_BITS[k] for k, v in bits.items() if v)

    def rate_bps(self) -> float:
        """The announced bit rate, ``8 * next_data / next_time`` [bit/s].

        Raises
        ------
        ValueError
            If ``next_time_ms`` is 0 (no horizon, no rate).
        """
        if self.next_time_ms == 0:
            raise ValueError("next_time_ms is 0: the option announces no rate")
        return 8.0 * float(self.next_data) / (self.next_time_ms / 1000.0)


def _check_version(ip_version) -> None:
    if ip_version not in (4, 6):
        raise ValueError(f"ip_version must be 4 or 6, got {ip_version!r}")


def _check_number(option_number) -> None:
    if isinstance(option_number, bool) or not isinstance(option_number, int) or not 0 <= option_number <= 31:
        raise ValueError(f"option_number must be an int in 0..31 (five bits), got {option_number!r}")


def _type_byte(ip_version: int, option_number: int) -> int:
    return (0x80 | option_number) if ip_version == 4 else option_number


def encode(option: TFDOption, *, ip_version: int = 4, option_number: int = 30) -> bytes:
    """Encode a TFD option into its 12 wire bytes.

    Parameters
    ----------
    option : TFDOption
        The option's contents.
    ip_version : {4, 6}
        Which form: IPv4 option (Len = 12) or IPv6 hop-by-hop option (Opt Data Len = 10).
    option_number : int
        The five-bit option number (IANA has not allocated one; 30 is RFC 4727's experimental number).

    Returns
    -------
    bytes
        12 bytes: type, length, flags, Next Data, Next Time.

    Raises
    ------
    ValueError
        If ``ip_version`` or ``option_number`` is out of range.
    TypeError
        If ``option`` is not a :class:`TFDOption`.

    References
    ----------
    Chodorek & Chodorek, Sec. III and Fig. 1.
    """
    if not isinstance(option, TFDOption):
        raise TypeError(f"option must be a TFDOption, got {type(option).__name__}")
    _check_version(ip_version)
    _check_number(option_number)
    data = struct.pack(">f", option.next_data) if option.float_data else struct.pack(">I", option.next_data)
    return (
        struct.pack(">BBH", _type_byte(ip_version, option_number), LENGTH_FIELD[ip_version], option.flags)
        + data
        + struct.pack(">I", option.next_time_ms)
    )


def decode(data: bytes, *, ip_version: int = 4, option_number: int | None = None) -> TFDOption:
    """Decode the 12 wire bytes of a TFD option.

    Parameters
    ----------
    data : bytes
        Exactly the option's 12 bytes.
    ip_version : {4, 6}
        Which form to expect.
    option_number : int, optional
        If given, the type byte's option number must equal it.

    Returns
    -------
    TFDOption
        The option's fields as decoded.

    Raises
    ------
    ValueError
        Wrong size or length field, a type byte with the wrong copy/class bits for the IP
        version, an unexpected option number, the denied B+F combination, reserved flag bits
        set, or a float Next Data that is negative, infinite or NaN.
    TypeError
        If ``data`` is not bytes-like.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, got {type(data).__name__}")
    data = bytes(data)
    _check_version(ip_version)
    if len(data) != OPTION_SIZE[ip_version]:
        raise ValueError(f"data must be one TFD option of {OPTION_SIZE[ip_version]} bytes, got {len(data)}")
    type_byte, length, flags = struct.unpack(">BBH", data[:4])
    if ip_version == 4 and type_byte & 0xE0 != 0x80:
        raise ValueError(f"IPv4 TFD type byte must have copied=1, class=00, got 0x{type_byte:02x}")
    if ip_version == 6 and type_byte & 0xE0 != 0:
        raise ValueError(f"IPv6 TFD type byte must start with three clear bits, got 0x{type_byte:02x}")
    if option_number is not None:
        _check_number(option_number)
        if type_byte & 0x1F != option_number:
            raise ValueError(f"option_number: the data's option number is {type_byte & 0x1F}, expected {option_number}")
    if length != LENGTH_FIELD[ip_version]:
        name = "Len" if ip_version == 4 else "Opt Data Len"
        raise ValueError(f"{name} must be {LENGTH_FIELD[ip_version]} for IPv{ip_version}, got {length}")
    if flags & _RESERVED_MASK:
        raise ValueError(f"reserved Flags bits must be zero, got flags 0x{flags:04x}")
    b = bool(flags >> FLAG_BITS["B"] & 1)
    f = bool(flags >> FLAG_BITS["F"] & 1)
    if b and f:
        raise ValueError("flags B and F are both set: this combination is denied (Sec. III.C)")
    source = "buffer" if b else "forecast" if f else "encoder"
    is_float = bool(flags >> FLAG_BITS["D"] & 1)
    if is_float:
        (next_data,) = struct.unpack(">f", data[4:8])
        if not math.isfinite(next_data) or next_data < 0:
            raise ValueError(f"float Next Data must be finite and >= 0, got {next_data}")
    else:
        (next_data,) = struct.unpack(">I", data[4:8])
    (next_time,) = struct.unpack(">I", data[8:12])
    return TFDOption(
        next_data=next_data,
        next_time_ms=next_time,
        source=source,
        float_data=is_float,
        maximum=bool(flags >> FLAG_BITS["M"] & 1),
        large=bool(flags >> FLAG_BITS["L"] & 1),
        stream=bool(flags >> FLAG_BITS["S"] & 1),
        elastic=bool(flags >> FLAG_BITS["E"] & 1),
    )
