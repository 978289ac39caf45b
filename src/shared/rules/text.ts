/**
 * Characters a text field refuses: control characters (NUL above all, which PostgreSQL cannot
 * store). One-line fields refuse line breaks too; free text (comments, requests) keeps line breaks
 * and tabs.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
export const noControl = (v: string): boolean => !/[\u0000-\u001f\u007f]/.test(v);
// eslint-disable-next-line no-control-regex -- as above, but line breaks and tabs are text
export const noControlButLines = (v: string): boolean => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v);
