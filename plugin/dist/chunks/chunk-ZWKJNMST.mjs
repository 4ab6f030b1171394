#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  HandoffError
} from "./chunk-ORPKAE4C.mjs";

// cli/output.ts
import { statSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname, resolve } from "node:path";
function checkOutPath(flag, path) {
  const dir = dirname(resolve(path));
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
  }
  if (!isDir) throw new HandoffError("USAGE", `${flag} ${path}: ${dir} is not a folder that exists`);
  try {
    if (statSync(path).isDirectory()) throw new HandoffError("USAGE", `${flag} ${path} is a folder; name a file`);
  } catch (err) {
    if (err instanceof HandoffError) throw err;
  }
}
async function writeOut(path, text) {
  try {
    const fh = await open(path, "w", 384);
    try {
      if ((await fh.stat()).isFile()) await fh.chmod(384);
      await fh.writeFile(text, "utf8");
    } finally {
      await fh.close();
    }
  } catch (err) {
    const e = err;
    const why = e.code === "ENOSPC" ? "the disk is full" : e.code === "EACCES" || e.code === "EPERM" ? "permission denied" : e.code ?? e.message;
    throw new HandoffError("OUTPUT_UNWRITABLE", `cannot write ${path}: ${why}`);
  }
}

export {
  checkOutPath,
  writeOut
};
