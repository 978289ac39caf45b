/** A route parameter as a merchant id (positive 32-bit integer), or null (the restaurant page's rule, shared with the server's first-screen data). */
export function parseMerchantId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2147483647 ? id : null;
}
