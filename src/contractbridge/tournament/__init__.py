"""Tournaments: movements, events, results, rankings and what is published from them.

* ``movement`` -- Mitchell, Howell, movements read from files, the movement checker;
* ``results`` -- a table result, checked as it is entered; corrections;
* ``pairs`` -- scoring a pairs event (MP, MP-ACBL, IMP-BUTLER, CROSS-IMP) and ranking it;
* ``event`` -- a pairs event run with a movement, stored as JSON;
* ``teams`` -- team matches, round robins and Swiss, in IMPs and victory points;
* ``files`` -- results from PBN/LIN records (ScoreTable, or one game per table);
* ``report`` -- rankings, travellers, score cards, hand records: terminal, HTML and PBN;
* ``printables`` -- for the tables: guide cards, pickup slips, travellers, curtain cards
  and hand records, as printable HTML for A4 or Letter;
* ``daily`` -- tournaments of the day: sets of fixed deals played with robots, scored
  against the field, and what a player may see of it (docs/daily.md).
"""
