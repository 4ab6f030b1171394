#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  ENGINE_ATTACHED,
  FILE_TOOLS,
  PATH_FIELDS,
  READ_POLICY_OPTIONS,
  callOutputRefusal,
  errorReason,
  fileLines,
  fileTouches,
  hideSecretValues,
  hideSecretValuesInCommand,
  isFailure,
  keyInput,
  lastCopy,
  numberLines,
  readPolicy,
  refusalOf,
  renderConversation,
  resolveIn,
  secretPattern,
  shortInput,
  windowStart,
  withoutEngineNotes
} from "./chunk-P7OMPM52.mjs";
import {
  requireModel
} from "./chunk-5VTZYHP3.mjs";
import {
  clip,
  fmt,
  lineCount,
  lineSpan,
  oneLine,
  parseMarker,
  shortPath
} from "./chunk-7KAIWO3K.mjs";
import {
  SectionDropError
} from "./chunk-ORPKAE4C.mjs";

// pipeline/pricing.ts
var PRICING_PAGE = "https://platform.claude.com/docs/en/about-claude/pricing";
var READ = "2026-11-29";
var PRICES = {
  "claude-opus-5-5": {
    input: 4,
    output: 20,
    cacheWrite: 5,
    cacheRead: 0.2,
    source: "https://platform.claude.com/docs/en/models/opus-5-5/overview",
    read: READ
  },
  "claude-haiku-5-5": {
    input: 0.1,
    output: 0.5,
    cacheWrite: 0.125,
    cacheRead: 0.01,
    longPrompt: { overTokens: 1e5, input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 },
    source: "https://platform.claude.com/docs/en/models/haiku-5-5/overview",
    read: READ
  },
  "claude-opus-5": { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5, source: "https://platform.claude.com/docs/en/models/opus-5/overview", read: READ },
  "claude-opus-4-8": { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5, source: PRICING_PAGE, read: READ },
  "claude-opus-4-7": { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5, source: PRICING_PAGE, read: READ },
  "claude-opus-4-6": { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5, source: PRICING_PAGE, read: READ },
  "claude-opus-4-5": { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5, source: PRICING_PAGE, read: READ },
  "claude-fable-5": { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 1, source: PRICING_PAGE, read: READ }
};
function normalizeModelId(model) {
  return model.trim().toLowerCase().replace(/\[[^\]]*\]$/, "").replace(/-\d{8}$/, "");
}
function priceOf(model) {
  return PRICES[normalizeModelId(model)] ?? null;
}
function costOf(model, usage) {
  if (!usage) return { usd: null, reason: "the host reported no usage for this call", basis: "unpriced" };
  if (!model) return { usd: null, reason: "the host did not say which model answered", basis: "unpriced" };
  const price = priceOf(model);
  if (!price) return { usd: null, reason: `no price on record for ${model}`, basis: "unpriced" };
  const prompt = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  const long = price.longPrompt && prompt > price.longPrompt.overTokens ? price.longPrompt : null;
  const r = long ?? price;
  const usd = (usage.inputTokens * r.input + usage.outputTokens * r.output + usage.cacheWriteTokens * r.cacheWrite + usage.cacheReadTokens * r.cacheRead) / 1e6;
  const band = long ? `, prompt over ${fmt(long.overTokens)} tokens` : "";
  return {
    // Rounded to a millionth of a dollar: finer than any rate, and free of float noise in rows.
    usd: Math.round(usd * 1e6) / 1e6,
    basis: `measured: reported usage at ${normalizeModelId(model)} rates${band} (cache writes at the 5-minute rate), read ${price.read} from ${price.source}`
  };
}
function modelCallRow(path, answer, asked) {
  const model = answer?.model ?? asked ?? null;
  return {
    path,
    warm: path === "fork",
    model,
    usage: answer?.usage ?? null,
    cost: answer ? costOf(model ?? void 0, answer.usage) : { usd: null, reason: "no answer, so no usage was reported", basis: "unpriced" },
    replyChars: answer ? answer.text.length : null
  };
}

// pipeline/index.ts
function defineSection(definition) {
  return definition;
}

// sections/commitments/prompt.ts
var COMMITMENTS_MARKER = "[compact-handoff:commitments]";
var KINDS = ["correction", "question", "unkept"];
var COMMITMENTS_PROMPT = `Above, between the <conversation> tags, is a conversation between a person and an AI coding
assistant, written out as a transcript. Messages are numbered [#N role]. The assistant's tool
calls appear under its messages as "\u2192 Tool {input}", with "\u2190 ok/error: \u2026" for what came back.

Find what the assistant left open. Read what the assistant said, then check it against
everything that happened after it. Report three kinds of thing:

unkept      The assistant said it would do something ("let me check X", "I'll fix Y next",
            "once that passes I will Z") and nothing after it did: no tool call that does it,
            no later message that shows it done or explains why it was given up. If it was
            done later in other words, it is not unkept.
correction  The person corrected the assistant and the assistant accepted it. Report it when a
            successor must keep honouring it, whether or not it has been acted on yet.
question    A question the person asked that the assistant never answered, or a question the
            assistant asked the person that is still waiting for an answer.

Rules:
- A step the assistant handed to the person ("you'll need to restart the server", "please run
  the migration") is the person's, not the assistant's: leave it out.
- Report each sentence once, under the most specific kind that fits: correction first, then
  question, then unkept.
- Quote the one sentence, exactly as written; do not quote around it.
- Only what is still open when the transcript ends.
- Answer in this one reply. Call no tools and do not carry on with the work.

Answer with this block and nothing before or after it, one JSON object per line:

<commitments>
{"kind":"unkept","at":41,"quote":"Let me check whether the tests pass on Node 18.","open":"no later call ran the tests on Node 18"}
{"kind":"question","at":57,"quote":"Should the cache key include the branch name?","open":"the person asked; no answer followed"}
</commitments>

"at" is the number N of the message the quote is in; "open" says in a few words what is still
missing. If nothing is open, answer <commitments></commitments>.
`;
function commitmentsPrompt(conversation) {
  const cut = conversation.leftOut > 0 ? "Only the newest part of the conversation fits here; judge only what is shown.\n" : "";
  return `${COMMITMENTS_MARKER}
<conversation>
${conversation.text}
</conversation>

${cut}${COMMITMENTS_PROMPT}`;
}

// sections/commitments/reply.ts
var specificity = (k) => KINDS.indexOf(k);
var norm = (s) => s.replace(/\s+/g, " ").trim().toLowerCase();
function readRow(line) {
  let v;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  const o = v;
  if (!o || typeof o !== "object" || !KINDS.includes(o.kind) || typeof o.quote !== "string" || o.quote.trim() === "") return null;
  const at2 = typeof o.at === "number" && Number.isInteger(o.at) ? o.at : typeof o.at === "string" && /^#?\d+$/.test(o.at) ? Number(o.at.replace("#", "")) : null;
  return { kind: o.kind, at: at2, quote: o.quote.trim(), open: typeof o.open === "string" ? o.open.trim() : "" };
}
function parseCommitments(reply) {
  const start = reply.indexOf("<commitments>");
  if (start < 0) return { rows: [], unreadable: 0, duplicates: 0, block: "missing", truncatedRow: false };
  const end = reply.indexOf("</commitments>", start);
  const inner = reply.slice(start + "<commitments>".length, end < 0 ? void 0 : end);
  const lines = inner.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const rows = [];
  let unreadable = 0;
  let truncatedRow = false;
  lines.forEach((line, i) => {
    const row = readRow(line.replace(/^[-*]\s+/, ""));
    if (row) rows.push(row);
    else if (end < 0 && i === lines.length - 1 && line.startsWith("{")) truncatedRow = true;
    else unreadable++;
  });
  const best = /* @__PURE__ */ new Map();
  for (const r of rows) {
    const key = norm(r.quote);
    const had = best.get(key);
    if (!had || specificity(r.kind) < specificity(had.kind)) best.set(key, r);
  }
  const kept = rows.filter((r) => best.get(norm(r.quote)) === r);
  return { rows: kept, unreadable, duplicates: rows.length - kept.length, block: end < 0 ? "unclosed" : "closed", truncatedRow };
}
var HEADINGS = {
  unkept: "Said it would do, and did not",
  correction: "Corrections it accepted",
  question: "Questions left unanswered"
};
function renderRow(r) {
  return `- ${r.at === null ? "" : `#${r.at} `}"${r.quote}"${r.open ? ` \u2014 ${r.open}` : ""}`;
}
function renderCommitments(rows, budget, capNote) {
  const intro = "What the assistant left open, read from the conversation by a model (#N is the message number in the conversation as it stood at compaction):";
  const ordered = [...rows].sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity));
  const build = (shown, leftOut) => {
    const parts = [intro];
    if (capNote) parts.push(capNote);
    if (leftOut > 0) parts.push(`[${fmt(leftOut)} older row${leftOut === 1 ? "" : "s"} left out to fit budgetChars: ${fmt(budget)}]`);
    for (const kind of ["unkept", "correction", "question"]) {
      const of = shown.filter((r) => r.kind === kind);
      if (of.length) parts.push(`${HEADINGS[kind]}:
${of.map(renderRow).join("\n")}`);
    }
    return parts.join("\n\n");
  };
  let from = 0;
  let body = build(ordered, 0);
  while (body.length > budget && from < ordered.length) {
    from++;
    body = build(ordered.slice(from), from);
  }
  return { body, kept: ordered.length - from, leftOut: from };
}

// sections/commitments/index.ts
var commitments_default = defineSection({
  name: "commitments",
  title: "Open commitments",
  description: "What the assistant said it would do and did not, corrections it accepted, and questions left unanswered.",
  // One completion over the whole conversation: tens of seconds on a long session, so two
  // minutes. The list is short by nature (a session with more open threads than fit in 6,000
  // chars has bigger problems), and it ranks below the summary and the user's own words.
  defaults: {
    timeoutMs: 12e4,
    budgetChars: 3e3,
    priority: 50,
    options: { model: "claude-opus-5-5", maxTokens: 2048, maxInputChars: 4e5 }
  },
  optionsSchema: {
    type: "object",
    additionalProperties: false,
    properties: {
      model: { type: "string", minLength: 1, description: "the model id the pass runs on (e.g. claude-opus-5-5, claude-haiku-5-5)" },
      maxTokens: {
        type: "integer",
        minimum: 128,
        maximum: 8192,
        description: "the reply's output cap, in tokens; a reply cut by it says so on the row (hitCap)"
      },
      maxInputChars: {
        type: "integer",
        minimum: 1e3,
        description: "the most characters of conversation the pass is sent; the newest part is kept"
      }
    }
  },
  async run(ctx) {
    const model = requireModel(ctx.capabilities);
    const { model: asked, maxTokens, maxInputChars } = ctx.options;
    const conversation = renderConversation(ctx.input.transcript, { maxChars: maxInputChars, toolResultChars: 160, toolInputChars: 240 });
    const input = { rendered: conversation.rendered, leftOut: conversation.leftOut, chars: conversation.text.length };
    let answer;
    try {
      answer = await model.complete({ model: asked, maxTokens, prompt: commitmentsPrompt(conversation) }, ctx.signal);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      answer = { isAnswered: false, reason: `the host's model call threw: ${err.message?.split("\n")[0] ?? String(err)}` };
    }
    if (!answer.isAnswered) {
      const code = answer.reason.startsWith("empty") ? "SECTION_MODEL_EMPTY" : "SECTION_MODEL_FAILED";
      throw new SectionDropError(code, `the completion failed: ${answer.reason}`, { ...modelCallRow("complete", null, asked), input });
    }
    const call = modelCallRow("complete", answer, asked);
    const parsed = parseCommitments(answer.text);
    const atLength = answer.usage !== void 0 && answer.usage.outputTokens >= maxTokens;
    const why = atLength ? "length" : parsed.truncatedRow ? "truncated row" : parsed.block === "unclosed" ? "unclosed block" : null;
    const record = {
      ...call,
      input,
      hitCap: why !== null,
      hitCapWhy: why,
      maxTokens,
      rows: parsed.rows.length,
      rowsUnreadable: parsed.unreadable,
      rowsDuplicate: parsed.duplicates,
      block: parsed.block
    };
    if (answer.text.trim() === "") throw new SectionDropError("SECTION_MODEL_EMPTY", "the completion replied with nothing", record);
    if (parsed.block === "missing") {
      throw new SectionDropError("SECTION_MODEL_EMPTY", `the reply (${fmt(answer.text.length)} chars) has no <commitments> block`, record);
    }
    const capNote = why ? `[The model's reply was cut at its output cap (maxTokens: ${fmt(maxTokens)}; ${why}): rows past the cut are missing, so more may be open than is listed.]` : null;
    if (capNote) ctx.report.note(`reply cut at the output cap (${why}); ${fmt(parsed.rows.length)} rows kept`);
    if (parsed.rows.length === 0 && !capNote) {
      record.rowsKept = 0;
      return { body: "Nothing found open: no unkept step, accepted correction or unanswered question.", record };
    }
    const { body, kept, leftOut } = renderCommitments(parsed.rows, ctx.budgetChars, capNote);
    record.rowsKept = kept;
    record.rowsLeftOut = leftOut;
    if (leftOut > 0) ctx.report.note(`${fmt(leftOut)} of ${fmt(parsed.rows.length)} rows left out to fit budgetChars: ${fmt(ctx.budgetChars)}`);
    return { body, record };
  }
});

// sections/excerpts/index.ts
import { basename } from "node:path";

// sections/excerpts/select.ts
var IN_NAME = new Uint8Array(128);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$./:@-") IN_NAME[c.charCodeAt(0)] = 1;
var EDGE = new Uint8Array(128);
for (const c of ".:@/-") EDGE[c.charCodeAt(0)] = 1;
var MARK = new Uint8Array(128);
for (const c of "0123456789_./:-") MARK[c.charCodeAt(0)] = 1;
var isCapital = (code) => code >= 65 && code <= 90;
var inName = (code) => code < 128 && IN_NAME[code] === 1;
function marked(text, start, end) {
  for (let k = start; k < end; k++) {
    const code = text.charCodeAt(k);
    if (MARK[code] || k > start && isCapital(code)) return true;
  }
  return false;
}
function eachName(text, found) {
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && !inName(text.charCodeAt(i))) i++;
    let start = i;
    while (i < n && inName(text.charCodeAt(i))) i++;
    let end = i;
    while (start < end && EDGE[text.charCodeAt(start)]) start++;
    while (end > start && EDGE[text.charCodeAt(end - 1)]) end--;
    if (end - start >= 4 && marked(text, start, end) && found(start, end) === true) return;
  }
}
function everyName(text, test) {
  let all = true;
  eachName(text, (start, end) => {
    if (test(text.slice(start, end))) return false;
    all = false;
    return true;
  });
  return all;
}
function namesIn(text, into = /* @__PURE__ */ new Set()) {
  eachName(text, (start, end) => {
    into.add(text.slice(start, end));
  });
  return into;
}
function strings(value, out) {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
  return out;
}
var recencyOf = (age, count, scale) => Math.exp(-age / Math.max(1, count * scale));
function salience(messages, scale) {
  const weights = /* @__PURE__ */ new Map();
  messages.forEach((m, i) => {
    const said = m.role === "assistant" || m.kind === "typed" ? [m.text] : [];
    for (const u of m.toolUses) strings(u.input, said);
    const w = recencyOf(messages.length - 1 - i, messages.length, scale);
    for (const name of namesIn(said.join("\n"))) weights.set(name, (weights.get(name) ?? 0) + w);
  });
  return weights;
}
var lineCost = (line, n, lineChars) => String(n).length + Math.min(line.length, lineChars + 1) + 2;
function runsOf(lines, most) {
  const cut = [];
  for (let i = 0; i < lines.length; ) {
    while (i < lines.length && blank(lines[i])) i++;
    const start = i;
    while (i < lines.length && !blank(lines[i])) i++;
    const length = i - start;
    const pieces = Math.ceil(length / most);
    for (let k = 0; k < pieces; k++) cut.push({ from: start + Math.floor(k * length / pieces), to: start + Math.floor((k + 1) * length / pieces) });
  }
  const out = [];
  cut.forEach((run, k) => {
    let end = run.to;
    while (end > run.from && (blank(lines[end - 1]) || introduces(lines[end - 1]))) end--;
    const next = cut[k + 1];
    if (end < run.to && next) next.from = end;
    if (end > run.from) out.push({ from: run.from, to: end });
  });
  return out;
}
var NOT_BLANK = /\S/;
var blank = (line) => !NOT_BLANK.test(line);
function introduces(line) {
  const text = line.trim();
  return text.endsWith(":") && !text.endsWith("::") || /^#{1,6}\s/.test(text);
}
function chunksOf(sources, lines, lineChars) {
  const out = [];
  sources.forEach((s, source) => {
    for (const { from, to } of runsOf(s.lines, lines)) {
      let cost = 2;
      let share = 0;
      const found = /* @__PURE__ */ new Set();
      let lines2 = 0;
      for (let i = from; i < to; i++) {
        const line = s.lines[i];
        cost += lineCost(line, s.firstLine + i, lineChars);
        if (blank(line)) continue;
        const shown = line.slice(0, lineChars);
        const inPaths = scanLine(shown, found);
        lines2++;
        if (s.kind === "file" || !nearlyAllPaths(shown, inPaths)) share++;
      }
      const names = [...found];
      if (names.length > 0) out.push({ source, from, to, cost, names, backgroundShare: share / lines2 });
    }
  });
  return out;
}
function runKeys(source, chunk, lineChars) {
  const keys = [];
  for (let i = chunk.from; i < chunk.to; i++) if (!blank(source.lines[i])) keys.push(lineKey(source.lines[i].slice(0, lineChars)));
  return keys;
}
var lineKey = (line) => line.replace(/^\S+?([:-])\d+\1/, "").replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
var nearlyAllPaths = (line, inPaths) => {
  if (inPaths === 0) return false;
  const solid = line.replace(/\s+/g, "").length;
  return solid > 0 && inPaths >= 0.75 * solid;
};
function scanLine(line, into) {
  let inPaths = 0;
  eachName(line, (start, end) => {
    const name = line.slice(start, end);
    into.add(name);
    if (name.includes("/")) inPaths += end - start;
  });
  return inPaths;
}
var before = (a, b) => a.value > b.value || a.value === b.value && a.order < b.order;
var Queue = class {
  items = [];
  // Sifted by moving a hole rather than swapping pairs: this runs a few thousand times per
  // handoff, and a destructuring swap allocates.
  push(entry) {
    const a = this.items;
    let i = a.length;
    a.push(entry);
    while (i > 0) {
      const p = i - 1 >> 1;
      if (!before(entry, a[p])) break;
      a[i] = a[p];
      i = p;
    }
    a[i] = entry;
  }
  pop() {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      let i = 0;
      for (; ; ) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const r = l + 1;
        const m = r < a.length && before(a[r], a[l]) ? r : l;
        if (!before(a[m], last)) break;
        a[i] = a[m];
        i = m;
      }
      a[i] = last;
    }
    return top;
  }
  peek() {
    return this.items[0];
  }
};
function select(sources, chunks, weights, opts) {
  const ids = /* @__PURE__ */ new Map();
  const namesOf = chunks.map((c) => {
    const out = new Int32Array(c.names.length);
    c.names.forEach((name, k) => {
      let id = ids.get(name);
      if (id === void 0) ids.set(name, id = ids.size);
      out[k] = id;
    });
    return out;
  });
  const weightOf = new Float64Array(ids.size);
  const covered = new Uint8Array(ids.size);
  for (const [name, id] of ids) {
    weightOf[id] = weights.get(name) ?? 0;
    if (opts.covered?.has(name)) covered[id] = 1;
  }
  const lineIds = /* @__PURE__ */ new Map();
  const keyIds = [];
  const keysOf = (order) => {
    const c = chunks[order];
    return keyIds[order] ??= Int32Array.from(
      runKeys(sources[c.source], c, opts.lineChars),
      (key) => lineIds.get(key) ?? lineIds.set(key, lineIds.size).size - 1
    );
  };
  const shown = /* @__PURE__ */ new Set();
  const held = (order) => {
    if (shown.size === 0) return false;
    for (const id of keysOf(order)) if (!shown.has(id)) return false;
    return true;
  };
  const value = (order) => {
    if (held(order)) return 0;
    const c = chunks[order];
    let v = 0;
    const source = sources[c.source];
    const bg = (source.kind === "file" ? opts.background : opts.outputBackground ?? 0) * source.recency * c.backgroundShare;
    for (const id of namesOf[order]) if (!covered[id]) v += weightOf[id] + bg;
    return v / c.cost;
  };
  const queue = new Queue();
  chunks.forEach((chunk, order) => {
    const v = value(order);
    if (v > 0) queue.push({ value: v, order, chunk });
  });
  const opened = /* @__PURE__ */ new Set();
  const chosen = [];
  let chars = 0;
  let smallest = Infinity;
  for (const c of chunks) smallest = Math.min(smallest, c.cost);
  for (let top = queue.pop(); top && opts.budget - chars >= smallest; top = queue.pop()) {
    if (chars + top.chunk.cost > opts.budget) continue;
    top.value = value(top.order);
    if (top.value <= 0) continue;
    const next = queue.peek();
    if (next && before(next, top)) {
      queue.push(top);
      continue;
    }
    const c = top.chunk;
    const cost = c.cost + (opened.has(c.source) ? 0 : opts.headingChars(sources[c.source]));
    if (chars + cost > opts.budget) continue;
    chars += cost;
    opened.add(c.source);
    chosen.push(c);
    for (const id of namesOf[top.order]) covered[id] = 1;
    for (const id of keysOf(top.order)) shown.add(id);
  }
  return { chunks: chosen, chars };
}

