// Built by build.mjs from plugin/hooks/*.ts (edit those, then `npm run build`): the hooks module the engine loads.

// plugin/hooks/logic.ts
var DEFAULT_CHILD_TIMEOUT_MS = 6e5;
var PENDING_WAIT_MS = 3e3;
var COMPACTED_FORK = "nothing-to-fork: the engine had compacted before this fork was asked for, and a fork now would see the compacted conversation";
var PRECOMPUTE_SKIP = "compact-handoff builds its handoff when the compaction happens, not ahead of it";
var truthy = (v) => v !== void 0 && /^(1|true|yes|on)$/i.test(v.trim());
var num = (v, fallback) => typeof v === "number" && Number.isFinite(v) ? v : fallback;
var count = (v) => Math.max(0, Math.floor(num(v, 0)));
var DEFAULT_WATCH_TURNS = 10;
function resolveSettings(options, env) {
  const home = (env.home ?? "").replace(/\/+$/, "");
  const expand = (p) => p === "~" ? home : p.startsWith("~/") ? `${home}/${p.slice(2)}` : p;
  const setting = typeof options.dataDir === "string" ? options.dataDir.trim() : "";
  const fallback = home ? `${home}/.claude/compact-handoff` : "";
  const dataDir = setting ? expand(setting) : env.dataDir?.trim() ? expand(env.dataDir.trim()) : fallback;
  const nodePath = typeof options.nodePath === "string" && options.nodePath.trim() ? options.nodePath.trim() : "node";
  const flag = (v, fromEnv) => typeof v === "boolean" ? v : truthy(fromEnv);
  return {
    live: flag(options.live, env.live),
    dataDir,
    maxChars: Math.max(0, num(options.maxChars, 0)),
    maxFraction: Math.min(1, Math.max(0, num(options.maxFraction, 0))),
    subagents: flag(options.subagents, env.subagents),
    childTimeoutMs: Math.max(100, num(options.childTimeoutMs, DEFAULT_CHILD_TIMEOUT_MS)),
    nodePath: expand(nodePath),
    rehearsalModel: options.rehearsalModel !== false,
    restoreFiles: count(options.restoreFiles),
    restoreFileChars: count(options.restoreFileChars),
    restoreTotalChars: count(options.restoreTotalChars),
    commitmentsModel: typeof options.commitmentsModel === "string" ? options.commitmentsModel.trim() : "",
    commitmentsMaxTokens: count(options.commitmentsMaxTokens),
    seamTimeoutMs: count(options.seamTimeoutMs),
    abStockShare: Math.min(1, Math.max(0, num(options.abStockShare, 0))),
    watchTurns: Math.max(1, Math.floor(num(options.watchTurns, DEFAULT_WATCH_TURNS)))
  };
}
function passThrough(e, s) {
  if (e.trigger === "precompute") return "precompute";
  if (e.agentId !== void 0 && !s.subagents) return "subagent";
  return null;
}
function rowTrigger(e) {
  return e.trigger === "auto" && e.messages.at(-1)?.role === "assistant" ? "idle" : e.trigger;
}
function nodeVerdict(stdout) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(stdout.trim());
  if (!m) return { ok: false, reason: `"node --version" printed ${JSON.stringify(stdout.trim().slice(0, 40))}, not a version` };
  if (Number(m[1]) < 20) return { ok: false, reason: `node ${m[0]} is older than 20` };
  return { ok: true, version: m[0] };
}
function nodeMissingNotice(reason, nodePath) {
  return `compact-handoff: cannot run its pipeline (${reason}), so Claude Code compacts with its own summary in this session. To fix it, install Node.js 20 or later so that "${nodePath}" is on the PATH Claude Code starts with, or set "Node.js executable" (nodePath) to its full path under /plugin \u2192 compact-handoff \u2192 Configure options, then restart the session.`;
}
function readAnswer(r) {
  if (r.deny !== void 0) return { ok: false, reason: `denied: ${r.deny}` };
  if (r.isError) return { ok: false, reason: r.text ?? "the Read tool reported an error" };
  return { ok: true, text: r.text ?? (typeof r.result === "string" ? r.result : JSON.stringify(r.result)) };
}
function rebuild(m) {
  return {
    role: m.role,
    text: m.text,
    toolUses: m.toolUses.map((u) => ({ ...u })),
    ...m.toolResults ? { toolResults: m.toolResults.map((r) => ({ ...r })) } : {}
  };
}
function fromHandoffMessage(m) {
  return {
    role: m.role,
    text: m.text,
    toolUses: (m.toolUses ?? []).map((u) => ({ tool_use_id: u.id, tool: u.name, input: u.input })),
    ...m.toolResults?.length ? { toolResults: m.toolResults.map((r) => ({ tool_use_id: r.toolUseId, text: r.text, isError: r.isError })) } : {}
  };
}
function pairTools(messages) {
  const resultAt = /* @__PURE__ */ new Map();
  messages.forEach((m, i) => {
    for (const r of m.toolResults ?? []) if (!resultAt.has(r.tool_use_id)) resultAt.set(r.tool_use_id, i);
  });
  const called = /* @__PURE__ */ new Set();
  const resulted = /* @__PURE__ */ new Set();
  const out = [];
  messages.forEach((m, i) => {
    const toolUses = m.toolUses.filter((u) => !called.has(u.tool_use_id) && (resultAt.get(u.tool_use_id) ?? -1) > i);
    for (const u of toolUses) called.add(u.tool_use_id);
    const toolResults = (m.toolResults ?? []).filter((r) => called.has(r.tool_use_id) && !resulted.has(r.tool_use_id));
    for (const r of toolResults) resulted.add(r.tool_use_id);
    if (m.text === "" && toolUses.length === 0 && toolResults.length === 0) return;
    out.push({ role: m.role, text: m.text, toolUses, ...toolResults.length ? { toolResults } : {} });
  });
  return out;
}
function replacement(messages, done) {
  const keep = [...new Set(done.keep)].filter((i) => Number.isInteger(i) && i >= 0 && i < messages.length).sort((a, b) => a - b);
  const kept = keep.map((i) => rebuild(messages[i]));
  const [first, ...rest] = pairTools([{ role: "user", text: done.handoff, toolUses: [] }, ...done.messages.map(fromHandoffMessage), ...kept]);
  return [first, ...rest];
}
function fallbackRow(f) {
  return {
    v: 1,
    at: f.at.toISOString(),
    sessionId: f.sessionId,
    mode: f.live ? "live" : "rehearsal",
    arm: f.arm ?? (f.live ? "handoff" : "stock"),
    trigger: f.trigger,
    ...f.ab ? { ab: f.ab } : {},
    ...f.requestedBy ? { requestedBy: f.requestedBy } : {},
    ...f.agentId ? { agentId: f.agentId } : {},
    outcome: "fallback",
    code: f.code,
    reason: f.reason,
    lineage: { n: f.n, prev: f.prev },
    depth: f.n,
    writtenBy: "hooks",
    pluginVersion: f.pluginVersion,
    childVersion: null,
    messages: f.messages,
    runningAgents: null,
    sections: [],
    summaryLine: null,
    chars: null,
    model: { path: null, calls: [] },
    reads: [],
    usage: null,
    cost: { usd: null, reason: "the pipeline did not run, so no model call was made by it", basis: "unpriced" },
    cwd: f.cwd ?? null,
    configProblems: [],
    seam: [],
    ms: { pipeline: null, child: null, sinceHook: f.hookMs }
  };
}
function lateRow(f, p, rowPath) {
  return {
    ...fallbackRow(f),
    cost: { usd: null, reason: "the late part ended before it could record its model calls", basis: "unpriced" },
    files: { ...p.files, row: rowPath },
    sizes: p.sizes,
    index: null
  };
}
function stderrTail(stderr) {
  const lines = stderr.trim().split("\n").filter((l) => l.trim());
  const named = lines.findLastIndex((l) => /^\s*(?:[A-Z]\w*)?(?:Error|Exception)\b[^:]*:/.test(l));
  if (named >= 0)
    return [
      lines[named].trim(),
      ...lines.slice(named + 1, named + 2).filter((l) => /^\s+at /.test(l)).map((l) => l.trim())
    ].join(" | ").slice(0, 300);
  return lines.slice(-2).join(" | ").slice(-300);
}
function storedRow(row, rowPath) {
  return { ...row, files: { handoff: null, summary: null, transcript: null, row: rowPath }, sizes: {}, index: null };
}
var APPEND_SCRIPT = `umask 077; line="$1"; shift; for log in "$@"; do if [ -s "$log" ] && [ -n "$(tail -c 1 "$log")" ]; then printf '\\n' >> "$log"; fi; cat "$line" >> "$log"; done; rm -f "$line"`;

