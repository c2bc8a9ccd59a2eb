"""The verdict audit: every claim under every reading and ablation, resumable, refused when stale."""

from dataclasses import dataclass, replace

import pandas as pd
import pytest

from mmperf import experiments
from mmperf.assumptions import Ablation, Assumption, Reading, Span
from mmperf.book import _audit
from mmperf.audit import COLUMNS, audit_file, read_audit
from mmperf.audit import variants as _audit_variants
from mmperf.claims import ClaimSpec, Range
from mmperf.results import Results
from mmperf.verdicts import judge


@dataclass(frozen=True)
class ToyParams:
    loss: float = 0.5
    mechanism: bool = True

    def table(self):
        return pd.DataFrame({"parameter": ["loss"], "value": [self.loss], "unit": ["%"], "source": ["assumed"]})


def toy_run(params=None, *, seed, workers=1) -> Results:
    loss = (params.loss if params.mechanism else 5.0) + 0.01 * (seed % 7)
    return Results("taylor1993", seed=seed, params=params, tables={}, descriptions={}, values={"loss": loss})


SPEC = ClaimSpec("loss-small", quote="loss is small", where="Sec. 1", quantity="loss [%]", paper_value="< 1 %",
                 value=lambda r: r.value("loss"), criterion=Range(0, 1), kind="prediction", expected="reproduced",
                 domain=(0, 100))
TOY = experiments.Chapter(
    key="toy", paper="taylor1993", title="a toy chapter", Params=ToyParams, run=toy_run, claims=(SPEC,),
    assumptions=(Assumption("loss", choice="0.5 %", why="not stated",
                            alternatives=(Reading("2", source="a lossier link", apply=lambda p: replace(p, loss=2.0)),
                                          Reading("0.2", source="a cleaner link", apply=lambda p: replace(p, loss=0.2)))),),
    ablations=(Ablation("mechanism", removes="the mechanism", apply=lambda p: replace(p, mechanism=False),
                        meant_to_produce=("loss-*",)),), evidence="measurement")


@pytest.fixture
def client(monkeypatch):
    from dask.distributed import Client

    monkeypatch.setattr(experiments, "chapter", lambda key: TOY if key == "toy" else pytest.fail(key))
    with Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None) as c:
        yield c


def test_the_audit_runs_every_variant_under_every_seed_and_judges_from_it(client, tmp_path):
    done = _audit.run_audit(["toy"], seeds=3, client=client, root=tmp_path, log=lambda *_: None)
    assert done == {"toy": 4 * 3}  # book, two readings, one ablation; three seeds
    frame, fresh = read_audit(TOY, root=tmp_path)
    assert fresh and list(frame.columns) == COLUMNS and len(frame) == 12
    assert list(frame["variant"].unique()) == ["book", "loss=2", "loss=0.2", "ablation:mechanism"]
    row = judge(TOY.claims, {s: toy_run(ToyParams(), seed=s) for s in (1, 2, 3)}, book_seed=1, audit=frame,
                assumptions=TOY.assumptions, ablations=TOY.ablations).frame.iloc[0]
    assert row["readings"] == "depends" and row["depends_on"] == "loss"
    assert row["paper_reading"] == "book;loss=0.2" and not row["structural"] and not row["vacuous"]


def test_an_interrupted_audit_resumes_and_ends_as_one_run_in_one_go(client, tmp_path):
    _audit.run_audit(["toy"], seeds=2, client=client, root=tmp_path, log=lambda *_: None)
    path = audit_file(TOY, root=tmp_path)
    whole = path.read_text()
    pd.read_csv(path).iloc[:3].to_csv(path, index=False)  # three of eight runs survived the interruption
    assert _audit.run_audit(["toy"], seeds=2, client=client, root=tmp_path, log=lambda *_: None) == {"toy": 5}
    assert path.read_text() == whole


def test_an_audit_written_by_other_code_is_stale_and_refused(client, tmp_path):
    import json

    _audit.run_audit(["toy"], seeds=1, client=client, root=tmp_path, log=lambda *_: None)
    meta_path = audit_file(TOY, root=tmp_path).with_suffix(".json")
    meta = json.loads(meta_path.read_text())
    meta["code_hash"] = "0" * 64
    meta_path.write_text(json.dumps(meta))
    assert read_audit(TOY, root=tmp_path)[1] is False
    with pytest.raises(ValueError, match="other code"):
        _audit.run_audit(["toy"], seeds=1, client=client, root=tmp_path, log=lambda *_: None)
    assert _audit.run_audit(["toy"], seeds=1, client=client, root=tmp_path, fresh=True, log=lambda *_: None) == {"toy": 4}
    assert read_audit(TOY, root=tmp_path)[1] is True


def test_a_variant_the_chapter_does_not_have_is_refused(monkeypatch):
    monkeypatch.setattr(experiments, "chapter", lambda key: TOY)
    with pytest.raises(ValueError, match="variant must be one of"):
        _audit.run_variant("toy", "loss=3", 1)
    with pytest.raises(ValueError, match="seeds must be"):
        _audit.run_audit(["toy"], seeds=0)


