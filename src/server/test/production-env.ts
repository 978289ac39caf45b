import { randomBytes } from 'node:crypto';

/**
 * Environment variables a production start accepts (config.ts refuses weak ones): random keys,
 * https origins, a card frame of its own origin. Tests spread it and change the one they are about.
 */
export function productionEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SITE_ORIGIN: 'https://{partner}.dining.example.com',
    CARD_FRAME_ORIGIN: 'https://cards.dining.example.com',
    CARD_EVENTS_SECRET: randomBytes(32).toString('base64'),
    CARD_FINGERPRINT_KEY: randomBytes(32).toString('base64'),
  };
}
