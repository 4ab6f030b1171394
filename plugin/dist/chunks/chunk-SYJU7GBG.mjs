#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);

// store/search.ts
import { closeSync, existsSync, openSync, readFileSync, readSync, rmSync, statSync } from "node:fs";
import { mkdir as mkdir2 } from "node:fs/promises";
import { createRequire } from "node:module";
import v8 from "node:v8";
import { dirname as dirname2, join as join2 } from "node:path";
import { fileURLToPath } from "node:url";

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

// store/read.ts
import { readdir, readFile as readFile2 } from "node:fs/promises";
import { hostname as hostname2 } from "node:os";
import { isAbsolute, join, relative, resolve, sep } from "node:path";

// plugin/hooks/protocol.ts
var MODE_DIRS = { live: "sessions", rehearsal: "rehearsals" };
var INDEX_FILE = "index.jsonl";
var LOOKUPS_FILE = "lookups.jsonl";
var TEXT_KINDS = { handoff: ".md", summary: ".summary.md", transcript: ".transcript.md" };
var LATE_SUFFIX = ".late.json";
var WINDOW_FILE = "window.jsonl";
var postFile = (n) => `${padNumber(n)}.post.json`;
var padNumber = (n) => String(n).padStart(3, "0");
var ROW_FILE = /^(\d{3,})-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.json$/;
function stemTime(stem) {
  const m = /^\d{3,}-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/.exec(stem);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null;
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

// store/read.ts
var StoreError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "StoreError";
  }
};
function parseJsonl(text) {
  const out = { rows: [], torn: 0, tornLines: [] };
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      const v = JSON.parse(line);
      if (v && typeof v === "object" && !Array.isArray(v)) {
        out.rows.push(v);
        return;
      }
    } catch {
    }
    out.torn++;
    out.tornLines.push(i + 1);
  });
  return out;
}
async function readJsonl(file) {
  try {
    return parseJsonl(await readFile2(file, "utf8"));
  } catch (err) {
    if (err.code === "ENOENT") return { rows: [], torn: 0, tornLines: [] };
    throw err;
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
  const root = resolve(dataDir);
  const p = resolve(root, rel);
  const r = relative(root, p);
  if (isAbsolute(rel) || r === "" || r.startsWith("..") || r.split(sep).includes("..") || isAbsolute(r)) {
    throw new StoreError(`${JSON.stringify(rel)} is not a path inside the data dir`);
  }
  return p;
}
async function names(dir) {
  try {
    return await readdir(dir);
  } catch (err) {
    if (err.code === "ENOENT" || err.code === "ENOTDIR") return [];
    throw err;
  }
}
async function sessionCompactions(dataDir, sessionId, opts = {}) {
  checkSessionId(sessionId);
  const out = [];
  for (const mode of Object.keys(MODE_DIRS)) {
    const dir = join(dataDir, MODE_DIRS[mode], sessionId);
    for (const name of await names(dir)) {
      const m = ROW_FILE.exec(name);
      if (!m) continue;
      const stem = name.slice(0, -".json".length);
      const c = { sessionId, mode, n: Number(m[1]), stem, at: stemTime(stem), dir, rowFile: join(dir, name), row: null };
      if (opts.rows !== false) {
        try {
          c.row = JSON.parse(await readFile2(c.rowFile, "utf8"));
        } catch (err) {
          c.problem = `row file unreadable: ${err.message}`;
        }
        if (c.row?.outcome === "pending") await completeLate(c);
      }
      out.push(c);
    }
  }
  return out.sort((a, b) => a.at.localeCompare(b.at) || a.n - b.n);
}
async function storedSessions(dataDir) {
  const out = [];
  for (const mode of Object.keys(MODE_DIRS)) {
    for (const name of await names(join(dataDir, MODE_DIRS[mode]))) {
      if (/^[A-Za-z0-9._-]+$/.test(name) && !name.startsWith(".")) out.push({ sessionId: name, mode, dir: join(dataDir, MODE_DIRS[mode], name) });
    }
  }
  return out;
}
async function alive2(pid) {
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === "EPERM";
  }
  const stat2 = await readFile2(`/proc/${pid}/stat`, "utf8").catch(() => null);
  return stat2 === null || !/^[^)]*\) Z /s.test(stat2.replace(/^.*\) /s, ") "));
}
async function completeLate(c) {
  const late = join(c.dir, `${c.stem}${LATE_SUFFIX}`);
  try {
    c.row = JSON.parse(await readFile2(late, "utf8"));
    c.rowFile = late;
    return;
  } catch (err) {
    if (err.code !== "ENOENT") {
      c.problem = `late row unreadable: ${err.message}`;
      return;
    }
  }
  const by = c.row.late;
  const here = by?.host === void 0 || by.host === hostname2();
  if (here && !await alive2(by?.pid)) {
    c.row = {
      ...c.row,
      reason: `late-part-lost: the rehearsal's late part (pid ${by?.pid ?? "unknown"}) ended before it finished, with no row of its own (its process was killed with the engine or the machine); the engine's own compaction stood`
    };
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

// store/search.ts
var SEARCH_DIR = "search";
var INDEX_DB = "index.sqlite";
var LOCK = "index.lock";
var PENDING = "pending.jsonl";
var SCHEMA = "1";
var CHUNK_LINES = 16;
var CHUNK_BYTES = 8192;
var READ_WAIT_MS = 5e3;
var WRITE_WAIT_MS = 15e3;
var VENDORED = "node-sqlite3-wasm.cjs";
var sqliteModule = null;
function sqlite() {
  if (sqliteModule) return sqliteModule;
  v8.setFlagsFromString("--liftoff-only");
  const here = dirname2(fileURLToPath(import.meta.url));
  const req = createRequire(import.meta.url);
  const vendored = [join2(here, VENDORED), join2(here, "..", VENDORED)].find((p) => existsSync(p));
  const name = "node-sqlite3-wasm";
  sqliteModule = req(vendored ?? name);
  return sqliteModule;
}
var ACCENTED = /[\u00C0-\u024F\u1E00-\u1EFF]|[\u0300-\u036F]/;
function normalizeText(s) {
  const lower = s.toLowerCase();
  return ACCENTED.test(lower) ? lower.normalize("NFD").replace(/[\u0300-\u036F]/g, "") : lower;
}
var WORD = /[\p{L}\p{N}]+/gu;
function queryTokens(query) {
  return normalizeText(query).match(WORD) ?? [];
}
var PREFIX_FROM = 3;
function matcherOf(query) {
  const tokens = queryTokens(query);
  if (tokens.length === 0) throw new StoreError(`the query ${JSON.stringify(query.slice(0, 60))} has no letters or digits to search for`);
  if (tokens.length > 32) throw new StoreError(`the query has ${tokens.length} words; 32 at most`);
  return { tokens, prefixLast: tokens.at(-1).length >= PREFIX_FROM };
}
function matchLines(lines, m) {
  const toks = [];
  const lineOf = [];
  lines.forEach((line, i) => {
    for (const t of normalizeText(line).match(WORD) ?? []) {
      toks.push(t);
      lineOf.push(i);
    }
  });
  const k = m.tokens.length;
  const out = [];
  for (let i = 0; i + k <= toks.length; i++) {
    let ok = true;
    for (let j = 0; j < k && ok; j++) {
      const t = toks[i + j];
      const q = m.tokens[j];
      ok = j === k - 1 && m.prefixLast ? t.startsWith(q) : t === q;
    }
    if (ok && out.at(-1) !== lineOf[i]) out.push(lineOf[i]);
  }
  return out;
}
function phraseRegExp(m) {
  const esc = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const words = m.tokens.map((t, j) => j === m.tokens.length - 1 && m.prefixLast ? esc(t) : `${esc(t)}(?![\\p{L}\\p{N}])`);
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join("[^\\p{L}\\p{N}]+")}`, "u");
}
function snippet(line, m, width = 240) {
  const flat = line.replace(/\s+/g, " ").trim();
  if (flat.length <= width) return flat;
  const at = Math.max(0, normalizeText(flat).indexOf(m.tokens[0]));
  const from = Math.max(0, Math.min(at - Math.floor(width / 3), flat.length - width));
  return `${from > 0 ? "\u2026" : ""}${flat.slice(from, from + width)}${from + width < flat.length ? "\u2026" : ""}`;
}
function ftsQuery(query, m, sessionId) {
  const phrase = `body : "${query.replace(/"/g, '""')}"${m.prefixLast ? " *" : ""}`;
  return sessionId ? `scope : "${sessionWord(sessionId)}" AND ${phrase}` : phrase;
}
var sessionWord = (id) => `s${id.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
function indexPaths(dataDir) {
  const dir = join2(dataDir, SEARCH_DIR);
  return { dir, db: join2(dir, INDEX_DB), lock: join2(dir, LOCK), pending: join2(dir, PENDING) };
}
function openIndex(file, create) {
  rmSync(`${file}.lock`, { recursive: true, force: true });
  const { Database } = sqlite();
  const db = new Database(file, { fileMustExist: !create });
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
  } catch (err) {
    db.close();
    throw err;
  }
}
function chunksOf(text) {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const out = [];
  let off = 0;
  for (let i = 0; i < lines.length; ) {
    const start = i;
    let len = 0;
    do {
      len += Buffer.byteLength(lines[i], "utf8") + 1;
      i++;
    } while (i < lines.length && i - start < CHUNK_LINES && len < CHUNK_BYTES);
    const body = lines.slice(start, i).join("\n");
    if (body.trim() !== "") out.push({ line: start + 1, lines: i - start, off, len, body });
    off += len;
  }
  return out;
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
      const cs = chunksOf(d.text);
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
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  for (const r of rows) {
    if (typeof r.path !== "string" || seen.has(r.path)) continue;
    seen.add(r.path);
    if (db.get("select 1 from docs where path = ?", [r.path])) continue;
    try {
      out.push({ ...r, text: readFileSync(insideDataDir(dataDir, r.path), "utf8") });
    } catch {
    }
  }
  return out;
}
function inTransaction(db, fn) {
  db.exec("begin immediate");
  try {
    const r = fn();
    db.exec("commit");
    return r;
  } catch (err) {
    if (db.inTransaction) db.exec("rollback");
    throw err;
  }
}
async function indexDocs(dataDir, docs, opts = {}) {
  const p = indexPaths(dataDir);
  await mkdir2(p.dir, { recursive: true, mode: DIR_MODE });
  let discarded = false;
  try {
    const r = await withLock(
      p.lock,
      async () => {
        discarded = damaged(p) && discard(p);
        const run = async () => {
          const db = openIndex(p.db, true);
          try {
            const all = [...docs, ...existsSync(p.pending) ? await pendingDocs(dataDir, db) : []];
            return inTransaction(db, () => insertDocs(db, all));
          } finally {
            db.close();
          }
        };
        try {
          return await run();
        } catch (err) {
          if (!isCorrupt(err)) throw err;
          discarded = discard(p);
          return await run();
        }
      },
      { waitMs: opts.waitMs ?? WRITE_WAIT_MS }
    );
    if (discarded) await reindexStore(dataDir);
    return r;
  } catch (err) {
    for (const { text: _t, ...d } of docs) await appendJsonl(p.pending, d).catch(() => void 0);
    throw err;
  }
}
function damaged(p) {
  return existsSync(`${p.db}-journal`);
}
function isCorrupt(err) {
  return /malformed|not a database|SQLITE_CORRUPT|SQLITE_NOTADB/i.test(String(err?.message ?? err));
}
function discard(p) {
  for (const f of [p.db, `${p.db}-journal`]) rmSync(f, { force: true });
  return true;
}
async function notePending(dataDir, docs) {
  const p = indexPaths(dataDir);
  await mkdir2(p.dir, { recursive: true, mode: DIR_MODE });
  for (const d of docs) await appendJsonl(p.pending, d);
}
async function indexPending(dataDir) {
  return indexDocs(dataDir, []);
}
var notIn = (db, noted) => noted.filter((path) => !db.get("select 1 from docs where path = ?", [path]));
async function notedPaths(p) {
  return [...new Set((await readJsonl(p.pending)).rows.map((r) => r.path).filter((x) => typeof x === "string"))];
}
async function behind(p) {
  if (!existsSync(p.pending)) return false;
  if (!existsSync(p.db)) return true;
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
  await mkdir2(p.dir, { recursive: true, mode: DIR_MODE });
  if (opts.rebuild) {
    await withLock(
      p.lock,
      () => {
        for (const f of [p.db, `${p.db}-journal`]) rmSync(f, { force: true });
      },
      { waitMs: WRITE_WAIT_MS }
    );
  }
  const sessions = [...new Set((await storedSessions(dataDir)).map((s) => s.sessionId))];
  let docs = 0;
  let chunks = 0;
  for (const [i, sessionId] of sessions.entries()) {
    const batch = [];
    for (const c of await sessionCompactions(dataDir, sessionId, { rows: false })) {
      for (const kind of Object.keys(TEXT_KINDS)) {
        const file = join2(c.dir, `${c.stem}${TEXT_KINDS[kind]}`);
        if (!existsSync(file)) continue;
        batch.push({ path: file.slice(dataDir.length + 1), sessionId, mode: c.mode, n: c.n, kind, at: c.at, text: readFileSync(file, "utf8") });
      }
    }
    if (batch.length) {
      const r = await indexDocs(dataDir, batch);
      docs += r.docs;
      chunks += r.chunks;
    }
    opts.onProgress?.(i + 1, sessions.length);
  }
  return { docs, chunks, sessions: sessions.length, ms: Math.round(performance.now() - started) };
}
function readChunk(fds, dataDir, path, off, len) {
  let fd = fds.get(path);
  if (fd === void 0) {
    try {
      fd = openSync(insideDataDir(dataDir, path), "r");
    } catch {
      fd = null;
    }
    fds.set(path, fd);
  }
  if (fd === null) return null;
  const buf = Buffer.alloc(len);
  const got = readSync(fd, buf, 0, len, off);
  return buf.subarray(0, got).toString("utf8");
}
var BATCH = 64;
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
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      for (const id of ids) {
        const r = byId.get(id);
        if (!r || o.sessionId && r.session !== o.sessionId) continue;
        const text = readChunk(fds, dataDir, String(r.path), Number(r.off), Number(r.len));
        if (text === null) continue;
        const lines = text.split("\n");
        for (const i of matchLines(lines, m)) {
          if (hits.length === o.limit) return { hits, more: true };
          hits.push({
            sessionId: String(r.session),
            mode: r.mode,
            n: Number(r.n),
            kind: r.kind,
            path: String(r.path),
            line: Number(r.line) + i,
            at: String(r.at),
            text: snippet(lines[i], m)
          });
        }
      }
    }
  } finally {
    for (const fd of fds.values()) if (fd !== null) closeSync(fd);
  }
}
async function scanSearch(dataDir, o) {
  const m = matcherOf(o.query);
  const sessions = o.sessionId ? [o.sessionId] : [...new Set((await storedSessions(dataDir)).map((s) => s.sessionId))];
  const files = [];
  for (const sessionId of sessions) {
    for (const c of await sessionCompactions(dataDir, sessionId, { rows: false })) {
      for (const kind of Object.keys(TEXT_KINDS)) {
        files.push({ file: join2(c.dir, `${c.stem}${TEXT_KINDS[kind]}`), sessionId, mode: c.mode, n: c.n, kind, at: c.at });
      }
    }
  }
  files.sort((a, b) => b.at.localeCompare(a.at));
  const re = phraseRegExp(m);
  const hits = [];
  for (const f of files) {
    let text;
    try {
      text = readFileSync(f.file, "utf8");
    } catch {
      continue;
    }
    if (!re.test(normalizeText(text))) continue;
    const lines = text.split("\n");
    for (const i of matchLines(lines, m)) {
      if (hits.length === o.limit) return { hits, more: true };
      hits.push({
        sessionId: f.sessionId,
        mode: f.mode,
        n: f.n,
        kind: f.kind,
        path: f.file.slice(dataDir.length + 1),
        line: i + 1,
        at: f.at,
        text: snippet(lines[i], m)
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
  if (!existsSync(p.db)) return done(await scanSearch(dataDir, o), "scan", "no search index yet, so the stored files were read instead");
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
    } catch (err) {
      if (err instanceof StoreError || err instanceof LockTimeout) throw err;
      await new Promise((resolve2) => setTimeout(resolve2, 100));
      r = await attempt();
    }
    return done(r, "index", null);
  } catch (err) {
    if (err instanceof StoreError) throw err;
    const why = err instanceof LockTimeout ? err.message : `the index could not be read (${err?.message ?? String(err)})`;
    return done(await scanSearch(dataDir, o), "scan", `${why}; the stored files were read instead`);
  }
}
async function indexStats(dataDir) {
  const p = indexPaths(dataDir);
  const noted = await notedPaths(p);
  if (!existsSync(p.db)) return { exists: false, docs: 0, chunks: 0, bytes: 0, textBytes: 0, newest: null, pending: noted.length };
  const bytes = statSync(p.db).size;
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

export {
  MODE_DIRS,
  INDEX_FILE,
  LOOKUPS_FILE,
  TEXT_KINDS,
  WINDOW_FILE,
  postFile,
  TOOL_NAMES,
  LOOKUP_FILES,
  HISTORY_TOOLS,
  StoreError,
  readJsonl,
  checkSessionId,
  sessionCompactions,
  storedSessions,
  appendJsonl,
  SEARCH_DIR,
  INDEX_DB,
  normalizeText,
  queryTokens,
  matcherOf,
  matchLines,
  phraseRegExp,
  snippet,
  indexPaths,
  chunksOf,
  indexDocs,
  notePending,
  indexPending,
  reindexStore,
  scanSearch,
  search,
  indexStats
};
