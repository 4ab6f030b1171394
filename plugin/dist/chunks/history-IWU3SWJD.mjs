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
} from "./chunk-SABV6FB2.mjs";
import "./chunk-ECWVX4BS.mjs";
import "./chunk-4UC3FRD7.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-AQDRH5LW.mjs";
import "./chunk-JI2XOGZ4.mjs";
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
