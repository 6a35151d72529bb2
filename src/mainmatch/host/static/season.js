/* The season host page: each form is one call to the season API with the host token. */
"use strict";

(() => {
  const host = document.getElementById("host");
  if (!host) return;
  const name = host.dataset.season, token = host.dataset.token;
  const base = `/api/seasons/${encodeURIComponent(name)}`;

  const list = (text) => text.split(",").map((s) => s.trim()).filter(Boolean);
  function map(text) {
    const out = {};
    for (const item of list(text)) {
      const [p, n] = item.split("=").map((s) => (s || "").trim());
      if (!p || !/^-?\d+$/.test(n || "")) throw new Error(`write amounts as id=N pairs, e.g. a=2, b=1 (not "${item}")`);
      out[p] = Number(n);
    }
    return out;
  }

  function entryOf(form) {
    const entry = { kind: form.dataset.kind };
    const meta = {};
    for (const el of form.elements) {
      if (!el.name) continue;
      const v = el.value.trim();
      if (el.hasAttribute("data-meta")) { meta[el.name] = v; continue; }
      if (el.hasAttribute("data-optional") && v === "") continue;
      if (el.hasAttribute("data-winner")) continue;
      if (el.hasAttribute("data-list")) entry[el.name] = list(v);
      else if (el.hasAttribute("data-map")) entry[el.name] = map(v);
      else if (el.hasAttribute("data-int")) entry[el.name] = Number(v);
      else entry[el.name] = v;
    }
    const w = form.querySelector("[data-winner]");
    if (w) entry.winner = entry[w.value];
    return { entry, reason: meta.reason || "" };
  }

  async function run(form, call) {
    const err = form.querySelector(".error");
    const button = form.querySelector("button[type=submit]");
    err.textContent = "";
    button.disabled = true;
    try {
      const out = await call();
      if (out !== false) location.reload();
    } catch (e) {
      err.textContent = e.message;
    } finally {
      button.disabled = false;
    }
  }

  for (const form of host.querySelectorAll("form.season-entry")) {
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      run(form, () => MM.api("POST", `${base}/entries`, entryOf(form), token));
    });
  }

  const rec = host.querySelector("form.season-record");
  rec.addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(rec, async () => {
      const file = rec.elements.file.files[0];
      if (!file) throw new Error("choose a record file");
      let record;
      try { record = JSON.parse(await file.text()); } catch (e) { throw new Error(`${file.name} is not JSON`); }
      return MM.api("POST", `${base}/records`, { record }, token);
    });
  });

  const undo = host.querySelector("form.season-undo");
  undo.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const n = Number(undo.dataset.entry);
    if (!confirm(`Undo entry ${n}?`)) return;
    run(undo, () => MM.api("POST", `${base}/undo`, { entry: n, reason: undo.elements.reason.value }, token));
  });

  const match = host.querySelector("form.season-match");
  match.addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(match, async () => {
      const players = list(match.elements.players.value);
      const body = { game: match.elements.game.value, players };
      const bot = match.elements.bots.value;
      if (bot) body.bots = Object.fromEntries(players.map((p) => [p, bot]));
      const made = await MM.api("POST", `${base}/matches`, body, token);
      const box = match.querySelector(".created");
      box.innerHTML = "";
      const add = (label, href) => {
        const p = document.createElement("p");
        const a = document.createElement("a");
        a.href = href; a.textContent = href;
        p.append(`${label}: `, a);
        box.append(p);
      };
      add("Host link (keep it secret)", made.links.host);
      add("Spectators", made.links.spectator);
      for (const [p, href] of Object.entries(made.links.players)) add(`Player ${p}`, href);
      return false;
    });
  });
})();
