declare module 'virtual:used-icon-paths' {
  import type { IconPaths } from '@blueprintjs/icons';
  export const PATHS_16: Record<string, IconPaths>;
  export const PATHS_20: Record<string, IconPaths>;
}
