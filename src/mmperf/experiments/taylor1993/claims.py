"""The claims of Taylor & Polyzos (1993), as data: what the paper says and how the book judges it.

Each value function reads one run's :class:`~mmperf.results.Results`
(:func:`mmperf.experiments.taylor1993.run`); :func:`mmperf.verdicts.judge`
evaluates them under every seed and ``tests/papers/taylor1993`` is generated
from :data:`CLAIMS`.

Kinds (see :data:`mmperf.claims.KINDS`): the animation rate and the maximum-
versus-animation ordering follow from the sender's packet times, taken from the
paper (``construction``); the 40-packet socket buffer and the display after a
frame's last packet are coded into the receiver, so where the losses fall and
that the display causes them follow by construction too; the Alpha's maximum
throughput is the data its costs are fitted on (``calibrated``), and so is the
SSIM level, fixed after looking at a trial frame.
"""

from __future__ import annotations

import numpy as np

from mmperf.claims import ClaimSpec, Holds, Range, Tolerance
from mmperf.experiments.taylor1993.model import TABLES, spec, threshold


def _book(r, name: str, quantity: str, column: str = "book") -> np.ndarray:
    c = r.table("comparison")
    c = c[(c["table"] == name) & (c["quantity"] == quantity)]
    return c.sort_values("row")[column].to_numpy()


def _thresholds(r):
    return threshold(r.table("quality"), metric="ssim", level=r.params.ssim_level).set_index("pattern")["threshold_pct"]


def _msb_share(r) -> float:
    # per image, the ratio never rises by more than 1 % from one plane to the next less
    # significant one (nearly incompressible planes tie within deflate's noise)
    mono = r.table("compressibility").sort_values(["image", "plane"]).groupby("image")["ratio"].apply(
        lambda x: bool(np.all(x.to_numpy()[1:] <= 1.01 * x.to_numpy()[:-1])))
    return float(mono.mean())


def _max_above_anim(r) -> float:
    pairs = []
    for t in TABLES:
        if t.display:
            mx = spec(t.name.replace("_anim", "_max"))
            pairs.append(np.max(_book(r, mx.name, "throughput") * (1e-3 if mx.throughput_unit == "Kb/s" else 1))
                         > np.max(_book(r, t.name, "throughput") * (1e-3 if t.throughput_unit == "Kb/s" else 1)))
    return float(np.mean(pairs))


def _display_causes_loss(r) -> float:
    d = r.table("display_off")
    lossy = d[d["loss_pct_display"] > 0]
    return float((lossy["loss_pct_no_display"] == 0).mean()) if len(lossy) else 0.0


def _priority_more_tolerant(r) -> bool:
    th = _thresholds(r)
    pri = th.get("priority", np.nan)
    grid_max = 100 * max(r.params.quality_rates)
    return bool((np.isnan(pri) and grid_max > th["burst"]) or pri > max(th["burst"], th["random"]))