// plugin/hooks/protocol.ts
function abDraw(sessionId) {
  let h = 2166136261;
  for (let i = 0; i < sessionId.length; i++) {
    h ^= sessionId.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h / 4294967296;
}
function armOf(sessionId, s) {
  if (!s.live) return "stock";
  return abDraw(sessionId) < (s.abStockShare ?? 0) ? "stock" : "handoff";
}
var CHILD_LINE_TYPES = ["hello", "request", "cancel", "pending", "notices", "done", "failed"];
var BRIDGE_PATHS = { lines: "/lines", answer: "/answer" };
var BRIDGE_TOKEN_HEADER = "x-compact-handoff-token";
var BRIDGE_ORIGIN = "http://compact-handoff";
var fallbackReason = (code, detail) => `${code}: ${detail}`;
var MODE_DIRS = { live: "sessions", rehearsal: "rehearsals" };
var modeDir = (live) => MODE_DIRS[live ? "live" : "rehearsal"];
var LATE_SUFFIX = ".late.json";
var WINDOW_FILE = "window.jsonl";
var postFile = (n) => `${padNumber(n)}.post.json`;
var padNumber = (n) => String(n).padStart(3, "0");
function fileStem(n, at) {
  return `${padNumber(n)}-${at.toISOString().replace(/[:.]/g, "-")}`;
}
var ROW_FILE = /^(\d{3,})-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.json$/;
var CLAIM_FILE = /^(\d{3,})\.claim$/;
function nextNumber(names) {
  let last = null;
  let top = 0;
  for (const name of names) {
    const row = ROW_FILE.exec(name);
    const claim = row ? null : CLAIM_FILE.exec(name);
    const n = Number((row ?? claim)?.[1] ?? 0);
    if (row && (last === null || n > last)) last = n;
    top = Math.max(top, n);
  }
  return { n: top + 1, prev: last };
}
var TOOL_PREFIX = "mcp__compact-handoff__";
var TOOL_NAMES = ["handoff_status", "handoff_list", "handoff_lookup", "handoff_search", "handoff_feedback"];
var LOOKUP_FILES = ["handoff", "summary", "transcript", "row"];
var session = { type: "string", description: "Another session's id (default: this session)." };
var scope = { type: "string", enum: ["session", "all"], description: '"session" (default): this session; "all": every session on this machine.' };
var HISTORY_TOOLS = [
  {
    name: "handoff_status",
    description: "compact-handoff: this session's compactions (number, time, outcome), how much history it has read back, whether handoffs are live or rehearsed, the plugin version and the search index.",
    inputSchema: { type: "object", properties: {}, additionalProperties: false }
  },
  {
    name: "handoff_list",
    description: `compact-handoff: list this session's compactions with their stored files and sections (or, with scope "all", every session on this machine that compacted).`,
    inputSchema: {
      type: "object",
      properties: { scope, session, limit: { type: "integer", minimum: 1, maximum: 200, description: "At most this many (default 50)." } },
      additionalProperties: false
    }
  },
  {
    name: "handoff_lookup",
    description: 'compact-handoff: read back what a compaction replaced. n picks the compaction (default: the newest); file is "handoff" (default), "summary", "transcript" (the conversation as it stood) or "row" (the stored record); section reads one section of the handoff with its full record (e.g. every shell command the ledger left out); from/to pick lines (numbered as handoff_search cites them).',
    inputSchema: {
      type: "object",
      properties: {
        n: { type: "integer", minimum: 1, description: "The compaction's number in its session." },
        file: { type: "string", enum: [...LOOKUP_FILES], description: 'Which stored file (default "handoff").' },
        section: { type: "string", description: "A section name (summary, ledger, state, commitments, turns, restore, ...): its text and full record." },
        from: { type: "integer", minimum: 1, description: "First line, from 1." },
        to: { type: "integer", minimum: 1, description: "Last line (inclusive)." },
        session,
        mode: { type: "string", enum: ["live", "rehearsal"], description: "Live or rehearsed compactions, when a session has both." }
      },
      additionalProperties: false
    },
    isDeferred: false
  },
  {
    name: "handoff_search",
    description: "compact-handoff: search what earlier compactions replaced (the conversations as they stood, handoffs, summaries). Matches the words of the query in order, the last one as a prefix, case-insensitive. Each match cites n, the file and the line, to read around with handoff_lookup.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, maxLength: 500, description: "Words or an exact string to find." },
        scope,
        session,
        limit: { type: "integer", minimum: 1, maximum: 100, description: "At most this many matches (default 20)." }
      },
      required: ["query"],
      additionalProperties: false
    },
    isDeferred: false
  },
  {
    name: "handoff_feedback",
    description: "compact-handoff: leave a note about a handoff (what it missed, what was wrong, what helped), stored with that compaction's record.",
    inputSchema: {
      type: "object",
      properties: {
        note: { type: "string", minLength: 1, maxLength: 4e3, description: "The note." },
        n: { type: "integer", minimum: 1, description: "Which compaction (default: the newest of this session)." }
      },
      required: ["note"],
      additionalProperties: false
    }
  }
];
var SLASH_COMMAND = {
  name: "handoff",
  description: "compact-handoff: this session's compactions and history reads; with words, searches what the compactions replaced",
  argumentHint: "[words to search]"
};
var SLASH_TOOL = "handoff_command";
var COMPACT_TOOL = {
  name: "handoff_compact",
  description: "compact-handoff: compact this conversation now, as /compact does, once the current turn has ended. Use when the context is full of work that is done and the next step starts fresh; the compaction is recorded as asked for by this tool.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false }
};
var SLASH_COMPACT_WORD = "compact";

