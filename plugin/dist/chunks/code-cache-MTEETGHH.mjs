#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import "./chunk-JULZ67VA.mjs";

// cli/code-cache.ts
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join } from "node:path";
import { Script } from "node:vm";
import v8 from "node:v8";
var CACHE_FLAGS = ["--liftoff-only", "--verify-snapshot-checksum"];
var STALE_MS = 30 * 24 * 60 * 60 * 1e3;
function cacheDir(env = process.env) {
  const set = env.COMPACT_HANDOFF_CODE_CACHE?.trim();
  if (set) return isAbsolute(set) ? { dir: set, within: dirname(set) } : null;
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME))
    return { dir: join(env.XDG_CACHE_HOME, "compact-handoff", "code-cache"), within: env.XDG_CACHE_HOME };
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
  return isAbsolute(home) ? { dir: join(home, ".cache", "compact-handoff", "code-cache"), within: home } : null;
}
function trusted(path, uid) {
  const st = statSync(path);
  if (!st.isDirectory()) return false;
  if (uid !== void 0 && st.uid !== uid && st.uid !== 0) return false;
  return (st.mode & 18) === 0 || (st.mode & 512) !== 0;
}
function ownFolder({ dir, within }) {
  const uid = process.getuid?.();
  try {
    if (!statSync(within).isDirectory()) return null;
    let existing = dir;
    const missing = [];
    for (; ; ) {
      try {
        statSync(existing);
        break;
      } catch {
        missing.push(existing);
        const up = dirname(existing);
        if (up === existing) return null;
        existing = up;
      }
    }
    for (let p = existing; ; p = dirname(p)) {
      if (!trusted(p, uid)) return null;
      if (dirname(p) === p) break;
    }
    if (missing.length > 0) mkdirSync(dir, { recursive: true, mode: 448 });
    const st = statSync(dir);
    if (uid !== void 0 && st.uid !== uid) return null;
    return (st.mode & 63) === 0 ? dir : null;
  } catch {
    return null;
  }
}
function fnv(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}
function runCached(file, key, use, env = process.env) {
  for (const flag of CACHE_FLAGS) v8.setFlagsFromString(flag);
  const source = readFileSync(file, "utf8");
  const where = cacheDir(env);
  const folder = where === null ? null : ownFolder(where);
  const flags = fnv(`${process.execArgv.filter((a) => a.startsWith("--")).join(" ")}\0${env.NODE_OPTIONS ?? ""}`);
  const st = statSync(file);
  const name = `${basename(file, ".cjs")}-${key}-${fnv(`${st.size}:${Math.floor(st.mtimeMs)}`)}-${flags}-${process.version}-${process.arch}-${use}.bin`;
  const cachePath = folder === null ? null : join(folder, name);
  let cachedData;
  if (cachePath !== null) {
    try {
      cachedData = readFileSync(cachePath);
    } catch {
    }
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname, __chImport) {'use strict';${source}
})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  const module = { exports: {} };
  const run = script.runInThisContext();
  const esImport = (specifier) => import(specifier);
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), esImport);
  const cache = cachePath === null ? "off" : cachedData === void 0 ? "miss" : script.cachedDataRejected ? "rejected" : "hit";
  if (cache === "hit") freshen(cachePath);
  return {
    exports: module.exports,
    cache,
    save() {
      if (cachePath === null || cache === "hit") return null;
      const tmp = `${cachePath}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
      try {
        writeFileSync(tmp, script.createCachedData(), { flag: "wx", mode: 384 });
        renameSync(tmp, cachePath);
      } catch {
        try {
          rmSync(tmp, { force: true });
        } catch {
        }
        return null;
      }
      removeStale(dirname(cachePath), cachePath);
      return cachePath;
    }
  };
}
function freshen(path) {
  try {
    if (Date.now() - statSync(path).mtimeMs > STALE_MS / 4) {
      const now = /* @__PURE__ */ new Date();
      utimesSync(path, now, now);
    }
  } catch {
  }
}
function removeStale(folder, kept) {
  try {
    const now = Date.now();
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (path !== kept && (name.endsWith(".bin") || name.endsWith(".tmp")) && now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
    }
  } catch {
  }
}
export {
  CACHE_FLAGS,
  cacheDir,
  runCached
};
