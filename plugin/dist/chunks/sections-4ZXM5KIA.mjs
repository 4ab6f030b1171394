#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  builtinSections
} from "./chunk-DK3TBTZJ.mjs";
import "./chunk-P7OMPM52.mjs";
import "./chunk-5VTZYHP3.mjs";
import "./chunk-7KAIWO3K.mjs";
import "./chunk-ORPKAE4C.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  builtinSections
};
