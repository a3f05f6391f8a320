// Draws load.svg from results.jsonl (written by deploy/benchmark.sh): moves per second and
// p99 move latency against concurrent tables, one line per number of nodes.
//   node docs/performance/chart.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const here = new URL('.', import.meta.url);
const rows = readFileSync(new URL('results.jsonl', here), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l))
  .filter((r) => r.nodes !== undefined && r.pace === 'fast');
const tables = [...new Set(rows.map((r) => r.tables))].sort((a, b) => a - b);
const series = [...new Set(rows.map((r) => r.nodes))].sort().map((nodes) => ({
  nodes,
  color: nodes === 1 ? '#1f6feb' : '#d1242f',
  points: tables.map((t) => rows.find((r) => r.nodes === nodes && r.tables === t) ?? null),
}));

const W = 360;
const H = 240;
const M = { left: 56, right: 16, top: 34, bottom: 44 };
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

function panel(x0, title, unit, value, limit) {
  const max = Math.max(limit ?? 0, ...rows.map(value)) * 1.1;
  const round = (v) => Math.round(v * 10) / 10;
  const px = (i) => round(x0 + M.left + (i * (W - M.left - M.right)) / (tables.length - 1));
  const py = (v) => round(M.top + (H - M.top - M.bottom) * (1 - v / max));
  const out = [`<text x="${x0 + W / 2}" y="18" text-anchor="middle" font-weight="600">${esc(title)}</text>`];
  for (let k = 0; k <= 4; k++) {
    const v = (max * k) / 4;
    out.push(`<line x1="${x0 + M.left}" x2="${x0 + W - M.right}" y1="${py(v)}" y2="${py(v)}" stroke="#ddd"/>`);
    out.push(`<text x="${x0 + M.left - 6}" y="${py(v) + 4}" text-anchor="end" font-size="11">${Math.round(v)}</text>`);
  }
  tables.forEach((t, i) => out.push(`<text x="${px(i)}" y="${H - M.bottom + 16}" text-anchor="middle" font-size="11">${t}</text>`));
  out.push(`<text x="${x0 + (M.left + W - M.right) / 2}" y="${H - 8}" text-anchor="middle" font-size="11">concurrent tables</text>`);
  out.push(`<text transform="translate(${x0 + 14} ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle" font-size="11">${esc(unit)}</text>`);
  if (limit !== undefined) {
    out.push(`<line x1="${x0 + M.left}" x2="${x0 + W - M.right}" y1="${py(limit)}" y2="${py(limit)}" stroke="#2da44e" stroke-dasharray="4 3"/>`);
    out.push(`<text x="${x0 + W - M.right}" y="${py(limit) - 4}" text-anchor="end" font-size="10" fill="#2da44e">target ${limit}</text>`);
  }
  for (const s of series) {
    const pts = s.points.map((p, i) => (p === null ? null : [px(i), py(value(p))])).filter((p) => p !== null);
    out.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${pts.map((p) => p.join(',')).join(' ')}"/>`);
    for (const [x, y] of pts) out.push(`<circle cx="${x}" cy="${y}" r="3" fill="${s.color}"/>`);
  }
  return out.join('\n');
}

const legend = series
  .map((s, i) => `<rect x="${20 + i * 90}" y="${H + 4}" width="12" height="12" fill="${s.color}"/><text x="${36 + i * 90}" y="${H + 14}" font-size="12">${s.nodes} node${s.nodes === 1 ? '' : 's'}</text>`)
  .join('\n');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W}" height="${H + 24}" viewBox="0 0 ${2 * W} ${H + 24}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#fff"/>
${panel(0, 'Moves per second (all tables)', 'moves/s', (r) => r.movesPerSec)}
${panel(W, 'p99 move round trip', 'ms', (r) => r.latencyMs.p99, 100)}
${legend}
</svg>
`;
writeFileSync(new URL('load.svg', here), svg);
process.stdout.write(`load.svg: ${rows.length} runs\n`);
