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
    var params = new URLSearchParams();
    keys.forEach(function (k) { if (selects[k].value !== '') { params.set(k, selects[k].value); } });
    try { history.replaceState(null, '', '#' + params.toString()); } catch (e) { /* file: URLs */ }
  }
  keys.forEach(function (k) {
    selects[k].addEventListener('change', function () { toHash(); apply(); });
  });
  window.addEventListener('hashchange', function () { fromHash(); apply(); });
  fromHash();
  apply();
  document.documentElement.setAttribute('data-tfc-ready', '1');
})();
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
