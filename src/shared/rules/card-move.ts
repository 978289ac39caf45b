/**
 * A card earns in one programme of the deployment at a time (docs/api-cards.md "A card moved
 * between programmes"). The words of the notice shown before linking moves a card.
 */

/** One card's notice: the other programme by name, nothing about its member. */
export function cardMoveNotice(card: { cardType: string; lastFour: string }, otherProgramme: string, opts: { single: boolean }): string {
  const which = opts.single ? 'This card' : `Your ${card.cardType} ending in ${card.lastFour}`;
  return `${which} earns with ${otherProgramme} today; linking it here moves it.`;
}

/** The answer's message: each card's notice in turn; 'This card' when the submission was that one card. */
export function cardMoveMessage(notices: ReadonlyArray<{ cardType: string; lastFour: string; programme: string }>, opts: { submitted: number }): string {
  const single = opts.submitted === 1 && notices.length === 1;
  return notices.map((n) => cardMoveNotice(n, n.programme, { single })).join(' ');
}
