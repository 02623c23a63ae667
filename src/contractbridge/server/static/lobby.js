// The lobby: create a table (kind, who sits where), join by link, one's own tables.
import { messageText, seatName, t } from "./i18n.js";
import { el, remember, remembered } from "./dom.js";
import { accountBar, claimSeats, whoAmI } from "./account.js";
import { eventPanel } from "./event.js";
import { teamsPanel } from "./teams.js";

const SEATS = ["N", "E", "S", "W"];

export const myTables = () => remembered("cb.tables");

export function rememberTable(entry) {
  remember("cb.tables", entry, (x, y) => x.id === y.id && x.seat === y.seat);
}

/** Each side's bidding system (its robots bid it and read the opponents' calls by theirs),
 * from the systems the server's robots bid (``GET /api/systems``); SAYC unless chosen. */
async function systemChoice() {
  const known = await fetch("/api/systems").then((r) => r.json())
    .catch(() => ({ systems: ["sayc"], names: {} }));
  const box = el("fieldset", { class: "options systems" }, el("legend", {}, t("lobby.systems")));
  for (const side of ["NS", "EW"]) {
    const choice = el("select", { id: `opt-system-${side}` });
    for (const system of known.systems) {
      choice.append(el("option", { value: system }, known.names?.[system] || system));
    }
    choice.value = "sayc";
    box.append(el("label", { for: `opt-system-${side}`, class: "choice" }, t(`lobby.system.${side}`), " ", choice));
  }
  box.append(el("p", { class: "muted" }, t("lobby.systems_note")));
  return box;
}