def test_the_ledger_and_the_audit_matrix_show_every_entry_and_variant(client, tmp_path):
    ledger = TOY.ledger()
    assert ledger["entry"].tolist() == ["assumption", "ablation"]
    assert "2 (a lossier link)" in ledger.loc[0, "alternatives"]
    assert TOY.audit_matrix(root=tmp_path) is None
    _audit.run_audit(["toy"], seeds=2, client=client, root=tmp_path, log=lambda *_: None)
    m = TOY.audit_matrix(root=tmp_path)
    assert list(m.columns) == ["book", "loss=2", "loss=0.2", "ablation:mechanism"]
    assert m.loc["loss-small"].tolist() == ["reproduced", "not_reproduced", "reproduced", "not_reproduced"]
    assert TOY.audit_state(root=tmp_path) == "fresh"


@dataclass(frozen=True)
class TwoKnobs:
    loss: float = 0.5
    delay: float = 10.0
    mechanism: bool = True

    def table(self):
        return ToyParams.table(self)


def two_knob_run(params=None, *, seed, workers=1) -> Results:
    return toy_run(params, seed=seed)  # the loss moves the claim; the delay moves nothing


TWO = experiments.Chapter(
    key="toy-two", paper="taylor1993", title="two continuous knobs", Params=TwoKnobs, run=two_knob_run, claims=(SPEC,),
    assumptions=(Assumption("loss", choice="0.5 %", why="not stated",
                            span=Span(0.0, 2.0, source="a clean to a lossy link", set=lambda p, x: replace(p, loss=x))),
                 Assumption("delay", choice="10 ms", why="not stated",
                            span=Span(5.0, 50.0, source="a LAN to a WAN", set=lambda p, x: replace(p, delay=x)))),
    ablations=TOY.ablations, evidence="measurement")


def test_continuous_assumptions_are_screened_by_morris_elementary_effects(monkeypatch, tmp_path):
    from dask.distributed import Client

    from mmperf.audit import morris_design, morris_effects

    monkeypatch.setattr(experiments, "chapter", lambda key: TWO)
    design = morris_design(TWO)
    assert design.shape == ((2 + 1) * 4, 2)
    assert design[:, 0].min() >= 0 and design[:, 0].max() <= 2 and design[:, 1].max() <= 50
    names = [n for n, _, _ in _audit_variants(TWO)]
    assert names[:5] == ["book", "loss=0", "loss=2", "delay=5", "delay=50"] and names[-1] == "morris:11"
    with Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None) as c:
        done = _audit.run_audit(["toy-two"], seeds=2, client=c, root=tmp_path, log=lambda *_: None)
    assert done == {"toy-two": (1 + 4 + 1) * 2 + 12}  # the Morris points run under the chapter's seed alone
    frame, fresh = read_audit(TWO, root=tmp_path)
    effects = morris_effects(TWO, frame).set_index("assumption")
    # the value moves 1 % per % of loss: 2 % across the loss's range of 2 %
    assert effects.at["loss", "mu_star"] == pytest.approx(2.0, abs=1e-6)
    assert effects.at["delay", "mu_star"] == 0.0
    assert list(TWO.audit_matrix(root=tmp_path).columns) == ["book", "loss=0", "loss=2", "delay=5", "delay=50",
                                                            "ablation:mechanism"]
    with pytest.raises(ValueError, match="low < high"):
        Span(2.0, 1.0, source="s", set=lambda p, x: p)


def test_statuses_are_judged_again_from_the_recorded_values(client, tmp_path):
    _audit.run_audit(["toy"], seeds=1, client=client, root=tmp_path, log=lambda *_: None)
    path = audit_file(TOY, root=tmp_path)
    frame = pd.read_csv(path)
    frame.assign(status="partly").to_csv(path, index=False)  # what the file says is not what is judged
    again, fresh = read_audit(TOY, root=tmp_path)
    assert fresh and set(again["status"]) == {"reproduced", "not_reproduced"}
    assert again.set_index("variant").at["loss=2", "status"] == "not_reproduced"  # 2 % is not in [0, 1]


def test_a_chapter_runs_its_judging_seeds_or_fewer_the_chapter_seed_first():
    runs = TOY.runs(seed=40)
    assert list(runs) == list(range(40, 50))
    quick = TOY.runs(seed=40, seeds=2)
    assert list(quick) == [40, 41] and quick[41].value("loss") == runs[41].value("loss")
    for bad in (0, -1, 2.5, True, 10**5):
        with pytest.raises(ValueError, match="seeds must be a whole number"):
            TOY.runs(seed=40, seeds=bad)


def test_a_span_end_equal_to_the_books_value_is_no_reading():
    """Its runs would be the book's own: only the other end is judged as an alternative."""
    from dataclasses import replace

    span = Span(0.0, 2.0, source="a clean to a lossy link", set=lambda p, x: replace(p, loss=x), book=2.0)
    a = Assumption("loss", choice="2 %", why="w", span=span)
    assert [name for name, _ in a.variants()] == ["loss=0"]
    assert Span(0.0, 2.0, source="s", set=lambda p, x: p).ends() == (0.0, 2.0)
    with pytest.raises(ValueError, match="book must lie in"):
        Span(0.0, 2.0, source="s", set=lambda p, x: p, book=3.0)
