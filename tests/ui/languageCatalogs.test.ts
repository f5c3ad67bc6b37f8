import { LANGUAGES } from '../../domain/languages';
import { SHARED_CATALOGS } from '../../domain/locales';
import { ALL_CATALOGS } from '../../ui/src/catalogs';

/**
 * The UI fetches one language's catalogs (ui/src/locales/<lang>.ts, a chunk each); the API reads
 * domain/locales. Both must hold the same shared namespaces: an area added to one list and not the
 * other fails here.
 */
test.each([...LANGUAGES])('%s: the UI chunk carries the same errors and messages as the API', (lang) => {
  expect(ALL_CATALOGS[lang].errors).toEqual(SHARED_CATALOGS[lang].errors);
  expect(ALL_CATALOGS[lang].messages).toEqual(SHARED_CATALOGS[lang].messages);
});
