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
} from "./chunk-KQHARG5C.mjs";
import "./chunk-BUDF4YPZ.mjs";
import "./chunk-VXUXFW7Q.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-C6P5HNEU.mjs";
import "./chunk-M7CEWKEQ.mjs";
import "./chunk-JGDWI2EV.mjs";
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
