/* Inputs designed for one game's step, used by the action form (form.js) when
 * a hint names them: {"widget": {"trades": "seat_pairs"}}. Each returns the
 * form's field interface {el, get, set}; get() gives exactly the JSON the
 * engine validates, so the engine's own messages still name any mistake. */
"use strict";

const MMWidgets = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs = {}) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  };
  const dollars = (n) => `$${n}`;

  /** Kong's Seat Exchange (seat_exchange.md §3.1): tap two seats on the circle
   * to add a trade between them, type the amount; the running total is shown
   * against your money plus the garnets typed in the form's garnets box (§3.1
   * rule 4: trades total at most money + garnets converted now). An overspend
   * is marked data-refuse, which stops the form from sending it (match.js). */
  function seat_pairs(schema, path, ctx, { el, help }) {
    const seats = (ctx.view && ctx.view.seats) || ctx.request.players || [];
    const you = ctx.view && ctx.view.you ? ctx.view.you.player : null;
    const money = Number(ctx.request.money || 0);
    const box = el("fieldset", { class: "seat-pairs" }, el("legend", { text: schema.label }));
    const h = help(path, ctx);
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
    const total = el("p", { class: "small trade-total", "aria-live": "polite" });
    box.append(pic, list, total);
    let first = null;
    const rows = [];

    function redraw() {
      for (const [p, g] of Object.entries(nodes)) g.classList.toggle("picked", p === first);
      hint.textContent = first ? `${first} ⇄ ? (tap ${first} again: self-swap)` : "tap two seats";
      lines.replaceChildren(...rows.map((r) => {
        const [a, b] = r.players.map((p) => pos[p] || [C, C]);
        return svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "trade-line" });
      }));
      const sum = rows.reduce((s, r) => s + (Number(r.amount.value) || 0), 0);
      const spend = garnetsTyped();
      const has = money + spend;
      const over = sum > has;
      const yours = spend ? `${dollars(has)} (${dollars(money)} + ${spend} garnet${spend === 1 ? "" : "s"})` : dollars(money);
      const fix = ctx.request.garnets > spend ? "turn garnets into dollars below, or " : "";
      total.textContent = `Total ${dollars(sum)} of your ${yours}` + (over ? `: more than you have (${fix}lower an amount)` : "");
      total.classList.toggle("error", over);
      if (over) total.dataset.refuse = `your trades total ${dollars(sum)} but you have ${yours}: ${fix}lower an amount`;
      else delete total.dataset.refuse;
    }

    // the garnets box is a sibling field of the same form: a whole number typed there
    function garnetsTyped() {
      const form = box.closest("form");
      const g = form && form.querySelector('input[data-path="garnets"]');
      const v = g ? g.value.trim() : "";
      return /^\d+$/.test(v) ? Number(v) : 0;
    }
    // once the form holds this field (MMForm.create places it synchronously), follow that box too
    queueMicrotask(() => { const form = box.closest("form"); if (form) form.addEventListener("input", redraw); });

    function add(players, amount) {
      const key = [...players].sort().join("|");
      const have = rows.find((r) => [...r.players].sort().join("|") === key);
      if (have) { have.amount.focus(); return have; }
      const amountIn = el("input", { type: "number", min: 1, step: 1, inputmode: "numeric", "aria-label": `dollars for ${players.join(" and ")}` });
      if (amount !== undefined && amount !== null) amountIn.value = amount;
      const label = players[0] === players[1] ? `${players[0]} (self-swap)` : `${players[0]} ⇄ ${players[1]}`;
      const rm = el("button", { type: "button", class: "small secondary", text: "remove" });
      const row = el("div", { class: "row item trade" }, el("span", { class: "rowlabel", text: label }), el("span", { text: "$" }), amountIn, rm);
      const entry = { players: [...players], amount: amountIn, row };
      rm.onclick = () => { rows.splice(rows.indexOf(entry), 1); row.remove(); redraw(); };
      amountIn.addEventListener("input", redraw);
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
    }

    redraw();
    return {
      el: box,
      get: () => rows.map((r) => {
        const v = r.amount.value.trim();
        return v === "" ? { players: r.players } : { players: r.players, amount: Number(v) };
      }),
      set: (v) => { rows.splice(0).forEach((r) => r.row.remove()); (Array.isArray(v) ? v : []).forEach((t) => add(t.players || [], t.amount)); redraw(); },
    };
  }

  return { seat_pairs };
})();

/* A running total under the form, against what the player has (hint
 * {"total": "<game>"}): the same sums the engine checks, so a player sees an
 * overspend before submitting. Each returns [text, over]. */
const MMTotals = (() => {
  const n = (x) => (typeof x === "number" && isFinite(x) ? x : 0);
  return {
    // amalgamation.md §3.1 rule 7: every dollar spent against balance + garnets sold
    amalgamation(a, r) {
      const bids = (a.minus && a.minus.bids) || [];
      const spend = n(a.kong && a.kong.contribute) + bids.reduce((s, b) => s + Math.abs(n(b)), 0)
        + n(a.invest && a.invest.invest) + n(a.invest && a.invest.donate) + n(a.thief && a.thief.bet);
      const has = n(r.balance) + n(a.buy_garnets) * n(r.garnet_rate);
      return [`You spend $${spend} of $${has}` + (spend > has ? ": more than you have" : ""), spend > has];
    },
    // mvp.md §3.1: bids together at most your free chips
    mvp(a, r) {
      const bids = Object.values(a.bids || {}).reduce((s, b) => s + n(b), 0);
      return [`Bids: ${bids} of your ${r.chips} free chips` + (bids > r.chips ? ": more than you have" : ""), bids > r.chips];
    },
    // second_to_won.md §3.1 rules 3-5
    second_to_won(a, r) {
      const bids = Object.values(a.bids || {});
      const chips = bids.reduce((s, b) => s + n(b && b.chips), 0);
      const garnets = bids.reduce((s, b) => s + n(b && b.garnets), 0);
      const over = chips > r.chips || garnets > r.garnets;
      let text = `Bids on ${bids.length} item${bids.length === 1 ? "" : "s"} (at least ${r.min_items}): ${chips} of your ${r.chips} chips`;
      if (garnets || r.garnets) text += `, ${garnets} of your ${r.garnets} garnets`;
      return [text + (over ? ": more than you have" : ""), over];
    },
  };
})();
