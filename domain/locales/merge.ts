type Tree = { [key: string]: string | Tree };

/** Deep-merges catalog parts; each feature area keeps its own file so areas never edit one file. */
export function mergeCatalogs<T extends object>(...parts: object[]): T {
  const out: Tree = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part as Tree)) {
      const prev = out[key];
      out[key] = typeof value === 'object' && typeof prev === 'object' ? mergeCatalogs<Tree>(prev, value) : value;
    }
  }
  return out as T;
}
