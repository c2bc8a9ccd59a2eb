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


def test_the_groups_depend_on_the_papers_values_alone():
    c = ex.split_cells(_paper_as_comparison())
    full = c["paper_psnr_db"].max()
    assert full == 34.4653
    below = c["paper_psnr_db"] < full - 0.05
    assert (c["psnr_informative"] == below).all() and ((c["psnr_group"] == "below-full") == below).all()
    assert 0 < below.sum() < len(c)
    assert (c["delay_informative"] == (c["paper_delay_s"] > 0.010)).all()
    # the book's side moves no cell: a book 3 dB lower and 10 times slower keeps every group
    moved = ex.split_cells(_paper_as_comparison(shift_db=-3.0, delay_factor=10.0))
    assert (moved["psnr_group"] == c["psnr_group"]).all() and (moved["delay_group"] == c["delay_group"]).all()
    # the paper's own counts (#33): 28 below full, 48 reliable at full, 56 others at full; 77 delays above the
    # floor, 31 window-transport cells at the floor, 24 RTP cells
    assert c["psnr_group"].value_counts().to_dict() == {"full-transport": 56, "full-reliable": 48, "below-full": 28}
    assert c["delay_group"].value_counts().to_dict() == {"above-floor": 77, "floor-transport": 31, "floor-rtp": 24}
    rel = c[c["psnr_group"] == "full-reliable"]
    assert set(rel["strategy"]) == {"TCP", "CMTMultiReliable", "SCTPMultiReliable", "SCTPReliable"}
    assert set(c.loc[c["delay_group"] == "floor-rtp", "strategy"]) == {"RTP", "RTPMulti"}
    # a wider margin can only drop cells from the below-full group
    wide = ex.split_cells(_paper_as_comparison(), margin_db=1.0)
    assert (wide["psnr_informative"] <= c["psnr_informative"]).all()
    assert wide["psnr_informative"].sum() < c["psnr_informative"].sum()


def test_a_floor_or_full_cell_can_fail():
    """The groups at the paper's floor and full quality are predictions: a book off the floor or below full quality
    disagrees there."""
    c = pd.DataFrame({"strategy": ["CMTMultiReliable", "SCTPUnreliable", "RTP"], "paper_psnr_db": [34.4653] * 3,
                      "book_psnr_db": [34.47, 33.0, 34.47], "paper_delay_s": [0.0055, 0.0055, 0.0055],
                      "book_delay_s": [0.5, 0.0055, 0.0055]})
    c = c.assign(psnr_diff_db=c["book_psnr_db"] - c["paper_psnr_db"],
                 delay_log10_ratio=np.log10(c["book_delay_s"] / c["paper_delay_s"]))
    s = ex.split_cells(c)
    assert s["psnr_group"].tolist() == ["full-reliable", "full-transport", "full-transport"]
    assert s["delay_group"].tolist() == ["floor-transport", "floor-transport", "floor-rtp"]
    a = ex.split_agreement(c).set_index(["metric", "group"])
    assert a.loc[("psnr", "full-transport"), "fraction"] == 0.5
    assert a.loc[("delay", "floor-transport"), "fraction"] == 0.5
    assert np.isnan(a.loc[("psnr", "below-full"), "fraction"]) and a.loc[("psnr", "below-full"), "cells"] == 0


def test_split_agreement_partitions_the_cells_and_judges_each_group():
    c = _paper_as_comparison(shift_db=0.0, delay_factor=3.0)  # delays off by a factor 3, PSNR identical
    a = ex.split_agreement(c).set_index(["metric", "group"])
    for metric, groups in (("psnr", ex.claims.PSNR_GROUPS), ("delay", ex.claims.DELAY_GROUPS)):
        assert sum(a.loc[(metric, g), "cells"] for g in groups) == len(c) == 132
    assert (a.loc["psnr", "fraction"] == 1.0).all()
    # a factor 3 misses the factor-2 tolerance in every cell above the floor but the 5 ms slack ones
    assert a.loc[("delay", "above-floor"), "fraction"] < 0.2
    split = ex.split_cells(c)
    whole = ex.table_agreement(split[split["delay_informative"]])["delay"]
    assert a.loc[("delay", "above-floor"), "fraction"] == pytest.approx(whole)
    assert a.loc[("delay", "above-floor"), "agree"] == round(whole * a.loc[("delay", "above-floor"), "cells"])
    shifted = ex.split_agreement(_paper_as_comparison(shift_db=-1.0)).set_index(["metric", "group"])
    assert shifted.loc[("psnr", "full-reliable"), "fraction"] == 0.0  # a 1 dB calibration error shows there


@pytest.mark.parametrize("kw, name", [({"margin_db": 0.0}, "margin_db"), ({"delay_floor_s": -1.0}, "delay_floor_s"),
                                      ({"margin_db": float("nan")}, "margin_db")])
def test_bad_split_parameters_are_named(kw, name):
    with pytest.raises(ValueError, match=name):
        ex.split_cells(_paper_as_comparison(), **kw)


def test_split_rejects_an_empty_or_foreign_table():
    with pytest.raises(ValueError, match="comparison"):
        ex.split_cells(pd.DataFrame())
    with pytest.raises(ValueError, match="book_delay_s"):
        ex.split_cells(pd.DataFrame({"strategy": ["TCP"], "paper_psnr_db": [1.0], "book_psnr_db": [1.0],
                                     "paper_delay_s": [1.0]}))


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
