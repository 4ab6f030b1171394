#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  renderConversation
} from "./chunk-F74SBH6I.mjs";

// store/write.ts
import { constants } from "node:fs";
import { mkdir, open, readdir } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
var INDEX_FILE = "index.jsonl";
var RUNS_FILE = "runs.jsonl";
var LOOKUPS_FILE = "lookups.jsonl";
var TEXT_KINDS = { handoff: ".md", summary: ".summary.md", transcript: ".transcript.md" };
var MODE_DIRS = { live: "sessions", rehearsal: "rehearsals" };
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
function fileStem(n, at) {
  return `${String(n).padStart(3, "0")}-${at.toISOString().replace(/[:.]/g, "-")}`;
}
var ROW_FILE = /^(\d{3,})-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.json$/;
function stemTime(stem) {
  const m = /^\d{3,}-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/.exec(stem);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null;
}
async function nextCompaction(ref) {
  const dir = sessionDir(ref);
  let names = [];
  try {
    names = await readdir(dir);
  } catch (err) {
    if (err.code !== "ENOENT") throw err;
  }
  const earlier = names.map((name) => ({ name, m: ROW_FILE.exec(name) })).filter((x) => x.m !== null).map(({ name, m }) => ({ n: Number(m[1]), file: join(MODE_DIRS[ref.mode], ref.sessionId, name), at: stemTime(name) })).sort((a, b) => a.n - b.n || a.file.localeCompare(b.file));
  const last = earlier.at(-1);
  return { n: earlier.length + 1, prev: last ? last.n : null, depth: earlier.length + 1, earlier };
}
var DIR_MODE = 448;
var FILE_MODE = 384;
async function writeOnce(path, text) {
  const fh = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, FILE_MODE);
  try {
    await fh.writeFile(text, "utf8");
  } finally {
    await fh.close();
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
async function appendJsonl(file, value) {
  await mkdir(dirname(file), { recursive: true, mode: DIR_MODE });
  const fh = await open(file, "a+", FILE_MODE);
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
    if (bytesWritten !== buf.length) throw new Error(`short write to ${file}: ${bytesWritten} of ${buf.length} bytes`);
  } finally {
    await fh.close();
  }
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
  if (entry.index !== false && texts.length > 0) {
    const started = performance.now();
    try {
      const { indexDocs } = await import("./search-ZALK3BQR.mjs");
      const r = await indexDocs(ref.dataDir, texts.map((t) => ({ path: rel(t.path), sessionId: ref.sessionId, mode: ref.mode, n: entry.row.lineage.n, kind: t.kind, at: entry.row.at, text: t.text })));
      index = { ok: true, chunks: r.chunks, ms: Math.round(performance.now() - started) };
    } catch (err) {
      index = { ok: false, reason: err?.message ?? String(err), ms: Math.round(performance.now() - started) };
    }
  }
  const rowFile = join(dir, `${stem}.json`);
  const files = { handoff: null, summary: null, transcript: null, row: rel(rowFile) };
  const sizes = {};
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
  INDEX_FILE,
  LOOKUPS_FILE,
  TEXT_KINDS,
  MODE_DIRS,
  resolveDataDir,
  ROW_FILE,
  stemTime,
  nextCompaction,
  DIR_MODE,
  textSize,
  transcriptDocument,
  appendJsonl,
  writeCompaction,
  feedbackFile
};
