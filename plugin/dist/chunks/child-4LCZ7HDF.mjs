#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  nextCompaction,
  resolveDataDir,
  transcriptDocument,
  writeCompaction
} from "./chunk-PDKMRWIH.mjs";
import {
  BRIDGE_PATHS,
  BRIDGE_TOKEN_HEADER,
  fallbackReason,
  indexPending
} from "./chunk-GPZWB6SD.mjs";
import {
  diskFilesUnder
} from "./chunk-5C3SQJ3M.mjs";
import {
  SeamDeniedError
} from "./chunk-3UAVYRSR.mjs";
import {
  fileTouches,
  readEngineMessages,
  readPolicy,
  vetForRead
} from "./chunk-P7OMPM52.mjs";
import {
  systemClock
} from "./chunk-5VTZYHP3.mjs";
import {
  messageChars
} from "./chunk-7KAIWO3K.mjs";
import "./chunk-ORPKAE4C.mjs";
import "./chunk-JULZ67VA.mjs";

// engine/child.ts
import { watch } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { dirname, join as join3 } from "node:path";

// engine/bridge.ts
var BridgeError = class extends Error {
  constructor(call, message) {
    super(message);
    this.call = call;
    this.name = "BridgeError";
  }
  call;
};
function createBridge(opts) {
  const waiting = /* @__PURE__ */ new Map();
  let nextId = 1;
  let closed = false;
  let closedWhy = "the bridge is closed";
  return {
    get pending() {
      return waiting.size;
    },
    answer(answer2) {
      const w = waiting.get(answer2.id);
      if (!w) return;
      waiting.delete(answer2.id);
      if (answer2.ok) w.resolve(answer2.value);
      else w.reject(new BridgeError(w.call, `${w.call}: ${answer2.error}`));
    },
    request(call, args, signal) {
      if (closed) return Promise.reject(new BridgeError(call, `${call}: ${closedWhy}`));
      if (signal?.aborted) return Promise.reject(signal.reason ?? new Error("aborted"));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (!waiting.delete(id)) return;
          opts.send({ type: "cancel", id });
          reject(signal?.reason ?? new Error("aborted"));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        const done = () => signal?.removeEventListener("abort", onAbort);
        waiting.set(id, {
          call,
          resolve: (v) => {
            done();
            resolve(v);
          },
          reject: (e) => {
            done();
            reject(e);
          }
        });
        opts.send({ type: "request", id, call, args });
      });
    },
    close(why) {
      if (closed) return;
      closed = true;
      if (why) closedWhy = why;
      for (const [id, w] of waiting) {
        waiting.delete(id);
        w.reject(new BridgeError(w.call, `${w.call}: ${why ?? "the bridge closed before an answer came"}`));
      }
    }
  };
}

// engine/channel.ts
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
var HOLD_MS = 1e3;
async function openChannel() {
  const dir = mkdtempSync(join(tmpdir(), "ch-"));
  const socketPath = join(dir, "b.sock");
  const token = randomBytes(24).toString("hex");
  const lines = [];
  let fetched = 0;
  let handler = null;
  const early = [];
  const held = /* @__PURE__ */ new Set();
  const onFetched = [];
  const reply = (res, status, body) => {
    res.writeHead(status, { "content-type": "application/json", connection: "close" });
    res.end(body === void 0 ? "" : JSON.stringify(body));
  };
  const deliver = (after, res) => {
    const answer2 = { lines: lines.slice(after), next: lines.length };
    fetched = Math.max(fetched, lines.length);
    reply(res, 200, answer2);
    if (fetched >= lines.length) onFetched.splice(0).forEach((f) => f());
  };
  const server = createServer((req, res) => {
    if (req.headers[BRIDGE_TOKEN_HEADER] !== token) return reply(res, 403, { error: "not the hooks module" });
    const url = new URL(req.url ?? "/", "http://bridge");
    if (req.method === "GET" && url.pathname === BRIDGE_PATHS.lines) {
      const after = Math.max(0, Math.min(lines.length, Number(url.searchParams.get("after") ?? 0) || 0));
      if (after < lines.length) return deliver(after, res);
      const wait = { after, res, timer: setTimeout(() => (held.delete(wait), deliver(after, res)), HOLD_MS) };
      held.add(wait);
      res.on("close", () => (clearTimeout(wait.timer), held.delete(wait)));
      return;
    }
    if (req.method === "POST" && url.pathname === BRIDGE_PATHS.answer) {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        let answer2;
        try {
          answer2 = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch (err) {
          return reply(res, 400, { error: `not JSON: ${err.message}` });
        }
        if (handler) handler(answer2);
        else early.push(answer2);
        reply(res, 204);
      });
      return;
    }
    reply(res, 404, { error: `no ${req.method} ${url.pathname}` });
  });
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", removeDir);
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  server.unref();
  return {
    socketPath,
    token,
    send(line) {
      lines.push(line);
      for (const wait of held) {
        clearTimeout(wait.timer);
        held.delete(wait);
        deliver(wait.after, wait.res);
      }
    },
    onAnswer(h) {
      handler = h;
      early.splice(0).forEach(h);
    },
    drained(maxMs) {
      if (fetched >= lines.length) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, maxMs);
        onFetched.push(() => (clearTimeout(timer), resolve()));
      });
    },
    async close() {
      for (const wait of held) clearTimeout(wait.timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
      removeDir();
      process.off("exit", removeDir);
    }
  };
}

