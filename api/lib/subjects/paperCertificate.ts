import { PAPER_ADDRESS_FIELDS, PAPER_MAIL_VALUES } from '../../../domain/paperCertificate';
import { paper, toPaperJson } from '../../../db/paperCertificates';
import { findUser } from '../../../db/users';
import { userSummary, type SubjectSource } from '../taskSubjects';

/** A paper-certificate request: where to mail which certificate; approving gives the carrier and tracking number. */
export const paperCertificateSubject: SubjectSource = {
  async subject(k, caseId) {
    const row = await paper(k, caseId);
    if (!row) return null;
    const [ipci, user] = await Promise.all([
      k('ipcis').where({ id: row.ipci_id }).first('code', 'holder', 'ip_name_zh', 'ip_name_en', 'ip_name_ja'),
      findUser(k, row.user_id),
    ]);
    return {
      paper: toPaperJson(row),
      ipci: { code: ipci.code, holder: ipci.holder, ipNames: { zh: ipci.ip_name_zh, en: ipci.ip_name_en, ja: ipci.ip_name_ja } },
      user: userSummary(user),
    };
  },
  shape: async () => ({ fields: [...PAPER_ADDRESS_FIELDS], values: [...PAPER_MAIL_VALUES] }),
};
