import table from '@contract/admin-routes.json';
import { compileRoute, type CompiledRoute } from './routeTable';

/** A back-office role (core's `shop_core::staff::StaffRole`). */
export type StaffRole = 'admin' | 'orders' | 'catalogue' | 'support';

/**
 * One back-office page (`contract/admin-routes.json`). Every one needs a signed-in staff member
 * (`requiresStaff`) holding `role`, or any staff member when it is null; `menu` puts it in the
 * side menu. Only the admin app's chunk imports this table, so the shopper's pages never carry it.
 */
export interface AdminRouteEntry {
  name: string;
  path: string;
  title: string;
  role: StaffRole | null;
  menu: boolean;
}

export const adminRouteEntries: AdminRouteEntry[] = table.routes as AdminRouteEntry[];

/** The admin routes compiled for react-router, with `requiresStaff` set. */
export const compiledAdminRoutes: (CompiledRoute & AdminRouteEntry & { requiresStaff: true })[] = adminRouteEntries.map((r) => ({
  ...compileRoute({ name: r.name, path: r.path, layout: 'default', title: r.title, requiresAuth: true }),
  role: r.role,
  menu: r.menu,
  requiresStaff: true as const,
}));

const byName: Record<string, AdminRouteEntry> = Object.fromEntries(adminRouteEntries.map((r) => [r.name, r]));

/** Fills an admin route's params: `adminPath('adminOrder', { code: 'K7Q2' })` → `/admin/orders/K7Q2`. */
export function adminPath(name: string, params: Record<string, string | number> = {}): string {
  const r = byName[name];
  if (!r) throw new Error(`unknown admin route ${name}`);
  return r.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));
}

/** Whether `permitted` (the roles the server says this staff member may use) opens `route`. */
export function mayOpen(route: Pick<AdminRouteEntry, 'role'>, permitted: readonly string[]): boolean {
  return route.role === null || permitted.includes(route.role);
}

/** The admin pages the app has a loader for (set once by the admin app). */
const available = new Set<string>();

/** Names the pages that exist (the admin app's loaders); a route without one is hidden. */
export function registerAdminPages(names: Iterable<string>): void {
  for (const n of names) available.add(n);
}

/** The menu's pages for a staff member: in the menu, with a page, and opened by their roles. */
export function menuRoutes(permitted: readonly string[]): typeof compiledAdminRoutes {
  return compiledAdminRoutes.filter((r) => r.menu && available.has(r.name) && mayOpen(r, permitted));
}
