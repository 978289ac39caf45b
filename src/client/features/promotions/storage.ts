/** localStorage that never throws (private mode, storage off): reads give null, writes are dropped. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Without storage the modal simply shows again on the next visit.
  }
}
