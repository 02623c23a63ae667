// What every page does first: its language (?lang=xx, else the one chosen before) with the
// chooser, the high-contrast switch, and the texts marked data-i18n in the page.
import { LANGUAGES, lang, loadLanguage, preferredLanguage, t } from "./i18n.js";

function applyContrast(on) {
  document.body.classList.toggle("high-contrast", on);
  document.getElementById("contrast").setAttribute("aria-pressed", String(on));
  localStorage.setItem("cb.contrast", on ? "1" : "0");
}

/** The page's own texts (data-i18n, data-i18n-placeholder) and its title, by titleKey. */
function translatePage(titleKey) {
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) {
    node.placeholder = t(node.dataset.i18nPlaceholder);
  }
  if (titleKey) document.title = `${t(titleKey)} · contractbridge`;
}

/** Set up the language and contrast; `changed` runs after another language is chosen. */
export async function startPage({ titleKey = null, changed = async () => {} } = {}) {
  await loadLanguage(new URLSearchParams(location.search).get("lang") || preferredLanguage());
  const select = document.getElementById("lang");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    select.append(option);
  }
  select.value = lang;
  select.addEventListener("change", async () => {
    await loadLanguage(select.value);
    translatePage(titleKey);
    await changed();
  });
  const contrast = localStorage.getItem("cb.contrast") === "1"
    || window.matchMedia("(prefers-contrast: more)").matches;
  applyContrast(contrast);
  document.getElementById("contrast").addEventListener("click", () => {
    applyContrast(!document.body.classList.contains("high-contrast"));
  });
  translatePage(titleKey);
}
