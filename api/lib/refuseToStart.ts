/**
 * Prints the problems and ends the process (exit code 1) when there are any. Apart from the API's
 * checks (startupChecks.ts) so the worker can use it without loading the payment gateways.
 */
export function refuseToStart(name: string, problems: string[]): void {
  if (!problems.length) return;
  for (const p of problems) console.error(`${name} cannot start: ${p}`);
  process.exit(1);
}
