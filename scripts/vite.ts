import { createServer } from 'vite';
import path from 'node:path';
import { ROOT } from '../temporal/config';

/** `npm run dev`: Vite with hot reload, proxying /api to the API process. */
async function main() {
  const server = await createServer({ configFile: path.join(ROOT, 'ui', 'vite.config.mts') });
  await server.listen();
  server.printUrls();
}
void main();
