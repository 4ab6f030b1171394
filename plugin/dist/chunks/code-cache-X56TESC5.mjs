#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import "./chunk-JULZ67VA.mjs";

// cli/code-cache.ts
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";
import v8 from "node:v8";
var CACHE_FLAGS = ["--liftoff-only"];
function cacheDir(env = process.env) {
  const set = env.COMPACT_HANDOFF_CODE_CACHE?.trim();
  if (set === "off" || set === "0") return null;
  if (set) return set;
  const base = env.XDG_CACHE_HOME?.startsWith("/") ? env.XDG_CACHE_HOME : join(env.HOME || homedir(), ".cache");
  return join(base, "compact-handoff", "code-cache");
}
function ownFolder(dir) {
  try {
    mkdirSync(dir, { recursive: true, mode: 448 });
    const st = statSync(dir);
    const uid = process.getuid?.();
    if (!st.isDirectory() || uid !== void 0 && st.uid !== uid || (st.mode & 18) !== 0) return null;
    return dir;
  } catch {
    return null;
  }
}
function pathHash(path) {
  let h = 2166136261;
  for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}
function runCached(file, use, env = process.env) {
  for (const flag of CACHE_FLAGS) v8.setFlagsFromString(flag);
  const source = readFileSync(file, "utf8");
  const dir = cacheDir(env);
  const folder = dir === null ? null : ownFolder(dir);
  let cachePath = null;
  let cachedData;
  if (folder !== null) {
    const st = statSync(file);
    cachePath = join(folder, `${basename(file)}-${pathHash(file)}-${st.size}-${Math.floor(st.mtimeMs)}-${process.version}-${process.arch}-${use}.bin`);
    try {
      cachedData = readFileSync(cachePath);
    } catch {
    }
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname, __chImport) {${source}
})`, { filename: file, cachedData });
  const module = { exports: {} };
  const run = script.runInThisContext();
  const esImport = (specifier) => import(specifier);
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), esImport);
  const cache = cachePath === null ? "off" : cachedData === void 0 ? "miss" : script.cachedDataRejected ? "rejected" : "hit";
  return {
    exports: module.exports,
    cache,
    save() {
      if (cachePath === null || cache === "hit") return null;
      const tmp = `${cachePath}.${process.pid}.tmp`;
      try {
        const fd = openSync(tmp, "w", 384);
        try {
          writeSync(fd, script.createCachedData());
        } finally {
          closeSync(fd);
        }
        renameSync(tmp, cachePath);
        return cachePath;
      } catch {
        try {
          rmSync(tmp, { force: true });
        } catch {
        }
        return null;
      }
    }
  };
}
export {
  CACHE_FLAGS,
  cacheDir,
  runCached
};
