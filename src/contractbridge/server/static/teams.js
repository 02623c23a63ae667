// A teams event: each team's page (its matches, both rooms, IMPs and VPs; the standings of
// finished rounds) and the director's (every scoresheet, live standings, the next Swiss round).
import { t } from "./i18n.js";
import { el } from "./dom.js";
import {
  createEvent, dealsPanel, directorEntryPanel, downloads, grid, linksPanel, resultForm, resultText, roundTabs,
} from "./results.js";

const ROOMS = ["open", "closed"];

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

// VPs in hundredths on the WBF continuous scale, whole on the others; board points as they are
let vpDecimals = 2;

function vpText(vps) {
  return vps ? vps.map((v) => v.toFixed(vpDecimals)).join("–") : "";
}

function pointsText(points) {
  return points.map((p) => String(p)).join("–");
}

/** The event's result columns: VPs, or board points at board-a-match. */
function bam(v) {
  vpDecimals = v.vp_decimals ?? 2;
  return v.scoring === "bam";
}

/** The seating of a match: who sits North-South in each room. */
function seating(m) {
  return t("tm.seating", { home: m.home, visitors: m.visitors });
}

function standingsGrid(rows, caption, byBoards = false) {
  return grid(["Rank", "Team", byBoards ? "Board points" : "VPs", "IMPs +", "IMPs -", "Matches"],
    rows.map((s) => [String(s.rank), s.team, byBoards ? String(s.board_points) : s.vps.toFixed(vpDecimals),
      String(s.imps_for), String(s.imps_against), String(s.matches)]), caption);
}

/** A scoresheet: board, each room's result, the IMPs (board-a-match: board points) to each team. */
function scoresheet(m) {
  const rows = m.boards.map((b) => [String(b.board),
    b.open ? resultText(b.open) : "", b.closed ? resultText(b.closed) : "",
    // an adjusted score (Law 86A) names each team's average, with its IMPs (or board points)
    ...(b.adjusted ? b.adjusted.split("/").map((a, i) => `${a} (${b.points ? b.points[i] : signed(b.result[i])})`)
      : b.points ? b.points.map(String)
        : [b.imps > 0 ? String(b.imps) : "", b.imps < 0 ? String(-b.imps) : ""])]);
  const totals = m.board_points ?? m.imps;
  rows.push(["", "", t("tm.total"), String(totals[0]), String(totals[1])]);
  const result = m.board_points ? ` · ${t("tm.board_points", { points: pointsText(m.board_points) })}`
    : m.vps ? ` · ${vpText(m.vps)} VPs` : "";
  return grid([t("tm.board"), t("tm.open"), t("tm.closed"), m.home, m.visitors], rows,
    `${m.home} – ${m.visitors}: ${m.imps[0]}–${m.imps[1]} IMPs${result}`);
}

