import pandas as pd
import pytest

from mmperf import PAPERS, papers


def test_every_paper_has_transcribed_tables():
    cat = papers.catalogue()
    assert set(cat["paper"]) == set(PAPERS), "every paper needs its tables in data/papers/<paper>/"


@pytest.mark.parametrize("paper, name", [tuple(r) for r in papers.catalogue()[["paper", "name"]].itertuples(index=False)])
def test_each_table_is_tidy_with_units_and_provenance(paper, name):
    frame = papers.table(paper, name)
    assert len(frame) > 0
    assert frame["unit"].notna().all(), "every value needs a unit (use 'count' or '1' for pure numbers)"
    values = pd.to_numeric(frame["value"], errors="coerce")
    assert values.notna().all(), f"non-numeric values in {paper}/{name}: {frame.loc[values.isna(), 'value'].tolist()[:5]}"
    prov = frame.attrs["provenance"]
    for key in ("source", "section", "page", "description", "repairs"):
        assert prov[key].strip(), f"{paper}/{name} provenance lacks {key}"
    dims = [c for c in frame.columns if c not in ("value", "unit", "note", "notes")]
    assert dims, "a tidy table has at least one dimension column"
    assert not frame.duplicated(dims).any(), f"{paper}/{name}: one value per row, but dimensions repeat"


def test_unknown_names_give_clear_errors():
    with pytest.raises(ValueError, match="paper must be one of"):
        papers.table("smith2001", "table1")
    with pytest.raises(ValueError, match="no table 'table99'"):
        papers.table("taylor1993", "table99")
    with pytest.raises(ValueError, match="max_rows"):
        papers.show("taylor1993", max_rows=0)


@pytest.mark.parametrize("edit,match", [
    (lambda text: text.replace("\n", "\nATM,DECstation 5000/200,animation,1,loss,abc,%\n", 1), "does not match its declared schema"),
    (lambda text: text.replace(",%\n", ",,%\n", 1), "not a well-formed CSV file"),
    (lambda text: text + "ATM,DECstation 5000/200,animation,1,loss,250.0,%\n", "must lie in"),
    (lambda text: text + "ATM,DECstation 5000/200,animation,1,loss,1.0,packets\n", "carry its unit"),
    (lambda text: text + "ATM,DECstation 5000/200,animation,1,loss,,%\n", "does not match its declared schema"),
])
def test_a_malformed_row_fails_loudly_and_names_the_file(tmp_path, monkeypatch, edit, match):
    import shutil

    from mmperf import _paths

    copy = tmp_path / "data"
    shutil.copytree(_paths.data_dir(), copy)
    path = copy / "papers" / "taylor1993" / "atm_anim.csv"
    path.write_text(edit(path.read_text()))
    monkeypatch.setattr(papers, "data_dir", lambda: copy)
    with pytest.raises(papers.PaperTableError, match=match) as err:
        papers.table("taylor1993", "atm_anim")
    assert "atm_anim.csv" in str(err.value)
