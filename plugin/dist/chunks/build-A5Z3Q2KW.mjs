#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  buildHandoff,
  configFiles,
  defaultConfigFile,
  importPackages,
  prepareSections
} from "./chunk-GQZHBXMS.mjs";
import "./chunk-S5DCAXN2.mjs";
import "./chunk-45KIPHKO.mjs";
import "./chunk-5EQP25BN.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  buildHandoff,
  configFiles,
  defaultConfigFile,
  importPackages,
  prepareSections
};
