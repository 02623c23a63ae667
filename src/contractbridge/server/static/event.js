// A pairs event: each table's score entry (its rounds, its boards) and the director's page
// (links, what is missing, rankings, travellers, adjusted scores, names, downloads).
import { messageText, t } from "./i18n.js";
import { el, remember, remembered } from "./dom.js";
import {
  column, createEvent, dealsPanel, directorEntryPanel, downloads, grid, keepingEntries, linksPanel, resultForm,
  resultText, roundTabs,
} from "./results.js";
import { teamPage, teamsDirectorPage } from "./teams.js";

const REFRESH_MS = 10000;

const myEvents = () => remembered("cb.events");

function rememberEvent(entry) {
  remember("cb.events", entry, (x, y) => x.id === y.id && x.token === y.token);
}

function pairLabel(view, pair) {
  const names = view.names[String(pair)];
  return names ? `${t("ev.pair", { n: pair })} (${names})` : t("ev.pair", { n: pair });
}

/** A round with no play at this table (a phantom pair's table): who sits out. */
function idleText(v, r) {
  const out = r.sitting_out.map((p) => pairLabel(v, p)).join(", ");
  return t("ev.idle_round", { n: r.round }) + (out ? ` ${t("ev.sitting_out", { pairs: out })}` : "");
}

class EventPage {
  constructor(main, id, token) {
    this.main = main;
    this.id = id;
    this.token = token;
    this.view = null;
    this.round = null; // the round a table is looking at
    this.correcting = new Set();
  }

  async load() {
    const response = await fetch(`/api/events/${this.id}?token=${encodeURIComponent(this.token || "")}`);
    const data = await response.json();
    if (!response.ok) {
      this.main.replaceChildren(el("section", { class: "panel" }, el("h1", {}, t("ev.title")),
        el("p", { class: "error", role: "alert" }, messageText(data.error)), el("a", { href: "/" }, t("ui.lobby"))));
      return false;
    }
    this.view = data;
    return true;
  }

