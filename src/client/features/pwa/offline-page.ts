/**
 * The page the service worker answers when there is no network and no app shell kept yet: plain
 * HTML, no script (the worker's answer has a strict policy), readable on a phone.
 */
export const OFFLINE_TITLE = "You're offline";

export function offlinePageHtml(): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${OFFLINE_TITLE}</title>`,
    '<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#1a1a1a}',
    'main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 1.5rem}',
    'a{display:inline-block;padding:.75rem 1.5rem;border-radius:.5rem;background:#1a1a1a;color:#fff;text-decoration:none;font-weight:600}a:focus{outline:3px solid #0a66c2;outline-offset:3px}</style>',
    '</head><body><main>',
    `<h1>${OFFLINE_TITLE}</h1>`,
    '<p>This page needs a connection. Check your Wi-Fi or mobile data, then try again.</p>',
    '<a href="">Try again</a>',
    '</main></body></html>',
  ].join('');
}
