#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  COMMON,
  EXIT,
  command,
  indexCommand,
  listCommand,
  lookupCommand,
  searchCommand,
  statusCommand,
  toolCommand
} from "./chunk-YSGPWI3P.mjs";
import "./chunk-ZT6C2RE5.mjs";
import "./chunk-4UC3FRD7.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-AQDRH5LW.mjs";
import "./chunk-OR2BHCKS.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  COMMON,
  EXIT,
  command,
  indexCommand,
  listCommand,
  lookupCommand,
  searchCommand,
  statusCommand,
  toolCommand
};
