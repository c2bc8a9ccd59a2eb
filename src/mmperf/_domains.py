"""The declared domain of every public callable: the table the bad-input harness is generated from.

Each public callable (every name in the ``__all__`` of a public module, and every public method of a
public class that takes a parameter) has one :class:`Spec` in :data:`SPECS`: a *valid call* (a
factory returning the arguments of one small call that must succeed) and the *domain* of each of its
parameters. ``tests/unit/test_bad_input_harness.py`` derives the cases from this table: for each
parameter, one value at a time outside its domain (NaN, the infinities, a number below or above the
range, a float for a whole number, the wrong type, ``None``, an empty or wrongly shaped array, an
unknown option) must be refused with a ``ValueError``/``TypeError`` naming the parameter; one value
at a time on its edge (zero, the smallest accepted, a huge size or time) must be refused the same
way or give a result that passes the callable's validity check (by default: every number in the
result finite; a spec may give its own ``check``), within the harness's memory and time limits. An
unknown keyword must be refused by name. A public callable missing here fails the harness, so a new
one cannot skip it.

A callable that takes no user input (a result record the package builds, a compiled kernel of an
event loop whose inputs come from a checked constructor, tooling that runs an external program) is
declared with :func:`exempt` and the reason; there are few.

Objects are named by ``"module:attribute"`` strings and resolved when a case runs (:func:`obj`), so
this module imports no package of ``mmperf`` and sits below every layer.

Examples
--------
>>> spec = SPECS["mmperf.metrics.fits:line_fit"]
>>> sorted(spec.domains)
['grid', 'grid_points', 'level', 'x', 'y']
>>> [repr(v) for v in Real(lo=0, lo_open=True).bad()][:3]
['nan', 'inf', '-inf']
"""

from __future__ import annotations

import importlib
import math
from types import SimpleNamespace
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pandas as pd

__all__: list[str] = []

UNKNOWN_KEYWORD = "no_such_option"
"""The keyword every callable is called with once (must be refused by name)."""

HUGE_REAL = 1e12
HUGE_INT = 10**12


def obj(ref: str) -> Any:
    """The object ``"package.module:Name.attr"`` (imported when first needed)."""
    module, _, attr = ref.partition(":")
    value = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        value = getattr(value, part)
    return value


def call(ref: str, *args, **kwargs) -> Any:
    """``obj(ref)(*args, **kwargs)``: build an argument of a valid call."""
    return obj(ref)(*args, **kwargs)


class _WrongType:
    """An object of no type any parameter accepts."""

    def __repr__(self) -> str:
        return "<object>"


WRONG = _WrongType()


@dataclass(frozen=True)
class Domain:
    """What a parameter accepts; :meth:`bad` lists values outside it, :meth:`edge` values on its edge."""

    none: bool = False

    def bad(self) -> list:
        return [] if self.none else [None]

    def edge(self) -> list:
        return []


@dataclass(frozen=True)
class Real(Domain):
    """A finite real number in ``[lo, hi]`` (``lo_open``/``hi_open``: that end excluded)."""

    lo: float | None = None
    hi: float | None = None
    lo_open: bool = False
    hi_open: bool = False
    huge_ok: bool = True

    def bad(self) -> list:
        out = [math.nan, math.inf, -math.inf, "1.0", WRONG] + super().bad()
        if self.lo is not None:
            out.append(self.lo if self.lo_open else self.lo - 1.0)
        if self.hi is not None:
            out.append(self.hi if self.hi_open else self.hi + 1.0)
        return out

    def edge(self) -> list:
        out = []
        if self.lo is not None and not self.lo_open:
            out.append(float(self.lo))
        elif self.lo is not None:
            out.append(self.lo + 1e-9)
        if self.hi is None and self.huge_ok:
            out.append(HUGE_REAL)
        return out


@dataclass(frozen=True)
class Int(Domain):
    """A whole number in ``[lo, hi]`` (a float such as 2.5, or 2.0, is refused)."""

    lo: int | None = 0
    hi: int | None = None

    def bad(self) -> list:
        out = [2.5, math.nan, math.inf, "1", WRONG] + super().bad()
        if self.lo is not None:
            out.append(self.lo - 1)
        if self.hi is not None:
            out.append(self.hi + 1)
        return out

    def edge(self) -> list:
        out = [] if self.lo is None else [self.lo]
        if self.hi is None:
            out.append(HUGE_INT)
        return out


@dataclass(frozen=True)
class Array(Domain):
    """An array of finite numbers with ``ndim`` dimensions and at least ``min_len`` elements (>= ``lo``)."""

    ndim: int = 1
    min_len: int = 1
    lo: float | None = None
    integer: bool = False

    def bad(self) -> list:
        shape = (2,) * (self.ndim + 1)
        out = [np.full(shape, 1.0), "abc", WRONG] + super().bad()
        if self.ndim == 1:
            out += [[1.0, math.nan, 1.0], [1.0, math.inf, 1.0]]
            if self.lo is not None:
                out.append([1.0, self.lo - 1.0, 1.0])
            if self.integer:
                out.append([1.0, 2.5, 1.0])
        if self.min_len > 0:
            out.append(np.zeros((0,) * self.ndim))
        return out

    def edge(self) -> list:
        return [np.zeros((0,) * self.ndim)] if self.min_len == 0 else []


@dataclass(frozen=True)
class Values(Domain):
    """A number or an array of any shape of finite numbers (>= ``lo``), used elementwise."""

    lo: float | None = None

    def bad(self) -> list:
        out = [math.nan, math.inf, [1.0, math.nan], [[1.0], [math.inf]], "abc", WRONG] + super().bad()
        if self.lo is not None:
            out += [self.lo - 1.0, [1.0, self.lo - 1.0]]
        return out

    def edge(self) -> list:
        return [np.zeros(0), np.ones((2, 2))]


@dataclass(frozen=True)
class Choice(Domain):
    """One of ``options``."""

    options: tuple = ()

    def bad(self) -> list:
        return ["no-such-option", 1.5] + super().bad()


@dataclass(frozen=True)
class Flag(Domain):
    """``True`` or ``False``."""

    def bad(self) -> list:
        return ["yes", math.nan] + super().bad()


@dataclass(frozen=True)
class Instance(Domain):
    """An instance of the class ``ref`` (``"module:Class"``)."""

    ref: str = ""

    def bad(self) -> list:
        return ["abc", 1.5] + super().bad()


@dataclass(frozen=True)
class Text(Domain):
    """A string; ``known``: the value must name something that exists (a paper, a table)."""

    known: bool = False

    def bad(self) -> list:
        return [1.5, WRONG] + (["no-such-name"] if self.known else []) + super().bad()


@dataclass(frozen=True)
class Free(Domain):
    """Any value is accepted (a label, an opaque payload the callable hands on): not probed."""

    why: str = ""

    def bad(self) -> list:
        return []


@dataclass(frozen=True)
class Bad(Domain):
    """A domain given by its own list of bad values (a mapping, a tuple of a given shape, ...)."""

    values: tuple = ()
    edges: tuple = ()

    def bad(self) -> list:
        return list(self.values) + super().bad()

    def edge(self) -> list:
        return list(self.edges)


@dataclass(frozen=True)
class Spec:
    """One public callable: how to call it validly, and each parameter's domain.

    ``valid`` returns the keyword arguments of a valid call (the receiver under ``"self"`` for a
    method); ``check`` returns nothing when a result is valid and raises ``AssertionError`` when
    not (``None``: every number in the result must be finite). ``say`` maps a parameter to the
    word a refusal names instead of the parameter's own name (``MMPERF_SEED`` for the text of
    ``parse_seed``, ``key`` for each of ``*keys``); with ``lookup`` a ``KeyError`` naming the missing
    key counts as a refusal (a lookup by name, as a mapping raises).
    """

    ref: str
    valid: Callable[[], dict] | None
    domains: dict = field(default_factory=dict)
    check: Callable[[Any, dict], None] | None = None
    extra_keywords: bool = False
    exempt: str = ""
    say: dict = field(default_factory=dict)
    lookup: bool = False


SPECS: dict[str, Spec] = {}


def spec(ref: str, valid: Callable[[], dict], *, check=None, extra_keywords: bool = False, say: dict | None = None,
         lookup: bool = False, **domains: Domain) -> None:
    """Declare the valid call and the parameter domains of ``ref`` (``lookup``: a missing key raises KeyError)."""
    if ref in SPECS:
        raise ValueError(f"{ref} declared twice")
    SPECS[ref] = Spec(ref, valid, dict(domains), check, extra_keywords, say=dict(say or {}), lookup=lookup)


def exempt(ref: str, why: str) -> None:
    """Declare ``ref`` as taking no user input, with the reason."""
    if ref in SPECS:
        raise ValueError(f"{ref} declared twice")
    SPECS[ref] = Spec(ref, None, exempt=why)


# Short names for the common domains.
POS = Real(lo=0, lo_open=True)
NONNEG = Real(lo=0)
FINITE = Real()
PROB = Real(lo=0, hi=1)
SEED = Int(lo=0, hi=2**63 - 1)
SEED32 = Int(lo=0, hi=2**32 - 1)
ROOT = Int(lo=0, hi=2**63 - 1, none=True)
LABEL = Free(why="a label, shown as given")
RNG = Instance(ref="numpy.random:Generator")


# ------------------------------------------------------------------------------------------------
# Shared arguments of the valid calls (small, so that every valid call runs in well under a second)


def _t(n: int = 20, step: float = 0.001) -> np.ndarray:
    return np.arange(n) * step


def _trace() -> tuple[np.ndarray, np.ndarray]:
    send = np.arange(12) * 10_000.0
    return send + np.array([5, 7, 3, 9, 2, 8, 4, 6, 1, 5, 7, 3]) * 100.0, send


def _rng() -> np.random.Generator:
    return np.random.default_rng(1)


def _net():
    return call("mmperf.networks.packetsim:Network", bandwidth_mbps=10.0)


def _fit():
    return call("mmperf.metrics.fits:line_fit", [1.0, 2, 3, 4, 5], [1.0, 2.2, 2.9, 4.1, 5.0], grid_points=5)


