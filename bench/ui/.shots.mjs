import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from '../support.mjs';
const SERVER_DIR = path.join(ROOT, 'packages/server/dist');
const { build } = await import(path.join(SERVER_DIR, 'app.js'));
const { loadConfig } = await import(path.join(SERVER_DIR, 'config.js'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-shots-'));
const cfg = loadConfig({ LEITWARTE_DATA_DIR: dataDir, LEITWARTE_ADMIN_PASSWORD: 'Bench-Admin-Password-1', LEITWARTE_LOG_LEVEL: 'warn', LEITWARTE_BACKFILL: 'false' });
const built = await build({ config: cfg, webRoot: path.join(ROOT, 'packages/web/dist/') });
await built.app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${built.app.server.address().port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [w, h] of [[1440, 900], [390, 844]]) {
    for (const locale of ['de-DE', 'en-US']) {
      const context = await browser.newContext({ locale, viewport: { width: w, height: h } });
      const page = await context.newPage();
      await page.goto(`${url}/login?returnUrl=%2Fvisualization%2Fwasserwerk-auheim`);
      await page.locator('input').first().fill('admin');
      await page.locator('input[type=password]').fill('Bench-Admin-Password-1');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/visualization/wasserwerk-auheim');
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/visu/image-${locale}-${w}.png` });
      await page.goto(`${url}/window/visualization/wasserwerk-auheim`);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/visu/window-${locale}-${w}.png` });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await built.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
