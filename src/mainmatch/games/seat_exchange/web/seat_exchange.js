/* Kong's Seat Exchange's trades input (seat_exchange spec §3.1), shipped by the
 * game's package: tap two seats on the circle to add a trade between them
 * (the same seat twice is a self-swap), then type what you pay. The step's
 * other fields (garnets to turn into dollars) are built the generic way. What
 * the trades total against your money is said by the rules themselves (the
 * form checks each draft with the server). */
"use strict";

MMWidgets.seat_pairs = (ctx, kit) => {
  const { el } = kit;
  const SVG = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs = {}) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  };
  const seats = (ctx.view && ctx.view.seats) || ctx.request.players || [];
  const you = ctx.view && ctx.view.you ? ctx.view.you.player : null;
  const box = el("fieldset", { class: "seat-pairs" }, el("legend", { text: kit.label("trades") }));
  const h = kit.help("trades");
  if (h) box.append(el("div", {}, h));
  const n = seats.length, R = 120, C = 150;
  const pic = svg("svg", { viewBox: "0 0 300 300", class: "circle pick", role: "group", "aria-label": "Seats: tap two to add a trade" });
  pic.append(svg("circle", { cx: C, cy: C, r: R, fill: "none", stroke: "#e2dfd8", "stroke-width": 2 }));
  const lines = svg("g");
  pic.append(lines);
  const nodes = {};
  const pos = {};
  seats.forEach((p, i) => {
    const a = (2 * Math.PI * i) / n - Math.PI / 2;
    const x = C + R * Math.cos(a), y = C + R * Math.sin(a);
    pos[p] = [x, y];
    const g = svg("g", { class: "seat-button", tabindex: 0, role: "button", "data-seat": p, "aria-label": `seat of ${p}` });
    g.append(svg("circle", { class: `seat${p === you ? " me" : ""}`, cx: x, cy: y, r: 21 }));
    const t = svg("text", { x, y });
    t.textContent = p;
    g.append(t);
    g.addEventListener("click", () => tap(p));
    g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); tap(p); } });
    pic.append(g);
    nodes[p] = g;
  });
  const hint = svg("text", { x: C, y: C, class: "pick-hint" });
  pic.append(hint);
  const list = el("div", { class: "trade-list" });
  box.append(pic, list);
  let first = null;
  const rows = [];
  const changed = () => box.dispatchEvent(new Event("input", { bubbles: true }));

  function redraw() {
    for (const [p, g] of Object.entries(nodes)) g.classList.toggle("picked", p === first);
    hint.textContent = first ? `${first} ⇄ ? (tap ${first} again: self-swap)` : "tap two seats";
    lines.replaceChildren(...rows.map((r) => {
      const [a, b] = r.players.map((p) => pos[p] || [C, C]);
      return svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "trade-line" });
    }));
  }

  function add(players, amount) {
    const key = [...players].sort().join("|");
    const have = rows.find((r) => [...r.players].sort().join("|") === key);
    if (have) { have.amount.focus(); return have; }
    const amountIn = el("input", { type: "number", min: 1, step: 1, inputmode: "numeric", "data-path": "trades[].amount", "aria-label": `dollars for ${players.join(" and ")}` });
    if (amount !== undefined && amount !== null) amountIn.value = amount;
    const label = players[0] === players[1] ? `${players[0]} (self-swap)` : `${players[0]} ⇄ ${players[1]}`;
    const rm = el("button", { type: "button", class: "small secondary", text: "remove" });
    const row = el("div", { class: "row item trade" }, el("span", { class: "rowlabel", text: label }), el("span", { text: "$" }), amountIn, rm);
    const entry = { players: [...players], amount: amountIn, row };
    rm.onclick = () => { rows.splice(rows.indexOf(entry), 1); row.remove(); redraw(); changed(); };
    rows.push(entry);
    list.append(row);
    redraw();
    return entry;
  }

  function tap(p) {
    if (first === null) { first = p; redraw(); return; }
    const pair = [first, p];
    first = null;
    const entry = add(pair);
    if (entry && !entry.amount.value) entry.amount.focus();
    redraw();
    changed();
  }

  const rest = kit.rest(["trades"]);
  const whole = el("div", {}, box, rest.el);
  redraw();
  return {
    el: whole,
    get: () => {
      const out = rest.get() || {};
      const trades = rows.map((r) => {
        const v = r.amount.value.trim();
        return v === "" ? { players: r.players } : { players: r.players, amount: Number(v) };
      });
      return trades.length ? { trades, ...out } : out;
    },
    set: (v) => {
      rows.splice(0).forEach((r) => r.row.remove());
      ((v && v.trades) || []).forEach((t) => add(t.players || [], t.amount));
      rest.set(v);
      redraw();
    },
  };
};
