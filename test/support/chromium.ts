import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's chromium (.ci/run installs it). Without it the browser specs are skipped, except under CI=true. */
const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
export const describeBrowser = haveChromium || process.env.CI === 'true' ? describe : describe.skip;

export function warnIfNoChromium(): void {
  if (!haveChromium && process.env.CI !== 'true') console.warn(`\nSkipping the browser tests: ${CHROMIUM} is not installed.\n`);
}

function requireChromium(): void {
  if (!haveChromium) throw new Error(`CI=true and ${CHROMIUM} is missing: .ci/run installs Debian's chromium package`);
}

// No network here: everything chromium would fetch or phone home for by itself is switched off.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A persistent context on a fresh profile directory (returned, for the caller to remove): nothing
 * from an earlier run is reused.
 */
export async function launchChromium(
  options: Omit<Parameters<typeof chromium.launchPersistentContext>[1], 'executablePath' | 'args' | 'headless'> = {},
): Promise<{ context: BrowserContext; profile: string }> {
  requireChromium();
  const profile = mkdtempSync(join(tmpdir(), 'store-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...options,
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return { context, profile };
}
