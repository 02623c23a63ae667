// Entry point: language and contrast settings, then the lobby or a table by URL.
import { LANGUAGES, loadLanguage, preferredLanguage, t } from "./i18n.js";
import { showEvent } from "./event.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";

function applyContrast(on) {
  document.body.classList.toggle("high-contrast", on);
  const button = document.getElementById("contrast");
  button.setAttribute("aria-pressed", String(on));
  localStorage.setItem("cb.contrast", on ? "1" : "0");
}

function translateChrome() {
  document.getElementById("lang-label").textContent = t("ui.language");
  document.getElementById("contrast").textContent = t("ui.contrast");
  document.querySelector(".skip").textContent = t("ui.skip");
}

async function route() {
  const main = document.getElementById("main");
  const match = location.pathname.match(/^\/table\/([A-Za-z0-9]+)/);
  const event = location.pathname.match(/^\/event\/([A-Za-z0-9]+)/);
  const token = new URLSearchParams(location.search).get("token");
  if (match) {
    await showTable(main, match[1], token);
  } else if (event) {
    await showEvent(main, event[1], token);
  } else {
    await showLobby(main);
  }
}

async function start() {
  await loadLanguage(new URLSearchParams(location.search).get("lang") || preferredLanguage());
  const select = document.getElementById("lang");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    select.append(option);
  }
  select.value = document.documentElement.lang;
  select.addEventListener("change", async () => {
    await loadLanguage(select.value);
    translateChrome();
    await route();
  });
  const contrast = localStorage.getItem("cb.contrast") === "1"
    || window.matchMedia("(prefers-contrast: more)").matches;
  applyContrast(contrast);
  document.getElementById("contrast").addEventListener("click", () => {
    applyContrast(!document.body.classList.contains("high-contrast"));
  });
  translateChrome();
  await route();
}

start();
