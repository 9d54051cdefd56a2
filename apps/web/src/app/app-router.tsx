import {
  Component,
  createContext,
  lazy,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import {
  matchRoutes as matchRoutesOf,
  renderMatches,
  Router,
  UNSAFE_RouteContext,
  useLocation,
  useRoutes,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type Location,
  type Navigator,
  type NavigationType,
  type RouteMatch,
  type RouteObject,
  type To,
} from 'react-router';
import { OopsPage } from '../ui/oops-page.tsx';
import { PageLoader } from '../ui/page-loader.tsx';

/**
 * The app's router: React Router's declarative `<Router>` and `useRoutes`, over a history this module
 * owns, instead of its data router (`createBrowserRouter`). The app uses no loaders or actions, and the
 * data router is most of React Router's weight (~17 kB gzip on every page's first paint, issue 11 §7).
 * What the app took from the data router is here instead, in a few lines each:
 *
 * - `lazy` routes: a route's `lazy` (resolving to `{ Component }`) becomes a `React.lazy` element.
 *   Navigations are transitions, so the page on screen stays until the next one has loaded, as before;
 *   the first load shows the page loader.
 * - the root's error element: an error boundary shows `OopsPage`, and clears when the address changes.
 * - route `handle`s: `useRouteHandles()` answers the matched routes of the current address.
 * - `useBlocker`: a navigation (link, `navigate`, Back/Forward) can be held while a question is open.
 * - scroll restoration: `RestoreScroll` in the root layout.
 */

type History = ReturnType<typeof createBrowserHistory>;

// The history entry this document was loaded on (a reload keeps its key; a first visit has none, and the
// router calls it "default"). Read before any navigation, as this module is part of the app's first chunk.
const DOCUMENT_ENTRY_KEY =
  (typeof window === 'undefined' ? null : (window.history.state as { key?: string } | null)?.key) ??
  'default';

/** Whether a location is the page the document was loaded on, not one reached by navigating in the app. */
export function isDocumentEntry(location: Pick<Location, 'key'>): boolean {
  return location.key === DOCUMENT_ENTRY_KEY;
}
type LazyLoad = () => Promise<{ Component: ComponentType }>;

export interface BlockerArgs {
  currentLocation: Location;
  nextLocation: Pick<Location, 'pathname' | 'search' | 'hash'>;
  historyAction: NavigationType;
}
export type BlockerFunction = (args: BlockerArgs) => boolean;
export type Blocker =
  { state: 'unblocked' | 'proceeding' } | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: Blocker = { state: 'unblocked' };

export interface AppRouter {
  /** The address and how it was reached, updated as each navigation happens. */
  readonly state: { location: Location; action: NavigationType };
  readonly routes: RouteObject[];
  readonly navigator: Navigator;
  navigate: (to: To | number, options?: { replace?: boolean; state?: unknown }) => Promise<void>;
  subscribe: (listener: (state: AppRouter['state']) => void) => () => void;
  /** Loads the route modules the current address needs, so its first render does not wait for them. */
  preload: () => Promise<void>;
  dispose: () => void;
  blocker: {
    get: () => Blocker;
    subscribe: (listener: () => void) => () => void;
    register: (shouldBlock: BlockerFunction) => () => void;
  };
}

export function createAppRouter(
  routes: RouteObject[],
  history: History = createBrowserHistory({ v5Compat: true }),
): AppRouter {
  const listeners = new Set<(state: AppRouter['state']) => void>();
  const blockerListeners = new Set<() => void>();
  const blockers: BlockerFunction[] = [];
  let blocker: Blocker = UNBLOCKED;
  let afterRevert: (() => void) | null = null;
  const router = {
    state: { location: history.location, action: history.action } as AppRouter['state'],
  };

  const setBlocker = (next: Blocker) => {
    blocker = next;
    for (const listener of blockerListeners) listener();
  };
  /** Whether the newest registered blocker holds this navigation. */
  const holds = (nextLocation: BlockerArgs['nextLocation'], historyAction: NavigationType) => {
    const shouldBlock = blockers.at(-1);
    if (!shouldBlock || blocker.state === 'proceeding') return false;
    return shouldBlock({ currentLocation: router.state.location, nextLocation, historyAction });
  };

  const unlisten = history.listen(({ action, location, delta }) => {
    if (afterRevert) {
      // The step back that undid a held Back/Forward: the app never saw it leave.
      const settled = afterRevert;
      afterRevert = null;
      settled();
      return;
    }
    if (action === 'POP' && delta !== null && holds(location, action)) {
      // Back/Forward has already moved the address: put it back, and go again if the person leaves.
      let reverted: () => void = () => {};
      const revertedOnce = new Promise<void>((resolve) => (reverted = resolve));
      afterRevert = reverted;
      history.go(-delta);
      setBlocker({
        state: 'blocked',
        proceed: () => {
          setBlocker({ state: 'proceeding' });
          void revertedOnce.then(() => history.go(delta));
        },
        reset: () => setBlocker(UNBLOCKED),
      });
      return;
    }
    router.state = { location, action };
    if (blocker.state === 'proceeding') setBlocker(UNBLOCKED);
    for (const listener of listeners) listener(router.state);
  });

  const guarded = (to: To, go: () => void, action: NavigationType) => {
    const url = history.createURL(to);
    if (holds({ pathname: url.pathname, search: url.search, hash: url.hash }, action)) {
      setBlocker({
        state: 'blocked',
        proceed: () => {
          setBlocker({ state: 'proceeding' });
          go();
        },
        reset: () => setBlocker(UNBLOCKED),
      });
      return;
    }
    go();
  };

  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state) => guarded(to, () => history.push(to, state), 'PUSH' as NavigationType),
    replace: (to, state) => guarded(to, () => history.replace(to, state), 'REPLACE' as NavigationType),
  };

  const prepared = prepareRoutes(routes);
  return {
    get state() {
      return router.state;
    },
    routes: prepared,
    navigator,
    navigate: (to, options = {}) => {
      if (typeof to === 'number') navigator.go(to);
      else if (options.replace) navigator.replace(to, options.state);
      else navigator.push(to, options.state);
      return Promise.resolve();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    preload: async () => {
      const matches = matchesOf(prepared, router.state.location.pathname) ?? [];
      const loads = matches
        .map((match) => lazyLoads.get(match.route))
        .filter((load): load is LazyLoad => load !== undefined);
      await Promise.all(loads.map(loadRoute));
    },
    dispose: () => {
      unlisten();
      listeners.clear();
      blockerListeners.clear();
    },
    blocker: {
      get: () => blocker,
      subscribe: (listener) => {
        blockerListeners.add(listener);
        return () => blockerListeners.delete(listener);
      },
      register: (shouldBlock) => {
        blockers.push(shouldBlock);
        return () => {
          const at = blockers.lastIndexOf(shouldBlock);
          if (at >= 0) blockers.splice(at, 1);
          if (blockers.length === 0 && blocker.state === 'blocked') setBlocker(UNBLOCKED);
        };
      },
    },
  };
}

