#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  clip,
  fmt
} from "./chunk-M7CEWKEQ.mjs";

// pipeline/render.ts
var oneLine = (s) => s.replace(/\s+/g, " ").trim();
var clipEnd = (s, max) => clip(s, max, { mark: (cut) => `\u2026 [+${fmt(cut)} chars]` });
var clipMiddle = (s, max) => clip(s, max, { at: "middle", mark: (cut) => `
[\u2026 ${fmt(cut)} chars clipped \u2026]
` });
function renderUse(u, o) {
  let line = `  \u2192 ${u.name} ${clipEnd(oneLine(JSON.stringify(u.input)), o.toolInputChars)}`;
  if (o.toolResultChars > 0 && u.result) {
    const status = u.result.isError ? "error" : "ok";
    const body = oneLine(u.result.text);
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
      return `${head} ${clipEnd(oneLine(m.text), 200)}`;
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
  const lines = text.split("\n");
  const start = Math.max(offset, 1);
  const from = Math.max(start, firstLine);
  return lines.slice(from - firstLine, start + limit - firstLine).map((line, i) => `${from + i}	${line}`).join("\n");
}

export {
  renderConversation,
  numberLines
};
