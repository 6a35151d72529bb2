/* The host's home: start a season (POST /api/seasons with the admin key's cookie),
   then show its host page link once (the host token is not stored in clear). */
"use strict";

(() => {
  const form = document.getElementById("season-form");
  if (!form) return;
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = form.querySelector(".error"), box = form.querySelector(".created");
    const button = form.querySelector("button[type=submit]");
    err.textContent = "";
    box.textContent = "";
    button.disabled = true;
    try {
      const cast = form.elements.cast.value.split(",").map((s) => s.trim()).filter(Boolean);
      const made = await MM.api("POST", "/api/seasons", {
        name: form.elements.name.value.trim(),
        cast,
        starting_garnets: Number(form.elements.garnets.value || 0),
        token_of_life_saves: form.elements.saves.checked,
      });
      const host = `${location.origin}/seasons/${encodeURIComponent(made.season)}/host/${made.host_token}`;
      const p = document.createElement("p");
      const a = document.createElement("a");
      a.href = host; a.textContent = host; a.id = "season-host-link";
      p.append("Host page (keep it secret; shown once): ", a);
      box.append(p);
    } catch (e) {
      err.textContent = e.message;
    } finally {
      button.disabled = false;
    }
  });
})();
