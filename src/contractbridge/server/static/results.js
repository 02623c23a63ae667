// What the event pages share: the result form of one board, a result in words, a grid.
import { seatName, strainShort, t } from "./i18n.js";
import { el } from "./dom.js";

const SEATS = ["N", "E", "S", "W"];
const STRAINS = ["C", "D", "H", "S", "NT"];

/** A column heading of the server's rankings and travellers, in the page's language. */
export function column(heading) {
  const key = `col.${heading}`;
  const text = t(key);
  return text === key ? heading : text;
}

export function grid(header, rows, caption) {
  const table = el("table", { class: "grid" });
  if (caption) table.append(el("caption", {}, caption));
  table.append(el("thead", {}, el("tr", {}, ...header.map((h) => el("th", { scope: "col" }, column(h))))));
  const body = el("tbody");
  for (const row of rows) body.append(el("tr", {}, ...row.map((c) => el("td", {}, c))));
  table.append(body);
  // a traveller has thirteen columns: on a narrow screen it scrolls, not the page
  return el("div", { class: "grid-wrap" }, table);
}

/** "4S N =" with the suit symbol; the score for North-South. */
export function resultText(result) {
  if (result.adjusted) return t("ev.adjusted_text", { text: result.text });
  if (result.contract === "Pass") return t("ev.passed_out");
  if (!result.text) return t("ev.ns_score", { score: result.score > 0 ? `+${result.score}` : result.score });
  const words = result.text.replace(/^(\d)(NT|S|H|D|C)/, (_, level, strain) => level + strainShort(strain));
  const score = result.score === undefined ? "" : ` · ${t("ev.ns_score", { score: result.score > 0 ? `+${result.score}` : result.score })}`;
  return `${words}${score}`;
}

/** Redraw ``root`` with ``redraw()`` and give back what was chosen or typed in its result
 * forms: a refresh (another table's result, the director's change) must not empty a form
 * half filled in. Fields are matched by id, in page order, so a level is restored (and its
 * results listed) before the result itself. */
export function keepingEntries(root, redraw) {
  const fields = (scope) => [...scope.querySelectorAll("form.entry [id]")]
    .filter((f) => ["INPUT", "SELECT"].includes(f.tagName) && f.type !== "file");
  const saved = new Map(fields(root).map((f) => [f.id, f.value]));
  redraw();
  for (const field of fields(root)) {
    if (!saved.has(field.id) || field.value === saved.get(field.id)) continue;
    field.value = saved.get(field.id);
    if (field.tagName === "SELECT") field.dispatchEvent(new Event("change"));
  }
}

/** The form for one board's result: contract, declarer, result, lead (``lead`` false: none).
 * ``key`` names its fields when a page has more than one form for a board (two rooms),
 * ``label`` replaces "Board n" before them. */
export function resultForm(board, onSubmit, { director = false, initial = null, lead: withLead = true,
  key = `b${board}`, label = null } = {}) {
  const correcting = Boolean(initial);
  const id = key;
  const form = el("form", { class: "entry", "data-board": String(board), "data-key": key });
  const level = el("select", { id: `${id}-level`, "aria-label": t("ev.level") });
  level.append(el("option", { value: "" }, "–"));
  for (let n = 1; n <= 7; n++) level.append(el("option", { value: String(n) }, String(n)));
  level.append(el("option", { value: "pass" }, t("ev.pass_out")));
  const strain = el("select", { id: `${id}-strain`, "aria-label": t("ev.strain") });
  for (const s of STRAINS) strain.append(el("option", { value: s }, strainShort(s)));
  const doubled = el("select", { id: `${id}-doubled`, "aria-label": t("ev.doubled") });
  for (const [v, text] of [["", "–"], ["X", t("call.double.short")], ["XX", t("call.redouble.short")]]) {
    doubled.append(el("option", { value: v }, text));
  }
  const declarer = el("select", { id: `${id}-by`, "aria-label": t("ev.declarer") });
  for (const s of SEATS) declarer.append(el("option", { value: s }, seatName(s)));
  const made = el("select", { id: `${id}-result`, "aria-label": t("ev.result") });
  const lead = withLead ? el("input", { id: `${id}-lead`, type: "text", size: "4", maxlength: "3",
    placeholder: "♥K", "aria-label": t("ev.lead") }) : null;
  const fillResults = () => {
    const n = Number.parseInt(level.value, 10);
    made.replaceChildren();
    if (Number.isNaN(n)) return;
    for (let d = 13 - (n + 6); d >= -(n + 6); d--) {
      made.append(el("option", { value: String(d) }, d === 0 ? "=" : d > 0 ? `+${d}` : String(d)));
    }
    made.value = "0";
  };
  const contractParts = [strain, doubled, declarer, made, lead].filter(Boolean);
  level.addEventListener("change", () => {
    fillResults();
    for (const part of contractParts) part.disabled = level.value === "pass";
  });
  const contract = initial?.contract?.match(/^(\d)(NT|S|H|D|C)(X{0,2})$/);
  if (initial?.contract === "Pass") {
    level.value = "pass";
    for (const part of contractParts) part.disabled = true;
  } else if (contract) {
    // A correction starts from the result entered, so only what was wrong is changed.
    level.value = contract[1];
    strain.value = contract[2];
    doubled.value = contract[3];
    declarer.value = initial.declarer;
    fillResults();
    made.value = String(initial.tricks - (Number(contract[1]) + 6));
    if (lead) lead.value = initial.lead || "";
  }
  const adjusted = director ? el("input", { id: `${id}-adjusted`, type: "text", size: "7",
    placeholder: "A+/A-", "aria-label": t("ev.adjusted") }) : null;
  const button = el("button", { type: "submit", class: "primary" },
    correcting ? t("ev.save_correction") : t("ev.enter"));
  const error = el("p", { class: "error", role: "alert" });
  form.append(el("span", { class: "board-no" }, label ?? t("ev.board", { n: board })),
    ...[level, strain, doubled, declarer, made, lead].filter(Boolean));
  if (adjusted) form.append(el("span", { class: "or" }, t("ev.or")), adjusted);
  form.append(button, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const entry = { board };
    if (adjusted && adjusted.value.trim()) {
      entry.adjusted = adjusted.value.trim();
    } else if (level.value === "pass") {
      entry.contract = "Pass";
    } else if (level.value) {
      const n = Number.parseInt(level.value, 10);
      entry.contract = `${n}${strain.value}${doubled.value}`;
      entry.declarer = declarer.value;
      entry.tricks = n + 6 + Number.parseInt(made.value, 10);
      if (lead && lead.value.trim()) entry.lead = leadCode(lead.value.trim());
    } else {
      error.textContent = t("ev.need_contract");
      return;
    }
    button.disabled = true;
    error.textContent = await onSubmit(entry) || "";
    button.disabled = false;
  });
  return form;
}

