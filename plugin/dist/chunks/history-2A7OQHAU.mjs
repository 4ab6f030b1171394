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
} from "./chunk-J2ZHNGM7.mjs";
import "./chunk-T2JNHIVQ.mjs";
import "./chunk-GPZWB6SD.mjs";
import "./chunk-GS3UQNYK.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-LLQDZTWN.mjs";
import "./chunk-LOLXCKOV.mjs";
import "./chunk-ORPKAE4C.mjs";
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
