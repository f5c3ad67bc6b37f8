import { stopServices } from './services';

export default async function globalTeardown(): Promise<void> {
  const services = globalThis.__ipciServices;
  globalThis.__ipciServices = undefined;
  if (services) await stopServices(await services);
}
