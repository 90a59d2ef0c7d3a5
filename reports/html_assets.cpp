#include "reports/html_assets.hpp"

#include <openssl/evp.h>

#include <array>

namespace tfc::report {

namespace {

constexpr std::string_view kStyle = R"css(
:root { --err: #b3261e; --warn: #8a5a00; --ok: #1b6e2e; --muted: #5f6368; --line: #d0d4d9; }
* { box-sizing: border-box; }
body { font: 14px/1.45 "DejaVu Sans", system-ui, sans-serif; margin: 0 auto; padding: 1.5em;
  max-width: 1200px; color: #1f2328; background: #fff; }
h1 { margin: 0 0 .2em; font-size: 1.6em; }
h2 { margin: 1.4em 0 .5em; font-size: 1.25em; border-bottom: 1px solid var(--line); }
h3 { margin: 0 0 .4em; font-size: 1.05em; }
h4 { margin: .8em 0 .3em; font-size: .95em; color: var(--muted); }
code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 12.5px; }
pre { margin: 0; padding: .5em .7em; background: #f6f8fa; border: 1px solid var(--line);
  border-radius: 4px; white-space: pre-wrap; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .3em 0 1em; }
th, td { border: 1px solid var(--line); padding: .25em .6em; text-align: left; vertical-align: top; }
th { background: #f0f2f4; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .15em 1em; margin: .6em 0; }
dl.meta dt { color: var(--muted); }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
.verdict { display: inline-block; padding: .2em .7em; border-radius: 4px; font-weight: bold;
  color: #fff; }
.verdict.failed { background: var(--err); }
.verdict.passed { background: var(--ok); }
.verdict.incomplete { background: var(--warn); }
p.incomplete { font-weight: bold; }
.badge { display: inline-block; padding: 0 .5em; border-radius: 3px; font-size: .85em;
  font-weight: bold; color: #fff; }
.badge.error, .badge.failed { background: var(--err); }
.badge.warning, .badge.skipped { background: var(--warn); }
.badge.passed { background: var(--ok); }
.badge.class, .badge.known { background: var(--muted); }
#filters { position: sticky; top: 0; background: #fff; padding: .5em 0; display: flex;
  gap: 1.2em; align-items: center; flex-wrap: wrap; border-bottom: 1px solid var(--line); }
#filter-count { color: var(--muted); }
.finding { border: 1px solid var(--line); border-left: 5px solid var(--err); border-radius: 4px;
  padding: .8em 1em; margin: 1em 0; }
.finding.warning { border-left-color: var(--warn); }
.finding .message { margin: .2em 0 .6em; font-size: 1.05em; }
.values { display: grid; grid-template-columns: 1fr 1fr; gap: .8em; }
.values pre mark { display: block; background: #ffe3e0; }
.values .actual pre mark { background: #fff1c2; }
mark.path { background: #ffe3e0; padding: 0 .3em; border-radius: 3px; }
.redacted { font-style: italic; color: var(--muted); }
.replay { background: #1f2328; color: #e6edf3; }
details { margin: .4em 0; }
summary { cursor: pointer; color: var(--muted); }
#coverage .controls { display: flex; gap: 1.2em; align-items: center; flex-wrap: wrap; margin: .4em 0; }
#coverage .controls[hidden] { display: none; }
#matrix-count { color: var(--muted); }
p.legend { font-size: .9em; color: var(--muted); margin: .3em 0 .5em; }
p.legend span { display: inline-block; min-width: 2.2em; padding: 0 .3em; text-align: center;
  border: 1px solid var(--line); color: #1f2328; margin-left: .5em; }
.matrix-box { max-height: 75vh; overflow: auto; border: 1px solid var(--line); }
#matrix { margin: 0; border-collapse: separate; border-spacing: 0; font-size: 12.5px; }
#matrix th, #matrix td { border-width: 0 1px 1px 0; padding: .1em .45em; }
#matrix td { text-align: right; font-variant-numeric: tabular-nums; min-width: 3.3em; }
#matrix thead th { position: sticky; top: 0; z-index: 2; vertical-align: bottom; cursor: pointer; padding-top: .4em;
  user-select: none; }
#matrix thead th span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
#matrix thead th.name { left: 0; z-index: 3; }
#matrix tbody th { position: sticky; left: 0; z-index: 1; background: #fff; font-weight: normal;
  white-space: nowrap; }
#matrix tbody tr:hover th { background: #e8eefc; }
#matrix th.u { color: var(--err); font-weight: bold; }
#matrix th[aria-sort=ascending]::after { content: " \25b2"; }
#matrix th[aria-sort=descending]::after { content: " \25bc"; }
#matrix th:focus-visible { outline: 2px solid #1f6feb; outline-offset: -2px; }
/* Never reached, then four shades by the share of the type's cases that reached the step. */
.s0 { background: #ffc9c2; }
.s1 { background: #e6f4e4; }
.s2 { background: #c3e6bf; }
.s3 { background: #93d08c; }
.s4 { background: #58b252; }
td.na, #matrix td:empty { background: #f1f2f4; }
#matrix td.e, p.legend .e { box-shadow: inset 0 0 0 2px var(--err); color: var(--err); font-weight: bold; }
#matrix td.w, p.legend .w { box-shadow: inset 0 0 0 2px #d29922; }
#matrix td.n { color: var(--err); font-weight: bold; }
footer { margin-top: 2em; color: var(--muted); font-size: .9em; }
)css";

constexpr std::string_view kScript = R"js(
(function () {
  'use strict';
  // The baseline filter is there only when the run had a baseline.
  var keys = ['rule', 'resource', 'severity', 'class', 'baseline'].filter(function (k) {
    return document.getElementById('filter-' + k) !== null;
  });
  var selects = {};
  keys.forEach(function (k) { selects[k] = document.getElementById('filter-' + k); });
  var findings = Array.prototype.slice.call(document.querySelectorAll('article.finding'));
  function apply() {
    var shown = 0;
    findings.forEach(function (f) {
      var match = keys.every(function (k) {
        return selects[k].value === '' || f.getAttribute('data-' + k) === selects[k].value;
      });
      f.hidden = !match;
      if (match) { shown += 1; }
    });
    document.getElementById('filter-count').textContent =
        'showing ' + shown + ' of ' + findings.length + ' findings';
    document.getElementById('no-match').hidden = shown !== 0 || findings.length === 0;
  }
  function fromHash() {
    var params = new URLSearchParams(location.hash.slice(1));
    keys.forEach(function (k) {
      var wanted = params.get(k) || '';
      var known = Array.prototype.some.call(selects[k].options, function (o) {
        return o.value === wanted;
      });
      selects[k].value = known ? wanted : '';
    });
  }
  function toHash() {
    var params = new URLSearchParams(location.hash.slice(1));  // keeps the matrix's keys
    keys.forEach(function (k) {
      if (selects[k].value !== '') { params.set(k, selects[k].value); } else { params.delete(k); }
    });
    try { history.replaceState(null, '', '#' + params.toString()); } catch (e) { /* file: URLs */ }
  }
  keys.forEach(function (k) {
    selects[k].addEventListener('change', function () { toHash(); apply(); });
  });
  window.addEventListener('hashchange', function () { fromHash(); apply(); });
  fromHash();
  apply();
})();
(function () {
  'use strict';
  // The coverage matrix: rows sorted and filtered in place; no markup is written, and one
  // listener on the header serves every column.
  var table = document.getElementById('matrix');
  if (table === null) { return; }
  var tbody = table.tBodies[0];
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var names = heads.map(function (th) { return th.textContent; });
  var never = heads.length - 3, errors = heads.length - 2, warnings = heads.length - 1;
  var rows = Array.prototype.map.call(tbody.rows, function (tr, i) {
    var cells = tr.cells, keys = [cells[0].textContent];
    for (var c = 1; c < cells.length; c += 1) {
      var t = cells[c].textContent;
      keys.push(t === '' ? -1 : Number(t));  // -1: a step the type's kind does not have
    }
    return { tr: tr, keys: keys, name: keys[0].toLowerCase(), order: i,
             kind: keys[0].slice(0, keys[0].indexOf('.')), unexercised: cells[0].className === 'u' };
  });
  var type = document.getElementById('matrix-type');
  var kind = document.getElementById('matrix-kind');
  var only = document.getElementById('matrix-only');
  var sortCol = -1, sortDir = 1;
  function visible(r) {
    var q = type.value.trim().toLowerCase();
    if (q !== '' && r.name.indexOf(q) < 0) { return false; }
    if (kind.value !== '' && r.kind !== kind.value) { return false; }
    if (only.value === 'never') { return r.keys[never] > 0; }
    if (only.value === 'unexercised') { return r.unexercised; }
    if (only.value === 'findings') { return r.keys[errors] + r.keys[warnings] > 0; }
    return true;
  }
  function filter() {
    var shown = 0;
    rows.forEach(function (r) {
      var v = visible(r);
      if (r.tr.hidden === v) { r.tr.hidden = !v; }
      if (v) { shown += 1; }
    });
    document.getElementById('matrix-count').textContent =
        'showing ' + shown + ' of ' + rows.length + ' types';
  }
  function sort() {
    var sorted = rows.slice();
    if (sortCol >= 0) {
      sorted.sort(function (a, b) {
        var x = a.keys[sortCol], y = b.keys[sortCol];
        if (x !== y && (x === -1 || y === -1)) { return x === -1 ? 1 : -1; }  // missing steps last
        return (x < y ? -sortDir : x > y ? sortDir : 0) || a.order - b.order;
      });
    }
    var fragment = document.createDocumentFragment();
    sorted.forEach(function (r) { fragment.appendChild(r.tr); });
    tbody.appendChild(fragment);
    heads.forEach(function (th, i) {
      if (i === sortCol) { th.setAttribute('aria-sort', sortDir > 0 ? 'ascending' : 'descending'); }
      else { th.removeAttribute('aria-sort'); }
    });
  }
  function fromHash() {
    var params = new URLSearchParams(location.hash.slice(1));
    type.value = params.get('type') || '';
    kind.value = params.get('kind') || '';
    if (kind.selectedIndex < 0) { kind.value = ''; }
    only.value = params.get('only') || '';
    if (only.selectedIndex < 0) { only.value = ''; }
    var s = params.get('sort') || '';
    var col = names.indexOf(s.replace(/^-/, ''));
    sortCol = col;
    sortDir = s.charAt(0) === '-' ? -1 : 1;
  }
  function toHash() {
    var params = new URLSearchParams(location.hash.slice(1));
    [['type', type.value], ['kind', kind.value], ['only', only.value],
     ['sort', sortCol < 0 ? '' : (sortDir < 0 ? '-' : '') + names[sortCol]]].forEach(function (kv) {
      if (kv[1] === '') { params.delete(kv[0]); } else { params.set(kv[0], kv[1]); }
    });
    try { history.replaceState(null, '', '#' + params.toString()); } catch (e) { /* file: URLs */ }
  }
  function sortBy(th) {
    var i = heads.indexOf(th);
    if (i < 0) { return; }
    if (i === sortCol) { sortDir = -sortDir; }
    else { sortCol = i; sortDir = i >= never ? -1 : 1; }  // counts of trouble: most first
    sort();
    toHash();
  }
  table.tHead.addEventListener('click', function (e) { sortBy(e.target.closest('th')); });
  table.tHead.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(e.target.closest('th')); }
  });
  heads.forEach(function (th) { th.tabIndex = 0; });
  [type, kind, only].forEach(function (control) {
    control.addEventListener(control === type ? 'input' : 'change', function () { toHash(); filter(); });
  });
  window.addEventListener('hashchange', function () { fromHash(); sort(); filter(); });
  fromHash();
  if (sortCol >= 0) { sort(); }
  filter();
  document.getElementById('matrix-controls').hidden = false;
  // A link that sets the matrix's view (a CI job's "#only=never") opens at the matrix.
  if (/(^|&)(type|kind|only|sort)=/.test(location.hash.slice(1))) {
    document.getElementById('coverage').scrollIntoView();
  }
})();
document.documentElement.setAttribute('data-tfc-ready', '1');
)js";

}  // namespace

std::string_view html_style() { return kStyle; }

std::string_view html_script() { return kScript; }

std::string html_content_security_policy() {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_Digest(kScript.data(), kScript.size(), digest.data(), &length, EVP_sha256(), nullptr);
  std::array<unsigned char, 4 * ((EVP_MAX_MD_SIZE + 2) / 3) + 1> base64{};
  EVP_EncodeBlock(base64.data(), digest.data(), static_cast<int>(length));
  return "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-" +
         std::string(reinterpret_cast<const char*>(base64.data())) + "'; base-uri 'none'; form-action 'none'";
}

}  // namespace tfc::report
