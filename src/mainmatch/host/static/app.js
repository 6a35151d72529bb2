/* Shared helpers of every page: API calls, local times, countdowns, copy buttons. */
"use strict";

const MM = {
  /** Call the JSON API; throws an Error whose message is the server's one-line error. */
  async api(method, path, body, token) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    let res;
    try {
      res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new Error("the server cannot be reached; check your connection and try again");
    }
    let data = null;
    try { data = await res.json(); } catch (e) { /* no JSON body */ }
    if (!res.ok) throw new Error((data && data.error) || `${res.status} ${res.statusText}`);
    return data;
  },

  /** Show every <time data-ts> in the reader's time zone. */
  localTimes(root = document) {
    for (const t of root.querySelectorAll("time[data-ts]")) {
      const d = new Date(Number(t.dataset.ts) * 1000);
      t.title = d.toUTCString();
      t.textContent = d.toLocaleString(undefined, { weekday: "short", year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    }
  },

  countdownText(seconds) {
    if (seconds <= 0) return "deadline passed: resolving";
    const d = Math.floor(seconds / 86400), h = Math.floor((seconds % 86400) / 3600), m = Math.floor((seconds % 3600) / 60), s = Math.floor(seconds % 60);
    const parts = d ? [`${d}d`, `${h}h`, `${m}m`] : h ? [`${h}h`, `${m}m`, `${s}s`] : [`${m}m`, `${s}s`];
    return `${parts.join(" ")} left`;
  },

  tick() {
    const now = Date.now() / 1000;
    for (const c of document.querySelectorAll(".countdown[data-until]")) c.textContent = MM.countdownText(Number(c.dataset.until) - now);
  },

  /** A table wider than its box scrolls sideways inside it (phones, style.css):
   * such a box takes the keyboard focus so that it can be scrolled without a
   * mouse (WCAG 2.1.1; axe's scrollable-region-focusable). */
  scrollers(root = document) {
    for (const t of root.querySelectorAll("table")) {
      if (t.scrollWidth > t.clientWidth + 1) t.tabIndex = 0;
      else t.removeAttribute("tabindex");
    }
  },

  async copy(text, button) {
    try {
      await navigator.clipboard.writeText(text);
    } catch (e) { // no clipboard API (plain http): the old way
      const area = document.createElement("textarea");
      area.value = text; document.body.append(area); area.select();
      document.execCommand("copy"); area.remove();
    }
    if (button) { const was = button.textContent; button.textContent = "Copied"; setTimeout(() => { button.textContent = was; }, 1200); }
  },
};

document.addEventListener("click", (ev) => {
  const b = ev.target.closest("button.copy");
  if (!b) return;
  ev.preventDefault();
  const src = document.getElementById(b.dataset.copy);
  if (src) MM.copy(src.tagName === "INPUT" || src.tagName === "TEXTAREA" ? src.value : src.textContent, b);
});
document.addEventListener("DOMContentLoaded", () => { MM.localTimes(); MM.scrollers(); MM.tick(); setInterval(MM.tick, 1000); });
window.addEventListener("resize", () => MM.scrollers());