// engine/capabilities.ts
function reportedUsage(u) {
  if (!u) return null;
  const total = u.input_tokens + u.output_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;
  return total > 0 ? u : null;
}
var camel = (u) => u && {
  inputTokens: u.input_tokens,
  outputTokens: u.output_tokens,
  cacheReadTokens: u.cache_read_input_tokens,
  cacheWriteTokens: u.cache_creation_input_tokens
};
function answerOf(v, via, model) {
  const usage2 = reportedUsage(v.usage);
  if (v.isAnswered) return { isAnswered: true, text: v.text, ...model ? { model } : {}, ...usage2 ? { usage: camel(usage2) } : {}, via };
  const detail = v.status ? ` (status ${v.status}${v.error ? `, ${v.error}` : ""})` : "";
  return { isAnswered: false, reason: `${v.reason}${detail}` };
}
function engineHost(bridge, opts) {
  const now = opts.now ?? systemClock;
  const modelCalls = [];
  const reads = [];
  const hostPolicy = readPolicy(opts.cwd);
  const recordCall = (call, v, started, section) => modelCalls.push({
    section: section ?? null,
    call,
    answeredBy: v.isAnswered ? call : null,
    reason: v.isAnswered ? null : v.reason,
    ms: now() - started,
    usage: reportedUsage(v.usage)
  });
  const model = {
    async fork(req, signal) {
      const started = now();
      const forked = await bridge.request("model.fork", { prompt: req.prompt }, signal);
      recordCall("fork", forked, started, req.section);
      return answerOf(forked, "fork", opts.model);
    },
    async complete(req, signal) {
      const started = now();
      const chosen = req.model ?? opts.model;
      if (!chosen) return { isAnswered: false, reason: "no model named and the session reported none" };
      const v = await bridge.request(
        "model.complete",
        { model: chosen, prompt: req.prompt, ...req.system ? { system: req.system } : {}, ...req.maxTokens ? { maxTokens: req.maxTokens } : {} },
        signal
      );
      recordCall("complete", v, started, req.section);
      return answerOf(v, "complete", chosen);
    }
  };
  const files = {
    async read(req, signal) {
      const started = now();
      const record = (ok, via, reason) => reads.push({ section: req.section ?? null, path: req.path, ok, via, ms: now() - started, ...reason ? { reason } : {} });
      const policy = req.policy ?? hostPolicy;
      if (!opts.live) {
        const answer2 = await diskFilesUnder(policy).read({ ...req, policy }, signal);
        record(answer2.ok, "disk", answer2.ok ? void 0 : answer2.reason);
        return answer2;
      }
      const vetted = await vetForRead(req.path, policy, signal);
      if (!vetted.ok) {
        record(false, "read-tool", vetted.reason);
        return vetted;
      }
      const v = await bridge.request(
        "files.read",
        { path: vetted.path, ...req.offset ? { offset: req.offset } : {}, ...req.limit ? { limit: req.limit } : {} },
        signal
      );
      record(v.ok, "read-tool", v.ok ? void 0 : v.reason);
      return v;
    }
  };
  return {
    capabilities: { host: "engine", model, files, now },
    modelCalls,
    reads,
    usage() {
      const all = modelCalls.map((c) => c.usage).filter((u) => u !== null);
      if (all.length === 0) return void 0;
      return all.reduce((a, u) => ({
        input_tokens: a.input_tokens + u.input_tokens,
        output_tokens: a.output_tokens + u.output_tokens,
        cache_read_input_tokens: a.cache_read_input_tokens + u.cache_read_input_tokens,
        cache_creation_input_tokens: a.cache_creation_input_tokens + u.cache_creation_input_tokens
      }));
    }
  };
}

