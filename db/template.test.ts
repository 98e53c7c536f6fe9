import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyTemplateInto, templateStamp } from './template';

// Issue #19: a first start copies the build's ready database, only when it was made from the same
// migrations (and PGlite/pg-boss versions), and never over a folder that has data.
let work: string;
let migrations: string;
let template: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-template-'));
  migrations = path.join(work, 'migrations');
  template = path.join(work, 'template');
  fs.mkdirSync(path.join(migrations, 'meta'), { recursive: true });
  fs.writeFileSync(path.join(migrations, '0000_init.sql'), 'create table a (id int);');
  fs.writeFileSync(path.join(migrations, 'meta', '_journal.json'), '{}');
  fs.mkdirSync(path.join(template, 'pg', 'base'), { recursive: true });
  fs.writeFileSync(path.join(template, 'pg', 'PG_VERSION'), '17');
  fs.writeFileSync(path.join(template, 'pg', 'base', 'file'), 'data');
  fs.writeFileSync(path.join(template, 'stamp'), `${templateStamp(migrations)}\n`);
  process.env.DB_TEMPLATE_DIR = template;
});
afterEach(() => {
  delete process.env.DB_TEMPLATE_DIR;
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the first-start database template', () => {
  it('fills an absent or empty folder with a copy of the template', async () => {
    const target = path.join(work, 'data', 'pg');
    expect(await copyTemplateInto(target, migrations)).toBe(true);
    expect(fs.readFileSync(path.join(target, 'base', 'file'), 'utf8')).toBe('data');
    fs.rmSync(target, { recursive: true });
    fs.mkdirSync(target, { recursive: true });
    expect(await copyTemplateInto(target, migrations)).toBe(true);
    expect(fs.existsSync(path.join(target, 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(path.dirname(target))).toEqual(['pg']); // no partial copy left behind
  });

  it('is ignored when a migration changed since it was made', async () => {
    fs.writeFileSync(path.join(migrations, '0001_more.sql'), 'alter table a add b int;');
    const target = path.join(work, 'data', 'pg');
    expect(await copyTemplateInto(target, migrations)).toBe(false);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('never touches a folder that already has a database', async () => {
    const target = path.join(work, 'data', 'pg');
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, 'PG_VERSION'), 'mine');
    expect(await copyTemplateInto(target, migrations)).toBe(false);
    expect(fs.readFileSync(path.join(target, 'PG_VERSION'), 'utf8')).toBe('mine');
  });

  it('is skipped without a template', async () => {
    process.env.DB_TEMPLATE_DIR = path.join(work, 'none');
    expect(await copyTemplateInto(path.join(work, 'data', 'pg'), migrations)).toBe(false);
  });
});