// -- a team's page ------------------------------------------------------------------------------
export function teamPage(page) {
  const v = page.view;
  const byBoards = bam(v);
  const tabs = roundTabs(page, (r) => r.bye || r.complete ? " ✓" : "");
  const section = el("section", { class: "panel event-table", id: "team-page" });
  section.append(el("h1", {}, t("tm.team_title", { team: v.team, name: v.name })));
  section.append(tabs);
  const r = v.rounds.find((x) => x.round === page.round);
  if (r.bye) {
    section.append(el("p", { class: "next" }, byBoards ? t("tm.bye_bam", { points: r.vps })
      : t("tm.bye", { vps: r.vps })));
  } else {
    const us = v.team === r.home ? 0 : 1;
    section.append(el("p", { class: "pairs" }, t("tm.against", { team: us === 0 ? r.visitors : r.home })),
      el("p", { class: "muted" }, seating(r)));
    const closed = r.round <= v.closed;
    if (closed) section.append(el("p", { class: "muted" }, t("tm.round_closed")));
    const list = el("ul", { class: "boards" });
    for (const b of r.boards) {
      const item = el("li", { id: `board-${b.board}` });
      item.append(el("strong", { class: "board-no" }, t("ev.board", { n: b.board })));
      for (const room of ROOMS) {
        const key = `${r.round}/${b.board}/${room}`;
        const result = b[room];
        const line = el("div", { class: "room-line", "data-room": room });
        if (result && (closed || !page.correcting.has(key))) {
          line.append(el("span", { class: "board-no" }, t(`tm.${room}`)),
            el("span", { class: "entered" }, resultText(result)),
            closed ? null : el("button", { type: "button", class: "correct",
              onclick: () => { page.correcting.add(key); page.draw(); } }, t("ev.correct")));
        } else if (!closed) {
          line.append(resultForm(b.board, (entry) => page.send({ ...entry, round: r.round, team: v.team,
            room, correct: Boolean(result) }, key), { initial: result && result.contract ? result : null,
            lead: false, key: `r${r.round}b${b.board}${room}`, label: t(`tm.${room}`) }));
        } else {
          line.append(el("span", { class: "board-no" }, t(`tm.${room}`)), el("span", { class: "entered" }, "–"));
        }
        item.append(line);
      }
      if (b.adjusted) item.append(el("span", { class: "entered" }, t("ev.adjusted_text", { text: b.adjusted })));
      if (b.points) {
        item.append(el("span", { class: "imps" }, t("tm.board_points", { points: b.points[us] })));
      } else if (b.result) {
        item.append(el("span", { class: "imps" }, t("tm.board_imps", { imps: signed(b.result[us]) })));
      }
      list.append(item);
    }
    section.append(list);
    const ours = r.imps[us], theirs = r.imps[1 - us];
    const vps = r.vps ? [r.vps[us], r.vps[1 - us]] : null;
    const won = r.board_points ? [r.board_points[us], r.board_points[1 - us]] : null;
    section.append(el("p", { class: "next", role: "status", id: "match-total" },
      t("tm.match_total", { ours, theirs }) + (vps ? ` · ${t("tm.vps", { vps: vpText(vps) })}` : "")
      + (won ? ` · ${t("tm.board_points", { points: pointsText(won) })}` : "")));
  }
  if (v.standings.length) {
    section.append(el("h2", {}, t("tm.standings_after", { n: v.standings_after })),
      standingsGrid(v.standings, undefined, byBoards));
  } else {
    section.append(el("p", { class: "muted" }, t("tm.standings_later")));
  }
  return section;
}

// -- the director's page ------------------------------------------------------------------------
export function teamsDirectorPage(page) {
  const v = page.view;
  const byBoards = bam(v);
  const root = el("div", { class: "event-director", id: "teams-director" });
  const head = el("section", { class: "panel" }, el("h1", {}, v.name));
  head.append(el("p", {}, t(v.format === "swiss" ? "tm.summary_swiss" : "tm.summary_rr",
    { teams: v.teams.length, rounds: v.rounds_drawn, boards: v.boards_per_match })));
  head.append(el("p", { id: "scoring" }, byBoards ? t("tm.scoring_bam")
    : `${t("tm.scoring_imps")} · ${t(v.vp_scale === "wbf" ? "tm.scale_wbf"
      : v.vp_scale === "wbf-integer" ? "tm.scale_wbf_integer" : "tm.vp_scale")}`
      + (v.vp_scale === "wbf" || v.vp_scale === "wbf-integer" ? "" : ` ${v.vp_scale}`)));
  head.append(el("p", { id: "progress" }, v.missing.length
    ? t("tm.missing", { n: v.missing.length }) : t("ev.none_missing")));
  if (v.format === "swiss") {
    const error = el("p", { class: "error", role: "alert" });
    head.append(el("button", { type: "button", class: "primary", id: "pair-next",
      disabled: !v.can_pair_next, onclick: async () => {
        error.textContent = await page.send({ op: "next" });
      } }, t("tm.pair_next", { n: v.rounds_drawn + 1 })), error);
  }
  head.append(downloads(page, ["report.html", "event.json", "event.pbn"], "tm.file"));
  root.append(head);
  root.append(linksPanel(t("tm.team_links"), t("tm.team_links_intro"), "team-links",
    Object.entries(v.links.teams).map(([n, url]) => [v.teams[Number(n) - 1], url])));

  root.append(el("section", { class: "panel", id: "standings" }, el("h2", {}, t("tm.standings")),
    standingsGrid(v.standings, undefined, byBoards)));
  root.append(directorEntry(page), dealsPanel(page, t("tm.deals_intro")));

  for (const r of v.rounds) {
    const section = el("section", { class: "panel round", id: `round-${r.round}` },
      el("h2", {}, t("ev.round", { n: r.round })));
    if (r.byes.length) section.append(el("p", { class: "muted" }, t("tm.byes", { teams: r.byes.join(", ") })));
    for (const m of r.matches) section.append(scoresheet(m));
    root.append(section);
  }
  return root;
}