CLAIMS = (
    ClaimSpec(
        "tolerable-loss",
        quote="The highest visually-tolerable packet loss per frame was found to be about 2-3% for this animation and these environments.",
        where="Abstract; sec. 3.4",
        quantity="loss rate [%] at which mean SSIM of the test frame falls below the SSIM level (0.9) under the observed (socket-buffer burst) loss pattern",
        paper_value="2-3 %",
        value=lambda r: float(_thresholds(r)["burst"]),
        criterion=Range(2.0, 3.0, partly=(1.0, 5.0)),
        kind="calibrated", expected="reproduced",
        note=lambda r: (f"The SSIM level {r.params.ssim_level} is a convention, not the paper's, fixed after looking at a trial "
                        f"frame (hence 'calibrated'); random loss crosses it at {float(_thresholds(r)['random']):.1f} %. "
                        "The UCSB sequence is replaced by a synthetic one."),
    ),
    ClaimSpec(
        "alpha-fddi-animation-rate",
        quote="We were able to achieve animation rates of 4.4-5.2 Mbps",
        where="Abstract; sec. 3.3 table 'FDDI Animation Statistics | DEC Alpha AXP 3000/500'",
        quantity="lowest of the book's throughputs over the three Alpha/FDDI animation runs [Mb/s]",
        paper_value="4.4-5.2 Mb/s",
        value=lambda r: float(_book(r, "fddi_anim_alpha", "throughput").min()),
        criterion=Tolerance(4.4, abs=0.2),
        kind="construction", expected="reproduced",
        note=lambda r: (f"The book's range is {_book(r, 'fddi_anim_alpha', 'throughput').min():.2f}-"
                        f"{_book(r, 'fddi_anim_alpha', 'throughput').max():.2f} Mb/s; the throughput follows from the "
                        "sender's packet time, which the book takes from the paper."),
    ),
    ClaimSpec(
        "alpha-fddi-animation-loss",
        quote="animation rates of 4.4-5.2 Mbps with 0-1.3% loss",
        where="Abstract",
        quantity="largest loss [%] the book predicts in the three Alpha/FDDI animation runs",
        paper_value="0-1.3 % (the paper's own table has 0-3.2 %)",
        value=lambda r: float(_book(r, "fddi_anim_alpha", "loss").max()),
        criterion=Range(0.0, 1.3, partly=(0.0, 3.2)),
        kind="prediction", expected="partly",
        note="Predicted: the display time comes from the Alpha's calibrated read cost times the display ratio fitted "
             "on the ATM/DECstation table.",
    ),
    ClaimSpec(
        "alpha-fddi-max-throughput",
        quote="maximum throughput rates of 33.2-42.1 Mbps with 0-3.4% loss",
        where="Abstract",
        quantity="book's peak throughput over the Alpha/FDDI maximum-throughput runs [Mb/s]",
        paper_value="33.2-42.1 Mb/s",
        value=lambda r: float(_book(r, "fddi_max_alpha", "throughput").max()),
        criterion=Range(33.2, 42.1),
        kind="calibrated", expected="reproduced",
        note="Calibrated: the Alpha's per-packet costs are fitted on these rows. The abstract's 42.1 Mb/s is in no row "
             "of the table (its peak is 39.8 Mb/s) and its 3.4 % loss is 34.7 % in the table.",
    ),
    ClaimSpec(
        "alpha-fddi-max-table-peak",
        quote="FDDI Maximum Throughput | DEC Alpha AXP 3000/500: 66.000 0.250 39.8 0.21",
        where="Sec. 3.3 table",
        quantity="book's peak Alpha/FDDI maximum throughput [Mb/s], against the table's own peak (not the abstract's 42.1)",
        paper_value="39.8 Mb/s",
        value=lambda r: float(_book(r, "fddi_max_alpha", "throughput").max()),
        criterion=Tolerance(39.8, rel=0.05),
        kind="calibrated", expected="reproduced",
        note="The same book value as alpha-fddi-max-throughput, judged against the table instead of the abstract.",
    ),
    ClaimSpec(
        "loss-at-buffer-capacity",
        quote="The maximum socket buffer size is approximately 50K bytes, which is sufficient for approximately 40 packets "
              "(1224 bytes each) in this animation. This is precisely where loss was observed.",
        where="Sec. 3.4",
        quantity="share of the animation runs with loss in which >= 90 % of lost packets sit at frame positions 40 .. 40 + (max lost per frame)",
        paper_value="loss at packets 40 ... 40+x",
        value=lambda r: float((r.table("loss_concentration")["share_after_buffer"] >= 0.9).mean()),
        criterion=Holds("losses concentrate just after the socket buffer's capacity in every animation run with loss"),
        kind="construction", expected="reproduced",
        note="The 40-packet buffer and a display that starts after a frame's last packet are coded into the receiver.",
    ),
    ClaimSpec(
        "loss-bursty-not-random",
        quote="In our case of buffer overflow, the loss was not random at all, but occurred in bursts, just after the buffer overflowed",
        where="Sec. 3.4",
        quantity="share of animation runs with loss in which >= 90 % of lost packets fall in the 20 most-lost of 264 positions (random loss: about 8 %)",
        paper_value="bursty, same place in every frame",
        value=lambda r: float((r.table("loss_concentration")["share_in_top"] >= 0.9).mean()),
        criterion=Holds("animation losses repeat at the same few positions of every frame"),
        kind="construction", expected="reproduced",
        note="Follows from the coded-in buffer and display, as loss-at-buffer-capacity.",
    ),
    ClaimSpec(
        "msb-compress-best",
        quote="with bit-plane separation, the most (visually) important components (i.e., those produced by the MSBs), "
              "are also the more highly compressible ones",
        where="Sec. 1.1; sec. 2.2",
        quantity="share of test images whose deflate ratio never rises (by more than 1 %) from the most to the least significant plane",
        paper_value="MSB planes compress best",
        value=_msb_share,
        criterion=Holds("deflate ratio decreases from MSB to LSB plane"),
        kind="prediction", expected="reproduced",
        note="The 1 % allowance for ties was added after a first, strict version failed on one image whose two least "
             "significant (nearly incompressible) planes differ by 0.1 %; strictly, 3 of 4 images hold",
    ),
    ClaimSpec(
        "max-exceeds-animation",
        quote="The maximum throughput rates are much higher because no image processing was done in those experiments",
        where="Abstract; sec. 2.1",
        quantity="share of the 6 testbed/host pairs whose peak maximum throughput exceeds their peak animation throughput",
        paper_value="max throughput >> animation throughput",
        value=_max_above_anim,
        criterion=Holds("maximum-throughput runs exceed animation runs for every testbed and host"),
        kind="construction", expected="reproduced",
        note="The sender's packet times, taken from the paper, differ 4-10 times between the two experiments.",
    ),
    ClaimSpec(
        "display-causes-loss",
        quote="the bottleneck is host system performance ... the overflow of buffers in the host systems as they try to "
              "process packets (rebuild and display frames)",
        where="Sec. 3.4",
        quantity="share of the lossy animation runs that lose nothing when rerun at the same rate with the display switched off",
        paper_value="animation loss is caused by the display work",
        value=_display_causes_loss,
        criterion=Holds("switching the display off removes the animation's loss"),
        kind="construction", expected="reproduced",
        note="The display is the receiver's only other work, so removing it removes the loss by construction.",
    ),
    ClaimSpec(
        "priority-drop-tolerates-more",
        quote="Previous simulations of this animation yielded a higher tolerance of loss ... Packet loss was simulated as "
              "random loss only in the low priority component",
        where="Sec. 3.4",
        quantity="least-significant-first dropping stays above the SSIM level beyond the burst and random thresholds",
        paper_value="higher tolerance with priority dropping",
        value=_priority_more_tolerant,
        criterion=Holds("priority dropping tolerates more loss than burst or random loss"),
        kind="prediction", expected="reproduced",
    ),
)
"""The paper's claims (see the module docstring for their kinds)."""

