// Edmonds' blossom algorithm for a maximum-cardinality matching in a general graph. Swiss
// pairing calls it only when its ordered search gives up: it answers for certain whether every
// player can get an opponent they have not met, and finds such a pairing when one exists.

/**
 * Grows `match` (match[v] = partner or -1; a valid matching to start from, kept as far as
 * augmenting paths allow) into a maximum matching of the graph `adj`. O(V^3) at worst.
 */
export function maximumMatching(adj: readonly (readonly number[])[], match: Int32Array): void {
  const n = adj.length;
  const parent = new Int32Array(n);
  const base = new Int32Array(n);
  const used = new Uint8Array(n);
  const blossom = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);

  const lca = (a0: number, b0: number): number => {
    seen.fill(0);
    let a = a0;
    for (;;) {
      a = base[a]!;
      seen[a] = 1;
      if (match[a] === -1) break;
      a = parent[match[a]!]!;
    }
    let b = b0;
    for (;;) {
      b = base[b]!;
      if (seen[b]) return b;
      b = parent[match[b]!]!;
    }
  };
  const markPath = (v0: number, b: number, child0: number) => {
    let v = v0;
    let child = child0;
    while (base[v] !== b) {
      blossom[base[v]!] = 1;
      blossom[base[match[v]!]!] = 1;
      parent[v] = child;
      child = match[v]!;
      v = parent[match[v]!]!;
    }
  };
  /** An augmenting path's free end, from `root`, or -1. */
  const findPath = (root: number): number => {
    used.fill(0);
    parent.fill(-1);
    for (let i = 0; i < n; i++) base[i] = i;
    used[root] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    while (head < tail) {
      const v = queue[head++]!;
      for (const to of adj[v]!) {
        if (base[v] === base[to] || match[v] === to) continue;
        if (to === root || (match[to] !== -1 && parent[match[to]!] !== -1)) {
          const cur = lca(v, to);
          blossom.fill(0);
          markPath(v, cur, to);
          markPath(to, cur, v);
          for (let i = 0; i < n; i++) {
            if (blossom[base[i]!]) {
              base[i] = cur;
              if (!used[i]) {
                used[i] = 1;
                queue[tail++] = i;
              }
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (match[to] === -1) return to;
          const next = match[to]!;
          used[next] = 1;
          queue[tail++] = next;
        }
      }
    }
    return -1;
  };

  for (let root = 0; root < n; root++) {
    if (match[root] !== -1) continue;
    let v = findPath(root);
    while (v !== -1) {
      const pv = parent[v]!;
      const ppv = match[pv]!;
      match[v] = pv;
      match[pv] = v;
      v = ppv;
    }
  }
}
