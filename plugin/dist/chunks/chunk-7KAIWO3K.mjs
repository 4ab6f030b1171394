#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);

// pipeline/text.ts
var oneLine = (s) => s.replace(/\s*\n\s*/g, " \u23CE ").replace(/[ \t]+/g, " ").trim();
var fmt = (n) => {
  const [int, frac] = String(n).split(".");
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (frac ? `.${frac.slice(0, 3)}` : "");
};
var lineCount = (n) => `${fmt(n)} line${n === 1 ? "" : "s"}`;
var lineSpan = (from, to) => from === to ? `line ${fmt(from)}` : `lines ${fmt(from)}\u2013${fmt(to)}`;
function shortPath(path, cwd) {
  const root = cwd?.replace(/\/+$/, "");
  return root && path.startsWith(`${root}/`) && path.length > root.length + 1 ? path.slice(root.length + 1) : path;
}
var WORD_SNAP = 24;
function clip(text, max, opts = {}) {
  if (text.length <= max) return text;
  const mark = opts.mark ?? (() => "\u2026");
  let keep = Math.max(0, max - mark(text.length - max).length);
  keep = Math.max(0, max - mark(text.length - keep).length);
  if (opts.at === "middle") {
    let headEnd = Math.ceil(keep / 2);
    let tailStart = text.length - Math.floor(keep / 2);
    const inWord = (at) => at > 0 && at < text.length && text[at - 1] !== " " && text[at] !== " ";
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

// pipeline/marker.ts
var pad = (n) => String(n).padStart(3, "0");
var MARKER_RE = /^<!-- compact-handoff: session=(\S+) n=(\d+) prev=(\d+|none) -->$/;
function lineageMarker(sessionId, lineage) {
  return `<!-- compact-handoff: session=${sessionId} n=${pad(lineage.n)} prev=${lineage.prev === null ? "none" : pad(lineage.prev)} -->`;
}
function parseMarker(text) {
  const m = MARKER_RE.exec(text.split("\n", 1)[0]);
  if (!m) return null;
  return { sessionId: m[1], n: Number(m[2]), prev: m[3] === "none" ? null : Number(m[3]) };
}

export {
  oneLine,
  fmt,
  lineCount,
  lineSpan,
  shortPath,
  clip,
  messageChars,
  lineageMarker,
  parseMarker
};
