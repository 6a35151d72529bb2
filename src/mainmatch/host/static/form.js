/* The action form: built from the step's JSON Schema (pydantic's output) and
 * the player's request, in the words of the game's rules. Hints
 * (templates/games/<game>.form.json) name the choices, labels, help and order:
 *   options: {"trades[].players[]": "players", "bids{key}": {"from": "biddable", "view_label": "pattern.{}.card", "words": true},
 *             "bids{}.choice": "choice_targets", "x": {"from": "items", "value": "letter", "label": "text"}}
 *   labels:  {"minus.bids[]": "tiles"}   (item i of a fixed list is labelled by request.tiles[i])
 *   titles:  {"kong": "Kong's Dilemma"}  (a field's name; else the schema's title)
 *   help:    {"buy_garnets": "sold at ${garnet_rate} each"}  ({key} is the request's value);
 *            the schema's own descriptions (written for programmers) are never shown
 *   order:   {"": ["kong", "minus"]}      (the fields of an object, always in this order)
 *   variants: {"": ["Bid on a slot", "Pass"]}  (names of the alternatives of a oneOf)
 *   only_for: {"bids{}.choice": {"from": "items", "value": "letter", "any": "effects",
 *              "field": "target", "equals": "choice"}}  (the field exists only on those keys)
 *   widget:  {"trades": "seat_pairs"}     (a game's own input, see MMWidgets)
 *   needs:   {"buy_chips": "garnets"}     (an optional field asked only when the request's value is above 0)
 * Paths: "a.b" properties, "[]" list items, "{key}" the keys of an object of
 * free keys, "{}" its values. A field left blank is left out of the action,
 * so the engine's own message names what is missing or wrong.
 */
"use strict";

