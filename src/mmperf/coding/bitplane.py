"""Bit-plane (hierarchical) coding of 8-bit images, packetization and reassembly.

An 8-bit image is split into its 8 bit planes, most significant first. Each
plane is packed eight pixels to a byte (row-major) and cut into packets of a
fixed payload; packets never straddle two planes, so the packets of plane 0
(the most significant bit) come first in the stream, then plane 1, and so on.
This is the coding of Taylor & Polyzos (1993, sec. 2.2): with a 550x550 frame,
a 1146-byte payload (1224 bytes of data and application header, i.e. a
78-byte header) gives 33 packets per plane and 264 packets per frame.

The receiver rebuilds the frame from whatever packets arrived. A missing bit
is filled by one of three documented rules (``fill``):

``"half"``
    the bit's expected value, 1/2: the pixel becomes the sum of its known bits
    plus ``2**(k-1)`` for each missing bit ``k``, rounded half up. This is the
    centre of the pixel's uncertainty interval and the book's default.
``"zero"``
    missing bits are 0 (a receiver that clears its frame buffer).
``"previous"``
    missing bits are taken from a previous frame (a receiver that rebuilds
    into the buffer it last displayed).

Examples
--------
>>> import numpy as np
>>> from mmperf.coding import bitplane
>>> img = np.arange(550 * 550, dtype=np.uint64).reshape(550, 550).astype(np.uint8)
>>> layout = bitplane.layout(img.shape)
>>> layout.n_packets, layout.packets_per_plane
(264, 33)
>>> packets = bitplane.packetize(img)
>>> bool((bitplane.reassemble(packets, layout) == img).all())
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from mmperf import _validate

__all__ = [
    "N_PLANES", "PACKET_BYTES", "HEADER_BYTES", "UDP_IP_BYTES", "FILL_RULES", "Layout", "layout",
    "to_planes", "from_planes", "packetize", "received_bits", "reassemble", "buffer_aware_order"
]

N_PLANES = 8
"""Bit planes of an 8-bit image."""

PACKET_BYTES = 1224
"""Video data and application header per packet [bytes] (paper, sec. 2.2)."""

HEADER_BYTES = 78
"""Application header per packet [bytes]: 1224 - ceil(302500 / 264), so that a
550x550 frame makes the paper's 264 packets (33 per plane)."""

UDP_IP_BYTES = 32
"""UDP/IP header per packet [bytes] (paper, sec. 2.2)."""

FILL_RULES = ("half", "zero", "previous")


@dataclass(frozen=True)
class Layout:
    """Where each packet's payload sits in the bit-plane representation.

    Made by :func:`layout`.

    Parameters
    ----------
    shape : (int, int)
        Image height and width [pixels].
    payload_bytes : int
        Bit-plane bytes per packet.
    plane_bytes : int
        Bytes of one packed plane, ``ceil(height * width / 8)``.
    packets_per_plane : int
        ``ceil(plane_bytes / payload_bytes)``.
    """

    shape: tuple[int, int]
    payload_bytes: int
    plane_bytes: int
    packets_per_plane: int

    @property
    def n_packets(self) -> int:
        """Packets per frame, ``8 * packets_per_plane``."""
        return N_PLANES * self.packets_per_plane

    @property
    def plane(self) -> np.ndarray:
        """Plane of each packet (0 = most significant bit), shape ``(n_packets,)``."""
        return np.repeat(np.arange(N_PLANES), self.packets_per_plane)

    @property
    def bit(self) -> np.ndarray:
        """Bit position of each packet's plane (7 = most significant)."""
        return N_PLANES - 1 - self.plane

    def describe(self) -> pd.DataFrame:
        """Return one row per packet: index, plane, bit, first byte, bytes, first and last pixel row."""
        idx = np.arange(self.n_packets)
        within = idx % self.packets_per_plane
        start = within * self.payload_bytes
        length = np.minimum(self.payload_bytes, self.plane_bytes - start)
        width = self.shape[1]
        first_px = start * 8
        last_px = np.minimum((start + length) * 8, self.shape[0] * width) - 1
        return pd.DataFrame(
            {
                "packet": idx,
                "plane": self.plane,
                "bit": self.bit,
                "first_byte": start,
                "bytes": length,
                "first_row": first_px // width,
                "last_row": last_px // width,
            }
        )


