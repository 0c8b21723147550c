import { adminPath, compiledAdminRoutes, mayOpen } from './adminRouteTable';
import { describe, expect, it } from 'vitest';
import { routeEntries, compileRoute, compiledRoutes, matchRoutePath, parsePartialParams, pathFor, routesByName } from './routeTable';

/** Spec section 2's route → layout table, as the spec writes it. */
const SPEC_LAYOUTS: [string, string][] = [
  ['/', 'home'],
  ['/login', 'restricted'],
  ['/blogs', 'default'],
  ['/blogs/{blog}', 'default'],
  ['/about-us', 'default'],
  ['/contact-us', 'default'],
  ['/terms-of-use', 'default'],
  ['/privacy-policy', 'default'],
  ['/common-questions', 'default'],
  ['/shop', 'default'],
  ['/shop/search-product', 'default'],
  ['/shop/category/{category}-{id}', 'default'],
  ['/specials', 'default'],
  ['/product/{uid}', 'default'],
  ['/categories', 'profile-no-side'],
  ['/mobile-search', 'profile-no-side'],
  ['/order/{code}', 'profile-no-side'],
  ['/error-payment', 'default'],
  ['/success-payment', 'default'],
  ['/success-inspayment', 'default'],
  ['/profile', 'profile'],
  ['/profile/edit', 'profile'],
  ['/profile/factors', 'profile'],
  ['/profile/finance', 'profile'],
  ['/profile/addresses', 'profile'],
  ['/profile/cart', 'profile'],
  ['/profile/cart/first-time', 'profile-no-side'],
  ['/profile/cart/order-register', 'profile-no-side'],
  ['/profile/discounts', 'profile'],
  ['/profile/favorites', 'profile'],
  ['/profile/tickets', 'profile'],
  ['/profile/tickets/ticket-{id}', 'profile'],
  ['/profile/messages', 'profile'],
];

describe('route table', () => {
  it('holds every spec route with the spec’s layout, and only /register, /compare, the invoice page and the alerts page besides', () => {
    const ours = Object.fromEntries(routeEntries.map((r) => [r.path, r.layout]));
    for (const [path, layout] of SPEC_LAYOUTS) expect(ours[path], path).toBe(layout);
    const spec = new Set(SPEC_LAYOUTS.map(([path]) => path));
    // The shop's own additions: the named register route (spec section 2 names it, its table
    // gives it no path), the comparison page, one order's invoice (the back office has its own
    // table) and the customer's restock and price-drop alerts (issue 27).
    expect(routeEntries.filter((r) => !spec.has(r.path)).map((r) => [r.path, r.layout])).toEqual([
      ['/register', 'restricted'],
      ['/compare', 'default'],
      ['/profile/factors/{code}', 'profile'],
      ['/profile/alerts', 'profile'],
    ]);
  });

  it('keeps every back-office page under /admin with a known role, in its own table', () => {
    expect(routeEntries.some((r) => r.path.startsWith('/admin') || r.path.startsWith('/staff'))).toBe(false);
    for (const r of compiledAdminRoutes) {
      expect(r.path === '/admin' || r.path.startsWith('/admin/'), r.path).toBe(true);
      expect([null, 'admin', 'orders', 'catalogue', 'support']).toContain(r.role);
      expect(r.requiresStaff).toBe(true);
    }
    expect(adminPath('adminOrder', { code: 'K7Q2' })).toBe('/admin/orders/K7Q2');
    expect(mayOpen({ role: 'orders' }, ['support'])).toBe(false);
    expect(mayOpen({ role: null }, ['support'])).toBe(true);
  });

  it('maps whole-segment params to react-router params', () => {
    expect(routesByName.blogDetail && compileRoute(routesByName.blogDetail).routerPath).toBe('/blogs/:blog');
    expect(compileRoute(routesByName.productDetail).routerPath).toBe('/product/:uid');
  });

  it('maps partial segments to one param and parses them back', () => {
    const cat = compiledRoutes.find((r) => r.name === 'category')!;
    expect(cat.routerPath).toBe('/shop/category/:seg3');
    expect(parsePartialParams(cat, { seg3: 'gaming-laptops-12' })).toEqual({ category: 'gaming-laptops', id: '12' });
    expect(parsePartialParams(cat, { seg3: 'nohyphen' })).toBeNull();
    const ticket = compiledRoutes.find((r) => r.name === 'ticketDetail')!;
    expect(ticket.routerPath).toBe('/profile/tickets/:seg3');
    expect(parsePartialParams(ticket, { seg3: 'ticket-42' })).toEqual({ id: '42' });
    expect(parsePartialParams(ticket, { seg3: '42' })).toBeNull();
  });

  it('matches browser paths to routes and fills patterns', () => {
    expect(matchRoutePath('/')?.name).toBe('home');
    expect(matchRoutePath('/profile/cart/first-time')?.name).toBe('cartFirst');
    expect(matchRoutePath('/shop/category/asus-3')?.name).toBe('category');
    expect(matchRoutePath('/nowhere')).toBeUndefined();
    expect(pathFor('ticketDetail', { id: 7 })).toBe('/profile/tickets/ticket-7');
    expect(matchRoutePath('/profile/factors/K7Q2M9XD')?.name).toBe('factor');
  });
});
