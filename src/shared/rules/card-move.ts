/**
 * A card earns in one programme of the deployment at a time (docs/api-cards.md "A card moved
 * between programmes"). The words of the notice shown before linking moves a card.
 */

/** One card's notice: the other programme by name, nothing about its member. */
export function cardMoveNotice(card: { cardType: string; lastFour: string }, otherProgramme: string, opts: { single: boolean }): string {
  const which = opts.single ? 'This card' : `Your ${card.cardType} ending in ${card.lastFour}`;
  return `${which} earns with ${otherProgramme} today; linking it here moves it.`;
}

/**
 * The programmes a card earns with, for the notice: one name; two joined by 'and'; more as the
 * first two and how many others (a card sits in one programme, but data from before this rule —
 * the demo seed — may hold it in several).
 */
export function programmeList(names: readonly string[]): string {
  const distinct = [...new Set(names)];
  if (distinct.length <= 2) return distinct.join(' and ');
  const others = distinct.length - 2;
  return `${distinct[0]}, ${distinct[1]} and ${others} other programme${others === 1 ? '' : 's'}`;
}

/** The answer's message: each card's notice in turn; 'This card' when the submission was that one card. */
export function cardMoveMessage(notices: ReadonlyArray<{ cardType: string; lastFour: string; programme: string }>, opts: { submitted: number }): string {
  const single = opts.submitted === 1 && notices.length === 1;
  return notices.map((n) => cardMoveNotice(n, n.programme, { single })).join(' ');
}
