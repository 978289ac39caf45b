import type { ReactNode } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Plain text with its http(s) addresses as links (a recovery link in an e-mail, followed by a tester). */
export function linkify(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    // Sentence punctuation after an address is not part of it.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    if (start > last) out.push(text.slice(last, start));
    out.push(
      <a key={start} href={url}>
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
