"""The Director's assistant page: the API rules what it is sent; bad input is a 400 message."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from contractbridge.server import director


@pytest.fixture
def client() -> TestClient:
    app = FastAPI()
    app.include_router(director.router())
    return TestClient(app)


def test_director_page_and_kinds_are_served(client: TestClient) -> None:
    assert "Director's assistant" in client.get("/director").text
    assert "revoke" in client.get("/api/director/kinds").json()


def test_director_api_rules_an_insufficient_bid_and_applies_the_choice(client: TestClient) -> None:
    body = {"kind": "insufficient-bid", "auction": "1NT", "call": "1H", "choose": "lowest"}
    result = client.post("/api/director", json=body).json()
    assert result["ruling"]["options"][1]["law"] == "27B1(a)"
    assert any("1NT 2H" in line for line in result["applied"])


def test_director_api_rules_a_revoke_from_pasted_pbn_text(client: TestClient) -> None:
    pbn = (
        '[Board "1"]\n[Dealer "N"]\n[Deal "N:A.AK.. K.QJ.. Q.T9.. J.2.A."]\n'
        '[Declarer "S"]\n[Contract "1NT"]\n[Play "W"]\nSJ SA SK SQ\nDA HA HQ HT\nH2 HK HJ H9\n'
    )
    body = {"kind": "revoke", "text": pbn, "format": "pbn", "play": "", "deal": ""}
    ruling = client.post("/api/director", json=body).json()["ruling"]
    assert ruling["offender"] == "W" and ruling["transfer"] == 0
    assert any("64B1" in line for line in ruling["follows"])


def test_director_api_never_reads_a_server_path(client: TestClient) -> None:
    body = {"kind": "revoke", "file": "/etc/passwd"}
    response = client.post("/api/director", json=body)
    assert response.status_code == 400 and "passwd" not in response.json()["error"]


@pytest.mark.parametrize(
    "body",
    [[1, 2], {"kind": "nonsense"}, {"kind": "insufficient-bid", "auction": "1H", "call": "1S"}],
)
def test_director_api_bad_input_is_a_400_with_a_message(client: TestClient, body: object) -> None:
    response = client.post("/api/director", json=body)
    assert response.status_code == 400 and response.json()["error"]
