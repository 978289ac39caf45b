/** Turn time (how long a table stays taken) for parties up to `maxParty` covers. */
export type TurnTime = { maxParty: number; minutes: number };