  /** Send one entry; "" when it is taken, else the server's reason. ``key``: the form that
   * sent it, no longer being corrected. */
  async send(entry, key = entry.board) {
    const response = await fetch(`/api/events/${this.id}/entries`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: this.token, entry }),
    });
    const data = await response.json();
    if (!response.ok) return messageText(data.error);
    this.correcting.delete(key);
    if (await this.load()) this.draw();
    return "";
  }

  async refresh() {
    // What is being typed or chosen is kept: a form field in use is not redrawn.
    const active = document.activeElement;
    const typing = this.main.contains(active) && active.closest("form")
      && ["INPUT", "SELECT", "TEXTAREA"].includes(active.tagName) && active.type !== "file";
    if (typing) return;
    if (await this.load()) this.draw();
  }

  draw() {
    const v = this.view;
    document.title = `contractbridge — ${v.name}`;
    this.main.dataset.version = String(v.version); // which state is drawn (tests wait on it)
    const role = { table: v.table, team: v.team }[v.role] ?? "director";
    rememberEvent({ id: this.id, token: this.token, name: v.name, role, kind: v.kind ?? "pairs" });
    keepingEntries(this.main, () => {
      if (v.kind === "teams") {
        this.main.replaceChildren(v.role === "team" ? teamPage(this) : teamsDirectorPage(this));
      } else {
        this.main.replaceChildren(v.role === "table" ? this.tablePage() : this.directorPage());
      }
    });
  }

  // -- a table ------------------------------------------------------------------------------
  tablePage() {
    const v = this.view;
    const tabs = roundTabs(this, (r) => r.idle ? " –"
      : Object.keys(r.results).length === r.boards.length ? " ✓" : "");
    const page = el("section", { class: "panel event-table", id: "event-table" });
    page.append(el("h1", {}, t("ev.table_title", { table: v.table, name: v.name })));
    page.append(tabs);
    const r = v.rounds.find((x) => x.round === this.round);
    if (r.idle) {
      page.append(el("p", { class: "pairs" }, idleText(v, r)));
    } else {
      page.append(el("p", { class: "pairs" }, t("ev.ns_v_ew", { ns: pairLabel(v, r.ns), ew: pairLabel(v, r.ew) })));
    }
    const list = el("ul", { class: "boards" });
    for (const board of r.boards) {
      const result = r.results[String(board)];
      const item = el("li", { id: `board-${board}` });
      if (result && !this.correcting.has(board)) {
        item.append(el("span", { class: "board-no" }, t("ev.board", { n: board })),
          el("span", { class: "entered" }, resultText(result)),
          result.adjusted ? null : el("button", { type: "button", class: "correct",
            onclick: () => { this.correcting.add(board); this.draw(); } }, t("ev.correct")));
      } else {
        item.append(resultForm(board, (entry) => this.send({ ...entry, round: r.round,
          table: v.table, correct: Boolean(result) }), { initial: result }));
      }
      list.append(item);
    }
    page.append(list);
    const done = Object.keys(r.results).length === r.boards.length;
    const next = v.rounds.find((x) => x.round === r.round + 1);
    if (done && next?.idle) {
      page.append(el("p", { class: "next", role: "status" }, idleText(v, next)));
    } else if (done && next) {
      page.append(el("p", { class: "next", role: "status" }, t("ev.next_round", { n: next.round,
        ns: pairLabel(v, next.ns), ew: pairLabel(v, next.ew), boards: next.boards.join(", ") })));
    } else if (done && v.current === null) {
      page.append(el("p", { class: "next", role: "status" }, t("ev.all_in")));
    }
    return page;
  }

  // -- the director ---------------------------------------------------------------------------
  directorPage() {
    const v = this.view;
    const page = el("div", { class: "event-director", id: "event-director" });
    const head = el("section", { class: "panel" }, el("h1", {}, v.name));
    head.append(el("p", {}, t("ev.summary", { movement: v.movement.name, tables: v.movement.tables,
      rounds: v.movement.rounds, pairs: v.movement.pairs.length, scoring: v.scoring })));
    head.append(el("p", { id: "progress" }, t("ev.progress", { entered: v.entered, expected: v.expected })));
    head.append(downloads(this, ["report.html", "event.json", "event.pbn"]));
    // the printables: on Letter paper where that is the paper in use, else A4
    const printables = downloads(this, ["guide-cards.html", "pickup-slips.html", "travellers.html",
      ...(v.deals.length ? ["curtain-cards.html", "hand-records.html"] : [])]);
    const letter = /-(US|CA|MX|PH|CL|CO|VE)$/i.test(navigator.language || "");
    for (const a of printables.querySelectorAll("a")) a.href += `&paper=${letter ? "letter" : "a4"}`;
    head.append(printables);
    page.append(head);
    page.append(linksPanel(t("ev.table_links"), t("ev.table_links_intro"), "table-links",
      Object.entries(v.links.tables).map(([n, url]) => [t("ev.table_n", { n }), url])));

    const missing = el("section", { class: "panel", id: "missing" }, el("h2", {}, t("ev.missing")));
    if (!v.missing.length) missing.append(el("p", {}, t("ev.none_missing")));
    else {
      missing.append(el("p", {}, v.missing.map((m) => t("ev.round_table", { round: m.round, table: m.table }))
        .join(" · ")));
    }
    page.append(missing);

    const rankings = el("section", { class: "panel", id: "rankings" }, el("h2", {}, t("ev.rankings")));
    for (const r of v.rankings) {
      rankings.append(grid(r.header, r.rows, r.title ? column(r.title) : ""));
    }
    page.append(rankings);

    page.append(this.directorEntry(), this.namesPanel(), dealsPanel(this, t("ev.deals_intro")));

    const travellers = el("section", { class: "panel", id: "travellers" }, el("h2", {}, t("ev.travellers")));
    if (!v.travellers.length) travellers.append(el("p", {}, t("ev.no_results")));
    for (const tr of v.travellers) travellers.append(grid(tr.header, tr.rows, t("ev.board", { n: tr.board })));
    page.append(travellers);
    return page;
  }

  directorEntry() {
    const v = this.view;
    const options = [];
    for (const e of v.encounters) {
      for (const b of e.boards) {
        options.push([`${e.round}/${e.table}/${b}`,
          `${t("ev.round_table", { round: e.round, table: e.table })} · ${t("ev.board", { n: b })} · ${e.ns} – ${e.ew}`]);
      }
    }
    const split = (value) => value.split("/").map(Number);
    return directorEntryPanel({
      title: t("ev.director_entry"), intro: t("ev.director_entry_intro"), whereLabel: t("ev.where"), options,
      form: (value) => {
        const [round, table, board] = split(value);
        const entered = v.results.find((r) => r.board === board && r.round === round && r.table === table);
        return resultForm(board, (entry) => this.send({ ...entry, round, table, correct: Boolean(entered) }),
          { director: true, initial: entered ?? null });
      },
      remove: (value) => {
        const [round, table, board] = split(value);
        const e = v.encounters.find((x) => x.round === round && x.table === table);
        return this.send({ op: "remove", board, pair: String(e.ns) });
      },
    }).panel;
  }

  namesPanel() {
    const v = this.view;
    const panel = el("section", { class: "panel", id: "names" }, el("h2", {}, t("ev.names")));
    const form = el("form", { class: "names" });
    const pair = el("select", { id: "name-pair", "aria-label": t("ev.pair_no") });
    for (const p of v.movement.pairs) pair.append(el("option", { value: String(p) }, t("ev.pair", { n: p })));
    const names = el("input", { id: "name-text", type: "text", maxlength: "80",
      placeholder: t("ev.names_placeholder"), "aria-label": t("ev.names") });
    const error = el("p", { class: "error", role: "alert" });
    pair.addEventListener("change", () => { names.value = v.names[pair.value] || ""; });
    names.value = v.names[pair.value] || "";
    form.append(pair, names, el("button", { type: "submit" }, t("ev.save")), error);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = await this.send({ op: "name", pair: pair.value, names: names.value });
    });
    panel.append(form);
    return panel;
  }
}

