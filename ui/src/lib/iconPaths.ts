import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

/**
 * Icons come from one small chunk of the icons the app uses (ui/usedIconPaths.ts) instead of
 * Blueprint's chunks of every icon; a name that chunk lacks still loads, from Blueprint's own.
 */
export function configureIconPaths(): void {
  Icons.setLoaderOptions({
    loader: async (name: IconName, size: IconSize): Promise<IconPaths> => {
      const { PATHS_16, PATHS_20 } = await import('virtual:used-icon-paths');
      const table: Record<string, IconPaths> = size === IconSize.STANDARD ? PATHS_16 : PATHS_20;
      if (Object.hasOwn(table, name)) return table[name];
      const { splitPathsBySizeLoader } = await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader.js');
      return splitPathsBySizeLoader(name, size);
    },
  });
}
