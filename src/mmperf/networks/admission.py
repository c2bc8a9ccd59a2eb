"""Reservations on a fluid bottleneck: what the reserved class serves, what it leaves to best effort.

A router with per-stream reservations (RSVP, or a TFD option renewing them) serves each stream's
conforming bytes in a reserved class and sends the rest, with all other traffic, to one best-effort
drop-tail queue. In the fluid model (:mod:`mmperf.networks.bottleneck`, in slots):

* :func:`traffic_descriptors`: what a reservation request needs to know of each stream (its largest
  burst, its peak rate);
* :func:`split_reserved`: the streams' reserved path (:func:`~mmperf.networks.bottleneck.reserved_path`)
  summed over the streams, and the capacity it leaves to best effort slot by slot;
* :func:`qos_metrics`: one run's loss, utilization and throughputs from the reserved path and the
  best-effort run (:func:`~mmperf.networks.bottleneck.simulate_best_effort_many`).

The granted rates come from :func:`~mmperf.networks.bottleneck.admit`.
"""

from __future__ import annotations

import numpy as np

from mmperf import _validate
from mmperf.networks import bottleneck

__all__ = ["qos_metrics", "split_reserved", "traffic_descriptors"]


def _max_window_sum(arrivals: np.ndarray, win: int) -> np.ndarray:
    """Largest sum of ``win`` consecutive slots of each stream, shape ``(N,)``."""
    c = np.concatenate([np.zeros((arrivals.shape[0], 1)), np.cumsum(arrivals, axis=1)], axis=1)
    win = min(win, arrivals.shape[1])
    return (c[:, win:] - c[:, :-win]).max(axis=1)


def traffic_descriptors(arrivals, *, slot_s: float, burst_s: float, peak_window_s: float) -> dict:
    """Each stream's largest burst and peak rate: a token bucket's depth and a peak-rate reservation.

    Parameters
    ----------
    arrivals : numpy.ndarray
        Bytes per slot of each stream, shape ``(N, T)``.
    slot_s : float
        Slot length [s].
    burst_s : float
        The burst's window [s] (one frame interval: the depth a bucket needs to pass a frame).
    peak_window_s : float
        The averaging window of the peak rate [s].

    Returns
    -------
    dict
        ``depth_bytes`` (N,): the largest ``burst_s`` sum; ``peak_bps`` (N,): the largest ``peak_window_s`` mean
        rate [bit/s]. Windows are whole slots (at least one, at most the run).

    Raises
    ------
    ValueError
        If ``arrivals`` is not a 2-D array of finite bytes >= 0, or a length is not a finite number > 0.

    References
    ----------
    Chodorek & Chodorek (2018), Sec. IV.E: s3 reserves each stream's peak rate.

    Examples
    --------
    >>> import numpy as np
    >>> d = traffic_descriptors(np.array([[0.0, 10.0, 30.0, 0.0]]), slot_s=0.5, burst_s=0.5, peak_window_s=1.0)
    >>> d["depth_bytes"].tolist(), d["peak_bps"].tolist()
    ([30.0], [320.0])
    """
    arrivals = _validate.finite_array(arrivals, "arrivals", ndim=2, non_negative=True)
    slot = _validate.positive(slot_s, "slot_s")
    per_frame = max(1, int(round(_validate.positive(burst_s, "burst_s") / slot)))
    win = max(1, int(round(_validate.positive(peak_window_s, "peak_window_s") / slot)))
    return {"depth_bytes": _max_window_sum(arrivals, per_frame), "peak_bps": _max_window_sum(arrivals, win) * 8 / (win * slot)}