def _check_image(image, name: str = "image") -> np.ndarray:
    arr = np.asarray(image)
    if arr.dtype != np.uint8:
        raise TypeError(f"{name} must be a uint8 array (an 8-bit grey image), got dtype {arr.dtype}")
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-D (height, width), got shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty, got shape {arr.shape}")
    return arr


def layout(shape, *, packet_bytes: int = PACKET_BYTES, header_bytes: int = HEADER_BYTES) -> Layout:
    """Compute the packet layout of a frame.

    Parameters
    ----------
    shape : (int, int)
        Image height and width [pixels].
    packet_bytes : int, default 1224
        Data plus application header per packet [bytes].
    header_bytes : int, default 78
        Application header per packet [bytes]; the payload is the difference.

    Returns
    -------
    Layout
        The frame's layout: payload bytes per packet, plane bytes and packets per plane.

    Raises
    ------
    ValueError
        If the shape is not two positive ints, or the packet leaves no room for
        payload (``packet_bytes <= header_bytes``).

    References
    ----------
    Taylor & Polyzos (1993), sec. 2.2: 264 packets of 1224 bytes per 550x550 frame.
    """
    try:
        dims = tuple(shape)
    except TypeError:
        raise ValueError(f"shape must be (height, width), got {shape!r}") from None
    if len(dims) != 2 or any(isinstance(d, (bool, np.bool_)) or not isinstance(d, (int, np.integer)) for d in dims):
        raise ValueError(f"shape must be (height, width), two whole numbers, got {shape!r}")
    h, w = (int(d) for d in dims)
    if h <= 0 or w <= 0:
        raise ValueError(f"shape must be two positive ints, got {shape!r}")
    _validate.size(h * w, "shape (height * width pixels)")
    for name, v in (("packet_bytes", packet_bytes), ("header_bytes", header_bytes)):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or v < 0:
            raise ValueError(f"{name} must be a non-negative int, got {v!r}")
    payload = int(packet_bytes) - int(header_bytes)
    if payload < 1:
        raise ValueError(
            f"packet_bytes ({packet_bytes}) must exceed header_bytes ({header_bytes}) to leave room for payload"
        )
    plane_bytes = -(-h * w // 8)
    return Layout((h, w), payload, plane_bytes, -(-plane_bytes // payload))


def to_planes(image) -> np.ndarray:
    """Split an 8-bit image into its bit planes, most significant first.

    Parameters
    ----------
    image : numpy.ndarray
        2-D uint8 array.

    Returns
    -------
    numpy.ndarray
        Shape ``(8, height, width)``, dtype uint8 with values 0/1; ``planes[0]``
        holds bit 7.

    Raises
    ------
    TypeError, ValueError
        If ``image`` is not a non-empty 2-D uint8 array.
    """
    img = _check_image(image)
    shifts = np.arange(N_PLANES - 1, -1, -1, dtype=np.uint8)[:, None, None]
    return (img[None, :, :] >> shifts) & np.uint8(1)


def from_planes(planes) -> np.ndarray:
    """Rebuild an 8-bit image from its 8 bit planes (inverse of :func:`to_planes`).

    Parameters
    ----------
    planes : array_like
        Shape ``(8, height, width)``, values 0 and 1; ``planes[0]`` holds bit 7 (the most
        significant).

    Returns
    -------
    numpy.ndarray
        The image, shape ``(height, width)``, dtype uint8: ``sum(planes[k] << (7 - k))``.

    Raises
    ------
    ValueError
        If ``planes`` does not have shape ``(8, height, width)`` with 0/1 values.
    """
    p = np.asarray(planes)
    if p.ndim != 3 or p.shape[0] != N_PLANES:
        raise ValueError(f"planes must have shape (8, height, width), got {p.shape}")
    if p.size and (p.min() < 0 or p.max() > 1):
        raise ValueError("planes must hold only 0 and 1")
    weights = (1 << np.arange(N_PLANES - 1, -1, -1)).astype(np.uint16)[:, None, None]
    return (p.astype(np.uint16) * weights).sum(axis=0).astype(np.uint8)


def packetize(image, *, packet_bytes: int = PACKET_BYTES, header_bytes: int = HEADER_BYTES) -> np.ndarray:
    """Bit-plane code a frame and cut it into packets, most significant plane first.

    Parameters
    ----------
    image : numpy.ndarray
        2-D uint8 array.
    packet_bytes, header_bytes : int
        See :func:`layout`.

    Returns
    -------
    numpy.ndarray
        Shape ``(n_packets, payload_bytes)``, uint8: the payload of each packet in
        send order (the last packet of each plane is zero-padded).

    Raises
    ------
    TypeError, ValueError
        For a non-uint8 or non-2-D image, or a packet too small for any payload.

    References
    ----------
    Taylor & Polyzos (1993), sec. 2.2.
    """
    img = _check_image(image)
    lay = layout(img.shape, packet_bytes=packet_bytes, header_bytes=header_bytes)
    _validate.size(lay.n_packets * lay.payload_bytes / 8, "packet_bytes x packets (the padded payload)")
    packed = np.packbits(to_planes(img).reshape(N_PLANES, -1), axis=1)  # (8, plane_bytes)
    padded = np.zeros((N_PLANES, lay.packets_per_plane * lay.payload_bytes), dtype=np.uint8)
    padded[:, : lay.plane_bytes] = packed
    return padded.reshape(lay.n_packets, lay.payload_bytes)


def _weigh(bits: np.ndarray) -> np.ndarray:
    """Combine 8 rows of 0/1 bits (MSB first) into uint16 values, by shifts."""
    acc = np.zeros(bits.shape[1], dtype=np.uint16)
    for i in range(N_PLANES):
        acc <<= 1
        acc |= bits[i]
    return acc


def _byte_mask(received, lay: Layout) -> np.ndarray:
    rec = _validate.mask(received, "received", lay.n_packets)
    per_byte = np.repeat(rec.astype(bool).reshape(N_PLANES, lay.packets_per_plane), lay.payload_bytes, axis=1)
    return per_byte[:, : lay.plane_bytes]


def received_bits(received, lay: Layout) -> np.ndarray:
    """Expand a per-packet received mask to a per-pixel, per-plane mask.

    Parameters
    ----------
    received : array_like of bool
        Shape ``(n_packets,)``: True where the packet arrived.
    lay : Layout
        Where each packet's payload sits (:func:`layout` of the image's shape).

    Returns
    -------
    numpy.ndarray
        Bool array of shape ``(8, height, width)``.

    Raises
    ------
    ValueError
        If ``received`` does not have one entry per packet.
    """
    _validate.instance(lay, "lay", Layout)
    h, w = lay.shape
    per_byte = _byte_mask(received, lay)
    return np.repeat(per_byte, 8, axis=1)[:, : h * w].reshape(N_PLANES, h, w)


def reassemble(packets, lay: Layout, *, received=None, fill: str = "half", previous=None) -> np.ndarray:
    """Rebuild a frame from the packets that arrived.

    Parameters
    ----------
    packets : numpy.ndarray
        Shape ``(n_packets, payload_bytes)`` uint8, as from :func:`packetize`
        (the content of lost packets is ignored).
    lay : Layout
        The frame's layout.
    received : array_like of bool, optional
        Shape ``(n_packets,)``, True where the packet arrived; default all.
    fill : {"half", "zero", "previous"}, default "half"
        Rule for missing bits (see the module docstring).
    previous : numpy.ndarray, optional
        The previous frame (uint8, same shape); required for ``fill="previous"``.

    Returns
    -------
    numpy.ndarray
        The reconstructed uint8 frame. With every packet received it equals the
        original exactly, whatever the fill rule.

    Raises
    ------
    ValueError
        If shapes disagree, ``fill`` is unknown, or ``previous`` is missing for
        ``fill="previous"``.
    """
    _validate.instance(lay, "lay", Layout)
    if previous is not None:
        prev = _check_image(previous, "previous")
        if prev.shape != lay.shape:
            raise ValueError(f"previous must have shape {lay.shape}, got {prev.shape}")
    pk = np.asarray(packets)
    if pk.dtype != np.uint8 or pk.shape != (lay.n_packets, lay.payload_bytes):
        raise ValueError(
            f"packets must be uint8 with shape ({lay.n_packets}, {lay.payload_bytes}), got {pk.dtype} {pk.shape}"
        )
    if fill not in FILL_RULES:
        raise ValueError(f"fill must be one of {FILL_RULES}, got {fill!r}")
    if received is None:
        received = np.ones(lay.n_packets, dtype=bool)
    h, w = lay.shape
    npx = h * w
    keep = np.where(_byte_mask(received, lay), np.uint8(0xFF), np.uint8(0))
    planes_bytes = pk.reshape(N_PLANES, -1)[:, : lay.plane_bytes]
    known = _weigh(np.unpackbits(planes_bytes & keep, axis=1)[:, :npx])
    if keep.all():
        return known.astype(np.uint8).reshape(h, w)
    missing = _weigh(np.unpackbits(~keep, axis=1)[:, :npx])  # bit mask of each pixel's missing bits
    if fill == "zero":
        out = known
    elif fill == "previous":
        if previous is None:
            raise ValueError("fill='previous' needs previous= (the last displayed frame)")
        prev = _check_image(previous, "previous")
        if prev.shape != lay.shape:
            raise ValueError(f"previous must have shape {lay.shape}, got {prev.shape}")
        out = known | (prev.ravel().astype(np.uint16) & missing)
    else:  # "half": known bits plus half the weight of every missing bit, rounded half up
        out = (2 * known + missing + 1) >> 1
    return out.astype(np.uint8).reshape(h, w)


def buffer_aware_order(layout: Layout, *, buffer_packets: int) -> np.ndarray:
    """A send order that puts the least significant planes where a full socket buffer loses packets.

    Taylor & Polyzos (1993, sec. 3.4) found the losses at send positions ``buffer .. buffer + x``
    (the packets that arrive while the receiver displays, after its socket buffer has filled), that
    is on the second most significant plane, and named "reordering the transmission of packets" as a
    remedy. This order sends the ``buffer_packets`` most significant packets first (they fit in the
    buffer), then the remaining packets from the least significant plane up, so the positions
    after the buffer carry the least important bits.

    Parameters
    ----------
    layout : Layout
        The frame's packet layout (:func:`layout`).
    buffer_packets : int
        Packets the receiver's socket buffer holds (>= 0; at least ``n_packets`` leaves the natural order).

    Returns
    -------
    numpy.ndarray
        ``order[i]``: the packet (of the natural, most-significant-first numbering) sent at position ``i``.

    Raises
    ------
    TypeError
        If ``layout`` is not a :class:`Layout`.
    ValueError
        If ``buffer_packets`` is not a whole number >= 0.

    Examples
    --------
    >>> lay = layout((550, 550))
    >>> order = buffer_aware_order(lay, buffer_packets=40)
    >>> [int(lay.plane[order[i]]) for i in (0, 39, 40, 263)]
    [0, 1, 7, 1]
    """
    if not isinstance(layout, Layout):
        raise TypeError(f"layout must be a Layout, got {type(layout).__name__}")
    b = _validate.whole(buffer_packets, "buffer_packets", minimum=0)
    n = layout.n_packets
    head = np.arange(min(b, n))
    rest = np.arange(min(b, n), n)
    # least significant plane first, packets of one plane in their natural order
    rest = rest[np.lexsort((rest, -layout.plane[rest]))]
    return np.r_[head, rest].astype(np.int64)
