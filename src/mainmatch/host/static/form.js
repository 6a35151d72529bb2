/* The action form, built from the step's description (engine/steps.py, sent
 * as JSON: {kind, ask, task, together, widget, inputs}) and the player's
 * request. Each input node says how its value is entered:
 *   amount    a number box, within the model's bounds and the request's
 *             (`most` / `least`: a number or a request key), with its unit;
 *   player, item, card, slot, role
 *             one of what the request offers (`offers`: a request key; for
 *             offered objects `value` names the key sent and `shows` the one shown);
 *   seat_pair two players; flag a tick box; group a fieldset of its fields;
 *   list      rows to add and remove (a box per offered thing for a set of
 *             choices; one row per place for a list of fixed length);
 *   map       one input per thing the request offers (a bid per card); a
 *             field with `when` only in the rows whose offered thing holds its value.
 * Labels and help are the description's words, `{key}` filled from the
 * request. A field left blank is left out of the action, and an optional
 * input the request leaves nothing to choose in is not asked (garnets to
 * spend when you hold none). The rules themselves say what is wrong: the page
 * asks the server to check the draft as the player types (match.js).
 *
 * A step may name a `widget`: a richer input shipped by the game's package
 * (its web/ folder), registered as MMWidgets[name] = (ctx, kit) => field,
 * which may build any of its fields the generic way (kit.build, kit.rest).
 * A field is {el, get, set}; get() gives exactly the JSON the engine validates.
 */
"use strict";

window.MMWidgets = window.MMWidgets || {};

