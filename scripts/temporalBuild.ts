import { temporalConfig } from '../temporal/config';
import { temporalBinary } from '../temporal/devServer';

/** Finds or builds the Temporal dev server once (CI calls this before the tests). */
temporalBinary(temporalConfig(), (line) => console.log(`[temporal] ${line}`))
  .then((bin) => console.log(`[temporal] using ${bin}`))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
