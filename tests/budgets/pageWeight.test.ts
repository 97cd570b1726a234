import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import {
  firstLoadScriptPaths,
  inlineCss,
  renderBlockingThirdPartyScripts,
  resolveScriptFiles,
  staticImportsOf,
  stylesheetReferences,
} from './pageWeight.ts';

const ORIGIN = 'http://127.0.0.1:4000';

test('first-load scripts are the module scripts and module preloads of the site itself', () => {
  const html = `<!DOCTYPE html><html><head>
    <link rel="modulepreload" fetchPriority="low" href="/assets/entry-A.js"/>
    <link rel="modulepreload" href="/assets/chunk-B.js"/><link rel="icon" href="/favicon.svg"/>
    <link rel="modulepreload" href="https://cdn.example.ru/lib.js"/>
    </head><body><script nonce="n">window.x=JSON.parse("{\\"a\\":1}");</script>
    <script type="module" src="/assets/entry-A.js" async=""></script></body></html>`;
  expect(firstLoadScriptPaths(html, ORIGIN)).toEqual(['/assets/entry-A.js', '/assets/chunk-B.js']);
});

test('a classic third-party script without async or defer is render-blocking', () => {
  const html = `<head><script src="https://mc.yandex.ru/metrika/tag.js"></script>
    <script async src="https://api-maps.yandex.ru/v3/?lang=ru_RU"></script>
    <script defer src="https://a.example.ru/b.js"></script>
    <script type="module" src="https://c.example.ru/d.js"></script>
    <script src="/assets/own.js"></script></head>`;
  expect(renderBlockingThirdPartyScripts(html, ORIGIN)).toEqual(['https://mc.yandex.ru/metrika/tag.js']);
});

test('linked stylesheets are listed and inline styles are read', () => {
  const html = `<link rel="preload stylesheet" href="/assets/a.css"><link rel="stylesheet" href='https://fonts.example.ru/b.css'>
    <style data-emotion="css x">body{margin:0}</style><style>.a{color:red}</style>`;
  expect(stylesheetReferences(html)).toEqual(['/assets/a.css', 'https://fonts.example.ru/b.css']);
  expect(inlineCss(html)).toBe('body{margin:0}.a{color:red}');
});

test('static imports of esbuild output are followed and dynamic imports are not', () => {
  const source = 'import{a as b}from"./chunk-A.js";import"./chunk-B.js";export{c}from"./chunk-C.js";const p=()=>import("./chunk-lazy.js");';
  expect(staticImportsOf(source)).toEqual(['./chunk-A.js', './chunk-B.js', './chunk-C.js']);
});

test('the first-load files include what a preloaded chunk imports even when the HTML forgets it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-'));
  writeFileSync(path.join(dir, 'entry.js'), 'import{x}from"./chunk-1.js";import("./lazy.js");');
  writeFileSync(path.join(dir, 'chunk-1.js'), 'import"./chunk-2.js";export const x=1;');
  writeFileSync(path.join(dir, 'chunk-2.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'lazy.js'), 'export default 1;');
  const files = resolveScriptFiles(['/assets/entry.js'], [['/assets/', dir]]).map((file) => path.basename(file));
  expect(files).toEqual(['entry.js', 'chunk-1.js', 'chunk-2.js']);
});

test('a script the build does not have is an error, not a zero', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-'));
  expect(() => resolveScriptFiles(['/assets/missing.js'], [['/assets/', dir]])).toThrow(/not in the build/);
  expect(() => resolveScriptFiles(['/assets/../../etc/passwd'], [['/assets/', dir]])).toThrow(/outside/);
});
