import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = join(__dirname, '../../..');

describe('generated API types', () => {
  it('schema.d.ts is what openapi-typescript makes of openapi/openapi.json (else: npm run gen:api)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'schema-')), 'schema.d.ts');
    execFileSync(join(web, '../node_modules/.bin/openapi-typescript'), ['../openapi/openapi.json', '-o', out], { cwd: web, stdio: 'pipe' });
    expect(readFileSync(join(web, 'src/shared/api/schema.d.ts'), 'utf8')).toBe(readFileSync(out, 'utf8'));
  }, 30_000);
});
