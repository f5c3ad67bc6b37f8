import type { Knex } from 'knex';
import { confirmTortReport, dismissTortReport } from '../db/tortReports';

export function tortReportActivities(k: Knex) {
  return {
    /**
     * Staff confirmed the report: its application becomes a protection case (the row, as the
     * protection form makes it); the workflow then starts the case's own workflow. Once per report.
     */
    async confirmTortReport(input: { reportId: string }) {
      return confirmTortReport(k, input.reportId);
    },

    async dismissTortReport(input: { reportId: string; reason: string; comment: string }): Promise<void> {
      await dismissTortReport(k, input.reportId, input.reason, input.comment);
    },
  };
}
