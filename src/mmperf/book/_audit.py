"""The verdict audit: every claim of every chapter under every reading and every ablation.

A chapter's verdicts rest on choices its paper leaves open (its ``assumptions``) and on
mechanisms (its ``ablations``). The audit runs the chapter once per *variant* -- the book's own
set-up (``"book"``), each alternative reading of each assumption, each ablation -- under
:data:`AUDIT_SEEDS` root seeds (the chapter's judging seeds, its own first), and records every
claim's value and status per variant and seed. :func:`mmperf.verdicts.judge` reads it back to
say whether a verdict is robust to the readings, which readings reproduce the paper, and
whether it survives the removal of its mechanism.

Readings x ablations x seeds are many runs, so the audit runs opt-in (``make audit``) on Dask --
a ``LocalCluster`` by default, any scheduler by address -- and is committed as data:
``data/audit/<chapter>.csv`` (tidy: ``variant``, ``kind``, ``seed``, ``claim_id``, ``value``,
``status``) with ``data/audit/<chapter>.json`` beside it (the code hash, seeds, variants,
commit and command that produced it). Rows are appended as runs finish, so an interrupted
audit resumes where it stopped; the finished file is sorted, so its content does not depend on
the order in which workers finished. The chapters and the scorecard read the committed audit;
a test refuses one whose code hash is stale and recomputes a sample of its rows.

Command line: ``python -m mmperf.book audit [--chapter KEY ...] [--seeds N] [--workers N |
--scheduler ADDR] [--fresh]``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pandas as pd

from mmperf import __version__, experiments
from mmperf._paths import git_commit, repo_root
from mmperf.claims import clean_value
from mmperf.audit import AUDIT_SEEDS, COLUMNS, audit_file, code_hash, variant_seeds, variants
from mmperf.seeds import DEFAULT_ROOT_SEED, judging_seeds
from mmperf.verdicts import judge_value

__all__ = ["run_audit", "run_variant"]

def run_variant(key: str, variant: str, seed: int) -> list[dict]:
    """One chapter run under one variant and seed, as audit rows (a Dask task: module level).

    Raises
    ------
    ValueError
        If the chapter has no such variant.
    """
    ch = experiments.chapter(key)
    found = {name: (kind, apply) for name, kind, apply in variants(ch)}
    if variant not in found:
        raise ValueError(f"variant must be one of {sorted(found)} for chapter {key!r}, got {variant!r}")
    kind, apply = found[variant]
    results = (ch.audit_run or ch.run)(apply(ch.Params()), seed=seed)
    rows = []
    for spec in ch.claims:
        value = clean_value(spec.value(results))
        rows.append({"variant": variant, "kind": kind, "seed": int(seed), "claim_id": spec.id,
                     "value": value, "status": judge_value(spec.criterion, value)[0]})
    return rows


def _done(path: Path, meta: dict, current: str) -> set:
    """The (variant, seed) pairs already in an audit written by the current code; refuse other code."""
    if not path.is_file() or path.stat().st_size == 0:
        return set()
    if meta.get("code_hash") != current:
        raise ValueError(f"{path} was written by other code (hash {meta.get('code_hash', '?')[:12]}): "
                         "rerun with --fresh")
    df = pd.read_csv(path, usecols=["variant", "seed"])
    return set(zip(df["variant"], df["seed"].astype(int)))


def _finish(path: Path, ch) -> pd.DataFrame:
    """Sort the rows of an audit file (variants in the chapter's order, then seeds, then claims)."""
    df = pd.read_csv(path, dtype={"variant": str})
    order = {name: i for i, (name, _, _) in enumerate(variants(ch))}
    claims = {s.id: i for i, s in enumerate(ch.claims)}
    df = (df.drop_duplicates(["variant", "seed", "claim_id"], keep="first")
          .assign(_v=df["variant"].map(order), _c=df["claim_id"].map(claims))
          .sort_values(["_v", "seed", "_c"]).drop(columns=["_v", "_c"]).reset_index(drop=True))
    df[COLUMNS].to_csv(path, index=False)
    return df


def run_audit(keys=None, *, seeds: int = AUDIT_SEEDS, root_seed: int = DEFAULT_ROOT_SEED, client=None,
              workers: int = 2, scheduler: str | None = None, fresh: bool = False, root: Path | None = None,
              log=print) -> dict:
    """Audit the chapters ``keys`` (default: every chapter with a ledger), resumably, on Dask.

    Parameters
    ----------
    keys : iterable of str, optional
        Chapter keys; default every chapter with at least one assumption or ablation.
    seeds : int, default :data:`AUDIT_SEEDS`
        Root seeds per variant (the first of the judging seeds of ``root_seed``); at least 1.
    root_seed : int
        The chapters' root seed.
    client : dask.distributed.Client, optional
        An existing client (tests); else a ``LocalCluster`` of ``workers`` processes, or the
        scheduler at ``scheduler``.
    workers : int, default 2
    scheduler : str, optional
    fresh : bool, default False
        Start over (delete an audit written by other code instead of refusing it).
    root : path, optional
        Repository root.

    Returns
    -------
    dict
        Per chapter key, the number of runs done now.
    """
    root = root or repo_root()
    chosen = ([experiments.chapter(k) for k in keys] if keys
              else [c for c in experiments.CHAPTERS if c.assumptions or c.ablations])
    if isinstance(seeds, bool) or not isinstance(seeds, int) or seeds < 1:
        raise ValueError(f"seeds must be a whole number >= 1, got {seeds!r}")
    seed_list = [int(s) for s in judging_seeds(seeds, root=root_seed)]
    plan, metas = [], {}
    for ch in chosen:
        path = audit_file(ch, root=root)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta_path = path.with_suffix(".json")
        current = code_hash(ch, root=root)
        meta = json.loads(meta_path.read_text()) if meta_path.is_file() else {}
        if fresh or meta.get("seeds") not in (None, seed_list):
            path.unlink(missing_ok=True)
            meta = {}
        done = _done(path, meta, current)
        todo = [(ch.key, name, s) for name, kind, _ in variants(ch) for s in variant_seeds(kind, seed_list)
                if (name, s) not in done]
        meta.update({"chapter": ch.key, "code_hash": current, "seeds": seed_list, "complete": False,
                     "variants": [{"name": n, "kind": k} for n, k, _ in variants(ch)],
                     "params": repr(ch.Params()), "mmperf_version": __version__, "git_commit": git_commit(root),
                     "command": "python -m mmperf.book audit " + " ".join(sys.argv[2:])})
        meta_path.write_text(json.dumps(meta, indent=1) + "\n")
        metas[ch.key] = (ch, path, meta_path, meta)
        plan += todo
        log(f"{ch.key}: {len(variants(ch))} variants over {len(seed_list)} seeds, {len(todo)} runs to do")
    counts = {k: 0 for k in metas}
    own = None
    t0 = time.perf_counter()
    if plan and client is None:
        from dask.distributed import Client, LocalCluster  # the optional `grid` extra, only when there is work

        if scheduler:
            client = own = Client(scheduler)
        else:
            own = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(own)
    try:
        if plan:
            from dask.distributed import as_completed  # the optional `grid` extra, as above

            futures = client.map(run_variant, *zip(*plan), pure=False)
            key_of = {fut.key: key for fut, (key, _, _) in zip(futures, plan)}
            for fut in as_completed(futures):
                rows = fut.result()
                key = key_of[fut.key]
                path = metas[key][1]
                header = not path.is_file() or path.stat().st_size == 0
                pd.DataFrame(rows, columns=COLUMNS).to_csv(path, mode="a", header=header, index=False)
                counts[key] += 1
                if sum(counts.values()) % 10 == 0 or sum(counts.values()) == len(plan):
                    log(f"{sum(counts.values())}/{len(plan)} runs, {time.perf_counter() - t0:.0f} s")
    finally:
        if own is not None:
            client.close()
            own.close()
    for ch, path, meta_path, meta in metas.values():
        df = _finish(path, ch)
        expected = {(n, s) for n, kind, _ in variants(ch) for s in variant_seeds(kind, seed_list)}
        meta["complete"] = set(zip(df["variant"], df["seed"].astype(int))) >= expected
        meta["runs"] = int(len(df.groupby(["variant", "seed"])))
        meta["wall_s_last_invocation"] = round(time.perf_counter() - t0, 1)
        meta_path.write_text(json.dumps(meta, indent=1) + "\n")
    return counts


def add_parser(sub) -> None:
    """The ``audit`` subcommand of ``python -m mmperf.book``."""
    ap = sub.add_parser("audit", help="judge every claim under every reading and ablation -> data/audit (Dask)")
    ap.add_argument("--chapter", action="append", default=None, choices=None,
                    help="a chapter key (repeatable; default every chapter with a ledger)")
    ap.add_argument("--seeds", type=int, default=AUDIT_SEEDS, help="root seeds per variant (default %(default)s)")
    ap.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes (ignored with --scheduler)")
    ap.add_argument("--scheduler", default=None, help="address of a running Dask scheduler")
    ap.add_argument("--fresh", action="store_true", help="start over instead of resuming")
    ap.set_defaults(func=_cmd_audit)


def _cmd_audit(args) -> int:
    run_audit(args.chapter, seeds=args.seeds, workers=args.workers, scheduler=args.scheduler, fresh=args.fresh)
    return 0
