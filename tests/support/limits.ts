/** Fixed ports and limits of the test stack, importable by tests without starting anything. */
export const TEST_PORTS = { pg: 54331, temporal: 7250, api: 3091 };
export const TEST_UPLOAD_MAX_BYTES = 1024 * 1024;