export async function showLobby(main, notice = "") {
  document.title = `contractbridge — ${t("lobby.title")}`;
  const me = await whoAmI();
  // built whole, then shown at once: a lobby half-drawn (the account bar of the new state
  // over the old tables) is never seen or read
  const page = document.createDocumentFragment();
  page.append(accountBar(me, (said) => showLobby(main, said), notice));
  page.append(dailyPanel(me));
  page.append(challengesPanel(me));
  const form = el("form", { class: "panel create", id: "create-form" });
  form.append(el("h1", {}, t("lobby.title")));
  form.append(el("p", {}, t("lobby.intro")));

  const kind = el("fieldset", {}, el("legend", {}, t("lobby.kind")));
  for (const k of ["rubber", "chicago", "duplicate"]) {
    const input = el("input", { type: "radio", name: "kind", value: k, id: `kind-${k}` });
    if (k === "duplicate") input.checked = true;
    kind.append(el("label", { for: `kind-${k}`, class: "choice" }, input, t(`kind.${k}`)));
  }
  // How many boards a duplicate practice session has (only duplicate has a set number).
  const boards = el("input", { type: "number", id: "boards", min: "1", max: "64", value: "16",
    inputmode: "numeric" });
  const boardsRow = el("label", { for: "boards", class: "choice boards" }, t("lobby.boards"), boards);
  kind.append(boardsRow);
  // A Chicago: its scoring, who is vulnerable on deals 2 and 3, and its deals (a multiple
  // of four beyond four in the duplicate style or Russian Chicago)
  const chicagoScoring = el("select", { id: "chicago-scoring", "aria-label": t("lobby.chicago_scoring") });
  for (const k of ["standard", "duplicate", "russian"]) {
    chicagoScoring.append(el("option", { value: k }, t(`lobby.chicago.${k}`)));
  }
  const chicagoVulnerable = el("select", { id: "chicago-vulnerable", "aria-label": t("lobby.chicago_vulnerable") });
  for (const k of ["dealer", "non-dealer"]) {
    chicagoVulnerable.append(el("option", { value: k }, t(`lobby.chicago.${k}`)));
  }
  const deals = el("input", { type: "number", id: "chicago-deals", min: "4", max: "64", step: "4", value: "4",
    inputmode: "numeric" });
  const chicagoRows = el("div", { class: "chicago-options" },
    el("label", { for: "chicago-scoring", class: "choice" }, t("lobby.chicago_scoring"), " ", chicagoScoring),
    el("label", { for: "chicago-vulnerable", class: "choice" }, t("lobby.chicago_vulnerable"), " ", chicagoVulnerable),
    el("label", { for: "chicago-deals", class: "choice" }, t("lobby.deals"), " ", deals));
  kind.append(chicagoRows);
  const showBoards = () => {
    const chosen = form.querySelector("input[name=kind]:checked")?.value;
    boardsRow.hidden = chosen !== "duplicate";
    chicagoRows.hidden = chosen !== "chicago";
    deals.disabled = chicagoScoring.value === "standard";
    if (deals.disabled) deals.value = "4";
  };
  kind.addEventListener("change", showBoards);
  form.append(kind);
  showBoards();

  // a seat may go to an outside robot (a Blue Chip client) where the server takes them
  const outside = await fetch("/api/table-options").then((r) => r.json()).then((o) => o.bluechip)
    .catch(() => false);
  const seats = el("fieldset", { class: "seats" }, el("legend", {}, t("lobby.seats")));
  for (const s of SEATS) {
    const who = el("select", { id: `who-${s}`, name: `who-${s}`,
      "aria-label": t("lobby.who", { seat: seatName(s) }) });
    who.append(el("option", { value: "robot" }, t("lobby.robot")));
    who.append(el("option", { value: "human" }, t("lobby.human")));
    if (outside) who.append(el("option", { value: "bluechip" }, t("lobby.bluechip")));
    if (s === "S") who.value = "human";
    const name = el("input", { id: `name-${s}`, name: `name-${s}`, type: "text", maxlength: "40",
      placeholder: t("lobby.name"), "aria-label": t("lobby.name_of", { seat: seatName(s) }) });
    if (s === "S") name.value = localStorage.getItem("cb.name") || "";
    seats.append(el("div", { class: "seat-row" }, el("span", { class: "seat-label" },
      seatName(s)), who, name));
  }
  form.append(seats);
  const options = el("fieldset", { class: "options" }, el("legend", {}, t("lobby.options")));
  for (const [id, key] of [["spectators", "lobby.spectators"], ["partner-explains", "lobby.partner_explains"]]) {
    const box = el("input", { type: "checkbox", id: `opt-${id}`, checked: true });
    options.append(el("label", { for: `opt-${id}`, class: "choice" }, box, t(key)));
  }
  // Kibitzers see all hands: by default at a table of robots alone only; where people play,
  // the creator's tick stands for everyone who sits down, and any of them may switch it off.
  const kibitz = el("input", { type: "checkbox", id: "opt-kibitzers-see-hands" });
  options.append(el("label", { for: "opt-kibitzers-see-hands", class: "choice" }, kibitz,
    t("lobby.kibitzers_see_hands")));
  let kibitzTouched = false;
  kibitz.addEventListener("change", () => { kibitzTouched = true; });
  const kibitzDefault = () => {
    const people = SEATS.some((s) => form.querySelector(`#who-${s}`).value === "human");
    if (!kibitzTouched) kibitz.checked = !people;
    kibitz.disabled = !options.querySelector("#opt-spectators").checked;
  };
  seats.addEventListener("change", kibitzDefault);
  options.addEventListener("change", kibitzDefault);
  kibitzDefault();
  // Whose Beer Card beers the table notes: declarer's side (the usual), both sides (the
  // rules text gives the defenders theirs too), or none.
  const beer = el("select", { id: "opt-beer-card", "aria-label": t("lobby.beer_card") });
  for (const rule of ["declarer", "both", "off"]) {
    beer.append(el("option", { value: rule }, t(`lobby.beer_card.${rule}`)));
  }
  options.append(el("label", { for: "opt-beer-card", class: "choice" }, t("lobby.beer_card"), " ", beer));
  // The robots' carding agreement (shown at the table to everyone there).
  const carding = el("select", { id: "opt-carding", "aria-label": t("lobby.carding") });
  for (const agreement of ["standard", "lavinthal"]) {
    carding.append(el("option", { value: agreement }, t(`lobby.carding.${agreement}`)));
  }
  options.append(el("label", { for: "opt-carding", class: "choice" }, t("lobby.carding"), " ", carding));
  form.append(options);
  form.append(await systemChoice());
  form.append(el("button", { type: "submit", id: "create", class: "primary" }, t("lobby.create")));
  const result = el("div", { id: "links", "aria-live": "polite" });
  form.append(result);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { kind: form.querySelector("input[name=kind]:checked").value, seats: {},
      spectators: form.querySelector("#opt-spectators").checked,
      robot_partner_explains: form.querySelector("#opt-partner-explains").checked,
      kibitzers_see_hands: kibitz.checked, beer_card: beer.value, carding: carding.value,
      systems: { NS: form.querySelector("#opt-system-NS").value, EW: form.querySelector("#opt-system-EW").value } };
    if (body.kind === "duplicate") {
      const n = Number.parseInt(boards.value, 10);
      body.boards = Number.isNaN(n) ? 16 : Math.min(64, Math.max(1, n));
    }
    if (body.kind === "chicago") {
      const n = Number.parseInt(deals.value, 10);
      Object.assign(body, { chicago_scoring: chicagoScoring.value, chicago_vulnerable: chicagoVulnerable.value,
        boards: Number.isNaN(n) ? 4 : Math.min(64, Math.max(4, n - (n % 4))) });
    }
    for (const s of SEATS) {
      const who = form.querySelector(`#who-${s}`).value;
      const name = form.querySelector(`#name-${s}`).value.trim();
      body.seats[s] = who === "bluechip" ? { robot: true, bluechip: true, name }
        : { robot: who !== "human", name };
    }
    if (body.seats.S.name) localStorage.setItem("cb.name", body.seats.S.name);
    // The creator sits in South if South is a person (else the first person's seat); the
    // other people's seats become invitations the first browser to open each one takes.
    const people = SEATS.filter((s) => !body.seats[s].robot);
    if (people.length) {
      body.invite = true;
      body.me = people.includes("S") ? "S" : people[0];
    }
    const response = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) {
      result.replaceChildren(el("p", { class: "error" }, messageText(data.error)));
      return;
    }
    const mine = Object.keys(data.links);
    for (const s of mine) {
      rememberTable({ id: data.id, seat: s, token: data.tokens[s], kind: body.kind,
        created: Date.now() });
    }
    if (me.signed_in) await claimSeats(); // a player's new table is the account's at once
    result.replaceChildren(el("h2", {}, t("lobby.links")));
    const list = el("ul", { class: "links" });
    for (const s of mine) {
      list.append(el("li", {}, el("a", { href: data.links[s], class: `seat-link seat-link-${s}` },
        t("lobby.sit", { seat: seatName(s) }))));
    }
    const invitations = data.invitations || {};
    for (const s of Object.keys(invitations)) {
      // an invitation is for someone else: to copy and send, not to open here
      const url = invitations[s];
      const copy = el("button", { type: "button", class: `copy-invite copy-invite-${s}`,
        onclick: () => navigator.clipboard?.writeText(url) }, t("lobby.copy"));
      list.append(el("li", {}, t("lobby.invite", { seat: seatName(s) }), " ",
        el("input", { type: "text", readonly: true, value: url, class: `invite-link invite-${s}`,
          "aria-label": t("lobby.invite", { seat: seatName(s) }) }), " ", copy));
    }
    if (body.spectators) list.append(el("li", {}, el("a", { href: data.spectator }, t("lobby.watch"))));
    result.append(list);
    // what to give each outside robot: where it connects and the team name that takes the seat
    const doors = data.bluechip || {};
    for (const s of Object.keys(doors)) {
      const d = doors[s];
      const command = `contractbridge bluechip-client ${d.host} ${d.port} --seat ${s} --name ${d.team}`;
      result.append(el("div", { class: `bluechip-door bluechip-door-${s}` },
        el("h3", {}, t("lobby.bluechip_for", { seat: seatName(s) })),
        el("p", {}, t("lobby.bluechip_how", { host: d.host, port: d.port })),
        el("input", { type: "text", readonly: true, value: d.team, class: "bluechip-team",
          "aria-label": t("lobby.bluechip_team", { seat: seatName(s) }) }),
        el("p", { class: "hint" }, t("lobby.bluechip_example")),
        el("code", { class: "bluechip-command" }, command)));
    }
    const leave = mine.length === 1 && !Object.keys(invitations).length && !Object.keys(doors).length;
    if (leave) location.href = data.links[mine[0]];
  });
  page.append(form);

  const join = el("form", { class: "panel join" }, el("h2", {}, t("lobby.join")));
  const link = el("input", { type: "url", id: "join-link", placeholder: "http://…/table/…",
    "aria-label": t("lobby.join_link") });
  join.append(link, el("button", { type: "submit" }, t("lobby.join_go")));
  join.addEventListener("submit", (event) => {
    event.preventDefault();
    if (link.value) location.href = link.value;
  });
  page.append(join);

  const mine = el("section", { class: "panel mine" }, el("h2", {}, t("lobby.mine")));
  // a player's tables are the account's (this browser's seats are claimed on the way in);
  // a guest's, those this browser remembers
  const claimed = me.signed_in ? await claimSeats() : null;
  const tables = claimed ? claimed.tables : myTables();
  if (!tables.length) mine.append(el("p", {}, t("lobby.none")));
  const list = el("ul", { id: "my-tables" });
  const statuses = [];
  for (const entry of tables) {
    const status = el("span", { class: "status" });
    list.append(el("li", {}, el("a", { href: `/table/${entry.id}?token=${entry.token}` },
      `${t(`kind.${entry.kind}`)} · ${entry.id} · ${seatName(entry.seat)}`), status));
    statuses.push([entry, status]);
  }
  // Each table's state, now and every 15 s while the lobby is shown ("your turn" appears
  // without a reload).
  const refresh = () => {
    for (const [entry, status] of statuses) {
      fetch(`/api/tables/${entry.id}?token=${entry.token}`).then(async (r) => {
        if (!r.ok) return;
        const view = await r.json();
        const text = view.sheet?.over ? t("sheet.over")
          : view.you_act ? t("lobby.your_turn") : t("lobby.deal_n", { n: view.board?.number ?? 1 });
        status.textContent = ` — ${text}`;
      }).catch(() => {});
    }
  };
  const timer = setInterval(() => (list.isConnected ? refresh() : clearInterval(timer)), 15000);
  refresh();
  mine.append(list);
  page.append(mine);
  page.append(eventPanel(), teamsPanel());
  // the other places to go: learning (Minibridge) and ruling (the director's assistant)
  page.append(el("nav", { class: "panel more", "aria-label": t("lobby.more") },
    el("h2", {}, t("lobby.more")),
    el("ul", {},
      el("li", {}, el("a", { href: "/minibridge", id: "to-minibridge" }, t("lobby.minibridge")),
        " — ", t("lobby.minibridge_text")),
      el("li", {}, el("a", { href: "/honeymoon", id: "to-honeymoon" }, t("lobby.honeymoon")),
        " — ", t("lobby.honeymoon_text")),
      el("li", {}, el("a", { href: "/director", id: "to-director" }, t("lobby.director")),
        " — ", t("lobby.director_text")))));
  main.replaceChildren(page);
}

