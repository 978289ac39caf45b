/**
 * The app's router: the part of React Router's declarative mode this code uses (decision 0016), in
 * about 1.5 kB gzip instead of React Router's 11 kB in the first load. Same names and meanings:
 * BrowserRouter / MemoryRouter, Routes / Route / useRoutes (ranked matching, nested routes, index
 * routes, `:params`, a trailing `*`), Outlet, Link / NavLink, Navigate, and the hooks. Navigations
 * render as transitions, as React Router's do, so a screen whose code is still loading keeps the
 * page on screen until it can show the next one whole. Not here (the app uses none of it): loaders,
 * actions, route-relative `to` paths (a `to` without a leading slash resolves against the current
 * address, enough for `?query` and `#hash` links), basenames, blocking.
 */
import {
  Children, createContext, Fragment, isValidElement, startTransition, useCallback, useContext, useEffect, useLayoutEffect,
  useMemo, useRef, useState,
  type AnchorHTMLAttributes, type CSSProperties, type MouseEvent, type ReactElement, type ReactNode, type Ref,
} from 'react';

// ------------------------------------------------------------------ locations and histories

export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const;
export type NavigationType = (typeof NavigationType)[keyof typeof NavigationType];

export type Path = { pathname: string; search: string; hash: string };
export type Location = Path & { state: unknown; key: string };
export type To = string | Partial<Path>;
export type NavigateOptions = { replace?: boolean; state?: unknown };

export interface History {
  readonly action: NavigationType;
  readonly location: Location;
  push(to: Path, state?: unknown): void;
  replace(to: Path, state?: unknown): void;
  go(delta: number): void;
  /** Called after every change of location; returns the unsubscribe function. */
  listen(listener: () => void): () => void;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  return pathname + (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') + (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '');
}

function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hashAt = path.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = path.slice(hashAt);
    path = path.slice(0, hashAt);
  }
  const searchAt = path.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = path.slice(searchAt);
    path = path.slice(0, searchAt);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

/**
 * Where `to` leads from `from`: a path with a leading slash as it is; `?query` keeps the pathname,
 * `#hash` the pathname and query; another relative path resolves as a link's would. An object
 * without a pathname keeps the current one.
 */
export function resolveTo(to: To, from: Path): Path {
  if (typeof to === 'string') {
    if (to !== '' && !to.startsWith('/') && !to.startsWith('?') && !to.startsWith('#')) {
      const url = new URL(to, `http://router${from.pathname}`);
      return { pathname: url.pathname, search: url.search, hash: url.hash };
    }
    const p = parsePath(to);
    if (to.startsWith('#')) return { pathname: from.pathname, search: from.search, hash: p.hash ?? '' };
    return { pathname: p.pathname ?? from.pathname, search: normal(p.search, '?'), hash: normal(p.hash, '#') };
  }
  return { pathname: to.pathname ?? from.pathname, search: normal(to.search, '?'), hash: normal(to.hash, '#') };
}

