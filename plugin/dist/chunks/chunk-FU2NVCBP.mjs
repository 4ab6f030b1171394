#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  feedbackFile,
  resolveDataDir,
  textSize
} from "./chunk-PDKMRWIH.mjs";
import {
  HISTORY_TOOLS,
  INDEX_FILE,
  LOOKUPS_FILE,
  LOOKUP_FILES,
  MODE_DIRS,
  StoreError,
  TEXT_KINDS,
  TOOL_NAMES,
  appendJsonl,
  checkSessionId,
  indexStats,
  readJsonl,
  reindexStore,
  search,
  sessionCompactions,
  storedSessions
} from "./chunk-GPZWB6SD.mjs";
import {
  usageError
} from "./chunk-GS3UQNYK.mjs";
import {
  forTerminal,
  jsonForTerminal
} from "./chunk-S2M2GLMU.mjs";
import {
  fmt
} from "./chunk-7KAIWO3K.mjs";
import {
  HandoffError
} from "./chunk-ORPKAE4C.mjs";

// cli/history.ts
import { accessSync, constants, statSync } from "node:fs";
import { parseArgs } from "node:util";

// store/tools.ts
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
var FILES = LOOKUP_FILES;
var TOOL_SPECS = Object.fromEntries(
  HISTORY_TOOLS.map((t) => [t.name, { description: t.description, inputSchema: t.inputSchema }])
);
function checkArgs(name, raw) {
  const schema = TOOL_SPECS[name].inputSchema;
  if (raw === void 0 || raw === null) raw = {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw new StoreError("the arguments must be an object");
  const args = raw;
  const problems = [];
  const known = Object.keys(schema.properties);
  for (const k of Object.keys(args)) {
    if (!(k in schema.properties)) problems.push(`unknown argument "${k}" (${known.length ? `it takes ${known.join(", ")}` : "it takes none"})`);
  }
  for (const k of schema.required ?? []) if (args[k] === void 0) problems.push(`"${k}" is required`);
  for (const [k, p] of Object.entries(schema.properties)) {
    const v = args[k];
    if (v === void 0) continue;
    const got = JSON.stringify(v)?.slice(0, 40);
    if (p.type === "integer") {
      if (typeof v !== "number" || !Number.isInteger(v)) problems.push(`"${k}" must be a whole number (got ${got})`);
      else if (typeof p.minimum === "number" && v < p.minimum) problems.push(`"${k}" must be at least ${p.minimum} (got ${v})`);
      else if (typeof p.maximum === "number" && v > p.maximum) problems.push(`"${k}" must be at most ${p.maximum} (got ${v})`);
    } else if (p.type === "string") {
      if (typeof v !== "string") problems.push(`"${k}" must be a string (got ${got})`);
      else if (Array.isArray(p.enum) && !p.enum.includes(v)) problems.push(`"${k}" must be one of ${p.enum.map((e) => `"${e}"`).join(", ")} (got ${got})`);
      else if (typeof p.minLength === "number" && v.trim().length < p.minLength) problems.push(`"${k}" must not be empty`);
      else if (typeof p.maxLength === "number" && v.length > p.maxLength)
        problems.push(`"${k}" must be at most ${p.maxLength} characters (got ${fmt(v.length)})`);
    }
  }
  if (problems.length) throw new StoreError(problems.join("; "));
  return args;
}
var when = (iso) => iso.replace("T", " ").slice(0, 16);
var modeOf = (live) => live === false ? "rehearsal" : "live";
var mine = (ctx, sessionId) => ctx.by === "tool" && sessionId !== null && sessionId === ctx.sessionId;
var nameOf = (ctx, sessionId) => mine(ctx, sessionId) ? "this session" : `session ${sessionId}`;
async function alikeSessions(ctx, sessionId) {
  if (mine(ctx, sessionId) || sessionId.length < 4) return "";
  const alike = /* @__PURE__ */ new Set();
  for (const s of await storedSessions(ctx.dataDir)) if (s.sessionId !== sessionId && s.sessionId.startsWith(sessionId)) alike.add(s.sessionId);
  if (alike.size === 0) return "";
  const shown = [...alike].slice(0, 3);
  return `; the store holds ${shown.join(", ")}${alike.size > shown.length ? ` and ${alike.size - shown.length} more` : ""} (a session id is matched whole)`;
}
function sessionOf(ctx, given) {
  if (given !== void 0) return checkSessionId(given);
  if (!ctx.sessionId) throw new StoreError('no session to read: give one (--session ID on the command line, "session" in a tool call)');
  return checkSessionId(ctx.sessionId);
}
async function pick(ctx, sessionId, n, mode) {
  const all = await sessionCompactions(ctx.dataDir, sessionId);
  const whose = nameOf(ctx, sessionId);
  if (all.length === 0) throw new StoreError(`${whose} has no stored compactions (data dir ${ctx.dataDir})${await alikeSessions(ctx, sessionId)}`);
  const pool = mode ? all.filter((c2) => c2.mode === mode) : all;
  if (pool.length === 0) throw new StoreError(`${whose} has no ${mode} compactions (it has ${describeNs(all)})`);
  const preferred = modeOf(ctx.live);
  const byPreference = [...pool].sort((a, b) => Number(b.mode === preferred) - Number(a.mode === preferred));
  const c = n === void 0 ? newest(pool, preferred) : byPreference.find((x) => x.n === n);
  if (!c) throw new StoreError(`${whose} has no compaction n=${n} (it has ${describeNs(pool)})`);
  return { c, all };
}
function newest(pool, preferred) {
  const mine2 = pool.filter((c) => c.mode === preferred);
  return (mine2.length ? mine2 : pool).at(-1);
}
function describeNs(cs) {
  const by = /* @__PURE__ */ new Map();
  for (const c of cs) by.set(c.mode, [...by.get(c.mode) ?? [], c.n]);
  return [...by].map(([mode, ns]) => `${mode} n=${ranges(ns)}`).join(", ");
}
function ranges(ns) {
  const s = [...new Set(ns)].sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i < s.length; ) {
    let j = i;
    while (j + 1 < s.length && s[j + 1] === s[j] + 1) j++;
    out.push(i === j ? `${s[i]}` : `${s[i]}\u2013${s[j]}`);
    i = j + 1;
  }
  return out.join(", ");
}
function lookupCall(ctx, c, extra = {}) {
  const args = { n: c.n, ...extra };
  if (!mine(ctx, c.sessionId)) args.session = c.sessionId;
  if (c.mode !== modeOf(ctx.live)) args.mode = c.mode;
  return `handoff_lookup ${JSON.stringify(args).replace(/,"/g, ', "').replace(/":/g, '": ')}`;
}
async function logRead(ctx, tool, args, text, ms, extra = {}) {
  if (ctx.by === "cli" && !existsSync(ctx.dataDir)) return;
  const size = textSize(text);
  const row = {
    at: (ctx.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
    sessionId: ctx.sessionId,
    by: ctx.by,
    tool,
    args,
    chars: size.chars,
    lines: size.lines,
    approxTokens: size.approxTokens,
    ms,
    ...extra
  };
  await appendJsonl(join(ctx.dataDir, LOOKUPS_FILE), row);
  if (ctx.by === "tool" && ctx.sessionId) await appendJsonl(join(ctx.dataDir, MODE_DIRS[modeOf(ctx.live)], checkSessionId(ctx.sessionId), LOOKUPS_FILE), row);
}
function compactionLine(c) {
  const r = c.row;
  if (!r) return `n=${c.n}  ${when(c.at)}  ${c.mode}  (${c.problem})`;
  const sections = r.sections ?? [];
  const kept = sections.filter((s) => s.status === "ok").length;
  const parts = [
    `n=${c.n}`,
    when(c.at),
    c.mode,
    `${r.trigger}`,
    `${r.outcome}${r.reason ? ` (${String(r.reason).slice(0, 120)})` : ""}`,
    r.sizes?.handoff ? `handoff ${fmt(r.sizes.handoff.chars)} chars` : "no handoff",
    sections.length ? `${kept} of ${sections.length} sections kept` : null,
    spentOf(r)
  ];
  return parts.filter(Boolean).join("  ");
}
function spentOf(r) {
  const calls = Array.isArray(r.model?.calls) ? r.model.calls.filter((c) => c.answeredBy !== null).length : 0;
  const usd = r.cost?.usd;
  if (r.outcome === "pending") return null;
  if (calls === 0) return "no model calls";
  const n = `${calls} model call${calls === 1 ? "" : "s"}`;
  if (typeof usd === "number") return `${n} $${usd.toFixed(4)}`;
  const part = typeof r.cost?.pricedUsd === "number" ? ` $${r.cost.pricedUsd.toFixed(4)} priced,` : "";
  return `${n},${part} cost unknown (${String(r.cost?.reason ?? "unpriced").slice(0, 80)})`;
}
var bump = (m, k) => m[k] = (m[k] ?? 0) + 1;
function sessionSums(cs) {
  const out = {
    compactions: cs.length,
    restores: { files: 0, compactions: 0 },
    model: { calls: 0, usd: 0, pricedCompactions: 0, unpricedCompactions: 0 },
    agents: { compactions: 0, agents: 0, runningAtCompaction: 0 },
    fallbacks: {},
    arms: {},
    requested: {},
    coldForks: 0
  };
  const agents = /* @__PURE__ */ new Set();
  for (const c of cs) {
    const r = c.row;
    if (!r) continue;
    bump(out.arms, typeof r.arm === "string" ? r.arm : "unknown");
    if (typeof r.requestedBy === "string") bump(out.requested, r.requestedBy);
    if (r.outcome === "fallback") bump(out.fallbacks, typeof r.code === "string" ? r.code : "unknown");
    if (typeof r.agentId === "string") {
      out.agents.compactions++;
      agents.add(r.agentId);
    }
    if (typeof r.runningAgents === "number") out.agents.runningAtCompaction += r.runningAgents;
    if (r.fork?.cold === true) out.coldForks++;
    const restore = (r.sections ?? []).find((x) => x.name === "restore" && x.status === "ok");
    const files = Array.isArray(restore?.record?.restored) ? restore.record.restored.length : 0;
    if (files > 0) {
      out.restores.files += files;
      out.restores.compactions++;
    }
    const answered = Array.isArray(r.model?.calls) ? r.model.calls.filter((x) => x.answeredBy !== null).length : 0;
    out.model.calls += answered;
    if (typeof r.cost?.usd === "number") {
      out.model.usd += r.cost.usd;
      if (answered) out.model.pricedCompactions++;
    } else if (answered) {
      out.model.unpricedCompactions++;
      if (typeof r.cost?.pricedUsd === "number") out.model.usd += r.cost.pricedUsd;
    }
  }
  out.agents.agents = agents.size;
  out.model.usd = Math.round(out.model.usd * 1e6) / 1e6;
  return out;
}
var counts = (m) => Object.entries(m).map(([k, v]) => `${v} ${k}`).join(", ");
function sumLines(sums, these) {
  const m = sums.model;
  const unpriced = m.unpricedCompactions ? `; ${m.unpricedCompactions} compaction${m.unpricedCompactions === 1 ? "" : "s"} not priced (their priced part included)` : "";
  const a = sums.agents;
  return [
    `Model spent by compact-handoff in ${these} (beside the engine's own summaries): ${m.calls} call${m.calls === 1 ? "" : "s"}, $${m.usd.toFixed(4)} over ${m.pricedCompactions} priced compaction${m.pricedCompactions === 1 ? "" : "s"}${unpriced}`,
    `Restored: ${sums.restores.files} file${sums.restores.files === 1 ? "" : "s"} over ${sums.restores.compactions} compaction${sums.restores.compactions === 1 ? "" : "s"}`,
    `Arms: ${counts(sums.arms) || "none"}${Object.keys(sums.requested).length ? ` \xB7 asked for: ${counts(sums.requested)}` : ""}`,
    `Fallbacks: ${counts(sums.fallbacks) || "none"}`,
    `Agents: ${a.compactions} subagent compaction${a.compactions === 1 ? "" : "s"} (${a.agents} agent${a.agents === 1 ? "" : "s"}); ${a.runningAtCompaction} running when the conversation compacted${sums.coldForks ? ` \xB7 cold forks: ${sums.coldForks} (the summary's fork saw far less than the conversation)` : ""}`
  ];
}
async function lookupTotals(ctx, sessionId) {
  const by = /* @__PURE__ */ new Map();
  let calls = 0;
  let chars = 0;
  let lines = 0;
  let torn = 0;
  for (const mode of Object.keys(MODE_DIRS)) {
    const r = await readJsonl(join(ctx.dataDir, MODE_DIRS[mode], sessionId, LOOKUPS_FILE));
    torn += r.torn;
    for (const row of r.rows) {
      calls++;
      chars += Number(row.chars) || 0;
      lines += Number(row.lines) || 0;
      by.set(String(row.tool), (by.get(String(row.tool)) ?? 0) + 1);
    }
  }
  return { calls, chars, lines, approxTokens: Math.ceil(chars / 4), byTool: Object.fromEntries(by), torn };
}
async function status(ctx) {
  const mode = modeOf(ctx.live);
  const setting = ctx.live === null ? null : ctx.live ? "live: handoffs replace the conversation" : "rehearsal: handoffs are stored, Claude Code compacts as usual";
  const head = `compact-handoff ${ctx.pluginVersion}${setting ? ` \xB7 ${setting}` : ""}`;
  const lines = [head, `Data dir: ${ctx.dataDir}`];
  const these = ctx.by === "tool" ? "this session" : "the session";
  const compactions = ctx.sessionId ? await sessionCompactions(ctx.dataDir, checkSessionId(ctx.sessionId)) : [];
  const reads = ctx.sessionId ? await lookupTotals(ctx, ctx.sessionId) : null;
  if (ctx.sessionId) {
    lines.push(`Session: ${ctx.sessionId}`);
    if (compactions.length === 0) lines.push(`Compactions in ${these}: none yet${await alikeSessions(ctx, ctx.sessionId)}`);
    else {
      const outcomes = /* @__PURE__ */ new Map();
      for (const c of compactions) outcomes.set(String(c.row?.outcome ?? "unreadable"), (outcomes.get(String(c.row?.outcome ?? "unreadable")) ?? 0) + 1);
      lines.push(`Compactions in ${these}: ${compactions.length} (${[...outcomes].map(([k, v]) => `${v} ${k}`).join(", ")})`);
      for (const c of compactions) lines.push(`  ${compactionLine(c)}`);
      lines.push(...sumLines(sessionSums(compactions), these));
    }
    const r = reads;
    const tools = Object.entries(r.byTool).map(([k, v]) => `${k} ${v}`).join(", ");
    lines.push(
      r.calls === 0 ? `History read back in ${these}: nothing yet` : `History read back in ${these}: ${r.calls} call${r.calls === 1 ? "" : "s"} (${tools}): ${fmt(r.chars)} chars, ${fmt(r.lines)} lines, ~${fmt(r.approxTokens)} tokens (chars/4)${r.torn ? `; ${r.torn} torn log line skipped` : ""}`
    );
  }
  let index;
  try {
    index = await indexStats(ctx.dataDir);
    lines.push(
      index.exists ? `Search index: ${fmt(index.docs)} texts (${(index.textBytes / 1e6).toFixed(1)} MB) in ${fmt(index.chunks)} chunks, ${(index.bytes / 1e6).toFixed(1)} MB on disk; newest ${index.newest ? when(index.newest) : "none"}${index.pending ? `; ${index.pending} waiting to be indexed (compact-handoff index)` : ""}` : "Search index: none yet (made at the first compaction; search reads the files meanwhile)"
    );
  } catch (err) {
    index = { error: err.message };
    lines.push(`Search index: unreadable now (${index.error}); search reads the files instead`);
  }
  if (compactions.length) {
    const latest = newest(compactions, mode);
    lines.push(`Read back: ${lookupCall(ctx, latest)} \xB7 search: handoff_search {"query": "..."}`);
  }
  return {
    text: lines.join("\n"),
    data: {
      pluginVersion: ctx.pluginVersion,
      live: ctx.live,
      dataDir: ctx.dataDir,
      sessionId: ctx.sessionId,
      compactions: compactions.map(summaryOf),
      sums: ctx.sessionId ? sessionSums(compactions) : null,
      lookups: reads,
      index
    }
  };
}
function summaryOf(c) {
  return {
    sessionId: c.sessionId,
    mode: c.mode,
    n: c.n,
    at: c.at,
    outcome: c.row?.outcome ?? null,
    trigger: c.row?.trigger ?? null,
    reason: c.row?.reason ?? null,
    files: c.row?.files ?? null,
    sizes: c.row?.sizes ?? null
  };
}
async function list(ctx, args) {
  const limit = args.limit ?? 50;
  const all = args.scope === "all" || args.session === void 0 && !ctx.sessionId;
  if (all) {
    const index = await readJsonl(join(ctx.dataDir, INDEX_FILE));
    const sessions = /* @__PURE__ */ new Map();
    for (const r of index.rows) {
      if (typeof r.sessionId !== "string") continue;
      const s = sessions.get(r.sessionId) ?? { rows: [] };
      const same = s.rows.findIndex((x) => x.mode === r.mode && x.lineage?.n === r.lineage?.n && x.outcome === "pending");
      if (same >= 0) s.rows.splice(same, 1);
      s.rows.push(r);
      sessions.set(r.sessionId, s);
    }
    const ordered = [...sessions].sort((a, b) => String(b[1].rows.at(-1)?.at).localeCompare(String(a[1].rows.at(-1)?.at)));
    const shown2 = ordered.slice(0, limit);
    const lines2 = [
      ordered.length === 0 ? `No compactions on this machine yet (${join(ctx.dataDir, INDEX_FILE)})` : `Sessions that compacted on this machine: ${ordered.length}${ordered.length > shown2.length ? `, newest ${shown2.length} shown` : ""} (newest first)`,
      ...shown2.map(([id, s]) => {
        const last = s.rows.at(-1);
        const modes = [...new Set(s.rows.map((r) => r.mode))].join("+");
        const cwd = typeof last.cwd === "string" ? `  ${last.cwd}` : "";
        return `${id}  ${s.rows.length} compaction${s.rows.length === 1 ? "" : "s"} (${modes})  newest n=${last.lineage?.n} ${when(String(last.at))} ${last.outcome}${cwd}`;
      })
    ];
    if (index.torn) lines2.push(`(${index.torn} torn line${index.torn === 1 ? "" : "s"} in index.jsonl skipped: line ${index.tornLines.join(", ")})`);
    if (shown2.length) lines2.push(`One session's compactions: handoff_list {"session": "<id>"}`);
    return {
      text: lines2.join("\n"),
      data: { sessions: shown2.map(([id, s]) => ({ sessionId: id, compactions: s.rows.length, newest: s.rows.at(-1) })), torn: index.torn }
    };
  }
  const sessionId = sessionOf(ctx, args.session);
  const cs = await sessionCompactions(ctx.dataDir, sessionId);
  const whose = nameOf(ctx, sessionId);
  if (cs.length === 0) return { text: `${whose} has no stored compactions yet${await alikeSessions(ctx, sessionId)}`, data: { sessionId, compactions: [] } };
  const shown = cs.slice(-limit);
  const lines = [`Compactions of ${whose}: ${cs.length}${cs.length > shown.length ? `, newest ${shown.length} shown` : ""} (oldest first)`];
  for (const c of shown) {
    lines.push(compactionLine(c));
    const r = c.row;
    if (!r) continue;
    const files = ["handoff", "summary", "transcript"].filter((k) => r.files?.[k]).map((k) => `${k} ${fmt(r.sizes?.[k]?.lines ?? 0)} lines`);
    if (files.length) lines.push(`    files: ${files.join(", ")}`);
    const sections = (r.sections ?? []).map((s) => s.status === "ok" ? s.name : `${s.name} dropped (${s.code})`);
    if (sections.length) lines.push(`    sections: ${sections.join(", ")}`);
    lines.push(`    read: ${lookupCall(ctx, c)}`);
  }
  return { text: lines.join("\n"), data: { sessionId, compactions: shown.map(summaryOf) } };
}
var MAX_LINES = 400;
var MAX_CHARS = 4e4;
function sectionDocument(c, handoff, name) {
  const sections = c.row?.sections ?? [];
  const s = sections.find((x) => x.name === name);
  if (!s) throw new StoreError(`n=${c.n} has no section "${name}" (it has ${sections.map((x) => x.name).join(", ") || "none recorded"})`);
  const state = s.status === "ok" ? `kept, ${fmt(s.chars ?? 0)} chars` : `dropped: ${s.code}${s.message ? ` ${s.message}` : ""}`;
  const out = [`Section ${s.name} of compaction n=${c.n} (${state})`, ""];
  let body = s.body ?? null;
  if (body === null && handoff && s.title) {
    const lines = handoff.split("\n");
    const start = lines.indexOf(`## ${s.title}`);
    if (start !== -1) {
      let end = start + 1;
      while (end < lines.length && !lines[end].startsWith("## ")) end++;
      body = lines.slice(start + 1, end).join("\n").trim();
    }
  }
  out.push(body ?? "(its text is not in the stored handoff)");
  if (s.record && Object.keys(s.record).length) {
    out.push("", `Record (everything the section kept, at full length):`);
    for (const [k, v] of Object.entries(s.record)) {
      if (Array.isArray(v)) {
        out.push(`${k} (${v.length}):`);
        for (const item of v) out.push(`  ${typeof item === "string" ? item : JSON.stringify(item)}`);
      } else out.push(`${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`);
    }
  }
  return out.join("\n");
}
async function readText(path) {
  try {
    return await readFile(path, "utf8");
  } catch (err) {
    if (err.code === "ENOENT") return null;
    throw err;
  }
}
async function lookup(ctx, args) {
  if (args.file !== void 0 && args.section !== void 0) throw new StoreError('give "file" or "section", not both');
  const sessionId = sessionOf(ctx, args.session);
  const { c } = await pick(ctx, sessionId, args.n, args.mode);
  const file = args.file ?? "handoff";
  const handoffPath = join(c.dir, `${c.stem}${TEXT_KINDS.handoff}`);
  let doc;
  let what;
  if (typeof args.section === "string") {
    doc = sectionDocument(c, await readText(handoffPath), args.section);
    what = `section ${args.section}`;
  } else if (file === "row") {
    const row = await readText(c.rowFile);
    if (row === null) throw new StoreError(`n=${c.n} has no row file`);
    const feedback2 = await readJsonl(feedbackFile(c.rowFile));
    doc = row.trimEnd() + (feedback2.rows.length ? `

Feedback on this compaction:
${feedback2.rows.map((f) => `${f.at}  ${f.note}`).join("\n")}` : "");
    what = `row (${c.rowFile.slice(ctx.dataDir.length + 1)})`;
  } else {
    const path = join(c.dir, `${c.stem}${TEXT_KINDS[file]}`);
    const text = await readText(path);
    if (text === null) {
      const why = file === "handoff" && c.row?.outcome === "fallback" ? ` (it fell back: ${c.row.reason})` : "";
      throw new StoreError(`n=${c.n} has no stored ${file}${why}; it has ${FILES.filter((f) => c.row?.files?.[f]).join(", ") || "only its row"}`);
    }
    doc = text;
    what = `${file} (${path.slice(ctx.dataDir.length + 1)})`;
  }
  const lines = doc.endsWith("\n") ? doc.slice(0, -1).split("\n") : doc.split("\n");
  const total = lines.length;
  const from = args.from ?? 1;
  if (from > total) throw new StoreError(`from ${from} is past the end: n=${c.n} ${what.split(" (")[0]} has ${fmt(total)} line${total === 1 ? "" : "s"}`);
  const asked = args.to;
  if (asked !== void 0 && asked < from) throw new StoreError(`to ${asked} is before from ${from}`);
  let to = Math.min(asked ?? from + MAX_LINES - 1, total, from + MAX_LINES - 1);
  const out = [];
  let chars = 0;
  for (let i = from; i <= to; i++) {
    const whole = `${i}	${lines[i - 1]}`;
    const line = whole.length <= MAX_CHARS ? whole : `${whole.slice(0, MAX_CHARS - 80)} [\u2026${fmt(whole.length - (MAX_CHARS - 80))} more chars on this line not shown (${fmt(MAX_CHARS)}-char cap)]`;
    if (chars + line.length > MAX_CHARS && out.length > 0) {
      to = i - 1;
      break;
    }
    out.push(line);
    chars += line.length + 1;
  }
  const ref = { sessionId: c.sessionId, mode: c.mode, n: c.n };
  const where = args.section !== void 0 ? { section: args.section } : file !== "handoff" ? { file } : {};
  const head = `n=${c.n} ${what}${!mine(ctx, c.sessionId) ? ` of session ${c.sessionId}` : ""}${c.mode !== modeOf(ctx.live) ? ` (${c.mode})` : ""}, ${when(c.at)}: lines ${from}\u2013${to} of ${fmt(total)}`;
  const tail = to < total && (asked === void 0 || to < asked) ? [`More: ${lookupCall(ctx, ref, { ...where, from: to + 1 })}`] : [];
  return { text: [head, ...out, ...tail].join("\n"), data: { ...ref, what, from, to, total, lines: out.map((l) => l.slice(l.indexOf("	") + 1)) } };
}
async function searchTool(ctx, args) {
  const query = String(args.query);
  const limit = args.limit ?? 20;
  const all = args.scope === "all" || args.session === void 0 && !ctx.sessionId;
  const sessionId = all ? null : sessionOf(ctx, args.session);
  if (args.session !== void 0 && sessionId && (await sessionCompactions(ctx.dataDir, sessionId, { rows: false })).length === 0) {
    throw new StoreError(`session ${sessionId} has no stored compactions (data dir ${ctx.dataDir})${await alikeSessions(ctx, sessionId)}`);
  }
  const r = await search(ctx.dataDir, { query, sessionId, limit });
  const where = all ? "in every session on this machine" : `in ${nameOf(ctx, sessionId)}`;
  const lines = [];
  if (r.hits.length === 0) {
    lines.push(`No match for ${JSON.stringify(query)} ${where} (handoffs, summaries and the conversations they replaced).`);
  } else {
    lines.push(
      `${r.more ? `First ${r.hits.length}` : r.hits.length} match${r.hits.length === 1 ? "" : "es"} for ${JSON.stringify(query)} ${where}, newest compaction first:`
    );
    for (const h2 of r.hits) {
      const who = all || !mine(ctx, h2.sessionId) ? `session ${h2.sessionId} ` : "";
      const mode = h2.mode !== modeOf(ctx.live) ? ` (${h2.mode})` : "";
      lines.push(`${who}n=${h2.n}${mode} ${h2.kind}:${h2.line}  ${h2.text}`);
    }
    const h = r.hits[0];
    lines.push(
      `Read around a match: ${lookupCall(ctx, h, { ...h.kind === "handoff" ? {} : { file: h.kind }, from: Math.max(1, h.line - 5), to: h.line + 5 })}`
    );
  }
  if (r.note) lines.push(`(${r.note})`);
  const text = lines.join("\n");
  return { text, data: { query, scope: all ? "all" : "session", sessionId, hits: r.hits, more: r.more, via: r.via, note: r.note, ms: r.ms } };
}
async function feedback(ctx, args) {
  const sessionId = sessionOf(ctx, void 0);
  const { c } = await pick(ctx, sessionId, args.n, void 0);
  const file = feedbackFile(c.rowFile);
  const row = { at: (ctx.now?.() ?? /* @__PURE__ */ new Date()).toISOString(), sessionId, n: c.n, mode: c.mode, by: ctx.by, note: String(args.note).trim() };
  await appendJsonl(file, row);
  return { text: `Noted with compaction n=${c.n} (${file.slice(ctx.dataDir.length + 1)}).`, data: row };
}
var LOGGED = /* @__PURE__ */ new Set(["handoff_list", "handoff_lookup", "handoff_search"]);
async function runTool(name, rawArgs, ctx) {
  const started = performance.now();
  if (!TOOL_NAMES.includes(name)) {
    return { text: `compact-handoff: no tool "${name}" (tools: ${TOOL_NAMES.join(", ")})`, data: null, error: true };
  }
  const tool = name;
  let answer;
  let args = {};
  try {
    args = checkArgs(tool, rawArgs);
    if (tool === "handoff_status") answer = await status(ctx);
    else if (tool === "handoff_list") answer = await list(ctx, args);
    else if (tool === "handoff_lookup") answer = await lookup(ctx, args);
    else if (tool === "handoff_search") answer = await searchTool(ctx, args);
    else answer = await feedback(ctx, args);
  } catch (err) {
    if (!(err instanceof StoreError)) throw err;
    answer = { text: `${tool}: ${err.message}`, data: null, error: true };
  }
  if (LOGGED.has(tool) && !answer.error) {
    const hits = tool === "handoff_search" ? { hits: answer.data.hits.length } : {};
    await logRead(ctx, tool, args, answer.text, Math.round(performance.now() - started), hits).catch(() => void 0);
  }
  return answer;
}
async function slashCommand(ctx, words) {
  const s = await runTool("handoff_status", {}, ctx);
  if (!words.trim()) {
    return { text: `${s.text}

/handoff <words> searches this session's stored history.`, data: { status: s.data } };
  }
  const found = await runTool("handoff_search", { query: words.trim() }, ctx);
  return { text: `${s.text}

${found.text}`, data: { status: s.data, search: found.data } };
}

// cli/history.ts
var VERSION = true ? "0.1.0" : "0.0.0-dev";
var EXIT = "Exit codes: 0 ok, 1 refused (an unknown session, a compaction or line that is not there), 2 usage error, 3 internal error.";
var COMMON = `  --data-dir DIR      the store (default: COMPACT_HANDOFF_DATA_DIR, else ~/.claude/compact-handoff)
  --json              print the answer as JSON
  --verbose           stack traces on errors`;
function parse(argv, options, usage) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: { "data-dir": { type: "string" }, json: { type: "boolean" }, ...options } });
  } catch (err) {
    throw usageError(usage, err);
  }
}
function int(flag, v) {
  if (v === void 0 || typeof v === "boolean") return void 0;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new HandoffError("USAGE", `--${flag} takes a whole number from 1 (got "${v}")`);
  return n;
}
function checkDataDir(dir) {
  let stats;
  try {
    stats = statSync(dir);
  } catch (err) {
    const code = err.code;
    if (code === "ENOENT") return;
    throw new HandoffError("DATA_DIR_UNUSABLE", `the data dir ${dir} cannot be read (${code ?? err.message})`);
  }
  if (!stats.isDirectory()) throw new HandoffError("DATA_DIR_UNUSABLE", `the data dir ${dir} is not a directory (--data-dir or COMPACT_HANDOFF_DATA_DIR)`);
  try {
    accessSync(dir, constants.R_OK | constants.X_OK);
  } catch (err) {
    throw new HandoffError("DATA_DIR_UNUSABLE", `the data dir ${dir} cannot be read (${err.code ?? err.message})`);
  }
}
function context(values) {
  return {
    dataDir: resolveDataDir(values["data-dir"]),
    sessionId: values.session ?? null,
    live: null,
    pluginVersion: VERSION,
    by: "cli"
  };
}
async function runFor(name, args, ctx) {
  try {
    checkArgs(name, args);
  } catch (err) {
    if (err instanceof StoreError) throw new HandoffError("USAGE", err.message);
    throw err;
  }
  return runTool(name, args, ctx);
}
function print(answer, json) {
  if (answer.error) throw new HandoffError("STORE_REFUSED", answer.text.replace(/^handoff_\w+: /, ""));
  process.stdout.write(json ? `${jsonForTerminal(answer.data)}
` : forTerminal(`${answer.text}
`));
  return 0;
}
function command(summary, usage, flags, run) {
  return {
    summary,
    usage,
    async run(argv) {
      const { values, positionals } = parse(argv, flags, usage);
      const dataDir = resolveDataDir(values["data-dir"]);
      checkDataDir(dataDir);
      try {
        return await run(values, positionals);
      } catch (err) {
        if (err instanceof StoreError) throw new HandoffError("STORE_REFUSED", err.message);
        const code = err?.code;
        if (code === "EACCES" || code === "EPERM" || code === "ENOTDIR") {
          throw new HandoffError("DATA_DIR_UNUSABLE", `cannot read the store in ${dataDir}: ${err.message}`);
        }
        throw err;
      }
    }
  };
}
var statusCommand = command(
  "a session's compactions, its history reads, the search index",
  `Usage: compact-handoff status [--session ID] [options]

What handoff_status tells a session: its compactions, how much history it read back, the search
index. Without --session, the store and its index only.

Options:
  --session ID        the session to report on
${COMMON}

${EXIT}`,
  { session: { type: "string" } },
  async (v) => print(await runFor("handoff_status", {}, context(v)), !!v.json)
);
var listCommand = command(
  "list a session's compactions, or every session that compacted",
  `Usage: compact-handoff list [--session ID | --all] [--limit N] [options]

A session's compactions with their files and sections; with --all (or no --session), every
session in the store's index.jsonl, newest first.

Options:
  --session ID        one session
  --all               every session
  --limit N           at most N (default 50)
${COMMON}

${EXIT}`,
  { session: { type: "string" }, all: { type: "boolean" }, limit: { type: "string" } },
  async (v) => {
    const args = {
      ...v.all ? { scope: "all" } : {},
      ...v.all ? {} : v.session ? { session: v.session } : {},
      ...v.limit ? { limit: int("limit", v.limit) } : {}
    };
    return print(await runFor("handoff_list", args, context({ ...v, session: v.all ? void 0 : v.session })), !!v.json);
  }
);
var lookupCommand = command(
  "read back a stored handoff, summary, conversation, row or section",
  `Usage: compact-handoff lookup --session ID [--n N] [--file F | --section NAME] [--from L] [--to L] [options]

Prints lines of what a compaction stored, numbered as search cites them (at most 400 lines or
40,000 chars at a time; the last line says how to go on).

Options:
  --session ID        the session (required)
  --n N               the compaction (default: the newest)
  --file F            handoff (default), summary, transcript (the conversation as it stood) or row
  --section NAME      one section of the handoff, with its full record (e.g. ledger)
  --from L, --to L    the lines to print (from 1)
  --mode M            live or rehearsal, when a session has both (default: live first)
${COMMON}

${EXIT}`,
  {
    session: { type: "string" },
    n: { type: "string" },
    file: { type: "string" },
    section: { type: "string" },
    from: { type: "string" },
    to: { type: "string" },
    mode: { type: "string" }
  },
  async (v) => {
    if (!v.session) throw new HandoffError("USAGE", "lookup needs --session ID (compact-handoff list --all names them)");
    const args = {};
    for (const k of ["n", "from", "to"]) if (v[k] !== void 0) args[k] = int(k, v[k]);
    for (const k of ["file", "section", "mode"]) if (v[k] !== void 0) args[k] = v[k];
    return print(await runFor("handoff_lookup", args, context(v)), !!v.json);
  }
);
var searchCommand = command(
  "search what earlier compactions replaced",
  `Usage: compact-handoff search <words...> [--session ID] [--limit N] [options]

Finds the words in order (the last one as a prefix, any case) in every stored conversation,
handoff and summary, newest compaction first; each match cites its session, n, file and line.

Options:
  --session ID        one session only (default: every session)
  --limit N           at most N matches (default 20, at most 100)
${COMMON}

${EXIT}`,
  { session: { type: "string" }, limit: { type: "string" } },
  async (v, positionals) => {
    const query = positionals.join(" ").trim();
    if (!query) throw new HandoffError("USAGE", "search needs the words to find: compact-handoff search <words...>");
    const args = { query, ...v.session ? { session: v.session } : { scope: "all" }, ...v.limit ? { limit: int("limit", v.limit) } : {} };
    return print(await runFor("handoff_search", args, context(v)), !!v.json);
  }
);
var indexCommand = command(
  "add every stored text the search index lacks (--rebuild: from scratch)",
  `Usage: compact-handoff index [--rebuild] [options]

Compactions index their own texts as they are stored. This adds whatever the index lacks: a store
written before the index existed, or texts an indexing run could not add. --rebuild starts from
an empty index.

Options:
  --rebuild           drop the index and index everything
${COMMON}

${EXIT}`,
  { rebuild: { type: "boolean" } },
  async (v) => {
    const dataDir = resolveDataDir(v["data-dir"]);
    const r = await reindexStore(dataDir, { rebuild: !!v.rebuild });
    process.stdout.write(
      v.json ? `${JSON.stringify(r)}
` : `indexed ${r.docs} text${r.docs === 1 ? "" : "s"} (${r.chunks} chunks) from ${r.sessions} session${r.sessions === 1 ? "" : "s"} in ${r.ms} ms (${dataDir})
`
    );
    return 0;
  }
);
var toolUsage = `Usage: compact-handoff tool <name>

Internal: the plugin's hooks module runs this for each history tool call. stdin is one JSON
object: { "args": {...}, "context": { "sessionId", "dataDir", "live", "pluginVersion" } }. The
answer (the tool's result text) is printed on stdout. <name> is one of ${TOOL_NAMES.join(", ")},
or handoff_command (what /handoff shows; args: { "words": "..." }).

Exit codes: 0 answered, 1 refused (the text says why in one line), 2 usage, 3 internal error.`;
async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString("utf8");
}
var toolCommand = {
  summary: "(internal) answer one history tool call for the plugin",
  usage: toolUsage,
  async run(argv) {
    const name = argv[0];
    if (!name || argv.length !== 1) {
      process.stderr.write(`${toolUsage}
`);
      return 2;
    }
    let input;
    try {
      input = JSON.parse(await readStdin() || "{}");
    } catch (err) {
      process.stdout.write(`${name}: the plugin sent arguments that are not JSON (${err.message})
`);
      return 1;
    }
    const c = input.context ?? {};
    const ctx = {
      dataDir: resolveDataDir(typeof c.dataDir === "string" ? c.dataDir : void 0),
      sessionId: typeof c.sessionId === "string" && c.sessionId ? c.sessionId : null,
      live: c.live === true,
      pluginVersion: typeof c.pluginVersion === "string" ? c.pluginVersion : VERSION,
      by: "tool"
    };
    const answer = name === "handoff_command" ? await slashCommand(ctx, typeof input.args?.words === "string" ? input.args.words : "") : await runTool(name, input.args, ctx);
    process.stdout.write(`${answer.text}
`);
    return answer.error ? 1 : 0;
  }
};

export {
  EXIT,
  COMMON,
  command,
  statusCommand,
  listCommand,
  lookupCommand,
  searchCommand,
  indexCommand,
  toolCommand
};
