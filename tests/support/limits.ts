/**
 * Ports and limits of the test stack, importable by tests without starting anything.
 * IPCI_TEST_PORT_OFFSET shifts every port (and the test data folders) so that several test runs can
 * share one machine.
 */
const offset = Number(process.env.IPCI_TEST_PORT_OFFSET ?? 0);
export const TEST_PORTS = { pg: 54331 + offset, temporal: 7250 + offset, api: 3091 + offset, e2eApi: 3092 + offset, e2eS3Api: 3093 + offset, smtp: 2525 + offset, s3: 9311 + offset, demoMarket: 3094 + offset };
export const TEST_DATA_SUFFIX = offset ? `-${offset}` : '';
export const TEST_UPLOAD_MAX_BYTES = 1024 * 1024;
