"""The bad-input harness: every public callable, one bad value at a time through every parameter.

The cases come from the table of declared domains (:mod:`mmperf._domains`): for each callable its
valid call must succeed; then each parameter gets, one at a time, the values outside its domain
(which must be refused with a ``ValueError``/``TypeError`` naming the parameter) and the values on
its edge (refused the same way, or a result that passes the callable's validity check); and an
unknown keyword must be refused by name. Each module's cases run in one forked worker process under
an address-space limit (:data:`MEMORY_BYTES` above what the worker had when it started) and a time
limit per case (:data:`TIME_S`); a case past its time is recorded as a hang and the worker is
replaced. Inside a worker the machine limits of :mod:`mmperf._validate` are scaled down to the
worker's (:data:`WORKER_LIMITS`), so a size or a run the package would let through but the worker
cannot hold shows up as a memory or time failure. The valid calls run in the test process before the
fork, so compiled kernels are compiled once. ``$MMPERF_HARNESS_REPORT=path`` writes every case's
outcome to ``path.<module>.json``.

Outcomes: ``refused`` (naming the parameter and what it accepts), ``valid`` (an edge value, valid
result) pass; ``unnamed`` (refused without naming the parameter), ``vague`` (naming it but not what
is accepted), ``accepted`` (a value outside the domain gave a result),
``invalid`` (a result that fails the validity check), ``error`` (another exception), ``memory``,
``hang`` and ``crash`` fail.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import math
import os
import pkgutil
import re
import resource
import select
import signal
import time
import traceback

import numpy as np
import pandas as pd
import pytest

import mmperf
from mmperf import _domains as D
from mmperf import _validate

MEMORY_BYTES = 2 << 30
"""Address space a worker may add to what it had when forked (2 GiB)."""

TIME_S = 10.0
"""Time limit of one case [s]."""

WORKER_LIMITS = {"MAX_ELEMENTS": 1 << 25, "MAX_EVENTS": 10**7, "MAX_TICKS": 10**7}
"""The machine limits of :mod:`mmperf._validate` inside a worker, scaled to its memory and time limits
(32 Mi elements = 256 MB an array, ten million events or ticks), so that "refused before allocating or
running" is checked against the limits the worker actually has."""

PASSING = ("refused", "valid")

KNOWN: dict[tuple[str, str, str], str] = {}
"""Cases known to fail, ``(callable, parameter, repr(value)) -> outcome``; a listed case that passes fails the test."""


def public_modules() -> list[str]:
    """Every public module in the harness's scope (not ``_private``, not the book tooling or the papers)."""
    names = ["mmperf"]
    for info in pkgutil.walk_packages(mmperf.__path__, "mmperf."):
        parts = info.name.split(".")
        if any(p.startswith("_") for p in parts) or parts[1] in ("book", "experiments"):
            continue
        names.append(info.name)
    return sorted(names)


def public_callables(module_name: str) -> list[str]:
    """``module:name`` of every callable in ``__all__``, and ``module:Class.method`` of public methods taking a parameter."""
    mod = importlib.import_module(module_name)
    out = []
    for name in mod.__all__:
        value = getattr(mod, name)
        if not (inspect.isfunction(value) or inspect.isclass(value) or hasattr(value, "py_func")) \
                or (inspect.isclass(value) and issubclass(value, BaseException)):
            continue  # constants and type aliases; exception classes are raised, not called
        out.append(f"{module_name}:{name}")
        if inspect.isclass(value):
            for attr, member in vars(value).items():
                if attr.startswith("_") or not inspect.isfunction(member):
                    continue
                params = list(inspect.signature(member).parameters)[1:]
                if params:
                    out.append(f"{module_name}:{name}.{attr}")
    return out


MODULES = public_modules()


# --------------------------------------------------------------------------------------------
# Every public name declared


def test_every_public_module_declares_all_and_lists_what_it_defines():
    missing = []
    for name in MODULES:
        mod = importlib.import_module(name)
        if not hasattr(mod, "__all__"):
            missing.append(f"{name}: no __all__")
            continue
        for attr, value in vars(mod).items():
            if attr.startswith("_") or inspect.ismodule(value):
                continue
            if (inspect.isfunction(value) or inspect.isclass(value)) and value.__module__ == name \
                    and attr not in mod.__all__:
                missing.append(f"{name}.{attr} not in __all__")
    assert not missing, missing


def test_every_public_callable_has_a_declared_domain_for_each_parameter():
    problems = []
    declared = set()
    for module_name in MODULES:
        for ref in public_callables(module_name):
            declared.add(ref)
            spec = D.SPECS.get(ref)
            if spec is None:
                problems.append(f"{ref}: no declared domain in mmperf._domains")
                continue
            if spec.exempt:
                continue
            params = [p for p in _signature(ref).parameters.values()
                      if p.kind is not p.VAR_KEYWORD]
            for p in params:
                if p.name not in spec.domains:
                    problems.append(f"{ref}: parameter {p.name} has no declared domain")
            for p in spec.domains:
                if p not in {q.name for q in params}:
                    problems.append(f"{ref}: declared parameter {p} is not in the signature")
    stale = sorted(set(D.SPECS) - declared)
    assert not problems, problems
    assert not stale, f"declared but not public: {stale}"