/** The tournaments of the day: a signed-in player's sets and where they are in each, with
 * the way to /daily; a guest is asked to log in (hidden where the server has none). */
function dailyPanel(me) {
  const panel = el("section", { class: "panel daily", id: "daily-panel", "aria-labelledby": "daily-panel-title", hidden: true },
    el("h2", { id: "daily-panel-title" }, t("daily.title")));
  fetch("/api/daily", { cache: "no-store" }).then(async (r) => {
    if (r.status === 404) return; // no tournaments of the day on this server
    panel.hidden = false;
    if (!me.signed_in || r.status === 401) {
      panel.append(el("p", { id: "daily-log-in" }, t("daily.guest")));
      return;
    }
    if (!r.ok) return;
    const day = await r.json();
    const list = el("ul", { id: "daily-sets" });
    for (const s of day.sets) {
      const where = s.finished === null ? t("daily.not_started") : t("daily.progress", { n: s.finished, deals: s.deals });
      list.append(el("li", {}, el("strong", {}, s.name), ` — ${t(`daily.scoring.${s.scoring}`)}, `,
        `${t(`daily.kind_short.${s.kind}`)} — ${where}`));
    }
    panel.append(list, el("p", {}, el("a", { href: "/daily", id: "to-daily" }, t("daily.open"))));
  }).catch(() => {});
  return panel;
}