const MMForm = (() => {
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

  function resolve(schema, root) {
    let s = schema || {};
    for (let i = 0; s.$ref && i < 20; i++) {
      const name = s.$ref.split("/").pop();
      const { $ref, ...rest } = s;
      s = { ...(root.$defs || {})[name], ...rest };
    }
    const alts = s.anyOf || s.oneOf;
    if (alts && s.properties && alts.every((a) => a.required && !a.type && !a.properties && !a.$ref)) {
      // {"oneOf": [{"required": ["slot", "chips"]}, {"required": ["pass"]}]} over the object's own
      // properties: one variant per set of keys
      const { anyOf, oneOf, ...rest } = s;
      const variants = alts.map((a) => ({
        ...rest, title: a.required.join(" + "), required: a.required,
        properties: Object.fromEntries(a.required.map((k) => [k, s.properties[k]])),
      }));
      return { ...rest, variants };
    }
    if (alts) {
      const kept = alts.map((a) => resolve(a, root)).filter((a) => a.type !== "null");
      const { anyOf, oneOf, ...rest } = s;
      if (kept.length === 1) return { ...kept[0], ...rest, nullable: true };
      return { ...rest, variants: kept };
    }
    return s;
  }

  function optionsFor(path, schema, ctx) {
    const spec = ctx.hints.options && ctx.hints.options[path];
    let opts = null;
    if (spec) {
      const src = typeof spec === "string" ? { from: spec } : spec;
      let list = src.from.split(".").reduce((o, k) => (o == null ? o : o[k]), ctx.request);
      if (Array.isArray(list)) {
        // {"words": true}: "pears-4" reads "pears 4"; {"view_label": "pattern.{}.card"}: what
        // the player's view knows of the choice (a revealed card), after its name
        const words = (t) => (src.words ? String(t).replace(/[-_]/g, " ") : String(t));
        opts = list.map((x) => {
          const value = src.value ? x[src.value] : x;
          const seen = src.view_label && ctx.view ? lookup(ctx.view, src.view_label.replace("{}", value)) : undefined;
          const more = src.label && x[src.label] !== undefined ? x[src.label] : typeof seen === "string" ? seen : undefined;
          const label = more !== undefined ? `${value}: ${words(more)}` : words(value);
          return { value, label };
        });
      }
    }
    if (!opts && schema && Array.isArray(schema.enum)) opts = schema.enum.map((v) => ({ value: v, label: String(v) }));
    if (!opts) return null;
    const seen = new Set();
    return opts.filter((o) => (seen.has(JSON.stringify(o.value)) ? false : seen.add(JSON.stringify(o.value))));
  }

  const lookup = (obj, dotted) => dotted.split(".").reduce((o, k) => (o == null ? o : o[k]), obj);

  /** A hint's text with {key} replaced by the request's value. */
  function fill(text, ctx) {
    return text.replace(/\{([a-z_.]+)\}/g, (m, k) => { const v = lookup(ctx.request, k); return v === undefined ? m : Array.isArray(v) ? v.join(", ") : String(v); });
  }

  function help(path, ctx) {
    const text = ctx.hints.help && ctx.hints.help[path];
    return text ? el("span", { class: "help", text: fill(text, ctx) }) : null;
  }

  function titleOf(path, fallback, ctx) {
    const t = ctx.hints.titles && ctx.hints.titles[path];
    if (t) return fill(t, ctx);
    const f = String(fallback || "");
    return f.length <= 2 ? f.toUpperCase() : f.charAt(0).toUpperCase() + f.slice(1).replace(/_/g, " ");
  }

  /** Whether the field at ``path`` exists for the entry ``ctx.key`` (hint only_for). */
  function applies(path, ctx) {
    const spec = ctx.hints.only_for && ctx.hints.only_for[path];
    if (!spec || ctx.key === undefined) return true;
    const list = lookup(ctx.request, spec.from) || [];
    const entry = list.find((x) => (spec.value ? x[spec.value] : x) === ctx.key);
    if (!entry) return false;
    const parts = spec.any ? entry[spec.any] || [] : [entry];
    return parts.some((x) => x && x[spec.field] === spec.equals);
  }

  /** Whether the field at ``path`` is worth asking (hint needs: {"buy_chips": "garnets"}):
   * only when the request's value is above 0 (the field is optional, so leaving it out is legal). */
  function needed(path, ctx) {
    const key = ctx.hints.needs && ctx.hints.needs[path];
    if (!key) return true;
    const v = lookup(ctx.request, key);
    return typeof v === "number" ? v > 0 : !!v;
  }

  function build(schema, path, ctx, required, label) {
    const own = schema && schema.title;
    schema = resolve(schema, ctx.root);
    schema = { ...schema, label: titleOf(path, label || own || schema.title || path.split(/[.\[{]/).filter(Boolean).pop(), ctx) };
    const widget = ctx.hints.widget && ctx.hints.widget[path];
    if (widget && typeof MMWidgets !== "undefined" && MMWidgets[widget]) return MMWidgets[widget](schema, path, ctx, { el, help, titleOf, fill });
    if (schema.variants) return variantField(schema, path, ctx);
    const t = schema.type;
    if (t === "object" || schema.properties || schema.additionalProperties) {
      if (schema.properties && Object.keys(schema.properties).length) return objectField(schema, path, ctx);
      if (schema.additionalProperties) return dictField(schema, path, ctx);
      return constField({});
    }
    if (t === "array") return arrayField(schema, path, ctx, required);
    if (schema.const !== undefined) return constField(schema.const);
    if (t === "boolean") {
      if (Array.isArray(schema.enum) && schema.enum.length === 1) return constField(schema.enum[0]);
      return boolField(schema, required);
    }
    const opts = optionsFor(path, schema, ctx);
    if (opts) return selectField(opts, required, path);
    if (t === "integer" || t === "number") return numberField(schema, required, path);
    return textField(schema, required, path);
  }

  function constField(value) {
    return { el: null, get: () => value, set: () => {} };
  }

  function numberField(schema, required, path) {
    const min = schema.minimum !== undefined ? schema.minimum : schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined;
    const input = el("input", { type: "number", step: schema.type === "integer" ? 1 : "any", min, max: schema.maximum, "data-path": path,
      placeholder: schema.default !== undefined && schema.default !== null ? String(schema.default) : "" });
    if (required) input.value = schema.default !== undefined ? schema.default : min !== undefined && min > 0 ? min : 0;
    return {
      el: input,
      get: () => (input.value.trim() === "" ? undefined : Number(input.value)),
      set: (v) => { input.value = v === undefined || v === null ? "" : v; },
    };
  }

  function textField(schema, required, path) {
    const input = el("input", { type: "text", "data-path": path, placeholder: schema.default != null ? String(schema.default) : "" });
    return { el: input, get: () => (input.value === "" ? undefined : input.value), set: (v) => { input.value = v == null ? "" : v; } };
  }

  function boolField(schema, required) {
    const input = el("input", { type: "checkbox" });
    if (schema.default === true) input.checked = true;
    return { el: input, get: () => input.checked, set: (v) => { input.checked = !!v; } };
  }

  function selectField(opts, required, path) {
    const sel = el("select", { "data-path": path });
    if (!required || opts.length !== 1) sel.append(el("option", { value: "", text: "—" }));
    opts.forEach((o, i) => sel.append(el("option", { value: String(i), text: o.label })));
    if (required && opts.length === 1) sel.value = "0";
    return {
      el: sel,
      get: () => (sel.value === "" ? undefined : opts[Number(sel.value)].value),
      set: (v) => {
        const i = opts.findIndex((o) => JSON.stringify(o.value) === JSON.stringify(v));
        sel.value = i < 0 ? "" : String(i);
      },
    };
  }

  function labelled(name, path, field, ctx) {
    const row = el("div", { class: "field" }, el("span", { class: "name", text: name }));
    if (field.el) row.append(field.el);
    const h = help(path, ctx);
    if (h) row.append(h);
    return row;
  }

  function objectField(schema, path, ctx) {
    const required = new Set(schema.required || []);
    // the value of one entry of an object of free keys: its fields inline on the entry's row
    const inline = path.endsWith("{}");
    const box = inline ? el("span", { class: "inline" }) : path ? el("fieldset", {}, el("legend", { text: schema.label })) : el("div");
    const fields = {};
    const order = (ctx.hints.order && ctx.hints.order[path]) || [];
    const keys = Object.keys(schema.properties).sort((a, b) => {
      const i = order.indexOf(a), j = order.indexOf(b);
      return (i < 0 ? order.length : i) - (j < 0 ? order.length : j);
    });
    for (const key of keys) {
      const sub = schema.properties[key];
      const subPath = path ? `${path}.${key}` : key;
      if (!applies(subPath, ctx)) continue; // e.g. a CHOICE player on an item without one
      if (!needed(subPath, ctx)) continue; // e.g. garnets to spend when you hold none
      const f = build(sub, subPath, ctx, required.has(key), sub.title || key);
      fields[key] = f;
      if (!f.el) continue;
      const name = titleOf(subPath, sub.title || key, ctx);
      if (inline) box.append(el("label", { class: "small" }, document.createTextNode(name + " "), f.el));
      else if (f.el.tagName === "FIELDSET") box.append(f.el);
      else box.append(labelled(name, subPath, f, ctx));
    }
    return {
      el: box,
      get: () => {
        const out = {};
        let any = false;
        for (const [k, f] of Object.entries(fields)) {
          if (!f.el && !required.has(k)) continue; // a constant that was not asked for
          const v = f.get();
          if (!isEmpty(v)) { out[k] = v; any = true; }
        }
        return any || !path ? out : undefined;
      },
      set: (v) => { for (const [k, f] of Object.entries(fields)) f.set(v && typeof v === "object" ? v[k] : undefined); },
      keys: Object.keys(fields),
      required,
    };
  }

  function dictField(schema, path, ctx) {
    const valueSchema = schema.additionalProperties === true ? { type: "string" } : schema.additionalProperties;
    const keyOpts = optionsFor(`${path}{key}`, schema.propertyNames, ctx);
    const box = el("fieldset", {}, el("legend", { text: schema.label }));
    const h = help(path, ctx);
    if (h) box.append(el("div", {}, h));
    if (keyOpts) {
      const rows = keyOpts.map((o) => {
        const f = build(valueSchema, `${path}{}`, { ...ctx, key: o.value }, false);
        const row = el("div", { class: "row", "data-key": String(o.value) }, el("span", { class: "rowlabel", text: o.label }));
        if (f.el) row.append(f.el);
        box.append(row);
        return { key: o.value, f };
      });
      return {
        el: box,
        get: () => {
          const out = {};
          for (const { key, f } of rows) { const v = f.get(); if (!isEmpty(v)) out[key] = v; }
          return Object.keys(out).length ? out : undefined;
        },
        set: (v) => { for (const { key, f } of rows) f.set(v ? v[key] : undefined); },
      };
    }
    const list = el("div");
    const rows = [];
    const add = (k, v) => {
      const key = el("input", { type: "text", placeholder: "key", size: 8 });
      const f = build(valueSchema, `${path}{}`, ctx, false);
      const row = el("div", { class: "row" }, key, f.el);
      const entry = { key, f, row };
      row.append(el("button", { type: "button", class: "small secondary", text: "remove" }));
      row.lastChild.onclick = () => { rows.splice(rows.indexOf(entry), 1); row.remove(); };
      if (k !== undefined) { key.value = k; f.set(v); }
      rows.push(entry);
      list.append(row);
    };
    const addBtn = el("button", { type: "button", class: "small secondary", text: "add" });
    addBtn.onclick = () => add();
    box.append(list, addBtn);
    return {
      el: box,
      get: () => {
        const out = {};
        for (const { key, f } of rows) if (key.value !== "") out[key.value] = f.get();
        return Object.keys(out).length ? out : undefined;
      },
      set: (v) => { rows.splice(0).forEach((r) => r.row.remove()); if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) add(k, x); },
    };
  }

  function arrayField(schema, path, ctx, required) {
    const itemSchema = resolve(schema.items || {}, ctx.root);
    const itemPath = `${path}[]`;
    const box = el("fieldset", {}, el("legend", { text: schema.label }));
    const h = help(path, ctx);
    if (h) box.append(el("div", {}, h));
    const opts = optionsFor(itemPath, itemSchema, ctx);
    // a set of choices: one checkbox each
    if (opts && schema.uniqueItems) {
      const boxes = opts.map((o) => {
        const c = el("input", { type: "checkbox", "data-value": JSON.stringify(o.value) });
        box.append(el("label", { class: "small" }, c, document.createTextNode(o.label + " ")));
        return { c, value: o.value };
      });
      return {
        el: box,
        get: () => { const v = boxes.filter((b) => b.c.checked).map((b) => b.value); return v.length || required ? v : undefined; },
        set: (v) => { const want = new Set((v || []).map((x) => JSON.stringify(x))); boxes.forEach((b) => { b.c.checked = want.has(JSON.stringify(b.value)); }); },
      };
    }
    const fixed = schema.minItems !== undefined && schema.minItems === schema.maxItems && schema.minItems <= 12;
    const labelSrc = ctx.hints.labels && ctx.hints.labels[itemPath];
    const labels = labelSrc ? labelSrc.split(".").reduce((o, k) => (o == null ? o : o[k]), ctx.request) : null;
    if (fixed) {
      const items = [];
      for (let i = 0; i < schema.minItems; i++) {
        const f = build(itemSchema, itemPath, ctx, true);
        const row = el("div", { class: "row" });
        if (Array.isArray(labels)) row.append(el("span", { class: "rowlabel", text: String(labels[i]) }));
        if (f.el) row.append(f.el);
        box.append(row);
        items.push(f);
      }
      return {
        el: box,
        get: () => { const v = items.map((f) => f.get()); return v.every(isEmpty) && !required ? undefined : v.map((x) => (isEmpty(x) ? null : x)); },
        set: (v) => items.forEach((f, i) => f.set(Array.isArray(v) ? v[i] : undefined)),
        inline: true,
      };
    }
    const list = el("div");
    const rows = [];
    const add = (v) => {
      const f = build(itemSchema, itemPath, ctx, true);
      const row = el("div", { class: "row item" });
      if (f.el) row.append(f.el);
      const rm = el("button", { type: "button", class: "small secondary", text: "remove" });
      const entry = { f, row };
      rm.onclick = () => { rows.splice(rows.indexOf(entry), 1); row.remove(); };
      row.append(rm);
      if (v !== undefined) f.set(v);
      rows.push(entry);
      list.append(row);
    };
    const addBtn = el("button", { type: "button", class: "small secondary add", text: `add ${titleOf(itemPath, itemSchema.title || "one", ctx).toLowerCase()}` });
    addBtn.onclick = () => add();
    box.append(list, addBtn);
    for (let i = 0; i < (schema.minItems || 0); i++) add();
    return {
      el: box,
      get: () => {
        const v = rows.map((r) => r.f.get()).filter((x) => !isEmpty(x));
        return v.length || required ? v : undefined;
      },
      set: (v) => { rows.splice(0).forEach((r) => r.row.remove()); (Array.isArray(v) ? v : []).forEach((x) => add(x)); },
    };
  }

  function variantName(s, i, path, ctx) {
    const names = ctx.hints.variants && ctx.hints.variants[path];
    if (names && names[i]) return names[i];
    if (s.title) return s.title;
    const keys = Object.keys(s.properties || {});
    return keys.length ? keys.join(" + ") : `option ${i + 1}`;
  }

  function variantField(schema, path, ctx) {
    const box = el("div", { class: "variants" });
    const name = `variant-${path || "root"}-${Math.random().toString(36).slice(2, 8)}`;
    const choices = el("div", { class: "field" });
    box.append(choices);
    const parts = schema.variants.map((s, i) => {
      const f = build(s, path, ctx, true);
      const radio = el("input", { type: "radio", name, value: String(i) });
      choices.append(el("label", {}, radio, document.createTextNode(variantName(s, i, path, ctx) + " ")));
      const holder = el("div", { hidden: true });
      if (f.el) holder.append(f.el);
      box.append(holder);
      radio.onchange = () => parts.forEach((p, j) => { p.holder.hidden = j !== i; });
      return { s, f, radio, holder };
    });
    const pick = (i) => { parts.forEach((p, j) => { p.radio.checked = j === i; p.holder.hidden = j !== i; }); };
    pick(0);
    return {
      el: box,
      get: () => { const p = parts.find((x) => x.radio.checked); return p ? p.f.get() : undefined; },
      set: (v) => {
        const keys = v && typeof v === "object" ? Object.keys(v) : [];
        let best = 0;
        parts.forEach((p, i) => {
          const props = Object.keys(p.s.properties || {});
          const req = p.s.required || [];
          if (req.every((k) => keys.includes(k)) && keys.every((k) => props.includes(k))) best = i;
        });
        pick(best);
        parts[best].f.set(v);
      },
    };
  }

  /** Give every box without a label the words shown beside it (its row's label,
   * its field's name, its section's legend), so that a screen reader says what it
   * is for: e.g. "Bids: pears 4" for a bid box on a row of a fieldset. */
  function nameControls(container) {
    const text = (e) => (e ? e.textContent.trim() : "");
    for (const c of container.querySelectorAll("input, select, textarea")) {
      if (c.type === "hidden" || c.getAttribute("aria-label") || c.closest("label") || (c.id && container.querySelector(`label[for="${c.id}"]`))) continue;
      const row = c.closest(".row, .field");
      const own = row ? text(row.querySelector(":scope > .rowlabel, :scope > .name")) : "";
      const legend = text(c.closest("fieldset") && c.closest("fieldset").querySelector(":scope > legend"));
      const name = [legend, own].filter(Boolean).join(": ") || c.getAttribute("placeholder") || "value";
      c.setAttribute("aria-label", name);
    }
  }

  /** Build the form into ``container``; returns {getValue, setValue}. */
  function create(container, { schema, request, hints, value, view }) {
    const ctx = { root: schema, request: request || {}, hints: hints || {}, view: view || null };
    const root = build(schema, "", ctx, true);
    container.replaceChildren(root.el || el("p", { class: "muted", text: "This step needs no input: just submit." }));
    nameControls(container);
    if (value !== undefined && value !== null) root.set(value);
    return { getValue: () => { const v = root.get(); return v === undefined ? {} : v; }, setValue: (v) => root.set(v) };
  }

  return { create, resolve, build, el };
})();
