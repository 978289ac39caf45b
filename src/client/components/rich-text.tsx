import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import { Link, useInRouterContext } from '#client/lib/router';
import { NewTabHint } from './smart-link';
import { isInternalPath, safeUrl } from '#shared/rules/safe-url';

/** The only elements content HTML may produce (docs/content-model.md: simple HTML). */
const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a']);
/** Elements dropped with everything inside them; any other unknown element keeps its text. */
const DROPPED = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'svg', 'math', 'head', 'title', 'meta', 'link', 'base', 'form', 'input', 'button', 'select', 'option',
  'textarea', 'img', 'picture', 'video', 'audio', 'source', 'track', 'canvas', 'map', 'area', 'dialog',
]);
const BLOCK = new Set(['p', 'ul', 'ol', 'li']);
const LIST = new Set(['ul', 'ol']);

type Options = { inline: boolean; router: boolean };

export type RichTextProps = {
  /** Content HTML (already token-replaced); anything but the allowed tags and safe links is dropped. */
  html: string | null | undefined;
  /** Render inside a <span>, flattening paragraphs and lists (headings, buttons, banner lines). */
  inline?: boolean;
  className?: string;
  id?: string;
};

/**
 * Renders content HTML safely: it is parsed by the browser in an inert <template> and rebuilt as
 * React elements from an allow list (p, br, strong, em, b, i, ul, ol, li, a[href] with http(s),
 * mailto, tel or relative URLs). Attributes other than href/target are never copied.
 */
export function RichText({ html, inline = false, className, id }: RichTextProps) {
  const router = useInRouterContext();
  const nodes = useMemo(() => (html ? sanitizeToReact(html, { inline, router }) : null), [html, inline, router]);
  if (!nodes || (Array.isArray(nodes) && nodes.length === 0)) return null;
  return inline ? (
    <span className={className} id={id}>
      {nodes}
    </span>
  ) : (
    <div className={className} id={id}>
      {nodes}
    </div>
  );
}

/** Parses and rebuilds; exported for tests and for places that need nodes without a wrapper. */
export function sanitizeToReact(html: string, opts: Partial<Options> = {}): ReactNode[] {
  const options: Options = { inline: opts.inline ?? false, router: opts.router ?? false };
  if (typeof document === 'undefined') return [stripTags(html)];
  const template = document.createElement('template');
  template.innerHTML = html;
  return convertChildren(template.content, options, 'r', null);
}

/** Plain text of content HTML (titles, alt text, document.title). */
export function stripTags(html: string): string {
  if (typeof document === 'undefined') return html.replace(/<[^>]*>/g, '').trim();
  const template = document.createElement('template');
  template.innerHTML = html;
  template.content.querySelectorAll(Array.from(DROPPED).join(',')).forEach((el) => el.remove());
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function convertChildren(parent: ParentNode, opts: Options, keyPrefix: string, parentTag: string | null): ReactNode[] {
  const out: ReactNode[] = [];
  let i = 0;
  for (const node of Array.from(parent.childNodes)) {
    const key = `${keyPrefix}.${i++}`;
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? '';
      // Whitespace between <li> elements is not allowed as a child of a list in React's DOM.
      if (parentTag && LIST.has(parentTag) && !opts.inline && !text.trim()) continue;
      if (text) out.push(text);
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    if (!ALLOWED.has(tag)) {
      out.push(...convertChildren(el, opts, key, parentTag));
      continue;
    }
    if (opts.inline && BLOCK.has(tag)) {
      // Flatten: keep the words, separate blocks with a space.
      const inner = convertChildren(el, opts, key, parentTag);
      if (inner.length) out.push(createElement(Fragment, { key }, ...inner, ' '));
      continue;
    }
    if (tag === 'br') {
      out.push(createElement('br', { key }));
      continue;
    }
    const children = convertChildren(el, opts, key, tag);
    if (tag === 'a') {
      out.push(renderLink(el, children, key, opts));
      continue;
    }
    if (LIST.has(tag)) {
      // A list may only hold <li>; wrap stray content in one.
      const items = children.map((c, idx) => (isElementOf(c, 'li') ? c : createElement('li', { key: `${key}.w${idx}` }, c)));
      out.push(createElement(tag, { key }, ...items));
      continue;
    }
    out.push(createElement(tag, { key }, ...children));
  }
  return out;
}

function isElementOf(node: ReactNode, tag: string): boolean {
  return typeof node === 'object' && node !== null && 'type' in node && node.type === tag;
}

function renderLink(el: Element, children: ReactNode[], key: string, opts: Options): ReactNode {
  const href = safeUrl(el.getAttribute('href'));
  if (!href) return createElement(Fragment, { key }, ...children);
  const newTab = (el.getAttribute('target') ?? '').toLowerCase() === '_blank';
  if (newTab) {
    return (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <NewTabHint />
      </a>
    );
  }
  if (opts.router && isInternalPath(href)) {
    return (
      <Link key={key} to={href}>
        {children}
      </Link>
    );
  }
  return (
    <a key={key} href={href}>
      {children}
    </a>
  );
}
