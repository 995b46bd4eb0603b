// cardkit pages' small DOM helpers, shared by their scripts (loaded first): elements made with their text
// set as textContent (never parsed as HTML), and the page's words (<script id="words">) filled in.
"use strict";
window.cardkitDom = (function () {
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  // the page's words; say(key, {field: value}) fills in {field}
  function words() {
    const W = JSON.parse(document.getElementById("words").textContent);
    return (key, fields) => W[key].replace(/\{(\w+)\}/g, (all, k) => (fields && k in fields ? String(fields[k]) : all));
  }
  return {el, clear, words};
})();
