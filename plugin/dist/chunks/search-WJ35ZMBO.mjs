#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  INDEX_DB,
  SEARCH_DIR,
  chunksOf,
  indexDocs,
  indexPaths,
  indexPending,
  indexStats,
  matchLines,
  matcherOf,
  normalizeText,
  notePending,
  phraseRegExp,
  queryTokens,
  reindexStore,
  scanSearch,
  search,
  snippet
} from "./chunk-SYJU7GBG.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  INDEX_DB,
  SEARCH_DIR,
  chunksOf,
  indexDocs,
  indexPaths,
  indexPending,
  indexStats,
  matchLines,
  matcherOf,
  normalizeText,
  notePending,
  phraseRegExp,
  queryTokens,
  reindexStore,
  scanSearch,
  search,
  snippet
};
