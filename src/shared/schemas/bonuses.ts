import { z } from 'zod';
import { BONUS_CODE_PATTERN } from '../rules/bonuses';

/** §7 POST /api/Member/Bonus/{code}: the bonus programme's code (letters, digits, - and _; any case). */
export const ZBonusCodeParams = z.object({
  code: z.string().trim().min(1, 'Say which bonus to register for.').max(32, 'A bonus code has at most 32 characters.')
    .regex(BONUS_CODE_PATTERN, 'A bonus code has letters, digits, - and _ only.'),
});

/** §7 'true on success'. */
export const ZBonusRegistered = z.literal(true).describe('The member is registered for the bonus (also when already registered or qualified).');
