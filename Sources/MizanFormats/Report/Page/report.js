"use strict";
const errors = [];
window.addEventListener("error", e => errors.push(String(e.message)));
const consoleError = console.error; console.error = (...a) => { errors.push(a.join(" ")); consoleError(...a); };
const data = JSON.parse(document.getElementById("data").textContent);
const S = data.summary, T = data.transactions, E = data.events;
const $ = id => document.getElementById(id);
// A summary figure as the page shows it: n/a where nothing was measured (null in summary.json).
const fmt = v => v == null ? "n/a" : String(v);
$("heading").textContent = `${data.title}, seed ${data.seed}: ${T.length} transactions over ${data.seconds} virtual s`;
if (data.eventsCut) $("cut").textContent = `The trace is long: the replay and the diagrams cover its first ${data.eventsUntil.toFixed(1)} s (${E.length} events); every transaction is in the table.`;

// The first screen: the figures a person wants first, from summary.json (each cell names its keys).
const two = v => v == null ? "n/a" : v.toFixed(2), percent = v => v == null ? "n/a" : (100 * v).toFixed(1) + " %";
const times = p => `${two(S[p + "_p50_s"])} / ${two(S[p + "_p90_s"])} / ${two(S[p + "_p99_s"])} s`;
const misses = ["phone_deadline_missed_no_till_found", "phone_deadline_missed_not_connected", "phone_deadline_missed_no_amount"];
const headline = [
  ["transactions", "transactions", String(S.transactions)], ["successes", "successes", String(S.successes)],
  ["Start to secure link, p50 / p90 / p99", "start_to_secure", times("start_to_secure")],
  ["Start to result, p50 / p90 / p99", "start_to_result", times("start_to_result")],
  ["phone deadline misses", misses.join(" "), String(misses.reduce((a, k) => a + (S[k] || 0), 0))],
  ["wrong till", "wrong_till_rate", percent(S.wrong_till_rate)],
  ["agreement violations", "agreement_violations", String(S.agreement_violations)]];
fill($("headline"),
  h("table", { id: "headline-figures" }, headline.map(([label, keys, text]) => h("tr", null, h("th", null, label), h("td", { "data-headline": keys }, text)))),
  h("div", null, h("div", null, "Endings"), h("ul", { id: "headline-endings" },
    Object.entries(S).filter(([key, value]) => key.startsWith("ending_") && value > 0)
      .map(([key, value]) => h("li", { "data-ending": key.slice(7) }, `${value}: ${key.slice(7)}. ${data.endings[key.slice(7)] || ""}`)))));

// Summary: every figure of summary.json, endings in the catalogue's words, grouped.
const groupOf = key => key.startsWith("ending_") || key === "transactions" || key === "successes" ? "endings"
  : /^(android|ios)_/.test(key) ? "per platform" : /^advertising_|^link_layer$/.test(key) ? "radio"
  : /^start_to_|deadline|countdown/.test(key) ? "times and deadlines" : /till/.test(key) ? "choosing a till" : "the run";
const groups = ["the run", "endings", "times and deadlines", "per platform", "choosing a till", "radio"];
const shown = Object.entries(S).filter(([key, value]) => !(key.startsWith("ending_") && value === 0));
fill($("summary"), groups.map(group => {
  const rows = shown.filter(([key]) => groupOf(key) === group);
  return rows.length === 0 ? null : [h("tr", { class: "group" }, h("th", { colspan: 2 }, group)), rows.map(([key, value]) =>
    h("tr", null, h("td", null, key.startsWith("ending_") ? `${key.slice(7)}. ${data.endings[key.slice(7)] || ""}` : key.replace(/_/g, " ")),
                  h("td", { "data-key": key }, fmt(value))))];
}));

// Transactions as objects; end = the later of the two sides' endings.
const tx = T.map(t => ({ ...t, end: Math.max(t.host_ended_at ?? 0, t.phone_ended_at ?? 0, t.started_at ?? 0),
  toSecure: t.secure_at != null && t.started_at != null ? t.secure_at - t.started_at : null,
  toResult: t.phone_ended_at != null && t.started_at != null ? t.phone_ended_at - t.started_at : null }));

