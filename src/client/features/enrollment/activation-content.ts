import { useContentPage } from '../content';

/** A content field as trimmed text (content-page's reader; not imported, since its prospect form imports this feature). */
const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The activation stage copy (content 'tier_1_activation'), with fallbacks where a field is empty. */
export function useActivationContent() {
  const fields = useContentPage('tier_1_activation')[0]?.fields ?? {};
  return {
    title: str(fields.title) || 'Activate your account',
    body: str(fields.body),
    buttonText: str(fields.button_text) || 'Activate',
    activatedTitle: str(fields.activated_title) || 'Your account is active',
    activatedBody: str(fields.activated_body),
    /** §8 the toast on a failed activation (the support phone follows it). */
    errorText: str(fields.error_text),
  };
}
