import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_NAMES } from '../infra/domain-events';
import { fromRoot } from '../paths';
import { createTestApp, type TestApp } from '../test/test-app';
import { MODULE_ORDER, MODULES } from '.';

const MODULES_DIR = fromRoot('src', 'server', 'modules');

describe('the module registry', () => {
  it('has one plugin for each name of MODULE_ORDER, in that order, and no other', () => {
    expect(Object.keys(MODULES)).toEqual(MODULE_ORDER);
    expect(new Set(MODULE_ORDER).size).toBe(MODULE_ORDER.length);
  });

  it('lists every module folder, each with its entry plugin (index.ts)', () => {
    const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect([...folders].sort()).toEqual([...MODULE_ORDER].sort());
    for (const name of folders) expect(existsSync(path.join(MODULES_DIR, name, 'index.ts'))).toBe(true);
  });
});

describe('the built app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('has a subscriber for every domain event a module emits', () => {
    for (const name of DOMAIN_EVENT_NAMES)
      expect(t.app.ctx.events.subscribers(name), name).toBeGreaterThan(0);
  });
});