// plugin/hooks/bridge.ts
function readHello(printed) {
  const nl = printed.indexOf("\n");
  if (nl < 0) return { hello: null };
  const first = printed.slice(0, nl);
  try {
    const v = JSON.parse(first);
    if (v?.type === "hello" && typeof v.socket === "string" && v.socket.startsWith("/") && typeof v.token === "string" && v.token.length >= 16) {
      return { hello: v };
    }
  } catch {
  }
  return { hello: null, refused: `its first line is not a hello: ${JSON.stringify(first.slice(0, 120))}` };
}
async function fetchLines($, hello, after) {
  const r = await $.http.fetch(`${BRIDGE_ORIGIN}${BRIDGE_PATHS.lines}?after=${after}`, {
    method: "GET",
    headers: { [BRIDGE_TOKEN_HEADER]: hello.token },
    socketPath: hello.socket
  });
  if (!r.ok) throw new Error(`the child's socket answered ${r.status}: ${r.text.slice(0, 200)}`);
  const got = JSON.parse(r.text);
  if (!Array.isArray(got.lines) || typeof got.next !== "number") throw new Error(`the child's socket answered ${r.text.slice(0, 200)}`);
  const lines = got.lines.filter((l) => CHILD_LINE_TYPES.includes(l?.type ?? ""));
  return { lines, next: got.next };
}
async function postAnswer($, hello, answer) {
  const r = await $.http.fetch(`${BRIDGE_ORIGIN}${BRIDGE_PATHS.answer}`, {
    method: "POST",
    headers: { [BRIDGE_TOKEN_HEADER]: hello.token, "content-type": "application/json" },
    body: JSON.stringify(answer),
    socketPath: hello.socket
  });
  if (!r.ok) throw new Error(`the child's socket answered ${r.status}: ${r.text.slice(0, 200)}`);
}

// plugin/hooks/watch.ts
var NOT_READ = /File has not been read yet/i;
function turnRows(rows) {
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i];
    if (r.role === "user" && r.text.trim() !== "" && !(r.toolResults?.length ?? 0)) return rows.slice(i + 1);
  }
  return rows;
}
var resolvePath = (p, cwd) => p.startsWith("/") ? p : `${cwd.replace(/\/+$/, "")}/${p.replace(/^\.\//, "")}`;
function historyResults(tool, text, isError) {
  if (isError || text.startsWith(`${tool}:`)) return 0;
  const lines = text.split("\n");
  if (tool === "handoff_search") return lines.filter((l) => /^(session \S+ )?n=\d+( \(\w+\))? \w+:\d+ /.test(l)).length;
  if (tool === "handoff_lookup") return lines.filter((l) => /^\d+\t/.test(l)).length;
  if (tool === "handoff_list") return lines.filter((l) => /^n=\d+ /.test(l) || /^\S+ {2}\d+ compactions? \(/.test(l)).length;
  return text.trim() ? 1 : 0;
}
function turnCalls(turn, rows, cwd) {
  const out = { turn, toolCalls: 0, reads: [], commands: [], refusals: 0, history: [] };
  for (const r of rows) {
    for (const u of r.toolUses) {
      out.toolCalls++;
      if (u.tool === "Read" && typeof u.input.file_path === "string") out.reads.push(resolvePath(u.input.file_path, cwd));
      if (u.tool === "Bash" && typeof u.input.command === "string") out.commands.push(u.input.command.trim());
      if (u.isError && NOT_READ.test(u.text ?? "")) out.refusals++;
      const name = u.tool.startsWith(TOOL_PREFIX) ? u.tool.slice(TOOL_PREFIX.length) : null;
      if (name && TOOL_NAMES.includes(name)) {
        out.history.push({ tool: name, input: u.input, results: historyResults(name, u.text ?? "", u.isError === true) });
      }
    }
  }
  return out;
}
var unique = (xs) => [...new Set(xs)];
function postDoc(w) {
  const refs = w.refs;
  const reads = unique(w.turns.flatMap((t) => t.reads));
  const commands = unique(w.turns.flatMap((t) => t.commands));
  const first = w.turns.find((t) => t.toolCalls > 0);
  return {
    v: 1,
    compaction: w.n,
    arm: w.arm,
    drawn: w.drawn,
    watchTurns: w.watchTurns,
    turnsSeen: w.turns.length,
    complete: w.compactedAgain || w.turns.length >= w.watchTurns,
    reReadRestored: refs ? reads.filter((p) => refs.restored.includes(p)) : [],
    reReadNamed: refs ? reads.filter((p) => refs.named.includes(p) && !refs.restored.includes(p)) : [],
    reRunCommands: refs ? commands.filter((c) => refs.commands.includes(c)) : [],
    notReadRefusals: w.turns.reduce((n, t) => n + t.refusals, 0),
    historyCalls: w.turns.flatMap((t) => t.history),
    turnsToFirstToolCall: first ? first.turn : null,
    compactedAgain: w.compactedAgain,
    refsKnown: refs !== null,
    turns: [...w.turns]
  };
}
function watchFrom(doc) {
  const d = doc;
  if (!d || d.v !== 1 || typeof d.compaction !== "number" || !Array.isArray(d.turns) || d.arm !== "handoff" && d.arm !== "stock") return null;
  return {
    n: d.compaction,
    arm: d.arm,
    drawn: d.drawn === true,
    watchTurns: d.watchTurns ?? 10,
    turns: d.turns,
    compactedAgain: d.compactedAgain === true,
    refs: null
  };
}
function refsOf(row) {
  const r = row?.handoffRefs;
  if (!r || !Array.isArray(r.restored) || !Array.isArray(r.named) || !Array.isArray(r.commands)) return null;
  return { restored: r.restored, named: r.named, commands: r.commands };
}

// plugin/hooks/window.ts
var round = (x) => Math.round(x * 1e6) / 1e6;
function windowRow(f) {
  const u = f.usage;
  const fromUsage = u ? u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens : null;
  const tokens = typeof f.context?.tokens === "number" && f.context.tokens > 0 ? f.context.tokens : fromUsage && fromUsage > 0 ? fromUsage : null;
  const window = typeof f.context?.window === "number" && f.context.window > 0 ? f.context.window : null;
  const row = {
    v: 1,
    at: f.at.toISOString(),
    turn: f.turn,
    tokens,
    window,
    share: tokens !== null && window !== null ? round(tokens / window) : null,
    phase: f.phase
  };
  if (typeof f.handoffTokens === "number" && f.handoffTokens > 0 && window !== null) row.handoffShare = round(f.handoffTokens / window);
  if (u)
    row.usage = {
      input_tokens: u.input_tokens,
      output_tokens: u.output_tokens,
      cache_read_input_tokens: u.cache_read_input_tokens,
      cache_creation_input_tokens: u.cache_creation_input_tokens
    };
  if (tokens === null) row.reason = "the engine reported no usage for this turn (interrupted, or an API error)";
  else if (window === null) row.reason = "the engine did not say the model's context window";
  return row;
}
function lastWindowRow(tail) {
  const lines = tail.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const v = JSON.parse(lines[i]);
      if (typeof v.turn === "number" && typeof v.phase === "number") return { turn: v.turn, phase: v.phase };
    } catch {
    }
  }
  return null;
}