/** Results come in from every table: the server says when the event has changed, and the
 * page fetches its view then; while that socket is down the page looks every 10 s. */
function follow(page, main) {
  let socket = null;
  let retry = 500;
  let latest = page.view.version; // the newest version the server announced
  const gone = () => !document.body.contains(main);
  const connect = () => {
    if (gone()) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const query = `?token=${encodeURIComponent(page.token || "")}`;
    socket = new WebSocket(`${proto}://${location.host}/ws/events/${page.id}${query}`);
    socket.onopen = () => { retry = 500; };
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.type !== "changed") return;
      latest = data.version;
      if (gone()) socket.close();
      else if (latest !== page.view.version) page.refresh();
    };
    socket.onclose = (event) => {
      if (event.code === 4403 || event.code === 4404) return; // a bad link: polling says so
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  };
  connect();
  const timer = setInterval(() => {
    if (gone()) {
      clearInterval(timer);
      if (socket) socket.close();
    } else if (!socket || socket.readyState !== WebSocket.OPEN || latest !== page.view.version) {
      page.refresh(); // polling while the socket is down; a change skipped while typing
    }
  }, REFRESH_MS);
}

export async function showEvent(main, id, token) {
  const page = new EventPage(main, id, token);
  if (!(await page.load())) return;
  page.draw();
  follow(page, main);
}

/** The lobby's panel: start a pairs event; the director goes to its page. */
export function eventPanel() {
  const form = el("form", { class: "panel new-event", id: "event-form" });
  form.append(el("h2", {}, t("ev.new")), el("p", {}, t("ev.new_intro")));
  const name = el("input", { id: "event-name", type: "text", maxlength: "80", placeholder: t("ev.name") ,
    "aria-label": t("ev.name") });
  const movement = el("select", { id: "event-movement", "aria-label": t("ev.movement") });
  movement.append(el("option", { value: "mitchell" }, "Mitchell"), el("option", { value: "howell" }, "Howell"),
    el("option", { value: "one-set-howell" }, t("ev.one_set_howell")));
  const tables = el("input", { id: "event-tables", type: "number", min: "1", max: "30", value: "5",
    inputmode: "numeric" });
  const perRound = el("input", { id: "event-boards", type: "number", min: "1", max: "8", value: "3",
    inputmode: "numeric" });
  const absent = el("input", { id: "event-absent", type: "text", size: "6", inputmode: "numeric",
    placeholder: t("ev.absent_placeholder"), "aria-label": t("ev.absent") });
  const scoring = el("select", { id: "event-scoring", "aria-label": t("ev.scoring") });
  scoring.append(el("option", { value: "MP" }, t("ev.scoring_mp")),
    el("option", { value: "IMP-BUTLER" }, t("ev.scoring_butler")),
    el("option", { value: "CROSS-IMP" }, t("ev.scoring_cross")));
  const error = el("p", { class: "error", role: "alert" });
  form.append(
    el("label", { class: "choice" }, t("ev.name"), name),
    el("label", { class: "choice" }, t("ev.movement"), movement),
    el("label", { class: "choice" }, t("ev.tables"), tables),
    el("label", { class: "choice" }, t("ev.boards_per_round"), perRound),
    el("label", { class: "choice" }, t("ev.absent"), absent),
    el("label", { class: "choice" }, t("ev.scoring"), scoring),
    el("button", { type: "submit", class: "primary", id: "create-event" }, t("ev.create")), error);
  const create = (body) => createEvent(body, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    await create({ name: name.value.trim(), movement: movement.value, scoring: scoring.value,
      tables: Number.parseInt(tables.value, 10), boards_per_round: Number.parseInt(perRound.value, 10),
      absent: absent.value.split(/[\s,]+/).filter(Boolean).map(Number) });
  });
  const upload = el("input", { type: "file", id: "event-file", accept: ".json,application/json",
    "aria-label": t("ev.from_file") });
  upload.addEventListener("change", async () => {
    if (!upload.files.length) return;
    let data;
    try {
      data = JSON.parse(await upload.files[0].text());
    } catch {
      error.textContent = t("ev.not_json");
      return;
    }
    // an event file of either kind: `contractbridge event create` or `event teams-create`
    await create(data?.format === "contractbridge-teams/1" ? { kind: "teams", event: data } : { event: data });
  });
  form.append(el("label", { class: "choice" }, t("ev.from_file"), upload));
  const mine = myEvents();
  if (mine.length) {
    const list = el("ul", { id: "my-events" });
    for (const e of mine) {
      const who = e.role === "director" ? t("ev.director")
        : e.kind === "teams" ? e.role : t("ev.table_n", { n: e.role });
      list.append(el("li", {}, el("a", { href: `/event/${e.id}?token=${e.token}` }, `${e.name} · ${who}`)));
    }
    form.append(el("h3", {}, t("ev.mine")), list);
  }
  return form;
}