/** A router over an in-memory history (tests, and anything not in a browser tab). */
export function createMemoryAppRouter(routes: RouteObject[], initialEntries: string[]): AppRouter {
  return createAppRouter(routes, createMemoryHistory({ initialEntries, v5Compat: true }));
}

const lazyComponents = new WeakMap<LazyLoad, LazyExoticComponent<ComponentType>>();
/** Route modules that have loaded, by their loader. */
const loadedComponents = new WeakMap<LazyLoad, ComponentType>();

function loadRoute(load: LazyLoad): Promise<ComponentType> {
  return load().then((module) => {
    loadedComponents.set(load, module.Component);
    return module.Component;
  });
}

function LazyRoute({ load }: { load: LazyLoad }) {
  let Page = lazyComponents.get(load);
  if (!Page) {
    Page = lazy(() => {
      const ready = loadedComponents.get(load);
      // A module already loaded (`preload`) is handed over at once, through a thenable that answers as it
      // is asked: React then renders the page without suspending, so no loader is shown before it (and
      // no reveal is held back by React's 300 ms throttle of a fallback's end).
      if (ready) {
        const now = {
          then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: ready }),
        };
        return now as unknown as Promise<{ default: ComponentType }>;
      }
      return loadRoute(load).then((Component) => ({ default: Component }));
    });
    lazyComponents.set(load, Page);
  }
  return <Page />;
}

/** The loader of each prepared route that had a `lazy`. */
const lazyLoads = new WeakMap<RouteObject, LazyLoad>();

/** Each route's `lazy` as an element that loads it (the rest of the route as it is). */
function prepareRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy: load, children, ...rest } = route as RouteObject & { lazy?: unknown };
    const prepared = { ...rest } as RouteObject;
    if (typeof load === 'function') {
      prepared.element = <LazyRoute load={load as LazyLoad} />;
      lazyLoads.set(prepared, load as LazyLoad);
    }
    if (children) prepared.children = prepareRoutes(children);
    return prepared;
  });
}

const matchCache = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();

/**
 * React Router's `matchRoutes`, remembered per table and address. Each call flattens and ranks the whole
 * table before it matches (~15 ms on a phone for the first page's table, its code still cold), and the
 * first page matched its address three times (preload, render, route handles): once is enough.
 */
