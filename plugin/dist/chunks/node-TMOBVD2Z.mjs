#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  child_process,
  crypto,
  fs,
  os,
  path,
  stream,
  util
} from "./chunk-KYMWPWJT.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  child_process,
  crypto,
  fs,
  os,
  path,
  stream,
  util
};
