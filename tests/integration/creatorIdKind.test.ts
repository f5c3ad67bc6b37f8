import { randomUUID } from 'node:crypto';
import { up } from '../../db/migrations/010_creator_id_kind';
import { closeTestDb, newUser, testDb } from '../support/http';

afterAll(closeTestDb);

async function upload(ownerId: string, mime: string, ext: string): Promise<string> {
  const [row] = await testDb()('uploads')
    .insert({ owner_id: ownerId, kind: 'proof', mime, ext, size: 10, original_name: `id.${ext}`, storage_key: `none/${randomUUID()}.${ext}` })
    .returning('id');
  return row.id;
}

test('a pdf given as the creator’s ID before it had its own kind is relabelled; office files and other proofs stay proof', async () => {
  const user = await newUser('personal');
  const scan = await upload(user.id, 'application/pdf', 'pdf');
  const word = await upload(user.id, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
  const ownership = await upload(user.id, 'application/pdf', 'pdf');
  await testDb()('title_drafts').insert({ user_id: user.id, data: { creatorId: [scan, word], ownershipProof: [ownership] } });
  await up(testDb());
  const kinds = Object.fromEntries((await testDb()('uploads').where({ owner_id: user.id }).select('id', 'kind')).map((r) => [r.id, r.kind]));
  expect(kinds).toEqual({ [scan]: 'idDocument', [word]: 'proof', [ownership]: 'proof' });
});
