const __chFileUrl = require('node:url').pathToFileURL(__filename).href;
const __chCreateRequire = require('node:module').createRequire;
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res, err2) => function __init() {
  if (err2) throw err2[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err2 = [e], e;
  }
};
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name2 in all)
    __defProp(target, name2, { get: all[name2], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// pipeline/codes.ts
function isSectionDrop(err2) {
  if (err2 instanceof SectionDropError) return true;
  const e = err2;
  return !!e && e.name === "SectionDropError" && typeof e.code === "string" && e.code in DROP_CODES;
}
var DROP_CODES, ERROR_CODES, HandoffError, SectionDropError;
var init_codes = __esm({
  "pipeline/codes.ts"() {
    "use strict";
    DROP_CODES = {
      SECTION_TIMEOUT: "the section did not finish within timeoutMs",
      SECTION_THREW: "the section threw or rejected",
      SECTION_OVER_BUDGET: "the section returned more characters than budgetChars",
      SECTION_EMPTY: "the section returned nothing",
      SECTION_DISABLED: "the section is switched off in the config",
      SECTION_LOAD_FAILED: "the section package could not be loaded",
      SECTION_SIZE_GUARD: "the whole handoff was over its size guard; this section had the lowest priority",
      SECTION_NO_MODEL: "the section needs a model and the host offers none",
      SECTION_MODEL_FAILED: "the model call failed",
      SECTION_MODEL_EMPTY: "the model answered, but with nothing the section could use",
      SECTION_CANCELLED: "the run was cancelled (its signal aborted) before the section started",
      SECTION_STRAY_REJECTION: "a promise the section left behind rejected and nothing handled it",
      SECTION_EXITED: "the section's code ended its thread (process.exit, or a crash of its worker)"
    };
    ERROR_CODES = {
      CONFIG_INVALID: { exit: 1, means: "the pipeline config has errors" },
      TRANSCRIPT_UNREADABLE: { exit: 1, means: "the transcript could not be read" },
      TRANSCRIPT_EMPTY: { exit: 1, means: "the transcript (or the part asked for) holds no conversation" },
      TRANSCRIPT_TOO_LARGE: { exit: 1, means: "the transcript is larger than the reader takes" },
      DATA_DIR_UNUSABLE: { exit: 1, means: "the data dir is not a directory, or cannot be read" },
      OUTPUT_UNWRITABLE: { exit: 1, means: "the file --out names could not be written (permission, a full disk)" },
      STORE_REFUSED: { exit: 1, means: "the store cannot answer what was asked: an unknown session, a compaction or a line that is not there" },
      USAGE: { exit: 2, means: "the command line is not understood" },
      INTERNAL: { exit: 3, means: "something went wrong that the program did not expect (a bug: --verbose shows the stack)" }
    };
    HandoffError = class _HandoffError extends Error {
      constructor(code, message) {
        super(message);
        this.code = code;
        this.name = "HandoffError";
        this.exitCode = ERROR_CODES[code].exit;
      }
      code;
      exitCode;
      /** Whether `err` is one (a ConfigError too), also when it was thrown by another copy of this
       *  class: the bundle's commands run from a CommonJS file of their own (cli/code-cache.ts). */
      static is(err2) {
        if (err2 instanceof _HandoffError) return true;
        if (!(err2 instanceof Error)) return false;
        const { code, exitCode } = err2;
        return typeof code === "string" && Object.hasOwn(ERROR_CODES, code) && typeof exitCode === "number";
      }
    };
    SectionDropError = class extends Error {
      constructor(code, message, record) {
        super(message);
        this.code = code;
        this.record = record;
        this.name = "SectionDropError";
      }
      code;
      record;
    };
  }
});

// pipeline/text.ts
function shortPath(path, cwd) {
  const root = cwd?.replace(/\/+$/, "");
  return root && path.startsWith(`${root}/`) && path.length > root.length + 1 ? path.slice(root.length + 1) : path;
}
function clip(text, max, opts = {}) {
  if (text.length <= max) return text;
  const mark = opts.mark ?? (() => "\u2026");
  let keep = Math.max(0, max - mark(text.length - max).length);
  keep = Math.max(0, max - mark(text.length - keep).length);
  if (opts.at === "middle") {
    let headEnd = Math.ceil(keep / 2);
    let tailStart = text.length - Math.floor(keep / 2);
    const inWord = (at2) => at2 > 0 && at2 < text.length && text[at2 - 1] !== " " && text[at2] !== " ";
    const space = text.lastIndexOf(" ", headEnd);
    if (inWord(headEnd) && space > headEnd - WORD_SNAP && space > 0) headEnd = space;
    const next = text.indexOf(" ", tailStart);
    if (inWord(tailStart) && next >= 0 && next < tailStart + WORD_SNAP) tailStart = next + 1;
    const cut = (from, to) => `${text.slice(0, from)}${mark(to - from)}${text.slice(to)}`;
    const snapped = cut(headEnd, tailStart);
    return snapped.length <= max ? snapped : cut(Math.ceil(keep / 2), text.length - Math.floor(keep / 2));
  }
  if (opts.atLine) {
    const line = text.lastIndexOf("\n", keep);
    if (line > keep / 2) keep = line;
  }
  return text.slice(0, keep) + mark(text.length - keep);
}
function messageChars(m) {
  let n = m.text.length;
  for (const u of m.toolUses ?? []) n += JSON.stringify(u.input ?? {}).length;
  for (const r of m.toolResults ?? []) n += r.text.length;
  return n;
}
var oneLine, fmt, lineCount, lineSpan, WORD_SNAP;
var init_text = __esm({
  "pipeline/text.ts"() {
    "use strict";
    oneLine = (s) => s.replace(/\s*\n\s*/g, " \u23CE ").replace(/[ \t]+/g, " ").trim();
    fmt = (n) => {
      const [int, frac] = String(n).split(".");
      return int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (frac ? `.${frac.slice(0, 3)}` : "");
    };
    lineCount = (n) => `${fmt(n)} line${n === 1 ? "" : "s"}`;
    lineSpan = (from, to) => from === to ? `line ${fmt(from)}` : `lines ${fmt(from)}\u2013${fmt(to)}`;
    WORD_SNAP = 24;
  }
});

// pipeline/marker.ts
function lineageMarker(sessionId, lineage) {
  return `<!-- compact-handoff: session=${sessionId} n=${pad(lineage.n)} prev=${lineage.prev === null ? "none" : pad(lineage.prev)} -->`;
}
function parseMarker(text) {
  const m = MARKER_RE.exec(text.split("\n", 1)[0]);
  if (!m) return null;
  return { sessionId: m[1], n: Number(m[2]), prev: m[3] === "none" ? null : Number(m[3]) };
}
var pad, MARKER_RE;
var init_marker = __esm({
  "pipeline/marker.ts"() {
    "use strict";
    pad = (n) => String(n).padStart(3, "0");
    MARKER_RE = /^<!-- compact-handoff: session=(\S+) n=(\d+) prev=(\d+|none) -->$/;
  }
});

// pipeline/transcript.ts
function noteMalformed(t, where) {
  t.malformed.count++;
  t.malformed.lines.push(where);
}
function wrapperKind(text) {
  let kind;
  let at2 = 0;
  const s = text.trim();
  while (at2 < s.length) {
    while (at2 < s.length && /\s/.test(s[at2])) at2++;
    if (at2 >= s.length) break;
    if (kind !== void 0 && s.startsWith("Read the output file", at2) && TASK_TRAILER_RE.test(s.slice(at2))) return kind;
    const open4 = /^<([a-z][\w-]*)>/.exec(s.slice(at2, at2 + 64));
    const tag = open4?.[1];
    const tagKind = tag === void 0 ? void 0 : TAG_KIND[tag];
    if (tagKind === void 0) return void 0;
    const close = s.indexOf(`</${tag}>`, at2 + open4[0].length);
    if (close < 0) return void 0;
    kind ??= tagKind;
    at2 = close + tag.length + 3;
  }
  return kind;
}
function classifyUser(text, hasToolResults, flags2, firstInWindow) {
  const body2 = text.trim();
  if (body2 === "" && hasToolResults) return "tool-results";
  if ((flags2.isCompactSummary === true || firstInWindow) && parseMarker(text) !== null) return "handoff";
  if (flags2.isCompactSummary === true) return "compact-summary";
  if (flags2.isMeta === true) return HOOK_RE.test(body2) ? "hook" : "meta";
  if (INTERRUPT_RE.test(body2)) return "interrupt";
  const wrapped = wrapperKind(body2);
  if (wrapped) return wrapped;
  if (flags2.answersPrompt === true && !hasToolResults) return "hook";
  if (flags2.isSidechain === true) return "meta";
  return "typed";
}
function isInjectedBlock(text) {
  return wrapperKind(text) === "meta";
}
function userKindAndText(texts, hasToolResults, flags2, firstInWindow) {
  const all = texts.join("\n");
  if (texts.length > 1) {
    const kept = texts.filter((t) => !isInjectedBlock(t));
    if (kept.length > 0 && kept.length < texts.length) {
      const rest = kept.join("\n");
      const kind = classifyUser(rest, hasToolResults, flags2, firstInWindow);
      return { kind, text: kind === "typed" ? rest : all };
    }
  }
  return { kind: classifyUser(all, hasToolResults, flags2, firstInWindow), text: all };
}
function toolResult(toolUseId, text, isError) {
  const r = { toolUseId, text, isError };
  const said = isError ? REFUSAL_RE.exec(text)?.[1] : void 0;
  if (said !== void 0) r.said = said;
  return r;
}
function engineFlags(row, text, first) {
  return { ...row, isCompactSummary: row.isCompactSummary === true || first && text.trimStart().startsWith(CONTINUATION) };
}
function engineResultText(result) {
  if (typeof result === "string") return result;
  if (!isObj(result)) return void 0;
  const parts2 = [str(result.stdout), str(result.stderr)].filter((s) => !!s);
  return parts2.length ? parts2.join("\n") : void 0;
}
function readEngineMessages(messages, meta = {}) {
  const t = emptyTranscript("engine");
  if (meta.sessionId !== void 0) t.sessionId = meta.sessionId;
  if (meta.cwd !== void 0) t.cwd = meta.cwd;
  if (meta.model !== void 0) t.model = meta.model;
  if (!Array.isArray(messages)) return t;
  const results = /* @__PURE__ */ new Map();
  const fallbacks = [];
  let lastTalk = -1;
  messages.forEach((row, i2) => {
    if (!isObj(row) || row.role !== "user" && row.role !== "assistant") return noteMalformed(t, i2);
    const role = row.role;
    const text = str(row.text) ?? "";
    const toolUses = [];
    for (const u of Array.isArray(row.toolUses) ? row.toolUses : []) {
      if (!isObj(u)) continue;
      const id = str(u.tool_use_id) ?? str(u.id);
      const name2 = str(u.tool) ?? str(u.name);
      if (id === void 0 || name2 === void 0) continue;
      const use = { id, name: name2, input: isObj(u.input) ? u.input : {} };
      toolUses.push(use);
      const ownText = str(u.text) ?? engineResultText(u.result);
      const ownError = typeof u.isError === "boolean" ? u.isError : void 0;
      fallbacks.push(ownText !== void 0 || ownError !== void 0 ? { use, fallback: toolResult(id, ownText ?? "", ownError ?? false) } : { use });
    }
    const toolResults = [];
    for (const r of Array.isArray(row.toolResults) ? row.toolResults : []) {
      if (!isObj(r)) continue;
      const id = str(r.tool_use_id) ?? str(r.toolUseId);
      if (id === void 0) continue;
      const result = toolResult(id, str(r.text) ?? engineResultText(r.result) ?? "", r.isError === true || r.is_error === true);
      toolResults.push(result);
      if (!results.has(id)) results.set(id, result);
    }
    const first = lastTalk < 0;
    const { kind, text: shown } = role === "assistant" ? { kind: "assistant", text } : userKindAndText([text], toolResults.length > 0, engineFlags(row, text, first), first);
    const msg = { index: t.messages.length, role, kind, text: shown, toolUses, toolResults };
    if (TALK.has(kind)) lastTalk = msg.index;
    const uuid = str(row.handle) ?? str(row.uuid);
    if (uuid !== void 0) msg.uuid = uuid;
    const ts = str(row.timestamp);
    if (ts !== void 0) msg.timestamp = ts;
    t.messages.push(msg);
  });
  for (const { use, fallback } of fallbacks) {
    const r = results.get(use.id) ?? fallback;
    if (r) use.result = r;
  }
  return t;
}
function toolResultText(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts2 = [];
  for (const b of content) if (isObj(b) && b.type === "text" && typeof b.text === "string") parts2.push(b.text);
  return parts2.join("\n");
}
function jsonlParser() {
  const t = emptyTranscript("jsonl");
  const results = /* @__PURE__ */ new Map();
  const uses = [];
  let open4 = null;
  let lastTalk = -1;
  const prompts = /* @__PURE__ */ new Set();
  const line = (raw, lineNo) => {
    if (raw.trim() === "") return;
    let d;
    try {
      d = JSON.parse(raw);
    } catch {
      noteMalformed(t, lineNo);
      return;
    }
    if (!isObj(d) || typeof d.type !== "string") {
      noteMalformed(t, lineNo);
      return;
    }
    if (t.sessionId === void 0 && typeof d.sessionId === "string") t.sessionId = d.sessionId;
    if (t.cwd === void 0 && typeof d.cwd === "string") t.cwd = d.cwd;
    const type = d.type;
    if (type === "system") {
      if (d.subtype === "compact_boundary") {
        const cm = isObj(d.compactMetadata) ? d.compactMetadata : {};
        const b = { line: lineNo, messageIndex: t.messages.length };
        if (typeof cm.trigger === "string") b.trigger = cm.trigger;
        if (typeof cm.preTokens === "number") b.preTokens = cm.preTokens;
        t.boundaries.push(b);
        open4 = null;
      }
      return;
    }
    if (type !== "user" && type !== "assistant") return;
    const m = d.message;
    if (!isObj(m) || m.role !== void 0 && m.role !== type) {
      noteMalformed(t, lineNo);
      return;
    }
    const content = m.content;
    if (typeof content !== "string" && !Array.isArray(content)) {
      noteMalformed(t, lineNo);
      return;
    }
    const texts = [];
    const toolUses = [];
    const toolResults = [];
    if (typeof content === "string") texts.push(content);
    else {
      for (const b of content) {
        if (!isObj(b)) continue;
        if (b.type === "text") {
          if (typeof b.text === "string") texts.push(b.text);
        } else if (b.type === "tool_use") {
          if (typeof b.id === "string" && typeof b.name === "string") {
            const use = { id: b.id, name: b.name, input: isObj(b.input) ? b.input : {} };
            if (typeof d.cwd === "string") use.cwd = d.cwd;
            toolUses.push(use);
            uses.push(use);
          }
        } else if (b.type === "tool_result") {
          if (typeof b.tool_use_id === "string") {
            const r = toolResult(b.tool_use_id, toolResultText(b.content), b.is_error === true);
            toolResults.push(r);
            if (!results.has(r.toolUseId)) results.set(r.toolUseId, r);
          }
        }
      }
    }
    if (type === "assistant") {
      if (typeof m.model === "string" && m.model !== "<synthetic>") t.model = m.model;
      const id = typeof m.id === "string" && m.id !== "" ? m.id : void 0;
      if (open4 && id !== void 0 && open4.id === id) {
        open4.msg.text = joinText(open4.msg.text, texts.join("\n"));
        open4.msg.toolUses.push(...toolUses);
        return;
      }
      const msg2 = newMessage(t, d, lineNo, "assistant", "assistant", texts.join("\n"), toolUses, toolResults);
      open4 = id === void 0 ? null : { msg: msg2, id };
      lastTalk = msg2.index;
      return;
    }
    if (d.isCompactSummary === true && d.parentUuid === null && t.boundaries.at(-1)?.messageIndex !== t.messages.length) {
      t.boundaries.push({ line: lineNo, messageIndex: t.messages.length, from: "summary-row" });
      open4 = null;
    }
    const firstInWindow = lastTalk < (t.boundaries.at(-1)?.messageIndex ?? 0);
    const prompt = hasPromptFields(d);
    if (prompt && typeof d.uuid === "string") prompts.add(d.uuid);
    const answersPrompt = !prompt && typeof d.parentUuid === "string" && prompts.has(d.parentUuid);
    const { kind, text: shown } = userKindAndText(texts, toolResults.length > 0, answersPrompt ? { ...d, answersPrompt } : d, firstInWindow);
    if (kind !== "tool-results") open4 = null;
    const msg = newMessage(t, d, lineNo, "user", kind, shown, toolUses, toolResults);
    if (TALK.has(kind)) lastTalk = msg.index;
  };
  const finish2 = () => {
    for (const use of uses) {
      const r = results.get(use.id);
      if (r) use.result = r;
    }
    return t;
  };
  return { line, finish: finish2 };
}
function newMessage(t, d, line, role, kind, text, toolUses, toolResults) {
  const msg = { index: t.messages.length, role, kind, text, toolUses, toolResults, line };
  if (typeof d.uuid === "string") msg.uuid = d.uuid;
  if (typeof d.timestamp === "string") msg.timestamp = d.timestamp;
  if (d.isSidechain === true) msg.sidechain = true;
  t.messages.push(msg);
  return msg;
}
function maxTranscriptBytes(env = process.env) {
  const raw = env.COMPACT_HANDOFF_MAX_TRANSCRIPT_MB;
  const mb = raw !== void 0 && /^\d+$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : DEFAULT_MAX_TRANSCRIPT_MB;
  return {
    bytes: mb * 1024 * 1024,
    setting: raw !== void 0 && mb !== DEFAULT_MAX_TRANSCRIPT_MB ? `COMPACT_HANDOFF_MAX_TRANSCRIPT_MB=${mb}` : `the default ${mb} MB; COMPACT_HANDOFF_MAX_TRANSCRIPT_MB sets it`
  };
}
async function readJsonlTranscript(path, limit = maxTranscriptBytes()) {
  const size = (await (0, import_promises.stat)(path)).size;
  if (size > limit.bytes) {
    throw new HandoffError(
      "TRANSCRIPT_TOO_LARGE",
      `${path} is ${fmt(Math.ceil(size / 1024 / 1024))} MB, over the ${fmt(Math.round(limit.bytes / 1024 / 1024))} MB a transcript may be (${limit.setting})`
    );
  }
  const parser = jsonlParser();
  let lineNo = 0;
  let parts2 = [];
  let pending = 0;
  let overlong = false;
  const endLine = () => {
    lineNo++;
    if (overlong)
      parser.line("{not read: longer than MAX_LINE_BYTES", lineNo);
    else parser.line(parts2.length === 1 ? parts2[0].toString("utf8") : Buffer.concat(parts2, pending).toString("utf8"), lineNo);
    parts2 = [];
    pending = 0;
    overlong = false;
  };
  for await (const chunk of (0, import_node_fs.createReadStream)(path)) {
    let from = 0;
    for (let nl = chunk.indexOf(10, from); nl >= 0; nl = chunk.indexOf(10, from)) {
      if (!overlong) parts2.push(chunk.subarray(from, nl));
      pending += nl - from;
      if (pending > MAX_LINE_BYTES) overlong = true;
      endLine();
      from = nl + 1;
    }
    if (from < chunk.length && !overlong) {
      parts2.push(chunk.subarray(from));
      pending += chunk.length - from;
      if (pending > MAX_LINE_BYTES) {
        overlong = true;
        parts2 = [];
      }
    }
  }
  if (pending > 0 || overlong) endLine();
  return parser.finish();
}
function withoutEngineNotes(text) {
  for (let out2 = text; ; ) {
    let next = out2;
    const end = next.trimEnd();
    if (end.endsWith(REMINDER_CLOSE) && end.lastIndexOf(REMINDER_OPEN) >= 0) next = end.slice(0, end.lastIndexOf(REMINDER_OPEN)).replace(/\n+$/, "");
    for (const re of ENGINE_TRAILERS) next = next.replace(re, "");
    if (next === out2) return out2;
    out2 = next;
  }
}
function windowStart(messages) {
  return messages.findLastIndex((m) => m.kind === "handoff" || m.kind === "compact-summary") + 1;
}
function beforeBoundary(t, which) {
  if (which === "end") return t;
  const count = t.boundaries.length;
  if (which === "last") {
    if (count === 0) return t;
    which = count;
  }
  if (!Number.isInteger(which) || which < 1 || which > count) {
    const has = count === 0 ? "has no compaction boundaries" : `has ${count} compaction boundar${count === 1 ? "y" : "ies"} (1\u2013${count})`;
    throw new HandoffError("USAGE", `boundary ${which} is out of range: the transcript ${has}`);
  }
  const b = t.boundaries[which - 1];
  return {
    ...t,
    messages: t.messages.slice(0, b.messageIndex),
    boundaries: t.boundaries.slice(0, which - 1),
    malformed: (() => {
      const lines = t.malformed.lines.filter((l) => l < b.line);
      return { count: lines.length, lines };
    })()
  };
}
var import_node_fs, import_promises, isObj, str, emptyTranscript, INTERRUPT_RE, HOOK_RE, TASK_TRAILER_RE, CONTINUATION, TAG_KIND, TALK, hasPromptFields, REFUSAL_RE, joinText, DEFAULT_MAX_TRANSCRIPT_MB, MAX_LINE_BYTES, ENGINE_TRAILERS, REMINDER_OPEN, REMINDER_CLOSE;
var init_transcript = __esm({
  "pipeline/transcript.ts"() {
    "use strict";
    import_node_fs = require("node:fs");
    import_promises = require("node:fs/promises");
    init_codes();
    init_text();
    init_marker();
    isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
    str = (v) => typeof v === "string" ? v : void 0;
    emptyTranscript = (source) => ({
      source,
      messages: [],
      boundaries: [],
      malformed: { count: 0, lines: [] }
    });
    INTERRUPT_RE = /^\[Request interrupted by user[^\]\n]*\]$/;
    HOOK_RE = /^(?:<system-reminder>\s*)?[A-Za-z]+(?::\S+)? hook (?:feedback|blocking error|error|additional context|success)\b/;
    TASK_TRAILER_RE = /^Read the output file[^\n]*$/;
    CONTINUATION = "This session is being continued from a previous conversation";
    TAG_KIND = {
      // real: tool_heavy L21, ae4a77f8 L1484 ("<command-name>/compact…"); subagent L4 and sniffly
      // ba79134d L1 open with <command-message> (1.0.17 and 2.1.38 order the wrapper differently).
      "command-name": "command",
      "command-message": "command",
      "command-args": "command",
      // binary: the `!` bash mode echoes what was run as <bash-input>; its output as <bash-stdout> etc.
      "command-contents": "command",
      "bash-input": "command",
      // real: tool_heavy L22, ae4a77f8 L1485 (<local-command-stdout>); stderr and bash-*: binary.
      "local-command-stdout": "command-output",
      "local-command-stderr": "command-output",
      "bash-stdout": "command-output",
      "bash-stderr": "command-output",
      "bash-exit-code": "command-output",
      // real: tool_heavy L20, ae4a77f8 L1483 (<local-command-caveat>, also isMeta).
      "local-command-caveat": "meta",
      // binary (not in the real files as a whole user row): reminders the engine injects.
      "system-reminder": "meta",
      // real: fa812bfe L664 — a background task finished; the engine queued this as a user row.
      "task-notification": "meta",
      // binary: other wrappers the engine injects on the person's behalf (wrapper-tag list).
      "teammate-message": "meta",
      "agent-message": "meta",
      "cross-session-message": "meta",
      "fetched-web-content": "meta",
      "remote-review": "meta",
      "remote-review-progress": "meta",
      ide_selection: "meta",
      ide_opened_file: "meta",
      "user-prompt-submit-hook": "hook",
      "post-tool-use-hook": "hook"
    };
    TALK = /* @__PURE__ */ new Set(["typed", "assistant", "tool-results"]);
    hasPromptFields = (row) => "permissionMode" in row || "thinkingMetadata" in row;
    REFUSAL_RE = /^(?:Error: )?(?:The user doesn't want to proceed with this tool use|Permission for this tool use was denied)\. The tool use was rejected \([^)\n]*\)\. (?:To tell you how to proceed, the user said|The user said):\n([\s\S]*\S[\s\S]*)$/;
    joinText = (a, b) => a === "" ? b : b === "" ? a : `${a}
${b}`;
    DEFAULT_MAX_TRANSCRIPT_MB = 512;
    MAX_LINE_BYTES = 64 * 1024 * 1024;
    ENGINE_TRAILERS = [
      /\n*REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks\.\s*$/,
      /\n*agentId: [\w-]+ \(for resuming to continue this agent's work if needed\)\s*(?:<usage>[^<]*<\/usage>\s*)?$/,
      /\n*Shell cwd was reset to [^\n]*\s*$/
    ];
    REMINDER_OPEN = "<system-reminder>";
    REMINDER_CLOSE = "</system-reminder>";
  }
});

// pipeline/config/lazy.ts
var import_node_module, libs, lib, ajv, yaml, codeFrame;
var init_lazy = __esm({
  "pipeline/config/lazy.ts"() {
    "use strict";
    import_node_module = require("node:module");
    lib = () => libs ??= (0, import_node_module.createRequire)(__chFileUrl)("./config-libs.cjs");
    ajv = () => lib().ajv();
    yaml = () => lib().yaml();
    codeFrame = () => lib().codeFrame();
  }
});

// node_modules/fastest-levenshtein/mod.js
var require_mod = __commonJS({
  "node_modules/fastest-levenshtein/mod.js"(exports2) {
    "use strict";
    exports2.__esModule = true;
    exports2.distance = exports2.closest = void 0;
    var peq = new Uint32Array(65536);
    var myers_32 = function(a, b) {
      var n = a.length;
      var m = b.length;
      var lst = 1 << n - 1;
      var pv = -1;
      var mv = 0;
      var sc = n;
      var i2 = n;
      while (i2--) {
        peq[a.charCodeAt(i2)] |= 1 << i2;
      }
      for (i2 = 0; i2 < m; i2++) {
        var eq = peq[b.charCodeAt(i2)];
        var xv = eq | mv;
        eq |= (eq & pv) + pv ^ pv;
        mv |= ~(eq | pv);
        pv &= eq;
        if (mv & lst) {
          sc++;
        }
        if (pv & lst) {
          sc--;
        }
        mv = mv << 1 | 1;
        pv = pv << 1 | ~(xv | mv);
        mv &= xv;
      }
      i2 = n;
      while (i2--) {
        peq[a.charCodeAt(i2)] = 0;
      }
      return sc;
    };
    var myers_x = function(b, a) {
      var n = a.length;
      var m = b.length;
      var mhc = [];
      var phc = [];
      var hsize = Math.ceil(n / 32);
      var vsize = Math.ceil(m / 32);
      for (var i2 = 0; i2 < hsize; i2++) {
        phc[i2] = -1;
        mhc[i2] = 0;
      }
      var j = 0;
      for (; j < vsize - 1; j++) {
        var mv_1 = 0;
        var pv_1 = -1;
        var start_1 = j * 32;
        var vlen_1 = Math.min(32, m) + start_1;
        for (var k = start_1; k < vlen_1; k++) {
          peq[b.charCodeAt(k)] |= 1 << k;
        }
        for (var i2 = 0; i2 < n; i2++) {
          var eq = peq[a.charCodeAt(i2)];
          var pb = phc[i2 / 32 | 0] >>> i2 & 1;
          var mb = mhc[i2 / 32 | 0] >>> i2 & 1;
          var xv = eq | mv_1;
          var xh = ((eq | mb) & pv_1) + pv_1 ^ pv_1 | eq | mb;
          var ph = mv_1 | ~(xh | pv_1);
          var mh = pv_1 & xh;
          if (ph >>> 31 ^ pb) {
            phc[i2 / 32 | 0] ^= 1 << i2;
          }
          if (mh >>> 31 ^ mb) {
            mhc[i2 / 32 | 0] ^= 1 << i2;
          }
          ph = ph << 1 | pb;
          mh = mh << 1 | mb;
          pv_1 = mh | ~(xv | ph);
          mv_1 = ph & xv;
        }
        for (var k = start_1; k < vlen_1; k++) {
          peq[b.charCodeAt(k)] = 0;
        }
      }
      var mv = 0;
      var pv = -1;
      var start2 = j * 32;
      var vlen = Math.min(32, m - start2) + start2;
      for (var k = start2; k < vlen; k++) {
        peq[b.charCodeAt(k)] |= 1 << k;
      }
      var score = m;
      for (var i2 = 0; i2 < n; i2++) {
        var eq = peq[a.charCodeAt(i2)];
        var pb = phc[i2 / 32 | 0] >>> i2 & 1;
        var mb = mhc[i2 / 32 | 0] >>> i2 & 1;
        var xv = eq | mv;
        var xh = ((eq | mb) & pv) + pv ^ pv | eq | mb;
        var ph = mv | ~(xh | pv);
        var mh = pv & xh;
        score += ph >>> m - 1 & 1;
        score -= mh >>> m - 1 & 1;
        if (ph >>> 31 ^ pb) {
          phc[i2 / 32 | 0] ^= 1 << i2;
        }
        if (mh >>> 31 ^ mb) {
          mhc[i2 / 32 | 0] ^= 1 << i2;
        }
        ph = ph << 1 | pb;
        mh = mh << 1 | mb;
        pv = mh | ~(xv | ph);
        mv = ph & xv;
      }
      for (var k = start2; k < vlen; k++) {
        peq[b.charCodeAt(k)] = 0;
      }
      return score;
    };
    var distance2 = function(a, b) {
      if (a.length < b.length) {
        var tmp = b;
        b = a;
        a = tmp;
      }
      if (b.length === 0) {
        return a.length;
      }
      if (a.length <= 32) {
        return myers_32(a, b);
      }
      return myers_x(a, b);
    };
    exports2.distance = distance2;
    var closest2 = function(str3, arr) {
      var min_distance = Infinity;
      var min_index = 0;
      for (var i2 = 0; i2 < arr.length; i2++) {
        var dist = distance2(str3, arr[i2]);
        if (dist < min_distance) {
          min_distance = dist;
          min_index = i2;
        }
      }
      return arr[min_index];
    };
    exports2.closest = closest2;
  }
});

// pipeline/config/format.ts
function frameAt(text, start2, end) {
  const loc = {
    start: { line: start2.line, column: start2.col },
    ...end && end.line === start2.line && end.col > start2.col ? { end: { line: end.line, column: end.col } } : {}
  };
  return codeFrame().codeFrameColumns(text, loc, { highlightCode: false, linesAbove: 2, linesBelow: 1 });
}
function shownPath(file2, relativeTo) {
  if (!relativeTo) return file2;
  const rel = (0, import_node_path.relative)(relativeTo, file2);
  return rel && !rel.startsWith("..") && !(0, import_node_path.isAbsolute)(rel) ? rel : file2;
}
function formatIssue(issue, opts = {}) {
  const place = issue.line > 0 ? `${shownPath(issue.file, opts.relativeTo)}:${issue.line}:${issue.col}` : shownPath(issue.file, opts.relativeTo);
  const lines = [`${paint(opts.color, "1", place)}  ${paint(opts.color, "31", issue.message)}`];
  if (issue.frame) {
    const frame = opts.color ? issue.frame.replace(/^>/gm, paint(true, "31;1", ">")).replace(/^( +\| +)(\^+)$/gm, (_, gutter, marks) => gutter + paint(true, "31;1", marks)) : issue.frame;
    lines.push(frame);
  }
  if (issue.hint) lines.push(...issue.hint.split("\n").map((l) => `  = ${l}`));
  return lines.join("\n");
}
function formatIssues(issues, opts = {}) {
  return issues.map((i2) => formatIssue(i2, opts)).join("\n\n");
}
function formatReport(issues, opts = {}) {
  const n = issues.length;
  return `${formatIssues(issues, opts)}

${n} ${n === 1 ? "issue" : "issues"} in the pipeline config`;
}
function didYouMean(name2, candidates) {
  const list = [...candidates];
  if (list.length === 0) return void 0;
  const best = (0, import_fastest_levenshtein.closest)(name2, list);
  return (0, import_fastest_levenshtein.distance)(name2, best) <= Math.max(1, Math.floor(Math.max(name2.length, best.length) / 3)) ? best : void 0;
}
function showValue(value) {
  if (value === void 0) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (value !== null && typeof value === "object") return "a mapping";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  return String(value);
}
var import_node_path, import_fastest_levenshtein, paint, ConfigError;
var init_format = __esm({
  "pipeline/config/format.ts"() {
    "use strict";
    import_node_path = require("node:path");
    init_lazy();
    import_fastest_levenshtein = __toESM(require_mod(), 1);
    init_codes();
    paint = (on, code, s) => on ? `\x1B[${code}m${s}\x1B[0m` : s;
    ConfigError = class extends HandoffError {
      issues;
      constructor(issues) {
        super("CONFIG_INVALID", formatReport(issues, { relativeTo: process.cwd() }));
        this.name = "ConfigError";
        this.issues = issues;
      }
    };
  }
});

// node_modules/ajv/dist/runtime/ucs2length.js
var require_ucs2length = __commonJS({
  "node_modules/ajv/dist/runtime/ucs2length.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    function ucs2length(str3) {
      const len = str3.length;
      let length = 0;
      let pos = 0;
      let value;
      while (pos < len) {
        length++;
        value = str3.charCodeAt(pos++);
        if (value >= 55296 && value <= 56319 && pos < len) {
          value = str3.charCodeAt(pos);
          if ((value & 64512) === 56320)
            pos++;
        }
      }
      return length;
    }
    exports2.default = ucs2length;
    ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
  }
});

// pipeline/config/precompiled.ts
function validate0(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "concurrency" || key0 === "handoff" || key0 === "seamTimeoutMs" || key0 === "loadTimeoutMs" || key0 === "plugins" || key0 === "sections")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema0, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.concurrency !== void 0) {
      let data0 = data.concurrency;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/concurrency", schemaPath: "#/properties/concurrency/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema0.properties.concurrency.type, parentSchema: schema0.properties.concurrency, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 16 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/concurrency", schemaPath: "#/properties/concurrency/maximum", keyword: "maximum", params: { comparison: "<=", limit: 16 }, message: "must be <= 16", schema: 16, parentSchema: schema0.properties.concurrency, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 1 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/concurrency", schemaPath: "#/properties/concurrency/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema0.properties.concurrency, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.handoff !== void 0) {
      let data1 = data.handoff;
      if (data1 && typeof data1 == "object" && !Array.isArray(data1)) {
        for (const key1 in data1) {
          if (!(key1 === "maxChars" || key1 === "maxFraction" || key1 === "lateShare")) {
            const err4 = { instancePath: instancePath + "/handoff", schemaPath: "#/properties/handoff/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties", schema: false, parentSchema: schema0.properties.handoff, data: data1 };
            if (vErrors === null) {
              vErrors = [err4];
            } else {
              vErrors.push(err4);
            }
            errors++;
          }
        }
        if (data1.maxChars !== void 0) {
          let data2 = data1.maxChars;
          if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
            const err5 = { instancePath: instancePath + "/handoff/maxChars", schemaPath: "#/properties/handoff/properties/maxChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema0.properties.handoff.properties.maxChars.type, parentSchema: schema0.properties.handoff.properties.maxChars, data: data2 };
            if (vErrors === null) {
              vErrors = [err5];
            } else {
              vErrors.push(err5);
            }
            errors++;
          }
          if (typeof data2 == "number") {
            if (data2 < 1 || isNaN(data2)) {
              const err6 = { instancePath: instancePath + "/handoff/maxChars", schemaPath: "#/properties/handoff/properties/maxChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema0.properties.handoff.properties.maxChars, data: data2 };
              if (vErrors === null) {
                vErrors = [err6];
              } else {
                vErrors.push(err6);
              }
              errors++;
            }
          }
        }
        if (data1.maxFraction !== void 0) {
          let data3 = data1.maxFraction;
          if (typeof data3 == "number") {
            if (data3 > 1 || isNaN(data3)) {
              const err7 = { instancePath: instancePath + "/handoff/maxFraction", schemaPath: "#/properties/handoff/properties/maxFraction/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema0.properties.handoff.properties.maxFraction, data: data3 };
              if (vErrors === null) {
                vErrors = [err7];
              } else {
                vErrors.push(err7);
              }
              errors++;
            }
            if (data3 <= 0 || isNaN(data3)) {
              const err8 = { instancePath: instancePath + "/handoff/maxFraction", schemaPath: "#/properties/handoff/properties/maxFraction/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema0.properties.handoff.properties.maxFraction, data: data3 };
              if (vErrors === null) {
                vErrors = [err8];
              } else {
                vErrors.push(err8);
              }
              errors++;
            }
          } else {
            const err9 = { instancePath: instancePath + "/handoff/maxFraction", schemaPath: "#/properties/handoff/properties/maxFraction/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema0.properties.handoff.properties.maxFraction.type, parentSchema: schema0.properties.handoff.properties.maxFraction, data: data3 };
            if (vErrors === null) {
              vErrors = [err9];
            } else {
              vErrors.push(err9);
            }
            errors++;
          }
        }
        if (data1.lateShare !== void 0) {
          let data4 = data1.lateShare;
          if (typeof data4 == "number") {
            if (data4 > 0.9 || isNaN(data4)) {
              const err10 = { instancePath: instancePath + "/handoff/lateShare", schemaPath: "#/properties/handoff/properties/lateShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 0.9 }, message: "must be <= 0.9", schema: 0.9, parentSchema: schema0.properties.handoff.properties.lateShare, data: data4 };
              if (vErrors === null) {
                vErrors = [err10];
              } else {
                vErrors.push(err10);
              }
              errors++;
            }
            if (data4 < 0 || isNaN(data4)) {
              const err11 = { instancePath: instancePath + "/handoff/lateShare", schemaPath: "#/properties/handoff/properties/lateShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema0.properties.handoff.properties.lateShare, data: data4 };
              if (vErrors === null) {
                vErrors = [err11];
              } else {
                vErrors.push(err11);
              }
              errors++;
            }
          } else {
            const err12 = { instancePath: instancePath + "/handoff/lateShare", schemaPath: "#/properties/handoff/properties/lateShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema0.properties.handoff.properties.lateShare.type, parentSchema: schema0.properties.handoff.properties.lateShare, data: data4 };
            if (vErrors === null) {
              vErrors = [err12];
            } else {
              vErrors.push(err12);
            }
            errors++;
          }
        }
      } else {
        const err13 = { instancePath: instancePath + "/handoff", schemaPath: "#/properties/handoff/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema0.properties.handoff.type, parentSchema: schema0.properties.handoff, data: data1 };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
    }
    if (data.seamTimeoutMs !== void 0) {
      let data5 = data.seamTimeoutMs;
      if (!(typeof data5 == "number" && (!(data5 % 1) && !isNaN(data5)))) {
        const err14 = { instancePath: instancePath + "/seamTimeoutMs", schemaPath: "#/properties/seamTimeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema0.properties.seamTimeoutMs.type, parentSchema: schema0.properties.seamTimeoutMs, data: data5 };
        if (vErrors === null) {
          vErrors = [err14];
        } else {
          vErrors.push(err14);
        }
        errors++;
      }
      if (typeof data5 == "number") {
        if (data5 > 2147483647 || isNaN(data5)) {
          const err15 = { instancePath: instancePath + "/seamTimeoutMs", schemaPath: "#/properties/seamTimeoutMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483647 }, message: "must be <= 2147483647", schema: 2147483647, parentSchema: schema0.properties.seamTimeoutMs, data: data5 };
          if (vErrors === null) {
            vErrors = [err15];
          } else {
            vErrors.push(err15);
          }
          errors++;
        }
        if (data5 < 1 || isNaN(data5)) {
          const err16 = { instancePath: instancePath + "/seamTimeoutMs", schemaPath: "#/properties/seamTimeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema0.properties.seamTimeoutMs, data: data5 };
          if (vErrors === null) {
            vErrors = [err16];
          } else {
            vErrors.push(err16);
          }
          errors++;
        }
      }
    }
    if (data.loadTimeoutMs !== void 0) {
      let data6 = data.loadTimeoutMs;
      if (!(typeof data6 == "number" && (!(data6 % 1) && !isNaN(data6)))) {
        const err17 = { instancePath: instancePath + "/loadTimeoutMs", schemaPath: "#/properties/loadTimeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema0.properties.loadTimeoutMs.type, parentSchema: schema0.properties.loadTimeoutMs, data: data6 };
        if (vErrors === null) {
          vErrors = [err17];
        } else {
          vErrors.push(err17);
        }
        errors++;
      }
      if (typeof data6 == "number") {
        if (data6 > 2147483647 || isNaN(data6)) {
          const err18 = { instancePath: instancePath + "/loadTimeoutMs", schemaPath: "#/properties/loadTimeoutMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483647 }, message: "must be <= 2147483647", schema: 2147483647, parentSchema: schema0.properties.loadTimeoutMs, data: data6 };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
        if (data6 < 1 || isNaN(data6)) {
          const err19 = { instancePath: instancePath + "/loadTimeoutMs", schemaPath: "#/properties/loadTimeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema0.properties.loadTimeoutMs, data: data6 };
          if (vErrors === null) {
            vErrors = [err19];
          } else {
            vErrors.push(err19);
          }
          errors++;
        }
      }
    }
    if (data.plugins !== void 0) {
      let data7 = data.plugins;
      if (Array.isArray(data7)) {
        const len0 = data7.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data8 = data7[i0];
          if (data8 && typeof data8 == "object" && !Array.isArray(data8)) {
            if (data8.package === void 0) {
              const err20 = { instancePath: instancePath + "/plugins/" + i0, schemaPath: "#/definitions/plugin/required", keyword: "required", params: { missingProperty: "package" }, message: "must have required property 'package'", schema: schema1.required, parentSchema: schema1, data: data8 };
              if (vErrors === null) {
                vErrors = [err20];
              } else {
                vErrors.push(err20);
              }
              errors++;
            }
            for (const key2 in data8) {
              if (!(key2 === "package" || key2 === "options")) {
                const err21 = { instancePath: instancePath + "/plugins/" + i0, schemaPath: "#/definitions/plugin/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key2 }, message: "must NOT have additional properties", schema: false, parentSchema: schema1, data: data8 };
                if (vErrors === null) {
                  vErrors = [err21];
                } else {
                  vErrors.push(err21);
                }
                errors++;
              }
            }
            if (data8.package !== void 0) {
              let data9 = data8.package;
              if (typeof data9 === "string") {
                if (func0(data9) < 1) {
                  const err22 = { instancePath: instancePath + "/plugins/" + i0 + "/package", schemaPath: "#/definitions/plugin/properties/package/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema1.properties.package, data: data9 };
                  if (vErrors === null) {
                    vErrors = [err22];
                  } else {
                    vErrors.push(err22);
                  }
                  errors++;
                }
              } else {
                const err23 = { instancePath: instancePath + "/plugins/" + i0 + "/package", schemaPath: "#/definitions/plugin/properties/package/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema1.properties.package.type, parentSchema: schema1.properties.package, data: data9 };
                if (vErrors === null) {
                  vErrors = [err23];
                } else {
                  vErrors.push(err23);
                }
                errors++;
              }
            }
            if (data8.options !== void 0) {
              let data10 = data8.options;
              if (!(data10 && typeof data10 == "object" && !Array.isArray(data10))) {
                const err24 = { instancePath: instancePath + "/plugins/" + i0 + "/options", schemaPath: "#/definitions/plugin/properties/options/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema1.properties.options.type, parentSchema: schema1.properties.options, data: data10 };
                if (vErrors === null) {
                  vErrors = [err24];
                } else {
                  vErrors.push(err24);
                }
                errors++;
              }
            }
          } else {
            const err25 = { instancePath: instancePath + "/plugins/" + i0, schemaPath: "#/definitions/plugin/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema1.type, parentSchema: schema1, data: data8 };
            if (vErrors === null) {
              vErrors = [err25];
            } else {
              vErrors.push(err25);
            }
            errors++;
          }
        }
      } else {
        const err26 = { instancePath: instancePath + "/plugins", schemaPath: "#/properties/plugins/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema0.properties.plugins.type, parentSchema: schema0.properties.plugins, data: data7 };
        if (vErrors === null) {
          vErrors = [err26];
        } else {
          vErrors.push(err26);
        }
        errors++;
      }
    }
    if (data.sections !== void 0) {
      let data11 = data.sections;
      if (Array.isArray(data11)) {
        const len1 = data11.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data12 = data11[i1];
          if (data12 && typeof data12 == "object" && !Array.isArray(data12)) {
            if (data12.name === void 0) {
              const err27 = { instancePath: instancePath + "/sections/" + i1, schemaPath: "#/definitions/section/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema2.required, parentSchema: schema2, data: data12 };
              if (vErrors === null) {
                vErrors = [err27];
              } else {
                vErrors.push(err27);
              }
              errors++;
            }
            for (const key3 in data12) {
              if (!(key3 === "name" || key3 === "package" || key3 === "enabled" || key3 === "timeoutMs" || key3 === "budgetChars" || key3 === "priority" || key3 === "options")) {
                const err28 = { instancePath: instancePath + "/sections/" + i1, schemaPath: "#/definitions/section/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key3 }, message: "must NOT have additional properties", schema: false, parentSchema: schema2, data: data12 };
                if (vErrors === null) {
                  vErrors = [err28];
                } else {
                  vErrors.push(err28);
                }
                errors++;
              }
            }
            if (data12.name !== void 0) {
              let data13 = data12.name;
              if (typeof data13 === "string") {
                if (!pattern0.test(data13)) {
                  const err29 = { instancePath: instancePath + "/sections/" + i1 + "/name", schemaPath: "#/definitions/section/properties/name/pattern", keyword: "pattern", params: { pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" }, message: 'must match pattern "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"', schema: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", parentSchema: schema2.properties.name, data: data13 };
                  if (vErrors === null) {
                    vErrors = [err29];
                  } else {
                    vErrors.push(err29);
                  }
                  errors++;
                }
              } else {
                const err30 = { instancePath: instancePath + "/sections/" + i1 + "/name", schemaPath: "#/definitions/section/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema2.properties.name.type, parentSchema: schema2.properties.name, data: data13 };
                if (vErrors === null) {
                  vErrors = [err30];
                } else {
                  vErrors.push(err30);
                }
                errors++;
              }
            }
            if (data12.package !== void 0) {
              let data14 = data12.package;
              if (typeof data14 === "string") {
                if (func0(data14) < 1) {
                  const err31 = { instancePath: instancePath + "/sections/" + i1 + "/package", schemaPath: "#/definitions/section/properties/package/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema2.properties.package, data: data14 };
                  if (vErrors === null) {
                    vErrors = [err31];
                  } else {
                    vErrors.push(err31);
                  }
                  errors++;
                }
              } else {
                const err32 = { instancePath: instancePath + "/sections/" + i1 + "/package", schemaPath: "#/definitions/section/properties/package/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema2.properties.package.type, parentSchema: schema2.properties.package, data: data14 };
                if (vErrors === null) {
                  vErrors = [err32];
                } else {
                  vErrors.push(err32);
                }
                errors++;
              }
            }
            if (data12.enabled !== void 0) {
              let data15 = data12.enabled;
              if (typeof data15 !== "boolean") {
                const err33 = { instancePath: instancePath + "/sections/" + i1 + "/enabled", schemaPath: "#/definitions/section/properties/enabled/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema2.properties.enabled.type, parentSchema: schema2.properties.enabled, data: data15 };
                if (vErrors === null) {
                  vErrors = [err33];
                } else {
                  vErrors.push(err33);
                }
                errors++;
              }
            }
            if (data12.timeoutMs !== void 0) {
              let data16 = data12.timeoutMs;
              if (!(typeof data16 == "number" && (!(data16 % 1) && !isNaN(data16)))) {
                const err34 = { instancePath: instancePath + "/sections/" + i1 + "/timeoutMs", schemaPath: "#/definitions/section/properties/timeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema2.properties.timeoutMs.type, parentSchema: schema2.properties.timeoutMs, data: data16 };
                if (vErrors === null) {
                  vErrors = [err34];
                } else {
                  vErrors.push(err34);
                }
                errors++;
              }
              if (typeof data16 == "number") {
                if (data16 > 2147483647 || isNaN(data16)) {
                  const err35 = { instancePath: instancePath + "/sections/" + i1 + "/timeoutMs", schemaPath: "#/definitions/section/properties/timeoutMs/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483647 }, message: "must be <= 2147483647", schema: 2147483647, parentSchema: schema2.properties.timeoutMs, data: data16 };
                  if (vErrors === null) {
                    vErrors = [err35];
                  } else {
                    vErrors.push(err35);
                  }
                  errors++;
                }
                if (data16 < 1 || isNaN(data16)) {
                  const err36 = { instancePath: instancePath + "/sections/" + i1 + "/timeoutMs", schemaPath: "#/definitions/section/properties/timeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema2.properties.timeoutMs, data: data16 };
                  if (vErrors === null) {
                    vErrors = [err36];
                  } else {
                    vErrors.push(err36);
                  }
                  errors++;
                }
              }
            }
            if (data12.budgetChars !== void 0) {
              let data17 = data12.budgetChars;
              if (!(typeof data17 == "number" && (!(data17 % 1) && !isNaN(data17)))) {
                const err37 = { instancePath: instancePath + "/sections/" + i1 + "/budgetChars", schemaPath: "#/definitions/section/properties/budgetChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema2.properties.budgetChars.type, parentSchema: schema2.properties.budgetChars, data: data17 };
                if (vErrors === null) {
                  vErrors = [err37];
                } else {
                  vErrors.push(err37);
                }
                errors++;
              }
              if (typeof data17 == "number") {
                if (data17 < 1 || isNaN(data17)) {
                  const err38 = { instancePath: instancePath + "/sections/" + i1 + "/budgetChars", schemaPath: "#/definitions/section/properties/budgetChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema2.properties.budgetChars, data: data17 };
                  if (vErrors === null) {
                    vErrors = [err38];
                  } else {
                    vErrors.push(err38);
                  }
                  errors++;
                }
              }
            }
            if (data12.priority !== void 0) {
              let data18 = data12.priority;
              if (!(typeof data18 == "number" && (!(data18 % 1) && !isNaN(data18)))) {
                const err39 = { instancePath: instancePath + "/sections/" + i1 + "/priority", schemaPath: "#/definitions/section/properties/priority/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema2.properties.priority.type, parentSchema: schema2.properties.priority, data: data18 };
                if (vErrors === null) {
                  vErrors = [err39];
                } else {
                  vErrors.push(err39);
                }
                errors++;
              }
            }
            if (data12.options !== void 0) {
              let data19 = data12.options;
              if (!(data19 && typeof data19 == "object" && !Array.isArray(data19))) {
                const err40 = { instancePath: instancePath + "/sections/" + i1 + "/options", schemaPath: "#/definitions/section/properties/options/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema2.properties.options.type, parentSchema: schema2.properties.options, data: data19 };
                if (vErrors === null) {
                  vErrors = [err40];
                } else {
                  vErrors.push(err40);
                }
                errors++;
              }
            }
          } else {
            const err41 = { instancePath: instancePath + "/sections/" + i1, schemaPath: "#/definitions/section/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema2.type, parentSchema: schema2, data: data12 };
            if (vErrors === null) {
              vErrors = [err41];
            } else {
              vErrors.push(err41);
            }
            errors++;
          }
        }
      } else {
        const err42 = { instancePath: instancePath + "/sections", schemaPath: "#/properties/sections/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema0.properties.sections.type, parentSchema: schema0.properties.sections, data: data11 };
        if (vErrors === null) {
          vErrors = [err42];
        } else {
          vErrors.push(err42);
        }
        errors++;
      }
    }
  } else {
    const err43 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema0.type, parentSchema: schema0, data };
    if (vErrors === null) {
      vErrors = [err43];
    } else {
      vErrors.push(err43);
    }
    errors++;
  }
  validate0.errors = vErrors;
  return errors === 0;
}
function validate1(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "prompt" || key0 === "coldModel" || key0 === "coldMaxChars" || key0 === "coldMaxTokens")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema3, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.prompt !== void 0) {
      let data0 = data.prompt;
      if (typeof data0 === "string") {
        if (func0(data0) < 1) {
          const err1 = { instancePath: instancePath + "/prompt", schemaPath: "#/properties/prompt/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema3.properties.prompt, data: data0 };
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      } else {
        const err2 = { instancePath: instancePath + "/prompt", schemaPath: "#/properties/prompt/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema3.properties.prompt.type, parentSchema: schema3.properties.prompt, data: data0 };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.coldModel !== void 0) {
      let data1 = data.coldModel;
      if (typeof data1 === "string") {
        if (func0(data1) < 1) {
          const err3 = { instancePath: instancePath + "/coldModel", schemaPath: "#/properties/coldModel/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema3.properties.coldModel, data: data1 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      } else {
        const err4 = { instancePath: instancePath + "/coldModel", schemaPath: "#/properties/coldModel/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema3.properties.coldModel.type, parentSchema: schema3.properties.coldModel, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
    }
    if (data.coldMaxChars !== void 0) {
      let data2 = data.coldMaxChars;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
        const err5 = { instancePath: instancePath + "/coldMaxChars", schemaPath: "#/properties/coldMaxChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema3.properties.coldMaxChars.type, parentSchema: schema3.properties.coldMaxChars, data: data2 };
        if (vErrors === null) {
          vErrors = [err5];
        } else {
          vErrors.push(err5);
        }
        errors++;
      }
      if (typeof data2 == "number") {
        if (data2 < 1e3 || isNaN(data2)) {
          const err6 = { instancePath: instancePath + "/coldMaxChars", schemaPath: "#/properties/coldMaxChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1e3 }, message: "must be >= 1000", schema: 1e3, parentSchema: schema3.properties.coldMaxChars, data: data2 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      }
    }
    if (data.coldMaxTokens !== void 0) {
      let data3 = data.coldMaxTokens;
      if (!(typeof data3 == "number" && (!(data3 % 1) && !isNaN(data3)))) {
        const err7 = { instancePath: instancePath + "/coldMaxTokens", schemaPath: "#/properties/coldMaxTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema3.properties.coldMaxTokens.type, parentSchema: schema3.properties.coldMaxTokens, data: data3 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
      if (typeof data3 == "number") {
        if (data3 < 256 || isNaN(data3)) {
          const err8 = { instancePath: instancePath + "/coldMaxTokens", schemaPath: "#/properties/coldMaxTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 256 }, message: "must be >= 256", schema: 256, parentSchema: schema3.properties.coldMaxTokens, data: data3 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
      }
    }
  } else {
    const err9 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema3.type, parentSchema: schema3, data };
    if (vErrors === null) {
      vErrors = [err9];
    } else {
      vErrors.push(err9);
    }
    errors++;
  }
  validate1.errors = vErrors;
  return errors === 0;
}
function validate2(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "newestCommands" || key0 === "commandClipChars" || key0 === "maxFailures")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema4, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.newestCommands !== void 0) {
      let data0 = data.newestCommands;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/newestCommands", schemaPath: "#/properties/newestCommands/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema4.properties.newestCommands.type, parentSchema: schema4.properties.newestCommands, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 100 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/newestCommands", schemaPath: "#/properties/newestCommands/maximum", keyword: "maximum", params: { comparison: "<=", limit: 100 }, message: "must be <= 100", schema: 100, parentSchema: schema4.properties.newestCommands, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 0 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/newestCommands", schemaPath: "#/properties/newestCommands/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema4.properties.newestCommands, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.commandClipChars !== void 0) {
      let data1 = data.commandClipChars;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err4 = { instancePath: instancePath + "/commandClipChars", schemaPath: "#/properties/commandClipChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema4.properties.commandClipChars.type, parentSchema: schema4.properties.commandClipChars, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 > 2e3 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/commandClipChars", schemaPath: "#/properties/commandClipChars/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2e3 }, message: "must be <= 2000", schema: 2e3, parentSchema: schema4.properties.commandClipChars, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
        if (data1 < 40 || isNaN(data1)) {
          const err6 = { instancePath: instancePath + "/commandClipChars", schemaPath: "#/properties/commandClipChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 40 }, message: "must be >= 40", schema: 40, parentSchema: schema4.properties.commandClipChars, data: data1 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      }
    }
    if (data.maxFailures !== void 0) {
      let data2 = data.maxFailures;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
        const err7 = { instancePath: instancePath + "/maxFailures", schemaPath: "#/properties/maxFailures/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema4.properties.maxFailures.type, parentSchema: schema4.properties.maxFailures, data: data2 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
      if (typeof data2 == "number") {
        if (data2 > 200 || isNaN(data2)) {
          const err8 = { instancePath: instancePath + "/maxFailures", schemaPath: "#/properties/maxFailures/maximum", keyword: "maximum", params: { comparison: "<=", limit: 200 }, message: "must be <= 200", schema: 200, parentSchema: schema4.properties.maxFailures, data: data2 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
        if (data2 < 0 || isNaN(data2)) {
          const err9 = { instancePath: instancePath + "/maxFailures", schemaPath: "#/properties/maxFailures/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema4.properties.maxFailures, data: data2 };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      }
    }
  } else {
    const err10 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema4.type, parentSchema: schema4, data };
    if (vErrors === null) {
      vErrors = [err10];
    } else {
      vErrors.push(err10);
    }
    errors++;
  }
  validate2.errors = vErrors;
  return errors === 0;
}
function validate3(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "commits" || key0 === "maxFiles" || key0 === "gh" || key0 === "prLimit" || key0 === "gitTimeoutMs" || key0 === "ghTimeoutMs")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema5, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.commits !== void 0) {
      let data0 = data.commits;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/commits", schemaPath: "#/properties/commits/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema5.properties.commits.type, parentSchema: schema5.properties.commits, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 50 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/commits", schemaPath: "#/properties/commits/maximum", keyword: "maximum", params: { comparison: "<=", limit: 50 }, message: "must be <= 50", schema: 50, parentSchema: schema5.properties.commits, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 0 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/commits", schemaPath: "#/properties/commits/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema5.properties.commits, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.maxFiles !== void 0) {
      let data1 = data.maxFiles;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err4 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema5.properties.maxFiles.type, parentSchema: schema5.properties.maxFiles, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 > 1e3 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e3 }, message: "must be <= 1000", schema: 1e3, parentSchema: schema5.properties.maxFiles, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
        if (data1 < 0 || isNaN(data1)) {
          const err6 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema5.properties.maxFiles, data: data1 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      }
    }
    if (data.gh !== void 0) {
      let data2 = data.gh;
      if (typeof data2 !== "boolean") {
        const err7 = { instancePath: instancePath + "/gh", schemaPath: "#/properties/gh/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema5.properties.gh.type, parentSchema: schema5.properties.gh, data: data2 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.prLimit !== void 0) {
      let data3 = data.prLimit;
      if (!(typeof data3 == "number" && (!(data3 % 1) && !isNaN(data3)))) {
        const err8 = { instancePath: instancePath + "/prLimit", schemaPath: "#/properties/prLimit/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema5.properties.prLimit.type, parentSchema: schema5.properties.prLimit, data: data3 };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
      if (typeof data3 == "number") {
        if (data3 > 100 || isNaN(data3)) {
          const err9 = { instancePath: instancePath + "/prLimit", schemaPath: "#/properties/prLimit/maximum", keyword: "maximum", params: { comparison: "<=", limit: 100 }, message: "must be <= 100", schema: 100, parentSchema: schema5.properties.prLimit, data: data3 };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
        if (data3 < 1 || isNaN(data3)) {
          const err10 = { instancePath: instancePath + "/prLimit", schemaPath: "#/properties/prLimit/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema5.properties.prLimit, data: data3 };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
      }
    }
    if (data.gitTimeoutMs !== void 0) {
      let data4 = data.gitTimeoutMs;
      if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)))) {
        const err11 = { instancePath: instancePath + "/gitTimeoutMs", schemaPath: "#/properties/gitTimeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema5.properties.gitTimeoutMs.type, parentSchema: schema5.properties.gitTimeoutMs, data: data4 };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
      if (typeof data4 == "number") {
        if (data4 < 1 || isNaN(data4)) {
          const err12 = { instancePath: instancePath + "/gitTimeoutMs", schemaPath: "#/properties/gitTimeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema5.properties.gitTimeoutMs, data: data4 };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
      }
    }
    if (data.ghTimeoutMs !== void 0) {
      let data5 = data.ghTimeoutMs;
      if (!(typeof data5 == "number" && (!(data5 % 1) && !isNaN(data5)))) {
        const err13 = { instancePath: instancePath + "/ghTimeoutMs", schemaPath: "#/properties/ghTimeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema5.properties.ghTimeoutMs.type, parentSchema: schema5.properties.ghTimeoutMs, data: data5 };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
      if (typeof data5 == "number") {
        if (data5 < 1 || isNaN(data5)) {
          const err14 = { instancePath: instancePath + "/ghTimeoutMs", schemaPath: "#/properties/ghTimeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema5.properties.ghTimeoutMs, data: data5 };
          if (vErrors === null) {
            vErrors = [err14];
          } else {
            vErrors.push(err14);
          }
          errors++;
        }
      }
    }
  } else {
    const err15 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema5.type, parentSchema: schema5, data };
    if (vErrors === null) {
      vErrors = [err15];
    } else {
      vErrors.push(err15);
    }
    errors++;
  }
  validate3.errors = vErrors;
  return errors === 0;
}
function validate4(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "model" || key0 === "maxTokens" || key0 === "maxInputChars")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema6, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.model !== void 0) {
      let data0 = data.model;
      if (typeof data0 === "string") {
        if (func0(data0) < 1) {
          const err1 = { instancePath: instancePath + "/model", schemaPath: "#/properties/model/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema6.properties.model, data: data0 };
          if (vErrors === null) {
            vErrors = [err1];
          } else {
            vErrors.push(err1);
          }
          errors++;
        }
      } else {
        const err2 = { instancePath: instancePath + "/model", schemaPath: "#/properties/model/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema6.properties.model.type, parentSchema: schema6.properties.model, data: data0 };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.maxTokens !== void 0) {
      let data1 = data.maxTokens;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err3 = { instancePath: instancePath + "/maxTokens", schemaPath: "#/properties/maxTokens/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema6.properties.maxTokens.type, parentSchema: schema6.properties.maxTokens, data: data1 };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 > 8192 || isNaN(data1)) {
          const err4 = { instancePath: instancePath + "/maxTokens", schemaPath: "#/properties/maxTokens/maximum", keyword: "maximum", params: { comparison: "<=", limit: 8192 }, message: "must be <= 8192", schema: 8192, parentSchema: schema6.properties.maxTokens, data: data1 };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        if (data1 < 128 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/maxTokens", schemaPath: "#/properties/maxTokens/minimum", keyword: "minimum", params: { comparison: ">=", limit: 128 }, message: "must be >= 128", schema: 128, parentSchema: schema6.properties.maxTokens, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      }
    }
    if (data.maxInputChars !== void 0) {
      let data2 = data.maxInputChars;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
        const err6 = { instancePath: instancePath + "/maxInputChars", schemaPath: "#/properties/maxInputChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema6.properties.maxInputChars.type, parentSchema: schema6.properties.maxInputChars, data: data2 };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
      if (typeof data2 == "number") {
        if (data2 < 1e3 || isNaN(data2)) {
          const err7 = { instancePath: instancePath + "/maxInputChars", schemaPath: "#/properties/maxInputChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1e3 }, message: "must be >= 1000", schema: 1e3, parentSchema: schema6.properties.maxInputChars, data: data2 };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      }
    }
  } else {
    const err8 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema6.type, parentSchema: schema6, data };
    if (vErrors === null) {
      vErrors = [err8];
    } else {
      vErrors.push(err8);
    }
    errors++;
  }
  validate4.errors = vErrors;
  return errors === 0;
}
function validate5(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "maxTurnChars")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema7, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.maxTurnChars !== void 0) {
      let data0 = data.maxTurnChars;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/maxTurnChars", schemaPath: "#/properties/maxTurnChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema7.properties.maxTurnChars.type, parentSchema: schema7.properties.maxTurnChars, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 < 200 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/maxTurnChars", schemaPath: "#/properties/maxTurnChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 200 }, message: "must be >= 200", schema: 200, parentSchema: schema7.properties.maxTurnChars, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      }
    }
  } else {
    const err3 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema7.type, parentSchema: schema7, data };
    if (vErrors === null) {
      vErrors = [err3];
    } else {
      vErrors.push(err3);
    }
    errors++;
  }
  validate5.errors = vErrors;
  return errors === 0;
}
function validate6(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "maxFiles" || key0 === "filesShare" || key0 === "declarationsShare" || key0 === "declarations" || key0 === "lineChars" || key0 === "denyPaths" || key0 === "allowPaths")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema8, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.maxFiles !== void 0) {
      let data0 = data.maxFiles;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema8.properties.maxFiles.type, parentSchema: schema8.properties.maxFiles, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 200 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/maximum", keyword: "maximum", params: { comparison: "<=", limit: 200 }, message: "must be <= 200", schema: 200, parentSchema: schema8.properties.maxFiles, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 1 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema8.properties.maxFiles, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.filesShare !== void 0) {
      let data1 = data.filesShare;
      if (typeof data1 == "number") {
        if (data1 > 1 || isNaN(data1)) {
          const err4 = { instancePath: instancePath + "/filesShare", schemaPath: "#/properties/filesShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema8.properties.filesShare, data: data1 };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        if (data1 < 0 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/filesShare", schemaPath: "#/properties/filesShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema8.properties.filesShare, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      } else {
        const err6 = { instancePath: instancePath + "/filesShare", schemaPath: "#/properties/filesShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema8.properties.filesShare.type, parentSchema: schema8.properties.filesShare, data: data1 };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.declarationsShare !== void 0) {
      let data2 = data.declarationsShare;
      if (typeof data2 == "number") {
        if (data2 > 1 || isNaN(data2)) {
          const err7 = { instancePath: instancePath + "/declarationsShare", schemaPath: "#/properties/declarationsShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema8.properties.declarationsShare, data: data2 };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
        if (data2 < 0 || isNaN(data2)) {
          const err8 = { instancePath: instancePath + "/declarationsShare", schemaPath: "#/properties/declarationsShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema8.properties.declarationsShare, data: data2 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
      } else {
        const err9 = { instancePath: instancePath + "/declarationsShare", schemaPath: "#/properties/declarationsShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema8.properties.declarationsShare.type, parentSchema: schema8.properties.declarationsShare, data: data2 };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
    }
    if (data.declarations !== void 0) {
      let data3 = data.declarations;
      if (!(typeof data3 == "number" && (!(data3 % 1) && !isNaN(data3)))) {
        const err10 = { instancePath: instancePath + "/declarations", schemaPath: "#/properties/declarations/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema8.properties.declarations.type, parentSchema: schema8.properties.declarations, data: data3 };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
      if (typeof data3 == "number") {
        if (data3 < 0 || isNaN(data3)) {
          const err11 = { instancePath: instancePath + "/declarations", schemaPath: "#/properties/declarations/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema8.properties.declarations, data: data3 };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
      }
    }
    if (data.lineChars !== void 0) {
      let data4 = data.lineChars;
      if (!(typeof data4 == "number" && (!(data4 % 1) && !isNaN(data4)))) {
        const err12 = { instancePath: instancePath + "/lineChars", schemaPath: "#/properties/lineChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema8.properties.lineChars.type, parentSchema: schema8.properties.lineChars, data: data4 };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
      if (typeof data4 == "number") {
        if (data4 < 20 || isNaN(data4)) {
          const err13 = { instancePath: instancePath + "/lineChars", schemaPath: "#/properties/lineChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 20 }, message: "must be >= 20", schema: 20, parentSchema: schema8.properties.lineChars, data: data4 };
          if (vErrors === null) {
            vErrors = [err13];
          } else {
            vErrors.push(err13);
          }
          errors++;
        }
      }
    }
    if (data.denyPaths !== void 0) {
      let data5 = data.denyPaths;
      if (Array.isArray(data5)) {
        const len0 = data5.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data6 = data5[i0];
          if (typeof data6 === "string") {
            if (func0(data6) < 1) {
              const err14 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema8.properties.denyPaths.items, data: data6 };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
          } else {
            const err15 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema8.properties.denyPaths.items.type, parentSchema: schema8.properties.denyPaths.items, data: data6 };
            if (vErrors === null) {
              vErrors = [err15];
            } else {
              vErrors.push(err15);
            }
            errors++;
          }
        }
      } else {
        const err16 = { instancePath: instancePath + "/denyPaths", schemaPath: "#/properties/denyPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema8.properties.denyPaths.type, parentSchema: schema8.properties.denyPaths, data: data5 };
        if (vErrors === null) {
          vErrors = [err16];
        } else {
          vErrors.push(err16);
        }
        errors++;
      }
    }
    if (data.allowPaths !== void 0) {
      let data7 = data.allowPaths;
      if (Array.isArray(data7)) {
        const len1 = data7.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data8 = data7[i1];
          if (typeof data8 === "string") {
            if (func0(data8) < 1) {
              const err17 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema8.properties.allowPaths.items, data: data8 };
              if (vErrors === null) {
                vErrors = [err17];
              } else {
                vErrors.push(err17);
              }
              errors++;
            }
          } else {
            const err18 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema8.properties.allowPaths.items.type, parentSchema: schema8.properties.allowPaths.items, data: data8 };
            if (vErrors === null) {
              vErrors = [err18];
            } else {
              vErrors.push(err18);
            }
            errors++;
          }
        }
      } else {
        const err19 = { instancePath: instancePath + "/allowPaths", schemaPath: "#/properties/allowPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema8.properties.allowPaths.type, parentSchema: schema8.properties.allowPaths, data: data7 };
        if (vErrors === null) {
          vErrors = [err19];
        } else {
          vErrors.push(err19);
        }
        errors++;
      }
    }
  } else {
    const err20 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema8.type, parentSchema: schema8, data };
    if (vErrors === null) {
      vErrors = [err20];
    } else {
      vErrors.push(err20);
    }
    errors++;
  }
  validate6.errors = vErrors;
  return errors === 0;
}
function validate7(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "resultChars" || key0 === "inputChars" || key0 === "fullShare" || key0 === "denyPaths" || key0 === "allowPaths")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema9, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.resultChars !== void 0) {
      let data0 = data.resultChars;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/resultChars", schemaPath: "#/properties/resultChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema9.properties.resultChars.type, parentSchema: schema9.properties.resultChars, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 < 0 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/resultChars", schemaPath: "#/properties/resultChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema9.properties.resultChars, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
      }
    }
    if (data.inputChars !== void 0) {
      let data1 = data.inputChars;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err3 = { instancePath: instancePath + "/inputChars", schemaPath: "#/properties/inputChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema9.properties.inputChars.type, parentSchema: schema9.properties.inputChars, data: data1 };
        if (vErrors === null) {
          vErrors = [err3];
        } else {
          vErrors.push(err3);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 < 50 || isNaN(data1)) {
          const err4 = { instancePath: instancePath + "/inputChars", schemaPath: "#/properties/inputChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 50 }, message: "must be >= 50", schema: 50, parentSchema: schema9.properties.inputChars, data: data1 };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
      }
    }
    if (data.fullShare !== void 0) {
      let data2 = data.fullShare;
      if (typeof data2 == "number") {
        if (data2 > 1 || isNaN(data2)) {
          const err5 = { instancePath: instancePath + "/fullShare", schemaPath: "#/properties/fullShare/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1 }, message: "must be <= 1", schema: 1, parentSchema: schema9.properties.fullShare, data: data2 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
        if (data2 < 0 || isNaN(data2)) {
          const err6 = { instancePath: instancePath + "/fullShare", schemaPath: "#/properties/fullShare/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema9.properties.fullShare, data: data2 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      } else {
        const err7 = { instancePath: instancePath + "/fullShare", schemaPath: "#/properties/fullShare/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema9.properties.fullShare.type, parentSchema: schema9.properties.fullShare, data: data2 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.denyPaths !== void 0) {
      let data3 = data.denyPaths;
      if (Array.isArray(data3)) {
        const len0 = data3.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data4 = data3[i0];
          if (typeof data4 === "string") {
            if (func0(data4) < 1) {
              const err8 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema9.properties.denyPaths.items, data: data4 };
              if (vErrors === null) {
                vErrors = [err8];
              } else {
                vErrors.push(err8);
              }
              errors++;
            }
          } else {
            const err9 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema9.properties.denyPaths.items.type, parentSchema: schema9.properties.denyPaths.items, data: data4 };
            if (vErrors === null) {
              vErrors = [err9];
            } else {
              vErrors.push(err9);
            }
            errors++;
          }
        }
      } else {
        const err10 = { instancePath: instancePath + "/denyPaths", schemaPath: "#/properties/denyPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema9.properties.denyPaths.type, parentSchema: schema9.properties.denyPaths, data: data3 };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
    }
    if (data.allowPaths !== void 0) {
      let data5 = data.allowPaths;
      if (Array.isArray(data5)) {
        const len1 = data5.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data6 = data5[i1];
          if (typeof data6 === "string") {
            if (func0(data6) < 1) {
              const err11 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema9.properties.allowPaths.items, data: data6 };
              if (vErrors === null) {
                vErrors = [err11];
              } else {
                vErrors.push(err11);
              }
              errors++;
            }
          } else {
            const err12 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema9.properties.allowPaths.items.type, parentSchema: schema9.properties.allowPaths.items, data: data6 };
            if (vErrors === null) {
              vErrors = [err12];
            } else {
              vErrors.push(err12);
            }
            errors++;
          }
        }
      } else {
        const err13 = { instancePath: instancePath + "/allowPaths", schemaPath: "#/properties/allowPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema9.properties.allowPaths.type, parentSchema: schema9.properties.allowPaths, data: data5 };
        if (vErrors === null) {
          vErrors = [err13];
        } else {
          vErrors.push(err13);
        }
        errors++;
      }
    }
  } else {
    const err14 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema9.type, parentSchema: schema9, data };
    if (vErrors === null) {
      vErrors = [err14];
    } else {
      vErrors.push(err14);
    }
    errors++;
  }
  validate7.errors = vErrors;
  return errors === 0;
}
function validate8(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "maxFiles" || key0 === "fileChars" || key0 === "totalChars" || key0 === "readTimeoutMs" || key0 === "denyPaths" || key0 === "allowPaths")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema10, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.maxFiles !== void 0) {
      let data0 = data.maxFiles;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema10.properties.maxFiles.type, parentSchema: schema10.properties.maxFiles, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 20 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/maximum", keyword: "maximum", params: { comparison: "<=", limit: 20 }, message: "must be <= 20", schema: 20, parentSchema: schema10.properties.maxFiles, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 0 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/maxFiles", schemaPath: "#/properties/maxFiles/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema10.properties.maxFiles, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.fileChars !== void 0) {
      let data1 = data.fileChars;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err4 = { instancePath: instancePath + "/fileChars", schemaPath: "#/properties/fileChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema10.properties.fileChars.type, parentSchema: schema10.properties.fileChars, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 < 100 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/fileChars", schemaPath: "#/properties/fileChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 100 }, message: "must be >= 100", schema: 100, parentSchema: schema10.properties.fileChars, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      }
    }
    if (data.totalChars !== void 0) {
      let data2 = data.totalChars;
      if (!(typeof data2 == "number" && (!(data2 % 1) && !isNaN(data2)))) {
        const err6 = { instancePath: instancePath + "/totalChars", schemaPath: "#/properties/totalChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema10.properties.totalChars.type, parentSchema: schema10.properties.totalChars, data: data2 };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
      if (typeof data2 == "number") {
        if (data2 < 100 || isNaN(data2)) {
          const err7 = { instancePath: instancePath + "/totalChars", schemaPath: "#/properties/totalChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 100 }, message: "must be >= 100", schema: 100, parentSchema: schema10.properties.totalChars, data: data2 };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
      }
    }
    if (data.readTimeoutMs !== void 0) {
      let data3 = data.readTimeoutMs;
      if (!(typeof data3 == "number" && (!(data3 % 1) && !isNaN(data3)))) {
        const err8 = { instancePath: instancePath + "/readTimeoutMs", schemaPath: "#/properties/readTimeoutMs/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema10.properties.readTimeoutMs.type, parentSchema: schema10.properties.readTimeoutMs, data: data3 };
        if (vErrors === null) {
          vErrors = [err8];
        } else {
          vErrors.push(err8);
        }
        errors++;
      }
      if (typeof data3 == "number") {
        if (data3 < 1 || isNaN(data3)) {
          const err9 = { instancePath: instancePath + "/readTimeoutMs", schemaPath: "#/properties/readTimeoutMs/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema10.properties.readTimeoutMs, data: data3 };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      }
    }
    if (data.denyPaths !== void 0) {
      let data4 = data.denyPaths;
      if (Array.isArray(data4)) {
        const len0 = data4.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data5 = data4[i0];
          if (typeof data5 === "string") {
            if (func0(data5) < 1) {
              const err10 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema10.properties.denyPaths.items, data: data5 };
              if (vErrors === null) {
                vErrors = [err10];
              } else {
                vErrors.push(err10);
              }
              errors++;
            }
          } else {
            const err11 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema10.properties.denyPaths.items.type, parentSchema: schema10.properties.denyPaths.items, data: data5 };
            if (vErrors === null) {
              vErrors = [err11];
            } else {
              vErrors.push(err11);
            }
            errors++;
          }
        }
      } else {
        const err12 = { instancePath: instancePath + "/denyPaths", schemaPath: "#/properties/denyPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema10.properties.denyPaths.type, parentSchema: schema10.properties.denyPaths, data: data4 };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
    }
    if (data.allowPaths !== void 0) {
      let data6 = data.allowPaths;
      if (Array.isArray(data6)) {
        const len1 = data6.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data7 = data6[i1];
          if (typeof data7 === "string") {
            if (func0(data7) < 1) {
              const err13 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema10.properties.allowPaths.items, data: data7 };
              if (vErrors === null) {
                vErrors = [err13];
              } else {
                vErrors.push(err13);
              }
              errors++;
            }
          } else {
            const err14 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema10.properties.allowPaths.items.type, parentSchema: schema10.properties.allowPaths.items, data: data7 };
            if (vErrors === null) {
              vErrors = [err14];
            } else {
              vErrors.push(err14);
            }
            errors++;
          }
        }
      } else {
        const err15 = { instancePath: instancePath + "/allowPaths", schemaPath: "#/properties/allowPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema10.properties.allowPaths.type, parentSchema: schema10.properties.allowPaths, data: data6 };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      }
    }
  } else {
    const err16 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema10.type, parentSchema: schema10, data };
    if (vErrors === null) {
      vErrors = [err16];
    } else {
      vErrors.push(err16);
    }
    errors++;
  }
  validate8.errors = vErrors;
  return errors === 0;
}
function validate9(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    for (const key0 in data) {
      if (!(key0 === "chunkLines" || key0 === "lineChars" || key0 === "recencyScale" || key0 === "background" || key0 === "outputBackground" || key0 === "outputs" || key0 === "denyPaths" || key0 === "allowPaths")) {
        const err0 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema11, data };
        if (vErrors === null) {
          vErrors = [err0];
        } else {
          vErrors.push(err0);
        }
        errors++;
      }
    }
    if (data.chunkLines !== void 0) {
      let data0 = data.chunkLines;
      if (!(typeof data0 == "number" && (!(data0 % 1) && !isNaN(data0)))) {
        const err1 = { instancePath: instancePath + "/chunkLines", schemaPath: "#/properties/chunkLines/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema11.properties.chunkLines.type, parentSchema: schema11.properties.chunkLines, data: data0 };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
      if (typeof data0 == "number") {
        if (data0 > 200 || isNaN(data0)) {
          const err2 = { instancePath: instancePath + "/chunkLines", schemaPath: "#/properties/chunkLines/maximum", keyword: "maximum", params: { comparison: "<=", limit: 200 }, message: "must be <= 200", schema: 200, parentSchema: schema11.properties.chunkLines, data: data0 };
          if (vErrors === null) {
            vErrors = [err2];
          } else {
            vErrors.push(err2);
          }
          errors++;
        }
        if (data0 < 1 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/chunkLines", schemaPath: "#/properties/chunkLines/minimum", keyword: "minimum", params: { comparison: ">=", limit: 1 }, message: "must be >= 1", schema: 1, parentSchema: schema11.properties.chunkLines, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
      }
    }
    if (data.lineChars !== void 0) {
      let data1 = data.lineChars;
      if (!(typeof data1 == "number" && (!(data1 % 1) && !isNaN(data1)))) {
        const err4 = { instancePath: instancePath + "/lineChars", schemaPath: "#/properties/lineChars/type", keyword: "type", params: { type: "integer" }, message: "must be integer", schema: schema11.properties.lineChars.type, parentSchema: schema11.properties.lineChars, data: data1 };
        if (vErrors === null) {
          vErrors = [err4];
        } else {
          vErrors.push(err4);
        }
        errors++;
      }
      if (typeof data1 == "number") {
        if (data1 < 20 || isNaN(data1)) {
          const err5 = { instancePath: instancePath + "/lineChars", schemaPath: "#/properties/lineChars/minimum", keyword: "minimum", params: { comparison: ">=", limit: 20 }, message: "must be >= 20", schema: 20, parentSchema: schema11.properties.lineChars, data: data1 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      }
    }
    if (data.recencyScale !== void 0) {
      let data2 = data.recencyScale;
      if (typeof data2 == "number") {
        if (data2 <= 0 || isNaN(data2)) {
          const err6 = { instancePath: instancePath + "/recencyScale", schemaPath: "#/properties/recencyScale/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema11.properties.recencyScale, data: data2 };
          if (vErrors === null) {
            vErrors = [err6];
          } else {
            vErrors.push(err6);
          }
          errors++;
        }
      } else {
        const err7 = { instancePath: instancePath + "/recencyScale", schemaPath: "#/properties/recencyScale/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema11.properties.recencyScale.type, parentSchema: schema11.properties.recencyScale, data: data2 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
    }
    if (data.background !== void 0) {
      let data3 = data.background;
      if (typeof data3 == "number") {
        if (data3 < 0 || isNaN(data3)) {
          const err8 = { instancePath: instancePath + "/background", schemaPath: "#/properties/background/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema11.properties.background, data: data3 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
      } else {
        const err9 = { instancePath: instancePath + "/background", schemaPath: "#/properties/background/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema11.properties.background.type, parentSchema: schema11.properties.background, data: data3 };
        if (vErrors === null) {
          vErrors = [err9];
        } else {
          vErrors.push(err9);
        }
        errors++;
      }
    }
    if (data.outputBackground !== void 0) {
      let data4 = data.outputBackground;
      if (typeof data4 == "number") {
        if (data4 < 0 || isNaN(data4)) {
          const err10 = { instancePath: instancePath + "/outputBackground", schemaPath: "#/properties/outputBackground/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema11.properties.outputBackground, data: data4 };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
      } else {
        const err11 = { instancePath: instancePath + "/outputBackground", schemaPath: "#/properties/outputBackground/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema11.properties.outputBackground.type, parentSchema: schema11.properties.outputBackground, data: data4 };
        if (vErrors === null) {
          vErrors = [err11];
        } else {
          vErrors.push(err11);
        }
        errors++;
      }
    }
    if (data.outputs !== void 0) {
      let data5 = data.outputs;
      if (typeof data5 !== "boolean") {
        const err12 = { instancePath: instancePath + "/outputs", schemaPath: "#/properties/outputs/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema11.properties.outputs.type, parentSchema: schema11.properties.outputs, data: data5 };
        if (vErrors === null) {
          vErrors = [err12];
        } else {
          vErrors.push(err12);
        }
        errors++;
      }
    }
    if (data.denyPaths !== void 0) {
      let data6 = data.denyPaths;
      if (Array.isArray(data6)) {
        const len0 = data6.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data7 = data6[i0];
          if (typeof data7 === "string") {
            if (func0(data7) < 1) {
              const err13 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema11.properties.denyPaths.items, data: data7 };
              if (vErrors === null) {
                vErrors = [err13];
              } else {
                vErrors.push(err13);
              }
              errors++;
            }
          } else {
            const err14 = { instancePath: instancePath + "/denyPaths/" + i0, schemaPath: "#/properties/denyPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema11.properties.denyPaths.items.type, parentSchema: schema11.properties.denyPaths.items, data: data7 };
            if (vErrors === null) {
              vErrors = [err14];
            } else {
              vErrors.push(err14);
            }
            errors++;
          }
        }
      } else {
        const err15 = { instancePath: instancePath + "/denyPaths", schemaPath: "#/properties/denyPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema11.properties.denyPaths.type, parentSchema: schema11.properties.denyPaths, data: data6 };
        if (vErrors === null) {
          vErrors = [err15];
        } else {
          vErrors.push(err15);
        }
        errors++;
      }
    }
    if (data.allowPaths !== void 0) {
      let data8 = data.allowPaths;
      if (Array.isArray(data8)) {
        const len1 = data8.length;
        for (let i1 = 0; i1 < len1; i1++) {
          let data9 = data8[i1];
          if (typeof data9 === "string") {
            if (func0(data9) < 1) {
              const err16 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema11.properties.allowPaths.items, data: data9 };
              if (vErrors === null) {
                vErrors = [err16];
              } else {
                vErrors.push(err16);
              }
              errors++;
            }
          } else {
            const err17 = { instancePath: instancePath + "/allowPaths/" + i1, schemaPath: "#/properties/allowPaths/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema11.properties.allowPaths.items.type, parentSchema: schema11.properties.allowPaths.items, data: data9 };
            if (vErrors === null) {
              vErrors = [err17];
            } else {
              vErrors.push(err17);
            }
            errors++;
          }
        }
      } else {
        const err18 = { instancePath: instancePath + "/allowPaths", schemaPath: "#/properties/allowPaths/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema11.properties.allowPaths.type, parentSchema: schema11.properties.allowPaths, data: data8 };
        if (vErrors === null) {
          vErrors = [err18];
        } else {
          vErrors.push(err18);
        }
        errors++;
      }
    }
  } else {
    const err19 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema11.type, parentSchema: schema11, data };
    if (vErrors === null) {
      vErrors = [err19];
    } else {
      vErrors.push(err19);
    }
    errors++;
  }
  validate9.errors = vErrors;
  return errors === 0;
}
var file, schema0, schema1, schema2, func0, pattern0, options_0, schema3, options_1, schema4, options_2, schema5, options_3, schema6, options_4, schema7, options_5, schema8, options_6, schema9, options_7, schema10, options_8, schema11, precompiled;
var init_precompiled = __esm({
  "pipeline/config/precompiled.ts"() {
    "use strict";
    file = validate0;
    schema0 = { "$schema": "http://json-schema.org/draft-07/schema#", "title": "compact-handoff pipeline config", "description": "The pipeline that composes a handoff: which sections run, in what order, with what limits. A later file (--config, the user's override) extends the default one.", "type": "object", "expected": "a mapping of settings such as `concurrency: 4`", "additionalProperties": false, "properties": { "concurrency": { "description": "How many sections run at once.", "type": "integer", "minimum": 1, "maximum": 16, "default": 4 }, "handoff": { "description": "The size guard on the whole handoff: when it is over either limit, the lowest-priority sections are cut first.", "type": "object", "expected": "a mapping with maxChars, maxFraction and/or lateShare", "additionalProperties": false, "properties": { "maxChars": { "description": "The most characters the whole handoff may have.", "type": "integer", "minimum": 1, "default": 45e3 }, "maxFraction": { "description": "The most of the context window the handoff may take, as a fraction (counting chars/4 as tokens).", "type": "number", "exclusiveMinimum": 0, "maximum": 1, "default": 0.2 }, "lateShare": { "description": "The share of the ceiling kept for the sections that wait for others (restore, excerpts: they choose what the others do not already carry); the sections that start at once share the rest. Nothing is kept when no such section runs.", "type": "number", "minimum": 0, "maximum": 0.9, "default": 0.5 } } }, "seamTimeoutMs": { "description": "How long one subscriber's tap (a `plugins:` package, or a beforeCompact subscriber) may take, in ms; then the run goes on without it and records it as timedOut.", "type": "integer", "minimum": 1, "maximum": 2147483647, "default": 5e3 }, "loadTimeoutMs": { "description": "How long loading one package (a section's `package:`, or a `plugins:` subscriber) may take, in ms, its top-level code included; then it is left out as not loaded.", "type": "integer", "minimum": 1, "maximum": 2147483647, "default": 1e4 }, "plugins": { "description": "Subscribers: npm packages whose default export is { name, apply(hooks) }, tapping the pipeline's hooks. Each is resolved from the config file that names it; a later file adds to the list.", "type": "array", "expected": "a list of subscribers (- package: ...)", "items": { "$ref": "#/definitions/plugin" } }, "sections": { "description": "The sections, in the order they appear in the handoff. A later file updates a section by naming it again and appends new names at the end.", "type": "array", "expected": "a list of sections (- name: ...)", "items": { "$ref": "#/definitions/section" } } }, "definitions": { "plugin": { "description": "One subscriber: the package, and the options its apply(hooks, options) is given.", "type": "object", "expected": "a mapping such as `- package: compact-handoff-subscriber-log`", "additionalProperties": false, "required": ["package"], "properties": { "package": { "description": "The npm package whose default export is the subscriber, installed beside this config file.", "type": "string", "minLength": 1 }, "options": { "description": "The subscriber's own settings, handed to its apply as they are. A later file naming the same package replaces them.", "type": "object", "expected": "a mapping of the subscriber's own settings" } } }, "section": { "description": "One section: its name and, when they differ from the section's own defaults, its limits and options.", "type": "object", "expected": "a mapping such as `- name: turns`", "additionalProperties": false, "required": ["name"], "properties": { "name": { "description": "A built-in section's name (its folder under sections/), or a name of your choosing for a section from `package`.", "type": "string", "pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", "expected": 'a kebab-case name such as "my-section"' }, "package": { "description": "The npm package whose default export is this section (a third-party section).", "type": "string", "minLength": 1 }, "enabled": { "description": "false leaves the section out of the handoff (dropped as SECTION_DISABLED).", "type": "boolean" }, "timeoutMs": { "description": "How long the section may run, in ms (at most 2147483647, the longest timer Node keeps); then it is aborted and dropped (SECTION_TIMEOUT).", "type": "integer", "minimum": 1, "maximum": 2147483647 }, "budgetChars": { "description": "The most characters the section may return; more is dropped (SECTION_OVER_BUDGET).", "type": "integer", "minimum": 1 }, "priority": { "description": "When the whole handoff is over its size guard, the lowest priority is cut first.", "type": "integer" }, "options": { "description": "The section's own settings, checked against its optionsSchema. A later file merges its options over these, key by key.", "type": "object", "expected": "a mapping of the section's own settings" } } } } };
    schema1 = { "description": "One subscriber: the package, and the options its apply(hooks, options) is given.", "type": "object", "expected": "a mapping such as `- package: compact-handoff-subscriber-log`", "additionalProperties": false, "required": ["package"], "properties": { "package": { "description": "The npm package whose default export is the subscriber, installed beside this config file.", "type": "string", "minLength": 1 }, "options": { "description": "The subscriber's own settings, handed to its apply as they are. A later file naming the same package replaces them.", "type": "object", "expected": "a mapping of the subscriber's own settings" } } };
    schema2 = { "description": "One section: its name and, when they differ from the section's own defaults, its limits and options.", "type": "object", "expected": "a mapping such as `- name: turns`", "additionalProperties": false, "required": ["name"], "properties": { "name": { "description": "A built-in section's name (its folder under sections/), or a name of your choosing for a section from `package`.", "type": "string", "pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", "expected": 'a kebab-case name such as "my-section"' }, "package": { "description": "The npm package whose default export is this section (a third-party section).", "type": "string", "minLength": 1 }, "enabled": { "description": "false leaves the section out of the handoff (dropped as SECTION_DISABLED).", "type": "boolean" }, "timeoutMs": { "description": "How long the section may run, in ms (at most 2147483647, the longest timer Node keeps); then it is aborted and dropped (SECTION_TIMEOUT).", "type": "integer", "minimum": 1, "maximum": 2147483647 }, "budgetChars": { "description": "The most characters the section may return; more is dropped (SECTION_OVER_BUDGET).", "type": "integer", "minimum": 1 }, "priority": { "description": "When the whole handoff is over its size guard, the lowest priority is cut first.", "type": "integer" }, "options": { "description": "The section's own settings, checked against its optionsSchema. A later file merges its options over these, key by key.", "type": "object", "expected": "a mapping of the section's own settings" } } };
    func0 = require_ucs2length().default;
    pattern0 = new RegExp("^[a-z][a-z0-9]*(-[a-z0-9]+)*$", "u");
    options_0 = validate1;
    schema3 = { "type": "object", "additionalProperties": false, "properties": { "prompt": { "type": "string", "minLength": 1, "description": "a prompt file used instead of the built-in inventory prompt: absolute, or relative to the section folder" }, "coldModel": { "type": "string", "minLength": 1, "description": "the model the cold completion runs on when there is no session to fork (default: the session model)" }, "coldMaxChars": { "type": "integer", "minimum": 1e3, "description": "the most characters of conversation a cold completion is sent; the newest part is kept" }, "coldMaxTokens": { "type": "integer", "minimum": 256, "description": "the cold completion's output cap, in tokens" } } };
    options_1 = validate2;
    schema4 = { "type": "object", "additionalProperties": false, "properties": { "newestCommands": { "type": "integer", "minimum": 0, "maximum": 100, "description": "the newest shell commands always listed" }, "commandClipChars": { "type": "integer", "minimum": 40, "maximum": 2e3, "description": "each older command is clipped to this many characters" }, "maxFailures": { "type": "integer", "minimum": 0, "maximum": 200, "description": "at most this many failed calls are listed, newest first" } } };
    options_2 = validate3;
    schema5 = { "type": "object", "additionalProperties": false, "properties": { "commits": { "type": "integer", "minimum": 0, "maximum": 50, "description": "how many of the newest commits to list (0 leaves the row out)" }, "maxFiles": { "type": "integer", "minimum": 0, "maximum": 1e3, "description": "the most uncommitted paths listed; the rest are counted" }, "gh": { "type": "boolean", "description": "false skips the open-PR row and never runs gh" }, "prLimit": { "type": "integer", "minimum": 1, "maximum": 100, "description": "the most open PRs asked of gh" }, "gitTimeoutMs": { "type": "integer", "minimum": 1, "description": "each git call is killed after this long and its rows left out" }, "ghTimeoutMs": { "type": "integer", "minimum": 1, "description": "gh pr list is killed after this long and the PR row left out" } } };
    options_3 = validate4;
    schema6 = { "type": "object", "additionalProperties": false, "properties": { "model": { "type": "string", "minLength": 1, "description": "the model id the pass runs on (e.g. claude-opus-5-5, claude-haiku-5-5)" }, "maxTokens": { "type": "integer", "minimum": 128, "maximum": 8192, "description": "the reply's output cap, in tokens; a reply cut by it says so on the row (hitCap)" }, "maxInputChars": { "type": "integer", "minimum": 1e3, "description": "the most characters of conversation the pass is sent; the newest part is kept" } } };
    options_4 = validate5;
    schema7 = { "type": "object", "additionalProperties": false, "properties": { "maxTurnChars": { "type": "integer", "minimum": 200, "description": "a single turn longer than this is clipped in the middle, and the clip is said" } } };
    options_5 = validate6;
    schema8 = { "type": "object", "additionalProperties": false, "properties": { "maxFiles": { "type": "integer", "minimum": 1, "maximum": 200, "description": "the most files outlined, newest touch first" }, "filesShare": { "type": "number", "minimum": 0, "maximum": 1, "description": "the share of the room the newest files' lines take before their declarations are listed" }, "declarationsShare": { "type": "number", "minimum": 0, "maximum": 1, "description": "the most of the room all declarations take together; older files fill the rest" }, "declarations": { "type": "integer", "minimum": 0, "description": "the most declarations listed under one file, those nearest where the work last was" }, "lineChars": { "type": "integer", "minimum": 20, "description": "a declaration line longer than this is clipped" }, "denyPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)" }, "allowPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs read and shown even when the deny list names them or they lie outside the project" } } };
    options_6 = validate7;
    schema9 = { "type": "object", "additionalProperties": false, "properties": { "resultChars": { "type": "integer", "minimum": 0, "description": "each tool result is cut to this many characters (0 leaves results out)" }, "inputChars": { "type": "integer", "minimum": 50, "description": "each tool call's input is cut to this many characters" }, "fullShare": { "type": "number", "minimum": 0, "maximum": 1, "description": "the share of the room the newest messages take in full (at least the newest one); older ones are one line per tool call" }, "denyPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)" }, "allowPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs read and shown even when the deny list names them or they lie outside the project" } } };
    options_7 = validate8;
    schema10 = { "type": "object", "additionalProperties": false, "properties": { "maxFiles": { "type": "integer", "minimum": 0, "maximum": 20, "description": "the most files restored" }, "fileChars": { "type": "integer", "minimum": 100, "description": "a file longer than this is clipped, and the clip is said" }, "totalChars": { "type": "integer", "minimum": 100, "description": "a file that would take the restored total past this is left out" }, "readTimeoutMs": { "type": "integer", "minimum": 1, "description": "a read slower than this falls back to the transcript's copy" }, "denyPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)" }, "allowPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs read and shown even when the deny list names them or they lie outside the project" } } };
    options_8 = validate9;
    schema11 = { "type": "object", "additionalProperties": false, "properties": { "chunkLines": { "type": "integer", "minimum": 1, "maximum": 200, "description": "lines in one run, the unit a choice is made in" }, "lineChars": { "type": "integer", "minimum": 20, "description": "a longer line is clipped" }, "recencyScale": { "type": "number", "exclusiveMinimum": 0, "description": "how far back a mention still counts, as a share of the conversation's messages" }, "background": { "type": "number", "minimum": 0, "description": "what any name in a recently worked source weighs, beside what the session named" }, "outputBackground": { "type": "number", "minimum": 0, "description": "the same for a recent command's or search's output" }, "outputs": { "type": "boolean", "description": "false shows file lines only, no command or search output" }, "denyPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)" }, "allowPaths": { "type": "array", "items": { "type": "string", "minLength": 1 }, "description": "globs read and shown even when the deny list names them or they lie outside the project" } } };
    precompiled = {
      file,
      options: /* @__PURE__ */ new Map([
        [`{"type":"object","additionalProperties":false,"properties":{"prompt":{"type":"string","minLength":1,"description":"a prompt file used instead of the built-in inventory prompt: absolute, or relative to the section folder"},"coldModel":{"type":"string","minLength":1,"description":"the model the cold completion runs on when there is no session to fork (default: the session model)"},"coldMaxChars":{"type":"integer","minimum":1000,"description":"the most characters of conversation a cold completion is sent; the newest part is kept"},"coldMaxTokens":{"type":"integer","minimum":256,"description":"the cold completion's output cap, in tokens"}}}`, options_0],
        ['{"type":"object","additionalProperties":false,"properties":{"newestCommands":{"type":"integer","minimum":0,"maximum":100,"description":"the newest shell commands always listed"},"commandClipChars":{"type":"integer","minimum":40,"maximum":2000,"description":"each older command is clipped to this many characters"},"maxFailures":{"type":"integer","minimum":0,"maximum":200,"description":"at most this many failed calls are listed, newest first"}}}', options_1],
        ['{"type":"object","additionalProperties":false,"properties":{"commits":{"type":"integer","minimum":0,"maximum":50,"description":"how many of the newest commits to list (0 leaves the row out)"},"maxFiles":{"type":"integer","minimum":0,"maximum":1000,"description":"the most uncommitted paths listed; the rest are counted"},"gh":{"type":"boolean","description":"false skips the open-PR row and never runs gh"},"prLimit":{"type":"integer","minimum":1,"maximum":100,"description":"the most open PRs asked of gh"},"gitTimeoutMs":{"type":"integer","minimum":1,"description":"each git call is killed after this long and its rows left out"},"ghTimeoutMs":{"type":"integer","minimum":1,"description":"gh pr list is killed after this long and the PR row left out"}}}', options_2],
        [`{"type":"object","additionalProperties":false,"properties":{"model":{"type":"string","minLength":1,"description":"the model id the pass runs on (e.g. claude-opus-5-5, claude-haiku-5-5)"},"maxTokens":{"type":"integer","minimum":128,"maximum":8192,"description":"the reply's output cap, in tokens; a reply cut by it says so on the row (hitCap)"},"maxInputChars":{"type":"integer","minimum":1000,"description":"the most characters of conversation the pass is sent; the newest part is kept"}}}`, options_3],
        ['{"type":"object","additionalProperties":false,"properties":{"maxTurnChars":{"type":"integer","minimum":200,"description":"a single turn longer than this is clipped in the middle, and the clip is said"}}}', options_4],
        [`{"type":"object","additionalProperties":false,"properties":{"maxFiles":{"type":"integer","minimum":1,"maximum":200,"description":"the most files outlined, newest touch first"},"filesShare":{"type":"number","minimum":0,"maximum":1,"description":"the share of the room the newest files' lines take before their declarations are listed"},"declarationsShare":{"type":"number","minimum":0,"maximum":1,"description":"the most of the room all declarations take together; older files fill the rest"},"declarations":{"type":"integer","minimum":0,"description":"the most declarations listed under one file, those nearest where the work last was"},"lineChars":{"type":"integer","minimum":20,"description":"a declaration line longer than this is clipped"},"denyPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)"},"allowPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs read and shown even when the deny list names them or they lie outside the project"}}}`, options_5],
        [`{"type":"object","additionalProperties":false,"properties":{"resultChars":{"type":"integer","minimum":0,"description":"each tool result is cut to this many characters (0 leaves results out)"},"inputChars":{"type":"integer","minimum":50,"description":"each tool call's input is cut to this many characters"},"fullShare":{"type":"number","minimum":0,"maximum":1,"description":"the share of the room the newest messages take in full (at least the newest one); older ones are one line per tool call"},"denyPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)"},"allowPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs read and shown even when the deny list names them or they lie outside the project"}}}`, options_6],
        [`{"type":"object","additionalProperties":false,"properties":{"maxFiles":{"type":"integer","minimum":0,"maximum":20,"description":"the most files restored"},"fileChars":{"type":"integer","minimum":100,"description":"a file longer than this is clipped, and the clip is said"},"totalChars":{"type":"integer","minimum":100,"description":"a file that would take the restored total past this is left out"},"readTimeoutMs":{"type":"integer","minimum":1,"description":"a read slower than this falls back to the transcript's copy"},"denyPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)"},"allowPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs read and shown even when the deny list names them or they lie outside the project"}}}`, options_7],
        [`{"type":"object","additionalProperties":false,"properties":{"chunkLines":{"type":"integer","minimum":1,"maximum":200,"description":"lines in one run, the unit a choice is made in"},"lineChars":{"type":"integer","minimum":20,"description":"a longer line is clipped"},"recencyScale":{"type":"number","exclusiveMinimum":0,"description":"how far back a mention still counts, as a share of the conversation's messages"},"background":{"type":"number","minimum":0,"description":"what any name in a recently worked source weighs, beside what the session named"},"outputBackground":{"type":"number","minimum":0,"description":"the same for a recent command's or search's output"},"outputs":{"type":"boolean","description":"false shows file lines only, no command or search output"},"denyPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs never read or shown, added to the default deny list (27 patterns: ~/.ssh/**, .env, *.pem, \u2026)"},"allowPaths":{"type":"array","items":{"type":"string","minLength":1},"description":"globs read and shown even when the deny list names them or they lie outside the project"}}}`, options_8]
      ]),
      defaultConfig: { "text": "# The default pipeline: which sections compose the handoff, in what order, with what limits.\n#\n# Checked against pipeline/config/schema.json (and each section's own optionsSchema) every run;\n# an issue reads `file:line:col  message` with the lines around it, all issues at once.\n#\n# To change it for yourself, do not edit this file: write only what differs in\n#   ~/.claude/compact-handoff/pipeline.config.yaml   (or the file $COMPACT_HANDOFF_CONFIG names)\n# or pass `--config FILE` to the CLI. Such a file extends this one:\n#   - concurrency and handoff.* replace the values here;\n#   - a section named again updates only the fields it gives (options merge key by key);\n#   - a new name is appended after these, in the order written;\n#   - `enabled: false` leaves a section out (it is reported as SECTION_DISABLED).\n# If that file has an issue, a compaction still runs with this default pipeline and the issue is\n# reported; `compact-handoff build` (the CLI) stops on it instead.\n\n# How many sections run at once (1 to 16).\nconcurrency: 4\n\n# Subscribers (docs/subscribing.md): npm packages whose default export is { name, apply(hooks) },\n# installed beside the file that names them, each entry `- package: <npm name>` with optional\n# `options` handed to its apply. None by default; a later file adds to the list, e.g.\n#   plugins:\n#     - package: compact-handoff-subscriber-log\n#       options:\n#         file: /home/me/compactions.jsonl\n\n# How long one subscriber's tap may take before the run goes on without it (recorded as timedOut).\n# The plugin's /plugin setting seamTimeoutMs, when set, stands over it.\nseamTimeoutMs: 5000\n\n# How long loading one package may take, its top-level code included (a top-level await that\n# never settles, say); then it is left out: a section as SECTION_LOAD_FAILED, a subscriber on `seam`.\nloadTimeoutMs: 10000\n\n# The ceiling on the whole handoff (chars, and a share of the context window). The sections that\n# start at once share it, less lateShare of it, in proportion to their budgets when those add up\n# past that; restore and excerpts, which wait for others, then share what those left in proportion\n# to their budgets, the later one taking whatever the earlier one left unused. Only if the composed\n# handoff is still over are whole sections cut, lowest priority first (SECTION_SIZE_GUARD).\n# 45,000 is where the quality bench's curve (bench/results/quality.txt) stands at about the size\n# of the engine's own summary plus its restored files.\nhandoff:\n  # At most this many characters.\n  maxChars: 45000\n  # At most this fraction of the model's context window, counting 4 chars as a token.\n  maxFraction: 0.2\n  # Kept for restore and excerpts: they choose what the other sections do not already carry, so\n  # their room carries more of what the next work uses than the tail of a section sized first (the\n  # summary's, most of all). On the quality bench (ours with the recorded summary), 0 \u2192 0.5 took\n  # the sessions ahead of stock at stock's size from 12 to 15 of 17 and recall at the default\n  # ceiling from 0.777 to 0.790; 0.4\u20130.7 measured 14\u201315 and 0.782\u20130.795, 0.3 13 and 0.782.\n  lateShare: 0.5\n\n# The sections, in the order they appear in the handoff. Each entry needs `name`; every other\n# field falls back to the section's own default (see sections/<name>/README.md):\n#   timeoutMs    how long it may run before it is aborted (SECTION_TIMEOUT)\n#   budgetChars  the most characters it may return (SECTION_OVER_BUDGET)\n#   priority     higher survives the size guard longer\n#   enabled      false to leave it out\n#   options      the section's own settings, checked against its optionsSchema\n#   package      for a third-party section: the npm package that default-exports it,\n#                installed beside the file that names it (docs/writing-a-section.md;\n#                e.g. `- name: todos` with `package: compact-handoff-section-todos`)\nsections:\n  # A fork of the session writes the summary: a tagged inventory of every fact first, a short\n  # reading second, then the files to reopen. A real fork reads the whole session and writes\n  # thousands of tokens, so it gets minutes; with no session to fork (a resumed session before\n  # its first turn, or the CLI) it falls back to a cold completion over the conversation as\n  # text. Highest priority: the size guard cuts everything else first.\n  - name: summary\n    timeoutMs: 240000\n    budgetChars: 14000\n    priority: 100\n    options:\n      # A prompt file to use instead of the built-in inventory prompt, to compare arms\n      # (absolute, or relative to sections/summary/). Unset: the built-in prompt.\n      # prompt: prompts/terse.md\n      # The cold fallback: how much of the conversation it is sent (the newest part is kept),\n      # and its output cap in tokens.\n      coldMaxChars: 400000\n      coldMaxTokens: 16384\n      # The model the cold fallback asks. Unset: the session's own model.\n      # coldModel: claude-haiku-4-5\n\n  # What the tool calls since the last compaction did, read off the messages, not recalled:\n  # the task list as the task calls left it, the files written (each once, with every tool that\n  # wrote it), the newest failed calls, and the shell commands in order, trimmed to fit. Above\n  # state in priority: the repository can be asked again after the compaction, the\n  # transcript's record of what was done cannot. 3,500 rather than 3,000 since it carries the\n  # task list: on the quality bench 3,000 lost 0.003 of recall (the tasks took older commands'\n  # room), 3,500 holds it (sections/ledger/README.md).\n  - name: ledger\n    timeoutMs: 5000\n    budgetChars: 3500\n    priority: 70\n    options:\n      # The newest shell commands always listed (clipped to 300 chars while there is room).\n      newestCommands: 10\n      # Each older command kept is clipped to this many characters.\n      commandClipChars: 150\n      # At most this many failed calls are listed, the newest ones.\n      maxFailures: 20\n\n  # The repository and session as they stand at compaction, read live from the session's\n  # working directory (git, and gh when it is installed and signed in). A row that cannot be\n  # read is left out and its reason recorded.\n  - name: state\n    timeoutMs: 5000\n    budgetChars: 2500\n    priority: 60\n    options:\n      # The newest commits listed (0 leaves the row out).\n      commits: 5\n      # Uncommitted paths listed before the rest are only counted.\n      maxFiles: 40\n      # false never runs gh and leaves the open-PR row out.\n      gh: true\n      # The most open PRs asked of gh; when it returns that many, the row says there may be more.\n      prLimit: 20\n      # Each git call, and gh pr list, is killed after this long and its rows left out.\n      gitTimeoutMs: 3000\n      ghTimeoutMs: 3000\n\n  # One completion over the conversation: what the assistant said it would do and never did,\n  # corrections it accepted, questions left unanswered. Usually short; below the summary and\n  # the user's words in priority.\n  - name: commitments\n    timeoutMs: 120000\n    budgetChars: 3000\n    priority: 50\n    # The plugin's /plugin settings commitmentsModel and commitmentsMaxTokens, when set, stand over\n    # these two (one more config layer, written for each compaction).\n    options:\n      # The model the pass runs on (a full id, so its cost can be priced).\n      model: claude-opus-5-5\n      # The reply's output cap in tokens; a reply cut by it says so (hitCap on the row).\n      maxTokens: 2048\n      # The most characters of conversation it is sent (the newest part is kept).\n      maxInputChars: 400000\n\n  # What the person typed, verbatim and in order. High priority: the user's own words are what\n  # a summary most often loses. Under the default ceiling it is held to its share (about 2,700 of\n  # its 4,000: see handoff.lateShare), which keeps as many of those words as 3,000 did before.\n  - name: turns\n    timeoutMs: 5000\n    budgetChars: 4000\n    priority: 80\n    options:\n      # A single turn longer than this is clipped in the middle, and the clip is said.\n      maxTurnChars: 6000\n\n  # Where things are: each file the session worked on (newest first), what was done to it, and\n  # its declarations by line number as the conversation last showed it. Read off the transcript.\n  - name: outline\n    timeoutMs: 5000\n    budgetChars: 2500\n    priority: 45\n    options:\n      # The most files listed, newest touch first.\n      maxFiles: 30\n      # The share of the room the file lines take before declarations are listed; older files\n      # fill what room the declarations leave.\n      filesShare: 0.3\n      # The most of the room all declarations take together, so that a few long files cannot\n      # crowd out the rest (at 0.5 the bench is level with no cap, and more files are listed).\n      declarationsShare: 0.5\n      # The most declarations under one file, those nearest where the work last was.\n      declarations: 8\n      # The read policy's lists, as restore's: a file on the deny list is named, never shown.\n      denyPaths: []\n      allowPaths: []\n      # A declaration line longer than this is clipped.\n      lineChars: 100\n\n  # The newest stretch of work as it happened: the newest messages verbatim (tool calls as made,\n  # each result cut short), and before them one line per tool call, so the steps that led there\n  # (what ran, in what order, what failed) fit in the same room. On the quality bench 2,200 with\n  # half in full measured best (ours+summary 0.8044, the same for 0.6; 0.8031 before): at 3,000\n  # it fills room excerpts spends better (0.8002), at 2,000 or a share of 0.4 it gives 0.801.\n  - name: recent\n    timeoutMs: 5000\n    budgetChars: 2200\n    priority: 42\n    options:\n      # Each tool result is cut to this many characters (0 leaves results out).\n      resultChars: 150\n      # Each tool call's input is cut to this many characters.\n      inputChars: 1500\n      # The share of the room the newest messages take in full (at least the newest one).\n      fullShare: 0.5\n      # The read policy's lists, as restore's: a call naming a deny-listed path shows neither\n      # what it printed nor what it wrote.\n      denyPaths: []\n      allowPaths: []\n\n  # Up to five files re-read as the handoff is written (through the engine's real Read tool) and\n  # handed up as Read results after it. The summary names them in its <restore-files> block;\n  # when it names none usable, the most recently touched files go. It waits for the summary and\n  # shares the room the other sections left with excerpts; its total is shared out among the\n  # files, and a file longer than its share comes back as the window where the session last\n  # worked in it. Kept small: excerpts spends the same room on more of what the next work uses\n  # (bench/results/quality.txt); these files come back as real Read results, ready to Edit.\n  - name: restore\n    timeoutMs: 60000\n    budgetChars: 8000\n    priority: 40\n    # The plugin's /plugin settings restoreFiles, restoreFileChars and restoreTotalChars, when set,\n    # stand over maxFiles, fileChars and totalChars.\n    options:\n      # The most files restored.\n      maxFiles: 5\n      # The most one file may take; a longer one comes back as a window, and the clip is said.\n      fileChars: 20000\n      # The most all files may take together, shared out among them.\n      totalChars: 7000\n      # A read slower than this falls back to the transcript's last copy of the file.\n      readTimeoutMs: 20000\n      # The read policy (pipeline/read-policy.ts; README \"Security\") never re-reads a secret on its\n      # deny list, a file outside the session's project, a special file or binary content. Globs:\n      # `~/` is the home folder, a leading `/` anchors, anything else matches at any depth.\n      # denyPaths adds to the default list (~/.ssh/**, ~/.aws/**, ~/.gnupg/**, .env, .env.*,\n      # id_rsa*, *.pem, *.key, /etc/shadow*, \u2026 ); allowPaths lets a path through that list and the\n      # project rule (never past the special-file, kernel-view and binary checks).\n      denyPaths: []\n      allowPaths: []\n\n  # The lines the work kept coming back to: short runs of the files the session worked on (as the\n  # conversation last showed them, numbered as in the file) and of the output its commands and\n  # searches printed, chosen by how much of what the session kept naming they hold that the rest\n  # of the handoff does not. It runs last and takes the room the others left.\n  - name: excerpts\n    timeoutMs: 10000\n    budgetChars: 34000\n    priority: 35\n    options:\n      # The most lines in one run, the unit a choice is made in (a blank line also ends a run).\n      chunkLines: 4\n      # A longer line is clipped.\n      lineChars: 200\n      # How far back a mention still counts, as a share of the conversation's messages.\n      recencyScale: 0.2\n      # What any name in a recently worked source weighs beside what the session named.\n      background: 0.05\n      # The same for a recent command's or search's output (less: hashes and lockfiles are dense\n      # in names).\n      outputBackground: 0.025\n      # false shows file lines only, no command or search output.\n      outputs: true\n      # The same read policy as restore's: a file it would refuse to re-read is not shown from\n      # the transcript either (set the two alike).\n      denyPaths: []\n      allowPaths: []\n", "data": { "concurrency": 4, "seamTimeoutMs": 5e3, "loadTimeoutMs": 1e4, "handoff": { "maxChars": 45e3, "maxFraction": 0.2, "lateShare": 0.5 }, "sections": [{ "name": "summary", "timeoutMs": 24e4, "budgetChars": 14e3, "priority": 100, "options": { "coldMaxChars": 4e5, "coldMaxTokens": 16384 } }, { "name": "ledger", "timeoutMs": 5e3, "budgetChars": 3500, "priority": 70, "options": { "newestCommands": 10, "commandClipChars": 150, "maxFailures": 20 } }, { "name": "state", "timeoutMs": 5e3, "budgetChars": 2500, "priority": 60, "options": { "commits": 5, "maxFiles": 40, "gh": true, "prLimit": 20, "gitTimeoutMs": 3e3, "ghTimeoutMs": 3e3 } }, { "name": "commitments", "timeoutMs": 12e4, "budgetChars": 3e3, "priority": 50, "options": { "model": "claude-opus-5-5", "maxTokens": 2048, "maxInputChars": 4e5 } }, { "name": "turns", "timeoutMs": 5e3, "budgetChars": 4e3, "priority": 80, "options": { "maxTurnChars": 6e3 } }, { "name": "outline", "timeoutMs": 5e3, "budgetChars": 2500, "priority": 45, "options": { "maxFiles": 30, "filesShare": 0.3, "declarationsShare": 0.5, "declarations": 8, "denyPaths": [], "allowPaths": [], "lineChars": 100 } }, { "name": "recent", "timeoutMs": 5e3, "budgetChars": 2200, "priority": 42, "options": { "resultChars": 150, "inputChars": 1500, "fullShare": 0.5, "denyPaths": [], "allowPaths": [] } }, { "name": "restore", "timeoutMs": 6e4, "budgetChars": 8e3, "priority": 40, "options": { "maxFiles": 5, "fileChars": 2e4, "totalChars": 7e3, "readTimeoutMs": 2e4, "denyPaths": [], "allowPaths": [] } }, { "name": "excerpts", "timeoutMs": 1e4, "budgetChars": 34e3, "priority": 35, "options": { "chunkLines": 4, "lineChars": 200, "recencyScale": 0.2, "background": 0.05, "outputBackground": 0.025, "outputs": true, "denyPaths": [], "allowPaths": [] } }] } }
    };
  }
});

// pipeline/config/schema.json
var schema_default;
var init_schema = __esm({
  "pipeline/config/schema.json"() {
    schema_default = {
      $schema: "http://json-schema.org/draft-07/schema#",
      title: "compact-handoff pipeline config",
      description: "The pipeline that composes a handoff: which sections run, in what order, with what limits. A later file (--config, the user's override) extends the default one.",
      type: "object",
      expected: "a mapping of settings such as `concurrency: 4`",
      additionalProperties: false,
      properties: {
        concurrency: {
          description: "How many sections run at once.",
          type: "integer",
          minimum: 1,
          maximum: 16,
          default: 4
        },
        handoff: {
          description: "The size guard on the whole handoff: when it is over either limit, the lowest-priority sections are cut first.",
          type: "object",
          expected: "a mapping with maxChars, maxFraction and/or lateShare",
          additionalProperties: false,
          properties: {
            maxChars: {
              description: "The most characters the whole handoff may have.",
              type: "integer",
              minimum: 1,
              default: 45e3
            },
            maxFraction: {
              description: "The most of the context window the handoff may take, as a fraction (counting chars/4 as tokens).",
              type: "number",
              exclusiveMinimum: 0,
              maximum: 1,
              default: 0.2
            },
            lateShare: {
              description: "The share of the ceiling kept for the sections that wait for others (restore, excerpts: they choose what the others do not already carry); the sections that start at once share the rest. Nothing is kept when no such section runs.",
              type: "number",
              minimum: 0,
              maximum: 0.9,
              default: 0.5
            }
          }
        },
        seamTimeoutMs: {
          description: "How long one subscriber's tap (a `plugins:` package, or a beforeCompact subscriber) may take, in ms; then the run goes on without it and records it as timedOut.",
          type: "integer",
          minimum: 1,
          maximum: 2147483647,
          default: 5e3
        },
        loadTimeoutMs: {
          description: "How long loading one package (a section's `package:`, or a `plugins:` subscriber) may take, in ms, its top-level code included; then it is left out as not loaded.",
          type: "integer",
          minimum: 1,
          maximum: 2147483647,
          default: 1e4
        },
        plugins: {
          description: "Subscribers: npm packages whose default export is { name, apply(hooks) }, tapping the pipeline's hooks. Each is resolved from the config file that names it; a later file adds to the list.",
          type: "array",
          expected: "a list of subscribers (- package: ...)",
          items: { $ref: "#/definitions/plugin" }
        },
        sections: {
          description: "The sections, in the order they appear in the handoff. A later file updates a section by naming it again and appends new names at the end.",
          type: "array",
          expected: "a list of sections (- name: ...)",
          items: { $ref: "#/definitions/section" }
        }
      },
      definitions: {
        plugin: {
          description: "One subscriber: the package, and the options its apply(hooks, options) is given.",
          type: "object",
          expected: "a mapping such as `- package: compact-handoff-subscriber-log`",
          additionalProperties: false,
          required: ["package"],
          properties: {
            package: {
              description: "The npm package whose default export is the subscriber, installed beside this config file.",
              type: "string",
              minLength: 1
            },
            options: {
              description: "The subscriber's own settings, handed to its apply as they are. A later file naming the same package replaces them.",
              type: "object",
              expected: "a mapping of the subscriber's own settings"
            }
          }
        },
        section: {
          description: "One section: its name and, when they differ from the section's own defaults, its limits and options.",
          type: "object",
          expected: "a mapping such as `- name: turns`",
          additionalProperties: false,
          required: ["name"],
          properties: {
            name: {
              description: "A built-in section's name (its folder under sections/), or a name of your choosing for a section from `package`.",
              type: "string",
              pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$",
              expected: 'a kebab-case name such as "my-section"'
            },
            package: {
              description: "The npm package whose default export is this section (a third-party section).",
              type: "string",
              minLength: 1
            },
            enabled: {
              description: "false leaves the section out of the handoff (dropped as SECTION_DISABLED).",
              type: "boolean"
            },
            timeoutMs: {
              description: "How long the section may run, in ms (at most 2147483647, the longest timer Node keeps); then it is aborted and dropped (SECTION_TIMEOUT).",
              type: "integer",
              minimum: 1,
              maximum: 2147483647
            },
            budgetChars: {
              description: "The most characters the section may return; more is dropped (SECTION_OVER_BUDGET).",
              type: "integer",
              minimum: 1
            },
            priority: {
              description: "When the whole handoff is over its size guard, the lowest priority is cut first.",
              type: "integer"
            },
            options: {
              description: "The section's own settings, checked against its optionsSchema. A later file merges its options over these, key by key.",
              type: "object",
              expected: "a mapping of the section's own settings"
            }
          }
        }
      }
    };
  }
});

// pipeline/config/validate.ts
function readConfigFile(source) {
  let text;
  try {
    text = (0, import_node_fs2.readFileSync)(source.path, "utf8");
  } catch (err2) {
    const code = err2.code;
    if (code === "ENOENT" && source.optional) return null;
    const message = code === "ENOENT" ? "config file not found" : `config file cannot be read: ${err2.message}`;
    return { file: source.path, line: 0, col: 0, message, frame: "" };
  }
  return new ConfigFile(source.path, text);
}
function configAjv(code) {
  const made = new (ajv()).Ajv({ allErrors: true, verbose: true, strict: false, validateSchema: false, ...code ? { code } : {} });
  made.addKeyword({ keyword: "expected", schemaType: "string" });
  return made;
}
function sharedAjv() {
  ajv2 ??= configAjv();
  return ajv2;
}
function validateFileSchema(value) {
  fileValidator ??= precompiled.file ?? sharedAjv().compile(schema_default);
  return fileValidator(value) ? [] : [...fileValidator.errors ?? []];
}
function validateOptions(optionsSchema, options, { checkSchema = true } = {}) {
  let validate = optionsValidators.get(optionsSchema);
  if (!validate) {
    validate = precompiled.options.get(JSON.stringify(optionsSchema)) ?? compileOptionsSchema(optionsSchema, checkSchema);
    optionsValidators.set(optionsSchema, validate);
  }
  if (validate instanceof Error) return validate;
  return validate(options) ? [] : [...validate.errors ?? []];
}
function compileOptionsSchema(optionsSchema, checkSchema) {
  const ajv3 = sharedAjv();
  try {
    if (checkSchema && !ajv3.validateSchema(optionsSchema)) return new Error(`schema is invalid: ${ajv3.errorsText(ajv3.errors)}`);
    return ajv3.compile(optionsSchema);
  } catch (err2) {
    return err2;
  }
}
function issuesFromAjv(errors, locate) {
  const issues = [];
  const valuesSeen = /* @__PURE__ */ new Set();
  for (const err2 of errors) {
    const segments = pointerSegments(err2.instancePath);
    const at2 = locate(segments);
    const parent = err2.parentSchema ?? {};
    const properties = isRecord(parent.properties) ? parent.properties : {};
    if (err2.keyword === "additionalProperties") {
      const key = String(err2.params.additionalProperty);
      const own = locate([...segments, key]);
      const known = Object.keys(properties);
      const suggestion = didYouMean(key, known);
      const message = `${own.label} is not a known key${suggestion ? ` \u2014 did you mean "${suggestion}"?` : ""}`;
      const where = at2.label === "the config" ? "at the top level" : `in ${at2.label}`;
      const hint = known.length ? `known keys ${where}: ${known.join(", ")}` : void 0;
      issues.push(own.file.issueAt(own.path.slice(0, -1), message, { key, ...hint ? { hint } : {} }));
    } else if (err2.keyword === "required") {
      const missing = String(err2.params.missingProperty);
      const property = properties[missing];
      const description = isRecord(property) && typeof property.description === "string" ? property.description : void 0;
      const hint = description ? `${missing}: ${description}` : void 0;
      issues.push(at2.file.issueAt(at2.path, `${at2.label} is missing "${missing}"`, hint ? { hint } : {}));
    } else if (VALUE_KEYWORDS.has(err2.keyword)) {
      if (valuesSeen.has(err2.instancePath)) continue;
      valuesSeen.add(err2.instancePath);
      const wanted = expected(parent);
      const got = `(got ${showValue(err2.data)})`;
      const message = wanted ? `${at2.label} must be ${wanted} ${got}` : `${at2.label} ${err2.message ?? "is invalid"} ${got}`;
      const last = segments[segments.length - 1];
      const hint = typeof parent.description === "string" && typeof last === "string" ? `${last}: ${parent.description}` : void 0;
      issues.push(at2.file.issueAt(at2.path, message, hint ? { hint } : {}));
    } else {
      issues.push(at2.file.issueAt(at2.path, `${at2.label} ${err2.message ?? "is invalid"}`));
    }
  }
  return issues;
}
function pointerSegments(pointer) {
  if (!pointer) return [];
  return pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~")).map((s) => /^(0|[1-9]\d*)$/.test(s) ? Number(s) : s);
}
function expected(s) {
  if (typeof s.expected === "string") return s.expected;
  if (Array.isArray(s.enum)) return `one of ${s.enum.map(showValue).join(", ")}`;
  if ("const" in s) return showValue(s.const);
  const type = s.type;
  if (Array.isArray(type)) {
    const each = type.map((t) => expected({ type: t }));
    return each.every(Boolean) ? each.join(" or ") : void 0;
  }
  if (type === "integer" || type === "number") {
    const min = num(s.minimum);
    const max = num(s.maximum);
    const xmin = num(s.exclusiveMinimum);
    const xmax = num(s.exclusiveMaximum);
    const bounded = [min, max, xmin, xmax].filter((b) => b !== void 0).length;
    if (type === "integer" && bounded === 1 && min === 1) return "a positive integer";
    if (type === "integer" && bounded === 1 && min === 0) return "a non-negative integer";
    if (type === "integer" && bounded === 2 && min !== void 0 && max !== void 0) return `an integer from ${min} to ${max}`;
    const bounds = [
      xmin !== void 0 && `greater than ${xmin}`,
      min !== void 0 && `at least ${min}`,
      max !== void 0 && `at most ${max}`,
      xmax !== void 0 && `less than ${xmax}`
    ].filter((b) => typeof b === "string");
    return `${type === "integer" ? "an integer" : "a number"}${bounds.length ? ` ${bounds.join(" and ")}` : ""}`;
  }
  if (type === "boolean") return "true or false";
  if (type === "string") {
    if (typeof s.pattern === "string") return `a string matching /${s.pattern}/`;
    if (s.minLength === 1) return "a non-empty string";
    return "a string";
  }
  if (type === "object") return "a mapping";
  if (type === "array") return "a list";
  if (type === "null") return "null";
  return void 0;
}
var import_node_fs2, NAME_PATTERN, isRecord, ConfigFile, ajv2, fileValidator, optionsValidators, VALUE_KEYWORDS, num;
var init_validate = __esm({
  "pipeline/config/validate.ts"() {
    "use strict";
    import_node_fs2 = require("node:fs");
    init_format();
    init_lazy();
    init_precompiled();
    init_schema();
    NAME_PATTERN = new RegExp(schema_default.definitions.section.properties.name.pattern);
    isRecord = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
    ConfigFile = class {
      constructor(file2, text) {
        this.file = file2;
        this.text = text;
        const known = precompiled.defaultConfig;
        if (known && text === known.text) {
          this.data = structuredClone(known.data);
          this.names = this.uniqueSectionNames();
          return;
        }
        for (const e of this.doc.errors) {
          this.issues.push(this.issueAtOffset(e.pos[0], e.pos[1], `YAML syntax: ${e.message}`));
        }
        let value = null;
        if (this.issues.length === 0) {
          try {
            value = this.doc.toJS();
          } catch (err2) {
            this.issues.push(this.issueAtOffset(0, 0, `YAML: ${err2.message}`));
          }
        }
        if (isRecord(value)) this.data = value;
        this.names = this.uniqueSectionNames();
        if (this.issues.length === 0 && value !== null) {
          this.issues.push(...issuesFromAjv(validateFileSchema(value), (segments) => ({ file: this, path: segments, label: this.label(segments) })));
        }
      }
      file;
      text;
      data = {};
      issues = [];
      names;
      parsed;
      /** The YAML document, with the line counter that places its nodes; parsed on first use. */
      get doc() {
        return this.yaml.doc;
      }
      get lineCounter() {
        return this.yaml.lineCounter;
      }
      get yaml() {
        if (!this.parsed) {
          const { LineCounter, parseDocument } = yaml();
          const lineCounter = new LineCounter();
          this.parsed = { doc: parseDocument(this.text, { lineCounter, prettyErrors: false }), lineCounter };
        }
        return this.parsed;
      }
      /** The issue at the YAML node for `path`, or at the key `key` of the mapping there. */
      issueAt(path, message, opts = {}) {
        const [start2, end] = this.rangeOf(path, opts.key);
        return this.issueAtOffset(start2, end, message, opts.hint);
      }
      /** line:col of the node for `path` (or of its nearest existing parent). */
      positionOf(path) {
        return this.lineCounter.linePos(this.rangeOf(path)[0]);
      }
      /** `sections.turns.timeoutMs` when the entry has a usable name, else `sections[1].timeoutMs`. */
      label(path) {
        if (path.length === 0) return "the config";
        let out2 = "";
        path.forEach((s, i2) => {
          const name2 = i2 === 1 && path[0] === "sections" && typeof s === "number" ? this.names.get(s) : void 0;
          if (name2) out2 += `.${name2}`;
          else if (typeof s === "number") out2 += `[${s}]`;
          else if (/^[A-Za-z_$][\w$-]*$/.test(s)) out2 += out2 ? `.${s}` : s;
          else out2 += `[${JSON.stringify(s)}]`;
        });
        return out2;
      }
      issueAtOffset(start2, end, message, hint) {
        const from = this.lineCounter.linePos(start2);
        const to = this.lineCounter.linePos(end);
        const issue = { file: this.file, line: from.line, col: from.col, message, frame: this.text ? frameAt(this.text, from, to) : "" };
        if (hint) issue.hint = hint;
        return issue;
      }
      rangeOf(path, key) {
        const { isMap, isNode, isScalar } = yaml();
        let node;
        for (let n = path.length; n >= 0; n--) {
          node = n === 0 ? this.doc.contents : this.doc.getIn(path.slice(0, n), true);
          if (isNode(node)) break;
        }
        if (key !== void 0 && isMap(node)) {
          const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === key);
          if (pair && isNode(pair.key) && pair.key.range) return [pair.key.range[0], pair.key.range[1]];
        }
        if (isNode(node) && node.range) return [node.range[0], node.range[1]];
        return [0, 0];
      }
      /** Names usable in labels: valid, and listed once in this file. */
      uniqueSectionNames() {
        const out2 = /* @__PURE__ */ new Map();
        const sections = this.data.sections;
        if (!Array.isArray(sections)) return out2;
        const names2 = sections.map((s) => isRecord(s) && typeof s.name === "string" && NAME_PATTERN.test(s.name) ? s.name : void 0);
        names2.forEach((name2, i2) => {
          if (name2 && names2.indexOf(name2) === names2.lastIndexOf(name2)) out2.set(i2, name2);
        });
        return out2;
      }
    };
    optionsValidators = /* @__PURE__ */ new WeakMap();
    VALUE_KEYWORDS = /* @__PURE__ */ new Set([
      "type",
      "minimum",
      "maximum",
      "exclusiveMinimum",
      "exclusiveMaximum",
      "multipleOf",
      "enum",
      "const",
      "pattern",
      "minLength",
      "maxLength",
      "format",
      "minItems",
      "maxItems"
    ]);
    num = (v) => typeof v === "number" ? v : void 0;
  }
});

// pipeline/config/load.ts
function userConfigPath(env = process.env, home = (0, import_node_os.homedir)()) {
  return env.COMPACT_HANDOFF_CONFIG || (0, import_node_path2.join)(home, ".claude", "compact-handoff", CONFIG_FILE_NAME);
}
function userConfigSource(env = process.env, home = (0, import_node_os.homedir)()) {
  return { path: userConfigPath(env, home), optional: !env.COMPACT_HANDOFF_CONFIG };
}
function loadConfig(opts) {
  const { config, issues } = resolveConfig(opts);
  if (issues.length > 0) throw new ConfigError(issues);
  return config;
}
function loadConfigLenient(opts) {
  const full = resolveConfig(opts);
  if (full.issues.length === 0) return { config: full.config, problems: [] };
  const defaultFile = sourceOf(opts.files[0]).path;
  if (full.issues.some((i2) => i2.file === defaultFile)) throw new ConfigError(full.issues);
  const alone = resolveConfig({ ...opts, files: opts.files.slice(0, 1) });
  if (alone.issues.length > 0) throw new ConfigError(alone.issues);
  return { config: alone.config, problems: full.issues };
}
function resolveConfig(opts) {
  if (opts.files.length === 0) throw new TypeError("loadConfig needs at least the default config file");
  const issues = [];
  const files = [];
  for (const source of opts.files.map(sourceOf)) {
    const read2 = readConfigFile(source);
    if (read2 === null) continue;
    if ("doc" in read2) {
      files.push(read2);
      issues.push(...read2.issues);
    } else issues.push(read2);
  }
  const limits = {
    concurrency: schema_default.properties.concurrency.default,
    maxChars: schema_default.properties.handoff.properties.maxChars.default,
    maxFraction: schema_default.properties.handoff.properties.maxFraction.default,
    lateShare: schema_default.properties.handoff.properties.lateShare.default,
    seamTimeoutMs: schema_default.properties.seamTimeoutMs.default,
    loadTimeoutMs: schema_default.properties.loadTimeoutMs.default
  };
  const plugins = /* @__PURE__ */ new Map();
  const merged = /* @__PURE__ */ new Map();
  for (const file2 of files) {
    const data = file2.data;
    if (data.concurrency !== void 0) limits.concurrency = data.concurrency;
    if (data.seamTimeoutMs !== void 0) limits.seamTimeoutMs = data.seamTimeoutMs;
    if (data.loadTimeoutMs !== void 0) limits.loadTimeoutMs = data.loadTimeoutMs;
    if (Array.isArray(data.plugins)) {
      for (const entry of data.plugins) {
        if (!isRecord2(entry) || typeof entry.package !== "string") continue;
        plugins.delete(entry.package);
        plugins.set(entry.package, { package: entry.package, declaredIn: file2.file, options: isRecord2(entry.options) ? entry.options : {} });
      }
    }
    if (isRecord2(data.handoff)) {
      if (data.handoff.maxChars !== void 0) limits.maxChars = data.handoff.maxChars;
      if (data.handoff.maxFraction !== void 0) limits.maxFraction = data.handoff.maxFraction;
      if (data.handoff.lateShare !== void 0) limits.lateShare = data.handoff.lateShare;
    }
    if (Array.isArray(data.sections)) issues.push(...mergeSections(file2, merged));
  }
  const sections = [];
  for (const section of merged.values()) {
    const { plan, issues: found } = planSection(section, opts);
    sections.push(plan);
    issues.push(...found);
  }
  const order = new Map(files.map((f, i2) => [f.file, i2]));
  const rank2 = (i2) => order.get(i2.file) ?? -1;
  issues.sort((a, b) => rank2(a) - rank2(b) || a.line - b.line || a.col - b.col);
  return { config: { files: files.map((f) => f.file), ...limits, sections, plugins: [...plugins.values()] }, issues };
}
function mergeSections(file2, merged) {
  const issues = [];
  const firstIndex = /* @__PURE__ */ new Map();
  file2.data.sections.forEach((entry, index) => {
    if (!isRecord2(entry) || typeof entry.name !== "string") return;
    const place = { file: file2, index };
    const prior = firstIndex.get(entry.name);
    if (prior !== void 0) {
      const { line } = file2.positionOf(["sections", prior, "name"]);
      issues.push(
        file2.issueAt(["sections", index, "name"], `section "${entry.name}" is listed twice in this file (first at line ${line})`, {
          hint: "list a section once per file; a later file updates it by naming it again"
        })
      );
      return;
    }
    firstIndex.set(entry.name, index);
    let section = merged.get(entry.name);
    if (!section) {
      section = { name: entry.name, options: {}, first: place, last: place, optionPlaces: /* @__PURE__ */ new Map() };
      merged.set(entry.name, section);
    }
    section.last = place;
    for (const field of SCALAR_FIELDS) {
      if (entry[field] !== void 0) Object.assign(section, { [field]: entry[field] });
    }
    if (entry.package !== void 0) section.packagePlace = place;
    if (isRecord2(entry.options)) {
      section.lastOptions = place;
      for (const [key, value] of Object.entries(entry.options)) {
        section.options[key] = value;
        section.optionPlaces.set(key, place);
      }
    }
  });
  return issues;
}
function planSection(section, opts) {
  const issues = [];
  const fromPackage = typeof section.package === "string";
  const own = (table, key) => table && Object.hasOwn(table, key) ? table[key] : null;
  const definition = fromPackage ? own(opts.packages, section.package) : own(opts.builtins, section.name);
  const namePath = ["sections", section.first.index, "name"];
  if (!definition && !fromPackage && NAME_PATTERN.test(section.name)) {
    const builtins = Object.keys(opts.builtins);
    const suggestion = didYouMean(section.name, builtins);
    issues.push(
      section.first.file.issueAt(namePath, `unknown section "${section.name}"${suggestion ? ` \u2014 did you mean "${suggestion}"?` : ""}`, {
        hint: `built-in sections: ${builtins.join(", ") || "(none)"}; a section from npm also needs \`package: <npm name>\``
      })
    );
  }
  const options = { ...definition?.defaults.options, ...section.options };
  if (definition?.optionsSchema) {
    const errors = validateOptions(definition.optionsSchema, options, { checkSchema: fromPackage });
    if (errors instanceof Error) {
      issues.push(section.first.file.issueAt(namePath, `section "${section.name}" has an optionsSchema that does not compile: ${errors.message}`));
    } else {
      issues.push(...issuesFromAjv(errors, (segments) => locateOption(section, segments)));
    }
  }
  const defaults = definition?.defaults ?? { timeoutMs: 0, budgetChars: 0, priority: 0 };
  const plan = {
    name: section.name,
    enabled: section.enabled ?? true,
    timeoutMs: section.timeoutMs ?? defaults.timeoutMs,
    budgetChars: section.budgetChars ?? defaults.budgetChars,
    priority: section.priority ?? defaults.priority,
    options,
    definition
  };
  if (fromPackage) {
    plan.package = section.package;
    plan.declaredIn = (section.packagePlace ?? section.first).file.file;
  }
  return { plan, issues };
}
function locateOption(section, segments) {
  const key = segments[0];
  const place = (typeof key === "string" ? section.optionPlaces.get(key) : void 0) ?? section.lastOptions ?? section.last;
  const path = ["sections", place.index, "options", ...segments];
  return { file: place.file, path, label: place.file.label(path) };
}
var import_node_os, import_node_path2, CONFIG_FILE_NAME, sourceOf, SCALAR_FIELDS, isRecord2;
var init_load = __esm({
  "pipeline/config/load.ts"() {
    "use strict";
    import_node_os = require("node:os");
    import_node_path2 = require("node:path");
    init_format();
    init_validate();
    init_format();
    CONFIG_FILE_NAME = "pipeline.config.yaml";
    sourceOf = (s) => typeof s === "string" ? { path: s } : s;
    SCALAR_FIELDS = ["package", "enabled", "timeoutMs", "budgetChars", "priority"];
    isRecord2 = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  }
});

// node_modules/p-timeout/index.js
function pTimeout(promise, options) {
  const {
    milliseconds,
    fallback,
    message,
    customTimers = { setTimeout, clearTimeout },
    signal
  } = options;
  let timer;
  let abortHandler;
  const wrappedPromise = new Promise((resolve7, reject) => {
    if (typeof milliseconds !== "number" || Math.sign(milliseconds) !== 1) {
      throw new TypeError(`Expected \`milliseconds\` to be a positive number, got \`${milliseconds}\``);
    }
    if (signal?.aborted) {
      reject(getAbortedReason(signal));
      promise.then(resolve7, reject);
      return;
    }
    if (signal) {
      abortHandler = () => {
        reject(getAbortedReason(signal));
      };
      signal.addEventListener("abort", abortHandler, { once: true });
    }
    promise.then(resolve7, reject);
    if (milliseconds === Number.POSITIVE_INFINITY) {
      return;
    }
    const timeoutError = new TimeoutError();
    timer = customTimers.setTimeout.call(void 0, () => {
      if (fallback) {
        try {
          resolve7(fallback());
        } catch (error) {
          reject(error);
        }
        return;
      }
      if (typeof promise.cancel === "function") {
        promise.cancel();
      }
      if (message === false) {
        resolve7();
      } else if (message instanceof Error) {
        reject(message);
      } else {
        timeoutError.message = message ?? `Promise timed out after ${milliseconds} milliseconds`;
        reject(timeoutError);
      }
    }, milliseconds);
  });
  const cancelablePromise = wrappedPromise.finally(() => {
    cancelablePromise.clear();
    if (abortHandler && signal) {
      signal.removeEventListener("abort", abortHandler);
    }
  });
  cancelablePromise.clear = () => {
    customTimers.clearTimeout.call(void 0, timer);
    timer = void 0;
  };
  return cancelablePromise;
}
var TimeoutError, getAbortedReason;
var init_p_timeout = __esm({
  "node_modules/p-timeout/index.js"() {
    "use strict";
    TimeoutError = class _TimeoutError extends Error {
      name = "TimeoutError";
      constructor(message, options) {
        super(message, options);
        Error.captureStackTrace?.(this, _TimeoutError);
      }
    };
    getAbortedReason = (signal) => signal.reason ?? new DOMException("This operation was aborted.", "AbortError");
  }
});

// pipeline/compose.ts
function lineageFromTranscript(t) {
  for (let i2 = t.messages.length - 1; i2 >= 0; i2--) {
    const m = t.messages[i2];
    if (m.kind !== "handoff") continue;
    const marker = parseMarker(m.text);
    if (!marker) continue;
    const earlier = Array.from({ length: marker.n }, (_, k) => ({ n: k + 1 }));
    return { n: marker.n + 1, prev: marker.n, earlier };
  }
  return { n: 1, prev: null, earlier: [] };
}
function sizeLimit(config, contextWindow) {
  const byWindow = contextWindow ? Math.floor(config.maxFraction * contextWindow * 4) : Infinity;
  return byWindow < config.maxChars ? { chars: byWindow, setting: `maxFraction: ${config.maxFraction} of a ${fmt(contextWindow)}-token window` } : { chars: config.maxChars, setting: `maxChars: ${config.maxChars}` };
}
function renderSection(o) {
  return `## ${o.title}

${o.body.trimEnd()}`;
}
function renderLeftOut(outcomes) {
  const rows = outcomes.filter((o) => o.status === "dropped" && o.code !== "SECTION_DISABLED");
  if (rows.length === 0) return "";
  return ["## Left out", "", ...rows.map((o) => `- ${o.title}: ${o.status === "dropped" ? o.message : ""}`)].join("\n");
}
function renderEarlier(lineage) {
  if (lineage.earlier.length === 0) return "";
  const rows = lineage.earlier.map((e) => `- n=${pad2(e.n)}${e.at ? ` (${e.at.slice(0, 16).replace("T", " ")})` : ""}: handoff_lookup {"n": ${e.n}}`);
  return [
    "## Earlier compactions",
    "",
    ...rows,
    "",
    'Each is on disk with the conversation it replaced (add "file": "transcript"); handoff_search {"query": "..."} searches them all.'
  ].join("\n");
}
function render(state) {
  const kept = state.outcomes.filter((o) => o.status === "ok");
  return [state.marker, PREAMBLE, ...kept.map(renderSection), renderEarlier(state.lineage), renderLeftOut(state.outcomes)].filter((part) => part !== "").join("\n\n").concat("\n");
}
function frameChars(marker, lineage, outcomes, toCome) {
  const empty = (o) => ({
    name: o.name,
    title: o.title,
    status: "ok",
    body: "",
    messages: [],
    chars: 0,
    ms: 0,
    notes: []
  });
  const framed = [...outcomes.map((o) => o.status === "ok" ? empty(o) : o), ...toCome.map(empty)];
  return render({ marker, lineage, outcomes: framed }).length;
}
function handoffChars(handoff, outcomes) {
  return handoff.length + outcomes.reduce((n, o) => n + (o.status === "ok" ? o.messages.reduce((k, m) => k + messageChars(m), 0) : 0), 0);
}
function applySizeGuard(state) {
  const limit = sizeLimit(state.config, state.input.contextWindow);
  const priority = new Map(state.config.sections.map((s) => [s.name, s.priority]));
  const cut = (outcomes, at2, total2) => outcomes.map((x, i2) => {
    if (i2 !== at2 || x.status !== "ok") return x;
    return {
      name: x.name,
      title: x.title,
      status: "dropped",
      code: "SECTION_SIZE_GUARD",
      message: `[section ${x.name}] cut: the handoff was ${fmt(total2)} chars, over its ceiling of ${fmt(limit.chars)} (${limit.setting}); this section has the lowest priority left (priority: ${priority.get(x.name) ?? 0})`,
      chars: x.chars,
      body: x.body,
      ms: x.ms,
      notes: x.notes,
      record: x.record
    };
  });
  let total = totalChars(state);
  while (total > limit.chars) {
    const victims = state.outcomes.map((o, i2) => ({ o, i: i2 })).filter(({ o }) => o.status === "ok").sort((a, b) => (priority.get(a.o.name) ?? 0) - (priority.get(b.o.name) ?? 0) || b.i - a.i);
    let next = null;
    for (const v of victims) {
      const tried = { ...state, outcomes: cut(state.outcomes, v.i, total) };
      if (totalChars(tried) < total) {
        next = tried;
        break;
      }
    }
    if (!next) return { ...state, overCeiling: { chars: total, ceiling: limit.chars, setting: limit.setting } };
    state = next;
    total = totalChars(state);
  }
  return state;
}
function composeHandoff(state) {
  const kept = state.outcomes.filter((o) => o.status === "ok");
  return { ...state, handoff: render(state), messages: kept.flatMap((o) => o.messages) };
}
function tapCoreCompose(hooks) {
  hooks.compose.tap({ name: "core:size-guard", stage: -10 }, applySizeGuard);
  hooks.compose.tap({ name: "core:compose", stage: 0 }, composeHandoff);
}
var pad2, PREAMBLE, totalChars;
var init_compose = __esm({
  "pipeline/compose.ts"() {
    "use strict";
    init_text();
    init_marker();
    init_text();
    pad2 = (n) => String(n).padStart(3, "0");
    PREAMBLE = "This conversation was compacted. What follows is a handoff: facts read off the conversation and the repository, in sections. Nothing before it is in this window any more.";
    totalChars = (state) => handoffChars(render(state), state.outcomes);
  }
});

// node_modules/tapable/lib/Hook.js
var require_Hook = __commonJS({
  "node_modules/tapable/lib/Hook.js"(exports2, module2) {
    "use strict";
    var util = require("util");
    var deprecateContext = util.deprecate(
      () => {
      },
      "Hook.context is deprecated and will be removed"
    );
    function CALL_DELEGATE(...args2) {
      this.call = this._createCall("sync");
      return this.call(...args2);
    }
    function CALL_ASYNC_DELEGATE(...args2) {
      this.callAsync = this._createCall("async");
      return this.callAsync(...args2);
    }
    function PROMISE_DELEGATE(...args2) {
      this.promise = this._createCall("promise");
      return this.promise(...args2);
    }
    var Hook = class {
      /**
       * @param {ArgumentNames<AsArray<T>>=} args argument names of the hook (used for code generation)
       * @param {string=} name name of the hook
       */
      constructor(args2 = (
        /** @type {ArgumentNames<AsArray<T>>} */
        /** @type {unknown} */
        []
      ), name2 = void 0) {
        this._args = args2;
        this.name = name2;
        this.taps = [];
        this.interceptors = [];
        this._call = CALL_DELEGATE;
        this.call = CALL_DELEGATE;
        this._callAsync = CALL_ASYNC_DELEGATE;
        this.callAsync = CALL_ASYNC_DELEGATE;
        this._promise = PROMISE_DELEGATE;
        this.promise = PROMISE_DELEGATE;
        this._x = void 0;
        this.compile = this.compile;
        this.tap = this.tap;
        this.tapAsync = this.tapAsync;
        this.tapPromise = this.tapPromise;
      }
      /**
       * @abstract
       * @param {CompileOptions<T, R, AdditionalOptions>} _options compile options
       * @returns {EXPECTED_FUNCTION} the compiled call function
       */
      compile(_options) {
        throw new Error("Abstract: should be overridden");
      }
      /**
       * @private
       * @param {"sync" | "async" | "promise"} type the call type
       * @returns {EXPECTED_FUNCTION} the compiled call function
       */
      _createCall(type) {
        return this.compile({
          taps: this.taps,
          interceptors: this.interceptors,
          args: this._args,
          type
        });
      }
      /**
       * @private
       * @param {"sync" | "async" | "promise"} type the tap type
       * @param {string | (Tap & IfSet<AdditionalOptions>)} options name or full tap options
       * @param {EXPECTED_FUNCTION} fn callback registered with the tap
       * @returns {void}
       */
      _tap(type, options, fn) {
        if (typeof options === "string") {
          const name2 = options.trim();
          if (name2 === "") {
            throw new Error("Missing name for tap");
          }
          options = /** @type {FullTap & IfSet<AdditionalOptions>} */
          { type, fn, name: name2 };
        } else {
          if (typeof options !== "object" || options === null) {
            throw new Error("Invalid tap options");
          }
          let { name: name2 } = options;
          if (typeof name2 === "string") {
            name2 = name2.trim();
          }
          if (typeof name2 !== "string" || name2 === "") {
            throw new Error("Missing name for tap");
          }
          if (typeof /** @type {{ context?: unknown }} */
          options.context !== "undefined") {
            deprecateContext();
          }
          let onlyName = true;
          for (const key in options) {
            if (key !== "name") {
              onlyName = false;
              break;
            }
          }
          if (onlyName) {
            options = /** @type {FullTap & IfSet<AdditionalOptions>} */
            { type, fn, name: name2 };
          } else {
            options.name = name2;
            options = Object.assign({ type, fn }, options);
          }
        }
        options = this._runRegisterInterceptors(
          /** @type {FullTap & IfSet<AdditionalOptions>} */
          options
        );
        this._insert(
          /** @type {FullTap & IfSet<AdditionalOptions>} */
          options
        );
      }
      /**
       * @param {string | (Tap & IfSet<AdditionalOptions>)} options tap name or full tap options
       * @param {(...args: AsArray<T>) => R} fn the function to register
       * @returns {void}
       */
      tap(options, fn) {
        this._tap("sync", options, fn);
      }
      /**
       * @param {string | (Tap & IfSet<AdditionalOptions>)} options tap name or full tap options
       * @param {(...args: Append<AsArray<T>, InnerCallback<Error, R>>) => void} fn the function to register
       * @returns {void}
       */
      tapAsync(options, fn) {
        this._tap("async", options, fn);
      }
      /**
       * @param {string | (Tap & IfSet<AdditionalOptions>)} options tap name or full tap options
       * @param {(...args: AsArray<T>) => Promise<R>} fn the function to register
       * @returns {void}
       */
      tapPromise(options, fn) {
        this._tap("promise", options, fn);
      }
      /**
       * @private
       * @param {FullTap & IfSet<AdditionalOptions>} options the tap descriptor
       * @returns {FullTap & IfSet<AdditionalOptions>} possibly transformed options
       */
      _runRegisterInterceptors(options) {
        const { interceptors } = this;
        const { length } = interceptors;
        if (length === 0) return options;
        for (let i2 = 0; i2 < length; i2++) {
          const interceptor = interceptors[i2];
          if (interceptor.register) {
            const newOptions = interceptor.register(options);
            if (newOptions !== void 0) {
              options = newOptions;
            }
          }
        }
        return options;
      }
      /**
       * @param {TapOptions & IfSet<AdditionalOptions>} options the options to merge into each tap
       * @returns {Omit<this, "call" | "callAsync" | "promise">} a wrapper that pre-applies the options
       */
      withOptions(options) {
        const mergeOptions = (opt) => (
          /** @type {Tap & IfSet<AdditionalOptions>} */
          Object.assign(
            {},
            options,
            typeof opt === "string" ? { name: opt } : opt
          )
        );
        return (
          /** @type {Omit<this, "call" | "callAsync" | "promise">} */
          {
            name: this.name,
            tap: (opt, fn) => this.tap(mergeOptions(opt), fn),
            tapAsync: (opt, fn) => this.tapAsync(mergeOptions(opt), fn),
            tapPromise: (opt, fn) => this.tapPromise(mergeOptions(opt), fn),
            intercept: (interceptor) => this.intercept(interceptor),
            isUsed: () => this.isUsed(),
            withOptions: (opt) => this.withOptions(mergeOptions(opt))
          }
        );
      }
      /**
       * @returns {boolean} true if the hook has any taps or interceptors registered
       */
      isUsed() {
        return this.taps.length > 0 || this.interceptors.length > 0;
      }
      /**
       * @param {HookInterceptor<T, R, AdditionalOptions>} interceptor the interceptor to register
       * @returns {void}
       */
      intercept(interceptor) {
        this._resetCompilation();
        this.interceptors.push(Object.assign({}, interceptor));
        if (interceptor.register) {
          for (let i2 = 0; i2 < this.taps.length; i2++) {
            this.taps[i2] = interceptor.register(
              /** @type {FullTap & IfSet<AdditionalOptions>} */
              this.taps[i2]
            );
          }
        }
      }
      /**
       * @private
       * @returns {void}
       */
      _resetCompilation() {
        this.call = this._call;
        this.callAsync = this._callAsync;
        this.promise = this._promise;
      }
      /**
       * @private
       * @param {FullTap & IfSet<AdditionalOptions>} item the tap to insert into the ordered taps list
       * @returns {void}
       */
      _insert(item) {
        this._resetCompilation();
        const { taps } = this;
        const stage = typeof item.stage === "number" ? item.stage : 0;
        if (!(typeof item.before === "string" || Array.isArray(item.before))) {
          const n = taps.length;
          if (n === 0 || (taps[n - 1].stage || 0) <= stage) {
            taps[n] = item;
            return;
          }
        }
        let before2;
        if (typeof item.before === "string") {
          before2 = /* @__PURE__ */ new Set([item.before]);
        } else if (Array.isArray(item.before)) {
          before2 = new Set(item.before);
        }
        let i2 = taps.length;
        while (i2 > 0) {
          i2--;
          const tap = taps[i2];
          taps[i2 + 1] = tap;
          const xStage = tap.stage || 0;
          if (before2) {
            if (before2.has(tap.name)) {
              before2.delete(tap.name);
              continue;
            }
            if (before2.size > 0) {
              continue;
            }
          }
          if (xStage > stage) {
            continue;
          }
          i2++;
          break;
        }
        taps[i2] = item;
      }
    };
    Object.setPrototypeOf(Hook.prototype, null);
    module2.exports = Hook;
  }
});

// node_modules/tapable/lib/HookCodeFactory.js
var require_HookCodeFactory = __commonJS({
  "node_modules/tapable/lib/HookCodeFactory.js"(exports2, module2) {
    "use strict";
    var HookCodeFactory = class {
      constructor() {
        this.options = void 0;
        this._args = void 0;
      }
      /**
       * @param {CompileOptions} options compile options
       * @returns {EXPECTED_FUNCTION} the compiled hook function
       */
      create(options) {
        this.init(options);
        let fn;
        switch (options.type) {
          case "sync":
            fn = new Function(
              this.args(),
              `"use strict";
${this.header()}${this.contentWithInterceptors({
                onError: (err2) => `throw ${err2};
`,
                onResult: (result) => `return ${result};
`,
                onDone: () => "",
                resultReturns: true,
                rethrowIfPossible: true
              })}`
            );
            break;
          case "async":
            fn = new Function(
              this.args({
                after: "_callback"
              }),
              `"use strict";
${this.header()}${this.contentWithInterceptors({
                onError: (err2) => `_callback(${err2});
`,
                onResult: (result) => `_callback(null, ${result});
`,
                onDone: () => "_callback();\n"
              })}`
            );
            break;
          case "promise": {
            let errorHelperUsed = false;
            const content = this.contentWithInterceptors({
              onError: (err2) => {
                errorHelperUsed = true;
                return `_error(${err2});
`;
              },
              onResult: (result) => `_resolve(${result});
`,
              onDone: () => "_resolve();\n"
            });
            let code = "";
            code += '"use strict";\n';
            code += this.header();
            code += "return new Promise((function(_resolve, _reject) {\n";
            if (errorHelperUsed) {
              code += "var _sync = true;\n";
              code += "function _error(_err) {\n";
              code += "if(_sync)\n";
              code += "_resolve(Promise.resolve().then((function() { throw _err; })));\n";
              code += "else\n";
              code += "_reject(_err);\n";
              code += "};\n";
            }
            code += content;
            if (errorHelperUsed) {
              code += "_sync = false;\n";
            }
            code += "}));\n";
            fn = new Function(this.args(), code);
            break;
          }
        }
        this.deinit();
        return fn;
      }
      /**
       * @param {Hook<EXPECTED_ANY, EXPECTED_ANY, EXPECTED_ANY>} instance the hook instance to attach the resolved tap function array to
       * @param {CompileOptions} options compile options containing the taps
       * @returns {void}
       */
      setup(instance2, options) {
        const { taps } = options;
        const { length } = taps;
        const fns = Array.from({ length });
        for (let i2 = 0; i2 < length; i2++) {
          fns[i2] = taps[i2].fn;
        }
        instance2._x = fns;
      }
      /**
       * @param {CompileOptions} options compile options
       * @returns {void}
       */
      init(options) {
        this.options = options;
        this._args = /** @type {string[]} */
        /** @type {unknown} */
        options.args;
        this._joinedArgs = void 0;
      }
      /**
       * @returns {void}
       */
      deinit() {
        this.options = void 0;
        this._args = void 0;
        this._joinedArgs = void 0;
      }
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated code with interceptor calls wrapped around content
       */
      contentWithInterceptors(options) {
        if (
          /** @type {CompileOptions} */
          this.options.interceptors.length > 0
        ) {
          const { onError, onResult, onDone } = options;
          let code = "";
          const opts = (
            /** @type {CompileOptions} */
            this.options
          );
          for (let i2 = 0; i2 < opts.interceptors.length; i2++) {
            const interceptor = opts.interceptors[i2];
            if (interceptor.call) {
              code += `${this.getInterceptor(i2)}.call(${this.args({
                before: interceptor.context ? "_context" : void 0
              })});
`;
            }
          }
          code += this.content(
            Object.assign(options, {
              onError: onError && /** @type {OnErrorCallback} */
              ((err2) => {
                let code2 = "";
                for (let i2 = 0; i2 < opts.interceptors.length; i2++) {
                  const interceptor = opts.interceptors[i2];
                  if (interceptor.error) {
                    code2 += `${this.getInterceptor(i2)}.error(${err2});
`;
                  }
                }
                code2 += onError(err2);
                return code2;
              }),
              onResult: onResult && /** @type {OnResultCallback} */
              ((result) => {
                let code2 = "";
                for (let i2 = 0; i2 < opts.interceptors.length; i2++) {
                  const interceptor = opts.interceptors[i2];
                  if (interceptor.result) {
                    code2 += `${this.getInterceptor(i2)}.result(${result});
`;
                  }
                }
                code2 += onResult(result);
                return code2;
              }),
              onDone: onDone && /** @type {OnDoneCallback} */
              (() => {
                let code2 = "";
                for (let i2 = 0; i2 < opts.interceptors.length; i2++) {
                  const interceptor = opts.interceptors[i2];
                  if (interceptor.done) {
                    code2 += `${this.getInterceptor(i2)}.done();
`;
                  }
                }
                code2 += onDone();
                return code2;
              })
            })
          );
          return code;
        }
        return this.content(options);
      }
      /**
       * @returns {string} generated header preamble shared across all call types
       */
      header() {
        let code = "";
        code += this.needContext() ? "var _context = {};\n" : "var _context;\n";
        code += "var _x = this._x;\n";
        if (
          /** @type {CompileOptions} */
          this.options.interceptors.length > 0
        ) {
          code += "var _taps = this.taps;\n";
          code += "var _interceptors = this.interceptors;\n";
        }
        return code;
      }
      /**
       * @returns {boolean} true if any tap requested a `_context`
       */
      needContext() {
        const { taps } = (
          /** @type {CompileOptions} */
          this.options
        );
        for (let i2 = 0; i2 < taps.length; i2++) {
          if (
            /** @type {{ context?: boolean }} */
            taps[i2].context
          ) return true;
        }
        return false;
      }
      /**
       * @param {number} tapIndex index of the tap to call
       * @param {CallTapOptions} options content generation options
       * @returns {string} generated code that invokes the tap
       */
      callTap(tapIndex, { onError, onResult, onDone, rethrowIfPossible }) {
        let code = "";
        let hasTapCached = false;
        const opts = (
          /** @type {CompileOptions} */
          this.options
        );
        for (let i2 = 0; i2 < opts.interceptors.length; i2++) {
          const interceptor = opts.interceptors[i2];
          if (interceptor.tap) {
            if (!hasTapCached) {
              code += `var _tap${tapIndex} = ${this.getTap(tapIndex)};
`;
              hasTapCached = true;
            }
            code += `${this.getInterceptor(i2)}.tap(${interceptor.context ? "_context, " : ""}_tap${tapIndex});
`;
          }
        }
        code += `var _fn${tapIndex} = ${this.getTapFn(tapIndex)};
`;
        const tap = (
          /** @type {FullTap & { context?: boolean }} */
          opts.taps[tapIndex]
        );
        switch (tap.type) {
          case "sync":
            if (!rethrowIfPossible) {
              code += `var _hasError${tapIndex} = false;
`;
              code += "try {\n";
            }
            if (onResult) {
              code += `var _result${tapIndex} = _fn${tapIndex}(${this.args({
                before: tap.context ? "_context" : void 0
              })});
`;
            } else {
              code += `_fn${tapIndex}(${this.args({
                before: tap.context ? "_context" : void 0
              })});
`;
            }
            if (!rethrowIfPossible) {
              code += "} catch(_err) {\n";
              code += `_hasError${tapIndex} = true;
`;
              code += onError("_err");
              code += "}\n";
              code += `if(!_hasError${tapIndex}) {
`;
            }
            if (onResult) {
              code += onResult(`_result${tapIndex}`);
            }
            if (onDone) {
              code += onDone();
            }
            if (!rethrowIfPossible) {
              code += "}\n";
            }
            break;
          case "async": {
            let cbCode = "";
            cbCode += onResult ? `(function(_err${tapIndex}, _result${tapIndex}) {
` : `(function(_err${tapIndex}) {
`;
            cbCode += `if(_err${tapIndex}) {
`;
            cbCode += onError(`_err${tapIndex}`);
            cbCode += "} else {\n";
            if (onResult) {
              cbCode += onResult(`_result${tapIndex}`);
            }
            if (onDone) {
              cbCode += onDone();
            }
            cbCode += "}\n";
            cbCode += "})";
            code += `_fn${tapIndex}(${this.args({
              before: tap.context ? "_context" : void 0,
              after: cbCode
            })});
`;
            break;
          }
          case "promise":
            code += `var _hasResult${tapIndex} = false;
`;
            code += `var _promise${tapIndex} = _fn${tapIndex}(${this.args({
              before: tap.context ? "_context" : void 0
            })});
`;
            code += `if (!_promise${tapIndex} || !_promise${tapIndex}.then)
`;
            code += `  throw new Error('Tap function (tapPromise) did not return promise (returned ' + _promise${tapIndex} + ')');
`;
            code += `_promise${tapIndex}.then((function(_result${tapIndex}) {
`;
            code += `_hasResult${tapIndex} = true;
`;
            if (onResult) {
              code += onResult(`_result${tapIndex}`);
            }
            if (onDone) {
              code += onDone();
            }
            code += `}), function(_err${tapIndex}) {
`;
            code += `if(_hasResult${tapIndex}) throw _err${tapIndex};
`;
            code += onError(
              `!_err${tapIndex} ? new Error('Tap function (tapPromise) rejects "' + _err${tapIndex} + '" value') : _err${tapIndex}`
            );
            code += "});\n";
            break;
        }
        return code;
      }
      /**
       * @param {CallTapsOptions} options series-call options
       * @returns {string} generated code calling all taps in series
       */
      callTapsSeries({
        onError,
        onResult,
        resultReturns,
        onDone,
        doneReturns,
        rethrowIfPossible
      }) {
        const { taps } = (
          /** @type {CompileOptions} */
          this.options
        );
        const tapsLength = taps.length;
        if (tapsLength === 0) return onDone();
        let firstAsync = -1;
        for (let i2 = 0; i2 < tapsLength; i2++) {
          if (taps[i2].type !== "sync") {
            firstAsync = i2;
            break;
          }
        }
        const somethingReturns = resultReturns || doneReturns;
        const doneBreak = (skipDone) => {
          if (skipDone) return "";
          return onDone();
        };
        let code = "";
        let current2 = onDone;
        let unrollCounter = 0;
        for (let j = tapsLength - 1; j >= 0; j--) {
          const i2 = j;
          const unroll = current2 !== onDone && (taps[i2].type !== "sync" || unrollCounter++ > 20);
          if (unroll) {
            unrollCounter = 0;
            code += `function _next${i2}() {
`;
            code += current2();
            code += "}\n";
            current2 = () => `${somethingReturns ? "return " : ""}_next${i2}();
`;
          }
          const done = current2;
          const content = this.callTap(i2, {
            onError: (error) => onError(i2, error, done, doneBreak),
            onResult: onResult && ((result) => onResult(i2, result, done, doneBreak)),
            onDone: !onResult ? done : void 0,
            rethrowIfPossible: rethrowIfPossible && (firstAsync < 0 || i2 < firstAsync)
          });
          current2 = () => content;
        }
        code += current2();
        return code;
      }
      /**
       * @param {CallTapsOptions} options looping-call options
       * @returns {string} generated code that calls taps in a loop
       */
      callTapsLooping({ onError, onDone, rethrowIfPossible }) {
        const opts = (
          /** @type {CompileOptions} */
          this.options
        );
        if (opts.taps.length === 0) return onDone();
        const syncOnly = opts.taps.every((t) => t.type === "sync");
        let code = "";
        if (!syncOnly) {
          code += "var _looper = (function() {\n";
          code += "var _loopAsync = false;\n";
        }
        code += "var _loop;\n";
        code += "do {\n";
        code += "_loop = false;\n";
        for (let i2 = 0; i2 < opts.interceptors.length; i2++) {
          const interceptor = opts.interceptors[i2];
          if (interceptor.loop) {
            code += `${this.getInterceptor(i2)}.loop(${this.args({
              before: interceptor.context ? "_context" : void 0
            })});
`;
          }
        }
        code += this.callTapsSeries({
          onError,
          onResult: (i2, result, next, doneBreak) => {
            let code2 = "";
            code2 += `if(${result} !== undefined) {
`;
            code2 += "_loop = true;\n";
            if (!syncOnly) code2 += "if(_loopAsync) _looper();\n";
            code2 += doneBreak(true);
            code2 += "} else {\n";
            code2 += next();
            code2 += "}\n";
            return code2;
          },
          onDone: onDone && (() => {
            let code2 = "";
            code2 += "if(!_loop) {\n";
            code2 += onDone();
            code2 += "}\n";
            return code2;
          }),
          rethrowIfPossible: rethrowIfPossible && syncOnly
        });
        code += "} while(_loop);\n";
        if (!syncOnly) {
          code += "_loopAsync = true;\n";
          code += "});\n";
          code += "_looper();\n";
        }
        return code;
      }
      /**
       * @param {CallTapsParallelOptions} options parallel-call options
       * @returns {string} generated code that calls all taps in parallel
       */
      callTapsParallel({
        onError,
        onResult,
        onDone,
        rethrowIfPossible,
        onTap = (i2, run3) => run3()
      }) {
        const { taps } = (
          /** @type {CompileOptions} */
          this.options
        );
        const tapsLength = taps.length;
        if (tapsLength <= 1) {
          return this.callTapsSeries({
            onError,
            onResult,
            // @ts-expect-error is it a bug?
            onDone,
            rethrowIfPossible
          });
        }
        const done = () => {
          if (onDone) return "if(--_counter === 0) _done();\n";
          return "--_counter;";
        };
        const doneBreak = (skipDone) => {
          if (skipDone || !onDone) return "_counter = 0;\n";
          return "_counter = 0;\n_done();\n";
        };
        let code = "";
        code += "do {\n";
        code += `var _counter = ${tapsLength};
`;
        if (onDone) {
          code += "var _done = (function() {\n";
          code += onDone();
          code += "});\n";
        }
        for (let i2 = 0; i2 < tapsLength; i2++) {
          code += "if(_counter <= 0) break;\n";
          code += onTap(
            i2,
            () => this.callTap(i2, {
              onError: (error) => {
                let code2 = "";
                code2 += "if(_counter > 0) {\n";
                code2 += onError(i2, error, done, doneBreak);
                code2 += "}\n";
                return code2;
              },
              onResult: onResult && ((result) => {
                let code2 = "";
                code2 += "if(_counter > 0) {\n";
                code2 += onResult(i2, result, done, doneBreak);
                code2 += "}\n";
                return code2;
              }),
              onDone: !onResult ? () => done() : void 0,
              rethrowIfPossible
            }),
            done,
            doneBreak
          );
        }
        code += "} while(false);\n";
        return code;
      }
      /**
       * @param {{ before?: string, after?: string }=} options optional arguments to prepend or append
       * @returns {string} comma-separated argument list as JS source
       */
      args({ before: before2, after } = {}) {
        let joined2 = this._joinedArgs;
        if (joined2 === void 0) {
          joined2 = /** @type {string[]} */
          this._args.length === 0 ? "" : (
            /** @type {string[]} */
            this._args.join(", ")
          );
          this._joinedArgs = joined2;
        }
        if (!before2 && !after) return joined2;
        if (joined2.length === 0) {
          if (before2 && after) return `${before2}, ${after}`;
          return (
            /** @type {string} */
            before2 || after
          );
        }
        if (before2 && after) return `${before2}, ${joined2}, ${after}`;
        if (before2) return `${before2}, ${joined2}`;
        return `${joined2}, ${after}`;
      }
      /**
       * @param {number} idx tap index
       * @returns {string} JS expression that resolves to the registered tap function at index `idx`
       */
      getTapFn(idx) {
        return `_x[${idx}]`;
      }
      /**
       * @param {number} idx tap index
       * @returns {string} JS expression that resolves to the tap descriptor at index `idx`
       */
      getTap(idx) {
        return `_taps[${idx}]`;
      }
      /**
       * @param {number} idx interceptor index
       * @returns {string} JS expression that resolves to the interceptor at index `idx`
       */
      getInterceptor(idx) {
        return `_interceptors[${idx}]`;
      }
    };
    module2.exports = HookCodeFactory;
  }
});

// node_modules/tapable/lib/AsyncParallelBailHook.js
var require_AsyncParallelBailHook = __commonJS({
  "node_modules/tapable/lib/AsyncParallelBailHook.js"(exports2, module2) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncParallelBailHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onResult, onDone }) {
        const opts = (
          /** @type {CompileOptions} */
          this.options
        );
        let code = "";
        code += `var _results = new Array(${opts.taps.length});
`;
        code += "var _checkDone = function() {\n";
        code += "for(var i = 0; i < _results.length; i++) {\n";
        code += "var item = _results[i];\n";
        code += "if(item === undefined) return false;\n";
        code += "if(item.result !== undefined) {\n";
        code += onResult("item.result");
        code += "return true;\n";
        code += "}\n";
        code += "if(item.error) {\n";
        code += onError("item.error");
        code += "return true;\n";
        code += "}\n";
        code += "}\n";
        code += "return false;\n";
        code += "}\n";
        code += this.callTapsParallel({
          onError: (i2, err2, done, doneBreak) => {
            let code2 = "";
            code2 += `if(${i2} < _results.length && ((_results.length = ${i2 + 1}), (_results[${i2}] = { error: ${err2} }), _checkDone())) {
`;
            code2 += doneBreak(true);
            code2 += "} else {\n";
            code2 += done();
            code2 += "}\n";
            return code2;
          },
          onResult: (i2, result, done, doneBreak) => {
            let code2 = "";
            code2 += `if(${i2} < _results.length && (${result} !== undefined && (_results.length = ${i2 + 1}), (_results[${i2}] = { result: ${result} }), _checkDone())) {
`;
            code2 += doneBreak(true);
            code2 += "} else {\n";
            code2 += done();
            code2 += "}\n";
            return code2;
          },
          onTap: (i2, run3, done, _doneBreak) => {
            let code2 = "";
            if (i2 > 0) {
              code2 += `if(${i2} >= _results.length) {
`;
              code2 += done();
              code2 += "} else {\n";
            }
            code2 += run3();
            if (i2 > 0) code2 += "}\n";
            return code2;
          },
          onDone
        });
        return code;
      }
    };
    var factory = new AsyncParallelBailHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncParallelBailHook(args2 = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name2 = void 0) {
      const hook = new Hook(args2, name2);
      hook.constructor = AsyncParallelBailHook;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncParallelBailHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncParallelBailHook.prototype = null;
    module2.exports = AsyncParallelBailHook;
  }
});

// node_modules/tapable/lib/AsyncParallelHook.js
var require_AsyncParallelHook = __commonJS({
  "node_modules/tapable/lib/AsyncParallelHook.js"(exports2, module2) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncParallelHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onDone }) {
        return this.callTapsParallel({
          onError: (i2, err2, done, doneBreak) => onError(err2) + doneBreak(true),
          onDone
        });
      }
    };
    var factory = new AsyncParallelHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncParallelHook2(args2 = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name2 = void 0) {
      const hook = new Hook(args2, name2);
      hook.constructor = AsyncParallelHook2;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncParallelHookType<T, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncParallelHook2.prototype = null;
    module2.exports = AsyncParallelHook2;
  }
});

// node_modules/tapable/lib/AsyncSeriesBailHook.js
var require_AsyncSeriesBailHook = __commonJS({
  "node_modules/tapable/lib/AsyncSeriesBailHook.js"(exports2, module2) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncSeriesBailHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onResult, resultReturns, onDone }) {
        return this.callTapsSeries({
          onError: (i2, err2, next, doneBreak) => onError(err2) + doneBreak(true),
          onResult: (i2, result, next) => `if(${result} !== undefined) {
${onResult(
            result
          )}
} else {
${next()}}
`,
          resultReturns,
          onDone
        });
      }
    };
    var factory = new AsyncSeriesBailHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncSeriesBailHook(args2 = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name2 = void 0) {
      const hook = new Hook(args2, name2);
      hook.constructor = AsyncSeriesBailHook;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncSeriesBailHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncSeriesBailHook.prototype = null;
    module2.exports = AsyncSeriesBailHook;
  }
});

// node_modules/tapable/lib/AsyncSeriesHook.js
var require_AsyncSeriesHook = __commonJS({
  "node_modules/tapable/lib/AsyncSeriesHook.js"(exports2, module2) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncSeriesHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onDone }) {
        return this.callTapsSeries({
          onError: (i2, err2, next, doneBreak) => onError(err2) + doneBreak(true),
          onDone
        });
      }
    };
    var factory = new AsyncSeriesHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncSeriesHook2(args2 = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name2 = void 0) {
      const hook = new Hook(args2, name2);
      hook.constructor = AsyncSeriesHook2;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncSeriesHookType<T, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncSeriesHook2.prototype = null;
    module2.exports = AsyncSeriesHook2;
  }
});

// node_modules/tapable/lib/AsyncSeriesLoopHook.js
var require_AsyncSeriesLoopHook = __commonJS({
  "node_modules/tapable/lib/AsyncSeriesLoopHook.js"(exports2, module2) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncSeriesLoopHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onDone }) {
        return this.callTapsLooping({
          onError: (i2, err2, next, doneBreak) => onError(err2) + doneBreak(true),
          onDone
        });
      }
    };
    var factory = new AsyncSeriesLoopHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncSeriesLoopHook(args2 = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name2 = void 0) {
      const hook = new Hook(args2, name2);
      hook.constructor = AsyncSeriesLoopHook;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncSeriesLoopHookType<T, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncSeriesLoopHook.prototype = null;
    module2.exports = AsyncSeriesLoopHook;
  }
});

// node_modules/tapable/lib/AsyncSeriesWaterfallHook.js
var require_AsyncSeriesWaterfallHook = __commonJS({
  "node_modules/tapable/lib/AsyncSeriesWaterfallHook.js"(exports2, module2) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var AsyncSeriesWaterfallHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onResult }) {
        return this.callTapsSeries({
          onError: (i2, err2, next, doneBreak) => onError(err2) + doneBreak(true),
          onResult: (i2, result, next) => {
            let code = "";
            code += `if(${result} !== undefined) {
`;
            code += `${/** @type {string[]} */
            this._args[0]} = ${result};
`;
            code += "}\n";
            code += next();
            return code;
          },
          onDone: () => onResult(
            /** @type {string[]} */
            this._args[0]
          )
        });
      }
    };
    var factory = new AsyncSeriesWaterfallHookCodeFactory();
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function AsyncSeriesWaterfallHook2(args2 = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name2 = void 0) {
      if (args2.length < 1) {
        throw new Error("Waterfall hooks must have at least one argument");
      }
      const hook = new Hook(args2, name2);
      hook.constructor = AsyncSeriesWaterfallHook2;
      hook.compile = COMPILE;
      hook._call = void 0;
      hook.call = void 0;
      return (
        /** @type {AsyncSeriesWaterfallHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    AsyncSeriesWaterfallHook2.prototype = null;
    module2.exports = AsyncSeriesWaterfallHook2;
  }
});

// node_modules/tapable/lib/HookMap.js
var require_HookMap = __commonJS({
  "node_modules/tapable/lib/HookMap.js"(exports2, module2) {
    "use strict";
    var util = require("util");
    var defaultFactory = (key, hook) => hook;
    var HookMap = class {
      /**
       * @param {HookFactory<H>} factory factory creating new hooks for unknown keys
       * @param {string=} name name of the hook map
       */
      constructor(factory, name2 = void 0) {
        this._map = /* @__PURE__ */ new Map();
        this.name = name2;
        this._factory = factory;
        this._interceptors = [];
      }
      /**
       * @param {EXPECTED_ANY} key the key to look up
       * @returns {H | undefined} the hook stored for `key`, if any
       */
      get(key) {
        return this._map.get(key);
      }
      /**
       * @param {EXPECTED_ANY} key the key to look up or create
       * @returns {H} the hook stored for `key`, creating one via the factory if missing
       */
      for(key) {
        const map = this._map;
        const hook = map.get(key);
        if (hook !== void 0) {
          return hook;
        }
        let newHook = this._factory(key);
        const interceptors = this._interceptors;
        for (let i2 = 0; i2 < interceptors.length; i2++) {
          newHook = /** @type {NonNullable<HookMapInterceptor<H>["factory"]>} */
          interceptors[i2].factory(key, newHook);
        }
        map.set(key, newHook);
        return newHook;
      }
      /**
       * @param {HookMapInterceptor<H>} interceptor the interceptor to register
       * @returns {void}
       */
      intercept(interceptor) {
        this._interceptors.push(
          Object.assign(
            {
              factory: defaultFactory
            },
            interceptor
          )
        );
      }
    };
    HookMap.prototype.tap = // @ts-expect-error deprecated
    util.deprecate(function tap(key, options, fn) {
      return this.for(key).tap(options, fn);
    }, "HookMap#tap(key,\u2026) is deprecated. Use HookMap#for(key).tap(\u2026) instead.");
    HookMap.prototype.tapAsync = // @ts-expect-error deprecated
    util.deprecate(function tapAsync(key, options, fn) {
      return this.for(key).tapAsync(options, fn);
    }, "HookMap#tapAsync(key,\u2026) is deprecated. Use HookMap#for(key).tapAsync(\u2026) instead.");
    HookMap.prototype.tapPromise = // @ts-expect-error deprecated
    util.deprecate(function tapPromise(key, options, fn) {
      return this.for(key).tapPromise(options, fn);
    }, "HookMap#tapPromise(key,\u2026) is deprecated. Use HookMap#for(key).tapPromise(\u2026) instead.");
    module2.exports = HookMap;
  }
});

// node_modules/tapable/lib/MultiHook.js
var require_MultiHook = __commonJS({
  "node_modules/tapable/lib/MultiHook.js"(exports2, module2) {
    "use strict";
    var MultiHook = class _MultiHook {
      /**
       * @param {H[]} hooks the underlying hooks to multiplex tap calls across
       * @param {string=} name name of the multi hook
       */
      constructor(hooks, name2 = void 0) {
        this.hooks = hooks;
        this.name = name2;
      }
      /**
       * @template T, R
       * @param {string | Tap} options tap name or full tap options
       * @param {(...args: AsArray<T>) => R} fn the function to register
       * @returns {void}
       */
      tap(options, fn) {
        const { hooks } = this;
        for (let i2 = 0; i2 < hooks.length; i2++) {
          hooks[i2].tap(options, fn);
        }
      }
      /**
       * @template T, R
       * @param {string | Tap} options tap name or full tap options
       * @param {(...args: Append<AsArray<T>, InnerCallback<Error, R>>) => void} fn the function to register
       * @returns {void}
       */
      tapAsync(options, fn) {
        const { hooks } = this;
        for (let i2 = 0; i2 < hooks.length; i2++) {
          hooks[i2].tapAsync(options, fn);
        }
      }
      /**
       * @template T, R
       * @param {string | Tap} options tap name or full tap options
       * @param {(...args: AsArray<T>) => Promise<R>} fn the function to register
       * @returns {void}
       */
      tapPromise(options, fn) {
        const { hooks } = this;
        for (let i2 = 0; i2 < hooks.length; i2++) {
          hooks[i2].tapPromise(
            options,
            /** @type {EXPECTED_ANY} */
            fn
          );
        }
      }
      /**
       * @returns {boolean} true if any of the underlying hooks reports usage
       */
      isUsed() {
        const { hooks } = this;
        for (let i2 = 0; i2 < hooks.length; i2++) {
          if (hooks[i2].isUsed()) {
            return true;
          }
        }
        return false;
      }
      /**
       * @param {HookInterceptor<EXPECTED_ANY, EXPECTED_ANY, EXPECTED_ANY>} interceptor the interceptor to register
       * @returns {void}
       */
      intercept(interceptor) {
        const { hooks } = this;
        for (let i2 = 0; i2 < hooks.length; i2++) {
          hooks[i2].intercept(interceptor);
        }
      }
      /**
       * @param {TapOptions} options the options to merge into each tap
       * @returns {MultiHook<H>} a new MultiHook wrapping each underlying hook with the options
       */
      withOptions(options) {
        return (
          /** @type {MultiHook<H>} */
          new _MultiHook(
            this.hooks.map(
              (hook) => (
                /** @type {H} */
                /** @type {unknown} */
                hook.withOptions(options)
              )
            ),
            this.name
          )
        );
      }
    };
    module2.exports = MultiHook;
  }
});

// node_modules/tapable/lib/SyncBailHook.js
var require_SyncBailHook = __commonJS({
  "node_modules/tapable/lib/SyncBailHook.js"(exports2, module2) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var SyncBailHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onResult, resultReturns, onDone, rethrowIfPossible }) {
        return this.callTapsSeries({
          onError: (i2, err2) => onError(err2),
          onResult: (i2, result, next) => `if(${result} !== undefined) {
${onResult(
            result
          )};
} else {
${next()}}
`,
          resultReturns,
          onDone,
          rethrowIfPossible
        });
      }
    };
    var factory = new SyncBailHookCodeFactory();
    var TAP_ASYNC = () => {
      throw new Error("tapAsync is not supported on a SyncBailHook");
    };
    var TAP_PROMISE = () => {
      throw new Error("tapPromise is not supported on a SyncBailHook");
    };
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function SyncBailHook(args2 = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name2 = void 0) {
      const hook = new Hook(args2, name2);
      hook.constructor = SyncBailHook;
      hook.tapAsync = TAP_ASYNC;
      hook.tapPromise = TAP_PROMISE;
      hook.compile = COMPILE;
      return (
        /** @type {SyncBailHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    SyncBailHook.prototype = null;
    module2.exports = SyncBailHook;
  }
});

// node_modules/tapable/lib/SyncHook.js
var require_SyncHook = __commonJS({
  "node_modules/tapable/lib/SyncHook.js"(exports2, module2) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var SyncHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onDone, rethrowIfPossible }) {
        return this.callTapsSeries({
          onError: (i2, err2) => onError(err2),
          onDone,
          rethrowIfPossible
        });
      }
    };
    var factory = new SyncHookCodeFactory();
    var TAP_ASYNC = () => {
      throw new Error("tapAsync is not supported on a SyncHook");
    };
    var TAP_PROMISE = () => {
      throw new Error("tapPromise is not supported on a SyncHook");
    };
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function SyncHook2(args2 = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name2 = void 0) {
      const hook = new Hook(args2, name2);
      hook.constructor = SyncHook2;
      hook.tapAsync = TAP_ASYNC;
      hook.tapPromise = TAP_PROMISE;
      hook.compile = COMPILE;
      return (
        /** @type {SyncHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    SyncHook2.prototype = null;
    module2.exports = SyncHook2;
  }
});

// node_modules/tapable/lib/SyncLoopHook.js
var require_SyncLoopHook = __commonJS({
  "node_modules/tapable/lib/SyncLoopHook.js"(exports2, module2) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var SyncLoopHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onDone, rethrowIfPossible }) {
        return this.callTapsLooping({
          onError: (i2, err2) => onError(err2),
          onDone,
          rethrowIfPossible
        });
      }
    };
    var factory = new SyncLoopHookCodeFactory();
    var TAP_ASYNC = () => {
      throw new Error("tapAsync is not supported on a SyncLoopHook");
    };
    var TAP_PROMISE = () => {
      throw new Error("tapPromise is not supported on a SyncLoopHook");
    };
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function SyncLoopHook(args2 = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name2 = void 0) {
      const hook = new Hook(args2, name2);
      hook.constructor = SyncLoopHook;
      hook.tapAsync = TAP_ASYNC;
      hook.tapPromise = TAP_PROMISE;
      hook.compile = COMPILE;
      return (
        /** @type {SyncLoopHookType<T, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    SyncLoopHook.prototype = null;
    module2.exports = SyncLoopHook;
  }
});

// node_modules/tapable/lib/SyncWaterfallHook.js
var require_SyncWaterfallHook = __commonJS({
  "node_modules/tapable/lib/SyncWaterfallHook.js"(exports2, module2) {
    "use strict";
    var Hook = require_Hook();
    var HookCodeFactory = require_HookCodeFactory();
    var SyncWaterfallHookCodeFactory = class extends HookCodeFactory {
      /**
       * @param {ContentOptions} options content generation options
       * @returns {string} generated body code
       */
      content({ onError, onResult, resultReturns, rethrowIfPossible }) {
        return this.callTapsSeries({
          onError: (i2, err2) => onError(err2),
          onResult: (i2, result, next) => {
            let code = "";
            code += `if(${result} !== undefined) {
`;
            code += `${/** @type {string[]} */
            this._args[0]} = ${result};
`;
            code += "}\n";
            code += next();
            return code;
          },
          onDone: () => onResult(
            /** @type {string[]} */
            this._args[0]
          ),
          doneReturns: resultReturns,
          rethrowIfPossible
        });
      }
    };
    var factory = new SyncWaterfallHookCodeFactory();
    var TAP_ASYNC = () => {
      throw new Error("tapAsync is not supported on a SyncWaterfallHook");
    };
    var TAP_PROMISE = () => {
      throw new Error("tapPromise is not supported on a SyncWaterfallHook");
    };
    function COMPILE(options) {
      factory.setup(this, options);
      return factory.create(options);
    }
    function SyncWaterfallHook2(args2 = (
      /** @type {ArgumentNames<AsArray<T>>} */
      /** @type {unknown} */
      []
    ), name2 = void 0) {
      if (args2.length < 1) {
        throw new Error("Waterfall hooks must have at least one argument");
      }
      const hook = new Hook(args2, name2);
      hook.constructor = SyncWaterfallHook2;
      hook.tapAsync = TAP_ASYNC;
      hook.tapPromise = TAP_PROMISE;
      hook.compile = COMPILE;
      return (
        /** @type {SyncWaterfallHookType<T, R, AdditionalOptions>} */
        /** @type {unknown} */
        hook
      );
    }
    SyncWaterfallHook2.prototype = null;
    module2.exports = SyncWaterfallHook2;
  }
});

// node_modules/tapable/lib/index.js
var require_lib = __commonJS({
  "node_modules/tapable/lib/index.js"(exports2, module2) {
    "use strict";
    module2.exports.AsyncParallelBailHook = require_AsyncParallelBailHook();
    module2.exports.AsyncParallelHook = require_AsyncParallelHook();
    module2.exports.AsyncSeriesBailHook = require_AsyncSeriesBailHook();
    module2.exports.AsyncSeriesHook = require_AsyncSeriesHook();
    module2.exports.AsyncSeriesLoopHook = require_AsyncSeriesLoopHook();
    module2.exports.AsyncSeriesWaterfallHook = require_AsyncSeriesWaterfallHook();
    module2.exports.HookMap = require_HookMap();
    module2.exports.MultiHook = require_MultiHook();
    module2.exports.SyncBailHook = require_SyncBailHook();
    module2.exports.SyncHook = require_SyncHook();
    module2.exports.SyncLoopHook = require_SyncLoopHook();
    module2.exports.SyncWaterfallHook = require_SyncWaterfallHook();
    module2.exports.__esModule = true;
  }
});

// pipeline/hooks.ts
function createHooks() {
  return Object.freeze({
    /** The resolved config, before anything runs; taps may return an amended copy. */
    config: new import_tapable.AsyncSeriesWaterfallHook(["config"]),
    /** The section plans about to run, in config order; taps may reorder, add or remove. */
    sections: new import_tapable.SyncWaterfallHook(["plans"]),
    /** A section is about to start (after the sections it needs have settled). */
    beforeSection: new import_tapable.SyncHook(["plan", "input"]),
    /** A section settled; taps may replace its outcome (e.g. to drop it). */
    sectionResult: new import_tapable.SyncWaterfallHook(["outcome"]),
    /** A section was dropped, with its code and message. */
    sectionDropped: new import_tapable.SyncHook(["outcome"]),
    /** The subscriber seam: once per run, before any section starts. Guarded: a tap that throws
     *  or hangs is recorded on the result and changes nothing else. */
    beforeCompact: new import_tapable.AsyncParallelHook(["event"]),
    /** Builds the handoff text from the outcomes (`core:size-guard`, then `core:compose`). */
    compose: new import_tapable.SyncWaterfallHook(["state"]),
    /** The run is over; the result is final. Errors here are reported, not fatal. */
    done: new import_tapable.AsyncSeriesHook(["result"])
  });
}
var import_tapable;
var init_hooks = __esm({
  "pipeline/hooks.ts"() {
    "use strict";
    import_tapable = __toESM(require_lib(), 1);
  }
});

// node_modules/yocto-queue/index.js
var Node, Queue;
var init_yocto_queue = __esm({
  "node_modules/yocto-queue/index.js"() {
    "use strict";
    Node = class {
      value;
      next;
      constructor(value) {
        this.value = value;
      }
    };
    Queue = class {
      #head;
      #tail;
      #size;
      constructor() {
        this.clear();
      }
      enqueue(value) {
        const node = new Node(value);
        if (this.#head) {
          this.#tail.next = node;
          this.#tail = node;
        } else {
          this.#head = node;
          this.#tail = node;
        }
        this.#size++;
      }
      dequeue() {
        const current2 = this.#head;
        if (!current2) {
          return;
        }
        this.#head = this.#head.next;
        this.#size--;
        if (!this.#head) {
          this.#tail = void 0;
        }
        return current2.value;
      }
      peek() {
        if (!this.#head) {
          return;
        }
        return this.#head.value;
      }
      clear() {
        this.#head = void 0;
        this.#tail = void 0;
        this.#size = 0;
      }
      get size() {
        return this.#size;
      }
      *[Symbol.iterator]() {
        let current2 = this.#head;
        while (current2) {
          yield current2.value;
          current2 = current2.next;
        }
      }
      *drain() {
        while (this.#head) {
          yield this.dequeue();
        }
      }
    };
  }
});

// node_modules/p-limit/index.js
function pLimit(concurrency) {
  let rejectOnClear = false;
  if (typeof concurrency === "object") {
    ({ concurrency, rejectOnClear = false } = concurrency);
  }
  validateConcurrency(concurrency);
  if (typeof rejectOnClear !== "boolean") {
    throw new TypeError("Expected `rejectOnClear` to be a boolean");
  }
  const queue = new Queue();
  let activeCount = 0;
  const resumeNext = () => {
    if (activeCount < concurrency && queue.size > 0) {
      activeCount++;
      queue.dequeue().run();
    }
  };
  const next = () => {
    activeCount--;
    resumeNext();
  };
  const run3 = async (function_, resolve7, arguments_2) => {
    const result = (async () => function_(...arguments_2))();
    resolve7(result);
    try {
      await result;
    } catch {
    }
    next();
  };
  const enqueue = (function_, resolve7, reject, arguments_2) => {
    const queueItem = { reject };
    new Promise((internalResolve) => {
      queueItem.run = internalResolve;
      queue.enqueue(queueItem);
    }).then(run3.bind(void 0, function_, resolve7, arguments_2));
    if (activeCount < concurrency) {
      resumeNext();
    }
  };
  const generator = (function_, ...arguments_2) => new Promise((resolve7, reject) => {
    enqueue(function_, resolve7, reject, arguments_2);
  });
  Object.defineProperties(generator, {
    activeCount: {
      get: () => activeCount
    },
    pendingCount: {
      get: () => queue.size
    },
    clearQueue: {
      value() {
        if (!rejectOnClear) {
          queue.clear();
          return;
        }
        const abortError = AbortSignal.abort().reason;
        while (queue.size > 0) {
          queue.dequeue().reject(abortError);
        }
      }
    },
    concurrency: {
      get: () => concurrency,
      set(newConcurrency) {
        validateConcurrency(newConcurrency);
        concurrency = newConcurrency;
        queueMicrotask(() => {
          while (activeCount < concurrency && queue.size > 0) {
            resumeNext();
          }
        });
      }
    },
    map: {
      async value(iterable, function_) {
        const promises = [];
        try {
          Array.from(iterable, (value, index) => {
            const promise = generator(function_, value, index);
            promises.push(promise);
            return promise;
          });
        } catch (error) {
          for (const promise of promises) {
            promise.catch(() => {
            });
          }
          throw error;
        }
        return Promise.all(promises);
      }
    }
  });
  return generator;
}
function validateConcurrency(concurrency) {
  if (!((Number.isInteger(concurrency) || concurrency === Number.POSITIVE_INFINITY) && concurrency > 0)) {
    throw new TypeError("Expected `concurrency` to be a number from 1 and up");
  }
}
var init_p_limit = __esm({
  "node_modules/p-limit/index.js"() {
    "use strict";
    init_yocto_queue();
  }
});

// pipeline/busy-time.ts
function switchTo(next) {
  const now = import_node_perf_hooks.performance.now();
  if (current) {
    current.ms += now - since;
    allMs += now - since;
  }
  current = next;
  since = now;
}
function enableHooks() {
  stopHooks = import_node_v8.promiseHooks.createHook({
    init(promise, parent) {
      const meter = current ?? (parent ? meters.get(parent) : void 0);
      if (meter) meters.set(promise, meter);
    },
    before(promise) {
      stack.push(current);
      switchTo(meters.get(promise));
    },
    after() {
      switchTo(stack.pop());
    }
  });
}
function startMetering() {
  if (users++ === 0) enableHooks();
  return () => {
    if (--users === 0) {
      switchTo(void 0);
      stack.length = 0;
      stopHooks?.();
      stopHooks = null;
      meters = /* @__PURE__ */ new WeakMap();
    }
  };
}
function metered(meter, fn) {
  stack.push(current);
  switchTo(meter);
  try {
    return fn();
  } finally {
    switchTo(stack.pop());
  }
}
function othersSince(meter, mark) {
  return Math.max(0, allMs - mark.all - (meter.ms - mark.own));
}
function markOf(meter) {
  return { all: allMs, own: meter.ms };
}
function fairTimers(meter) {
  let handle2;
  const set = ((fn, ms) => {
    const mark = markOf(meter);
    const started = import_node_perf_hooks.performance.now();
    const check = () => {
      const spent = import_node_perf_hooks.performance.now() - started - othersSince(meter, mark);
      if (spent >= ms) fn();
      else handle2 = globalThis.setTimeout(check, Math.ceil(ms - spent));
    };
    handle2 = globalThis.setTimeout(check, ms);
    return handle2;
  });
  const clear = ((_h) => {
    if (handle2 !== void 0) globalThis.clearTimeout(handle2);
  });
  return { setTimeout: set, clearTimeout: clear };
}
var import_node_v8, import_node_perf_hooks, meters, current, since, stack, allMs, stopHooks, users;
var init_busy_time = __esm({
  "pipeline/busy-time.ts"() {
    "use strict";
    import_node_v8 = require("node:v8");
    import_node_perf_hooks = require("node:perf_hooks");
    meters = /* @__PURE__ */ new WeakMap();
    since = 0;
    stack = [];
    allMs = 0;
    stopHooks = null;
    users = 0;
  }
});

// pipeline/capabilities.ts
function bindCapabilities(capabilities, section) {
  const { model, files } = capabilities;
  return {
    ...capabilities,
    model: model && {
      fork: (req, signal) => model.fork({ ...req, section }, signal),
      complete: (req, signal) => model.complete({ ...req, section }, signal)
    },
    files: files && { read: (req, signal) => files.read({ ...req, section }, signal) }
  };
}
function requireModel(capabilities) {
  if (capabilities.model) return capabilities.model;
  throw new SectionDropError("SECTION_NO_MODEL", "needs a model and the host offers none");
}
var systemClock;
var init_capabilities = __esm({
  "pipeline/capabilities.ts"() {
    "use strict";
    init_codes();
    systemClock = () => Date.now();
  }
});

// pipeline/run-sections.ts
function shareBudgets(plans, ceiling, lateShare = 0) {
  const budgets = /* @__PURE__ */ new Map();
  const running = plans.filter((p) => p.enabled && p.definition);
  const upfront = running.filter((p) => !p.definition.needs?.length);
  const sum = upfront.reduce((n, p) => n + p.budgetChars, 0);
  const room = ceiling ? Math.max(0, ceiling.chars - FRAME_CHARS) : Infinity;
  const kept = upfront.length < running.length ? lateShare : 0;
  const upfrontRoom = Math.floor(room * (1 - kept));
  for (const p of running) {
    if (sum > upfrontRoom && upfront.includes(p)) {
      const chars2 = Math.floor(p.budgetChars * upfrontRoom / sum);
      const less = kept > 0 ? ` less the lateShare of ${kept} kept for the sections that wait for others` : "";
      budgets.set(p.name, { chars: chars2, setting: `budgetChars: ${p.budgetChars}, its share of the handoff's ceiling${less}, ${ceiling.setting}` });
    } else if (ceiling && p.budgetChars > room) {
      budgets.set(p.name, { chars: room, setting: `budgetChars: ${p.budgetChars}, held to the handoff's ceiling, ${ceiling.setting}` });
    } else budgets.set(p.name, { chars: p.budgetChars, setting: "budgetChars" });
  }
  return budgets;
}
function waitsFor(other, plan, plans, seen = /* @__PURE__ */ new Set()) {
  for (const name2 of other.definition?.needs ?? []) {
    if (name2 === plan.name) return true;
    const next = plans.find((p) => p.name === name2);
    if (next && !seen.has(name2) && (seen.add(name2), waitsFor(next, plan, plans, seen))) return true;
  }
  return false;
}
function roomFor(plan, budget, others, budgets, input, ceiling) {
  if (!ceiling) return budget;
  const plans = others.map((o) => o.plan);
  const settled = others.filter((o) => o.outcome && budgets.has(o.plan.name)).map((o) => o.outcome);
  const toCome = others.filter((o) => !o.outcome && budgets.has(o.plan.name)).map((o) => ({ name: o.plan.name, title: o.plan.definition.title }));
  let taken = frameChars(lineageMarker(input.sessionId, input.lineage), input.lineage, settled, toCome);
  let later = 0;
  for (const o of others) {
    if (o.plan === plan || !budgets.has(o.plan.name)) continue;
    if (!o.outcome && waitsFor(o.plan, plan, plans)) later += o.plan.budgetChars;
    else taken += o.outcome ? o.outcome.status === "ok" ? o.outcome.chars : 0 : budgets.get(o.plan.name).chars;
  }
  const left = Math.max(0, ceiling.chars - taken);
  const room = later > 0 ? Math.floor(left * plan.budgetChars / (plan.budgetChars + later)) : left;
  return room < budget.chars ? { chars: room, setting: `budgetChars: ${plan.budgetChars}, held to what the other sections left under the ceiling, ${ceiling.setting}` } : budget;
}
function createReporter() {
  const notes = [];
  return { note: (m) => void notes.push(m), notes };
}
function dropped(plan, code, message, extra = {}) {
  return {
    name: plan.name,
    title: plan.definition?.title ?? plan.name,
    status: "dropped",
    code,
    message: `[section ${plan.name}] ${message}`,
    ms: 0,
    notes: [],
    ...extra
  };
}
function normalize(value) {
  if (value == null) return null;
  if (typeof value === "string") return { body: value };
  return value;
}
async function runOne(plan, input, needed, opts, given) {
  const def = plan.definition;
  if (!plan.enabled) return dropped(plan, "SECTION_DISABLED", "switched off (enabled: false)");
  if (!def) return dropped(plan, "SECTION_LOAD_FAILED", plan.loadError ?? "no section definition was loaded");
  if (opts.signal?.aborted) return dropped(plan, "SECTION_CANCELLED", `the run was cancelled before it started: ${reasonText(opts.signal.reason)}`);
  const { chars: budget, setting: budgetSetting } = given ?? { chars: plan.budgetChars, setting: "budgetChars" };
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener("abort", onRunAbort, { once: true });
  const report = createReporter();
  const ctx = {
    name: plan.name,
    input,
    options: plan.options,
    budgetChars: budget,
    timeoutMs: plan.timeoutMs,
    signal: controller.signal,
    // Bound to this section: every model call and read it makes carries its name to the host.
    capabilities: bindCapabilities(opts.capabilities, plan.name),
    report,
    needed
  };
  const started = opts.capabilities.now();
  const base2 = () => ({ ms: opts.capabilities.now() - started, notes: [...report.notes] });
  const meter = { ms: 0 };
  const mark = markOf(meter);
  const wallStart = import_node_perf_hooks2.performance.now();
  const ownMs = () => import_node_perf_hooks2.performance.now() - wallStart - othersSince(meter, mark);
  const stopMetering = opts.meterAwaits ? startMetering() : () => {
  };
  try {
    opts.hooks.beforeSection.call(plan, input);
    const work = Promise.resolve().then(() => metered(meter, () => def.run(ctx)));
    const value = await pTimeout(work, {
      milliseconds: plan.timeoutMs,
      // p-timeout only stops waiting; the signal is what tells the section to stop working.
      message: new TimeoutError("timeout"),
      // Time other sections held the thread is granted back: the hog is the one that times out.
      customTimers: fairTimers(meter)
    });
    if (ownMs() > plan.timeoutMs) throw new TimeoutError("timeout");
    const result = normalize(value);
    const messages = result?.messages ?? [];
    const body2 = result?.body ?? "";
    if (!result || body2.trim() === "" && messages.length === 0) {
      return dropped(plan, "SECTION_EMPTY", "returned nothing", { ...base2(), record: result?.record });
    }
    const chars2 = body2.length + messages.reduce((n, m) => n + messageChars(m), 0);
    if (chars2 > budget) {
      return dropped(plan, "SECTION_OVER_BUDGET", `${fmt(chars2)} chars exceeds budget of ${fmt(budget)} (${budgetSetting})`, {
        ...base2(),
        chars: chars2,
        record: result.record
      });
    }
    return {
      name: plan.name,
      title: def.title,
      status: "ok",
      body: body2,
      chars: chars2,
      messages,
      record: result.record,
      ...base2()
    };
  } catch (err2) {
    if (err2 instanceof TimeoutError) {
      controller.abort(new Error(`timed out after ${plan.timeoutMs} ms`));
      const held = meter.ms >= plan.timeoutMs / 2 ? `; its own code held the event loop for ${fmt(Math.round(meter.ms))} ms` : "";
      return dropped(plan, "SECTION_TIMEOUT", `timed out after ${fmt(plan.timeoutMs)} ms (timeoutMs: ${plan.timeoutMs})${held}`, base2());
    }
    if (isSectionDrop(err2)) {
      return dropped(plan, err2.code, err2.message, { ...base2(), ...err2.record ? { record: err2.record } : {} });
    }
    const message = err2 instanceof Error ? err2.message : String(err2);
    return dropped(plan, "SECTION_THREW", `threw: ${message.split("\n")[0]}`, base2());
  } finally {
    stopMetering();
    opts.signal?.removeEventListener("abort", onRunAbort);
    if (!controller.signal.aborted) controller.abort(new Error("section settled"));
  }
}
function settle(outcome, hooks) {
  let final;
  try {
    final = hooks.sectionResult.call(outcome) ?? outcome;
  } catch (err2) {
    final = { ...outcome, notes: [...outcome.notes, `sectionResult tap threw: ${err2.message}`] };
  }
  if (final.status === "dropped") {
    try {
      hooks.sectionDropped.call(final);
    } catch (err2) {
      final.notes.push(`sectionDropped tap threw: ${err2.message}`);
    }
  }
  return final;
}
async function runSections(plans, input, opts) {
  const limit = pLimit(Math.max(1, opts.concurrency));
  const metering = { ...opts, meterAwaits: opts.meterAwaits ?? false };
  const settled = /* @__PURE__ */ new Map();
  const budgets = shareBudgets(plans, opts.ceiling, opts.lateShare);
  const progress = plans.map((plan) => ({ plan, outcome: void 0 }));
  const upfront = [];
  for (const [i2, plan] of plans.entries()) {
    const waitFor = (plan.definition?.needs ?? []).filter((n) => settled.has(n));
    const promise = (async () => {
      const needed = {};
      for (const name2 of waitFor) needed[name2] = await settled.get(name2);
      if (waitFor.length && opts.ceiling) await Promise.all(upfront);
      const outcome = await limit(() => {
        const shared = budgets.get(plan.name);
        const budget = shared && waitFor.length ? roomFor(plan, shared, progress, budgets, input, opts.ceiling) : shared;
        return runOne(plan, input, needed, metering, budget);
      });
      return progress[i2].outcome = settle(outcome, opts.hooks);
    })().catch((err2) => dropped(plan, "SECTION_THREW", `runner failed: ${err2?.message ?? err2}`));
    settled.set(plan.name, promise);
    if (!waitFor.length) upfront.push(promise);
  }
  return Promise.all(plans.map((p) => settled.get(p.name)));
}
var import_node_perf_hooks2, FRAME_CHARS, reasonText;
var init_run_sections = __esm({
  "pipeline/run-sections.ts"() {
    "use strict";
    init_p_limit();
    init_p_timeout();
    import_node_perf_hooks2 = require("node:perf_hooks");
    init_busy_time();
    init_capabilities();
    init_codes();
    init_compose();
    init_marker();
    init_text();
    FRAME_CHARS = 1500;
    reasonText = (reason) => String(reason?.message ?? reason ?? "aborted");
  }
});

// pipeline/pipeline.ts
function settleTap(type, fn, args2, timeoutMs) {
  const work = type === "async" ? new Promise((resolve7, reject) => fn(...args2, (err2, value) => err2 ? reject(err2) : resolve7(value))) : Promise.resolve().then(() => fn(...args2));
  return pTimeout(work, { milliseconds: timeoutMs });
}
function guardSeam(hooks, ledger, now, timeoutMs) {
  hooks.beforeCompact.intercept({
    register(tap) {
      const fn = tap.fn;
      const guarded = async (event) => {
        const started = now();
        try {
          await settleTap(tap.type, fn, [readOnly(event)], timeoutMs);
          ledger()?.note(tap.name, "beforeCompact", "ok", now() - started);
        } catch (err2) {
          const { status, message } = failure(err2, timeoutMs);
          ledger()?.note(tap.name, "beforeCompact", status, now() - started, message);
        }
      };
      return { ...tap, type: "promise", fn: guarded };
    }
  });
}
function readOnly(value) {
  if (value === null || typeof value !== "object") return value;
  let view = views.get(value);
  if (!view) {
    view = new Proxy(value, {
      get(target, key, receiver) {
        const got = Reflect.get(target, key, receiver);
        const desc = Reflect.getOwnPropertyDescriptor(target, key);
        return desc && !desc.configurable && !desc.writable ? got : readOnly(got);
      },
      set: refuse,
      deleteProperty: refuse,
      defineProperty: refuse,
      setPrototypeOf: refuse
    });
    views.set(value, view);
  }
  return view;
}
function observed(hook, args2) {
  return OBSERVERS.has(hook) ? args2.map(readOnly) : args2;
}
function subscriberFacade(subscriber, hooks, ledger, now, timeoutMs) {
  const pending = [];
  const facade = {};
  for (const hook of Object.keys(hooks)) {
    const real = hooks[hook];
    const method = (type) => (options, fn) => {
      if (typeof fn !== "function") throw new TypeError(`hooks.${hook} needs a function to tap`);
      if (type !== "sync" && !ASYNC_HOOKS.has(hook)) throw new TypeError(`hooks.${hook} is synchronous: tap it with tap()`);
      const tapOptions = { ...typeof options === "object" && options ? options : {}, name: subscriber };
      if (hook === "beforeCompact") {
        const name2 = type === "sync" ? "tap" : type === "promise" ? "tapPromise" : "tapAsync";
        pending.push(() => real[name2].call(real, tapOptions, fn));
        return;
      }
      const settle2 = (args2, out2, started) => {
        ledger()?.note(subscriber, hook, "ok", now() - started);
        return WATERFALLS.has(hook) ? out2 ?? args2[0] : void 0;
      };
      const fail = (args2, err2, started) => {
        const { status, message } = failure(err2, timeoutMs);
        ledger()?.note(subscriber, hook, status, now() - started, message);
        return WATERFALLS.has(hook) ? args2[0] : void 0;
      };
      if (ASYNC_HOOKS.has(hook)) {
        const guarded = async (...args2) => {
          const started = now();
          try {
            return settle2(args2, await settleTap(type, fn, observed(hook, args2), timeoutMs), started);
          } catch (err2) {
            return fail(args2, err2, started);
          }
        };
        pending.push(() => real.tapPromise.call(real, tapOptions, guarded));
      } else {
        const guarded = (...args2) => {
          const started = now();
          try {
            const out2 = fn(...observed(hook, args2));
            if (typeof out2?.then === "function") {
              Promise.resolve(out2).catch(() => {
              });
              throw new TypeError(`hooks.${hook} is synchronous: its tap returned a promise`);
            }
            return settle2(args2, out2, started);
          } catch (err2) {
            return fail(args2, err2, started);
          }
        };
        pending.push(() => real.tap.call(real, tapOptions, guarded));
      }
    };
    facade[hook] = Object.freeze({ tap: method("sync"), tapPromise: method("promise"), tapAsync: method("async") });
  }
  return { facade: Object.freeze(facade), register: () => pending.forEach((r) => r()) };
}
function createPipeline(config, opts = {}) {
  const hooks = createHooks();
  const timeoutMs = opts.seamTimeoutMs ?? config.seamTimeoutMs ?? SEAM_TIMEOUT_MS;
  const early = new SeamLedger();
  let ledger = null;
  guardSeam(hooks, () => ledger, Date.now, timeoutMs);
  tapCoreCompose(hooks);
  return {
    hooks,
    subscribe(subscriber, options = {}) {
      const { facade, register } = subscriberFacade(subscriber.name, hooks, () => ledger, Date.now, timeoutMs);
      const started = Date.now();
      try {
        const returned = subscriber.apply(facade, options);
        if (typeof returned?.then === "function") {
          Promise.resolve(returned).catch(() => {
          });
          throw new TypeError("apply returned a promise: it must tap the hooks and return (do async work in a tapPromise)");
        }
        register();
        return true;
      } catch (err2) {
        early.note(subscriber.name, "apply", "threw", Date.now() - started, errorText(err2));
        return false;
      }
    },
    noteSubscriberFailure(name2, hook, message) {
      early.note(name2, hook, "threw", 0, message);
    },
    async run(input, capabilities, runOpts = {}) {
      const started = capabilities.now();
      ledger = new SeamLedger();
      const seam = ledger.records;
      seam.push(...early.records.map((r) => ({ ...r })));
      const resolved = await hooks.config.promise(config);
      const plans = hooks.sections.call(resolved.sections);
      const lineage = input.lineage ?? lineageFromTranscript(input.transcript);
      const marker = lineageMarker(input.sessionId, lineage);
      await hooks.beforeCompact.promise({
        sessionId: input.sessionId,
        trigger: input.trigger,
        messageCount: input.transcript.messages.length
      });
      const outcomes = await runSections(
        plans,
        { ...input, lineage },
        {
          concurrency: resolved.concurrency,
          capabilities,
          hooks,
          signal: runOpts.signal,
          ceiling: sizeLimit(resolved, input.contextWindow),
          lateShare: resolved.lateShare
        }
      );
      const composed = hooks.compose.call({
        input,
        config: resolved,
        lineage,
        marker,
        outcomes,
        handoff: "",
        messages: []
      });
      const kept = composed.outcomes.filter((o) => o.status === "ok");
      const totalChars2 = handoffChars(composed.handoff, composed.outcomes);
      const droppedCount = composed.outcomes.length - kept.length;
      const result = {
        handoff: composed.handoff,
        marker,
        lineage,
        messages: composed.messages,
        sections: composed.outcomes,
        totalChars: totalChars2,
        summaryLine: `${kept.length} of ${composed.outcomes.length} sections kept (${fmt(totalChars2)} chars); ${droppedCount} dropped`,
        seam,
        notes: composed.overCeiling ? [
          `the handoff is ${fmt(composed.overCeiling.chars)} chars, over its ceiling of ${fmt(composed.overCeiling.ceiling)} (${composed.overCeiling.setting}), and no section left to cut would make it smaller`
        ] : [],
        ms: capabilities.now() - started
      };
      try {
        await hooks.done.promise(result);
      } catch (err2) {
        result.notes.push(`a done tap threw: ${String(err2?.message ?? err2)}`);
      }
      return result;
    }
  };
}
var SEAM_TIMEOUT_MS, OBSERVERS, WATERFALLS, ASYNC_HOOKS, SeamLedger, errorText, SeamDeniedError, failure, views, refuse;
var init_pipeline = __esm({
  "pipeline/pipeline.ts"() {
    "use strict";
    init_p_timeout();
    init_text();
    init_compose();
    init_marker();
    init_hooks();
    init_run_sections();
    SEAM_TIMEOUT_MS = 5e3;
    OBSERVERS = /* @__PURE__ */ new Set(["beforeSection", "sectionDropped", "done"]);
    WATERFALLS = /* @__PURE__ */ new Set(["config", "sections", "sectionResult", "compose"]);
    ASYNC_HOOKS = /* @__PURE__ */ new Set(["config", "beforeCompact", "done"]);
    SeamLedger = class {
      records = [];
      byKey = /* @__PURE__ */ new Map();
      note(name2, hook, status, ms, message) {
        const key = `${name2}\0${hook}`;
        const row = this.byKey.get(key);
        if (!row) {
          const fresh = { name: name2, hook, status, ms, ...message ? { message } : {} };
          this.byKey.set(key, fresh);
          this.records.push(fresh);
          return;
        }
        row.ms += ms;
        if (row.status === "ok" && status !== "ok") Object.assign(row, { status }, message ? { message } : {});
      }
    };
    errorText = (err2) => String(err2?.message ?? err2);
    SeamDeniedError = class extends Error {
      name = "SeamDeniedError";
    };
    failure = (err2, timeoutMs) => err2?.name === "TimeoutError" ? { status: "timedOut", message: `no answer within ${fmt(timeoutMs)} ms (seamTimeoutMs: ${timeoutMs})` } : err2 instanceof SeamDeniedError ? { status: "denied", message: err2.message } : { status: "threw", message: errorText(err2) };
    views = /* @__PURE__ */ new WeakMap();
    refuse = () => {
      throw new TypeError("this hook is observed, not changed: what a subscriber is handed here is read-only");
    };
  }
});

// pipeline/import-module.ts
var importModule;
var init_import_module = __esm({
  "pipeline/import-module.ts"() {
    "use strict";
    importModule = (url) => __chImport(url);
  }
});

// pipeline/section-worker.ts
async function startSectionThread(url, timeoutMs) {
  const { Worker } = await Promise.resolve().then(() => __toESM(require("node:worker_threads"), 1));
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url }, stdout: true });
  worker.stdout.pipe(process.stderr, { end: false });
  return new Promise((resolve7, reject) => {
    const fail = (message) => {
      clearTimeout(timer);
      void worker.terminate();
      reject(new ThreadLoadError(message));
    };
    const timer = setTimeout(
      () => fail(`did not finish loading within ${fmt(timeoutMs)} ms (loadTimeoutMs: ${timeoutMs}): its top-level code is still waiting`),
      timeoutMs
    );
    const onMessage = (m) => {
      if (m.type === "loaded") {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        worker.unref();
        resolve7({ shape: m.shape, worker });
      } else if (m.type === "load-failed") fail(m.message);
      else if (m.type === "stray" || m.type === "uncaught") fail(`threw while it loaded: ${m.message}`);
      else if (m.type === "exit") fail(`called process.exit(${m.code}) while it loaded`);
    };
    const onExit = (code) => fail(`ended its thread while it loaded (exit code ${code})`);
    worker.on("message", onMessage);
    worker.once("exit", onExit);
    worker.once("error", (err2) => fail(`threw while it loaded: ${String(err2?.message ?? err2).split("\n")[0]}`));
  });
}
function runInThread(thread, ctx) {
  const { worker } = thread;
  const { model, files, host } = ctx.capabilities;
  return new Promise((resolve7, reject) => {
    let settled = false;
    const end = (settle2) => {
      if (settled) return;
      settled = true;
      ctx.signal.removeEventListener("abort", onAbort);
      worker.off("message", onMessage);
      void worker.terminate();
      settle2();
    };
    const drop = (code, message) => end(() => reject(new SectionDropError(code, message)));
    const onAbort = () => {
      const busy = Math.round(worker.performance.eventLoopUtilization().active);
      ctx.report.note(
        `its thread was stopped (${String(ctx.signal.reason?.message ?? ctx.signal.reason)}); its code had kept that thread busy for ${fmt(busy)} ms`
      );
      end(() => reject(ctx.signal.reason));
    };
    const answer2 = (id, work, call) => {
      if (!work) return worker.postMessage({ type: "answer", id, ok: false, message: `${call}: the host offers no such capability` });
      work.then(
        (value) => !settled && worker.postMessage({ type: "answer", id, ok: true, value }),
        (err2) => !settled && worker.postMessage({ type: "answer", id, ok: false, message: String(err2?.message ?? err2) })
      );
    };
    const onMessage = (m) => {
      if (m.type === "call") {
        const req = m.req;
        const work = m.call === "files.read" ? files?.read(req, ctx.signal) : m.call === "model.fork" ? model?.fork(req, ctx.signal) : model?.complete(req, ctx.signal);
        answer2(m.id, work, m.call);
      } else if (m.type === "note") ctx.report.note(m.text);
      else if (m.type === "result") end(() => resolve7(m.value));
      else if (m.type === "threw") {
        const { name: name2, message, code, record } = m.error;
        const chosen = name2 === "SectionDropError" && typeof code === "string" && code in DROP_CODES;
        end(() => reject(chosen ? new SectionDropError(code, message, record) : new Error(message)));
      } else if (m.type === "stray") drop("SECTION_STRAY_REJECTION", `left a promise behind that rejected with nothing to handle it: ${m.message}`);
      else if (m.type === "uncaught") drop("SECTION_THREW", `threw outside its promise (in a callback): ${m.message}`);
      else if (m.type === "exit") drop("SECTION_EXITED", `called process.exit(${m.code}), which ended its thread`);
    };
    worker.on("message", onMessage);
    worker.once("exit", (code) => drop("SECTION_EXITED", `its thread ended before it answered (exit code ${code})`));
    worker.once("error", (err2) => drop("SECTION_THREW", `its thread failed: ${String(err2?.message ?? err2).split("\n")[0]}`));
    ctx.signal.addEventListener("abort", onAbort, { once: true });
    worker.ref();
    try {
      worker.postMessage({
        type: "run",
        ctx: {
          name: ctx.name,
          input: ctx.input,
          options: ctx.options,
          budgetChars: ctx.budgetChars,
          timeoutMs: ctx.timeoutMs,
          needed: ctx.needed,
          host,
          model: model !== null,
          files: files !== null
        }
      });
    } catch (err2) {
      end(() => reject(new Error(`its context could not be handed to its thread: ${err2.message}`)));
    }
  });
}
var LOAD_TIMEOUT_MS, FUNCTION_MARK, WORKER_SOURCE, ThreadLoadError;
var init_section_worker = __esm({
  "pipeline/section-worker.ts"() {
    "use strict";
    init_codes();
    init_text();
    LOAD_TIMEOUT_MS = 1e4;
    FUNCTION_MARK = "\0function";
    WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads')
const post = (m) => parentPort.postMessage(m)
const text = (e) => String(e && typeof e === 'object' && 'message' in e ? e.message : e).split('\n')[0]
// Reported, never fatal here: this thread's owner drops the section with its code.
process.on('unhandledRejection', (reason) => post({ type: 'stray', message: text(reason) }))
process.on('uncaughtException', (err) => post({ type: 'uncaught', message: text(err) }))
const exit = process.exit.bind(process)
process.exit = (code) => { post({ type: 'exit', code: Number(code ?? process.exitCode ?? 0) }); exit(code) }
let definition
let nextId = 1
const calls = new Map()
const stop = new AbortController()
const ask = (call, req) => new Promise((resolve, reject) => { const id = nextId++; calls.set(id, { resolve, reject }); post({ type: 'call', id, call, req }) })
const turn = () => new Promise((r) => setImmediate(r))
parentPort.on('message', (m) => {
  if (m.type === 'answer') {
    const c = calls.get(m.id)
    if (!c) return
    calls.delete(m.id)
    if (m.ok) c.resolve(m.value)
    else c.reject(new Error(m.message))
  } else if (m.type === 'abort') stop.abort(new Error(m.reason))
  else if (m.type === 'run') void run(m.ctx)
})
async function run(c) {
  const notes = []
  const ctx = {
    name: c.name, input: c.input, options: c.options, budgetChars: c.budgetChars, timeoutMs: c.timeoutMs, needed: c.needed, signal: stop.signal,
    capabilities: {
      host: c.host, now: () => Date.now(),
      model: c.model ? { fork: (req) => ask('model.fork', req), complete: (req) => ask('model.complete', req) } : null,
      files: c.files ? { read: (req) => ask('files.read', req) } : null,
    },
    report: { notes, note: (t) => { notes.push(String(t)); post({ type: 'note', text: String(t) }) } },
  }
  try {
    const value = await definition.run(ctx)
    // A promise the run left to reject surfaces within these turns, ahead of its result.
    await turn(); await new Promise((r) => setTimeout(r, 0)); await turn()
    try { post({ type: 'result', value }) } catch (err) { post({ type: 'threw', error: { message: 'returned something that cannot leave its thread: ' + text(err) } }) }
  } catch (err) {
    const e = err && typeof err === 'object' ? err : {}
    const error = { name: typeof e.name === 'string' ? e.name : undefined, message: text(err), code: typeof e.code === 'string' ? e.code : undefined }
    try { post({ type: 'threw', error: { ...error, record: e.record } }) } catch { post({ type: 'threw', error }) }
  }
}
;(async () => {
  let mod
  try { mod = await import(workerData.url) } catch (err) { post({ type: 'load-failed', message: 'threw while it loaded: ' + text(err) }); return }
  definition = mod.default
  if (definition === undefined) { post({ type: 'load-failed', message: 'has no default export' }); return }
  let shape = definition
  if (definition && typeof definition === 'object') {
    shape = {}
    for (const [k, v] of Object.entries(definition)) shape[k] = typeof v === 'function' ? '${FUNCTION_MARK}' : v
  } else if (typeof definition === 'function') shape = '${FUNCTION_MARK}'
  try { post({ type: 'loaded', shape }) } catch (err) { post({ type: 'load-failed', message: 'default-exports something that cannot leave its thread: ' + text(err) }) }
})()
`;
    ThreadLoadError = class extends Error {
    };
  }
});

// pipeline/packages.ts
function exportTarget(value) {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = exportTarget(v);
      if (found) return found;
    }
    return null;
  }
  if (isRecord3(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (CONDITIONS.includes(key)) {
        const found = exportTarget(v);
        if (found) return found;
      }
    }
  }
  return null;
}
function exportsEntry(exports2, subpath) {
  const isSubpathMap = isRecord3(exports2) && Object.keys(exports2).some((k) => k.startsWith("."));
  if (!isSubpathMap) return subpath === "." ? exportTarget(exports2) : null;
  const map = exports2;
  if (Object.hasOwn(map, subpath)) return exportTarget(map[subpath]);
  const patterns = Object.keys(map).filter((k) => k.split("*").length === 2).sort((a, b) => b.indexOf("*") - a.indexOf("*"));
  for (const key of patterns) {
    const [pre, post] = key.split("*");
    if (subpath.startsWith(pre) && subpath.endsWith(post) && subpath.length >= key.length - 1) {
      const target = exportTarget(map[key]);
      return target && target.replaceAll("*", subpath.slice(pre.length, subpath.length - post.length));
    }
  }
  return null;
}
function resolvePackage(specifier, fromDir) {
  if ((0, import_node_module2.isBuiltin)(specifier)) throw new PackageLoadError(`"${specifier}" is a Node built-in module, not a package: name an npm package`);
  const parts2 = SPECIFIER.exec(specifier);
  if (!parts2 || specifier.includes("\\")) {
    throw new PackageLoadError(
      `"${specifier}" is not a package name: a config names npm packages, not paths (a folder of your own installs as one: cd ${fromDir} && npm install ./that-folder)`
    );
  }
  const name2 = parts2[1];
  const subpath = `.${parts2[2] ?? ""}`;
  let dir = (0, import_node_path3.resolve)(fromDir);
  let pkgDir = null;
  for (; ; ) {
    const candidate = (0, import_node_path3.join)(dir, "node_modules", name2);
    if ((0, import_node_fs3.existsSync)((0, import_node_path3.join)(candidate, "package.json"))) {
      pkgDir = candidate;
      break;
    }
    const up = (0, import_node_path3.dirname)(dir);
    if (up === dir) break;
    dir = up;
  }
  if (!pkgDir)
    throw new PackageLoadError(
      `"${name2}" is not installed beside ${fromDir} or in a folder above it (install it there: cd ${fromDir} && npm install ${name2}, or the path of its .tgz or folder)`
    );
  const realDir = (0, import_node_fs3.realpathSync)(pkgDir);
  let manifest;
  try {
    manifest = JSON.parse((0, import_node_fs3.readFileSync)((0, import_node_path3.join)(realDir, "package.json"), "utf8"));
  } catch (err2) {
    throw new PackageLoadError(`"${name2}" has a package.json that cannot be read: ${err2.message}`);
  }
  let target;
  if (manifest.exports !== void 0) {
    target = exportsEntry(manifest.exports, subpath);
    if (!target)
      throw new PackageLoadError(`"${name2}" exports nothing at "${subpath}" for import (its package.json "exports" has no node, import or default entry there)`);
    if (!target.startsWith("./")) throw new PackageLoadError(`"${name2}" has an "exports" entry that is not a path inside it: ${JSON.stringify(target)}`);
  } else if (subpath !== ".") {
    target = subpath;
  } else {
    target = typeof manifest.main === "string" ? manifest.main : "index.js";
  }
  const outside = (p) => {
    const rel = (0, import_node_path3.relative)(realDir, p);
    return rel === ".." || rel.startsWith(`..${import_node_path3.sep}`) || (0, import_node_path3.resolve)(realDir, rel) !== p;
  };
  const file2 = (0, import_node_path3.join)(realDir, target);
  if (outside(file2)) throw new PackageLoadError(`"${name2}" has an entry outside its own folder (${file2}); a package's code must be inside it`);
  if (!(0, import_node_fs3.existsSync)(file2)) throw new PackageLoadError(`"${name2}" names ${target} as its entry, and there is no such file in ${realDir}`);
  const realFile = (0, import_node_fs3.realpathSync)(file2);
  if (outside(realFile)) throw new PackageLoadError(`"${name2}" has an entry outside its own folder (${realFile}); a package's code must be inside it`);
  return realFile;
}
async function importDefault(specifier, fromDir, timeoutMs = LOAD_TIMEOUT_MS) {
  const file2 = resolvePackage(specifier, fromDir);
  let mod;
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(
        new PackageLoadError(
          `"${specifier}" did not finish loading within ${timeoutMs.toLocaleString("en-US")} ms (loadTimeoutMs: ${timeoutMs}): its top-level code is still waiting`
        )
      ),
      timeoutMs
    );
  });
  try {
    mod = await Promise.race([importModule((0, import_node_url.pathToFileURL)(file2).href), late]);
  } catch (err2) {
    if (err2 instanceof PackageLoadError) throw err2;
    throw new PackageLoadError(`"${specifier}" threw while it loaded: ${String(err2?.message ?? err2).split("\n")[0]}`);
  } finally {
    clearTimeout(timer);
  }
  if (mod.default === void 0) throw new PackageLoadError(`"${specifier}" has no default export`);
  return mod.default;
}
function sectionDefinitionProblems(value) {
  if (!isRecord3(value)) return [`the default export must be a section definition (defineSection({...})), got ${describe(value)}`];
  const problems = [];
  const need = (ok, field, wanted, got) => ok || problems.push(`${field} must be ${wanted} (got ${describe(got)})`);
  need(typeof value.name === "string" && /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(value.name), "name", "a kebab-case string", value.name);
  need(typeof value.title === "string" && value.title.trim() !== "", "title", "a non-empty string (the heading in the handoff)", value.title);
  need(typeof value.description === "string", "description", "a string", value.description);
  need(typeof value.run === "function", "run", "a function (async run(ctx))", value.run);
  const d = value.defaults;
  if (need(isRecord3(d), "defaults", "a mapping with timeoutMs, budgetChars and priority", d) === true) {
    const defaults = d;
    need(positiveInt(defaults.timeoutMs, MAX_TIMER), "defaults.timeoutMs", `an integer from 1 to ${MAX_TIMER}`, defaults.timeoutMs);
    need(positiveInt(defaults.budgetChars), "defaults.budgetChars", "a positive integer", defaults.budgetChars);
    need(Number.isInteger(defaults.priority), "defaults.priority", "an integer", defaults.priority);
    need(defaults.options === void 0 || isRecord3(defaults.options), "defaults.options", "a mapping", defaults.options);
  }
  need(value.optionsSchema === void 0 || isRecord3(value.optionsSchema), "optionsSchema", "a JSON Schema object", value.optionsSchema);
  need(
    value.needs === void 0 || Array.isArray(value.needs) && value.needs.every((n) => typeof n === "string"),
    "needs",
    "a list of section names",
    value.needs
  );
  need(value.prepare === void 0 || typeof value.prepare === "function", "prepare", "a function (async prepare())", value.prepare);
  return problems;
}
function subscriberProblems(value) {
  if (!isRecord3(value)) return [`the default export must be a subscriber ({ name, apply(hooks) }), got ${describe(value)}`];
  const problems = [];
  if (typeof value.name !== "string" || value.name.trim() === "") problems.push(`name must be a non-empty string (got ${describe(value.name)})`);
  if (typeof value.apply !== "function") problems.push(`apply must be a function (apply(hooks, options)) (got ${describe(value.apply)})`);
  return problems;
}
async function loadSectionPackage(specifier, configFile, timeoutMs = LOAD_TIMEOUT_MS) {
  const url = (0, import_node_url.pathToFileURL)(resolvePackage(specifier, (0, import_node_path3.dirname)(configFile))).href;
  const start2 = () => startSectionThread(url, timeoutMs).catch((err2) => {
    throw err2 instanceof ThreadLoadError ? new PackageLoadError(`"${specifier}" ${err2.message}`) : err2;
  });
  let spare = await start2();
  const release = () => {
    if (spare) void spare.worker.terminate();
    spare = null;
  };
  const value = unmark(spare.shape);
  const problems = sectionDefinitionProblems(value);
  if (problems.length) {
    void spare.worker.terminate();
    throw new PackageLoadError(`"${specifier}" does not default-export a usable section: ${problems.join("; ")}`);
  }
  const { prepare: _prepare, ...shape } = value;
  const definition = {
    ...shape,
    async run(ctx) {
      const thread = spare ?? await start2();
      spare = null;
      return await runInThread(thread, ctx);
    }
  };
  releasers.set(definition, release);
  return definition;
}
function releaseSection(definition) {
  releasers.get(definition)?.();
}
async function loadSubscriberPackage(specifier, configFile, timeoutMs = LOAD_TIMEOUT_MS) {
  const value = await importDefault(specifier, (0, import_node_path3.dirname)(configFile), timeoutMs);
  const problems = subscriberProblems(value);
  if (problems.length) throw new PackageLoadError(`"${specifier}" does not default-export a usable subscriber: ${problems.join("; ")}`);
  return value;
}
var import_node_fs3, import_node_module2, import_node_path3, import_node_url, CONDITIONS, isRecord3, SPECIFIER, PackageLoadError, describe, MAX_TIMER, positiveInt, unmark, releasers;
var init_packages = __esm({
  "pipeline/packages.ts"() {
    "use strict";
    import_node_fs3 = require("node:fs");
    import_node_module2 = require("node:module");
    import_node_path3 = require("node:path");
    import_node_url = require("node:url");
    init_import_module();
    init_section_worker();
    CONDITIONS = ["node", "import", "default"];
    isRecord3 = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
    SPECIFIER = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)(\/.*)?$/i;
    PackageLoadError = class extends Error {
    };
    describe = (v) => v === void 0 ? "nothing" : v === null ? "null" : Array.isArray(v) ? "a list" : typeof v === "string" ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}\u2026` : v) : typeof v === "object" || typeof v === "function" ? `a ${typeof v}` : String(v);
    MAX_TIMER = 2147483647;
    positiveInt = (v, max = Number.MAX_SAFE_INTEGER) => Number.isInteger(v) && v >= 1 && v <= max;
    unmark = (v) => {
      const stub = () => void 0;
      if (v === FUNCTION_MARK) return stub;
      if (!isRecord3(v)) return v;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === FUNCTION_MARK ? stub : x]));
    };
    releasers = /* @__PURE__ */ new WeakMap();
  }
});

// pipeline/build.ts
var build_exports = {};
__export(build_exports, {
  buildHandoff: () => buildHandoff,
  configFiles: () => configFiles,
  configProblemsAhead: () => configProblemsAhead,
  defaultConfigFile: () => defaultConfigFile,
  importPackages: () => importPackages,
  prepareSections: () => prepareSections
});
function defaultConfigFile() {
  const here2 = (0, import_node_path4.dirname)((0, import_node_url2.fileURLToPath)(__chFileUrl));
  const candidates = [(0, import_node_path4.join)(here2, "pipeline.config.yaml"), (0, import_node_path4.join)(here2, "..", "pipeline.config.yaml")];
  return candidates.find((p) => (0, import_node_fs4.existsSync)(p)) ?? candidates[1];
}
function configFiles(explicit = [], env = process.env) {
  return [defaultConfigFile(), userConfigSource(env), ...explicit];
}
async function importPackages(config) {
  const loaded = /* @__PURE__ */ Object.create(null);
  const failed3 = /* @__PURE__ */ Object.create(null);
  for (const plan of config.sections) {
    if (plan.definition || !plan.package || plan.package in loaded || plan.package in failed3) continue;
    try {
      loaded[plan.package] = await loadSectionPackage(plan.package, plan.declaredIn ?? (0, import_node_path4.join)(process.cwd(), "pipeline.config.yaml"), config.loadTimeoutMs);
    } catch (err2) {
      failed3[plan.package] = `package ${err2 instanceof PackageLoadError ? err2.message : `"${plan.package}" could not be loaded: ${String(err2?.message ?? err2)}`}`;
    }
  }
  return { loaded, failed: failed3 };
}
async function subscribe(pipeline, config, hosts) {
  for (const plan of config.plugins ?? []) {
    try {
      pipeline.subscribe(await loadSubscriberPackage(plan.package, plan.declaredIn, config.loadTimeoutMs), plan.options);
    } catch (err2) {
      pipeline.noteSubscriberFailure(plan.package, "load", `package ${err2 instanceof PackageLoadError ? err2.message : String(err2?.message ?? err2)}`);
    }
  }
  for (const subscriber of hosts) pipeline.subscribe(subscriber);
}
async function prepareSections(opts) {
  let plans;
  try {
    plans = loadConfigLenient({ files: opts.configFiles, builtins: opts.builtins, packages: {} }).config.sections;
  } catch {
    return;
  }
  await Promise.all(
    plans.map(
      (p) => p.enabled && p.definition?.prepare ? Promise.resolve().then(() => p.definition.prepare()).catch(() => void 0) : void 0
    )
  );
}
function configProblemsAhead(opts) {
  try {
    const first = resolveConfig({ files: opts.configFiles, builtins: opts.builtins });
    if (first.config.sections.some((p) => p.package)) return null;
    return first.issues.length ? loadConfigLenient({ files: opts.configFiles, builtins: opts.builtins, packages: {} }).problems : [];
  } catch {
    return null;
  }
}
async function buildHandoff(opts) {
  const load2 = (packages) => opts.lenient ? loadConfigLenient({ files: opts.configFiles, builtins: opts.builtins, packages }) : { config: loadConfig({ files: opts.configFiles, builtins: opts.builtins, packages }), problems: [] };
  const first = resolveConfig({ files: opts.configFiles, builtins: opts.builtins });
  const hasPackages = first.config.sections.some((p) => p.package);
  const { loaded, failed: failed3 } = hasPackages ? await importPackages(first.config) : { loaded: {}, failed: {} };
  try {
    const { config: read2, problems: configProblems } = hasPackages || first.issues.length ? load2(loaded) : { config: first.config, problems: [] };
    const config = {
      ...read2,
      sections: read2.sections.map((p) => p.package && failed3[p.package] ? { ...p, loadError: failed3[p.package] } : p)
    };
    const pipeline = createPipeline(config);
    await subscribe(pipeline, config, opts.subscribers ?? []);
    opts.tap?.(pipeline);
    const result = await pipeline.run(opts.input, opts.capabilities, { signal: opts.signal });
    return { result, configProblems };
  } finally {
    for (const definition of Object.values(loaded)) releaseSection(definition);
  }
}
var import_node_fs4, import_node_path4, import_node_url2;
var init_build = __esm({
  "pipeline/build.ts"() {
    "use strict";
    import_node_fs4 = require("node:fs");
    import_node_path4 = require("node:path");
    import_node_url2 = require("node:url");
    init_load();
    init_pipeline();
    init_packages();
  }
});

// node_modules/isbinaryfile/lib/index.js
var require_lib2 = __commonJS({
  "node_modules/isbinaryfile/lib/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.isBinaryFileSync = exports2.isBinaryFile = void 0;
    var fs2 = require("fs");
    var util_1 = require("util");
    var statAsync = (0, util_1.promisify)(fs2.stat);
    var openAsync = (0, util_1.promisify)(fs2.open);
    var closeAsync = (0, util_1.promisify)(fs2.close);
    var MAX_BYTES = 512;
    var UTF8_BOUNDARY_RESERVE = 3;
    var Reader = class {
      fileBuffer;
      size;
      offset;
      error;
      constructor(fileBuffer, size) {
        this.fileBuffer = fileBuffer;
        this.size = size;
        this.offset = 0;
        this.error = false;
      }
      hasError() {
        return this.error;
      }
      nextByte() {
        if (this.offset === this.size || this.hasError()) {
          this.error = true;
          return 255;
        }
        return this.fileBuffer[this.offset++];
      }
      next(len) {
        const n = new Array();
        for (let i2 = 0; i2 < len; i2++) {
          if (this.error) {
            return n;
          }
          n[i2] = this.nextByte();
        }
        return n;
      }
    };
    function readProtoVarInt(reader) {
      let idx = 0;
      let varInt = 0;
      while (!reader.hasError()) {
        const b = reader.nextByte();
        varInt = varInt | (b & 127) << 7 * idx;
        if ((b & 128) === 0) {
          break;
        }
        if (idx >= 10) {
          reader.error = true;
          break;
        }
        idx++;
      }
      return varInt;
    }
    function readProtoMessage(reader) {
      const varInt = readProtoVarInt(reader);
      const wireType = varInt & 7;
      switch (wireType) {
        case 0:
          readProtoVarInt(reader);
          return true;
        case 1:
          reader.next(8);
          return true;
        case 2:
          const len = readProtoVarInt(reader);
          reader.next(len);
          return true;
        case 5:
          reader.next(4);
          return true;
      }
      return false;
    }
    function isBinaryProto(fileBuffer, totalBytes) {
      const reader = new Reader(fileBuffer, totalBytes);
      let numMessages = 0;
      while (true) {
        if (!readProtoMessage(reader) && !reader.hasError()) {
          return false;
        }
        if (reader.hasError()) {
          break;
        }
        numMessages++;
      }
      return numMessages > 0;
    }
    async function isBinaryFile2(file2, size) {
      if (isString(file2)) {
        const stat4 = await statAsync(file2);
        isStatFile(stat4);
        const fileDescriptor = await openAsync(file2, "r");
        const allocBuffer = Buffer.alloc(MAX_BYTES + UTF8_BOUNDARY_RESERVE);
        return new Promise((fulfill, reject) => {
          fs2.read(fileDescriptor, allocBuffer, 0, MAX_BYTES + UTF8_BOUNDARY_RESERVE, 0, (err2, bytesRead, _) => {
            closeAsync(fileDescriptor);
            if (err2) {
              reject(err2);
            } else {
              try {
                fulfill(isBinaryCheck(allocBuffer, bytesRead));
              } catch (error) {
                reject(error);
              }
            }
          });
        });
      } else {
        if (size === void 0) {
          size = file2.length;
        }
        return isBinaryCheck(file2, size);
      }
    }
    exports2.isBinaryFile = isBinaryFile2;
    function isBinaryFileSync2(file2, size) {
      if (isString(file2)) {
        const stat4 = fs2.statSync(file2);
        isStatFile(stat4);
        const fileDescriptor = fs2.openSync(file2, "r");
        const allocBuffer = Buffer.alloc(MAX_BYTES + UTF8_BOUNDARY_RESERVE);
        const bytesRead = fs2.readSync(fileDescriptor, allocBuffer, 0, MAX_BYTES + UTF8_BOUNDARY_RESERVE, 0);
        fs2.closeSync(fileDescriptor);
        return isBinaryCheck(allocBuffer, bytesRead);
      } else {
        if (size === void 0) {
          size = file2.length;
        }
        return isBinaryCheck(file2, size);
      }
    }
    exports2.isBinaryFileSync = isBinaryFileSync2;
    function isBinaryCheck(fileBuffer, bytesRead) {
      if (bytesRead === 0) {
        return false;
      }
      let suspiciousBytes = 0;
      const totalBytes = Math.min(bytesRead, MAX_BYTES + UTF8_BOUNDARY_RESERVE);
      const scanBytes = Math.min(totalBytes, MAX_BYTES);
      if (bytesRead >= 3 && fileBuffer[0] === 239 && fileBuffer[1] === 187 && fileBuffer[2] === 191) {
        return false;
      }
      if (bytesRead >= 4 && fileBuffer[0] === 0 && fileBuffer[1] === 0 && fileBuffer[2] === 254 && fileBuffer[3] === 255) {
        return false;
      }
      if (bytesRead >= 4 && fileBuffer[0] === 255 && fileBuffer[1] === 254 && fileBuffer[2] === 0 && fileBuffer[3] === 0) {
        return false;
      }
      if (bytesRead >= 4 && fileBuffer[0] === 132 && fileBuffer[1] === 49 && fileBuffer[2] === 149 && fileBuffer[3] === 51) {
        return false;
      }
      if (totalBytes >= 5 && fileBuffer.slice(0, 5).toString() === "%PDF-") {
        return true;
      }
      if (bytesRead >= 2 && fileBuffer[0] === 254 && fileBuffer[1] === 255) {
        return false;
      }
      if (bytesRead >= 2 && fileBuffer[0] === 255 && fileBuffer[1] === 254) {
        return false;
      }
      for (let i2 = 0; i2 < scanBytes; i2++) {
        if (fileBuffer[i2] === 0) {
          return true;
        } else if ((fileBuffer[i2] < 7 || fileBuffer[i2] > 14) && (fileBuffer[i2] < 32 || fileBuffer[i2] > 127)) {
          if (fileBuffer[i2] >= 192 && fileBuffer[i2] <= 223 && i2 + 1 < totalBytes) {
            i2++;
            if (fileBuffer[i2] >= 128 && fileBuffer[i2] <= 191) {
              continue;
            }
          } else if (fileBuffer[i2] >= 224 && fileBuffer[i2] <= 239 && i2 + 2 < totalBytes) {
            i2++;
            if (fileBuffer[i2] >= 128 && fileBuffer[i2] <= 191 && fileBuffer[i2 + 1] >= 128 && fileBuffer[i2 + 1] <= 191) {
              i2++;
              continue;
            }
          } else if (fileBuffer[i2] >= 240 && fileBuffer[i2] <= 247 && i2 + 3 < totalBytes) {
            i2++;
            if (fileBuffer[i2] >= 128 && fileBuffer[i2] <= 191 && fileBuffer[i2 + 1] >= 128 && fileBuffer[i2 + 1] <= 191 && fileBuffer[i2 + 2] >= 128 && fileBuffer[i2 + 2] <= 191) {
              i2 += 2;
              continue;
            }
          }
          suspiciousBytes++;
          if (i2 >= 32 && suspiciousBytes * 100 / scanBytes > 10) {
            return true;
          }
        }
      }
      if (suspiciousBytes * 100 / scanBytes > 10) {
        return true;
      }
      if (suspiciousBytes > 1 && isBinaryProto(fileBuffer, scanBytes)) {
        return true;
      }
      return false;
    }
    function isString(x) {
      return typeof x === "string";
    }
    function isStatFile(stat4) {
      if (!stat4.isFile()) {
        throw new Error(`Path provided was not a file!`);
      }
    }
  }
});

// node_modules/picomatch/lib/constants.js
var require_constants = __commonJS({
  "node_modules/picomatch/lib/constants.js"(exports2, module2) {
    "use strict";
    var WIN_SLASH = "\\\\/";
    var WIN_NO_SLASH = `[^${WIN_SLASH}]`;
    var DEFAULT_MAX_EXTGLOB_RECURSION = 0;
    var DOT_LITERAL = "\\.";
    var PLUS_LITERAL = "\\+";
    var QMARK_LITERAL = "\\?";
    var SLASH_LITERAL = "\\/";
    var ONE_CHAR = "(?=.)";
    var QMARK = "[^/]";
    var END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
    var START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
    var DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
    var NO_DOT = `(?!${DOT_LITERAL})`;
    var NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
    var NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
    var NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
    var QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
    var STAR = `${QMARK}*?`;
    var SEP = "/";
    var POSIX_CHARS = {
      DOT_LITERAL,
      PLUS_LITERAL,
      QMARK_LITERAL,
      SLASH_LITERAL,
      ONE_CHAR,
      QMARK,
      END_ANCHOR,
      DOTS_SLASH,
      NO_DOT,
      NO_DOTS,
      NO_DOT_SLASH,
      NO_DOTS_SLASH,
      QMARK_NO_DOT,
      STAR,
      START_ANCHOR,
      SEP
    };
    var WINDOWS_CHARS = {
      ...POSIX_CHARS,
      SLASH_LITERAL: `[${WIN_SLASH}]`,
      QMARK: WIN_NO_SLASH,
      STAR: `${WIN_NO_SLASH}*?`,
      DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
      NO_DOT: `(?!${DOT_LITERAL})`,
      NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
      NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
      START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
      END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
      SEP: "\\"
    };
    var POSIX_REGEX_SOURCE = {
      __proto__: null,
      alnum: "a-zA-Z0-9",
      alpha: "a-zA-Z",
      ascii: "\\x00-\\x7F",
      blank: " \\t",
      cntrl: "\\x00-\\x1F\\x7F",
      digit: "0-9",
      graph: "\\x21-\\x7E",
      lower: "a-z",
      print: "\\x20-\\x7E ",
      punct: "\\-!\"#$%&'()\\*+,./:;<=>?@[\\]^_`{|}~",
      space: " \\t\\r\\n\\v\\f",
      upper: "A-Z",
      word: "A-Za-z0-9_",
      xdigit: "A-Fa-f0-9"
    };
    module2.exports = {
      DEFAULT_MAX_EXTGLOB_RECURSION,
      MAX_LENGTH: 1024 * 64,
      POSIX_REGEX_SOURCE,
      // regular expressions
      REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
      REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
      REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
      REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
      REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
      REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,
      // Replace globs with equivalent patterns to reduce parsing time.
      REPLACEMENTS: {
        __proto__: null,
        "***": "*",
        "**/**": "**",
        "**/**/**": "**"
      },
      // Digits
      CHAR_0: 48,
      /* 0 */
      CHAR_9: 57,
      /* 9 */
      // Alphabet chars.
      CHAR_UPPERCASE_A: 65,
      /* A */
      CHAR_LOWERCASE_A: 97,
      /* a */
      CHAR_UPPERCASE_Z: 90,
      /* Z */
      CHAR_LOWERCASE_Z: 122,
      /* z */
      CHAR_LEFT_PARENTHESES: 40,
      /* ( */
      CHAR_RIGHT_PARENTHESES: 41,
      /* ) */
      CHAR_ASTERISK: 42,
      /* * */
      // Non-alphabetic chars.
      CHAR_AMPERSAND: 38,
      /* & */
      CHAR_AT: 64,
      /* @ */
      CHAR_BACKWARD_SLASH: 92,
      /* \ */
      CHAR_CARRIAGE_RETURN: 13,
      /* \r */
      CHAR_CIRCUMFLEX_ACCENT: 94,
      /* ^ */
      CHAR_COLON: 58,
      /* : */
      CHAR_COMMA: 44,
      /* , */
      CHAR_DOT: 46,
      /* . */
      CHAR_DOUBLE_QUOTE: 34,
      /* " */
      CHAR_EQUAL: 61,
      /* = */
      CHAR_EXCLAMATION_MARK: 33,
      /* ! */
      CHAR_FORM_FEED: 12,
      /* \f */
      CHAR_FORWARD_SLASH: 47,
      /* / */
      CHAR_GRAVE_ACCENT: 96,
      /* ` */
      CHAR_HASH: 35,
      /* # */
      CHAR_HYPHEN_MINUS: 45,
      /* - */
      CHAR_LEFT_ANGLE_BRACKET: 60,
      /* < */
      CHAR_LEFT_CURLY_BRACE: 123,
      /* { */
      CHAR_LEFT_SQUARE_BRACKET: 91,
      /* [ */
      CHAR_LINE_FEED: 10,
      /* \n */
      CHAR_NO_BREAK_SPACE: 160,
      /* \u00A0 */
      CHAR_PERCENT: 37,
      /* % */
      CHAR_PLUS: 43,
      /* + */
      CHAR_QUESTION_MARK: 63,
      /* ? */
      CHAR_RIGHT_ANGLE_BRACKET: 62,
      /* > */
      CHAR_RIGHT_CURLY_BRACE: 125,
      /* } */
      CHAR_RIGHT_SQUARE_BRACKET: 93,
      /* ] */
      CHAR_SEMICOLON: 59,
      /* ; */
      CHAR_SINGLE_QUOTE: 39,
      /* ' */
      CHAR_SPACE: 32,
      /*   */
      CHAR_TAB: 9,
      /* \t */
      CHAR_UNDERSCORE: 95,
      /* _ */
      CHAR_VERTICAL_LINE: 124,
      /* | */
      CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279,
      /* \uFEFF */
      /**
       * Create EXTGLOB_CHARS
       */
      extglobChars(chars2) {
        return {
          "!": { type: "negate", open: "(?:(?!(?:", close: `))${chars2.STAR})` },
          "?": { type: "qmark", open: "(?:", close: ")?" },
          "+": { type: "plus", open: "(?:", close: ")+" },
          "*": { type: "star", open: "(?:", close: ")*" },
          "@": { type: "at", open: "(?:", close: ")" }
        };
      },
      /**
       * Create GLOB_CHARS
       */
      globChars(win32) {
        return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
      }
    };
  }
});

// node_modules/picomatch/lib/utils.js
var require_utils = __commonJS({
  "node_modules/picomatch/lib/utils.js"(exports2) {
    "use strict";
    var {
      REGEX_BACKSLASH,
      REGEX_REMOVE_BACKSLASH,
      REGEX_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_GLOBAL
    } = require_constants();
    exports2.isObject = (val) => val !== null && typeof val === "object" && !Array.isArray(val);
    exports2.hasRegexChars = (str3) => REGEX_SPECIAL_CHARS.test(str3);
    exports2.isRegexChar = (str3) => str3.length === 1 && exports2.hasRegexChars(str3);
    exports2.escapeRegex = (str3) => str3.replace(REGEX_SPECIAL_CHARS_GLOBAL, "\\$1");
    exports2.toPosixSlashes = (str3) => str3.replace(REGEX_BACKSLASH, "/");
    exports2.isWindows = () => {
      if (typeof navigator !== "undefined" && navigator.platform) {
        const platform = navigator.platform.toLowerCase();
        return platform === "win32" || platform === "windows";
      }
      if (typeof process !== "undefined" && process.platform) {
        return process.platform === "win32";
      }
      return false;
    };
    exports2.removeBackslashes = (str3) => {
      return str3.replace(REGEX_REMOVE_BACKSLASH, (match) => {
        return match === "\\" ? "" : match;
      });
    };
    exports2.escapeLast = (input, char, lastIdx) => {
      const idx = input.lastIndexOf(char, lastIdx);
      if (idx === -1) return input;
      if (input[idx - 1] === "\\") return exports2.escapeLast(input, char, idx - 1);
      return `${input.slice(0, idx)}\\${input.slice(idx)}`;
    };
    exports2.removePrefix = (input, state = {}) => {
      let output = input;
      if (output.startsWith("./")) {
        output = output.slice(2);
        state.prefix = "./";
      }
      return output;
    };
    exports2.wrapOutput = (input, state = {}, options = {}) => {
      const prepend = options.contains ? "" : "^";
      const append = options.contains ? "" : "$";
      let output = `${prepend}(?:${input})${append}`;
      if (state.negated === true) {
        output = `(?:^(?!${output}).*$)`;
      }
      return output;
    };
    exports2.basename = (path, { windows } = {}) => {
      const segs = path.split(windows ? /[\\/]/ : "/");
      const last = segs[segs.length - 1];
      if (last === "") {
        return segs[segs.length - 2];
      }
      return last;
    };
  }
});

// node_modules/picomatch/lib/scan.js
var require_scan = __commonJS({
  "node_modules/picomatch/lib/scan.js"(exports2, module2) {
    "use strict";
    var utils = require_utils();
    var {
      CHAR_ASTERISK,
      /* * */
      CHAR_AT,
      /* @ */
      CHAR_BACKWARD_SLASH,
      /* \ */
      CHAR_COMMA,
      /* , */
      CHAR_DOT,
      /* . */
      CHAR_EXCLAMATION_MARK,
      /* ! */
      CHAR_FORWARD_SLASH,
      /* / */
      CHAR_LEFT_CURLY_BRACE,
      /* { */
      CHAR_LEFT_PARENTHESES,
      /* ( */
      CHAR_LEFT_SQUARE_BRACKET,
      /* [ */
      CHAR_PLUS,
      /* + */
      CHAR_QUESTION_MARK,
      /* ? */
      CHAR_RIGHT_CURLY_BRACE,
      /* } */
      CHAR_RIGHT_PARENTHESES,
      /* ) */
      CHAR_RIGHT_SQUARE_BRACKET
      /* ] */
    } = require_constants();
    var isPathSeparator = (code) => {
      return code === CHAR_FORWARD_SLASH || code === CHAR_BACKWARD_SLASH;
    };
    var depth = (token) => {
      if (token.isPrefix !== true) {
        token.depth = token.isGlobstar ? Infinity : 1;
      }
    };
    var scan2 = (input, options) => {
      const opts = options || {};
      const length = input.length - 1;
      const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
      const slashes = [];
      const tokens = [];
      const parts2 = [];
      let str3 = input;
      let index = -1;
      let start2 = 0;
      let lastIndex = 0;
      let isBrace = false;
      let isBracket = false;
      let isGlob = false;
      let isExtglob = false;
      let isGlobstar = false;
      let braceEscaped = false;
      let backslashes = false;
      let negated = false;
      let negatedExtglob = false;
      let finished = false;
      let braces = 0;
      let prev;
      let code;
      let token = { value: "", depth: 0, isGlob: false };
      const eos = () => index >= length;
      const peek = () => str3.charCodeAt(index + 1);
      const advance = () => {
        prev = code;
        return str3.charCodeAt(++index);
      };
      while (index < length) {
        code = advance();
        let next;
        if (code === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          code = advance();
          if (code === CHAR_LEFT_CURLY_BRACE) {
            braceEscaped = true;
          }
          continue;
        }
        if (braceEscaped === true || code === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          while (eos() !== true && (code = advance())) {
            if (code === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (code === CHAR_LEFT_CURLY_BRACE) {
              braces++;
              continue;
            }
            if (braceEscaped !== true && code === CHAR_DOT && (code = advance()) === CHAR_DOT) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (braceEscaped !== true && code === CHAR_COMMA) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (code === CHAR_RIGHT_CURLY_BRACE) {
              braces--;
              if (braces === 0) {
                braceEscaped = false;
                isBrace = token.isBrace = true;
                finished = true;
                break;
              }
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_FORWARD_SLASH) {
          slashes.push(index);
          tokens.push(token);
          token = { value: "", depth: 0, isGlob: false };
          if (finished === true) continue;
          if (prev === CHAR_DOT && index === start2 + 1) {
            start2 += 2;
            continue;
          }
          lastIndex = index + 1;
          continue;
        }
        if (opts.noext !== true) {
          const isExtglobChar = code === CHAR_PLUS || code === CHAR_AT || code === CHAR_ASTERISK || code === CHAR_QUESTION_MARK || code === CHAR_EXCLAMATION_MARK;
          if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
            isGlob = token.isGlob = true;
            isExtglob = token.isExtglob = true;
            finished = true;
            if (code === CHAR_EXCLAMATION_MARK && index === start2) {
              negatedExtglob = true;
            }
            if (scanToEnd === true) {
              let parens = 0;
              while (eos() !== true && (code = advance())) {
                if (code === CHAR_BACKWARD_SLASH) {
                  backslashes = token.backslashes = true;
                  advance();
                  continue;
                }
                if (code === CHAR_LEFT_PARENTHESES) {
                  parens++;
                  continue;
                }
                if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                  finished = true;
                  break;
                }
              }
              continue;
            }
            break;
          }
        }
        if (code === CHAR_ASTERISK) {
          if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_QUESTION_MARK) {
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_LEFT_SQUARE_BRACKET) {
          while (eos() !== true && (next = advance())) {
            if (next === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (next === CHAR_RIGHT_SQUARE_BRACKET) {
              isBracket = token.isBracket = true;
              isGlob = token.isGlob = true;
              finished = true;
              break;
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (opts.nonegate !== true && code === CHAR_EXCLAMATION_MARK && index === start2) {
          negated = token.negated = true;
          start2++;
          continue;
        }
        if (opts.noparen !== true && code === CHAR_LEFT_PARENTHESES) {
          isGlob = token.isGlob = true;
          if (scanToEnd === true) {
            let parens = 1;
            while (eos() !== true && (code = advance())) {
              if (code === CHAR_BACKWARD_SLASH) {
                backslashes = token.backslashes = true;
                advance();
                continue;
              }
              if (code === CHAR_LEFT_PARENTHESES) {
                parens++;
                continue;
              }
              if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                finished = true;
                break;
              }
            }
            continue;
          }
          break;
        }
        if (isGlob === true) {
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
      }
      if (opts.noext === true) {
        isExtglob = false;
        isGlob = false;
      }
      let base2 = str3;
      let prefix = "";
      let glob = "";
      if (start2 > 0) {
        prefix = str3.slice(0, start2);
        str3 = str3.slice(start2);
        lastIndex -= start2;
      }
      if (base2 && isGlob === true && lastIndex > 0) {
        base2 = str3.slice(0, lastIndex);
        glob = str3.slice(lastIndex);
      } else if (isGlob === true) {
        base2 = "";
        glob = str3;
      } else {
        base2 = str3;
      }
      if (base2 && base2 !== "" && base2 !== "/" && base2 !== str3) {
        if (isPathSeparator(base2.charCodeAt(base2.length - 1))) {
          base2 = base2.slice(0, -1);
        }
      }
      if (opts.unescape === true) {
        if (glob) glob = utils.removeBackslashes(glob);
        if (base2 && backslashes === true) {
          base2 = utils.removeBackslashes(base2);
        }
      }
      const state = {
        prefix,
        input,
        start: start2,
        base: base2,
        glob,
        isBrace,
        isBracket,
        isGlob,
        isExtglob,
        isGlobstar,
        negated,
        negatedExtglob
      };
      if (opts.tokens === true) {
        state.maxDepth = 0;
        if (!isPathSeparator(code)) {
          tokens.push(token);
        }
        state.tokens = tokens;
      }
      if (opts.parts === true || opts.tokens === true) {
        let prevIndex;
        for (let idx = 0; idx < slashes.length; idx++) {
          const n2 = prevIndex !== void 0 ? prevIndex + 1 : start2;
          const i2 = slashes[idx];
          const value2 = input.slice(n2, i2);
          if (opts.tokens) {
            if (idx === 0 && start2 !== 0) {
              tokens[idx].isPrefix = true;
              tokens[idx].value = prefix;
            } else {
              tokens[idx].value = value2;
            }
            depth(tokens[idx]);
            state.maxDepth += tokens[idx].depth;
          }
          if (i2 >= start2) {
            parts2.push(value2);
            prevIndex = i2;
          }
        }
        const n = prevIndex !== void 0 ? prevIndex + 1 : start2;
        const value = input.slice(n);
        parts2.push(value);
        if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
          tokens[tokens.length - 1].value = value;
          depth(tokens[tokens.length - 1]);
          state.maxDepth += tokens[tokens.length - 1].depth;
        }
        state.slashes = slashes;
        state.parts = parts2;
      }
      return state;
    };
    module2.exports = scan2;
  }
});

// node_modules/picomatch/lib/parse.js
var require_parse = __commonJS({
  "node_modules/picomatch/lib/parse.js"(exports2, module2) {
    "use strict";
    var constants2 = require_constants();
    var utils = require_utils();
    var {
      MAX_LENGTH,
      POSIX_REGEX_SOURCE,
      REGEX_NON_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_BACKREF,
      REPLACEMENTS
    } = constants2;
    var expandRange = (args2, options) => {
      if (typeof options.expandRange === "function") {
        return options.expandRange(...args2, options);
      }
      args2.sort();
      const value = `[${args2.join("-")}]`;
      try {
        new RegExp(value);
      } catch (ex) {
        return args2.map((v) => utils.escapeRegex(v)).join("..");
      }
      return value;
    };
    var syntaxError = (type, char) => {
      return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
    };
    var splitTopLevel = (input) => {
      const parts2 = [];
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let value = "";
      let escaped = false;
      for (const ch of input) {
        if (escaped === true) {
          value += ch;
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          value += ch;
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          value += ch;
          continue;
        }
        if (quote === 0) {
          if (ch === "[") {
            bracket++;
          } else if (ch === "]" && bracket > 0) {
            bracket--;
          } else if (bracket === 0) {
            if (ch === "(") {
              paren++;
            } else if (ch === ")" && paren > 0) {
              paren--;
            } else if (ch === "|" && paren === 0) {
              parts2.push(value);
              value = "";
              continue;
            }
          }
        }
        value += ch;
      }
      parts2.push(value);
      return parts2;
    };
    var isPlainBranch = (branch) => {
      let escaped = false;
      for (const ch of branch) {
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (/[?*+@!()[\]{}]/.test(ch)) {
          return false;
        }
      }
      return true;
    };
    var normalizeSimpleBranch = (branch) => {
      let value = branch.trim();
      let changed2 = true;
      while (changed2 === true) {
        changed2 = false;
        if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
          value = value.slice(2, -1);
          changed2 = true;
        }
      }
      if (!isPlainBranch(value)) {
        return;
      }
      return value.replace(/\\(.)/g, "$1");
    };
    var hasRepeatedCharPrefixOverlap = (branches) => {
      const values = branches.map(normalizeSimpleBranch).filter(Boolean);
      for (let i2 = 0; i2 < values.length; i2++) {
        for (let j = i2 + 1; j < values.length; j++) {
          const a = values[i2];
          const b = values[j];
          const char = a[0];
          if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
            continue;
          }
          if (a === b || a.startsWith(b) || b.startsWith(a)) {
            return true;
          }
        }
      }
      return false;
    };
    var parseRepeatedExtglob = (pattern, requireEnd = true) => {
      if (pattern[0] !== "+" && pattern[0] !== "*" || pattern[1] !== "(") {
        return;
      }
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let escaped = false;
      for (let i2 = 1; i2 < pattern.length; i2++) {
        const ch = pattern[i2];
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          continue;
        }
        if (quote === 1) {
          continue;
        }
        if (ch === "[") {
          bracket++;
          continue;
        }
        if (ch === "]" && bracket > 0) {
          bracket--;
          continue;
        }
        if (bracket > 0) {
          continue;
        }
        if (ch === "(") {
          paren++;
          continue;
        }
        if (ch === ")") {
          paren--;
          if (paren === 0) {
            if (requireEnd === true && i2 !== pattern.length - 1) {
              return;
            }
            return {
              type: pattern[0],
              body: pattern.slice(2, i2),
              end: i2
            };
          }
        }
      }
    };
    var buildCharClassStar = (chars2) => {
      const source = chars2.length === 1 ? utils.escapeRegex(chars2[0]) : `[${chars2.map((ch) => utils.escapeRegex(ch)).join("")}]`;
      return `${source}*`;
    };
    var getStarExtglobSequenceChars = (pattern) => {
      let index = 0;
      const chars2 = [];
      while (index < pattern.length) {
        const match = parseRepeatedExtglob(pattern.slice(index), false);
        if (!match || match.type !== "*") {
          return;
        }
        const branches = splitTopLevel(match.body).map((branch2) => branch2.trim());
        if (branches.length !== 1) {
          return;
        }
        const branch = normalizeSimpleBranch(branches[0]);
        if (!branch || branch.length !== 1) {
          return;
        }
        chars2.push(branch);
        index += match.end + 1;
      }
      if (chars2.length < 1) {
        return;
      }
      return chars2;
    };
    var repeatedExtglobRecursion = (pattern) => {
      let depth = 0;
      let value = pattern.trim();
      let match = parseRepeatedExtglob(value);
      while (match) {
        depth++;
        value = match.body.trim();
        match = parseRepeatedExtglob(value);
      }
      return depth;
    };
    var analyzeRepeatedExtglob = (body2, options) => {
      if (options.maxExtglobRecursion === false) {
        return { risky: false };
      }
      const max = typeof options.maxExtglobRecursion === "number" ? options.maxExtglobRecursion : constants2.DEFAULT_MAX_EXTGLOB_RECURSION;
      const branches = splitTopLevel(body2).map((branch) => branch.trim());
      if (branches.length > 1) {
        if (branches.some((branch) => branch === "") || branches.some((branch) => /^[*?]+$/.test(branch)) || hasRepeatedCharPrefixOverlap(branches)) {
          return { risky: true };
        }
      }
      const safeChars = [];
      let sawStarSequence = false;
      let combinable = true;
      for (const branch of branches) {
        const chars2 = getStarExtglobSequenceChars(branch);
        if (chars2) {
          sawStarSequence = true;
          safeChars.push(...chars2);
          continue;
        }
        const literal2 = normalizeSimpleBranch(branch);
        if (literal2 && literal2.length === 1) {
          safeChars.push(literal2);
          continue;
        }
        combinable = false;
        if (repeatedExtglobRecursion(branch) > max) {
          return { risky: true };
        }
      }
      if (sawStarSequence) {
        return combinable ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) } : { risky: true };
      }
      return { risky: false };
    };
    var parse2 = (input, options) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected a string");
      }
      input = REPLACEMENTS[input] || input;
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      let len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      const bos = { type: "bos", value: "", output: opts.prepend || "" };
      const tokens = [bos];
      const capture = opts.capture ? "" : "?:";
      const PLATFORM_CHARS = constants2.globChars(opts.windows);
      const EXTGLOB_CHARS = constants2.extglobChars(PLATFORM_CHARS);
      const {
        DOT_LITERAL,
        PLUS_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOT_SLASH,
        NO_DOTS_SLASH,
        QMARK,
        QMARK_NO_DOT,
        STAR,
        START_ANCHOR
      } = PLATFORM_CHARS;
      const globstar = (opts2) => {
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const nodot = opts.dot ? "" : NO_DOT;
      const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
      let star = opts.bash === true ? globstar(opts) : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      if (typeof opts.noext === "boolean") {
        opts.noextglob = opts.noext;
      }
      const state = {
        input,
        index: -1,
        start: 0,
        dot: opts.dot === true,
        consumed: "",
        output: "",
        prefix: "",
        backtrack: false,
        negated: false,
        brackets: 0,
        braces: 0,
        parens: 0,
        quotes: 0,
        globstar: false,
        tokens
      };
      input = utils.removePrefix(input, state);
      len = input.length;
      const extglobs = [];
      const braces = [];
      const stack2 = [];
      let prev = bos;
      let value;
      const eos = () => state.index === len - 1;
      const peek = state.peek = (n = 1) => input[state.index + n];
      const advance = state.advance = () => input[++state.index] || "";
      const remaining = () => input.slice(state.index + 1);
      const consume = (value2 = "", num3 = 0) => {
        state.consumed += value2;
        state.index += num3;
      };
      const append = (token) => {
        state.output += token.output != null ? token.output : token.value;
        consume(token.value);
      };
      const negate = () => {
        let count = 1;
        while (peek() === "!" && (peek(2) !== "(" || peek(3) === "?")) {
          advance();
          state.start++;
          count++;
        }
        if (count % 2 === 0) {
          return false;
        }
        state.negated = true;
        state.start++;
        return true;
      };
      const increment = (type) => {
        state[type]++;
        stack2.push(type);
      };
      const decrement = (type) => {
        state[type]--;
        stack2.pop();
      };
      const push = (tok) => {
        if (prev.type === "globstar") {
          const isBrace = state.braces > 0 && (tok.type === "comma" || tok.type === "brace");
          const isExtglob = tok.extglob === true || extglobs.length && (tok.type === "pipe" || tok.type === "paren");
          if (tok.type !== "slash" && tok.type !== "paren" && !isBrace && !isExtglob) {
            state.output = state.output.slice(0, -prev.output.length);
            prev.type = "star";
            prev.value = "*";
            prev.output = star;
            state.output += prev.output;
          }
        }
        if (extglobs.length && tok.type !== "paren") {
          extglobs[extglobs.length - 1].inner += tok.value;
        }
        if (tok.value || tok.output) append(tok);
        if (prev && prev.type === "text" && tok.type === "text") {
          prev.output = (prev.output || prev.value) + tok.value;
          prev.value += tok.value;
          return;
        }
        tok.prev = prev;
        tokens.push(tok);
        prev = tok;
      };
      const extglobOpen = (type, value2) => {
        const token = { ...EXTGLOB_CHARS[value2], conditions: 1, inner: "" };
        token.prev = prev;
        token.parens = state.parens;
        token.output = state.output;
        token.startIndex = state.index;
        token.tokensIndex = tokens.length;
        const output = (opts.capture ? "(" : "") + token.open;
        increment("parens");
        push({ type, value: value2, output: state.output ? "" : ONE_CHAR });
        push({ type: "paren", extglob: true, value: advance(), output });
        extglobs.push(token);
      };
      const extglobClose = (token) => {
        const literal2 = input.slice(token.startIndex, state.index + 1);
        const body2 = input.slice(token.startIndex + 2, state.index);
        const analysis = analyzeRepeatedExtglob(body2, opts);
        if ((token.type === "plus" || token.type === "star") && analysis.risky) {
          const safeOutput = analysis.safeOutput ? (token.output ? "" : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput) : void 0;
          const open4 = tokens[token.tokensIndex];
          open4.type = "text";
          open4.value = literal2;
          open4.output = safeOutput || utils.escapeRegex(literal2);
          for (let i2 = token.tokensIndex + 1; i2 < tokens.length; i2++) {
            tokens[i2].value = "";
            tokens[i2].output = "";
            delete tokens[i2].suffix;
          }
          state.output = token.output + open4.output;
          state.backtrack = true;
          push({ type: "paren", extglob: true, value, output: "" });
          decrement("parens");
          return;
        }
        let output = token.close + (opts.capture ? ")" : "");
        let rest;
        if (token.type === "negate") {
          let extglobStar = star;
          if (token.inner && token.inner.length > 1 && token.inner.includes("/")) {
            extglobStar = globstar(opts);
          }
          if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
            output = token.close = `)$))${extglobStar}`;
          }
          if (token.inner.includes("*") && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
            const expression = parse2(rest, { ...options, fastpaths: false }).output;
            output = token.close = `)${expression})${extglobStar})`;
          }
          if (token.prev.type === "bos") {
            state.negatedExtglob = true;
          }
        }
        push({ type: "paren", extglob: true, value, output });
        decrement("parens");
      };
      if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
        let backslashes = false;
        let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars2, first, rest, index) => {
          if (first === "\\") {
            backslashes = true;
            return m;
          }
          if (first === "?") {
            if (esc) {
              return esc + first + (rest ? QMARK.repeat(rest.length) : "");
            }
            if (index === 0) {
              return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : "");
            }
            return QMARK.repeat(chars2.length);
          }
          if (first === ".") {
            return DOT_LITERAL.repeat(chars2.length);
          }
          if (first === "*") {
            if (esc) {
              return esc + first + (rest ? star : "");
            }
            return star;
          }
          return esc ? m : `\\${m}`;
        });
        if (backslashes === true) {
          if (opts.unescape === true) {
            output = output.replace(/\\/g, "");
          } else {
            output = output.replace(/\\+/g, (m) => {
              return m.length % 2 === 0 ? "\\\\" : m ? "\\" : "";
            });
          }
        }
        if (output === input && opts.contains === true) {
          state.output = input;
          return state;
        }
        state.output = utils.wrapOutput(output, state, options);
        return state;
      }
      while (!eos()) {
        value = advance();
        if (value === "\0") {
          continue;
        }
        if (value === "\\") {
          const next = peek();
          if (next === "/" && opts.bash !== true) {
            continue;
          }
          if (next === "." || next === ";") {
            continue;
          }
          if (!next) {
            value += "\\";
            push({ type: "text", value });
            continue;
          }
          const match = /^\\+/.exec(remaining());
          let slashes = 0;
          if (match && match[0].length > 2) {
            slashes = match[0].length;
            state.index += slashes;
            if (slashes % 2 !== 0) {
              value += "\\";
            }
          }
          if (opts.unescape === true) {
            value = advance();
          } else {
            value += advance();
          }
          if (state.brackets === 0) {
            push({ type: "text", value });
            continue;
          }
        }
        if (state.brackets > 0 && (value !== "]" || prev.value === "[" || prev.value === "[^")) {
          if (opts.posix !== false && value === ":") {
            const inner = prev.value.slice(1);
            if (inner.includes("[")) {
              prev.posix = true;
              if (inner.includes(":")) {
                const idx = prev.value.lastIndexOf("[");
                const pre = prev.value.slice(0, idx);
                const rest2 = prev.value.slice(idx + 2);
                const posix4 = POSIX_REGEX_SOURCE[rest2];
                if (posix4) {
                  prev.value = pre + posix4;
                  state.backtrack = true;
                  advance();
                  if (!bos.output && tokens.indexOf(prev) === 1) {
                    bos.output = ONE_CHAR;
                  }
                  continue;
                }
              }
            }
          }
          if (value === "[" && peek() !== ":" || value === "-" && peek() === "]") {
            value = `\\${value}`;
          }
          if (value === "]" && (prev.value === "[" || prev.value === "[^")) {
            value = `\\${value}`;
          }
          if (opts.posix === true && value === "!" && prev.value === "[") {
            value = "^";
          }
          prev.value += value;
          append({ value });
          continue;
        }
        if (state.quotes === 1 && value !== '"') {
          value = utils.escapeRegex(value);
          prev.value += value;
          append({ value });
          continue;
        }
        if (value === '"') {
          state.quotes = state.quotes === 1 ? 0 : 1;
          if (opts.keepQuotes === true) {
            push({ type: "text", value });
          }
          continue;
        }
        if (value === "(") {
          increment("parens");
          push({ type: "paren", value });
          continue;
        }
        if (value === ")") {
          if (state.parens === 0 && opts.strictBrackets === true) {
            throw new SyntaxError(syntaxError("opening", "("));
          }
          const extglob = extglobs[extglobs.length - 1];
          if (extglob && state.parens === extglob.parens + 1) {
            extglobClose(extglobs.pop());
            continue;
          }
          push({ type: "paren", value, output: state.parens ? ")" : "\\)" });
          decrement("parens");
          continue;
        }
        if (value === "[") {
          if (opts.nobracket === true || !remaining().includes("]")) {
            if (opts.nobracket !== true && opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("closing", "]"));
            }
            value = `\\${value}`;
          } else {
            increment("brackets");
          }
          push({ type: "bracket", value });
          continue;
        }
        if (value === "]") {
          if (opts.nobracket === true || prev && prev.type === "bracket" && prev.value.length === 1) {
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          if (state.brackets === 0) {
            if (opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("opening", "["));
            }
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          decrement("brackets");
          const prevValue = prev.value.slice(1);
          if (prev.posix !== true && prevValue[0] === "^" && !prevValue.includes("/")) {
            value = `/${value}`;
          }
          prev.value += value;
          append({ value });
          if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
            continue;
          }
          const escaped = utils.escapeRegex(prev.value);
          state.output = state.output.slice(0, -prev.value.length);
          if (opts.literalBrackets === true) {
            state.output += escaped;
            prev.value = escaped;
            continue;
          }
          prev.value = `(${capture}${escaped}|${prev.value})`;
          state.output += prev.value;
          continue;
        }
        if (value === "{" && opts.nobrace !== true) {
          increment("braces");
          const open4 = {
            type: "brace",
            value,
            output: "(",
            outputIndex: state.output.length,
            tokensIndex: state.tokens.length
          };
          braces.push(open4);
          push(open4);
          continue;
        }
        if (value === "}") {
          const brace = braces[braces.length - 1];
          if (opts.nobrace === true || !brace) {
            push({ type: "text", value, output: value });
            continue;
          }
          let output = ")";
          if (brace.dots === true) {
            const arr = tokens.slice();
            const range = [];
            for (let i2 = arr.length - 1; i2 >= 0; i2--) {
              tokens.pop();
              if (arr[i2].type === "brace") {
                break;
              }
              if (arr[i2].type !== "dots") {
                range.unshift(arr[i2].value);
              }
            }
            output = expandRange(range, opts);
            state.backtrack = true;
          }
          if (brace.comma !== true && brace.dots !== true) {
            const out2 = state.output.slice(0, brace.outputIndex);
            const toks = state.tokens.slice(brace.tokensIndex);
            brace.value = brace.output = "\\{";
            value = output = "\\}";
            state.output = out2;
            for (const t of toks) {
              state.output += t.output || t.value;
            }
          }
          push({ type: "brace", value, output });
          decrement("braces");
          braces.pop();
          continue;
        }
        if (value === "|") {
          if (extglobs.length > 0) {
            extglobs[extglobs.length - 1].conditions++;
          }
          push({ type: "text", value });
          continue;
        }
        if (value === ",") {
          let output = value;
          const brace = braces[braces.length - 1];
          if (brace && stack2[stack2.length - 1] === "braces") {
            brace.comma = true;
            output = "|";
          }
          push({ type: "comma", value, output });
          continue;
        }
        if (value === "/") {
          if (prev.type === "dot" && state.index === state.start + 1) {
            state.start = state.index + 1;
            state.consumed = "";
            state.output = "";
            tokens.pop();
            prev = bos;
            continue;
          }
          push({ type: "slash", value, output: SLASH_LITERAL });
          continue;
        }
        if (value === ".") {
          if (state.braces > 0 && prev.type === "dot") {
            if (prev.value === ".") prev.output = DOT_LITERAL;
            const brace = braces[braces.length - 1];
            prev.type = "dots";
            prev.output += value;
            prev.value += value;
            brace.dots = true;
            continue;
          }
          if (state.braces + state.parens === 0 && prev.type !== "bos" && prev.type !== "slash") {
            push({ type: "text", value, output: DOT_LITERAL });
            continue;
          }
          push({ type: "dot", value, output: DOT_LITERAL });
          continue;
        }
        if (value === "?") {
          const isGroup = prev && prev.value === "(";
          if (!isGroup && opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("qmark", value);
            continue;
          }
          if (prev && prev.type === "paren") {
            const next = peek();
            let output = value;
            if (prev.value === "(" && !/[!=<:]/.test(next) || next === "<" && !/<([!=]|\w+>)/.test(remaining())) {
              output = `\\${value}`;
            }
            push({ type: "text", value, output });
            continue;
          }
          if (opts.dot !== true && (prev.type === "slash" || prev.type === "bos")) {
            push({ type: "qmark", value, output: QMARK_NO_DOT });
            continue;
          }
          push({ type: "qmark", value, output: QMARK });
          continue;
        }
        if (value === "!") {
          if (opts.noextglob !== true && peek() === "(") {
            if (peek(2) !== "?" || !/[!=<:]/.test(peek(3))) {
              extglobOpen("negate", value);
              continue;
            }
          }
          if (opts.nonegate !== true && state.index === 0) {
            negate();
            continue;
          }
        }
        if (value === "+") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("plus", value);
            continue;
          }
          if (prev && prev.value === "(" || opts.regex === false) {
            push({ type: "plus", value, output: PLUS_LITERAL });
            continue;
          }
          if (prev && (prev.type === "bracket" || prev.type === "paren" || prev.type === "brace") || state.parens > 0) {
            push({ type: "plus", value });
            continue;
          }
          push({ type: "plus", value: PLUS_LITERAL });
          continue;
        }
        if (value === "@") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            push({ type: "at", extglob: true, value, output: "" });
            continue;
          }
          push({ type: "text", value });
          continue;
        }
        if (value !== "*") {
          if (value === "$" || value === "^") {
            value = `\\${value}`;
          }
          const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
          if (match) {
            value += match[0];
            state.index += match[0].length;
          }
          push({ type: "text", value });
          continue;
        }
        if (prev && (prev.type === "globstar" || prev.star === true)) {
          prev.type = "star";
          prev.star = true;
          prev.value += value;
          prev.output = star;
          state.backtrack = true;
          state.globstar = true;
          consume(value);
          continue;
        }
        let rest = remaining();
        if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
          extglobOpen("star", value);
          continue;
        }
        if (prev.type === "star") {
          if (opts.noglobstar === true) {
            consume(value);
            continue;
          }
          const prior = prev.prev;
          const before2 = prior.prev;
          const isStart = prior.type === "slash" || prior.type === "bos";
          const afterStar = before2 && (before2.type === "star" || before2.type === "globstar");
          if (opts.bash === true && (!isStart || rest[0] && rest[0] !== "/")) {
            push({ type: "star", value, output: "" });
            continue;
          }
          const isBrace = state.braces > 0 && (prior.type === "comma" || prior.type === "brace");
          const isExtglob = extglobs.length && (prior.type === "pipe" || prior.type === "paren");
          if (!isStart && prior.type !== "paren" && !isBrace && !isExtglob) {
            push({ type: "star", value, output: "" });
            continue;
          }
          while (rest.slice(0, 3) === "/**") {
            const after = input[state.index + 4];
            if (after && after !== "/") {
              break;
            }
            rest = rest.slice(3);
            consume("/**", 3);
          }
          const isEnd = eos() || state.parens > 0 && rest === ")".repeat(state.parens) && !extglobs.some((extglob) => extglob.type === "negate");
          if (prior.type === "bos" && eos()) {
            prev.type = "globstar";
            prev.value += value;
            prev.output = globstar(opts);
            state.output = prev.output;
            state.globstar = true;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && !afterStar && isEnd) {
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = globstar(opts) + (opts.strictSlashes ? ")" : "|$)");
            prev.value += value;
            state.globstar = true;
            state.output += prior.output + prev.output;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && rest[0] === "/") {
            const end = rest[1] !== void 0 ? "|$" : "";
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
            prev.value += value;
            state.output += prior.output + prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          if (prior.type === "bos" && rest[0] === "/") {
            prev.type = "globstar";
            prev.value += value;
            prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
            state.output = prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          state.output = state.output.slice(0, -prev.output.length);
          prev.type = "globstar";
          prev.output = globstar(opts);
          prev.value += value;
          state.output += prev.output;
          state.globstar = true;
          consume(value);
          continue;
        }
        const token = { type: "star", value, output: star };
        if (opts.bash === true) {
          token.output = ".*?";
          if (prev.type === "bos" || prev.type === "slash") {
            token.output = nodot + token.output;
          }
          push(token);
          continue;
        }
        if (prev && (prev.type === "bracket" || prev.type === "paren") && opts.regex === true) {
          token.output = value;
          push(token);
          continue;
        }
        if (state.index === state.start || prev.type === "slash" || prev.type === "dot") {
          if (prev.type === "dot") {
            state.output += NO_DOT_SLASH;
            prev.output += NO_DOT_SLASH;
          } else if (opts.dot === true) {
            state.output += NO_DOTS_SLASH;
            prev.output += NO_DOTS_SLASH;
          } else {
            state.output += nodot;
            prev.output += nodot;
          }
          if (peek() !== "*") {
            state.output += ONE_CHAR;
            prev.output += ONE_CHAR;
          }
        }
        push(token);
      }
      while (state.brackets > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "]"));
        state.output = utils.escapeLast(state.output, "[");
        decrement("brackets");
      }
      while (state.parens > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", ")"));
        state.output = utils.escapeLast(state.output, "(");
        decrement("parens");
      }
      while (state.braces > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "}"));
        state.output = utils.escapeLast(state.output, "{");
        decrement("braces");
      }
      if (opts.strictSlashes !== true && (prev.type === "star" || prev.type === "bracket")) {
        push({ type: "maybe_slash", value: "", output: `${SLASH_LITERAL}?` });
      }
      if (state.backtrack === true) {
        state.output = "";
        for (const token of state.tokens) {
          state.output += token.output != null ? token.output : token.value;
          if (token.suffix) {
            state.output += token.suffix;
          }
        }
      }
      return state;
    };
    parse2.fastpaths = (input, options) => {
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      const len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      input = REPLACEMENTS[input] || input;
      const {
        DOT_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOTS,
        NO_DOTS_SLASH,
        STAR,
        START_ANCHOR
      } = constants2.globChars(opts.windows);
      const nodot = opts.dot ? NO_DOTS : NO_DOT;
      const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
      const capture = opts.capture ? "" : "?:";
      const state = { negated: false, prefix: "" };
      let star = opts.bash === true ? ".*?" : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      const globstar = (opts2) => {
        if (opts2.noglobstar === true) return star;
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const create = (str3) => {
        switch (str3) {
          case "*":
            return `${nodot}${ONE_CHAR}${star}`;
          case ".*":
            return `${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*.*":
            return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*/*":
            return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;
          case "**":
            return nodot + globstar(opts);
          case "**/*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;
          case "**/*.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "**/.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;
          default: {
            const match = /^(.*?)\.(\w+)$/.exec(str3);
            if (!match) return;
            const source2 = create(match[1]);
            if (!source2) return;
            return source2 + DOT_LITERAL + match[2];
          }
        }
      };
      const output = utils.removePrefix(input, state);
      let source = create(output);
      if (source && opts.strictSlashes !== true) {
        source += `${SLASH_LITERAL}?`;
      }
      return source;
    };
    module2.exports = parse2;
  }
});

// node_modules/picomatch/lib/picomatch.js
var require_picomatch = __commonJS({
  "node_modules/picomatch/lib/picomatch.js"(exports2, module2) {
    "use strict";
    var scan2 = require_scan();
    var parse2 = require_parse();
    var utils = require_utils();
    var constants2 = require_constants();
    var isObject = (val) => val && typeof val === "object" && !Array.isArray(val);
    var picomatch2 = (glob, options, returnState = false) => {
      if (Array.isArray(glob)) {
        const fns = glob.map((input) => picomatch2(input, options, returnState));
        const arrayMatcher = (str3) => {
          for (const isMatch of fns) {
            const state2 = isMatch(str3);
            if (state2) return state2;
          }
          return false;
        };
        return arrayMatcher;
      }
      const isState = isObject(glob) && glob.tokens && glob.input;
      if (glob === "" || typeof glob !== "string" && !isState) {
        throw new TypeError("Expected pattern to be a non-empty string");
      }
      const opts = options || {};
      const posix4 = opts.windows;
      const regex = isState ? picomatch2.compileRe(glob, options) : picomatch2.makeRe(glob, options, false, true);
      const state = regex.state;
      delete regex.state;
      let isIgnored = () => false;
      if (opts.ignore) {
        const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
        isIgnored = picomatch2(opts.ignore, ignoreOpts, returnState);
      }
      const matcher = (input, returnObject = false) => {
        const { isMatch, match, output } = picomatch2.test(input, regex, options, { glob, posix: posix4 });
        const result = { glob, state, regex, posix: posix4, input, output, match, isMatch };
        if (typeof opts.onResult === "function") {
          opts.onResult(result);
        }
        if (isMatch === false) {
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (isIgnored(input)) {
          if (typeof opts.onIgnore === "function") {
            opts.onIgnore(result);
          }
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (typeof opts.onMatch === "function") {
          opts.onMatch(result);
        }
        return returnObject ? result : true;
      };
      if (returnState) {
        matcher.state = state;
      }
      return matcher;
    };
    picomatch2.test = (input, regex, options, { glob, posix: posix4 } = {}) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected input to be a string");
      }
      if (input === "") {
        return { isMatch: false, output: "" };
      }
      const opts = options || {};
      const format = opts.format || (posix4 ? utils.toPosixSlashes : null);
      let match = input === glob;
      let output = match && format ? format(input) : input;
      if (match === false) {
        output = format ? format(input) : input;
        match = output === glob;
      }
      if (match === false || opts.capture === true) {
        if (opts.matchBase === true || opts.basename === true) {
          match = picomatch2.matchBase(input, regex, options, posix4);
        } else {
          match = regex.exec(output);
        }
      }
      return { isMatch: Boolean(match), match, output };
    };
    picomatch2.matchBase = (input, glob, options, posix4 = options && options.windows) => {
      const regex = glob instanceof RegExp ? glob : picomatch2.makeRe(glob, options);
      return regex.test(utils.basename(input, { windows: posix4 }));
    };
    picomatch2.isMatch = (str3, patterns, options) => picomatch2(patterns, options)(str3);
    picomatch2.parse = (pattern, options) => {
      if (Array.isArray(pattern)) return pattern.map((p) => picomatch2.parse(p, options));
      return parse2(pattern, { ...options, fastpaths: false });
    };
    picomatch2.scan = (input, options) => scan2(input, options);
    picomatch2.compileRe = (state, options, returnOutput = false, returnState = false) => {
      if (returnOutput === true) {
        return state.output;
      }
      const opts = options || {};
      const prepend = opts.contains ? "" : "^";
      const append = opts.contains ? "" : "$";
      let source = `${prepend}(?:${state.output})${append}`;
      if (state && state.negated === true) {
        source = `^(?!${source}).*$`;
      }
      const regex = picomatch2.toRegex(source, options);
      if (returnState === true) {
        regex.state = state;
      }
      return regex;
    };
    picomatch2.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
      if (!input || typeof input !== "string") {
        throw new TypeError("Expected a non-empty string");
      }
      let parsed = { negated: false, fastpaths: true };
      if (options.fastpaths !== false && (input[0] === "." || input[0] === "*")) {
        parsed.output = parse2.fastpaths(input, options);
      }
      if (!parsed.output) {
        parsed = parse2(input, options);
      }
      return picomatch2.compileRe(parsed, options, returnOutput, returnState);
    };
    picomatch2.toRegex = (source, options) => {
      try {
        const opts = options || {};
        return new RegExp(source, opts.flags || (opts.nocase ? "i" : ""));
      } catch (err2) {
        if (options && options.debug === true) throw err2;
        return /$^/;
      }
    };
    picomatch2.constants = constants2;
    module2.exports = picomatch2;
  }
});

// node_modules/picomatch/index.js
var require_picomatch2 = __commonJS({
  "node_modules/picomatch/index.js"(exports2, module2) {
    "use strict";
    var pico = require_picomatch();
    var utils = require_utils();
    function picomatch2(glob, options, returnState = false) {
      if (options && (options.windows === null || options.windows === void 0)) {
        options = { ...options, windows: utils.isWindows() };
      }
      return pico(glob, options, returnState);
    }
    Object.assign(picomatch2, pico);
    module2.exports = picomatch2;
  }
});

// pipeline/read-policy.ts
function readPolicy(root, opts = {}, home = (0, import_node_os2.homedir)()) {
  return { root: root ? (0, import_node_path5.resolve)(root) : null, deny: [...DEFAULT_DENY, ...opts.denyPaths ?? []], allow: [...opts.allowPaths ?? []], home };
}
function resolveIn(policy, path) {
  if ((0, import_node_path5.isAbsolute)(path)) return (0, import_node_path5.resolve)(path);
  return policy.root === null ? null : (0, import_node_path5.resolve)(policy.root, path);
}
function globMatch(pattern, home, path) {
  const anchored = anchoredGlob(pattern, home);
  let m = matchers.get(anchored);
  if (!m) matchers.set(anchored, m = (0, import_picomatch.default)(anchored, { dot: true }));
  return m(path);
}
function anyMatch(patterns, home, path) {
  const key = `${home}\0${patterns.join("\0")}`;
  let m = listMatchers.get(key);
  if (!m) {
    const globs = patterns.map((p) => anchoredGlob(p, home));
    const re = new RegExp(globs.map((g) => `(?:${import_picomatch.default.makeRe(g, { dot: true }).source})`).join("|"));
    const literal2 = new Set(globs);
    m = (p) => literal2.has(p) || re.test(p);
    listMatchers.set(key, m);
  }
  return m(path);
}
function kindOf(s) {
  if (s.isDirectory()) return "a directory";
  if (s.isFIFO()) return "a FIFO";
  if (s.isCharacterDevice() || s.isBlockDevice()) return "a device";
  if (s.isSocket()) return "a socket";
  return "not a regular file";
}
function checkPath(path, policy) {
  const abs = resolveIn(policy, path);
  if (abs === null) return { ok: false, path, reason: "a relative path, and the transcript names no project directory (cwd) to resolve it against" };
  const refuse2 = (reason) => ({ ok: false, path: abs, reason });
  const virtual = (p) => VIRTUAL_ROOTS.find((v) => p === v || p.startsWith(v + "/"));
  let real = null;
  let stats = null;
  try {
    if ((0, import_node_fs5.lstatSync)(abs, { throwIfNoEntry: false })) {
      real = (0, import_node_fs5.realpathSync)(abs);
      stats = (0, import_node_fs5.statSync)(real);
    }
  } catch (err2) {
    const code = err2.code;
    if (code !== "ENOENT" && code !== "ENOTDIR") return refuse2(`cannot be examined (${code ?? err2.message})`);
  }
  for (const p of real && real !== abs ? [abs, real] : [abs]) {
    const v = virtual(p);
    if (v) return refuse2(`${p} is under ${v}, a kernel view, not a file`);
  }
  const allowed = [abs, real].some((p) => p !== null && firstMatch(policy.allow, policy, p) !== void 0);
  if (!allowed) {
    for (const p of real && real !== abs ? [abs, real] : [abs]) {
      const secret = firstMatch(policy.deny, policy, p);
      if (secret) return refuse2(`${p === abs ? "it" : `its real path ${p}`} matches the deny list (${secret}): a secret is never re-read`);
    }
    if (policy.root === null) return refuse2("the transcript names no project directory (cwd), so no file is known to be inside it");
    const where = real ?? abs;
    if (!inside(realRoot(policy.root), where) && !inside(policy.root, where)) {
      return refuse2(`${real && real !== abs ? `its real path ${real}` : abs} is outside the session's project (${policy.root})`);
    }
  }
  if (stats && !stats.isFile()) return refuse2(`${kindOf(stats)}, not a regular file`);
  return { ok: true, path: abs, real, stats };
}
function secretPattern(path, policy) {
  const key = policyKey(policy);
  let verdicts = secretVerdicts.get(key);
  if (!verdicts) {
    if (secretVerdicts.size >= 64) secretVerdicts.clear();
    secretVerdicts.set(key, verdicts = /* @__PURE__ */ new Map());
  }
  if (verdicts.has(path)) return verdicts.get(path);
  if (verdicts.size >= 5e4) verdicts.clear();
  const expanded = path.startsWith("~/") ? policy.home + path.slice(1) : path;
  const abs = resolveIn(policy, expanded) ?? expanded;
  const verdict = firstMatch(policy.allow, policy, abs) !== void 0 ? void 0 : firstMatch(policy.deny, policy, abs);
  verdicts.set(path, verdict);
  return verdict;
}
function policyKey(policy) {
  let key = policyKeys.get(policy);
  if (key === void 0) policyKeys.set(policy, key = JSON.stringify([policy.root, policy.home, policy.deny, policy.allow]));
  return key;
}
function notASecret(value) {
  const v = value.trim().replace(/[;,]$/, "");
  const bare = v.replace(/^(["'])(.*)\1$/, "$2");
  return bare === "" || /^-?\d[\d.,_]*$/.test(bare) || /^(?:true|false|null|nil|none|undefined|yes|no|on|off|\[\]|\{\})$/i.test(bare) || /^\$/.test(bare) || v === bare && /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(.*\))?$/.test(v) && (/[.(]/.test(v) || TYPE_NAMES.test(v)) || /^[a-z][a-z0-9+.-]{0,20}:\/\/[^\s@]*$/i.test(bare) || /^#[0-9a-f]{3,8}$/i.test(bare);
}
function hideSecretValues(text) {
  return hidden(text, false);
}
function hideSecretValuesInCommand(command) {
  return hidden(command, true);
}
function hidden(text, asCommand) {
  if (!NAMED.test(text) && !SHAPED.test(text)) return text;
  return text.replace(PRIVATE_KEY_RE, "$1\n[value not shown]\n$2").split("\n").map((line, i2) => {
    const named = NAMED.test(line);
    if (!named && !SHAPED.test(line)) return line;
    const set = named && !(asCommand && i2 === 0) ? SECRET_LINE_RE.exec(line) : null;
    if (set && !notASecret(set[3])) return `${set[1]}[value not shown]`;
    let out2 = !named ? line : line.replace(SECRET_INLINE_RE, (m, pre, q, name2, sep3, value) => {
      if (notASecret(value)) return m;
      const quote = value.startsWith('"') || value.startsWith("'") ? value[0] : "";
      return `${pre}${q}${name2}${q}${sep3}${quote}[value not shown]${quote}`;
    });
    for (const [re, to] of SECRET_SHAPES) out2 = out2.replace(re, to);
    return out2;
  }).join("\n");
}
function pathsNamed(u) {
  const paths = [];
  for (const key of PATH_FIELDS) if (typeof u.input[key] === "string") paths.push(u.input[key]);
  if (typeof u.input.command === "string") {
    for (const word of u.input.command.split(/[\s;|&<>()'"`=]+/)) if (/[/.~]/.test(word) && !word.startsWith("-")) paths.push(word);
  }
  const text = u.result?.text ?? "";
  const search2 = u.name === "Grep" || typeof u.input.command === "string" && SEARCH_COMMAND.test(u.input.command);
  if (search2) {
    for (const m of text.matchAll(/^([^\s:]+):(\d+[:-])?/gm)) if (m[2] || /[./]/.test(m[1])) paths.push(m[1]);
  } else {
    for (const m of text.matchAll(/^([^\s:]+):\d+[:-]/gm)) paths.push(m[1]);
  }
  return paths;
}
function callOutputRefusal(u, policy) {
  for (const path of pathsNamed(u)) {
    const secret = secretPattern(path, policy);
    if (secret) return `it names ${path}, which matches the deny list (${secret})`;
  }
  if (binaryText(u.result?.text ?? "")) return "binary output";
  return null;
}
function binaryText(text) {
  return text.includes("\0");
}
function refusalOf(path, policy, storedText) {
  const v = checkPath(path, policy);
  if (!v.ok) return v.reason;
  if (v.real !== null && sniffBinarySync(v.real)) return "binary content (sniffed), not text";
  if (storedText !== void 0 && v.real === null && binaryText(storedText)) return "the transcript's copy is binary, not text";
  return null;
}
function sniffBinarySync(real) {
  let fd;
  try {
    fd = (0, import_node_fs5.openSync)(real, import_node_fs5.constants.O_RDONLY | import_node_fs5.constants.O_NOFOLLOW | import_node_fs5.constants.O_NONBLOCK);
    const buf = Buffer.alloc(SNIFF_BYTES);
    const n = (0, import_node_fs5.readSync)(fd, buf, 0, SNIFF_BYTES, 0);
    return n > 0 && (0, import_isbinaryfile.isBinaryFileSync)(buf, n);
  } catch {
    return false;
  } finally {
    if (fd !== void 0) (0, import_node_fs5.closeSync)(fd);
  }
}
async function readBounded(path, policy, opts = {}) {
  const verdict = checkPath(path, policy);
  if (!verdict.ok) return verdict;
  if (!verdict.real || !verdict.stats) return { ok: false, path: verdict.path, reason: "no such file" };
  const offset = Math.max(1, opts.offset ?? 1);
  const limit = opts.limit ?? Number.MAX_SAFE_INTEGER;
  const maxChars = opts.maxChars ?? 1e5;
  const maxScan = opts.maxScanBytes ?? 64 * 1024 * 1024;
  const refuse2 = (reason) => ({ ok: false, path: verdict.path, reason });
  let fd;
  try {
    fd = await (0, import_promises2.open)(verdict.real, import_node_fs5.constants.O_RDONLY | import_node_fs5.constants.O_NOFOLLOW | import_node_fs5.constants.O_NONBLOCK);
  } catch (err2) {
    return refuse2(`cannot be opened (${err2.code ?? err2.message})`);
  }
  try {
    const now = await fd.stat();
    if (!now.isFile()) return refuse2(`${kindOf(now)}, not a regular file`);
    if (now.ino !== verdict.stats.ino || now.dev !== verdict.stats.dev) return refuse2("it changed while being read (not the file that was examined)");
    const buf = Buffer.alloc(CHUNK_BYTES);
    const decoder = new TextDecoder("utf-8");
    const kept = [];
    let keptChars = 0;
    let line = 1;
    let partial = "";
    let bytesRead = 0;
    let truncated = false;
    let sniffed = false;
    for (; ; ) {
      if (opts.signal?.aborted) return refuse2("the read was stopped");
      const { bytesRead: n } = await fd.read(buf, 0, CHUNK_BYTES, bytesRead);
      if (!sniffed) {
        sniffed = true;
        if (n > 0 && await (0, import_isbinaryfile.isBinaryFile)(buf, Math.min(n, SNIFF_BYTES))) return refuse2("binary content (sniffed), not text");
      }
      bytesRead += n;
      const eof = n === 0;
      const pieces = (partial + (eof ? decoder.decode() : decoder.decode(buf.subarray(0, n), { stream: true }))).split("\n");
      partial = eof ? "" : pieces.pop();
      if (eof && pieces.at(-1) === "") pieces.pop();
      for (const piece of pieces) {
        if (line >= offset && kept.length < limit) {
          if (keptChars + piece.length > maxChars) {
            truncated = true;
            break;
          }
          kept.push(piece);
          keptChars += piece.length + 1;
        }
        line++;
      }
      if (truncated || kept.length >= limit || eof) break;
      if (bytesRead >= maxScan) {
        truncated = true;
        break;
      }
      if (partial.length > maxChars) {
        truncated = true;
        break;
      }
    }
    return { ok: true, path: verdict.path, text: kept.join("\n"), firstLine: offset, lines: kept.length, truncated, bytesRead, size: now.size };
  } finally {
    await fd.close();
  }
}
async function vetForRead(path, policy, signal) {
  const r = await readBounded(path, policy, { limit: 1, maxChars: 0, ...signal ? { signal } : {} });
  return r.ok ? { ok: true, path: r.path } : { ok: false, reason: r.reason };
}
var import_node_fs5, import_promises2, import_node_os2, import_node_path5, import_isbinaryfile, import_picomatch, DEFAULT_DENY, VIRTUAL_ROOTS, SNIFF_BYTES, CHUNK_BYTES, anchoredGlob, matchers, listMatchers, firstMatch, inside, realRoots, realRoot, READ_POLICY_OPTIONS, secretVerdicts, policyKeys, SECRET_WORD, SECRET_NAME, SECRET_LINE_RE, SECRET_INLINE_RE, TYPE_NAMES, SECRET_SHAPES, PRIVATE_KEY_RE, NAMED, SHAPED, PATH_FIELDS, SEARCH_COMMAND;
var init_read_policy = __esm({
  "pipeline/read-policy.ts"() {
    "use strict";
    import_node_fs5 = require("node:fs");
    import_promises2 = require("node:fs/promises");
    import_node_os2 = require("node:os");
    import_node_path5 = require("node:path");
    import_isbinaryfile = __toESM(require_lib2(), 1);
    import_picomatch = __toESM(require_picomatch2(), 1);
    DEFAULT_DENY = [
      "~/.ssh/**",
      "~/.aws/**",
      "~/.gnupg/**",
      "~/.azure/**",
      "~/.config/gcloud/**",
      "~/.kube/**",
      "~/.docker/config.json",
      "~/.netrc",
      "~/.npmrc",
      "~/.pypirc",
      "~/.git-credentials",
      "~/.claude/.credentials.json",
      ".env",
      ".env.*",
      "id_rsa*",
      "id_dsa*",
      "id_ecdsa*",
      "id_ed25519*",
      "*.pem",
      "*.key",
      "*.p12",
      "*.pfx",
      "*.keystore",
      "/etc/shadow*",
      "/etc/gshadow*",
      "/etc/sudoers*",
      "/etc/ssh/ssh_host_*"
    ];
    VIRTUAL_ROOTS = ["/proc", "/sys", "/dev"];
    SNIFF_BYTES = 8192;
    CHUNK_BYTES = 65536;
    anchoredGlob = (pattern, home) => pattern.startsWith("~/") ? home + pattern.slice(1) : pattern.startsWith("/") ? pattern : `**/${pattern}`;
    matchers = /* @__PURE__ */ new Map();
    listMatchers = /* @__PURE__ */ new Map();
    firstMatch = (patterns, policy, path) => patterns.length > 0 && anyMatch(patterns, policy.home, path) ? patterns.find((p) => globMatch(p, policy.home, path)) : void 0;
    inside = (root, path) => {
      const rel = (0, import_node_path5.relative)(root, path);
      return rel === "" || !rel.startsWith("..") && !(0, import_node_path5.isAbsolute)(rel);
    };
    realRoots = /* @__PURE__ */ new Map();
    realRoot = (root) => {
      let real = realRoots.get(root);
      if (real === void 0) {
        try {
          real = (0, import_node_fs5.realpathSync)(root);
        } catch {
          real = root;
        }
        realRoots.set(root, real);
      }
      return real;
    };
    READ_POLICY_OPTIONS = {
      denyPaths: {
        type: "array",
        items: { type: "string", minLength: 1 },
        description: `globs never read or shown, added to the default deny list (${DEFAULT_DENY.length} patterns: ~/.ssh/**, .env, *.pem, \u2026)`
      },
      allowPaths: {
        type: "array",
        items: { type: "string", minLength: 1 },
        description: "globs read and shown even when the deny list names them or they lie outside the project"
      }
    };
    secretVerdicts = /* @__PURE__ */ new Map();
    policyKeys = /* @__PURE__ */ new WeakMap();
    SECRET_WORD = String.raw`(?:secret|token|passw(?:or)?d|pass(?:wd|phrase)?\b|pwd\b|api[_-]?key|apikey|private[_-]?key|access[_-]?key|(?:app|master|account)[_-]?key|credential)`;
    SECRET_NAME = String.raw`[\w.-]{0,40}${SECRET_WORD}[\w.-]{0,40}`;
    SECRET_LINE_RE = new RegExp(
      String.raw`^(\s*(?:[^\s:]{1,200}:(?:\d{1,9}[:-])?\s*)?(?:-\s+)?(?:export\s+)?(["']?)${SECRET_NAME}\2\s{0,20}(?::(?!=)|=(?!=))\s{0,20})(\S.*)$`,
      "i"
    );
    SECRET_INLINE_RE = new RegExp(
      String.raw`(^|[^\w.-])(["']?)(${SECRET_NAME})\2(=(?!=)|\s{0,20}[:=]\s{0,20}(?=["']))("[^"\n]{0,2000}"|'[^'\n]{0,2000}'|[^\s"'&;,)}\]]{1,2000})`,
      "gi"
    );
    TYPE_NAMES = /^(?:string|number|boolean|bigint|symbol|object|any|unknown|never|void|str|int|float|bool|bytes|dict|list|String|Number|Boolean|Optional|Option|None|null|undefined)$/;
    SECRET_SHAPES = [
      [/\b([a-z][a-z0-9+.-]{0,20}:\/\/[^\s:@/]{0,200}:)[^\s@/]{1,500}@/gi, "$1[value not shown]@"],
      [/\b(Bearer|Basic|Token)\s+(?=[\w.~+/=-]{0,500}\d)[\w.~+/=-]{8,500}/gi, "$1 [value not shown]"],
      [
        /\b((?:Authorization|Proxy-Authorization|X-Api-Key|X-Auth-Token|Cookie|Set-Cookie)\s*:\s*)(?!\[value not shown\])[^\s"'][^"'\n]{0,2000}/gi,
        "$1[value not shown]"
      ],
      [/(--(?:password|passwd|token|api[_-]?key|secret|auth[_-]?token|access[_-]?token)(?:=|\s+))(?!\[value)(?!-)[^\s"']{1,500}/gi, "$1[value not shown]"],
      [/(\bcurl\b[^\n]{0,500}?\s(?:-u|--user)\s+[^\s:]{1,100}:)[^\s"']{1,500}/g, "$1[value not shown]"],
      [
        /\b(?:sk-ant-[\w-]{8,200}|sk-(?:proj-)?(?=[\w-]{0,200}\d)[\w-]{20,200}|(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,200}|gh[pousr]_\w{20,200}|github_pat_\w{20,200}|glpat-[\w-]{20,200}|xox[abprs]-[\w-]{10,200}|npm_[A-Za-z0-9]{30,100}|hf_[A-Za-z0-9]{30,100}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[\w-]{35}|ya29\.[\w-]{20,500}|eyJ[\w-]{10,2000}\.eyJ[\w-]{10,4000}\.[\w-]{10,2000})/g,
        "[value not shown]"
      ],
      [/(hooks\.slack\.com\/services\/)[\w/]{10,200}/g, "$1[value not shown]"]
    ];
    PRIVATE_KEY_RE = /(-----BEGIN [A-Z ]{0,40}PRIVATE KEY(?: BLOCK)?-----)[\s\S]*?(-----END [A-Z ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g;
    NAMED = new RegExp(SECRET_WORD, "i");
    SHAPED = /:\/\/[^\s/@]*:[^\s/@]+@|bearer |basic |token |authorization|api-key|auth-token|cookie|--pass|--token|--api|--secret|--auth|--access|curl |PRIVATE KEY|\bsk-|\b[sr]k_(?:live|test)_|\bgh[pousr]_|github_pat_|glpat-|\bxox[abprs]-|\bnpm_|\bhf_|\bAKIA|\bASIA|\bAIza|\bya29\.|\beyJ|hooks\.slack\.com/i;
    PATH_FIELDS = ["file_path", "notebook_path", "path"];
    SEARCH_COMMAND = /(^|[\s;|&(])(grep|egrep|fgrep|zgrep|rg|ag|ack|git\s+grep)\s/;
  }
});

// pipeline/pricing.ts
function normalizeModelId(model) {
  return model.trim().toLowerCase().replace(/\[[^\]]*\]$/, "").replace(/-\d{8}$/, "");
}
function priceOf(model) {
  return PRICES[normalizeModelId(model)] ?? null;
}
function costOf(model, usage3) {
  if (!usage3) return { usd: null, reason: "the host reported no usage for this call", basis: "unpriced" };
  if (!model) return { usd: null, reason: "the host did not say which model answered", basis: "unpriced" };
  const price = priceOf(model);
  if (!price) return { usd: null, reason: `no price on record for ${model}`, basis: "unpriced" };
  const prompt = usage3.inputTokens + usage3.cacheReadTokens + usage3.cacheWriteTokens;
  const long = price.longPrompt && prompt > price.longPrompt.overTokens ? price.longPrompt : null;
  const r = long ?? price;
  const usd = (usage3.inputTokens * r.input + usage3.outputTokens * r.output + usage3.cacheWriteTokens * r.cacheWrite + usage3.cacheReadTokens * r.cacheRead) / 1e6;
  const band = long ? `, prompt over ${fmt(long.overTokens)} tokens` : "";
  return {
    // Rounded to a millionth of a dollar: finer than any rate, and free of float noise in rows.
    usd: Math.round(usd * 1e6) / 1e6,
    basis: `measured: reported usage at ${normalizeModelId(model)} rates${band} (cache writes at the 5-minute rate), read ${price.read} from ${price.source}`
  };
}
function modelCallRow(path, answer2, asked) {
  const model = answer2?.model ?? asked ?? null;
  return {
    path,
    warm: path === "fork",
    model,
    usage: answer2?.usage ?? null,
    cost: answer2 ? costOf(model ?? void 0, answer2.usage) : { usd: null, reason: "no answer, so no usage was reported", basis: "unpriced" },
    replyChars: answer2 ? answer2.text.length : null
  };
}
var PRICING_PAGE, READ, PRICES;
var init_pricing = __esm({
  "pipeline/pricing.ts"() {
    "use strict";
    init_text();
    PRICING_PAGE = "https://platform.claude.com/docs/en/about-claude/pricing";
    READ = "2026-11-29";
    PRICES = {
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
  }
});

// pipeline/file-touches.ts
function fileLines(text) {
  if (text === "") return [];
  return (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
}
function lastCopy(touch) {
  if (touch.stored) return { ...touch.stored, current: true };
  if (touch.read) return { ...touch.read, from: "read", current: false };
  return void 0;
}
function readText(result) {
  return withoutEngineNotes(result).split("\n").map((line) => line.replace(/^\s*\d+[\t→]/, "")).join("\n");
}
function replay(text, edits2) {
  let line = 0;
  for (const e of edits2) {
    if (typeof e.old_string !== "string" || typeof e.new_string !== "string") return null;
    const at2 = text.indexOf(e.old_string);
    if (at2 < 0) return null;
    line = countLines(text, at2);
    text = e.replace_all === true ? text.split(e.old_string).join(e.new_string) : text.replace(e.old_string, () => e.new_string);
  }
  return { text, line };
}
function joined(older, newer) {
  const a = fileLines(older.text);
  const b = fileLines(newer.text);
  if (newer.firstLine > older.firstLine + a.length || older.firstLine > newer.firstLine + b.length) return null;
  const before2 = a.slice(0, Math.max(0, newer.firstLine - older.firstLine));
  const after = a.slice(Math.max(0, newer.firstLine + b.length - older.firstLine));
  const lines = [...before2, ...b, ...after];
  const text = lines.join("\n") + (lines.at(-1) === "" ? "\n" : "");
  return { text, firstLine: Math.min(older.firstLine, newer.firstLine), whole: false };
}
function fileTouches(t) {
  const known = accounts.get(t.messages);
  if (known) return known;
  const touches = readTouches(t);
  accounts.set(t.messages, touches);
  return touches;
}
function readTouches(t) {
  const touches = /* @__PURE__ */ new Map();
  const freshRead = /* @__PURE__ */ new Set();
  for (const m of t.messages) {
    for (const u of m.toolUses) {
      const key = FILE_TOOLS[u.name];
      const path = key ? u.input[key] : void 0;
      if (typeof path !== "string" || path === "") continue;
      const touch = touches.get(path) ?? { path, last: m.index, focus: 1, ops: {} };
      touch.ops[u.name] = (touch.ops[u.name] ?? 0) + 1;
      touch.last = m.index;
      const failed3 = u.result?.isError === true;
      if (u.name === "Write" && typeof u.input.content === "string" && !failed3) {
        touch.stored = { text: u.input.content, from: "write", firstLine: 1, whole: true };
        touch.focus = 1;
        delete touch.edited;
        freshRead.delete(path);
      } else if (u.name === "Read" && u.result && !failed3 && u.result.text) {
        readPart(touch, u.input, readText(u.result.text));
        freshRead.add(path);
      } else if ((u.name === "Edit" || u.name === "MultiEdit") && !failed3) {
        const edits2 = u.name === "Edit" ? [u.input] : Array.isArray(u.input.edits) ? u.input.edits : [];
        editCopy(touch, edits2, freshRead.has(path));
        freshRead.delete(path);
      } else if (u.name === "NotebookEdit") {
        delete touch.stored;
        freshRead.delete(path);
      }
      touches.delete(path);
      touches.set(path, touch);
    }
  }
  return touches;
}
function readPart(touch, input, shownText) {
  const firstLine2 = positive(input.offset) ?? 1;
  const shown = shownText === "" ? 0 : shownText.split("\n").length;
  const whole = firstLine2 === 1 && shown < (positive(input.limit) ?? READ_TOOL_LINES);
  if (shown === 0 && !whole) return;
  const text = !whole && shownText.endsWith("\n") ? `${shownText}
` : shownText;
  const part = { text, firstLine: firstLine2, whole };
  touch.read = part;
  touch.focus = touch.edited ?? firstLine2;
  const s = touch.stored;
  if (whole || !s) touch.stored = { ...part, from: "read" };
  else if (!s.whole) {
    const both = joined(s, part);
    if (both) touch.stored = { ...both, from: "read" };
    else if (!holds(s, touch.edited)) touch.stored = { ...part, from: "read" };
  }
}
function editCopy(touch, edits2, freshRead) {
  const bases = [touch.stored, freshRead && touch.read ? { ...touch.read, from: "read" } : void 0];
  for (const base2 of bases) {
    const done = base2 ? replay(base2.text, edits2) : null;
    if (!base2 || !done) continue;
    touch.stored = { ...base2, text: done.text };
    touch.edited = touch.focus = base2.firstLine + done.line;
    return;
  }
  delete touch.stored;
}
function onSessionMachine(trigger, cwd, touched, exists) {
  if (trigger !== "cli") return true;
  if (cwd === void 0 || !(0, import_node_fs6.existsSync)(cwd)) return false;
  for (const path of touched) if (exists(path)) return true;
  return false;
}
var import_node_fs6, READ_TOOL_LINES, ENGINE_ATTACHED, FILE_TOOLS, countLines, positive, holds, accounts;
var init_file_touches = __esm({
  "pipeline/file-touches.ts"() {
    "use strict";
    import_node_fs6 = require("node:fs");
    init_transcript();
    READ_TOOL_LINES = 2e3;
    ENGINE_ATTACHED = /* @__PURE__ */ new Set(["CLAUDE.md", "AGENTS.md", "CLAUDE.local.md"]);
    FILE_TOOLS = {
      Read: "file_path",
      Write: "file_path",
      Edit: "file_path",
      MultiEdit: "file_path",
      NotebookEdit: "notebook_path"
    };
    countLines = (text, end) => {
      let n = 0;
      for (let i2 = text.indexOf("\n"); i2 >= 0 && i2 < end; i2 = text.indexOf("\n", i2 + 1)) n++;
      return n;
    };
    positive = (v) => typeof v === "number" && Number.isInteger(v) && v > 0 ? v : void 0;
    holds = (copy, line) => line !== void 0 && line >= copy.firstLine && line < copy.firstLine + fileLines(copy.text).length;
    accounts = /* @__PURE__ */ new WeakMap();
  }
});

// pipeline/tool-errors.ts
function isFailure(use) {
  const r = use.result;
  if (r === void 0) return false;
  if (r.isError) return true;
  return use.name === "Bash" ? r.text.trimStart().startsWith("<tool_use_error>") : TOOL_ERROR_RE.test(r.text);
}
function errorReason(text, opts = {}) {
  const { lines = 2, max = 200 } = opts;
  const body2 = text.replace(/<\/?tool_use_error>/g, "");
  const rejected = REJECTED.exec(body2.trim());
  if (rejected) return clip(oneLine(`rejected by the user${rejected[1]?.trim() ? `, who said: ${rejected[1].trim()}` : ""}`), max);
  if (/^\s*<tool_use_error>/.test(text) || opts.tool !== void 0 && ENGINE_TOOLS.has(opts.tool)) {
    const [first, next] = body2.split("\n").map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l !== "");
    if (first) return clip(first.endsWith(":") && next && lines > 1 ? `${first} \u23CE ${next}` : first, max);
  }
  const raw = body2.split("\n");
  const all = raw.map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l !== "");
  const exit = all[0] !== void 0 && EXIT_LINE.test(all[0]) ? all[0] : null;
  const rest = exit ? all.slice(1) : all;
  const pick = (test) => {
    const first = rest.findIndex((l) => test(l) && !BARE_MARKER.test(l));
    if (first < 0) return null;
    const next = rest.findIndex((l, i2) => i2 > first && test(l) && !BARE_MARKER.test(l));
    return [rest[first], ...next >= 0 ? [rest[next]] : rest.slice(first + 1, first + 2)].slice(0, lines);
  };
  const reason = tracebackTail(raw) ?? pick((l) => NAMES_ERROR.test(l)) ?? pick((l) => MENTIONS_ERROR.test(l)) ?? rest.slice(-lines);
  return clip([...exit ? [exit] : [], ...reason].join(" \u23CE "), max);
}
function tracebackTail(raw) {
  let at2 = -1;
  raw.forEach((l, i2) => {
    if (l.startsWith("Traceback (most recent call last)")) at2 = i2;
  });
  if (at2 < 0) return null;
  const exception = raw.slice(at2 + 1).find((l) => l.trim() !== "" && !/^\s/.test(l));
  return exception ? [exception.trim()] : null;
}
var TOOL_ERROR_RE, ENGINE_TOOLS, EXIT_LINE, LOCATION, NAMES_ERROR, MENTIONS_ERROR, BARE_MARKER, REJECTED;
var init_tool_errors = __esm({
  "pipeline/tool-errors.ts"() {
    "use strict";
    init_text();
    TOOL_ERROR_RE = /^\s*(<tool_use_error>|Error: |InputValidationError)/;
    ENGINE_TOOLS = /* @__PURE__ */ new Set(["Edit", "MultiEdit", "Write", "Read", "NotebookEdit", "Glob", "Grep", "LS"]);
    EXIT_LINE = /^Exit code -?\d+$/;
    LOCATION = /[\w.-]*\w\.[A-Za-z]\w{0,9}:\d+/;
    NAMES_ERROR = new RegExp(`${LOCATION.source}|\\b(?:error|exception)\\b:|\\bpanic:|\\bnpm ERR!|\\bFAIL\\b|^! \\S`, "i");
    MENTIONS_ERROR = /\berror\b|\bfailed\b/i;
    BARE_MARKER = /^(?:[-=\s]*)(?:fail|error|failed)[:!.]*$/i;
    REJECTED = /^The user doesn't want to proceed with this tool use\.[^\n]*?(?:the user said:\s*([\s\S]*))?$/;
  }
});

// pipeline/render.ts
function shownCall(u, policy) {
  const refused = callOutputRefusal(u, policy);
  if (refused) {
    const input2 = Object.fromEntries(Object.entries(u.input).map(([k, v]) => [k, WRITTEN_FIELDS.has(k) ? "[not shown]" : v]));
    return { ...u, input: input2, ...u.result ? { result: { ...u.result, text: `[not shown: ${refused}]` } } : {} };
  }
  const input = Object.fromEntries(
    Object.entries(u.input).map(([k, v]) => [k, typeof v !== "string" ? v : k === "command" ? hideSecretValuesInCommand(v) : hideSecretValues(v)])
  );
  return { ...u, input, ...u.result ? { result: { ...u.result, text: hideSecretValues(u.result.text) } } : {} };
}
function keyInput(use) {
  const input = use.input;
  if (use.name === "Grep" && typeof input.pattern === "string") return `${input.pattern}${typeof input.path === "string" ? ` in ${input.path}` : ""}`;
  for (const k of INPUT_FIELDS) {
    const v = input[k];
    if (typeof v === "string" && v !== "") return v;
  }
  const first = Object.values(input).find((v) => typeof v === "string" && v !== "");
  return typeof first === "string" ? first : "";
}
function shortInput(use, max = 120) {
  const key = keyInput(use);
  return clip(oneLine(use.name === "Bash" ? hideSecretValuesInCommand(key) : hideSecretValues(key)), max);
}
function renderUse(u, o) {
  let line = `  \u2192 ${u.name} ${clipEnd(JSON.stringify(u.input), o.toolInputChars)}`;
  if (o.toolResultChars > 0 && u.result) {
    const status = u.result.isError ? "error" : "ok";
    const body2 = flat(u.result.text);
    line += `
    \u2190 ${status}${body2 ? `: ${clipEnd(body2, o.toolResultChars)}` : ""}`;
  }
  return line;
}
function rendered(m) {
  switch (m.kind) {
    case "typed":
    case "compact-summary":
    case "handoff":
      return m.text.trim() !== "";
    case "assistant":
      return m.text.trim() !== "" || m.toolUses.length > 0;
    case "command":
    case "interrupt":
      return true;
    default:
      return false;
  }
}
function renderMessage(m, opts) {
  if (!rendered(m)) return "";
  const o = { toolInputChars: 200, toolResultChars: 400, messageChars: 8e3, ...opts };
  const head = headOf(m);
  switch (m.kind) {
    case "assistant": {
      const parts2 = [m.text.trim() ? `${head} ${clipMiddle(m.text.trim(), o.messageChars)}` : head];
      for (const u of m.toolUses) parts2.push(renderUse(u, o));
      return parts2.join("\n");
    }
    case "command":
      return `${head} ${clipEnd(flat(m.text), 200)}`;
    case "interrupt":
      return `${head} the user interrupted`;
    default:
      return `${head} ${clipMiddle(m.text.trim(), o.messageChars)}`;
  }
}
function gist(text, max) {
  const one = flat(text);
  if (one.length <= max) return one;
  const ends = [...one.slice(0, max - 1).matchAll(/(?<=[A-Za-z)\]`'"])[.!?:](?=\s)/g)].map((e) => e.index + 1);
  const end = ends[Math.min(1, ends.length - 1)];
  return end !== void 0 && end >= max / 4 ? `${one.slice(0, end)} \u2026` : clip(one, max);
}
function callDetail(u) {
  const { offset, limit, content, new_string: written, edits: edits2 } = u.input;
  if (u.name === "Read") {
    const from = typeof offset === "number" && offset > 0 ? offset : void 0;
    const count = typeof limit === "number" && limit > 0 ? limit : void 0;
    if (from !== void 0 && count !== void 0) return lineSpan(from, from + count - 1);
    if (from !== void 0) return `from line ${fmt(from)}`;
    if (count !== void 0) return lineSpan(1, count);
  }
  if (u.name === "Write" && typeof content === "string") return lineCount(fileLines(content).length);
  if (u.name === "Edit" && typeof written === "string") {
    const lines = written.split("\n").map((l) => l.trim());
    const first = lines.find((l) => l.length >= 12) ?? lines.find((l) => l !== "");
    return first === void 0 ? "deleting" : `new: "${clip(first, EDIT_SNIPPET)}"${lines.filter((l) => l !== "").length > 1 ? " \u2026" : ""}`;
  }
  if (u.name === "MultiEdit" && Array.isArray(edits2)) return `${fmt(edits2.length)} edit${edits2.length === 1 ? "" : "s"}`;
  return "";
}
function outcomeOf(u) {
  if (u.result === void 0) return "no result";
  const text = withoutEngineNotes(u.result.text);
  if (bareExit1(u)) return "exit 1, no output";
  if (isFailure(u)) {
    const why = errorReason(text, { lines: 1, max: OUTCOME_CHARS - 7, tool: u.name });
    return why ? `error: ${why}` : "error";
  }
  if (WRITE_TOOLS.has(u.name)) return "ok";
  const persisted = PERSISTED.exec(text);
  if (persisted) return clip(`ok: ${flat(persisted[1])}`, OUTCOME_CHARS);
  const lines = text.split("\n").filter((l) => u.name === "Read" ? READ_LINE.test(l) : l.trim() !== "");
  if (lines.length === 0) return "ok";
  if (u.name === "Grep" && /^Found \d+/.test(lines[0])) return clip(`ok: ${flat(lines[0])}`, OUTCOME_CHARS);
  if (lines.length === 1) return clip(`ok: ${flat(lines[0])}`, OUTCOME_CHARS);
  if (u.name === "Bash") return clip(`ok, ${lineCount(lines.length)}, the last: ${flat(lines.at(-1))}`, OUTCOME_CHARS);
  return `ok, ${lineCount(lines.length)}`;
}
function compactKey(u, cwd) {
  const input = u.input;
  const where = typeof input.path === "string" ? input.path : void 0;
  if ((u.name === "Grep" || u.name === "Glob") && typeof input.pattern === "string") return `${input.pattern}${where ? ` in ${shortPath(where, cwd)}` : ""}`;
  const key = keyInput(u);
  return PATH_FIELDS.some((k) => input[k] === key) ? shortPath(key, cwd) : key;
}
function compactUse(u, cwd, width = COMPACT_LINE) {
  const outcome = ` \u2192 ${outcomeOf(u)}`;
  const head = `  \u2192 ${u.name} `;
  const key = oneLine(compactKey(u, cwd));
  const room = width - head.length - outcome.length;
  const detail = callDetail(u);
  const keyRoom = Math.max(20, Math.min(key.length, room - (detail ? 12 : 0)));
  const shownKey = clip(key, keyRoom);
  const detailRoom = room - shownKey.length - 3;
  const shownDetail = detail && detailRoom >= 8 ? ` (${clip(detail, detailRoom)})` : "";
  return `${head}${shownKey}${shownDetail}${outcome}`;
}
function renderCompact(m, cwd, only) {
  const head = headOf(m);
  if (m.kind === "typed") return `${head} ${clipMiddle(m.text.trim(), COMPACT_TYPED)}`;
  if (m.kind !== "assistant") return renderMessage(m, { maxChars: COMPACT_LINE, messageChars: COMPACT_LINE });
  const uses = only ? m.toolUses.filter(only) : m.toolUses;
  const text = only ? " (only its failed calls shown)" : m.text.trim() ? ` ${gist(m.text, COMPACT_LINE - head.length - 1)}` : "";
  if (text === "" && uses.length === 1) return `${head} ${compactUse(uses[0], cwd, COMPACT_LINE - head.length - 1 + 2).trimStart()}`;
  return [head + text, ...uses.map((u) => compactUse(u, cwd))].join("\n");
}
function newestCalls(text, left) {
  const [head, ...calls] = text.split("\n");
  const kept = [];
  for (let k = calls.length - 1; k >= 0; k--) {
    const note = ` (its first ${fmt(k)} call${k === 1 ? "" : "s"} left out)`;
    if ([head + note, calls[k], ...kept].join("\n").length > left) break;
    kept.unshift(calls[k]);
  }
  const cut = calls.length - kept.length;
  return kept.length === 0 ? null : [`${head} (its first ${fmt(cut)} call${cut === 1 ? "" : "s"} left out)`, ...kept].join("\n");
}
function renderConversation(t, opts) {
  const shown = [];
  let used = 0;
  const counted = (to) => t.messages.slice(0, to).filter(rendered).length;
  const total = counted(t.messages.length);
  const room = opts.maxChars - 120;
  const compact = opts.compact;
  const fullRoom = compact ? Math.min(room, compact.fullChars) : room;
  const newestRoom = compact ? Math.min(room, Math.max(compact.fullChars, MIN_CLIPPED)) : room;
  let full = true;
  for (let i2 = t.messages.length - 1; i2 >= 0; i2--) {
    if (!rendered(t.messages[i2])) continue;
    const m = shownMessage(t.messages[i2], opts.policy);
    let s = full ? renderMessage(m, opts) : renderCompact(m, compact?.cwd);
    if (full && used + s.length + 2 > (shown.length === 0 ? newestRoom : fullRoom)) {
      if (shown.length === 0) {
        if (newestRoom < MIN_CLIPPED) break;
        s = clipMiddle(s, newestRoom - 2);
      } else if (compact) {
        full = false;
        s = renderCompact(m, compact.cwd);
      } else break;
    }
    if (used + s.length + 2 > room) {
      const newest = full || m.kind !== "assistant" ? null : newestCalls(s, room - used - 2);
      if (newest) shown.push({ at: i2, text: newest, compact: true });
      break;
    }
    shown.push({ at: i2, text: s, compact: !full });
    used += s.length + 2;
  }
  if (compact) withFailuresAtEdge(t.messages, shown, room - used, compact.cwd, opts.policy);
  const leftOut = shown.length === 0 ? total : counted(shown.at(-1).at);
  const text = shown.reduceRight((out2, b, k) => out2 === "" ? b.text : `${out2}${b.compact && shown[k + 1].compact ? "\n" : "\n\n"}${b.text}`, "");
  const cut = `[${fmt(leftOut)} earlier message${leftOut === 1 ? "" : "s"} left out here to fit ${fmt(opts.maxChars)} chars; what follows is the newest part]`;
  return { text: leftOut > 0 ? `${cut}${text ? `

${text}` : ""}` : text, rendered: total - leftOut, leftOut };
}
function withFailuresAtEdge(messages, shown, left, cwd, policy) {
  while (shown.length > 0) {
    const edge = shown.at(-1).at;
    const before2 = messages.findLastIndex((m2, i2) => i2 < edge && rendered(m2));
    if (before2 < 0) return;
    const m = shownMessage(messages[before2], policy);
    if (!m.toolUses.some(failedCall)) return;
    const s = renderCompact(m, cwd, failedCall);
    if (s.length + 2 <= left) {
      shown.push({ at: before2, text: s, compact: true });
      return;
    }
    if (shown.length === 1) return;
    left += shown.pop().text.length + 2;
  }
}
function numberLines(text, offset = 1, limit = 2e3, firstLine2 = 1) {
  const lines = fileLines(text);
  const start2 = Math.max(offset, 1);
  const from = Math.max(start2, firstLine2);
  return lines.slice(from - firstLine2, start2 + limit - firstLine2).map((line, i2) => `${from + i2}	${line}`).join("\n");
}
var WRITTEN_FIELDS, shownMessage, flat, INPUT_FIELDS, clipEnd, clipMiddle, headOf, COMPACT_LINE, OUTCOME_CHARS, EDIT_SNIPPET, COMPACT_TYPED, WRITE_TOOLS, READ_LINE, PERSISTED, bareExit1, failedCall, MIN_CLIPPED;
var init_render = __esm({
  "pipeline/render.ts"() {
    "use strict";
    init_file_touches();
    init_text();
    init_tool_errors();
    init_read_policy();
    init_transcript();
    WRITTEN_FIELDS = /* @__PURE__ */ new Set(["content", "old_string", "new_string", "edits", "new_source"]);
    shownMessage = (m, policy) => policy && m.toolUses.length > 0 ? { ...m, toolUses: m.toolUses.map((u) => shownCall(u, policy)) } : m;
    flat = (s) => s.replace(/\s+/g, " ").trim();
    INPUT_FIELDS = ["command", "file_path", "notebook_path", "path", "pattern", "url", "query", "description", "prompt", "skill"];
    clipEnd = (s, max) => clip(s, max, { mark: (cut) => `\u2026 [+${fmt(cut)} chars]` });
    clipMiddle = (s, max) => clip(s, max, { at: "middle", mark: (cut) => `
[\u2026 ${fmt(cut)} chars clipped \u2026]
` });
    headOf = (m) => `[#${m.index} ${m.role === "assistant" ? "assistant" : m.kind === "typed" ? "user" : m.kind}]`;
    COMPACT_LINE = 160;
    OUTCOME_CHARS = 72;
    EDIT_SNIPPET = 48;
    COMPACT_TYPED = 600;
    WRITE_TOOLS = new Set(Object.keys(FILE_TOOLS).filter((tool) => tool !== "Read"));
    READ_LINE = /^\s*\d+(?:→|\t)/;
    PERSISTED = /^\s*<persisted-output>\s*\n([^\n]+)/;
    bareExit1 = (u) => u.name === "Bash" && u.result !== void 0 && withoutEngineNotes(u.result.text).trim() === "Exit code 1";
    failedCall = (u) => isFailure(u) && !bareExit1(u);
    MIN_CLIPPED = 300;
  }
});

// pipeline/index.ts
function defineSection(definition) {
  return definition;
}
var init_pipeline2 = __esm({
  "pipeline/index.ts"() {
    "use strict";
    init_read_policy();
    init_transcript();
    init_marker();
    init_codes();
    init_text();
    init_capabilities();
    init_pricing();
    init_file_touches();
    init_tool_errors();
    init_render();
  }
});

// sections/commitments/prompt.ts
function commitmentsPrompt(conversation) {
  const cut = conversation.leftOut > 0 ? "Only the newest part of the conversation fits here; judge only what is shown.\n" : "";
  return `${COMMITMENTS_MARKER}
<conversation>
${conversation.text}
</conversation>

${cut}${COMMITMENTS_PROMPT}`;
}
var COMMITMENTS_MARKER, KINDS, COMMITMENTS_PROMPT;
var init_prompt = __esm({
  "sections/commitments/prompt.ts"() {
    "use strict";
    COMMITMENTS_MARKER = "[compact-handoff:commitments]";
    KINDS = ["correction", "question", "unkept"];
    COMMITMENTS_PROMPT = `Above, between the <conversation> tags, is a conversation between a person and an AI coding
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
  }
});

// sections/commitments/reply.ts
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
  const start2 = reply.indexOf("<commitments>");
  if (start2 < 0) return { rows: [], unreadable: 0, duplicates: 0, block: "missing", truncatedRow: false };
  const end = reply.indexOf("</commitments>", start2);
  const inner = reply.slice(start2 + "<commitments>".length, end < 0 ? void 0 : end);
  const lines = inner.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const rows = [];
  let unreadable = 0;
  let truncatedRow = false;
  lines.forEach((line, i2) => {
    const row = readRow(line.replace(/^[-*]\s+/, ""));
    if (row) rows.push(row);
    else if (end < 0 && i2 === lines.length - 1 && line.startsWith("{")) truncatedRow = true;
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
function renderRow(r) {
  return `- ${r.at === null ? "" : `#${r.at} `}"${r.quote}"${r.open ? ` \u2014 ${r.open}` : ""}`;
}
function renderCommitments(rows, budget, capNote) {
  const intro = "What the assistant left open, read from the conversation by a model (#N is the message number in the conversation as it stood at compaction):";
  const ordered = [...rows].sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity));
  const build2 = (shown, leftOut) => {
    const parts2 = [intro];
    if (capNote) parts2.push(capNote);
    if (leftOut > 0) parts2.push(`[${fmt(leftOut)} older row${leftOut === 1 ? "" : "s"} left out to fit budgetChars: ${fmt(budget)}]`);
    for (const kind of ["unkept", "correction", "question"]) {
      const of = shown.filter((r) => r.kind === kind);
      if (of.length) parts2.push(`${HEADINGS[kind]}:
${of.map(renderRow).join("\n")}`);
    }
    return parts2.join("\n\n");
  };
  let from = 0;
  let body2 = build2(ordered, 0);
  while (body2.length > budget && from < ordered.length) {
    from++;
    body2 = build2(ordered.slice(from), from);
  }
  return { body: body2, kept: ordered.length - from, leftOut: from };
}
var specificity, norm, HEADINGS;
var init_reply = __esm({
  "sections/commitments/reply.ts"() {
    "use strict";
    init_pipeline2();
    init_prompt();
    specificity = (k) => KINDS.indexOf(k);
    norm = (s) => s.replace(/\s+/g, " ").trim().toLowerCase();
    HEADINGS = {
      unkept: "Said it would do, and did not",
      correction: "Corrections it accepted",
      question: "Questions left unanswered"
    };
  }
});

// sections/commitments/index.ts
var commitments_default;
var init_commitments = __esm({
  "sections/commitments/index.ts"() {
    "use strict";
    init_pipeline2();
    init_prompt();
    init_reply();
    commitments_default = defineSection({
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
        let answer2;
        try {
          answer2 = await model.complete({ model: asked, maxTokens, prompt: commitmentsPrompt(conversation) }, ctx.signal);
        } catch (err2) {
          if (ctx.signal.aborted) throw err2;
          answer2 = { isAnswered: false, reason: `the host's model call threw: ${err2.message?.split("\n")[0] ?? String(err2)}` };
        }
        if (!answer2.isAnswered) {
          const code = answer2.reason.startsWith("empty") ? "SECTION_MODEL_EMPTY" : "SECTION_MODEL_FAILED";
          throw new SectionDropError(code, `the completion failed: ${answer2.reason}`, { ...modelCallRow("complete", null, asked), input });
        }
        const call = modelCallRow("complete", answer2, asked);
        const parsed = parseCommitments(answer2.text);
        const atLength = answer2.usage !== void 0 && answer2.usage.outputTokens >= maxTokens;
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
        if (answer2.text.trim() === "") throw new SectionDropError("SECTION_MODEL_EMPTY", "the completion replied with nothing", record);
        if (parsed.block === "missing") {
          throw new SectionDropError("SECTION_MODEL_EMPTY", `the reply (${fmt(answer2.text.length)} chars) has no <commitments> block`, record);
        }
        const capNote = why ? `[The model's reply was cut at its output cap (maxTokens: ${fmt(maxTokens)}; ${why}): rows past the cut are missing, so more may be open than is listed.]` : null;
        if (capNote) ctx.report.note(`reply cut at the output cap (${why}); ${fmt(parsed.rows.length)} rows kept`);
        if (parsed.rows.length === 0 && !capNote) {
          record.rowsKept = 0;
          return { body: "Nothing found open: no unkept step, accepted correction or unanswered question.", record };
        }
        const { body: body2, kept, leftOut } = renderCommitments(parsed.rows, ctx.budgetChars, capNote);
        record.rowsKept = kept;
        record.rowsLeftOut = leftOut;
        if (leftOut > 0) ctx.report.note(`${fmt(leftOut)} of ${fmt(parsed.rows.length)} rows left out to fit budgetChars: ${fmt(ctx.budgetChars)}`);
        return { body: body2, record };
      }
    });
  }
});

// sections/excerpts/select.ts
function marked(text, start2, end) {
  for (let k = start2; k < end; k++) {
    const code = text.charCodeAt(k);
    if (MARK[code] || k > start2 && isCapital(code)) return true;
  }
  return false;
}
function eachName(text, found) {
  const n = text.length;
  let i2 = 0;
  while (i2 < n) {
    while (i2 < n && !inName(text.charCodeAt(i2))) i2++;
    let start2 = i2;
    while (i2 < n && inName(text.charCodeAt(i2))) i2++;
    let end = i2;
    while (start2 < end && EDGE[text.charCodeAt(start2)]) start2++;
    while (end > start2 && EDGE[text.charCodeAt(end - 1)]) end--;
    if (end - start2 >= 4 && marked(text, start2, end) && found(start2, end) === true) return;
  }
}
function everyName(text, test) {
  let all = true;
  eachName(text, (start2, end) => {
    if (test(text.slice(start2, end))) return false;
    all = false;
    return true;
  });
  return all;
}
function namesIn(text, into = /* @__PURE__ */ new Set()) {
  eachName(text, (start2, end) => {
    into.add(text.slice(start2, end));
  });
  return into;
}
function strings(value, out2) {
  if (typeof value === "string") out2.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out2);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out2);
  return out2;
}
function salience(messages, scale) {
  const weights = /* @__PURE__ */ new Map();
  messages.forEach((m, i2) => {
    const said = m.role === "assistant" || m.kind === "typed" ? [m.text] : [];
    for (const u of m.toolUses) strings(u.input, said);
    const w = recencyOf(messages.length - 1 - i2, messages.length, scale);
    for (const name2 of namesIn(said.join("\n"))) weights.set(name2, (weights.get(name2) ?? 0) + w);
  });
  return weights;
}
function runsOf(lines, most) {
  const cut = [];
  for (let i2 = 0; i2 < lines.length; ) {
    while (i2 < lines.length && blank(lines[i2])) i2++;
    const start2 = i2;
    while (i2 < lines.length && !blank(lines[i2])) i2++;
    const length = i2 - start2;
    const pieces = Math.ceil(length / most);
    for (let k = 0; k < pieces; k++) cut.push({ from: start2 + Math.floor(k * length / pieces), to: start2 + Math.floor((k + 1) * length / pieces) });
  }
  const out2 = [];
  cut.forEach((run3, k) => {
    let end = run3.to;
    while (end > run3.from && (blank(lines[end - 1]) || introduces(lines[end - 1]))) end--;
    const next = cut[k + 1];
    if (end < run3.to && next) next.from = end;
    if (end > run3.from) out2.push({ from: run3.from, to: end });
  });
  return out2;
}
function introduces(line) {
  const text = line.trim();
  return text.endsWith(":") && !text.endsWith("::") || /^#{1,6}\s/.test(text);
}
function chunksOf(sources, lines, lineChars) {
  const out2 = [];
  sources.forEach((s, source) => {
    for (const { from, to } of runsOf(s.lines, lines)) {
      let cost = 2;
      let share = 0;
      const found = /* @__PURE__ */ new Set();
      let lines2 = 0;
      for (let i2 = from; i2 < to; i2++) {
        const line = s.lines[i2];
        cost += lineCost(line, s.firstLine + i2, lineChars);
        if (blank(line)) continue;
        const shown = line.slice(0, lineChars);
        const inPaths = scanLine(shown, found);
        lines2++;
        if (s.kind === "file" || !nearlyAllPaths(shown, inPaths)) share++;
      }
      const names2 = [...found];
      if (names2.length > 0) out2.push({ source, from, to, cost, names: names2, backgroundShare: share / lines2 });
    }
  });
  return out2;
}
function runKeys(source, chunk, lineChars) {
  const keys = [];
  for (let i2 = chunk.from; i2 < chunk.to; i2++) if (!blank(source.lines[i2])) keys.push(lineKey(source.lines[i2].slice(0, lineChars)));
  return keys;
}
function scanLine(line, into) {
  let inPaths = 0;
  eachName(line, (start2, end) => {
    const name2 = line.slice(start2, end);
    into.add(name2);
    if (name2.includes("/")) inPaths += end - start2;
  });
  return inPaths;
}
function select(sources, chunks, weights, opts) {
  const ids = /* @__PURE__ */ new Map();
  const namesOf = chunks.map((c) => {
    const out2 = new Int32Array(c.names.length);
    c.names.forEach((name2, k) => {
      let id = ids.get(name2);
      if (id === void 0) ids.set(name2, id = ids.size);
      out2[k] = id;
    });
    return out2;
  });
  const weightOf = new Float64Array(ids.size);
  const covered = new Uint8Array(ids.size);
  for (const [name2, id] of ids) {
    weightOf[id] = weights.get(name2) ?? 0;
    if (opts.covered?.has(name2)) covered[id] = 1;
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
  const queue = new Queue2();
  chunks.forEach((chunk, order) => {
    const v = value(order);
    if (v > 0) queue.push({ value: v, order, chunk });
  });
  const opened = /* @__PURE__ */ new Set();
  const chosen = [];
  let chars2 = 0;
  let smallest = Infinity;
  for (const c of chunks) smallest = Math.min(smallest, c.cost);
  for (let top = queue.pop(); top && opts.budget - chars2 >= smallest; top = queue.pop()) {
    if (chars2 + top.chunk.cost > opts.budget) continue;
    top.value = value(top.order);
    if (top.value <= 0) continue;
    const next = queue.peek();
    if (next && before(next, top)) {
      queue.push(top);
      continue;
    }
    const c = top.chunk;
    const cost = c.cost + (opened.has(c.source) ? 0 : opts.headingChars(sources[c.source]));
    if (chars2 + cost > opts.budget) continue;
    chars2 += cost;
    opened.add(c.source);
    chosen.push(c);
    for (const id of namesOf[top.order]) covered[id] = 1;
    for (const id of keysOf(top.order)) shown.add(id);
  }
  return { chunks: chosen, chars: chars2 };
}
var IN_NAME, EDGE, MARK, isCapital, inName, recencyOf, lineCost, NOT_BLANK, blank, lineKey, nearlyAllPaths, before, Queue2;
var init_select = __esm({
  "sections/excerpts/select.ts"() {
    "use strict";
    IN_NAME = new Uint8Array(128);
    for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$./:@-") IN_NAME[c.charCodeAt(0)] = 1;
    EDGE = new Uint8Array(128);
    for (const c of ".:@/-") EDGE[c.charCodeAt(0)] = 1;
    MARK = new Uint8Array(128);
    for (const c of "0123456789_./:-") MARK[c.charCodeAt(0)] = 1;
    isCapital = (code) => code >= 65 && code <= 90;
    inName = (code) => code < 128 && IN_NAME[code] === 1;
    recencyOf = (age, count, scale) => Math.exp(-age / Math.max(1, count * scale));
    lineCost = (line, n, lineChars) => String(n).length + Math.min(line.length, lineChars + 1) + 2;
    NOT_BLANK = /\S/;
    blank = (line) => !NOT_BLANK.test(line);
    lineKey = (line) => line.replace(/^\S+?([:-])\d+\1/, "").replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
    nearlyAllPaths = (line, inPaths) => {
      if (inPaths === 0) return false;
      const solid = line.replace(/\s+/g, "").length;
      return solid > 0 && inPaths >= 0.75 * solid;
    };
    before = (a, b) => a.value > b.value || a.value === b.value && a.order < b.order;
    Queue2 = class {
      items = [];
      // Sifted by moving a hole rather than swapping pairs: this runs a few thousand times per
      // handoff, and a destructuring swap allocates.
      push(entry) {
        const a = this.items;
        let i2 = a.length;
        a.push(entry);
        while (i2 > 0) {
          const p = i2 - 1 >> 1;
          if (!before(entry, a[p])) break;
          a[i2] = a[p];
          i2 = p;
        }
        a[i2] = entry;
      }
      pop() {
        const a = this.items;
        const top = a[0];
        const last = a.pop();
        if (a.length > 0 && last) {
          let i2 = 0;
          for (; ; ) {
            const l = 2 * i2 + 1;
            if (l >= a.length) break;
            const r = l + 1;
            const m = r < a.length && before(a[r], a[l]) ? r : l;
            if (!before(a[m], last)) break;
            a[i2] = a[m];
            i2 = m;
          }
          a[i2] = last;
        }
        return top;
      }
      peek() {
        return this.items[0];
      }
    };
  }
});

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
  for (let i2 = 1; i2 < lines.length && head.length < 30 && !HEREDOC_START.test(lines[i2 - 1]); i2++) head += ` ${lines[i2]}`;
  return clip(hideSecretValuesInCommand(head), max);
}
function callLines(u, output = outputLines(u)) {
  if (u.name !== "Bash" || typeof u.input.command !== "string") return output;
  const command = hideSecretValuesInCommand(u.input.command).split("\n").map((line, i2) => i2 === 0 ? `$ ${line}` : `> ${line}`);
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
  const onlyAsked = (name2) => {
    printed = true;
    return asked.has(name2);
  };
  for (const line of output) if (!everyName(line, onlyAsked)) return false;
  return printed;
}
function oneFile(lines, cwd) {
  const root = cwd ? `${cwd.replace(/\/+$/, "")}/` : void 0;
  const own = lines.map((line) => root && line.startsWith(root) ? line.slice(root.length) : line);
  const path = own.map((line) => /^([^\s:]+):\d+:/.exec(line)?.[1]).find((p) => p !== void 0);
  if (path === void 0 || !/[/.]/.test(path)) return null;
  const out2 = [];
  for (const line of own) {
    if (line === "--") out2.push(line);
    else if (line.startsWith(path) && /^([:-])\d+\1/.test(line.slice(path.length))) out2.push(line.slice(path.length + 1));
    else return null;
  }
  return { path: root && !path.startsWith("/") ? `${root}${path}` : path, lines: out2 };
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
  const names2 = /* @__PURE__ */ new Set();
  for (const o of Object.values(needed)) {
    if (o.status !== "ok") continue;
    namesIn(o.body, names2);
    for (const m of o.messages ?? []) {
      namesIn(m.text ?? "", names2);
      for (const r of m.toolResults ?? []) namesIn(r.text, names2);
    }
  }
  return names2;
}
function outputTitle(source, firstShown) {
  return firstShown && source.label.startsWith("$ ") ? SHELL_TITLE : source.label;
}
function headingEstimate(source) {
  const title = source.kind === "file" ? source.label : source.label.startsWith("$ ") ? SHELL_TITLE : source.label;
  return title.length + 48 + (source.calls ? 24 : 0) + (source.from ? source.from.length + 10 : 0);
}
function render2(source, runs2, lineChars) {
  runs2.sort((a, b) => a.from - b.from);
  const merged = [];
  for (const r of runs2) {
    const last2 = merged.at(-1);
    if (last2 && (last2.to >= r.from || source.lines.slice(last2.to, r.from).every((line) => line.trim() === ""))) last2.to = Math.max(last2.to, r.to);
    else merged.push({ from: r.from, to: r.to });
  }
  const n = (i2) => source.firstLine + i2;
  const first = merged[0].from;
  const last = merged.at(-1).to - 1;
  const span = lineSpan(n(first), n(last));
  const where = merged.length > 1 ? `${merged.length} excerpts, ${span}` : span;
  const again = source.calls ? ` (the last of ${source.calls} runs)` : "";
  const from = source.from ? `, all in ${source.from}` : "";
  const heading = source.kind === "file" ? `### ${source.label} \u2014 ${where}` : `### ${outputTitle(source, merged[0].from === 0)}${again} \u2014 ${where} of ${fmt(source.lines.length)}${from}`;
  const body2 = merged.map(
    (r) => source.lines.slice(r.from, r.to).map((line, k) => `${n(r.from + k)}	${line.length > lineChars ? `${line.slice(0, lineChars)}\u2026` : line}`).join("\n")
  );
  return [heading, body2.join("\n\u2026\n")].join("\n");
}
function compose(sources, picked, lineChars) {
  const bySource = /* @__PURE__ */ new Map();
  for (const c of picked) bySource.set(c.source, [...bySource.get(c.source) ?? [], c]);
  const order = [...bySource.keys()].sort((a, b) => sources[b].recency - sources[a].recency);
  const blocks = order.map((i2) => render2(sources[i2], bySource.get(i2), lineChars)).join("\n\n");
  return { body: blocks, blocks, order, bySource };
}
var import_node_path6, HEREDOC_START, SHELL_TITLE, INTRO, excerpts_default;
var init_excerpts = __esm({
  "sections/excerpts/index.ts"() {
    "use strict";
    import_node_path6 = require("node:path");
    init_pipeline2();
    init_select();
    HEREDOC_START = /<<-?\s*(['"]?)\w+\1\s*\)?\s*$/;
    SHELL_TITLE = "A shell command and what it printed";
    INTRO = "Lines the work kept coming back to, newest source first: files as the conversation last showed them (numbered as in the file; they may have changed since, so Read before you Edit), and what commands and searches printed, headed by the call (a shell command comes first, its lines marked `$` and `>`, then what it printed).";
    excerpts_default = defineSection({
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
          if (!copy || ENGINE_ATTACHED.has((0, import_node_path6.basename)(touch.path))) continue;
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
            sources: order.map((i2) => ({ label: sources[i2].label, kind: sources[i2].kind, runs: bySource.get(i2).length })),
            candidates: { sources: sources.length, runs: chunks.length },
            withheld: outputs.withheld,
            ...outputs.left ? { outputsLeftOut: outputs.left } : {}
          }
        };
      }
    });
  }
});

// node_modules/web-tree-sitter/web-tree-sitter.js
var web_tree_sitter_exports = {};
__export(web_tree_sitter_exports, {
  CaptureQuantifier: () => CaptureQuantifier,
  Edit: () => Edit,
  LANGUAGE_VERSION: () => LANGUAGE_VERSION,
  Language: () => Language,
  LookaheadIterator: () => LookaheadIterator,
  MIN_COMPATIBLE_VERSION: () => MIN_COMPATIBLE_VERSION,
  Node: () => Node2,
  Parser: () => Parser,
  Query: () => Query,
  Tree: () => Tree,
  TreeCursor: () => TreeCursor
});
function assertInternal(x) {
  if (x !== INTERNAL) throw new Error("Illegal constructor");
}
function isPoint(point) {
  return !!point && typeof point.row === "number" && typeof point.column === "number";
}
function setModule(module2) {
  C = module2;
}
function newFinalizer(handler) {
  try {
    return new FinalizationRegistry(handler);
  } catch (e) {
    console.error("Unsupported FinalizationRegistry:", e);
    return;
  }
}
function getText(tree, startIndex, endIndex, startPosition) {
  const length = endIndex - startIndex;
  let result = tree.textCallback(startIndex, startPosition);
  if (result) {
    startIndex += result.length;
    while (startIndex < endIndex) {
      const string = tree.textCallback(startIndex, startPosition);
      if (string && string.length > 0) {
        startIndex += string.length;
        result += string;
      } else {
        break;
      }
    }
    if (startIndex > endIndex) {
      result = result.slice(0, length);
    }
  }
  return result ?? "";
}
function unmarshalCaptures(query, tree, address, patternIndex, result) {
  for (let i2 = 0, n = result.length; i2 < n; i2++) {
    const captureIndex = C.getValue(address, "i32");
    address += SIZE_OF_INT;
    const node = unmarshalNode(tree, address);
    address += SIZE_OF_NODE;
    result[i2] = { patternIndex, name: query.captureNames[captureIndex], node };
  }
  return address;
}
function marshalNode(node, index = 0) {
  let address = TRANSFER_BUFFER + index * SIZE_OF_NODE;
  C.setValue(address, node.id, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node.startIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node.startPosition.row, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node.startPosition.column, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node[0], "i32");
}
function unmarshalNode(tree, address = TRANSFER_BUFFER) {
  const id = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  if (id === 0) return null;
  const index = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  const row = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  const column = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  const other = C.getValue(address, "i32");
  const result = new Node2(INTERNAL, {
    id,
    tree,
    startIndex: index,
    startPosition: { row, column },
    other
  });
  return result;
}
function marshalTreeCursor({ handles }, address = TRANSFER_BUFFER) {
  C.setValue(address + 0 * SIZE_OF_INT, handles[0], "i32");
  C.setValue(address + 1 * SIZE_OF_INT, handles[1], "i32");
  C.setValue(address + 2 * SIZE_OF_INT, handles[2], "i32");
  C.setValue(address + 3 * SIZE_OF_INT, handles[3], "i32");
}
function unmarshalTreeCursor({ handles }) {
  handles[0] = C.getValue(TRANSFER_BUFFER + 0 * SIZE_OF_INT, "i32");
  handles[1] = C.getValue(TRANSFER_BUFFER + 1 * SIZE_OF_INT, "i32");
  handles[2] = C.getValue(TRANSFER_BUFFER + 2 * SIZE_OF_INT, "i32");
  handles[3] = C.getValue(TRANSFER_BUFFER + 3 * SIZE_OF_INT, "i32");
}
function marshalPoint(address, point) {
  C.setValue(address, point.row, "i32");
  C.setValue(address + SIZE_OF_INT, point.column, "i32");
}
function unmarshalPoint(address) {
  const result = {
    row: C.getValue(address, "i32") >>> 0,
    column: C.getValue(address + SIZE_OF_INT, "i32") >>> 0
  };
  return result;
}
function marshalRange(address, range) {
  marshalPoint(address, range.startPosition);
  address += SIZE_OF_POINT;
  marshalPoint(address, range.endPosition);
  address += SIZE_OF_POINT;
  C.setValue(address, range.startIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, range.endIndex, "i32");
  address += SIZE_OF_INT;
}
function unmarshalRange(address) {
  const result = {};
  result.startPosition = unmarshalPoint(address);
  address += SIZE_OF_POINT;
  result.endPosition = unmarshalPoint(address);
  address += SIZE_OF_POINT;
  result.startIndex = C.getValue(address, "i32") >>> 0;
  address += SIZE_OF_INT;
  result.endIndex = C.getValue(address, "i32") >>> 0;
  return result;
}
function marshalEdit(edit, address = TRANSFER_BUFFER) {
  marshalPoint(address, edit.startPosition);
  address += SIZE_OF_POINT;
  marshalPoint(address, edit.oldEndPosition);
  address += SIZE_OF_POINT;
  marshalPoint(address, edit.newEndPosition);
  address += SIZE_OF_POINT;
  C.setValue(address, edit.startIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, edit.oldEndIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, edit.newEndIndex, "i32");
  address += SIZE_OF_INT;
}
function unmarshalLanguageMetadata(address) {
  const major_version = C.getValue(address, "i32");
  const minor_version = C.getValue(address += SIZE_OF_INT, "i32");
  const patch_version = C.getValue(address += SIZE_OF_INT, "i32");
  return { major_version, minor_version, patch_version };
}
async function Module2(moduleArg = {}) {
  var moduleRtn;
  var Module = moduleArg;
  var ENVIRONMENT_IS_WEB = typeof window == "object";
  var ENVIRONMENT_IS_WORKER = typeof WorkerGlobalScope != "undefined";
  var ENVIRONMENT_IS_NODE = typeof process == "object" && process.versions?.node && process.type != "renderer";
  if (ENVIRONMENT_IS_NODE) {
    var require = __chCreateRequire(__chFileUrl);
  }
  Module.currentQueryProgressCallback = null;
  Module.currentProgressCallback = null;
  Module.currentLogCallback = null;
  Module.currentParseCallback = null;
  var arguments_ = [];
  var thisProgram = "./this.program";
  var quit_ = /* @__PURE__ */ __name((status, toThrow) => {
    throw toThrow;
  }, "quit_");
  var _scriptName = __chFileUrl;
  var scriptDirectory = "";
  function locateFile(path) {
    if (Module["locateFile"]) {
      return Module["locateFile"](path, scriptDirectory);
    }
    return scriptDirectory + path;
  }
  __name(locateFile, "locateFile");
  var readAsync, readBinary;
  if (ENVIRONMENT_IS_NODE) {
    var fs = require("fs");
    if (_scriptName.startsWith("file:")) {
      scriptDirectory = require("path").dirname(require("url").fileURLToPath(_scriptName)) + "/";
    }
    readBinary = /* @__PURE__ */ __name((filename) => {
      filename = isFileURI(filename) ? new URL(filename) : filename;
      var ret = fs.readFileSync(filename);
      return ret;
    }, "readBinary");
    readAsync = /* @__PURE__ */ __name(async (filename, binary2 = true) => {
      filename = isFileURI(filename) ? new URL(filename) : filename;
      var ret = fs.readFileSync(filename, binary2 ? void 0 : "utf8");
      return ret;
    }, "readAsync");
    if (process.argv.length > 1) {
      thisProgram = process.argv[1].replace(/\\/g, "/");
    }
    arguments_ = process.argv.slice(2);
    quit_ = /* @__PURE__ */ __name((status, toThrow) => {
      process.exitCode = status;
      throw toThrow;
    }, "quit_");
  } else if (ENVIRONMENT_IS_WEB || ENVIRONMENT_IS_WORKER) {
    try {
      scriptDirectory = new URL(".", _scriptName).href;
    } catch {
    }
    {
      if (ENVIRONMENT_IS_WORKER) {
        readBinary = /* @__PURE__ */ __name((url) => {
          var xhr = new XMLHttpRequest();
          xhr.open("GET", url, false);
          xhr.responseType = "arraybuffer";
          xhr.send(null);
          return new Uint8Array(
            /** @type{!ArrayBuffer} */
            xhr.response
          );
        }, "readBinary");
      }
      readAsync = /* @__PURE__ */ __name(async (url) => {
        if (isFileURI(url)) {
          return new Promise((resolve7, reject) => {
            var xhr = new XMLHttpRequest();
            xhr.open("GET", url, true);
            xhr.responseType = "arraybuffer";
            xhr.onload = () => {
              if (xhr.status == 200 || xhr.status == 0 && xhr.response) {
                resolve7(xhr.response);
                return;
              }
              reject(xhr.status);
            };
            xhr.onerror = reject;
            xhr.send(null);
          });
        }
        var response = await fetch(url, {
          credentials: "same-origin"
        });
        if (response.ok) {
          return response.arrayBuffer();
        }
        throw new Error(response.status + " : " + response.url);
      }, "readAsync");
    }
  } else {
  }
  var out = console.log.bind(console);
  var err = console.error.bind(console);
  var dynamicLibraries = [];
  var wasmBinary;
  var ABORT = false;
  var EXITSTATUS;
  var isFileURI = /* @__PURE__ */ __name((filename) => filename.startsWith("file://"), "isFileURI");
  var readyPromiseResolve, readyPromiseReject;
  var wasmMemory;
  var HEAP8, HEAPU8, HEAP16, HEAPU16, HEAP32, HEAPU32, HEAPF32, HEAPF64;
  var HEAP64, HEAPU64;
  var HEAP_DATA_VIEW;
  var runtimeInitialized = false;
  function updateMemoryViews() {
    var b = wasmMemory.buffer;
    Module["HEAP8"] = HEAP8 = new Int8Array(b);
    Module["HEAP16"] = HEAP16 = new Int16Array(b);
    Module["HEAPU8"] = HEAPU8 = new Uint8Array(b);
    Module["HEAPU16"] = HEAPU16 = new Uint16Array(b);
    Module["HEAP32"] = HEAP32 = new Int32Array(b);
    Module["HEAPU32"] = HEAPU32 = new Uint32Array(b);
    Module["HEAPF32"] = HEAPF32 = new Float32Array(b);
    Module["HEAPF64"] = HEAPF64 = new Float64Array(b);
    Module["HEAP64"] = HEAP64 = new BigInt64Array(b);
    Module["HEAPU64"] = HEAPU64 = new BigUint64Array(b);
    Module["HEAP_DATA_VIEW"] = HEAP_DATA_VIEW = new DataView(b);
    LE_HEAP_UPDATE();
  }
  __name(updateMemoryViews, "updateMemoryViews");
  function initMemory() {
    if (Module["wasmMemory"]) {
      wasmMemory = Module["wasmMemory"];
    } else {
      var INITIAL_MEMORY = Module["INITIAL_MEMORY"] || 33554432;
      wasmMemory = new WebAssembly.Memory({
        "initial": INITIAL_MEMORY / 65536,
        // In theory we should not need to emit the maximum if we want "unlimited"
        // or 4GB of memory, but VMs error on that atm, see
        // https://github.com/emscripten-core/emscripten/issues/14130
        // And in the pthreads case we definitely need to emit a maximum. So
        // always emit one.
        "maximum": 32768
      });
    }
    updateMemoryViews();
  }
  __name(initMemory, "initMemory");
  var __RELOC_FUNCS__ = [];
  function preRun() {
    if (Module["preRun"]) {
      if (typeof Module["preRun"] == "function") Module["preRun"] = [Module["preRun"]];
      while (Module["preRun"].length) {
        addOnPreRun(Module["preRun"].shift());
      }
    }
    callRuntimeCallbacks(onPreRuns);
  }
  __name(preRun, "preRun");
  function initRuntime() {
    runtimeInitialized = true;
    callRuntimeCallbacks(__RELOC_FUNCS__);
    wasmExports["__wasm_call_ctors"]();
    callRuntimeCallbacks(onPostCtors);
  }
  __name(initRuntime, "initRuntime");
  function preMain() {
  }
  __name(preMain, "preMain");
  function postRun() {
    if (Module["postRun"]) {
      if (typeof Module["postRun"] == "function") Module["postRun"] = [Module["postRun"]];
      while (Module["postRun"].length) {
        addOnPostRun(Module["postRun"].shift());
      }
    }
    callRuntimeCallbacks(onPostRuns);
  }
  __name(postRun, "postRun");
  function abort(what) {
    Module["onAbort"]?.(what);
    what = "Aborted(" + what + ")";
    err(what);
    ABORT = true;
    what += ". Build with -sASSERTIONS for more info.";
    var e = new WebAssembly.RuntimeError(what);
    readyPromiseReject?.(e);
    throw e;
  }
  __name(abort, "abort");
  var wasmBinaryFile;
  function findWasmBinary() {
    if (Module["locateFile"]) {
      return locateFile("web-tree-sitter.wasm");
    }
    return new URL("web-tree-sitter.wasm", __chFileUrl).href;
  }
  __name(findWasmBinary, "findWasmBinary");
  function getBinarySync(file2) {
    if (file2 == wasmBinaryFile && wasmBinary) {
      return new Uint8Array(wasmBinary);
    }
    if (readBinary) {
      return readBinary(file2);
    }
    throw "both async and sync fetching of the wasm failed";
  }
  __name(getBinarySync, "getBinarySync");
  async function getWasmBinary(binaryFile) {
    if (!wasmBinary) {
      try {
        var response = await readAsync(binaryFile);
        return new Uint8Array(response);
      } catch {
      }
    }
    return getBinarySync(binaryFile);
  }
  __name(getWasmBinary, "getWasmBinary");
  async function instantiateArrayBuffer(binaryFile, imports) {
    try {
      var binary2 = await getWasmBinary(binaryFile);
      var instance2 = await WebAssembly.instantiate(binary2, imports);
      return instance2;
    } catch (reason) {
      err(`failed to asynchronously prepare wasm: ${reason}`);
      abort(reason);
    }
  }
  __name(instantiateArrayBuffer, "instantiateArrayBuffer");
  async function instantiateAsync(binary2, binaryFile, imports) {
    if (!binary2 && !isFileURI(binaryFile) && !ENVIRONMENT_IS_NODE) {
      try {
        var response = fetch(binaryFile, {
          credentials: "same-origin"
        });
        var instantiationResult = await WebAssembly.instantiateStreaming(response, imports);
        return instantiationResult;
      } catch (reason) {
        err(`wasm streaming compile failed: ${reason}`);
        err("falling back to ArrayBuffer instantiation");
      }
    }
    return instantiateArrayBuffer(binaryFile, imports);
  }
  __name(instantiateAsync, "instantiateAsync");
  function getWasmImports() {
    return {
      "env": wasmImports,
      "wasi_snapshot_preview1": wasmImports,
      "GOT.mem": new Proxy(wasmImports, GOTHandler),
      "GOT.func": new Proxy(wasmImports, GOTHandler)
    };
  }
  __name(getWasmImports, "getWasmImports");
  async function createWasm() {
    function receiveInstance(instance2, module2) {
      wasmExports = instance2.exports;
      wasmExports = relocateExports(wasmExports, 1024);
      var metadata2 = getDylinkMetadata(module2);
      if (metadata2.neededDynlibs) {
        dynamicLibraries = metadata2.neededDynlibs.concat(dynamicLibraries);
      }
      mergeLibSymbols(wasmExports, "main");
      LDSO.init();
      loadDylibs();
      __RELOC_FUNCS__.push(wasmExports["__wasm_apply_data_relocs"]);
      assignWasmExports(wasmExports);
      return wasmExports;
    }
    __name(receiveInstance, "receiveInstance");
    function receiveInstantiationResult(result2) {
      return receiveInstance(result2["instance"], result2["module"]);
    }
    __name(receiveInstantiationResult, "receiveInstantiationResult");
    var info2 = getWasmImports();
    if (Module["instantiateWasm"]) {
      return new Promise((resolve7, reject) => {
        Module["instantiateWasm"](info2, (mod, inst) => {
          resolve7(receiveInstance(mod, inst));
        });
      });
    }
    wasmBinaryFile ??= findWasmBinary();
    var result = await instantiateAsync(wasmBinary, wasmBinaryFile, info2);
    var exports2 = receiveInstantiationResult(result);
    return exports2;
  }
  __name(createWasm, "createWasm");
  class ExitStatus {
    static {
      __name(this, "ExitStatus");
    }
    name = "ExitStatus";
    constructor(status) {
      this.message = `Program terminated with exit(${status})`;
      this.status = status;
    }
  }
  var GOT = {};
  var currentModuleWeakSymbols = /* @__PURE__ */ new Set([]);
  var GOTHandler = {
    get(obj, symName) {
      var rtn = GOT[symName];
      if (!rtn) {
        rtn = GOT[symName] = new WebAssembly.Global({
          "value": "i32",
          "mutable": true
        });
      }
      if (!currentModuleWeakSymbols.has(symName)) {
        rtn.required = true;
      }
      return rtn;
    }
  };
  var LE_ATOMICS_NATIVE_BYTE_ORDER = [];
  var LE_HEAP_LOAD_F32 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getFloat32(byteOffset, true), "LE_HEAP_LOAD_F32");
  var LE_HEAP_LOAD_F64 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getFloat64(byteOffset, true), "LE_HEAP_LOAD_F64");
  var LE_HEAP_LOAD_I16 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getInt16(byteOffset, true), "LE_HEAP_LOAD_I16");
  var LE_HEAP_LOAD_I32 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getInt32(byteOffset, true), "LE_HEAP_LOAD_I32");
  var LE_HEAP_LOAD_I64 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getBigInt64(byteOffset, true), "LE_HEAP_LOAD_I64");
  var LE_HEAP_LOAD_U32 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getUint32(byteOffset, true), "LE_HEAP_LOAD_U32");
  var LE_HEAP_STORE_F32 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setFloat32(byteOffset, value, true), "LE_HEAP_STORE_F32");
  var LE_HEAP_STORE_F64 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setFloat64(byteOffset, value, true), "LE_HEAP_STORE_F64");
  var LE_HEAP_STORE_I16 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setInt16(byteOffset, value, true), "LE_HEAP_STORE_I16");
  var LE_HEAP_STORE_I32 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setInt32(byteOffset, value, true), "LE_HEAP_STORE_I32");
  var LE_HEAP_STORE_I64 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setBigInt64(byteOffset, value, true), "LE_HEAP_STORE_I64");
  var LE_HEAP_STORE_U32 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setUint32(byteOffset, value, true), "LE_HEAP_STORE_U32");
  var callRuntimeCallbacks = /* @__PURE__ */ __name((callbacks) => {
    while (callbacks.length > 0) {
      callbacks.shift()(Module);
    }
  }, "callRuntimeCallbacks");
  var onPostRuns = [];
  var addOnPostRun = /* @__PURE__ */ __name((cb) => onPostRuns.push(cb), "addOnPostRun");
  var onPreRuns = [];
  var addOnPreRun = /* @__PURE__ */ __name((cb) => onPreRuns.push(cb), "addOnPreRun");
  var UTF8Decoder = typeof TextDecoder != "undefined" ? new TextDecoder() : void 0;
  var findStringEnd = /* @__PURE__ */ __name((heapOrArray, idx, maxBytesToRead, ignoreNul) => {
    var maxIdx = idx + maxBytesToRead;
    if (ignoreNul) return maxIdx;
    while (heapOrArray[idx] && !(idx >= maxIdx)) ++idx;
    return idx;
  }, "findStringEnd");
  var UTF8ArrayToString = /* @__PURE__ */ __name((heapOrArray, idx = 0, maxBytesToRead, ignoreNul) => {
    var endPtr = findStringEnd(heapOrArray, idx, maxBytesToRead, ignoreNul);
    if (endPtr - idx > 16 && heapOrArray.buffer && UTF8Decoder) {
      return UTF8Decoder.decode(heapOrArray.subarray(idx, endPtr));
    }
    var str3 = "";
    while (idx < endPtr) {
      var u0 = heapOrArray[idx++];
      if (!(u0 & 128)) {
        str3 += String.fromCharCode(u0);
        continue;
      }
      var u1 = heapOrArray[idx++] & 63;
      if ((u0 & 224) == 192) {
        str3 += String.fromCharCode((u0 & 31) << 6 | u1);
        continue;
      }
      var u2 = heapOrArray[idx++] & 63;
      if ((u0 & 240) == 224) {
        u0 = (u0 & 15) << 12 | u1 << 6 | u2;
      } else {
        u0 = (u0 & 7) << 18 | u1 << 12 | u2 << 6 | heapOrArray[idx++] & 63;
      }
      if (u0 < 65536) {
        str3 += String.fromCharCode(u0);
      } else {
        var ch = u0 - 65536;
        str3 += String.fromCharCode(55296 | ch >> 10, 56320 | ch & 1023);
      }
    }
    return str3;
  }, "UTF8ArrayToString");
  var getDylinkMetadata = /* @__PURE__ */ __name((binary2) => {
    var offset = 0;
    var end = 0;
    function getU8() {
      return binary2[offset++];
    }
    __name(getU8, "getU8");
    function getLEB() {
      var ret = 0;
      var mul = 1;
      while (1) {
        var byte = binary2[offset++];
        ret += (byte & 127) * mul;
        mul *= 128;
        if (!(byte & 128)) break;
      }
      return ret;
    }
    __name(getLEB, "getLEB");
    function getString() {
      var len = getLEB();
      offset += len;
      return UTF8ArrayToString(binary2, offset - len, len);
    }
    __name(getString, "getString");
    function getStringList() {
      var count2 = getLEB();
      var rtn = [];
      while (count2--) rtn.push(getString());
      return rtn;
    }
    __name(getStringList, "getStringList");
    function failIf(condition, message) {
      if (condition) throw new Error(message);
    }
    __name(failIf, "failIf");
    if (binary2 instanceof WebAssembly.Module) {
      var dylinkSection = WebAssembly.Module.customSections(binary2, "dylink.0");
      failIf(dylinkSection.length === 0, "need dylink section");
      binary2 = new Uint8Array(dylinkSection[0]);
      end = binary2.length;
    } else {
      var int32View = new Uint32Array(new Uint8Array(binary2.subarray(0, 24)).buffer);
      var magicNumberFound = int32View[0] == 1836278016 || int32View[0] == 6386541;
      failIf(!magicNumberFound, "need to see wasm magic number");
      failIf(binary2[8] !== 0, "need the dylink section to be first");
      offset = 9;
      var section_size = getLEB();
      end = offset + section_size;
      var name2 = getString();
      failIf(name2 !== "dylink.0");
    }
    var customSection = {
      neededDynlibs: [],
      tlsExports: /* @__PURE__ */ new Set(),
      weakImports: /* @__PURE__ */ new Set(),
      runtimePaths: []
    };
    var WASM_DYLINK_MEM_INFO = 1;
    var WASM_DYLINK_NEEDED = 2;
    var WASM_DYLINK_EXPORT_INFO = 3;
    var WASM_DYLINK_IMPORT_INFO = 4;
    var WASM_DYLINK_RUNTIME_PATH = 5;
    var WASM_SYMBOL_TLS = 256;
    var WASM_SYMBOL_BINDING_MASK = 3;
    var WASM_SYMBOL_BINDING_WEAK = 1;
    while (offset < end) {
      var subsectionType = getU8();
      var subsectionSize = getLEB();
      if (subsectionType === WASM_DYLINK_MEM_INFO) {
        customSection.memorySize = getLEB();
        customSection.memoryAlign = getLEB();
        customSection.tableSize = getLEB();
        customSection.tableAlign = getLEB();
      } else if (subsectionType === WASM_DYLINK_NEEDED) {
        customSection.neededDynlibs = getStringList();
      } else if (subsectionType === WASM_DYLINK_EXPORT_INFO) {
        var count = getLEB();
        while (count--) {
          var symname = getString();
          var flags2 = getLEB();
          if (flags2 & WASM_SYMBOL_TLS) {
            customSection.tlsExports.add(symname);
          }
        }
      } else if (subsectionType === WASM_DYLINK_IMPORT_INFO) {
        var count = getLEB();
        while (count--) {
          var modname = getString();
          var symname = getString();
          var flags2 = getLEB();
          if ((flags2 & WASM_SYMBOL_BINDING_MASK) == WASM_SYMBOL_BINDING_WEAK) {
            customSection.weakImports.add(symname);
          }
        }
      } else if (subsectionType === WASM_DYLINK_RUNTIME_PATH) {
        customSection.runtimePaths = getStringList();
      } else {
        offset += subsectionSize;
      }
    }
    return customSection;
  }, "getDylinkMetadata");
  function getValue(ptr, type = "i8") {
    if (type.endsWith("*")) type = "*";
    switch (type) {
      case "i1":
        return HEAP8[ptr];
      case "i8":
        return HEAP8[ptr];
      case "i16":
        return LE_HEAP_LOAD_I16((ptr >> 1) * 2);
      case "i32":
        return LE_HEAP_LOAD_I32((ptr >> 2) * 4);
      case "i64":
        return LE_HEAP_LOAD_I64((ptr >> 3) * 8);
      case "float":
        return LE_HEAP_LOAD_F32((ptr >> 2) * 4);
      case "double":
        return LE_HEAP_LOAD_F64((ptr >> 3) * 8);
      case "*":
        return LE_HEAP_LOAD_U32((ptr >> 2) * 4);
      default:
        abort(`invalid type for getValue: ${type}`);
    }
  }
  __name(getValue, "getValue");
  var newDSO = /* @__PURE__ */ __name((name2, handle2, syms) => {
    var dso = {
      refcount: Infinity,
      name: name2,
      exports: syms,
      global: true
    };
    LDSO.loadedLibsByName[name2] = dso;
    if (handle2 != void 0) {
      LDSO.loadedLibsByHandle[handle2] = dso;
    }
    return dso;
  }, "newDSO");
  var LDSO = {
    loadedLibsByName: {},
    loadedLibsByHandle: {},
    init() {
      newDSO("__main__", 0, wasmImports);
    }
  };
  var ___heap_base = 82240;
  var alignMemory = /* @__PURE__ */ __name((size, alignment) => Math.ceil(size / alignment) * alignment, "alignMemory");
  var getMemory = /* @__PURE__ */ __name((size) => {
    if (runtimeInitialized) {
      return _calloc(size, 1);
    }
    var ret = ___heap_base;
    var end = ret + alignMemory(size, 16);
    ___heap_base = end;
    GOT["__heap_base"].value = end;
    return ret;
  }, "getMemory");
  var isInternalSym = /* @__PURE__ */ __name((symName) => ["__cpp_exception", "__c_longjmp", "__wasm_apply_data_relocs", "__dso_handle", "__tls_size", "__tls_align", "__set_stack_limits", "_emscripten_tls_init", "__wasm_init_tls", "__wasm_call_ctors", "__start_em_asm", "__stop_em_asm", "__start_em_js", "__stop_em_js"].includes(symName) || symName.startsWith("__em_js__"), "isInternalSym");
  var uleb128EncodeWithLen = /* @__PURE__ */ __name((arr) => {
    const n = arr.length;
    return [n % 128 | 128, n >> 7, ...arr];
  }, "uleb128EncodeWithLen");
  var wasmTypeCodes = {
    "i": 127,
    // i32
    "p": 127,
    // i32
    "j": 126,
    // i64
    "f": 125,
    // f32
    "d": 124,
    // f64
    "e": 111
  };
  var generateTypePack = /* @__PURE__ */ __name((types) => uleb128EncodeWithLen(Array.from(types, (type) => {
    var code = wasmTypeCodes[type];
    return code;
  })), "generateTypePack");
  var convertJsFunctionToWasm = /* @__PURE__ */ __name((func2, sig) => {
    var bytes = Uint8Array.of(
      0,
      97,
      115,
      109,
      // magic ("\0asm")
      1,
      0,
      0,
      0,
      // version: 1
      1,
      ...uleb128EncodeWithLen([
        1,
        // count: 1
        96,
        // param types
        ...generateTypePack(sig.slice(1)),
        // return types (for now only supporting [] if `void` and single [T] otherwise)
        ...generateTypePack(sig[0] === "v" ? "" : sig[0])
      ]),
      // The rest of the module is static
      2,
      7,
      // import section
      // (import "e" "f" (func 0 (type 0)))
      1,
      1,
      101,
      1,
      102,
      0,
      0,
      7,
      5,
      // export section
      // (export "f" (func 0 (type 0)))
      1,
      1,
      102,
      0,
      0
    );
    var module2 = new WebAssembly.Module(bytes);
    var instance2 = new WebAssembly.Instance(module2, {
      "e": {
        "f": func2
      }
    });
    var wrappedFunc = instance2.exports["f"];
    return wrappedFunc;
  }, "convertJsFunctionToWasm");
  var wasmTableMirror = [];
  var wasmTable = new WebAssembly.Table({
    "initial": 31,
    "element": "anyfunc"
  });
  var getWasmTableEntry = /* @__PURE__ */ __name((funcPtr) => {
    var func2 = wasmTableMirror[funcPtr];
    if (!func2) {
      wasmTableMirror[funcPtr] = func2 = wasmTable.get(funcPtr);
    }
    return func2;
  }, "getWasmTableEntry");
  var updateTableMap = /* @__PURE__ */ __name((offset, count) => {
    if (functionsInTableMap) {
      for (var i2 = offset; i2 < offset + count; i2++) {
        var item = getWasmTableEntry(i2);
        if (item) {
          functionsInTableMap.set(item, i2);
        }
      }
    }
  }, "updateTableMap");
  var functionsInTableMap;
  var getFunctionAddress = /* @__PURE__ */ __name((func2) => {
    if (!functionsInTableMap) {
      functionsInTableMap = /* @__PURE__ */ new WeakMap();
      updateTableMap(0, wasmTable.length);
    }
    return functionsInTableMap.get(func2) || 0;
  }, "getFunctionAddress");
  var freeTableIndexes = [];
  var getEmptyTableSlot = /* @__PURE__ */ __name(() => {
    if (freeTableIndexes.length) {
      return freeTableIndexes.pop();
    }
    return wasmTable["grow"](1);
  }, "getEmptyTableSlot");
  var setWasmTableEntry = /* @__PURE__ */ __name((idx, func2) => {
    wasmTable.set(idx, func2);
    wasmTableMirror[idx] = wasmTable.get(idx);
  }, "setWasmTableEntry");
  var addFunction = /* @__PURE__ */ __name((func2, sig) => {
    var rtn = getFunctionAddress(func2);
    if (rtn) {
      return rtn;
    }
    var ret = getEmptyTableSlot();
    try {
      setWasmTableEntry(ret, func2);
    } catch (err2) {
      if (!(err2 instanceof TypeError)) {
        throw err2;
      }
      var wrapped = convertJsFunctionToWasm(func2, sig);
      setWasmTableEntry(ret, wrapped);
    }
    functionsInTableMap.set(func2, ret);
    return ret;
  }, "addFunction");
  var updateGOT = /* @__PURE__ */ __name((exports2, replace) => {
    for (var symName in exports2) {
      if (isInternalSym(symName)) {
        continue;
      }
      var value = exports2[symName];
      GOT[symName] ||= new WebAssembly.Global({
        "value": "i32",
        "mutable": true
      });
      if (replace || GOT[symName].value == 0) {
        if (typeof value == "function") {
          GOT[symName].value = addFunction(value);
        } else if (typeof value == "number") {
          GOT[symName].value = value;
        } else {
          err(`unhandled export type for '${symName}': ${typeof value}`);
        }
      }
    }
  }, "updateGOT");
  var relocateExports = /* @__PURE__ */ __name((exports2, memoryBase2, replace) => {
    var relocated = {};
    for (var e in exports2) {
      var value = exports2[e];
      if (typeof value == "object") {
        value = value.value;
      }
      if (typeof value == "number") {
        value += memoryBase2;
      }
      relocated[e] = value;
    }
    updateGOT(relocated, replace);
    return relocated;
  }, "relocateExports");
  var isSymbolDefined = /* @__PURE__ */ __name((symName) => {
    var existing = wasmImports[symName];
    if (!existing || existing.stub) {
      return false;
    }
    return true;
  }, "isSymbolDefined");
  var dynCall = /* @__PURE__ */ __name((sig, ptr, args2 = [], promising = false) => {
    var func2 = getWasmTableEntry(ptr);
    var rtn = func2(...args2);
    function convert(rtn2) {
      return rtn2;
    }
    __name(convert, "convert");
    return convert(rtn);
  }, "dynCall");
  var stackSave = /* @__PURE__ */ __name(() => _emscripten_stack_get_current(), "stackSave");
  var stackRestore = /* @__PURE__ */ __name((val) => __emscripten_stack_restore(val), "stackRestore");
  var createInvokeFunction = /* @__PURE__ */ __name((sig) => (ptr, ...args2) => {
    var sp = stackSave();
    try {
      return dynCall(sig, ptr, args2);
    } catch (e) {
      stackRestore(sp);
      if (e !== e + 0) throw e;
      _setThrew(1, 0);
      if (sig[0] == "j") return 0n;
    }
  }, "createInvokeFunction");
  var resolveGlobalSymbol = /* @__PURE__ */ __name((symName, direct = false) => {
    var sym;
    if (isSymbolDefined(symName)) {
      sym = wasmImports[symName];
    } else if (symName.startsWith("invoke_")) {
      sym = wasmImports[symName] = createInvokeFunction(symName.split("_")[1]);
    }
    return {
      sym,
      name: symName
    };
  }, "resolveGlobalSymbol");
  var onPostCtors = [];
  var addOnPostCtor = /* @__PURE__ */ __name((cb) => onPostCtors.push(cb), "addOnPostCtor");
  var UTF8ToString = /* @__PURE__ */ __name((ptr, maxBytesToRead, ignoreNul) => ptr ? UTF8ArrayToString(HEAPU8, ptr, maxBytesToRead, ignoreNul) : "", "UTF8ToString");
  var loadWebAssemblyModule = /* @__PURE__ */ __name((binary, flags, libName, localScope, handle) => {
    var metadata = getDylinkMetadata(binary);
    function loadModule() {
      var memAlign = Math.pow(2, metadata.memoryAlign);
      var memoryBase = metadata.memorySize ? alignMemory(getMemory(metadata.memorySize + memAlign), memAlign) : 0;
      var tableBase = metadata.tableSize ? wasmTable.length : 0;
      if (handle) {
        HEAP8[handle + 8] = 1;
        LE_HEAP_STORE_U32((handle + 12 >> 2) * 4, memoryBase);
        LE_HEAP_STORE_I32((handle + 16 >> 2) * 4, metadata.memorySize);
        LE_HEAP_STORE_U32((handle + 20 >> 2) * 4, tableBase);
        LE_HEAP_STORE_I32((handle + 24 >> 2) * 4, metadata.tableSize);
      }
      if (metadata.tableSize) {
        wasmTable.grow(metadata.tableSize);
      }
      var moduleExports;
      function resolveSymbol(sym) {
        var resolved = resolveGlobalSymbol(sym).sym;
        if (!resolved && localScope) {
          resolved = localScope[sym];
        }
        if (!resolved) {
          resolved = moduleExports[sym];
        }
        return resolved;
      }
      __name(resolveSymbol, "resolveSymbol");
      var proxyHandler = {
        get(stubs, prop) {
          switch (prop) {
            case "__memory_base":
              return memoryBase;
            case "__table_base":
              return tableBase;
          }
          if (prop in wasmImports && !wasmImports[prop].stub) {
            var res = wasmImports[prop];
            return res;
          }
          if (!(prop in stubs)) {
            var resolved;
            stubs[prop] = (...args2) => {
              resolved ||= resolveSymbol(prop);
              return resolved(...args2);
            };
          }
          return stubs[prop];
        }
      };
      var proxy = new Proxy({}, proxyHandler);
      currentModuleWeakSymbols = metadata.weakImports;
      var info = {
        "GOT.mem": new Proxy({}, GOTHandler),
        "GOT.func": new Proxy({}, GOTHandler),
        "env": proxy,
        "wasi_snapshot_preview1": proxy
      };
      function postInstantiation(module, instance) {
        updateTableMap(tableBase, metadata.tableSize);
        moduleExports = relocateExports(instance.exports, memoryBase);
        if (!flags.allowUndefined) {
          reportUndefinedSymbols();
        }
        function addEmAsm(addr, body) {
          var args = [];
          var arity = 0;
          for (; arity < 16; arity++) {
            if (body.indexOf("$" + arity) != -1) {
              args.push("$" + arity);
            } else {
              break;
            }
          }
          args = args.join(",");
          var func = `(${args}) => { ${body} };`;
          ASM_CONSTS[start] = eval(func);
        }
        __name(addEmAsm, "addEmAsm");
        if ("__start_em_asm" in moduleExports) {
          var start = moduleExports["__start_em_asm"];
          var stop = moduleExports["__stop_em_asm"];
          while (start < stop) {
            var jsString = UTF8ToString(start);
            addEmAsm(start, jsString);
            start = HEAPU8.indexOf(0, start) + 1;
          }
        }
        function addEmJs(name, cSig, body) {
          var jsArgs = [];
          cSig = cSig.slice(1, -1);
          if (cSig != "void") {
            cSig = cSig.split(",");
            for (var i in cSig) {
              var jsArg = cSig[i].split(" ").pop();
              jsArgs.push(jsArg.replace("*", ""));
            }
          }
          var func = `(${jsArgs}) => ${body};`;
          moduleExports[name] = eval(func);
        }
        __name(addEmJs, "addEmJs");
        for (var name in moduleExports) {
          if (name.startsWith("__em_js__")) {
            var start = moduleExports[name];
            var jsString = UTF8ToString(start);
            var parts = jsString.split("<::>");
            addEmJs(name.replace("__em_js__", ""), parts[0], parts[1]);
            delete moduleExports[name];
          }
        }
        var applyRelocs = moduleExports["__wasm_apply_data_relocs"];
        if (applyRelocs) {
          if (runtimeInitialized) {
            applyRelocs();
          } else {
            __RELOC_FUNCS__.push(applyRelocs);
          }
        }
        var init = moduleExports["__wasm_call_ctors"];
        if (init) {
          if (runtimeInitialized) {
            init();
          } else {
            addOnPostCtor(init);
          }
        }
        return moduleExports;
      }
      __name(postInstantiation, "postInstantiation");
      if (flags.loadAsync) {
        return (async () => {
          var instance2;
          if (binary instanceof WebAssembly.Module) {
            instance2 = new WebAssembly.Instance(binary, info);
          } else {
            ({ module: binary, instance: instance2 } = await WebAssembly.instantiate(binary, info));
          }
          return postInstantiation(binary, instance2);
        })();
      }
      var module = binary instanceof WebAssembly.Module ? binary : new WebAssembly.Module(binary);
      var instance = new WebAssembly.Instance(module, info);
      return postInstantiation(module, instance);
    }
    __name(loadModule, "loadModule");
    flags = {
      ...flags,
      rpath: {
        parentLibPath: libName,
        paths: metadata.runtimePaths
      }
    };
    if (flags.loadAsync) {
      return metadata.neededDynlibs.reduce((chain, dynNeeded) => chain.then(() => loadDynamicLibrary(dynNeeded, flags, localScope)), Promise.resolve()).then(loadModule);
    }
    metadata.neededDynlibs.forEach((needed) => loadDynamicLibrary(needed, flags, localScope));
    return loadModule();
  }, "loadWebAssemblyModule");
  var mergeLibSymbols = /* @__PURE__ */ __name((exports2, libName2) => {
    for (var [sym, exp] of Object.entries(exports2)) {
      const setImport = /* @__PURE__ */ __name((target) => {
        if (!isSymbolDefined(target)) {
          wasmImports[target] = exp;
        }
      }, "setImport");
      setImport(sym);
      const main_alias = "__main_argc_argv";
      if (sym == "main") {
        setImport(main_alias);
      }
      if (sym == main_alias) {
        setImport("main");
      }
    }
  }, "mergeLibSymbols");
  var asyncLoad = /* @__PURE__ */ __name(async (url) => {
    var arrayBuffer = await readAsync(url);
    return new Uint8Array(arrayBuffer);
  }, "asyncLoad");
  function loadDynamicLibrary(libName2, flags2 = {
    global: true,
    nodelete: true
  }, localScope2, handle2) {
    var dso = LDSO.loadedLibsByName[libName2];
    if (dso) {
      if (!flags2.global) {
        if (localScope2) {
          Object.assign(localScope2, dso.exports);
        }
      } else if (!dso.global) {
        dso.global = true;
        mergeLibSymbols(dso.exports, libName2);
      }
      if (flags2.nodelete && dso.refcount !== Infinity) {
        dso.refcount = Infinity;
      }
      dso.refcount++;
      if (handle2) {
        LDSO.loadedLibsByHandle[handle2] = dso;
      }
      return flags2.loadAsync ? Promise.resolve(true) : true;
    }
    dso = newDSO(libName2, handle2, "loading");
    dso.refcount = flags2.nodelete ? Infinity : 1;
    dso.global = flags2.global;
    function loadLibData() {
      if (handle2) {
        var data = LE_HEAP_LOAD_U32((handle2 + 28 >> 2) * 4);
        var dataSize = LE_HEAP_LOAD_U32((handle2 + 32 >> 2) * 4);
        if (data && dataSize) {
          var libData = HEAP8.slice(data, data + dataSize);
          return flags2.loadAsync ? Promise.resolve(libData) : libData;
        }
      }
      var libFile = locateFile(libName2);
      if (flags2.loadAsync) {
        return asyncLoad(libFile);
      }
      if (!readBinary) {
        throw new Error(`${libFile}: file not found, and synchronous loading of external files is not available`);
      }
      return readBinary(libFile);
    }
    __name(loadLibData, "loadLibData");
    function getExports() {
      if (flags2.loadAsync) {
        return loadLibData().then((libData) => loadWebAssemblyModule(libData, flags2, libName2, localScope2, handle2));
      }
      return loadWebAssemblyModule(loadLibData(), flags2, libName2, localScope2, handle2);
    }
    __name(getExports, "getExports");
    function moduleLoaded(exports2) {
      if (dso.global) {
        mergeLibSymbols(exports2, libName2);
      } else if (localScope2) {
        Object.assign(localScope2, exports2);
      }
      dso.exports = exports2;
    }
    __name(moduleLoaded, "moduleLoaded");
    if (flags2.loadAsync) {
      return getExports().then((exports2) => {
        moduleLoaded(exports2);
        return true;
      });
    }
    moduleLoaded(getExports());
    return true;
  }
  __name(loadDynamicLibrary, "loadDynamicLibrary");
  var reportUndefinedSymbols = /* @__PURE__ */ __name(() => {
    for (var [symName, entry] of Object.entries(GOT)) {
      if (entry.value == 0) {
        var value = resolveGlobalSymbol(symName, true).sym;
        if (!value && !entry.required) {
          continue;
        }
        if (typeof value == "function") {
          entry.value = addFunction(value, value.sig);
        } else if (typeof value == "number") {
          entry.value = value;
        } else {
          throw new Error(`bad export type for '${symName}': ${typeof value}`);
        }
      }
    }
  }, "reportUndefinedSymbols");
  var runDependencies = 0;
  var dependenciesFulfilled = null;
  var removeRunDependency = /* @__PURE__ */ __name((id) => {
    runDependencies--;
    Module["monitorRunDependencies"]?.(runDependencies);
    if (runDependencies == 0) {
      if (dependenciesFulfilled) {
        var callback = dependenciesFulfilled;
        dependenciesFulfilled = null;
        callback();
      }
    }
  }, "removeRunDependency");
  var addRunDependency = /* @__PURE__ */ __name((id) => {
    runDependencies++;
    Module["monitorRunDependencies"]?.(runDependencies);
  }, "addRunDependency");
  var loadDylibs = /* @__PURE__ */ __name(async () => {
    if (!dynamicLibraries.length) {
      reportUndefinedSymbols();
      return;
    }
    addRunDependency("loadDylibs");
    for (var lib2 of dynamicLibraries) {
      await loadDynamicLibrary(lib2, {
        loadAsync: true,
        global: true,
        nodelete: true,
        allowUndefined: true
      });
    }
    reportUndefinedSymbols();
    removeRunDependency("loadDylibs");
  }, "loadDylibs");
  var noExitRuntime = true;
  function setValue(ptr, value, type = "i8") {
    if (type.endsWith("*")) type = "*";
    switch (type) {
      case "i1":
        HEAP8[ptr] = value;
        break;
      case "i8":
        HEAP8[ptr] = value;
        break;
      case "i16":
        LE_HEAP_STORE_I16((ptr >> 1) * 2, value);
        break;
      case "i32":
        LE_HEAP_STORE_I32((ptr >> 2) * 4, value);
        break;
      case "i64":
        LE_HEAP_STORE_I64((ptr >> 3) * 8, BigInt(value));
        break;
      case "float":
        LE_HEAP_STORE_F32((ptr >> 2) * 4, value);
        break;
      case "double":
        LE_HEAP_STORE_F64((ptr >> 3) * 8, value);
        break;
      case "*":
        LE_HEAP_STORE_U32((ptr >> 2) * 4, value);
        break;
      default:
        abort(`invalid type for setValue: ${type}`);
    }
  }
  __name(setValue, "setValue");
  var ___memory_base = new WebAssembly.Global({
    "value": "i32",
    "mutable": false
  }, 1024);
  var ___stack_high = 82240;
  var ___stack_low = 16704;
  var ___stack_pointer = new WebAssembly.Global({
    "value": "i32",
    "mutable": true
  }, 82240);
  var ___table_base = new WebAssembly.Global({
    "value": "i32",
    "mutable": false
  }, 1);
  var __abort_js = /* @__PURE__ */ __name(() => abort(""), "__abort_js");
  __abort_js.sig = "v";
  var getHeapMax = /* @__PURE__ */ __name(() => (
    // Stay one Wasm page short of 4GB: while e.g. Chrome is able to allocate
    // full 4GB Wasm memories, the size will wrap back to 0 bytes in Wasm side
    // for any code that deals with heap sizes, which would require special
    // casing all heap size related code to treat 0 specially.
    2147483648
  ), "getHeapMax");
  var growMemory = /* @__PURE__ */ __name((size) => {
    var oldHeapSize = wasmMemory.buffer.byteLength;
    var pages = (size - oldHeapSize + 65535) / 65536 | 0;
    try {
      wasmMemory.grow(pages);
      updateMemoryViews();
      return 1;
    } catch (e) {
    }
  }, "growMemory");
  var _emscripten_resize_heap = /* @__PURE__ */ __name((requestedSize) => {
    var oldSize = HEAPU8.length;
    requestedSize >>>= 0;
    var maxHeapSize = getHeapMax();
    if (requestedSize > maxHeapSize) {
      return false;
    }
    for (var cutDown = 1; cutDown <= 4; cutDown *= 2) {
      var overGrownHeapSize = oldSize * (1 + 0.2 / cutDown);
      overGrownHeapSize = Math.min(overGrownHeapSize, requestedSize + 100663296);
      var newSize = Math.min(maxHeapSize, alignMemory(Math.max(requestedSize, overGrownHeapSize), 65536));
      var replacement = growMemory(newSize);
      if (replacement) {
        return true;
      }
    }
    return false;
  }, "_emscripten_resize_heap");
  _emscripten_resize_heap.sig = "ip";
  var _fd_close = /* @__PURE__ */ __name((fd) => 52, "_fd_close");
  _fd_close.sig = "ii";
  var INT53_MAX = 9007199254740992;
  var INT53_MIN = -9007199254740992;
  var bigintToI53Checked = /* @__PURE__ */ __name((num3) => num3 < INT53_MIN || num3 > INT53_MAX ? NaN : Number(num3), "bigintToI53Checked");
  function _fd_seek(fd, offset, whence, newOffset) {
    offset = bigintToI53Checked(offset);
    return 70;
  }
  __name(_fd_seek, "_fd_seek");
  _fd_seek.sig = "iijip";
  var printCharBuffers = [null, [], []];
  var printChar = /* @__PURE__ */ __name((stream, curr) => {
    var buffer = printCharBuffers[stream];
    if (curr === 0 || curr === 10) {
      (stream === 1 ? out : err)(UTF8ArrayToString(buffer));
      buffer.length = 0;
    } else {
      buffer.push(curr);
    }
  }, "printChar");
  var _fd_write = /* @__PURE__ */ __name((fd, iov, iovcnt, pnum) => {
    var num3 = 0;
    for (var i2 = 0; i2 < iovcnt; i2++) {
      var ptr = LE_HEAP_LOAD_U32((iov >> 2) * 4);
      var len = LE_HEAP_LOAD_U32((iov + 4 >> 2) * 4);
      iov += 8;
      for (var j = 0; j < len; j++) {
        printChar(fd, HEAPU8[ptr + j]);
      }
      num3 += len;
    }
    LE_HEAP_STORE_U32((pnum >> 2) * 4, num3);
    return 0;
  }, "_fd_write");
  _fd_write.sig = "iippp";
  function _tree_sitter_log_callback(isLexMessage, messageAddress) {
    if (Module.currentLogCallback) {
      const message = UTF8ToString(messageAddress);
      Module.currentLogCallback(message, isLexMessage !== 0);
    }
  }
  __name(_tree_sitter_log_callback, "_tree_sitter_log_callback");
  function _tree_sitter_parse_callback(inputBufferAddress, index, row, column, lengthAddress) {
    const INPUT_BUFFER_SIZE = 10 * 1024;
    const string = Module.currentParseCallback(index, {
      row,
      column
    });
    if (typeof string === "string") {
      setValue(lengthAddress, string.length, "i32");
      stringToUTF16(string, inputBufferAddress, INPUT_BUFFER_SIZE);
    } else {
      setValue(lengthAddress, 0, "i32");
    }
  }
  __name(_tree_sitter_parse_callback, "_tree_sitter_parse_callback");
  function _tree_sitter_progress_callback(currentOffset, hasError) {
    if (Module.currentProgressCallback) {
      return Module.currentProgressCallback({
        currentOffset,
        hasError
      });
    }
    return false;
  }
  __name(_tree_sitter_progress_callback, "_tree_sitter_progress_callback");
  function _tree_sitter_query_progress_callback(currentOffset) {
    if (Module.currentQueryProgressCallback) {
      return Module.currentQueryProgressCallback({
        currentOffset
      });
    }
    return false;
  }
  __name(_tree_sitter_query_progress_callback, "_tree_sitter_query_progress_callback");
  var runtimeKeepaliveCounter = 0;
  var keepRuntimeAlive = /* @__PURE__ */ __name(() => noExitRuntime || runtimeKeepaliveCounter > 0, "keepRuntimeAlive");
  var _proc_exit = /* @__PURE__ */ __name((code) => {
    EXITSTATUS = code;
    if (!keepRuntimeAlive()) {
      Module["onExit"]?.(code);
      ABORT = true;
    }
    quit_(code, new ExitStatus(code));
  }, "_proc_exit");
  _proc_exit.sig = "vi";
  var exitJS = /* @__PURE__ */ __name((status, implicit) => {
    EXITSTATUS = status;
    _proc_exit(status);
  }, "exitJS");
  var handleException = /* @__PURE__ */ __name((e) => {
    if (e instanceof ExitStatus || e == "unwind") {
      return EXITSTATUS;
    }
    quit_(1, e);
  }, "handleException");
  var lengthBytesUTF8 = /* @__PURE__ */ __name((str3) => {
    var len = 0;
    for (var i2 = 0; i2 < str3.length; ++i2) {
      var c = str3.charCodeAt(i2);
      if (c <= 127) {
        len++;
      } else if (c <= 2047) {
        len += 2;
      } else if (c >= 55296 && c <= 57343) {
        len += 4;
        ++i2;
      } else {
        len += 3;
      }
    }
    return len;
  }, "lengthBytesUTF8");
  var stringToUTF8Array = /* @__PURE__ */ __name((str3, heap, outIdx, maxBytesToWrite) => {
    if (!(maxBytesToWrite > 0)) return 0;
    var startIdx = outIdx;
    var endIdx = outIdx + maxBytesToWrite - 1;
    for (var i2 = 0; i2 < str3.length; ++i2) {
      var u = str3.codePointAt(i2);
      if (u <= 127) {
        if (outIdx >= endIdx) break;
        heap[outIdx++] = u;
      } else if (u <= 2047) {
        if (outIdx + 1 >= endIdx) break;
        heap[outIdx++] = 192 | u >> 6;
        heap[outIdx++] = 128 | u & 63;
      } else if (u <= 65535) {
        if (outIdx + 2 >= endIdx) break;
        heap[outIdx++] = 224 | u >> 12;
        heap[outIdx++] = 128 | u >> 6 & 63;
        heap[outIdx++] = 128 | u & 63;
      } else {
        if (outIdx + 3 >= endIdx) break;
        heap[outIdx++] = 240 | u >> 18;
        heap[outIdx++] = 128 | u >> 12 & 63;
        heap[outIdx++] = 128 | u >> 6 & 63;
        heap[outIdx++] = 128 | u & 63;
        i2++;
      }
    }
    heap[outIdx] = 0;
    return outIdx - startIdx;
  }, "stringToUTF8Array");
  var stringToUTF8 = /* @__PURE__ */ __name((str3, outPtr, maxBytesToWrite) => stringToUTF8Array(str3, HEAPU8, outPtr, maxBytesToWrite), "stringToUTF8");
  var stackAlloc = /* @__PURE__ */ __name((sz) => __emscripten_stack_alloc(sz), "stackAlloc");
  var stringToUTF8OnStack = /* @__PURE__ */ __name((str3) => {
    var size = lengthBytesUTF8(str3) + 1;
    var ret = stackAlloc(size);
    stringToUTF8(str3, ret, size);
    return ret;
  }, "stringToUTF8OnStack");
  var AsciiToString = /* @__PURE__ */ __name((ptr) => {
    var str3 = "";
    while (1) {
      var ch = HEAPU8[ptr++];
      if (!ch) return str3;
      str3 += String.fromCharCode(ch);
    }
  }, "AsciiToString");
  var stringToUTF16 = /* @__PURE__ */ __name((str3, outPtr, maxBytesToWrite) => {
    maxBytesToWrite ??= 2147483647;
    if (maxBytesToWrite < 2) return 0;
    maxBytesToWrite -= 2;
    var startPtr = outPtr;
    var numCharsToWrite = maxBytesToWrite < str3.length * 2 ? maxBytesToWrite / 2 : str3.length;
    for (var i2 = 0; i2 < numCharsToWrite; ++i2) {
      var codeUnit = str3.charCodeAt(i2);
      LE_HEAP_STORE_I16((outPtr >> 1) * 2, codeUnit);
      outPtr += 2;
    }
    LE_HEAP_STORE_I16((outPtr >> 1) * 2, 0);
    return outPtr - startPtr;
  }, "stringToUTF16");
  LE_ATOMICS_NATIVE_BYTE_ORDER = new Int8Array(new Int16Array([1]).buffer)[0] === 1 ? [
    /* little endian */
    ((x) => x),
    ((x) => x),
    void 0,
    ((x) => x)
  ] : [
    /* big endian */
    ((x) => x),
    ((x) => ((x & 65280) << 8 | (x & 255) << 24) >> 16),
    void 0,
    ((x) => x >> 24 & 255 | x >> 8 & 65280 | (x & 65280) << 8 | (x & 255) << 24)
  ];
  function LE_HEAP_UPDATE() {
    HEAPU16.unsigned = ((x) => x & 65535);
    HEAPU32.unsigned = ((x) => x >>> 0);
  }
  __name(LE_HEAP_UPDATE, "LE_HEAP_UPDATE");
  {
    initMemory();
    if (Module["noExitRuntime"]) noExitRuntime = Module["noExitRuntime"];
    if (Module["print"]) out = Module["print"];
    if (Module["printErr"]) err = Module["printErr"];
    if (Module["dynamicLibraries"]) dynamicLibraries = Module["dynamicLibraries"];
    if (Module["wasmBinary"]) wasmBinary = Module["wasmBinary"];
    if (Module["arguments"]) arguments_ = Module["arguments"];
    if (Module["thisProgram"]) thisProgram = Module["thisProgram"];
    if (Module["preInit"]) {
      if (typeof Module["preInit"] == "function") Module["preInit"] = [Module["preInit"]];
      while (Module["preInit"].length > 0) {
        Module["preInit"].shift()();
      }
    }
  }
  Module["setValue"] = setValue;
  Module["getValue"] = getValue;
  Module["UTF8ToString"] = UTF8ToString;
  Module["stringToUTF8"] = stringToUTF8;
  Module["lengthBytesUTF8"] = lengthBytesUTF8;
  Module["AsciiToString"] = AsciiToString;
  Module["stringToUTF16"] = stringToUTF16;
  Module["loadWebAssemblyModule"] = loadWebAssemblyModule;
  Module["LE_HEAP_STORE_I64"] = LE_HEAP_STORE_I64;
  var ASM_CONSTS = {};
  var _malloc, _calloc, _realloc, _free, _ts_range_edit, _memcmp, _ts_language_symbol_count, _ts_language_state_count, _ts_language_abi_version, _ts_language_name, _ts_language_field_count, _ts_language_next_state, _ts_language_symbol_name, _ts_language_symbol_for_name, _strncmp, _strlen, _ts_language_symbol_type, _ts_language_field_name_for_id, _ts_lookahead_iterator_new, _ts_lookahead_iterator_delete, _ts_lookahead_iterator_reset_state, _ts_lookahead_iterator_reset, _ts_lookahead_iterator_next, _ts_lookahead_iterator_current_symbol, _ts_point_edit, _ts_parser_delete, _ts_parser_reset, _ts_parser_set_language, _ts_parser_set_included_ranges, _ts_query_new, _ts_query_delete, _iswspace, _iswalnum, _ts_query_copy, _ts_query_pattern_count, _ts_query_capture_count, _ts_query_string_count, _ts_query_capture_name_for_id, _ts_query_capture_quantifier_for_id, _ts_query_string_value_for_id, _ts_query_predicates_for_pattern, _ts_query_start_byte_for_pattern, _ts_query_end_byte_for_pattern, _ts_query_is_pattern_rooted, _ts_query_is_pattern_non_local, _ts_query_is_pattern_guaranteed_at_step, _ts_query_disable_capture, _ts_query_disable_pattern, _ts_tree_copy, _ts_tree_delete, _ts_init, _ts_parser_new_wasm, _ts_parser_enable_logger_wasm, _ts_parser_parse_wasm, _ts_parser_included_ranges_wasm, _ts_language_type_is_named_wasm, _ts_language_type_is_visible_wasm, _ts_language_metadata_wasm, _ts_language_supertypes_wasm, _ts_language_subtypes_wasm, _ts_tree_root_node_wasm, _ts_tree_root_node_with_offset_wasm, _ts_tree_edit_wasm, _ts_tree_included_ranges_wasm, _ts_tree_get_changed_ranges_wasm, _ts_tree_cursor_new_wasm, _ts_tree_cursor_copy_wasm, _ts_tree_cursor_delete_wasm, _ts_tree_cursor_reset_wasm, _ts_tree_cursor_reset_to_wasm, _ts_tree_cursor_goto_first_child_wasm, _ts_tree_cursor_goto_last_child_wasm, _ts_tree_cursor_goto_first_child_for_index_wasm, _ts_tree_cursor_goto_first_child_for_position_wasm, _ts_tree_cursor_goto_next_sibling_wasm, _ts_tree_cursor_goto_previous_sibling_wasm, _ts_tree_cursor_goto_descendant_wasm, _ts_tree_cursor_goto_parent_wasm, _ts_tree_cursor_current_node_type_id_wasm, _ts_tree_cursor_current_node_state_id_wasm, _ts_tree_cursor_current_node_is_named_wasm, _ts_tree_cursor_current_node_is_missing_wasm, _ts_tree_cursor_current_node_id_wasm, _ts_tree_cursor_start_position_wasm, _ts_tree_cursor_end_position_wasm, _ts_tree_cursor_start_index_wasm, _ts_tree_cursor_end_index_wasm, _ts_tree_cursor_current_field_id_wasm, _ts_tree_cursor_current_depth_wasm, _ts_tree_cursor_current_descendant_index_wasm, _ts_tree_cursor_current_node_wasm, _ts_node_symbol_wasm, _ts_node_field_name_for_child_wasm, _ts_node_field_name_for_named_child_wasm, _ts_node_children_by_field_id_wasm, _ts_node_first_child_for_byte_wasm, _ts_node_first_named_child_for_byte_wasm, _ts_node_grammar_symbol_wasm, _ts_node_child_count_wasm, _ts_node_named_child_count_wasm, _ts_node_child_wasm, _ts_node_named_child_wasm, _ts_node_child_by_field_id_wasm, _ts_node_next_sibling_wasm, _ts_node_prev_sibling_wasm, _ts_node_next_named_sibling_wasm, _ts_node_prev_named_sibling_wasm, _ts_node_descendant_count_wasm, _ts_node_parent_wasm, _ts_node_child_with_descendant_wasm, _ts_node_descendant_for_index_wasm, _ts_node_named_descendant_for_index_wasm, _ts_node_descendant_for_position_wasm, _ts_node_named_descendant_for_position_wasm, _ts_node_start_point_wasm, _ts_node_end_point_wasm, _ts_node_start_index_wasm, _ts_node_end_index_wasm, _ts_node_to_string_wasm, _ts_node_children_wasm, _ts_node_named_children_wasm, _ts_node_descendants_of_type_wasm, _ts_node_is_named_wasm, _ts_node_has_changes_wasm, _ts_node_has_error_wasm, _ts_node_is_error_wasm, _ts_node_is_missing_wasm, _ts_node_is_extra_wasm, _ts_node_parse_state_wasm, _ts_node_next_parse_state_wasm, _ts_query_matches_wasm, _ts_query_captures_wasm, _memset, _memcpy, _memmove, _iswalpha, _iswblank, _iswdigit, _iswlower, _iswpunct, _iswupper, _iswxdigit, _memchr, _strcmp, _strncat, _strncpy, _towlower, _towupper, _setThrew, __emscripten_stack_restore, __emscripten_stack_alloc, _emscripten_stack_get_current, ___wasm_apply_data_relocs;
  function assignWasmExports(wasmExports2) {
    Module["_malloc"] = _malloc = wasmExports2["malloc"];
    Module["_calloc"] = _calloc = wasmExports2["calloc"];
    Module["_realloc"] = _realloc = wasmExports2["realloc"];
    Module["_free"] = _free = wasmExports2["free"];
    Module["_ts_range_edit"] = _ts_range_edit = wasmExports2["ts_range_edit"];
    Module["_memcmp"] = _memcmp = wasmExports2["memcmp"];
    Module["_ts_language_symbol_count"] = _ts_language_symbol_count = wasmExports2["ts_language_symbol_count"];
    Module["_ts_language_state_count"] = _ts_language_state_count = wasmExports2["ts_language_state_count"];
    Module["_ts_language_abi_version"] = _ts_language_abi_version = wasmExports2["ts_language_abi_version"];
    Module["_ts_language_name"] = _ts_language_name = wasmExports2["ts_language_name"];
    Module["_ts_language_field_count"] = _ts_language_field_count = wasmExports2["ts_language_field_count"];
    Module["_ts_language_next_state"] = _ts_language_next_state = wasmExports2["ts_language_next_state"];
    Module["_ts_language_symbol_name"] = _ts_language_symbol_name = wasmExports2["ts_language_symbol_name"];
    Module["_ts_language_symbol_for_name"] = _ts_language_symbol_for_name = wasmExports2["ts_language_symbol_for_name"];
    Module["_strncmp"] = _strncmp = wasmExports2["strncmp"];
    Module["_strlen"] = _strlen = wasmExports2["strlen"];
    Module["_ts_language_symbol_type"] = _ts_language_symbol_type = wasmExports2["ts_language_symbol_type"];
    Module["_ts_language_field_name_for_id"] = _ts_language_field_name_for_id = wasmExports2["ts_language_field_name_for_id"];
    Module["_ts_lookahead_iterator_new"] = _ts_lookahead_iterator_new = wasmExports2["ts_lookahead_iterator_new"];
    Module["_ts_lookahead_iterator_delete"] = _ts_lookahead_iterator_delete = wasmExports2["ts_lookahead_iterator_delete"];
    Module["_ts_lookahead_iterator_reset_state"] = _ts_lookahead_iterator_reset_state = wasmExports2["ts_lookahead_iterator_reset_state"];
    Module["_ts_lookahead_iterator_reset"] = _ts_lookahead_iterator_reset = wasmExports2["ts_lookahead_iterator_reset"];
    Module["_ts_lookahead_iterator_next"] = _ts_lookahead_iterator_next = wasmExports2["ts_lookahead_iterator_next"];
    Module["_ts_lookahead_iterator_current_symbol"] = _ts_lookahead_iterator_current_symbol = wasmExports2["ts_lookahead_iterator_current_symbol"];
    Module["_ts_point_edit"] = _ts_point_edit = wasmExports2["ts_point_edit"];
    Module["_ts_parser_delete"] = _ts_parser_delete = wasmExports2["ts_parser_delete"];
    Module["_ts_parser_reset"] = _ts_parser_reset = wasmExports2["ts_parser_reset"];
    Module["_ts_parser_set_language"] = _ts_parser_set_language = wasmExports2["ts_parser_set_language"];
    Module["_ts_parser_set_included_ranges"] = _ts_parser_set_included_ranges = wasmExports2["ts_parser_set_included_ranges"];
    Module["_ts_query_new"] = _ts_query_new = wasmExports2["ts_query_new"];
    Module["_ts_query_delete"] = _ts_query_delete = wasmExports2["ts_query_delete"];
    Module["_iswspace"] = _iswspace = wasmExports2["iswspace"];
    Module["_iswalnum"] = _iswalnum = wasmExports2["iswalnum"];
    Module["_ts_query_copy"] = _ts_query_copy = wasmExports2["ts_query_copy"];
    Module["_ts_query_pattern_count"] = _ts_query_pattern_count = wasmExports2["ts_query_pattern_count"];
    Module["_ts_query_capture_count"] = _ts_query_capture_count = wasmExports2["ts_query_capture_count"];
    Module["_ts_query_string_count"] = _ts_query_string_count = wasmExports2["ts_query_string_count"];
    Module["_ts_query_capture_name_for_id"] = _ts_query_capture_name_for_id = wasmExports2["ts_query_capture_name_for_id"];
    Module["_ts_query_capture_quantifier_for_id"] = _ts_query_capture_quantifier_for_id = wasmExports2["ts_query_capture_quantifier_for_id"];
    Module["_ts_query_string_value_for_id"] = _ts_query_string_value_for_id = wasmExports2["ts_query_string_value_for_id"];
    Module["_ts_query_predicates_for_pattern"] = _ts_query_predicates_for_pattern = wasmExports2["ts_query_predicates_for_pattern"];
    Module["_ts_query_start_byte_for_pattern"] = _ts_query_start_byte_for_pattern = wasmExports2["ts_query_start_byte_for_pattern"];
    Module["_ts_query_end_byte_for_pattern"] = _ts_query_end_byte_for_pattern = wasmExports2["ts_query_end_byte_for_pattern"];
    Module["_ts_query_is_pattern_rooted"] = _ts_query_is_pattern_rooted = wasmExports2["ts_query_is_pattern_rooted"];
    Module["_ts_query_is_pattern_non_local"] = _ts_query_is_pattern_non_local = wasmExports2["ts_query_is_pattern_non_local"];
    Module["_ts_query_is_pattern_guaranteed_at_step"] = _ts_query_is_pattern_guaranteed_at_step = wasmExports2["ts_query_is_pattern_guaranteed_at_step"];
    Module["_ts_query_disable_capture"] = _ts_query_disable_capture = wasmExports2["ts_query_disable_capture"];
    Module["_ts_query_disable_pattern"] = _ts_query_disable_pattern = wasmExports2["ts_query_disable_pattern"];
    Module["_ts_tree_copy"] = _ts_tree_copy = wasmExports2["ts_tree_copy"];
    Module["_ts_tree_delete"] = _ts_tree_delete = wasmExports2["ts_tree_delete"];
    Module["_ts_init"] = _ts_init = wasmExports2["ts_init"];
    Module["_ts_parser_new_wasm"] = _ts_parser_new_wasm = wasmExports2["ts_parser_new_wasm"];
    Module["_ts_parser_enable_logger_wasm"] = _ts_parser_enable_logger_wasm = wasmExports2["ts_parser_enable_logger_wasm"];
    Module["_ts_parser_parse_wasm"] = _ts_parser_parse_wasm = wasmExports2["ts_parser_parse_wasm"];
    Module["_ts_parser_included_ranges_wasm"] = _ts_parser_included_ranges_wasm = wasmExports2["ts_parser_included_ranges_wasm"];
    Module["_ts_language_type_is_named_wasm"] = _ts_language_type_is_named_wasm = wasmExports2["ts_language_type_is_named_wasm"];
    Module["_ts_language_type_is_visible_wasm"] = _ts_language_type_is_visible_wasm = wasmExports2["ts_language_type_is_visible_wasm"];
    Module["_ts_language_metadata_wasm"] = _ts_language_metadata_wasm = wasmExports2["ts_language_metadata_wasm"];
    Module["_ts_language_supertypes_wasm"] = _ts_language_supertypes_wasm = wasmExports2["ts_language_supertypes_wasm"];
    Module["_ts_language_subtypes_wasm"] = _ts_language_subtypes_wasm = wasmExports2["ts_language_subtypes_wasm"];
    Module["_ts_tree_root_node_wasm"] = _ts_tree_root_node_wasm = wasmExports2["ts_tree_root_node_wasm"];
    Module["_ts_tree_root_node_with_offset_wasm"] = _ts_tree_root_node_with_offset_wasm = wasmExports2["ts_tree_root_node_with_offset_wasm"];
    Module["_ts_tree_edit_wasm"] = _ts_tree_edit_wasm = wasmExports2["ts_tree_edit_wasm"];
    Module["_ts_tree_included_ranges_wasm"] = _ts_tree_included_ranges_wasm = wasmExports2["ts_tree_included_ranges_wasm"];
    Module["_ts_tree_get_changed_ranges_wasm"] = _ts_tree_get_changed_ranges_wasm = wasmExports2["ts_tree_get_changed_ranges_wasm"];
    Module["_ts_tree_cursor_new_wasm"] = _ts_tree_cursor_new_wasm = wasmExports2["ts_tree_cursor_new_wasm"];
    Module["_ts_tree_cursor_copy_wasm"] = _ts_tree_cursor_copy_wasm = wasmExports2["ts_tree_cursor_copy_wasm"];
    Module["_ts_tree_cursor_delete_wasm"] = _ts_tree_cursor_delete_wasm = wasmExports2["ts_tree_cursor_delete_wasm"];
    Module["_ts_tree_cursor_reset_wasm"] = _ts_tree_cursor_reset_wasm = wasmExports2["ts_tree_cursor_reset_wasm"];
    Module["_ts_tree_cursor_reset_to_wasm"] = _ts_tree_cursor_reset_to_wasm = wasmExports2["ts_tree_cursor_reset_to_wasm"];
    Module["_ts_tree_cursor_goto_first_child_wasm"] = _ts_tree_cursor_goto_first_child_wasm = wasmExports2["ts_tree_cursor_goto_first_child_wasm"];
    Module["_ts_tree_cursor_goto_last_child_wasm"] = _ts_tree_cursor_goto_last_child_wasm = wasmExports2["ts_tree_cursor_goto_last_child_wasm"];
    Module["_ts_tree_cursor_goto_first_child_for_index_wasm"] = _ts_tree_cursor_goto_first_child_for_index_wasm = wasmExports2["ts_tree_cursor_goto_first_child_for_index_wasm"];
    Module["_ts_tree_cursor_goto_first_child_for_position_wasm"] = _ts_tree_cursor_goto_first_child_for_position_wasm = wasmExports2["ts_tree_cursor_goto_first_child_for_position_wasm"];
    Module["_ts_tree_cursor_goto_next_sibling_wasm"] = _ts_tree_cursor_goto_next_sibling_wasm = wasmExports2["ts_tree_cursor_goto_next_sibling_wasm"];
    Module["_ts_tree_cursor_goto_previous_sibling_wasm"] = _ts_tree_cursor_goto_previous_sibling_wasm = wasmExports2["ts_tree_cursor_goto_previous_sibling_wasm"];
    Module["_ts_tree_cursor_goto_descendant_wasm"] = _ts_tree_cursor_goto_descendant_wasm = wasmExports2["ts_tree_cursor_goto_descendant_wasm"];
    Module["_ts_tree_cursor_goto_parent_wasm"] = _ts_tree_cursor_goto_parent_wasm = wasmExports2["ts_tree_cursor_goto_parent_wasm"];
    Module["_ts_tree_cursor_current_node_type_id_wasm"] = _ts_tree_cursor_current_node_type_id_wasm = wasmExports2["ts_tree_cursor_current_node_type_id_wasm"];
    Module["_ts_tree_cursor_current_node_state_id_wasm"] = _ts_tree_cursor_current_node_state_id_wasm = wasmExports2["ts_tree_cursor_current_node_state_id_wasm"];
    Module["_ts_tree_cursor_current_node_is_named_wasm"] = _ts_tree_cursor_current_node_is_named_wasm = wasmExports2["ts_tree_cursor_current_node_is_named_wasm"];
    Module["_ts_tree_cursor_current_node_is_missing_wasm"] = _ts_tree_cursor_current_node_is_missing_wasm = wasmExports2["ts_tree_cursor_current_node_is_missing_wasm"];
    Module["_ts_tree_cursor_current_node_id_wasm"] = _ts_tree_cursor_current_node_id_wasm = wasmExports2["ts_tree_cursor_current_node_id_wasm"];
    Module["_ts_tree_cursor_start_position_wasm"] = _ts_tree_cursor_start_position_wasm = wasmExports2["ts_tree_cursor_start_position_wasm"];
    Module["_ts_tree_cursor_end_position_wasm"] = _ts_tree_cursor_end_position_wasm = wasmExports2["ts_tree_cursor_end_position_wasm"];
    Module["_ts_tree_cursor_start_index_wasm"] = _ts_tree_cursor_start_index_wasm = wasmExports2["ts_tree_cursor_start_index_wasm"];
    Module["_ts_tree_cursor_end_index_wasm"] = _ts_tree_cursor_end_index_wasm = wasmExports2["ts_tree_cursor_end_index_wasm"];
    Module["_ts_tree_cursor_current_field_id_wasm"] = _ts_tree_cursor_current_field_id_wasm = wasmExports2["ts_tree_cursor_current_field_id_wasm"];
    Module["_ts_tree_cursor_current_depth_wasm"] = _ts_tree_cursor_current_depth_wasm = wasmExports2["ts_tree_cursor_current_depth_wasm"];
    Module["_ts_tree_cursor_current_descendant_index_wasm"] = _ts_tree_cursor_current_descendant_index_wasm = wasmExports2["ts_tree_cursor_current_descendant_index_wasm"];
    Module["_ts_tree_cursor_current_node_wasm"] = _ts_tree_cursor_current_node_wasm = wasmExports2["ts_tree_cursor_current_node_wasm"];
    Module["_ts_node_symbol_wasm"] = _ts_node_symbol_wasm = wasmExports2["ts_node_symbol_wasm"];
    Module["_ts_node_field_name_for_child_wasm"] = _ts_node_field_name_for_child_wasm = wasmExports2["ts_node_field_name_for_child_wasm"];
    Module["_ts_node_field_name_for_named_child_wasm"] = _ts_node_field_name_for_named_child_wasm = wasmExports2["ts_node_field_name_for_named_child_wasm"];
    Module["_ts_node_children_by_field_id_wasm"] = _ts_node_children_by_field_id_wasm = wasmExports2["ts_node_children_by_field_id_wasm"];
    Module["_ts_node_first_child_for_byte_wasm"] = _ts_node_first_child_for_byte_wasm = wasmExports2["ts_node_first_child_for_byte_wasm"];
    Module["_ts_node_first_named_child_for_byte_wasm"] = _ts_node_first_named_child_for_byte_wasm = wasmExports2["ts_node_first_named_child_for_byte_wasm"];
    Module["_ts_node_grammar_symbol_wasm"] = _ts_node_grammar_symbol_wasm = wasmExports2["ts_node_grammar_symbol_wasm"];
    Module["_ts_node_child_count_wasm"] = _ts_node_child_count_wasm = wasmExports2["ts_node_child_count_wasm"];
    Module["_ts_node_named_child_count_wasm"] = _ts_node_named_child_count_wasm = wasmExports2["ts_node_named_child_count_wasm"];
    Module["_ts_node_child_wasm"] = _ts_node_child_wasm = wasmExports2["ts_node_child_wasm"];
    Module["_ts_node_named_child_wasm"] = _ts_node_named_child_wasm = wasmExports2["ts_node_named_child_wasm"];
    Module["_ts_node_child_by_field_id_wasm"] = _ts_node_child_by_field_id_wasm = wasmExports2["ts_node_child_by_field_id_wasm"];
    Module["_ts_node_next_sibling_wasm"] = _ts_node_next_sibling_wasm = wasmExports2["ts_node_next_sibling_wasm"];
    Module["_ts_node_prev_sibling_wasm"] = _ts_node_prev_sibling_wasm = wasmExports2["ts_node_prev_sibling_wasm"];
    Module["_ts_node_next_named_sibling_wasm"] = _ts_node_next_named_sibling_wasm = wasmExports2["ts_node_next_named_sibling_wasm"];
    Module["_ts_node_prev_named_sibling_wasm"] = _ts_node_prev_named_sibling_wasm = wasmExports2["ts_node_prev_named_sibling_wasm"];
    Module["_ts_node_descendant_count_wasm"] = _ts_node_descendant_count_wasm = wasmExports2["ts_node_descendant_count_wasm"];
    Module["_ts_node_parent_wasm"] = _ts_node_parent_wasm = wasmExports2["ts_node_parent_wasm"];
    Module["_ts_node_child_with_descendant_wasm"] = _ts_node_child_with_descendant_wasm = wasmExports2["ts_node_child_with_descendant_wasm"];
    Module["_ts_node_descendant_for_index_wasm"] = _ts_node_descendant_for_index_wasm = wasmExports2["ts_node_descendant_for_index_wasm"];
    Module["_ts_node_named_descendant_for_index_wasm"] = _ts_node_named_descendant_for_index_wasm = wasmExports2["ts_node_named_descendant_for_index_wasm"];
    Module["_ts_node_descendant_for_position_wasm"] = _ts_node_descendant_for_position_wasm = wasmExports2["ts_node_descendant_for_position_wasm"];
    Module["_ts_node_named_descendant_for_position_wasm"] = _ts_node_named_descendant_for_position_wasm = wasmExports2["ts_node_named_descendant_for_position_wasm"];
    Module["_ts_node_start_point_wasm"] = _ts_node_start_point_wasm = wasmExports2["ts_node_start_point_wasm"];
    Module["_ts_node_end_point_wasm"] = _ts_node_end_point_wasm = wasmExports2["ts_node_end_point_wasm"];
    Module["_ts_node_start_index_wasm"] = _ts_node_start_index_wasm = wasmExports2["ts_node_start_index_wasm"];
    Module["_ts_node_end_index_wasm"] = _ts_node_end_index_wasm = wasmExports2["ts_node_end_index_wasm"];
    Module["_ts_node_to_string_wasm"] = _ts_node_to_string_wasm = wasmExports2["ts_node_to_string_wasm"];
    Module["_ts_node_children_wasm"] = _ts_node_children_wasm = wasmExports2["ts_node_children_wasm"];
    Module["_ts_node_named_children_wasm"] = _ts_node_named_children_wasm = wasmExports2["ts_node_named_children_wasm"];
    Module["_ts_node_descendants_of_type_wasm"] = _ts_node_descendants_of_type_wasm = wasmExports2["ts_node_descendants_of_type_wasm"];
    Module["_ts_node_is_named_wasm"] = _ts_node_is_named_wasm = wasmExports2["ts_node_is_named_wasm"];
    Module["_ts_node_has_changes_wasm"] = _ts_node_has_changes_wasm = wasmExports2["ts_node_has_changes_wasm"];
    Module["_ts_node_has_error_wasm"] = _ts_node_has_error_wasm = wasmExports2["ts_node_has_error_wasm"];
    Module["_ts_node_is_error_wasm"] = _ts_node_is_error_wasm = wasmExports2["ts_node_is_error_wasm"];
    Module["_ts_node_is_missing_wasm"] = _ts_node_is_missing_wasm = wasmExports2["ts_node_is_missing_wasm"];
    Module["_ts_node_is_extra_wasm"] = _ts_node_is_extra_wasm = wasmExports2["ts_node_is_extra_wasm"];
    Module["_ts_node_parse_state_wasm"] = _ts_node_parse_state_wasm = wasmExports2["ts_node_parse_state_wasm"];
    Module["_ts_node_next_parse_state_wasm"] = _ts_node_next_parse_state_wasm = wasmExports2["ts_node_next_parse_state_wasm"];
    Module["_ts_query_matches_wasm"] = _ts_query_matches_wasm = wasmExports2["ts_query_matches_wasm"];
    Module["_ts_query_captures_wasm"] = _ts_query_captures_wasm = wasmExports2["ts_query_captures_wasm"];
    Module["_memset"] = _memset = wasmExports2["memset"];
    Module["_memcpy"] = _memcpy = wasmExports2["memcpy"];
    Module["_memmove"] = _memmove = wasmExports2["memmove"];
    Module["_iswalpha"] = _iswalpha = wasmExports2["iswalpha"];
    Module["_iswblank"] = _iswblank = wasmExports2["iswblank"];
    Module["_iswdigit"] = _iswdigit = wasmExports2["iswdigit"];
    Module["_iswlower"] = _iswlower = wasmExports2["iswlower"];
    Module["_iswpunct"] = _iswpunct = wasmExports2["iswpunct"];
    Module["_iswupper"] = _iswupper = wasmExports2["iswupper"];
    Module["_iswxdigit"] = _iswxdigit = wasmExports2["iswxdigit"];
    Module["_memchr"] = _memchr = wasmExports2["memchr"];
    Module["_strcmp"] = _strcmp = wasmExports2["strcmp"];
    Module["_strncat"] = _strncat = wasmExports2["strncat"];
    Module["_strncpy"] = _strncpy = wasmExports2["strncpy"];
    Module["_towlower"] = _towlower = wasmExports2["towlower"];
    Module["_towupper"] = _towupper = wasmExports2["towupper"];
    _setThrew = wasmExports2["setThrew"];
    __emscripten_stack_restore = wasmExports2["_emscripten_stack_restore"];
    __emscripten_stack_alloc = wasmExports2["_emscripten_stack_alloc"];
    _emscripten_stack_get_current = wasmExports2["emscripten_stack_get_current"];
    ___wasm_apply_data_relocs = wasmExports2["__wasm_apply_data_relocs"];
  }
  __name(assignWasmExports, "assignWasmExports");
  var wasmImports = {
    /** @export */
    __heap_base: ___heap_base,
    /** @export */
    __indirect_function_table: wasmTable,
    /** @export */
    __memory_base: ___memory_base,
    /** @export */
    __stack_high: ___stack_high,
    /** @export */
    __stack_low: ___stack_low,
    /** @export */
    __stack_pointer: ___stack_pointer,
    /** @export */
    __table_base: ___table_base,
    /** @export */
    _abort_js: __abort_js,
    /** @export */
    emscripten_resize_heap: _emscripten_resize_heap,
    /** @export */
    fd_close: _fd_close,
    /** @export */
    fd_seek: _fd_seek,
    /** @export */
    fd_write: _fd_write,
    /** @export */
    memory: wasmMemory,
    /** @export */
    tree_sitter_log_callback: _tree_sitter_log_callback,
    /** @export */
    tree_sitter_parse_callback: _tree_sitter_parse_callback,
    /** @export */
    tree_sitter_progress_callback: _tree_sitter_progress_callback,
    /** @export */
    tree_sitter_query_progress_callback: _tree_sitter_query_progress_callback
  };
  function callMain(args2 = []) {
    var entryFunction = resolveGlobalSymbol("main").sym;
    if (!entryFunction) return;
    args2.unshift(thisProgram);
    var argc = args2.length;
    var argv = stackAlloc((argc + 1) * 4);
    var argv_ptr = argv;
    args2.forEach((arg) => {
      LE_HEAP_STORE_U32((argv_ptr >> 2) * 4, stringToUTF8OnStack(arg));
      argv_ptr += 4;
    });
    LE_HEAP_STORE_U32((argv_ptr >> 2) * 4, 0);
    try {
      var ret = entryFunction(argc, argv);
      exitJS(
        ret,
        /* implicit = */
        true
      );
      return ret;
    } catch (e) {
      return handleException(e);
    }
  }
  __name(callMain, "callMain");
  function run(args2 = arguments_) {
    if (runDependencies > 0) {
      dependenciesFulfilled = run;
      return;
    }
    preRun();
    if (runDependencies > 0) {
      dependenciesFulfilled = run;
      return;
    }
    function doRun() {
      Module["calledRun"] = true;
      if (ABORT) return;
      initRuntime();
      preMain();
      readyPromiseResolve?.(Module);
      Module["onRuntimeInitialized"]?.();
      var noInitialRun = Module["noInitialRun"] || false;
      if (!noInitialRun) callMain(args2);
      postRun();
    }
    __name(doRun, "doRun");
    if (Module["setStatus"]) {
      Module["setStatus"]("Running...");
      setTimeout(() => {
        setTimeout(() => Module["setStatus"](""), 1);
        doRun();
      }, 1);
    } else {
      doRun();
    }
  }
  __name(run, "run");
  var wasmExports;
  wasmExports = await createWasm();
  run();
  if (runtimeInitialized) {
    moduleRtn = Module;
  } else {
    moduleRtn = new Promise((resolve7, reject) => {
      readyPromiseResolve = resolve7;
      readyPromiseReject = reject;
    });
  }
  return moduleRtn;
}
async function initializeBinding(moduleOptions) {
  return Module3 ??= await web_tree_sitter_default(moduleOptions);
}
function checkModule() {
  return !!Module3;
}
function parseAnyPredicate(steps, index, operator, textPredicates) {
  if (steps.length !== 3) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected 2, got ${steps.length - 1}`
    );
  }
  if (!isCaptureStep(steps[1])) {
    throw new Error(
      `First argument of \`#${operator}\` predicate must be a capture. Got "${steps[1].value}"`
    );
  }
  const isPositive = operator === "eq?" || operator === "any-eq?";
  const matchAll = !operator.startsWith("any-");
  if (isCaptureStep(steps[2])) {
    const captureName1 = steps[1].name;
    const captureName2 = steps[2].name;
    textPredicates[index].push((captures) => {
      const nodes1 = [];
      const nodes2 = [];
      for (const c of captures) {
        if (c.name === captureName1) nodes1.push(c.node);
        if (c.name === captureName2) nodes2.push(c.node);
      }
      const compare = /* @__PURE__ */ __name((n1, n2, positive2) => {
        return positive2 ? n1.text === n2.text : n1.text !== n2.text;
      }, "compare");
      return matchAll ? nodes1.every((n1) => nodes2.some((n2) => compare(n1, n2, isPositive))) : nodes1.some((n1) => nodes2.some((n2) => compare(n1, n2, isPositive)));
    });
  } else {
    const captureName = steps[1].name;
    const stringValue = steps[2].value;
    const matches = /* @__PURE__ */ __name((n) => n.text === stringValue, "matches");
    const doesNotMatch = /* @__PURE__ */ __name((n) => n.text !== stringValue, "doesNotMatch");
    textPredicates[index].push((captures) => {
      const nodes = [];
      for (const c of captures) {
        if (c.name === captureName) nodes.push(c.node);
      }
      const test = isPositive ? matches : doesNotMatch;
      return matchAll ? nodes.every(test) : nodes.some(test);
    });
  }
}
function parseMatchPredicate(steps, index, operator, textPredicates) {
  if (steps.length !== 3) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected 2, got ${steps.length - 1}.`
    );
  }
  if (steps[1].type !== "capture") {
    throw new Error(
      `First argument of \`#${operator}\` predicate must be a capture. Got "${steps[1].value}".`
    );
  }
  if (steps[2].type !== "string") {
    throw new Error(
      `Second argument of \`#${operator}\` predicate must be a string. Got @${steps[2].name}.`
    );
  }
  const isPositive = operator === "match?" || operator === "any-match?";
  const matchAll = !operator.startsWith("any-");
  const captureName = steps[1].name;
  const regex = new RegExp(steps[2].value);
  textPredicates[index].push((captures) => {
    const nodes = [];
    for (const c of captures) {
      if (c.name === captureName) nodes.push(c.node.text);
    }
    const test = /* @__PURE__ */ __name((text, positive2) => {
      return positive2 ? regex.test(text) : !regex.test(text);
    }, "test");
    if (nodes.length === 0) return !isPositive;
    return matchAll ? nodes.every((text) => test(text, isPositive)) : nodes.some((text) => test(text, isPositive));
  });
}
function parseAnyOfPredicate(steps, index, operator, textPredicates) {
  if (steps.length < 2) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected at least 1. Got ${steps.length - 1}.`
    );
  }
  if (steps[1].type !== "capture") {
    throw new Error(
      `First argument of \`#${operator}\` predicate must be a capture. Got "${steps[1].value}".`
    );
  }
  const isPositive = operator === "any-of?";
  const captureName = steps[1].name;
  const stringSteps = steps.slice(2);
  if (!stringSteps.every(isStringStep)) {
    throw new Error(
      `Arguments to \`#${operator}\` predicate must be strings.".`
    );
  }
  const values = stringSteps.map((s) => s.value);
  textPredicates[index].push((captures) => {
    const nodes = [];
    for (const c of captures) {
      if (c.name === captureName) nodes.push(c.node.text);
    }
    if (nodes.length === 0) return !isPositive;
    return nodes.every((text) => values.includes(text)) === isPositive;
  });
}
function parseIsPredicate(steps, index, operator, assertedProperties, refutedProperties) {
  if (steps.length < 2 || steps.length > 3) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected 1 or 2. Got ${steps.length - 1}.`
    );
  }
  if (!steps.every(isStringStep)) {
    throw new Error(
      `Arguments to \`#${operator}\` predicate must be strings.".`
    );
  }
  const properties = operator === "is?" ? assertedProperties : refutedProperties;
  if (!properties[index]) properties[index] = {};
  properties[index][steps[1].value] = steps[2]?.value ?? null;
}
function parseSetDirective(steps, index, setProperties) {
  if (steps.length < 2 || steps.length > 3) {
    throw new Error(`Wrong number of arguments to \`#set!\` predicate. Expected 1 or 2. Got ${steps.length - 1}.`);
  }
  if (!steps.every(isStringStep)) {
    throw new Error(`Arguments to \`#set!\` predicate must be strings.".`);
  }
  if (!setProperties[index]) setProperties[index] = {};
  setProperties[index][steps[1].value] = steps[2]?.value ?? null;
}
function parsePattern(index, stepType, stepValueId, captureNames, stringValues, steps, textPredicates, predicates, setProperties, assertedProperties, refutedProperties) {
  if (stepType === PREDICATE_STEP_TYPE_CAPTURE) {
    const name2 = captureNames[stepValueId];
    steps.push({ type: "capture", name: name2 });
  } else if (stepType === PREDICATE_STEP_TYPE_STRING) {
    steps.push({ type: "string", value: stringValues[stepValueId] });
  } else if (steps.length > 0) {
    if (steps[0].type !== "string") {
      throw new Error("Predicates must begin with a literal value");
    }
    const operator = steps[0].value;
    switch (operator) {
      case "any-not-eq?":
      case "not-eq?":
      case "any-eq?":
      case "eq?":
        parseAnyPredicate(steps, index, operator, textPredicates);
        break;
      case "any-not-match?":
      case "not-match?":
      case "any-match?":
      case "match?":
        parseMatchPredicate(steps, index, operator, textPredicates);
        break;
      case "not-any-of?":
      case "any-of?":
        parseAnyOfPredicate(steps, index, operator, textPredicates);
        break;
      case "is?":
      case "is-not?":
        parseIsPredicate(steps, index, operator, assertedProperties, refutedProperties);
        break;
      case "set!":
        parseSetDirective(steps, index, setProperties);
        break;
      default:
        predicates[index].push({ operator, operands: steps.slice(1) });
    }
    steps.length = 0;
  }
}
function indexForByteOffset(source, byteOffset) {
  return new TextEncoder().encodeInto(source, new Uint8Array(byteOffset)).read;
}
var __defProp2, __name, Edit, SIZE_OF_SHORT, SIZE_OF_INT, SIZE_OF_CURSOR, SIZE_OF_NODE, SIZE_OF_POINT, SIZE_OF_RANGE, ZERO_POINT, INTERNAL, C, finalizer, LookaheadIterator, finalizer2, Tree, finalizer3, TreeCursor, Node2, LANGUAGE_FUNCTION_REGEX, Language, web_tree_sitter_default, Module3, TRANSFER_BUFFER, LANGUAGE_VERSION, MIN_COMPATIBLE_VERSION, finalizer4, Parser, PREDICATE_STEP_TYPE_CAPTURE, PREDICATE_STEP_TYPE_STRING, QUERY_WORD_REGEX, CaptureQuantifier, isCaptureStep, isStringStep, QueryErrorKind, QueryError, finalizer5, Query;
var init_web_tree_sitter = __esm({
  "node_modules/web-tree-sitter/web-tree-sitter.js"() {
    "use strict";
    __defProp2 = Object.defineProperty;
    __name = (target, value) => __defProp2(target, "name", { value, configurable: true });
    Edit = class {
      static {
        __name(this, "Edit");
      }
      /** The start position of the change. */
      startPosition;
      /** The end position of the change before the edit. */
      oldEndPosition;
      /** The end position of the change after the edit. */
      newEndPosition;
      /** The start index of the change. */
      startIndex;
      /** The end index of the change before the edit. */
      oldEndIndex;
      /** The end index of the change after the edit. */
      newEndIndex;
      constructor({
        startIndex,
        oldEndIndex,
        newEndIndex,
        startPosition,
        oldEndPosition,
        newEndPosition
      }) {
        this.startIndex = startIndex >>> 0;
        this.oldEndIndex = oldEndIndex >>> 0;
        this.newEndIndex = newEndIndex >>> 0;
        this.startPosition = startPosition;
        this.oldEndPosition = oldEndPosition;
        this.newEndPosition = newEndPosition;
      }
      /**
       * Edit a point and index to keep it in-sync with source code that has been edited.
       *
       * This function updates a single point's byte offset and row/column position
       * based on an edit operation. This is useful for editing points without
       * requiring a tree or node instance.
       */
      editPoint(point, index) {
        let newIndex = index;
        const newPoint = { ...point };
        if (index >= this.oldEndIndex) {
          newIndex = this.newEndIndex + (index - this.oldEndIndex);
          const originalRow = point.row;
          newPoint.row = this.newEndPosition.row + (point.row - this.oldEndPosition.row);
          newPoint.column = originalRow === this.oldEndPosition.row ? this.newEndPosition.column + (point.column - this.oldEndPosition.column) : point.column;
        } else if (index > this.startIndex) {
          newIndex = this.newEndIndex;
          newPoint.row = this.newEndPosition.row;
          newPoint.column = this.newEndPosition.column;
        }
        return { point: newPoint, index: newIndex };
      }
      /**
       * Edit a range to keep it in-sync with source code that has been edited.
       *
       * This function updates a range's start and end positions based on an edit
       * operation. This is useful for editing ranges without requiring a tree
       * or node instance.
       */
      editRange(range) {
        const newRange = {
          startIndex: range.startIndex,
          startPosition: { ...range.startPosition },
          endIndex: range.endIndex,
          endPosition: { ...range.endPosition }
        };
        if (range.endIndex >= this.oldEndIndex) {
          if (range.endIndex !== Number.MAX_SAFE_INTEGER) {
            newRange.endIndex = this.newEndIndex + (range.endIndex - this.oldEndIndex);
            newRange.endPosition = {
              row: this.newEndPosition.row + (range.endPosition.row - this.oldEndPosition.row),
              column: range.endPosition.row === this.oldEndPosition.row ? this.newEndPosition.column + (range.endPosition.column - this.oldEndPosition.column) : range.endPosition.column
            };
            if (newRange.endIndex < this.newEndIndex) {
              newRange.endIndex = Number.MAX_SAFE_INTEGER;
              newRange.endPosition = { row: Number.MAX_SAFE_INTEGER, column: Number.MAX_SAFE_INTEGER };
            }
          }
        } else if (range.endIndex > this.startIndex) {
          newRange.endIndex = this.startIndex;
          newRange.endPosition = { ...this.startPosition };
        }
        if (range.startIndex >= this.oldEndIndex) {
          newRange.startIndex = this.newEndIndex + (range.startIndex - this.oldEndIndex);
          newRange.startPosition = {
            row: this.newEndPosition.row + (range.startPosition.row - this.oldEndPosition.row),
            column: range.startPosition.row === this.oldEndPosition.row ? this.newEndPosition.column + (range.startPosition.column - this.oldEndPosition.column) : range.startPosition.column
          };
          if (newRange.startIndex < this.newEndIndex) {
            newRange.startIndex = Number.MAX_SAFE_INTEGER;
            newRange.startPosition = { row: Number.MAX_SAFE_INTEGER, column: Number.MAX_SAFE_INTEGER };
          }
        } else if (range.startIndex > this.startIndex) {
          newRange.startIndex = this.startIndex;
          newRange.startPosition = { ...this.startPosition };
        }
        return newRange;
      }
    };
    SIZE_OF_SHORT = 2;
    SIZE_OF_INT = 4;
    SIZE_OF_CURSOR = 4 * SIZE_OF_INT;
    SIZE_OF_NODE = 5 * SIZE_OF_INT;
    SIZE_OF_POINT = 2 * SIZE_OF_INT;
    SIZE_OF_RANGE = 2 * SIZE_OF_INT + 2 * SIZE_OF_POINT;
    ZERO_POINT = { row: 0, column: 0 };
    INTERNAL = /* @__PURE__ */ Symbol("INTERNAL");
    __name(assertInternal, "assertInternal");
    __name(isPoint, "isPoint");
    __name(setModule, "setModule");
    __name(newFinalizer, "newFinalizer");
    finalizer = newFinalizer((address) => {
      C._ts_lookahead_iterator_delete(address);
    });
    LookaheadIterator = class {
      static {
        __name(this, "LookaheadIterator");
      }
      /** @internal */
      [0] = 0;
      // Internal handle for Wasm
      /** @internal */
      language;
      /** @internal */
      positioned = false;
      /** @internal */
      constructor(internal, address, language) {
        assertInternal(internal);
        this[0] = address;
        this.language = language;
        finalizer?.register(this, address, this);
      }
      /**
       * Get the current symbol of the lookahead iterator.
       *
       * Returns `null` if the iterator is not positioned on a symbol:
       *
       * - Before the first iteration step
       * - After the iterator is exhausted
       * - After a {@link reset} or {@link resetState} call
       */
      get currentTypeId() {
        return this.positioned ? C._ts_lookahead_iterator_current_symbol(this[0]) : null;
      }
      /**
       * Get the current symbol name of the lookahead iterator.
       *
       * Returns `null` if the iterator is not positioned on a symbol.
       */
      get currentType() {
        const id = this.currentTypeId;
        if (id === null) return null;
        return this.language.types[id] ?? C.UTF8ToString(C._ts_language_symbol_name(this.language[0], id));
      }
      /** Delete the lookahead iterator, freeing its resources. */
      delete() {
        finalizer?.unregister(this);
        C._ts_lookahead_iterator_delete(this[0]);
        this[0] = 0;
      }
      /**
       * Reset the lookahead iterator.
       *
       * This returns `true` if the language was set successfully and `false`
       * otherwise.
       */
      reset(language, stateId) {
        if (C._ts_lookahead_iterator_reset(this[0], language[0], stateId)) {
          this.language = language;
          this.positioned = false;
          return true;
        }
        return false;
      }
      /**
       * Reset the lookahead iterator to another state.
       *
       * This returns `true` if the iterator was reset to the given state and
       * `false` otherwise.
       */
      resetState(stateId) {
        if (!C._ts_lookahead_iterator_reset_state(this[0], stateId)) return false;
        this.positioned = false;
        return true;
      }
      /**
       * Returns an iterator that iterates over the symbols of the lookahead iterator.
       *
       * The iterator will yield the current symbol name as a string for each step
       * until there are no more symbols to iterate over.
       */
      [Symbol.iterator]() {
        return {
          next: /* @__PURE__ */ __name(() => {
            this.positioned = Boolean(C._ts_lookahead_iterator_next(this[0]));
            const value = this.currentType;
            return value === null ? { done: true, value: "" } : { done: false, value };
          }, "next")
        };
      }
    };
    __name(getText, "getText");
    finalizer2 = newFinalizer((address) => {
      C._ts_tree_delete(address);
    });
    Tree = class _Tree {
      static {
        __name(this, "Tree");
      }
      /** @internal */
      [0] = 0;
      // Internal handle for Wasm
      /** @internal */
      textCallback;
      /** The language that was used to parse the syntax tree. */
      language;
      /** @internal */
      constructor(internal, address, language, textCallback) {
        assertInternal(internal);
        this[0] = address;
        this.language = language;
        this.textCallback = textCallback;
        finalizer2?.register(this, address, this);
      }
      /** Create a shallow copy of the syntax tree. This is very fast. */
      copy() {
        const address = C._ts_tree_copy(this[0]);
        return new _Tree(INTERNAL, address, this.language, this.textCallback);
      }
      /** Delete the syntax tree, freeing its resources. */
      delete() {
        finalizer2?.unregister(this);
        C._ts_tree_delete(this[0]);
        this[0] = 0;
      }
      /** Get the root node of the syntax tree. */
      get rootNode() {
        C._ts_tree_root_node_wasm(this[0]);
        return unmarshalNode(this);
      }
      /**
       * Get the root node of the syntax tree, but with its position shifted
       * forward by the given offset.
       */
      rootNodeWithOffset(offsetBytes, offsetExtent) {
        const address = TRANSFER_BUFFER + SIZE_OF_NODE;
        C.setValue(address, offsetBytes, "i32");
        marshalPoint(address + SIZE_OF_INT, offsetExtent);
        C._ts_tree_root_node_with_offset_wasm(this[0]);
        return unmarshalNode(this);
      }
      /**
       * Edit the syntax tree to keep it in sync with source code that has been
       * edited.
       *
       * You must describe the edit both in terms of byte offsets and in terms of
       * row/column coordinates.
       */
      edit(edit) {
        marshalEdit(edit);
        C._ts_tree_edit_wasm(this[0]);
      }
      /** Create a new {@link TreeCursor} starting from the root of the tree. */
      walk() {
        return this.rootNode.walk();
      }
      /**
       * Compare this old edited syntax tree to a new syntax tree representing
       * the same document, returning a sequence of ranges whose syntactic
       * structure has changed.
       *
       * For this to work correctly, this syntax tree must have been edited such
       * that its ranges match up to the new tree. Generally, you'll want to
       * call this method right after calling one of the [`Parser::parse`]
       * functions. Call it on the old tree that was passed to parse, and
       * pass the new tree that was returned from `parse`.
       */
      getChangedRanges(other) {
        if (!(other instanceof _Tree)) {
          throw new TypeError("Argument must be a Tree");
        }
        C._ts_tree_get_changed_ranges_wasm(this[0], other[0]);
        const count = C.getValue(TRANSFER_BUFFER, "i32");
        const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
        const result = new Array(count);
        if (count > 0) {
          let address = buffer;
          for (let i2 = 0; i2 < count; i2++) {
            result[i2] = unmarshalRange(address);
            address += SIZE_OF_RANGE;
          }
          C._free(buffer);
        }
        return result;
      }
      /** Get the included ranges that were used to parse the syntax tree. */
      getIncludedRanges() {
        C._ts_tree_included_ranges_wasm(this[0]);
        const count = C.getValue(TRANSFER_BUFFER, "i32");
        const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
        const result = new Array(count);
        if (count > 0) {
          let address = buffer;
          for (let i2 = 0; i2 < count; i2++) {
            result[i2] = unmarshalRange(address);
            address += SIZE_OF_RANGE;
          }
          C._free(buffer);
        }
        return result;
      }
    };
    finalizer3 = newFinalizer((handles) => {
      marshalTreeCursor({ handles });
      C._ts_tree_cursor_delete_wasm(0);
    });
    TreeCursor = class _TreeCursor {
      static {
        __name(this, "TreeCursor");
      }
      /** @internal */
      handles = [0, 0, 0, 0];
      // Internal handles for Wasm, shared with the finalizer.
      /** @internal */
      tree;
      /** @internal */
      constructor(internal, tree) {
        assertInternal(internal);
        this.tree = tree;
        unmarshalTreeCursor(this);
        finalizer3?.register(this, this.handles, this);
      }
      /** Creates a deep copy of the tree cursor. This allocates new memory. */
      copy() {
        marshalTreeCursor(this);
        C._ts_tree_cursor_copy_wasm(this.tree[0]);
        return new _TreeCursor(INTERNAL, this.tree);
      }
      /** Delete the tree cursor, freeing its resources. */
      delete() {
        finalizer3?.unregister(this);
        marshalTreeCursor(this);
        C._ts_tree_cursor_delete_wasm(this.tree[0]);
        this.handles.fill(0);
      }
      /** Get the tree cursor's current {@link Node}. */
      get currentNode() {
        marshalTreeCursor(this);
        C._ts_tree_cursor_current_node_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /**
       * Get the numerical field id of this tree cursor's current node.
       *
       * See also {@link TreeCursor#currentFieldName}.
       */
      get currentFieldId() {
        marshalTreeCursor(this);
        return C._ts_tree_cursor_current_field_id_wasm(this.tree[0]);
      }
      /** Get the field name of this tree cursor's current node. */
      get currentFieldName() {
        return this.tree.language.fields[this.currentFieldId];
      }
      /**
       * Get the depth of the cursor's current node relative to the original
       * node that the cursor was constructed with.
       */
      get currentDepth() {
        marshalTreeCursor(this);
        return C._ts_tree_cursor_current_depth_wasm(this.tree[0]);
      }
      /**
       * Get the index of the cursor's current node out of all of the
       * descendants of the original node that the cursor was constructed with.
       */
      get currentDescendantIndex() {
        marshalTreeCursor(this);
        return C._ts_tree_cursor_current_descendant_index_wasm(this.tree[0]);
      }
      /** Get the type of the cursor's current node. */
      get nodeType() {
        return this.tree.language.types[this.nodeTypeId] || "ERROR";
      }
      /** Get the type id of the cursor's current node. */
      get nodeTypeId() {
        marshalTreeCursor(this);
        return C._ts_tree_cursor_current_node_type_id_wasm(this.tree[0]);
      }
      /** Get the state id of the cursor's current node. */
      get nodeStateId() {
        marshalTreeCursor(this);
        return C._ts_tree_cursor_current_node_state_id_wasm(this.tree[0]);
      }
      /** Get the id of the cursor's current node. */
      get nodeId() {
        marshalTreeCursor(this);
        return C._ts_tree_cursor_current_node_id_wasm(this.tree[0]);
      }
      /**
       * Check if the cursor's current node is *named*.
       *
       * Named nodes correspond to named rules in the grammar, whereas
       * *anonymous* nodes correspond to string literals in the grammar.
       */
      get nodeIsNamed() {
        marshalTreeCursor(this);
        return C._ts_tree_cursor_current_node_is_named_wasm(this.tree[0]) === 1;
      }
      /**
       * Check if the cursor's current node is *missing*.
       *
       * Missing nodes are inserted by the parser in order to recover from
       * certain kinds of syntax errors.
       */
      get nodeIsMissing() {
        marshalTreeCursor(this);
        return C._ts_tree_cursor_current_node_is_missing_wasm(this.tree[0]) === 1;
      }
      /** Get the string content of the cursor's current node. */
      get nodeText() {
        marshalTreeCursor(this);
        const startIndex = C._ts_tree_cursor_start_index_wasm(this.tree[0]);
        const endIndex = C._ts_tree_cursor_end_index_wasm(this.tree[0]);
        C._ts_tree_cursor_start_position_wasm(this.tree[0]);
        const startPosition = unmarshalPoint(TRANSFER_BUFFER);
        return getText(this.tree, startIndex, endIndex, startPosition);
      }
      /** Get the start position of the cursor's current node. */
      get startPosition() {
        marshalTreeCursor(this);
        C._ts_tree_cursor_start_position_wasm(this.tree[0]);
        return unmarshalPoint(TRANSFER_BUFFER);
      }
      /** Get the end position of the cursor's current node. */
      get endPosition() {
        marshalTreeCursor(this);
        C._ts_tree_cursor_end_position_wasm(this.tree[0]);
        return unmarshalPoint(TRANSFER_BUFFER);
      }
      /** Get the start index of the cursor's current node. */
      get startIndex() {
        marshalTreeCursor(this);
        return C._ts_tree_cursor_start_index_wasm(this.tree[0]);
      }
      /** Get the end index of the cursor's current node. */
      get endIndex() {
        marshalTreeCursor(this);
        return C._ts_tree_cursor_end_index_wasm(this.tree[0]);
      }
      /**
       * Move this cursor to the first child of its current node.
       *
       * This returns `true` if the cursor successfully moved, and returns
       * `false` if there were no children.
       */
      gotoFirstChild() {
        marshalTreeCursor(this);
        const result = C._ts_tree_cursor_goto_first_child_wasm(this.tree[0]);
        unmarshalTreeCursor(this);
        return result === 1;
      }
      /**
       * Move this cursor to the last child of its current node.
       *
       * This returns `true` if the cursor successfully moved, and returns
       * `false` if there were no children.
       *
       * Note that this function may be slower than
       * {@link TreeCursor#gotoFirstChild} because it needs to
       * iterate through all the children to compute the child's position.
       */
      gotoLastChild() {
        marshalTreeCursor(this);
        const result = C._ts_tree_cursor_goto_last_child_wasm(this.tree[0]);
        unmarshalTreeCursor(this);
        return result === 1;
      }
      /**
       * Move this cursor to the parent of its current node.
       *
       * This returns `true` if the cursor successfully moved, and returns
       * `false` if there was no parent node (the cursor was already on the
       * root node).
       *
       * Note that the node the cursor was constructed with is considered the root
       * of the cursor, and the cursor cannot walk outside this node.
       */
      gotoParent() {
        marshalTreeCursor(this);
        const result = C._ts_tree_cursor_goto_parent_wasm(this.tree[0]);
        unmarshalTreeCursor(this);
        return result === 1;
      }
      /**
       * Move this cursor to the next sibling of its current node.
       *
       * This returns `true` if the cursor successfully moved, and returns
       * `false` if there was no next sibling node.
       *
       * Note that the node the cursor was constructed with is considered the root
       * of the cursor, and the cursor cannot walk outside this node.
       */
      gotoNextSibling() {
        marshalTreeCursor(this);
        const result = C._ts_tree_cursor_goto_next_sibling_wasm(this.tree[0]);
        unmarshalTreeCursor(this);
        return result === 1;
      }
      /**
       * Move this cursor to the previous sibling of its current node.
       *
       * This returns `true` if the cursor successfully moved, and returns
       * `false` if there was no previous sibling node.
       *
       * Note that this function may be slower than
       * {@link TreeCursor#gotoNextSibling} due to how node
       * positions are stored. In the worst case, this will need to iterate
       * through all the children up to the previous sibling node to recalculate
       * its position. Also note that the node the cursor was constructed with is
       * considered the root of the cursor, and the cursor cannot walk outside this node.
       */
      gotoPreviousSibling() {
        marshalTreeCursor(this);
        const result = C._ts_tree_cursor_goto_previous_sibling_wasm(this.tree[0]);
        unmarshalTreeCursor(this);
        return result === 1;
      }
      /**
       * Move the cursor to the node that is the nth descendant of
       * the original node that the cursor was constructed with, where
       * zero represents the original node itself.
       */
      gotoDescendant(goalDescendantIndex) {
        marshalTreeCursor(this);
        C._ts_tree_cursor_goto_descendant_wasm(this.tree[0], goalDescendantIndex);
        unmarshalTreeCursor(this);
      }
      /**
       * Move this cursor to the first child of its current node that contains or
       * starts after the given byte offset.
       *
       * This returns `true` if the cursor successfully moved to a child node, and returns
       * `false` if no such child was found.
       */
      gotoFirstChildForIndex(goalIndex) {
        marshalTreeCursor(this);
        C.setValue(TRANSFER_BUFFER + SIZE_OF_CURSOR, goalIndex, "i32");
        const result = C._ts_tree_cursor_goto_first_child_for_index_wasm(this.tree[0]);
        unmarshalTreeCursor(this);
        return result === 1;
      }
      /**
       * Move this cursor to the first child of its current node that contains or
       * starts after the given position.
       *
       * This returns `true` if the cursor successfully moved to a child node, and returns
       * `false` if no such child was found.
       */
      gotoFirstChildForPosition(goalPosition) {
        marshalTreeCursor(this);
        marshalPoint(TRANSFER_BUFFER + SIZE_OF_CURSOR, goalPosition);
        const result = C._ts_tree_cursor_goto_first_child_for_position_wasm(this.tree[0]);
        unmarshalTreeCursor(this);
        return result === 1;
      }
      /**
       * Re-initialize this tree cursor to start at the original node that the
       * cursor was constructed with.
       */
      reset(node) {
        marshalNode(node);
        marshalTreeCursor(this, TRANSFER_BUFFER + SIZE_OF_NODE);
        C._ts_tree_cursor_reset_wasm(node.tree[0]);
        unmarshalTreeCursor(this);
        this.tree = node.tree;
      }
      /**
       * Re-initialize a tree cursor to the same position as another cursor.
       *
       * Unlike {@link TreeCursor#reset}, this will not lose parent
       * information and allows reusing already created cursors.
       */
      resetTo(cursor) {
        marshalTreeCursor(this, TRANSFER_BUFFER);
        marshalTreeCursor(cursor, TRANSFER_BUFFER + SIZE_OF_CURSOR);
        C._ts_tree_cursor_reset_to_wasm(this.tree[0], cursor.tree[0]);
        unmarshalTreeCursor(this);
        this.tree = cursor.tree;
      }
    };
    Node2 = class {
      static {
        __name(this, "Node");
      }
      /** @internal */
      // @ts-expect-error: never read
      [0] = 0;
      // Internal handle for Wasm
      /** @internal */
      _children;
      /** @internal */
      _namedChildren;
      /** @internal */
      constructor(internal, {
        id,
        tree,
        startIndex,
        startPosition,
        other
      }) {
        assertInternal(internal);
        this[0] = other;
        this.id = id;
        this.tree = tree;
        this.startIndex = startIndex;
        this.startPosition = startPosition;
      }
      /**
       * The numeric id for this node that is unique.
       *
       * Within a given syntax tree, no two nodes have the same id. However:
       *
       * * If a new tree is created based on an older tree, and a node from the old tree is reused in
       *   the process, then that node will have the same id in both trees.
       *
       * * A node not marked as having changes does not guarantee it was reused.
       *
       * * If a node is marked as having changed in the old tree, it will not be reused.
       */
      id;
      /** The byte index where this node starts. */
      startIndex;
      /** The position where this node starts. */
      startPosition;
      /** The tree that this node belongs to. */
      tree;
      /** Get this node's type as a numerical id. */
      get typeId() {
        marshalNode(this);
        return C._ts_node_symbol_wasm(this.tree[0]);
      }
      /**
       * Get the node's type as a numerical id as it appears in the grammar,
       * ignoring aliases.
       */
      get grammarId() {
        marshalNode(this);
        return C._ts_node_grammar_symbol_wasm(this.tree[0]);
      }
      /** Get this node's type as a string. */
      get type() {
        return this.tree.language.types[this.typeId] || "ERROR";
      }
      /**
       * Get this node's symbol name as it appears in the grammar, ignoring
       * aliases as a string.
       */
      get grammarType() {
        return this.tree.language.types[this.grammarId] || "ERROR";
      }
      /**
       * Check if this node is *named*.
       *
       * Named nodes correspond to named rules in the grammar, whereas
       * *anonymous* nodes correspond to string literals in the grammar.
       */
      get isNamed() {
        marshalNode(this);
        return C._ts_node_is_named_wasm(this.tree[0]) === 1;
      }
      /**
       * Check if this node is *extra*.
       *
       * Extra nodes represent things like comments, which are not required
       * by the grammar, but can appear anywhere.
       */
      get isExtra() {
        marshalNode(this);
        return C._ts_node_is_extra_wasm(this.tree[0]) === 1;
      }
      /**
       * Check if this node represents a syntax error.
       *
       * Syntax errors represent parts of the code that could not be incorporated
       * into a valid syntax tree.
       */
      get isError() {
        marshalNode(this);
        return C._ts_node_is_error_wasm(this.tree[0]) === 1;
      }
      /**
       * Check if this node is *missing*.
       *
       * Missing nodes are inserted by the parser in order to recover from
       * certain kinds of syntax errors.
       */
      get isMissing() {
        marshalNode(this);
        return C._ts_node_is_missing_wasm(this.tree[0]) === 1;
      }
      /** Check if this node has been edited. */
      get hasChanges() {
        marshalNode(this);
        return C._ts_node_has_changes_wasm(this.tree[0]) === 1;
      }
      /**
       * Check if this node represents a syntax error or contains any syntax
       * errors anywhere within it.
       */
      get hasError() {
        marshalNode(this);
        return C._ts_node_has_error_wasm(this.tree[0]) === 1;
      }
      /** Get the byte index where this node ends. */
      get endIndex() {
        marshalNode(this);
        return C._ts_node_end_index_wasm(this.tree[0]);
      }
      /** Get the position where this node ends. */
      get endPosition() {
        marshalNode(this);
        C._ts_node_end_point_wasm(this.tree[0]);
        return unmarshalPoint(TRANSFER_BUFFER);
      }
      /** Get the string content of this node. */
      get text() {
        return getText(this.tree, this.startIndex, this.endIndex, this.startPosition);
      }
      /** Get this node's parse state. */
      get parseState() {
        marshalNode(this);
        return C._ts_node_parse_state_wasm(this.tree[0]);
      }
      /** Get the parse state after this node. */
      get nextParseState() {
        marshalNode(this);
        return C._ts_node_next_parse_state_wasm(this.tree[0]);
      }
      /** Check if this node is equal to another node. */
      equals(other) {
        return this.tree === other.tree && this.id === other.id;
      }
      /**
       * Get the node's child at the given index, where zero represents the first child.
       *
       * This method is fairly fast, but its cost is technically log(n), so if
       * you might be iterating over a long list of children, you should use
       * {@link Node#children} instead.
       */
      child(index) {
        marshalNode(this);
        C._ts_node_child_wasm(this.tree[0], index);
        return unmarshalNode(this.tree);
      }
      /**
       * Get this node's *named* child at the given index.
       *
       * See also {@link Node#isNamed}.
       * This method is fairly fast, but its cost is technically log(n), so if
       * you might be iterating over a long list of children, you should use
       * {@link Node#namedChildren} instead.
       */
      namedChild(index) {
        marshalNode(this);
        C._ts_node_named_child_wasm(this.tree[0], index);
        return unmarshalNode(this.tree);
      }
      /**
       * Get this node's child with the given numerical field id.
       *
       * See also {@link Node#childForFieldName}. You can
       * convert a field name to an id using {@link Language#fieldIdForName}.
       */
      childForFieldId(fieldId) {
        marshalNode(this);
        C._ts_node_child_by_field_id_wasm(this.tree[0], fieldId);
        return unmarshalNode(this.tree);
      }
      /**
       * Get the first child with the given field name.
       *
       * If multiple children may have the same field name, access them using
       * {@link Node#childrenForFieldName}.
       */
      childForFieldName(fieldName) {
        const fieldId = this.tree.language.fields.indexOf(fieldName);
        if (fieldId !== -1) return this.childForFieldId(fieldId);
        return null;
      }
      /** Get the field name of this node's child at the given index. */
      fieldNameForChild(index) {
        marshalNode(this);
        const address = C._ts_node_field_name_for_child_wasm(this.tree[0], index);
        if (!address) return null;
        return C.AsciiToString(address);
      }
      /** Get the field name of this node's named child at the given index. */
      fieldNameForNamedChild(index) {
        marshalNode(this);
        const address = C._ts_node_field_name_for_named_child_wasm(this.tree[0], index);
        if (!address) return null;
        return C.AsciiToString(address);
      }
      /**
       * Get an array of this node's children with a given field name.
       *
       * See also {@link Node#children}.
       */
      childrenForFieldName(fieldName) {
        const fieldId = this.tree.language.fields.indexOf(fieldName);
        if (fieldId !== -1 && fieldId !== 0) return this.childrenForFieldId(fieldId);
        return [];
      }
      /**
        * Get an array of this node's children with a given field id.
        *
        * See also {@link Node#childrenForFieldName}.
        */
      childrenForFieldId(fieldId) {
        marshalNode(this);
        C._ts_node_children_by_field_id_wasm(this.tree[0], fieldId);
        const count = C.getValue(TRANSFER_BUFFER, "i32");
        const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
        const result = new Array(count);
        if (count > 0) {
          let address = buffer;
          for (let i2 = 0; i2 < count; i2++) {
            result[i2] = unmarshalNode(this.tree, address);
            address += SIZE_OF_NODE;
          }
          C._free(buffer);
        }
        return result;
      }
      /** Get the node's first child that contains or starts after the given byte offset. */
      firstChildForIndex(index) {
        marshalNode(this);
        const address = TRANSFER_BUFFER + SIZE_OF_NODE;
        C.setValue(address, index, "i32");
        C._ts_node_first_child_for_byte_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /** Get the node's first named child that contains or starts after the given byte offset. */
      firstNamedChildForIndex(index) {
        marshalNode(this);
        const address = TRANSFER_BUFFER + SIZE_OF_NODE;
        C.setValue(address, index, "i32");
        C._ts_node_first_named_child_for_byte_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /** Get this node's number of children. */
      get childCount() {
        marshalNode(this);
        return C._ts_node_child_count_wasm(this.tree[0]);
      }
      /**
       * Get this node's number of *named* children.
       *
       * See also {@link Node#isNamed}.
       */
      get namedChildCount() {
        marshalNode(this);
        return C._ts_node_named_child_count_wasm(this.tree[0]);
      }
      /** Get this node's first child. */
      get firstChild() {
        return this.child(0);
      }
      /**
       * Get this node's first named child.
       *
       * See also {@link Node#isNamed}.
       */
      get firstNamedChild() {
        return this.namedChild(0);
      }
      /** Get this node's last child. */
      get lastChild() {
        return this.child(this.childCount - 1);
      }
      /**
       * Get this node's last named child.
       *
       * See also {@link Node#isNamed}.
       */
      get lastNamedChild() {
        return this.namedChild(this.namedChildCount - 1);
      }
      /**
       * Iterate over this node's children.
       *
       * If you're walking the tree recursively, you may want to use the
       * {@link TreeCursor} APIs directly instead.
       */
      get children() {
        if (!this._children) {
          marshalNode(this);
          C._ts_node_children_wasm(this.tree[0]);
          const count = C.getValue(TRANSFER_BUFFER, "i32");
          const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
          this._children = new Array(count);
          if (count > 0) {
            let address = buffer;
            for (let i2 = 0; i2 < count; i2++) {
              this._children[i2] = unmarshalNode(this.tree, address);
              address += SIZE_OF_NODE;
            }
            C._free(buffer);
          }
        }
        return this._children;
      }
      /**
       * Iterate over this node's named children.
       *
       * See also {@link Node#children}.
       */
      get namedChildren() {
        if (!this._namedChildren) {
          marshalNode(this);
          C._ts_node_named_children_wasm(this.tree[0]);
          const count = C.getValue(TRANSFER_BUFFER, "i32");
          const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
          this._namedChildren = new Array(count);
          if (count > 0) {
            let address = buffer;
            for (let i2 = 0; i2 < count; i2++) {
              this._namedChildren[i2] = unmarshalNode(this.tree, address);
              address += SIZE_OF_NODE;
            }
            C._free(buffer);
          }
        }
        return this._namedChildren;
      }
      /**
       * Get the descendants of this node that are the given type, or in the given types array.
       *
       * The types array should contain node type strings, which can be retrieved from {@link Language#types}.
       *
       * Additionally, a `startPosition` and `endPosition` can be passed in to restrict the search to a byte range.
       */
      descendantsOfType(types, startPosition = ZERO_POINT, endPosition = ZERO_POINT) {
        if (!Array.isArray(types)) types = [types];
        const symbols = [];
        const typesBySymbol = this.tree.language.types;
        for (let i2 = 0, n = typesBySymbol.length; i2 < n; i2++) {
          if (types.includes(typesBySymbol[i2])) {
            symbols.push(i2);
          }
        }
        if (types.includes("ERROR")) {
          symbols.push(65535);
        }
        const symbolsAddress = C._malloc(SIZE_OF_INT * symbols.length);
        for (let i2 = 0, n = symbols.length; i2 < n; i2++) {
          C.setValue(symbolsAddress + i2 * SIZE_OF_INT, symbols[i2], "i32");
        }
        marshalNode(this);
        C._ts_node_descendants_of_type_wasm(
          this.tree[0],
          symbolsAddress,
          symbols.length,
          startPosition.row,
          startPosition.column,
          endPosition.row,
          endPosition.column
        );
        const descendantCount = C.getValue(TRANSFER_BUFFER, "i32");
        const descendantAddress = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
        const result = new Array(descendantCount);
        if (descendantCount > 0) {
          let address = descendantAddress;
          for (let i2 = 0; i2 < descendantCount; i2++) {
            result[i2] = unmarshalNode(this.tree, address);
            address += SIZE_OF_NODE;
          }
        }
        C._free(descendantAddress);
        C._free(symbolsAddress);
        return result;
      }
      /** Get this node's next sibling. */
      get nextSibling() {
        marshalNode(this);
        C._ts_node_next_sibling_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /** Get this node's previous sibling. */
      get previousSibling() {
        marshalNode(this);
        C._ts_node_prev_sibling_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /**
       * Get this node's next *named* sibling.
       *
       * See also {@link Node#isNamed}.
       */
      get nextNamedSibling() {
        marshalNode(this);
        C._ts_node_next_named_sibling_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /**
       * Get this node's previous *named* sibling.
       *
       * See also {@link Node#isNamed}.
       */
      get previousNamedSibling() {
        marshalNode(this);
        C._ts_node_prev_named_sibling_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /** Get the node's number of descendants, including one for the node itself. */
      get descendantCount() {
        marshalNode(this);
        return C._ts_node_descendant_count_wasm(this.tree[0]);
      }
      /**
       * Get this node's immediate parent.
       * Prefer {@link Node#childWithDescendant} for iterating over this node's ancestors.
       */
      get parent() {
        marshalNode(this);
        C._ts_node_parent_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /**
       * Get the node that contains `descendant`.
       *
       * Note that this can return `descendant` itself.
       */
      childWithDescendant(descendant) {
        marshalNode(this);
        marshalNode(descendant, 1);
        C._ts_node_child_with_descendant_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /** Get the smallest node within this node that spans the given byte range. */
      descendantForIndex(start2, end = start2) {
        if (typeof start2 !== "number" || typeof end !== "number") {
          throw new Error("Arguments must be numbers");
        }
        marshalNode(this);
        const address = TRANSFER_BUFFER + SIZE_OF_NODE;
        C.setValue(address, start2, "i32");
        C.setValue(address + SIZE_OF_INT, end, "i32");
        C._ts_node_descendant_for_index_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /** Get the smallest named node within this node that spans the given byte range. */
      namedDescendantForIndex(start2, end = start2) {
        if (typeof start2 !== "number" || typeof end !== "number") {
          throw new Error("Arguments must be numbers");
        }
        marshalNode(this);
        const address = TRANSFER_BUFFER + SIZE_OF_NODE;
        C.setValue(address, start2, "i32");
        C.setValue(address + SIZE_OF_INT, end, "i32");
        C._ts_node_named_descendant_for_index_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /** Get the smallest node within this node that spans the given point range. */
      descendantForPosition(start2, end = start2) {
        if (!isPoint(start2) || !isPoint(end)) {
          throw new Error("Arguments must be {row, column} objects");
        }
        marshalNode(this);
        const address = TRANSFER_BUFFER + SIZE_OF_NODE;
        marshalPoint(address, start2);
        marshalPoint(address + SIZE_OF_POINT, end);
        C._ts_node_descendant_for_position_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /** Get the smallest named node within this node that spans the given point range. */
      namedDescendantForPosition(start2, end = start2) {
        if (!isPoint(start2) || !isPoint(end)) {
          throw new Error("Arguments must be {row, column} objects");
        }
        marshalNode(this);
        const address = TRANSFER_BUFFER + SIZE_OF_NODE;
        marshalPoint(address, start2);
        marshalPoint(address + SIZE_OF_POINT, end);
        C._ts_node_named_descendant_for_position_wasm(this.tree[0]);
        return unmarshalNode(this.tree);
      }
      /**
       * Create a new {@link TreeCursor} starting from this node.
       *
       * Note that the given node is considered the root of the cursor,
       * and the cursor cannot walk outside this node.
       */
      walk() {
        marshalNode(this);
        C._ts_tree_cursor_new_wasm(this.tree[0]);
        return new TreeCursor(INTERNAL, this.tree);
      }
      /**
       * Edit this node to keep it in-sync with source code that has been edited.
       *
       * This function is only rarely needed. When you edit a syntax tree with
       * the {@link Tree#edit} method, all of the nodes that you retrieve from
       * the tree afterward will already reflect the edit. You only need to
       * use {@link Node#edit} when you have a specific {@link Node} instance that
       * you want to keep and continue to use after an edit.
       */
      edit(edit) {
        const { point, index } = edit.editPoint(this.startPosition, this.startIndex);
        this.startPosition = point;
        this.startIndex = index;
      }
      /** Get the S-expression representation of this node. */
      toString() {
        marshalNode(this);
        const address = C._ts_node_to_string_wasm(this.tree[0]);
        const result = C.AsciiToString(address);
        C._free(address);
        return result;
      }
    };
    __name(unmarshalCaptures, "unmarshalCaptures");
    __name(marshalNode, "marshalNode");
    __name(unmarshalNode, "unmarshalNode");
    __name(marshalTreeCursor, "marshalTreeCursor");
    __name(unmarshalTreeCursor, "unmarshalTreeCursor");
    __name(marshalPoint, "marshalPoint");
    __name(unmarshalPoint, "unmarshalPoint");
    __name(marshalRange, "marshalRange");
    __name(unmarshalRange, "unmarshalRange");
    __name(marshalEdit, "marshalEdit");
    __name(unmarshalLanguageMetadata, "unmarshalLanguageMetadata");
    LANGUAGE_FUNCTION_REGEX = /^tree_sitter_\w+$/;
    Language = class _Language {
      static {
        __name(this, "Language");
      }
      /** @internal */
      [0] = 0;
      // Internal handle for Wasm
      /**
       * A list of all node types in the language. The index of each type in this
       * array is its node type id.
       */
      types;
      /**
       * A list of all field names in the language. The index of each field name in
       * this array is its field id.
       */
      fields;
      /** @internal */
      constructor(internal, address) {
        assertInternal(internal);
        this[0] = address;
        this.types = new Array(C._ts_language_symbol_count(this[0]));
        for (let i2 = 0, n = this.types.length; i2 < n; i2++) {
          if (C._ts_language_symbol_type(this[0], i2) < 2) {
            this.types[i2] = C.UTF8ToString(C._ts_language_symbol_name(this[0], i2));
          }
        }
        this.fields = new Array(C._ts_language_field_count(this[0]) + 1);
        for (let i2 = 0, n = this.fields.length; i2 < n; i2++) {
          const fieldName = C._ts_language_field_name_for_id(this[0], i2);
          if (fieldName !== 0) {
            this.fields[i2] = C.UTF8ToString(fieldName);
          } else {
            this.fields[i2] = null;
          }
        }
      }
      /**
       * Gets the name of the language.
       */
      get name() {
        const ptr = C._ts_language_name(this[0]);
        if (ptr === 0) return null;
        return C.UTF8ToString(ptr);
      }
      /**
       * Gets the ABI version of the language.
       */
      get abiVersion() {
        return C._ts_language_abi_version(this[0]);
      }
      /**
      * Get the metadata for this language. This information is generated by the
      * CLI, and relies on the language author providing the correct metadata in
      * the language's `tree-sitter.json` file.
      */
      get metadata() {
        C._ts_language_metadata_wasm(this[0]);
        const length = C.getValue(TRANSFER_BUFFER, "i32");
        if (length === 0) return null;
        return unmarshalLanguageMetadata(TRANSFER_BUFFER + SIZE_OF_INT);
      }
      /**
       * Gets the number of fields in the language.
       */
      get fieldCount() {
        return this.fields.length - 1;
      }
      /**
       * Gets the number of states in the language.
       */
      get stateCount() {
        return C._ts_language_state_count(this[0]);
      }
      /**
       * Get the field id for a field name.
       */
      fieldIdForName(fieldName) {
        const result = this.fields.indexOf(fieldName);
        return result !== -1 ? result : null;
      }
      /**
       * Get the field name for a field id.
       */
      fieldNameForId(fieldId) {
        return this.fields[fieldId] ?? null;
      }
      /**
       * Get the node type id for a node type name.
       */
      idForNodeType(type, named) {
        const typeLength = C.lengthBytesUTF8(type);
        const typeAddress = C._malloc(typeLength + 1);
        C.stringToUTF8(type, typeAddress, typeLength + 1);
        const result = C._ts_language_symbol_for_name(this[0], typeAddress, typeLength, named ? 1 : 0);
        C._free(typeAddress);
        return result || null;
      }
      /**
       * Gets the number of node types in the language.
       */
      get nodeTypeCount() {
        return C._ts_language_symbol_count(this[0]);
      }
      /**
       * Get the node type name for a node type id.
       */
      nodeTypeForId(typeId) {
        const name2 = C._ts_language_symbol_name(this[0], typeId);
        return name2 ? C.UTF8ToString(name2) : null;
      }
      /**
       * Check if a node type is named.
       *
       * @see {@link https://tree-sitter.github.io/tree-sitter/using-parsers/2-basic-parsing.html#named-vs-anonymous-nodes}
       */
      nodeTypeIsNamed(typeId) {
        return C._ts_language_type_is_named_wasm(this[0], typeId) ? true : false;
      }
      /**
       * Check if a node type is visible.
       */
      nodeTypeIsVisible(typeId) {
        return C._ts_language_type_is_visible_wasm(this[0], typeId) ? true : false;
      }
      /**
       * Get the supertypes ids of this language.
       *
       * @see {@link https://tree-sitter.github.io/tree-sitter/using-parsers/6-static-node-types.html?highlight=supertype#supertype-nodes}
       */
      get supertypes() {
        C._ts_language_supertypes_wasm(this[0]);
        const count = C.getValue(TRANSFER_BUFFER, "i32");
        const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
        const result = new Array(count);
        if (count > 0) {
          let address = buffer;
          for (let i2 = 0; i2 < count; i2++) {
            result[i2] = C.getValue(address, "i16");
            address += SIZE_OF_SHORT;
          }
        }
        return result;
      }
      /**
       * Get the subtype ids for a given supertype node id.
       */
      subtypes(supertype) {
        C._ts_language_subtypes_wasm(this[0], supertype);
        const count = C.getValue(TRANSFER_BUFFER, "i32");
        const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
        const result = new Array(count);
        if (count > 0) {
          let address = buffer;
          for (let i2 = 0; i2 < count; i2++) {
            result[i2] = C.getValue(address, "i16");
            address += SIZE_OF_SHORT;
          }
        }
        return result;
      }
      /**
       * Get the next state id for a given state id and node type id.
       */
      nextState(stateId, typeId) {
        return C._ts_language_next_state(this[0], stateId, typeId);
      }
      /**
       * Create a new lookahead iterator for this language and parse state.
       *
       * This returns `null` if state is invalid for this language.
       *
       * Iterating {@link LookaheadIterator} will yield valid symbols in the given
       * parse state. A newly created iterator is not positioned on a symbol, so
       * {@link LookaheadIterator#currentType} returns `null` until the first
       * iteration step.
       *
       * Lookahead iterators can be useful for generating suggestions and improving
       * syntax error diagnostics. To get symbols valid in an `ERROR` node, use the
       * lookahead iterator on its first leaf node state. For `MISSING` nodes, a
       * lookahead iterator created on the previous non-extra leaf node may be
       * appropriate.
       */
      lookaheadIterator(stateId) {
        const address = C._ts_lookahead_iterator_new(this[0], stateId);
        if (address) return new LookaheadIterator(INTERNAL, address, this);
        return null;
      }
      /**
       * Load a language from a WebAssembly module.
       * The module can be provided as a path to a file, a `URL` to a file, or as a
       * buffer.
       */
      static async load(input) {
        let binary2;
        if (input instanceof Uint8Array) {
          binary2 = input;
        } else if (globalThis.process?.versions.node) {
          const fs2 = await Promise.resolve().then(() => __toESM(require("fs/promises"), 1));
          binary2 = await fs2.readFile(input);
        } else {
          const response = await fetch(input);
          if (!response.ok) {
            const body2 = await response.text();
            throw new Error(`Language.load failed with status ${response.status}.

${body2}`);
          }
          const retryResp = response.clone();
          try {
            binary2 = await WebAssembly.compileStreaming(response);
          } catch (reason) {
            console.error("wasm streaming compile failed:", reason);
            console.error("falling back to ArrayBuffer instantiation");
            binary2 = new Uint8Array(await retryResp.arrayBuffer());
          }
        }
        const mod = await C.loadWebAssemblyModule(binary2, { loadAsync: true });
        return _Language.loadFromWasmExports(mod, { sync: false });
      }
      static loadFromWasmExports(mod, { sync }) {
        const symbolNames = Object.keys(mod);
        const functionName = symbolNames.find((key) => LANGUAGE_FUNCTION_REGEX.test(key) && !key.includes("external_scanner_"));
        if (!functionName) {
          console.log(`Couldn't find language function in Wasm file. Symbols:
${JSON.stringify(symbolNames, null, 2)}`);
          throw new Error(`Language.${sync ? "loadSync" : "load"} failed: no language function found in Wasm file`);
        }
        const languageAddress = mod[functionName]();
        return new _Language(INTERNAL, languageAddress);
      }
      /**
       * Load a language synchronously from a pre-compiled WebAssembly module.
       * Use this when the host environment provides a `WebAssembly.Module` directly.
       */
      static loadSync(wasmModule) {
        const mod = C.loadWebAssemblyModule(wasmModule, { loadAsync: false });
        return _Language.loadFromWasmExports(mod, { sync: true });
      }
    };
    __name(Module2, "Module");
    web_tree_sitter_default = Module2;
    Module3 = null;
    __name(initializeBinding, "initializeBinding");
    __name(checkModule, "checkModule");
    finalizer4 = newFinalizer((addresses) => {
      C._ts_parser_delete(addresses[0]);
      C._free(addresses[1]);
    });
    Parser = class {
      static {
        __name(this, "Parser");
      }
      /** @internal */
      [0] = 0;
      // Internal handle for Wasm
      /** @internal */
      [1] = 0;
      // Internal handle for Wasm
      /** @internal */
      logCallback = null;
      /** The parser's current language. */
      language = null;
      /**
       * This must always be called before creating a Parser.
       *
       * You can optionally pass in options to configure the Wasm module, the most common
       * one being `locateFile` to help the module find the `.wasm` file.
       */
      static async init(moduleOptions) {
        setModule(await initializeBinding(moduleOptions));
        TRANSFER_BUFFER = C._ts_init();
        LANGUAGE_VERSION = C.getValue(TRANSFER_BUFFER, "i32");
        MIN_COMPATIBLE_VERSION = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
      }
      /**
       * Create a new parser.
       */
      constructor() {
        this.initialize();
        finalizer4?.register(this, [this[0], this[1]], this);
      }
      /** @internal */
      initialize() {
        if (!checkModule()) {
          throw new Error("cannot construct a Parser before calling `init()`");
        }
        C._ts_parser_new_wasm();
        this[0] = C.getValue(TRANSFER_BUFFER, "i32");
        this[1] = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
      }
      /** Delete the parser, freeing its resources. */
      delete() {
        finalizer4?.unregister(this);
        C._ts_parser_delete(this[0]);
        C._free(this[1]);
        this[0] = 0;
        this[1] = 0;
      }
      /**
       * Set the language that the parser should use for parsing.
       *
       * If the language was not successfully assigned, an error will be thrown.
       * This happens if the language was generated with an incompatible
       * version of the Tree-sitter CLI. Check the language's version using
       * {@link Language#version} and compare it to this library's
       * {@link LANGUAGE_VERSION} and {@link MIN_COMPATIBLE_VERSION} constants.
       */
      setLanguage(language) {
        let address;
        if (!language) {
          address = 0;
          this.language = null;
        } else if (language.constructor === Language) {
          address = language[0];
          const version = C._ts_language_abi_version(address);
          if (version < MIN_COMPATIBLE_VERSION || LANGUAGE_VERSION < version) {
            throw new Error(
              `Incompatible language version ${version}. Compatibility range ${MIN_COMPATIBLE_VERSION} through ${LANGUAGE_VERSION}.`
            );
          }
          this.language = language;
        } else {
          throw new Error("Argument must be a Language");
        }
        C._ts_parser_set_language(this[0], address);
        return this;
      }
      /**
       * Parse a slice of UTF8 text.
       *
       * @param {string | ParseCallback} callback - The UTF8-encoded text to parse or a callback function.
       *
       * @param {Tree | null} [oldTree] - A previous syntax tree parsed from the same document. If the text of the
       *   document has changed since `oldTree` was created, then you must edit `oldTree` to match
       *   the new text using {@link Tree#edit}.
       *
       * @param {ParseOptions} [options] - Options for parsing the text.
       *  This can be used to set the included ranges, or a progress callback.
       *
       * @returns {Tree | null} A {@link Tree} if parsing succeeded, or `null` if:
       *  - The parser has not yet had a language assigned with {@link Parser#setLanguage}.
       *  - The progress callback returned true.
       */
      parse(callback, oldTree, options) {
        if (typeof callback === "string") {
          C.currentParseCallback = (index) => callback.slice(index);
        } else if (typeof callback === "function") {
          C.currentParseCallback = callback;
        } else {
          throw new Error("Argument must be a string or a function");
        }
        if (options?.progressCallback) {
          C.currentProgressCallback = options.progressCallback;
        } else {
          C.currentProgressCallback = null;
        }
        if (this.logCallback) {
          C.currentLogCallback = this.logCallback;
          C._ts_parser_enable_logger_wasm(this[0], 1);
        } else {
          C.currentLogCallback = null;
          C._ts_parser_enable_logger_wasm(this[0], 0);
        }
        let rangeCount = 0;
        let rangeAddress = 0;
        if (options?.includedRanges) {
          rangeCount = options.includedRanges.length;
          rangeAddress = C._calloc(rangeCount, SIZE_OF_RANGE);
          let address = rangeAddress;
          for (let i2 = 0; i2 < rangeCount; i2++) {
            marshalRange(address, options.includedRanges[i2]);
            address += SIZE_OF_RANGE;
          }
        }
        const treeAddress = C._ts_parser_parse_wasm(
          this[0],
          this[1],
          oldTree ? oldTree[0] : 0,
          rangeAddress,
          rangeCount
        );
        if (!treeAddress) {
          C.currentParseCallback = null;
          C.currentLogCallback = null;
          C.currentProgressCallback = null;
          return null;
        }
        if (!this.language) {
          throw new Error("Parser must have a language to parse");
        }
        const result = new Tree(INTERNAL, treeAddress, this.language, C.currentParseCallback);
        C.currentParseCallback = null;
        C.currentLogCallback = null;
        C.currentProgressCallback = null;
        return result;
      }
      /**
       * Instruct the parser to start the next parse from the beginning.
       *
       * If the parser previously failed because of a callback, 
       * then by default, it will resume where it left off on the
       * next call to {@link Parser#parse} or other parsing functions.
       * If you don't want to resume, and instead intend to use this parser to
       * parse some other document, you must call `reset` first.
       */
      reset() {
        C._ts_parser_reset(this[0]);
      }
      /** Get the ranges of text that the parser will include when parsing. */
      getIncludedRanges() {
        C._ts_parser_included_ranges_wasm(this[0]);
        const count = C.getValue(TRANSFER_BUFFER, "i32");
        const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
        const result = new Array(count);
        if (count > 0) {
          let address = buffer;
          for (let i2 = 0; i2 < count; i2++) {
            result[i2] = unmarshalRange(address);
            address += SIZE_OF_RANGE;
          }
          C._free(buffer);
        }
        return result;
      }
      /** Set the logging callback that a parser should use during parsing. */
      setLogger(callback) {
        if (!callback) {
          this.logCallback = null;
        } else if (typeof callback !== "function") {
          throw new Error("Logger callback must be a function");
        } else {
          this.logCallback = callback;
        }
        return this;
      }
      /** Get the parser's current logger. */
      getLogger() {
        return this.logCallback;
      }
    };
    PREDICATE_STEP_TYPE_CAPTURE = 1;
    PREDICATE_STEP_TYPE_STRING = 2;
    QUERY_WORD_REGEX = /[\w-]+/g;
    CaptureQuantifier = {
      Zero: 0,
      ZeroOrOne: 1,
      ZeroOrMore: 2,
      One: 3,
      OneOrMore: 4
    };
    isCaptureStep = /* @__PURE__ */ __name((step) => step.type === "capture", "isCaptureStep");
    isStringStep = /* @__PURE__ */ __name((step) => step.type === "string", "isStringStep");
    QueryErrorKind = {
      Syntax: 1,
      NodeName: 2,
      FieldName: 3,
      CaptureName: 4,
      PatternStructure: 5
    };
    QueryError = class _QueryError extends Error {
      constructor(kind, info2, index, length) {
        super(_QueryError.formatMessage(kind, info2));
        this.kind = kind;
        this.info = info2;
        this.index = index;
        this.length = length;
        this.name = "QueryError";
      }
      kind;
      info;
      index;
      length;
      static {
        __name(this, "QueryError");
      }
      /** Formats an error message based on the error kind and info */
      static formatMessage(kind, info2) {
        switch (kind) {
          case QueryErrorKind.NodeName:
            return `Bad node name '${info2.word}'`;
          case QueryErrorKind.FieldName:
            return `Bad field name '${info2.word}'`;
          case QueryErrorKind.CaptureName:
            return `Bad capture name @${info2.word}`;
          case QueryErrorKind.PatternStructure:
            return `Bad pattern structure at offset ${info2.suffix}`;
          case QueryErrorKind.Syntax:
            return `Bad syntax at offset ${info2.suffix}`;
        }
      }
    };
    __name(parseAnyPredicate, "parseAnyPredicate");
    __name(parseMatchPredicate, "parseMatchPredicate");
    __name(parseAnyOfPredicate, "parseAnyOfPredicate");
    __name(parseIsPredicate, "parseIsPredicate");
    __name(parseSetDirective, "parseSetDirective");
    __name(parsePattern, "parsePattern");
    __name(indexForByteOffset, "indexForByteOffset");
    finalizer5 = newFinalizer((address) => {
      C._ts_query_delete(address);
    });
    Query = class {
      static {
        __name(this, "Query");
      }
      /** @internal */
      [0] = 0;
      // Internal handle for Wasm
      /** @internal */
      exceededMatchLimit;
      /** @internal */
      textPredicates;
      /** @internal */
      source;
      /** The names of the captures used in the query. */
      captureNames;
      /** The quantifiers of the captures used in the query. */
      captureQuantifiers;
      /**
       * The other user-defined predicates associated with the given index.
       *
       * This includes predicates with operators other than:
       * - `match?`
       * - `eq?` and `not-eq?`
       * - `any-of?` and `not-any-of?`
       * - `is?` and `is-not?`
       * - `set!`
       */
      predicates;
      /** The properties for predicates with the operator `set!`. */
      setProperties;
      /** The properties for predicates with the operator `is?`. */
      assertedProperties;
      /** The properties for predicates with the operator `is-not?`. */
      refutedProperties;
      /** The maximum number of in-progress matches for this cursor. */
      matchLimit;
      /**
       * Create a new query from a string containing one or more S-expression
       * patterns.
       *
       * The query is associated with a particular language, and can only be run
       * on syntax nodes parsed with that language. References to Queries can be
       * shared between multiple threads.
       *
       * @link {@see https://tree-sitter.github.io/tree-sitter/using-parsers/queries}
       */
      constructor(language, source) {
        const sourceLength = C.lengthBytesUTF8(source);
        const sourceAddress = C._malloc(sourceLength + 1);
        C.stringToUTF8(source, sourceAddress, sourceLength + 1);
        const address = C._ts_query_new(
          language[0],
          sourceAddress,
          sourceLength,
          TRANSFER_BUFFER,
          TRANSFER_BUFFER + SIZE_OF_INT
        );
        if (!address) {
          const errorId = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
          const errorByte = C.getValue(TRANSFER_BUFFER, "i32");
          const errorIndex = C.UTF8ToString(sourceAddress, errorByte).length;
          const suffix = source.slice(errorIndex, errorIndex + 100).split("\n")[0];
          const word = suffix.match(QUERY_WORD_REGEX)?.[0] ?? "";
          C._free(sourceAddress);
          switch (errorId) {
            case QueryErrorKind.Syntax:
              throw new QueryError(QueryErrorKind.Syntax, { suffix: `${errorIndex}: '${suffix}'...` }, errorIndex, 0);
            case QueryErrorKind.NodeName:
              throw new QueryError(errorId, { word }, errorIndex, word.length);
            case QueryErrorKind.FieldName:
              throw new QueryError(errorId, { word }, errorIndex, word.length);
            case QueryErrorKind.CaptureName:
              throw new QueryError(errorId, { word }, errorIndex, word.length);
            case QueryErrorKind.PatternStructure:
              throw new QueryError(errorId, { suffix: `${errorIndex}: '${suffix}'...` }, errorIndex, 0);
          }
        }
        const stringCount = C._ts_query_string_count(address);
        const captureCount = C._ts_query_capture_count(address);
        const patternCount = C._ts_query_pattern_count(address);
        const captureNames = new Array(captureCount);
        const captureQuantifiers = new Array(patternCount);
        const stringValues = new Array(stringCount);
        for (let i2 = 0; i2 < captureCount; i2++) {
          const nameAddress = C._ts_query_capture_name_for_id(
            address,
            i2,
            TRANSFER_BUFFER
          );
          const nameLength = C.getValue(TRANSFER_BUFFER, "i32");
          captureNames[i2] = C.UTF8ToString(nameAddress, nameLength);
        }
        for (let i2 = 0; i2 < patternCount; i2++) {
          const captureQuantifiersArray = new Array(captureCount);
          for (let j = 0; j < captureCount; j++) {
            const quantifier = C._ts_query_capture_quantifier_for_id(address, i2, j);
            captureQuantifiersArray[j] = quantifier;
          }
          captureQuantifiers[i2] = captureQuantifiersArray;
        }
        for (let i2 = 0; i2 < stringCount; i2++) {
          const valueAddress = C._ts_query_string_value_for_id(
            address,
            i2,
            TRANSFER_BUFFER
          );
          const nameLength = C.getValue(TRANSFER_BUFFER, "i32");
          stringValues[i2] = C.UTF8ToString(valueAddress, nameLength);
        }
        const setProperties = new Array(patternCount);
        const assertedProperties = new Array(patternCount);
        const refutedProperties = new Array(patternCount);
        const predicates = new Array(patternCount);
        const textPredicates = new Array(patternCount);
        for (let i2 = 0; i2 < patternCount; i2++) {
          const predicatesAddress = C._ts_query_predicates_for_pattern(address, i2, TRANSFER_BUFFER);
          const stepCount = C.getValue(TRANSFER_BUFFER, "i32");
          predicates[i2] = [];
          textPredicates[i2] = [];
          const steps = new Array();
          let stepAddress = predicatesAddress;
          for (let j = 0; j < stepCount; j++) {
            const stepType = C.getValue(stepAddress, "i32");
            stepAddress += SIZE_OF_INT;
            const stepValueId = C.getValue(stepAddress, "i32");
            stepAddress += SIZE_OF_INT;
            parsePattern(
              i2,
              stepType,
              stepValueId,
              captureNames,
              stringValues,
              steps,
              textPredicates,
              predicates,
              setProperties,
              assertedProperties,
              refutedProperties
            );
          }
          Object.freeze(textPredicates[i2]);
          Object.freeze(predicates[i2]);
          Object.freeze(setProperties[i2]);
          Object.freeze(assertedProperties[i2]);
          Object.freeze(refutedProperties[i2]);
        }
        C._free(sourceAddress);
        this[0] = address;
        this.captureNames = captureNames;
        this.captureQuantifiers = captureQuantifiers;
        this.textPredicates = textPredicates;
        this.source = source;
        this.predicates = predicates;
        this.setProperties = setProperties;
        this.assertedProperties = assertedProperties;
        this.refutedProperties = refutedProperties;
        this.exceededMatchLimit = false;
        finalizer5?.register(this, address, this);
      }
      /** Delete the query, freeing its resources. */
      delete() {
        finalizer5?.unregister(this);
        C._ts_query_delete(this[0]);
        this[0] = 0;
      }
      /**
       * Iterate over all of the matches in the order that they were found.
       *
       * Each match contains the index of the pattern that matched, and a list of
       * captures. Because multiple patterns can match the same set of nodes,
       * one match may contain captures that appear *before* some of the
       * captures from a previous match.
       *
       * @param {Node} node - The node to execute the query on.
       *
       * @param {QueryOptions} options - Options for query execution.
       */
      matches(node, options = {}) {
        const startPosition = options.startPosition ?? ZERO_POINT;
        const endPosition = options.endPosition ?? ZERO_POINT;
        const startIndex = options.startIndex ?? 0;
        const endIndex = options.endIndex ?? 0;
        const startContainingPosition = options.startContainingPosition ?? ZERO_POINT;
        const endContainingPosition = options.endContainingPosition ?? ZERO_POINT;
        const startContainingIndex = options.startContainingIndex ?? 0;
        const endContainingIndex = options.endContainingIndex ?? 0;
        const matchLimit = options.matchLimit ?? 4294967295;
        const maxStartDepth = options.maxStartDepth ?? 4294967295;
        const progressCallback = options.progressCallback;
        if (typeof matchLimit !== "number") {
          throw new Error("Arguments must be numbers");
        }
        this.matchLimit = matchLimit;
        if (endIndex !== 0 && startIndex > endIndex) {
          throw new Error("`startIndex` cannot be greater than `endIndex`");
        }
        if (endPosition !== ZERO_POINT && (startPosition.row > endPosition.row || startPosition.row === endPosition.row && startPosition.column > endPosition.column)) {
          throw new Error("`startPosition` cannot be greater than `endPosition`");
        }
        if (endContainingIndex !== 0 && startContainingIndex > endContainingIndex) {
          throw new Error("`startContainingIndex` cannot be greater than `endContainingIndex`");
        }
        if (endContainingPosition !== ZERO_POINT && (startContainingPosition.row > endContainingPosition.row || startContainingPosition.row === endContainingPosition.row && startContainingPosition.column > endContainingPosition.column)) {
          throw new Error("`startContainingPosition` cannot be greater than `endContainingPosition`");
        }
        if (progressCallback) {
          C.currentQueryProgressCallback = progressCallback;
        }
        marshalNode(node);
        C._ts_query_matches_wasm(
          this[0],
          node.tree[0],
          startPosition.row,
          startPosition.column,
          endPosition.row,
          endPosition.column,
          startIndex,
          endIndex,
          startContainingPosition.row,
          startContainingPosition.column,
          endContainingPosition.row,
          endContainingPosition.column,
          startContainingIndex,
          endContainingIndex,
          matchLimit,
          maxStartDepth
        );
        const rawCount = C.getValue(TRANSFER_BUFFER, "i32");
        const startAddress = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
        const didExceedMatchLimit = C.getValue(TRANSFER_BUFFER + 2 * SIZE_OF_INT, "i32");
        const result = new Array(rawCount);
        this.exceededMatchLimit = Boolean(didExceedMatchLimit);
        let filteredCount = 0;
        let address = startAddress;
        for (let i2 = 0; i2 < rawCount; i2++) {
          const patternIndex = C.getValue(address, "i32");
          address += SIZE_OF_INT;
          const captureCount = C.getValue(address, "i32");
          address += SIZE_OF_INT;
          const captures = new Array(captureCount);
          address = unmarshalCaptures(this, node.tree, address, patternIndex, captures);
          if (this.textPredicates[patternIndex].every((p) => p(captures))) {
            result[filteredCount] = { patternIndex, captures };
            const setProperties = this.setProperties[patternIndex];
            result[filteredCount].setProperties = setProperties;
            const assertedProperties = this.assertedProperties[patternIndex];
            result[filteredCount].assertedProperties = assertedProperties;
            const refutedProperties = this.refutedProperties[patternIndex];
            result[filteredCount].refutedProperties = refutedProperties;
            filteredCount++;
          }
        }
        result.length = filteredCount;
        C._free(startAddress);
        C.currentQueryProgressCallback = null;
        return result;
      }
      /**
       * Iterate over all of the individual captures in the order that they
       * appear.
       *
       * This is useful if you don't care about which pattern matched, and just
       * want a single, ordered sequence of captures.
       *
       * @param {Node} node - The node to execute the query on.
       *
       * @param {QueryOptions} options - Options for query execution.
       */
      captures(node, options = {}) {
        const startPosition = options.startPosition ?? ZERO_POINT;
        const endPosition = options.endPosition ?? ZERO_POINT;
        const startIndex = options.startIndex ?? 0;
        const endIndex = options.endIndex ?? 0;
        const startContainingPosition = options.startContainingPosition ?? ZERO_POINT;
        const endContainingPosition = options.endContainingPosition ?? ZERO_POINT;
        const startContainingIndex = options.startContainingIndex ?? 0;
        const endContainingIndex = options.endContainingIndex ?? 0;
        const matchLimit = options.matchLimit ?? 4294967295;
        const maxStartDepth = options.maxStartDepth ?? 4294967295;
        const progressCallback = options.progressCallback;
        if (typeof matchLimit !== "number") {
          throw new Error("Arguments must be numbers");
        }
        this.matchLimit = matchLimit;
        if (endIndex !== 0 && startIndex > endIndex) {
          throw new Error("`startIndex` cannot be greater than `endIndex`");
        }
        if (endPosition !== ZERO_POINT && (startPosition.row > endPosition.row || startPosition.row === endPosition.row && startPosition.column > endPosition.column)) {
          throw new Error("`startPosition` cannot be greater than `endPosition`");
        }
        if (endContainingIndex !== 0 && startContainingIndex > endContainingIndex) {
          throw new Error("`startContainingIndex` cannot be greater than `endContainingIndex`");
        }
        if (endContainingPosition !== ZERO_POINT && (startContainingPosition.row > endContainingPosition.row || startContainingPosition.row === endContainingPosition.row && startContainingPosition.column > endContainingPosition.column)) {
          throw new Error("`startContainingPosition` cannot be greater than `endContainingPosition`");
        }
        if (progressCallback) {
          C.currentQueryProgressCallback = progressCallback;
        }
        marshalNode(node);
        C._ts_query_captures_wasm(
          this[0],
          node.tree[0],
          startPosition.row,
          startPosition.column,
          endPosition.row,
          endPosition.column,
          startIndex,
          endIndex,
          startContainingPosition.row,
          startContainingPosition.column,
          endContainingPosition.row,
          endContainingPosition.column,
          startContainingIndex,
          endContainingIndex,
          matchLimit,
          maxStartDepth
        );
        const count = C.getValue(TRANSFER_BUFFER, "i32");
        const startAddress = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
        const didExceedMatchLimit = C.getValue(TRANSFER_BUFFER + 2 * SIZE_OF_INT, "i32");
        const result = new Array();
        this.exceededMatchLimit = Boolean(didExceedMatchLimit);
        const captures = new Array();
        let address = startAddress;
        for (let i2 = 0; i2 < count; i2++) {
          const patternIndex = C.getValue(address, "i32");
          address += SIZE_OF_INT;
          const captureCount = C.getValue(address, "i32");
          address += SIZE_OF_INT;
          const captureIndex = C.getValue(address, "i32");
          address += SIZE_OF_INT;
          captures.length = captureCount;
          address = unmarshalCaptures(this, node.tree, address, patternIndex, captures);
          if (this.textPredicates[patternIndex].every((p) => p(captures))) {
            const capture = captures[captureIndex];
            const setProperties = this.setProperties[patternIndex];
            capture.setProperties = setProperties;
            const assertedProperties = this.assertedProperties[patternIndex];
            capture.assertedProperties = assertedProperties;
            const refutedProperties = this.refutedProperties[patternIndex];
            capture.refutedProperties = refutedProperties;
            result.push(capture);
          }
        }
        C._free(startAddress);
        C.currentQueryProgressCallback = null;
        return result;
      }
      /** Get the predicates for a given pattern. */
      predicatesForPattern(patternIndex) {
        return this.predicates[patternIndex];
      }
      /**
       * Disable a certain capture within a query.
       *
       * This prevents the capture from being returned in matches, and also
       * avoids any resource usage associated with recording the capture.
       */
      disableCapture(captureName) {
        const captureNameLength = C.lengthBytesUTF8(captureName);
        const captureNameAddress = C._malloc(captureNameLength + 1);
        C.stringToUTF8(captureName, captureNameAddress, captureNameLength + 1);
        C._ts_query_disable_capture(this[0], captureNameAddress, captureNameLength);
        C._free(captureNameAddress);
      }
      /**
       * Disable a certain pattern within a query.
       *
       * This prevents the pattern from matching, and also avoids any resource
       * usage associated with the pattern. This throws an error if the pattern
       * index is out of bounds.
       */
      disablePattern(patternIndex) {
        if (patternIndex >= this.predicates.length) {
          throw new Error(
            `Pattern index is ${patternIndex} but the pattern count is ${this.predicates.length}`
          );
        }
        C._ts_query_disable_pattern(this[0], patternIndex);
      }
      /**
       * Check if, on its last execution, this cursor exceeded its maximum number
       * of in-progress matches.
       */
      didExceedMatchLimit() {
        return this.exceededMatchLimit;
      }
      /** Get the index where the given pattern starts in the query's source. */
      startIndexForPattern(patternIndex) {
        if (patternIndex >= this.predicates.length) {
          throw new Error(
            `Pattern index is ${patternIndex} but the pattern count is ${this.predicates.length}`
          );
        }
        const byteOffset = C._ts_query_start_byte_for_pattern(this[0], patternIndex);
        return indexForByteOffset(this.source, byteOffset);
      }
      /** Get the index where the given pattern ends in the query's source. */
      endIndexForPattern(patternIndex) {
        if (patternIndex >= this.predicates.length) {
          throw new Error(
            `Pattern index is ${patternIndex} but the pattern count is ${this.predicates.length}`
          );
        }
        const byteOffset = C._ts_query_end_byte_for_pattern(this[0], patternIndex);
        return indexForByteOffset(this.source, byteOffset);
      }
      /** Get the number of patterns in the query. */
      patternCount() {
        return C._ts_query_pattern_count(this[0]);
      }
      /** Get the index for a given capture name. */
      captureIndexForName(captureName) {
        return this.captureNames.indexOf(captureName);
      }
      /** Check if a given pattern within a query has a single root node. */
      isPatternRooted(patternIndex) {
        return C._ts_query_is_pattern_rooted(this[0], patternIndex) === 1;
      }
      /** Check if a given pattern within a query has a single root node. */
      isPatternNonLocal(patternIndex) {
        return C._ts_query_is_pattern_non_local(this[0], patternIndex) === 1;
      }
      /**
       * Check if the step at the given index in the query's source is 'definite'.
       *
       * A query step is 'definite' if its parent pattern will be guaranteed to
       * match successfully once it reaches the step.
       */
      isPatternGuaranteedAtStep(index) {
        const byteOffset = C.lengthBytesUTF8(this.source.slice(0, index));
        return C._ts_query_is_pattern_guaranteed_at_step(this[0], byteOffset) === 1;
      }
    };
  }
});

// sections/ledger/bash-parser.ts
function wasmBytes() {
  const here2 = (0, import_node_path7.dirname)((0, import_node_url3.fileURLToPath)(__chFileUrl));
  const bundled = [here2, (0, import_node_path7.join)(here2, "..")].find((dir) => (0, import_node_fs7.existsSync)((0, import_node_path7.join)(dir, GRAMMAR)) && (0, import_node_fs7.existsSync)((0, import_node_path7.join)(dir, RUNTIME)));
  if (bundled) return { runtime: (0, import_node_fs7.readFileSync)((0, import_node_path7.join)(bundled, RUNTIME)), grammar: (0, import_node_fs7.readFileSync)((0, import_node_path7.join)(bundled, GRAMMAR)) };
  const require2 = (0, import_node_module3.createRequire)(__chFileUrl);
  return {
    runtime: (0, import_node_fs7.readFileSync)(require2.resolve(`web-tree-sitter/${RUNTIME}`)),
    grammar: (0, import_node_fs7.readFileSync)(require2.resolve(`tree-sitter-bash/${GRAMMAR}`))
  };
}
async function load() {
  const t0 = performance.now();
  try {
    import_node_v82.default.setFlagsFromString("--liftoff-only");
    const { runtime, grammar } = wasmBytes();
    const { Parser: Parser2, Language: Language2 } = await Promise.resolve().then(() => (init_web_tree_sitter(), web_tree_sitter_exports));
    await Parser2.init({ wasmBinary: runtime });
    const language = await Language2.load(grammar);
    const parser = new Parser2();
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
var import_node_fs7, import_node_module3, import_node_path7, import_node_url3, import_node_v82, GRAMMAR, RUNTIME, loading;
var init_bash_parser = __esm({
  "sections/ledger/bash-parser.ts"() {
    "use strict";
    import_node_fs7 = require("node:fs");
    import_node_module3 = require("node:module");
    import_node_path7 = require("node:path");
    import_node_url3 = require("node:url");
    import_node_v82 = __toESM(require("node:v8"), 1);
    GRAMMAR = "tree-sitter-bash.wasm";
    RUNTIME = "web-tree-sitter.wasm";
    loading = null;
  }
});

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
function failures(calls) {
  const shellNumber = /* @__PURE__ */ new Map();
  let k = 0;
  for (const c of calls) if (c.use.name === "Bash" && typeof c.use.input.command === "string") shellNumber.set(c, ++k);
  const nextOk = /* @__PURE__ */ new Map();
  let nextCommit = null;
  const out2 = [];
  for (let i2 = calls.length - 1; i2 >= 0; i2--) {
    const c = calls[i2];
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
      out2.push(f);
    } else if (c.use.result !== void 0 && !isFailure(c.use)) {
      nextOk.set(key, c);
      if (c.shell?.commits) nextCommit = c;
    }
  }
  return out2.reverse();
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
var failed;
var init_failures = __esm({
  "sections/ledger/failures.ts"() {
    "use strict";
    init_pipeline2();
    failed = (c) => isFailure(c.use) && negativeOf(c) === null;
  }
});

// sections/ledger/command-writes.ts
function unwrap(words) {
  let i2 = 0;
  const skipOptions = (withArg) => {
    while (i2 < words.length && isOpt(words[i2])) {
      const w = words[i2].value;
      i2++;
      if (w === "--") break;
      if (withArg.test(w)) i2++;
    }
  };
  for (; ; ) {
    const w = words[i2]?.value;
    if (w == null) break;
    if (/^[A-Za-z_]\w*=/.test(w)) {
      i2++;
      continue;
    }
    const name2 = base(words[i2]);
    if (name2 === "sudo" || name2 === "doas") {
      i2++;
      skipOptions(/^-[ugCDhprtUT]$/);
    } else if (name2 === "env") {
      i2++;
      skipOptions(/^-[uCS]$/);
    } else if (name2 === "time" || name2 === "nohup" || name2 === "builtin") {
      i2++;
      skipOptions(/^$/);
    } else if (name2 === "nice" || name2 === "ionice" || name2 === "stdbuf" || name2 === "exec") {
      i2++;
      skipOptions(/^-[nciaoe]$/);
    } else if (name2 === "timeout") {
      i2++;
      skipOptions(/^-[sk]$/);
      i2++;
    } else if (name2 === "command" && !/^-[vV]/.test(words[i2 + 1]?.value ?? "")) {
      i2++;
      skipOptions(/^$/);
    } else if ((name2 === "uv" || name2 === "poetry" || name2 === "pipenv" || name2 === "pdm") && words[i2 + 1]?.value === "run") {
      i2 += 2;
      skipOptions(/^(--with|--python|-p|--project|--directory|--env-file|--extra|--group|--package)$/);
    } else break;
  }
  return words.slice(i2);
}
function positionals(args2, takesArg) {
  const out2 = [];
  for (let i2 = 0; i2 < args2.length; i2++) {
    const a = args2[i2];
    if (a.value === "--") {
      out2.push(...args2.slice(i2 + 1));
      break;
    }
    if (isOpt(a)) {
      if (takesArg(a.value)) i2++;
      continue;
    }
    out2.push(a);
  }
  return out2;
}
function joinPath(dir, file2) {
  const name2 = file2.replace(/\/+$/, "");
  return `${dir.replace(/\/+$/, "")}/${name2.slice(name2.lastIndexOf("/") + 1)}`;
}
function destinations(args2, how) {
  let targetDir = null;
  const withArg = how === "install" ? /^-[tmogS]$/ : /^-[tS]$/;
  if (how === "install" && args2.some((a) => a.value === "-d" || a.value === "--directory")) return [];
  for (let i2 = 0; i2 < args2.length; i2++) {
    const v = args2[i2].value;
    if (v === "-t" || v === "--target-directory") targetDir = args2[i2 + 1] ?? null;
    else if (v?.startsWith("--target-directory=")) targetDir = { value: v.slice(19), loose: v.slice(19) };
  }
  const pos = positionals(args2, (o) => withArg.test(o) || o === "--target-directory" || o === "--suffix");
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
function sedWrites(args2) {
  let inPlace = false;
  let scriptGiven = false;
  const pos = [];
  for (let i2 = 0; i2 < args2.length; i2++) {
    const a = args2[i2];
    const v = a.value;
    if (v === "--") {
      pos.push(...args2.slice(i2 + 1));
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
        i2++;
      } else if (v.startsWith("--expression=") || v.startsWith("--file=")) scriptGiven = true;
      else if (v === "--line-length") i2++;
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j];
      if (ch === "i") {
        inPlace = true;
        if (j === v.length - 1 && args2[i2 + 1]?.value === "") i2++;
        break;
      }
      if (ch === "e" || ch === "f" || ch === "l") {
        if (ch !== "l") scriptGiven = true;
        if (j === v.length - 1) i2++;
        break;
      }
    }
  }
  if (!inPlace) return [];
  return scriptGiven ? pos : pos.slice(1);
}
function perlWrites(args2) {
  let inPlace = false;
  let codeGiven = false;
  const pos = [];
  for (let i2 = 0; i2 < args2.length; i2++) {
    const v = args2[i2].value;
    if (v === "--") {
      pos.push(...args2.slice(i2 + 1));
      break;
    }
    if (v === null || !v.startsWith("-") || v === "-") {
      pos.push(args2[i2]);
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
        if (j === v.length - 1) i2++;
        break;
      }
    }
  }
  if (!inPlace) return [];
  return codeGiven ? pos : pos.slice(1);
}
function curlWrites(args2) {
  const out2 = [];
  const withArg = "AbcCdDeEFHKmoPQrTuUwxXyYz";
  for (let i2 = 0; i2 < args2.length; i2++) {
    const v = args2[i2].value;
    if (v === null || !v.startsWith("-") || v === "-") continue;
    if (v.startsWith("--")) {
      if (v === "--output") out2.push(args2[++i2] ?? { value: null, loose: "" });
      else if (v.startsWith("--output=")) out2.push({ value: v.slice(9), loose: v.slice(9) });
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j];
      if (!withArg.includes(ch)) continue;
      const inline = v.slice(j + 1);
      const arg = inline !== "" ? { value: inline, loose: inline } : args2[++i2];
      if (ch === "o" && arg) out2.push(arg);
      break;
    }
  }
  return out2;
}
function wgetWrites(args2) {
  const out2 = [];
  for (let i2 = 0; i2 < args2.length; i2++) {
    const v = args2[i2].value;
    if (v === "-O" || v === "--output-document") out2.push(args2[++i2] ?? { value: null, loose: "" });
    else if (v?.startsWith("--output-document=")) out2.push({ value: v.slice(18), loose: v.slice(18) });
    else if (v?.startsWith("-O") && v.length > 2) out2.push({ value: v.slice(2), loose: v.slice(2) });
  }
  return out2.filter((w) => w.value !== "-");
}
function inlineCode(cmd, args2, codeFlag, argFlags, longCode) {
  for (let i2 = 0; i2 < args2.length; i2++) {
    const v = args2[i2].value;
    if (v === null) return null;
    if (v === "-") return cmd.stdin;
    const long = longCode.exec(v);
    if (long) return long[1] !== void 0 ? [long[1]] : [args2[i2 + 1]?.loose ?? ""];
    if (v === "--") return args2[i2 + 1] ? null : cmd.stdin;
    if (!v.startsWith("-")) return null;
    if (v.startsWith("--")) {
      if (!v.includes("=") && argFlags.test(v)) i2++;
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j];
      if (codeFlag.test(ch)) return [v.length > j + 1 ? v.slice(j + 1) : args2[i2 + 1]?.loose ?? ""];
      if (ch === "m") return null;
      if (argFlags.test(`-${ch}`)) {
        if (j === v.length - 1) i2++;
        break;
      }
    }
  }
  return cmd.stdin;
}
function scriptsOf(name2, cmd, args2) {
  if (PYTHON_RE.test(name2)) {
    const code = inlineCode(cmd, args2, /c/, /^-[WXQ]$/, /(?!)/);
    return (code ?? []).map((c) => ({ language: "python", code: c }));
  }
  if (NODE_RE.test(name2)) {
    const code = inlineCode(
      cmd,
      args2,
      /[ep]/,
      /^(-r|--require|--import|--loader|--experimental-loader|-C|--conditions|--input-type|--env-file)$/,
      /^--(?:eval|print)(?:=([\s\S]*))?$/
    );
    return (code ?? []).map((c) => ({ language: "node", code: c }));
  }
  if (SHELL_RE.test(name2)) {
    if (args2.some((a) => /^-[a-z]*n[a-z]*$/.test(a.value ?? ""))) return [];
    const cIndex = args2.findIndex((a) => /^-[a-z]*c[a-z]*$/.test(a.value ?? ""));
    if (cIndex >= 0) {
      const code = args2.slice(cIndex + 1).find((a) => !isOpt(a));
      return code ? [{ language: "shell", code: code.loose }] : [];
    }
    const file2 = positionals(args2, (o) => o === "-o" || o === "+o");
    return file2.length === 0 ? cmd.stdin.map((c) => ({ language: "shell", code: c })) : [];
  }
  return [];
}
function negativeExit(cmd) {
  const words = unwrap(cmd.words);
  const name2 = base(words[0]);
  const args2 = words.slice(1);
  const has = (re) => args2.some((a) => re.test(a.value ?? ""));
  if (name2 === null) return null;
  if (/^(grep|egrep|fgrep|zgrep)$/.test(name2)) return { label: "no match", silenced: has(/^(-[a-zA-Z]*s[a-zA-Z]*|--no-messages)$/) };
  if (name2 === "rg" || name2 === "ag") return { label: "no match", silenced: has(/^--no-messages$/) };
  if (name2 === "git" && subcommand(args2).sub === "grep") return { label: "no match", silenced: false };
  if (name2 === "diff") return { label: "differs", silenced: false };
  if (name2 === "cmp") return { label: "differs", silenced: has(/^(-[a-z]*s[a-z]*|--quiet|--silent)$/) };
  if (name2 === "test" || name2 === "[" || name2 === "[[") return { label: "false", silenced: false };
  return null;
}
function isCommit(cmd) {
  const words = unwrap(cmd.words);
  return base(words[0]) === "git" && subcommand(words.slice(1)).sub === "commit";
}
function subcommand(args2, withArg = /^-[Cc]$/) {
  for (let i2 = 0; i2 < args2.length; i2++) {
    const v = args2[i2].value;
    if (v === null) return { sub: null, rest: [] };
    if (withArg.test(v)) {
      i2++;
      continue;
    }
    if (!v.startsWith("-")) return { sub: v, rest: args2.slice(i2 + 1) };
  }
  return { sub: null, rest: [] };
}
function isReadOnly(name2, args2) {
  if (args2.length === 1 && /^(--version|-v|-V|--help|-h|version)$/.test(args2[0].value ?? "")) return true;
  if (name2 === "find") return !args2.some((a) => /^-(delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/.test(a.value ?? ""));
  if (name2 === "sed") return !args2.some((a) => /^(-[a-zA-Z]*i|--in-place)/.test(a.value ?? ""));
  if (name2 === "awk" || name2 === "gawk") return !args2.some((a) => /[>|]|system\s*\(/.test(a.loose));
  if (READ_ONLY.has(name2)) return true;
  if (name2 === "git") {
    const { sub, rest } = subcommand(args2);
    if (sub === null) return false;
    if (GIT_READ.has(sub)) return true;
    if (sub === "branch" || sub === "tag") return rest.every((a) => /^-(a|r|v|vv|l|-list|-show-current|-contains|-merged|-no-merged)$/.test(a.value ?? ""));
    if (sub === "remote") return rest.length === 0 || /^(-v|show|get-url)$/.test(rest[0].value ?? "");
    if (sub === "stash") return /^(list|show)$/.test(rest[0]?.value ?? "");
    if (sub === "config") return rest.some((a) => /^(--get|--get-all|--list|-l)$/.test(a.value ?? ""));
    if (sub === "worktree") return rest[0]?.value === "list";
    return false;
  }
  if (name2 === "gh") {
    const { sub, rest } = subcommand(args2, /^-R$|^--repo$/);
    if (sub === "api") return !args2.some((a) => /^(-X|--method|-f|-F|--field|--raw-field|--input)$/.test(a.value ?? ""));
    return sub !== null && (GH_READ[sub]?.has(rest[0]?.value ?? "") ?? false);
  }
  if (name2 === "npm" || name2 === "pnpm" || name2 === "yarn") {
    const { sub } = subcommand(args2, /^$/);
    return sub !== null && NPM_READ.has(sub);
  }
  return false;
}
function judgeCommand(cmd) {
  const words = unwrap(cmd.words);
  const name2 = base(words[0]);
  const args2 = words.slice(1);
  const none = { writes: [], scripts: [], readOnly: words.length === 0 };
  if (name2 === null) return none;
  const writes = (targets, how) => targets.map((target) => ({ target, how }));
  const judged = (w) => ({ writes: w, scripts: [], readOnly: false });
  switch (name2) {
    case "tee":
      return judged(
        writes(
          positionals(args2, () => false),
          "tee"
        )
      );
    case "sed":
    case "gsed": {
      const w = sedWrites(args2);
      return w.length ? judged(writes(w, "sed -i")) : { ...none, readOnly: isReadOnly("sed", args2) };
    }
    case "perl": {
      const w = perlWrites(args2);
      if (w.length) return judged(writes(w, "perl -i"));
      break;
    }
    case "mv":
    case "cp":
    case "install":
      return judged(destinations(args2, name2));
    case "rm":
    case "unlink": {
      const recursive = args2.some((a) => /^(-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)$/.test(a.value ?? ""));
      return judged(
        writes(
          positionals(args2, () => false),
          recursive ? "rm -r" : "rm"
        )
      );
    }
    case "touch":
      return judged(
        writes(
          positionals(args2, (o) => /^-[dtr]$/.test(o)),
          "touch"
        )
      );
    case "curl": {
      const w = writes(curlWrites(args2), "curl -o");
      const sends = args2.some((a) => /^(-[a-zA-Z]*[XdFTO]|--request|--data.*|--form|--upload-file|--remote-name)$/.test(a.value ?? ""));
      return { writes: w, scripts: [], readOnly: w.length === 0 && !sends };
    }
    case "wget":
      return judged(writes(wgetWrites(args2), "wget -O"));
    case "dd":
      return judged(
        writes(
          args2.filter((a) => a.value?.startsWith("of=")).map((a) => ({ value: a.value.slice(3), loose: a.loose.slice(3) })),
          "dd of="
        )
      );
  }
  const scripts = scriptsOf(name2, cmd, args2);
  if (scripts.length) return { writes: [], scripts, readOnly: false };
  return { ...none, readOnly: isReadOnly(name2, args2) };
}
var base, isOpt, PYTHON_RE, NODE_RE, SHELL_RE, READ_ONLY, GIT_READ, GH_READ, NPM_READ;
var init_command_writes = __esm({
  "sections/ledger/command-writes.ts"() {
    "use strict";
    base = (w) => w?.value == null ? null : w.value.slice(w.value.lastIndexOf("/") + 1);
    isOpt = (w) => w?.value != null && w.value.length > 1 && w.value.startsWith("-");
    PYTHON_RE = /^(python([23](\.\d+)?)?|pypy3?)$/;
    NODE_RE = /^(node|nodejs|bun)$/;
    SHELL_RE = /^(ba|z|da|k)?sh$/;
    READ_ONLY = new Set(
      "ls ll la cat bat head tail less more grep egrep fgrep rg ag ack fd wc file stat pwd echo printf which whereis type tree du df diff cmp jq yq sort uniq cut tr column basename dirname realpath readlink date printenv id whoami hostname uname true false test [ nproc free ps lsof man locate xxd od hexdump strings md5sum sha1sum sha256sum shasum cd pushd popd sleep wait history comm nl fold expand paste tac rev look seq".split(" ")
    );
    GIT_READ = new Set(
      "status log diff show rev-parse ls-files ls-tree blame grep describe shortlog cat-file merge-base whatchanged count-objects".split(" ")
    );
    GH_READ = {
      pr: /* @__PURE__ */ new Set(["view", "list", "status", "checks", "diff"]),
      issue: /* @__PURE__ */ new Set(["view", "list", "status"]),
      run: /* @__PURE__ */ new Set(["view", "list", "watch"]),
      repo: /* @__PURE__ */ new Set(["view", "list"]),
      release: /* @__PURE__ */ new Set(["view", "list"]),
      workflow: /* @__PURE__ */ new Set(["view", "list"]),
      auth: /* @__PURE__ */ new Set(["status"]),
      search: /* @__PURE__ */ new Set(["repos", "issues", "prs", "code", "commits"])
    };
    NPM_READ = new Set("view info show ls list outdated root bin search explain why ping doctor".split(" "));
  }
});

// sections/ledger/script-writes.ts
function readString(s, i2, quote, raw, interpolates) {
  let j = i2 + quote.length;
  let body2 = "";
  while (j < s.length && !s.startsWith(quote, j)) {
    if (s[j] === "\\" && j + 1 < s.length) {
      body2 += raw ? s.slice(j, j + 2) : ESCAPES[s[j + 1]] ?? s[j + 1];
      j += 2;
    } else if (quote.length === 1 && s[j] === "\n" && quote !== "`") break;
    else body2 += s[j++];
  }
  return { tok: { t: "str", v: interpolates(body2) ? null : body2 }, end: j + quote.length };
}
function lex(s, language) {
  const out2 = [];
  let i2 = 0;
  while (i2 < s.length) {
    const c = s[i2];
    if (/\s/.test(c)) {
      i2++;
    } else if (language === "python" && c === "#") {
      const nl = s.indexOf("\n", i2);
      i2 = nl < 0 ? s.length : nl;
    } else if (language === "node" && s.startsWith("//", i2)) {
      const nl = s.indexOf("\n", i2);
      i2 = nl < 0 ? s.length : nl;
    } else if (language === "node" && s.startsWith("/*", i2)) {
      const end = s.indexOf("*/", i2 + 2);
      i2 = end < 0 ? s.length : end + 2;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[\w$]+/.exec(s.slice(i2))[0];
      const next = s[i2 + m.length];
      if (language === "python" && (next === '"' || next === "'") && /^[rRbBuUfF]{1,2}$/.test(m)) {
        const quote = s.startsWith(next.repeat(3), i2 + m.length) ? next.repeat(3) : next;
        const f = /[fF]/.test(m);
        const { tok, end } = readString(s, i2 + m.length, quote, /[rR]/.test(m), (b) => f && /\{[^{]/.test(b));
        out2.push(tok);
        i2 = end;
      } else {
        out2.push({ t: "id", v: m });
        i2 += m.length;
      }
    } else if (c === '"' || c === "'" || c === "`" && language === "node") {
      const quote = language === "python" && s.startsWith(c.repeat(3), i2) ? c.repeat(3) : c;
      const { tok, end } = readString(s, i2, quote, false, (b) => c === "`" && b.includes("${"));
      out2.push(tok);
      i2 = end;
    } else {
      out2.push({ t: "p", v: c });
      i2++;
    }
  }
  return out2;
}
function callArgs(toks, open4) {
  const args2 = [[]];
  let depth = 0;
  for (let k = open4 + 1; k < toks.length; k++) {
    const t = toks[k];
    if (t.t === "p" && "([{".includes(t.v)) depth++;
    if (t.t === "p" && ")]}".includes(t.v)) {
      if (depth === 0) return args2;
      depth--;
    }
    if (depth === 0 && t.t === "p" && t.v === ",") args2.push([]);
    else args2[args2.length - 1].push(t);
  }
  return args2;
}
function stringArg(arg) {
  if (!arg || arg.length !== 1 || arg[0].t !== "str") return void 0;
  return arg[0].v;
}
function modeArg(args2, index) {
  for (const a of args2) {
    if (a.length === 3 && a[0].t === "id" && a[0].v === "mode" && a[1].t === "p" && a[1].v === "=") return stringArg([a[2]]);
  }
  const positional = args2[index];
  if (positional && !(positional[1]?.t === "p" && positional[1].v === "=")) return stringArg(positional);
  return void 0;
}
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
    const args2 = callArgs(toks, k + 1);
    const afterDot = toks[k - 1]?.t === "p" && toks[k - 1].v === ".";
    if (language === "python") {
      if (t.v === "open" && !afterDot) {
        const mode = modeArg(args2, 1);
        if (typeof mode === "string" && WRITE_MODE.test(mode)) take(stringArg(args2[0]));
        else if (mode === null) unresolved++;
      } else if (t.v === "open" && afterDot) {
        const receiver = pathReceiver(toks, k - 1);
        if (receiver !== void 0) {
          const mode = modeArg(args2, 0);
          if (typeof mode === "string" && WRITE_MODE.test(mode)) take(receiver);
        } else {
          const mode = modeArg(args2, 1);
          if (typeof mode === "string" && WRITE_MODE.test(mode)) take(stringArg(args2[0]));
        }
      } else if (afterDot && /^(write_text|write_bytes|touch)$/.test(t.v)) {
        const receiver = pathReceiver(toks, k - 1);
        if (receiver !== void 0) take(receiver);
      } else if (afterDot && /^(copy|copy2|copyfile|move)$/.test(t.v) && toks[k - 2]?.t === "id" && toks[k - 2].v === "shutil") {
        take(stringArg(args2[1]));
      }
    } else if (/^(writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|outputFileSync|outputFile)$/.test(t.v)) {
      take(stringArg(args2[0]));
    } else if (/^(copyFileSync|copyFile|cpSync|renameSync)$/.test(t.v)) {
      take(stringArg(args2[1]));
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
var ESCAPES, WRITE_MODE, pythonWrites, nodeWrites;
var init_script_writes = __esm({
  "sections/ledger/script-writes.ts"() {
    "use strict";
    ESCAPES = { n: "\n", t: "	", r: "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"', "`": "`" };
    WRITE_MODE = /[wax+]/;
    pythonWrites = (code) => scan(code, "python");
    nodeWrites = (code) => scan(code, "node");
  }
});

// sections/ledger/shell-tokens.ts
function skipSubstitution(s, i2) {
  if (s[i2] === "`") {
    for (let j = i2 + 1; j < s.length; j++) {
      if (s[j] === "\\") j++;
      else if (s[j] === "`") return j + 1;
    }
    return s.length;
  }
  const open4 = s[i2 + 1];
  const close = open4 === "(" ? ")" : "}";
  let depth = 0;
  for (let j = i2 + 1; j < s.length; j++) {
    const c = s[j];
    if (c === "\\") j++;
    else if (c === "'") {
      const k = s.indexOf("'", j + 1);
      j = k < 0 ? s.length : k;
    } else if (c === open4) depth++;
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
  let i2 = 0;
  while (i2 < s.length) {
    const c = s[i2];
    if (c === " " || c === "	") {
      endWord();
      i2++;
      continue;
    }
    if (c === "\\") {
      if (s[i2 + 1] === "\n") i2 += 2;
      else {
        add(s[i2 + 1] ?? "", s[i2 + 1] ?? "");
        i2 += 2;
      }
      continue;
    }
    if (c === "#" && !inWord) {
      const nl = s.indexOf("\n", i2);
      i2 = nl < 0 ? s.length : nl;
      continue;
    }
    if (c === "'") {
      const end = s.indexOf("'", i2 + 1);
      if (end < 0) return opaqueRest(tokens, s, i2);
      add(s.slice(i2 + 1, end), s.slice(i2 + 1, end));
      i2 = end + 1;
      continue;
    }
    if (c === '"') {
      let j = i2 + 1;
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
      if (j >= s.length) return opaqueRest(tokens, s, i2);
      add(lit, raw);
      i2 = j + 1;
      continue;
    }
    if (c === "$" && s[i2 + 1] === "'") {
      const end = s.indexOf("'", i2 + 2);
      if (end < 0) return opaqueRest(tokens, s, i2);
      add(null, s.slice(i2 + 2, end));
      i2 = end + 1;
      continue;
    }
    if (c === "`" || c === "$" && /[({]/.test(s[i2 + 1] ?? "")) {
      const k = skipSubstitution(s, i2);
      add(null, s.slice(i2, k));
      i2 = k;
      continue;
    }
    if (c === "$" && /[\w@*#?$!-]/.test(s[i2 + 1] ?? "")) {
      add(null, c);
      i2++;
      continue;
    }
    if (!inWord && (s.startsWith("[[", i2) || s.startsWith("((", i2))) {
      const close = s[i2] === "[" ? "]]" : "))";
      const end = s.indexOf(close, i2 + 2);
      const k = end < 0 ? s.length : end + 2;
      add(null, s.slice(i2, k));
      i2 = k;
      continue;
    }
    const redirect = REDIRECTS.find((op) => s.startsWith(op, i2));
    if (redirect) {
      let fd = null;
      if (inWord && value !== null && /^\d+$/.test(value) && loose === value) {
        fd = value;
        value = "";
        loose = "";
        inWord = false;
      }
      endWord();
      i2 += redirect.length;
      if (redirect === "<<" || redirect === "<<-") {
        const m = /^[ \t]*(['"]?)([^\s'"<>;&|()]+)\1/.exec(s.slice(i2));
        if (m) {
          const body2 = { text: "" };
          pending.push({ delimiter: m[2], stripTabs: redirect === "<<-", body: body2 });
          tokens.push({ kind: "heredoc", body: body2 });
          i2 += m[0].length;
        }
        continue;
      }
      tokens.push({ kind: "redirect", op: redirect, fd });
      continue;
    }
    const control = CONTROL.find((op) => s.startsWith(op, i2));
    if (control) {
      endWord();
      tokens.push({ kind: "op", op: control === "\n" ? ";" : control });
      i2 += control.length;
      if (control === "\n" && pending.length > 0) i2 = readBodies(s, i2, pending);
      continue;
    }
    if (c === "*" || c === "?" || c === "[") glob = true;
    add(c, c);
    i2++;
  }
  endWord();
  return tokens;
}
function readBodies(s, i2, pending) {
  for (const p of pending.splice(0)) {
    const lines = [];
    while (i2 < s.length) {
      const nl = s.indexOf("\n", i2);
      const line = s.slice(i2, nl < 0 ? s.length : nl);
      i2 = nl < 0 ? s.length : nl + 1;
      if ((p.stripTabs ? line.replace(/^\t+/, "") : line) === p.delimiter) break;
      lines.push(line);
    }
    p.body.text = lines.length ? `${lines.join("\n")}
` : "";
  }
  return i2;
}
function opaqueRest(tokens, s, i2) {
  tokens.push({ kind: "word", word: { value: null, loose: s.slice(i2) } });
  return tokens;
}
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
    const cmd = words.length ? { words, stdin: [...stdin, ...pipedStdin], pos: start2, ...moved ? { dir: null } : {} } : null;
    if (cmd) script.commands.push(cmd);
    if (cmd && CD.has(cmd.words[0]?.value ?? "")) moved = true;
    const bareCat = cmd !== null && cmd.words.length === 1 && cmd.words[0].value !== null && /(^|\/)cat$/.test(cmd.words[0].value);
    pipedStdin = op === "|" && bareCat ? stdin : [];
    words = [];
    stdin = [];
  };
  let start2 = 0;
  const tokens = tokenize(source);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind === "op") {
      flush(t.op);
      start2 = k + 1;
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
var CONTROL, REDIRECTS, RESERVED, CD, PLAIN_COMMAND_RE;
var init_shell_tokens = __esm({
  "sections/ledger/shell-tokens.ts"() {
    "use strict";
    CONTROL = ["&&", "||", ";;", "|&", ";", "|", "&", "(", ")", "\n"];
    REDIRECTS = ["&>>", "<<<", "<<-", "&>", ">>", ">|", ">&", "<<", "<&", "<>", ">", "<"];
    RESERVED = /* @__PURE__ */ new Set(["if", "then", "else", "elif", "fi", "do", "done", "while", "until", "{", "}", "!", "time"]);
    CD = /* @__PURE__ */ new Set(["cd", "pushd", "popd"]);
    PLAIN_COMMAND_RE = /^[A-Za-z0-9_.,:/@%+=-]+(?: +[A-Za-z0-9_.,:/@%+=-]+)*$/;
  }
});

// sections/ledger/shell-model.ts
var literal;
var init_shell_model = __esm({
  "sections/ledger/shell-model.ts"() {
    "use strict";
    literal = (value) => ({ value, loose: value });
  }
});

// sections/ledger/shell-tree.ts
function join5(parts2) {
  let value = "";
  let loose = "";
  for (const p of parts2) {
    value = value === null || p.value === null ? null : value + p.value;
    loose += p.loose;
  }
  return { value, loose };
}
function doubleQuoted(n) {
  const parts2 = [];
  const src = n.text;
  const base2 = n.startIndex;
  let at2 = 1;
  for (const c of n.namedChildren) {
    if (c.startIndex - base2 > at2) parts2.push(plain(unescapeDouble(src.slice(at2, c.startIndex - base2))));
    parts2.push(c.type === "string_content" ? plain(unescapeDouble(c.text)) : wordOf(c));
    at2 = c.endIndex - base2;
  }
  const end = src.endsWith('"') && src.length > 1 ? src.length - 1 : src.length;
  if (end > at2) parts2.push(plain(unescapeDouble(src.slice(at2, end))));
  return join5(parts2);
}
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
      return join5(n.children.map(wordOf));
    default:
      return { value: null, loose: n.text };
  }
}
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
  const name2 = n.childForFieldName("name");
  if (name2) words.push(wordOf(name2));
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
    const body2 = r.children.find((c) => c.type === "heredoc_body");
    return body2 ? body2.text : "";
  }
  if (r.type === "herestring_redirect") {
    const arg = r.namedChildren[r.namedChildren.length - 1];
    return arg ? wordOf(arg).loose : "";
  }
  return null;
}
function cdTarget(c, dir) {
  const args2 = c.words.slice(1).filter((w, i2, all) => !(/^-[LPe@]+$/.test(w.value ?? "") && all.slice(0, i2).every((p) => p.value?.startsWith("-"))));
  const to = args2[0]?.value === "--" ? args2[1] : args2[0];
  if (to === void 0) return c.words[0].value === "cd" ? "~" : null;
  if (to.value === null || to.value === "-" || to.value === "") return null;
  if (to.value.startsWith("/") || to.value.startsWith("~")) return to.value;
  if (dir === null) return null;
  return dir === void 0 ? to.value : import_node_path8.posix.join(dir, to.value);
}
function silencesStderr(redirects) {
  let out2 = true;
  let err2 = true;
  for (const r of redirects) {
    const target = r.target.value;
    if (r.op === ">&" && (r.fd === "2" ? target === "1" : target === "2")) {
      if (r.fd === "2") err2 = out2;
      else out2 = err2;
    } else if (r.op === "&>" || r.op === "&>>" || r.op === ">&" && r.fd === null) {
      out2 = false;
      err2 = false;
    } else if (r.op === ">" || r.op === ">>" || r.op === ">|") {
      const kept = target === "/dev/stdout" ? out2 : target === "/dev/stderr" ? err2 : false;
      if (r.fd === "2") err2 = kept;
      else if (r.fd === null || r.fd === "1") out2 = kept;
    }
  }
  return !err2;
}
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
      const body2 = n.childForFieldName("body");
      for (const c of n.children) {
        if (c.type === "file_redirect") {
          const r = redirectOf(c);
          if (r) script.redirects.push(at2(r, body2 && GROUPS.has(body2.type) ? before2 : dir, c));
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
      const name2 = c.words[0]?.value;
      if (name2 === "cd" || name2 === "pushd") dir = cdTarget(c, dir);
      else if (name2 === "popd") dir = null;
      return;
    }
    children(n);
  };
  const loud = (n) => {
    if (n.type === "test_command" || silencesStderr(ownRedirects(n))) return false;
    if (n.type === "command") {
      const name2 = byNode.get(n.id)?.words[0]?.value;
      if (name2 == null || SILENT.test(name2.slice(name2.lastIndexOf("/") + 1))) return false;
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
        const body2 = n.childForFieldName("body");
        const redirects = n.childrenForFieldName("redirect");
        if (redirects.some((r) => r.type === "heredoc_redirect" && r.namedChildren.some((c) => c.type === "pipeline" || c.type === "list"))) return void 0;
        return body2 ? exitOf(body2, quiet || silencesStderr(ownRedirects(n))) : void 0;
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
    const body2 = stmt.childForFieldName("body");
    let consumer = null;
    if (body2?.type === "command") consumer = body2;
    else if (body2?.type === "list") {
      const last = body2.namedChildren[body2.namedChildren.length - 1];
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
var import_node_path8, GLOB_RE, unescapeBare, unescapeDouble, ANSI_C, unescapeAnsiC, plain, REDIRECT_OPS, isBareCat, SUBSHELLS, MAYBE, GROUPS, ownRedirects, SILENT;
var init_shell_tree = __esm({
  "sections/ledger/shell-tree.ts"() {
    "use strict";
    import_node_path8 = require("node:path");
    init_shell_model();
    GLOB_RE = /(?<!\\)[*?[]/;
    unescapeBare = (s) => s.replace(/\\\n/g, "").replace(/\\(.)/gs, "$1");
    unescapeDouble = (s) => s.replace(/\\\n/g, "").replace(/\\([$`"\\])/g, "$1");
    ANSI_C = {
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
    unescapeAnsiC = (s) => s.replace(/\\(.)/gs, (m, c) => ANSI_C[c] ?? m);
    plain = (s) => ({ value: s, loose: s });
    REDIRECT_OPS = /* @__PURE__ */ new Set([">", ">>", ">|", "&>", "&>>", ">&", "<", "<&", "<>", ">&-", "<&-"]);
    isBareCat = (c) => c !== void 0 && c.words.length === 1 && c.words[0].value !== null && /(^|\/)cat$/.test(c.words[0].value);
    SUBSHELLS = /* @__PURE__ */ new Set(["subshell", "command_substitution", "process_substitution"]);
    MAYBE = /* @__PURE__ */ new Set(["if_statement", "while_statement", "for_statement", "c_style_for_statement", "case_statement", "function_definition"]);
    GROUPS = /* @__PURE__ */ new Set(["compound_statement", "subshell", "if_statement", "while_statement", "for_statement", "c_style_for_statement", "case_statement"]);
    ownRedirects = (n) => n.children.flatMap((c) => {
      const r = c.type === "file_redirect" ? redirectOf(c) : null;
      return r ? [r] : [];
    });
    SILENT = /^(grep|egrep|fgrep|zgrep|rg|ag|ack|diff|cmp|test|\[|false|which|type|pgrep|read)$/;
  }
});

// sections/ledger/shell-writes.ts
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
  return outer === null ? null : import_node_path9.posix.join(outer, dir);
}
function analyzeShell(command, parser, depth = 0) {
  const { script, via } = read(command, parser);
  const writes = [];
  let unresolved = 0;
  let readOnly2 = true;
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
    if (!j.readOnly) readOnly2 = false;
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
  const order = new Map(writes.map((w, i2) => [w, i2]));
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
  const analysis = { writes: unique, unresolved, readOnly: readOnly2 && unique.length === 0 && unresolved === 0, via, commits };
  const neg = script.exit && !setsStrict(script) ? negativeExit(script.exit.command) : null;
  if (neg) analysis.negative = { label: neg.label, quiet: neg.silenced || script.exit.quiet };
  if (script.endDir !== void 0) analysis.endDir = script.endDir;
  return analysis;
}
var import_node_path9, isDeletion, NOT_A_FILE, WRITING_OPS, MAX_DEPTH, at, setsStrict;
var init_shell_writes = __esm({
  "sections/ledger/shell-writes.ts"() {
    "use strict";
    import_node_path9 = require("node:path");
    init_command_writes();
    init_script_writes();
    init_shell_tokens();
    init_shell_tree();
    isDeletion = (w) => w.how === "rm" || w.how === "rm -r";
    NOT_A_FILE = /^\/dev\/(null|stdout|stderr|tty|zero|fd\/\d+)$|^\/proc\/self\/fd\/\d+$/;
    WRITING_OPS = /* @__PURE__ */ new Set([">", ">>", ">|", "&>", "&>>", ">&"]);
    MAX_DEPTH = 4;
    at = (w, dir) => dir === void 0 ? w : { ...w, dir };
    setsStrict = (script) => script.commands.some(
      (c) => c.words[0]?.value === "set" && c.words.slice(1).some((w, i2, all) => /^-[a-z]*e/.test(w.value ?? "") || /^-[a-z]*o$/.test(w.value ?? "") && /^(errexit|pipefail)$/.test(all[i2 + 1]?.value ?? ""))
    );
  }
});

// sections/ledger/commands.ts
function commandRows(calls) {
  return calls.filter((c) => c.use.name === "Bash" && typeof c.use.input.command === "string").map((c, i2) => {
    const negative = negativeOf(c);
    return {
      n: i2 + 1,
      command: c.use.input.command,
      readOnly: c.shell?.readOnly ?? false,
      failed: failed(c),
      ...negative ? { negative } : {},
      writes: c.shell?.writes.filter((w) => !isDeletion(w)).map((w) => w.path) ?? [],
      at: c.at
    };
  });
}
function repeatsCollapsed(rows) {
  const out2 = [];
  for (const row of rows) {
    const last = out2.at(-1);
    const same = last && last.command === row.command && last.failed === row.failed && last.negative === row.negative && (last.until ?? last.n) === row.n - 1;
    if (same) out2[out2.length - 1] = { ...last, until: row.n, at: row.at, writes: [.../* @__PURE__ */ new Set([...last.writes, ...row.writes])] };
    else out2.push(row);
  }
  return out2;
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
  const dropOrder = [...older.keys()].filter((i2) => older[i2].readOnly).concat([...older.keys()].filter((i2) => !older[i2].readOnly));
  for (const i2 of dropOrder) {
    if (size() <= room) break;
    kept[i2] = false;
    olderChars -= olderLines[i2].length + 1;
    left += runs(older[i2]);
    if (older[i2].readOnly) leftReadOnly += runs(older[i2]);
  }
  while (size() > room && newestClip > limits.clipChars) {
    newestClip = Math.max(limits.clipChars, Math.floor(newestClip * 0.75));
    newestChars = newest.reduce((n, r) => n + renderCommand(r, newestClip).length + 1, 0);
  }
  const lines = [...left ? [countLine(left, leftReadOnly)] : [], ...olderLines.filter((_, i2) => kept[i2]), ...newest.map((r) => renderCommand(r, newestClip))];
  return { text: lines.join("\n"), shown: rows.reduce((a, r) => a + runs(r), 0) - left, leftOut: left, leftOutReadOnly: leftReadOnly };
}
function commandsReserve(rows, countLineChars, limits = DEFAULT_LIMITS) {
  const newest = rows.slice(-limits.newest);
  const lines = newest.map((r) => renderCommand(r, limits.clipChars).length + 1).reduce((a, b) => a + b, 0);
  return rows.length > newest.length ? lines + countLineChars + 1 : lines;
}
var DEFAULT_LIMITS, runs;
var init_commands = __esm({
  "sections/ledger/commands.ts"() {
    "use strict";
    init_pipeline2();
    init_failures();
    init_shell_writes();
    DEFAULT_LIMITS = { newest: 10, clipChars: 150, newestClipChars: 300 };
    runs = (row) => (row.until ?? row.n) - row.n + 1;
  }
});

// sections/ledger/files.ts
function normalizePath(p) {
  const n = import_node_path10.posix.normalize(p);
  return n.length > 1 ? n.replace(/\/+$/, "") : n;
}
function resolveWrite(path, dir, base2) {
  if (isAbsolute3(path) || dir === null) return normalizePath(path);
  if (dir !== void 0 && isAbsolute3(dir)) return normalizePath(import_node_path10.posix.join(dir, path));
  return normalizePath(base2 ? import_node_path10.posix.join(base2, dir ?? "", path) : import_node_path10.posix.join(dir ?? "", path));
}
function dirAfter(base2, end) {
  if (end === void 0) return base2;
  if (end === null) return void 0;
  if (isAbsolute3(end)) return end.startsWith("~") ? void 0 : normalizePath(end);
  return base2 ? normalizePath(import_node_path10.posix.join(base2, end)) : void 0;
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
  const rename2 = (from, into) => {
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
          rename2(from, f);
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
  const out2 = [];
  const folds = [];
  for (const f of files) {
    if (isAbsolute3(f.path) || f.path.startsWith("$") || f.path.startsWith("..")) {
      out2.push(f);
      continue;
    }
    const matches = byTail.get(f.path) ?? [];
    if (matches.length === 1) folds.push({ from: f, into: matches[0] });
    else out2.push(f);
  }
  for (const { from, into } of folds) {
    merge(from, into);
    into.folded.push(from.path);
  }
  return out2;
}
var import_node_path10, FILE_TOOLS2, isAbsolute3, neverWritten;
var init_files = __esm({
  "sections/ledger/files.ts"() {
    "use strict";
    import_node_path10 = require("node:path");
    init_pipeline2();
    init_shell_writes();
    FILE_TOOLS2 = {
      Write: "file_path",
      Edit: "file_path",
      MultiEdit: "file_path",
      NotebookEdit: "notebook_path"
    };
    isAbsolute3 = (p) => p.startsWith("/") || p.startsWith("~");
    neverWritten = (f) => f.toolCalls > 0 && f.failedToolCalls === f.toolCalls && !f.tools.Bash;
  }
});

// sections/ledger/tasks.ts
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
        const subject = str2(input.subject);
        if (id && subject) Object.assign(upsert(id), { subject, status: "pending" });
      } else if (use.name === "TaskUpdate") {
        const id = str2(input.taskId);
        if (!id) continue;
        if (input.status === "deleted") {
          tasks.delete(id);
          continue;
        }
        const t = upsert(id);
        if (str2(input.status)) t.status = input.status;
        if (str2(input.subject)) t.subject = input.subject;
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
        input.todos.forEach((todo, i2) => {
          if (typeof todo !== "object" || todo === null) return;
          const o = todo;
          const subject = str2(o.content) ?? str2(o.subject);
          if (subject) tasks.set(`todo:${i2 + 1}`, { id: String(i2 + 1), subject, status: str2(o.status) ?? "pending", blockedBy: [] });
        });
      }
    }
  }
  return [...tasks.values()].filter((t) => t.subject !== "");
}
function renderTasks(tasks, room, lookup, subjectChars = 100) {
  const counts = /* @__PURE__ */ new Map();
  for (const t of tasks) counts.set(t.status, (counts.get(t.status) ?? 0) + 1);
  const summary = [...counts].sort((a, b) => (RANK[a[0]] ?? 2) - (RANK[b[0]] ?? 2)).map(([s, k]) => `${fmt(k)} ${s.replace(/_/g, " ")}`).join(", ");
  const head = `### Tasks: ${fmt(tasks.length)} (${summary}), as the task calls left them`;
  const open4 = [...tasks].filter((t) => t.status !== "completed").sort((a, b) => rank(a) - rank(b) || byId(a, b));
  const done = tasks.filter((t) => t.status === "completed").sort(byId);
  const openIds = new Set(open4.map((t) => t.id));
  const line = (t) => {
    const waits = t.status === "completed" ? [] : t.blockedBy.filter((b) => openIds.has(b));
    return `- [${t.status.replace(/_/g, " ")}] #${t.id} ${clip(oneLine(t.subject), subjectChars)}${waits.length ? ` (after #${waits.join(", #")})` : ""}`;
  };
  const openRows = open4.map(line);
  const size = (rows) => [head, ...rows].join("\n").length;
  const doneRows = done.map(line);
  if (size([...openRows, ...doneRows]) <= room) return { text: [head, ...openRows, ...doneRows].join("\n"), shown: tasks.length };
  const doneIds = done.length ? [`- [completed] ${done.map((t) => `#${t.id}`).join(", ")}`] : [];
  if (size([...openRows, ...doneIds]) <= room) return { text: [head, ...openRows, ...doneIds].join("\n"), shown: tasks.length };
  const note = (left) => `[${fmt(left)} more open left out for room; every task: ${lookup}]`;
  let kept = openRows.length;
  let chars2 = size([...openRows, ...doneIds]);
  while (kept > 0 && chars2 + note(open4.length - kept).length + 1 > room) {
    kept--;
    chars2 -= openRows[kept].length + 1;
  }
  return { text: [head, ...openRows.slice(0, kept), note(open4.length - kept), ...doneIds].join("\n"), shown: kept + done.length };
}
var str2, LIST_LINE, RANK, rank, byId;
var init_tasks = __esm({
  "sections/ledger/tasks.ts"() {
    "use strict";
    init_pipeline2();
    str2 = (v) => typeof v === "string" && v !== "" ? v : void 0;
    LIST_LINE = /^#(\w+) \[(\w+)\] (.*?)(?: \[blocked by ([^\]]*)\])?$/;
    RANK = { in_progress: 0, pending: 1, completed: 3 };
    rank = (t) => RANK[t.status] ?? 2;
    byId = (a, b) => /^\d+$/.test(a.id) && /^\d+$/.test(b.id) ? Number(a.id) - Number(b.id) : a.id < b.id ? -1 : 1;
  }
});

// sections/ledger/index.ts
function messagesInScope(t) {
  const from = windowStart(t.messages);
  return { messages: t.messages.slice(from), from };
}
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
  for (const [i2, c] of shellCalls.entries()) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve7) => setImmediate(resolve7));
      sliceStart = performance.now();
    }
    signal?.throwIfAborted();
    const command = c.use.input.command;
    const byParser = i2 >= firstParsed && command.length <= PARSER_CAPS.chars;
    const seen = byParser ? byParserSeen : byTokensSeen;
    c.shell = seen.get(command) ?? analyzeShell(command, byParser ? parser : null);
    seen.set(command, c.shell);
    const base2 = c.use.cwd ?? shellDir;
    if (base2 !== void 0) c.base = base2;
    shellDir = CWD_RESET.exec(c.use.result?.text ?? "")?.[1]?.trim() ?? dirAfter(base2, c.shell.endDir);
    if (c.shell.via === "parser") stats.parsed++;
    else if (byParser || !parser) stats.fallbacks.push(i2 + 1);
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
  const parts2 = Object.entries(f.tools).map(([tool, n]) => {
    const how = tool === "Bash" && f.shell.length ? ` (${f.shell.join(", ")})` : "";
    return `${tool}${n > 1 ? ` \xD7${n}` : ""}${how}`;
  });
  const dir = f.path.slice(0, f.path.lastIndexOf("/") + 1);
  const old = (p) => dir && p.startsWith(dir) && !p.slice(dir.length).includes("/") ? p.slice(dir.length) : shortPath(p, cwd);
  const renamed = f.renamedFrom.length ? `; renamed from ${f.renamedFrom.map(old).join(", ")}` : "";
  if (f.deleted) return parts2.length ? `${parts2.join(", ")}${renamed}; then deleted (${f.deleted})` : `deleted (${f.deleted})`;
  return parts2.join(", ") + renamed;
}
function renderFiles(files, room, cwd, n) {
  const perTool = /* @__PURE__ */ new Map();
  for (const f of files) for (const t of Object.keys(f.tools)) perTool.set(t, (perTool.get(t) ?? 0) + 1);
  const counts = [...perTool].map(([t, k]) => `${t} ${fmt(k)}`).join(" \xB7 ");
  const onlyDeleted = files.filter((f) => Object.keys(f.tools).length === 0).length;
  const written = files.length - onlyDeleted;
  const head = `### Files written: ${fmt(written)}${onlyDeleted ? `, deleted: ${fmt(onlyDeleted)}` : ""}${written ? ` (files per tool: ${counts})` : ""}`;
  if (files.length === 0) return { text: head, shown: 0 };
  const relative6 = cwd && cwd !== "/" && files.some((f) => f.path.startsWith(`${cwd.replace(/\/+$/, "")}/`));
  const intro = relative6 ? [`Paths are relative to ${cwd}.`] : [];
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
  const dropOrder = [...newest.keys()].filter((i2) => newest[i2].later).concat([...newest.keys()].filter((i2) => !newest[i2].later));
  const kept = newest.map(() => true);
  let shown = newest.length;
  const build2 = () => {
    const left = all.length - shown;
    const newestOnly = kept.every((k, i2) => k === i2 >= newest.length - shown);
    const which = newestOnly ? `the newest ${fmt(shown)} shown` : `${fmt(shown)} shown: the newest no later run fixed, before those one did`;
    const how = shown === 0 ? ` (none listed here, for room; each in full: ${lookupCall(n)})` : left ? ` (${which}; all of them: ${lookupCall(n)})` : "";
    return [`### Failures: ${fmt(all.length)}${how}`, ...never, ...newest.filter((_, i2) => kept[i2]).map((f) => renderFailure(f, cwd))].join("\n");
  };
  let text = build2();
  for (const i2 of dropOrder) {
    if (text.length <= room) break;
    kept[i2] = false;
    shown--;
    text = build2();
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
  const sep3 = 2;
  const countLine = (left, readOnly2) => `[${fmt(left)} older command${left === 1 ? "" : "s"} left out here (${fmt(readOnly2)} of them read-only probes); every command at full length: ${lookupCall(n)}]`;
  const commandsHead = `### Shell commands: ${fmt(data.commands.length)}`;
  const tasks = data.tasks.length ? renderTasks(data.tasks, Math.floor(budget * TASKS_SHARE), lookupCall(n)) : null;
  const unwritten = data.files.filter(neverWritten);
  const files = renderFiles(
    data.files.filter((f) => !neverWritten(f)),
    Math.floor(budget * FILES_SHARE),
    cwd,
    n
  );
  const head = intro.length + sep3 + (tasks ? tasks.text.length + sep3 : 0) + files.text.length + sep3;
  const rows = repeatsCollapsed(data.commands);
  const layout = (newest) => {
    const lim = { ...limits, newest };
    const reserve = data.commands.length ? commandsHead.length + 1 + commandsReserve(rows, countLine(999, 999).length, lim) + sep3 : 0;
    const fails2 = renderFailures(data.failures, unwritten, options.maxFailures, Math.max(0, budget - head - reserve - sep3), cwd, n);
    const used = head + fails2.text.length + (data.commands.length ? sep3 : 0);
    const fitted2 = data.commands.length ? fitCommands(rows, Math.max(0, budget - used - commandsHead.length - 1), countLine, lim) : { text: "", shown: 0, leftOut: 0, leftOutReadOnly: 0 };
    const parts2 = [
      intro,
      ...tasks ? [tasks.text] : [],
      files.text,
      fails2.text,
      ...data.commands.length ? [`${commandsHead}
${fitted2.text}`] : ["### Shell commands: none"]
    ];
    return { body: parts2.join("\n\n"), fails: fails2, fitted: fitted2 };
  };
  const layouts = [layout(limits.newest)];
  const fits = (l) => l.body.length <= budget;
  const good = (l) => fits(l) && (data.failures.length === 0 || options.maxFailures === 0 || l.fails.shown > 0);
  for (let newest = limits.newest - 1; !good(layouts.at(-1)) && newest >= 0; newest--) layouts.push(layout(newest));
  const laid = layouts.find(good) ?? layouts.find(fits) ?? layouts.at(-1);
  const { fails, fitted } = laid;
  let body2 = laid.body;
  if (body2.length > budget) {
    const note = `[ledger cut at ${fmt(budget)} chars (budgetChars); all of it: ${lookupCall(n)}]`;
    const end = body2.lastIndexOf("\n", budget - note.length - 1);
    body2 = end > 0 ? `${body2.slice(0, end)}
${note}` : `[the ledger does not fit in ${fmt(budget)} chars (budgetChars); all of it: ${lookupCall(n)}]`;
  }
  return {
    body: body2,
    tasksShown: tasks?.shown ?? 0,
    filesShown: files.shown,
    neverWritten: unwritten.length,
    failuresShown: fails.shown,
    commandsShown: fitted.shown,
    commandsLeftOut: fitted.leftOut
  };
}
var DEFAULTS, FILES_SHARE, TASKS_SHARE, lookupCall, PARSER_CAPS, SLICE_MS, CWD_RESET, PARSER_NAME, ledger_default;
var init_ledger = __esm({
  "sections/ledger/index.ts"() {
    "use strict";
    init_pipeline2();
    init_bash_parser();
    init_commands();
    init_failures();
    init_files();
    init_shell_writes();
    init_tasks();
    DEFAULTS = { newestCommands: 10, commandClipChars: 150, maxFailures: 20 };
    FILES_SHARE = 0.45;
    TASKS_SHARE = 0.2;
    lookupCall = (n) => `handoff_lookup {"n": ${n}, "section": "ledger"}`;
    PARSER_CAPS = { commands: 2e3, chars: 2e4 };
    SLICE_MS = 20;
    CWD_RESET = /^Shell cwd was reset to (\/.*)$/m;
    PARSER_NAME = "tree-sitter-bash (web-tree-sitter)";
    ledger_default = defineSection({
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
  }
});

// sections/outline/index.ts
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
  const out2 = [];
  fileLines(copy.text).forEach((line, i2) => {
    if (!DECLARATION.test(line)) return;
    const text = hideSecretValues(line.trim());
    out2.push({ line: copy.firstLine + i2, text: text.length > lineChars ? `${text.slice(0, lineChars - 1)}\u2026` : text });
  });
  return out2;
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
  let i2 = -1;
  while (i2 + 1 < decls.length && decls[i2 + 1].line <= line) i2++;
  return i2;
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
  const rows = shown.map((d, i2) => `    ${d.line}: ${d.text}${i2 === holder ? "   \u2190 there" : ""}`);
  const left = decls.length - shown.length;
  if (left > 0) rows.push(`    (${fmt(left)} more declaration${left === 1 ? "" : "s"} in it, not listed)`);
  return { rows, shown: shown.length };
}
var import_node_fs8, import_node_path11, MODIFIERS, DECLARATION, edits, changed, outline_default;
var init_outline = __esm({
  "sections/outline/index.ts"() {
    "use strict";
    import_node_fs8 = require("node:fs");
    import_node_path11 = require("node:path");
    init_pipeline2();
    MODIFIERS = "(?:(?:export|pub(?:\\([\\w:]+\\))?|public|private|protected|internal|static|async|abstract|final|override|default|extern)\\s+)*";
    DECLARATION = new RegExp(
      `^(?:(?: {0,4}|\\t?)${MODIFIERS}(?:(?:func|class|def(?:p|module|macrop?|struct|impl|protocol)?|interface|struct|enum|function|fn|impl|trait|module|object|record|namespace)\\b|macro_rules!)|${MODIFIERS}(?:const|var|let|type)\\b|[A-Z][A-Z0-9_]{3,}\\s*[:=]|#{1,4} |\\\\(?:sub)*section\\*?\\{)`
    );
    edits = (ops) => (ops.Edit ?? 0) + (ops.MultiEdit ?? 0) + (ops.NotebookEdit ?? 0);
    changed = (t) => (t.ops.Write ?? 0) + edits(t.ops) > 0;
    outline_default = defineSection({
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
        const touches = [...fileTouches(ctx.input.transcript).values()].reverse().filter((t) => (0, import_node_path11.basename)(t.path) !== "CLAUDE.md");
        if (touches.length === 0) throw new SectionDropError("SECTION_EMPTY", "the session touched no file through a file tool");
        const cwd = ctx.input.transcript.cwd ?? ctx.input.cwd;
        const relative6 = touches.some((t) => shortPath(t.path, cwd) !== t.path);
        const intro = `Files this session worked on, newest first${relative6 ? `, relative to ${cwd}` : ""}: what was done to each, how much of it the conversation showed, where the work last was; under the newest of them (changed ones first), their declarations near that line (as last seen; the file may have changed since).`;
        const room = ctx.budgetChars - 80;
        const policy = readPolicy(ctx.input.transcript.cwd, { denyPaths: ctx.options.denyPaths ?? [], allowPaths: ctx.options.allowPaths ?? [] });
        const denied = (touch) => secretPattern(touch.path, policy);
        const here2 = (path) => (0, import_node_fs8.existsSync)((0, import_node_path11.resolve)(cwd, path));
        const sameMachine = onSessionMachine(
          ctx.input.trigger,
          ctx.input.transcript.cwd,
          touches.map((t) => t.path),
          here2
        );
        const goneNow = new Set(sameMachine ? touches.filter((t) => !here2(t.path)).map((t) => t.path) : []);
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
  }
});

// sections/recent/index.ts
var namesPathUnder, recent_default;
var init_recent = __esm({
  "sections/recent/index.ts"() {
    "use strict";
    init_pipeline2();
    namesPathUnder = (input, cwd) => PATH_FIELDS.some((k) => typeof input[k] === "string" && shortPath(input[k], cwd) !== input[k]);
    recent_default = defineSection({
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
        const start2 = windowStart(t.messages);
        const messages = t.messages.slice(start2);
        const under = t.cwd !== void 0 && messages.some((m) => m.toolUses.some((u) => namesPathUnder(u.input, t.cwd)));
        const relative6 = under ? `; paths relative to ${t.cwd}` : "";
        const intro = `The last messages before this compaction, oldest first: the older ones a line per tool call (its input, how it came back${relative6}), the newest in full.`;
        const maxChars = ctx.budgetChars - intro.length - 2;
        const rendered2 = renderConversation(
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
        if (rendered2.rendered === 0)
          throw new SectionDropError("SECTION_EMPTY", "no message fits, or the conversation holds none to show since the last compaction");
        return { body: `${intro}

${rendered2.text}`, record: { messages: rendered2.rendered, leftOut: rendered2.leftOut, fromMessage: start2 } };
      }
    });
  }
});

// sections/restore/choose.ts
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
  const exists = opts.exists ?? import_node_fs9.existsSync;
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
    else if (ENGINE_ATTACHED.has((0, import_node_path12.basename)(r.path))) refused.push({ path: r.path, why: `${(0, import_node_path12.basename)(r.path)} is re-attached by the engine itself` });
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
    if (ENGINE_ATTACHED.has((0, import_node_path12.basename)(touch.path)) || !usable(touch.path, touch)) continue;
    const why = policyRefusal(touch.path);
    if (why !== null) refused.push({ path: touch.path, why, told: true });
    else recent.push({ path: touch.path, range: "all", reason: "recently touched" });
  }
  return { source: "recency", files: recent, refused };
}
var import_node_fs9, import_node_path12;
var init_choose = __esm({
  "sections/restore/choose.ts"() {
    "use strict";
    import_node_fs9 = require("node:fs");
    import_node_path12 = require("node:path");
    init_pipeline2();
  }
});

// sections/restore/index.ts
function windowFor(touch, fileChars, within2 = false) {
  const copy = touch?.stored;
  const focus = touch?.focus ?? 1;
  if (!copy && focus <= 1) return "all";
  const lines = copy ? fileLines(copy.text) : [];
  const first = copy?.firstLine ?? 1;
  const last = first + lines.length - 1;
  if (copy?.whole && lines.reduce((sum, l, i2) => sum + shownChars(l, i2 + 1), 0) <= fileChars) return "all";
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
  let open4 = demands.map((_, i2) => i2);
  while (open4.length > 0 && left > 0) {
    const even = Math.floor(left / open4.length);
    const small = open4.filter((i2) => demands[i2] - shares[i2] <= even);
    if (small.length === 0) {
      for (const i2 of open4) shares[i2] += even;
      break;
    }
    for (const i2 of small) {
      left -= demands[i2] - shares[i2];
      shares[i2] = demands[i2];
    }
    open4 = open4.filter((i2) => !small.includes(i2));
  }
  return shares;
}
function demandOf(touch, fileChars, onDisk) {
  const s = touch?.stored;
  const label = STORED_LABEL_CHARS;
  if (onDisk !== void 0) return Math.min(fileChars, Math.ceil(onDisk * 1.2) + label);
  if (!s) return fileChars;
  const shown = fileLines(s.text).reduce((n, line, i2) => n + shownChars(line, s.firstLine + i2), 0);
  return Math.min(fileChars, shown + label);
}
function sizeOnDisk(path) {
  const st = path ? (0, import_node_fs10.statSync)(path, { throwIfNoEntry: false }) : void 0;
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
async function readOne(ctx, file2, stored, policy, maxChars) {
  const started = ctx.capabilities.now();
  const kind = NOT_TEXT[(0, import_node_path13.extname)(file2.path).toLowerCase()];
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
      const request = { path: file2.path, ...rangeInput(file2.range), policy, maxChars };
      const answer2 = await Promise.race([ctx.capabilities.files.read(request, signal), stopped]);
      if (answer2.ok)
        return {
          text: answer2.text,
          truncated: answer2.truncated === true,
          source: "read",
          whole: file2.range === "all",
          ms: ctx.capabilities.now() - started
        };
      why = answer2.reason;
    } catch (err2) {
      why = timer.signal.aborted ? `no answer within ${fmt(ctx.options.readTimeoutMs)} ms (readTimeoutMs)` : err2.message;
    } finally {
      clearTimeout(t);
    }
    if (ctx.signal.aborted) return { failed: "the section was stopped" };
  }
  const shown = stored ? storedLines(stored, file2.fallback) : "";
  if (stored && shown !== "") {
    return {
      text: storedLabel(stored, file2.fallback, why) + shown,
      source: "stored",
      truncated: false,
      whole: stored.whole && file2.fallback === "all",
      ms: ctx.capabilities.now() - started,
      note: `read failed (${why}); the transcript's copy stands in`
    };
  }
  return { failed: `read failed: ${why}` };
}
var import_node_fs10, import_node_path13, NOT_TEXT, rangeInput, shownChars, STORED_LABEL_CHARS, ASSUMED_LINE_CHARS, restore_default;
var init_restore = __esm({
  "sections/restore/index.ts"() {
    "use strict";
    import_node_fs10 = require("node:fs");
    import_node_path13 = require("node:path");
    init_pipeline2();
    init_choose();
    NOT_TEXT = {
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
    rangeInput = (range) => range === "all" ? {} : { offset: range.from, limit: range.to - range.from + 1 };
    shownChars = (line, n) => String(n).length + line.length + 2;
    STORED_LABEL_CHARS = 250;
    ASSUMED_LINE_CHARS = 50;
    restore_default = defineSection({
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
        const policy = readPolicy(input.transcript.cwd, { denyPaths: options.denyPaths ?? [], allowPaths: options.allowPaths ?? [] });
        const onDisk = (path) => {
          const abs = resolveIn(policy, path);
          return abs !== null && (0, import_node_fs10.existsSync)(abs);
        };
        const touches = fileTouches(input.transcript);
        const sameMachine = onSessionMachine(input.trigger, input.transcript.cwd, touches.keys(), onDisk);
        const ledger = ctx.needed.ledger;
        const written = ledger?.status === "ok" ? ledger.record?.files : void 0;
        const deletions = new Map((written ?? []).flatMap((f) => f.deleted ? [[f.path, f.deleted]] : []));
        const choice = choose(named, input.transcript, {
          maxFiles: options.maxFiles,
          sameMachine,
          exists: onDisk,
          refuse: (path, stored) => refusalOf(path, policy, stored),
          deletedBy: (path) => deletions.get(path)
        });
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
        const files = choice.files.map((f, i2) => {
          const touch = touches.get(f.path);
          if (f.range !== "all") return { ...f, fallback: f.range };
          return { ...f, range: windowFor(touch, shares[i2]), fallback: windowFor(touch, shares[i2] - STORED_LABEL_CHARS, true) };
        });
        const reads = await Promise.all(files.map((f, i2) => readOne(ctx, f, touches.get(f.path)?.stored, policy, shares[i2])));
        files.forEach((file2, i2) => {
          const r = reads[i2];
          if ("failed" in r) return void failed3.push({ path: file2.path, why: r.failed });
          const share = shares[i2];
          const setting = share < options.fileChars ? `its share of totalChars: ${fmt(share)}` : `fileChars: ${options.fileChars}`;
          const { text, clipped } = clipFile(r.text, share, r.truncated, setting);
          const cost = text.length + perCall(file2.path);
          if (used + cost > total)
            return void failed3.push({
              path: file2.path,
              why: `${fmt(text.length)} chars would take the restored total past ${fmt(total)} (${totalSetting})`,
              overTotal: true
            });
          used += cost;
          const lines = shownLines(text);
          const range = r.whole && clipped === 0 && !r.truncated ? "all" : lines.count > 0 ? { from: lines.from, to: lines.to } : file2.range;
          const id = `toolu_handoff_${String(input.lineage.n).padStart(3, "0")}_restore_${restored.length + 1}`;
          messages[0].toolUses.push({ id, name: "Read", input: { file_path: file2.path, ...rangeInput(range) } });
          messages[1].toolResults.push({ toolUseId: id, text, isError: false });
          const stored = touches.get(file2.path)?.stored;
          restored.push({
            path: file2.path,
            range,
            reason: file2.reason,
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
          const holds2 = f.copyHolds ? `, which holds only ${lineSpan(f.copyHolds.from, f.copyHolds.to)} of it` : "";
          const how2 = f.source === "stored" ? `; the file could not be read, so from the transcript's last copy${holds2}` : "";
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
  }
});

// sections/state/exec.ts
async function exec(file2, args2, opts) {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  if (opts.signal.aborted) return { kind: "aborted", ms: 0 };
  const spawn = spawnFn ??= (await Promise.resolve().then(() => __toESM(require("node:child_process"), 1))).spawn;
  if (opts.signal.aborted) return { kind: "aborted", ms: ms() };
  return new Promise((resolve7) => {
    const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    const child = spawn(file2, args2, {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ["ignore", "pipe", "pipe"],
      // A group of its own, so a kill reaches whatever it started (gh runs git, a script sleeps).
      detached: POSIX,
      windowsHide: true
    });
    const out2 = [];
    const err2 = [];
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
    const finish2 = (result, killIt = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal.removeEventListener("abort", onAbort);
      if (killIt) kill();
      resolve7(result);
    };
    const onAbort = () => finish2({ kind: "aborted", ms: ms() }, true);
    const timer = setTimeout(() => finish2({ kind: "timeout", ms: ms() }, true), Math.max(1, opts.timeoutMs));
    opts.signal.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk) => {
      outBytes += chunk.length;
      if (outBytes > maxBytes) return finish2({ kind: "too-large", bytes: outBytes, ms: ms() }, true);
      out2.push(chunk);
    });
    child.stderr.on("data", (chunk) => {
      if (errBytes < 8192) err2.push(chunk);
      errBytes += chunk.length;
    });
    child.on("error", (e) => {
      if (e.code === "ENOENT") finish2({ kind: "missing", ms: ms() });
      else finish2({ kind: "error", message: e.message, ms: ms() }, true);
    });
    child.on("close", (code, signal) => {
      if (code === 0) finish2({ kind: "ok", stdout: Buffer.concat(out2).toString("utf8"), ms: ms() });
      else finish2({ kind: "failed", code, signal, stderr: Buffer.concat(err2).toString("utf8"), ms: ms() });
    });
  });
}
function firstLine(text, max = 200) {
  const line = text.split("\n").map((l) => l.trim()).find((l) => l !== "") ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}\u2026` : line;
}
var POSIX, spawnFn;
var init_exec = __esm({
  "sections/state/exec.ts"() {
    "use strict";
    POSIX = process.platform !== "win32";
    spawnFn = null;
  }
});

// sections/state/git.ts
function quietEnv(base2) {
  const env = { ...base2 };
  for (const name2 of REPO_LOCATION_VARS) delete env[name2];
  return {
    ...env,
    LC_ALL: "C",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_TERMINAL_PROMPT: "0",
    GIT_PAGER: "cat",
    PAGER: "cat"
  };
}
function fields(record, n) {
  const head = [];
  let at2 = 0;
  for (let i2 = 0; i2 < n; i2++) {
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
  for (let i2 = 0; i2 < records.length; i2++) {
    const rec = records[i2];
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
    if (type === "2") entry.from = records[++i2] ?? "";
    const words = submoduleWords(sub);
    if (words) entry.submodule = words;
    s.entries.push(entry);
    if (staged) s.counts.staged++;
    if (unstaged) s.counts.unstaged++;
  }
  return s;
}
function parseLog(raw) {
  return raw.split("\0").map((r) => r.replace(/^\n/, "")).filter((r) => r !== "").map((r) => {
    const [hash = "", date = "", author = "", subject = ""] = r.split("");
    return { hash, date, author, subject };
  });
}
function operationInProgress(gitDir) {
  const has = (p) => (0, import_node_fs11.existsSync)((0, import_node_path14.join)(gitDir, p));
  const read2 = (p) => {
    try {
      return (0, import_node_fs11.readFileSync)((0, import_node_path14.join)(gitDir, p), "utf8").trim();
    } catch {
      return "";
    }
  };
  const step = (dir, n, of) => {
    const [a, b] = [read2((0, import_node_path14.join)(dir, n)), read2((0, import_node_path14.join)(dir, of))];
    return a && b ? `, step ${a} of ${b}` : "";
  };
  const branchOf = (dir) => {
    const name2 = read2((0, import_node_path14.join)(dir, "head-name")).replace(/^refs\/heads\//, "");
    return name2 && name2 !== "detached HEAD" ? ` of ${name2}` : "";
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
async function repoProgramOverrides(opts) {
  const r = await exec("git", ["config", "--show-scope", "--null", "--name-only", "--get-regexp", "."], { ...opts, env: quietEnv(opts.env) });
  if (r.kind !== "ok") return [];
  const parts2 = r.stdout.split("\0");
  const out2 = [];
  for (let i2 = 0; i2 + 1 < parts2.length; i2 += 2) {
    const [scope2, key] = [parts2[i2], parts2[i2 + 1]];
    if (!REPO_SCOPES.has(scope2) || !PROGRAM_KEY_RE.test(key)) continue;
    out2.push("-c", `${key}=`);
    const filter = /^filter\.(.+)\.(?:clean|smudge|process)$/i.exec(key);
    if (filter) out2.push("-c", `filter.${filter[1]}.required=false`);
  }
  return out2;
}
function gitConfigEnv(pairs) {
  const env = {};
  let n = 0;
  for (let i2 = 0; i2 + 1 < pairs.length; i2 += 2) {
    if (pairs[i2] !== "-c") continue;
    const kv = pairs[i2 + 1];
    const eq = kv.indexOf("=");
    env[`GIT_CONFIG_KEY_${n}`] = kv.slice(0, eq);
    env[`GIT_CONFIG_VALUE_${n}`] = kv.slice(eq + 1);
    n++;
  }
  env.GIT_CONFIG_COUNT = String(n);
  return env;
}
async function git(args2, opts) {
  const overrides = await (opts.overrides ?? repoProgramOverrides(opts));
  return exec("git", [...GIT_GLOBAL_ARGS, ...overrides, ...args2], { ...opts, env: quietEnv(opts.env) });
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
var import_node_fs11, import_node_path14, REPO_LOCATION_VARS, GIT_GLOBAL_ARGS, LOG_FORMAT, PROGRAM_KEY_RE, REPO_SCOPES;
var init_git = __esm({
  "sections/state/git.ts"() {
    "use strict";
    import_node_fs11 = require("node:fs");
    import_node_path14 = require("node:path");
    init_exec();
    REPO_LOCATION_VARS = [
      "GIT_DIR",
      "GIT_WORK_TREE",
      "GIT_INDEX_FILE",
      "GIT_OBJECT_DIRECTORY",
      "GIT_ALTERNATE_OBJECT_DIRECTORIES",
      "GIT_COMMON_DIR",
      "GIT_NAMESPACE",
      "GIT_PREFIX"
    ];
    GIT_GLOBAL_ARGS = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "--no-optional-locks"];
    LOG_FORMAT = "%h%x1f%cI%x1f%an%x1f%s";
    PROGRAM_KEY_RE = /^(?:filter\..+\.(?:clean|smudge|process)|diff\..+\.(?:textconv|command)|merge\..+\.driver|core\.(?:sshcommand|askpass|editor|pager|gitproxy)|credential\.(?:.+\.)?helper|gpg\.(?:.+\.)?program|sequence\.editor)$/i;
    REPO_SCOPES = /* @__PURE__ */ new Set(["local", "worktree"]);
  }
});

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
  const args2 = ["pr", "list", "--state", "open", "--limit", String(opts.limit), "--json", "number,title,headRefName,author,isDraft"];
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
  const r = await exec("gh", args2, { cwd: opts.cwd, env, timeoutMs: opts.timeoutMs, signal: opts.signal, maxBytes: 4 * 1024 * 1024 });
  if (r.kind !== "ok") return { ok: false, reason: whyFailed("gh pr list", "gh", r, opts.limitLabel) };
  const prs = parsePrList(r.stdout);
  if (!prs) return { ok: false, reason: "gh pr list printed something other than the JSON list it was asked for" };
  return { ok: true, prs, limit: opts.limit };
}
var init_gh = __esm({
  "sections/state/gh.ts"() {
    "use strict";
    init_exec();
    init_git();
  }
});

// sections/state/index.ts
async function readState(o) {
  const reading = { status: null, commits: null, operation: null, prs: null, unreadable: [], ms: {} };
  const gitRows = ["branch", "working-tree", ...o.commits > 0 ? ["commits"] : []];
  const repoRows = [...gitRows, ...o.gh ? ["open-prs"] : []];
  const lose = (rows, reason) => rows.forEach((row) => reading.unreadable.push({ row, reason }));
  let isDir;
  try {
    isDir = (0, import_node_fs12.existsSync)(o.cwd) && (0, import_node_fs12.statSync)(o.cwd).isDirectory();
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
function branchLine(s, commits) {
  if (s.branch === null) {
    const short = commits?.[0]?.hash ?? s.oid?.slice(0, 10) ?? "an unknown commit";
    return `- Branch: detached HEAD at ${short}`;
  }
  const name2 = `\`${s.branch}\``;
  if (s.oid === null) return `- Branch: ${name2} (no commits yet)`;
  if (!s.upstream) return `- Branch: ${name2} (no upstream)`;
  if (s.ahead === null || s.behind === null) return `- Branch: ${name2} (upstream \`${s.upstream}\`: gone)`;
  return `- Branch: ${name2} (upstream \`${s.upstream}\`: ${fmt(s.ahead)} ahead, ${fmt(s.behind)} behind)`;
}
function treeLine(s) {
  const c = s.counts;
  const parts2 = [
    c.conflicted && `${fmt(c.conflicted)} conflicted`,
    c.staged && `${fmt(c.staged)} staged`,
    c.unstaged && `${fmt(c.unstaged)} unstaged`,
    c.untracked && `${fmt(c.untracked)} untracked`
  ].filter(Boolean);
  const stash = s.stashes ? `; ${plural(s.stashes, "stash", "stashes")}` : "";
  return `- Working tree: ${parts2.length ? parts2.join(", ") : "clean"}${stash}`;
}
function fileLine(e) {
  const path = e.from !== void 0 ? `${clip(e.from, 160)} \u2192 ${clip(e.path, 160)}` : clip(e.path, 200);
  return `  - \`${e.xy}\` ${path}${e.submodule ? ` (${e.submodule})` : ""}`;
}
function orderEntries(entries) {
  const rank2 = { conflicted: 0, changed: 1, renamed: 1, untracked: 2 };
  return entries.map((e, i2) => ({ e, i: i2 })).sort((a, b) => rank2[a.e.kind] - rank2[b.e.kind] || a.i - b.i).map((x) => x.e);
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
  let body2 = renderAll(head, blocks, unread);
  for (const b of [files, prs, commits, agents]) {
    while (b && b.kept > 0 && body2.length > opts.budget) {
      b.kept--;
      body2 = renderAll(head, blocks, unread);
    }
  }
  if (body2.length > opts.budget) body2 = `${body2.slice(0, Math.max(0, opts.budget - 1))}\u2026`;
  return {
    body: body2,
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
var import_node_fs12, REPO_ROWS, plural, DEFAULT_OPTIONS, renderAll, state_default;
var init_state = __esm({
  "sections/state/index.ts"() {
    "use strict";
    import_node_fs12 = require("node:fs");
    init_pipeline2();
    init_gh();
    init_git();
    REPO_ROWS = {
      branch: "branch",
      operation: "an operation in progress",
      "working-tree": "working tree",
      commits: "last commits"
    };
    plural = (n, one, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;
    DEFAULT_OPTIONS = {
      commits: 5,
      maxFiles: 40,
      gh: true,
      prLimit: 20,
      gitTimeoutMs: 3e3,
      ghTimeoutMs: 3e3
    };
    renderAll = (head, blocks, tail) => [head, ...blocks.flatMap(renderBlock), ...tail].join("\n");
    state_default = defineSection({
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
  }
});

// sections/summary/prompts/inventory.ts
var SUMMARY_MARKER, INVENTORY_PROMPT;
var init_inventory = __esm({
  "sections/summary/prompts/inventory.ts"() {
    "use strict";
    SUMMARY_MARKER = "[compact-handoff:summary]";
    INVENTORY_PROMPT = `${SUMMARY_MARKER}
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
  }
});

// sections/summary/reply.ts
function parseRange(field) {
  const f = field.trim().toLowerCase();
  if (f === "all" || f === "") return "all";
  const m = /^(\d+)\s*(?:[-–]\s*(\d+))?$/.exec(f);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === void 0 ? from : Number(m[2]);
  return from >= 1 && to >= from ? { from, to } : null;
}
function parseRestoreLines(block) {
  const files = [];
  const rejected = [];
  for (const raw of block.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const [rawPath = "", rawRange = "", ...rest] = line.replace(/^[-*]\s+/, "").split("|");
    const path = rawPath.trim().replace(/^`|`$/g, "");
    const range = parseRange(rawRange);
    const why = !isAbsolute4(path) ? "not an absolute path" : range === null ? `range "${rawRange.trim()}" is neither "all" nor "from-to"` : files.some((f) => f.path === path) ? "named twice" : files.length >= MAX_RESTORE_FILES ? `past the cap of ${MAX_RESTORE_FILES} files` : null;
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
  const open4 = text.indexOf("<analysis>");
  if (open4 >= 0) {
    const summaryAt = text.indexOf("<summary>", open4);
    if (summaryAt >= 0) {
      analysisChars += summaryAt - open4;
      text = text.slice(0, open4) + text.slice(summaryAt);
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
  const body2 = demoteHeadings(
    text.replace(/\n#+ *Files to reopen\s*$/i, "").replace(/\n{3,}/g, "\n\n").trim()
  );
  return { body: body2, analysisChars, analysisUnclosed, wrapperChars, restoreBlock, restoreFiles: files, restoreRejected: rejected };
}
function demoteHeadings(body2) {
  let fenced = false;
  return body2.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    return !fenced && /^#{1,2} /.test(line) ? line.replace(/^#{1,2} /, "### ") : line;
  }).join("\n");
}
function fitBody(body2, budget) {
  if (body2.length <= budget) return { body: body2, cutChars: 0 };
  const note = (n) => `

[\u2026 the summary's last ${fmt(n)} chars were cut to fit budgetChars: ${fmt(budget)}]`;
  const room = Math.max(0, budget - note(body2.length).length);
  let end = body2.lastIndexOf("\n", room);
  if (end <= 0) end = room;
  const kept = body2.slice(0, end).trimEnd();
  return { body: kept + note(body2.length - kept.length), cutChars: body2.length - kept.length };
}
var MAX_RESTORE_FILES, ANALYSIS_CLOSED, RESTORE_BLOCK, isAbsolute4;
var init_reply2 = __esm({
  "sections/summary/reply.ts"() {
    "use strict";
    init_pipeline2();
    MAX_RESTORE_FILES = 5;
    ANALYSIS_CLOSED = /<analysis>[\s\S]*?<\/analysis>/g;
    RESTORE_BLOCK = /<restore-files>([\s\S]*?)(<\/restore-files>|$)/g;
    isAbsolute4 = (p) => p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p);
  }
});

// sections/summary/index.ts
async function loadPrompt(option) {
  if (!option) return { text: INVENTORY_PROMPT, source: "builtin:inventory" };
  const path = (0, import_node_path15.isAbsolute)(option) ? option : (0, import_node_path15.resolve)(here, option);
  try {
    return { text: await (0, import_promises3.readFile)(path, "utf8"), source: path };
  } catch (err2) {
    const e = err2;
    throw new Error(`cannot read the prompt file ${path} (options.prompt): ${e.code === "ENOENT" ? "no such file" : e.message}`, { cause: err2 });
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
  } catch (err2) {
    if (signal.aborted) throw err2;
    return { isAnswered: false, reason: `the host's model call threw: ${err2.message?.split("\n")[0] ?? String(err2)}` };
  }
}
async function writeSummary(ctx, model) {
  const { text: template, source } = await loadPrompt(ctx.options.prompt);
  const prompt = buildPrompt(template, { budgetChars: ctx.budgetChars, instructions: ctx.input.instructions });
  const { createHash } = await Promise.resolve().then(() => __toESM(require("node:crypto"), 1));
  const promptRecord = { source, chars: prompt.length, sha256: createHash("sha256").update(template).digest("hex").slice(0, 12) };
  const base2 = { prompt: promptRecord, instructions: !!ctx.input.instructions?.trim() };
  const forked = await ask(() => model.fork({ prompt }, ctx.signal), ctx.signal);
  let answer2;
  let path = "fork";
  let cold;
  if (forked.isAnswered) {
    answer2 = forked;
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
    answer2 = { ...completed, model: completed.model ?? asked };
  } else {
    const record2 = { ...base2, ...modelCallRow("fork", null, ctx.input.model) };
    const code = forked.reason.startsWith("empty") ? "SECTION_MODEL_EMPTY" : "SECTION_MODEL_FAILED";
    failed2(code, `the fork failed: ${forked.reason}`, record2);
  }
  const call = modelCallRow(path, answer2, path === "fork" ? ctx.input.model : ctx.options.coldModel ?? ctx.input.model);
  const cleaned = cleanReply(answer2.text);
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
    const dropped2 = cleaned.analysisChars > 0 ? ` (${fmt(cleaned.analysisChars)} chars of <analysis> dropped)` : "";
    failed2("SECTION_MODEL_EMPTY", `the ${path === "fork" ? "fork" : "cold completion"} replied with no summary text${dropped2}`, record);
  }
  const fitted = fitBody(cleaned.body, ctx.budgetChars);
  record.cutChars = fitted.cutChars;
  if (fitted.cutChars > 0) ctx.report.note(`${fmt(fitted.cutChars)} chars of the summary cut to fit budgetChars: ${fmt(ctx.budgetChars)}`);
  return { body: fitted.body, record };
}
var import_promises3, import_node_path15, import_node_url4, SUMMARY_COLD_MARKER, here, answeredVia, summary_default;
var init_summary = __esm({
  "sections/summary/index.ts"() {
    "use strict";
    import_promises3 = require("node:fs/promises");
    import_node_path15 = require("node:path");
    import_node_url4 = require("node:url");
    init_pipeline2();
    init_inventory();
    init_reply2();
    SUMMARY_COLD_MARKER = "[compact-handoff:summary-cold]";
    here = (0, import_node_path15.dirname)((0, import_node_url4.fileURLToPath)(__chFileUrl));
    answeredVia = (a) => a.via;
    summary_default = defineSection({
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
  }
});

// sections/turns/index.ts
function turnsFromHandoff(text) {
  return [...text.matchAll(TURN_RE)].map((m) => ({ n: Number(m[1]), text: unescapeTurn(m[3]), ...m[2] ? { at: m[2] } : {} }));
}
function newestHandoff(t) {
  for (let i2 = t.messages.length - 1; i2 >= 0; i2--) {
    const m = t.messages[i2];
    if (m.kind === "handoff") return { index: i2, n: parseMarker(m.text)?.n ?? null };
  }
  return null;
}
function wordsOf(m, uses, cwd) {
  const out2 = [];
  const base2 = cwd && cwd !== "/" ? `${cwd.replace(/\/+$/, "")}/` : null;
  for (const r of m.toolResults) {
    if (r.said === void 0) continue;
    const use = uses.get(r.toolUseId);
    const input = use ? shortInput(use, 80) : "";
    const shown = base2 && input.startsWith(base2) ? input.slice(base2.length) : input;
    out2.push({ text: r.said, refused: use ? `the ${use.name} call${shown ? ` \`${shown.replace(/`/g, "'")}\`` : ""}` : "a tool call" });
  }
  if (m.kind === "typed" && m.text.trim() !== "") out2.push({ text: m.text });
  if (m.kind === "command") {
    const name2 = COMMAND_NAME_RE.exec(m.text)?.[1]?.trim();
    const args2 = COMMAND_ARGS_RE.exec(m.text)?.[1];
    if (name2 && args2?.trim()) out2.push({ text: args2, command: name2.startsWith("/") ? name2 : `/${name2}` });
  }
  return out2;
}
function collectTurns(t) {
  const handoff = newestHandoff(t);
  const carried = [];
  for (const c of handoff ? turnsFromHandoff(t.messages[handoff.index].text) : []) {
    const n2 = Math.max(c.n, (carried.at(-1)?.n ?? 0) + 1);
    carried.push({ ...c, n: n2, carried: true });
  }
  const window2 = t.messages.slice(handoff ? handoff.index + 1 : 0);
  const uses = /* @__PURE__ */ new Map();
  for (const m of window2) for (const u of m.toolUses) uses.set(u.id, u);
  let n = carried.at(-1)?.n ?? 0;
  const fresh = window2.flatMap((m) => wordsOf(m, uses, t.cwd).map((w) => ({ n: ++n, ...w, carried: false, ...m.timestamp ? { at: m.timestamp } : {} })));
  return [...carried, ...fresh];
}
function renderTurn(turn, maxTurnChars) {
  return `${openTag(turn)}
${escapeTurn(clipTurn(wordsShown(turn), maxTurnChars))}
</turn>`;
}
function isBrief(text) {
  const s = text.trim().toLowerCase().replace(/’/g, "'");
  if (s === "" || s.length > 40 || !/^[\w\s'.,!?-]+$/.test(s)) return false;
  return s.split(/[\s.,!?-]+/).every((w) => w === "" || BRIEF_WORDS.has(w) || /^\d{1,2}$/.test(w));
}
function rolesOf(turns) {
  const later = /* @__PURE__ */ new Map();
  const roles = [];
  for (let i2 = turns.length - 1; i2 >= 0; i2--) {
    const t = turns[i2];
    const key = wordsShown(t).trim();
    const again = later.get(key);
    roles[i2] = !t.refused && !t.command && isBrief(t.text) ? { as: "brief" } : again !== void 0 ? { as: "repeat", again } : { as: "block" };
    later.set(key, t.n);
  }
  return roles;
}
function ranked(turns, roles) {
  const blocks = turns.map((_, i2) => i2).filter((i2) => roles[i2].as === "block");
  if (blocks.length === 0) return [];
  const newest = blocks.at(-1);
  const first = blocks[0];
  const resent = new Set(roles.flatMap((r) => r.as === "repeat" ? [r.again] : []));
  const rest = blocks.filter((i2) => i2 !== newest && i2 !== first).reverse();
  const sentAgain = rest.filter((i2) => resent.has(turns[i2].n));
  return newest === first ? [newest] : [newest, first, ...sentAgain, ...rest.filter((i2) => !resent.has(turns[i2].n))];
}
function lay(turns, roles, layout, earlier, fitted, render3 = renderTurn) {
  const out2 = [];
  let run3 = [];
  let outRun = [];
  const endOut = () => {
    if (outRun.length === 0) return;
    const chars2 = outRun.reduce((s, i2) => s + wordsShown(turns[i2]).length, 0);
    const [a, b] = [turns[outRun[0]].n, turns[outRun.at(-1)].n];
    run3.push(`${a === b ? `turn ${a}` : `turns ${a}\u2013${b}`} left out (${fmt(chars2)} chars)`);
    outRun = [];
  };
  const endRun = () => {
    endOut();
    if (run3.length) out2.push(`[${run3.join("; ")}]`);
    run3 = [];
  };
  turns.forEach((t, i2) => {
    const prev = i2 === 0 ? 0 : turns[i2 - 1].n;
    if (t.n > prev + 1) {
      endOut();
      const [a, b] = [prev + 1, t.n - 1];
      const where = earlier === null ? "an earlier compaction" : `compaction ${earlier}: handoff_lookup {"n": ${earlier}, "section": "turns"}`;
      run3.push(`${a === b ? `turn ${a}` : `turns ${a}\u2013${b}`} left out by ${where}`);
      if (fitted) fitted.leftOutBefore += b - a + 1;
    }
    const cap = layout.caps.get(i2);
    const role = roles[i2];
    if (cap !== void 0) {
      endRun();
      out2.push(cap === 0 ? `${openTag(t)}

</turn>` : render3(t, cap));
      if (fitted) (wordsShown(t).length <= cap ? fitted.whole : fitted.clipped).push(i2);
    } else if (role.as === "brief" && layout.quote) {
      endOut();
      run3.push(`turn ${t.n}: "${t.text.trim()}"`);
      fitted?.brief.push(i2);
    } else if (role.as === "repeat") {
      endOut();
      run3.push(`turn ${t.n}: sent again as turn ${role.again}`);
      fitted?.repeats.push(i2);
    } else {
      outRun.push(i2);
      fitted?.leftOut.push(i2);
    }
  });
  endRun();
  return out2.join("\n\n");
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
  const rendered2 = /* @__PURE__ */ new Map();
  const render3 = (t, cap) => {
    const key = `${t.n}:${cap}`;
    let block = rendered2.get(key);
    if (block === void 0) rendered2.set(key, block = renderTurn(t, cap));
    return block;
  };
  const fitted = (layout) => {
    const f = { body: "", whole: [], clipped: [], brief: [], repeats: [], leftOut: [], leftOutBefore: 0 };
    f.body = lay(turns, roles, layout, earlier, f, render3);
    return f;
  };
  const whole = fitted({ caps: new Map(turns.map((_, i2) => [i2, maxTurnChars])), quote: true });
  if (whole.body.length <= room) return whole;
  const order = ranked(turns, roles);
  const weight = (i2) => i2 === order[0] || i2 === order[1] ? 2 : 1;
  const words = (i2) => wordsShown(turns[i2]);
  const keep = (k, quote) => {
    const kept = order.slice(0, k);
    const frame = lay(turns, roles, { caps: new Map(kept.map((i2) => [i2, 0])), quote }, earlier).length;
    const escapes = kept.reduce((s, i2) => s + escapeTurn(words(i2)).length - words(i2).length, 0);
    const lengths = kept.map((i2) => ({ chars: Math.min(words(i2).length, maxTurnChars), weight: weight(i2) }));
    let cap = capFor(lengths, room - frame - escapes);
    for (let tries = 0; tries < 4 && cap >= 0; tries++) {
      const caps = new Map(kept.map((i2) => [i2, cap === Infinity ? maxTurnChars : Math.min(maxTurnChars, cap * weight(i2))]));
      const least = Math.min(...kept.map((i2) => caps.get(i2) < words(i2).length ? caps.get(i2) : Infinity));
      if (least < (k > 1 ? MIN_CLIPPED2 : MIN_LAST)) return null;
      const f = fitted({ caps, quote });
      if (f.body.length <= room) return { f, caps };
      const clippedWeight = kept.reduce((s, i2) => s + (caps.get(i2) < words(i2).length || cap === Infinity ? weight(i2) : 0), 0);
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
    for (const i2 of order.slice(k)) {
      if (words(i2).length > room - f.body.length + 40) continue;
      const more = new Map(caps).set(i2, maxTurnChars);
      const g = fitted({ caps: more, quote });
      if (g.body.length <= room) [caps, f] = [more, g];
    }
    return f;
  }
  const lines = fitted({ caps: /* @__PURE__ */ new Map(), quote: false });
  const end = lines.body.length <= room ? lines.body.length : lines.body.lastIndexOf("\n", room);
  return { ...lines, body: end > 0 ? lines.body.slice(0, end).trimEnd() : "" };
}
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
var TURN_RE, TURN_TAG_RE, ESCAPED_TURN_TAG_RE, escapeTurn, unescapeTurn, SAFE_AT_RE, COMMAND_NAME_RE, COMMAND_ARGS_RE, wordsShown, clipTurn, openTag, BRIEF_WORDS, MIN_CLIPPED2, MIN_LAST, plural2, turns_default;
var init_turns = __esm({
  "sections/turns/index.ts"() {
    "use strict";
    init_pipeline2();
    TURN_RE = /<turn n="(\d+)"(?: at="([^"]*)")?(?: carried="1")?>\n([\s\S]*?)\n<\/turn>/g;
    TURN_TAG_RE = /<(\\*)(\/?turn\b)/g;
    ESCAPED_TURN_TAG_RE = /<\\(\\*)(\/?turn\b)/g;
    escapeTurn = (text) => text.replace(TURN_TAG_RE, "<\\$1$2");
    unescapeTurn = (text) => text.replace(ESCAPED_TURN_TAG_RE, "<$1$2");
    SAFE_AT_RE = /^[\w:.+-]+$/;
    COMMAND_NAME_RE = /<command-name>([^<]*)<\/command-name>/;
    COMMAND_ARGS_RE = /<command-args>([\s\S]*?)<\/command-args>/;
    wordsShown = (turn) => turn.refused ? `[typed on refusing ${turn.refused}, which did not run]
${turn.text}` : turn.command ? `[typed after ${turn.command}]
${turn.text}` : turn.text;
    clipTurn = (text, max) => clip(text, max, { at: "middle", mark: (cut) => `
[\u2026 ${fmt(cut)} chars of this turn clipped here \u2026]
` });
    openTag = (turn) => {
      const at2 = turn.at && SAFE_AT_RE.test(turn.at) ? ` at="${turn.at}"` : "";
      return `<turn n="${turn.n}"${at2}${turn.carried ? ' carried="1"' : ""}>`;
    };
    BRIEF_WORDS = new Set(
      "y yes yeah yep yup ok okay k kk sure go ahead on continue proceed please pls thanks thank you ty lets let's do it keep going carry great good perfect cool nice fine alright right correct sounds looks lgtm hi hello hey".split(
        " "
      )
    );
    MIN_CLIPPED2 = 300;
    MIN_LAST = 100;
    plural2 = (n, one, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;
    turns_default = defineSection({
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
        const every = turns.map((_, i2) => i2);
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
            inFull: notWhole.sort((a, b) => a - b).map((i2) => renderTurn(turns[i2], Infinity))
          }
        };
      }
    });
  }
});

// sections/index.ts
var sections_exports = {};
__export(sections_exports, {
  builtinSections: () => builtinSections
});
var builtinSections;
var init_sections = __esm({
  "sections/index.ts"() {
    "use strict";
    init_commitments();
    init_excerpts();
    init_ledger();
    init_outline();
    init_recent();
    init_restore();
    init_state();
    init_summary();
    init_turns();
    builtinSections = {
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
  }
});

// store/lock.ts
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err2) {
    return err2.code === "EPERM";
  }
}
async function staleness(file2, staleMs) {
  let text;
  let mtime;
  try {
    ;
    [text, mtime] = await Promise.all([(0, import_promises6.readFile)(file2, "utf8"), (0, import_promises6.stat)(file2).then((s) => s.mtimeMs)]);
  } catch (err2) {
    if (err2.code === "ENOENT") return { stale: null, holder: "nobody" };
    throw err2;
  }
  let h = null;
  try {
    h = JSON.parse(text);
  } catch {
  }
  const age = Date.now() - (h?.at ?? mtime);
  const holder = h ? `pid ${h.pid} on ${h.host}` : "a holder that wrote no name";
  if (age > staleMs) return { stale: `${holder} has held it for ${Math.round(age / 1e3)} s`, holder };
  if (!h) return { stale: age > 5e3 ? `${holder}, ${Math.round(age / 1e3)} s ago` : null, holder };
  if (h.host === (0, import_node_os3.hostname)() && !alive(h.pid)) return { stale: `${holder} is gone`, holder };
  return { stale: null, holder };
}
async function withLock(file2, fn, opts) {
  const staleMs = opts.staleMs ?? 10 * 6e4;
  const started = Date.now();
  const me = { pid: process.pid, host: (0, import_node_os3.hostname)(), at: Date.now(), token: Math.random().toString(36).slice(2) };
  let holder;
  for (let attempt = 0; ; attempt++) {
    try {
      await (0, import_promises6.writeFile)(file2, JSON.stringify({ ...me, at: Date.now() }), { flag: "wx", mode: 384 });
      break;
    } catch (err2) {
      if (err2.code !== "EEXIST") throw err2;
    }
    const s = await staleness(file2, staleMs);
    holder = s.holder;
    if (s.stale) {
      const aside = `${file2}.stale-${process.pid}-${attempt}`;
      try {
        await (0, import_promises6.rename)(file2, aside);
        await (0, import_promises6.unlink)(aside).catch(() => void 0);
      } catch (err2) {
        if (err2.code !== "ENOENT") throw err2;
      }
      continue;
    }
    const waited = Date.now() - started;
    if (waited >= opts.waitMs) throw new LockTimeout(file2, holder, waited);
    await sleep(Math.min(5 + attempt * 5, 50) + Math.random() * 10);
  }
  try {
    return await fn();
  } finally {
    try {
      const h = JSON.parse(await (0, import_promises6.readFile)(file2, "utf8"));
      if (h.token === me.token && h.pid === me.pid) await (0, import_promises6.unlink)(file2);
    } catch {
    }
  }
}
var import_promises6, import_node_os3, LockTimeout, sleep;
var init_lock = __esm({
  "store/lock.ts"() {
    "use strict";
    import_promises6 = require("node:fs/promises");
    import_node_os3 = require("node:os");
    LockTimeout = class extends Error {
      constructor(file2, holder, waitedMs) {
        super(`the index is busy: ${holder} held ${file2} for the whole ${waitedMs} ms waited`);
        this.file = file2;
        this.holder = holder;
        this.waitedMs = waitedMs;
        this.name = "LockTimeout";
      }
      file;
      holder;
      waitedMs;
    };
    sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  }
});

// plugin/hooks/protocol.ts
function fileStem(n, at2) {
  return `${padNumber(n)}-${at2.toISOString().replace(/[:.]/g, "-")}`;
}
function stemTime(stem) {
  const m = /^\d{3,}-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/.exec(stem);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null;
}
function nextNumber(names2) {
  let last = null;
  let top = 0;
  for (const name2 of names2) {
    const row = ROW_FILE.exec(name2);
    const claim = row ? null : CLAIM_FILE.exec(name2);
    const n = Number((row ?? claim)?.[1] ?? 0);
    if (row && (last === null || n > last)) last = n;
    top = Math.max(top, n);
  }
  return { n: top + 1, prev: last };
}
var BRIDGE_PATHS, BRIDGE_TOKEN_HEADER, fallbackReason, MODE_DIRS, INDEX_FILE, RUNS_FILE, TEXT_KINDS, LATE_SUFFIX, padNumber, ROW_FILE, CLAIM_FILE, LOOKUP_FILES, session, scope, HISTORY_TOOLS;
var init_protocol = __esm({
  "plugin/hooks/protocol.ts"() {
    "use strict";
    BRIDGE_PATHS = { lines: "/lines", answer: "/answer" };
    BRIDGE_TOKEN_HEADER = "x-compact-handoff-token";
    fallbackReason = (code, detail) => `${code}: ${detail}`;
    MODE_DIRS = { live: "sessions", rehearsal: "rehearsals" };
    INDEX_FILE = "index.jsonl";
    RUNS_FILE = "runs.jsonl";
    TEXT_KINDS = { handoff: ".md", summary: ".summary.md", transcript: ".transcript.md" };
    LATE_SUFFIX = ".late.json";
    padNumber = (n) => String(n).padStart(3, "0");
    ROW_FILE = /^(\d{3,})-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.json$/;
    CLAIM_FILE = /^(\d{3,})\.claim$/;
    LOOKUP_FILES = ["handoff", "summary", "transcript", "row"];
    session = { type: "string", description: "Another session's id (default: this session)." };
    scope = { type: "string", enum: ["session", "all"], description: '"session" (default): this session; "all": every session on this machine.' };
    HISTORY_TOOLS = [
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
  }
});

// store/read.ts
function parseJsonl(text) {
  const out2 = { rows: [], torn: 0, tornLines: [] };
  const lines = text.split("\n");
  lines.forEach((line, i2) => {
    if (line.trim() === "") return;
    try {
      const v = JSON.parse(line);
      if (v && typeof v === "object" && !Array.isArray(v)) {
        out2.rows.push(v);
        return;
      }
    } catch {
    }
    out2.torn++;
    out2.tornLines.push(i2 + 1);
  });
  return out2;
}
async function readJsonl(file2) {
  try {
    return parseJsonl(await (0, import_promises7.readFile)(file2, "utf8"));
  } catch (err2) {
    if (err2.code === "ENOENT") return { rows: [], torn: 0, tornLines: [] };
    throw err2;
  }
}
function checkSessionId(id) {
  if (typeof id !== "string" || id === "") throw new StoreError("a session id is needed (none was given)");
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(id) || id.startsWith(".")) {
    throw new StoreError(`${JSON.stringify(id.slice(0, 80))} is not a session id (letters, digits, ".", "_" and "-" only, not starting with ".")`);
  }
  return id;
}
function insideDataDir(dataDir, rel) {
  const root = (0, import_node_path18.resolve)(dataDir);
  const p = (0, import_node_path18.resolve)(root, rel);
  const r = (0, import_node_path18.relative)(root, p);
  if ((0, import_node_path18.isAbsolute)(rel) || r === "" || r.startsWith("..") || r.split(import_node_path18.sep).includes("..") || (0, import_node_path18.isAbsolute)(r)) {
    throw new StoreError(`${JSON.stringify(rel)} is not a path inside the data dir`);
  }
  return p;
}
async function names(dir) {
  try {
    return await (0, import_promises7.readdir)(dir);
  } catch (err2) {
    if (err2.code === "ENOENT" || err2.code === "ENOTDIR") return [];
    throw err2;
  }
}
async function sessionCompactions(dataDir, sessionId, opts = {}) {
  checkSessionId(sessionId);
  const out2 = [];
  for (const mode of Object.keys(MODE_DIRS)) {
    const dir = (0, import_node_path18.join)(dataDir, MODE_DIRS[mode], sessionId);
    for (const name2 of await names(dir)) {
      const m = ROW_FILE.exec(name2);
      if (!m) continue;
      const stem = name2.slice(0, -".json".length);
      const c = { sessionId, mode, n: Number(m[1]), stem, at: stemTime(stem), dir, rowFile: (0, import_node_path18.join)(dir, name2), row: null };
      if (opts.rows !== false) {
        try {
          c.row = JSON.parse(await (0, import_promises7.readFile)(c.rowFile, "utf8"));
        } catch (err2) {
          c.problem = `row file unreadable: ${err2.message}`;
        }
        if (c.row?.outcome === "pending") await completeLate(c);
      }
      out2.push(c);
    }
  }
  return out2.sort((a, b) => a.at.localeCompare(b.at) || a.n - b.n);
}
async function storedSessions(dataDir) {
  const out2 = [];
  for (const mode of Object.keys(MODE_DIRS)) {
    for (const name2 of await names((0, import_node_path18.join)(dataDir, MODE_DIRS[mode]))) {
      if (/^[A-Za-z0-9._-]+$/.test(name2) && !name2.startsWith(".")) out2.push({ sessionId: name2, mode, dir: (0, import_node_path18.join)(dataDir, MODE_DIRS[mode], name2) });
    }
  }
  return out2;
}
async function alive2(pid) {
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err2) {
    return err2.code === "EPERM";
  }
  const stat4 = await (0, import_promises7.readFile)(`/proc/${pid}/stat`, "utf8").catch(() => null);
  return stat4 === null || !/^[^)]*\) Z /s.test(stat4.replace(/^.*\) /s, ") "));
}
async function completeLate(c) {
  const late = (0, import_node_path18.join)(c.dir, `${c.stem}${LATE_SUFFIX}`);
  try {
    c.row = JSON.parse(await (0, import_promises7.readFile)(late, "utf8"));
    c.rowFile = late;
    return;
  } catch (err2) {
    if (err2.code !== "ENOENT") {
      c.problem = `late row unreadable: ${err2.message}`;
      return;
    }
  }
  const by = c.row.late;
  const here2 = by?.host === void 0 || by.host === (0, import_node_os4.hostname)();
  if (here2 && !await alive2(by?.pid)) {
    c.row = {
      ...c.row,
      reason: `late-part-lost: the rehearsal's late part (pid ${by?.pid ?? "unknown"}) ended before it finished, with no row of its own (its process was killed with the engine or the machine); the engine's own compaction stood`
    };
  }
}
var import_promises7, import_node_os4, import_node_path18, StoreError;
var init_read = __esm({
  "store/read.ts"() {
    "use strict";
    import_promises7 = require("node:fs/promises");
    import_node_os4 = require("node:os");
    import_node_path18 = require("node:path");
    init_protocol();
    StoreError = class extends Error {
      constructor(message) {
        super(message);
        this.name = "StoreError";
      }
    };
  }
});

// store/files.ts
async function appendJsonl(file2, value) {
  await (0, import_promises8.mkdir)((0, import_node_path19.dirname)(file2), { recursive: true, mode: DIR_MODE });
  const fh = await (0, import_promises8.open)(file2, "a+", FILE_MODE);
  try {
    const { size } = await fh.stat();
    let lead = "";
    if (size > 0) {
      const last = Buffer.alloc(1);
      await fh.read(last, 0, 1, size - 1);
      if (last[0] !== 10) lead = "\n";
    }
    const buf = Buffer.from(`${lead}${JSON.stringify(value)}
`, "utf8");
    const { bytesWritten } = await fh.write(buf, 0, buf.length);
    if (bytesWritten !== buf.length) throw new Error(`short write to ${file2}: ${bytesWritten} of ${buf.length} bytes`);
  } finally {
    await fh.close();
  }
}
var import_promises8, import_node_path19, DIR_MODE, FILE_MODE;
var init_files2 = __esm({
  "store/files.ts"() {
    "use strict";
    import_promises8 = require("node:fs/promises");
    import_node_path19 = require("node:path");
    DIR_MODE = 448;
    FILE_MODE = 384;
  }
});

// store/search.ts
var search_exports = {};
__export(search_exports, {
  INDEX_DB: () => INDEX_DB,
  SEARCH_DIR: () => SEARCH_DIR,
  chunksOf: () => chunksOf2,
  indexDocs: () => indexDocs,
  indexPaths: () => indexPaths,
  indexPending: () => indexPending,
  indexStats: () => indexStats,
  matchLines: () => matchLines,
  matcherOf: () => matcherOf,
  normalizeText: () => normalizeText,
  notePending: () => notePending,
  phraseRegExp: () => phraseRegExp,
  queryTokens: () => queryTokens,
  reindexStore: () => reindexStore,
  scanSearch: () => scanSearch,
  search: () => search,
  snippet: () => snippet
});
function sqlite() {
  if (sqliteModule) return sqliteModule;
  import_node_v83.default.setFlagsFromString("--liftoff-only");
  const here2 = (0, import_node_path20.dirname)((0, import_node_url5.fileURLToPath)(__chFileUrl));
  const req = (0, import_node_module4.createRequire)(__chFileUrl);
  const vendored = [(0, import_node_path20.join)(here2, VENDORED), (0, import_node_path20.join)(here2, "..", VENDORED)].find((p) => (0, import_node_fs15.existsSync)(p));
  const name2 = "node-sqlite3-wasm";
  sqliteModule = req(vendored ?? name2);
  return sqliteModule;
}
function normalizeText(s) {
  const lower = s.toLowerCase();
  return ACCENTED.test(lower) ? lower.normalize("NFD").replace(/[\u0300-\u036F]/g, "") : lower;
}
function queryTokens(query) {
  return normalizeText(query).match(WORD) ?? [];
}
function matcherOf(query) {
  const tokens = queryTokens(query);
  if (tokens.length === 0) throw new StoreError(`the query ${JSON.stringify(query.slice(0, 60))} has no letters or digits to search for`);
  if (tokens.length > 32) throw new StoreError(`the query has ${tokens.length} words; 32 at most`);
  return { tokens, prefixLast: tokens.at(-1).length >= PREFIX_FROM };
}
function matchLines(lines, m) {
  const toks = [];
  const lineOf = [];
  lines.forEach((line, i2) => {
    for (const t of normalizeText(line).match(WORD) ?? []) {
      toks.push(t);
      lineOf.push(i2);
    }
  });
  const k = m.tokens.length;
  const out2 = [];
  for (let i2 = 0; i2 + k <= toks.length; i2++) {
    let ok = true;
    for (let j = 0; j < k && ok; j++) {
      const t = toks[i2 + j];
      const q = m.tokens[j];
      ok = j === k - 1 && m.prefixLast ? t.startsWith(q) : t === q;
    }
    if (ok && out2.at(-1) !== lineOf[i2]) out2.push(lineOf[i2]);
  }
  return out2;
}
function phraseRegExp(m) {
  const esc = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const words = m.tokens.map((t, j) => j === m.tokens.length - 1 && m.prefixLast ? esc(t) : `${esc(t)}(?![\\p{L}\\p{N}])`);
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join("[^\\p{L}\\p{N}]+")}`, "u");
}
function snippet(line, m, width = 240) {
  const flat2 = line.replace(/\s+/g, " ").trim();
  if (flat2.length <= width) return flat2;
  const at2 = Math.max(0, normalizeText(flat2).indexOf(m.tokens[0]));
  const from = Math.max(0, Math.min(at2 - Math.floor(width / 3), flat2.length - width));
  return `${from > 0 ? "\u2026" : ""}${flat2.slice(from, from + width)}${from + width < flat2.length ? "\u2026" : ""}`;
}
function ftsQuery(query, m, sessionId) {
  const phrase = `body : "${query.replace(/"/g, '""')}"${m.prefixLast ? " *" : ""}`;
  return sessionId ? `scope : "${sessionWord(sessionId)}" AND ${phrase}` : phrase;
}
function indexPaths(dataDir) {
  const dir = (0, import_node_path20.join)(dataDir, SEARCH_DIR);
  return { dir, db: (0, import_node_path20.join)(dir, INDEX_DB), lock: (0, import_node_path20.join)(dir, LOCK), pending: (0, import_node_path20.join)(dir, PENDING) };
}
function openIndex(file2, create) {
  (0, import_node_fs15.rmSync)(`${file2}.lock`, { recursive: true, force: true });
  const { Database } = sqlite();
  const db = new Database(file2, { fileMustExist: !create });
  try {
    if (create) {
      db.exec("pragma page_size = 8192");
      const have = db.get(`select name from sqlite_master where type = 'table' and name = 'meta'`);
      const version = have ? db.get(`select value from meta where key = 'schema'`)?.value ?? null : null;
      if (version !== SCHEMA) {
        db.exec(`
          drop table if exists fts; drop table if exists chunks; drop table if exists docs; drop table if exists meta;
          create table meta(key text primary key, value text);
          create table docs(id integer primary key, path text not null unique, session text not null, mode text not null,
                            n integer not null, kind text not null, at text not null, lines integer not null, bytes integer not null);
          create index docs_session on docs(session);
          create table chunks(id integer primary key, doc integer not null, line integer not null, lines integer not null,
                              off integer not null, len integer not null);
          create virtual table fts using fts5(scope, body, content = '', tokenize = "unicode61 remove_diacritics 2");
          insert into meta(key, value) values ('schema', '${SCHEMA}'), ('created', '${(/* @__PURE__ */ new Date()).toISOString()}');
        `);
      }
    }
    db.exec("pragma synchronous = normal");
    return db;
  } catch (err2) {
    db.close();
    throw err2;
  }
}
function chunksOf2(text) {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const out2 = [];
  let off = 0;
  for (let i2 = 0; i2 < lines.length; ) {
    const start2 = i2;
    let len = 0;
    do {
      len += Buffer.byteLength(lines[i2], "utf8") + 1;
      i2++;
    } while (i2 < lines.length && i2 - start2 < CHUNK_LINES && len < CHUNK_BYTES2);
    const body2 = lines.slice(start2, i2).join("\n");
    if (body2.trim() !== "") out2.push({ line: start2 + 1, lines: i2 - start2, off, len, body: body2 });
    off += len;
  }
  return out2;
}
function insertDocs(db, docs) {
  const has = db.prepare("select 1 from docs where path = ?");
  const insDoc = db.prepare("insert into docs(path, session, mode, n, kind, at, lines, bytes) values (?, ?, ?, ?, ?, ?, ?, ?)");
  const insChunk = db.prepare("insert into chunks(doc, line, lines, off, len) values (?, ?, ?, ?, ?)");
  const insFts = db.prepare("insert into fts(rowid, scope, body) values (?, ?, ?)");
  let n = 0;
  let chunks = 0;
  try {
    for (const d of docs) {
      if (has.get([d.path])) continue;
      const cs = chunksOf2(d.text);
      const last = cs.at(-1);
      const doc = insDoc.run([
        d.path,
        d.sessionId,
        d.mode,
        d.n,
        d.kind,
        d.at,
        last ? last.line + last.lines - 1 : 0,
        Buffer.byteLength(d.text, "utf8")
      ]).lastInsertRowid;
      const scope2 = `${sessionWord(d.sessionId)} m${d.mode} k${d.kind}`;
      for (const c of cs) {
        const id = insChunk.run([doc, c.line, c.lines, c.off, c.len]).lastInsertRowid;
        insFts.run([id, scope2, c.body]);
      }
      n++;
      chunks += cs.length;
    }
  } finally {
    for (const st of [has, insDoc, insChunk, insFts]) st.finalize();
  }
  return { docs: n, chunks };
}
async function pendingDocs(dataDir, db) {
  const { rows } = await readJsonl(indexPaths(dataDir).pending);
  const out2 = [];
  const seen = /* @__PURE__ */ new Set();
  for (const r of rows) {
    if (typeof r.path !== "string" || seen.has(r.path)) continue;
    seen.add(r.path);
    if (db.get("select 1 from docs where path = ?", [r.path])) continue;
    try {
      out2.push({ ...r, text: (0, import_node_fs15.readFileSync)(insideDataDir(dataDir, r.path), "utf8") });
    } catch {
    }
  }
  return out2;
}
function inTransaction(db, fn) {
  db.exec("begin immediate");
  try {
    const r = fn();
    db.exec("commit");
    return r;
  } catch (err2) {
    if (db.inTransaction) db.exec("rollback");
    throw err2;
  }
}
async function indexDocs(dataDir, docs, opts = {}) {
  const p = indexPaths(dataDir);
  await (0, import_promises9.mkdir)(p.dir, { recursive: true, mode: DIR_MODE });
  let discarded = false;
  try {
    const r = await withLock(
      p.lock,
      async () => {
        discarded = damaged(p) && discard(p);
        const run3 = async () => {
          const db = openIndex(p.db, true);
          try {
            const all = [...docs, ...(0, import_node_fs15.existsSync)(p.pending) ? await pendingDocs(dataDir, db) : []];
            return inTransaction(db, () => insertDocs(db, all));
          } finally {
            db.close();
          }
        };
        try {
          return await run3();
        } catch (err2) {
          if (!isCorrupt(err2)) throw err2;
          discarded = discard(p);
          return await run3();
        }
      },
      { waitMs: opts.waitMs ?? WRITE_WAIT_MS }
    );
    if (discarded) await reindexStore(dataDir);
    return r;
  } catch (err2) {
    for (const { text: _t, ...d } of docs) await appendJsonl(p.pending, d).catch(() => void 0);
    throw err2;
  }
}
function damaged(p) {
  return (0, import_node_fs15.existsSync)(`${p.db}-journal`);
}
function isCorrupt(err2) {
  return /malformed|not a database|SQLITE_CORRUPT|SQLITE_NOTADB/i.test(String(err2?.message ?? err2));
}
function discard(p) {
  for (const f of [p.db, `${p.db}-journal`]) (0, import_node_fs15.rmSync)(f, { force: true });
  return true;
}
async function notePending(dataDir, docs) {
  const p = indexPaths(dataDir);
  await (0, import_promises9.mkdir)(p.dir, { recursive: true, mode: DIR_MODE });
  for (const d of docs) await appendJsonl(p.pending, d);
}
async function indexPending(dataDir) {
  return indexDocs(dataDir, []);
}
async function notedPaths(p) {
  return [...new Set((await readJsonl(p.pending)).rows.map((r) => r.path).filter((x) => typeof x === "string"))];
}
async function behind(p) {
  if (!(0, import_node_fs15.existsSync)(p.pending)) return false;
  if (!(0, import_node_fs15.existsSync)(p.db)) return true;
  const noted = await notedPaths(p);
  if (noted.length === 0) return false;
  return withLock(
    p.lock,
    () => {
      const db = openIndex(p.db, false);
      try {
        return notIn(db, noted).length > 0;
      } finally {
        db.close();
      }
    },
    { waitMs: READ_WAIT_MS }
  ).catch(() => true);
}
async function reindexStore(dataDir, opts = {}) {
  const started = performance.now();
  const p = indexPaths(dataDir);
  await (0, import_promises9.mkdir)(p.dir, { recursive: true, mode: DIR_MODE });
  if (opts.rebuild) {
    await withLock(
      p.lock,
      () => {
        for (const f of [p.db, `${p.db}-journal`]) (0, import_node_fs15.rmSync)(f, { force: true });
      },
      { waitMs: WRITE_WAIT_MS }
    );
  }
  const sessions = [...new Set((await storedSessions(dataDir)).map((s) => s.sessionId))];
  let docs = 0;
  let chunks = 0;
  for (const [i2, sessionId] of sessions.entries()) {
    const batch = [];
    for (const c of await sessionCompactions(dataDir, sessionId, { rows: false })) {
      for (const kind of Object.keys(TEXT_KINDS)) {
        const file2 = (0, import_node_path20.join)(c.dir, `${c.stem}${TEXT_KINDS[kind]}`);
        if (!(0, import_node_fs15.existsSync)(file2)) continue;
        batch.push({ path: file2.slice(dataDir.length + 1), sessionId, mode: c.mode, n: c.n, kind, at: c.at, text: (0, import_node_fs15.readFileSync)(file2, "utf8") });
      }
    }
    if (batch.length) {
      const r = await indexDocs(dataDir, batch);
      docs += r.docs;
      chunks += r.chunks;
    }
    opts.onProgress?.(i2 + 1, sessions.length);
  }
  return { docs, chunks, sessions: sessions.length, ms: Math.round(performance.now() - started) };
}
function readChunk(fds, dataDir, path, off, len) {
  let fd = fds.get(path);
  if (fd === void 0) {
    try {
      fd = (0, import_node_fs15.openSync)(insideDataDir(dataDir, path), "r");
    } catch {
      fd = null;
    }
    fds.set(path, fd);
  }
  if (fd === null) return null;
  const buf = Buffer.alloc(len);
  const got = (0, import_node_fs15.readSync)(fd, buf, 0, len, off);
  return buf.subarray(0, got).toString("utf8");
}
function searchIndexed(db, dataDir, o, m) {
  const q = ftsQuery(o.query, m, o.sessionId ?? null);
  const hits = [];
  const fds = /* @__PURE__ */ new Map();
  let below = Number.MAX_SAFE_INTEGER;
  try {
    for (; ; ) {
      const ids = db.all("select rowid as id from fts where fts match ? and rowid < ? order by rowid desc limit ?", [q, below, BATCH]).map((r) => Number(r.id));
      if (ids.length === 0) return { hits, more: false };
      below = ids.at(-1);
      const rows = db.all(
        `select c.id, c.line, c.off, c.len, d.path, d.session, d.mode, d.n, d.kind, d.at
           from chunks c join docs d on d.id = c.doc where c.id in (${ids.join(",")})`
      );
      const byId2 = new Map(rows.map((r) => [Number(r.id), r]));
      for (const id of ids) {
        const r = byId2.get(id);
        if (!r || o.sessionId && r.session !== o.sessionId) continue;
        const text = readChunk(fds, dataDir, String(r.path), Number(r.off), Number(r.len));
        if (text === null) continue;
        const lines = text.split("\n");
        for (const i2 of matchLines(lines, m)) {
          if (hits.length === o.limit) return { hits, more: true };
          hits.push({
            sessionId: String(r.session),
            mode: r.mode,
            n: Number(r.n),
            kind: r.kind,
            path: String(r.path),
            line: Number(r.line) + i2,
            at: String(r.at),
            text: snippet(lines[i2], m)
          });
        }
      }
    }
  } finally {
    for (const fd of fds.values()) if (fd !== null) (0, import_node_fs15.closeSync)(fd);
  }
}
async function scanSearch(dataDir, o) {
  const m = matcherOf(o.query);
  const sessions = o.sessionId ? [o.sessionId] : [...new Set((await storedSessions(dataDir)).map((s) => s.sessionId))];
  const files = [];
  for (const sessionId of sessions) {
    for (const c of await sessionCompactions(dataDir, sessionId, { rows: false })) {
      for (const kind of Object.keys(TEXT_KINDS)) {
        files.push({ file: (0, import_node_path20.join)(c.dir, `${c.stem}${TEXT_KINDS[kind]}`), sessionId, mode: c.mode, n: c.n, kind, at: c.at });
      }
    }
  }
  files.sort((a, b) => b.at.localeCompare(a.at));
  const re = phraseRegExp(m);
  const hits = [];
  for (const f of files) {
    let text;
    try {
      text = (0, import_node_fs15.readFileSync)(f.file, "utf8");
    } catch {
      continue;
    }
    if (!re.test(normalizeText(text))) continue;
    const lines = text.split("\n");
    for (const i2 of matchLines(lines, m)) {
      if (hits.length === o.limit) return { hits, more: true };
      hits.push({
        sessionId: f.sessionId,
        mode: f.mode,
        n: f.n,
        kind: f.kind,
        path: f.file.slice(dataDir.length + 1),
        line: i2 + 1,
        at: f.at,
        text: snippet(lines[i2], m)
      });
    }
  }
  return { hits, more: false };
}
async function search(dataDir, o) {
  const started = performance.now();
  const m = matcherOf(o.query);
  const p = indexPaths(dataDir);
  const done = (r, via, note) => ({
    ...r,
    via,
    note,
    ms: Math.round(performance.now() - started)
  });
  if (damaged(p) || await behind(p)) await indexPending(dataDir).catch(() => void 0);
  if (!(0, import_node_fs15.existsSync)(p.db)) return done(await scanSearch(dataDir, o), "scan", "no search index yet, so the stored files were read instead");
  const attempt = () => withLock(
    p.lock,
    () => {
      if (damaged(p)) throw new Error("a writer died while updating it; the next compaction rebuilds it (or: compact-handoff index --rebuild)");
      const db = openIndex(p.db, false);
      try {
        return searchIndexed(db, dataDir, o, m);
      } finally {
        db.close();
      }
    },
    { waitMs: READ_WAIT_MS }
  );
  try {
    let r;
    try {
      r = await attempt();
    } catch (err2) {
      if (err2 instanceof StoreError || err2 instanceof LockTimeout) throw err2;
      await new Promise((resolve7) => setTimeout(resolve7, 100));
      r = await attempt();
    }
    return done(r, "index", null);
  } catch (err2) {
    if (err2 instanceof StoreError) throw err2;
    const why = err2 instanceof LockTimeout ? err2.message : `the index could not be read (${err2?.message ?? String(err2)})`;
    return done(await scanSearch(dataDir, o), "scan", `${why}; the stored files were read instead`);
  }
}
async function indexStats(dataDir) {
  const p = indexPaths(dataDir);
  const noted = await notedPaths(p);
  if (!(0, import_node_fs15.existsSync)(p.db)) return { exists: false, docs: 0, chunks: 0, bytes: 0, textBytes: 0, newest: null, pending: noted.length };
  const bytes = (0, import_node_fs15.statSync)(p.db).size;
  return withLock(
    p.lock,
    () => {
      const db = openIndex(p.db, false);
      try {
        const d = db.get("select count(*) as docs, coalesce(sum(bytes), 0) as text, max(at) as newest from docs");
        const c = db.get("select count(*) as chunks from chunks");
        const pending = notIn(db, noted).length;
        return {
          exists: true,
          docs: Number(d.docs),
          chunks: Number(c.chunks),
          bytes,
          textBytes: Number(d.text),
          newest: d.newest ?? null,
          pending
        };
      } finally {
        db.close();
      }
    },
    { waitMs: READ_WAIT_MS }
  );
}
var import_node_fs15, import_promises9, import_node_module4, import_node_v83, import_node_path20, import_node_url5, SEARCH_DIR, INDEX_DB, LOCK, PENDING, SCHEMA, CHUNK_LINES, CHUNK_BYTES2, READ_WAIT_MS, WRITE_WAIT_MS, VENDORED, sqliteModule, ACCENTED, WORD, PREFIX_FROM, sessionWord, notIn, BATCH;
var init_search = __esm({
  "store/search.ts"() {
    "use strict";
    import_node_fs15 = require("node:fs");
    import_promises9 = require("node:fs/promises");
    import_node_module4 = require("node:module");
    import_node_v83 = __toESM(require("node:v8"), 1);
    import_node_path20 = require("node:path");
    import_node_url5 = require("node:url");
    init_lock();
    init_read();
    init_protocol();
    init_files2();
    SEARCH_DIR = "search";
    INDEX_DB = "index.sqlite";
    LOCK = "index.lock";
    PENDING = "pending.jsonl";
    SCHEMA = "1";
    CHUNK_LINES = 16;
    CHUNK_BYTES2 = 8192;
    READ_WAIT_MS = 5e3;
    WRITE_WAIT_MS = 15e3;
    VENDORED = "node-sqlite3-wasm.cjs";
    sqliteModule = null;
    ACCENTED = /[\u00C0-\u024F\u1E00-\u1EFF]|[\u0300-\u036F]/;
    WORD = /[\p{L}\p{N}]+/gu;
    PREFIX_FROM = 3;
    sessionWord = (id) => `s${id.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
    notIn = (db, noted) => noted.filter((path) => !db.get("select 1 from docs where path = ?", [path]));
    BATCH = 64;
  }
});

// cli/commands.ts
var commands_exports = {};
__export(commands_exports, {
  buildCommand: () => buildCommand,
  engineCommand: () => engineCommand
});
module.exports = __toCommonJS(commands_exports);

// cli/build.ts
var import_node_fs14 = require("node:fs");
var import_node_path17 = require("node:path");
var import_node_util = require("node:util");
init_codes();
init_text();
init_transcript();
init_build();
init_sections();

// cli/capabilities.ts
init_capabilities();

// pipeline/disk-files.ts
init_read_policy();
function diskFilesUnder(policy) {
  return {
    async read({ path, offset, limit, policy: asked, maxChars }, signal) {
      try {
        const r = await readBounded(path, asked ?? policy, { offset, limit: limit ?? 2e3, maxChars, signal });
        if (!r.ok) return { ok: false, reason: r.reason };
        const text = r.text === "" ? "" : r.text.split("\n").map((line, i2) => `${r.firstLine + i2}	${line}`).join("\n");
        return { ok: true, text, ...r.truncated ? { truncated: true } : {} };
      } catch (err2) {
        return { ok: false, reason: err2.message };
      }
    }
  };
}
var diskFiles = diskFilesUnder(readPolicy(null));

// cli/capabilities.ts
init_read_policy();
function cliCapabilities(model = null, policy = readPolicy(null)) {
  return { host: "cli", model, files: diskFilesUnder(policy), now: systemClock };
}

// cli/build.ts
init_read_policy();

// cli/model.ts
var import_promises4 = require("node:fs/promises");
init_codes();
var NO_FORK = { isAnswered: false, reason: "nothing-to-fork (the CLI has no live session to fork)" };
function num2(v) {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}
function usageOf(u) {
  if (!u || typeof u !== "object") return void 0;
  const r = u;
  return {
    inputTokens: num2(r.inputTokens ?? r.input_tokens),
    outputTokens: num2(r.outputTokens ?? r.output_tokens),
    cacheReadTokens: num2(r.cacheReadTokens ?? r.cache_read_input_tokens),
    cacheWriteTokens: num2(r.cacheWriteTokens ?? r.cache_creation_input_tokens)
  };
}
function checkEntry(e, where) {
  const r = e;
  if (!r || typeof r !== "object" || typeof r.text !== "string") throw new Error(`${where}: an entry needs a "text" string`);
  if (r.kind === void 0 && r.match === void 0) throw new Error(`${where}: an entry needs "kind" (the section it answers, e.g. summary) or "match"`);
  if (r.kind !== void 0 && (typeof r.kind !== "string" || !/^[a-z][a-z0-9-]*$/.test(r.kind)))
    throw new Error(`${where}: "kind" names a section (kebab-case), got ${JSON.stringify(r.kind)}`);
  return r;
}
function parseReplies(text, file2) {
  const trimmed = text.trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    try {
      const v = JSON.parse(trimmed);
      const list = Array.isArray(v) ? v : Array.isArray(v.replies) ? v.replies : [v];
      return list.map((e, i2) => checkEntry(e, `${file2}: entry ${i2 + 1}`));
    } catch (err2) {
      if (!(err2 instanceof SyntaxError)) throw err2;
    }
  }
  const out2 = [];
  text.split("\n").forEach((line, i2) => {
    if (line.trim() === "") return;
    let v;
    try {
      v = JSON.parse(line);
    } catch (err2) {
      throw new Error(`${file2}:${i2 + 1}: not JSON (${err2.message})`, { cause: err2 });
    }
    out2.push(checkEntry(v, `${file2}:${i2 + 1}`));
  });
  return out2;
}
function replayModel(replies, file2 = "the replies file") {
  return {
    async fork() {
      return NO_FORK;
    },
    async complete(req, signal) {
      if (signal.aborted) return { isAnswered: false, reason: "aborted" };
      const hit = replies.find((r) => r.kind !== void 0 ? r.kind === req.section : req.prompt.includes(r.match));
      if (!hit) return { isAnswered: false, reason: `no recorded reply in ${file2} answers ${req.section ? `section ${req.section}` : "this call"}` };
      if (hit.text.trim() === "") return { isAnswered: false, reason: "empty-reply (recorded)" };
      const usage3 = usageOf(hit.usage);
      const model = hit.model ?? req.model;
      return { isAnswered: true, text: hit.text, ...model ? { model } : {}, ...usage3 ? { usage: usage3 } : {} };
    }
  };
}
function anthropicModel(opts) {
  let sdk;
  const load2 = () => sdk ??= Promise.resolve().then(() => __toESM(require("./sdk.cjs"), 1)).then(({ default: SDK }) => ({
    SDK,
    client: new SDK({
      apiKey: opts.apiKey,
      ...opts.baseURL ? { baseURL: opts.baseURL } : {},
      maxRetries: opts.maxRetries ?? 2,
      // The section's own timeout governs (through the signal); this only bounds a hung socket.
      timeout: 15 * 6e4
    })
  }));
  return {
    async fork() {
      return NO_FORK;
    },
    async complete(req, signal) {
      const model = req.model ?? opts.defaultModel ?? "claude-opus-5-5";
      const { client, SDK } = await load2();
      try {
        const msg = await client.messages.create(
          {
            model,
            max_tokens: req.maxTokens ?? opts.defaultMaxTokens ?? 4096,
            ...req.system ? { system: req.system } : {},
            messages: [{ role: "user", content: req.prompt }]
          },
          { signal }
        );
        const text = msg.content.map((b) => b.type === "text" ? b.text : "").filter((t) => t !== "").join("\n");
        if (text.trim() === "") return { isAnswered: false, reason: `empty-reply (stop_reason ${msg.stop_reason ?? "none"})` };
        const usage3 = usageOf(msg.usage);
        return { isAnswered: true, text, model: msg.model || model, ...usage3 ? { usage: usage3 } : {} };
      } catch (err2) {
        if (signal.aborted || err2 instanceof SDK.APIUserAbortError) return { isAnswered: false, reason: "aborted" };
        if (err2 instanceof SDK.APIError) {
          const detail = err2.message.split("\n")[0];
          return { isAnswered: false, reason: `api-error${err2.status ? ` (status ${err2.status})` : ""}: ${detail}` };
        }
        return { isAnswered: false, reason: `api-error: ${err2.message}` };
      }
    }
  };
}
async function cliModel(opts) {
  const env = opts.env ?? process.env;
  if (opts.repliesFile) {
    let text;
    try {
      text = await (0, import_promises4.readFile)(opts.repliesFile, "utf8");
    } catch (err2) {
      const e = err2;
      throw new HandoffError("USAGE", `--model-replies ${opts.repliesFile}: ${e.code === "ENOENT" ? "no such file" : e.message}`);
    }
    let replies;
    try {
      replies = parseReplies(text, opts.repliesFile);
    } catch (err2) {
      throw new HandoffError("USAGE", `--model-replies ${err2.message}`);
    }
    return { model: replayModel(replies, opts.repliesFile), source: "replies" };
  }
  const apiKey = env.ANTHROPIC_API_KEY;
  if (apiKey) {
    return {
      model: anthropicModel({ apiKey, ...env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {} }),
      source: "anthropic-api"
    };
  }
  return { model: null, source: "none" };
}

// cli/command.ts
init_codes();
function usageError(usage3, err2) {
  const name2 = /^Usage: (compact-handoff \S+)/.exec(usage3)?.[1] ?? "compact-handoff";
  const e = err2;
  const option = /'([^']+)'/.exec(e.message)?.[1];
  const what = e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option ? `unknown option ${option}` : e.message.replace(/\.$/, "");
  return new HandoffError("USAGE", `${what} (${name2} --help lists the options)`);
}

// cli/output.ts
var import_node_fs13 = require("node:fs");
var import_promises5 = require("node:fs/promises");
var import_node_path16 = require("node:path");
init_codes();
function checkOutPath(flag, path) {
  const dir = (0, import_node_path16.dirname)((0, import_node_path16.resolve)(path));
  let isDir = false;
  try {
    isDir = (0, import_node_fs13.statSync)(dir).isDirectory();
  } catch {
  }
  if (!isDir) throw new HandoffError("USAGE", `${flag} ${path}: ${dir} is not a folder that exists`);
  try {
    if ((0, import_node_fs13.statSync)(path).isDirectory()) throw new HandoffError("USAGE", `${flag} ${path} is a folder; name a file`);
  } catch (err2) {
    if (err2 instanceof HandoffError) throw err2;
  }
}
async function writeOut(path, text) {
  try {
    const fh = await (0, import_promises5.open)(path, "w", 384);
    try {
      if ((await fh.stat()).isFile()) await fh.chmod(384);
      await fh.writeFile(text, "utf8");
    } finally {
      await fh.close();
    }
  } catch (err2) {
    const e = err2;
    const why = e.code === "ENOSPC" ? "the disk is full" : e.code === "EACCES" || e.code === "EPERM" ? "permission denied" : e.code ?? e.message;
    throw new HandoffError("OUTPUT_UNWRITABLE", `cannot write ${path}: ${why}`);
  }
}

// cli/terminal.ts
var CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
function visible(c) {
  const code = c.charCodeAt(0);
  if (code < 32) return String.fromCharCode(9216 + code);
  if (code === 127) return "\u2421";
  return `\\u${code.toString(16).padStart(4, "0")}`;
}
function forTerminal(text) {
  return text.replace(CONTROL_RE, visible);
}
function jsonForTerminal(value) {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// cli/build.ts
var usage = `Usage: compact-handoff build <transcript.jsonl> [options]

Builds the handoff for a Claude Code transcript and prints what the next window would receive
(the handoff, then the Read results it hands up), then a report of each section. By default the
conversation is taken as it stood before the file's last compaction (the whole file when it holds
none). A preview: no handoff, row or log is stored.

Options:
  --config FILE       extend the default pipeline with FILE (repeatable)
  --out FILE          write the handoff to FILE instead of stdout
  --json              print one JSON object: { handoff, sections, totalChars, marker, ... }
  --at-boundary N     the conversation as it stood before the N-th compaction (1 = oldest)
  --end               the whole file, every message after the last compaction included
  --window TOKENS     the context window, for the size guard's maxFraction
  --session ID        the session id for the marker (default: from the transcript)
  --model-replies FILE  answer the model calls (summary, commitments) with replies recorded in
                      FILE (JSON or JSONL; see cli/model.ts). Without it, the Anthropic API
                      answers when ANTHROPIC_API_KEY is set (ANTHROPIC_BASE_URL is honoured);
                      with neither, those sections are dropped (SECTION_NO_MODEL)
  --verbose           stack traces on errors

Exit codes: 0 ok, 1 invalid config or transcript, or an --out that could not be written, 2 usage
error (an --out folder that does not exist included), 3 internal error.`;
function parse(argv) {
  try {
    return (0, import_node_util.parseArgs)({
      args: argv,
      allowPositionals: true,
      options: {
        config: { type: "string", multiple: true },
        out: { type: "string" },
        json: { type: "boolean" },
        "at-boundary": { type: "string" },
        end: { type: "boolean" },
        window: { type: "string" },
        session: { type: "string" },
        "model-replies": { type: "string" }
      }
    });
  } catch (err2) {
    throw usageError(usage, err2);
  }
}
function sameFile(a, b) {
  try {
    const [x, y] = [(0, import_node_fs14.statSync)(a), (0, import_node_fs14.statSync)(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}
function positiveInt2(flag, value) {
  if (value === void 0) return void 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new HandoffError("USAGE", `${flag} takes a whole number from 1 (got "${value}")`);
  return n;
}
function windowText(result) {
  if (result.messages.length === 0) return result.handoff;
  const parts2 = [
    result.handoff.trimEnd(),
    `<!-- then ${fmt(result.messages.length)} message${result.messages.length === 1 ? "" : "s"} after the handoff, as the engine hands them on -->`
  ];
  for (const m of result.messages) {
    if (m.text) parts2.push(`[${m.role}] ${m.text}`);
    for (const u of m.toolUses ?? []) parts2.push(`[${m.role}] \u2192 ${u.name} ${JSON.stringify(u.input)}`);
    for (const r of m.toolResults ?? []) parts2.push(`[${m.role}] \u2190 ${r.isError ? "error" : "result"}:
${r.text}`);
  }
  return `${parts2.join("\n\n")}
`;
}
function formatReport2(result) {
  const rows = result.sections.map((s) => {
    const status = s.status === "ok" ? "kept   " : "dropped";
    const chars2 = s.status === "ok" ? s.chars : s.chars;
    const hint = s.status === "dropped" && s.code === "SECTION_NO_MODEL" ? " (--model-replies FILE, or ANTHROPIC_API_KEY)" : "";
    const why = s.status === "dropped" ? `  ${s.code}: ${s.message}${hint}` : "";
    return `  ${status} ${s.name.padEnd(12)} ${(chars2 === void 0 ? "-" : fmt(chars2)).padStart(8)} chars ${fmt(s.ms).padStart(6)} ms${why}`;
  });
  const seam = result.seam.map((s) => `  subscriber ${s.name.padEnd(12)} ${s.hook} ${s.status} ${fmt(s.ms)} ms${s.message ? `: ${s.message}` : ""}`);
  return ["sections:", ...rows, ...seam, ...result.notes.map((n) => `  note: ${n}`), result.summaryLine].join("\n");
}
async function run2(argv) {
  const { values, positionals: positionals2 } = parse(argv);
  if (positionals2.length !== 1) throw new HandoffError("USAGE", "expected one transcript path (compact-handoff build --help)");
  const file2 = positionals2[0];
  if (values.end && values["at-boundary"]) throw new HandoffError("USAGE", "--end and --at-boundary go one at a time");
  if (values.out !== void 0 && sameFile(values.out, file2)) {
    throw new HandoffError("USAGE", `--out ${values.out} is the transcript being read: the handoff would overwrite it`);
  }
  if (values.out !== void 0) checkOutPath("--out", values.out);
  const boundary = positiveInt2("--at-boundary", values["at-boundary"]);
  const window2 = positiveInt2("--window", values.window);
  void prepareSections({ configFiles: configFiles(values.config ?? []), builtins: builtinSections });
  let transcript;
  try {
    transcript = await readJsonlTranscript(file2);
  } catch (err2) {
    if (err2 instanceof HandoffError) throw err2;
    const e = err2;
    throw new HandoffError("TRANSCRIPT_UNREADABLE", `cannot read ${file2}: ${e.code === "ENOENT" ? "no such file" : e.message}`);
  }
  const conversation = beforeBoundary(transcript, values.end ? "end" : boundary ?? "last");
  if (transcript.malformed.count > 0) {
    const shown = transcript.malformed.lines.slice(0, 10).join(", ");
    process.stderr.write(
      `compact-handoff build: ${fmt(transcript.malformed.count)} malformed line(s) skipped in ${file2} (line ${shown}${transcript.malformed.count > 10 ? ", \u2026" : ""})
`
    );
  }
  if (conversation.messages.length === 0) {
    const why = transcript.messages.length === 0 ? "it holds no conversation (no user or assistant line could be read)" : "the range asked for holds no messages";
    throw new HandoffError("TRANSCRIPT_EMPTY", `nothing to build a handoff from in ${file2}: ${why}`);
  }
  const input = {
    trigger: "cli",
    sessionId: values.session ?? transcript.sessionId ?? (0, import_node_path17.basename)(file2, ".jsonl"),
    cwd: conversation.cwd ?? process.cwd(),
    contextWindow: window2,
    model: conversation.model,
    transcript: conversation
  };
  const { model, source: modelSource } = await cliModel({ repliesFile: values["model-replies"] });
  const layers = configFiles(values.config ?? []).map((f) => typeof f === "string" ? f : f.optional && !(0, import_node_fs14.existsSync)(f.path) ? null : f.path).filter((f) => f !== null);
  const { result } = await buildHandoff({
    input,
    // A section reading without a policy of its own reads under the run's: the transcript's project.
    capabilities: cliCapabilities(model, readPolicy(conversation.cwd)),
    configFiles: configFiles(values.config ?? []),
    lenient: false,
    builtins: builtinSections
  });
  if (values.json) {
    const out2 = {
      handoff: result.handoff,
      marker: result.marker,
      totalChars: result.totalChars,
      summary: result.summaryLine,
      messages: result.messages,
      sections: result.sections.map((s) => ({
        name: s.name,
        status: s.status,
        ...s.status === "dropped" ? { code: s.code, message: s.message } : {},
        chars: s.status === "ok" ? s.chars : s.chars ?? null,
        ms: s.ms,
        ...s.body !== void 0 ? { body: s.body } : {},
        ...s.record ? { record: s.record } : {}
      })),
      seam: result.seam,
      transcript: { file: file2, messages: conversation.messages.length, malformed: transcript.malformed.count },
      model: modelSource,
      config: layers
    };
    const text = jsonForTerminal(out2) + "\n";
    if (values.out) await writeOut(values.out, text);
    else process.stdout.write(text);
  } else if (values.out) {
    await writeOut(values.out, windowText(result));
    process.stderr.write(forTerminal(`${formatReport2(result)}
config: ${layers.join(", ")}
handoff written to ${values.out}
`));
  } else {
    process.stdout.write(forTerminal(windowText(result)));
    process.stderr.write(forTerminal(`
${formatReport2(result)}
config: ${layers.join(", ")}
`));
  }
  await endIfLingering(result);
  return 0;
}
async function endIfLingering(result) {
  if (!result.seam.some((s) => s.status === "timedOut")) return;
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve7) => stream.write("", () => resolve7()))));
  process.exit(0);
}
var buildCommand = { summary: "build the handoff for a transcript on disk", usage, run: run2 };

// engine/child.ts
var import_node_fs17 = require("node:fs");
var import_promises11 = require("node:fs/promises");
var import_node_os7 = require("node:os");
var import_node_path24 = require("node:path");
init_transcript();
init_text();
init_search();

// store/write.ts
var import_promises10 = require("node:fs/promises");
var import_node_os5 = require("node:os");
var import_node_path21 = require("node:path");
init_render();
init_protocol();
init_files2();
init_lock();
function resolveDataDir(setting, env = process.env, home = (0, import_node_os5.homedir)()) {
  if (setting && setting.trim()) return expandHome(setting.trim(), home);
  if (env.COMPACT_HANDOFF_DATA_DIR) return expandHome(env.COMPACT_HANDOFF_DATA_DIR, home);
  return (0, import_node_path21.join)(home, ".claude", "compact-handoff");
}
function expandHome(path, home) {
  return path === "~" ? home : path.startsWith("~/") ? (0, import_node_path21.join)(home, path.slice(2)) : path;
}
function sessionDir(ref) {
  if (!/^[A-Za-z0-9._-]+$/.test(ref.sessionId) || ref.sessionId.startsWith(".")) {
    throw new Error(`session id ${JSON.stringify(ref.sessionId)} is not safe as a folder name`);
  }
  return (0, import_node_path21.join)(ref.dataDir, MODE_DIRS[ref.mode], ref.sessionId);
}
async function nextCompaction(ref) {
  const dir = sessionDir(ref);
  await (0, import_promises10.mkdir)(dir, { recursive: true, mode: DIR_MODE });
  return withLock(
    (0, import_node_path21.join)(dir, NUMBERING_LOCK),
    async () => {
      const next = await numberFrom(ref, await (0, import_promises10.readdir)(dir));
      await writeOnce((0, import_node_path21.join)(dir, `${padNumber(next.n)}.claim`), JSON.stringify({ pid: process.pid, host: (0, import_node_os5.hostname)(), at: (/* @__PURE__ */ new Date()).toISOString() }) + "\n");
      return next;
    },
    { waitMs: 1e4 }
  );
}
var NUMBERING_LOCK = ".numbering.lock";
async function numberFrom(ref, names2) {
  const earlier = names2.map((name2) => ({ name: name2, m: ROW_FILE.exec(name2) })).filter((x) => x.m !== null).map(({ name: name2, m }) => ({ n: Number(m[1]), file: (0, import_node_path21.join)(MODE_DIRS[ref.mode], ref.sessionId, name2), at: stemTime(name2) })).sort((a, b) => a.n - b.n || a.file.localeCompare(b.file));
  const { n, prev } = nextNumber(names2);
  return { n, prev, depth: earlier.length + 1, earlier };
}
async function writeOnce(path, text) {
  const draft = (0, import_node_path21.join)((0, import_node_path21.dirname)(path), `.${(0, import_node_path21.basename)(path)}.${process.pid}.draft`);
  await (0, import_promises10.writeFile)(draft, text, { encoding: "utf8", mode: FILE_MODE });
  try {
    await (0, import_promises10.link)(draft, path);
  } finally {
    await (0, import_promises10.unlink)(draft).catch(() => void 0);
  }
}
function textSize(text) {
  let lines = 1;
  for (let i2 = text.indexOf("\n"); i2 !== -1; i2 = text.indexOf("\n", i2 + 1)) lines++;
  if (text.endsWith("\n")) lines--;
  return { chars: text.length, lines, approxTokens: Math.ceil(text.length / 4) };
}
function transcriptDocument(t, meta) {
  const r = renderConversation(t, { maxChars: 5e7, toolInputChars: 4e3, toolResultChars: 4e3, messageChars: 4e5 });
  return `# Conversation of session ${meta.sessionId} as it stood before compaction n=${String(meta.n).padStart(3, "0")} (${r.rendered} messages)

${r.text}
`;
}
function indexLine(row) {
  const sections = Array.isArray(row.sections) ? row.sections.map((s) => {
    const { record: _r, body: _b, ...rest } = s;
    return rest;
  }) : row.sections;
  return { ...row, sections };
}
async function writeCompaction(ref, entry) {
  const dir = sessionDir(ref);
  await (0, import_promises10.mkdir)(dir, { recursive: true, mode: DIR_MODE });
  const stem = fileStem(entry.row.lineage.n, entry.at ?? new Date(entry.row.at));
  const rel = (p) => p.slice(ref.dataDir.length + 1);
  const texts = [];
  for (const kind of Object.keys(TEXT_KINDS)) {
    const text = entry[kind];
    if (text) texts.push({ kind, path: (0, import_node_path21.join)(dir, `${stem}${TEXT_KINDS[kind]}`), text });
  }
  for (const t of texts) await writeOnce(t.path, t.text);
  const pathOf = (kind) => texts.find((t) => t.kind === kind)?.path ?? null;
  let index = null;
  const docs = () => texts.map((t) => ({ path: rel(t.path), sessionId: ref.sessionId, mode: ref.mode, n: entry.row.lineage.n, kind: t.kind, at: entry.row.at }));
  if (entry.index === "defer" && texts.length > 0) {
    const { notePending: notePending2 } = await Promise.resolve().then(() => (init_search(), search_exports));
    await notePending2(ref.dataDir, docs());
    index = { deferred: true };
  } else if (entry.index !== false && texts.length > 0) {
    const started = performance.now();
    try {
      const { indexDocs: indexDocs2 } = await Promise.resolve().then(() => (init_search(), search_exports));
      const r = await indexDocs2(
        ref.dataDir,
        docs().map((d, i2) => ({ ...d, text: texts[i2].text }))
      );
      index = { ok: true, chunks: r.chunks, ms: Math.round(performance.now() - started) };
    } catch (err2) {
      index = { ok: false, reason: err2?.message ?? String(err2), ms: Math.round(performance.now() - started) };
    }
  }
  const rowFile = (0, import_node_path21.join)(dir, `${stem}${entry.completes ? LATE_SUFFIX : ".json"}`);
  const files = { handoff: null, summary: null, transcript: null, ...entry.completes?.files, row: rel(rowFile) };
  const sizes = { ...entry.completes?.sizes };
  for (const t of texts) {
    files[t.kind] = rel(t.path);
    sizes[t.kind] = textSize(t.text);
  }
  const row = { ...entry.row, files, sizes, index };
  await writeOnce(rowFile, JSON.stringify(row, null, 2) + "\n");
  const indexFile = (0, import_node_path21.join)(ref.dataDir, INDEX_FILE);
  const line = indexLine(row);
  await appendJsonl(indexFile, line);
  await appendJsonl((0, import_node_path21.join)(dir, RUNS_FILE), line);
  return { handoffFile: pathOf("handoff"), summaryFile: pathOf("summary"), transcriptFile: pathOf("transcript"), rowFile, indexFile, row };
}

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
    request(call, args2, signal) {
      if (closed) return Promise.reject(new BridgeError(call, `${call}: ${closedWhy}`));
      if (signal?.aborted) return Promise.reject(signal.reason ?? new Error("aborted"));
      const id = nextId++;
      return new Promise((resolve7, reject) => {
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
            resolve7(v);
          },
          reject: (e) => {
            done();
            reject(e);
          }
        });
        opts.send({ type: "request", id, call, args: args2 });
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
var import_node_crypto = require("node:crypto");
var import_node_fs16 = require("node:fs");
var import_node_http = require("node:http");
var import_node_os6 = require("node:os");
var import_node_path22 = require("node:path");
init_protocol();
var HOLD_MS = 1e3;
async function openChannel() {
  const dir = (0, import_node_fs16.mkdtempSync)((0, import_node_path22.join)((0, import_node_os6.tmpdir)(), "ch-"));
  const socketPath = (0, import_node_path22.join)(dir, "b.sock");
  const token = (0, import_node_crypto.randomBytes)(24).toString("hex");
  const lines = [];
  let fetched = 0;
  let handler = null;
  const early = [];
  const held = /* @__PURE__ */ new Set();
  const onFetched = [];
  const reply = (res, status, body2) => {
    res.writeHead(status, { "content-type": "application/json", connection: "close" });
    res.end(body2 === void 0 ? "" : JSON.stringify(body2));
  };
  const deliver = (after, res) => {
    const answer2 = { lines: lines.slice(after), next: lines.length };
    fetched = Math.max(fetched, lines.length);
    reply(res, 200, answer2);
    if (fetched >= lines.length) onFetched.splice(0).forEach((f) => f());
  };
  const server = (0, import_node_http.createServer)((req, res) => {
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
        } catch (err2) {
          return reply(res, 400, { error: `not JSON: ${err2.message}` });
        }
        if (handler) handler(answer2);
        else early.push(answer2);
        reply(res, 204);
      });
      return;
    }
    reply(res, 404, { error: `no ${req.method} ${url.pathname}` });
  });
  const removeDir = () => (0, import_node_fs16.rmSync)(dir, { recursive: true, force: true });
  process.once("exit", removeDir);
  await new Promise((resolve7, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve7());
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
      return new Promise((resolve7) => {
        const timer = setTimeout(resolve7, maxMs);
        onFetched.push(() => (clearTimeout(timer), resolve7()));
      });
    },
    async close() {
      for (const wait of held) clearTimeout(wait.timer);
      server.closeAllConnections();
      await new Promise((resolve7) => server.close(() => resolve7()));
      removeDir();
      process.off("exit", removeDir);
    }
  };
}

// engine/capabilities.ts
init_capabilities();
init_read_policy();
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
  const usage3 = reportedUsage(v.usage);
  if (v.isAnswered) return { isAnswered: true, text: v.text, ...model ? { model } : {}, ...usage3 ? { usage: camel(usage3) } : {}, via };
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
var CONTINUATION2 = "This session is being continued from a previous conversation";
function roughKind(m) {
  if (m.role === "assistant") return "assistant";
  if (m.toolResults?.length && m.text.trim() === "") return "tool-results";
  const t = m.text.trimStart();
  if (t.startsWith(HANDOFF)) return "handoff";
  if (t.startsWith(CONTINUATION2)) return "compact-summary";
  return t === "" ? "meta" : "typed";
}
function chars(m) {
  return m.text.length + m.toolUses.reduce((n, u) => n + JSON.stringify(u.input).length, 0) + (m.toolResults ?? []).reduce((n, r) => n + r.text.length, 0);
}
function turnStart(messages, kindOf2) {
  for (let i2 = messages.length - 1; i2 >= 0; i2--) {
    const k = kindOf2(i2);
    if (k === "typed") return i2;
    if (k === "handoff" || k === "compact-summary") return i2 + 1;
  }
  return 0;
}
function keepPlan(messages, opts = {}) {
  const kindOf2 = (i2) => opts.kindOf?.(i2) ?? roughKind(messages[i2]);
  let start2 = -1;
  for (let i2 = messages.length - 1; i2 >= 0; i2--) {
    const m = messages[i2];
    if (m.role === "assistant" && m.text.trim() !== "") {
      start2 = i2;
      break;
    }
  }
  let why = "last-assistant-text";
  if (start2 < 0) {
    start2 = turnStart(messages, kindOf2);
    why = "turn-in-progress";
    if (start2 >= messages.length) return { keep: [], why: "nothing", capped: false, extended: false, orphanResults: [] };
  }
  const cap = opts.maxKeepChars ?? DEFAULT_MAX_KEEP_CHARS;
  let size = 0;
  for (let i2 = messages.length - 1; i2 >= start2; i2--) size += chars(messages[i2]);
  let capped = false;
  if (size > cap) {
    let chosen = -1;
    for (let i2 = start2; i2 < messages.length; i2++) {
      if (i2 > start2 && messages[i2].role === "assistant" && size <= cap) {
        chosen = i2;
        break;
      }
      size -= chars(messages[i2]);
    }
    for (let i2 = messages.length - 1; chosen < 0 && i2 > start2; i2--) if (messages[i2].role === "assistant") chosen = i2;
    if (chosen > start2) {
      start2 = chosen;
      capped = true;
    }
  }
  const orphanResults = [];
  let extended = false;
  for (; ; ) {
    const uses = /* @__PURE__ */ new Set();
    const missing = [];
    for (let i2 = start2; i2 < messages.length; i2++) {
      for (const u of messages[i2].toolUses) uses.add(u.tool_use_id);
      for (const r of messages[i2].toolResults ?? []) if (!uses.has(r.tool_use_id) && !orphanResults.includes(r.tool_use_id)) missing.push(r.tool_use_id);
    }
    if (missing.length === 0) break;
    let earliest = start2;
    for (const id of missing) {
      let found = -1;
      for (let j = start2 - 1; j >= 0; j--) {
        if (messages[j].toolUses.some((u) => u.tool_use_id === id)) {
          found = j;
          break;
        }
      }
      if (found < 0) orphanResults.push(id);
      else earliest = Math.min(earliest, found);
    }
    if (earliest < start2) {
      start2 = earliest;
      extended = true;
    }
  }
  return { keep: Array.from({ length: messages.length - start2 }, (_, k) => start2 + k), why, capped, extended, orphanResults };
}

// engine/seam-subscribers.ts
init_pipeline();
function seamSubscribers(subscribers, bridge, run3) {
  return subscribers.map(({ name: name2, tool, hook }) => ({
    name: name2,
    apply(hooks) {
      const raise = async (phase) => {
        const answer2 = await bridge.request("seam.raise", { tool, name: name2, ...run3, phase });
        if (answer2.status === "denied") throw new SeamDeniedError(`${tool} was denied: ${answer2.reason}`);
        if (answer2.status === "error") throw new Error(`${tool} reported an error: ${answer2.reason}`);
      };
      if (hook === "beforeCompact") hooks.beforeCompact.tapPromise(name2, () => raise("before"));
      else hooks.done.tapPromise(name2, () => raise("after"));
    }
  }));
}

// engine/child.ts
init_protocol();

// engine/field.ts
var import_node_path23 = require("node:path");
init_file_touches();
var recordOf = (result, name2) => result.sections.find((s) => s.name === name2)?.record;
function handoffRefs(result, handoff, transcript, cwd) {
  const abs = (p) => (0, import_node_path23.isAbsolute)(p) ? p : (0, import_node_path23.join)(cwd, p);
  const restore = result.sections.find((s) => s.name === "restore");
  const restored = restore?.status === "ok" ? (recordOf(result, "restore")?.restored ?? []).flatMap(
    (f) => typeof f.path === "string" ? [abs(f.path)] : []
  ) : [];
  const ledger = recordOf(result, "ledger");
  const candidates = new Set([...fileTouches(transcript).keys()].map(abs));
  for (const f of ledger?.files ?? []) if (typeof f.path === "string") candidates.add(abs(f.path));
  const named = [...candidates].filter((p) => {
    if (restored.includes(p)) return false;
    const rel = (0, import_node_path23.relative)(cwd, p);
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
var usage2 = `Usage: compact-handoff engine [--standby] <rundir>

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
  const yaml2 = settingsYaml(input.settings);
  if (yaml2 === null) return [];
  const file2 = (0, import_node_path24.join)(rundir, "plugin-settings.pipeline.config.yaml");
  await (0, import_promises11.writeFile)(file2, yaml2, { mode: 384 });
  return [file2];
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
function baseRow(run3, outcome, why) {
  const { input, result, host, now } = run3;
  return {
    v: 1,
    at: run3.at.toISOString(),
    sessionId: input.sessionId,
    mode: run3.ref.mode,
    arm: input.settings.arm ?? (input.settings.live ? "handoff" : "stock"),
    ...input.settings.ab ? { ab: input.settings.ab } : {},
    trigger: input.trigger,
    ...input.settings.requestedBy ? { requestedBy: input.settings.requestedBy } : {},
    ...input.agentId ? { agentId: input.agentId } : {},
    outcome,
    ...why && "code" in why ? { code: why.code } : {},
    reason: why ? "code" in why ? why.reason : why.pending : null,
    lineage: { n: run3.next.n, prev: run3.next.prev },
    depth: run3.next.depth,
    writtenBy: "child",
    pluginVersion: input.pluginVersion ?? VERSION,
    childVersion: VERSION,
    messages: input.messages.length,
    sections: result ? sectionRows(result) : [],
    summaryLine: result?.summaryLine ?? null,
    ...result?.notes.length ? { notes: result.notes } : {},
    chars: result ? run3.handoff.length : null,
    model: { path: modelPath(host), calls: host?.modelCalls ?? [] },
    reads: host?.reads ?? [],
    usage: host?.usage() ?? null,
    cost: rowCost(result, host?.modelCalls ?? []),
    ...forkField(host?.modelCalls ?? [], input),
    // Agents still running as the conversation compacted; null before the messages were read.
    runningAgents: run3.transcript ? runningAgentsOf(run3.transcript).runningAgents?.length ?? 0 : null,
    ...result && run3.transcript ? { handoffRefs: handoffRefs(result, run3.handoff, run3.transcript, input.cwd) } : {},
    cwd: input.cwd,
    configProblems: run3.configProblems.map((p) => `${p.file}:${p.line}:${p.col}  ${p.message}`),
    seam: result?.seam ?? [],
    ms: {
      pipeline: result?.ms ?? null,
      child: now() - run3.started,
      sinceHook: input.hookStartedAt ? now() - input.hookStartedAt : null
    }
  };
}
var pipelineModules = null;
function loadPipeline() {
  pipelineModules ??= Promise.all([Promise.resolve().then(() => (init_build(), build_exports)), Promise.resolve().then(() => (init_sections(), sections_exports))]);
  return pipelineModules;
}
async function runEngine(raw, deps) {
  const now = deps.now ?? Date.now;
  const started = now();
  const run3 = {
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
    const prepared = await prepare(run3, raw);
    const built = await build(prepared);
    const stored = await store(built);
    await answer(built, stored);
    return true;
  } catch (err2) {
    await fallBack(run3, err2);
    return false;
  }
}
async function prepare(run3, raw) {
  const { deps } = run3;
  const input = run3.input = checkInput(raw);
  if (!input.late) void loadPipeline().catch(() => void 0);
  const mode = input.settings.live ? "live" : "rehearsal";
  const ref = run3.ref = { dataDir: resolveDataDir(input.settings.dataDir || void 0, deps.env ?? process.env), mode, sessionId: input.sessionId };
  try {
    run3.next = await nextCompaction(ref);
  } catch (err2) {
    throw new Fallback("store-unreadable", err2.message);
  }
  run3.transcript = (deps.readMessages ?? readEngineMessages)(input.messages, { sessionId: input.sessionId, cwd: input.cwd, model: input.model });
  const bridge = run3.bridge = createBridge({ send: deps.send });
  deps.connect?.(bridge);
  const gone = () => bridge.close(`the engine went away before it answered (${String(deps.engineGone?.reason ?? "unknown")})`);
  if (deps.engineGone?.aborted) gone();
  else deps.engineGone?.addEventListener("abort", gone, { once: true });
  run3.host = engineHost(bridge, { model: input.model, live: input.settings.live, cwd: input.cwd });
  const ready = run3;
  if (input.late) await storePending(ready);
  return ready;
}
async function storePending(run3) {
  const { input, ref, next, at: at2 } = run3;
  try {
    run3.pending = await writeCompaction(ref, {
      row: {
        ...baseRow(run3, "pending", { pending: "late: the engine compacted without waiting; this rehearsal's model work runs after it" }),
        late: { pid: process.pid, host: (0, import_node_os7.hostname)(), startedAt: at2.toISOString() }
      },
      transcript: transcriptOf(run3.transcript, input.sessionId, next.n),
      at: at2,
      index: "defer"
    });
  } catch (err2) {
    throw new Fallback("store-unwritable", err2.message);
  }
  const { files, sizes } = run3.pending.row;
  run3.deps.send({ type: "pending", row: files.row, dataDir: ref.dataDir, n: next.n, prev: next.prev, at: at2.toISOString(), files, sizes });
}
async function build(run3) {
  const { input, next, transcript, host, deps } = run3;
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
  const [{ buildHandoff: buildHandoff2, configFiles: configFiles2, configProblemsAhead: configProblemsAhead2 }, { builtinSections: builtinSections2 }] = await loadPipeline();
  const files = configFiles2(await settingsLayer(deps.rundir, input), deps.env ?? process.env);
  if (input.late) {
    const ahead = configProblemsAhead2({ configFiles: files, builtins: builtinSections2 });
    if (ahead?.length) {
      deps.send({ type: "notices", notices: [configNotice(ahead)] });
      run3.configToldEarly = true;
    }
  }
  try {
    ;
    ({ result: run3.result, configProblems: run3.configProblems } = await (deps.build ?? buildHandoff2)({
      input: pipelineInput,
      capabilities,
      configFiles: files,
      lenient: true,
      builtins: builtinSections2,
      subscribers: seamSubscribers(input.subscribers ?? [], run3.bridge, {
        sessionId: input.sessionId,
        trigger: input.trigger,
        messageCount: transcript.messages.length,
        mode: input.settings.live ? "live" : "rehearsal"
      })
    }));
  } catch (err2) {
    throw new Fallback("pipeline-threw", err2.message);
  }
  run3.bridge.close();
  const result = run3.result;
  run3.handoff = deps.fault === "empty" ? "" : result.handoff;
  if (!run3.handoff.trim()) throw new Fallback("empty-handoff", `the pipeline returned no handoff text (${result.summaryLine})`);
  if (!result.sections.some((s) => s.status === "ok")) throw new Fallback("no-sections-kept", result.summaryLine);
  return run3;
}
async function store(run3) {
  const { input, transcript, result, handoff } = run3;
  const kinds = new Map(transcript.messages.filter((m) => m.uuid).map((m) => [m.uuid, m.kind]));
  const plan = keepPlan(input.messages, { kindOf: (i2) => input.messages[i2].handle ? kinds.get(input.messages[i2].handle) : void 0 });
  const keptMessages = plan.keep.map((i2) => input.messages[i2]);
  const tokensBefore = input.contextTokens ?? chars4(input.messages.reduce((n, m) => n + messageChars(m), 0));
  const tokensAfter = chars4(handoff.length + result.messages.reduce((n, m) => n + messageChars(m), 0) + keptMessages.reduce((n, m) => n + messageChars(m), 0));
  const row = {
    ...baseRow(run3, input.settings.live ? "replaced" : "rehearsed", null),
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
    const written = await writeCompaction(run3.ref, {
      row,
      handoff,
      summary: summaryText(result),
      transcript: run3.pending ? null : transcriptOf(transcript, input.sessionId, run3.next.n),
      at: run3.at,
      index: "defer",
      ...completes(run3.pending)
    });
    return { plan, tokensBefore, tokensAfter, written };
  } catch (err2) {
    throw new Fallback("store-unwritable", err2.message);
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
async function answer(run3, stored) {
  const { configProblems, result } = run3;
  await cleanup(run3.deps.rundir);
  const usage3 = run3.host.usage();
  const notices = [...configProblems.length && !run3.configToldEarly ? [configNotice(configProblems)] : [], ...loadNotices(result)];
  run3.deps.send({
    type: "done",
    handoff: run3.handoff,
    messages: result.messages,
    keep: stored.plan.keep,
    tokensBefore: stored.tokensBefore,
    tokensAfter: stored.tokensAfter,
    ...usage3 ? { usage: usage3 } : {},
    row: stored.written.row,
    ...notices.length ? { notices } : {}
  });
  await indexPending(run3.ref.dataDir).catch(() => void 0);
}
async function fallBack(run3, err2) {
  run3.bridge?.close();
  const why = err2 instanceof Fallback ? err2 : new Fallback("child-threw", err2?.message ?? String(err2));
  let rowWritten = false;
  if (run3.input && run3.ref && run3.next) {
    try {
      await writeCompaction(run3.ref, {
        row: baseRow(run3, "fallback", why),
        handoff: run3.handoff || null,
        summary: summaryText(run3.result),
        transcript: run3.transcript && !run3.pending ? transcriptOf(run3.transcript, run3.input.sessionId, run3.next.n) : null,
        at: run3.at,
        ...completes(run3.pending)
      });
      rowWritten = true;
    } catch {
    }
  }
  await cleanup(run3.deps.rundir);
  run3.deps.send({ type: "failed", code: why.code, reason: why.reason, rowWritten });
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
  await (0, import_promises11.rm)(rundir, { recursive: true, force: true }).catch(() => void 0);
  const parent = (0, import_node_path24.dirname)(rundir);
  const stale = Date.now() - 6 * 60 * 60 * 1e3;
  try {
    for (const name2 of await (0, import_promises11.readdir)(parent)) {
      const p = (0, import_node_path24.join)(parent, name2);
      const s = await (0, import_promises11.stat)(p).catch(() => null);
      if (s?.isDirectory() && s.mtimeMs < stale) await (0, import_promises11.rm)(p, { recursive: true, force: true }).catch(() => void 0);
    }
  } catch {
  }
}
var STANDBY_POLL_MS = 200;
async function standbyInput(rundir) {
  const file2 = (0, import_node_path24.join)(rundir, "input.json");
  return new Promise((resolve7) => {
    let busy = false;
    const look = async () => {
      if (busy) return;
      busy = true;
      const text = await (0, import_promises11.readFile)(file2, "utf8").catch(() => null);
      busy = false;
      if (text === null) return;
      try {
        JSON.parse(text);
      } catch {
        return;
      }
      watcher?.close();
      clearInterval(poll);
      resolve7(text);
    };
    let watcher = null;
    try {
      watcher = (0, import_node_fs17.watch)(rundir, () => void look());
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
    const [{ configFiles: configFiles2, prepareSections: prepareSections2 }, { builtinSections: builtinSections2 }] = await loadPipeline();
    await prepareSections2({ configFiles: configFiles2([], process.env), builtins: builtinSections2 });
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
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve7) => stream.write("", () => resolve7()))));
  process.exit(code);
}
function faultOf(env) {
  const f = env.COMPACT_HANDOFF_FAULT;
  return f === "crash" || f === "hang" || f === "empty" ? f : void 0;
}
var GONE_GRACE_MS = 1e4;
function lateExits() {
  const gone = new AbortController();
  const stop2 = (why) => {
    if (gone.signal.aborted) return;
    gone.abort(why);
    setTimeout(() => process.exit(143), GONE_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => stop2("SIGTERM: the engine is exiting"));
  process.stdout.on("error", (err2) => stop2(`its stdout closed: ${err2.code ?? err2.message}`));
  return gone.signal;
}
var engineCommand = {
  summary: "(internal) one compaction for the plugin: event on stdin, bridge over the socket its hello names",
  usage: usage2,
  async run(argv) {
    const standby = argv[0] === "--standby";
    const rundir = standby ? argv[1] : argv[0];
    if (!rundir || argv.length !== (standby ? 2 : 1)) {
      process.stderr.write(`${usage2}
`);
      return 2;
    }
    await (0, import_promises11.mkdir)(rundir, { recursive: true, mode: 448 });
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
    } catch (err2) {
      await cleanup(rundir);
      const why = new Fallback("bad-input", `stdin is not JSON (${err2.message})`);
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
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  buildCommand,
  engineCommand
});
