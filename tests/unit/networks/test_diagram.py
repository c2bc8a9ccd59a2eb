"""The two-path diagram: every link joins two drawn nodes at their coordinates, labels carry the set-up."""

import pytest

from mmperf.networks.diagram import two_path_diagram


def test_links_join_the_nodes_at_their_coordinates():
    nodes, links = two_path_diagram(bandwidths_mbps=(30.0, 45.0), delay_s=0.01, queue_limit=20, loss_start_s=(5.0, 7.0))
    xy = nodes.set_index("node")
    for _, l in links.iterrows():
        assert (l["x"], l["y"]) == tuple(xy.loc[l["source"], ["x", "y"]])
        assert (l["x2"], l["y2"]) == tuple(xy.loc[l["target"], ["x", "y"]])
    labels = links.loc[links["kind"] == "link", "label"].tolist()
    assert labels == ["link 1: 30/45 Mb/s, 10 ms, drop-tail 20; uniform loss from 5 s",
                      "link 2: 30/45 Mb/s, 10 ms, drop-tail 20; uniform loss from 7 s"]


@pytest.mark.parametrize("kw, name", [({"bandwidths_mbps": (0.0,)}, "bandwidths_mbps"), ({"delay_s": -1.0}, "delay_s"),
                                      ({"loss_start_s": (1.0,)}, "loss_start_s")])
def test_bad_input_is_named(kw, name):
    args = dict(bandwidths_mbps=(30.0,), delay_s=0.005, queue_limit=50, loss_start_s=(20.0, 40.0)) | kw
    with pytest.raises(ValueError, match=name):
        two_path_diagram(**args)
