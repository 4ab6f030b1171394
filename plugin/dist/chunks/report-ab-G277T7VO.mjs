#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  resolveDataDir
} from "./chunk-4X7UQFCC.mjs";
import "./chunk-4UC3FRD7.mjs";
import {
  forTerminal,
  jsonForTerminal
} from "./chunk-S2M2GLMU.mjs";
import {
  HandoffError
} from "./chunk-AQDRH5LW.mjs";
import {
  MODE_DIRS
} from "./chunk-3N43SUGD.mjs";
import "./chunk-7DPBAYJ4.mjs";

// cli/report-ab.ts
import { existsSync, statSync } from "node:fs";
import { parseArgs } from "node:util";

// store/ab.ts
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
var AB_METRICS = [
  {
    key: "reReads",
    label: "files read again that the handoff restored or named",
    better: "lower",
    of: (p) => p.reReadRestored.length + p.reReadNamed.length
  },
  { key: "reRuns", label: "listed commands run again", better: "lower", of: (p) => p.reRunCommands.length },
  { key: "notReadRefusals", label: '"File has not been read yet" refusals', better: "lower", of: (p) => p.notReadRefusals },
  { key: "historyCalls", label: "history tool calls", better: null, of: (p) => p.historyCalls.length },
  { key: "turnsToFirstToolCall", label: "turns to the first tool call", better: null, of: (p) => p.turnsToFirstToolCall },
  { key: "compactedAgain", label: "compacted again within the watch (share)", better: "lower", of: (p) => p.compactedAgain ? 1 : 0 }
];
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = a + 1831565813 >>> 0;
    let t = a;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
var mean = (xs) => xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
var round = (x) => Math.round(x * 1e4) / 1e4;
function perSession(sessions, m) {
  return sessions.flatMap((s) => {
    const v = mean(s.watches.map((w) => m.of(w)).filter((x) => x !== null));
    return v === null ? [] : [v];
  });
}
function quantile(sorted, q) {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}
function bootstrapDiff(a, b, opts) {
  const rand = generator(opts.seed);
  const draw = (xs) => {
    let sum = 0;
    for (let i = 0; i < xs.length; i++) sum += xs[Math.floor(rand() * xs.length)];
    return sum / xs.length;
  };
  const diffs = Array.from({ length: opts.resamples }, () => draw(a) - draw(b)).sort((x, y) => x - y);
  const tail = (1 - opts.level) / 2;
  return [quantile(diffs, tail), quantile(diffs, 1 - tail)];
}
function compareArms(all, opts = {}) {
  const resamples = opts.resamples ?? 2e3;
  const seed = opts.seed ?? 1;
  const minSessions = opts.minSessions ?? 5;
  const level = opts.level ?? 0.95;
  const watched = all.map((s) => ({ ...s, watches: s.watches.filter((w) => w.turnsSeen > 0) })).filter((s) => s.watches.length > 0);
  const drawn = watched.filter((s) => s.drawn);
  const notDrawn = watched.filter((s) => !s.drawn);
  const of = (arm) => drawn.filter((s) => s.arm === arm);
  const count = (ss) => ({ sessions: ss.length, compactions: ss.reduce((n, s) => n + s.watches.length, 0) });
  const handoff = of("handoff");
  const stock = of("stock");
  const enough = handoff.length >= minSessions && stock.length >= minSessions;
  const metrics = AB_METRICS.map((m, i) => {
    const h = perSession(handoff, m);
    const s = perSession(stock, m);
    const base = {
      key: m.key,
      label: m.label,
      better: m.better,
      handoff: { sessions: h.length, mean: mean(h) === null ? null : round(mean(h)) },
      stock: { sessions: s.length, mean: mean(s) === null ? null : round(mean(s)) }
    };
    if (h.length < minSessions || s.length < minSessions) return { ...base, diff: null, ci: null, verdict: "too-few" };
    const diff = mean(h) - mean(s);
    const [lo, hi] = bootstrapDiff(h, s, { resamples, seed: seed + i, level });
    const verdict = lo > 0 ? "handoff-higher" : hi < 0 ? "handoff-lower" : "no-clear-difference";
    return { ...base, diff: round(diff), ci: [round(lo), round(hi)], verdict };
  });
  return { arms: { handoff: count(handoff), stock: count(stock) }, notDrawn: count(notDrawn), minSessions, resamples, level, enough, metrics };
}
async function readAbSessions(dataDir) {
  const bySession = /* @__PURE__ */ new Map();
  for (const modeDir of Object.values(MODE_DIRS)) {
    const root = join(dataDir, modeDir);
    const ids = await readdir(root).catch(() => []);
    for (const id of ids) {
      const names = await readdir(join(root, id)).catch(() => []);
      for (const name of names.filter((x) => /^\d{3,}\.post\.json$/.test(x)).sort()) {
        let doc;
        try {
          doc = JSON.parse(await readFile(join(root, id, name), "utf8"));
        } catch {
          continue;
        }
        if (doc?.v !== 1 || doc.arm !== "handoff" && doc.arm !== "stock") continue;
        const key = `${id}\0${doc.arm}`;
        const s = bySession.get(key) ?? { sessionId: id, arm: doc.arm, drawn: doc.drawn === true, watches: [] };
        s.watches.push(doc);
        bySession.set(key, s);
      }
    }
  }
  return [...bySession.values()];
}
var num = (x, digits = 2) => x === null ? "\u2014" : x.toFixed(digits);
function abText(r) {
  const pct = Math.round(r.level * 100);
  const lines = [
    `A/B: the handoff arm against the stock arm, on the watch of the turns after each compaction (NNN.post.json)`,
    `Sessions the draw assigned: handoff ${r.arms.handoff.sessions} (${r.arms.handoff.compactions} compactions), stock ${r.arms.stock.sessions} (${r.arms.stock.compactions} compactions)` + (r.notDrawn.sessions ? `; ${r.notDrawn.sessions} rehearsing with live off left out (stock by setting, not by the draw)` : "")
  ];
  if (!r.enough) {
    const short = ["handoff", "stock"].filter((a) => r.arms[a].sessions < r.minSessions).map((a) => `${a} has ${r.arms[a].sessions}`);
    lines.push(
      `Too few sessions to tell: each arm needs at least ${r.minSessions} sessions with a watched compaction (${short.join(", ")}). The means below are shown, not compared.`
    );
  }
  const rows = r.metrics.map((m) => {
    const ci = m.ci ? `${num(m.diff)} [${num(m.ci[0])}, ${num(m.ci[1])}]` : "\u2014";
    const verdict = m.verdict === "too-few" ? "too few to tell" : m.verdict.replace(/-/g, " ");
    return [m.label, num(m.handoff.mean), num(m.stock.mean), ci, verdict];
  });
  const head = ["per compaction (session means)", "handoff", "stock", `difference, ${pct}% CI`, ""];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const fmt = (cells) => cells.map((c, i) => i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])).join("  ").trimEnd();
  lines.push("", fmt(head), ...rows.map(fmt));
  lines.push("", `Difference: handoff \u2212 stock. Interval: percentile bootstrap over sessions, ${r.resamples.toLocaleString("en-US")} resamples.`);
  return lines.join("\n");
}