// engine/keep.ts
var DEFAULT_MAX_KEEP_CHARS = 6e4;
var HANDOFF = "<!-- compact-handoff:";
var CONTINUATION = "This session is being continued from a previous conversation";
function roughKind(m) {
  if (m.role === "assistant") return "assistant";
  if (m.toolResults?.length && m.text.trim() === "") return "tool-results";
  const t = m.text.trimStart();
  if (t.startsWith(HANDOFF)) return "handoff";
  if (t.startsWith(CONTINUATION)) return "compact-summary";
  return t === "" ? "meta" : "typed";
}
function chars(m) {
  return m.text.length + m.toolUses.reduce((n, u) => n + JSON.stringify(u.input).length, 0) + (m.toolResults ?? []).reduce((n, r) => n + r.text.length, 0);
}
function turnStart(messages, kindOf) {
  for (let i = messages.length - 1; i >= 0; i--) {
    const k = kindOf(i);
    if (k === "typed") return i;
    if (k === "handoff" || k === "compact-summary") return i + 1;
  }
  return 0;
}
function keepPlan(messages, opts = {}) {
  const kindOf = (i) => opts.kindOf?.(i) ?? roughKind(messages[i]);
  let start = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === "assistant" && m.text.trim() !== "") {
      start = i;
      break;
    }
  }
  let why = "last-assistant-text";
  if (start < 0) {
    start = turnStart(messages, kindOf);
    why = "turn-in-progress";
    if (start >= messages.length) return { keep: [], why: "nothing", capped: false, extended: false, orphanResults: [] };
  }
  const cap = opts.maxKeepChars ?? DEFAULT_MAX_KEEP_CHARS;
  let size = 0;
  for (let i = messages.length - 1; i >= start; i--) size += chars(messages[i]);
  let capped = false;
  if (size > cap) {
    let chosen = -1;
    for (let i = start; i < messages.length; i++) {
      if (i > start && messages[i].role === "assistant" && size <= cap) {
        chosen = i;
        break;
      }
      size -= chars(messages[i]);
    }
    for (let i = messages.length - 1; chosen < 0 && i > start; i--) if (messages[i].role === "assistant") chosen = i;
    if (chosen > start) {
      start = chosen;
      capped = true;
    }
  }
  const orphanResults = [];
  let extended = false;
  for (; ; ) {
    const uses = /* @__PURE__ */ new Set();
    const missing = [];
    for (let i = start; i < messages.length; i++) {
      for (const u of messages[i].toolUses) uses.add(u.tool_use_id);
      for (const r of messages[i].toolResults ?? []) if (!uses.has(r.tool_use_id) && !orphanResults.includes(r.tool_use_id)) missing.push(r.tool_use_id);
    }
    if (missing.length === 0) break;
    let earliest = start;
    for (const id of missing) {
      let found = -1;
      for (let j = start - 1; j >= 0; j--) {
        if (messages[j].toolUses.some((u) => u.tool_use_id === id)) {
          found = j;
          break;
        }
      }
      if (found < 0) orphanResults.push(id);
      else earliest = Math.min(earliest, found);
    }
    if (earliest < start) {
      start = earliest;
      extended = true;
    }
  }
  return { keep: Array.from({ length: messages.length - start }, (_, k) => start + k), why, capped, extended, orphanResults };
}

// engine/seam-subscribers.ts
function seamSubscribers(subscribers, bridge, run) {
  return subscribers.map(({ name, tool, hook }) => ({
    name,
    apply(hooks) {
      const raise = async (phase) => {
        const answer2 = await bridge.request("seam.raise", { tool, name, ...run, phase });
        if (answer2.status === "denied") throw new SeamDeniedError(`${tool} was denied: ${answer2.reason}`);
        if (answer2.status === "error") throw new Error(`${tool} reported an error: ${answer2.reason}`);
      };
      if (hook === "beforeCompact") hooks.beforeCompact.tapPromise(name, () => raise("before"));
      else hooks.done.tapPromise(name, () => raise("after"));
    }
  }));
}

// engine/field.ts
import { isAbsolute, join as join2, relative } from "node:path";
var recordOf = (result, name) => result.sections.find((s) => s.name === name)?.record;
function handoffRefs(result, handoff, transcript, cwd) {
  const abs = (p) => isAbsolute(p) ? p : join2(cwd, p);
  const restore = result.sections.find((s) => s.name === "restore");
  const restored = restore?.status === "ok" ? (recordOf(result, "restore")?.restored ?? []).flatMap(
    (f) => typeof f.path === "string" ? [abs(f.path)] : []
  ) : [];
  const ledger = recordOf(result, "ledger");
  const candidates = new Set([...fileTouches(transcript).keys()].map(abs));
  for (const f of ledger?.files ?? []) if (typeof f.path === "string") candidates.add(abs(f.path));
  const named = [...candidates].filter((p) => {
    if (restored.includes(p)) return false;
    const rel = relative(cwd, p);
    return handoff.includes(p) || !rel.startsWith("..") && rel !== "" && handoff.includes(rel);
  });
  const commands = [
    ...new Set(
      (ledger?.commands ?? []).flatMap((c) => typeof c.command === "string" ? [c.command.trim()] : [])
    )
  ];
  return { restored: [...new Set(restored)], named: named.sort(), commands };
}
var COLD_FORK_SHARE = 0.5;
function forkCheck(calls, conversationTokens) {
  const fork = calls.find((c) => c.answeredBy === "fork" && c.usage);
  if (!fork?.usage || conversationTokens <= 0) return null;
  const u = fork.usage;
  const inputTokens = u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;
  return { inputTokens, conversationTokens, cold: inputTokens < COLD_FORK_SHARE * conversationTokens };
}

