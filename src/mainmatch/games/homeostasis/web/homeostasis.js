/* Homeostasis's inputs (homeostasis spec §3-4), one for each step kind, in the
 * rules' words, shipped by the game's package: cards are tapped on the deck,
 * the auction order, the slot row or the expression, as they lie on the
 * table. Each is an MMWidgets entry (named by the step description's
 * ``widget``) returning the form's field interface {el, get, set}; get()
 * gives exactly the JSON the engine validates, and leaves out what the player
 * has not chosen. What the rules refuse (a tying bid, a save beyond your
 * garnets, crossing brackets) the rules themselves say: the form checks each
 * draft with the server as the player taps and types. */
"use strict";

Object.assign(MMWidgets, (() => {
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

  /** A row of card buttons; ``label(i)`` the small number over card i. */
  function cardRow(el, cards, { label, picked, disabled, extra, aria }) {
    const row = el("div", { class: "slots pick", role: "group", "aria-label": aria });
    const buttons = cards.map((c, i) => {
      const b = el("button", { type: "button", class: `slot${disabled && disabled(i) ? " taken" : ""}`, disabled: disabled && disabled(i), "aria-label": `${aria}: ${label ? label(i) : ""} ${c ?? "empty"}`.trim() },
        el("span", { class: "i", text: label ? String(label(i)) : "" }),
        el("span", { class: "sym", text: c === null || c === undefined ? "" : String(c) }),
        el("span", { class: "tot", text: extra ? extra(i) : "" }));
      row.append(b);
      return b;
    });
    const redraw = () => buttons.forEach((b, i) => b.classList.toggle("picked", !!picked(i)));
    return { row, buttons, redraw };
  }

  /** A pass (``{"pass": true}``, §3) when ticked, else the fields chosen so far. */
  const passOr = (passBox, fields) => (passBox.checked ? { pass: true }
    : Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined)));

  /** save_cards (§4.1): tap the cards of your own copy of the deck to save;
   * what the save costs is the rules' to say (the form's check). */
  function deck_save(ctx, kit) {
    const { el } = kit;
    const r = ctx.request;
    const deck = r.cards || [];
    const chosen = new Set();
    const box = el("fieldset", { class: "deck-save" }, el("legend", { text: "Cards to save" }));
    const cards = cardRow(el, deck, { picked: (i) => chosen.has(i), aria: "Your copy of the deck" });
    const state = el("p", { class: "small", "aria-live": "polite" });
    box.append(el("div", { class: "help", text: "Tap a card to save it, again to put it back." }), cards.row, state);
    cards.buttons.forEach((b, i) => { b.onclick = () => { if (chosen.has(i)) chosen.delete(i); else chosen.add(i); redraw(); }; });
    function redraw() {
      cards.redraw();
      const n = chosen.size;
      const names = [...chosen].sort((a, b) => a - b).map((i) => deck[i]).join(" ");
      state.textContent = n === 0
        ? `You save nothing. You hold ${plural(r.garnets, "garnet", "garnets")}.`
        : `You save ${plural(n, "card", "cards")} (${names}). You hold ${plural(r.garnets, "garnet", "garnets")}.`;
    }
    redraw();
    return {
      el: box,
      get: () => ({ cards: [...chosen].sort((a, b) => a - b).map((i) => deck[i]) }),
      set: (v) => {
        chosen.clear();
        for (const c of (v && v.cards) || []) {
          const i = deck.findIndex((d, j) => d === c && !chosen.has(j));
          if (i >= 0) chosen.add(i);
        }
        redraw();
      },
    };
  }

  /** draft (§4.3): tap one of the cards left, then a free place of this
   * round's auction order. */
  function draft_pick(ctx, kit) {
    const { el } = kit;
    const r = ctx.request;
    const left = [...new Set(r.cards || [])];
    const count = (c) => (r.cards || []).filter((x) => x === c).length;
    const order = (ctx.view && ctx.view.auction_order) || Array(10).fill(null);
    const free = new Set(r.positions || []);
    let card = null, position = null;
    const box = el("div", { class: "draft-pick" });
    const cards = cardRow(el, left, { picked: (i) => left[i] === card, extra: (i) => (count(left[i]) > 1 ? `×${count(left[i])}` : ""), aria: "Cards left to order" });
    const places = cardRow(el, order, { label: (i) => i + 1, picked: (i) => position === i + 1, disabled: (i) => !free.has(i + 1), aria: "Auction order" });
    const state = el("p", { class: "small", "aria-live": "polite" });
    box.append(el("div", { class: "field" }, el("span", { class: "name", text: "Card" })), cards.row,
      el("div", { class: "field" }, el("span", { class: "name", text: "Place in the auction order" }), el("span", { class: "help", text: "the card at place 1 is auctioned first" })), places.row, state);
    cards.buttons.forEach((b, i) => { b.onclick = () => { card = left[i]; redraw(); }; });
    places.buttons.forEach((b, i) => { b.onclick = () => { position = i + 1; redraw(); }; });
    function redraw() {
      cards.redraw();
      places.redraw();
      places.buttons.forEach((b, i) => { b.querySelector(".sym").textContent = position === i + 1 && card !== null ? card : order[i] ?? ""; });
      state.textContent = card !== null && position !== null ? `You put ${card} at place ${position} of the auction order.`
        : card !== null ? `Now tap a free place for ${card}.` : position !== null ? `Now tap the card to put at place ${position}.` : "Tap a card, then a free place.";
    }
    redraw();
    return {
      el: box,
      get: () => { const out = {}; if (card !== null) out.card = card; if (position !== null) out.position = position; return out; },
      set: (v) => { card = v && left.includes(v.card) ? v.card : null; position = v && free.has(v.position) ? v.position : null; redraw(); },
    };
  }

  /** bid (§4.4): tap an empty slot on the slot row and type the chips, or pass.
   * A bid that would tie its slot with another the rules refuse (§3 bid):
   * the form's check says so before Submit. */
  function slot_bid(ctx, kit) {
    const { el } = kit;
    const r = ctx.request;
    const cards = (ctx.view && ctx.view.slots) || Array(10).fill(null);
    const box = el("div", { class: "slot-bid" });
    let slot = null;
    const totals = r.totals || [];
    const row = cardRow(el, cards, { label: (i) => i + 1, picked: (i) => slot === i + 1, disabled: (i) => !(r.slots || []).includes(i + 1), extra: (i) => (totals[i] ? String(totals[i]) : ""), aria: "Slots" });
    const chips = el("input", { type: "number", min: 1, max: r.chips, step: 1, inputmode: "numeric", "data-path": "chips", "aria-label": "chips" });
    const passBox = el("input", { type: "checkbox", "data-path": "pass" });
    const state = el("p", { class: "small", "aria-live": "polite" });
    box.append(el("div", { class: "field" }, el("span", { class: "name", text: `Slot for card ${r.card}` }), el("span", { class: "help", text: "tap an empty slot; the number under it is its total so far" })),
      row.row, el("div", { class: "field" }, el("span", { class: "name", text: "Chips" }), chips, kit.help("chips") || ""));
    if (r.can_pass) box.append(el("div", { class: "field" }, el("label", {}, passBox, document.createTextNode(" Pass (out of this auction)"))));
    box.append(state);
    row.buttons.forEach((b, i) => { b.onclick = () => { slot = i + 1; passBox.checked = false; redraw(); chips.focus(); }; });
    passBox.onchange = () => { if (passBox.checked) slot = null; redraw(); };
    chips.addEventListener("input", () => redraw());
    function redraw() {
      row.redraw();
      const n = Number(chips.value);
      const typed = slot && !passBox.checked && /^\d+$/.test(chips.value.trim()) && n >= 1;
      const after = slot && chips.value.trim() !== "" ? ` Slot ${slot} would then hold ${(totals[slot - 1] || 0) + n} chip${(totals[slot - 1] || 0) + n === 1 ? "" : "s"}; you keep ${r.chips - n}.` : "";
      state.textContent = passBox.checked ? "You pass: you are out of this auction." : slot ? `Your bid: on slot ${slot}.${typed ? after : ""}` : "Tap an empty slot.";
    }
    redraw();
    return {
      el: box,
      get: () => passOr(passBox, { slot, chips: chips.value.trim() === "" ? null : Number(chips.value) }),
      set: (v) => {
        v = v || {};
        passBox.checked = v.pass === true;
        slot = typeof v.slot === "number" ? v.slot : null;
        chips.value = v.chips === undefined || v.chips === null ? "" : v.chips;
        redraw();
      },
    };
  }

  /** final_bid (§4.5): one sealed bid, 0 to your chips; only the winner pays. */
  function sealed_bid(ctx, kit) {
    const { el } = kit;
    const r = ctx.request;
    const chips = el("input", { type: "number", min: 0, max: r.chips, step: 1, inputmode: "numeric", "data-path": "chips", "aria-label": "your sealed bid in chips", value: 0 });
    const state = el("p", { class: "small", "aria-live": "polite" });
    const box = el("div", { class: "sealed-bid" },
      el("div", { class: "field" }, el("span", { class: "name", text: "Your sealed bid (chips)" }), chips, el("span", { class: "help", text: `0 to ${r.chips}` })), state);
    const redraw = () => {
      const n = Number(chips.value);
      state.textContent = chips.value.trim() === "" ? "Type a bid (0 bids nothing)." : n === 0 ? "You bid nothing: you keep every chip."
        : `If yours is the only highest bid you win and pay ${n}, keeping ${r.chips - n}; otherwise you pay nothing.`;
    };
    chips.addEventListener("input", redraw);
    redraw();
    return {
      el: box,
      get: () => (chips.value.trim() === "" ? {} : { chips: Number(chips.value) }),
      set: (v) => { chips.value = v && v.chips !== undefined && v.chips !== null ? v.chips : "0"; redraw(); },
    };
  }

  /** place_saved (§4.5 step 4, D38): send each saved card to the front
   * (before slot 1) or the back (after slot 10), in the order tapped; the
   * expression is shown as it will be. */
  function saved_ends(ctx, kit) {
    const { el } = kit;
    const r = ctx.request;
    const saved = r.saved_cards || [];
    const slots = (ctx.view && ctx.view.slots) || [];
    let front = [], back = []; // indices into saved
    const box = el("div", { class: "saved-ends" });
    const preview = el("div", { class: "slots", "aria-label": "The expression with your cards", role: "group" });
    const hand = el("div", { class: "saved-hand" });
    const state = el("p", { class: "small", "aria-live": "polite" });
    box.append(el("div", { class: "field" }, el("span", { class: "name", text: "The expression" }), el("span", { class: "help", text: "tap a card you placed to take it back" })), preview,
      el("div", { class: "field" }, el("span", { class: "name", text: "Your saved cards" })), hand, state);
    function redraw() {
      const placed = new Set([...front, ...back]);
      const cell = (sym, cls, label, onclick) => {
        const b = el(onclick ? "button" : "div", { class: `slot ${cls}`, type: onclick ? "button" : undefined }, el("span", { class: "i", text: label }), el("span", { class: "sym", text: sym ?? "" }));
        if (onclick) b.onclick = onclick;
        return b;
      };
      const take = (list, k) => () => { list.splice(k, 1); redraw(); };
      preview.replaceChildren(
        ...front.map((i, k) => cell(saved[i], "mine picked", "front", take(front, k))),
        ...slots.map((s, i) => cell(s, "", String(i + 1))),
        ...back.map((i, k) => cell(saved[i], "mine picked", "back", take(back, k))),
      );
      hand.replaceChildren(...saved.map((c, i) => {
        if (placed.has(i)) return "";
        const toFront = el("button", { type: "button", class: "small secondary", text: "before slot 1", "aria-label": `${c} before slot 1` });
        const toBack = el("button", { type: "button", class: "small secondary", text: "after slot 10", "aria-label": `${c} after slot 10` });
        toFront.onclick = () => { front.push(i); redraw(); };
        toBack.onclick = () => { back.push(i); redraw(); };
        return el("div", { class: "row" }, el("span", { class: "rowlabel expr", text: c }), toFront, toBack);
      }));
      if (!saved.length) hand.append(el("p", { class: "small muted", text: "You have no saved cards left: submit to go on." }));
      const words = (list) => list.map((i) => saved[i]).join(" ");
      state.textContent = front.length || back.length
        ? `You place ${[front.length ? `${words(front)} before slot 1` : "", back.length ? `${words(back)} after slot 10` : ""].filter(Boolean).join(" and ")}.`
        : "You place no cards.";
    }
    redraw();
    return {
      el: box,
      get: () => ({ front: front.map((i) => saved[i]), back: back.map((i) => saved[i]) }),
      set: (v) => {
        front = []; back = [];
        const used = new Set();
        const pick = (c) => { const i = saved.findIndex((s, j) => s === c && !used.has(j)); if (i >= 0) used.add(i); return i; };
        for (const c of (v && v.front) || []) { const i = pick(c); if (i >= 0) front.push(i); }
        for (const c of (v && v.back) || []) { const i = pick(c); if (i >= 0) back.push(i); }
        redraw();
      },
    };
  }

  /** brackets (§4.6): tap the first and the last card to go inside your
   * team's pair of brackets, or pass. */
  function bracket_pick(ctx, kit) {
    const { el } = kit;
    const r = ctx.request;
    const expr = (ctx.view && ctx.view.expression) || Array(r.length).fill(null);
    const placed = r.brackets || [];
    let first = null, last = null;
    const passBox = el("input", { type: "checkbox", "data-path": "pass" });
    const inside = (i) => first !== null && (last === null ? i + 1 === first : first <= i + 1 && i + 1 <= last);
    const marks = (i) => placed.filter((b) => b[0] === i + 1).map(() => "(").join("") + placed.filter((b) => b[1] === i + 1).map(() => ")").join("");
    const row = cardRow(el, expr, { label: (i) => i + 1, picked: inside, extra: marks, aria: "The expression" });
    const state = el("p", { class: "small", "aria-live": "polite" });
    const box = el("div", { class: "bracket-pick" },
      el("div", { class: "field" }, el("span", { class: "name", text: "Your brackets" }), el("span", { class: "help", text: "tap the first card to go inside them, then the last (the same card twice: just that card)" })),
      row.row, el("div", { class: "field" }, el("label", {}, passBox, document.createTextNode(" Pass (place no brackets now)"))), state);
    row.buttons.forEach((b, i) => {
      b.onclick = () => {
        const n = i + 1;
        passBox.checked = false;
        if (first === null || last !== null) { first = n; last = null; } else if (n < first) { last = first; first = n; } else last = n;
        redraw();
      };
    });
    passBox.onchange = () => { if (passBox.checked) { first = null; last = null; } redraw(); };
    function redraw() {
      row.redraw();
      if (passBox.checked) { state.textContent = "You pass: your team keeps its brackets for a later round."; state.className = "small"; return; }
      if (first === null) { state.textContent = "Tap the first card to go inside your brackets."; state.className = "small"; return; }
      if (last === null) { state.textContent = `From card ${first}: now tap the last card (card ${first} again for just that card).`; state.className = "small"; return; }
      const cards = expr.slice(first - 1, last).join("");
      state.textContent = `Your brackets: cards ${first} to ${last}, (${cards}).`;
      state.className = "small";
    }
    redraw();
    return {
      el: box,
      get: () => passOr(passBox, { first, last }),
      set: (v) => {
        v = v || {};
        passBox.checked = v.pass === true;
        first = typeof v.first === "number" ? v.first : null;
        last = typeof v.last === "number" ? v.last : null;
        redraw();
      },
    };
  }

  return { deck_save, draft_pick, slot_bid, sealed_bid, saved_ends, bracket_pick };
})());
