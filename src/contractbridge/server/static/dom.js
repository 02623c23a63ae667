// The one DOM helper every page uses: el("button", { class, onclick, ... }, ...children).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

/** A list kept in the browser (the tables and events one has links to), newest first. */
export function remembered(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "[]");
  } catch {
    return [];
  }
}

/** Put entry first in the list under key, replacing the entries `same` matches; keep 30. */
export function remember(key, entry, same) {
  const list = remembered(key).filter((x) => !same(x, entry));
  list.unshift(entry);
  localStorage.setItem(key, JSON.stringify(list.slice(0, 30)));
}