function directorEntry(page) {
  const v = page.view;
  const options = [];
  for (const r of v.rounds) {
    for (const m of r.matches) {
      for (const b of m.boards) {
        for (const room of ROOMS) {
          options.push([`${r.round}/${m.home}/${b.board}/${room}`,
            `${t("ev.round", { n: r.round })} · ${m.home} – ${m.visitors} · ${t("ev.board", { n: b.board })} · ${t(`tm.${room}`)}`]);
        }
      }
    }
  }
  const find = (value) => {
    const [round, home, board, room] = value.split("/");
    const m = v.rounds[Number(round) - 1].matches.find((x) => x.home === home);
    const b = m.boards.find((x) => x.board === Number(board));
    return { round: Number(round), team: home, board: Number(board), room, result: b[room] };
  };
  const { panel, where } = directorEntryPanel({
    title: t("tm.director_entry"), intro: t("tm.director_entry_intro"), whereLabel: t("tm.where"), options,
    form: (value) => {
      const { round, team, board, room, result } = find(value);
      return resultForm(board, (entry) => page.send({ ...entry, round, team, room, correct: Boolean(result) }),
        { initial: result && result.contract ? result : null, lead: false, key: "director",
          label: t(`tm.${room}`) });
    },
    remove: (value) => {
      const { round, team, board, room } = find(value);
      return page.send({ op: "remove", round, team, board, room });
    },
  });
  // an artificial adjusted score for the board (Law 86A): A+ is 3 IMPs, A 0, A- -3
  const adjusted = el("input", { id: "adjusted", type: "text", size: "7", placeholder: "A+/A-",
    "aria-label": t("tm.adjusted") });
  const error = el("p", { class: "error", role: "alert" });
  const adjust = el("form", { class: "entry", id: "adjust-form" },
    el("label", { for: "adjusted" }, t("tm.adjusted")), adjusted,
    el("button", { type: "submit" }, t("ev.save")), error);
  adjust.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { round, team, board } = find(where.value);
    error.textContent = await page.send({ op: "adjust", round, team, board, adjusted: adjusted.value.trim() });
  });
  panel.append(adjust);
  return panel;
}

// -- the lobby's panel ----------------------------------------------------------------------------
export function teamsPanel() {
  const form = el("form", { class: "panel new-event", id: "teams-form" });
  form.append(el("h2", {}, t("tm.new")), el("p", {}, t("tm.new_intro")));
  const name = el("input", { id: "teams-name", type: "text", maxlength: "80", placeholder: t("ev.name"),
    "aria-label": t("ev.name") });
  const teams = el("textarea", { id: "teams-list", rows: "4", placeholder: t("tm.teams_placeholder"),
    "aria-label": t("tm.teams") });
  const format = el("select", { id: "teams-format", "aria-label": t("tm.format") });
  format.append(el("option", { value: "round-robin" }, t("tm.round_robin")),
    el("option", { value: "swiss" }, t("tm.swiss")));
  const boards = el("input", { id: "teams-boards", type: "number", min: "1", max: "64", value: "8",
    inputmode: "numeric" });
  const scoring = el("select", { id: "teams-scoring", "aria-label": t("tm.scoring") });
  scoring.append(el("option", { value: "wbf" }, `${t("tm.scoring_imps")} · ${t("tm.scale_wbf")}`),
    el("option", { value: "wbf-integer" }, `${t("tm.scoring_imps")} · ${t("tm.scale_wbf_integer")}`),
    el("option", { value: "bam" }, t("tm.scoring_bam")));
  const error = el("p", { class: "error", role: "alert" });
  form.append(
    el("label", { class: "choice" }, t("ev.name"), name),
    el("label", { class: "choice" }, t("tm.teams"), teams),
    el("label", { class: "choice" }, t("tm.format"), format),
    el("label", { class: "choice" }, t("tm.boards_per_match"), boards),
    el("label", { class: "choice" }, t("tm.scoring"), scoring),
    el("button", { type: "submit", class: "primary", id: "create-teams" }, t("ev.create")), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    await createEvent({ kind: "teams", name: name.value.trim(), format: format.value,
      teams: teams.value.split("\n").map((x) => x.trim()).filter(Boolean),
      boards_per_match: Number.parseInt(boards.value, 10), bam: scoring.value === "bam",
      vp_scale: scoring.value === "bam" ? "wbf" : scoring.value }, error);
  });
  return form;
}