// sections/excerpts/index.ts
function callLabel(u, max = 100) {
  const s = (v) => typeof v === "string" ? v : "";
  const one = (text) => clip(text.split("\n")[0].trim(), max);
  if (u.name === "Bash") return `$ ${commandHead(s(u.input.command), max - 2)}`;
  if (u.name === "Grep") return one(`Grep "${s(u.input.pattern)}"${u.input.path ? ` in ${s(u.input.path)}` : ""}`);
  if (u.name === "Glob") return one(`Glob ${s(u.input.pattern)}`);
  if (u.name === "Task" || u.name === "Agent") return one(`${u.name}: ${s(u.input.description) || s(u.input.prompt)}`);
  return one(`${u.name} ${JSON.stringify(u.input)}`);
}
function commandHead(command, max) {
  const lines = command.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  let head = lines[0] ?? "";
  for (let i = 1; i < lines.length && head.length < 30 && !HEREDOC_START.test(lines[i - 1]); i++) head += ` ${lines[i]}`;
  return clip(hideSecretValuesInCommand(head), max);
}
var HEREDOC_START = /<<-?\s*(['"]?)\w+\1\s*\)?\s*$/;
function callLines(u, output = outputLines(u)) {
  if (u.name !== "Bash" || typeof u.input.command !== "string") return output;
  const command = hideSecretValues(u.input.command).split("\n").map((line, i) => i === 0 ? `$ ${line}` : `> ${line}`);
  return [...command, ...output];
}
function outputLines(u) {
  const text = withoutEngineNotes(u.result?.text ?? "");
  return linesOf(hideSecretValues(u.result?.isError ? `[error] ${text}` : text));
}
function outputSources(messages, policy, cwd, age) {
  const calls = [];
  for (const m of messages) for (const u of m.toolUses) if (!FILE_TOOLS[u.name] && u.result?.text) calls.push({ u, index: m.index });
  const count = /* @__PURE__ */ new Map();
  for (const { u } of calls) count.set(callKey(u), (count.get(callKey(u)) ?? 0) + 1);
  const seen = /* @__PURE__ */ new Map();
  const sources = [];
  const withheld = [];
  const left = { olderRuns: 0, echoes: 0, stale: 0 };
  const changed2 = /* @__PURE__ */ new Map();
  for (const m of messages)
    for (const u of m.toolUses)
      if ((u.name === "Edit" || u.name === "MultiEdit" || u.name === "Write") && typeof u.input.file_path === "string" && !u.result?.isError)
        changed2.set(u.input.file_path, m.index);
  for (const { u, index } of calls) {
    const key = callKey(u);
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    if (nth < count.get(key)) {
      left.olderRuns++;
      continue;
    }
    const refused = callOutputRefusal(u, policy);
    if (refused) {
      withheld.push(`${callLabel(u, 60)}: ${refused}`);
      continue;
    }
    let output = outputLines(u);
    if (echoes(u, output)) {
      left.echoes++;
      continue;
    }
    const one = oneFile(output, cwd);
    if (one) output = one.lines;
    if (pointsOnlyIntoChanged(one ? [one.path] : locations(output, cwd), changed2, index)) {
      left.stale++;
      continue;
    }
    const source = { label: callLabel(u), kind: "output", lines: callLines(u, output), firstLine: 1, recency: age(index) };
    if (one) source.from = one.path;
    if (nth > 1) source.calls = nth;
    sources.push(source);
  }
  return { sources, withheld, left };
}
function locations(lines, cwd) {
  const files = /* @__PURE__ */ new Set();
  for (const line of lines)
    for (const m of line.matchAll(/(?:^|[\s(])([\w./-]+\.\w+):\d+/g)) files.add(m[1].startsWith("/") || !cwd ? m[1] : `${cwd.replace(/\/+$/, "")}/${m[1]}`);
  return [...files];
}
function pointsOnlyIntoChanged(files, changed2, at2) {
  return files.length > 0 && files.every((f) => (changed2.get(f) ?? -1) > at2);
}
function callKey(u) {
  if (u.name === "Bash" && typeof u.input.command === "string") return `Bash ${u.input.command.trim()}`;
  const { description: _, ...input } = u.input;
  return `${u.name} ${JSON.stringify(input)}`;
}
function echoes(u, output) {
  const asked = namesIn(JSON.stringify(u.input));
  let printed = false;
  const onlyAsked = (name) => {
    printed = true;
    return asked.has(name);
  };
  for (const line of output) if (!everyName(line, onlyAsked)) return false;
  return printed;
}
function oneFile(lines, cwd) {
  const root = cwd ? `${cwd.replace(/\/+$/, "")}/` : void 0;
  const own = lines.map((line) => root && line.startsWith(root) ? line.slice(root.length) : line);
  const path = own.map((line) => /^([^\s:]+):\d+:/.exec(line)?.[1]).find((p) => p !== void 0);
  if (path === void 0 || !/[/.]/.test(path)) return null;
  const out = [];
  for (const line of own) {
    if (line === "--") out.push(line);
    else if (line.startsWith(path) && /^([:-])\d+\1/.test(line.slice(path.length))) out.push(line.slice(path.length + 1));
    else return null;
  }
  return { path: root && !path.startsWith("/") ? `${root}${path}` : path, lines: out };
}
function linesOf(text) {
  const split = text.split("\n");
  const lines = !text.includes("\r") ? split : split.map((line) => {
    const cr = line.lastIndexOf("\r", line.length - 2);
    return (cr >= 0 ? line.slice(cr + 1) : line).replace(/\r$/, "");
  });
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}
function alreadyCarried(needed) {
  const names = /* @__PURE__ */ new Set();
  for (const o of Object.values(needed)) {
    if (o.status !== "ok") continue;
    namesIn(o.body, names);
    for (const m of o.messages ?? []) {
      namesIn(m.text ?? "", names);
      for (const r of m.toolResults ?? []) namesIn(r.text, names);
    }
  }
  return names;
}
function outputTitle(source, firstShown) {
  return firstShown && source.label.startsWith("$ ") ? SHELL_TITLE : source.label;
}
var SHELL_TITLE = "A shell command and what it printed";
function headingEstimate(source) {
  const title = source.kind === "file" ? source.label : source.label.startsWith("$ ") ? SHELL_TITLE : source.label;
  return title.length + 48 + (source.calls ? 24 : 0) + (source.from ? source.from.length + 10 : 0);
}
function render(source, runs2, lineChars) {
  runs2.sort((a, b) => a.from - b.from);
  const merged = [];
  for (const r of runs2) {
    const last2 = merged.at(-1);
    if (last2 && (last2.to >= r.from || source.lines.slice(last2.to, r.from).every((line) => line.trim() === ""))) last2.to = Math.max(last2.to, r.to);
    else merged.push({ from: r.from, to: r.to });
  }
  const n = (i) => source.firstLine + i;
  const first = merged[0].from;
  const last = merged.at(-1).to - 1;
  const span = lineSpan(n(first), n(last));
  const where = merged.length > 1 ? `${merged.length} excerpts, ${span}` : span;
  const again = source.calls ? ` (the last of ${source.calls} runs)` : "";
  const from = source.from ? `, all in ${source.from}` : "";
  const heading = source.kind === "file" ? `### ${source.label} \u2014 ${where}` : `### ${outputTitle(source, merged[0].from === 0)}${again} \u2014 ${where} of ${fmt(source.lines.length)}${from}`;
  const body = merged.map(
    (r) => source.lines.slice(r.from, r.to).map((line, k) => `${n(r.from + k)}	${line.length > lineChars ? `${line.slice(0, lineChars)}\u2026` : line}`).join("\n")
  );
  return [heading, body.join("\n\u2026\n")].join("\n");
}
function compose(sources, picked, lineChars) {
  const bySource = /* @__PURE__ */ new Map();
  for (const c of picked) bySource.set(c.source, [...bySource.get(c.source) ?? [], c]);
  const order = [...bySource.keys()].sort((a, b) => sources[b].recency - sources[a].recency);
  const blocks = order.map((i) => render(sources[i], bySource.get(i), lineChars)).join("\n\n");
  return { body: blocks, blocks, order, bySource };
}
var INTRO = "Lines the work kept coming back to, newest source first: files as the conversation last showed them (numbered as in the file; they may have changed since, so Read before you Edit), and what commands and searches printed, headed by the call (a shell command comes first, its lines marked `$` and `>`, then what it printed).";
var excerpts_default = defineSection({
  name: "excerpts",
  title: "Excerpts the work kept returning to",
  description: "Runs of lines from the files and outputs the session worked with, chosen by what it kept naming.",
  // Priority 35, the lowest: every line here is also in a file or can be printed again; it is the
  // first thing the size guard cuts. It runs last and takes the room the others left.
  defaults: {
    timeoutMs: 1e4,
    budgetChars: 34e3,
    priority: 35,
    options: { chunkLines: 4, lineChars: 200, recencyScale: 0.2, background: 0.05, outputBackground: 0.025, outputs: true }
  },
  needs: ["summary", "ledger", "state", "commitments", "turns", "outline", "recent", "restore"],
  optionsSchema: {
    type: "object",
    additionalProperties: false,
    properties: {
      chunkLines: { type: "integer", minimum: 1, maximum: 200, description: "lines in one run, the unit a choice is made in" },
      lineChars: { type: "integer", minimum: 20, description: "a longer line is clipped" },
      recencyScale: {
        type: "number",
        exclusiveMinimum: 0,
        description: "how far back a mention still counts, as a share of the conversation's messages"
      },
      background: {
        type: "number",
        minimum: 0,
        description: "what any name in a recently worked source weighs, beside what the session named"
      },
      outputBackground: {
        type: "number",
        minimum: 0,
        description: "the same for a recent command's or search's output"
      },
      outputs: { type: "boolean", description: "false shows file lines only, no command or search output" },
      ...READ_POLICY_OPTIONS
    }
  },
  async run(ctx) {
    const { options, input } = ctx;
    const messages = input.transcript.messages.slice(windowStart(input.transcript.messages));
    if (messages.length === 0) throw new SectionDropError("SECTION_EMPTY", "no message since the last compaction");
    const policy = readPolicy(input.transcript.cwd, { denyPaths: options.denyPaths ?? [], allowPaths: options.allowPaths ?? [] });
    const age = (index) => recencyOf(messages.at(-1).index - index, messages.length, options.recencyScale);
    const sources = [];
    for (const touch of fileTouches(input.transcript).values()) {
      const copy = lastCopy(touch);
      if (!copy || ENGINE_ATTACHED.has(basename(touch.path))) continue;
      if (refusalOf(touch.path, policy, copy.text) !== null) continue;
      const label = copy.current ? touch.path : `${touch.path} (as last read, before later edits)`;
      sources.push({ label, kind: "file", lines: linesOf(copy.text), firstLine: copy.firstLine, recency: age(touch.last) });
    }
    const outputs = options.outputs ? outputSources(messages, policy, input.transcript.cwd, age) : { sources: [], withheld: [], left: void 0 };
    sources.push(...outputs.sources);
    const weights = salience(messages, options.recencyScale);
    const chunks = chunksOf(sources, options.chunkLines, options.lineChars);
    const room = ctx.budgetChars - INTRO.length - 2;
    const chosen = select(sources, chunks, weights, {
      budget: room,
      covered: alreadyCarried(ctx.needed),
      background: options.background,
      outputBackground: options.outputBackground,
      headingChars: headingEstimate,
      lineChars: options.lineChars
    });
    if (chosen.chunks.length === 0) throw new SectionDropError("SECTION_EMPTY", "nothing the session worked with holds a name the handoff lacks, or none fits");
    const picked = [...chosen.chunks];
    let composed = compose(sources, picked, options.lineChars);
    while (composed.body.length > room && picked.length > 1) {
      for (let over = composed.body.length - room; over > 0 && picked.length > 1; ) over -= picked.pop().cost;
      composed = compose(sources, picked, options.lineChars);
    }
    const { blocks, order, bySource } = composed;
    return {
      body: [INTRO, blocks].join("\n\n"),
      record: {
        sources: order.map((i) => ({ label: sources[i].label, kind: sources[i].kind, runs: bySource.get(i).length })),
        candidates: { sources: sources.length, runs: chunks.length },
        withheld: outputs.withheld,
        ...outputs.left ? { outputsLeftOut: outputs.left } : {}
      }
    };
  }
});

// sections/ledger/bash-parser.ts
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
var GRAMMAR = "tree-sitter-bash.wasm";
var RUNTIME = "web-tree-sitter.wasm";
function wasmBytes() {
  const here2 = dirname(fileURLToPath(import.meta.url));
  const bundled = [here2, join(here2, "..")].find((dir) => existsSync(join(dir, GRAMMAR)) && existsSync(join(dir, RUNTIME)));
  if (bundled) return { runtime: readFileSync(join(bundled, RUNTIME)), grammar: readFileSync(join(bundled, GRAMMAR)) };
  const require2 = createRequire(import.meta.url);
  return {
    runtime: readFileSync(require2.resolve(`web-tree-sitter/${RUNTIME}`)),
    grammar: readFileSync(require2.resolve(`tree-sitter-bash/${GRAMMAR}`))
  };
}
var loading = null;
async function load() {
  const t0 = performance.now();
  try {
    v8.setFlagsFromString("--liftoff-only");
    const { runtime, grammar } = wasmBytes();
    const { Parser, Language } = await import("./web-tree-sitter-2576ELZ3.mjs");
    await Parser.init({ wasmBinary: runtime });
    const language = await Language.load(grammar);
    const parser = new Parser();
    parser.setLanguage(language);
    const initMs = performance.now() - t0;
    return { ok: true, parser: { parse: (source) => parser.parse(source), initMs } };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, error: message.split("\n")[0] };
  }
}
function loadBashParser() {
  loading ??= load();
  return loading;
}

// sections/ledger/failures.ts
function negativeOf(c) {
  const r = c.use.result;
  const neg = c.shell?.negative;
  if (!r?.isError || !neg) return null;
  const text = r.text.trim();
  if (text === "Exit code 1" || text === "Error" && !neg.quiet) return neg.label;
  if (neg.label === "no match" && text.startsWith("Exit code 1\n") && text.split("\n").slice(1).every((l) => /^(?:[^\n]*:)?0$/.test(l.trim())))
    return neg.label;
  return null;
}
var failed = (c) => isFailure(c.use) && negativeOf(c) === null;
function failures(calls) {
  const shellNumber = /* @__PURE__ */ new Map();
  let k = 0;
  for (const c of calls) if (c.use.name === "Bash" && typeof c.use.input.command === "string") shellNumber.set(c, ++k);
  const nextOk = /* @__PURE__ */ new Map();
  let nextCommit = null;
  const out = [];
  for (let i = calls.length - 1; i >= 0; i--) {
    const c = calls[i];
    const key = `${c.use.name}\0${keyInput(c.use)}`;
    if (failed(c)) {
      const same = nextOk.get(key);
      const commit = c.shell?.commits ? nextCommit : null;
      const later = same ?? commit;
      const n = shellNumber.get(c);
      const f = {
        tool: c.use.name,
        input: shortInput(c.use),
        error: errorReason(hideSecretValues(c.use.result.text), { tool: c.use.name }),
        at: c.at,
        ...n ? { n } : {}
      };
      if (later) {
        const ln = shellNumber.get(later);
        f.later = { at: later.at, ...ln ? { n: ln } : {}, ...same ? {} : { commit: true } };
      }
      out.push(f);
    } else if (c.use.result !== void 0 && !isFailure(c.use)) {
      nextOk.set(key, c);
      if (c.shell?.commits) nextCommit = c;
    }
  }
  return out.reverse();
}
function renderFailure(f, cwd) {
  const base2 = cwd && cwd !== "/" ? `${cwd.replace(/\/+$/, "")}/` : null;
  const shown = base2 && f.input.startsWith(base2) ? f.input.slice(base2.length) : f.input;
  const input = shown === "" ? "" : ` \`${shown.replace(/`/g, "'")}\``;
  const what = f.later?.commit ? "commit" : f.tool === "Bash" ? "run" : "call";
  const later = f.later ? ` \u2014 a later ${what} succeeded${f.later.n ? `, #${f.later.n}` : ""}` : "";
  const number = f.n ? ` #${f.n}` : "";
  const error = f.error === "" ? "(flagged as an error; no text)" : f.later ? clip(f.error, 120) : f.error;
  return `- ${f.tool}${number}${input} \u2192 ${error}${later}`;
}

// sections/ledger/shell-writes.ts
import { posix as posix2 } from "node:path";

// sections/ledger/command-writes.ts
var base = (w) => w?.value == null ? null : w.value.slice(w.value.lastIndexOf("/") + 1);
var isOpt = (w) => w?.value != null && w.value.length > 1 && w.value.startsWith("-");
function unwrap(words) {
  let i = 0;
  const skipOptions = (withArg) => {
    while (i < words.length && isOpt(words[i])) {
      const w = words[i].value;
      i++;
      if (w === "--") break;
      if (withArg.test(w)) i++;
    }
  };
  for (; ; ) {
    const w = words[i]?.value;
    if (w == null) break;
    if (/^[A-Za-z_]\w*=/.test(w)) {
      i++;
      continue;
    }
    const name = base(words[i]);
    if (name === "sudo" || name === "doas") {
      i++;
      skipOptions(/^-[ugCDhprtUT]$/);
    } else if (name === "env") {
      i++;
      skipOptions(/^-[uCS]$/);
    } else if (name === "time" || name === "nohup" || name === "builtin") {
      i++;
      skipOptions(/^$/);
    } else if (name === "nice" || name === "ionice" || name === "stdbuf" || name === "exec") {
      i++;
      skipOptions(/^-[nciaoe]$/);
    } else if (name === "timeout") {
      i++;
      skipOptions(/^-[sk]$/);
      i++;
    } else if (name === "command" && !/^-[vV]/.test(words[i + 1]?.value ?? "")) {
      i++;
      skipOptions(/^$/);
    } else if ((name === "uv" || name === "poetry" || name === "pipenv" || name === "pdm") && words[i + 1]?.value === "run") {
      i += 2;
      skipOptions(/^(--with|--python|-p|--project|--directory|--env-file|--extra|--group|--package)$/);
    } else break;
  }
  return words.slice(i);
}
function positionals(args, takesArg) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.value === "--") {
      out.push(...args.slice(i + 1));
      break;
    }
    if (isOpt(a)) {
      if (takesArg(a.value)) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}
