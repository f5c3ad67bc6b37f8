import { proxyActivities } from '@temporalio/workflow';
import type { CrawlSitesInput, CrawlSitesResult } from '../../activities/crawl';

/*
 * A workflow that only runs the crawl activity, for the crawler's worker-kill test
 * (tests/integration/crawler.test.ts): a heartbeat timeout of seconds, so a killed worker's attempt
 * times out quickly and the retry, on another worker, resumes from the last heartbeat.
 */
const { crawlSites } = proxyActivities<{ crawlSites(input: CrawlSitesInput): Promise<CrawlSitesResult> }>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '4 seconds',
  retry: { initialInterval: '200 milliseconds', maximumAttempts: 5 },
});

export async function crawlForTest(input: CrawlSitesInput): Promise<CrawlSitesResult> {
  return crawlSites(input);
}