def _frames(n: int = 4) -> np.ndarray:
    return call("mmperf.media.scenes:four_scenes", frames_per_scene=(n // 4 or 1,) * 4, height=16, width=16).frames()


def _coded():
    return call("mmperf.coding.svc:encode", _frames(4), calibration=call("mmperf.coding.svc:Calibration", 20.0, 8.0, 0.1))


def _image(n: int = 32) -> np.ndarray:
    return (np.arange(n * n).reshape(n, n) % 251).astype(np.uint8)


def _layout():
    return call("mmperf.coding.bitplane:layout", (32, 32))


def _tolerance():
    return call("mmperf.claims:Tolerance", 10.0, abs=1.0)


def _result_check(result, kwargs):
    """The result's own books (``check`` of a result record)."""
    result.check()


def _link_result_check(result, kwargs):
    result.check(kwargs["times"])
    assert (np.isfinite(result.arrive) | np.isnan(result.arrive)).all()


# NaN marks a packet that never arrived in the link and transport results; the books are the check.
def _transport_check(result, kwargs):
    for name in ("throughput", "stats"):
        value = getattr(result, name, None)
        if isinstance(value, pd.DataFrame):
            assert np.isfinite(value.select_dtypes("number").to_numpy()).all(), f"non-finite {name}"


def _nan_means_none(result, kwargs):
    """A float that is NaN when there is nothing to measure (documented), else finite."""
    assert isinstance(result, float) and not math.isinf(result), f"not a float or infinite: {result!r}"


def _first_row_nan(result, kwargs):
    """A trace whose first interarrival is NaN (no packet before the first), every other number finite."""
    rest = result.iloc[1:].select_dtypes("number").to_numpy()
    assert np.isfinite(rest).all(), "non-finite value after the first row"


def _inf_means_never(result, kwargs):
    """A float that is ``inf`` when the event never happens (documented), never NaN."""
    assert isinstance(result, float) and not math.isnan(result), f"not a float or NaN: {result!r}"


def _no_check(result, kwargs):
    """A result that is not numeric (text, a chart spec, a frame of labels): returning is the check."""


# ------------------------------------------------------------------------------------------------
# mmperf.seeds, precision, papers, results, claims, verdicts, charts

spec("mmperf.seeds:check_seed", lambda: dict(seed=3, name="seed"), seed=SEED, name=LABEL)
spec("mmperf.seeds:parse_seed", lambda: dict(text="3", name="MMPERF_SEED"),
     text=Bad(values=("abc", "-1", "2.5", "nan", 1.5)), name=LABEL, say={"text": "MMPERF_SEED"})
spec("mmperf.seeds:root_from_env", lambda: dict())
spec("mmperf.seeds:judging_seeds", lambda: dict(n=3, root=5), n=Int(lo=1), root=ROOT)
exempt("mmperf.seeds:RootSeed", "the int seeds.use returns (it checks the seed)")
spec("mmperf.seeds:use", lambda: dict(seed=None), seed=Int(lo=0, hi=2**63 - 1, none=True), check=_no_check)
spec("mmperf.seeds:seed_sequence", lambda: dict(keys=("a", 1), root=5), say={"keys": "key"},
     keys=Bad(values=(1.5, math.nan, -1, None)), root=ROOT, check=_no_check)
spec("mmperf.seeds:rng", lambda: dict(keys=("a", 1), root=5), say={"keys": "key"},
     keys=Bad(values=(1.5, math.nan, -1, None)), root=ROOT, check=_no_check)
spec("mmperf.seeds:int_seed", lambda: dict(keys=("a", 1), root=5), say={"keys": "key"},
     keys=Bad(values=(1.5, math.nan, -1, None)), root=ROOT)

spec("mmperf.precision:round_sig", lambda: dict(x=3.14159), x=Bad(values=("abc", None, WRONG)), check=_no_check)
spec("mmperf.precision:round_array", lambda: dict(a=[1.23456, 2.0]),
     a=Free(why="any array: float arrays are rounded, others returned as given (documented)"), check=_no_check)
spec("mmperf.precision:round_frame", lambda: dict(frame=pd.DataFrame({"a": [1.23456]})),
     frame=Instance(ref="pandas:DataFrame"), check=_no_check)
spec("mmperf.precision:round_json", lambda: dict(obj={"a": 1.23456}), obj=Free(why="any JSON value"), check=_no_check)
spec("mmperf.precision:format_float", lambda: dict(x=3.14159), x=Bad(values=("abc", None, WRONG)), check=_no_check)

spec("mmperf.papers:provenance", lambda: dict())
spec("mmperf.papers:catalogue", lambda: dict(paper="taylor1993"), paper=Text(known=True, none=True), check=_no_check)
spec("mmperf.papers:table", lambda: dict(paper="taylor1993", name=call("mmperf.papers:catalogue", "taylor1993").iloc[0]["name"]),
     paper=Text(known=True), name=Text(known=True), check=_no_check, say={"name": "no table"})
spec("mmperf.papers:show", lambda: dict(paper="taylor1993", max_rows=5), paper=Text(known=True), max_rows=Int(lo=1),
     check=_no_check)

exempt("mmperf.results:Results", "the result record a paper's run builds; its checks are the paper tests'")
spec("mmperf.results:Results.table", lambda: dict(self=_results(), name="t"), name=Text(known=True), check=_no_check,
     lookup=True, say={"name": "have no table"})
spec("mmperf.results:Results.value", lambda: dict(self=_results(), name="v"), name=Text(known=True), check=_no_check,
     lookup=True, say={"name": "have no value"})
spec("mmperf.results:params_table",
     lambda: dict(params=call("mmperf.networks.lan:Network", "n", 10.0),
                  doc={"name": ("", "a label"), "mbps": ("Mb/s", "assumed"), "propagation_us": ("us", "assumed")}),
     params=Bad(values=("abc", 1.5)), doc=Bad(values=("abc", 1.5)), check=_no_check)


def _results():
    return call("mmperf.results:Results", "taylor1993", 1, None, {"t": pd.DataFrame({"a": [1.0]})}, {"t": "a table"},
                {"v": 2.0})


exempt("mmperf.claims:Criterion", "the abstract base of the criteria")
exempt("mmperf.claims:Criterion.judge", "abstract: each criterion's judge is declared")
for _crit in ("Tolerance", "Range", "Holds"):
    spec(f"mmperf.claims:{_crit}.judge",
         (lambda c=_crit: dict(self=_criteria()[c], book_value=True if c == "Holds" else 10.0)),
         book_value=Bad(values=("abc", WRONG)), check=_no_check)
spec("mmperf.claims:Tolerance", lambda: dict(target=10.0, abs=1.0, rel=None, partly=2.0),
     target=FINITE, abs=Real(lo=0, none=True), rel=Real(lo=0, none=True),
     partly=Real(lo=1), check=_no_check)
spec("mmperf.claims:Range", lambda: dict(low=1.0, high=2.0, partly=None),
     low=Bad(values=(math.nan, "1.0", WRONG)), high=Bad(values=(math.nan, "1.0", WRONG)), partly=Bad(values=((2.0, 1.0), (math.nan, 3.0), "ab"), none=True), check=_no_check)
spec("mmperf.claims:Holds", lambda: dict(statement="x", required=1.0, partly=0.5),
     statement=LABEL, required=Real(lo=0, hi=1), partly=Real(lo=0, hi=1), check=_no_check)


def _criteria():
    return {"Tolerance": _tolerance(), "Range": call("mmperf.claims:Range", 1.0, 2.0), "Holds": call("mmperf.claims:Holds", "x")}


exempt("mmperf.claims:Claim", "the record verdicts.judge builds")
exempt("mmperf.claims:ClaimSpec", "a claim's declaration in a paper's claims.py, checked by tests/papers")
spec("mmperf.claims:clean_value", lambda: dict(book_value=1.5), book_value=Bad(values=("abc", WRONG), none=True),
     check=_no_check)
spec("mmperf.claims:headline", lambda: dict(frame=_claims_frame()), frame=Instance(ref="pandas:DataFrame"), check=_no_check)
spec("mmperf.claims:Scorecard", lambda: dict(frame=_claims_frame(), embed=False), frame=Instance(ref="pandas:DataFrame"),
     embed=Flag(), check=_no_check)
spec("mmperf.claims:collect", lambda: dict(notebooks=[]), notebooks=Bad(values=(1.5, WRONG)), check=_no_check)
spec("mmperf.claims:write_csv", lambda: dict(frame=_claims_frame(), path=_tmp_path("claims.csv")),
     frame=Instance(ref="pandas:DataFrame"), path=Bad(values=(1.5, WRONG)), check=_no_check)


def _claims_frame() -> pd.DataFrame:
    spec = call("mmperf.claims:ClaimSpec", "c1", quote="q", where="Sec. 1", quantity="x", paper_value="10",
                value=lambda r: 10.0, criterion=_tolerance(), kind="prediction", expected="reproduced")
    run = call("mmperf.results:Results", "taylor1993", seed=1, params=None, tables={}, descriptions={})
    return call("mmperf.verdicts:judge", [spec], {1: run}, book_seed=1).frame


def _tmp_path(name: str) -> str:
    return str(Path(tempfile.mkdtemp(prefix="mmperf-harness-")) / name)


spec("mmperf.verdicts:run_seeds", lambda: dict(run=_square_run, params=None, seeds=[1, 2], workers=1),
     run=Bad(values=("abc", 1.5)), params=Free(why="handed to run unchanged"),
     seeds=Bad(values=([1, 1], [-1], [1.5], "ab")), workers=Int(lo=1), check=_no_check)


def _square_run(params, *, seed, workers=1):
    return call("mmperf.results:Results", "taylor1993", seed, params, {}, {}, {"v": float(seed) ** 2})


def _spec_v():
    return call("mmperf.claims:ClaimSpec", "v", "q", "Sec. 1", "x", "4", _value_v, _tolerance(), "prediction", "reproduced")


def _value_v(results):
    return results.value("v")


spec("mmperf.verdicts:judge", lambda: dict(specs=[_spec_v()], runs={1: _square_run(None, seed=1), 2: _square_run(None, seed=2)},
                                           book_seed=1),
     specs=Bad(values=(1.5, ["abc"])), runs=Bad(values=({}, "abc", 1.5)), book_seed=Bad(values=(3, -1, 1.5, "a")),
     audit=Bad(values=("abc", 1.5, pd.DataFrame({"a": [1]})), none=True), assumptions=Bad(values=(1.5, "abc", ["abc"])),
     ablations=Bad(values=(1.5, "abc", ["abc"])), evidence=Choice(options=("measurement", "simulation", "analysis", "")),
     check=_no_check)
spec("mmperf.verdicts:statuses_by_seed", lambda: dict(specs=[_spec_v()], runs={1: _square_run(None, seed=1)}),
     specs=Bad(values=(1.5, ["abc"])), runs=Bad(values=({}, "abc", 1.5)), check=_no_check)
spec("mmperf.verdicts:variant_statuses", lambda: dict(specs=[_spec_v()], runs={"a": _square_run(None, seed=1)}, reference="a"),
     specs=Bad(values=(1.5, ["abc"])), runs=Bad(values=({}, "abc", 1.5)), reference=Text(known=True), check=_no_check)

_SPEC = {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "mark": "point",
         "data": {"values": [{"x": 1.0, "y": 2.0}]},
         "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}}
spec("mmperf.charts:chart_id", lambda: dict(spec=dict(_SPEC)), spec=Bad(values=("abc", 1.5)), check=_no_check)
spec("mmperf.charts:to_rounded_values", lambda: dict(data=pd.DataFrame({"a": [1.23456]})),
     data=Bad(values=("abc", 1.5)), check=_no_check, extra_keywords=True)
spec("mmperf.charts:static_png", lambda: dict(spec=dict(_SPEC)), spec=Bad(values=("abc", 1.5)), check=_no_check)
spec("mmperf.charts:render_bundle", lambda: dict(spec=dict(_SPEC)), spec=Bad(values=("abc", 1.5)), check=_no_check,
     extra_keywords=True)
spec("mmperf.charts:site_html", lambda: dict(spec=dict(_SPEC), element_id=None), spec=Bad(values=("abc", 1.5)),
     element_id=Text(none=True), check=_no_check)
spec("mmperf.charts:setup", lambda: dict(), check=_no_check)
exempt("mmperf.charts:Figure", "built by charts.figure, which checks its arguments")
exempt("mmperf.charts:ImageGrid", "built by charts.image_grid, which checks its arguments")
spec("mmperf.charts:figure", lambda: dict(content="<b>x</b>", caption="A caption.", name=None),
     content=Free(why="any displayable object"), caption=Text(), name=Text(none=True), check=_no_check)
spec("mmperf.charts:image_grid", lambda: dict(images={"a": _image(8)}, width=240),
     images=Bad(values=({}, "abc", 1.5, {"a": "abc"})), width=Int(lo=1), check=_no_check)

exempt("mmperf.benchmarks.ortiz2013:simpy_cell", "benchmark tooling (make bench), not an API")
exempt("mmperf.benchmarks.ortiz2013:ns2_cell", "benchmark tooling that runs ns-2 (make bench), not an API")
exempt("mmperf.benchmarks.ortiz2013:run", "benchmark tooling that runs ns-2 (make bench), not an API")


# ------------------------------------------------------------------------------------------------
# mmperf.coding

exempt("mmperf.coding.bitplane:Layout", "the record bitplane.layout builds")
spec("mmperf.coding.bitplane:layout", lambda: dict(shape=(32, 32), packet_bytes=1224, header_bytes=78),
     shape=Bad(values=((32.5, 32), (0, 32), (-1, 32), (math.nan, 32), (10**9, 10**9), "ab", (32,))),
     packet_bytes=Int(lo=1), header_bytes=Int(lo=0), check=_no_check)
spec("mmperf.coding.bitplane:to_planes", lambda: dict(image=_image()),
     image=Bad(values=(np.zeros((2, 2, 2), np.uint8), np.full((4, 4), 1.5), np.full((4, 4), -1), "ab", np.zeros((0, 0), np.uint8))))
spec("mmperf.coding.bitplane:from_planes", lambda: dict(planes=call("mmperf.coding.bitplane:to_planes", _image())),
     planes=Bad(values=(np.zeros((8, 4), np.uint8), np.full((8, 4, 4), 2), "ab", np.zeros((7, 4, 4), np.uint8))))
spec("mmperf.coding.bitplane:packetize", lambda: dict(image=_image(), packet_bytes=1224, header_bytes=78),
     image=Bad(values=(np.zeros((2, 2, 2), np.uint8), np.full((4, 4), 1.5), "ab")), packet_bytes=Int(lo=1),
     header_bytes=Int(lo=0))
spec("mmperf.coding.bitplane:received_bits", lambda: dict(received=np.ones(8, bool), lay=_layout()),
     received=Bad(values=(np.ones(7, bool), np.ones((2, 4), bool), "ab", [1.0, math.nan] * 4)),
     lay=Instance(ref="mmperf.coding.bitplane:Layout"))
spec("mmperf.coding.bitplane:reassemble",
     lambda: dict(packets=call("mmperf.coding.bitplane:packetize", _image()), lay=_layout(), received=None, fill="half",
                  previous=None),
     packets=Bad(values=(np.zeros((3, 5), np.uint8), "ab", np.zeros(8))), lay=Instance(ref="mmperf.coding.bitplane:Layout"),
     received=Bad(values=(np.ones(7, bool), "ab"), none=True), fill=Choice(options=("half", "zero", "previous")),
     previous=Bad(values=(np.zeros((4, 4), np.uint8), "ab"), none=True))

spec("mmperf.coding.svc:Calibration", lambda: dict(q_base=20.0, q_enh=8.0, bytes_per_bit=0.1),
     q_base=POS, q_enh=POS, bytes_per_bit=POS)
spec("mmperf.coding.svc:calibrate",
     lambda: dict(frames=_frames(4), frame_rate=25.0, target_psnr=34.46, target_rates_mbps=(6.8, 23.5), step=16),
     frames=Bad(values=(np.zeros((4, 16), np.uint8), np.zeros((0, 16, 16), np.uint8), "ab", np.full((2, 16, 16), math.nan))),
     frame_rate=POS, target_psnr=POS,
     target_rates_mbps=Bad(values=((math.nan, 1.0), (2.0, 1.0), (-1.0, 1.0), (1.0,), "ab")), step=Int(lo=1))
exempt("mmperf.coding.svc:CodedVideo", "the record svc.encode builds")
exempt("mmperf.coding.svc:Decoded", "the record CodedVideo.decode builds")
spec("mmperf.coding.svc:CodedVideo.rates", lambda: dict(self=_coded(), bin_s=1.0), bin_s=Real(lo=0, lo_open=True, huge_ok=True))
spec("mmperf.coding.svc:CodedVideo.decode",
     lambda: dict(self=_coded(), delivered=np.ones(len(_coded().packets), bool), base_loss="freeze"),
     delivered=Bad(values=([1.0, math.nan], np.ones(3, bool), "ab", np.ones((2, 2), bool))),
     base_loss=Choice(options=("freeze", "black")))
spec("mmperf.coding.svc:Decoded.image", lambda: dict(self=_coded().decode(np.ones(len(_coded().packets), bool)), t=0),
     t=Int(lo=0, hi=3))
spec("mmperf.coding.svc:encode",
     lambda: dict(frames=_frames(4), frame_rate=25.0, calibration=call("mmperf.coding.svc:Calibration", 20.0, 8.0, 0.1),
                  payload=1460),
     frames=Bad(values=(np.zeros((4, 16), np.uint8), np.zeros((0, 16, 16), np.uint8), "ab")),
     frame_rate=POS, calibration=Instance(ref="mmperf.coding.svc:Calibration", none=True),
     payload=Int(lo=1))


# ------------------------------------------------------------------------------------------------
# mmperf.hosts


def _cpu_host(**kw):
    return call("mmperf.hosts.cpu:Host", "h", 20.0, **kw)


def _sched():
    return call("mmperf.hosts.cpu:Scheduler")


spec("mmperf.hosts.cpu:check_class", lambda: dict(sched_class="default"), sched_class=Choice(options=("default",)),
     check=_no_check)
spec("mmperf.hosts.cpu:Scheduler",
     lambda: dict(tick_us=10_000.0, quantum_us=100_000.0, work_spec_us=42_000.0, work_shape=1.0, kernel_share=0.3,
                  ts_policy="4.3bsd"),
     tick_us=POS, quantum_us=POS, work_spec_us=POS, work_shape=POS, kernel_share=PROB,
     ts_policy=Choice(options=("4.3bsd", "svr4")), app_work_spec_us=NONNEG,
     discipline=Choice(options=("timesharing", "fifo")), check=_no_check)
spec("mmperf.hosts.cpu:Scheduler.policy", lambda: dict(self=_sched(), kind=None),
     kind=Choice(options=("4.3bsd", "svr4"), none=True), check=_no_check)
spec("mmperf.hosts.cpu:Host", lambda: dict(name="h", specint92=20.0, hogs=0, sched_class="default", cpus=1, ts_policy=None),
     name=LABEL, specint92=POS, hogs=Int(lo=0), sched_class=Choice(options=("default",)),
     cpus=Int(lo=1), ts_policy=Choice(options=("4.3bsd", "svr4"), none=True), check=_no_check)
spec("mmperf.hosts.cpu:served",
     lambda: dict(ready_us=np.arange(10) * 40_000.0, host=_cpu_host(), scheduler=_sched(), rng=_rng(), work_spec_us=None,
                  others=()),
     ready_us=Array(lo=0), host=Instance(ref="mmperf.hosts.cpu:Host"), scheduler=Instance(ref="mmperf.hosts.cpu:Scheduler"),
     rng=RNG, work_spec_us=Real(lo=0, lo_open=True, none=True), others=Bad(values=([[math.nan]], 1.5, "ab")), app=Flag())
spec("mmperf.hosts.cpu:mean_work_us", lambda: dict(specint92=20.0, scheduler=_sched()),
     specint92=POS, scheduler=Instance(ref="mmperf.hosts.cpu:Scheduler"))
spec("mmperf.hosts.cpu:load_average",
     lambda: dict(hogs=1, background=0.5, duration_s=60.0, rng=_rng(), before=None, sample_s=5.0, window_s=60.0),
     hogs=Int(lo=0), background=NONNEG, duration_s=POS, rng=RNG, before=Real(lo=0, none=True),
     sample_s=POS, window_s=POS)




def _hw():
    fields = dict(name="hw", host_clock_hz=25e6, host_instructions_per_s=5e6, memory_cycles_per_instruction=1.0,
                  memory_burst_factor=1.0, memory_bandwidth=20e6, channel_rate=20e6, adapter_instructions_per_s=5e6,
                  adapter_scb_instructions=1000.0, control_block_bytes=64.0, compress_work=1e5, decompress_work=1e5,
                  mix_time=1e-3, disk_request_bytes=4096.0, disk_request_overhead=1e-3, disk_media_rate=2e6,
                  ring_bit_rate=16e6, ring_frame_overhead_bytes=21.0)
    return fields


_HW_ZERO_OK = ("memory_cycles_per_instruction", "adapter_scb_instructions", "control_block_bytes",
               "disk_request_overhead", "ring_frame_overhead_bytes")
"""Hardware costs that may be zero (no such overhead)."""


def _workload(**kw):
    return call("mmperf.hosts.ps2:Workload", mode="locate", frame_rate=15.0, frames=20, **kw)


spec("mmperf.hosts.ps2:Hardware", _hw, name=LABEL,
     **{k: (NONNEG if k in _HW_ZERO_OK else POS) for k in _hw() if k != "name"}, check=_no_check)
spec("mmperf.hosts.ps2:Workload",
     lambda: dict(mode="locate", frame_rate=15.0, outgoing=True, incoming_streams=1, file_transfer=True, file_frame_rate=30.0,
                  mean_frame_bytes=8192.0, vc_instructions=15000.0, network_instructions=5000.0,
                  file_system_instructions=5000.0, stream_start_instructions=5000.0, frames=20, phases="aligned",
                  warmup_frames=0),
     mode=Choice(options=("locate", "move")), frame_rate=POS, outgoing=Flag(), incoming_streams=Int(lo=0, hi=1000),
     file_transfer=Flag(), file_frame_rate=POS, mean_frame_bytes=POS, vc_instructions=NONNEG,
     network_instructions=NONNEG, file_system_instructions=NONNEG, stream_start_instructions=NONNEG,
     frames=Int(lo=1), phases=Choice(options=("aligned", "random")), warmup_frames=Int(lo=0),
     move_file_transfer=Choice(options=("pipelined", "serial")), i750=Choice(options=("fcfs", "priority")),
     decompress_hold=PROB, infinite_servers=Bad(values=(("no-such-server",), ["disk"], "disk", 1.5)), check=_no_check)
exempt("mmperf.hosts.ps2:Replication", "the record ps2.simulate builds")
spec("mmperf.hosts.ps2:simulate",
     lambda: dict(hardware=call("mmperf.hosts.ps2:Hardware", **_hw()), workload=_workload(), rng=_rng(), engine="compiled"),
     hardware=Instance(ref="mmperf.hosts.ps2:Hardware"), workload=Instance(ref="mmperf.hosts.ps2:Workload"), rng=RNG,
     engine=Choice(options=("compiled", "simpy")), keep_records=Flag(), check=_no_check)
spec("mmperf.hosts.ps2:stage_wait_bound", lambda: dict(arrivals=np.arange(10) * 0.1 + 0.01, frame_time=0.1),
     arrivals=Array(min_len=0), frame_time=POS)
spec("mmperf.hosts.ps2:describe", lambda: dict(hardware=call("mmperf.hosts.ps2:Hardware", **_hw())),
     hardware=Instance(ref="mmperf.hosts.ps2:Hardware"))


def _tb_link():
    return call("mmperf.hosts.testbed:Link", "l", rate_mbps=10.0)


def _tb_host():
    return call("mmperf.hosts.testbed:Host", "h", kernel_ms=0.1, app_ms=0.2)


spec("mmperf.hosts.testbed:Link",
     lambda: dict(name="l", rate_mbps=10.0, overhead_bytes=0, queue_packets=50, propagation_ms=0.0),
     name=LABEL, rate_mbps=POS, overhead_bytes=Int(lo=0), queue_packets=Int(lo=1), propagation_ms=NONNEG, check=_no_check)
spec("mmperf.hosts.testbed:Link.tx_ms", lambda: dict(self=_tb_link(), packet_bytes=1256), packet_bytes=Int(lo=1))
spec("mmperf.hosts.testbed:Host",
     lambda: dict(name="h", kernel_ms=0.1, app_ms=0.2, display_ms=0.0, buffer_packets=40, cost_cv=0.2, display_cv=0.1),
     name=LABEL, kernel_ms=NONNEG, app_ms=POS, display_ms=NONNEG, buffer_packets=Int(lo=1), cost_cv=NONNEG,
     display_cv=NONNEG, check=_no_check)
spec("mmperf.hosts.testbed:Stream",
     lambda: dict(packet_time_ms=1.0, group=2, n_frames=2, packets_per_frame=10, packet_bytes=1256),
     packet_time_ms=POS, group=Int(lo=1), n_frames=Int(lo=1), packets_per_frame=Int(lo=1), packet_bytes=Int(lo=1),
     check=_no_check)
exempt("mmperf.hosts.testbed:Run", "the record testbed.simulate builds")
spec("mmperf.hosts.testbed:simulate",
     lambda: dict(stream=call("mmperf.hosts.testbed:Stream", 1.0, n_frames=2, packets_per_frame=10), link=_tb_link(),
                  host=_tb_host(), display=False, rng=_rng()),
     stream=Instance(ref="mmperf.hosts.testbed:Stream"), link=Instance(ref="mmperf.hosts.testbed:Link"),
     host=Instance(ref="mmperf.hosts.testbed:Host"), display=Flag(), rng=RNG, check=_no_check)
spec("mmperf.hosts.testbed:fluid_received_rate",
     lambda: dict(packet_time_ms=[0.5, 1.0, 2.0], link=_tb_link(), host=_tb_host(), packet_bytes=1256),
     packet_time_ms=Values(lo=0), link=Instance(ref="mmperf.hosts.testbed:Link"), host=Instance(ref="mmperf.hosts.testbed:Host"),
     packet_bytes=Int(lo=1))
spec("mmperf.hosts.testbed:arrival_rate", lambda: dict(packet_time_ms=[0.5, 1.0, 2.0], link=_tb_link(), packet_bytes=1256),
     packet_time_ms=Values(lo=0), link=Instance(ref="mmperf.hosts.testbed:Link"), packet_bytes=Int(lo=1))
spec("mmperf.hosts.testbed:read_rate", lambda: dict(arriving=[0.5, 1.0], kernel_ms=0.1, app_ms=0.2),
     arriving=Values(lo=0), kernel_ms=NONNEG, app_ms=POS)

spec("mmperf.hosts.timesharing:Policy",
     lambda: dict(hz=100, quantum_ticks=10, recompute_ticks=4, puser=50, wake_pri=24, fixed_load=None, kind="4.3bsd",
                  ts_dptbl=call("mmperf.hosts.timesharing:Policy").ts_dptbl, ts_start_level=29),
     hz=Int(lo=1), quantum_ticks=Int(lo=1), recompute_ticks=Int(lo=1), puser=Int(lo=0), wake_pri=Int(lo=0),
     fixed_load=Real(lo=0, none=True), kind=Choice(options=("4.3bsd", "svr4")),
     ts_dptbl=Bad(values=((), "ab", ((1, 2),))), ts_start_level=Int(lo=0, hi=59), check=_no_check)
spec("mmperf.hosts.timesharing:Process",
     lambda: dict(name="p", kind="sleeper", nice=0, realtime=False, arrivals_us=(0.0, 1000.0), kernel_us=(10.0, 10.0),
                  user_us=(10.0, 10.0)),
     name=LABEL, kind=Choice(options=("hog", "sleeper")), nice=Int(lo=-20, hi=19), realtime=Flag(),
     arrivals_us=Bad(values=((math.nan, 1.0), (-1.0, 1.0), (2.0, 1.0), "ab")),
     kernel_us=Bad(values=((math.nan, 1.0), (-1.0, 1.0), (1.0,), "ab")),
     user_us=Bad(values=((math.nan, 1.0), (-1.0, 1.0), (1.0,), "ab")), check=_no_check)
exempt("mmperf.hosts.timesharing:Schedule", "the record timesharing.simulate builds")
spec("mmperf.hosts.timesharing:simulate",
     lambda: dict(processes=[call("mmperf.hosts.timesharing:Process", "p", "sleeper", arrivals_us=(0.0, 20_000.0),
                                  kernel_us=(100.0, 100.0), user_us=(500.0, 500.0))],
                  duration_us=100_000.0, cpus=1, policy=call("mmperf.hosts.timesharing:Policy"), trace_cap=1000),
     processes=Bad(values=([], "ab", [1.5])), duration_us=POS, cpus=Int(lo=1),
     policy=Instance(ref="mmperf.hosts.timesharing:Policy"), trace_cap=Int(lo=0), check=_no_check)
spec("mmperf.hosts.timesharing:serve",
     lambda: dict(arrivals_us=np.arange(5) * 20_000.0, kernel_us=np.full(5, 100.0), user_us=np.full(5, 500.0), hogs=0, cpus=1,
                  nice=0, realtime=False, policy=call("mmperf.hosts.timesharing:Policy"), tail_us=100_000.0, others=()),
     arrivals_us=Array(lo=0), kernel_us=Array(lo=0), user_us=Array(lo=0), hogs=Int(lo=0),
     cpus=Int(lo=1), nice=Int(lo=-20, hi=19), realtime=Flag(), policy=Instance(ref="mmperf.hosts.timesharing:Policy"),
     tail_us=NONNEG, others=Bad(values=(1.5, "ab", [([math.nan], [1.0], [1.0])])))


# ------------------------------------------------------------------------------------------------
# mmperf.media


def _vm():
    return call("mmperf.media.hdvideo:VideoModel", clip_s=3.0)


spec("mmperf.media.animation:satellite_sequence",
     lambda: dict(n_frames=2, size=16, drift=(1.5, 0.8), evolution=0.08, noise=2.0, key="taylor1993"),
     n_frames=Int(lo=1), size=Int(lo=1), drift=Bad(values=((math.nan, 0.0), (math.inf, 0.0), (1.0,), "ab")),
     evolution=NONNEG, noise=NONNEG, key=Text())
spec("mmperf.media.hdvideo:VideoModel",
     lambda: dict(frame_rate=30.0, clip_s=3.0, mean_rate_bps=63e6, target_rate_bps=40e6, gop=15, i_to_p=2.5,
                  scene_sigma=0.2, frame_sigma=0.1, clips=dict(call("mmperf.media.hdvideo:VideoModel").clips)),
     frame_rate=POS, clip_s=POS, mean_rate_bps=POS, target_rate_bps=POS, gop=Int(lo=1), i_to_p=POS, scene_sigma=NONNEG,
     frame_sigma=NONNEG, clips=Bad(values=({}, "ab", {"x": math.nan})), check=_no_check)
spec("mmperf.media.hdvideo:wire_bytes", lambda: dict(payload=[1000, 2000]),
     payload=Bad(values=("abc", WRONG, [1.0, math.nan], [1.0, -1.0], [math.inf]), edges=(np.zeros(0), np.ones((2, 2)))))
spec("mmperf.media.hdvideo:packetize", lambda: dict(frame_bytes=5000), frame_bytes=Int(lo=0))
spec("mmperf.media.hdvideo:clip_library", lambda: dict(model=_vm(), root=5),
     model=Instance(ref="mmperf.media.hdvideo:VideoModel", none=True), root=ROOT)
spec("mmperf.media.hdvideo:stream_frames", lambda: dict(model=_vm(), replication=0, stream=0, clips=None, root=5),
     model=Instance(ref="mmperf.media.hdvideo:VideoModel"), replication=Int(lo=0), stream=Int(lo=0),
     clips=Bad(values=("ab", 1.5, [np.array([math.nan])]), none=True), root=ROOT)
spec("mmperf.media.hdvideo:slot_arrivals",
     lambda: dict(frames=np.array([1000.0, 2000.0, 1500.0]), frame_rate=25.0, slot_s=0.001, duration_s=0.2,
                  send_rate_bps=None, phase_s=0.0),
     frames=Bad(values=("abc", WRONG, [1.0, math.nan], [1.0, -1.0], np.zeros(0), np.ones((2, 2, 2))),
                edges=(np.ones((2, 3)),)),
     frame_rate=POS, slot_s=POS, duration_s=POS, send_rate_bps=Real(lo=0, lo_open=True, none=True),
     phase_s=NONNEG)
spec("mmperf.media.hdvideo:tfd_announcements", lambda: dict(arrivals=np.arange(20.0), slots_per_window=5, slot_s=0.001),
     arrivals=Array(lo=0), slots_per_window=Int(lo=1), slot_s=POS, check=_no_check)
spec("mmperf.media.hdvideo:packet_schedule",
     lambda: dict(frames=np.array([1000.0, 2000.0, 1500.0]), frame_rate=25.0, duration_s=0.2, phase_s=0.0,
                  line_rate_bps=None),
     frames=Array(lo=0), frame_rate=POS, duration_s=POS, phase_s=NONNEG, line_rate_bps=Real(lo=0, lo_open=True, none=True))

spec("mmperf.media.periodic:PeriodicStream", lambda: dict(period_us=160_000.0, size_bytes=1280.0, n_packets=10),
     period_us=POS, size_bytes=POS, n_packets=Int(lo=1), check=_no_check)
spec("mmperf.media.periodic:fifo", lambda: dict(ready=[0.0, 1.0, 2.0], service=[1.5, 1.5, 1.5]),
     ready=Array(min_len=0), service=Array(lo=0))
spec("mmperf.media.periodic:simulate",
     lambda: dict(stream=call("mmperf.media.periodic:PeriodicStream", n_packets=10), sender=_cpu_host(), receiver=_cpu_host(),
                  network=call("mmperf.networks.lan:Network", "n", 10.0), traffic=call("mmperf.networks.lan:Traffic"),
                  scheduler=_sched(), rng=_rng()),
     stream=Instance(ref="mmperf.media.periodic:PeriodicStream"), sender=Instance(ref="mmperf.hosts.cpu:Host"),
     receiver=Instance(ref="mmperf.hosts.cpu:Host"), network=Instance(ref="mmperf.networks.lan:Network"),
     traffic=Instance(ref="mmperf.networks.lan:Traffic"), scheduler=Instance(ref="mmperf.hosts.cpu:Scheduler"), rng=RNG,
     check=_first_row_nan)

spec("mmperf.media.scenes:SceneSequence", lambda: dict(frames_per_scene=(1, 1, 1, 1), height=16, width=16, frame_rate=25.0),
     frames_per_scene=Bad(values=((1, -1, 1, 1), (1.5, 1, 1, 1), (), "ab", (10**12, 1, 1, 1))), height=Int(lo=1),
     width=Int(lo=1), frame_rate=POS, check=_no_check)
spec("mmperf.media.scenes:SceneSequence.frame",
     lambda: dict(self=call("mmperf.media.scenes:four_scenes", frames_per_scene=(1, 1, 1, 1), height=16, width=16), i=0),
     i=Int(lo=0, hi=3))
spec("mmperf.media.scenes:four_scenes", lambda: dict(frames_per_scene=(1, 1, 1, 1), height=16, width=16, frame_rate=25.0),
     frames_per_scene=Bad(values=((1, -1, 1, 1), (1.5, 1, 1, 1), "ab", (10**12, 1, 1, 1))), height=Int(lo=1),
     width=Int(lo=1), frame_rate=POS, check=_no_check)


# ------------------------------------------------------------------------------------------------
# mmperf.metrics

exempt("mmperf.metrics.fits:LineFit", "the record line_fit builds")
spec("mmperf.metrics.fits:LineFit.predict", lambda: dict(self=_fit(), x=[0.0, 2.0, 4.0]),
     x=Bad(values=("abc", WRONG, [1.0, math.nan], [math.inf]), edges=(np.zeros(0), np.ones((2, 2)), 3.0)))
spec("mmperf.metrics.fits:line_fit", lambda: dict(x=[1.0, 2, 3, 4, 5], y=[1.0, 2.2, 2.9, 4.1, 5.0], level=0.95,
                                                 grid_points=5, grid=None),
     x=Array(), y=Array(), level=Real(lo=0, hi=1, lo_open=True, hi_open=True), grid_points=Int(lo=2),
     grid=Array(none=True))
spec("mmperf.metrics.fits:grouped_fits",
     lambda: dict(frame=pd.DataFrame({"a": [1.0, 2, 3, 1, 2, 3], "b": [1.0, 2.1, 2.9, 2, 4.2, 5.9], "g": list("xxxyyy")}),
                  x="a", y="b", by="g"),
     frame=Instance(ref="pandas:DataFrame"), x=Text(known=True), y=Text(known=True), by=Text(known=True))
spec("mmperf.metrics.fits:fit_chart",
     lambda: dict(points=pd.DataFrame({"x": [1.0, 2.0], "y": [1.0, 2.0]}), bands=_fit().band, x="x", y="y", title="t",
                  x_title="x", y_title="y", color=None, y_scale=None, x_format=None, y_format=None,
                  nonnegative=False),
     points=Instance(ref="pandas:DataFrame"), bands=Instance(ref="pandas:DataFrame"), x=Text(), y=Text(), title=Text(),
     x_title=Text(), y_title=Text(), color=Text(none=True),
     y_scale=Free(why="an altair scale, handed to altair"), x_format=Text(none=True), y_format=Text(none=True),
     nonnegative=Flag(), check=_no_check)

_IA = lambda: dict(interarrival=np.array([10_000.0, 12_000, 8_000, 11_000, 9_000]))  # noqa: E731
# interarrival times: NaN (a trace's first packet, or each run's first in pooled traces) is ignored, as documented
INTERARRIVAL = Bad(values=("abc", WRONG, [1.0, math.inf, 1.0, 2.0], np.zeros(0)),
                   edges=(np.full((2, 3), 1.0), [math.nan, 1.0, 2.0, 3.0]))
for _m in ("jitter_range", "variance", "std_dev", "abs_deviation", "reflection_free_variance"):
    spec(f"mmperf.metrics.jitter:{_m}", _IA, interarrival=INTERARRIVAL)
spec("mmperf.metrics.jitter:reflection", lambda: dict(_IA(), late_us=1_000.0), interarrival=INTERARRIVAL, late_us=NONNEG,
     check=_nan_means_none)
spec("mmperf.metrics.jitter:lateness", lambda: dict(recv_us=_trace()[0], send_us=_trace()[1], anchor="earliest"),
     recv_us=Array(), send_us=Array(), anchor=Choice(options=("earliest", "first")))
spec("mmperf.metrics.jitter:gaps_per_second", lambda: dict(recv_us=_trace()[0], send_us=_trace()[1], buffer_us=250_000.0),
     recv_us=Array(), send_us=Array(), buffer_us=NONNEG)
spec("mmperf.metrics.jitter:compensation_curve", lambda: dict(recv_us=_trace()[0], send_us=_trace()[1], buffers_us=None),
     recv_us=Array(), send_us=Array(), buffers_us=Array(lo=0, none=True))
spec("mmperf.metrics.jitter:compensation_area", lambda: dict(recv_us=_trace()[0], send_us=_trace()[1], max_buffer_us=250_000.0),
     recv_us=Array(), send_us=Array(), max_buffer_us=POS)
spec("mmperf.metrics.jitter:rfc3550_jitter", lambda: dict(recv_us=_trace()[0], send_us=_trace()[1]),
     recv_us=Array(), send_us=Array())
spec("mmperf.metrics.jitter:measures",
     lambda: dict(trace=pd.DataFrame({"recv_us": _trace()[0], "send_us": _trace()[1],
                                      "interarrival_us": np.r_[np.nan, np.diff(_trace()[0])]})),
     trace=Bad(values=("ab", pd.DataFrame(), pd.DataFrame({"recv_us": [math.nan]}))), check=_no_check)

spec("mmperf.metrics.replications:confidence_interval", lambda: dict(values=[1.0, 2.0, 3.0], level=0.9),
     values=Array(), level=Real(lo=0, hi=1, lo_open=True, hi_open=True), check=_no_check)
spec("mmperf.metrics.replications:summarize_replications",
     lambda: dict(frame=pd.DataFrame({"g": ["a", "a", "b", "b"], "value": [1.0, 2, 3, 4]}), by=["g"], value="value", level=0.9),
     frame=Instance(ref="pandas:DataFrame"), by=Bad(values=(["nope"], 1.5)), value=Text(known=True),
     level=Real(lo=0, hi=1, lo_open=True, hi_open=True), check=_no_check)


# ------------------------------------------------------------------------------------------------
# mmperf.networks


def _be_link():
    return call("mmperf.networks.bottleneck:Link", capacity_bps=1e7)


spec("mmperf.networks.bottleneck:Link",
     lambda: dict(capacity_bps=1e9, buffer_packets=100, rtt_s=0.004, slot_s=0.001, packet_bytes=1500),
     capacity_bps=POS, buffer_packets=Int(lo=1), rtt_s=POS, slot_s=POS, packet_bytes=Int(lo=1), check=_no_check)
spec("mmperf.networks.bottleneck:admit", lambda: dict(requested_bps=np.array([[1e6, 2e6], [1e6, 0.0]]), capacity_bps=2e6),
     requested_bps=Array(ndim=2, lo=0), capacity_bps=POS)
spec("mmperf.networks.bottleneck:reserved_path",
     lambda: dict(arrivals=np.ones((1, 10)) * 100.0, rates_bps=np.ones((1, 1)) * 1e6, slots_per_period=10,
                  depth_bytes=np.array([1000.0]), slot_s=0.001),
     arrivals=Array(ndim=2, lo=0), rates_bps=Array(ndim=2, lo=0), slots_per_period=Int(lo=1), depth_bytes=Array(lo=0),
     slot_s=POS)
spec("mmperf.networks.bottleneck:max_backlog", lambda: dict(arrivals=np.array([100.0, 2000.0, 50.0]), capacity_bytes=1000.0),
     arrivals=Array(lo=0), capacity_bytes=POS)
spec("mmperf.networks.bottleneck:simulate_best_effort_many",
     lambda: dict(video_bytes=np.zeros((1, 20)), capacity_bytes=np.full((1, 20), 1250.0), link=_be_link(), set_index=[0],
                  k_flows=[1], seeds=[1]),
     video_bytes=Array(ndim=2, lo=0), capacity_bytes=Array(ndim=2, lo=0), link=Instance(ref="mmperf.networks.bottleneck:Link"),
     set_index=Bad(values=([1], [-1], [0.5], "ab", [[0]])), k_flows=Bad(values=([-1], [0.5], "ab", [10**12])),
     seeds=Bad(values=([-1], [2**32], [0.5], "ab")), check=_no_check)
spec("mmperf.networks.bottleneck:simulate_best_effort",
     lambda: dict(video_bytes=np.zeros(20), capacity_bytes=np.full(20, 1250.0), link=_be_link(), k_flows=1, seed=1),
     video_bytes=Array(lo=0), capacity_bytes=Array(lo=0), link=Instance(ref="mmperf.networks.bottleneck:Link"),
     k_flows=Int(lo=0), seed=SEED32, check=_no_check)

spec("mmperf.networks.lan:Network", lambda: dict(name="n", mbps=10.0, propagation_us=5.0), name=LABEL, mbps=POS,
     propagation_us=NONNEG, check=_no_check)
spec("mmperf.networks.lan:Network.transmit_us", lambda: dict(self=call("mmperf.networks.lan:Network", "n", 10.0),
                                                           size_bytes=[100.0, 1500.0]),
     size_bytes=Values(lo=0))
spec("mmperf.networks.lan:Traffic", lambda: dict(utilization=0.0, burst_bytes=32768.0, bulk=False, window_bytes=65536.0),
     utilization=Real(lo=0, hi=1, hi_open=True), burst_bytes=POS, bulk=Flag(), window_bytes=POS, check=_no_check)
spec("mmperf.networks.lan:network_delays",
     lambda: dict(n=10, size_bytes=1280.0, network=call("mmperf.networks.lan:Network", "n", 10.0),
                  traffic=call("mmperf.networks.lan:Traffic"), rng=_rng()),
     n=Int(lo=0), size_bytes=POS, network=Instance(ref="mmperf.networks.lan:Network"),
     traffic=Instance(ref="mmperf.networks.lan:Traffic"), rng=RNG)

spec("mmperf.networks.loss:per_frame_count", lambda: dict(packets_per_frame=10, rate=0.1), packets_per_frame=Int(lo=1),
     rate=PROB)
spec("mmperf.networks.loss:random_loss", lambda: dict(n_frames=3, packets_per_frame=10, rate=0.1, rng=_rng(), exact=False),
     n_frames=Int(lo=1), packets_per_frame=Int(lo=1), rate=PROB, rng=RNG, exact=Flag())
spec("mmperf.networks.loss:burst_loss", lambda: dict(n_frames=3, packets_per_frame=10, rate=0.1, start=2),
     n_frames=Int(lo=1), packets_per_frame=Int(lo=1), rate=PROB, start=Int(lo=0))
spec("mmperf.networks.loss:priority_drop", lambda: dict(n_frames=3, priority=[0, 1, 2, 3], rate=0.5),
     n_frames=Int(lo=1), priority=Array(lo=0, integer=True), rate=PROB)
spec("mmperf.networks.loss:pattern",
     lambda: dict(name="random", n_frames=3, packets_per_frame=10, rate=0.1, rng=_rng(), priority=None, start=2),
     name=Choice(options=("random",)), n_frames=Int(lo=1), packets_per_frame=Int(lo=1), rate=PROB,
     rng=Instance(ref="numpy.random:Generator", none=True), priority=Array(lo=0, integer=True, none=True), start=Int(lo=0))

spec("mmperf.networks.operational:utilization", lambda: dict(throughput=2.0, demand=0.25), throughput=NONNEG, demand=NONNEG)
spec("mmperf.networks.operational:bottleneck", lambda: dict(demands={"cpu": 0.2, "disk": 0.3}),
     demands=Bad(values=({}, {"cpu": math.nan}, {"cpu": -1.0}, "ab", 1.5)), check=_no_check)
spec("mmperf.networks.operational:saturation_point", lambda: dict(throughput=2.0, demand_per_unit=0.25),
     throughput=NONNEG, demand_per_unit=POS, base=FINITE)
spec("mmperf.networks.operational:littles_law", lambda: dict(throughput=2.0, response_time=0.5),
     throughput=NONNEG, response_time=NONNEG)

spec("mmperf.networks.packetsim:Network",
     lambda: dict(bandwidth_mbps=10.0, delay_s=0.005, queue_limit=50, loss_rate=0.0, loss_start_s=(20.0, 40.0)),
     bandwidth_mbps=POS, delay_s=NONNEG, queue_limit=Int(lo=1), loss_rate=Real(lo=0, hi=1, hi_open=True),
     loss_start_s=Bad(values=((math.nan, 1.0), (-1.0, 1.0), (1.0,), "ab")), check=_no_check)
spec("mmperf.networks.packetsim:uniforms", lambda: dict(seed=3, n_draws=10), seed=SEED, n_draws=Int(lo=0))
spec("mmperf.networks.packetsim:check_schedule",
     lambda: dict(times=_t(), sizes=np.full(20, 1500.0), times_name="times", sizes_name="sizes"),
     times=Array(lo=0, min_len=0), sizes=Array(lo=0, min_len=0), times_name=LABEL, sizes_name=LABEL, check=_no_check)
spec("mmperf.networks.packetsim:simulate_link",
     lambda: dict(times=_t(), sizes=np.full(20, 1500.0), bandwidth_mbps=10.0, delay_s=0.005, queue_limit=50, loss_rate=0.0,
                  loss_start_s=0.0, seed=0, bin_s=1.0),
     times=Array(lo=0, min_len=0), sizes=Array(lo=0, min_len=0), bandwidth_mbps=POS, delay_s=NONNEG, queue_limit=Int(lo=1),
     loss_rate=Real(lo=0, hi=1, hi_open=True), loss_start_s=NONNEG, seed=SEED, bin_s=POS, check=_link_result_check)
exempt("mmperf.networks.packetsim:LinkResult", "the record simulate_link builds")
spec("mmperf.networks.packetsim:LinkResult.check",
     lambda: dict(self=call("mmperf.networks.packetsim:simulate_link", _t(), np.full(20, 1500.0), bandwidth_mbps=10.0),
                  times=_t()),
     times=Bad(values=(np.arange(3.0), "ab")), check=_no_check)

spec("mmperf.networks.queueing:FCFSStation", lambda: dict(env=call("simpy:Environment"), name="s", horizon=None),
     env=Instance(ref="simpy:Environment"), name=LABEL, horizon=Real(lo=0, lo_open=True, none=True), infinite=Flag(),
     check=_no_check)
spec("mmperf.networks.queueing:FCFSStation.book",
     lambda: dict(self=call("mmperf.networks.queueing:FCFSStation", call("simpy:Environment"), "s"), service=1.0, tag=""),
     service=NONNEG, tag=LABEL)
spec("mmperf.networks.queueing:FCFSStation.serve",
     lambda: dict(self=call("mmperf.networks.queueing:FCFSStation", call("simpy:Environment"), "s"), service=1.0, tag=""),
     service=NONNEG, tag=LABEL, check=_no_check)
spec("mmperf.networks.queueing:PSStation", lambda: dict(env=call("simpy:Environment"), name="s", rate=1.0, horizon=None),
     env=Instance(ref="simpy:Environment"), name=LABEL, rate=POS, horizon=Real(lo=0, lo_open=True, none=True),
     check=_no_check)
spec("mmperf.networks.queueing:PSStation.serve",
     lambda: dict(self=call("mmperf.networks.queueing:PSStation", call("simpy:Environment"), "s", rate=1.0), work=1.0, tag=""),
     work=NONNEG, tag=LABEL, check=_no_check)
spec("mmperf.networks.queueing:mg1_mean_wait", lambda: dict(arrival_rate=0.5, mean_service=1.0, scv=1.0),
     arrival_rate=NONNEG, mean_service=POS, scv=NONNEG)
spec("mmperf.networks.queueing:mm1_mean_wait", lambda: dict(arrival_rate=0.5, mean_service=1.0),
     arrival_rate=NONNEG, mean_service=POS)
spec("mmperf.networks.queueing:md1_mean_wait", lambda: dict(arrival_rate=0.5, service=1.0), arrival_rate=NONNEG, service=POS)
exempt("mmperf.networks.queueing:SingleStationResult", "the record simulate_single_station builds")
spec("mmperf.networks.queueing:simulate_single_station",
     lambda: dict(arrival_rate=0.5, mean_service=1.0, service="exponential", discipline="fcfs", customers=20, rng=_rng()),
     arrival_rate=POS, mean_service=POS, service=Choice(options=("exponential", "deterministic")),
     discipline=Choice(options=("fcfs", "ps")), customers=Int(lo=1), rng=RNG, check=_no_check)

exempt("mmperf.networks.shared_bottleneck:SharedBottleneckResult", "the record shared_bottleneck.simulate builds")
spec("mmperf.networks.shared_bottleneck:jain_index", lambda: dict(x=[1.0, 2.0, 3.0]), x=Array(lo=0))
spec("mmperf.networks.shared_bottleneck:TcpOptions",
     lambda: dict(packet_bytes=1500, ack_bytes=40, rwnd_packets=10_000, init_cwnd=2, init_rto_s=1.0, min_rto_s=0.2,
                  max_rto_s=60.0, congestion_control="newreno"),
     packet_bytes=Int(lo=1), ack_bytes=Int(lo=1), rwnd_packets=Int(lo=1), init_cwnd=Int(lo=1), init_rto_s=POS,
     min_rto_s=POS, max_rto_s=POS, congestion_control=Choice(options=("newreno", "cubic")), check=_no_check)
spec("mmperf.networks.shared_bottleneck:Reservation",
     lambda: dict(reserved_bps=[1e6], bucket_bytes=[3000.0], video_streams=np.zeros(20, int), reservation_period_s=None,
                  signalling_delay_s=0.0, bucket_renewal="carry", reserved_queue="bounded", reserved_limit_packets=20),
     reserved_bps=Array(lo=0), bucket_bytes=Array(lo=0), video_streams=Array(lo=0, integer=True, min_len=0),
     reservation_period_s=Real(lo=0, lo_open=True, none=True), signalling_delay_s=NONNEG,
     bucket_renewal=Choice(options=("carry", "full")), reserved_queue=Choice(options=("unbounded", "bounded", "shared")),
     reserved_limit_packets=Int(lo=1, none=True), check=_no_check)
spec("mmperf.networks.shared_bottleneck:simulate",
     lambda: dict(video_times=_t(), video_sizes=np.full(20, 1500.0), capacity_bps=1e7, buffer_packets=20, rtt_s=0.01,
                  tcp_start_s=[0.0], duration_s=0.5, tcp=call("mmperf.networks.shared_bottleneck:TcpOptions"),
                  reservation=call("mmperf.networks.shared_bottleneck:Reservation", reserved_bps=[1e6],
                                   bucket_bytes=[3000.0], video_streams=np.zeros(20, int), reserved_queue="bounded")),
     video_times=Array(lo=0, min_len=0), video_sizes=Array(lo=0, min_len=0), capacity_bps=POS, buffer_packets=Int(lo=1),
     rtt_s=POS, tcp_start_s=Array(lo=0, min_len=0), duration_s=POS,
     tcp=Instance(ref="mmperf.networks.shared_bottleneck:TcpOptions"),
     reservation=Instance(ref="mmperf.networks.shared_bottleneck:Reservation", none=True), check=_result_check)


# ------------------------------------------------------------------------------------------------
# mmperf.quality


def _limits():
    return call("mmperf.quality.planning:UserLimits")


def _system():
    return call("mmperf.quality.planning:System", "s", specint92=100.0, mbps=100.0)


def _model():
    return call("mmperf.quality.planning:ConferenceModel", n_frames=10)


spec("mmperf.quality.image:psnr", lambda: dict(reference=_image(8), test=_image(8) // 2, cap=99.0),
     reference=Bad(values=(np.zeros((4, 4)), np.zeros((0, 0)), "ab", np.full((8, 8), math.nan))),
     test=Bad(values=(np.zeros((4, 4)), "ab", np.full((8, 8), math.nan))), cap=POS)
spec("mmperf.quality.image:ssim", lambda: dict(reference=_image(16), test=_image(16) // 2),
     reference=Bad(values=(np.zeros((4, 4)), np.zeros((0, 0)), "ab", np.full((16, 16), math.nan))),
     test=Bad(values=(np.zeros((4, 4)), "ab", np.full((16, 16), math.nan))))
spec("mmperf.quality.image:plane_compressibility", lambda: dict(image=_image(16), level=9),
     image=Bad(values=(np.zeros((2, 2, 2), np.uint8), np.full((4, 4), 1.5), "ab")), level=Int(lo=0, hi=9))

spec("mmperf.quality.planning:UserLimits",
     lambda: dict(name="v", latency_us=230_000.0, max_gaps_pct=6.0, min_frame_rate=3.0, full_frame_rate=30.0),
     name=LABEL, latency_us=POS, max_gaps_pct=Real(lo=0, hi=100, lo_open=True), min_frame_rate=POS,
     full_frame_rate=POS, check=_no_check)
spec("mmperf.quality.planning:quality", lambda: dict(latency_us=100_000.0, gaps_pct=1.0, loss=0.01, limits=_limits()),
     latency_us=Values(lo=0), gaps_pct=Values(lo=0), loss=Values(lo=0), limits=Instance(ref="mmperf.quality.planning:UserLimits"))
spec("mmperf.quality.planning:acceptable", lambda: dict(q=[0.5, 1.5]), q=Values())
spec("mmperf.quality.planning:optimal_buffer",
     lambda: dict(curve=pd.DataFrame({"buffer_us": [0.0, 1e4, 2e4], "dropped_pct": [10.0, 2.0, 0.0]}), limits=_limits()),
     curve=Bad(values=(pd.DataFrame(), "ab", pd.DataFrame({"buffer_us": [math.nan], "dropped_pct": [1.0]}))),
     limits=Instance(ref="mmperf.quality.planning:UserLimits"), check=_no_check)
spec("mmperf.quality.planning:additive_jitter", lambda: dict(processor=100.0, network=50.0),
     processor=Values(lo=0), network=Values(lo=0))
spec("mmperf.quality.planning:System", lambda: dict(name="s", specint92=100.0, mbps=100.0, sched_class="default"),
     name=LABEL, specint92=POS, mbps=POS, sched_class=Choice(options=("default",)), check=_no_check)
spec("mmperf.quality.planning:ConferenceModel",
     lambda: dict(frame_bytes=6000.0, frame_cpu_spec_us=2.5e6, record_us=33_333.0, play_us=33_333.0, transmission_loss=0.005,
                  n_frames=10),
     frame_bytes=POS, frame_cpu_spec_us=POS, record_us=NONNEG, play_us=NONNEG, transmission_loss=PROB,
     n_frames=Int(lo=3), overload=Choice(options=("shed", "delay")), check=_no_check)
spec("mmperf.quality.planning:load_shares", lambda: dict(system=_system(), users=2, model=_model(), limits=_limits()),
     system=Instance(ref="mmperf.quality.planning:System"), users=Int(lo=1),
     model=Instance(ref="mmperf.quality.planning:ConferenceModel"), limits=Instance(ref="mmperf.quality.planning:UserLimits"))
spec("mmperf.quality.planning:evaluate",
     lambda: dict(system=_system(), users=2, load=0, rep=0, model=_model(), limits=_limits(),
                  scheduler=obj("mmperf.quality.planning:SVR4_SCHEDULER"), root=5),
     system=Instance(ref="mmperf.quality.planning:System"), users=Int(lo=1), load=Int(lo=0),
     rep=Int(lo=0), model=Instance(ref="mmperf.quality.planning:ConferenceModel"),
     limits=Instance(ref="mmperf.quality.planning:UserLimits"), scheduler=Instance(ref="mmperf.hosts.cpu:Scheduler"),
     root=ROOT)
spec("mmperf.quality.planning:conference_streams",
     lambda: dict(users=2, shares=call("mmperf.quality.planning:load_shares", _system(), 2, model=_model()), period_us=33_333.0,
                  n_frames=10, rng=_rng()),
     users=Int(lo=1), shares=Bad(values=({}, "ab", 1.5)), period_us=POS, n_frames=Int(lo=1), rng=RNG,
     overload=Choice(options=("shed", "delay")))
spec("mmperf.quality.planning:sweep", lambda: dict(systems=[_system()], users=(2,), loads=(0,), reps=1, model=_model()),
     systems=Bad(values=([], "ab", [1.5])), users=Bad(values=((), (0,), (2.5,), (math.nan,), "ab", (10**12,))),
     loads=Bad(values=((), (-1,), (2.5,), "ab")), reps=Int(lo=1), extra_keywords=False)
spec("mmperf.quality.planning:max_acceptable_users",
     lambda: dict(frame=pd.DataFrame({"system": ["s", "s"], "users": [1, 2], "quality": [0.5, 1.5]})),
     frame=Bad(values=(pd.DataFrame(), "ab", 1.5)))
spec("mmperf.quality.planning:project",
     lambda: dict(years=[0.0, 1.0], specint92=100.0, mbps=100.0, hogs=0, sched_class="default", bulk=False, reps=1,
                  stream=call("mmperf.media.periodic:PeriodicStream", n_packets=10),
                  scheduler=obj("mmperf.quality.planning:SVR4_SCHEDULER"), root=5),
     years=Array(), specint92=POS, mbps=POS, hogs=Int(lo=0), sched_class=Choice(options=("default",)),
     bulk=Flag(), reps=Int(lo=1), stream=Instance(ref="mmperf.media.periodic:PeriodicStream"),
     scheduler=Instance(ref="mmperf.hosts.cpu:Scheduler"), root=ROOT)
spec("mmperf.quality.planning:crossing_year",
     lambda: dict(projection=pd.DataFrame({"year": [0.0, 1.0], "jitter_us2": [10.0, 1.0]}), threshold=5.0),
     projection=Bad(values=(pd.DataFrame(), "ab")), threshold=POS, check=_inf_means_never)
spec("mmperf.quality.planning:regression_thresholds",
     lambda: dict(buf_slope=2.0, buf_intercept=-10.0, area_slope=1.0, area_intercept=0.0, area_threshold=5.0,
                  jitter_threshold=5.0),
     buf_slope=FINITE, buf_intercept=FINITE, area_slope=FINITE, area_intercept=FINITE, area_threshold=FINITE,
     jitter_threshold=FINITE)


# ------------------------------------------------------------------------------------------------
# mmperf.transports


def _schedule() -> dict:
    return dict(gen_time=np.arange(20) * 0.01, sizes=np.full(20, 1000.0), layers=np.arange(20) % 2)


def _transport_books(result, kwargs):
    result.check()


spec("mmperf.transports.rtp:RtpConfig", lambda: dict(layer_paths=(0, 1)),
     layer_paths=Bad(values=((0, 2), (-1, 0), (0.5, 0), (0,), "ab")), check=_no_check)
spec("mmperf.transports.rtp:run", lambda: dict(_schedule(), network=_net(), config=call("mmperf.transports.rtp:RtpConfig"),
                                               seed=1, bin_s=1.0),
     gen_time=Array(lo=0, min_len=0), sizes=Array(lo=0, min_len=0), layers=Bad(values=([2] * 20, [0.5] * 20, "ab", [0])),
     network=Instance(ref="mmperf.networks.packetsim:Network"), config=Instance(ref="mmperf.transports.rtp:RtpConfig"),
     seed=SEED, bin_s=POS, check=_transport_books)
spec("mmperf.transports.sctp:SctpConfig",
     lambda: dict(cmt=False, multi_stream=True, reliability=("reliable", "reliable"), rtx_limit=1, path_max_retrans=1,
                  receive_buffer=262144, init_cwnd=4380, rto_init=3.0, rto_min=1.0, rto_max=60.0, hb_interval=30.0, mtu=1500,
                  ns2_rwnd_defect=False),
     cmt=Flag(), multi_stream=Flag(), reliability=Bad(values=(("reliable",), ("x", "reliable"), "ab")), rtx_limit=Int(lo=0),
     path_max_retrans=Int(lo=0), receive_buffer=Int(lo=1), init_cwnd=Int(lo=1), rto_init=POS, rto_min=POS, rto_max=POS,
     hb_interval=POS, mtu=Int(lo=100), ns2_rwnd_defect=Flag(), cmt_dac=Flag(), ns2_dac_count_defect=Flag(), sack_delay=NONNEG,
     ns2_sack_clock=Flag(), ns2_cmt_recovery=Flag(),
     check=_no_check)
spec("mmperf.transports.sctp:dac_count", lambda: dict(config=call("mmperf.transports.sctp:SctpConfig")),
     config=Instance(ref="mmperf.transports.sctp:SctpConfig"))
spec("mmperf.transports.sctp:run", lambda: dict(_schedule(), network=_net(), config=call("mmperf.transports.sctp:SctpConfig"),
                                                seed=1, bin_s=1.0, t_end=5.0, trace_events=0),
     gen_time=Array(lo=0, min_len=0), sizes=Array(lo=0, min_len=0), layers=Bad(values=([2] * 20, [0.5] * 20, "ab", [0])),
     network=Instance(ref="mmperf.networks.packetsim:Network"), config=Instance(ref="mmperf.transports.sctp:SctpConfig"),
     seed=SEED, bin_s=POS, t_end=POS, trace_events=Int(lo=0), check=_transport_books)
spec("mmperf.transports.tcp:TcpConfig",
     lambda: dict(receive_buffer=65535, init_cwnd_segments=2, rto_init=3.0, rto_min=0.2, rto_max=60.0, mss=1460),
     receive_buffer=Int(lo=1), init_cwnd_segments=Int(lo=1), rto_init=POS, rto_min=POS, rto_max=POS, mss=Int(lo=1),
     ssthresh_whole_segments=Flag(), check=_no_check)
spec("mmperf.transports.tcp:run", lambda: dict(gen_time=np.arange(20) * 0.01, sizes=np.full(20, 1000.0), network=_net(),
                                               config=call("mmperf.transports.tcp:TcpConfig"), seed=1, bin_s=1.0, t_end=5.0),
     gen_time=Array(lo=0, min_len=0), sizes=Array(lo=0, min_len=0), network=Instance(ref="mmperf.networks.packetsim:Network"),
     config=Instance(ref="mmperf.transports.tcp:TcpConfig"), seed=SEED, bin_s=POS, t_end=POS, check=_transport_books)
spec("mmperf.transports.tfd:TFDOption",
     lambda: dict(next_data=1000, next_time_ms=10, source="encoder", float_data=False, maximum=False, large=False,
                  stream=False, elastic=False),
     next_data=NONNEG, next_time_ms=Int(lo=0), source=Choice(options=("encoder",)), float_data=Flag(), maximum=Flag(),
     large=Flag(), stream=Flag(), elastic=Flag(), check=_no_check)
spec("mmperf.transports.tfd:encode",
     lambda: dict(option=call("mmperf.transports.tfd:TFDOption", 1000, 10), ip_version=4, option_number=30),
     option=Instance(ref="mmperf.transports.tfd:TFDOption"), ip_version=Choice(options=(4, 6)),
     option_number=Int(lo=0, hi=255), check=_no_check)
spec("mmperf.transports.tfd:decode",
     lambda: dict(data=call("mmperf.transports.tfd:encode", call("mmperf.transports.tfd:TFDOption", 1000, 10)), ip_version=4,
                  option_number=None),
     data=Bad(values=(b"", b"\x00", "ab", 1.5)), ip_version=Choice(options=(4, 6)), option_number=Int(lo=0, hi=255, none=True),
     check=_no_check)


# ------------------------------------------------------------------------------------------------
# Public names added since the harness was written: the ledger (assumptions), the findings, the
# identification of the taylor1993 hosts, the verdicts' helpers and the *_arrays fast paths.

def _first_row_nan_dict(result, kwargs):
    """:func:`_first_row_nan` of the dict of arrays ``simulate_arrays`` returns."""
    _first_row_nan(pd.DataFrame(result), kwargs)


spec("mmperf.charts:spec_digest", lambda: dict(spec=dict(_SPEC)), spec=Bad(values=("abc", 1.5)), check=_no_check)
spec("mmperf.claims:exclusions", lambda: dict(frame=_claims_frame()),
     frame=Bad(values=("abc", 1.5, WRONG, pd.DataFrame({"a": [1]}))), check=_no_check)
spec("mmperf.coding.bitplane:buffer_aware_order", lambda: dict(layout=_layout(), buffer_packets=4),
     layout=Instance(ref="mmperf.coding.bitplane:Layout"), buffer_packets=Int(lo=0))
spec("mmperf.hosts.testbed:without_livelock", lambda: dict(host=_tb_host()), host=Instance(ref="mmperf.hosts.testbed:Host"),
     check=_no_check)
spec("mmperf.metrics.jitter:dropped_pct", lambda: dict(late=[0.0, 10.0, 30.0, 40.0], buffers=[0.0, 20.0, 40.0]),
     late=Array(), buffers=Values())
spec("mmperf.networks.lan:network_delay_arrays",
     lambda: dict(n=10, size_bytes=1280.0, network=call("mmperf.networks.lan:Network", "n", 10.0),
                  traffic=call("mmperf.networks.lan:Traffic"), rng=_rng()),
     n=Int(lo=0), size_bytes=POS, network=Instance(ref="mmperf.networks.lan:Network"),
     traffic=Instance(ref="mmperf.networks.lan:Traffic"), rng=RNG)
spec("mmperf.media.periodic:simulate_arrays",
     lambda: dict(stream=call("mmperf.media.periodic:PeriodicStream", n_packets=10), sender=_cpu_host(), receiver=_cpu_host(),
                  network=call("mmperf.networks.lan:Network", "n", 10.0), traffic=call("mmperf.networks.lan:Traffic"),
                  scheduler=_sched(), rng=_rng(), work_spec_us=None, sender_others=(), receiver_others=()),
     stream=Instance(ref="mmperf.media.periodic:PeriodicStream"), sender=Instance(ref="mmperf.hosts.cpu:Host"),
     receiver=Instance(ref="mmperf.hosts.cpu:Host"), network=Instance(ref="mmperf.networks.lan:Network"),
     traffic=Instance(ref="mmperf.networks.lan:Traffic"), scheduler=Instance(ref="mmperf.hosts.cpu:Scheduler"), rng=RNG,
     work_spec_us=Real(lo=0, lo_open=True, none=True),
     sender_others=Bad(values=(1.5, "ab", [[1.0, math.nan]], [[-1.0]])),
     receiver_others=Bad(values=(1.5, "ab", [[1.0, math.nan]], [[-1.0]])), check=_first_row_nan_dict)


@dataclass(frozen=True)
class _Params:
    """A chapter's ``Params`` in miniature, for the ledger's valid calls."""

    cv: float = 0.1
    scheduler: str = "svr4"


def _set_cv(p, x):
    return _Params(cv=x, scheduler=p.scheduler)


def _reading():
    return call("mmperf.assumptions:Reading", "0.3", source="a source", apply=lambda p: _set_cv(p, 0.3))


def _span():
    return call("mmperf.assumptions:Span", 0.0, 0.5, source="a range", set=_set_cv)


def _assumption():
    return call("mmperf.assumptions:Assumption", "display_cv", choice="0.1", why="not stated", alternatives=(_reading(),))


def _ablation():
    return call("mmperf.assumptions:Ablation", "scheduler", removes="the scheduler",
                apply=lambda p: _Params(cv=p.cv, scheduler="fifo"), meant_to_produce=("jitter-*",))


_ITEMS = (1.5, "abc", ["abc"], WRONG)
"""Bad values of a list of records (a number, text, a list of the wrong records, an object)."""

spec("mmperf.assumptions:Reading", lambda: dict(label="0.3", source="a source", apply=lambda p: p),
     label=Text(), source=Text(), apply=Bad(values=("abc", 1.5)), check=_no_check)
spec("mmperf.assumptions:Span", lambda: dict(low=0.0, high=0.5, source="a range", set=_set_cv, book=0.5),
     low=Real(), high=Real(), source=Text(), set=Bad(values=("abc", 1.5)), book=Real(lo=0.0, hi=0.5, none=True),
     check=_no_check)
spec("mmperf.assumptions:Assumption",
     lambda: dict(name="display_cv", choice="0.1", why="not stated", alternatives=(_reading(),), parameter="cv", span=None),
     name=Text(), choice=Text(), why=Text(), alternatives=Bad(values=(1.5, "abc", (), ("abc",), (_reading(), _reading()))),
     parameter=Text(), span=Instance(ref="mmperf.assumptions:Span", none=True), check=_no_check)
spec("mmperf.assumptions:Ablation",
     lambda: dict(name="scheduler", removes="the scheduler", apply=lambda p: p, meant_to_produce=("jitter-*",)),
     name=Text(), removes=Text(), apply=Bad(values=("abc", 1.5)), meant_to_produce=Bad(values=(1.5, (), ("",), (1.5,))),
     check=_no_check)
spec("mmperf.assumptions:Ablation.targets", lambda: dict(self=_ablation(), claim_id="jitter-fig6"), claim_id=Text(),
     check=_no_check)
spec("mmperf.assumptions:check_ledger",
     lambda: dict(assumptions=[_assumption()], ablations=[_ablation()], claim_ids=["jitter-fig6"], params=_Params()),
     assumptions=Bad(values=_ITEMS + ([_assumption(), _assumption()],)),
     ablations=Bad(values=_ITEMS + ([_ablation(), _ablation()],)),
     claim_ids=Bad(values=(1.5, "abc", [1.5], WRONG, ["other-claim"])),
     params=Free(why="the chapter's Params, handed to each reading and ablation"), check=_no_check)

_FRAME_BAD = Bad(values=("abc", 1.5, WRONG, pd.DataFrame({"a": [1]})))
spec("mmperf.findings:verdict_groups", lambda: dict(frame=_claims_frame()), frame=_FRAME_BAD, check=_no_check)
spec("mmperf.findings:by", lambda: dict(frame=_claims_frame(), column="paper"), frame=_FRAME_BAD, column=Text(known=True),
     check=_no_check)
spec("mmperf.findings:miss_causes", lambda: dict(frame=_claims_frame()), frame=_FRAME_BAD, check=_no_check)
spec("mmperf.findings:deciding_assumptions", lambda: dict(frame=_claims_frame()), frame=_FRAME_BAD, check=_no_check)


def _costs():
    return call("mmperf.hosts.identification:consistent_costs", [1.0, 2.0, 3.0], [9.8, 19.6, 29.4], mbps_per_rate=9.792,
                rel_error=0.045, digit=0.1, kernel_grid=[0.0, 0.01], app_grid=[0.01, 0.1])


spec("mmperf.hosts.identification:copy_floor_ms", lambda: dict(clock_mhz=25.0, word_bytes=4, packet_bytes=1224),
     clock_mhz=POS, word_bytes=Int(lo=1), packet_bytes=Int(lo=1))
spec("mmperf.hosts.identification:consistent_costs",
     lambda: dict(arriving=[1.0, 2.0, 3.0], observed_mbps=[9.8, 19.6, 29.4], mbps_per_rate=9.792, rel_error=0.045,
                  digit=0.1, kernel_grid=[0.0, 0.01], app_grid=[0.01, 0.1], kernel_floor=0.0, app_floor=0.0),
     arriving=Array(lo=0), observed_mbps=Array(lo=0), mbps_per_rate=POS, rel_error=Real(lo=0, hi=1, hi_open=True),
     digit=Bad(values=(math.nan, math.inf, -1.0, [0.1, math.nan, 0.1], [0.1, 0.1], "abc", WRONG), edges=(0.0, [0.1, 0.2, 0.3])),
     kernel_grid=Array(lo=0), app_grid=Array(lo=0), kernel_floor=NONNEG, app_floor=NONNEG)
spec("mmperf.hosts.identification:set_summary", lambda: dict(grid=_costs()), grid=_FRAME_BAD, check=_no_check)


def _criterion_value_check(result, kwargs):
    """A ``(status, detail)`` pair with a known status."""
    assert result[0] in ("reproduced", "partly", "not_reproduced"), f"unknown status {result!r}"


spec("mmperf.verdicts:judge_value", lambda: dict(criterion=_tolerance(), value=10.0),
     criterion=Instance(ref="mmperf.claims:Criterion"), value=Bad(values=("abc", WRONG), none=True),
     check=_criterion_value_check)
spec("mmperf.verdicts:majority", lambda: dict(statuses=["reproduced", "partly", "reproduced"]),
     statuses=Bad(values=(1.5, "abc", [], ["abc"], [1.5], WRONG)), check=_no_check)
spec("mmperf.verdicts:witnesses", lambda: dict(spec=_spec_v(), observed=[3.0]),
     spec=Instance(ref="mmperf.claims:ClaimSpec"), observed=Bad(values=(1.5, "abc", WRONG)), check=_no_check)
def _a_chapter():
    """A chapter-shaped record (the registry's are above this module's layer): no claims, no ledger."""
    return SimpleNamespace(key="no-such-chapter", paper="huynh1994", claims=(), assumptions=(), ablations=(),
                           run=_square_run)


_CH = Bad(values=("abc", 1.5, WRONG))


@dataclass(frozen=True)
class _ToyParams:
    """A chapter's parameters, for the registry record's specs."""

    x: float = 1.0

    def table(self) -> pd.DataFrame:
        return pd.DataFrame({"parameter": ["x"], "value": [self.x], "unit": [""], "source": ["a test"]})


def _toy_chapter():
    return call("mmperf.chapter:Chapter", key="toy", paper="taylor1993", title="A toy", Params=_ToyParams,
                run=_square_run, claims=(_spec_v(),), assumptions=(), ablations=(), evidence="measurement")


exempt("mmperf.chapter:Chapter", "the registry's record, built at import from each paper's package; every field is "
                                  "checked there by name (tests/papers/test_claims.py builds it with bad fields)")
spec("mmperf.chapter:check_workers", lambda: dict(workers=2), workers=Int(lo=1))
spec("mmperf.chapter:prepare_run", lambda: dict(params_cls=_ToyParams, params=None, seed=1, workers=1, paper="taylor1993"),
     params_cls=Bad(values=(1.5, "abc")), params=Bad(values=(1.5, "abc"), none=True), seed=Int(lo=0, hi=2**63 - 1),
     workers=Int(lo=1), paper=Text(), check=_no_check)
spec("mmperf.chapter:Chapter.runs", lambda: dict(self=_toy_chapter(), params=None, seed=1, workers=1, seeds=2),
     params=Free(why="handed to the chapter's run, which checks it"), seed=Int(lo=0, hi=2**63 - 1), workers=Int(lo=1),
     seeds=Int(lo=1, hi=10**4), check=_no_check)
spec("mmperf.chapter:Chapter.verdicts",
     lambda: dict(self=_toy_chapter(), runs={1: _square_run(None, seed=1), 2: _square_run(None, seed=2)}, book_seed=1,
                  root=None),
     runs=Bad(values=("abc", 1.5, {})), book_seed=Bad(values=(1.5, "abc", -1)), root=Bad(values=(1.5, WRONG), none=True), check=_no_check)
spec("mmperf.chapter:Chapter.audit_matrix", lambda: dict(self=_toy_chapter(), root=None), root=Bad(values=(1.5, WRONG), none=True), check=_no_check)
spec("mmperf.chapter:Chapter.audit_state", lambda: dict(self=_toy_chapter(), root=None), root=Bad(values=(1.5, WRONG), none=True), check=_no_check)

_ROOT_PATH = Bad(values=(1.5, WRONG), none=True)
spec("mmperf.audit:variants", lambda: dict(ch=_a_chapter()), ch=_CH, check=_no_check)
spec("mmperf.audit:continuous", lambda: dict(ch=_a_chapter()), ch=_CH, check=_no_check)
spec("mmperf.audit:variant_seeds", lambda: dict(kind="reading", seeds=[1, 2]),
     kind=Bad(values=("abc", 1.5, WRONG)), seeds=Bad(values=("abc", 1.5, [], WRONG)), check=_no_check)
spec("mmperf.audit:morris_design", lambda: dict(ch=_a_chapter(), trajectories=4), ch=_CH,
     trajectories=Int(lo=2, hi=1000), check=_no_check)
spec("mmperf.audit:morris_effects", lambda: dict(ch=_a_chapter(), frame=None), ch=_CH,
     frame=Bad(values=("abc", 1.5, pd.DataFrame({"a": [1]})), none=True), check=_no_check)
spec("mmperf.audit:audit_file", lambda: dict(ch=_a_chapter(), root=None), ch=_CH, root=_ROOT_PATH, check=_no_check)
spec("mmperf.audit:code_hash", lambda: dict(ch=_a_chapter(), root=None), ch=_CH, root=_ROOT_PATH, check=_no_check)
spec("mmperf.audit:read_audit", lambda: dict(ch=_a_chapter(), root=None), ch=_CH, root=_ROOT_PATH, check=_no_check)
spec("mmperf.verdicts:noise_bound", lambda: dict(spec=_spec_v(), values=[3.0, 2.0, None]),
     spec=Instance(ref="mmperf.claims:ClaimSpec"), values=Bad(values=(1.5, "abc", ["abc"], [[1.0]], WRONG)), check=_no_check)
spec("mmperf.claims:check_frame", lambda: dict(frame=_claims_frame(), columns=("kind", "status"), name="frame"),
     frame=_FRAME_BAD, columns=Bad(values=(1.5, WRONG, ["no-such-column"])), name=LABEL, check=_no_check)
spec("mmperf.metrics.replications:batch_means",
     lambda: dict(series=np.random.default_rng(1).normal(10.0, 1.0, 400), batches=20, level=0.9, trend_level=0.01),
     series=Array(), batches=Int(lo=4), level=Real(lo=0, hi=1, lo_open=True, hi_open=True),
     trend_level=Real(lo=0, hi=1, lo_open=True, hi_open=True))


def _status_matrix() -> pd.DataFrame:
    return pd.DataFrame({"book": ["reproduced", "partly"], "reading=x": ["not_reproduced", "partly"]},
                        index=pd.Index(["c1", "c2"], name="claim_id"))


spec("mmperf.charts:status_matrix", lambda: dict(matrix=_status_matrix(), title="t"),
     matrix=Bad(values=(1.5, "abc", pd.DataFrame({"book": ["maybe"]}))), title=Bad(values=(1.5, None)), check=_no_check)


# the per-second delivery measures, cell agreement, the two-path diagram and video streaming (Ortiz et al. 2013)
_GEN, _DLV = np.array([0.0, 0.5, 1.2, 1.6]), np.array([0.1, -1.0, 1.5, 1.7])
_RULES_CHOICE = Choice(options=("freeze", "black", "freeze-any"))
spec("mmperf.metrics.delivery:per_second_delivery", lambda: dict(gen_time=_GEN, deliver_time=_DLV, sizes=[1.0, 2, 3, 4],
                                                                bin_s=1.0),
     gen_time=Array(lo=0), deliver_time=Array(), sizes=Array(lo=0), bin_s=Real(lo=0, lo_open=True))
spec("mmperf.metrics.delivery:average_delay", lambda: dict(gen_time=_GEN, deliver_time=_DLV, how="second", bin_s=1.0),
     gen_time=Array(lo=0), deliver_time=Array(), how=Choice(options=("packet", "second")), bin_s=Real(lo=0, lo_open=True))
spec("mmperf.metrics.delivery:interface_series", lambda: dict(link_stats=np.ones((2, 3, 3)), bin_s=1.0, n_bins=2,
                                                             names=("eth0", "eth1")),
     link_stats=Array(ndim=3, lo=0), bin_s=Real(lo=0, lo_open=True), n_bins=Int(lo=0, none=True),
     names=Bad(values=("eth0", ("a",), (1, 2))))
spec("mmperf.metrics.delivery:binned_mean", lambda: dict(times=[0.0, 0.5, 1.0], values=[1.0, 2.0, 3.0], bin_s=1.0, name="v"),
     times=Array(), values=Array(), bin_s=Real(lo=0, lo_open=True), name=Bad(values=(1.5, "time_s")))
spec("mmperf.metrics.agreement:within", lambda: dict(book=[1.0, 2.0], paper=[1.0, 1.0], abs_tol=0.5, factor=2.0, strict=False),
     book=Bad(values=("abc", [1.0])), paper=Bad(values=("abc", np.zeros(0))), abs_tol=Real(lo=0),
     factor=Real(lo=1.0, lo_open=True, none=True), strict=Flag())
spec("mmperf.metrics.agreement:grouped_share", lambda: dict(groups=["a", "b"], agree=[True, False], order=["a", "b"]),
     groups=Bad(values=("ab", 1.5, ["a"])), agree=Bad(values=("ab", [1, 2])), order=Bad(values=("a", [], 1.5)))
spec("mmperf.metrics.agreement:compare",
     lambda: dict(paper=pd.DataFrame({"cell": ["a", "b"], "value": [1.0, 4.0]}),
                  book=pd.DataFrame({"cell": ["a", "b"], "value": [1.5, 2.0], "sd": [0.1, 0.2]}),
                  on=["cell"], value="value", book_extra=("sd",), log_ratio=True),
     paper=Instance(ref="pandas:DataFrame"), book=Instance(ref="pandas:DataFrame"),
     on=Bad(values=("cell", [], 1.5, ["nope"])), value=Bad(values=(1.5, "nope")), book_extra=Bad(values=("sd", 1.5, ["nope"])),
     log_ratio=Flag())
spec("mmperf.networks.diagram:two_path_diagram",
     lambda: dict(bandwidths_mbps=(30.0,), delay_s=0.005, queue_limit=50, loss_start_s=(20.0, 40.0)),
     bandwidths_mbps=Array(lo=0), delay_s=Real(lo=0), queue_limit=Int(lo=1),
     loss_start_s=Bad(values=((1.0,), (math.nan, 1.0), (-1.0, 1.0), "ab")))
exempt("mmperf.media.streaming:Stream", "the record streaming.stream builds")
spec("mmperf.media.streaming:packet_schedule", lambda: dict(video=_coded()),
     video=Instance(ref="mmperf.coding.svc:CodedVideo"))
spec("mmperf.media.streaming:decode_delivered",
     lambda: dict(video=_coded(), delivered=np.ones(len(_coded().packets), bool), lost_slice_rule="black"),
     video=Instance(ref="mmperf.coding.svc:CodedVideo"), delivered=Bad(values=(np.ones(1, bool), "abc", [2.0])),
     lost_slice_rule=_RULES_CHOICE)
_STREAM = dict(video=Instance(ref="mmperf.coding.svc:CodedVideo"), config=Bad(values=("abc", 1.5)),
               network=Instance(ref="mmperf.networks.packetsim:Network"), seed=SEED, t_end=Real(lo=0, lo_open=True),
               lost_slice_rule=_RULES_CHOICE, delay_average=Choice(options=("packet", "second")))
for _name, _extra in (("stream", {"trace_events": Int(lo=0)}), ("stream_summary", {})):
    spec(f"mmperf.media.streaming:{_name}",
         lambda: dict(video=_coded(), config=call("mmperf.transports.rtp:RtpConfig"), network=_net(), seed=1, t_end=60.0,
                      lost_slice_rule="freeze", delay_average="packet"), **_STREAM, **_extra)

# ------------------------------------------------------------------------------------------------
# mmperf.metrics.crossing (the book's one crossing function; Taylor & Polyzos sec. 3.4, Huynh et al.)

def _curve_frame() -> pd.DataFrame:
    return pd.DataFrame({"pattern": ["a"] * 4 + ["b"] * 4, "rate": [0, 0, 10, 10] * 2,
                         "q": [1.0, 1.0, 0.9, 0.7, 1.0, 0.98, 0.97, 0.95]})


def _nan_ok(result, kwargs):
    """A crossing is a finite number or NaN (the curve never reaches the level)."""
    values = np.asarray(result["crossing"] if isinstance(result, pd.DataFrame) else result, dtype=float)
    assert not np.any(np.isinf(values)), f"infinite crossing {result!r}"


spec("mmperf.metrics.crossing:crossing", lambda: dict(x=[0.0, 10.0, 20.0], y=[0.0, 0.5, 1.0], level=0.75, direction="rise"),
     x=Bad(values=(np.full((2, 2), 1.0), "abc", WRONG, [1.0, math.nan, 2.0], [1.0, math.inf], [2.0, 1.0, 3.0], np.zeros(0))),
     y=Bad(values=(np.full((2, 2), 1.0), "abc", WRONG, [1.0, math.nan, 1.0], [1.0, 2.0], np.zeros(0)),
           edges=([0.0, math.inf, 1.0],)),
     level=FINITE, direction=Choice(options=("rise", "fall")), check=_nan_ok)
spec("mmperf.metrics.crossing:crossings",
     lambda: dict(frame=_curve_frame(), x="rate", y="q", level=0.9, by="pattern", direction="fall"),
     frame=_FRAME_BAD, x=Text(known=True), y=Text(known=True), by=Text(known=True), level=FINITE,
     direction=Choice(options=("rise", "fall")), check=_nan_ok)


# ------------------------------------------------------------------------------------------------
# mmperf.hosts.cost_fit, mmperf.hosts.pacing, mmperf.quality.bitplane_loss, mmperf.metrics.loss_position
# (moved down from the Taylor & Polyzos chapter, issue #29)

def _fit_grid():
    return call("mmperf.hosts.identification:consistent_costs", [1.0, 2.0], [9.79, 9.79], mbps_per_rate=9.792,
                rel_error=0.01, digit=0.01, kernel_grid=[0.2, 0.25, 0.3], app_grid=[0.4, 0.5])


_FEW_ROWS = Bad(values=(np.full((2, 2), 1.0), "abc", WRONG, [1.0, math.nan], [1.0, math.inf], [1.0, -1.0], [1.0],
                        np.zeros(0)))
spec("mmperf.hosts.cost_fit:best_kernel_profile",
     lambda: dict(arriving=[1.0, 2.0], observed_mbps=[9.79, 9.79], mbps_per_rate=9.792, app_grid=[0.5], scale_ms=0.5),
     arriving=_FEW_ROWS, observed_mbps=Bad(values=_FEW_ROWS.values + ([1.0, 0.0],)), mbps_per_rate=POS,
     app_grid=Array(lo=0), scale_ms=Real(lo=0, lo_open=True, huge_ok=False))
spec("mmperf.hosts.cost_fit:set_point",
     lambda: dict(grid=_fit_grid(), summary=call("mmperf.hosts.identification:set_summary", _fit_grid()), point="fit"),
     grid=_FRAME_BAD, summary=Bad(values=(1.5, "abc", WRONG, {"a": 1})),
     point=Bad(values=("middle", math.nan, math.inf, -1.0, 0.0, WRONG)), check=_no_check)
spec("mmperf.hosts.cost_fit:fluid_display_loss",
     lambda: dict(packet_time_ms=[1.0, 2.0, 3.0], display_ms=100.0, kernel_ms=0.3, buffer_packets=40),
     packet_time_ms=Bad(values=(math.nan, math.inf, 0.0, -1.0, [1.0, math.nan], [1.0, 0.0], "abc", WRONG)),
     display_ms=Values(lo=0), kernel_ms=Values(lo=0), buffer_packets=NONNEG)
spec("mmperf.hosts.cost_fit:fit_display_ratio",
     lambda: dict(packet_time_ms=[2.0, 2.5], avg_lost=[10.0, 0.0], frame_read_ms=100.0, kernel_ms=0.0,
                  buffer_packets=40, upper=1000.0),
     packet_time_ms=Bad(values=_FEW_ROWS.values + ([1.0, 0.0],)), avg_lost=_FEW_ROWS, frame_read_ms=POS, kernel_ms=NONNEG,
     buffer_packets=NONNEG, upper=POS)
spec("mmperf.hosts.pacing:tick_pacing",
     lambda: dict(packet_time_ms=1.953125, tick_ms=1000 / 256, groups=[1, 2, 4], max_ticks=12, tolerance=0.005),
     packet_time_ms=POS, tick_ms=POS, groups=Array(lo=1, integer=True), max_ticks=Int(lo=1), tolerance=NONNEG)


def _lost_matrix() -> np.ndarray:
    return np.array([[False, True, True], [True, True, False], [False, True, False]])


_LOST_BAD = Bad(values=(np.zeros(3, bool), np.zeros((0, 3), bool), "abc", WRONG, [[0.5, 1.0]], [[math.nan, 1.0]]))
spec("mmperf.metrics.loss_position:position_losses", lambda: dict(lost=_lost_matrix()), lost=_LOST_BAD)
spec("mmperf.metrics.loss_position:typical_frame", lambda: dict(lost=_lost_matrix(), skip=1),
     lost=Bad(values=_LOST_BAD.values + (np.zeros((3, 3), bool),)), skip=Int(lo=0, hi=2))
spec("mmperf.metrics.loss_position:loss_concentration", lambda: dict(lost=_lost_matrix(), top=20, start=1),
     lost=Bad(values=_LOST_BAD.values + (np.zeros((3, 3), bool),)), top=Int(lo=1), start=Int(lo=0))

spec("mmperf.quality.bitplane_loss:degrade", lambda: dict(frame=_image(), lost=np.arange(8) == 0, fill="half", packets=None),
     frame=Bad(values=(np.zeros((2, 2, 2), np.uint8), np.full((4, 4), 1.5), "ab", WRONG)),
     lost=Bad(values=(np.ones(7, bool), "ab", [1.0, math.nan] * 4, WRONG)),
     fill=Choice(options=("half", "zero")), packets=Bad(values=(np.zeros((3, 5), np.uint8), "ab"), none=True))
spec("mmperf.quality.bitplane_loss:loss_mask",
     lambda: dict(pattern="random", rate=0.25, layout=_layout(), start=0, frame_index=0, draw=0, streams=("quality",),
                  seed=1),
     pattern=Choice(options=("random", "burst", "priority")), rate=PROB, layout=Instance(ref="mmperf.coding.bitplane:Layout"),
     start=Int(lo=0), frame_index=Free(why="a key of the random stream"), draw=Free(why="a key of the random stream"),
     streams=Bad(values=("abc", 1.5, WRONG, [1.5])), seed=ROOT)
spec("mmperf.quality.bitplane_loss:quality_curves",
     lambda: dict(frames=_image(), rates=[0.0, 0.25], patterns=("random", "burst"), draws=1, fill="half", start=0,
                  streams=("quality",), seed=1),
     frames=Bad(values=(np.zeros((2, 2, 2, 2), np.uint8), np.full((4, 4), 1.5), "ab", WRONG)),
     rates=Bad(values=([math.nan], [1.5], [-0.1], "ab", WRONG)), patterns=Bad(values=(["no-such-pattern"], WRONG)),
     draws=Int(lo=1, hi=1000), fill=Choice(options=("half", "zero")), start=Int(lo=0),
     streams=Bad(values=("abc", 1.5, WRONG, [1.5])), seed=ROOT, check=_no_check)
spec("mmperf.quality.bitplane_loss:reordered_loss",
     lambda: dict(frame=_image(), lost=np.arange(8) == 0, order=np.arange(8)[::-1], packets=None),
     frame=Bad(values=(np.zeros((2, 2, 2), np.uint8), np.full((4, 4), 1.5), "ab", WRONG)),
     lost=Bad(values=(np.ones(7, bool), "ab", [1.0, math.nan] * 4, WRONG)),
     order=Bad(values=(np.zeros(8, int), np.arange(7), "ab", WRONG)),
     packets=Bad(values=(np.zeros((3, 5), np.uint8), "ab"), none=True))
spec("mmperf.quality.bitplane_loss:compressibility", lambda: dict(images={"a": _image()}, level=6),
     images=Bad(values=("abc", 1.5, WRONG, {})), level=Int(lo=0, hi=9))


# ------------------------------------------------------------------------------------------------
# mmperf.hosts.calibration, mmperf.hosts.testbed_runs (moved down from the Taylor & Polyzos chapter, issue #29)

def _fddi():
    return call("mmperf.hosts.testbed:Link", "FDDI", rate_mbps=100.0, overhead_bytes=36)


def _host_cal():
    hosts = pd.DataFrame({"kernel_ms": [0.1], "app_ms": [0.15], "display_ms": [1.0]}, index=["h"])
    return call("mmperf.hosts.calibration:HostCalibration", hosts=hosts, kappa=0.0, buffer_packets=40, display_table="-")


def _tb_run():
    return call("mmperf.hosts.testbed:simulate", call("mmperf.hosts.testbed:Stream", 0.3, n_frames=2), _fddi(),
                _tb_host(), display=False, rng=np.random.default_rng(1))


_ROWS3 = Bad(values=(np.full((2, 2), 1.0), "abc", WRONG, [1.0, math.nan, 1.0], [1.0, math.inf, 1.0], [1.0, -1.0, 1.0],
                     [1.0, 0.0, 1.0], [1.0], np.zeros(0)))
_LINKS = Bad(values=("abc", 1.5, WRONG, [1.5]))
exempt("mmperf.hosts.calibration:HostCalibration",
       "the record a paper's calibration builds from display_calibration's output; host() checks what it builds")
spec("mmperf.hosts.calibration:HostCalibration.host", lambda: dict(self=_host_cal(), name="h"),
     name=Text(known=True), say={"name": "host"})
spec("mmperf.hosts.calibration:HostCalibration.with_host", lambda: dict(self=_host_cal(), name="h", app_ms=0.2),
     name=Text(known=True), say={"name": "host"}, extra_keywords=True, check=_no_check)
spec("mmperf.hosts.calibration:identify_costs",
     lambda: dict(packet_time_ms=[0.4, 0.5, 1.0], throughput_mbps=[12.56, 12.56, 10.05], links=_fddi(), digit=0.01,
                  packet_bytes=1256, rel_error=0.02, floor_ms=0.0, grid_points=41),
     packet_time_ms=_ROWS3, throughput_mbps=_ROWS3, links=_LINKS,
     digit=Bad(values=(math.nan, math.inf, -1.0, [0.1, math.nan, 0.1], [0.1, 0.1], "abc", WRONG)),
     packet_bytes=Int(lo=1), rel_error=Real(lo=0, hi=1, hi_open=True), floor_ms=NONNEG, grid_points=Int(lo=2),
     check=_no_check)
spec("mmperf.hosts.calibration:cost_profile",
     lambda: dict(packet_time_ms=[0.4, 0.5, 1.0], throughput_mbps=[12.56, 12.56, 10.05], links=_fddi(),
                  packet_bytes=1256, points=3),
     packet_time_ms=_ROWS3, throughput_mbps=_ROWS3, links=_LINKS, packet_bytes=Int(lo=1), points=Int(lo=3))
spec("mmperf.hosts.calibration:display_calibration",
     lambda: dict(costs=pd.DataFrame({"kernel_ms": [0.0], "app_ms": [0.25]}, index=["h"]), packet_time_ms=[2.0, 2.5],
                  avg_lost=[10.0, 0.0], display_host="h", packets_per_frame=400, packet_bytes=1256, buffer_packets=40),
     costs=_FRAME_BAD, packet_time_ms=_FEW_ROWS, avg_lost=_FEW_ROWS, display_host=Text(known=True),
     packets_per_frame=Int(lo=1), packet_bytes=Int(lo=1), buffer_packets=NONNEG)
spec("mmperf.hosts.calibration:display_walls",
     lambda: dict(packet_time_ms=[1.0, 2.0, 3.0], avg_lost=[5.0, 10.0, 0.0], buffer_packets=40, display_ms=100.0,
                  kernel_ms=0.5),
     packet_time_ms=_ROWS3, avg_lost=Bad(values=_ROWS3.values[:6] + _ROWS3.values[7:]), buffer_packets=NONNEG,
     display_ms=POS, kernel_ms=NONNEG)
exempt("mmperf.hosts.testbed_runs:Case", "a plain record of a grid's row; simulate_cases checks its fields")
spec("mmperf.hosts.testbed_runs:simulate_cases",
     lambda: dict(cases=[call("mmperf.hosts.testbed_runs:Case", ("t", 1), 0.3, _fddi(), "h", True)],
                  calibration=_host_cal(), n_frames=2, group=2, streams=("doc",), seed=1, display=None),
     cases=Bad(values=("abc", 1.5, WRONG, [1.5])), calibration=Bad(values=("abc", 1.5, WRONG)), n_frames=Int(lo=1),
     group=Int(lo=1), streams=Bad(values=("abc", 1.5, WRONG, ["abc"])), seed=ROOT,
     display=Bad(values=("yes", math.nan, 1.5), none=True), check=_no_check)
spec("mmperf.hosts.testbed_runs:lost_matrix", lambda: dict(run=_tb_run()), run=Instance(ref="mmperf.hosts.testbed:Run"),
     check=_no_check)
spec("mmperf.hosts.testbed_runs:fluid_curve",
     lambda: dict(link=_fddi(), host=_tb_host(), low_ms=0.2, high_ms=0.5, points=4, packet_bytes=1256),
     link=Instance(ref="mmperf.hosts.testbed:Link"), host=Instance(ref="mmperf.hosts.testbed:Host"), low_ms=POS,
     high_ms=POS, points=Int(lo=2), packet_bytes=Int(lo=1))


def _masks():
    n = call("mmperf.coding.bitplane:layout", (32, 32)).n_packets
    return pd.DataFrame({"run": 1, "index": np.arange(n), "lost": np.arange(n) < 2})


spec("mmperf.quality.bitplane_loss:buffer_reordering",
     lambda: dict(frame=_image(), masks=_masks(), buffer_packets=1, by=("run",)),
     frame=Bad(values=(np.zeros((2, 2, 2), np.uint8), np.full((4, 4), 1.5), "ab", WRONG)), masks=_FRAME_BAD,
     buffer_packets=Int(lo=0), by=Bad(values=(1.5, (), ("no-such-column",), WRONG)), check=_no_check)


# Claypool et al. 1998's mechanisms moved out of experiments/ (issue 29): trends, playout buffers, a sleeper's schedule
spec("mmperf.metrics.trends:closest_approach", lambda: dict(intercepts=[0.0, 2.0], slopes=[1.0, -1.0], grid=None),
     intercepts=Array(), slopes=Array(), grid=Array(none=True))
spec("mmperf.metrics.trends:significantly_above", lambda: dict(a=[10.0, 11, 12, 11], b=[1.0, 2, 1, 2], level=0.05),
     a=Array(), b=Array(), level=Real(lo=0, hi=1, lo_open=True, hi_open=True), check=_no_check)
spec("mmperf.quality.playout:playout_summary",
     lambda: dict(recv_us=_trace()[0], send_us=_trace()[1], limit_us=100_000.0, limits=_limits()),
     recv_us=Array(), send_us=Array(), limit_us=NONNEG, limits=Instance(ref="mmperf.quality.planning:UserLimits"))
spec("mmperf.quality.playout:buffer_threshold",
     lambda: dict(variance=[1e6, 1e7, 1e8, 1e9], buffer_us=[1e4, 3.2e4, 1e5, 2e5], target_us=1e4, ceiling_us=250_000.0),
     variance=Array(), buffer_us=Array(), target_us=POS, ceiling_us=POS, check=_no_check)
spec("mmperf.hosts.sleeper:sleeper_schedule",
     lambda: dict(arrivals_us=[1000.0, 161_000.0], work_us=[500.0, 500.0], hogs=1, sched_class="default",
                  scheduler=_sched(), extra_user_us=0.0, tail_us=100_000.0),
     arrivals_us=Array(lo=0), work_us=Array(lo=0), hogs=Int(lo=0), sched_class=Choice(options=("default", "niced", "real-time")),
     scheduler=Instance(ref="mmperf.hosts.cpu:Scheduler"), extra_user_us=NONNEG, tail_us=POS, check=_no_check)
# mmperf.networks.operational (a sweep extrapolated), mmperf.hosts.ps2_laws and mmperf.hosts.ps2_runs
# (the PS/2 model's operational laws and runs; Huynh & Khoshgoftaar 1994)

spec("mmperf.networks.operational:saturation_from_sweep",
     lambda: dict(x=[10.0, 20.0, 30.0, 40.0], utilization=[0.25, 0.5, 0.75, 0.95], below=0.8),
     x=Array(), utilization=Array(), below=Real(lo=0, hi=1, lo_open=True), check=_nan_ok)

_PS2_HW = Instance(ref="mmperf.hosts.ps2:Hardware")
_PS2_WL = Instance(ref="mmperf.hosts.ps2:Workload")


def _ps2_hw():
    return call("mmperf.hosts.ps2:Hardware", **_hw())


spec("mmperf.hosts.ps2_laws:mean_requests_per_frame", lambda: dict(mean_bytes=8192.0, request_bytes=4096.0),
     mean_bytes=POS, request_bytes=POS)
spec("mmperf.hosts.ps2_laws:host_instructions", lambda: dict(workload=_workload(), request_bytes=4096.0),
     workload=_PS2_WL, request_bytes=POS)
spec("mmperf.hosts.ps2_laws:utilizations", lambda: dict(hardware=_ps2_hw(), workload=_workload()),
     hardware=_PS2_HW, workload=_PS2_WL)
spec("mmperf.hosts.ps2_laws:saturation_path_length", lambda: dict(hardware=_ps2_hw(), workload=_workload()),
     hardware=_PS2_HW, workload=_PS2_WL)
spec("mmperf.hosts.ps2_laws:file_share", lambda: dict(workload=_workload(), request_bytes=4096.0),
     workload=_PS2_WL, request_bytes=POS)
spec("mmperf.hosts.ps2_laws:instructions_per_clock",
     lambda: dict(saturating=_workload(vc_instructions=60_000.0), clock_hz=25e6, request_bytes=4096.0),
     saturating=_PS2_WL, clock_hz=POS, request_bytes=POS)
spec("mmperf.hosts.ps2_laws:memory_cycles_per_instruction",
     lambda: dict(reference=_workload(), utilization=0.35, clock_hz=25e6, burst_factor=1.0, memory_bandwidth=50e6,
                  control_block_bytes=32.0, request_bytes=4096.0),
     reference=_PS2_WL, utilization=PROB, clock_hz=POS, burst_factor=Real(lo=0, hi=1, lo_open=True),
     memory_bandwidth=POS, control_block_bytes=NONNEG, request_bytes=POS)
spec("mmperf.hosts.ps2_laws:disk_request_overhead",
     lambda: dict(reference=_workload(), utilization=0.24, media_rate=2e6, request_bytes=4096.0),
     reference=_PS2_WL, utilization=PROB, media_rate=POS, request_bytes=POS)
spec("mmperf.hosts.ps2_runs:replicate",
     lambda: dict(configs=[({"f": 15}, _ps2_hw(), _workload(), ("a", 15))], replications=2, stream=("harness",),
                  root=1, workers=1),
     configs=Bad(values=("abc", 1.5, [("x",)], [1.5], [({"f": 1}, "hw", "wl", ("a",))])), replications=Int(lo=2),
     stream=Bad(values=((), "abc", 1.5)), root=ROOT, workers=Int(lo=1), check=_no_check)
spec("mmperf.hosts.ps2_runs:steady_state",
     lambda: dict(hardware=_ps2_hw(), workload=call("mmperf.hosts.ps2:Workload", mode="move", frame_rate=30.0, frames=200),
                  rng=_rng(), series=[("send", "total")], warmup_frames=10, window_frames=100, batches=20, level=0.9),
     hardware=_PS2_HW, workload=_PS2_WL, rng=RNG, series=Bad(values=("abc", 1.5, [("send", "nothing")], [1.5])),
     warmup_frames=Int(lo=0), window_frames=Int(lo=1), batches=Int(lo=4), level=Real(lo=0, hi=1, lo_open=True, hi_open=True),
     check=_no_check)
spec("mmperf.media.excerpt:clip_excerpt", lambda: dict(frames=np.arange(6.0), frames_per_clip=3, keep=1),
     frames=Bad(values=("abc", WRONG, [1.0, math.nan], [1.0, -1.0], [math.inf], np.zeros(0), np.ones((2, 2, 2)),
                        np.arange(5.0))),
     frames_per_clip=Int(lo=1), keep=Int(lo=1, hi=3))
spec("mmperf.networks.calibration:calibrate_buffer",
     lambda: dict(loss_pct=lambda b: 100.0 / b**2, candidates=(10, 50, 100), decimals=2),
     loss_pct=Bad(values=(1.5, "abc", lambda b: math.nan, lambda b: -1.0)),
     candidates=Bad(values=((), "ab", (50, 10), (0, 10), (1.5,), (math.nan,))), decimals=Int(lo=0), check=_no_check)
spec("mmperf.networks.calibration:calibrate_rtt",
     lambda: dict(utilization_pct=lambda r: 100.0 - 2000.0 * r, candidates=(0.002, 0.004), target_pct=90.0),
     utilization_pct=Bad(values=(1.5, "abc", lambda r: math.inf)),
     candidates=Bad(values=((), "ab", (0.004, 0.002), (0.0,), (math.nan,), (-1.0,))),
     target_pct=Real(lo=0, hi=100, lo_open=True), check=_no_check)
spec("mmperf.networks.admission:split_reserved",
     lambda: dict(arrivals=np.full((1, 4), 100.0), rates_bps=np.array([[8e5]]), slots_per_period=4, depth_bytes=np.array([100.0]),
                  slot_s=0.001, capacity_bps=1.6e6, cache=None, label=None),
     arrivals=Bad(values=("abc", WRONG, [[1.0, math.nan]], [[1.0, -1.0]], np.zeros(3))),
     rates_bps=Bad(values=(np.array([[math.nan]]), np.array([[-1.0]]))), slots_per_period=Int(lo=1),
     depth_bytes=Bad(values=(np.array([math.nan]), np.array([-1.0]))), slot_s=POS, capacity_bps=POS,
     cache=Free(why="a dict the function fills"), label=Free(why="a hashable label"), check=_no_check)
spec("mmperf.networks.admission:qos_metrics",
     lambda: dict(reserved=dict(served=125.0, queued=0.0, offered=125.0),
                  best_effort=dict(video_delivered=0.0, video_dropped=0.0, video_queued=0.0, link_bytes=125.0, tcp_offered=125.0,
                                   tcp_delivered=125.0, tcp_dropped=0.0, tcp_queued=0.0), capacity_bps=1000.0, duration_s=2.0),
     reserved=Free(why="a record split_reserved builds"), best_effort=Free(why="a record the bottleneck builds"),
     capacity_bps=POS, duration_s=POS)
spec("mmperf.networks.admission:traffic_descriptors",
     lambda: dict(arrivals=np.array([[0.0, 10.0, 30.0, 0.0]]), slot_s=0.5, burst_s=0.5, peak_window_s=1.0),
     arrivals=Bad(values=("abc", WRONG, [[1.0, math.nan]], [[1.0, -1.0]], np.zeros(3))), slot_s=POS, burst_s=POS,
     peak_window_s=POS)

# mmperf.quality.jitter_testbed and mmperf.hosts.sleeper_sweep: Claypool et al. 1998's testbed driver and
# its Sec. 5 sweep, moved out of experiments/ (issue 29)

_JT = "mmperf.quality.jitter_testbed"
_SP = Instance(ref=f"{_JT}:StreamPoint")
_TB = Instance(ref=f"{_JT}:Testbed")


def _jt_point(**kw):
    return call(f"{_JT}:StreamPoint", "x", **({"workstation": "IPX", "environment": "quiet", "n_packets": 10} | kw))


def _jt_bed():
    return call(f"{_JT}:Testbed", specint92={"IPX": 21.8}, environments={"quiet": call(f"{_JT}:Environment", "quiet", 0.0)},
                seed_key="harness")


def _RUN_VALID():
    return dict(scheduler=None, root=1, ts_policies=None, waits=True, app_hosts=None)


_TS_POLICIES = Bad(values=(1.5, "abc"), none=True)
_APP_HOSTS = Bad(values=("IPX", 1.5, [1.5]), none=True)
_RUN_OPTIONS = dict(scheduler=Instance(ref="mmperf.hosts.cpu:Scheduler", none=True), root=ROOT, ts_policies=_TS_POLICIES,
                    waits=Flag(), app_hosts=_APP_HOSTS)

spec(f"{_JT}:Environment", lambda: dict(name="day", utilization=0.1, burst_bytes=24_576.0),
     name=Text(), utilization=Real(lo=0, hi=1, hi_open=True), burst_bytes=POS, check=_no_check)
spec(f"{_JT}:StreamPoint",
     lambda: dict(experiment="x", workstation="IPX", hogs=0, sched_class="default", environment="quiet", network="Ethernet",
                  net_loaded=False, period_us=160_000.0, size_bytes=1280.0, n_packets=10),
     experiment=Text(), workstation=Text(), hogs=Int(lo=0), sched_class=Choice(options=("default", "niced", "real-time")),
     environment=Text(), network=Choice(options=("Ethernet", "Fibre Channel", "HIPPI")), net_loaded=Flag(),
     period_us=POS, size_bytes=POS, n_packets=Int(lo=3), check=_no_check)
spec(f"{_JT}:Testbed",
     lambda: dict(specint92={"IPX": 21.8}, environments={"quiet": call(f"{_JT}:Environment", "quiet", 0.0)},
                  seed_key="harness", cpus={}, ts_policy={}, scheduler=_sched()),
     specint92=Bad(values=({"a": 0.0}, {"a": math.nan}, {}, 1.5, "abc")), environments=Bad(values=({"e": 0.1}, 1.5)),
     seed_key=Text(), cpus=Bad(values=({"a": 0}, {"a": 1.5}, 1.5)), ts_policy=Bad(values=({"a": "mach"}, 1.5)),
     scheduler=Instance(ref="mmperf.hosts.cpu:Scheduler"), check=_no_check)
spec(f"{_JT}:Testbed.check", lambda: dict(self=_jt_bed(), point=_jt_point()), point=_SP, check=_no_check)
spec(f"{_JT}:Testbed.hosts", lambda: dict(self=_jt_bed(), point=_jt_point(), ts_policies=None), point=_SP,
     ts_policies=_TS_POLICIES, check=_no_check)
spec(f"{_JT}:Testbed.traffic", lambda: dict(self=_jt_bed(), point=_jt_point(), waits=True), point=_SP, waits=Flag(),
     check=_no_check)
spec(f"{_JT}:trace", lambda: dict(point=_jt_point(), rep=0, testbed=_jt_bed(), **_RUN_VALID()),
     point=_SP, rep=Int(lo=0), testbed=_TB, check=_first_row_nan, **_RUN_OPTIONS)
spec(f"{_JT}:traces", lambda: dict(points=[_jt_point()], testbed=_jt_bed(), reps=1),
     points=Bad(values=("abc", [1.5], [])), testbed=_TB, reps=Int(lo=1), check=_no_check)
spec(f"{_JT}:reported_load", lambda: dict(point=_jt_point(), rep=0, testbed=_jt_bed(), root=1),
     point=_SP, rep=Int(lo=0), testbed=_TB, root=ROOT)
spec(f"{_JT}:run_points", lambda: dict(points=[_jt_point()], testbed=_jt_bed(), reps=1, **_RUN_VALID()),
     points=Bad(values=("abc", [1.5])), testbed=_TB, reps=Int(lo=1), check=_no_check, **_RUN_OPTIONS)
spec(f"{_JT}:example_traces",
     lambda: dict(points={"a": _jt_point()}, testbed=_jt_bed(), rep=0, packets=3, offset_us=1.0),
     points=Bad(values=({}, {"a": 1.5}, [1.5], "abc")), testbed=_TB, rep=Int(lo=0), packets=Int(lo=1), offset_us=NONNEG)
spec("mmperf.hosts.sleeper_sweep:sleeper_sweep",
     lambda: dict(specint92=26.4, seed=1, key=("harness",), classes=("default", "real-time"), hogs=(0, 1), n_packets=5,
                  period_us=160_000.0, scheduler=_sched(), trace_class="default", window_us=300_000.0),
     specint92=POS, seed=SEED, key=Bad(values=((), "abc", 1.5)), classes=Bad(values=(("fifo",), "default", 1.5, ())),
     hogs=Bad(values=((), (-1,), (1.5,), "ab", 1.5)), n_packets=Int(lo=3), period_us=POS,
     scheduler=Instance(ref="mmperf.hosts.cpu:Scheduler"), trace_class=Choice(options=("default",)), window_us=POS,
     check=_no_check)
spec("mmperf.quality.conference_capacity:users_until_unacceptable",
     lambda: dict(systems=[_system()], users=[1, 2], stop_after=1, reps=1, model=_model(), root=1),
     systems=Bad(values=("ab", [1.5], [])), users=Bad(values=((), (2, 1), (0,), (1.5,), "ab")),
     stop_after=Int(lo=1, none=True), reps=Int(lo=1), check=_no_check)
spec("mmperf.quality.conference_capacity:capacity_growth",
     lambda: dict(name="IPX", specint92=21.8, networks={"HIPPI": 800.0}, years=[0.0, 1.0], doubling_years=1.0, users=[1, 2],
                  reps=1, model=_model(), root=1),
     name=Text(), specint92=POS, networks=Bad(values=({}, {"x": 0.0}, {"x": math.nan}, 1.5, "ab")),
     years=Array(lo=0), doubling_years=POS, users=Bad(values=((), (0,), (1.5,), "ab")), reps=Int(lo=1), check=_no_check,
     say={"specint92": "scheduler ticks"})

# mmperf.media.stream_grid and mmperf.metrics.layout (Ortiz et al. 2013: the coded video, the grid, Tables 2-5's layout)
spec("mmperf.media.stream_grid:coded_four_scenes",
     lambda: dict(frames_per_scene=(1, 1, 1, 1), height=16, width=16, frame_rate=25.0),
     frames_per_scene=Bad(values=((1, -1, 1, 1), (1.5, 1, 1, 1), "ab", (10**12, 1, 1, 1))), height=Int(lo=1),
     width=Int(lo=1), frame_rate=Real(lo=0, lo_open=True, huge_ok=False), check=_no_check)
spec("mmperf.media.stream_grid:video_tables", lambda: dict(video=_coded()),
     video=Instance(ref="mmperf.coding.svc:CodedVideo"), check=_no_check)
_AXIS = Bad(values=((), "ab", (math.nan,), (-1.0,), (math.inf,)))
spec("mmperf.media.stream_grid:stream_grid",
     lambda: dict(video=_coded(), strategies=("RTP",), bandwidths_mbps=(10.0,), error_rates=(0.0,),
                  config_of=lambda s: call("mmperf.transports.rtp:RtpConfig"), network_of=lambda bw, e: _net(),
                  seed_of=lambda bw, e: 1, keep=lambda s, bw, e: True, t_end=60.0, lost_slice_rule="freeze",
                  delay_average="packet"),
     video=Instance(ref="mmperf.coding.svc:CodedVideo"), strategies=Bad(values=((), "RTP", (1.5,))),
     bandwidths_mbps=_AXIS, error_rates=_AXIS, config_of=Bad(values=(1.5, "abc")), network_of=Bad(values=(1.5, "abc")),
     seed_of=Bad(values=(1.5, "abc")), keep=Bad(values=(1.5, "abc"), none=True), t_end=Real(lo=0, lo_open=True),
     lost_slice_rule=_RULES_CHOICE, delay_average=Choice(options=("packet", "second")), check=_no_check)
spec("mmperf.metrics.layout:wide_layout",
     lambda: dict(frame=pd.DataFrame({"who": ["a", "b"], "rate": [30.0, 30.0], "v": [1.0, 2.0]}), rows="who",
                  columns="rate", values={"v": "value"}, row_order=["b", "a"], column_label="{:g} Mb/s"),
     frame=Bad(values=("abc", 1.5, pd.DataFrame())), rows=Bad(values=(1.5, "nope")), columns=Bad(values=(1.5, "nope")),
     values=Bad(values=({}, {"nope": "x"}, ["v"], 1.5)), row_order=Free(why="row labels; unknown ones are skipped"),
     column_label=Bad(values=(1.5,)), check=_no_check)


# ------------------------------------------------------------------------------------------------
# mmperf.hosts.run_tables (moved down from the Taylor & Polyzos chapter, issue #29)

def _run_grid() -> dict:
    return {("t", 1): _tb_run()}


_GRID_BAD = Bad(values=("abc", 1.5, WRONG, [1.5], {("t",): 1.5}, {("t", 1): "run"}))
_KEYS_BAD = Bad(values=("table", 1.5, WRONG, (), (1.5, 2.5), ("table",)))
spec("mmperf.hosts.run_tables:loss_sites", lambda: dict(runs=_run_grid(), keys=("table", "row")), runs=_GRID_BAD,
     keys=_KEYS_BAD, check=_no_check)
spec("mmperf.hosts.run_tables:loss_positions", lambda: dict(runs=_run_grid(), keys=("table", "row"), packets_per_plane=33),
     runs=Bad(values=_GRID_BAD.values + ({},)), keys=_KEYS_BAD, packets_per_plane=Int(lo=1), check=_no_check)
spec("mmperf.hosts.run_tables:typical_masks", lambda: dict(runs=_run_grid(), keys=("table", "row"), skip=1), runs=_GRID_BAD,
     keys=_KEYS_BAD, skip=Int(lo=0), check=_no_check)
spec("mmperf.hosts.run_tables:loss_concentrations",
     lambda: dict(runs=_run_grid(), keys=("table", "row"), top=20, start=40), runs=_GRID_BAD, keys=_KEYS_BAD,
     top=Int(lo=1), start=Int(lo=0), check=_no_check)


# mmperf.hosts.host_sets (moved down from the Taylor & Polyzos chapter, issue #29)

def _set_rows() -> pd.DataFrame:
    return pd.DataFrame({"host": "h", "packet_time_ms": [0.4, 0.5, 1.0], "throughput_mbps": [12.56, 12.56, 10.05],
                         "link": [_fddi()] * 3, "digit": 0.01})


def _host_sets():
    return call("mmperf.hosts.host_sets:HostSets", _set_rows(), floors={"h": 0.0}, packet_bytes=1256, rel_error=0.02,
                grid_points=41)


_SET_ROWS_BAD = Bad(values=_FRAME_BAD.values + (pd.DataFrame({c: [] for c in ("host", "packet_time_ms", "throughput_mbps",
                                                                               "link", "digit")}),))
spec("mmperf.hosts.host_sets:printed_digit", lambda: dict(values=[33.2, 12.56], decimals=(1, 2)),
     values=Bad(values=("abc", WRONG, [1.0, math.nan], [math.inf], np.ones((2, 2)))),
     decimals=Bad(values=((), (2, 1), (-1,), (1.5,), "12", 1.5, WRONG)))
spec("mmperf.hosts.host_sets:HostSets",
     lambda: dict(rows=_set_rows(), floors={"h": 0.0}, packet_bytes=1256, rel_error=0.02, profile_rows=None, grid_points=41),
     rows=_SET_ROWS_BAD, floors=Bad(values=("abc", 1.5, WRONG, {}, {"h": -1.0}, {"h": math.nan})), packet_bytes=Int(lo=1),
     rel_error=Real(lo=0, hi=1, hi_open=True), profile_rows=Bad(values=_SET_ROWS_BAD.values, none=True),
     grid_points=Int(lo=2), check=_no_check)
spec("mmperf.hosts.host_sets:HostSets.identified_set", lambda: dict(self=_host_sets(), host="h"), host=Text(known=True),
     check=_no_check)
spec("mmperf.hosts.host_sets:HostSets.cost_profile", lambda: dict(self=_host_sets(), host="h", points=3),
     host=Text(known=True), points=Int(lo=3), check=_no_check)
spec("mmperf.hosts.host_sets:HostSets.costs", lambda: dict(self=_host_sets(), host="h", point="fit"), host=Text(known=True),
     point=Bad(values=("middle", -1.0, 0.0, math.nan, math.inf, True, WRONG)), check=_no_check)


# mmperf.hosts.stream_identities (moved down from the Taylor & Polyzos chapter, issue #29)
_PRINTED = Bad(values=("abc", WRONG, [math.nan], [math.inf], [-1.0], np.zeros(0), np.ones((2, 2)), [1.0, 2.0]))
spec("mmperf.hosts.stream_identities:offered_mbps", lambda: dict(packet_time_ms=[0.5, 1.0], packet_bytes=1256, scale=1.0),
     packet_time_ms=Bad(values=("abc", WRONG, [math.nan], [math.inf], [-1.0], [0.0], np.ones((2, 2)))),
     packet_bytes=Int(lo=1), scale=POS)
spec("mmperf.hosts.stream_identities:row_identities",
     lambda: dict(packet_time_ms=[1.0], frame_time_ms=[264.0], loss_pct=[0.0], throughput=[10.05], packets_per_frame=264,
                  packet_bytes=1256, scale=1.0, digit=0.01),
     packet_time_ms=Bad(values=_PRINTED.values + ([0.0],)), frame_time_ms=Bad(values=_PRINTED.values + ([0.0],)),
     loss_pct=Bad(values=_PRINTED.values + ([101.0],)), throughput=_PRINTED, packets_per_frame=Int(lo=1),
     packet_bytes=Int(lo=1), scale=POS, digit=NONNEG)


# ------------------------------------------------------------------------------------------------
# mmperf.hosts.capacity (moved down from the Huynh & Khoshgoftaar chapter, issue #29)

def _sweep_frame() -> pd.DataFrame:
    return pd.DataFrame({"system": ["386"] * 6, "x": [1.0, 1.0, 2.0, 2.0, 3.0, 3.0],
                         "u": [0.1, 0.3, 0.4, 0.4, 0.5, 0.7]})


def _finite_or_nan(result, kwargs):
    """A saturation or knee is a finite number or NaN (a slope not positive, a level never reached)."""
    values = result.select_dtypes("number").to_numpy(dtype=float)
    assert not np.any(np.isinf(values)), f"infinite value in {result!r}"


_COLUMNS_BAD = Bad(values=("abc", 1.5, [], ["no-such-column"], [1.5]))
spec("mmperf.hosts.capacity:utilization_table",
     lambda: dict(cases=[({"f": 30}, _ps2_hw(), _workload())]),
     cases=Bad(values=("abc", 1.5, [], [("x",)], [({"f": 1}, "hw", "wl")], [({"f": 1}, _ps2_hw(), "wl")])))
spec("mmperf.hosts.capacity:saturations", lambda: dict(frame=_sweep_frame(), x="x", y="u", by=["system"], below=0.8),
     frame=_FRAME_BAD, x=Text(known=True), y=Text(known=True), by=_COLUMNS_BAD, below=Real(lo=0, hi=1, lo_open=True),
     check=_finite_or_nan)
spec("mmperf.hosts.capacity:knees", lambda: dict(frame=_sweep_frame(), x="x", y="u", by=["system"], factor=1.5),
     frame=_FRAME_BAD, x=Text(known=True), y=Text(known=True), by=_COLUMNS_BAD, factor=POS, check=_finite_or_nan)
spec("mmperf.hosts.capacity:workload_share",
     lambda: dict(frame=pd.DataFrame({"rep": [0, 0, 1], "class": ["video", "file", "video"], "u": [0.3, 0.1, 0.2]}),
                  index=["rep"], workload="class", part="file", value="u"),
     frame=_FRAME_BAD, index=_COLUMNS_BAD, workload=Text(known=True), part=Free(why="a workload class; one absent has share 0"),
     value=Text(known=True), check=_finite_or_nan)
# ------------------------------------------------------------------------------------------------
# mmperf.gridrun: the resumable grid runner (built for Chodorek & Chodorek 2018's packet grid)


def _grid_csv(text: str = "cell,rep,seed\na,0,7\na,0,7\n") -> str:
    path = Path(_tmp_path("g.csv"))
    path.write_text(text)
    return str(path)


class _NowClient:
    """A stand-in for a Dask client: each task runs at once, its result in a ready future."""

    def map(self, fn, todo, pure, **kw):
        return [SimpleNamespace(result=lambda t=t: fn(t, **kw)) for t in todo]


def _grid_row(task) -> dict:
    return {"cell": "a", "rep": int(task), "x": 1.0, "wall_s": 0.1}


_GRID_KEY = Bad(values=("cell", [], 1.5, ["nope"]))
_GRID_MAP = Bad(values=(1.5, "abc"), none=True)
spec("mmperf.gridrun:done_runs", lambda: dict(out=_grid_csv(), key=["cell", "rep"], settings={"seed": 7}, missing=None),
     out=Bad(values=(1.5, "")), key=_GRID_KEY, settings=Bad(values=(1.5, "abc")), missing=_GRID_MAP, check=_no_check)
spec("mmperf.gridrun:run_tasks",
     lambda: dict(fn=_grid_row, todo=[0, 1], out=_tmp_path("r.csv"), client=_NowClient(), kwargs=None, columns={"seed": 7},
                  drop=("wall_s",), log=lambda line: None),
     fn=Bad(values=(1.5, "abc")), todo=Free(why="the tasks, handed to fn"), out=Bad(values=(1.5, "")),
     client=Free(why="a Dask client (duck-typed: its map)"), kwargs=_GRID_MAP, columns=_GRID_MAP,
     drop=Bad(values=("wall_s", 1.5)), log=Bad(values=(1.5, "abc")))
spec("mmperf.gridrun:finish_grid", lambda: dict(out=_grid_csv(), key=["cell", "rep"], order={"cell": ["a"]}),
     out=Bad(values=(1.5, "")), key=_GRID_KEY, order=_GRID_MAP, check=_no_check)
spec("mmperf.gridrun:committed_grids", lambda: dict(paths=[_grid_csv()], seed=7),
     paths=Bad(values=("abc", 1.5, [1.5])), seed=Int(lo=0), check=_no_check)
exempt("mmperf.gridrun:dask_client", "tooling that starts a Dask cluster (worker processes) or joins a scheduler")
spec("mmperf.metrics.replications:replication_spread",
     lambda: dict(frame=pd.DataFrame({"g": ["a", "a", "b", "b"], "value": [1.0, 2, 3, 4]}), by=["g"], value="value"),
     frame=Instance(ref="pandas:DataFrame"), by=Bad(values=("g", ["nope"], 1.5)), value=Text(known=True), check=_no_check)


def _surrogate_frame(values) -> pd.DataFrame:
    return pd.DataFrame({"cell": [1, 2], "metric": "per", "value": values})


spec("mmperf.metrics.surrogate:surrogate_agreement",
     lambda: dict(surrogate=_surrogate_frame([1.2, 2.9]), reference=_surrogate_frame([1.0, 2.0]), on=["cell", "metric"],
                  by=["metric"], tolerance={"per": (0.05, 0.25)}, metric="metric", value="value", cells=None),
     surrogate=Instance(ref="pandas:DataFrame"), reference=Instance(ref="pandas:DataFrame"),
     on=Bad(values=("cell", [], 1.5, ["nope"])), by=Bad(values=("metric", [], ["nope"])),
     tolerance=Bad(values=({}, 1.5, {"per": (math.nan, 0.0)}, {"per": (1.0,)}, {"other": (1.0, 0.0)})),
     metric=Bad(values=(1.5, "nope")), value=Bad(values=(1.5, "nope")), cells=Bad(values=(1.5, "abc"), none=True),
     check=_no_check)


# mmperf.media.multistream and mmperf.networks.policing: several streams in one run, and their policer (Chodorek 2018)
spec("mmperf.media.multistream:window_frames",
     lambda: dict(frames=np.arange(8.0), window="excerpt", duration_s=2.0, frame_rate=1.0, clips=2, frames_per_clip=4),
     frames=Free(why="handed to clip_excerpt, which checks it"), window=Choice(options=("head", "excerpt")),
     duration_s=POS, frame_rate=POS, clips=Int(lo=1), frames_per_clip=Int(lo=1))
spec("mmperf.media.multistream:merged_packets",
     lambda: dict(frames=[np.array([1316.0]), np.array([3000.0])], frame_rate=10.0, duration_s=0.2, phases_s=[0.05, 0.0],
                  line_rate_bps=None),
     frames=Bad(values=("abc", 1.5, [np.array([math.nan]), np.ones(1)], [np.array([-1.0]), np.ones(1)])), frame_rate=POS, duration_s=POS,
     phases_s=Bad(values=([math.nan, 0.0], [0.0], [-1.0, 0.0], [0.5, 0.0], "ab")), line_rate_bps=Real(lo=0, lo_open=True, none=True))
spec("mmperf.networks.policing:policer_inputs",
     lambda: dict(rates_bps=[[8e6, 4e6]], depth_bytes=[3000.0], period_s=0.3, renew=True, signalling_delay_s=0.002,
                  bucket_frame_rate=25.0, min_bucket_bytes=1368.0),
     rates_bps=Bad(values=("abc", [[math.nan]], [[-1.0]], [1.0])), depth_bytes=Bad(values=("abc", [math.nan], [-1.0], [1.0, 2.0])),
     period_s=Real(lo=0, lo_open=True, none=True), renew=Flag(), signalling_delay_s=Real(lo=0),
     bucket_frame_rate=Real(lo=0, lo_open=True, none=True), min_bucket_bytes=Real(lo=0))
spec("mmperf.media.multistream:reservation_descriptors",
     lambda: dict(arrivals=np.array([[100.0, 0, 300, 0]]), slot_s=0.5, frame_rate=1.0, peak_window_s=1.0, slots_per_window=2),
     arrivals=Bad(values=("abc", WRONG, [[1.0, math.nan]], [[1.0, -1.0]], np.zeros(3))), slot_s=POS, frame_rate=POS,
     peak_window_s=POS, slots_per_window=Int(lo=1))
