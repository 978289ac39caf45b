/**
 * `derive` computed once per object and remembered as long as the object lives (a WeakMap): for
 * what is the same for every request that holds the same object, such as a partner row the
 * directory keeps until it reloads, or a content answer kept until content changes.
 */
export function oncePerObject<K extends object, V>(derive: (key: K) => V): (key: K) => V {
  const kept = new WeakMap<K, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key)!;
    const value = derive(key);
    kept.set(key, value);
    return value;
  };
}
