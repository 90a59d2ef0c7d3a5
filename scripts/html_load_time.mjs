// Loads a tfconform HTML report in headless Chromium at 1366x900 through the DevTools protocol,
// waits for the report's script (<html data-tfc-ready="1">), prints the page's load timings and
// how long three sorts and two filters of the coverage matrix take, then scrolls to the element
// with the given id (default: the matrix) and saves a screenshot. Node 20 or later:
//   node --experimental-websocket scripts/html_load_time.mjs file:///abs/report.html out.png [id]
// (headless --screenshot ignores a fragment's scrolling, hence the protocol.)
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const [url, out, scrollId = 'coverage'] = process.argv.slice(2);
const prof = mkdtempSync(join(tmpdir(), 'tfc-cdp-'));
const chrome = spawn('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
  '--window-size=1366,900', '--remote-debugging-port=0', '--user-data-dir=' + prof, 'about:blank'],
  { stdio: ['ignore', 'ignore', 'pipe'] });
const wsUrl = await new Promise((res) => {
  let buf = '';
  chrome.stderr.on('data', (d) => { buf += d; const m = buf.match(/ws:\/\/\S+/); if (m) res(m[0]); });
});
const port = new URL(wsUrl).port;
const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
const page = targets.find((t) => t.type === 'page');
const ws = new WebSocket(page.webSocketDebuggerUrl);
await new Promise((r) => ws.addEventListener('open', r));
let id = 0; const pending = new Map(); const events = [];
ws.addEventListener('message', (e) => { const m = JSON.parse(e.data);
  if (m.id && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); } else events.push(m); });
const send = (method, params = {}) => new Promise((r) => { id += 1; pending.set(id, r); ws.send(JSON.stringify({ id, method, params })); });
const evalJs = async (expr) => (await send('Runtime.evaluate', { expression: expr, returnByValue: true })).result.result.value;
await send('Page.enable');
const t0 = Date.now();
await send('Page.navigate', { url });
for (;;) { if ((await evalJs("document.documentElement.getAttribute('data-tfc-ready')")) === '1') break; await new Promise((r) => setTimeout(r, 20)); }
const wall = Date.now() - t0;
await new Promise((r) => setTimeout(r, 300));
const nav = await evalJs("JSON.stringify((() => { const n = performance.getEntriesByType('navigation')[0]; const p = performance.getEntriesByType('paint'); return { domInteractive: n.domInteractive, domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd, paints: p.map(x => [x.name, x.startTime]) }; })())");
const sortMs = await evalJs("(() => { const t = performance.now(); const th = document.querySelector('#matrix thead th:nth-child(3)'); th.click(); th.click(); th.click(); const s = performance.now(); const sel = document.getElementById('matrix-only'); sel.value = 'never'; sel.dispatchEvent(new Event('change')); sel.value = ''; sel.dispatchEvent(new Event('change')); return JSON.stringify({ threeSorts: s - t, twoFilters: performance.now() - s }); })()");
await send('Page.navigate', { url });
for (;;) { if ((await evalJs("document.documentElement.getAttribute('data-tfc-ready')")) === '1') break; await new Promise((r) => setTimeout(r, 20)); }
if (scrollId) await evalJs(`document.getElementById('${scrollId}').scrollIntoView(); 1`);
await new Promise((r) => setTimeout(r, 300));
const shot = await send('Page.captureScreenshot', { format: 'png' });
writeFileSync(out, Buffer.from(shot.result.data, 'base64'));
console.log(JSON.stringify({ url, wallUntilReadyMs: wall, nav: JSON.parse(nav), interaction: JSON.parse(sortMs) }));
ws.close(); chrome.kill('SIGTERM');
await new Promise((r) => chrome.on('exit', r));
rmSync(prof, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });  // helpers may still write