def _signature(ref: str) -> inspect.Signature:
    fn = D.obj(ref)
    sig = inspect.signature(fn)
    if "." in ref.partition(":")[2]:  # a method: drop self
        sig = sig.replace(parameters=list(sig.parameters.values())[1:])
    return sig


# --------------------------------------------------------------------------------------------
# The cases


def cases(ref: str) -> list[tuple[str, str, object]]:
    """``(parameter, kind, value)`` of every case of ``ref``: the valid call first."""
    spec = D.SPECS[ref]
    out = [("", "valid", None)]
    if spec.exempt:
        return []
    for name, domain in spec.domains.items():
        out += [(name, "bad", v) for v in domain.bad()]
        out += [(name, "edge", v) for v in domain.edge()]
    if not spec.extra_keywords:
        out.append((D.UNKNOWN_KEYWORD, "bad", 1))
    return out


def _invoke(ref: str, param: str, value):
    spec = D.SPECS[ref]
    kwargs = dict(spec.valid())
    receiver = kwargs.pop("self", None)
    target = ref.partition(":")[2]
    fn = getattr(receiver, target.split(".")[1]) if "." in target else D.obj(ref)
    sig = _signature(ref)
    if param:
        kind = sig.parameters[param].kind if param in sig.parameters else None
        kwargs[param] = (value,) if kind is inspect.Parameter.VAR_POSITIONAL else value
    args = []
    for p in sig.parameters.values():
        if p.kind is p.POSITIONAL_ONLY and p.name in kwargs:
            args.append(kwargs.pop(p.name))
        elif p.kind is p.VAR_POSITIONAL:
            args.extend(kwargs.pop(p.name, ()))
            # positional parameters before *args must be passed positionally too
    if any(p.kind is p.VAR_POSITIONAL for p in sig.parameters.values()):
        before = [p.name for p in sig.parameters.values() if p.kind is p.POSITIONAL_OR_KEYWORD]
        args = [kwargs.pop(n) for n in before if n in kwargs] + args
    return fn(*args, **kwargs), kwargs


def _nonfinite(value, depth: int = 0) -> str | None:
    """Where ``value`` holds a NaN or an infinity (None: nowhere)."""
    if depth > 6:
        return None
    if isinstance(value, (bool, np.bool_, str, bytes)) or value is None:
        return None
    if isinstance(value, (int, float, np.integer, np.floating)):
        return None if math.isfinite(float(value)) else repr(value)
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "fc" and value.size and not np.isfinite(value).all():
            return f"array with {int((~np.isfinite(value)).sum())} non-finite"
        if value.dtype.kind == "O":
            return next((w for w in map(lambda v: _nonfinite(v, depth + 1), value.ravel()[:1000]) if w), None)
        return None
    if isinstance(value, pd.Series):
        return _nonfinite(value.to_numpy(), depth + 1) if value.dtype.kind in "fc" else None
    if isinstance(value, pd.DataFrame):
        for col in value.columns:
            if value[col].dtype.kind in "fc":
                where = _nonfinite(value[col].to_numpy(), depth + 1)
                if where:
                    return f"column {col}: {where}"
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            where = _nonfinite(getattr(value, f.name), depth + 1)
            if where:
                return f"{f.name}: {where}"
        return None
    if isinstance(value, dict):
        for k, v in list(value.items())[:1000]:
            where = _nonfinite(v, depth + 1)
            if where:
                return f"{k}: {where}"
        return None
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value[:1000]):
            where = _nonfinite(v, depth + 1)
            if where:
                return f"[{i}]: {where}"
    return None


ACCEPTED = re.compile(r"must|expected|at most|one of|needs? |lacks|unexpected keyword|no table|have no|asks for|"
                      r"is required|has no run")
"""Words by which a refusal says what is accepted ("must be a finite number > 0", "one of [...]", ...)."""


def _names(message: str, param: str, ref: str) -> bool:
    """Whether a refusal names the parameter (or the word the spec says it uses instead)."""
    return param in message or D.SPECS[ref].say.get(param, "\0") in message


def _refusal(message: str, param: str, ref: str) -> str:
    """``refused`` (names the parameter and what is accepted), ``vague`` (only the parameter) or ``unnamed``."""
    if not _names(message, param, ref):
        return "unnamed"
    return "refused" if ACCEPTED.search(message) else "vague"


