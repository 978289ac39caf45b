import axe from 'axe-core';

/**
 * Runs axe on a rendered tree and fails with the violations listed. Colour contrast is left to
 * the browser tests (jsdom has no layout or computed colours), and so is 'region': a component
 * rendered alone is not a whole page with its landmarks.
 */
export async function expectNoAxeViolations(root: Element = document.body) {
  // Cross-origin frames (the card frame) are not in jsdom's reach; the frame page is checked on its own.
  const results = await axe.run(root, { iframes: false, rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  const problems = results.violations.map((v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.html).join('\n  ')}`);
  if (problems.length > 0) throw new Error(`axe found ${problems.length} problem(s):\n${problems.join('\n')}`);
}
