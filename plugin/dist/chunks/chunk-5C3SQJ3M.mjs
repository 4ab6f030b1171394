#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  readBounded,
  readPolicy
} from "./chunk-P7OMPM52.mjs";

// pipeline/disk-files.ts
function diskFilesUnder(policy) {
  return {
    async read({ path, offset, limit, policy: asked, maxChars }, signal) {
      try {
        const r = await readBounded(path, asked ?? policy, { offset, limit: limit ?? 2e3, maxChars, signal });
        if (!r.ok) return { ok: false, reason: r.reason };
        const text = r.text === "" ? "" : r.text.split("\n").map((line, i) => `${r.firstLine + i}	${line}`).join("\n");
        return { ok: true, text, ...r.truncated ? { truncated: true } : {} };
      } catch (err) {
        return { ok: false, reason: err.message };
      }
    }
  };
}
var diskFiles = diskFilesUnder(readPolicy(null));

export {
  diskFilesUnder
};