def split_reserved(arrivals, rates_bps, *, slots_per_period: int, depth_bytes, slot_s: float, capacity_bps: float,
                   cache: dict | None = None, label=None) -> dict:
    """The reserved path of a set of streams and the capacity it leaves to best effort.

    Each stream's reserved queue is independent of the others once its rate is granted, so with a
    ``cache`` a stream whose arrivals index, granted rates and bucket are those of an earlier call (the same
    stream in a larger set) reuses that path; the sums over streams are taken in stream order, as
    :func:`~mmperf.networks.bottleneck.reserved_path` takes them.

    Parameters
    ----------
    arrivals : numpy.ndarray
        Bytes per slot of each stream, shape ``(N, T)``.
    rates_bps : numpy.ndarray
        Granted rate of each stream per reservation period [bit/s], shape ``(N, W)``.
    slots_per_period : int
        Slots per reservation period.
    depth_bytes : numpy.ndarray
        Token-bucket depth of each stream [bytes], shape ``(N,)``.
    slot_s : float
        Slot length [s].
    capacity_bps : float
        Link rate [bit/s].
    cache : dict, optional
        Paths already computed (filled in place); streams of the same set share it only when stream ``i`` is
        the same stream in every call.
    label : hashable, optional
        Names the family of sets sharing ``cache`` (e.g. a scenario): prefix sums are cached under it.

    Returns
    -------
    dict
        ``excess`` (T,) bytes per slot sent to best effort, ``be_capacity`` (T,) bytes per slot left to best
        effort, ``served`` and ``queued`` (reserved bytes served, left queued), ``offered`` (all bytes).

    Raises
    ------
    ValueError
        On arrays of the wrong shape, NaN, infinities or negative values, or a bad rate or slot
        (from :func:`~mmperf.networks.bottleneck.reserved_path`).

    References
    ----------
    Chodorek & Chodorek (2018), Sec. IV.E: static RSVP reservations (s2, s3) and TFD renewals (s4).

    Examples
    --------
    >>> import numpy as np
    >>> r = split_reserved(np.full((1, 4), 100.0), np.array([[800.0 / 0.001]]), slots_per_period=4,
    ...                    depth_bytes=np.array([100.0]), slot_s=0.001, capacity_bps=1.6e6)
    >>> r["excess"].tolist(), r["be_capacity"].tolist()
    ([0.0, 0.0, 0.0, 0.0], [100.0, 100.0, 100.0, 100.0])
    """
    arrivals = _validate.finite_array(arrivals, "arrivals", ndim=2, non_negative=True)
    rates_bps = np.asarray(rates_bps)
    depth_bytes = np.asarray(depth_bytes)
    slot_cap = _validate.positive(capacity_bps, "capacity_bps") / 8 * _validate.positive(slot_s, "slot_s")
    if cache is None:
        path = bottleneck.reserved_path(arrivals, rates_bps, slots_per_period=slots_per_period, depth_bytes=depth_bytes,
                                        slot_s=slot_s)
    else:
        prefix: tuple = (label,)
        path = {"served": np.zeros(arrivals.shape[1]), "excess": np.zeros(arrivals.shape[1]), "queued": 0.0}
        for i in range(arrivals.shape[0]):
            rates, depth = rates_bps[i:i + 1], depth_bytes[i:i + 1]
            key = (i, slots_per_period, rates.tobytes(), depth.tobytes())
            if key not in cache:
                cache[key] = bottleneck.reserved_path(arrivals[i:i + 1], rates, slots_per_period=slots_per_period,
                                                      depth_bytes=depth, slot_s=slot_s)
            prefix = prefix + (key,)
            if prefix not in cache:  # the sums over the first i + 1 streams, each stream added in order
                one = cache[key]
                cache[prefix] = {"served": path["served"] + one["served"], "excess": path["excess"] + one["excess"],
                                 "queued": path["queued"] + one["queued"]}
            path = cache[prefix]
    return {"excess": path["excess"], "be_capacity": np.maximum(slot_cap - path["served"], 0.0),
            "served": float(path["served"].sum()), "queued": path["queued"], "offered": float(arrivals.sum())}


def qos_metrics(reserved: dict, best_effort: dict, *, capacity_bps: float, duration_s: float) -> dict:
    """One run's video loss, link utilization and throughputs, reserved and best-effort classes together.

    Parameters
    ----------
    reserved : dict
        :func:`split_reserved` of the run's streams (``served``, ``queued``, ``offered`` [bytes]).
    best_effort : dict
        The best-effort run (:func:`~mmperf.networks.bottleneck.simulate_best_effort_many`): ``video_delivered``,
        ``video_dropped``, ``video_queued``, ``link_bytes``, ``tcp_offered``, ``tcp_delivered``, ``tcp_dropped``,
        ``tcp_queued`` [bytes].
    capacity_bps : float
        Link rate [bit/s].
    duration_s : float
        Run length [s].

    Returns
    -------
    dict
        ``per`` (video bytes dropped / offered) [%], ``link_utilization`` [%], ``video_throughput`` and
        ``tcp_throughput`` [Mb/s], and the byte totals (``video_offered_bytes`` ... ``tcp_queued_bytes``).

    Raises
    ------
    ValueError
        If ``capacity_bps`` or ``duration_s`` is not a finite number > 0.
    KeyError
        If ``reserved`` or ``best_effort`` lacks one of the totals above.

    References
    ----------
    Chodorek & Chodorek (2018), Tables I and II (PER, link utilization, video and TCP throughput).

    Examples
    --------
    >>> be = dict(video_delivered=0.0, video_dropped=0.0, video_queued=0.0, link_bytes=125.0, tcp_offered=125.0,
    ...           tcp_delivered=125.0, tcp_dropped=0.0, tcp_queued=0.0)
    >>> m = qos_metrics(dict(served=125.0, queued=0.0, offered=125.0), be, capacity_bps=1000.0, duration_s=2.0)
    >>> m["per"], m["link_utilization"], m["tcp_throughput"]
    (0.0, 100.0, 0.0005)
    """
    dur = _validate.positive(duration_s, "duration_s")
    cap = _validate.positive(capacity_bps, "capacity_bps") / 8 * dur
    res_served, res_queued, video_offered = reserved["served"], reserved["queued"], reserved["offered"]
    be = best_effort
    video_delivered = res_served + be["video_delivered"]
    return {
        "per": 100 * be["video_dropped"] / video_offered if video_offered > 0 else 0.0,
        "link_utilization": 100 * (res_served + be["link_bytes"]) / cap,
        "video_throughput": video_delivered * 8 / dur / 1e6,
        "tcp_throughput": be["tcp_delivered"] * 8 / dur / 1e6,
        "video_offered_bytes": video_offered,
        "video_delivered_bytes": video_delivered,
        "video_dropped_bytes": be["video_dropped"],
        "video_queued_bytes": res_queued + be["video_queued"],
        "tcp_offered_bytes": be["tcp_offered"],
        "tcp_delivered_bytes": be["tcp_delivered"],
        "tcp_dropped_bytes": be["tcp_dropped"],
        "tcp_queued_bytes": be["tcp_queued"],
    }