function matchesOf(routes: RouteObject[], pathname: string, basename = '/'): RouteMatch[] | null {
  let byAddress = matchCache.get(routes);
  if (!byAddress) {
    byAddress = new Map();
    matchCache.set(routes, byAddress);
  }
  const key = `${basename}\n${pathname}`;
  let matches = byAddress.get(key);
  if (matches === undefined) {
    if (byAddress.size >= 100) byAddress.clear();
    matches = matchRoutesOf(routes, pathname, basename);
    byAddress.set(key, matches);
  }
  return matches;
}

const RouterContext = createContext<AppRouter | null>(null);

function useAppRouter(): AppRouter {
  const router = useContext(RouterContext);
  if (!router) throw new Error('This component needs the app router (AppRouterProvider) above it.');
  return router;
}

/**
 * Holds navigations while `shouldBlock` says so (React Router's `useBlocker`, for this router): the answer
 * is `blocked` with `proceed` and `reset`, until one of them is called. The newest blocker decides.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useAppRouter();
  useEffect(() => router.blocker.register(shouldBlock), [router, shouldBlock]);
  return useSyncExternalStore(router.blocker.subscribe, router.blocker.get);
}

/** The table `useRouteHandles` reads: the router's, or the nearest `DescendantRoutes`' below a prefix. */
const TableContext = createContext<{ routes: RouteObject[]; basename: string } | null>(null);

/** The `handle`s of the routes the address matches in the nearest table, outermost first, with their params. */
export function useRouteHandles(): { handle: unknown; params: Record<string, string | undefined> }[] {
  const router = useAppRouter();
  const table = useContext(TableContext) ?? { routes: router.routes, basename: '/' };
  const location = useLocation();
  return (matchesOf(table.routes, location.pathname, table.basename) ?? []).map((match) => ({
    handle: (match.route as { handle?: unknown }).handle,
    params: match.params,
  }));
}

const preparedTables = new WeakMap<RouteObject[], RouteObject[]>();

/**
 * A route table matched below the route that renders it (a splat route such as `app/*`): how a part of the
 * app loads its own routes with its first page.
 */
export function DescendantRoutes({ routes }: { routes: RouteObject[] }) {
  let prepared = preparedTables.get(routes);
  if (!prepared) {
    prepared = prepareRoutes(routes);
    preparedTables.set(routes, prepared);
  }
  const parent = useContext(UNSAFE_RouteContext).matches.at(-1);
  const basename = parent?.pathnameBase ?? '/';
  const element = useRoutes(prepared);
  return <TableContext.Provider value={{ routes: prepared, basename }}>{element}</TableContext.Provider>;
}

class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { failedAt: string | null }
> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { failedAt: string | null },
  ): { failedAt: string | null } | null {
    if (state.failedAt === '') return { failedAt: props.pathname };
    // Another address is another page: it gets its chance to render.
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <OopsPage />;
  }
}

/**
 * `useRoutes(routes)` for the top table (no parent route), with its matches remembered (`matchesOf`): as
 * `useRoutes` does, each match's paths are given encoded, as relative links resolve against them.
 */
function Routes({ routes, navigator }: { routes: RouteObject[]; navigator: Navigator }) {
  const { pathname } = useLocation();
  // `%`, `?` and `#` first, as `useRoutes` does: `encodeLocation` reads its argument as a URL.
  const encoded = (path: string) =>
    navigator.encodeLocation?.(path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23'))
      .pathname ?? path;
  const matches = matchesOf(routes, pathname)?.map((match) => ({
    ...match,
    pathname: encoded(match.pathname),
    pathnameBase: match.pathnameBase === '/' ? '/' : encoded(match.pathnameBase),
  }));
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<PageLoader />}>{renderMatches(matches ?? null)}</Suspense>
    </RouteErrorBoundary>
  );
}

/** Renders the router's routes at its address; a navigation to another page renders as a transition. */
export function AppRouterProvider({ router }: { router: AppRouter }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    setState(router.state);
    let pathname = router.state.location.pathname;
    return router.subscribe((next) => {
      const samePage = next.location.pathname === pathname;
      pathname = next.location.pathname;
      // Another page may have to load: a transition keeps the current one on screen meanwhile. The same
      // page with other parameters (a filter, a view) loads nothing and renders at once: a select or radio
      // that writes the address would otherwise show its old value until the transition commits.
      if (samePage) setState(next);
      else startTransition(() => setState(next));
    });
  }, [router]);
  return (
    <RouterContext.Provider value={router}>
      <Router location={state.location} navigationType={state.action} navigator={router.navigator}>
        <Routes routes={router.routes} navigator={router.navigator} />
      </Router>
    </RouterContext.Provider>
  );
}
