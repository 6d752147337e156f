#!/usr/bin/env node
/**
 * One Lighthouse run of a page as a signed-in member, for the benchmark's section (b) (bench.mjs): what
 * Lighthouse's CLI does for a visitor (a fresh Chromium, its mobile run, one CPU slowdown), with the
 * member's session cookie and stored session in the browser before the page is asked for. The CLI cannot
 * give a page a stored session: Lighthouse's Node API runs on a page prepared here instead.
 *
 *   node tools/perf/lighthouse-member.mjs <url> <cpu slowdown> <report.json> <session.json> [chrome flags…]
 *
 * session.json: { "cookie": { "name", "value" }, "storage": { "<key>": "<value>" } }. Storage is not reset
 * before the run (it would forget the session); the browser's profile is new, so its cache is empty.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const [url, slowdown, reportPath, sessionPath, ...chromeFlags] = process.argv.slice(2);
if (!url || !slowdown || !reportPath || !sessionPath) {
  console.error(
    'usage: lighthouse-member.mjs <url> <cpu slowdown> <report.json> <session.json> [chrome flags…]',
  );
  process.exit(2);
}
const session = JSON.parse(readFileSync(sessionPath, 'utf8'));
const origin = new URL(url).origin;

const chrome = await launch({ chromeFlags, chromePath: process.env.CHROME_PATH });
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await browser.setCookie({ ...session.cookie, domain: new URL(url).hostname, path: '/', httpOnly: true });
  // In every document of the site's origin, before its scripts: the session the app reads at start.
  await page.evaluateOnNewDocument(
    (siteOrigin, storage) => {
      if (globalThis.location.origin !== siteOrigin) return;
      for (const [key, value] of Object.entries(storage)) globalThis.localStorage.setItem(key, value);
    },
    origin,
    session.storage,
  );
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      formFactor: 'mobile',
      throttling: { cpuSlowdownMultiplier: Number(slowdown) },
      maxWaitForLoad: 45_000,
      disableStorageReset: true,
    },
    undefined,
    page,
  );
  if (!result?.lhr) throw new Error('Lighthouse gave no result');
  writeFileSync(reportPath, JSON.stringify(result.lhr));
  await browser.disconnect();
} finally {
  chrome.kill();
}
