#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  clip,
  fmt,
  lineCount,
  lineSpan,
  oneLine,
  parseMarker,
  shortPath
} from "./chunk-LOLXCKOV.mjs";
import {
  HandoffError
} from "./chunk-ORPKAE4C.mjs";

// pipeline/transcript.ts
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
var isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var str = (v) => typeof v === "string" ? v : void 0;
var emptyTranscript = (source) => ({
  source,
  messages: [],
  boundaries: [],
  malformed: { count: 0, lines: [] }
});
function noteMalformed(t, where) {
  t.malformed.count++;
  t.malformed.lines.push(where);
}
var INTERRUPT_RE = /^\[Request interrupted by user[^\]\n]*\]$/;
var HOOK_RE = /^(?:<system-reminder>\s*)?[A-Za-z]+(?::\S+)? hook (?:feedback|blocking error|error|additional context|success)\b/;
var TASK_TRAILER_RE = /^Read the output file[^\n]*$/;
var CONTINUATION = "This session is being continued from a previous conversation";
var TAG_KIND = {
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
var TALK = /* @__PURE__ */ new Set(["typed", "assistant", "tool-results"]);
function wrapperKind(text) {
  let kind;
  let at = 0;
  const s = text.trim();
  while (at < s.length) {
    while (at < s.length && /\s/.test(s[at])) at++;
    if (at >= s.length) break;
    if (kind !== void 0 && s.startsWith("Read the output file", at) && TASK_TRAILER_RE.test(s.slice(at))) return kind;
    const open = /^<([a-z][\w-]*)>/.exec(s.slice(at, at + 64));
    const tag = open?.[1];
    const tagKind = tag === void 0 ? void 0 : TAG_KIND[tag];
    if (tagKind === void 0) return void 0;
    const close = s.indexOf(`</${tag}>`, at + open[0].length);
    if (close < 0) return void 0;
    kind ??= tagKind;
    at = close + tag.length + 3;
  }
  return kind;
}
function classifyUser(text, hasToolResults, flags, firstInWindow) {
  const body = text.trim();
  if (body === "" && hasToolResults) return "tool-results";
  if ((flags.isCompactSummary === true || firstInWindow) && parseMarker(text) !== null) return "handoff";
  if (flags.isCompactSummary === true) return "compact-summary";
  if (flags.isMeta === true) return HOOK_RE.test(body) ? "hook" : "meta";
  if (INTERRUPT_RE.test(body)) return "interrupt";
  const wrapped = wrapperKind(body);
  if (wrapped) return wrapped;
  if (flags.isSidechain === true) return "meta";
  return "typed";
}
function isInjectedBlock(text) {
  return wrapperKind(text) === "meta";
}
function userKindAndText(texts, hasToolResults, flags, firstInWindow) {
  const all = texts.join("\n");
  if (texts.length > 1) {
    const kept = texts.filter((t) => !isInjectedBlock(t));
    if (kept.length > 0 && kept.length < texts.length) {
      const rest = kept.join("\n");
      const kind = classifyUser(rest, hasToolResults, flags, firstInWindow);
      return { kind, text: kind === "typed" ? rest : all };
    }
  }
  return { kind: classifyUser(all, hasToolResults, flags, firstInWindow), text: all };
}
var REFUSAL_RE = /^(?:Error: )?(?:The user doesn't want to proceed with this tool use|Permission for this tool use was denied)\. The tool use was rejected \([^)\n]*\)\. (?:To tell you how to proceed, the user said|The user said):\n([\s\S]*\S[\s\S]*)$/;
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
  const parts = [str(result.stdout), str(result.stderr)].filter((s) => !!s);
  return parts.length ? parts.join("\n") : void 0;
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
  messages.forEach((row, i) => {
    if (!isObj(row) || row.role !== "user" && row.role !== "assistant") return noteMalformed(t, i);
    const role = row.role;
    const text = str(row.text) ?? "";
    const toolUses = [];
    for (const u of Array.isArray(row.toolUses) ? row.toolUses : []) {
      if (!isObj(u)) continue;
      const id = str(u.tool_use_id) ?? str(u.id);
      const name = str(u.tool) ?? str(u.name);
      if (id === void 0 || name === void 0) continue;
      const use = { id, name, input: isObj(u.input) ? u.input : {} };
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
  const parts = [];
  for (const b of content) if (isObj(b) && b.type === "text" && typeof b.text === "string") parts.push(b.text);
  return parts.join("\n");
}
var joinText = (a, b) => a === "" ? b : b === "" ? a : `${a}
${b}`;
function jsonlParser() {
  const t = emptyTranscript("jsonl");
  const results = /* @__PURE__ */ new Map();
  const uses = [];
  let open = null;
  let lastTalk = -1;
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
        open = null;
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
      if (open && id !== void 0 && open.id === id) {
        open.msg.text = joinText(open.msg.text, texts.join("\n"));
        open.msg.toolUses.push(...toolUses);
        return;
      }
      const msg2 = newMessage(t, d, lineNo, "assistant", "assistant", texts.join("\n"), toolUses, toolResults);
      open = id === void 0 ? null : { msg: msg2, id };
      lastTalk = msg2.index;
      return;
    }
    if (d.isCompactSummary === true && d.parentUuid === null && t.boundaries.at(-1)?.messageIndex !== t.messages.length) {
      t.boundaries.push({ line: lineNo, messageIndex: t.messages.length, from: "summary-row" });
      open = null;
    }
    const firstInWindow = lastTalk < (t.boundaries.at(-1)?.messageIndex ?? 0);
    const { kind, text: shown } = userKindAndText(texts, toolResults.length > 0, d, firstInWindow);
    if (kind !== "tool-results") open = null;
    const msg = newMessage(t, d, lineNo, "user", kind, shown, toolUses, toolResults);
    if (TALK.has(kind)) lastTalk = msg.index;
  };
  const finish = () => {
    for (const use of uses) {
      const r = results.get(use.id);
      if (r) use.result = r;
    }
    return t;
  };
  return { line, finish };
}
function newMessage(t, d, line, role, kind, text, toolUses, toolResults) {
  const msg = { index: t.messages.length, role, kind, text, toolUses, toolResults, line };
  if (typeof d.uuid === "string") msg.uuid = d.uuid;
  if (typeof d.timestamp === "string") msg.timestamp = d.timestamp;
  if (d.isSidechain === true) msg.sidechain = true;
  t.messages.push(msg);
  return msg;
}
var DEFAULT_MAX_TRANSCRIPT_MB = 512;
var MAX_LINE_BYTES = 64 * 1024 * 1024;
function maxTranscriptBytes(env = process.env) {
  const raw = env.COMPACT_HANDOFF_MAX_TRANSCRIPT_MB;
  const mb = raw !== void 0 && /^\d+$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : DEFAULT_MAX_TRANSCRIPT_MB;
  return {
    bytes: mb * 1024 * 1024,
    setting: raw !== void 0 && mb !== DEFAULT_MAX_TRANSCRIPT_MB ? `COMPACT_HANDOFF_MAX_TRANSCRIPT_MB=${mb}` : `the default ${mb} MB; COMPACT_HANDOFF_MAX_TRANSCRIPT_MB sets it`
  };
}
async function readJsonlTranscript(path, limit = maxTranscriptBytes()) {
  const size = (await stat(path)).size;
  if (size > limit.bytes) {
    throw new HandoffError(
      "TRANSCRIPT_TOO_LARGE",
      `${path} is ${fmt(Math.ceil(size / 1024 / 1024))} MB, over the ${fmt(Math.round(limit.bytes / 1024 / 1024))} MB a transcript may be (${limit.setting})`
    );
  }
  const parser = jsonlParser();
  let lineNo = 0;
  let parts = [];
  let pending = 0;
  let overlong = false;
  const endLine = () => {
    lineNo++;
    if (overlong)
      parser.line("{not read: longer than MAX_LINE_BYTES", lineNo);
    else parser.line(parts.length === 1 ? parts[0].toString("utf8") : Buffer.concat(parts, pending).toString("utf8"), lineNo);
    parts = [];
    pending = 0;
    overlong = false;
  };
  for await (const chunk of createReadStream(path)) {
    let from = 0;
    for (let nl = chunk.indexOf(10, from); nl >= 0; nl = chunk.indexOf(10, from)) {
      if (!overlong) parts.push(chunk.subarray(from, nl));
      pending += nl - from;
      if (pending > MAX_LINE_BYTES) overlong = true;
      endLine();
      from = nl + 1;
    }
    if (from < chunk.length && !overlong) {
      parts.push(chunk.subarray(from));
      pending += chunk.length - from;
      if (pending > MAX_LINE_BYTES) {
        overlong = true;
        parts = [];
      }
    }
  }
  if (pending > 0 || overlong) endLine();
  return parser.finish();
}
var ENGINE_TRAILERS = [
  /\n*REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks\.\s*$/,
  /\n*agentId: [\w-]+ \(for resuming to continue this agent's work if needed\)\s*(?:<usage>[^<]*<\/usage>\s*)?$/,
  /\n*Shell cwd was reset to [^\n]*\s*$/
];
var REMINDER_OPEN = "<system-reminder>";
var REMINDER_CLOSE = "</system-reminder>";
function withoutEngineNotes(text) {
  for (let out = text; ; ) {
    let next = out;
    const end = next.trimEnd();
    if (end.endsWith(REMINDER_CLOSE) && end.lastIndexOf(REMINDER_OPEN) >= 0) next = end.slice(0, end.lastIndexOf(REMINDER_OPEN)).replace(/\n+$/, "");
    for (const re of ENGINE_TRAILERS) next = next.replace(re, "");
    if (next === out) return out;
    out = next;
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

// pipeline/file-touches.ts
var READ_TOOL_LINES = 2e3;
function fileLines(text) {
  if (text === "") return [];
  return (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
}
function lastCopy(touch) {
  if (touch.stored) return { ...touch.stored, current: true };
  if (touch.read) return { ...touch.read, from: "read", current: false };
  return void 0;
}
var ENGINE_ATTACHED = /* @__PURE__ */ new Set(["CLAUDE.md", "AGENTS.md", "CLAUDE.local.md"]);
var FILE_TOOLS = {
  Read: "file_path",
  Write: "file_path",
  Edit: "file_path",
  MultiEdit: "file_path",
  NotebookEdit: "notebook_path"
};
function readText(result) {
  return withoutEngineNotes(result).split("\n").map((line) => line.replace(/^\s*\d+[\t→]/, "")).join("\n");
}
function replay(text, edits) {
  let line = 0;
  for (const e of edits) {
    if (typeof e.old_string !== "string" || typeof e.new_string !== "string") return null;
    const at = text.indexOf(e.old_string);
    if (at < 0) return null;
    line = countLines(text, at);
    text = e.replace_all === true ? text.split(e.old_string).join(e.new_string) : text.replace(e.old_string, () => e.new_string);
  }
  return { text, line };
}
var countLines = (text, end) => {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < end; i = text.indexOf("\n", i + 1)) n++;
  return n;
};
var positive = (v) => typeof v === "number" && Number.isInteger(v) && v > 0 ? v : void 0;
var holds = (copy, line) => line !== void 0 && line >= copy.firstLine && line < copy.firstLine + fileLines(copy.text).length;
function joined(older, newer) {
  const a = fileLines(older.text);
  const b = fileLines(newer.text);
  if (newer.firstLine > older.firstLine + a.length || older.firstLine > newer.firstLine + b.length) return null;
  const before = a.slice(0, Math.max(0, newer.firstLine - older.firstLine));
  const after = a.slice(Math.max(0, newer.firstLine + b.length - older.firstLine));
  const lines = [...before, ...b, ...after];
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
var accounts = /* @__PURE__ */ new WeakMap();
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
      const failed = u.result?.isError === true;
      if (u.name === "Write" && typeof u.input.content === "string" && !failed) {
        touch.stored = { text: u.input.content, from: "write", firstLine: 1, whole: true };
        touch.focus = 1;
        delete touch.edited;
        freshRead.delete(path);
      } else if (u.name === "Read" && u.result && !failed && u.result.text) {
        readPart(touch, u.input, readText(u.result.text));
        freshRead.add(path);
      } else if ((u.name === "Edit" || u.name === "MultiEdit") && !failed) {
        const edits = u.name === "Edit" ? [u.input] : Array.isArray(u.input.edits) ? u.input.edits : [];
        editCopy(touch, edits, freshRead.has(path));
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
  const firstLine = positive(input.offset) ?? 1;
  const shown = shownText === "" ? 0 : shownText.split("\n").length;
  const whole = firstLine === 1 && shown < (positive(input.limit) ?? READ_TOOL_LINES);
  if (shown === 0 && !whole) return;
  const text = !whole && shownText.endsWith("\n") ? `${shownText}
` : shownText;
  const part = { text, firstLine, whole };
  touch.read = part;
  touch.focus = touch.edited ?? firstLine;
  const s = touch.stored;
  if (whole || !s) touch.stored = { ...part, from: "read" };
  else if (!s.whole) {
    const both = joined(s, part);
    if (both) touch.stored = { ...both, from: "read" };
    else if (!holds(s, touch.edited)) touch.stored = { ...part, from: "read" };
  }
}
function editCopy(touch, edits, freshRead) {
  const bases = [touch.stored, freshRead && touch.read ? { ...touch.read, from: "read" } : void 0];
  for (const base of bases) {
    const done = base ? replay(base.text, edits) : null;
    if (!base || !done) continue;
    touch.stored = { ...base, text: done.text };
    touch.edited = touch.focus = base.firstLine + done.line;
    return;
  }
  delete touch.stored;
}

// pipeline/tool-errors.ts
var TOOL_ERROR_RE = /^\s*(<tool_use_error>|Error: |InputValidationError)/;
function isFailure(use) {
  const r = use.result;
  if (r === void 0) return false;
  if (r.isError) return true;
  return use.name === "Bash" ? r.text.trimStart().startsWith("<tool_use_error>") : TOOL_ERROR_RE.test(r.text);
}
var EXIT_LINE = /^Exit code -?\d+$/;
var LOCATION = /[\w.-]*\w\.[A-Za-z]\w{0,9}:\d+/;
var NAMES_ERROR = new RegExp(`${LOCATION.source}|\\b(?:error|exception)\\b:|\\bpanic:|\\bnpm ERR!|\\bFAIL\\b|^! \\S`, "i");
var MENTIONS_ERROR = /\berror\b|\bfailed\b/i;
var BARE_MARKER = /^(?:[-=\s]*)(?:fail|error|failed)[:!.]*$/i;
var REJECTED = /^The user doesn't want to proceed with this tool use\.[^\n]*?(?:the user said:\s*([\s\S]*))?$/;
function errorReason(text, lines = 2, max = 200) {
  const body = text.replace(/<\/?tool_use_error>/g, "");
  const rejected = REJECTED.exec(body.trim());
  if (rejected) return clip(oneLine(`rejected by the user${rejected[1]?.trim() ? `, who said: ${rejected[1].trim()}` : ""}`), max);
  if (/^\s*<tool_use_error>/.test(text)) {
    const [first, next] = body.split("\n").map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l !== "");
    if (first) return clip(first.endsWith(":") && next && lines > 1 ? `${first} \u23CE ${next}` : first, max);
  }
  const raw = body.split("\n");
  const all = raw.map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l !== "");
  const exit = all[0] !== void 0 && EXIT_LINE.test(all[0]) ? all[0] : null;
  const rest = exit ? all.slice(1) : all;
  const pick = (test) => {
    const first = rest.findIndex((l) => test(l) && !BARE_MARKER.test(l));
    if (first < 0) return null;
    const next = rest.findIndex((l, i) => i > first && test(l) && !BARE_MARKER.test(l));
    return [rest[first], ...next >= 0 ? [rest[next]] : rest.slice(first + 1, first + 2)].slice(0, lines);
  };
  const reason = tracebackTail(raw) ?? pick((l) => NAMES_ERROR.test(l)) ?? pick((l) => MENTIONS_ERROR.test(l)) ?? rest.slice(-lines);
  return clip([...exit ? [exit] : [], ...reason].join(" \u23CE "), max);
}
function tracebackTail(raw) {
  let at = -1;
  raw.forEach((l, i) => {
    if (l.startsWith("Traceback (most recent call last)")) at = i;
  });
  if (at < 0) return null;
  const exception = raw.slice(at + 1).find((l) => l.trim() !== "" && !/^\s/.test(l));
  return exception ? [exception.trim()] : null;
}

// pipeline/render.ts
var flat = (s) => s.replace(/\s+/g, " ").trim();
var INPUT_FIELDS = ["command", "file_path", "notebook_path", "path", "pattern", "url", "query", "description", "prompt", "skill"];
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
  return clip(oneLine(keyInput(use)), max);
}
var clipEnd = (s, max) => clip(s, max, { mark: (cut) => `\u2026 [+${fmt(cut)} chars]` });
var clipMiddle = (s, max) => clip(s, max, { at: "middle", mark: (cut) => `
[\u2026 ${fmt(cut)} chars clipped \u2026]
` });
function renderUse(u, o) {
  let line = `  \u2192 ${u.name} ${clipEnd(JSON.stringify(u.input), o.toolInputChars)}`;
  if (o.toolResultChars > 0 && u.result) {
    const status = u.result.isError ? "error" : "ok";
    const body = flat(u.result.text);
    line += `
    \u2190 ${status}${body ? `: ${clipEnd(body, o.toolResultChars)}` : ""}`;
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
var headOf = (m) => `[#${m.index} ${m.role === "assistant" ? "assistant" : m.kind === "typed" ? "user" : m.kind}]`;
function renderMessage(m, opts) {
  if (!rendered(m)) return "";
  const o = { toolInputChars: 200, toolResultChars: 400, messageChars: 8e3, ...opts };
  const head = headOf(m);
  switch (m.kind) {
    case "assistant": {
      const parts = [m.text.trim() ? `${head} ${clipMiddle(m.text.trim(), o.messageChars)}` : head];
      for (const u of m.toolUses) parts.push(renderUse(u, o));
      return parts.join("\n");
    }
    case "command":
      return `${head} ${clipEnd(flat(m.text), 200)}`;
    case "interrupt":
      return `${head} the user interrupted`;
    default:
      return `${head} ${clipMiddle(m.text.trim(), o.messageChars)}`;
  }
}
var COMPACT_LINE = 160;
var OUTCOME_CHARS = 72;
var EDIT_SNIPPET = 48;
var COMPACT_TYPED = 600;
var WRITE_TOOLS = /* @__PURE__ */ new Set(["Edit", "MultiEdit", "Write", "NotebookEdit"]);
var PATH_FIELDS = ["file_path", "notebook_path", "path"];
var READ_LINE = /^\s*\d+(?:→|\t)/;
var PERSISTED = /^\s*<persisted-output>\s*\n([^\n]+)/;
function gist(text, max) {
  const one = flat(text);
  if (one.length <= max) return one;
  const ends = [...one.slice(0, max - 1).matchAll(/(?<=[A-Za-z)\]`'"])[.!?:](?=\s)/g)].map((e) => e.index + 1);
  const end = ends[Math.min(1, ends.length - 1)];
  return end !== void 0 && end >= max / 4 ? `${one.slice(0, end)} \u2026` : clip(one, max);
}
function callDetail(u) {
  const { offset, limit, content, new_string: written, edits } = u.input;
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
  if (u.name === "MultiEdit" && Array.isArray(edits)) return `${fmt(edits.length)} edit${edits.length === 1 ? "" : "s"}`;
  return "";
}
var bareExit1 = (u) => u.name === "Bash" && u.result !== void 0 && withoutEngineNotes(u.result.text).trim() === "Exit code 1";
var failedCall = (u) => isFailure(u) && !bareExit1(u);
function outcomeOf(u) {
  if (u.result === void 0) return "no result";
  const text = withoutEngineNotes(u.result.text);
  if (bareExit1(u)) return "exit 1, no output";
  if (isFailure(u)) {
    const why = errorReason(text, 1, OUTCOME_CHARS - 7);
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
var MIN_CLIPPED = 300;
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
  for (let i = t.messages.length - 1; i >= 0; i--) {
    const m = t.messages[i];
    if (!rendered(m)) continue;
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
      if (newest) shown.push({ at: i, text: newest, compact: true });
      break;
    }
    shown.push({ at: i, text: s, compact: !full });
    used += s.length + 2;
  }
  if (compact) withFailuresAtEdge(t.messages, shown, room - used, compact.cwd);
  const leftOut = shown.length === 0 ? total : counted(shown.at(-1).at);
  const text = shown.reduceRight((out, b, k) => out === "" ? b.text : `${out}${b.compact && shown[k + 1].compact ? "\n" : "\n\n"}${b.text}`, "");
  const cut = `[${fmt(leftOut)} earlier message${leftOut === 1 ? "" : "s"} left out here to fit ${fmt(opts.maxChars)} chars; what follows is the newest part]`;
  return { text: leftOut > 0 ? `${cut}${text ? `

${text}` : ""}` : text, rendered: total - leftOut, leftOut };
}
function withFailuresAtEdge(messages, shown, left, cwd) {
  while (shown.length > 0) {
    const edge = shown.at(-1).at;
    const before = messages.findLastIndex((m2, i) => i < edge && rendered(m2));
    if (before < 0) return;
    const m = messages[before];
    if (!m.toolUses.some(failedCall)) return;
    const s = renderCompact(m, cwd, failedCall);
    if (s.length + 2 <= left) {
      shown.push({ at: before, text: s, compact: true });
      return;
    }
    if (shown.length === 1) return;
    left += shown.pop().text.length + 2;
  }
}
function numberLines(text, offset = 1, limit = 2e3, firstLine = 1) {
  const lines = fileLines(text);
  const start = Math.max(offset, 1);
  const from = Math.max(start, firstLine);
  return lines.slice(from - firstLine, start + limit - firstLine).map((line, i) => `${from + i}	${line}`).join("\n");
}

export {
  readEngineMessages,
  readJsonlTranscript,
  withoutEngineNotes,
  windowStart,
  beforeBoundary,
  fileLines,
  lastCopy,
  ENGINE_ATTACHED,
  FILE_TOOLS,
  fileTouches,
  isFailure,
  errorReason,
  keyInput,
  shortInput,
  PATH_FIELDS,
  renderConversation,
  numberLines
};