/** "♥K", "hk", "KH", "H10" -> "HK", "HT": the lead as the server reads it. */
function leadCode(text) {
  const symbols = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
  let s = text.toUpperCase().replace(/[♠♥♦♣]/g, (c) => symbols[c]).replace("10", "T");
  if (s.length === 2 && "SHDC".includes(s[1]) && !"SHDC".includes(s[0])) s = s[1] + s[0];
  return s;
}

/** Create an event (pairs or teams) and go to the director's page; a refusal shows in ``error``. */
export async function createEvent(body, error) {
  const response = await fetch("/api/events", { method: "POST",
    headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) {
    error.textContent = messageText(data.error);
    return;
  }
  location.href = data.director;
}

/** The director's downloads: one link per file the server makes for this event, named by
 * the text keys ``{keys}.{file}`` (ev.file.*, or tm.file.* where a teams file differs). */
export function downloads(page, names, keys = "ev.file") {
  const files = el("p", { class: "files" });
  for (const name of names) {
    files.append(el("a", { href: `/api/events/${page.id}/files/${name}?token=${page.token}`,
      class: "download" }, t(`${keys}.${name.replace(".", "_")}`)), " ");
  }
  return files;
}

/** The links the director hands out (one per table or team), each with a copy button. */
export function linksPanel(title, intro, id, entries) {
  const panel = el("section", { class: "panel" }, el("h2", {}, title), el("p", {}, intro));
  const list = el("ul", { class: "links", id });
  for (const [label, url] of entries) {
    list.append(el("li", {}, el("a", { href: url }, label), " ",
      el("button", { type: "button", onclick: () => navigator.clipboard?.writeText(url) }, t("lobby.copy"))));
  }
  panel.append(list, el("p", { class: "muted" }, t("ev.director_link_note")));
  return panel;
}

/** The round tabs of a table's or team's page; ``mark(r)`` is " ✓", " –" or "". The page's
 * ``round`` (the round looked at) starts at the first one not finished. */
export function roundTabs(page, mark) {
  const v = page.view;
  if (page.round === null || !v.rounds.some((r) => r.round === page.round)) {
    page.round = v.current ?? v.rounds.length;
  }
  const tabs = el("nav", { class: "rounds", "aria-label": t("ev.rounds") });
  for (const r of v.rounds) {
    const sign = mark(r);
    tabs.append(el("button", { type: "button", class: `round-tab${sign ? " done" : ""}`,
      "aria-pressed": String(r.round === page.round),
      onclick: () => { page.round = r.round; page.draw(); } },
      t("ev.round", { n: r.round }) + sign));
  }
  return tabs;
}

/** The director gives the boards' deals as a PBN file (hand records on the printout). */
export function dealsPanel(page, intro) {
  const v = page.view;
  const panel = el("section", { class: "panel", id: "deals" }, el("h2", {}, t("ev.deals")),
    el("p", {}, v.deals.length ? t("ev.deals_known", { boards: v.deals.join(", ") }) : intro));
  const file = el("input", { type: "file", id: "deals-file", accept: ".pbn,text/plain",
    "aria-label": t("ev.deals_file") });
  const error = el("p", { class: "error", role: "alert" });
  file.addEventListener("change", async () => {
    if (!file.files.length) return;
    error.textContent = await page.send({ op: "deals", pbn: await file.files[0].text() });
  });
  panel.append(file, error);
  return panel;
}

/** The director's panel to enter, correct or remove any result: a choice of where (value,
 * text pairs), the result form ``form(value)`` for it, and a remove button that calls
 * ``remove(value)`` (a reason, or "" when done). Returns the panel and the choice. */
export function directorEntryPanel({ title, intro, whereLabel, options, form, remove }) {
  const panel = el("section", { class: "panel", id: "director-entry" }, el("h2", {}, title),
    el("p", {}, intro));
  const where = el("select", { id: "where", "aria-label": whereLabel });
  for (const [value, text] of options) where.append(el("option", { value }, text));
  const slot = el("div");
  const draw = () => slot.replaceChildren(form(where.value));
  where.addEventListener("change", draw);
  const removeButton = el("button", { type: "button", id: "remove-result", onclick: async () => {
    if (!window.confirm(t("ev.remove_confirm"))) return;
    const problem = await remove(where.value);
    if (problem) window.alert(problem);
  } }, t("ev.remove"));
  panel.append(where, slot, removeButton);
  if (where.options.length) draw();
  return { panel, where };
}
