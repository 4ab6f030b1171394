#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  DIR_MODE,
  FILE_MODE,
  INDEX_FILE,
  LATE_SUFFIX,
  MODE_DIRS,
  ROW_FILE,
  RUNS_FILE,
  TEXT_KINDS,
  appendJsonl,
  fileStem,
  nextNumber,
  padNumber,
  stemTime,
  withLock
} from "./chunk-GPZWB6SD.mjs";
import {
  renderConversation
} from "./chunk-P7OMPM52.mjs";

// store/write.ts
import { link, mkdir, readdir, unlink, writeFile } from "node:fs/promises";
import { homedir, hostname } from "node:os";
import { basename, dirname, join } from "node:path";
function resolveDataDir(setting, env = process.env, home = homedir()) {
  if (setting && setting.trim()) return expandHome(setting.trim(), home);
  if (env.COMPACT_HANDOFF_DATA_DIR) return expandHome(env.COMPACT_HANDOFF_DATA_DIR, home);
  return join(home, ".claude", "compact-handoff");
}
function expandHome(path, home) {
  return path === "~" ? home : path.startsWith("~/") ? join(home, path.slice(2)) : path;
}
function sessionDir(ref) {
  if (!/^[A-Za-z0-9._-]+$/.test(ref.sessionId) || ref.sessionId.startsWith(".")) {
    throw new Error(`session id ${JSON.stringify(ref.sessionId)} is not safe as a folder name`);
  }
  return join(ref.dataDir, MODE_DIRS[ref.mode], ref.sessionId);
}
async function nextCompaction(ref) {
  const dir = sessionDir(ref);
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  return withLock(
    join(dir, NUMBERING_LOCK),
    async () => {
      const next = await numberFrom(ref, await readdir(dir));
      await writeOnce(join(dir, `${padNumber(next.n)}.claim`), JSON.stringify({ pid: process.pid, host: hostname(), at: (/* @__PURE__ */ new Date()).toISOString() }) + "\n");
      return next;
    },
    { waitMs: 1e4 }
  );
}
var NUMBERING_LOCK = ".numbering.lock";
async function numberFrom(ref, names) {
  const earlier = names.map((name) => ({ name, m: ROW_FILE.exec(name) })).filter((x) => x.m !== null).map(({ name, m }) => ({ n: Number(m[1]), file: join(MODE_DIRS[ref.mode], ref.sessionId, name), at: stemTime(name) })).sort((a, b) => a.n - b.n || a.file.localeCompare(b.file));
  const { n, prev } = nextNumber(names);
  return { n, prev, depth: earlier.length + 1, earlier };
}
async function writeOnce(path, text) {
  const draft = join(dirname(path), `.${basename(path)}.${process.pid}.draft`);
  await writeFile(draft, text, { encoding: "utf8", mode: FILE_MODE });
  try {
    await link(draft, path);
  } finally {
    await unlink(draft).catch(() => void 0);
  }
}
function textSize(text) {
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
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
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  const stem = fileStem(entry.row.lineage.n, entry.at ?? new Date(entry.row.at));
  const rel = (p) => p.slice(ref.dataDir.length + 1);
  const texts = [];
  for (const kind of Object.keys(TEXT_KINDS)) {
    const text = entry[kind];
    if (text) texts.push({ kind, path: join(dir, `${stem}${TEXT_KINDS[kind]}`), text });
  }
  for (const t of texts) await writeOnce(t.path, t.text);
  const pathOf = (kind) => texts.find((t) => t.kind === kind)?.path ?? null;
  let index = null;
  const docs = () => texts.map((t) => ({ path: rel(t.path), sessionId: ref.sessionId, mode: ref.mode, n: entry.row.lineage.n, kind: t.kind, at: entry.row.at }));
  if (entry.index === "defer" && texts.length > 0) {
    const { notePending } = await import("./search-G4KK7H5M.mjs");
    await notePending(ref.dataDir, docs());
    index = { deferred: true };
  } else if (entry.index !== false && texts.length > 0) {
    const started = performance.now();
    try {
      const { indexDocs } = await import("./search-G4KK7H5M.mjs");
      const r = await indexDocs(
        ref.dataDir,
        docs().map((d, i) => ({ ...d, text: texts[i].text }))
      );
      index = { ok: true, chunks: r.chunks, ms: Math.round(performance.now() - started) };
    } catch (err) {
      index = { ok: false, reason: err?.message ?? String(err), ms: Math.round(performance.now() - started) };
    }
  }
  const rowFile = join(dir, `${stem}${entry.completes ? LATE_SUFFIX : ".json"}`);
  const files = { handoff: null, summary: null, transcript: null, ...entry.completes?.files, row: rel(rowFile) };
  const sizes = { ...entry.completes?.sizes };
  for (const t of texts) {
    files[t.kind] = rel(t.path);
    sizes[t.kind] = textSize(t.text);
  }
  const row = { ...entry.row, files, sizes, index };
  await writeOnce(rowFile, JSON.stringify(row, null, 2) + "\n");
  const indexFile = join(ref.dataDir, INDEX_FILE);
  const line = indexLine(row);
  await appendJsonl(indexFile, line);
  await appendJsonl(join(dir, RUNS_FILE), line);
  return { handoffFile: pathOf("handoff"), summaryFile: pathOf("summary"), transcriptFile: pathOf("transcript"), rowFile, indexFile, row };
}
function feedbackFile(rowFile) {
  return rowFile.replace(/\.json$/, ".feedback.jsonl");
}

export {
  resolveDataDir,
  nextCompaction,
  textSize,
  transcriptDocument,
  writeCompaction,
  feedbackFile
};
