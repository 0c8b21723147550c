import table from '@contract/routes.json';

/** The five layouts of spec section 2. */
export type LayoutName = 'default' | 'home' | 'profile' | 'profile-no-side' | 'restricted';

export interface RouteEntry {
  name: string;
  /** The pattern as routes.json writes it, e.g. `/shop/category/{category}-{id}`. */
  path: string;
  layout: LayoutName;
  title: string;
  requiresAuth: boolean;
  /** A regular expression per param that its value must match (the server applies the same ones). */
  params?: Record<string, string>;
}

export const routeEntries: RouteEntry[] = (table.routes as RouteEntry[]).map((r) => ({ ...r }));

export const routesByName: Record<string, RouteEntry> = Object.fromEntries(
  routeEntries.map((r) => [r.name, r]),
);

/** A path segment that mixes literal text and `{params}`, like `ticket-{id}`. */
interface PartialSegment {
  /** the react-router param that carries the whole segment */
  param: string;
  regex: RegExp;
  names: string[];
}

export interface CompiledRoute extends RouteEntry {
  /** react-router path, e.g. `/shop/category/:seg2` */
  routerPath: string;
  partials: PartialSegment[];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Turns a routes.json pattern into a react-router path. A segment that is exactly `{x}` becomes
 * `:x`; a segment with literal text around its params (react-router can't express those) becomes
 * one `:segN` param, parsed and validated by `parsePartialParams`.
 */
export function compileRoute(entry: RouteEntry): CompiledRoute {
  const partials: PartialSegment[] = [];
  const segments = entry.path.split('/').map((seg, i) => {
    const whole = /^\{(\w+)\}$/.exec(seg);
    if (whole) return `:${whole[1]}`;
    if (!seg.includes('{')) return seg;
    const names: string[] = [];
    let pattern = '^';
    let rest = seg;
    while (rest.length) {
      const m = /\{(\w+)\}/.exec(rest);
      if (!m) {
        pattern += escapeRe(rest);
        break;
      }
      pattern += escapeRe(rest.slice(0, m.index));
      names.push(m[1]);
      // Greedy for all but the last param, so `{category}-{id}` splits at the last '-'.
      pattern += '(.+)';
      rest = rest.slice(m.index + m[0].length);
    }
    pattern += '$';
    const param = `seg${i}`;
    partials.push({ param, regex: new RegExp(pattern, 'u'), names });
    return `:${param}`;
  });
  return { ...entry, routerPath: segments.join('/') || '/', partials };
}

export const compiledRoutes: CompiledRoute[] = routeEntries.map(compileRoute);

/**
 * Parses the partial segments of a matched route. Returns the named params, or null when a
 * segment doesn't fit its pattern (the page then shows the not-found page).
 */
export function parsePartialParams(
  route: CompiledRoute,
  params: Record<string, string | undefined>,
): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = v;
  for (const p of route.partials) {
    const value = params[p.param];
    if (value === undefined) return null;
    const m = p.regex.exec(value);
    if (!m) return null;
    p.names.forEach((n, i) => {
      out[n] = m[i + 1];
    });
    delete out[p.param];
  }
  return out;
}

/** A check of a route's params against its routes.json `params` rules (every param non-empty). */
function rulesCheck(params: Record<string, string> = {}): (p: Record<string, string>) => boolean {
  const rules = Object.entries(params).map(([name, rule]) => [name, new RegExp(rule, 'u')] as const);
  return (p) => rules.every(([name, re]) => re.test(p[name] ?? ''));
}

/**
 * Checks per route name on its params: the routes.json `params` rules, which the server
 * applies too (a failure answers 404 there, the not-found page here). The back office's ticket
 * id is checked here (its table, admin-routes.json, has no rules of its own yet).
 */
export const paramValidators: Record<string, (p: Record<string, string>) => boolean> = {
  ...Object.fromEntries(routeEntries.filter((r) => r.params).map((r) => [r.name, rulesCheck(r.params)])),
  adminTicket: (p) => /^[1-9][0-9]{0,17}$/.test(p.id ?? ''),
};

/** Fills a route's params into its pattern: `pathFor('ticketDetail', {id: 7})` → `/profile/tickets/ticket-7`. */
export function pathFor(name: string, params: Record<string, string | number> = {}): string {
  const r = routesByName[name];
  if (!r) throw new Error(`unknown route ${name}`);
  return r.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));
}

/** The route a browser path belongs to (exact match of the routes.json patterns), or undefined. */
export function matchRoutePath(pathname: string): RouteEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return compiledRoutes.find((r) => {
    const re = new RegExp(
      '^' +
        r.path
          .split(/(\{\w+\})/)
          .map((part) => (/^\{\w+\}$/.test(part) ? '([^/]+)' : escapeRe(part)))
          .join('') +
        '$',
      'u',
    );
    return re.test(path);
  });
}
