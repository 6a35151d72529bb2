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

  const hosted = host.querySelector("form.season-hosted");
  hosted.addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(hosted, () => {
      const picked = hosted.elements.pick ? hosted.elements.pick.value : "";
      const typed = hosted.elements.match.value.trim();
      if (picked && typed && picked !== typed) throw new Error("choose a match from the list or type its id, not both");
      const id = picked || typed;
      if (!id) throw new Error("choose a finished match or type its id");
      return MM.api("POST", `${base}/server-matches`, { match: id, reason: hosted.elements.reason.value }, token);
    });
  });

  // a match the season started: its host page through a new host link (only a hash is kept)
  const linkError = document.getElementById("host-link-error");
  for (const button of document.querySelectorAll("button.host-link")) {
    button.addEventListener("click", async () => {
      if (!confirm("Open this match's host page with a new host link? Its older host link stops working.")) return;
      if (linkError) linkError.textContent = "";
      try {
        const made = await MM.api("POST", `${base}/matches/${encodeURIComponent(button.dataset.match)}/host-link`, {}, token);
        location.href = made.host;
      } catch (e) {
        if (linkError) linkError.textContent = e.message;
      }
    });
  }

  const match = host.querySelector("form.season-match");
  const seats = [...match.querySelectorAll("select[name=seat]")];
  const game = () => match.elements.game.selectedOptions[0];
  const chosen = () => [...match.querySelectorAll("input[name=plays]")].filter((c) => c.checked).map((c) => c.value);
  function seatChoices() {
    // each game has its own bots: rebuild every seat's list, keeping a choice the game also has
    const bots = (game().dataset.bots || "").split(",").filter(Boolean);
    for (const sel of seats) {
      const was = sel.value;
      while (sel.options.length > 1) sel.remove(1);
      for (const b of bots) sel.add(new Option(`bot: ${b}`, b));
      sel.value = bots.includes(was) ? was : "";
    }
  }
  function countWarning() {
    // the rules refuse another number of players: say so before the host submits
    const low = Number(game().dataset.min), high = Number(game().dataset.max), have = chosen().length;
    const want = low === high ? `${low}` : `${low} to ${high}`;
    match.querySelector(".chosen").textContent = String(have);
    match.querySelector(".count-warning").textContent = low <= have && have <= high ? "" :
      `${game().textContent.replace(/ \(.*\)$/, "")} takes ${want} players; ${have} are chosen.`;
    for (const sel of seats) sel.disabled = !chosen().includes(sel.dataset.player);
  }
  match.elements.game.addEventListener("change", () => { seatChoices(); countWarning(); });
  for (const box of match.querySelectorAll("input[name=plays]")) box.addEventListener("change", countWarning);
  seatChoices();
  countWarning();

  match.addEventListener("submit", (ev) => {
    ev.preventDefault();
    run(match, async () => {
      const players = chosen();
      const body = { game: match.elements.game.value, players };
      const bots = {};
      for (const sel of seats) if (players.includes(sel.dataset.player) && sel.value) bots[sel.dataset.player] = sel.value;
      if (Object.keys(bots).length) body.bots = bots;
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
      for (const [p, href] of Object.entries(made.links.players)) {
        if (!bots[p]) add(`Player ${p}`, href);
      }
      return false;
    });
  });
})();
