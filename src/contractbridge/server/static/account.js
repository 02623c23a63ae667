// The lobby's account bar: a guest logs in or signs up (or plays on as a guest); a player
// sees their name, changes their password or logs out. Signing in gives the account the
// seats this browser holds (the tables the lobby remembers, proven by their tokens), so
// that "My tables" shows them on any device. The session is an HttpOnly cookie: this page
// never sees it, it only asks /api/me who is signed in.
import { messageText, t } from "./i18n.js";
import { el, remembered } from "./dom.js";

const TABLES = "cb.tables";

/** Who is signed in: {signed_in, name}; a guest's answer if the server cannot be asked. */
export async function whoAmI() {
  try {
    const r = await fetch("/api/me", { cache: "no-store" });
    return r.ok ? await r.json() : { signed_in: false };
  } catch {
    return { signed_in: false };
  }
}

async function post(url, body = {}) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify(body) });
  return { ok: r.ok, data: await r.json().catch(() => ({})) };
}

/** Give the signed-in account the seats this browser holds; its tables as the lobby lists
 * them ({id, seat, token, kind}) and how many were new to it (null: not signed in). */
export async function claimSeats() {
  const seats = remembered(TABLES).filter((e) => e.id && e.token)
    .map((e) => ({ table: String(e.id), token: String(e.token) })).slice(0, 60);
  const { ok, data } = await post("/api/me/tables/claim", { seats });
  if (!ok) return null;
  const tables = data.tables.map((x) => ({ id: x.table, seat: x.seat, token: x.token, kind: x.kind }));
  return { tables, added: data.claimed.length };
}

/** The seats the lobby remembers that are the account's are forgotten in this browser as it
 * logs out (the next person at this computer does not get them); they come back with the
 * account. */
async function forgetAccountTables() {
  const r = await fetch("/api/me/tables", { cache: "no-store" });
  if (!r.ok) return;
  const held = new Set((await r.json()).tables.map((x) => `${x.table}/${x.seat}`));
  const kept = remembered(TABLES).filter((e) => !held.has(`${e.id}/${e.seat}`));
  localStorage.setItem(TABLES, JSON.stringify(kept));
}

function field(id, labelKey, hintKey, attrs) {
  const hint = hintKey ? el("span", { id: `${id}-hint`, class: "hint" }, t(hintKey)) : null;
  return el("div", { class: "field" },
    el("label", { for: id }, t(labelKey)),
    el("input", { id, name: id, required: true, "aria-describedby": hint ? `${id}-hint` : null, ...attrs }),
    hint);
}

/** The bar for ``me`` (from whoAmI); ``redraw(notice)`` shows the lobby again, after a log in
 * or out, with ``notice`` said in the bar. */
export function accountBar(me, redraw, notice = "") {
  const bar = el("section", { class: "panel account", id: "account", tabindex: "-1",
    "aria-label": t("account.title") });
  const said = el("p", { class: "notice", id: "account-notice", role: "status" }, notice);
  const error = el("p", { class: "error", id: "account-error", role: "alert" });
  const refuse = (data) => { error.textContent = messageText(data.error || "") || "?"; };
  if (!me.signed_in) {
    const form = el("form", { id: "account-form" },
      field("account-name", "account.name", "account.name_hint",
        { type: "text", maxlength: "24", autocomplete: "username", autocapitalize: "none", spellcheck: "false" }),
      field("account-password", "account.password", "account.password_hint",
        { type: "password", maxlength: "200", autocomplete: "current-password" }),
      el("div", { class: "actions" },
        el("button", { type: "submit", id: "log-in", class: "primary", value: "login" }, t("account.log_in")),
        el("button", { type: "submit", id: "sign-up", value: "signup" }, t("account.sign_up"))),
      error);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      const how = event.submitter?.value === "signup" ? "signup" : "login";
      const { ok, data } = await post(`/api/${how}`, {
        name: form.querySelector("#account-name").value,
        password: form.querySelector("#account-password").value,
      });
      if (!ok) {
        refuse(data);
        form.querySelector("#account-password").focus();
        return;
      }
      const claimed = await claimSeats();
      await redraw(claimed?.added ? t("account.claimed", { n: claimed.added }) : "");
      document.getElementById("account")?.focus(); // the keyboard goes on from the bar
    });
    bar.append(el("p", {}, t("account.intro")), form, said);
    return bar;
  }
  const change = el("button", { type: "button", id: "change-password", "aria-expanded": "false",
    "aria-controls": "password-form" }, t("account.change_password"));
  const out = el("button", { type: "button", id: "log-out" }, t("account.log_out"));
  const passwords = el("form", { id: "password-form", hidden: true },
    field("old-password", "account.old_password", null, { type: "password", autocomplete: "current-password" }),
    field("new-password", "account.new_password", "account.password_hint",
      { type: "password", maxlength: "200", autocomplete: "new-password" }),
    el("div", { class: "actions" },
      el("button", { type: "submit", id: "save-password", class: "primary" }, t("account.save_password")),
      el("button", { type: "button", id: "cancel-password" }, t("account.cancel"))),
    error);
  const show = (open) => {
    passwords.hidden = !open;
    change.setAttribute("aria-expanded", String(open));
    error.textContent = "";
    passwords.reset();
    (open ? passwords.querySelector("#old-password") : change).focus();
  };
  change.addEventListener("click", () => show(passwords.hidden));
  passwords.querySelector("#cancel-password").addEventListener("click", () => show(false));
  passwords.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { ok, data } = await post("/api/me/password", {
      old: passwords.querySelector("#old-password").value,
      new: passwords.querySelector("#new-password").value,
    });
    if (!ok) {
      refuse(data);
      return;
    }
    show(false);
    said.textContent = t("account.password_changed");
  });
  out.addEventListener("click", async () => {
    await forgetAccountTables();
    await post("/api/logout");
    await redraw("");
    document.getElementById("account")?.focus();
  });
  bar.append(el("div", { class: "who" },
    el("span", { id: "account-who" }, t("account.signed_in", { name: me.name })), " ",
    el("a", { href: "/history", id: "history-link" }, t("history.link")), " ", change, " ", out),
  passwords, said);
  return bar;
}
