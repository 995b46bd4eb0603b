/* Projector mode for the kit's classroom pages: a button on the page (in the page's language)
   makes the text and tables readable from the back of a room on a 1920x1080 projector (text of
   about 30 px, lines under 70 characters, widgets scaled with it). The choice is kept in this
   browser (localStorage), so every lesson opened afterwards on the same machine is in the same
   mode. The page's language is declared by the template (<meta name="cardkit-language">), read
   from the notebook. This file is served by Voila from the template's static folder: nothing is
   fetched from any other host. */
(function () {
  "use strict";
  var KEY = "cardkit-projector";
  var CLASS = "cardkit-projector";
  var WORDS = {
    en: { label: "Projector mode", on: "on", off: "off",
          title: "Large text for a projector; the page remembers the choice" },
    es: { label: "Modo proyector", on: "sí", off: "no",
          title: "Letra grande para un proyector; la página recuerda la elección" }
  };
  var root = document.documentElement;

  function stored() {
    try { return window.localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }
  function store(on) {
    try { window.localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode: not kept */ }
  }
  function language() {
    var meta = document.querySelector('meta[name="cardkit-language"]');
    var lang = meta ? meta.getAttribute("content") : "en";
    return Object.prototype.hasOwnProperty.call(WORDS, lang) ? lang : "en";
  }

  // Set at once, in the page's head, so the page never shows first at desk size.
  root.classList.toggle(CLASS, stored());

  function show(button, on) {
    var w = WORDS[language()];
    root.classList.toggle(CLASS, on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = w.label + ": " + (on ? w.on : w.off);
  }

  function addButton() {
    if (document.querySelector(".cardkit-projector-toggle")) return;
    var w = WORDS[language()];
    var button = document.createElement("button");
    button.type = "button";
    button.className = "cardkit-projector-toggle";
    button.title = w.title;
    button.addEventListener("click", function () {
      var on = !root.classList.contains(CLASS);
      store(on);
      show(button, on);
    });
    show(button, stored());
    document.body.insertBefore(button, document.body.firstChild);
  }

  if (document.body) addButton();
  else document.addEventListener("DOMContentLoaded", addButton);
})();
