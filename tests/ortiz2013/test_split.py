"""The split of Tables 2-5 into informative and trivial cells, the figure references and Fig. 1's topology."""

import numpy as np
import pandas as pd
import pytest

from mmperf.experiments import ortiz2013 as ex
from mmperf.papers import table


def _paper_as_comparison(shift_db=0.0, delay_factor=1.0):
    """The paper's own tables as a comparison, the book side a shifted / scaled copy of the paper's."""
    book = table("ortiz2013", "results").pivot_table(index=["strategy", "bandwidth_mbps", "error_rate"],
                                                     columns="metric", values="value").reset_index()
    book = book.rename(columns={"avg_delay": "avg_delay_s", "psnr_y": "psnr_db"})
    book["psnr_db"] += shift_db
    book["avg_delay_s"] *= delay_factor
    return ex.compare_with_paper(book, table("ortiz2013", "results"))


def test_informative_cells_are_those_below_full_quality_or_above_the_delay_floor():
    c = ex.split_cells(_paper_as_comparison())
    full = c["paper_psnr_db"].max()
    assert full == 34.4653
    below = c["paper_psnr_db"] < full - 0.05
    assert (c["psnr_informative"] == below).all()
    assert 0 < below.sum() < len(c)
    assert (c["delay_informative"] == (c["paper_delay_s"] > 0.010)).all()
    # a wider margin can only drop cells from the informative group
    wide = ex.split_cells(_paper_as_comparison(), margin_db=1.0)
    assert (wide["psnr_informative"] <= c["psnr_informative"]).all()
    assert wide["psnr_informative"].sum() < c["psnr_informative"].sum()


def test_a_cell_is_informative_when_either_side_lost_quality():
    c = pd.DataFrame({"paper_psnr_db": [34.4653, 34.4653, 30.0], "book_psnr_db": [34.47, 33.0, 34.47],
                      "paper_delay_s": [0.006, 0.006, 0.006], "book_delay_s": [0.006, 0.02, 0.006]})
    s = ex.split_cells(c, book_full_db=34.47)
    assert s["psnr_informative"].tolist() == [False, True, True]
    assert s["delay_informative"].tolist() == [False, True, False]


def test_split_agreement_partitions_the_cells_and_judges_each_group():
    c = _paper_as_comparison(shift_db=0.0, delay_factor=3.0)  # delays off by a factor 3, PSNR identical
    a = ex.split_agreement(c).set_index(["metric", "group"])
    for metric in ("psnr", "delay"):
        assert a.loc[(metric, "informative"), "cells"] + a.loc[(metric, "trivial"), "cells"] == len(c) == 132
    assert a.loc[("psnr", "informative"), "fraction"] == a.loc[("psnr", "trivial"), "fraction"] == 1.0
    # a factor 3 misses the factor-2 tolerance in every informative cell above the 5 ms slack
    assert a.loc[("delay", "informative"), "fraction"] < 0.2
    split = ex.split_cells(c)
    whole = ex.table_agreement(split[split["delay_informative"]])["delay"]
    assert a.loc[("delay", "informative"), "fraction"] == pytest.approx(whole)
    assert a.loc[("delay", "informative"), "agree"] == round(whole * a.loc[("delay", "informative"), "cells"])
    shifted = ex.split_agreement(_paper_as_comparison(shift_db=-1.0), book_full_db=34.4653 - 1.0).set_index(
        ["metric", "group"])
    assert shifted.loc[("psnr", "trivial"), "fraction"] == 0.0  # a 1 dB calibration error shows in the trivial cells


@pytest.mark.parametrize("kw, name", [({"margin_db": 0.0}, "margin_db"), ({"delay_floor_s": -1.0}, "delay_floor_s"),
                                      ({"margin_db": float("nan")}, "margin_db")])
def test_bad_split_parameters_are_named(kw, name):
    with pytest.raises(ValueError, match=name):
        ex.split_cells(_paper_as_comparison(), **kw)


def test_split_rejects_an_empty_or_foreign_table():
    with pytest.raises(ValueError, match="comparison"):
        ex.split_cells(pd.DataFrame())
    with pytest.raises(ValueError, match="book_delay_s"):
        ex.split_cells(pd.DataFrame({"paper_psnr_db": [1.0], "book_psnr_db": [1.0], "paper_delay_s": [1.0]}))


def test_figure_references_carry_the_kept_cell_of_the_tables_and_the_texts_numbers():
    paper = table("ortiz2013", "results")
    refs = ex.figure_references(paper, table("ortiz2013", "figures"))
    assert sorted(refs["figure"].unique()) == list(range(2, 13))
    t5 = paper[(paper["bandwidth_mbps"] == 30) & (paper["error_rate"] == 1e-2) & (paper["metric"] == "avg_delay")]
    d = refs[refs["quantity"] == "avg_delay_s"].set_index("strategy")["value"]
    assert (d.loc[t5["strategy"]].to_numpy() == t5["value"].to_numpy()).all()
    stops = refs[refs["quantity"] == "receiver_stops_s"]
    assert sorted(stops["figure"]) == [6, 7, 9]
    assert np.allclose(stops["value"], 2116 / 25 / 2)
    other = ex.figure_references(paper, table("ortiz2013", "figures"), ex.Params(kept_bandwidth_mbps=60.0))
    assert not np.allclose(other.loc[other["quantity"] == "avg_delay_s", "value"].to_numpy(), d.to_numpy())


def test_topology_is_the_papers_fig1_with_the_books_links():
    nodes, links = ex.topology()
    assert (nodes["role"] == "core").sum() == 2 and (nodes["role"] == "interface").sum() == 4
    ext = links[links["kind"] == "link"]
    assert len(ext) == 2 and ext["label"].str.contains("30/45/60 Mb/s, 5 ms").all()
    assert ext["label"].str.contains("from 20 s").tolist() == [True, False]
    assert ext["label"].str.contains("from 40 s").tolist() == [False, True]
    _, moved = ex.topology(ex.Params(loss_start_s=(10.0, 30.0)), bandwidth_mbps=45.0)
    assert moved.loc[moved["kind"] == "link", "label"].str.contains("45 Mb/s").all()
    assert moved["label"].str.contains("from 30 s").any()
    with pytest.raises(ValueError, match="bandwidth_mbps"):
        ex.topology(bandwidth_mbps=0.0)