// Histograms (SVG) of Start to secure link and to the result; deadline misses per minute.
function histogram(title, values, unit) {
  if (values.length === 0) return h("p", null, `${title}: no samples`);
  const max = values.reduce((m, v) => Math.max(m, v), 0), bins = 30, width = max / bins || 1, counts = new Array(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.floor(v / width))]++;
  const top = Math.max(...counts), w = 360, tall = 120, left = 40;
  const bars = counts.map((c, i) => s("rect", { x: left + i * (w / bins), y: 10 + tall - c / top * tall, width: w / bins - 1, height: c / top * tall, fill: "#2e86de" }));
  // Axes with ticks: the values along x (five steps), the counts up y (0, half, the tallest bin).
  const axes = [s("line", { x1: left, y1: 10 + tall, x2: left + w, y2: 10 + tall, stroke: "#555" }), s("line", { x1: left, y1: 10, x2: left, y2: 10 + tall, stroke: "#555" })];
  const xTicks = [0, 1, 2, 3, 4, 5].map(k => [s("line", { x1: left + k * w / 5, y1: 10 + tall, x2: left + k * w / 5, y2: 14 + tall, stroke: "#555" }),
    s("text", { class: "tick", x: left + k * w / 5, y: tall + 25, "font-size": 10, "text-anchor": "middle" }, (max * k / 5).toFixed(max >= 10 ? 0 : 1))]);
  const yTicks = [0, 0.5, 1].map(f => [s("line", { x1: left - 4, y1: 10 + tall - f * tall, x2: left, y2: 10 + tall - f * tall, stroke: "#555" }),
    s("text", { class: "tick", x: left - 6, y: 14 + tall - f * tall, "font-size": 10, "text-anchor": "end" }, String(Math.round(top * f)))]);
  return [h("div", null, `${title} (${values.length})`),
          s("svg", { class: "histogram", width: w + left + 20, height: tall + 48 }, bars, axes, xTicks, yTicks,
            s("text", { x: left + w / 2, y: tall + 42, "font-size": 11, "text-anchor": "middle" }, unit === "s" ? "seconds" : "minute of the run"),
            s("text", { x: 10, y: 10 + tall / 2, "font-size": 11, "text-anchor": "middle", transform: `rotate(-90 10 ${10 + tall / 2})` }, "count"))];
}
(function histograms() {
  const misses = new Array(Math.max(1, Math.ceil(data.seconds / 60))).fill(0);
  for (const t of tx) if (t.phone_deadline_missed) misses[Math.min(misses.length - 1, Math.floor((t.started_at || 0) / 60))]++;
  const platforms = [...new Set(tx.map(t => t.platform).filter(p => p != null))].sort();
  const groups = platforms.length ? platforms.map(p => [p, tx.filter(t => t.platform === p)]) : [["all phones", tx]];
  fill($("histograms"), groups.map(([name, list]) =>
      [histogram(`Start to secure link, ${name}`, list.filter(t => t.toSecure != null).map(t => t.toSecure), "s"),
       histogram(`Start to result, ${name}`, list.filter(t => t.toResult != null).map(t => t.toResult), "s")]),
    histogram("Deadline misses by minute started", misses.flatMap((c, i) => new Array(c).fill(i + 0.5)), "min"));
})();

// The floor: its walls (grey, thicker the more they lose), tills at their positions; each till's screens over time.
const canvas = $("floor"), ctx = canvas.getContext("2d");
const walls = data.walls || [];
const xs = data.tills.map(t => t[0]).concat(T.filter(t => t.x != null).map(t => t.x), walls.flatMap(w => [w[0], w[2]]));
const ys = data.tills.map(t => t[1]).concat(T.filter(t => t.y != null).map(t => t.y), walls.flatMap(w => [w[1], w[3]]));
const least = a => a.reduce((m, v) => Math.min(m, v), Infinity), most = a => a.reduce((m, v) => Math.max(m, v), -Infinity);
const minX = least(xs) - 1, maxX = most(xs) + 1, minY = least(ys) - 2, maxY = most(ys) + 2;
// The whole floor fits the canvas, at most 900 px tall.
const scale = Math.min((canvas.width - 40) / (maxX - minX), (900 - 40) / (maxY - minY), 60);
canvas.height = Math.max(160, Math.min(900, Math.ceil((maxY - minY) * scale + 40)));
const px = x => 20 + (x - minX) * scale, py = y => 20 + (y - minY) * scale;
const screens = data.tills.map(() => []);
for (const [t, d, ev, detail] of E) if (ev === "screen" && d[0] === "t") { const i = Number(d.slice(1)) - 1; if (screens[i]) screens[i].push([t, detail]); }
function screenAt(i, time) {
  const list = screens[i]; let lo = 0, hi = list.length - 1, found = null;
  while (lo <= hi) { const mid = (lo + hi) >> 1; if (list[mid][0] <= time) { found = list[mid][1]; lo = mid + 1; } else hi = mid - 1; }
  return found;
}
const colour = s => s == null ? "#95a5a6" : s === "broadcasting" ? "#2e86de" : s === "paid" || s === "success" ? "#27ae60"
  : /serv|secure|review|confirm|amount|key|connect/.test(s) ? "#e67e22" : /idle|ready|locked/.test(s) ? "#95a5a6" : "#c0392b";
