"""replication_spread: the runs' own spread per group (mean, sample sd, 5 % and 95 % quantiles)."""

import numpy as np
import pandas as pd
import pytest

from mmperf.metrics.replications import replication_spread


def test_spread_matches_numpy_per_group_and_sorts_groups():
    rng = np.random.default_rng(3)
    f = pd.DataFrame({"cell": np.repeat(["b", "a", "c"], 20), "x": rng.normal(size=60)})
    out = replication_spread(f.sample(frac=1.0, random_state=1), by=["cell"], value="x")
    assert out.cell.tolist() == ["a", "b", "c"]
    for _, r in out.iterrows():
        x = f.loc[f.cell == r.cell, "x"].to_numpy()
        assert r["mean"] == pytest.approx(x.mean()) and r.sd == pytest.approx(x.std(ddof=1))
        assert r.q05 == pytest.approx(np.quantile(x, 0.05)) and r.q95 == pytest.approx(np.quantile(x, 0.95))
        assert r.q05 <= r["mean"] <= r.q95


def test_one_replication_has_no_sd_and_a_constant_has_none_either():
    f = pd.DataFrame({"g": ["a", "b", "b"], "value": [1.0, 2.0, 2.0]})
    out = replication_spread(f, by=["g"]).set_index("g")
    assert np.isnan(out.loc["a", "sd"]) and out.loc["b", "sd"] == 0 and out.loc["b", "q05"] == out.loc["b", "q95"] == 2.0


def test_bad_input_names_the_parameter():
    with pytest.raises(ValueError, match="by and value"):
        replication_spread(pd.DataFrame({"g": [1]}), by=["g"])
    with pytest.raises(TypeError, match="by"):
        replication_spread(pd.DataFrame({"g": [1], "value": [1.0]}), by="g")
