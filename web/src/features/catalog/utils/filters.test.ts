import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore, type Core } from '@/shared/core';
import { activeCount, emptyFilters, filtersToQuery, filtersToSearch, parseFilters, parseAmount, toggleValue } from './filters';

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

describe('filters in the URL', () => {
  it('reads lists, prices (Persian digits too, through the core), flags, sort and page', () => {
    const f = parseFilters(new URLSearchParams('brand=lenovo,asus&ram=۱۶&min_price=۲۰٬۰۰۰٬۰۰۰&max_price=90000000&in_stock=1&sort=cheapest&page=3'), false, core.toWesternDigits);
    expect(f.brand).toEqual(['asus', 'lenovo']);
    expect(f.ram).toEqual(['16']);
    expect(f.min_price).toBe(20_000_000);
    expect(f.max_price).toBe(90_000_000);
    expect(f.in_stock).toBe(true);
    expect(f.special).toBe(false);
    expect(f.sort).toBe('cheapest');
    expect(f.page).toBe(3);
    expect(activeCount(f)).toBe(6);
  });

  it('screen size, graphics and storage live in the URL and go to the API like the other lists', () => {
    const f = parseFilters(new URLSearchParams('screen=17-plus,13-14&graphics=nvidia-rtx&storage=1024&storage=2048-plus'));
    expect([f.screen, f.graphics, f.storage]).toEqual([['13-14', '17-plus'], ['nvidia-rtx'], ['1024', '2048-plus']]);
    expect(activeCount(f)).toBe(5);
    const out = filtersToSearch(toggleValue(f, 'graphics', 'integrated'));
    expect(out.toString()).toBe('screen=13-14%2C17-plus&graphics=integrated%2Cnvidia-rtx&storage=1024%2C2048-plus');
    const q = filtersToQuery(f);
    expect([q.screen, q.graphics, q.storage]).toEqual(['13-14,17-plus', 'nvidia-rtx', '1024,2048-plus']);
  });

  it('ignores junk instead of failing', () => {
    const f = parseFilters(new URLSearchParams('brand=<script>&ram=&min_price=abc&page=-4&sort=drop%20table&special=maybe'));
    expect(f).toEqual(emptyFilters);
    expect(parseFilters(new URLSearchParams('sort=relevance')).sort).toBeNull();
    expect(parseFilters(new URLSearchParams('sort=relevance'), true).sort).toBe('relevance');
  });

  it('writes the canonical form and keeps params it does not own (q)', () => {
    const base = new URLSearchParams('q=لنوو&brand=dell&page=4');
    const f = { ...parseFilters(base), brand: ['lenovo', 'asus'] };
    const out = filtersToSearch(toggleValue(f, 'condition', 'used'), base);
    expect(out.get('q')).toBe('لنوو');
    expect(out.get('brand')).toBe('asus,lenovo');
    expect(out.get('condition')).toBe('used');
    expect(out.has('page')).toBe(false); // a filter change goes back to page 1
  });

  it('round-trips', () => {
    const f = { ...emptyFilters, brand: ['hp'], cpu_family: ['amd-ryzen-7'], max_price: 5, special: true, sort: 'newest' as const, page: 2 };
    expect(parseFilters(filtersToSearch(f))).toEqual(f);
  });

  it('gives the API query', () => {
    const q = filtersToQuery({ ...emptyFilters, ram: ['16', '32'], in_stock: true }, { category: '4' });
    expect(q).toMatchObject({ category: '4', ram: '16,32', in_stock: '1', size: 24 });
    expect(q.min_price).toBeUndefined();
  });

  it('reads Persian digits only once the core is there', () => {
    const params = new URLSearchParams('min_price=۲۰٬۰۰۰٬۰۰۰&max_price=90000000');
    expect(parseFilters(params).min_price).toBeNull();
    expect(parseFilters(params).max_price).toBe(90_000_000);
    expect(parseFilters(params, false, core.toWesternDigits).min_price).toBe(20_000_000);
  });

  it('parses amounts', () => {
    expect(parseAmount('۱۲٬۵۰۰', core.toWesternDigits)).toBe(12500);
    expect(parseAmount('١٢٬٥٠٠', core.toWesternDigits)).toBe(12500);
    expect(parseAmount('12 500')).toBe(12500);
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('1e9')).toBeNull();
  });
});
