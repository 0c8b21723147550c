import { describe, expect, it } from 'vitest';
import { compileRoute, compiledRoutes, matchRoutePath, parsePartialParams, pathFor, routesByName } from './routeTable';

describe('route table', () => {
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
  });
});
