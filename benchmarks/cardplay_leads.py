"""The opening-lead model (``robots/inference/leads.py``): collect the robots' leads, fit, measure.

    .venv/bin/python benchmarks/cardplay_leads.py collect --deals 940 --seed 31 \
        --out /tmp/leads31.pkl
    .venv/bin/python benchmarks/cardplay_leads.py collect --deals 880 --seed 32 \
        --out /tmp/leads32.pkl
    .venv/bin/python benchmarks/cardplay_leads.py fit /tmp/leads31.pkl --test /tmp/leads32.pkl
    .venv/bin/python benchmarks/cardplay_leads.py fit /tmp/leads31.pkl /tmp/leads32.pkl

``collect`` deals seeded random deals, lets four SAYC robots bid them and the CardPlayer
choose the opening lead. ``fit`` fits the multinomial logit of the lead's suit on the
training files (maximum likelihood by Newton's method, a small L2 penalty), separately for
suit and notrump contracts, and reports on the test files how often the most likely suit is
the one led and the mean log-loss, against two baselines (every suit held equally likely;
in proportion to its length). The weights to copy into ``leads.py`` are in the JSON object
printed last, as the table ``leads.py`` keeps (the last command above: fitted on both
files, 1800 leads; the first measures on held-out leads). Without arguments (``make
bench``) it collects 80 deals and fits on half of them.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path
from typing import Any

import numpy as np
from cardplay import bid, seeded_deals

from contractbridge.core.play import Play
from contractbridge.core.view import SeatView
from contractbridge.robots.cardplay import CardPlayer
from contractbridge.robots.inference.leads import FEATURES, LeadContext, suit_features

L2 = 0.01


def collect(deals: int, seed: int) -> list[dict[str, Any]]:
    """The CardPlayer's opening lead on seeded deals bid by SAYC robots (passed out: none)."""
    rows: list[dict[str, Any]] = []
    for i, deal, board in seeded_deals(deals, seed):
        bidding = bid(deal, board, "sayc")
        if bidding is None:
            continue
        auction, explanations = bidding
        contract = auction.contract
        assert contract is not None
        play = Play(deal, contract)
        leader = play.acting_seat
        assert leader is not None
        view = SeatView.of(
            leader,
            deal,
            auction,
            play,
            vulnerability=board.vulnerability,
            explanations=explanations,
        )
        lead = CardPlayer(seed=seed * 1000 + i).card(view)
        rows.append({"deal": deal, "auction": auction, "leader": leader, "lead": lead})
        if (i + 1) % 50 == 0:
            print(f"{i + 1} deals, {len(rows)} leads", file=sys.stderr, flush=True)
    return rows


def design(rows: list[dict[str, Any]], notrump: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Leads x suits x features, the void mask, and the suit led, for one kind of contract."""
    xs, holds, led = [], [], []
    for row in rows:
        contract = row["auction"].contract
        suit = contract.strain.suit
        if (suit is None) != notrump:
            continue
        hand = row["deal"][row["leader"]]
        holding = np.array([[hand.holding(s) for s in range(4)]])
        context = LeadContext.of(
            row["leader"],
            row["auction"].dealer,
            row["auction"].calls,
            -1 if suit is None else int(suit),
        )
        xs.append(suit_features(holding, context)[0])
        holds.append(holding[0] > 0)
        led.append(int(row["lead"].suit))
    return np.array(xs), np.array(holds), np.array(led)


def _probabilities(x: np.ndarray, held: np.ndarray, w: np.ndarray) -> np.ndarray:
    z = np.where(held, x @ w, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return np.asarray(e / e.sum(axis=1, keepdims=True))


def fit(x: np.ndarray, held: np.ndarray, led: np.ndarray) -> np.ndarray:
    """Maximum-likelihood weights (L2-penalised) by Newton's method."""
    n, _, f = x.shape
    w = np.zeros(f)
    onehot = np.eye(4)[led]
    for _ in range(50):
        p = _probabilities(x, held, w)
        mean = np.einsum("ns,nsf->nf", p, x)
        grad = np.einsum("ns,nsf->f", onehot - p, x) / n - 2 * L2 * w
        centred = x - mean[:, None, :]
        hess = np.einsum("ns,nsf,nsg->fg", p, centred, centred) / n + 2 * L2 * np.eye(f)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-8:
            break
    return w


def measure(x: np.ndarray, held: np.ndarray, led: np.ndarray, w: np.ndarray) -> dict[str, float]:
    """How often the likeliest suit is the one led, and the mean log-loss (nats)."""
    rows = np.arange(len(led))
    p = _probabilities(x, held, w)
    lengths = x[:, :, :5] @ np.array([1, 2, 3, 4, 5.5])  # from the length features
    uniform = held / held.sum(axis=1, keepdims=True)
    by_length = lengths * held / (lengths * held).sum(axis=1, keepdims=True)
    return {
        "leads": len(led),
        "model_hit": round(float((p.argmax(axis=1) == led).mean()), 3),
        "model_logloss": round(float(-np.log(p[rows, led]).mean()), 3),
        "uniform_logloss": round(float(-np.log(uniform[rows, led]).mean()), 3),
        "length_hit": round(float((by_length.argmax(axis=1) == led).mean()), 3),
        "length_logloss": round(float(-np.log(by_length[rows, led]).mean()), 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="the robot's opening leads on seeded deals")
    c.add_argument("--deals", type=int, default=1500)
    c.add_argument("--seed", type=int, default=31)
    c.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit", help="fit the lead model and measure it on held-out leads")
    f.add_argument("train", type=Path, nargs="+")
    f.add_argument("--test", type=Path, nargs="*", default=[])
    argv = sys.argv[1:] if argv is None else argv
    if not argv:  # `make bench`: a small sample, fitted on one half and measured on the other
        rows = collect(80, 31)
        print(json.dumps(report(rows[::2], rows[1::2])))
        return 0
    args = parser.parse_args(argv)
    if args.command == "collect":
        rows = collect(args.deals, args.seed)
        args.out.write_bytes(pickle.dumps(rows))
        print(json.dumps({"benchmark": "cardplay_leads", "collected": len(rows)}))
        return 0

    def load(paths: list[Path]) -> list[dict[str, Any]]:
        # files this script wrote itself: pickle keeps the library's own value types
        return [row for p in paths for row in pickle.loads(p.read_bytes())]

    print(json.dumps(report(load(args.train), load(args.test))))
    return 0


def report(train: list[dict[str, Any]], test: list[dict[str, Any]]) -> dict[str, Any]:
    """Fit on ``train`` for suit and notrump contracts; measure on both; the weights table."""
    out: dict[str, Any] = {"benchmark": "cardplay_leads"}
    weights = []
    for kind, notrump in (("suit", False), ("nt", True)):
        x, held, led = design(train, notrump)
        w = fit(x, held, led)
        weights.append(w)
        out[kind] = {"train": measure(x, held, led, w)}
        if test:
            out[kind]["test"] = measure(*design(test, notrump), w)
    # the table for leads.py: feature -> (suit contracts, notrump)
    table = zip(FEATURES, *weights, strict=True)
    out["weights"] = {f: [round(s, 2), round(n, 2)] for f, s, n in table}
    return out


if __name__ == "__main__":
    sys.exit(main())
