import { describe, expect, it } from 'vitest';
import { isInternalPath, safeUrl } from './safe-url';

describe('safeUrl (a URL from content, made safe for an href)', () => {
  it.each([
    'https://example.com/offers?x=1#y',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'HtTp://example.com',
    'mailto:help@example.com',
    'MAILTO:help@example.com',
    'tel:+1-555-0100',
    'Tel:5550100',
  ])('keeps %j', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    '/search', '/search?q=a:b', 'page', 'https', 'page/a:b', '#x', '?q=1', '//cdn.example.com/x', '/a b', '1a:b', '-a:b', '+a:b', '.a:b', './x:y',
  ])('keeps the relative URL %j', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'vbscript:msgbox', 'ftp://example.com', 'file:///etc/passwd',
    'a1:x', 'web+app:x', 'x.y:z', 'x-y:z', 'z:', 'httpsx:', 'xhttps:', 'mailtox:a', 'tel2:1',
  ])('refuses the scheme of %j', (url) => {
    expect(safeUrl(url)).toBeNull();
  });

  it('refuses a backslash at the start (a browser reads \\\\host as another host)', () => {
    expect(safeUrl('\\evil.example')).toBeNull();
    expect(safeUrl('\\\\evil.example')).toBeNull();
    expect(safeUrl('/\\evil.example')).toBe('/\\evil.example');
  });

  it('trims, and drops control characters a browser ignores inside a scheme', () => {
    expect(safeUrl('  https://example.com  ')).toBe('https://example.com');
    expect(safeUrl('java\tscript:alert(1)')).toBeNull();
    expect(safeUrl('java\nscript:alert(1)')).toBeNull();
    expect(safeUrl('java\u0000script:alert(1)')).toBeNull();
    expect(safeUrl('java\u001Fscript:alert(1)')).toBeNull();
    expect(safeUrl('java\u007Fscript:alert(1)')).toBeNull();
    expect(safeUrl('ht\ttps://example.com/a\u0000b')).toBe('https://example.com/ab');
    expect(safeUrl('/a\u0001\u001F\u007Fb')).toBe('/ab');
  });

  it('keeps what is not a control character', () => {
    expect(safeUrl('/a\u0020b')).toBe('/a b');
    expect(safeUrl('/a\u00A0b')).toBe('/a\u00A0b');
    expect(safeUrl('/a~b')).toBe('/a~b');
  });

  it('nothing left, or not a string, gives null', () => {
    for (const raw of ['', '   ', '\t\n', '\u0000', ' \u0001\u007F ', undefined, null, 42, ['/x'], { href: '/x' }]) {
      expect(safeUrl(raw), JSON.stringify(raw)).toBeNull();
    }
  });
});

describe('isInternalPath', () => {
  it('a path inside this app', () => {
    expect(isInternalPath('/')).toBe(true);
    expect(isInternalPath('/search?x=1')).toBe(true);
    expect(isInternalPath('/a//b')).toBe(true);
    expect(isInternalPath('/a\\b')).toBe(true);
  });

  it('not another host, not a full or relative URL', () => {
    for (const url of ['//example.com', '//', '/\\example.com', '/\\', 'https://example.com/', 'search', '#x', '?q', '', '\\/x']) {
      expect(isInternalPath(url), url).toBe(false);
    }
  });
});