// engine/child.ts
var VERSION = true ? "0.1.0" : "0.0.0-dev";
var usage = `Usage: compact-handoff engine [--standby] <rundir>

Internal: the plugin's hooks module runs this for each compaction. It reads the session.compact
event as JSON on stdin and writes one line on stdout, its hello, naming a Unix socket and a
token; over that socket the hooks module fetches its requests for engine capabilities and posts
the answers (engine/channel.ts). It stores the handoff and its row, ends with one
{"type":"done"} or {"type":"failed"} line, and exits once that is fetched. <rundir> is removed
before that line is sent. With --standby it loads itself and the config first and waits for
the event as <rundir>/input.json instead: a live session keeps one ready, so a compaction does
not wait for node to start.

Test only: COMPACT_HANDOFF_FAULT=crash|hang|empty makes the child exit without an answer, wait
forever, or build an empty handoff, so the end-to-end tests can check every fallback.

Exit codes: 0 done, 1 failed (the hooks module then lets the engine compact).`;
var Fallback = class extends Error {
  constructor(code, detail) {
    super(fallbackReason(code, detail));
    this.code = code;
    this.reason = this.message;
  }
  code;
  reason;
};
var chars4 = (n) => Math.ceil(n / 4);
function checkInput(raw) {
  const v = raw;
  const problems = [];
  if (!v || typeof v !== "object") throw new Fallback("bad-input", "stdin is not a JSON object");
  if (typeof v.sessionId !== "string" || !v.sessionId) problems.push("sessionId");
  if (typeof v.cwd !== "string") problems.push("cwd");
  if (!Array.isArray(v.messages)) problems.push("messages");
  if (!v.settings || typeof v.settings !== "object" || typeof v.settings.dataDir !== "string") problems.push("settings.dataDir");
  if (typeof v.trigger !== "string") problems.push("trigger");
  if (problems.length) throw new Fallback("bad-input", `missing or malformed ${problems.join(", ")}`);
  return v;
}
function settingsYaml(s) {
  const top = [];
  const handoff = [];
  const sections = [];
  const q = (v) => JSON.stringify(v);
  if (s.maxChars > 0) handoff.push(`  maxChars: ${Math.floor(s.maxChars)}`);
  if (s.maxFraction > 0) handoff.push(`  maxFraction: ${s.maxFraction}`);
  if ((s.seamTimeoutMs ?? 0) > 0) top.push(`seamTimeoutMs: ${Math.floor(s.seamTimeoutMs)}`);
  const restore = [
    ...(s.restoreFiles ?? 0) > 0 ? [`      maxFiles: ${Math.floor(s.restoreFiles)}`] : [],
    ...(s.restoreFileChars ?? 0) > 0 ? [`      fileChars: ${Math.floor(s.restoreFileChars)}`] : [],
    ...(s.restoreTotalChars ?? 0) > 0 ? [`      totalChars: ${Math.floor(s.restoreTotalChars)}`] : []
  ];
  const commitments = [
    ...s.commitmentsModel?.trim() ? [`      model: ${q(s.commitmentsModel.trim())}`] : [],
    ...(s.commitmentsMaxTokens ?? 0) > 0 ? [`      maxTokens: ${Math.floor(s.commitmentsMaxTokens)}`] : []
  ];
  if (restore.length) sections.push("  - name: restore", "    options:", ...restore);
  if (commitments.length) sections.push("  - name: commitments", "    options:", ...commitments);
  if (!top.length && !handoff.length && !sections.length) return null;
  return [
    "# from the plugin's userConfig (/plugin settings)",
    ...top,
    ...handoff.length ? ["handoff:", ...handoff] : [],
    ...sections.length ? ["sections:", ...sections] : [],
    ""
  ].join("\n");
}
async function settingsLayer(rundir, input) {
  const yaml = settingsYaml(input.settings);
  if (yaml === null) return [];
  const file = join3(rundir, "plugin-settings.pipeline.config.yaml");
  await writeFile(file, yaml, { mode: 384 });
  return [file];
}
var NO_REHEARSAL_MODEL = "model calls are off for rehearsals (rehearsalModel: false); the engine's own summary stands";
var refusedModel = {
  fork: async () => ({ isAnswered: false, reason: NO_REHEARSAL_MODEL }),
  complete: async () => ({ isAnswered: false, reason: NO_REHEARSAL_MODEL })
};
function sectionRows(result) {
  return result.sections.map((s) => {
    return {
      name: s.name,
      title: s.title,
      status: s.status,
      ...s.status === "dropped" ? { code: s.code, message: s.message } : {},
      chars: s.status === "ok" ? s.chars : s.chars ?? null,
      ms: s.ms,
      ...s.notes.length ? { notes: s.notes } : {},
      ...s.record ? { record: s.record } : {},
      ...s.status === "dropped" && s.body ? { body: s.body } : {}
    };
  });
}
var AGENT_TOOLS = /* @__PURE__ */ new Set(["Agent", "Task"]);
function runningAgentsOf(t) {
  const running = t.messages.flatMap(
    (m) => m.toolUses.filter((u) => AGENT_TOOLS.has(u.name) && !u.result).map((u) => ({ id: u.id, description: String(u.input.description ?? u.input.subagent_type ?? u.input.prompt ?? "").slice(0, 120) }))
  );
  return running.length ? { runningAgents: running } : {};
}
function summaryText(result) {
  const s = result?.sections.find((x) => x.name === "summary");
  return s?.status === "ok" ? s.body : null;
}
function modelPath(host) {
  const by = new Set((host?.modelCalls ?? []).map((c) => c.answeredBy).filter((x) => x !== null));
  if (by.size === 0) return null;
  if (by.size === 2) return "fork+complete";
  return [...by][0];
}
function forkField(calls, input) {
  const conversation = input.contextTokens ?? chars4(input.messages.reduce((n, m) => n + messageChars(m), 0));
  const check = forkCheck(calls, conversation);
  return check ? { fork: check } : {};
}
function baseRow(run, outcome, why) {
  const { input, result, host, now } = run;
  return {
    v: 1,
    at: run.at.toISOString(),
    sessionId: input.sessionId,
    mode: run.ref.mode,
    arm: input.settings.arm ?? (input.settings.live ? "handoff" : "stock"),
    ...input.settings.ab ? { ab: input.settings.ab } : {},
    trigger: input.trigger,
    ...input.settings.requestedBy ? { requestedBy: input.settings.requestedBy } : {},
    ...input.agentId ? { agentId: input.agentId } : {},
    outcome,
    ...why && "code" in why ? { code: why.code } : {},
    reason: why ? "code" in why ? why.reason : why.pending : null,
    lineage: { n: run.next.n, prev: run.next.prev },
    depth: run.next.depth,
    writtenBy: "child",
    pluginVersion: input.pluginVersion ?? VERSION,
    childVersion: VERSION,
    messages: input.messages.length,
    sections: result ? sectionRows(result) : [],
    summaryLine: result?.summaryLine ?? null,
    ...result?.notes.length ? { notes: result.notes } : {},
    chars: result ? run.handoff.length : null,
    model: { path: modelPath(host), calls: host?.modelCalls ?? [] },
    reads: host?.reads ?? [],
    usage: host?.usage() ?? null,
    cost: rowCost(result, host?.modelCalls ?? []),
    ...forkField(host?.modelCalls ?? [], input),
    // Agents still running as the conversation compacted; null before the messages were read.
    runningAgents: run.transcript ? runningAgentsOf(run.transcript).runningAgents?.length ?? 0 : null,
    ...result && run.transcript ? { handoffRefs: handoffRefs(result, run.handoff, run.transcript, input.cwd) } : {},
    cwd: input.cwd,
    configProblems: run.configProblems.map((p) => `${p.file}:${p.line}:${p.col}  ${p.message}`),
    seam: result?.seam ?? [],
    ms: {
      pipeline: result?.ms ?? null,
      child: now() - run.started,
      sinceHook: input.hookStartedAt ? now() - input.hookStartedAt : null
    }
  };
}
var pipelineModules = null;
function loadPipeline() {
  pipelineModules ??= Promise.all([import("./build-ZH6523RW.mjs"), import("./sections-4ZXM5KIA.mjs")]);
  return pipelineModules;
}
async function runEngine(raw, deps) {
  const now = deps.now ?? Date.now;
  const started = now();
  const run = {
    deps,
    now,
    started,
    at: new Date(started),
    input: null,
    ref: null,
    next: null,
    transcript: null,
    host: null,
    bridge: null,
    result: null,
    handoff: "",
    pending: null,
    configProblems: []
  };
  try {
    const prepared = await prepare(run, raw);
    const built = await build(prepared);
    const stored = await store(built);
    await answer(built, stored);
    return true;
  } catch (err) {
    await fallBack(run, err);
    return false;
  }
}
async function prepare(run, raw) {
  const { deps } = run;
  const input = run.input = checkInput(raw);
  if (!input.late) void loadPipeline().catch(() => void 0);
  const mode = input.settings.live ? "live" : "rehearsal";
  const ref = run.ref = { dataDir: resolveDataDir(input.settings.dataDir || void 0, deps.env ?? process.env), mode, sessionId: input.sessionId };
  try {
    run.next = await nextCompaction(ref);
  } catch (err) {
    throw new Fallback("store-unreadable", err.message);
  }
  run.transcript = (deps.readMessages ?? readEngineMessages)(input.messages, { sessionId: input.sessionId, cwd: input.cwd, model: input.model });
  const bridge = run.bridge = createBridge({ send: deps.send });
  deps.connect?.(bridge);
  const gone = () => bridge.close(`the engine went away before it answered (${String(deps.engineGone?.reason ?? "unknown")})`);
  if (deps.engineGone?.aborted) gone();
  else deps.engineGone?.addEventListener("abort", gone, { once: true });
  run.host = engineHost(bridge, { model: input.model, live: input.settings.live, cwd: input.cwd });
  const ready = run;
  if (input.late) await storePending(ready);
  return ready;
}
async function storePending(run) {
  const { input, ref, next, at } = run;
  try {
    run.pending = await writeCompaction(ref, {
      row: {
        ...baseRow(run, "pending", { pending: "late: the engine compacted without waiting; this rehearsal's model work runs after it" }),
        late: { pid: process.pid, host: hostname(), startedAt: at.toISOString() }
      },
      transcript: transcriptOf(run.transcript, input.sessionId, next.n),
      at,
      index: "defer"
    });
  } catch (err) {
    throw new Fallback("store-unwritable", err.message);
  }
  const { files, sizes } = run.pending.row;
  run.deps.send({ type: "pending", row: files.row, dataDir: ref.dataDir, n: next.n, prev: next.prev, at: at.toISOString(), files, sizes });
}
async function build(run) {
  const { input, next, transcript, host, deps } = run;
  const capabilities = !input.settings.live && input.settings.rehearsalModel === false ? { ...host.capabilities, model: refusedModel } : host.capabilities;
  const pipelineInput = {
    trigger: input.trigger,
    ...input.instructions ? { instructions: input.instructions } : {},
    sessionId: input.sessionId,
    cwd: input.cwd,
    ...input.contextWindow ? { contextWindow: input.contextWindow } : {},
    ...input.model ? { model: input.model } : {},
    transcript,
    lineage: { n: next.n, prev: next.prev, earlier: next.earlier },
    ...runningAgentsOf(transcript)
  };
  const [{ buildHandoff, configFiles, configProblemsAhead }, { builtinSections }] = await loadPipeline();
  const files = configFiles(await settingsLayer(deps.rundir, input), deps.env ?? process.env);
  if (input.late) {
    const ahead = configProblemsAhead({ configFiles: files, builtins: builtinSections });
    if (ahead?.length) {
      deps.send({ type: "notices", notices: [configNotice(ahead)] });
      run.configToldEarly = true;
    }
  }
  try {
    ;
    ({ result: run.result, configProblems: run.configProblems } = await (deps.build ?? buildHandoff)({
      input: pipelineInput,
      capabilities,
      configFiles: files,
      lenient: true,
      builtins: builtinSections,
      subscribers: seamSubscribers(input.subscribers ?? [], run.bridge, {
        sessionId: input.sessionId,
        trigger: input.trigger,
        messageCount: transcript.messages.length,
        mode: input.settings.live ? "live" : "rehearsal"
      })
    }));
  } catch (err) {
    throw new Fallback("pipeline-threw", err.message);
  }
  run.bridge.close();
  const result = run.result;
  run.handoff = deps.fault === "empty" ? "" : result.handoff;
  if (!run.handoff.trim()) throw new Fallback("empty-handoff", `the pipeline returned no handoff text (${result.summaryLine})`);
  if (!result.sections.some((s) => s.status === "ok")) throw new Fallback("no-sections-kept", result.summaryLine);
  return run;
}
async function store(run) {
  const { input, transcript, result, handoff } = run;
  const kinds = new Map(transcript.messages.filter((m) => m.uuid).map((m) => [m.uuid, m.kind]));
  const plan = keepPlan(input.messages, { kindOf: (i) => input.messages[i].handle ? kinds.get(input.messages[i].handle) : void 0 });
  const keptMessages = plan.keep.map((i) => input.messages[i]);
  const tokensBefore = input.contextTokens ?? chars4(input.messages.reduce((n, m) => n + messageChars(m), 0));
  const tokensAfter = chars4(handoff.length + result.messages.reduce((n, m) => n + messageChars(m), 0) + keptMessages.reduce((n, m) => n + messageChars(m), 0));
  const row = {
    ...baseRow(run, input.settings.live ? "replaced" : "rehearsed", null),
    kept: {
      from: plan.keep[0] ?? null,
      count: plan.keep.length,
      why: plan.why,
      capped: plan.capped,
      extended: plan.extended,
      orphanResults: plan.orphanResults
    },
    extraMessages: result.messages.length,
    tokens: { before: tokensBefore, after: tokensAfter, estimate: "chars/4" }
  };
  try {
    const written = await writeCompaction(run.ref, {
      row,
      handoff,
      summary: summaryText(result),
      transcript: run.pending ? null : transcriptOf(transcript, input.sessionId, run.next.n),
      at: run.at,
      index: "defer",
      ...completes(run.pending)
    });
    return { plan, tokensBefore, tokensAfter, written };
  } catch (err) {
    throw new Fallback("store-unwritable", err.message);
  }
}
function loadNotices(result) {
  const sections = result.sections.flatMap(
    (s) => s.status === "dropped" && s.code === "SECTION_LOAD_FAILED" ? [`section ${s.name} was left out: ${s.message.replace(/^\[section [^\]]+\] /, "")}`] : []
  );
  const subscribers = result.seam.flatMap((r) => r.hook === "load" ? [`subscriber ${r.name} was not loaded: ${r.message ?? "no reason given"}`] : []);
  return [...sections, ...subscribers];
}
var configNotice = (problems) => `your pipeline config override has ${problems.length} problem(s), so the default pipeline ran: ${problems.map((p) => `${p.file}:${p.line}:${p.col}  ${p.message}`).join("; ")}`;
async function answer(run, stored) {
  const { configProblems, result } = run;
  await cleanup(run.deps.rundir);
  const usage2 = run.host.usage();
  const notices = [...configProblems.length && !run.configToldEarly ? [configNotice(configProblems)] : [], ...loadNotices(result)];
  run.deps.send({
    type: "done",
    handoff: run.handoff,
    messages: result.messages,
    keep: stored.plan.keep,
    tokensBefore: stored.tokensBefore,
    tokensAfter: stored.tokensAfter,
    ...usage2 ? { usage: usage2 } : {},
    row: stored.written.row,
    ...notices.length ? { notices } : {}
  });
  await indexPending(run.ref.dataDir).catch(() => void 0);
}
async function fallBack(run, err) {
  run.bridge?.close();
  const why = err instanceof Fallback ? err : new Fallback("child-threw", err?.message ?? String(err));
  let rowWritten = false;
  if (run.input && run.ref && run.next) {
    try {
      await writeCompaction(run.ref, {
        row: baseRow(run, "fallback", why),
        handoff: run.handoff || null,
        summary: summaryText(run.result),
        transcript: run.transcript && !run.pending ? transcriptOf(run.transcript, run.input.sessionId, run.next.n) : null,
        at: run.at,
        ...completes(run.pending)
      });
      rowWritten = true;
    } catch {
    }
  }
  await cleanup(run.deps.rundir);
  run.deps.send({ type: "failed", code: why.code, reason: why.reason, rowWritten });
}
function completes(pending) {
  return pending ? { completes: { files: pending.row.files, sizes: pending.row.sizes } } : {};
}
function transcriptOf(t, sessionId, n) {
  try {
    return transcriptDocument(t, { sessionId, n });
  } catch {
    return null;
  }
}
function rowCost(result, calls) {
  if (!result) return { usd: null, reason: "the pipeline did not finish", basis: "unpriced" };
  const priced = result.sections.flatMap((s) => {
    const c = s.record?.cost;
    return c && typeof c === "object" ? [{ name: s.name, usd: typeof c.usd === "number" ? c.usd : null, reason: typeof c.reason === "string" ? c.reason : null }] : [];
  });
  const answered = calls.filter((c) => c.answeredBy !== null);
  const sum = Math.round(priced.reduce((n, p) => n + (p.usd ?? 0), 0) * 1e6) / 1e6;
  const pricedBy = new Set(priced.map((p) => p.name));
  const unaccounted = answered.filter((c) => c.section ? !pricedBy.has(c.section) : false);
  if (unaccounted.length > 0 || answered.length > priced.length) {
    const who = [...new Set(unaccounted.map((c) => c.section))].join(", ");
    return {
      usd: null,
      reason: `${answered.length} model call(s) answered, ${priced.length} on a section's record (${who ? `${who} made a call and left no cost` : "a section dropped after its call left no cost"})`,
      pricedUsd: sum,
      basis: "unpriced"
    };
  }
  if (priced.length === 0) return { usd: 0, basis: "no model call was answered" };
  const unpriced = priced.filter((p) => p.usd === null);
  if (unpriced.length)
    return {
      usd: null,
      reason: unpriced.map((p) => `${p.name}: ${p.reason ?? "unpriced"}`).join("; "),
      pricedUsd: sum,
      basis: "sum of the sections' recorded costs"
    };
  return { usd: sum, basis: `sum of the sections' recorded costs (${priced.map((p) => p.name).join(", ")})` };
}
async function cleanup(rundir) {
  await rm(rundir, { recursive: true, force: true }).catch(() => void 0);
  const parent = dirname(rundir);
  const stale = Date.now() - 6 * 60 * 60 * 1e3;
  try {
    for (const name of await readdir(parent)) {
      const p = join3(parent, name);
      const s = await stat(p).catch(() => null);
      if (s?.isDirectory() && s.mtimeMs < stale) await rm(p, { recursive: true, force: true }).catch(() => void 0);
    }
  } catch {
  }
}
var STANDBY_POLL_MS = 200;
async function standbyInput(rundir) {
  const file = join3(rundir, "input.json");
  return new Promise((resolve) => {
    let busy = false;
    const look = async () => {
      if (busy) return;
      busy = true;
      const text = await readFile(file, "utf8").catch(() => null);
      busy = false;
      if (text === null) return;
      try {
        JSON.parse(text);
      } catch {
        return;
      }
      watcher?.close();
      clearInterval(poll);
      resolve(text);
    };
    let watcher = null;
    try {
      watcher = watch(rundir, () => void look());
      watcher.on("error", () => void 0);
    } catch {
      watcher = null;
    }
    const poll = setInterval(() => void look(), STANDBY_POLL_MS);
    void look();
  });
}
async function warmUp() {
  try {
    const [{ configFiles, prepareSections }, { builtinSections }] = await loadPipeline();
    await prepareSections({ configFiles: configFiles([], process.env), builtins: builtinSections });
  } catch {
  }
}
async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString("utf8");
}
var DRAIN_MS = 1e4;
async function finish(channel, code) {
  await channel.drained(DRAIN_MS);
  await channel.close().catch(() => void 0);
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write("", () => resolve()))));
  process.exit(code);
}
function faultOf(env) {
  const f = env.COMPACT_HANDOFF_FAULT;
  return f === "crash" || f === "hang" || f === "empty" ? f : void 0;
}
var GONE_GRACE_MS = 1e4;
function lateExits() {
  const gone = new AbortController();
  const stop = (why) => {
    if (gone.signal.aborted) return;
    gone.abort(why);
    setTimeout(() => process.exit(143), GONE_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM: the engine is exiting"));
  process.stdout.on("error", (err) => stop(`its stdout closed: ${err.code ?? err.message}`));
  return gone.signal;
}
var engineCommand = {
  summary: "(internal) one compaction for the plugin: event on stdin, bridge over the socket its hello names",
  usage,
  async run(argv) {
    const standby = argv[0] === "--standby";
    const rundir = standby ? argv[1] : argv[0];
    if (!rundir || argv.length !== (standby ? 2 : 1)) {
      process.stderr.write(`${usage}
`);
      return 2;
    }
    await mkdir(rundir, { recursive: true, mode: 448 });
    const channel = await openChannel();
    const sendLine = (line) => channel.send(line);
    process.stdout.write(
      JSON.stringify({ type: "hello", pid: process.pid, version: VERSION, socket: channel.socketPath, token: channel.token }) + "\n"
    );
    console.log = console.info = console.debug = console.error;
    if (standby) await warmUp();
    const text = standby ? await standbyInput(rundir) : await readStdin();
    const fault = faultOf(process.env);
    if (fault === "crash") {
      process.stderr.write("compact-handoff engine: crashing on purpose (COMPACT_HANDOFF_FAULT=crash)\n");
      process.exit(70);
    }
    if (fault === "hang") {
      process.stderr.write("compact-handoff engine: hanging on purpose (COMPACT_HANDOFF_FAULT=hang)\n");
      await new Promise(() => setInterval(() => void 0, 6e4));
    }
    let raw;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      await cleanup(rundir);
      const why = new Fallback("bad-input", `stdin is not JSON (${err.message})`);
      sendLine({ type: "failed", code: why.code, reason: why.reason, rowWritten: false });
      return finish(channel, 1);
    }
    const engineGone = raw?.late === true ? lateExits() : void 0;
    if (!engineGone) process.once("SIGTERM", () => process.exit(143));
    const connect = (bridge) => channel.onAnswer((a) => bridge.answer(a));
    const ok = await runEngine(raw, { rundir, send: sendLine, connect, fault, ...engineGone ? { engineGone } : {} });
    return finish(channel, ok ? 0 : 1);
  }
};
export {
  engineCommand,
  loadNotices,
  rowCost,
  runEngine,
  runningAgentsOf,
  settingsYaml
};
