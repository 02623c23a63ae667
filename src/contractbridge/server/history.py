"""A player's history: every deal they finished at the web tables whose seats their account
holds (``cb_account_seats``), read from the stored logs (so every server process answers
alike), with the score against double-dummy par; a deal of a tournament of the day also has its
set's name and its score against the field now (% or IMPs, as the set scores).

Par comes from the after-hand analysis the table page shows (``robots/pool.analyse``: the
project's DD table and par); a deal's is computed once, in a worker thread, and kept in
``cb_history_par`` for every process. Each entry has a ``source``: ``"table"``, or
``"daily"`` for a deal of a tournament of the day (``event``: the set; ``field``: the score
against everyone who played the deal so far, from the set's scorecard of the viewer's own
finished deals, so nothing of a deal they have not finished is read).

- ``GET /history``: the page (``static/history.html`` and ``history.js``);

- ``GET /api/me/history?role=&level=&strain=&from=&to=&page=``: one page of entries, newest first;
- ``GET /api/me/history/stats``: the statistics of the (filtered) entries;
- ``GET /api/me/history.pbn``: the (filtered) entries as one PBN file.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from sqlalchemy import Column, String, Table, Text, insert, select
from sqlalchemy.exc import IntegrityError

from contractbridge.core import Seat
from contractbridge.scoring.imps import imps
from contractbridge.server.accounts.players import Players
from contractbridge.server.accounts.routes import player_of, private
from contractbridge.server.accounts.store import account_seats
from contractbridge.server.daily.store import daily_tables
from contractbridge.server.robots.analyses import cached_analysis
from contractbridge.server.robots.pool import analyse
from contractbridge.server.storage import Storage, metadata
from contractbridge.server.storage import tables as stored_tables
from contractbridge.server.tables.export import pbn
from contractbridge.server.tables.settings import TableSettings
from contractbridge.server.tables.table import BoardState, ServerTable, contract_text
from contractbridge.server.web.errors import ActionError
from contractbridge.server.web.pages import STATIC

if TYPE_CHECKING:
    from contractbridge.server.daily.service import DailyService

#: entries in one page of the list
PAGE = 50
ROLES = ("declarer", "dummy", "defender", "passed")
LEVELS = ("passed", "part", "game", "slam")
STRAINS = ("C", "D", "H", "S", "NT")
#: where a deal was played: at a table, or in a tournament of the day
SOURCES = ("table", "daily")

#: a deal's double-dummy table and par, by deal, vulnerability and dealer (no line played)
history_par = Table(
    "cb_history_par",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("data", Text, nullable=False),
)


class HistoryError(ActionError):
    """A filter the history cannot read (400)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, 400)


@dataclass(frozen=True)
class Filters:
    role: str | None = None
    level: str | None = None
    strain: str | None = None
    since: str | None = None  # "YYYY-MM-DD", inclusive
    until: str | None = None
    source: str | None = None

    @classmethod
    def of(cls, query: dict[str, str]) -> Filters:
        role, level, strain = (query.get(n) or None for n in ("role", "level", "strain"))
        # each message whole, so that the catalogues translate it (msg.*)
        if role is not None and role not in ROLES:
            raise HistoryError(f"unknown role: {role}")
        if level is not None and level not in LEVELS:
            raise HistoryError(f"unknown level: {level}")
        if strain is not None and strain not in STRAINS:
            raise HistoryError(f"unknown strain: {strain}")
        source = query.get("source") or None
        if source is not None and source not in SOURCES:
            raise HistoryError(f"unknown kind of deal: {source}")

        dates = []
        for name in ("from", "to"):
            value = query.get(name) or None
            if value is not None:
                try:
                    _dt.date.fromisoformat(value)
                except ValueError:
                    raise HistoryError(f"not a date: {value}") from None
            dates.append(value)
        return cls(role, level, strain, since=dates[0], until=dates[1], source=source)

    def keep(self, entry: dict[str, Any]) -> bool:
        return (
            (self.role is None or entry["role"] == self.role)
            and (self.level is None or entry["level"] == self.level)
            and (self.strain is None or entry["strain"] == self.strain)
            and (self.since is None or entry["date"] >= self.since)
            and (self.until is None or entry["date"] <= self.until)
            and (self.source is None or entry["source"] == self.source)
        )


def _level(board: BoardState) -> str:
    contract = board.contract
    if contract is None:
        return "passed"
    if contract.level >= 6:
        return "slam"
    return "game" if contract.level >= contract.strain.game_level else "part"


def _par_key(board: BoardState) -> str:
    text = f"{board.deal.to_pbn()}|{int(board.vulnerability)}|{board.dealer.name}"
    return hashlib.sha256(text.encode()).hexdigest()