let now = 0, playing = false, selectedTill = null;
function draw() {
  ctx.fillStyle = "#fafafa"; ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = "#7f8c8d";
  for (const w of walls) {
    ctx.lineWidth = Math.min(1.5 + w[4] / 3, 6);
    ctx.beginPath(); ctx.moveTo(px(w[0]), py(w[1])); ctx.lineTo(px(w[2]), py(w[3])); ctx.stroke();
  }
  ctx.lineWidth = 1;
  const side = Math.max(6, Math.min(scale * 0.5, 18));
  const active = tx.filter(t => t.started_at != null && t.started_at <= now && now <= t.end && t.chosen_till != null);
  const perTill = new Map();
  for (const t of active) {
    const k = t.chosen_till - 1, n = perTill.get(k) || 0; perTill.set(k, n + 1);
    const till = data.tills[k]; if (!till) continue;
    const x = t.x != null ? px(t.x) : px(till[0]) + (n % 4 - 1.5) * 6, y = t.y != null ? py(t.y) : py(till[1]) + side + 8 + Math.floor(n / 4) * 6;
    if (t.secure_at != null && t.secure_at <= now) { ctx.strokeStyle = "#27ae60"; ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(px(till[0]), py(till[1])); ctx.stroke(); }
    if (t.nearest_till != null && t.nearest_till !== t.chosen_till && data.tills[t.nearest_till - 1]) {
      const near = data.tills[t.nearest_till - 1]; ctx.strokeStyle = "#c0392b"; ctx.setLineDash([4, 3]);
      ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(px(near[0]), py(near[1])); ctx.stroke(); ctx.setLineDash([]);
    }
    ctx.fillStyle = "#34495e"; ctx.beginPath(); ctx.arc(x, y, 2.5, 0, 7); ctx.fill();
  }
  data.tills.forEach((t, i) => {
    ctx.fillStyle = colour(screenAt(i, now)); ctx.fillRect(px(t[0]) - side / 2, py(t[1]) - side / 2, side, side);
    if (i === selectedTill) { ctx.strokeStyle = "#000"; ctx.strokeRect(px(t[0]) - side / 2 - 2, py(t[1]) - side / 2 - 2, side + 4, side + 4); }
    if (data.tills.length <= 60 || i % 10 === 0) { ctx.fillStyle = "#222"; ctx.font = "10px sans-serif"; ctx.fillText(String(i + 1), px(t[0]) - 4, py(t[1]) - side / 2 - 3); }
  });
  $("time").textContent = `${now.toFixed(1)} s of ${data.seconds} s; ${active.length} transactions under way`;
  $("slider").value = String(now);
}
$("slider").max = String(data.seconds);
$("slider").addEventListener("input", () => { now = Number($("slider").value); draw(); });
let lastFrame = null;
function tick(stamp) {
  if (!playing) { lastFrame = null; return; }
  if (lastFrame != null) now = Math.min(data.seconds, now + (stamp - lastFrame) / 1000 * Number($("speed").value));
  lastFrame = stamp; draw();
  if (now >= data.seconds) { playing = false; $("play").textContent = "Play"; return; }
  requestAnimationFrame(tick);
}
$("play").addEventListener("click", () => { playing = !playing; $("play").textContent = playing ? "Pause" : "Play"; if (playing) requestAnimationFrame(tick); });
canvas.addEventListener("click", e => {
  const r = canvas.getBoundingClientRect(), x = e.clientX - r.left, y = e.clientY - r.top;
  let best = null, dist = 1e9;
  data.tills.forEach((t, i) => { const d = Math.hypot(px(t[0]) - x, py(t[1]) - y); if (d < dist) { dist = d; best = i; } });
  if (best == null || dist > 30) return;
  selectedTill = best; draw();
  const at = tx.filter(t => t.chosen_till === best + 1 || t.till === best + 1).sort((a, b) => Math.abs(a.started_at - now) - Math.abs(b.started_at - now))[0];
  if (at) showDiagram(at);
});

