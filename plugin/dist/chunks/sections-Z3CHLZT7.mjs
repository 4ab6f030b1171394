#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  builtinSections
} from "./chunk-4F3MUHSI.mjs";
import "./chunk-2Q6QKILD.mjs";
import "./chunk-AKNG3DCM.mjs";
import "./chunk-45KIPHKO.mjs";
import "./chunk-5EQP25BN.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  builtinSections
};
