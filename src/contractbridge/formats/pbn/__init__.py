"""PBN 2.1 (Portable Bridge Notation): a tolerant reader and a strict writer.

Reading takes the *import format* with the leniency the standard asks for: ``{...}`` and
``;`` comments, ``%`` escape lines, tag inheritance (``"#"``, ``"##text"``), ``?`` and ``-``
values, the ``AP``, ``-``, ``*`` and ``+`` tokens, ``=n=`` note references with
``[Note "n:text"]`` tags, NAG suffixes and ``$n`` glyphs, lowercase cards and ranks,
passed-out boards, supplemental sections (any tag followed by rows, such as ScoreTable or
OptimumResultTable) and values seen in real files (``"N-S "``, ``"Both"``, ``"NS +550"``).

Leniencies beyond the letter of the standard, each needed by a real file:

* a game without Board and Deal tags continues the previous board (another table's play
  of it, as rpbridge.net writes team matches): it takes the previous game's Board, Dealer,
  Vulnerable and Deal;
* a game that omits an event or player tag (Event, Site, Date, Scoring, the four players,
  Stage, HomeTeam, VisitTeam, Competition, EventDate) keeps the previous game's value;
* an auction written from the opening bid, without the passes before it, gets them back
  when the Contract and Declarer tags show how many are missing.

Writing produces the *export format*: ``% PBN 2.1`` and ``% EXPORT`` first, the 15 tags of
the Mandatory Tag Set in their order (``"?"`` unknown, ``""`` inappropriate), other tags
alphabetically, then the auction, the play and the supplemental sections alphabetically,
one space between tokens (except tables with column widths), CRLF line ends.

>>> games = loads('''[Board "1"]
... [Dealer "N"]
... [Vulnerable "None"]
... [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
... [Auction "N"]
... 1NT =1= Pass 3NT AP
... [Note "1:15-17"]
... ''')
>>> g = games[0]
>>> str(g.contract), g.declarer, g.annotation(0).note
('3NT N', <Seat.N: 0>, '15-17')
"""

from contractbridge.formats.pbn.grammar import MTS_TAGS
from contractbridge.formats.pbn.reading import iter_games as iter_games  # public, not in __all__
from contractbridge.formats.pbn.reading import load, loads
from contractbridge.formats.pbn.writing import dump, dumps

__all__ = ["MTS_TAGS", "dump", "dumps", "load", "loads"]
