declare module 'zipcodes' {
  export type ZipCode = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
  export function lookup(zip: string | number): ZipCode | undefined;
  export function lookupByName(city: string, state: string): ZipCode[];
  export function lookupByState(state: string): ZipCode[];
  export function radius(zip: string | number, miles: number): string[];
  export const codes: Record<string, ZipCode>;
  const zipcodes: { lookup: typeof lookup; lookupByName: typeof lookupByName; lookupByState: typeof lookupByState; radius: typeof radius; codes: typeof codes };
  export default zipcodes;
}
