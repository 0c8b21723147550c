import { describe, expect, it } from 'vitest';
import { routeEntries } from '@/shared/routes/routeTable';
import { pageModules } from './pageModules';

describe('page modules', () => {
  it('has a lazy page module for every route of routes.json', () => {
    for (const r of routeEntries) expect(pageModules[r.name], r.name).toBeTypeOf('function');
    expect(Object.keys(pageModules).sort()).toEqual(routeEntries.map((r) => r.name).sort());
  });
});
