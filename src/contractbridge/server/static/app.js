// Entry point: language and contrast settings, then the lobby or a table by URL.
import { t } from "./i18n.js";
import { startPage } from "./page.js";
import { showEvent } from "./event.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";

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
  await startPage({
    changed: async () => {
      translateChrome();
      await route();
    },
  });
  translateChrome();
  await route();
}

start();