/** A signed-in player's open challenges (waiting for their answer, sent, in play), each with a
 * link to it on /challenges; a guest is asked to log in. */
function challengesPanel(me) {
  const panel = el("section", { class: "panel challenges", id: "challenges-panel", "aria-labelledby": "challenges-panel-title" },
    el("h2", { id: "challenges-panel-title" }, t("challenges.title")));
  if (!me.signed_in) {
    panel.append(el("p", { id: "challenges-log-in" }, t("challenges.guest")));
    return panel;
  }
  fetch("/api/challenges", { cache: "no-store" }).then(async (r) => {
    if (!r.ok) return;
    const open = (await r.json()).challenges.filter((c) => c.state === "open" || c.state === "playing");
    const list = el("ul", { id: "lobby-challenges" });
    for (const c of open) {
      const name = c.robots ? t("challenges.the_robots") : c.opponent;
      const key = c.state === "playing" ? "challenges.lobby.playing" : c.sent ? "challenges.lobby.sent" : "challenges.lobby.received";
      list.append(el("li", {}, el("a", { href: `/challenges?id=${encodeURIComponent(c.id)}` },
        t(key, { name, n: c.finished, deals: c.deals }))));
    }
    panel.append(open.length ? list : el("p", {}, t("challenges.lobby.none")),
      el("p", {}, el("a", { href: "/challenges", id: "to-challenges" }, t("challenges.open"))));
  }).catch(() => {});
  return panel;
}
