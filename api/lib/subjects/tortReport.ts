import { TORT_DISMISS_REASONS } from '../../../domain/monitoring';
import { suspectForReport, toReportedSuspectJson, toTortReportJson, tortReport } from '../../../db/tortReports';
import { findUploads, toUploadJson } from '../../../db/uploads';
import { findUser } from '../../../db/users';
import { TORT_REVIEW_FIELDS } from '../../../workflows/tortReport';
import { userSummary, type SubjectSource } from '../taskSubjects';

/**
 * A reported suspected infringement: the evidence (the original beside the copy, the match figures,
 * the page snapshot's text and hash), the protection application the user sent and its files, and
 * the reporter. Confirming starts the protection case; a dismissal names one of TORT_DISMISS_REASONS
 * and flags the evidence or a field of the application.
 */
export const tortReportSubject: SubjectSource = {
  async subject(k, caseId) {
    const report = await tortReport(k, caseId);
    if (!report) return null;
    const [suspect, user, uploads] = await Promise.all([
      suspectForReport(k, report.suspect_id),
      findUser(k, report.user_id),
      findUploads(k, [...new Set([...report.application.proof, ...report.application.supplementary])]),
    ]);
    return {
      report: toTortReportJson(report),
      suspect: suspect ? toReportedSuspectJson(suspect) : null,
      user: userSummary(user) ?? null,
      uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])),
    };
  },
  shape: async () => ({ fields: TORT_REVIEW_FIELDS, categories: [...TORT_DISMISS_REASONS] }),
};