// Transactions table: sortable, 200 rows a page.
const columns = [["transaction", "#"], ["till", "till"], ["phone", "phone"], ["chosen_till", "chose"], ["nearest_till", "nearest"],
                 ["ending", "ending"], ["toSecure", "to secure (s)"], ["toResult", "to result (s)"]];
let order = "transaction", ascending = true, page = 0;
function renderTable() {
  const rows = [...tx].sort((a, b) => { const x = a[order] ?? Infinity, y = b[order] ?? Infinity; return (x < y ? -1 : x > y ? 1 : a.transaction - b.transaction) * (ascending ? 1 : -1); });
  const pages = Math.max(1, Math.ceil(rows.length / 200)); page = Math.min(page, pages - 1);
  if (pages > 1) {
    const input = h("input", { id: "page", type: "number", min: 1, max: pages, value: page + 1, style: "width:60px" });
    input.addEventListener("change", e => { page = Math.max(0, Number(e.target.value) - 1); renderTable(); });
    fill($("pages"), "page ", input, ` of ${pages}`);
  } else fill($("pages"));
  const head = h("thead", null, h("tr", null, columns.map(([k, label]) => {
    const th = h("th", { "data-sort": k }, label + (k === order ? (ascending ? " ▲" : " ▼") : ""));
    th.addEventListener("click", () => { ascending = k === order ? !ascending : true; order = k; renderTable(); });
    return th;
  })));
  const body = h("tbody", null, rows.slice(page * 200, page * 200 + 200).map(t => {
    const tr = h("tr", { "data-transaction": t.transaction }, columns.map(([k]) => {
      const v = t[k]; return h("td", null, v == null ? "-" : k === "ending" ? `${v}. ${data.endings[v] || ""}` : typeof v === "number" && !Number.isInteger(v) ? v.toFixed(3) : v);
    }));
    tr.addEventListener("click", () => showDiagram(t));
    return tr;
  }));
  fill($("transactions"), head, body);
}

// A transaction's sequence diagram: till, air and phone, its events in time order.
function showDiagram(t) {
  const till = "t" + (t.chosen_till ?? t.till), phone = "p" + t.phone, from = (t.locked_at ?? t.started_at ?? 0) - 0.05, to = t.end + 0.05;
  // A transaction of the phone alone (no till record: the till was busy with another) takes of its
  // till only the events that name the phone (their numbers, a till's event's fifth item), as mizan replay does.
  const list = E.filter(e => (e[1] === phone || (e[1] === till && (t.locked_at != null || (e[4] || []).includes(t.phone)))) && e[0] >= from && e[0] <= to);
  $("diagram-title").textContent = `Transaction ${t.transaction}: till ${t.chosen_till ?? t.till}, phone ${t.phone}, ending ${t.ending}. ${data.endings[t.ending] || ""}`;
  if (list.length === 0) { fill($("diagram"), h("p", { class: "note" }, "No events of it in the embedded trace.")); return; }
  const tall = 40 + list.length * 18, tillX = 120, phoneX = 520;
  const parts = [s("text", { x: tillX, y: 16, "text-anchor": "middle" }, `till ${t.chosen_till ?? t.till}`), s("text", { x: 320, y: 16, "text-anchor": "middle" }, "air"),
                 s("text", { x: phoneX, y: 16, "text-anchor": "middle" }, `phone ${t.phone}`),
                 s("line", { x1: tillX, y1: 22, x2: tillX, y2: tall, stroke: "#999" }), s("line", { x1: phoneX, y1: 22, x2: phoneX, y2: tall, stroke: "#999" })];
  list.forEach(([time, d, ev, detail], i) => {
    const y = 36 + i * 18, x = d === till ? tillX : phoneX, lost = ev === "sends" && !list.some(o => o[2] === "receives" && o[1] !== d && o[0] >= time && o[3].includes((detail.match(/frame=([^=]*?)( \w+=|$)/) || [])[1] || "\u0000"));
    if (ev === "sends") parts.push(s("line", { x1: x, y1: y, x2: d === till ? phoneX : tillX, y2: y + 10, stroke: lost ? "#c0392b" : "#2e86de", "stroke-dasharray": lost && "4 3" }));
    parts.push(s("text", { x: d === till ? tillX + 6 : phoneX - 6, y, "font-size": 11, "text-anchor": d === till ? "start" : "end", fill: ev === "set-up" ? "#8e44ad" : lost ? "#c0392b" : "#222" },
                 `${time.toFixed(3)} s ${ev}${detail ? " " + detail : ""}`));
  });
  fill($("diagram"), s("svg", { id: "diagram-svg", width: 640, height: tall }, parts));
}

