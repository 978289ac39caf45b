// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import {
  BrowserRouter, createBrowserHistory, createMemoryHistory, Link, matchPath, matchRoutes, MemoryRouter, Navigate, NavLink,
  Outlet, Route, Router, Routes, useLocation, useNavigate, useNavigationType, useOutletContext, useParams, useSearchParams,
  type RouteObject,
} from './router';

afterEach(cleanup);

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}${l.hash}`}</p>;
}

const where = () => screen.getByTestId('where').textContent;

describe('matching', () => {
  const routes: RouteObject[] = [
    { path: '/', element: 'home' },
    { path: '/merchants/:merchantId', element: 'merchant', children: [{ path: 'Order', element: 'order' }] },
    { path: '/account', element: 'account', children: [{ index: true, element: 'account-index' }, { path: 'overview', element: 'overview' }, { path: '*', element: 'other' }] },
    { path: '/search', element: 'search' },
    { path: '*', element: 'not-found' },
  ];
  const leaf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1);

  it('ranks static segments over params over a splat, whatever the order', () => {
    expect(leaf('/')?.route.element).toBe('home');
    expect(leaf('/search')?.route.element).toBe('search');
    expect(leaf('/search/')?.route.element).toBe('search');
    expect(leaf('/SEARCH')?.route.element).toBe('search');
    expect(leaf('/account/overview')?.route.element).toBe('overview');
    expect(leaf('/account/a/b')?.route.element).toBe('other');
    expect(leaf('/account')?.route.element).toBe('account-index');
    expect(leaf('/nowhere/at/all')?.route.element).toBe('not-found');
    const reversed = [...routes].reverse();
    expect(matchRoutes(reversed, '/search')?.at(-1)?.route.element).toBe('search');
  });

  it('reads params (decoded) and nests children under their parent', () => {
    const matches = matchRoutes(routes, '/merchants/42%20b/Order')!;
    expect(matches.map((m) => m.route.element)).toEqual(['merchant', 'order']);
    expect(matches[1]!.params).toEqual({ merchantId: '42 b' });
    expect(matches[0]!.pathnameBase).toBe('/merchants/42%20b');
    expect(leaf('/merchants')?.route.element).toBe('not-found');
  });

  it('matchPath: a whole path, a prefix with end false, a splat', () => {
    expect(matchPath('/join', '/Join/')).not.toBeNull();
    expect(matchPath({ path: '/join', caseSensitive: true }, '/Join')).toBeNull();
    expect(matchPath({ path: '/account', end: false }, '/account/overview')?.pathnameBase).toBe('/account');
    expect(matchPath({ path: '/account', end: false }, '/accounts')).toBeNull();
    expect(matchPath('/account/*', '/account/a/b')?.params).toEqual({ '*': 'a/b' });
  });
});

describe('rendering routes', () => {
  function Merchant() {
    const { merchantId } = useParams();
    return <div>{`merchant ${merchantId}`}<Outlet context="from parent" /></div>;
  }
  function Order() {
    return <span>{`order ${useParams().merchantId} ${useOutletContext<string>()}`}</span>;
  }

  it('renders the matched route and its child in the Outlet, with params and outlet context', () => {
    render(
      <MemoryRouter initialEntries={['/merchants/7/Order']}>
        <Routes>
          <Route path="/merchants/:merchantId" element={<Merchant />}>
            <Route path="Order" element={<Order />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('merchant 7')).toBeTruthy();
    expect(screen.getByText('order 7 from parent')).toBeTruthy();
  });

  it('matches routes rendered below a route relative to its path', () => {
    render(
      <MemoryRouter initialEntries={['/account/cards']}>
        <Routes>
          <Route path="/account/*" element={<Routes><Route path="cards" element={<p>cards</p>} /></Routes>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('cards')).toBeTruthy();
  });

  it('renders nothing where no route matches', () => {
    const { container } = render(<MemoryRouter initialEntries={['/x']}><Routes><Route path="/y" element={<p>y</p>} /></Routes></MemoryRouter>);
    expect(container.textContent).toBe('');
  });
});

describe('navigating', () => {
  function App({ children }: { children?: ReactNode }) {
    return (
      <>
        <Where />
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/a" element={<p>a</p>} />
          <Route path="/old" element={<Navigate to="/a?from=old" replace />} />
        </Routes>
        {children}
      </>
    );
  }

  it('a plain left click on a Link navigates in the app; modified clicks, other targets and outside links are left to the browser', async () => {
    const history = createMemoryHistory({ initialEntries: ['/'] });
    render(<Router history={history}><App><Link to="/a?x=1#top">to a</Link><Link to="/a" target="_blank">new tab</Link><Link to="https://example.com/">out</Link></App></Router>);
    const link = screen.getByRole('link', { name: 'to a' });
    expect(link.getAttribute('href')).toBe('/a?x=1#top');
    // What reaches the page (the browser's own handling) untouched by the router; then stopped, as jsdom cannot load pages.
    const leftToBrowser: boolean[] = [];
    const stop = (e: Event) => { leftToBrowser.push(!e.defaultPrevented); e.preventDefault(); };
    document.addEventListener('click', stop);
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'new tab' }));
    fireEvent.click(screen.getByRole('link', { name: 'out' }));
    document.removeEventListener('click', stop);
    expect(leftToBrowser).toEqual([true, true, true]);
    expect(screen.getByRole('link', { name: 'out' }).getAttribute('href')).toBe('https://example.com/');
    expect(history.location.pathname).toBe('/');
    await act(async () => { fireEvent.click(link); });
    expect(where()).toBe('/a?x=1#top');
    expect(history.action).toBe('PUSH');
    expect(await screen.findByText('a')).toBeTruthy();
  });

  it('a Link to where one already is replaces the entry', async () => {
    const history = createMemoryHistory({ initialEntries: ['/a'] });
    render(<Router history={history}><App><Link to="/a">again</Link></App></Router>);
    await act(async () => { fireEvent.click(screen.getByRole('link', { name: 'again' })); });
    expect(history.action).toBe('REPLACE');
  });

  it('Navigate redirects, replacing the entry', async () => {
    const history = createMemoryHistory({ initialEntries: ['/', '/old'] });
    render(<Router history={history}><App /></Router>);
    expect(await screen.findByText('a')).toBeTruthy();
    expect(where()).toBe('/a?from=old');
    expect(history.action).toBe('REPLACE');
    act(() => history.go(-1));
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it('useNavigate: paths, ?query and #hash relative to the address, back by a number, state and the navigation type', async () => {
    let navigate!: ReturnType<typeof useNavigate>;
    function Probe() {
      navigate = useNavigate();
      const l = useLocation();
      return <p data-testid="probe">{`${useNavigationType()} ${JSON.stringify(l.state)} ${l.key === 'default' ? 'first' : 'later'}`}</p>;
    }
    render(<MemoryRouter initialEntries={['/a?x=1']}><Where /><Probe /></MemoryRouter>);
    expect(screen.getByTestId('probe').textContent).toBe('POP null first');
    await act(async () => navigate('?y=2', { state: { from: 'test' } }));
    expect(where()).toBe('/a?y=2');
    expect(screen.getByTestId('probe').textContent).toBe('PUSH {"from":"test"} later');
    await act(async () => navigate('#part', { replace: true }));
    expect(where()).toBe('/a?y=2#part');
    expect(screen.getByTestId('probe').textContent).toBe('REPLACE null later');
    await act(async () => navigate({ search: '?z=3' }));
    expect(where()).toBe('/a?z=3');
    await act(async () => navigate(-1));
    expect(where()).toBe('/a?y=2#part');
    expect(screen.getByTestId('probe').textContent).toBe('POP null later');
  });

  it('ignores a navigation asked for during a render', () => {
    function Bad() {
      const navigate = useNavigate();
      navigate('/a');
      return null;
    }
    const history = createMemoryHistory();
    render(<Router history={history}><Bad /></Router>);
    expect(history.location.pathname).toBe('/');
  });

  it('keeps a navigation made by a child effect before the router subscribed', async () => {
    function Early() {
      const navigate = useNavigate();
      useEffect(() => navigate('/a'), [navigate]);
      return null;
    }
    render(<MemoryRouter><Where /><Early /></MemoryRouter>);
    await act(async () => undefined);
    expect(where()).toBe('/a');
  });

  it('useSearchParams reads the query and navigates to a new one (objects, lists, functions)', async () => {
    let set!: ReturnType<typeof useSearchParams>[1];
    function Probe() {
      const [params, setParams] = useSearchParams();
      set = setParams;
      return <p data-testid="q">{params.getAll('p').join(',')}</p>;
    }
    render(<MemoryRouter initialEntries={['/s?p=1#h']}><Where /><Probe /></MemoryRouter>);
    expect(screen.getByTestId('q').textContent).toBe('1');
    await act(async () => set({ p: ['2', '3'], q: 'x y' }));
    expect(where()).toBe('/s?p=2&p=3&q=x+y');
    await act(async () => set((prev) => { prev.delete('q'); return prev; }, { replace: true }));
    expect(where()).toBe('/s?p=2&p=3');
    await act(async () => set({}));
    expect(where()).toBe('/s');
  });
});

describe('NavLink', () => {
  it('marks the link to the current page and its sections (unless end), in any letter case', () => {
    render(
      <MemoryRouter initialEntries={['/account/Cards']}>
        <NavLink to="/account/cards" className="tab">Cards</NavLink>
        <NavLink to="/account">Account</NavLink>
        <NavLink to="/account" end>Account only</NavLink>
        <NavLink to="/" className={({ isActive }) => (isActive ? 'on' : 'off')}>Home</NavLink>
      </MemoryRouter>,
    );
    const cards = screen.getByRole('link', { name: 'Cards' });
    expect(cards.getAttribute('aria-current')).toBe('page');
    expect(cards.className).toBe('tab active');
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Account only' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Home' }).className).toBe('off');
  });
});

describe('the browser history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('keeps state and key in the entry ({ usr, key, idx }) and follows Back', async () => {
    window.history.replaceState(null, '', '/start');
    const history = createBrowserHistory();
    expect(history.location).toMatchObject({ pathname: '/start', key: 'default', state: null });
    const seen: string[] = [];
    history.listen(() => seen.push(`${history.action} ${history.location.pathname}`));
    history.push({ pathname: '/next', search: '?a=1', hash: '' }, { implicit: true });
    expect(window.location.pathname + window.location.search).toBe('/next?a=1');
    expect(window.history.state).toMatchObject({ usr: { implicit: true }, idx: 1 });
    expect(history.location.state).toEqual({ implicit: true });
    history.replace({ pathname: '/other', search: '', hash: '' });
    expect(window.history.state).toMatchObject({ usr: null, idx: 1 });
    await new Promise<void>((resolve) => {
      window.addEventListener('popstate', () => resolve(), { once: true });
      history.go(-1);
    });
    expect(seen).toEqual(['PUSH /next', 'REPLACE /other', 'POP /start']);
  });

  it('BrowserRouter renders the address and navigates through the browser', async () => {
    window.history.replaceState(null, '', '/here');
    render(<BrowserRouter><Where /><Link to="/there">go</Link></BrowserRouter>);
    expect(where()).toBe('/here');
    await act(async () => { fireEvent.click(screen.getByRole('link', { name: 'go' })); });
    expect(where()).toBe('/there');
    expect(window.location.pathname).toBe('/there');
  });
});