// cli/report-ab.ts
var reportAbUsage = `Usage: compact-handoff report --ab [--min-sessions N] [--resamples N] [--seed N] [--data-dir DIR] [--json]

Compares the sessions the A/B draw put in the handoff arm with those it put in the stock arm
(abStockShare), on what the watch recorded over the turns after each compaction: files read
again that the handoff restored or named, listed commands run again, "File has not been read
yet" refusals, history tool calls, turns to the first tool call, compacting again. Each figure
is a session's mean over its compactions; the difference of the arms' means gets a percentile
bootstrap interval over sessions. With fewer than --min-sessions sessions in an arm it says
there are too few to tell.

Options:
  --min-sessions N    sessions each arm needs before it is compared (default 5)
  --resamples N       bootstrap resamples (default 2000)
  --seed N            the bootstrap's seed (default 1: the same store gives the same interval)
  --data-dir DIR      the store (default: COMPACT_HANDOFF_DATA_DIR, else ~/.claude/compact-handoff)
  --json              the comparison as JSON

Exit codes: 0 ok, 1 the data dir cannot be read, 2 usage error.`;
async function abSummary(dataDir, opts = {}) {
  return compareArms(await readAbSessions(dataDir), opts);
}
function whole(flag, v, min) {
  if (v === void 0) return void 0;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new HandoffError("USAGE", `--${flag} takes a whole number from ${min} (got "${v}")`);
  return n;
}
async function runReportAb(argv) {
  let values;
  try {
    ;
    ({ values } = parseArgs({
      args: argv,
      options: {
        ab: { type: "boolean" },
        "min-sessions": { type: "string" },
        resamples: { type: "string" },
        seed: { type: "string" },
        "data-dir": { type: "string" },
        json: { type: "boolean" }
      }
    }));
  } catch (err) {
    throw new HandoffError("USAGE", `${err.message}
${reportAbUsage}`);
  }
  const dataDir = resolveDataDir(values["data-dir"]);
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) throw new HandoffError("DATA_DIR_UNUSABLE", `the data dir ${dataDir} is not a directory`);
  const minSessions = whole("min-sessions", values["min-sessions"], 1);
  const resamples = whole("resamples", values.resamples, 100);
  const seed = whole("seed", values.seed, 0);
  const report = await abSummary(dataDir, {
    ...minSessions !== void 0 ? { minSessions } : {},
    ...resamples !== void 0 ? { resamples } : {},
    ...seed !== void 0 ? { seed } : {}
  });
  process.stdout.write(values.json ? `${jsonForTerminal(report)}
` : forTerminal(`${abText(report)}
`));
  return 0;
}
export {
  abSummary,
  reportAbUsage,
  runReportAb
};
