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

  // how each host input is entered: its "input" (host/inputwords.py, the game's web/inputs.json)
  const inSeats = (hi) => hi.input === "per_player" || hi.input === "team";
  const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

  function seatRow(i, name) {
    const tr = document.createElement("tr");
    const bots = game.bots.map((b) => `<option value="${esc(b)}">bot: ${esc(b)}</option>`).join("");
    tr.innerHTML = `<td>${i + 1}</td><td><input class="player-id" value="${esc(name)}" size="10" required aria-label="player id of seat ${i + 1}"></td>
      <td><select class="seat" aria-label="who plays seat ${i + 1}">${"<option value=''>person</option>" + bots}</select></td>`;
    for (const hi of game.host_inputs.filter(inSeats)) {
      if (hi.input === "team") {
        const opts = hi.teams.map((t) => `<option value="${esc(t)}">${esc(t)}</option>`).join("");
        tr.insertAdjacentHTML("beforeend", `<td><select class="pp" data-input="${esc(hi.name)}" aria-label="${esc(hi.label)} of seat ${i + 1}"><option value="">random</option>${opts}</select></td>`);
      } else {
        tr.insertAdjacentHTML("beforeend", `<td><input type="number" min="0" step="1" class="pp" data-input="${esc(hi.name)}" placeholder="0" aria-label="${esc(hi.label)} of seat ${i + 1}"></td>`);
      }
    }
    return tr;
  }

  function inputRow(hi) {
    const row = document.createElement("div");
    row.className = "host-input";
    const label = `<label class="name" for="hi-${esc(hi.name)}">${esc(hi.label)}</label>`;
    const help = hi.help ? `<p class="help small muted">${esc(hi.help)}</p>` : "";
    const data = `id="hi-${esc(hi.name)}" data-input="${esc(hi.name)}" data-kind="${esc(hi.input)}"`;
    if (hi.input === "order") {
      row.innerHTML = `${label}<input ${data} placeholder="${esc(game.default_players.join(", "))}">${help}`;
    } else if (hi.input === "number") {
      row.innerHTML = `${label}<input type="number" step="1" ${hi.min !== undefined ? `min="${hi.min}"` : ""} ${hi.max !== undefined ? `max="${hi.max}"` : ""} ${data} placeholder="default">${help}`;
    } else if (hi.input === "numbers") {
      row.innerHTML = `${label}<input ${data} inputmode="numeric" placeholder="e.g. 10, 12, 8">${help}`;
    } else if (hi.input === "variant") {
      const keys = game.variant_keys.map((k) => `<label class="variant-key">${esc(k.meaning.charAt(0).toUpperCase() + k.meaning.slice(1))}
          <input type="number" step="1" min="${k.min}" max="${k.max}" data-variant="${esc(k.key)}" placeholder="${k.default}"
            aria-label="${esc(k.meaning)}"></label> <span class="small muted">rules: ${k.default}; ${k.min} to ${k.max}</span><br>`).join("");
      row.innerHTML = `<details><summary>${esc(hi.label)}</summary>${help}<div ${data}>${keys}</div></details>`;
    } else {
      const rows = hi.input === "rows" ? hi.rows : hi.input === "catalogue" ? 8 : 4;
      const file = `<input type="file" accept=".json,.txt,application/json,text/plain" data-load="${esc(hi.name)}" aria-label="load ${esc(hi.label)} from a file">`;
      const area = `<textarea ${data} rows="${rows}" placeholder="blank: the default"></textarea>`;
      row.innerHTML = hi.input === "json"
        ? `<details><summary>${esc(hi.label)}</summary>${help}${area}${file}</details>`
        : `${label}${help}${area}${file}`;
    }
    return row;
  }

  /** The seat rows for the count chosen (kept within the range): rows kept as
   * typed, new ones with the game's next ids (its lineup for the most seats). */
  function seatCount() {
    const body = $("seats").tBodies[0];
    const n = Math.min(game.players_max, Math.max(game.players_min, Number($("count").value) || game.players_default));
    while (body.rows.length > n) body.rows[body.rows.length - 1].remove();
    for (let i = body.rows.length; i < n; i++) body.append(seatRow(i, game.lineup[i]));
  }

  function render() {
    game = games[$("game").value];
    $("pitch").textContent = game.pitch;
    const pp = game.host_inputs.filter(inSeats);
    $("seats").tHead.innerHTML = `<tr><th>#</th><th>Player id</th><th>Seat</th>${pp.map((hi) => `<th>${esc(hi.label)}</th>`).join("")}</tr>`;
    $("seat-help").replaceChildren(...pp.filter((hi) => hi.help).map((hi) => {
      const p = document.createElement("p");
      p.className = "help small muted";
      p.textContent = `${hi.label}: ${hi.help}`;
      return p;
    }));
    // how many seats: any count of the game's range (one number: the field is fixed)
    const count = $("count");
    count.min = game.players_min;
    count.max = game.players_max;
    count.value = game.players_default;
    count.disabled = game.players_min === game.players_max;
    $("count-range").textContent = game.players_min === game.players_max
      ? `${game.title} takes exactly ${game.players_min} players`
      : `${game.title} takes ${game.players_min} to ${game.players_max} players`;
    $("seats").tBodies[0].replaceChildren();
    seatCount();
    const box = $("host-inputs");
    box.replaceChildren(...game.host_inputs.filter((hi) => !inSeats(hi)).map(inputRow));
    for (const f of box.querySelectorAll("input[data-load]")) {
      f.addEventListener("change", async () => {
        if (f.files[0]) box.querySelector(`textarea[data-input="${f.dataset.load}"]`).value = await f.files[0].text();
      });
    }
    const dl = $("deadlines").tBodies[0];
    dl.replaceChildren();
    for (const kind of game.step_order || Object.keys(game.step_kinds)) {
      const info = game.step_kinds[kind];
      const task = (game.step_tasks || {})[kind] || info.words;
      const [mode, value] = info.default_deadline.split(/:(.*)/s);
      const tr = document.createElement("tr");
      tr.dataset.kind = kind;
      tr.innerHTML = `<td class="kind">${esc(task)}</td><td><select name="mode" aria-label="deadline of ${esc(task)}">
          <option value="manual">manual (host resolves)</option>
          <option value="minutes">minutes after the step opens</option>
          <option value="daily">daily at (UTC)</option></select>
        <input name="value" size="6" placeholder="60 or 18:00" aria-label="minutes or time of day (UTC) for ${esc(task)}"></td>`;
      tr.querySelector("select").value = mode;
      tr.querySelector("input").value = value || "";
      dl.append(tr);
    }
  }

  /** The server's message about a host input, with the input's label for its
   * config name: "config.teams: needs exactly 2 positive…" → "Team: needs…". */
  function named(message) {
    for (const hi of game.host_inputs) {
      const m = message.match(new RegExp(`^(?:config\\.)?${hi.name}((?:\\.[\\w-]+|\\[\\d+\\])*)(?=[:( ])`));
      if (m) {
        const part = m[1].replace(/\[\d+\]/g, "").replace(/\./g, " ").trim();
        return hi.label + (part ? ` ${part}` : "") + message.slice(m[0].length);
      }
    }
    return message;
  }

  function body() {
    const rows = [...$("seats").tBodies[0].rows];
    const players = rows.map((r) => r.querySelector(".player-id").value.trim());
    const bots = {};
    rows.forEach((r, i) => { const b = r.querySelector(".seat").value; if (b) bots[players[i]] = b; });
    const options = {};
    for (const hi of game.host_inputs.filter(inSeats)) {
      const cells = rows.map((r) => r.querySelector(`.pp[data-input="${hi.name}"]`));
      const values = cells.map((c) => c.value.trim());
      if (hi.input === "team") {
        if (values.every((v) => v === "")) continue; // drawn at random
        if (values.some((v) => v === "")) throw new Error(`${hi.label}: choose one for every seat, or leave them all on random`);
        options[hi.name] = hi.shape === "by_player"
          ? Object.fromEntries(players.map((p, i) => [p, values[i]]))
          : Object.fromEntries(hi.teams.map((t) => [t, players.filter((p, i) => values[i] === t)]));
      } else {
        const m = {};
        values.forEach((v, i) => { if (v !== "") m[players[i]] = Number(v); });
        if (Object.keys(m).length) options[hi.name] = m;
      }
    }
    const whole = (label, t) => {
      if (!/^-?\d+$/.test(t)) throw new Error(`${label}: ${t} is not a whole number`);
      return Number(t);
    };
    const words = (v) => v.split(/[\s,;]+/).filter(Boolean);
    for (const hi of game.host_inputs.filter((h) => !inSeats(h))) {
      const input = $("host-inputs").querySelector(`[data-input="${hi.name}"]`);
      if (hi.input === "variant") {
        const v = {};
        for (const k of input.querySelectorAll("input[data-variant]")) if (k.value.trim() !== "") v[k.dataset.variant] = whole(hi.label, k.value.trim());
        if (Object.keys(v).length) options[hi.name] = v;
        continue;
      }
      const v = input.value.trim();
      if (!v) continue;
      if (hi.input === "json" || (hi.input !== "order" && /^[[{]/.test(v))) { // JSON, e.g. a file loaded
        try { options[hi.name] = JSON.parse(v); } catch (e) { throw new Error(`${hi.label}: not valid JSON (${e.message})`); }
      } else if (hi.input === "order") options[hi.name] = words(v);
      else if (hi.input === "number") options[hi.name] = whole(hi.label, v);
      else if (hi.input === "numbers") options[hi.name] = words(v).map((t) => whole(hi.label, t));
      else if (hi.input === "rows") options[hi.name] = v.split("\n").map((l) => words(l)).filter((l) => l.length).map((l) => l.map((t) => whole(hi.label, t)));
      else if (hi.input === "catalogue") {
        // the seed's words: one item per line, a blank line between auctions
        options[hi.name] = v.split(/\n\s*\n/).map((a) => a.split("\n").map((l) => l.trim()).filter(Boolean)).filter((a) => a.length);
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
  $("count").addEventListener("input", seatCount);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("create-error").textContent = "";
    try {
      const made = await MM.api("POST", "/api/matches", body());
      location.href = made.links.host;
    } catch (e) { $("create-error").textContent = named(e.message); }
  });

  games = Object.fromEntries(JSON.parse($("games-data").textContent).map((g) => [g.id, g]));
  render();
})();