// plugin/hooks/field.ts
var state = null;
var heard = 0;
var queue = Promise.resolve();
var TURN_ROWS = 400;
var APPEND_STDIN = `umask 077; f="$1"; mkdir -p "$(dirname "$f")"; if [ -s "$f" ] && [ -n "$(tail -c 1 "$f")" ]; then printf '\\n' >> "$f"; fi; cat >> "$f"`;
var REPLACE_STDIN = 'umask 077; f="$1"; mkdir -p "$(dirname "$f")"; t="$(dirname "$f")/.$(basename "$f").$$"; cat > "$t" && mv -f "$t" "$f"';
var EMPTY_REFS = { restored: [], named: [], commands: [] };
async function sh($, script, path, stdin) {
  const r = await $.process.run(["sh", "-c", script, "sh", path], { stdin, timeoutMs: 5e3 });
  if (r.exitCode !== 0) throw new Error(`writing ${path}: ${r.stderr.trim() || `exit ${r.exitCode}`}`);
}
async function appendWindow($, st, line) {
  const file = `${st.dir}/${WINDOW_FILE}`;
  if (st.windowAbsent) await $.fs.write(file, line);
  else await sh($, APPEND_STDIN, file, line);
  st.windowAbsent = false;
}
async function readJson($, path) {
  try {
    return JSON.parse(await $.fs.read(path));
  } catch {
    return null;
  }
}
async function load($, s) {
  if (!s.dataDir) throw new Error("no data dir (HOME is not set and neither is the dataDir setting)");
  const [sessionId, cwd] = await Promise.all([$.session.id(), $.session.cwd()]);
  const arm = armOf(sessionId, s);
  const dir = `${s.dataDir}/${modeDir(s.live && arm === "handoff")}/${sessionId}`;
  const file = `${dir}/${WINDOW_FILE}`;
  let last = null;
  const [size, listed] = await Promise.all([
    $.fs.stat(file).then((st2) => st2.size).catch(() => null),
    $.fs.list(dir).catch(() => [])
  ]);
  if (size !== null && size > 0) {
    const from = Math.max(0, size - 8192);
    last = lastWindowRow(await $.fs.read(file, { offset: from, length: size - from }).catch(() => ""));
  }
  const st = {
    cwd,
    dir,
    arm,
    drawn: s.live,
    watchTurns: s.watchTurns ?? 10,
    turn: last?.turn ?? 0,
    phase: last?.phase ?? 0,
    handoffDue: null,
    watch: null,
    synced: 0,
    pendingSync: last !== null,
    windowAbsent: size === null
  };
  if (!last) {
    const names = listed.map((x) => x.name);
    st.phase = Math.max(0, nextNumber(names).n - 1 - heard);
  }
  return st;
}
async function compactionRow($, st, n) {
  const names = (await $.fs.list(st.dir).catch(() => [])).map((x) => x.name);
  const file = names.find((name) => Number(ROW_FILE.exec(name)?.[1] ?? 0) === n);
  if (!file) return null;
  const late = file.replace(/\.json$/, LATE_SUFFIX);
  const row = await readJson($, `${st.dir}/${names.includes(late) ? late : file}`);
  if (!row) return null;
  return { final: row.outcome !== "pending", row };
}
async function writePost($, st, w) {
  await sh($, REPLACE_STDIN, `${st.dir}/${postFile(w.n)}`, JSON.stringify(postDoc(w), null, 2) + "\n");
}
async function sync($, st, snapHeard) {
  const names = (await $.fs.list(st.dir).catch(() => [])).map((x) => x.name);
  const top = nextNumber(names).n - 1 - (heard - snapHeard);
  if (top >= st.phase + (snapHeard - st.synced)) st.synced = snapHeard;
  st.pendingSync = false;
  if (top > st.phase) {
    const open = st.watch ?? (st.phase > 0 && names.includes(postFile(st.phase)) ? watchFrom(await readJson($, `${st.dir}/${postFile(st.phase)}`)) : null);
    if (open && !postDoc(open).complete) {
      open.compactedAgain = true;
      open.refs ??= refsOf((await compactionRow($, st, open.n))?.row ?? null);
      await writePost($, st, open);
    }
    st.phase = top;
    st.handoffDue = top;
    st.watch = { n: top, arm: st.arm, drawn: st.drawn, watchTurns: st.watchTurns, turns: [], compactedAgain: false, refs: null };
  } else if (!st.watch && top > 0 && names.includes(postFile(top))) {
    const resumed = watchFrom(await readJson($, `${st.dir}/${postFile(top)}`));
    if (resumed && !postDoc(resumed).complete) st.watch = resumed;
  }
}
async function recordTurn($, e, settings, snap) {
  const st = state ??= await load($, await settings());
  if (st.pendingSync || snap.heard > st.synced) await sync($, st, snap.heard);
  st.turn++;
  const context = await snap.context;
  let handoffTokens = null;
  if (st.handoffDue !== null) {
    const r = await compactionRow($, st, st.handoffDue);
    const tokens = r?.final ? r.row.tokens?.after : void 0;
    handoffTokens = typeof tokens === "number" ? tokens : null;
    st.handoffDue = null;
  }
  const row = windowRow({ at: snap.at, turn: st.turn, phase: st.phase, ...e.usage ? { usage: e.usage } : {}, ...context ? { context } : {}, handoffTokens });
  await appendWindow($, st, JSON.stringify(row) + "\n");
  const w = st.watch;
  if (!w) return;
  if (!w.refs) {
    const r = await compactionRow($, st, w.n);
    if (r?.final) w.refs = refsOf(r.row) ?? EMPTY_REFS;
  }
  const rows = await snap.rows ?? [];
  w.turns.push(turnCalls(w.turns.length + 1, turnRows(rows), st.cwd));
  await writePost($, st, w);
  if (postDoc(w).complete) st.watch = null;
}
function turnEnded($, e, settings) {
  const watching = state === null || state.pendingSync || state.watch !== null || heard > state.synced;
  const snap = {
    at: /* @__PURE__ */ new Date(),
    heard,
    context: $.session.usage().then((u) => u.context).catch(() => void 0),
    rows: watching ? $.session.messages({ last: TURN_ROWS }).then(
      (r) => Array.isArray(r) ? r : null,
      () => null
    ) : null
  };
  queue = queue.then(() => recordTurn($, e, settings, snap)).catch((err) => {
    state = null;
    $.ui.log(`compact-handoff: could not record the turn's occupancy or watch: ${err?.message ?? String(err)}`, { to: "debug" });
  });
  if (compactAfterTurn) {
    compactAfterTurn = false;
    setTimeout(() => void runCompact($), 0);
  }
}
function compactionHeard() {
  heard++;
}
async function drained(ms) {
  let timer;
  await Promise.race([queue, new Promise((resolve) => timer = setTimeout(resolve, ms))]);
  clearTimeout(timer);
}
var requested = null;
var compactAfterTurn = false;
var REQUEST_TTL_MS = 12e4;
async function runCompact($) {
  for (let attempt = 1; ; attempt++) {
    try {
      await $.command.run({ command: "compact" });
      return;
    } catch (err) {
      const why = err?.message ?? String(err);
      if (/would wait on the turn/.test(why) && attempt < 20) {
        await new Promise((resolve) => setTimeout(() => resolve(), 100));
        continue;
      }
      requested = null;
      $.ui.log(`compact-handoff: the compaction asked for could not start: ${why}`);
      return;
    }
  }
}
function requestCompact($, by) {
  requested = { by, at: Date.now() };
  if (by === "handoff_compact") {
    compactAfterTurn = true;
    return "Compaction asked for: it runs as soon as this turn ends, and its row records that handoff_compact asked for it.";
  }
  setTimeout(() => void runCompact($), 0);
  return "Compacting now (asked for by /handoff compact).";
}
function takeRequest(trigger) {
  const r = requested;
  if (!r || trigger !== "manual" || Date.now() - r.at > REQUEST_TTL_MS) return void 0;
  requested = null;
  return r.by;
}

