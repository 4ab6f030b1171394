#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  buildHandoff,
  configFiles,
  defaultConfigFile,
  importPackages,
  prepareSections
} from "./chunk-LMMMKKBZ.mjs";
import "./chunk-IGL6XDJ2.mjs";
import "./chunk-45KIPHKO.mjs";
import "./chunk-XLDG2IXN.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  buildHandoff,
  configFiles,
  defaultConfigFile,
  importPackages,
  prepareSections
};
