// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '#client/lib/router';
import { RichText, stripTags } from './rich-text';
import { safeUrl } from '#shared/rules/safe-url';

afterEach(cleanup);

function renderHtml(html: string, inline = false) {
  return render(
    <MemoryRouter>
      <div data-testid="root">
        <RichText html={html} inline={inline} />
      </div>
    </MemoryRouter>,
  );
}

describe('RichText', () => {
  it('keeps the allowed formatting elements', () => {
    renderHtml('<p>Earn <strong>3 miles</strong> and <em>more</em><br>today</p><ul><li>One</li><li>Two</li></ul><ol><li><b>B</b> <i>I</i></li></ol>');
    const root = screen.getByTestId('root');
    expect(root.querySelector('p strong')?.textContent).toBe('3 miles');
    expect(root.querySelector('p em')?.textContent).toBe('more');
    expect(root.querySelector('p br')).not.toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(root.querySelector('ol li b')?.textContent).toBe('B');
    expect(root.querySelector('ol li i')?.textContent).toBe('I');
  });

  it('drops scripts, styles, iframes, images and their content', () => {
    renderHtml('<p>Safe</p><script>window.hacked = true</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe><img src=x onerror="window.hacked=true">');
    const root = screen.getByTestId('root');
    expect(root.textContent).toBe('Safe');
    expect(root.querySelector('script, style, iframe, img')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('never copies attributes such as event handlers, style or class', () => {
    renderHtml('<p onclick="alert(1)" style="color:red" class="x" id="y">Text <strong onmouseover="alert(2)">bold</strong></p>');
    const p = screen.getByTestId('root').querySelector('p')!;
    expect(p.getAttributeNames()).toEqual([]);
    expect(p.querySelector('strong')!.getAttributeNames()).toEqual([]);
  });

  it('unwraps unknown elements but keeps their text', () => {
    renderHtml('<div><span>Hello</span> <h1>world</h1></div>');
    const root = screen.getByTestId('root');
    expect(root.textContent).toBe('Hello world');
    expect(root.firstElementChild!.querySelector('div, span, h1')).toBeNull();
  });

  it('removes unsafe links and keeps their text', () => {
    renderHtml(
      '<p><a href="javascript:alert(1)">one</a> <a href="JaVaScRiPt:alert(1)">two</a> <a href="java\tscript:alert(1)">three</a> <a href="data:text/html,<b>x</b>">four</a> <a href="vbscript:msgbox">five</a> <a>six</a></p>',
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByTestId('root').textContent).toBe('one two three four five six');
  });

  it('keeps http(s), mailto, tel and relative links', () => {
    renderHtml('<p><a href="https://example.com/terms">Terms</a> <a href="mailto:help@example.com">Mail</a> <a href="tel:+18005550100">Call</a> <a href="/search?x=1">Search</a></p>');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveProperty('href', 'https://example.com/terms');
    expect(screen.getByRole('link', { name: 'Mail' }).getAttribute('href')).toBe('mailto:help@example.com');
    expect(screen.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+18005550100');
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search?x=1');
  });

  it('opens target=_blank links safely and says so', () => {
    renderHtml('<a href="https://example.com" target="_blank" rel="opener">Partner site</a>');
    const link = screen.getByRole('link', { name: /Partner site/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('(opens in a new tab)');
  });

  it('flattens blocks when inline', () => {
    renderHtml('<p>One</p><p>Two</p>', true);
    const root = screen.getByTestId('root');
    expect(root.querySelector('p')).toBeNull();
    expect(root.querySelector('span')?.textContent?.trim()).toBe('One Two');
  });

  it('renders nothing for empty content', () => {
    renderHtml('');
    expect(screen.getByTestId('root').innerHTML).toBe('');
  });

  it('gives plain text for titles', () => {
    expect(stripTags('<strong>How</strong> it <script>x</script>works')).toBe('How it works');
  });
});

describe('safeUrl', () => {
  it('accepts only http(s), mailto, tel and relative URLs', () => {
    expect(safeUrl('https://a.example')).toBe('https://a.example');
    expect(safeUrl('/join')).toBe('/join');
    expect(safeUrl('#top')).toBe('#top');
    expect(safeUrl(' javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:image/svg+xml,<svg/>')).toBeNull();
    expect(safeUrl('\\\\evil')).toBeNull();
    expect(safeUrl(42)).toBeNull();
  });
});
