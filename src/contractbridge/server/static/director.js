// The Director's assistant page: a form that asks POST /api/director for the ruling.
const form = document.getElementById("form");
const out = document.getElementById("ruling");
const kind = document.getElementById("kind");
const needs = document.getElementById("needs");
let kinds = {};

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function body(choose) {
  const data = {};
  for (const field of form.elements) {
    if (!field.name) continue;
    data[field.name] = field.type === "checkbox" ? field.checked : field.value.trim();
  }
  if (choose) data.choose = choose;
  return data;
}

async function ask(choose) {
  const response = await fetch("/api/director", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body(choose)),
  });
  const result = await response.json();
  out.replaceChildren();
  if (!response.ok) {
    out.append(element("p", result.error, "error"));
    return;
  }
  const ruling = result.ruling;
  out.append(element("h2", "Ruling"), element("p", ruling.summary));
  for (const option of ruling.options) {
    const box = element("div", undefined, "option");
    box.append(element("span", `Law ${option.law}: `, "law"), element("span", option.text));
    if (option.by) box.append(element("p", `${option.by} chooses.`));
    const apply = element("button", `Choose ${option.key}`);
    apply.type = "button";
    apply.addEventListener("click", () => ask(option.key));
    box.append(apply);
    out.append(box);
  }
  if (ruling.follows.length) {
    out.append(element("h3", "What follows"));
    const list = element("ul");
    for (const line of ruling.follows) list.append(element("li", line));
    out.append(list);
  }
  if (result.applied.length) {
    out.append(element("h3", "After the choice"));
    const list = element("ul");
    for (const line of result.applied) list.append(element("li", line));
    out.append(list);
  }
}

async function start() {
  kinds = await (await fetch("/api/director/kinds")).json();
  for (const [name, text] of Object.entries(kinds)) {
    const option = element("option", name);
    option.value = name;
    kind.append(option);
  }
  const show = () => { needs.textContent = kinds[kind.value] || ""; };
  kind.addEventListener("change", show);
  show();
  form.addEventListener("submit", (event) => { event.preventDefault(); ask(); });
}

start();