const start = /^#t=([0-9.]+)$/.exec(location.hash), picked = /^#transaction=([0-9]+)$/.exec(location.hash);
if (start) now = Math.min(data.seconds, Number(start[1]));
renderTable(); draw();
if (picked) {
  const t = tx.find(t => t.transaction === Number(picked[1]));
  if (t) { now = Math.min(data.seconds, t.started_at ?? 0); draw(); showDiagram(t); $("diagram-title").scrollIntoView(); }
}
const readyMs = performance.now();

// Self-test in a real browser (scripts/browser-tests opens the page with #selftest).
if (location.hash === "#selftest") {
  const results = [];
  const check = (name, ok) => results.push(`${ok ? "ok" : "FAIL"} ${name}`);
  const pixel = (x, y) => Array.from(ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data);
  const background = pixel(2, 2).join();
  const inside = (x, y) => x >= 0 && y >= 0 && x < canvas.width && y < canvas.height;
  check("the floor draws every till at its position", data.tills.every(t => inside(px(t[0]), py(t[1])) && pixel(px(t[0]), py(t[1])).join() !== background));
  if (walls.length) check("the floor draws every wall, on the canvas", walls.every(w => {
    const x = px((w[0] + w[2]) / 2), y = py((w[1] + w[3]) / 2);
    return inside(x, y) && inside(px(w[0]), py(w[1])) && inside(px(w[2]), py(w[3])) && pixel(x, y).join() !== background;
  }));
  const before = canvas.toDataURL();
  const slider = $("slider"); slider.value = String(data.seconds / 2); slider.dispatchEvent(new Event("input"));
  check("the slider moves time", Math.abs(now - data.seconds / 2) < 0.11 && $("time").textContent.startsWith((data.seconds / 2).toFixed(1)));
  check("the floor changes with time", canvas.toDataURL() !== before || tx.length === 0);
  const row = $("transactions").querySelector("tbody tr");
  if (row) { row.click(); check("clicking a transaction shows its diagram", $("diagram-title").textContent.startsWith(`Transaction ${row.dataset.transaction}:`) && $("diagram").querySelectorAll("text").length > 3); }
  // A transaction of the phone alone (its till busy with another): of the till, only what names the phone.
  const alone = tx.find(t => t.locked_at == null && t.ending === 16);
  if (alone) {
    showDiagram(alone);
    const tillSide = [...$("diagram").querySelectorAll("text")].filter(x => x.getAttribute("text-anchor") === "start");
    check("a phone's transaction alone shows of its till only what names the phone", tillSide.length > 0
          && tillSide.every(x => new RegExp(`(=phone-| phone=)${alone.phone}( |$)`).test(x.textContent)));
  }
  const th = $("transactions").querySelector('th[data-sort="toSecure"]'); th.click();
  const firstSorted = $("transactions").querySelector("tbody tr");
  const quickest = tx.filter(t => t.toSecure != null).sort((a, b) => a.toSecure - b.toSecure || a.transaction - b.transaction)[0];
  check("the table sorts by time to secure link", firstSorted != null && quickest != null && Number(firstSorted.dataset.transaction) === quickest.transaction);
  let same = true;
  for (const cell of document.querySelectorAll("[data-key]")) if (cell.textContent !== fmt(S[cell.dataset.key])) same = false;
  check("the summary shows summary.json's figures", same && document.querySelectorAll("[data-key]").length > 10);
  check("the first screen shows the headline figures", $("headline").querySelectorAll("[data-headline]").length === 7
    && $("headline-endings").children.length === Object.entries(S).filter(([k, v]) => k.startsWith("ending_") && v > 0).length);
  check("every histogram has its axes' ticks", [...document.querySelectorAll("svg.histogram")].every(svg => svg.querySelectorAll("text.tick").length === 9));
  check("no errors", errors.length === 0);
  $("selftest").textContent = results.join("\n") + (errors.length ? "\nerrors: " + errors.join("; ") : "") + `\nready in ${Math.round(readyMs)} ms`;
}
