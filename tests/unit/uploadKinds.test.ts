import { UPLOAD_EXTENSIONS, UPLOAD_TYPES } from '../../domain/uploads';
import { TITLE_UPLOAD_EXTENSIONS, TITLE_UPLOAD_FIELDS, TITLE_UPLOAD_KINDS, TITLE_UPLOAD_TYPES } from '../../domain/titleRegistration';

// domain/uploads.ts cannot import the title lists (that module imports it), so it repeats them.
test.each(TITLE_UPLOAD_KINDS)('the upload kind %s accepts exactly the title registration types', (kind) => {
  expect([...UPLOAD_TYPES[kind]].sort()).toEqual([...TITLE_UPLOAD_TYPES[kind]].sort());
  expect([...UPLOAD_EXTENSIONS[kind]].sort()).toEqual([...TITLE_UPLOAD_EXTENSIONS[kind]].sort());
});

test("the creator's ID field takes a JPG photo (and a pdf scan), not only office files", () => {
  const kind = TITLE_UPLOAD_FIELDS.creatorId!;
  expect(UPLOAD_TYPES[kind]).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'application/pdf']));
  expect(UPLOAD_EXTENSIONS[kind]).toEqual(expect.arrayContaining(['jpg', 'jpeg', 'pdf']));
});
