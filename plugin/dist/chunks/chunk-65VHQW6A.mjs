#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  clip,
  fmt
} from "./chunk-LZJKG3QV.mjs";

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
  const body = result.replace(/\n*<system-reminder>[\s\S]*?<\/system-reminder>\s*$/, "");
  return body.split("\n").map((line) => line.replace(/^\s*\d+[\t→]/, "")).join("\n");
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

// pipeline/render.ts
var flat = (s) => s.replace(/\s+/g, " ").trim();
var oneLine = (s) => s.replace(/\s*\n\s*/g, " \u23CE ").replace(/[ \t]+/g, " ").trim();
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
  let line = `  \u2192 ${u.name} ${clipEnd(flat(JSON.stringify(u.input)), o.toolInputChars)}`;
  if (o.toolResultChars > 0 && u.result) {
    const status = u.result.isError ? "error" : "ok";
    const body = flat(u.result.text);
    line += `
    \u2190 ${status}${body ? `: ${clipEnd(body, o.toolResultChars)}` : ""}`;
  }
  return line;
}
function renderMessage(m, opts) {
  const o = { toolInputChars: 200, toolResultChars: 400, messageChars: 8e3, ...opts };
  const head = `[#${m.index} ${m.role === "assistant" ? "assistant" : m.kind === "typed" ? "user" : m.kind}]`;
  switch (m.kind) {
    case "typed":
    case "compact-summary":
    case "handoff":
      return m.text.trim() ? `${head} ${clipMiddle(m.text.trim(), o.messageChars)}` : "";
    case "assistant": {
      const parts = [m.text.trim() ? `${head} ${clipMiddle(m.text.trim(), o.messageChars)}` : head];
      for (const u of m.toolUses) parts.push(renderUse(u, o));
      return m.text.trim() || m.toolUses.length ? parts.join("\n") : "";
    }
    case "command":
      return `${head} ${clipEnd(flat(m.text), 200)}`;
    case "interrupt":
      return `${head} the user interrupted`;
    default:
      return "";
  }
}
var MIN_CLIPPED = 300;
function renderConversation(t, opts) {
  const blocks = [];
  let used = 0;
  let leftOut = 0;
  const shown = t.messages.map((m) => renderMessage(m, opts));
  const total = shown.filter((s) => s !== "").length;
  const room = opts.maxChars - 120;
  for (let i = shown.length - 1; i >= 0; i--) {
    const s = shown[i];
    if (s === "") continue;
    if (used + s.length + 2 > room) {
      if (blocks.length === 0 && room >= MIN_CLIPPED) {
        blocks.push(clipMiddle(s, room - 2));
        i--;
      }
      leftOut = shown.slice(0, i + 1).filter((x) => x !== "").length;
      break;
    }
    blocks.push(s);
    used += s.length + 2;
  }
  blocks.reverse();
  if (leftOut > 0) {
    blocks.unshift(
      `[${fmt(leftOut)} earlier message${leftOut === 1 ? "" : "s"} left out here to fit ${fmt(opts.maxChars)} chars; what follows is the newest part]`
    );
  }
  return { text: blocks.join("\n\n"), rendered: total - leftOut, leftOut };
}
function numberLines(text, offset = 1, limit = 2e3, firstLine = 1) {
  const lines = fileLines(text);
  const start = Math.max(offset, 1);
  const from = Math.max(start, firstLine);
  return lines.slice(from - firstLine, start + limit - firstLine).map((line, i) => `${from + i}	${line}`).join("\n");
}

export {
  fileLines,
  lastCopy,
  ENGINE_ATTACHED,
  FILE_TOOLS,
  fileTouches,
  oneLine,
  keyInput,
  shortInput,
  renderConversation,
  numberLines
};