class History:
    """The history of the accounts' seats over the tables' database."""

    def __init__(self, storage: Storage, daily: DailyService | None = None) -> None:
        self.storage = storage
        #: the tournaments of the day (None: the server has none)
        self.daily = daily
        metadata.create_all(storage.engine, tables=[history_par])

    def boards(self, account: str) -> list[tuple[str, Seat, str, float, BoardState, str]]:
        """Every finished board at the seats ``account`` holds: table id, seat, the name at
        the table, the table's creation time, the board, and the seat's token."""
        query = (
            select(account_seats.c.table_id, account_seats.c.seat)
            .add_columns(stored_tables.c.created)
            .join(stored_tables, stored_tables.c.id == account_seats.c.table_id)
            .where(account_seats.c.account_id == account)
        )
        with self.storage.engine.connect() as conn:
            rows = conn.execute(query).all()
        out = []
        for table_id, seat, created in rows:
            settings, stored = self.storage.load(table_id)
            table = ServerTable.replay(TableSettings.from_json(settings), stored)
            info = settings.get("seats", {}).get(seat, {})
            for board in table.finished:  # only deals over: one being played is not here
                out.append((table_id, Seat[seat], info.get("name") or "", float(created),
                            board, str(info.get("token") or "")))  # fmt: skip
        return out

    def par(self, board: BoardState) -> dict[str, Any] | None:
        """The deal's DD table and par: this process's analysis, the stored one, or made now
        (and stored for every process)."""
        found = cached_analysis(board.deal.to_pbn(), int(board.vulnerability), board.dealer)
        if found is not None:
            return found
        key = _par_key(board)
        with self.storage.engine.connect() as conn:
            row = conn.execute(select(history_par.c.data).where(history_par.c.key == key)).first()
        if row is not None:
            return dict(json.loads(row[0])) or None
        made = analyse(board.deal.to_pbn(), int(board.vulnerability), int(board.dealer))
        try:
            with self.storage.engine.begin() as conn:
                conn.execute(insert(history_par).values(key=key, data=json.dumps(made or {})))
        except IntegrityError:
            pass  # another process stored it first: the same answer
        return made

    def entries(self, account: str) -> list[dict[str, Any]]:
        """The account's history, newest table first, then by board."""
        out = []
        for table_id, seat, name, created, board, token in self.boards(account):
            out.append(self.entry(table_id, seat, name, created, board, token))
        self.against_field(account, out)
        out.sort(key=lambda e: (-e["created"], e["table"], -e["board"]))
        return out

    def against_field(self, account: str, entries: list[dict[str, Any]]) -> None:
        """Mark the entries that are ``account``'s deals of a tournament of the day with their
        set and their score against the field now (the field grows as others play). The
        figures are the set's scorecard: the account's own finished deals only."""
        if self.daily is None or not entries:
            return
        ids = sorted({e["table"] for e in entries})
        query = select(daily_tables.c.table_id, daily_tables.c.set_id, daily_tables.c.board)
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                query.where(daily_tables.c.table_id.in_(ids) & (daily_tables.c.player == account))
            ).all()
        deals = {str(table_id): (str(set_id), int(board)) for table_id, set_id, board in rows}
        cards: dict[str, dict[int, Any]] = {}
        for e in entries:
            found = deals.get(e["table"])
            if found is None or found[1] != e["board"]:
                continue
            set_id, board = found
            daily = self.daily.get_set(set_id)
            if set_id not in cards:
                lines = self.daily.scorecard(set_id, account)
                cards[set_id] = {int(str(line["board"])): line["points"] for line in lines}
            e["source"] = "daily"
            e["event"] = {
                "set": set_id,
                "name": daily.name,
                "scoring": daily.scoring.value,
                "unit": "IMPs" if daily.scoring.is_imps else "%",
            }
            # None: the deal ended after the set closed (it counts as not played)
            e["field"] = cards[set_id].get(board)

    def entry(
        self, table_id: str, seat: Seat, name: str, created: float, board: BoardState, token: str
    ) -> dict[str, Any]:
        contract = board.contract
        played = contract is not None
        declarer = contract.declarer if played and contract is not None else None
        if declarer is None:
            role = "passed"
        elif seat == declarer:
            role = "declarer"
        elif seat == declarer.partner:
            role = "dummy"
        else:
            role = "defender"
        ns = board.ns_score() or 0
        score = ns if seat.name in "NS" else -ns
        found = self.par(board)
        entry: dict[str, Any] = {
            "source": "table",
            "table": table_id,
            "link": f"/table/{table_id}?token={token}",
            "name": name,
            "created": created,
            "date": _dt.datetime.fromtimestamp(created, _dt.UTC).date().isoformat(),
            "board": board.number,
            "seat": seat.name,
            "role": role,
            "level": _level(board),
            "strain": contract.strain.name if played and contract is not None else None,
            "contract": contract_text(contract),
            "declarer": declarer.name if declarer is not None else None,
            "tricks": board.declarer_tricks() if declarer is not None else None,
            "made": None,
            "score": score,
            "par_score": None,
            "par": None,
            "imps": None,
            "dd_tricks": None,
            "event": None,
            "field": None,
        }
        if declarer is not None and contract is not None:
            entry["made"] = board.declarer_tricks() - (contract.level + 6)
        if found:
            side_par = found["par_score"] if seat.name in "NS" else -found["par_score"]
            entry |= {"par_score": side_par, "par": found.get("par_text"),
                      "imps": imps(score - side_par)}  # fmt: skip
            if declarer is not None and contract is not None:
                entry["dd_tricks"] = found["dd"][contract.strain.name][declarer.name]
        return entry