const MMForm = (() => {
  const CHOICES = new Set(["player", "item", "card", "slot", "role"]);
  let uid = 0;
  const nextId = () => `f${++uid}`;

  const el = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v === true ? "" : v);
    }
    for (const k of kids) if (k) e.append(k);
    return e;
  };
  const isEmpty = (v) => v === undefined;
  const lookup = (obj, dotted) => String(dotted).split(".").reduce((o, k) => (o == null ? undefined : o[k]), obj);

  /** ``text`` with each {key} (or {key.sub}) replaced by the request's value
   * (engine.steps.fill); a key the request lacks is left as written. */
  function fill(text, request) {
    return String(text || "").replace(/\{([A-Za-z0-9_.]+)\}/g, (m, k) => {
      const v = lookup(request, k);
      return v === undefined ? m : Array.isArray(v) ? v.join(", ") : String(v);
    });
  }

  /** A bound the request sets (`most: "garnets"`), or a fixed one. */
  function bound(x, request) {
    if (typeof x === "number") return x;
    if (typeof x === "string") { const v = lookup(request, x); return typeof v === "number" ? v : undefined; }
    return undefined;
  }
  const pick = (a, b, f) => (a === undefined ? b : b === undefined ? a : f(a, b));
  const lowest = (node, request) => pick(node.minimum, bound(node.least, request), Math.max);
  const highest = (node, request) => pick(node.maximum, bound(node.most, request), Math.min);

  /** What the request offers for ``node``: [{value, label}], or null. */
  function offered(node, ctx) {
    if (!node.offers) return null;
    let list = lookup(ctx.request, node.offers);
    if (list && !Array.isArray(list) && typeof list === "object") list = Object.keys(list);
    if (!Array.isArray(list)) return null;
    const seen = new Set();
    const out = [];
    for (const x of list) {
      const value = node.value && x && typeof x === "object" ? x[node.value] : x;
      const key = JSON.stringify(value);
      if (seen.has(key)) continue;
      seen.add(key);
      const shown = node.shows && x && typeof x === "object" ? x[node.shows] : undefined;
      const name = typeof value === "string" ? value.replace(/_/g, " ") : String(value);
      out.push({ value, obj: x, label: shown !== undefined && shown !== value ? `${name}: ${shown}` : name });
    }
    return out;
  }

  /** An optional input in which the request leaves nothing to choose: not asked. */
  function idle(node, ctx) {
    if (node.required) return false;
    if (node.input === "amount") {
      const hi = highest(node, ctx.request), lo = lowest(node, ctx.request);
      return hi !== undefined && hi <= 0 && (lo === undefined || lo >= 0);
    }
    const source = node.input === "list" && node.children && node.children[0] && node.children[0].offers ? node.children[0] : node;
    // a list of choices naming `most` spends one unit of it per entry (The MVP's
    // purchases, bounded by the garnets held): none left, nothing to buy (issue 34)
    if (node.input === "list" && source !== node && CHOICES.has(source.input)) {
      const hi = bound(node.most, ctx.request);
      if (hi !== undefined && hi <= 0) return true;
    }
    if (CHOICES.has(source.input) || node.input === "list" || node.input === "map") {
      const opts = offered(source, ctx);
      return opts !== null && opts.length === 0;
    }
    return false;
  }

  /** A field asked only of some offered things (`when`: {key, equals}, engine
   * inputs.asked_for): asked in a map's row when the row's offered object holds
   * the value at the key (lists on the way read element by element); outside
   * such a row (keys typed) always. */
  function asked(node, ctx) {
    if (!node.when || ctx.entry === undefined) return true; // no offered thing to ask of: asked
    let found = [ctx.entry];
    const flat = (xs) => xs.flatMap((v) => (Array.isArray(v) ? v : [v]));
    for (const part of String(node.when.key).split(".")) {
      found = flat(found).filter((v) => v && typeof v === "object" && part in v).map((v) => v[part]);
    }
    return flat(found).some((v) => JSON.stringify(v) === JSON.stringify(node.when.equals));
  }

  const labelOf = (node, ctx) => fill(node.label || (node.name || "").replace(/_/g, " "), ctx.request);
  const helpOf = (node, ctx) => (node.help ? el("span", { class: "help", text: fill(node.help, ctx.request) }) : null);

  // ---------------------------------------------------------------- leaves

  function amountField(node, ctx) {
    const lo = lowest(node, ctx.request), hi = highest(node, ctx.request);
    const input = el("input", { type: "number", step: 1, inputmode: "numeric", min: lo, max: hi, id: nextId(), "data-path": node.path,
      placeholder: node.default !== undefined && node.default !== null ? String(node.default) : "" });
    return {
      el: input, control: input, unit: node.unit,
      get: () => (input.value.trim() === "" ? undefined : Number(input.value)),
      set: (v) => { input.value = v === undefined || v === null ? "" : v; },
    };
  }

  function textField(node) {
    const input = el("input", { type: "text", id: nextId(), "data-path": node.path });
    return { el: input, control: input, get: () => (input.value === "" ? undefined : input.value), set: (v) => { input.value = v == null ? "" : v; } };
  }

  function flagField(node) {
    const input = el("input", { type: "checkbox", id: nextId(), "data-path": node.path });
    if (node.default === true) input.checked = true;
    return { el: input, control: input, get: () => input.checked, set: (v) => { input.checked = !!v; } };
  }

  function select(opts, node, aria) {
    const sel = el("select", { id: nextId(), "data-path": node.path, "aria-label": aria });
    if (!node.required || opts.length !== 1) sel.append(el("option", { value: "", text: "—" }));
    opts.forEach((o, i) => sel.append(el("option", { value: String(i), text: o.label })));
    if (node.required && opts.length === 1) sel.value = "0";
    return {
      el: sel, control: sel,
      get: () => (sel.value === "" ? undefined : opts[Number(sel.value)].value),
      set: (v) => { const i = opts.findIndex((o) => JSON.stringify(o.value) === JSON.stringify(v)); sel.value = i < 0 ? "" : String(i); },
    };
  }

  function choiceField(node, ctx) {
    const opts = offered(node, ctx);
    return opts ? select(opts, node) : textField(node);
  }

  /** Two players (the same one twice where the rules allow it). */
  function pairField(node, ctx) {
    const opts = offered(node, ctx) || [];
    const label = labelOf(node, ctx);
    const a = select(opts, node, `${label}: first`), b = select(opts, node, `${label}: second`);
    const box = el("span", { class: "pair" }, a.el, document.createTextNode(" ⇄ "), b.el);
    return {
      el: box,
      get: () => { const x = a.get(), y = b.get(); return isEmpty(x) && isEmpty(y) ? undefined : [x, y].map((v) => (isEmpty(v) ? null : v)); },
      set: (v) => { a.set(Array.isArray(v) ? v[0] : undefined); b.set(Array.isArray(v) ? v[1] : undefined); },
    };
  }

  // ---------------------------------------------------------------- containers

  /** A field on its own line: its label (for its control), the input, unit and help. */
  function labelled(node, field, ctx) {
    const row = el("div", { class: "field" });
    const name = labelOf(node, ctx);
    if (field.control) row.append(el("label", { class: "name", for: field.control.id, text: name }));
    else row.append(el("span", { class: "name", text: name }));
    // dollars are written before the amount ($30), other units after it (3 chips)
    if (field.unit === "$") row.append(el("span", { class: "unit", text: "$" }));
    row.append(field.el);
    if (field.unit && field.unit !== "$") row.append(el("span", { class: "unit small muted", text: ` ${field.unit}` }));
    const h = helpOf(node, ctx);
    if (h) row.append(h);
    return row;
  }

  /** A group's fields: a fieldset with its legend; at the root, a plain box;
   * inline (``inline``) inside a row of a map or list, each field small. */
  function groupField(node, ctx, { root = false, inline = false } = {}) {
    const kids = (node.children || []).filter((c) => !idle(c, ctx) && asked(c, ctx));
    const box = root ? el("div") : inline ? el("span", { class: "inline" }) : el("fieldset", {}, el("legend", { text: labelOf(node, ctx) }));
    if (!root && !inline) { const h = helpOf(node, ctx); if (h) box.append(el("div", {}, h)); }
    const fields = {};
    for (const child of kids) {
      const f = build(child, ctx);
      fields[child.name] = f;
      if (inline) {
        const lab = el("label", { class: "small" }, document.createTextNode(`${labelOf(child, ctx)} ${f.unit === "$" ? "$" : ""}`), f.el);
        if (f.unit && f.unit !== "$") lab.append(document.createTextNode(` ${f.unit}`));
        box.append(lab);
      } else if (f.block) box.append(f.el);
      else box.append(labelled(child, f, ctx));
    }
    return {
      el: box, block: !inline,
      get: () => {
        const out = {};
        for (const [k, f] of Object.entries(fields)) { const v = f.get(); if (!isEmpty(v)) out[k] = v; }
        return Object.keys(out).length || root ? out : undefined;
      },
      set: (v) => { for (const [k, f] of Object.entries(fields)) f.set(v && typeof v === "object" ? v[k] : undefined); },
    };
  }

  /** A node inside a row (a list's or map's element): a group inline, else the leaf. */
  function rowField(child, ctx, aria) {
    const f = child.input === "group" ? groupField(child, ctx, { inline: true }) : build(child, ctx);
    if (f.control && aria) f.control.setAttribute("aria-label", aria);
    return f;
  }

  function listField(node, ctx) {
    const child = (node.children || [])[0] || { input: "amount", path: `${node.path}[]`, name: "[]", label: "" };
    const label = labelOf(node, ctx);
    const box = el("fieldset", {}, el("legend", { text: label }));
    const h = helpOf(node, ctx);
    if (h) box.append(el("div", {}, h));
    const opts = CHOICES.has(child.input) ? offered(child, ctx) : null;
    if (opts) { // a set of choices: a tick box each
      const boxes = opts.map((o) => {
        const c = el("input", { type: "checkbox", "data-path": child.path, "data-value": JSON.stringify(o.value) });
        box.append(el("label", { class: "small" }, c, document.createTextNode(` ${o.label} `)));
        return { c, value: o.value };
      });
      return {
        el: box, block: true,
        get: () => { const v = boxes.filter((b) => b.c.checked).map((b) => b.value); return v.length || node.required ? v : undefined; },
        set: (v) => { const want = new Set((v || []).map((x) => JSON.stringify(x))); boxes.forEach((b) => { b.c.checked = want.has(JSON.stringify(b.value)); }); },
      };
    }
    const fixed = node.min_items !== undefined && node.min_items === node.max_items && node.min_items <= 20;
    if (fixed) { // one row per place, labelled by what the request names there
      const names = node.offers ? lookup(ctx.request, node.offers) : null;
      const items = [];
      for (let i = 0; i < node.min_items; i++) {
        const name = Array.isArray(names) && names[i] !== undefined ? String(names[i]) : `${i + 1}`;
        const f = rowField(child, ctx, `${label}: ${name}`);
        if (child.input === "amount" && f.control && !f.control.placeholder) f.control.placeholder = "0";
        box.append(el("div", { class: "row" }, el("span", { class: "rowlabel", text: name }), f.el));
        items.push(f);
      }
      return {
        el: box, block: true,
        // a blank box of a row of amounts is 0, as its placeholder shows (decision
        // DAY1): never a null the rules refuse in field names (issue 34 item 10)
        get: () => { const v = items.map((f) => f.get()); return v.every(isEmpty) && !node.required ? undefined : v.map((x) => (isEmpty(x) ? (child.input === "amount" ? 0 : null) : x)); },
        set: (v) => items.forEach((f, i) => f.set(Array.isArray(v) ? v[i] : undefined)),
      };
    }
    const list = el("div");
    const rows = [];
    const add = (v) => {
      const f = rowField(child, ctx, `${label}: ${rows.length + 1}`);
      const rm = el("button", { type: "button", class: "small secondary", text: "remove" });
      const row = el("div", { class: "row item" }, f.el, rm);
      const entry = { f, row };
      rm.onclick = () => { rows.splice(rows.indexOf(entry), 1); row.remove(); box.dispatchEvent(new Event("input", { bubbles: true })); };
      if (v !== undefined) f.set(v);
      rows.push(entry);
      list.append(row);
    };
    const more = el("button", { type: "button", class: "small secondary add", text: `add ${(labelOf(child, ctx) || "one").toLowerCase()}` });
    more.onclick = () => add();
    box.append(list, more);
    for (let i = 0; i < (node.min_items || 0); i++) add();
    return {
      el: box, block: true,
      get: () => { const v = rows.map((r) => r.f.get()).filter((x) => !isEmpty(x)); return v.length || node.required ? v : undefined; },
      set: (v) => { rows.splice(0).forEach((r) => r.row.remove()); (Array.isArray(v) ? v : []).forEach((x) => add(x)); },
    };
  }

  function mapField(node, ctx) {
    const child = (node.children || [])[0] || { input: "amount", path: `${node.path}{}`, name: "{}", label: "" };
    const label = labelOf(node, ctx);
    const box = el("fieldset", {}, el("legend", { text: label }));
    const h = helpOf(node, ctx);
    if (h) box.append(el("div", {}, h));
    const keys = offered(node, ctx);
    let rows = [];
    let typed = null;
    const addRow = (key, name, entry) => {
      const f = rowField(child, { ...ctx, key, entry }, `${label}: ${name}`);
      const row = el("div", { class: "row", "data-key": typeof key === "string" ? key : JSON.stringify(key) }, el("span", { class: "rowlabel", text: name }), f.el);
      box.append(row);
      rows.push({ key, f });
    };
    if (keys) {
      keys.forEach((o) => addRow(o.value, o.label, o.obj));
    } else { // keys the request does not list: typed, a row each
      const list = el("div");
      const more = el("button", { type: "button", class: "small secondary add", text: "add" });
      box.append(list, more);
      const addTyped = (k, v) => {
        const keyIn = el("input", { type: "text", "aria-label": `${label}: name`, size: 8 });
        const f = rowField(child, ctx, `${label}: value`);
        const row = el("div", { class: "row" }, keyIn, f.el);
        list.append(row);
        rows.push({ keyIn, f, row });
        if (k !== undefined) { keyIn.value = k; f.set(v); }
      };
      more.onclick = () => addTyped();
      typed = addTyped;
    }
    return {
      el: box, block: true,
      get: () => {
        const out = {};
        for (const r of rows) {
          const k = r.keyIn ? r.keyIn.value.trim() : r.key;
          const v = r.f.get();
          if (k !== "" && !isEmpty(v)) out[k] = v;
        }
        return Object.keys(out).length ? out : undefined;
      },
      set: (v) => {
        if (typed) { // typed keys: a row for each key of the value
          rows.forEach((r) => r.row.remove());
          rows = [];
          for (const [k, x] of Object.entries(v && typeof v === "object" ? v : {})) typed(k, x);
        } else for (const r of rows) r.f.set(v ? v[r.key] : undefined);
      },
    };
  }

  function build(node, ctx) {
    switch (node.input) {
      case "group": return groupField(node, ctx);
      case "list": return listField(node, ctx);
      case "map": return mapField(node, ctx);
      case "amount": return amountField(node, ctx);
      case "flag": return flagField(node, ctx);
      case "seat_pair": return pairField(node, ctx);
      default: return CHOICES.has(node.input) ? choiceField(node, ctx) : textField(node);
    }
  }

  /** Give every control still without a name the words shown beside it (its
   * row's label, its field's name, its section's legend), so that a screen
   * reader says what it is for. */
  function nameControls(container) {
    const text = (e) => (e ? e.textContent.trim() : "");
    for (const c of container.querySelectorAll("input, select, textarea")) {
      if (c.type === "hidden" || c.getAttribute("aria-label") || c.closest("label") || (c.id && container.querySelector(`label[for="${c.id}"]`))) continue;
      const row = c.closest(".row, .field");
      const own = row ? text(row.querySelector(":scope > .rowlabel, :scope > .name")) : "";
      const legend = text(c.closest("fieldset") && c.closest("fieldset").querySelector(":scope > legend"));
      c.setAttribute("aria-label", [legend, own].filter(Boolean).join(": ") || c.getAttribute("placeholder") || "value");
    }
  }

  /** What a widget may use: the helpers, and the generic fields of any node. */
  function kit(description, ctx) {
    const nodes = description.inputs || [];
    const node = (name) => nodes.find((n) => n.name === name);
    return {
      el, fill: (t) => fill(t, ctx.request), nodes, node,
      label: (name) => (node(name) ? labelOf(node(name), ctx) : name),
      help: (name) => (node(name) ? helpOf(node(name), ctx) : null),
      /** the generic field of a node, on its own line with its label */
      build: (n) => { const f = build(n, ctx); return { ...f, el: f.block ? f.el : labelled(n, f, ctx) }; },
      /** the step's other fields (all but ``names``), built the generic way */
      rest: (names) => groupField({ children: nodes.filter((n) => !names.includes(n.name)) }, ctx, { root: true }),
    };
  }

  /** Build the form into ``container``; returns {getValue, setValue}. */
  function create(container, { description, request, value, view }) {
    const ctx = { request: request || {}, view: view || null };
    const desc = description || { inputs: [] };
    const widget = desc.widget && window.MMWidgets[desc.widget];
    const root = widget ? widget(ctx, kit(desc, ctx)) : groupField({ children: desc.inputs || [] }, ctx, { root: true });
    const empty = !widget && !(desc.inputs || []).some((n) => !idle(n, ctx));
    container.replaceChildren(empty ? el("p", { class: "muted", text: "This step needs no input: just submit." }) : root.el);
    nameControls(container);
    if (value !== undefined && value !== null) root.set(value);
    return { getValue: () => { const v = root.get(); return v === undefined ? {} : v; }, setValue: (v) => root.set(v) };
  }

  return { create, build, fill, el };
})();