function joinPath(dir, file) {
  const name = file.replace(/\/+$/, "");
  return `${dir.replace(/\/+$/, "")}/${name.slice(name.lastIndexOf("/") + 1)}`;
}
function destinations(args, how) {
  let targetDir = null;
  const withArg = how === "install" ? /^-[tmogS]$/ : /^-[tS]$/;
  if (how === "install" && args.some((a) => a.value === "-d" || a.value === "--directory")) return [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (v === "-t" || v === "--target-directory") targetDir = args[i + 1] ?? null;
    else if (v?.startsWith("--target-directory=")) targetDir = { value: v.slice(19), loose: v.slice(19) };
  }
  const pos = positionals(args, (o) => withArg.test(o) || o === "--target-directory" || o === "--suffix");
  const moved = (s) => how === "mv" ? { from: s } : {};
  const inDir = (dir, srcs2) => srcs2.map((s) => ({
    target: dir.value === null || s.value === null ? { value: null, loose: dir.loose } : { value: joinPath(dir.value, s.value), loose: dir.loose },
    how,
    ...moved(s)
  }));
  if (targetDir) return inDir(targetDir, pos);
  if (pos.length < 2) return [];
  const dest = pos[pos.length - 1];
  const srcs = pos.slice(0, -1);
  if (srcs.length > 1 || dest.value?.endsWith("/")) return inDir(dest, srcs);
  return [{ target: dest, how, ...moved(srcs[0]) }];
}
function sedWrites(args) {
  let inPlace = false;
  let scriptGiven = false;
  const pos = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const v = a.value;
    if (v === "--") {
      pos.push(...args.slice(i + 1));
      break;
    }
    if (v === null || !v.startsWith("-") || v === "-") {
      pos.push(a);
      continue;
    }
    if (v.startsWith("--")) {
      if (v.startsWith("--in-place")) inPlace = true;
      else if (v === "--expression" || v === "--file") {
        scriptGiven = true;
        i++;
      } else if (v.startsWith("--expression=") || v.startsWith("--file=")) scriptGiven = true;
      else if (v === "--line-length") i++;
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j];
      if (ch === "i") {
        inPlace = true;
        if (j === v.length - 1 && args[i + 1]?.value === "") i++;
        break;
      }
      if (ch === "e" || ch === "f" || ch === "l") {
        if (ch !== "l") scriptGiven = true;
        if (j === v.length - 1) i++;
        break;
      }
    }
  }
  if (!inPlace) return [];
  return scriptGiven ? pos : pos.slice(1);
}
function perlWrites(args) {
  let inPlace = false;
  let codeGiven = false;
  const pos = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (v === "--") {
      pos.push(...args.slice(i + 1));
      break;
    }
    if (v === null || !v.startsWith("-") || v === "-") {
      pos.push(args[i]);
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j];
      if (ch === "i") {
        inPlace = true;
        break;
      }
      if ("eEIMm".includes(ch)) {
        if (ch === "e" || ch === "E") codeGiven = true;
        if (j === v.length - 1) i++;
        break;
      }
    }
  }
  if (!inPlace) return [];
  return codeGiven ? pos : pos.slice(1);
}
function curlWrites(args) {
  const out = [];
  const withArg = "AbcCdDeEFHKmoPQrTuUwxXyYz";
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (v === null || !v.startsWith("-") || v === "-") continue;
    if (v.startsWith("--")) {
      if (v === "--output") out.push(args[++i] ?? { value: null, loose: "" });
      else if (v.startsWith("--output=")) out.push({ value: v.slice(9), loose: v.slice(9) });
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j];
      if (!withArg.includes(ch)) continue;
      const inline = v.slice(j + 1);
      const arg = inline !== "" ? { value: inline, loose: inline } : args[++i];
      if (ch === "o" && arg) out.push(arg);
      break;
    }
  }
  return out;
}
function wgetWrites(args) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (v === "-O" || v === "--output-document") out.push(args[++i] ?? { value: null, loose: "" });
    else if (v?.startsWith("--output-document=")) out.push({ value: v.slice(18), loose: v.slice(18) });
    else if (v?.startsWith("-O") && v.length > 2) out.push({ value: v.slice(2), loose: v.slice(2) });
  }
  return out.filter((w) => w.value !== "-");
}
function inlineCode(cmd, args, codeFlag, argFlags, longCode) {
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (v === null) return null;
    if (v === "-") return cmd.stdin;
    const long = longCode.exec(v);
    if (long) return long[1] !== void 0 ? [long[1]] : [args[i + 1]?.loose ?? ""];
    if (v === "--") return args[i + 1] ? null : cmd.stdin;
    if (!v.startsWith("-")) return null;
    if (v.startsWith("--")) {
      if (!v.includes("=") && argFlags.test(v)) i++;
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j];
      if (codeFlag.test(ch)) return [v.length > j + 1 ? v.slice(j + 1) : args[i + 1]?.loose ?? ""];
      if (ch === "m") return null;
      if (argFlags.test(`-${ch}`)) {
        if (j === v.length - 1) i++;
        break;
      }
    }
  }
  return cmd.stdin;
}
var PYTHON_RE = /^(python([23](\.\d+)?)?|pypy3?)$/;
var NODE_RE = /^(node|nodejs|bun)$/;
var SHELL_RE = /^(ba|z|da|k)?sh$/;
function scriptsOf(name, cmd, args) {
  if (PYTHON_RE.test(name)) {
    const code = inlineCode(cmd, args, /c/, /^-[WXQ]$/, /(?!)/);
    return (code ?? []).map((c) => ({ language: "python", code: c }));
  }
  if (NODE_RE.test(name)) {
    const code = inlineCode(
      cmd,
      args,
      /[ep]/,
      /^(-r|--require|--import|--loader|--experimental-loader|-C|--conditions|--input-type|--env-file)$/,
      /^--(?:eval|print)(?:=([\s\S]*))?$/
    );
    return (code ?? []).map((c) => ({ language: "node", code: c }));
  }
  if (SHELL_RE.test(name)) {
    if (args.some((a) => /^-[a-z]*n[a-z]*$/.test(a.value ?? ""))) return [];
    const cIndex = args.findIndex((a) => /^-[a-z]*c[a-z]*$/.test(a.value ?? ""));
    if (cIndex >= 0) {
      const code = args.slice(cIndex + 1).find((a) => !isOpt(a));
      return code ? [{ language: "shell", code: code.loose }] : [];
    }
    const file = positionals(args, (o) => o === "-o" || o === "+o");
    return file.length === 0 ? cmd.stdin.map((c) => ({ language: "shell", code: c })) : [];
  }
  return [];
}
function negativeExit(cmd) {
  const words = unwrap(cmd.words);
  const name = base(words[0]);
  const args = words.slice(1);
  const has = (re) => args.some((a) => re.test(a.value ?? ""));
  if (name === null) return null;
  if (/^(grep|egrep|fgrep|zgrep)$/.test(name)) return { label: "no match", silenced: has(/^(-[a-zA-Z]*s[a-zA-Z]*|--no-messages)$/) };
  if (name === "rg" || name === "ag") return { label: "no match", silenced: has(/^--no-messages$/) };
  if (name === "git" && subcommand(args).sub === "grep") return { label: "no match", silenced: false };
  if (name === "diff") return { label: "differs", silenced: false };
  if (name === "cmp") return { label: "differs", silenced: has(/^(-[a-z]*s[a-z]*|--quiet|--silent)$/) };
  if (name === "test" || name === "[" || name === "[[") return { label: "false", silenced: false };
  return null;
}
function isCommit(cmd) {
  const words = unwrap(cmd.words);
  return base(words[0]) === "git" && subcommand(words.slice(1)).sub === "commit";
}
var READ_ONLY = new Set(
  "ls ll la cat bat head tail less more grep egrep fgrep rg ag ack fd wc file stat pwd echo printf which whereis type tree du df diff cmp jq yq sort uniq cut tr column basename dirname realpath readlink date printenv id whoami hostname uname true false test [ nproc free ps lsof man locate xxd od hexdump strings md5sum sha1sum sha256sum shasum cd pushd popd sleep wait history comm nl fold expand paste tac rev look seq".split(" ")
);
var GIT_READ = new Set(
  "status log diff show rev-parse ls-files ls-tree blame grep describe shortlog cat-file merge-base whatchanged count-objects".split(" ")
);
var GH_READ = {
  pr: /* @__PURE__ */ new Set(["view", "list", "status", "checks", "diff"]),
  issue: /* @__PURE__ */ new Set(["view", "list", "status"]),
  run: /* @__PURE__ */ new Set(["view", "list", "watch"]),
  repo: /* @__PURE__ */ new Set(["view", "list"]),
  release: /* @__PURE__ */ new Set(["view", "list"]),
  workflow: /* @__PURE__ */ new Set(["view", "list"]),
  auth: /* @__PURE__ */ new Set(["status"]),
  search: /* @__PURE__ */ new Set(["repos", "issues", "prs", "code", "commits"])
};
var NPM_READ = new Set("view info show ls list outdated root bin search explain why ping doctor".split(" "));
function subcommand(args, withArg = /^-[Cc]$/) {
  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (v === null) return { sub: null, rest: [] };
    if (withArg.test(v)) {
      i++;
      continue;
    }
    if (!v.startsWith("-")) return { sub: v, rest: args.slice(i + 1) };
  }
  return { sub: null, rest: [] };
}
function isReadOnly(name, args) {
  if (args.length === 1 && /^(--version|-v|-V|--help|-h|version)$/.test(args[0].value ?? "")) return true;
  if (name === "find") return !args.some((a) => /^-(delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/.test(a.value ?? ""));
  if (name === "sed") return !args.some((a) => /^(-[a-zA-Z]*i|--in-place)/.test(a.value ?? ""));
  if (name === "awk" || name === "gawk") return !args.some((a) => /[>|]|system\s*\(/.test(a.loose));
  if (READ_ONLY.has(name)) return true;
  if (name === "git") {
    const { sub, rest } = subcommand(args);
    if (sub === null) return false;
    if (GIT_READ.has(sub)) return true;
    if (sub === "branch" || sub === "tag") return rest.every((a) => /^-(a|r|v|vv|l|-list|-show-current|-contains|-merged|-no-merged)$/.test(a.value ?? ""));
    if (sub === "remote") return rest.length === 0 || /^(-v|show|get-url)$/.test(rest[0].value ?? "");
    if (sub === "stash") return /^(list|show)$/.test(rest[0]?.value ?? "");
    if (sub === "config") return rest.some((a) => /^(--get|--get-all|--list|-l)$/.test(a.value ?? ""));
    if (sub === "worktree") return rest[0]?.value === "list";
    return false;
  }
  if (name === "gh") {
    const { sub, rest } = subcommand(args, /^-R$|^--repo$/);
    if (sub === "api") return !args.some((a) => /^(-X|--method|-f|-F|--field|--raw-field|--input)$/.test(a.value ?? ""));
    return sub !== null && (GH_READ[sub]?.has(rest[0]?.value ?? "") ?? false);
  }
  if (name === "npm" || name === "pnpm" || name === "yarn") {
    const { sub } = subcommand(args, /^$/);
    return sub !== null && NPM_READ.has(sub);
  }
  return false;
}
function judgeCommand(cmd) {
  const words = unwrap(cmd.words);
  const name = base(words[0]);
  const args = words.slice(1);
  const none = { writes: [], scripts: [], readOnly: words.length === 0 };
  if (name === null) return none;
  const writes = (targets, how) => targets.map((target) => ({ target, how }));
  const judged = (w) => ({ writes: w, scripts: [], readOnly: false });
  switch (name) {
    case "tee":
      return judged(
        writes(
          positionals(args, () => false),
          "tee"
        )
      );
    case "sed":
    case "gsed": {
      const w = sedWrites(args);
      return w.length ? judged(writes(w, "sed -i")) : { ...none, readOnly: isReadOnly("sed", args) };
    }
    case "perl": {
      const w = perlWrites(args);
      if (w.length) return judged(writes(w, "perl -i"));
      break;
    }
    case "mv":
    case "cp":
    case "install":
      return judged(destinations(args, name));
    case "rm":
    case "unlink": {
      const recursive = args.some((a) => /^(-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)$/.test(a.value ?? ""));
      return judged(
        writes(
          positionals(args, () => false),
          recursive ? "rm -r" : "rm"
        )
      );
    }
    case "touch":
      return judged(
        writes(
          positionals(args, (o) => /^-[dtr]$/.test(o)),
          "touch"
        )
      );
    case "curl": {
      const w = writes(curlWrites(args), "curl -o");
      const sends = args.some((a) => /^(-[a-zA-Z]*[XdFTO]|--request|--data.*|--form|--upload-file|--remote-name)$/.test(a.value ?? ""));
      return { writes: w, scripts: [], readOnly: w.length === 0 && !sends };
    }
    case "wget":
      return judged(writes(wgetWrites(args), "wget -O"));
    case "dd":
      return judged(
        writes(
          args.filter((a) => a.value?.startsWith("of=")).map((a) => ({ value: a.value.slice(3), loose: a.loose.slice(3) })),
          "dd of="
        )
      );
  }
  const scripts = scriptsOf(name, cmd, args);
  if (scripts.length) return { writes: [], scripts, readOnly: false };
  return { ...none, readOnly: isReadOnly(name, args) };
}

// sections/ledger/script-writes.ts
var ESCAPES = { n: "\n", t: "	", r: "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"', "`": "`" };
function readString(s, i, quote, raw, interpolates) {
  let j = i + quote.length;
  let body = "";
  while (j < s.length && !s.startsWith(quote, j)) {
    if (s[j] === "\\" && j + 1 < s.length) {
      body += raw ? s.slice(j, j + 2) : ESCAPES[s[j + 1]] ?? s[j + 1];
      j += 2;
    } else if (quote.length === 1 && s[j] === "\n" && quote !== "`") break;
    else body += s[j++];
  }
  return { tok: { t: "str", v: interpolates(body) ? null : body }, end: j + quote.length };
}
function lex(s, language) {
  const out = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (/\s/.test(c)) {
      i++;
    } else if (language === "python" && c === "#") {
      const nl = s.indexOf("\n", i);
      i = nl < 0 ? s.length : nl;
    } else if (language === "node" && s.startsWith("//", i)) {
      const nl = s.indexOf("\n", i);
      i = nl < 0 ? s.length : nl;
    } else if (language === "node" && s.startsWith("/*", i)) {
      const end = s.indexOf("*/", i + 2);
      i = end < 0 ? s.length : end + 2;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[\w$]+/.exec(s.slice(i))[0];
      const next = s[i + m.length];
      if (language === "python" && (next === '"' || next === "'") && /^[rRbBuUfF]{1,2}$/.test(m)) {
        const quote = s.startsWith(next.repeat(3), i + m.length) ? next.repeat(3) : next;
        const f = /[fF]/.test(m);
        const { tok, end } = readString(s, i + m.length, quote, /[rR]/.test(m), (b) => f && /\{[^{]/.test(b));
        out.push(tok);
        i = end;
      } else {
        out.push({ t: "id", v: m });
        i += m.length;
      }
    } else if (c === '"' || c === "'" || c === "`" && language === "node") {
      const quote = language === "python" && s.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      const { tok, end } = readString(s, i, quote, false, (b) => c === "`" && b.includes("${"));
      out.push(tok);
      i = end;
    } else {
      out.push({ t: "p", v: c });
      i++;
    }
  }
  return out;
}
function callArgs(toks, open) {
  const args = [[]];
  let depth = 0;
  for (let k = open + 1; k < toks.length; k++) {
    const t = toks[k];
    if (t.t === "p" && "([{".includes(t.v)) depth++;
    if (t.t === "p" && ")]}".includes(t.v)) {
      if (depth === 0) return args;
      depth--;
    }
    if (depth === 0 && t.t === "p" && t.v === ",") args.push([]);
    else args[args.length - 1].push(t);
  }
  return args;
}
function stringArg(arg) {
  if (!arg || arg.length !== 1 || arg[0].t !== "str") return void 0;
  return arg[0].v;
}
function modeArg(args, index) {
  for (const a of args) {
    if (a.length === 3 && a[0].t === "id" && a[0].v === "mode" && a[1].t === "p" && a[1].v === "=") return stringArg([a[2]]);
  }
  const positional = args[index];
  if (positional && !(positional[1]?.t === "p" && positional[1].v === "=")) return stringArg(positional);
  return void 0;
}
var WRITE_MODE = /[wax+]/;
function scan(code, language) {
  const toks = lex(code, language);
  const paths = [];
  let unresolved = 0;
  const take = (path) => {
    if (typeof path === "string" && path !== "") paths.push(path);
    else unresolved++;
  };
  const isCall = (k) => toks[k + 1]?.t === "p" && toks[k + 1].v === "(";
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k];
    if (t.t !== "id" || !isCall(k)) continue;
    const args = callArgs(toks, k + 1);
    const afterDot = toks[k - 1]?.t === "p" && toks[k - 1].v === ".";
    if (language === "python") {
      if (t.v === "open" && !afterDot) {
        const mode = modeArg(args, 1);
        if (typeof mode === "string" && WRITE_MODE.test(mode)) take(stringArg(args[0]));
        else if (mode === null) unresolved++;
      } else if (t.v === "open" && afterDot) {
        const receiver = pathReceiver(toks, k - 1);
        if (receiver !== void 0) {
          const mode = modeArg(args, 0);
          if (typeof mode === "string" && WRITE_MODE.test(mode)) take(receiver);
        } else {
          const mode = modeArg(args, 1);
          if (typeof mode === "string" && WRITE_MODE.test(mode)) take(stringArg(args[0]));
        }
      } else if (afterDot && /^(write_text|write_bytes|touch)$/.test(t.v)) {
        const receiver = pathReceiver(toks, k - 1);
        if (receiver !== void 0) take(receiver);
      } else if (afterDot && /^(copy|copy2|copyfile|move)$/.test(t.v) && toks[k - 2]?.t === "id" && toks[k - 2].v === "shutil") {
        take(stringArg(args[1]));
      }
    } else if (/^(writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|outputFileSync|outputFile)$/.test(t.v)) {
      take(stringArg(args[0]));
    } else if (/^(copyFileSync|copyFile|cpSync|renameSync)$/.test(t.v)) {
      take(stringArg(args[1]));
    }
  }
  return { paths, unresolved };
}
function pathReceiver(toks, dot) {
  const close = toks[dot - 1];
  if (close?.t !== "p" || close.v !== ")") return void 0;
  let depth = 0;
  for (let k = dot - 1; k >= 0; k--) {
    const t = toks[k];
    if (t.t === "p" && t.v === ")") depth++;
    else if (t.t === "p" && t.v === "(" && --depth === 0) {
      const callee = toks[k - 1];
      if (callee?.t !== "id" || !/^(Path|PurePath|PosixPath)$/.test(callee.v)) return void 0;
      const inner = toks.slice(k + 1, dot - 1);
      return inner.length === 1 && inner[0].t === "str" ? inner[0].v : null;
    }
  }
  return void 0;
}
var pythonWrites = (code) => scan(code, "python");
var nodeWrites = (code) => scan(code, "node");

// sections/ledger/shell-tokens.ts
var CONTROL = ["&&", "||", ";;", "|&", ";", "|", "&", "(", ")", "\n"];
var REDIRECTS = ["&>>", "<<<", "<<-", "&>", ">>", ">|", ">&", "<<", "<&", "<>", ">", "<"];
var RESERVED = /* @__PURE__ */ new Set(["if", "then", "else", "elif", "fi", "do", "done", "while", "until", "{", "}", "!", "time"]);
function skipSubstitution(s, i) {
  if (s[i] === "`") {
    for (let j = i + 1; j < s.length; j++) {
      if (s[j] === "\\") j++;
      else if (s[j] === "`") return j + 1;
    }
    return s.length;
  }
  const open = s[i + 1];
  const close = open === "(" ? ")" : "}";
  let depth = 0;
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j];
    if (c === "\\") j++;
    else if (c === "'") {
      const k = s.indexOf("'", j + 1);
      j = k < 0 ? s.length : k;
    } else if (c === open) depth++;
    else if (c === close && --depth === 0) return j + 1;
  }
  return s.length;
}
function tokenize(s) {
  const tokens = [];
  const pending = [];
  let value = "";
  let loose = "";
  let inWord = false;
  let glob = false;
  const endWord = () => {
    if (!inWord) return;
    tokens.push({ kind: "word", word: { value: glob ? null : value, loose } });
    value = "";
    loose = "";
    inWord = false;
    glob = false;
  };
  const add = (lit, raw) => {
    inWord = true;
    value = value === null || lit === null ? null : value + lit;
    loose += raw;
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === " " || c === "	") {
      endWord();
      i++;
      continue;
    }
    if (c === "\\") {
      if (s[i + 1] === "\n") i += 2;
      else {
        add(s[i + 1] ?? "", s[i + 1] ?? "");
        i += 2;
      }
      continue;
    }
    if (c === "#" && !inWord) {
      const nl = s.indexOf("\n", i);
      i = nl < 0 ? s.length : nl;
      continue;
    }
    if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) return opaqueRest(tokens, s, i);
      add(s.slice(i + 1, end), s.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let lit = "";
      let raw = "";
      for (; j < s.length && s[j] !== '"'; j++) {
        const d = s[j];
        if (d === "\\" && '$`"\\\n'.includes(s[j + 1] ?? "")) {
          if (s[j + 1] !== "\n") {
            lit = lit === null ? null : lit + s[j + 1];
            raw += s[j + 1];
          }
          j++;
        } else if (d === "`" || d === "$" && /[({]/.test(s[j + 1] ?? "")) {
          const k = skipSubstitution(s, j);
          raw += s.slice(j, k);
          lit = null;
          j = k - 1;
        } else if (d === "$" && /[\w@*#?$!-]/.test(s[j + 1] ?? "")) {
          raw += d;
          lit = null;
        } else {
          lit = lit === null ? null : lit + d;
          raw += d;
        }
      }
      if (j >= s.length) return opaqueRest(tokens, s, i);
      add(lit, raw);
      i = j + 1;
      continue;
    }
    if (c === "$" && s[i + 1] === "'") {
      const end = s.indexOf("'", i + 2);
      if (end < 0) return opaqueRest(tokens, s, i);
      add(null, s.slice(i + 2, end));
      i = end + 1;
      continue;
    }
    if (c === "`" || c === "$" && /[({]/.test(s[i + 1] ?? "")) {
      const k = skipSubstitution(s, i);
      add(null, s.slice(i, k));
      i = k;
      continue;
    }
    if (c === "$" && /[\w@*#?$!-]/.test(s[i + 1] ?? "")) {
      add(null, c);
      i++;
      continue;
    }
    if (!inWord && (s.startsWith("[[", i) || s.startsWith("((", i))) {
      const close = s[i] === "[" ? "]]" : "))";
      const end = s.indexOf(close, i + 2);
      const k = end < 0 ? s.length : end + 2;
      add(null, s.slice(i, k));
      i = k;
      continue;
    }
    const redirect = REDIRECTS.find((op) => s.startsWith(op, i));
    if (redirect) {
      let fd = null;
      if (inWord && value !== null && /^\d+$/.test(value) && loose === value) {
        fd = value;
        value = "";
        loose = "";
        inWord = false;
      }
      endWord();
      i += redirect.length;
      if (redirect === "<<" || redirect === "<<-") {
        const m = /^[ \t]*(['"]?)([^\s'"<>;&|()]+)\1/.exec(s.slice(i));
        if (m) {
          const body = { text: "" };
          pending.push({ delimiter: m[2], stripTabs: redirect === "<<-", body });
          tokens.push({ kind: "heredoc", body });
          i += m[0].length;
        }
        continue;
      }
      tokens.push({ kind: "redirect", op: redirect, fd });
      continue;
    }
    const control = CONTROL.find((op) => s.startsWith(op, i));
    if (control) {
      endWord();
      tokens.push({ kind: "op", op: control === "\n" ? ";" : control });
      i += control.length;
      if (control === "\n" && pending.length > 0) i = readBodies(s, i, pending);
      continue;
    }
    if (c === "*" || c === "?" || c === "[") glob = true;
    add(c, c);
    i++;
  }
  endWord();
  return tokens;
}
function readBodies(s, i, pending) {
  for (const p of pending.splice(0)) {
    const lines = [];
    while (i < s.length) {
      const nl = s.indexOf("\n", i);
      const line = s.slice(i, nl < 0 ? s.length : nl);
      i = nl < 0 ? s.length : nl + 1;
      if ((p.stripTabs ? line.replace(/^\t+/, "") : line) === p.delimiter) break;
      lines.push(line);
    }
    p.body.text = lines.length ? `${lines.join("\n")}
` : "";
  }
  return i;
}
function opaqueRest(tokens, s, i) {
  tokens.push({ kind: "word", word: { value: null, loose: s.slice(i) } });
  return tokens;
}
var CD = /* @__PURE__ */ new Set(["cd", "pushd", "popd"]);
var PLAIN_COMMAND_RE = /^[A-Za-z0-9_.,:/@%+=-]+(?: +[A-Za-z0-9_.,:/@%+=-]+)*$/;
function scriptFromTokens(source) {
  const script = { commands: [], redirects: [] };
  const trimmed = source.trim();
  if (PLAIN_COMMAND_RE.test(trimmed)) {
    const words2 = trimmed.split(/ +/).map((w) => ({ value: w, loose: w }));
    let first = 0;
    while (first < words2.length && (RESERVED.has(words2[first].value) || /^[A-Za-z_]\w*=/.test(words2[first].value))) first++;
    const kept = words2.slice(first);
    if (kept.length && !["for", "case", "select", "function", "in", "esac"].includes(kept[0].value)) script.commands.push({ words: kept, stdin: [] });
    if (CD.has(kept[0]?.value ?? "")) script.endDir = null;
    return script;
  }
  let words = [];
  let stdin = [];
  let pipedStdin = [];
  let moved = false;
  const flush = (op) => {
    const cmd = words.length ? { words, stdin: [...stdin, ...pipedStdin], pos: start, ...moved ? { dir: null } : {} } : null;
    if (cmd) script.commands.push(cmd);
    if (cmd && CD.has(cmd.words[0]?.value ?? "")) moved = true;
    const bareCat = cmd !== null && cmd.words.length === 1 && cmd.words[0].value !== null && /(^|\/)cat$/.test(cmd.words[0].value);
    pipedStdin = op === "|" && bareCat ? stdin : [];
    words = [];
    stdin = [];
  };
  let start = 0;
  const tokens = tokenize(source);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind === "op") {
      flush(t.op);
      start = k + 1;
      continue;
    }
    if (t.kind === "heredoc") {
      stdin.push(t.body.text);
      continue;
    }
    if (t.kind === "redirect") {
      const next = tokens[k + 1];
      if (next?.kind !== "word") continue;
      k++;
      if (t.op === "<<<") stdin.push(next.word.loose);
      else {
        const r = { op: t.op, fd: t.fd, target: next.word, pos: k, ...moved ? { dir: null } : {} };
        script.redirects.push(r);
      }
      continue;
    }
    const w = t.word;
    if (words.length === 0 && w.value !== null && (RESERVED.has(w.value) || /^[A-Za-z_]\w*=/.test(w.value))) continue;
    words.push(w);
  }
  flush(null);
  if (moved) script.endDir = null;
  script.commands = script.commands.filter((c) => !["for", "case", "select", "function", "in", "esac"].includes(c.words[0]?.value ?? ""));
  return script;
}

// sections/ledger/shell-tree.ts
import { posix } from "node:path";

// sections/ledger/shell-model.ts
var literal = (value) => ({ value, loose: value });

// sections/ledger/shell-tree.ts
var GLOB_RE = /(?<!\\)[*?[]/;
var unescapeBare = (s) => s.replace(/\\\n/g, "").replace(/\\(.)/gs, "$1");
var unescapeDouble = (s) => s.replace(/\\\n/g, "").replace(/\\([$`"\\])/g, "$1");
var ANSI_C = {
  n: "\n",
  t: "	",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1B",
  E: "\x1B",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?"
};
var unescapeAnsiC = (s) => s.replace(/\\(.)/gs, (m, c) => ANSI_C[c] ?? m);
function join2(parts) {
  let value = "";
  let loose = "";
  for (const p of parts) {
    value = value === null || p.value === null ? null : value + p.value;
    loose += p.loose;
  }
  return { value, loose };
}
function doubleQuoted(n) {
  const parts = [];
  const src = n.text;
  const base2 = n.startIndex;
  let at2 = 1;
  for (const c of n.namedChildren) {
    if (c.startIndex - base2 > at2) parts.push(plain(unescapeDouble(src.slice(at2, c.startIndex - base2))));
    parts.push(c.type === "string_content" ? plain(unescapeDouble(c.text)) : wordOf(c));
    at2 = c.endIndex - base2;
  }
  const end = src.endsWith('"') && src.length > 1 ? src.length - 1 : src.length;
  if (end > at2) parts.push(plain(unescapeDouble(src.slice(at2, end))));
  return join2(parts);
}
var plain = (s) => ({ value: s, loose: s });
function wordOf(n) {
  switch (n.type) {
    case "word": {
      const loose = unescapeBare(n.text);
      return { value: GLOB_RE.test(n.text) ? null : loose, loose };
    }
    case "command_name":
      return n.namedChildren[0] ? wordOf(n.namedChildren[0]) : plain(n.text);
    case "number":
    case "variable_name":
      return plain(n.text);
    case "raw_string":
      return plain(n.text.slice(1, n.text.endsWith("'") && n.text.length > 1 ? -1 : void 0));
    case "ansi_c_string":
      return plain(unescapeAnsiC(n.text.slice(2, n.text.endsWith("'") ? -1 : void 0)));
    case "string":
      return doubleQuoted(n);
    case "translated_string":
      return n.namedChildren[0] ? wordOf(n.namedChildren[0]) : plain("");
    case "concatenation":
      return join2(n.children.map(wordOf));
    default:
      return { value: null, loose: n.text };
  }
}
var REDIRECT_OPS = /* @__PURE__ */ new Set([">", ">>", ">|", "&>", "&>>", ">&", "<", "<&", "<>", ">&-", "<&-"]);
function redirectOf(n) {
  let op = null;
  let fd = null;
  let target = null;
  for (const c of n.children) {
    if (!c.isNamed && REDIRECT_OPS.has(c.type)) op ??= c.type;
    else if (c.type === "file_descriptor") fd = c.text;
    else if (c.isNamed && target === null && op !== null) target = c;
  }
  if (op === null) return null;
  return { op, fd, target: target ? wordOf(target) : { value: null, loose: "" } };
}
function commandOf(n) {
  const words = [];
  const name = n.childForFieldName("name");
  if (name) words.push(wordOf(name));
  for (const a of n.childrenForFieldName("argument")) words.push(wordOf(a));
  const stdin = [];
  for (const r of n.childrenForFieldName("redirect")) {
    const text = fedText(r);
    if (text !== null) stdin.push(text);
  }
  return { words, stdin };
}
function fedText(r) {
  if (r.type === "heredoc_redirect") {
    const body = r.children.find((c) => c.type === "heredoc_body");
    return body ? body.text : "";
  }
  if (r.type === "herestring_redirect") {
    const arg = r.namedChildren[r.namedChildren.length - 1];
    return arg ? wordOf(arg).loose : "";
  }
  return null;
}
var isBareCat = (c) => c !== void 0 && c.words.length === 1 && c.words[0].value !== null && /(^|\/)cat$/.test(c.words[0].value);
var SUBSHELLS = /* @__PURE__ */ new Set(["subshell", "command_substitution", "process_substitution"]);
var MAYBE = /* @__PURE__ */ new Set(["if_statement", "while_statement", "for_statement", "c_style_for_statement", "case_statement", "function_definition"]);
var GROUPS = /* @__PURE__ */ new Set(["compound_statement", "subshell", "if_statement", "while_statement", "for_statement", "c_style_for_statement", "case_statement"]);
function cdTarget(c, dir) {
  const args = c.words.slice(1).filter((w, i, all) => !(/^-[LPe@]+$/.test(w.value ?? "") && all.slice(0, i).every((p) => p.value?.startsWith("-"))));
  const to = args[0]?.value === "--" ? args[1] : args[0];
  if (to === void 0) return c.words[0].value === "cd" ? "~" : null;
  if (to.value === null || to.value === "-" || to.value === "") return null;
  if (to.value.startsWith("/") || to.value.startsWith("~")) return to.value;
  if (dir === null) return null;
  return dir === void 0 ? to.value : posix.join(dir, to.value);
}
function silencesStderr(redirects) {
  let out = true;
  let err = true;
  for (const r of redirects) {
    const target = r.target.value;
    if (r.op === ">&" && (r.fd === "2" ? target === "1" : target === "2")) {
      if (r.fd === "2") err = out;
      else out = err;
    } else if (r.op === "&>" || r.op === "&>>" || r.op === ">&" && r.fd === null) {
      out = false;
      err = false;
    } else if (r.op === ">" || r.op === ">>" || r.op === ">|") {
      const kept = target === "/dev/stdout" ? out : target === "/dev/stderr" ? err : false;
      if (r.fd === "2") err = kept;
      else if (r.fd === null || r.fd === "1") out = kept;
    }
  }
  return !err;
}
var ownRedirects = (n) => n.children.flatMap((c) => {
  const r = c.type === "file_redirect" ? redirectOf(c) : null;
  return r ? [r] : [];
});
var SILENT = /^(grep|egrep|fgrep|zgrep|rg|ag|ack|diff|cmp|test|\[|false|which|type|pgrep|read)$/;
function scriptFromTree(root) {
  const script = { commands: [], redirects: [] };
  const byNode = /* @__PURE__ */ new Map();
  let dir = void 0;
  const at2 = (x, d, n) => {
    if (d !== void 0) x.dir = d;
    x.pos = n.startIndex;
    return x;
  };
  const children = (n) => {
    for (const c of n.children) visit(c);
  };
  const visit = (n) => {
    if (n.type === "heredoc_body" || n.type === "comment") return;
    if (SUBSHELLS.has(n.type)) {
      const saved = dir;
      children(n);
      dir = saved;
      return;
    }
    if (n.type === "pipeline") {
      const saved = dir;
      for (const c of n.children) {
        dir = saved;
        visit(c);
      }
      dir = saved;
      return;
    }
    if (MAYBE.has(n.type) || n.type === "list" && n.children.some((c) => c.type === "||")) {
      const saved = dir;
      if (n.type === "list") {
        const [left, ...rest] = n.children;
        if (left) visit(left);
        const after = dir;
        for (const c of rest) visit(c);
        if (dir !== after) dir = null;
      } else {
        children(n);
        if (dir !== saved) dir = null;
      }
      return;
    }
    if (n.type === "redirected_statement") {
      const before2 = dir;
      const body = n.childForFieldName("body");
      for (const c of n.children) {
        if (c.type === "file_redirect") {
          const r = redirectOf(c);
          if (r) script.redirects.push(at2(r, body && GROUPS.has(body.type) ? before2 : dir, c));
          for (const sub of c.namedChildren) visit(sub);
        } else visit(c);
      }
      attachStdin(n);
      return;
    }
    if (n.type === "file_redirect") {
      const r = redirectOf(n);
      if (r) script.redirects.push(at2(r, dir, n));
    } else if (n.type === "command") {
      const c = at2(commandOf(n), dir, n);
      byNode.set(n.id, c);
      script.commands.push(c);
      children(n);
      const name = c.words[0]?.value;
      if (name === "cd" || name === "pushd") dir = cdTarget(c, dir);
      else if (name === "popd") dir = null;
      return;
    }
    children(n);
  };
  const loud = (n) => {
    if (n.type === "test_command" || silencesStderr(ownRedirects(n))) return false;
    if (n.type === "command") {
      const name = byNode.get(n.id)?.words[0]?.value;
      if (name == null || SILENT.test(name.slice(name.lastIndexOf("/") + 1))) return false;
    }
    return n.namedChildren.every(loud);
  };
  const exitOf = (n, quiet) => {
    switch (n.type) {
      case "program":
      case "subshell":
      case "compound_statement": {
        const last = n.namedChildren.filter((c) => c.type !== "comment").at(-1);
        return last && n.children.at(-1)?.type !== "&" ? exitOf(last, quiet) : void 0;
      }
      case "command": {
        const c = byNode.get(n.id);
        return c ? { command: c, quiet: quiet || silencesStderr(ownRedirects(n)) } : void 0;
      }
      case "test_command":
        return { command: { words: [literal("[[")], stdin: [] }, quiet };
      case "redirected_statement": {
        const body = n.childForFieldName("body");
        const redirects = n.childrenForFieldName("redirect");
        if (redirects.some((r) => r.type === "heredoc_redirect" && r.namedChildren.some((c) => c.type === "pipeline" || c.type === "list"))) return void 0;
        return body ? exitOf(body, quiet || silencesStderr(ownRedirects(n))) : void 0;
      }
      case "pipeline": {
        const last = n.namedChildren.at(-1);
        return last ? exitOf(last, quiet) : void 0;
      }
      case "list": {
        const [left, right] = n.namedChildren;
        const op = n.children.find((c) => c.type === "&&" || c.type === "||")?.type;
        if (!left || !right) return void 0;
        if (op === "||") return exitOf(right, quiet);
        if (op === "&&" && loud(left)) return exitOf(right, quiet);
        return void 0;
      }
      default:
        return void 0;
    }
  };
  const attachStdin = (stmt) => {
    const body = stmt.childForFieldName("body");
    let consumer = null;
    if (body?.type === "command") consumer = body;
    else if (body?.type === "list") {
      const last = body.namedChildren[body.namedChildren.length - 1];
      if (last?.type === "command") consumer = last;
    }
    const target = consumer ? byNode.get(consumer.id) : void 0;
    for (const r of stmt.childrenForFieldName("redirect")) {
      const text = fedText(r);
      if (text === null || !target) continue;
      target.stdin.push(text);
      if (isBareCat(target)) {
        const pipe = r.namedChildren.find((c) => c.type === "pipeline");
        const next = pipe?.namedChildren.find((c) => c.type === "command");
        const piped = next ? byNode.get(next.id) : void 0;
        if (piped) piped.stdin.push(text);
      }
    }
  };
  visit(root);
  if (dir !== void 0) script.endDir = dir;
  const exit = exitOf(root, false);
  if (exit) script.exit = exit;
  return script;
}

// sections/ledger/shell-writes.ts
var isDeletion = (w) => w.how === "rm" || w.how === "rm -r";
var NOT_A_FILE = /^\/dev\/(null|stdout|stderr|tty|zero|fd\/\d+)$|^\/proc\/self\/fd\/\d+$/;
var WRITING_OPS = /* @__PURE__ */ new Set([">", ">>", ">|", "&>", "&>>", ">&"]);
var MAX_DEPTH = 4;
function redirectWrite(r) {
  if (!WRITING_OPS.has(r.op)) return null;
  if (r.op === ">&" && (r.target.value === null ? /^\$/.test(r.target.loose) : /^(\d+|-)$/.test(r.target.value))) return null;
  if (r.target.value === null) return "unresolved";
  if (r.target.value === "" || NOT_A_FILE.test(r.target.value)) return null;
  return { path: r.target.value, how: r.op };
}
function read(command, parser) {
  if (parser) {
    const tree = parser.parse(command);
    try {
      if (tree && !tree.rootNode.hasError) return { script: scriptFromTree(tree.rootNode), via: "parser" };
    } finally {
      tree?.delete();
    }
  }
  return { script: scriptFromTokens(command), via: "tokenizer" };
}
function within(outer, dir) {
  if (dir === void 0) return outer;
  if (dir === null || dir.startsWith("/") || dir.startsWith("~") || outer === void 0) return dir;
  return outer === null ? null : posix2.join(outer, dir);
}
var at = (w, dir) => dir === void 0 ? w : { ...w, dir };
var setsStrict = (script) => script.commands.some(
  (c) => c.words[0]?.value === "set" && c.words.slice(1).some((w, i, all) => /^-[a-z]*e/.test(w.value ?? "") || /^-[a-z]*o$/.test(w.value ?? "") && /^(errexit|pipefail)$/.test(all[i + 1]?.value ?? ""))
);
function analyzeShell(command, parser, depth = 0) {
  const { script, via } = read(command, parser);
  const writes = [];
  let unresolved = 0;
  let readOnly = true;
  let commits = false;
  const pos = /* @__PURE__ */ new Map();
  const add = (w, from) => {
    writes.push(w);
    pos.set(w, from.pos ?? 0);
  };
  for (const r of script.redirects) {
    const w = redirectWrite(r);
    if (w === "unresolved") unresolved++;
    else if (w) add(at(w, r.dir), r);
  }
  for (const cmd of script.commands) {
    const j = judgeCommand(cmd);
    if (!j.readOnly) readOnly = false;
    if (isCommit(cmd)) commits = true;
    for (const { target, how, from } of j.writes) {
      if (target.value === null) unresolved++;
      else if (target.value !== "" && target.value !== "-" && !NOT_A_FILE.test(target.value)) {
        add(at({ path: target.value, how, ...from?.value ? { from: from.value } : {} }, cmd.dir), cmd);
      }
    }
    for (const s of j.scripts) {
      if (s.language === "shell") {
        if (depth >= MAX_DEPTH) continue;
        const inner = analyzeShell(s.code, parser, depth + 1);
        for (const w of inner.writes) add(at(w, within(cmd.dir, w.dir)), cmd);
        unresolved += inner.unresolved;
        if (inner.commits) commits = true;
      } else {
        const found = s.language === "python" ? pythonWrites(s.code) : nodeWrites(s.code);
        for (const path of found.paths) add(at({ path, how: s.language }, cmd.dir), cmd);
        unresolved += found.unresolved;
      }
    }
  }
  const order = new Map(writes.map((w, i) => [w, i]));
  writes.sort((a, b) => (pos.get(a) ?? 0) - (pos.get(b) ?? 0) || order.get(a) - order.get(b));
  const seen = /* @__PURE__ */ new Map();
  const unique = writes.filter((w) => {
    const at2 = `${w.path}\0${w.dir}`;
    const hows = seen.get(at2) ?? /* @__PURE__ */ new Set();
    if (hows.has(w.how)) return false;
    seen.set(at2, hows.add(w.how));
    if (w.from !== void 0) seen.delete(`${w.from}\0${w.dir}`);
    return true;
  });
  const analysis = { writes: unique, unresolved, readOnly: readOnly && unique.length === 0 && unresolved === 0, via, commits };
  const neg = script.exit && !setsStrict(script) ? negativeExit(script.exit.command) : null;
  if (neg) analysis.negative = { label: neg.label, quiet: neg.silenced || script.exit.quiet };
  if (script.endDir !== void 0) analysis.endDir = script.endDir;
  return analysis;
}

// sections/ledger/commands.ts
var DEFAULT_LIMITS = { newest: 10, clipChars: 150, newestClipChars: 300 };
function commandRows(calls) {
  return calls.filter((c) => c.use.name === "Bash" && typeof c.use.input.command === "string").map((c, i) => {
    const negative = negativeOf(c);
    return {
      n: i + 1,
      command: c.use.input.command,
      readOnly: c.shell?.readOnly ?? false,
      failed: failed(c),
      ...negative ? { negative } : {},
      writes: c.shell?.writes.filter((w) => !isDeletion(w)).map((w) => w.path) ?? [],
      at: c.at
    };
  });
}
var runs = (row) => (row.until ?? row.n) - row.n + 1;
function repeatsCollapsed(rows) {
  const out = [];
  for (const row of rows) {
    const last = out.at(-1);
    const same = last && last.command === row.command && last.failed === row.failed && last.negative === row.negative && (last.until ?? last.n) === row.n - 1;
    if (same) out[out.length - 1] = { ...last, until: row.n, at: row.at, writes: [.../* @__PURE__ */ new Set([...last.writes, ...row.writes])] };
    else out.push(row);
  }
  return out;
}
function renderCommand(row, max) {
  const mark = row.failed ? "[error] " : row.negative ? `[${row.negative}] ` : "";
  const n = runs(row);
  const command = `${mark}${clip(oneLine(hideSecretValuesInCommand(row.command)), max)}`;
  return n > 1 ? `${row.n}\u2013${row.until}. ${command} (${n} runs in a row)` : `${row.n}. ${command}`;
}
function fitCommands(rows, room, countLine, limits = DEFAULT_LIMITS) {
  if (rows.length === 0) return { text: "", shown: 0, leftOut: 0, leftOutReadOnly: 0 };
  const newest = rows.slice(-limits.newest);
  const older = rows.slice(0, Math.max(0, rows.length - limits.newest));
  const olderLines = older.map((r) => renderCommand(r, limits.clipChars));
  const kept = older.map(() => true);
  let newestClip = Math.max(limits.newestClipChars, limits.clipChars);
  let olderChars = olderLines.reduce((n, l) => n + l.length + 1, 0);
  let newestChars = newest.reduce((n, r) => n + renderCommand(r, newestClip).length + 1, 0);
  let left = 0;
  let leftReadOnly = 0;
  const size = () => (left ? countLine(left, leftReadOnly).length + 1 : 0) + olderChars + newestChars - 1;
  const dropOrder = [...older.keys()].filter((i) => older[i].readOnly).concat([...older.keys()].filter((i) => !older[i].readOnly));
  for (const i of dropOrder) {
    if (size() <= room) break;
    kept[i] = false;
    olderChars -= olderLines[i].length + 1;
    left += runs(older[i]);
    if (older[i].readOnly) leftReadOnly += runs(older[i]);
  }
  while (size() > room && newestClip > limits.clipChars) {
    newestClip = Math.max(limits.clipChars, Math.floor(newestClip * 0.75));
    newestChars = newest.reduce((n, r) => n + renderCommand(r, newestClip).length + 1, 0);
  }
  const lines = [...left ? [countLine(left, leftReadOnly)] : [], ...olderLines.filter((_, i) => kept[i]), ...newest.map((r) => renderCommand(r, newestClip))];
  return { text: lines.join("\n"), shown: rows.reduce((a, r) => a + runs(r), 0) - left, leftOut: left, leftOutReadOnly: leftReadOnly };
}
function commandsReserve(rows, countLineChars, limits = DEFAULT_LIMITS) {
  const newest = rows.slice(-limits.newest);
  const lines = newest.map((r) => renderCommand(r, limits.clipChars).length + 1).reduce((a, b) => a + b, 0);
  return rows.length > newest.length ? lines + countLineChars + 1 : lines;
}

// sections/ledger/files.ts
import { posix as posix3 } from "node:path";
var FILE_TOOLS2 = {
  Write: "file_path",
  Edit: "file_path",
  MultiEdit: "file_path",
  NotebookEdit: "notebook_path"
};
function normalizePath(p) {
  const n = posix3.normalize(p);
  return n.length > 1 ? n.replace(/\/+$/, "") : n;
}
var isAbsolute = (p) => p.startsWith("/") || p.startsWith("~");
function resolveWrite(path, dir, base2) {
  if (isAbsolute(path) || dir === null) return normalizePath(path);
  if (dir !== void 0 && isAbsolute(dir)) return normalizePath(posix3.join(dir, path));
  return normalizePath(base2 ? posix3.join(base2, dir ?? "", path) : posix3.join(dir ?? "", path));
}
function dirAfter(base2, end) {
  if (end === void 0) return base2;
  if (end === null) return void 0;
  if (isAbsolute(end)) return end.startsWith("~") ? void 0 : normalizePath(end);
  return base2 ? normalizePath(posix3.join(base2, end)) : void 0;
}
function filesWritten(calls) {
  const byPath = /* @__PURE__ */ new Map();
  const entry = (path, at2) => {
    let f = byPath.get(path);
    if (!f) {
      f = { path, tools: {}, shell: [], toolCalls: 0, failedToolCalls: 0, folded: [], renamedFrom: [], first: at2, last: at2 };
      byPath.set(path, f);
    }
    f.first = Math.min(f.first, at2);
    f.last = Math.max(f.last, at2);
    return f;
  };
  const rename = (from, into) => {
    const old = byPath.get(from);
    if (old && old !== into) {
      byPath.delete(from);
      merge(old, into);
    }
    if (!into.renamedFrom.includes(from)) into.renamedFrom.push(from);
  };
  for (const { use, at: at2, shell, base: base2 } of calls) {
    const field = FILE_TOOLS2[use.name];
    if (field !== void 0) {
      const raw = use.input[field];
      if (typeof raw !== "string" || raw === "") continue;
      const f = entry(normalizePath(raw), at2);
      if (!isFailure(use)) delete f.deleted;
      f.tools[use.name] = (f.tools[use.name] ?? 0) + 1;
      f.toolCalls++;
      if (isFailure(use)) f.failedToolCalls++;
    } else if (shell && shell.writes.length > 0) {
      const seen = /* @__PURE__ */ new Set();
      for (const w of shell.writes) {
        const path = resolveWrite(w.path, w.dir, base2);
        if (isDeletion(w)) {
          if (isFailure(use)) continue;
          const gone = [...byPath.values()].filter((f2) => f2.path === path || w.how === "rm -r" && f2.path.startsWith(`${path}/`));
          if (gone.length === 0 && w.how === "rm") gone.push(entry(path, at2));
          for (const f2 of gone) {
            f2.deleted = w.how;
            f2.last = Math.max(f2.last, at2);
          }
          continue;
        }
        const f = entry(path, at2);
        delete f.deleted;
        if (!seen.has(path)) f.tools[use.name] = (f.tools[use.name] ?? 0) + 1;
        seen.add(path);
        if (!f.shell.includes(w.how)) f.shell.push(w.how);
        if (w.from !== void 0) {
          const from = resolveWrite(w.from, w.dir, base2);
          rename(from, f);
          seen.delete(from);
        }
      }
    }
  }
  return foldRelative([...byPath.values()]);
}
function merge(from, into) {
  const [older, newer] = from.first <= into.first ? [from, into] : [into, from];
  const tools = { ...older.tools };
  for (const [tool, n] of Object.entries(newer.tools)) tools[tool] = (tools[tool] ?? 0) + n;
  into.tools = tools;
  into.shell = [.../* @__PURE__ */ new Set([...older.shell, ...newer.shell])];
  into.toolCalls += from.toolCalls;
  into.failedToolCalls += from.failedToolCalls;
  into.folded.push(...from.folded);
  for (const r of from.renamedFrom) if (!into.renamedFrom.includes(r)) into.renamedFrom.push(r);
  into.first = Math.min(into.first, from.first);
  into.last = Math.max(into.last, from.last);
}
var neverWritten = (f) => f.toolCalls > 0 && f.failedToolCalls === f.toolCalls && !f.tools.Bash;
function foldRelative(files) {
  const byTail = /* @__PURE__ */ new Map();
  for (const f of files) {
    if (f.toolCalls === 0 || !f.path.startsWith("/")) continue;
    for (let at2 = f.path.indexOf("/", 1); at2 >= 0; at2 = f.path.indexOf("/", at2 + 1)) {
      const tail = f.path.slice(at2 + 1);
      const list2 = byTail.get(tail);
      if (!list2) byTail.set(tail, [f]);
      else if (list2.length < 2) list2.push(f);
    }
    const whole = f.path.slice(1);
    const list = byTail.get(whole);
    if (!list) byTail.set(whole, [f]);
    else if (list.length < 2 && !list.includes(f)) list.push(f);
  }
  const out = [];
  const folds = [];
  for (const f of files) {
    if (isAbsolute(f.path) || f.path.startsWith("$") || f.path.startsWith("..")) {
      out.push(f);
      continue;
    }
    const matches = byTail.get(f.path) ?? [];
    if (matches.length === 1) folds.push({ from: f, into: matches[0] });
    else out.push(f);
  }
  for (const { from, into } of folds) {
    merge(from, into);
    into.folded.push(from.path);
  }
  return out;
}

// sections/ledger/tasks.ts
var str = (v) => typeof v === "string" && v !== "" ? v : void 0;
var LIST_LINE = /^#(\w+) \[(\w+)\] (.*?)(?: \[blocked by ([^\]]*)\])?$/;
function taskList(messages) {
  const tasks = /* @__PURE__ */ new Map();
  const upsert = (id) => {
    let t = tasks.get(id);
    if (!t) {
      t = { id, subject: "", status: "pending", blockedBy: [] };
      tasks.set(id, t);
    }
    return t;
  };
  for (const m of messages) {
    for (const use of m.toolUses) {
      if (!/^(TaskCreate|TaskUpdate|TaskList|TodoWrite)$/.test(use.name)) continue;
      if (use.result === void 0 || isFailure(use)) continue;
      const input = use.input;
      const text = use.result.text;
      if (use.name === "TaskCreate") {
        const id = /Task #(\w+) created/.exec(text)?.[1];
        const subject = str(input.subject);
        if (id && subject) Object.assign(upsert(id), { subject, status: "pending" });
      } else if (use.name === "TaskUpdate") {
        const id = str(input.taskId);
        if (!id) continue;
        if (input.status === "deleted") {
          tasks.delete(id);
          continue;
        }
        const t = upsert(id);
        if (str(input.status)) t.status = input.status;
        if (str(input.subject)) t.subject = input.subject;
        for (const b of Array.isArray(input.addBlockedBy) ? input.addBlockedBy : []) if (typeof b === "string" && !t.blockedBy.includes(b)) t.blockedBy.push(b);
      } else if (use.name === "TaskList") {
        for (const line of text.split("\n")) {
          const l = LIST_LINE.exec(line.trim());
          if (!l) continue;
          const t = upsert(l[1]);
          t.status = l[2];
          t.subject = l[3];
          if (l[4]) t.blockedBy = l[4].split(",").map((b) => b.trim().replace(/^#/, ""));
        }
      } else if (Array.isArray(input.todos)) {
        tasks.clear();
        input.todos.forEach((todo, i) => {
          if (typeof todo !== "object" || todo === null) return;
          const o = todo;
          const subject = str(o.content) ?? str(o.subject);
          if (subject) tasks.set(`todo:${i + 1}`, { id: String(i + 1), subject, status: str(o.status) ?? "pending", blockedBy: [] });
        });
      }
    }
  }
  return [...tasks.values()].filter((t) => t.subject !== "");
}
var RANK = { in_progress: 0, pending: 1, completed: 3 };
var rank = (t) => RANK[t.status] ?? 2;
var byId = (a, b) => /^\d+$/.test(a.id) && /^\d+$/.test(b.id) ? Number(a.id) - Number(b.id) : a.id < b.id ? -1 : 1;
function renderTasks(tasks, room, lookup, subjectChars = 100) {
  const counts = /* @__PURE__ */ new Map();
  for (const t of tasks) counts.set(t.status, (counts.get(t.status) ?? 0) + 1);
  const summary = [...counts].sort((a, b) => (RANK[a[0]] ?? 2) - (RANK[b[0]] ?? 2)).map(([s, k]) => `${fmt(k)} ${s.replace(/_/g, " ")}`).join(", ");
  const head = `### Tasks: ${fmt(tasks.length)} (${summary}), as the task calls left them`;
  const open = [...tasks].filter((t) => t.status !== "completed").sort((a, b) => rank(a) - rank(b) || byId(a, b));
  const done = tasks.filter((t) => t.status === "completed").sort(byId);
  const openIds = new Set(open.map((t) => t.id));
  const line = (t) => {
    const waits = t.status === "completed" ? [] : t.blockedBy.filter((b) => openIds.has(b));
    return `- [${t.status.replace(/_/g, " ")}] #${t.id} ${clip(oneLine(t.subject), subjectChars)}${waits.length ? ` (after #${waits.join(", #")})` : ""}`;
  };
  const openRows = open.map(line);
  const size = (rows) => [head, ...rows].join("\n").length;
  const doneRows = done.map(line);
  if (size([...openRows, ...doneRows]) <= room) return { text: [head, ...openRows, ...doneRows].join("\n"), shown: tasks.length };
  const doneIds = done.length ? [`- [completed] ${done.map((t) => `#${t.id}`).join(", ")}`] : [];
  if (size([...openRows, ...doneIds]) <= room) return { text: [head, ...openRows, ...doneIds].join("\n"), shown: tasks.length };
  const note = (left) => `[${fmt(left)} more open left out for room; every task: ${lookup}]`;
  let kept = openRows.length;
  let chars = size([...openRows, ...doneIds]);
  while (kept > 0 && chars + note(open.length - kept).length + 1 > room) {
    kept--;
    chars -= openRows[kept].length + 1;
  }
  return { text: [head, ...openRows.slice(0, kept), note(open.length - kept), ...doneIds].join("\n"), shown: kept + done.length };
}

// sections/ledger/index.ts
var DEFAULTS = { newestCommands: 10, commandClipChars: 150, maxFailures: 20 };
var FILES_SHARE = 0.45;
var TASKS_SHARE = 0.2;
function messagesInScope(t) {
  const from = windowStart(t.messages);
  return { messages: t.messages.slice(from), from };
}
var lookupCall = (n) => `handoff_lookup {"n": ${n}, "section": "ledger"}`;
var PARSER_CAPS = { commands: 2e3, chars: 2e4 };
var SLICE_MS = 20;
var CWD_RESET = /^Shell cwd was reset to (\/.*)$/m;
var PARSER_NAME = "tree-sitter-bash (web-tree-sitter)";
async function readLedger(messages, signal, opts = {}) {
  const calls = [];
  for (const m of messages) for (const use of m.toolUses) calls.push({ use, at: m.index });
  const shellCalls = calls.filter((c) => c.use.name === "Bash" && typeof c.use.input.command === "string");
  const stats = { parser: PARSER_NAME, initMs: null, parsed: 0, fallbacks: [], pastParserCaps: 0 };
  let parser = null;
  if (shellCalls.length > 0) {
    const loaded = await loadBashParser();
    if (loaded.ok) {
      parser = loaded.parser;
      stats.initMs = Math.round(loaded.parser.initMs * 10) / 10;
    } else stats.unavailable = loaded.error;
  }
  let unresolvedWrites = 0;
  const firstParsed = Math.max(0, shellCalls.length - PARSER_CAPS.commands);
  const byParserSeen = /* @__PURE__ */ new Map();
  const byTokensSeen = /* @__PURE__ */ new Map();
  let sliceStart = performance.now();
  let shellDir = opts.cwd && opts.cwd.startsWith("/") ? normalizePath(opts.cwd) : void 0;
  for (const [i, c] of shellCalls.entries()) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve3) => setImmediate(resolve3));
      sliceStart = performance.now();
    }
    signal?.throwIfAborted();
    const command = c.use.input.command;
    const byParser = i >= firstParsed && command.length <= PARSER_CAPS.chars;
    const seen = byParser ? byParserSeen : byTokensSeen;
    c.shell = seen.get(command) ?? analyzeShell(command, byParser ? parser : null);
    seen.set(command, c.shell);
    const base2 = c.use.cwd ?? shellDir;
    if (base2 !== void 0) c.base = base2;
    shellDir = CWD_RESET.exec(c.use.result?.text ?? "")?.[1]?.trim() ?? dirAfter(base2, c.shell.endDir);
    if (c.shell.via === "parser") stats.parsed++;
    else if (byParser || !parser) stats.fallbacks.push(i + 1);
    else stats.pastParserCaps++;
    unresolvedWrites += c.shell.unresolved;
  }
  return {
    calls,
    files: filesWritten(calls),
    failures: failures(calls),
    commands: commandRows(calls),
    tasks: taskList(opts.history ?? messages),
    unresolvedWrites,
    parser: stats
  };
}
function displayPath(f, cwd) {
  const shown = shortPath(f.path, cwd);
  if (shown === f.path && !f.path.startsWith("/") && !f.path.startsWith("~")) return `${f.path} (as the shell wrote it)`;
  return shown;
}
function toolList(f, cwd) {
  const parts = Object.entries(f.tools).map(([tool, n]) => {
    const how = tool === "Bash" && f.shell.length ? ` (${f.shell.join(", ")})` : "";
    return `${tool}${n > 1 ? ` \xD7${n}` : ""}${how}`;
  });
  const dir = f.path.slice(0, f.path.lastIndexOf("/") + 1);
  const old = (p) => dir && p.startsWith(dir) && !p.slice(dir.length).includes("/") ? p.slice(dir.length) : shortPath(p, cwd);
  const renamed = f.renamedFrom.length ? `; renamed from ${f.renamedFrom.map(old).join(", ")}` : "";
  if (f.deleted) return parts.length ? `${parts.join(", ")}${renamed}; then deleted (${f.deleted})` : `deleted (${f.deleted})`;
  return parts.join(", ") + renamed;
}
function renderFiles(files, room, cwd, n) {
  const perTool = /* @__PURE__ */ new Map();
  for (const f of files) for (const t of Object.keys(f.tools)) perTool.set(t, (perTool.get(t) ?? 0) + 1);
  const counts = [...perTool].map(([t, k]) => `${t} ${fmt(k)}`).join(" \xB7 ");
  const onlyDeleted = files.filter((f) => Object.keys(f.tools).length === 0).length;
  const written = files.length - onlyDeleted;
  const head = `### Files written: ${fmt(written)}${onlyDeleted ? `, deleted: ${fmt(onlyDeleted)}` : ""}${written ? ` (files per tool: ${counts})` : ""}`;
  if (files.length === 0) return { text: head, shown: 0 };
  const relative = cwd && cwd !== "/" && files.some((f) => f.path.startsWith(`${cwd.replace(/\/+$/, "")}/`));
  const intro = relative ? [`Paths are relative to ${cwd}.`] : [];
  const line = (f) => `- ${displayPath(f, cwd)} \u2014 ${toolList(f, cwd)}`;
  const byPath = (a, b) => displayPath(a, cwd) < displayPath(b, cwd) ? -1 : 1;
  const newestFirst = [...files].sort((a, b) => b.last - a.last);
  const rows = newestFirst.map(line);
  const note = (left2) => `[${fmt(left2)} more file${left2 === 1 ? "" : "s"} left out for size; the full list: ${lookupCall(n)}]`;
  const fixedChars = head.length + intro.reduce((k, l) => k + l.length + 1, 0);
  let kept = newestFirst.length;
  let rowChars = rows.reduce((k, r) => k + r.length + 1, 0);
  const size = () => fixedChars + rowChars + (files.length > kept ? note(files.length - kept).length + 1 : 0);
  while (size() > room && kept > 1) {
    kept--;
    rowChars -= rows[kept].length + 1;
  }
  const shown = newestFirst.slice(0, kept).sort(byPath).map(line);
  const left = files.length - kept;
  return { text: [head, ...intro, ...shown, ...left ? [note(left)] : []].join("\n"), shown: kept };
}
function renderFailures(all, unwritten, max, room, cwd, n) {
  const never = unwritten.length ? [`- Never written, every call on it came back as an error: ${unwritten.map((f) => `\`${shortPath(f.path, cwd)}\``).join(", ")}`] : [];
  if (all.length === 0) return { text: ["### Failures: none flagged", ...never].join("\n"), shown: 0 };
  const newest = all.slice(-max);
  const dropOrder = [...newest.keys()].filter((i) => newest[i].later).concat([...newest.keys()].filter((i) => !newest[i].later));
  const kept = newest.map(() => true);
  let shown = newest.length;
  const build = () => {
    const left = all.length - shown;
    const newestOnly = kept.every((k, i) => k === i >= newest.length - shown);
    const which = newestOnly ? `the newest ${fmt(shown)} shown` : `${fmt(shown)} shown: the newest no later run fixed, before those one did`;
    const how = shown === 0 ? ` (none listed here, for room; each in full: ${lookupCall(n)})` : left ? ` (${which}; all of them: ${lookupCall(n)})` : "";
    return [`### Failures: ${fmt(all.length)}${how}`, ...never, ...newest.filter((_, i) => kept[i]).map((f) => renderFailure(f, cwd))].join("\n");
  };
  let text = build();
  for (const i of dropOrder) {
    if (text.length <= room) break;
    kept[i] = false;
    shown--;
    text = build();
  }
  return { text, shown };
}
function introOf(data, fromCompaction) {
  const negatives = [...new Set(data.commands.flatMap((c) => c.negative ? [`[${c.negative}]`] : []))];
  const answered = negatives.length ? `; ${negatives.join(", ")}: exit 1 and no output from a search or test, its answer` : "";
  const succeeded = data.failures.some((f) => f.later) ? '; "succeeded": its result came back unflagged' : "; an unmarked call is not known to have succeeded";
  return `Read off the tool calls since ${fromCompaction ? "the last compaction" : "the session began"}, not recalled. [error]: the result was flagged as an error${answered}${succeeded}.`;
}
function renderLedger(data, opts) {
  const { budget, n, cwd, options } = opts;
  const limits = {
    newest: options.newestCommands,
    clipChars: options.commandClipChars,
    newestClipChars: Math.max(300, options.commandClipChars)
  };
  const intro = introOf(data, opts.fromCompaction);
  const sep = 2;
  const countLine = (left, readOnly) => `[${fmt(left)} older command${left === 1 ? "" : "s"} left out here (${fmt(readOnly)} of them read-only probes); every command at full length: ${lookupCall(n)}]`;
  const commandsHead = `### Shell commands: ${fmt(data.commands.length)}`;
  const tasks = data.tasks.length ? renderTasks(data.tasks, Math.floor(budget * TASKS_SHARE), lookupCall(n)) : null;
  const unwritten = data.files.filter(neverWritten);
  const files = renderFiles(
    data.files.filter((f) => !neverWritten(f)),
    Math.floor(budget * FILES_SHARE),
    cwd,
    n
  );
  const head = intro.length + sep + (tasks ? tasks.text.length + sep : 0) + files.text.length + sep;
  const rows = repeatsCollapsed(data.commands);
  const layout = (newest) => {
    const lim = { ...limits, newest };
    const reserve = data.commands.length ? commandsHead.length + 1 + commandsReserve(rows, countLine(999, 999).length, lim) + sep : 0;
    const fails2 = renderFailures(data.failures, unwritten, options.maxFailures, Math.max(0, budget - head - reserve - sep), cwd, n);
    const used = head + fails2.text.length + (data.commands.length ? sep : 0);
    const fitted2 = data.commands.length ? fitCommands(rows, Math.max(0, budget - used - commandsHead.length - 1), countLine, lim) : { text: "", shown: 0, leftOut: 0, leftOutReadOnly: 0 };
    const parts = [
      intro,
      ...tasks ? [tasks.text] : [],
      files.text,
      fails2.text,
      ...data.commands.length ? [`${commandsHead}
${fitted2.text}`] : ["### Shell commands: none"]
    ];
    return { body: parts.join("\n\n"), fails: fails2, fitted: fitted2 };
  };
  const layouts = [layout(limits.newest)];
  const fits = (l) => l.body.length <= budget;
  const good = (l) => fits(l) && (data.failures.length === 0 || options.maxFailures === 0 || l.fails.shown > 0);
  for (let newest = limits.newest - 1; !good(layouts.at(-1)) && newest >= 0; newest--) layouts.push(layout(newest));
  const laid = layouts.find(good) ?? layouts.find(fits) ?? layouts.at(-1);
  const { fails, fitted } = laid;
  let body = laid.body;
  if (body.length > budget) {
    const note = `[ledger cut at ${fmt(budget)} chars (budgetChars); all of it: ${lookupCall(n)}]`;
    const end = body.lastIndexOf("\n", budget - note.length - 1);
    body = end > 0 ? `${body.slice(0, end)}
${note}` : `[the ledger does not fit in ${fmt(budget)} chars (budgetChars); all of it: ${lookupCall(n)}]`;
  }
  return {
    body,
    tasksShown: tasks?.shown ?? 0,
    filesShown: files.shown,
    neverWritten: unwritten.length,
    failuresShown: fails.shown,
    commandsShown: fitted.shown,
    commandsLeftOut: fitted.leftOut
  };
}
var ledger_default = defineSection({
  name: "ledger",
  title: "Tool ledger",
  description: "Files written, failed calls and shell commands since the last compaction, read off the messages.",
  defaults: { timeoutMs: 5e3, budgetChars: 3500, priority: 70, options: DEFAULTS },
  optionsSchema: {
    type: "object",
    additionalProperties: false,
    properties: {
      newestCommands: { type: "integer", minimum: 0, maximum: 100, description: "the newest shell commands always listed" },
      commandClipChars: { type: "integer", minimum: 40, maximum: 2e3, description: "each older command is clipped to this many characters" },
      maxFailures: { type: "integer", minimum: 0, maximum: 200, description: "at most this many failed calls are listed, newest first" }
    }
  },
  // The shell grammar's WebAssembly compiles off the main thread: started early, it is ready by
  // the time the first command is parsed.
  async prepare() {
    await loadBashParser();
  },
  async run(ctx) {
    const options = { ...DEFAULTS, ...ctx.options };
    const t = ctx.input.transcript;
    const { messages, from } = messagesInScope(t);
    const cwd = t.cwd ?? ctx.input.cwd;
    const data = await readLedger(messages, ctx.signal, { cwd, history: t.messages });
    if (data.calls.length === 0 && data.tasks.length === 0) return null;
    const n = ctx.input.lineage.n;
    const r = renderLedger(data, { budget: ctx.budgetChars, n, cwd, options, fromCompaction: from > 0 });
    if (data.parser.unavailable) ctx.report.note(`shell parser unavailable (${data.parser.unavailable}); every command read by the fallback tokenizer`);
    else if (data.parser.fallbacks.length)
      ctx.report.note(`${fmt(data.parser.fallbacks.length)} of ${fmt(data.commands.length)} shell commands read by the fallback tokenizer`);
    if (data.parser.pastParserCaps)
      ctx.report.note(
        `${fmt(data.parser.pastParserCaps)} of ${fmt(data.commands.length)} shell commands read by the fallback tokenizer: older than the newest ${fmt(PARSER_CAPS.commands)} or longer than ${fmt(PARSER_CAPS.chars)} chars (the parser's caps)`
      );
    if (r.commandsLeftOut)
      ctx.report.note(`${fmt(r.commandsLeftOut)} of ${fmt(data.commands.length)} shell commands left out to fit budgetChars: ${fmt(ctx.budgetChars)}`);
    return {
      body: r.body,
      record: {
        scope: { fromMessage: from, messages: messages.length, toolCalls: data.calls.length },
        lookup: { n, section: "ledger" },
        files: data.files.map((f) => ({
          path: f.path,
          tools: f.tools,
          ...f.shell.length ? { shell: f.shell } : {},
          ...f.folded.length ? { folded: f.folded } : {},
          ...f.renamedFrom.length ? { renamedFrom: f.renamedFrom } : {},
          ...f.failedToolCalls ? { failedToolCalls: f.failedToolCalls } : {},
          // How the session deleted it after its last write (`rm`): restore reads this.
          ...f.deleted ? { deleted: f.deleted } : {}
        })),
        tasks: data.tasks,
        failures: data.failures,
        // At full length, as handoff_lookup prints it to the model: secret values hidden here too.
        commands: data.commands.map((c) => ({
          n: c.n,
          command: hideSecretValuesInCommand(c.command),
          readOnly: c.readOnly,
          ...c.failed ? { failed: true } : {},
          ...c.negative ? { negative: c.negative } : {},
          ...c.writes.length ? { writes: c.writes } : {}
        })),
        counts: {
          tasks: data.tasks.length,
          tasksShown: r.tasksShown,
          files: data.files.length,
          filesShown: r.filesShown,
          neverWritten: r.neverWritten,
          failures: data.failures.length,
          failuresShown: r.failuresShown,
          commands: data.commands.length,
          commandsShown: r.commandsShown,
          commandsLeftOut: r.commandsLeftOut,
          unresolvedWrites: data.unresolvedWrites
        },
        parser: data.parser
      }
    };
  }
});

// sections/outline/index.ts
import { existsSync as existsSync2 } from "node:fs";
import { basename as basename2, resolve } from "node:path";
var MODIFIERS = "(?:(?:export|pub(?:\\([\\w:]+\\))?|public|private|protected|internal|static|async|abstract|final|override|default|extern)\\s+)*";
var DECLARATION = new RegExp(
  `^(?:(?: {0,4}|\\t?)${MODIFIERS}(?:(?:func|class|def(?:p|module|macrop?|struct|impl|protocol)?|interface|struct|enum|function|fn|impl|trait|module|object|record|namespace)\\b|macro_rules!)|${MODIFIERS}(?:const|var|let|type)\\b|[A-Z][A-Z0-9_]{3,}\\s*[:=]|#{1,4} |\\\\(?:sub)*section\\*?\\{)`
);
var edits = (ops) => (ops.Edit ?? 0) + (ops.MultiEdit ?? 0) + (ops.NotebookEdit ?? 0);
var changed = (t) => (t.ops.Write ?? 0) + edits(t.ops) > 0;
function didWhat(ops) {
  const words = [
    ["written", ops.Write ?? 0],
    ["edited", edits(ops)],
    ["read", ops.Read ?? 0]
  ];
  return words.filter(([, n]) => n > 0).map(([w, n]) => n === 1 ? w : `${w} ${n}\xD7`).join(", ");
}
function declarations(touch, lineChars) {
  const copy = lastCopy(touch);
  if (!copy) return [];
  const out = [];
  fileLines(copy.text).forEach((line, i) => {
    if (!DECLARATION.test(line)) return;
    const text = hideSecretValues(line.trim());
    out.push({ line: copy.firstLine + i, text: text.length > lineChars ? `${text.slice(0, lineChars - 1)}\u2026` : text });
  });
  return out;
}
function aroundFocus(decls, focus, n) {
  if (decls.length <= n) return { shown: decls, holder: holderOf(decls, focus) };
  const at2 = Math.max(0, holderOf(decls, focus));
  let from = at2;
  let to = at2 + 1;
  while (to - from < n) {
    if (to < decls.length) to++;
    if (to - from < n && from > 0) from--;
  }
  const shown = decls.slice(from, to);
  return { shown, holder: holderOf(shown, focus) };
}
function holderOf(decls, line) {
  let i = -1;
  while (i + 1 < decls.length && decls[i + 1].line <= line) i++;
  return i;
}
function seenOf(touch) {
  const copy = lastCopy(touch);
  if (!copy) return "no copy in the conversation";
  const n = fileLines(copy.text).length;
  const span = copy.whole ? lineCount(n) : lineSpan(copy.firstLine, copy.firstLine + n - 1);
  if (!copy.current) return `${span} as last read, before later edits`;
  if (!copy.whole) return `${span} seen`;
  return `${span} as ${copy.from === "write" ? "written" : "last read"}`;
}
function declarationRows(touch, decls, n) {
  const { shown, holder } = aroundFocus(decls, touch.focus, n);
  const rows = shown.map((d, i) => `    ${d.line}: ${d.text}${i === holder ? "   \u2190 there" : ""}`);
  const left = decls.length - shown.length;
  if (left > 0) rows.push(`    (${fmt(left)} more declaration${left === 1 ? "" : "s"} in it, not listed)`);
  return { rows, shown: shown.length };
}
var outline_default = defineSection({
  name: "outline",
  title: "Where things are",
  description: "The files the session worked on, newest first: what was done to each and its declarations with line numbers.",
  // Priority 45: a map is cheap to rebuild by reading files again, but cheaper to keep than the
  // files themselves, so it outlives restore and goes before the newest work.
  defaults: {
    timeoutMs: 5e3,
    budgetChars: 2500,
    priority: 45,
    options: { maxFiles: 30, filesShare: 0.3, declarationsShare: 0.5, declarations: 8, lineChars: 100 }
  },
  optionsSchema: {
    type: "object",
    additionalProperties: false,
    properties: {
      maxFiles: { type: "integer", minimum: 1, maximum: 200, description: "the most files outlined, newest touch first" },
      filesShare: {
        type: "number",
        minimum: 0,
        maximum: 1,
        description: "the share of the room the newest files' lines take before their declarations are listed"
      },
      declarationsShare: {
        type: "number",
        minimum: 0,
        maximum: 1,
        description: "the most of the room all declarations take together; older files fill the rest"
      },
      declarations: { type: "integer", minimum: 0, description: "the most declarations listed under one file, those nearest where the work last was" },
      lineChars: { type: "integer", minimum: 20, description: "a declaration line longer than this is clipped" },
      ...READ_POLICY_OPTIONS
    }
  },
  async run(ctx) {
    const touches = [...fileTouches(ctx.input.transcript).values()].reverse().filter((t) => basename2(t.path) !== "CLAUDE.md");
    if (touches.length === 0) throw new SectionDropError("SECTION_EMPTY", "the session touched no file through a file tool");
    const cwd = ctx.input.transcript.cwd ?? ctx.input.cwd;
    const relative = touches.some((t) => shortPath(t.path, cwd) !== t.path);
    const intro = `Files this session worked on, newest first${relative ? `, relative to ${cwd}` : ""}: what was done to each, how much of it the conversation showed, where the work last was; under the newest of them (changed ones first), their declarations near that line (as last seen; the file may have changed since).`;
    const room = ctx.budgetChars - 80;
    const policy = readPolicy(ctx.input.transcript.cwd, { denyPaths: ctx.options.denyPaths ?? [], allowPaths: ctx.options.allowPaths ?? [] });
    const denied = (touch) => secretPattern(touch.path, policy);
    const sameMachine = ctx.input.trigger !== "cli" || ctx.input.transcript.cwd !== void 0 && existsSync2(ctx.input.transcript.cwd);
    const goneNow = new Set(sameMachine ? touches.filter((t) => !existsSync2(resolve(cwd, t.path))).map((t) => t.path) : []);
    const head = (touch) => {
      const secret = denied(touch);
      const what = `- ${shortPath(touch.path, cwd)} \u2014 ${didWhat(touch.ops)}`;
      if (secret) return `${what}; on the deny list (${secret}): nothing of it is shown`;
      return goneNow.has(touch.path) ? `${what}; no longer on disk` : `${what}; ${seenOf(touch)}; last worked at line ${fmt(touch.focus)}`;
    };
    const candidates = touches.slice(0, ctx.options.maxFiles);
    const files = [];
    let used = intro.length;
    const addFiles = (limit, most = candidates.length) => {
      for (const touch of candidates.slice(files.length, most)) {
        const h = head(touch);
        if (used + h.length + 1 > limit) break;
        files.push({ touch, head: h, rows: [] });
        used += h.length + 1;
      }
    };
    addFiles(intro.length + (room - intro.length) * ctx.options.filesShare);
    if (files.length === 0) addFiles(room, 1);
    if (files.length === 0) throw new SectionDropError("SECTION_EMPTY", `not even one file's line fits budgetChars: ${fmt(ctx.budgetChars)}`);
    let cut = 0;
    let declUsed = 0;
    for (const f of [...files.filter((f2) => changed(f2.touch)), ...files.filter((f2) => !changed(f2.touch))]) {
      if (denied(f.touch) || goneNow.has(f.touch.path)) continue;
      const decls = declarations(f.touch, ctx.options.lineChars);
      let shown = 0;
      for (let n = Math.min(ctx.options.declarations, decls.length); n > 0; n--) {
        const listed = declarationRows(f.touch, decls, n);
        const size = listed.rows.reduce((a, r) => a + r.length + 1, 0);
        if (used + size > room || declUsed + size > room * ctx.options.declarationsShare) continue;
        f.rows = listed.rows;
        shown = listed.shown;
        used += size;
        declUsed += size;
        break;
      }
      cut += decls.length - shown;
    }
    addFiles(room);
    const lines = [intro, ...files.flatMap((f) => [f.head, ...f.rows])];
    const left = touches.length - files.length;
    if (left > 0) lines.push(`(${fmt(left)} more file${left === 1 ? "" : "s"} touched earlier, not listed)`);
    return { body: lines.join("\n"), record: { files: touches.length, listed: files.length, declarationsCut: cut } };
  }
});

// sections/recent/index.ts
var namesPathUnder = (input, cwd) => PATH_FIELDS.some((k) => typeof input[k] === "string" && shortPath(input[k], cwd) !== input[k]);
var recent_default = defineSection({
  name: "recent",
  title: "The newest work",
  description: "The newest messages with tool calls verbatim and tool results clipped; the steps before them one line per call.",
  // Priority 42: above restore (a call and its arguments cannot be re-read from anywhere), below
  // the outline and the sections that stand for the whole session.
  defaults: { timeoutMs: 5e3, budgetChars: 2200, priority: 42, options: { resultChars: 150, inputChars: 1500, fullShare: 0.5 } },
  optionsSchema: {
    type: "object",
    additionalProperties: false,
    properties: {
      resultChars: { type: "integer", minimum: 0, description: "each tool result is cut to this many characters (0 leaves results out)" },
      inputChars: { type: "integer", minimum: 50, description: "each tool call's input is cut to this many characters" },
      fullShare: {
        type: "number",
        minimum: 0,
        maximum: 1,
        description: "the share of the room the newest messages take in full (at least the newest one); older ones are one line per tool call"
      },
      ...READ_POLICY_OPTIONS
    }
  },
  async run(ctx) {
    const t = ctx.input.transcript;
    const start = windowStart(t.messages);
    const messages = t.messages.slice(start);
    const under = t.cwd !== void 0 && messages.some((m) => m.toolUses.some((u) => namesPathUnder(u.input, t.cwd)));
    const relative = under ? `; paths relative to ${t.cwd}` : "";
    const intro = `The last messages before this compaction, oldest first: the older ones a line per tool call (its input, how it came back${relative}), the newest in full.`;
    const maxChars = ctx.budgetChars - intro.length - 2;
    const rendered = renderConversation(
      { ...t, messages },
      {
        maxChars,
        toolInputChars: ctx.options.inputChars,
        toolResultChars: ctx.options.resultChars,
        // The newest steps verbatim, their exact strings; the steps before them as a sequence,
        // which a room of a few thousand chars holds a dozen or more of, one call a line.
        compact: { fullChars: Math.round(maxChars * ctx.options.fullShare), ...t.cwd ? { cwd: t.cwd } : {} },
        // What restore and excerpts would not show (a call naming .env or ~/.aws), this does not
        // either; a secret-looking assignment in any other output has its value hidden.
        policy: readPolicy(t.cwd, { denyPaths: ctx.options.denyPaths ?? [], allowPaths: ctx.options.allowPaths ?? [] })
      }
    );
    if (rendered.rendered === 0)
      throw new SectionDropError("SECTION_EMPTY", "no message fits, or the conversation holds none to show since the last compaction");
    return { body: `${intro}

${rendered.text}`, record: { messages: rendered.rendered, leftOut: rendered.leftOut, fromMessage: start } };
  }
});

// sections/restore/index.ts
import { existsSync as existsSync4, statSync } from "node:fs";
import { extname } from "node:path";

// sections/restore/choose.ts
import { existsSync as existsSync3 } from "node:fs";
import { basename as basename3 } from "node:path";
function shellWords(messages) {
  const words = /* @__PURE__ */ new Set();
  for (const m of messages) {
    for (const u of m.toolUses) {
      if (u.name !== "Bash" || typeof u.input.command !== "string") continue;
      for (const w of u.input.command.split(/[\s;|&<>()'"`=]+/)) if (w.length > 1) words.add(w.replace(/^\.\//, ""));
    }
  }
  return words;
}
function namedByShell(path, words) {
  if (words.has(path)) return true;
  for (const w of words) if (w.includes("/") || w.includes(".")) {
    if (path.endsWith("/" + w)) return true;
  }
  return false;
}
function choose(requested, t, opts) {
  const exists = opts.exists ?? existsSync3;
  const touches = fileTouches(t);
  const words = shellWords(t.messages);
  const usable = (path, touch) => exists(path) || !opts.sameMachine && !!touch?.stored && !opts.deletedBy?.(path);
  const policyRefusal = (path) => opts.refuse?.(path, touches.get(path)?.stored?.text) ?? null;
  const refused = [];
  const files = [];
  const seen = /* @__PURE__ */ new Set();
  let policyWhy;
  for (const r of requested ?? []) {
    const touch = touches.get(r.path);
    if (seen.has(r.path)) refused.push({ path: r.path, why: "named twice" });
    else if (ENGINE_ATTACHED.has(basename3(r.path))) refused.push({ path: r.path, why: `${basename3(r.path)} is re-attached by the engine itself` });
    else if (!touch && !namedByShell(r.path, words)) refused.push({ path: r.path, why: "the session never read or wrote it" });
    else if ((policyWhy = policyRefusal(r.path)) !== null) refused.push({ path: r.path, why: policyWhy, told: true });
    else if (files.length >= opts.maxFiles) refused.push({ path: r.path, why: `past the cap of ${opts.maxFiles} files (maxFiles)` });
    else if (!usable(r.path, touch)) {
      const deleted = opts.sameMachine ? void 0 : opts.deletedBy?.(r.path);
      const why = opts.sameMachine ? "no longer on disk" : deleted ? `the session deleted it (${deleted})` : "neither on disk nor in the transcript";
      refused.push({ path: r.path, why, told: true });
    } else files.push(r);
    seen.add(r.path);
  }
  if (files.length > 0) return { source: "summary", files, refused };
  const recent = [];
  for (const touch of [...touches.values()].reverse()) {
    if (recent.length >= opts.maxFiles) break;
    if (ENGINE_ATTACHED.has(basename3(touch.path)) || !usable(touch.path, touch)) continue;
    const why = policyRefusal(touch.path);
    if (why !== null) refused.push({ path: touch.path, why, told: true });
    else recent.push({ path: touch.path, range: "all", reason: "recently touched" });
  }
  return { source: "recency", files: recent, refused };
}

// sections/restore/index.ts
var NOT_TEXT = {
  ".png": "an image",
  ".jpg": "an image",
  ".jpeg": "an image",
  ".gif": "an image",
  ".webp": "an image",
  ".bmp": "an image",
  ".ico": "an image",
  ".svgz": "an image",
  ".pdf": "a PDF",
  ".ipynb": "a notebook"
};
var rangeInput = (range) => range === "all" ? {} : { offset: range.from, limit: range.to - range.from + 1 };
var shownChars = (line, n) => String(n).length + line.length + 2;
var STORED_LABEL_CHARS = 250;
var ASSUMED_LINE_CHARS = 50;
function windowFor(touch, fileChars, within2 = false) {
  const copy = touch?.stored;
  const focus = touch?.focus ?? 1;
  if (!copy && focus <= 1) return "all";
  const lines = copy ? fileLines(copy.text) : [];
  const first = copy?.firstLine ?? 1;
  const last = first + lines.length - 1;
  if (copy?.whole && lines.reduce((sum, l, i) => sum + shownChars(l, i + 1), 0) <= fileChars) return "all";
  const cost = (n) => n >= first && n <= last ? shownChars(lines[n - first], n) : ASSUMED_LINE_CHARS;
  const lo = copy && within2 ? first : 1;
  const hi = copy && (within2 || copy.whole) ? last : Number.MAX_SAFE_INTEGER;
  const at2 = Math.min(Math.max(focus, lo), hi);
  let from = at2;
  let to = at2;
  let used = cost(at2);
  while (to < hi && used + cost(to + 1) <= fileChars * 2 / 3) used += cost(++to);
  while (from > lo && used + cost(from - 1) <= fileChars) used += cost(--from);
  while (to < hi && used + cost(to + 1) <= fileChars) used += cost(++to);
  return { from, to };
}
function shownLines(text) {
  const numbers = [...text.matchAll(/^ *(\d+)[\t→]/gm)].map((m) => Number(m[1]));
  return { count: numbers.length, from: numbers[0] ?? 0, to: numbers.at(-1) ?? 0 };
}
function clipFile(text, max, goesOn = false, setting = `fileChars: ${max}`) {
  const rest = (clipped2) => `
[\u2026 ${goesOn ? "the rest of the file" : `${fmt(clipped2)} more chars`} not restored (${setting}); Read the file for the rest]`;
  if (!goesOn && text.length <= max) return { text, clipped: 0 };
  if (goesOn && text.length <= max) {
    const mark = rest(0);
    if (text.length + mark.length <= max) return { text: `${text}${mark}`, clipped: 0 };
    const keep = Math.max(0, text.lastIndexOf("\n", max - mark.length));
    return { text: `${text.slice(0, keep)}${mark}`, clipped: text.length - keep };
  }
  let clipped = 0;
  const kept = clip(text, max, { atLine: true, mark: (cut) => rest(clipped = cut) });
  return { text: kept, clipped };
}
function whyNone(failed3, total, setting) {
  const over = failed3.filter((f) => f.overTotal).length;
  const others = [...new Set(failed3.filter((f) => !f.overTotal).map((f) => f.why))];
  const past = over === 0 ? [] : total === 0 ? [`the list of files alone takes the room (${setting})`] : [`${over === 1 ? "one" : fmt(over)} would take the restored total past ${fmt(total)} (${setting})`];
  return [...others, ...past].join("; ");
}
function shareOut(demands, total) {
  const shares = demands.map(() => 0);
  let left = Math.max(0, total);
  let open = demands.map((_, i) => i);
  while (open.length > 0 && left > 0) {
    const even = Math.floor(left / open.length);
    const small = open.filter((i) => demands[i] - shares[i] <= even);
    if (small.length === 0) {
      for (const i of open) shares[i] += even;
      break;
    }
    for (const i of small) {
      left -= demands[i] - shares[i];
      shares[i] = demands[i];
    }
    open = open.filter((i) => !small.includes(i));
  }
  return shares;
}
function demandOf(touch, fileChars, onDisk) {
  const s = touch?.stored;
  const label = STORED_LABEL_CHARS;
  if (onDisk !== void 0) return Math.min(fileChars, Math.ceil(onDisk * 1.2) + label);
  if (!s) return fileChars;
  const shown = fileLines(s.text).reduce((n, line, i) => n + shownChars(line, s.firstLine + i), 0);
  return Math.min(fileChars, shown + label);
}
function sizeOnDisk(path) {
  const st = path ? statSync(path, { throwIfNoEntry: false }) : void 0;
  return st?.isFile() ? st.size : void 0;
}
function storedLines(stored, range) {
  const { offset, limit } = rangeInput(range);
  return numberLines(stored.text, offset, limit ?? Number.MAX_SAFE_INTEGER, stored.firstLine);
}
function storedLabel(stored, range, why) {
  const n = fileLines(stored.text).length;
  const what = !stored.whole ? `below is the transcript's last copy of it, which holds only ${lineSpan(stored.firstLine, stored.firstLine + n - 1)} of the file, not the whole file; it may be out of date` : range !== "all" ? `below is part of the transcript's last copy of it (${lineCount(n)} in all), which may be out of date` : "below is the transcript's last copy of it, which may be out of date";
  return `[compact-handoff: the file could not be read now (${why}); ${what}]
`;
}
async function readOne(ctx, file, stored, policy, maxChars) {
  const started = ctx.capabilities.now();
  const kind = NOT_TEXT[extname(file.path).toLowerCase()];
  if (kind) return { failed: `${kind}: only text comes back through a restore` };
  let why = "the host offers no file reads";
  if (ctx.capabilities.files) {
    const timer = new AbortController();
    const t = setTimeout(() => timer.abort(new Error("read timeout")), ctx.options.readTimeoutMs);
    const signal = AbortSignal.any([ctx.signal, timer.signal]);
    try {
      const stopped = new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
      stopped.catch(() => {
      });
      const request = { path: file.path, ...rangeInput(file.range), policy, maxChars };
      const answer = await Promise.race([ctx.capabilities.files.read(request, signal), stopped]);
      if (answer.ok)
        return {
          text: answer.text,
          truncated: answer.truncated === true,
          source: "read",
          whole: file.range === "all",
          ms: ctx.capabilities.now() - started
        };
      why = answer.reason;
    } catch (err) {
      why = timer.signal.aborted ? `no answer within ${fmt(ctx.options.readTimeoutMs)} ms (readTimeoutMs)` : err.message;
    } finally {
      clearTimeout(t);
    }
    if (ctx.signal.aborted) return { failed: "the section was stopped" };
  }
  const shown = stored ? storedLines(stored, file.fallback) : "";
  if (stored && shown !== "") {
    return {
      text: storedLabel(stored, file.fallback, why) + shown,
      source: "stored",
      truncated: false,
      whole: stored.whole && file.fallback === "all",
      ms: ctx.capabilities.now() - started,
      note: `read failed (${why}); the transcript's copy stands in`
    };
  }
  return { failed: `read failed: ${why}` };
}
var restore_default = defineSection({
  name: "restore",
  title: "Files restored",
  description: "Up to five files re-read when the handoff is written and handed up as Read results.",
  // Priority 40: a file can always be read again after the compaction; the other sections'
  // facts cannot be recovered as cheaply. Budget: the total file cap plus the section's list.
  defaults: {
    timeoutMs: 6e4,
    budgetChars: 8e3,
    priority: 40,
    options: { maxFiles: 5, fileChars: 2e4, totalChars: 7e3, readTimeoutMs: 2e4 }
  },
  needs: ["summary", "ledger"],
  optionsSchema: {
    type: "object",
    additionalProperties: false,
    properties: {
      maxFiles: { type: "integer", minimum: 0, maximum: 20, description: "the most files restored" },
      fileChars: { type: "integer", minimum: 100, description: "a file longer than this is clipped, and the clip is said" },
      totalChars: { type: "integer", minimum: 100, description: "a file that would take the restored total past this is left out" },
      readTimeoutMs: { type: "integer", minimum: 1, description: "a read slower than this falls back to the transcript's copy" },
      ...READ_POLICY_OPTIONS
    }
  },
  async run(ctx) {
    const { input, options } = ctx;
    const summary = ctx.needed.summary;
    const named = summary?.status === "ok" ? summary.record?.restoreFiles : void 0;
    const sameMachine = input.trigger !== "cli" || existsSync4(input.cwd);
    const policy = readPolicy(input.transcript.cwd, { denyPaths: options.denyPaths ?? [], allowPaths: options.allowPaths ?? [] });
    const ledger = ctx.needed.ledger;
    const written = ledger?.status === "ok" ? ledger.record?.files : void 0;
    const deletions = new Map((written ?? []).flatMap((f) => f.deleted ? [[f.path, f.deleted]] : []));
    const choice = choose(named, input.transcript, {
      maxFiles: options.maxFiles,
      sameMachine,
      exists: (path) => {
        const abs = resolveIn(policy, path);
        return abs !== null && existsSync4(abs);
      },
      refuse: (path, stored) => refusalOf(path, policy, stored),
      deletedBy: (path) => deletions.get(path)
    });
    const touches = fileTouches(input.transcript);
    const listRoom = 250 + choice.files.reduce((n, f) => n + f.path.length + f.reason.length + 110, 0);
    const byBudget = Math.max(0, ctx.budgetChars - listRoom);
    const total = Math.min(options.totalChars, byBudget);
    const totalSetting = total === options.totalChars ? "totalChars" : `budgetChars: ${ctx.budgetChars}, less room for the list`;
    const restored = [];
    const failed3 = [];
    const messages = [
      { role: "assistant", text: "", toolUses: [] },
      { role: "user", text: "", toolResults: [] }
    ];
    let used = 0;
    const perCall = (path) => path.length + 60;
    const shares = shareOut(
      choice.files.map((f) => demandOf(touches.get(f.path), options.fileChars, sizeOnDisk(resolveIn(policy, f.path)))),
      total - choice.files.reduce((n, f) => n + perCall(f.path), 0)
    );
    const files = choice.files.map((f, i) => {
      const touch = touches.get(f.path);
      if (f.range !== "all") return { ...f, fallback: f.range };
      return { ...f, range: windowFor(touch, shares[i]), fallback: windowFor(touch, shares[i] - STORED_LABEL_CHARS, true) };
    });
    const reads = await Promise.all(files.map((f, i) => readOne(ctx, f, touches.get(f.path)?.stored, policy, shares[i])));
    files.forEach((file, i) => {
      const r = reads[i];
      if ("failed" in r) return void failed3.push({ path: file.path, why: r.failed });
      const share = shares[i];
      const setting = share < options.fileChars ? `its share of totalChars: ${fmt(share)}` : `fileChars: ${options.fileChars}`;
      const { text, clipped } = clipFile(r.text, share, r.truncated, setting);
      const cost = text.length + perCall(file.path);
      if (used + cost > total)
        return void failed3.push({
          path: file.path,
          why: `${fmt(text.length)} chars would take the restored total past ${fmt(total)} (${totalSetting})`,
          overTotal: true
        });
      used += cost;
      const lines = shownLines(text);
      const range = r.whole && clipped === 0 && !r.truncated ? "all" : lines.count > 0 ? { from: lines.from, to: lines.to } : file.range;
      const id = `toolu_handoff_${String(input.lineage.n).padStart(3, "0")}_restore_${restored.length + 1}`;
      messages[0].toolUses.push({ id, name: "Read", input: { file_path: file.path, ...rangeInput(range) } });
      messages[1].toolResults.push({ toolUseId: id, text, isError: false });
      const stored = touches.get(file.path)?.stored;
      restored.push({
        path: file.path,
        range,
        reason: file.reason,
        source: r.source,
        lines: lines.count,
        chars: text.length,
        approxTokens: Math.ceil(text.length / 4),
        clippedChars: clipped,
        clipped: clipped > 0 || r.truncated,
        ...r.source === "stored" && stored && !stored.whole ? { copyHolds: { from: stored.firstLine, to: stored.firstLine + fileLines(stored.text).length - 1 } } : {},
        ms: r.ms,
        ...r.note ? { note: r.note } : {}
      });
    });
    for (const f of failed3) ctx.report.note(`${f.path}: ${f.why}`);
    const record = {
      source: choice.source,
      requested: named?.length ?? 0,
      restored,
      refused: choice.refused.map(({ path, why }) => ({ path, why })),
      failed: failed3
    };
    if (restored.length === 0) {
      const why = choice.files.length === 0 ? `no file to restore (${record.requested} named, ${record.refused.length} refused, none touched and still available)` : `none of ${choice.files.length} file(s) could be restored (${whyNone(failed3, total, totalSetting)})`;
      throw new SectionDropError("SECTION_EMPTY", why, record);
    }
    const rows = restored.map((f) => {
      const range = f.range === "all" ? "" : ` ${lineSpan(f.range.from, f.range.to)}`;
      const holds = f.copyHolds ? `, which holds only ${lineSpan(f.copyHolds.from, f.copyHolds.to)} of it` : "";
      const how2 = f.source === "stored" ? `; the file could not be read, so from the transcript's last copy${holds}` : "";
      return `- ${f.path}${range} (${lineCount(f.lines)}${f.clipped ? ", clipped" : ""}${how2}) \u2014 ${f.reason}`;
    });
    const picked = choice.source === "summary" ? "chosen by the summary" : "the most recently touched";
    const fresh = restored.filter((f) => f.source === "read").length;
    const how = fresh === restored.length ? "re-read as this handoff was written" : fresh === 0 ? restored.length === 1 ? "from the transcript's last copy (it could not be read now)" : "from the transcript's last copies (they could not be read now)" : `${fresh} re-read as this handoff was written, ${restored.length - fresh} from the transcript's last copy`;
    const one = restored.length === 1;
    const told = choice.refused.filter((r) => r.told);
    const passed = told.slice(0, 3).map((r) => `${r.path} (${r.why})`);
    const more = told.length - passed.length;
    const notRestored = passed.length ? [`Not restored: ${passed.join("; ")}${more > 0 ? `; ${fmt(more)} more` : ""}.`] : [];
    return {
      body: [
        `${one ? "One file" : `${restored.length} files`}, ${picked}, ${how}; ${one ? "its contents follow as a Read result" : "their contents follow as Read results"}:`,
        ...rows,
        ...notRestored
      ].join("\n"),
      messages,
      record
    };
  }
});

// sections/state/index.ts
import { existsSync as existsSync6, statSync as statSync2 } from "node:fs";

// sections/state/exec.ts
import { spawn } from "node:child_process";
var POSIX = process.platform !== "win32";
function exec(file, args, opts) {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  if (opts.signal.aborted) return Promise.resolve({ kind: "aborted", ms: 0 });
  return new Promise((resolve3) => {
    const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    const child = spawn(file, args, {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ["ignore", "pipe", "pipe"],
      // A group of its own, so a kill reaches whatever it started (gh runs git, a script sleeps).
      detached: POSIX,
      windowsHide: true
    });
    const out = [];
    const err = [];
    let outBytes = 0;
    let errBytes = 0;
    let settled = false;
    const kill = () => {
      try {
        if (POSIX && child.pid) process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
    };
    const finish = (result, killIt = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal.removeEventListener("abort", onAbort);
      if (killIt) kill();
      resolve3(result);
    };
    const onAbort = () => finish({ kind: "aborted", ms: ms() }, true);
    const timer = setTimeout(() => finish({ kind: "timeout", ms: ms() }, true), Math.max(1, opts.timeoutMs));
    opts.signal.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk) => {
      outBytes += chunk.length;
      if (outBytes > maxBytes) return finish({ kind: "too-large", bytes: outBytes, ms: ms() }, true);
      out.push(chunk);
    });
    child.stderr.on("data", (chunk) => {
      if (errBytes < 8192) err.push(chunk);
      errBytes += chunk.length;
    });
    child.on("error", (e) => {
      if (e.code === "ENOENT") finish({ kind: "missing", ms: ms() });
      else finish({ kind: "error", message: e.message, ms: ms() }, true);
    });
    child.on("close", (code, signal) => {
      if (code === 0) finish({ kind: "ok", stdout: Buffer.concat(out).toString("utf8"), ms: ms() });
      else finish({ kind: "failed", code, signal, stderr: Buffer.concat(err).toString("utf8"), ms: ms() });
    });
  });
}
function firstLine(text, max = 200) {
  const line = text.split("\n").map((l) => l.trim()).find((l) => l !== "") ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}\u2026` : line;
}

// sections/state/git.ts
import { existsSync as existsSync5, readFileSync as readFileSync2 } from "node:fs";
import { join as join3 } from "node:path";
var REPO_LOCATION_VARS = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_NAMESPACE",
  "GIT_PREFIX"
];
function quietEnv(base2) {
  const env = { ...base2 };
  for (const name of REPO_LOCATION_VARS) delete env[name];
  return {
    ...env,
    LC_ALL: "C",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_TERMINAL_PROMPT: "0",
    GIT_PAGER: "cat",
    PAGER: "cat"
  };
}
var GIT_GLOBAL_ARGS = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "--no-optional-locks"];
function fields(record, n) {
  const head = [];
  let at2 = 0;
  for (let i = 0; i < n; i++) {
    const next = record.indexOf(" ", at2);
    if (next < 0) return { head, rest: "" };
    head.push(record.slice(at2, next));
    at2 = next + 1;
  }
  return { head, rest: record.slice(at2) };
}
function submoduleWords(sub) {
  if (!sub.startsWith("S")) return void 0;
  const words = [sub[1] === "C" && "new commits", sub[2] === "M" && "modified content", sub[3] === "U" && "untracked content"];
  return `submodule: ${words.filter(Boolean).join(", ") || "changed"}`;
}
function parseStatus(raw) {
  const s = {
    oid: null,
    branch: null,
    upstream: null,
    ahead: null,
    behind: null,
    stashes: 0,
    entries: [],
    counts: { staged: 0, unstaged: 0, untracked: 0, conflicted: 0 },
    untrackedOnlySubmodules: []
  };
  const records = raw.split("\0");
  for (let i = 0; i < records.length; i++) {
    const rec = records[i];
    if (rec === "") continue;
    if (rec.startsWith("# ")) {
      const { head: head2, rest: rest2 } = fields(rec, 2);
      const key = head2[1];
      if (key === "branch.oid") s.oid = rest2 === "(initial)" ? null : rest2;
      else if (key === "branch.head") s.branch = rest2 === "(detached)" ? null : rest2;
      else if (key === "branch.upstream") s.upstream = rest2;
      else if (key === "branch.ab") {
        const m = /^\+(\d+) -(\d+)$/.exec(rest2);
        if (m) [s.ahead, s.behind] = [Number(m[1]), Number(m[2])];
      } else if (key === "stash") s.stashes = Number(rest2) || 0;
      continue;
    }
    const type = rec[0];
    if (type === "?") {
      s.entries.push({ kind: "untracked", xy: "??", path: rec.slice(2), staged: false, unstaged: false });
      s.counts.untracked++;
      continue;
    }
    if (type !== "1" && type !== "2" && type !== "u") continue;
    const { head, rest } = fields(rec, type === "1" ? 8 : type === "2" ? 9 : 10);
    const [x = ".", y = "."] = head[1] ?? "..";
    const sub = head[2] ?? "N...";
    if (type === "u") {
      s.entries.push({ kind: "conflicted", xy: `${x}${y}`, path: rest, staged: false, unstaged: false });
      s.counts.conflicted++;
      continue;
    }
    const onlyUntrackedInside = sub.startsWith("S") && y === "M" && sub[1] !== "C" && sub[2] !== "M";
    const staged = x !== ".";
    const unstaged = y !== "." && !onlyUntrackedInside;
    if (!staged && !unstaged) {
      if (onlyUntrackedInside) s.untrackedOnlySubmodules.push(rest);
      continue;
    }
    const entry = {
      kind: type === "2" ? "renamed" : "changed",
      xy: `${staged ? x : " "}${unstaged ? y : " "}`,
      path: rest,
      staged,
      unstaged
    };
    if (type === "2") entry.from = records[++i] ?? "";
    const words = submoduleWords(sub);
    if (words) entry.submodule = words;
    s.entries.push(entry);
    if (staged) s.counts.staged++;
    if (unstaged) s.counts.unstaged++;
  }
  return s;
}
var LOG_FORMAT = "%h%x1f%cI%x1f%an%x1f%s";
function parseLog(raw) {
  return raw.split("\0").map((r) => r.replace(/^\n/, "")).filter((r) => r !== "").map((r) => {
    const [hash = "", date = "", author = "", subject = ""] = r.split("");
    return { hash, date, author, subject };
  });
}
function operationInProgress(gitDir) {
  const has = (p) => existsSync5(join3(gitDir, p));
  const read2 = (p) => {
    try {
      return readFileSync2(join3(gitDir, p), "utf8").trim();
    } catch {
      return "";
    }
  };
  const step = (dir, n, of) => {
    const [a, b] = [read2(join3(dir, n)), read2(join3(dir, of))];
    return a && b ? `, step ${a} of ${b}` : "";
  };
  const branchOf = (dir) => {
    const name = read2(join3(dir, "head-name")).replace(/^refs\/heads\//, "");
    return name && name !== "detached HEAD" ? ` of ${name}` : "";
  };
  if (has("rebase-merge")) return `rebase${branchOf("rebase-merge")}${step("rebase-merge", "msgnum", "end")}`;
  if (has("rebase-apply")) {
    if (has("rebase-apply/applying")) return `am (applying patches${step("rebase-apply", "next", "last")})`;
    return `rebase${branchOf("rebase-apply")}${step("rebase-apply", "next", "last")}`;
  }
  if (has("MERGE_HEAD")) return "merge";
  if (has("CHERRY_PICK_HEAD")) return "cherry-pick";
  if (has("REVERT_HEAD")) return "revert";
  if (has("BISECT_LOG")) return "bisect";
  return null;
}
var PROGRAM_KEY_RE = /^(?:filter\..+\.(?:clean|smudge|process)|diff\..+\.(?:textconv|command)|merge\..+\.driver|core\.(?:sshcommand|askpass|editor|pager|gitproxy)|credential\.(?:.+\.)?helper|gpg\.(?:.+\.)?program|sequence\.editor)$/i;
var REPO_SCOPES = /* @__PURE__ */ new Set(["local", "worktree"]);
async function repoProgramOverrides(opts) {
  const r = await exec("git", ["config", "--show-scope", "--null", "--name-only", "--get-regexp", "."], { ...opts, env: quietEnv(opts.env) });
  if (r.kind !== "ok") return [];
  const parts = r.stdout.split("\0");
  const out = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [scope, key] = [parts[i], parts[i + 1]];
    if (!REPO_SCOPES.has(scope) || !PROGRAM_KEY_RE.test(key)) continue;
    out.push("-c", `${key}=`);
    const filter = /^filter\.(.+)\.(?:clean|smudge|process)$/i.exec(key);
    if (filter) out.push("-c", `filter.${filter[1]}.required=false`);
  }
  return out;
}
function gitConfigEnv(pairs) {
  const env = {};
  let n = 0;
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    if (pairs[i] !== "-c") continue;
    const kv = pairs[i + 1];
    const eq = kv.indexOf("=");
    env[`GIT_CONFIG_KEY_${n}`] = kv.slice(0, eq);
    env[`GIT_CONFIG_VALUE_${n}`] = kv.slice(eq + 1);
    n++;
  }
  env.GIT_CONFIG_COUNT = String(n);
  return env;
}
async function git(args, opts) {
  const overrides = await (opts.overrides ?? repoProgramOverrides(opts));
  return exec("git", [...GIT_GLOBAL_ARGS, ...overrides, ...args], { ...opts, env: quietEnv(opts.env) });
}
function whyFailed(what, program, r, limit) {
  switch (r.kind) {
    case "missing":
      return `${program} is not installed (no ${program} on PATH)`;
    case "timeout":
      return `${what} did not answer within ${limit}`;
    case "aborted":
      return `${what} was stopped: the section was aborted`;
    case "too-large":
      return `${what} printed over ${Math.floor(r.bytes / 1024 / 1024)} MB; refused`;
    case "error":
      return `${what} could not start: ${r.message}`;
    case "failed": {
      const line = firstLine(r.stderr);
      const how = r.code === null ? `was killed (${r.signal})` : `exited ${r.code}`;
      return line ? `${what} ${how}: ${line}` : `${what} ${how}`;
    }
  }
}
function isNotARepo(r) {
  return r.kind === "failed" && /not a git repository/i.test(r.stderr);
}

// sections/state/gh.ts
function parsePrList(raw) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(data)) return null;
  const prs = [];
  for (const item of data) {
    if (!item || typeof item !== "object") return null;
    const o = item;
    if (typeof o.number !== "number" || typeof o.title !== "string") return null;
    const author = o.author && typeof o.author === "object" ? o.author.login : void 0;
    prs.push({
      number: o.number,
      title: o.title,
      branch: typeof o.headRefName === "string" ? o.headRefName : "",
      author: typeof author === "string" ? author : "",
      draft: o.isDraft === true
    });
  }
  return prs;
}
async function listOpenPrs(opts) {
  const args = ["pr", "list", "--state", "open", "--limit", String(opts.limit), "--json", "number,title,headRefName,author,isDraft"];
  const overrides = await (opts.overrides ?? repoProgramOverrides(opts));
  const env = {
    ...quietEnv(opts.env),
    ...gitConfigEnv([...GIT_GLOBAL_ARGS.filter((a) => a !== "--no-optional-locks"), ...overrides]),
    // Never ask, never nag, never colour: gh runs with nobody at a terminal.
    GH_PROMPT_DISABLED: "1",
    GH_NO_UPDATE_NOTIFIER: "1",
    GH_NO_EXTENSION_UPDATE_NOTIFIER: "1",
    GH_SPINNER_DISABLED: "1",
    NO_COLOR: "1"
  };
  const r = await exec("gh", args, { cwd: opts.cwd, env, timeoutMs: opts.timeoutMs, signal: opts.signal, maxBytes: 4 * 1024 * 1024 });
  if (r.kind !== "ok") return { ok: false, reason: whyFailed("gh pr list", "gh", r, opts.limitLabel) };
  const prs = parsePrList(r.stdout);
  if (!prs) return { ok: false, reason: "gh pr list printed something other than the JSON list it was asked for" };
  return { ok: true, prs, limit: opts.limit };
}

// sections/state/index.ts
var REPO_ROWS = {
  branch: "branch",
  operation: "an operation in progress",
  "working-tree": "working tree",
  commits: "last commits"
};
var plural = (n, one, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;
var DEFAULT_OPTIONS = {
  commits: 5,
  maxFiles: 40,
  gh: true,
  prLimit: 20,
  gitTimeoutMs: 3e3,
  ghTimeoutMs: 3e3
};
async function readState(o) {
  const reading = { status: null, commits: null, operation: null, prs: null, unreadable: [], ms: {} };
  const gitRows = ["branch", "working-tree", ...o.commits > 0 ? ["commits"] : []];
  const repoRows = [...gitRows, ...o.gh ? ["open-prs"] : []];
  const lose = (rows, reason) => rows.forEach((row) => reading.unreadable.push({ row, reason }));
  let isDir;
  try {
    isDir = existsSync6(o.cwd) && statSync2(o.cwd).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) {
    lose(repoRows, `the working directory ${o.cwd} does not exist`);
    return reading;
  }
  const base2 = { cwd: o.cwd, env: o.env, timeoutMs: o.git.timeoutMs, signal: o.signal };
  const overrides = repoProgramOverrides(base2);
  const call = { ...base2, overrides };
  const timed = async (key, p) => {
    const t0 = performance.now();
    try {
      return await p;
    } finally {
      reading.ms[key] = Math.round(performance.now() - t0);
    }
  };
  const [st, lg, gd, pr] = await Promise.all([
    timed("status", git(["status", "--porcelain=v2", "--branch", "--show-stash", "-z", "--untracked-files=normal"], call)),
    o.commits > 0 ? timed("log", git(["log", `-n${o.commits}`, "-z", "--no-show-signature", "--no-color", `--format=${LOG_FORMAT}`], call)) : null,
    timed("gitDir", git(["rev-parse", "--absolute-git-dir"], call)),
    o.gh ? timed(
      "gh",
      listOpenPrs({ cwd: o.cwd, env: o.env, signal: o.signal, limit: o.prLimit, timeoutMs: o.ghCall.timeoutMs, limitLabel: o.ghCall.label, overrides })
    ) : null
  ]);
  if (isNotARepo(st) || isNotARepo(gd)) {
    lose(repoRows, `${o.cwd} is not inside a git repository`);
    return reading;
  }
  if (st.kind === "missing") {
    lose(gitRows, whyFailed("git status", "git", st, o.git.label));
  } else if (st.kind !== "ok") {
    lose(["branch", "working-tree"], whyFailed("git status", "git", st, o.git.label));
  } else {
    reading.status = parseStatus(st.stdout);
  }
  if (lg && st.kind !== "missing") {
    if (reading.status && reading.status.oid === null) reading.commits = [];
    else if (lg.kind === "ok") reading.commits = parseLog(lg.stdout);
    else lose(["commits"], whyFailed("git log", "git", lg, o.git.label));
  }
  if (gd.kind === "ok") reading.operation = operationInProgress(gd.stdout.trim());
  else if (st.kind !== "missing") lose(["operation"], whyFailed("git rev-parse", "git", gd, o.git.label));
  if (pr) {
    if (pr.ok) reading.prs = { list: pr.prs, limit: pr.limit };
    else lose(["open-prs"], pr.reason);
  }
  return reading;
}
function readAgents(input) {
  const raw = input.runningAgents;
  if (raw === void 0) return { agents: null, reason: "the host did not say which agents are running (no runningAgents in the input)" };
  if (!Array.isArray(raw)) return { agents: null, reason: `runningAgents in the input is not a list (got ${typeof raw})` };
  const agents = [];
  for (const item of raw) {
    if (!item || typeof item !== "object") continue;
    const o = item;
    const id = typeof o.id === "string" ? o.id : typeof o.agentId === "string" ? o.agentId : "";
    const description = typeof o.description === "string" ? o.description : "";
    if (id || description) agents.push({ id, description });
  }
  const bad = raw.length - agents.length;
  return bad > 0 ? { agents, reason: `${plural(bad, "item")} of runningAgents in the input named no id or description` } : { agents };
}
function renderBlock(b) {
  const left = b.items.length - b.kept + b.beyond;
  return [...b.lines, ...b.items.slice(0, b.kept), ...left > 0 && b.more ? [b.more(left)] : []];
}
var renderAll = (head, blocks, tail) => [head, ...blocks.flatMap(renderBlock), ...tail].join("\n");
function branchLine(s, commits) {
  if (s.branch === null) {
    const short = commits?.[0]?.hash ?? s.oid?.slice(0, 10) ?? "an unknown commit";
    return `- Branch: detached HEAD at ${short}`;
  }
  const name = `\`${s.branch}\``;
  if (s.oid === null) return `- Branch: ${name} (no commits yet)`;
  if (!s.upstream) return `- Branch: ${name} (no upstream)`;
  if (s.ahead === null || s.behind === null) return `- Branch: ${name} (upstream \`${s.upstream}\`: gone)`;
  return `- Branch: ${name} (upstream \`${s.upstream}\`: ${fmt(s.ahead)} ahead, ${fmt(s.behind)} behind)`;
}
function treeLine(s) {
  const c = s.counts;
  const parts = [
    c.conflicted && `${fmt(c.conflicted)} conflicted`,
    c.staged && `${fmt(c.staged)} staged`,
    c.unstaged && `${fmt(c.unstaged)} unstaged`,
    c.untracked && `${fmt(c.untracked)} untracked`
  ].filter(Boolean);
  const stash = s.stashes ? `; ${plural(s.stashes, "stash", "stashes")}` : "";
  return `- Working tree: ${parts.length ? parts.join(", ") : "clean"}${stash}`;
}
function fileLine(e) {
  const path = e.from !== void 0 ? `${clip(e.from, 160)} \u2192 ${clip(e.path, 160)}` : clip(e.path, 200);
  return `  - \`${e.xy}\` ${path}${e.submodule ? ` (${e.submodule})` : ""}`;
}
function orderEntries(entries) {
  const rank2 = { conflicted: 0, changed: 1, renamed: 1, untracked: 2 };
  return entries.map((e, i) => ({ e, i })).sort((a, b) => rank2[a.e.kind] - rank2[b.e.kind] || a.i - b.i).map((x) => x.e);
}
function renderState(head, reading, extra, opts) {
  const blocks = [];
  const s = reading.status;
  if (s) blocks.push({ row: "branch", lines: [branchLine(s, reading.commits)], items: [], kept: 0, beyond: 0 });
  if (reading.operation) blocks.push({ row: "operation", lines: [`- In progress: ${reading.operation}`], items: [], kept: 0, beyond: 0 });
  let files = null;
  if (s) {
    const ordered = orderEntries(s.entries);
    const items = ordered.slice(0, opts.maxFiles).map(fileLine);
    files = {
      row: "working-tree",
      lines: [treeLine(s)],
      items,
      kept: items.length,
      beyond: ordered.length - items.length,
      more: (n) => `  - \u2026 and ${plural(n, "more path")} (maxFiles: ${opts.maxFiles}, budgetChars)`
    };
    blocks.push(files);
  }
  let prs = null;
  if (reading.prs) {
    const { list, limit } = reading.prs;
    const mayBeMore = list.length >= limit ? ` (the first ${fmt(limit)}; there may be more)` : ` (${fmt(list.length)})`;
    const items = list.map((p) => {
      const about = [`\`${clip(p.branch, 80)}\``, p.author && `@${p.author}`, p.draft && "draft"].filter(Boolean).join(", ");
      const mine = s?.branch && p.branch === s.branch ? " \u2190 this branch" : "";
      return `  - #${p.number} ${clip(p.title, 120)} (${about})${mine}`;
    });
    prs = {
      row: "open-prs",
      lines: [list.length ? `- Open PRs${mayBeMore}:` : "- Open PRs: none"],
      items,
      kept: items.length,
      beyond: 0,
      more: (n) => `  - \u2026 and ${plural(n, "more PR")} (budgetChars)`
    };
    blocks.push(prs);
  }
  let commits = null;
  if (reading.commits) {
    const items = reading.commits.map((c) => `  - ${c.hash} ${clip(c.subject, 120)} (${clip(c.author, 40)}, ${c.date})`);
    commits = {
      row: "commits",
      lines: [items.length ? "- Last commits, newest first:" : "- Last commits: none yet"],
      items,
      kept: items.length,
      beyond: 0,
      more: (n) => `  - \u2026 and ${plural(n, "older commit")} (budgetChars)`
    };
    blocks.push(commits);
  }
  if (extra.model) blocks.push({ row: "model", lines: [`- Model: ${extra.model}`], items: [], kept: 0, beyond: 0 });
  let agents = null;
  if (extra.agents) {
    const items = extra.agents.map((a) => `  - ${[a.id, clip(a.description, 120)].filter(Boolean).join(": ")}`);
    agents = {
      row: "agents",
      lines: [items.length ? `- Agents still running (${fmt(items.length)}):` : "- Agents still running: none"],
      items,
      kept: items.length,
      beyond: 0,
      more: (n) => `  - \u2026 and ${plural(n, "more agent")} (budgetChars)`
    };
    blocks.push(agents);
  }
  const byReason = /* @__PURE__ */ new Map();
  for (const u of reading.unreadable) if (u.row in REPO_ROWS) byReason.set(u.reason, [...byReason.get(u.reason) ?? [], u.row]);
  const unread = blocks.length > 0 ? [...byReason].map(([reason, rows]) => `- Not read (${rows.map((r) => REPO_ROWS[r]).join(", ")}): ${reason}`) : [];
  let body = renderAll(head, blocks, unread);
  for (const b of [files, prs, commits, agents]) {
    while (b && b.kept > 0 && body.length > opts.budget) {
      b.kept--;
      body = renderAll(head, blocks, unread);
    }
  }
  if (body.length > opts.budget) body = `${body.slice(0, Math.max(0, opts.budget - 1))}\u2026`;
  return {
    body,
    rows: blocks.map((b) => b.row),
    files: { total: s?.entries.length ?? 0, listed: files?.kept ?? 0 },
    prs: reading.prs ? { total: reading.prs.list.length, listed: prs?.kept ?? 0 } : null,
    commits: commits?.kept ?? 0
  };
}
function callLimit(setting, value, sectionTimeoutMs) {
  const ceiling = Math.max(1, sectionTimeoutMs - 250);
  if (value <= ceiling) return { timeoutMs: value, label: `${fmt(value)} ms (${setting}: ${value})` };
  return { timeoutMs: ceiling, label: `${fmt(ceiling)} ms (${setting}: ${value}, held under timeoutMs: ${sectionTimeoutMs})` };
}
async function runState(ctx, env) {
  const o = { ...DEFAULT_OPTIONS, ...ctx.options };
  const cwd = ctx.input.cwd;
  const reading = await readState({
    cwd,
    env,
    signal: ctx.signal,
    commits: o.commits,
    gh: o.gh,
    prLimit: o.prLimit,
    git: callLimit("gitTimeoutMs", o.gitTimeoutMs, ctx.timeoutMs),
    ghCall: callLimit("ghTimeoutMs", o.ghTimeoutMs, ctx.timeoutMs)
  });
  if (ctx.signal.aborted) return null;
  const model = ctx.input.model?.trim() || null;
  if (!model) reading.unreadable.push({ row: "model", reason: "the host did not state the model" });
  const { agents, reason: agentsReason } = readAgents(ctx.input);
  if (agentsReason) reading.unreadable.push({ row: "agents", reason: agentsReason });
  const byReason = /* @__PURE__ */ new Map();
  for (const u of reading.unreadable) byReason.set(u.reason, [...byReason.get(u.reason) ?? [], u.row]);
  for (const [reason, rows] of byReason) ctx.report.note(`${rows.join(", ")} not read: ${reason}`);
  const readAt = new Date(ctx.capabilities.now()).toISOString();
  const head = `Read at ${readAt} in \`${cwd}\`:`;
  const r = renderState(head, reading, { model, agents }, { maxFiles: o.maxFiles, budget: ctx.budgetChars });
  const s = reading.status;
  const record = {
    cwd,
    readAt,
    rows: r.rows,
    unreadable: reading.unreadable,
    branch: s ? s.branch : void 0,
    detached: s ? s.branch === null : void 0,
    upstream: s ? { name: s.upstream, ahead: s.ahead, behind: s.behind } : void 0,
    operation: reading.operation,
    workingTree: s ? { ...s.counts, stashes: s.stashes, paths: r.files.total, listed: r.files.listed } : void 0,
    untrackedOnlySubmodules: s?.untrackedOnlySubmodules,
    openPrs: r.prs,
    commits: r.commits,
    model,
    runningAgents: agents ? agents.length : null,
    ms: reading.ms
  };
  if (r.files.listed < r.files.total) ctx.report.note(`${fmt(r.files.total - r.files.listed)} of ${fmt(r.files.total)} uncommitted paths counted, not listed`);
  if (r.rows.length === 0) return { body: "", record };
  return { body: r.body, record };
}
var state_default = defineSection({
  name: "state",
  title: "State at compaction",
  description: "Branch, upstream, working tree, uncommitted files, open PRs, last commits, model and running agents, read live.",
  defaults: { timeoutMs: 5e3, budgetChars: 2500, priority: 60, options: DEFAULT_OPTIONS },
  optionsSchema: {
    type: "object",
    additionalProperties: false,
    properties: {
      commits: { type: "integer", minimum: 0, maximum: 50, description: "how many of the newest commits to list (0 leaves the row out)" },
      maxFiles: { type: "integer", minimum: 0, maximum: 1e3, description: "the most uncommitted paths listed; the rest are counted" },
      gh: { type: "boolean", description: "false skips the open-PR row and never runs gh" },
      prLimit: { type: "integer", minimum: 1, maximum: 100, description: "the most open PRs asked of gh" },
      gitTimeoutMs: { type: "integer", minimum: 1, description: "each git call is killed after this long and its rows left out" },
      ghTimeoutMs: { type: "integer", minimum: 1, description: "gh pr list is killed after this long and the PR row left out" }
    }
  },
  run: (ctx) => runState(ctx, process.env)
});

// sections/summary/index.ts
import { readFile } from "node:fs/promises";
import { dirname as dirname2, isAbsolute as isAbsolute3, resolve as resolve2 } from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";

// sections/summary/prompts/inventory.ts
var SUMMARY_MARKER = "[compact-handoff:summary]";
var INVENTORY_PROMPT = `${SUMMARY_MARKER}
Stop here and write a handoff. This conversation is about to be compacted: everything above
will leave the context window, and a fresh session will carry on from what you write now.
Write it in this one reply. Do not call any tool, do not go on with the task, and do not answer
anything above except through the handoff.

Separately from what you write, the person's messages are handed to the next session word for
word, and a ledger of the tool calls and the repository's live state go with them. Your part is
what those cannot hold: what was asked, decided, ruled out, changed, broken and left open.

Write three parts, in this order.

### Inventory

First list, then explain. One line per fact, covering the whole conversation from its first
message to its last, including what was settled early and never came up again. Each line starts
with one tag:

[ask]         something the person asked for: name it in a few words (do not copy their
              message, it is handed over already) and give its status: done, in progress,
              not started, or dropped (and by whom).
[constraint]  a rule the work must keep: quote the one sentence that sets it, nothing around it.
[rejected]    an approach, tool or change that was ruled out: quote the sentence that ruled it
              out, and say who ruled it out.
[decision]    a choice that was made, and in a few words why.
[file]        an absolute path, and what changed in it (or what was learnt from reading it).
[error]       something that failed: the command or step, the message in brief, and how it was
              resolved, or "unresolved".
[open]        work begun and not finished, a question still waiting, or a check not yet run.

If the conversation opens with an earlier handoff, carry its inventory lines forward as they
stand unless something later changed them; then the status changes.

Be specific: names, paths, numbers, flags, versions. A line that could describe any session
carries nothing. Prefer one more line to one more adjective.

### Reading

A few short paragraphs: what the work is, where it stands now, and what the next step is. Do
not repeat the inventory line by line; read it.

### Files to reopen

End with this block, naming at most 5 files the next session should have open, most useful
first. Only files read or written in this conversation, by absolute path, one per line:

<restore-files>
/absolute/path/to/file | all | why it is needed
/absolute/path/to/other | 120-240 | why these lines
</restore-files>

The middle field is "all" or a line range "from-to". Leave the block empty if no file is worth
reopening.

Keep the whole reply under about {{budgetChars}} characters. Write no <analysis> section and no
preamble: start with "### Inventory".
{{instructions}}`;

// sections/summary/reply.ts
var MAX_RESTORE_FILES = 5;
var ANALYSIS_CLOSED = /<analysis>[\s\S]*?<\/analysis>/g;
var RESTORE_BLOCK = /<restore-files>([\s\S]*?)(<\/restore-files>|$)/g;
function parseRange(field) {
  const f = field.trim().toLowerCase();
  if (f === "all" || f === "") return "all";
  const m = /^(\d+)\s*(?:[-–]\s*(\d+))?$/.exec(f);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === void 0 ? from : Number(m[2]);
  return from >= 1 && to >= from ? { from, to } : null;
}
var isAbsolute2 = (p) => p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p);
function parseRestoreLines(block) {
  const files = [];
  const rejected = [];
  for (const raw of block.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const [rawPath = "", rawRange = "", ...rest] = line.replace(/^[-*]\s+/, "").split("|");
    const path = rawPath.trim().replace(/^`|`$/g, "");
    const range = parseRange(rawRange);
    const why = !isAbsolute2(path) ? "not an absolute path" : range === null ? `range "${rawRange.trim()}" is neither "all" nor "from-to"` : files.some((f) => f.path === path) ? "named twice" : files.length >= MAX_RESTORE_FILES ? `past the cap of ${MAX_RESTORE_FILES} files` : null;
    if (why) rejected.push({ line, why });
    else files.push({ path, range, reason: rest.join("|").trim() });
  }
  return { files, rejected };
}
function cleanReply(reply) {
  let text = reply;
  let analysisChars = 0;
  text = text.replace(ANALYSIS_CLOSED, (m) => {
    analysisChars += m.length;
    return "";
  });
  let analysisUnclosed = false;
  const open = text.indexOf("<analysis>");
  if (open >= 0) {
    const summaryAt = text.indexOf("<summary>", open);
    if (summaryAt >= 0) {
      analysisChars += summaryAt - open;
      text = text.slice(0, open) + text.slice(summaryAt);
    } else analysisUnclosed = true;
  }
  let restoreBlock = "missing";
  let lastBlock = "";
  text = text.replace(RESTORE_BLOCK, (_m, inner, close) => {
    lastBlock = inner;
    restoreBlock = close ? "present" : "unclosed";
    return "";
  });
  const { files, rejected } = restoreBlock === "missing" ? { files: [], rejected: [] } : parseRestoreLines(lastBlock);
  let wrapperChars = 0;
  text = text.replace(/<\/?summary>/g, (m) => {
    wrapperChars += m.length;
    return "";
  });
  const body = demoteHeadings(
    text.replace(/\n#+ *Files to reopen\s*$/i, "").replace(/\n{3,}/g, "\n\n").trim()
  );
  return { body, analysisChars, analysisUnclosed, wrapperChars, restoreBlock, restoreFiles: files, restoreRejected: rejected };
}
function demoteHeadings(body) {
  let fenced = false;
  return body.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    return !fenced && /^#{1,2} /.test(line) ? line.replace(/^#{1,2} /, "### ") : line;
  }).join("\n");
}
function fitBody(body, budget) {
  if (body.length <= budget) return { body, cutChars: 0 };
  const note = (n) => `

[\u2026 the summary's last ${fmt(n)} chars were cut to fit budgetChars: ${fmt(budget)}]`;
  const room = Math.max(0, budget - note(body.length).length);
  let end = body.lastIndexOf("\n", room);
  if (end <= 0) end = room;
  const kept = body.slice(0, end).trimEnd();
  return { body: kept + note(body.length - kept.length), cutChars: body.length - kept.length };
}

// sections/summary/index.ts
var SUMMARY_COLD_MARKER = "[compact-handoff:summary-cold]";
var here = dirname2(fileURLToPath2(import.meta.url));
async function loadPrompt(option) {
  if (!option) return { text: INVENTORY_PROMPT, source: "builtin:inventory" };
  const path = isAbsolute3(option) ? option : resolve2(here, option);
  try {
    return { text: await readFile(path, "utf8"), source: path };
  } catch (err) {
    const e = err;
    throw new Error(`cannot read the prompt file ${path} (options.prompt): ${e.code === "ENOENT" ? "no such file" : e.message}`, { cause: err });
  }
}
function buildPrompt(template, vars) {
  const instructions = vars.instructions?.trim() ? `
The person asked for this compaction with these words; follow them where they do not change the format above:
<instructions>
${vars.instructions.trim()}
</instructions>
` : "";
  let text = template.includes(SUMMARY_MARKER) ? template : `${SUMMARY_MARKER}
${template}`;
  text = text.replaceAll("{{budgetChars}}", fmt(vars.budgetChars));
  text = text.includes("{{instructions}}") ? text.replaceAll("{{instructions}}", instructions) : text + instructions;
  return text.trimEnd() + "\n";
}
function coldPrompt(conversation, prompt) {
  const cut = conversation.leftOut > 0 ? " Only its newest part fits here; the line at its start says how much is missing." : "";
  return [
    SUMMARY_COLD_MARKER,
    `This request carries no conversation of its own. The conversation to hand off is written out below as a transcript: messages are numbered [#N role], and the assistant's tool calls appear under its messages as "\u2192 Tool {input}" with "\u2190 ok/error: \u2026" for what came back.${cut}`,
    "<conversation>",
    conversation.text,
    "</conversation>",
    "",
    prompt
  ].join("\n");
}
function failed2(code, message, record) {
  throw new SectionDropError(code, message, record);
}
async function ask(call, signal) {
  try {
    return await call();
  } catch (err) {
    if (signal.aborted) throw err;
    return { isAnswered: false, reason: `the host's model call threw: ${err.message?.split("\n")[0] ?? String(err)}` };
  }
}
var answeredVia = (a) => a.via;
async function writeSummary(ctx, model) {
  const { text: template, source } = await loadPrompt(ctx.options.prompt);
  const prompt = buildPrompt(template, { budgetChars: ctx.budgetChars, instructions: ctx.input.instructions });
  const { createHash } = await import("node:crypto");
  const promptRecord = { source, chars: prompt.length, sha256: createHash("sha256").update(template).digest("hex").slice(0, 12) };
  const base2 = { prompt: promptRecord, instructions: !!ctx.input.instructions?.trim() };
  const forked = await ask(() => model.fork({ prompt }, ctx.signal), ctx.signal);
  let answer;
  let path = "fork";
  let cold;
  if (forked.isAnswered) {
    answer = forked;
    path = answeredVia(forked) ?? "fork";
  } else if (forked.reason.startsWith("nothing-to-fork")) {
    ctx.report.note(`no session to fork (${forked.reason}); summarised cold from the conversation as text`);
    const conversation = renderConversation(ctx.input.transcript, { maxChars: ctx.options.coldMaxChars });
    cold = { forkReason: forked.reason, rendered: conversation.rendered, leftOut: conversation.leftOut, chars: conversation.text.length };
    const asked = ctx.options.coldModel ?? ctx.input.model;
    const completed = await ask(
      () => model.complete({ prompt: coldPrompt(conversation, prompt), maxTokens: ctx.options.coldMaxTokens, ...asked ? { model: asked } : {} }, ctx.signal),
      ctx.signal
    );
    path = "complete";
    if (!completed.isAnswered) {
      const record2 = { ...base2, ...modelCallRow("complete", null, asked), cold };
      const code = completed.reason.startsWith("empty") ? "SECTION_MODEL_EMPTY" : "SECTION_MODEL_FAILED";
      failed2(code, `no session to fork, and the cold completion failed: ${completed.reason}`, record2);
    }
    answer = { ...completed, model: completed.model ?? asked };
  } else {
    const record2 = { ...base2, ...modelCallRow("fork", null, ctx.input.model) };
    const code = forked.reason.startsWith("empty") ? "SECTION_MODEL_EMPTY" : "SECTION_MODEL_FAILED";
    failed2(code, `the fork failed: ${forked.reason}`, record2);
  }
  const call = modelCallRow(path, answer, path === "fork" ? ctx.input.model : ctx.options.coldModel ?? ctx.input.model);
  const cleaned = cleanReply(answer.text);
  const record = {
    ...base2,
    ...call,
    ...cold ? { cold } : {},
    analysisChars: cleaned.analysisChars,
    analysisUnclosed: cleaned.analysisUnclosed,
    wrapperChars: cleaned.wrapperChars,
    restoreBlock: cleaned.restoreBlock,
    restoreFiles: cleaned.restoreFiles,
    restoreRejected: cleaned.restoreRejected
  };
  if (cleaned.analysisUnclosed) ctx.report.note("the reply opened an <analysis> block it never closed and no summary followed; kept as the summary");
  if (cleaned.restoreBlock === "missing") ctx.report.note("the reply named no files to reopen (no <restore-files> block)");
  if (cleaned.body === "") {
    const dropped = cleaned.analysisChars > 0 ? ` (${fmt(cleaned.analysisChars)} chars of <analysis> dropped)` : "";
    failed2("SECTION_MODEL_EMPTY", `the ${path === "fork" ? "fork" : "cold completion"} replied with no summary text${dropped}`, record);
  }
  const fitted = fitBody(cleaned.body, ctx.budgetChars);
  record.cutChars = fitted.cutChars;
  if (fitted.cutChars > 0) ctx.report.note(`${fmt(fitted.cutChars)} chars of the summary cut to fit budgetChars: ${fmt(ctx.budgetChars)}`);
  return { body: fitted.body, record };
}
var summary_default = defineSection({
  name: "summary",
  title: "Summary",
  description: "A fork of the session lists every fact of the conversation, then reads them, then names the files to reopen.",
  // A real fork reads the whole session and writes thousands of tokens: minutes, not seconds.
  // The budget is the largest of any section because this is the one part written for meaning;
  // the priority the highest, because the size guard should cut anything else first.
  defaults: { timeoutMs: 24e4, budgetChars: 14e3, priority: 100, options: { coldMaxChars: 4e5, coldMaxTokens: 16384 } },
  optionsSchema: {
    type: "object",
    additionalProperties: false,
    properties: {
      prompt: {
        type: "string",
        minLength: 1,
        description: "a prompt file used instead of the built-in inventory prompt: absolute, or relative to the section folder"
      },
      coldModel: {
        type: "string",
        minLength: 1,
        description: "the model the cold completion runs on when there is no session to fork (default: the session model)"
      },
      coldMaxChars: {
        type: "integer",
        minimum: 1e3,
        description: "the most characters of conversation a cold completion is sent; the newest part is kept"
      },
      coldMaxTokens: {
        type: "integer",
        minimum: 256,
        description: "the cold completion's output cap, in tokens"
      }
    }
  },
  async run(ctx) {
    const model = requireModel(ctx.capabilities);
    return writeSummary(ctx, model);
  }
});

// sections/turns/index.ts
var TURN_RE = /<turn n="(\d+)"(?: at="([^"]*)")?(?: carried="1")?>\n([\s\S]*?)\n<\/turn>/g;
var TURN_TAG_RE = /<(\\*)(\/?turn\b)/g;
var ESCAPED_TURN_TAG_RE = /<\\(\\*)(\/?turn\b)/g;
var escapeTurn = (text) => text.replace(TURN_TAG_RE, "<\\$1$2");
var unescapeTurn = (text) => text.replace(ESCAPED_TURN_TAG_RE, "<$1$2");
var SAFE_AT_RE = /^[\w:.+-]+$/;
function turnsFromHandoff(text) {
  return [...text.matchAll(TURN_RE)].map((m) => ({ n: Number(m[1]), text: unescapeTurn(m[3]), ...m[2] ? { at: m[2] } : {} }));
}
function newestHandoff(t) {
  for (let i = t.messages.length - 1; i >= 0; i--) {
    const m = t.messages[i];
    if (m.kind === "handoff") return { index: i, n: parseMarker(m.text)?.n ?? null };
  }
  return null;
}
function wordsOf(m, uses, cwd) {
  const out = [];
  const base2 = cwd && cwd !== "/" ? `${cwd.replace(/\/+$/, "")}/` : null;
  for (const r of m.toolResults) {
    if (r.said === void 0) continue;
    const use = uses.get(r.toolUseId);
    const input = use ? shortInput(use, 80) : "";
    const shown = base2 && input.startsWith(base2) ? input.slice(base2.length) : input;
    out.push({ text: r.said, refused: use ? `the ${use.name} call${shown ? ` \`${shown.replace(/`/g, "'")}\`` : ""}` : "a tool call" });
  }
  if (m.kind === "typed" && m.text.trim() !== "") out.push({ text: m.text });
  if (m.kind === "command") {
    const name = COMMAND_NAME_RE.exec(m.text)?.[1]?.trim();
    const args = COMMAND_ARGS_RE.exec(m.text)?.[1];
    if (name && args?.trim()) out.push({ text: args, command: name.startsWith("/") ? name : `/${name}` });
  }
  return out;
}
var COMMAND_NAME_RE = /<command-name>([^<]*)<\/command-name>/;
var COMMAND_ARGS_RE = /<command-args>([\s\S]*?)<\/command-args>/;
function collectTurns(t) {
  const handoff = newestHandoff(t);
  const carried = [];
  for (const c of handoff ? turnsFromHandoff(t.messages[handoff.index].text) : []) {
    const n2 = Math.max(c.n, (carried.at(-1)?.n ?? 0) + 1);
    carried.push({ ...c, n: n2, carried: true });
  }
  const window = t.messages.slice(handoff ? handoff.index + 1 : 0);
  const uses = /* @__PURE__ */ new Map();
  for (const m of window) for (const u of m.toolUses) uses.set(u.id, u);
  let n = carried.at(-1)?.n ?? 0;
  const fresh = window.flatMap((m) => wordsOf(m, uses, t.cwd).map((w) => ({ n: ++n, ...w, carried: false, ...m.timestamp ? { at: m.timestamp } : {} })));
  return [...carried, ...fresh];
}
var wordsShown = (turn) => turn.refused ? `[typed on refusing ${turn.refused}, which did not run]
${turn.text}` : turn.command ? `[typed after ${turn.command}]
${turn.text}` : turn.text;
var clipTurn = (text, max) => clip(text, max, { at: "middle", mark: (cut) => `
[\u2026 ${fmt(cut)} chars of this turn clipped here \u2026]
` });
var openTag = (turn) => {
  const at2 = turn.at && SAFE_AT_RE.test(turn.at) ? ` at="${turn.at}"` : "";
  return `<turn n="${turn.n}"${at2}${turn.carried ? ' carried="1"' : ""}>`;
};
function renderTurn(turn, maxTurnChars) {
  return `${openTag(turn)}
${escapeTurn(clipTurn(wordsShown(turn), maxTurnChars))}
</turn>`;
}
var BRIEF_WORDS = new Set(
  "y yes yeah yep yup ok okay k kk sure go ahead on continue proceed please pls thanks thank you ty lets let's do it keep going carry great good perfect cool nice fine alright right correct sounds looks lgtm hi hello hey".split(
    " "
  )
);
function isBrief(text) {
  const s = text.trim().toLowerCase().replace(/’/g, "'");
  if (s === "" || s.length > 40 || !/^[\w\s'.,!?-]+$/.test(s)) return false;
  return s.split(/[\s.,!?-]+/).every((w) => w === "" || BRIEF_WORDS.has(w) || /^\d{1,2}$/.test(w));
}
function rolesOf(turns) {
  const later = /* @__PURE__ */ new Map();
  const roles = [];
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i];
    const key = wordsShown(t).trim();
    const again = later.get(key);
    roles[i] = !t.refused && !t.command && isBrief(t.text) ? { as: "brief" } : again !== void 0 ? { as: "repeat", again } : { as: "block" };
    later.set(key, t.n);
  }
  return roles;
}
function ranked(turns, roles) {
  const blocks = turns.map((_, i) => i).filter((i) => roles[i].as === "block");
  if (blocks.length === 0) return [];
  const newest = blocks.at(-1);
  const first = blocks[0];
  const resent = new Set(roles.flatMap((r) => r.as === "repeat" ? [r.again] : []));
  const rest = blocks.filter((i) => i !== newest && i !== first).reverse();
  const sentAgain = rest.filter((i) => resent.has(turns[i].n));
  return newest === first ? [newest] : [newest, first, ...sentAgain, ...rest.filter((i) => !resent.has(turns[i].n))];
}
var MIN_CLIPPED = 300;
var MIN_LAST = 100;
function lay(turns, roles, layout, earlier, fitted, render2 = renderTurn) {
  const out = [];
  let run = [];
  let outRun = [];
  const endOut = () => {
    if (outRun.length === 0) return;
    const chars = outRun.reduce((s, i) => s + wordsShown(turns[i]).length, 0);
    const [a, b] = [turns[outRun[0]].n, turns[outRun.at(-1)].n];
    run.push(`${a === b ? `turn ${a}` : `turns ${a}\u2013${b}`} left out (${fmt(chars)} chars)`);
    outRun = [];
  };
  const endRun = () => {
    endOut();
    if (run.length) out.push(`[${run.join("; ")}]`);
    run = [];
  };
  turns.forEach((t, i) => {
    const prev = i === 0 ? 0 : turns[i - 1].n;
    if (t.n > prev + 1) {
      endOut();
      const [a, b] = [prev + 1, t.n - 1];
      const where = earlier === null ? "an earlier compaction" : `compaction ${earlier}: handoff_lookup {"n": ${earlier}, "section": "turns"}`;
      run.push(`${a === b ? `turn ${a}` : `turns ${a}\u2013${b}`} left out by ${where}`);
      if (fitted) fitted.leftOutBefore += b - a + 1;
    }
    const cap = layout.caps.get(i);
    const role = roles[i];
    if (cap !== void 0) {
      endRun();
      out.push(cap === 0 ? `${openTag(t)}

</turn>` : render2(t, cap));
      if (fitted) (wordsShown(t).length <= cap ? fitted.whole : fitted.clipped).push(i);
    } else if (role.as === "brief" && layout.quote) {
      endOut();
      run.push(`turn ${t.n}: "${t.text.trim()}"`);
      fitted?.brief.push(i);
    } else if (role.as === "repeat") {
      endOut();
      run.push(`turn ${t.n}: sent again as turn ${role.again}`);
      fitted?.repeats.push(i);
    } else {
      outRun.push(i);
      fitted?.leftOut.push(i);
    }
  });
  endRun();
  return out.join("\n\n");
}
function capFor(lengths, room) {
  if (room < 0) return -1;
  const total = lengths.reduce((s, l) => s + l.chars, 0);
  if (total <= room) return Infinity;
  const byCap = [...lengths].sort((a, b) => a.chars / a.weight - b.chars / b.weight);
  let left = room;
  let weights = byCap.reduce((s, l) => s + l.weight, 0);
  for (const l of byCap) {
    const cap = left / weights;
    if (l.chars / l.weight > cap) return Math.floor(cap);
    left -= l.chars;
    weights -= l.weight;
  }
  return Infinity;
}
function fitTurns(turns, room, maxTurnChars, earlier = null) {
  const roles = rolesOf(turns);
  const rendered = /* @__PURE__ */ new Map();
  const render2 = (t, cap) => {
    const key = `${t.n}:${cap}`;
    let block = rendered.get(key);
    if (block === void 0) rendered.set(key, block = renderTurn(t, cap));
    return block;
  };
  const fitted = (layout) => {
    const f = { body: "", whole: [], clipped: [], brief: [], repeats: [], leftOut: [], leftOutBefore: 0 };
    f.body = lay(turns, roles, layout, earlier, f, render2);
    return f;
  };
  const whole = fitted({ caps: new Map(turns.map((_, i) => [i, maxTurnChars])), quote: true });
  if (whole.body.length <= room) return whole;
  const order = ranked(turns, roles);
  const weight = (i) => i === order[0] || i === order[1] ? 2 : 1;
  const words = (i) => wordsShown(turns[i]);
  const keep = (k, quote) => {
    const kept = order.slice(0, k);
    const frame = lay(turns, roles, { caps: new Map(kept.map((i) => [i, 0])), quote }, earlier).length;
    const escapes = kept.reduce((s, i) => s + escapeTurn(words(i)).length - words(i).length, 0);
    const lengths = kept.map((i) => ({ chars: Math.min(words(i).length, maxTurnChars), weight: weight(i) }));
    let cap = capFor(lengths, room - frame - escapes);
    for (let tries = 0; tries < 4 && cap >= 0; tries++) {
      const caps = new Map(kept.map((i) => [i, cap === Infinity ? maxTurnChars : Math.min(maxTurnChars, cap * weight(i))]));
      const least = Math.min(...kept.map((i) => caps.get(i) < words(i).length ? caps.get(i) : Infinity));
      if (least < (k > 1 ? MIN_CLIPPED : MIN_LAST)) return null;
      const f = fitted({ caps, quote });
      if (f.body.length <= room) return { f, caps };
      const clippedWeight = kept.reduce((s, i) => s + (caps.get(i) < words(i).length || cap === Infinity ? weight(i) : 0), 0);
      cap = (cap === Infinity ? Math.max(...lengths.map((l) => l.chars)) : cap) - Math.ceil((f.body.length - room) / Math.max(1, clippedWeight)) - 1;
    }
    return null;
  };
  for (const quote of [true, false]) {
    let best = order.length > 0 ? keep(1, quote) : null;
    let [lo, hi, k] = [2, order.length, 1];
    while (best && lo <= hi) {
      const mid = lo + hi >> 1;
      const got = keep(mid, quote);
      if (got) [best, k, lo] = [got, mid, mid + 1];
      else hi = mid - 1;
    }
    if (!best) continue;
    let { f, caps } = best;
    for (const i of order.slice(k)) {
      if (words(i).length > room - f.body.length + 40) continue;
      const more = new Map(caps).set(i, maxTurnChars);
      const g = fitted({ caps: more, quote });
      if (g.body.length <= room) [caps, f] = [more, g];
    }
    return f;
  }
  const lines = fitted({ caps: /* @__PURE__ */ new Map(), quote: false });
  const end = lines.body.length <= room ? lines.body.length : lines.body.lastIndexOf("\n", room);
  return { ...lines, body: end > 0 ? lines.body.slice(0, end).trimEnd() : "" };
}
var plural2 = (n, one, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;
function introOf2(turns, f, lookup) {
  const total = turns.at(-1)?.n ?? 0;
  const refused = turns.filter((t) => t.refused).length;
  const said = refused ? ` (${fmt(refused)} of them typed on refusing a tool call)` : "";
  const notWhole = f.clipped.length + f.brief.length + f.repeats.length + f.leftOut.length;
  if (notWhole === 0 && f.leftOutBefore === 0) {
    return `${total === 1 ? "The one turn" : total === 2 ? "Both turns" : `All ${fmt(total)} turns`} the user typed, oldest first${said}:`;
  }
  const how = [
    f.clipped.length ? `${fmt(f.clipped.length)} clipped in the middle` : "",
    f.brief.length ? `${plural2(f.brief.length, "brief reply", "brief replies")} quoted on a line` : "",
    f.repeats.length ? `${fmt(f.repeats.length)} sent again later and shown there` : "",
    f.leftOut.length ? `${fmt(f.leftOut.length)} left out` : "",
    f.leftOutBefore ? `${fmt(f.leftOutBefore)} left out by an earlier compaction` : ""
  ].filter(Boolean);
  const whole = f.whole.length ? `${fmt(f.whole.length)} whole, ` : "";
  const each = notWhole > f.brief.length ? `; each in full: ${lookup}` : "";
  return `The ${plural2(total, "turn")} the user typed, oldest first${said}: ${whole}${how.join(", ")}${each}`;
}
var turns_default = defineSection({
  name: "turns",
  title: "The user's words, verbatim",
  description: "Every turn the person typed, verbatim and in order.",
  defaults: { timeoutMs: 5e3, budgetChars: 4e3, priority: 80, options: { maxTurnChars: 6e3 } },
  optionsSchema: {
    type: "object",
    additionalProperties: false,
    properties: {
      maxTurnChars: {
        type: "integer",
        minimum: 200,
        description: "a single turn longer than this is clipped in the middle, and the clip is said"
      }
    }
  },
  async run(ctx) {
    const t = ctx.input.transcript;
    const turns = collectTurns(t);
    if (turns.length === 0) return null;
    const n = ctx.input.lineage.n;
    const lookup = `handoff_lookup {"n": ${n}, "section": "turns"}`;
    const earlier = newestHandoff(t)?.n ?? null;
    const maxTurnChars = ctx.options.maxTurnChars ?? 6e3;
    const every = turns.map((_, i) => i);
    const widest = { body: "", whole: every, clipped: every, brief: every, repeats: every, leftOut: every, leftOutBefore: turns.at(-1).n };
    let f = fitTurns(turns, ctx.budgetChars - introOf2(turns, widest, lookup).length - 2, maxTurnChars, earlier);
    for (let tries = 0; tries < 3; tries++) {
      const g = fitTurns(turns, ctx.budgetChars - introOf2(turns, f, lookup).length - 2, maxTurnChars, earlier);
      if (g.body === f.body || introOf2(turns, g, lookup).length + 2 + g.body.length > ctx.budgetChars) break;
      f = g;
    }
    const notWhole = [...f.clipped, ...f.repeats, ...f.leftOut];
    if (notWhole.length)
      ctx.report.note(
        `to fit budgetChars: ${fmt(ctx.budgetChars)}, of ${fmt(turns.length)} turns ${fmt(f.clipped.length)} clipped, ${fmt(f.brief.length + f.repeats.length)} on a line, ${fmt(f.leftOut.length)} left out`
      );
    return {
      body: f.body ? `${introOf2(turns, f, lookup)}

${f.body}` : introOf2(turns, f, lookup),
      record: {
        turns: turns.length,
        whole: f.whole.length,
        clipped: f.clipped.length,
        brief: f.brief.length,
        repeats: f.repeats.length,
        leftOut: f.leftOut.length,
        leftOutBefore: f.leftOutBefore,
        carried: turns.filter((x) => x.carried).length,
        refused: turns.filter((x) => x.refused).length,
        lookup: { n, section: "turns" },
        // Every turn not shown whole, at full length, as its block would read.
        inFull: notWhole.sort((a, b) => a - b).map((i) => renderTurn(turns[i], Infinity))
      }
    };
  }
});

// sections/index.ts
var builtinSections = {
  [summary_default.name]: summary_default,
  [ledger_default.name]: ledger_default,
  [state_default.name]: state_default,
  [commitments_default.name]: commitments_default,
  [turns_default.name]: turns_default,
  [outline_default.name]: outline_default,
  [recent_default.name]: recent_default,
  [restore_default.name]: restore_default,
  [excerpts_default.name]: excerpts_default
};

export {
  builtinSections
};