function normal(part: string | undefined, mark: '?' | '#'): string {
  if (!part || part === mark) return '';
  return part.startsWith(mark) ? part : mark + part;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Changes of the browser's address made in the app or by back and forward since the page loaded (createBrowserHistory). */
let browserNavigations = 0;
export const navigationsSinceLoad = (): number => browserNavigations;

type Listeners = Set<() => void>;
function notify(listeners: Listeners) {
  for (const l of listeners) l();
}

/** The browser's history; entries carry `{ usr, key, idx }` as React Router's do. */
export function createBrowserHistory(win: Window = window): History {
  const listeners: Listeners = new Set();
  const read = (): Location => {
    const s = win.history.state as { usr?: unknown; key?: string } | null;
    const { pathname, search, hash } = win.location;
    return { pathname, search, hash, state: s?.usr ?? null, key: s?.key ?? 'default' };
  };
  let idx = (win.history.state as { idx?: number } | null)?.idx ?? 0;
  if ((win.history.state as { idx?: number } | null)?.idx == null) win.history.replaceState({ ...(win.history.state as object), idx }, '');
  const history = {
    action: NavigationType.Pop as NavigationType,
    location: read(),
    push(to: Path, state?: unknown) {
      const entry = { usr: state ?? null, key: newKey(), idx: ++idx };
      try {
        win.history.pushState(entry, '', createPath(to));
      } catch {
        // Safari limits pushState calls; a full load still gets there.
        win.location.assign(createPath(to));
        return;
      }
      change(NavigationType.Push);
    },
    replace(to: Path, state?: unknown) {
      win.history.replaceState({ usr: state ?? null, key: newKey(), idx }, '', createPath(to));
      change(NavigationType.Replace);
    },
    go: (delta: number) => win.history.go(delta),
    listen(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  function change(action: NavigationType) {
    browserNavigations += 1;
    history.action = action;
    history.location = read();
    notify(listeners);
  }
  win.addEventListener('popstate', () => {
    idx = (win.history.state as { idx?: number } | null)?.idx ?? idx;
    change(NavigationType.Pop);
  });
  return history;
}

/** A history in memory (tests, and screens rendered outside the browser's address). */
export function createMemoryHistory(opts: { initialEntries?: Array<To | (Partial<Path> & { state?: unknown; key?: string })>; initialIndex?: number } = {}): History {
  const listeners: Listeners = new Set();
  const root: Path = { pathname: '/', search: '', hash: '' };
  const entries: Location[] = (opts.initialEntries ?? ['/']).map((e, i) => ({
    ...resolveTo(e, root),
    state: typeof e === 'object' && 'state' in e ? e.state : null,
    key: (typeof e === 'object' && 'key' in e && e.key) || (i === 0 ? 'default' : newKey()),
  }));
  let index = Math.min(Math.max(opts.initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const history = {
    action: NavigationType.Pop as NavigationType,
    location: entries[index]!,
    push(to: Path, state?: unknown) {
      entries.splice(index + 1, entries.length, { ...to, state: state ?? null, key: newKey() });
      index += 1;
      change(NavigationType.Push);
    },
    replace(to: Path, state?: unknown) {
      entries[index] = { ...to, state: state ?? null, key: newKey() };
      change(NavigationType.Replace);
    },
    go(delta: number) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      change(NavigationType.Pop);
    },
    listen(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  function change(action: NavigationType) {
    browserNavigations += 1;
    history.action = action;
    history.location = entries[index]!;
    notify(listeners);
  }
  return history;
}

// ------------------------------------------------------------------ the router's context

type RouterState = { location: Location; action: NavigationType; history: History };
const RouterContext = createContext<RouterState | null>(null);

/** Provides a history's location to the tree; each change renders as a transition. */
export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [state, setState] = useState({ location: history.location, action: history.action });
  useLayoutEffect(() => {
    const update = () => startTransition(() => setState({ location: history.location, action: history.action }));
    const stop = history.listen(update);
    // A navigation between the first render and this effect (a child's effect) is not lost.
    if (history.location !== state.location) update();
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribe once per history
  }, [history]);
  const value = useMemo(() => ({ ...state, history }), [state, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({ children, initialEntries, initialIndex }: { children?: ReactNode } & Parameters<typeof createMemoryHistory>[0]) {
  const [history] = useState(() => createMemoryHistory({ initialEntries, initialIndex }));
  return <Router history={history}>{children}</Router>;
}

function useRouter(hook: string): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook} may be used only inside a router.`);
  return router;
}

export const useInRouterContext = () => useContext(RouterContext) !== null;
export const useLocation = (): Location => useRouter('useLocation()').location;
export const useNavigationType = (): NavigationType => useRouter('useNavigationType()').action;

export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

/**
 * Navigation: to a path (push, or replace), or back and forward by a number of entries. Ignored
 * during a render (navigate in an effect or an event), as React Router does.
 */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter('useNavigate()');
  const active = useRef(false);
  useLayoutEffect(() => {
    active.current = true;
  });
  return useCallback((to: To | number, options: NavigateOptions = {}) => {
    if (!active.current) return;
    if (typeof to === 'number') {
      history.go(to);
      return;
    }
    const path = resolveTo(to, history.location);
    if (options.replace) history.replace(path, options.state);
    else history.push(path, options.state);
  }, [history]) as NavigateFunction;
}

/** Navigates when rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions): null {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath(resolveTo(to, { pathname: '', search: '', hash: '' }));
  useEffect(() => {
    navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

export type SetSearchParams = (
  next: URLSearchParams | Record<string, string | string[]> | string | ((prev: URLSearchParams) => URLSearchParams | Record<string, string | string[]> | string),
  options?: NavigateOptions,
) => void;

function toSearchParams(init: URLSearchParams | Record<string, string | string[]> | string): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  return params;
}

/** The address's query, and a function that navigates to a new one (same pathname, no hash). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>((next, options) => {
    const query = toSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next).toString();
    navigate(query ? `?${query}` : { search: '' }, options);
  }, [navigate, params]);
  return [params, set];
}

// ------------------------------------------------------------------ routes

export type RouteObject = {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
};

export type RouteMatch = { route: RouteObject; params: Record<string, string>; pathname: string; pathnameBase: string };

type RouteContextValue = { outlet: ReactNode; matches: RouteMatch[] };
const RouteContext = createContext<RouteContextValue>({ outlet: null, matches: [] });
const OutletContext = createContext<unknown>(undefined);

type Branch = { path: string; score: number; routes: Array<{ route: RouteObject; relativePath: string; indexes: number[] }> };

const joinPaths = (parts: string[]) => parts.join('/').replace(/\/\/+/g, '/');

function flatten(routes: RouteObject[], branches: Branch[] = [], parents: Branch['routes'] = [], parentPath = '', parentIndexes: number[] = []): Branch[] {
  routes.forEach((route, i) => {
    const relativePath = route.path ?? '';
    const indexes = [...parentIndexes, i];
    const meta = [...parents, { route, relativePath: relativePath.startsWith('/') ? relativePath.slice(parentPath.length) : relativePath, indexes }];
    const path = joinPaths([parentPath, meta[meta.length - 1]!.relativePath]);
    if (route.children?.length) flatten(route.children, branches, meta, path, indexes);
    if (route.path == null && !route.index) return;
    branches.push({ path, score: score(path, route.index), routes: meta });
  });
  return branches;
}

/** React Router's ranking: static segments over `:params` over a splat; an index route over its parent. */
function score(path: string, index?: boolean): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== '*') total += s.startsWith(':') ? 3 : s === '' ? 1 : 10;
  return total;
}

function rank(branches: Branch[]): Branch[] {
  return branches
    .map((b, order) => ({ b, order }))
    .sort((x, y) => {
      if (x.b.score !== y.b.score) return y.b.score - x.b.score;
      const a = x.b.routes[x.b.routes.length - 1]!.indexes;
      const c = y.b.routes[y.b.routes.length - 1]!.indexes;
      const siblings = a.length === c.length && a.slice(0, -1).every((n, i) => n === c[i]);
      return siblings ? a[a.length - 1]! - c[c.length - 1]! : x.order - y.order;
    })
    .map(({ b }) => b);
}

const patterns = new Map<string, { re: RegExp; names: string[] }>();

function compile(path: string, caseSensitive: boolean, end: boolean) {
  const cacheKey = `${caseSensitive ? 1 : 0}${end ? 1 : 0}${path}`;
  let compiled = patterns.get(cacheKey);
  if (!compiled) {
    const names: string[] = [];
    let source = '^' + path.replace(/\/*\*?$/, '').replace(/^\/*/, '/').replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
    if (path.endsWith('*')) {
      names.push('*');
      source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
    } else if (end) source += '\\/*$';
    else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
    compiled = { re: new RegExp(source, caseSensitive ? undefined : 'i'), names };
    patterns.set(cacheKey, compiled);
  }
  return compiled;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Matches a pattern ('/merchants/:merchantId', '/account/*') against a pathname, as React Router's matchPath. */
export function matchPath(pattern: { path: string; caseSensitive?: boolean; end?: boolean } | string, pathname: string): RouteMatch | null {
  const p = typeof pattern === 'string' ? { path: pattern } : pattern;
  const { re, names } = compile(p.path, p.caseSensitive ?? false, p.end ?? true);
  const found = pathname.match(re);
  if (!found) return null;
  const matched = found[0];
  let pathnameBase = matched.replace(/(.)\/+$/, '$1');
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = found[i + 1];
    if (name === '*') {
      const splat = value ?? '';
      pathnameBase = matched.slice(0, matched.length - splat.length).replace(/(.)\/+$/, '$1');
    }
    if (value !== undefined) params[name] = name === '*' ? value : decode(value);
  });
  return { route: {}, params, pathname: matched, pathnameBase };
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const matches: RouteMatch[] = [];
  let matchedPathname = '/';
  const params: Record<string, string> = {};
  for (let i = 0; i < branch.routes.length; i++) {
    const { route, relativePath } = branch.routes[i]!;
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const m = matchPath({ path: relativePath, caseSensitive: route.caseSensitive, end: i === branch.routes.length - 1 }, remaining);
    if (!m) return null;
    Object.assign(params, m.params);
    matches.push({
      route,
      params: { ...params },
      pathname: joinPaths([matchedPathname, m.pathname]),
      pathnameBase: joinPaths([matchedPathname, m.pathnameBase]).replace(/(.)\/+$/, '$1'),
    });
    if (m.pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, m.pathnameBase]);
  }
  return matches;
}

/** The matches of the best-ranked route for a pathname, outermost first; null when none matches. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  for (const branch of rank(flatten(routes))) {
    const matches = matchBranch(branch, pathname);
    if (matches) return matches;
  }
  return null;
}

/** Renders the matching routes (each route's element, its child in its Outlet); routes below a route are relative to its path. */
export function useRoutes(routes: RouteObject[]): ReactElement | null {
  const { pathname } = useLocation();
  const parent = useContext(RouteContext);
  const parentMatch = parent.matches[parent.matches.length - 1];
  const base = parentMatch?.pathnameBase ?? '/';
  const ranked = useMemo(() => rank(flatten(routes)), [routes]);
  const remaining = base === '/' ? pathname : pathname.slice(base.length) || '/';
  let matches: RouteMatch[] | null = null;
  for (const branch of ranked) {
    matches = matchBranch(branch, remaining);
    if (matches) break;
  }
  if (!matches) return null;
  const inherited = parentMatch?.params ?? {};
  const full = matches.map((m) => ({
    ...m,
    params: { ...inherited, ...m.params },
    pathname: joinPaths([base, m.pathname]),
    pathnameBase: joinPaths([base, m.pathnameBase]).replace(/(.)\/+$/, '$1'),
  }));
  return full.reduceRight<ReactElement | null>((outlet, match, i) => (
    <RouteContext.Provider value={{ outlet, matches: [...parent.matches, ...full.slice(0, i + 1)] }}>
      {match.route.element !== undefined ? match.route.element : <Outlet />}
    </RouteContext.Provider>
  ), null);
}

/** Route elements as route objects (Routes' children). */
export function createRoutesFromChildren(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const props = child.props as RouteObject & { children?: ReactNode };
    if (child.type === Fragment) {
      routes.push(...createRoutesFromChildren(props.children));
      return;
    }
    const route: RouteObject = { path: props.path, index: props.index, caseSensitive: props.caseSensitive, element: props.element };
    if (props.children) route.children = createRoutesFromChildren(props.children);
    routes.push(route);
  });
  return routes;
}

export function Routes({ children }: { children?: ReactNode }) {
  return useRoutes(createRoutesFromChildren(children));
}

/** A route of <Routes>: read by Routes, never rendered itself. */
export function Route(_props: { path?: string; index?: boolean; caseSensitive?: boolean; element?: ReactNode; children?: ReactNode }): ReactElement | null {
  throw new Error('<Route> is only ever used as a child of <Routes>.');
}

/** Where a parent route's element shows the matched child route. */
export function Outlet({ context }: { context?: unknown }) {
  const { outlet } = useContext(RouteContext);
  return context === undefined ? <>{outlet}</> : <OutletContext.Provider value={context}>{outlet}</OutletContext.Provider>;
}

/** The `context` of the Outlet the route is rendered in. */
export function useOutletContext<T = unknown>(): T {
  return useContext(OutletContext) as T;
}

export function useParams<T extends Record<string, string | undefined> = Record<string, string | undefined>>(): T {
  const { matches } = useContext(RouteContext);
  return (matches[matches.length - 1]?.params ?? {}) as T;
}

// ------------------------------------------------------------------ links

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a navigation in the app. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** An <a> whose plain left click navigates in the app (modified clicks and other targets do what the browser does). */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const router = useRouter('<Link>');
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const path = external ? null : resolveTo(to, router.location);
  const href = path ? createPath(path) : (to as string);
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!path || reloadDocument || event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // A link to where one is already replaces the entry rather than adding the same one again.
    navigate(path, { replace: replace ?? createPath(router.location) === href, state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

type NavLinkState = { isActive: boolean; isPending: boolean; isTransitioning: boolean };
export type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  style?: CSSProperties | ((state: NavLinkState) => CSSProperties | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
};

/** A Link that knows whether it leads to the current page (aria-current="page", an `active` class). */
export function NavLink({ end = false, caseSensitive = false, className, style, children, ...rest }: NavLinkProps) {
  const location = useLocation();
  let to = resolveTo(rest.to, location).pathname;
  let here = location.pathname;
  if (!caseSensitive) {
    to = to.toLowerCase();
    here = here.toLowerCase();
  }
  const endSlash = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  const isActive = here === to || (!end && here.startsWith(to) && here.charAt(endSlash) === '/');
  const state: NavLinkState = { isActive, isPending: false, isTransitioning: false };
  const classes = typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return (
    <Link {...rest} aria-current={isActive ? 'page' : undefined} className={classes} style={typeof style === 'function' ? style(state) : style}>
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}
