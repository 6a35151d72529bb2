/* The host, player and spectator pages: live updates and their controls.
 * The page listens to /api/matches/ID/stream (server-sent events) and, on a
 * change, fetches /live/TOKEN and swaps the regions it holds. */
"use strict";

(() => {
  const page = document.getElementById("page");
  if (!page) return;
  const { role, token, match } = page.dataset;
  let revision = Number(page.dataset.revision);
  let form = null;       // the built action form
  let formKey = null;    // step and kind the form was built for
  let refreshing = false, again = false;
  let applied = 0;       // answers applied so far (a late /live answer must not undo a newer one)
  const api = (method, path, body) => MM.api(method, `/api/matches/${match}${path}`, body, token);

  function setRegion(id, html) {
    const node = document.getElementById(id);
    if (!node || html === undefined) return;
    // keep an open <details> open across updates
    const open = [...node.querySelectorAll("details[id]")].filter((d) => d.open).map((d) => d.id);
    node.innerHTML = html;
    open.forEach((i) => { const d = document.getElementById(i); if (d) d.open = true; });
    MM.localTimes(node);
    MM.scrollers(node);
    if (id === "r-result") node.hidden = !html.trim();
  }

  /** Swap in the regions of a /live answer (also carried by a submission's answer). */
  function apply(data) {
    applied += 1;
    revision = data.revision;
    page.dataset.revision = String(revision);
    const busy = document.activeElement && document.activeElement.closest("#r-seats, #deadlines-form");
    for (const [name, html] of Object.entries(data.html)) {
      if (busy && (name === "seats" || name === "status") && role === "host") continue;
      setRegion(`r-${name}`, html);
    }
    if (role === "player") showAction(data.action);
    MM.tick();
  }

  async function refresh() {
    if (refreshing) { again = true; return; }
    refreshing = true;
    try {
      const before = applied;
      const res = await fetch(`/live/${token}`, { headers: { Accept: "application/json" } });
      if (!res.ok) return;
      const data = await res.json();
      // a submission's answer applied meanwhile is newer than this one
      if (applied === before) apply(data);
    } finally {
      refreshing = false;
      if (again) { again = false; refresh(); }
    }
  }

  function listen() {
    let es = null;
    const poll = setInterval(() => { if (!es || es.readyState === 2) refresh(); }, 5000);
    if (!window.EventSource) return;
    es = new EventSource(`/api/matches/${match}/stream?token=${encodeURIComponent(token)}`);
    es.addEventListener("change", (ev) => {
      const rev = JSON.parse(ev.data).revision;
      if (rev !== revision) refresh();
    });
    window.addEventListener("beforeunload", () => { es.close(); clearInterval(poll); });
  }

  // ------------------------------------------------------------ player: the turn alert
  // When a step opens for the player (or the live turn becomes theirs) while the
  // page is open: the tab title changes, a notification shows if the player allowed
  // them, and a short sound plays if they turned it on. The title stays marked
  // until they submit or the step passes.
  const baseTitle = document.title;
  let alertedFor = null;   // the step/kind last alerted
  let firstShow = true;    // the state the page opened with is not news

  function turnAlert(action) {
    const waiting = !!(action && action.request && !action.submission);
    if (!waiting) { document.title = baseTitle; return; }
    const key = `${action.step}/${action.kind}`;
    document.title = `● Your move · ${baseTitle}`;
    if (alertedFor === key) return;
    alertedFor = key;
    if (firstShow) return;
    const text = `Your move in ${page.dataset.game || "the match"}: step ${action.step}`;
    try {
      if ("Notification" in window && Notification.permission === "granted") {
        new Notification(text, { tag: `mainmatch-${match}`, body: "Open the page to play." });
      }
    } catch (e) { /* some browsers allow notifications only from a service worker */ }
    if (localStorage.getItem("mm-sound") === "on") beep();
  }

  function beep() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      const ctx = new Ctx();
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.12, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.35);
    } catch (e) { /* no sound: the title and notification remain */ }
  }

  function alertControls() {
    const box = document.getElementById("alert-controls");
    if (!box) return;
    const notify = document.getElementById("alert-notify");
    const sound = document.getElementById("alert-sound");
    const state = () => {
      if (!("Notification" in window)) { notify.hidden = true; return; }
      const p = Notification.permission;
      notify.disabled = p !== "default";
      notify.textContent = p === "granted" ? "Notifications on" : p === "denied" ? "Notifications blocked in this browser" : "Notify me when it is my move";
    };
    notify.onclick = async () => { try { await Notification.requestPermission(); } catch (e) { /* old API */ } state(); };
    sound.checked = localStorage.getItem("mm-sound") === "on";
    sound.onchange = () => { localStorage.setItem("mm-sound", sound.checked ? "on" : "off"); if (sound.checked) beep(); };
    state();
  }

  // ------------------------------------------------------------ player: the action form
  function showAction(action) {
    turnAlert(action);
    firstShow = false;
    const card = document.getElementById("action-card");
    const area = document.getElementById("action-area");
    if (!card || !area) return;
    if (!action || !action.request) { card.hidden = true; form = null; formKey = null; area.replaceChildren(); return; }
    card.hidden = false;
    const key = `${action.step}/${action.kind}`;
    const submitted = action.submission ? action.submission.action : undefined;
    if (key === formKey && form) { // same step: keep what the player is typing; refresh the state line
      updateState(action);
      return;
    }
    formKey = key;
    area.replaceChildren();
    // what the step asks, in sentences rendered by the server (the game's web/request.html, else its step's words)
    const summary = document.createElement("div");
    summary.id = "request-summary";
    summary.innerHTML = action.summary || "";
    const f = document.createElement("form");
    f.className = "action";
    f.noValidate = true; // the rules judge a draft (the check below), not the browser
    f.id = "action-form";
    const fields = document.createElement("div");
    f.append(fields);
    form = MMForm.create(fields, { description: action.description, request: action.request, value: submitted, view: action.view });
    window.mmActionForm = form;
    // what the rules say of the draft, asked as the player types (POST .../check):
    // the draft read back in words, and the rules' refusal before Submit
    const echo = document.createElement("p");
    echo.id = "action-echo";
    echo.className = "small";
    echo.setAttribute("aria-live", "polite");
    const warning = document.createElement("p");
    warning.id = "action-warning";
    warning.className = "small error";
    warning.setAttribute("aria-live", "polite");
    f.append(echo, warning);
    const check = checker(form, action, echo, warning);
    for (const type of ["input", "change", "click"]) f.addEventListener(type, (ev) => { if (!ev.target.closest("details.advanced, .actions")) check(); });
    if (submitted !== undefined) check();
    const bar = document.createElement("div");
    bar.className = "actions";
    bar.innerHTML = `<button type="submit" id="submit-action">Submit</button>
      <button type="button" class="secondary" id="withdraw-action" hidden>Withdraw my submission</button>
      <span id="action-state" class="small"></span>`;
    const err = document.createElement("p");
    err.className = "error"; err.id = "action-error"; err.setAttribute("role", "alert");
    const adv = document.createElement("details");
    adv.className = "advanced";
    adv.innerHTML = `<summary>Advanced: edit the action as JSON</summary>
      <textarea id="action-json" rows="6" spellcheck="false"></textarea>
      <button type="button" class="secondary" id="submit-json">Submit this JSON</button>
      <p class="small muted">For scripts and bots: the form above writes the same JSON.</p>`;
    adv.addEventListener("toggle", () => { if (adv.open) document.getElementById("action-json").value = JSON.stringify(form.getValue(), null, 1); });
    f.append(bar, err, adv);
    area.append(summary, f);
    f.addEventListener("submit", (ev) => {
      ev.preventDefault();
      send(form.getValue(), action.step);
    });
    document.getElementById("submit-json").onclick = () => {
      let value;
      try { value = JSON.parse(document.getElementById("action-json").value); } catch (e) { return showError(`not valid JSON: ${e.message}`); }
      send(value, action.step);
    };
    document.getElementById("withdraw-action").onclick = async () => {
      try {
        // the answer carries the page's new state: no second request
        apply((await api("DELETE", `/submission?step=${action.step}&live=true`)).live);
        showError("");
      } catch (e) { showError(e.message); refresh(); }
    };
    updateState(action);
  }

  /** A debounced check of the form's draft: only the latest answer is shown. */
  function checker(built, action, echo, warning) {
    let timer = null, asked = 0;
    return () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        if (built !== form) return; // the step has moved on: this form is gone
        const mine = ++asked;
        const draft = built.getValue();
        try {
          const out = await api("POST", "/check", { action: draft, step: action.step });
          if (mine !== asked) return;
          echo.textContent = out.echo || "";
          warning.textContent = out.ok ? "" : out.error;
        } catch (e) { /* a late or refused check (the step moved on, too many): the submission still checks */ }
      }, 300);
    };
  }

  function updateState(action) {
    const state = document.getElementById("action-state");
    const withdraw = document.getElementById("withdraw-action");
    if (!state) return;
    if (action.submission) {
      state.textContent = "Submitted. Send again to change it.";
      state.className = "small pill ok";
      withdraw.hidden = false;
      document.getElementById("submit-action").textContent = "Change my submission";
    } else {
      state.textContent = "Not submitted yet.";
      state.className = "small pill warn";
      withdraw.hidden = true;
      document.getElementById("submit-action").textContent = "Submit";
    }
  }

  function showError(message) {
    const e = document.getElementById("action-error");
    if (e) e.textContent = message;
  }

  async function send(value, step) {
    const btn = document.getElementById("submit-action");
    btn.disabled = true;
    showError("");
    try {
      // the answer carries the page's new state: no second request
      const out = await api("PUT", "/submission?live=true", { action: value, step });
      showError("");
      btn.disabled = false;
      apply(out.live);
    } catch (e) {
      showError(e.message);
      btn.disabled = false;
      refresh();
    }
  }

  // ------------------------------------------------------------ host controls
  function hostError(message) {
    const e = document.getElementById("host-error");
    if (e) e.textContent = message;
  }

  async function hostDo(call) {
    try { await call(); hostError(""); } catch (e) { hostError(e.message); }
    refresh();
  }

  if (role === "host") {
    document.addEventListener("click", (ev) => {
      const resolve = ev.target.closest("#resolve-now");
      if (resolve) {
        const step = Number(resolve.dataset.step);
        if (confirm(`Resolve step ${step} now? Players who have not submitted get the rules' default action.`)) hostDo(() => api("POST", "/resolve", { step }));
      }
      const fresh = ev.target.closest("button.new-link");
      if (fresh) {
        const who = fresh.dataset.player;
        // blurred first: the seats region is not redrawn under a focused control
        fresh.blur();
        if (confirm(`Issue a new link for ${who}? The old link stops working at once; send the new one to whoever plays the seat.`)) hostDo(() => api("POST", `/players/${encodeURIComponent(who)}/link`));
      }
      const undo = ev.target.closest("#undo-last");
      if (undo) {
        const step = Number(undo.dataset.step);
        if (confirm(`Undo step ${step}? Its result and announcements are taken back and the step opens again (submissions made for it are kept).`)) hostDo(() => api("POST", "/undo", { step }));
      }
    });
    document.addEventListener("submit", (ev) => {
      if (ev.target.id !== "deadlines-form") return;
      ev.preventDefault();
      const f = ev.target;
      const deadlines = {};
      for (const row of f.querySelectorAll("tr[data-kind]")) {
        const mode = row.querySelector("[name=mode]").value;
        const value = row.querySelector("[name=value]").value.trim();
        deadlines[row.dataset.kind] = mode === "manual" ? "manual" : `${mode}:${value}`;
      }
      const early = f.querySelector("[name=early]").checked;
      MM.api("PUT", `/api/matches/${match}/deadlines`, { deadlines, early_resolution: early }, token)
        .then(() => { document.getElementById("deadlines-error").textContent = ""; document.activeElement.blur(); refresh(); })
        .catch((e) => { document.getElementById("deadlines-error").textContent = e.message; });
    });
    document.addEventListener("change", (ev) => {
      const sel = ev.target.closest("select.seat-bot");
      if (!sel) return;
      hostDo(() => api("PUT", `/seats/${encodeURIComponent(sel.dataset.player)}`, { bot: sel.value || null })).then(() => sel.blur());
    });
  }

  if (role === "player") {
    alertControls();
    const data = JSON.parse(document.getElementById("action-data").textContent);
    showAction(data);
  }
  listen();
  window.mmRefresh = refresh;
})();