def run_case(ref: str, param: str, kind: str, value) -> tuple[str, str]:
    """Run one case in this process: ``(outcome, detail)``."""
    spec = D.SPECS[ref]
    try:
        result, kwargs = _invoke(ref, param, value)
    except (ValueError, TypeError) as exc:
        message = f"{type(exc).__name__}: {exc}"
        if kind == "valid":
            return "error", message
        return _refusal(str(exc), param, ref), message
    except KeyError as exc:
        if spec.lookup and kind != "valid":
            return _refusal(str(exc), param, ref), f"KeyError: {exc}"
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        return "error", f"KeyError: {exc} ({os.path.basename(tb.filename)}:{tb.lineno})"
    except MemoryError as exc:
        return "memory", f"MemoryError: {exc}"
    except _Timeout:
        return "hang", f"past {TIME_S:g} s"
    except Exception as exc:  # noqa: BLE001 - any other exception is the finding
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        return "error", f"{type(exc).__name__}: {exc} ({os.path.basename(tb.filename)}:{tb.lineno})"
    if kind == "bad":
        return "accepted", f"returned {type(result).__name__}"
    try:
        if spec.check is not None:
            spec.check(result, kwargs)
        else:
            where = _nonfinite(result)
            assert where is None, f"non-finite result: {where}"
    except AssertionError as exc:
        return "invalid", str(exc)[:300]
    except Exception as exc:  # noqa: BLE001
        return "invalid", f"check raised {type(exc).__name__}: {exc}"[:300]
    return "valid", ""


class _Timeout(BaseException):
    pass


def _alarm(signum, frame):
    raise _Timeout


def _vm_size() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _worker(todo: list, write_fd: int) -> None:
    """The forked worker: run ``todo`` in order, one JSON line per case on ``write_fd``."""
    limit = _vm_size() + MEMORY_BYTES
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    for name, value in WORKER_LIMITS.items():
        setattr(_validate, name, value)
    signal.signal(signal.SIGALRM, _alarm)
    with os.fdopen(write_fd, "w", buffering=1) as out:
        for ref, param, kind, value in todo:
            start = time.perf_counter()
            signal.setitimer(signal.ITIMER_REAL, TIME_S)
            try:
                outcome, detail = run_case(ref, param, kind, value)
            except _Timeout:
                outcome, detail = "hang", f"past {TIME_S:g} s"
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            out.write(json.dumps([outcome, detail[:400], round(time.perf_counter() - start, 3)]) + "\n")


def run_batch(todo: list) -> list[tuple[str, str, float]]:
    """Run ``todo`` in forked workers under the limits; a worker that hangs or dies is replaced."""
    results: list = []
    while len(results) < len(todo):
        rest = todo[len(results):]
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the worker
            os.close(read_fd)
            code = 0
            try:
                _worker(rest, write_fd)
            except BaseException:  # noqa: BLE001
                code = 1
            os._exit(code)
        os.close(write_fd)
        buf = b""
        done_here = 0
        with os.fdopen(read_fd, "rb", buffering=0) as pipe:
            while done_here < len(rest):
                ready, _, _ = select.select([pipe], [], [], TIME_S + 5)
                if not ready:  # compiled code that never returns to Python: kill the worker
                    os.kill(pid, signal.SIGKILL)
                    results.append(("hang", f"past {TIME_S:g} s (killed)", TIME_S))
                    break
                chunk = pipe.read(65536)
                if not chunk:
                    results.append(("crash", "worker died", 0.0))
                    break
                buf += chunk
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    results.append(tuple(json.loads(line)))
                    done_here += 1
        os.waitpid(pid, 0)
    return results


@pytest.mark.parametrize("module_name", MODULES)
def test_every_bad_value_is_refused_by_name_or_gives_a_valid_result(module_name):
    todo = []
    for ref in public_callables(module_name):
        spec = D.SPECS.get(ref)
        if spec is None or spec.exempt:
            continue  # reported by the coverage test
        outcome, detail = run_case(ref, "", "valid", None)  # also compiles the kernels before the fork
        assert outcome == "valid", f"the declared valid call of {ref} fails: {detail}"
        todo += [(ref, param, kind, value) for param, kind, value in cases(ref)[1:]]
    results = run_batch(todo)
    rows = [dict(callable=ref, parameter=param, kind=kind, value=repr(value), outcome=o, detail=d, seconds=s)
            for (ref, param, kind, value), (o, d, s) in zip(todo, results)]
    report = os.environ.get("MMPERF_HARNESS_REPORT")
    if report:
        with open(f"{report}.{module_name}.json", "w") as f:
            json.dump(rows, f, indent=0)
    failures = []
    for row in rows:
        key = (row["callable"], row["parameter"], row["value"])
        known = KNOWN.get(key)
        if row["outcome"] in PASSING:
            if known:
                failures.append(f"listed as known but now {row['outcome']}: {key}")
        elif known != row["outcome"]:
            failures.append(f"{row['callable']}({row['parameter']}={row['value']}): {row['outcome']}: {row['detail']}")
    assert not failures, "\n".join(failures)
