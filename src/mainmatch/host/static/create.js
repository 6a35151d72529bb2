/* The create-a-match form (built from GET /api/games) and the record import. */
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);

  // ------------------------------------------------------------ import a record
  const importForm = $("import-form");
  if (importForm) {
    importForm.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const file = $("import-file").files[0];
      if (!file) return;
      let record;
      try { record = JSON.parse(await file.text()); } catch (e) { $("import-error").textContent = `${file.name} is not JSON: ${e.message}`; return; }
      try {
        // a record exported by mainmatch keeps its title (and bot seats) under "mainmatch_host"
        const kept = record && record.mainmatch_host && record.mainmatch_host.title;
        const made = await MM.api("POST", "/api/matches/import", kept ? { record } : { record, title: file.name.replace(/\.json$/, "") });
        location.href = made.links.host;
      } catch (e) { $("import-error").textContent = e.message; }
    });
  }

  // ------------------------------------------------------------ the home's host links
  document.addEventListener("click", async (ev) => {
    const b = ev.target.closest("button.host-link");
    if (!b) return;
    if (!confirm("Open the host page with a new host link? The host link given before stops working.")) return;
    try {
      const made = await MM.api("POST", `/api/matches/${encodeURIComponent(b.dataset.match)}/host-link`);
      location.href = made.host;
    } catch (e) { const err = $("home-error"); if (err) err.textContent = e.message; }
  });

  // ------------------------------------------------------------ create a match
  const form = $("create-form");
  if (!form) return;
  let games = {};
  let game = null;

  const resolve = (schema, defs) => (schema && schema.$ref ? defs[schema.$ref.split("/").pop()] : schema) || {};
  const perPlayer = (s) => s.type === "object" && s.additionalProperties && ["integer", "number"].includes(s.additionalProperties.type);

  function seatRow(i, name) {
    const tr = document.createElement("tr");
    const bots = game.bots.map((b) => `<option value="${b}">bot: ${b}</option>`).join("");
    tr.innerHTML = `<td>${i + 1}</td><td><input class="player-id" value="${name}" size="12" required></td>
      <td><select class="seat">${"<option value=''>person</option>" + bots}</select></td>`;
    for (const hi of game.host_inputs) {
      const s = resolve(hi.schema, game.config_defs);
      if (perPlayer(s)) tr.insertAdjacentHTML("beforeend", `<td><input type="number" min="0" class="pp" data-input="${hi.name}" placeholder="0"></td>`);
    }
    return tr;
  }

  function render() {
    game = games[$("game").value];
    $("pitch").textContent = game.pitch;
    const pp = game.host_inputs.filter((hi) => perPlayer(resolve(hi.schema, game.config_defs)));
    $("seats").tHead.innerHTML = `<tr><th>#</th><th>Player id</th><th>Seat</th>${pp.map((hi) => `<th>${hi.name} at the start</th>`).join("")}</tr>`;
    const body = $("seats").tBodies[0];
    body.replaceChildren(...game.default_players.map((p, i) => seatRow(i, p)));
    const box = $("host-inputs");
    box.replaceChildren();
    for (const hi of game.host_inputs) {
      const s = resolve(hi.schema, game.config_defs);
      if (perPlayer(s)) continue;
      const row = document.createElement("div");
      row.className = "field";
      const desc = (hi.schema && hi.schema.description) || s.description || "";
      if (s.type === "array" && s.items && s.items.type === "string") {
        row.innerHTML = `<label>${hi.name} <input data-input="${hi.name}" data-kind="list" size="50" placeholder="comma-separated player ids (blank: the default)"></label> <span class="small muted">${desc}</span>`;
      } else if (s.type === "integer") {
        row.innerHTML = `<label>${hi.name} <input type="number" data-input="${hi.name}" data-kind="int" placeholder="default"></label> <span class="small muted">${desc}</span>`;
      } else {
        row.innerHTML = `<div><b>${hi.name}</b> <span class="small muted">${desc} (JSON; blank: the default)</span></div>
          <textarea data-input="${hi.name}" data-kind="json" rows="3" placeholder="JSON, or load a file"></textarea>
          <input type="file" accept=".json,application/json" data-load="${hi.name}">`;
      }
      box.append(row);
    }
    for (const f of box.querySelectorAll("input[data-load]")) {
      f.addEventListener("change", async () => {
        if (f.files[0]) box.querySelector(`textarea[data-input="${f.dataset.load}"]`).value = await f.files[0].text();
      });
    }
    const dl = $("deadlines").tBodies[0];
    dl.replaceChildren();
    for (const [kind, info] of Object.entries(game.step_kinds)) {
      const [mode, value] = info.default_deadline.split(/:(.*)/s);
      const tr = document.createElement("tr");
      tr.dataset.kind = kind;
      tr.innerHTML = `<td class="kind">${kind.replace(/_/g, " ")}</td><td><select name="mode">
          <option value="manual">manual (host resolves)</option>
          <option value="minutes">minutes after the step opens</option>
          <option value="daily">daily at (UTC)</option></select>
        <input name="value" size="6" placeholder="60 or 18:00"></td>`;
      tr.querySelector("select").value = mode;
      tr.querySelector("input").value = value || "";
      dl.append(tr);
    }
  }

  function body() {
    const rows = [...$("seats").tBodies[0].rows];
    const players = rows.map((r) => r.querySelector(".player-id").value.trim());
    const bots = {};
    rows.forEach((r, i) => { const b = r.querySelector(".seat").value; if (b) bots[players[i]] = b; });
    const options = {};
    for (const hi of game.host_inputs) {
      const cells = rows.map((r) => r.querySelector(`.pp[data-input="${hi.name}"]`)).filter(Boolean);
      if (cells.length) {
        const m = {};
        cells.forEach((c, i) => { if (c.value.trim() !== "") m[players[i]] = Number(c.value); });
        if (Object.keys(m).length) options[hi.name] = m;
      }
    }
    for (const input of $("host-inputs").querySelectorAll("[data-input]")) {
      const v = input.value.trim();
      if (!v) continue;
      const name = input.dataset.input;
      if (input.dataset.kind === "list") options[name] = v.split(",").map((x) => x.trim()).filter(Boolean);
      else if (input.dataset.kind === "int") options[name] = Number(v);
      else {
        try { options[name] = JSON.parse(v); } catch (e) { throw new Error(`${name}: not valid JSON (${e.message})`); }
      }
    }
    const deadlines = {};
    for (const tr of $("deadlines").tBodies[0].rows) {
      const mode = tr.querySelector("select").value;
      deadlines[tr.dataset.kind] = mode === "manual" ? "manual" : `${mode}:${tr.querySelector("input").value.trim()}`;
    }
    const out = { game: game.id, title: $("title").value.trim(), players, bots, options, deadlines, early_resolution: $("early").checked };
    if ($("seed").value.trim() !== "") out.seed = Number($("seed").value);
    return out;
  }

  $("all-bots").onclick = () => [...$("seats").tBodies[0].rows].forEach((r, i) => { r.querySelector(".seat").selectedIndex = i === 0 ? 0 : game.bots.includes("strategy") ? 1 + game.bots.indexOf("strategy") : 1; });
  $("all-people").onclick = () => [...$("seats").tBodies[0].rows].forEach((r) => { r.querySelector(".seat").selectedIndex = 0; });
  $("game").addEventListener("change", render);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("create-error").textContent = "";
    try {
      const made = await MM.api("POST", "/api/matches", body());
      location.href = made.links.host;
    } catch (e) { $("create-error").textContent = e.message; }
  });

  games = Object.fromEntries(JSON.parse($("games-data").textContent).map((g) => [g.id, g]));
  render();
})();
