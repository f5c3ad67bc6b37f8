import { s3ServerBinary } from '../storage/s3Server';

/** Finds or builds the S3 server the storage tests run against (CI calls this before the tests). */
s3ServerBinary((line) => console.log(`[s3] ${line}`))
  .then((bin) => console.log(`[s3] using ${bin}`))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
