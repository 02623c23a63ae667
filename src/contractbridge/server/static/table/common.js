// What several parts of the table page share: the seats, the strains and a few small rules.
export const SEATS = ["N", "E", "S", "W"];
export const STRAINS = ["C", "D", "H", "S", "NT"];
export const HAND_SUITS = ["S", "H", "C", "D"]; // alternating colours
export const next = (seat, n = 1) => SEATS[(SEATS.indexOf(seat) + n) % 4];
export const sideOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");

/** The seat drawn at the bottom: one's own, or South for a spectator. */
export const me = (view) => view.seat || "S";

export function position(view, seat) {
  return ["bottom", "left", "top", "right"][(SEATS.indexOf(seat) - SEATS.indexOf(me(view)) + 4) % 4];
}

export function isJump(calls, call) {
  if (!/^[1-7]/.test(call)) return false;
  const bids = calls.map((c) => c.call).filter((c) => /^[1-7]/.test(c));
  const level = Number(call[0]);
  const strain = STRAINS.indexOf(call.slice(1));
  if (!bids.length) return level > 1;
  const last = bids[bids.length - 1];
  const lastLevel = Number(last[0]);
  const lastStrain = STRAINS.indexOf(last.slice(1));
  const least = strain > lastStrain ? lastLevel : lastLevel + 1;
  return level > least;
}

/** The deal that ended last: shown until its player turns to the next one. */
export function lastFinished(view) {
  if (view.board?.over) return view.board;
  return view.history.length ? view.history[view.history.length - 1] : null;
}
