import { startServices, type Services } from './services';

declare global {
  var __ipciServices: Promise<Services> | undefined;
}

/** Shared by the integration and e2e projects: services start once per jest run. */
export default async function globalSetup(): Promise<void> {
  globalThis.__ipciServices ??= startServices();
  await globalThis.__ipciServices;
}
