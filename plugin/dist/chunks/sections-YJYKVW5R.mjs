#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  builtinSections
} from "./chunk-PHJ372TH.mjs";
import "./chunk-2Q6QKILD.mjs";
import "./chunk-ZTSBFSFN.mjs";
import "./chunk-45KIPHKO.mjs";
import "./chunk-XLDG2IXN.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  builtinSections
};
