#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);

// plugin/hooks/protocol.ts
var ANSWERS_DIR = "answers";
var fallbackReason = (code, detail) => `${code}: ${detail}`;
var MODE_DIRS = { live: "sessions", rehearsal: "rehearsals" };
var INDEX_FILE = "index.jsonl";
var RUNS_FILE = "runs.jsonl";
var LOOKUPS_FILE = "lookups.jsonl";
var TEXT_KINDS = { handoff: ".md", summary: ".summary.md", transcript: ".transcript.md" };
var LATE_SUFFIX = ".late.json";
var padNumber = (n) => String(n).padStart(3, "0");
function fileStem(n, at) {
  return `${padNumber(n)}-${at.toISOString().replace(/[:.]/g, "-")}`;
}
var ROW_FILE = /^(\d{3,})-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.json$/;
var CLAIM_FILE = /^(\d{3,})\.claim$/;
function stemTime(stem) {
  const m = /^\d{3,}-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/.exec(stem);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null;
}
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

// store/lock.ts
import { readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
var LockTimeout = class extends Error {
  constructor(file, holder, waitedMs) {
    super(`the index is busy: ${holder} held ${file} for the whole ${waitedMs} ms waited`);
    this.file = file;
    this.holder = holder;
    this.waitedMs = waitedMs;
    this.name = "LockTimeout";
  }
  file;
  holder;
  waitedMs;
};
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}
async function staleness(file, staleMs) {
  let text;
  let mtime;
  try {
    ;
    [text, mtime] = await Promise.all([readFile(file, "utf8"), stat(file).then((s) => s.mtimeMs)]);
  } catch (err) {
    if (err.code === "ENOENT") return { stale: null, holder: "nobody" };
    throw err;
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
  if (h.host === hostname() && !alive(h.pid)) return { stale: `${holder} is gone`, holder };
  return { stale: null, holder };
}
async function withLock(file, fn, opts) {
  const staleMs = opts.staleMs ?? 10 * 6e4;
  const started = Date.now();
  const me = { pid: process.pid, host: hostname(), at: Date.now(), token: Math.random().toString(36).slice(2) };
  let holder;
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(file, JSON.stringify({ ...me, at: Date.now() }), { flag: "wx", mode: 384 });
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
    const s = await staleness(file, staleMs);
    holder = s.holder;
    if (s.stale) {
      const aside = `${file}.stale-${process.pid}-${attempt}`;
      try {
        await rename(file, aside);
        await unlink(aside).catch(() => void 0);
      } catch (err) {
        if (err.code !== "ENOENT") throw err;
      }
      continue;
    }
    const waited = Date.now() - started;
    if (waited >= opts.waitMs) throw new LockTimeout(file, holder, waited);
    await sleep(Math.min(5 + attempt * 5, 50) + Math.random() * 10);
  }
  try {
    return await fn();
  } finally {
    try {
      const h = JSON.parse(await readFile(file, "utf8"));
      if (h.token === me.token && h.pid === me.pid) await unlink(file);
    } catch {
    }
  }
}

// store/files.ts
import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
var DIR_MODE = 448;
var FILE_MODE = 384;
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

export {
  ANSWERS_DIR,
  fallbackReason,
  MODE_DIRS,
  INDEX_FILE,
  RUNS_FILE,
  LOOKUPS_FILE,
  TEXT_KINDS,
  LATE_SUFFIX,
  padNumber,
  fileStem,
  ROW_FILE,
  stemTime,
  nextNumber,
  TOOL_NAMES,
  LOOKUP_FILES,
  HISTORY_TOOLS,
  LockTimeout,
  withLock,
  DIR_MODE,
  FILE_MODE,
  appendJsonl
};
