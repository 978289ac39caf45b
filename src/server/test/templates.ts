import path from 'node:path';

/** Where global setup leaves the migrated (and seeded) PGlite templates for test files to clone. */
export const TEMPLATE_DIR = path.resolve('.tmp/test-templates');
export const EMPTY_TEMPLATE = path.join(TEMPLATE_DIR, 'empty.tar.gz');
export const SEEDED_TEMPLATE = path.join(TEMPLATE_DIR, 'seeded.tar.gz');
export const PG_EMPTY_TEMPLATE = 'rn_template_empty';
export const PG_SEEDED_TEMPLATE = 'rn_template_seeded';
/** Small enough to seed in seconds, large enough for every metro to have restaurants. */
export const TEST_MERCHANTS = 3000;