// plugin/hooks/version.ts
var PLUGIN_VERSION = "0.1.0";

// plugin/hooks/seam.ts
var MAX_SUBSCRIBERS = 16;
var subscribers = /* @__PURE__ */ new Map();
var PLUGIN_TOOL = /^mcp__[A-Za-z0-9._-]+__[A-Za-z0-9_-]+$/;
var NAME = /^[A-Za-z0-9][\w.@/-]{0,63}$/;
function subscribe(input, hook = "beforeCompact") {
  const v = input ?? {};
  if (typeof v.tool !== "string" || !PLUGIN_TOOL.test(v.tool)) {
    return {
      isSubscribed: false,
      reason: `tool must be the full name $.tool.register gave your tool, mcp__<plugin>__<name> (got ${JSON.stringify(v.tool ?? null)})`
    };
  }
  if (typeof v.name !== "string" || !NAME.test(v.name)) {
    return { isSubscribed: false, reason: `name must be 1 to 64 letters, digits or . _ - @ / (got ${JSON.stringify(v.name ?? null)})` };
  }
  const key = `${hook} ${v.name}`;
  if (!subscribers.has(key) && subscribers.size >= MAX_SUBSCRIBERS) {
    return { isSubscribed: false, reason: `this session has ${MAX_SUBSCRIBERS} subscriptions already` };
  }
  subscribers.set(key, { name: v.name, tool: v.tool, hook });
  return { isSubscribed: true, subscribers: subscribers.size };
}
function seamSubscribers() {
  return [...subscribers.values()];
}
function compactHandoffNoun() {
  return {
    beforeCompact: async (subscriber) => subscribe(subscriber, "beforeCompact"),
    afterCompact: async (subscriber) => subscribe(subscriber, "afterCompact"),
    version: async () => PLUGIN_VERSION
  };
}
async function raiseSubscriber($, args) {
  const { tool, sessionId, trigger, messageCount, phase, mode } = args;
  const answer = await $.tool.call({ tool, sessionId, trigger, messageCount, phase, mode });
  if (typeof answer.deny === "string") return { status: "denied", reason: answer.deny || "denied" };
  if (answer.isError === true) {
    const text = answer.text;
    return { status: "error", reason: typeof text === "string" && text ? text.slice(0, 500) : "the tool reported an error" };
  }
  return { status: "ok" };
}

// plugin/hooks/tools.ts
function toolArgs(e) {
  const out = {};
  for (const [k, v] of Object.entries(e)) if (!["tool", "tool_use_id", "agentId", "requestMeta"].includes(k)) out[k] = v;
  return out;
}
function toolText(name, r) {
  if ("failed" in r) return `${name}: could not run the history tools: ${r.failed}`;
  const out = r.stdout.trim();
  if ((r.exitCode === 0 || r.exitCode === 1) && out) return out;
  const why = r.stderr.trim().split("\n").filter(Boolean).slice(-1)[0] ?? "no output";
  return `${name}: the history tools exited with code ${r.exitCode}: ${why.slice(0, 300)}`;
}
function unanswered(what, error) {
  return `${what}: the history tool did not answer (${error.kind}${error.message ? `: ${error.message}` : ""})`;
}