def stats(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures people look at, over ``entries``: deals played; declarer's tricks against
    double dummy; the side's score against par (at, above, below, average IMPs); the
    average against the field in the tournaments of the day at matchpoints (%) and at IMPs;
    the IMPs against par deal by deal, oldest first, for the chart."""
    declared = [e for e in entries if e["role"] == "declarer" and e["dd_tricks"] is not None]
    compared = [e for e in entries if e["imps"] is not None]
    gains = [e["tricks"] - e["dd_tricks"] for e in declared]
    fields = {
        unit: [
            e["field"] for e in entries if e.get("field") is not None and e["event"]["unit"] == unit
        ]
        for unit in ("%", "IMPs")
    }
    return {
        "deals": len(entries),
        "declared": len(declared),
        "declarer_vs_dd": round(sum(gains) / len(gains), 2) if gains else None,
        "compared": len(compared),
        "at_par": sum(1 for e in compared if e["score"] == e["par_score"]),
        "above_par": sum(1 for e in compared if e["score"] > e["par_score"]),
        "below_par": sum(1 for e in compared if e["score"] < e["par_score"]),
        "imps_vs_par": round(sum(e["imps"] for e in compared) / len(compared), 2)
        if compared
        else None,
        "field_mp": round(sum(fields["%"]) / len(fields["%"]), 2) if fields["%"] else None,
        "field_mp_deals": len(fields["%"]),
        "field_imps": round(sum(fields["IMPs"]) / len(fields["IMPs"]), 2)
        if fields["IMPs"]
        else None,
        "field_imps_deals": len(fields["IMPs"]),
        "series": [
            {"date": e["date"], "table": e["table"], "board": e["board"], "imps": e["imps"]}
            for e in reversed(compared)
        ],
    }


def router(players: Players, history: History) -> APIRouter:
    routes = APIRouter()

    @routes.get("/history")
    async def history_page() -> FileResponse:
        return FileResponse(STATIC / "history.html")

    async def chosen(request: Request) -> list[dict[str, Any]]:
        player = await player_of(players, request)
        filters = Filters.of(dict(request.query_params))
        entries = await history.storage.run(history.entries, player.id)
        return [e for e in entries if filters.keep(e)]

    @routes.get("/api/me/history")
    async def listed(request: Request) -> JSONResponse:
        entries = await chosen(request)
        try:
            page = max(1, int(request.query_params.get("page") or 1))
        except ValueError:
            raise HistoryError("not a page number") from None
        pages = max(1, -(-len(entries) // PAGE))
        shown = entries[(page - 1) * PAGE : page * PAGE]
        return private({"entries": shown, "page": page, "pages": pages, "total": len(entries)})

    @routes.get("/api/me/history/stats")
    async def figures(request: Request) -> JSONResponse:
        return private(stats(await chosen(request)))

    @routes.get("/api/me/history.pbn")
    async def exported(request: Request) -> Response:
        player = await player_of(players, request)
        filters = Filters.of(dict(request.query_params))

        def write() -> str:
            parts = []
            for table_id, seat, name, created, board, token in history.boards(player.id):
                entry = history.entry(table_id, seat, name, created, board, token)
                if filters.keep(entry):
                    parts.append(pbn(board, {seat.name: name}))
            return "\n".join(parts)

        text = await history.storage.run(write)
        headers = {"Cache-Control": "no-store",
                   "Content-Disposition": 'attachment; filename="history.pbn"'}  # fmt: skip
        return Response(text, media_type="application/x-chess-pbn", headers=headers)

    return routes
