/**
 * `compute` remembered per key, for keys drawn from a small set the code itself names (menus, timeouts): they are
 * asked on every call. Past `limit` keys it computes without remembering, so odd input cannot grow it. A throw is
 * never remembered.
 */
export function boundedMemo<K, V>(compute: (key: K) => V, limit: number): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const value = compute(key);
    if (known.size < limit) known.set(key, value);
    return value;
  };
}