// plugin/hooks/index.ts
var standby = null;
var SETTLED_MS = 2e3;
var STANDBY_DELAY_MS = 1500;
var node = null;
var nodeProbe = null;
var failed = (code, detail, extra = {}) => ({
  kind: "failed",
  code,
  reason: fallbackReason(code, detail),
  rowWritten: extra.rowWritten ?? false,
  ...extra.stale ? { stale: true } : {}
});
async function settingsOf($, options) {
  const [live, subagents, dataDir, home] = await Promise.all([
    $.env.get("COMPACT_HANDOFF_LIVE"),
    $.env.get("COMPACT_HANDOFF_SUBAGENTS"),
    $.env.get("COMPACT_HANDOFF_DATA_DIR"),
    $.env.get("HOME")
  ]);
  return resolveSettings(options, { live, subagents, dataDir, home });
}
async function compactionSettings($, e, s) {
  const sessionId = await $.session.id();
  const arm = armOf(sessionId, s);
  const requestedBy = takeRequest(e.trigger);
  return {
    ...s,
    live: s.live && arm === "handoff",
    arm,
    ...s.live ? { ab: { share: s.abStockShare ?? 0, draw: abDraw(sessionId) } } : {},
    ...requestedBy ? { requestedBy } : {}
  };
}
function nodeFor($, s) {
  nodeProbe ??= probeNode($, s.nodePath).then((probed) => {
    node = probed;
    if (!probed.ok) $.ui.log(nodeMissingNotice(probed.reason, s.nodePath));
    return probed;
  });
  return nodeProbe;
}
async function probeNode($, nodePath) {
  try {
    const r = await $.process.run([nodePath, "--version"], { timeoutMs: 1e4 });
    if (r.exitCode !== 0) return { ok: false, reason: `"${nodePath} --version" exited ${r.exitCode}` };
    return nodeVerdict(r.stdout);
  } catch (err) {
    return { ok: false, reason: `"${nodePath}" did not start: ${err.message}` };
  }
}
async function startStandby($, s) {
  if (!s.live || standby || !node?.ok) return;
  const env = await $.process.hookEnv();
  const rundir = `${env.CLAUDE_PLUGIN_DATA}/runs/${Date.now().toString(36)}-standby-${Math.random().toString(36).slice(2, 8)}`;
  const child = $.process.spawn({ argv: [s.nodePath, `${$.plugin.root}/dist/compact-handoff.mjs`, "engine", "--standby", rundir], input: "" });
  const ready = { child, rundir, nodePath: s.nodePath, first: child.next(), dead: false };
  ready.first.then(
    (r) => ready.dead = r.done === true,
    () => ready.dead = true
  );
  standby = ready;
}
function takeStandby(s) {
  const ready = standby;
  standby = null;
  if (!ready) return null;
  if (ready.dead || ready.nodePath !== s.nodePath) {
    void ready.child.return(void 0).catch(() => void 0);
    return null;
  }
  return ready;
}
async function serve($, req, hello, signal, late) {
  let answer;
  try {
    let value;
    if (req.call === "model.fork" && late?.compacted) {
      value = { isAnswered: false, reason: COMPACTED_FORK };
    } else if (req.call === "model.fork") {
      value = await $.model.fork({ prompt: req.args.prompt });
    } else if (req.call === "model.complete") {
      const { model, prompt, system, maxTokens } = req.args;
      value = await $.model.complete({ model, prompt, ...system ? { system } : {}, ...maxTokens ? { maxTokens } : {} }, { signal });
    } else if (req.call === "seam.raise") {
      value = await raiseSubscriber($, req.args);
    } else if (req.call === "files.read") {
      const { path, offset, limit } = req.args;
      value = readAnswer(await $.tool.call({ tool: "Read", file_path: path, ...offset ? { offset } : {}, ...limit ? { limit } : {} }));
    } else {
      throw new Error(`unknown call ${JSON.stringify(req.call)}`);
    }
    answer = { id: req.id, ok: true, value };
  } catch (err) {
    answer = { id: req.id, ok: false, error: err?.message ?? String(err) };
  }
  if (signal.aborted) return;
  await postAnswer($, hello, answer).catch((err) => {
    $.ui.log(`compact-handoff: could not answer ${req.call} #${req.id}: ${err.message}`, { to: "debug" });
  });
}
var TIMEOUT = /* @__PURE__ */ Symbol("timeout");
var FETCH_FAILED_GRACE_MS = 2e3;
async function runChild($, e, s, startedAt, late = null) {
  const [env, sessionId, cwd, model, usage] = await Promise.all([$.process.hookEnv(), $.session.id(), $.session.cwd(), $.session.model(), $.session.usage()]);
  const warm = takeStandby(s);
  const input = JSON.stringify({
    trigger: rowTrigger(e),
    ...e.instructions ? { instructions: e.instructions } : {},
    ...e.agentId ? { agentId: e.agentId } : {},
    sessionId,
    cwd,
    ...usage.context.window ? { contextWindow: usage.context.window } : {},
    ...usage.context.tokens ? { contextTokens: usage.context.tokens } : {},
    model,
    messages: e.messages,
    settings: s,
    pluginRoot: $.plugin.root,
    pluginVersion: PLUGIN_VERSION,
    hookStartedAt: startedAt,
    ...late ? { late: true } : {},
    subscribers: seamSubscribers()
  });
  const rundir = `${env.CLAUDE_PLUGIN_DATA}/runs/${startedAt.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let child;
  let first = null;
  if (warm && await $.fs.write(`${warm.rundir}/input.json`, input).then(
    () => true,
    () => false
  )) {
    ;
    ({ child, first } = warm);
  } else {
    if (warm) void warm.child.return(void 0).catch(() => void 0);
    child = $.process.spawn({ argv: [s.nodePath, `${$.plugin.root}/dist/compact-handoff.mjs`, "engine", rundir], input });
  }
  const calls = /* @__PURE__ */ new Map();
  let printed = "";
  let hello = null;
  let stderr = "";
  let ended = null;
  const outcome = { answer: null };
  let said = false;
  let heard2 = false;
  const deadline = startedAt + s.childTimeoutMs;
  let pull = first;
  let fetching = null;
  let after = 0;
  let fetchFailed = null;
  let graceUntil = Infinity;
  const take = (lines) => {
    for (const msg of lines) {
      if (msg.type !== "hello") said = true;
      if (msg.type === "request") {
        const stop = new AbortController();
        calls.set(msg.id, stop);
        void serve($, msg, hello, stop.signal, late).finally(() => calls.delete(msg.id));
      } else if (msg.type === "cancel") {
        calls.get(msg.id)?.abort();
      } else if (msg.type === "notices") {
        for (const notice of msg.notices) $.ui.log(`compact-handoff: ${notice}`);
      } else if (msg.type === "pending") {
        late?.pending(msg);
      } else if (msg.type === "done") {
        outcome.answer ??= { kind: "done", done: msg };
      } else if (msg.type === "failed") {
        outcome.answer ??= { kind: "failed", code: msg.code, reason: msg.reason, rowWritten: msg.rowWritten };
      }
    }
  };
  try {
    while (!outcome.answer) {
      let timer;
      const until = Math.min(deadline, graceUntil);
      const expired = new Promise((resolve) => {
        timer = setTimeout(() => resolve(TIMEOUT), Math.max(0, until - Date.now()));
      });
      pull ??= child.next();
      if (hello && !fetching && fetchFailed === null) {
        fetching = fetchLines($, hello, after).then(
          (got) => ({ kind: "lines", got }),
          (err) => ({ kind: "fetch-failed", why: err?.message ?? String(err) })
        );
      }
      const r = await Promise.race([pull.then((piece2) => ({ kind: "piece", piece: piece2 })), ...fetching ? [fetching] : [], expired]);
      clearTimeout(timer);
      if (r === TIMEOUT) {
        if (fetchFailed !== null) return failed("child-stream-failed", `the child's socket failed (${fetchFailed}) and the child went on`);
        return failed("timeout", `the pipeline gave no answer within ${s.childTimeoutMs} ms (childTimeoutMs)`);
      }
      heard2 = true;
      if (r.kind === "lines") {
        fetching = null;
        after = r.got.next;
        take(r.got.lines);
        continue;
      }
      if (r.kind === "fetch-failed") {
        fetching = null;
        fetchFailed = r.why;
        graceUntil = Date.now() + FETCH_FAILED_GRACE_MS;
        continue;
      }
      pull = null;
      const piece = r.piece;
      if (piece.done) {
        ended = piece.value;
        const last = fetching ? await fetching : null;
        if (last?.kind === "lines") take(last.got.lines);
        break;
      }
      if (piece.value.stream === "stderr") {
        stderr = (stderr + piece.value.text).slice(-4e3);
        continue;
      }
      printed = (printed + piece.value.text).slice(0, 64e3);
      if (!hello) {
        const read = readHello(printed);
        if (read.refused) return failed("child-stream-failed", read.refused);
        if (read.hello) {
          hello = read.hello;
          printed = printed.slice(printed.indexOf("\n") + 1);
        }
      }
    }
  } catch (err) {
    return failed(heard2 ? "child-stream-failed" : "spawn-failed", err?.message ?? String(err));
  } finally {
    for (const stop of calls.values()) stop.abort();
    if (!ended && outcome.answer?.kind !== "done") await child.return(void 0).catch(() => void 0);
    if (stderr.trim()) $.ui.log(`compact-handoff child stderr: ${stderr.trim()}`, { to: "debug" });
    if (printed.trim()) $.ui.log(`compact-handoff child stdout (not read: the bridge is its socket): ${printed.trim().slice(0, 2e3)}`, { to: "debug" });
  }
  if (outcome.answer) return outcome.answer;
  const how = ended?.signal ? `was killed by ${ended.signal}` : `exited with code ${ended?.code ?? "unknown"}`;
  if (warm && !said) return failed("child-crashed", `the standby child ${how} before it read its input`, { stale: true });
  return failed("child-crashed", `the pipeline ${how} before answering${stderr.trim() ? ` (${stderrTail(stderr)})` : ""}`);
}
async function writeRow($, dataDir, live, sessionId, make, at) {
  const dir = `${dataDir}/${modeDir(live)}/${sessionId}`;
  await $.process.run(["sh", "-c", 'umask 077 && mkdir -p "$1"', "sh", dir], { timeoutMs: 5e3 }).catch(() => void 0);
  const names = (await $.fs.list(dir).catch(() => [])).map((entry) => entry.name);
  const { n, prev } = nextNumber(names);
  const stem = fileStem(n, at);
  const path = `${dir}/${stem}.json`;
  if (await $.fs.exists(path)) throw new Error(`${path} exists already`);
  const row = storedRow(make(n, prev), `${modeDir(live)}/${sessionId}/${stem}.json`);
  await $.fs.write(path, JSON.stringify(row, null, 2) + "\n");
  await appendLogs($, dataDir, dir, stem, row);
  return path;
}
async function appendLogs($, dataDir, dir, stem, row) {
  const line = `${dir}/.${stem}.line`;
  await $.fs.write(line, JSON.stringify(row) + "\n");
  await $.process.run(["sh", "-c", APPEND_SCRIPT, "sh", line, `${dataDir}/index.jsonl`, `${dir}/runs.jsonl`], { timeoutMs: 5e3 }).catch(() => void 0);
}
async function completeLate($, e, p, why, startedAt) {
  const rel = p.row.replace(/\.json$/, ".late.json");
  const path = `${p.dataDir}/${rel}`;
  if (await $.fs.exists(path)) return;
  const [sessionId, cwd] = await Promise.all([$.session.id(), $.session.cwd()]);
  const row = lateRow(
    {
      at: new Date(p.at),
      sessionId,
      live: false,
      trigger: rowTrigger(e),
      agentId: e.agentId,
      code: why.code,
      reason: why.reason,
      n: p.n,
      prev: p.prev,
      pluginVersion: PLUGIN_VERSION,
      messages: e.messages.length,
      hookMs: Date.now() - startedAt,
      cwd
    },
    p,
    rel
  );
  await $.fs.write(path, JSON.stringify(row, null, 2) + "\n");
  const dir = path.slice(0, path.lastIndexOf("/"));
  await appendLogs($, p.dataDir, dir, rel.slice(rel.lastIndexOf("/") + 1, -".json".length), row);
}
async function recordFallback($, e, s, why, startedAt) {
  const { code, reason } = why;
  const [sessionId, cwd] = await Promise.all([$.session.id(), $.session.cwd()]);
  const at = /* @__PURE__ */ new Date();
  const make = (because) => (n, prev) => fallbackRow({
    at,
    sessionId,
    live: s.live,
    ...s.arm ? { arm: s.arm } : {},
    ...s.ab ? { ab: s.ab } : {},
    ...s.requestedBy ? { requestedBy: s.requestedBy } : {},
    trigger: rowTrigger(e),
    agentId: e.agentId,
    code,
    reason: because,
    n,
    prev,
    pluginVersion: PLUGIN_VERSION,
    messages: e.messages.length,
    hookMs: Date.now() - startedAt,
    cwd
  });
  try {
    if (!s.dataDir) throw new Error("no data dir: HOME is not set");
    await writeRow($, s.dataDir, s.live, sessionId, make(reason), at);
  } catch (err) {
    const env = await $.process.hookEnv();
    const refused = `${reason}; the data dir ${s.dataDir} refused the row (${err.message})`;
    await writeRow($, `${env.CLAUDE_PLUGIN_DATA}/rows`, s.live, sessionId, make(refused), at);
  }
  $.ui.log(`compact-handoff: ${reason}; Claude Code compacted with its own summary`, s.live ? void 0 : { to: "debug" });
}
async function compact($, e, next, options) {
  const startedAt = Date.now();
  const settings = await settingsOf($, options);
  const skip = passThrough(e, settings);
  if (skip === "precompute") return { skip: PRECOMPUTE_SKIP };
  if (skip === "subagent") return next(e);
  const s = await compactionSettings($, e, settings);
  const tools = ensureTools($);
  const node2 = await nodeFor($, s);
  if (!s.live && node2.ok) return rehearse($, e, next, s, startedAt);
  let outcome = node2.ok ? await runChild($, e, s, startedAt) : failed("node-missing", node2.reason);
  if (outcome.kind === "failed" && outcome.stale) outcome = await runChild($, e, s, startedAt);
  setTimeout(() => void startStandby($, s).catch(() => void 0), STANDBY_DELAY_MS);
  if (outcome.kind === "failed") {
    if (!outcome.rowWritten) await recordFallback($, e, s, outcome, startedAt);
    else $.ui.log(`compact-handoff: ${outcome.reason}; Claude Code compacted with its own summary`, s.live ? void 0 : { to: "debug" });
    return next(e);
  }
  const { done } = outcome;
  await tools;
  for (const notice of done.notices ?? []) $.ui.log(`compact-handoff: ${notice}`);
  $.ui.log(`compact-handoff: handed up a ${done.handoff.length.toLocaleString("en-US")}-char handoff and ${done.keep.length} kept messages`, { to: "debug" });
  return {
    messages: replacement(e.messages, done),
    tokensBefore: done.tokensBefore,
    tokensAfter: done.tokensAfter,
    ...done.usage ? { usage: done.usage } : {}
  };
}
async function rehearse($, e, next, s, startedAt) {
  let pendingLine = null;
  let stored = () => void 0;
  const claimed = new Promise((resolve) => stored = resolve);
  const late = {
    compacted: false,
    pending(line) {
      pendingLine = line;
      stored();
    }
  };
  const finished = runChild($, e, s, startedAt, late).then(async (outcome) => {
    stored();
    if (outcome.kind === "done") {
      for (const notice of outcome.done.notices ?? []) $.ui.log(`compact-handoff: ${notice}`);
      $.ui.log(`compact-handoff: rehearsed (${outcome.done.handoff.length.toLocaleString("en-US")}-char handoff stored after the engine compacted)`, {
        to: "debug"
      });
      return;
    }
    if (outcome.rowWritten) {
      $.ui.log(`compact-handoff: the rehearsal fell back (${outcome.reason}); Claude Code compacted with its own summary`, { to: "debug" });
      return;
    }
    const why = failed("late-part", `${outcome.reason} (after the engine had compacted with its own summary)`);
    if (pendingLine) await completeLate($, e, pendingLine, why, startedAt);
    else await recordFallback($, e, s, why, startedAt);
  });
  void finished.catch(
    (err) => $.ui.log(`compact-handoff: the rehearsal's late part could not record its end: ${err?.message ?? String(err)}`, { to: "debug" })
  );
  const compacted = next(e);
  const done = compacted.then(
    () => late.compacted = true,
    () => late.compacted = true
  );
  let timer;
  const cap = new Promise((resolve) => {
    timer = setTimeout(resolve, PENDING_WAIT_MS);
  });
  await Promise.all([done, Promise.race([claimed, cap])]);
  clearTimeout(timer);
  return compacted;
}
var toolsRegistered = null;
function ensureTools($) {
  toolsRegistered ??= registerTools($);
  return toolsRegistered;
}
async function registerTools($) {
  await Promise.all([
    ...HISTORY_TOOLS.map(
      (t) => $.tool.register({ name: t.name, description: t.description, inputSchema: t.inputSchema, ...t.isDeferred === false ? { isDeferred: false } : {} }).catch((err) => $.ui.log(`compact-handoff: could not register ${t.name}: ${err.message}`, { to: "debug" }))
    ),
    $.tool.register({ name: COMPACT_TOOL.name, description: COMPACT_TOOL.description, inputSchema: COMPACT_TOOL.inputSchema }).catch((err) => $.ui.log(`compact-handoff: could not register ${COMPACT_TOOL.name}: ${err.message}`, { to: "debug" }))
  ]);
}
async function registerCommand($) {
  await $.command.register(SLASH_COMMAND).catch((err) => $.ui.log(`compact-handoff: could not register /${SLASH_COMMAND.name}: ${err.message}`, { to: "debug" }));
}
async function sessionHasHistory($, s) {
  if (!s.dataDir) return false;
  const id = await $.session.id();
  const found = await Promise.all(Object.values(MODE_DIRS).map((dir) => $.fs.exists(`${s.dataDir}/${dir}/${id}`).catch(() => false)));
  return found.includes(true);
}
async function runHistory($, options, name, args) {
  const s = await settingsOf($, options);
  const node2 = await nodeFor($, s);
  if (!node2.ok) return toolText(name, { failed: nodeMissingNotice(node2.reason, s.nodePath) });
  const sessionId = await $.session.id();
  const stdin = JSON.stringify({ args, context: { sessionId, dataDir: s.dataDir, live: s.live, pluginVersion: PLUGIN_VERSION } });
  try {
    const r = await $.process.run([s.nodePath, `${$.plugin.root}/dist/compact-handoff.mjs`, "tool", name], { stdin, timeoutMs: 6e4 });
    return toolText(name, r);
  } catch (err) {
    return toolText(name, { failed: err?.message ?? String(err) });
  }
}
function register(on, options) {
  on("engine.create", async ($, e, next) => {
    const beneath = await next(e);
    return { ...beneath, compactHandoff: compactHandoffNoun() };
  });
  on("session.start", async ($, e, next) => {
    const started = await next(e);
    const listed = registerCommand($);
    const s = await settingsOf($, options);
    const [hasHistory] = await Promise.all([sessionHasHistory($, s), listed]);
    if (hasHistory) await ensureTools($);
    const prepare = () => void nodeFor($, s).then((n) => n.ok ? startStandby($, s) : void 0).catch((err) => $.ui.log(`compact-handoff: no standby child: ${err.message}`, { to: "debug" }));
    if (s.live || hasHistory) prepare();
    $.clock.after(SETTLED_MS, () => {
      if (hasHistory) return;
      void ensureTools($);
      prepare();
    });
    return started;
  });
  for (const tool of HISTORY_TOOLS) {
    on("tool.run", { tool: `${TOOL_PREFIX}${tool.name}` }, async ($, e) => ({ result: await runHistory($, options, tool.name, toolArgs(e)) })).catch(
      ($, e, next) => ({
        result: unanswered(e.tool, next.error)
      })
    );
  }
  on("tool.run", { tool: `${TOOL_PREFIX}${COMPACT_TOOL.name}` }, ($) => ({ result: requestCompact($, "handoff_compact") })).catch(($, e, next) => ({
    result: unanswered(e.tool, next.error)
  }));
  on("command.run", { command: "handoff" }, async ($, e) => ({
    text: e.args.trim() === SLASH_COMPACT_WORD ? requestCompact($, "/handoff compact") : await runHistory($, options, SLASH_TOOL, { words: e.args })
  })).catch(($, e, next) => ({
    text: unanswered("/handoff", next.error)
  }));
  on("turn.complete", async ($, e, next) => {
    const ended = await next(e);
    if (e.agentId === void 0) turnEnded($, e, () => settingsOf($, options));
    return ended;
  });
  on("session.end", async ($, e, next) => {
    await drained(3e3);
    return next(e);
  });
  on(
    "session.compact",
    ($, e, next) => compact($, e, next, options).finally(() => {
      if (e.agentId === void 0 && e.trigger !== "precompute") compactionHeard();
    })
  ).catch(async ($, e, next) => {
    if (!next.called) {
      const s = await settingsOf($, options);
      if (passThrough(e, s) === null) {
        const why = failed(next.error.kind === "timeout" ? "hook-timeout" : "hook-throw", next.error.message ?? "no message");
        await recordFallback($, e, s, why, Date.now()).catch(() => void 0);
      }
    }
    return next(e);
  });
}
export {
  register
};
