"""From granted reservations to a token-bucket policer's inputs.

Admission control grants each stream a rate per reservation period (:func:`mmperf.networks.bottleneck.admit`):
one period for a static reservation (RSVP), one per window for a renewed one (TFD). The policer of
:func:`mmperf.networks.shared_bottleneck.simulate` takes a rate (or a rate per window, with the
window and the delay before each rate is in force) and a bucket depth per stream; :func:`policer_inputs`
builds them, with the two readings of a bucket (the stream's own largest burst, or one frame interval
of its largest rate as a sender that knows its rate but not its frames puts in its TSpec, RFC 2210) and a
renewed reservation either renewed or held at its mean.
"""

from __future__ import annotations

import numpy as np

from mmperf import _validate

__all__ = ["policer_inputs"]


def policer_inputs(rates_bps, *, depth_bytes, period_s: float | None = None, renew: bool = True,
                   signalling_delay_s: float = 0.0, bucket_frame_rate: float | None = None,
                   min_bucket_bytes: float = 0.0) -> dict:
    """The token-bucket policer's inputs for streams holding granted reservations.

    Parameters
    ----------
    rates_bps : array_like
        Granted rates [bit/s], shape ``(N, W)``: one column for a static reservation, one per window
        of ``period_s`` for a renewed one; ``>= 0``.
    depth_bytes : array_like
        Each stream's bucket depth [bytes], shape ``(N,)`` (its largest burst), ``>= 0``.
    period_s : float, optional
        Length of a reservation window [s], ``> 0``, for a renewed reservation; None: static (one column).
    renew : bool, default True
        With ``period_s``: renew the rate every window (True) or hold each stream at its mean rate (False).
    signalling_delay_s : float, default 0
        Delay [s] from a window's start to its rate being in force, ``>= 0`` (renewed only).
    bucket_frame_rate : float, optional
        If given (frames per second, ``> 0``), each bucket is one frame interval of the stream's largest
        granted rate deep (a TSpec bucket) instead of ``depth_bytes``.
    min_bucket_bytes : float, default 0
        The smallest TSpec bucket [bytes] (one full packet), ``>= 0``.

    Returns
    -------
    dict
        Keyword arguments of :class:`mmperf.networks.shared_bottleneck.Reservation`: ``reserved_bps`` (per
        stream, or per stream and window when renewed) and ``bucket_bytes``, and for a renewed reservation
        ``reservation_period_s`` and ``signalling_delay_s``.

    Raises
    ------
    ValueError
        If an array holds NaN, infinities or negative values or has the wrong shape, a static reservation
        has more than one column, or a number is out of range.

    References
    ----------
    Chodorek & Chodorek (2018), Sec. III-IV: RSVP (s2, s3) and TFD (s4) reservations of HD video; RFC 2210
    (the TSpec), RFC 2211-2212 (policing).

    Examples
    --------
    >>> r = policer_inputs([[8e6, 4e6]], depth_bytes=[3000.0], period_s=0.3, signalling_delay_s=0.002)
    >>> r["reserved_bps"].tolist(), r["reservation_period_s"]
    ([[8000000.0, 4000000.0]], 0.3)
    >>> policer_inputs([[8e6, 4e6]], depth_bytes=[3000.0], period_s=0.3, renew=False)["reserved_bps"].tolist()
    [6000000.0]
    >>> policer_inputs([[8e6]], depth_bytes=[3000.0], bucket_frame_rate=25.0, min_bucket_bytes=1368.0)["bucket_bytes"].tolist()
    [40000.0]
    """
    rates = _validate.finite_array(rates_bps, "rates_bps", ndim=2, non_negative=True)
    depth = _validate.finite_array(depth_bytes, "depth_bytes", ndim=1, non_negative=True)
    if depth.size != rates.shape[0]:
        raise ValueError(f"depth_bytes must give one depth per stream ({rates.shape[0]}), got {depth.size}")
    if not isinstance(renew, (bool, np.bool_)):
        raise TypeError(f"renew must be True or False, got {renew!r}")
    signalling_delay_s = _validate.non_negative(signalling_delay_s, "signalling_delay_s")
    min_bucket_bytes = _validate.non_negative(min_bucket_bytes, "min_bucket_bytes")
    if bucket_frame_rate is not None:
        depth = np.maximum(rates.max(axis=1) / 8 / _validate.positive(bucket_frame_rate, "bucket_frame_rate"), min_bucket_bytes)
    if period_s is not None:
        period_s = _validate.positive(period_s, "period_s")
        if renew:
            return {"reserved_bps": rates, "bucket_bytes": depth, "reservation_period_s": period_s,
                    "signalling_delay_s": signalling_delay_s}
        return {"reserved_bps": rates.mean(axis=1), "bucket_bytes": depth}
    if rates.shape[1] != 1:
        raise ValueError(f"rates_bps must have one column for a static reservation (period_s None), got {rates.shape[1]}")
    return {"reserved_bps": rates[:, 0], "bucket_bytes": depth}
