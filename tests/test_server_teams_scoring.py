"""A teams event from the browser on the scale its creator chose: the WBF integer scale, a
club's own bands, or board-a-match (1 point a board won, ½ drawn)."""

from __future__ import annotations

from typing import Any

from serverapi import TestClient, client, enter, look, token

__all__ = ["client"]  # the fixture, used by name


def new_match(api: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"kind": "teams", "name": "Club match", "teams": ["Lions", "Tigers"]}
    r = api.post("/api/events", json=body | {"boards_per_match": 2} | extra)
    assert r.status_code == 201, r.text
    return dict(r.json())


def play(api: TestClient, ev: dict[str, Any], scores: list[tuple[int, int]]) -> dict[str, Any]:
    """Enter each board's NS score in both rooms (the director); the director's view."""
    director = token(ev["director"])
    home = look(api, ev, director)["rounds"][0]["matches"][0]["home"]
    for board, (open_ns, closed_ns) in enumerate(scores, start=1):
        for room, score in (("open", open_ns), ("closed", closed_ns)):
            r = enter(api, ev, director, round=1, team=home, board=board, room=room, score=score)
            assert r.status_code == 200, r.text
    return look(api, ev, director)


def test_a_board_a_match_event_scores_board_points(client: TestClient) -> None:
    ev = new_match(client, bam=True)
    # board 1: 10 points more in the open room wins it; board 2: the same score, a tie
    d = play(client, ev, [(430, 420), (-100, -100)])
    assert d["scoring"] == "bam"
    m = d["rounds"][0]["matches"][0]
    assert [b["points"] for b in m["boards"]] == [[1, 0], [0.5, 0.5]]
    assert m["board_points"] == [1.5, 0.5] and m["vps"] is None and m["imps"] == [0, 0]
    assert [(s["team"], s["board_points"]) for s in d["standings"]] == [
        (m["home"], 1.5),
        (m["visitors"], 0.5),
    ]
    r = client.get(
        f"/api/events/{ev['id']}/files/report.html", params={"token": token(ev["director"])}
    )
    assert "Board points" in r.text


def test_an_event_on_the_wbf_integer_scale_and_on_a_clubs_bands(client: TestClient) -> None:
    # 1100 in one room against 0: 15 IMPs. Over 2 boards (blitz 21.21) the curve reaches
    # 17.5 VPs at 12.50 IMPs and 18.5 at 15.40: 18-2 on the integer scale
    d = play(client, new_match(client, vp_scale="wbf-integer"), [(1100, 0), (0, 0)])
    assert d["vp_scale"] == "wbf-integer" and d["vp_decimals"] == 0
    assert d["rounds"][0]["matches"][0]["vps"] == [18, 2]
    bands = {"name": "Tuesday", "bands": [[0, 2, 10, 10], [3, 14, 12, 8], [15, None, 14, 6]]}
    d = play(client, new_match(client, vp_scale=bands), [(1100, 0), (0, 0)])
    assert d["vp_scale"] == "Tuesday" and d["rounds"][0]["matches"][0]["vps"] == [14, 6]
    assert d["standings"][0]["vps"] == 14


def test_a_scale_that_is_not_one_is_refused(client: TestClient) -> None:
    body = {"kind": "teams", "teams": ["A", "B"], "vp_scale": "acbl"}
    r = client.post("/api/events", json=body)
    assert r.status_code == 400 and "not a VP scale" in r.json()["error"]
    body["vp_scale"] = {"bands": [[0, 2, 10, 10], [4, None, 12, 8]]}
    r = client.post("/api/events", json=body)
    assert r.status_code == 400 and "should start at 3 IMPs" in r.json()["error"]
